package orchestrator

import (
	"testing"

	"deepcritical/backend/domain"
)

// TestQueriesFailedAtASourceAreNotRun: a query counts as run only when no source failed on
// it, so "every suggested search has already been run" never stands on a source that
// answered none of them, and a resume may send them again.
func TestQueriesFailedAtASourceAreNotRun(t *testing.T) {
	queries := []string{"lithium suicide", "lithium bipolar relapse"}
	cases := []struct {
		name     string
		failures []domain.SearchError
		run      []bool
	}{
		{"every source answered", nil, []bool{true, true}},
		{"a warning is no failure", []domain.SearchError{domain.SearchWarning(domain.SourcePubMed, "phrase not found: lithum")}, []bool{true, true}},
		{"a source down for the whole search", []domain.SearchError{{Source: domain.SourcePubMed, Error: "pubmed: HTTP 429 Too Many Requests"}}, []bool{false, false}},
		{"a source failing one query", []domain.SearchError{{Source: domain.SourceClinicalTrials,
			Error: `query "lithium bipolar relapse": context deadline exceeded`}}, []bool{true, false}},
		{"a source failing both queries by name", []domain.SearchError{{Source: domain.SourceEuropePMC,
			Error: "query \"lithium suicide\": HTTP 503\nquery \"lithium bipolar relapse\": HTTP 503"}}, []bool{false, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := &state{queriesRun: map[string]bool{}}
			st.noteQueriesRun(queries, c.failures)
			for i, q := range queries {
				if got := st.queriesRun[queryKey(q)]; got != c.run[i] {
					t.Errorf("query %q run = %v, want %v", q, got, c.run[i])
				}
			}
		})
	}
}
