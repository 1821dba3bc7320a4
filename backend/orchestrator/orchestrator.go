package orchestrator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/search/querybuild"
)

// Stop reasons recorded on Run.StopReason (domain holds them); a failure is "failed: <reason>".
const (
	StopSufficient       = domain.StopSufficient
	StopMaxIterations    = domain.StopMaxIterations
	StopNoProgress       = domain.StopNoProgress
	StopQueriesExhausted = domain.StopQueriesExhausted
	StopCancelled        = domain.StopCancelled
	stopFailedPrefix     = "failed: "
)

// Options tune the loop.
type Options struct {
	// MaxVerifyRounds bounds how many times a failed verification sends the loop back to
	// search (default 2; a negative value disables the extra rounds).
	MaxVerifyRounds int
	// Judge describes the judge that will run; it is recorded on the run when it starts so
	// history shows it before the first assessment.
	Judge domain.JudgeInfo
	// FinalizeTimeout bounds the writes made after a cancellation (partial report, status).
	FinalizeTimeout time.Duration
	// SearchGrace is added to the run's search_timeout_s as an outer bound on one search call,
	// so a searcher that ignores its own timeouts cannot hang the run (default 10 s).
	SearchGrace time.Duration
	// FullTextFetches bounds the full-text fetches in flight (default 4); the sources' rate
	// limiters space the requests themselves.
	FullTextFetches int
	Logger          *slog.Logger
}

// Orchestrator runs research loops. It holds no per-run state: every run's state lives in
// the store, which is what makes Resume possible. It is safe for concurrent runs.
type Orchestrator struct {
	d Deps
	o Options
}

