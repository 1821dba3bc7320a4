package appraisal

import (
	"sort"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/lazyre"
)

// ---- who was masked (CONSORT 11a, SPIRIT 17a) ----
//
// CONSORT asks authors to say who was blinded after assignment (participants, care
// providers, those assessing outcomes, data analysts) because "double-blind" alone names
// nobody. A report says it in a handful of ways: the party is the subject of a masking verb
// ("outcome assessors were blinded to allocation", "neither participants nor investigators
// were aware of group assignment"), its object ("blinding of participants", "allocation was
// concealed from the raters"), or a masking adjective's noun ("a blinded physiotherapist").
// The same sentence often says who was not masked as well ("participants could not be
// blinded, but outcome assessors were"), so the scope in which a party is looked for is the
// masking phrase's own clause, never a negated clause or an exception ("all investigators
// except the statistician").

// maskedObject is what a masked party did not know: the groups, the allocation or the
// treatment ("unaware of the group assignment", "not told which arm"). Other objects
// ("unaware of being pregnant", "not aware of the referral process") are not masking.
// Not knowing what one received is ("did not know whether they received active drug",
// "knew who received", "unaware of its identity").
const maskedObject = `(?:(?:the |their |which |whether |to which )?(?:[\w'’]+ )?(?:group|allocation|assignment|treatment|intervention|randomi[sz]|arm|condition|allocated|assigned)\w*` +
	`|(?:whether|which|what|who) (?:[\w'’]+ ){0,3}?(?:received|were given|was given|got|took|were taking|was taking|belonged to|were in|was in)` +
	`|(?:the |its |their )identity)`

// maskedAim is the study's aim or hypothesis, which a participant may be kept unaware of.
const maskedAim = `(?:the )?(?:study|trial)(?:'s|’s)? (?:aims?|hypothes[ie]s|purpose|design)|(?:the )?(?:aims?|hypothes[ie]s|purpose) of the (?:study|trial)`

// maskedSubject is the allocation itself as the subject of "was not revealed to" or "was
// kept from": the sequence, list or block sizes not disclosed to someone are concealment.
const maskedSubject = `(?:(?:group|treatment|intervention|study|trial)[\s-]+)?(?:allocation|assignment)s?(?: status)?|group membership|(?:treatment|study) (?:group|arm)s?`

// maskedThing is what may be "blinded to" someone: "the randomisation was blinded to
// patients and outcome assessors", "group allocation was concealed to the investigators".
const maskedThing = `(?:` + maskedSubject + `|randomi[sz]ation|treatments?|interventions?|study|trial|scoring|assessments?|evaluations?|analys[ie]s)`

