package orchestrator_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
	"deepcritical/backend/verify"
)

// fakeFullTexts stands in for the full-text fetcher at the network edge: the store is real,
// Select picks the papers given a PMCID, and Fetch answers per paper.
type fakeFullTexts struct {
	s     *store.Store
	mu    sync.Mutex
	calls map[string]int
	fetch func(ctx context.Context, ev domain.Evidence) (domain.FullText, error)
}

func (f *fakeFullTexts) Stored(ctx context.Context, keys []string) (map[string]domain.FullText, error) {
	return f.s.FullTexts(ctx, keys)
}

func (f *fakeFullTexts) Select(evs []domain.Evidence) []domain.Evidence {
	var out []domain.Evidence
	for _, ev := range evs {
		if ev.Citation.PMCID != "" {
			out = append(out, ev)
		}
	}
	return out
}

func (f *fakeFullTexts) Fetch(ctx context.Context, ev domain.Evidence) (domain.FullText, error) {
	f.mu.Lock()
	f.calls[ev.CanonicalKey()]++
	f.mu.Unlock()
	ft, err := f.fetch(ctx, ev)
	if err == nil {
		ft.Key = ev.CanonicalKey()
		if err := f.s.PutFullText(context.WithoutCancel(ctx), ft); err != nil {
			return domain.FullText{}, err
		}
	}
	return ft, err
}

func (f *fakeFullTexts) Put(ctx context.Context, ft domain.FullText) error {
	return f.s.PutFullText(context.WithoutCancel(ctx), ft)
}

func (f *fakeFullTexts) Calls() map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]int{}
	for k, v := range f.calls {
		out[k] = v
	}
	return out
}

// withPMCID is paper(id) with a PMCID.
func withPMCID(id int, pmcid string) domain.Evidence {
	ev := paper(id)
	ev.Citation.PMCID = pmcid
	return ev
}

func trialText(key string) domain.FullText {
	return domain.FullText{Key: key, Source: domain.FullTextEuropePMC, SourceID: "PMC11", Sections: []domain.FullTextSection{
		{Kind: domain.SectionAbstract, Title: "Abstract", Level: 1, Text: "Metformin and cognition."},
		{Kind: domain.SectionMethods, Title: "Randomisation", Parent: "Methods", Level: 2, Text: "Allocation was concealed with sealed opaque envelopes."},
	}}
}

// appraisalLog records which papers the appraiser was given, with or without a full text.
type appraisalLog struct {
	mu       sync.Mutex
	withText map[string]bool
	seen     map[string]int
	onSeen   func(key string)
}

func (l *appraisalLog) appraiser() orchestrator.Appraiser {
	return orchestrator.AppraiserFunc(func(_ context.Context, evs []domain.Evidence, texts map[string]domain.FullText) (map[string]domain.Appraisal, error) {
		out := map[string]domain.Appraisal{}
		for _, ev := range evs {
			k := ev.CanonicalKey()
			_, full := texts[k]
			l.mu.Lock()
			l.seen[k]++
			l.withText[k] = full
			l.mu.Unlock()
			src := domain.FullTextAbstract
			if full {
				src = texts[k].Source
			}
			out[k] = domain.Appraisal{Document: domain.Document{Key: k, FullText: full, Source: src}, Weight: 0.5}
			if l.onSeen != nil {
				l.onSeen(k)
			}
		}
		return out, nil
	})
}

