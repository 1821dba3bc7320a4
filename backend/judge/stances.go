package judge

import (
	"fmt"
	"slices"
	"strings"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/relevance"
	"deepcritical/backend/stance"
	"deepcritical/backend/studydesign"
)

// offlineStances gives every on-topic item, neither retracted nor flagged as a possible
// prompt injection, its stance on the question by
// rule (package stance), numbered as the report cites it, with its conclusion sentence
// checked verbatim against the item's text.
func offlineStances(a *analysis, ev []domain.Evidence) []domain.StudyStance {
	skip := map[int]bool{}
	for _, n := range append(append([]int{}, a.retracted...), a.injected...) {
		skip[n-1] = true
	}
	var out []domain.StudyStance
	for i, e := range ev {
		if a.offTopic[i] || skip[i] {
			continue
		}
		c := e.Citation
		// A registry record describes what the trial plans, so no sentence of it says which
		// way the trial points; its stance is unclear until an article reports the trial.
		if e.IsRegistryRecord() {
			out = append(out, domain.StudyStance{N: i + 1, Stance: domain.StanceUnclear, RCT: a.reportedRCT(i, e), Reason: domain.ReasonRegistryEntry})
			continue
		}
		if a.q.Kind == domain.QuestionOpen && !studiesATreatment(a, i, e) {
			out = append(out, domain.StudyStance{N: i + 1, Stance: domain.StanceUnclear, RCT: a.reportedRCT(i, e), Reason: domain.ReasonNoTreatment})
			continue
		}
		r := stance.Of(stanceQuestion(a.q), c.Title, c.Sections, e.Content)
		if a.q.Kind == domain.QuestionOpen && r.Stance != domain.StanceUnclear && !quoteNamesTreatment(a, i, e, r.Quote) {
			// "Abnormal antisaccade performance is present in early schizophrenia" affirms
			// something, but not that a treatment works: under an open question only a
			// sentence about a treatment can point for or against one.
			out = append(out, domain.StudyStance{N: i + 1, Stance: domain.StanceUnclear, RCT: a.reportedRCT(i, e), Reason: domain.ReasonNoTreatmentConclusion})
			continue
		}
		s := domain.StudyStance{N: i + 1, Stance: r.Stance, Quote: r.Quote, RCT: a.reportedRCT(i, e)}
		if s.Quote != "" {
			s.QuoteVerified = appraisal.CheckQuote(s.Quote, stanceText(e)).Verified
		}
		out = append(out, s)
	}
	return out
}

// stanceQuestion is the question the stance rules read: the user's, led, for a comparison of
// two treatments whose words rank neither ("venlafaxine vs fluvoxamine delusional
// depression", a PICO question whose C is a drug; domain.ParsedQuestion.Compares), by the
// ranking the parse found ("Is venlafaxine better than fluvoxamine? …"). The rules then answer
// it as they answer "Is A better than B?": a conclusion that finds the two alike, or the
// other better, says "no". That is the sense the answer line words a comparison's stances in
// ("finds venlafaxine no better", domain.StanceLabel); read as a bare phrase, "equally
// effective" would have counted for the first. A question that asks the ranking or the
// likeness in its own words is read as it is.
func stanceQuestion(q domain.ParsedQuestion) string {
	if !q.Compares() || q.AsksLikeness() || domain.AskedComparison.MatchString(strings.ToLower(q.Question)) {
		return q.Question
	}
	first, second := q.Arms()
	return fmt.Sprintf("Is %s better than %s? %s", first, second, q.Question)
}

