// Package runs owns the execution of research runs: every run's goroutine, its start,
// cancel and resume, and its lease in the database. The window's bound services and the CLI
// both go through one Runner, so a run is executed by exactly one goroutine on this machine
// however it was asked for.
//
// The lease is what makes a run impossible to run twice: before executing, the Runner
// takes the run's lease (a row naming this process, with an expiry it renews on a
// heartbeat). A second start of the same run — another resume in this process, the CLI
// while the window runs it, two terminals — finds the live lease and is refused with a
// message naming the process that holds it. When a process dies its lease expires (or is
// seen to belong to a dead process on this machine), and the run shows as interrupted.
package runs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"deepcritical/backend/domain"
)

// Loop is the research loop of one judge (the orchestrator), as the Runner drives it.
type Loop interface {
	// Create validates and stores a new run (status running) and returns it at once.
	Create(ctx context.Context, question string, cfg domain.RunConfig) (domain.Run, error)
	// Execute runs the stored run's loop until it completes, fails or is cancelled.
	Execute(ctx context.Context, runID string) (domain.Run, error)
	// Resume reopens an unfinished run and executes it from its last completed step.
	Resume(ctx context.Context, runID string) (domain.Run, error)
}

// Store is the part of the database the Runner needs: the run itself and its lease.
type Store interface {
	GetRun(ctx context.Context, id string) (domain.Run, error)
	AcquireRunLease(ctx context.Context, l domain.RunLease, dead func(domain.RunLease) bool) error
	RenewRunLease(ctx context.Context, runID, holder string, expires time.Time) error
	ReleaseRunLease(ctx context.Context, runID, holder string) error
	MarkInterrupted(ctx context.Context, dead func(domain.RunLease) bool) (int, error)
}

// Options tune a Runner; zero values are the defaults.
type Options struct {
	// LeaseTTL is how long a lease lives without renewal (default 30 s); the heartbeat
	// renews it every third of that. A process that dies frees its runs after at most this
	// long (at once when it ran on this machine).
	LeaseTTL time.Duration
	Clock    func() time.Time
	Logger   *slog.Logger
}

// Runner executes runs. It is safe for concurrent use; one per process is enough.
type Runner struct {
	st     Store
	ttl    time.Duration
	clock  func() time.Time
	log    *slog.Logger
	host   string
	pid    int
	prefix string

	mu     sync.Mutex
	active map[string]*Handle
	wg     sync.WaitGroup
}

// New builds a Runner over st.
func New(st Store, o Options) *Runner {
	if o.LeaseTTL <= 0 {
		o.LeaseTTL = 30 * time.Second
	}
	if o.Clock == nil {
		o.Clock = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	host, _ := os.Hostname()
	return &Runner{st: st, ttl: o.LeaseTTL, clock: o.Clock, log: o.Logger, host: host, pid: os.Getpid(),
		prefix: newToken(), active: map[string]*Handle{}}
}

// Handle follows one run being executed by this Runner.
type Handle struct {
	ID     string
	cancel context.CancelCauseFunc
	done   chan struct{}
	run    domain.Run
	err    error
}

// Wait blocks until the run's goroutine has ended and returns the final run. The error is
// non-nil when the store failed or the run was taken over by another process (it wraps
// domain.ErrTakenOver then, and the run returned is not what is stored: the other process
// owns it); a failed or cancelled run is a normal outcome carried by the run's status.
func (h *Handle) Wait() (domain.Run, error) {
	<-h.done
	return h.run, h.err
}

// Done is closed when the run's goroutine has ended.
func (h *Handle) Done() <-chan struct{} { return h.done }

// Start stores a new run through loop and executes it in the background under a lease;
// ctx cancels it (the window passes a context of its own, the CLI its signal context).
func (r *Runner) Start(ctx context.Context, loop Loop, question string, cfg domain.RunConfig) (*Handle, error) {
	run, err := loop.Create(ctx, question, cfg)
	if err != nil {
		return nil, err
	}
	return r.launch(ctx, run.ID, func(ctx context.Context) (domain.Run, error) { return loop.Execute(ctx, run.ID) })
}

// Resume continues an unfinished run in the background without repeating its finished
// searches or judge calls. build makes the loop for the run (with the judge it started
// with). A complete run, or one executing anywhere else, is refused before anything is built.
func (r *Runner) Resume(ctx context.Context, runID string, build func(domain.Run) (Loop, error)) (*Handle, error) {
	runID = strings.TrimSpace(runID)
	if runID == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "run id is empty: give the id of the run to resume")
	}
	run, err := r.st.GetRun(context.WithoutCancel(ctx), runID)
	if err != nil {
		return nil, err
	}
	if run.Status == domain.RunComplete {
		return nil, domain.Errorf(domain.CodeInvalid, "run %s is already complete: nothing to resume", run.ID)
	}
	// Take the lease before building: a refused resume must not touch the run at all.
	lease, err := r.acquire(ctx, runID)
	if err != nil {
		return nil, err
	}
	loop, err := build(run)
	if err != nil {
		r.release(lease)
		return nil, err
	}
	return r.launchLeased(ctx, lease, func(ctx context.Context) (domain.Run, error) { return loop.Resume(ctx, runID) })
}

// Cancel stops a run this Runner executes; its partial report (when it stored anything to
// report on) is kept and it can be resumed.
func (r *Runner) Cancel(runID string) error {
	r.mu.Lock()
	h, ok := r.active[strings.TrimSpace(runID)]
	r.mu.Unlock()
	if !ok {
		return domain.Errorf(domain.CodeNotFound, "run %s is not running in this window", runID)
	}
	h.cancel(context.Canceled)
	return nil
}

