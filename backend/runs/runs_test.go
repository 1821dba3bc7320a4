package runs_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
)

// The Runner's store is the real one: the lease rules live in SQL.
var _ runs.Store = (*store.Store)(nil)

// blockingLoop is a research loop that stores what a real loop stores at the edges (the
// run's status) and blocks in between until released or cancelled, so tests can hold a run
// "in flight" for as long as they need.
type blockingLoop struct {
	st      *store.Store
	release chan struct{}
	started chan string
	resumes atomic.Int32
}

func newLoop(st *store.Store) *blockingLoop {
	return &blockingLoop{st: st, release: make(chan struct{}), started: make(chan string, 4)}
}

func (l *blockingLoop) Create(ctx context.Context, question string, cfg domain.RunConfig) (domain.Run, error) {
	q, err := domain.ValidateQuestion(question)
	if err != nil {
		return domain.Run{}, err
	}
	run := domain.Run{ID: l.st.NewRunID(), Question: q, Config: cfg, Status: domain.RunRunning,
		Judge: domain.JudgeInfo{Provider: domain.ProviderOffline, Kind: domain.JudgeKindOffline}}
	return run, l.st.CreateRun(ctx, run)
}

func (l *blockingLoop) Execute(ctx context.Context, runID string) (domain.Run, error) {
	l.started <- runID
	run, err := l.st.GetRun(context.WithoutCancel(ctx), runID)
	if err != nil {
		return run, err
	}
	select {
	case <-l.release:
		run.Status = domain.RunComplete
	case <-ctx.Done():
		run.Status = domain.RunCancelled
	}
	return run, l.st.UpdateRun(context.WithoutCancel(ctx), run)
}

func (l *blockingLoop) Resume(ctx context.Context, runID string) (domain.Run, error) {
	l.resumes.Add(1)
	run, err := l.st.GetRun(context.WithoutCancel(ctx), runID)
	if err != nil {
		return run, err
	}
	run.Status = domain.RunRunning
	if err := l.st.UpdateRun(context.WithoutCancel(ctx), run); err != nil {
		return run, err
	}
	return l.Execute(ctx, runID)
}

func openStore(t *testing.T, path string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	return st
}

// interruptedRun stores a run a dead process left behind.
func interruptedRun(t *testing.T, st *store.Store) string {
	t.Helper()
	run := domain.Run{ID: st.NewRunID(), Question: "does metformin prevent dementia", Config: domain.DefaultRunConfig(),
		Status: domain.RunInterrupted, Judge: domain.JudgeInfo{Provider: domain.ProviderOffline, Kind: domain.JudgeKindOffline}}
	require.NoError(t, st.CreateRun(context.Background(), run))
	return run.ID
}

// TestConcurrentResumesOneRuns is the test: two resumes of one run at the same
// moment, from two runners with their own database connections (as two processes have),
// give one execution and one refusal that says where the run is running.
func TestConcurrentResumesOneRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deepcritical.db")
	stA, stB := openStore(t, path), openStore(t, path)
	id := interruptedRun(t, stA)
	loopA, loopB := newLoop(stA), newLoop(stB)
	runners := []*runs.Runner{runs.New(stA, runs.Options{}), runs.New(stB, runs.Options{})}
	loops := []*blockingLoop{loopA, loopB}

	var (
		wg      sync.WaitGroup
		gate    = make(chan struct{})
		handles = make([]*runs.Handle, 2)
		errs    = make([]error, 2)
	)
	for i := range runners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			handles[i], errs[i] = runners[i].Resume(context.Background(), id, func(domain.Run) (runs.Loop, error) { return loops[i], nil })
		}()
	}
	close(gate)
	wg.Wait()

	winner := 0
	if errs[0] != nil {
		winner = 1
	}
	loser := 1 - winner
	require.NoError(t, errs[winner])
	require.Error(t, errs[loser], "both resumes went ahead")
	require.Equal(t, domain.CodeConflict, domain.CodeOf(errs[loser]))
	require.Regexp(t, `^run `+id+` is already running in process \d+ on .+ \(since .+ UTC\): wait for it to finish, or cancel it there and resume again$`,
		domain.SafeMessage(errs[loser]))
	require.Nil(t, handles[loser])
	require.Zero(t, loops[loser].resumes.Load(), "the refused resume touched the run")

	require.Equal(t, id, <-loops[winner].started)
	close(loops[winner].release)
	run, err := handles[winner].Wait()
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.EqualValues(t, 1, loops[winner].resumes.Load())

	// The lease went with the run; a complete run is refused before anything is built.
	_, found, err := stA.GetRunLease(context.Background(), id)
	require.NoError(t, err)
	require.False(t, found)
	_, err = runners[loser].Resume(context.Background(), id, func(domain.Run) (runs.Loop, error) {
		t.Fatal("a complete run's loop was built")
		return nil, nil
	})
	require.ErrorContains(t, err, "already complete")
}

