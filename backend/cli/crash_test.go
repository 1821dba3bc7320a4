//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"deepcritical/internal/sharedtest"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/store"
)

// crashQuestion is the reference question; against the recorded fixtures it runs
// three iterations (a failed verification sends it back to search twice), which gives the
// test several 700 ms search rounds to kill it in.
const crashQuestion = "What drugs could be repurposed for Alzheimer's disease?"

// crashTimeout bounds every subprocess, so a hung run fails the test instead of the suite.
const crashTimeout = 60 * time.Second

// TestCrashKillAndResume is the crash-safety test of issue 5: `deepcritical research` runs
// as a real process against slow replay servers and is killed with SIGKILL mid-run (no
// deferred code, no finalisation). The database must then pass PRAGMA integrity_check, hold
// every event the process printed (events are stored before they are emitted), still show
// the run as running, and `--resume` must complete it without repeating a finished search
// or judge call and with the event sequence continuing where it stopped.
func TestCrashKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test builds and runs the binary: skipped with -short")
	}
	root := sharedtest.Root(t)
	shared := filepath.Dir(sharedtest.Path(t, "fixtures"))
	bins := buildCrashBinaries(t, root)
	upstream := startFakeAPIs(t, filepath.Join(bins, "fakeapis"), shared)
	ref := referenceRun(t, filepath.Join(bins, "deepcritical"), upstream)

	cases := []struct {
		name string
		// killAfter says, for each event read from the process, whether to kill it now; it
		// sees the requests the fake sources have received.
		killAfter func(domain.Event, *searchLog) bool
	}{
		{"after the first search completes", func(e domain.Event, _ *searchLog) bool {
			return e.Type == domain.EventSearchComplete
		}},
		// The second iteration's requests are in flight (each takes 700 ms) when the kill
		// lands, so its search is left half done.
		{"while the second iteration's requests are in flight", func(e domain.Event, l *searchLog) bool {
			return e.Type == domain.EventSearching && e.Iteration == 2 && l.waitFor(e, 10*time.Second)
		}},
		{"after the first judgement", func(e domain.Event, _ *searchLog) bool {
			return e.Type == domain.EventJudgeComplete
		}},
	}
	// The cases run side by side: each has its own database and its own recording proxy in
	// front of the shared replay server, and most of their time is the replay's latency.
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			crashAndResume(t, filepath.Join(bins, "deepcritical"), upstream, ref, tc.killAfter)
		})
	}
	t.Run("a second resume while the first runs is refused", func(t *testing.T) {
		t.Parallel()
		resumeTwice(t, filepath.Join(bins, "deepcritical"), upstream)
	})
}

