package relevance

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
)

// A paper can name every concept of a question and still be about something the question
// excludes: children when it asks about adults, chronic pancreatitis when it asks about the
// acute disease. These rules set such a paper aside only when it says so plainly and never
// names what the question asks for, so a paper that covers both stays on topic.

// ageGroup is children or adults, as a question restricts its patients and a paper states
// them in its words or its MeSH age headings.
type ageGroup struct {
	name  string
	words map[string]bool
	mesh  map[string]bool
}

var (
	childAge = ageGroup{"children", set(`children child paediatric pediatric infants infant neonates neonatal newborn newborns
adolescents adolescent teenagers teenage kids boys girls schoolchildren toddlers preschool juvenile youth`),
		set(`child|child, preschool|infant|infant, newborn|adolescent`)}
	// "aged" and "older" are left out of a paper's words: "children aged 2 to 8 years",
	// "children 6 years or older".
	adultAge = ageGroup{"adults", set(`adults adult elderly geriatric`),
		set(`adult|aged|aged, 80 and over|middle aged|young adult`)}
	// Older adults are stated by "older" too: a paper that names only children and young
	// adults ("adolescents aged 12 to 19", MeSH Young Adult) is not about them.
	olderAge = ageGroup{"older adults", set(`older elderly geriatric octogenarians nonagenarians`),
		set(`aged|aged, 80 and over|frail elderly`)}
)

// olderAdults are older people by the phrases a question or a title names them with.
var olderAdults = setting{"older adults", []string{"older adults", "older people", "older patients", "elderly", "geriatric", "octogenarians", "older persons"}}

// settings are pairs of groups of patients or staff a question may restrict itself to that
// exclude each other, each named by phrases found in a question's population and a paper's
// title or abstract: older people living at home are not care-home residents; nurses are
// not physicians.
var settings = [][2]setting{
	{{"people living in the community", []string{"community-dwelling", "community dwelling", "living in the community", "home-dwelling", "living at home", "community-based"}},
		{"care-home residents", []string{"nursing home", "nursing-home", "care home", "care-home", "residential care", "long-term care facilit", "aged care facilit"}}},
	{{"nurses", []string{"nurse", "nurses", "nursing staff"}},
		{"physicians", []string{"physician", "physicians", "doctors", "intensivists", "surgeons", "anaesthetists", "anesthesiologists"}}},
	// A drug's safety in breastfeeding is not its safety in pregnancy (the infant's exposure
	// through milk against the fetus's through the placenta), nor the other way round.
	{{"breastfeeding", []string{"breastfeeding", "breast-feeding", "breastfed", "breast-fed", "lactation", "lactating", "breast milk", "human milk", "nursing mothers"}},
		{"pregnancy", []string{"pregnancy", "pregnant", "prenatal", "antenatal", "in utero", "gestation", "gestational", "fetal", "foetal"}}},
	// Care in the emergency department is not care before it, in the ambulance.
	{{"emergency department patients", []string{"emergency department", "emergency departments", "emergency room"}},
		{"prehospital care", []string{"prehospital", "pre-hospital", "ambulance", "paramedic", "paramedics"}}},
	// Patients in intensive care are not care-home residents.
	{{"intensive care patients", []string{"intensive care", "intensive-care", "icu", "critically ill", "critical care"}},
		{"care-home residents", []string{"nursing home", "nursing-home", "care home", "care-home", "residential care", "long-term care facilit", "aged care facilit"}}},
	// People in rural areas are not people in cities.
	{{"rural populations", []string{"rural"}}, {"urban populations", []string{"urban", "city", "cities"}}},
	// A trial in men only does not answer a question about postmenopausal women.
	{{"women", []string{"women", "woman", "female", "females", "postmenopausal", "mothers", "girls"}},
		{"men", []string{"men", "man", "male", "males", "boys"}}},
	// Screening or treating smokers is not screening people who never smoked.
	{{"smokers", []string{"smokers", "heavy smokers", "current smokers", "ever smokers", "ever-smokers"}},
		{"never-smokers", []string{"never-smokers", "never smokers", "never-smoking", "never smoking", "non-smokers", "nonsmokers", "non-smoking", "never smoked"}}},
	// Babies born extremely preterm are not those born late preterm or at term.
	{{"extremely preterm", []string{"extremely preterm", "extreme prematurity", "extremely premature", "extremely low gestational age"}},
		{"late preterm or term", []string{"late preterm", "moderate preterm", "moderate-to-late preterm", "early term", "born at term"}}},
	// Older adults are neither young and middle-aged ones nor pregnant women.
	{olderAdults,
		{"younger adults", []string{"young adults", "younger adults", "young and middle-aged", "middle-aged adults", "young people"}}},
	{olderAdults,
		{"pregnancy", []string{"pregnancy", "pregnant", "antenatal", "prenatal"}}},
}

