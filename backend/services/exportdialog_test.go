package services

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/report"
)

// TestExportDialogKeepsTheUsersNotes: the window's export (a save dialog, here its scripted
// folder) confirmed the CSV alone, so a NAME.notes.md beside it is replaced only when
// DeepCritical wrote it; a file of the user's by that name refuses the export, naming it,
// and neither file is written. It used to be overwritten silently. Both files written are
// named in the answer.
func TestExportDialogKeepsTheUsersNotes(t *testing.T) {
	c := openTest(t)
	run := libraryRun(t, c)
	cases := []struct {
		name  string
		notes string // the existing notes file; "" for none, "ours" for DeepCritical's
		err   string
	}{
		{"no notes file", "", ""},
		{"DeepCritical's notes", "ours", ""},
		{"the user's own notes", "my own notes\n", "is not DeepCritical's notes to a CSV export: it was left as it is and nothing was written"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("DEEPCRITICAL_EXPORT_DIR", dir)
			csv := filepath.Join(dir, "deepcritical-"+run.ID+".csv")
			notes := report.CSVNotesPath(csv)
			before := tc.notes
			if before == "ours" {
				before = report.CSVNotesHeading + "an earlier export\n"
			}
			if before != "" {
				require.NoError(t, os.WriteFile(notes, []byte(before), 0o644))
			}
			files, err := c.Reports.ExportDialog(run.ID, "csv", false)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.ErrorContains(t, err, notes, "the refusal names the file it kept")
				require.NoFileExists(t, csv)
				b, _ := os.ReadFile(notes)
				require.Equal(t, before, string(b))
				return
			}
			require.NoError(t, err)
			require.Equal(t, ExportedFiles{Path: csv, Notes: notes}, files)
			b, err := os.ReadFile(notes)
			require.NoError(t, err)
			require.Contains(t, string(b), report.CSVNotesHeading+run.ID)
		})
	}
}

// TestExportDialogNamesEachFormatApart: exporting one run in every format to the scripted
// folder writes one file per format, each under its own name; the CSL-JSON export once took
// the JSON report's name and silently replaced it.
func TestExportDialogNamesEachFormatApart(t *testing.T) {
	c := openTest(t)
	run := libraryRun(t, c)
	dir := t.TempDir()
	t.Setenv("DEEPCRITICAL_EXPORT_DIR", dir)
	seen := map[string]string{}
	for _, format := range report.Formats {
		files, err := c.Reports.ExportDialog(run.ID, format, false)
		require.NoError(t, err, format)
		require.NotContains(t, seen, files.Path, "%s is written where %s was", format, seen[files.Path])
		seen[files.Path] = format
	}
	for path, format := range seen {
		require.FileExists(t, path, format)
	}
}

// TestExportDialogIncludesSetAsidePapers: once the reviewer has excluded every paper, the
// report relies on none, which the report view says (so the window can say it before the
// dialog) and each card carries the exclusion; the window's reference export then holds the
// papers only when asked to include the set-aside ones, as the CLI's --include-set-aside.
func TestExportDialogIncludesSetAsidePapers(t *testing.T) {
	c := openTest(t)
	run := libraryRun(t, c)
	view, err := c.Reports.Get(run.ID)
	require.NoError(t, err)
	require.False(t, view.ReliesOnNone)
	require.Nil(t, view.Evidence[0].Review)
	for n := range view.Evidence {
		_, err := c.Reviews.Add(ReviewRequest{RunID: run.ID, Paper: n + 1, Decision: domain.ReviewExclude, Reason: "wrong population"})
		require.NoError(t, err)
	}
	view, err = c.Reports.Get(run.ID)
	require.NoError(t, err)
	require.True(t, view.ReliesOnNone)
	for _, ev := range view.Evidence {
		require.NotNil(t, ev.Review, "card [%d] carries the reviewer's decision", ev.N)
		require.Equal(t, domain.ReviewExclude, ev.Review.Decision)
		require.Equal(t, "wrong population", ev.Review.Reason)
	}

	dir := t.TempDir()
	t.Setenv("DEEPCRITICAL_EXPORT_DIR", dir)
	for _, format := range []string{"ris", "bibtex", "csljson"} {
		_, err := c.Reports.ExportDialog(run.ID, format, false)
		require.ErrorContains(t, err, "relies on none of its 2 papers (all set aside)", format)
		files, err := c.Reports.ExportDialog(run.ID, format, true)
		require.NoError(t, err, format)
		require.Empty(t, files.Notes)
		b, err := os.ReadFile(files.Path)
		require.NoError(t, err)
		require.Contains(t, string(b), "excluded by the reviewer: wrong population", format)
	}
}

// TestReviewSummaryListsDecisionsInForce: the review panel lists which papers stand excluded
// and why: the last decision on each paper, numbered as the report cites it.
func TestReviewSummaryListsDecisionsInForce(t *testing.T) {
	c := openTest(t)
	run := libraryRun(t, c)
	sum, err := c.Reviews.Summary(run.ID)
	require.NoError(t, err)
	require.Empty(t, sum.Decisions)
	for _, req := range []ReviewRequest{
		{Paper: 1, Decision: domain.ReviewExclude, Reason: "wrong design"},
		{Paper: 2, Decision: domain.ReviewExclude, Reason: "wrong population"},
		{Paper: 2, Decision: domain.ReviewInclude},
	} {
		req.RunID = run.ID
		_, err := c.Reviews.Add(req)
		require.NoError(t, err)
	}
	sum, err = c.Reviews.Summary(run.ID)
	require.NoError(t, err)
	type decision struct {
		Paper    int
		Decision domain.ReviewDecision
		Reason   string
	}
	var got []decision
	for _, d := range sum.Decisions {
		got = append(got, decision{d.Paper, d.Decision, d.Reason})
	}
	require.Equal(t, []decision{{1, domain.ReviewExclude, "wrong design"}, {2, domain.ReviewInclude, ""}}, got)
	require.Equal(t, 1, sum.Excluded)
}
