// Package relevance scores how well each piece of evidence matches the question's
// concepts, so evidence that is not about the question is set aside (kept and shown, with
// a reason) instead of feeding the judge's scores, findings, candidates and sufficiency.
//
// A paper is on topic when it mentions a required concept (the condition, or the question's
// first specific concept when it names no condition) and enough of the other concepts. The
// score ranks papers: the share of concepts matched, then Okapi BM25 over title, abstract,
// MeSH headings, chemicals and keywords, so the paper that answers the question comes first.
package relevance

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
)

// MinCoverage is the share of the question's specific concepts (weighted, see weight) an
// on-topic paper must match besides a required one. Half: a paper about the condition and
// the intervention but not the outcome is on topic; one about the outcome alone is not.
const MinCoverage = 0.5

// BM25 parameters (the usual defaults).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// doc is one evidence's text as stems with counts.
type doc struct {
	tf  map[string]int
	len int
}

// newDoc reads one evidence's text. A phrase in which a disease's name means something
// else ("ST depression", "heat shock") is read as one word, so that the disease's name does
// not stand alone, unless the question itself uses that phrase (asked).
func newDoc(ev domain.Evidence, asked senses) doc {
	c := ev.Citation
	var b strings.Builder
	add := func(s string) { b.WriteString(s); b.WriteString(" . ") }
	// The title counts twice: a concept in the title is what the paper is about.
	add(c.Title)
	add(c.Title)
	add(withoutExclusions(ev.Content))
	if !strings.Contains(ev.Content, firstSection(c.Sections)) {
		for _, s := range c.Sections {
			add(withoutExclusions(s.Text))
		}
	}
	derivative := derivativesOnly(c.MeshQualifiers)
	for m := range parentHeadings(b.String(), qualified(c.MeshQualifiers), c.MeshTerms, c.Chemicals) {
		derivative[m] = true
	}
	for _, list := range [][]string{c.MeshTerms, c.Chemicals, c.Keywords} {
		for _, m := range list {
			if !derivative[strings.ToLower(m)] {
				add(strings.ReplaceAll(m, "*", ""))
			}
		}
	}
	if c.Trial != nil {
		for _, s := range c.Trial.Conditions {
			add(s)
		}
		for _, iv := range c.Trial.Interventions {
			add(iv.Name)
		}
	}
	d := doc{tf: map[string]int{}}
	for _, w := range concepts.Words(concepts.JoinOtherSenses(b.String(), asked)) {
		d.tf[concepts.Stem(w)]++
		d.len++
		if strings.ContainsRune(w, '-') {
			// "pre-eclampsia" is also "preeclampsia" as a question may write it.
			d.tf[concepts.Stem(strings.ReplaceAll(w, "-", ""))]++
		}
	}
	return d
}

// derivativesOnly are the MeSH descriptors a record is indexed under as "analogs &
// derivatives" (lower case): "Omeprazole/analogs & derivatives" on a rabeprazole trial stands
// for rabeprazole, so neither the heading nor the chemical of that name says the paper
// studied omeprazole. The paper's own words still can.
func derivativesOnly(pairs []string) map[string]bool {
	out := map[string]bool{}
	for _, mq := range pairs {
		if d, q, ok := strings.Cut(mq, "/"); ok && strings.EqualFold(strings.TrimSpace(q), "analogs & derivatives") {
			out[strings.ToLower(strings.TrimSpace(d))] = true
		}
	}
	return out
}

// parentHeadings are the drug headings and chemicals of a record that stand for another
// drug of their family: a heading the text never names beside one of the same INN stem that
// it does ("Omeprazole" and "Lansoprazole" on a lansoprazole trial). Until 2009 MEDLINE
// indexed a new drug under its parent as "Omeprazole/analogs & derivatives", and sources
// that drop the subheading (PubMedQA's MeSH lists, some exports) leave the bare parent,
// which would make the trial one of omeprazole (derivativesOnly reads the subheading where
// it is kept). text is the record's title and abstract; a heading whose subheading is known
// (qualified: "Omeprazole/therapeutic use") is the indexers' word that the drug was given.
func parentHeadings(text string, qualified map[string]bool, lists ...[]string) map[string]bool {
	named := map[string]bool{}
	for _, w := range concepts.Words(text) {
		named[strings.ToLower(w)] = true
	}
	stemNamed := map[string]bool{}
	var unnamed []string
	for _, list := range lists {
		for _, m := range list {
			m = strings.ToLower(strings.TrimSpace(strings.ReplaceAll(m, "*", "")))
			stem := concepts.DrugStem(m)
			if stem == "" || strings.Contains(m, " ") || qualified[m] {
				continue
			}
			if named[m] {
				stemNamed[stem] = true
			} else {
				unnamed = append(unnamed, m)
			}
		}
	}
	out := map[string]bool{}
	for _, m := range unnamed {
		if stemNamed[concepts.DrugStem(m)] {
			out[m] = true
		}
	}
	return out
}

// qualified are the descriptors a record gives with a subheading.
func qualified(pairs []string) map[string]bool {
	out := map[string]bool{}
	for _, mq := range pairs {
		if d, _, ok := strings.Cut(mq, "/"); ok {
			out[strings.ToLower(strings.TrimSpace(d))] = true
		}
	}
	return out
}

// otherSenseNote says, for a paper set aside as not mentioning the condition, that it names
// the condition's word in another sense ("; it names ST depression, another thing"), so the
// reason does not read as wrong to a reader who sees "depression" in its abstract.
func otherSenseNote(conditionWords []string, ev domain.Evidence) string {
	for _, ph := range concepts.OtherSensePhrases(ev.Citation.Title + " . " + ev.Content) {
		low := strings.ToLower(ph)
		for _, w := range conditionWords {
			if strings.Contains(low, w) {
				return fmt.Sprintf("; it names %s, another thing", ph)
			}
		}
	}
	return ""
}

