// Package stance says which way a study points on a question: it supports the answer
// "yes", refutes it (no effect, or harm where a benefit was asked about), is mixed
// (the answer depends on a subgroup or holds only in part) or is unclear. The offline judge
// uses it for every on-topic study; the LLM judges' stances are checked against the same
// quotes.
//
// It reads the study's conclusions, because that is where authors state their answer, and
// decides by rules a reader can audit. Negation is read by its linguistic kind rather than
// from lists of negated words, so that a conclusion worded unlike any seen still reads as a
// denial: any negated predicate ("not", "never", "neither", "lacks", "failed to"), a
// negative determiner on a claim's noun ("no significant difference"), too little of the
// claim ("little evidence", "a trivial impact"), a negative evaluation ("ineffective",
// "unreliable"), and a finding explained away. Pseudo-negations are set aside first
// ("whether or not", "not only", "if not", a negation inside an if-clause or a group's
// definition such as "patients whose asthma is not controlled" or "patients not on insulin",
// litotes such as "should not be denied", the denied explanation of a finding the sentence
// takes as given, "the decrease … was not achieved by compensatory eating", a harm the
// question asks to prevent said not to have been caused, a doubt said of a minority of the
// cases counted), and so is a denial of one constituent beside an affirmed one ("associated
// with A, but not with B"), which leaves the claim standing unless the question asks about
// both (then the answer is in part). A
// negation counts where it carries the claim: a conceded clause ("Although …,") is set aside
// when the claim after it bears on the question at least as much, so is the reason given for
// a claim ("…, because only 8 % did not fit"); "rather than X", "instead of X", "regardless
// of X" and "independent of X" deny only when X is what the question asks about (else they
// state a preference or an adjusted finding).
//
// The question's form decides what an answer means: a claim of equivalence refutes a
// question about an effect or a difference and supports one about sameness; a question that
// names a harm ("Is age a contraindication to …?") is answered "no" by a study reporting
// safety and "yes" by one reporting the harm; "Is X necessary?" is answered "yes" by a study
// that says X is needed, "Can X be omitted?" and "Can Y replace X?" "no" by one; "Is X
// always needed?" is answered "no" by a study that restricts X to selected cases; a
// conclusion that depends on a subgroup is mixed; "Is A as good as B?" is answered "yes" by
// "B is not superior to A"; "Does X increase the risk of Y?" or "Can X cause Y?" is answered
// "yes" by a sentence reporting the link for X, though Y be named in other words. Two things
// set side by side ("A versus B for Y") ask whether one does better, so a likeness, or a
// merit granted to both ("B is useful, and A may also be effective"), answers "no"; a
// treatment named for a condition ("A for Y") asks whether it helps, so harm found answers
// "no"; an advantage of the untreated arm ("better tolerance in the placebo group") answers a
// question about the treatment "no".
//
// A sentence that says what a study aimed at, how it was done or what limits it states no
// finding, and no stance rests on it; a conclusion made only of such sentences is unclear. So
// does, on the question, one about a trial's secondary outcomes named only as such, or one
// that names the question's thing only by its counterpart ("nonalcoholic cues" under a
// question about alcohol cues).
//
// The rules were written on PubMedQA's tuning split, and TestRuleDev and TestRuleAblation
// (dev_test.go) measure how a rule does on items it was not written from. Their few numbers
// (how much later sentences and the question's words weigh, the threshold) are chosen by
// cross-validation on the same split (TestTuneRuleParams). The sentence the decision rests
// on is returned verbatim so the user can check it.
//
// The results section is deliberately not read. (An abstract without a conclusions section
// is read from its last sentences, which are then often its results: there a result given by
// p-values of 0.05 or more reads as the denial it is, and under a safety question a harm
// whose predictors were sought counts as harm found.) The hypothesis that PubMedQA's experts
// answer "maybe" when the results are mixed (some comparisons significant, others not; a subgroup; a
// trend) or null while the conclusions lean yes was measured on the same folds
// (TestResultsSignal, results_dev_test.go: each results sentence's p-values, confidence
// intervals and significance statements, combined with the conclusion rules in 16 ways):
// mixed results are as common under "yes" as under "maybe", and no combination gained an item
// there, so reading the results would only add rules that the data do not support.
package stance

import (
	"strconv"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/lazyre"
)

// Result is a study's stance and the conclusion sentence it rests on ("" when the study
// states no conclusion at all).
type Result struct {
	Stance domain.Stance
	Quote  string
}

// Of gives a study's stance on the question from its abstract: the conclusions section
// when the abstract is structured, else its last two sentences (where an unstructured
// abstract states its conclusion). title is the study's own title: a title asked as a
// question ("… : really an early stage?") tells which way the authors lean.
func Of(question, title string, sections []domain.Section, content string) Result {
	return Classify(question, title, Conclusions(sections, content))
}

// Conclusions returns the conclusion text of an abstract: its CONCLUSION(S) or
// INTERPRETATION section (labelled by the source or written inline, "CONCLUSIONS: …"),
// else the last two sentences of its text; nothing when it stops after its background or
// methods.
func Conclusions(sections []domain.Section, content string) string {
	sections = domain.StructuredAbstract(sections, content)
	for _, s := range sections {
		l := strings.ToUpper(strings.TrimSpace(s.Label))
		if strings.HasPrefix(l, "CONCLUSION") || l == "INTERPRETATION" || strings.HasPrefix(l, "DISCUSSION") {
			return strings.TrimSpace(s.Text)
		}
	}
	text := content
	if len(sections) > 0 {
		text = sections[len(sections)-1].Text
		label := strings.TrimSpace(sections[len(sections)-1].Label)
		if label == "" {
			// One heading alone ("BACKGROUND: …") is not read as a structure.
			if l, _, ok := strings.Cut(strings.TrimSpace(text), ":"); ok {
				label = l
			}
		}
		// An abstract cut short after its opening sections (a library record's first lines,
		// a conference abstract's aims) states no finding: its background is not an answer.
		if preamble.MatchString(strings.ToUpper(label)) {
			return ""
		}
	}
	ss := Sentences(text)
	if len(ss) > 2 {
		ss = ss[len(ss)-2:]
	}
	return strings.Join(ss, " ")
}

// preamble matches the labels of an abstract's opening sections, which say why and how a
// study was done, never what it found.
var preamble = lazyre.New(`^(BACKGROUND|INTRODUCTION|CONTEXT|RATIONALE|OBJECTIVES?|AIMS?|PURPOSE|GOALS?|HYPOTHES[IE]S|` +
	`METHODS?|DESIGN|SETTINGS?|PARTICIPANTS|PATIENTS|SUBJECTS|INTERVENTIONS?|MEASUREMENTS|MAIN OUTCOME MEASURES?|` +
	`(?:MATERIALS?|PATIENTS|SUBJECTS|PARTICIPANTS) AND METHODS|STUDY DESIGN|METHODS AND MATERIALS)$`)

// params are the rules' few numbers. tuned holds the values chosen by cross-validation on
// the tuning split of PubMedQA (TestTuneRuleParams); the rules themselves are written, not
// learned.
type params struct {
	// second and later weigh the conclusion's second and later sentences against its first,
	// which states the main answer (weight 1).
	second, later float64
	// refute is the score at or below which the conclusion refutes (each negated main claim
	// counts minus its sentence's weight).
	refute float64
	// rhetorical is what a title asked rhetorically ("… really …?") takes off the score.
	rhetorical float64
	// positive is what each stated finding that is not negated adds to the score (times its
	// sentence's weight), so a main claim in the first sentence outweighs a caveat after it.
	positive float64
	// focus is how much a negation counts by how many of the question's words its clause
	// shares (0: all clauses alike; 1: only as much as its share against the best clause).
	focus float64
}