// New checks the required collaborators and applies defaults.
func New(d Deps, o Options) (*Orchestrator, error) {
	switch {
	case d.Searcher == nil:
		return nil, errors.New("orchestrator: Searcher is required")
	case d.Judge == nil:
		return nil, errors.New("orchestrator: Judge is required")
	case d.Store == nil:
		return nil, errors.New("orchestrator: Store is required")
	case d.Synthesizer == nil:
		return nil, errors.New("orchestrator: Synthesizer is required")
	}
	if d.Clock == nil {
		d.Clock = time.Now
	}
	if d.Emitter == nil {
		d.Emitter = EmitterFunc(func(domain.Event) {})
	}
	if o.MaxVerifyRounds == 0 {
		o.MaxVerifyRounds = 2
	} else if o.MaxVerifyRounds < 0 {
		o.MaxVerifyRounds = 0
	}
	if o.FinalizeTimeout <= 0 {
		o.FinalizeTimeout = 15 * time.Second
	}
	if o.SearchGrace <= 0 {
		o.SearchGrace = 10 * time.Second
	}
	if o.FullTextFetches <= 0 {
		o.FullTextFetches = 4
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Orchestrator{d: d, o: o}, nil
}

// Create validates the question and config, stores a new running run and its "started"
// event, and returns the run. It returns quickly (no search), so the caller has the run id
// at once.
func (o *Orchestrator) Create(ctx context.Context, question string, cfg domain.RunConfig) (domain.Run, error) {
	if pq, ok := domain.QuestionFrom(ctx); ok {
		// The user corrected the parse before starting (runs.Researcher puts it here).
		return o.CreateParsed(ctx, question, cfg, &pq)
	}
	return o.CreateParsed(ctx, question, cfg, nil)
}

// CreateParsed is Create with the question's parse as the user corrected it (nil: parse
// it). The question is parsed here, once; the parse is stored with the run and every later
// step reads it.
func (o *Orchestrator) CreateParsed(ctx context.Context, question string, cfg domain.RunConfig, corrected *domain.ParsedQuestion) (domain.Run, error) {
	q, err := domain.ValidateQuestion(question)
	if err != nil {
		return domain.Run{}, err
	}
	// A question with nothing to search for is refused before any request, in one line.
	parsed, err := concepts.Extract(q)
	if err != nil {
		return domain.Run{}, err
	}
	if corrected != nil && len(corrected.Concepts) > 0 {
		parsed = corrected.Clone()
		parsed.Question = q
	}
	if len(cfg.Sources) == 0 {
		cfg.Sources = domain.DefaultRunConfig().Sources
	}
	if err := cfg.Validate(); err != nil {
		return domain.Run{}, err
	}
	now := o.d.Clock().UTC()
	run := domain.Run{ID: o.d.Store.NewRunID(), Question: q, Config: cfg, Status: domain.RunRunning, Judge: o.o.Judge,
		CreatedAt: now, UpdatedAt: now, Parsed: &parsed}
	if run.Judge.Provider == "" && cfg.Judge != "" {
		run.Judge.Provider = cfg.Judge
		run.Judge.Model = cfg.Model
	}
	sctx := context.WithoutCancel(ctx)
	if err := o.d.Store.CreateRun(sctx, run); err != nil {
		return domain.Run{}, fmt.Errorf("create run: %w", err)
	}
	st := &state{run: run}
	if err := o.event(ctx, st, domain.EventStarted, 0, "Starting research: "+q+" ("+parsed.Summary()+")", domain.StartedData{Question: q, Config: &cfg, Judge: &run.Judge, Parsed: &parsed}); err != nil {
		return domain.Run{}, err
	}
	return run, nil
}

// Run creates and executes a run in the calling goroutine. Applications go through
// runs.Runner, which owns run goroutines and leases; Run serves tests and benchmarks.
func (o *Orchestrator) Run(ctx context.Context, question string, cfg domain.RunConfig) (domain.Run, error) {
	run, err := o.Create(ctx, question, cfg)
	if err != nil {
		return domain.Run{}, err
	}
	return o.Execute(ctx, run.ID)
}

// Resume continues a run that did not finish (interrupted by a crash, left running,
// cancelled, or failed) from its last completed step: finished searches and judge calls are
// not repeated. A complete run cannot be resumed.
func (o *Orchestrator) Resume(ctx context.Context, runID string) (domain.Run, error) {
	run, err := o.d.Store.GetRun(context.WithoutCancel(ctx), runID)
	if err != nil {
		return domain.Run{}, err
	}
	if run.Status == domain.RunComplete {
		return run, domain.Errorf(domain.CodeInvalid, "run %s is already complete: nothing to resume", runID)
	}
	run.Status, run.StopReason, run.Error, run.FinishedAt = domain.RunRunning, "", "", nil
	run.UpdatedAt = o.d.Clock().UTC()
	if err := o.d.Store.UpdateRun(context.WithoutCancel(ctx), run); err != nil {
		return run, fmt.Errorf("resume run: %w", err)
	}
	st := &state{run: run}
	if err := o.event(ctx, st, domain.EventStarted, 0, "Resuming research: "+run.Question, domain.StartedData{Resumed: true}); err != nil {
		return run, err
	}
	return o.Execute(ctx, runID)
}

// Execute runs (or continues) the loop of a stored run until it completes, fails or is
// cancelled, and returns the final run. The error is non-nil only when the store itself
// fails; a failed or cancelled run is a normal outcome reported in the run's status.
func (o *Orchestrator) Execute(ctx context.Context, runID string) (domain.Run, error) {
	ctx = domain.WithRunID(ctx, runID) // every LLM call of the run is recorded with its id
	st, err := o.load(ctx, runID)
	if err != nil {
		return domain.Run{}, err
	}
	// A search the loop did not appraise after (no progress, a failure) may have left
	// full-text fetches running: they end with the run.
	defer func() { st.prefetch.stop() }()
	run, err := o.loop(ctx, st)
	if err != nil {
		if lost := takenOver(ctx, st.run.ID, err); lost != nil {
			// Another process executes the run now: no partial report, status or event is
			// written for a cancellation that is not the run's (the store would refuse them).
			return st.run, lost
		}
		var stop *stopErr
		if errors.As(err, &stop) {
			return o.finishEarly(ctx, st, stop)
		}
		return o.abort(ctx, st, err)
	}
	return run, nil
}

// takenOver returns the error of an execution that lost its run to another process (the
// runner cancelled it with domain.ErrTakenOver, or the store refused a write for it), nil
// otherwise.
func takenOver(ctx context.Context, runID string, err error) error {
	if errors.Is(err, domain.ErrTakenOver) {
		return err
	}
	if errors.Is(context.Cause(ctx), domain.ErrTakenOver) {
		return domain.TakenOver(runID)
	}
	return nil
}

// stopErr ends the loop early: cancellation or a failure the run cannot recover from.
type stopErr struct {
	cancelled bool
	reason    string
}

func (e *stopErr) Error() string {
	if e.cancelled {
		return "cancelled"
	}
	return e.reason
}

func cancelled() error { return &stopErr{cancelled: true} }

func failed(format string, args ...any) error {
	return &stopErr{reason: fmt.Sprintf(format, args...)}
}

func (o *Orchestrator) loop(ctx context.Context, st *state) (domain.Run, error) {
	cfg := st.run.Config
	it := st.lastIteration
	var queries []string
	switch {
	case it == 0:
		it = 1
		queries = querybuild.Initial(st.concepts, cfg.QueriesPerIteration)
		if len(queries) == 0 {
			queries = []string{st.run.Question}
		}
	case !st.searchDone[it]:
		queries = st.iterQueries[it]
	case st.searchFailed[it]:
		// Every source failed in the iteration the run stopped in: a resume repeats its
		// search (the outage may be over) instead of judging nothing, and judges what it
		// finds (a verdict on the failed search, when one was stored, judged nothing). The
		// failed attempt leaves the streaks, so sources that still fail end the run failed
		// again.
		queries = st.unrunQueries(it)
		st.searchDone[it], st.judgeDone[it] = false, false
		delete(st.assessments, it) // judged again, and stored over
		st.allFailedStreak = max(st.allFailedStreak-1, 0)
		st.noProgressStreak = max(st.noProgressStreak-1, 0)
	case len(st.pendingQueries) > 0:
		// The previous process announced the next iteration but stopped before it began.
		it++
		queries = st.pendingQueries
	}
	for {
		if ctx.Err() != nil {
			return domain.Run{}, cancelled()
		}
		stopReason := ""
		if !st.searchDone[it] {
			var err error
			if stopReason, err = o.search(ctx, st, it, queries); err != nil {
				return domain.Run{}, err
			}
		}
		if stopReason == "" {
			if !st.judgeDone[it] {
				if err := o.judge(ctx, st, it); err != nil {
					return domain.Run{}, err
				}
			}
			a := st.assessments[it]
			switch {
			case a.Assessment.Sufficient && a.Assessment.Recommendation == domain.RecommendSynthesize:
				stopReason = StopSufficient
			case it >= cfg.MaxIterations:
				stopReason = StopMaxIterations
			default:
				next := st.followUps(a)
				if len(next) == 0 && st.allFailedStreak >= 1 {
					// Every source failed in this iteration and no other search is left: a
					// report judging nothing would read "complete" when nothing could be
					// searched, and a complete run cannot be resumed once the sources answer.
					return domain.Run{}, failed("every source failed in iteration %d and no other search is left to try (%s); resume the run when the sources answer", it, st.lastFailures)
				}
				if len(next) == 0 {
					// Not "no new evidence": this iteration may have found some, but no
					// search is left that has not been run.
					stopReason = StopQueriesExhausted
					break
				}
				if err := o.event(ctx, st, domain.EventLooping, it, "Need more evidence. Next searches: "+strings.Join(next, "; "),
					domain.LoopingData{Reason: domain.LoopJudge, NextQueries: next, Confidence: &a.Assessment.Confidence}); err != nil {
					return domain.Run{}, err
				}
				it++
				queries = next
				continue
			}
		}
		next, run, err := o.synthesize(ctx, st, it, stopReason)
		if err != nil {
			return domain.Run{}, err
		}
		if next == nil {
			return run, nil
		}
		it++
		queries = next
	}
}

// search runs one iteration's search, stores and links the evidence, and applies the
// failure and forward-progress rules. It returns a stop reason when the loop should go
// straight to synthesis (no progress).
func (o *Orchestrator) search(ctx context.Context, st *state, it int, queries []string) (string, error) {
	cfg := st.run.Config
	st.lastIteration = it
	st.run.Iterations = it
	if err := o.event(ctx, st, domain.EventSearching, it, fmt.Sprintf("Iteration %d: searching %s for: %s", it, domain.JoinSources(cfg.Sources, ", "), strings.Join(queries, "; ")),
		domain.SearchingData{Queries: queries, Sources: cfg.Sources}); err != nil {
		return "", err
	}
	sctx, cancel := context.WithTimeout(domain.WithQuestion(domain.WithIteration(ctx, it, cfg.MaxIterations), st.concepts), time.Duration(cfg.SearchTimeoutS)*time.Second+o.o.SearchGrace)
	// Each source is shown as it answers, so the user sees which one the search waits for.
	var sourceMu sync.Mutex
	sctx = domain.WithSourceDone(sctx, func(src domain.Source, hits int, failure error, took time.Duration) {
		d := domain.SourceStateData{Source: src, State: domain.SourceAnswered, Hits: hits, TookMS: took.Milliseconds()}
		msg := fmt.Sprintf("%s answered: %d %s in %.1f s", src, hits, map[bool]string{true: "paper", false: "papers"}[hits == 1], took.Seconds())
		if failure != nil {
			d.State, d.Error = domain.SourceFailed, domain.SearchError{Source: src, Error: failure.Error()}.Said()
			msg = fmt.Sprintf("%s failed after %.1f s: %s", src, took.Seconds(), d.Error)
		}
		sourceMu.Lock()
		defer sourceMu.Unlock()
		if err := o.event(ctx, st, domain.EventSource, it, msg, d); err != nil {
			o.o.Logger.Warn("source event not stored", "run_id", st.run.ID, "err", err)
		}
	})
	// Full texts are asked for as soon as a source names an on-topic trial, while the
	// slower sources are still awaited; the appraisal step then waits only for those it uses.
	st.prefetch.stop()
	st.prefetch = o.newPrefetch(ctx, st)
	if st.prefetch != nil {
		sctx = domain.WithSourceEvidence(sctx, st.prefetch.fromSource)
	}
	res := o.d.Searcher.Run(sctx, queries, cfg.Sources, cfg.MaxResultsPerSource)
	st.prefetch.seal()
	cancel()
	if ctx.Err() != nil {
		return "", cancelled()
	}
	for _, qe := range res.Queries {
		st.noteHits(qe)
		if err := o.event(ctx, st, domain.EventQuery, it, queryMessage(qe), qe); err != nil {
			return "", err
		}
	}
	var keep []domain.Evidence
	dropped := 0
	for _, ev := range res.Evidence {
		if ev.Validate() != nil || ev.CanonicalKey() == "" {
			dropped++
			continue
		}
		keep = append(keep, ev)
	}
	store := context.WithoutCancel(ctx)
	if len(keep) > 0 {
		keys, err := o.d.Store.UpsertEvidence(store, keep)
		if err != nil {
			return "", fmt.Errorf("store evidence: %w", err)
		}
		if _, err := o.d.Store.LinkEvidence(store, st.run.ID, it, keys); err != nil {
			return "", fmt.Errorf("link evidence: %w", err)
		}
	}
	all, err := o.d.Store.RunEvidence(store, st.run.ID)
	if err != nil {
		return "", fmt.Errorf("load evidence: %w", err)
	}
	// New evidence is measured against the total before this iteration rather than taken
	// from LinkEvidence, so a search repeated after a crash still counts what it brought.
	newCount := len(all) - st.total
	if newCount < 0 {
		newCount = 0
	}
	st.evidence, st.total = all, len(all)
	st.markTopics()
	if err := o.saveTopics(ctx, st); err != nil {
		return "", err
	}
	if err := o.loadFullTexts(ctx, st); err != nil {
		return "", err
	}
	offTopic := 0
	for _, ev := range st.evidence {
		if ev.IsOffTopic() {
			offTopic++
		}
	}

	var failures, warnings []domain.SearchError
	failedSources := map[domain.Source]bool{}
	for _, e := range res.Errors {
		if e.IsWarning() {
			warnings = append(warnings, e)
			continue
		}
		failures = append(failures, e)
		failedSources[e.Source] = true
	}
	// Every source failing is an iteration searched in vain, whatever earlier iterations
	// found: its searches are still to be made, so it counts toward the failure rules below.
	allFailed := len(cfg.Sources) > 0 && len(failedSources) >= len(cfg.Sources) && len(res.Evidence) == 0
	if allFailed {
		st.allFailedStreak++
		st.lastFailures = summarize(failures)
	} else {
		st.allFailedStreak = 0
	}
	if newCount == 0 {
		st.noProgressStreak++
	} else {
		st.noProgressStreak = 0
	}
	st.noteQueriesRun(queries, failures)
	perSource := map[string]int{}
	for _, ev := range keep {
		perSource[string(ev.Citation.Source)]++
	}
	conceptsJSON, err := json.Marshal(st.concepts.Concepts)
	if err != nil {
		return "", fmt.Errorf("encode concepts: %w", err)
	}
	if err := o.event(ctx, st, domain.EventSearchComplete, it, "Found "+domain.Plural(newCount, "new source", "new sources")+fmt.Sprintf(" (%d total)", len(all)), domain.SearchCompleteData{
		Queries: queries, NewCount: newCount, TotalCount: len(all), Found: len(res.Evidence), DroppedInvalid: dropped,
		PerSource: perSource, SourcesSearched: res.SourcesSearched, Errors: failures, Warnings: warnings,
		OffTopicCount: offTopic, Concepts: conceptsJSON,
		NoProgressStreak: st.noProgressStreak, AllFailedStreak: st.allFailedStreak,
	}); err != nil {
		return "", err
	}
	st.searchDone[it] = true
	if len(failures) > 0 {
		parts := make([]string, len(failures))
		failed := map[domain.Source]bool{}
		for i, f := range failures {
			parts[i] = f.Said()
			failed[f.Source] = true
		}
		which := "some sources"
		if len(res.SourcesSearched) > 0 && !slices.ContainsFunc(res.SourcesSearched, func(s domain.Source) bool { return !failed[s] }) {
			which = "every source"
		}
		if err := o.event(ctx, st, domain.EventError, it, "Search failed for "+which+": "+strings.Join(parts, "; "),
			domain.ErrorData{Phase: domain.PhaseSearch, Errors: failures}); err != nil {
			return "", err
		}
	}
	if err := o.saveRun(ctx, st); err != nil {
		return "", err
	}
	if words := unknownWords(st.concepts, res.Queries); len(all) == 0 && len(words) > 0 {
		return "", failed("none of the question's words is in PubMed, check the spelling or ask in the words papers use (phrase not found: %s; no source found a paper)", strings.Join(words, ", "))
	}
	if st.allFailedStreak >= 2 {
		return "", failed("every source failed in two iterations in a row (%s)%s", summarize(failures), keptNote(len(all)))
	}
	if st.allFailedStreak >= 1 && it >= cfg.MaxIterations {
		// No iteration is left to try again in: a report would read as "complete" when the
		// last search could not be made, and a complete run cannot be resumed to make it.
		return "", failed("every source failed in the run's last iteration (%s)%s", summarize(failures), keptNote(len(all)))
	}
	if st.noProgressStreak >= 2 {
		return StopNoProgress, nil
	}
	return "", nil
}

// keptNote ends the reason of a run failed because its sources failed: what it had found is
// kept, and a resume searches again.
func keptNote(found int) string {
	if found == 0 {
		return "; no evidence was found: resume the run when the sources answer"
	}
	if found == 1 {
		return "; the paper found before is kept: resume the run when the sources answer"
	}
	return fmt.Sprintf("; the %d papers found before are kept: resume the run when the sources answer", found)
}

// judge appraises the new evidence (when an appraiser is set) and asks the judge, unless the
// iteration's assessment is already stored (a resumed run), in which case it is reused.
func (o *Orchestrator) judge(ctx context.Context, st *state, it int) error {
	sa, stored := st.assessments[it]
	if o.d.Appraiser != nil && !stored {
		if err := o.appraise(ctx, st, it); err != nil {
			return err
		}
	}
	if !stored {
		if err := o.event(ctx, st, domain.EventJudging, it, "Evaluating "+domain.Plural(len(st.evidence), "source", "sources")+"...", domain.JudgingData{EvidenceCount: len(st.evidence)}); err != nil {
			return err
		}
		a, h, err := o.d.Judge.Assess(ctx, JudgeInput{RunID: st.run.ID, Question: st.run.Question, Parsed: &st.concepts, Evidence: st.evidence, Appraisals: st.appraisals,
			FullTexts: st.onTopicFullTexts()})
		if ctx.Err() != nil {
			return cancelled()
		}
		if err != nil {
			if domain.CodeOf(err) == domain.CodeUnavailable {
				return failed("judge unavailable: %s", domain.SafeMessage(err))
			}
			return failed("judge: %s", domain.SafeMessage(err))
		}
		sa = domain.StoredAssessment{RunID: st.run.ID, Iteration: it, Assessment: a, Heuristics: &h}
		if a.Judge.Kind == domain.JudgeKindFallback && (it >= st.run.Config.MaxIterations || len(st.followUps(sa)) == 0) {
			// The judge gave no valid answer — none at all (down, HTTP 5xx, timed out) or
			// none that could be read (an HTML page, cut-off JSON, plain text) — and no
			// search follows whatever it says: the run would end "complete" on scores of
			// 0 that judge nothing, and could not be resumed. It fails instead, its
			// assessment not stored, so a resume asks the judge again. A fallback earlier
			// in the run only lets the search go on (the report lists it); the breaker
			// fails the run if the judge stays silent.
			said, then := "did not answer", "resume the run when it answers"
			if !a.Judge.Unavailable {
				said, then = "gave no valid answer", "resume the run to ask it again, or re-judge it with another judge"
			}
			return failed("judge unavailable: the %s judge %s (%s); the evidence is kept: %s",
				a.Judge.Provider, said, a.Judge.Error, then)
		}
		if err := o.d.Store.SaveAssessment(context.WithoutCancel(ctx), sa); err != nil {
			return fmt.Errorf("store assessment: %w", err)
		}
		st.assessments[it] = sa
	}
	a := sa.Assessment
	data := domain.JudgeCompleteData{
		Sufficient: a.Sufficient, Confidence: a.Confidence, Recommendation: a.Recommendation,
		MechanismScore: a.Details.MechanismScore, ClinicalScore: a.Details.ClinicalEvidenceScore,
		DrugCandidates: a.Details.DrugCandidates, NextQueries: a.NextSearchQueries, Judge: a.Judge,
		EvidenceCount: len(st.evidence), Reused: stored,
	}
	if sa.Heuristics != nil {
		data.HeuristicScore = &sa.Heuristics.FinalScore
		data.RedFlags = sa.Heuristics.RedFlags
	}
	msg := fmt.Sprintf("Assessment: %s (confidence: %.0f%%, mechanism %d/10, clinical %d/10)", a.Recommendation, a.Confidence*100,
		a.Details.MechanismScore, a.Details.ClinicalEvidenceScore)
	if a.Judge.Kind == domain.JudgeKindFallback {
		msg += " — FALLBACK: " + a.Judge.Error
	}
	if a.Judge.Repaired {
		msg += " — REPAIRED answer (malformed JSON repaired)"
	}
	for _, ov := range a.Judge.Overrides {
		msg += " — OVERRIDDEN: " + ov
	}
	if err := o.event(ctx, st, domain.EventJudgeComplete, it, msg, data); err != nil {
		return err
	}
	st.judgeDone[it] = true
	st.run.Judge = a.Judge
	return o.saveRun(ctx, st)
}

// fullTextSources reports whether the run may use the services full texts come from:
// Europe PMC and PubMed Central answer through the same hosts as the Europe PMC and PubMed
// searches, and a run that searches neither (the user's library only) sends them nothing.
func fullTextSources(srcs []domain.Source) bool {
	for _, s := range srcs {
		if s == domain.SourceEuropePMC || s == domain.SourcePubMed {
			return true
		}
	}
	return false
}

// unavailable is the reason a fetch gave no full text; a failure that is not the paper's
// (a store that cannot write) is reported in the same place, in its user-safe words.
func unavailable(key string, err error) domain.FullTextUnavailable {
	var u *domain.FullTextUnavailable
	if errors.As(err, &u) {
		out := *u
		out.Key = key
		return out
	}
	return domain.FullTextUnavailable{Key: key, Source: domain.FullTextAbstract, Reason: domain.SafeMessage(err)}
}

// fullTextEvent records the iteration's full-text fetches.
func (o *Orchestrator) fullTextEvent(ctx context.Context, st *state, it, requested int, read []domain.FullTextRead, missing []domain.FullTextUnavailable) error {
	sort.Slice(read, func(i, j int) bool { return read[i].Key < read[j].Key })
	sort.Slice(missing, func(i, j int) bool { return missing[i].Key < missing[j].Key })
	for _, r := range read {
		st.fullTextAsked[r.Key] = true
	}
	for _, u := range missing {
		st.fullTextAsked[u.Key] = true
	}
	msg := fmt.Sprintf("Read %d of %d open-access full texts", len(read), requested)
	if len(missing) > 0 {
		msg += fmt.Sprintf("; %s appraised from the abstract (first: %s — %s)", domain.Plural(len(missing), "paper", "papers"), missing[0].Key, missing[0].Reason)
	}
	return o.event(ctx, st, domain.EventFullText, it, msg, domain.FullTextData{Read: read, Requested: requested, Unavailable: missing})
}

// loadFullTexts reads the stored full texts of the run's evidence.
func (o *Orchestrator) loadFullTexts(ctx context.Context, st *state) error {
	if o.d.FullTexts == nil || len(st.evidence) == 0 {
		return nil
	}
	keys := make([]string, 0, len(st.evidence))
	for _, ev := range st.evidence {
		if k := ev.CanonicalKey(); k != "" {
			keys = append(keys, k)
		}
	}
	m, err := o.d.FullTexts.Stored(context.WithoutCancel(ctx), keys)
	if err != nil {
		return fmt.Errorf("load full texts: %w", err)
	}
	st.fullTexts = m
	return nil
}

// synthesize writes the draft report, verifies it and either completes the run or, when
// verification failed and both iterations and verification rounds are left, returns the
// queries of another search round.
func (o *Orchestrator) synthesize(ctx context.Context, st *state, it int, stopReason string) ([]string, domain.Run, error) {
	st.run.StopReason = stopReason
	in := st.synthesisInput(true)
	partial := stopReason != StopSufficient
	if err := o.event(ctx, st, domain.EventSynthesizing, it, synthMessage(stopReason, len(st.evidence)),
		domain.SynthesizingData{StopReason: stopReason, Partial: partial, EvidenceCount: len(st.evidence)}); err != nil {
		return nil, domain.Run{}, err
	}
	draft, err := o.d.Synthesizer.Synthesize(ctx, in)
	if ctx.Err() != nil {
		return nil, domain.Run{}, cancelled()
	}
	if err != nil {
		return nil, domain.Run{}, failed("synthesis: %s", domain.SafeMessage(err))
	}
	round := st.verifyRounds + 1
	vdata := domain.VerifyingData{Round: round, Narrative: draft.Narrative}
	if err := o.event(ctx, st, domain.EventVerifying, it, "Verifying the report ("+domain.Plural(len(draft.Candidates), "candidate", "candidates")+", "+domain.Plural(len(draft.Findings), "finding", "findings")+")", vdata); err != nil {
		return nil, domain.Run{}, err
	}
	ver := &Verification{Status: domain.ReportUnverified, Error: "no verifier is configured"}
	if o.d.Verifier != nil {
		vin := VerifyInput{RunID: st.run.ID, Question: st.run.Question, Parsed: &st.concepts, Markdown: draft.Markdown,
			Candidates: draft.Candidates, Findings: draft.Findings, Evidence: st.evidence, Previous: st.verdicts, FullTexts: st.onTopicFullTexts()}
		if in.Assessment != nil {
			vin.Stances = in.Assessment.Details.Stances
		}
		res, verr := o.d.Verifier.Verify(ctx, vin)
		if ctx.Err() != nil {
			return nil, domain.Run{}, cancelled()
		}
		if verr != nil {
			ver = &Verification{Status: domain.ReportUnverified, Checks: res.Checks, Error: domain.SafeMessage(verr)}
			if ver.Error == "internal error" {
				ver.Error = "the verifier failed"
			}
			if err := o.event(ctx, st, domain.EventError, it, "Verification could not run: the report is marked unverified ("+ver.Error+")",
				domain.ErrorData{Phase: domain.PhaseVerify, UnverifiedReason: ver.Error}); err != nil {
				return nil, domain.Run{}, err
			}
		} else {
			v := res.Verdict
			if err := o.d.Store.SaveVerdict(context.WithoutCancel(ctx), st.run.ID, it, v, res.Checks); err != nil {
				return nil, domain.Run{}, fmt.Errorf("store verdict: %w", err)
			}
			st.verdicts = append(st.verdicts, v)
			ver = &Verification{Status: domain.ReportVerified, Verdict: &v, Checks: res.Checks}
			if !v.Pass {
				ver.Status = domain.ReportFailed
			}
		}
	}
	if ver.Status == domain.ReportFailed && st.verifyRounds < o.o.MaxVerifyRounds && it < st.run.Config.MaxIterations {
		next := NextQueries(st.concepts, ver.Verdict.SuggestedNextSteps, nil, st.queriesRun, st.queryHits, st.run.Config.QueriesPerIteration)
		if len(next) > 0 {
			st.verifyRounds++
			if err := o.event(ctx, st, domain.EventLooping, it, "Verification failed: "+ver.Verdict.Reason+" Searching again: "+strings.Join(next, "; "),
				domain.LoopingData{Reason: domain.LoopVerification, Round: st.verifyRounds, NextQueries: next, Verdict: ver.Verdict}); err != nil {
				return nil, domain.Run{}, err
			}
			st.run.StopReason = ""
			return next, domain.Run{}, nil
		}
	}
	final := st.synthesisInput(false)
	final.Narrative, final.Verification = draft.Narrative, ver
	final.Events = o.runEvents(ctx, st)
	rep, err := o.d.Synthesizer.Synthesize(context.WithoutCancel(ctx), final)
	if err != nil {
		return nil, domain.Run{}, failed("synthesis: %s", domain.SafeMessage(err))
	}
	if err := o.d.Store.SaveReport(context.WithoutCancel(ctx), domain.StoredReport{RunID: st.run.ID, Markdown: rep.Markdown, Status: ver.Status}); err != nil {
		return nil, domain.Run{}, fmt.Errorf("store report: %w", err)
	}
	now := o.d.Clock().UTC()
	st.run.Status, st.run.FinishedAt = domain.RunComplete, &now
	st.run.Verdict = nil
	if ver.Verdict != nil {
		pass := ver.Verdict.Pass
		st.run.Verdict = &pass
	}
	if err := o.saveRun(ctx, st); err != nil {
		return nil, domain.Run{}, err
	}
	data := domain.CompleteData{StopReason: stopReason, Iterations: st.run.Iterations, EvidenceCount: len(st.evidence),
		ReportStatus: ver.Status, VerdictPass: st.run.Verdict, Partial: partial}
	if ver.Verdict != nil {
		data.MissingItems = ver.Verdict.MissingItems
	}
	if err := o.event(ctx, st, domain.EventComplete, it, completeMessage(st.run, ver, len(st.evidence)), data); err != nil {
		return nil, domain.Run{}, err
	}
	return nil, st.run, nil
}

// finishEarly ends a cancelled or failed run: a partial report built from the stored data
// (no LLM call) is kept, the status and reason recorded, and the terminal event written. It
// works on a context detached from the cancelled one, bounded by FinalizeTimeout.
func (o *Orchestrator) finishEarly(ctx context.Context, st *state, stop *stopErr) (domain.Run, error) {
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), o.o.FinalizeTimeout)
	defer cancel()
	status, reason := domain.RunCancelled, StopCancelled
	why := "the run was cancelled before verification"
	if !stop.cancelled {
		status, reason = domain.RunFailed, stopFailedPrefix+stop.reason
		why = "the run failed before verification"
		st.run.Error = stop.reason
	}
	st.run.StopReason = reason
	anything := len(st.evidence) > 0 || len(st.assessments) > 0
	kept := false
	if anything {
		in := st.synthesisInput(false)
		in.Verification = &Verification{Status: domain.ReportUnverified, Error: why}
		in.Events = o.runEvents(fctx, st)
		if rep, err := o.d.Synthesizer.Synthesize(fctx, in); err == nil {
			if err := o.d.Store.SaveReport(fctx, domain.StoredReport{RunID: st.run.ID, Markdown: rep.Markdown, Status: domain.ReportUnverified}); err != nil {
				return st.run, fmt.Errorf("store partial report: %w", err)
			}
			kept = true
		} else {
			o.o.Logger.Warn("partial report could not be built", "run_id", st.run.ID, "err", err)
		}
	}
	now := o.d.Clock().UTC()
	st.run.Status, st.run.FinishedAt = status, &now
	if err := o.saveRun(fctx, st); err != nil {
		return st.run, err
	}
	if stop.cancelled {
		// The message says a partial report is kept only when one was written: a run
		// cancelled before anything was stored has none, as History then says.
		msg := "Research cancelled: the partial report is kept; resume with run id " + st.run.ID
		switch {
		case !anything:
			msg = "Research cancelled before any evidence was stored: its report says only that; resume with run id " + st.run.ID
		case !kept:
			msg = "Research cancelled; the partial report could not be written; resume with run id " + st.run.ID
		}
		err := o.event(fctx, st, domain.EventCancelled, st.lastIteration, msg,
			domain.CancelledData{StopReason: reason, EvidenceCount: len(st.evidence), UnverifiedReason: why})
		return st.run, err
	}
	err := o.event(fctx, st, domain.EventError, st.lastIteration, "Research failed: "+stop.reason,
		domain.ErrorData{Phase: domain.PhaseRun, Fatal: true, Error: stop.reason, StopReason: reason, UnverifiedReason: why})
	return st.run, err
}

