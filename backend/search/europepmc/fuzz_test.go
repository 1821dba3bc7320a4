package europepmc

import (
	"bytes"
	"testing"

	"deepcritical/backend/search/internal/fixture"
)

// FuzzParse feeds mutated Europe PMC JSON to the parser; it must never panic and every
// evidence it returns must be usable.
func FuzzParse(f *testing.F) {
	fixture.Seed(f, "europepmc", []string{"pyeuropepmc_search_cancer.json", "pyeuropepmc_search_cancer_idlist.json", "pyeuropepmc_search_no_results.json"},
		"core_page.json", "lite_page.json", "no_results.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, e := range p.Evidence {
			if e.Citation.ID == "" || e.Citation.URL == "" {
				t.Fatalf("evidence without id or URL: %+v", e.Citation)
			}
		}
	})
}

// FuzzSections checks the abstract HTML splitter on arbitrary markup.
func FuzzSections(f *testing.F) {
	f.Add("<h4>Background</h4>a<h4>Methods</h4>b")
	f.Add("<h4>unterminated")
	f.Add("p < 0.05 &amp; <sup>2</sup>")
	f.Fuzz(func(t *testing.T, s string) {
		for _, sec := range Sections(s) {
			if sec.Label == "" && sec.Text == "" {
				t.Fatal("empty section")
			}
		}
	})
}
