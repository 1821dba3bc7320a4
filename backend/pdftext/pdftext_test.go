package pdftext

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/internal/sharedtest"
)

// testReader is shared by the package's tests; its compiled module is cached in the
// system's temporary folder so repeated test runs skip the compilation.
var testReader = New(Options{CacheDir: filepath.Join(os.TempDir(), "deepcritical-test-xdg-cache", "deepcritical", "pdfium")})

func TestMain(m *testing.M) {
	code := m.Run()
	_ = testReader.Close()
	os.Exit(code)
}

func read(t *testing.T, path string) Paper {
	t.Helper()
	p, err := testReader.Read(context.Background(), path)
	require.NoError(t, err)
	return p
}

type sectionWant struct {
	kind   domain.SectionKind
	title  string
	parent string
}

func sectionList(ft domain.FullText) []sectionWant {
	out := make([]sectionWant, len(ft.Sections))
	for i, s := range ft.Sections {
		out[i] = sectionWant{s.Kind, s.Title, s.Parent}
	}
	return out
}

func TestReadRecoversSectionsAndIdentifiers(t *testing.T) {
	tests := []struct {
		file     string
		title    string
		doi      string
		pmcid    string
		registry []string
		pages    int
		// the citation line's year and journal, and the byline
		year, journal string
		authors       []string
		// sections that must appear, in this order (others may sit between them)
		sections []sectionWant
		// text that must not be in the full text: running heads, footers, the reference list
		absent []string
	}{
		{
			file:  "lithium-2col.pdf",
			title: "Effectiveness of lithium in subjects with treatment-resistant depression and suicide risk: results and lessons of an underpowered randomised clinical trial",
			doi:   "10.1186/1756-0500-7-731", registry: []string{"NCT00927550"}, pages: 5, year: "2014", journal: "BMC Research Notes",
			authors: []string{"Francesca Girlanda", "Andrea Cipriani", "Emilia Agrimi", "Maria Grazia Appino", "Corrado Barbui"},
			sections: []sectionWant{
				{domain.SectionOther, "Front matter", ""},
				{domain.SectionAbstract, "Abstract", ""},
				{domain.SectionAbstract, "Methods", "Abstract"},
				{domain.SectionAbstract, "Trial registration", "Abstract"},
				{domain.SectionIntroduction, "Background", ""},
				{domain.SectionMethods, "Methods", ""},
				{domain.SectionMethods, "Study design", "Methods"},
				{domain.SectionMethods, "Statistical analysis", "Methods"},
				{domain.SectionResults, "Results", ""},
				{domain.SectionTable, "Table 1 Distribution of patients’ socio-demographic and clinical characteristics by allocated treatment", "Results"},
				{domain.SectionResults, "Lithium efficacy", "Results"},
				{domain.SectionDiscussion, "Discussion", ""},
				{domain.SectionConclusions, "Conclusions", ""},
				{domain.SectionOther, "Acknowledgements", ""},
			},
			absent: []string{"Page 2 of 5", "Girlanda et al. BMC Research Notes 2014, 7:731\n", "1471-244X-13-212", "BMC Psychiatry. 2013", "References"},
		},
		{
			file:  "clopidogrel-1col.pdf",
			title: "Effects of Clopidogrel, Prasugrel and Ticagrelor on Microvascular Function and Platelet Reactivity in Patients With Acute Coronary Syndrome Undergoing Coronary Artery Stenting. A Randomized, Blinded, Parallel Group Trial",
			doi:   "10.3389/fcvm.2021.780605", pmcid: "PMC8710519", registry: []string{"NCT01700322", "EudraCT 2011-005305-73"}, pages: 6,
			year: "2021", journal: "Front. Cardiovasc. Med.",
			authors: []string{"Boris Schnorbus", "Kerstin Jurk", "Karl J. Lackner", "Caroline Welk", "Thomas Münzel", "Tommaso Gori"},
			sections: []sectionWant{
				{domain.SectionAbstract, "Abstract", ""},
				{domain.SectionAbstract, "Aims", "Abstract"},
				{domain.SectionAbstract, "Methods and Results", "Abstract"},
				{domain.SectionAbstract, "Conclusions", "Abstract"},
				{domain.SectionIntroduction, "1 Introduction", ""},
				{domain.SectionMethods, "2 Methods", ""},
				{domain.SectionMethods, "2.1 Objectives and Design of the Study", "2 Methods"},
				{domain.SectionMethods, "2.5 Statistics", "2 Methods"},
				{domain.SectionResults, "3 Results", ""},
				{domain.SectionTable, "3.2 Table 1 Patient characteristics.", "3 Results"},
				{domain.SectionResults, "3.6 Microvascular Function", "3 Results"},
				{domain.SectionDiscussion, "4 Discussion", ""},
				{domain.SectionDiscussion, "5 Limitations", ""},
				{domain.SectionConclusions, "6 Conclusions", ""},
				{domain.SectionOther, "11 Funding", ""},
				{domain.SectionSupplementary, "15 Supplementary Material", ""},
			},
			absent: []string{"Page 3 of 6", "Schnorbus et al. · Front. Cardiovasc. Med. 8:780605"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			p := read(t, filepath.Join("testdata", tc.file))
			ft := p.FullText
			assert.Equal(t, domain.FullTextPDF, ft.Source)
			assert.Equal(t, tc.file, ft.SourceID)
			assert.Equal(t, tc.title, ft.Title)
			assert.Equal(t, tc.doi, ft.DOI)
			assert.Empty(t, ft.PMID, "no PMID is printed in these papers")
			assert.Equal(t, tc.pmcid, ft.PMCID)
			assert.Equal(t, tc.registry, p.Registry)
			assert.Equal(t, tc.pages, ft.Pages)
			assert.Equal(t, tc.year, p.Year)
			assert.Equal(t, tc.journal, p.Journal)
			assert.Equal(t, tc.authors, p.Authors)
			assert.Empty(t, p.Warnings)
			assert.True(t, ft.HasBody())

			got := sectionList(ft)
			at := 0
			for _, want := range tc.sections {
				found := false
				for ; at < len(got); at++ {
					if got[at] == want {
						found = true
						break
					}
				}
				require.Truef(t, found, "section %+v missing or out of order in %+v", want, got)
			}
			text := ft.Text()
			for _, a := range tc.absent {
				assert.NotContains(t, text, a)
			}
			assert.NotContains(t, text, "\u00ad", "soft hyphens are removed")
			assert.NotRegexp(t, `\p{L}‐\s`, text, "no hyphenation point is left in the text")
		})
	}
}

