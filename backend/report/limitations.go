package report

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"deepcritical/backend/domain"
)

// Limitation kinds, stable for scripts reading the JSON or CSV export.
const (
	LimitSourceFailed    = "source_failed"
	LimitSourceWarning   = "source_warning"
	LimitJudgeFallback   = "judge_fallback"
	LimitJudgeOffline    = "judge_offline"
	LimitUnverifiedQuote = "unverified_quotes"
	LimitOffTopic        = "off_topic"
	LimitUnverified      = "unverified_report"
	LimitAbstractOnly    = "abstract_only"
	LimitNotJudged       = "not_judged"
	LimitResumed         = "resumed"
	LimitAppraisalFailed = "appraisal_failed"
)

// Limitation is one thing that limits what a report can claim — a source that failed or
// was skipped, a fallback or offline judge, appraisal quotes not found in the text,
// off-topic evidence, a report the verifier could not check. Every human export (Markdown,
// HTML, CSV) lists them, not only the JSON, so a reader is never left to assume a search
// covered what it did not.
type Limitation struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// limitations gathers the run's limitations from its events, judge, evidence, appraisals
// and verification, in a fixed order so exports are deterministic.
func limitations(in Input, r Report) []Limitation {
	var out []Limitation
	failed, warned := sourceProblems(in.Events)
	for _, p := range failed {
		out = append(out, Limitation{Kind: LimitSourceFailed, Text: p})
	}
	for _, p := range warned {
		out = append(out, Limitation{Kind: LimitSourceWarning, Text: p})
	}
	// The judge lines speak of the assessment: without one, r.Judge is only the judge the
	// run was set to use, which scored nothing, and the not-judged line below says so.
	switch kind := r.Judge.Kind; {
	case in.Assessment == nil:
	case kind == string(domain.JudgeKindFallback):
		t := "The judge's scores are the safe fallback, not an assessment: the LLM judge did not return a valid answer"
		if r.Judge.Warning != "" {
			t = r.Judge.Warning
		}
		out = append(out, Limitation{Kind: LimitJudgeFallback, Text: t})
	case kind == string(domain.JudgeKindOffline):
		out = append(out, Limitation{Kind: LimitJudgeOffline, Text: "Scored by the offline heuristic judge; no language model assessed the evidence"})
	case kind == string(domain.JudgeKindLLM):
		if r.Judge.Warning != "" {
			out = append(out, Limitation{Kind: LimitJudgeFallback, Text: "The judge was " + r.Judge.Warning})
		}
	}
	out = append(out, earlierFallbacks(in, r)...)
	if in.Assessment == nil {
		// Without this a draft of a run still searching said "the judge answered".
		t := "No judge has assessed the evidence yet: the run is still going"
		if ended := map[domain.RunStatus]bool{domain.RunComplete: true, domain.RunFailed: true, domain.RunCancelled: true, domain.RunInterrupted: true}; ended[in.Run.Status] {
			t = "No judge assessed the evidence: the run ended before its first assessment"
		}
		out = append(out, Limitation{Kind: LimitNotJudged, Text: t})
	}
	if n, papers := unverifiedQuotes(in.Evidence, in.Appraisals); n > 0 {
		out = append(out, Limitation{Kind: LimitUnverifiedQuote, Text: fmt.Sprintf(
			"%d appraisal %s could not be verified as a passage of the paper's text — not found, altered, or too short to prove anything (%s); the judgements resting on them are unconfirmed",
			n, plural(n, "quote", "quotes"), strings.Join(papers, ", "))})
	}
	if l, ok := failedAppraisals(in); ok {
		out = append(out, l)
	}
	if l, ok := abstractOnly(in, r); ok {
		out = append(out, l)
	}
	// Off-topic items are grouped by reason, in order of first appearance, so forty papers
	// set aside for the same reason read as one line, not forty.
	var reasons []string
	byReason := map[string][]string{}
	offCount := 0
	for i, ev := range in.Evidence {
		if !ev.IsOffTopic() {
			continue
		}
		offCount++
		reason := oneLine(strings.TrimSpace(ev.Topic.Reason))
		if _, seen := byReason[reason]; !seen {
			reasons = append(reasons, reason)
		}
		byReason[reason] = append(byReason[reason], fmt.Sprintf("[%d]", i+1))
	}
	if offCount > 0 {
		groups := make([]string, len(reasons))
		for i, reason := range reasons {
			refs := strings.Join(byReason[reason], ", ")
			if reason == "" {
				groups[i] = refs
			} else {
				groups[i] = refs + " " + reason
			}
		}
		out = append(out, Limitation{Kind: LimitOffTopic, Text: fmt.Sprintf(
			"%d evidence %s off-topic for the question and did not feed the assessment: %s",
			offCount, plural(offCount, "item is", "items are"), strings.Join(groups, "; "))})
	}
	if v := in.Verification; v != nil && v.Status == domain.ReportUnverified {
		t := "The report could not be verified against the stored evidence"
		if v.Error != "" {
			t += ": " + oneLine(v.Error)
		}
		out = append(out, Limitation{Kind: LimitUnverified, Text: t})
	}
	if l, ok := resumedLimitation(in.Events); ok {
		out = append(out, l)
	}
	return out
}

