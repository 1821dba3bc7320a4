package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/internal/testenv"
	"deepcritical/backend/store"
	"deepcritical/internal/testfs"
)

// isolate points XDG at fresh folders and clears the variables that would change defaults.
func isolate(t *testing.T) config.Paths {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	// The cache holds only PDFium's compiled module: shared by the test runs so each does
	// not compile it again, and never the user's.
	t.Setenv("XDG_CACHE_HOME", filepath.Join(os.TempDir(), "deepcritical-test-xdg-cache"))
	testenv.Clear(t)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(dir, "no-bus"))
	return config.DefaultPaths()
}

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), root(), &env{stdout: &out, stderr: &errb, app: newApp()}, args)
	return code, out.String(), errb.String()
}

func TestUsageErrorsExit2(t *testing.T) {
	isolate(t)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no such command", []string{"frobnicate"}, `unknown command "deepcritical frobnicate"`},
		{"no such subcommand", []string{"history", "frob"}, `unknown command "deepcritical history frob"`},
		{"unknown flag", []string{"history", "list", "--nope"}, "flag provided but not defined: -nope"},
		{"missing argument", []string{"history", "show"}, "missing argument"},
		{"extra argument", []string{"settings", "path", "x"}, `unexpected argument "x"`},
		{"bad limit", []string{"history", "list", "--limit", "0"}, "--limit must be between 1 and 1000"},
		{"library limit too large", []string{"library", "list", "--limit", "501"}, "--limit must be between 1 and 500, got 501"},
		{"library search limit below 1", []string{"library", "search", "metformin", "--limit", "0"}, "--limit must be between 1 and 500, got 0"},
		{"bad status", []string{"history", "list", "--status", "weird"}, "is not a run status"},
		// A typed 0 is refused, not read as "the settings' default".
		{"zero iterations", []string{"research", "metformin and cancer", "--max-iterations", "0"}, "-max-iterations: must be between 1 and 10, got 0"},
		{"too many iterations", []string{"research", "metformin and cancer", "--max-iterations", "11"}, "-max-iterations: must be between 1 and 10, got 11"},
		{"zero results", []string{"search", "metformin", "--max-results", "0"}, "-max-results: must be between 1 and 50, got 0"},
		{"too many results", []string{"search", "metformin", "--max-results", "51"}, "-max-results: must be between 1 and 50, got 51"},
		{"iterations not a number", []string{"research", "metformin and cancer", "--max-iterations", "five"}, `not a whole number: "five"`},
		{"resume with another judge", []string{"research", "--resume", "20261128-000000000-abcdef01", "--judge", "openai"}, "a resumed run keeps the judge, model, sources and iterations it started with"},
		{"resume with other sources", []string{"research", "--resume", "20261128-000000000-abcdef01", "--sources", "library"}, "history rejudge 20261128-000000000-abcdef01"},
		{"group without subcommand", []string{"settings"}, "Usage:"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			require.Equal(t, exitUsage, code)
			require.Contains(t, stderr, tc.want)
			require.Contains(t, stderr, "Usage:")
		})
	}
}

func TestHelpOnEveryCommand(t *testing.T) {
	isolate(t)
	var walk func(c *command, path []string)
	walk = func(c *command, path []string) {
		t.Run(strings.Join(path, "_")+"_help", func(t *testing.T) {
			code, stdout, _ := runCLI(t, append(path, "--help")...)
			require.Equal(t, exitOK, code)
			require.Contains(t, stdout, "Usage:")
			require.Contains(t, stdout, c.summary)
		})
		for _, s := range c.subs {
			walk(s, append(append([]string(nil), path...), s.name))
		}
	}
	for _, c := range commands() {
		walk(c, []string{c.name})
	}
}

func TestFirstUseCreatesEverythingAndListsNoRuns(t *testing.T) {
	paths := isolate(t)
	code, stdout, stderr := runCLI(t, "history", "list", "--json")
	require.Equal(t, exitOK, code, stderr)
	require.JSONEq(t, "[]", stdout)
	fi, err := os.Stat(paths.DatabaseFile)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), mustStat(t, paths.DataDir).Mode().Perm())
	require.NotZero(t, fi.Size())
}

func mustStat(t *testing.T, p string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(p)
	require.NoError(t, err)
	return fi
}

// storeCompletedRun stores a completed offline run of question with one started event
// saying message, and closes the database so the CLI opens it as a user would.
func storeCompletedRun(t *testing.T, paths config.Paths, question, message string) domain.Run {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, paths.DatabaseFile)
	require.NoError(t, err)
	run := domain.Run{ID: st.NewRunID(), Question: question, Config: domain.DefaultRunConfig(),
		Status: domain.RunComplete, Judge: domain.JudgeInfo{Provider: domain.ProviderOffline, Kind: domain.JudgeKindOffline, Model: "heuristic"}}
	require.NoError(t, st.CreateRun(ctx, run))
	_, err = st.AppendEvent(ctx, domain.Event{RunID: run.ID, Type: domain.EventStarted, Message: message})
	require.NoError(t, err)
	require.NoError(t, st.Close())
	return run
}

