package ctgov

import (
	"bytes"
	"testing"

	"deepcritical/backend/search/internal/fixture"
)

// FuzzParse feeds mutated ClinicalTrials.gov JSON to the parser; it must never panic and
// every study it returns must carry its NCT id.
func FuzzParse(f *testing.F) {
	fixture.Seed(f, "clinicaltrials_v2", []string{"biomcp_get_nct06604689_20260811.json", "biomcp_search_melanoma_recruiting_limit3_20260811.json", "biomcp_search_phelan_limit5_20260811.json"},
		"full_study_page.json", "search_page.json", "study.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, e := range p.Evidence {
			if e.Citation.NCTID == "" || e.Citation.Trial == nil {
				t.Fatalf("study without NCT id or trial facts: %+v", e.Citation)
			}
		}
	})
}