// tuned is TestTuneRuleParams' choice (nested cross-validation 0.859 on the tuning items);
// regenerate it with DC_STANCE_TUNE=1 after changing a rule.
var tuned = params{second: 0.8, later: 0.3, refute: -0.55, rhetorical: 1.2, positive: 0.2, focus: 0.5}

// weight is how much the conclusion's i-th sentence counts.
func (p params) weight(i int) float64 {
	switch i {
	case 0:
		return 1
	case 1:
		return p.second
	}
	return p.later
}

// Classify gives the stance of a study's conclusions on a question. title may be "" or the
// question itself (PubMedQA's questions are the studies' titles).
func Classify(question, title, conclusions string) Result {
	return read(question, title, Sentences(conclusions)).decide(tuned)
}

// facts are what the rules notice in one conclusion sentence.
type facts struct {
	// negated: the sentence denies its main claim; negFocus is the share of the question's
	// words its negated clause holds (against the clause that holds most).
	negated  bool
	negFocus float64
	// equivalent: it says two things are alike (and is not negated).
	equivalent bool
	// harmful: it reports harm; safe: it reports safety or effectiveness.
	harmful, safe bool
	// needed: it says something is required (and is not negated); unneeded: it says
	// something is not ("no need for", "not required", "unnecessary", "can be omitted").
	needed, unneeded bool
	// leftOut: it says something can be left out, as a predicate ("may safely be omitted",
	// "is unnecessary"), not of something else ("to avoid unnecessary appendectomies").
	leftOut bool
	// differs: it reports a difference; complications: a high complication rate (not negated).
	differs, complications bool
	// partial: the answer depends on a subgroup or holds in part (not negated); selective:
	// it restricts something to some cases ("in selected patients", "selective use").
	partial, selective bool
	// halfDenied: it affirms one thing and denies another beside it ("associated with A,
	// but not with B", "improved A, though not significantly B").
	halfDenied bool
	// answers: it says more than the study's design; finding: it states a finding (an
	// effect, an association, a difference) and does not deny it.
	answers, finding bool
	// underpowered: it says the study had too few people to detect a difference.
	underpowered bool
	// reversed: it says what the question asks to go one way goes the other way ("a
	// reduced risk" under "Does X increase the risk …?") or ranks the question's two
	// things the other way ("B was superior to A" under "Is A better than B?") or names an
	// advantage of the untreated arm ("better tolerance in the placebo group"), and is not
	// negated.
	reversed bool
	// linked: it reports the link a question about a risk or a cause asks, for the exposure
	// the question names (affirmsLink), and is not negated; a "yes" rests on it.
	linked bool
	// favoursFirst: it names an advantage of the first of the question's two things and does
	// not name the second ("additional benefits of A, including less vomiting").
	favoursFirst bool
	// noFinding: it says what the study aimed at or how it was done, or what limits it
	// (statesNoFinding), or speaks only of a trial's secondary outcomes (secondaryOnly) or of
	// the counterpart of what the question asks about (aboutCounterpart); it has no other
	// fact, and no stance rests on it.
	noFinding bool
}

// reading is a conclusion's sentences with their facts and the question's form, computed
// once; decide turns it into a stance with the rules' numbers.
type reading struct {
	ss    []string
	facts []facts
	// The question's form (a harm, an omission, a sameness, an effect, a benefit, safety)
	// is the user's; a rhetorical title ("… really …?") is the authors' lean.
	harmQ, omitQ, replaceQ, needQ, same, effect, benefit, safetyQ, rhetorical bool
	// atLeast: the sameness asked is "as good as" (non-inferiority), which a difference in
	// favour of the first thing answers yes.
	atLeast bool
	// universal: the question asks whether something holds always or for everyone;
	// twoPart: it asks about two things at once ("Does X shorten A and reduce B?").
	universal, twoPart bool
}

// read notices the facts of each conclusion sentence and the question's form.
func read(question, title string, ss []string) reading {
	q := strings.ToLower(question)
	r := reading{
		ss:         ss,
		harmQ:      harmQuestion.MatchString(q),
		omitQ:      omitQuestion.MatchString(q),
		replaceQ:   replaceQuestion.MatchString(q),
		needQ:      needQuestion.MatchString(q),
		same:       sameQuestion.MatchString(q),
		effect:     effectQuestion.MatchString(q),
		benefit:    benefitQuestion.MatchString(q) || asksTreatmentFor(q),
		safetyQ:    safetyQuestion.MatchString(q),
		rhetorical: rhetorical.MatchString(strings.ToLower(title)),
		universal:  universalQuestion.MatchString(q),
		atLeast:    atLeastQuestion.MatchString(q),
		twoPart:    twoPartQuestion.MatchString(q[strings.LastIndex(q, ":")+1:]),
	}
	low := make([]string, len(ss))
	for i, s := range ss {
		low[i] = strings.ToLower(s)
	}
	rel := relevance(q, low)
	qWords := contentStems(q)
	qDirected := directedObjects(q, true)
	qRanking := askedRanking(q)
	qPair := askedPairOf(q)
	qHarm := harmAsked.MatchString(q)
	causeQ := causeQuestion.MatchString(q)
	prevented := preventedHarm(q)
	exposure := linkExposure(q)
	modQ := modificationQuestion.MatchString(q)
	for i, s := range low {
		if statesNoFinding(s) || secondaryOnly(s, qWords) || aboutCounterpart(s, q, qWords) {
			r.facts = append(r.facts, facts{noFinding: true, underpowered: underpowered.MatchString(s)})
			continue
		}
		n := negated(removeDeniedModification(removeDeniedHarm(removeDeniedCause(presupposed(removeMinorityDenial(asserted(s, qWords)), q, causeQ), prevented), qHarm, r.safetyQ), modQ)) || rejects(s, qWords) || irrelevant(s, qWords) || deniesAskedCause(s, q)
		eq := (equivalent(s) || creditsBoth(qPair, s)) && !n && !contrasted.MatchString(s) && !likenedWithAdvantage(qPair, s)
		if r.same && n && (noDifference.MatchString(s) || notRanked.MatchString(s)) {
			// "did not differ" answers a question about sameness: it is the likeness asked
			// about, not a denial. So does a ranking denied, whichever of the two is its
			// subject ("B is not superior to A" under "Is A as good as B?").
			n, eq = false, true
		}
		f := facts{
			negated:       n,
			equivalent:    eq,
			harmful:       reportsHarm(s),
			safe:          safe.MatchString(s),
			needed:        needed.MatchString(s) && !n,
			unneeded:      unneeded.MatchString(s),
			leftOut:       unneeded.MatchString(attributiveUnneeded.ReplaceAllString(s, " ")),
			differs:       differs.MatchString(s),
			complications: complications.MatchString(s) && !n,
			partial:       partial.MatchString(mediation.ReplaceAllString(s, " ")) && !n,
			selective:     selective.MatchString(s),
			halfDenied:    halfDenial.MatchString(s),
			answers:       findings.MatchString(s) || (!methodOnly.MatchString(s) && len(strings.Fields(s)) >= 6),
			finding:       !n && findings.MatchString(s) && !methodOnly.MatchString(s),
			underpowered:  underpowered.MatchString(s),
			reversed:      !n && (reverses(qDirected, s) || reranks(qRanking, s) || prefersOther(qPair, s) || favoursInactive(s, qWords)),
			favoursFirst:  !n && favoursFirst(qPair, s),
			linked:        !n && affirmsLink(exposure, s),
		}
		if n {
			// The clause that carries the negation says how much it bears on the question;
			// a negation that spans clauses bears fully.
			for j, c := range clauses(s) {
				if negated(c) {
					f.negFocus = max(f.negFocus, rel[i][j])
				}
			}
			if f.negFocus == 0 {
				f.negFocus = 1
			}
		}
		r.facts = append(r.facts, f)
	}
	// "Non-severe hypoglycaemia was not associated with any outcome. Conversely, severe
	// hypoglycaemia was associated with a greater risk …": a link reported in contrast to the
	// denial just before it says for which kind of the exposure the link holds; the denial is
	// of another kind, as a constituent's denial beside an affirmed one is.
	for i := 1; i < len(r.facts); i++ {
		if r.facts[i].linked && contrastOpening.MatchString(low[i]) && r.facts[i-1].negated {
			r.facts[i-1].negated, r.facts[i-1].negFocus = false, 0
		}
	}
	return r
}

