package grounding

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func ev(title, content string, chemicals ...string) domain.Evidence {
	return domain.Evidence{Content: content, Citation: domain.Citation{Source: domain.SourcePubMed, Title: title, Chemicals: chemicals}}
}

func testIndex() *Index {
	return NewIndex([]domain.Evidence{
		ev("Metformin and cognitive decline in type 2 diabetes", "Metformin use was associated with slower cognitive decline in older adults with diabetes.", "Metformin"),
		ev("Anti-amyloid antibodies", "Lecanemab reduced amyloid plaques; SGLT2 inhibitors were not studied.", "Antibodies, Monoclonal, Humanized"),
		{Content: "A phase 2 trial.", Citation: domain.Citation{Source: domain.SourceClinicalTrials, Title: "Trial of a GLP-1 agonist",
			NCTID: "NCT01843075", Trial: &domain.Trial{Interventions: []domain.Intervention{{Type: "DRUG", Name: "Liraglutide"}}, Conditions: []string{"Alzheimer Disease"}}}},
	})
}

func TestMatchName(t *testing.T) {
	ix := testIndex()
	cases := []struct {
		name string
		want []int
	}{
		{"Metformin", []int{1}},
		{"METFORMIN", []int{1}},
		{"metformin hydrochloride", []int{1}},
		{"Metformin 500 mg", []int{1}},
		{"Glucophage (metformin)", []int{1}},
		{"anti amyloid", []int{2}},
		{"antiamyloid", []int{2}},
		{"Anti-Amyloid antibody", []int{2}},
		{"SGLT2 inhibitor", []int{2}},
		{"SGLT-2 inhibitors", []int{2}},
		{"liraglutide", []int{3}},
		{"GLP1 agonists", []int{3}},
		{"Donepezil", nil},
		{"Aducanumab", nil},
		{"", nil},
		{"amyloid plaques reduced by lecanemab over time", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := ix.MatchName(tc.name)
			if tc.want == nil {
				require.Empty(t, got)
				return
			}
			require.Equal(t, tc.want, got)
		})
	}
}

func TestMatchFinding(t *testing.T) {
	ix := testIndex()
	cases := []struct {
		finding   string
		supported bool
		first     int
	}{
		{"Metformin use is associated with slower cognitive decline", true, 1},
		{"metformin associated with slower cognitive declines in older adults", true, 1},
		{"Lecanemab reduces amyloid plaque", true, 2},
		{"Aspirin prevents dementia in smokers", false, 0},
		{"Diabetes", true, 1},
		{"the and of", false, 0},
	}
	for _, tc := range cases {
		t.Run(tc.finding, func(t *testing.T) {
			m := ix.MatchFinding(tc.finding)
			require.Equal(t, tc.supported, m.Supported(), "best %.2f", m.Best)
			if tc.supported {
				require.Equal(t, tc.first, m.Evidence[0])
			}
		})
	}
}

func TestStemAndNormalize(t *testing.T) {
	cases := map[string]string{"inhibitors": "inhibitor", "therapies": "therapy", "analysis": "analysis", "virus": "virus",
		"mass": "mass", "boxes": "box", "gas": "gas", "disease": "disease", "diseases": "disease"}
	for in, want := range cases {
		require.Equal(t, want, Stem(in), in)
	}
	require.Equal(t, "alzheimer disease", Normalize("Alzheimer's  Disease"))
	require.Equal(t, "anti amyloid", Normalize("Anti–Amyloid"))
	require.Equal(t, []string{"alzheimer", "disease"}, KeyTerms("What drugs could be repurposed for Alzheimer's disease?"))
	require.Equal(t, []string{"metformin", "cancer"}, KeyTerms("Is metformin effective for treating cancer?"))
}

func TestCitationNumbers(t *testing.T) {
	cases := []struct {
		text string
		want []int
	}{
		{"see [1] and [3]", []int{1, 3}},
		{"[2, 5; 7]", []int{2, 5, 7}},
		{"[2-4] and [10–11]", []int{2, 3, 4, 10, 11}},
		{"[x] [a1] [] none", []int{}},
		{"[3](https://example.org) [3]", []int{3}},
		{"[1-999999999]", []int{1, 999999999}},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, CitationNumbers(tc.text), tc.text)
	}
	require.Equal(t, "[1], [4]", FormatCitations([]int{4, 1, 4}))
	require.Equal(t, []int{1, 4}, CitationNumbers(FormatCitations([]int{4, 1})))
}

