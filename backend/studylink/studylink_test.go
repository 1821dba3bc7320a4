package studylink

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestCompareOutcomes(t *testing.T) {
	tests := []struct {
		name       string
		registered domain.TrialOutcome
		text       string
		want       domain.OutcomeReport
		quote      string
	}{
		{
			name:       "registered abbreviation, article spells out and names it primary",
			registered: domain.TrialOutcome{Measure: "Progression-free Survival (PFS), Based on Radiological or Pathologic Assessment", TimeFrame: "32.5 months"},
			text:       "Women in complete remission were randomised to sorafenib or placebo. The primary endpoint was progression-free survival by radiological assessment. Median PFS was 12.7 and 15.7 months.",
			want:       domain.OutcomeAsPrimary, quote: "The primary endpoint was progression-free survival by radiological assessment.",
		},
		{
			name:       "abbreviation only in the article",
			registered: domain.TrialOutcome{Measure: "Progression-free Survival"},
			text:       "RESULTS: PFS did not differ between arms (HR 1.09).",
			want:       domain.OutcomeReported, quote: "RESULTS: PFS did not differ between arms (HR 1.09).",
		},
		{
			name:       "outcome switched: registered primary reported as secondary",
			registered: domain.TrialOutcome{Measure: "Overall Survival (OS)"},
			text:       "The primary outcome was progression-free survival; overall survival was a secondary outcome. Overall survival did not differ.",
			want:       domain.OutcomeReported, quote: "The primary outcome was progression-free survival; overall survival was a secondary outcome.",
		},
		{
			name:       "registered primary never mentioned",
			registered: domain.TrialOutcome{Measure: "Incidence of Grade 3 or Higher Neutropenia", TimeFrame: "Up to 6 cycles"},
			text:       "The primary outcome was the objective response rate. Responses were seen in 41% of patients. Fatigue was the most common adverse event.",
			want:       domain.OutcomeNotReported,
		},
		{
			name:       "change-from-baseline template and a common abbreviation",
			registered: domain.TrialOutcome{Measure: "Change From Baseline in HbA1c at Week 24"},
			text:       "METHODS: Adults with type 2 diabetes were randomised. The primary outcome was the change in glycated haemoglobin at 24 weeks.",
			want:       domain.OutcomeAsPrimary, quote: "The primary outcome was the change in glycated haemoglobin at 24 weeks.",
		},
		{
			name:       "British and American spelling, plural",
			registered: domain.TrialOutcome{Measure: "Number of Participants With Hospitalizations for Heart Failure"},
			text:       "Main outcome measures: hospitalisation for heart failure and death. Hospitalisations were fewer with the intervention.",
			want:       domain.OutcomeAsPrimary, quote: "Main outcome measures: hospitalisation for heart failure and death.",
		},
		{
			name:       "an abbreviation in the description",
			registered: domain.TrialOutcome{Measure: "Antidepressant Efficacy", Description: "Change in Montgomery-Asberg Depression Rating Scale (MADRS) score between baseline and week 8."},
			text:       "At week 8, the MADRS score fell by 12.3 points with two doses and by 8.1 with one.",
			want:       domain.OutcomeReported, quote: "At week 8, the MADRS score fell by 12.3 points with two doses and by 8.1 with one.",
		},
		{
			name:       "two of three words are not enough for a two-word outcome",
			registered: domain.TrialOutcome{Measure: "Pain Intensity (NRS) at 12 Weeks"},
			text:       "Pain relief was better with the block. Intensity of nausea did not differ.",
			want:       domain.OutcomeNotReported,
		},
		{
			name:       "lower-case os is not overall survival",
			registered: domain.TrialOutcome{Measure: "Overall Survival (OS)"},
			text:       "The os calcis was fractured in two patients.",
			want:       domain.OutcomeNotReported,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, checks := CompareOutcomes([]domain.TrialOutcome{tt.registered}, tt.text)
			require.Len(t, checks, 1)
			c := checks[0]
			require.Equal(t, tt.want, c.Report, "matched %v in %q", c.Matched, c.Quote)
			require.Equal(t, tt.quote, c.Quote)
			require.Equal(t, tt.want == domain.OutcomeNotReported, c.Flagged())
			if c.Quote != "" {
				require.Contains(t, tt.text, c.Quote, "the quote is the article's own sentence")
				require.NotEmpty(t, c.Matched)
			}
		})
	}
}

func TestArticlePrimarySentence(t *testing.T) {
	primary, _ := CompareOutcomes(nil, "BACKGROUND: Zinc may help.\nMETHODS: Children were randomised. The primary end point was the duration of diarrhoea. Stool output was recorded.")
	require.Equal(t, "The primary end point was the duration of diarrhoea.", primary)
	primary, _ = CompareOutcomes(nil, "Children were randomised to zinc or placebo.")
	require.Empty(t, primary)
}

