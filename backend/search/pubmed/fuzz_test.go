package pubmed

import (
	"testing"

	"deepcritical/backend/search/internal/fixture"
)

// FuzzParseESearch checks the esearch reader never panics.
func FuzzParseESearch(f *testing.F) {
	fixture.Seed(f, "ncbi", []string{"biopython_esearch1.xml", "biopython_esearch2.xml", "biopython_esearch3.xml", "biopython_esearch5.xml", "biopython_esearch8.xml", "biopython_esummary8.xml"},
		"esearch_ids.xml", "esearch_phrase_not_found.xml")
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseESearch(data)
		if err == nil {
			for _, id := range r.IDs {
				if id == "" {
					t.Fatal("empty id returned")
				}
			}
			_ = r.notes("q")
		}
	})
}
