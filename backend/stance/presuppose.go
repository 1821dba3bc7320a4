package stance

import (
	"strings"

	"deepcritical/backend/internal/lazyre"
)

// A finding named as the subject ("The decrease in binge-eating under ondansetron …") is
// presupposed: the sentence takes it as given and what it negates is how it came about
// ("… was not achieved by compensatory changes in eating", "… was not due to weight loss").
// The finding stands, so that negation denies nothing the question asks, unless the
// question itself asks what a finding is due to.
var (
	deniedExplanation = lazyre.New(`^(?:(?:in conclusion|in summary|overall|thus|therefore|hence|taken together|importantly|moreover|furthermore|however|interestingly|notably),? )?(?:the|this|these|such|our|its|their|that) (?:\S+ ){0,3}?(?:decrease|decline|reduction|improvement|increase|rise|gain|benefit|effect|association|difference|change|response|relationship|correlation|loss|fall|drop|advantage|normali[sz]ation|recovery)s? (?:[^;]*? )?(?:was|were|is|are) (not (?:\w+ )?(?:achieved|caused|mediated|driven|explained|accounted for|due|attributable|related|secondary|the result|a result|a consequence|brought about|produced|obtained|confounded|explicable)\b[^;]*)`)
	// causeQuestion asks what a finding is due to: there, the explanation denied is the answer.
	causeQuestion = lazyre.New(`\b(?:due to|caused by|explained by|explain|explains|attributable|result of|because of|mediated|mediate|mediates|account for|accounts for|consequence of|secondary to|confounded|confounding|artefact|artifact|why)\b`)
)

// presupposed drops the denied explanation of a presupposed finding from a lower-cased
// sentence, unless the question asks for the explanation (causeQ) or the explanation denied
// names something of the question's that the finding does not ("the improvement in
// symptoms was not attributable to drug X" under "Does drug X improve symptoms?" denies X's
// part in it).
func presupposed(s string, q string, causeQ bool) string {
	if causeQ {
		return s
	}
	m := deniedExplanation.FindStringSubmatchIndex(s)
	if m == nil {
		return s
	}
	qw, finding, explanation := looseStems(q), looseStems(s[:m[2]]), looseStems(s[m[2]:m[3]])
	for w := range explanation {
		if qw[w] && !finding[w] {
			return s
		}
	}
	return strings.TrimSpace(s[:m[2]]) + " " + s[m[3]:]
}

// looseStems are a text's content stems with its hyphenated words also taken apart
// ("binge-eating" is "binge" and "eating" too).
func looseStems(s string) map[string]bool {
	out := contentStems(s)
	for w := range contentStems(strings.ReplaceAll(s, "-", " ")) {
		out[w] = true
	}
	return out
}

// A question whether something prevents a harm ("Do steroid drops prevent hearing loss from
// aminoglycosides?") names that harm as what is prevented, whatever it is called. A study
// that says the treatment did not cause or add to it ("did not cause significant additional
// hearing loss") reports the harm spared, not a failed claim.
var (
	preventVerb = lazyre.New(`\b(?:prevent|prevents|preventing|prevention of|protect against|protects against|protecting against|protection against|protective against|avoid|avoids|avoiding|guard against)\b`)
	lessOf      = lazyre.New(`\b(?:fewer|less|lower|smaller|reduc\w*|decreas\w*|prevent\w*|protect\w*|avert\w*|spar\w*)\b`)
	deniedCause = lazyre.New(`\b(?:not|no|without|nor)\b (?:\w+ ){0,3}?(?:cause[sd]?|causing|induce[sd]?|inducing|produce[sd]?|producing|lead to|led to|leads to|result in|resulted in|results in|increase[sd]?|increasing|worsen(?:ed|s)?|aggravate[sd]?|additional|further|excess|more|higher|greater|new)\b[^,;]*`)
)