// contrastOpening opens a sentence set against the one before it ("Conversely, …",
// "Severe hypoglycaemia, by contrast, …").
var contrastOpening = lazyre.New(`^(?:but|instead)\b|^(?:[^,;]+, )?(?:conversely|in contrast|by contrast|on the other hand|however)\b`)

// decide gives the stance of a reading with the rules' numbers p.
func (r reading) decide(p params) Result {
	ss := r.ss
	if len(ss) == 0 {
		return Result{Stance: domain.StanceUnclear}
	}
	weight := p.weight
	neg, eq, harm := 0.0, 0.0, 0.0
	firstNeg, firstEq, firstHarm := -1, -1, -1
	for i, f := range r.facts {
		if f.negated {
			neg += weight(i) * ((1 - p.focus) + p.focus*f.negFocus)
			if firstNeg < 0 {
				firstNeg = i
			}
		}
		if f.reversed {
			// The other way on the question's own object denies the claim as a negation does.
			neg += weight(i)
			if firstNeg < 0 {
				firstNeg = i
			}
		}
		if f.equivalent {
			eq += weight(i)
			if firstEq < 0 {
				firstEq = i
			}
		}
		if f.harmful {
			harm += weight(i)
			if firstHarm < 0 {
				firstHarm = i
			}
		}
	}
	// quotable is the sentence a stance rests on: the i-th (the first when i < 0), or the
	// nearest after it, or else before it, that states a finding; -1 when none does.
	quotable := func(i int) int {
		i = max(i, 0)
		for j := i; j < len(ss); j++ {
			if !r.facts[j].noFinding {
				return j
			}
		}
		for j := i - 1; j >= 0; j-- {
			if !r.facts[j].noFinding {
				return j
			}
		}
		return -1
	}
	stanceAt := func(st domain.Stance, i int) Result {
		if i = quotable(i); i < 0 {
			return Result{Stance: domain.StanceUnclear}
		}
		return Result{Stance: st, Quote: ss[i]}
	}
	refutes := func(i int) Result { return stanceAt(domain.StanceRefutes, i) }
	supports := func(i int) Result { return stanceAt(domain.StanceSupports, i) }

	// A question naming a harm is answered "no" by a study that finds none or finds it safe.
	if r.harmQ {
		for i, f := range r.facts {
			if f.safe {
				return refutes(i)
			}
		}
		// …and "yes" by one that reports the harm.
		for i, f := range r.facts {
			if f.harmful && !f.negated {
				return supports(i)
			}
		}
		if neg >= 0.5 {
			return refutes(firstNeg)
		}
		return supports(0)
	}
	// "Can X be omitted?" (stopped, avoided) or "Can Y replace X?" is answered "no" by a
	// study that says X is needed and "yes" by one that says it is not ("no need for X", "X
	// is not required").
	if r.omitQ || r.replaceQ {
		for i, f := range r.facts {
			if f.needed {
				return refutes(i)
			}
		}
		for i, f := range r.facts {
			if f.unneeded {
				return supports(i)
			}
		}
		// Otherwise an omission is answered "yes": what such a study denies is mostly the
		// harm of leaving X out ("omitting the drain did not increase infections"). A
		// replacement is read as any other claim ("CT could not replace scintigraphy").
		if r.omitQ {
			return supports(0)
		}
	}
	// "Is X necessary?" is answered "yes" by a study that says X is needed, whatever the
	// question's lean.
	if r.needQ {
		for i, f := range r.facts {
			if f.needed {
				return supports(i)
			}
		}
		// …and "no" by one that says it can be left out ("lumbar puncture may safely be
		// omitted").
		for i, f := range r.facts {
			if f.leftOut && !f.needed {
				return refutes(i)
			}
		}
	}
	score := -neg
	for i, f := range r.facts {
		if f.finding {
			score += p.positive * weight(i)
		}
	}
	if eq > 0 {
		switch {
		case r.same:
			score += eq
		case r.effect || r.needQ:
			// Alike where an effect was asked about, or with and without what is asked to be
			// needed ("the same rate whether or not patients underwent testing"): no.
			score -= eq
		case r.benefit:
			// Alike where a benefit was asked about is no benefit when the likeness is with
			// doing nothing ("equivalent in the gum and control arms", "comparable after real and
			// sham acupuncture"); likeness with another treatment ("comparable efficacy to
			// warfarin", "equally safe and effective") is a merit.
			for i, f := range r.facts {
				if f.equivalent && inactive.MatchString(r.ss[i]) && !f.safe {
					score -= weight(i)
				} else if f.equivalent {
					score += 0.3 * weight(i)
				}
			}
		default:
			score += 0.3 * eq
		}
	}
	firstDiff := -1
	if r.same {
		for i, f := range r.facts {
			if f.differs && !(r.atLeast && f.favoursFirst) {
				score -= weight(i)
				if firstDiff < 0 {
					firstDiff = i
				}
			}
		}
	}
	// Harm found where a benefit (or safety) was asked about.
	if harm > 0 && r.benefit {
		score -= harm
	}
	if r.safetyQ {
		for i, f := range r.facts {
			if f.complications {
				score -= weight(i)
				if firstHarm < 0 {
					firstHarm = i
				}
			}
		}
	}
	if r.rhetorical {
		score -= p.rhetorical
	}
	// "Is X always necessary?" asks about every case: a study that restricts X to some cases
	// ("in selected patients", "a selective approach") answers no.
	if r.universal {
		for i, f := range r.facts {
			if f.selective || f.leftOut {
				return refutes(i)
			}
		}
	}
	// A question about two things answered for one and denied for the other is answered
	// in part.
	if r.twoPart {
		for i, f := range r.facts[:min(len(r.facts), 2)] {
			if f.halfDenied {
				return Result{Stance: domain.StanceMixed, Quote: ss[i]}
			}
		}
	}
	for i, f := range r.facts {
		if f.partial && score > -1.5 {
			return Result{Stance: domain.StanceMixed, Quote: ss[i]}
		}
	}
	if score <= p.refute {
		// A denial from a study that says it lacked the power to find a difference is
		// inconclusive: it answers neither way.
		for i, f := range r.facts {
			if f.underpowered {
				return Result{Stance: domain.StanceUnclear, Quote: ss[i]}
			}
		}
		switch {
		case firstNeg >= 0:
			return refutes(firstNeg)
		case firstDiff >= 0:
			return refutes(firstDiff)
		case firstEq >= 0:
			return refutes(firstEq)
		case firstHarm >= 0:
			return refutes(firstHarm)
		}
		return refutes(0)
	}
	if r.same && firstEq >= 0 {
		return supports(firstEq)
	}
	// A positive answer needs a sentence that says more than the design: "Randomized 200
	// patients." or "Single-arm pilot." answers nothing. It rests on the link asked about
	// when one is reported, else on the first such sentence that denies nothing.
	for i, f := range r.facts {
		if f.linked {
			return supports(i)
		}
	}
	for i, f := range r.facts {
		if f.answers && !f.negated {
			return supports(i)
		}
	}
	for i, f := range r.facts {
		if f.answers {
			return supports(i)
		}
	}
	return Result{Stance: domain.StanceUnclear}
}

