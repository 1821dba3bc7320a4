package domain

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRegistryFacts(t *testing.T) {
	tr := Trial{
		StudyType: "INTERVENTIONAL", Phase: "PHASE2", Allocation: "RANDOMIZED", InterventionModel: "PARALLEL",
		Masking: "QUADRUPLE", WhoMasked: []string{"PARTICIPANT", "CARE_PROVIDER", "INVESTIGATOR", "OUTCOMES_ASSESSOR"},
		PrimaryPurpose: "TREATMENT", Enrollment: 92, EnrollmentType: "ESTIMATED",
		PrimaryOutcomes: []TrialOutcome{{Measure: "Antidepressant Efficacy", TimeFrame: "Baseline to Week 8 (Primary Endpoint)"}},
		Status:          "RECRUITING", FirstSubmitted: "2024-03-04", StartDate: "2024-02-05",
	}
	require.Equal(t, []string{
		"ClinicalTrials.gov ID: NCT06341426",
		"Study type: INTERVENTIONAL",
		"Phase: PHASE2",
		"Allocation: RANDOMIZED",
		"Intervention model: PARALLEL",
		"Masking: QUADRUPLE (Participant, Care Provider, Investigator, Outcomes Assessor)",
		"Primary purpose: TREATMENT",
		"Enrollment: 92 (ESTIMATED)",
		"Primary outcome: Antidepressant Efficacy [time frame: Baseline to Week 8 (Primary Endpoint)]",
		"Overall status: RECRUITING",
		"First submitted: 2024-03-04",
		"Start: 2024-02-05",
		"Results posted: no",
	}, RegistryFacts("NCT06341426", tr))
	open := RegistryFacts("NCT02576665", Trial{Masking: "NONE", HasResults: true})
	require.Equal(t, []string{"ClinicalTrials.gov ID: NCT02576665", "Masking: NONE (Open Label)", "Results posted: yes"}, open)
}

func TestRegisteredProspectively(t *testing.T) {
	for _, tc := range []struct {
		submitted, start string
		want, ok         bool
	}{
		{"2015-10-12", "2016-07", true, true},
		{"2024-03-04", "2024-02-05", false, true},
		{"2008-11-14", "2008-11", false, false},  // same month: cannot be ordered
		{"2020-01-10", "2020-01-10", true, true}, // registered on the day of the first enrolment
		{"", "2020-01", false, false},
		{"2020", "2021-01", false, false},
	} {
		got, ok := Trial{FirstSubmitted: tc.submitted, StartDate: tc.start}.RegisteredProspectively()
		require.Equal(t, tc.ok, ok, "%s vs %s", tc.submitted, tc.start)
		require.Equal(t, tc.want, got, "%s vs %s", tc.submitted, tc.start)
	}
}

func TestNCTIDs(t *testing.T) {
	require.Equal(t, []string{"NCT01234567", "NCT00000042"}, NCTIDs("Registered (NCT01234567); see also nct 00000042 and NCT01234567."))
	require.Empty(t, NCTIDs("NCT1234 is too short and ISRCTN12345678 is another registry"))
}

func TestMergeTrialDesign(t *testing.T) {
	planned := &Trial{Status: "RECRUITING", Enrollment: 300, EnrollmentType: "ESTIMATED", Allocation: "RANDOMIZED",
		PrimaryOutcomes: []TrialOutcome{{Measure: "HbA1c at 12 weeks"}}}
	actual := &Trial{Status: "COMPLETED", Enrollment: 246, EnrollmentType: "ACTUAL", Masking: "DOUBLE", WhoMasked: []string{"PARTICIPANT"},
		PrimaryOutcomes: []TrialOutcome{{Measure: "HbA1c at 24 weeks"}}, HasResults: true, ResultsFirstPosted: "2012-11-30"}
	for _, tc := range []struct {
		name     string
		old, nu  *Trial
		outcome  string
		wantKind string
	}{
		{"planned held, actual found", planned, actual, "HbA1c at 24 weeks", "ACTUAL"},
		{"actual held, planned found", actual, planned, "HbA1c at 12 weeks", "ACTUAL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := MergeEvidence(Evidence{Citation: Citation{Trial: tc.old}}, Evidence{Citation: Citation{Trial: tc.nu}}).Citation.Trial
			require.Equal(t, 246, m.Enrollment, "an actual enrollment beats a planned one")
			require.Equal(t, tc.wantKind, m.EnrollmentType)
			require.Equal(t, "RANDOMIZED", m.Allocation)
			require.Equal(t, "DOUBLE", m.Masking)
			require.Equal(t, []string{"PARTICIPANT"}, m.WhoMasked)
			require.True(t, m.HasResults)
			require.Equal(t, "2012-11-30", m.ResultsFirstPosted)
			require.Equal(t, tc.outcome, m.PrimaryOutcomes[0].Measure, "the newer record's outcomes")
		})
	}
}

func TestTrialJSONRoundTrip(t *testing.T) {
	// The design is stored with the evidence as JSON; every field must come back.
	tr := Trial{StudyType: "INTERVENTIONAL", Allocation: "RANDOMIZED", InterventionModel: "PARALLEL", PrimaryPurpose: "TREATMENT",
		ObservationalModel: "COHORT", TimePerspective: "PROSPECTIVE", Masking: "DOUBLE", WhoMasked: []string{"PARTICIPANT"},
		Enrollment: 10, EnrollmentType: "ACTUAL", PrimaryOutcomes: []TrialOutcome{{Measure: "m", TimeFrame: "t", Description: "d"}},
		SecondaryOutcomes: []TrialOutcome{{Measure: "s"}}, WhyStopped: "w", FirstSubmitted: "2020-01-01", ResultsFirstPosted: "2021-01-01"}
	b, err := json.Marshal(Citation{Trial: &tr})
	require.NoError(t, err)
	var back Citation
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, tr, *back.Trial)
}
