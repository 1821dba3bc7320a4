// Package concepts splits a research question into the concepts an expert searcher would
// search for: the condition, the intervention or drug class, the outcome, the population,
// and other content. Question words, PubMed's stopwords and verbs or vague words that carry
// no search value ("improve", "affect", "really") are dropped, because a single word the
// abstract does not use empties a PubMed query whose words are ANDed.
//
// The same Set drives the query builder (one OR-group per concept, AND between concepts),
// the relevance scorer (the condition concept is required for evidence to be on topic), the
// judge and the report verdict, so all of them agree on what the question is about.
package concepts

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"deepcritical/backend/domain"
)

// The typed form of a question lives in domain (it is stored with the run); these names
// keep the extractor's callers short.
type (
	// Role is what part of the question a concept plays.
	Role = domain.ConceptRole
	// Concept is one searchable idea of the question.
	Concept = domain.Concept
	// Set is the concepts of one question: its one parsed form.
	Set = domain.ParsedQuestion
)

// The roles of a concept.
const (
	RoleCondition    = domain.RoleCondition
	RoleIntervention = domain.RoleIntervention
	RoleComparator   = domain.RoleComparator
	RoleOutcome      = domain.RoleOutcome
	RolePopulation   = domain.RolePopulation
	RoleOther        = domain.RoleOther
)

