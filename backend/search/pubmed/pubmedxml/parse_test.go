package pubmedxml

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/internal/fixture"
)

func parseFixture(t *testing.T, name string) []domain.Evidence {
	t.Helper()
	ev, recErrs, err := ParseArticleSet(bytes.NewReader(fixture.Read(t, "ncbi", name)))
	require.NoError(t, err)
	require.Empty(t, recErrs)
	return ev
}

func TestParseArticleSetFixtures(t *testing.T) {
	t.Run("season date and missing abstract", func(t *testing.T) {
		ev := parseFixture(t, "biopython_pubmed1.xml")
		require.Len(t, ev, 2)
		c := ev[0].Citation
		require.Equal(t, "12091962", c.PMID)
		require.Equal(t, "1990", c.Date, "Year+Season keeps the year only")
		require.Equal(t, "The treatment of AIDS behind the walls of correctional facilities.", c.Title)
		require.Equal(t, []string{"Olivero, J Michael"}, c.Authors, "ForeName kept whole")
		require.Equal(t, "Social justice (San Francisco, Calif.)", c.Journal)
		require.Equal(t, []string{"Journal Article", "Review"}, c.PublicationTypes)
		require.Contains(t, c.MeshTerms, "Acquired Immunodeficiency Syndrome")
		require.Len(t, c.MeshTerms, 19)
		require.Empty(t, ev[0].Content, "no abstract, no invented content")
		require.Equal(t, "https://pubmed.ncbi.nlm.nih.gov/12091962/", c.URL)
		require.Equal(t, "113-25", c.Pages)

		c = ev[1].Citation
		require.Equal(t, "9997", c.PMID)
		require.Equal(t, "1976-09-28", c.Date)
		require.Equal(t, "10.1016/0005-2795(76)90109-4", c.DOI)
		require.Equal(t, []string{"Cytochrome c Group", "Flavins", "Heme", "Iron"}, c.Chemicals)
		require.Equal(t, []string{"0", "0", "42VZT0U6YR", "E1UOL152H7"}, c.ChemicalRNs, "registry numbers index for index: 0 marks a class, a UNII a substance")
		require.Equal(t, []string{"Chromatium/enzymology", "Iron/analysis"}, c.MeshQualifiers)
		require.True(t, strings.HasPrefix(ev[1].Content, "Electron paramagnetic resonance"))
	})
	t.Run("entities and PubMed-not-MEDLINE", func(t *testing.T) {
		ev := parseFixture(t, "biopython_pubmed2.xml")
		require.Len(t, ev, 2)
		require.Equal(t, "11748933", ev[0].Citation.PMID)
		require.Contains(t, ev[0].Content, "(P < 0.001)")
		require.Len(t, ev[0].Citation.Authors, 8)
		require.Equal(t, "2001-06", ev[0].Citation.Date)
		require.Equal(t, "11700088", ev[1].Citation.PMID)
		require.Empty(t, ev[1].Citation.MeshTerms)
	})
	t.Run("structured abstract", func(t *testing.T) {
		ev := parseFixture(t, "biopython_pubmed4.xml")
		require.Len(t, ev, 1)
		c := ev[0].Citation
		require.Equal(t, "27797938", c.PMID)
		require.Equal(t, "PMC5442267", c.PMCID, "the record's own PMC id, not one from its reference list")
		require.Equal(t, "10.1136/gutjnl-2016-312510", c.DOI)
		labels := make([]string, 0, len(c.Sections))
		for _, s := range c.Sections {
			labels = append(labels, s.Label)
		}
		require.Equal(t, []string{"OBJECTIVE", "DESIGN", "RESULTS", "CONCLUSIONS"}, labels)
		require.Equal(t, "Leucocyte telomere length, genetic variants at the TERT gene region and risk of pancreatic cancer.", c.Title)
		require.Len(t, c.PublicationTypes, 5)
		require.True(t, strings.HasPrefix(ev[0].Content, "OBJECTIVE: Telomere shortening"))
		require.Contains(t, ev[0].Content, "\nRESULTS: Shorter prediagnostic")
		require.Contains(t, ev[0].Content, "ptrend=0.048")
		require.Contains(t, ev[0].Content, "r^2<0.25")
		require.Equal(t, "2017-06", c.Date)
	})
	t.Run("inline markup and MathML", func(t *testing.T) {
		ev := parseFixture(t, "biopython_pubmed6.xml")
		require.Len(t, ev, 1)
		c := ev[0].Citation
		require.Equal(t, "30108519", c.PMID)
		require.Equal(t, "PMC6079548", c.PMCID)
		require.Equal(t, `A "Blood Relationship" Between the Overlooked Minimum Lactate Equivalent and Maximal Lactate Steady State in Trained Runners. Back to the Old Days?`, c.Title)
		requireLactateAbstract(t, ev[0])
	})
}

