package pubmed

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/search/querybuild"
)

// Count-aware relaxation: esearch's Count decides what happens to a query that finds too
// little. Bounded so one query costs at most maxAttempts esearch requests.
const (
	// maxAttempts bounds the esearch requests of one query (first try + relaxations).
	maxAttempts = 3
	// narrowAbove is the Count over which a query is narrowed to trials and reviews by
	// publication type (a filter, never free-text words), keeping the unfiltered hits
	// when the filter leaves fewer than max.
	narrowAbove = 5000
)

// designFilter is PubMed's publication-type filter for the study designs that answer a
// clinical question best.
const designFilter = `(randomized controlled trial[pt] OR meta-analysis[pt] OR systematic review[pt])`

// searchQuery runs one query with count-aware relaxation: while the query finds fewer
// than max/2 hits (at least 1) and has more than one AND-group, the last group (the least
// specific concept, since the query builder puts the condition first) is dropped and the
// query tried again; a query with plenty of hits is narrowed by publication type. The ids
// of every attempt are kept, first attempt first, up to max. Every attempt is returned as
// a QueryEvent; a query that still finds nothing is reported in its last event.
func (c *Client) searchQuery(ctx context.Context, query string, max int, memo *esearchMemo) (ESearchResult, []domain.QueryEvent, error) {
	var (
		evs    []domain.QueryEvent
		merged ESearchResult
		seen   = map[string]bool{}
	)
	add := func(ids []string) {
		for _, id := range ids {
			if !seen[id] && len(merged.IDs) < max {
				seen[id] = true
				merged.IDs = append(merged.IDs, id)
			}
		}
	}
	enough := max / 2
	if enough < 1 {
		enough = 1
	}
	q, relax := query, ""
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		r, err := memo.do(q, func() (ESearchResult, error) { return c.esearch(ctx, q, max) })
		ev := domain.QueryEvent{Source: domain.SourcePubMed, Query: q, Count: r.Hits(), Attempt: attempt, Relaxation: relax}
		if err != nil {
			ev.Count = -1
			ev.Error = domain.SafeMessage(err)
			if ev.Error == "internal error" {
				ev.Error = err.Error()
			}
			evs = append(evs, ev)
			if attempt == 1 {
				return merged, evs, err
			}
			break
		}
		notes := r.notes(q)
		if strings.TrimSpace(r.Translation) == "" && ev.Count <= 0 {
			notes = append(notes, fmt.Sprintf("query %q: PubMed could not translate the query (empty QueryTranslation)", q))
		}
		ev.Error = strings.Join(notes, "; ")
		if ev.Count < 0 {
			ev.Count = len(r.IDs)
		}
		evs = append(evs, ev)
		merged.NotFound = append(merged.NotFound, r.NotFound...)
		merged.NoField = append(merged.NoField, r.NoField...)
		merged.Quoted = append(merged.Quoted, r.Quoted...)
		merged.Ignored = append(merged.Ignored, r.Ignored...)
		merged.Messages = append(merged.Messages, r.Messages...)
		if merged.Translation == "" {
			merged.Translation = r.Translation
		}
		if attempt == 1 && ev.Count > narrowAbove && !strings.Contains(strings.ToLower(q), "[pt]") {
			nq := "(" + q + ") AND " + designFilter
			nr, nerr := memo.do(nq, func() (ESearchResult, error) { return c.esearch(ctx, nq, max) })
			nev := domain.QueryEvent{Source: domain.SourcePubMed, Query: nq, Count: nr.Hits(), Attempt: 2,
				Relaxation: fmt.Sprintf("narrowed to randomized trials, meta-analyses and systematic reviews (publication type) because the query found %d papers", ev.Count)}
			if nerr != nil {
				nev.Count, nev.Error = -1, nerr.Error()
			}
			evs = append(evs, nev)
			if nerr == nil {
				add(nr.IDs)
			}
			add(r.IDs)
			return merged, evs, nil
		}
		add(r.IDs)
		if ev.Count >= enough || attempt == maxAttempts {
			break
		}
		next, what := relaxOnce(q, attempt, ev.Count)
		if next == "" || querybuild.Key(next) == querybuild.Key(q) {
			break
		}
		why := "no hits"
		if ev.Count > 0 {
			why = fmt.Sprintf("only %d hits", ev.Count)
		}
		q, relax = next, fmt.Sprintf("%s (%s)", what, why)
	}
	if len(evs) > 0 && len(merged.IDs) == 0 {
		last := &evs[len(evs)-1]
		if last.Error == "" {
			last.Error = "no paper found, even after relaxing the query"
		}
	}
	return merged, evs, nil
}

func joinGroups(gs []string) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = g
		if n, err := querybuild.Parse(g); err == nil && n.Op != querybuild.OpTerm {
			parts[i] = "(" + g + ")"
		}
	}
	return strings.Join(parts, " AND ")
}

// relaxOnce returns the next, broader form of a query that found too little, and what was
// done in plain words; "" when nothing is left to relax. A query of several AND-groups
// loses its last group (the least specific concept); after a drop that still found
// nothing, or when one group is left, its words are ORed instead of ANDed so Best Match
// ranks the papers that use most of them first.
func relaxOnce(q string, attempt, count int) (string, string) {
	groups, err := querybuild.Groups(q)
	if err != nil {
		return "", ""
	}
	if len(groups) >= 3 && count == 0 {
		// Nothing at all: one word of the extra concepts is missing from every paper; keep
		// the first two concepts (the condition and the next most important).
		dropped := groups[2:]
		return joinGroups(groups[:2]), fmt.Sprintf("dropped the least specific concepts %s", quoteAll(dropped))
	}
	if len(groups) >= 2 && !(count == 0 && attempt >= 2) {
		return joinGroups(groups[:len(groups)-1]), fmt.Sprintf("dropped the least specific concept %q", groups[len(groups)-1])
	}
	n, err := querybuild.Parse(q)
	if err != nil {
		return "", ""
	}
	var words []string
	seen := map[string]bool{}
	for _, t := range n.Terms() {
		if t.Field == "pt" || t.Field == "sh" {
			continue
		}
		for _, w := range strings.Fields(t.Text) {
			lw := strings.ToLower(w)
			if !seen[lw] && !concepts.Drop(lw) {
				seen[lw] = true
				words = append(words, w)
			}
		}
	}
	if len(words) < 2 {
		return "", ""
	}
	return strings.Join(words, " OR "), "ORed the words instead of ANDing them"
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

// esearchMemo shares esearch results between the queries of one Search call: two queries
// relaxed to the same form (or ORed to the same words) cost one request, not two.
type esearchMemo struct {
	mu sync.Mutex
	m  map[string]*memoEntry
}

type memoEntry struct {
	once sync.Once
	r    ESearchResult
	err  error
}

func (m *esearchMemo) do(q string, f func() (ESearchResult, error)) (ESearchResult, error) {
	if m == nil {
		return f()
	}
	m.mu.Lock()
	if m.m == nil {
		m.m = map[string]*memoEntry{}
	}
	k := strings.Join(strings.Fields(q), " ")
	e, ok := m.m[k]
	if !ok {
		e = &memoEntry{}
		m.m[k] = e
	}
	m.mu.Unlock()
	e.once.Do(func() { e.r, e.err = f() })
	return e.r, e.err
}