// Extract splits a question into concepts. It fails with a domain CodeInvalid error whose
// message says in one line why, when nothing in the question can be searched for ("what
// about it?").
func Extract(question string) (Set, error) {
	q := strings.Join(strings.FieldsFunc(question, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
	set := Set{Question: q}
	parsed := asked(q)
	if q == "" {
		return set, domain.Errorf(domain.CodeInvalid, "the question is empty: nothing to search for")
	}
	if lang := notEnglish(q); lang != "" {
		return set, domain.Errorf(domain.CodeInvalid, "%s", foreignQuestionError(q, lang))
	}
	// A chunk is a run of content words; before holds the words dropped just before it
	// ("effect of", "versus", "than"), which say what part the chunk plays.
	type chunk struct {
		words  []string
		before []string
	}
	var chunks []chunk
	var cur, dropped []string
	flush := func() {
		if len(cur) > 0 {
			chunks = append(chunks, chunk{words: cur, before: dropped})
			cur, dropped = nil, nil
		}
	}
	unlisted, namedMembers := membersAside(parsed)
	combined, slashed := combinations(drugCausing(withoutInnerAsides(unlisted)))
	toks := JoinQualifiers(joinFixedPhrases(tokenize(combined)))
	example := map[int]bool{}       // chunks that name a class by an example ("pills like Nexium")
	memberExample := map[int]bool{} // chunks that name a member after its class ("DOACs like apixaban")
	skip := -1                      // a token already read with the one before it
	listingMembers := false         // reading drugs typed after their class ("statins atorvastatin rosuvastatin")
	kindChunk := map[int]bool{}     // chunks followed by a kind noun ("antibiotic options")
	for i, tok := range toks {
		if tok == "" { // punctuation boundary
			flush()
			dropped = append(dropped, ",")
			continue
		}
		if n := exampleOf(toks, i); n > 0 && len(cur) > 0 && !exampleHeads[cur[len(cur)-1]] && hasMembers(strings.Join(cur, " ")) {
			// "DOACs like apixaban", "statins such as atorvastatin": the class is asked about,
			// the member only shows which; evidence on any member answers (memberExample).
			flush()
			dropped = append(dropped, toks[i:i+n]...)
			memberExample[len(chunks)] = true
			skip = i + n - 1
			continue
		}
		if n := exampleOf(toks, i); n > 0 && len(cur) > 0 && i+n < len(toks) && IsDrugName(toks[i+n]) && !exampleHeads[cur[len(cur)-1]] &&
			roleOf(cur[len(cur)-1]) == RoleIntervention && !IsDrugName(cur[len(cur)-1]) {
			// "adherence to oral chemotherapy like capecitabine": a drug shown as an example of
			// a kind of treatment the vocabulary lists no members of only illustrates it; the
			// kind is the concept.
			flush()
			dropped = append(dropped, toks[i:i+n+1]...)
			skip = i + n
			continue
		}
		if n := exampleOf(toks, i); n > 0 && len(cur) > 0 && exampleHeads[cur[len(cur)-1]] {
			// "heartburn pills like Nexium", "painkillers such as ibuprofen": the kind of
			// medicine is said by its example, whose class is the concept (classByExample).
			dropped = append(append(dropped, cur...), toks[i:i+n]...)
			cur = nil
			example[len(chunks)] = true
			continue
		}
		if kindNouns[tok] && Drop(tok) && len(cur) > 0 {
			// "antibiotic options for …", "secondary prevention strategies after …": the
			// words before name a kind of treatment asked for, not one treatment.
			kindChunk[len(chunks)] = true
		}
		if timingPair(toks, i, cur) {
			// "early or delayed cord clamping": two timings of one thing; the thing is the
			// concept, as in "early versus deferred cholecystectomy" (shareHead).
			dropped = append(dropped, cur...)
			cur = nil
			skip = i + 1
			continue
		}
		if i == skip {
			continue
		}
		if i > 0 && exampleOf(toks, i-1) == 2 {
			continue // the "as" of "such as", taken above
		}
		if (tok == "mild" || tok == "moderate") && i+2 < len(toks) && toks[i+1] == "to" && (toks[i+2] == "moderate" || toks[i+2] == "severe") {
			// "moderate to severe knee OA": a range of severity, said by its upper end.
			flush()
			dropped = append(dropped, tok, "to")
			skip = i + 1
			continue
		}
		if (tok == "came" || tok == "comes" || tok == "come") && i+1 < len(toks) && toks[i+1] == "back" {
			// "My husband's CLL came back after ibrutinib": the disease returned; "back" is
			// no body part here.
			flush()
			dropped = append(dropped, tok, "back")
			skip = i + 1
			continue
		}
		if lineOfTherapy[tok] || (tok == "line" || tok == "lines") && i > 0 && (toks[i-1] == "prior" || toks[i-1] == "previous" ||
			numberWords[toks[i-1]] || domain.AllDigits(toks[i-1])) {
			// (Or "after two prior lines of systemic therapy": how many treatments came before.)
			// "osimertinib vs chemo second line EGFR T790M NSCLC", "T-DM1 second-line
			// HER2-positive breast cancer": where a treatment stands in the course of care
			// ends what came before; it names neither the drug nor the disease.
			flush()
			dropped = append(dropped, tok)
			continue
		}
		if Drop(tok) || ruleOut(toks, i) || consuming(toks, i) || tok == "point" && i > 0 && toks[i-1] == "any" || fillerWord(toks, i) {
			if tok == "of" && len(cur) > 0 && (!slices.ContainsFunc(cur, func(w string) bool { return !doseWord(w) }) ||
				// "the optimal duration of anticoagulation": how long a treatment is given.
				len(cur) == 1 && (cur[0] == "duration" || cur[0] == "length") && i+1 < len(toks) &&
					(roleOf(toks[i+1]) == RoleIntervention || IsDrugName(toks[i+1]) || classKnown(toks[i+1]))) {
				// "a single dose of dexamethasone", "a 3-day course of trimethoprim": how much
				// or how long says how the drug after it is given; the drug is the concept.
				dropped = append(dropped, cur...)
				cur = nil
			}
			flush()
			dropped = append(dropped, tok)
			continue
		}
		if listingMembers {
			if len(cur) == 1 && IsDrugName(cur[0]) && IsDrugName(tok) && !Drop(tok) {
				// "SGLT2 inhibitors empagliflozin dapagliflozin": each member named after
				// the first is another example of the same class.
				flush()
				dropped = append(dropped, ",")
				memberExample[len(chunks)] = true
				cur = append(cur, tok)
				continue
			}
			listingMembers = false
		}
		if k := classBeforeMember(cur, tok); k >= 0 {
			// "SGLT2 inhibitors empagliflozin heart failure", "anti-TNF agents infliximab
			// adalimumab": a class typed with its members, as in a search box, asks about
			// the class, as "SGLT2 inhibitors such as empagliflozin" does.
			flush()
			memberExample[len(chunks)] = true
			listingMembers = true
			cur = append(cur, tok)
			continue
		}
		if listedDrug(toks, i, cur) {
			// "apixaban rivaroxaban dabigatran bleeding risk": names typed side by side, as
			// in a search box, are a list of which any answers, as "apixaban, rivaroxaban or
			// dabigatran" would be (mergeAlternatives).
			flush()
			dropped = append(dropped, "or")
		}
		cur = append(cur, tok)
	}
	flush()
	tail := dropped // the words after the last chunk: "Does gripe water actually work?"
	auxStart := len(toks) > 0 && auxiliaries[toks[0]]
	compares := comparative(toks)
	seenIntervention, alternatives := false, false
	testSubject := false // the subject is a test that predicts or detects
	// exposed is set once the question has named what acts: an intervention, an open
	// question's class word ("What interventions reduce …"), or the subject of an effect
	// verb that takes an object ("Does smoking increase the risk of …"). An operation
	// after that is the patients' setting, not a second thing given.
	befores := make([][]string, len(chunks))
	words := make([][]string, len(chunks))
	for ci, ch := range chunks {
		befores[ci], words[ci] = ch.before, ch.words
	}
	vi := verbChunk(befores, words)
	// A question that asks how to treat what it names ("What can be done for dry eye after
	// cataract surgery?"), or about a disease's course ("Risk factors for AKI after cardiac
	// surgery"), acts too: the operation after is the setting.
	exposed := auxStart && len(chunks) > 1 && (actsOnObject(withoutArticles(chunks[vi].before)) || linksTo(chunks[vi].before) || predicting(chunks[vi].before)) ||
		asksHowToTreat(toks) || asksCourse(toks)
	// verbAfter is what follows chunk ci: the words before the next chunk, or the words
	// after the last; for a question's opening subject, those before its verb (verbChunk).
	verbAfter := func(ci int) []string {
		switch {
		case ci == 0 && auxStart && len(chunks) > 1:
			return chunks[vi].before
		case ci+1 < len(chunks):
			return chunks[ci+1].before
		}
		return tail
	}
	// orCompares reports whether an "or" before chunk ci sets a comparator: in a question
	// that compares, unless a comparison word comes later ("Ticagrelor or prasugrel vs
	// clopidogrel in ACS": the "or" lists what is compared with clopidogrel).
	orCompares := func(ci int) bool {
		if !compares {
			return false
		}
		for _, later := range chunks[ci+1:] {
			if slices.ContainsFunc(later.before, func(w string) bool { return w == "vs" || w == "versus" || w == "compared" || w == "than" }) {
				return false
			}
		}
		return true
	}
	var chunkOf []int // the chunk each concept came from
	// "What approaches reduce needle pain during infant vaccinations?": a question asking
	// for treatments gives nothing it names itself.
	asksTreatments := asksHowToTreat(toks)
	for ci, ch := range chunks {
		if !slices.ContainsFunc(ch.words, func(w string) bool { return !doseWord(w) }) && ci > 0 &&
			!slices.ContainsFunc(ch.before, func(w string) bool { return w == "vs" || w == "versus" || w == "or" || w == "than" || w == "compared" }) {
			// (A dose compared with another is what the question compares: "… vs bolus".)
			// "Do corticosteroids help sore throat pain? single dose": how much is given, said
			// apart from the drug.
			continue
		}
		if onsetWindow(ch.words, ch.before) {
			// "within 6 hours of headache onset", "4.5 hours of symptom onset": a time
			// window, timed from the onset; the symptom is no disease asked about.
			continue
		}
		if n := len(ch.words); n > 1 && ch.words[n-1] == "onset" && len(ch.before) >= 2 && timeUnits[ch.before[len(ch.before)-2]] {
			// "6 to 24 hours after stroke onset": the window is timed from the disease's onset;
			// the disease is the concept.
			ch.words = ch.words[:n-1]
		}
		cs := joinKnownNames(split(ch.words))
		// The subject of "Does CPAP therapy improve …?" and the object of "the effect of
		// hormone therapy on …" name what is given: there "X therapy" stays one intervention.
		// Elsewhere "fatigue treatment" is the treatment of fatigue (splitGenericHead).
		given := (ci == 0 && auxStart && len(chunks) > 1 && effectVerb(chunks[vi].before)) || exposureOf(ch.before)
		if !given {
			cs = splitGenericHead(cs)
		}
		for k := range cs {
			c := &cs[k]
			if c.Role == RoleOther && classKnown(c.Text) {
				// A class word ("DOACs") is given, as enrich would make it, before the rules
				// below read what came first ("DOACs versus warfarin").
				c.Role = RoleIntervention
			}
			switch {
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && k == 0 && ci > 0 && slices.Equal(countless(ch.before), []string{"on"}) &&
				len(chunks[ci-1].words) > 0 && failedOn[chunks[ci-1].words[len(chunks[ci-1].words)-1]]:
				// "after progression on osimertinib", "… on first-line ALK inhibitor": what the
				// disease progressed on says who the patients are. (The progression stays a
				// concept: papers on these patients say it, and it sets aside a trial of the
				// drug in early disease.)
				c.Role, c.Display = RolePopulation, chunks[ci-1].words[len(chunks[ci-1].words)-1]+" on "+c.Text
			case k == 0 && (c.Role == RoleIntervention || c.Role == RoleOther) && !c.Generic && ci > 0 && treatedWith(countless(ch.before)):
				// "CML patients previously treated with two or more TKIs": what the patients
				// had says who they are (the "or" of "two or more" sets no comparator).
				c.Role, c.Display = RolePopulation, "previously treated with "+c.Text
			case k == 0 && (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && ci > 0 && slices.Equal(ch.before, []string{"on"}) &&
				len(words[ci-1]) > 1 && words[ci-1][len(words[ci-1])-1] == "uncontrolled":
				// "type 2 diabetes uncontrolled on metformin": what failed to control the disease
				// says who the patients are.
				c.Role, c.Display = RolePopulation, "uncontrolled on "+c.Text
			case k == 0 && (c.Role == RoleIntervention || c.Role == RoleOther) && ci > 0 && replacing(chunks[ci-1].before) &&
				len(withoutArticles(ch.before)) == 1 && withoutArticles(ch.before)[0] == "with":
				// "… replacing regular salt with a potassium-enriched salt substitute …"
				c.Role = RoleIntervention
				if ps := len(set.Concepts); ps > 0 && (set.Concepts[ps-1].Role == RoleOther || set.Concepts[ps-1].Role == RoleIntervention) {
					set.Concepts[ps-1].Role = RoleComparator
				}
			case k == 0 && (c.Role == RoleIntervention || c.Role == RoleOther || classKnown(c.Text)) && switchedFrom(ch.before):
				// "switching from warfarin to apixaban": what is left is the comparator.
				c.Role = RoleComparator
			case k == len(cs)-1 && ci == 0 && !seenIntervention && (c.Role == RoleOther || c.Role == RoleOutcome && testWords[c.Words[len(c.Words)-1]]) &&
				len(chunks) > 1 && comparesWith(chunks[1].before) &&
				!(slices.ContainsFunc(c.Words, func(w string) bool { return qualifierWords[w] || IsRegimen(w) || courseWords[w] }) && len(c.Words) < 3) &&
				!(len(c.Words) == 1 && len(chunks[1].words) == 1 && roleOf(chunks[1].words[0]) == "" &&
					!(writtenAsAcronym(c.Words[0], q) && writtenAsAcronym(chunks[1].words[0], q))):
				// "PRP injections versus hyaluronic acid …", "acupressure vs sham": the first
				// of two things compared is what is given, whatever its name ("early versus
				// delayed …" compares two timings of what follows, and two bare words, "inpatient
				// versus outpatient management", two ways of one treatment; two acronyms, "qSOFA
				// vs SIRS", are two named things).
				c.Role = RoleIntervention
			case k == len(cs)-1 && ci == 0 && !auxStart && c.Role == RoleOther && len(chunks) > 1 && onlyAnd(chunks[1].before) &&
				(len(chunks) > 2 && len(chunks[1].words) == 1 && riskWords[chunks[1].words[0]] ||
					len(chunks[1].words) > 1 && riskWords[chunks[1].words[len(chunks[1].words)-1]]) && !measuredThing[c.Words[len(c.Words)-1]]:
				// A title "Night shift work and risk of breast cancer", "breastfeeding and
				// ovarian cancer risk": the first thing named is the exposure whose risk is
				// asked about.
				c.Role = RoleIntervention
			case k == len(cs)-1 && ci == 0 && !auxStart && c.Role == RoleOther && len(chunks) > 1 && !measuredThing[c.Words[len(c.Words)-1]] &&
				(titleFor(toks, chunks[1].before, chunks[1].words) || titleTo(toks, chunks[1].before) || titleEffectOn(toks) ||
					len(chunks) > 2 && (comparesWith(chunks[1].before) || onlyOr(chunks[1].before)) && titleFor(toks, chunks[2].before, chunks[2].words)):
				// (Or "Fomepizole or ethanol for methanol poisoning": two things put for it.)
				// A title "Nebulised hypertonic saline for acute bronchiolitis": what is put
				// for a disease is what is given.
				c.Role = RoleIntervention
			case k == 0 && ci > 0 && slices.Equal(withoutArticles(ch.before), []string{"as"}) && !seenIntervention &&
				(instrumentWords[c.Words[len(c.Words)-1]] || measuredThing[c.Words[len(c.Words)-1]]) && lastTestable(set.Concepts) >= 0:
				// "PHQ-9 as a screening tool for depression", "Urinary NGAL as an early biomarker
				// of AKI": what is put forward as the test is the test asked about; the kind of
				// test is not required of a paper.
				set.Concepts[lastTestable(set.Concepts)].Role = RoleIntervention
				seenIntervention, testSubject = true, true
				c.Role, c.Generic = RoleOther, true
			case k == len(cs)-1 && ci == 0 && !auxStart && c.Role == RoleOther && len(chunks) > 1 && (titleToTell(toks, chunks[1].before) || titleForTelling(toks, chunks[1].before, chunks[1].words)):
				// A title "Procalcitonin to distinguish bacterial from viral infection", "Faecal
				// calprotectin to differentiate IBD from IBS": a test, asked about.
				c.Role = RoleIntervention
				testSubject = true
			case k == 0 && !seenIntervention && (c.Role == RoleIntervention || c.Role == RoleOther || c.Role == RoleOutcome) && alternativeTo(ch.before) && firstOther(set.Concepts) >= 0:
				// "Digital tomosynthesis: viable alternative to CT for …": what is offered as the
				// alternative is what is given; what it replaces is the comparator.
				set.Concepts[firstOther(set.Concepts)].Role = RoleIntervention
				seenIntervention = true
				c.Role = RoleComparator
			case k == 0 && (c.Role == RoleIntervention || c.Role == RoleOther) && (excluding(ch.before) ||
				asksTreatments && len(ch.before) > 0 && ch.before[len(ch.before)-1] == "without"):
				// (Also "What are the options for managing agitation in dementia without
				// antipsychotics?": the others are asked for.)
				// "What treatments exist for … besides clozapine?": the named one is what the
				// others are set against, not what is asked about; with nothing given before
				// it ("Are there alternatives to opioids …?") the question asks for the others.
				c.Role = RoleComparator
				if !seenIntervention {
					alternatives = true
				}
			case k == 0 && seenIntervention && otherThan(ch.before) && !slices.ContainsFunc(c.Words, harmNoun):
				// "riluzole or other approved drugs": the question is open to any drug, the
				// named one included; the words after "other" only say what kind.
				c.Role, c.Generic = RoleIntervention, true
				alternatives = true
			case (c.Role == RoleIntervention || c.Role == RoleOther) && !c.Generic && !seenIntervention && k == 0 && comparesWith(ch.before) && asksAccuracy(toks) &&
				lastTestable(set.Concepts) >= 0:
				// "What are the sensitivity and specificity of malaria rapid diagnostic tests
				// compared with expert microscopy …?": the test named first is the one asked
				// about, the one it is compared with its reference.
				set.Concepts[lastTestable(set.Concepts)].Role = RoleIntervention
				seenIntervention = true
				c.Role = RoleComparator
			case c.Role == RoleIntervention && !c.Generic && seenIntervention && comparing(ch.before, orCompares(ci)) && k == 0:
				// "… metformin versus insulin", "… surgery than radiotherapy".
				c.Role = RoleComparator
			case c.Role == RoleOther && k == 0 && seenIntervention && comparing(ch.before, orCompares(ci)) &&
				!(onlyOr(ch.before) && len(set.Concepts) > 0 && (set.Concepts[len(set.Concepts)-1].Role == RoleCondition || set.Concepts[len(set.Concepts)-1].Role == RolePopulation)):
				// "… after minor stroke or TIA": an "or" after a disease lists diseases (after a
				// population, "Black African or Caribbean patients", populations).
				c.Role = RoleComparator
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && seenIntervention && k == 0 && enabling(ch.before):
				// "Does patiromer enable continued RAAS inhibitor therapy …?": what the
				// intervention makes possible is its outcome, not a second thing given.
				c.Role = RoleOutcome
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && seenIntervention && k == 0 && ci > 0 && changesAmount(ch.before) &&
				(avoidedCare[c.Words[len(c.Words)-1]] || slices.ContainsFunc(c.Words, func(w string) bool { return IsDrugName(w) || classKnown(w) }) &&
					(usageWords[c.Words[len(c.Words)-1]] || k+1 < len(cs) && usageWords[cs[k+1].Words[0]] ||
						k == len(cs)-1 && ci+1 < len(chunks) && len(chunks[ci+1].before) > 0 && usageWords[chunks[ci+1].before[0]])):
				// "Does regional anaesthesia reduce opioid consumption …?", "Do stewardship
				// programmes reduce antibiotic use …?": how much of a drug is used is the
				// outcome, not a second thing given. (The uptake of a test or a vaccine,
				// "increase mammography use", stays what a paper must be about.)
				c.Role = RoleOutcome
			case c.Role == RoleIntervention && treatedPatients(c.Words):
				// "dialysis patients", "transplant recipients": who the patients are, by the
				// treatment they live on; as much what the question is about as an operation
				// they undergo, so a paper must be about them (Setting): chronic kidney
				// disease without a transplant does not answer "kidney transplant recipients".
				c.Role, c.Setting = RolePopulation, true
				if k > 0 && cs[k-1].Role == RoleCondition && len(cs[k-1].Words) == 1 && OrganNames(cs[k-1].Words[0]) != nil {
					// "kidney transplant recipients" is one population, not kidney disease.
					cs[k-1].Role, cs[k-1].Setting = RolePopulation, true
					cs[k-1].Words = append(cs[k-1].Words, c.Words...)
					cs[k-1].Text = strings.Join(cs[k-1].Words, " ")
					cs[k-1].Terms = []string{cs[k-1].Text}
					c.Words = nil
				}
			case c.Role == RoleIntervention && (seenIntervention || exposed && ci > 0) && c.Words[len(c.Words)-1] == "cessation":
				// "Are e-cigarettes effective for smoking cessation?": after what is given,
				// stopping a habit is what it is for.
				c.Role = RoleOutcome
			case (c.Role == RoleIntervention || c.Role == RoleOther) && !c.Generic && k == 0 && ci > 0 && len(ch.before) > 0 &&
				(ch.before[len(ch.before)-1] == "undergoing" ||
					// "patients … who undergo elective surgery" (not "Should patients … undergo
					// prophylactic cholecystectomy?", which asks about it)
					(ch.before[len(ch.before)-1] == "undergo" || ch.before[len(ch.before)-1] == "undergoes") && slices.Contains(ch.before, "who") ||
					ch.before[len(ch.before)-1] == "having" && (procedure(c.Words) || courseOfTreatment[c.Words[len(c.Words)-1]]) ||
					ch.before[len(ch.before)-1] == "after" && OrganOperation(*c) && strings.HasPrefix(c.Words[len(c.Words)-1], "transplant")):
				// "… acute kidney injury in patients undergoing angiography?": what the patients
				// undergo is their setting, whether or not the question names a treatment.
				c.Role, c.Setting = RolePopulation, true
			case c.Role == RoleIntervention && seenIntervention && OrganOperation(*c) && !(k == 0 && comparing(ch.before, orCompares(ci))):
				// "belatacept vs tacrolimus kidney transplant graft survival", "tranexamic acid
				// liver resection blood loss": after what is given, an operation on an organ is
				// what the patients undergo.
				c.Role, c.Setting = RolePopulation, true
			case c.Role == RoleIntervention && !c.Generic && (seenIntervention || exposed && ci > 0) && undergone(ch.before) && (procedure(c.Words) || courseOfTreatment[c.Words[len(c.Words)-1]]):
				// "Does tranexamic acid reduce blood loss in total hip arthroplasty?": the
				// operation is what the patients undergo, not a second thing given.
				c.Role, c.Setting = RolePopulation, true
			case c.Role == RoleIntervention && !c.Generic && seenIntervention && k == 0 && ci > 0 && slices.Equal(withoutArticles(ch.before), []string{"for"}) && procedure(c.Words):
				// "Antibiotic prophylaxis for elective laparoscopic cholecystectomy: is it
				// necessary?": the operation it is given for is the patients' setting.
				c.Role, c.Setting = RolePopulation, true
			case c.Role == RoleIntervention && !c.Generic && (seenIntervention || exposed || asksTreatments) && (k == 0 || k == 1 && cs[0].Role == RolePopulation && asksTreatments) &&
				ci > 0 && len(ch.before) > 0 && (ch.before[len(ch.before)-1] == "during" || ch.before[len(ch.before)-1] == "before"):
				// "Does oral sucrose reduce pain during heel-prick blood tests?", "Is bowel
				// preparation necessary before colonic resection?", "Which interventions reduce
				// anxiety before anaesthesia?": what the patients go through when the
				// treatment is given. A paper need not name a test as the question does
				// ("heel lance"); a procedure it must.
				c.Role, c.Setting = RolePopulation, procedure(c.Words) || strings.HasSuffix(lastWord(cs[k:k+1]), "scopy")
			case (c.Role == RoleIntervention && !c.Generic || classKnown(c.Text)) && (seenIntervention || exposed && ci > 0) && k == 0 && taking(ch.before):
				// "Is epidural analgesia safe in patients on anticoagulants?": what the patients
				// already take says who they are; a course they live on ("on maintenance
				// haemodialysis") is their setting, which a paper must share.
				c.Role = RolePopulation
				c.Setting = courseOfTreatment[c.Words[len(c.Words)-1]]
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && k == 0 && ci > 0 && slices.Equal(ch.before, []string{"to"}) &&
				len(chunks[ci-1].words) == 2 && inadequateWords[chunks[ci-1].words[0]] && strings.HasPrefix(chunks[ci-1].words[1], "respon"):
				// "rheumatoid arthritis with an inadequate response to methotrexate": what the
				// disease did not yield to says who the patients are.
				c.Role = RolePopulation
				if p := len(set.Concepts) - 1; p >= 0 && slices.Equal(set.Concepts[p].Words, chunks[ci-1].words) {
					set.Concepts = set.Concepts[:p]
					chunkOf = chunkOf[:p]
				}
				c.Display = strings.Join(chunks[ci-1].words, " ") + " to " + c.Text
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && k == 0 && ci > 0 && len(ch.before) == 1 &&
				(ch.before[0] == "with" || ch.before[0] == "on" || ch.before[0] == "by") && slices.Equal(chunks[ci-1].words, []string{"controlled"}) &&
				slices.ContainsFunc(chunks[ci-1].before, func(w string) bool { return notControlled[w] }):
				// "severe eczema that isn't controlled with steroid creams": what failed says
				// who the patients are, as "not responding to" does.
				c.Role = RolePopulation
				if p := len(set.Concepts) - 1; p >= 0 && slices.Equal(set.Concepts[p].Words, chunks[ci-1].words) {
					set.Concepts = set.Concepts[:p]
					chunkOf = chunkOf[:p]
				}
				c.Display = "not controlled with " + c.Text
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && k == 0 && seenIntervention && addedTo(ch.before):
				// "CDK4/6 inhibitors added to endocrine therapy", "… on top of statin therapy":
				// what the patients already receive, as "adding X to Y" says, not a second
				// thing asked about.
				c.Role = RolePopulation
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && k == 0 && ci > 0 && len(set.Concepts) > 0 &&
				len(ch.before) == 1 && (ch.before[0] == "and" || ch.before[0] == "or" || ch.before[0] == ",") && (IsDrugName(lastWord([]Concept{*c})) || classKnown(c.Text)) &&
				priorTherapy(set.Concepts[len(set.Concepts)-1]):
				// "after failure of topiramate and propranolol", "refractory to oxaliplatin and
				// irinotecan": a drug listed with one the patients had, had too.
				prev := set.Concepts[len(set.Concepts)-1]
				c.Role, c.Display = RolePopulation, strings.TrimSuffix(prev.Label(), prev.Text)+c.Text
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && k == 0 && ci > 0 && slices.Equal(countless(ch.before), []string{"of"}) &&
				slices.Equal(chunks[ci-1].words, []string{"failure"}):
				// "… MDS after failure of ESAs": what failed says who the patients are; the
				// failure is no disease of its own.
				c.Role, c.Display = RolePopulation, "failure of "+c.Text
				if p := len(set.Concepts) - 1; p >= 0 && slices.Equal(set.Concepts[p].Words, chunks[ci-1].words) {
					set.Concepts = set.Concepts[:p]
					chunkOf = chunkOf[:p]
				}
			case c.Role == RoleIntervention && !c.Generic && k == 0 && ci > 0 && slices.Equal(withoutArticles(ch.before), []string{"on"}) &&
				courseOfTreatment[c.Words[len(c.Words)-1]] && len(set.Concepts) > 0 && set.Concepts[len(set.Concepts)-1].Role == RolePopulation:
				// "frailty and mortality in older patients on haemodialysis": the course of
				// treatment the patients are on says who they are.
				c.Role, c.Display = RolePopulation, "on "+c.Text
			case c.Role == RoleIntervention && !c.Generic && (seenIntervention || asksTreatments) && k == 0 && ci > 0 && slices.Equal(ch.before, []string{"from"}) &&
				len(set.Concepts) > 0 && set.Concepts[len(set.Concepts)-1].Role != RoleIntervention:
				// (Or "What helps with hand-foot syndrome from capecitabine?": the treatments
				// asked for are of what the drug caused.)
				// "scalp cooling to prevent hair loss from chemotherapy": what causes the
				// problem says who the patients are, not a second thing given.
				c.Role, c.Display = RolePopulation, "from "+c.Text
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && k == len(cs)-1 && len(ch.before) > 0 &&
				slices.Contains([]string{"after", "when", "if", "once"}, ch.before[len(ch.before)-1]) && stopsWorking(verbAfter(ci)):
				// "What are the options after metformin fails in type 2 diabetes?", "when
				// triptans stop working": what failed says who the patients are.
				c.Role, c.Display = RolePopulation, "failed "+c.Text
			case (c.Role == RoleIntervention || c.Role == RoleOther) && !c.Generic && k == 0 && ci > 0 && notResponding(countless(ch.before)):
				// "urticaria that doesn't respond to antihistamines": what the disease
				// withstood says who the patients are, as "refractory to" does.
				c.Role, c.Display = RolePopulation, "not responding to "+c.Text
			case (c.Role == RoleIntervention || c.Role == RoleOther) && !c.Generic && k == 0 && slices.Contains(ch.before, "tried") &&
				!slices.ContainsFunc(ch.before, func(w string) bool { return w == "should" || w == "be" || w == "been" }):
				// "… recurrent UTIs, already tried trimethoprim prophylaxis. What else works?":
				// what was tried says who the patients are (not "Should X be tried?").
				c.Role, c.Display = RolePopulation, "tried "+c.Text
			case c.Role == RoleIntervention && !c.Generic && k == 0 && seenIntervention && needing(ch.before):
				// "Does dexamethasone lower mortality in patients with COVID-19 who need
				// oxygen?": what the patients need says who they are, not a second thing
				// asked about.
				c.Role, c.Display = RolePopulation, "needing "+c.Text
			case (c.Role == RoleIntervention || c.Role == RoleOther) && !c.Generic && k == 0 && ci > 0 && cannotTake(ch.before):
				// "breast cancer survivors who can't take HRT", "patients intolerant of
				// metformin": what the patients cannot take says who they are; it is not
				// what is asked about.
				c.Role, c.Display = RolePopulation, "cannot take "+c.Text
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && k == 0 && ci > 0 && len(ch.before) > 0 && ch.before[len(ch.before)-1] == "of" &&
				len(words[ci-1]) > 0 && misuseWords[words[ci-1][len(words[ci-1])-1]]:
				// "How widespread is misuse of over-the-counter codeine?": a drug misused is the
				// problem asked about, not a treatment.
				c.Role, c.Display = RoleCondition, words[ci-1][len(words[ci-1])-1]+" of "+c.Text
				if p := len(set.Concepts) - 1; p >= 0 && slices.Equal(set.Concepts[p].Words, words[ci-1]) {
					set.Concepts = set.Concepts[:p]
					chunkOf = chunkOf[:p]
				}
			case (c.Role == RoleOther || c.Role == RoleIntervention) && !c.Generic && k == 0 && ci > 0 && asksTreatments && afterTo(words[ci-1], ch.before, exposureWords):
				// "How is neonatal abstinence syndrome best treated in newborns exposed to opioids
				// in utero?": under a question asking for treatments, what the patients were
				// exposed to says who they are, and a paper must be about them.
				c.Role, c.Setting, c.Display = RolePopulation, true, "exposed to "+c.Text
			case (c.Role == RoleOther || c.Role == RoleIntervention) && !c.Generic && k == 0 && ci > 0 && afterTo(words[ci-1], ch.before, exposureWords):
				// "Does prenatal exposure to fine particulate matter increase …?", "Paraquat
				// exposure …": what the patients were exposed to is what is asked about.
				c.Role = RoleIntervention
			case (c.Role == RoleIntervention || classKnown(c.Text)) && ci > 0 && len(ch.before) > 0 && ch.before[len(ch.before)-1] == "of" &&
				len(words[ci-1]) > 0 && takenUpWords[words[ci-1][len(words[ci-1])-1]]:
				// "Interventions to increase uptake of (bowel cancer) screening": what is taken
				// up is part of the outcome.
				c.Role = RoleOutcome
			case (c.Role == RoleIntervention || classKnown(c.Text)) && k == 0 && ci > 0 && afterTo(words[ci-1], ch.before, adherenceWords):
				// "Interventions for improving adherence to oral anticoagulants": what patients
				// adhere to is part of the outcome, not what is tried.
				c.Role = RoleOutcome
			case (c.Role == RoleIntervention || classKnown(c.Text)) && !c.Generic && k == 0 && ci > 0 && len(ch.before) > 0 && ch.before[len(ch.before)-1] == "despite" &&
				slices.ContainsFunc(set.Concepts, func(p Concept) bool { return p.Role == RoleCondition && !p.Generic }):
				// "urticaria who remain symptomatic despite H1-antihistamine treatment": what the
				// disease withstood says who the patients are.
				c.Role, c.Display = RolePopulation, "despite "+c.Text
			case (c.Role == RoleIntervention || classKnown(c.Text)) && k == 0 && ci > 0 && afterTo(words[ci-1], ch.before, refractoryWords):
				// "immune thrombocytopenia refractory to steroids": what the patients' disease
				// withstood says who they are; the question asks what works after it.
				c.Role, c.Display = RolePopulation, words[ci-1][len(words[ci-1])-1]+" to "+c.Text
			case c.Role == RoleIntervention && !c.Generic && k == 0 && ci > 0 && len(ch.before) > 0 && ch.before[len(ch.before)-1] == "around":
				// "peri-implantitis around dental implants": where the disease is, not what is
				// given; a paper must be about that site.
				c.Role, c.Setting = RolePopulation, true
			case (c.Role == RoleIntervention || c.Role == RoleOther) && !c.Generic && k == 0 && ci > 0 && slices.Equal(ch.before, []string{"to"}) &&
				slices.Equal(chunks[ci-1].words, []string{"access"}) && (lacking(chunks[ci-1].before) || slices.ContainsFunc(chunks[ci-1].before, func(w string) bool {
				return w == "no" || w == "limited" || w == "little" || w == "poor" || w == "lacking"
			})):
				// "In settings without access to blood transfusion, what …": where the patients
				// are, by what they cannot get; not what is asked about.
				c.Role, c.Display = RolePopulation, "without access to "+c.Text
			case c.Role == RoleIntervention && !c.Generic && !seenIntervention && k == 0 && len(ch.before) >= 2 &&
				ch.before[len(ch.before)-2] == "without" && (ch.before[len(ch.before)-1] == "prior" || ch.before[len(ch.before)-1] == "previous"):
				// "incidence of C. difficile infection without prior antibiotic exposure": who
				// the patients are, by what they have not had.
				c.Role, c.Display = RolePopulation, "without "+c.Text
			case c.Role == RoleCondition && k == 0 && lacking(ch.before):
				// "in patients without diabetes": who the patients are, by what they do not
				// have; a paper need not be about diabetes.
				c.Role, c.Display = RolePopulation, "without "+c.Text
			case c.Role == RoleIntervention && !c.Generic && (seenIntervention || exposed && ci > 0) && setting(ch.before) &&
				!(!seenIntervention && IsDrugName(c.Words[len(c.Words)-1])):
				// "Does early mobilisation reduce length of stay after hip fracture surgery?":
				// what happened before is the patients' setting, not a second thing given.
				// Where nothing is given ("Risk factors for AKI after cardiac surgery"), the
				// operation is what the question is about as much as the disease: AKI after
				// contrast does not answer it, so a paper must match it (Setting).
				c.Role, c.Setting = RolePopulation, procedure(c.Words)
				if c.Setting && len(c.Words) == 1 && (c.Words[0] == "surgery" || c.Words[0] == "operation" || c.Words[0] == "resection") &&
					slices.Equal(withoutArticles(ch.before), []string{"after"}) {
					// A treatment "after surgery" of a cancer is adjuvant treatment, as papers
					// say it; the operation itself may go unnamed.
					c.AddTerm("adjuvant")
					c.AddTerm("postoperative")
				}
			case (c.Role == RoleOther || c.Role == RoleOutcome) && k == 0 && !seenIntervention && exposed && ci > 0 && setting(ch.before) &&
				(procedure(c.Words) || admitted(c.Words)):
				// "Incidence of surgical site infection after caesarean section", "PTSD after
				// intensive care unit admission": the same, for an operation the vocabulary
				// does not know as given, or a stay in a place of care.
				c.Role, c.Setting = RolePopulation, true
			case c.Role == RoleOther && k == 0 && ci > 0 && !c.Generic && hasDisease(words[ci-1], ch.before) &&
				!slices.ContainsFunc(set.Concepts, func(p Concept) bool { return p.Role == RoleCondition && !p.Generic }):
				// "In children with head lice …", "My baby has colic": what the patients have
				// is their condition, whatever its name. (Once a disease is named, what else
				// they have only says which patients: "bipolar disorder in patients with
				// depressive episodes".)
				c.Role = RoleCondition
			case c.Role == RoleOther && k == 0 && ci > 0 && ci == len(chunks)-1 && !c.Generic && !c.Broad && seenIntervention && !generic[c.Words[len(c.Words)-1]] && !organNamed(c.Words) && !bodyPart(c.Words) &&
				treatedFor2(ch.before) &&
				!slices.ContainsFunc(set.Concepts, func(p Concept) bool { return p.Role == RoleCondition && !p.Generic }):
				// "Are antibiotics needed for ingrown toenails?", "Is Botox effective for anal
				// fissure?": what a treatment is for, at the end of the question, is the disease
				// treated, whether or not the vocabulary knows its name.
				c.Role = RoleCondition
			case c.Role == RoleOther && k == 0 && ci > 0 && !c.Generic && !c.Broad && slices.Equal(withoutArticles(ch.before), []string{"of"}) &&
				len(set.Concepts) > 0 && courseOf(set.Concepts[len(set.Concepts)-1]) &&
				!slices.ContainsFunc(set.Concepts, func(p Concept) bool { return p.Role == RoleCondition && !p.Generic }):
				// "What is the prognosis of Fournier's gangrene?": whose course is asked about
				// is the disease, whether or not the vocabulary knows its name.
				c.Role = RoleCondition
			case c.Role == RoleOther && k == 0 && ci > 0 && (slices.Equal(withoutArticles(ch.before), []string{"with"}) || slices.Equal(withoutArticles(ch.before), []string{"using"})) &&
				slices.ContainsFunc(toks, func(t string) bool { return t == "screened" || t == "tested" || t == "diagnosed" }):
				// "Should newborns be screened for heart disease with pulse oximetry?": what
				// they are screened with is the test asked about.
				c.Role = RoleIntervention
			case (c.Role == RoleIntervention || c.Role == RoleOther) && k == 0 && ci > 0 && len(ch.before) > 0 && attending[ch.before[len(ch.before)-1]]:
				// "Which patients fail to attend retinal screening?": attendance is measured.
				c.Role = RoleOutcome
			case c.Role == RoleIntervention && k == 0 && ci > 0 && (c.Words[len(c.Words)-1] == "antibodies" || c.Words[len(c.Words)-1] == "antibody") &&
				(hasDisease(words[ci-1], ch.before) || slices.Equal(withoutArticles(ch.before), []string{"with"}) &&
					len(set.Concepts) > 0 && set.Concepts[len(set.Concepts)-1].Role == RoleCondition):
				// "adults with acetylcholine receptor antibodies", "myasthenia gravis with MuSK
				// antibodies": the antibodies the patients have say which of them, not an
				// antibody given.
				c.Role = RolePopulation
			case (c.Role == RoleIntervention || c.Role == RoleOther) && seenIntervention && auxStart && k == len(cs)-1 && ci > 0 && len(c.Words) <= 2 &&
				(instrumentWords[c.Words[len(c.Words)-1]] || markerWords[c.Words[len(c.Words)-1]]) && (slices.Contains(ch.before, "a") || slices.Contains(ch.before, "an")) &&
				!slices.ContainsFunc(ch.before, func(w string) bool {
					return w == "with" || w == "than" || w == "vs" || w == "versus" || w == "or" || w == "and"
				}):
				// "Is HbA1c a good screening test for gestational diabetes?", "Is procalcitonin
				// a reliable marker of …?": what the named test is put forward as is no second
				// test; a paper need not say it.
				c.Role, c.Generic = RoleOther, true
			case (c.Role == RoleIntervention || c.Role == RoleOther) && seenIntervention && k == len(cs)-1 && ci > 0 && slices.Equal(withoutArticles(ch.before), []string{"as"}) &&
				roleHeads[c.Words[len(c.Words)-1]] && !slices.ContainsFunc(c.Words, func(w string) bool { return IsDrugName(w) || classKnown(w) }):
				// "Tamsulosin as medical expulsive therapy for …", "metformin as an adjunct
				// therapy": the part the named drug plays, not a second thing given.
				c.Role, c.Generic = RoleOther, true
			case c.Role == RoleIntervention && !c.Generic && k == 0 && ci > 0 && livingWith(ch.before):
				// "How do older adults experience living with a permanent colostomy?"
				c.Role = RoleCondition
			case c.Role == RoleOther && k == 0 && worthDoing(ch.before):
				// "Is it worth wearing compression stockings …?", "Is there any point in
				// acupuncture …?": what is weighed is what is given.
				c.Role = RoleIntervention
			case c.Role == RoleOther && k == 0 && (exposureOf(ch.before) || respondsTo(ch.before)),
				c.Role == RoleOutcome && k == 0 && len(c.Words) > 1 && controlHeads[c.Words[len(c.Words)-1]] && exposureOf(ch.before):
				// "the effect of X on …", "the use of X in …"; "Effect of intensive blood pressure
				// control on dementia": a measure held down is what is done.
				c.Role = RoleIntervention
			case c.Role == RoleOutcome && !seenIntervention && k == len(cs)-1 && ci == 0 && auxStart && len(chunks) > 1 && actsOnObject(chunks[vi].before):
				// "Does weight loss improve knee pain?", "Does intensive glucose control reduce
				// cardiovascular events?": a measure that acts on another is what is done.
				c.Role = RoleIntervention
			case c.Role == RoleIntervention && !c.Generic && k == 0 && ci == 1 && vi == 2 && len(withoutArticles(ch.before)) > 0 &&
				subjectModifiers[withoutArticles(ch.before)[len(withoutArticles(ch.before))-1]]:
				// "Does taking ibuprofen before the injection improve …?": when the subject
				// is given, not a second thing given.
				c.Role, c.Setting = RolePopulation, procedure(c.Words)
			case c.Role == RoleOther && k == len(cs)-1 && ci == 1 && vi == 2 && auxStart && onlyAnd(ch.before) && set.Concepts[len(set.Concepts)-1].Role == RoleIntervention:
				// "Does audit and feedback improve …?": the second of two things done together.
				c.Role = RoleIntervention
			case (c.Role == RoleOther || (c.Role == RoleOutcome || c.Role == RoleCondition) && NamesInstrument(c.Words)) && k == len(cs)-1 &&
				(ci == 0 && (auxStart || howWell(toks)) || clauseSubject(ch.before)) && predicting(verbAfter(ci)) &&
				(NamesInstrument(c.Words) || testWords[c.Words[len(c.Words)-1]] || markerHeads[c.Words[len(c.Words)-1]] || writtenAsAcronym(c.Words[len(c.Words)-1], q)):
				// "Can qSOFA predict in-hospital mortality …?": a score that predicts is a test
				// asked about. (A patient's trait that predicts, "Does base deficit predict
				// mortality …?", is a prognostic factor, not something done.)
				c.Role = RoleIntervention
				testSubject = true
			case c.Role == RoleOther && k == len(cs)-1 && (ci == 0 && auxStart || clauseSubject(ch.before)) &&
				(effectVerb(verbAfter(ci)) || linksTo(verbAfter(ci)) ||
					// "In infants, does kangaroo mother care compared with conventional care
					// reduce …?": the verb comes after what it is compared with.
					ci > 0 && ci+2 < len(chunks) && comparesWith(chunks[ci+1].before) && effectVerb(chunks[ci+2].before)) &&
				!traitWords[c.Words[len(c.Words)-1]]:
				// "Does X improve …?", "Can X prevent …?", "Is X effective for …?": the
				// subject of a yes/no question about an effect is what is given; so too
				// after a clause that says who the patients are ("In children with head
				// lice, is dimeticone more effective …?", "My baby has colic: does gripe
				// water actually work?").
				c.Role = RoleIntervention
			}
			if c.Role == RoleIntervention && !c.Generic {
				seenIntervention = true
			}
			if c.Role == RoleIntervention {
				exposed = true
			}
		}
		cs = slices.DeleteFunc(cs, func(c Concept) bool { return len(c.Words) == 0 }) // merged into the one before
		set.Concepts = append(set.Concepts, cs...)
		for range cs {
			chunkOf = append(chunkOf, ci)
		}
	}
	shareHead(set.Concepts, chunkOf, befores, q)
	treatedFor(set.Concepts, chunkOf, befores)
	receivedBefore(set.Concepts, chunkOf, befores)
	set.Concepts, chunkOf = drugFailure(set.Concepts, chunkOf)
	treatedBefore(set.Concepts, chunkOf, befores)
	withstoodAsPatients(set.Concepts)
	symptomsOf(set.Concepts, chunkOf, befores, toks)
	if pronounActs(toks) {
		titleSubject(set.Concepts, chunkOf, befores)
	}
	set.Concepts, chunkOf = withoutBareQualifiers(set.Concepts, chunkOf)
	eventsOfDisease(set.Concepts)
	if asksAccuracy(toks) {
		namedTest(set.Concepts, false)
	} else if slices.ContainsFunc(set.Concepts, instrument) {
		// "Can the Ottawa ankle rules be applied by triage nurses?": a scale, score or rule
		// named is what the question is about, though it asks no accuracy.
		namedTest(set.Concepts, true)
	}
	for i := range set.Concepts {
		failedDevice(&set.Concepts[i])
		if i > 0 && strings.HasPrefix(set.Concepts[i-1].Display, "failed ") && set.Concepts[i].Role == RoleIntervention &&
			sameSentence(combined, set.Concepts[i-1], set.Concepts[i]) &&
			IsDrugName(lastWord(set.Concepts[i:i+1])) && listed(befores[chunkOf[i]]) && listGap(combined, set.Concepts[i-1], set.Concepts[i]) {
			// "has failed propranolol, topiramate and amitriptyline": each drug listed.
			c := &set.Concepts[i]
			c.Role, c.Display = RolePopulation, "failed "+c.Text
		}
	}
	for i := range set.Concepts {
		withoutRedundantOperationWord(&set.Concepts[i])
	}
	for i := 1; i < len(set.Concepts); i++ {
		// "spinal vs general anaesthesia for hip fracture surgery": the operation on the
		// disease just named is what the patients undergo, when something else is given.
		c, prev := &set.Concepts[i], set.Concepts[i-1]
		if chunkOf[i] == chunkOf[i-1] && c.Role == RoleIntervention && len(c.Words) == 1 && (c.Words[0] == "surgery" || c.Words[0] == "operation") &&
			prev.Role == RoleCondition && slices.ContainsFunc(set.Concepts[:i-1], func(o Concept) bool { return o.Role == RoleIntervention && !o.Generic }) {
			c.Role, c.Setting = RolePopulation, true
		}
	}
	for i := range set.Concepts {
		enrich(&set.Concepts[i])
		if c := &set.Concepts[i]; len(c.Words) == 1 && writtenAsAcronym(c.Words[0], q) {
			for _, syn := range capitalSynonyms[c.Words[0]] {
				c.AddTerm(syn)
			}
		}
		if example[chunkOf[i]] && (i == 0 || chunkOf[i-1] != chunkOf[i]) {
			classByExample(&set.Concepts[i])
		}
	}
	withNamedMembers(set.Concepts, namedMembers)
	// A member named as the class's example goes; so do the next ones typed after it
	// ("SGLT2 inhibitors empagliflozin dapagliflozin", "DOACs like apixaban or rivaroxaban"),
	// each read against the class.
	for i, kept, went := 1, 0, false; i < len(set.Concepts); {
		c, prev := set.Concepts[i], set.Concepts[kept]
		example := memberExample[chunkOf[i]] || went && onlyListWords(befores[chunkOf[i]])
		if example && chunkOf[i-1] != chunkOf[i] && prev.Class != "" &&
			(ClassMember(prev, c.Text) || brandNames[strings.ToLower(c.Text)] != "" && ClassMember(prev, brandNames[strings.ToLower(c.Text)])) {
			set.Concepts = slices.Delete(set.Concepts, i, i+1)
			chunkOf = slices.Delete(chunkOf, i, i+1)
			went = true
			continue
		}
		kept, i, went = i, i+1, false
	}
	for i := range set.Concepts {
		c := &set.Concepts[i]
		if kindChunk[chunkOf[i]] && (i+1 == len(set.Concepts) || chunkOf[i+1] != chunkOf[i]) && (c.Role == RoleIntervention || c.Role == RoleOther) {
			c.Role, c.Generic = RoleIntervention, true
		}
	}
	seps := make([][]string, len(chunks))
	for ci, ch := range chunks {
		seps[ci] = ch.before
	}
	harmFollows := harmAfter(set.Concepts, chunkOf, befores) // before merging, while chunkOf lines up
	reasons := reasonsForUse(set.Concepts, chunkOf, befores)
	markHarms(set.Concepts, chunkOf, befores)
	set.Concepts = dedupe(mergeAlternatives(set.Concepts, chunkOf, seps, combined))
	if len(set.Concepts) == 0 {
		return set, domain.Errorf(domain.CodeInvalid, "%q has no searchable concept (only question words, stopwords or vague words): name a condition, drug, outcome or population", q)
	}
	if len(set.Specific()) == 0 {
		return set, domain.Errorf(domain.CodeInvalid, "%q names only generic words (%s): name a condition, drug, outcome or population", q, joinTexts(set.Concepts))
	}
	for i := range set.Concepts {
		c := &set.Concepts[i]
		if d := displayOf(c.Text, q, slashed); d != c.Text {
			// A label's lead-in stays: "without diabetes", "cannot take HRT".
			lead := ""
			if c.Display != "" && strings.HasSuffix(c.Display, c.Text) {
				lead = strings.TrimSuffix(c.Display, c.Text)
			}
			c.Display = lead + d
		}
	}
	contextAsPatients(set.Concepts, q) // (as typed: asked may put the question first)
	aidsAsHelp(set.Concepts, q)
	whichKind(set.Concepts, toks)
	set.Kind = kindOf(set)
	howToTreat := set.Kind == domain.QuestionOther && asksHowToTreat(toks)
	if howToTreat {
		// "How should resistant hypertension be treated?", "Management of acute gout
		// flares": the treatments are what is asked for, though no class word names them.
		set.Concepts = append(set.Concepts, Concept{Role: RoleIntervention, Text: "treatment", Words: []string{"treatment"},
			Terms: []string{"treatment"}, Generic: true})
		set.Kind = domain.QuestionOpen
	}
	if set.Kind == domain.QuestionOpen && !howToTreat && !asksTreatments && !asksForTreatments(toks, set.Concepts) {
		// "Does invasive diagnosis … delay treatment?" names treatment as what is delayed,
		// not as what it asks for.
		set.Kind = domain.QuestionOther
	}
	if alternatives {
		set.Kind = domain.QuestionOpen
	}
	// How well a test finds something comes first: "How well does the Berg scale detect
	// fall risk?" asks about the scale's accuracy, not whether it causes a risk.
	set.Diagnostic = set.Kind == domain.QuestionIntervention && (asksAccuracy(toks) || testSubject ||
		// A scale or score asked about is a test, unless the question asks what it is linked to.
		slices.ContainsFunc(set.Concepts, func(c Concept) bool {
			return c.Role == RoleIntervention && NamesInstrument(c.Words)
		}) && !asksForALink(toks) && !slices.ContainsFunc(toks, func(t string) bool { return benefitWords[t] }))
	set.Predicts = set.Diagnostic && asksPrediction(toks)
	set.TellsApart = set.Diagnostic && tellsApart(toks)
	set.Exposure = set.Kind == domain.QuestionIntervention && !set.Diagnostic && !slices.ContainsFunc(toks, func(t string) bool { return benefitWords[t] }) &&
		(asksForALink(toks) || harmFollows)
	if !set.Exposure {
		for i := range set.Concepts {
			set.Concepts[i].Harm = false
		}
	}
	if set.Kind == domain.QuestionIntervention && !set.Diagnostic && (set.Exposure || asksSafety(toks)) &&
		!slices.ContainsFunc(toks, func(t string) bool { return t == "best" || t == "which" || t == "choice" || t == "preferred" }) {
		// (Not "best empirical antibiotics for HAP in patients with MRSA risk": what is best
		// for a disease is a treatment of it.)
		reasonAsPatients(set.Concepts, reasons)
	}
	acronymsAsTerms(set.Concepts, parsed)
	transplantAsCondition(set.Concepts)
	routesCompared(set.Concepts)
	onsetOrEstablished(set.Concepts, q)
	statesAsConditions(set.Concepts)
	MarkPurposes(&set)
	return set, nil
}

// patientStates are states a patient is in, asked about as pregnancy is: "Is sertraline
// safe while breastfeeding?" is answered by papers on breastfeeding (MeSH Breast Feeding,
// Lactation), not by any sertraline trial.
var patientStates = set(`breastfeeding breast-feeding lactation lactating pregnant pregnancy`)

// stateSynonyms are the other names of a patient's state (MeSH Breast Feeding, Lactation):
// searched and matched as a disease's are, but with no role of their own, so the parse
// still reads "Does breastfeeding reduce …?" as asking about breastfeeding as an exposure.
var stateSynonyms = [][]string{
	{"breastfeeding", "breast feeding", "breast-feeding", "lactation", "lactating women", "breast milk", "human milk", "nursing mothers"},
}

// statesAsConditions makes a patient's state that the parse could not place (role other:
// "while breastfeeding") a condition the evidence must share. As the subject ("Does
// breastfeeding reduce …?") it keeps the role the parse gave it.
func statesAsConditions(cs []Concept) {
	for i, c := range cs {
		switch {
		case c.Role == RoleOther && len(c.Words) > 0 && !slices.ContainsFunc(c.Words, func(w string) bool { return !patientStates[w] }):
			cs[i].Role = RoleCondition
		case c.Role == RolePopulation && !c.Setting && slices.ContainsFunc(c.Words, func(w string) bool { return patientStates[w] }):
			// "pregnant women", "breastfeeding mothers": who the patients are is the state
			// the question asks about, so evidence must share it, as a setting.
			cs[i].Setting = true
		}
	}
}

// routesCompared marks an intervention and a comparator that differ only by their route
// ("IV iron vs oral iron") as asking about the route (RouteAsked): the drug without its
// route is then no wording of either, and "IV" and "intravenous" stand for each other.
func routesCompared(cs []Concept) {
	// The drug without its route, as enrich added it to the wordings.
	core := func(c Concept) string { return withoutRegimen(c.Text) }
	var pair []int
	for i, c := range cs {
		if (c.Role == RoleIntervention || c.Role == RoleComparator) && !c.Generic && core(c) != strings.ToLower(strings.Join(strings.Fields(c.Text), " ")) {
			pair = append(pair, i)
		}
	}
	if len(pair) != 2 || cs[pair[0]].Role == cs[pair[1]].Role || core(cs[pair[0]]) != core(cs[pair[1]]) {
		return
	}
	for _, i := range pair {
		c := &cs[i]
		c.RouteAsked = true
		bare := core(*c)
		c.Terms = slices.DeleteFunc(c.Terms, func(t string) bool { return strings.EqualFold(t, bare) })
		words := strings.Join(c.Words, " ")
		for from, to := range map[string]string{"intravenous": "iv", "iv": "intravenous"} {
			if slices.Contains(c.Words, from) {
				c.AddTerm(strings.Replace(words, from, to, 1))
			}
		}
	}
}

// aboutAPatient are words that tell a sentence describes a patient: "my", "72 y/o",
// "a 34-year-old woman", "care home resident".
var aboutAPatient = set(`my our i i'm we he she his her yo y/o patient patient's woman man boy girl baby infant toddler
child son daughter wife husband mother father mum mom dad resident`)

// patientAge is an age as a case is written: "72 y/o", "32 yo", "a 52-year-old", "6 month old".
var patientAge = regexp.MustCompile(`(?i)\b\d+\s*(y/o|yo|yrs?\b|years?[ -]old|-year-old|months?[ -]old|-month-old)`)

// contextAsPatients reads a question typed after sentences about the patient ("52-year-old
// with a unilateral aldosterone-producing adenoma. In primary aldosteronism, is adrenalectomy
// better than MRAs …?", "72 y/o on hemodialysis with new AF. Are DOACs safer than warfarin
// …?"): where the question itself names a disease, a disease named only before it says who
// the patient is (so is one beside a treatment and what it should prevent); where it names a
// treatment, so does a course of treatment named only before it ("on hemodialysis"). Neither
// is then required of evidence. What the question leaves unnamed is taken
// from the context as it stands ("My ankles swelled after starting amlodipine. Do diuretics
// help?" keeps the swelling).
func contextAsPatients(cs []Concept, q string) {
	sents := splitSentences(strings.TrimSpace(q))
	if len(sents) < 2 {
		return
	}
	context := strings.Join(sents[:len(sents)-1], " ")
	if !patientAge.MatchString(context) && !slices.ContainsFunc(tokenize(context), func(t string) bool { return aboutAPatient[t] }) {
		// (A title before a question, "Mammographic screening in Sami speaking
		// municipalities. Are early outcome measures influenced by ethnicity?", is no patient.)
		return
	}
	last := map[string]bool{}
	for _, t := range tokenize(sents[len(sents)-1]) {
		last[t] = true
		for _, p := range strings.Split(t, "-") {
			last[p] = true
		}
	}
	inLast := func(c Concept) bool {
		for _, w := range c.Words {
			if !last[w] && slices.ContainsFunc(strings.Split(w, "-"), func(p string) bool { return !last[p] }) {
				return false
			}
		}
		return true
	}
	var condition, treatment, outcome bool
	for _, c := range cs {
		if inLast(c) && !c.Generic {
			condition = condition || c.Role == RoleCondition
			treatment = treatment || c.Role == RoleIntervention
			// (A relapse or a remission is the disease's: "… alcohol use disorder …
			// Naltrexone or acamprosate to prevent relapse?" asks about the case's disease.)
			outcome = outcome || c.Role == RoleOutcome && !c.Broad && !courseOutcomes[c.Words[len(c.Words)-1]]
		}
	}
	// "… mild hypertension. Is there evidence that statins prevent cardiovascular events in
	// people over 75?": a treatment and what it should prevent say what is asked.
	condition = condition || treatment && outcome
	// Where the question names its treatment and no disease ("… previous vertebral fracture,
	// could not tolerate alendronate because of oesophagitis. Should she get denosumab or
	// zoledronic acid?"), the case's first disease is the one treated; those after it say
	// who the patient is.
	firstKept := false
	for i, c := range cs {
		if c.Generic || inLast(c) {
			continue
		}
		if treatment && !condition && c.Role == RoleCondition {
			if firstKept {
				cs[i].Role = RolePopulation
			}
			firstKept = true
			continue
		}
		// A treatment the case is on for weeks ("on hemodialysis", "on chemotherapy") is who
		// the patient is when the question names its own; any other the question may be
		// asking about ("… on warfarin. Is it safe to stop?").
		if c.Role == RoleCondition && condition || c.Role == RoleIntervention && treatment &&
			(courseOfTreatment[c.Words[len(c.Words)-1]] || takenBefore(tokenize(context), c) ||
				// "on maximum-dose ACE inhibitor and an SGLT2 inhibitor": the next one listed.
				i > 0 && cs[i-1].Role == RolePopulation && !Lacking(cs[i-1]) && !inLast(cs[i-1]) && listedAfter(context, cs[i-1], c)) {
			cs[i].Role = RolePopulation
		}
		if c.Role == RoleIntervention && len(c.Words) == 1 && (imagingWords[c.Words[0]] || testWords[c.Words[0]]) && foundOn(tokenize(context), c.Words[0]) {
			// "newly diagnosed NAFLD on ultrasound": how the case's disease was found, not
			// what the question asks about.
			cs[i].Role = RolePopulation
		}
	}
}

// listedAfter reports whether b follows a in text with only list words between them
// ("… ACE inhibitor and an SGLT2 inhibitor", "…, bisoprolol and spironolactone").
func listedAfter(text string, a, b Concept) bool {
	gap, ok := between(text, a, b)
	if !ok {
		return false
	}
	for _, w := range strings.FieldsFunc(gap, func(r rune) bool { return r == ' ' || r == ',' }) {
		switch w {
		case "and", "or", "a", "an", "the", "plus", "+", "&":
		default:
			return false
		}
	}
	return true
}

// courseOutcomes are a disease's course, measured only in the disease.
var courseOutcomes = set(`relapse relapses recurrence recurrences remission remissions response responses flare flares
exacerbation exacerbations progression`)

// imagingWords name a way a disease is seen.
var imagingWords = set(`ultrasound ultrasonography ct mri x-ray radiograph echocardiography echo scan biopsy endoscopy colonoscopy`)

// foundOn reports whether a case says a finding was made on or by a test: "on ultrasound",
// "by biopsy".
func foundOn(toks []string, w string) bool {
	for i, t := range toks {
		if t == w && i > 0 && (toks[i-1] == "on" || toks[i-1] == "by" || toks[i-1] == "at") {
			return true
		}
	}
	return false
}

// takenBefore reports whether a case says the patient takes, or took without success, the
// drug a concept names: "on amlodipine, ramipril and indapamide", "has been on alendronate
// for 8 years", "no response to three antidepressants", "tried sertraline". Said of the
// patient before the question, it says who the patient is, not what the question asks.
func takenBefore(toks []string, c Concept) bool {
	for i, t := range toks {
		if t != c.Words[0] {
			continue
		}
		k := i - 1
		for k >= 0 && (toks[k] == "" || toks[k] == "and" || toks[k] == "or" || numberWords[toks[k]] || doseWord(toks[k]) ||
			IsDrugName(toks[k]) || classKnown(toks[k]) ||
			// "despite full doses of amlodipine"
			toks[k] == "of" || toks[k] == "full" || toks[k] == "maximal" || toks[k] == "maximum" || toks[k] == "high") {
			k--
		}
		if k < 0 {
			continue
		}
		switch toks[k] {
		case "on", "taking", "takes", "took", "tried", "failed", "despite", "completed", "finished", "underwent", "received", "had", "using", "uses":
			return true
		case "to":
			if k > 0 && (toks[k-1] == "response" || toks[k-1] == "respond" || toks[k-1] == "responded") {
				return true
			}
		}
	}
	return false
}

// reasonsForUse are the diseases a question names as what a drug is taken for, right after
// it: "hydroxychloroquine for lupus", "started on sertraline for postpartum depression",
// "PPIs taken for reflux".
func reasonsForUse(cs []Concept, chunkOf []int, befores [][]string) map[string]bool {
	out := map[string]bool{}
	for i := 1; i < len(cs); i++ {
		c, prev := cs[i], cs[i-1]
		b := withoutArticles(befores[chunkOf[i]])
		if c.Role != RoleCondition || c.Generic || chunkOf[i] == chunkOf[i-1] || len(b) == 0 || b[len(b)-1] != "for" {
			continue
		}
		// "Do atypical antipsychotics given for agitation in dementia increase …?", as asked
		// rewrites it: "…, in people given it for agitation in dementia".
		rewritten := len(b) == 3 && takenWords[b[0]] && b[1] == "it" && prev.Generic
		if !rewritten && (prev.Role != RoleIntervention || prev.Generic || slices.ContainsFunc(b[:len(b)-1], func(w string) bool { return !takenWords[w] })) {
			continue
		}
		out[c.Text] = true
		// "for lupus or RA": both are what it is taken for.
		for k := i + 1; k < len(cs) && chunkOf[k] == chunkOf[k-1]+1 && onlyOr(befores[chunkOf[k]]) && (cs[k].Role == RoleCondition || cs[k].Role == RoleOther); k++ {
			out[cs[k].Text] = true
		}
	}
	return out
}

// takenWords may come between a drug and the "for" of what it is taken for.
var takenWords = set(`taken taking used use using prescribed given started buying`)

// reasonAsPatients makes what a drug is taken for the patients' description in a question
// about the drug's harms or safety, when the question names the harm or what else it is
// about ("Hydroxychloroquine for lupus or RA: risk of retinal toxicity?", "… sertraline for
// postpartum depression. Is it safe to keep breastfeeding?"): a paper on retinal toxicity
// among all who take the drug answers it, whatever they take it for.
func reasonAsPatients(cs []Concept, reasons map[string]bool) {
	// ("lupus or RA", merged as alternatives, is a reason when each of them is.)
	reason := func(c Concept) bool {
		return reasons[c.Text] || len(c.Alternatives) > 0 && !slices.ContainsFunc(c.Alternatives, func(a string) bool { return !reasons[a] })
	}
	other := slices.ContainsFunc(cs, func(c Concept) bool {
		return !reason(c) && !c.Generic && !c.Broad && (c.Role == RoleCondition || c.Role == RoleOutcome || c.Role == RoleOther)
	})
	if !other {
		return
	}
	for i, c := range cs {
		if reason(c) && (c.Role == RoleCondition || c.Role == RoleOther) {
			cs[i].Role, cs[i].Display = RolePopulation, "taking it for "+c.Label()
		}
	}
}

// asksSafety reports whether a question asks whether something is safe: "Is it safe to …",
// "safety of", "side effects".
func asksSafety(toks []string) bool { return slices.ContainsFunc(toks, domain.SafetyWord) }

// aidsAsHelp reads "aids" typed in lower case, away from HIV, as things that help ("the
// most effective aids for quitting smoking", "sleep aids"), a kind of treatment like
// "treatments", not the disease AIDS.
func aidsAsHelp(cs []Concept, q string) {
	if writtenAsAcronym("aids", q) || slices.ContainsFunc(cs, func(c Concept) bool { return slices.Contains(c.Words, "hiv") }) {
		return
	}
	for i, c := range cs {
		if c.Role == RoleCondition && len(c.Words) == 1 && c.Words[0] == "aids" {
			cs[i].Role, cs[i].Generic = RoleIntervention, true
		}
	}
}

// transplantAsCondition makes an operation on an organ the patients have had ("… in liver
// transplantation", "after kidney transplantation") the question's condition when it names
// no disease: what the patients live with is then their condition, as in "graft loss after
// kidney transplantation".
func transplantAsCondition(cs []Concept) {
	if slices.ContainsFunc(cs, func(c Concept) bool { return c.Role == RoleCondition && !c.Generic }) {
		return
	}
	for i := range cs {
		if c := cs[i]; c.Role == RolePopulation && c.Setting && OrganOperation(c) && strings.HasPrefix(c.Words[len(c.Words)-1], "transplant") {
			cs[i].Role = RoleCondition
			return
		}
	}
}

// acronymsAsTerms gives the concept an acronym in parentheses followed ("interferon-γ release
// assays (IGRAs)") the acronym as a term of its own, searched and matched beside its words
// (withoutInnerAsides took the parenthesis out of the phrase). Acronyms of two letters are
// read, never searched: as words they name too many things.
func acronymsAsTerms(cs []Concept, q string) {
	for _, m := range nameAside.FindAllStringSubmatch(q, -1) {
		if !sameThingAside(m[1], m[2]) || len([]rune(m[2])) < 3 {
			// (A two-letter acronym is read, never searched, as in acronymsAsTerms below.)
			continue
		}
		before := strings.ToLower(m[1])
		for i := range cs {
			if slices.ContainsFunc(cs[i].Words, func(w string) bool { return w == before || strings.HasSuffix(w, "-"+before) }) {
				cs[i].AddTerm(m[2])
				break
			}
		}
	}
	for _, m := range acronymAside.FindAllStringSubmatch(q, -1) {
		acr, before := m[2], strings.ToLower(m[1])
		if len([]rune(acr)) < 3 {
			continue
		}
		for i := range cs {
			if slices.ContainsFunc(cs[i].Words, func(w string) bool { return w == before || strings.HasSuffix(w, "-"+before) }) {
				cs[i].AddTerm(acr)
				break
			}
		}
	}
}

// linkWords ask whether one thing is linked to or causes another.
var linkWords = set(`associated association associations linked cause causes caused causing induce impair impairs
induces induced trigger triggers triggered predispose predisposes predisposing unsafe harmful harm harms
dangerous teratogenic side-effects adverse-effects adverse-events`)

// moreWords and riskWords make "increase the risk of", "raise the incidence of".
var (
	moreWords = set(`increase increases increased increasing raise raises raised raising higher greater elevated`)
	riskWords = set(`risk risks incidence odds rate rates likelihood chance`)
)

// accuracyWords ask how well a test finds a disease.
var accuracyWords = set(`accuracy accurate accurately inaccurate sensitivity sensitive specificity diagnosing diagnose
diagnoses diagnostic detecting detect detects detection predictive predictor predicting ruling rule-out staging false-positive
false-positives false-negative false-negatives reliable reliably valid validity validation exclude excluding`)

// asksAccuracy reports whether a question asks how well what it names finds a disease
// ("How accurate is dermoscopy for diagnosing melanoma?", "MRI vs mammography for detecting
// breast cancer", "sensitivity of D-dimer …"), not whether it treats it. "rule out" counts;
// a benefit word ("improve survival") makes it a question of effect.
func asksAccuracy(toks []string) bool {
	found := false
	for i, t := range toks {
		switch {
		case benefitWords[t] && t != "better" && !slices.ContainsFunc(toks[i+1:min(i+4, len(toks))], func(w string) bool { return accuracyWords[w] }):
			// "Does MRI improve the detection of …?" still asks how well it finds it.
			return false
		case accuracyWords[t]:
			found = true
		case t == "rule" && i+1 < len(toks) && toks[i+1] == "out":
			found = true
		case t == "diagnosis" && i > 0 && (toks[i-1] == "for" || toks[i-1] == "the" && i > 1 && toks[i-2] == "for"):
			// "HbA1c versus the oral glucose tolerance test for the diagnosis of diabetes"
			found = true
		}
	}
	return found
}

// requestLead matches what a typed request says before its question ("Could you find RCTs
// comparing …", "I'd like to know which …", "Please search for evidence on …"): words about
// the asking, which would otherwise hide the asking word or be read as concepts.
var requestLead = regexp.MustCompile(`(?i)^\s*(?:` +
	// A polite or first-person request, then its verb: "Could you find …", "I'd like to know …".
	`(?:please\s+)?(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?|please\s+|i(?:\s+would|'d|’d)\s+like\s+(?:you\s+)?to\s+|i\s+want\s+(?:you\s+)?to\s+|help\s+me\s+)` +
	`(?:find|search(?:\s+for)?|look\s+(?:for|up)|get|show\s+me|pull\s+up|locate|identify|know|tell\s+me|summari[sz]e|review)\s+` +
	`(?:me\s+)?(?:(?:the|some|any)\s+)?(?:(?:recent|current|latest|best|good|high-quality)\s+)?(?:` + requestNouns + `\s+)?` +
	`|` +
	// A bare command only with what it asks for: "Find studies on …" ("Search engine as a
	// diagnostic tool …" is no request).
	`(?:find|search\s+for|look\s+for|get|show\s+me)\s+(?:(?:the|some|any)\s+)?(?:(?:recent|current|latest|best|good|high-quality)\s+)?` + requestNouns + `\s+` +
	`)(?:on|about|for|regarding|comparing|that\s+compare|looking\s+at|of|into)?\s*`)

// requestNouns are what a request asks to be found.
const requestNouns = `(?:evidence|studies|papers|trials|rcts|literature|research|data|articles|reviews|meta-analyses)`

// quantity is a dose, a target or a threshold written with its unit ("48 mg daily", "to a
// systolic target below 120 mmHg", "< 7%"): how much, which says no concept and would cut the
// drug it follows from the verb it is the subject of.
var quantity = regexp.MustCompile(`(?i)(?:\s+(?:for\s+)?(?:at\s+least|up\s+to|more\s+than|less\s+than|over|under|before|after|within|by)\s+\d+\s*(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|\s+to\s+(?:an?\s+)?(?:(?:systolic|diastolic)\s+)?(?:(?:blood\s+pressure|bp)\s+)?(?:target|goal)(?:\s+(?:of|below|under|above|at))?|\s+(?:of|below|under|above|over|at|<|>|≤|≥|<=|>=))?\s*\d+(?:[.,]\d+)?\s*(?:(?:mg|g|mcg|µg|ug|ml|iu|units?|mmhg|mm\s+hg|mmol/l|mg/dl)(?:/(?:kg|day|d|m2|h))?\b|%)(?:\s+(?:(?:once|twice|three\s+times)\s+)?(?:daily|a\s+day|per\s+day|weekly|nightly|bd|od|tds)\b|\s+every\s+\d+\s*(?:hours?|days?|weeks?|months?|h)\b)?`)

// takenFor is what a remedy is taken for, said between it and the verb of a yes/no question
// ("Does kava extract taken for anxiety cause liver injury?"): why people take it, which
// cuts the subject from its verb and is not what the question asks about.
var takenFor = regexp.MustCompile(`(?i)\b(taken|used|given|prescribed|bought)(\s+(?:for|to\s+treat|against)\s+(?:[\p{L}\d'-]+\s+){1,4}?)((?:cause|causes|increase|increases|raise|raises|lead|leads|trigger|triggers|damage|damages|harm|harms|affect|affects|worsen|worsens|induce|induces|reduce|reduces|improve|improves|interact|interacts)\b)`)

// takingIt says what people do with a remedy, for the participle that named it.
var takingIt = map[string]string{"taken": "taking it", "used": "using it", "given": "given it", "prescribed": "prescribed it", "bought": "buying it"}

// auxLead opens a yes/no question.
var auxLead = regexp.MustCompile(`(?i)^\s*(?:does|do|did|can|could|will|would|might|may)\s`)

// askerLabel is who asks, or what kind of question it is, written before it ("Renal
// pharmacist query:", "Nurse question:", "Guideline question:").
var askerLabel = regexp.MustCompile(`(?i)^\s*(?:[\p{L}-]+\s+){0,3}(?:query|question|enquiry|inquiry|request|topic)\s*:\s*`)

// adjunctFor puts a treatment as an add-on for a disease ("Ginger as an adjunct for
// chemotherapy-induced nausea") as a title puts it: "Ginger for …".
var adjunctFor = regexp.MustCompile(`(?i)\s+as\s+(?:an?\s+)?(?:adjunct|adjunctive|add-on|adjuvant)(?:\s+(?:therapy|treatment|agent))?\s+(?:for|in|to)\s+`)

// aimLead is a study aim's opening ("To estimate …", "To determine whether …"): the
// question follows it.
var aimLead = regexp.MustCompile(`(?i)^\s*to\s+(?:estimate|determine|assess|evaluate|investigate|examine|explore|establish|describe|quantify|compare|identify|measure|test)\s+(?:whether\s+|if\s+)?`)

// developedAnd is a model's title opening "Development and validation of …": the
// development is no concept; the validation says a test's accuracy is asked.
var developedAnd = regexp.MustCompile(`(?i)^\s*(?:development|derivation)\s+and\s+(?:external\s+)?validation\s+of\s+`)

// treatedPeople are patients named by their drug ("dupilumab-treated patients"): written
// out, the drug is read as what they were given.
var treatedPeople = regexp.MustCompile(`(?i)\b([\p{L}\d]+)-treated\s+(patients|adults|children|women|men|people|individuals|infants|subjects)\b`)

// sglt2Written is the SGLT2 target written out, whose number the tokens would cut off.
var sglt2Written = regexp.MustCompile(`(?i)\bsodium[- ]glucose\s+co-?transporter[- ]?2\b`)

// designTail is a title's closing study design (": a systematic review and meta-analysis",
// ": a randomized clinical trial"): how it would be studied, not what is asked.
var designTail = regexp.MustCompile(`(?i)\s*[:.–—-]\s*(?:an?\s+)?(?:updated\s+)?(?:systematic\s+review|meta-analysis|randomi[sz]ed(?:\s+(?:controlled|clinical))?\s+trial|cohort\s+study|case-control\s+study|cross-sectional\s+study)(?:\s+and\s+(?:network\s+)?meta-analysis)?\s*\??\s*$`)

// shorthand are clinicians' abbreviations of common words, read as the words ("abx" for
// antibiotics, "pt" for patient, "vit D" for vitamin D, "norad" for noradrenaline).
var shorthand = map[string]string{"abx": "antibiotics", "pt": "patient", "pts": "patients", "vit": "vitamin",
	"norad": "noradrenaline", "hx": "history"}

// shorthandWord finds them as whole words. ("tx" is left to the parse: it is a treatment
// or, after an organ, a transplant.)
var shorthandWord = regexp.MustCompile(`(?i)\b(?:abx|pts?|vit|norad|hx)\b`)

// endUp is "end up" before what happens ("patients with AKI end up needing dialysis"): it
// says nothing of its own, and read as words it joined the condition ("AKI end up").
var endUp = regexp.MustCompile(`(?i)\s+(?:end|ends|ended|ending)\s+up\s+`)

// bringDown is a patient's "bring down" for "lower" ("does ginseng bring down blood
// sugar?", "bring my sugar down"); read as words, it joined the drug and the disease into
// one concept.
var bringDown = regexp.MustCompile(`(?i)\b(?:bring|brings|bringing|brought)\s+(?:down\b|(\w+(?:\s+\w+){0,2})\s+down\b)`)

// leaveShort is a patient's "leave me short of" for a deficiency ("will a gluten free diet
// leave me short of vitamins?").
var leaveShort = regexp.MustCompile(`(?i)\b(?:leave|leaves|leaving|left)\s+(?:me|you|him|her|us|them|people|patients)\s+short\s+of\b`)

// shortSpan is a span of minutes or seconds before what is given over it ("2 min bolus vs
// 15 min infusion"): how a dose is given, which a paper on it need not say in those words;
// left in, the unit joined the treatment ("min infusion").
var shortSpan = regexp.MustCompile(`(?i)\b\d+(?:[.,]\d+)?\s*-?\s*(?:min|mins|minute|minutes|sec|secs|second|seconds)\b`)

// asked is the question a parse reads: a request's lead-in dropped, and when a question
// comes after a sentence of context ("My patient has Tourette syndrome. What treatment
// options exist?"), the question first, so its asking word opens it as the parse expects.
// The question shown and stored stays as typed.
func asked(q string) string {
	q = fromPICO(q)
	q = shorthandWord.ReplaceAllStringFunc(q, func(m string) string { return shorthand[strings.ToLower(m)] })
	q = quantity.ReplaceAllString(aimLead.ReplaceAllString(askerLabel.ReplaceAllString(q, ""), ""), "")
	q = developedAnd.ReplaceAllString(q, "Validation of ")
	q = designTail.ReplaceAllString(q, "")
	q = endUp.ReplaceAllString(q, " ")
	q = bringDown.ReplaceAllString(q, "lower ${1}")
	q = leaveShort.ReplaceAllString(q, "cause deficiency of")
	q = shortSpan.ReplaceAllString(q, "")
	q = anatomicalSides(q)
	q = sglt2Written.ReplaceAllString(q, "SGLT2")
	q = treatedPeople.ReplaceAllString(q, "$2 treated with $1")
	q = adjunctFor.ReplaceAllString(q, " for ")
	if m := takenFor.FindStringSubmatchIndex(q); m != nil && auxLead.MatchString(q) {
		// (Not "Do drugs used for epilepsy …": there what they are used for says which drugs.)
		if before := strings.Fields(strings.ToLower(q[:m[0]])); len(before) > 1 && !IsGeneric(before[len(before)-1]) {
			// The reason is kept, after the question's own words: "Does kava extract cause
			// liver injury, in people taking it for anxiety?"
			reason := takingIt[strings.ToLower(q[m[2]:m[3]])] + " " + strings.TrimSpace(q[m[4]:m[5]])
			q = strings.TrimRight(q[:m[0]]+q[m[6]:], "?. ") + ", in people " + reason + "?"
		}
	}
	sentences := splitSentences(strings.TrimSpace(q))
	if n := len(sentences); n > 1 {
		// Only a question that asks for something ("What treatment options exist?"): a
		// title's yes/no question after it ("Cold knife conization vs. LEEP. Are they the
		// same procedure?") reads with the title first, as written.
		last := strings.TrimSpace(sentences[n-1])
		if first := strings.ToLower(strings.Fields(last + " x")[0]); askingWords[first] && first != "is" && first != "are" {
			q = last + " " + strings.Join(sentences[:n-1], ". ")
		}
	}
	if m := requestLead.FindStringIndex(q); m != nil && m[1] < len(q) {
		q = q[m[1]:]
	}
	return q
}

// sentenceEnd ends a sentence: a full stop, a question or exclamation mark before a space
// and a capital letter ("vs. LEEP" is cut too, which is harmless: only a last sentence
// that asks for something moves), or, as typed in lower case, before a question's first
// word after a word of four letters or more ("… i was pregnant. can ibuprofen cause …";
// not "vs. placebo" or "S. aureus").
var sentenceEnd = regexp.MustCompile(`([.?!])\s+\p{Lu}|\p{L}{4}([.?!])\s+(?:can|could|does|do|is|are|should|would|will|what|how|which|any)\s`)

// splitSentences cuts a text at each sentenceEnd, keeping the capital letter that opens
// the next sentence and dropping the stop.
func splitSentences(text string) []string {
	var out []string
	from := 0
	for _, m := range sentenceEnd.FindAllStringSubmatchIndex(text, -1) {
		stop := m[2] // the stop: the first group, or the second
		if stop < 0 {
			stop = m[4]
		}
		out = append(out, strings.TrimSpace(text[from:stop]))
		// The next sentence starts after the stop and its spaces.
		from = stop + 1
		for from < len(text) && unicode.IsSpace(rune(text[from])) {
			from++
		}
	}
	return append(out, strings.TrimSpace(text[from:]))
}

// namedTest makes the test a question about a test's accuracy names the intervention, when
// the vocabulary did not know it as one: in "Plasma p-tau217 for diagnosing Alzheimer's
// disease" or "Diagnostic accuracy of FIT for colorectal cancer in symptomatic patients" a
// paper about another test (CSF amyloid, stool DNA) does not answer the question, so the
// test must be matched as a named drug is. The test is the first concept that is neither
// the disease, the patients, nor where they are seen ("in the ED", "in primary care"); "X
// accuracy" loses its measure word. A question that already names an intervention, or no
// disease, is left as it is.
func namedTest(cs []Concept, instrumentsOnly bool) {
	hasCondition, purpose := false, -1
	for i, c := range cs {
		if c.Role == RoleIntervention && !c.Generic {
			if purpose >= 0 || !purposeOnly(c.Words) {
				return
			}
			purpose = i
		}
		hasCondition = hasCondition || c.Role == RoleCondition && !c.Generic
	}
	// Without a disease, only a named scale or score is taken for the test ("Can the
	// Ottawa ankle rules be applied reliably by triage nurses?").
	instrumentsOnly = instrumentsOnly || !hasCondition
	for i := range cs {
		c := &cs[i]
		last := c.Words[len(c.Words)-1]
		switch {
		case instrumentsOnly && !instrument(*c):
			continue
		case i == purpose || c.Generic || c.Setting || careSettings[last] || generic[last] || roleOf(last) == RolePopulation:
			continue
		case len(c.Words) == 1 && specimenWords[last]:
			// "Serum and bronchoalveolar lavage galactomannan": where the test is done, not
			// which test.
			continue
		case c.Role == RoleOutcome && len(c.Words) > 1 && accuracyWords[last] &&
			slices.ContainsFunc(c.Words, func(w string) bool { return !accuracyWords[w] }):
			// "procalcitonin accuracy"
			c.Words = c.Words[:len(c.Words)-1]
			c.Text = strings.Join(c.Words, " ")
			c.Terms = []string{c.Text}
		case (c.Role == RoleOutcome || c.Role == RoleCondition) && NamesInstrument(c.Words):
			// "the Montreal Cognitive Assessment", "the Wells score", "the Edinburgh Postnatal
			// Depression Scale": an instrument, whatever its words name.
		case c.Role == RoleOutcome && testWords[last]:
			// "Is HbA1c an accurate screening test …?": a measure used as the test.
		case c.Role != RoleOther || accuracyWords[last] || len(c.Words) == 1 && measuredThing[last] || traitWords[last]:
			// (A patient's trait, "Is age still the main predictor of mortality?", is no test.)
			continue
		}
		c.Role = RoleIntervention
		if purpose >= 0 {
			// "FIT for colorectal cancer screening": screening is what the test is for.
			cs[purpose].Role = RoleOther
		}
		return
	}
}

// specimenWords name what a test is done on.
var specimenWords = set(`serum plasma urine urinary saliva salivary sputum csf stool faecal fecal blood`)

// instrument reports whether a concept names a scale, score, rule or questionnaire ("the
// Ottawa ankle rules", "the Glasgow-Blatchford score"): a test by its name.
func instrument(c Concept) bool {
	return c.Role != RoleIntervention && c.Role != RolePopulation && NamesInstrument(c.Words)
}

// NamesInstrument reports whether words name a scale, score or rule by its own name: an
// instrument word last, a word before it that is neither a risk, an accuracy word nor
// another instrument word ("diagnostic tool" names none), and not the body mass index, a
// measure.
func NamesInstrument(ws []string) bool {
	if len(ws) < 2 || !instrumentWords[ws[len(ws)-1]] || strings.Join(ws, " ") == "body mass index" {
		return false
	}
	return !slices.ContainsFunc(ws, func(w string) bool { return riskWords[w] }) &&
		slices.ContainsFunc(ws, func(w string) bool { return !instrumentWords[w] && !accuracyWords[w] })
}

// purposeOnly reports whether an intervention's words only say what a test is for
// ("screening", "screening in primary care"), not which test.
func purposeOnly(words []string) bool {
	if words[0] != "screening" && words[0] != "testing" {
		return false
	}
	for _, w := range words[1:] {
		if !careSettings[w] && !instrumentWords[w] && roleOf(w) != "" {
			return false
		}
	}
	return true
}

// instrumentWords end the names of scales, scores and questionnaires ("Montreal Cognitive
// Assessment", "Wells score", "Ottawa ankle rules"): the test itself when a question asks
// how accurate it is.
var instrumentWords = set(`assessment scale scales score scores questionnaire questionnaires test tests tool tools
index inventory rule rules criteria examination screen algorithm assay assays`)

// roleHeads end the part a drug is put forward to play: "as medical expulsive therapy".
var roleHeads = set(`therapy treatment agent adjunct option alternative`)

// markerWords name what a measurement is put forward as: "a reliable marker of infection".
var markerWords = set(`marker markers biomarker biomarkers predictor indicator`)

// careSettings end the names of the places patients are seen ("emergency department",
// "primary care", "ICU"): where a question's patients are, never the test or the treatment.
var careSettings = set(`department departments ed ae icu icus nicu picu unit units care hospital hospitals ward wards
clinic clinics practice practices setting settings community communities home homes office offices centre centres
center centers`)

// asksPrediction reports whether a test question asks how well the test predicts what
// follows ("a predictor of mortality", "predictive of relapse", "prognostic value") and
// not how well it finds a disease: no word of finding (accurate, sensitivity, diagnosing,
// detecting, ruling out, staging) beside the word of predicting.
func asksPrediction(toks []string) bool {
	predicts := false
	for _, t := range toks {
		switch t {
		case "predict", "predicts", "predicting", "predictor", "predictors", "predictive", "prognostic", "prognosis":
			predicts = true
		case "reliable", "reliably", "valid", "validity", "validation":
		default:
			if accuracyWords[t] {
				return false
			}
		}
	}
	return predicts
}

// moreOfHarm reports whether the words after "increase" name a risk or a disease within
// three words: "the risk of", "suicide risk", "anastomotic leak", "delirium".
func moreOfHarm(after []string) bool {
	for i, w := range after {
		if i == 3 || w == "" {
			break
		}
		if riskWords[w] && i > 0 && wantedOutcomes[after[i-1]] {
			// "increase live birth rates", "survival rates": more of what is wanted.
			continue
		}
		if riskWords[w] || roleOf(w) == RoleCondition {
			return true
		}
	}
	return false
}

// usageWords say how much of a treatment is used: after a verb of more or less, the
// treatment and the word are the outcome ("reduce antibiotic use").
var usageWords = set(`use usage consumption exposure prescribing prescription prescriptions requirement requirements
rates rate coverage uptake overuse dose doses days duration`)

// avoidedCare is care a treatment may spare ("reduce red blood cell transfusion", "reduce
// intubation"): after a verb of less, its outcome.
var avoidedCare = set(`transfusion transfusions intubation reintubation`)

// changesAmount reports whether the words before a chunk end with a verb of more or less.
func changesAmount(before []string) bool {
	b := withoutArticles(before)
	if len(b) == 0 {
		return false
	}
	switch b[len(b)-1] {
	case "reduce", "reduces", "reduced", "reducing", "increase", "increases", "increasing", "lower", "lowers", "decrease",
		"decreases", "cut", "cuts", "minimise", "minimize", "minimises", "minimizes", "limit", "limits", "curb", "curbs",
		"raise", "raises", "improve", "improves", "spare", "spares", "optimise", "optimize", "shorten", "shortens":
		return true
	}
	return false
}

// wantedOutcomes are outcomes a treatment is given to raise: their rate going up is no harm.
var wantedOutcomes = set(`survival remission response responses recovery healing cure live-birth clinical-pregnancy
ongoing-pregnancy pregnancy adherence uptake success quit abstinence ovulation vaccination screening`)

// riskTools are what "risk" names before them that is no harm: "risk stratification".
var riskTools = set(`stratification score scores assessment assessments prediction model models tool tools calculator reduction
group groups population populations patients categories category`)

// atRisk reports whether the words before "risk" say who is at it ("patients at high risk
// of falls"): a population, not a harm asked about.
func atRisk(before []string) bool {
	n := len(before)
	return n >= 1 && before[n-1] == "at" || n >= 2 && before[n-2] == "at"
}

// markHarms marks the conditions a question names as what its exposure may cause: those
// after a link word ("associated with dementia"), an effect verb ("increase delirium"), or a
// risk ("risk of congenital malformations", "suicide risk"). In "Ondansetron in early
// pregnancy and risk of congenital malformations" the malformations are the harm, the
// pregnancy who is exposed. Extract clears the marks of a question that asks no link.
func markHarms(cs []Concept, chunkOf []int, befores [][]string) {
	isRisk := func(c Concept) bool {
		return c.Role == RoleOutcome && !slices.ContainsFunc(c.Words, func(w string) bool { return !riskWords[w] })
	}
	for i := range cs {
		c := &cs[i]
		if c.Role != RoleCondition || c.Generic {
			continue
		}
		first := i == 0 || chunkOf[i-1] != chunkOf[i]
		before := befores[chunkOf[i]]
		switch {
		case first && (linksTo(before) || effectVerb(before)):
		case i > 0 && isRisk(cs[i-1]) && (!first || len(before) > 0 && (before[len(before)-1] == "of" || before[len(before)-1] == "for")):
		case i+1 < len(cs) && chunkOf[i+1] == chunkOf[i] && isRisk(cs[i+1]):
		default:
			continue
		}
		c.Harm = true
	}
}

// harmAfter reports whether a question names a disease or complication and then the
// intervention it follows ("chronic pain after mesh repair of inguinal hernia",
// "contrast-induced nephropathy after contrast CT"): what comes after the intervention is
// asked about as its harm.
func harmAfter(cs []Concept, chunkOf []int, befores [][]string) bool {
	cond := -1 // the chunk of the first condition
	for i, c := range cs {
		switch {
		case c.Role == RoleCondition && cond < 0:
			cond = chunkOf[i]
		case c.Role == RoleIntervention && !c.Generic:
			b := befores[chunkOf[i]]
			return cond >= 0 && cond < chunkOf[i] && (slices.Contains(b, "after") || slices.Contains(b, "following"))
		}
	}
	return false
}

// benefitWords say that what is asked about does good: "associated with lower mortality"
// asks about a benefit, not a harm.
var benefitWords = set(`reduce reduces reduced reducing reduction lower lowers lowered decrease decreases decreased
improve improves improved improving improvement better prevent prevents prevented preventing protect protects
protective protection benefit benefits beneficial effective efficacy efficacious survival remission recovery
response cure cured healing fewer less shorter smaller`)

// asksForALink reports whether a question asks whether what it names is linked to or
// causes something ("Are PPIs associated with dementia?", "Does smoking increase the risk
// of hip fracture?", "Is obesity a risk factor for …?"). Extract sets aside a question with
// a benefit word ("associated with lower mortality").
func asksForALink(toks []string) bool {
	link := givesSomeone(toks)
	for i, t := range toks {
		switch {
		case linkWords[t]:
			link = true
		case moreWords[t] && moreOfHarm(toks[i+1:]):
			link = true
		case t == "risk" && i+1 < len(toks) && (toks[i+1] == "factor" || toks[i+1] == "factors"):
			link = true
		case (t == "risk" || t == "risks") && (i+1 >= len(toks) || !riskTools[toks[i+1]]) && !atRisk(toks[:i]):
			// "antipsychotics in dementia: mortality risk?", "risk of bleeding with DOACs"
			link = true
		}
	}
	return link
}

// approaches say by which route an operation is done ("laparoscopic versus open
// appendectomy").
var approaches = set(`laparoscopic robotic robot-assisted open endoscopic endovascular percutaneous transcatheter
minimally-invasive thoracoscopic arthroscopic`)

// shareHead gives a bare approach the operation named after it, in "laparoscopic versus
// open appendectomy" or "robotic or laparoscopic hysterectomy": two operations compared,
// the first the intervention and the second its comparator, not "laparoscopic" and "open
// appendectomy".
func shareHead(cs []Concept, chunkOf []int, befores [][]string, q string) {
	for i := 0; i+1 < len(cs); i++ {
		a, b := &cs[i], &cs[i+1]
		if chunkOf[i+1] != chunkOf[i]+1 || len(a.Words) != 1 || len(b.Words) < 2 || !contrasting(a.Words[0], b.Words[0]) ||
			a.Words[0] == b.Words[len(b.Words)-1] || writtenAsAcronym(a.Words[0], q) {
			// "acupressure versus sham acupressure" names the first arm whole, and so does
			// an acronym ("PCNL vs flexible ureteroscopy", "TIPS versus large-volume
			// paracentesis"): a named procedure, not a bare approach.
			continue
		}
		sep := befores[chunkOf[i+1]]
		if !slices.ContainsFunc(sep, func(w string) bool { return w == "versus" || w == "vs" || w == "or" || w == "compared" }) {
			continue
		}
		a.Words = append(a.Words, b.Words[1:]...)
		a.Text = strings.Join(a.Words, " ")
		a.Terms = []string{a.Text}
		a.Role, b.Role = RoleIntervention, RoleComparator
		i++
	}
}

// contrasting reports whether two words can be the two arms of one comparison before a
// shared name: two routes of an operation ("laparoscopic … open"), or two modifiers with no
// role of their own ("conservative versus liberal oxygen therapy", "cemented or uncemented
// hemiarthroplasty"). Qualifiers of time or severity ("early versus delayed") are left to
// withoutBareQualifiers.
func contrasting(a, b string) bool {
	if approaches[a] && approaches[b] {
		return true
	}
	plain := func(w string) bool { return roleOf(w) == "" && !qualifierWords[w] && !Drop(w) }
	return plain(a) && plain(b)
}

// approachWords say how an operation is done; the operation's name follows.
var approachWords = set(`surgical operative`)

// operationAcronyms name an operation by its initials.
var operationAcronyms = set(`pci cabg tavi tavr ecmo ercp`)

// withoutRedundantOperationWord drops "surgery", "operation" or "procedure" after a word that
// already names the operation ("CABG surgery", "appendectomy operation"): papers write
// "CABG" or "coronary artery bypass grafting" and seldom add the word, so requiring it
// loses them.
func withoutRedundantOperationWord(c *Concept) {
	n := len(c.Words)
	if n < 2 || c.Role == RoleCondition {
		return
	}
	switch c.Words[n-1] {
	case "surgery", "surgeries", "operation", "operations", "procedure", "procedures":
	default:
		return
	}
	if prev := c.Words[n-2]; !operationAcronyms[prev] && !procedure([]string{prev}) {
		return
	}
	old := c.Text
	c.Words = c.Words[:n-1]
	c.Text = strings.Join(c.Words, " ")
	for i, t := range c.Terms {
		if t == old {
			c.Terms[i] = c.Text
		}
	}
}

// failedStates say what went wrong with an implant or an operation.
var failedStates = set(`infected failed failing painful loose loosened dislocated unstable`)

// failedDevice makes "infected TKA", "failed back surgery", "painful total knee replacement"
// a condition: the state of an implant or operation the patients have, not something given.
func failedDevice(c *Concept) {
	if c.Role == RoleIntervention && len(c.Words) > 1 && failedStates[c.Words[0]] {
		c.Role = RoleCondition
		if c.Words[0] == "failed" && IsDrugName(c.Words[len(c.Words)-1]) {
			// "has failed propranolol": the patients failed the drug, which says who they
			// are; the drug did not fail in them as an implant does.
			c.Role, c.Words = RolePopulation, c.Words[1:]
			c.Text, c.Terms = strings.Join(c.Words, " "), []string{strings.Join(c.Words, " ")}
			c.Display = "failed " + c.Text
		}
	}
}

// listed reports whether the words before a chunk only continue a list: ",", "and", "or".
func listed(before []string) bool {
	if len(before) == 0 {
		return false
	}
	for _, w := range before {
		if w != "," && w != "and" && w != "or" {
			return false
		}
	}
	return true
}

// eventsOfDisease makes a relapse, a complication or a disability an outcome when the
// question names the disease or operation it happens in ("Does lithium prevent relapse in
// manic depression?", "complications after colorectal surgery"): it is what the treatment is judged by, and a
// paper about the disease may call it a recurrence, an episode or an adverse event. Without
// another condition it stays the condition ("work disability").
func eventsOfDisease(cs []Concept) {
	disease := false
	for _, c := range cs {
		if c.Role == RoleCondition && !diseaseEvents[c.Words[len(c.Words)-1]] || c.Role == RolePopulation && procedure(c.Words) {
			// The disease, or the operation the complications follow.
			disease = true
		}
	}
	if !disease {
		return
	}
	for i := range cs {
		if c := &cs[i]; c.Role == RoleCondition && diseaseEvents[c.Words[len(c.Words)-1]] {
			c.Role = RoleOutcome
		}
	}
}

// pronounActs reports whether the question asks what "it" or "they" does after naming
// it: "Prone positioning in ARDS: does it lower mortality?", "Statins after stroke: do they
// work?".
func pronounActs(toks []string) bool {
	for i := 1; i+2 < len(toks); i++ {
		if auxiliaries[toks[i]] && (toks[i+1] == "it" || toks[i+1] == "they") && effectVerb(toks[i+2:i+3]) {
			return true
		}
	}
	return false
}

// titleSubject makes the question's first concept what is given when the question named no
// intervention: the pronoun of "does it lower …?" stands for it.
func titleSubject(cs []Concept, chunkOf []int, befores [][]string) {
	when := func(i int) bool {
		b := withoutArticles(befores[chunkOf[i]])
		return len(b) > 0 && (b[len(b)-1] == "after" || b[len(b)-1] == "following" || b[len(b)-1] == "before" || b[len(b)-1] == "during")
	}
	for i, c := range cs {
		if c.Role == RoleIntervention && !when(i) {
			return
		}
	}
	if len(cs) > 0 && cs[0].Role == RoleOther {
		// "Routine histopathology of gallbladder specimens after cholecystectomy: is it
		// necessary?": the title's subject is what is asked about, the operation after it
		// the patients' setting.
		cs[0].Role = RoleIntervention
		for i := 1; i < len(cs); i++ {
			if cs[i].Role == RoleIntervention && when(i) {
				cs[i].Role, cs[i].Setting = RolePopulation, procedure(cs[i].Words)
			}
		}
	}
}

// withoutBareQualifiers drops a concept of qualifier words alone with no role ("early"
// in "early versus delayed cholecystectomy", "chronic" cut from "chronic low back pain" by
// a vague word): it names nothing a paper must contain.
func withoutBareQualifiers(cs []Concept, chunkOf []int) ([]Concept, []int) {
	var out []Concept
	var of []int
	for i, c := range cs {
		bare := c.Role == RoleOther
		for _, w := range c.Words {
			if !qualifierWords[w] {
				bare = false
			}
		}
		if !bare {
			out = append(out, c)
			of = append(of, chunkOf[i])
		}
	}
	return out, of
}

// combination is two names joined by a slash ("sacubitril/valsartan",
// "nirmatrelvir/ritonavir"): when one of them is a drug, one product, one concept.
var combination = regexp.MustCompile(`(\p{L}{3,})/(\p{L}{3,})`)

// slashTerms are slash-joined words that name one thing outside pharmacy: the injury of
// blood returning to ischaemic tissue (MeSH Reperfusion Injury).
var slashTerms = set(`ischemia/reperfusion ischaemia/reperfusion relapsed/refractory`)

// combinations writes each slash-joined pair of names with a hyphen, the form a question's
// other combined names take ("nirmatrelvir-ritonavir"), so the pair stays one concept;
// "and/or" is left alone. slashed holds the joined words, lower-case, so that they are
// shown with their slash.
func combinations(q string) (out string, slashed map[string]bool) {
	slashed = map[string]bool{}
	out = combination.ReplaceAllStringFunc(q, func(m string) string {
		a, b, _ := strings.Cut(strings.ToLower(m), "/")
		if endsClassName(a) && classKnown(b) {
			// "ACE inhibitors/ARBs": either class, as "ACE inhibitors or ARBs".
			return strings.Replace(m, "/", " or ", 1)
		}
		if Drop(a) || Drop(b) || !IsDrugName(a) && !IsDrugName(b) && !slashTerms[a+"/"+b] {
			// "and/or"; "HIV/STD" names two things, not one product.
			return m
		}
		slashed[a+"-"+b] = true
		return strings.Replace(m, "/", "-", 1)
	})
	return out, slashed
}

// drugCaused is a drug's name joined to the harm it causes: "hydroxychloroquine-induced QT
// prolongation", "statin-associated muscle symptoms".
var drugCaused = regexp.MustCompile(`(?i)^([\p{L}\d]+)-(induced|associated|related)\b`)

// drugCausing writes a title "<drug>-induced Y …" as "<drug> causing Y …" when the question
// names no other drug, so the drug is what is asked about and Y the harm it is linked to.
// Elsewhere ("Argatroban for heparin-induced thrombocytopenia", "How common is heparin-induced
// thrombocytopenia …?") the phrase is a disease's name.
func drugCausing(q string) string {
	ms := drugCaused.FindAllStringSubmatch(q, -1)
	if len(ms) != 1 || !IsDrugName(ms[0][1]) && !classKnown(ms[0][1]) {
		return q
	}
	rest := tokenize(drugCaused.ReplaceAllString(q, " "))
	if comparative(rest) || slices.ContainsFunc(rest, func(w string) bool { return IsDrugName(w) || classKnown(w) }) {
		// Another treatment, or two compared: the question is about treating it.
		return q
	}
	return drugCaused.ReplaceAllString(q, "$1 causing")
}

// memberList is a class of drugs with its members in parentheses: "VMAT2 inhibitors
// (valbenazine, deutetrabenazine)", "antiviral prophylaxis (entecavir, tenofovir)".
var memberList = regexp.MustCompile(`([\p{L}\d-]+)\s+\(([^()]+)\)`)

// listSeparator parts the items of a list in parentheses: commas, "or", "and", slashes.
var listSeparator = regexp.MustCompile(`\s*(?:,|\bor\b|\band\b|/)\s*`)

// classHeads are the last words of a class of treatments named by what its members do.
var classHeads = set(`inhibitors inhibitor agonists agonist antagonists antagonist blockers blocker agents agent drugs
antibodies antibody analogues analogs analogue analog prophylaxis therapy therapies antivirals antibiotics biologics
medications medicines modulators modulator`)

// membersAside takes out of a question the members it lists after a class ("VMAT2
// inhibitors (valbenazine, deutetrabenazine) for tardive dyskinesia") and returns them by
// the class's last word: they say which drugs the class holds, so a paper on any of them
// answers (withNamedMembers), as a paper on any listed member of a known class does.
// Left in, a class the vocabulary does not know would lose them as an aside.
func membersAside(q string) (string, map[string][]string) {
	members := map[string][]string{}
	out := memberList.ReplaceAllStringFunc(q, func(m string) string {
		sub := memberList.FindStringSubmatch(m)
		head := strings.ToLower(sub[1])
		// A regimen named by its initials lists its drugs the same way: "BPaL (bedaquiline,
		// pretomanid, linezolid)".
		regimen := len([]rune(sub[1])) >= 3 && strings.Count(sub[2], ",") >= 1 && writtenAsAcronym(sub[1], sub[1])
		if !classHeads[head] && !regimen {
			return m
		}
		var names []string
		for _, item := range listSeparator.Split(sub[2], -1) {
			item = strings.TrimSpace(item)
			ws := strings.Fields(strings.ToLower(item))
			if len(ws) == 0 || len(ws) > 2 || !IsDrugName(ws[len(ws)-1]) && !IsDrugName(ws[0]) {
				return m
			}
			names = append(names, strings.ToLower(item))
		}
		if len(names) == 0 {
			return m
		}
		members[head] = append(members[head], names...)
		return sub[1]
	})
	return out, members
}

// withNamedMembers gives the intervention ending in a class head the members the question
// listed for it (membersAside): searched with it and matched as it.
func withNamedMembers(cs []Concept, members map[string][]string) {
	for i := range cs {
		c := &cs[i]
		if len(c.Words) == 0 || len(members[c.Words[len(c.Words)-1]]) == 0 {
			continue
		}
		if c.Role == RoleOther {
			// (A regimen the vocabulary does not know is given, as its drugs are.)
			c.Role = RoleIntervention
		}
		if c.Role != RoleIntervention && c.Role != RoleComparator {
			continue
		}
		for _, n := range members[c.Words[len(c.Words)-1]] {
			if !slices.Contains(c.Members, n) {
				c.Members = append(c.Members, n)
			}
			c.AddTerm(n)
		}
	}
}

// innerAside is a parenthesis of lower-case words between two words of a noun phrase:
// "advanced (unresectable or metastatic) melanoma" says which advanced melanoma, in words a
// paper on advanced melanoma need not use.
var innerAside = regexp.MustCompile(`(\p{L})\s+\(([\p{Ll} ,/-]+)\)\s+(\p{L})`)

// acronymAside is an acronym in parentheses after the words it stands for: "piperonyl
// butoxide (PBO) long-lasting insecticidal nets", "interferon-γ release assays (IGRAs)
// versus …". Left in, it cuts the name it follows from the rest of its phrase.
var acronymAside = regexp.MustCompile(`([\p{L}\d-]*\p{L})\s+\((\p{Lu}[\p{L}\d.-]*\p{Lu}[\p{L}\d.-]*)\)(\s+[\p{L}\d-]+)`)

// nameAside is another name in parentheses after what it names: a brand ("oseltamivir
// (Tamiflu)", "esketamine nasal spray (Spravato)"), a substance's common name ("omega-3
// (fish oil)", "vitamin B6 (pyridoxine)"), a syndrome's eponym ("infantile spasms (West
// syndrome)"). Left in, it reads as a second concept that evidence must also name; it is
// the same one's other wording (sameThingAside).
var nameAside = regexp.MustCompile(`([\p{L}\d-]*[\p{L}\d])\s+\(([\p{L}\d][\p{L}\d -]*)\)`)

// sameThingAside reports whether a nameAside match gives the words before it another name:
// one to three words that are neither a list, a comparison, an example, the patients
// ("(adults)") or a design ("(RCTs)"), nor a second drug beside a drug.
func sameThingAside(before, aside string) bool {
	ws := strings.Fields(strings.ToLower(aside))
	if len(ws) == 0 || len(ws) > 3 || IsStopword(before) {
		return false
	}
	switch ws[0] {
	case "eg", "ie", "vs", "versus", "or", "and", "with", "without", "including", "such", "n", "a", "an", "the", "in", "of", "for", "not":
		return false
	}
	specific := false
	for _, w := range ws {
		if !Drop(w) && !IsGeneric(w) && !IsBroad(w) && !pubmedStopwords[w] {
			specific = true
		}
	}
	if !specific {
		return false
	}
	b, a := strings.ToLower(before), strings.Join(ws, " ")
	if inn, ok := brandNames[a]; ok {
		// ("sacubitril/valsartan (Entresto)": the brand of the pair whose last name precedes it)
		return inn == b || slices.Contains(strings.FieldsFunc(inn, func(r rune) bool { return r == '-' || r == '/' }), b) || !IsDrugName(b)
	}
	return !(IsDrugName(b) && IsDrugName(a) && a != b && brandNames[b] != a)
}

// withoutInnerAsides drops such parentheses.
func withoutInnerAsides(q string) string {
	q = nameAside.ReplaceAllStringFunc(q, func(m string) string {
		sub := nameAside.FindStringSubmatch(m)
		if sameThingAside(sub[1], sub[2]) {
			return sub[1]
		}
		return m
	})
	return acronymAside.ReplaceAllStringFunc(innerAside.ReplaceAllString(q, "$1 $3"), func(m string) string {
		sub := acronymAside.FindStringSubmatch(m)
		if Drop(strings.ToLower(strings.TrimSpace(sub[3]))) {
			return m
		}
		return sub[1] + sub[3]
	})
}

// ageWord is an age written as one word, "52-year-old", "6-month-old", or a woman's
// pregnancies as a case gives them, "G1", "G2P1".
var ageWord = regexp.MustCompile(`^(\d+-(year|month|week|day)s?-old|g\d+(p\d+)?)$`)

// fillerWord reports whether toks[i], read with its neighbours, says no concept: a unit of a
// duration or a frequency ("for 16 hours a day", "by 60 seconds", "33 degrees"), or a lay
// verb around one ("stick with", "living with", "planning pregnancy").
func fillerWord(toks []string, i int) bool {
	if ageWord.MatchString(toks[i]) || (toks[i] == "yo" || toks[i] == "yr" || toks[i] == "yrs") && i > 0 && Drop(toks[i-1]) && toks[i-1] != "" {
		// A case's age, "52-year-old", "32 yo": who the patient is, never searched.
		return true
	}
	switch toks[i] {
	case "started", "commenced", "starting", "initiating", "initiated":
		// "… started montelukast and is having nightmares", "I was started on sertraline",
		// "Is it worth starting a statin …?", "low-dose aspirin started before 16 weeks": the
		// drug, not a start of it.
		if i > 0 && (toks[i-1] == "when" || toks[i-1] == "before" || toks[i-1] == "after" || toks[i-1] == "while" || toks[i-1] == "on") {
			// "When starting allopurinol for gout, …", "before starting biologic therapy":
			// when something else is asked about.
			return false
		}
		next := i + 1
		for next < len(toks) && (toks[next] == "a" || toks[next] == "an" || toks[next] == "the" || toks[next] == "on") {
			next++
		}
		return next < len(toks) && (IsDrugName(toks[next]) || classKnown(toks[next])) ||
			// ("pulmonary rehabilitation started soon after hospitalisation")
			i > 0 && (IsDrugName(toks[i-1]) || roleOf(toks[i-1]) == RoleIntervention)
	case "seconds", "minutes", "least", "degrees", "degree", "celsius":
		return true
	case "birth":
		// "immediately after birth", "at birth": a time, not the disease "preterm birth".
		return i > 0 && (toks[i-1] == "after" || toks[i-1] == "at" || toks[i-1] == "since" || toks[i-1] == "from")
	case "planning":
		// "women planning pregnancy" (not "family planning")
		return i+1 < len(toks) && (toks[i+1] == "pregnancy" || toks[i+1] == "conception")
	case "day", "week", "night":
		// (Not "a day case procedure", "a day hospital": a place of care by the day.)
		return i > 0 && (toks[i-1] == "a" || toks[i-1] == "per" || toks[i-1] == "each" || toks[i-1] == "every") &&
			!(i+1 < len(toks) && dayCare[toks[i+1]])
	case "stick":
		return i+1 < len(toks) && (toks[i+1] == "with" || toks[i+1] == "to")
	case "living":
		// "experience living with a colostomy" (not "living donors")
		return i+1 < len(toks) && toks[i+1] == "with"
	case "experience", "experiences":
		return i+1 < len(toks) && (toks[i+1] == "living" || toks[i+1] == "of")
	case "follow-up", "followup":
		// "over 5 years of follow-up", "at 12-month follow-up": how long, not what.
		return i > 0 && (toks[i-1] == "of" || toks[i-1] == "at" || toks[i-1] == "during" || strings.HasSuffix(toks[i-1], "-month") ||
			strings.HasSuffix(toks[i-1], "-year") || strings.HasSuffix(toks[i-1], "-week"))
	case "history":
		// "women with a history of gestational diabetes" have had it (not "family history",
		// a risk of its own, or "natural history").
		return i+1 < len(toks) && toks[i+1] == "of" && (i == 0 || toks[i-1] != "family" && toks[i-1] != "natural" && toks[i-1] != "medical")
	}
	return false
}

// dayCare follow "day" when it names care given within the day.
var dayCare = set(`case cases care surgery hospital hospitals unit units centre center clinic procedure procedures`)

// timingPair reports whether toks[i] joins two timings of one thing ("early or delayed",
// "immediate versus deferred") after a chunk of timings only.
func timingPair(toks []string, i int, cur []string) bool {
	// Only when the second timing is a word the parse drops ("delayed"): otherwise both
	// timings stay and share the head (shareHead: "immediate versus deferred stenting").
	if len(cur) == 0 || i+1 >= len(toks) || !timings[toks[i+1]] || !Drop(toks[i+1]) || slices.ContainsFunc(cur, func(w string) bool { return !timings[w] }) {
		return false
	}
	switch toks[i] {
	case "or", "versus", "vs", "and":
		return true
	}
	return false
}

var timings = set(`early late earlier later immediate delayed deferred prompt routine selective`)

// ruleOut reports whether toks[i] is part of "rule out" ("ruled out", "ruling out"): how
// a diagnostic question asks, not what it names ("Is D-dimer useful to rule out pulmonary
// embolism?"). "rule" alone stays: "the Ottawa ankle rule" names a decision rule.
func ruleOut(toks []string, i int) bool {
	rule := func(w string) bool { return w == "rule" || w == "rules" || w == "ruled" || w == "ruling" }
	switch {
	case rule(toks[i]):
		return i+1 < len(toks) && toks[i+1] == "out"
	case toks[i] == "out":
		return i > 0 && rule(toks[i-1])
	case toks[i] == "down":
		// "Do hearing aids slow down dementia?": the particle of a verb, not part of the
		// disease after it (Down syndrome is written "Down" with no verb before it).
		return i > 0 && downVerbs[toks[i-1]]
	}
	return false
}

// downVerbs take "down" as their particle.
var downVerbs = set(`slow slows slowing calm calms cut cuts cutting wind winds break breaks`)

// auxiliaries open a yes/no question ("Does metformin …?").
var auxiliaries = set(`does do did can could is are was were will would should may might has have`)

// splitGenericHead separates a generic intervention word from the words it qualifies:
// "sarcoid treatment" is the treatment of sarcoid (an open question about it), not an
// intervention named "sarcoid treatment". A therapy named by what it uses ("music therapy",
// "constraint-induced movement therapy") and a treatment named by its kind
// ("psychological treatment", "surgical management") stay one intervention: "therapy"
// after a noun names a modality, and an adjective before the head says which kind.
func splitGenericHead(cs []Concept) []Concept {
	var out []Concept
	for _, c := range cs {
		n := len(c.Words)
		if c.Role != RoleIntervention || n < 2 || !treatmentOf[c.Words[n-1]] || classKnown(c.Text) ||
			modality(c.Words[n-1], c.Words[n-2]) {
			out = append(out, c)
			continue
		}
		head := c.Words[n-1]
		mods := c.Words[:n-1]
		anyRole := false
		for _, w := range mods {
			if roleOf(w) != "" {
				anyRole = true
			}
		}
		if anyRole {
			out = append(out, c)
			continue
		}
		text := strings.Join(mods, " ")
		out = append(out, Concept{Role: RoleOther, Words: mods, Text: text, Terms: []string{text}},
			Concept{Role: RoleIntervention, Words: []string{head}, Text: head, Terms: []string{head}, Generic: true})
	}
	return out
}

// treatmentOf are the generic heads that name the treatment of what precedes them.
var treatmentOf = set(`treatment treatments therapy therapies management`)

// modality reports whether a generic head with the word before it names a kind of
// treatment rather than the treatment of something: a word before "therapy" names what it
// uses ("music therapy", "movement therapy", "herbal therapy"), and an adjective of a field
// ("psychological", "surgical": "-ical") names the kind of any head. A word of where a
// treatment stands in a course ("primary", "adjunctive", "curative", "maintenance") says
// when or how much, not what.
func modality(head, before string) bool {
	switch {
	case courseWords[before]:
		return false
	case strings.HasSuffix(before, "ical"):
		return true
	}
	return head == "therapy" || head == "therapies"
}

// courseWords say where a treatment stands in a course of care, or how much of it.
var courseWords = set(`combination maintenance rescue salvage induction consolidation bridging first-line
second-line third-line add-on step-up step-down usual standard conventional current optimal primary secondary
initial adjunctive adjunct adjuvant neoadjuvant curative definitive palliative supportive aggressive intensive
escalated de-escalated early delayed prolonged long-term short-term`)

func classKnown(text string) bool { _, ok := classOf(text); return ok }

// effectVerb reports whether the words after a question's subject ask about its effect
// ("Does X improve …", "Is X effective …", "Can X prevent …").
func effectVerb(after []string) bool {
	for i, w := range after {
		if pastEffects[w] {
			// "Has X reduced …?" acts; "Can Y be improved by X?" is acted on.
			if i == 0 || !passiveAux[after[i-1]] {
				return true
			}
			continue
		}
		switch w {
		case "good", "heal", "heals", "improve", "improves", "reduce", "reduces", "prevent", "prevents", "increase", "increases", "decrease",
			"decreases", "lower", "lowers", "affect", "affects", "help", "helps", "work", "works", "effective",
			"efficacious", "beneficial", "benefit", "protect", "protects", "treat", "treats", "cure", "cures",
			"safe", "useful", "better", "superior", "slow", "slows", "delay", "delays", "change", "alter",
			"shorten", "shortens", "hasten", "hastens", "prolong", "prolongs", "preserve", "preserves",
			"neuroprotective", "cardioprotective", "renoprotective", "protective", "harmful", "detrimental",
			"relieve", "relieves", "alleviate", "alleviates", "raise", "raises", "cause", "causes", "induce", "induces", "worsen", "worsens", "rid",
			"enable", "enables", "allow", "allows", "permit", "permits", "facilitate", "facilitates",
			// Whether a practice is needed: "Is routine drain placement necessary after
			// thyroidectomy?"
			"necessary", "needed", "required", "justified", "worthwhile", "warranted", "mandatory", "indicated",
			"impair", "impairs", "replace", "replaces", "yield", "yields", "achieve", "achieves", "cut", "cuts",
			// "Is decompression alone non-inferior to …?", "Can a general anaesthetic harm …?"
			"non-inferior", "noninferior", "inferior", "equivalent", "comparable", "harm", "harms",
			"outperform", "outperforms":
			return true
		}
	}
	return false
}

// alternativeTo reports whether the words before a chunk end with "alternative to" or
// "substitute for" (singular: one thing offered in place of another).
func alternativeTo(before []string) bool {
	before = withoutArticles(before)
	n := len(before)
	return n >= 2 && (before[n-2] == "alternative" && before[n-1] == "to" || before[n-2] == "substitute" && before[n-1] == "for")
}

// firstOther is the index of the first specific concept with no role yet, -1 when none.
func firstOther(cs []Concept) int {
	for i, c := range cs {
		if c.Role == RoleOther && !c.Generic && !c.Broad {
			return i
		}
	}
	return -1
}

// withoutArticles drops "a", "an" and "the" ("increase the risk of").
func withoutArticles(ws []string) []string {
	var out []string
	for _, w := range ws {
		// A possessive is a patient's article: "for my ingrown toenail" is "for an
		// ingrown toenail".
		if w != "a" && w != "an" && w != "the" && !possessives[w] {
			out = append(out, w)
		}
	}
	return out
}

// possessives are the determiners of whose body or illness a patient speaks.
var possessives = set(`my your his her our their`)

// actsOnObject reports whether the words between a question's subject and the next chunk
// end with an effect verb, so that the chunk is its object: "Does weight loss improve knee
// pain?" (the subject acts), not "Does mortality increase after surgery?" (the subject is
// what changes).
func actsOnObject(between []string) bool {
	return len(between) > 0 && effectVerb(between[len(between)-1:])
}

// comparing reports whether the words before a chunk introduce a comparator. "or" does
// only in a question that compares ("Is metformin or insulin better …?"); elsewhere it
// lists alternatives, each studied in its own right ("Do clopidogrel, prasugrel or
// ticagrelor improve …?").
func comparing(before []string, compares bool) bool {
	if asAs(before) {
		// "Is TAVI as good as surgical valve replacement?"
		return true
	}
	for i, w := range before {
		switch w {
		case "against":
			// "tested against placebo" sets two things side by side; "effective against
			// RSV", "protective against obesity" name what a treatment acts on.
			if i == 0 || !actsOn[before[i-1]] {
				return true
			}
		case "versus", "vs", "than", "compare", "compares", "compared", "superior", "inferior", "equivalent", "noninferior", "non-inferior",
			"outperform", "outperforms", "outperformed":
			return true
		case "instead", "rather":
			// "Antibiotics instead of appendicectomy for …"
			if i+1 < len(before) && (before[i+1] == "of" || before[i+1] == "than") {
				return true
			}
		case "relative":
			// "Does the Mediterranean diet, relative to a low-fat diet, lower …?"
			if i+1 < len(before) && before[i+1] == "to" {
				return true
			}
		case "alternative", "alternatives", "substitute", "replacement":
			// "Is dexamethasone an effective alternative to oral prednisone …?"
			if i+1 < len(before) && (before[i+1] == "to" || before[i+1] == "for") {
				return true
			}
		case "or":
			if compares {
				return true
			}
		}
	}
	return false
}

// actsOn are the words before "against" that name what a treatment acts on, not what it
// is compared with.
var actsOn = set(`effective active protective protect protects protection efficacy efficacious vaccine vaccines
vaccination immunization immunisation prophylaxis useful work works`)

// asAs reports whether words hold "as … as", an equality comparison.
func asAs(words []string) bool {
	n := 0
	for _, w := range words {
		if w == "as" {
			n++
		}
	}
	return n >= 2
}

// comparative reports whether a question asks for a comparison: a comparative word, "as …
// as", or "which".
func comparative(toks []string) bool {
	if asAs(toks) {
		return true
	}
	for _, w := range toks {
		switch w {
		case "better", "worse", "best", "superior", "inferior", "more", "less", "than", "versus", "vs", "outperform", "outperforms",
			"compare", "compares", "compared", "comparison", "prefer", "preferred", "preferable", "which", "rather":
			return true
		}
	}
	return false
}

// verbChunk is the index of the chunk a yes/no question's verb comes before: the second
// chunk, or the third when the second only says who the subject is done to ("Does physical
// restraint of ICU patients increase delirium?"); 1 otherwise.
func verbChunk(befores, words [][]string) int {
	if len(befores) > 2 {
		b := withoutArticles(befores[1])
		after := withoutArticles(befores[2])
		if !effectVerb(after) && !linksTo(after) && !predicting(after) || effectVerb(b) || linksTo(b) {
			return 1
		}
		switch {
		case len(b) == 1 && subjectPrepositions[b[0]] && roleOf(words[1][len(words[1])-1]) == RolePopulation || treatedPatients(words[1]):
			return 2
		case len(b) == 1 && b[0] == "for" && slices.ContainsFunc(after, func(w string) bool { return effectVerb([]string{w}) && !effectAdjectives[w] }):
			// "Does minimum unit pricing for alcohol reduce …?": what it is for is part of
			// the subject. (Not "Is eligibility for a protocol a good prognostic factor?",
			// where no verb acts.)
			return 2
		case len(b) == 1 && b[0] == "of" && slices.ContainsFunc(after, func(w string) bool { return rankingWords[w] }):
			// "Is normothermic machine perfusion of donor livers superior to static cold
			// storage …?": what is done, to what, ranked against another.
			return 2
		case len(b) == 1 && b[0] == "of" && linksTo(after):
			// "Is repeated heading of the ball associated with …?": what is done, of what.
			// (Not before an effect verb: in "Does route of delivery affect …?" the route
			// alone is no intervention.)
			return 2
		case len(b) == 1 && (b[0] == "after" || b[0] == "following") && procedure(words[1]):
			// "Does chewing gum after colorectal surgery shorten postoperative ileus?"
			return 2
		case len(b) == 1 && b[0] == "and" && roleOf(words[1][len(words[1])-1]) == "":
			// "Does audit and feedback improve …?": two things done together are the subject.
			return 2
		case len(b) > 1 && subjectModifiers[b[0]] && b[len(b)-1] == "of" && !slices.ContainsFunc(b[1:len(b)-1], func(w string) bool {
			return !doseWord(w) && !courseWords[w] && !numberWords[w] && !domain.AllDigits(w) && !ordinalWords[w]
		}):
			// "Can interim PET after two cycles of ABVD predict …?": when the subject is done,
			// counted in courses of a treatment, is part of the subject.
			return 2
		case len(b) > 0 && subjectModifiers[b[len(b)-1]] && !slices.ContainsFunc(b[:len(b)-1], func(w string) bool { return w != "use" && !givenWords[w] }):
			// "Does screen time before bed affect sleep …?", "Is mercury from amalgam
			// fillings linked to …?", "Does screen use before bedtime …?": when, where or whence
			// the subject acts is part of the subject; the verb comes after.
			return 2
		}
	}
	return 1
}

// givenWords say that a treatment is begun or given: "kangaroo mother care initiated before
// stabilisation".
var givenWords = set(`started initiated commenced begun given delivered administered`)

// ordinalWords count courses or weeks: "during the first week of life".
var ordinalWords = set(`first second third fourth fifth week weeks day days month months year years hour hours`)

// shownWords say that something has been found to work: "have been shown to".
var shownWords = set(`have has been shown proven proved found known to`)

// howWell reports whether a question opens "How well/accurately/reliably does …": a test's
// accuracy asked of its subject.
func howWell(toks []string) bool {
	return len(toks) > 2 && toks[0] == "how" && (toks[1] == "well" || toks[1] == "accurately" || toks[1] == "reliably") && auxiliaries[toks[2]]
}

// rankingWords rank one treatment against another.
var rankingWords = set(`superior inferior better worse non-inferior noninferior equivalent outperform outperforms`)

// predicting reports whether the words after a question's subject say it predicts, detects or
// tells apart: "Can X predict …?", "Does X detect …?".
func predicting(after []string) bool {
	return slices.ContainsFunc(after, func(w string) bool { return predictingVerbs[w] })
}

// markerHeads end the name of a measure used as a test ("waist-to-height ratio", "ankle-brachial
// index").
var markerHeads = set(`ratio index dna cfdna chain chains`)

var predictingVerbs = set(`predict predicts detect detects identify identifies diagnose diagnoses discriminate discriminates distinguish distinguishes`)

// traitWords end the name of what patients are, not what is given or done to them: "Does
// advanced maternal age increase the risk of stillbirth?", "Is the APOE e4 allele associated
// with …?" ask about a risk factor.
var traitWords = set(`age sex gender allele alleles genotype genotypes polymorphism polymorphisms variant variants
literacy status ethnicity race education income deprivation parity height`)

// subjectModifiers introduce a phrase that says when, where or whence a question's subject
// acts ("screen time before bed", "mercury from amalgam fillings").
var subjectModifiers = set(`before during from at around after following`)

// pastEffects are effect verbs in the past tense, after "Has …" or "Did …": "Has minimum
// unit pricing reduced admissions?"
var pastEffects = set(`improved reduced prevented increased decreased lowered affected changed altered shortened
worsened helped worked benefited slowed delayed`)

// passiveAux make a past participle passive: "be improved by".
var passiveAux = set(`be been being is are was were`)

// effectAdjectives are the words of effectVerb that are no verb: they say how something is
// judged, not that it acts.
var effectAdjectives = set(`good effective efficacious beneficial safe useful better superior neuroprotective
cardioprotective renoprotective protective harmful detrimental necessary needed required justified worthwhile
warranted mandatory indicated`)

// subjectPrepositions join the patients to a question's subject: "restraint of ICU
// patients", "statins in older adults".
var subjectPrepositions = set(`of in among for`)

// measuredThing are what a paper measures in patients, not gives them: "Biomarkers for
// Alzheimer disease" is no treatment.
var measuredThing = set(`biomarker biomarkers marker markers predictor predictors gene genes polymorphism polymorphisms
variant variants score scores signature signatures level levels mutation mutations`)

// asksCourse reports whether a question asks about a disease's course or frequency ("Risk
// factors for AKI after cardiac surgery", "incidence of …", "natural history of …"): an
// operation after the disease is then the setting, not something given.
func asksCourse(toks []string) bool {
	for i, t := range toks {
		switch {
		case t == "predict" && i > 0 && (toks[i-1] == "factors" || toks[i-1] == "what" || toks[i-1] == "which"):
			// "What factors predict persistent pain after knee replacement?"; not "Does
			// hippocampal atrophy on MRI predict cognitive decline?", which asks about a test.
			return true
		case t == "predictors" || t == "predictor" || t == "predicts" || t == "incidence" || t == "prevalence" || t == "prognosis" ||
			t == "natural-history" || t == "frequency":
			return true
		case t == "causes" && i > 0 && toks[i-1] == "what":
			// "What causes thrombotic microangiopathy after stem cell transplantation?"
			return true
		case t == "prognostic" && i+1 < len(toks) && (toks[i+1] == "factors" || toks[i+1] == "factor" || toks[i+1] == "value" || toks[i+1] == "markers" || toks[i+1] == "indicators"):
			return true
		case t == "risk" && i+1 < len(toks) && (toks[i+1] == "factors" || toks[i+1] == "factor"):
			return true
		}
	}
	return false
}

// titleFor reports whether a question is a title "X for <disease>": it opens with no asking
// word, and the chunk after its first is introduced by "for" alone and starts with a disease
// or a habit to stop ("Motivational interviewing for smoking cessation").
func titleFor(toks, before, next []string) bool {
	before = withoutArticles(before)
	if len(toks) == 0 || askingWords[toks[0]] || questionWords[toks[0]] || len(before) == 0 || before[0] != "for" ||
		slices.ContainsFunc(before[1:], func(w string) bool { return w == "," || !vagueWords[w] && !questionWords[w] }) {
		// "for" alone, or with a verb of what is done for the disease ("for staging …",
		// "for preventing …").
		return false
	}
	cs := split(next)
	if len(cs) == 0 {
		return false
	}
	last := cs[0].Words[len(cs[0].Words)-1]
	// A verb of what is done ("Peer support for improving retention in care", "Troponin for
	// predicting mortality") or a noun of it ("Polypill for the primary prevention of …")
	// says what the first is for, whatever follows.
	return cs[0].Role == RoleCondition || last == "cessation" || len(before) > 1 || purposeNouns[last]
}

// titleEffectOn reports whether a question is a title whose part after a colon or a dash
// asks for an effect ("Early palliative care in metastatic lung cancer: effect on quality
// of life", "… – impact on survival"): what the title opens with is what is given.
func titleEffectOn(toks []string) bool {
	if len(toks) == 0 || askingWords[toks[0]] || questionWords[toks[0]] || auxiliaries[toks[0]] {
		return false
	}
	for i := 1; i+2 < len(toks); i++ {
		if toks[i-1] == "" && (toks[i] == "effect" || toks[i] == "effects" || toks[i] == "impact" || toks[i] == "influence") && toks[i+1] == "on" {
			return true
		}
	}
	return false
}

// titleTo reports whether a question is a title "X to prevent Y": it opens with no asking
// word, and the chunk after its first is introduced by "to" and a verb of effect
// ("Scalp cooling to prevent chemotherapy-induced alopecia").
func titleTo(toks, before []string) bool {
	if len(toks) == 0 || askingWords[toks[0]] || questionWords[toks[0]] || auxiliaries[toks[0]] {
		return false
	}
	b := withoutArticles(before)
	return len(b) == 2 && b[0] == "to" && (benefitWords[b[1]] || b[1] == "increase" || b[1] == "promote" || b[1] == "treat" || b[1] == "manage")
}

// titleToTell reports whether a question is a title "X to distinguish Y": it opens with no
// asking word, and the chunk after its first is introduced by "to" and a verb of telling
// apart, finding or predicting.
func titleToTell(toks, before []string) bool {
	if len(toks) == 0 || askingWords[toks[0]] || questionWords[toks[0]] || auxiliaries[toks[0]] {
		return false
	}
	b := withoutArticles(before)
	return len(b) >= 2 && b[0] == "to" && (predictingVerbs[b[1]] || b[1] == "differentiate" || b[1] == "rule" || b[1] == "screen")
}

// titleForTelling reports whether a question is a title "X for (early) diagnosis of Y": it
// opens with no asking word, and the chunk after its first is introduced by "for" and names
// finding a disease.
func titleForTelling(toks, before, next []string) bool {
	if len(toks) == 0 || askingWords[toks[0]] || questionWords[toks[0]] || auxiliaries[toks[0]] {
		return false
	}
	b := withoutArticles(before)
	return len(b) == 1 && b[0] == "for" && slices.ContainsFunc(next, func(w string) bool {
		return w == "diagnosis" || w == "detection" || w == "prediction" || w == "triage"
	})
}

// purposeNouns say what something is put to in a title "X for the <noun> of Y".
var purposeNouns = set(`prevention treatment management`)

// switchedFrom reports whether the words before a chunk say it is what patients switch
// from: "switching from", "changing from", "converting from".
func switchedFrom(before []string) bool {
	n := len(before)
	if n < 2 || before[n-1] != "from" {
		return false
	}
	switch before[n-2] {
	case "switching", "switch", "switched", "changing", "change", "changed", "converting", "conversion", "transitioning", "moving":
		return true
	}
	return false
}

// replacing reports whether the words before a chunk end with "replacing" or "replace": in
// "Does replacing regular salt with a salt substitute reduce stroke?" what is replaced is
// the comparator and what follows "with" is given.
func replacing(before []string) bool {
	n := len(before)
	return n >= 1 && (before[n-1] == "replacing" || before[n-1] == "replace" || before[n-1] == "substituting")
}

// comparesWith reports whether the words before a chunk set it against what came before:
// "versus", "vs", "compared with", "against" (not "or", which also lists alternatives).
func comparesWith(before []string) bool {
	for i, w := range before {
		switch w {
		case "versus", "vs", "compared", "against":
			return true
		case "relative":
			if i+1 < len(before) && before[i+1] == "to" {
				return true
			}
		}
	}
	return false
}

// joinKnownNames joins two neighbouring concepts of one chunk whose words together are a
// name the vocabulary knows: "GLP-1" and "receptor agonists" are the class "GLP-1 receptor
// agonists", "high-sensitivity cardiac" and "troponin" the test "high-sensitivity cardiac
// troponin". The words' own roles cut them apart; the name says what they are together.
func joinKnownNames(cs []Concept) []Concept {
	for k := range cs {
		// "extracorporeal membrane oxygenation": a therapy's name whose words have no role.
		if role, ok := knownNameRole(cs[k].Text); ok && cs[k].Role == RoleOther && role == RoleIntervention {
			cs[k].Role = role
		}
	}
	for k := 0; k+1 < len(cs); k++ {
		words := append(slices.Clone(cs[k].Words), cs[k+1].Words...)
		role, ok := knownNameRole(strings.Join(words, " "))
		if !ok {
			continue
		}
		cs[k].Words, cs[k].Role = words, role
		cs[k].Text = strings.Join(words, " ")
		cs[k].Terms = []string{cs[k].Text}
		cs = slices.Delete(cs, k+1, k+2)
	}
	return cs
}

// knownNameRole returns the role of a name the vocabulary holds: a drug class or a drug's or
// a therapy's name is given, a test's name is a test (RoleOther until namedTest), a disease's
// name a condition.
func knownNameRole(text string) (Role, bool) {
	if classKnown(text) {
		return RoleIntervention, true
	}
	for _, g := range []struct {
		groups [][]string
		role   Role
	}{{drugSynonyms, RoleIntervention}, {therapySynonyms, RoleIntervention}, {testSynonyms, RoleOther}, {diseaseSynonyms, RoleCondition}} {
		for _, group := range g.groups {
			if slices.Contains(group, text) {
				return g.role, true
			}
		}
	}
	return "", false
}

// treatedFor makes the condition of a question that names none what a treatment is asked
// to be for: "Is there any point taking vitamin D for MS?", "What actually works for a
// cold?", "Can water tablets help with swollen legs?". Only a concept with no role of its
// own, right after "for" or "with" that follows what is given or a verb of helping.
func treatedFor(cs []Concept, chunkOf []int, befores [][]string) {
	if slices.ContainsFunc(cs, func(c Concept) bool { return c.Role == RoleCondition && !c.Generic }) {
		return
	}
	for i := range cs {
		c := &cs[i]
		if c.Role != RoleOther || c.Generic || c.Broad || i > 0 && chunkOf[i-1] == chunkOf[i] || bodyPart(c.Words) {
			continue
		}
		b := withoutArticles(befores[chunkOf[i]])
		if len(b) == 0 || b[len(b)-1] != "for" && b[len(b)-1] != "with" && !(len(b) == 2 && b[0] == "for" && treatingGerunds[b[1]]) {
			continue
		}
		if i+1 < len(cs) && chunkOf[i+1] == chunkOf[i]+1 && (onlyAnd(befores[chunkOf[i+1]]) || onlyOr(befores[chunkOf[i+1]])) {
			// "for head and neck reconstruction": half of a name cut at its "and".
			continue
		}
		given := i > 0 && (cs[i-1].Role == RoleIntervention || cs[i-1].Role == RoleComparator) && len(b) == 1 ||
			b[0] == "for" && len(b) == 2 && treatingGerunds[b[1]] // "Interventions for reducing loneliness"
		if given || slices.ContainsFunc(b, func(w string) bool {
			return w == "help" || w == "helps" || w == "work" || w == "works" || w == "good"
		}) {
			c.Role = RoleCondition
			return
		}
	}
}

// bodyPart reports whether words name only a part of the body, a person's perhaps ("my
// child's teeth", "my skin", "my hair"): what a remedy is good or bad for is then no disease,
// and no condition a paper must name.
func bodyPart(words []string) bool {
	last := words[len(words)-1]
	return bodyParts[last] || organNamed([]string{last}) && len(words) <= 2
}

// bodyParts are the parts of the body patients name that the organ names do not hold.
var bodyParts = set(`teeth tooth gums hair nails eyes eye ears ear bones joints muscles knees hips feet hands`)

// exampleOf returns how many words at toks[i] introduce an example: 1 for "like", 2 for
// "such as", 0 otherwise.
func exampleOf(toks []string, i int) int {
	switch {
	case toks[i] == "like":
		return 1
	case toks[i] == "such" && i+1 < len(toks) && toks[i+1] == "as":
		return 2
	}
	return 0
}

// hasMembers reports whether words name a drug class whose members the vocabulary lists.
func hasMembers(text string) bool {
	dc, ok := classOf(text)
	return ok && len(dc.members) > 0
}

// exampleHeads are the words a patient names a kind of medicine by before its example:
// "sleeping pills like zolpidem", "anti-inflammatory painkillers such as ibuprofen".
var exampleHeads = set(`pills pill tablets tablet painkillers painkiller medicines medicine medications medication drugs drug
inhalers inhaler creams cream injections injection jabs antidepressants antibiotics supplements remedies treatments`)

// classByExample gives a concept named as an example of a kind of medicine the class its
// drug belongs to (vocab.go), so that evidence on any member answers it: "heartburn pills
// like Nexium" asks about proton pump inhibitors, of which esomeprazole is one.
func classByExample(c *Concept) {
	if c.Role != RoleIntervention && c.Role != RoleComparator || c.Class != "" {
		return
	}
	names := append([]string{strings.ToLower(c.Text)}, synonymsOf(c.Text)...)
	for _, dc := range drugClasses {
		if dc.members == nil {
			continue
		}
		for _, n := range names {
			if slices.Contains(dc.members, n) || slices.ContainsFunc(dc.suffixes, func(suf string) bool { return strings.HasSuffix(n, suf) }) {
				dc.applyTo(c)
				return
			}
		}
	}
}

// doseWord reports whether a word only says how much or how long a drug is given: "single",
// "dose", "course", "3-day", "two-week".
func doseWord(w string) bool {
	if doseWords[w] {
		return true
	}
	n, unit, ok := strings.Cut(w, "-")
	return ok && (numberWords[n] || strings.Trim(n, "0123456789") == "") && doseUnits[strings.TrimSuffix(unit, "s")]
}

var (
	doseWords   = set(`single one dose doses dosing course courses regimen regimens short long brief full extended cycle cycles bolus loading booster`)
	numberWords = set(`one two three four five six seven eight nine ten twelve fourteen`)
	doseUnits   = set(`day week month year hour dose`)
)

// treatingGerunds say, after "for", what is done to a condition: "for reducing loneliness",
// "for preventing falls".
var treatingGerunds = set(`reducing preventing treating managing relieving alleviating`)

// symptomsOf makes what a disease brings on its outcome, not a second condition: in
// "swollen legs and breathlessness from heart failure" the disease is heart failure, and a
// paper on diuretics in heart failure answers it whether or not it says "breathlessness".
func symptomsOf(cs []Concept, chunkOf []int, befores [][]string, toks []string) {
	if asksAccuracy(toks) || tellsApart(toks) {
		// "CT for bone metastases from breast cancer", "discriminate amyloidosis from
		// hypertrophic cardiomyopathy": what a test finds, and what it is told from.
		return
	}
	for j := 1; j < len(cs); j++ {
		if cs[j].Role != RoleCondition || chunkOf[j] == chunkOf[j-1] || !causedBy(withoutArticles(befores[chunkOf[j]])) {
			continue
		}
		for i := j - 1; i >= 0 && cs[i].Role == RoleCondition; i-- {
			cs[i].Role = RoleOutcome
			if i == 0 || chunkOf[i-1] == chunkOf[i] || !onlyAnd(befores[chunkOf[i]]) {
				break
			}
		}
	}
}

// tellingApart are the verbs of a question that asks to tell one disease from another.
var tellingApart = set(`discriminate discriminating distinguish distinguishing differentiate differentiating`)

// tellsApart reports whether a question asks to tell one thing from another: a verb of
// telling apart ("differentiate IBD from IBS").
func tellsApart(toks []string) bool {
	return slices.ContainsFunc(toks, func(t string) bool { return tellingApart[t] })
}

// causedBy reports whether words end with "from", "due to", "caused by" or "secondary to".
func causedBy(b []string) bool {
	n := len(b)
	return n >= 1 && b[n-1] == "from" ||
		n >= 2 && (b[n-2] == "due" && b[n-1] == "to" || b[n-2] == "caused" && b[n-1] == "by" || b[n-2] == "secondary" && b[n-1] == "to")
}

// consumingWords are gerunds of taking something in: "eating too much salt", "drinking
// coffee". Before a substance they only say how it is taken; before a disease they are part
// of its name ("eating disorders", "drinking problems"), and kept.
var consumingWords = set(`eating drinking`)

// consuming reports whether toks[i] is a gerund of consumingWords before a substance (the
// next content word of its phrase names no disease).
func consuming(toks []string, i int) bool {
	if !consumingWords[toks[i]] || i > 0 && toks[i-1] != "" && !Drop(toks[i-1]) {
		return false
	}
	for _, t := range toks[i+1:] {
		switch {
		case t == "":
			return false
		case Drop(t):
			continue
		}
		return roleOf(t) != RoleCondition && !outcomeWords[t]
	}
	return false
}

// hasDisease reports whether a chunk follows the patients and "with", or a person and
// "has"/"have" ("children with head lice", "adults with sciatica", "my baby has colic",
// "I have tinnitus"): what follows is the disease they have.
func hasDisease(prev, before []string) bool {
	b := withoutArticles(before)
	if len(b) == 0 || len(prev) == 0 {
		return false
	}
	last := prev[len(prev)-1]
	who := roleOf(last) == RolePopulation || last == "patients" || last == "patient" || last == "people" || last == "person"
	switch b[len(b)-1] {
	case "with":
		return who && (len(b) == 1 || livingWith(b))
	case "has", "have", "had":
		return who && len(b) <= 2
	}
	return false
}

// courseOf reports whether a concept is an outcome that is the course of a disease
// ("prognosis", "mortality", "complications"), said of the disease named after "of".
func courseOf(c Concept) bool {
	if c.Role != RoleOutcome || len(c.Words) != 1 {
		return false
	}
	switch c.Words[0] {
	case "prognosis", "mortality", "survival", "complications", "course", "recurrence":
		return true
	}
	return false
}

// treatedFor2 reports whether the words before a chunk end in "for" after at most a word
// or two of use ("needed for", "effective for", "for").
func treatedFor2(before []string) bool {
	b := withoutArticles(before)
	return len(b) >= 1 && len(b) <= 3 && b[len(b)-1] == "for"
}

// livingWith reports whether the words before a chunk are "living with": what people live
// with ("a permanent colostomy") is what they have, even an operation's result.
func livingWith(before []string) bool {
	b := withoutArticles(before)
	return len(b) >= 2 && b[len(b)-1] == "with" && (b[len(b)-2] == "living" || b[len(b)-2] == "live" || b[len(b)-2] == "lives")
}

// worthDoing reports whether the words before a chunk weigh doing it: "is it worth
// (wearing)", "is it worthwhile", "is there any point (in)". ("Is volumetric analysis worth
// the effort?" weighs what comes before.)
func worthDoing(before []string) bool {
	for i := 1; i < len(before); i++ {
		switch {
		case (before[i] == "worth" || before[i] == "worthwhile") && before[i-1] == "it":
			return true
		case before[i] == "point" && i >= 2 && before[i-1] == "any" && before[i-2] == "there":
			return true
		}
	}
	return false
}

// clauseSubject reports whether a chunk opens a question after a clause that says who the
// patients are: a comma (or a dash) and then an auxiliary ("In adults with sciatica, do
// oral corticosteroids …", "My mum has Parkinson's — would dance classes …").
// A word the extractor drops may stand between ("…, does delayed cord clamping …").
func clauseSubject(before []string) bool {
	b := withoutArticles(before)
	comma := slices.Index(b, ",")
	if comma < 0 || len(b) < 2 {
		return false
	}
	for i := len(b) - 1; i > comma; i-- {
		if b[i] == "," {
			return false
		}
		if auxiliaries[b[i]] {
			// at most two words the extractor drops after the auxiliary, no second clause
			return len(b)-1-i <= 2 && !slices.ContainsFunc(b[i+1:], func(w string) bool { return auxiliaries[w] || askingWords[w] })
		}
	}
	return false
}

// onlyOr reports whether the words before a chunk join it by "or" alone.
func onlyOr(before []string) bool { return len(before) == 1 && before[0] == "or" }

// linksTo reports whether the words before a chunk ask whether the subject is linked to it
// ("Is smoking linked to …", "associated with"): the subject acts, as with an effect verb.
func linksTo(before []string) bool {
	return slices.ContainsFunc(before, func(w string) bool { return linkWords[w] }) || givesSomeone(before)
}

// givesSomeone reports whether words say, in a patient's words, that something brings on
// what follows: "give you a stroke", "make me bruise".
func givesSomeone(ws []string) bool {
	for i := 0; i+1 < len(ws); i++ {
		switch ws[i] {
		case "give", "gives", "giving", "make", "makes", "making":
			switch ws[i+1] {
			case "you", "me", "him", "her", "them", "us", "people", "someone", "anyone":
				return true
			}
		}
	}
	return false
}

// otherThan reports whether the words before a chunk open it to alternatives of what came
// before ("… or other drugs", "… and other statins", "… or another treatment").
func otherThan(before []string) bool {
	for i, w := range before {
		if (w == "other" || w == "another" || w == "similar") && i > 0 && (before[i-1] == "or" || before[i-1] == "and") {
			return true
		}
	}
	return false
}

// lastTestable is the index of the last concept that can be the test a question asks about:
// one of no role yet (not the patients, a setting or a generic word), or a measure named as
// a test ("HbA1c as a screening test"); -1 when there is none.
func lastTestable(cs []Concept) int {
	for i := len(cs) - 1; i >= 0; i-- {
		if cs[i].Role == RoleOutcome && testWords[cs[i].Words[len(cs[i].Words)-1]] {
			return i
		}
		if cs[i].Role == RoleOther && !cs[i].Generic && !cs[i].Setting {
			return i
		}
	}
	return -1
}

// harmNoun reports whether a word names an adverse outcome: "or other adverse events" lists
// harms, not treatments.
func harmNoun(w string) bool {
	for _, p := range strings.Split(w, "-") {
		switch p {
		case "adverse", "events", "effects", "side", "complications", "harms", "toxicity", "toxicities", "reactions":
			return true
		}
	}
	return false
}

// undergone reports whether the words before a chunk say the patients are undergoing it:
// "in", "during", "undergoing" just before.
func undergone(before []string) bool {
	if len(before) == 0 {
		return false
	}
	switch before[len(before)-1] {
	case "in", "during", "undergoing", "under":
		// ("awareness under general anaesthesia")
		return true
	}
	return false
}

// courseOfTreatment are treatments patients go through over weeks, during which another
// is given: "Can exercise reduce fatigue during chemotherapy?" studies exercise in patients
// on chemotherapy.
var courseOfTreatment = set(`chemotherapy radiotherapy chemoradiotherapy chemoradiation radiation dialysis haemodialysis
hemodialysis ventilation`)

// admitted reports whether words name a stay in a place of care ("intensive care unit
// admission", "hospital discharge"): a place, then the stay.
func admitted(words []string) bool {
	if len(words) < 2 {
		return false
	}
	switch words[len(words)-1] {
	case "admission", "admissions", "stay", "stays", "discharge", "hospitalisation", "hospitalization":
		return true
	}
	return false
}

// enabling reports whether the words before a chunk end with a verb of making possible
// ("enable", "allow", "permit", "facilitate", with an optional "continued").
func enabling(before []string) bool {
	for _, w := range before {
		switch w {
		case "enable", "enables", "allow", "allows", "permit", "permits", "facilitate", "facilitates":
			return true
		}
	}
	return false
}

// onlyAnd reports whether the words before a chunk are "and" alone.
func onlyAnd(before []string) bool { return len(before) == 1 && before[0] == "and" }

// afterTo reports whether a chunk follows one of heads and then "to": "refractory to
// steroids" (refractoryWords), "exposure to fine particulate matter" (exposureWords).
func afterTo(prev, before []string, heads map[string]bool) bool {
	return len(prev) > 0 && len(before) > 0 && before[len(before)-1] == "to" && heads[prev[len(prev)-1]]
}

var (
	refractoryWords = set(`refractory resistant unresponsive intolerant resistance`)
	adherenceWords  = set(`adherence non-adherence nonadherence compliance non-compliance persistence`)
	exposureWords   = set(`exposure exposures exposed`)
	misuseWords     = set(`misuse abuse overuse`)
)

// stoppingHeads stop a treatment; abusedSubstances are those whose withdrawal is a disease.
var (
	stoppingHeads    = set(`withdrawal discontinuation tapering de-escalation deprescribing`)
	abusedSubstances = set(`alcohol opioid opioids opiate opiates nicotine benzodiazepine benzodiazepines cannabis heroin
cocaine methadone buprenorphine morphine caffeine gabapentinoid gabapentinoids`)
)

// receivedBefore makes what the patients receive or live on, named before what the question
// asks is given ("In adults receiving highly emetogenic chemotherapy, does adding olanzapine
// …?"), who they are: a course of treatment they live on is their setting, which a paper must
// share. With nothing else given, what they receive is what is asked about ("Are patients
// receiving PPIs at risk of fractures?", "Are patients on dialysis at risk of …?").
func receivedBefore(cs []Concept, chunkOf []int, befores [][]string) {
	for i := range cs {
		c := &cs[i]
		b := befores[chunkOf[i]]
		if c.Role != RoleIntervention || c.Generic || !taking(b) || i > 0 && chunkOf[i-1] == chunkOf[i] ||
			chunkOf[i] == 0 || slices.ContainsFunc(b, func(w string) bool { return auxiliaries[w] }) {
			// ("Does taking paracetamol before the injection …?": the subject is given.)
			continue
		}
		course := courseOfTreatment[c.Words[len(c.Words)-1]]
		// Something given later in the question's own clause ("…, does adding olanzapine …"),
		// not listed beside it ("taking SSRIs and NSAIDs").
		later := false
		for j := i + 1; j < len(cs) && !later; j++ {
			if cs[j].Role == RoleIntervention && !cs[j].Generic && cs[j].Text != c.Text {
				// (Not the same drug named again: "… maintained on buprenorphine …, should
				// buprenorphine be continued …?")
				for k := chunkOf[i] + 1; k <= chunkOf[j]; k++ {
					// (An auxiliary opens the question's clause; "who undergo …" is still who.)
					if slices.ContainsFunc(befores[k], func(w string) bool { return auxiliaries[w] }) {
						later = true
					}
				}
			}
		}
		if later {
			c.Role, c.Setting = RolePopulation, course || procedure(c.Words)
		}
	}
}

// treatedWith reports whether a chunk's lead-in says the patients were treated with it
// before: "previously treated with", "pretreated with", "already treated with".
func treatedWith(before []string) bool {
	n := len(before)
	if n < 2 || before[n-1] != "with" {
		return false
	}
	switch before[n-2] {
	case "pretreated", "pre-treated":
		return true
	case "treated":
		return slices.ContainsFunc(before[:n-2], func(w string) bool { return w == "previously" || w == "already" || w == "heavily" })
	}
	return false
}

// countless is a chunk's lead-in words without counts and lines of therapy: "of two" is "of",
// "on first-line" is "on", "with two or more" is "with".
func countless(before []string) []string {
	count := func(w string) bool { return numberWords[w] || domain.AllDigits(w) || w == "more" }
	var out []string
	for i, w := range before {
		if count(w) || lineOfTherapy[w] || w == "prior" || w == "previous" ||
			// ("two or more")
			(w == "or" || w == "to") && i > 0 && count(before[i-1]) && i+1 < len(before) && count(before[i+1]) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// priorTherapy reports whether a concept is a drug the patients had before: one that
// failed, that the disease progressed on or withstood.
func priorTherapy(c Concept) bool {
	if c.Role != RolePopulation {
		return false
	}
	for _, lead := range []string{"failure of ", "failed ", "despite ", "previously treated with ", "uncontrolled on ", "not responding to "} {
		if strings.HasPrefix(c.Display, lead) {
			return true
		}
	}
	// The leads the loop writes from failedOn ("progressing on X") and refractoryWords
	// ("resistant to X"), read from the same lists.
	head, _, ok := strings.Cut(c.Display, " ")
	rest := strings.TrimPrefix(c.Display, head+" ")
	return ok && (failedOn[head] && strings.HasPrefix(rest, "on ") || refractoryWords[head] && strings.HasPrefix(rest, "to "))
}

// listGap reports whether only a list's separators stand between two concepts ("failed
// propranolol, topiramate and amitriptyline"), not a colon or other words ("after
// ruxolitinib failure: momelotinib, fedratinib or pacritinib?" lists what is asked about).
func listGap(q string, a, b Concept) bool {
	gap, ok := between(q, a, b)
	if !ok {
		return true
	}
	for _, w := range strings.FieldsFunc(gap, func(r rune) bool { return r == ' ' || r == ',' }) {
		if w != "and" && w != "or" {
			return false
		}
	}
	return true
}

// onsetWindow reports whether a chunk is the onset a time window is counted from: "(within
// 6 hours) of headache onset".
func onsetWindow(words, before []string) bool {
	if len(words) == 0 || len(words) > 3 || len(before) < 2 || !timeUnits[before[len(before)-2]] {
		return false
	}
	if len(words) == 1 && windowAnchors[words[0]] {
		// "within 3 hours of injury", "more than 4.5 hours after onset", "within 24 hours
		// of admission": the moment a window is counted from.
		return true
	}
	if words[len(words)-1] != "onset" {
		return false
	}
	// (Or any window from "symptom onset", "after symptom onset".)
	return before[len(before)-1] == "of" || len(words) == 2 && (words[0] == "symptom" || words[0] == "symptoms")
}

// windowAnchors are the moments a time window is counted from.
var windowAnchors = set(`onset injury admission arrival presentation diagnosis randomisation randomization`)

var timeUnits = set(`minutes minute hours hour h hrs days day weeks week months month`)

// drugFailure reads "metformin failure" as the patients' history ("second-line therapy after
// metformin failure"): what failed says who they are, and the failure is no disease of its
// own (unlike "heart failure").
func drugFailure(cs []Concept, chunkOf []int) ([]Concept, []int) {
	for i := 0; i+1 < len(cs); i++ {
		c, next := &cs[i], cs[i+1]
		if chunkOf[i] != chunkOf[i+1] || !slices.Equal(next.Words, []string{"failure"}) || c.Generic ||
			c.Role != RoleIntervention && c.Role != RolePopulation || !IsDrugName(lastWord([]Concept{*c})) && !classKnown(c.Text) {
			continue
		}
		c.Role, c.Display = RolePopulation, "failed "+c.Text
		cs, chunkOf = slices.Delete(cs, i+1, i+2), slices.Delete(chunkOf, i+1, i+2)
	}
	return cs, chunkOf
}

// withstoodAsPatients takes "resistant" or "refractory" off the end of a disease whose next
// concept says what it withstood ("polycythemia vera resistant or intolerant to hydroxyurea",
// "colorectal cancer refractory to oxaliplatin", "type 2 diabetes uncontrolled on metformin"): the drug says who the patients are, and a
// paper on them need not write the adjective after the disease's name.
func withstoodAsPatients(cs []Concept) {
	for i := 0; i+1 < len(cs); i++ {
		c, next := &cs[i], cs[i+1]
		n := len(c.Words)
		if c.Role != RoleCondition || n < 2 || !refractoryWords[c.Words[n-1]] && c.Words[n-1] != "uncontrolled" || !priorTherapy(next) && !strings.HasPrefix(next.Display, "cannot take ") {
			continue
		}
		c.Words = c.Words[:n-1]
		c.Text = strings.Join(c.Words, " ")
		c.Terms = []string{c.Text}
	}
}

// treatedBefore makes a drug named after "after" in a question that asks for treatments
// ("treatment options relapsed refractory myeloma after daratumumab", "CLL came back after
// ibrutinib, what treatments are available next?") what the patients have had: the
// treatments asked for come next, so the drug says who the patients are, not what is asked
// about. A question that names a treatment of its own ("Is rituximab effective after
// steroids …?") is left to the rules of the loop.
func treatedBefore(cs []Concept, chunkOf []int, befores [][]string) {
	if !slices.ContainsFunc(cs, func(c Concept) bool { return c.Role == RoleIntervention && c.Generic }) {
		return
	}
	after := func(i int) bool {
		b := befores[chunkOf[i]]
		return (i == 0 || chunkOf[i-1] != chunkOf[i]) && len(b) > 0 && (b[len(b)-1] == "after" || b[len(b)-1] == "following" ||
			// ("Treatments for weight regain in patients who had bariatric surgery")
			b[len(b)-1] == "had" || b[len(b)-1] == "underwent")
	}
	drug := func(c Concept) bool {
		return c.Role == RoleIntervention && !c.Generic && (IsDrugName(lastWord([]Concept{c})) || classKnown(c.Text) || procedure(c.Words))
	}
	var prior []int
	for i, c := range cs {
		switch {
		case drug(c) && after(i):
			prior = append(prior, i)
		case c.Role == RoleIntervention && !c.Generic:
			return
		}
	}
	for _, i := range prior {
		// (An operation the patients had is their setting, which a paper must share.)
		cs[i].Role, cs[i].Display, cs[i].Setting = RolePopulation, "after "+cs[i].Text, procedure(cs[i].Words)
	}
}

// taking reports whether the words before a chunk say the patients already take it: "on",
// "taking", "receiving" or "using", as in "patients on warfarin".
func taking(before []string) bool {
	if len(before) == 0 {
		return false
	}
	switch before[len(before)-1] {
	case "on", "taking", "receiving", "using", "require", "requiring", "needing", "getting":
		// ("… who require supplemental oxygen": what the patients need says who they are)
		return true
	}
	return false
}

// Procedure reports whether a concept's words name an operation ("total hip arthroplasty",
// "caesarean section"), not another setting of the patients ("dialysis patients").
func Procedure(words []string) bool { return len(words) > 0 && procedure(words) }

// procedure reports whether words name an operation: "surgery", "operation", or an
// operation's ending ("arthroplasty", "cholecystectomy"), the surgery class's own.
func procedure(words []string) bool {
	last := words[len(words)-1]
	switch last {
	case "surgery", "surgeries", "operation", "operations", "resection", "transplantation", "bypass", "replacement", "section", "sections", "repair",
		"c-section", "c-sections":
		return true
	case "delivery", "deliveries":
		// "caesarean delivery" is an operation; a delivery alone is not.
		if len(words) > 1 {
			switch words[len(words)-2] {
			case "caesarean", "cesarean", "operative":
				return true
			}
		}
	}
	if interventionalProcedures[last] || last == "intervention" && len(words) > 1 && words[len(words)-2] == "coronary" {
		return true
	}
	dc, _ := classOf("surgery")
	for _, suf := range dc.suffixes {
		if strings.HasSuffix(last, suf) {
			return true
		}
	}
	return false
}

// interventionalProcedures are procedures done through a catheter or a scope, which
// patients undergo as they do an operation: "Is aspiration thrombectomy beneficial in
// primary PCI?" asks about thrombectomy in patients having PCI, not about two treatments.
var interventionalProcedures = set(`pci ercp tavi tavr endoscopy endoscopies colonoscopy colonoscopies bronchoscopy
cystoscopy gastroscopy catheterization catheterisation`)

// excluding reports whether the words before a chunk set it aside: "besides", "except",
// "excluding", "other than".
func excluding(before []string) bool {
	for i, w := range before {
		switch {
		case w == "besides" || w == "except" || w == "excluding":
			return true
		case w == "apart" && i+1 < len(before) && before[i+1] == "from":
			// "what works for weight loss in type 2 diabetes apart from GLP-1 agonists"
			return true
		case w == "other" && i+1 < len(before) && before[i+1] == "than":
			return true
		case w == "alternatives" && i+1 < len(before) && before[i+1] == "to":
			// "Are there alternatives to opioids …?" ("an alternative to", singular, sets a
			// comparator beside what is named before it: comparing).
			return true
		}
	}
	return false
}

// notResponding reports whether the words before a chunk say the disease did not respond
// to it: "that doesn't respond to", "not responding to", "failed to respond to".
func notResponding(before []string) bool {
	n := len(before)
	if n >= 4 && before[n-1] == "to" && strings.HasSuffix(before[n-2], "ly") {
		// "who don't respond adequately to ursodiol"
		before, n = append(slices.Clone(before[:n-2]), "to"), n-1
	}
	if n < 3 || before[n-1] != "to" || !strings.HasPrefix(before[n-2], "respond") {
		return false
	}
	switch before[n-3] {
	case "not", "doesn't", "don't", "didn't", "hasn't", "haven't", "hadn't", "wasn't", "isn't", "failed", "fails", "failing", "never", "poorly":
		return true
	}
	return false
}

// addedTo reports whether the words before a chunk end in "added to", "in addition to",
// "on top of" or "add-on to".
func addedTo(before []string) bool {
	n := len(before)
	switch {
	case n >= 2 && before[n-1] == "to" && (before[n-2] == "added" || before[n-2] == "add-on" || before[n-2] == "adjunct"):
		return true
	case n >= 3 && before[n-1] == "to" && before[n-2] == "addition" && before[n-3] == "in":
		return true
	case n >= 3 && before[n-1] == "of" && before[n-2] == "top" && before[n-3] == "on":
		return true
	}
	return false
}

// controlHeads make a measure something done: "blood pressure control", "glucose lowering".
var controlHeads = set(`control lowering reduction management targets target`)

// stopsWorking reports whether the words after a treatment say it failed: "fails",
// "failed", "stops working", "no longer works", "doesn't work".
func stopsWorking(after []string) bool {
	ws := withoutArticles(after)
	if len(ws) == 0 {
		return false
	}
	switch ws[0] {
	case "fails", "failed", "fail", "stops", "stop", "stopped":
		return true
	case "no", "doesn't", "don't", "isn't", "aren't", "not":
		// ("when norad isn't enough")
		return slices.ContainsFunc(ws[1:min(len(ws), 3)], func(w string) bool {
			return w == "work" || w == "works" || w == "working" || w == "longer" || w == "enough" || w == "effective" || w == "helping"
		})
	}
	return false
}

// failedOn are the words before "on X" that say a disease went on despite X.
var failedOn = set(`progression progressing relapse relapsing failure recurrence`)

// notControlled are the words before "controlled with X" that say X failed.
var notControlled = set(`not isn't aren't wasn't weren't never poorly inadequately insufficiently no`)

// inadequateWords say a treatment did too little: "an inadequate response to methotrexate".
var inadequateWords = set(`inadequate insufficient incomplete poor partial suboptimal`)

// Lacking reports whether a concept says who the patients are by what they do not have
// ("without diabetes", "no heart disease or stroke"): a paper need not name it.
func Lacking(c Concept) bool {
	return c.Role == RolePopulation && strings.HasPrefix(c.Display, "without ")
}

// lacking reports whether the words before a chunk say the patients do not have it:
// "without", "who don't have", "if they do not have".
func lacking(before []string) bool {
	n := len(before)
	switch {
	case n == 0:
		return false
	case before[n-1] == "without" || before[n-1] == "no":
		return true
	case n >= 3 && before[n-1] == "of" && before[n-2] == "history" && (before[n-3] == "no" || before[n-3] == "without"):
		// "no history of heart disease or stroke"
		return true
	case n >= 2 && (before[n-1] == "have" || before[n-1] == "has"):
		switch before[n-2] {
		case "don't", "doesn't", "not", "never", "dont", "doesnt":
			return true
		}
	}
	return false
}

// cannotTake reports whether the words before a chunk say the patients cannot take it:
// "who can't take", "unable to tolerate", "intolerant of".
func cannotTake(before []string) bool {
	for i, w := range before {
		switch w {
		case "can't", "cannot", "cant", "unable", "couldn't", "couldnt", "not":
			// ("could not tolerate alendronate because of oesophagitis")
			if w == "not" && (i == 0 || before[i-1] != "could" && before[i-1] != "did" && before[i-1] != "does" && before[i-1] != "do") {
				continue
			}
			if slices.ContainsFunc(before[i+1:], func(v string) bool { return v == "take" || v == "tolerate" || v == "use" || v == "have" }) {
				return true
			}
		case "intolerant", "unfit", "ineligible":
			// "patients aged 75 or over who are unfit for intensive chemotherapy"
			return true
		}
	}
	return false
}

// needing reports whether the words before a chunk say the patients need it: "who need",
// "who require", "requiring", "needing".
func needing(before []string) bool {
	ws := withoutArticles(before)
	if len(ws) == 0 {
		return false
	}
	switch ws[len(ws)-1] {
	case "requiring", "needing":
		return true
	case "need", "needs", "require", "requires":
		return len(ws) > 1 && (ws[len(ws)-2] == "who" || ws[len(ws)-2] == "that")
	}
	return false
}

// setting reports whether the words before a chunk say what came before: "after",
// "following". ("during" and "before" are left alone: "blood loss during hip arthroplasty"
// is about the operation, and a setting is not required of a paper.)
func setting(before []string) bool {
	return slices.Contains(before, "after") || slices.Contains(before, "following")
}

// respondsTo reports whether the words before a chunk are "respond(s) to", "treated
// with" or an effect's "… by": in "Does catheter infection respond to ethanol lock?" what follows is what is given.
func respondsTo(before []string) bool {
	n := len(before)
	if n >= 2 && before[n-1] == "with" {
		// "Is raised intracranial pressure treated with mannitol?"
		switch before[n-2] {
		case "treated", "treat", "treating", "managed", "manage", "managing", "cured":
			return true
		}
	}
	if n >= 2 && before[n-1] == "by" {
		// "Is surgical site infection reduced by chlorhexidine?": the agent of a passive.
		switch before[n-2] {
		case "reduced", "prevented", "improved", "lowered", "increased", "decreased", "affected", "influenced",
			"caused", "induced", "altered", "modified", "alleviated", "relieved", "treated", "shortened", "prolonged":
			return true
		}
	}
	if n >= 2 && (before[n-1] == "with" || before[n-1] == "using" || before[n-1] == "by") {
		// "Should newborns be screened for heart disease with pulse oximetry?"
		for _, w := range before[:n-1] {
			switch w {
			case "screened", "tested", "diagnosed", "assessed", "evaluated", "detected", "monitored", "imaged", "examined":
				return true
			}
		}
	}
	return n >= 2 && before[n-1] == "to" && (before[n-2] == "respond" || before[n-2] == "responds")
}

// exposureOf reports whether the words before a chunk make it the thing given or done:
// "effect of", "efficacy of", "use of", "role of".
func exposureOf(before []string) bool {
	if len(before) < 2 || before[len(before)-1] != "of" {
		return false
	}
	switch before[len(before)-2] {
	case "use":
		// "the use of X in …" gives X; "reduce the use of dental services" measures it.
		return !effectVerb(before[:len(before)-2])
	case "effect", "effects", "efficacy", "effectiveness", "impact", "role", "benefit", "benefits", "safety", "influence",
		// "Does early introduction of peanut in infancy prevent peanut allergy?"
		"introduction", "introducing":
		return true
	}
	return false
}

// enrich gives a concept what the vocabulary knows of it: a drug class's or a disease
// category's name, MeSH heading and members, a drug's other names; and marks a concept made
// only of broad words.
func enrich(c *Concept) {
	if dc, ok := classOf(c.Text); ok {
		if c.Role != RoleComparator && c.Role != RolePopulation && c.Role != RoleOutcome {
			// A class word is given, unless the question set it against the intervention
			// ("… better than statins?"), made it the patients' setting ("after surgery") or
			// part of the outcome ("adherence to oral anticoagulants").
			c.Role = RoleIntervention
		}
		c.Generic = false
		dc.applyTo(c)
	}
	if dc, ok := categoryOf(c.Text); ok {
		if c.Role != RolePopulation {
			// (Not "… but no heart disease": what the patients do not have says who they are.)
			c.Role = RoleCondition
		}
		c.Generic = false
		c.Class = dc.category
		c.Members = append([]string(nil), dc.members...)
		c.AddMeSH(dc.mesh)
	}
	if bare := withoutRegimen(c.Text); c.Role == RoleIntervention && bare != strings.ToLower(c.Text) {
		// A paper about aspirin at 150 mg is about "low-dose aspirin" whether or not it
		// says "low-dose": the drug is matched and searched without its regimen too.
		c.AddTerm(bare)
		for _, syn := range synonymsOf(bare) {
			// "Lamisil tablets" is terbinafine.
			c.AddTerm(syn)
		}
	}
	for _, syn := range synonymsOf(c.Text) {
		c.AddTerm(syn)
	}
	if fixed := respelled(c.Words); fixed != "" {
		// Searched and matched by the spelling the literature uses, and by its other names.
		c.Respelled = fixed
		c.AddTerm(fixed)
		for _, syn := range synonymsOf(fixed) {
			c.AddTerm(syn)
		}
	}
	if v := spellingVariant(c.Text); v != "" {
		c.AddTerm(v)
	}
	if len(c.Words) == 2 && c.Words[1] == "prevention" && (c.Words[0] == "primary" || c.Words[0] == "secondary" || c.Words[0] == "tertiary") {
		// "Statins for primary prevention of cardiovascular events": which patients a
		// preventive treatment is for, said of every such paper, never a disease of its own.
		c.Generic = true
	}
	broad := len(c.Words) > 0
	for _, w := range c.Words {
		if !IsBroad(w) && !generic[w] {
			broad = false
		}
	}
	c.Broad = broad && !c.Generic
}

// kindOf says what the question asks: about a named intervention, which interventions
// (a generic class word only: "What drugs …?"), or neither.
func kindOf(s Set) domain.QuestionKind {
	open := false
	for _, c := range s.Concepts {
		if c.Role == RoleIntervention {
			if !c.Generic {
				return domain.QuestionIntervention
			}
			open = true
		}
	}
	if open {
		return domain.QuestionOpen
	}
	return domain.QuestionOther
}

// whichKind makes the kind of treatment a "which" question asks for a class word when the
// vocabulary knows no class by that name: "Which analgesics give the best pain relief after
// caesarean section?", "Which rehabilitation interventions improve upper limb function
// after stroke?" ask which treatments of that kind work, and a paper on intrathecal morphine
// answers the first though it never says "analgesic". A class the vocabulary knows
// ("Which statins …") keeps its members.
func whichKind(cs []Concept, toks []string) {
	if tail := afterLabel(toks); tail != nil {
		toks = tail // "Dietitian: what dietary approaches …?"
	}
	if len(toks) < 2 || toks[0] != "which" && toks[0] != "what" || len(cs) == 0 {
		return
	}
	c := slices.IndexFunc(cs, func(c Concept) bool { return c.Role == RoleIntervention && c.Words[0] == toks[1] })
	if c < 0 {
		return
	}
	// "what dietary approaches", "which surgical options": the kind of treatment is said
	// by the word after it.
	kindNoun := 1+len(cs[c].Words) < len(toks) && kindNouns[toks[1+len(cs[c].Words)]]
	last := cs[c].Words[len(cs[c].Words)-1]
	if cs[c].Generic || cs[c].Class != "" || IsDrugName(last) || !strings.HasSuffix(last, "s") && !(len(toks) > 2 && toks[2] == "should") && !kindNoun {
		return
	}
	others := slices.Concat(cs[:c], cs[c+1:])
	if !slices.ContainsFunc(others, func(o Concept) bool { return o.Role == RoleCondition && !o.Generic || o.Setting }) {
		return // "Which vaccines …" with no disease or operation says what is asked about
	}
	cs[c].Generic = true
}

// kindNouns say that the words before them name a kind of treatment, not one treatment.
var kindNouns = set(`approaches strategies options interventions measures methods techniques modalities`)

// askingWords open a question that asks for something: "What drugs …", "Which
// treatments …", "Are there therapies …", "Is there a drug …" ("is" and "are" only before
// "there"), "Any treatment …".
var askingWords = set(`what which are is any list name how`)

// asksForTreatments reports whether a question with a class word of treatments asks for
// them: it opens with an asking word, the class word is what it names first ("Treatments
// for long COVID?", "Drug repurposing for ALS"), or it is a search typed as keywords, with
// no auxiliary verb ("long covid fatigue treatment").
func asksForTreatments(toks []string, cs []Concept) bool {
	if tail := afterLabel(toks); tail != nil {
		toks = tail // "In settings without …, what are the most effective treatments …?"
	}
	for i, t := range toks {
		if t != "" {
			if askingWords[t] && (t != "is" && t != "are" || i+1 < len(toks) && toks[i+1] == "there") {
				// "Is there a drug …" asks; "Is duration of psychological treatment …" does not.
				return true
			}
			break
		}
	}
	if len(cs) > 0 && cs[0].Generic && cs[0].Role == RoleIntervention && !subjectModifiers[toks[0]] {
		// (Not "After first-line therapy, when do patients … relapse?": what came before.)
		return true
	}
	return !slices.ContainsFunc(toks, func(t string) bool { return auxiliaries[t] })
}

// treatingWords say that something is treated or managed.
var treatingWords = set(`treat treated treating manage managed managing management managment handle handled prevent
prevented avoid avoided stop rid cure ease relieve`)

// asksHowToTreat reports whether a question asks how to treat what it names without naming
// a treatment: "How should X be treated?", "How can X be prevented?", "How to manage X?",
// "What can be done for X?", "What are the options for X?", or a title "Management of X",
// "Best management of X". "How often" and "how many"
// ask how common a treatment is, not which.
func asksHowToTreat(toks []string) bool {
	if tail := afterLabel(toks); tail != nil && asksHowToTreat(tail) {
		// "Occupational health: what can be done to reduce needlestick injuries?"
		return true
	}
	if i := slices.Index(toks, ""); i > 0 && i <= 3 && i+1 < len(toks) && (toks[i+1] == "optimal" || toks[i+1] == "management" || toks[i+1] == "treatment") &&
		asksHowToTreat(toks[i+1:]) {
		// "Guideline question: optimal management of postpartum haemorrhage …?"
		return true
	}
	for i, t := range toks {
		if i > 0 && (t == "what" || t == "how") && toks[i-1] != "" && !Drop(toks[i-1]) && asksHowToTreat(toks[i:]) {
			// Typed without a stop: "restless legs at night what can i take", "gout flare at
			// home what works fastest".
			return true
		}
		if t == "" && i > 0 && i+1 < len(toks) && (toks[i+1] == "what" || toks[i+1] == "how" || toks[i+1] == "is" || toks[i+1] == "are" || toks[i+1] == "can" || toks[i+1] == "any") &&
			asksHowToTreat(toks[i+1:]) {
			// Context, then the question: "My 2 year old has severe eczema that isn't
			// controlled with steroid creams. What else can we try?", "… alarm didn't
			// work. What next?"
			return true
		}
	}
	var ws []string
	for _, t := range toks {
		if t != "" {
			ws = append(ws, t)
		}
	}
	if len(ws) < 2 {
		return false
	}
	switch ws[0] {
	case "how":
		if ws[1] == "often" || ws[1] == "many" || ws[1] == "much" || ws[1] == "common" || ws[1] == "frequently" {
			return false
		}
		if (ws[1] == "do" || ws[1] == "does") && len(ws) > 2 && (roleOf(ws[2]) == RolePopulation || practitioners[ws[2]]) {
			// "How do general practitioners manage acute low back pain?" asks how practice is
			// done, not which treatments work.
			return false
		}
		if ws[1] == "to" && len(ws) > 2 && ws[2] == "help" {
			// "how to help a toddler with constipation"
			return true
		}
		if ws[1] == "can" || ws[1] == "could" || ws[1] == "should" || ws[1] == "to" {
			// "How can hospitals reduce door-to-needle time …?", "How can we increase uptake of
			// HPV vaccination …?": ways to do better.
			if slices.ContainsFunc(ws, func(w string) bool { return benefitWords[w] || w == "increase" || w == "boost" || w == "promote" }) {
				return true
			}
		}
		return slices.ContainsFunc(ws, func(w string) bool { return treatingWords[w] })
	case "management", "managment", "managing", "treating", "treatment":
		return true
	case "non-pharmacological", "nonpharmacological", "non-pharmacologic", "nonpharmacologic", "pharmacological", "medical",
		"surgical", "conservative", "optimal", "current", "non-drug":
		// "Non-pharmacological management of agitation in dementia" ("Pharmacological
		// options for …" is read below)
		if ws[1] == "management" || ws[1] == "treatment" || ws[1] == "treatments" || ws[1] == "therapy" {
			return true
		}
	case "options":
		// "options for smoking cessation in people with schizophrenia", "options to prevent …"
		if ws[1] == "for" || ws[1] == "to" && (treatingWords[ws[2%len(ws)]] || benefitWords[ws[2%len(ws)]]) {
			return true
		}
	case "approaches", "strategies", "ways", "interventions", "evidence-based":
		// "Approaches to managing burnout among hospital doctors", "Evidence-based
		// approaches to managing …", "options to prevent contrast nephropathy"
		at := 1
		if ws[0] == "evidence-based" {
			at = 2
		}
		if len(ws) > at+1 && (ws[at] == "to" || ws[at] == "for") && (treatingWords[ws[at+1]] || benefitWords[ws[at+1]] || ws[at+1] == "increase" || ws[at+1] == "promote") {
			return true
		}
	case "best":
		// "best management of acute gout", "best treatment for …", "Best ways to prevent …"
		if treatingWords[ws[1]] || ws[1] == "tx" || kindNouns[ws[1]] || ws[1] == "ways" || ws[1] == "way" || ws[1] == "things" || ws[1] == "thing" {
			return true
		}
	case "effective", "successful", "proven":
		// "effective strategies to reduce antibiotic prescribing …"
		return len(ws) > 2 && asksHowToTreat(ws[1:])
	case "what", "which":
		if ws[0] == "what" && (slices.Contains(ws[1:min(3, len(ws))], "else") ||
			(ws[1] == "next" || ws[1] == "now") && len(toks) > 1 && toks[1] == ws[1] && (len(toks) == 2 || toks[2] == "")) {
			// "… isn't controlled with steroid creams. What else can we try?"
			return true
		}
		if ws[0] == "what" && (ws[1] == "reverses" || ws[1] == "relieves" || ws[1] == "treats" || ws[1] == "cures" ||
			benefitWords[ws[1]] && strings.HasSuffix(ws[1], "s") && ws[1] != "benefits") {
			// "What reverses DOAC-associated bleeding?", "What reduces readmissions in …?":
			// whatever does it is asked for (not "What causes …?", "What predicts …?").
			return true
		}
		for i := 1; i < len(ws) && i <= 4; i++ {
			switch ws[i] {
			case "done", "options", "option", "works", "work", "helps", "help", "management", "treatment", "alternatives":
				return true
			case "strategies", "approaches", "measures", "ways", "agents":
				// "What strategies reduce delirium after hip fracture surgery?", "Which
				// pharmacological agents prevent migraine …?", "Which measures most effectively
				// control …?"; not "What agents cause …?".
				j := i + 1
				for j < len(ws) && (ws[j] == "most" || ws[j] == "best" || strings.HasSuffix(ws[j], "ly") || shownWords[ws[j]]) {
					// (also "What approaches have been shown to relieve …?")
					j++
				}
				if j < len(ws) && (effectVerb(ws[j:j+1]) && (ws[i] != "agents" || benefitWords[ws[j]]) || treatingWords[ws[j]] || ws[j] == "control" || ws[j] == "controls") {
					return true
				}
			case "used":
				// "… infections: what can be used to treat them?"
				if i+2 < len(ws) && ws[i+1] == "to" && treatingWords[ws[i+2]] || i >= 2 && ws[i-1] == "be" && i+1 < len(ws) && ws[i+1] == "for" {
					return true
				}
			case "do":
				// "What can I do for piles?", "What to do about …"; not "What outcomes do
				// adults with phenylketonuria have?".
				if i+1 == len(ws) || ws[i+1] == "for" || ws[i+1] == "about" || ws[i+1] == "to" || ws[i-1] == "can" || ws[i-1] == "to" || ws[i-1] == "should" {
					return true
				}
			case "take", "use", "give", "try", "offer", "given", "offered", "prescribed", "recommended":
				// "What can I take for dry mouth …?", "What should we give for …?", "what can a
				// GP offer for …", "what can be given for …"
				// ("My 7 year old has had bedwetting for years, what can we try?", "what to try
				// when triptans stop working")
				if i >= 2 && slices.ContainsFunc(ws[1:i], func(w string) bool { return w == "can" || w == "should" || w == "could" || w == "to" }) &&
					(i+1 < len(ws) && (ws[i+1] == "for" || ws[i+1] == "when" || ws[i+1] == "if" || ws[i+1] == "instead") ||
						i+1 == len(ws) && (ws[i] == "try" || ws[i] == "take" || ws[i] == "use")) {
					return true
				}
			case "thing", "things", "remedy", "remedies", "cure", "cures":
				// "What's the best thing for piles?"
				if i+1 < len(ws) && (ws[i+1] == "for" || ws[i+1] == "to") {
					return true
				}
			}
		}
	case "anything", "something":
		// "anything that helps long covid brain fog?"
		return slices.ContainsFunc(ws[1:], func(w string) bool {
			return w == "helps" || w == "help" || w == "works" || w == "work" || treatingWords[w]
		})
	case "can", "does", "do", "could", "will":
		// "Can anything prevent post-herpetic neuralgia?"
		if ws[1] == "anything" || ws[1] == "something" {
			return true
		}
	case "is", "are":
		// "Is there a cure for tinnitus?", "Is there anything that can get rid of …?"
		if ws[1] != "there" {
			break
		}
		for i := 2; i < len(ws) && i <= 4; i++ {
			switch ws[i] {
			case "cure", "cures", "remedy", "remedies":
				return true
			case "anything", "something", "way", "ways":
				return slices.ContainsFunc(ws, func(w string) bool {
					// ("… that can make tinnitus go away?")
					return treatingWords[w] || w == "help" || w == "helps" || w == "works" || w == "work" || w == "away"
				})
			}
		}
	}
	// "Best evidence for treating plantar warts in children"
	if ws[0] == "evidence" || ws[0] == "best" && ws[1] == "evidence" {
		for i := 1; i+1 < len(ws) && i <= 3; i++ {
			if ws[i] == "for" && (treatingWords[ws[i+1]] || ws[i+1] == "treating" || ws[i+1] == "preventing") {
				return true
			}
		}
	}
	// "pharmacological options for agitation in dementia"
	for i := 0; i+1 < len(ws); i++ {
		if (ws[i] == "options" || ws[i] == "option") && (ws[i+1] == "for" || ws[i+1] == "after") || ws[i] == "best" && (treatingWords[ws[i+1]] || ws[i+1] == "tx") {
			return true
		}
	}
	// "What is the most effective way to manage a scabies outbreak?"
	if ws[0] == "what" {
		for i := 1; i+2 < len(ws) && i <= 6; i++ {
			if (ws[i] == "way" || ws[i] == "ways") && ws[i+1] == "to" && treatingWords[ws[i+2]] {
				return true
			}
		}
	}
	// "prevention of contrast-induced nephropathy - what works?"
	if n := len(ws); n > 2 && ws[n-2] == "what" && (ws[n-1] == "works" || ws[n-1] == "helps") {
		return true
	}
	// Keywords that end with what is asked for: "trigeminal neuralgia management",
	// "hidradenitis suppurativa tx options".
	if !auxiliaries[ws[0]] && !askingWords[ws[0]] {
		switch ws[len(ws)-1] {
		case "management", "managment", "options", "tx":
			return true
		}
	}
	return false
}

// practitioners are who practise: "How do general practitioners manage …?"
var practitioners = set(`general gps gp clinicians doctors physicians surgeons nurses midwives pharmacists hospitals dentists`)

// afterLabel returns the words after a label or an opening phrase and its colon or comma
// ("Dietitian: what …", "Carbapenem-resistant Acinetobacter baumannii infections: what …",
// "In settings without access to blood transfusion, what …"), nil when the question opens
// with none.
func afterLabel(toks []string) []string {
	for i, t := range toks {
		if t == "" {
			if i == 0 || i > 8 || i+1 >= len(toks) || !askingWords[toks[i+1]] {
				return nil
			}
			return toks[i+1:]
		}
	}
	return nil
}

func joinTexts(cs []Concept) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Text
	}
	return strings.Join(parts, ", ")
}

// tokenize lower-cases the question and returns its words; "" marks punctuation that ends
// a phrase (comma, question mark, parentheses, slash...). Internal hyphens, apostrophes and
// dots between digits are kept ("covid-19", "alzheimer's", "2.5").
func tokenize(q string) []string {
	var out []string
	orig := []rune(q)
	rs := []rune(strings.ToLower(q))
	if len(rs) != len(orig) {
		orig = rs // a letter whose lower case has another length: no cases to read
	}
	var b strings.Builder
	emit := func() {
		if b.Len() > 0 {
			w := strings.Trim(b.String(), "-'’.")
			w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
			if w != "" {
				out = append(out, w)
			}
			b.Reset()
		}
	}
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case (r == '-' || r == '–' || r == '\'' || r == '’' || r == '.') && b.Len() > 0 && i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1])):
			if r == '.' && !(i > 0 && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1])) {
				emit()
				out = append(out, "")
				continue
			}
			if r == '–' {
				// "elexacaftor–tezacaftor–ivacaftor": an en dash between letters joins a
				// combination as a hyphen does.
				r = '-'
			}
			b.WriteRune(r)
		case r == '/' && targetSlash(b.String(), rs[i+1:]):
			// "CDK4/6", "JAK1/2", "PD-1/PD-L1", "IL-12/23": one target or a pair of
			// targets named as one class, a word as its hyphenated forms are.
			b.WriteRune('-')
		case unicode.IsSpace(r):
			emit()
		case r == '.' && b.Len() == 1 && (i < 2 || !unicode.IsLetter(rs[i-2])) && i+2 < len(rs) && unicode.IsSpace(rs[i+1]) && unicode.IsLower(orig[i+2]):
			// "C. diff", "E. coli", "H. pylori": a genus by its initial, not a sentence's end.
			emit()
		default:
			emit()
			out = append(out, "")
		}
	}
	emit()
	return out
}