func TestHistoryShowAndDeleteOnTheStore(t *testing.T) {
	paths := isolate(t)
	run := storeCompletedRun(t, paths, "What drugs could be repurposed for Alzheimer's disease?", "started")

	code, stdout, stderr := runCLI(t, "history", "list")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, run.ID)
	require.Contains(t, stdout, "offline heuristic")

	code, stdout, _ = runCLI(t, "history", "show", run.ID, "--json")
	require.Equal(t, exitOK, code)
	var detail struct {
		Run    domain.Run     `json:"run"`
		Events []domain.Event `json:"events"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &detail))
	require.Equal(t, run.Question, detail.Run.Question)
	require.Len(t, detail.Events, 1)

	code, _, stderr = runCLI(t, "history", "show", "missing-run")
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, "missing-run")

	code, _, _ = runCLI(t, "history", "delete", run.ID)
	require.Equal(t, exitOK, code)
	code, stdout, _ = runCLI(t, "history", "list", "--json")
	require.Equal(t, exitOK, code)
	require.JSONEq(t, "[]", stdout)
}

func TestSettingsSetValidatesAndLeavesFileUnchanged(t *testing.T) {
	paths := isolate(t)
	code, stdout, stderr := runCLI(t, "settings", "set", "run.max_iterations", "4")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "run.max_iterations = 4")
	before := sha(t, paths.SettingsFile)

	cases := [][]string{
		{"run.max_iterations", "42"},
		{"judge.provider", "skynet"},
		{"providers.openai.base_url", "ftp://x"},
		{"no.such.key", "1"},
	}
	for _, kv := range cases {
		code, _, stderr := runCLI(t, "settings", "set", kv[0], kv[1])
		require.Equal(t, exitFail, code, kv)
		require.Contains(t, stderr, strings.SplitN(kv[0], ".", 2)[0], "the error names the key")
		require.Equal(t, before, sha(t, paths.SettingsFile), "a rejected value must not touch the file")
	}
	code, stdout, _ = runCLI(t, "settings", "show", "--json")
	require.Equal(t, exitOK, code)
	require.Contains(t, stdout, `"max_iterations": 4`)
}

func TestSettingsShowNeverPrintsAKey(t *testing.T) {
	isolate(t)
	canary := "sk-canary-0123456789abcdefWXYZ"
	t.Setenv("OPENAI_API_KEY", canary)
	for _, args := range [][]string{{"settings", "show"}, {"settings", "show", "--json"}, {"providers", "list", "--json"}, {"doctor"}} {
		code, stdout, stderr := runCLI(t, args...)
		require.Equal(t, exitOK, code, stderr)
		require.NotContains(t, stdout+stderr, canary[:20], args)
	}
	_, stdout, _ := runCLI(t, "settings", "show")
	require.Contains(t, stdout, "WXYZ", "the last four characters identify the key")
}

func TestCorruptOrForeignDatabaseIsRefusedAndUntouched(t *testing.T) {
	paths := isolate(t)
	require.NoError(t, os.MkdirAll(paths.DataDir, 0o700))
	require.NoError(t, os.WriteFile(paths.DatabaseFile, []byte("this is not a database, it is a note\n"), 0o600))
	before := sha(t, paths.DatabaseFile)
	code, _, stderr := runCLI(t, "history", "list")
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, "not a")
	require.Equal(t, before, sha(t, paths.DatabaseFile))

	code, stdout, stderr := runCLI(t, "doctor")
	require.Equal(t, exitFail, code, "doctor must fail on a damaged database")
	require.Regexp(t, `damaged\s+database\s+.*not an SQLite database`, stdout)
	require.Contains(t, stderr, "damaged")
	require.Equal(t, before, sha(t, paths.DatabaseFile), "doctor changed the file")
}

// TestDoctorDamagedDatabase: a real database cut short (a truncated copy) is reported as
// damaged, with a non-zero exit, and left as it was; a sound one is ok and exit 0.
func TestDoctorDamagedDatabase(t *testing.T) {
	paths := isolate(t)
	st, err := store.Open(context.Background(), paths.DatabaseFile)
	require.NoError(t, err)
	require.NoError(t, st.Close())
	code, stdout, _ := runCLI(t, "doctor")
	require.Equal(t, exitOK, code, stdout)
	require.Regexp(t, `ok\s+database\s+.*schema version \d+, 0 runs`, stdout)

	b, err := os.ReadFile(paths.DatabaseFile)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(paths.DatabaseFile, b[:len(b)/2], 0o600))
	before := sha(t, paths.DatabaseFile)
	code, stdout, stderr := runCLI(t, "doctor", "--json")
	require.Equal(t, exitFail, code)
	var checks []struct {
		Name, State, Detail string
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &checks))
	found := false
	for _, c := range checks {
		if c.Name == "database" {
			found = true
			require.Equal(t, "damaged", c.State)
			require.Contains(t, c.Detail, "is damaged")
		}
	}
	require.True(t, found)
	require.Contains(t, stderr, "damaged")
	require.Equal(t, before, sha(t, paths.DatabaseFile))
}

// TestReadOnlyDataFolderBrowsesHistory: with a data folder that cannot be written, the
// history is still listed and opened, and a new run is refused saying why.
func TestReadOnlyDataFolderBrowsesHistory(t *testing.T) {
	paths := isolate(t)
	ctx := context.Background()
	st, err := store.Open(ctx, paths.DatabaseFile)
	require.NoError(t, err)
	run := domain.Run{ID: "r-readonly", Question: "does aspirin prevent stroke", Config: domain.DefaultRunConfig(),
		Status: domain.RunComplete, Judge: domain.JudgeInfo{Provider: domain.ProviderOffline, Kind: domain.JudgeKindOffline}}
	require.NoError(t, st.CreateRun(ctx, run))
	require.NoError(t, st.Close())
	before := sha(t, paths.DatabaseFile)
	testfs.MakeReadOnly(t, paths.DataDir)

	code, stdout, stderr := runCLI(t, "history", "list", "--json")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, `"id": "r-readonly"`)
	code, stdout, stderr = runCLI(t, "history", "search", "aspirin", "--json")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "r-readonly")

	code, _, stderr = runCLI(t, "research", "does metformin prevent dementia", "--judge", "offline")
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, "is read-only: past runs can be browsed, but starting or resuming a run needs a writable folder")
	code, stdout, _ = runCLI(t, "doctor")
	require.Equal(t, exitOK, code, "a read-only folder is not damaged")
	require.Regexp(t, `read-only\s+data dir`, stdout)
	require.Equal(t, before, sha(t, paths.DatabaseFile))
}

func TestDataDirNotWritable(t *testing.T) {
	if os.Geteuid() == 0 {
		// root ignores permission bits; make the data "dir" a file instead.
		paths := isolate(t)
		require.NoError(t, os.MkdirAll(filepath.Dir(paths.DataDir), 0o700))
		require.NoError(t, os.WriteFile(paths.DataDir, []byte("x"), 0o600))
		code, _, stderr := runCLI(t, "history", "list")
		require.Equal(t, exitFail, code)
		require.Contains(t, stderr, paths.DataDir)
		return
	}
	paths := isolate(t)
	require.NoError(t, os.MkdirAll(filepath.Dir(paths.DataDir), 0o500))
	code, _, stderr := runCLI(t, "history", "list")
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, "writable")
}

func TestDoctorReportsEveryArea(t *testing.T) {
	isolate(t)
	t.Setenv("OLLAMA_HOST", "http://127.0.0.1:9")
	code, stdout, _ := runCLI(t, "doctor", "--json")
	require.Equal(t, exitOK, code)
	var checks []struct {
		Name   string `json:"name"`
		OK     bool   `json:"ok"`
		Detail string `json:"detail"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &checks))
	names := map[string]bool{}
	for _, c := range checks {
		names[c.Name] = c.OK
		require.NotEmpty(t, c.Detail, c.Name)
	}
	for _, n := range []string{"config dir", "data dir", "database", "judge offline", "judge openai", "ollama", "source pubmed", "source clinicaltrials"} {
		_, ok := names[n]
		require.True(t, ok, "doctor must report %s", n)
	}
	require.True(t, names["judge offline"])
	require.False(t, names["judge openai"], "no key configured")
	require.False(t, names["ollama"], "nothing listens on port 9")
}

