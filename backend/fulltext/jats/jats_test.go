package jats

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return b
}

func parseBytes(t *testing.T, b []byte) Article {
	t.Helper()
	a, err := Parse(bytes.NewReader(b))
	require.NoError(t, err)
	return a
}

// find returns the first section with the title.
func find(t *testing.T, a Article, title string) domain.FullTextSection {
	t.Helper()
	for _, s := range a.Sections {
		if s.Title == title {
			return s
		}
	}
	require.Failf(t, "section not found", "%q", title)
	return domain.FullTextSection{}
}

// TestParseRealArticles reads three real PMC open-access articles of different DTD
// versions and publishers (see testdata/README.md) and checks what each one is known to hold.
func TestParseRealArticles(t *testing.T) {
	t.Run("BMC: structured abstract, nested methods, tables", func(t *testing.T) {
		a := parseBytes(t, readTestdata(t, "1472-6831-8-11.nxml"))
		require.Equal(t, "The Dutch version of the Oral Health Impact Profile (OHIP-NL): Translation, reliability and construct validity", a.Title)
		require.Equal(t, "18405359", a.PMID)
		require.Equal(t, "PMC2329613", a.PMCID)
		require.Equal(t, "10.1186/1472-6831-8-11", a.DOI)
		require.False(t, a.Withheld)
		require.True(t, a.HasBody())

		abs := a.Sections[0]
		require.Equal(t, domain.SectionAbstract, abs.Kind)
		lines := strings.Split(abs.Text, "\n")
		require.Len(t, lines, 4, "one line per part of the structured abstract")
		require.True(t, strings.HasPrefix(lines[0], "Background: The purpose of this study"), lines[0])
		require.True(t, strings.HasPrefix(lines[1], "Methods: The original English version"), lines[1])
		require.True(t, strings.HasPrefix(lines[3], "Conclusion: "), lines[3])

		require.Equal(t, domain.SectionIntroduction, find(t, a, "Background").Kind)
		methods := find(t, a, "Methods")
		require.Equal(t, domain.SectionMethods, methods.Kind)
		require.Equal(t, 1, methods.Level)
		sub := find(t, a, "Test-retest reliability")
		require.Equal(t, domain.SectionMethods, sub.Kind, "a subsection counts as its section")
		require.Equal(t, "Methods", sub.Parent)
		require.Equal(t, 2, sub.Level)
		require.Contains(t, sub.Text, "A convenience sub-sample of 41 consecutive patients")
		require.Equal(t, domain.SectionResults, find(t, a, "Results").Kind)
		require.Equal(t, domain.SectionDiscussion, find(t, a, "Discussion").Kind)
		require.Equal(t, domain.SectionConclusions, find(t, a, "Conclusion").Kind)

		tab := find(t, a, "Table 2")
		require.Equal(t, domain.SectionTable, tab.Kind)
		require.Equal(t, "Results", tab.Parent, "a table belongs to the section that holds it")
		rows := strings.Split(tab.Text, "\n")
		require.True(t, strings.HasPrefix(rows[0], "Internal consistency measured for the total OHIP-NL"), "the caption comes first")
		require.Equal(t, "Total OHIP-NL\t0.97\t0.42", rows[2], "cells are tab-separated")
		for _, s := range a.Sections {
			require.NotContains(t, s.Text, "Locker D. Measuring oral health", "the reference list is left out")
			require.NotContains(t, s.Text, "mvdmeulen@acta.nl", "author metadata is left out")
		}
	})

	t.Run("BJC: sec-type materials|methods, untitled introduction, floats-group tables", func(t *testing.T) {
		a := parseBytes(t, readTestdata(t, "6605965a.nxml"))
		require.Equal(t, "PMC2994229", a.PMCID)
		abs := a.Sections[0]
		require.True(t, strings.HasPrefix(abs.Text, "Background: Oral contraceptive use"), "a title's own colon is not doubled: %q", abs.Text[:40])
		intro := a.Sections[1]
		require.Equal(t, domain.SectionIntroduction, intro.Kind, "the body's untitled opening is its introduction")
		require.Empty(t, intro.Title)
		require.True(t, strings.HasPrefix(intro.Text, "Men tend to have a slightly higher incidence"))
		mm := find(t, a, "Materials and Methods")
		require.Equal(t, domain.SectionMethods, mm.Kind)
		require.Equal(t, 1, mm.Level)
		require.Equal(t, domain.SectionOther, find(t, a, "Acknowledgements").Kind)
		tab := find(t, a, "Table 1: Participant characteristics at recruitment among women in the European Prospective Investigation into Cancer and Nutrition cohort")
		require.Contains(t, tab.Text, "Mean (s.d.) age at recruitment (years)\t57.4 (8.0)\t50.5 (9.7)")
	})

	t.Run("PLOS: supplementary material, figures, tables beside their image", func(t *testing.T) {
		a := parseBytes(t, readTestdata(t, "pone.0046493.nxml"))
		require.Equal(t, "MmPPOX Inhibits Mycobacterium tuberculosis Lipolytic Enzymes Belonging to the Hormone-Sensitive Lipase Family and Alters Mycobacterial Growth", a.Title)
		fig := find(t, a, "Figure 1: Chemical structure of inhibitors.")
		require.Equal(t, domain.SectionFigure, fig.Kind)
		require.True(t, strings.HasPrefix(fig.Text, "Chemical structures of A, THL and B, MmPPOX."))
		tab := find(t, a, "Table 1: Substrate specificity of recombinant Lip-HSL proteins.")
		require.Contains(t, tab.Text, "Substrate chain length/specific activities", "a table given with its image is still read as rows")
		supp := find(t, a, "Table S2")
		require.Equal(t, domain.SectionSupplementary, supp.Kind)
		require.Equal(t, "Supporting Information", supp.Parent)
		require.Equal(t, "Expression and purification conditions of M. tuberculosis Lip-HSL proteins.\n(DOC)", supp.Text)
		for _, s := range a.Sections {
			require.NotContains(t, s.Text, "Click here for additional data file", "a download link is not the paper's text")
		}
		require.Equal(t, domain.SectionResults, find(t, a, "Mass spectrometry analyses").Kind)
	})
}