// resumeTwice kills a run, resumes it in one process and, while that process works,
// resumes it again in a second: the second must be refused naming the first process and
// change nothing, and the run must complete exactly once.
func resumeTwice(t *testing.T, bin string, upstream *url.URL) {
	ctx := context.Background()
	proxy, searches := newRecordingProxy(t, upstream)
	env, dbPath := crashEnv(t, proxy.URL)
	killed := runUntilKilled(t, bin, env, func(e domain.Event) bool { return e.Type == domain.EventSearchComplete })
	searches.settle(t)
	runID := killed.events[0].RunID

	first := exec.Command(bin, "research", "--resume", runID, "--json")
	first.Env = env
	var firstErr lockedBuffer
	first.Stderr = &firstErr
	stdout, err := first.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, first.Start())
	guard := time.AfterFunc(crashTimeout, func() { _ = first.Process.Kill() })
	defer guard.Stop()
	lines := bufio.NewReader(stdout)
	line, err := lines.ReadBytes('\n')
	require.NoError(t, err, "the first resume printed nothing; stderr:\n%s", firstErr.String())
	var started domain.Event
	require.NoError(t, json.Unmarshal(line, &started))
	require.Equal(t, domain.EventStarted, started.Type)
	requestsBefore := len(searches.terms())

	// The first process is now inside its run (its searches take 700 ms each).
	tctx, cancel := context.WithTimeout(ctx, crashTimeout)
	defer cancel()
	second := exec.CommandContext(tctx, bin, "research", "--resume", runID, "--json")
	second.Env = env
	var secondOut, secondErr bytes.Buffer
	second.Stdout, second.Stderr = &secondOut, &secondErr
	err = second.Run()
	var exitErr *exec.ExitError
	require.ErrorAs(t, err, &exitErr, "the second resume went ahead; stdout:\n%s", secondOut.String())
	require.Equal(t, 1, exitErr.ExitCode())
	require.Empty(t, secondOut.String(), "the refused resume printed events")
	require.Regexp(t, fmt.Sprintf(`^deepcritical: run %s is already running in process %d on .+: wait for it to finish, or cancel it there and resume again\n$`,
		regexp.QuoteMeta(runID), first.Process.Pid), secondErr.String())
	t.Logf("second resume refused: %s", strings.TrimSpace(secondErr.String()))

	rest, err := io.ReadAll(lines)
	require.NoError(t, err)
	require.NoError(t, first.Wait(), "the first resume failed; stderr:\n%s", firstErr.String())
	out := strings.Split(strings.TrimRight(string(rest), "\n"), "\n")
	var final domain.Run
	require.NoError(t, json.Unmarshal([]byte(out[len(out)-1]), &final))
	require.Equal(t, domain.RunComplete, final.Status)

	st, err := store.Open(ctx, dbPath)
	require.NoError(t, err)
	defer st.Close()
	evs, err := st.ListEvents(ctx, runID, 0)
	require.NoError(t, err)
	starts, completes := 0, 0
	for i, e := range evs {
		require.Equal(t, int64(i+1), e.Seq)
		switch e.Type {
		case domain.EventStarted:
			starts++
		case domain.EventComplete:
			completes++
		}
	}
	require.Equal(t, 2, starts, "one start and one resume, the refused resume stored nothing")
	require.Equal(t, 1, completes, "the run completed %d times", completes)
	_, found, err := st.GetRunLease(ctx, runID)
	require.NoError(t, err)
	require.False(t, found, "the finished run still holds a lease")
	t.Logf("one run: %d events, %d search requests after the resume started", len(evs), len(searches.terms())-requestsBefore)
}

