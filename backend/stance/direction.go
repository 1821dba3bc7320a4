package stance

import (
	"regexp"
	"strings"

	"deepcritical/backend/domain"
)

// A question that asks whether something goes one way ("Does smoking increase the risk of
// hip fracture?", "Does drug X reduce blood pressure?") is answered "no" by a study that
// finds it goes the other way on the same thing ("a reduced risk of hip fracture",
// "increased blood pressure"), though no word of the conclusion is negated.

// Direction words, as a question asks them (a verb or a comparative: "Does X reduce …?", "Is
// X associated with higher …?") and as a finding states them ("reduced", "lower"). Nouns
// ("closed reduction", "an increase") and gerunds ("in enhancing") are left out: they name
// procedures and aims as often as they state a finding.
var (
	askedUp     = wordSet("increase increases raise raises elevate elevates higher greater worsen worsens prolong prolongs longer")
	askedDown   = wordSet("reduce reduces decrease decreases lower lowers fewer diminish diminishes shorten shortens shorter attenuate attenuates")
	foundUp     = wordSet("increased increases raised elevated higher greater worsened prolonged longer")
	foundDown   = wordSet("reduced reduces decreased lowered lower fewer diminished shortened shorter attenuated declined")
	idiomObject = wordSet("questions question concerns concern possibility awareness doubts issues")
	// objectEnd ends a direction word's object: what follows a preposition or a conjunction
	// says where or compared with what ("reduce mortality in critically ill adults"), not what
	// went up or down. "of" does not end it ("the risk of hip fracture").
	objectEnd = wordSet("in among after before for with without during than compared versus vs at by from when while whereas but following within on and or")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// direction is +1 for a word that says more, -1 for one that says less, 0 otherwise, from
// the lists for a question (asked) or a finding.
func direction(w string, asked bool) int {
	up, down := foundUp, foundDown
	if asked {
		up, down = askedUp, askedDown
	}
	switch {
	case up[w]:
		return 1
	case down[w]:
		return -1
	}
	return 0
}

// directed is one direction word of a text with the content words that follow it (up to
// three, past articles and glue, as five-letter stems): what the text says goes up or down.
type directed struct {
	dir     int
	objects map[string]bool
}

func directedObjects(text string, asked bool) []directed {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	})
	var out []directed
	for i, w := range words {
		d := direction(w, asked)
		if d == 0 || i+1 < len(words) && idiomObject[words[i+1]] {
			continue // "raises questions"
		}
		objs := map[string]bool{}
		for j := i + 1; j < len(words) && len(objs) < 3; j++ {
			o := words[j]
			if direction(o, asked) != 0 || objectEnd[o] && len(objs) > 0 {
				break
			}
			if len(o) < 4 || stopword[o] {
				continue
			}
			if len(o) > 5 {
				o = o[:5]
			}
			objs[o] = true
		}
		if len(objs) > 0 {
			out = append(out, directed{dir: d, objects: objs})
		}
	}
	return out
}

// reverses reports whether a conclusion sentence says that what the question asks to go one
// way goes the other way: the sentence moves every object of one of the question's
// direction words ("risk of hip fracture", "blood pressure") the opposite way. A sentence
// that moves only part of it ("a higher risk of death" under "Does X reduce the risk of
// cardiac death?") is not counted: it is as often said of the comparator.
func reverses(question []directed, sentence string) bool {
	if len(question) == 0 {
		return false
	}
	for _, s := range directedObjects(sentence, false) {
		for _, q := range question {
			if q.dir == -s.dir && overlap(q.objects, s.objects) == len(q.objects) {
				return true
			}
		}
	}
	return false
}

// A comparison asked ("Is surgery better than radiotherapy for …?", read by
// domain.AskedComparison, whose ranking words the answer line shares) is answered "no" by a
// conclusion that ranks the two the other way ("radiotherapy was superior to surgery") or
// calls the first worse ("surgery was inferior to radiotherapy").
var (
	betterWords     = domain.BetterWords
	worseWords      = domain.WorseWords
	askedComparison = domain.AskedComparison
	// The ranking word may have its noun before "than": "achieves better outcomes than".
	foundComparison = regexp.MustCompile(`((?:\S+\s+){0,6}?\S+)\s+(?:(?:was|were|is|are|seemed|seems|appeared|appears|proved|remained|achieves?|achieved|gives?|gave|yields?|yielded|provides?|provided|has|have|had)\s+)?(?:significantly\s+|clearly\s+|slightly\s+)?(` + betterWords + `|` + worseWords + `)(?:\s+(?:outcomes?|results?|effects?|efficacy|control|healing|cosmesis|cosmetic results?))?\s+(?:than|to|compared (?:with|to))\s+((?:\S+\s*){1,6})`)
	// outranked is a ranking without "than": "B outperformed A".
	outranked = regexp.MustCompile(`((?:\S+\s+){0,6}?\S+)\s+(outperform(?:ed|s)?|surpass(?:ed|es)?)\s+((?:\S+\s*){1,6})`)
)

// comparison is a ranking of two things: first is better (polarity +1) or worse (-1) than
// second.
type comparison struct {
	pair
	polarity int
}

