package citeformat

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"deepcritical/backend/domain"
)

// readAll reads src and splits what came back into records, hard errors and warnings.
func readAll(t *testing.T, src string, f Format) ([]domain.Evidence, []RecordError, []RecordError) {
	t.Helper()
	evs, errs := Read(strings.NewReader(src), f)
	var hard, warn []RecordError
	for _, e := range errs {
		if IsWarning(e.Err) {
			warn = append(warn, e)
		} else {
			hard = append(hard, e)
		}
	}
	return evs, hard, warn
}

func titles(evs []domain.Evidence) []string {
	out := []string{}
	for _, e := range evs {
		out = append(out, e.Citation.Title)
	}
	return out
}

// TestImportVariantsKeepEveryParseableRecord covers the variants public test files and
// other exporters produce; each file mixes them with ordinary records, and every record
// that can be read must come back.
func TestImportVariantsKeepEveryParseableRecord(t *testing.T) {
	tests := []struct {
		name       string
		format     Format
		src        string
		titles     []string
		hardErrors int
		check      func(t *testing.T, evs []domain.Evidence)
	}{
		{
			name:   "BibTeX entries without a key",
			format: FormatBibTeX,
			src: "@article{,\n title = {Empty key},\n year = 2001\n}\n" +
				"@article{title = {No key at all}, doi = {10.1000/NK}}\n" +
				"@article{ok1,\n title = {With key}\n}\n",
			titles: []string{"Empty key", "No key at all", "With key"},
			check: func(t *testing.T, evs []domain.Evidence) {
				require.Equal(t, "10.1000/NK", evs[1].Citation.DOI, "the DOI is stored as given")
			},
		},
		{
			name:   "BibTeX double commas",
			format: FormatBibTeX,
			src:    "@article{dc,\n title = {Double},, year = {2002},\n,\n}\n@misc{m, title={Next}}\n",
			titles: []string{"Double", "Next"},
			check: func(t *testing.T, evs []domain.Evidence) {
				require.Equal(t, "2002", evs[0].Citation.Date)
			},
		},
		{
			name:   "BibTeX PMID with a prefix, and one that is no PMID",
			format: FormatBibTeX,
			src:    "@article{p1, title = {Prefixed}, pmid = {PMID: 22663011}}\n@article{p2, title = {Not a PMID}, pmid = \"P123456\"}\n",
			titles: []string{"Prefixed", "Not a PMID"},
			check: func(t *testing.T, evs []domain.Evidence) {
				require.Equal(t, "22663011", evs[0].Citation.PMID)
				require.Empty(t, evs[1].Citation.PMID, "a value that is not a PMID is not stored as one; the record is kept")
			},
		},
		{
			name:       "BibTeX: a broken entry costs only itself",
			format:     FormatBibTeX,
			src:        "@article{a, title = {First}}\n@article{b, title = {Broken\n@article{c, title = {Third}}\n",
			titles:     []string{"First", "Third"},
			hardErrors: 1,
		},
		{
			name:   "EndNote RIS with one-space tags",
			format: FormatRIS,
			src:    "TY - JOUR\nTI - One space\nAU - Flaherty, Keith T\nPY - 2020\nER -\n\nTY - JOUR\nTI - Second\nER - \n",
			titles: []string{"One space", "Second"},
			check: func(t *testing.T, evs []domain.Evidence) {
				require.Equal(t, []string{"Flaherty, Keith T"}, evs[0].Citation.Authors)
			},
		},
		{
			name:   "RIS identifiers in AN and note lines",
			format: FormatRIS,
			src: "TY  - JOUR\r\nTI  - Ids\r\nAN  - PMID: 31000001\r\nN1  - PMCID: PMC7000001\r\nN1  - ClinicalTrials.gov: NCT01234567\r\n" +
				"SN  - 0028-4793\r\nDO  - 10.1056/NEJMoa2000001\r\nUR  - javascript:alert(4)\r\nER  - \r\n",
			titles: []string{"Ids"},
			check: func(t *testing.T, evs []domain.Evidence) {
				c := evs[0].Citation
				require.Equal(t, []string{"31000001", "PMC7000001", "NCT01234567", "0028-4793", "10.1056/NEJMoa2000001"},
					[]string{c.PMID, c.PMCID, c.NCTID, c.ISSN, c.DOI})
				require.Equal(t, "https://pubmed.ncbi.nlm.nih.gov/31000001/", c.URL, "a javascript: URL is replaced by the record's own")
			},
		},
		{
			name:   "CSL-JSON keeps '<' in text and drops only markup",
			format: FormatCSLJSON,
			src:    `[{"id":"x","title":"<i>In vivo</i> dosing","abstract":"Significant (p < 0.05) and p<0.01 &amp; x > y","author":[{"family":"Smith","given":"John","suffix":"Jr."},{"literal":"METRIC Study Group"}]}]`,
			titles: []string{"In vivo dosing"},
			check: func(t *testing.T, evs []domain.Evidence) {
				require.Equal(t, "Significant (p < 0.05) and p<0.01 & x > y", evs[0].Content)
				require.Equal(t, []string{"Smith, John, Jr.", "METRIC Study Group"}, evs[0].Citation.Authors)
			},
		},
		{
			name:   "CSL-JSON object that is not an item imports nothing",
			format: FormatCSLJSON,
			src:    `{"items":5,"title":[]}`,
			titles: []string{""},
			check: func(t *testing.T, evs []domain.Evidence) {
				require.False(t, HasIdentity(evs[0].Citation), "the importer skips it and says why")
			},
		},
		{
			name:   "DeepCritical's own JSON export",
			format: FormatCSLJSON,
			src: `{"format":"deepcritical-run","version":1,"question":"q","evidence":[` +
				`{"n":1,"key":"pmid:1","content":"Abstract.","citation":{"source":"pubmed","id":"1","title":"Exported one","url":"https://pubmed.ncbi.nlm.nih.gov/1/","date":"2020","authors":["Flaherty, Keith T"],"pmid":"1"},"relevance":0.9},` +
				`{"n":2,"key":"doi:10.1/x","content":"","citation":{"source":"europepmc","id":"x","title":"Exported two","url":"","date":"2021","authors":[],"doi":"10.1/X"},"relevance":0.5}]}`,
			titles: []string{"Exported one", "Exported two"},
			check: func(t *testing.T, evs []domain.Evidence) {
				require.Equal(t, domain.SourceLibrary, evs[0].Citation.Source)
				require.Equal(t, "10.1/X", evs[1].Citation.DOI)
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs, hard, _ := readAll(t, tt.src, tt.format)
			require.Len(t, hard, tt.hardErrors, "errors: %v", hard)
			require.Equal(t, tt.titles, titles(evs))
			if tt.check != nil {
				tt.check(t, evs)
			}
		})
	}
}