// stages are pairs of the stage of a disease or the line of its treatment that exclude each
// other, each named by phrases found in a question and a paper's title: a trial of
// adjuvant osimertinib after resection does not answer a question on first-line osimertinib
// in advanced disease, nor one after progression on another drug.
var stages = [][2]setting{
	{{"advanced or metastatic disease", []string{"advanced", "metastatic", "unresectable", "inoperable", "stage iv"}},
		{"early or resected disease", []string{"adjuvant", "resected", "resection", "early-stage", "early stage", "early breast", "neoadjuvant", "nonmetastatic", "non-metastatic", "localised", "localized"}}},
	{{"first-line treatment", []string{"first-line", "first line", "initial therapy", "previously untreated", "treatment-naive", "treatment-naïve", "newly diagnosed", "untreated"}},
		{"later lines", []string{"second-line", "second line", "after progression", "previously treated", "relapsed", "refractory", "pretreated", "switching", "switch", "virologically suppressed"}}},
	{{"castration-resistant disease", []string{"castration-resistant", "castration resistant", "crpc"}},
		{"hormone-sensitive disease", []string{"hormone-sensitive", "castration-sensitive", "hormone sensitive", "castration sensitive"}}},
	{{"primary prevention", []string{"primary prevention", "primary-prevention"}},
		{"secondary prevention", []string{"secondary prevention", "secondary-prevention"}}},
	// How a programme is delivered is part of what it is: a therapy delivered face to face
	// does not answer a question on the same therapy delivered online, a programme at home
	// one on a programme in schools.
	{{"delivery online", []string{"internet-delivered", "internet-based", "internet", "online", "web-based", "smartphone", "app-based", "mobile app", "digital"}},
		{"face-to-face delivery", []string{"face-to-face", "face to face", "in-person", "in person"}}},
	{{"delivery in schools", []string{"school-based", "school based", "schools", "school"}},
		{"delivery at home", []string{"home-based", "home based", "at home", "family-based"}}},
	{{"delivery at home", []string{"home-based", "home based", "at home"}},
		{"delivery in a centre", []string{"centre-based", "center-based", "hospital-based", "clinic-based"}}},
}

// stageConflict returns the other side of a stage or line pair the question names, when the
// paper's title names only that side, "" otherwise. Only the title is read: an abstract's
// background names every stage.
func stageConflict(q concepts.Set, title string) string {
	return pairConflict(stages, strings.ToLower(q.Question), title)
}

// pairConflict returns the other side of a pair the question names one side of, when the
// text names only that other side ("studies care-home residents, not people living in the
// community"), "" otherwise.
func pairConflict(pairs [][2]setting, question, text string) string {
	for _, pair := range pairs {
		for k := range pair {
			want, other := pair[k], pair[1-k]
			if want.in(question) && !other.in(question) && other.in(text) && !want.in(text) {
				return fmt.Sprintf("studies %s, not %s", other.name, want.name)
			}
		}
	}
	return ""
}

// setting is one side of such a pair.
type setting struct {
	name    string
	phrases []string
}