// TestFullTextsFetchedBesideTheOtherAppraisals: the papers with a PMCID have their full text
// fetched while the others are appraised (a paper without one never waits: the slow fetch
// below only answers once the other paper was appraised), each is appraised from what was
// read, the judge gets the full texts, and one full_text event says what was read and why
// the rest was not.
func TestFullTextsFetchedBesideTheOtherAppraisals(t *testing.T) {
	read, withheld, plain := withPMCID(1, "PMC11"), withPMCID(2, "PMC22"), paper(3)
	plainAppraised := make(chan struct{})
	var once sync.Once
	log := &appraisalLog{withText: map[string]bool{}, seen: map[string]int{}, onSeen: func(k string) {
		if k == plain.CanonicalKey() {
			once.Do(func() { close(plainAppraised) })
		}
	}}
	var judgeTexts map[string]domain.FullText
	h := newHarness(t, func(context.Context, int, []string) domain.SearchResult {
		return domain.SearchResult{Evidence: []domain.Evidence{read, withheld, plain}, SourcesSearched: []domain.Source{domain.SourcePubMed}, TotalFound: 3}
	}, func(_ context.Context, _ int, in orchestrator.JudgeInput) (domain.Assessment, error) {
		judgeTexts = in.FullTexts
		return assessment(false, "Metformin"), nil
	}, func(d *orchestrator.Deps) { d.Appraiser = log.appraiser() })
	fts := &fakeFullTexts{s: h.s, calls: map[string]int{}, fetch: func(ctx context.Context, ev domain.Evidence) (domain.FullText, error) {
		if ev.CanonicalKey() == withheld.CanonicalKey() {
			return domain.FullText{}, &domain.FullTextUnavailable{Source: domain.FullTextAbstract,
				Reason: "Europe PMC: no full text for this PMCID (HTTP 404); PMC: the publisher does not allow downloading the full text in XML form"}
		}
		select {
		case <-plainAppraised:
		case <-time.After(10 * time.Second):
			t.Error("the paper without a full text waited for another paper's fetch")
		}
		return trialText(ev.CanonicalKey()), nil
	}}
	h.o = newOrchestrator(t, h, fts, log.appraiser())

	run, err := h.o.Run(context.Background(), question, cfg(1))
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.True(t, log.withText[read.CanonicalKey()], "appraised from its full text")
	require.False(t, log.withText[withheld.CanonicalKey()], "appraised from its abstract")
	require.False(t, log.withText[plain.CanonicalKey()])
	require.Contains(t, judgeTexts, read.CanonicalKey(), "the judge reads the full text")

	events := storedEvents(t, h.s, run.ID)
	ap := ofType(events, domain.EventAppraising)
	require.Len(t, ap, 1)
	d, err := domain.DecodeData[domain.AppraisingData](ap[0])
	require.NoError(t, err)
	require.Equal(t, domain.AppraisingData{Count: 3, FullTexts: 2}, d)
	fe := ofType(events, domain.EventFullText)
	require.Len(t, fe, 1)
	fd, err := domain.DecodeData[domain.FullTextData](fe[0])
	require.NoError(t, err)
	require.Equal(t, 2, fd.Requested)
	require.Equal(t, []domain.FullTextRead{{Key: read.CanonicalKey(), Source: domain.FullTextEuropePMC, SourceID: "PMC11"}}, fd.Read)
	require.Len(t, fd.Unavailable, 1)
	require.Equal(t, withheld.CanonicalKey(), fd.Unavailable[0].Key)
	require.Contains(t, fe[0].Message, "Read 1 of 2 open-access full texts; 1 paper appraised from the abstract")
	require.Contains(t, fe[0].Message, "the publisher does not allow downloading")
}

// TestFullTextsNotAskedTwice: a later iteration and a resumed run do not ask again for a
// full text that was read (it is in the store) or that could not be read (the full_text
// event says so); the resumed run's appraisals are made from the stored text.
func TestFullTextsNotAskedTwice(t *testing.T) {
	read, withheld := withPMCID(1, "PMC11"), withPMCID(2, "PMC22")
	log := &appraisalLog{withText: map[string]bool{}, seen: map[string]int{}}
	s := openStore(t)
	crash := &crashStore{Store: s, crashAt: func(e domain.Event) bool { return e.Type == domain.EventJudging && e.Iteration == 2 }}
	fts := &fakeFullTexts{s: s, calls: map[string]int{}, fetch: func(_ context.Context, ev domain.Evidence) (domain.FullText, error) {
		if ev.CanonicalKey() == withheld.CanonicalKey() {
			return domain.FullText{}, &domain.FullTextUnavailable{Reason: "no full text for this PMCID (HTTP 404)"}
		}
		return trialText(ev.CanonicalKey()), nil
	}}
	search := func(_ context.Context, n int, _ []string) domain.SearchResult {
		return domain.SearchResult{Evidence: []domain.Evidence{read, withheld, paper(10 + n)}, SourcesSearched: []domain.Source{domain.SourcePubMed}, TotalFound: 3}
	}
	mk := func(st domain.RunStore) *orchestrator.Orchestrator {
		o, err := orchestrator.New(orchestrator.Deps{Searcher: &fakeSearcher{result: search}, Judge: &fakeJudge{assess: always(assessment(false, "Metformin"))},
			Appraiser: log.appraiser(), FullTexts: fts, Store: st, Synthesizer: runs.Synthesizer{}, Verifier: runs.Verifier{V: verify.New(verify.Options{})}}, orchestrator.Options{})
		require.NoError(t, err)
		return o
	}
	run, err := mk(crash).Run(context.Background(), question, cfg(3))
	require.Error(t, err, "the simulated crash in iteration 2")
	require.Equal(t, map[string]int{read.CanonicalKey(): 1, withheld.CanonicalKey(): 1}, fts.Calls())

	log.withText = map[string]bool{}
	done, err := mk(s).Resume(context.Background(), run.ID)
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, done.Status)
	require.Equal(t, map[string]int{read.CanonicalKey(): 1, withheld.CanonicalKey(): 1}, fts.Calls(), "nothing is fetched twice")
	require.True(t, log.withText[read.CanonicalKey()], "the resumed run reads the stored full text")
	require.False(t, log.withText[withheld.CanonicalKey()])
}

