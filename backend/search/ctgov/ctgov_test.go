package ctgov

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/internal/faulttest"
	"deepcritical/backend/search/internal/fixture"
)

// The parse and search tests run over two sets of pages: the synthetic ones of testdata/
// that every clone carries, and the recorded API v2 responses of ../shared (that subtest
// skips where they are absent, and fails under CI).

func TestParseSearchPage(t *testing.T) {
	tests := []struct {
		name   string
		page   func(t testing.TB) []byte
		total  int
		token  string
		n      int
		nct    string
		trial  *domain.Trial
		second string // the second study's phase
		extra  func(t *testing.T, p Page)
	}{
		{
			name: "synthetic", page: func(t testing.TB) []byte { return fixture.Local(t, "search_page.json") },
			total: 21, token: "SyntheticToken_0001-page2", n: 3, nct: "NCT09000001",
			trial: &domain.Trial{
				Phase: "PHASE2", Status: "COMPLETED", Enrollment: 18,
				Conditions:    []string{"Synthetic Syndrome"},
				Interventions: []domain.Intervention{{Name: "Oxytocin"}, {Name: "Saline"}},
				StartDate:     "2016-04-29", CompletionDate: "2020-07-29", StudyType: "INTERVENTIONAL",
			},
			second: "PHASE1/PHASE2",
			extra: func(t *testing.T, p Page) {
				two := p.Evidence[1].Citation.Trial
				require.Equal(t, "2026-12", two.CompletionDate, "a year-month date is kept as given")
				require.Equal(t, []domain.Intervention{{Name: "Nivolumab or Pembrolizumab (dependent upon approved indication)"}, {Name: "Metformin"}}, two.Interventions)
				require.Empty(t, p.Evidence[2].Citation.Trial.Phase, "observational studies have no phase")
				require.Empty(t, p.Evidence[2].Citation.Trial.Interventions)
			},
		},
		{
			name: "recorded", page: func(t testing.TB) []byte {
				return fixture.Read(t, "clinicaltrials_v2", "biomcp_search_phelan_limit5_20260811.json")
			},
			total: 21, token: "ZVt07cGHkvI2wRk2CJf6_LLq14bEL8swd7KrgP4dnDeTsPkw", n: 5, nct: "NCT02710084",
			trial: &domain.Trial{
				Phase: "PHASE2", Status: "COMPLETED", Enrollment: 18,
				Conditions:    []string{"Phelan-McDermid Syndrome"},
				Interventions: []domain.Intervention{{Name: "Oxytocin"}, {Name: "Saline"}},
				StartDate:     "2016-04-29", CompletionDate: "2020-07-29", StudyType: "INTERVENTIONAL",
			},
			second: "PHASE1/PHASE2",
			extra: func(t *testing.T, p Page) {
				require.Equal(t, "Piloting Treatment With Intranasal Oxytocin in Phelan-McDermid Syndrome", p.Evidence[0].Citation.Title)
				p, err := Parse(bytes.NewReader(fixture.Read(t, "clinicaltrials_v2", "biomcp_search_melanoma_recruiting_limit3_20260811.json")))
				require.NoError(t, err)
				require.Equal(t, 480, p.TotalCount)
				require.Len(t, p.Evidence, 3)
				require.Equal(t, "2026-12", p.Evidence[0].Citation.Trial.CompletionDate)
				require.Equal(t, []domain.Intervention{{Name: "Nivolumab or Pembrolizumab (dependent upon approved indication)"}, {Name: "Metformin"}, {Name: "Rosiglitazone"}}, p.Evidence[1].Citation.Trial.Interventions)
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(bytes.NewReader(tt.page(t)))
			require.NoError(t, err)
			require.Equal(t, tt.total, p.TotalCount)
			require.Equal(t, tt.token, p.NextPageToken)
			require.Len(t, p.Evidence, tt.n)
			e := p.Evidence[0]
			c := e.Citation
			require.Equal(t, tt.nct, c.NCTID)
			require.Equal(t, "nct:"+tt.nct, c.CanonicalKey())
			require.Equal(t, "https://clinicaltrials.gov/study/"+tt.nct, c.URL)
			require.Equal(t, tt.trial.StartDate, c.Date, "a registration is dated by its start")
			require.Equal(t, tt.trial, c.Trial)
			require.True(t, strings.HasPrefix(e.Content, "This is a pilot study examining the efficacy"))
			require.Contains(t, e.Content, "\nStudy type: INTERVENTIONAL\nPhase: PHASE2\nEnrollment: 18\n")
			require.Contains(t, e.Content, "\nOverall status: COMPLETED\n")
			require.Contains(t, e.Content, "\nClinicalTrials.gov ID: "+tt.nct+"\n", "a registry record's text names its own registration")
			require.NoError(t, e.Validate())
			require.Equal(t, tt.second, p.Evidence[1].Citation.Trial.Phase)
			tt.extra(t, p)
		})
	}
}

