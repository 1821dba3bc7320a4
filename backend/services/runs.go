package services

import (
	"context"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/runs"
)

// RunService starts, follows, cancels and resumes research runs through the Runner, which
// owns their goroutines and leases; their events reach the window as batched run:event
// messages.
type RunService struct {
	c *Container
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

// prepare builds the loop for a new run's request; nothing is stored when it fails.
func (r *RunService) prepare(req StartRequest, emit orchestrator.Emitter) (*orchestrator.Orchestrator, domain.RunConfig, error) {
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

// loopFor returns how to build the loop of a stored run, with the judge it started with.
func (r *RunService) loopFor(emit orchestrator.Emitter) func(domain.Run) (runs.Loop, error) {
	return func(run domain.Run) (runs.Loop, error) {
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
}

// start validates the request, builds its loop and hands the run to the Runner.
func (r *RunService) start(ctx context.Context, req StartRequest, emit orchestrator.Emitter) (*runs.Handle, error) {
	if _, err := domain.ValidateQuestion(req.Question); err != nil {
		return nil, err
	}
	runner, err := r.c.Runner()
	if err != nil {
		return nil, err
	}
	orch, cfg, err := r.prepare(req, emit)
	if err != nil {
		return nil, err
	}
	return runner.Start(ctx, orch, req.Question, cfg)
}

func (r *RunService) resume(ctx context.Context, runID string, emit orchestrator.Emitter) (*runs.Handle, error) {
	runner, err := r.c.Runner()
	if err != nil {
		return nil, err
	}
	return runner.Resume(ctx, runID, r.loopFor(emit))
}

// Start begins a run in the background and returns its id at once.
func (r *RunService) Start(req StartRequest) (string, error) {
	h, err := r.start(context.Background(), req, r.c.emitter)
	if err != nil {
		return "", err
	}
	return h.ID, nil
}

// Resume continues an interrupted, failed or cancelled run in the background without
// repeating its finished searches or judge calls. A run executing anywhere else (another
// window, a terminal) is refused with a message naming that process.
func (r *RunService) Resume(runID string) error {
	_, err := r.resume(context.Background(), runID, r.c.emitter)
	return err
}

// RunResearch executes a run and waits for it (the CLI's path); ctx cancels it. It is a
// Container method, not a bound one, because the window always runs in the background.
// emit receives each event after it is stored.
func (c *Container) RunResearch(ctx context.Context, req StartRequest, emit func(domain.Event)) (domain.Run, error) {
	h, err := c.Runs.start(ctx, req, emitterOf(emit))
	if err != nil {
		return domain.Run{}, err
	}
	return h.Wait()
}

// ResumeResearch is Resume waiting for the run (the CLI's --resume).
func (c *Container) ResumeResearch(ctx context.Context, runID string, emit func(domain.Event)) (domain.Run, error) {
	h, err := c.Runs.resume(ctx, runID, emitterOf(emit))
	if err != nil {
		return domain.Run{}, err
	}
	return h.Wait()
}

// Cancel stops a running run; its partial report is kept and it can be resumed.
func (r *RunService) Cancel(runID string) error {
	runner, err := r.c.Runner()
	if err != nil {
		return err
	}
	return runner.Cancel(runID)
}

// Active lists the runs executing now in this window.
func (r *RunService) Active() []string {
	runner, err := r.c.Runner()
	if err != nil {
		return []string{}
	}
	return runner.Active()
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

// emitterOf adapts a callback to the loop's Emitter; nil means nobody listens.
func emitterOf(emit func(domain.Event)) orchestrator.Emitter {
	if emit == nil {
		return nil
	}
	return orchestrator.EmitterFunc(emit)
}

// EventPayloadTypes lists the payload struct of every event type (domain/events.go) as
// fields, so that Wails generates their TypeScript classes and the window reads a
// run:event's data with its type instead of `any`. Field names follow the event types.
type EventPayloadTypes struct {
	Started        domain.StartedData        `json:"started"`
	Searching      domain.SearchingData      `json:"searching"`
	Query          domain.QueryEvent         `json:"query"`
	SearchComplete domain.SearchCompleteData `json:"search_complete"`
	Appraising     domain.AppraisingData     `json:"appraising"`
	Judging        domain.JudgingData        `json:"judging"`
	JudgeComplete  domain.JudgeCompleteData  `json:"judge_complete"`
	Looping        domain.LoopingData        `json:"looping"`
	Synthesizing   domain.SynthesizingData   `json:"synthesizing"`
	Verifying      domain.VerifyingData      `json:"verifying"`
	Complete       domain.CompleteData       `json:"complete"`
	Error          domain.ErrorData          `json:"error"`
	Cancelled      domain.CancelledData      `json:"cancelled"`
	LLMProgress    domain.LLMProgress        `json:"llm_progress"`
}

// EventPayloads is bound only for its type: it gives the window the payload shapes of
// EventPayloadTypes (the value is empty; events come through run:event).
func (s *RunService) EventPayloads() EventPayloadTypes { return EventPayloadTypes{} }