// targetSlash reports whether a slash after left joins the names of molecular targets:
// left has a letter and ends in a digit ("cdk4", "pd-1", "il-12") and the word after the
// slash is a number or at most three letters and a number ("6", "pd-l1", "il-13"). Doses
// ("5/325") and fractions have no letter; "covid-19/sars-cov-2" and "her2/neu" are two names.
func targetSlash(left string, rest []rune) bool {
	if left == "" || !unicode.IsDigit(rune(left[len(left)-1])) || !strings.ContainsFunc(left, unicode.IsLetter) {
		return false
	}
	letters := 0
	for _, r := range rest {
		switch {
		case unicode.IsDigit(r):
			return true
		case r == '-':
		case unicode.IsLetter(r) && letters < 3:
			letters++
		default:
			return false
		}
	}
	return false
}

// fixedPhrases are fixed biomedical terms with a stopword inside (most are MeSH headings):
// cut at their "of" or "in" they become two concepts of half a meaning each ("physician
// quality" AND "life assessment"), which no paper states.
var fixedPhrases = [][]string{
	{"quality", "of", "life"}, {"quality", "of", "care"}, {"length", "of", "stay"}, {"activities", "of", "daily", "living"},
	{"range", "of", "motion"}, {"standard", "of", "care"}, {"cause", "of", "death"}, {"causes", "of", "death"},
	{"loss", "of", "consciousness"}, {"loss", "of", "heterozygosity"}, {"tetralogy", "of", "fallot"},
	{"theory", "of", "mind"}, {"point", "of", "care"}, {"in", "vitro", "fertilization"}, {"in", "vitro", "fertilisation"},
	{"carcinoma", "in", "situ"}, {"common", "cold"}, {"sudden", "cardiac", "death"}, {"sudden", "cardiac", "arrest"},
	{"neonatal", "abstinence", "syndrome"}, {"neonatal", "opioid", "withdrawal", "syndrome"},
	{"overactive", "bladder"}, {"undescended", "testis"}, {"undescended", "testes"}, {"delayed", "graft", "function"},
	{"rapid", "diagnostic", "test"}, {"dry", "socket"}, {"false", "positive"}, {"false", "negative"},
	{"eosinophilic", "granulomatosis", "with", "polyangiitis"}, {"granulomatosis", "with", "polyangiitis"}, {"critical", "illness"},
	{"cognitive", "behavioural", "therapy"}, {"cognitive", "behavioral", "therapy"},
	{"heart", "failure", "with", "preserved", "ejection", "fraction"}, {"heart", "failure", "with", "reduced", "ejection", "fraction"},
	{"watchful", "waiting"}, {"hearing", "loss"}, {"vision", "loss"}, {"weight", "loss", "surgery"}, {"weight", "loss"}, {"blood", "loss"},
	{"major", "adverse", "cardiovascular", "events"}, {"major", "adverse", "cardiac", "events"},
	{"extubation", "failure"}, {"failed", "extubation"}, {"unplanned", "extubation"}, {"accidental", "extubation"},
	{"medical", "therapy"}, {"medical", "treatment"}, {"medical", "management"}, {"shift", "work"},
	{"induction", "of", "labour"}, {"induction", "of", "labor"}, {"comprehensive", "geriatric", "assessment"},
	{"surgical", "site", "infection"}, {"surgical", "site", "infections"}, {"failed", "back", "surgery", "syndrome"},
	{"renal", "replacement", "therapy"}, {"glue", "ear"}, {"otitis", "media", "with", "effusion"},
	{"people", "who", "inject", "drugs"}, {"people", "who", "use", "drugs"}, {"sore", "throat"},
	{"postoperative", "nausea", "and", "vomiting"}, {"apnoea", "of", "prematurity"}, {"apnea", "of", "prematurity"},
	{"stone", "passage"}, {"side", "effects"}, {"adverse", "effects"}, {"adverse", "events"}, {"adverse", "reactions"},
	{"jet", "lag"}, {"low", "back", "pain"}, {"tai", "chi"}, {"restless", "legs"}, {"natural", "history"},
	{"mild", "cognitive", "impairment"}, {"cognitive", "impairment"}, {"c", "diff"},
	{"pressure", "injuries"}, {"pressure", "injury"}, {"pressure", "ulcers"}, {"pressure", "ulcer"},
	{"timed", "up", "and", "go"},
	// A patient's names of a diagnosis by a raised measure: "high" is otherwise a vague word.
	{"high", "blood", "pressure"}, {"high", "cholesterol"},
	// What fertility treatment is for: not a disease ("Does endometrial scratching increase
	// live birth?" asks about a benefit).
	{"live", "birth"}, {"clinical", "pregnancy"}, {"ongoing", "pregnancy"},
	// Who the infants are by their weight at birth; a poisoning by a metal, not a verb.
	{"harm", "reduction"}, {"particulate", "matter"}, {"strep", "throat"}, {"premature", "ejaculation"},
	{"harmful", "drinking"}, {"hazardous", "drinking"}, {"binge", "drinking"}, {"very", "low", "birth", "weight"}, {"extremely", "low", "birth", "weight"}, {"low", "birth", "weight"}, {"lead", "poisoning"},
	// A site, a stone's kind, a symptom and a change on the ECG named in two words.
	{"head", "and", "neck"}, {"calcium", "oxalate"}, {"dry", "mouth"}, {"qt", "prolongation"},
	{"red", "flags"}, {"red", "flag"}, {"bowel", "preparation"}, {"bowel", "prep"}, {"iron", "overload"},
	// Rehabilitation of an organ's disease is one programme, not the organ's disease.
	{"pulmonary", "rehabilitation"}, {"cardiac", "rehabilitation"},
	// Behavioural, nursing and public-health interventions named in two or three words.
	{"motivational", "interviewing"}, {"kangaroo", "mother", "care"}, {"kangaroo", "care"}, {"skin", "to", "skin", "contact"},
	{"cash", "transfers"}, {"cash", "transfer"}, {"minimum", "unit", "pricing"}, {"audit", "and", "feedback"},
	{"medication", "adherence"}, {"medication", "non-adherence"}, {"medication", "nonadherence"}, {"treatment", "adherence"},
	// A programme on how drugs are prescribed, not the drugs.
	{"antibiotic", "stewardship"}, {"antimicrobial", "stewardship"},
	// Lay names of diseases (diseaseSynonyms): "blood clots" is no clot of blood products.
	{"irritable", "bowel"}, {"smoking", "weed"},
	{"head", "lice"}, {"frozen", "shoulder"}, {"hot", "flushes"}, {"hot", "flashes"}, {"hot", "flush"}, {"hot", "flash"},
	{"blood", "clots"}, {"blood", "clot"}, {"cold", "sores"}, {"cold", "sore"}, {"family", "therapy"}, {"irregular", "heartbeat"}, {"swollen", "legs"},
	{"heavy", "periods"}, {"bad", "back"}, {"pressure", "garments"}, {"retinopathy", "of", "prematurity"}, {"lower", "back", "pain"}, {"tennis", "elbow"}, {"living", "at", "home"}, {"cardiac", "resynchronisation", "therapy"}, {"cardiac", "resynchronization", "therapy"}, {"negative", "predictive", "value"}, {"positive", "predictive", "value"},
	{"major", "cardiovascular", "events"}, {"enhanced", "recovery", "after", "surgery"}, {"exercise", "intolerance"}, {"intensive", "care", "patients"}, {"intensive", "care", "unit", "patients"}, {"sudden", "infant", "death", "syndrome"}, {"cot", "death"},
	{"later", "in", "life"}, {"gone", "away"}, {"blood", "pressure", "tablets"}, {"blood", "pressure", "pills"},
	{"blood", "pressure", "medication"}, {"blood", "pressure", "medications"}, {"blood", "pressure", "medicine"}, {"blood", "pressure", "medicines"}, {"night", "sweats"}, {"dry", "eye"}, {"dry", "eyes"}, {"toenail", "fungus"}, {"nail", "fungus"},
	{"stomach", "bug"}, {"stomach", "flu"}, {"tummy", "bug"}, {"throwing", "up"}, {"hay", "fever"}, {"pink", "eye"},
	{"athlete", "foot"}, {"athletes", "foot"}, {"morning", "sickness"}, {"period", "pain"}, {"period", "pains"},
	{"kidney", "stones"}, {"kidney", "stone"}, {"underactive", "thyroid"}, {"overactive", "thyroid"}, {"whooping", "cough"},
	{"chicken", "pox"}, {"lazy", "eye"}, {"water", "infection"}, {"bladder", "infection"},
	{"stool", "transplant"}, {"faecal", "transplant"}, {"fecal", "transplant"}, {"keeps", "coming", "back"}, {"every", "time"}, {"each", "time"},
	{"keep", "anything", "down"}, {"keep", "food", "down"}, {"keep", "it", "down"}, {"keep", "fluids", "down"}, {"keep", "things", "down"},
	{"wake", "me", "up"}, {"wakes", "me", "up"}, {"waking", "me", "up"}, {"wake", "up"}, {"waking", "up"},
	{"every", "day"}, {"every", "night"}, {"every", "week"}, {"every", "morning"},
	{"leaking", "urine"}, {"night", "time"},
	{"tooth", "decay"}, {"dental", "decay"}, {"car", "crashes"}, {"car", "crash"}, {"car", "accidents"}, {"car", "accident"},
	// Anatomy named with a comparative's word: "inferior" here is no comparison.
	{"inferior", "alveolar", "nerve", "block"}, {"inferior", "alveolar", "nerve"}, {"inferior", "vena", "cava"},
	{"nerve", "block"}, {"nerve", "blocks"}, {"plane", "block"}, {"plane", "blocks"}, {"superior", "vena", "cava"},
	{"superior", "mesenteric", "artery"}, {"erector", "spinae"}, {"wetting", "the", "bed"}, {"bed", "wetting"},
	{"first", "line"}, {"second", "line"}, {"third", "line"}, {"fourth", "line"}, {"fifth", "line"}, {"later", "line"}, {"next", "line"}, {"front", "line"}, {"last", "line"}, {"hearing", "aids"}, {"hearing", "aid"},
	{"adverse", "drug", "reactions"}, {"adverse", "drug", "reaction"}, {"adverse", "drug", "events"}, {"adverse", "drug", "event"},
	{"usual", "care"}, {"standard", "care"}, {"surgical", "safety", "checklist"}, {"flail", "chest"}, {"speech", "and", "language", "therapy"}, {"speech", "and", "language", "therapists"},
	{"radiation", "proctitis"}, {"radiation", "pneumonitis"}, {"radiation", "dermatitis"}, {"radiation", "enteritis"},
	{"radiation", "cystitis"}, {"radiation", "necrosis"}, {"radiation", "oesophagitis"}, {"radiation", "esophagitis"},
	{"radiation", "fibrosis"},
	{"oral", "glucose", "tolerance", "test"}, {"glucose", "tolerance", "test"}, {"cardiac", "troponin"},
	{"men", "who", "have", "sex", "with", "men"},
	{"mindfulness-based", "stress", "reduction"}, {"negative", "pressure", "wound", "therapy"}, {"lung", "function"}, {"water", "on", "the", "knee"}, {"swollen", "ankles"}, {"sugar", "diabetes"},
}

