package orchestrator_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/runs"
	"deepcritical/backend/search/querybuild"
	"deepcritical/backend/store"
	"deepcritical/backend/verify"
)

func TestCompletesOnSufficientAssessment(t *testing.T) {
	h := newHarness(t, newPapers(2), always(assessment(true, "Metformin")))
	run, err := h.o.Run(context.Background(), question, cfg(5))
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.Equal(t, orchestrator.StopSufficient, run.StopReason)
	require.Equal(t, 1, run.Iterations)
	require.NotNil(t, run.Verdict)
	require.True(t, *run.Verdict)

	events := h.emitter.Events()
	require.Equal(t, []domain.EventType{domain.EventStarted, domain.EventSearching, domain.EventSearchComplete, domain.EventJudging,
		domain.EventJudgeComplete, domain.EventSynthesizing, domain.EventVerifying, domain.EventComplete}, types(events))
	require.Equal(t, 1, events[len(events)-1].Iteration)
	require.Equal(t, storedEvents(t, h.s, run.ID), events, "every emitted event is the stored one")
	require.Equal(t, 1, h.searcher.Calls())
	require.Equal(t, InitialQueriesFor(3), h.searcher.queries[0])

	rep, err := h.s.GetReport(context.Background(), run.ID)
	require.NoError(t, err)
	require.Equal(t, domain.ReportVerified, rep.Status)
	require.Contains(t, rep.Markdown, "**Metformin** — named in [1], [2]")
	require.Contains(t, rep.Markdown, "For research only — not medical advice.")

	stored, err := h.s.GetRun(context.Background(), run.ID)
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, stored.Status)
	require.NotNil(t, stored.FinishedAt)
	require.Equal(t, "fake-judge", stored.Judge.Model)
}

// InitialQueriesFor are the first iteration's queries the loop builds for the test question.
func InitialQueriesFor(n int) []string {
	set, err := concepts.Extract(question)
	if err != nil {
		panic(err)
	}
	return querybuild.Initial(set, n)
}

func TestLoopsAndHitsMaxIterationsWithPartialReport(t *testing.T) {
	h := newHarness(t, newPapers(1), always(assessment(false, "Metformin")))
	run, err := h.o.Run(context.Background(), question, cfg(3))
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.Equal(t, orchestrator.StopMaxIterations, run.StopReason)
	events := h.emitter.Events()
	require.Equal(t, 2, count(events, domain.EventLooping))
	complete := ofType(events, domain.EventComplete)[0]
	require.Equal(t, true, data(t, complete)["partial"])
	require.Equal(t, "max_iterations", data(t, complete)["stop_reason"])
	rep, err := h.s.GetReport(context.Background(), run.ID)
	require.NoError(t, err)
	require.Contains(t, rep.Markdown, "partial synthesis")
	require.Contains(t, rep.Markdown, `limit of 3 iterations (setting run.max\_iterations)`)
	require.Equal(t, []int{1, 2, 3}, h.judge.evidence, "the judge sees all evidence so far")

	// The judge's next queries drive the next iteration.
	require.Equal(t, nextQuery(1), h.searcher.queries[1][0])
	require.Equal(t, nextQuery(2), h.searcher.queries[2][0])
	require.Equal(t, "alzheimer disease AND memantine", nextQuery(1), "follow-ups are concept queries anchored on the condition")
}

func TestRespectsMaxIterationsExactly(t *testing.T) {
	for _, max := range []int{1, 2, 4} {
		h := newHarness(t, newPapers(1), always(assessment(false)))
		run, err := h.o.Run(context.Background(), question, cfg(max))
		require.NoError(t, err)
		maxIt := 0
		for _, e := range h.emitter.Events() {
			maxIt = maxInt(maxIt, e.Iteration)
		}
		require.Equal(t, max, maxIt)
		require.Equal(t, max, run.Iterations)
		require.Equal(t, max, h.searcher.Calls())
		require.Equal(t, int32(max), h.judge.calls.Load())
	}
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func TestSearchFailureIsAnEventAndTheRunGoesOn(t *testing.T) {
	search := func(_ context.Context, n int, _ []string) domain.SearchResult {
		res := domain.SearchResult{Errors: []domain.SearchError{{Source: domain.SourcePubMed, Error: "pubmed: HTTP 503"},
			{Source: domain.SourceEuropePMC, Error: "warning: phrase not found"}},
			SourcesSearched: []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials}}
		if n == 1 {
			res.Errors = append(res.Errors, domain.SearchError{Source: domain.SourceClinicalTrials, Error: "clinicaltrials: timeout"})
			return res // iteration 1: every source failed
		}
		res.Evidence = []domain.Evidence{paper(n)}
		return res
	}
	h := newHarness(t, search, func(_ context.Context, n int, in orchestrator.JudgeInput) (domain.Assessment, error) {
		return assessment(len(in.Evidence) > 0, "Metformin"), nil
	})
	run, err := h.o.Run(context.Background(), question, cfg(3))
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.Equal(t, orchestrator.StopSufficient, run.StopReason)
	events := h.emitter.Events()
	errs := ofType(events, domain.EventError)
	require.Len(t, errs, 2, "one error event per iteration with failures")
	require.Contains(t, errs[0].Message, "pubmed: HTTP 503")
	require.True(t, strings.HasPrefix(errs[0].Message, "Search failed for some sources: "), "Europe PMC only warned: %s", errs[0].Message)
	require.NotContains(t, errs[0].Message, "pubmed: pubmed:", "each source is named once")
	require.NotContains(t, errs[1].Message, "warning", "warnings are not failures")
	sc := data(t, ofType(events, domain.EventSearchComplete)[1])
	require.Len(t, sc["warnings"], 1)
	// The stored report says which sources failed from the start, not only once an
	// export or the Report view recomputes its limitations.
	rep, err := h.s.GetReport(context.Background(), run.ID)
	require.NoError(t, err)
	lim := section(t, rep.Markdown, "## Limitations")
	require.Contains(t, lim, "PubMed FAILED")
	require.Contains(t, lim, "HTTP 503")
	require.Contains(t, lim, "ClinicalTrials.gov FAILED")
	require.Contains(t, lim, "phrase not found", "warnings are disclosed too")
	require.NotContains(t, lim, "then: pubmed:", "the line names the source once")
}

