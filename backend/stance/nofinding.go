package stance

import (
	"strings"

	"deepcritical/backend/internal/lazyre"
)

// A sentence that says why or how a study was done, or what limits it, states no finding:
// "We conducted a prospective randomized study to determine whether …", "For each patient,
// causality was assessed with an algorithm.", "The relatively small cohort is a limitation."
// A stance never rests on one. When the text that stands for the conclusions (an abstract's
// last sentences, when it has no Conclusions section) holds nothing else, the stance is
// unclear.
var (
	// aimSentence states what a study set out to do. A sentence that also reports what it
	// found ("…, and found that …") is not one.
	aimSentence = lazyre.New(`^(?:(?:in )?(?:this|the present|the current|our) (?:\S+ ){0,4}?(?:study|trial|analysis|review|survey|audit|work|report)|we) (?:\S+ ){0,8}?(?:aimed|aims|sought|seeks|set out|was designed|were designed|is designed|was conducted|was performed|was undertaken|was carried out|conducted|performed|undertook|designed|carried out|initiated|planned|proposed) (?:\S+ ){0,10}?to (?:determine|assess|evaluate|investigate|examine|compare|explore|test|establish|identify|describe|study|measure|quantify|clarify|analy[sz]e|review|report|characteri[sz]e|ascertain|verify|validate|define|elucidate)\b|` +
		`^(?:the )?(?:main |primary |principal )?(?:aims?|objectives?|purposes?|goals?) (?:of (?:this|the|our|the present) (?:\S+ ){0,4}?)?(?:was|were|is|are) to\b|` +
		`^to (?:determine|assess|evaluate|investigate|examine|compare|explore|test|establish|identify|describe)\b|^we (?:hypothesi[sz]ed|postulated|wished to|wanted to|decided to)\b`)
	// methodSentence says how the study was done: a method's verb in the passive ("was
	// assessed", "were compared"), or a design named as the subject.
	methodSentence = lazyre.New(`^(?:(?:for|in|at|during|using|among|after|before|on|with|from|over|of) [^,;]*, )?(?:the |each |all |every )?(?:\S+ ){0,6}?(?:was|were) (?:then |also |prospectively |retrospectively |systematically |independently |subsequently |further )?(?:considered|assessed|measured|evaluated|analy[sz]ed|recorded|calculated|collected|reviewed|enrolled|included|randomi[sz]ed|allocated|assigned|interviewed|surveyed|estimated|obtained|applied|administered|performed|conducted|screened|identified|selected|recruited|matched|stratified|defined|categori[sz]ed|classified|scored|graded|followed up|quantified|determined)(?: \S+){0,12}?(?:,| using\b| with\b| by\b| according to\b| in\b| at\b| for\b| from\b| on\b| over\b| and\b|\.?$)`)
	// limitation says what limits the study: "… is a limitation", "limitations include …",
	// "this study is limited by its small sample".
	limitation = lazyre.New(`\b(?:is|are|was|were|as|represents?|constitutes?|remains?) (?:a|an|the|one|two|some|several|its|our)?(?: \S+){0,3}? limitations?\b|^(?:the |a |one )?(?:main |major |principal |key |potential |important |chief )?limitations? (?:of (?:this|the|our|the present|the current) |include|includes|included|are|were|was|is)\b|\b(?:is|was|are|were) limited by (?:its|the|our|their|a) \b|\b(?:our|this|the present|the current) (?:\S+ ){0,2}(?:study|trial|analysis|review) (?:has|had|have) (?:several |some |a few |important |certain |potential |a number of )?limitations\b`)
	// studyProperty names what of a study can limit it: a limitation that names none
	// ("dyspnoea was the main limitation to exercise") is a finding about patients.
	studyProperty = lazyre.New(`\b(?:sample|size|cohort|design|retrospective|follow-up|bias|power|single[- ]cent(?:er|re)|number of (?:patients|participants|subjects|cases)|study|studies|trial|analysis|data|observational|non-?randomi[sz]ed|confounding|missing|self-report\w*|generali[sz]ability)\b`)
	// reportWords say that something was found: an aim or a limitation beside one ("…, and
	// found that …") is not all the sentence says.
	reportWords = lazyre.New(`\b(?:found|finds|showed|shows|shown|demonstrated|demonstrates|suggests?|suggested|indicates?|indicated|revealed|reveals|confirmed|confirms|concluded?|conclusion|observed|noted)\b`)
	// effectWords are a finding's words: a method or limitation sentence that has one also
	// reports a result; so does a method sentence with a negation.
	effectWords = lazyre.New(`\b(?:associat\w*|improv\w*|reduc\w*|increas\w*|decreas\w*|lower\w*|higher|better|worse|greater|more|less|likely|unlikely|significant\w*|effective\w*|efficac\w*|benefi\w*|safe\w*|feasible|useful|superior|inferior|prevent\w*|protect\w*|inhibit\w*|activat\w*|enhanc\w*|similar|comparable|differ\w*)\b`)
	// subordinate opens a sentence with a condition or a time ("When a risk was identified,
	// a strategy was implemented"): what follows reports what was done as a finding.
	subordinate  = lazyre.New(`^(?:when|whenever|if|where|as|since|because|although|though|while|whereas|once|unless)\b`)
	claimTense   = lazyre.New(`\b(?:is|are|has|have|can|cannot|may|might|should|could|would|will|must|seems?|appears?)\b`)
	negationWord = lazyre.New(`\b(?:no|not|never|none|neither|nor)\b`)
)