func TestParseSingleStudy(t *testing.T) {
	tests := []struct {
		name       string
		study      func(t testing.TB) []byte
		nct        string
		conditions []string
	}{
		{"synthetic", func(t testing.TB) []byte { return fixture.Local(t, "study.json") },
			"NCT09000004", []string{"NSCLC (Advanced Non-small Cell Lung Cancer)", "Brain Metastases"}},
		{"recorded", func(t testing.TB) []byte {
			return fixture.Read(t, "clinicaltrials_v2", "biomcp_get_nct06604689_20260811.json")
		}, "NCT06604689", []string{"NSCLC (Advanced Non-small Cell Lung Cancer)", "Brain Metastasases"}}, // sic, as registered
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(bytes.NewReader(tt.study(t)))
			require.NoError(t, err)
			require.Len(t, p.Evidence, 1)
			c := p.Evidence[0].Citation
			require.Equal(t, tt.nct, c.NCTID)
			require.Equal(t, "RECRUITING", c.Trial.Status)
			require.Equal(t, 800, c.Trial.Enrollment)
			require.Empty(t, c.Trial.Phase, "observational studies have no phase")
			require.Equal(t, tt.conditions, c.Trial.Conditions)
		})
	}
}

func TestParseFullStudy(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "full_study_page.json"))
	require.NoError(t, err)
	p, err := Parse(bytes.NewReader(body))
	require.NoError(t, err)
	require.Len(t, p.Evidence, 1)
	e := p.Evidence[0]
	tr := e.Citation.Trial
	require.Equal(t, []domain.Intervention{{Type: "DRUG", Name: "Metformin"}, {Type: "OTHER", Name: "Placebo"}}, tr.Interventions)
	require.Equal(t, "PHASE2/PHASE3", tr.Phase)
	require.True(t, tr.HasResults)
	require.Equal(t, "2019-12-31", tr.CompletionDate)
	require.Equal(t, "2013-10", e.Citation.Date)
	require.Equal(t, "Official title: A Randomized, Double-blind, Placebo-controlled Trial of Metformin in Amnestic Mild Cognitive Impairment\n"+
		"This study tests whether metformin improves memory in people with amnestic MCI.\n"+
		"ClinicalTrials.gov ID: NCT01965756\nStudy type: INTERVENTIONAL\nPhase: PHASE2/PHASE3\nAllocation: RANDOMIZED\nIntervention model: PARALLEL\n"+
		"Masking: DOUBLE (Participant, Investigator)\nPrimary purpose: TREATMENT\nEnrollment: 80 (ACTUAL)\nOverall status: COMPLETED\n"+
		"Conditions: Mild Cognitive Impairment; Alzheimer Disease\nInterventions: DRUG: Metformin; OTHER: Placebo\nStart: 2013-10\nCompletion: 2019-12-31\nResults posted: yes", e.Content)
}