// requireLactateAbstract checks the lactate-threshold record (biopython_pubmed6.xml, and its
// synthetic twin in testdata/records.xml): inline markup and MathML in the abstract are
// flattened to readable text, its Cites comment is no retraction notice, and it is dated.
func requireLactateAbstract(t *testing.T, e domain.Evidence) {
	t.Helper()
	require.Contains(t, e.Content, "maximal oxygen uptake ( V\u0307O2max ) 67.6 ± 4.1 ml·kg^-1·min^-1]")
	require.Contains(t, e.Content, "(LEmin)")
	require.Contains(t, e.Content, "≈7%")
	require.NotContains(t, e.Content, "<sub>")
	require.NotContains(t, e.Content, "mml")
	require.NotContains(t, e.Content, "  ")
	require.Empty(t, e.Citation.Retractions, "Cites comments are not retraction notices")
	require.Equal(t, "2018", e.Citation.Date)
}

func TestParseArticleSetEdgeCases(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "edge_cases.xml"))
	require.NoError(t, err)
	defer f.Close()
	ev, recErrs, err := ParseArticleSet(f)
	require.NoError(t, err)
	require.Len(t, ev, 2)
	require.Len(t, recErrs, 1)
	require.Equal(t, 1, recErrs[0].Index)
	require.ErrorContains(t, recErrs[0], "record 2: no PMID")

	a := ev[0]
	require.Equal(t, "1998-12", a.Citation.Date, "MedlineDate keeps the first year and month")
	require.Equal(t, []string{"Smith, Jane Anne", "Hambrick, George W, Jr", "Alzheimer's Disease Neuroimaging Initiative"}, a.Citation.Authors, "ForeName whole, Suffix last, CollectiveName literal")
	require.Equal(t, []string{"NCT01965756"}, a.Citation.Registry)
	require.Equal(t, []string{"Retraction in: J Test. 2020;12:1", "Expression of concern in: J Test. 2019;11:9"}, a.Citation.Retractions)
	require.Equal(t, "10.1000/ABC.123", a.Citation.DOI)
	require.Empty(t, a.Citation.PMCID, "a PMC id inside the reference list belongs to the cited work")
	require.Equal(t, "BACKGROUND: Metformin crosses the blood-brain barrier.\nMETHODS: We randomised 80 patients (HbA1c < 6.5%).\nRESULTS: Cognition improved.", a.Content)

	b := ev[1]
	require.Equal(t, "20301295", b.Citation.PMID)
	require.Equal(t, "Alzheimer Disease Overview", b.Citation.Title)
	require.Equal(t, "GeneReviews®", b.Citation.Journal)
	require.Equal(t, []string{"Bird, Thomas D"}, b.Citation.Authors, "chapter authors, not the book's editors")
	require.Equal(t, "1993", b.Citation.Date)
	require.Equal(t, []string{"Review"}, b.Citation.PublicationTypes)
	require.Equal(t, "CLINICAL CHARACTERISTICS: Alzheimer disease is characterised by dementia.", b.Content)
}