// TestNoFullTextsForALibraryOnlyRun: a run that searches neither Europe PMC nor PubMed sends
// their full-text services nothing.
func TestNoFullTextsForALibraryOnlyRun(t *testing.T) {
	log := &appraisalLog{withText: map[string]bool{}, seen: map[string]int{}}
	h := newHarness(t, func(context.Context, int, []string) domain.SearchResult {
		return domain.SearchResult{Evidence: []domain.Evidence{withPMCID(1, "PMC11")}, SourcesSearched: []domain.Source{domain.SourceLibrary}, TotalFound: 1}
	}, always(assessment(false)))
	fts := &fakeFullTexts{s: h.s, calls: map[string]int{}, fetch: func(context.Context, domain.Evidence) (domain.FullText, error) {
		t.Error("fetched for a library-only run")
		return domain.FullText{}, nil
	}}
	h.o = newOrchestrator(t, h, fts, log.appraiser())
	c := cfg(1)
	c.Sources = []domain.Source{domain.SourceLibrary}
	run, err := h.o.Run(context.Background(), question, c)
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.Empty(t, fts.Calls())
	require.Zero(t, count(storedEvents(t, h.s, run.ID), domain.EventFullText))
}

// newOrchestrator rebuilds the harness's loop with a full-text reader and an appraiser.
func newOrchestrator(t *testing.T, h *harness, fts orchestrator.FullTexts, ap orchestrator.Appraiser) *orchestrator.Orchestrator {
	t.Helper()
	o, err := orchestrator.New(orchestrator.Deps{Searcher: h.searcher, Judge: h.judge, Store: h.s, Emitter: h.emitter, Appraiser: ap, FullTexts: fts,
		Synthesizer: runs.Synthesizer{}, Verifier: runs.Verifier{V: verify.New(verify.Options{})}}, orchestrator.Options{})
	require.NoError(t, err)
	return o
}

// TestFullTextFetchStartsDuringTheSearch: a trial a source returns has its full text asked
// for before the slower sources answer (the search below only returns once that fetch has
// started), and it is fetched once, then recorded and used as any other.
func TestFullTextFetchStartsDuringTheSearch(t *testing.T) {
	trial := withPMCID(1, "PMC11")
	fetchStarted := make(chan struct{})
	var once sync.Once
	log := &appraisalLog{withText: map[string]bool{}, seen: map[string]int{}}
	h := newHarness(t, func(ctx context.Context, _ int, _ []string) domain.SearchResult {
		if fn := domain.SourceEvidenceFrom(ctx); fn != nil {
			fn(domain.SourceEuropePMC, []domain.Evidence{trial})
		}
		select { // PubMed is still searching
		case <-fetchStarted:
		case <-time.After(10 * time.Second):
			t.Error("the full text was not asked for while the search ran")
		}
		return domain.SearchResult{Evidence: []domain.Evidence{trial, paper(2)}, SourcesSearched: []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC}, TotalFound: 2}
	}, always(assessment(false)))
	fts := &fakeFullTexts{s: h.s, calls: map[string]int{}, fetch: func(context.Context, domain.Evidence) (domain.FullText, error) {
		once.Do(func() { close(fetchStarted) })
		return trialText(trial.CanonicalKey()), nil
	}}
	h.o = newOrchestrator(t, h, fts, log.appraiser())
	run, err := h.o.Run(context.Background(), question, cfg(1))
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.Equal(t, map[string]int{trial.CanonicalKey(): 1}, fts.Calls())
	require.True(t, log.withText[trial.CanonicalKey()])
	fe := ofType(storedEvents(t, h.s, run.ID), domain.EventFullText)
	require.Len(t, fe, 1)
	require.Contains(t, fe[0].Message, "Read 1 of 1")
}
