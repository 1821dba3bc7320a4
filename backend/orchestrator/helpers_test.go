package orchestrator_test

import (
	"bytes"
	"deepcritical/backend/concepts"
	"deepcritical/backend/search/querybuild"

	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
	"deepcritical/backend/verify"
)

const question = "What drugs could be repurposed for Alzheimer's disease?"

func openStore(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "deepcritical.db"))
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// paper is a PubMed record about metformin and Alzheimer's disease, distinct per id.
func paper(id int) domain.Evidence {
	return domain.Evidence{
		Content: fmt.Sprintf("Study %d: metformin use was associated with slower cognitive decline in patients at risk of Alzheimer's disease.", id),
		Citation: domain.Citation{Source: domain.SourcePubMed, ID: fmt.Sprint(id), PMID: fmt.Sprint(30000000 + id),
			Title: fmt.Sprintf("Metformin and Alzheimer's disease risk: cohort %d", id), URL: fmt.Sprintf("https://pubmed.ncbi.nlm.nih.gov/%d/", 30000000+id),
			Date: "2021-05-01", Authors: []string{"Smith J"}, Journal: "J Alzheimers Dis", Chemicals: []string{"Metformin"}},
		Relevance: 0.8,
	}
}

// fakeSearcher replays evidence per call and counts calls; it is the network edge's stand-in.
type fakeSearcher struct {
	mu      sync.Mutex
	calls   int
	queries [][]string
	// result returns the result of the n-th call (1-based).
	result func(ctx context.Context, n int, queries []string) domain.SearchResult
}

func (f *fakeSearcher) Run(ctx context.Context, queries []string, sources []domain.Source, max int) domain.SearchResult {
	f.mu.Lock()
	f.calls++
	n := f.calls
	f.queries = append(f.queries, queries)
	f.mu.Unlock()
	return f.result(ctx, n, queries)
}

func (f *fakeSearcher) Calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

// newPapers returns k new papers per call.
func newPapers(k int) func(context.Context, int, []string) domain.SearchResult {
	return func(_ context.Context, n int, q []string) domain.SearchResult {
		var ev []domain.Evidence
		for i := 0; i < k; i++ {
			ev = append(ev, paper(n*100+i))
		}
		return domain.SearchResult{Evidence: ev, SourcesSearched: []domain.Source{domain.SourcePubMed}, TotalFound: k}
	}
}

// samePapers returns the same paper on every call.
func samePapers(context.Context, int, []string) domain.SearchResult {
	return domain.SearchResult{Evidence: []domain.Evidence{paper(1)}, SourcesSearched: []domain.Source{domain.SourcePubMed}, TotalFound: 1}
}

func assessment(sufficient bool, candidates ...string) domain.Assessment {
	rec := domain.RecommendContinue
	if sufficient {
		rec = domain.RecommendSynthesize
	}
	return domain.Assessment{
		Details: domain.AssessmentDetails{MechanismScore: 6, MechanismReasoning: "Metformin improves insulin signalling in the brain.",
			ClinicalEvidenceScore: 6, ClinicalReasoning: "Cohort studies report slower cognitive decline [1].",
			DrugCandidates: candidates, KeyFindings: []string{"Metformin use was associated with slower cognitive decline"}},
		Sufficient: sufficient, Confidence: 0.7, Recommendation: rec, NextSearchQueries: []string{"metformin alzheimer cohort"},
		Reasoning: "Assessment of the metformin evidence for Alzheimer's disease so far.",
		Judge:     domain.JudgeInfo{Provider: domain.ProviderOffline, Model: "fake-judge", Kind: domain.JudgeKindOffline},
	}
}

// fakeJudge returns an assessment per call and counts calls.
type fakeJudge struct {
	calls    atomic.Int32
	assess   func(ctx context.Context, n int, in orchestrator.JudgeInput) (domain.Assessment, error)
	evidence []int // evidence count seen per call
	mu       sync.Mutex
}

func (f *fakeJudge) Assess(ctx context.Context, in orchestrator.JudgeInput) (domain.Assessment, domain.Heuristics, error) {
	n := int(f.calls.Add(1))
	f.mu.Lock()
	f.evidence = append(f.evidence, len(in.Evidence))
	f.mu.Unlock()
	a, err := f.assess(ctx, n, in)
	return a, domain.Heuristics{FinalScore: 50, SuggestedQueries: []string{"heuristic " + drugWord(n+10)}}, err
}

// drugWords give the fake judge a distinct follow-up per call ("next donepezil"): numbers
// carry no search value and are dropped by the query builder.
var drugWords = []string{"donepezil", "memantine", "rivastigmine", "galantamine", "lecanemab", "aducanumab", "metformin",
	"liraglutide", "semaglutide", "insulin", "statin", "lithium", "exenatide", "pioglitazone", "ibuprofen", "naproxen",
	"curcumin", "resveratrol", "melatonin", "minocycline", "doxycycline", "sildenafil", "tadalafil", "bexarotene"}

func drugWord(n int) string { return drugWords[n%len(drugWords)] }

// nextQuery is the query the loop sends for the fake judge's follow-up of call n.
func nextQuery(n int) string {
	set, err := concepts.Extract(question)
	if err != nil {
		panic(err)
	}
	return querybuild.FollowUp(set, "next "+drugWord(n))
}

func always(a domain.Assessment) func(context.Context, int, orchestrator.JudgeInput) (domain.Assessment, error) {
	return func(_ context.Context, n int, _ orchestrator.JudgeInput) (domain.Assessment, error) {
		a.NextSearchQueries = []string{"next " + drugWord(n)}
		return a, nil
	}
}

