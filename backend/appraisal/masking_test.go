package appraisal

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMaskedPartiesClauses covers who was masked (CONSORT 11a) in the sentences that also
// say who was not, use a type label, or mask by double negation. The sentences are written
// for the test, in the ways trial reports phrase masking.
func TestMaskedPartiesClauses(t *testing.T) {
	tests := []maskingCase{
		// A type label names nobody; parties named beside it in the sentence still count.
		{"double-blind alone", "This double-blind trial enrolled 212 adults with gout.", []string{}},
		{"single-blind alone", "Forty patients completed the single-blind run-in week.", []string{}},
		{"double-blind with parties", "In this double-blind trial, patients and investigators were unaware of treatment assignment.", []string{pts, cp}},
		{"bracketed parties after the type", "The study was triple-blind (participants, surgeons and outcome assessors).", []string{pts, cp, oa}},
		{"registry masking line", "Masking: Quadruple (Participant, Care Provider, Investigator, Outcomes Assessor).", []string{pts, cp, oa}},
		{"bracket after a negated type", "The trial was not double-blind (patients knew their dose).", []string{}},

		// Who was not masked bounds the clause of who was.
		{"negated then masked after a comma", "Although it was not possible to blind the therapists, the assessors were blinded to allocation.", []string{oa}},
		{"negated then masked after but", "Patients and surgeons could not be masked, but radiographs were read by a radiologist blinded to group.", []string{oa}},
		{"open-label with blinded adjudication", "Treatment was open-label; outcome events were adjudicated by a committee masked to treatment allocation.", []string{oa}},
		{"masked then not masked", "Outcome assessors were blinded, whereas participants and therapists were not.", []string{oa}},
		{"elided participle after a negation", "Participants could not be masked to the exercise programme, but the outcome assessors were.", []string{oa}},
		{"negation only", "Participants and therapists were not blinded to group allocation.", []string{}},
		{"neither nor blinded", "Neither the participants nor the treating dentists were blinded.", []string{}},
		{"blinding not feasible", "Blinding of patients and nurses was not feasible given the devices used.", []string{}},

		// Double negation and plain words for not knowing the group.
		{"neither nor aware", "Neither participants nor physicians were aware of the group assignment until the last visit.", []string{pts, cp}},
		{"neither nor knew", "Neither the children nor their parents knew which arm they were in.", []string{pts}},
		{"not aware of the allocation", "Interviewers were not aware of the participants' allocation.", []string{oa}},
		{"not told which group", "Patients were not told which group they had been assigned to.", []string{pts}},
		{"not aware of something else", "Staff were not aware of the referral pathway before training.", []string{}},
		{"aware is not masked", "Only the trial pharmacist was aware of the allocation.", []string{}},

		// Exceptions name who was left unmasked.
		{"all except the statistician", "All except the trial statistician were blinded to the allocation.", []string{}},
		{"staff except the statistician", "All study staff except the statistician were masked to treatment group.", []string{cp}},
		{"but not in the middle", "Outcome assessors, but not participants, were masked to allocation.", []string{oa}},

		// A party named after a masking phrase ends where a relative clause starts.
		{"concealed from staff who cared for patients", "Treatment allocation was concealed from the nurses who cared for the patients.", []string{cp}},
		{"blinding of several parties", "Blinding of participants, care providers and outcome assessors was maintained until database lock.", []string{pts, cp, oa}},
		{"blinded readers", "Two blinded readers graded every fundus photograph.", []string{oa}},

		// Adjective, verb or noun: what the masking word qualifies decides the party.
		{"a blinded phase masks no one", "Patients in the blinded phase were seen every fortnight.", []string{}},
		{"blind subjects cannot see", "Ten blind subjects and ten sighted controls judged the crossing gaps.", []string{}},
		{"a blind rater", "Depression was scored by a blind rater at every visit.", []string{oa}},
		{"to blind participants", "A sham device was used to blind participants to their allocation.", []string{pts}},
		{"we did blind", "We could not blind the surgeons, but we did blind the patients.", []string{pts}},
		{"a face mask is no masking", "Participants wore a surgical mask during every visit.", []string{}},
		{"hidden from", "The allocation was hidden from the physiotherapists measuring grip strength.", []string{cp}},
		{"the person analysing the data", "The person analysing the data was blinded to group membership.", []string{da}},
		{"unaware of the aims of the trial", "Teachers were kept unaware of the aims of the trial.", []string{cp}},
	}
	checkMasking(t, tests)
}

