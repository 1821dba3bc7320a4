package runs

import (
	"context"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/orchestrator"
)

// Request is a research question with what the user chose for it; zero values take the
// settings' run defaults. The window's StartRequest and `deepcritical research` both
// become one.
type Request struct {
	Question      string
	Judge         domain.Provider
	Model         string
	Sources       []domain.Source
	MaxIterations int
	// Parsed is the question as the user corrected its parse (nil: the run parses it).
	Parsed *domain.ParsedQuestion
}

// Emitter receives each event of a run after it is stored (nil: nobody listens). An
// Emitter that also has Progress(domain.LLMProgress) gets the progress of streamed calls.
type Emitter = orchestrator.Emitter

// Researcher starts and resumes runs from what a user asked: it resolves the request
// against the settings in force, builds the run's engine and hands the loop to the Runner.
// It is the one way the window and the CLI start or resume a run.
type Researcher struct {
	Runner  *Runner
	Engines *Engines
}

// runConfig merges the request over the settings' run defaults and validates it, with the
// judge resolved (the settings' judge and model when the request names none).
func runConfig(s config.Settings, req Request) (domain.RunConfig, JudgeChoice, error) {
	cfg := s.RunConfig()
	if len(req.Sources) > 0 {
		cfg.Sources = req.Sources
	}
	if req.MaxIterations != 0 {
		cfg.MaxIterations = req.MaxIterations
	}
	choice := ResolveJudge(s, JudgeChoice{Provider: req.Judge, Model: req.Model})
	if !choice.Provider.Valid() {
		return cfg, choice, domain.Errorf(domain.CodeInvalid, "unknown judge %q", string(choice.Provider))
	}
	cfg.Judge, cfg.Model = choice.Provider, choice.Model
	if choice.Provider == domain.ProviderOffline {
		if err := (JudgeChoice{Provider: choice.Provider, Model: req.Model}).refuseOfflineModel(); err != nil {
			return cfg, choice, err
		}
		cfg.Model = ""
	}
	if err := cfg.Validate(); err != nil {
		return cfg, choice, err
	}
	return cfg, choice, nil
}

// Start validates the request, builds its loop and starts the run in the background;
// nothing is stored when the request or the judge is refused. ctx cancels the run.
func (r Researcher) Start(ctx context.Context, req Request, emit Emitter) (*Handle, error) {
	q, err := domain.ValidateQuestion(req.Question)
	if err != nil {
		return nil, err
	}
	// The settings are read once: the run's config and its engine come from the same copy.
	s := r.Engines.Effective()
	cfg, choice, err := runConfig(s, req)
	if err != nil {
		return nil, err
	}
	// A local judge that does not answer refuses the run before anything is built, stored
	// or searched: a run it cannot judge would only end in fallbacks.
	if err := r.Engines.Probe(ctx, choice); err != nil {
		return nil, err
	}
	eng, err := r.Engines.build(s, choice, cfg)
	if err != nil {
		return nil, err
	}
	loop, err := r.Engines.loop(eng, emit)
	if err != nil {
		return nil, err
	}
	if req.Parsed != nil {
		// The corrected parse reaches Orchestrator.Create through the context, the one
		// value it reads from it there; the Loop interface stays the question and config.
		ctx = domain.WithQuestion(ctx, *req.Parsed)
	}
	return r.Runner.Start(ctx, loop, q, cfg)
}

// Resume continues a stored run in the background with the judge it started with, without
// repeating its finished searches or judge calls; a run executing anywhere else is refused.
func (r Researcher) Resume(ctx context.Context, runID string, emit Emitter) (*Handle, error) {
	return r.Runner.Resume(ctx, runID, func(run domain.Run) (Loop, error) {
		choice := JudgeChoice{Provider: run.Config.Judge, Model: run.Config.Model}
		if choice.Provider == "" {
			choice = JudgeChoice{Provider: run.Judge.Provider, Model: run.Judge.Model}
		}
		if err := r.Engines.Probe(ctx, choice); err != nil {
			return nil, err
		}
		eng, err := r.Engines.Build(choice, run.Config)
		if err != nil {
			return nil, err
		}
		return r.Engines.loop(eng, emit)
	})
}