// TestResumeWhileRunningHere: the window asking twice (or the CLI while the window runs it
// in the same process) is refused too, with a message for this process.
func TestResumeWhileRunningHere(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "deepcritical.db"))
	r := runs.New(st, runs.Options{})
	loop := newLoop(st)
	h, err := r.Start(context.Background(), loop, "does metformin prevent dementia", domain.DefaultRunConfig())
	require.NoError(t, err)
	<-loop.started
	require.Equal(t, []string{h.ID}, r.Active())

	_, err = r.Resume(context.Background(), h.ID, func(domain.Run) (runs.Loop, error) { return loop, nil })
	require.Equal(t, domain.CodeConflict, domain.CodeOf(err))
	require.Equal(t, "run "+h.ID+" is already running here: wait for it to finish or cancel it", domain.SafeMessage(err))

	// Cancel stops it; it is then resumable.
	require.NoError(t, r.Cancel(h.ID))
	run, err := h.Wait()
	require.NoError(t, err)
	require.Equal(t, domain.RunCancelled, run.Status)
	require.Empty(t, r.Active())
	require.Equal(t, domain.CodeNotFound, domain.CodeOf(r.Cancel(h.ID)))
	h2, err := r.Resume(context.Background(), h.ID, func(domain.Run) (runs.Loop, error) { return loop, nil })
	require.NoError(t, err)
	<-loop.started
	close(loop.release)
	run, err = h2.Wait()
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
}

// TestHeartbeatKeepsAndLosesTheLease: a run longer than the lease's TTL keeps it through
// the heartbeat; when another process takes the run over anyway (this one stalled past the
// expiry), the run stops here with a clear error instead of writing alongside.
func TestHeartbeatKeepsAndLosesTheLease(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deepcritical.db")
	stA, stB := openStore(t, path), openStore(t, path)
	const ttl = 150 * time.Millisecond
	a := runs.New(stA, runs.Options{LeaseTTL: ttl})
	loop := newLoop(stA)
	h, err := a.Start(context.Background(), loop, "does metformin prevent dementia", domain.DefaultRunConfig())
	require.NoError(t, err)
	<-loop.started

	// Several TTLs later the lease is still live: another runner is refused.
	b := runs.New(stB, runs.Options{LeaseTTL: ttl})
	for i := 0; i < 4; i++ {
		time.Sleep(ttl)
		_, err = b.Resume(context.Background(), h.ID, func(domain.Run) (runs.Loop, error) { return newLoop(stB), nil })
		require.Equal(t, domain.CodeConflict, domain.CodeOf(err), "attempt %d: %v", i, err)
	}

	// A takeover (as after an expiry) makes the holder stop at its next heartbeat.
	thief := domain.RunLease{RunID: h.ID, Holder: "thief", Host: "elsewhere", PID: 1, ExpiresAt: time.Now().Add(time.Hour)}
	require.NoError(t, stB.AcquireRunLease(context.Background(), thief, func(domain.RunLease) bool { return true }))
	select {
	case <-h.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the run kept going after its lease was taken over")
	}
	_, err = h.Wait()
	require.Equal(t, domain.CodeConflict, domain.CodeOf(err))
	require.ErrorIs(t, err, domain.ErrTakenOver)
	// Its cancellation was not written over the run the thief now executes.
	stored, err := stB.GetRun(context.Background(), h.ID)
	require.NoError(t, err)
	require.Equal(t, domain.RunRunning, stored.Status)
	l, found, err := stB.GetRunLease(context.Background(), h.ID)
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, "thief", l.Holder, "the stopped run did not release the thief's lease")
}

// stalledLoop is a research loop whose process is suspended (SIGSTOP, a laptop asleep)
// mid-run: it does not see its context until woken, then does what a cancelled loop does —
// stores its status and a "cancelled" event.
type stalledLoop struct {
	*blockingLoop
	wake chan struct{}
}

func (l *stalledLoop) Execute(ctx context.Context, runID string) (domain.Run, error) {
	l.started <- runID
	<-l.wake
	wctx := context.WithoutCancel(ctx)
	run, err := l.st.GetRun(wctx, runID)
	if err != nil {
		return run, err
	}
	run.Status, run.StopReason = domain.RunCancelled, domain.StopCancelled
	if err := l.st.UpdateRun(wctx, run); err != nil {
		return run, err
	}
	e, err := domain.NewEvent(runID, domain.EventCancelled, 1, "Research cancelled", domain.CancelledData{StopReason: domain.StopCancelled})
	if err != nil {
		return run, err
	}
	_, err = l.st.AppendEvent(wctx, e)
	return run, err
}