// equivalent reports whether a sentence says two things are alike, other than the groups'
// make-up ("groups of similar age").
func equivalent(s string) bool {
	// "Similar findings were noted for nocturnal episodes" says the finding holds again
	// elsewhere, not that two things compared are alike.
	if m := replication.FindStringIndex(s); m != nil && !betweenArms.MatchString(s[m[1]:]) {
		s = s[:m[0]] + " " + s[m[1]:]
	}
	for _, m := range equivalence.FindAllString(s, -1) {
		if !groupTrait.MatchString(m) {
			return true
		}
	}
	return false
}

// replication is a finding said to hold again ("similar findings were noted for …", "the
// same pattern was seen in …", "the pattern of risk was similar when only wine drinkers were
// considered"); betweenArms, what makes it a likeness of the arms compared
// after all ("similar results were seen in both groups", "… with placebo").
var (
	replication = lazyre.New(`\b(?:similar|the same|comparable|consistent) (?:\w+ )?(?:findings|results|associations?|trends?|patterns?|observations|relationships?) (?:were|was|have been|has been|are|is) (?:also )?(?:noted|observed|found|seen|obtained|reported|shown|demonstrated|evident|present|apparent|made)\b|\b(?:findings|results|associations?|trends?|patterns?|relationships?)(?: of [\w-]+)? (?:were|was|remained|is|are) (?:also |essentially |largely )?(?:similar|the same|comparable|consistent|unchanged)\b`)
	betweenArms = lazyre.New(`^[^,;]*\b(?:both|between|either|all (?:\w+ )?groups|placebo|control|sham|untreated)\b`)
)

// concession is a leading subordinate clause the sentence concedes before its claim
// ("Although most patients did not …, the rate improved"); reason is a clause giving the
// grounds of the claim before it (", because only 8 % did not fit").
var (
	concession = lazyre.New(`^(?:although|though|even though|while|whereas|despite|in spite of)\b[^,;]*,\s*`)
	reason     = lazyre.New(`,?\s*\b(?:and )?(?:not )?because\b [^,;]*`)
)

// asserted is the part of a lower-cased sentence that carries its claim: without a
// conceded clause before it or the reason given for it.
func asserted(s string, qWords map[string]bool) string {
	// A conceded clause is set aside only when the claim after it bears on the question at
	// least as much ("Although X did not reduce pain, it improved function" still answers
	// "Does X reduce pain?" with no).
	if m := concession.FindStringIndex(s); m != nil && overlap(qWords, contentStems(s[m[1]:])) >= overlap(qWords, contentStems(s[:m[1]])) {
		s = s[m[1]:]
	}
	if m := reason.FindStringIndex(s); m != nil && m[0] > 0 {
		s = s[:m[0]] + s[m[1]:]
	}
	// An inference drawn after a finding (", suggesting that the contribution of
	// leukotrienes is not controlled by steroids") is the authors' reading of it: a negation
	// there does not deny the finding, when the finding bears on the question at least as
	// much.
	if m := inference.FindStringIndex(s); m != nil && m[0] > 0 {
		claim, drawn := s[:m[0]], s[m[1]:]
		if findings.MatchString(claim) && !negated(claim) && overlap(qWords, contentStems(claim)) >= overlap(qWords, contentStems(drawn)) {
			s = claim
		}
	}
	return s
}

// inference opens a clause that draws a conclusion from what precedes it.
var inference = lazyre.New(`,\s*(?:(?:which|this|that) )?(?:suggesting|indicating|implying|suggests|indicates|implies|meaning)(?: that)?\b`)

// rejects reports whether a sentence prefers something else to what the question asks
// about: "… should be based on colonoscopic findings rather than on the site of mutation"
// answers "Can mutation analysis guide decisions?" with no. The words after "rather than"
// must bear on the question at least as much as those before it, or the sentence asserts its own
// preference ("telephone counselling, rather than print, …" answers a question about
// counselling with yes).
func rejects(s string, qWords map[string]bool) bool {
	m := preference.FindStringIndex(s)
	if m == nil {
		return false
	}
	i, after := m[0], s[m[1]:]
	if j := strings.IndexAny(after, ",;"); j >= 0 {
		after = after[:j]
	}
	// The phrase's object ends where the sentence's predicate begins. "A instead of B is
	// associated with lower mortality" states what A did against B: it answers the question
	// against B's only when the question is about B (all of B's words are the question's,
	// none of A's own), not when B merely shares a word with the question ("mechanical
	// ventilation" under a question on non-invasive ventilation).
	if k := predicateStart.FindStringIndex(after); k != nil {
		object, predicate := after[:k[0]], after[k[0]:]
		if !recommendation.MatchString(predicate) && findings.MatchString(predicate) {
			b := contentStems(object)
			if len(b) == 0 || overlap(qWords, b) < len(b) {
				return false
			}
			if p := pairOf(s[:i], object); p != nil && overlap(qWords, p.first) > 0 {
				return false
			}
			return true
		}
		after = object
	}
	a := overlap(qWords, contentStems(after))
	return a > 0 && a >= overlap(qWords, contentStems(s[:i]))
}

// predicateStart is the verb that begins a sentence's predicate after its subject;
// recommendation, a predicate that recommends rather than reports.
var (
	predicateStart = lazyre.New(`\b(?:is|are|was|were|has|have|had|should|may|might|can|could|must|will|would|did|does|do|led|leads?|resulted|results|reduced|reduces|improved|improves|increased|increases|decreased|decreases|lowered|lowers|yielded|yields|provided|provides|gave|gives|showed|shows|achieved|achieves|appears?|seems?|offers?|offered|produced|produces|prevented|prevents)\b`)
	recommendation = lazyre.New(`^(?:should|must|ought|needs? to|(?:is|are) (?:to be |therefore |thus )?(?:preferred|preferable|recommended|advised|advocated|indicated|warranted|the (?:\w+ )?(?:choice|standard)))\b`)
)

// preference is the phrase that puts one thing in place of another.
var preference = lazyre.New(`\b(?:rather than|instead of|in place of|in preference to) `)

// irrelevance is the phrase that says what follows it makes no difference: "independent
// of", "regardless of", or a finding said not to vary by it (deniedModification).
var irrelevance = lazyre.New(`\b(?:(?:independent(?:ly)?|regardless|irrespective) of|no matter) |` + deniedModification + ` `)

// deniedModification denies that a finding varies by something ("did not suggest that the
// hazard ratio varied by the other patient characteristics", "was not modified by sex or
// age"): effect modification denied, which says the finding holds across what follows, as
// "regardless of" does. It is no denial of the finding itself (removeDeniedModification),
// and denies only as irrelevant does.
const deniedModification = `\b(?:not|no)\b (?:\w+ ){0,5}?(?:var(?:y|ied|ies)|modified) (?:significantly )?(?:by|across|according to)\b`

var (
	deniedModificationRe = lazyre.New(deniedModification)
	// modificationQuestion asks whether something varies by or is modified by another
	// ("Could the extent of lymphadenectomy be modified by chemotherapy?"): there, the
	// modification denied is the answer.
	modificationQuestion = lazyre.New(`\b(?:var(?:y|ies|ied)|modif(?:y|ies|ied))\b`)
)

// removeDeniedModification drops from a lower-cased sentence the negation of a denied
// effect modification, unless the question asks about the modification (modQ).
func removeDeniedModification(s string, modQ bool) string {
	if modQ {
		return s
	}
	return deniedModificationRe.ReplaceAllString(s, " ")
}