// TestMaskedPartiesWordings covers wordings of who was masked (CONSORT 11a) found by
// reading masking sentences outside the 17a labels (MEDLINE and PubMedQA abstracts of the
// development folds, the development full texts' sentences of every label, the recorded
// API responses): roles named by their specialty or their task, an adverb in the masking
// phrase, assessment done "blindly", a type label used as an adjective of the design, and
// the negations that keep a party unmasked. The sentences are written for the test.
func TestMaskedPartiesWordings(t *testing.T) {
	tests := []maskingCase{
		// Roles named by their specialty or by what they do.
		{"specialty ending in -ologist", "The neurologist who rated disability was unaware of treatment assignment.", []string{cp, oa}},
		{"psychiatrists rating outcomes", "Psychiatrists rating the outcomes were blinded.", []string{cp, oa}},
		{"task names the assessor", "The laboratory technologists reading the slides were blind to treatment allocation.", []string{oa}},
		{"paediatrician examining", "The paediatrician examining the infants was unaware of the allocation.", []string{pts, cp, oa}},
		{"those delivering the intervention", "Those delivering the intervention were blinded to which group the participants belonged.", []string{cp}},
		{"field-workers collecting data", "The field-workers collecting outcome data were masked to study arm.", []string{cp, oa}},
		{"biostatistician", "A biostatistician who was blinded to group allocation performed the analysis.", []string{da}},
		{"co-authors", "All co-authors except one remained masked until the final analysis was complete.", []string{cp}},
		{"treating team and guardians", "Guardians and the treating team were unaware of which group the child was in.", []string{pts, cp}},
		{"specialist", "The scans were assessed by an experienced specialist blinded to treatment assignment.", []string{cp, oa}},
		{"blinded independent central review", "Progression was assessed by blinded independent central review.", []string{oa}},
		{"midwife and anesthetist", "The midwife and the anesthetist were unaware of group allocation.", []string{cp}},

		// Assessment done blindly: those assessing are masked.
		{"evaluated blindly", "Radiographs were evaluated blindly by two orthopaedic surgeons.", []string{cp, oa}},
		{"in a blinded fashion", "Wound photographs were rated in a blinded fashion.", []string{oa}},
		{"assessments performed blindly", "Ultrasound assessments were performed blindly to the treatment received.", []string{oa}},
		{"analysed blind", "The data were analysed blindly to group.", []string{da}},
		{"blindly drawn is no masking", "One paper was blindly drawn from the bag by a participant.", []string{}},
		{"blinded fashion of an infusion", "The infusion was started in a blinded fashion after randomisation.", []string{}},

		// Research staff doing the assessments are those assessing (TestMaskedPartiesByTask).
		{"blinded assessments by", "Blinded assessments were conducted by trained research staff.", []string{oa}},
		{"masked evaluations by", "Masked evaluations were performed by two independent physiotherapists.", []string{cp}},
		{"blinded assessment of safety names no one", "Blinded assessment of safety was performed throughout the trial.", []string{}},

		// Adverbs and the noun before "blinding".
		{"to effectively blind", "The placebo version offers the ability to effectively blind participants and researchers.", []string{pts, cp}},
		{"not actively informed", "Ward staff were not actively informed about the allocation.", []string{cp}},
		{"participant and researcher blinding", "The same schedule was used in both arms to preserve participant and researcher blinding.", []string{pts, cp}},
		{"parental blinding", "The success of parental blinding was assessed at the last visit.", []string{pts}},
		{"patient blinding then a comma", "To maintain patient blinding, surgeons were trained to simulate the procedure.", []string{pts}},
		{"single-blind for", "The study was single-blind for participants.", []string{pts}},
		{"double-blind for some weeks", "Treatment was double-blind for 12 weeks.", []string{}},

		// A type label used as an adjective of the design names no one around it.
		{"blinded design after women", "We compared two regimens in postmenopausal women using a randomized, blinded, crossover design.", []string{}},
		{"partially blinded trial after analysis", "A cost analysis of a partially blinded, randomized, controlled efficacy and safety trial.", []string{}},
		{"patient-level blinded trial", "The trial was a patient-level, blinded, randomized clinical trial.", []string{}},
		{"assessor-blinded trial", "This was an assessor-blinded, randomised, controlled trial.", []string{oa}},
		{"observer-blinded trial", "A multicentre, observer-blinded randomised trial in 300 children.", []string{oa}},
		{"blinded, and study personnel", "Participants were blinded, and study personnel were unaware of allocation.", []string{pts, cp}},
		{"blinded, so trial staff", "Patients were blinded, so trial staff kept the codes sealed.", []string{pts}},
		{"masked in this trial", "Outcome assessors were masked in this trial.", []string{oa}},

		// Who is named after a masking phrase ends at the next verb.
		{"unknown to X and known by Y", "The treatment allocation was unknown to the investigators and was known only by the trial statistician.", []string{cp}},

		// Negations that keep a party unmasked.
		{"not possible to keep blinded", "It was not, however, possible to keep the follow-up interviewers blinded.", []string{}},
		{"un-blinded assessors", "Physical activity was ascertained by a separate set of un-blinded assessors.", []string{}},
		{"impossible to keep masked", "It was impossible to keep the therapists masked to allocation.", []string{}},

		// Not knowing what one received; an allocation not revealed to someone.
		{"did not know whether they received", "Participants did not know whether they received active drug or placebo.", []string{pts}},
		{"allocation not revealed to", "The allocation was not revealed to participants or investigators until database lock.", []string{pts, cp}},
		{"group allocation not disclosed to", "Group allocation was not disclosed to the outcome assessors.", []string{oa}},
		{"allocation kept from", "Treatment allocation was kept from the patients.", []string{pts}},
		{"block sizes not disclosed is concealment", "Block sizes were not disclosed to the investigators.", []string{}},

		{"knew who received", "Neither the nurses nor the mothers knew who received the active spray.", []string{pts, cp}},
		{"not aware of the hypotheses", "Participants were not aware of the study hypotheses.", []string{pts}},
		{"unaware of its identity", "The anaesthesiologist administering the drug was unaware of its identity.", []string{cp}},
		{"randomisation blinded to parties", "The randomisation was blinded to patients and outcome assessors.", []string{pts, oa}},
		{"allocation concealed to", "Group allocation was concealed to the investigators.", []string{cp}},
		{"outcome assessment blinded to allocation", "Outcome assessment was blinded to allocation.", []string{oa}},
		{"treatment masked for weeks", "Treatment was masked for the first 12 weeks.", []string{}},
		{"person entering data", "The person entering the data was blinded to group.", []string{da}},
		{"blinded end point", "It was a prospective, randomised, open trial with blinded end-point evaluation.", []string{oa}},

		// The parties joined after the masking phrase.
		{"as were", "Clinicians were unaware of the allocation, as were patients.", []string{cp, pts}},
		{"as were after a negation", "Clinicians were not blinded, as were patients.", []string{}},
		{"elided after a semicolon", "The surgeon could not be blinded; the patient and the assessor were.", []string{pts, oa}},
		{"we blinded", "We blinded participants and outcome assessors to group allocation.", []string{pts, oa}},
		{"we blinded is no adjective", "We also masked the statistician to the group codes.", []string{da}},

		{"blinding of X was impossible", "Given the nature of the intervention, blinding of therapists and patients was impossible.", []string{}},
		{"masking of X was unfeasible", "Masking of participants and surgeons was unfeasible.", []string{}},
		{"lack of blinding of X", "The trial lacked blinding of patients and therapists.", []string{}},
		{"masking of X not attempted", "Masking of participants and care providers was not attempted.", []string{}},
		{"success of blinding assessed", "Blinding was assessed by asking the nurses to guess the allocation.", []string{}},

		// Similarity of interventions is CONSORT 11b: it names no one.
		{"identical placebo", "The placebo was identical in appearance, taste and smell.", []string{}},
		{"double-dummy", "Participants were randomised in a double-dummy design with identical-appearing placebo.", []string{}},
		{"sham procedure", "A sham procedure was used in the control group.", []string{}},
	}
	checkMasking(t, tests)
}