var (
	// maskedRe finds a masking phrase: "blinded", "masking", "unaware of the group",
	// "without knowledge of the allocation", "did not know which arm", "were not aware of
	// the assignment", "neither X nor Y were aware of the allocation" (a double negation
	// that masks both), "concealed from", "hidden from", "unknown to", "the allocation was
	// not disclosed to", "the randomisation was blinded to".
	maskedRe = lazyre.New(`\b(?:blind(?:ed|ing)?|mask(?:ed|ing)?` +
		`|(?:unaware|ignorant|naive|naïve) (?:of|to|as to) (?:` + maskedObject + `|` + maskedAim + `)` +
		`|(?:without|had no|with no) knowledge of ` + maskedObject +
		`|(?:did|do|does) not know ` + maskedObject +
		`|(?:not|never) (?:been |made |fully |\w+ly )?(?:aware|informed|told)(?: (?:of|about|as to))? (?:` + maskedObject + `|` + maskedAim + `)` +
		`|neither\b[^.;]{0,100}?\bnor\b[^.;]{0,100}?\b(?:(?:was|were|are|is) (?:\w+ )?(?:aware|informed|told)(?: (?:of|about|as to))?|knew|know) ` + maskedObject +
		`|concealed from|hidden from|unknown to` +
		`|(?:` + maskedThing + `) (?:was|were|is|are) (?:\w+ )?(?:blinded|masked|blind|concealed) (?:to|for|from)` +
		`|(?:` + maskedSubject + `) (?:was|were|is|are) (?:\w+ )?(?:(?:not|never) (?:revealed|disclosed|made known|known) to|kept (?:hidden |secret )?from))\b`)
	// partyAfter is a masking phrase whose party follows it ("concealed from the nurses",
	// "the allocation was not revealed to participants").
	partyAfter = lazyre.New(`^(?:concealed from|hidden from|unknown to)$|\b(?:revealed|disclosed|known) to$|\bfrom$|\b(?:blinded|masked|blind|concealed) (?:to|for)$`)
	// thingFirst is a masking phrase that opens with what was masked ("outcome assessment
	// was blinded to"): the words before it may still name a party.
	thingFirst = lazyre.New(`^(?:` + maskedThing + `) `)
	// bothNamed is a "neither X nor Y were aware" phrase: the parties are inside it.
	bothNamed = lazyre.New(`^neither\b`)
	// nBlindRe is the span of a type of masking ("single-blind", "double-masked",
	// "triple-blind", "double-dummy"; blinding() reads which type with doubleRe, tripleRe
	// and singleRe): a label, not a party. Only a list in brackets right after it
	// ("double-blind (participants and investigators)") names anyone.
	nBlindRe = lazyre.New(`\b(?:single|double|triple|triply|quadruple)[\s-]*(?:blind|mask|dummy)\w*`)
	// bracketList is the bracketed list that may follow a type of masking.
	bracketList = lazyre.New(`^[\s,:]*\(([^()]{1,150})\)`)
	// clauseBreak ends the clause a party is looked for in: a semicolon or a contrast
	// ("participants were unblinded, whereas assessors were masked").
	clauseBreak = lazyre.New(`;|\b(?:but|whereas|while|however|although|though|yet)\b`)
	// attributive is an article just before a masking word, which makes it an adjective.
	attributive = lazyre.New(`\b(?:a|an|the|this|these|their)\s+$`)
	// verbBefore is what makes a bare "blind" or "mask" a verb: an infinitive, a subject
	// pronoun or an auxiliary, maybe with an adverb ("to effectively blind participants").
	verbBefore = lazyre.New(`\b(?:to|we|they|could|can|would|will|should|did|does|do)\s+(?:\w+ly\s+)?$`)
	// relativeRe opens a relative clause, which ends the party named after a masking
	// phrase ("concealed from clinical staff who allocated patients" masks the staff).
	relativeRe = lazyre.New(`\b(?:who|whom|whose|which|that)\b`)
	// exceptionRe names who is left out of a masking statement ("all staff except the
	// statistician were blinded", "outcome assessors, but not participants, were masked"),
	// up to the bracket, comma or verb that ends it.
	exceptionRe = lazyre.New(`\b(?:except(?: for)?|other than|apart from|with the exception of|excluding|but not)\b[^,;()]*?(?:[,;)]|\b(?:who|which|were|was|are|is|remained)\b|$)`)
	// elidedMasked is the second half of "participants were not blinded, but outcome
	// assessors were" (or "…; the assessors were"): a contrast whose verb has lost its
	// participle.
	elidedMasked = lazyre.New(`(?:\b(?:but|whereas|while|however,?)|;)\s+([^.;]{1,80}?)\s+(?:was|were|remained)(?:\s+(?:so|still|indeed))?\s*[.;)]?\s*$`)
	// maskNegRe adds to openRe the negations that keep a party unmasked in a longer
	// phrase: "un-blinded assessors", "it was not, however, possible to keep the
	// interviewers blinded", "impossible to keep the therapists masked", "blinding of
	// therapists and patients was impossible", "the trial lacked blinding of patients".
	maskNegRe = lazyre.New(`\b(?:blinding|masking) (?:[\w,]+ ){0,8}?(?:was|is|were) (?:\w+ )?(?:impossible|unfeasible|infeasible|impracticable|impractical|not (?:attempted|done|implemented|applied|achievable|practical))\b|\black(?:ed|s|ing)? (?:of )?(?:\w+ )?(?:blinding|masking)|\bun[\s-]+(?:blind|mask)\w*|\b(?:not,?\s+(?:\w+,?\s+){0,2}?(?:possible|feasible|practical|practicable|able)|impossible|unable|infeasible|difficult)\s+to\s+(?:[\w-]+\s+){0,5}?(?:blind|mask)\w*`)
	// typeFor is what may follow a type of masking to name its parties: "the study was
	// single-blind for participants".
	typeFor = lazyre.New(`^\s*,?\s*for\s`)
	// assessedBlind is an assessment done blindly, which masks those assessing (or
	// analysing): "radiographs were evaluated blindly", "rated in a blinded fashion",
	// "assessments were performed blindly". A draw or an infusion done blindly masks no one.
	assessedBlind = lazyre.New(`\b(?:(?:assess|evaluat|measur|rat|scor|grad|interpret|adjudicat|review|examin|ascertain|record|analy[sz])ed|read|(?:assessments?|evaluations?|measurements?|ratings?|readings?|analys[ie]s) (?:was |were )?(?:performed|done|made|conducted|carried out|undertaken))\s+(?:[\w-]+\s+){0,2}?(?:blindly|blind|in an? (?:blind|blinded|masked)(?: and [\w-]+)? (?:fashion|manner|way|mode))\b`)
	// blindingChecked is "blinding was assessed by asking …": a check of masking, which
	// names no one masked after it.
	blindingChecked = lazyre.New(`^\s*(?:was|were)\s+(?:\w+\s+)?(?:assessed|evaluated|measured|tested|checked|verified|examined)\b`)
	// assessNoun is an assessment qualified by "blinded" ("blinded assessments",
	// "masked clinical evaluations").
	assessNoun = lazyre.New(`^(?:[\w-]+ )?(?:assessments?|evaluations?|ratings?|measurements?|interviews?|examinations?|reviews?|scoring|readings?)\b`)
	// finiteVerb ends the party named after "concealed from" or "unknown to": "unknown to
	// the investigators and was known only by the statistician" masks the investigators.
	finiteVerb = lazyre.New(`\b(?:was|were|is|are|had|has|have|remained)\b`)
	// asWere joins parties to a masking phrase before it: "clinicians were unaware of the
	// allocation, as were patients".
	asWere = lazyre.New(`\bas (?:were|was|did) ([^.;,()]{1,60})`)
	// pronounBefore makes "blinded" or "masked" a verb with its object after it: "we
	// blinded participants and outcome assessors".
	pronounBefore = lazyre.New(`\b(?:we|they)\s+(?:\w+ly\s+|also\s+)?$`)
	// partiesRe names SPIRIT 17a's four parties. care_providers also holds the trial's
	// own staff (investigators, researchers, recruiters, study personnel, the authors), as
	// the registry's "Investigator" role does (registryParties); a clinician is named by a
	// specialty as often as by a title ("the neurologist", "the treating team"), and an
	// assessor by the task ("technologists reading the slides", "the nurse who rated").
	partiesRe = []struct {
		party string
		re    *lazyre.Regexp
	}{
		{"participants", lazyre.New(`\b(?:participants?|patients?|subjects?|women|men|children|adolescents|parents|parental|guardians?|volunteers|mothers|families|couples|respondents|students|care[\s-]?givers?|carers?|infants|pupils|residents|clients)\b`)},
		{"care_providers", lazyre.New(`\b(?:clinicians?|physicians?|doctors?|surgeons?|nurses?|therapists?|physiotherapists?|psychologists?|dietitians?|care providers?|staff|investigators?|researchers?|practitioners?|pharmacists?|interventionists?|personnel|recruiters?|(?:study|research|trial|clinical|medical|care|treating|treatment|surgical|intervention|nursing|ward) teams?|dentists?|midwi(?:fe|ves)|ana?esthetists?|(?:neuro|cardio|derma|gastroentero|onco|ophthalmo|uro|gyn(?:a)?eco|rheumato|endocrino|ha?emato|nephro|pulmono|immuno|audio|an(?:a)?esthesio|neonato|perinato)logists?|psychiatrists?|p(?:a|ae)?ediatricians?|obstetricians?|specialists?|consultants?|operators?|professionals?|trainers?|instructors?|facilitators?|counse(?:l)?l?ors?|coaches|(?:co-?)?authors?|teachers?|health workers?|field[\s-]?(?:workers?|staff)|coordinators?|treating|(?:those|staff|people|persons?|individuals?|personnel) (?:who )?(?:deliver|provid|administer|giv|conduct|facilitat|implement)\w* (?:the )?(?:\w+ )?(?:interventions?|treatments?|therap(?:y|ies)|training|programm?e?s?|sessions?|exercises?|care))\b`)},
		{"outcome_assessors", lazyre.New(`\b(?:outcome assessors?|(?:those|staff|personnel|researchers?) (?:assessing|evaluating|measuring|collecting)|assessors?|evaluators?|raters?|observers?|examiners?|interviewers?|data collectors?|readers?|graders?|scorers?|reviewers?|research assistants?|technicians?|technologists?|radiologists?|pathologists?|sonographers?|endoscopists?|laboratory (?:staff|personnel)|adjudicat\w+|(?:endpoint|outcome|event|review) committee|end[\s-]?points?|(?:independent|central) (?:\w+ )?review|outcome (?:assessment|ascertainment|evaluation|measurement)s?|(?:scoring|grading|rating|reading) of|(?:(?:assess|evaluat|measur|collect|record|scor|rat|grad|interpret|adjudicat|review|examin|ascertain)ed|read) by|(?:who (?:\w+ )?)?(?:assess(?:ing|ed)|evaluat(?:ing|ed)|measur(?:ing|ed)|collect(?:ing|ed)|record(?:ing|ed)|scor(?:ing|ed)|rat(?:ing|ed)|reading|read|grad(?:ing|ed)|interpret(?:ing|ed)|adjudicat(?:ing|ed)|review(?:ing|ed)|examin(?:ing|ed)|ascertain(?:ing|ed)) (?:the |all |each |their |by )?(?:\w+ )?(?:outcomes?|data|scans?|images?|slides?|radiographs?|x-rays?|specimens?|samples?|photographs?|videos?|recordings?|tests?|questionnaires?|assessments?|measurements?|examinations?|events?|endpoints?|end points?|symptoms?|disability|severity|response|pain|function|scores?|scales?|infants|children|patients|participants))\b`)},
		{"data_analysts", lazyre.New(`\b(?:(?:bio)?statisticians?|data analysts?|analysts?|analys[ie]s|(?:person|people|those|staff|researchers?) (?:who )?(?:analy[sz](?:es|ed|ing)|carr(?:y|ies|ied) out the analys[ie]s)|data managers?|coders?|data (?:entry|management|cleaning)|(?:entering|managing|cleaning) (?:the )?data)\b`)},
	}
)

