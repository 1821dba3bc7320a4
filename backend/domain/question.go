package domain

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// ConceptRole is what part of a research question a concept plays (PICO-style).
type ConceptRole string

// The roles of a concept.
const (
	RoleCondition    ConceptRole = "condition"
	RoleIntervention ConceptRole = "intervention"
	RoleComparator   ConceptRole = "comparator"
	RoleOutcome      ConceptRole = "outcome"
	RolePopulation   ConceptRole = "population"
	RoleOther        ConceptRole = "other"
)

// ConceptRoles lists the roles a user may give a concept when correcting the parse.
var ConceptRoles = []ConceptRole{RoleCondition, RoleIntervention, RoleComparator, RoleOutcome, RolePopulation, RoleOther}

// Valid reports whether r is a known role.
func (r ConceptRole) Valid() bool {
	for _, k := range ConceptRoles {
		if r == k {
			return true
		}
	}
	return false
}

// QuestionKind says what a question asks for, which decides what evidence answers it.
type QuestionKind string

// The kinds of question.
const (
	// QuestionIntervention names an intervention (a drug, a drug class, a procedure) and
	// asks about it: only evidence that studies that intervention answers it.
	QuestionIntervention QuestionKind = "intervention"
	// QuestionOpen asks which interventions could serve ("What drugs could be repurposed
	// for Alzheimer's disease?"): any intervention studied in the condition answers it.
	QuestionOpen QuestionKind = "open"
	// QuestionOther names no intervention (prognosis, diagnosis, association, burden).
	QuestionOther QuestionKind = "other"
)

// Concept is one searchable idea of a question.
type Concept struct {
	Role ConceptRole `json:"role"`
	// Text is the concept as the question words it ("braf-mutated melanoma"), with the
	// words of a fixed term joined by hyphens ("alcohol-use-disorder", "type-2 diabetes")
	// so that it is searched and matched as one.
	Text string `json:"text"`
	// Display is Text as a reader writes it ("alcohol use disorder", "type 2 diabetes"),
	// set only when it differs; Label gives whichever applies, so runs stored before it
	// existed read as they did.
	Display string `json:"display,omitempty"`
	// Words are Text's content words, lower-case, in question order.
	Words []string `json:"words"`
	// Terms are alternative wordings ORed when searching: Text first, then synonyms and
	// MeSH headings learnt during the run (AddTerm).
	Terms []string `json:"terms"`
	// MeSH are MeSH headings for the concept: a drug class's pharmacological-action heading
	// from the vocabulary, or headings learnt during the run from the on-topic evidence's own
	// indexing; searched with [mh] and matched against the evidence's headings and chemicals.
	MeSH []string `json:"mesh,omitempty"`
	// Class is the drug class a class word names ("HMG-CoA reductase inhibitors" for
	// "statins") or the disease category a condition names ("nervous system diseases" for
	// "neurological conditions"); Members are the class's member drugs or the category's
	// diseases, each of which makes evidence about the class on topic.
	Class   string   `json:"class,omitempty"`
	Members []string `json:"members,omitempty"`
	// Alternatives are the interventions a question names as alternatives ("Does aspirin
	// or clopidogrel reduce …?"): the concept is any one of them, so a paper about one is
	// on topic and the search ORs them. Terms then hold each one's wordings (Text, "aspirin
	// or clopidogrel", is for reading, not searching) and Members each one's name.
	Alternatives []string `json:"alternatives,omitempty"`
	// Generic marks a concept made only of class words ("drugs", "treatment", "patients"):
	// true of almost every paper, so it is never required and never narrows a query.
	Generic bool `json:"generic,omitempty"`
	// Broad marks a concept made only of broad words ("pain", "pregnancy", "older adults"):
	// shared by papers on unrelated subjects, so it never makes a paper on topic alone when
	// the question names something more specific.
	Broad bool `json:"broad,omitempty"`
	// Corrected is set when the user gave the concept its role, or a condition its stage, by hand.
	Corrected bool `json:"corrected,omitempty"`
	// Respelled is the concept as the parse read it when the question mistyped a drug's or
	// a disease's name ("levetiracetam" for "levetiracetem"): searched and matched too, and
	// shown beside the user's words, so the correction is never silent.
	Respelled string `json:"respelled,omitempty"`
	// Harm marks, in a question about a link (ParsedQuestion.Exposure), a condition asked
	// about as what the intervention may cause ("risk of congenital malformations"), not the
	// disease the exposed patients have ("in early pregnancy"): the answer line names it
	// first. Runs stored before it read as false, and name the conditions in question order.
	Harm bool `json:"harm,omitempty"`
	// RouteAsked marks an intervention or comparator whose route is what the question
	// compares ("Is intravenous iron more effective than oral iron …?"): the route must then
	// occur in evidence, where elsewhere "oral" or "intravenous" only says how a drug is given.
	RouteAsked bool `json:"route_asked,omitempty"`
	// Setting marks a population named by the operation the patients undergo ("… blood loss
	// in total hip arthroplasty") or the treatment they live on ("kidney transplant
	// recipients", "dialysis patients"): not what is given, but as much what the question is
	// about as a condition, so evidence must match it.
	Setting bool `json:"setting,omitempty"`
	// Onset marks a condition whose onset the question asks about: preventing it ("Can daily
	// emollients prevent atopic dermatitis?") or what raises or lowers its risk. A paper on
	// people who already have it (treating it, its survival) does not answer. Established
	// marks the other case, a condition the question's patients already have ("treating
	// established PONV", "adults hospitalized with influenza"): a paper on preventing its onset
	// does not answer. Runs stored before them read as false: neither is checked.
	Onset       bool `json:"onset,omitempty"`
	Established bool `json:"established,omitempty"`
	// Purpose marks an outcome evidence must study too, because nothing else narrows the
	// question: it asks about a method, not a drug, and names no disease or setting ("falls"
	// in "Does vitamin D supplementation prevent falls?"; concepts.MarkPurposes). Relevance
	// requires it and the no-study line names it. Runs stored before it read as false.
	Purpose bool `json:"purpose,omitempty"`
}

