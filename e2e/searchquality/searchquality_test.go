// Package searchquality measures whether the research loop finds the paper that answers a
// question on a search engine with PubMed's semantics: the real orchestrator, offline
// judge, report writer and SQLite store, with the real PubMed client talking HTTP to the
// semantic E-utilities fake over the shared MEDLINE + PubMedQA corpus. Only the network
// is replaced.
//
// Run: DC_BENCH_SEARCH=1 go test ./e2e/searchquality -run TestLoopRecall -v  (all 500
// questions, a few minutes; scripts/bench.sh does this). Without DC_BENCH_SEARCH the first
// 60 questions are run; SEARCHQUALITY_N sets another number, SEARCHQUALITY_ITER the run's
// iterations (default 2; 1 shows what the first search alone collects).
package searchquality

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/judge"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/runs"
	"deepcritical/backend/search"
	"deepcritical/backend/search/pubmed"
	"deepcritical/backend/store"
	"deepcritical/internal/fakes/eutils"
	"deepcritical/internal/sharedtest"
)

func dataDir(t testing.TB) string { return sharedtest.Path(t, "data") }

// heldOut puts one question in five (by a hash of its PMID) in the held-out split; the
// query builder's word lists were written looking at the other four only.
func heldOut(pmid string) bool {
	h := fnv.New32a()
	h.Write([]byte(pmid))
	return h.Sum32()%5 == 0
}

type figures struct {
	n, found, verbatim, keywordOR      int
	attempts, zeroAttempts             int
	queries, emptyQueries, relaxations int
	offTopic, evidence                 int
	// noise counts collected items that share no topical MeSH heading with the paper that
	// answers the question: an independent measure of off-topic evidence, not the run's own.
	// collected counts the items other than the answering paper; the share is over
	// all the evidence a run collected (the answering paper included, when found: it is
	// collected evidence and on-topic), so both shares are printed.
	noise, collected int
	esearch, efetch  int64
	iterations       int
}

func (f figures) line(name string) string {
	pct := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	return fmt.Sprintf("%-14s %3d questions: loop recall %.1f %% | verbatim question %.1f %% | keyword-OR %.1f %% | "+
		"esearch attempts with 0 hits %.1f %% (%d/%d) | queries that found nothing after relaxation %.1f %% (%d/%d) | "+
		"relaxations %d | off-topic evidence %.1f %% | no topical MeSH shared with the answer %.1f %% of all collected (%d/%d), %.1f %% of the items beside it | PubMed requests per iteration %.2f (esearch %.2f, efetch %.2f)",
		name, f.n, pct(f.found, f.n), pct(f.verbatim, f.n), pct(f.keywordOR, f.n), pct(f.zeroAttempts, f.attempts), f.zeroAttempts, f.attempts,
		pct(f.emptyQueries, f.queries), f.emptyQueries, f.queries, f.relaxations, pct(f.offTopic, f.evidence), pct(f.noise, f.collected+f.found), f.noise, f.collected+f.found, pct(f.noise, f.collected),
		float64(f.esearch+f.efetch)/float64(max(f.iterations, 1)), float64(f.esearch)/float64(max(f.iterations, 1)), float64(f.efetch)/float64(max(f.iterations, 1)))
}

