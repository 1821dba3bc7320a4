package citeformat

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/internal/sharedtest"
)

type readResult struct {
	Evidence []domain.Evidence `json:"evidence"`
	Errors   []recordErrorJSON `json:"errors"`
}

type recordErrorJSON struct {
	Record int    `json:"record"`
	Error  string `json:"error"`
}

func readFile(t *testing.T, path string, f Format) readResult {
	t.Helper()
	fh, err := os.Open(path)
	require.NoError(t, err)
	defer fh.Close()
	evs, errs := Read(fh, f)
	res := readResult{Evidence: evs, Errors: []recordErrorJSON{}}
	for _, e := range errs {
		res.Errors = append(res.Errors, recordErrorJSON{Record: e.Record, Error: e.Err.Error()})
	}
	return res
}

func TestReadGolden(t *testing.T) {
	tests := []struct {
		file   string
		format Format
	}{
		{"basic.nbib", FormatMEDLINE},
		{"bad.nbib", FormatMEDLINE},
		{"basic.ris", FormatRIS},
		{"bad.ris", FormatRIS},
		{"basic.bib", FormatBibTeX},
		{"bad.bib", FormatBibTeX},
		{"basic.json", FormatCSLJSON},
		{"single.json", FormatCSLJSON},
		{"bad.json", FormatCSLJSON},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			res := readFile(t, filepath.Join("testdata", tt.file), tt.format)
			for _, ev := range res.Evidence {
				require.NoError(t, ev.Validate())
				require.Equal(t, domain.SourceLibrary, ev.Citation.Source)
			}
			golden(t, tt.file+".golden.json", res)
		})
	}
}

// TestBadRecordInTheMiddle checks that a broken record is reported with its position
// and that every other record is still read.
func TestBadRecordInTheMiddle(t *testing.T) {
	tests := []struct {
		file      string
		format    Format
		badAt     []int
		goodTitle []string
	}{
		{"bad.nbib", FormatMEDLINE, []int{2, 4}, []string{"First good record.", "Third good record.", "Fifth good record."}},
		{"bad.ris", FormatRIS, []int{2, 4}, []string{"First good record", "Third good record"}},
		{"bad.bib", FormatBibTeX, []int{2, 4}, []string{"First good entry", "Third good entry", "Fifth good entry"}},
		{"bad.json", FormatCSLJSON, []int{2, 3}, []string{"First good item", "Fourth good item"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			res := readFile(t, filepath.Join("testdata", tt.file), tt.format)
			var at []int
			for _, e := range res.Errors {
				at = append(at, e.Record)
				require.NotEmpty(t, e.Error)
			}
			require.Equal(t, tt.badAt, at)
			var titles []string
			for _, ev := range res.Evidence {
				titles = append(titles, ev.Citation.Title)
			}
			require.Equal(t, tt.goodTitle, titles)
		})
	}
}

func TestMEDLINESample100(t *testing.T) {
	path := sharedtest.Path(t, "data", "medline_sample", "sample100.medline.txt")
	raw, err := os.ReadFile(path)
	require.NoError(t, err)

	// The PMIDs and publication types as written in the file, counted independently.
	// (The sample holds one PMID twice, so they are compared by position.)
	var wantPMIDs []string
	var wantPT [][]string
	for _, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimRight(line, "\r")
		if v, ok := strings.CutPrefix(line, "PMID- "); ok {
			wantPMIDs = append(wantPMIDs, strings.TrimSpace(v))
			wantPT = append(wantPT, nil)
		}
		if v, ok := strings.CutPrefix(line, "PT  - "); ok {
			wantPT[len(wantPT)-1] = append(wantPT[len(wantPT)-1], strings.TrimSpace(v))
		}
	}
	require.Len(t, wantPMIDs, 100)

	format, err := Detect(filepath.Base(path), raw[:min(len(raw), 4096)])
	require.NoError(t, err)
	require.Equal(t, FormatMEDLINE, format)

	evs, errs := Read(bytes.NewReader(raw), format)
	require.Empty(t, errs)
	require.Len(t, evs, 100)
	for i, ev := range evs {
		c := ev.Citation
		require.Equal(t, wantPMIDs[i], c.PMID)
		require.Equal(t, wantPT[i], c.PublicationTypes, "PMID %s", c.PMID)
		require.NotEmpty(t, c.Title, "PMID %s", c.PMID)
		require.NotEmpty(t, c.Year(), "PMID %s", c.PMID)
		require.Equal(t, "pmid:"+c.PMID, ev.CanonicalKey())
		require.NoError(t, ev.Validate())
	}
}

