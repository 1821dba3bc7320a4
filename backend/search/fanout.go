package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"deepcritical/backend/domain"
)

// DefaultSourceTimeout is the per-source time limit when FanoutOptions.Timeout is zero
// (RunConfig's search_timeout_s default).
const DefaultSourceTimeout = 30 * time.Second

// HungProbeTimeout is how long a source that already timed out in this Fanout's life (one
// run) is waited on in later searches: long enough for a recovered source to answer, short
// enough that a hanging one costs its full timeout once per run, not once per iteration.
const HungProbeTimeout = time.Second

// FanoutOptions configure a Fanout.
type FanoutOptions struct {
	// Timeout bounds each source on its own, so one slow source never holds up the
	// others past it.
	Timeout time.Duration
	// ProbeTimeout bounds a source that already timed out in this Fanout's life
	// (HungProbeTimeout when zero).
	ProbeTimeout time.Duration
}

// Fanout runs a search over several sources at once and merges what they find.
type Fanout struct {
	sources map[domain.Source]Source
	order   []domain.Source
	timeout time.Duration
	probe   time.Duration

	mu sync.Mutex
	// hung are the sources that timed out in an earlier search of this Fanout; the engine
	// builds one Fanout per run, so this is the run's per-source breaker.
	hung map[domain.Source]bool
}

// NewFanout registers the configured sources; their order is the order results are listed
// in when relevance ties, and the order used when no source is named. A later source with
// the same name replaces an earlier one; nil sources are ignored.
func NewFanout(sources []Source, opts FanoutOptions) *Fanout {
	f := &Fanout{sources: map[domain.Source]Source{}, timeout: opts.Timeout, hung: map[domain.Source]bool{}}
	if f.timeout <= 0 {
		f.timeout = DefaultSourceTimeout
	}
	f.probe = min(cmp.Or(opts.ProbeTimeout, HungProbeTimeout), f.timeout)
	for _, s := range sources {
		if s == nil {
			continue
		}
		name := s.Name()
		if _, dup := f.sources[name]; !dup {
			f.order = append(f.order, name)
		}
		f.sources[name] = s
	}
	return f
}

// Sources lists the configured source names in order.
func (f *Fanout) Sources() []domain.Source {
	return append([]domain.Source(nil), f.order...)
}

// outcome is what one source produced.
type outcome struct {
	source   domain.Source
	evidence []domain.Evidence
	err      error
	took     time.Duration
	timedOut bool
}

// Run searches the enabled sources concurrently (nil or empty enabled means every
// configured source), each with all queries, at most maxPerSource results per query and
// its own timeout. It never fails as a whole: a source that errors, times out, panics or is
// not configured becomes an entry in Errors beside the others' evidence. Source warnings
// (e.g. PubMed's PhraseNotFound) are also entries in Errors, marked Warning (domain.SearchWarning).
//
// Evidence is deduplicated across sources by identifier (PMID, DOI, NCT id, PMCID, else the
// normalised URL), merging the richer metadata of each copy, and ranked stably: relevance
// descending, then source order, then canonical key.
func (f *Fanout) Run(ctx context.Context, queries []string, enabled []domain.Source, maxPerSource int) domain.SearchResult {
	res := domain.SearchResult{
		Query:           strings.Join(trimmed(queries), " | "),
		Evidence:        []domain.Evidence{},
		SourcesSearched: []domain.Source{},
		Errors:          []domain.SearchError{},
	}
	if len(enabled) == 0 {
		enabled = f.order
	}
	var run []Source
	seen := map[domain.Source]bool{}
	for _, name := range enabled {
		if seen[name] {
			continue
		}
		seen[name] = true
		s, ok := f.sources[name]
		switch {
		case !name.Valid():
			res.Errors = append(res.Errors, domain.SearchError{Source: name, Error: fmt.Sprintf("unknown source %q", string(name))})
		case !ok:
			res.Errors = append(res.Errors, domain.SearchError{Source: name, Error: string(name) + ": source not configured"})
		default:
			run = append(run, s)
			res.SourcesSearched = append(res.SourcesSearched, name)
		}
	}
	if len(trimmed(queries)) == 0 {
		for _, s := range run {
			res.Errors = append(res.Errors, domain.SearchError{Source: s.Name(), Error: string(s.Name()) + ": no query given"})
		}
		res.SourcesSearched = []domain.Source{}
		return res
	}

	qlog := &queryLog{}
	ctx = WithQueryRecorder(ctx, qlog.add)
	results := make([]chan outcome, len(run))
	limits := make([]time.Duration, len(run))
	f.mu.Lock()
	for i, s := range run {
		limits[i] = f.timeout
		if f.hung[s.Name()] {
			limits[i] = f.probe
		}
	}
	f.mu.Unlock()
	for i, s := range run {
		results[i] = make(chan outcome, 1)
		go f.runOne(ctx, s, queries, maxPerSource, limits[i], results[i])
	}
	outcomes := make([]outcome, len(run))
	for i, s := range run {
		outcomes[i] = f.await(ctx, s.Name(), limits[i], results[i])
	}
	f.mu.Lock()
	for i, o := range outcomes {
		switch {
		case o.timedOut && limits[i] < f.timeout:
			o.err = fmt.Errorf("%s: not answering (it timed out after %s earlier in this run; probed for %s this time)", o.source, f.timeout, limits[i])
			outcomes[i] = o
		case o.timedOut:
			f.hung[o.source] = true
		default:
			delete(f.hung, o.source) // it answered: wait the full time again
		}
	}
	f.mu.Unlock()

	rank := map[domain.Source]int{}
	for i, name := range f.order {
		rank[name] = i
	}
	m := newMerger()
	for _, o := range outcomes {
		slog.Debug("search source done", "source", string(o.source), "results", len(o.evidence), "took", o.took, "error", o.err != nil)
		dropped := 0
		for _, ev := range o.evidence {
			ev.Citation.Source = o.source
			ev.Relevance = clamp01(ev.Relevance)
			if ev.Validate() != nil || ev.CanonicalKey() == "" {
				dropped++
				continue
			}
			m.add(ev)
		}
		warnings, failure := Split(o.err)
		for _, w := range warnings {
			res.Errors = append(res.Errors, domain.SearchWarning(o.source, w))
		}
		if dropped > 0 {
			res.Errors = append(res.Errors, domain.SearchWarning(o.source, fmt.Sprintf("%d records without title or text were dropped", dropped)))
		}
		if failure != nil {
			res.Errors = append(res.Errors, domain.SearchError{Source: o.source, Error: failure.Error()})
		}
	}
	res.Evidence = m.ranked(rank)
	res.TotalFound = len(res.Evidence)
	res.Queries = qlog.list()
	sort.SliceStable(res.Queries, func(i, j int) bool { return rank[res.Queries[i].Source] < rank[res.Queries[j].Source] })
	return res
}

