// Package orchestrator runs the research loop of DESIGN.md §6 (seed 003 made durable):
// search → dedupe → appraise → judge → loop or synthesise → verify → complete. Every step is
// an event written to the store before it is emitted, so a crash loses nothing that was shown,
// and Resume continues an interrupted run from its stored events and assessments without
// repeating finished searches or judge calls.
//
// The package depends on domain only: it declares the small interfaces it uses (searcher,
// judge, appraiser, store, emitter, synthesizer, verifier) and backend/orchestrator/wire
// adapts the concrete packages to them.
package orchestrator

import (
	"context"
	"encoding/json"
	"time"

	"deepcritical/backend/domain"
)

// Searcher runs all queries of one iteration over the enabled sources. It never fails as a
// whole: per-source failures come back in SearchResult.Errors (entries whose text starts
// with "warning: " are notices, not failures). The per-source timeout is the searcher's
// business; *search.Fanout satisfies this interface.
type Searcher interface {
	Run(ctx context.Context, queries []string, sources []domain.Source, maxPerSource int) domain.SearchResult
}

// SearcherFunc adapts a function to Searcher.
type SearcherFunc func(ctx context.Context, queries []string, sources []domain.Source, maxPerSource int) domain.SearchResult

// Run calls f.
func (f SearcherFunc) Run(ctx context.Context, queries []string, sources []domain.Source, maxPerSource int) domain.SearchResult {
	return f(ctx, queries, sources, maxPerSource)
}

// JudgeInput mirrors judge.Input: the judge sees all evidence collected so far.
type JudgeInput struct {
	RunID      string
	Question   string
	Evidence   []domain.Evidence
	Appraisals map[string]domain.Appraisal
}

// Judge assesses the evidence. An LLM judge that cannot answer returns a fallback assessment
// with a nil error; a non-nil error means the judge cannot go on, and the run fails.
type Judge interface {
	Assess(ctx context.Context, in JudgeInput) (domain.Assessment, domain.Heuristics, error)
}

// JudgeFunc adapts a function to Judge.
type JudgeFunc func(ctx context.Context, in JudgeInput) (domain.Assessment, domain.Heuristics, error)

// Assess calls f.
func (f JudgeFunc) Assess(ctx context.Context, in JudgeInput) (domain.Assessment, domain.Heuristics, error) {
	return f(ctx, in)
}

// Appraiser appraises papers (optional). It returns appraisals by canonical key and is
// expected to cache them, so a resumed run re-appraising its evidence costs nothing.
type Appraiser interface {
	AppraiseAll(ctx context.Context, evs []domain.Evidence) (map[string]domain.Appraisal, error)
}

// AppraiserFunc adapts a function to Appraiser.
type AppraiserFunc func(ctx context.Context, evs []domain.Evidence) (map[string]domain.Appraisal, error)

// AppraiseAll calls f.
func (f AppraiserFunc) AppraiseAll(ctx context.Context, evs []domain.Evidence) (map[string]domain.Appraisal, error) {
	return f(ctx, evs)
}

// StoredAssessment is an assessment of one iteration as the store keeps it.
type StoredAssessment struct {
	RunID      string
	Iteration  int
	Label      string
	Assessment domain.Assessment
	Heuristics *domain.Heuristics
	CreatedAt  time.Time
}

// StoredReport is the report of record (status verified, unverified or failed).
type StoredReport struct {
	RunID     string
	Markdown  string
	Status    string
	CreatedAt time.Time
}

