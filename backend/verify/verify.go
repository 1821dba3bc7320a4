// Package verify checks a synthesis report against the stored evidence (the strict
// courthouse model applied to a report). Deterministic grounding checks run first and always;
// when an LLM judge is configured, a strict verdict from it is combined with them. The
// combined verdict passes only when both pass, and a verifier failure is an error that the
// caller must show as "unverified" — a report never passes silently.
package verify

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/verify/grounding"
)

// Input is a report to verify with the evidence it may cite.
type Input = domain.VerifyInput

// Result is the combined verdict with the per-item checks behind it.
type Result struct {
	Verdict domain.Verdict   `json:"verdict"`
	Checks  grounding.Checks `json:"checks"`
}

// Options configures a Verifier. A nil Client means deterministic checks only.
type Options struct {
	Client   llm.Client
	Info     llm.Info
	Recorder llm.Recorder
	// Attempts per model for the LLM verdict (default llm.DefaultAttempts).
	Attempts int
	// TokenBudget bounds the evidence shown to the LLM (default 8,000 tokens ≈ 32,000 chars).
	TokenBudget int
}

// Verifier runs the checks.
type Verifier struct {
	opts Options
}

// New returns a Verifier.
func New(opts Options) *Verifier {
	if opts.TokenBudget <= 0 {
		opts.TokenBudget = 8000
	}
	return &Verifier{opts: opts}
}

// HasLLM reports whether an LLM verdict is part of verification.
func (v *Verifier) HasLLM() bool { return v.opts.Client != nil }

// Verify runs the deterministic checks and, when configured, the LLM verdict. When the LLM
// verdict cannot be obtained it returns the deterministic result (flags included, with
// Checks.LLMError set) AND a non-nil error, so the caller keeps the flags but marks the
// report unverified.
func (v *Verifier) Verify(ctx context.Context, in Input) (Result, error) {
	checks := Deterministic(in)
	det := DeterministicVerdict(in, checks)
	res := Result{Verdict: det, Checks: checks}
	if v.opts.Client == nil {
		return res, nil
	}
	lv, err := v.llmVerdict(ctx, in, checks)
	if err != nil {
		// llm.Error messages are key-free by construction (the provider's words only).
		res.Checks.LLMError = err.Error()
		return res, fmt.Errorf("verify: LLM verdict: %w", err)
	}
	res.Checks.LLMVerdict = &lv
	res.Checks.LLMJudge = string(v.opts.Info.Provider) + "/" + v.opts.Info.Model
	res.Verdict = Combine(det, lv)
	return res, nil
}