func crashAndResume(t *testing.T, bin string, upstream *url.URL, ref finishedRun, killAfter func(domain.Event, *searchLog) bool) {
	ctx := context.Background()
	proxy, searches := newRecordingProxy(t, upstream)
	env, dbPath := crashEnv(t, proxy.URL)

	// 1. Start the run and kill it as soon as the chosen event is printed.
	killed := runUntilKilled(t, bin, env, func(e domain.Event) bool { return killAfter(e, searches) })
	require.NotEmpty(t, killed.events, "the process printed no event before it was killed")
	runID := killed.events[0].RunID
	for i, e := range killed.events {
		require.Equal(t, runID, e.RunID)
		require.Equal(t, int64(i+1), e.Seq, "printed events are numbered 1, 2, … without gaps")
		require.NotEqual(t, domain.EventComplete, e.Type, "the run finished before it could be killed")
	}
	searches.settle(t)
	requestsBeforeKill := searches.terms()

	// 2. The killed process left a sound database holding everything it printed.
	requireIntegrity(t, dbPath)
	st, err := store.Open(ctx, dbPath)
	require.NoError(t, err)
	run, err := st.GetRun(ctx, runID)
	require.NoError(t, err)
	require.Equal(t, domain.RunRunning, run.Status, "a killed process cannot have marked its run finished")
	before, err := st.ListEvents(ctx, runID, 0)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(before), len(killed.events))
	for i, printed := range killed.events {
		requireSameEvent(t, printed, before[i])
	}
	completed := completedQueries(t, before)
	judged := eventIterations(before, domain.EventJudgeComplete)
	require.NotEmpty(t, completed, "the run was killed before any search completed")
	// The fake server saw each completed query: the request-level check below is not vacuous.
	for q := range completed {
		require.Contains(t, requestsBeforeKill, q, "completed query %q never reached the fake server", q)
	}
	require.NoError(t, st.Close())
	last := killed.events[len(killed.events)-1]
	t.Logf("killed run %s after event %d (%s, iteration %d): %d events printed, %d stored, %d queries completed, %d search requests",
		runID, last.Seq, last.Type, last.Iteration, len(killed.events), len(before), len(completed), len(requestsBeforeKill))

	// 3. --resume completes the run from where it stopped.
	resumed := runResume(t, bin, env, runID)
	require.Equal(t, runID, resumed.run.ID)
	require.Equal(t, domain.RunComplete, resumed.run.Status, "resumed run: %+v", resumed.run)
	require.NotEmpty(t, resumed.run.StopReason)
	require.LessOrEqual(t, resumed.run.Iterations, 3, "--max-iterations 3 still bounds the resumed run")
	require.NotEmpty(t, resumed.events)
	first := resumed.events[0]
	require.Equal(t, domain.EventStarted, first.Type)
	require.JSONEq(t, `{"resumed":true}`, string(first.Data))
	for i, e := range resumed.events {
		require.Equal(t, runID, e.RunID)
		require.Equal(t, int64(len(before)+i+1), e.Seq, "resumed events continue the stored sequence")
	}
	require.Equal(t, domain.EventComplete, resumed.events[len(resumed.events)-1].Type)

	// No finished search is repeated: neither announced by the loop nor sent to a source.
	resumedRequests := searches.terms()[len(requestsBeforeKill):]
	announced := map[string]bool{}
	for _, e := range resumed.events {
		if e.Type != domain.EventSearching {
			continue
		}
		for _, q := range eventQueries(t, e) {
			require.False(t, completed[q], "query %q completed before the kill and was searched again", q)
			announced[q] = true
		}
	}
	// A source may send a query in its own syntax (Europe PMC, ClinicalTrials.gov) or a
	// relaxed form of it (PubMed, when it finds too little): each such request is a query
	// event of the resumed run. A relaxation may coincide with a query finished before the
	// kill; a first attempt may not.
	sent, relaxed := map[string]bool{}, map[string]bool{}
	for _, e := range resumed.events {
		if e.Type != domain.EventQuery {
			continue
		}
		var qe domain.QueryEvent
		require.NoError(t, json.Unmarshal(e.Data, &qe))
		sent[qe.Query] = true
		if qe.Attempt > 1 {
			relaxed[qe.Query] = true
		}
	}
	for _, q := range resumedRequests {
		require.False(t, completed[q] && !relaxed[q], "query %q completed before the kill but reached a source again (requests %q, query events %v)", q, resumedRequests, sent)
		require.True(t, announced[q] || sent[q], "request for %q matches no search of the resumed run", q)
	}
	t.Logf("resumed: %d events, %d search requests, stop rule %s after %d iterations",
		len(resumed.events), len(resumedRequests), resumed.run.StopReason, resumed.run.Iterations)
	// No finished judgement is repeated either.
	for _, e := range resumed.events {
		if e.Type == domain.EventJudging || e.Type == domain.EventJudgeComplete {
			require.False(t, judged[e.Iteration], "iteration %d was judged before the kill and judged again", e.Iteration)
		}
	}

	// 4. The finished database is sound and tells one consistent story.
	requireIntegrity(t, dbPath)
	st, err = store.Open(ctx, dbPath)
	require.NoError(t, err)
	defer st.Close()
	run, err = st.GetRun(ctx, runID)
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	after, err := st.ListEvents(ctx, runID, 0)
	require.NoError(t, err)
	require.Len(t, after, len(before)+len(resumed.events))
	for i, e := range before {
		requireSameEvent(t, e, after[i])
	}
	for i, e := range resumed.events {
		requireSameEvent(t, e, after[len(before)+i])
	}
	for typ, perIteration := range map[domain.EventType]map[int]int{
		domain.EventSearchComplete: countByIteration(after, domain.EventSearchComplete),
		domain.EventJudgeComplete:  countByIteration(after, domain.EventJudgeComplete),
	} {
		for it, n := range perIteration {
			require.Equal(t, 1, n, "iteration %d has %d %s events", it, n, typ)
		}
	}
	var complete domain.Event
	for _, e := range after {
		if e.Type == domain.EventComplete {
			require.Zero(t, complete.Seq, "the run completed twice")
			complete = e
		}
	}
	var done struct {
		EvidenceCount int `json:"evidence_count"`
	}
	require.NoError(t, json.Unmarshal(complete.Data, &done))
	evidence, err := st.RunEvidence(ctx, runID)
	require.NoError(t, err)
	require.NotEmpty(t, evidence)
	require.Equal(t, len(evidence), done.EvidenceCount)
	rep, err := st.GetReport(ctx, runID)
	require.NoError(t, err)
	require.Contains(t, rep.Markdown, "Alzheimer")

	// The crash changed nothing about the outcome: the resumed run ends where an
	// uninterrupted one does, with the same evidence.
	require.Equal(t, ref.run.StopReason, run.StopReason, "stop rule of the resumed run vs an uninterrupted one")
	require.Equal(t, ref.run.Iterations, run.Iterations, "iterations of the resumed run vs an uninterrupted one")
	require.ElementsMatch(t, ref.evidence, evidenceKeys(evidence))
}