// irrelevant reports whether a sentence says that what the question asks about makes no
// difference: "outcome was independent of the timing of surgery" answers "Does the timing
// of surgery matter?" with no, but "BMI predicts knee pain independently of radiographic
// change" states an adjusted finding, so the words after the phrase must bear on the
// question at least as much as those before it.
func irrelevant(s string, qWords map[string]bool) bool {
	for _, m := range irrelevance.FindAllStringIndex(s, -1) {
		// What follows is the phrase's object, up to eight words (a list of them counts:
		// "regardless of the size, number or location"); what comes before, the claim.
		after := strings.Fields(s[m[1]:])
		after = after[:min(len(after), 8)]
		before := s[:m[0]]
		if j := strings.LastIndex(before, ";"); j >= 0 {
			before = before[j+1:]
		}
		// A finding said not to vary by something denies its bearing on the question when the
		// question names it, whatever else the sentence names ("the infection risk did not
		// vary by age" under "Is age a risk factor for infection?").
		modification := deniedModificationRe.MatchString(s[m[0]:m[1]])
		if a := overlap(qWords, contentStems(strings.Join(after, " "))); a > 0 && (modification || a >= overlap(qWords, contentStems(before))) {
			return true
		}
	}
	return false
}

// relevance gives each clause of each sentence its share of the question's content words,
// relative to the clause that shares most (1 for every clause when none shares any).
func relevance(q string, low []string) [][]float64 {
	qw := contentStems(q)
	out := make([][]float64, len(low))
	best := 0
	for i, s := range low {
		for _, c := range clauses(s) {
			o := overlap(qw, contentStems(c))
			out[i] = append(out[i], float64(o))
			best = max(best, o)
		}
	}
	for i := range out {
		for j := range out[i] {
			if best > 0 {
				out[i][j] /= float64(best)
			} else {
				out[i][j] = 1
			}
		}
	}
	return out
}

// negated reports whether a sentence denies its main claim. Negations that do not
// ("not only", "those who did not receive", "could not be explained by") are removed first.
func negated(s string) bool {
	s = notANegation.ReplaceAllString(s, " ")
	s = removeNoHarm(s)
	for _, re := range negations {
		if re.MatchString(s) {
			return true
		}
	}
	return nonSignificant(s)
}

// pValue is a reported p-value with its comparison: "p < 0.05", "P = .03", "p ≥ 0.05".
var pValue = lazyre.New(`(?i)\bp\s*(?:value\s*)?(<|>|=|≤|≥)\s*(0?\.\d+|\d(?:\.\d+)?)`)

// nonSignificant reports whether a sentence states its result by p-values alone and none of
// them is below 0.05: "The 1-year survival rates were 32% and 28% (p = 0.55)" says in numbers
// what "did not differ significantly" says in words, the negative evaluation
// "non-significant" (an abstract without a conclusions section is read from its last
// sentences, which are then its results). One significant p-value among them leaves the
// sentence a finding.
func nonSignificant(s string) bool {
	null := false
	for _, m := range pValue.FindAllStringSubmatch(s, -1) {
		x, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			continue
		}
		switch m[1] {
		case "<", "≤":
			if x <= 0.05 {
				return false
			}
		case ">", "≥":
			null = null || x >= 0.05
		default:
			if x < 0.05 {
				return false
			}
			null = true
		}
	}
	return null
}