func TestPlaceholders(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"A clean report about gene inserts and insertion sites.", nil},
		{"TODO: write this", []string{"TODO"}},
		{"Lorem ipsum dolor", []string{"lorem ipsum"}},
		{"Metformin helps [citation needed].", []string{"[citation needed]"}},
		{"Drug XXX was tested", []string{"XXX"}},
		{"[Insert drug name]", []string{"insert …"}},
		{"Insert citation here", []string{"insert …"}},
		{"Hello {{.Name}}", []string{"template field"}},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, Placeholders(tc.text), tc.text)
	}
}

func TestAliases(t *testing.T) {
	require.Equal(t, []string{"Metformin hydrochloride (Glucophage)", "Metformin hydrochloride", "Glucophage", "metformin glucophage", "metformin"},
		Aliases("Metformin hydrochloride (Glucophage)"))
}

// TestFindingGroundedInFullText: a finding reported only in a paper's results section is
// grounded in that paper once its full text is indexed; words scattered over different
// paragraphs do not ground one, and a drug named only in the full text is not a grounded
// candidate name.
func TestFindingGroundedInFullText(t *testing.T) {
	paper := domain.Evidence{Content: "We randomised 600 older patients to one of two wards.",
		Citation: domain.Citation{Source: domain.SourceEuropePMC, PMCID: "PMC3698942", Title: "A trial of a ward for confused older patients"}}
	ft := domain.FullText{Key: paper.CanonicalKey(), Source: domain.FullTextEuropePMC, Sections: []domain.FullTextSection{
		{Kind: domain.SectionResults, Title: "Results", Level: 1, Text: "Family carers were more satisfied with care on the specialist unit (91% v 83%).\nMortality was similar."},
		{Kind: domain.SectionDiscussion, Title: "Discussion", Level: 1, Text: "Haloperidol was rarely prescribed.\nDelirium wards may reduce readmission."},
	}}
	finding := "Carers were more satisfied with care on the specialist unit"
	scattered := "Haloperidol reduced mortality and readmission in satisfied carers"

	without := NewIndex([]domain.Evidence{paper})
	require.False(t, without.MatchFinding(finding).Supported(), "the abstract does not report it")

	with := NewIndexWith([]domain.Evidence{paper}, map[string]domain.FullText{paper.CanonicalKey(): ft})
	m := with.MatchFinding(finding)
	require.True(t, m.Supported())
	require.Equal(t, []int{1}, m.Evidence)
	require.False(t, with.MatchFinding(scattered).Supported(), "one paragraph must hold the finding")
	require.Empty(t, with.MatchName("haloperidol"), "a candidate is named in the title, abstract or structured lists")
}

// TestOffTopicEvidenceGroundsNothing: evidence set aside as off the question's topic keeps its
// number but supports no candidate and no finding, so a paper on metformin in PCOS never
// "supports" metformin for cancer.
func TestOffTopicEvidenceGroundsNothing(t *testing.T) {
	pcos := ev("Metformin co-treatment during IVF in women with polycystic ovaries", "Metformin did not improve pregnancy rates.", "Metformin")
	pcos.Topic = &domain.Topic{OffTopic: true, Reason: "does not mention the condition (cancer)"}
	trial := ev("Metformin in colorectal cancer", "Metformin did not improve survival in colorectal cancer.", "Metformin")
	ix := NewIndex([]domain.Evidence{pcos, trial})
	require.Equal(t, 2, ix.Len(), "numbering is the report's")
	for _, tc := range []struct {
		name string
		got  []int
		want []int
	}{
		{"candidate", ix.MatchName("metformin"), []int{2}},
		{"finding", ix.MatchFinding("Metformin did not improve survival in colorectal cancer").Evidence, []int{2}},
		{"finding only the off-topic paper states", ix.MatchFinding("Metformin did not improve pregnancy rates").Evidence, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == nil {
				require.Empty(t, tc.got)
				return
			}
			require.Equal(t, tc.want, tc.got)
		})
	}
}
