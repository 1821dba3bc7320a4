package pubmedxml

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/internal/fixture"
)

// parsed is one parse result in comparable form.
type parsed struct {
	Evidence []domain.Evidence
	RecErrs  []string
	Err      string
}

func result(ev []domain.Evidence, recErrs []RecordError, err error) parsed {
	p := parsed{Evidence: ev}
	for _, re := range recErrs {
		p.RecErrs = append(p.RecErrs, re.Error())
	}
	if err != nil {
		p.Err = err.Error()
	}
	return p
}

// fastOnly parses with the scanner alone and reports whether it read the whole document
// without falling back.
func fastOnly(data []byte) (parsed, bool) {
	s := newScanner(data)
	root, err := s.root()
	if err != nil {
		return parsed{}, false
	}
	ev, recErrs, err := parseSet(s, root)
	return result(ev, recErrs, err), !s.failed
}

// requireSameAsDecoder checks that ParseArticleSet returns exactly what the encoding/xml
// path returns for the document, and reports whether the fast path was taken.
func requireSameAsDecoder(t testing.TB, data []byte) bool {
	t.Helper()
	want := result(parseDecoder(bytes.NewReader(data)))
	got := result(ParseArticleSet(bytes.NewReader(data)))
	require.Equal(t, want, got)
	fast, ok := fastOnly(data)
	if ok {
		require.Equal(t, want, fast)
	}
	return ok
}

func TestScannerReadsRecordedFixtures(t *testing.T) {
	for _, name := range []string{"biopython_pubmed1.xml", "biopython_pubmed2.xml", "biopython_pubmed4.xml", "biopython_pubmed6.xml"} {
		t.Run(name, func(t *testing.T) {
			require.True(t, requireSameAsDecoder(t, fixture.Read(t, "ncbi", name)), "the fast path must read real efetch output")
		})
	}
	t.Run("edge_cases.xml", func(t *testing.T) {
		b, err := os.ReadFile(filepath.Join("testdata", "edge_cases.xml"))
		require.NoError(t, err)
		require.True(t, requireSameAsDecoder(t, b))
	})
	t.Run("E-utilities error body", func(t *testing.T) {
		require.False(t, requireSameAsDecoder(t, fixture.Read(t, "ncbi", "biopython_esummary8.xml")))
	})
}

// record wraps the inner XML of an Article in a minimal record and article set.
func record(article string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">` + "\n" +
		"<PubmedArticleSet>\n<PubmedArticle><MedlineCitation><PMID Version=\"1\">123</PMID><Article>" + article +
		"</Article></MedlineCitation></PubmedArticle>\n</PubmedArticleSet>\n"
}

