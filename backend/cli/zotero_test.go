package cli

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/store"
	fake "deepcritical/internal/fakes/zotero"
)

// storedRun stores a complete run with two on-topic papers and one off-topic one.
func storedRun(t *testing.T, paths config.Paths) string {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, paths.DatabaseFile)
	require.NoError(t, err)
	defer st.Close()
	run := domain.Run{ID: st.NewRunID(), Question: "Does metformin prevent type 2 diabetes?", Config: domain.DefaultRunConfig(),
		Status: domain.RunComplete, Judge: domain.JudgeInfo{Provider: domain.ProviderOffline, Kind: domain.JudgeKindOffline, Model: "heuristic"}}
	require.NoError(t, st.CreateRun(ctx, run))
	keys, err := st.UpsertEvidence(ctx, []domain.Evidence{
		{Content: "Metformin reduced incidence.", Citation: domain.Citation{Source: domain.SourcePubMed, ID: "11832527", PMID: "11832527",
			DOI: "10.1056/NEJMoa012512", Title: "Reduction in the incidence of type 2 diabetes with lifestyle intervention or metformin",
			URL: "https://pubmed.ncbi.nlm.nih.gov/11832527/", Authors: []string{"Knowler, William C"}, Journal: "N Engl J Med", Date: "2002"}},
		{Content: "UKPDS.", Citation: domain.Citation{Source: domain.SourcePubMed, ID: "9742977", PMID: "9742977", Title: "UKPDS 34",
			URL: "https://pubmed.ncbi.nlm.nih.gov/9742977/", Authors: []string{"UK Prospective Diabetes Study (UKPDS) Group"}, Date: "1998"}},
		{Content: "Cats.", Citation: domain.Citation{Source: domain.SourcePubMed, ID: "2", PMID: "2", Title: "Cats", URL: "https://pubmed.ncbi.nlm.nih.gov/2/", Date: "2000"},
			Topic: &domain.Topic{OffTopic: true, Reason: "does not study metformin"}},
	})
	require.NoError(t, err)
	_, err = st.LinkEvidence(ctx, run.ID, 1, keys)
	require.NoError(t, err)
	require.NoError(t, st.SetEvidenceTopics(ctx, run.ID, map[string]domain.Topic{keys[2]: {OffTopic: true, Reason: "does not study metformin"}}))
	return run.ID
}

func startZotero(t *testing.T, setup func(*fake.Server)) *fake.Server {
	t.Helper()
	z := fake.New(fake.DefaultSeed())
	if setup != nil {
		setup(z)
	}
	srv := httptest.NewServer(z)
	t.Cleanup(srv.Close)
	t.Setenv("DEEPCRITICAL_ZOTERO_URL", srv.URL)
	return z
}

func TestHistoryExportToZotero(t *testing.T) {
	paths := isolate(t)
	runID := storedRun(t, paths)
	z := startZotero(t, nil)

	code, _, stderr := runCLI(t, "history", "export", runID, "--to", "zotero", "--collection", "Reviews/Metformin")
	require.Equal(t, exitOK, code, stderr)
	// Zotero's local API is off by default: whether the run was sent before cannot be checked,
	// and the send says so.
	assert.Equal(t, `warning: could not check whether run `+runID+` was sent to Zotero before (a run sent twice is in Zotero twice): Zotero's local API is off (HTTP 403 Local API is not enabled): in Zotero 7 or later, open Settings → Advanced → General and check "Allow other applications on this computer to communicate with Zotero"`+"\n"+
		`sent 2 references of run `+runID+` to Zotero 7.0.15, in "My Library/Reviews/Metformin", tagged DeepCritical, DeepCritical run `+runID+"\n", stderr)
	var saves []fake.Received
	for _, r := range z.Received() {
		if r.Path == "/connector/saveItems" {
			saves = append(saves, r)
		}
	}
	require.Len(t, saves, 1)
	var body struct {
		Items []struct {
			ID    string `json:"id"`
			Extra string `json:"extra"`
			Notes []struct {
				Note string `json:"note"`
			} `json:"notes"`
		} `json:"items"`
	}
	require.NoError(t, json.Unmarshal(saves[0].Body, &body))
	require.Len(t, body.Items, 2)
	assert.Equal(t, "PMID: 11832527", body.Items[0].Extra)
	assert.Contains(t, body.Items[0].Notes[0].Note, "run "+runID)

	code, _, stderr = runCLI(t, "history", "export", runID, "--to", "zotero", "--include-set-aside")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, `sent 3 references of run `+runID+` to Zotero 7.0.15, in "My Library/Reviews/Metformin"`, "Zotero's selection followed the last save")
}

