package pubmed

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/search/querybuild"
)

// Count-aware relaxation: esearch's Count decides what happens to a query that finds too
// little. Bounded so one query costs at most maxAttempts esearch requests.
const (
	// maxAttempts bounds the relaxation levels of one query (first try + relaxations); all
	// the relaxed levels of a call go into one esearch.
	maxAttempts = 3
	// narrowAbove is the Count over which a query is narrowed to trials and reviews by
	// publication type (a filter, never free-text words), keeping the unfiltered hits
	// when the filter leaves fewer than max.
	narrowAbove = 5000
	// wideNetTake is how many papers a relaxed search keeps when it had to cut the question
	// to one concept: such a search matches every paper on that concept ("hospitals",
	// "diabetes"), so only its Best Match head (ranked by all the words of the OR, the
	// question's other concepts included) is likely to answer the question; taking a full
	// page of it filled runs with papers sharing one word with the question.
	wideNetTake = 3
	// bestMatchTake is how many papers the last resort keeps (see lastResort): the head of
	// the Best Match ranking of the question's words, one paper, so a question whose concepts
	// are worded otherwise in the index ("SbCC" for sebaceous cell carcinoma, only a MeSH
	// heading for "facial palsy") still reaches the paper sharing most of its words, and no
	// page of papers sharing one word with it.
	bestMatchTake = 1
)

// designFilter is PubMed's publication-type filter for the study designs that answer a
// clinical question best.
const designFilter = `(randomized controlled trial[pt] OR meta-analysis[pt] OR systematic review[pt])`

// combineQueries ORs the queries of one call into the single query the first esearch sends.
func combineQueries(qs []string) string {
	if len(qs) == 1 {
		return qs[0]
	}
	parts := make([]string, len(qs))
	for i, q := range qs {
		parts[i] = "(" + q + ")"
	}
	return strings.Join(parts, " OR ")
}

// withCoreForms adds, after the queries, the core of each query of three or more concepts:
// its first two concepts (the condition and the next most important). The OR then finds
// what the core finds, and Best Match still ranks the papers that match the whole query
// first, so a missing word in a minor concept no longer costs a relaxation esearch.
func withCoreForms(queries []string) []string {
	out := append([]string(nil), queries...)
	keys := map[string]bool{}
	for _, q := range queries {
		keys[querybuild.Key(q)] = true
	}
	for _, q := range queries {
		groups, err := querybuild.Groups(q)
		if err != nil || len(groups) < 3 {
			continue
		}
		core := joinGroups(groups[:2])
		if k := querybuild.Key(core); !keys[k] {
			keys[k] = true
			out = append(out, core)
		}
	}
	return out
}

