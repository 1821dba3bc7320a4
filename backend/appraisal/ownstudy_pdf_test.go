package appraisal_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/domain"
	"deepcritical/backend/pdftext"
)

// abstractLabel is a structured abstract's label opening a quote ("Results: …").
var abstractLabel = regexp.MustCompile(`^(?:Background|Methods|Results|Conclusions|Trial registration):`)

// TestPDFTrialReportReadsItsOwnDesignAndLosses reads a trial report printed to PDF whose
// Discussion compares it with a meta-analysis, whose Introduction holds a "Research in
// context" search, whose sample-size paragraph plans for a dropout and whose abstract runs
// its labels into the text: it is a randomised trial, its attrition is the losses its
// Results report, and no quote carries a label the page does not print before it.
func TestPDFTrialReportReadsItsOwnDesignAndLosses(t *testing.T) {
	r := pdftext.New(pdftext.Options{CacheDir: filepath.Join(os.TempDir(), "deepcritical-test-xdg-cache", "deepcritical", "pdfium")})
	t.Cleanup(func() { r.Close() })
	paper, err := r.Read(context.Background(), filepath.Join("..", "pdftext", "testdata", "trial-context.pdf"))
	require.NoError(t, err)
	ev := domain.Evidence{Citation: domain.Citation{Source: domain.SourceLibrary, Title: paper.FullText.Title, DOI: paper.FullText.DOI}}
	doc := appraisal.DocumentFromFullText(ev, paper.FullText)
	f := appraisal.Findings(doc)

	require.Equal(t, appraisal.DesignRCT, f[appraisal.FindingDesign].Value, "quote: %q", f[appraisal.FindingDesign].Quote)
	require.Equal(t, 0.03, f[appraisal.FindingAttrition].Value, "quote: %q", f[appraisal.FindingAttrition].Quote)
	require.Contains(t, f[appraisal.FindingAttrition].Quote, "were lost to follow-up")
	require.Equal(t, []string{"ISRCTN11223344"}, f[appraisal.FindingRegistration].Value)
	for name, finding := range f {
		require.False(t, abstractLabel.MatchString(finding.Quote), "%s quote opens with a label: %q", name, finding.Quote)
		require.Contains(t, doc.AppraisedText(), finding.Quote, name)
	}
	a, err := appraisal.New(appraisal.Options{})
	require.NoError(t, err)
	ap, err := a.AppraiseFullText(context.Background(), ev, paper.FullText)
	require.NoError(t, err)
	for _, d := range ap.Dimensions {
		require.Equal(t, domain.StatusAssessed, d.Status, d.Error)
	}
}