// in reports whether a text names the setting, by whole words.
func (s setting) in(text string) bool {
	for _, p := range s.phrases {
		if containsWords(text, p) {
			return true
		}
	}
	return false
}

// containsWords reports whether text holds phrase at word boundaries (a prefix ending in
// "facilit" matches "facility" and "facilities").
func containsWords(text, phrase string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], phrase)
		if j < 0 {
			return false
		}
		at := i + j
		before := at == 0 || !unicode.IsLetter(rune(text[at-1]))
		end := at + len(phrase)
		after := end == len(text) || !unicode.IsLetter(rune(text[end])) || strings.HasSuffix(phrase, "facilit")
		if before && after {
			return true
		}
		i = at + 1
	}
}

// settingConflict returns the other side of a pair the question restricts itself to, when
// the paper names only that side ("studies care-home residents, not people living in the
// community"), "" otherwise.
func settingConflict(q concepts.Set, text string) string {
	var asked []string
	for _, c := range q.Concepts {
		if c.Role == concepts.RolePopulation || c.Role == concepts.RoleCondition || c.Role == concepts.RoleOther {
			asked = append(asked, strings.ToLower(c.Label()))
		}
	}
	return pairConflict(settings, strings.Join(asked, " · "), text)
}

// set splits words on white space, or on "|" when there is one.
func set(words string) map[string]bool {
	sep := strings.Fields
	if strings.Contains(words, "|") {
		sep = func(s string) []string { return strings.Split(s, "|") }
	}
	m := map[string]bool{}
	for _, w := range sep(words) {
		m[strings.TrimSpace(w)] = true
	}
	return m
}

// asksAge returns the age group a question restricts its patients to, if exactly one.
func asksAge(q concepts.Set) (want, other ageGroup, ok bool) {
	child, adult, older := false, false, false
	for _, c := range q.Concepts {
		if c.Role != concepts.RolePopulation && c.Role != concepts.RoleCondition {
			continue
		}
		for i, w := range c.Words {
			child = child || childAge.words[w] || w == "childhood" || w == "infancy"
			// Women past the menopause are adults ("women" alone are not: a question on
			// pregnancy is answered by papers on their newborns), and so are young women.
			adult = adult || adultAge.words[w] || w == "older" || w == "aged" || w == "postmenopausal" ||
				(w == "women" || w == "men") && i > 0 && c.Words[i-1] == "young"
			older = older || olderAge.words[w] || w == "aged"
		}
	}
	switch {
	case child && !adult:
		return childAge, adultAge, true
	case older && !child:
		return olderAge, childAge, true
	case adult && !child:
		return adultAge, childAge, true
	}
	return ageGroup{}, ageGroup{}, false
}

// newborns are the first weeks of life, a group within childAge that trials enrol apart.
var newborns = ageGroup{"newborns", set(`neonates neonate neonatal newborn newborns preterm premature perinatal infant infants birth`),
	set(`infant, newborn|infant, premature|infant, low birth weight|infant, very low birth weight`)}

// asksNewborns reports whether a question restricts its patients to newborns.
func asksNewborns(q concepts.Set) bool {
	for _, c := range q.Concepts {
		if c.Role != concepts.RolePopulation && c.Role != concepts.RoleCondition {
			continue
		}
		for _, w := range c.Words {
			switch w {
			case "neonates", "neonate", "neonatal", "newborn", "newborns":
				return true
			}
		}
	}
	return false
}

// asksPreterm reports whether a question restricts its patients to babies born early.
func asksPreterm(q concepts.Set) bool {
	for _, c := range q.Concepts {
		if c.Role == concepts.RolePopulation || c.Role == concepts.RoleCondition {
			for _, w := range c.Words {
				if w == "preterm" || w == "premature" || w == "prematurity" || w == "low-birth-weight" || w == "lbw" || w == "vlbw" {
					return true
				}
			}
		}
	}
	return false
}

