package orchestrator

import (
	"deepcritical/backend/concepts"
	"deepcritical/backend/relevance"
	"deepcritical/backend/search/querybuild"

	"context"
	"fmt"
	"regexp"
	"strconv"

	"deepcritical/backend/domain"
)

// state is a run's position in the loop. It is derived entirely from the store (the run,
// its events, evidence and assessments), never kept between calls, so a resumed run and a
// fresh one go through the same code.
type state struct {
	run         domain.Run
	evidence    []domain.Evidence
	total       int
	appraisals  map[string]domain.Appraisal
	assessments map[int]domain.StoredAssessment // the run's own (unlabelled) assessments by iteration
	// fullTexts are the stored full texts of the run's evidence, by canonical key (read
	// from the store, never only held here).
	fullTexts map[string]domain.FullText
	// fullTextAsked are the papers whose full text a "full_text" event says was asked for
	// (read or not): a resumed run does not ask again.
	fullTextAsked map[string]bool
	// prefetch holds the full-text fetches started during this process's current search
	// (nil before one): in-flight work only, whose results the store and the full_text
	// event keep.
	prefetch *prefetch

	lastIteration int
	iterQueries   map[int][]string
	searchDone    map[int]bool
	// searchFailed marks an iteration whose every source failed and which found nothing:
	// a resumed run searches it again rather than judging an outage.
	searchFailed     map[int]bool
	judgeDone        map[int]bool
	queriesRun       map[string]bool
	noProgressStreak int
	allFailedStreak  int
	// lastFailures says how every source failed in the last search that found nothing
	// (summarize), for the failed run's reason.
	lastFailures string
	verifyRounds int
	verdicts     []domain.Verdict
	// pendingQueries are the next queries a "looping" event announced for iteration
	// lastIteration+1 before the process stopped; resume starts that iteration with them
	// instead of deciding (and, after a failed verification, verifying) again.
	pendingQueries []string
	// concepts are the question's concepts with the MeSH headings learnt from the
	// evidence so far; they build every query and mark evidence on or off topic.
	// question is the run's stored parse; concepts is a copy with the MeSH headings learnt
	// from the evidence so far (rebuilt from question by markTopics, never accumulated).
	question concepts.Set
	concepts concepts.Set
	// queryHits are the hit counts sources reported per query (first attempt), so design
	// filters are proposed only for a query known to find plenty.
	queryHits map[string]int
}

// load rebuilds the state of a run from the store by replaying its events: a "searching"
// event opens an iteration with its queries, "search_complete" closes its search (with the
// streak counters of the progress and failure rules), "judge_complete" closes its judgement,
// and a "looping" event with reason "verification" counts a verification round.
func (o *Orchestrator) load(ctx context.Context, runID string) (*state, error) {
	sctx := context.WithoutCancel(ctx)
	run, err := o.d.Store.GetRun(sctx, runID)
	if err != nil {
		return nil, err
	}
	st := &state{run: run, appraisals: map[string]domain.Appraisal{}, assessments: map[int]domain.StoredAssessment{},
		fullTexts: map[string]domain.FullText{}, fullTextAsked: map[string]bool{},
		iterQueries: map[int][]string{}, searchDone: map[int]bool{}, searchFailed: map[int]bool{}, judgeDone: map[int]bool{}, queriesRun: map[string]bool{}, queryHits: map[string]int{}}
	events, err := o.d.Store.ListEvents(sctx, runID, 0)
	if err != nil {
		return nil, fmt.Errorf("load events: %w", err)
	}
	for _, e := range events {
		if err := st.replay(e); err != nil {
			return nil, err
		}
	}
	if st.evidence, err = o.d.Store.RunEvidence(sctx, runID); err != nil {
		return nil, fmt.Errorf("load evidence: %w", err)
	}
	// A question stored before concepts existed may have none: it is searched as it was
	// written (the builder then has nothing to anchor on), never refused on resume.
	st.question, _ = concepts.Of(run.Question, run.Parsed)
	st.concepts = st.question.Clone()
	st.markTopics()
	// A search whose evidence was linked but whose search_complete event was lost is
	// repeated; counting from the last recorded total keeps its new-evidence count honest.
	assessments, err := o.d.Store.ListAssessments(sctx, runID)
	if err != nil {
		return nil, fmt.Errorf("load assessments: %w", err)
	}
	for _, a := range assessments {
		if a.Label == "" {
			st.assessments[a.Iteration] = a
		}
	}
	if err := o.loadFullTexts(ctx, st); err != nil {
		return nil, err
	}
	if o.d.Appraiser != nil && len(st.evidence) > 0 && st.lastIteration > 0 {
		// Appraisals are cached by the appraiser under the text read; asking again on
		// resume, with the full texts stored so far, costs no LLM call and gives the judge
		// the same context it had.
		m, err := o.d.Appraiser.AppraiseAll(ctx, st.evidence, st.fullTexts)
		if err == nil {
			st.appraisals = m
		}
	}
	return st, nil
}

