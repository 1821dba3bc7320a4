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