// TestMaskedPartiesNegatedPhrase covers masking phrases that open with what was masked and
// carry their own negation ("allocation was not masked to participants"), and the
// allocation sequence or block size kept from someone, which is allocation concealment
// (CONSORT 16f), not masking after assignment (11a). The sentences are written for the test.
func TestMaskedPartiesNegatedPhrase(t *testing.T) {
	tests := []maskingCase{
		{"allocation not masked to", "Allocation was not masked to participants or researchers.", []string{}},
		{"allocation not concealed from", "Allocation was not concealed from participants.", []string{}},
		{"allocation never concealed from", "The allocation was never concealed from the ward nurses.", []string{}},
		{"allocation not kept from", "The allocation was not kept from the participants.", []string{}},
		{"group assignment not blinded for", "Group assignment was not blinded for the patients or the surgeons.", []string{}},
		{"no masking of", "There was no masking of participants or researchers.", []string{}},
		{"not blinded to X, but Y blinded", "Group allocation was not blinded to the outcome assessors, but participants were blinded.", []string{pts}},
		{"allocation masked to", "Treatment allocation was masked to participants and outcome assessors.", []string{pts, oa}},

		{"blind to block sizes is concealment", "Recruiting clinicians were kept blind to the block sizes.", []string{}},
		{"blinded to the sequence is concealment", "Recruiting physicians were blinded to the allocation sequence.", []string{}},
		{"sequence concealed from those enrolling", "The randomisation list was concealed from the research nurses who enrolled participants.", []string{}},
		{"block size unknown to", "The block size was unknown to the investigators and was known only by the trial statistician.", []string{}},
		{"sequence masked throughout the trial", "Blinding to the allocation sequence was maintained for all treating physicians throughout the study.", []string{cp}},
		{"sequence concealed until the end", "The allocation sequence was concealed from the investigators until the end of the trial.", []string{cp}},
		{"a crossover's treatment sequence is masking", "Participants were blinded to the treatment sequence.", []string{pts}},
		{"a dosing schedule is masking", "Participants were blinded to the dosing schedule.", []string{pts}},
		{"treatment codes concealed from", "Treatment codes were concealed from the investigators until database lock.", []string{cp}},
	}
	checkMasking(t, tests)
}

