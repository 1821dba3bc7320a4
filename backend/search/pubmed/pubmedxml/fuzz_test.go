package pubmedxml

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