// senses are the phrases of another sense the question asks about (concepts.OtherSenses),
// which evidence is read with as the question writes them.
type senses = map[string]bool

// askedSenses are the phrases of another sense the question uses, in any of its concepts'
// wordings or its text.
func askedSenses(set concepts.Set) senses {
	out := concepts.OtherSenses(set.Question)
	for _, c := range set.Concepts {
		for _, t := range append([]string{c.Label()}, c.Terms...) {
			for s := range concepts.OtherSenses(t) {
				out[s] = true
			}
		}
	}
	return out
}

// withoutExclusions is an abstract without its sentences that say who was kept out of the
// study ("Patients with giant cell arteritis were excluded."): what a study excluded is not
// what it studied, so a question's disease named only there does not make it on topic.
//
// Nor is what it adjusted for: "… associated with ACPA-positive RA after adjustment for
// smoking", "Smoking was included as a covariate" name smoking as a confounder of another
// exposure, so they leave a question on smoking unanswered. The adjustment is cut from its
// word to the end of its sentence (or its parenthesis).
func withoutExclusions(text string) string {
	if !strings.Contains(text, "xclu") && !strings.Contains(text, "eligible") && !strings.Contains(text, " not ") &&
		!strings.Contains(text, "djust") && !strings.Contains(text, "ontroll") && !strings.Contains(text, "ovariate") && !strings.Contains(text, "onfounder") && !strings.Contains(text, "ncluded") && !strings.Contains(text, "tratified") &&
		!strings.Contains(text, "permitted") && !strings.Contains(text, "allowed") {
		return text
	}
	sentences := sentenceEnd.Split(text, -1)
	kept := sentences[:0]
	for _, s := range sentences {
		if exclusionSentence.MatchString(s) || covariateSentence.MatchString(s) || permittedSentence.MatchString(s) {
			continue
		}
		kept = append(kept, withoutAdjustment(s))
	}
	return strings.Join(kept, ". ")
}

// withoutAdjustment cuts a sentence's adjustment list: to the end of the sentence when it
// follows the finding ("… (OR 1.8) after adjustment for smoking"), to the first comma when
// it leads ("After adjustment for alcohol, coffee was associated with …").
func withoutAdjustment(s string) string {
	return adjustment.ReplaceAllStringFunc(s, func(m string) string {
		if strings.TrimSpace(s[:strings.Index(s, m)]) == "" {
			if comma := strings.IndexByte(m, ','); comma >= 0 {
				return m[comma:]
			}
		}
		return ""
	})
}

var (
	sentenceEnd = regexp.MustCompile(`[.;]\s+`)
	// exclusionSentence states who was excluded or what was left out: "… were excluded",
	// "… were analysed separately and excluded from the main analysis", "exclusion criteria
	// included …", "… were not eligible", "excluding patients with …", "Women with Marfan
	// syndrome were not included", "Perinatal outcomes such as stillbirth were not examined".
	exclusionSentence = regexp.MustCompile(`(?i)\b(?:(?:were|was|been|are|is)\s+(?:\w+\s+){0,3}excluded|exclusion criteri|an exclusion|excluding (?:patients|participants|women|men|children|those|people|individuals|subjects)|(?:were|was|are|is) (?:not eligible|ineligible)|(?:were|was) not (?:included|enrolled|recruited|examined|assessed|studied|evaluated|measured|analy[sz]ed|considered|investigated)\b)`)
	// adjustment is a model's list of confounders: "adjusted for age, sex and smoking",
	// "after adjustment for known risk factors including maternal age", "controlling for BMI";
	// or a trial's stratification factors: "Randomisation was stratified by smoking history".
	adjustment = regexp.MustCompile(`(?i)\b(?:(?:after|with|multivariable|multivariate|further|additional)\s+)?(?:(?:adjust(?:ed|ing|ment|ments)|controll?(?:ed|ing))\s+for|stratified\s+(?:by|according\s+to|for))\b(?:[^()]|\([^()]*\))*`)
	// permittedSentence names what a trial let patients go on taking: "Concomitant
	// disease-modifying therapy, including ocrelizumab, was permitted if stable".
	permittedSentence = regexp.MustCompile(`(?i)\b(?:concomitant|background|stable|ongoing|continued)\b.*\b(?:was|were)\s+(?:\w+\s+)?(?:permitted|allowed)\b`)
	// covariateSentence names something as a covariate or confounder only: "Smoking was
	// included as a covariate", "Use of statins was treated as a covariate", "Covariates
	// included age, sex and diabetes", "Multivariable Cox regression included age, sex, …".
	covariateSentence = regexp.MustCompile(`(?i)\b(?:(?:was|were)\s+(?:\w+\s+){0,4}(?:as|among)\s+(?:an?\s+)?(?:\w+\s+)?(?:covariates?|confounders?|confounding factors?)|(?:covariates|confounders)\s+(?:included|were|comprised)|(?:regression|regressions|models?)\s+(?:\w+\s+)?(?:included|incorporated)\s+(?:age|sex)\b)\b`)
)

func firstSection(ss []domain.Section) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[0].Text
}

// routeOnly reports whether an intervention's route and form words ("oral", "injections")
// only say how it is given, so that evidence need not repeat them: not when the question
// compares routes (RouteAsked), nor when they are all the concept is ("intraarticular
// injections").
func routeOnly(c concepts.Concept) bool {
	return c.Role == concepts.RoleIntervention && !c.RouteAsked &&
		slices.ContainsFunc(c.Words, func(w string) bool { return !concepts.IsRegimen(w) && !concepts.IsGeneric(w) })
}