// section returns a Markdown section's text, from its heading to the next "## ".
func section(t testing.TB, md, heading string) string {
	t.Helper()
	i := strings.Index(md, heading+"\n")
	require.GreaterOrEqual(t, i, 0, "no %q section in:\n%s", heading, md)
	rest := md[i+len(heading)+1:]
	if j := strings.Index(rest, "\n## "); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

func TestPartialReportOfAFailedRunListsFailedSources(t *testing.T) {
	search := func(ctx context.Context, n int, q []string) domain.SearchResult {
		res := newPapers(1)(ctx, n, q)
		res.Errors = append(res.Errors, domain.SearchError{Source: domain.SourcePubMed, Error: "pubmed: HTTP 503"})
		return res
	}
	h := newHarness(t, search, func(context.Context, int, orchestrator.JudgeInput) (domain.Assessment, error) {
		return domain.Assessment{}, domain.Errorf(domain.CodeUnavailable, "the ollama judge stopped answering (connection refused)")
	})
	run, err := h.o.Run(context.Background(), question, cfg(3))
	require.NoError(t, err)
	require.Equal(t, domain.RunFailed, run.Status)
	rep, err := h.s.GetReport(context.Background(), run.ID)
	require.NoError(t, err)
	lim := section(t, rep.Markdown, "## Limitations")
	require.Contains(t, lim, "PubMed FAILED")
	require.Contains(t, lim, "HTTP 503")
	require.Contains(t, lim, "could not be verified", "the partial report says it is unverified")
}

// TestEverySourceFailingFailsTheRun: every source failing twice in a row ends the run
// failed, and so does every source failing in the run's last iteration (a one-iteration run
// used to end "complete", judging nothing).
func TestEverySourceFailingFailsTheRun(t *testing.T) {
	search := func(context.Context, int, []string) domain.SearchResult {
		return domain.SearchResult{Errors: []domain.SearchError{{Source: domain.SourcePubMed, Error: "connection refused"},
			{Source: domain.SourceEuropePMC, Error: "connection refused"}, {Source: domain.SourceClinicalTrials, Error: "connection refused"}},
			SourcesSearched: []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials}}
	}
	cases := []struct {
		maxIterations, searches int
		reason                  string
		noSearchLeft            bool
	}{
		{5, 2, "failed: every source failed in two iterations", false},
		{1, 1, "failed: every source failed in the run's last iteration", false},
		// The judge suggests no search: the searches that failed everywhere were never run,
		// so the next iteration sends them again rather than stopping "queries exhausted",
		// complete, on a search that never ran; failing again, the run fails.
		{5, 2, "failed: every source failed in two iterations", true},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.maxIterations, " iterations, no search left: ", c.noSearchLeft), func(t *testing.T) {
			var opts []func(*orchestrator.Deps)
			q := question
			if c.noSearchLeft {
				q = "Do statins reduce cardiovascular events?"
				opts = append(opts, func(d *orchestrator.Deps) { d.Judge = silentJudge{} })
			}
			h := newHarness(t, search, always(assessment(false)), opts...)
			run, err := h.o.Run(context.Background(), q, cfg(c.maxIterations))
			require.NoError(t, err)
			require.Equal(t, domain.RunFailed, run.Status)
			require.True(t, strings.HasPrefix(run.StopReason, c.reason), run.StopReason)
			require.Contains(t, run.Error, "connection refused")
			require.Equal(t, c.searches, h.searcher.Calls())
			last := h.emitter.Events()[len(h.emitter.Events())-1]
			require.Equal(t, domain.EventError, last.Type)
			require.Equal(t, true, data(t, last)["fatal"])
			errs := ofType(h.emitter.Events(), domain.EventError)
			require.True(t, strings.HasPrefix(errs[0].Message, "Search failed for every source: "), errs[0].Message)

			// Once the sources answer, a resume searches the failed iteration again and
			// judges what it finds, not the verdict stored on the failed search.
			h.searcher.mu.Lock()
			h.searcher.result = newPapers(1)
			h.searcher.mu.Unlock()
			calls := h.searcher.Calls()
			resumed, err := h.o.Resume(context.Background(), run.ID)
			require.NoError(t, err)
			require.Greater(t, h.searcher.Calls(), calls, "the resume searched")
			require.Equal(t, domain.RunComplete, resumed.Status, resumed.StopReason)
			final := ofType(h.emitter.Events(), domain.EventJudgeComplete)
			require.NotEmpty(t, final)
		})
	}
}

