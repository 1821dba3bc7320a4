package orchestrator

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"deepcritical/backend/domain"
	"deepcritical/backend/relevance"
)

// prefetch runs the full-text fetches of one iteration, each paper once, bounded by
// Options.FullTextFetches. Fetches start while the search is still running (fromSource) or
// when the appraisal step asks (get); a fetch nobody waits for is cancelled when the
// iteration's appraisal is done (stop), so a run never waits on a full text it does not use.
type prefetch struct {
	o      *Orchestrator
	ctx    context.Context
	cancel context.CancelFunc
	slots  chan struct{}
	// concepts and known are copied from the state when the search starts (a source may
	// answer after the loop went on): the question's concepts, to tell which of a source's
	// records are on topic before the whole search is in, and the papers whose full text is
	// stored or was asked for before.
	concepts domain.ParsedQuestion
	known    map[string]bool

	mu    sync.Mutex
	calls map[string]*fetchCall
	// sealed is set once the search returned: a source answering later starts nothing.
	sealed bool
}

// fetchCall is one paper's fetch: done is closed when ft or err is set.
type fetchCall struct {
	done chan struct{}
	ft   domain.FullText
	err  error
}

// newPrefetch returns the iteration's fetcher, or nil when the run reads no full text.
func (o *Orchestrator) newPrefetch(ctx context.Context, st *state) *prefetch {
	if o.d.FullTexts == nil || !fullTextSources(st.run.Config.Sources) {
		return nil
	}
	pctx, cancel := context.WithCancel(ctx)
	known := map[string]bool{}
	for k := range st.fullTexts {
		known[k] = true
	}
	for k := range st.fullTextAsked {
		known[k] = true
	}
	return &prefetch{o: o, ctx: pctx, cancel: cancel, slots: make(chan struct{}, o.o.FullTextFetches),
		concepts: st.concepts.Clone(), known: known, calls: map[string]*fetchCall{}}
}

// seal ends the search's part: sources answering late start no fetch.
func (p *prefetch) seal() {
	if p != nil {
		p.mu.Lock()
		p.sealed = true
		p.mu.Unlock()
	}
}

// stop cancels the fetches still running.
func (p *prefetch) stop() {
	if p != nil {
		p.cancel()
	}
}

// fetchKey identifies a paper's fetch across sources: its PMCID, by which the text is
// fetched, so the same paper found by two sources is fetched once.
func fetchKey(ev domain.Evidence) string {
	if p := strings.ToUpper(strings.TrimSpace(ev.Citation.PMCID)); p != "" {
		if !strings.HasPrefix(p, "PMC") {
			p = "PMC" + p
		}
		return p
	}
	return ev.CanonicalKey()
}

// fromSource starts the fetches of the papers a source just returned that FullTexts would
// select: on topic for the question (scored on a copy; the loop scores the merged evidence
// again), without a stored full text and not asked for before.
func (p *prefetch) fromSource(_ domain.Source, evs []domain.Evidence) {
	p.mu.Lock()
	sealed := p.sealed
	p.mu.Unlock()
	if sealed || len(p.concepts.Concepts) == 0 {
		return
	}
	cp := append([]domain.Evidence(nil), evs...)
	for i := range cp {
		cp[i].Topic = nil
	}
	relevance.Mark(p.concepts, cp)
	var cands []domain.Evidence
	for _, ev := range cp {
		if ev.IsOffTopic() || p.known[ev.CanonicalKey()] {
			continue
		}
		cands = append(cands, ev)
	}
	for _, ev := range p.o.d.FullTexts.Select(cands) {
		p.start(ev, true)
	}
}

// start begins a paper's fetch unless one is under way, and returns it (nil when a source
// answered after the search returned).
func (p *prefetch) start(ev domain.Evidence, fromSource bool) *fetchCall {
	k := fetchKey(ev)
	p.mu.Lock()
	defer p.mu.Unlock()
	if c, ok := p.calls[k]; ok {
		return c
	}
	if fromSource && p.sealed {
		return nil
	}
	c := &fetchCall{done: make(chan struct{})}
	p.calls[k] = c
	go func() {
		defer close(c.done)
		select {
		case p.slots <- struct{}{}:
		case <-p.ctx.Done():
			c.err = p.ctx.Err()
			return
		}
		defer func() { <-p.slots }()
		c.ft, c.err = p.o.d.FullTexts.Fetch(p.ctx, ev)
	}()
	return c
}

// get waits for ev's full text, starting its fetch if none is under way. A text fetched for
// a source's record whose key differs from the merged record's is stored under ev's key.
func (p *prefetch) get(ctx context.Context, ev domain.Evidence) (domain.FullText, error) {
	c := p.start(ev, false)
	select {
	case <-c.done:
	case <-ctx.Done():
		return domain.FullText{}, ctx.Err()
	}
	if c.err != nil {
		return domain.FullText{}, c.err
	}
	ft := c.ft
	if key := ev.CanonicalKey(); ft.Key != key {
		ft.Key = key
		if err := p.o.d.FullTexts.Put(context.WithoutCancel(ctx), ft); err != nil {
			return domain.FullText{}, fmt.Errorf("full text read but not stored: %w", err)
		}
	}
	return ft, nil
}

