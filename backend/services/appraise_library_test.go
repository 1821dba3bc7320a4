package services

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
)

// TestAppraiseLibraryReadsTheStoredFullText: `appraise --library-id` reads the full text
// stored for the record (its imported PDF) when it has one, and its abstract otherwise:
// the document a research run appraises for that record, so both give one appraisal.
func TestAppraiseLibraryReadsTheStoredFullText(t *testing.T) {
	ris := filepath.Join(t.TempDir(), "trial.ris")
	require.NoError(t, os.WriteFile(ris, []byte("TY  - JOUR\nTI  - Lithium augmentation for suicide prevention: a randomised trial\n"+
		"AB  - We randomised 240 adults with treatment-resistant depression to lithium or placebo in a double-blind trial.\n"+
		"AN  - 33333333\nER  - \n"), 0o644))
	for _, tc := range []struct {
		name        string
		file        string
		source      domain.FullTextSource
		missingData string // a finding only the PDF's methods state
	}{
		{"an imported PDF", servicesPDF("trial-front.pdf"), domain.FullTextPDF, "multiple_imputation"},
		{"a reference without a PDF", ris, domain.FullTextAbstract, "not_stated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := openPDFContainer(t)
			ctx := context.Background()
			sum, err := c.Commands.ImportLibrary(ctx, []string{tc.file}, nil)
			require.NoError(t, err)
			require.Equal(t, 1, sum.Imported, sum.Errors)

			ap, err := c.Commands.AppraiseLibrary(ctx, 1, runs.JudgeChoice{})
			require.NoError(t, err)
			require.Equal(t, tc.source == domain.FullTextPDF, ap.Document.FullText)
			require.Equal(t, tc.source, ap.Document.Source)
			require.Equal(t, tc.missingData, ap.Findings[appraisal.FindingMissingData].Value)

			// What a research run appraises for the same record: the run reads the stored full
			// texts of its evidence and gives them to AppraiseAllWith.
			st, err := c.storeForTest()
			require.NoError(t, err)
			rec, err := st.GetLibraryRecord(ctx, 1)
			require.NoError(t, err)
			texts, err := st.FullTexts(ctx, []string{rec.Evidence.CanonicalKey()})
			require.NoError(t, err)
			a, err := c.Commands.appraiser(ctx, runs.JudgeChoice{})
			require.NoError(t, err)
			byRun, _, err := a.AppraiseAllWith(ctx, []domain.Evidence{rec.Evidence}, texts)
			require.NoError(t, err)
			require.Equal(t, byRun[rec.Evidence.CanonicalKey()].Document, ap.Document)
		})
	}
}
