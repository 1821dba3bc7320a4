package library

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/pdftext"
)

// The test PDFs are the pdftext package's (real open-access trial reports, see its
// testdata/README.md), read in place.
func testPDF(name string) string { return filepath.Join("..", "pdftext", "testdata", name) }

func pdfReader(t *testing.T) *pdftext.Reader {
	t.Helper()
	r := pdftext.New(pdftext.Options{CacheDir: filepath.Join(os.TempDir(), "deepcritical-test-xdg-cache", "deepcritical", "pdfium")})
	t.Cleanup(func() { r.Close() })
	return r
}

// A PDF whose printed DOI is that of a record imported earlier from a reference manager is
// that record: it is updated, keeps its key, and gets the PDF's text.
func TestImportPDFJoinsTheLibraryRecordWithItsDOI(t *testing.T) {
	ctx := context.Background()
	s := openStore(t)
	p := writeFiles(t, map[string]string{"mine.ris": `TY  - JOUR
TI  - Effectiveness of lithium in subjects with treatment-resistant depression and suicide risk
AU  - Girlanda, Francesca
AU  - Barbui, Corrado
JO  - BMC Research Notes
PY  - 2014
DO  - https://doi.org/10.1186/1756-0500-7-731
ER  - 
`})
	first, err := ImportWith(ctx, s, []string{p["mine.ris"]}, nil, pdfReader(t))
	require.NoError(t, err)
	require.Equal(t, 1, first.Imported)
	before, err := s.ListLibrary(ctx, 10, 0)
	require.NoError(t, err)
	require.Len(t, before, 1)

	sum, err := ImportWith(ctx, s, []string{testPDF("lithium-2col.pdf")}, nil, pdfReader(t))
	require.NoError(t, err)
	assert.Equal(t, 0, sum.Imported)
	assert.Equal(t, 1, sum.Updated)
	assert.Empty(t, sum.Errors)
	require.Len(t, sum.PDFs, 1)
	got := sum.PDFs[0]
	assert.Equal(t, before[0].ID, got.ID)
	assert.Equal(t, before[0].Key, got.Key)
	assert.Equal(t, "doi:10.1186/1756-0500-7-731", got.Key)
	assert.Equal(t, "library record "+itoa(before[0].ID), got.Matched)
	assert.Equal(t, 5, got.Pages)
	assert.False(t, got.Created)

	recs, err := s.ListLibrary(ctx, 10, 0)
	require.NoError(t, err)
	require.Len(t, recs, 1, "never a second record for the same paper")
	c := recs[0].Evidence.Citation
	assert.Equal(t, []string{"Girlanda, Francesca", "Barbui, Corrado"}, c.Authors, "what the reference manager knew is kept")
	assert.Equal(t, "BMC Research Notes", c.Journal)
	assert.Equal(t, []string{"NCT00927550"}, c.Registry, "what the PDF adds is merged")
	assert.Equal(t, "Effectiveness of lithium in subjects with treatment-resistant depression and suicide risk: results and lessons of an underpowered randomised clinical trial",
		c.Title, "the longer (full) title wins")
	assert.Contains(t, recs[0].Evidence.Content, "we randomised 56 patients only", "the PDF's abstract fills the empty one")

	fts, err := s.FullTexts(ctx, []string{got.Key})
	require.NoError(t, err)
	ft := fts[got.Key]
	assert.Equal(t, domain.FullTextPDF, ft.Source)
	assert.Equal(t, "lithium-2col.pdf", ft.SourceID)
	assert.Equal(t, 5, ft.Pages)
	assert.Contains(t, ft.TextOf(domain.SectionMethods), "A centralised randomisation procedure was employed to preserve allocation concealment")

	// Importing the PDF again stores the same text, still one record, and says nothing.
	again, err := ImportWith(ctx, s, []string{testPDF("lithium-2col.pdf")}, nil, pdfReader(t))
	require.NoError(t, err)
	assert.Equal(t, 1, again.Updated)
	assert.Empty(t, again.Warnings)
	n, err := s.CountLibrary(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
}

// The other order: a PDF imported before its PubMed record. The record (keyed by its PMID)
// shares the DOI the PDF printed, so it joins the PDF's record, which keeps its key and its
// text, and is counted as updated; in one import or in two.
func TestImportReferenceAfterItsPDFJoinsIt(t *testing.T) {
	medline := `PMID- 25326140
TI  - Effectiveness of lithium in subjects with treatment-resistant depression and suicide
      risk: results and lessons of an underpowered randomised clinical trial.
DP  - 2014 Oct 18
FAU - Girlanda, Francesca
FAU - Barbui, Corrado
JT  - BMC research notes
LID - 10.1186/1756-0500-7-731 [doi]
AB  - BACKGROUND: In treatment-resistant depression lithium may reduce suicide.
`
	for _, together := range []bool{false, true} {
		t.Run(map[bool]string{false: "two imports", true: "one import"}[together], func(t *testing.T) {
			ctx := context.Background()
			s := openStore(t)
			p := writeFiles(t, map[string]string{"pubmed.nbib": medline})
			var sum Summary
			if together {
				var err error
				sum, err = ImportWith(ctx, s, []string{testPDF("lithium-2col.pdf"), p["pubmed.nbib"]}, nil, pdfReader(t))
				require.NoError(t, err)
				assert.Equal(t, 1, sum.Imported, "the PDF")
			} else {
				first, err := ImportWith(ctx, s, []string{testPDF("lithium-2col.pdf")}, nil, pdfReader(t))
				require.NoError(t, err)
				require.Equal(t, 1, first.Imported)
				sum, err = ImportWith(ctx, s, []string{p["pubmed.nbib"]}, nil, pdfReader(t))
				require.NoError(t, err)
				assert.Zero(t, sum.Imported)
			}
			assert.Equal(t, 1, sum.Updated, "the PubMed record updates the PDF's")
			assert.Empty(t, sum.Errors)

			recs, err := s.ListLibrary(ctx, 10, 0)
			require.NoError(t, err)
			require.Len(t, recs, 1, "never a second record for the same paper")
			rec := recs[0]
			assert.Equal(t, "doi:10.1186/1756-0500-7-731", rec.Key, "the record keeps the key its text is stored under")
			c := rec.Evidence.Citation
			assert.Equal(t, "25326140", c.PMID)
			assert.Equal(t, []string{"NCT00927550"}, c.Registry, "what the PDF read stays")
			fts, err := s.FullTexts(ctx, []string{rec.Key})
			require.NoError(t, err)
			assert.Equal(t, "lithium-2col.pdf", fts[rec.Key].SourceID, "the PDF's text stays with the record")
			assert.Equal(t, 5, fts[rec.Key].Pages)
		})
	}
}

// A PDF and a reference file for the same paper, imported in either order, leave one
// abstract on the record: the PDF's, longer, with its own sections, never its text beside
// the reference file's shorter sections (whose conclusions the text would not hold).
func TestPDFAndReferenceKeepOneAbstract(t *testing.T) {
	medline := `PMID- 25326140
TI  - Effectiveness of lithium in subjects with treatment-resistant depression and suicide
      risk: results and lessons of an underpowered randomised clinical trial.
LID - 10.1186/1756-0500-7-731 [doi]
AB  - OBJECTIVE: Lithium. BACKGROUND: Suicide. DESIGN: Trial. METHODS: Patients.
      RESULTS: Few. LIMITATIONS: Small. CONCLUSIONS: No difference was shown.
`
	for _, pdfFirst := range []bool{true, false} {
		t.Run(map[bool]string{true: "PDF first", false: "reference first"}[pdfFirst], func(t *testing.T) {
			ctx := context.Background()
			s := openStore(t)
			p := writeFiles(t, map[string]string{"pubmed.nbib": medline})
			order := []string{testPDF("lithium-2col.pdf"), p["pubmed.nbib"]}
			if !pdfFirst {
				order[0], order[1] = order[1], order[0]
			}
			for _, f := range order {
				sum, err := ImportWith(ctx, s, []string{f}, nil, pdfReader(t))
				require.NoError(t, err)
				require.Empty(t, sum.Errors)
			}
			recs, err := s.ListLibrary(ctx, 10, 0)
			require.NoError(t, err)
			require.Len(t, recs, 1)
			ev := recs[0].Evidence
			require.Equal(t, domain.SectionsText(ev.Citation.Sections), ev.Content, "the sections are the text's")
			require.NotContains(t, ev.Content, "No difference was shown", "the reference file's shorter abstract is not kept")
			require.Equal(t, "TRIAL REGISTRATION", ev.Citation.Sections[len(ev.Citation.Sections)-1].Label)
		})
	}
}

// A PDF of a paper a research run stored (but the library does not hold) joins that
// evidence: the new library record takes the evidence's key, so the run finds the text.
func TestImportPDFJoinsARunsEvidence(t *testing.T) {
	ctx := context.Background()
	s := openStore(t)
	ev := domain.Evidence{Content: "Aims: In this pre-specified analysis…", Citation: domain.Citation{
		Source: domain.SourceEuropePMC, ID: "PMC8710519", PMCID: "PMC8710519", DOI: "10.3389/FCVM.2021.780605",
		Title: "Effects of Clopidogrel, Prasugrel and Ticagrelor on Microvascular Function", Journal: "Front Cardiovasc Med",
		Authors: []string{"Schnorbus B", "Gori T"}, Date: "2021-12-13"}}
	keys, err := s.UpsertEvidence(ctx, []domain.Evidence{ev})
	require.NoError(t, err)
	require.Equal(t, []string{"doi:10.3389/fcvm.2021.780605"}, keys)

	sum, err := ImportWith(ctx, s, []string{testPDF("clopidogrel-1col.pdf")}, nil, pdfReader(t))
	require.NoError(t, err)
	require.Len(t, sum.PDFs, 1)
	got := sum.PDFs[0]
	assert.True(t, got.Created)
	assert.Equal(t, keys[0], got.Key)
	assert.Equal(t, "evidence "+keys[0], got.Matched)
	rec, err := s.GetLibraryRecord(ctx, got.ID)
	require.NoError(t, err)
	assert.Equal(t, domain.SourceLibrary, rec.Evidence.Citation.Source)
	assert.Equal(t, []string{"Schnorbus B", "Gori T"}, rec.Evidence.Citation.Authors)
	assert.Equal(t, "2021-12-13", rec.Evidence.Citation.Date)
	fts, err := s.FullTexts(ctx, keys)
	require.NoError(t, err)
	assert.Equal(t, 6, fts[keys[0]].Pages)
}

// PDFs and reference files in one import; a bad PDF is reported with its reason and the
// others go in.
func TestImportMixesPDFsAndReferenceFiles(t *testing.T) {
	ctx := context.Background()
	s := openStore(t)
	p := writeFiles(t, map[string]string{"b.ris": risFile, "download.pdf": "<!DOCTYPE html><html><body>Sign in to read</body></html>"})
	paths := []string{testPDF("scanned.pdf"), testPDF("lithium-2col.pdf"), p["b.ris"], testPDF("encrypted.pdf"), p["download.pdf"], testPDF("clopidogrel-1col.pdf")}
	var done []Progress
	sum, err := ImportWith(ctx, s, paths, func(pr Progress) {
		if pr.FileDone {
			done = append(done, pr)
		}
	}, pdfReader(t))
	require.NoError(t, err)
	assert.Equal(t, 4, sum.Imported, "two PDFs and two RIS records")
	assert.Equal(t, 1, sum.Skipped)
	require.Len(t, sum.PDFs, 2)
	assert.Equal(t, "doi:10.1186/1756-0500-7-731", sum.PDFs[0].Key)
	assert.Equal(t, "doi:10.3389/fcvm.2021.780605", sum.PDFs[1].Key)
	require.Len(t, sum.Errors, 3)
	assert.Contains(t, sum.Errors[0].Error, "scanned.pdf has no text layer")
	assert.Contains(t, sum.Errors[1].Error, "encrypted.pdf is encrypted with a password")
	assert.Contains(t, sum.Errors[2].Error, "download.pdf is a web page (HTML), not a PDF")
	for _, e := range sum.Errors {
		assert.Equal(t, 0, e.Record)
	}
	require.Len(t, done, len(paths), "every file ends its progress")
	assert.Equal(t, "pdf", done[0].Format)
	assert.Equal(t, "ris", done[2].Format)
	assert.Empty(t, sum.NothingImported())
}

func TestImportWithoutAPDFReaderSaysSo(t *testing.T) {
	s := openStore(t)
	sum, err := Import(context.Background(), s, []string{testPDF("lithium-2col.pdf")}, nil)
	require.NoError(t, err)
	require.Len(t, sum.Errors, 1)
	assert.Contains(t, sum.Errors[0].Error, "lithium-2col.pdf: PDFs cannot be imported here")
	assert.Contains(t, sum.NothingImported(), "nothing was imported")
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestPDFAbstractIsStructured: a PDF's abstract becomes labelled sections, as a PubMed
// record's structured abstract does, so its conclusions are found; the heading "Abstract"
// names no section and an empty subsection is dropped.
func TestPDFAbstractIsStructured(t *testing.T) {
	ft := domain.FullText{Title: "T", DOI: "10.1/x", Sections: []domain.FullTextSection{
		{Kind: domain.SectionAbstract, Title: "Abstract", Level: 1},
		{Kind: domain.SectionAbstract, Title: "Aims", Level: 2, Text: "To test  X\nin adults."},
		{Kind: domain.SectionAbstract, Title: "Conclusions:", Level: 2, Text: "X helps."},
		{Kind: domain.SectionAbstract, Text: "Keywords: x, y"},
		{Kind: domain.SectionMethods, Title: "Methods", Level: 1, Text: "We randomised 56."},
	}}
	ev, warning := PDFEvidence(pdftext.Paper{FullText: ft})
	require.Empty(t, warning)
	require.Equal(t, []domain.Section{{Label: "AIMS", Text: "To test X in adults."}, {Label: "CONCLUSIONS", Text: "X helps."}, {Text: "Keywords: x, y"}}, ev.Citation.Sections)
	require.Equal(t, "AIMS: To test X in adults.\nCONCLUSIONS: X helps.\nKeywords: x, y", ev.Content)
}

// A commentary that cites a trial's PMID in its abstract is a paper of its own: importing
// it after the trial leaves the trial's record and full text as they were. The two PDFs are
// pdftext's testdata/trial-front.pdf and commentary.pdf.
func TestImportPDFCommentaryKeepsTheTrialsText(t *testing.T) {
	ctx := context.Background()
	s := openStore(t)
	trial, err := ImportWith(ctx, s, []string{testPDF("trial-front.pdf")}, nil, pdfReader(t))
	require.NoError(t, err)
	require.Len(t, trial.PDFs, 1)
	assert.Equal(t, "pmid:33333333", trial.PDFs[0].Key)
	assert.Equal(t, "10.1234/ltrd.2021.001", trial.PDFs[0].DOI, "the DOI, not the next line's first word")

	sum, err := ImportWith(ctx, s, []string{testPDF("commentary.pdf")}, nil, pdfReader(t))
	require.NoError(t, err)
	assert.Equal(t, 1, sum.Imported)
	assert.Empty(t, sum.Warnings)
	require.Len(t, sum.PDFs, 1)
	com := sum.PDFs[0]
	assert.True(t, com.Created)
	assert.Empty(t, com.Matched)
	assert.Empty(t, com.PMID)
	assert.NotEqual(t, trial.PDFs[0].ID, com.ID)

	fts, err := s.FullTexts(ctx, []string{trial.PDFs[0].Key, com.Key})
	require.NoError(t, err)
	assert.Equal(t, "trial-front.pdf", fts[trial.PDFs[0].Key].SourceID)
	assert.Contains(t, fts[trial.PDFs[0].Key].Text(), "missing data were handled by multiple imputation")
	assert.Contains(t, fts[com.Key].Text(), "lithium causes tremor")
	rec, err := s.GetLibraryRecord(ctx, trial.PDFs[0].ID)
	require.NoError(t, err)
	assert.Equal(t, []string{"Maria Rossi", "Jürgen Müller", "Søren Ødegård"}, rec.Evidence.Citation.Authors)
}

// TestAttachPDFGuardsStoredPapers: a PDF that prints a stored paper's identifier but is
// plainly another paper (its title) becomes a record of its own without that identifier,
// and says so; the same paper's PDF joins its record, and replacing the full text stored
// for it is said too, unless the text is the same.
func TestAttachPDFGuardsStoredPapers(t *testing.T) {
	const trialTitle = "Lithium augmentation for suicide prevention in treatment-resistant depression: a randomised trial"
	text := func(title, methods string) domain.FullText {
		return domain.FullText{Source: domain.FullTextPDF, SourceID: "x.pdf", Title: title, Pages: 1, Sections: []domain.FullTextSection{
			{Kind: domain.SectionMethods, Title: "Methods", Level: 1, Text: methods}}}
	}
	stored := text(trialTitle, "Missing data were handled by multiple imputation.")
	stored.SourceID = "trial.pdf"
	for _, tc := range []struct {
		name    string
		paper   pdftext.Paper
		joined  string // Matched
		key     string
		warning string // "" when none
		trial   string // the trial's stored text afterwards
	}{
		{"a commentary printing the trial's PMID", pdftext.Paper{FullText: withIDs(text("Lithium for suicide prevention: too good to be true?", "Lithium causes tremor."), "", "33333333")},
			"", "title:lithium for suicide prevention too good to be true",
			`it prints pmid:33333333 of library record 1 "` + trialTitle + `", but its title is another paper's: imported without that identifier, not joined to it`,
			"multiple imputation"},
		{"another paper printing a run's DOI", pdftext.Paper{FullText: withIDs(text("Ketamine for depression: a review", "We searched."), "10.5555/run.1", "")},
			"", "title:ketamine for depression a review",
			`it prints doi:10.5555/run.1 of evidence doi:10.5555/run.1 "Psilocybin versus escitalopram for depression", but its title is another paper's: imported without that identifier, not joined to it`,
			"multiple imputation"},
		{"a better copy of the trial", pdftext.Paper{FullText: withIDs(text("Lithium augmentation for suicide prevention in treatment-resistant depression", "Missing data were imputed."), "", "33333333")},
			"library record 1", "pmid:33333333", `it replaces the full text stored for record 1 (pdf "trial.pdf", 1 page, stored `, "were imputed"},
		{"the same text again", pdftext.Paper{FullText: withIDs(stored, "", "33333333")},
			"library record 1", "pmid:33333333", "", "multiple imputation"},
		{"the same run paper", pdftext.Paper{FullText: withIDs(text("Psilocybin versus escitalopram for depression", "Participants were randomised."), "10.5555/RUN.1", "")},
			"evidence doi:10.5555/run.1", "doi:10.5555/run.1", "", "multiple imputation"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			s := openStore(t)
			id, _, err := s.UpsertLibraryRecord(ctx, domain.Evidence{Citation: domain.Citation{Source: domain.SourceLibrary, PMID: "33333333", Title: trialTitle}})
			require.NoError(t, err)
			require.EqualValues(t, 1, id)
			trial := stored
			trial.Key = "pmid:33333333"
			require.NoError(t, s.PutFullText(ctx, trial))
			_, err = s.UpsertEvidence(ctx, []domain.Evidence{{Citation: domain.Citation{Source: domain.SourceEuropePMC, DOI: "10.5555/run.1",
				Title: "Psilocybin versus escitalopram for depression"}}})
			require.NoError(t, err)

			res, warning, err := AttachPDF(ctx, s, tc.paper)
			require.NoError(t, err)
			assert.Equal(t, tc.joined, res.Matched)
			assert.Equal(t, tc.key, res.Key)
			if tc.warning == "" {
				assert.Empty(t, warning)
			} else {
				assert.Contains(t, warning, tc.warning)
			}
			fts, err := s.FullTexts(ctx, []string{"pmid:33333333", res.Key})
			require.NoError(t, err)
			assert.Contains(t, fts["pmid:33333333"].Text(), tc.trial)
			assert.Equal(t, tc.paper.FullText.Text(), fts[res.Key].Text(), "the PDF's text is stored under its record")
			n, err := s.CountLibrary(ctx)
			require.NoError(t, err)
			assert.Equal(t, map[bool]int{true: 1, false: 2}[tc.joined == "library record 1"], n)
		})
	}
}

// A record found by the key it is stored under (an identifier its citation no longer
// carries) is guarded alike: the other paper's PDF does not merge into it by that key.
func TestAttachPDFOtherPaperSharingOnlyAKey(t *testing.T) {
	ctx := context.Background()
	s := openStore(t)
	up, err := s.UpsertLibraryRecordAt(ctx, "pmid:33333333", domain.Evidence{Citation: domain.Citation{Source: domain.SourceLibrary,
		DOI: "10.1234/ltrd.2021.001", Title: "Lithium augmentation for suicide prevention: a randomised trial"}})
	require.NoError(t, err)
	ft := withIDs(domain.FullText{Source: domain.FullTextPDF, Title: "Lithium for suicide prevention: too good to be true?", Sections: []domain.FullTextSection{
		{Kind: domain.SectionDiscussion, Title: "Discussion", Level: 1, Text: "Lithium causes tremor."}}}, "", "33333333")
	res, warning, err := AttachPDF(ctx, s, pdftext.Paper{FullText: ft})
	require.NoError(t, err)
	assert.NotEqual(t, up.ID, res.ID)
	assert.Empty(t, res.PMID)
	assert.Contains(t, warning, "it prints pmid:33333333 of library record 1")
}

func withIDs(ft domain.FullText, doi, pmid string) domain.FullText {
	ft.DOI, ft.PMID = doi, pmid
	return ft
}

func TestTitlesDiffer(t *testing.T) {
	const trial = "Lithium augmentation for suicide prevention in treatment-resistant depression: a randomised trial"
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{trial, "Lithium for suicide prevention: too good to be true?", true},
		{trial, "Effectiveness of lithium in subjects with treatment-resistant depression and suicide risk", true},
		{trial, "Lithium augmentation for suicide prevention in treatment-resistant depression", false},
		{trial, "LITHIUM AUGMENTATION FOR SUICIDE PREVENTION IN TREATMENT RESISTANT DEPRESSION: A RANDOMIZED TRIAL.", false},
		{"Behaviour therapy after randomisation", "Behavior therapy after randomization", false},
		{trial, "", false},
		{"", "", false},
	} {
		assert.Equal(t, tc.want, titlesDiffer(tc.a, tc.b), "%q ~ %q", tc.a, tc.b)
	}
}
