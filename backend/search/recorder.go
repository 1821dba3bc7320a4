package search

import (
	"context"
	"sync"

	"deepcritical/backend/domain"
)

// QueryRecorder receives every query a source sends, with its hit count and relaxation.
type QueryRecorder func(domain.QueryEvent)

type recorderKey struct{}

// WithQueryRecorder returns a context whose sources report their queries to rec (and to
// any recorder already on ctx). The context carries it because the Source interface takes
// plain query strings and a source may send several attempts per query.
func WithQueryRecorder(ctx context.Context, rec QueryRecorder) context.Context {
	if outer, ok := ctx.Value(recorderKey{}).(QueryRecorder); ok {
		inner := rec
		rec = func(e domain.QueryEvent) { inner(e); outer(e) }
	}
	return context.WithValue(ctx, recorderKey{}, rec)
}

// RecordQuery reports a query sent by a source; without a recorder on ctx it does nothing.
func RecordQuery(ctx context.Context, e domain.QueryEvent) {
	if rec, ok := ctx.Value(recorderKey{}).(QueryRecorder); ok && rec != nil {
		rec(e)
	}
}

// queryLog collects the queries of one fan-out safely from concurrent sources.
type queryLog struct {
	mu  sync.Mutex
	evs []domain.QueryEvent
}

func (l *queryLog) add(e domain.QueryEvent) {
	l.mu.Lock()
	l.evs = append(l.evs, e)
	l.mu.Unlock()
}

func (l *queryLog) list() []domain.QueryEvent {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]domain.QueryEvent(nil), l.evs...)
}