// ConditionStage is what a user says the question asks about a condition when correcting
// the parse: its onset (prevention, risk), the condition already present (treatment), or
// either (neither is checked).
type ConditionStage string

const (
	StageEither      ConditionStage = "either"
	StageOnset       ConditionStage = "onset"
	StageEstablished ConditionStage = "established"
)

// ConditionStages lists the stages a user may give a condition, in the order the window
// offers them.
var ConditionStages = []ConditionStage{StageEither, StageOnset, StageEstablished}

// Stage is the stage the concept's marks say (StageEither when neither is set).
func (c Concept) Stage() ConditionStage {
	switch {
	case c.Onset:
		return StageOnset
	case c.Established:
		return StageEstablished
	}
	return StageEither
}

// StageNote says which of prevention and treatment the question asks about a condition:
// "its onset" (Onset), "already present" (Established), "" for neither. The report's
// "Understood as" line and the window's chips show it.
func (c Concept) StageNote() string {
	switch c.Stage() {
	case StageOnset:
		return "its onset"
	case StageEstablished:
		return "already present"
	}
	return ""
}

// Label is the concept as the window, the report and messages show it: its Display, else
// its Text.
func (c Concept) Label() string {
	if c.Display != "" {
		return c.Display
	}
	return c.Text
}

// Said is the concept as a sentence of a report says it: its Label, or, when the question
// mistyped a name, the name it was read as ("exercise" for "excercise"): the summary line
// shows what was typed and what it was read as; the answer line and the messages use the word.
func (c Concept) Said() string {
	if c.Respelled != "" {
		return c.Respelled
	}
	return c.Label()
}

// Stems are the concept's words reduced to their stems, for matching against text.
func (c Concept) Stems() []string {
	out := make([]string, 0, len(c.Words))
	for _, w := range c.Words {
		out = append(out, Stem(w))
	}
	return out
}

// AddTerm adds an alternative wording (a synonym or a MeSH heading) unless it is already
// there (case-insensitively).
func (c *Concept) AddTerm(t string) bool {
	t = strings.Join(strings.Fields(t), " ")
	if t == "" {
		return false
	}
	for _, x := range c.Terms {
		if strings.EqualFold(x, t) {
			return false
		}
	}
	c.Terms = append(c.Terms, t)
	return true
}

// AddMeSH adds a MeSH heading unless it is already there (case-insensitively).
func (c *Concept) AddMeSH(h string) bool {
	h = strings.Join(strings.Fields(strings.Trim(h, "* ")), " ")
	if h == "" {
		return false
	}
	for _, x := range c.MeSH {
		if strings.EqualFold(x, h) {
			return false
		}
	}
	c.MeSH = append(c.MeSH, h)
	return true
}

// Names are every wording that names the concept in a text: its terms and its class
// members (an intervention "statins" is named by "atorvastatin" too).
func (c Concept) Names() []string {
	return append(append([]string(nil), c.Terms...), c.Members...)
}