// TestStalledHolderWritesNothingAfterTakeover is the tester's repro: a run is suspended past
// its lease's expiry, another process resumes it (and may finish it) before the first wakes;
// the first then writes nothing more to the run — not over the run still executing
// elsewhere, not over the finished one — and says it was taken over.
func TestStalledHolderWritesNothingAfterTakeover(t *testing.T) {
	for _, finished := range []bool{false, true} {
		t.Run(map[bool]string{false: "while the other process runs it", true: "after the other process finished it"}[finished], func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "deepcritical.db")
			stA, stB := openStore(t, path), openStore(t, path)
			// A's clock is an hour behind: its lease has expired as soon as it is taken, as
			// after a suspension longer than the TTL (and its heartbeat does not beat in time).
			a := runs.New(stA, runs.Options{Clock: func() time.Time { return time.Now().Add(-time.Hour) }})
			stalled := &stalledLoop{blockingLoop: newLoop(stA), wake: make(chan struct{})}
			h, err := a.Start(context.Background(), stalled, "does metformin prevent dementia", domain.DefaultRunConfig())
			require.NoError(t, err)
			<-stalled.started

			b := runs.New(stB, runs.Options{})
			loopB := newLoop(stB)
			hb, err := b.Resume(context.Background(), h.ID, func(domain.Run) (runs.Loop, error) { return loopB, nil })
			require.NoError(t, err, "the expired lease is taken over")
			<-loopB.started
			if finished {
				close(loopB.release)
				run, err := hb.Wait()
				require.NoError(t, err)
				require.Equal(t, domain.RunComplete, run.Status)
			}
			eventsBefore, err := stB.ListEvents(context.Background(), h.ID, 0)
			require.NoError(t, err)

			close(stalled.wake)
			_, err = h.Wait()
			require.ErrorIs(t, err, domain.ErrTakenOver)
			require.Equal(t, domain.CodeConflict, domain.CodeOf(err))
			require.Equal(t, "another process took run "+h.ID+" over: this one stopped and wrote nothing more to it", domain.SafeMessage(err))

			run, err := stB.GetRun(context.Background(), h.ID)
			require.NoError(t, err)
			want := map[bool]domain.RunStatus{false: domain.RunRunning, true: domain.RunComplete}[finished]
			require.Equal(t, want, run.Status, "the stalled process overwrote the run's status")
			events, err := stB.ListEvents(context.Background(), h.ID, 0)
			require.NoError(t, err)
			require.Equal(t, eventsBefore, events, "the stalled process wrote into the run's events")
			if !finished {
				close(loopB.release)
				run, err := hb.Wait()
				require.NoError(t, err)
				require.Equal(t, domain.RunComplete, run.Status)
			}
		})
	}
}

// TestMarkInterruptedDeadProcess: a run whose lease belongs to a process of this machine
// that no longer exists shows as interrupted at once, without waiting for the expiry.
// orphanedRun stores a run left "running", as a process that died mid-run leaves it.
func orphanedRun(t *testing.T) (*store.Store, string) {
	st := openStore(t, filepath.Join(t.TempDir(), "deepcritical.db"))
	ctx := context.Background()
	id := interruptedRun(t, st)
	run, err := st.GetRun(ctx, id)
	require.NoError(t, err)
	run.Status = domain.RunRunning
	require.NoError(t, st.UpdateRun(ctx, run))
	return st, id
}

func TestMarkInterruptedDeadProcess(t *testing.T) {
	st, id := orphanedRun(t)
	ctx := context.Background()

	// A process that ran and exited: its pid is free.
	self, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(self, "-test.run=^$")
	require.NoError(t, cmd.Run())
	host, err := os.Hostname()
	require.NoError(t, err)
	dead := domain.RunLease{RunID: id, Holder: "gone", Host: host, PID: cmd.Process.Pid, ExpiresAt: time.Now().Add(time.Hour)}
	require.NoError(t, st.AcquireRunLease(ctx, dead, nil))

	r := runs.New(st, runs.Options{})
	n, err := r.MarkInterrupted(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	run, err := st.GetRun(ctx, id)
	require.NoError(t, err)
	require.Equal(t, domain.RunInterrupted, run.Status)

	// And it can be resumed at once.
	loop := newLoop(st)
	h, err := r.Resume(ctx, id, func(domain.Run) (runs.Loop, error) { return loop, nil })
	require.NoError(t, err)
	<-loop.started
	close(loop.release)
	_, err = h.Wait()
	require.NoError(t, err)
}

// TestMarkInterruptedZombieProcess: a CLI that was killed but never reaped (its parent died
// first, and nothing reaps orphans, as in a container without an init) still answers
// signal 0; its run is interrupted all the same, not shown as running for good.
func TestMarkInterruptedZombieProcess(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("zombies are read from Linux's /proc")
	}
	st, id := orphanedRun(t)
	ctx := context.Background()

	// A child that exits and is not waited for stays a zombie until Wait reaps it.
	self, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(self, "-test.run=^$")
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Wait() })
	pid := cmd.Process.Pid
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		return err == nil && strings.Contains(string(b), ") Z ")
	}, 30*time.Second, 20*time.Millisecond, "the child exits and stays unreaped")

	host, err := os.Hostname()
	require.NoError(t, err)
	lease := domain.RunLease{RunID: id, Holder: "killed", Host: host, PID: pid, ExpiresAt: time.Now().Add(time.Hour)}
	require.NoError(t, st.AcquireRunLease(ctx, lease, nil))
	n, err := runs.New(st, runs.Options{}).MarkInterrupted(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	run, err := st.GetRun(ctx, id)
	require.NoError(t, err)
	require.Equal(t, domain.RunInterrupted, run.Status)
}