// searchCombined runs the queries of one call as ONE esearch of their OR, with count-aware
// relaxation driven by that esearch's Count:
//
//   - at least max hits (the common case): done; the set stays on the history server and
//     one efetch by WebEnv and query_key reads it;
//   - more than narrowAbove hits: one more esearch narrows to trials and reviews by
//     publication type (a filter, never free-text words), keeping the unfiltered hits
//     after the filtered ones when the filter leaves too few;
//   - fewer than max hits: no query of the OR can have more, so each query is relaxed
//     (relaxOnce, repeated up to maxAttempts-1 times: drop the least specific concept,
//     then OR the words) and all the relaxed forms are sent as ONE more esearch, their
//     OR. The ids of the first try rank first.
//
// A query OR that still finds nothing is reported in its last event. The returned result
// carries a WebEnv and QueryKey only when the history set is exactly the ids to fetch.
func (c *Client) searchCombined(ctx context.Context, queries []string, max int) (ESearchResult, []domain.QueryEvent, error) {
	var (
		evs    []domain.QueryEvent
		merged ESearchResult
		seen   = map[string]bool{}
		want   = max * len(queries)
		webEnv string
	)
	add := func(ids []string) {
		for _, id := range ids {
			if !seen[id] && len(merged.IDs) < want {
				seen[id] = true
				merged.IDs = append(merged.IDs, id)
			}
		}
	}
	// Each esearch's warnings stay with the form it sent and what that form found: a "No
	// items found" of the first try is never read as said of the relaxed form that found 13.
	keepNotes := func(r ESearchResult, q string) {
		merged.attemptNotes = append(merged.attemptNotes, r.notes(q)...)
		if merged.Translation == "" {
			merged.Translation = r.Translation
		}
	}
	send := func(q string, attempt int, relax string) (ESearchResult, domain.QueryEvent, error) {
		r, err := c.esearch(ctx, q, want, true, webEnv)
		ev := domain.QueryEvent{Source: domain.SourcePubMed, Query: q, Count: r.Hits(), Attempt: attempt, Relaxation: relax}
		if err != nil {
			ev.Count = -1
			ev.Error = domain.SafeMessage(err)
			if ev.Error == "internal error" {
				ev.Error = err.Error()
			}
			return r, ev, err
		}
		if r.WebEnv != "" {
			webEnv = r.WebEnv
		}
		for _, w := range r.NotFound {
			if w = strings.TrimSpace(w); w != "" {
				ev.NotFound = append(ev.NotFound, w)
			}
		}
		notes := r.notes(q)
		if strings.TrimSpace(r.Translation) == "" && ev.Count <= 0 {
			notes = append(notes, fmt.Sprintf("query %s: PubMed could not translate the query (empty QueryTranslation)", quoted(q)))
		}
		ev.Error = strings.Join(notes, "; ")
		if ev.Count < 0 {
			ev.Count = len(r.IDs)
		}
		return r, ev, nil
	}

	current := withCoreForms(queries)
	// Relaxed forms an earlier iteration of this run deferred ride along in this first
	// esearch, so the relaxation costs no request of its own.
	runID := domain.RunIDFrom(ctx)
	carried := c.deferred.take(runID)
	first, carriedNote := current, ""
	if len(carried.forms) > 0 {
		first = appendNew(current, carried.forms)
		carriedNote = "with the relaxed forms the previous iteration deferred: " + carried.what
	}
	q := combineQueries(first)
	r, ev, err := send(q, 1, carriedNote)
	evs = append(evs, ev)
	if err != nil {
		return merged, evs, err
	}
	keepNotes(r, q)
	count := ev.Count
	if count > narrowAbove && !strings.Contains(strings.ToLower(q), "[pt]") {
		nq := "(" + q + ") AND " + designFilter
		nr, nev, nerr := send(nq, 2, fmt.Sprintf("narrowed to randomized trials, meta-analyses and systematic reviews (publication type) because the query found %d papers", count))
		evs = append(evs, nev)
		if nerr == nil && nev.Count >= want {
			merged.IDs, merged.WebEnv, merged.QueryKey = nr.IDs, nr.WebEnv, nr.QueryKey
			return merged, evs, nil
		}
		if nerr == nil {
			keepNotes(nr, nq)
			add(nr.IDs)
		}
		add(r.IDs)
		return merged, evs, nil
	}
	add(r.IDs)
	if count >= max {
		merged.WebEnv, merged.QueryKey = r.WebEnv, r.QueryKey
		return merged, evs, nil
	}
	// Too few: every relaxation step (up to maxAttempts-1 per query) goes into ONE more
	// esearch, their OR, so a low count costs one request, not one per step. The ids of
	// the first try rank first; Best Match ranks the rest by the words they share.
	var (
		next []string
		what []string
		keys = map[string]bool{}
	)
	pq, hasQ := domain.QuestionFrom(ctx)
	var question *domain.ParsedQuestion
	if hasQ {
		question = &pq
	}
	for _, cq := range current {
		form := cq
		for step := 1; step < maxAttempts; step++ {
			nq, w := relaxOnce(form, step, count, question)
			if nq == "" || querybuild.Key(nq) == querybuild.Key(form) {
				break
			}
			what = append(what, fmt.Sprintf("%s: %s", quoted(form), w))
			form = nq
			if k := querybuild.Key(nq); !keys[k] {
				keys[k] = true
				next = append(next, nq)
			}
		}
	}
	if len(next) > 0 {
		why := "no hits"
		if count > 0 {
			why = fmt.Sprintf("only %d hits", count)
		}
		// Some papers were found and the loop will search again: the relaxed forms go into
		// the next iteration's esearch instead of one more request now. On the run's last
		// iteration a search that already carried the previous iteration's relaxed forms and
		// found papers stops there. With nothing found, or outside a run, they are sent at once.
		iter, inLoop := domain.IterationFrom(ctx)
		switch {
		case count == 0 || !inLoop || runID == "":
		case !iter.Last():
			c.deferred.put(runID, deferral{forms: next, what: fmt.Sprintf("%s (%s)", strings.Join(what, "; "), why)})
			evs[len(evs)-1].Relaxation = joinNotes(evs[len(evs)-1].Relaxation, why+": relaxed forms deferred to the next iteration's search")
			return merged, evs, nil
		case len(carried.forms) > 0:
			evs[len(evs)-1].Relaxation = joinNotes(evs[len(evs)-1].Relaxation, why+": the run's last iteration, already with the relaxed forms of the previous one; not relaxed further")
			return merged, evs, nil
		}
		q = combineQueries(next)
		ranked := ""
		if wideNet(next) && question != nil {
			// The same papers, ranked by all the question's words: one concept alone matches
			// them all equally, so Best Match needs the other words to find the head.
			if words := lastResort(*question); words != "" {
				q, ranked = "("+q+") AND ("+q+" OR "+words+")", " (ranked by all the question's words)"
			}
		}
		r, ev, err = send(q, 2, fmt.Sprintf("%s (%s)", strings.Join(what, "; "), why))
		if err == nil && wideNet(next) && len(r.IDs) > wideNetTake {
			r.IDs = r.IDs[:wideNetTake]
			ev.Relaxation = joinNotes(ev.Relaxation, fmt.Sprintf("one concept alone is a wide net: kept its %d best matches%s", wideNetTake, ranked))
		}
		evs = append(evs, ev)
		if err == nil {
			keepNotes(r, q)
			add(r.IDs)
		}
	}
	// Nothing in any wording that keeps the concepts whole, and the run has no paper from
	// PubMed yet: the last resort ranks the papers sharing the question's words and keeps the
	// best match. Never outside a run (a query the user typed gets what it found), and never
	// after a request that failed (PubMed is not asked again when it is refusing).
	if len(merged.IDs) == 0 && err == nil && question != nil && runID != "" && !c.fetched.has(runID) {
		if lq := lastResort(*question); lq != "" {
			r, ev, err := send(lq, len(evs)+1, fmt.Sprintf("nothing matched the question's concepts in any wording tried: "+
				"kept the %d best match (Best Match) of the OR of their words; the relevance check decides whether it is on topic", bestMatchTake))
			if err == nil && len(r.IDs) > bestMatchTake {
				r.IDs = r.IDs[:bestMatchTake]
			}
			evs = append(evs, ev)
			if err == nil {
				keepNotes(r, lq)
				add(r.IDs)
			}
		}
	}
	if len(merged.IDs) == 0 {
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
// done in plain words; "" when nothing is left to relax. It keeps the question's meaning:
//
//   - a query of three or more AND-groups loses its least specific group (its last: the
//     builder orders groups by priority), never a group of a concept the question requires
//     (the condition, and the intervention it names), which the run's parsed question says;
//   - then concept groups lose their generic words ("alzheimer
//     disease" → "alzheimer"), then long wordings are cut to their core ("advanced
//     epithelial ovarian carcinoma" → "epithelial ovarian carcinoma"), and, when nothing at
//     all was found, to the words that name the concept ("starting insulin" → "insulin"),
//     then to its words' stems, truncated ("cystoscopist" → "cystoscop*"), which keeps each
//     concept whole;
//   - a query of two concepts is cut to one only when nothing at all was found;
//   - the words of one concept are never ORed apart, and a generic word never stands alone.
func relaxOnce(q string, attempt, count int, question *domain.ParsedQuestion) (string, string) {
	groups, err := querybuild.Groups(q)
	if err != nil {
		return "", ""
	}
	kept := func(g string) bool { return question != nil && querybuild.KeptGroup(*question, g) }
	drop := func() (string, string) {
		for i := len(groups) - 1; i >= 0; i-- {
			if kept(groups[i]) {
				continue
			}
			rest := append(append([]string(nil), groups[:i]...), groups[i+1:]...)
			return joinGroups(rest), fmt.Sprintf("dropped the least specific concept %s", quoted(groups[i]))
		}
		return "", ""
	}
	// A query of three or more concepts loses its least specific one first, and a class
	// word alone ("drugs") is no concept of its own: it goes before any rewording.
	// When nothing at all was found, two concepts are cut to the required one before any
	// rewording too: the answer is then among the papers on the condition, ranked by Best
	// Match, more often than under a reworded pair that still finds nothing.
	if len(groups) > 2 || (len(groups) == 2 && (count == 0 || genericGroup(groups[len(groups)-1]))) {
		if nq, w := drop(); nq != "" {
			return nq, w
		}
	}
	steps := []struct {
		relax func(string) string
		what  string
	}{{querybuild.WithoutGeneric, "dropped the generic words of %s"}, {querybuild.CoreOf, "kept the core of %s"}}
	if count == 0 {
		// Nothing at all: the wording is not in the index as written; its head words are.
		steps = append(steps, struct {
			relax func(string) string
			what  string
		}{querybuild.HeadOf, "kept the words naming the concept in %s (the wording found nothing)"}, struct {
			relax func(string) string
			what  string
		}{querybuild.TruncatedOf, "truncated the words of %s to their stems (the wording found nothing)"})
	}
	for _, step := range steps {
		out := append([]string(nil), groups...)
		var changed []string
		for i, g := range groups {
			if r := step.relax(g); r != "" && querybuild.Key(r) != querybuild.Key(g) {
				out[i] = r
				changed = append(changed, g)
			}
		}
		if len(changed) > 0 {
			return joinGroups(out), fmt.Sprintf(step.what, quoted(strings.Join(changed, "”, “")))
		}
	}
	// Once the question has found papers, a query of two concepts keeps both: one concept
	// alone ("dose", "infants", "injury") is the wide net that filled runs with papers
	// sharing a single word with the question.
	return "", ""
}

// lastResort returns the OR of the content words of the question's specific concepts
// (generic and stop words out, each word once), or "" when they are fewer than two words
// (then the relaxation has already searched them). It is for a run whose every query found
// nothing: on PubMed's millions of records an OR of words matches far too much, so only its
// Best Match head is kept (bestMatchTake), ranked by how many of the question's words a
// paper shares.
func lastResort(q domain.ParsedQuestion) string {
	var words []string
	seen := map[string]bool{}
	for _, c := range q.Specific() {
		for _, w := range c.Words {
			w = strings.ToLower(w)
			if seen[w] || concepts.IsGeneric(w) || concepts.IsStopword(w) || strings.ContainsAny(w, `"()[]*`) {
				continue
			}
			seen[w] = true
			words = append(words, w)
		}
	}
	if len(words) < 2 {
		return ""
	}
	return strings.Join(words, " OR ")
}

// wideNet reports whether one of the relaxed forms is a single concept: their OR then
// matches every paper on that concept.
func wideNet(forms []string) bool {
	for _, f := range forms {
		if gs, err := querybuild.Groups(f); err == nil && len(gs) == 1 {
			return true
		}
	}
	return false
}

// genericGroup reports whether a group is made of generic words only ("drugs",
// "treatment"), with no field tag or heading.
func genericGroup(g string) bool {
	if strings.ContainsAny(g, "[\"") {
		return false
	}
	ws := concepts.Words(g)
	for _, w := range ws {
		if !concepts.IsGeneric(w) && !concepts.IsStopword(w) && !strings.EqualFold(w, "or") {
			return false
		}
	}
	return len(ws) > 0
}

// appendNew returns qs followed by the queries of more not already among them.
func appendNew(qs, more []string) []string {
	out := append([]string(nil), qs...)
	keys := map[string]bool{}
	for _, q := range qs {
		keys[querybuild.Key(q)] = true
	}
	for _, q := range more {
		if k := querybuild.Key(q); !keys[k] {
			keys[k] = true
			out = append(out, q)
		}
	}
	return out
}

// deferral is the relaxation one iteration of a run left for the next: the relaxed forms
// and, in words, what was relaxed and why.
type deferral struct {
	forms []string
	what  string
}

// maxDeferred bounds the runs whose deferred relaxation a client keeps (a client serves one
// run; the bound only guards against a caller reusing it forever).
const maxDeferred = 256

// deferrals holds each run's pending relaxation until its next search takes it.
type deferrals struct {
	mu    sync.Mutex
	byRun map[string]deferral
}

func (d *deferrals) put(run string, x deferral) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.byRun == nil || len(d.byRun) >= maxDeferred {
		d.byRun = map[string]deferral{}
	}
	d.byRun[run] = x
}

func (d *deferrals) take(run string) deferral {
	if run == "" {
		return deferral{}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	x := d.byRun[run]
	delete(d.byRun, run)
	return x
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