// TestLastSearchFailingFailsTheRunWithItsEvidence: every source failing in the run's last
// iteration ends the run failed even when earlier iterations found evidence (the last search
// could not be made, and a complete run cannot be resumed to make it). Its reason says the
// evidence is kept, and a resume once the sources answer sends again every query a source
// failed on, in whichever iteration, not only the last iteration's.
func TestLastSearchFailingFailsTheRunWithItsEvidence(t *testing.T) {
	down := func(srcs ...domain.Source) []domain.SearchError {
		var out []domain.SearchError
		for _, s := range srcs {
			out = append(out, domain.SearchError{Source: s, Error: "connection refused"})
		}
		return out
	}
	all := []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials}
	cases := []struct {
		name string
		// first is what the first search returns; every later one fails everywhere.
		first domain.SearchResult
		// retried: the first iteration's queries are sent again by the resume.
		retried bool
	}{
		{"first search answered everywhere", domain.SearchResult{Evidence: []domain.Evidence{paper(1)}, SourcesSearched: all}, false},
		{"first search answered by some sources", domain.SearchResult{Evidence: []domain.Evidence{paper(1)}, SourcesSearched: all,
			Errors: down(domain.SourcePubMed)}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var answering atomic.Bool
			h := newHarness(t, func(ctx context.Context, n int, q []string) domain.SearchResult {
				switch {
				case answering.Load():
					return newPapers(1)(ctx, n, q)
				case n == 1:
					return c.first
				}
				return domain.SearchResult{Errors: down(all...), SourcesSearched: all}
			}, always(assessment(false)))
			run, err := h.o.Run(context.Background(), question, cfg(2))
			require.NoError(t, err)
			require.Equal(t, domain.RunFailed, run.Status, run.StopReason)
			require.True(t, strings.HasPrefix(run.StopReason, "failed: every source failed in the run's last iteration"), run.StopReason)
			require.Contains(t, run.StopReason, "the paper found before is kept")
			first := h.searcher.queries[0]

			answering.Store(true)
			resumed, err := h.o.Resume(context.Background(), run.ID)
			require.NoError(t, err)
			require.Equal(t, domain.RunComplete, resumed.Status, resumed.StopReason)
			again := h.searcher.queries[2]
			for _, q := range first {
				require.Equal(t, c.retried, slices.Contains(again, q), "query %q of iteration 1 in the resume's search %q", q, again)
			}
		})
	}
}

func TestDuplicatesAcrossIterationsCountAsZeroNew(t *testing.T) {
	h := newHarness(t, samePapers, always(assessment(false)))
	_, err := h.o.Run(context.Background(), question, cfg(2))
	require.NoError(t, err)
	sc := ofType(h.emitter.Events(), domain.EventSearchComplete)
	require.Len(t, sc, 2)
	require.Equal(t, float64(1), data(t, sc[0])["new_count"])
	require.Equal(t, float64(0), data(t, sc[1])["new_count"])
	require.Equal(t, float64(1), data(t, sc[1])["total_count"])
}

func TestTwoIterationsWithoutNewEvidenceStop(t *testing.T) {
	h := newHarness(t, samePapers, always(assessment(false)))
	run, err := h.o.Run(context.Background(), question, cfg(6))
	require.NoError(t, err)
	require.Equal(t, orchestrator.StopNoProgress, run.StopReason)
	require.Equal(t, 3, run.Iterations, "iteration 1 brings 1, iterations 2 and 3 bring none")
	require.Equal(t, 3, h.searcher.Calls())
	require.Equal(t, int32(2), h.judge.calls.Load(), "the second empty iteration is not judged again")
	rep, err := h.s.GetReport(context.Background(), run.ID)
	require.NoError(t, err)
	require.Contains(t, rep.Markdown, "forward-progress rule")
}