// termOnly reports whether a paper studies babies born at term and never names preterm ones.
func termOnly(words map[string]bool, text string) bool {
	if words["preterm"] || words["premature"] || words["prematurity"] {
		return false
	}
	lower := strings.ToLower(text)
	for _, p := range []string{"term infants", "term neonates", "term newborns", "term babies", "term-born", "born at term"} {
		if containsWords(lower, p) {
			return true
		}
	}
	return false
}

// states reports whether a paper names an age group in its title, abstract or MeSH.
func (g ageGroup) states(words map[string]bool, mesh []string) bool {
	for w := range g.words {
		if words[w] {
			return true
		}
	}
	for _, m := range mesh {
		if g.mesh[strings.ToLower(strings.TrimSpace(m))] {
			return true
		}
	}
	return false
}

// antonyms are qualifiers that name different forms of one disease: each form's others.
var antonyms = func() map[string][]string {
	m := map[string][]string{}
	for _, pair := range [][2]string{{"acute", "chronic"}, {"mild", "severe"}, {"early", "late"}, {"primary", "secondary"},
		{"upper", "lower"}, {"benign", "malignant"}, {"stable", "unstable"}, {"early-onset", "late-onset"},
		{"in-hospital", "out-of-hospital"}, {"chronic", "episodic"}, {"complicated", "uncomplicated"},
		{"compensated", "decompensated"}, {"relapsing", "progressive"}, {"unprovoked", "febrile"}, {"unprovoked", "provoked"},
		{"abdominal", "thoracic"}, {"preserved", "reduced"}, {"twin", "singleton"}, {"back", "neck"}} {
		m[pair[0]] = append(m[pair[0]], pair[1])
		m[pair[1]] = append(m[pair[1]], pair[0])
	}
	return m
}()

// antonymsOf returns the forms a disease word excludes: its antonyms, and for a word
// negated by "non-" the word itself ("non-small cell lung cancer" is not small cell lung
// cancer), and the other way round.
func antonymsOf(w string) []string {
	out := antonyms[w]
	if bare, ok := strings.CutPrefix(w, "non-"); ok && bare != "" {
		return append(slices.Clone(out), bare)
	}
	if w != "" && !strings.Contains(w, "-") {
		return append(slices.Clone(out), "non-"+w)
	}
	return out
}

// diseaseKinds are adjectives that name one kind of a disease among others of the same name
// (the kinds MeSH lists under one heading): rheumatoid, psoriatic and reactive arthritis;
// subarachnoid and postpartum haemorrhage; obstructive and central sleep apnoea.
var diseaseKinds = set(`rheumatoid psoriatic reactive septic juvenile gouty postpartum subarachnoid intracerebral
intracranial gastrointestinal variceal ulcerative microscopic ischaemic ischemic haemorrhagic hemorrhagic
pseudomembranous atopic seborrhoeic seborrheic alcoholic viral bacterial fungal allergic tuberculous obstructive
central postherpetic trigeminal diabetic tardive
knee hip hand shoulder ankle wrist elbow`) // a joint disease's site: hip osteoarthritis is not knee osteoarthritis

