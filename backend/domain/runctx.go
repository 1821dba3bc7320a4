package domain

import "context"

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