// storeCheckingEmitter fails the test if an event reaches it before it is in the store.
type storeCheckingEmitter struct {
	t      testing.TB
	s      *store.Store
	mu     sync.Mutex
	events []domain.Event
}

func (e *storeCheckingEmitter) Emit(ev domain.Event) {
	stored, err := e.s.ListEvents(context.Background(), ev.RunID, ev.Seq-1)
	if err != nil || len(stored) == 0 || stored[0].Seq != ev.Seq || stored[0].Type != ev.Type {
		e.t.Errorf("event %d (%s) emitted before it was stored (err %v)", ev.Seq, ev.Type, err)
	}
	e.mu.Lock()
	e.events = append(e.events, ev)
	e.mu.Unlock()
}

func (e *storeCheckingEmitter) Events() []domain.Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]domain.Event(nil), e.events...)
}

type harness struct {
	t        *testing.T
	s        *store.Store
	searcher *fakeSearcher
	judge    *fakeJudge
	emitter  *storeCheckingEmitter
	o        *orchestrator.Orchestrator
}

func newHarness(t *testing.T, search func(context.Context, int, []string) domain.SearchResult,
	judge func(context.Context, int, orchestrator.JudgeInput) (domain.Assessment, error), mod ...func(*orchestrator.Deps)) *harness {
	s := openStore(t)
	h := &harness{t: t, s: s, searcher: &fakeSearcher{result: search}, judge: &fakeJudge{assess: judge}, emitter: &storeCheckingEmitter{t: t, s: s}}
	deps := orchestrator.Deps{Searcher: h.searcher, Judge: h.judge, Store: s, Emitter: h.emitter,
		Synthesizer: runs.Synthesizer{}, Verifier: runs.Verifier{V: verify.New(verify.Options{})}}
	for _, m := range mod {
		m(&deps)
	}
	o, err := orchestrator.New(deps, orchestrator.Options{})
	require.NoError(t, err)
	h.o = o
	return h
}

func cfg(maxIter int) domain.RunConfig {
	c := domain.DefaultRunConfig()
	c.MaxIterations = maxIter
	return c
}

func types(events []domain.Event) []domain.EventType {
	out := make([]domain.EventType, len(events))
	for i, e := range events {
		out[i] = e.Type
	}
	return out
}

func count(events []domain.Event, t domain.EventType) int {
	n := 0
	for _, e := range events {
		if e.Type == t {
			n++
		}
	}
	return n
}

func ofType(events []domain.Event, t domain.EventType) []domain.Event {
	var out []domain.Event
	for _, e := range events {
		if e.Type == t {
			out = append(out, e)
		}
	}
	return out
}

func data(t testing.TB, e domain.Event) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(e.Data, &m))
	return m
}

func storedEvents(t testing.TB, s *store.Store, runID string) []domain.Event {
	t.Helper()
	ev, err := s.ListEvents(context.Background(), runID, 0)
	require.NoError(t, err)
	requireTypedPayloads(t, ev)
	return ev
}

// requireTypedPayloads checks every stored event's data decodes into its type's payload
// struct with no key left over: the payload structs describe exactly what is written.
func requireTypedPayloads(t testing.TB, events []domain.Event) {
	t.Helper()
	for _, e := range events {
		mk, ok := domain.EventPayloads[e.Type]
		require.True(t, ok, "event %d has type %q without a payload struct", e.Seq, e.Type)
		require.NotEmpty(t, e.Data, "event %d (%s) has no payload", e.Seq, e.Type)
		dec := json.NewDecoder(bytes.NewReader(e.Data))
		dec.DisallowUnknownFields()
		require.NoError(t, dec.Decode(mk()), "event %d (%s): %s", e.Seq, e.Type, e.Data)
	}
}

// crashStore wraps the real store and, once dead, fails every call like a process that lost
// its disk: it simulates a crash at a precise step without killing the test process.
type crashStore struct {
	*store.Store
	dead    atomic.Bool
	crashAt func(e domain.Event) bool
}

var errCrashed = errors.New("simulated crash")

func (c *crashStore) AppendEvent(ctx context.Context, e domain.Event) (domain.Event, error) {
	if c.dead.Load() || (c.crashAt != nil && c.crashAt(e)) {
		c.dead.Store(true)
		return domain.Event{}, errCrashed
	}
	return c.Store.AppendEvent(ctx, e)
}

func (c *crashStore) SaveAssessment(ctx context.Context, a domain.StoredAssessment) error {
	if c.dead.Load() {
		return errCrashed
	}
	return c.Store.SaveAssessment(ctx, a)
}

func (c *crashStore) UpdateRun(ctx context.Context, r domain.Run) error {
	if c.dead.Load() {
		return errCrashed
	}
	return c.Store.UpdateRun(ctx, r)
}

func (c *crashStore) SaveReport(ctx context.Context, r domain.StoredReport) error {
	if c.dead.Load() {
		return errCrashed
	}
	return c.Store.SaveReport(ctx, r)
}

func (c *crashStore) UpsertEvidence(ctx context.Context, evs []domain.Evidence) ([]string, error) {
	if c.dead.Load() {
		return nil, errCrashed
	}
	return c.Store.UpsertEvidence(ctx, evs)
}

// startAsync creates a run and executes it in a goroutine, as runs.Runner does without the
// lease; done receives the final run and is then closed.
func startAsync(ctx context.Context, o *orchestrator.Orchestrator, question string, cfg domain.RunConfig) (string, <-chan domain.Run, error) {
	run, err := o.Create(ctx, question, cfg)
	if err != nil {
		return "", nil, err
	}
	done := make(chan domain.Run, 1)
	go func() {
		defer close(done)
		final, _ := o.Execute(ctx, run.ID)
		done <- final
	}()
	return run.ID, done, nil
}