// conflict returns why a paper is about what the question excludes ("studies children, not
// adults"; "studies chronic pancreatitis, not acute pancreatitis"), "" when it is not.
func conflict(q concepts.Set, e domain.Evidence) string {
	text := e.Citation.Title + " " + e.Content
	words := map[string]bool{}
	for _, w := range concepts.Words(text) {
		words[w] = true
	}
	if want, other, ok := asksAge(q); ok {
		if other.states(words, e.Citation.MeshTerms) && !want.states(words, e.Citation.MeshTerms) {
			return fmt.Sprintf("studies %s, not %s", other.name, want.name)
		}
		// A title that names only the other age group ("… after adult tonsillectomy") is
		// about it, though the abstract's background names children.
		titleWords := map[string]bool{}
		for _, w := range concepts.Words(e.Citation.Title) {
			titleWords[w] = true
		}
		if other.states(titleWords, nil) && !want.states(titleWords, nil) {
			return fmt.Sprintf("studies %s, not %s", other.name, want.name)
		}
	}
	if why := settingConflict(q, strings.ToLower(text)); why != "" {
		return why
	}
	if why := settingConflict(q, strings.ToLower(e.Citation.Title)); why != "" {
		// A title that names only the other group ("Denosumab in men receiving treatment for
		// osteoporosis") is about it, though the abstract's background names the asked one.
		return why
	}
	if why := stageConflict(q, strings.ToLower(e.Citation.Title)); why != "" {
		return why
	}
	if asksPreterm(q) && termOnly(words, e.Citation.Title+" "+e.Content) {
		// "Does delayed cord clamping improve survival in preterm babies?" is not answered
		// by a trial in healthy term infants.
		return "studies term infants, not preterm or low-birth-weight ones"
	}
	if asksNewborns(q) && !newborns.states(words, e.Citation.MeshTerms) && (childAge.states(words, e.Citation.MeshTerms) || adultAge.states(words, e.Citation.MeshTerms)) {
		// "Levetiracetam for seizures in newborns" is not answered by a trial in children
		// aged 6 months to 18 years: neonates are studied apart, and a paper on them says so.
		return "studies older patients, not newborns"
	}
	if why := onsetConflict(q, e); why != "" {
		return why
	}
	if why := excludedGroup(q, e.Citation.Title); why != "" {
		return why
	}
	if why := negatedGroup(q, e.Citation.Title); why != "" {
		return why
	}
	if q.Kind == domain.QuestionOther && (isTrial(e) || treatmentStudy(e)) {
		// "Risk factors for …", "prevalence of …": a trial of a treatment answers neither.
		if what := epidemiology(q.Question); what != "" {
			return "studies a treatment, not " + what
		}
	}
	if q.Kind == domain.QuestionOther && animalStudy(e) {
		// Nor does a rat model: prognosis, risk factors and prevalence are patients'.
		if what := epidemiology(q.Question); what != "" {
			return "studies animals, not " + what
		}
	}
	if q.Exposure && animalStudy(e) && slices.ContainsFunc(q.Concepts, func(c concepts.Concept) bool { return c.Role == concepts.RolePopulation && !c.Generic && !c.Setting }) {
		// "Is long-term exposure to PM2.5 associated with dementia in older adults?": a
		// transgenic mouse model shows a mechanism, not the link in the people asked about.
		// (An operation the patients undergo names no people: "… after myringotomy".)
		return "studies animals, not " + q.Concepts[slices.IndexFunc(q.Concepts, func(c concepts.Concept) bool { return c.Role == concepts.RolePopulation && !c.Generic && !c.Setting })].Label()
	}
	if q.Kind == domain.QuestionIntervention && !q.Exposure && animalStudy(e) {
		// "Do SGLT2 inhibitors reduce hospitalisations in patients with HFpEF?": a murine
		// model of the disease shows how the drug might work, not whether it helps the
		// people the question names.
		if who := peopleNamed(q.Question); who != "" {
			return "studies animals, not " + who
		}
	}
	if c, ok := kindUnnamed(q, e, words); ok {
		// "Tranexamic acid for postpartum haemorrhage": a trial in trauma haemorrhage names
		// the head, never the kind.
		return fmt.Sprintf("does not mention the condition (%s)", c.Label())
	}
	// The title as written, word by word ("in-hospital cardiac arrest" stays three words;
	// concepts.Words would add "in" and "hospital" between them).
	title := strings.FieldsFunc(strings.ToLower(e.Citation.Title), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-'
	})
	for _, c := range q.Concepts {
		// A fixed phrase is read word by word: "heart-failure-with-preserved-ejection-fraction".
		var cw []string
		for _, w := range c.Words {
			if antonyms[w] != nil || strings.HasPrefix(w, "non-") || strings.Count(w, "-") < 2 {
				cw = append(cw, w) // "out-of-hospital", "non-small", "type-2"
				continue
			}
			cw = append(cw, strings.Split(w, "-")...)
		}
		if c.Role != concepts.RoleCondition && !c.Setting || len(cw) < 2 {
			// (An operation the patients undergo has a site too: hip arthroplasty does not
			// answer a question on total knee arthroplasty.)
			continue
		}
		for i, w := range cw {
			anti := len(antonymsOf(w)) > 0
			if !anti && !isKind(w) || i+1 >= len(cw) || slices.ContainsFunc(forms(w), func(f string) bool { return words[f] }) {
				continue
			}
			// The title names another form or kind of the disease just before the word that
			// follows the asked one in the question: "chronic pancreatitis" for "acute
			// pancreatitis", "psoriatic arthritis" for "rheumatoid arthritis", "central sleep
			// apnoea" for "obstructive sleep apnoea".
			next := concepts.Stem(cw[i+1])
			for k := 0; k+1 < len(title); k++ {
				other := title[k]
				if !slices.Contains(forms(w), other) && (slices.Contains(antonymsOf(w), other) || isKind(w) && isKind(other) && !bothTreatments(w, other) && !sameCause(w, other)) &&
					(concepts.Stem(title[k+1]) == next || concepts.Stem(strings.SplitN(title[k+1], "-", 2)[0]) == next) {
					return fmt.Sprintf("studies %s %s, not %s", other, strings.Join(cw[i+1:], " "), c.Label())
				}
			}
		}
	}
	return ""
}