// Active lists the runs this Runner executes now.
func (r *Runner) Active() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.active))
	for id := range r.active {
		out = append(out, id)
	}
	return out
}

// MarkInterrupted shows runs whose process died as interrupted (resumable) rather than
// running; runs any live process executes, this one included, are left alone.
func (r *Runner) MarkInterrupted(ctx context.Context) (int, error) {
	return r.st.MarkInterrupted(ctx, r.holderGone)
}

// Shutdown cancels every run and waits, at most wait, for each to store its cancelled state
// and partial report; the runs stay resumable.
func (r *Runner) Shutdown(wait time.Duration) {
	r.mu.Lock()
	for _, h := range r.active {
		h.cancel(context.Canceled)
	}
	r.mu.Unlock()
	finished := make(chan struct{})
	go func() {
		r.wg.Wait()
		close(finished)
	}()
	select {
	case <-finished:
	case <-time.After(wait):
	}
}

func (r *Runner) launch(ctx context.Context, runID string, exec func(context.Context) (domain.Run, error)) (*Handle, error) {
	lease, err := r.acquire(ctx, runID)
	if err != nil {
		return nil, err
	}
	return r.launchLeased(ctx, lease, exec)
}

// launchLeased runs exec in the run's goroutine while a heartbeat renews the lease. exec's
// context carries the lease (domain.WithLease), so once another process has taken the run
// over, the store refuses every write of this execution — the heartbeat only notices at its
// next beat, and a process that was suspended may try to write before that.
func (r *Runner) launchLeased(parent context.Context, lease domain.RunLease, exec func(context.Context) (domain.Run, error)) (*Handle, error) {
	ctx, cancel := context.WithCancelCause(domain.WithLease(parent, lease))
	h := &Handle{ID: lease.RunID, cancel: cancel, done: make(chan struct{})}
	r.mu.Lock()
	r.active[h.ID] = h
	r.wg.Add(1)
	r.mu.Unlock()
	go func() {
		defer r.wg.Done()
		stopBeat := r.heartbeat(ctx, lease, cancel)
		h.run, h.err = exec(ctx)
		stopBeat()
		if errors.Is(context.Cause(ctx), domain.ErrTakenOver) || errors.Is(h.err, domain.ErrTakenOver) {
			// The lease is the other process's now: releasing it here would free a run that
			// is being executed.
			h.err = domain.TakenOver(h.ID)
		} else {
			r.release(lease)
		}
		if h.err != nil {
			r.log.Error("research run ended with an error", "run_id", h.ID, "err", h.err)
		}
		cancel(nil)
		r.mu.Lock()
		delete(r.active, h.ID)
		r.mu.Unlock()
		close(h.done)
	}()
	return h, nil
}

// acquire takes the run's lease for a new holder; the message of a refusal names the
// process that holds the run.
func (r *Runner) acquire(ctx context.Context, runID string) (domain.RunLease, error) {
	now := r.clock().UTC()
	l := domain.RunLease{RunID: runID, Holder: r.prefix + "-" + newToken(), Host: r.host, PID: r.pid,
		AcquiredAt: now, ExpiresAt: now.Add(r.ttl)}
	if err := r.st.AcquireRunLease(context.WithoutCancel(ctx), l, r.holderGone); err != nil {
		if domain.CodeOf(err) == domain.CodeConflict && r.isActive(runID) {
			return l, domain.Errorf(domain.CodeConflict, "run %s is already running here: wait for it to finish or cancel it", runID)
		}
		return l, err
	}
	return l, nil
}

func (r *Runner) isActive(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	_, ok := r.active[id]
	return ok
}

// heartbeat renews the lease every third of its TTL until stopped. A lost lease (another
// process took the run over after this one stalled past the expiry) cancels the run here so
// two processes never keep writing the same run; a failed renewal (database busy) is
// retried at the next beat.
func (r *Runner) heartbeat(ctx context.Context, l domain.RunLease, cancel context.CancelCauseFunc) (stop func()) {
	quit := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(r.ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				err := r.st.RenewRunLease(context.WithoutCancel(ctx), l.RunID, l.Holder, r.clock().UTC().Add(r.ttl))
				if domain.CodeOf(err) == domain.CodeConflict {
					r.log.Error("run taken over by another process; stopping it here", "run_id", l.RunID)
					cancel(domain.ErrTakenOver)
					return
				}
				if err != nil {
					r.log.Warn("renewing a run's lease", "run_id", l.RunID, "err", err)
				}
			}
		}
	}()
	return func() { once.Do(func() { close(quit) }) }
}

func (r *Runner) release(l domain.RunLease) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := r.st.ReleaseRunLease(ctx, l.RunID, l.Holder); err != nil {
		// The lease expires on its own; the run then shows as interrupted, never running.
		r.log.Warn("releasing a run's lease", "run_id", l.RunID, "err", err)
	}
}

// holderGone reports whether a lease's process is known to be dead: it ran on this machine
// and no process has its pid any more. Leases of other machines (a data folder on a network
// share) wait for their expiry.
func (r *Runner) holderGone(l domain.RunLease) bool {
	if l.Host != r.host || l.PID <= 0 {
		return false
	}
	if l.PID == r.pid {
		// This process is alive; whichever of its Runners holds the lease renews it.
		return false
	}
	return !processAlive(l.PID)
}

func newToken() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return fmt.Sprintf("%x", time.Now().UnixNano())
	}
	return hex.EncodeToString(b[:])
}