// Deterministic runs every code check: candidates and findings grounded in the evidence,
// citation numbers resolving, no placeholder text, the question's key terms addressed.
func Deterministic(in Input) grounding.Checks {
	ix := grounding.NewIndexWith(in.Evidence, in.FullTexts)
	var items []grounding.Check
	for _, c := range uniq(in.Candidates) {
		hits := ix.MatchName(c)
		ch := grounding.Check{Kind: grounding.KindCandidate, Item: c, Supported: len(hits) > 0, Evidence: hits}
		if !ch.Supported {
			ch.Detail = "not named in any on-topic evidence (title, abstract, chemicals, interventions)"
		}
		items = append(items, ch)
	}
	for _, f := range uniq(in.Findings) {
		m := ix.MatchFinding(f)
		ch := grounding.Check{Kind: grounding.KindFinding, Item: f, Supported: m.Supported(), Evidence: m.Evidence, Score: round2(m.Best)}
		if !ch.Supported {
			ch.Detail = fmt.Sprintf("best content-word overlap %.0f%% (evidence [%d]) is below %.0f%%", m.Best*100, m.BestEvidence, grounding.FindingThreshold*100)
		}
		items = append(items, ch)
	}
	for _, n := range grounding.CitationNumbers(in.Markdown) {
		ok := n >= 1 && n <= len(in.Evidence)
		ch := grounding.Check{Kind: grounding.KindCitation, Item: fmt.Sprintf("[%d]", n), Supported: ok}
		if ok {
			ch.Evidence = []int{n}
		} else {
			ch.Detail = fmt.Sprintf("the report has %d evidence items", len(in.Evidence))
		}
		items = append(items, ch)
	}
	for _, p := range grounding.Placeholders(in.Markdown) {
		items = append(items, grounding.Check{Kind: grounding.KindPlaceholder, Item: p, Supported: false, Detail: "placeholder text in the report"})
	}
	body := strings.ReplaceAll(in.Markdown, in.Question, " ")
	bodyStems := map[string]bool{}
	for _, w := range concepts.Words(body) {
		bodyStems[concepts.Stem(w)] = true
	}
	q, qerr := concepts.Of(in.Question, in.Parsed)
	if qerr == nil {
		if ch, ok := interventionCheck(q, in, ix); ok {
			items = append(items, ch)
		}
	}
	for _, c := range requiredConcepts(q, qerr) {
		ok := addressed(body, bodyStems, c)
		ch := grounding.Check{Kind: grounding.KindQuestionTerm, Item: c.Label(), Supported: ok, Detail: string(c.Role)}
		if !ok {
			ch.Detail = fmt.Sprintf("%s: the report does not mention this concept of the question (nor a synonym) outside the question itself", c.Role)
		}
		items = append(items, ch)
	}
	passed := true
	for _, it := range items {
		passed = passed && it.Supported
	}
	if items == nil {
		items = []grounding.Check{}
	}
	return grounding.Checks{Items: items, Passed: passed, FindingThreshold: grounding.FindingThreshold}
}

// DeterministicVerdict turns the checks into a verdict: what failed becomes a missing item,
// and each grounding gap becomes a search suggestion the loop can run.
func DeterministicVerdict(in Input, checks grounding.Checks) domain.Verdict {
	v := domain.Verdict{Pass: checks.Passed, MissingItems: []string{}, QuestionsForUser: []string{}, SuggestedNextSteps: []string{}}
	var terms []string
	q, qerr := concepts.Of(in.Question, in.Parsed)
	for _, c := range requiredConcepts(q, qerr) {
		terms = append(terms, c.Text)
	}
	if len(terms) == 0 {
		terms = grounding.KeyTerms(in.Question)
	}
	topic := strings.Join(terms, " ")
	failed := 0
	for _, it := range checks.Items {
		if it.Supported {
			continue
		}
		failed++
		switch it.Kind {
		case grounding.KindCandidate:
			v.MissingItems = append(v.MissingItems, "unsupported drug candidate: "+it.Item)
			v.SuggestedNextSteps = append(v.SuggestedNextSteps, strings.TrimSpace(it.Item+" "+topic))
		case grounding.KindFinding:
			v.MissingItems = append(v.MissingItems, "unsupported finding: "+it.Item)
			v.SuggestedNextSteps = append(v.SuggestedNextSteps, findingQuery(it.Item, terms))
		case grounding.KindCitation:
			v.MissingItems = append(v.MissingItems, "citation "+it.Item+" does not resolve to stored evidence")
		case grounding.KindPlaceholder:
			v.MissingItems = append(v.MissingItems, "placeholder text in the report: "+it.Item)
		case grounding.KindIntervention:
			v.MissingItems = append(v.MissingItems, it.Detail)
			v.SuggestedNextSteps = append(v.SuggestedNextSteps, topic)
		case grounding.KindQuestionTerm:
			role, _, _ := strings.Cut(it.Detail, ":")
			v.MissingItems = append(v.MissingItems, "the question's "+role+" \""+it.Item+"\" is not addressed")
			v.SuggestedNextSteps = append(v.SuggestedNextSteps, topic)
		}
	}
	v.SuggestedNextSteps = uniq(v.SuggestedNextSteps)
	total := len(checks.Items)
	if v.Pass {
		v.Reason = fmt.Sprintf("All %d deterministic checks passed: every drug candidate and key finding is grounded in the stored evidence and every citation resolves.", total)
	} else {
		v.Reason = fmt.Sprintf("%d of %d deterministic checks failed: %s.", failed, total, strings.Join(firstN(v.MissingItems, 3), "; "))
	}
	if total > 0 {
		ce := float64(total-failed) / float64(total)
		v.ConvergenceEstimate = &ce
	}
	v.ForwardProgress = true
	if n := len(in.Previous); n > 0 && !v.Pass {
		v.ForwardProgress = len(v.MissingItems) < len(in.Previous[n-1].MissingItems)
	}
	return v
}