// TestParseRecordedFullStudies reads real single-study answers of the API (testdata/README.md)
// and checks every registry field the appraiser reads is carried onto the evidence.
func TestParseRecordedFullStudies(t *testing.T) {
	tests := []struct {
		file    string
		want    domain.Trial
		content []string
	}{
		{"recorded_nct00791778.json", domain.Trial{
			Phase: "PHASE2", Status: "COMPLETED", Enrollment: 246, Conditions: []string{"Ovarian Neoplasms"},
			Interventions: []domain.Intervention{{Type: "DRUG", Name: "Sorafenib (Nexavar, BAY43-9006)"}, {Type: "DRUG", Name: "Placebo"}},
			StartDate:     "2008-11", CompletionDate: "2012-12", HasResults: true,
			StudyType: "INTERVENTIONAL", Allocation: "RANDOMIZED", InterventionModel: "PARALLEL", PrimaryPurpose: "TREATMENT",
			Masking: "DOUBLE", WhoMasked: []string{"PARTICIPANT", "INVESTIGATOR"}, EnrollmentType: "ACTUAL",
			PrimaryOutcomes: []domain.TrialOutcome{{
				Measure:     "Progression-free Survival (PFS), Based on Radiological or Pathologic Assessment",
				TimeFrame:   "From randomization of the first patient until 32.5 months later, assessed every 8 weeks",
				Description: "Time from randomization to the first documented disease progression by radiological or pathologic assessment or death due to any cause whichever occurred first. For patients who had not progressed or died at the time of analysis, PFS was censored at the date of their last evaluable tumor scan.",
			}},
			FirstSubmitted: "2008-11-14", ResultsFirstPosted: "2012-11-30",
		}, []string{
			"\nAllocation: RANDOMIZED\n",
			"\nMasking: DOUBLE (Participant, Investigator)\n",
			"\nEnrollment: 246 (ACTUAL)\n",
			"\nPrimary outcome: Progression-free Survival (PFS), Based on Radiological or Pathologic Assessment [time frame: From randomization of the first patient until 32.5 months later, assessed every 8 weeks]\n",
			"\nSecondary outcome: Overall Survival (OS) [time frame: From randomization of the first patient until 32.5 months later]\n",
			"\nResults posted: yes (first posted 2012-11-30)",
		}},
		{"recorded_nct02576665.json", domain.Trial{
			Phase: "PHASE1", Status: "TERMINATED", Enrollment: 21, StartDate: "2016-07", CompletionDate: "2019-12-20",
			StudyType: "INTERVENTIONAL", Allocation: "NA", InterventionModel: "SINGLE_GROUP", PrimaryPurpose: "TREATMENT",
			Masking: "NONE", EnrollmentType: "ACTUAL", WhyStopped: "Sponsor decision", FirstSubmitted: "2015-10-12",
			PrimaryOutcomes: []domain.TrialOutcome{{Measure: "Changes from baseline in immune activity in tumor and peripheral blood", TimeFrame: "Baseline to Weeks 9-10"}},
		}, []string{
			"\nAllocation: NA\n", "\nMasking: NONE (Open Label)\n", "\nOverall status: TERMINATED\nWhy stopped: Sponsor decision\n", "\nResults posted: no",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			p, err := Parse(bytes.NewReader(fixture.Local(t, tt.file)))
			require.NoError(t, err)
			require.Len(t, p.Evidence, 1)
			e := p.Evidence[0]
			got := *e.Citation.Trial
			got.Conditions, tt.want.Conditions = nil, nil // long lists, checked by the other tests
			got.Interventions = nil
			if tt.want.Interventions != nil {
				require.Equal(t, tt.want.Interventions, e.Citation.Trial.Interventions)
				tt.want.Interventions = nil
			}
			if len(got.SecondaryOutcomes) > 0 {
				got.SecondaryOutcomes = nil
			}
			require.Equal(t, tt.want, got)
			require.True(t, e.IsRegistryRecord())
			for _, c := range tt.content {
				require.Contains(t, e.Content, c)
			}
			require.NoError(t, e.Validate())
		})
	}
}