// isKind reports whether a word names one kind of a disease among others of the same name:
// a kind MeSH lists (diseaseKinds) or a cause ("levodopa-induced dyskinesia" is not tardive
// dyskinesia, "diabetic neuropathy" not chemotherapy-induced neuropathy).
func isKind(w string) bool { return diseaseKinds[w] || causeOf(w) != "" }

// bothTreatments reports whether two causes are both treatments ("chemotherapy-induced",
// "oxaliplatin-induced"): the one may be a kind of the other, so neither excludes the other.
func bothTreatments(a, b string) bool {
	ca, cb := causeOf(a), causeOf(b)
	return ca != "" && cb != "" && concepts.IsTreatment(ca) && concepts.IsTreatment(cb)
}

// sameCause reports whether a kind word names the cause a disease's qualifier names:
// "alcoholic" hepatitis is "alcohol-associated" hepatitis, "diabetic" neuropathy
// "diabetes-related" neuropathy.
func sameCause(a, b string) bool {
	for _, p := range [][2]string{{a, b}, {b, a}} {
		if c := causeOf(p[0]); c != "" && p[1] != "" && (strings.HasPrefix(p[1], c) || strings.HasPrefix(c, concepts.Stem(p[1]))) {
			return true
		}
	}
	return false
}

// namedKinds are the kinds of a disease (diseaseKinds) that a paper about that kind always
// names: no paper on postpartum haemorrhage, rheumatoid arthritis or postherpetic neuralgia
// leaves the word out. Kinds a paper may leave to an acronym or a narrower name ("OSA",
// "pneumococcal meningitis" for bacterial) are not among them.
var namedKinds = set(`postpartum rheumatoid psoriatic subarachnoid intracerebral variceal ulcerative postherpetic
trigeminal atopic seborrhoeic seborrheic pseudomembranous gouty diabetic tardive`)

// causeOf returns the cause a disease's qualifier names ("cancer" of "cancer-related",
// "chemotherapy" of "chemotherapy-induced"), "" for any other word.
func causeOf(w string) string {
	for _, suf := range []string{"-related", "-induced", "-associated", "-caused"} {
		if cause, ok := strings.CutSuffix(w, suf); ok && cause != "" && !strings.Contains(cause, "-") && !concepts.IsGeneric(cause) && !concepts.Drop(cause) {
			// ("drug-induced" names no one cause: a paper names the drug.)
			return cause
		}
	}
	return ""
}