func TestScannerMatchesDecoder(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		fast bool // whether the scanner is expected to read it without falling back
	}{
		{"references", record(`<ArticleTitle>a &lt; b &amp; c &gt; d &quot;q&quot; &apos;s&apos; &#945;&#x3B2; &eacute;&nbsp;&hellip;</ArticleTitle>`), true},
		{"surrogate reference becomes U+FFFD", record(`<ArticleTitle>x &#xD800; y</ArticleTitle>`), true},
		{"reference to U+0000", record(`<ArticleTitle>x &#0; y</ArticleTitle>`), false},
		{"huge reference", record(`<ArticleTitle>x &#99999999999999999999; y</ArticleTitle>`), false},
		{"unknown entity", record(`<ArticleTitle>x &bogus; y</ArticleTitle>`), false},
		{"bare ampersand", record(`<ArticleTitle>x & y</ArticleTitle>`), false},
		{"uppercase X reference", record(`<ArticleTitle>&#X41;</ArticleTitle>`), false},
		{"CDATA", record(`<ArticleTitle>a <![CDATA[<b> & </b>]]> c</ArticleTitle>`), true},
		{"empty CDATA", record(`<ArticleTitle>a<![CDATA[]]>b</ArticleTitle>`), true},
		{"CDATA cut off", record(`<ArticleTitle>a <![CDATA[never closed</ArticleTitle>`), false},
		{"comment", record(`<ArticleTitle>a<!-- <ArticleTitle>no</ArticleTitle> -->b</ArticleTitle>`), true},
		{"comment with --", record(`<ArticleTitle>a<!-- x -- y -->b</ArticleTitle>`), false},
		{"CRLF and CR", record("<ArticleTitle>a\r\nb\rc</ArticleTitle><Abstract><AbstractText Label=\"L\r\nX\">t</AbstractText></Abstract>"), true},
		{"single-quoted and entity attributes", record(`<Abstract><AbstractText Label='A &amp; B' NlmCategory="x">t</AbstractText></Abstract><ArticleTitle>t</ArticleTitle>`), true},
		{"attributes without white space between", record(`<Abstract><AbstractText Label="A"NlmCategory="B">t</AbstractText></Abstract><ArticleTitle>t</ArticleTitle>`), true},
		{"prefixed attribute", record(`<Abstract><AbstractText x:Label="P">t</AbstractText></Abstract><ArticleTitle>t</ArticleTitle>`), true},
		{"less-than in attribute", record(`<Abstract><AbstractText Label="a<b">t</AbstractText></Abstract>`), false},
		{"unquoted attribute", record(`<Abstract><AbstractText Label=A>t</AbstractText></Abstract>`), false},
		{"attribute without value", record(`<Abstract><AbstractText Label>t</AbstractText></Abstract>`), false},
		{"self-closing elements", record(`<ArticleTitle>a<br/>b</ArticleTitle><ReferenceList/><Abstract/>`), true},
		{"MathML with prefixes", record(`<ArticleTitle>x<mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:msup><mml:mi>a</mml:mi><mml:mn>2</mml:mn></mml:msup></mml:math></ArticleTitle>`), true},
		{"two colons in a name", record(`<ArticleTitle>x<a:b:c>y</a:b:c></ArticleTitle>`), false},
		{"prefix mismatch", record(`<ArticleTitle>x<a:b>y</c:b></ArticleTitle>`), false},
		{"mismatched end tag", record(`<ArticleTitle>x<i>y</b></ArticleTitle>`), false},
		{"mismatch inside a skipped subtree", record(`<ArticleTitle>t</ArticleTitle><GrantList><Grant></Grnt></GrantList>`), false},
		{"control character", record("<ArticleTitle>a\x01b</ArticleTitle>"), false},
		{"control character in a skipped subtree", record("<ArticleTitle>t</ArticleTitle><GrantList>\x01</GrantList>"), false},
		{"invalid UTF-8", record("<ArticleTitle>a\xffb</ArticleTitle>"), false},
		{"U+FFFE", record("<ArticleTitle>a\uFFFEb</ArticleTitle>"), false},
		{"non-BMP character", record("<ArticleTitle>a\U0001F600b</ArticleTitle>"), true},
		{"]]> in text", record(`<ArticleTitle>a ]]> b</ArticleTitle>`), false},
		{"]]> in attribute", record(`<Abstract><AbstractText Label="]]>">t</AbstractText></Abstract><ArticleTitle>t</ArticleTitle>`), true},
		{"non-ASCII element name", record(`<ArticleTitle>a<é>b</é></ArticleTitle>`), false},
		{"processing instruction in a record", record(`<ArticleTitle>a<?php x ?>b</ArticleTitle>`), false},
		{"declaration switching encoding mid-document", record(`<ArticleTitle>a<?xml version="1.0" encoding="ISO-8859-1"?>b</ArticleTitle>`), false},
		{"white space in tags", record("<ArticleTitle\n>a</ArticleTitle\t><Abstract ><AbstractText\tLabel = \"L\"\r\n>t</AbstractText ></Abstract>"), true},
		{"Latin-1 document", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>5</PMID><Article><ArticleTitle>caf\xe9</ArticleTitle></Article></MedlineCitation></PubmedArticle></PubmedArticleSet>", false},
		{"version 1.1", `<?xml version="1.1"?><PubmedArticleSet></PubmedArticleSet>`, false},
		{"single-quoted declaration", `<?xml version='1.0' encoding='utf-8'?><PubmedArticleSet></PubmedArticleSet>`, true},
		{"byte order mark", "\uFEFF<?xml version=\"1.0\"?>\n<PubmedArticleSet></PubmedArticleSet>", true},
		{"DOCTYPE with internal subset", `<!DOCTYPE PubmedArticleSet [<!ENTITY x "y">]><PubmedArticleSet></PubmedArticleSet>`, false},
		{"comment in prolog", "<!-- exported -->\n<PubmedArticleSet></PubmedArticleSet>", true},
		{"self-closing root", `<PubmedArticleSet/>`, false},
		{"other root", `<eSearchResult><Count>0</Count></eSearchResult>`, false},
		{"prefixed root", `<p:PubmedArticleSet xmlns:p="urn:x"><PubmedArticle><MedlineCitation><PMID>7</PMID><Article><ArticleTitle>t</ArticleTitle></Article></MedlineCitation></PubmedArticle></p:PubmedArticleSet>`, true},
		{"text after root", `<PubmedArticleSet></PubmedArticleSet>garbage <<<`, true},
		{"truncated in a record", record(`<ArticleTitle>t</ArticleTitle>`)[:200], false},
		{"truncated inside a tag", record(`<ArticleTitle>t</ArticleTitle>`)[:len(record(`<ArticleTitle>t</ArticleTitle>`))-12], false},
		{"element between records", `<PubmedArticleSet><DeleteCitation><PMID>1</PMID></DeleteCitation><PubmedArticle><MedlineCitation><PMID>8</PMID><Article><ArticleTitle>t</ArticleTitle></Article></MedlineCitation></PubmedArticle></PubmedArticleSet>`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.fast, requireSameAsDecoder(t, []byte(tt.doc)), "fast path taken")
		})
	}
}

