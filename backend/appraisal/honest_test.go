package appraisal

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// zeroAnswer scores every component 0 with no quote: the model found nothing.
func zeroAnswer(cs []Component, rob bool) string {
	m := map[string]any{}
	for _, c := range cs {
		comp := map[string]any{"score": 0, "evidence": "", "reasoning": "Not reported in the text."}
		if rob {
			comp["risk_level"] = "high"
		}
		if c.Name == CompAttrition {
			comp["attrition_rate"] = nil
		}
		m[c.Name] = comp
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// TestLLMQualityIsNeverAZeroThatMeansNothingFound: a review or a bare title is not sent
// to the model and is not_assessed with the rubric's reason; an all-zero answer without a
// single quote is not_assessed, not "quality 0.0/10".
func TestLLMQualityIsNeverAZeroThatMeansNothingFound(t *testing.T) {
	w := DefaultWeights()
	f := newFakeLLM(t, func(string, int64) (int, string) {
		return 200, bothAnswer(zeroAnswer(w.Quality, false), zeroAnswer(w.RiskOfBias, true))
	})
	a := f.appraiser(t, nil, 1)

	review := domain.Evidence{Citation: domain.Citation{Source: domain.SourceWeb, URL: "https://example.org/x", Title: "Statins: a narrative review"}, Content: "A short note."}
	ap, err := a.Appraise(context.Background(), review, "")
	require.NoError(t, err)
	require.Zero(t, f.calls.Load(), "nothing assessable is never sent to the model")
	for _, d := range ap.Dimensions {
		require.Equal(t, domain.StatusNotAssessed, d.Status)
		require.Contains(t, d.Error, "not enough text")
	}

	ap, err = a.Appraise(context.Background(), sampleEvidence(t), "")
	require.NoError(t, err)
	require.EqualValues(t, 1, f.calls.Load())
	for _, d := range ap.Dimensions {
		require.Equal(t, domain.StatusNotAssessed, d.Status, d.Name)
		require.Contains(t, d.Error, "nothing to score was found")
		require.Zero(t, d.Score)
		require.NoError(t, d.Validate())
	}
}

// TestOfflineQualityIsNeverAZeroThatMeansNothingFound: the rule-based rubric finding no
// reported method at all says "not assessed" with the reason, not "quality 0.0/10".
func TestOfflineQualityIsNeverAZeroThatMeansNothingFound(t *testing.T) {
	a, err := New(Options{})
	require.NoError(t, err)
	ev := domain.Evidence{Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "999", Title: "A prospective cohort study of statin users",
		PublicationTypes: []string{"Observational Study"}, MeshTerms: []string{"Prospective Studies", "Humans"}},
		Content: "In this prospective cohort study we followed adults who used statins for many years in a large community population. " +
			"Outcomes included cognitive decline, mortality and hospital admission. Users had fewer admissions than non-users over the period, " +
			"and the association persisted in older adults and in women. We discuss the implications for prevention in primary care settings."}
	ap, err := a.Appraise(context.Background(), ev, "")
	require.NoError(t, err)
	require.Equal(t, DesignCohort, str0(ap.Findings[FindingDesign]), "a design the rubric scores")
	for _, d := range ap.Dimensions {
		require.Equal(t, domain.StatusNotAssessed, d.Status, "%s: an assessed 0 would mean nothing was found", d.Name)
		require.Contains(t, d.Error, "nothing to score was found")
		require.Zero(t, d.Score)
		require.NoError(t, d.Validate())
	}
}
