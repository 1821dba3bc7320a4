package domain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// concept is a concept of a test question, its words split from its text.
func concept(role ConceptRole, text string) Concept {
	return Concept{Role: role, Text: text, Words: strings.Fields(text)}
}

// treatmentQuestion is a treatment question of the given wording and concepts.
func treatmentQuestion(question string, cs ...Concept) ParsedQuestion {
	return ParsedQuestion{Question: question, Kind: QuestionIntervention, Concepts: cs}
}

// TestComparisonAnswerLine: a question setting its treatment against another treatment
// names both and counts the studies that favour the first and those that find it no
// better; against a control arm (placebo, sham, usual care) it stays a question of whether
// the treatment works; safety, link and test questions keep their own words.
func TestComparisonAnswerLine(t *testing.T) {
	stances := []StudyStance{{N: 1, Stance: StanceSupports, RCT: true}, {N: 2, Stance: StanceSupports, RCT: true}, {N: 3, Stance: StanceSupports},
		{N: 4, Stance: StanceRefutes}, {N: 5, Stance: StanceMixed}, {N: 6, Stance: StanceUnclear}}
	ticagrelor := treatmentQuestion("Is ticagrelor better than prasugrel after acute coronary syndrome?",
		concept(RoleIntervention, "ticagrelor"), concept(RoleComparator, "prasugrel"), concept(RoleCondition, "acute coronary syndrome"))
	cases := []struct {
		name string
		q    ParsedQuestion
		st   []StudyStance
		want string
	}{
		{"two drugs ranked", ticagrelor, stances,
			"Ticagrelor vs prasugrel for acute coronary syndrome: 6 studies: 3 favour ticagrelor (2 RCTs), 1 finds ticagrelor no better, 1 mixed, 1 unclear"},
		{"two drugs set side by side in a phrase", treatmentQuestion("ondansetron versus doxylamine nausea of pregnancy",
			concept(RoleIntervention, "ondansetron"), concept(RoleComparator, "doxylamine"), concept(RoleCondition, "nausea of pregnancy")), stances[3:4],
			"Ondansetron vs doxylamine for nausea of pregnancy: 1 study: 1 finds ondansetron no better"},
		{"a PICO question with a drug as its C", treatmentQuestion("P: adults with gout; I: febuxostat; C: allopurinol; O: flares",
			concept(RoleIntervention, "febuxostat"), concept(RoleComparator, "allopurinol"), concept(RoleOutcome, "flares"), concept(RoleCondition, "gout")), stances[:2],
			"Febuxostat vs allopurinol for gout: 2 studies: 2 favour febuxostat (2 RCTs)"},
		// Two ways of giving one drug are two treatments too.
		{"two regimens of one drug", treatmentQuestion("continuous versus intermittent vancomycin for MRSA bacteraemia",
			concept(RoleIntervention, "continuous vancomycin"), concept(RoleComparator, "intermittent vancomycin"), concept(RoleCondition, "mrsa bacteraemia")), stances[3:4],
			"Continuous vancomycin vs intermittent vancomycin for mrsa bacteraemia: 1 study: 1 finds continuous vancomycin no better"},
		// What follows the comparator belongs to its arm: "A versus B with C".
		{"a second thing given in the comparator's arm", treatmentQuestion("dry needling vs manual therapy with exercise for neck pain",
			concept(RoleIntervention, "dry needling"), concept(RoleComparator, "manual therapy"), concept(RoleIntervention, "exercise"), concept(RoleCondition, "neck pain")), stances[:1],
			"Dry needling vs manual therapy and exercise for neck pain: 1 study: 1 favours dry needling (1 RCT)"},
		// Named comparator first: the treatment switched to is the one asked about.
		{"the comparator named first", treatmentQuestion("switching from insulin glargine to insulin degludec",
			concept(RoleComparator, "insulin glargine"), concept(RoleIntervention, "insulin degludec")), stances[3:4],
			"Insulin degludec vs insulin glargine: 1 study: 1 finds insulin degludec no better"},
		// "Is A worse than B?" answered yes favours B.
		{"the first asked to be the worse", treatmentQuestion("Is spinal anaesthesia inferior to general anaesthesia for hip fracture surgery?",
			concept(RoleIntervention, "spinal anaesthesia"), concept(RoleComparator, "general anaesthesia"), concept(RoleCondition, "hip fracture surgery")), stances[:1],
			"Spinal anaesthesia vs general anaesthesia for hip fracture surgery: 1 study: 1 favours general anaesthesia (1 RCT)"},
		{"the first asked not to be the worse", treatmentQuestion("Is spinal anaesthesia not inferior to general anaesthesia for hip fracture surgery?",
			concept(RoleIntervention, "spinal anaesthesia"), concept(RoleComparator, "general anaesthesia"), concept(RoleCondition, "hip fracture surgery")), stances[:1],
			"Spinal anaesthesia vs general anaesthesia for hip fracture surgery: 1 study: 1 favours spinal anaesthesia (1 RCT)"},
		// "Is A as good as B?" answered yes finds them alike, not A better.
		{"a likeness asked", treatmentQuestion("Is oral step-down therapy as effective as intravenous antibiotics for osteomyelitis?",
			concept(RoleIntervention, "oral step-down therapy"), concept(RoleComparator, "intravenous antibiotics"), concept(RoleCondition, "osteomyelitis")), stances[2:4],
			"Oral step-down therapy vs intravenous antibiotics for osteomyelitis: 2 studies: 1 finds oral step-down therapy as good, 1 finds a difference"},
		{"a comparison not assessed", ticagrelor, nil, "Ticagrelor vs prasugrel for acute coronary syndrome: 2 on-topic studies; which way each points was not assessed"},
		{"a control arm beside a second treatment", treatmentQuestion("ticagrelor vs prasugrel vs placebo after acute coronary syndrome",
			concept(RoleIntervention, "ticagrelor"), concept(RoleComparator, "prasugrel"), concept(RoleComparator, "placebo"), concept(RoleCondition, "acute coronary syndrome")), stances[:1],
			"Ticagrelor vs prasugrel for acute coronary syndrome: 1 study: 1 favours ticagrelor (1 RCT)"},
		// Against a control arm the question is whether the treatment works.
		{"placebo", treatmentQuestion("Is zinc more effective than placebo for the common cold?",
			concept(RoleIntervention, "zinc"), concept(RoleComparator, "placebo"), concept(RoleCondition, "common cold")), stances[3:4],
			"Zinc for common cold: 1 study: 1 no effect or harm"},
		{"a sham of the treatment", treatmentQuestion("spinal manipulation vs sham manipulation for migraine",
			concept(RoleIntervention, "spinal manipulation"), concept(RoleComparator, "sham manipulation"), concept(RoleCondition, "migraine")), stances[:1],
			"Spinal manipulation for migraine: 1 study: 1 supports (1 RCT)"},
		{"usual care", treatmentQuestion("case management compared with usual care for heart failure",
			concept(RoleIntervention, "case management"), concept(RoleComparator, "usual-care"), concept(RoleCondition, "heart failure")), stances[:1],
			"Case management for heart failure: 1 study: 1 supports (1 RCT)"},
		{"a waiting list", treatmentQuestion("group therapy versus waiting list for social anxiety",
			concept(RoleIntervention, "group therapy"), concept(RoleComparator, "list"), concept(RoleCondition, "social anxiety")), stances[:1],
			"Group therapy for social anxiety: 1 study: 1 supports (1 RCT)"},
		// Safety, a link and a test keep their words, whatever they are compared with.
		{"safety against another drug", treatmentQuestion("Is sertraline as safe as citalopram in pregnancy?",
			concept(RoleIntervention, "sertraline"), concept(RoleComparator, "citalopram"), concept(RoleCondition, "pregnancy")), stances[3:4],
			"Safety of sertraline for pregnancy: 1 study: 1 finds harm"},
		{"a link against another drug", ParsedQuestion{Question: "Is clarithromycin associated with arrhythmia compared with amoxicillin?", Kind: QuestionIntervention, Exposure: true,
			Concepts: []Concept{concept(RoleIntervention, "clarithromycin"), concept(RoleCondition, "arrhythmia"), concept(RoleComparator, "amoxicillin")}}, stances[:1],
			"Clarithromycin and arrhythmia: 1 study: 1 finds a link (1 RCT)"},
		{"a test against another", ParsedQuestion{Question: "Is MRI more accurate than CT for detecting scaphoid fracture?", Kind: QuestionIntervention, Diagnostic: true,
			Concepts: []Concept{{Role: RoleIntervention, Text: "mri", Display: "MRI", Words: []string{"mri"}}, {Role: RoleComparator, Text: "ct", Display: "CT", Words: []string{"ct"}},
				concept(RoleCondition, "scaphoid fracture")}}, stances[:1],
			"MRI for diagnosing scaphoid fracture: 1 study: 1 finds it accurate (1 RCT)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			onTopic := len(c.st)
			if onTopic == 0 {
				onTopic = 2
			}
			require.Equal(t, c.want, AnswerLine(c.q, c.st, onTopic+1, onTopic))
		})
	}
}