// displayOf is a concept text as a reader writes it: the words the extractor joined with
// hyphens to search them as one (a fixed phrase, "<substance> use disorder") are spaced
// again and a qualified term ("type-2", "vitamin-d") is shown as the question wrote it; a
// hyphen the question wrote itself ("treatment-resistant", "covid-19") stays, and a
// combination the question wrote with a slash gets it back ("sacubitril/valsartan").
func displayOf(text, question string, slashed map[string]bool) string {
	ws := strings.Split(text, " ")
	for i, w := range ws {
		switch {
		case slashed[w]:
			ws[i] = strings.Replace(w, "-", "/", 1)
		case Qualified(w):
			ws[i] = asWritten(w, question)
		case joinedPhrase(w):
			ws[i] = strings.ReplaceAll(w, "-", " ")
		default:
			ws[i] = casedAsWritten(w, question)
		}
	}
	return strings.Join(ws, " ")
}

// titleCase reports whether a question is written as a title, most of its words
// capitalised ("Digital Tomosynthesis: Viable Alternative to …"): its capitals then mark
// no names.
func titleCase(question string) bool {
	words, caps := 0, 0
	for _, w := range strings.Fields(question) {
		rs := []rune(w)
		if len(rs) < 4 || !unicode.IsLetter(rs[0]) || strings.ToUpper(w) == w {
			// (An acronym, "DMO", is capitalised in any sentence.)
			continue
		}
		words++
		if unicode.IsUpper(rs[0]) {
			caps++
		}
	}
	return words >= 3 && 2*caps > words
}