// finishedRun is the outcome of an uninterrupted run: the final run and its evidence keys.
type finishedRun struct {
	run      domain.Run
	evidence []string
}

// referenceRun runs the same research without a crash, for the resumed runs to match.
func referenceRun(t *testing.T, bin string, upstream *url.URL) finishedRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), crashTimeout)
	defer cancel()
	proxy, _ := newRecordingProxy(t, upstream)
	env, dbPath := crashEnv(t, proxy.URL)
	cmd := exec.CommandContext(ctx, bin, "research", crashQuestion, "--judge", "offline", "--json", "--max-iterations", "3")
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "uninterrupted research failed; stderr:\n%s", stderr.String())
	lines := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
	var out finishedRun
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &out.run))
	require.Equal(t, domain.RunComplete, out.run.Status)
	st, err := store.Open(ctx, dbPath)
	require.NoError(t, err)
	defer st.Close()
	evs, err := st.RunEvidence(ctx, out.run.ID)
	require.NoError(t, err)
	require.NotEmpty(t, evs)
	out.evidence = evidenceKeys(evs)
	t.Logf("uninterrupted run: %d events, %d evidence, stop rule %s after %d iterations",
		len(lines)-1, len(evs), out.run.StopReason, out.run.Iterations)
	return out
}

func evidenceKeys(evs []domain.Evidence) []string {
	keys := make([]string, len(evs))
	for i, e := range evs {
		keys[i] = e.CanonicalKey()
	}
	return keys
}

// killedRun is what a killed process printed.
type killedRun struct {
	events []domain.Event
}

// runUntilKilled starts a research run, reads its JSON lines and sends SIGKILL right after
// the first event killAfter selects. It then reads whatever the process had already written
// and checks that the kill, not the run, ended it.
func runUntilKilled(t *testing.T, bin string, env []string, killAfter func(domain.Event) bool) killedRun {
	t.Helper()
	cmd := exec.Command(bin, "research", crashQuestion, "--judge", "offline", "--json", "--max-iterations", "3")
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	pid := cmd.Process.Pid
	guard := time.AfterFunc(crashTimeout, func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	defer guard.Stop()

	var out killedRun
	sentKill := false
	r := bufio.NewReader(stdout)
	for {
		line, rerr := r.ReadBytes('\n')
		if rerr != nil {
			// A line cut short by the kill (no newline) was never fully printed: it is not
			// part of what the process showed.
			require.ErrorIs(t, rerr, io.EOF)
			break
		}
		var probe map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(line, &probe), "stdout line %q", line)
		_, isRun := probe["status"]
		require.False(t, isRun, "the process printed its final run before it was killed: %s", line)
		var ev domain.Event
		require.NoError(t, json.Unmarshal(line, &ev))
		out.events = append(out.events, ev)
		if !sentKill && killAfter(ev) {
			require.NoError(t, syscall.Kill(pid, syscall.SIGKILL))
			sentKill = true
		}
	}
	werr := cmd.Wait()
	require.True(t, sentKill, "the kill point was never reached; stderr:\n%s", stderr.String())
	var exitErr *exec.ExitError
	require.ErrorAs(t, werr, &exitErr)
	ws, ok := exitErr.Sys().(syscall.WaitStatus)
	require.True(t, ok)
	require.True(t, ws.Signaled() && ws.Signal() == syscall.SIGKILL, "the process ended with %v, not SIGKILL", werr)
	return out
}

// resumedRun is what `research --resume --json` printed: its events and the final run.
type resumedRun struct {
	events []domain.Event
	run    domain.Run
}