// kindUnnamed returns the condition whose kind word (namedKinds) a paper never names, in
// any spelling or form ("diabetes" for "diabetic"), in its text or its MeSH headings, nor
// by any of the condition's other names.
func kindUnnamed(q concepts.Set, e domain.Evidence, words map[string]bool) (concepts.Concept, bool) {
	mesh := map[string]bool{}
	for _, m := range e.Citation.MeshTerms {
		for _, w := range concepts.Words(m) {
			mesh[w] = true
		}
	}
	stems := map[string]bool{}
	for _, ws := range []map[string]bool{words, mesh} {
		for w := range ws {
			// "post-partum" is "postpartum".
			stems[concepts.Stem(w)], stems[concepts.Stem(strings.ReplaceAll(w, "-", ""))] = true, true
		}
	}
	for _, c := range q.Concepts {
		if c.Role != concepts.RoleCondition || c.Generic || len(c.Words) < 2 {
			continue
		}
		for _, w := range c.Words[:len(c.Words)-1] {
			names := forms(w)
			if cause := causeOf(w); cause != "" && !concepts.IsTreatment(cause) {
				// "cancer-related fatigue": fatigue in multiple sclerosis never names the cause
				// asked about, in any of its names ("malignancy"). (A treatment may be named by
				// its member: "oxaliplatin" for "chemotherapy".)
				w, names = cause, append(forms(cause), concepts.SameKindOfDisease(cause)...)
			} else if !namedKinds[w] {
				continue
			}
			if slices.ContainsFunc(names, func(f string) bool { return words[f] || mesh[f] || stems[concepts.Stem(f)] }) ||
				w == "diabetic" && (stems[concepts.Stem("diabetes")] || stems["diabet"]) {
				continue
			}
			if slices.ContainsFunc(c.Terms[min(1, len(c.Terms)):], func(t string) bool {
				ws := concepts.Words(t)
				return len(ws) > 0 && !slices.ContainsFunc(ws, func(x string) bool { return !concepts.IsStopword(x) && !stems[concepts.Stem(x)] })
			}) {
				continue
			}
			return c, true
		}
	}
	return concepts.Concept{}, false
}

// epidemiology returns what a question without an intervention asks about a disease's
// course or frequency ("risk factors", "prevalence", "prognosis"), "" when it asks none.
func epidemiology(question string) string {
	ws := concepts.Words(question)
	for i, w := range ws {
		switch w {
		case "prevalence", "incidence", "prognosis", "burden", "epidemiology", "predictors":
			return w
		case "predict", "predicts":
			// "Does frailty predict delirium …?": a trial of a treatment measures no predictor.
			return "whether it predicts"
		case "associated", "association":
			// "Is periodontitis associated with preterm birth?": nor an association.
			return "whether it is linked"
		case "common", "often", "frequent":
			// "How common is depression after a stroke?"
			if i > 0 && ws[i-1] == "how" {
				return "how common it is"
			}
		case "risk", "prognostic":
			if i+1 < len(ws) && (ws[i+1] == "factors" || ws[i+1] == "factor") {
				return w + " factors"
			}
		}
	}
	return ""
}

// excludedGroup returns why a paper's title studies patients the question excludes ("… if
// they don't have diabetes" answered by "Oral semaglutide … in patients with type 2
// diabetes"), "" otherwise.
func excludedGroup(q concepts.Set, title string) string {
	lower := strings.ToLower(title)
	for _, c := range q.Concepts {
		if !concepts.Lacking(c) {
			continue
		}
		if !containsWords(lower, c.Text) {
			continue
		}
		// ("with and without type 2 diabetes", "non-diabetic", "regardless of diabetes")
		for _, neg := range []string{"without", "non-" + c.Text, "no " + c.Text, "regardless of", "irrespective of"} {
			if strings.Contains(lower, neg) {
				return ""
			}
		}
		return fmt.Sprintf("studies patients with %s, whom the question excludes", c.Text)
	}
	return ""
}