// TestReadKeepsTheSentences compares the text read from each test PDF with the source text
// it was typeset from: nearly every sentence must come back verbatim (reading order across
// columns and pages, hyphenation undone, ligatures as letters).
func TestReadKeepsTheSentences(t *testing.T) {
	for _, a := range []struct {
		file string
		art  article
	}{{"lithium-2col.pdf", lithium}, {"clopidogrel-1col.pdf", clopidogrel}} {
		t.Run(a.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(sharedDocs(t), a.art.Source))
			if err != nil {
				if sharedtest.InCI() {
					t.Fatalf("shared corpus missing: %v", err)
				}
				t.Skipf("shared corpus missing: %v", err)
			}
			text := squash(read(t, filepath.Join("testdata", a.file)).FullText.Text())
			var total, found int
			var missing []string
			for _, s := range sourceSentences(string(src)) {
				total++
				if strings.Contains(text, squash(s)) {
					found++
				} else if len(missing) < 5 {
					missing = append(missing, s)
				}
			}
			recall := float64(found) / float64(total)
			t.Logf("%s: %d of %d sentences verbatim (%.3f)", a.file, found, total, recall)
			assert.GreaterOrEqualf(t, recall, 0.9, "sentences not found, e.g. %q", missing)
		})
	}
}

// TestReadUndoesHyphenation reads testdata/hyphenation.pdf (made from hyphenation.html): two
// columns whose lines end in hyphens, set with explicit line breaks so each break is where
// the test says. PDFium runs a line ending in "-" into the next one (it takes the hyphen
// for a hyphenation point); the reader gives the printed lines back, so the paragraphs keep
// their words and sentences, the hyphenations go ("ran-" "domised", "hos-" at the foot of a
// column and "pital" at the head of the next) and the hyphens of compounds stay: before a
// capital ("Mann-" "Whitney"), in a word the paper prints with its hyphen elsewhere
// ("computer-" "generated"), in a compound number and in a paper that writes its compounds
// with U+2010 ("Fifty‐" "three", "attachment‐" "oriented").
func TestReadUndoesHyphenation(t *testing.T) {
	p := read(t, filepath.Join("testdata", "hyphenation.pdf"))
	methods := p.FullText.TextOf(domain.SectionMethods)
	assert.Contains(t, methods, "Participants were randomised by a computer-generated list that was concealed from the recruiting staff. "+
		"Outcome assessors were masked to the treatment allocation.\n"+
		"Everyone had been admitted to hospital with delirium. Groups were compared with the Mann-Whitney test. "+
		"Days at home were skewed for participants at home. Our calculation assumed a median of 51 days.", methods)
	results := p.FullText.TextOf(domain.SectionResults)
	assert.Contains(t, results, "Fifty\u2010three participants had cancer\u2010related fatigue")
	assert.Contains(t, results, "The visits followed an attachment\u2010oriented manual.")
}