func runResume(t *testing.T, bin string, env []string, runID string) resumedRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), crashTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "research", "--resume", runID, "--json")
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "research --resume failed; stderr:\n%s", stderr.String())
	lines := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
	require.GreaterOrEqual(t, len(lines), 2, "stdout:\n%s", stdout.String())
	var out resumedRun
	for _, l := range lines[:len(lines)-1] {
		var ev domain.Event
		require.NoError(t, json.Unmarshal([]byte(l), &ev), "event line %q", l)
		require.NotZero(t, ev.Seq, "event line %q", l)
		out.events = append(out.events, ev)
	}
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &out.run))
	return out
}

// requireSameEvent checks that a printed (or re-read) event is the stored one.
func requireSameEvent(t *testing.T, want, got domain.Event) {
	t.Helper()
	require.Equal(t, want.RunID, got.RunID)
	require.Equal(t, want.Seq, got.Seq)
	require.Equal(t, want.Type, got.Type, "event %d", want.Seq)
	require.Equal(t, want.Iteration, got.Iteration, "event %d", want.Seq)
	require.Equal(t, want.Message, got.Message, "event %d", want.Seq)
	require.True(t, want.Time.Equal(got.Time), "event %d: time %v, stored %v", want.Seq, want.Time, got.Time)
	if len(want.Data) == 0 || len(got.Data) == 0 {
		require.Equal(t, len(want.Data) == 0, len(got.Data) == 0, "event %d data", want.Seq)
		return
	}
	require.JSONEq(t, string(want.Data), string(got.Data), "event %d data", want.Seq)
}

// requireIntegrity opens the database as the next process would (replaying the WAL a killed
// writer left behind) and runs SQLite's own consistency checks.
func requireIntegrity(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer db.Close()
	var res string
	require.NoError(t, db.QueryRow(`PRAGMA integrity_check`).Scan(&res))
	require.Equal(t, "ok", res)
	rows, err := db.Query(`PRAGMA foreign_key_check`)
	require.NoError(t, err)
	defer rows.Close()
	require.False(t, rows.Next(), "foreign key violations after the crash")
	require.NoError(t, rows.Err())
}

func eventQueries(t *testing.T, e domain.Event) []string {
	t.Helper()
	var d struct {
		Queries []string `json:"queries"`
	}
	require.NoError(t, json.Unmarshal(e.Data, &d), "%s event %d", e.Type, e.Seq)
	require.NotEmpty(t, d.Queries, "%s event %d has no queries", e.Type, e.Seq)
	return d.Queries
}

// completedQueries are the queries of every search_complete event.
func completedQueries(t *testing.T, events []domain.Event) map[string]bool {
	out := map[string]bool{}
	for _, e := range events {
		if e.Type == domain.EventSearchComplete {
			for _, q := range eventQueries(t, e) {
				out[q] = true
			}
		}
	}
	return out
}

func eventIterations(events []domain.Event, typ domain.EventType) map[int]bool {
	out := map[int]bool{}
	for _, e := range events {
		if e.Type == typ {
			out[e.Iteration] = true
		}
	}
	return out
}

func countByIteration(events []domain.Event, typ domain.EventType) map[int]int {
	out := map[int]int{}
	for _, e := range events {
		if e.Type == typ {
			out[e.Iteration]++
		}
	}
	return out
}

// searchLog records the query text of every search request that reaches the fake sources.
type searchLog struct {
	mu  sync.Mutex
	log []string
	// open counts the proxy's client connections that are not closed yet.
	open atomic.Int64
}

// settle waits until every connection of a killed client has closed, so that a request
// its process sent just before the kill is logged as its own, not as the resumed run's
// (the proxy may read it after the kill). The state must hold for 200 ms: a connection
// still in the listener's queue is not counted until it is accepted.
func (l *searchLog) settle(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	quiet := time.Time{}
	for time.Now().Before(deadline) {
		switch {
		case l.open.Load() > 0:
			quiet = time.Time{}
		case quiet.IsZero():
			quiet = time.Now()
		case time.Since(quiet) >= 200*time.Millisecond:
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the killed process' connections to the proxy were still open after 10 s (%d)", l.open.Load())
}

func (l *searchLog) add(q string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.log = append(l.log, q)
}

func (l *searchLog) terms() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.log...)
}