// unit is what one word of a concept is matched by: any of its alternatives, each a set of
// stems that must all occur.
type unit [][]string

// units are what a concept is matched by: each word but generic and regimen words (a hyphenated word
// matches when the whole word or all its parts occur; a qualified term such as "type-2" or
// "vitamin-d" only whole, since its parts are any type or any vitamin).
func units(c concepts.Concept) []unit {
	var out []unit
	for i, w := range c.Words {
		if len(c.Words) > 1 && (concepts.IsGeneric(w) || concepts.IsRegimen(w) && routeOnly(c)) {
			// "oral" in "oral α-galactosidase" says how the drug is given: any oral drug
			// would match it (unless the question compares routes of one drug).
			continue
		}
		role := c.Role
		if i == len(c.Words)-2 && concepts.OrganOperation(c) {
			role = concepts.RoleCondition // the organ of "kidney transplantation" goes by "renal" too
		}
		out = append(out, unitOf(w, role))
	}
	return out
}

// derivedForms are a word's forms of another part of speech that its stem does not reach:
// a paper on pregnancy speaks of pregnant women. They match a concept's word in evidence but
// are never searched (a search for "pregnant" ORed with "pregnancy" finds everything obstetric).
// A paper on a drug's use as prophylaxis speaks of preventing the disease ("Olanzapine for
// the prevention of chemotherapy-induced nausea and vomiting").
var derivedForms = map[string][]string{"pregnancy": {"pregnant"}, "pregnant": {"pregnancy"}, "pregnancies": {"pregnant"},
	"prophylaxis": {"prevention", "preventing", "preventive", "prophylactic", "prevent", "prevents", "prevented"},
	// Surgical patients are patients having surgery.
	"surgical": {"surgery", "surgeries"}}

// unitOf is what one word is matched by: the word, all its parts for a hyphenated word
// that is not a qualified term ("hearing-loss" matches "hearing loss"), and, in a condition,
// the words naming the same kind of disease ("prostate cancer" is indexed "Prostatic
// Neoplasms").
func unitOf(w string, role concepts.Role) unit {
	u := unit{{concepts.Stem(w)}}
	if strings.ContainsRune(w, '-') && !concepts.Qualified(w) {
		var parts []string
		for _, p := range strings.Split(w, "-") {
			if p != "" && !concepts.Drop(p) {
				parts = append(parts, concepts.Stem(p))
			}
		}
		if len(parts) > 0 {
			u = append(u, parts)
		}
		u = append(u, []string{concepts.Stem(strings.ReplaceAll(w, "-", ""))})
	}
	if role == concepts.RoleCondition {
		for _, k := range concepts.SameKindOfDisease(w) {
			u = append(u, []string{concepts.Stem(k)})
		}
		for _, k := range concepts.OrganNames(w) {
			// "kidney disease" is "renal disease"; "bowel cancer" is in "Colorectal Neoplasms".
			u = append(u, []string{concepts.Stem(k)})
		}
		for _, k := range concepts.NounsOfAdjective(w) {
			// "eclamptic seizures" are eclampsia's; "neuropathic pain" is a neuropathy's.
			u = append(u, []string{concepts.Stem(k)})
		}
	}
	for _, f := range derivedForms[w] {
		u = append(u, []string{concepts.Stem(f)})
	}
	for _, f := range concepts.WordForms(w) {
		// "ischaemic" is matched by "ischemic", "eczema" by "atopic dermatitis" (all its words).
		var alt []string
		for _, fw := range concepts.Words(f) {
			if !concepts.IsStopword(fw) {
				alt = append(alt, concepts.Stem(fw))
			}
		}
		if len(alt) > 0 {
			u = append(u, alt)
		}
	}
	return u
}

// stems are every stem a unit names, for ranking.
func (u unit) stems() []string {
	var out []string
	for _, alt := range u {
		out = append(out, alt...)
	}
	return out
}