func polarity(word string) int {
	if domain.RanksBelow(word) {
		return -1
	}
	return 1
}

// askedRanking reads the comparison a question asks, if any.
func askedRanking(q string) *comparison {
	m := askedComparison.FindStringSubmatch(strings.ToLower(q))
	if m == nil {
		return nil
	}
	p := pairOf(m[1], m[3])
	if p == nil {
		return nil
	}
	return &comparison{pair: *p, polarity: polarity(m[2])}
}

// reranks reports whether a sentence ranks the question's two things the other way.
func reranks(q *comparison, sentence string) bool {
	if q == nil {
		return false
	}
	low := strings.ToLower(sentence)
	for _, m := range append(foundComparison.FindAllStringSubmatch(low, -1), outranked.FindAllStringSubmatch(low, -1)...) {
		left, right, p := contentStems(m[1]), contentStems(m[3]), polarity(m[2])
		switch {
		case overlap(left, q.first) > 0 && overlap(right, q.second) > 0 && overlap(left, q.second) == 0:
			return p == -q.polarity // the same order, the other verdict
		case overlap(left, q.second) > 0 && overlap(right, q.first) > 0 && overlap(left, q.first) == 0:
			return p == q.polarity // the other order, the same verdict
		case overlap(right, q.first) > 0 && overlap(left, q.first) == 0 && overlap(right, q.second) == 0 && p == 1 && q.polarity == 1:
			// "A subcuticular technique achieves better outcomes than skin clips" under "Are
			// clips better than sutures?": what the question ranks first is ranked below
			// another way of doing it, named in words of its own.
			return true
		}
	}
	return false
}

// A question about two things ("Is A better than B …?", "Does A heal fissures as effectively
// as B?") is answered "no" by a conclusion that prefers B without ranking the two in so many
// words: "B should be the preferred method", "B remains the treatment of choice", "B remains
// the reference method".
var (
	askedPair = regexp.MustCompile(`\b(?:is|are|was|were|does|do|can|could|should)\s+(.+?)\s+(?:` + betterWords + `|` + worseWords + `|preferred|as \w+(?: \w+)? as|versus|vs\.?|compared (?:with|to)|replace|substitute for)\s+(?:than\s+|to\s+)?(.+?)(?:\s+(?:for|in|among|after|at|on|as|when|during|to)\b|\?|$)`)
	preferred = regexp.MustCompile(`((?:\S+\s+){0,5}?\S+)\s+(?:should (?:\w+ )?be (?:the )?(?:preferred|favou?red|first-line)|(?:is|are|was|were|seems?|appears?) (?:to be )?(?:the )?(?:preferable|preferred)|remains? the (?:reference|standard|gold standard|mainstay|first-line|(?:\w+ ){0,2}of choice)|(?:is|are) the (?:\w+ ){0,2}of choice)\b`)
)

// pair is the two things a question sets side by side, each by the words that tell it from
// the other ("laparoscopic" against "open", not the "repair" both share).
type pair struct{ first, second map[string]bool }

// pairOf is the pair of two phrases, nil when either has no word of its own.
func pairOf(a, b string) *pair {
	first, second := contentStems(a), contentStems(b)
	p := pair{first: map[string]bool{}, second: map[string]bool{}}
	for w := range first {
		if !second[w] {
			p.first[w] = true
		}
	}
	for w := range second {
		if !first[w] {
			p.second[w] = true
		}
	}
	if len(p.first) == 0 || len(p.second) == 0 {
		return nil
	}
	return &p
}

// sidePair is two things a question sets side by side without asking anything of them
// ("nebulizer vs MDI with spacer for asthma", "venlafaxine versus fluvoxamine in delusional
// depression"): which of the two does better is what it asks.
var sidePair = regexp.MustCompile(`^([^:;,?]+?)\s+(?:versus|vs\.?|compared (?:with|to))\s+([^:;,?]+?)(?:\s+(?:for|in|among|after|at|on|as|when|during|to)\b|[:;,?]|$)`)

func askedPairOf(q string) *pair {
	q = strings.ToLower(q)
	m := askedPair.FindStringSubmatch(q)
	if m == nil {
		m = sidePair.FindStringSubmatch(strings.TrimSpace(q))
	}
	if m == nil {
		return nil
	}
	return pairOf(m[1], m[2])
}

// prefersOther reports whether a sentence prefers the second of the question's two things.
func prefersOther(q *pair, sentence string) bool {
	if q == nil {
		return false
	}
	for _, m := range preferred.FindAllStringSubmatch(strings.ToLower(sentence), -1) {
		subject := contentStems(m[1])
		if overlap(subject, q.second) > 0 && overlap(subject, q.first) == 0 {
			return true
		}
	}
	return false
}

// advantage names a merit: a benefit, a better result, less of a harm or a burden.
var advantage = regexp.MustCompile(`\b(?:benefits?|advantages?|advantageous|better|superior|improved|preferred|cheaper|easier|simpler|more (?:convenient|palatable|acceptable)|(?:less|fewer|lower) (?:\w+ )?(?:` + harmNoun + `|vomiting|nausea|pain|costs?|doses?|visits?|burden))\b`)