// runOne calls one source with its own deadline and turns a panic into an error.
func (f *Fanout) runOne(parent context.Context, s Source, queries []string, max int, limit time.Duration, out chan<- outcome) {
	start := time.Now()
	name := s.Name()
	ctx, cancel := context.WithTimeout(parent, limit)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			slog.Error("search source panicked", "source", string(name), "panic", fmt.Sprint(p))
			out <- outcome{source: name, err: fmt.Errorf("%s: internal error in the source", name), took: time.Since(start)}
		}
	}()
	ev, err := s.Search(ctx, queries, max)
	timedOut := err != nil && parent.Err() == nil && errors.Is(ctx.Err(), context.DeadlineExceeded)
	took := time.Since(start)
	if fn := domain.SourceDoneFrom(parent); fn != nil {
		_, failure := Split(err)
		fn(name, len(ev), failure, took)
	}
	if fn := domain.SourceEvidenceFrom(parent); fn != nil && len(ev) > 0 {
		fn(name, ev)
	}
	out <- outcome{source: name, evidence: ev, err: err, took: took, timedOut: timedOut}
}

// await waits for a source, but no longer than its timeout plus a grace period, so a
// source that ignores its context cannot hold the whole search.
func (f *Fanout) await(ctx context.Context, name domain.Source, limit time.Duration, ch <-chan outcome) outcome {
	grace := time.NewTimer(limit + limit/10 + 100*time.Millisecond)
	defer grace.Stop()
	select {
	case o := <-ch:
		return o
	case <-grace.C:
		return outcome{source: name, err: fmt.Errorf("%s: timed out after %s", name, limit), timedOut: true}
	case <-ctx.Done():
		select {
		case o := <-ch:
			return o
		case <-time.After(100 * time.Millisecond):
			return outcome{source: name, err: fmt.Errorf("%s: search cancelled", name)}
		}
	}
}

func trimmed(qs []string) []string {
	out := make([]string, 0, len(qs))
	for _, q := range qs {
		if q = strings.TrimSpace(q); q != "" {
			out = append(out, q)
		}
	}
	return out
}

func clamp01(x float64) float64 {
	switch {
	case x != x || x < 0:
		return 0
	case x > 1:
		return 1
	}
	return x
}

// merger deduplicates evidence. Every strong identifier of a record (PMID, DOI, NCT id,
// PMCID) points at its merged entry, so a Europe PMC preprint known by DOI and the PubMed
// record carrying the same DOI become one entry even though their canonical keys differ.
type merger struct {
	items []domain.Evidence
	byID  map[string]int
}

func newMerger() *merger { return &merger{byID: map[string]int{}} }

// identifiers lists the keys a record can be matched by.
func identifiers(c domain.Citation) []string {
	if ids := c.Identifiers(); len(ids) > 0 {
		return ids
	}
	// A record with no identifier at all shares the empty key with the others that have none.
	return []string{""}
}

func (m *merger) add(ev domain.Evidence) {
	ids := identifiers(ev.Citation)
	for _, id := range ids {
		if i, ok := m.byID[id]; ok {
			m.items[i] = Merge(m.items[i], ev)
			for _, id := range identifiers(m.items[i].Citation) {
				if _, taken := m.byID[id]; !taken {
					m.byID[id] = i
				}
			}
			return
		}
	}
	m.items = append(m.items, ev)
	for _, id := range ids {
		m.byID[id] = len(m.items) - 1
	}
}

// ranked sorts by relevance, then source order, then canonical key.
func (m *merger) ranked(rank map[domain.Source]int) []domain.Evidence {
	out := append([]domain.Evidence{}, m.items...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Relevance != b.Relevance {
			return a.Relevance > b.Relevance
		}
		if ra, rb := rank[a.Citation.Source], rank[b.Citation.Source]; ra != rb {
			return ra < rb
		}
		return a.CanonicalKey() < b.CanonicalKey()
	})
	return out
}

// Merge combines two copies of the same work found by different sources (the first is
// the earlier source, whose source, id and URL are kept); it is domain.MergeEvidence, the
// same rule the store applies when a stored paper is found again.
func Merge(a, b domain.Evidence) domain.Evidence { return domain.MergeEvidence(a, b) }