func (d doc) has(u unit) bool {
	for _, alt := range u {
		all := len(alt) > 0
		for _, st := range alt {
			if d.tf[st] == 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// matches reports whether the doc matches a concept: at least half of its units (a single
// word must occur; every unit of an intervention or comparator), any of its learnt terms,
// headings or class members counting as a match of the whole concept.
func (d doc) matches(c concepts.Concept) bool {
	us := units(c)
	if len(us) == 0 {
		return false
	}
	for s := range concepts.OtherSenses(strings.Join(c.Words, " ")) {
		// "respiratory depression" is not matched by a paper on major depression: the
		// phrase must occur whole.
		if d.tf[concepts.Stem(s)] == 0 && !d.hasTerm(c) {
			return false
		}
	}
	n, core := 0, 0
	kindHead := kindOfDiseaseHead(c, us)
	for i, u := range us {
		if d.has(u) && i != kindHead {
			n++
			if !actionHead(c, us, u) {
				core++
			}
		}
	}
	// A qualified term is what tells the concept from its neighbours ("type-1 diabetes" from
	// "type-2 diabetes"): it must occur.
	for _, w := range c.Words {
		if concepts.Qualified(w) && !d.has(unitOf(w, c.Role)) && !d.hasTerm(c) {
			return false
		}
	}
	if (c.Setting || concepts.OrganOperation(c)) && len(us) > 1 {
		// "kidney transplant recipients" are not heart transplant recipients, and a liver
		// resection is no lung resection: the organ must occur, in one of its names.
		for _, w := range c.Words {
			if names := concepts.OrganNames(w); names != nil && !slices.ContainsFunc(append(names, w), func(n string) bool { return d.has(unitOf(n, c.Role)) }) && !d.hasTerm(c) {
				return false
			}
		}
	}
	if concepts.OrganOperation(c) && !strings.HasPrefix(c.Words[len(c.Words)-1], "resection") && len(us) > 1 && !d.has(us[len(us)-1]) && !d.hasTerm(c) {
		// Nor is a paper on the liver one on liver transplantation. (A resection goes by
		// the organ's "-ectomy" too: "hepatectomy".)
		return false
	}
	if c.Role == concepts.RoleCondition && len(us) > 1 {
		if h := concepts.HeadWord(c); h != "" && !d.has(unitOf(h, c.Role)) && !d.hasTerm(c) {
			return false
		}
		for _, w := range c.Words[:len(c.Words)-1] {
			// Nor does a paper on tennis elbow answer one on Achilles tendinopathy: the part of
			// the body a joint or tendon disease is named by must occur.
			if names := concepts.BodySiteNames(w); names != nil && !slices.ContainsFunc(names, func(n string) bool { return d.has(unitOf(n, c.Role)) }) && !d.hasTerm(c) {
				return false
			}
		}
		for _, w := range append(concepts.OrganWords(c), concepts.KindWords(c)...) {
			// Nor is heart failure matched by renal or treatment failure: the organ that says
			// which disease of the head's kind it is must occur, in one of its names.
			if !d.has(unitOf(w, c.Role)) && !d.hasTerm(c) {
				return false
			}
		}
		if o := concepts.CancerOrgan(c); o != "" && !d.has(unitOf(o, c.Role)) && !d.hasTerm(c) {
			// A lung cancer paper does not answer a question on colorectal cancer.
			return false
		}
	}
	if c.Class != "" && (c.Role == concepts.RoleIntervention || c.Role == concepts.RoleComparator) && len(us) > 1 &&
		!d.has(us[len(us)-1]) && !d.hasTerm(c) {
		// "antenatal corticosteroids" is matched by the class, not by "antenatal" alone: a
		// paper on antenatal magnesium sulphate is not about it.
		return false
	}
	need := (len(us) + 1) / 2
	if kindHead >= 0 {
		// "Marfan syndrome" is not matched by "Ehlers-Danlos syndrome": a word every
		// syndrome shares counts for nothing; the head must still occur (above).
		need = len(us) / 2
	}
	if (c.Role == concepts.RoleIntervention || c.Role == concepts.RoleComparator) && len(us) <= 2 && namesDrug(c) {
		// A drug is named exactly: "estradiol" alone is not "ethinyl estradiol".
		need = len(us)
	}
	if (c.Role == concepts.RoleIntervention || c.Role == concepts.RoleComparator) && concepts.NamesInstrument(c.Words) {
		// So is a scale, score or rule: the Ottawa knee rule is not the Ottawa ankle rule.
		need = len(us)
		if len(us) > 1 && len(us) == len(c.Words) && numberedInstrument(c) {
			// A name with a number says which ("FIB-4 index" is written "FIB-4", "PHQ-9
			// questionnaire" "PHQ-9"): the kind of instrument may go unsaid, the name not.
			return !slices.ContainsFunc(us[:len(us)-1], func(u unit) bool { return !d.has(u) }) || d.hasTerm(c)
		}
	}
	if c.Role == concepts.RoleIntervention || c.Role == concepts.RoleComparator {
		for _, w := range c.Words {
			if len(c.Words) > 1 && concepts.IsVaccineWord(w) && !d.has(unitOf(w, c.Role)) && !d.hasTerm(c) {
				// "HPV vaccine" is not "HPV testing": the vaccine is what is given.
				return false
			}
		}
	}
	if n >= need && core > 0 {
		return true
	}
	return d.hasTerm(c)
}

// kindOfDiseaseHead is the index of a condition's last unit when the condition is a name
// ("Marfan syndrome", "Crohn's disease", "Ehlers-Danlos syndrome": every word before the
// head written with a capital) and the head only says what kind of disease it is; -1
// otherwise ("a single syndrome", "chronic kidney disease").
func kindOfDiseaseHead(c concepts.Concept, us []unit) int {
	if c.Role != concepts.RoleCondition || len(us) < 2 || len(c.Words) != len(us) {
		return -1
	}
	switch c.Words[len(c.Words)-1] {
	case "syndrome", "syndromes", "disease", "diseases", "disorder", "disorders":
	default:
		return -1
	}
	written := strings.Fields(c.Label())
	if len(written) != len(c.Words) {
		return -1
	}
	for _, w := range written[:len(written)-1] {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
			return -1
		}
	}
	return len(us) - 1
}

// namedMembers maps each drug a question names after its own class ("PPIs (omeprazole,
// Nexium)") to that class's concept: the class is what is asked about, so a paper on any of
// its members answers for the named one.
func namedMembers(set concepts.Set) map[int]int {
	out := map[int]int{}
	for i, m := range set.Concepts {
		if m.Role != concepts.RoleIntervention || m.Generic || m.Class != "" || len(m.Words) != 1 {
			continue
		}
		for k, c := range set.Concepts[:i] {
			// The class named first, its members after as examples; not "Ruxolitinib (JAK1/2
			// inhibitor)", where the class only says what the drug is.
			if c.Role != concepts.RoleIntervention || c.Class == "" {
				continue
			}
			if slices.ContainsFunc(append([]string{m.Text}, m.Terms...), func(t string) bool { return concepts.ClassMember(c, t) }) {
				out[i] = k
				break
			}
		}
	}
	return out
}

// numberedInstrument reports whether a concept names a scale, score or index by a name with
// a number before its kind ("FIB-4 index", "PHQ-9 questionnaire"): the name alone says which.
func numberedInstrument(c concepts.Concept) bool {
	return (c.Role == concepts.RoleIntervention || c.Role == concepts.RoleComparator) && len(c.Words) > 1 && concepts.NamesInstrument(c.Words) &&
		slices.ContainsFunc(c.Words[:len(c.Words)-1], func(w string) bool { return strings.ContainsAny(w, "0123456789") })
}

// actionHead reports whether a unit of a given concept of several is only the word of how
// a drug acts ("inhibitors" in "JAK inhibitors", "antibodies" in "CGRP antibodies") or of
// what kind of thing is given ("diet"): shared by every one of its kind, it never matches the
// concept on its own ("TNF inhibitors" are not "JAK inhibitors", a gluten-free diet is not a
// low FODMAP diet).
func actionHead(c concepts.Concept, us []unit, u unit) bool {
	return (c.Role == concepts.RoleIntervention || c.Role == concepts.RoleComparator) && len(us) > 1 &&
		len(u) > 0 && len(u[0]) == 1 && actionHeads[u[0][0]]
}

// actionHeads are the stems of the words that name how a drug acts, not which drug, or what
// kind of thing is given, not which ("diet" in "low FODMAP diet", "programme" in "Otago
// exercise programme").
var actionHeads = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("inhibitor inhibitors blocker blockers antagonist antagonists agonist agonists antibody antibodies modulator modulators analogue analogues analog analogs diet diets programme programmes program programs training education counselling counseling dressing dressings app apps") {
		m[concepts.Stem(w)] = true
	}
	return m
}()

// hasTerm reports whether the doc names a concept by one of its other wordings: a synonym,
// a learnt or class MeSH heading, a class member by name or by the class's suffix.
func (d doc) hasTerm(c concepts.Concept) bool {
	if d.hasMember(c) {
		return true
	}
	for _, t := range slices.Concat(c.Terms[min(1, len(c.Terms)):], c.MeSH, c.Members, concepts.BrandsOf(c)) {
		ws := concepts.Words(t)
		all := len(ws) > 0
		for _, w := range ws {
			// Only stopwords are skipped: a synonym's single letter counts ("vitamin d" is
			// not any vitamin).
			if concepts.IsStopword(w) {
				continue
			}
			if c.Role == concepts.RoleCondition && concepts.SameKindOfDisease(w) != nil {
				// A disease's other name is matched as the disease is: "non-small cell lung
				// cancer" by "non-small-cell lung carcinoma".
				if !d.has(unitOf(w, c.Role)) {
					all = false
					break
				}
				continue
			}
			if d.tf[concepts.Stem(w)] == 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// hasMember reports whether the doc names a member of the drug class a concept names by
// the class's suffix ("atorvastatin" for "statins"), which the member list may not hold.
func (d doc) hasMember(c concepts.Concept) bool {
	if c.Class == "" {
		return false
	}
	for s := range d.tf {
		if concepts.ClassMember(c, s) {
			return true
		}
	}
	return false
}

// Mark sets every evidence's Topic: its score in [0,1] and, when it misses the required
// concept or too many of the others, OffTopic with a reason in plain words. An empty set
// (no concepts) leaves the evidence unscored.
func Mark(set concepts.Set, evs []domain.Evidence) {
	if len(set.Concepts) == 0 || len(evs) == 0 {
		return
	}
	docs := make([]doc, len(evs))
	asked := askedSenses(set)
	avg := 0.0
	for i, ev := range evs {
		docs[i] = newDoc(ev, asked)
		avg += float64(docs[i].len)
	}
	avg /= float64(len(evs))
	if avg == 0 {
		avg = 1
	}
	// Document frequencies over the evidence set itself, smoothed, so a word every paper
	// shares weighs little and the one only the answering paper uses weighs most.
	df := map[string]int{}
	var queryStems []string
	seenQ := map[string]bool{}
	for _, c := range set.Concepts {
		if c.Generic {
			continue
		}
		for _, u := range units(c) {
			for _, s := range u.stems() {
				if !seenQ[s] {
					seenQ[s] = true
					queryStems = append(queryStems, s)
				}
			}
		}
	}
	for _, d := range docs {
		for _, s := range queryStems {
			if d.tf[s] > 0 {
				df[s]++
			}
		}
	}
	n := float64(len(evs))
	bm := make([]float64, len(evs))
	maxBM := 0.0
	for i, d := range docs {
		for _, s := range queryStems {
			tf := float64(d.tf[s])
			if tf == 0 {
				continue
			}
			idf := math.Log(1 + (n-float64(df[s])+0.5)/(float64(df[s])+0.5))
			bm[i] += idf * tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*float64(d.len)/avg))
		}
		maxBM = math.Max(maxBM, bm[i])
	}
	required := append(set.Required(), purposes(set)...)
	isReq := map[int]bool{}
	for _, r := range required {
		isReq[r] = true
	}
	// A required concept made only of broad words ("pain", "pregnancy") is not enough on its
	// own when the question names something more specific: such a paper must also match one
	// of the specific concepts ("knee replacement", "kell alloimmunization").
	var specificIdx []int
	for i, c := range set.Concepts {
		if !c.Generic && !c.Broad && (c.Role == concepts.RoleCondition || c.Role == concepts.RoleIntervention || c.Role == concepts.RoleOther) {
			specificIdx = append(specificIdx, i)
		}
	}
	own := distinctive(set.Concepts)
	classOfMember := namedMembers(set)
	for i := range evs {
		d := docs[i]
		var total, got float64
		var missing, missingReq []string
		var missingIv, missingCond, missingSetting, missingPurpose, missingCondWords []string
		operation := false // a missing setting is an operation ("total hip arthroplasty")
		matched := map[int]bool{}
		for ci, c := range set.Concepts {
			if c.Generic {
				continue
			}
			w := weight(c)
			total += w
			if d.matches(c) && (d.hasOwn(own[ci]) || d.hasTerm(c)) {
				got += w
				matched[ci] = true
				continue
			}
			if k, ok := classOfMember[ci]; ok && d.matches(set.Concepts[k]) {
				// "Long-term PPIs (omeprazole, Nexium) and hip fracture": a paper on the class
				// answers for the member named beside it.
				got += w
				matched[ci] = true
				continue
			}
			missing = append(missing, c.Label())
			if isReq[ci] {
				missingReq = append(missingReq, c.Label())
				switch {
				case c.Role == concepts.RoleIntervention:
					missingIv = append(missingIv, c.Label())
				case c.Setting:
					missingSetting = append(missingSetting, c.Label())
					operation = operation || concepts.Procedure(c.Words)
				case c.Role == concepts.RoleOutcome:
					missingPurpose = append(missingPurpose, c.Label())
				default:
					missingCond = append(missingCond, c.Label())
					missingCondWords = append(missingCondWords, c.Words...)
				}
			}
		}
		cov := 0.0
		if total > 0 {
			cov = got / total
		}
		norm := 0.0
		if maxBM > 0 {
			norm = bm[i] / maxBM
		}
		onlyBroad := len(specificIdx) > 0
		for _, si := range specificIdx {
			if matched[si] {
				onlyBroad = false
			}
		}
		t := &domain.Topic{Score: round3(0.7*cov + 0.3*norm)}
		clash := conflict(set, evs[i])
		aside := passing(set, evs[i]) // named in passing only
		switch {
		case len(required) > 0 && len(missingReq) == len(required) && len(missingIv) == 0:
			t.OffTopic = true
			what := "the question's subject"
			if set.Concepts[required[0]].Role == concepts.RoleCondition {
				what = "the condition"
			}
			t.Reason = fmt.Sprintf("does not mention %s (%s)", what, strings.Join(missingReq, " or ")) + otherSenseNote(missingCondWords, evs[i])
		case len(missingIv) > 0 && len(missingCond)+len(missingSetting) > 0:
			t.OffTopic = true
			t.Reason = fmt.Sprintf("does not study %s in %s", strings.Join(missingIv, " or "), strings.Join(append(missingCond, missingSetting...), " or "))
		case len(missingIv) > 0:
			t.OffTopic = true
			t.Reason = fmt.Sprintf("does not study %s", strings.Join(missingIv, " or "))
		case len(missingCond) > 0:
			t.OffTopic = true
			t.Reason = fmt.Sprintf("does not mention the condition (%s)", strings.Join(missingCond, " or ")) + otherSenseNote(missingCondWords, evs[i])
		case len(missingSetting) > 0:
			t.OffTopic = true
			if operation {
				t.Reason = fmt.Sprintf("does not mention the operation (%s)", strings.Join(missingSetting, " or "))
			} else {
				// "dialysis patients", "kidney transplant recipients": who, not an operation.
				t.Reason = fmt.Sprintf("does not study %s", strings.Join(missingSetting, " or "))
			}
		case len(missingPurpose) > 0:
			t.OffTopic = true
			t.Reason = fmt.Sprintf("does not study %s for %s", set.InterventionText(), strings.Join(missingPurpose, " or "))
		case onlyBroad && len(matched) > 0:
			t.OffTopic = true
			var shared, need []string
			for ci := range set.Concepts {
				if matched[ci] {
					shared = append(shared, set.Concepts[ci].Label())
				}
			}
			for _, si := range specificIdx {
				need = append(need, set.Concepts[si].Label())
			}
			t.Reason = fmt.Sprintf("shares only broad words with the question (%s), not %s", strings.Join(shared, ", "), strings.Join(need, " or "))
		case cov < MinCoverage:
			t.OffTopic = true
			t.Reason = fmt.Sprintf("matches too few of the question's concepts (missing: %s)", strings.Join(missing, ", "))
		case clash != "":
			// About what the question excludes: children for adults, the chronic disease for
			// the acute one.
			t.OffTopic = true
			t.Reason = clash
		case aside != "":
			t.OffTopic = true
			t.Reason = aside
		case set.Kind == domain.QuestionOpen && !StudiesATreatment(evs[i]):
			// "What drugs could treat X?" is answered by treatments studied in X, not by
			// X's prevalence or prognosis.
			t.OffTopic = true
			t.Reason = "studies no treatment"
			if cond := set.ConditionText(); cond != "" {
				t.Reason += " of " + cond
			}
		}
		evs[i].Topic = t
	}
}

// passing returns why a paper names the asked intervention only in passing, "" when it does
// not: its title studies another treatment ("ECMO for very severe ARDS" under a question on
// prone positioning), or another test under a question on a test ("the Lachman, anterior
// drawer and pivot shift tests" under one on MRI), and the asked one is in neither its
// title, its MeSH headings, its substances nor its registered interventions, only once in
// the abstract (a covariate, the background, a reference standard).
func passing(set concepts.Set, ev domain.Evidence) string {
	if set.Kind != domain.QuestionIntervention || ev.Citation.Title == "" {
		// A test goes by many names ("quantitative faecal haemoglobin" for FIT): its title
		// may name it in words the question does not use.
		return ""
	}
	if why := addOnTo(set, ev.Citation.Title); why != "" {
		return why
	}
	if why := resistantTo(set, ev.Citation.Title); why != "" {
		return why
	}
	if why := priorOnly(set, ev.Citation.Title); why != "" {
		return why
	}
	head := ev
	head.Content, head.Citation.Sections = "", nil
	hd := newDoc(head, askedSenses(set))
	var asked []concepts.Concept
	for _, c := range set.Concepts {
		if c.Role == concepts.RoleIntervention && !c.Generic {
			if hd.matches(c) || hd.hasTerm(c) {
				return ""
			}
			asked = append(asked, c)
		}
	}
	if len(asked) == 0 {
		return ""
	}
	title, err := concepts.Extract(ev.Citation.Title)
	if err != nil {
		return ""
	}
	// (What the patients had before or have throughout is not counted: "after failure of
	// ustekinumab", "background spironolactone" name it again and again in a trial of another
	// drug.)
	body := newDoc(domain.Evidence{Content: priorPhrase.ReplaceAllString(ev.Content, " , ")}, askedSenses(set))
	for _, c := range asked {
		if body.mentions(c) > 1 {
			return "" // named again and again: studied, whatever the title says
		}
	}
	for _, tc := range title.Concepts {
		if set.Diagnostic && slices.ContainsFunc(tc.Words, func(w string) bool {
			return concepts.IsDrugName(w) || strings.HasPrefix(w, "resistan") || strings.HasPrefix(w, "susceptib")
		}) {
			// Under a question on a test, a drug in the title is what the test looks for or
			// around ("detection of tuberculosis and rifampin resistance"), not another test.
			continue
		}
		if tc.Role == concepts.RoleIntervention && !tc.Generic && !tc.Broad && !kindOf(tc, asked) && !tc.ControlArm() {
			// (Usual care or placebo in the title is what the asked treatment was compared
			// with: "… after gastric bypass compared with usual care".)
			return fmt.Sprintf("studies %s; names %s only in passing", tc.Label(), asked[0].Label())
		}
	}
	return ""
}

// addOnTo returns why a paper studies another treatment added to the asked one, "" when it
// does not: "Erythropoietin as an adjunct to therapeutic hypothermia for neonatal
// encephalopathy" gives every infant hypothermia and measures erythropoietin, so it says
// nothing of what hypothermia does. The asked treatment must be named only after the add-on
// phrase, and a treatment that is not the asked one before it.
func addOnTo(set concepts.Set, title string) string {
	lower := strings.ToLower(title)
	for _, marker := range addOnMarkers {
		at := strings.Index(lower, marker)
		if at <= 0 {
			continue
		}
		before, after := title[:at], title[at+len(marker):]
		bd, ad := newDoc(domain.Evidence{Content: before}, askedSenses(set)), newDoc(domain.Evidence{Content: after}, askedSenses(set))
		var asked []concepts.Concept
		for _, c := range set.Concepts {
			if c.Role != concepts.RoleIntervention || c.Generic {
				continue
			}
			if bd.matches(c) || bd.hasTerm(c) {
				return "" // the asked treatment is the one added
			}
			if ad.matches(c) || ad.hasTerm(c) {
				asked = append(asked, c)
			}
		}
		if len(asked) == 0 {
			continue
		}
		added, err := concepts.Extract(before)
		if err != nil {
			continue
		}
		for _, tc := range added.Concepts {
			if tc.Role == concepts.RoleIntervention && !tc.Generic && !tc.Broad && !kindOf(tc, asked) {
				return fmt.Sprintf("studies %s added to %s, not %s itself", tc.Label(), asked[0].Label(), asked[0].Label())
			}
		}
	}
	return ""
}

// priorOnly returns why a title names the asked treatment only as what the patients had
// before or have throughout, while it studies another ("Amivantamab … after disease
// progression on osimertinib", "Evolocumab and incident diabetes … on background statin
// therapy", "Letrozole versus tamoxifen …: outcomes by prior hormone replacement therapy
// use"), "" otherwise: the title without those phrases no longer names it, and still names
// a treatment of its own.
func priorOnly(set concepts.Set, title string) string {
	if !priorPhrase.MatchString(title) {
		return ""
	}
	rest := priorPhrase.ReplaceAllString(title, " , ")
	whole, left := newDoc(domain.Evidence{Citation: domain.Citation{Title: title}}, askedSenses(set)), newDoc(domain.Evidence{Citation: domain.Citation{Title: rest}}, askedSenses(set))
	var asked []concepts.Concept
	for _, c := range set.Concepts {
		if c.Role != concepts.RoleIntervention || c.Generic {
			continue
		}
		if left.matches(c) || left.hasTerm(c) {
			return "" // named outside those phrases too
		}
		if whole.matches(c) || whole.hasTerm(c) {
			asked = append(asked, c)
		}
	}
	if len(asked) == 0 {
		return ""
	}
	other, err := concepts.Extract(rest)
	if err != nil {
		return ""
	}
	for _, tc := range other.Concepts {
		if tc.Role == concepts.RoleIntervention && !tc.Generic && !tc.Broad && !kindOf(tc, asked) && !tc.ControlArm() {
			return fmt.Sprintf("studies %s; names %s only as prior or background treatment", tc.Label(), asked[0].Label())
		}
	}
	return ""
}

// priorPhrase is, in a title, what the patients had before or have throughout: the words
// after "progression on", "failure of", "previously treated with", "prior", "background",
// "on top of" (up to four, to a comma, a colon or a joining word).
var priorPhrase = regexp.MustCompile(`(?i)\b(?:(?:disease\s+)?(?:progression|progressing|progressed|relapsed|relapse|relapsing|failure|failing|failed|refractory|resistant|intolerant|intolerance)\s+(?:on|after|with|of|to)|previously\s+(?:treated\s+with|exposed\s+to|received)|pretreated\s+with|(?:inadequate|insufficient|incomplete|loss\s+of)\s+response\s+to|prior|previous|background|on\s+top\s+of)\s+(?:[^\s,:;()]+\s*?){1,4}?(?:\s*(?:$|[,:;()]|\b(?:and|or|in|for|with|versus|vs|compared|among|by|use|users|exposure)\b))`)

// resistantTo returns why a title names the asked treatment only as what the patients'
// disease withstood ("ECT augmentation in clozapine-resistant schizophrenia" under "clozapine
// for treatment-resistant schizophrenia"), "" otherwise.
func resistantTo(set concepts.Set, title string) string {
	lower := strings.ToLower(title)
	for _, c := range set.Concepts {
		if c.Role != concepts.RoleIntervention || c.Generic || len(c.Words) != 1 {
			continue
		}
		w := c.Words[0]
		if !strings.Contains(lower, w) {
			continue
		}
		named, withstood := strings.Count(lower, w), 0
		for _, suf := range []string{"-resistant", "-refractory", "-naive", "-naïve", "-intolerant"} {
			withstood += strings.Count(lower, w+suf)
		}
		if withstood > 0 && withstood == named {
			return fmt.Sprintf("names %s only as what the disease withstood", c.Label())
		}
	}
	return ""
}

// addOnMarkers introduce, in a title, the treatment every patient already has.
var addOnMarkers = []string{" as an adjunct to ", " as adjunct to ", " as an add-on to ", " as add-on to ", " added to ",
	" in addition to ", " on top of ", " as adjunctive therapy to "}

// mentions counts how often a text names a concept: the fewest occurrences of any of its
// content words.
func (d doc) mentions(c concepts.Concept) int {
	n := -1
	for i, w := range c.Words {
		if concepts.Drop(w) || i == len(c.Words)-1 && numberedInstrument(c) ||
			len(c.Words) > 1 && (concepts.IsGeneric(w) || concepts.IsRegimen(w) && routeOnly(c)) {
			// (As units does: "intravenous" in "intravenous alteplase" says how it is given.)
			continue
		}
		k := d.tf[concepts.Stem(w)]
		if n < 0 || k < n {
			n = k
		}
	}
	return max(n, 0)
}

// kindOf reports whether a treatment a title names is one of the asked ones by another
// name: a member of its class ("edoxaban" for DOACs) or a word holding the asked word
// ("cryoablation" for catheter ablation).
func kindOf(tc concepts.Concept, asked []concepts.Concept) bool {
	for _, c := range asked {
		for _, w := range tc.Words {
			if concepts.ClassMember(c, w) {
				return true
			}
			for _, a := range c.Words {
				if len(a) >= 5 && strings.Contains(w, a) || len(w) >= 5 && strings.Contains(a, w) {
					return true
				}
				// Or by its other name: "computed tomography" for "non-contrast head CT".
				if slices.Contains(concepts.WordForms(a), tc.Text) {
					return true
				}
			}
		}
	}
	return false
}

// distinctive returns, for each intervention or comparator that shares words with another
// ("laparoscopic appendectomy" against "open appendectomy"), the words that tell it apart:
// a paper must name them too, since one about any appendectomy matches the shared word.
func distinctive(cs []concepts.Concept) [][]string {
	out := make([][]string, len(cs))
	given := func(c concepts.Concept) bool {
		return !c.Generic && (c.Role == concepts.RoleIntervention || c.Role == concepts.RoleComparator)
	}
	for i, c := range cs {
		if !given(c) {
			continue
		}
		shared := map[string]bool{}
		for j, o := range cs {
			if j == i || !given(o) {
				continue
			}
			for _, w := range o.Words {
				shared[concepts.Stem(w)] = true
			}
		}
		var own []string
		anyShared := false
		for _, w := range c.Words {
			switch {
			case shared[concepts.Stem(w)]:
				anyShared = true
			case !concepts.IsGeneric(w):
				// A class word tells nothing apart ("vitamin D treatment" beside "vitamin D
				// supplementation"); a route does ("intravenous iron" against "oral iron").
				own = append(own, w)
			}
		}
		if anyShared {
			out[i] = own
		}
	}
	return out
}

// hasOwn reports whether the doc names a concept's own words, at least half of them as a
// concept's words are matched ("laparoscopic" alone must occur).
func (d doc) hasOwn(words []string) bool {
	n := 0
	for _, w := range words {
		if d.has(unitOf(w, "")) {
			n++
		}
	}
	return n >= (len(words)+1)/2
}

// weight of a concept in the coverage: the condition and intervention are what a question
// is about; outcome and population words are often phrased differently in an abstract.
func weight(c concepts.Concept) float64 {
	switch c.Role {
	case concepts.RoleCondition, concepts.RoleIntervention:
		return 2
	case concepts.RoleOther:
		return 1.5
	}
	return 1
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// purposes are the outcomes a paper must also study (concepts.MarkPurposes, marked again
// here so a run stored before the mark existed is scored as it was).
func purposes(set concepts.Set) []int {
	set = set.Clone()
	concepts.MarkPurposes(&set)
	var out []int
	for i, c := range set.Concepts {
		if c.Purpose {
			out = append(out, i)
		}
	}
	return out
}

// namesDrug reports whether a concept's wording names a drug (a word of the drug
// vocabulary or with a drug's name ending).
func namesDrug(c concepts.Concept) bool {
	for _, w := range c.Words {
		if concepts.IsDrugName(w) {
			return true
		}
	}
	return false
}