func TestLatin1FileIsConvertedWithAWarning(t *testing.T) {
	src := "TY  - JOUR\r\nTI  - Caf\xe9 au lait \x96 na\xefve M\xfcller\r\nAU  - M\xfcller, J\xfcrgen C\r\nER  - \r\n"
	evs, hard, warn := readAll(t, src, FormatRIS)
	require.Empty(t, hard)
	require.Len(t, evs, 1)
	require.Equal(t, "Café au lait – naïve Müller", evs[0].Citation.Title)
	require.Equal(t, []string{"Müller, Jürgen C"}, evs[0].Citation.Authors)
	require.Len(t, warn, 1)
	require.Equal(t, 0, warn[0].Record, "the encoding concerns the whole file")
	require.Contains(t, warn[0].Error(), "Windows-1252/Latin-1")

	// UTF-8 input, split anywhere by the reader, is passed through untouched.
	utf := "TY  - JOUR\nTI  - Ærø–Zürich ✓ 𝛼\nER  - \n"
	var got []byte
	l := newLatin1Fallback(&oneByteReader{s: utf})
	buf := make([]byte, 3)
	for {
		n, err := l.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			break
		}
	}
	require.Equal(t, utf, string(got))
	require.Zero(t, l.converted)
}

type oneByteReader struct{ s string }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	return 1, nil
}

func TestOversizedFieldIsTruncatedWithAWarning(t *testing.T) {
	huge := strings.Repeat("x", 5<<20)
	src := "TY  - JOUR\nTI  - " + huge + "\nER  - \nTY  - JOUR\nTI  - Small\nER  - \n"
	evs, hard, warn := readAll(t, src, FormatRIS)
	require.Empty(t, hard)
	require.Len(t, evs, 2)
	require.Len(t, []rune(evs[0].Citation.Title), maxTitleRunes)
	require.Len(t, warn, 1)
	require.Equal(t, 1, warn[0].Record)
	require.Contains(t, warn[0].Error(), "title truncated from 5242880 to 4000 characters")
	require.Equal(t, "Small", evs[1].Citation.Title)
}

func TestAuthorsRoundTripThroughEveryWriter(t *testing.T) {
	ev := domain.Evidence{Citation: domain.Citation{Title: "T", PMID: "1", Journal: "J",
		Authors: []string{"Flaherty, Keith T", "Müller, Jürgen C", "METRIC Study Group", "Smith, John, Jr.", "van der Berg, Pieter"}}}
	for _, w := range []struct {
		f     Format
		write func(*bytes.Buffer) error
	}{
		{FormatRIS, func(b *bytes.Buffer) error { return WriteRIS(b, []domain.Evidence{ev}) }},
		{FormatBibTeX, func(b *bytes.Buffer) error { return WriteBibTeX(b, []domain.Evidence{ev}) }},
		{FormatCSLJSON, func(b *bytes.Buffer) error { return WriteCSLJSON(b, []domain.Evidence{ev}) }},
	} {
		var buf bytes.Buffer
		require.NoError(t, w.write(&buf))
		got, errs := Read(&buf, w.f)
		require.Empty(t, errs)
		require.Equal(t, ev.Citation.Authors, got[0].Citation.Authors, string(w.f))
	}
}

