package pubmed

import (
	"bytes"
	"testing"

	"deepcritical/backend/search/internal/fixture"
)

// FuzzParseArticleSet feeds mutated PubMed XML to the parser: it must never panic, and
// whatever it returns as evidence must be usable.
func FuzzParseArticleSet(f *testing.F) {
	fixture.Seed(f, "ncbi", []string{"biopython_pubmed1.xml", "biopython_pubmed2.xml", "biopython_pubmed4.xml", "biopython_pubmed6.xml", "biopython_esummary8.xml"}, "edge_cases.xml", "records.xml")
	f.Add([]byte(`<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>1</PMID><Article><ArticleTitle>x<mml:math><mml:msup><mml:mi>a</mml:mi></mml:msup></mml:math></ArticleTitle></Article></MedlineCitation></PubmedArticle></PubmedArticleSet>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, recErrs, _ := ParseArticleSet(bytes.NewReader(data))
		for _, e := range ev {
			if e.Citation.PMID == "" {
				t.Fatalf("evidence without PMID: %+v", e.Citation)
			}
			if err := e.Validate(); err != nil {
				t.Fatalf("invalid evidence: %v", err)
			}
		}
		for _, re := range recErrs {
			if re.Err == nil || re.Index < 0 {
				t.Fatalf("bad record error %+v", re)
			}
		}
	})
}

// FuzzParseESearch checks the esearch reader never panics.
func FuzzParseESearch(f *testing.F) {
	fixture.Seed(f, "ncbi", []string{"biopython_esearch1.xml", "biopython_esearch2.xml", "biopython_esearch3.xml", "biopython_esearch5.xml", "biopython_esearch8.xml", "biopython_esummary8.xml"},
		"esearch_ids.xml", "esearch_phrase_not_found.xml", "eutils_error.xml")
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
