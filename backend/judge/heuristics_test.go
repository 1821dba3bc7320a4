package judge

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/internal/golden"
)

// scenario is one testdata/heuristics/*.json input.
type scenario struct {
	Question   string                      `json:"question"`
	Evidence   []domain.Evidence           `json:"evidence"`
	Appraisals map[string]domain.Appraisal `json:"appraisals"`
}

func loadScenarios(t testing.TB) map[string]scenario {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "heuristics", "*.json"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 10)
	out := map[string]scenario{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		var s scenario
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		require.NoError(t, dec.Decode(&s), f)
		// The scenarios stand for evidence the search loop has already marked: items
		// without a mark are on-topic here, so each scenario tests what it names; the
		// judge's own relevance scoring is tested in relevance_test.go.
		for i := range s.Evidence {
			if s.Evidence[i].Topic == nil {
				s.Evidence[i].Topic = &domain.Topic{Score: 1}
			}
		}
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = s
	}
	return out
}

func marshalGolden(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	return append(b, '\n')
}

// TestHeuristicsGolden runs every scenario through Analyze and the offline judge and
// compares both outputs with testdata/heuristics/<name>.golden.
func TestHeuristicsGolden(t *testing.T) {
	for name, s := range loadScenarios(t) {
		t.Run(name, func(t *testing.T) {
			h := Analyze(s.Question, s.Evidence, s.Appraisals)
			a, h2, err := NewOffline().Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence, Appraisals: s.Appraisals})
			require.NoError(t, err)
			require.Equal(t, h, h2)
			require.NoError(t, h.Validate())
			require.NoError(t, a.Validate())
			require.NoError(t, validateAssessment(&a))

			got := marshalGolden(t, map[string]any{"heuristics": h, "offline_assessment": a})
			want := golden.File(t, filepath.Join("testdata", "heuristics", name+".golden"), got)
			require.Equal(t, string(want), string(got))
		})
	}
}