// Store is the subset of backend/store the loop needs (wire.Store adapts *store.Store).
type Store interface {
	NewRunID() string
	CreateRun(ctx context.Context, r domain.Run) error
	GetRun(ctx context.Context, id string) (domain.Run, error)
	UpdateRun(ctx context.Context, r domain.Run) error
	// AppendEvent assigns the event's seq and time and returns the stored event.
	AppendEvent(ctx context.Context, e domain.Event) (domain.Event, error)
	ListEvents(ctx context.Context, runID string, afterSeq int64) ([]domain.Event, error)
	UpsertEvidence(ctx context.Context, evs []domain.Evidence) ([]string, error)
	// LinkEvidence links keys to the run and returns how many were not linked before.
	LinkEvidence(ctx context.Context, runID string, iteration int, keys []string) (int, error)
	// RunEvidence returns the run's evidence in first-seen order.
	RunEvidence(ctx context.Context, runID string) ([]domain.Evidence, error)
	SaveAssessment(ctx context.Context, a StoredAssessment) error
	ListAssessments(ctx context.Context, runID string) ([]StoredAssessment, error)
	SaveVerdict(ctx context.Context, runID string, iteration int, v domain.Verdict, checks json.RawMessage) error
	SaveReport(ctx context.Context, r StoredReport) error
}

// Emitter receives each event after it has been stored (the GUI's run:event, the CLI's
// progress lines). It must not block for long.
type Emitter interface {
	Emit(e domain.Event)
}

// EmitterFunc adapts a function to Emitter.
type EmitterFunc func(e domain.Event)

// Emit calls f.
func (f EmitterFunc) Emit(e domain.Event) { f(e) }

// Verification is the verifier's conclusion as the report shows it.
type Verification struct {
	Status  string // verified | unverified | failed
	Verdict *domain.Verdict
	// Checks are the per-item results (grounding.Checks JSON), stored beside the verdict.
	Checks json.RawMessage
	// Error explains an unverified report.
	Error string
}

// SynthesisInput is what the report is built from.
type SynthesisInput struct {
	Run        domain.Run
	Evidence   []domain.Evidence
	Appraisals map[string]domain.Appraisal
	Assessment *domain.Assessment
	Heuristics *domain.Heuristics
	// Narrative, when set, is the narrative of an earlier Synthesize call of the same
	// round, reused so the final rendering makes no second LLM call.
	Narrative json.RawMessage
	// Verification is nil for the draft and set for the final rendering.
	Verification *Verification
	// AllowLLM is false when the run is being cancelled or has failed: the report is then
	// built from stored data alone.
	AllowLLM bool
	// Events are the run's stored events, set for the renderings that are stored (the
	// final and the partial report) so the stored report lists the sources that failed or
	// warned in its Limitations from the start; nil for the draft the verifier checks.
	Events []domain.Event
}

// Synthesis is a rendered report with the claims the verifier checks.
type Synthesis struct {
	Markdown   string
	Candidates []string
	Findings   []string
	// Narrative is opaque to the loop; it is recorded in the verifying event's data (key
	// "narrative") so exports can rebuild the report without another LLM call.
	Narrative json.RawMessage
}

// Synthesizer renders the report (wire.Synthesizer adapts backend/report).
type Synthesizer interface {
	Synthesize(ctx context.Context, in SynthesisInput) (Synthesis, error)
}

// VerifyInput is a report to verify.
type VerifyInput struct {
	RunID      string
	Question   string
	Markdown   string
	Candidates []string
	Findings   []string
	Evidence   []domain.Evidence
	Previous   []domain.Verdict
}

// VerifyResult is a verdict with its per-item checks.
type VerifyResult struct {
	Verdict domain.Verdict
	Checks  json.RawMessage
}

// Verifier checks a report (wire.Verifier adapts backend/verify). On error it may still
// return the deterministic checks; the report is then marked unverified, never passed.
type Verifier interface {
	Verify(ctx context.Context, in VerifyInput) (VerifyResult, error)
}

// Deps are the collaborators of the loop. Appraiser, Emitter, Verifier and Clock are optional.
type Deps struct {
	Searcher    Searcher
	Judge       Judge
	Appraiser   Appraiser
	Store       Store
	Emitter     Emitter
	Synthesizer Synthesizer
	Verifier    Verifier
	Clock       func() time.Time
}