// favoursFirst reports whether a sentence names an advantage of the first of the question's
// two things without naming the second: "Some studies found additional benefits of
// dexamethasone, including less vomiting" under "Is dexamethasone as good as prednisolone?".
func favoursFirst(q *pair, sentence string) bool {
	if q == nil {
		return false
	}
	w := contentStems(sentence)
	return advantage.MatchString(sentence) && overlap(w, q.first) > 0 && overlap(w, q.second) == 0
}

// inactiveArm names the arm that got no treatment, where a result is said of it: "in the
// placebo group", "among controls".
var inactiveArm = regexp.MustCompile(`\b(?:in|among) (?:the )?(?:(?:placebo|sham|control|untreated|no-treatment|usual care|observation|wait-list|waiting list)(?: (?:groups?|arms?|patients|subjects|participants|children|recipients))?|controls)\b`)

// favoursInactive reports whether a sentence names an advantage of the arm that got no
// treatment: "better tolerance in the placebo group", "fewer side effects among controls". The comparator doing better answers a question about the treatment's
// benefit, or its need, "no", as "B was superior to A" does. An advantage said of the
// treatment against that arm ("better in the treated group than in the placebo group")
// is not one.
func favoursInactive(sentence string, qWords map[string]bool) bool {
	low := strings.ToLower(sentence)
	if onlyATrend.MatchString(low) && overlap(qWords, contentStems(low)) == 0 {
		// A trend, short of a finding, on something the question does not ask about ("a
		// trend towards better tolerance in the placebo group" under "Is atropine needed
		// with ketamine sedation?") does not turn the trial's answer; a trend on the asked
		// outcome ("better comfort" under a question about comfort) still does.
		return false
	}
	for _, m := range advantage.FindAllStringIndex(low, -1) {
		if inUntreatedArm(low[m[1]:]) {
			return true
		}
	}
	return false
}

// onlyATrend marks a result said as a trend or a tendency, short of significance.
var onlyATrend = regexp.MustCompile(`\b(?:trend(?:s|ed)? (?:towards?|for)|tend(?:s|ed)? to|non-?significant)\b`)

// inUntreatedArm reports whether what follows a result in a lower-cased sentence says it of
// the untreated arm: before the clause ends, and before a "than" that names the arm it is
// set against.
func inUntreatedArm(rest string) bool {
	if i := strings.IndexAny(rest, ",;"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.Index(rest, " than "); i >= 0 {
		rest = rest[:i]
	}
	return inactiveArm.MatchString(rest)
}

// withAdvantage is an advantage added to a likeness: "similar survival with a better safety
// profile", "comparable relief with fewer side effects".
var withAdvantage = regexp.MustCompile(`\bwith (?:an? )?(?:better|superior|improved|more favou?rable|fewer|less|lower|reduced) (?:\w+ )?(?:safety|tolerability|toxicity|side effects|adverse|complications?|costs?|morbidity|profile)\b`)

// likenedWithAdvantage reports whether a sentence likens two things on one outcome and gives
// its subject the advantage on another ("A provides survival similar to B with a better
// safety profile"): it finds a difference, in the subject's favour, as a clearly significant
// one does (contrasted). A subject that is the second of the question's two things ("B
// achieved comparable results with fewer adverse events" under "Is A superior to B?") keeps
// the likeness, which answers the question about A no.
func likenedWithAdvantage(q *pair, sentence string) bool {
	if !withAdvantage.MatchString(sentence) {
		return false
	}
	if q == nil {
		return true
	}
	subject := sentence
	if k := predicateStart.FindStringIndex(sentence); k != nil {
		subject = sentence[:k[0]]
	}
	return overlap(contentStems(subject), q.second) == 0
}

// merit names a treatment's worth; shared, a word that says something holds of more than
// one thing; ranked, a sentence that ranks one thing above another or gives one more of
// something ("both effective; however, A gave greater relief").
var (
	merit  = regexp.MustCompile(`\b(?:effective|efficacious|useful|beneficial|safe|well tolerated|feasible)\b`)
	shared = regexp.MustCompile(`\b(?:also|both|too|likewise|either|as well)\b`)
	ranked = regexp.MustCompile(`\bthan\b|\b(?:` + betterWords + `|` + worseWords + `|preferable|preferred|greater|more|less|fewer|higher|lower|faster|slower)\b`)
)

// creditsBoth reports whether a sentence says a merit of each of the question's two things
// and ranks neither above the other: "B is useful in the disorder, and A may also be
// effective" or "both A and B were well tolerated" under "A versus B for the disorder" is a
// tie, a likeness said without a word of likeness. A merit granted one and denied the other
// ("A was effective, but not B") is none.
func creditsBoth(q *pair, sentence string) bool {
	if q == nil || !merit.MatchString(sentence) || !shared.MatchString(sentence) || ranked.MatchString(sentence) || halfDenial.MatchString(sentence) {
		return false
	}
	w := contentStems(sentence)
	return overlap(w, q.first) > 0 && overlap(w, q.second) > 0
}