// preventedHarm is what the question asks to be prevented, as content stems: the words after
// a verb of prevention up to a preposition ("hearing loss" in "prevent hearing loss from
// aminoglycosides"); nil when the question asks no prevention.
func preventedHarm(q string) map[string]bool {
	m := preventVerb.FindStringIndex(q)
	if m == nil {
		return nil
	}
	words := strings.FieldsFunc(q[m[1]:], func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	})
	out := map[string]bool{}
	for _, w := range words {
		if objectEnd[w] && len(out) > 0 || len(out) == 3 {
			break
		}
		if len(w) < 4 && !shortContent[w] || stopword[w] {
			continue
		}
		if len(w) > 5 {
			w = w[:5]
		}
		out[w] = true
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// removeDeniedCause drops, from a lower-cased sentence, a denial that the harm the question
// asks to prevent was caused or added to.
func removeDeniedCause(s string, harm map[string]bool) string {
	if harm == nil {
		return s
	}
	return deniedCause.ReplaceAllStringFunc(s, func(d string) string {
		// "did not result in fewer migraines", "did not prevent new strokes" deny the
		// prevention itself.
		if lessOf.MatchString(d) {
			return d
		}
		if overlap(harm, contentStems(d)) == len(harm) {
			return " "
		}
		return d
	})
}

// A causality assessment counted over cases ("'possible' in 7 cases out of 8, and 'doubtful'
// in one") or a failure in a few of them ("ineffective in one patient") denies the claim for
// a minority only: the claim stands for the rest.
var minorityDenial = lazyre.New(`\b(?:doubtful|unlikely|improbable|unrelated|excluded|absent|negative|ineffective|unsuccessful|failed|not \w+|no \w+)["'”’]? in (?:only )?(?:(one|a single|a few|two|three|four|\d+)(?: (?:of|out of) (?:the )?(\d+))?|(?:a )?(?:minority|few))( (?:other )?(?:cases?|patients?|subjects?|participants?|instances?|children|women|men))?\b`)

// countedTotal is a total counted earlier in the sentence ("in 7 cases out of 8"), which a
// later "in one" refers back to.
var countedTotal = lazyre.New(`\b(?:of|out of) (?:the )?(\d+)\b`)

var numberWords = map[string]int{"one": 1, "a single": 1, "a few": 2, "two": 2, "three": 3, "four": 4}

// removeMinorityDenial drops, from a lower-cased sentence, a denial said of fewer than half of
// the cases it counts, or of fewer than half of a total counted before it ("'possible' in 7
// cases out of 8, and 'doubtful' in one"), or of one or a few patients or cases. A denial in
// "one large trial" counts no cases and stands.
func removeMinorityDenial(s string) string {
	out, last := "", 0
	for _, m := range minorityDenial.FindAllStringSubmatchIndex(s, -1) {
		group := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return s[m[2*k]:m[2*k+1]]
		}
		count, total, unit := group(1), group(2), group(3)
		if total == "" {
			if t := countedTotal.FindAllStringSubmatch(s[:m[0]], -1); len(t) > 0 {
				total = t[len(t)-1][1]
			}
		}
		n, ok := numberWords[count]
		if !ok {
			n = atoi(count)
		}
		minority := false
		switch {
		case count == "":
			minority = true // "in a minority", "in few"
		case total != "":
			minority = 2*n < atoi(total)
		case unit != "":
			minority = n <= 1 || count == "a few"
		}
		if minority {
			out += s[last:m[0]] + " "
			last = m[1]
		}
	}
	return out + s[last:]
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// A question whether something raises a risk, causes or is linked with an outcome ("Does
// hypoglycaemia increase the risk of heart attacks?", "Can aripiprazole cause gambling
// addiction?") is answered "yes" by a sentence that reports the link for what the question
// names as its exposure ("severe hypoglycaemia was associated with a greater risk for the
// primary outcome", "gambling is due to aripiprazole"), though the outcome be named in other
// words: a "yes" rests on that sentence, and a denial just before it that it is set against
// ("Conversely, …") is of another kind of the exposure.
var (
	linkQuestion = lazyre.New(`^(?:does|do|did|can|could|may|might|is|are|was|were|will|would)\s+(.+?)\s+(?:increase|increases|raise|raises|elevate|elevates|cause|causes|lead to|leads to|predispose|predisposes|contribute to|contributes to|trigger|triggers|induce|induces|(?:be |an? )?(?:independent |new |major )?(?:associated|linked|related) (?:with|to)|(?:an? )?(?:\w+ )?risk factors? (?:for|of))\b`)
	affirmedLink = lazyre.New(`\b(?:increased|higher|greater|elevated|excess|raised|doubled|tripled) (?:\w+ )?(?:risks?|odds|hazards?|incidence|rates?|likelihood)\b|\brisk factors?\b|\b(?:increases?|raises?|doubles?|triples?) (?:the )?(?:\w+ )?(?:risks?|odds|incidence|likelihood)\b|\b(?:due|attributable|related) to\b|\b(?:caused|induced|triggered) by\b|\bcontribut(?:es|ed|ing)? to\b|\b(?:could|may|might|can) (?:\w+ )?(?:explain|cause|induce|trigger)\b|\bpredispos\w*\b`)
)

// linkExposure is what a link question names as the exposure (its subject), as content
// stems; nil when the question asks no link.
func linkExposure(q string) map[string]bool {
	m := linkQuestion.FindStringSubmatch(strings.TrimSpace(q[strings.LastIndex(q, ":")+1:]))
	if m == nil {
		return nil
	}
	if w := contentStems(m[1]); len(w) > 0 {
		return w
	}
	return nil
}

// affirmsLink reports whether a lower-cased sentence reports the link a question asks for
// the exposure it names.
func affirmsLink(exposure map[string]bool, s string) bool {
	return exposure != nil && affirmedLink.MatchString(s) && overlap(exposure, contentStems(s)) > 0
}

// deniedCauseOf is an explanation denied: "… was not attributable to drug X", "… is not
// explained by age".
var deniedCauseOf = lazyre.New(`\b(?:was|were|is|are) not (?:\w+ )?(?:explained by|accounted for by|attributable to|due to|caused by|mediated by|driven by|achieved by|the result of|a result of|a consequence of|secondary to)\b([^;]*)`)

// deniesAskedCause reports whether a lower-cased sentence denies that what the question asks
// about explains a finding: "The improvement in symptoms was not attributable to drug X"
// under "Does drug X improve symptoms?" names, as the explanation denied, something of the
// question's that the finding does not. (A denied explanation that names nothing new, "the
// benefit was not explained by age", leaves the finding standing.)
func deniesAskedCause(s, q string) bool {
	m := deniedCauseOf.FindStringSubmatchIndex(s)
	if m == nil {
		return false
	}
	qw, finding, explanation := looseStems(q), looseStems(s[:m[0]]), looseStems(s[m[2]:m[3]])
	for w := range explanation {
		if qw[w] && !finding[w] {
			return true
		}
	}
	return false
}