// checkStances holds an LLM's stances to the rules the offline judge keeps: one per cited
// on-topic item, a known stance, and a quote checked verbatim against that item (the model's
// own "verified" flag is never trusted). A dropped stance is an override, shown with the
// verdict; an on-topic item the model gave no stance gets the rules' (ByRule).
func checkStances(out *domain.Assessment, a *analysis, ev []domain.Evidence) []string {
	var overrides []string
	kept := []domain.StudyStance{}
	seen := map[int]bool{}
	for _, s := range out.Details.Stances {
		switch {
		case s.N < 1 || s.N > len(ev):
			overrides = append(overrides, fmt.Sprintf("stance for [%d] dropped: there is no evidence [%d]", s.N, s.N))
			continue
		case a.offTopic[s.N-1]:
			overrides = append(overrides, fmt.Sprintf("stance for [%d] dropped: the item is off-topic for the question", s.N))
			continue
		case slices.Contains(a.injected, s.N):
			overrides = append(overrides, fmt.Sprintf("stance for [%d] dropped: the item is flagged as a possible prompt injection", s.N))
			continue
		case seen[s.N]:
			overrides = append(overrides, fmt.Sprintf("second stance for [%d] dropped", s.N))
			continue
		}
		switch s.Stance {
		case domain.StanceSupports, domain.StanceRefutes, domain.StanceMixed, domain.StanceUnclear:
		default:
			overrides = append(overrides, fmt.Sprintf("stance %q for [%d] dropped: not one of supports, refutes, mixed, unclear", s.Stance, s.N))
			continue
		}
		seen[s.N] = true
		s.Reason, s.ByRule = "", false // a rule's reason and mark are the rules' to give, not the model's
		if ev[s.N-1].IsRegistryRecord() {
			if s.Stance != domain.StanceUnclear {
				overrides = append(overrides, fmt.Sprintf("stance %s for [%d] set to unclear: %s", s.Stance, s.N, domain.ReasonRegistryEntry))
				s.Stance, s.Quote = domain.StanceUnclear, ""
			}
			s.Reason = domain.ReasonRegistryEntry
		}
		s.Quote = strings.TrimSpace(s.Quote)
		s.QuoteVerified = s.Quote != "" && appraisal.CheckQuote(s.Quote, stanceText(ev[s.N-1])).Verified
		s.RCT = a.reportedRCT(s.N-1, ev[s.N-1])
		kept = append(kept, s)
	}
	// Every on-topic study gets a stance: those the model left out get the rules' own,
	// each marked ByRule, which every report format and the window show beside it. It adds
	// what the model did not say rather than correcting what it said, so it is not an override.
	filled := false
	for _, s := range offlineStances(a, ev) {
		if !seen[s.N] {
			s.ByRule, filled = true, true
			kept = append(kept, s)
		}
	}
	if filled {
		slices.SortFunc(kept, func(x, y domain.StudyStance) int { return x.N - y.N })
	}
	out.Details.Stances = kept
	return overrides
}

// studiesATreatment says whether an item of an open question ("What drugs could be
// repurposed for X?") studies a treatment, so that its conclusion can point for or against
// one. Relevance sets aside what studies none (relevance.StudiesATreatment); an item the
// judge reads as a randomised trial or that gives one of the candidates counts as well.
func studiesATreatment(a *analysis, i int, e domain.Evidence) bool {
	if a.designs[i] == studydesign.RCT {
		return true
	}
	for _, c := range a.cands {
		if slices.Contains(c.items, i) {
			return true
		}
	}
	return relevance.StudiesATreatment(e)
}

// quoteNamesTreatment reports whether a stance's sentence names a treatment: in words
// (relevance.NamesTreatment), or by the name of a drug the item is indexed with or proposes.
func quoteNamesTreatment(a *analysis, i int, e domain.Evidence, quote string) bool {
	if relevance.NamesTreatment(quote) {
		return true
	}
	// Whole words only: a chemical "Iron" is not named by "environment".
	q := " " + strings.Join(concepts.Words(quote), " ") + " "
	names := append([]string(nil), e.Citation.Chemicals...)
	for _, c := range a.cands {
		if slices.Contains(c.items, i) {
			names = append(names, c.Name)
		}
	}
	for _, n := range names {
		if ws := concepts.Words(n); len(ws) > 0 && strings.Contains(q, " "+strings.Join(ws, " ")+" ") {
			return true
		}
	}
	return false
}

// reportedRCT reports whether item i is a randomised trial that reports its findings: the
// answer line counts RCTs as the weight behind a stance, which a trial's plan does not add.
func (a *analysis) reportedRCT(i int, e domain.Evidence) bool {
	return a.designs[i] == studydesign.RCT && !e.IsPlannedTrial()
}

// stanceText is the text a stance's quote must come from: the item's title and abstract.
func stanceText(e domain.Evidence) string {
	return e.Citation.Title + "\n" + e.Content
}
