package services

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
)

// The test PDFs are the pdftext package's real open-access trial reports, read in place.
func servicesPDF(name string) string { return filepath.Join("..", "pdftext", "testdata", name) }

// openPDFContainer is openTestContainer whose PDF engine reuses the compiled module the
// other packages' tests cached in the temporary folder.
func openPDFContainer(t *testing.T) *Container {
	t.Helper()
	openTestContainer(t) // clears the environment the way every services test does
	dir := t.TempDir()
	paths := config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data"))
	paths.CacheDir = filepath.Join(os.TempDir(), "deepcritical-test-xdg-cache", "deepcritical")
	c, err := Open(context.Background(), Options{Paths: paths, Keyring: noKeyring{}})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

// A PDF dropped on the Library view is imported with a reference file, listed with its PDF
// mark and pages, and appraised from its full text with the settings' (offline) judge.
func TestLibraryDropImportsAndAppraisesAPDF(t *testing.T) {
	c := openPDFContainer(t)
	ris := filepath.Join(t.TempDir(), "refs.ris")
	require.NoError(t, os.WriteFile(ris, []byte("TY  - JOUR\nTI  - Exercise and dementia\nDO  - 10.1000/ex\nER  - \n"), 0o644))

	got, err := c.Library.ImportDropped([]string{servicesPDF("lithium-2col.pdf"), ris, servicesPDF("scanned.pdf")})
	require.NoError(t, err)
	assert.Equal(t, 2, got.Summary.Imported)
	require.Len(t, got.Summary.Errors, 1)
	assert.Contains(t, got.Summary.Errors[0].Error, "scanned.pdf has no text layer")
	require.Len(t, got.Appraisals, 1)
	pa := got.Appraisals[0]
	assert.Equal(t, "lithium-2col.pdf", pa.File)
	assert.Equal(t, "doi:10.1186/1756-0500-7-731", pa.Key)
	assert.Equal(t, 5, pa.Pages)
	require.NotNil(t, pa.Appraisal, pa.Error)
	ap := *pa.Appraisal
	assert.Equal(t, domain.FullTextPDF, ap.Document.Source)
	assert.True(t, ap.Document.FullText)
	assert.Equal(t, pa.Key, ap.Document.Key)
	assert.Equal(t, domain.JudgeKindOffline, ap.Assessor.Kind)
	// Read in the methods of the full text, not in the abstract.
	assert.Contains(t, ap.Findings[appraisal.FindingAllocationConcealing].Quote, "preserve allocation concealment")

	page, err := c.Library.List(10, 0)
	require.NoError(t, err)
	require.Len(t, page.Records, 2)
	byKey := map[string]LibraryItem{}
	for _, r := range page.Records {
		byKey[r.Key] = r
	}
	require.NotNil(t, byKey[pa.Key].FullText)
	assert.Equal(t, LibraryFullText{Source: domain.FullTextPDF, File: "lithium-2col.pdf", Pages: 5}, *byKey[pa.Key].FullText)
	assert.Nil(t, byKey["doi:10.1000/ex"].FullText, "a reference without a PDF has no mark")

	found, err := c.Library.Search("lithium", 10)
	require.NoError(t, err)
	require.Len(t, found, 1)
	assert.NotNil(t, found[0].FullText)
	assert.False(t, found[0].InFullText, "found by its title")
	// Words only the PDF's methods hold find the record through its full text.
	found, err = c.Library.Search("centralised randomisation procedure", 10)
	require.NoError(t, err)
	require.Len(t, found, 1)
	assert.Equal(t, pa.Key, found[0].Key)
	assert.True(t, found[0].InFullText)

	_, err = c.Library.AppraisePDF(byKey["doi:10.1000/ex"].ID)
	require.Error(t, err)
	assert.Equal(t, domain.CodeNotFound, domain.CodeOf(err))
	assert.Contains(t, domain.SafeMessage(err), "has no stored full text")
}

// `appraise --pdf` of a PDF that is not imported is never served for the stored paper its
// DOI names: the stored paper keeps the appraisal of its own text, whose every quote is in
// that text, and a later appraisal of the stored text is the same.
func TestAppraisePDFIsNotServedForTheStoredPaper(t *testing.T) {
	c := openPDFContainer(t)
	ctx := context.Background()
	sum, err := c.Commands.ImportLibrary(ctx, []string{servicesPDF("trial-context.pdf")}, nil)
	require.NoError(t, err)
	require.Len(t, sum.PDFs, 1)
	const key = "doi:10.5555/jpat.2022.017"
	offline := runs.JudgeChoice{Provider: domain.ProviderOffline}
	stored, err := c.Commands.AppraiseLibrary(ctx, sum.PDFs[0].ID, offline)
	require.NoError(t, err)
	require.Equal(t, key, stored.Document.Key)
	require.Equal(t, appraisal.ConcealmentConcealed, stored.Findings[appraisal.FindingAllocationConcealing].Value)

	draft, err := c.Commands.AppraisePDF(ctx, servicesPDF("trial-context-draft.pdf"), offline)
	require.NoError(t, err)
	require.Equal(t, key, draft.Document.Key, "the draft names the paper it prints")
	require.Equal(t, appraisal.ConcealmentNotConcealed, draft.Findings[appraisal.FindingAllocationConcealing].Value)

	got, err := c.store().AppraisalsForEvidence(ctx, []string{key})
	require.NoError(t, err)
	require.Equal(t, stored.Document, got[key].Document, "the stored paper's appraisal is its own")
	require.Equal(t, stored.Dimensions, got[key].Dimensions)
	fts, err := c.store().FullTexts(ctx, []string{key})
	require.NoError(t, err)
	rec, err := c.store().GetLibraryRecord(ctx, sum.PDFs[0].ID)
	require.NoError(t, err)
	text := appraisal.DocumentFor(rec.Evidence, ptr(fts[key])).AppraisedText()
	for name, f := range got[key].Findings {
		require.Contains(t, text, f.Quote, "%s: every quote is in the stored text", name)
	}
	again, err := c.Commands.AppraiseLibrary(ctx, sum.PDFs[0].ID, offline)
	require.NoError(t, err)
	require.Equal(t, stored.Dimensions, again.Dimensions)
}

func ptr[T any](v T) *T { return &v }

// Appraising needs a judge that can answer: one that cannot (the CLI judge's program
// missing, an Ollama without the model) is refused before anything is read or stored, as
// research and judge refuse it, never answered with an appraisal whose every dimension
// failed.
func TestAppraiseRefusesAJudgeThatCannotAnswer(t *testing.T) {
	ollama := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/tags" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"models":[{"name":"qwen2.5:7b","model":"qwen2.5:7b"}]}`))
	}))
	t.Cleanup(ollama.Close)
	text := "We randomly assigned 200 adults with asthma to inhaled budesonide or placebo using sealed opaque envelopes prepared by an " +
		"independent pharmacist. Patients and outcome assessors were blinded to allocation. Analysis was by intention to treat."
	for _, tc := range []struct {
		name, env, value string
		judge            domain.Provider
		want             string
	}{
		{"CLI judge missing", "DEEPCRITICAL_CLI_JUDGE", "no-such-judge-binary -p", domain.ProviderCLI, `the CLI judge "no-such-judge-binary" was not found on PATH`},
		{"Ollama without the model", "OLLAMA_HOST", ollama.URL, domain.ProviderOllama, `has no model "local-model"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := openPDFContainer(t)
			t.Setenv(tc.env, tc.value)
			choice := runs.JudgeChoice{Provider: tc.judge, Model: "local-model"}
			_, err := c.Commands.AppraiseText(context.Background(), "Budesonide in asthma", text, choice)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
			require.Equal(t, domain.CodeUnavailable, domain.CodeOf(err))
			_, err = c.Commands.AppraisePDF(context.Background(), servicesPDF("trial-context.pdf"), choice)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

// `appraise --pdf` reads and appraises a PDF without importing it.
func TestCommandsAppraisePDF(t *testing.T) {
	c := openPDFContainer(t)
	ap, err := c.Commands.AppraisePDF(context.Background(), servicesPDF("clopidogrel-1col.pdf"), runs.JudgeChoice{Provider: domain.ProviderOffline})
	require.NoError(t, err)
	assert.Equal(t, "doi:10.3389/fcvm.2021.780605", ap.Document.Key)
	assert.Equal(t, domain.FullTextPDF, ap.Document.Source)
	assert.True(t, ap.Document.FullText)
	assert.Equal(t, true, ap.Findings[appraisal.FindingRandomized].Value)
	n, err := c.store().CountLibrary(context.Background())
	require.NoError(t, err)
	assert.Zero(t, n, "appraising a PDF does not import it")

	_, err = c.Commands.AppraisePDF(context.Background(), servicesPDF("encrypted.pdf"), runs.JudgeChoice{Provider: domain.ProviderOffline})
	require.Error(t, err)
	assert.Contains(t, domain.SafeMessage(err), "encrypted.pdf is encrypted with a password")
}
