package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestRunCRUD(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()

	r := testRun("run-1", "What drugs could be repurposed for Alzheimer's disease?")
	r.Config.MaxIterations = 7
	r.Config.Sources = []domain.Source{domain.SourcePubMed}
	require.NoError(t, s.CreateRun(ctx, r))

	got, err := s.GetRun(ctx, "run-1")
	require.NoError(t, err)
	require.Equal(t, r.Question, got.Question)
	require.Equal(t, r.Config, got.Config)
	require.Equal(t, r.Judge, got.Judge)
	require.Equal(t, domain.RunRunning, got.Status)
	require.Nil(t, got.Verdict)
	require.Nil(t, got.FinishedAt)
	require.False(t, got.CreatedAt.IsZero())

	finished := t0.Add(time.Hour)
	pass := true
	got.Status = domain.RunComplete
	got.StopReason = "sufficient"
	got.Iterations = 3
	got.Verdict = &pass
	got.FinishedAt = &finished
	got.Judge.Model = "llama3.1"
	require.NoError(t, s.UpdateRun(ctx, got))

	again, err := s.GetRun(ctx, "run-1")
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, again.Status)
	require.Equal(t, "sufficient", again.StopReason)
	require.Equal(t, 3, again.Iterations)
	require.NotNil(t, again.Verdict)
	require.True(t, *again.Verdict)
	require.True(t, again.FinishedAt.Equal(finished))
	require.Equal(t, "llama3.1", again.Judge.Model)
	require.True(t, again.UpdatedAt.After(got.UpdatedAt))
	require.True(t, again.CreatedAt.Equal(got.CreatedAt))

	// A nil verdict in an update keeps the stored one.
	again.Verdict = nil
	require.NoError(t, s.UpdateRun(ctx, again))
	kept, err := s.GetRun(ctx, "run-1")
	require.NoError(t, err)
	require.NotNil(t, kept.Verdict)

	require.NoError(t, s.DeleteRun(ctx, "run-1"))
	_, err = s.GetRun(ctx, "run-1")
	requireCode(t, err, domain.CodeNotFound)
}

func TestRunErrors(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	require.NoError(t, s.CreateRun(ctx, testRun("dup", "a question here")))

	bad := func(mut func(*domain.Run)) domain.Run {
		r := testRun("x", "a question here")
		mut(&r)
		return r
	}
	cases := []struct {
		name string
		call func() error
		code domain.Code
	}{
		{"duplicate id", func() error { return s.CreateRun(ctx, testRun("dup", "again")) }, domain.CodeInvalid},
		{"empty id", func() error { return s.CreateRun(ctx, bad(func(r *domain.Run) { r.ID = "" })) }, domain.CodeInvalid},
		{"empty question", func() error { return s.CreateRun(ctx, bad(func(r *domain.Run) { r.Question = " " })) }, domain.CodeInvalid},
		{"bad status", func() error { return s.CreateRun(ctx, bad(func(r *domain.Run) { r.Status = "done" })) }, domain.CodeInvalid},
		{"unknown parent", func() error {
			return s.CreateRun(ctx, bad(func(r *domain.Run) { r.ParentRunID = "nope" }))
		}, domain.CodeNotFound},
		{"get missing", func() error { _, err := s.GetRun(ctx, "missing"); return err }, domain.CodeNotFound},
		{"update missing", func() error { return s.UpdateRun(ctx, testRun("missing", "q q q")) }, domain.CodeNotFound},
		{"delete missing", func() error { return s.DeleteRun(ctx, "missing") }, domain.CodeNotFound},
		{"list bad status", func() error { _, err := s.ListRuns(ctx, RunFilter{Status: "weird"}); return err }, domain.CodeInvalid},
		{"list bad judge", func() error { _, err := s.ListRuns(ctx, RunFilter{Judge: "gpt"}); return err }, domain.CodeInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			requireCode(t, tc.call(), tc.code)
		})
	}
}