// runEvents returns the run's stored events for a report that is about to be stored. A
// store that cannot list them does not stop the report: it is written without the source
// problems, which the Report view and every export add back from the events when read.
func (o *Orchestrator) runEvents(ctx context.Context, st *state) []domain.Event {
	events, err := o.d.Store.ListEvents(context.WithoutCancel(ctx), st.run.ID, 0)
	if err != nil {
		o.o.Logger.Warn("events could not be read for the report's limitations", "run_id", st.run.ID, "err", err)
		return nil
	}
	return events
}

// abort records a storage failure on the run as far as the store still allows.
func (o *Orchestrator) abort(ctx context.Context, st *state, cause error) (domain.Run, error) {
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), o.o.FinalizeTimeout)
	defer cancel()
	now := o.d.Clock().UTC()
	st.run.Status, st.run.FinishedAt = domain.RunFailed, &now
	st.run.StopReason = stopFailedPrefix + "internal error"
	st.run.Error = "internal error: " + cause.Error()
	if err := o.d.Store.UpdateRun(fctx, st.run); err != nil {
		o.o.Logger.Error("could not record the failed run", "run_id", st.run.ID, "err", err)
	}
	return st.run, cause
}

// event stores one event with its typed payload (see domain.EventPayloads), then emits the
// stored copy (with its seq and time). The store write uses a context detached from
// cancellation, so the step a user just saw is never lost.
func (o *Orchestrator) event(ctx context.Context, st *state, typ domain.EventType, it int, msg string, data any) error {
	e, err := domain.NewEvent(st.run.ID, typ, it, msg, data)
	if err != nil {
		return err
	}
	stored, err := o.d.Store.AppendEvent(context.WithoutCancel(ctx), e)
	if err != nil {
		return fmt.Errorf("store %s event: %w", typ, err)
	}
	o.d.Emitter.Emit(stored)
	return nil
}