// TestNoSearchLeftStopsAndSaysSo: when every search the judge and the fallbacks suggest has
// already been run, the loop stops with its own reason, not "no new evidence" (each
// iteration here brings new papers), and every text says which rule ended it.
func TestNoSearchLeftStopsAndSaysSo(t *testing.T) {
	h := newHarness(t, newPapers(1), always(assessment(false)), func(d *orchestrator.Deps) { d.Judge = repeatingJudge{} })
	run, err := h.o.Run(context.Background(), "Is metformin safe?", cfg(10))
	require.NoError(t, err)
	require.Equal(t, orchestrator.StopQueriesExhausted, run.StopReason)
	require.Less(t, run.Iterations, 10)
	require.Contains(t, domain.RunOutcome(run, "verified"), "every search suggested (by the judge or the heuristics) had already been run")
	for _, e := range h.emitter.Events() {
		require.NotContains(t, e.Message, "No new evidence in two iterations")
	}
	rep, err := h.s.GetReport(context.Background(), run.ID)
	require.NoError(t, err)
	require.Contains(t, rep.Markdown, "every search suggested (by the judge or the heuristics) had already been run")
}

// repeatingJudge suggests the same follow-up every time.
// silentJudge suggests no search.
type silentJudge struct{}

func (silentJudge) Assess(context.Context, orchestrator.JudgeInput) (domain.Assessment, domain.Heuristics, error) {
	a := assessment(false)
	a.NextSearchQueries = nil
	return a, domain.Heuristics{FinalScore: 50}, nil
}

type repeatingJudge struct{}

func (repeatingJudge) Assess(context.Context, orchestrator.JudgeInput) (domain.Assessment, domain.Heuristics, error) {
	a := assessment(false)
	a.NextSearchQueries = []string{"metformin"}
	return a, domain.Heuristics{FinalScore: 50, SuggestedQueries: []string{"metformin"}}, nil
}

func TestJudgeHardErrorFailsTheRun(t *testing.T) {
	h := newHarness(t, newPapers(1), func(context.Context, int, orchestrator.JudgeInput) (domain.Assessment, error) {
		return domain.Assessment{}, domain.Errorf(domain.CodeUnavailable, "the ollama judge stopped answering (connection refused)")
	})
	run, err := h.o.Run(context.Background(), question, cfg(3))
	require.NoError(t, err)
	require.Equal(t, domain.RunFailed, run.Status)
	require.Equal(t, "failed: judge unavailable: the ollama judge stopped answering (connection refused)", run.StopReason)
	require.Equal(t, 1, h.searcher.Calls(), "no search after the judge stopped answering")
	rep, err := h.s.GetReport(context.Background(), run.ID)
	require.NoError(t, err, "a partial report is kept for a failed run with evidence")
	require.Equal(t, domain.ReportUnverified, rep.Status)
	require.Contains(t, rep.Markdown, "The run failed (judge unavailable: the ollama judge stopped answering (connection refused))")
}

func TestCancelMidRunKeepsPartialReport(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	search := func(ctx context.Context, n int, q []string) domain.SearchResult {
		if n == 2 {
			cancel()
			<-ctx.Done()
			return domain.SearchResult{Errors: []domain.SearchError{{Source: domain.SourcePubMed, Error: "context canceled"}}}
		}
		return newPapers(2)(ctx, n, q)
	}
	h := newHarness(t, search, always(assessment(false, "Metformin")))
	id, done, err := startAsync(ctx, h.o, question, cfg(5))
	require.NoError(t, err)
	require.NotEmpty(t, id)
	var run domain.Run
	select {
	case run = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("run did not stop after cancellation")
	}
	require.Equal(t, domain.RunCancelled, run.Status)
	require.Equal(t, orchestrator.StopCancelled, run.StopReason)
	events := storedEvents(t, h.s, id)
	require.Equal(t, domain.EventCancelled, events[len(events)-1].Type)
	require.Contains(t, events[len(events)-1].Message, id, "the message says how to resume")
	rep, err := h.s.GetReport(context.Background(), id)
	require.NoError(t, err)
	require.Equal(t, domain.ReportUnverified, rep.Status)
	require.Contains(t, rep.Markdown, "cancelled")
	require.Contains(t, rep.Markdown, "Metformin")
	stored, err := h.s.GetRun(context.Background(), id)
	require.NoError(t, err)
	require.Equal(t, domain.RunCancelled, stored.Status)
}