// casedAsWritten is a word with the capitals the question gave it when they are part of the
// name: an acronym or a mixed-case name anywhere ("CPAP", "TKA", "COVID-19", "pH"), a
// capitalised name not at the start of a sentence ("Crohn", "Poland"). Otherwise the word
// as parsed, lower-case.
func casedAsWritten(w, question string) string {
	// A hyphen the parse wrote may be an en dash the question wrote ("elexacaftor–tezacaftor").
	re := regexp.MustCompile(`(?i)\b` + strings.ReplaceAll(regexp.QuoteMeta(w), "-", "[-–/]") + `\b`)
	for _, loc := range re.FindAllStringIndex(question, -1) {
		written := question[loc[0]:loc[1]]
		if written == w {
			continue
		}
		rs := []rune(written)
		for k := 1; k < len(rs); k++ {
			// A capital inside a word marks an acronym or a mixed-case name ("CPAP", "pH",
			// "HbA1c"); one after a hyphen ("Follow-Up") is only title case.
			if unicode.IsUpper(rs[k]) && unicode.IsLetter(rs[k-1]) {
				return written
			}
		}
		before := strings.TrimRight(question[:loc[0]], " \t\"'(")
		if before != "" && !strings.ContainsAny(before[len(before)-1:], ".:?!") && !titleCase(question) {
			return written
		}
	}
	return w
}