func (o *Orchestrator) saveRun(ctx context.Context, st *state) error {
	st.run.UpdatedAt = o.d.Clock().UTC()
	if err := o.d.Store.UpdateRun(context.WithoutCancel(ctx), st.run); err != nil {
		return fmt.Errorf("update run: %w", err)
	}
	return nil
}

func summarize(errs []domain.SearchError) string {
	parts := make([]string, 0, len(errs))
	for _, e := range errs {
		parts = append(parts, e.Said())
	}
	if len(parts) == 0 {
		return "no results"
	}
	return strings.Join(parts, "; ")
}

func synthMessage(stopReason string, n int) string {
	switch stopReason {
	case StopSufficient:
		// Not a final word: the draft is verified next and a failed verification sends the
		// loop back to search, so the message says what happens rather than celebrating.
		return fmt.Sprintf("The judge finds the evidence sufficient: drafting the report from %s to verify it...", domain.Plural(n, "source", "sources"))
	case StopMaxIterations:
		return fmt.Sprintf("Iteration limit reached: preparing a partial synthesis of %s...", domain.Plural(n, "source", "sources"))
	case StopNoProgress:
		return fmt.Sprintf("No new evidence in two iterations: preparing a partial synthesis of %s...", domain.Plural(n, "source", "sources"))
	case StopQueriesExhausted:
		return fmt.Sprintf("Every suggested search has already been run: preparing a partial synthesis of %s...", domain.Plural(n, "source", "sources"))
	}
	return fmt.Sprintf("Preparing synthesis of %s...", domain.Plural(n, "source", "sources"))
}