// TestMaskedPartiesByTask covers the trial's staff named by no role ("staff",
// "personnel", "investigators", "researchers"), who are care providers unless the sentence
// gives them the task of another party: those carrying out the assessments are outcome
// assessors, those entering or analysing the data are data analysts. The sentences are
// written for the test.
func TestMaskedPartiesByTask(t *testing.T) {
	tests := []maskingCase{
		{"staff who were blind carried out assessments", "Research staff who had no part in recruitment and who were blind to allocation carried out the outcome assessments.", []string{oa}},
		{"staff performing data entry and analysis", "The staff performing data entry and analysis were blind to treatment group.", []string{da}},
		{"assessments by research staff", "Follow-up assessments were conducted by research staff blinded to allocation.", []string{oa}},
		{"investigators who performed the assessments", "The investigators, who performed all assessments, were unaware of allocation.", []string{oa}},
		{"personnel responsible for outcome assessment", "Personnel responsible for outcome assessment were blinded to treatment allocation.", []string{oa}},
		{"measurements and lab analyses by personnel", "Weight measurements and blood analyses were done by personnel blinded for group allocation.", []string{oa, da}},
		{"analysis performed by researchers", "Data management and analysis were performed by researchers who were blinded to the procedures.", []string{da}},
		{"staff collecting data after a negation", "Study personnel delivering the intervention were not blinded, but staff collecting outcome data were.", []string{oa}},
		// A clinician named by an assessment task is an assessor, not a care provider.
		{"nurses who performed the assessment", "Nurses who performed the outcome assessment were unaware of group allocation.", []string{oa}},
		{"nurses giving the care", "Nurses giving the dressings were unaware of group allocation.", []string{cp}},

		// Staff named without a task, or whose task is another party's, stay care providers.
		{"investigators without a task", "Investigators and outcome assessors were blinded.", []string{cp, oa}},
		{"another party does the task", "Study staff were blinded to allocation, and the nurses conducted all assessments.", []string{cp}},
		{"a passive task is no one's", "Investigators were blinded to allocation and the data were analysed by an independent statistician.", []string{cp}},
		{"staff delivering the intervention", "Staff delivering the intervention were unaware of the study hypotheses.", []string{cp}},
	}
	checkMasking(t, tests)
}

// The parties of who-was-masked, as the finding names them.
const (
	pts = "participants"
	cp  = "care_providers"
	oa  = "outcome_assessors"
	da  = "data_analysts"
)

// maskingCase is a sentence and the parties it says were masked.
type maskingCase struct {
	name string
	text string
	want []string
}

// checkMasking reads each case's sentence alone: the parties found must be the wanted ones,
// and a finding quotes the sentence it rests on.
func checkMasking(t *testing.T, cases []maskingCase) {
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got := Findings(Document{Text: tt.text})[FindingMaskedParties]
			require.ElementsMatch(t, tt.want, got.Value, "quote: %q", got.Quote)
			if len(tt.want) > 0 {
				require.Equal(t, tt.text, got.Quote)
			}
		})
	}
}