// earlierFallbacks are the iterations whose judge gave no valid answer, other than the one
// the report's scores come from (the line above speaks of that one): the heuristic scored
// them in its place and chose the next searches, so a report whose last judge answered
// still says its search was steered by the fallback, and why the judge failed. Read from
// the run's judge_complete events, the last one of each iteration (a resume may repeat it).
func earlierFallbacks(in Input, r Report) []Limitation {
	last := map[int]domain.JudgeInfo{}
	var order []int
	final := -1
	for _, e := range in.Events {
		if e.Type != domain.EventJudgeComplete {
			continue
		}
		d, err := domain.DecodeData[domain.JudgeCompleteData](e)
		if err != nil {
			continue
		}
		if _, seen := last[e.Iteration]; !seen {
			order = append(order, e.Iteration)
		}
		last[e.Iteration], final = d.Judge, e.Iteration
	}
	if in.Assessment == nil || r.Judge.Kind != string(domain.JudgeKindFallback) {
		final = -1 // no line speaks of the last one: it is listed here too
	}
	sort.Ints(order)
	var out []Limitation
	for _, it := range order {
		j := last[it]
		if it == final || j.Kind != domain.JudgeKindFallback {
			continue
		}
		t := fmt.Sprintf("The judge gave no valid answer in iteration %d", it)
		if why := oneLine(strings.TrimSpace(j.Error)); why != "" {
			t += " (" + why + ")"
		}
		t += ": the heuristic fallback scored that iteration and chose the searches that followed it"
		out = append(out, Limitation{Kind: LimitJudgeFallback, Text: t})
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// failedSources names, in the order they first failed, the sources whose search failed
// (not merely warned) in any iteration.
func failedSources(events []domain.Event) []string {
	var out []string
	eachSearchProblem(events, func(e domain.SearchError, _ int, warning bool) {
		if name := sourceLabel(e.Source); !warning && !slices.Contains(out, name) {
			out = append(out, name)
		}
	})
	return out
}

// eachSearchProblem calls fn for every source error and warning the run's search events
// recorded, in order, with its iteration. An iteration searched again (a resumed run whose
// search failed or was cut off) counts its last search only: what failed before the resume
// is not what the evidence came from.
func eachSearchProblem(events []domain.Event, fn func(e domain.SearchError, iteration int, warning bool)) {
	last := map[int]int{} // iteration → index of its last search_complete
	for i, ev := range events {
		if ev.Type == domain.EventSearchComplete {
			last[ev.Iteration] = i
		}
	}
	for i, ev := range events {
		if ev.Type != domain.EventSearchComplete || len(ev.Data) == 0 || last[ev.Iteration] != i {
			continue
		}
		d, err := domain.DecodeData[domain.SearchCompleteData](ev)
		if err != nil {
			continue
		}
		for _, e := range d.Errors {
			fn(e, ev.Iteration, e.IsWarning())
		}
		for _, e := range d.Warnings {
			fn(e, ev.Iteration, true)
		}
	}
}

// sourceProblems reads the search events: per-source failures ("errors") and warnings
// (a source skipped or answering partially), merged across iterations into one line per
// source and message.
func sourceProblems(events []domain.Event) (failed, warned []string) {
	type key struct{ source, msg string }
	iters := map[key][]int{}
	isWarning := map[key]bool{}
	queries := map[key]int{}
	var order []key
	// PubMed's own warnings on its queries ("phrase not found: X", "No items found") are one
	// line per source whatever the query: their parts are gathered under one key, and the
	// line says them together (joinLabelled).
	const queryWarnings = "\x00query warnings"
	parts := map[string][]string{}
	add := func(e domain.SearchError, it int, warning bool) {
		msg, n := summariseSourceError(e.Message())
		msg = domain.WithoutSource(e.Source, msg) // the line names the source
		k := key{string(e.Source), msg}
		if warning && queryWarning.MatchString(e.Message()) {
			k.msg = queryWarnings
			parts[k.source] = append(parts[k.source], strings.Split(msg, "; ")...)
		}
		if _, ok := iters[k]; !ok {
			order = append(order, k)
		}
		queries[k] += n
		if l := iters[k]; len(l) == 0 || l[len(l)-1] != it {
			iters[k] = append(l, it)
		}
		isWarning[k] = warning
	}
	eachSearchProblem(events, add)
	for _, k := range order {
		its := iters[k]
		sort.Ints(its)
		var when string
		if len(its) == 1 {
			when = fmt.Sprintf("in iteration %d", its[0])
		} else {
			parts := make([]string, len(its))
			for i, n := range its {
				parts[i] = fmt.Sprint(n)
			}
			when = "in iterations " + strings.Join(parts, ", ")
		}
		if n := queries[k]; n > 0 {
			when += fmt.Sprintf(" (%d %s)", n, plural(n, "query", "queries"))
		}
		name, msg := sourceLabel(domain.Source(k.source)), k.msg
		if msg == queryWarnings {
			msg = joinLabelled(parts[k.source])
		}
		if isWarning[k] {
			warned = append(warned, fmt.Sprintf("%s warned %s: %s", name, when, msg))
		} else {
			failed = append(failed, fmt.Sprintf("%s FAILED %s and contributed no evidence then: %s", name, when, msg))
		}
	}
	return failed, warned
}

// queryPrefix is how a source that runs one query at a time labels each query's error
// (`query "…": <error>`, one per line) and how PubMed labels its warnings (`query “…” (0
// results): No items found`), so a message repeated for several queries is one line with a
// count.
var queryPrefix = regexp.MustCompile(`^query (?:"(?:[^"\\]|\\.)*"|“[^”]*”)(?: \(\d+ results?\))?: `)

// queryWarning is a message made of PubMed's warnings on its queries, each line
// `query “…” (N results): …`.
var queryWarning = regexp.MustCompile(`^query “[^”]*” \(\d+ results?\): `)

// joinLabelled joins message parts, those of one label together ("phrase not found:
// lithium" and "phrase not found: lithium*" → "phrase not found: lithium, lithium*").
func joinLabelled(parts []string) string {
	var labels []string
	values := map[string][]string{}
	for _, p := range parts {
		label, value, ok := strings.Cut(strings.TrimSuffix(p, "."), ": ")
		if !ok {
			label, value = strings.TrimSuffix(p, "."), ""
		}
		if _, seen := values[label]; !seen {
			labels = append(labels, label)
			values[label] = nil
		}
		if value != "" && !slices.Contains(values[label], value) {
			values[label] = append(values[label], value)
		}
	}
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = l
		if vs := values[l]; len(vs) > 0 {
			out[i] += ": " + strings.Join(vs, ", ")
		}
	}
	return strings.Join(out, "; ")
}

// summariseSourceError reduces a source's error text to its distinct messages (without
// the queries, which would repeat the question once per query) and the number of failed
// queries it names, so one line says what went wrong however many queries it hit.
func summariseSourceError(e string) (string, int) {
	var msgs []string
	seen := map[string]bool{}
	n := 0
	for _, line := range strings.Split(e, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if loc := queryPrefix.FindStringIndex(line); loc != nil {
			n++
			line = line[loc[1]:]
		}
		line = oneLine(line)
		if !seen[line] {
			seen[line] = true
			msgs = append(msgs, line)
		}
	}
	return strings.Join(msgs, "; "), n
}

// unverifiedQuotes counts appraisal details that cite a quote the appraiser could not find
// in the paper, and names the papers (by citation number).
func unverifiedQuotes(evidence []domain.Evidence, appraisals map[string]domain.Appraisal) (int, []string) {
	if len(appraisals) == 0 {
		return 0, nil
	}
	n := 0
	var papers []string
	for i, ev := range evidence {
		a, ok := appraisals[ev.CanonicalKey()]
		if !ok {
			continue
		}
		k := 0
		for _, d := range a.Dimensions {
			for _, det := range d.Details {
				if strings.TrimSpace(det.Evidence) != "" && !det.QuoteVerified {
					k++
				}
			}
		}
		if k > 0 {
			n += k
			papers = append(papers, fmt.Sprintf("[%d]", i+1))
		}
	}
	return n, papers
}

// failedAppraisals is the limitation of on-topic papers whose appraisal failed (the appraiser's
// LLM gave no valid answer, so its assessor is the fallback): their quality and risk of bias
// were not assessed, which the evidence table says cell by cell and a reader of the
// Limitations would otherwise not learn. A failed appraisal is not cached, so the run's
// appraisal error events are read too (a paper appraised since is no longer listed). Papers
// are grouped by reason, in the words the table's cells use (NotAssessedReason).
func failedAppraisals(in Input) (Limitation, bool) {
	why := map[string]string{}
	for _, e := range in.Events {
		if e.Type != domain.EventError {
			continue
		}
		d, err := domain.DecodeData[domain.ErrorData](e)
		if err != nil || d.Phase != domain.PhaseAppraisal {
			continue
		}
		for _, f := range d.Failed {
			why[f.Key] = f.Reason
		}
	}
	for k, a := range in.Appraisals {
		if a.Assessor.Kind != domain.JudgeKindFallback {
			delete(why, k)
			continue
		}
		why[k] = "the appraisal call failed"
		for _, d := range a.Dimensions {
			if d.Error != "" {
				why[k] = d.Error
				break
			}
		}
	}
	var reasons []string
	byReason := map[string][]string{}
	n := 0
	for i, ev := range in.Evidence {
		reason, failed := why[ev.CanonicalKey()]
		if !failed || ev.IsOffTopic() {
			continue
		}
		n++
		reason = strings.TrimPrefix(NotAssessedReason(oneLine(reason)), "appraisal failed: ")
		if _, seen := byReason[reason]; !seen {
			reasons = append(reasons, reason)
		}
		byReason[reason] = append(byReason[reason], fmt.Sprintf("[%d]", i+1))
	}
	if n == 0 {
		return Limitation{}, false
	}
	groups := make([]string, len(reasons))
	for i, reason := range reasons {
		groups[i] = strings.Join(byReason[reason], ", ") + " " + reason
	}
	return Limitation{Kind: LimitAppraisalFailed, Text: fmt.Sprintf(
		"Appraisal failed for %s, whose quality and risk of bias were not assessed: %s",
		plural(n, "1 paper", fmt.Sprintf("%d papers", n)), strings.Join(groups, "; "))}, true
}

// LimitationsMarkdown renders the limitations as the Markdown section every report has.
func limitationsMarkdown(ls []Limitation) string {
	var b strings.Builder
	b.WriteString("## Limitations\n\n")
	if len(ls) == 0 {
		b.WriteString("No source failed, the judge answered, and no evidence was set aside.\n\n")
		return b.String()
	}
	for _, l := range ls {
		b.WriteString("- ⚠ ")
		b.WriteString(mdProse(l.Text))
		b.WriteString("\n")
	}
	b.WriteString("\n")
	return b.String()
}

// withLimitations gives a stored Markdown report the limitations as the stored run shows
// them now: the section is replaced when the report has one (it was written before later
// events were known), else put before the summary (or at the end) for reports that
// predate it. Applying it twice gives the same text.
func withLimitations(markdown string, ls []Limitation) string {
	return withSectionBefore(markdown, "## Limitations", limitationsMarkdown(ls), "## Summary")
}

// trialDesigns are the evidence table's design labels of a trial report.
var trialDesigns = map[string]bool{"RCT": true, "Clinical trial": true}

// abstractOnly is the limitation of trials appraised from their abstracts only: a trial's
// risk of bias rests on how it randomised, concealed allocation and analysed, which its
// abstract rarely reports. It names the trials and, from the run's full_text events, why
// their full text could not be read.
func abstractOnly(in Input, r Report) (Limitation, bool) {
	why := map[string]string{}
	for _, e := range in.Events {
		if e.Type != domain.EventFullText {
			continue
		}
		d, err := domain.DecodeData[domain.FullTextData](e)
		if err != nil {
			continue
		}
		for _, u := range d.Unavailable {
			why[u.Key] = u.Reason
		}
	}
	var refs, reasons []string
	trials := 0
	for _, row := range r.Rows {
		if row.OffTopic || row.Read == "" || !trialDesigns[row.Design] ||
			strings.HasPrefix(row.Quality, "not assessed") && strings.HasPrefix(row.RiskOfBias, "not assessed") {
			// A trial never scored was not appraised from its abstract either.
			continue
		}
		trials++
		if row.Read != "abstract only" {
			continue
		}
		refs = append(refs, fmt.Sprintf("[%d]", row.N))
		if reason := why[row.Key]; reason != "" {
			reasons = append(reasons, fmt.Sprintf("[%d] %s", row.N, shortReason(reason)))
		}
	}
	if len(refs) == 0 {
		return Limitation{}, false
	}
	t := fmt.Sprintf("%d of %d %s appraised from %s only (%s): abstracts rarely report sequence generation, allocation concealment or the analysis population, so their risk of bias is judged on little",
		len(refs), trials, plural(trials, "trial was", "trials were"), plural(len(refs), "its", "their")+plural(len(refs), " abstract", " abstracts"), strings.Join(refs, ", "))
	if len(refs) > 1 && trials == len(refs) {
		t = fmt.Sprintf("All %d trials were appraised from their abstracts only (%s): abstracts rarely report sequence generation, allocation concealment or the analysis population, so their risk of bias is judged on little", trials, strings.Join(refs, ", "))
	}
	if len(reasons) > 0 {
		t += ". Full text not read: " + strings.Join(reasons, "; ")
	}
	return Limitation{Kind: LimitAbstractOnly, Text: t}, true
}

// shortReason keeps a full-text reason to one short line.
func shortReason(s string) string {
	s = oneLine(s)
	if r := []rune(s); len(r) > 160 {
		return string(r[:159]) + "…"
	}
	return s
}
