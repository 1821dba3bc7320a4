package ctgov

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/internal/faulttest"
	"deepcritical/backend/search/internal/fixture"
)

func TestParseRecordedPages(t *testing.T) {
	p, err := Parse(bytes.NewReader(fixture.Read(t, "clinicaltrials_v2", "biomcp_search_phelan_limit5_20260811.json")))
	require.NoError(t, err)
	require.Equal(t, 21, p.TotalCount)
	require.Equal(t, "ZVt07cGHkvI2wRk2CJf6_LLq14bEL8swd7KrgP4dnDeTsPkw", p.NextPageToken)
	require.Len(t, p.Evidence, 5)
	e := p.Evidence[0]
	c := e.Citation
	require.Equal(t, "NCT02710084", c.NCTID)
	require.Equal(t, "nct:NCT02710084", c.CanonicalKey())
	require.Equal(t, "Piloting Treatment With Intranasal Oxytocin in Phelan-McDermid Syndrome", c.Title)
	require.Equal(t, "https://clinicaltrials.gov/study/NCT02710084", c.URL)
	require.Equal(t, "2016-04-29", c.Date)
	require.Equal(t, &domain.Trial{
		Phase: "PHASE2", Status: "COMPLETED", Enrollment: 18,
		Conditions:    []string{"Phelan-McDermid Syndrome"},
		Interventions: []domain.Intervention{{Name: "Oxytocin"}, {Name: "Saline"}},
		StartDate:     "2016-04-29", CompletionDate: "2020-07-29",
	}, c.Trial)
	require.True(t, strings.HasPrefix(e.Content, "This is a pilot study examining the efficacy"))
	require.Contains(t, e.Content, "Study type: INTERVENTIONAL. Phase: PHASE2. Status: COMPLETED. Enrollment: 18.")
	require.Equal(t, "PHASE1/PHASE2", p.Evidence[1].Citation.Trial.Phase)
	require.NoError(t, e.Validate())

	p, err = Parse(bytes.NewReader(fixture.Read(t, "clinicaltrials_v2", "biomcp_search_melanoma_recruiting_limit3_20260811.json")))
	require.NoError(t, err)
	require.Equal(t, 480, p.TotalCount)
	require.Len(t, p.Evidence, 3)
	require.Equal(t, "2026-12", p.Evidence[0].Citation.Trial.CompletionDate)
	require.Equal(t, []domain.Intervention{{Name: "Nivolumab or Pembrolizumab (dependent upon approved indication)"}, {Name: "Metformin"}, {Name: "Rosiglitazone"}}, p.Evidence[1].Citation.Trial.Interventions)
}

func TestParseSingleStudy(t *testing.T) {
	p, err := Parse(bytes.NewReader(fixture.Read(t, "clinicaltrials_v2", "biomcp_get_nct06604689_20260811.json")))
	require.NoError(t, err)
	require.Len(t, p.Evidence, 1)
	c := p.Evidence[0].Citation
	require.Equal(t, "NCT06604689", c.NCTID)
	require.Equal(t, "RECRUITING", c.Trial.Status)
	require.Equal(t, 800, c.Trial.Enrollment)
	require.Empty(t, c.Trial.Phase, "observational studies have no phase")
	require.Equal(t, []string{"NSCLC (Advanced Non-small Cell Lung Cancer)", "Brain Metastasases"}, c.Trial.Conditions)
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
		"Study type: INTERVENTIONAL. Phase: PHASE2/PHASE3. Allocation: RANDOMIZED. Masking: DOUBLE. Primary purpose: TREATMENT. Status: COMPLETED. Enrollment: 80. "+
		"Conditions: Mild Cognitive Impairment; Alzheimer Disease. Interventions: DRUG: Metformin; OTHER: Placebo. Start: 2013-10. Completion: 2019-12-31. Results posted.", e.Content)
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

func TestSearchPagesWithToken(t *testing.T) {
	f := newFake(t)
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})
	ev, err := c.Search(context.Background(), []string{"phelan mcdermid"}, 7)
	require.NoError(t, err)
	require.Len(t, ev, 6)
	require.Len(t, f.queries, 2)
	require.Equal(t, "phelan mcdermid", f.queries[0]["query.term"][0])
	require.Equal(t, "7", f.queries[0]["pageSize"][0])
	require.Equal(t, "ZVt07cGHkvI2wRk2CJf6_LLq14bEL8swd7KrgP4dnDeTsPkw", f.queries[1]["pageToken"][0])
	require.Equal(t, "2", f.queries[1]["pageSize"][0])
	require.Equal(t, "NCT02710084", ev[0].Citation.NCTID)
	require.Equal(t, "NCT01965756", ev[5].Citation.NCTID)
}

func TestSearchEmptyAndStudy(t *testing.T) {
	f := newFake(t) // recorded pages; TestSearchLocalEmptyAndStudy runs the same over testdata/
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})
	ev, err := c.Search(context.Background(), []string{"nothing"}, 10)
	require.NoError(t, err)
	require.Empty(t, ev)

	one, err := c.Study(context.Background(), "nct06604689")
	require.NoError(t, err)
	require.Equal(t, "NCT06604689", one.Citation.NCTID)
	_, err = c.Study(context.Background(), "12345")
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
}

func TestSearchFaults(t *testing.T) {
	faulttest.Matrix(t, domain.SourceClinicalTrials, newLocalFake(t), func(ctx context.Context, base string, hc *http.Client) ([]domain.Evidence, error) {
		return New(Options{BaseURL: base, HTTPClient: hc, Retry: faulttest.FastRetry}).Search(ctx, []string{"phelan"}, 5)
	})
}