// maskedParties collects who was masked from the own-study sentences: every masking phrase
// that is not negated, with the parties named in its clause.
func (a *analysis) maskedParties() domain.Finding {
	seen := map[string]bool{}
	var names []string
	quote := ""
	for i := range a.sents {
		s := &a.sents[i]
		if !s.own {
			continue
		}
		found := false
		for _, scope := range maskedScopes(s.lower[s.ownFrom:]) {
			for _, p := range partiesRe {
				if p.re.MatchString(scope) && !seen[p.party] {
					seen[p.party] = true
					names = append(names, p.party)
					found = true
				}
			}
		}
		if found && quote == "" {
			quote = s.Text
		}
	}
	if len(names) == 0 {
		return domain.Finding{Value: []string{}}
	}
	return domain.Finding{Value: names, Quote: quote}
}

// maskedScopes returns the stretches of a lower-cased sentence in which the parties of its
// masking phrases are named: before "X were blinded", after "blinding of X" and "concealed
// from X", just after "a blinded assessor", inside "neither X nor Y were aware", in the
// brackets after "double-blind (…)" and in an elided contrast after a negation. Negated
// phrases ("were not blinded", "not possible to mask", "open-label") name no one masked and
// bound the clauses around them.
func maskedScopes(lower string) []string {
	view := exceptionView(lower)
	negs := append(openRe.FindAllStringIndex(lower, -1), maskNegRe.FindAllStringIndex(lower, -1)...)
	sort.Slice(negs, func(i, j int) bool { return negs[i][0] < negs[j][0] })
	breaks := clauseBreak.FindAllStringIndex(view, -1) // "but not X" is an exception, not a break
	types := nBlindRe.FindAllStringIndex(lower, -1)
	var scopes []string
	for _, t := range types {
		if negated(lower, t[0]) || within(t[0], negs) {
			continue
		}
		if m := bracketList.FindStringSubmatch(view[t[1]:]); m != nil {
			scopes = append(scopes, m[1])
		} else if m := typeFor.FindStringIndex(view[t[1]:]); m != nil {
			from := t[1] + m[1]
			scopes = append(scopes, view[from:clauseEnd(lower, from, breaks, negs)])
		}
	}
	for _, m := range assessedBlind.FindAllStringIndex(lower, -1) {
		if negated(lower, m[0]) || within(m[0], negs) {
			continue
		}
		// Those assessing are masked; "by two radiologists" after it names them.
		if strings.Contains(lower[m[0]:m[1]], "analy") {
			scopes = append(scopes, "analysis")
		} else {
			scopes = append(scopes, "outcome assessment")
		}
		if rest := strings.TrimLeft(view[m[1]:], " ,"); strings.HasPrefix(rest, "by ") {
			from := len(view) - len(rest)
			scopes = append(scopes, view[from:clauseEnd(lower, from, breaks, negs)])
		}
	}
	for _, loc := range maskedRe.FindAllStringIndex(lower, -1) {
		if negated(lower, loc[0]) || within(loc[0], negs) || within(loc[0], types) {
			continue
		}
		w := lower[loc[0]:loc[1]]
		// The bare verb "to blind participants", "we mask the raters" names its object;
		// a bare "mask" that is no verb is a face mask.
		verb := (w == "blind" || w == "mask") && verbBefore.MatchString(lower[:loc[0]]) ||
			(w == "blinded" || w == "masked") && pronounBefore.MatchString(lower[:loc[0]])
		if m := asWere.FindStringSubmatchIndex(view[loc[1]:]); m != nil && !within(loc[1]+m[0], negs) {
			scopes = append(scopes, view[loc[1]+m[2]:loc[1]+m[3]])
		}
		switch {
		case w == "mask" && !verb:
		case bothNamed.MatchString(w):
			scopes = append(scopes, view[loc[0]:loc[1]])
		case partyAfter.MatchString(w):
			if thingFirst.MatchString(w) {
				scopes = append(scopes, view[clauseStart(lower, loc[0], breaks, negs):loc[1]])
			}
			end := clauseEnd(lower, loc[1], breaks, negs)
			if m := finiteVerb.FindStringIndex(lower[loc[1]:end]); m != nil {
				end = loc[1] + m[0]
			}
			scopes = append(scopes, view[loc[1]:end])
		case verb || strings.HasSuffix(w, "ing"):
			// "blinding of participants" names its object; "participant and researcher
			// blinding", "patient blinding" the nouns before it. "To maintain patient
			// blinding, surgeons were trained" names no one after the comma.
			if !verb {
				scopes = append(scopes, nounsBefore(view[:loc[0]]))
			}
			if !strings.HasPrefix(strings.TrimLeft(view[loc[1]:], " "), ",") && !blindingChecked.MatchString(view[loc[1]:]) {
				scopes = append(scopes, view[loc[1]:clauseEnd(lower, loc[1], breaks, negs)])
			}
		default:
			// "a blinded rater", "the masked phase": after an article the word is an
			// adjective, and only the noun it qualifies can be the party.
			// A bare "blind" before a noun is an adjective too ("blind subjects" cannot see).
			bareAdjective := w == "blind" && adjectiveScope(view[loc[1]:]) != ""
			switch {
			case designLabel(view[loc[1]:]):
				// "a randomized, blinded, crossover design", "a partially blinded,
				// controlled trial": a label of the design, whose only party is a noun
				// joined to it ("an assessor-blinded trial", "observer blind, prospective").
				scopes = append(scopes, compoundBefore(view[:loc[0]]))
			case !attributive.MatchString(lower[:loc[0]]) && !bareAdjective:
				scopes = append(scopes, view[clauseStart(lower, loc[0], breaks, negs):loc[0]])
			}
			switch adj := adjectiveScope(view[loc[1]:]); {
			case w == "blinded" || w == "masked":
				scopes = append(scopes, adj)
				// "blinded assessments were conducted by trained research staff": who
				// did the masked assessment is named after "by".
				if assessNoun.MatchString(adj) {
					rest := view[loc[1]:clauseEnd(lower, loc[1], breaks, negs)]
					if i := strings.Index(rest, " by "); i >= 0 {
						scopes = append(scopes, rest[i:])
					}
				}
			// "a blind rater" is masked, "blind subjects" cannot see: the bare adjective
			// counts for the study's staff only.
			case w == "blind" && !partiesRe[0].re.MatchString(adj):
				scopes = append(scopes, adj)
			}
		}
	}
	if len(negs) > 0 {
		if m := elidedMasked.FindStringSubmatchIndex(view); m != nil && m[0] >= negs[0][1] {
			scopes = append(scopes, view[m[2]:m[3]])
		}
	}
	return scopes
}