// writtenAsAcronym reports whether the question wrote a word with a capital inside it:
// an acronym or a mixed-case name ("SIRS", "qSOFA").
func writtenAsAcronym(w, question string) bool {
	rs := []rune(casedAsWritten(w, question))
	for k := 1; k < len(rs); k++ {
		if unicode.IsUpper(rs[k]) && unicode.IsLetter(rs[k-1]) {
			return true
		}
	}
	return false
}

// asWritten is a qualified term as the question wrote it ("vitamin D", "IL-6", "HIV-1"),
// or spaced ("type 2" for "type II", which the parse wrote as a number).
func asWritten(w, question string) string {
	head, qual, _ := strings.Cut(w, "-")
	quals := qualifierSpellings(qual)
	for i, q := range quals {
		quals[i] = regexp.QuoteMeta(q)
	}
	re := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(head) + `s?[\s-]+(?:` + strings.Join(quals, "|") + `)\b`)
	if m := re.FindString(question); m != "" {
		return m
	}
	return head + " " + qual
}

// joinedPhrase reports whether a word is a fixed phrase or a use disorder the extractor
// joined.
func joinedPhrase(w string) bool {
	if strings.HasSuffix(w, "-use-disorder") || strings.HasSuffix(w, "-use-disorders") {
		return true
	}
	for _, ph := range fixedPhrases {
		if w == strings.Join(ph, "-") {
			return true
		}
	}
	return false
}