func completeMessage(run domain.Run, ver *Verification, n int) string {
	return fmt.Sprintf("Research complete with %s. %s", domain.Plural(n, "source", "sources"), domain.RunOutcome(run, ver.Status))
}

// queryMessage is the timeline line of one query: what was sent, how many hits, what was
// relaxed and any problem the source reported.
func queryMessage(q domain.QueryEvent) string {
	count := "hits unknown"
	if q.Count >= 0 {
		count = fmt.Sprintf("%d hits", q.Count)
	}
	msg := fmt.Sprintf("%s: %s (%s)", q.Source, q.Query, count)
	if q.Relaxation != "" {
		msg += " — " + q.Relaxation
	}
	if q.Error != "" {
		msg += " — " + q.Error
	}
	return msg
}

// TopicStore is implemented by a store that keeps each evidence's relevance to the run's
// question, so reports and exports made later show the same off-topic group.
type TopicStore interface {
	SetEvidenceTopics(ctx context.Context, runID string, topics map[string]domain.Topic) error
}

func (o *Orchestrator) saveTopics(ctx context.Context, st *state) error {
	ts, ok := o.d.Store.(TopicStore)
	if !ok {
		return nil
	}
	m := map[string]domain.Topic{}
	for _, ev := range st.evidence {
		if ev.Topic != nil {
			m[ev.CanonicalKey()] = *ev.Topic
		}
	}
	if len(m) == 0 {
		return nil
	}
	if err := ts.SetEvidenceTopics(context.WithoutCancel(ctx), st.run.ID, m); err != nil {
		return fmt.Errorf("store evidence topics: %w", err)
	}
	return nil
}

// appraisalFailures reports, in one non-fatal event, every paper whose LLM appraisal failed
// (all its dimensions not assessed because the model call failed), each with its reason, so
// a card's "not assessed" is explained in the run's record and never silent.
func (o *Orchestrator) appraisalFailures(ctx context.Context, st *state, it int, m map[string]domain.Appraisal, total int) error {
	var failed []domain.AppraisalFailure
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		a := m[k]
		if a.Assessor.Kind != domain.JudgeKindFallback {
			continue
		}
		reason := "the appraisal call failed"
		for _, d := range a.Dimensions {
			if d.Error != "" {
				reason = d.Error
				break
			}
		}
		failed = append(failed, domain.AppraisalFailure{Key: k, Reason: reason})
	}
	if len(failed) == 0 {
		return nil
	}
	return o.event(ctx, st, domain.EventError, it,
		fmt.Sprintf("Appraisal failed for %d of %d papers (first: %s); they are shown as not assessed with this reason", len(failed), total, failed[0].Reason),
		domain.ErrorData{Phase: domain.PhaseAppraisal, Failed: failed})
}
