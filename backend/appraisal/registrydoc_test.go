package appraisal

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/ctgov"
)

// recordedStudy parses a real ClinicalTrials.gov answer kept by the ctgov client's tests
// (see its testdata/README.md) into the evidence a run stores.
func recordedStudy(t *testing.T, file string) domain.Evidence {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "search", "ctgov", "testdata", file))
	require.NoError(t, err)
	defer f.Close()
	p, err := ctgov.Parse(f)
	require.NoError(t, err)
	require.Len(t, p.Evidence, 1)
	return p.Evidence[0]
}

func componentOf(t *testing.T, ap domain.Appraisal, dim domain.DimensionName, component string) domain.DimensionDetail {
	t.Helper()
	for _, d := range ap.Dimensions {
		if d.Name != dim {
			continue
		}
		for _, c := range d.Details {
			if c.Component == component {
				return c
			}
		}
	}
	t.Fatalf("no %s component in %s", component, dim)
	return domain.DimensionDetail{}
}

func TestRegistryEntryIsAppraisedFromItsFields(t *testing.T) {
	tests := []struct {
		file     string
		findings map[string]any
		quotes   map[string]string
		assessed bool
	}{
		{"recorded_nct00791778.json", map[string]any{
			FindingDesign:                  DesignRCT,
			FindingRandomized:              true,
			FindingBlinding:                BlindingDouble,
			FindingMaskedParties:           []string{"participants", "care_providers"},
			FindingSampleSize:              246,
			FindingRegistration:            []string{"NCT00791778"},
			FindingRegistryStatus:          "COMPLETED",
			FindingResultsPosted:           true,
			FindingPrimaryOutcomes:         []string{"Progression-free Survival (PFS), Based on Radiological or Pathologic Assessment"},
			FindingRegisteredProspectively: nil, // submitted 2008-11-14, started "2008-11": cannot be ordered
		}, map[string]string{
			FindingRandomized:    "Allocation: RANDOMIZED",
			FindingBlinding:      "Masking: DOUBLE (Participant, Investigator)",
			FindingSampleSize:    "Enrollment: 246 (ACTUAL)",
			FindingRegistration:  "ClinicalTrials.gov ID: NCT00791778",
			FindingResultsPosted: "Results posted: yes (first posted 2012-11-30)",
		}, true},
		{"recorded_nct02576665.json", map[string]any{
			FindingDesign:                  DesignOther,
			FindingRandomized:              false,
			FindingBlinding:                BlindingNone,
			FindingMaskedParties:           []string{},
			FindingSampleSize:              21,
			FindingRegistration:            []string{"NCT02576665"},
			FindingRegistryStatus:          "TERMINATED",
			FindingResultsPosted:           false,
			FindingRegisteredProspectively: true,
		}, map[string]string{
			FindingRandomized: "Allocation: NA",
			FindingBlinding:   "Masking: NONE (Open Label)",
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			ev := recordedStudy(t, tt.file)
			a, err := New(Options{})
			require.NoError(t, err)
			ap, err := a.Appraise(context.Background(), ev, "")
			require.NoError(t, err)
			require.Equal(t, domain.FullTextRegistry, ap.Document.Source)
			require.False(t, ap.Document.FullText)
			for name, want := range tt.findings {
				require.Equal(t, want, ap.Findings[name].Value, name)
			}
			for name, want := range tt.quotes {
				require.Equal(t, want, ap.Findings[name].Quote, name)
			}
			// Every quote is a line of the text the appraiser was given, which is the
			// evidence content the judge and the verifier read.
			for name, f := range ap.Findings {
				if f.Quote != "" {
					require.Contains(t, ev.Content, f.Quote, name)
				}
			}
			if !tt.assessed {
				for _, d := range ap.Dimensions {
					require.Equal(t, domain.StatusNotAssessed, d.Status, "a single-group trial has no randomisation to score")
				}
				return
			}
			reg := componentOf(t, ap, domain.DimensionQuality, CompPreregistration)
			require.Equal(t, "NCT00791778", reg.Value)
			require.True(t, reg.QuoteVerified)
			require.NotContains(t, reg.Reasoning, "no trial registry identifier found")
			detection := componentOf(t, ap, domain.DimensionRiskOfBias, CompDetection)
			require.Equal(t, "low", detection.Value, "double masking")
			conceal := componentOf(t, ap, domain.DimensionQuality, CompConcealment)
			require.Contains(t, conceal.Reasoning, "a registry entry does not record it")
		})
	}
}

func TestRegistryEntryStoredBeforeFactLines(t *testing.T) {
	// Content stored by an older client: the facts on one line, no identifier line.
	ev := domain.Evidence{
		Content: "A study of X in Y.\nStudy type: INTERVENTIONAL. Phase: PHASE3. Allocation: RANDOMIZED. Masking: TRIPLE. Status: COMPLETED. Enrollment: 300. Results posted.",
		Citation: domain.Citation{Source: domain.SourceClinicalTrials, ID: "NCT01234567", NCTID: "NCT01234567", Title: "X in Y",
			Trial: &domain.Trial{Status: "COMPLETED", Enrollment: 300}},
	}
	doc := DocumentFromEvidence(ev, "")
	require.Equal(t, domain.FullTextRegistry, doc.Source)
	require.True(t, strings.HasPrefix(doc.Text, "ClinicalTrials.gov ID: NCT01234567\n"))
	f := Findings(doc)
	require.Equal(t, []string{"NCT01234567"}, f[FindingRegistration].Value)
	require.Equal(t, true, f[FindingRandomized].Value)
	require.Equal(t, "Allocation: RANDOMIZED.", f[FindingRandomized].Quote)
	require.Equal(t, BlindingTriple, f[FindingBlinding].Value)
	require.Equal(t, DesignRCT, f[FindingDesign].Value)
}

func TestObservationalRegistryEntry(t *testing.T) {
	tr := domain.Trial{StudyType: "OBSERVATIONAL", ObservationalModel: "COHORT", TimePerspective: "PROSPECTIVE", Enrollment: 800, EnrollmentType: "ESTIMATED", Status: "RECRUITING",
		FirstSubmitted: "2024-10-20", StartDate: "2024-09-30"}
	ev := domain.Evidence{
		Content:  "An observational cohort.\n" + strings.Join(domain.RegistryFacts("NCT06604689", tr), "\n"),
		Citation: domain.Citation{Source: domain.SourceClinicalTrials, ID: "NCT06604689", NCTID: "NCT06604689", Title: "Cohort", Trial: &tr},
	}
	f := Findings(DocumentFromEvidence(ev, ""))
	require.Equal(t, DesignCohort, f[FindingDesign].Value)
	require.Equal(t, "Observational model: COHORT", f[FindingDesign].Quote)
	require.Equal(t, false, f[FindingRandomized].Value)
	require.Equal(t, "prospective", f[FindingDirection].Value)
	require.Equal(t, 800, f[FindingPlannedSampleSize].Value, "an estimated enrollment is the planned size")
	require.Equal(t, false, f[FindingRegisteredProspectively].Value, "submitted after the start")
	require.Equal(t, "First submitted: 2024-10-20", f[FindingRegisteredProspectively].Quote)
}