// useDisorder reports whether toks, from i, read "<substance> use disorder(s)" ("alcohol
// use disorder", "opioid use disorders"): DSM-5's names, which cut at the stopword "use"
// would leave only the substance.
func useDisorder(toks []string, i int) bool {
	return i+2 < len(toks) && toks[i] != "" && !Drop(toks[i]) && toks[i+1] == "use" &&
		(toks[i+2] == "disorder" || toks[i+2] == "disorders")
}

// joinFixedPhrases writes each fixed phrase among the tokens as one hyphenated word
// ("quality-of-life"), the form the literature also uses and PubMed searches as the phrase.
func joinFixedPhrases(toks []string) []string {
	out := make([]string, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		if useDisorder(toks, i) {
			out = append(out, strings.Join(toks[i:i+3], "-"))
			i += 2
			continue
		}
		joined := false
		for _, ph := range fixedPhrases {
			n := len(ph)
			if i+n > len(toks) || !slices.Equal(toks[i:i+n-1], ph[:n-1]) {
				continue
			}
			// The last word may be written in the plural: "recurrent sore throats".
			if last := toks[i+n-1]; last == ph[n-1] || last == ph[n-1]+"s" {
				out = append(out, strings.Join(ph, "-"))
				i += n - 1
				joined = true
				break
			}
		}
		if !joined {
			out = append(out, toks[i])
		}
	}
	return out
}

// split cuts a run of content words into concepts: each word gets the role its lexicon or
// suffix suggests; a word without a role is a modifier of the next word that has one (or
// of the previous one at the end: "melanoma braf-mutated"). A run with no role at all is
// one "other" concept.
func split(words []string) []Concept {
	var out []Concept
	var pending []string
	prevRole := Role("")
	for _, w := range words {
		r := roleOf(w)
		if r == "" {
			// "levetiracetem" is levetiracetam mistyped (spelling.go).
			if f := misspelled(w); f != "" {
				r = roleOf(f)
			}
		}
		if (w == "acid" || w == "acids") && len(out) > 0 && len(pending) == 0 && prevRole == RoleIntervention {
			// "tranexamic acid trauma mortality", "bempedoic acid statin intolerance": the acid
			// ends the drug's name, typed before the disease with nothing between.
			last := &out[len(out)-1]
			last.Words = append(last.Words, w)
			continue
		}
		if (w == "cessation" || policyHeads[w] || repairHeads[w]) && len(out) > 0 && len(pending) == 0 && prevRole == RoleCondition {
			// "smoking cessation": stopping a habit is what is done, not a condition; so is
			// a policy on it ("smoking ban", "alcohol tax").
			last := &out[len(out)-1]
			last.Role, last.Words = RoleIntervention, append(last.Words, w)
			prevRole = RoleIntervention
			continue
		}
		if (w == "outcomes" || w == "outcome" || w == "events" || w == "endpoints") && len(out) > 0 && len(pending) == 0 && prevRole == RoleCondition &&
			len(out[len(out)-1].Words) == 1 && OrganNames(lastWord(out)) != nil {
			// "kidney outcomes", "liver events": what is measured in an organ, as "renal
			// outcomes" is, not the organ's disease.
			last := &out[len(out)-1]
			last.Role, last.Words = RoleOutcome, append(last.Words, w)
			prevRole = RoleOutcome
			continue
		}
		if (misuseWords[w] || w == "misuses") && len(out) > 0 && len(pending) == 0 && prevRole == RoleIntervention {
			// "opioid misuse", "benzodiazepine abuse": a drug misused is a problem, not a treatment.
			last := &out[len(out)-1]
			last.Role, last.Words = RoleCondition, append(last.Words, w)
			prevRole = RoleCondition
			continue
		}
		if stoppingHeads[w] && len(out) > 0 && len(pending) == 0 && prevRole == RoleIntervention && !abusedSubstances[lastWord(out)] {
			// "corticosteroid withdrawal", "aspirin discontinuation": stopping a treatment is
			// what is done (not "opioid withdrawal", a disease).
			last := &out[len(out)-1]
			last.Words = append(last.Words, w)
			continue
		}
		if organProcedureHeads[w] && len(out) > 0 && len(pending) == 0 && len(out[len(out)-1].Words) == 1 && OrganNames(lastWord(out)) != nil {
			// "kidney transplantation", "liver resection": an operation on an organ is one
			// thing done, not the organ's disease and an operation beside it.
			last := &out[len(out)-1]
			last.Role, last.Words = RoleIntervention, append(last.Words, w)
			prevRole = RoleIntervention
			continue
		}
		if (w == "monitoring" || w == "telemonitoring" || w == "self-monitoring") && len(out) > 0 && len(pending) == 0 && prevRole == RoleOutcome {
			// "continuous glucose monitoring", "blood pressure monitoring": measuring a
			// quantity is what is done, not the quantity measured.
			last := &out[len(out)-1]
			last.Role, last.Words = RoleIntervention, append(last.Words, w)
			prevRole = RoleIntervention
			continue
		}
		if r2, ok := responseOf[w]; ok && len(out) > 0 && len(pending) == 0 && prevRole == RoleIntervention {
			// "insulin sensitivity", "clopidogrel resistance": the body's response to a
			// substance is an outcome or a condition, not the substance given.
			last := &out[len(out)-1]
			if n := len(last.Words); n > 1 && (IsDrugName(last.Words[n-1]) || classKnown(last.Words[n-1])) &&
				slices.ContainsFunc(last.Words[:n-1], IsDrugName) {
				// "bempedoic acid statin intolerance": the response is to the last drug
				// only; the one before is what is given.
				out = append(out, Concept{Role: r2, Words: []string{last.Words[n-1], w}})
				last = &out[len(out)-2]
				last.Words = last.Words[:n-1]
				prevRole = r2
				continue
			}
			last.Role, last.Words = r2, append(last.Words, w)
			prevRole = r2
			continue
		}
		if therapyHeads[w] && len(out) > 0 && len(pending) == 0 && prevRole == RoleOutcome {
			// "cognitive therapy", "mindfulness-based cognitive therapy", "memory training":
			// a therapy named by what it works on is one thing given, not an outcome and a
			// generic therapy beside it.
			last := &out[len(out)-1]
			last.Role, last.Words = RoleIntervention, append(last.Words, w)
			prevRole = RoleIntervention
			continue
		}
		if r == "" && len(out) > 0 && len(pending) == 0 && prevRole == RoleCondition && latinEpithet(w) {
			// "alopecia areata", "hyperemesis gravidarum", "acne vulgaris": the Latin word
			// after a disease is part of its name.
			out[len(out)-1].Words = append(out[len(out)-1].Words, w)
			continue
		}
		if r == "" {
			pending = append(pending, w)
			prevRole = ""
			continue
		}
		if len(out) > 0 && len(pending) == 0 && prevRole == r {
			// Adjacent words of the same role are one concept ("breast cancer").
			out[len(out)-1].Words = append(out[len(out)-1].Words, w)
		} else if len(out) > 0 && len(pending) > 0 && r == RoleIntervention && len(out[len(out)-1].Words) == 1 && approachWords[lastWord(out)] {
			// "surgical aortic valve replacement": how an operation is done, then the
			// operation, is one procedure.
			last := &out[len(out)-1]
			last.Words = append(append(last.Words, pending...), w)
			pending = nil
		} else if len(out) > 0 && len(pending) > 0 && r == RoleCondition && out[len(out)-1].Role == RoleCondition {
			// A disease's name with a modifier inside ("pulmonary arterial hypertension") is one
			// concept, not "pulmonary" and "arterial hypertension".
			last := &out[len(out)-1]
			last.Words = append(append(last.Words, pending...), w)
			pending = nil
		} else if len(out) > 0 && len(pending) == 0 && r == RolePopulation && prevRole == RoleCondition && len(out[len(out)-1].Words) == 1 && bornEarly[lastWord(out)] {
			// "preterm infants": who the patients are, not a condition beside them.
			last := &out[len(out)-1]
			last.Role, last.Words = RolePopulation, append(last.Words, w)
		} else if len(out) > 0 && len(pending) == 0 && r == RoleCondition && prevRole == RoleIntervention && deviceWords[lastWord(out)] {
			// "stent thrombosis", "catheter infection": a complication named by the device it
			// arises from is one condition, not the device given and a disease of its own.
			last := &out[len(out)-1]
			last.Role, last.Words = RoleCondition, append(last.Words, w)
		} else if len(out) > 0 && len(pending) == 0 && vaccineWords[w] && out[len(out)-1].Role == RoleCondition {
			// "hepatitis B vaccine", "influenza vaccination": a vaccine is named by the
			// disease it prevents, and the pair is what is given.
			last := &out[len(out)-1]
			last.Role, last.Words = RoleIntervention, append(last.Words, w)
		} else if len(out) > 0 && len(pending) > 0 && len(pending) <= 3 && r == RoleIntervention && operationHeads[w] && organNamed(out[len(out)-1].Words) {
			// "heart bypass surgery", "lung volume reduction surgery": the words between an
			// organ and an operation say which operation; the organ is where it is done, not
			// a condition of its own.
			last := &out[len(out)-1]
			last.Role, last.Words = r, append(append(last.Words, pending...), w)
			pending = nil
		} else if lw := lastWords(out); len(out) > 0 && len(pending) == 0 && r == RoleIntervention && operationHeads[w] && len(lw) == 2 && lw[0] == "congenital" && organNamed(lw[1:]) {
			// "congenital heart surgery", "congenital cardiac surgery": surgery for a
			// congenital disease of the organ, named by it, is one operation.
			last := &out[len(out)-1]
			last.Role, last.Words = r, append(last.Words, w)
		} else if len(out) > 0 && len(pending) == 0 && (r == RoleOutcome || r == RoleIntervention && !generic[w]) && organsOnly(out[len(out)-1].Words) {
			// An organ's adjective before an outcome or a procedure says which one
			// ("cardiovascular events", "renal function", "cardiac surgery"), not a
			// condition of its own.
			last := &out[len(out)-1]
			last.Role, last.Words = r, append(last.Words, w)
		} else {
			out = append(out, Concept{Role: r, Words: append(pending, w)})
			pending = nil
		}
		prevRole = r
	}
	if len(pending) > 0 {
		if len(out) > 0 {
			last := &out[len(out)-1]
			if last.Role == RolePopulation && len(pending) >= 2 && !slices.ContainsFunc(pending, func(w string) bool { return generic[w] }) {
				// "community water fluoridation": a noun phrase after a population word is
				// named by its own head, not the people it is for ("older patients living in
				// nursing homes" are still people).
				last.Role = RoleOther
			}
			last.Words = append(last.Words, pending...)
		} else {
			out = append(out, Concept{Role: RoleOther, Words: pending})
		}
	}
	for i := range out {
		c := &out[i]
		c.Text = strings.Join(c.Words, " ")
		c.Terms = []string{c.Text}
		c.Generic = true
		for _, w := range c.Words {
			if !generic[w] && !lineWords[w] {
				c.Generic = false
			}
		}
		if c.Generic && !slices.ContainsFunc(c.Words, func(w string) bool { return generic[w] }) {
			c.Generic = false // a line word alone ("first-line") is no class of treatment
		}
	}
	return out
}