func TestParseBadBodies(t *testing.T) {
	tests := []struct{ name, body, wantErr string }{
		{"truncated", `{"studies":[{"protocolSection":{"identificationModule":{"nctId":"NCT0`, "truncated JSON"},
		{"empty", ``, "truncated JSON"},
		{"error object", `{"message":"Invalid value for query.term"}`, "API error: Invalid value for query.term"},
		{"unrelated", `{"hitCount":3}`, "not a studies response"},
		{"garbage", `{"studies": nope}`, "malformed JSON"},
		{"empty list", `{"studies":[]}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(strings.NewReader(tt.body))
			if tt.wantErr == "" {
				require.NoError(t, err)
				require.Empty(t, p.Evidence)
				return
			}
			require.ErrorContains(t, err, tt.wantErr)
		})
	}
}

// fakeCTGov serves the recorded first page, then a last page without a token.
type fakeCTGov struct {
	first, last, single []byte
	singleID            string // the NCT id served at /studies/<id>
	mu                  sync.Mutex
	queries             []map[string][]string
}

func newFake(t testing.TB) *fakeCTGov {
	last, err := os.ReadFile(filepath.Join("testdata", "full_study_page.json"))
	require.NoError(t, err)
	return &fakeCTGov{
		first:    fixture.Read(t, "clinicaltrials_v2", "biomcp_search_phelan_limit5_20260811.json"),
		single:   fixture.Read(t, "clinicaltrials_v2", "biomcp_get_nct06604689_20260811.json"),
		last:     last,
		singleID: "NCT06604689",
	}
}

func (f *fakeCTGov) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.URL.Path == "/studies":
		q := r.URL.Query()
		f.mu.Lock()
		f.queries = append(f.queries, q)
		f.mu.Unlock()
		switch {
		case q.Get("query.term") == "nothing":
			_, _ = w.Write([]byte(`{"studies":[]}`))
		case q.Get("pageToken") == "":
			_, _ = w.Write(f.first)
		default:
			_, _ = w.Write(f.last)
		}
	case r.URL.Path == "/studies/"+f.singleID:
		_, _ = w.Write(f.single)
	default:
		http.NotFound(w, r)
	}
}

func newLocalFake(t testing.TB) *fakeCTGov {
	return &fakeCTGov{
		first:    fixture.Local(t, "search_page.json"),
		single:   fixture.Local(t, "study.json"),
		last:     fixture.Local(t, "full_study_page.json"),
		singleID: "NCT09000004",
	}
}

func TestSearchPagesWithToken(t *testing.T) {
	tests := []struct {
		name        string
		fake        func(t testing.TB) *fakeCTGov
		query       string
		max, n      int
		token       string
		first, last string
	}{
		{"synthetic", newLocalFake, "synthetic syndrome", 5, 4, "SyntheticToken_0001-page2", "NCT09000001", "NCT01965756"},
		{"recorded", newFake, "phelan mcdermid", 7, 6, "ZVt07cGHkvI2wRk2CJf6_LLq14bEL8swd7KrgP4dnDeTsPkw", "NCT02710084", "NCT01965756"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.fake(t)
			srv := httptest.NewServer(f)
			defer srv.Close()
			c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})
			ev, err := c.Search(context.Background(), []string{tt.query}, tt.max)
			require.NoError(t, err)
			require.Len(t, ev, tt.n)
			require.Len(t, f.queries, 2)
			require.Equal(t, tt.query, f.queries[0]["query.term"][0])
			require.Equal(t, strconv.Itoa(tt.max), f.queries[0]["pageSize"][0])
			require.Equal(t, tt.token, f.queries[1]["pageToken"][0], "the next page asks for the returned token")
			require.Equal(t, "2", f.queries[1]["pageSize"][0], "only what is still needed")
			require.Equal(t, tt.first, ev[0].Citation.NCTID)
			require.Equal(t, tt.last, ev[tt.n-1].Citation.NCTID)
		})
	}
}

func TestSearchEmptyAndStudy(t *testing.T) {
	tests := []struct {
		name      string
		fake      func(t testing.TB) *fakeCTGov
		ask, want string
	}{
		{"synthetic", newLocalFake, "nct09000004", "NCT09000004"},
		{"recorded", newFake, "nct06604689", "NCT06604689"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.fake(t))
			defer srv.Close()
			c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})
			ev, err := c.Search(context.Background(), []string{"nothing"}, 10)
			require.NoError(t, err)
			require.Empty(t, ev)

			one, err := c.Study(context.Background(), tt.ask)
			require.NoError(t, err)
			require.Equal(t, tt.want, one.Citation.NCTID)
			_, err = c.Study(context.Background(), "12345")
			require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
		})
	}
}

func TestSearchFaults(t *testing.T) {
	faulttest.Matrix(t, domain.SourceClinicalTrials, newLocalFake(t), func(ctx context.Context, base string, hc *http.Client) ([]domain.Evidence, error) {
		return New(Options{BaseURL: base, HTTPClient: hc, Retry: faulttest.FastRetry}).Search(ctx, []string{"phelan"}, 5)
	})
}