var (
	bodyRe = regexp.MustCompile(`(?s)<body>.*</body>`)
	backRe = regexp.MustCompile(`(?s)<back>.*</back>`)
)

// TestParseVariants: the wrappers and failures the two services really answer with.
func TestParseVariants(t *testing.T) {
	real := readTestdata(t, "1472-6831-8-11.nxml")
	noDoctype := real[bytes.Index(real, []byte("<article ")):]
	// efetch db=pmc wraps the article in PMC's article set, with its DTD declaration.
	efetch := append([]byte(`<?xml version="1.0"  ?>`+"\n"+`<!DOCTYPE pmc-articleset PUBLIC "-//NLM//DTD ARTICLE SET 2.0//EN" "https://dtd.nlm.nih.gov/ncbi/pmc/articleset/nlm-articleset-2.0.dtd">`+"\n<pmc-articleset>"), noDoctype...)
	efetch = append(efetch, []byte("</pmc-articleset>\n")...)
	// A publisher that withholds the body: PMC serves the front matter and says why.
	withheld := bodyRe.ReplaceAll(backRe.ReplaceAll(noDoctype, nil), nil)
	withheld = bytes.Replace(withheld, []byte("<front>"), []byte("<!--The publisher of this article does not allow downloading of the full text in XML form.--><front>"), 1)
	noBody := bodyRe.ReplaceAll(noDoctype, nil)

	whole := parseBytes(t, real)
	got := parseBytes(t, efetch)
	require.Equal(t, whole, got, "efetch's wrapper reads as the article it wraps")

	w := parseBytes(t, withheld)
	require.True(t, w.Withheld)
	require.False(t, w.HasBody())
	require.Len(t, w.Sections, 1)
	require.Equal(t, domain.SectionAbstract, w.Sections[0].Kind)

	nb := parseBytes(t, noBody)
	require.False(t, nb.Withheld, "no comment: not said to be withheld")
	require.False(t, nb.HasBody())

	for name, tc := range map[string]struct {
		body string
		want string
		as   any
	}{
		"PMC id not available": {`<?xml version="1.0" ?><pmc-articleset><error id="999999999">The following PMCID is not available: 999999999</error></pmc-articleset>`,
			"The following PMCID is not available: 999999999", &UnavailableError{}},
		"Europe PMC error bean": {`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><errorBean><errCode>0</errCode><errMsg>Article with id PMC1484447 is not open access one</errMsg></errorBean>`,
			`<errorBean> says "Article with id PMC1484447 is not open access one"`, &NotJATSError{}},
		"HTML error page": {"<!DOCTYPE html>\n<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>Down</h1></body></html>",
			`<html> says "503 Service Temporarily Unavailable"`, &NotJATSError{}},
		"PubMed record, not JATS":   {`<?xml version="1.0"?><PubmedArticleSet><PubmedArticle/></PubmedArticleSet>`, "the root element is <PubmedArticleSet>", &NotJATSError{}},
		"empty article set":         {`<pmc-articleset></pmc-articleset>`, "holds no article", nil},
		"truncated":                 {string(real[:len(real)/2]), "truncated", nil},
		"not XML":                   {`{"errMsg":"bad"}`, "not XML", nil},
		"empty":                     {"  \n", "empty document", nil},
		"nested beyond any article": {"<article><body>" + strings.Repeat("<sec>", 300), "nested more than", nil},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.body))
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
			switch want := tc.as.(type) {
			case *UnavailableError:
				require.True(t, errors.As(err, &want))
			case *NotJATSError:
				require.True(t, errors.As(err, &want))
			}
		})
	}
}

