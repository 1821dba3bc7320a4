package orchestrator_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/orchestrator"
)

// TestAppraisalFailuresAreAnEvent: papers whose LLM appraisal failed are named, each with
// its reason, in one non-fatal event; the run goes on.
func TestAppraisalFailuresAreAnEvent(t *testing.T) {
	appraiser := orchestrator.AppraiserFunc(func(_ context.Context, evs []domain.Evidence, _ map[string]domain.FullText) (map[string]domain.Appraisal, error) {
		out := map[string]domain.Appraisal{}
		for _, ev := range evs {
			out[ev.CanonicalKey()] = domain.Appraisal{
				Assessor: domain.AssessorInfo{Kind: domain.JudgeKindFallback},
				Dimensions: []domain.Dimension{{Name: domain.DimensionQuality, Status: domain.StatusNotAssessed,
					Error: "appraisal failed: compatible (m): timed out waiting for compatible"}},
			}
		}
		return out, nil
	})
	h := newHarness(t, newPapers(2), always(assessment(false)), func(d *orchestrator.Deps) { d.Appraiser = appraiser })
	run, err := h.o.Run(context.Background(), question, cfg(1))
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	var found bool
	for _, e := range ofType(h.emitter.Events(), domain.EventError) {
		d := data(t, e)
		if d["phase"] != "appraisal" {
			continue
		}
		found = true
		require.Equal(t, false, d["fatal"])
		require.Len(t, d["failed"], 2)
		require.Contains(t, e.Message, "Appraisal failed for 2 of 2 papers")
		require.Contains(t, e.Message, "timed out")
	}
	require.True(t, found, "an appraisal failure is an event")
}