func TestInterleavedFlags(t *testing.T) {
	isolate(t)
	code, stdout, _ := runCLI(t, "history", "search", "metformin", "--json", "alzheimer")
	require.Equal(t, exitOK, code)
	require.JSONEq(t, "[]", stdout)
}

func sha(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return sha256.Sum256(b)
}

// TestHistoryRejudgeOffline: a stored run is re-judged from the terminal with no network,
// the comparison printed (and as JSON), and the new verdict kept with the run.
func TestHistoryRejudgeOffline(t *testing.T) {
	run := libraryRun(t)
	var code int
	var stdout, stderr string

	code, stdout, stderr = runCLI(t, "history", "rejudge", run.ID, "--judge", "offline")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "re-judged (rejudge:offline")
	require.Regexp(t, `mechanism\s+\d+/10\s+\d+/10 \(\+0\)`, stdout, "the same offline judge on the same evidence agrees with itself")

	code, stdout, stderr = runCLI(t, "history", "rejudge", run.ID, "--judge", "offline", "--json")
	require.Equal(t, exitOK, code, stderr)
	var cmp struct {
		Label    string            `json:"label"`
		Rejudged domain.Assessment `json:"rejudged"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &cmp))
	require.Equal(t, domain.JudgeKindOffline, cmp.Rejudged.Judge.Kind)

	// The re-judgements are in every report format, after the report of record was written.
	for _, f := range []string{"md", "html", "json"} {
		text := exported(t, run.ID, f)
		if f == "json" {
			require.Contains(t, text, `"label": "rejudge:offline/heuristic-v1"`)
			continue
		}
		require.Contains(t, text, "Re-judgements", f)
		// A second re-judgement by the same judge and model replaces the first (one row per judge).
		require.Equal(t, 1, strings.Count(text, "no difference"), "%s: the re-judgement against the run's verdict", f)
	}

	code, _, stderr = runCLI(t, "history", "rejudge", run.ID)
	require.Equal(t, exitUsage, code)
	require.Contains(t, stderr, "--judge")
}

// TestHistoryReviewFromTheTerminal: the review session from the CLI with no network:
// re-judge, exclude two papers with reasons, disagree with the verdict; every decision is kept
// (none overwritten) and the report formats carry the reviewer's decisions beside the judge's.
func TestHistoryReviewFromTheTerminal(t *testing.T) {
	run := libraryRun(t)
	var code int
	var stdout, stderr string
	code, _, stderr = runCLI(t, "settings", "set", "review.author", "Ana Lima")
	require.Equal(t, exitOK, code, stderr)

	code, _, stderr = runCLI(t, "history", "rejudge", run.ID, "--judge", "offline")
	require.Equal(t, exitOK, code, stderr)
	code, stdout, stderr = runCLI(t, "history", "review", run.ID, "--paper", "1", "--exclude", "--reason", "wrong design", "--note", "cohort, not a trial")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "recorded: Ana Lima exclude paper [1] (wrong design)")
	code, _, stderr = runCLI(t, "history", "review", run.ID, "--paper", "2", "--exclude", "--reason", "wrong population")
	require.Equal(t, exitOK, code, stderr)
	code, stdout, stderr = runCLI(t, "history", "review", run.ID, "--disagree", "--note", "two papers are not enough", "--json")
	require.Equal(t, exitOK, code, stderr)
	var got struct {
		Summary struct {
			Reviews   []domain.Review  `json:"reviews"`
			Excluded  int              `json:"excluded"`
			Agreement domain.Agreement `json:"agreement"`
		} `json:"summary"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))
	require.Len(t, got.Summary.Reviews, 3)
	require.Equal(t, 2, got.Summary.Excluded)
	require.Equal(t, 2, got.Summary.Agreement.N)
	require.Equal(t, 0.0, got.Summary.Agreement.Percent, "the judge kept both papers on topic")

	// Refusals say why: a reason is required to exclude, the paper must exist, one decision at a time.
	code, _, stderr = runCLI(t, "history", "review", run.ID, "--paper", "1", "--exclude")
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, "needs a reason")
	code, _, stderr = runCLI(t, "history", "review", run.ID, "--paper", "9", "--include")
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, "no paper [9]")
	code, _, _ = runCLI(t, "history", "review", run.ID, "--agree", "--disagree")
	require.Equal(t, exitUsage, code)
	code, _, stderr = runCLI(t, "history", "review", run.ID, "--paper", "1", "--component", "randomization")
	require.Equal(t, exitUsage, code, "an override needs its points")
	require.Contains(t, stderr, "--points")
	// These library papers were not scored (no methods to read), so there is no component to override.
	code, _, stderr = runCLI(t, "history", "review", run.ID, "--paper", "1", "--component", "randomization", "--points", "0")
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, `has no appraisal component "randomization"`)
	// History narrows to what a reviewer looks for.
	code, stdout, stderr = runCLI(t, "history", "list", "--review", "disagree", "--candidate", "metformin", "--json")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, run.ID)
	require.Contains(t, stdout, `"review": "disagree"`)
	code, stdout, _ = runCLI(t, "history", "list", "--review", "none", "--json")
	require.Equal(t, exitOK, code)
	require.NotContains(t, stdout, run.ID)

	// The RIS holds the papers the report relies on: both were excluded by the reviewer, so
	// none by default (refused, saying how to export them, and no empty file is left), and
	// both, marked, with --include-set-aside.
	ris := filepath.Join(t.TempDir(), "refs.ris")
	code, _, stderr = runCLI(t, "history", "export", run.ID, "--format", "ris", "--out", ris)
	require.Equal(t, 1, code, stderr)
	require.Contains(t, stderr, "relies on none of its 2 papers (all set aside): include the set-aside papers to export them (--include-set-aside)")
	require.NoFileExists(t, ris)
	code, _, stderr = runCLI(t, "history", "export", run.ID, "--format", "ris", "--out", ris, "--include-set-aside")
	require.Equal(t, exitOK, code, stderr)
	b, err := os.ReadFile(ris)
	require.NoError(t, err)
	require.Equal(t, 2, strings.Count(string(b), "ER  -"))
	require.Contains(t, string(b), "KW  - DeepCritical: set aside: excluded by the reviewer: wrong population")

	// The CSV is flat (one row per paper, a column for the reviewer's decision and the
	// judge) and its notes go beside it.
	csvOut := filepath.Join(t.TempDir(), "papers.csv")
	code, _, stderr = runCLI(t, "history", "export", run.ID, "--format", "csv", "--out", csvOut)
	require.Equal(t, exitOK, code, stderr)
	rows, err := csv.NewReader(mustOpen(t, csvOut)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 3, "header and one row per paper")
	require.Contains(t, rows[0], "reviewer")
	require.Contains(t, strings.Join(rows[2], "|"), "excluded by Ana Lima (the judge: on topic) — wrong population")
	notes, err := os.ReadFile(filepath.Join(filepath.Dir(csvOut), "papers.notes.md"))
	require.NoError(t, err)
	require.Contains(t, string(notes), "Limitations")

	for _, f := range []string{"md", "html", "json"} {
		text := exported(t, run.ID, f)
		require.Contains(t, text, "wrong population", f)
		require.Contains(t, text, "two papers are not enough", f)
		if f != "json" {
			require.Contains(t, text, "Reviewer's decisions", f)
			require.Contains(t, text, "Re-judgements", f)
			require.Contains(t, text, "Ana Lima disagrees with the final verdict", f)
			require.Contains(t, text, "excluded by Ana Lima (the judge: on topic) — wrong design: cohort, not a trial", f)
			require.Contains(t, text, "0 % of 2 papers", f)
		}
	}
}

