package judge

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestClassifyChemical(t *testing.T) {
	tests := []struct {
		name, rn string
		want     ChemicalKind
	}{
		{"Vemurafenib", "207SMY3FQT", ChemicalSubstance},
		{"Heparin", "9005-49-6", ChemicalSubstance},
		{"BRAF protein, human", "EC 2.7.11.1", ChemicalGeneProduct},
		{"MAP2K1 protein, human", "", ChemicalGeneProduct},
		{"TERT protein, human", "EC 2.7.7.49", ChemicalGeneProduct},
		{"Proto-Oncogene Proteins B-raf", "EC 2.7.11.1", ChemicalEnzyme},
		{"Cytochrome c Group", "0", ChemicalClass},
		{"Antidepressive Agents, Tricyclic", "0", ChemicalClass},
		{"Metformin", "", ChemicalUnknown},
		{"Metformin", " 9100L32L2N ", ChemicalSubstance},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, ClassifyChemical(tc.name, tc.rn), tc.name)
	}
}

// TestCandidatesAreDrugs: the mistakes measured on real records (gene products, enzymes,
// classes, cytokines) never become candidates; they are mechanism context instead.
func TestCandidatesAreDrugs(t *testing.T) {
	ev := []domain.Evidence{
		{Content: "Melanoma study.", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: "BRAF inhibition in melanoma",
			Chemicals:   []string{"BRAF protein, human", "MAP2K1 protein, human", "Proto-Oncogene Proteins B-raf", "Vemurafenib", "Interleukin-6", "Cytochrome c Group", "Antidepressive Agents, Tricyclic"},
			ChemicalRNs: []string{"", "", "EC 2.7.11.1", "207SMY3FQT", "0", "0", "0"}}},
		{Content: "Registered trial.", Citation: domain.Citation{Source: domain.SourceClinicalTrials, NCTID: "NCT00000001", Title: "Dabrafenib and exercise",
			Trial: &domain.Trial{Interventions: []domain.Intervention{{Type: "DRUG", Name: "Dabrafenib 150 mg"}, {Type: "BEHAVIORAL", Name: "Exercise"}, {Type: "DEVICE", Name: "Wearable"}, {Type: "COMBINATION_PRODUCT", Name: "Trametinib"}}}}},
	}
	var names []string
	for _, c := range candidates(ev, nil) {
		names = append(names, c.Name)
	}
	require.Equal(t, []string{"Dabrafenib", "Trametinib", "Vemurafenib"}, names, "trial drugs first, then substances; no targets, classes or behaviours")
	require.Equal(t, []string{"BRAF protein, human", "MAP2K1 protein, human", "Proto-Oncogene Proteins B-raf"}, mechanismContext(ev, nil))
	h := Analyze("Which drugs help BRAF-mutant melanoma?", ev, nil)
	require.Contains(t, strings.Join(h.Observations, "\n"), "Targets named in chemical lists (mechanism context, not drug candidates): BRAF protein, human")
}

// TestMechanismSignals: a clinical abstract that merely mentions "expression" or "signal"
// is not a mechanistic study; a preclinical design or two independent signals are.
func TestMechanismSignals(t *testing.T) {
	rct := domain.Evidence{Content: "Patients were randomised. Expression of symptoms and a safety signal were recorded; binding of the capsule was tested.",
		Citation: domain.Citation{Source: domain.SourcePubMed, Title: "A randomised trial", PublicationTypes: []string{"Randomized Controlled Trial"}}}
	mech := domain.Evidence{Content: "Metformin activates AMPK signaling and suppressed mTOR; knockdown of AMPK abolished the effect.",
		Citation: domain.Citation{Source: domain.SourcePubMed, Title: "Metformin and AMPK", MeshQualifiers: []string{"pharmacology"}}}
	oneSignal := domain.Evidence{Content: "The mechanism of action is unknown; we report outcomes.", Citation: domain.Citation{Source: domain.SourcePubMed, Title: "Outcomes"}}
	tests := []struct {
		name string
		e    domain.Evidence
		want bool
	}{
		{"RCT with broad words", rct, false},
		{"named pathway + method + qualifier", mech, true},
		{"one phrase only", oneSignal, false},
	}
	for _, tc := range tests {
		d := ClassifyDesign(tc.e, nil)
		sig := mechanismSignals(tc.e, d, evidenceText(tc.e))
		require.Equal(t, tc.want, isMechanistic(sig), "%s: %v", tc.name, sig)
	}
}

// TestOfflineJudgeScoresOnlyOnTopicEvidence: off-topic items feed no score, finding or
// candidate; with none on-topic the scores are 0, the verdict is never sufficient and the
// reasoning says why.
func TestOfflineJudgeScoresOnlyOnTopicEvidence(t *testing.T) {
	s := loadScenarios(t)["03_strong_synthesis"]
	all, _, err := NewOffline().Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence})
	require.NoError(t, err)
	require.True(t, all.Sufficient, "the scenario is sufficient when every item is on-topic")

	off := append([]domain.Evidence{}, s.Evidence...)
	for i := range off {
		off[i].Topic = &domain.Topic{Score: 0.02, OffTopic: true, Reason: "none of the question's concepts"}
	}
	a, h, err := NewOffline().Assess(context.Background(), Input{Question: s.Question, Evidence: off})
	require.NoError(t, err)
	require.False(t, a.Sufficient)
	require.LessOrEqual(t, a.Details.MechanismScore, 2)
	require.LessOrEqual(t, a.Details.ClinicalEvidenceScore, 2)
	require.Empty(t, a.Details.DrugCandidates)
	require.Empty(t, a.Details.KeyFindings)
	require.Contains(t, a.Reasoning, "is on the question's topic")
	require.Contains(t, a.Reasoning, "no on-topic evidence")
	require.Contains(t, strings.Join(h.Observations, "\n"), "off-topic for the question")

	// One on-topic item among off-topic ones: findings cite only it.
	off[4].Topic = &domain.Topic{Score: 0.9}
	a, _, err = NewOffline().Assess(context.Background(), Input{Question: s.Question, Evidence: off})
	require.NoError(t, err)
	require.Len(t, a.Details.KeyFindings, 1)
	require.Contains(t, a.Details.KeyFindings[0], "[5]")
	require.False(t, a.Sufficient)
}