// Combine merges the deterministic verdict with the LLM's: pass only when both pass; missing
// items and next steps are the union; the LLM's questions and progress judgement are kept;
// the convergence estimate is the more cautious of the two.
func Combine(det, lv domain.Verdict) domain.Verdict {
	out := domain.Verdict{
		Pass:               det.Pass && lv.Pass,
		MissingItems:       uniq(append(append([]string{}, det.MissingItems...), lv.MissingItems...)),
		QuestionsForUser:   uniq(append([]string{}, lv.QuestionsForUser...)),
		ForwardProgress:    det.ForwardProgress && lv.ForwardProgress,
		SuggestedNextSteps: uniq(append(append([]string{}, det.SuggestedNextSteps...), lv.SuggestedNextSteps...)),
	}
	switch {
	case det.ConvergenceEstimate != nil && lv.ConvergenceEstimate != nil:
		c := min(*det.ConvergenceEstimate, *lv.ConvergenceEstimate)
		out.ConvergenceEstimate = &c
	case lv.ConvergenceEstimate != nil:
		out.ConvergenceEstimate = lv.ConvergenceEstimate
	default:
		out.ConvergenceEstimate = det.ConvergenceEstimate
	}
	switch {
	case out.Pass:
		out.Reason = "Deterministic checks and the LLM verifier both pass. " + strings.TrimSpace(lv.Reason)
	case !det.Pass && !lv.Pass:
		out.Reason = det.Reason + " LLM verifier: " + strings.TrimSpace(lv.Reason)
	case !det.Pass:
		out.Reason = det.Reason + " (The LLM verifier passed the report, but code checks take precedence.)"
	default:
		out.Reason = "LLM verifier: " + strings.TrimSpace(lv.Reason)
	}
	return out
}

// requiredConcepts are the question's concepts a report must address: its condition and
// intervention, never its verbs, outcomes or generic words ("drugs", "treatment"). A
// question without a searchable concept has none.
func requiredConcepts(set concepts.Set, err error) []concepts.Concept {
	if err != nil {
		return nil
	}
	var out []concepts.Concept
	for _, c := range set.Concepts {
		if !c.Generic && (c.Role == concepts.RoleCondition || c.Role == concepts.RoleIntervention) {
			out = append(out, c)
		}
	}
	return out
}

// addressed reports whether the report mentions a concept: one of its wordings (the
// question's, a synonym or a MeSH heading learnt during the run) as a phrase, or at least
// half of its specific words in any form ("Alzheimer's" for "alzheimer disease").
func addressed(body string, bodyStems map[string]bool, c concepts.Concept) bool {
	for _, t := range append(append([]string{}, c.Terms...), c.MeSH...) {
		if grounding.ContainsTerm(body, t) {
			return true
		}
	}
	var words, found int
	for _, w := range c.Words {
		if len(c.Words) > 1 && concepts.IsGeneric(w) {
			continue
		}
		words++
		stem := concepts.Stem(w)
		if bodyStems[stem] {
			found++
			continue
		}
		// A hyphenated word ("braf-mutant") counts when all its parts occur.
		if parts := strings.Split(w, "-"); len(parts) > 1 {
			all := true
			for _, p := range parts {
				if p != "" && !bodyStems[concepts.Stem(p)] {
					all = false
				}
			}
			if all {
				found++
			}
		}
	}
	return words > 0 && found > 0 && 2*found >= words
}