// attending words say that people come to a practice: what follows is measured, not given.
var attending = set(`attend attends attending attended`)

// takenUpWords measure how people take a practice up: "uptake of screening", "refusal of
// measles vaccination".
var takenUpWords = set(`uptake coverage refusal hesitancy acceptance acceptability`)

// organProcedureHeads end the name of an operation named by the organ it is done on.
var organProcedureHeads = set(`transplantation transplantations transplant transplants resection resections biopsy biopsies
donation`)

// OrganOperation reports whether a concept names an operation by the organ it is done on
// ("liver resection", "kidney transplantation"), where the organ tells it from others.
func OrganOperation(c Concept) bool {
	return len(c.Words) > 1 && organProcedureHeads[c.Words[len(c.Words)-1]] && OrganNames(c.Words[len(c.Words)-2]) != nil
}

// repairHeads end the name of an operation named by what it mends ("inguinal hernia repair",
// "aneurysm repair").
var repairHeads = set(`repair repairs`)

// policyHeads end the name of a policy named by the habit it governs.
var policyHeads = set(`ban bans tax taxes taxation levy legislation restriction restrictions prohibition`)

// therapyHeads end the name of a therapy that can be named by what it works on.
var therapyHeads = set(`therapy therapies training rehabilitation stimulation remediation`)

// lineWords say which line or route of treatment a class word is: "first-line systemic
// therapy" is as generic as "therapy".
var lineWords = set(`first-line second-line third-line front-line systemic initial`)

// lineOfTherapy are the words of where a treatment stands in a course of care.
var lineOfTherapy = set(`first-line second-line third-line fourth-line fifth-line later-line next-line front-line frontline last-line
first-lines second-lines third-lines fourth-lines later-lines`)

// latinEpithet reports whether a word has the ending of a Latin adjective or genitive of a
// disease's name ("areata", "gravidarum", "vulgaris", "nodosum", "migrans").
func latinEpithet(w string) bool {
	for _, suf := range []string{"ata", "arum", "orum", "aris", "alis", "osa", "osum", "osus", "ica", "icum", "anus", "ans", "iens", "iva"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			return true
		}
	}
	return false
}

// responseOf are the words that, after a substance, name the body's response to it, with
// the role the pair takes.
var responseOf = map[string]Role{"sensitivity": RoleOutcome, "secretion": RoleOutcome, "resistance": RoleCondition,
	"intolerance": RoleCondition, "allergy": RoleCondition, "allergies": RoleCondition, "hypersensitivity": RoleCondition,
	"errors": RoleOutcome, "error": RoleOutcome, "technique": RoleOutcome,
	"capacity": RoleOutcome, "tolerance": RoleOutcome, "deficiency": RoleCondition, "toxicity": RoleCondition,
	"overdose": RoleCondition, "poisoning": RoleCondition, "withdrawal": RoleCondition,
	"prescribing": RoleOutcome, "prescription": RoleOutcome, "prescriptions": RoleOutcome, "overprescribing": RoleOutcome,
	"uptake": RoleOutcome, "coverage": RoleOutcome}

// deviceWords name a device placed in the body: a disease word after one names the
// device's complication.
var deviceWords = set(`stent stents catheter catheters implant implants device devices shunt shunts graft grafts
prosthesis prostheses pacemaker pacemakers lead leads valve valves`)

// treatedPatients reports whether words name patients by a procedure they have had
// ("dialysis patients", "transplant recipients"), not by a drug they take ("statin
// patients" still names the statin).
func treatedPatients(words []string) bool {
	n := len(words)
	if n < 2 || words[n-1] != "patients" && words[n-1] != "recipients" {
		return false
	}
	return !slices.ContainsFunc(words[:n-1], IsDrugName)
}

// bornEarly are the words that, before "infants" or "neonates", say which infants.
var bornEarly = set(`preterm premature`)

// lastWord is the last word of the last concept so far.
func lastWord(cs []Concept) string {
	ws := cs[len(cs)-1].Words
	return ws[len(ws)-1]
}

// lastWords are the words of the last concept read so far; nil before the first.
func lastWords(cs []Concept) []string {
	if len(cs) == 0 {
		return nil
	}
	return cs[len(cs)-1].Words
}

// vaccineWords name a vaccine or its giving.
var vaccineWords = set(`vaccine vaccines vaccination vaccinations immunization immunisation`)

// IsVaccineWord reports whether a word says a vaccine is given: "HPV vaccine" is not "HPV
// testing", so the word must be matched.
func IsVaccineWord(w string) bool { return vaccineWords[strings.ToLower(w)] }

// organsOnly reports whether words are all adjectives of an organ or a body system
// ("cardiac", "non-cardiac").
func organsOnly(words []string) bool {
	for _, w := range words {
		if !organAdjectives[strings.TrimPrefix(w, "non-")] {
			return false
		}
	}
	return len(words) > 0
}

// operationHeads end an operation's name ("bypass surgery", "valve replacement").
var operationHeads = set(`surgery surgeries operation operations repair replacement grafting graft reconstruction ablation implantation`)

// organNamed reports whether words name only an organ: its adjectives ("coronary") or one
// organ noun ("heart").
func organNamed(words []string) bool {
	return organsOnly(words) || len(words) == 1 && OrganNames(words[0]) != nil
}

var organAdjectives = set(`cardiovascular cardiac coronary renal hepatic pulmonary cerebral cerebrovascular
neurological neurologic psychiatric vascular respiratory gastrointestinal`)

// mergeAlternatives makes one concept of interventions the question lists as alternatives:
// consecutive chunks that are each one named intervention, separated only by commas and
// "or", at least one "or" ("aspirin or clopidogrel", "clopidogrel, prasugrel or
// ticagrelor"). A comparison ("metformin or insulin, which is better?") has already made
// the second a comparator, and "A and B" (given together) stays two concepts.
func mergeAlternatives(cs []Concept, chunkOf []int, seps [][]string, q string) []Concept {
	perChunk := map[int]int{}
	for _, ci := range chunkOf {
		perChunk[ci]++
	}
	alt := func(k int) bool {
		return cs[k].Role == RoleIntervention && !cs[k].Generic && perChunk[chunkOf[k]] == 1
	}
	// A word the lexicon does not know, listed after a named intervention, is another one
	// ("tranexamic acid or aminocaproic acid").
	next := func(k int) bool {
		return alt(k) || cs[k].Role == RoleOther && perChunk[chunkOf[k]] == 1
	}
	listSep := func(sep []string) (ok, or bool) {
		for _, w := range sep {
			switch w {
			case "or":
				or = true
			case ",":
			default:
				return false, false
			}
		}
		return len(sep) > 0, or
	}
	// The last of a list may begin a chunk that goes on ("apixaban, rivaroxaban or dabigatran
	// bleeding risk"): a drug or a class there ends the list.
	lead := func(k int) bool {
		return cs[k].Role == RoleIntervention && !cs[k].Generic && (k == 0 || chunkOf[k-1] != chunkOf[k]) &&
			(IsDrugName(cs[k].Words[len(cs[k].Words)-1]) || classKnown(cs[k].Text))
	}
	var out []Concept
	for i := 0; i < len(cs); {
		j, anyOr := i, false
		for alt(i) && j+1 < len(cs) && chunkOf[j+1] == chunkOf[j]+1 {
			last := !next(j + 1)
			if last && !lead(j+1) {
				break
			}
			ok, or := listSep(seps[chunkOf[j+1]])
			if !ok || !sameSentence(q, cs[j], cs[j+1]) {
				// (Not across a sentence: "… just completed inpatient detoxification.
				// Naltrexone or acamprosate …?")
				break
			}
			anyOr = anyOr || or
			j++
			if last {
				break
			}
		}
		if j-i >= 2 && !slices.ContainsFunc(cs[i:j+1], func(c Concept) bool { return !IsDrugName(c.Words[len(c.Words)-1]) }) {
			// Three drugs or more set apart by commas alone ("apixaban, rivaroxaban,
			// dabigatran") are listed as a search box's words are: any of them answers.
			anyOr = true
		}
		if j == i && i+1 < len(cs) && Lacking(cs[i]) && cs[i+1].Role == RoleCondition && chunkOf[i+1] == chunkOf[i]+1 && onlyOr(seps[chunkOf[i+1]]) {
			// "no heart disease or stroke": neither, one concept saying who the patients are.
			c := alternatives(cs[i : i+2])
			c.Role, c.Display = RolePopulation, "without "+c.Text
			out = append(out, c)
			i += 2
			continue
		}
		if j == i && i+1 < len(cs) && diseaseOr(cs, chunkOf, seps, i) {
			// "depression or suicide": either disease answers the question.
			c := alternatives(cs[i : i+2])
			c.Role = RoleCondition
			out = append(out, c)
			i += 2
			continue
		}
		if j > i && anyOr {
			out = append(out, alternatives(cs[i:j+1]))
		} else {
			out = append(out, cs[i:j+1]...)
		}
		i = j + 1
	}
	return out
}

// classBeforeMember returns where in cur a drug class begins whose member tok names
// ("SGLT2 inhibitors" before "empagliflozin"), or -1.
func classBeforeMember(cur []string, tok string) int {
	if len(cur) == 0 || Drop(tok) || !IsDrugName(tok) || IsDrugName(cur[len(cur)-1]) {
		return -1
	}
	for k := range cur {
		text := strings.Join(cur[k:], " ")
		if dc, ok := classOf(text); ok && len(dc.members) > 0 && ClassMember(Concept{Text: text, Members: dc.members}, tok) {
			return k
		}
	}
	return -1
}

// onlyListWords reports whether the words before a chunk only list it: commas, "or", "and".
func onlyListWords(before []string) bool {
	return len(before) > 0 && !slices.ContainsFunc(before, func(w string) bool { return w != "," && w != "or" && w != "and" })
}

// sameSentence reports whether two concepts, a before b, are named in one sentence of q:
// no full stop, question mark or exclamation mark between them. (A concept whose words q
// does not hold as written, a joined fixed phrase, counts as in the same sentence.)
func sameSentence(q string, a, b Concept) bool {
	gap, ok := between(q, a, b)
	return !ok || !strings.ContainsAny(gap, ".?!")
}

// between is the lower-cased text between concept a's last word and concept b's first word
// after it; ok is false when text does not hold them as written.
func between(text string, a, b Concept) (gap string, ok bool) {
	lt := strings.ToLower(text)
	ia := strings.Index(lt, a.Words[len(a.Words)-1])
	if ia < 0 {
		return "", false
	}
	ia += len(a.Words[len(a.Words)-1])
	ib := strings.Index(lt[ia:], b.Words[0])
	if ib < 0 {
		return "", false
	}
	return lt[ia : ia+ib], true
}

// listedDrug reports whether toks[i] is a drug's name typed straight after another's, in a
// run of three names or more with nothing between them ("apixaban rivaroxaban dabigatran").
// Two side by side are more often one product than a list ("piperacillin tazobactam",
// "sacubitril valsartan"), so they stay one concept.
func listedDrug(toks []string, i int, cur []string) bool {
	drug := func(w string) bool { return w != "" && !Drop(w) && IsDrugName(w) }
	if !drug(toks[i]) || len(cur) == 0 || !drug(cur[len(cur)-1]) {
		return false
	}
	n := 0
	for k := i - 1; k >= 0 && drug(toks[k]); k-- {
		n++
	}
	for k := i; k < len(toks) && drug(toks[k]); k++ {
		n++
	}
	// Two of one class side by side are alternatives too ("apixaban rivaroxaban", "semaglutide
	// liraglutide"): no one gives two of a kind together.
	return n >= 3 || n == 2 && sameClassMembers(toks[i-1], toks[i])
}

// sameClassMembers reports whether a vocabulary class lists both drugs among its members
// (the broad class of all biologics aside: an antibody and another antibody are often given
// together).
func sameClassMembers(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	if a == b {
		return false
	}
	for _, dc := range drugClasses {
		if dc.class == "biological products" {
			continue
		}
		if slices.Contains(dc.members, a) && slices.Contains(dc.members, b) {
			return true
		}
	}
	return false
}

// diseaseOr reports whether concepts i and i+1 are two diseases joined by "or" alone, each
// the whole of its chunk: "the risk of depression or suicide".
func diseaseOr(cs []Concept, chunkOf []int, seps [][]string, i int) bool {
	a, b := cs[i], cs[i+1]
	if a.Role != RoleCondition || b.Role != RoleCondition || a.Broad || b.Broad || chunkOf[i+1] != chunkOf[i]+1 {
		return false
	}
	for k, ci := range chunkOf {
		if (ci == chunkOf[i] && k != i) || (ci == chunkOf[i+1] && k != i+1) {
			return false
		}
	}
	sep := seps[chunkOf[i+1]]
	return len(sep) == 1 && sep[0] == "or"
}

// alternatives is the one concept standing for interventions (or diseases) named as
// alternatives.
func alternatives(run []Concept) Concept {
	names := make([]string, len(run))
	for k, c := range run {
		names[k] = c.Text
	}
	text := names[len(names)-1]
	if len(names) > 1 {
		text = strings.Join(names[:len(names)-1], ", ") + " or " + text
	}
	m := Concept{Role: RoleIntervention, Text: text, Alternatives: names}
	for _, c := range run {
		m.Words = append(m.Words, c.Words...)
		for _, t := range c.Terms {
			m.AddTerm(t)
		}
		for _, h := range c.MeSH {
			m.AddMeSH(h)
		}
		for _, n := range append([]string{c.Text}, c.Members...) {
			if !slices.Contains(m.Members, n) {
				m.Members = append(m.Members, n)
			}
		}
	}
	return m
}

// dedupe merges concepts with the same words (a question that repeats itself).
func dedupe(cs []Concept) []Concept {
	seen := map[string]bool{}
	var out []Concept
	for _, c := range cs {
		k := strings.Join(c.Stems(), " ")
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	return out
}

// Stem reduces a word to its Porter2 stem (see domain.Stem).
func Stem(w string) string { return domain.Stem(w) }

// Words splits free text (a title, an abstract, a MeSH heading) into lower-case words the
// way Extract does, without dropping anything; hyphenated words also yield their parts.
func Words(text string) []string {
	var out []string
	toks := tokenize(text)
	for i, t := range toks {
		if t == "" {
			continue
		}
		out = append(out, t)
		if strings.ContainsRune(t, '-') {
			for _, p := range strings.Split(t, "-") {
				if p != "" {
					out = append(out, p)
				}
			}
		}
		// "type 2 diabetes" also gives "type-2", the word a question's "type 2" is matched by,
		// and "vitamin D3" "vitamin-d" as well as "vitamin-d3" (it is a vitamin D).
		if i+1 < len(toks) {
			if q, ok := qualified(t, toks[i+1]); ok {
				out = append(out, q)
				if next := toks[i+1]; len(next) > 1 && !domain.AllDigits(next) && domain.AllDigits(next[1:]) {
					out = append(out, q[:len(q)-len(next)+1])
				}
			}
		}
	}
	return out
}

// Of returns a question's parsed form: a copy of the stored parse when there is one (a run
// parses its question once, when it is created), else a parse of the text (a question given
// to `deepcritical judge`, or a run stored before parses were kept).
func Of(question string, parsed *domain.ParsedQuestion) (Set, error) {
	if parsed != nil && len(parsed.Concepts) > 0 {
		return parsed.Clone(), nil
	}
	return Extract(question)
}

// qualifierWords qualify a condition or procedure without naming it ("advanced",
// "recurrent", "routine"): a search may drop them and still mean the same concept.
var qualifierWords = set(`advanced early late severe mild moderate acute chronic primary secondary recurrent
refractory metastatic locally local routine elective emergency first-line second-line newly diagnosed
stage high-risk low-risk resistant persistent suspected uncomplicated complicated offer isolated
combined standard conventional total partial long-term short-term`)

// Core is a long concept wording cut to what names the concept: without its qualifier
// words ("advanced epithelial ovarian carcinoma" → "epithelial ovarian carcinoma"), or, for
// a wording of four or more words without qualifiers, its last three up to the word that
// names a disease, drug or procedure. A search relaxes a concept to its core, which keeps
// what the concept is about ("amyotrophic lateral sclerosis" stays whole); "" when
// nothing would change.
func Core(text string) string {
	ws := strings.Fields(strings.ToLower(text))
	if len(ws) < 2 {
		return ""
	}
	var kept []string
	for _, w := range ws {
		if !qualifierWords[w] {
			kept = append(kept, w)
		}
	}
	if len(kept) > 0 && len(kept) < len(ws) {
		return strings.Join(kept, " ")
	}
	if len(ws) < 4 {
		return ""
	}
	head := len(ws) - 1
	for i := len(ws) - 1; i >= 0; i-- {
		if roleOf(strings.Trim(ws[i], "-'’.")) != "" && !generic[ws[i]] {
			head = i
			break
		}
	}
	start := max(0, head-2)
	if head-start+1 >= len(ws) {
		return ""
	}
	return strings.Join(ws[start:head+1], " ")
}

// spelling is one British ↔ American difference: where the British form occurs and what
// it becomes in American, and the other way round. The American patterns are anchored
// where a bare substring would hit other words ("colorectal" is no "colour", "academic" no
// "-aemic", "chemotherapy" no "haem-").
type spelling struct {
	brit   *regexp.Regexp
	toAm   string
	am     *regexp.Regexp
	toBrit string
}

// iseStems are the stems of the "-ise" verbs of clinical writing ("randomised",
// "hospitalised", "immunised").
const iseStems = `\b(random|hospital|immun|organ|sensit|stabil|catheter|visual|character|categor|optim|minim|normal|util|special|standard|personal|individual|mobil|immobil|steril|neutral|colon|vapor|real|general|local|central|summar|prioriti|recogn|emphas|anaesthet|anesthet|traumat|sanit|desensit|hypnot|metabol)`

func sp(brit, toAm, am, toBrit string) spelling {
	return spelling{regexp.MustCompile(brit), toAm, regexp.MustCompile(am), toBrit}
}

// britishAmerican are the British spellings an abstract may write the American way (and
// the other way round): a concept is searched and matched under both.
var britishAmerican = []spelling{
	sp(`isation`, "ization", `ization`, "isation"),
	// The verbs of "-ise"/"-ize" a question uses, by stem: a bare "-ised" would also hit
	// "raised", "promised", "supervised".
	sp(iseStems+`is(e|ed|es|ing)\b`, "${1}iz$2", iseStems+`iz(e|ed|es|ing)\b`, "${1}is$2"),
	sp(`tumour`, "tumor", `tumor`, "tumour"),
	sp(`oedema`, "edema", `\bedema`, "oedema"),
	sp(`oesophag`, "esophag", `\besophag`, "oesophag"),
	sp(`paediatric`, "pediatric", `\bpediatric`, "paediatric"),
	sp(`orthopaedic`, "orthopedic", `orthopedic`, "orthopaedic"),
	// "-aemia": anaemia, bacteraemia, hypoglycaemia, hypoxaemia, ischaemic, leukaemia,
	// septicaemia, hyperkalaemia, uraemia …
	sp(`aem(ia|ias|ic)\b`, "em$1", `(glyc|isch|leuk|bacter|septic|hypox|ox|kal|natr|calc|lipid|uric|\bur|vir|tox|\ban|thalass|lact|phosphat|magnes)em(ia|ias|ic)\b`, "${1}aem$2"),
	// "haem-": haemorrhage, haematoma, haemodialysis, haemangioma, haemoglobin.
	sp(`\bhaem`, "hem", `\bhem(o|at|ang|orr)`, "haem$1"),
	sp(`diarrhoea`, "diarrhea", `diarrhea`, "diarrhoea"),
	sp(`pnoea`, "pnea", `pnea\b`, "pnoea"), // apnoea, dyspnoea, hypopnoea
	sp(`oestrogen`, "estrogen", `\bestrogen`, "oestrogen"),
	sp(`foet(al|us|uses)\b`, "fet$1", `\bfet(al|us|uses)\b`, "foet$1"),
	sp(`behaviour`, "behavior", `behavior`, "behaviour"),
	sp(`\bcolour`, "color", `\bcolor(s|ed)?\b`, "colour$1"),
	sp(`centre`, "center", `center`, "centre"),
	sp(`anaesthe`, "anesthe", `\banesthe`, "anaesthe"),
	sp(`\blabour`, "labor", `\blabor(s)?\b`, "labour$1"),
	sp(`\bfaec`, "fec", `\bfec(al|es)\b`, "faec$1"),
	sp(`\bcaesar`, "cesar", `\bcesar`, "caesar"),
	sp(`appendicectom`, "appendectom", `\bappendectom`, "appendicectom"),
	sp(`gynaecolog`, "gynecolog", `gynecolog`, "gynaecolog"),
	sp(`\bageing`, "aging", `\baging`, "ageing"),
	sp(`\bsulph`, "sulf", `\bsulf`, "sulph"),
	// "parenting programme": the noun only, not "programmed cell death".
	sp(`programme(s)?\b`, "program$1", `\bprogram(s)?\b`, "programme$1"),
}

// spellingVariant returns a wording's other spelling (British ↔ American), or "".
func spellingVariant(text string) string {
	out := text
	for _, p := range britishAmerican {
		switch {
		case p.brit.MatchString(text):
			out = p.brit.ReplaceAllString(out, p.toAm)
		case p.toBrit != "" && p.am.MatchString(text):
			out = p.am.ReplaceAllString(out, p.toBrit)
		}
	}
	if out == text {
		return ""
	}
	return out
}

// NamesTreatment reports whether a concept names a treatment in its own words — a drug, a
// class, an operation, a therapy — rather than a factor that holds the intervention's place
// only by where it stands in the question ("Does parity increase insulin resistance?").
func NamesTreatment(c Concept) bool {
	if c.Class != "" || len(c.Alternatives) > 0 {
		return true
	}
	for _, w := range c.Words {
		if roleOf(w) == RoleIntervention && !generic[w] {
			return true
		}
	}
	// A name the vocabulary does not know ("ipratropium bromide") is taken for a drug unless
	// it is shaped like an abstract noun: a state, a process or an act ("parity",
	// "fluoridation", "cocaine exposure").
	last := c.Words[len(c.Words)-1]
	for _, suf := range abstractNounEndings {
		if strings.HasSuffix(last, suf) {
			return false
		}
	}
	return true
}

// abstractNounEndings are the English derivational endings of nouns of state, process or
// act; a drug's name (INN) does not end in them.
var abstractNounEndings = []string{"ity", "ities", "ation", "ations", "tion", "tions", "sion", "ness", "ment", "ments",
	"ing", "ance", "ence", "ure", "ship", "hood", "ism", "isms"}

// HeadWord is the word that gives a concept its role ("pneumonia" in "organizing
// pneumonia", "melanoma" in "braf-mutated melanoma"): the last word with a role of its
// own, or "" when no word has one. A paper matching only a concept's qualifiers
// ("organizing" stems to "organ") does not match the concept.
func HeadWord(c Concept) string {
	head := ""
	for i := len(c.Words) - 1; i >= 0; i-- {
		if r := roleOf(c.Words[i]); r != "" && !generic[c.Words[i]] {
			if !diseaseEpisodes[c.Words[i]] {
				return c.Words[i]
			}
			if head == "" {
				// "acute gout flares": a flare is of gout, which names the disease; the flare
				// is the head only when no disease is named before it.
				head = c.Words[i]
			}
		}
	}
	return head
}

// diseaseEpisodes are the episodes of a disease a condition may be named by ("gout flares",
// "asthma attacks", "COPD exacerbations"): the disease before them is what tells one from
// another.
var diseaseEpisodes = set(`flare flares attack attacks exacerbation exacerbations episode episodes crisis crises`)

// Head is a wording cut to the words that name a disease, drug or procedure: the last
// word with a role and the words before it that qualify it as a name, without a leading
// verb form or qualifier and without what follows ("starting insulin" → "insulin",
// "accompanying metabolic syndrome" → "metabolic syndrome", "myomas form limiting" →
// "myomas"; "amyotrophic lateral sclerosis" and "septic shock" stay whole). It is the last
// resort of a search whose wording finds nothing at all. "" when no word carries a role
// or nothing would change.
func Head(text string) string {
	ws := strings.Fields(strings.ToLower(text))
	head := -1
	for i := len(ws) - 1; i >= 0; i-- {
		if w := strings.Trim(ws[i], "-'’."); roleOf(w) != "" && !generic[w] {
			head = i
			break
		}
	}
	if head < 0 {
		return ""
	}
	start := head
	for start > 0 {
		w := ws[start-1]
		if qualifierWords[w] || strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed") || generic[w] {
			break
		}
		start--
	}
	if start == 0 && head == len(ws)-1 {
		return ""
	}
	return strings.Join(ws[start:head+1], " ")
}

// picoLabel is a label of a PICO-structured question ("P: adults with septic shock; I:
// vasopressin; C: norepinephrine; O: 28-day mortality") or of its diagnostic form ("index
// test: …; target condition: …; reference: …").
var picoLabel = regexp.MustCompile(`(?i)(?:^|[;|.,]\s*|\s)(p|i|c|o|e|population|patients|participants|intervention|exposure|comparison|comparator|control|outcomes?|index\s+test|target\s+condition|reference(?:\s+standard)?)(?:\s*[:=]\s*|\s+[-–]\s+)`)

// otherControls is the tail of a control field that names any other treatment.
var otherControls = regexp.MustCompile(`(?i)\s+or\s+(?:an?\s+)?(?:other|another|alternative|any)\b.*$`)

// openIntervention are what a PICO note's I field holds when it asks which treatment.
var openIntervention = set(`any unknown which what tbd ? - any-treatment treatments options`)

// fromPICO writes a question typed as PICO fields as the question they stand for, which the
// parse reads as any other ("In adults with septic shock, does vasopressin compared with
// norepinephrine affect 28-day mortality?"): the fields say each part's role, which the
// labels' letters would otherwise lose among the words. A question typed before its fields
// is read on its own. Anything not in PICO form is returned as it is.
func fromPICO(q string) string {
	ms := picoLabel.FindAllStringSubmatchIndex(q, -1)
	if len(ms) < 2 {
		return q
	}
	fields := map[string]string{}
	exposure := false // an exposure, not an intervention: the question asks what it is linked to
	for k, m := range ms {
		end := len(q)
		if k+1 < len(ms) {
			end = ms[k+1][0]
		}
		label := strings.ToLower(strings.Join(strings.Fields(q[m[2]:m[3]]), " "))
		switch label {
		case "population", "patients", "participants":
			label = "p"
		case "exposure", "e":
			label, exposure = "i", true
		case "intervention":
			label = "i"
		case "comparison", "comparator", "control":
			label = "c"
		case "outcome", "outcomes":
			label = "o"
		}
		if _, seen := fields[label]; seen {
			return q // a letter used twice is no set of fields
		}
		fields[label] = strings.Trim(strings.TrimSpace(q[m[1]:end]), ".;,?")
	}
	test := fields["index test"]
	if i, asked := fields["i"]; asked && test == "" && fields["p"] != "" && (i == "" || openIntervention[strings.ToLower(i)]) {
		// "P: adults with steroid-refractory acute GVHD; I: ?; O: overall response rate":
		// the treatments are what is asked for.
		if o := fields["o"]; o != "" {
			return "What treatments improve " + o + " in " + fields["p"] + "?"
		}
		return "What treatments work in " + fields["p"] + "?"
	}
	if fields["i"] == "" && test == "" || fields["p"] == "" && fields["target condition"] == "" {
		return q
	}
	if lead := strings.TrimSpace(q[:ms[0][0]]); len(strings.Fields(lead)) >= 3 {
		return lead // "Does early vasopressin … reduce mortality? P: …": the question says it all
	}
	// The patients come last, as in "Does X reduce Y in Z?": what they receive or undergo
	// ("adults receiving mechanical ventilation") is then read as who they are, after what is
	// given.
	var b strings.Builder
	if test != "" {
		b.WriteString("How accurate is " + test)
		if t := fields["target condition"]; t != "" {
			b.WriteString(" for diagnosing " + t)
		}
		if r := fields["reference"] + fields["reference standard"]; r != "" {
			b.WriteString(" compared with " + r)
		}
	} else {
		verb := "Does "
		if exposure {
			verb = "Is "
		}
		b.WriteString(verb + fields["i"])
		// "C: placebo or other antipsychotic": what else the control arms got is no
		// second thing asked about.
		if c := otherControls.ReplaceAllString(fields["c"], ""); c != "" {
			b.WriteString(" compared with " + c)
		}
		switch o := fields["o"]; {
		case exposure && o != "":
			b.WriteString(" associated with " + o)
		case o != "":
			b.WriteString(" affect " + o)
		default:
			b.WriteString(" work")
		}
	}
	if p := fields["p"]; p != "" {
		b.WriteString(", in " + p)
	}
	return b.String() + "?"
}