func TestResumeRepeatsNoFinishedSearchOrJudgeCall(t *testing.T) {
	cases := []struct {
		name          string
		crashAt       func(e domain.Event) bool
		judgeBefore   int32
		judgeAfter    int32
		searchesAfter int
	}{
		{
			// The judge answered iteration 2 and its assessment was stored, then the process died
			// before judge_complete was written: resume reuses the stored assessment.
			name:        "after the assessment was stored",
			crashAt:     func(e domain.Event) bool { return e.Type == domain.EventJudgeComplete && e.Iteration == 2 },
			judgeBefore: 2, judgeAfter: 3, searchesAfter: 3,
		},
		{
			// The process died right after iteration 2's search was recorded: resume judges
			// iteration 2 without searching it again.
			name:        "after a search",
			crashAt:     func(e domain.Event) bool { return e.Type == domain.EventJudging && e.Iteration == 2 },
			judgeBefore: 1, judgeAfter: 3, searchesAfter: 3,
		},
		{
			// The process died while iteration 2's search was running: its search is run again
			// (it never finished) and the first iteration's is not.
			name:        "during a search",
			crashAt:     func(e domain.Event) bool { return e.Type == domain.EventSearchComplete && e.Iteration == 2 },
			judgeBefore: 1, judgeAfter: 3, searchesAfter: 4,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			judge := func(_ context.Context, n int, in orchestrator.JudgeInput) (domain.Assessment, error) {
				a := assessment(n >= 3, "Metformin")
				a.NextSearchQueries = []string{"next " + drugWord(len(in.Evidence))}
				return a, nil
			}
			h := newHarness(t, newPapers(1), judge)
			cs := &crashStore{Store: h.s, crashAt: tc.crashAt}
			crashing, err := orchestrator.New(orchestrator.Deps{Searcher: h.searcher, Judge: h.judge, Store: cs, Emitter: h.emitter,
				Synthesizer: runs.Synthesizer{}, Verifier: runs.Verifier{V: verify.New(verify.Options{})}}, orchestrator.Options{Logger: slog.New(slog.DiscardHandler)})
			require.NoError(t, err)
			run, err := crashing.Run(context.Background(), question, cfg(5))
			require.ErrorIs(t, err, errCrashed)
			require.Equal(t, tc.judgeBefore, h.judge.calls.Load())
			searchesBefore := h.searcher.Calls()
			require.Equal(t, 2, searchesBefore)

			stored, err := h.s.GetRun(context.Background(), run.ID)
			require.NoError(t, err)
			require.Equal(t, domain.RunRunning, stored.Status, "a crashed run is left running (the store marks it interrupted on next open)")

			resumed, err := h.o.Resume(context.Background(), run.ID)
			require.NoError(t, err)
			require.Equal(t, domain.RunComplete, resumed.Status)
			require.Equal(t, orchestrator.StopSufficient, resumed.StopReason)
			require.Equal(t, tc.judgeAfter, h.judge.calls.Load(), "finished judge calls are not repeated")
			require.Equal(t, tc.searchesAfter, h.searcher.Calls(), "finished searches are not repeated")
			require.Equal(t, 3, resumed.Iterations)
			for i, q := range h.searcher.queries {
				for j, other := range h.searcher.queries {
					if i < j && tc.searchesAfter == 3 {
						require.NotEqual(t, q, other, "no query set was searched twice")
					}
				}
			}
			sc := ofType(storedEvents(t, h.s, run.ID), domain.EventSearchComplete)
			require.Equal(t, float64(1), data(t, sc[len(sc)-1])["new_count"])

			_, err = h.o.Resume(context.Background(), run.ID)
			require.ErrorContains(t, err, "already complete")
		})
	}
}

func TestFailedVerificationSearchesAgainBounded(t *testing.T) {
	// The judge insists on a drug the evidence never mentions: verification fails every time.
	h := newHarness(t, newPapers(1), always(assessment(true, "Metformin", "Donepezil")))
	run, err := h.o.Run(context.Background(), question, cfg(10))
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.NotNil(t, run.Verdict)
	require.False(t, *run.Verdict)
	events := h.emitter.Events()
	var rounds []domain.Event
	for _, e := range ofType(events, domain.EventLooping) {
		if data(t, e)["reason"] == "verification" {
			rounds = append(rounds, e)
		}
	}
	require.Len(t, rounds, 2, "at most 2 extra rounds")
	require.Contains(t, data(t, rounds[0])["next_queries"], "alzheimer disease AND donepezil", "the verifier's next step, rebuilt by the query builder")
	require.Equal(t, 3, run.Iterations)
	require.Equal(t, 3, count(events, domain.EventVerifying))
	rep, err := h.s.GetReport(context.Background(), run.ID)
	require.NoError(t, err)
	require.Equal(t, domain.ReportFailed, rep.Status)
	require.Contains(t, rep.Markdown, "**Donepezil** — ⚠ UNSUPPORTED")
	v, err := h.s.LatestVerdict(context.Background(), run.ID)
	require.NoError(t, err)
	require.Contains(t, v.Verdict.MissingItems, "unsupported drug candidate: Donepezil")
}