// exported is the run's report as `history export --format format` writes it.
func exported(t *testing.T, runID, format string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "report."+format)
	code, _, stderr := runCLI(t, "history", "export", runID, "--format", format, "--out", out)
	require.Equal(t, exitOK, code, stderr)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	return string(b)
}

func mustOpen(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}

// libraryRun researches the two-paper test library offline in fresh folders, as a user
// would from a shell, and returns the finished run.
func libraryRun(t *testing.T) domain.Run {
	t.Helper()
	isolate(t)
	lib, err := filepath.Abs(filepath.Join("..", "services", "testdata", "library.nbib"))
	require.NoError(t, err)
	code, _, stderr := runCLI(t, "library", "import", lib)
	require.Equal(t, exitOK, code, stderr)
	code, stdout, stderr := runCLI(t, "research", "--judge", "offline", "--sources", "library", "--max-iterations", "1", "--json",
		"What drugs could be repurposed for Alzheimer disease?")
	require.Equal(t, exitOK, code, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	var run domain.Run
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &run))
	return run
}

// TestHistoryShowSaysAnErrorChainOnce: a failed run's long error chain is shown by its first
// clause, with the command that prints it whole.
func TestHistoryShowSaysAnErrorChainOnce(t *testing.T) {
	paths := isolate(t)
	ctx := context.Background()
	st, err := store.Open(ctx, paths.DatabaseFile)
	require.NoError(t, err)
	chain := "every source failed in two iterations in a row and no evidence was found (pubmed: cannot connect: dial tcp 127.0.0.1:9: connection refused (gave up after 3 attempts); europepmc: cannot connect)"
	run := domain.Run{ID: st.NewRunID(), Question: "Is metformin effective for treating cancer?", Config: domain.DefaultRunConfig(),
		Status: domain.RunFailed, StopReason: "failed: " + chain, Error: chain}
	require.NoError(t, st.CreateRun(ctx, run))
	require.NoError(t, st.Close())

	code, stdout, stderr := runCLI(t, "history", "show", run.ID)
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "Error:    every source failed in two iterations in a row and no evidence was found\n")
	require.NotContains(t, stdout, "connection refused")
	require.Contains(t, stdout, "history show "+run.ID+" --detail")
	code, stdout, _ = runCLI(t, "history", "show", run.ID, "--detail")
	require.Equal(t, exitOK, code)
	require.Contains(t, stdout, "connection refused")
}

