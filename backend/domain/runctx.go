package domain

import (
	"context"
	"time"
)

type runIDKey struct{}

// WithRunID marks ctx as belonging to a research run, so every LLM call made under it (the
// judge, the appraiser, the narrator, the verifier) is recorded with the run's id and is
// deleted with the run, without threading the id through every interface.
func WithRunID(ctx context.Context, runID string) context.Context {
	if runID == "" {
		return ctx
	}
	return context.WithValue(ctx, runIDKey{}, runID)
}

// RunIDFrom returns the run id set by WithRunID, or "".
func RunIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(runIDKey{}).(string)
	return id
}

type leaseKey struct{}

// WithLease marks ctx as the execution that holds l, the lease of l.RunID. The store's
// writes of a run's execution — the run's status, its events, evidence and evidence links,
// topics, assessments, verdicts and report, its LLM exchanges, and the appraisals and full
// texts it caches — check under ctx, in the transaction that writes, that l.Holder still
// holds the lease, and fail with ErrTakenOver when another process has taken the run over.
// The check is in the store rather than in the loop so that no path of a process that
// stalled past its lease — the loop's next step, a cancellation's partial report, a late
// LLM callback, a circuit breaker's event — can write into a run another process now owns.
func WithLease(ctx context.Context, l RunLease) context.Context {
	if l.RunID == "" || l.Holder == "" {
		return ctx
	}
	return context.WithValue(ctx, leaseKey{}, l)
}

// LeaseFrom returns the lease set by WithLease; ok is false outside a leased execution.
func LeaseFrom(ctx context.Context) (RunLease, bool) {
	l, ok := ctx.Value(leaseKey{}).(RunLease)
	return l, ok
}

type iterationKey struct{}

// Iteration says which search of a run a call belongs to: It of at most Max. A source that
// can spread work over the loop (PubMed carrying a relaxation into the next iteration's
// request instead of paying one more now) needs to know whether another iteration may come.
type Iteration struct {
	It, Max int
}

// Last says whether no further iteration can follow this one.
func (i Iteration) Last() bool { return i.It >= i.Max }

// WithIteration marks ctx as the search of iteration it of at most max.
func WithIteration(ctx context.Context, it, max int) context.Context {
	return context.WithValue(ctx, iterationKey{}, Iteration{It: it, Max: max})
}

// IterationFrom returns the iteration set by WithIteration; ok is false outside a run's loop
// (a one-off search), where every call must be treated as the last.
func IterationFrom(ctx context.Context) (Iteration, bool) {
	i, ok := ctx.Value(iterationKey{}).(Iteration)
	return i, ok
}

// SourceDone is told as each source finishes its part of a search (from that source's
// goroutine, so it must be safe for concurrent use): its evidence count, its failure (nil
// when it answered; warnings are not failures) and how long it took.
type SourceDone func(source Source, hits int, failure error, took time.Duration)

type sourceDoneKey struct{}

// WithSourceDone returns ctx with fn told of each source as it finishes, so the loop can
// show which sources answered while the slowest one is still awaited.
func WithSourceDone(ctx context.Context, fn SourceDone) context.Context {
	return context.WithValue(ctx, sourceDoneKey{}, fn)
}

// SourceDoneFrom returns the function set by WithSourceDone, or nil.
func SourceDoneFrom(ctx context.Context) SourceDone {
	fn, _ := ctx.Value(sourceDoneKey{}).(SourceDone)
	return fn
}

// SourceEvidence is given each source's evidence as soon as that source answers (from its
// goroutine, so it must be safe for concurrent use and must not change the evidence), while
// the other sources are still awaited: the loop starts fetching open-access full texts then,
// instead of after the slowest source.
type SourceEvidence func(source Source, evidence []Evidence)

type sourceEvidenceKey struct{}

// WithSourceEvidence returns ctx with fn given each source's evidence as it answers.
func WithSourceEvidence(ctx context.Context, fn SourceEvidence) context.Context {
	return context.WithValue(ctx, sourceEvidenceKey{}, fn)
}

// SourceEvidenceFrom returns the function set by WithSourceEvidence, or nil.
func SourceEvidenceFrom(ctx context.Context) SourceEvidence {
	fn, _ := ctx.Value(sourceEvidenceKey{}).(SourceEvidence)
	return fn
}
