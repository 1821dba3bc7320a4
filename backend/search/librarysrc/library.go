// Package librarysrc makes the user's imported library a search source like PubMed or
// Europe PMC: the same queries run over the local SQLite FTS5 index, offline, and the
// results come back as evidence ranked by bm25.
package librarysrc

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/store"
)

// Searcher is the part of the store the library source needs.
type Searcher interface {
	SearchLibrary(ctx context.Context, query string, limit int) ([]store.LibraryRecord, error)
}

// SearcherFunc adapts a function to Searcher, for callers that wrap the store.
type SearcherFunc func(ctx context.Context, query string, limit int) ([]store.LibraryRecord, error)

// SearchLibrary calls f.
func (f SearcherFunc) SearchLibrary(ctx context.Context, query string, limit int) ([]store.LibraryRecord, error) {
	return f(ctx, query, limit)
}

// Source searches the local library. It satisfies search.Source.
type Source struct {
	idx Searcher
	// count is how many records the library holds (nil: not told), so a search of an empty
	// library says so instead of reading as "no study found".
	count func(context.Context) (int, error)
}

// NewSource returns the library source over idx.
func NewSource(idx Searcher) *Source { return &Source{idx: idx} }

// WithCount tells the source how to count the library's records.
func (s *Source) WithCount(count func(context.Context) (int, error)) *Source {
	s.count = count
	return s
}

// EmptyLibrary is the warning of a search over a library with no record.
const EmptyLibrary = "your library is empty: import references (Library, or `deepcritical library import FILE`) for it to be searched"

// Name is domain.SourceLibrary.
func (s *Source) Name() domain.Source { return domain.SourceLibrary }

// Search runs each query over the library (at most max results per query) and returns
// the union, deduplicated by canonical key with the best relevance kept, in query order
// then rank order. Relevance is the bm25 score relative to the best hit of that query, so
// the top hit is 1 and weaker matches fall off in proportion. A failing query does not
// hide the others' results: its error is returned beside them.
func (s *Source) Search(ctx context.Context, queries []string, max int) ([]domain.Evidence, error) {
	if s == nil || s.idx == nil {
		return nil, domain.Errorf(domain.CodeUnavailable, "library: no library database is open")
	}
	if max <= 0 {
		return []domain.Evidence{}, nil
	}
	out := []domain.Evidence{}
	at := map[string]int{}
	var errs []error
	for _, q := range queries {
		if strings.TrimSpace(q) == "" {
			continue
		}
		if err := ctx.Err(); err != nil {
			errs = append(errs, fmt.Errorf("library: %w", err))
			break
		}
		recs, err := s.idx.SearchLibrary(ctx, q, max)
		if err != nil {
			errs = append(errs, fmt.Errorf("library: query %q: %w", q, err))
			continue
		}
		for i, r := range recs {
			ev := toEvidence(r, relevance(recs, i))
			key := ev.CanonicalKey()
			if key == "" {
				key = r.Key
			}
			out = search.KeepBest(out, at, key, ev)
		}
	}
	if len(out) == 0 && len(errs) == 0 && s.count != nil {
		if n, err := s.count(ctx); err == nil && n == 0 {
			return out, &search.Warning{Source: domain.SourceLibrary, Messages: []string{EmptyLibrary}}
		}
	}
	return out, errors.Join(errs...)
}

// relevance maps the i-th record's bm25 score into (0, 1] relative to the query's best
// score; when the scores carry no information (all zero) it falls back to rank order.
func relevance(recs []store.LibraryRecord, i int) float64 {
	best := recs[0].Score
	for _, r := range recs {
		if r.Score > best {
			best = r.Score
		}
	}
	if best <= 0 {
		return 1 - float64(i)/float64(len(recs)+1)
	}
	rel := recs[i].Score / best
	switch {
	case rel > 1:
		return 1
	case rel < 0.01:
		return 0.01
	}
	return rel
}

// toEvidence turns a library record into evidence of the library source; a record
// without an id of its own is named by its library row id, which `appraise
// --library-id` accepts.
func toEvidence(r store.LibraryRecord, rel float64) domain.Evidence {
	ev := r.Evidence
	ev.Citation.Source = domain.SourceLibrary
	if strings.TrimSpace(ev.Citation.ID) == "" {
		ev.Citation.ID = strconv.FormatInt(r.ID, 10)
	}
	ev.Relevance = rel
	return ev
}
