package studydesign

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestClassify: the appraisal's finding first, then publication types and MeSH (strongest
// design first), then the registry record, then words at the start of the text.
func TestClassify(t *testing.T) {
	pubmed := func(content string, pts, mesh []string) domain.Evidence {
		return domain.Evidence{Content: content, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1",
			PublicationTypes: pts, MeshTerms: mesh}}
	}
	finding := func(v string) *domain.Appraisal {
		return &domain.Appraisal{Findings: map[string]domain.Finding{"design": {Value: v}}}
	}
	for _, tc := range []struct {
		name string
		ev   domain.Evidence
		a    *domain.Appraisal
		want Design
	}{
		{"publication type", pubmed("", []string{"Journal Article", "Randomized Controlled Trial"}, nil), nil, RCT},
		{"the strongest of several", pubmed("", []string{"Review", "Meta-Analysis"}, nil), nil, MetaAnalysis},
		{"veterinary trial", pubmed("", []string{"Randomized Controlled Trial, Veterinary"}, nil), nil, Animal},
		{"appraisal's finding wins", pubmed("", []string{"Randomized Controlled Trial"}, nil), finding("cohort"), Observational},
		{"an unreadable finding falls through", pubmed("", []string{"Review"}, nil), finding("unclear"), Review},
		{"MeSH", pubmed("", []string{"Journal Article"}, []string{"Humans", "Cohort Studies"}), nil, Observational},
		{"blinding MeSH on an animal experiment", pubmed("", nil, []string{"Animals", "Rats", "Double-Blind Method"}), nil, Animal},
		{"random allocation with a randomised assignment",
			pubmed("Patients were randomly allocated to lithium or placebo.", nil, []string{"Humans", "Random Allocation"}), nil, RCT},
		// Indexers give "Random Allocation" to random sampling too: a prospective survey of
		// randomly selected clinics is observational.
		{"random allocation for random sampling",
			pubmed("The study population comprised 196 pregnant women attending 10 randomly selected outpatient maternity units.",
				nil, []string{"Humans", "Prospective Studies", "Random Allocation"}), nil, Observational},
		{"random allocation alone, no randomised assignment", pubmed("We surveyed randomly selected households.", nil, []string{"Random Allocation"}), nil, Unclassified},
		{"registry entry, randomised", domain.Evidence{Content: "Allocation: Randomized.",
			Citation: domain.Citation{Source: domain.SourceClinicalTrials, NCTID: "NCT01234567", Trial: &domain.Trial{}}}, nil, RCT},
		{"registry entry, single arm", domain.Evidence{Content: "Allocation: N/A.",
			Citation: domain.Citation{Source: domain.SourceClinicalTrials, NCTID: "NCT01234567", Trial: &domain.Trial{}}}, nil, OtherClinical},
		{"keywords at the start", pubmed("In this retrospective cohort of 2,000 adults …", nil, nil), nil, Observational},
		{"nothing to go on", pubmed("Statins lower cholesterol.", nil, nil), nil, Unclassified},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, Classify(tc.ev, tc.a))
		})
	}
}

// TestNormalize: free-form names (appraisal findings, table labels) map to one class.
func TestNormalize(t *testing.T) {
	for name, want := range map[string]Design{
		"RCT": RCT, "randomised controlled trial": RCT, "Meta-analysis": MetaAnalysis, "Systematic review": SystematicReview,
		"Cohort study": Observational, "case_control": Observational, "Cross-sectional study": Observational,
		"Case report": OtherClinical, "Clinical trial": OtherClinical, "Animal study": Animal, "In vitro study": InVitro, "Review": Review,
	} {
		got, ok := Normalize(name)
		require.True(t, ok, name)
		require.Equal(t, want, got, name)
	}
	_, ok := Normalize("")
	require.False(t, ok)
}