func TestExpandPages(t *testing.T) {
	for in, want := range map[string]string{
		"114-24": "114-124", "1021-34": "1021-1034", "R12-5": "R12-R15", "e123-e130": "e123-e130",
		"455-466": "455-466", "98-102": "98-102", "12": "12", "1199-201": "1199-1201", "114–24": "114-124", "": "",
	} {
		require.Equal(t, want, ExpandPages(in), in)
	}
}

func TestSafeURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://x.org/a": "https://x.org/a", "HTTP://X.ORG": "HTTP://X.ORG", "javascript:alert(4)": "",
		"data:text/html,x": "", "file:///etc/passwd": "", " https://x.org/a b": "", "": "",
	} {
		require.Equal(t, want, SafeURL(in), in)
	}
}

func TestParseName(t *testing.T) {
	tests := []struct {
		in   string
		want Name
	}{
		{"Flaherty, Keith T", Name{Family: "Flaherty", Given: "Keith T"}},
		{"Smith, John, Jr.", Name{Family: "Smith", Given: "John", Suffix: "Jr."}},
		{"Smith, Jr., John", Name{Family: "Smith", Given: "John", Suffix: "Jr."}},
		{"Flaherty KT", Name{Family: "Flaherty", Given: "KT"}},
		{"Hambrick GW Jr", Name{Family: "Hambrick", Given: "GW", Suffix: "Jr"}},
		{"Hambrick, George W Jr", Name{Family: "Hambrick", Given: "George W", Suffix: "Jr"}},
		{"METRIC Study Group", Name{Literal: "METRIC Study Group"}},
		{"Groupe d'étude français", Name{Literal: "Groupe d'étude français"}},
		{"Deutsche Gesellschaft für Kardiologie", Name{Literal: "Deutsche Gesellschaft für Kardiologie"}},
		{"Keith T. Flaherty", Name{Family: "Flaherty", Given: "Keith T."}},
		{"Ludwig van Beethoven", Name{Family: "van Beethoven", Given: "Ludwig"}},
		{"Madonna", Name{Literal: "Madonna"}},
		{"Writing Committee for the ABC, DEF and GHI Investigators", Name{Literal: "Writing Committee for the ABC, DEF and GHI Investigators"}},
		{"van der Berg, Pieter", Name{Family: "van der Berg", Given: "Pieter"}},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, ParseName(tt.in), tt.in)
		if tt.want.Literal == "" && strings.Contains(tt.in, ",") {
			require.Equal(t, tt.want, ParseName(tt.want.String()), "String() round-trips %q", tt.in)
		}
	}
	require.Equal(t, "Flaherty KT", VancouverAuthor("Flaherty, Keith T"))
	require.Equal(t, "Smith J Jr", VancouverAuthor("Smith, John, Jr."))
}

func TestUTF16FileIsDecoded(t *testing.T) {
	text := "TY  - JOUR\r\nTI  - Ærø–Zürich naïve\r\nAU  - Müller, Jürgen C\r\nER  - \r\n"
	enc, _, err := transform.String(unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder(), text)
	require.NoError(t, err)
	f, err := Detect("endnote.txt", []byte(enc))
	require.NoError(t, err)
	require.Equal(t, FormatRIS, f)
	evs, hard, warn := readAll(t, enc, FormatRIS)
	require.Empty(t, hard)
	require.Empty(t, warn)
	require.Len(t, evs, 1)
	require.Equal(t, "Ærø–Zürich naïve", evs[0].Citation.Title)
}

func TestRISDatePrefersDA(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"TY  - JOUR\nTI  - a\nY1  - 2010\nDA  - 2011/05/03/\nER  - \n", "2011-05-03"},
		{"TY  - JOUR\nTI  - a\nY1  - 2010/02/01/\nDA  - 2011/05/03/\nER  - \n", "2011-05-03"},
		{"TY  - JOUR\nTI  - a\nPY  - 2010\nDA  - accessed later\nER  - \n", "2010"},
		{"TY  - JOUR\nTI  - a\nPY  - 2010\nER  - \n", "2010"},
	} {
		evs, hard, _ := readAll(t, tt.src, FormatRIS)
		require.Empty(t, hard)
		require.Equal(t, tt.want, evs[0].Citation.Date, tt.src)
	}
}