// ParsedQuestion is a research question in its one typed form: what kind of question it
// is and its concepts with their roles. It is parsed once when a run is created, stored
// with the run and read as it is by search, relevance, the judge, the verifier and the
// report, so all of them agree on what the question asks. Headings learnt during a run
// are added to a copy (Clone), never to the stored parse.
type ParsedQuestion struct {
	Question string       `json:"question"`
	Kind     QuestionKind `json:"kind"`
	Concepts []Concept    `json:"concepts"`
	// Exposure marks a question about a named intervention that asks whether it is linked
	// to or causes what follows (a harm, a risk: "Are proton pump inhibitors associated with
	// dementia?", "Do statins cause muscle pain?"), not whether it treats it. Evidence must
	// still study it; the answer line counts studies that find a link, and it is never
	// proposed as a treatment of the condition. Runs stored before it read as false.
	Exposure bool `json:"exposure,omitempty"`
	// Diagnostic marks a question about a named test that asks how well it finds the
	// condition ("How accurate is dermoscopy for diagnosing melanoma?"): evidence must still
	// study the test, the answer line reads "Dermoscopy for diagnosing melanoma", and it is
	// never proposed as a treatment.
	Diagnostic bool `json:"diagnostic,omitempty"`
	// Predicts marks a Diagnostic question that asks how well the test predicts what
	// follows ("Is the qSOFA score a reliable predictor of mortality?"), not how well it
	// finds a disease: the answer line reads "qSOFA score for predicting mortality".
	Predicts bool `json:"predicts,omitempty"`
	// TellsApart marks a Diagnostic question that asks how well the test tells one
	// condition from another ("Faecal calprotectin to differentiate IBD from IBS"): the
	// answer line reads "faecal calprotectin for telling IBD from IBS". Runs stored before
	// it read as false.
	TellsApart bool `json:"tells_apart,omitempty"`
	// Dropped are the wordings (text and label) of the concepts the user dropped when
	// correcting the parse (the window's chip set to drop, the CLI's --role TEXT=drop). The
	// concepts are gone from Concepts, but a judge's, a heuristic's or a verifier's follow-up
	// query reads free text and would bring them back: querybuild.FollowUp removes them
	// from every follow-up, so the user's correction holds for the whole run and a resume.
	Dropped []string `json:"dropped,omitempty"`
}

// AsksAboutTreatment reports whether a question naming an intervention asks whether it
// treats or prevents the condition: not a harm or a risk (Exposure), not a test's accuracy
// (Diagnostic). Only such a question has its intervention as a treatment candidate.
func (s ParsedQuestion) AsksAboutTreatment() bool { return !s.Exposure && !s.Diagnostic }

// Clone returns a deep copy, so learning headings for one iteration never changes the
// stored parse.
func (s ParsedQuestion) Clone() ParsedQuestion {
	out := s
	out.Concepts = make([]Concept, len(s.Concepts))
	for i, c := range s.Concepts {
		c.Words = append([]string(nil), c.Words...)
		c.Terms = append([]string(nil), c.Terms...)
		c.MeSH = append([]string(nil), c.MeSH...)
		c.Members = append([]string(nil), c.Members...)
		c.Alternatives = append([]string(nil), c.Alternatives...)
		out.Concepts[i] = c
	}
	out.Dropped = append([]string(nil), s.Dropped...)
	return out
}

// Specific returns the concepts that are not generic, in question order.
func (s ParsedQuestion) Specific() []Concept {
	var out []Concept
	for _, c := range s.Concepts {
		if !c.Generic {
			out = append(out, c)
		}
	}
	return out
}

// ByRole returns the concepts with role r.
func (s ParsedQuestion) ByRole(r ConceptRole) []Concept {
	var out []Concept
	for _, c := range s.Concepts {
		if c.Role == r {
			out = append(out, c)
		}
	}
	return out
}

// Interventions returns the specific intervention concepts of a question that names one
// (empty for an open question or one about something else).
func (s ParsedQuestion) Interventions() []Concept {
	if s.Kind != QuestionIntervention {
		return nil
	}
	var out []Concept
	for _, c := range s.Concepts {
		if c.Role == RoleIntervention && !c.Generic {
			out = append(out, c)
		}
	}
	return out
}

// InterventionText names the question's intervention(s) for messages ("metformin"), ""
// when it names none.
func (s ParsedQuestion) InterventionText() string {
	var ts []string
	for _, c := range s.Interventions() {
		ts = append(ts, c.Said())
	}
	return listWords(ts)
}

// SettingText names the operation(s) the question's patients undergo ("total hip
// arthroplasty") or the treatment they live on ("kidney transplant recipients"), "" when
// none.
func (s ParsedQuestion) SettingText() string {
	var ts []string
	for _, c := range s.Concepts {
		if c.Setting {
			ts = append(ts, c.Said())
		}
	}
	return listWords(ts)
}

// ConditionText names the question's condition(s) for messages ("cancer"), "" when none.
func (s ParsedQuestion) ConditionText() string {
	var ts []string
	for _, c := range s.Concepts {
		if c.Role == RoleCondition && !c.Generic {
			ts = append(ts, c.Said())
		}
	}
	return listWords(ts)
}