var (
	// notANegation are the pseudo-negations removed before a sentence is read (the idea of
	// NegEx's pseudo-triggers): words that contain "not" or "no" but deny nothing ("not only",
	// "whether or not", "notwithstanding", "cannot be excluded", "not previously reported"),
	// negations inside a clause that defines a group ("those who did not receive", "patients
	// not taking statins", "patients whose asthma is not controlled", "who are not candidates
	// for surgery") or a condition ("if MRI is not available"), litotes ("not
	// uncommon", "should not be overlooked", "not inferior") and a negation of one constituent
	// set against another ("…, not unilateral", "but not with …", "though not significantly"),
	// which leaves the main claim standing.
	notANegation = lazyre.New(`\bwhether or not\b|\b(?:not|never) (?:been )?(?:previously |before )?(?:reported|described|recogni[sz]ed|diagnosed|detected|identified|known)(?: before| previously)?\b|\b(?:patients|subjects|participants|women|men|children|adults|infants|adolescents|people|persons|cases|those|individuals|controls|groups?) (?:who (?:were|are) )?not (?:receiving|taking|treated|using|exposed|undergoing|given|on|eligible|suitable|candidates|responding|responsive|amenable|controlled|adequately|well|optimally|fit|able|willing|previously|already)\b|\bwhose (?:\w+ ){1,2}(?:is|are|was|were|has|have|had|did|does|do) (?:(?:\w+ly|yet|previously|still) )?not\b|\b(?:who|whom) (?:(?:\w+ly|still|also|ever|already|otherwise) )?(?:had|have|has|did|do|does|were|was|are|is|could|can|would) (?:(?:\w+ly|yet|previously|still) )?not\b|\b(?:who|whom) (?:(?:\w+ly|still|also) )?(?:cannot|can't)\b|\bin whom (?:\w+ ){1,2}(?:is|are|was|were|had|has|have|could|can|did) not\b|\b(?:confirm|verify|prove|support) or (?:refute|disprove|reject)\b|\bif not\b|\bnot least\b|\bnot surprisingly\b|\b(?:if|unless) (?:\w+ ){1,4}not\b|\bmay or may not\b|\bnot ?withstanding\b|\bnot because\b|\bnot necessarily\b|(?:,|\bbut|\b(?:al)?though) not\b|\bnot only\b|\b(?:could|can)(?:not| not) (?:\w+ )?be (?:\w+ )?(?:explained|excluded|ruled out|attributed|ignored|overlooked|dismissed|neglected|underestimated)\b|\bcannot exclude\b|\b(?:(?:which|that) )?(?:was|were|is|are) not (?:fully |entirely |completely |solely |wholly )?(?:explained|accounted for|attributable)\b|\bnot (?:yet )?(?:available|known)\b|\b(?:who|whom|that|which) (?:had|have|has|did|do|does|were|was|are|is) not\b|\bthose (?:not|without)\b|\bthan (?:those|patients|women|men|children|subjects) (?:who )?(?:had |did |were )?not\b|\b(?:should|must|need) not be (?:considered |regarded as |seen as |viewed as )?(?:a barrier|overlooked|ignored|underestimated|neglected|denied|withheld|discouraged|dismissed|discarded|forgotten)\b|\bnot (?:hesitate|uncommon|unusual|rare|infrequent|negligible|insignificant|unimportant|trivial)\b|\b(?:not|no) (?:inferior|worse)\b`)
	// noHarmReported: "no complications" reports safety, not a failed claim.
	noHarmReported = lazyre.New(`\bno (?:\w+ )?(?:complications?|side effects?|adverse (?:events?|effects?|reactions?|outcomes?)|toxicity|toxicities|recurrences?|mortality|deaths?|problems?|difficult(?:y|ies)|failures?|harm|injur(?:y|ies)|infections?|morbidity|bleeding|relapses?|concerns?)\b`)

	// negations are the ways a conclusion denies its claim, by linguistic kind rather than by
	// topic, so that a conclusion worded in a way no tuning item was still reads as a denial.
	negations = compile(
		// A negated verb or adjective: "did not reduce", "is not a predictor", "cannot",
		// "neither … nor", "never".
		`\bnot\b|\b(?:didn't|doesn't|don't|wasn't|weren't|isn't|aren't|cannot|can't|couldn't|shouldn't|hasn't|haven't|won't)\b|\bneither\b|\bnone of\b|\bno longer\b|\bnever\b`,
		// A negative determiner on a claim's noun: "no (significant) difference", "no data",
		// "no more effective than".
		`\bno (?:\w+ ){0,3}(?:evidence|differences?|associations?|effects?|benefits?|relationships?|correlations?|improvements?|advantages?|impact|role|place|value|influence|changes?|reductions?|increases?|link|predictive|prognostic|superiority|need|relation|increased|decreased|higher|lower|better|gain|prevention|protection|efficacy|response|survival|indication|data|awareness|knowledge|understanding|consensus|support|justification|rationale)\b|\bno (?:more|greater) \w+ than\b`,
		// A verb or noun that denies: "failed to", "unable to", "lacks", "absence of",
		// "refutes", "argues against", "challenges the notion".
		`\bfail(?:ed|s)? to\b|\bunable to\b|\black(?:s|ed)?\b|\b(?:refutes?|refuted|disproves?|disproved)\b|\b(?:rejects?|rejected|challenges?|challenged|contradicts?|contradicted) the (?:\w+ )?(?:hypothesis|notion|idea|assumption|belief|view)\b|\bargues? against\b|\babsence of (?:a |an |any )?(?:effect|association|difference|correlation|benefit|relationship)\b`,
		// Too little of the claim: "little evidence", "a minimal effect", "low sensitivity",
		// "poor agreement", "weakly associated", "adds little", "only a minority".
		`\b(?:little|minimal|minor|negligible|marginal|trivial|low|poor|limited|weak) (?:clinical |diagnostic |predictive |symptomatic |additional |prognostic |therapeutic )?(?:need|awareness|evidence|effects?|benefits?|value|knowledge|understanding|impact|role|differences?|influence|correlation|association|improvement|advantage|change|importance|relevance|sensitivity|specificity|accuracy|yield|ability|power|reliability|validity|agreement|concordance|reproducibility|efficacy|utility|usefulness|use|performance|predictor)\b|\bweak(?:ly)?\b|\b(?:adds?|offers?|offered|provides?|provided) little\b|\bsmall contribution\b|\bonly a small\b|\bonly (?:in )?a (?:minority|few)\b|\bonly (?:a )?(?:marginal|slight|modest|small|minimal) (?:\w+ )?(?:reduction|benefit|improvement|gain|effect|difference|advantage)s?\b|\b(?:benefits?|effects?|improvements?|gains?|reductions?|differences?|impact|advantages?|changes?)\b(?: \S+){0,6}? (?:was|were|is|are|remained) (?:\w+ )?(?:minimal|negligible|marginal|trivial)\b|\bonly (?:very )?slightly\b`,
		// A negative evaluation: "ineffective", "unreliable", "insufficient", "unwarranted",
		// "non-significant", "unchanged".
		`\b(?:inadequate|unlikely|ineffective|inaccurate|unreliable|unjustified|not worthwhile|low yield|of low (?:yield|value)|casts? doubt|insufficient|unsuitable|inappropriate|unsatisfactory|unhelpful|unwarranted|ineffectual|unproven|unfounded|invalid|questionable|doubtful|disappointing|unrelated|unaffected|unchanged)\b|\b(?:is|are|was|were|be|been|seems?|appears?|proved?) (?:\w+ )?unnecessary\b|\bnon-?significant(?:ly)?\b|\bremained (?:undisturbed|stable)\b|\b(?:correlated?|correlates|performed|performs|predicted|predicts|agreed|agrees|discriminated|discriminates)(?: \S+){0,6}? poorly\b|\blow-yield\b|\b(?:should be|is|are) (?:strongly )?discouraged\b|\bshould be (?:abandoned|replaced by)\b|\b(?:restrict|limit|reduc|undermin)(?:s|es|ed|ing)? (?:the |its |their )?(?:clinical |diagnostic |practical )?(?:utility|usefulness|value|applicability)\b|\bwithout (?:any |a |significantly )?(?:improving|preventing|shortening|(?:any )?improvement in)\b`,
		// The finding explained away: "largely explained by age", "by chance",
		// "contrary to expectations".
		`\b(?:largely|entirely|fully|mostly|wholly) explained by\b|\b(?:due to|by) chance\b|\bcontrary to (?:\w+ ){0,2}(?:expectations?|hypothes[ie]s|predictions?|belief|assumptions?)\b|\b(?:associations?|effects?|differences?|benefits?|relationships?|correlations?) (?:\S+ ){0,10}?(?:disappeared|vanished|(?:was|were) (?:lost|abolished|nullified))\b|\b(?:attributable|due|explained) (?:to|by) (?:\w+ ){0,2}confounding\b|\b(?:consistent with|reflects?|reflecting|due to|attributable to|explained by) (?:a |the )?placebo (?:response|effect)\b`,
	)

	equivalence = lazyre.New(`\b(?:similar|(?:performed|responded|behaved|fared) similarly|comparable|equivalent|equally|same|(?:was|were|is|are|virtually|almost|nearly) (?:identical|indistinguishable)|no different|not different|not inferior|no worse|not worse|non-inferior|noninferior|as (?:safe|effective|good|accurate) as)\b(?: (?:size|age|sex|proportion|number|baseline|characteristics|demographics)\b)?`)
	// inactive names doing nothing as a comparator (the sentence is read as written, in any case).
	inactive = lazyre.New(`(?i)\b(?:placebo|sham|controls?|no treatment|untreated|usual care|observation|no intervention|waiting list|wait-list)\b`)
	// notRanked denies that one thing is better or worse than another.
	notRanked = lazyre.New(`\b(?:not|no) (?:significantly |clearly |statistically )?(?:superior|better|inferior|worse|more (?:effective|efficacious|beneficial)|less (?:effective|efficacious|beneficial))\b`)
	// noDifference denies a difference: a likeness said by negation.
	noDifference = lazyre.New(`\b(?:did|does|do) not (?:\w+ )?differ\b|\bno (?:\w+ ){0,2}differences?\b|\bnot (?:\w+ )?different\b`)
	// contrasted: a sentence that finds a clear difference and likens the groups on something
	// else ("significantly lower …, and almost identical to …") states the difference.
	contrasted = lazyre.New(`\bsignificantly (?:lower|higher|different|more|less|greater|smaller|better|worse|reduced|increased|improved|shorter|longer)\b`)
	// groupTrait ends an equivalence that describes the groups compared ("of similar size"), not
	// what the study found.
	groupTrait = lazyre.New(` (?:size|age|sex|proportion|number|baseline|characteristics|demographics)$`)
	differs    = lazyre.New(`\b(?:significantly (?:lower|higher|different|more|less|greater|smaller)|differ(?:s|ed|ing|ent|ences?)?|more|less|poor|(?:longer|shorter|larger|smaller|higher|lower|greater|heavier|lighter|better|worse|faster|slower|older|younger|fewer) (?:\w+ ){0,3}than)\b`)
	// harmful is harm reported: a harm named or more of it, worse survival, or harms and
	// symptoms, or withdrawals for them, more frequent ("abdominal pain and diarrhoea were more
	// often reported as reason for withdrawal").
	harmful = lazyre.New(`\b(?:harm(?:ful)?|worse|worsened|increase[sd]? (?:the )?(?:risk|mortality|incidence|rate)|higher (?:risk|mortality)|at (?:increased |higher |high )?risk|detrimental|adverse effect on)\b|` + moreHarm + `|\b(?:shorter|worse|reduced|poorer) (?:\w+ ){0,2}survival\b|\b(?:side effects|adverse (?:events|effects|reactions)|` + harmNoun + `|` + symptom + `|withdrawals?|drop-?outs?|discontinuations?)(?: \w+){0,3}? (?:were|was) (?:\d+ ?% )?(?:more|higher) (?:frequent(?:ly)?|common(?:ly)?|often)\b`)
	// symptom names the complaints a treatment can cause as well as relieve.
	symptom = `(?:pain|diarrh(?:o)?ea|nausea|vomiting|constipation|headaches?|dizziness|drowsiness|somnolence|bloating|flatulence|rash|pruritus|itching|fatigue|insomnia)`
	// harmNoun names a harm, the one list the harm rules share.
	harmNoun = `(?:complications?|morbidity|mortality|adverse (?:events?|effects?|reactions?|outcomes?)|side effects?|bleeding|haemorrhage|hemorrhage|toxicity|infections?|dislocations?|readmissions?|reoperations?|deaths?|thrombo\w*|hypoglyc\w*|hypotension|injur(?:y|ies)|harm)`
	// moreHarm is more of a named harm: "increased 28-day mortality", "a higher rate of serious
	// adverse events", "more wound infections".
	moreHarm = `\b(?:increased|higher|greater|more|excess) ` + harmGap + harmNoun + `\b`
	// harmGap is what may stand between "more" and the harm: a rate ("rate of", "risk of") and
	// the harm's own modifiers ("serious", "28-day all-cause"), never a word that turns it
	// round ("a significant reduction in mortality").
	harmGap  = `(?:(?:\w+ ){0,2}(?:rates?|risks?|incidence|numbers?|frequency) of )?(?:(?:serious|major|severe|minor|postoperative|perioperative|operative|early|late|wound|surgical|overall|all-cause|in-hospital|\d+-(?:day|week|month|year)|cardiovascular|cardiac|respiratory|pulmonary|infectious|treatment-related|drug-related|symptomatic|intracranial|gastrointestinal|urinary|venous|thromboembolic|anastomotic|neonatal|maternal|perinatal|posterior|perineal|new|total) ){0,3}`
	safe     = lazyre.New(`\b(?:safe|safely|feasible|well tolerated|effective|acceptable (?:option|alternative|approach|strategy))\b`)
	needed   = lazyre.New(`\bshould not be (?:omitted|abandoned|avoided)\b|\b(?:is|are|was|were|be|been|remains?|seems?|appears?|makes?|made|become|becomes) (?:\w+ ){0,3}(?:necessary|required|essential|indispensable|mandatory)\b|\b(?:need|necessity) for\b`)
	unneeded = lazyre.New(`\bno (?:\w+ )?need\b|\bnot (?:\w+ )?(?:necessary|required|needed|indicated|mandatory|essential|warranted)\b|\bunnecessary\b|\b(?:can|could|may|might) (?:\w+ )?be (?:safely )?(?:omitted|avoided|abandoned|discontinued|stopped|replaced|forgone|deferred)\b|\bshould be abandoned\b|\bdispensable\b`)
	// attributiveUnneeded is "unnecessary" before a noun ("to avoid unnecessary
	// appendectomies"): it qualifies that noun, not the sentence's subject.
	attributiveUnneeded = lazyre.New(`\b(?:avoid|avoids|avoiding|prevent|prevents|preventing|reduce|reduces|reducing|of|and|the|an?|many|more|fewer|less) unnecessary\b`)
	selective           = lazyre.New(`\bselective(?:ly)?\b|\bselected (?:cases|patients|subjects|women|men|children|groups?)\b|\bin (?:some|certain) (?:cases|patients)\b|\bnot (?:always|necessarily|all)\b|\bonly (?:in|for|when|if)\b|\bsubgroups?\b|\bcase-by-case\b|\b(?:reserved|targeted|restricted|limited|confined) (?:to|for|at)\b`)
	// underpowered: the study says it had too few people to detect a difference. A null
	// result it then reports is inconclusive, not evidence of no effect (absence of evidence
	// is not evidence of absence), so it does not refute. Written from how trial reports say
	// it (CONSORT 2010 item 22, limitations: "imprecision"), not from PubMedQA's items: none
	// of the tuning items says it.
	underpowered = lazyre.New(`\bunder-?powered\b|\b(?:lack|lacked|lacking|absence|loss) of (?:sufficient |adequate |enough )?(?:statistical )?power\b|\binsufficient(?:ly)? (?:statistical )?power(?:ed)?\b|\b(?:not|inadequately|insufficiently) powered\b|\bfail(?:ed|s|ure)? to (?:achieve|reach|attain|recruit) (?:the |its |our )?(?:\w+ )?(?:target|minimum|planned|required|calculated|intended) (?:sample size|number)|\b(?:too small|too few \w+) to (?:detect|show|demonstrate|exclude)\b`)
	// mediation says how a finding came about ("partly mediated by weight gain", "partly
	// explained by poor sleep"): the finding itself holds whole.
	mediation = lazyre.New(`\b(?:partly|partially) (?:mediated|explained|accounted for|attributable)\b`)
	partial   = lazyre.New(`\b(?:depend(?:s|ed|ing)? (?:on|upon)|dependent on|not always|not necessarily|may or may not|partially|partly|mixed|in selected|selected patients|some but not all)\b`)

	// methodOnly marks a sentence that states how a study was done; findings, what it found.
	methodOnly = lazyre.New(`^(?:an? |the |this |we )?(?:randomi[sz]ed|randomly|double-blind|open-label|single-blind|placebo-controlled|prospective|retrospective|multicent(?:er|re)|phase \S+|cohort|case series|cross-sectional|(?:patients|participants|subjects) (?:were|received)|we (?:randomi[sz]ed|enrolled|included|recruited|studied|analy[sz]ed)|\d[\d,]* (?:patients|participants|subjects|adults|children|women|men)\b)`)
	findings   = lazyre.New(`\b(?:improv\w*|reduc\w*|lower\w*|higher|increas\w*|decreas\w*|associat\w*|effective\w*|efficac\w*|benefi\w*|safe\w*|feasible|useful|significant\w*|superior|better|worse|prevent\w*|protect\w*|inhibit\w*|activat\w*|enhanc\w*|no|not)\b`)

	// Question forms.
	atLeastQuestion = lazyre.New(`\bas (?:good|effective|efficacious|safe|accurate|well|beneficial|useful|reliable|sensitive|specific) as\b|\b(?:non-?inferior|not inferior|no worse)\b`)
	sameQuestion    = domain.SameQuestion // the answer line reads a comparison's likeness with it too
	// effectQuestion asks about an effect or a difference, as a verb or a comparative, or by
	// setting two things side by side ("venlafaxine vs fluvoxamine for delusional depression"
	// asks whether one does better than the other).
	effectQuestion  = lazyre.New(`\b(?:versus|vs|compared (?:with|to)|affects?|affected|outperforms?|preferable|differ|differs|different|difference|differences|better|worse|superior|inferior|improves?|increases?|reduces?|decreases?|lowers?|higher|lower|more|less|fewer|greater|prevents?|protects?|causes?|induces?|enhances?|worsens?|delays?|prolongs?|shortens?|impact|influences?|modify|modifies|vary|varies|predict|predicts|predictive|predictor|associated|association|related|relationship|correlated?|correlation|linked|benefit|benefits|change|changes|alter|alters|matter|matters|effect|effects|role|contribute|contributes|determine|determines)\b`)
	benefitQuestion = lazyre.New(`\b(?:effective|efficacious|worthwhile|useful|valuable|advantageous|improve|improves|prevent|prevents|reduce|reduces|benefit|beneficial|protect|protects|treat|treating|treats|help|helps)\b|\bworks?\s*\?`)
	// treatmentFor, askingWord and sideBySide read a question put as a phrase
	// (asksTreatmentFor).
	treatmentFor   = lazyre.New(`^[^?:;]+ for [^?:;]+$`)
	sideBySide     = lazyre.New(`\b(?:versus|vs|compared (?:with|to))\b`)
	askingWord     = lazyre.New(`^(?:is|are|was|were|do|does|did|can|could|should|will|would|has|have|had|may|might|must|what|which|how|why|when|where|who)\b`)
	safetyQuestion = lazyre.New(`\b(?:safe|safety)\b`)
	// complications is a harm reported as having happened: a high or significant rate of it,
	// more of it, or what it is associated with or predicted by ("COPD and heparin use were
	// associated with complications"): a study that looks for what predicts a harm has found
	// the harm, which answers a question whether something is safe.
	complications     = lazyre.New(`\b(?:significant|high) ` + harmGap + harmNoun + `\b|` + moreHarm + `|\b(?:associated with|predictors? of|predictive of|risk factors? for) ` + harmGap + harmNoun + `\b`)
	harmQuestion      = lazyre.New(`\b(?:contraindications?|barriers?|obstacles?|harmful|detrimental|dangerous|disaster|hazard|pitfalls?|risky|unsafe)\b`)
	needQuestion      = lazyre.New(`\b(?:necessary|needed|need|required|mandatory|indispensable|essential)\b`)
	omitQuestion      = lazyre.New(`\b(?:be|being|been) (?:safely )?(?:omitted|avoided|abandoned|skipped|stopped|discontinued|withdrawn|withheld|spared|forgone|dropped|eliminated)\b|\b(?:omit|omitting|omission|skip|skipping|forgo|waste|dispensable|unnecessary|overused|overrated|obviate|obviates)\b|\b(?:eliminate|avoid|spare) the need\b`)
	replaceQuestion   = lazyre.New(`\b(?:replace|replaced|replacing|substitute|substituted|instead of|in place of)\b`)
	twoPartQuestion   = lazyre.New(`\b(?:and|or|both|either)\b`)
	halfDenial        = lazyre.New(`(?:,|\bbut|\b(?:al)?though) not\b`)
	universalQuestion = lazyre.New(`\b(?:always|routine|routinely|every|all \w+s|all \w+ (?:patients|women|men|children|adults|cases)|(?:should|must|do|does) all)\b`)
	rhetorical        = lazyre.New(`\b(?:really|myth|necessary|always|truly|overestimated)\b`)
)