// TestParseSmallCases covers JATS constructs the three real files do not have, written as
// the JATS tag library defines them.
func TestParseSmallCases(t *testing.T) {
	doc := `<article><front><article-meta><article-id pub-id-type="pmcid">PMC42</article-id>
<title-group><article-title>A <italic>trial</italic></article-title></title-group>
<abstract abstract-type="graphical"><p>Graphical.</p></abstract>
<abstract><title>Abstract</title><p>Plain abstract.</p></abstract></article-meta></front>
<body><sec sec-type="results|discussion"><label>3.</label><title>Results and discussion</title><p>Overall results.</p>
<sec><title>Discussion</title><p>We discuss.</p></sec>
<sec><title>Harms</title><p>Few harms, see <xref ref-type="table" rid="t1">Table 1</xref>.</p>
<list list-type="bullet"><list-item><p>nausea</p></list-item><list-item><p>rash</p></list-item></list></sec></sec>
<sec><title>Trial design</title><p>Parallel groups.</p><p>Second   paragraph
 spread over lines.</p></sec></body>
<back><ref-list><ref><mixed-citation>Someone 2001.</mixed-citation></ref></ref-list></back>
<sub-article><body><p>Decision letter.</p></body></sub-article></article>`
	a := parseBytes(t, []byte(doc))
	require.Equal(t, "PMC42", a.PMCID)
	require.Equal(t, "A trial", a.Title)
	require.Equal(t, "Plain abstract.", a.Sections[0].Text, "the graphical abstract and the abstract's own title are left out")
	res := find(t, a, "3. Results and discussion")
	require.Equal(t, domain.SectionResults, res.Kind)
	require.Equal(t, domain.SectionDiscussion, find(t, a, "Discussion").Kind, "a subsection naming another part keeps its own kind")
	harms := find(t, a, "Harms")
	require.Equal(t, domain.SectionResults, harms.Kind)
	require.Equal(t, "3. Results and discussion", harms.Parent)
	require.Equal(t, "Few harms, see Table 1.\nnausea\nrash", harms.Text)
	design := find(t, a, "Trial design")
	require.Equal(t, domain.SectionMethods, design.Kind, "a top-level CONSORT heading is methods")
	require.Equal(t, "Parallel groups.\nSecond paragraph spread over lines.", design.Text)
	for _, s := range a.Sections {
		require.NotContains(t, s.Text, "Someone 2001")
		require.NotContains(t, s.Text, "Decision letter")
	}
}

// FuzzParse: any input gives an article or an error, never a panic or a hang.
func FuzzParse(f *testing.F) {
	f.Add(string(readTestdata(f, "1472-6831-8-11.nxml")[:4000]))
	f.Add(`<pmc-articleset><error>x</error></pmc-articleset>`)
	f.Add(`<article><body><sec><title>T</title><table-wrap><table><tr><td>1</td></tr></table></table-wrap></sec></body></article>`)
	f.Fuzz(func(t *testing.T, s string) {
		a, err := Parse(strings.NewReader(s))
		if err == nil {
			for _, sec := range a.Sections {
				require.NotContains(t, sec.Text, "\n\n")
			}
		}
	})
}

// BenchmarkParse reads the three real articles; papers/s is the throughput `make bench` records.
func BenchmarkParse(b *testing.B) {
	var docs [][]byte
	total := 0
	for _, n := range []string{"1472-6831-8-11.nxml", "6605965a.nxml", "pone.0046493.nxml"} {
		d := readTestdata(b, n)
		docs = append(docs, d)
		total += len(d)
	}
	b.SetBytes(int64(total / len(docs)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(bytes.NewReader(docs[i%len(docs)])); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "papers/s")
}