// waitFor waits until a request for one of the queries announced by a "searching" event
// has reached a source, and says whether one did.
func (l *searchLog) waitFor(e domain.Event, timeout time.Duration) bool {
	var d struct {
		Queries []string `json:"queries"`
	}
	if json.Unmarshal(e.Data, &d) != nil {
		return false
	}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		for _, seen := range l.terms() {
			for _, q := range d.Queries {
				if seen == q {
					return true
				}
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// newRecordingProxy sits between the CLI and fakeapis and notes each search's query
// parameter (PubMed esearch "term", Europe PMC "query", ClinicalTrials.gov "query.term"),
// so the test sees what actually reached a source, not only what the loop announced.
func newRecordingProxy(t *testing.T, upstream *url.URL) (*httptest.Server, *searchLog) {
	t.Helper()
	log := &searchLog{}
	rp := httputil.NewSingleHostReverseProxy(upstream)
	// A request dropped by the killed client is expected; answer it quietly.
	rp.ErrorHandler = func(w http.ResponseWriter, _ *http.Request, _ error) { w.WriteHeader(http.StatusBadGateway) }
	params := map[string]string{"/pubmed/esearch.fcgi": "term", "/europepmc/search": "query", "/ctgov/studies": "query.term"}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := params[r.URL.Path]; ok {
			if q := r.URL.Query().Get(p); q != "" {
				log.add(q)
			}
		}
		rp.ServeHTTP(w, r)
	}))
	srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		switch state {
		case http.StateNew:
			log.open.Add(1)
		case http.StateClosed, http.StateHijacked:
			log.open.Add(-1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, log
}

// crashEnv is the subprocess environment: fresh XDG folders, every source pointed at the
// proxy, no inherited keys or overrides, and no desktop keyring.
func crashEnv(t *testing.T, base string) (env []string, dbPath string) {
	t.Helper()
	dir := t.TempDir()
	cfgHome, dataHome := filepath.Join(dir, "config"), filepath.Join(dir, "data")
	drop := []string{"XDG_", "DEEPCRITICAL_", "OPENAI_", "ANTHROPIC_", "HF_", "OLLAMA_", "NCBI_", "DBUS_SESSION_BUS_ADDRESS=", "HOME="}
	for _, kv := range os.Environ() {
		keep := true
		for _, p := range drop {
			if strings.HasPrefix(kv, p) {
				keep = false
				break
			}
		}
		if keep {
			env = append(env, kv)
		}
	}
	env = append(env,
		"HOME="+dir,
		"XDG_CONFIG_HOME="+cfgHome,
		"XDG_DATA_HOME="+dataHome,
		"DBUS_SESSION_BUS_ADDRESS=unix:path="+filepath.Join(dir, "no-bus"),
		"DEEPCRITICAL_PUBMED_URL="+base+"/pubmed",
		"DEEPCRITICAL_EUROPEPMC_URL="+base+"/europepmc",
		"DEEPCRITICAL_CTGOV_URL="+base+"/ctgov",
		"DEEPCRITICAL_WEB_URL="+base+"/web",
	)
	paths := config.PathsIn(filepath.Join(cfgHome, config.AppDir), filepath.Join(dataHome, config.AppDir))
	return env, paths.DatabaseFile
}

// buildCrashBinaries builds the CLI and the replay server into a temporary folder.
func buildCrashBinaries(t *testing.T, root string) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the crash test builds the CLI and needs the go command on PATH: %v", err)
	}
	dir := t.TempDir()
	cmd := exec.Command(goBin, "build", "-o", dir+string(filepath.Separator), ".", "./e2e/fakeapis")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build:\n%s", out)
	return dir
}

// startFakeAPIs runs the replay server with 700 ms of latency per search response and
// returns its base URL; it is stopped when the test ends.
func startFakeAPIs(t *testing.T, bin, shared string) *url.URL {
	t.Helper()
	cmd := exec.Command(bin, "-latency", "700ms", "-shared", shared)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		defer close(found)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "FAKEAPIS_URL="); ok {
				found <- v
			}
		}
	}()
	select {
	case base, ok := <-found:
		if !ok {
			_ = cmd.Wait()
			t.Fatalf("fakeapis exited without printing its address; stderr:\n%s", stderr.String())
		}
		u, err := url.Parse(base)
		require.NoError(t, err)
		return u
	case <-time.After(crashTimeout):
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("fakeapis did not start; stderr:\n%s", stderr.String())
	}
	return nil
}

// lockedBuffer is a bytes.Buffer safe to read while a child process's stderr is still
// being copied into it (exec copies in its own goroutine).
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