// TestResumeAfterLoopingEventStartsTheAnnouncedIteration covers a crash between a
// "looping" event and the next iteration's "searching" event: resume must start the
// announced iteration with the announced queries, not synthesise and verify again.
func TestResumeAfterLoopingEventStartsTheAnnouncedIteration(t *testing.T) {
	h := newHarness(t, newPapers(1), always(assessment(true, "Metformin", "Donepezil")))
	cs := &crashStore{Store: h.s, crashAt: func(e domain.Event) bool {
		return e.Type == domain.EventSearching && e.Iteration == 2
	}}
	crashing, err := orchestrator.New(orchestrator.Deps{Searcher: h.searcher, Judge: h.judge, Store: cs, Emitter: h.emitter,
		Synthesizer: runs.Synthesizer{}, Verifier: runs.Verifier{V: verify.New(verify.Options{})}}, orchestrator.Options{Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	run, err := crashing.Run(context.Background(), question, cfg(10))
	require.ErrorIs(t, err, errCrashed)
	before := storedEvents(t, h.s, run.ID)
	require.Equal(t, domain.EventLooping, before[len(before)-1].Type, "the crash came right after the verification looping event")
	announced := data(t, before[len(before)-1])["next_queries"]

	resumed, err := h.o.Resume(context.Background(), run.ID)
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, resumed.Status)
	events := storedEvents(t, h.s, run.ID)
	require.Equal(t, 1, countAt(events, domain.EventVerifying, 1), "iteration 1 is verified once, not again on resume")
	var rounds int
	for _, e := range ofType(events, domain.EventLooping) {
		if data(t, e)["reason"] == "verification" {
			rounds++
		}
	}
	require.Equal(t, 2, rounds, "the bound of 2 extra rounds is not reached early")
	require.Equal(t, 3, resumed.Iterations)
	searching := ofType(events, domain.EventSearching)
	require.Equal(t, announced, data(t, searching[1])["queries"], "iteration 2 searches the announced queries")
}

func countAt(events []domain.Event, typ domain.EventType, iteration int) int {
	n := 0
	for _, e := range events {
		if e.Type == typ && e.Iteration == iteration {
			n++
		}
	}
	return n
}

func TestNoExtraRoundWhenNoIterationsLeft(t *testing.T) {
	h := newHarness(t, newPapers(1), always(assessment(true, "Donepezil")))
	run, err := h.o.Run(context.Background(), question, cfg(1))
	require.NoError(t, err)
	require.Equal(t, 1, run.Iterations)
	require.False(t, *run.Verdict)
}

// erringVerifier stands in for an LLM verifier whose provider is down.
type erringVerifier struct{}

func (erringVerifier) Verify(context.Context, orchestrator.VerifyInput) (orchestrator.VerifyResult, error) {
	return orchestrator.VerifyResult{}, domain.Wrap(domain.CodeUnavailable, errors.New("dial tcp: refused"), "the LLM verifier failed: Ollama is not answering")
}

func TestVerifierErrorLeavesReportUnverified(t *testing.T) {
	h := newHarness(t, newPapers(1), always(assessment(true, "Metformin")), func(d *orchestrator.Deps) { d.Verifier = erringVerifier{} })
	run, err := h.o.Run(context.Background(), question, cfg(3))
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.Nil(t, run.Verdict, "never a silent pass")
	rep, err := h.s.GetReport(context.Background(), run.ID)
	require.NoError(t, err)
	require.Equal(t, domain.ReportUnverified, rep.Status)
	require.Contains(t, rep.Markdown, "UNVERIFIED: the report could not be verified (the LLM verifier failed: Ollama is not answering)")
	require.NotContains(t, rep.Markdown, "refused", "internal details stay in logs")
}

func TestCreateValidates(t *testing.T) {
	h := newHarness(t, newPapers(1), always(assessment(true)))
	_, err := h.o.Create(context.Background(), "  ", cfg(3))
	require.ErrorContains(t, err, "question is empty")
	bad := cfg(3)
	bad.MaxIterations = 11
	_, err = h.o.Create(context.Background(), question, bad)
	require.ErrorContains(t, err, "max_iterations must be between 1 and 10, got 11")
	require.Equal(t, 0, h.searcher.Calls())
}

func TestAppraiserSeesOnlyNewEvidence(t *testing.T) {
	var seen []int
	appraiser := orchestrator.AppraiserFunc(func(_ context.Context, evs []domain.Evidence, _ map[string]domain.FullText) (map[string]domain.Appraisal, error) {
		seen = append(seen, len(evs))
		m := map[string]domain.Appraisal{}
		for _, ev := range evs {
			m[ev.CanonicalKey()] = domain.Appraisal{Weight: 0.5}
		}
		return m, nil
	})
	var judged []int
	h := newHarness(t, newPapers(2), func(_ context.Context, n int, in orchestrator.JudgeInput) (domain.Assessment, error) {
		judged = append(judged, len(in.Appraisals))
		return assessment(n == 2, "Metformin"), nil
	}, func(d *orchestrator.Deps) { d.Appraiser = appraiser })
	_, err := h.o.Run(context.Background(), question, cfg(3))
	require.NoError(t, err)
	require.Equal(t, []int{2, 2}, seen)
	require.Equal(t, []int{2, 4}, judged)
	require.Equal(t, 2, count(h.emitter.Events(), domain.EventAppraising))
}

// TestResumeAfterAnOutageSearchesAgain: a run that failed because every source was down is
// resumed by searching the iteration it stopped in again: still down, it fails again (one
// more search, no judge call); back up, it finds evidence and completes.
func TestResumeAfterAnOutageSearchesAgain(t *testing.T) {
	var down atomic.Bool
	down.Store(true)
	search := func(_ context.Context, n int, _ []string) domain.SearchResult {
		if down.Load() {
			var res domain.SearchResult
			for _, s := range domain.DefaultRunConfig().Sources {
				res.Errors = append(res.Errors, domain.SearchError{Source: s, Error: "cannot connect"})
			}
			return res
		}
		return domain.SearchResult{Evidence: []domain.Evidence{paper(n)}, SourcesSearched: []domain.Source{domain.SourcePubMed}, TotalFound: 1}
	}
	h := newHarness(t, search, func(_ context.Context, _ int, in orchestrator.JudgeInput) (domain.Assessment, error) {
		return assessment(len(in.Evidence) > 0, "Metformin"), nil
	})
	run, err := h.o.Run(context.Background(), question, cfg(5))
	require.NoError(t, err)
	require.Equal(t, domain.RunFailed, run.Status)
	require.Equal(t, 2, h.searcher.Calls())
	judged := h.judge.calls.Load()

	again, err := h.o.Resume(context.Background(), run.ID)
	require.NoError(t, err)
	require.Equal(t, domain.RunFailed, again.Status, "sources that still fail end the run failed again")
	require.Equal(t, 3, h.searcher.Calls(), "the resume searched")
	require.Equal(t, judged, h.judge.calls.Load(), "an outage is not judged")

	down.Store(false)
	done, err := h.o.Resume(context.Background(), run.ID)
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, done.Status)
	require.Equal(t, orchestrator.StopSufficient, done.StopReason)
	require.Equal(t, 4, h.searcher.Calls())
	ev, err := h.s.RunEvidence(context.Background(), run.ID)
	require.NoError(t, err)
	require.Len(t, ev, 1)
}