// negatedGroup returns why a paper's title studies the opposite of the patients the question
// restricts itself to ("non-pregnant outpatients" under "… in pregnant women", "patients
// without cancer" under "… in patients with active cancer"), "" otherwise.
func negatedGroup(q concepts.Set, title string) string {
	lower := strings.ToLower(title)
	both := strings.Contains(lower, "with and without") || strings.Contains(lower, "with or without")
	for _, c := range q.Concepts {
		if c.Role != concepts.RolePopulation && (c.Role != concepts.RoleCondition || c.Generic) || concepts.Lacking(c) {
			continue
		}
		for _, w := range c.Words {
			if len(w) < 4 || concepts.IsGeneric(w) {
				continue
			}
			negs := []string{"non-" + w, "non" + w}
			if c.Role == concepts.RoleCondition && !both {
				// "… in patients without cancer" under a question on patients with cancer.
				negs = append(negs, "without "+w)
			}
			for _, neg := range negs {
				if !containsWords(lower, neg) {
					continue
				}
				// The asked group named too, outside the negation: "pregnant and non-pregnant".
				if strings.Count(lower, w) > strings.Count(lower, neg) {
					return ""
				}
				return fmt.Sprintf("studies %s patients, not %s", neg, c.Label())
			}
		}
	}
	return ""
}

// treatmentStudy reports whether a paper's indexing says it studied a treatment and not how
// common a disease is, what causes it or how it runs ("Intravenous immunoglobulin for
// multisystem inflammatory syndrome", an observational cohort, under "How common is long
// COVID?").
func treatmentStudy(e domain.Evidence) bool {
	if !indexedAs(e.Citation.MeshQualifiers, treatmentQualifiers) ||
		indexedAs(e.Citation.MeshQualifiers, epidemiologyQualifiers) {
		return false
	}
	for _, m := range e.Citation.MeshTerms {
		switch strings.ToLower(strings.TrimSpace(m)) {
		case "prevalence", "incidence", "risk factors", "prognosis", "risk assessment", "cross-sectional studies":
			return false
		}
	}
	return true
}

// peopleNamed returns the word by which a question names the people it asks about
// ("patients", "adults", "children"), or "".
func peopleNamed(question string) string {
	for _, w := range concepts.Words(question) {
		switch w {
		case "patients", "people", "persons", "adults", "children", "adolescents", "women", "men", "infants", "neonates",
			"newborns", "humans", "survivors", "recipients", "elderly", "pregnant":
			return w
		}
	}
	return ""
}

// animalStudy reports whether a paper studies animals, not people: MeSH "Animals" without
// "Humans", or a title that names its animal model ("in rats", "a murine model").
func animalStudy(e domain.Evidence) bool {
	animals, humans := false, false
	for _, m := range e.Citation.MeshTerms {
		switch strings.ToLower(strings.TrimSpace(m)) {
		case "animals":
			animals = true
		case "humans":
			humans = true
		}
	}
	if animals && !humans {
		return true
	}
	if humans {
		return false
	}
	for _, w := range concepts.Words(e.Citation.Title) {
		switch w {
		case "rats", "rat", "mice", "mouse", "murine", "rodent", "rodents", "porcine", "canine", "ovine", "zebrafish",
			"guinea", "rabbit", "rabbits", "piglet", "piglets", "hamster", "hamsters", "macaque", "macaques",
			"lamb", "lambs", "sheep", "ewes", "pigs", "swine", "baboons", "monkeys", "primates", "dogs", "rhesus":
			return true
		}
	}
	return false
}

// isTrial reports whether a paper is a trial of a treatment, by its publication types or its
// title ("… a randomised controlled trial").
func isTrial(e domain.Evidence) bool {
	for _, pt := range e.Citation.PublicationTypes {
		if trialTypes[strings.ToLower(pt)] {
			return true
		}
	}
	for _, w := range concepts.Words(e.Citation.Title) {
		if w == "randomised" || w == "randomized" || w == "trial" {
			return true
		}
	}
	return false
}

// forms are a word and its other spellings ("ischaemic", "ischemic").
func forms(w string) []string { return append([]string{w}, concepts.WordForms(w)...) }