func TestParentRun(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "orig", "original question")
	child := testRun("child", "original question")
	child.ParentRunID = "orig"
	require.NoError(t, s.CreateRun(ctx, child))
	got, err := s.GetRun(ctx, "child")
	require.NoError(t, err)
	require.Equal(t, "orig", got.ParentRunID)

	require.NoError(t, s.DeleteRun(ctx, "orig"))
	got, err = s.GetRun(ctx, "child")
	require.NoError(t, err)
	require.Empty(t, got.ParentRunID, "deleting the parent unlinks the re-judged run")
}

func TestListRunsFiltersAndOrder(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()

	specs := []struct {
		id       string
		question string
		status   domain.RunStatus
		provider domain.Provider
	}{
		{"r1", "metformin for alzheimer disease", domain.RunComplete, domain.ProviderOffline},
		{"r2", "statins and dementia risk", domain.RunFailed, domain.ProviderOpenAI},
		{"r3", "lithium neuroprotection", domain.RunComplete, domain.ProviderOllama},
		{"r4", "ketamine for depression", domain.RunRunning, domain.ProviderOffline},
		{"r5", "semaglutide cognitive decline", domain.RunComplete, domain.ProviderOpenAI},
	}
	for _, sp := range specs {
		r := testRun(sp.id, sp.question)
		r.Status = sp.status
		r.Judge.Provider = sp.provider
		require.NoError(t, s.CreateRun(ctx, r))
	}
	// Evidence and a report give r3 and r4 text beyond their questions.
	keys, err := s.UpsertEvidence(ctx, []domain.Evidence{
		paper("100", "Metformin and amyloid clearance", "Metformin reduced amyloid plaques in mice."),
		paper("101", "Tau phosphorylation", "Lithium inhibits GSK-3 beta."),
	})
	require.NoError(t, err)
	_, err = s.LinkEvidence(ctx, "r3", 1, keys)
	require.NoError(t, err)
	require.NoError(t, s.SaveReport(ctx, domain.StoredReport{RunID: "r4", Markdown: "# Report\n\nEsketamine nasal spray shows **rapid** antidepressant effect.", Status: domain.ReportVerified}))
	require.NoError(t, s.SaveVerdict(ctx, "r5", 2, domain.Verdict{Pass: false, Reason: "unsupported candidate"}, nil))

	ids := func(rs []RunSummary) []string {
		out := []string{}
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	cases := []struct {
		name   string
		filter RunFilter
		want   []string
	}{
		{"all newest first", RunFilter{}, []string{"r5", "r4", "r3", "r2", "r1"}},
		{"limit", RunFilter{Limit: 2}, []string{"r5", "r4"}},
		{"offset", RunFilter{Limit: 2, Offset: 2}, []string{"r3", "r2"}},
		{"offset past end", RunFilter{Offset: 10}, []string{}},
		{"status", RunFilter{Status: domain.RunComplete}, []string{"r5", "r3", "r1"}},
		{"judge", RunFilter{Judge: domain.ProviderOpenAI}, []string{"r5", "r2"}},
		{"status and judge", RunFilter{Status: domain.RunComplete, Judge: domain.ProviderOffline}, []string{"r1"}},
		{"text in question", RunFilter{Text: "dementia"}, []string{"r2"}},
		{"text in evidence and question", RunFilter{Text: "metformin"}, []string{"r3", "r1"}},
		{"text in evidence content, stemmed", RunFilter{Text: "inhibit"}, []string{"r3"}},
		{"text in report", RunFilter{Text: "esketamine"}, []string{"r4"}},
		{"prefix on last word", RunFilter{Text: "antidepress"}, []string{"r4"}},
		{"all words must match", RunFilter{Text: "metformin dementia"}, []string{}},
		{"words across question and evidence", RunFilter{Text: "lithium GSK"}, []string{"r3"}},
		{"words across question and report", RunFilter{Text: "ketamine nasal"}, []string{"r4"}},
		{"text with offset", RunFilter{Text: "metformin", Offset: 1}, []string{"r1"}},
		{"text and status", RunFilter{Text: "metformin", Status: domain.RunComplete, Judge: domain.ProviderOllama}, []string{"r3"}},
		{"phrase", RunFilter{Text: `"amyloid plaques"`}, []string{"r3"}},
		{"no match", RunFilter{Text: "zebrafish"}, []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.ListRuns(ctx, tc.filter)
			require.NoError(t, err)
			require.Equal(t, tc.want, ids(got))
		})
	}

	all, err := s.ListRuns(ctx, RunFilter{})
	require.NoError(t, err)
	byID := map[string]RunSummary{}
	for _, r := range all {
		byID[r.ID] = r
	}
	require.Equal(t, 2, byID["r3"].EvidenceCount)
	require.Equal(t, domain.ProviderOllama, byID["r3"].Judge.Provider)
	require.NotNil(t, byID["r5"].VerdictPass)
	require.False(t, *byID["r5"].VerdictPass)
	require.Nil(t, byID["r1"].VerdictPass)

	n, err := s.CountRuns(ctx)
	require.NoError(t, err)
	require.Equal(t, 5, n)
}

