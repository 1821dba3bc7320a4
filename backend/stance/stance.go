// Package stance says which way a study points on a question: it supports the answer
// "yes", refutes it (no effect, or harm where a benefit was asked about), is mixed
// (the answer depends on a subgroup or holds only in part) or is unclear. The offline judge
// uses it for every on-topic study; the LLM judges' stances are checked against the same
// quotes.
//
// It reads the study's conclusions, because that is where authors state their answer, and
// decides by rules a reader can audit: a negated main claim ("did not reduce", "no
// significant difference", "is not a reliable predictor") refutes; a claim of equivalence
// refutes a question about a difference and supports one about sameness; a question that
// names a harm ("Is age a contraindication to …?") is answered "no" by a study reporting
// safety; a conclusion that depends on a subgroup is mixed. The sentence the decision rests
// on is returned verbatim so the user can check it.
package stance

import (
	"regexp"
	"strings"

	"deepcritical/backend/domain"
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
// INTERPRETATION section, else the last two sentences of its text.
func Conclusions(sections []domain.Section, content string) string {
	for _, s := range sections {
		l := strings.ToUpper(strings.TrimSpace(s.Label))
		if strings.HasPrefix(l, "CONCLUSION") || l == "INTERPRETATION" || strings.HasPrefix(l, "DISCUSSION") {
			return strings.TrimSpace(s.Text)
		}
	}
	text := content
	if len(sections) > 0 {
		text = sections[len(sections)-1].Text
	}
	ss := Sentences(text)
	if len(ss) > 2 {
		ss = ss[len(ss)-2:]
	}
	return strings.Join(ss, " ")
}

// weights give the first conclusion sentence, which states the main answer, the most say.
var weights = []float64{1.0, 0.6}

func weight(i int) float64 {
	if i < len(weights) {
		return weights[i]
	}
	return 0.3
}

// Classify gives the stance of a study's conclusions on a question. title may be "" or the
// question itself (PubMedQA's questions are the studies' titles).
func Classify(question, title, conclusions string) Result {
	ss := Sentences(conclusions)
	if len(ss) == 0 {
		return Result{Stance: domain.StanceUnclear}
	}
	// The question's form (a harm, an omission, a sameness) is the user's; a rhetorical
	// title ("… really …?") is the authors' lean.
	q := strings.ToLower(question)
	low := make([]string, len(ss))
	for i, s := range ss {
		low[i] = strings.ToLower(s)
	}
	neg, eq, harm := 0.0, 0.0, 0.0
	firstNeg, firstEq, firstHarm := -1, -1, -1
	for i, s := range low {
		if negated(s) {
			neg += weight(i)
			if firstNeg < 0 {
				firstNeg = i
			}
		}
		if equivalence.MatchString(s) && !negated(s) {
			eq += weight(i)
			if firstEq < 0 {
				firstEq = i
			}
		}
		if harmful.MatchString(s) {
			harm += weight(i)
			if firstHarm < 0 {
				firstHarm = i
			}
		}
	}
	at := func(i int) string {
		if i < 0 {
			i = 0
		}
		return ss[i]
	}
	refutes := func(i int) Result { return Result{Stance: domain.StanceRefutes, Quote: at(i)} }
	supports := func(i int) Result { return Result{Stance: domain.StanceSupports, Quote: at(i)} }

	// A question naming a harm is answered "no" by a study that finds none or finds it safe.
	if harmQuestion.MatchString(q) {
		for i, s := range low {
			if safe.MatchString(s) {
				return refutes(i)
			}
		}
		if neg >= 0.5 {
			return refutes(firstNeg)
		}
		return supports(0)
	}
	// "Can X be omitted?" is answered "yes" unless the study says X is needed.
	if omitQuestion.MatchString(q) {
		for i, s := range low {
			if needed.MatchString(s) && !negated(s) {
				return refutes(i)
			}
		}
		return supports(0)
	}
	score := -neg
	same := sameQuestion.MatchString(q)
	if eq > 0 {
		switch {
		case same:
			score += eq
		case effectQuestion.MatchString(q):
			score -= eq
		default:
			score += 0.3 * eq
		}
	}
	firstDiff := -1
	if same {
		for i, s := range low {
			if differs.MatchString(s) {
				score -= weight(i)
				if firstDiff < 0 {
					firstDiff = i
				}
			}
		}
	}
	// Harm found where a benefit (or safety) was asked about.
	if harm > 0 && benefitQuestion.MatchString(q) && !harmQuestion.MatchString(q) {
		score -= harm
	}
	if safetyQuestion.MatchString(q) {
		for i, s := range low {
			if complications.MatchString(s) && !negated(s) {
				score -= weight(i)
				if firstHarm < 0 {
					firstHarm = i
				}
			}
		}
	}
	if rhetorical.MatchString(strings.ToLower(title)) {
		score -= 0.8
	}
	for i, s := range low {
		if partial.MatchString(s) && !negated(s) && score > -1.5 {
			return Result{Stance: domain.StanceMixed, Quote: ss[i]}
		}
	}
	if score <= -0.6 {
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
	if same && firstEq >= 0 {
		return supports(firstEq)
	}
	// A positive answer needs a sentence that says more than the design: "Randomized 200
	// patients." or "Single-arm pilot." answers nothing.
	for i, s := range low {
		if findings.MatchString(s) || (!methodOnly.MatchString(s) && len(strings.Fields(s)) >= 6) {
			return supports(i)
		}
	}
	return Result{Stance: domain.StanceUnclear}
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
	return false
}

var (
	notANegation = regexp.MustCompile(`\bnot only\b|\b(?:could|can)(?:not| not) be (?:explained|excluded|ruled out)\b|\bcannot exclude\b|\bnot (?:yet )?(?:available|known)\b|\b(?:who|that|which) (?:had|have|has|did|do|does|were|was|are|is) not\b|\bthose (?:not|without)\b|\bthan (?:those|patients|women|men|children|subjects) (?:who )?(?:had |did |were )?not\b|\bshould not be (?:a barrier|overlooked|ignored|underestimated|neglected)\b`)
	// noHarmReported: "no complications" reports safety, not a failed claim.
	noHarmReported = regexp.MustCompile(`\bno (?:adverse |serious |major )?(?:complications?|side effects?|adverse events?|toxicity|recurrences?|mortality|deaths?)\b`)

	negations = compile(
		`\bno data\b`,
		`\b(?:may|will|might) not\b`,
		`\bdeficits?\b`,
		`\bweak\b`,
		`\bnot (?:\w+ )?independent\b`,
		`\b(?:seems?|appears?|proved?|seemed|appeared|proven) not to\b`,
		`\bno (?:\w+ ){1,3}(?:evidence|differences?|associations?|effects?|benefits?|relationships?|correlations?|improvements?|advantages?|impact)\b`,
		`\bno (?:awareness|knowledge|understanding|consensus|support|justification|rationale)\b`,
		`\black of (?:understanding|knowledge|awareness|power|evidence|efficacy)\b`,
		`\b(?:minor|negligible|marginal) (?:clinical )?(?:importance|role|effect|impact|relevance|value)\b`,
		`\badds? little\b`,
		`\brather than\b`,
		`\b(?:inadequate|unlikely|ineffective|inaccurate|unreliable|unnecessary|unjustified|not worthwhile|low yield|of low (?:yield|value)|casts? doubt|limited (?:effect|value|role|benefit|use|usefulness|impact)|small contribution|only a small)\b`,
		`\bno (?:significant |statistically significant |clear |clinically (?:significant|relevant|meaningful) |major |additional |further |overall |independent |added |real |consistent |strong |direct )?(?:evidence|difference|differences|association|associations|effect|effects|benefit|benefits|relationship|correlation|improvement|advantage|impact|role|place|value|influence|change|changes|reduction|increase|link|predictive|prognostic|superiority|need|correlations|relation|increased|decreased|higher|lower|better|gain|prevention|protection|efficacy|response|survival)\b`,
		`\b(?:did|does|do|was|were|is|are|could|can|would|should|has|have|had)\s+not\b`,
		`\b(?:didn't|doesn't|don't|wasn't|weren't|isn't|aren't|cannot|can't|couldn't|shouldn't|hasn't|haven't)\b`,
		`\bnot (?:significantly|statistically|associated|related|correlated|predictive|a (?:reliable|useful|significant|good|valid|sensitive|major|risk|predictor|contraindication|necessary)|an? (?:independent|adequate|accurate|effective)|useful|necessary|justified|recommended|superior|effective|improve|reduce|influence|affect|increase|found|detected|seen|observed|different|supported|beneficial|helpful|reliable|accurate|sufficient|mandatory|required|needed|indicated|warranted|predict|associated)\b`,
		`\bfail(?:ed|s)? to\b`,
		`\binsufficient\b`,
		`\bpoor (?:agreement|correlation|predictor|accuracy|reliability|sensitivity|specificity|concordance|performance|knowledge|awareness)\b`,
		`\bunable to\b`,
		`\bneither\b`,
		`\bunrelated\b`,
		`\bindependent of\b`,
		`\bno longer\b`,
		`\bnone of\b`,
		`\black of (?:association|effect|benefit|correlation|difference)\b`,
		`\blittle (?:need|awareness|evidence|effect|benefit|value|knowledge|impact|role|difference|influence|correlation|association|improvement|advantage)\b`,
		`\babsence of (?:a |an |any )?(?:effect|association|difference|correlation|benefit|relationship)\b`,
		`\bno indication\b`,
		`\bdisappointing\b`,
		`\bregardless of\b`,
		`\bremained (?:undisturbed|unchanged|stable)\b`,
		`\bunaffected\b`,
		`\bdid not differ\b`,
		`\bnot all\b`,
	)

	equivalence = regexp.MustCompile(`\b(?:similar|comparable|equivalent|equally|same|no different|not different|not inferior|non-inferior|noninferior|as (?:safe|effective|good|accurate) as)\b`)
	differs     = regexp.MustCompile(`\b(?:significantly (?:lower|higher|different|more|less|greater|smaller)|differ(?:s|ed)?|more|less|poor)\b`)
	harmful     = regexp.MustCompile(`\b(?:harm(?:ful)?|worse|worsened|increased (?:the )?(?:risk|mortality|incidence|rate)|higher (?:risk|mortality)|detrimental|adverse effect on)\b`)
	safe        = regexp.MustCompile(`\b(?:safe|safely|feasible|well tolerated|effective)\b`)
	needed      = regexp.MustCompile(`\b(?:should not be (?:omitted|abandoned|avoided)|necessary|required|essential|indispensable|mandatory)\b`)
	partial     = regexp.MustCompile(`\b(?:depend(?:s|ed|ing)? (?:on|upon)|dependent on|not always|not necessarily|partially|partly|mixed|in selected|selected patients|some but not all|remains? (?:unclear|uncertain|controversial|to be (?:determined|established|seen)))\b`)

	// methodOnly marks a sentence that states how a study was done; findings, what it found.
	methodOnly = regexp.MustCompile(`^(?:an? |the |this |we )?(?:randomi[sz]ed|randomly|double-blind|open-label|single-blind|placebo-controlled|prospective|retrospective|multicent(?:er|re)|phase \S+|cohort|case series|cross-sectional|(?:patients|participants|subjects) (?:were|received)|we (?:randomi[sz]ed|enrolled|included|recruited|studied|analy[sz]ed)|\d[\d,]* (?:patients|participants|subjects|adults|children|women|men)\b)`)
	findings   = regexp.MustCompile(`\b(?:improv\w*|reduc\w*|lower\w*|higher|increas\w*|decreas\w*|associat\w*|effective\w*|efficac\w*|benefi\w*|safe\w*|feasible|useful|significant\w*|superior|better|worse|prevent\w*|protect\w*|inhibit\w*|activat\w*|enhanc\w*|no|not)\b`)

	// Question forms.
	sameQuestion    = regexp.MustCompile(`\b(?:similar|same|equal|equivalent|comparable|as \w+ as|equally|reflect|match|agree|concordan\w*)\b`)
	effectQuestion  = regexp.MustCompile(`\b(?:affect|affects|differ|different|difference|differences|better|superior|improve|improves|increase|increases|reduce|reduces|impact|influence|predict|predicts|predictive|predictor|associated|related|benefit|change|alter)\b`)
	benefitQuestion = regexp.MustCompile(`\b(?:effective|efficacious|improve|improves|prevent|prevents|reduce|reduces|benefit|beneficial|protect|protects|treat|treating|treats|help|helps|work|works)\b`)
	safetyQuestion  = regexp.MustCompile(`\b(?:safe|safety)\b`)
	complications   = regexp.MustCompile(`\b(?:significant|high|higher|increased) (?:\w+ )?(?:complication|morbidity|mortality|adverse event|bleeding|toxicity)\w*\b`)
	harmQuestion    = regexp.MustCompile(`\b(?:contraindications?|barriers?|obstacles?|harmful|detrimental|dangerous|disaster|hazard|pitfalls?|risky)\b`)
	omitQuestion    = regexp.MustCompile(`\b(?:omitted|waste|abandoned|unnecessary|avoided|skipped|dispensable|overused|overrated)\b`)
	rhetorical      = regexp.MustCompile(`\b(?:really|myth|necessary|always|truly|overestimated)\b`)
)

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

var claimWord = regexp.MustCompile(`^(?:benefits?|differences?|effects?|reductions?|advantages?|improvements?|associations?)\b`)

func compile(ps ...string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(ps))
	for i, p := range ps {
		out[i] = regexp.MustCompile(p)
	}
	return out
}

// Sentences splits text at a full stop, question or exclamation mark followed by space and
// a capital letter or digit, so "p < 0.05" and "e.g. the" stay whole; each sentence is a
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