func TestScenarioExpectations(t *testing.T) {
	sc := loadScenarios(t)
	analyse := func(name string) (domain.Heuristics, domain.Assessment) {
		s := sc[name]
		a, h, err := NewOffline().Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence, Appraisals: s.Appraisals})
		require.NoError(t, err)
		return h, a
	}
	names := func(cs []domain.Candidate) []string {
		out := []string{}
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}

	t.Run("empty evidence scores 0 and suggests 3-5 queries", func(t *testing.T) {
		h, a := analyse("01_empty")
		require.Equal(t, 0.0, h.FinalScore)
		require.Len(t, a.NextSearchQueries, 4)
		require.Contains(t, a.NextSearchQueries, "alzheimer disease drug repurposing")
		require.False(t, a.Sufficient)
		require.Equal(t, domain.RecommendContinue, a.Recommendation)
		require.Empty(t, a.Details.DrugCandidates)
	})
	t.Run("placebo dropped, salts and doses folded", func(t *testing.T) {
		h, a := analyse("02_metformin_alzheimer_mixed")
		require.Equal(t, "Metformin", h.Candidates[0].Name)
		require.Equal(t, 4, h.Candidates[0].Support)
		for _, n := range names(h.Candidates) {
			require.NotContains(t, strings.ToLower(n), "placebo")
			require.NotEqual(t, "Hypoglycemic Agents", n)
			require.NotEqual(t, "tau Proteins", n)
		}
		require.Equal(t, map[string]int{"rct": 2, "observational": 1, "animal": 1}, h.DesignCounts, "the registered trial says it is randomized")
		require.Contains(t, a.Details.DrugCandidates, "Metformin")
	})
	t.Run("strong evidence is sufficient by the seed's rule", func(t *testing.T) {
		_, a := analyse("03_strong_synthesis")
		require.True(t, a.Sufficient)
		require.Equal(t, domain.RecommendSynthesize, a.Recommendation)
		require.GreaterOrEqual(t, a.Details.MechanismScore+a.Details.ClinicalEvidenceScore, 12)
		require.GreaterOrEqual(t, a.Details.MechanismScore, 7)
		require.LessOrEqual(t, a.Confidence, offlineConfidenceCap)
	})
	t.Run("preclinical only is flagged", func(t *testing.T) {
		h, a := analyse("04_preclinical_only")
		require.Contains(t, h.RedFlags, "no human evidence: preclinical, review or unclassified items only")
		require.False(t, a.Sufficient)
		require.LessOrEqual(t, a.Details.ClinicalEvidenceScore, 6)
	})
	t.Run("retraction is a red flag and excluded from key findings", func(t *testing.T) {
		h, a := analyse("05_retracted")
		require.True(t, strings.HasPrefix(h.RedFlags[0], "retraction notice on evidence [1]"), h.RedFlags)
		for _, f := range a.Details.KeyFindings {
			require.NotContains(t, f, "[1]")
		}
	})
	t.Run("prompt injection is flagged per item", func(t *testing.T) {
		h, a := analyse("06_prompt_injection")
		require.Contains(t, h.RedFlags, "possible prompt injection in evidence [1]")
		require.Contains(t, h.RedFlags, "possible prompt injection in evidence [2]")
		require.NotContains(t, h.RedFlags, "possible prompt injection in evidence [3]")
		require.NotContains(t, a.Details.DrugCandidates, "Drug X", "free text never becomes a candidate")
	})
	t.Run("trials: phases, stopped trials, behavioural interventions ignored", func(t *testing.T) {
		h, _ := analyse("07_ctgov_only")
		require.Equal(t, []string{"Naltrexone", "Convalescent plasma", "Nirmatrelvir/Ritonavir"}, names(h.Candidates))
		require.Contains(t, h.RedFlags, "registered trial NCT05000002 [2] is terminated")
		require.Contains(t, h.RedFlags, "registered trial NCT05000004 [4] is withdrawn")
		joined := strings.Join(h.Observations, "\n")
		require.Contains(t, joined, "NCT05000001 [1] (phase 2, completed, n=160, results posted)")
		require.Contains(t, joined, "NCT05000004 [4] (early phase 1, withdrawn)")
	})
	t.Run("generic substances are not candidates", func(t *testing.T) {
		// The question names metformin: aspirin, also on the chemical lists, is another drug
		// and never a candidate for it.
		h, _ := analyse("08_chemical_stoplist")
		require.Equal(t, []string{"Metformin"}, names(h.Candidates))
	})
	t.Run("designs from keywords when metadata is missing", func(t *testing.T) {
		h, _ := analyse("09_keyword_fallback")
		require.Equal(t, map[string]int{"rct": 1, "review": 1, "observational": 1, "animal": 1}, h.DesignCounts)
	})
	t.Run("appraisal design and quality are used", func(t *testing.T) {
		h, _ := analyse("10_appraisals_quality")
		require.Equal(t, 1, h.DesignCounts["rct"])
		require.Equal(t, 1, h.DesignCounts["other_clinical"])
		reasons := []string{}
		for _, adj := range h.ScoreAdjustments {
			reasons = append(reasons, adj.Reason)
		}
		require.Contains(t, reasons, "high-quality appraised human study")
	})
	t.Run("recency is relative to the newest item", func(t *testing.T) {
		h, _ := analyse("11_old_evidence")
		require.Contains(t, strings.Join(h.Observations, "\n"), "1 of 6 dated items (17%) are from the 5 years up to the newest item (2015)")
	})
	t.Run("blank question, undated single source", func(t *testing.T) {
		h, a := analyse("12_single_source_undated")
		require.Contains(t, h.Observations, "Recency: no item carries a publication date.")
		require.NoError(t, a.Validate())
	})
}

func TestOfflineIsByteIdentical(t *testing.T) {
	for name, s := range loadScenarios(t) {
		var first []byte
		for i := 0; i < 5; i++ {
			a, _, err := NewOffline().Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence, Appraisals: s.Appraisals})
			require.NoError(t, err)
			b, err := json.Marshal(a)
			require.NoError(t, err)
			if first == nil {
				first = b
				continue
			}
			require.Equal(t, string(first), string(b), name)
		}
	}
}