// Required returns the indexes of the concepts evidence must match to be on topic:
// every specific condition concept (the disease is what a question is about) and, when the
// question names an intervention, every specific intervention concept too (evidence about
// the disease alone does not answer "does metformin work?"). A question with neither
// requires its first specific concept (question order puts the subject first), passing over
// a measure ("risk") when something measured follows.
func (s ParsedQuestion) Required() []int {
	var out []int
	for i, c := range s.Concepts {
		if c.Generic {
			continue
		}
		if c.Role == RoleCondition || c.Setting || (c.Role == RoleIntervention && s.Kind == QuestionIntervention) {
			out = append(out, i)
		}
	}
	if (s.Exposure || s.Kind == QuestionOpen) && !slices.ContainsFunc(s.Concepts, func(c Concept) bool { return c.Role == RoleCondition && !c.Generic }) {
		// "hydroxychloroquine retinal toxicity risk": the harm asked about is what a paper
		// must study, as a condition would be. So is what an open question asks to treat
		// when it names no disease: "treatments for weight regain after bariatric surgery"
		// is not answered by a paper on enteroscopy after bariatric surgery.
		for i, c := range s.Concepts {
			if c.Role == RoleOutcome && !c.Generic && !c.Broad && !onlyMeasureWords(c.Words) {
				out = append(out, i)
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	// The first specific concept; a measure ("risk" in "Risk factors for elder
	// self-neglect") only when nothing else is named.
	first := -1
	for i, c := range s.Concepts {
		if c.Generic {
			continue
		}
		if !onlyMeasureWords(c.Words) {
			return []int{i}
		}
		if first < 0 {
			first = i
		}
	}
	if first >= 0 {
		return []int{first}
	}
	return nil
}

// onlyMeasureWords reports whether an outcome names only a measure ("risk", "rate"), not
// what is measured.
func onlyMeasureWords(ws []string) bool {
	for _, w := range ws {
		switch w {
		case "risk", "risks", "rate", "rates", "incidence", "odds", "likelihood", "chance":
		default:
			return false
		}
	}
	return true
}

// Kept reports whether concept i is one a search never drops: a required concept.
func (s ParsedQuestion) Kept(i int) bool {
	for _, r := range s.Required() {
		if r == i {
			return true
		}
	}
	return false
}

// Priority orders concept indexes from the one a query keeps longest to the one it drops
// first: condition, intervention, comparator, population, other, outcome; generic concepts
// last. Within a role, question order.
func (s ParsedQuestion) Priority() []int {
	rank := map[ConceptRole]int{RoleCondition: 0, RoleIntervention: 1, RoleComparator: 2, RolePopulation: 3, RoleOther: 4, RoleOutcome: 5}
	idx := make([]int, len(s.Concepts))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		ca, cb := s.Concepts[idx[a]], s.Concepts[idx[b]]
		if ca.Generic != cb.Generic {
			return !ca.Generic
		}
		return rank[ca.Role] < rank[cb.Role]
	})
	return idx
}

// Summary renders the parse as the chips the window shows and the report states:
// "intervention: metformin · condition: cancer".
func (s ParsedQuestion) Summary() string {
	var parts []string
	for _, i := range s.Priority() {
		c := s.Concepts[i]
		if c.Generic && (s.Kind != QuestionOpen || c.Role != RoleIntervention) {
			// Only an open question's class word is said, as what it asks for; "patients"
			// says nothing.
			continue
		}
		t := string(c.Role) + ": " + c.Label()
		if c.Generic {
			// An open question's class word names what it asks for, not an intervention
			// it studies: "asks for: drugs".
			t = "asks for: " + c.Label()
		}
		if c.Class != "" && !strings.EqualFold(c.Class, c.Label()) {
			t += " (" + c.Class + ")"
		}
		if c.Respelled != "" {
			t += " (read as " + c.Respelled + ")"
		}
		if n := c.StageNote(); n != "" {
			t += " (" + n + ")"
		}
		parts = append(parts, t)
	}
	switch {
	case s.Exposure:
		parts = append(parts, "asks about: a link (harm or risk), not a treatment")
	case s.Diagnostic && s.Predicts:
		parts = append(parts, "asks about: how well a test predicts, not a treatment")
	case s.Diagnostic:
		parts = append(parts, "asks about: a test's accuracy, not a treatment")
	}
	return strings.Join(parts, " · ")
}

// Stem reduces a word to its Porter2 stem ("tumours" → "tumour", "mutated" → "mutat") so
// evidence text and question words match whatever their inflection. Hyphenated words are
// stemmed part by part. Stems are remembered: relevance, the judge and the verifier stem the
// same abstracts' words again and again, and the stemmer was half the offline judge's CPU.
func Stem(w string) string {
	if s, ok := stems.Load(w); ok {
		return s.(string)
	}
	s := stem(w)
	// The cache is bounded (a library import can bring any number of distinct words): once
	// full it starts again, which costs one stemming per word.
	if stemCount.Add(1) > maxStems {
		stems.Clear()
		stemCount.Store(1)
	}
	stems.Store(w, s)
	return s
}

// stems maps a word as given to its stem; stemCount is about how many it holds.
var (
	stems     sync.Map
	stemCount atomic.Int64
)

// maxStems bounds the stem cache: English abstracts use some tens of thousands of distinct
// words, a few MB of cache.
const maxStems = 1 << 17

func stem(w string) string {
	w = strings.ToLower(w)
	if strings.ContainsRune(w, '-') {
		parts := strings.Split(w, "-")
		for i, p := range parts {
			parts[i] = english.Stem(p, true)
		}
		return strings.Join(parts, "-")
	}
	return english.Stem(w, true)
}

type questionKey struct{}

// WithQuestion returns a context carrying a run's parsed question, so a source relaxing a
// query knows which concepts it may never drop.
func WithQuestion(ctx context.Context, q ParsedQuestion) context.Context {
	return context.WithValue(ctx, questionKey{}, q)
}

// QuestionFrom returns the parsed question set by WithQuestion.
func QuestionFrom(ctx context.Context) (ParsedQuestion, bool) {
	q, ok := ctx.Value(questionKey{}).(ParsedQuestion)
	return q, ok
}

// Stance is which way one study points on the question.
type Stance string

// The stances. Refutes covers both "no effect" and harm: either way the study does not
// support the intervention. Under a comparison of two treatments (ParsedQuestion.Compares)
// they answer whether the first is the better: refutes covers the two found alike as well.
const (
	StanceSupports Stance = "supports"
	StanceRefutes  Stance = "refutes"
	StanceMixed    Stance = "mixed"
	StanceUnclear  Stance = "unclear"
)

// StudyStance is one on-topic study's stance with the sentence it rests on. N is the
// evidence number as the report cites it; Quote is a results or conclusions sentence of
// the study, verified verbatim against its text (QuoteVerified).
type StudyStance struct {
	N             int    `json:"n"`
	Stance        Stance `json:"stance"`
	Quote         string `json:"quote,omitempty"`
	QuoteVerified bool   `json:"quote_verified,omitempty"`
	// RCT marks a randomised controlled trial, counted apart in the answer line.
	RCT bool `json:"rct,omitempty"`
	// Reason says why a stance rests on no sentence when a rule, not the text, decided it
	// (a registry entry, a study of no treatment); "" when the text had no sentence to rest on.
	Reason string `json:"reason,omitempty"`
	// ByRule marks a stance DeepCritical's rules gave an on-topic study an LLM judge left
	// without one, so every study is counted and the reader sees which stances the model gave.
	ByRule bool `json:"by_rule,omitempty"`
}

// Why a stance is unclear by rule, shown where its quote would be.
const (
	ReasonRegistryEntry         = "a registry entry states what a trial plans, not what it found"
	ReasonNoTreatment           = "studies no treatment, so it points neither way on which treatments work"
	ReasonNoTreatmentConclusion = "its conclusion names no treatment, so it points neither way on which treatments work"
)

// NoStudyLine says plainly that no study of the question's intervention was found among n
// papers ("No study of metformin in cancer was found among the 21 papers; 21 set aside."),
// "… the one paper found was set aside." for one, or, when the searches found nothing at all,
// "No study of metformin in cancer was found: the searches found no paper."; "" when the
// question names no intervention. A question that asks for no treatment at all (a risk
// factor, a prevalence) gets "No paper answering the question was found …": its papers may
// be set aside for other reasons than missing its disease (a trial under a question of risk
// factors), so naming what was missing would not be true.
func NoStudyLine(q ParsedQuestion, n int) string {
	what := studied(q)
	switch {
	case what == "" && !asksNothing(q):
		what = "paper answering the question"
	case what == "":
		return ""
	default:
		what = "study of " + what
	}
	switch {
	case n == 0:
		return fmt.Sprintf("No %s was found: the searches found no paper.", what)
	case n == 1:
		return fmt.Sprintf("No %s was found: the one paper found was set aside.", what)
	}
	return fmt.Sprintf("No %s was found among the %s; %d set aside.", what, Plural(n, "paper", "papers"), n)
}

// NoStudyLeftLine is NoStudyLine for a report the reviewer left with no paper: "No study of
// venlafaxine in delusional depression is left: the one paper found was excluded by the
// reviewer." (excluded of total; the rest the judge set aside); "" when excluded is 0 or the
// question asks about nothing.
func NoStudyLeftLine(q ParsedQuestion, total, excluded int) string {
	what := studied(q)
	switch {
	case excluded == 0:
		return ""
	case what == "" && !asksNothing(q):
		what = "paper answering the question"
	case what == "":
		return ""
	default:
		what = "study of " + what
	}
	if total == 1 {
		return fmt.Sprintf("No %s is left: the one paper found was excluded by the reviewer.", what)
	}
	line := fmt.Sprintf("No %s is left among the %s: %d excluded by the reviewer", what, Plural(total, "paper", "papers"), excluded)
	if rest := total - excluded; rest > 0 {
		line += fmt.Sprintf(", %d set aside by the judge", rest)
	}
	return line + "."
}

// asksNothing reports whether a question has nothing specific a paper could answer: no
// concept but generic ones, or it was never parsed.
func asksNothing(q ParsedQuestion) bool { return len(q.Specific()) == 0 }

// studied is what a no-study line says was looked for: "metformin in cancer", "metformin"
// without a condition, "any treatment of hyperkalaemia" for an open question; "" when the
// question asks about no treatment.
func studied(q ParsedQuestion) string {
	iv := q.InterventionText()
	if iv == "" {
		if c := q.ConditionText(); c != "" && q.Kind == QuestionOpen {
			return "any treatment of " + c
		}
		return ""
	}
	if l := q.LinkText(); l != "" && q.Exposure {
		return iv + " and " + l
	} else if l != "" && q.Diagnostic {
		return iv + " for " + testPurpose(q) + " " + l
	}
	if c := q.ConditionText(); c != "" {
		return iv + " in " + c + q.settingAside()
	}
	if st := q.SettingText(); st != "" {
		return iv + " in " + st
	}
	if p := q.purposeText(); p != "" {
		// Papers on the method for another outcome were set aside: "no study of vitamin D
		// supplementation" alone would deny that they exist.
		return iv + " for " + p
	}
	return iv
}

// purposeText names the outcomes evidence must study too (Concept.Purpose): "falls"; ""
// when there are none.
func (q ParsedQuestion) purposeText() string {
	var out []string
	for _, c := range q.Concepts {
		if c.Purpose {
			out = append(out, c.Said())
		}
	}
	return strings.Join(out, " or ")
}

// settingAside is the patients' setting in brackets, for a line that names the condition
// first: "SGLT2 inhibitors in diabetes (kidney transplant recipients)"; "" when none.
func (s ParsedQuestion) settingAside() string {
	if st := s.SettingText(); st != "" {
		return " (" + st + ")"
	}
	return ""
}

// testPurpose is what a test question asks the test is for: "predicting", "telling" (one
// disease from another) or "diagnosing".
func testPurpose(q ParsedQuestion) string {
	switch {
	case q.Predicts:
		return "predicting"
	case q.TellsApart:
		return "telling"
	}
	return "diagnosing"
}

// LinkText is what an exposure question asks its intervention is linked to, or a diagnostic
// one its test finds: the harm asked about (Concept.Harm) or else the first condition, in
// the others ("congenital malformations in early pregnancy", "bone metastases in breast
// cancer"); "" with no condition.
func (q ParsedQuestion) LinkText() string {
	if q.Predicts {
		// "qSOFA score for predicting mortality in suspected infection": what a test is
		// asked to predict is its outcome, in the patients' disease.
		var outs []string
		for _, c := range q.Concepts {
			if c.Role == RoleOutcome && !c.Generic && !onlyMeasureWords(c.Words) {
				outs = append(outs, c.Said())
			}
		}
		if len(outs) > 0 {
			if c := q.ConditionText(); c != "" {
				return listWords(outs) + " in " + c
			}
			return listWords(outs)
		}
	}
	var harms, others []string
	for _, c := range q.Concepts {
		if c.Role == RoleCondition && !c.Generic {
			if c.Harm {
				harms = append(harms, c.Said())
			} else {
				others = append(others, c.Said())
			}
		}
	}
	if len(harms) > 0 && len(others) > 0 {
		return listWords(harms) + " in " + listWords(others)
	}
	cs := append(harms, others...)
	if len(cs) == 0 {
		return ""
	}
	if len(cs) == 1 {
		return cs[0]
	}
	if q.Diagnostic && q.TellsApart {
		return cs[0] + " from " + listWords(cs[1:]) // "IBD from IBS"
	}
	return cs[0] + " in " + listWords(cs[1:])
}

// NoStudySearchFailedLine is NoStudyLine for a run that collected no paper while sources
// failed: "the searches found no paper" would read as an absence of studies when the
// sources were never heard ("No study of metformin in cancer was found, but the search was
// incomplete: PubMed and Europe PMC failed."); "" when the question names no intervention.
func NoStudySearchFailedLine(q ParsedQuestion, failed []string) string {
	what := studied(q)
	if len(failed) == 0 || what == "" && asksNothing(q) {
		return NoStudyLine(q, 0)
	}
	if what == "" {
		return fmt.Sprintf("No paper answering the question was found, but the search was incomplete: %s failed.", listWords(failed))
	}
	return fmt.Sprintf("No study of %s was found, but the search was incomplete: %s failed.", what, listWords(failed))
}

// listWords joins names as a sentence lists them: "a", "a and b", "a, b and c".
func listWords(ts []string) string {
	if n := len(ts); n > 2 {
		return strings.Join(ts[:n-1], ", ") + " and " + ts[n-1]
	}
	return strings.Join(ts, " and ")
}

// AnswerLine is the one line above the scores that answers "does it work?": the subject,
// then how many on-topic studies point which way ("Metformin for cancer: 5 studies: 3
// support (2 RCTs), 1 no effect or harm, 1 unclear"; "Venlafaxine vs fluvoxamine for
// delusional depression: 2 studies: 1 favours venlafaxine, 1 finds venlafaxine no better"). With no on-topic study of a named
// intervention it is NoStudyLine over the total papers; with on-topic studies but no
// stances (a verdict stored before stances existed) it counts them; "" when there is
// nothing to say.
func AnswerLine(q ParsedQuestion, stances []StudyStance, total, onTopic int) string {
	if onTopic == 0 {
		return NoStudyLine(q, total)
	}
	if len(stances) > 0 && q.Kind == QuestionOther && !q.AsksYesNo() {
		// "What is the prognosis of Fournier's gangrene?" has no claim to support or
		// refute: the studies report on it, and are counted, not taken for or against.
		return fmt.Sprintf("%s: %d stud%s report%s on it; the question is not a yes-or-no one, so none is counted for or against",
			answerSubject(q), len(stances), map[bool]string{true: "y", false: "ies"}[len(stances) == 1], map[bool]string{true: "s", false: ""}[len(stances) == 1])
	}
	if len(stances) == 0 {
		if q.InterventionText() == "" {
			return ""
		}
		return fmt.Sprintf("%s: %d on-topic stud%s; which way each points was not assessed", answerSubject(q), onTopic, map[bool]string{true: "y", false: "ies"}[onTopic == 1])
	}
	subject := answerSubject(q)
	count := map[Stance]int{}
	rct := map[Stance]int{}
	for _, s := range stances {
		count[s.Stance]++
		if s.RCT {
			rct[s.Stance]++
		}
	}
	var parts []string
	for _, k := range []Stance{StanceSupports, StanceRefutes, StanceMixed, StanceUnclear} {
		if count[k] == 0 {
			continue
		}
		// "1 finds a benefit", "2 find a benefit": the verb agrees with the count.
		p := fmt.Sprintf("%d %s", count[k], stanceWords(q, k, count[k] != 1))
		if rct[k] > 0 {
			p += fmt.Sprintf(" (%d RCT%s)", rct[k], plural(rct[k]))
		}
		parts = append(parts, p)
	}
	return fmt.Sprintf("%s: %d stud%s: %s", subject, len(stances), map[bool]string{true: "y", false: "ies"}[len(stances) == 1], strings.Join(parts, ", "))
}

// StanceLabel says one study's stance in the words of the question's answer line: "supports"
// and "no effect or harm" for a treatment; "favours venlafaxine" and "finds venlafaxine no
// better" for a treatment set against another (Compares), "finds venlafaxine as good" and
// "finds a difference" when the question asks whether the two are alike (AsksLikeness);
// "finds a link" and "finds none" for a harm or a risk asked about (Exposure); "finds it
// accurate" and "finds it inaccurate" for a test (Diagnostic); "supports" and "refutes" for
// a question that asks about no treatment; "finds a benefit" for a study under an open
// question.
func StanceLabel(q ParsedQuestion, s Stance) string { return stanceWords(q, s, false) }

// stanceWords is how a stance is said for a question, for one study or as a count ("3
// support"). A question naming no intervention has no single claim to support: each study's
// stance is on the treatment it studied, so it "finds a benefit". A question that asks no
// treatment question is a claim that studies support or refute. A comparison's words name
// the treatment its "yes" favours (favoured), where stanceSay has %s.
func stanceWords(q ParsedQuestion, s Stance, count bool) string {
	w := stanceSaid{"unclear", "unclear"}
	switch s {
	case StanceSupports, StanceRefutes:
		sense := "treatment"
		switch {
		case q.Exposure:
			sense = "link"
		case q.Diagnostic:
			sense = "test"
		case q.AsksSafety():
			sense = "safety"
		case q.Kind == QuestionOpen:
			sense = "open"
		case q.Kind == QuestionOther && !q.AsksYesNo():
			sense = "reports"
		case q.Kind == QuestionOther:
			sense = "other"
		case q.AsksLikeness():
			sense = "likeness"
		case q.Compares():
			sense = "comparison"
		}
		w = stanceSay[sense][s]
	case StanceMixed:
		w = stanceSaid{"mixed", "mixed"}
	}
	said := w.one
	if count {
		said = w.many
	}
	if strings.Contains(said, "%s") {
		said = fmt.Sprintf(said, q.favoured())
	}
	return said
}

// stanceSaid is a stance said of one study and as a count.
type stanceSaid struct{ one, many string }

// stanceSay are the words of support and refutation by what a question asks. A comparison's
// "refutes" covers the two found alike as well as the other found better: either way the
// study does not favour the treatment, and "no effect or harm" would deny that it works.
var stanceSay = map[string]map[Stance]stanceSaid{
	"treatment":  {StanceSupports: {"supports", "support"}, StanceRefutes: {"no effect or harm", "no effect or harm"}},
	"comparison": {StanceSupports: {"favours %s", "favour %s"}, StanceRefutes: {"finds %s no better", "find %s no better"}},
	"likeness":   {StanceSupports: {"finds %s as good", "find %s as good"}, StanceRefutes: {"finds a difference", "find a difference"}},
	"link":       {StanceSupports: {"finds a link", "find a link"}, StanceRefutes: {"finds none", "find none"}},
	"test":       {StanceSupports: {"finds it accurate", "find it accurate"}, StanceRefutes: {"finds it inaccurate", "find it inaccurate"}},
	"open":       {StanceSupports: {"finds a benefit", "find a benefit"}, StanceRefutes: {"no effect or harm", "no effect or harm"}},
	"other":      {StanceSupports: {"supports", "support"}, StanceRefutes: {"refutes", "refute"}},
	"reports":    {StanceSupports: {"reports", "report"}, StanceRefutes: {"reports", "report"}},
	"safety":     {StanceSupports: {"finds it safe", "find it safe"}, StanceRefutes: {"finds harm", "find harm"}},
}

// whWords open a question that asks for something other than yes or no.
var whWords = map[string]bool{"what": true, "which": true, "how": true, "why": true, "when": true, "where": true, "who": true, "whom": true, "whose": true}

// auxWords open a yes-or-no question ("Is …", "Does …", "Can …").
var auxWords = map[string]bool{"is": true, "are": true, "was": true, "were": true, "do": true, "does": true, "did": true,
	"can": true, "could": true, "should": true, "will": true, "would": true, "has": true, "have": true, "had": true,
	"may": true, "might": true, "must": true, "shall": true}

// SafetyWord reports whether a word of a question asks whether something is safe ("Is it
// safe to …", "safety of", "side effects").
func SafetyWord(t string) bool {
	switch t {
	case "safe", "safety", "unsafe", "side-effects", "side", "toxicity", "harmful":
		return true
	}
	return false
}

// AsksSafety reports whether a treatment question asks whether the treatment is safe
// ("Is metformin safe in pregnancy?"): its studies find it safe or find harm. A harm asked
// about by name is a link question (Exposure) instead.
func (s ParsedQuestion) AsksSafety() bool {
	if s.Kind != QuestionIntervention || s.Exposure || s.Diagnostic {
		return false
	}
	ws := questionWords(s.Question)
	// "Is X safe and effective …?" asks about the treatment as a whole.
	return slices.ContainsFunc(ws, SafetyWord) && !slices.ContainsFunc(ws, func(w string) bool {
		return w == "effective" || w == "efficacy" || w == "efficacious" || w == "effectiveness"
	})
}

// questionWords are the question's words in lower case.
func questionWords(q string) []string {
	return strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\'' && r != '-'
	})
}