func TestParseArticleSetBadDocuments(t *testing.T) {
	full := fixture.Read(t, "ncbi", "biopython_pubmed2.xml")
	cut := bytes.Index(full, []byte("</PubmedArticle>")) + len("</PubmedArticle>") + 40
	tests := []struct {
		name    string
		body    string
		wantErr string
		wantN   int
	}{
		{"error body", string(fixture.Read(t, "ncbi", "biopython_esummary8.xml")), "E-utilities error: Neither query_key nor id specified", 0},
		{"other root", `<eSearchResult><Count>0</Count></eSearchResult>`, "root element is <eSearchResult>", 0},
		{"empty", ``, "empty XML document", 0},
		{"html page", `<!DOCTYPE html><html><head><title>Oops</title></head><body>down</body></html>`, "not a PubmedArticleSet", 0},
		{"not xml", `{"error":"json"}`, "empty XML document", 0},
		{"truncated after first record", string(full[:cut]), "truncated XML in record 2", 1},
		{"truncated between records", string(full[:bytes.Index(full, []byte("</PubmedArticle>"))+len("</PubmedArticle>")]), "truncated XML", 1},
		{"empty set", `<PubmedArticleSet></PubmedArticleSet>`, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, _, err := ParseArticleSet(strings.NewReader(tt.body))
			if tt.wantErr == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tt.wantErr)
			}
			require.Len(t, ev, tt.wantN)
		})
	}
}

func TestDateString(t *testing.T) {
	tests := []struct {
		in   date
		want string
	}{
		{date{year: "2020", month: "Feb", day: "3"}, "2020-02-03"},
		{date{year: "2020", month: "12"}, "2020-12"},
		{date{year: "2020", season: "Winter"}, "2020"},
		{date{medline: "2000 Spring"}, "2000"},
		{date{medline: "1999 Nov 15-30"}, "1999-11-15"},
		{date{medline: "2001-2002"}, "2001"},
		{date{year: "20x1"}, ""},
		{date{year: "2020", month: "13", day: "4"}, "2020"},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, tt.in.String(), "%+v", tt.in)
	}
}

// TestAuthorsKeepForeNameWhole checks the names exports need — the whole ForeName with
// its accents, the suffix, a group author as one name, Initials only without a ForeName —
// and the ISSN, on both parse paths (the byte scanner and encoding/xml).
func TestAuthorsKeepForeNameWhole(t *testing.T) {
	doc := record(`<Journal><ISSN IssnType="Electronic">1533-4406</ISSN><ISSN IssnType="Print">0028-4793</ISSN>` +
		`<Title>The New England journal of medicine</Title></Journal><ArticleTitle>T</ArticleTitle><AuthorList>` +
		`<Author><LastName>Flaherty</LastName><ForeName>Keith T</ForeName><Initials>KT</Initials></Author>` +
		`<Author><LastName>Müller</LastName><ForeName>Jürgen C</ForeName><Initials>JC</Initials></Author>` +
		`<Author><CollectiveName>METRIC Study Group</CollectiveName></Author>` +
		`<Author><LastName>Smith</LastName><ForeName>John</ForeName><Initials>J</Initials><Suffix>Jr</Suffix></Author>` +
		`<Author><LastName>Lee</LastName><Initials>K</Initials></Author>` +
		`</AuthorList>`)
	require.True(t, requireSameAsDecoder(t, []byte(doc)), "the fast path reads it")
	ev, recErrs, err := ParseArticleSet(strings.NewReader(doc))
	require.NoError(t, err)
	require.Empty(t, recErrs)
	require.Len(t, ev, 1)
	c := ev[0].Citation
	require.Equal(t, []string{"Flaherty, Keith T", "Müller, Jürgen C", "METRIC Study Group", "Smith, John, Jr", "Lee, K"}, c.Authors)
	require.Equal(t, "0028-4793", c.ISSN, "the print ISSN is preferred")
}