func TestHistoryExportToZoteroFailures(t *testing.T) {
	paths := isolate(t)
	runID := storedRun(t, paths)
	cases := []struct {
		name  string
		setup func(*fake.Server)
		args  []string
		code  int
		want  string
	}{
		{"read-only library", func(z *fake.Server) { z.SetLibraryEditable(1, false) }, nil, exitFail, `deepcritical: the Zotero library of "My Library/Inbox" is read-only`},
		{"unknown collection", nil, []string{"--collection", "Nope"}, exitFail, `deepcritical: no editable Zotero collection is named "Nope"`},
		{"old Zotero", func(z *fake.Server) { z.OldConnector = true }, nil, exitFail, "deepcritical: Zotero 7.0.15 is too old"},
		{"unknown run", nil, []string{}, exitFail, "not found"},
		{"other target", nil, []string{"--to", "mendeley"}, exitUsage, `--to: only zotero is supported, got "mendeley"`},
		{"file flags with zotero", nil, []string{"--format", "ris"}, exitUsage, "--to zotero sends to Zotero: it takes no --format, --out or --force"},
		{"collection without zotero", nil, []string{"--format", "ris", "--out", "x.ris", "--collection", "A"}, exitUsage, "--collection goes with --to zotero"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			z := startZotero(t, tc.setup)
			id := runID
			if tc.name == "unknown run" {
				id = "nope"
			}
			args := []string{"history", "export", id}
			if tc.name != "other target" && tc.name != "collection without zotero" {
				args = append(args, "--to", "zotero")
			}
			code, _, stderr := runCLI(t, append(args, tc.args...)...)
			require.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stderr, tc.want)
			if code == exitFail {
				assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			}
			for _, r := range z.Received() {
				assert.NotEqual(t, "/connector/saveItems", r.Path, "nothing was saved")
			}
		})
	}
	// Zotero not running.
	t.Setenv("DEEPCRITICAL_ZOTERO_URL", "http://127.0.0.1:1")
	code, _, stderr := runCLI(t, "history", "export", runID, "--to", "zotero")
	require.Equal(t, exitFail, code)
	assert.Equal(t, "deepcritical: Zotero is not running: nothing answers at http://127.0.0.1:1 (start Zotero; if it listens elsewhere, set zotero.url or DEEPCRITICAL_ZOTERO_URL)\n", stderr)
}

