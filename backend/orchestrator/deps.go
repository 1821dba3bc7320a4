// Package orchestrator runs the research loop: search → dedupe → relevance → appraise →
// judge → loop or synthesise → verify → complete. Every step is
// an event written to the store before it is emitted, so a crash loses nothing that was shown,
// and Resume continues an interrupted run from its stored events and assessments without
// repeating finished searches or judge calls.
//
// Besides domain it uses only the pure question packages (concepts, relevance,
// search/querybuild); it declares the small interfaces it needs (searcher, judge,
// appraiser, emitter, synthesizer, verifier) and takes the store through the
// domain.RunStore port, which *store.Store implements directly. backend/runs plugs the
// concrete judge, report and verify packages in.
package orchestrator

import (
	"context"
	"encoding/json"
	"time"

	"deepcritical/backend/domain"
)

// Searcher runs all queries of one iteration over the enabled sources. It never fails as a
// whole: per-source failures come back in SearchResult.Errors (entries with Warning set
// are notices, not failures). The per-source timeout is the searcher's
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

// JudgeInput is what the judge is given: all evidence collected so far.
type JudgeInput = domain.JudgeInput

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

// Appraiser appraises papers (optional): from the full text texts holds under a paper's
// key, else from its abstract. It returns appraisals by canonical key and is expected to
// cache them by the text read, so a resumed run re-appraising its evidence costs nothing.
type Appraiser interface {
	AppraiseAll(ctx context.Context, evs []domain.Evidence, texts map[string]domain.FullText) (map[string]domain.Appraisal, error)
}

// AppraiserFunc adapts a function to Appraiser.
type AppraiserFunc func(ctx context.Context, evs []domain.Evidence, texts map[string]domain.FullText) (map[string]domain.Appraisal, error)

// AppraiseAll calls f.
func (f AppraiserFunc) AppraiseAll(ctx context.Context, evs []domain.Evidence, texts map[string]domain.FullText) (map[string]domain.Appraisal, error) {
	return f(ctx, evs, texts)
}

// FullTexts reads papers' open-access full texts (optional: without it every paper is read
// from its abstract). Texts are stored by the implementation, so the loop keeps none in
// memory that the store does not have.
type FullTexts interface {
	// Stored returns the stored full texts of these paper keys, without fetching.
	Stored(ctx context.Context, keys []string) (map[string]domain.FullText, error)
	// Select picks, among on-topic papers without a full text yet, those whose full text
	// the loop should fetch now (the trials, and the evidence the judge will weigh first),
	// best first; it never fetches.
	Select(evs []domain.Evidence) []domain.Evidence
	// Fetch reads and stores one paper's full text; a paper without one returns a
	// *domain.FullTextUnavailable saying why.
	Fetch(ctx context.Context, ev domain.Evidence) (domain.FullText, error)
	// Put stores a full text under its key (a text fetched for a source's record kept
	// under the key of the merged record).
	Put(ctx context.Context, ft domain.FullText) error
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

// Synthesizer renders the report (runs.Synthesizer adapts backend/report).
type Synthesizer interface {
	Synthesize(ctx context.Context, in SynthesisInput) (Synthesis, error)
}

// VerifyInput is a report to verify.
type VerifyInput = domain.VerifyInput

// VerifyResult is a verdict with its per-item checks.
type VerifyResult struct {
	Verdict domain.Verdict
	Checks  json.RawMessage
}

// Verifier checks a report (runs.Verifier adapts backend/verify). On error it may still
// return the deterministic checks; the report is then marked unverified, never passed.
type Verifier interface {
	Verify(ctx context.Context, in VerifyInput) (VerifyResult, error)
}

// Deps are the collaborators of the loop. Appraiser, FullTexts, Emitter, Verifier and Clock
// are optional.
type Deps struct {
	Searcher    Searcher
	Judge       Judge
	Appraiser   Appraiser
	FullTexts   FullTexts
	Store       domain.RunStore
	Emitter     Emitter
	Synthesizer Synthesizer
	Verifier    Verifier
	Clock       func() time.Time
}