func article(key, content string, pts []string, registry ...string) domain.Evidence {
	return domain.Evidence{Content: content, Citation: domain.Citation{Source: domain.SourcePubMed, ID: key, PMID: key, Title: "t" + key, PublicationTypes: pts, Registry: registry}}
}

func TestLink(t *testing.T) {
	entry := domain.Evidence{
		Content: "Sorafenib maintenance.\nClinicalTrials.gov ID: NCT00791778",
		Citation: domain.Citation{Source: domain.SourceClinicalTrials, ID: "NCT00791778", NCTID: "NCT00791778", Title: "Sorafenib maintenance",
			Registry: []string{"NCT00791778"},
			Trial: &domain.Trial{Allocation: "RANDOMIZED", PrimaryOutcomes: []domain.TrialOutcome{
				{Measure: "Progression-free Survival (PFS)"},
				{Measure: "Incidence of Hand-Foot Skin Reaction"},
			}}},
	}
	// The PubMed record names the trial in its DataBankList only.
	byAccession := article("23000001", "PURPOSE: Maintenance sorafenib was tested. RESULTS: Median PFS was 12.7 months with sorafenib.", []string{"Randomized Controlled Trial"}, "NCT00791778")
	// Europe PMC gives no accession numbers; the abstract names the registration.
	byText := article("23000002", "The primary endpoint was progression-free survival. Hand-foot skin reaction occurred in 39%.\nTrial registration: ClinicalTrials.gov NCT00791778.", nil)
	// A meta-analysis lists the trial's id but is not its report.
	synthesis := article("23000003", "We pooled NCT00791778 and NCT01234567; both were registered at ClinicalTrials.gov.", []string{"Meta-Analysis"}, "NCT00791778")
	// An id mentioned outside a registration sentence is another trial's.
	mention := article("23000004", "Unlike the earlier NCT00791778 trial, we used a higher dose.", nil)
	// A report whose registry entry is not among the evidence.
	orphan := article("23000005", "Trial registration: NCT05555555.", nil)
	evs := []domain.Evidence{byAccession, entry, synthesis, mention, byText, orphan, byAccession}

	links := Link(evs, map[string]string{
		byText.CanonicalKey(): "Methods\nThe primary endpoint was progression-free survival.\nResults\nHand-foot skin reaction occurred in 39%.",
	})
	require.Len(t, links, 2)
	l := links[0]
	require.Equal(t, "NCT00791778", l.NCTID)
	require.Equal(t, "nct:NCT00791778", l.RegistryKey)
	require.Equal(t, []string{byAccession.CanonicalKey(), byText.CanonicalKey()}, l.ReportKeys)
	require.Len(t, l.Outcomes, 2)

	first := l.Outcomes[0]
	require.Equal(t, byAccession.CanonicalKey(), first.ReportKey)
	require.False(t, first.FullText, "read from its abstract")
	require.Empty(t, first.ArticlePrimary)
	require.Equal(t, domain.OutcomeReported, first.Checks[0].Report)
	require.Equal(t, domain.OutcomeNotReported, first.Checks[1].Report, "the skin reaction is not in the abstract")
	require.True(t, first.Checks[1].Flagged())

	second := l.Outcomes[1]
	require.True(t, second.FullText, "read from its full text")
	require.Equal(t, "The primary endpoint was progression-free survival.", second.ArticlePrimary)
	require.Equal(t, domain.OutcomeAsPrimary, second.Checks[0].Report)
	require.Equal(t, domain.OutcomeReported, second.Checks[1].Report)

	require.Equal(t, domain.StudyLink{NCTID: "NCT05555555", ReportKeys: []string{orphan.CanonicalKey()}}, links[1], "no registry entry: nothing to compare, the id can be fetched")
}

func TestReportNCTIDs(t *testing.T) {
	tests := []struct {
		name string
		ev   domain.Evidence
		want []string
	}{
		{"accession numbers of every databank", article("1", "", nil, "NCT01234567", "ISRCTN12345678", "GENBANK/AB123456"), []string{"NCT01234567"}},
		{"registration sentence", article("2", "Registered at ClinicalTrials.gov (identifier NCT01234567).", nil), []string{"NCT01234567"}},
		{"review", article("3", "Trial registration: NCT01234567.", []string{"Review"}), nil},
		{"many ids in the text", article("4", "Registered trials NCT00000001, NCT00000002, NCT00000003 and NCT00000004 were pooled.", nil), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, ReportNCTIDs(tt.ev))
		})
	}
}