// TestListRunsHostileText feeds FTS5 syntax and broken quoting to the history search: none
// may raise an error, and the meaningful words still match.
func TestListRunsHostileText(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", `metformin "alzheimer" (AND) NOT trial: near*`)
	hostile := []string{
		`metformin "alz`, `AND OR (`, `"`, `""`, `*`, `title:metformin`, `metformin NOT`, `NEAR(a b)`,
		`-metformin`, `^metformin`, `metformin)`, `'; DROP TABLE runs; --`, "\x00metformin", `{metformin}`,
		`metformin AND`, `"metformin" "`, `+`, `a:b:c`, "métformin", "🙂", `OR`, `\"metformin\"`,
	}
	for _, q := range hostile {
		t.Run(q, func(t *testing.T) {
			_, err := s.ListRuns(ctx, RunFilter{Text: q})
			require.NoError(t, err)
			_, err = s.SearchLibrary(ctx, q, 10)
			require.NoError(t, err)
		})
	}
	for _, q := range []string{`metformin "alz`, `(metformin)`, `metformin AND`, `"metformin`, "métformin"} {
		got, err := s.ListRuns(ctx, RunFilter{Text: q})
		require.NoError(t, err)
		require.Len(t, got, 1, "query %q", q)
	}
	n, err := s.CountRuns(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
}

func TestMarkInterrupted(t *testing.T) {
	s, clock := newTestStore(t)
	ctx := context.Background()
	for i, st := range []domain.RunStatus{domain.RunRunning, domain.RunComplete, domain.RunRunning, domain.RunPending, domain.RunRunning, domain.RunRunning} {
		r := testRun(fmt.Sprintf("r%d", i), "question number "+fmt.Sprint(i))
		r.Status = st
		require.NoError(t, s.CreateRun(ctx, r))
	}
	// r4 is held by a live process; r5 by a process that is gone.
	live := domain.RunLease{RunID: "r4", Holder: "h4", Host: "here", PID: 4, ExpiresAt: t0.Add(time.Hour)}
	require.NoError(t, s.AcquireRunLease(ctx, live, nil))
	gone := domain.RunLease{RunID: "r5", Holder: "h5", Host: "here", PID: 5, ExpiresAt: t0.Add(time.Hour)}
	require.NoError(t, s.AcquireRunLease(ctx, gone, nil))
	dead := func(l domain.RunLease) bool { return l.PID == 5 }

	// Within the grace a run without a lease may be one whose runner is about to take it.
	n, err := s.MarkInterrupted(ctx, dead)
	require.NoError(t, err)
	require.Equal(t, 1, n, "only the run of the dead process")
	clock.advance(LeaseGrace)
	n, err = s.MarkInterrupted(ctx, dead)
	require.NoError(t, err)
	require.Equal(t, 2, n)
	for id, want := range map[string]domain.RunStatus{"r0": domain.RunInterrupted, "r1": domain.RunComplete, "r2": domain.RunInterrupted,
		"r3": domain.RunPending, "r4": domain.RunRunning, "r5": domain.RunInterrupted} {
		r, err := s.GetRun(ctx, id)
		require.NoError(t, err)
		require.Equal(t, want, r.Status, id)
	}
	n, err = s.MarkInterrupted(ctx, dead)
	require.NoError(t, err)
	require.Zero(t, n)
	// Once the live lease expires without renewal its run is interrupted too.
	clock.advance(time.Hour)
	n, err = s.MarkInterrupted(ctx, dead)
	require.NoError(t, err)
	require.Equal(t, 1, n)
}

// TestRunLease covers the lease's rules: one live holder, refusal naming the process,
// takeover of an expired or dead lease, renew and release only by the holder.
func TestRunLease(t *testing.T) {
	s, clock := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "does aspirin prevent stroke")
	a := domain.RunLease{RunID: "r1", Holder: "a", Host: "laptop", PID: 100, ExpiresAt: t0.Add(30 * time.Second)}
	b := domain.RunLease{RunID: "r1", Holder: "b", Host: "laptop", PID: 200, ExpiresAt: t0.Add(time.Hour)}

	requireCode(t, s.AcquireRunLease(ctx, domain.RunLease{RunID: "nope", Holder: "a", ExpiresAt: t0.Add(time.Hour)}, nil), domain.CodeNotFound)
	requireCode(t, s.AcquireRunLease(ctx, domain.RunLease{RunID: "r1"}, nil), domain.CodeInvalid)
	require.NoError(t, s.AcquireRunLease(ctx, a, nil))
	require.NoError(t, s.AcquireRunLease(ctx, a, nil), "the holder may take its own lease again")
	err := s.AcquireRunLease(ctx, b, nil)
	requireCode(t, err, domain.CodeConflict)
	require.Contains(t, err.Error(), "run r1 is already running in process 100 on laptop")
	requireCode(t, s.RenewRunLease(ctx, "r1", "b", t0.Add(time.Hour)), domain.CodeConflict)
	require.NoError(t, s.ReleaseRunLease(ctx, "r1", "b"), "releasing another holder's lease is a no-op")
	got, found, err := s.GetRunLease(ctx, "r1")
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, "a", got.Holder)

	// A dead holder's lease is taken over at once.
	require.NoError(t, s.AcquireRunLease(ctx, b, func(l domain.RunLease) bool { return l.PID == 100 }))
	requireCode(t, s.RenewRunLease(ctx, "r1", "a", t0.Add(time.Hour)), domain.CodeConflict)
	require.NoError(t, s.RenewRunLease(ctx, "r1", "b", t0.Add(2*time.Hour)))

	// An expired lease is taken over without asking.
	clock.advance(3 * time.Hour)
	a.ExpiresAt = t0.Add(4 * time.Hour)
	require.NoError(t, s.AcquireRunLease(ctx, a, nil))
	require.NoError(t, s.ReleaseRunLease(ctx, "r1", "a"))
	_, found, err = s.GetRunLease(ctx, "r1")
	require.NoError(t, err)
	require.False(t, found)

	// Deleting the run drops its lease.
	require.NoError(t, s.AcquireRunLease(ctx, a, nil))
	require.NoError(t, s.DeleteRun(ctx, "r1"))
	_, found, err = s.GetRunLease(ctx, "r1")
	require.NoError(t, err)
	require.False(t, found)
}