// statesNoFinding reports whether a lower-cased conclusion sentence states no finding: it
// says what the study aimed at or how it was done (and reports nothing found), or what
// limits it.
func statesNoFinding(s string) bool {
	if reportWords.MatchString(s) {
		return false
	}
	if aimSentence.MatchString(s) {
		return true
	}
	if effectWords.MatchString(s) {
		return false
	}
	if limitation.MatchString(s) && studyProperty.MatchString(s) {
		return true
	}
	// A method is reported in the past tense; a sentence in the present or with a modal
	// ("the year in which surgery was performed is a predictor", "… should be targeted")
	// states something of its own.
	// A design named before a semicolon may still be followed by a finding ("Open-label
	// phase 2; disulfiram inhibits ALDH.").
	return !strings.Contains(s, ";") && !negationWord.MatchString(s) && !claimTense.MatchString(s) && !subordinate.MatchString(s) && (methodSentence.MatchString(s) || methodOnly.MatchString(s))
}

// secondaryOutcomes opens a sentence about a trial's secondary outcomes, named only as such
// ("Secondary outcomes did not differ between groups", "All secondary end points were
// similar").
var secondaryOutcomes = lazyre.New(`^(?:the |all |other |most |(?:none|all|most) of the )?(?:other )?secondary (?:outcomes?|end ?-?points?|outcome measures?|measures?|efficacy (?:outcomes?|end ?-?points?|measures?))\b`)

// secondaryOnly reports whether a lower-cased sentence reports a trial's secondary outcomes
// and names nothing the question asks about: a trial's answer is its primary outcome (CONSORT
// 2010 item 6a), so a null result said of the secondary ones together beside it ("Mortality
// fell from 46% to 22%. Secondary outcomes were not different.") states no finding on the
// question. One that names the question's outcome ("Secondary outcomes, including length of
// stay, …" under a question about length of stay) is read as any other sentence.
func secondaryOnly(s string, qWords map[string]bool) bool {
	return secondaryOutcomes.MatchString(s) && overlap(qWords, contentStems(s)) == 0
}

// aboutCounterpart reports whether a lower-cased sentence names what the question asks about
// only by its counterpart, the question's own word with a negative prefix ("no effects on
// responses to the nonalcoholic beverage cues" under a question about alcohol cues, "in
// non-diabetic patients" under one about diabetic patients), and the question names no such
// counterpart itself: like "associated with A, but not with B", it says something of the
// control condition set beside the one asked about, and no finding on the question. A word
// with the prefix said of the subject ("was non-inferior") names no counterpart: it is the
// finding.
func aboutCounterpart(s, q string, qWords map[string]bool) bool {
	plain := contentStems(s)
	found := false
	words := strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	})
	for i, w := range words {
		rest, ok := strings.CutPrefix(w, "non")
		rest = strings.TrimPrefix(rest, "-")
		if !ok || len(rest) < 4 || stopword[rest] || strings.Contains(q, "non"+rest) || strings.Contains(q, "non-"+rest) ||
			i > 0 && copula[words[i-1]] {
			continue
		}
		stem := rest[:min(len(rest), 5)]
		if qWords[stem] && !plain[stem] {
			found = true
		}
	}
	return found
}

// copula are the verbs that predicate what follows them of the subject.
var copula = wordSet("is are was were be been being remained remains proved proves seemed seems appeared appears")
