package judge

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/studydesign"
	"deepcritical/backend/verify"
	"deepcritical/backend/verify/grounding"
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

	// A registry record without intervention types is read by name: procedures and
	// behaviours drop out, combinations split into their drugs.
	untyped := []domain.Evidence{{Content: "Trial.", Citation: domain.Citation{Source: domain.SourceClinicalTrials, NCTID: "NCT00000002", Title: "Untyped",
		Trial: &domain.Trial{Interventions: []domain.Intervention{{Name: "Exercise"}, {Name: "Nivolumab or Pembrolizumab (dependent upon approved indication)"}, {Name: "Hypofractionated radiation therapy"}, {Name: "Metformin"}}}}}}
	names = nil
	for _, c := range candidates(untyped, nil) {
		names = append(names, c.Name)
	}
	require.Equal(t, []string{"Metformin", "Nivolumab", "Pembrolizumab"}, names)
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
		d := studydesign.Classify(tc.e, nil)
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
	require.Contains(t, a.Reasoning, "No study of lithium in bipolar depression relapse prevention was found among the 8 papers; 8 set aside.",
		"a question naming an intervention is told plainly that no paper studies it")
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

// TestJudgeScoresRelevanceItself: evidence given without topic marks (as to `deepcritical
// judge`) is scored against the question's concepts; the issue's Alzheimer's run, where
// NMR-imaging and liver-cancer papers were rated mechanism 8/10, now scores them as
// off-topic and is not sufficient. The caller's evidence is not changed.
func TestJudgeScoresRelevanceItself(t *testing.T) {
	ev := []domain.Evidence{
		{Content: "Proton NMR imaging of phantom tissue at 3 T; receptor binding and signal expression in vitro cell lines; phosphorylation pathway.",
			Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: "NMR imaging physics", PublicationTypes: []string{"Randomized Controlled Trial"},
				Chemicals: []string{"Gadolinium DTPA"}, ChemicalRNs: []string{"K2I13DR72L"}}},
		{Content: "Hepatocellular carcinoma patients were randomised to sorafenib; AKT signalling pathway inhibition in mice.",
			Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "2", Title: "Sorafenib in liver cancer", PublicationTypes: []string{"Randomized Controlled Trial"},
				Chemicals: []string{"Sorafenib"}, ChemicalRNs: []string{"9ZOQ3TZI87"}}},
	}
	a, h, err := NewOffline().Assess(context.Background(), Input{Question: "What drugs could be repurposed for Alzheimer's disease?", Evidence: ev})
	require.NoError(t, err)
	require.Nil(t, ev[0].Topic, "the caller's evidence is not modified")
	require.False(t, a.Sufficient)
	require.Zero(t, a.Details.MechanismScore)
	require.Zero(t, a.Details.ClinicalEvidenceScore)
	require.Empty(t, a.Details.DrugCandidates)
	require.Empty(t, a.Details.KeyFindings)
	require.Contains(t, strings.Join(h.Observations, "\n"), "2 of 2 items are off-topic")

	// A question with no searchable concept leaves the evidence unscored, and says so.
	_, h, err = NewOffline().Assess(context.Background(), Input{Question: "what about it?", Evidence: ev})
	require.NoError(t, err)
	require.Contains(t, strings.Join(h.Observations, "\n"), "Relevance to the question could not be scored")
}

// TestQuestionCandidateIsNamedAsTheVerifierReadsIt: the intervention a question names is
// proposed only when on-topic evidence names it as written, so verification never flags
// the judge's own candidate as unsupported ("laparoscopic appendectomy" from a paper that
// writes "laparoscopic versus open appendectomy").
func TestQuestionCandidateIsNamedAsTheVerifierReadsIt(t *testing.T) {
	q := "Laparoscopic versus open appendectomy for complicated appendicitis"
	paper := func(title, abstract string) []domain.Evidence {
		return []domain.Evidence{{Content: abstract, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: title}}}
	}
	cases := []struct {
		name      string
		ev        []domain.Evidence
		candidate bool
	}{
		{"named as written", paper("Laparoscopic appendectomy for perforated appendicitis",
			"Laparoscopic appendectomy had fewer wound infections than open appendectomy in complicated appendicitis."), true},
		{"named apart", paper("Laparoscopic versus open surgery for perforated appendicitis",
			"Children with complicated appendicitis had a laparoscopic or an open appendectomy; wound infections were fewer after laparoscopy."), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, _, err := NewOffline().Assess(context.Background(), Input{Question: q, Evidence: c.ev})
			require.NoError(t, err)
			if c.candidate {
				require.Equal(t, []string{"Laparoscopic appendectomy"}, a.Details.DrugCandidates)
			} else {
				require.Empty(t, a.Details.DrugCandidates)
			}
			checks := verify.Deterministic(verify.Input{Question: q, Evidence: c.ev, Candidates: a.Details.DrugCandidates})
			for _, it := range checks.Items {
				if it.Kind == grounding.KindCandidate {
					require.True(t, it.Supported, "%+v", it)
				}
			}
		})
	}
}

// TestQuestionCandidateIsATreatment: the factor a question asks about ("parity",
// "fluoridation") is not proposed as a drug candidate; a drug the vocabulary does not know
// ("ipratropium bromide") still is.
func TestQuestionCandidateIsATreatment(t *testing.T) {
	cases := []struct {
		q, title, abstract string
		want               []string
	}{
		{"Does parity increase insulin resistance during pregnancy?", "Parity and insulin resistance in pregnancy",
			"Higher parity was associated with greater insulin resistance in the third trimester of pregnancy.", nil},
		{"Does fluoridation reduce the use of dental services among adults?", "Water fluoridation and dental services",
			"Adults in areas with water fluoridation used fewer dental services.", nil},
		{"Does ipratropium bromide improve outcomes in asthma?", "Ipratropium bromide in acute asthma",
			"Ipratropium bromide added to salbutamol reduced admissions in children with acute asthma.", []string{"Ipratropium bromide"}},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			ev := []domain.Evidence{{Content: c.abstract, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: c.title}}}
			a, _, err := NewOffline().Assess(context.Background(), Input{Question: c.q, Evidence: ev})
			require.NoError(t, err)
			if c.want == nil {
				require.Empty(t, a.Details.DrugCandidates)
			} else {
				require.Equal(t, c.want, a.Details.DrugCandidates)
			}
		})
	}
}