// TestComparisonStanceLabel: one study under a comparison is said in the answer line's words.
func TestComparisonStanceLabel(t *testing.T) {
	ranked := treatmentQuestion("Is ketorolac better than morphine for renal colic?",
		concept(RoleIntervention, "ketorolac"), concept(RoleComparator, "morphine"), concept(RoleCondition, "renal colic"))
	alike := treatmentQuestion("Is ketorolac as effective as morphine for renal colic?", ranked.Concepts...)
	worse := treatmentQuestion("Is ketorolac less effective than morphine for renal colic?", ranked.Concepts...)
	placebo := treatmentQuestion("ketorolac vs placebo for renal colic",
		concept(RoleIntervention, "ketorolac"), concept(RoleComparator, "placebo"), concept(RoleCondition, "renal colic"))
	for _, c := range []struct {
		name string
		q    ParsedQuestion
		s    Stance
		want string
	}{
		{"ranked, supports", ranked, StanceSupports, "favours ketorolac"},
		{"ranked, refutes", ranked, StanceRefutes, "finds ketorolac no better"},
		{"ranked, mixed", ranked, StanceMixed, "mixed"},
		{"ranked, unclear", ranked, StanceUnclear, "unclear"},
		{"alike, supports", alike, StanceSupports, "finds ketorolac as good"},
		{"alike, refutes", alike, StanceRefutes, "finds a difference"},
		{"asked the worse, supports", worse, StanceSupports, "favours morphine"},
		{"asked the worse, refutes", worse, StanceRefutes, "finds morphine no better"},
		{"against placebo, supports", placebo, StanceSupports, "supports"},
		{"against placebo, refutes", placebo, StanceRefutes, "no effect or harm"},
	} {
		t.Run(c.name, func(t *testing.T) { require.Equal(t, c.want, StanceLabel(c.q, c.s)) })
	}
}

// TestControlArm: what a trial compares a treatment with, not a treatment of its own.
func TestControlArm(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"placebo", true},
		{"usual-care", true},
		{"standard care", true},
		{"watchful-waiting", true},
		{"observation", true},
		{"vehicle", true},
		{"waitlist control", true},
		{"list", true}, // "waiting list", as the parse reads it
		{"supportive care", true},
		{"sham laser", true},
		{"placebo patch", true},
		{"nicotine patch", false},
		{"standard chemotherapy", false},
		{"conventional oxygen therapy", false},
		{"warfarin", false},
		{"", false},
	} {
		require.Equal(t, c.want, concept(RoleComparator, c.text).ControlArm(), c.text)
	}
}
