package services

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
)

// TestRejudgementAndExclusionSurviveARestartWithNoNetwork is issue 27's offline review: a
// re-judgement and a reviewer's exclusion, recorded in one process, are in every export a
// second process writes with every network address dead. Report formats (Markdown, HTML,
// JSON, CSV and its notes) state both; reference formats (RIS, BibTeX, CSL-JSON) leave the
// excluded paper out, and name the exclusion when asked for the set-aside papers.
func TestRejudgementAndExclusionSurviveARestartWithNoNetwork(t *testing.T) {
	first := openTest(t)
	run := libraryRun(t, first)
	cmp, err := first.Judges.Rejudge(RejudgeRequest{RunID: run.ID, Provider: domain.ProviderOffline})
	require.NoError(t, err)
	view, err := first.Reports.Get(run.ID)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(view.Evidence), 2)
	excluded := view.Evidence[0]
	_, err = first.Reviews.Add(ReviewRequest{RunID: run.ID, Paper: 1, Decision: domain.ReviewExclude, Reason: "wrong population", Note: "mouse model only"})
	require.NoError(t, err)
	dataDir, configDir := first.Paths().DataDir, first.Paths().ConfigDir
	first.Close()

	// The second process: no network at all. Every source and judge address refuses, and
	// a proxy that does not exist stands in front of anything else.
	for _, v := range []string{"DEEPCRITICAL_PUBMED_URL", "DEEPCRITICAL_EUROPEPMC_URL", "DEEPCRITICAL_CTGOV_URL", "DEEPCRITICAL_WEB_URL",
		"OLLAMA_HOST", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL", "HF_BASE_URL"} {
		t.Setenv(v, "http://127.0.0.1:9")
	}
	t.Setenv("HTTPS_PROXY", "http://127.0.0.1:9")
	t.Setenv("HTTP_PROXY", "http://127.0.0.1:9")
	second, err := Open(context.Background(), Options{Paths: config.PathsIn(configDir, dataDir), Keyring: noKeyring{}})
	require.NoError(t, err)
	t.Cleanup(second.Close)

	out := t.TempDir()
	export := func(format string, setAside bool) string {
		t.Helper()
		name := format
		if setAside {
			name += "-all"
		}
		path, err := second.Reports.ExportWith(ExportRequest{RunID: run.ID, Format: format, Path: filepath.Join(out, "report-"+name+"."+format), IncludeSetAside: setAside})
		require.NoError(t, err, format)
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		if format == "csv" {
			notes, err := os.ReadFile(strings.TrimSuffix(path, ".csv") + ".notes.md")
			require.NoError(t, err, "the CSV's notes file")
			return string(b) + "\n" + string(notes)
		}
		return string(b)
	}
	for _, format := range []string{"md", "html", "json", "csv"} {
		body := strings.ToLower(export(format, false))
		require.Contains(t, body, "wrong population", "%s states the reviewer's exclusion", format)
		require.Regexp(t, `re-?judge`, body, "%s has the re-judgement", format)
		require.Contains(t, body, strings.ToLower(cmp.Rejudged.Judge.Model), "%s names the re-judgement's judge", format)
	}
	title := strings.ToLower(excluded.Evidence.Citation.Title)
	require.NotEmpty(t, title)
	for _, format := range []string{"ris", "bibtex", "csljson"} {
		require.NotContains(t, strings.ToLower(export(format, false)), title, "%s leaves the excluded paper out", format)
		all := strings.ToLower(export(format, true))
		require.Contains(t, all, title, "%s with the set-aside papers has it", format)
		require.Contains(t, all, "excluded by the reviewer", "%s says why it was set aside", format)
	}
}

// TestAgreeingNeedsAVerdict: a reviewer cannot agree or disagree with a run that has no
// verdict (it failed before the judge answered); a run with one takes the decision.
func TestAgreeingNeedsAVerdict(t *testing.T) {
	c := openTest(t)
	judged := libraryRun(t, c)
	st, err := c.storeForTest()
	require.NoError(t, err)
	unjudged := domain.Run{ID: "20261128-000000000-abcdef01", Question: "Is metformin effective for treating cancer?", Config: domain.DefaultRunConfig(),
		Status: domain.RunFailed, Error: "every source failed", CreatedAt: judged.CreatedAt, UpdatedAt: judged.UpdatedAt}
	require.NoError(t, st.CreateRun(context.Background(), unjudged))
	for _, d := range []domain.ReviewDecision{domain.ReviewAgree, domain.ReviewDisagree} {
		_, err := c.Reviews.Add(ReviewRequest{RunID: unjudged.ID, Decision: d})
		require.ErrorContains(t, err, "has no verdict to "+string(d)+" with")
		_, err = c.Reviews.Add(ReviewRequest{RunID: judged.ID, Decision: d})
		require.NoError(t, err)
	}
}

// TestDeletingARunningRunIsRefused: a run still running (its lease live, or started a moment
// ago) is not deleted under its runner; once it has ended it is.
func TestDeletingARunningRunIsRefused(t *testing.T) {
	c := openTest(t)
	st, err := c.storeForTest()
	require.NoError(t, err)
	now := time.Now().UTC()
	run := domain.Run{ID: "20261128-000000000-abcdef02", Question: "Is metformin effective for treating cancer?", Config: domain.DefaultRunConfig(),
		Status: domain.RunRunning, CreatedAt: now, UpdatedAt: now}
	require.NoError(t, st.CreateRun(context.Background(), run))
	err = c.History.Delete(run.ID)
	require.ErrorContains(t, err, "is still running: cancel it first")
	require.Equal(t, domain.CodeConflict, domain.CodeOf(err))
	run.Status = domain.RunCancelled
	require.NoError(t, st.UpdateRun(context.Background(), run))
	require.NoError(t, c.History.Delete(run.ID))
}