// within reports whether offset i falls inside one of the spans.
func within(i int, spans [][]int) bool {
	for _, s := range spans {
		if i >= s[0] && i < s[1] {
			return true
		}
	}
	return false
}

// clauseStart is where the clause ending at offset end begins, looking back at most 120
// bytes: after the last clause break, and after a negated phrase together with the rest of
// its clause ("it was not possible to blind participants, [outcome assessors were blinded]").
func clauseStart(lower string, end int, breaks, negs [][]int) int {
	start := max(0, end-120)
	for _, b := range breaks {
		if b[1] <= end {
			start = max(start, b[1])
		}
	}
	for _, n := range negs {
		if n[1] > end {
			continue
		}
		from := n[1]
		if i := strings.IndexAny(lower[n[1]:end], ",;:"); i >= 0 {
			from = n[1] + i + 1
		}
		start = max(start, from)
	}
	return start
}

// clauseEnd is where the party named after offset start ends, looking ahead at most 100
// bytes: at the next clause break, negated phrase or relative clause.
func clauseEnd(lower string, start int, breaks, negs [][]int) int {
	end := min(len(lower), start+100)
	if m := relativeRe.FindStringIndex(lower[start:end]); m != nil {
		end = start + m[0]
	}
	for _, spans := range [][][]int{breaks, negs} {
		for _, b := range spans {
			if b[0] >= start {
				end = min(end, b[0])
			}
		}
	}
	return end
}