// appraise appraises the iteration's new on-topic papers (off-topic evidence is never
// appraised: it feeds no score, and with an LLM appraiser it would spend most of the run's
// model time on noise). The papers FullTexts selects are appraised from their open-access
// full text as soon as it arrives — its fetch may have started during the search — and from
// their abstract when it cannot be read, while the other papers are appraised at once; no
// paper waits for a full text it does not use. What was read in full and why the rest was
// not is one "full_text" event, so the run's record says which appraisals rest on abstracts.
func (o *Orchestrator) appraise(ctx context.Context, st *state, it int) error {
	var unappraised, onTopic []domain.Evidence
	for _, ev := range st.evidence {
		if ev.IsOffTopic() {
			continue
		}
		onTopic = append(onTopic, ev)
		if _, ok := st.appraisals[ev.CanonicalKey()]; !ok {
			unappraised = append(unappraised, ev)
		}
	}
	fetch := o.toFetch(st, onTopic)
	fetching := map[string]bool{}
	for _, ev := range fetch {
		fetching[ev.CanonicalKey()] = true
	}
	var now []domain.Evidence
	for _, ev := range unappraised {
		if !fetching[ev.CanonicalKey()] {
			now = append(now, ev)
		}
	}
	if len(now)+len(fetch) == 0 {
		st.prefetch.stop()
		return nil
	}
	msg := "Appraising " + domain.Plural(len(now)+len(fetch), "paper", "papers")
	if len(fetch) > 0 {
		msg += fmt.Sprintf(" (fetching %s)", domain.Plural(len(fetch), "open-access full text", "open-access full texts"))
	}
	if err := o.event(ctx, st, domain.EventAppraising, it, msg, domain.AppraisingData{Count: len(now) + len(fetch), FullTexts: len(fetch)}); err != nil {
		return err
	}
	if len(fetch) > 0 && st.prefetch == nil {
		st.prefetch = o.newPrefetch(ctx, st) // a resumed run whose search was done before
	}

	var (
		mu       sync.Mutex
		results  = map[string]domain.Appraisal{}
		failures []error
		read     []domain.FullTextRead
		missing  []domain.FullTextUnavailable
		wg       sync.WaitGroup
	)
	keep := func(m map[string]domain.Appraisal, err error) {
		mu.Lock()
		defer mu.Unlock()
		for k, a := range m {
			results[k] = a
		}
		if err != nil {
			failures = append(failures, err)
		}
	}
	for _, ev := range fetch {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ft, err := st.prefetch.get(ctx, ev)
			if ctx.Err() != nil {
				return
			}
			key := ev.CanonicalKey()
			texts := map[string]domain.FullText{}
			mu.Lock()
			if err == nil {
				read = append(read, domain.FullTextRead{Key: key, Source: ft.Source, SourceID: ft.SourceID})
				texts[key] = ft
			} else {
				missing = append(missing, unavailable(key, err))
			}
			mu.Unlock()
			keep(o.d.Appraiser.AppraiseAll(ctx, []domain.Evidence{ev}, texts))
		}()
	}
	if len(now) > 0 {
		keep(o.d.Appraiser.AppraiseAll(ctx, now, st.fullTexts))
	}
	wg.Wait()
	st.prefetch.stop()
	if ctx.Err() != nil {
		return cancelled()
	}
	for k, a := range results {
		st.appraisals[k] = a
	}
	if len(fetch) > 0 {
		if err := o.fullTextEvent(ctx, st, it, len(fetch), read, missing); err != nil {
			return err
		}
		if err := o.loadFullTexts(ctx, st); err != nil {
			return err
		}
	}
	if err := o.appraisalFailures(ctx, st, it, results, len(now)+len(fetch)); err != nil {
		return err
	}
	if len(failures) > 0 {
		err := failures[0]
		if err := o.event(ctx, st, domain.EventError, it, "Appraisal failed: "+domain.SafeMessage(err)+" (the judge goes on without it)",
			domain.ErrorData{Phase: domain.PhaseAppraisal, Error: domain.SafeMessage(err)}); err != nil {
			return err
		}
	}
	return nil
}

// toFetch are the on-topic papers whose full text this iteration reads: those FullTexts
// selects among the ones with no stored full text that no earlier "full_text" event asked for.
func (o *Orchestrator) toFetch(st *state, onTopic []domain.Evidence) []domain.Evidence {
	if o.d.FullTexts == nil || !fullTextSources(st.run.Config.Sources) {
		return nil
	}
	var cands []domain.Evidence
	for _, ev := range onTopic {
		k := ev.CanonicalKey()
		// A text this iteration's search already fetched is stored, and still to be
		// recorded and used here.
		if _, ok := st.fullTexts[k]; (ok && !st.prefetch.started(ev)) || st.fullTextAsked[k] {
			continue
		}
		cands = append(cands, ev)
	}
	if len(cands) == 0 {
		return nil
	}
	return o.d.FullTexts.Select(cands)
}

// started reports whether this iteration started ev's fetch.
func (p *prefetch) started(ev domain.Evidence) bool {
	if p == nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.calls[fetchKey(ev)]
	return ok
}