var sentenceEnd = regexp.MustCompile(`[.?!]\s+`)

// sourceSentences are the body sentences of a corpus text (not its headings, not the
// contact details the typeset page leaves out).
func sourceSentences(src string) []string {
	var out []string
	skip := false
	for i, l := range strings.Split(src, "\n") {
		l = strings.TrimSpace(l)
		if i == 0 || l == "" {
			continue
		}
		if strings.HasPrefix(l, "#") {
			skip = strings.Contains(l, "Contributor Information")
			continue
		}
		if skip {
			continue
		}
		for _, s := range sentenceEnd.Split(l, -1) {
			if len(strings.Fields(s)) >= 4 {
				out = append(out, strings.TrimRight(s, ".?!"))
			}
		}
	}
	return out
}

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

func TestReadRefusesBadPDFs(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(filepath.Join("testdata", "lithium-2col.pdf"))
	require.NoError(t, err)
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, b, 0o644))
		return p
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "folder.pdf"), 0o755))
	tests := []struct {
		name, path, reason string
	}{
		{"scan without a text layer", filepath.Join("testdata", "scanned.pdf"), "scanned.pdf has no text layer: its 1 page is a scanned image; run OCR on it"},
		{"encrypted", filepath.Join("testdata", "encrypted.pdf"), "encrypted.pdf is encrypted with a password"},
		{"truncated download", write("truncated.pdf", good[:len(good)/2]), "truncated.pdf is damaged"},
		{"web page saved as .pdf", write("login.pdf", []byte("<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Please log in</body></html>")),
			"login.pdf is a web page (HTML), not a PDF"},
		{"Word document renamed", write("paper.pdf", append([]byte("PK\x03\x04"), make([]byte, 200)...)), "paper.pdf is a ZIP archive"},
		{"empty file", write("empty.pdf", nil), "empty.pdf is empty"},
		{"folder", filepath.Join(dir, "folder.pdf"), "folder.pdf is a folder, not a PDF"},
		{"missing file", filepath.Join(dir, "absent.pdf"), "cannot open absent.pdf: no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := testReader.Read(context.Background(), tc.path)
			require.Error(t, err)
			msg := domain.SafeMessage(err)
			assert.Contains(t, msg, tc.reason)
			assert.NotContains(t, msg, "\n", "one line")
			assert.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
		})
	}
	// The reader is still usable after every failure.
	p := read(t, filepath.Join("testdata", "lithium-2col.pdf"))
	assert.Equal(t, "10.1186/1756-0500-7-731", p.FullText.DOI)
}

func TestReadStopsAtTheTimeout(t *testing.T) {
	r := New(Options{CacheDir: filepath.Join(os.TempDir(), "deepcritical-test-xdg-cache", "deepcritical", "pdfium"), Timeout: 1})
	defer r.Close()
	_, err := r.Read(context.Background(), filepath.Join("testdata", "lithium-2col.pdf"))
	require.Error(t, err)
	assert.Contains(t, domain.SafeMessage(err), "lithium-2col.pdf: reading it took longer than")
	// A cancelled context is not a timeout: the caller's cancellation comes back.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = testReader.Read(ctx, filepath.Join("testdata", "lithium-2col.pdf"))
	require.ErrorIs(t, err, context.Canceled)
}

// An idle engine gives its memory back and starts again for the next PDF.
func TestIdleEngineStopsAndStartsAgain(t *testing.T) {
	r := New(Options{CacheDir: filepath.Join(os.TempDir(), "deepcritical-test-xdg-cache", "deepcritical", "pdfium"), Idle: 50 * time.Millisecond})
	defer r.Close()
	_, err := r.Read(context.Background(), filepath.Join("testdata", "lithium-2col.pdf"))
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.pool == nil
	}, 10*time.Second, 20*time.Millisecond, "the idle engine is closed")
	p, err := r.Read(context.Background(), filepath.Join("testdata", "clopidogrel-1col.pdf"))
	require.NoError(t, err)
	assert.Equal(t, 6, p.FullText.Pages)
}
