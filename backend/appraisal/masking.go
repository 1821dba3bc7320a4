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
	// innerNeg is a negation inside a masking phrase that opens with what was masked:
	// "allocation was not masked to participants", "the allocation was not concealed from
	// the nurses", "the allocation was not kept from the patients" mask no one ("was not
	// revealed to" is the other way round, and is not caught: its participle is no masking
	// word).
	innerNeg = lazyre.New(`\b(?:not|never|no longer)\s+(?:\w+\s+)?(?:blind|blinded|masked|concealed|hidden|kept)\b`)
	// sequenceObject follows a masking word whose object is the allocation sequence or list,
	// the block size or the envelopes: "investigators were blinded to block size",
	// "recruiters were unaware of the allocation sequence". Keeping those hidden before
	// assignment is allocation concealment (CONSORT 16f), not masking after it (11a). A
	// "treatment sequence" (a crossover's order) and treatment codes are not here: keeping
	// them from someone is masking; nor is a sequence hidden "throughout the trial"
	// (maskedLasts).
	sequenceObject = lazyre.New(`^\s*(?:to|of|regarding|about|as to|for)\s+(?:the\s+)?(?:(?:allocation|randomi[sz]ation|random|assignment)\s+(?:sequences?|lists?|schedules?)|(?:(?:allocation|randomi[sz]ation)\s+)?(?:block[\s-]*sizes?|blocks?|envelopes?))\b`)
	// sequenceNext is the noun right after a masking phrase that ends with the allocation
	// ("unaware of the allocation| sequence").
	sequenceNext = lazyre.New(`(?:allocation|randomi[sz]ation|random|assignment)$`)
	// sequenceSubject is the same object before a masking phrase that names its party
	// after it: "the randomisation sequence was concealed from clinical staff who allocated
	// patients", "the block size was unknown to the investigators".
	sequenceSubject = lazyre.New(`(?:\b(?:allocation|randomi[sz]ation|random|assignment|the)\s+(?:sequences?|lists?|schedules?)|\bblock[\s-]*sizes?|\bblocks?|\benvelopes?)\s+(?:was|were|is|are|remained|had been)\s+(?:\w+\s+)?$`)
	// maskedLasts is a masking that lasts past assignment: "blinding to the allocation
	// sequence was upheld for the treating physicians throughout the trial".
	maskedLasts = lazyre.New(`\b(?:throughout|until|till|during|for the (?:whole|entire|full) |for the duration|after (?:randomi[sz]ation|allocation|assignment|enrol))`)
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

// ---- the trial's staff named by their task ----
//
// "Staff", "personnel", "investigators" and "researchers" alone are the trial's own staff,
// read as care providers (partiesRe). Named by the task they did in the sentence, they are
// the party of that task: "research staff who were blind to allocation carried out outcome
// assessments" masks those assessing outcomes, "all staff conducting data entry and
// analysis were blind" those analysing, and neither masks care providers. So are clinicians
// named by such a task: "nurses who performed the outcome assessment were unaware of group
// allocation" masks the assessors, not the nurses who gave the care.

const (
	// genericStaff is the trial's staff named by no role, or by a clinical one a task in the
	// sentence overrides.
	genericStaff = `(?:(?:research|study|trial|project|site)\s+)?(?:staff(?:\s+members?)?|personnel|investigators?|researchers?|team\s+members?|nurses?|physicians?|clinicians?|doctors?)`
	// staffTask is what a task names: an assessment, data collection, data entry or the
	// analysis ("conducting data entry and analysis", "carried out outcome assessments").
	staffTask = `(?:(?:carr(?:y|ies|ied|ying) out|conduct(?:s|ed|ing)?|perform(?:s|ed|ing)?|undert(?:ake|akes|ook|aking)|complet(?:e|es|ed|ing)|administer(?:s|ed|ing)?|collect(?:s|ed|ing)?|assess(?:es|ed|ing)?|measur(?:e|es|ed|ing)|evaluat(?:e|es|ed|ing)|rat(?:e|es|ed|ing)|scor(?:e|es|ed|ing)|record(?:s|ed|ing)?|enter(?:s|ed|ing)?|analy[sz](?:e|es|ed|ing)|cod(?:e|es|ed|ing)|interview(?:s|ed|ing)?)\s+(?:the\s+|all\s+|their\s+|each\s+)?(?:[\w-]+\s+){0,2}?` +
		`(?:data entry|data management|data analys[ie]s|analys[ie]s|outcomes?|assessments?|evaluations?|measurements?|ratings?|interviews?|data|questionnaires?|follow[\s-]?up|examinations?|endpoints?|end[\s-]points?)|responsible for (?:the\s+)?(?:[\w-]+\s+){0,2}?(?:data entry|analys[ie]s|outcome assessments?|assessments?|data collection|measurements?))\b`
)