// TestHistoryShowKeepsAQuerysHitCount: a long query line keeps what was sent and its hit
// count; only its notes are cut to their first clause (whole with --detail).
func TestHistoryShowKeepsAQuerysHitCount(t *testing.T) {
	paths := isolate(t)
	ctx := context.Background()
	st, err := store.Open(ctx, paths.DatabaseFile)
	require.NoError(t, err)
	run := domain.Run{ID: st.NewRunID(), Question: "Is metformin effective for treating cancer?", Config: domain.DefaultRunConfig(),
		Status: domain.RunComplete}
	require.NoError(t, st.CreateRun(ctx, run))
	note := "nothing matched the question's concepts in any wording tried: kept the 1 best match (Best Match) of the OR of their words; the relevance check decides whether it is on topic"
	_, err = st.AppendEvent(ctx, domain.Event{RunID: run.ID, Type: domain.EventQuery, Iteration: 1,
		Message: "pubmed: metformin OR cancer (67 hits) — " + note})
	require.NoError(t, err)
	require.NoError(t, st.Close())

	code, stdout, stderr := runCLI(t, "history", "show", run.ID)
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "pubmed: metformin OR cancer (67 hits) — nothing matched the question's concepts in any wording tried\n")
	code, stdout, _ = runCLI(t, "history", "show", run.ID, "--detail")
	require.Equal(t, exitOK, code)
	require.Contains(t, stdout, note)
}

