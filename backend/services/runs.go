package services

import (
	"context"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
)

// RunService starts, follows, cancels and resumes research runs through the Runner, which
// owns their goroutines and leases; their events reach the window as batched run:event
// messages.
type RunService struct {
	research dep[runs.Researcher]
	runner   dep[*runs.Runner]
	events   dep[eventLister]
	emitter  *Emitter
}

// eventLister reads a run's stored events.
type eventLister interface {
	ListEvents(ctx context.Context, runID string, afterSeq int64) ([]domain.Event, error)
}

// StartRequest is what the Research view (and `deepcritical research`) asks for; zero
// values take the settings' defaults.
type StartRequest struct {
	Question      string          `json:"question"`
	Judge         domain.Provider `json:"judge"`
	Model         string          `json:"model"`
	Sources       []domain.Source `json:"sources"`
	MaxIterations int             `json:"max_iterations"`
	// Roles are the user's corrections of how the question was understood (a concept's
	// text to its role; "" drops it), as the chips under the question box set them.
	Roles map[string]string `json:"roles,omitempty"`
	// Stages are the user's corrections of which stage of a condition the question asks
	// about (a condition's text to "onset", "established" or "either").
	Stages map[string]string `json:"stages,omitempty"`
}

// request is the request as the run stack takes it.
func (req StartRequest) request() (runs.Request, error) {
	out := runs.Request{Question: req.Question, Judge: req.Judge, Model: req.Model, Sources: req.Sources, MaxIterations: req.MaxIterations}
	if len(req.Roles) > 0 || len(req.Stages) > 0 {
		q, err := parseCorrected(req.Question, req.Roles, req.Stages)
		if err != nil {
			return out, err
		}
		out.Parsed = &q
	}
	return out, nil
}

// Start begins a run in the background and returns its id at once.
func (r *RunService) Start(req StartRequest) (string, error) {
	research, err := r.research.get()
	if err != nil {
		return "", err
	}
	rr, err := req.request()
	if err != nil {
		return "", err
	}
	h, err := research.Start(context.Background(), rr, r.emitter)
	if err != nil {
		return "", err
	}
	return h.ID, nil
}

// Resume continues an interrupted, failed or cancelled run in the background without
// repeating its finished searches or judge calls. A run executing anywhere else (another
// window, a terminal) is refused with a message naming that process.
func (r *RunService) Resume(runID string) error {
	research, err := r.research.get()
	if err != nil {
		return err
	}
	_, err = research.Resume(context.Background(), runID, r.emitter)
	return err
}

// Cancel stops a running run; its partial report (when it stored anything to report on) is
// kept and it can be resumed.
func (r *RunService) Cancel(runID string) error {
	runner, err := r.runner.get()
	if err != nil {
		return err
	}
	return runner.Cancel(runID)
}

// Active lists the runs executing now in this window.
func (r *RunService) Active() []string {
	runner, err := r.runner.get()
	if err != nil {
		return []string{}
	}
	return runner.Active()
}

// Events returns a run's stored events after afterSeq, so a view opened mid-run (or after
// a restart) catches up before live events arrive.
func (r *RunService) Events(runID string, afterSeq int64) ([]domain.Event, error) {
	st, err := r.events.get()
	if err != nil {
		return nil, err
	}
	evs, err := st.ListEvents(context.Background(), strings.TrimSpace(runID), afterSeq)
	if evs == nil {
		evs = []domain.Event{}
	}
	return evs, err
}

// EventPayloadTypes lists the payload struct of every event type (domain/events.go) as
// fields, so that Wails generates their TypeScript classes and the window reads a
// run:event's data with its type instead of `any`. Field names follow the event types.
type EventPayloadTypes struct {
	Started        domain.StartedData        `json:"started"`
	Searching      domain.SearchingData      `json:"searching"`
	Query          domain.QueryEvent         `json:"query"`
	Source         domain.SourceStateData    `json:"source"`
	SearchComplete domain.SearchCompleteData `json:"search_complete"`
	Appraising     domain.AppraisingData     `json:"appraising"`
	FullText       domain.FullTextData       `json:"full_text"`
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