var (
	// staffDoesTask is the staff followed by their task, maybe after relative clauses
	// ("research staff who were not involved in recruitment and who were blind to
	// allocation carried out outcome assessments").
	staffDoesTask = lazyre.New(`^(` + genericStaff + `)\b([^.;]{0,160}?)\b(` + staffTask + `)`)
	// staffRe finds the staff named by no role, where staffDoesTask is tried.
	staffRe = lazyre.New(`\b` + genericStaff + `\b`)
	// taskByStaff is the task done by the staff: "blinded assessments were conducted by
	// trained research staff".
	taskByStaff = lazyre.New(`\b((?:data entry|data collection|data management|analys[ie]s|assessments?|evaluations?|measurements?|ratings?|interviews?|examinations?|outcomes?)\s+(?:was|were)\s+(?:\w+\s+)?(?:carried out|conducted|performed|done|undertaken|completed|administered|collected|assessed|measured|evaluated|rated|scored|recorded|entered|analy[sz]ed|made)\s+by\s+(?:the\s+|a\s+|an\s+|two\s+|three\s+)?(?:[\w-]+\s+){0,2}?)(` + genericStaff + `)\b`)
	// passiveBefore makes a task verb passive: "the data were analysed" says nothing of
	// who did it.
	passiveBefore = lazyre.New(`\b(?:was|were|is|are|be|been|being)\s+(?:\w+ly\s+)?$`)
	// newSubject opens another clause between the staff and a task: "investigators were
	// blinded, and the assessors collected the data".
	newSubject = lazyre.New(`(?:,|\band\b|\bor\b)\s+(?:the\s+|all\s+|two\s+)?(?:[\w-]+\s+){0,2}?(?:was|were|is|are|had|has|have|did)\b|\b(?:but|whereas|while|however|although|though|yet)\b`)
	// assessTask and analysisTask tell the task's party: those assessing or collecting
	// outcome data, or those entering or analysing it ("blood analyses" beside "weight
	// measurements" are assessments).
	assessTask   = lazyre.New(`measur|assess|evaluat|rating|interview|examin|outcome|data collection|collect`)
	analysisTask = lazyre.New(`analy[sz]|data entry|data management|\b(?:enter|cod)(?:e|es|ed|ing|s)?\b`)
)

// taskRoles rewrites, in a lower-cased sentence, the trial's staff named by their task as
// the party of that task ("rater" for those assessing or collecting outcome data, "coder"
// for those entering or analysing data), padded with spaces so every offset still points
// into the sentence.
func taskRoles(lower string) string {
	var spans [][3]int // start, end, analysis (1) or assessment (0)
	for _, st := range staffRe.FindAllStringIndex(lower, -1) {
		m := staffDoesTask.FindStringSubmatchIndex(lower[st[0]:])
		if m == nil {
			continue
		}
		for i := range m {
			m[i] += st[0]
		}
		// Another party between the staff and the task may be the one doing it ("research
		// staff were blinded, and the nurses conducted the assessments").
		middle := lower[m[4]:m[5]]
		if passiveBefore.MatchString(lower[:m[6]]) || newSubject.MatchString(stripRelatives(middle)) || partyIn(middle) {
			continue
		}
		kind := 0
		if analysisTask.MatchString(lower[m[6]:m[7]]) {
			kind = 1
		}
		spans = append(spans, [3]int{m[2], m[3], kind})
	}
	for _, m := range taskByStaff.FindAllStringSubmatchIndex(lower, -1) {
		// The tasks are the clause's before "by": "weight measurement and blood analyses
		// were done by personnel" names those measuring.
		from := strings.LastIndexAny(lower[:m[2]], ",;:(") + 1
		kind := 0
		if task := lower[from:m[3]]; analysisTask.MatchString(task) && !assessTask.MatchString(task) {
			kind = 1
		}
		spans = append(spans, [3]int{m[4], m[5], kind})
	}
	if spans == nil {
		return lower
	}
	b := []byte(lower)
	for _, sp := range spans {
		word := "rater"
		if sp[2] == 1 {
			word = "coder"
		}
		for i := sp[0]; i < sp[1]; i++ {
			b[i] = ' '
		}
		copy(b[sp[0]:sp[1]], word)
	}
	return string(b)
}

// relativeClause is a relative clause about the staff ("who were not involved in
// recruitment and who were blind to allocation"): its verbs are not another subject's.
var relativeClause = lazyre.New(`(?:,\s*|\band\s+|\bor\s+)?\b(?:who|that|whom)\b[^,]*?(?:\b(?:was|were|is|are|had|has|have)\b[^,]*?)?(?:$|,|\band\b|\bor\b)`)

// stripRelatives blanks the relative clauses of the words between the staff and a task.
func stripRelatives(middle string) string {
	return relativeClause.ReplaceAllString(middle, " ")
}

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
	lower = taskRoles(lower)
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
		if thingFirst.MatchString(w) && innerNeg.MatchString(w) {
			continue
		}
		aboutSequence := sequenceObject.MatchString(lower[loc[1]:]) ||
			sequenceNext.MatchString(w) && sequenceNoun.MatchString(lower[loc[1]:]) && !strings.HasPrefix(strings.TrimSpace(lower[loc[1]:]), "code") ||
			partyAfter.MatchString(w) && sequenceSubject.MatchString(lower[:loc[0]])
		if aboutSequence && !lasts(lower[loc[1]:]) {
			continue
		}
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

// lasts reports whether the clause after a masking phrase keeps it past assignment
// (maskedLasts), up to the next comma or clause break.
func lasts(after string) bool {
	if i := strings.IndexAny(after, ",.;"); i >= 0 {
		after = after[:i]
	}
	if m := clauseBreak.FindStringIndex(after); m != nil {
		after = after[:m[0]]
	}
	return maskedLasts.MatchString(after)
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

// partyIn reports whether text names one of the parties.
func partyIn(text string) bool {
	for _, p := range partiesRe {
		if p.re.MatchString(text) {
			return true
		}
	}
	return false
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