// TestHistoryRejudgeFallbackSaysWhy: a re-judgement whose judge refuses every call (a bad
// key) is kept as the safe fallback, and the terminal and the reports say why rather than
// presenting its scores as a verdict.
func TestHistoryRejudgeFallbackSaysWhy(t *testing.T) {
	run := libraryRun(t)
	compatibleJudgeRefusing(t)

	code, stdout, stderr := runCLI(t, "history", "rejudge", run.ID, "--judge", "compatible", "--model", "fake-judge")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "FALLBACK (compatible fake-judge failed)")
	require.Regexp(t, `The re-judgement is the safe fallback, not an assessment: .*(key|401|unauthori)`, stdout)
	for _, f := range []string{"md", "html"} {
		require.Regexp(t, `FALLBACK assessment — the LLM judge did not return a valid answer \(compatible, fake-judge\): .*(key|401|unauthori)`, exported(t, run.ID, f), f)
	}
}

// TestJudgeRefusesAQuestionItCannotRead: `deepcritical judge` parses its question as a run
// does and refuses, in one line, one with nothing to search for or in another language,
// rather than judging every paper on topic of a question it did not read.
func TestJudgeRefusesAQuestionItCannotRead(t *testing.T) {
	isolate(t)
	evidence := filepath.Join(t.TempDir(), "evidence.json")
	require.NoError(t, os.WriteFile(evidence, []byte(`[{"content": "Metformin reduced tumour growth in a randomised trial of 120 patients with breast cancer.",
		"citation": {"source": "pubmed", "title": "Metformin in breast cancer: a randomised trial", "url": "https://pubmed.ncbi.nlm.nih.gov/1/", "date": "2020", "authors": ["A Author"]}}]`), 0o600))
	cases := []struct {
		question string
		code     int
		says     string
	}{
		{"???", exitFail, "has no searchable concept"},
		{"Le metformine est-il efficace contre le cancer ?", exitFail, "reads as French"},
		{"Is metformin effective for breast cancer?", exitOK, "Metformin"},
	}
	for _, c := range cases {
		t.Run(c.question, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "judge", "--judge", "offline", "--question", c.question, "--evidence", evidence)
			require.Equal(t, c.code, code, "stdout %s\nstderr %s", stdout, stderr)
			if c.code == exitOK {
				require.Contains(t, stdout, c.says)
				// The answer line and each study's stance, as a run's report gives them.
				require.Contains(t, stdout, "Answer:      Metformin for breast cancer: 1 study: 1 supports (1 RCT)\n")
				require.Contains(t, stdout, "  - [1] supports — “Metformin reduced tumour growth in a randomised trial of 120 patients with breast cancer.”\n")
				require.Contains(t, stdout, "Candidates:  Metformin\n")
				return
			}
			require.Empty(t, stdout)
			require.Contains(t, stderr, c.says)
			require.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %s", stderr)
		})
	}
}