func TestLibraryImportFromZotero(t *testing.T) {
	isolate(t)
	z := startZotero(t, nil)
	code, _, stderr := runCLI(t, "library", "import", "--from", "zotero")
	require.Equal(t, exitFail, code)
	assert.Contains(t, stderr, `deepcritical: Zotero's local API is off (HTTP 403 Local API is not enabled): in Zotero 7 or later, open Settings → Advanced → General and check "Allow other applications on this computer to communicate with Zotero", then import again`)

	z.Lock()
	z.LocalAPIEnabled = true
	z.Unlock()
	code, stdout, stderr := runCLI(t, "library", "import", "--from", "zotero", "--collection", "Reviews/Metformin")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, "imported 2, updated 0, skipped 0, errors 0\n", stdout)
	assert.Contains(t, stderr, "Zotero collection Reviews/Metformin: 2 records (zotero)")
	assert.Contains(t, stderr, "warning: Zotero has indexed the full text of 1 attachment")

	code, stdout, stderr = runCLI(t, "library", "import", "--from", "zotero", "--json")
	require.Equal(t, exitOK, code, stderr)
	var sum struct{ Imported, Updated, Unchanged int }
	require.NoError(t, json.Unmarshal([]byte(stdout), &sum))
	assert.Equal(t, 1, sum.Imported, "the book")
	assert.Equal(t, 2, sum.Updated+sum.Unchanged, "the two articles again, not twice")

	code, stdout, _ = runCLI(t, "library", "list", "--json")
	require.Equal(t, exitOK, code)
	var page struct{ Total int }
	require.NoError(t, json.Unmarshal([]byte(stdout), &page))
	assert.Equal(t, 3, page.Total)

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--from", "endnote"}, `--from: only zotero is supported, got "endnote"`},
		{[]string{"--from", "zotero", "x.ris"}, "import reads files or --from zotero, not both"},
		{[]string{"--collection", "A", "x.ris"}, "--collection goes with --from zotero"},
		{nil, "import: missing argument (files, or --from zotero)"},
	} {
		code, _, stderr = runCLI(t, append([]string{"library", "import"}, tc.args...)...)
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, stderr, tc.want)
	}
}

// TestHistoryExportToZoteroTwice: with Zotero's local API on, a run whose references Zotero
// already holds (tagged with the run) is not sent again, which would save them twice, unless
// asked with --again.
func TestHistoryExportToZoteroTwice(t *testing.T) {
	paths := isolate(t)
	runID := storedRun(t, paths)
	z := startZotero(t, func(z *fake.Server) { z.LocalAPIEnabled = true })
	saves := func() int {
		n := 0
		for _, r := range z.Received() {
			if r.Path == "/connector/saveItems" {
				n++
			}
		}
		return n
	}
	code, _, stderr := runCLI(t, "history", "export", runID, "--to", "zotero")
	require.Equal(t, exitOK, code, stderr)
	assert.NotContains(t, stderr, "warning")
	code, _, stderr = runCLI(t, "history", "export", runID, "--to", "zotero")
	require.Equal(t, 1, code, stderr)
	assert.Contains(t, stderr, `Zotero already holds 2 items tagged "DeepCritical run `+runID+`": sending them again would save them twice; delete them in Zotero first, or send again anyway (--again)`)
	assert.Equal(t, 1, saves(), "nothing sent the second time")
	code, _, stderr = runCLI(t, "history", "export", runID, "--to", "zotero", "--again")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, 2, saves())
}

// TestHistoryExportToZoteroWhenTheCheckFails: with the local API on but failing, whether
// Zotero already holds the run cannot be known, so nothing is sent (it could be saved
// twice) unless asked with --again; with the local API off (Zotero's default) the send goes
// on and says it could not check.
func TestHistoryExportToZoteroWhenTheCheckFails(t *testing.T) {
	for _, tc := range []struct {
		name   string
		setup  func(*fake.Server)
		code   int
		stderr string
	}{
		{"local API failing", func(z *fake.Server) { z.LocalAPIEnabled, z.LocalAPIStatus = true, 500 }, 1,
			"could not check whether Zotero already holds the references tagged"},
		{"local API off", func(z *fake.Server) { z.LocalAPIEnabled = false }, exitOK, "could not check whether"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			paths := isolate(t)
			runID := storedRun(t, paths)
			z := startZotero(t, tc.setup)
			code, _, stderr := runCLI(t, "history", "export", runID, "--to", "zotero")
			require.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stderr, tc.stderr)
			saves := 0
			for _, r := range z.Received() {
				if r.Path == "/connector/saveItems" {
					saves++
				}
			}
			assert.Equal(t, map[bool]int{true: 0, false: 1}[tc.code != exitOK], saves)
		})
	}
}
