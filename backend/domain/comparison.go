package domain

import (
	"regexp"
	"strings"

	"deepcritical/backend/internal/lazyre"
)

// A question that sets its intervention against another treatment ("venlafaxine vs
// fluvoxamine for delusional depression", "Is A better than B for …?", a PICO question whose
// C is a drug) asks which of the two is better, not whether the intervention works: a study
// "supports" it when it favours the intervention over the other, and "refutes" it when it
// finds the two alike or the other better. Its answer line names both and says each study's
// stance in those words (stanceSay's "comparison" and "likeness" senses), so "1 support" is
// never read as "the intervention works" when the study found it no better than the other.
// A comparator that is no treatment of its own (placebo, sham, usual care: Concept.ControlArm)
// leaves the question one of whether the intervention works.

// BetterWords and WorseWords rank one thing above or below another; AskedComparison reads
// the ranking a question asks ("Is surgery better than radiotherapy for …?": the first
// thing, the ranking word, the second). The stance rules read a question's ranking and a
// conclusion's with the same words (package stance), so the answer line says a stance in
// the sense the rules gave it.
const (
	BetterWords = `better|superior|safer|preferable|more (?:effective|efficacious|accurate|sensitive|specific|beneficial)`
	WorseWords  = `worse|inferior|less (?:effective|efficacious|accurate|sensitive|specific|safe|beneficial)`
)

var (
	// AskedComparison reads the ranking a question asks (above).
	AskedComparison = regexp.MustCompile(`\b(?:is|are|was|were|does|do|can|could)\s+(.+?)\s+(` + BetterWords + `|` + WorseWords + `)\s+(?:than|to|compared (?:with|to)|versus|vs\.?)\s+(.+?)(?:\s+(?:for|in|among|after|at|on|as|when|during)\b|\?|$)`)
	worseRe         = regexp.MustCompile(`^(?:` + WorseWords + `)$`)
	// SameQuestion marks a question that asks whether two things are alike ("Is A as
	// effective as B?", "Are A and B equivalent?"): a study that finds them alike answers it
	// "yes". The stance rules read a question's form with it (package stance).
	SameQuestion = lazyre.New(`\b(?:similar|same|equal|equivalent|comparable|as \w+ as|equally|reflect|match|agree|concordan\w*)\b`)
)

// RanksBelow reports whether a ranking word of AskedComparison puts the first thing below
// the second ("worse", "less effective").
func RanksBelow(word string) bool { return worseRe.MatchString(word) }

// ControlArm reports whether a concept names what a trial compares a treatment with, not a
// treatment of its own: usual or standard care, placebo, a vehicle, a waiting list, watchful
// waiting or observation, a control group; or an imitation of a treatment named by it, "sham
// acupuncture", "placebo injection". A title naming one names no other treatment than the
// one it tests (relevance), and a question setting a treatment against one asks whether the
// treatment works, not which of two is better (ParsedQuestion.Compares).
func (c Concept) ControlArm() bool {
	if len(c.Words) == 0 {
		return false
	}
	if imitationWords[c.Words[0]] && len(c.Words) > 1 {
		return true
	}
	for _, w := range c.Words {
		if !controlArmWords[w] {
			return false
		}
	}
	return true
}

// controlArmWords are the words a control arm is named with ("list" alone is a waiting list
// whose "waiting" the parse reads as a verb: no treatment is named by it); imitationWords
// make the treatment named after them an inactive imitation of it.
var (
	controlArmWords = wordSet(`usual-care standard-care standard-of-care placebo placebos sham watchful-waiting conventional usual standard care
		vehicle control controls observation waitlist wait-list waiting-list list supportive untreated`)
	imitationWords = wordSet(`sham placebo`)
)

func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		out[w] = true
	}
	return out
}

// Compares reports whether a question asks which of two treatments is better: a treatment
// question (not a harm, a test or a safety question) naming a comparator that is a treatment
// of its own, not a control arm.
func (s ParsedQuestion) Compares() bool {
	if s.Kind != QuestionIntervention || !s.AsksAboutTreatment() || s.AsksSafety() || len(s.Interventions()) == 0 {
		return false
	}
	first, second := s.Arms()
	return first != "" && second != ""
}

// Arms name the two sides of a comparison as the question names them: the interventions
// named before the first comparator that is a treatment, and those comparators with any
// intervention named after them ("" when there is none). In "A versus B …" what follows
// "versus" is B's arm ("nebulizer" against "MDI and spacer" in "nebulizer vs MDI with
// spacer"); a question naming the comparator first ("switching from warfarin to apixaban")
// has every intervention in the first arm.
func (s ParsedQuestion) Arms() (first, second string) {
	var firsts, seconds []string
	compared := false
	for _, c := range s.Concepts {
		if c.Generic {
			continue
		}
		switch {
		case c.Role == RoleComparator && !c.ControlArm():
			seconds = append(seconds, c.Said())
			compared = true
		case c.Role == RoleIntervention && compared && len(firsts) > 0:
			seconds = append(seconds, c.Said())
		case c.Role == RoleIntervention:
			firsts = append(firsts, c.Said())
		}
	}
	return listWords(firsts), listWords(seconds)
}

// ComparisonText names the two treatments a comparison sets side by side, "venlafaxine vs
// fluvoxamine"; "" when the question compares none (Compares).
func (s ParsedQuestion) ComparisonText() string {
	if !s.Compares() {
		return ""
	}
	first, second := s.Arms()
	return first + " vs " + second
}

// AsksLikeness reports whether a comparison asks whether its two treatments are alike or
// the first as good as the second (SameQuestion), not which is better: a study then
// supports it by finding the first as good, and refutes it by finding a difference.
func (s ParsedQuestion) AsksLikeness() bool {
	return s.Compares() && SameQuestion.MatchString(strings.ToLower(s.Question))
}

// favoured names the treatment a comparison's "yes" favours: the first arm, or the second
// when the question asks whether the first is the worse ("Is A inferior to B …?", "Is A less
// effective than B?"), unless it asks that only to deny it ("Is A not inferior to B?").
func (s ParsedQuestion) favoured() string {
	first, second := s.Arms()
	m := AskedComparison.FindStringSubmatch(strings.ToLower(s.Question))
	if m != nil && RanksBelow(m[2]) {
		if f := strings.Fields(m[1]); len(f) > 0 && f[len(f)-1] != "not" && f[len(f)-1] != "no" {
			return second
		}
	}
	return first
}