// TestResearchCorrections: --role and --stage correct how the question was understood, as
// the window's chips do; the run stores the corrected reading. A correction that names no
// concept, an unknown role or stage, or a stage on what is not a condition is refused in
// one line before anything runs.
func TestResearchCorrections(t *testing.T) {
	const q = "Do emollients help atopic dermatitis in infants?"
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no such concept", []string{"--stage", "eczema=onset"}, `"eczema" is not a concept of the question; it was understood as "emollients", "atopic dermatitis", "infants"`},
		{"stage on an intervention", []string{"--stage", "emollients=onset"}, "only a condition has a stage"},
		{"unknown stage", []string{"--stage", "atopic dermatitis=cured"}, `unknown stage "cured"`},
		{"no value", []string{"--stage", "atopic dermatitis"}, "write TEXT=STAGE"},
		{"unknown role", []string{"--role", "infants=drug"}, `unknown role "drug"`},
		{"nothing specific left", []string{"--role", "emollients=drop", "--role", "atopic dermatitis=drop", "--role", "infants=drop"}, "no specific concept left"},
		{"with --resume", []string{"--resume", "r-1", "--stage", "atopic dermatitis=onset"}, "a resumed run keeps the reading it started with"},
	} {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			args := append([]string{"research", "--judge", "offline", "--sources", "library"}, c.args...)
			if !slices.Contains(c.args, "--resume") {
				args = append(args, q)
			}
			code, _, stderr := runCLI(t, args...)
			require.Equal(t, exitUsage, code, stderr)
			require.Contains(t, stderr, c.want)
		})
	}

	isolate(t)
	code, stdout, stderr := runCLI(t, "research", "--judge", "offline", "--sources", "library", "--max-iterations", "1", "--json",
		"--stage", "Atopic Dermatitis=onset", "--role", "infants=drop", q)
	require.Equal(t, exitOK, code, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	var run domain.Run
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &run))
	require.NotNil(t, run.Parsed)
	require.Equal(t, "condition: atopic dermatitis (its onset) · intervention: emollients", run.Parsed.Summary())
}

// TestResearchChecksItsExportPathFirst: an --export file that exists (without --force) or
// whose folder is missing is refused before the run starts, not after a whole run.
func TestResearchChecksItsExportPathFirst(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	existing := filepath.Join(dir, "report.md")
	require.NoError(t, os.WriteFile(existing, []byte("keep"), 0o644))
	for _, path := range []string{existing, filepath.Join(dir, "missing", "report.md")} {
		code, _, stderr := runCLI(t, "research", "Is metformin effective for treating cancer?", "--judge", "offline", "--sources", "library", "--export", path)
		require.Equal(t, 1, code, stderr)
		require.Contains(t, stderr, path)
	}
	_, out, errOut := runCLI(t, "history", "list")
	require.Contains(t, out+errOut, "no runs stored yet", "no run was started")
}

// TestResearchExportFailingAfterTheRunSaysHowTheRunEnded: an export that can only fail once
// the run is done (a reference file of a report that relies on no paper) still says how the
// run ended and how to export it, so a script can find the run.
func TestResearchExportFailingAfterTheRunSaysHowTheRunEnded(t *testing.T) {
	isolate(t)
	path := filepath.Join(t.TempDir(), "refs.ris")
	code, _, stderr := runCLI(t, "research", "Is metformin effective for treating cancer?", "--judge", "offline", "--sources", "library",
		"--max-iterations", "1", "--export", path)
	require.Equal(t, 1, code, stderr)
	require.Regexp(t, `run \S+: complete`, stderr)
	require.Regexp(t, `export it with: deepcritical history export \S+ --out FILE`, stderr)
	require.Contains(t, stderr, "has no paper to export as references")
}

// TestOfflineJudgeRefusesAModelEverywhere: a model given with the offline judge is refused
// by every command that chooses a judge, as research refuses it, never ignored.
func TestOfflineJudgeRefusesAModelEverywhere(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	text := filepath.Join(dir, "paper.txt")
	require.NoError(t, os.WriteFile(text, []byte(strings.Repeat("Patients were randomised to drug or placebo. ", 20)), 0o644))
	evidence := filepath.Join(dir, "ev.json")
	require.NoError(t, os.WriteFile(evidence, []byte(`[{"content":"Metformin reduced tumour growth.","citation":{"source":"pubmed","id":"1","title":"T","url":"https://pubmed.ncbi.nlm.nih.gov/1/","date":"2020","authors":[]}}]`), 0o644))
	for _, args := range [][]string{
		{"research", "Is metformin effective for treating cancer?", "--judge", "offline", "--model", "gpt-4o", "--sources", "library"},
		{"appraise", "--text-file", text, "--judge", "offline", "--model", "gpt-4o"},
		{"judge", "--question", "Is metformin effective for treating cancer?", "--evidence", evidence, "--judge", "offline", "--model", "gpt-4o"},
	} {
		code, _, stderr := runCLI(t, args...)
		require.NotEqual(t, exitOK, code, "%v: %s", args, stderr)
		require.Contains(t, stderr, `the offline judge runs no model: "gpt-4o" is for an LLM judge`, args[0])
	}
}