func TestLoopRecall(t *testing.T) {
	if testing.Short() {
		t.Skip("search-quality measurement skipped in -short mode")
	}
	// A measurement over 60 real questions: the loop's concurrency is raced by
	// TestSuggestedQuestions and the orchestrator's own tests; here -race only costs time.
	sharedtest.SkipUnderRace(t)
	recs, qa, err := eutils.LoadCorpus(dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	engine := eutils.NewEngine(recs)
	byPMID := map[string]eutils.Record{}
	for _, r := range recs {
		byPMID[r.PMID] = r
	}
	srv := eutils.NewServer(engine)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	limit := 60
	if os.Getenv("DC_BENCH_SEARCH") != "" {
		limit = len(qa)
	}
	if n, err := strconv.Atoi(os.Getenv("SEARCHQUALITY_N")); err == nil && n > 0 {
		limit = n
	}
	if limit < len(qa) {
		qa = qa[:limit]
	}
	if only := os.Getenv("SEARCHQUALITY_PMIDS"); only != "" { // debugging: these questions only
		keep := qa[:0]
		for _, it := range qa {
			if strings.Contains(","+only+",", ","+it.PMID+",") {
				keep = append(keep, it)
			}
		}
		qa = keep
	}

	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "dc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	client := pubmed.New(pubmed.Options{BaseURL: hs.URL, HTTPClient: hs.Client(), Limiter: rate.NewLimiter(rate.Inf, 1)})
	fan := search.NewFanout([]search.Source{client}, search.FanoutOptions{Timeout: 30 * time.Second})
	orc, err := orchestrator.New(orchestrator.Deps{Searcher: fan, Judge: runs.Judge{J: judge.NewOffline()}, Store: st,
		Synthesizer: runs.Synthesizer{}}, orchestrator.Options{MaxVerifyRounds: -1})
	if err != nil {
		t.Fatal(err)
	}
	cfg := domain.DefaultRunConfig()
	cfg.Sources = []domain.Source{domain.SourcePubMed}
	cfg.MaxIterations = 2
	if n, err := strconv.Atoi(os.Getenv("SEARCHQUALITY_ITER")); err == nil && n > 0 {
		cfg.MaxIterations = n
	}

	var figs [2]figures
	for _, it := range qa {
		f := &figs[0]
		if heldOut(it.PMID) {
			f = &figs[1]
		}
		f.n++
		// Baselines on the same engine: the question verbatim, and an OR of its words
		// (stopwords out) ranked by Best Match; top max-results-per-source ids.
		if out, err := engine.Search(it.Question, "relevance"); err == nil && inTop(out.IDs, it.PMID, cfg.MaxResultsPerSource) {
			f.verbatim++
		}
		if out, err := engine.Search(keywordOR(it.Question), "relevance"); err == nil && inTop(out.IDs, it.PMID, cfg.MaxResultsPerSource) {
			f.keywordOR++
		}
		es0, ef0 := srv.ESearches.Load(), srv.EFetches.Load()
		run, err := orc.Run(ctx, it.Question, cfg)
		if err != nil {
			t.Logf("%s %q: %v", it.PMID, it.Question, err)
			continue
		}
		f.esearch += srv.ESearches.Load() - es0
		f.efetch += srv.EFetches.Load() - ef0
		f.iterations += run.Iterations
		evs, err := st.RunEvidence(ctx, run.ID)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, ev := range evs {
			if ev.Citation.PMID == it.PMID {
				found = true
			}
		}
		answerMeSH := topicalMeSH(byPMID[it.PMID].MeSH)
		for _, ev := range evs {
			if ev.Citation.PMID == it.PMID {
				continue
			}
			f.collected++
			shared := false
			for _, m := range ev.Citation.MeshTerms {
				if answerMeSH[strings.ToLower(strings.Trim(strings.SplitN(m, "/", 2)[0], "* "))] {
					shared = true
				}
			}
			if !shared {
				f.noise++
				if os.Getenv("SEARCHQUALITY_NOISE") != "" {
					t.Logf("NOISE %s q=%q | item %s %q mesh=%v | answer mesh=%v", it.PMID, it.Question, ev.Citation.PMID, ev.Citation.Title, ev.Citation.MeshTerms, byPMID[it.PMID].MeSH)
				}
			}
		}
		if found {
			f.found++
		} else if testing.Verbose() {
			t.Logf("missed %s %q", it.PMID, it.Question)
		}
		events, err := st.ListEvents(ctx, run.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		var last *domain.QueryEvent
		flush := func() {
			if last != nil {
				f.queries++
				if last.Count == 0 {
					f.emptyQueries++
				}
			}
		}
		for _, e := range events {
			switch e.Type {
			case domain.EventQuery:
				var q domain.QueryEvent
				if err := json.Unmarshal(e.Data, &q); err != nil {
					t.Fatal(err)
				}
				f.attempts++
				if q.Count == 0 {
					f.zeroAttempts++
				}
				if os.Getenv("SEARCHQUALITY_DEBUG") != "" {
					t.Logf("%s it%d a%d count=%d %s | %s", it.PMID, e.Iteration, q.Attempt, q.Count, q.Query, q.Relaxation)
				}
				if q.Attempt == 1 {
					flush()
				} else {
					f.relaxations++
				}
				last = &q
			case domain.EventSearchComplete:
				var d struct {
					OffTopic int `json:"off_topic_count"`
					Total    int `json:"total_count"`
				}
				json.Unmarshal(e.Data, &d)
				if e.Iteration == run.Iterations {
					f.offTopic += d.OffTopic
					f.evidence += d.Total
				}
			}
		}
		flush()
	}
	all := figs[0]
	h := figs[1]
	all.n += h.n
	all.found += h.found
	all.verbatim += h.verbatim
	all.keywordOR += h.keywordOR
	all.attempts += h.attempts
	all.zeroAttempts += h.zeroAttempts
	all.queries += h.queries
	all.emptyQueries += h.emptyQueries
	all.relaxations += h.relaxations
	all.offTopic += h.offTopic
	all.noise += h.noise
	all.collected += h.collected
	all.evidence += h.evidence
	all.esearch += h.esearch
	all.efetch += h.efetch
	all.iterations += h.iterations
	for _, l := range []string{figs[0].line("tuning split"), figs[1].line("held-out split"), all.line("all")} {
		t.Log(l)
		fmt.Println("SEARCHQUALITY " + l)
	}
	met := func(ok bool) string {
		if ok {
			return "met"
		}
		return "MISSED"
	}
	for i, name := range []string{"tuning", "heldout"} {
		f := figs[i]
		if f.n == 0 {
			continue
		}
		recall := float64(f.found) / float64(f.n)
		zero := float64(f.zeroAttempts) / float64(max(f.attempts, 1))
		empty := float64(f.emptyQueries) / float64(max(f.queries, 1))
		reqs := float64(f.esearch+f.efetch) / float64(max(f.iterations, 1))
		fmt.Printf("figure: search.loop_recall.%s: %.3f (%d questions; issue 10's target >= 0.85: %s; issue 26's >= 0.95: %s)\n", name, recall, f.n, met(recall >= 0.85), met(recall >= 0.95))
		fmt.Printf("figure: search.zero_hit_esearch_share.%s: %.3f (every esearch attempt; target <= 0.25: %s)\n", name, zero, met(zero <= 0.25))
		fmt.Printf("figure: search.queries_empty_after_relaxation.%s: %.3f\n", name, empty)
		fmt.Printf("figure: search.baseline_verbatim_recall.%s: %.3f\n", name, float64(f.verbatim)/float64(f.n))
		fmt.Printf("figure: search.baseline_keyword_or_recall.%s: %.3f\n", name, float64(f.keywordOR)/float64(f.n))
		noise := float64(f.noise) / float64(max(f.collected+f.found, 1))
		fmt.Printf("figure: search.collected_sharing_no_topical_mesh_with_answer.%s: %.3f (%d of %d collected items, the answering paper included; target <= 0.30: %s)\n", name, noise, f.noise, f.collected+f.found, met(noise <= 0.30))
		fmt.Printf("figure: search.items_beside_the_answer_sharing_no_topical_mesh.%s: %.3f (%d of %d items other than the answering paper)\n", name, float64(f.noise)/float64(max(f.collected, 1)), f.noise, f.collected)
		fmt.Printf("figure: search.pubmed_requests_per_iteration.%s: %.2f (target <= 2: %s)\n", name, reqs, met(reqs <= 2))
		if f.n >= 20 && recall < 0.85 {
			t.Errorf("%s split: recall %.3f (target ≥ 0.85)", name, recall)
		}
	}
	// The 0-hit target (≤ 25 %) is reported above as met or MISSED, not asserted: on the
	// held-out split it is missed (27.6 % on 500 questions). The assertion guards against a
	// regression towards the 93 % this issue started from.
	if zero := float64(all.zeroAttempts) / float64(max(all.attempts, 1)); zero > 0.30 {
		t.Errorf("share of esearch attempts with 0 hits %.3f over all questions (regression guard ≤ 0.30; target ≤ 0.25)", zero)
	}
}

func inTop(ids []string, pmid string, n int) bool {
	for i, id := range ids {
		if i >= n {
			break
		}
		if id == pmid {
			return true
		}
	}
	return false
}

// keywordOR is the question's words without stopwords, ORed.
func keywordOR(q string) string {
	var ws []string
	for _, w := range concepts.Words(q) {
		if strings.ContainsRune(w, '-') || concepts.IsStopword(w) {
			continue
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, " OR ")
}

// checkTags are MeSH headings that describe a study's subjects or design, not its topic.
var checkTags = map[string]bool{"humans": true, "female": true, "male": true, "adult": true, "aged": true,
	"middle aged": true, "animals": true, "child": true, "adolescent": true, "young adult": true,
	"aged, 80 and over": true, "infant": true, "child, preschool": true, "infant, newborn": true,
	"pregnancy": true, "mice": true, "rats": true, "retrospective studies": true, "prospective studies": true,
	"follow-up studies": true, "treatment outcome": true, "risk factors": true, "time factors": true,
	"cross-sectional studies": true, "cohort studies": true, "questionnaires": true, "surveys and questionnaires": true,
	"reproducibility of results": true, "sensitivity and specificity": true, "prognosis": true, "incidence": true,
	"prevalence": true, "logistic models": true, "multivariate analysis": true, "case-control studies": true,
	"double-blind method": true, "single-blind method": true, "age factors": true, "sex factors": true}

// topicalMeSH are a record's MeSH headings less the check tags, lower-case.
func topicalMeSH(hs []eutils.Heading) map[string]bool {
	out := map[string]bool{}
	for _, h := range hs {
		n := strings.ToLower(strings.TrimSpace(h.Name))
		if n != "" && !checkTags[n] {
			out[n] = true
		}
	}
	return out
}
