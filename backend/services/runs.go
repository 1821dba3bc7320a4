package services

import (
	"context"
	"strings"
	"sync"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/orchestrator"
)

// RunService starts, follows, cancels and resumes research runs. Runs execute in the
// background; their events reach the window as batched run:event messages.
type RunService struct {
	c *Container

	mu     sync.Mutex
	active map[string]context.CancelFunc
	// running counts run goroutines so closing the window waits for their final writes.
	running sync.WaitGroup
}

// StartRequest is what the Research view (and `deepcritical research`) asks for; zero
// values take the settings' defaults.
type StartRequest struct {
	Question      string          `json:"question"`
	Judge         domain.Provider `json:"judge"`
	Model         string          `json:"model"`
	Sources       []domain.Source `json:"sources"`
	MaxIterations int             `json:"max_iterations"`
}

// runConfig merges the request over the settings' run defaults and validates it.
func (c *Container) runConfig(req StartRequest) (domain.RunConfig, JudgeChoice, error) {
	s := c.Effective()
	cfg := s.RunConfig()
	if len(req.Sources) > 0 {
		cfg.Sources = req.Sources
	}
	if req.MaxIterations != 0 {
		cfg.MaxIterations = req.MaxIterations
	}
	choice := resolveJudge(s, JudgeChoice{Provider: req.Judge, Model: req.Model})
	if !choice.Provider.Valid() {
		return cfg, choice, domain.Errorf(domain.CodeInvalid, "unknown judge %q", string(choice.Provider))
	}
	cfg.Judge, cfg.Model = choice.Provider, choice.Model
	if choice.Provider == domain.ProviderOffline {
		cfg.Model = ""
	}
	if err := cfg.Validate(); err != nil {
		return cfg, choice, err
	}
	return cfg, choice, nil
}

// prepare validates the request and builds the loop; nothing is stored when it fails.
func (r *RunService) prepare(req StartRequest, emit orchestrator.Emitter) (*orchestrator.Orchestrator, domain.RunConfig, error) {
	if _, err := domain.ValidateQuestion(req.Question); err != nil {
		return nil, domain.RunConfig{}, err
	}
	cfg, choice, err := r.c.runConfig(req)
	if err != nil {
		return nil, cfg, err
	}
	eng, err := r.c.buildEngine(choice, cfg)
	if err != nil {
		return nil, cfg, err
	}
	orch, err := r.c.orchestratorFor(eng, emit)
	return orch, cfg, err
}

// Start begins a run in the background and returns its id at once.
func (r *RunService) Start(req StartRequest) (string, error) {
	orch, cfg, err := r.prepare(req, r.c.emitter)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithCancel(context.Background())
	id, done, err := orch.Start(ctx, req.Question, cfg)
	if err != nil {
		cancel()
		return "", err
	}
	r.track(id, cancel, done)
	return id, nil
}

// RunResearch executes a run in the calling goroutine (the CLI's path); ctx cancels it. It
// is a Container method, not a bound one, because the window always runs in the background.
func (c *Container) RunResearch(ctx context.Context, req StartRequest, emit orchestrator.Emitter) (domain.Run, error) {
	orch, cfg, err := c.Runs.prepare(req, emit)
	if err != nil {
		return domain.Run{}, err
	}
	return orch.Run(ctx, req.Question, cfg)
}

// resumeOrchestrator rebuilds the loop with the judge the run was started with.
func (r *RunService) resumeOrchestrator(runID string, emit orchestrator.Emitter) (*orchestrator.Orchestrator, error) {
	st, err := r.c.Store()
	if err != nil {
		return nil, err
	}
	run, err := st.GetRun(context.Background(), strings.TrimSpace(runID))
	if err != nil {
		return nil, err
	}
	if run.Status == domain.RunComplete {
		return nil, domain.Errorf(domain.CodeInvalid, "run %s is already complete: nothing to resume", run.ID)
	}
	choice := JudgeChoice{Provider: run.Config.Judge, Model: run.Config.Model}
	if choice.Provider == "" {
		choice = JudgeChoice{Provider: run.Judge.Provider, Model: run.Judge.Model}
	}
	eng, err := r.c.buildEngine(choice, run.Config)
	if err != nil {
		return nil, err
	}
	return r.c.orchestratorFor(eng, emit)
}

// Resume continues an interrupted, failed or cancelled run in the background without
// repeating its finished searches or judge calls.
func (r *RunService) Resume(runID string) error {
	runID = strings.TrimSpace(runID)
	if r.isActive(runID) {
		return domain.Errorf(domain.CodeInvalid, "run %s is already running", runID)
	}
	orch, err := r.resumeOrchestrator(runID, r.c.emitter)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan domain.Run, 1)
	go func() {
		defer close(done)
		run, _ := orch.Resume(ctx, runID)
		done <- run
	}()
	r.track(runID, cancel, done)
	return nil
}

// ResumeResearch is Resume in the calling goroutine (the CLI's --resume).
func (c *Container) ResumeResearch(ctx context.Context, runID string, emit orchestrator.Emitter) (domain.Run, error) {
	orch, err := c.Runs.resumeOrchestrator(runID, emit)
	if err != nil {
		return domain.Run{}, err
	}
	return orch.Resume(ctx, strings.TrimSpace(runID))
}

// Cancel stops a running run; its partial report is kept and it can be resumed.
func (r *RunService) Cancel(runID string) error {
	r.mu.Lock()
	cancel, ok := r.active[strings.TrimSpace(runID)]
	r.mu.Unlock()
	if !ok {
		return domain.Errorf(domain.CodeNotFound, "run %s is not running in this window", runID)
	}
	cancel()
	return nil
}

// Active lists the runs executing now.
func (r *RunService) Active() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.active))
	for id := range r.active {
		out = append(out, id)
	}
	return out
}

// Events returns a run's stored events after afterSeq, so a view opened mid-run (or after
// a restart) catches up before live events arrive.
func (r *RunService) Events(runID string, afterSeq int64) ([]domain.Event, error) {
	st, err := r.c.Store()
	if err != nil {
		return nil, err
	}
	evs, err := st.ListEvents(context.Background(), strings.TrimSpace(runID), afterSeq)
	if evs == nil {
		evs = []domain.Event{}
	}
	return evs, err
}

func (r *RunService) isActive(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	_, ok := r.active[id]
	return ok
}

func (r *RunService) track(id string, cancel context.CancelFunc, done <-chan domain.Run) {
	r.mu.Lock()
	if r.active == nil {
		r.active = map[string]context.CancelFunc{}
	}
	r.active[id] = cancel
	r.running.Add(1)
	r.mu.Unlock()
	go func() {
		defer r.running.Done()
		<-done
		cancel()
		r.mu.Lock()
		delete(r.active, id)
		r.mu.Unlock()
	}()
}

// cancelAll stops every run when the window closes and waits (bounded) for each to store
// its cancelled state and partial report; the runs stay resumable.
func (r *RunService) cancelAll(wait time.Duration) {
	r.mu.Lock()
	for _, cancel := range r.active {
		cancel()
	}
	r.mu.Unlock()
	finished := make(chan struct{})
	go func() {
		r.running.Wait()
		close(finished)
	}()
	select {
	case <-finished:
	case <-time.After(wait):
	}
}