// Fingerprint identifies a report's text for progress detection across verdicts.
func Fingerprint(markdown string) string {
	sum := sha256.Sum256([]byte(markdown))
	return hex.EncodeToString(sum[:])[:12]
}

func findingQuery(finding string, terms []string) string {
	words := grounding.ContentWords(finding)
	seen := map[string]bool{}
	var q []string
	for _, w := range append(firstN(words, 5), terms...) {
		if !seen[w] {
			seen[w] = true
			q = append(q, w)
		}
	}
	return strings.Join(q, " ")
}

func uniq(items []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, it := range items {
		it = strings.TrimSpace(it)
		k := strings.ToLower(it)
		if it == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, it)
	}
	return out
}

func firstN[T any](s []T, n int) []T {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// interventionCheck is the question check for a question that names an intervention: the
// report passes it only when a candidate names the intervention or a finding cites evidence
// that studies it (evidence the relevance scorer kept on topic, which for such a question
// requires the intervention), or when nothing on topic was found and the report claims
// nothing. ok is false when the question names no intervention. A stance on an on-topic
// study, on a quote found verbatim, counts as a finding does. A finding written without
// citation numbers (an LLM's) cites what the report cites for it: the evidence it is
// grounded in (ix.MatchFinding).
func interventionCheck(q concepts.Set, in Input, ix *grounding.Index) (grounding.Check, bool) {
	iv := q.InterventionText()
	if iv == "" {
		return grounding.Check{}, false
	}
	ch := grounding.Check{Kind: grounding.KindIntervention, Item: iv}
	for _, c := range in.Candidates {
		low := strings.ToLower(c)
		for _, ic := range q.Interventions() {
			if concepts.ClassMember(ic, low) {
				ch.Supported = true
			}
			for _, t := range ic.Names() {
				if grounding.ContainsTerm(low, strings.ToLower(t)) {
					ch.Supported = true
				}
			}
		}
	}
	for _, f := range in.Findings {
		nums := grounding.CitationNumbers(f)
		if m := ix.MatchFinding(f); len(nums) == 0 && m.Supported() {
			nums = m.Evidence
		}
		for _, n := range nums {
			if n >= 1 && n <= len(in.Evidence) && !in.Evidence[n-1].IsOffTopic() && in.Evidence[n-1].Topic != nil {
				ch.Supported = true
				ch.Evidence = append(ch.Evidence, n)
			}
		}
	}
	for _, s := range in.Stances {
		// The answer line and its list: "Aripiprazole: 1 study: 1 finds none", on a verified
		// sentence of an on-topic study of it.
		if n := s.N; s.QuoteVerified && n >= 1 && n <= len(in.Evidence) && !in.Evidence[n-1].IsOffTopic() && in.Evidence[n-1].Topic != nil {
			ch.Supported = true
			ch.Evidence = append(ch.Evidence, n)
		}
	}
	if !ch.Supported && len(in.Candidates) == 0 && len(in.Findings) == 0 && !anyOnTopic(in.Evidence) {
		// An honest "no study of statins was found": nothing on topic, and the report claims
		// nothing, so it answers no other question. It passes, and says why.
		ch.Supported = true
		ch.Detail = fmt.Sprintf("no evidence studies %s, and the report claims no finding or candidate", iv)
	}
	if !ch.Supported {
		ch.Detail = fmt.Sprintf("no finding or candidate of the report involves %s, the intervention the question asks about", iv)
	}
	return ch, true
}

// anyOnTopic says whether any evidence was kept on topic by the relevance scorer.
func anyOnTopic(evidence []domain.Evidence) bool {
	for _, e := range evidence {
		if e.Topic != nil && !e.IsOffTopic() {
			return true
		}
	}
	return false
}