// TestTakenOverRunWritesNothingMore: when another process has taken the run over (this one
// stalled past its lease), the loop stops without writing its cancellation — no "cancelled"
// event, partial report or status over the run the other process owns — whether the runner
// noticed first (the context's cause) or the store refused the loop's next write.
func TestTakenOverRunWritesNothingMore(t *testing.T) {
	cases := []struct {
		name string
		// judge runs inside the judge call: the takeover happens there.
		judge func(ctx context.Context, s *store.Store, runID string, cancel context.CancelCauseFunc) (domain.Assessment, error)
	}{
		{"the runner saw the takeover and stopped the run", func(ctx context.Context, _ *store.Store, _ string, cancel context.CancelCauseFunc) (domain.Assessment, error) {
			cancel(domain.ErrTakenOver)
			return domain.Assessment{}, context.Cause(ctx)
		}},
		{"the store refused the next write", func(ctx context.Context, s *store.Store, runID string, _ context.CancelCauseFunc) (domain.Assessment, error) {
			thief := domain.RunLease{RunID: runID, Holder: "b", Host: "elsewhere", PID: 2, ExpiresAt: time.Now().Add(time.Hour)}
			if err := s.AcquireRunLease(context.Background(), thief, func(domain.RunLease) bool { return true }); err != nil {
				return domain.Assessment{}, err
			}
			return assessment(false, "Metformin"), nil
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var (
				runID  string
				cancel context.CancelCauseFunc
				h      *harness
			)
			h = newHarness(t, newPapers(2), func(ctx context.Context, _ int, _ orchestrator.JudgeInput) (domain.Assessment, error) {
				return tc.judge(ctx, h.s, runID, cancel)
			})
			run, err := h.o.Create(context.Background(), question, cfg(3))
			require.NoError(t, err)
			runID = run.ID
			lease := domain.RunLease{RunID: runID, Holder: "a", Host: "here", PID: 1, ExpiresAt: time.Now().Add(time.Hour)}
			require.NoError(t, h.s.AcquireRunLease(context.Background(), lease, nil))
			var ctx context.Context
			ctx, cancel = context.WithCancelCause(domain.WithLease(context.Background(), lease))
			defer cancel(nil)

			_, err = h.o.Execute(ctx, runID)
			require.ErrorIs(t, err, domain.ErrTakenOver)
			events := storedEvents(t, h.s, runID)
			require.Equal(t, domain.EventJudging, events[len(events)-1].Type, "events were written after the takeover: %v", types(events))
			stored, err := h.s.GetRun(context.Background(), runID)
			require.NoError(t, err)
			require.Equal(t, domain.RunRunning, stored.Status)
			_, err = h.s.GetReport(context.Background(), runID)
			require.Equal(t, domain.CodeNotFound, domain.CodeOf(err), "a partial report was written after the takeover")
			as, err := h.s.ListAssessments(context.Background(), runID)
			require.NoError(t, err)
			require.Empty(t, as)
		})
	}
}

// silentFallback is the judge's fallback when the provider gave no answer (unavailable) or
// an answer that did not validate (not unavailable).
func silentFallback(unavailable bool) domain.Assessment {
	a := assessment(false)
	a.Details.DrugCandidates, a.Details.KeyFindings = []string{}, []string{}
	a.Details.MechanismScore, a.Details.ClinicalEvidenceScore, a.Confidence = 0, 0, 0
	a.Judge = domain.JudgeInfo{Provider: domain.ProviderOllama, Model: "llama3", Kind: domain.JudgeKindFallback,
		Error: "ollama (llama3): ollama is unavailable [HTTP 500]", Unavailable: unavailable}
	if !unavailable {
		a.Judge.Error = "no valid answer after 3 attempt(s)"
	}
	return a
}