// asksTreatmentFor reports whether a lower-cased question is a phrase that names a treatment
// for a condition ("SSRIs for bulimia nervosa", "alpha-galactosidase for irritable bowel
// syndrome"): it asks whether the treatment helps, as "Does X help Y?" does, so harm found
// answers it no. One that opens with a word that asks (askingWord) is read by its verb
// instead, and one that sets a second treatment beside the first (sideBySide: "amiodarone
// versus sotalol for atrial fibrillation") asks which does better, where a harm found may be
// either's.
func asksTreatmentFor(q string) bool {
	q = strings.TrimSpace(q)
	return treatmentFor.MatchString(q) && !askingWord.MatchString(q) && !sideBySide.MatchString(q)
}

// reportsHarm reports whether a lower-cased sentence reports harm (harmful) other than in
// the untreated arm: "higher mortality in the placebo group" is the treatment's advantage,
// not its harm.
func reportsHarm(s string) bool {
	for _, m := range harmful.FindAllStringIndex(s, -1) {
		if !inUntreatedArm(s[m[1]:]) {
			return true
		}
	}
	return false
}

// removeNoHarm drops "no complications", "no deaths" and the like, unless a claim's word
// follows ("no mortality benefit" still denies a benefit).
func removeNoHarm(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range noHarmReported.FindAllStringIndex(s, -1) {
		rest := strings.Fields(s[m[1]:])
		if len(rest) > 0 && claimWord.MatchString(rest[0]) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(" ")
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// deniedHarm is a harm said not to have grown: "did not increase the incidence of
// hypothermia", "was not associated with any increase in morbidity", "without more
// bleeding".
var deniedHarm = lazyre.New(`\b(?:not|no|without|nor)\b (?:\w+ ){0,4}?(?:increase[ds]?|increasing|raised?|higher|more|greater|excess)\b[^,;]*?\b` + harmNoun + `|\b` + harmNoun + ` (?:\w+ ){0,3}?(?:was|were) not (?:significantly )?(?:higher|increased|greater|more frequent)\b`)

// harmAsked is a question about a risk or a harm ("Are women … at risk for pregnancy
// complications?"): a harm denied is its answer "no", whatever the harm is called.
var harmAsked = lazyre.New(`\b(?:risks?|harmful|hazard\w*|dangerous|` + harmNoun + `)\b`)

// removeDeniedHarm drops a denied harm when the question asks about no harm: under "Is
// delayed cord clamping safe?", "did not increase the incidence of hypothermia" reports
// safety, not a failed claim; under "Does X increase bleeding?", "did not increase
// bleeding" stays the denial it is.
func removeDeniedHarm(s string, harmQuestion, safetyQuestion bool) string {
	if harmQuestion {
		return s
	}
	if safetyQuestion {
		// Under a safety question anything said not to have grown is a harm spared.
		s = deniedIncrease.ReplaceAllString(s, " ")
	}
	return deniedHarm.ReplaceAllString(s, " ")
}

// deniedIncrease is anything said not to have grown ("did not increase the incidence of
// hypothermia", "no higher"), up to the clause's end.
var deniedIncrease = lazyre.New(`\b(?:not|no|without|nor)\b (?:\w+ ){0,4}?(?:increase[ds]?|increasing|raised?|higher|more|greater|excess)\b[^,;]*`)

var claimWord = lazyre.New(`^(?:benefits?|differences?|effects?|reductions?|advantages?|improvements?|associations?)\b`)

func compile(ps ...string) []*lazyre.Regexp {
	out := make([]*lazyre.Regexp, len(ps))
	for i, p := range ps {
		out[i] = lazyre.New(p)
	}
	return out
}

// abbreviation matches text ending in an abbreviation whose full stop ends no sentence.
var abbreviation = lazyre.New(`(?i)\b(?:e\.g|i\.e|vs|et al|cf|approx|fig)\.$`)

// Sentences splits text at a full stop, question or exclamation mark followed by space and
// a capital letter or digit, so "p < 0.05", "e.g. the" and "(e.g. 15 % …" stay whole; each sentence is a
// verbatim substring of text (space-trimmed).
func Sentences(text string) []string {
	text = strings.TrimSpace(text)
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		j := i + 1
		for j < len(text) && (text[j] == ' ' || text[j] == '\n' || text[j] == '\t') {
			j++
		}
		if j == i+1 || j >= len(text) {
			continue
		}
		if c == '.' && abbreviation.MatchString(text[start:i+1]) {
			continue
		}
		if n := text[j]; (n >= 'A' && n <= 'Z') || (n >= '0' && n <= '9') {
			if s := strings.TrimSpace(text[start : i+1]); s != "" {
				out = append(out, s)
			}
			start = j
		}
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// clauseBreak splits a sentence where its claim may turn: a semicolon or a contrasting
// conjunction ("…, but …", "…, whereas …").
var clauseBreak = lazyre.New(`;|,?\s+(?:but|whereas|while|although|though|however|yet|except)\b,?`)

// clauses are the parts of a lower-cased sentence between clauseBreaks.
func clauses(s string) []string {
	var out []string
	for _, c := range clauseBreak.Split(s, -1) {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// contentStems are a text's content words cut to their first five letters, so
// "associated" meets "association" and "reduces" meets "reduction".
func contentStems(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	}) {
		if stopword[w] || len(w) < 4 && !shortContent[w] {
			continue
		}
		if len(w) > 5 {
			w = w[:5]
		}
		out[w] = true
	}
	return out
}

func overlap(a, b map[string]bool) int {
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	return n
}

// shortContent are the short words and acronyms that name what a question asks about ("Is age a
// contraindication …?", "Can ultrasonography replace CT …?"); other short words are glue.
var shortContent = wordSet("age sex ct mri bmi hiv hpv icu pci ecg eeg crp psa ivf cpr ckd chd cvd")

var stopword = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`about above after again against also among been before being below between both
	could does doing done during each either from further have having here into itself just more most much must
	need none only other over same should some such than that their them then there these they this those through
	under until upon very what when where whether which while whom whose will with within would your patients
	study studies results result findings data group groups there`) {
		m[w] = true
	}
	return m
}()