// TestDeleteRunCascades deletes a run that has something in every dependent table and
// checks nothing of it remains, while another run's shared evidence survives.
func TestDeleteRunCascades(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "gone", "metformin question to delete")
	mustCreateRun(t, s, "kept", "another question entirely")

	keys, err := s.UpsertEvidence(ctx, []domain.Evidence{
		paper("1", "Shared paper", "shared content about amyloid"),
		paper("2", "Only in deleted run", "orphaned content about zebrafish"),
	})
	require.NoError(t, err)
	_, err = s.LinkEvidence(ctx, "gone", 1, keys)
	require.NoError(t, err)
	_, err = s.LinkEvidence(ctx, "kept", 1, keys[:1])
	require.NoError(t, err)
	_, err = s.AppendEvent(ctx, domain.Event{RunID: "gone", Type: domain.EventStarted, Message: "start"})
	require.NoError(t, err)
	require.NoError(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: "gone", Iteration: 1, Assessment: sampleAssessment()}))
	require.NoError(t, s.SaveVerdict(ctx, "gone", 1, domain.Verdict{Pass: true, Reason: "fine"}, json.RawMessage(`{"ok":true}`)))
	require.NoError(t, s.SaveReport(ctx, domain.StoredReport{RunID: "gone", Markdown: "report about zebrafish"}))
	require.NoError(t, s.RecordLLMCall(ctx, domain.LLMCall{RunID: "gone", Purpose: "judge", Provider: "ollama"}))

	require.NoError(t, s.DeleteRun(ctx, "gone"))

	for _, table := range []string{"events", "run_evidence", "assessments", "verdicts", "reports", "llm_calls"} {
		var n int
		require.NoError(t, s.db.QueryRowContext(ctx, `SELECT count(*) FROM `+table+` WHERE run_id = 'gone'`).Scan(&n))
		require.Zero(t, n, table)
	}
	_, err = s.GetEvidence(ctx, keys[0])
	require.NoError(t, err, "evidence another run links survives")
	_, err = s.GetEvidence(ctx, keys[1])
	requireCode(t, err, domain.CodeNotFound)

	// The FTS indexes forgot the deleted run's text.
	got, err := s.ListRuns(ctx, RunFilter{Text: "zebrafish"})
	require.NoError(t, err)
	require.Empty(t, got)
	for _, fts := range []string{"runs_fts", "evidence_fts", "reports_fts", "history_fts"} {
		var n int
		require.NoError(t, s.db.QueryRowContext(ctx, `SELECT count(*) FROM `+fts+` WHERE `+fts+` MATCH 'zebrafish OR metformin'`).Scan(&n))
		require.Zero(t, n, fts)
	}
	out, err := s.IntegrityCheck(ctx)
	require.NoError(t, err)
	require.Equal(t, "ok", out)
	requireFTSConsistent(t, s)
}