// replay applies one stored event to the loop's state, reading its typed payload.
func (st *state) replay(e domain.Event) error {
	switch e.Type {
	case domain.EventSearching:
		d, err := domain.DecodeData[domain.SearchingData](e)
		if err != nil {
			return err
		}
		st.lastIteration = max(st.lastIteration, e.Iteration)
		st.iterQueries[e.Iteration] = d.Queries
		st.pendingQueries = nil
	case domain.EventSearchComplete:
		d, err := domain.DecodeData[domain.SearchCompleteData](e)
		if err != nil {
			return err
		}
		st.searchDone[e.Iteration] = true
		st.searchFailed[e.Iteration] = d.AllFailedStreak > 0 && d.NewCount == 0
		st.noteQueriesRun(d.Queries, d.Errors)
		st.total = d.TotalCount
		st.noProgressStreak, st.allFailedStreak = d.NoProgressStreak, d.AllFailedStreak
	case domain.EventQuery:
		d, err := domain.DecodeData[domain.QueryEvent](e)
		if err != nil {
			return err
		}
		st.noteHits(d)
	case domain.EventJudgeComplete:
		st.judgeDone[e.Iteration] = true
	case domain.EventFullText:
		d, err := domain.DecodeData[domain.FullTextData](e)
		if err != nil {
			return err
		}
		for _, r := range d.Read {
			st.fullTextAsked[r.Key] = true
		}
		for _, u := range d.Unavailable {
			st.fullTextAsked[u.Key] = true
		}
	case domain.EventLooping:
		d, err := domain.DecodeData[domain.LoopingData](e)
		if err != nil {
			return err
		}
		if e.Iteration == st.lastIteration && len(d.NextQueries) > 0 {
			st.pendingQueries = d.NextQueries
		}
		if d.Reason == domain.LoopVerification {
			st.verifyRounds = max(st.verifyRounds, d.Round)
			if d.Verdict != nil {
				st.verdicts = append(st.verdicts, *d.Verdict)
			}
		}
	}
	return nil
}

// noteQueriesRun marks the queries of a search as run, except those a source failed on: a
// query a source could not answer (it was down, rate-limited, timed out) has not been run
// there, so the stop rule "every suggested search has already been run" does not count it
// and a later iteration or a resume may send it again. A failure naming queries
// (`query "…": …`, one line each, as search.PerQuery writes them) concerns those; one
// naming none concerns every query the source was sent. failures holds failures only, no
// warnings (a warning's source answered).
func (st *state) noteQueriesRun(queries []string, failures []domain.SearchError) {
	failedAt := map[string]bool{}
	for _, f := range failures {
		if f.IsWarning() {
			continue
		}
		named := false
		for _, m := range failedQuery.FindAllStringSubmatch(f.Error, -1) {
			if q, err := strconv.Unquote(m[1]); err == nil {
				failedAt[queryKey(q)], named = true, true
			}
		}
		if !named {
			return // the source failed as a whole: none of the queries has been run everywhere
		}
	}
	for _, q := range queries {
		if !failedAt[queryKey(q)] {
			st.queriesRun[queryKey(q)] = true
		}
	}
}

// failedQuery finds the queries a per-query source's failure names, one per line.
var failedQuery = regexp.MustCompile(`(?m)^(?:[a-z.]+: )?query ("(?:[^"\\]|\\.)*"): `)

// unrunQueries are the queries a resume of iteration it sends: the iteration's own, then
// those of earlier iterations that a source failed on, so a run that failed because its
// sources did not answer makes every search it could not make, not only its last one.
func (st *state) unrunQueries(it int) []string {
	out := append([]string{}, st.iterQueries[it]...)
	seen := map[string]bool{}
	for _, q := range out {
		seen[queryKey(q)] = true
	}
	for i := 1; i < it; i++ {
		for _, q := range st.iterQueries[i] {
			if k := queryKey(q); !seen[k] && !st.queriesRun[k] {
				seen[k] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// latestAssessment is the assessment of the highest iteration judged so far.
func (st *state) latestAssessment() (domain.StoredAssessment, bool) {
	best, ok := domain.StoredAssessment{}, false
	for it, a := range st.assessments {
		if !ok || it > best.Iteration {
			best, ok = a, true
		}
	}
	return best, ok
}

// followUps are the searches an assessment leads to next (none left: the loop stops).
func (st *state) followUps(a domain.StoredAssessment) []string {
	var h []string
	if a.Heuristics != nil {
		h = a.Heuristics.SuggestedQueries
	}
	return NextQueries(st.concepts, a.Assessment.NextSearchQueries, h, st.queriesRun, st.queryHits, st.run.Config.QueriesPerIteration)
}

// onTopicFullTexts are the stored full texts of the on-topic evidence: what the judge reads
// beside the abstracts.
func (st *state) onTopicFullTexts() map[string]domain.FullText {
	out := map[string]domain.FullText{}
	for _, ev := range st.evidence {
		if ev.IsOffTopic() {
			continue
		}
		if ft, ok := st.fullTexts[ev.CanonicalKey()]; ok {
			out[ev.CanonicalKey()] = ft
		}
	}
	return out
}

func (st *state) synthesisInput(allowLLM bool) SynthesisInput {
	in := SynthesisInput{Run: st.run, Evidence: st.evidence, Appraisals: st.appraisals, AllowLLM: allowLLM}
	if a, ok := st.latestAssessment(); ok {
		as := a.Assessment
		in.Assessment = &as
		in.Heuristics = a.Heuristics
	}
	return in
}

// markTopics scores the run's evidence against the question's concepts, learns MeSH
// headings from the on-topic part, and scores again with them, so a paper indexed under
// the heading but worded differently is not set aside.
func (st *state) markTopics() {
	if len(st.concepts.Concepts) == 0 || len(st.evidence) == 0 {
		return
	}
	st.concepts = st.question.Clone()
	relevance.Mark(st.concepts, st.evidence)
	if querybuild.Learn(&st.concepts, st.evidence) {
		relevance.Mark(st.concepts, st.evidence)
	}
}

// noteHits keeps the largest count any source reported for a query's first attempt.
func (st *state) noteHits(q domain.QueryEvent) {
	if q.Attempt != 1 || q.Count < 0 {
		return
	}
	k := queryKey(q.Query)
	if n, ok := st.queryHits[k]; !ok || q.Count > n {
		st.queryHits[k] = q.Count
	}
}