// AsksYesNo reports whether the question asks yes or no: its first question word is an
// auxiliary ("Is …?", "In children, does …?"), not a wh-word ("What is the prognosis of …?",
// "How common is …?"). A phrase with neither ("Prognosis of Fournier gangrene") asks no yes
// or no either.
func (s ParsedQuestion) AsksYesNo() bool {
	for _, w := range questionWords(s.Question) {
		switch {
		case whWords[w]:
			return false
		case auxWords[w]:
			return true
		}
	}
	return false
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// answerSubject is what the answer line is about: "Metformin for cancer", "Venlafaxine vs
// fluvoxamine for delusional depression" for a comparison (ComparisonText); for a question
// naming no intervention, "Treatments studied for alzheimer disease"; for one that asks no
// treatment question at all (Kind other: "Are autoimmune diseases more common after vitamin
// D deficiency?"), or names no condition, the question.
func answerSubject(q ParsedQuestion) string {
	subject := q.InterventionText()
	if subject == "" {
		if c := q.ConditionText(); c != "" && q.Kind != QuestionOther {
			return "Treatments studied for " + c
		}
		return strings.TrimSuffix(strings.TrimSpace(q.Question), "?")
	}
	if q.AsksSafety() {
		subject = "safety of " + subject
	} else if c := q.ComparisonText(); c != "" {
		// "Venlafaxine vs fluvoxamine for delusional depression": a study's stance is on
		// which of the two is better, so the line names both.
		subject = c
	}
	subject = strings.ToUpper(subject[:1]) + subject[1:]
	if l := q.LinkText(); l != "" && q.Exposure {
		// "Proton pump inhibitors and dementia": not a treatment for it.
		subject += " and " + l
	} else if l != "" && q.Diagnostic {
		subject += " for " + testPurpose(q) + " " + l
	} else if c := q.ConditionText(); c != "" {
		subject += " for " + c + q.settingAside()
	} else if st := q.SettingText(); st != "" {
		subject += " in " + st
	} else if p := q.purposeText(); p != "" {
		subject += " for " + p
	}
	return subject
}