// TestRunNeverCompletesOnAnUnansweredLastAssessment: the judge's fallback for a call the
// provider did not answer (down, HTTP 5xx, timed out) lets the search go on while searches
// are left, but ends the run failed, "judge unavailable", when it would be the assessment the
// run completes on; the fallback is not stored, so a resume asks the judge again. A fallback
// for an answer that could not be read (an HTML page, cut-off JSON, plain text) ends the
// same way: no judge assessed the evidence the run would complete on.
func TestRunNeverCompletesOnAnUnansweredLastAssessment(t *testing.T) {
	cases := []struct {
		name  string
		max   int
		judge orchestrator.Judge
		// failed: the run ends failed "judge unavailable" at iteration failedAt.
		failed   bool
		failedAt int
		// said is how the reason says the judge failed, when it is not the unanswered call.
		said string
	}{
		{"unanswered in the last iteration", 2, nil, true, 2, ""},
		{"unanswered with no search left", 10, orchestrator.JudgeFunc(func(context.Context, orchestrator.JudgeInput) (domain.Assessment, domain.Heuristics, error) {
			a := silentFallback(true)
			a.NextSearchQueries = []string{"metformin"}
			return a, domain.Heuristics{SuggestedQueries: []string{"metformin"}}, nil
		}), true, 2, ""},
		{"invalid answer in the last iteration", 2, orchestrator.JudgeFunc(func(context.Context, orchestrator.JudgeInput) (domain.Assessment, domain.Heuristics, error) {
			return silentFallback(false), domain.Heuristics{}, nil
		}), true, 2, "failed: judge unavailable: the ollama judge gave no valid answer (no valid answer after 3 attempt(s)); " +
			"the evidence is kept: resume the run to ask it again, or re-judge it with another judge"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var answering atomic.Bool // the provider is back
			h := newHarness(t, newPapers(1), func(_ context.Context, n int, _ orchestrator.JudgeInput) (domain.Assessment, error) {
				if answering.Load() {
					return assessment(true, "Metformin"), nil
				}
				a := silentFallback(true)
				a.NextSearchQueries = []string{"next " + drugWord(n)}
				return a, nil
			}, func(d *orchestrator.Deps) {
				if tc.judge != nil {
					d.Judge = tc.judge
				}
			})
			run, err := h.o.Run(context.Background(), "Is metformin safe?", cfg(tc.max))
			require.NoError(t, err)
			if !tc.failed {
				require.Equal(t, domain.RunComplete, run.Status)
				require.Equal(t, orchestrator.StopMaxIterations, run.StopReason)
				return
			}
			require.Equal(t, domain.RunFailed, run.Status, run.StopReason)
			require.Equal(t, tc.failedAt, run.Iterations)
			want := "failed: judge unavailable: the ollama judge did not answer (ollama (llama3): ollama is unavailable [HTTP 500]); " +
				"the evidence is kept: resume the run when it answers"
			if tc.said != "" {
				want = tc.said
			}
			require.Equal(t, want, run.StopReason)
			as, err := h.s.ListAssessments(context.Background(), run.ID)
			require.NoError(t, err)
			for _, a := range as {
				require.Less(t, a.Iteration, tc.failedAt, "the unanswered last assessment was stored")
			}
			if tc.judge != nil {
				return
			}
			answering.Store(true)
			resumed, err := h.o.Resume(context.Background(), run.ID)
			require.NoError(t, err)
			require.Equal(t, domain.RunComplete, resumed.Status)
			require.Equal(t, orchestrator.StopSufficient, resumed.StopReason)
		})
	}
}

// TestCancelledEventSaysWhetherAReportIsKept: the "cancelled" event says the partial report
// is kept only when one was written; a run cancelled in its first search has none (History
// then says "No report was written"), and its event says so.
func TestCancelledEventSaysWhetherAReportIsKept(t *testing.T) {
	cases := []struct {
		name     string
		cancelAt int // the search call that is cancelled
		kept     bool
		msg      string
	}{
		{"in the first search", 1, false, "Research cancelled before any evidence was stored: its report says only that; resume with run id "},
		{"in the second search", 2, true, "Research cancelled: the partial report is kept; resume with run id "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			search := func(ctx context.Context, n int, q []string) domain.SearchResult {
				if n == tc.cancelAt {
					cancel()
					<-ctx.Done()
				}
				return newPapers(2)(ctx, n, q)
			}
			h := newHarness(t, search, always(assessment(false, "Metformin")))
			run, err := h.o.Run(ctx, question, cfg(5))
			require.NoError(t, err)
			require.Equal(t, domain.RunCancelled, run.Status)
			events := storedEvents(t, h.s, run.ID)
			last := events[len(events)-1]
			require.Equal(t, domain.EventCancelled, last.Type)
			require.Equal(t, tc.msg+run.ID, last.Message)
			_, err = h.s.GetReport(context.Background(), run.ID)
			if tc.kept {
				require.NoError(t, err)
			} else {
				require.Equal(t, domain.CodeNotFound, domain.CodeOf(err))
			}
		})
	}
}
