package appraisal

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMaskedPartiesClauses covers who was masked (CONSORT 11a) in the sentences that also
// say who was not, use a type label, or mask by double negation. The sentences are written
// for the test, in the ways trial reports phrase masking.
func TestMaskedPartiesClauses(t *testing.T) {
	const (
		pts = "participants"
		cp  = "care_providers"
		oa  = "outcome_assessors"
		da  = "data_analysts"
	)
	tests := []struct {
		name string
		text string
		want []string
	}{
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
		{"concealed from staff who allocated patients", "The sequence was concealed from the nurses who enrolled patients.", []string{cp}},
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
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Findings(Document{Text: tt.text})
			got := f[FindingMaskedParties]
			require.ElementsMatch(t, tt.want, got.Value, "quote: %q", got.Quote)
			if len(tt.want) > 0 {
				require.Equal(t, tt.text, got.Quote)
			}
		})
	}
}