// TestHistoryFilterMatchingNothing: a search or filter that matches no run says so, rather
// than that no run is stored.
func TestHistoryFilterMatchingNothing(t *testing.T) {
	isolate(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"history", "list"}, "no runs stored yet"},
		{[]string{"history", "list", "--status", "failed"}, "no stored run matches"},
		{[]string{"history", "search", "metformin"}, "no stored run matches"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, c.args...)
		require.Equal(t, 0, code, errOut)
		require.Contains(t, out+errOut, c.want, c.args)
	}
}

// TestSettingsUnsetRemovesAKey: a stored key can be removed from the terminal (the message
// for an empty key said "delete it" with no command to do so); unset refuses what is not a
// key.
func TestSettingsUnsetRemovesAKey(t *testing.T) {
	isolate(t)
	code, _, stderr := runCLI(t, "settings", "set", "secrets.openai_api_key", "sk-test-unset-me")
	require.Equal(t, exitOK, code, stderr)
	_, out, _ := runCLI(t, "providers", "list", "--json")
	require.Contains(t, out, `"name": "openai"`)
	require.Regexp(t, `"name": "openai",[^}]*"configured": true`, out)
	code, stdout, stderr := runCLI(t, "settings", "unset", "secrets.openai_api_key")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "secrets.openai_api_key removed")
	_, out, _ = runCLI(t, "providers", "list", "--json")
	require.Regexp(t, `"name": "openai",[^}]*"configured": false`, out)
	code, _, stderr = runCLI(t, "settings", "unset", "judge.provider")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "settings unset removes a stored key")
	code, _, stderr = runCLI(t, "settings", "set", "secrets.openai_api_key", " ")
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "deepcritical settings unset secrets.openai_api_key")
}

// TestSettingsSetReadsAKeyFromStdin: `settings set KEY -` takes the value from standard
// input (a key kept out of ps and the shell's history); it stored the literal "-" before.
// Nothing on standard input is a usage error, not an empty key.
func TestSettingsSetReadsAKeyFromStdin(t *testing.T) {
	isolate(t)
	stdinCLI := func(in string, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(context.Background(), root(), &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(in), app: newApp()}, args)
		return code, out.String(), errb.String()
	}
	code, stdout, stderr := stdinCLI("sk-test-from-stdin-1234\n", "settings", "set", "secrets.openai_api_key", "-")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "secrets.openai_api_key stored")
	_, out, _ := runCLI(t, "settings", "show", "--json")
	require.NotContains(t, out, "sk-test-from-stdin-1234", "shown masked")
	require.Contains(t, out, "1234", "the key read, not \"-\"")
	code, stdout, stderr = stdinCLI("3\n", "settings", "set", "run.max_iterations", "-")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "run.max_iterations = 3")
	code, _, stderr = stdinCLI("", "settings", "set", "secrets.openai_api_key", "-")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "read nothing from standard input")
}

// TestHistoryExportFormatFromTheFileName: `history export` takes the format from --out's
// extension as `research --export` does, refuses a format its extension contradicts, and
// refuses "-" (it wrote a file named "-").
func TestHistoryExportFormatFromTheFileName(t *testing.T) {
	run := storeCompletedRun(t, isolate(t), "Is metformin effective for treating cancer?", "Metformin and cancer")
	dir := t.TempDir()
	code, _, stderr := runCLI(t, "history", "export", run.ID, "--out", filepath.Join(dir, "r.html"))
	require.Equal(t, exitOK, code, stderr)
	b, err := os.ReadFile(filepath.Join(dir, "r.html"))
	require.NoError(t, err)
	require.Contains(t, string(b), "<html")
	// CSL-JSON files are .json files: no mismatch (this run has no paper to cite, which is
	// the only refusal).
	_, _, stderr = runCLI(t, "history", "export", run.ID, "--format", "csljson", "--out", filepath.Join(dir, "refs.json"))
	require.NotContains(t, stderr, "does not match")
	require.Contains(t, stderr, "has no paper to export as references")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--format", "ris", "--out", filepath.Join(dir, "r.md")}, "--format ris does not match"},
		{[]string{"--out", filepath.Join(dir, "r.txt")}, "export needs --format"},
		{[]string{"--format", "md", "--out", "-"}, "--out -: export writes a file"},
	} {
		code, _, stderr := runCLI(t, append([]string{"history", "export", run.ID}, tc.args...)...)
		require.Equal(t, 2, code, stderr)
		require.Contains(t, stderr, tc.want)
	}
	require.NoFileExists(t, filepath.Join(dir, "r.md"))
}
