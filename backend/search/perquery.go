package search

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"deepcritical/backend/domain"
)

// QueryFunc fetches at most max results for one query, in the API's relevance order.
type QueryFunc func(ctx context.Context, query string, max int) ([]domain.Evidence, error)

// PerQuery is the Search of a source whose API takes one query at a time: it runs the
// non-blank queries concurrently, gives each result relevance 1 - rank/(n+1) within its
// query, keeps the best relevance for a record found by several queries (by canonical
// key), and orders by relevance. A failing query does not lose the others' evidence: its
// error is returned beside them, named by query.
func PerQuery(ctx context.Context, source domain.Source, queries []string, max int, one QueryFunc) ([]domain.Evidence, error) {
	var qs []string
	for _, q := range queries {
		if q = strings.TrimSpace(q); q != "" {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "%s: no query given", source)
	}
	if max < 1 {
		return nil, domain.Errorf(domain.CodeInvalid, "%s: max results must be at least 1, got %d", source, max)
	}
	results := make([][]domain.Evidence, len(qs))
	errs := make([]error, len(qs))
	var wg sync.WaitGroup
	for i, q := range qs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = one(ctx, q, max)
		}()
	}
	wg.Wait()

	var (
		out      []domain.Evidence
		index    = map[string]int{}
		problems []error
	)
	for i, evs := range results {
		if errs[i] != nil {
			problems = append(problems, fmt.Errorf("query %q: %w", qs[i], errs[i]))
		}
		for rank, ev := range evs {
			ev.Relevance = 1 - float64(rank)/float64(len(evs)+1)
			out = KeepBest(out, index, ev.CanonicalKey(), ev)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Relevance > out[j].Relevance })
	return out, errors.Join(problems...)
}

// KeepBest adds ev to out under key (at holds each key's position in out): a record found
// again by another query keeps its first place and takes the higher relevance, so a paper
// is listed once with its best score.
func KeepBest(out []domain.Evidence, at map[string]int, key string, ev domain.Evidence) []domain.Evidence {
	if j, ok := at[key]; ok {
		if ev.Relevance > out[j].Relevance {
			out[j].Relevance = ev.Relevance
		}
		return out
	}
	at[key] = len(out)
	return append(out, ev)
}