func TestOfflineJudgeInfoAndCancel(t *testing.T) {
	j := NewOffline()
	require.Equal(t, domain.ProviderOffline, j.Info().Provider)
	require.True(t, j.Info().Local)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := j.Assess(ctx, Input{Question: "q"})
	require.Error(t, err)
	require.Equal(t, domain.CodeUnavailable, domain.CodeOf(err))
}

func TestOfflineCandidatesComeFromStructuredFields(t *testing.T) {
	for name, s := range loadScenarios(t) {
		a, _, err := NewOffline().Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence})
		require.NoError(t, err)
		for _, c := range a.Details.DrugCandidates {
			found := false
			for _, e := range s.Evidence {
				var names []string
				names = append(names, e.Citation.Chemicals...)
				if e.Citation.Trial != nil {
					for _, iv := range e.Citation.Trial.Interventions {
						names = append(names, iv.Name)
					}
				}
				for _, n := range names {
					if strings.Contains(strings.ToLower(n), strings.ToLower(c)) {
						found = true
					}
				}
			}
			// A question naming an intervention gets that intervention as its candidate when
			// on-topic evidence studies it, whatever the records' chemical lists say; a class
			// gets the members the evidence's text names.
			q, _ := concepts.Extract(s.Question)
			if iv := q.InterventionText(); strings.EqualFold(iv, c) {
				found = true
			}
			for _, iv := range q.Interventions() {
				for _, e := range s.Evidence {
					if iv.Class != "" && concepts.ClassMember(iv, c) && strings.Contains(strings.ToLower(e.Citation.Title+" "+e.Content), strings.ToLower(c)) {
						found = true
					}
				}
			}
			require.True(t, found, "%s: candidate %q is not in any structured field", name, c)
		}
	}
}

// TestKeyFindingQuotesInlineConclusions: a record whose abstract carries its headings in the
// text (MEDLINE's flat format, a library import: "OBJECTIVES: … CONCLUSIONS: …") gets its
// conclusion in its key finding, and an untitled one stands for its title with its first
// section's text, not with "OBJECTIVES:".
func TestKeyFindingQuotesInlineConclusions(t *testing.T) {
	abstract := "OBJECTIVES: To test whether metformin slows colorectal cancer growth. METHODS: We randomised 120 adults. " +
		"RESULTS: Tumour growth was slower with metformin (P = .01). CONCLUSIONS: Metformin slowed tumour growth in colorectal cancer. Larger trials are needed."
	for _, title := range []string{"Metformin in colorectal cancer: a randomised trial", ""} {
		ev := []domain.Evidence{{Content: abstract, Relevance: 0.9, Citation: domain.Citation{
			Source: domain.SourcePubMed, PMID: "1", Title: title, Date: "2020",
			PublicationTypes: []string{"Randomized Controlled Trial"}, Sections: []domain.Section{{Text: abstract}}}}}
		a, _, err := NewOffline().Assess(context.Background(), Input{Question: "Is metformin effective for treating colorectal cancer?", Evidence: ev})
		require.NoError(t, err)
		require.Len(t, a.Details.KeyFindings, 1)
		f := a.Details.KeyFindings[0]
		require.Contains(t, f, "— Metformin slowed tumour growth in colorectal cancer.", title)
		require.NotContains(t, f, "OBJECTIVES:", title)
		if title == "" {
			require.Contains(t, f, "[1]: To test whether metformin slows")
		}
	}
}

// TestConditionTermsKeepSlashedNames: a name joined by a slash stays one search word; "and/or"
// is no search word.
func TestConditionTermsKeepSlashedNames(t *testing.T) {
	cases := []struct{ question, want string }{
		{"Do CDK4/6 inhibitors improve survival in HR-positive breast cancer?", "cdk4/6 inhibitors improve survival hr-positive breast cancer"},
		{"Is PD-1/PD-L1 blockade effective in small cell lung cancer?", "pd-1/pd-l1 blockade small cell lung cancer"},
		{"Does aspirin and/or clopidogrel prevent stroke?", "aspirin clopidogrel prevent stroke"},
	}
	for _, c := range cases {
		if got := conditionTerms(c.question, nil); got != c.want {
			t.Errorf("%q: %q, want %q", c.question, got, c.want)
		}
	}
}