// TestListRunsQueryPlans pins what keeps the history list fast at 10,000 runs: every
// filter combination reads an index (or the FTS index in rowid order) and none sorts a
// temporary B-tree, so a page costs the same however long the history is.
func TestListRunsQueryPlans(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	filters := []RunFilter{
		{},
		{Offset: 500},
		{Status: domain.RunComplete},
		{Judge: domain.ProviderOllama},
		{Status: domain.RunFailed, Judge: domain.ProviderOpenAI},
		{Text: "metformin"},
		{Text: `metformin "amyloid beta"`, Status: domain.RunComplete, Judge: domain.ProviderOffline},
	}
	for _, f := range filters {
		query, args, _, err := listRunsQuery(f)
		require.NoError(t, err)
		rows, err := s.db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, args...)
		require.NoError(t, err)
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
			plan = append(plan, detail)
		}
		require.NoError(t, rows.Err())
		require.NoError(t, rows.Close())
		joined := strings.Join(plan, " | ")
		require.NotContains(t, joined, "TEMP B-TREE", "filter %+v: %s", f, joined)
		if f.Text != "" {
			require.Contains(t, joined, "SCAN history_fts VIRTUAL TABLE", "filter %+v: %s", f, joined)
		} else {
			require.Contains(t, joined, "INDEX runs_", "filter %+v: %s", f, joined)
		}
	}
}