// TestParseArticleSetReadError checks that a read error part-way reaches the decoder
// where it happened, as when ParseArticleSet streamed from the reader.
func TestParseArticleSetReadError(t *testing.T) {
	full := fixture.Read(t, "ncbi", "biopython_pubmed2.xml")
	cut := bytes.Index(full, []byte("</PubmedArticle>")) + len("</PubmedArticle>") + 40
	r := io.MultiReader(bytes.NewReader(full[:cut]), errReader{os.ErrDeadlineExceeded})
	ev, _, err := ParseArticleSet(r)
	require.ErrorIs(t, err, os.ErrDeadlineExceeded)
	require.ErrorContains(t, err, "malformed XML in record 2")
	require.Len(t, ev, 1)
}

// FuzzScannerMatchesDecoder checks, on mutated documents, that ParseArticleSet returns
// exactly what encoding/xml's path returns: evidence, record errors and error text.
func FuzzScannerMatchesDecoder(f *testing.F) {
	for _, name := range []string{"biopython_pubmed1.xml", "biopython_pubmed2.xml", "biopython_pubmed4.xml", "biopython_pubmed6.xml", "biopython_esummary8.xml"} {
		f.Add(fixture.Read(f, "ncbi", name))
	}
	if b, err := os.ReadFile(filepath.Join("testdata", "edge_cases.xml")); err == nil {
		f.Add(b)
	}
	f.Add([]byte(record(`<ArticleTitle>a &lt; &#945; &eacute; <![CDATA[x]]><!-- c --> <sup>2</sup></ArticleTitle><Abstract><AbstractText Label='A &amp; B'>t</AbstractText></Abstract>`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		requireSameAsDecoder(t, data)
	})
}

// TestScannerMatchesDecoderOnGeneratedDocuments assembles many small documents from
// fragments near the edges of what the scanner accepts (references, CDATA, comments,
// line ends, attributes, prefixes, stray markup) and checks each against encoding/xml's
// path. Fragments are chosen from a fixed seed, so failures reproduce.
func TestScannerMatchesDecoderOnGeneratedDocuments(t *testing.T) {
	fragments := []string{
		"text", " ", "\n", "\r\n", "\r", "\t", "é", "\U0001F600", "&amp;", "&lt;", "&eacute;", "&#945;", "&#x3b2;",
		"&#xD800;", "&#0;", "&bogus;", "&", "&#;", "]]>", "]]", "]", ">", "<![CDATA[c<&]]>", "<![CDATA[\r\n]]>",
		"<!-- c -->", "<!-- - -->", "<!-- -- -->", "<sup>2</sup>", "<sub>i</sub>", "<i>x</i>", "<b/>", "<br />",
		"<mml:math><mml:mi>v</mml:mi></mml:math>", "<a:b:c/>", "<x:i>y</x:i>", "<x:i>y</y:i>", "</i>", "<i>",
		"<?pi x?>", "\x01", "\xff", "\uFFFE", "<é/>", "<Keyword MajorTopicYN='N'>k</Keyword>",
		"<PublicationType UI=\"D1\">Review</PublicationType>", `<ELocationID EIdType="doi" ValidYN="Y">10.1/x</ELocationID>`,
		`<AbstractText Label="A &amp; B" NlmCategory='C'>t</AbstractText>`, `<AbstractText Label="a<b">t</AbstractText>`,
		`<AbstractText Label=a>t</AbstractText>`, `<AbstractText Label="x"Label="y">t</AbstractText>`,
		"<GrantList><Grant><GrantID>1</GrantID></Grant></GrantList>", "<ReferenceList><Reference>r</Reference></ReferenceList>",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	fast := 0
	const n = 3000
	for i := 0; i < n; i++ {
		var title, abstract strings.Builder
		for k := rng.IntN(6); k > 0; k-- {
			title.WriteString(fragments[rng.IntN(len(fragments))])
		}
		for k := rng.IntN(4); k > 0; k-- {
			abstract.WriteString(fragments[rng.IntN(len(fragments))])
		}
		doc := record("<ArticleTitle>" + title.String() + "</ArticleTitle><Abstract>" + abstract.String() + "</Abstract>")
		if rng.IntN(10) == 0 {
			doc = doc[:rng.IntN(len(doc))]
		}
		if requireSameAsDecoder(t, []byte(doc)) {
			fast++
		}
	}
	require.Greater(t, fast, n/10, "enough generated documents exercise the fast path")
}