func TestPubMedXMLFixtures(t *testing.T) {
	dir := sharedtest.Path(t, "fixtures", "ncbi")
	tests := []struct {
		file  string
		pmids []string
		check func(t *testing.T, evs []domain.Evidence)
	}{
		{"biopython_pubmed1.xml", []string{"12091962", "9997"}, nil},
		{"biopython_pubmed4.xml", nil, func(t *testing.T, evs []domain.Evidence) {
			require.Len(t, evs, 1)
			var labels []string
			for _, s := range evs[0].Citation.Sections {
				labels = append(labels, s.Label)
			}
			require.Contains(t, labels, "OBJECTIVE")
			require.Len(t, evs[0].Citation.PublicationTypes, 5)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(dir, tt.file))
			require.NoError(t, err)
			f, err := Detect(tt.file, raw[:min(len(raw), 4096)])
			require.NoError(t, err)
			require.Equal(t, FormatPubMedXML, f)
			evs, errs := Read(bytes.NewReader(raw), f)
			require.Empty(t, errs)
			for _, ev := range evs {
				require.Equal(t, domain.SourceLibrary, ev.Citation.Source)
				require.NotEmpty(t, ev.Citation.PMID)
			}
			if tt.pmids != nil {
				var got []string
				for _, ev := range evs {
					got = append(got, ev.Citation.PMID)
				}
				require.Equal(t, tt.pmids, got)
			}
			if tt.check != nil {
				tt.check(t, evs)
			}
		})
	}
}

func TestPubMedXMLTruncated(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(sharedtest.Path(t, "fixtures", "ncbi"), "biopython_pubmed1.xml"))
	require.NoError(t, err)
	cut := bytes.Index(raw, []byte("</PubmedArticle>"))
	require.Positive(t, cut)
	// Keep the first record whole and cut the second one short.
	cut += len("</PubmedArticle>") + 200
	evs, errs := Read(bytes.NewReader(raw[:cut]), FormatPubMedXML)
	require.Len(t, evs, 1)
	require.Len(t, errs, 1)
	require.Equal(t, 2, errs[0].Record)
	require.Contains(t, errs[0].Err.Error(), "truncated")
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		head string
		want Format
		err  bool
	}{
		{"refs.nbib", "", FormatMEDLINE, false},
		{"pubmed-export.txt", "\nPMID- 123\nOWN - NLM\n", FormatMEDLINE, false},
		{"export.txt", "TY  - JOUR\nTI  - x\n", FormatRIS, false},
		{"refs.ris", "", FormatRIS, false},
		{"refs.bib", "", FormatBibTeX, false},
		{"noext", "% comment\n@article{x,\n", FormatBibTeX, false},
		{"items.json", "\n [ {\"id\": 1} ]", FormatCSLJSON, false},
		{"items.json", "hello", "", true},
		{"efetch.xml", `<?xml version="1.0"?><!DOCTYPE PubmedArticleSet><PubmedArticleSet>`, FormatPubMedXML, false},
		{"other.xml", `<?xml version="1.0"?><rss>`, "", true},
		{"unknown.dat", "just some words", "", true},
		{"notes.txt", "PMID is mentioned here but no tags", "", true},
		{"bom.txt", "\uFEFFTY  - JOUR\n", FormatRIS, false},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+string(tt.want), func(t *testing.T) {
			got, err := Detect(tt.name, []byte(tt.head))
			if tt.err {
				require.Error(t, err)
				require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}

func TestNormDate(t *testing.T) {
	tests := map[string]string{
		"2000 Jun":      "2000-06",
		"2000 Jun 15":   "2000-06-15",
		"2000 Jun-Jul":  "2000-06",
		"2000 Spring":   "2000",
		"2000/06/15/":   "2000-06-15",
		"2023///":       "2023",
		"20190301":      "2019-03-01",
		"June 2000":     "2000-06",
		"15 June 2000":  "2000-06-15",
		"2020-06-15":    "2020-06-15",
		"1998 Dec-1999": "1998-12",
		"in press":      "in press",
		"":              "",
	}
	for in, want := range tests {
		require.Equal(t, want, normDate(in), in)
	}
}

func TestSplitName(t *testing.T) {
	tests := []struct {
		in            string
		family, given string
		literal       bool
	}{
		{"Smith, John A", "Smith", "John A", false},
		{"Smith JA", "Smith", "JA", false},
		{"van der Berg P", "van der Berg", "P", false},
		{"Ludwig van Beethoven", "van Beethoven", "Ludwig", false},
		{"UK700 Group", "UK700 Group", "", true},
		{"Plato", "Plato", "", true},
	}
	for _, tt := range tests {
		f, g, l := splitName(tt.in)
		require.Equal(t, []any{tt.family, tt.given, tt.literal}, []any{f, g, l}, tt.in)
	}
}

func TestDecodeLaTeX(t *testing.T) {
	tests := map[string]string{
		`M{\"u}ller`:                             "Müller",
		`M\"{u}ller`:                             "Müller",
		`M\"uller`:                               "Müller",
		`Garc{\'\i}a`:                            "García",
		`Ca\~{n}ada`:                             "Cañada",
		`{\O}stergaard S{\o}ren`:                 "Østergaard Søren",
		`Stra{\ss}e`:                             "Straße",
		`\c{C}elik`:                              "Çelik",
		`50\% of {RCTs} \& more`:                 "50% of RCTs & more",
		`\emph{in vivo} $\beta$-amyloid`:         "in vivo β-amyloid",
		`1201--1210`:                             "1201–1210",
		`a\textasciitilde{}b \textbackslash{} c`: `a~b \ c`,
	}
	for in, want := range tests {
		require.Equal(t, want, decodeLaTeX(in), in)
	}
}