// exceptionView blanks the exceptions of a lower-cased sentence with spaces, so offsets
// still point into it and the party left out is not read as masked.
func exceptionView(lower string) string {
	ms := exceptionRe.FindAllStringIndex(lower, -1)
	if ms == nil {
		return lower
	}
	b := []byte(lower)
	for _, m := range ms {
		for i := m[0]; i < m[1]; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// adjectiveScope is what follows "blinded" used as an adjective, up to three words ("a
// blinded outcome assessor", "masked raters"); nothing when the word is a verb or
// participle followed by its object ("were blinded to allocation", "blinded for group").
func adjectiveScope(after string) string {
	words := strings.Fields(after)
	if len(words) == 0 {
		return ""
	}
	switch strings.Trim(words[0], ",;:.()") {
	case "to", "for", "as", "regarding", "with", "about", "throughout", "until", "during", "and", "or", "":
		return ""
	}
	if len(words) > 3 {
		words = words[:3]
	}
	return strings.Join(words, " ")
}

// designWords end a type label used as an adjective ("a blinded, randomized, crossover
// design"); functionWords show the masking word is a verb or predicate instead ("masked in
// this trial", "blinded throughout the study", "blinded, so trial staff …").
var (
	designWords   = map[string]bool{"trial": true, "trials": true, "study": true, "studies": true, "design": true, "rct": true, "experiment": true, "fashion": true, "manner": true, "way": true, "phase": true, "period": true, "protocol": true, "evaluation": true, "comparison": true, "investigation": true}
	functionWords = map[string]bool{"in": true, "of": true, "the": true, "this": true, "that": true, "these": true, "a": true, "an": true, "at": true, "by": true, "on": true, "to": true, "for": true, "from": true, "with": true, "during": true, "until": true, "throughout": true, "as": true, "regarding": true, "about": true, "was": true, "were": true, "is": true, "are": true, "be": true, "been": true, "their": true, "its": true, "our": true, "who": true, "which": true, "when": true, "after": true, "before": true, "so": true, "but": true, "while": true, "whereas": true, "although": true, "then": true, "since": true, "because": true, "thus": true, "therefore": true, "hence": true}
)

// designLabel reports whether the masking word whose sentence continues with after
// qualifies the design: a run of adjectives ending in a design noun ("blinded, randomized,
// controlled trial", "blind, prospective, factorial design").
func designLabel(after string) bool {
	fields := strings.Fields(after)
	for i, f := range fields {
		w := strings.Trim(f, ",.")
		// "study personnel", "trial staff" are people, not the design.
		if i < 8 && designWords[w] && (i+1 == len(fields) || !partyWord(strings.Trim(fields[i+1], ",."))) {
			return true
		}
		if i >= 8 || functionWords[w] || strings.ContainsAny(f, ".;:()") {
			return false
		}
	}
	return false
}

// compoundBefore is the word joined to a masking word before it ("assessor-" in
// "assessor-blinded", "observer " in "observer blind"): nothing after a comma.
func compoundBefore(before string) string {
	if strings.HasSuffix(before, ", ") || strings.HasSuffix(before, ",") {
		return ""
	}
	words := strings.Fields(before)
	if len(words) == 0 {
		return ""
	}
	return words[len(words)-1]
}

// nounsBefore is the run of party nouns just before "blinding" or "masking" ("participant
// and outcome assessor blinding", "parental blinding"): nothing when the word before names
// no party ("to ensure blinding", "the success of blinding").
func nounsBefore(before string) string {
	words := strings.Fields(before)
	from := len(words)
	for from > 0 && len(words)-from < 5 {
		w := strings.Trim(words[from-1], ",")
		if !(w == "and" || w == "or" || w == "outcome" || w == "data" || partyWord(w)) || strings.ContainsAny(words[from-1], ".;:()") {
			break
		}
		from--
	}
	for from < len(words) && !partyWord(strings.Trim(words[from], ",")) {
		from++
	}
	return strings.Join(words[from:], " ")
}

// partyWord reports whether a single word names one of the parties.
func partyWord(w string) bool {
	for _, p := range partiesRe {
		if p.re.MatchString(w) {
			return true
		}
	}
	return false
}
