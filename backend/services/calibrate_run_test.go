package services

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
)

// TestCalibrateAgainstTheReviewer: the appraisal components a reviewer re-scored in a run are
// the gold set; the offline appraiser's own score of the same paper is compared as met (full
// points) or not, per component, with the disagreements named.
func TestCalibrateAgainstTheReviewer(t *testing.T) {
	c, _ := faultContainer(t)
	st, err := c.storeForTest()
	require.NoError(t, err)
	ctx := context.Background()
	text, err := os.ReadFile(filepath.Join("..", "cli", "testdata", "appraise_rct.txt"))
	require.NoError(t, err)
	run := domain.Run{ID: st.NewRunID(), Question: "Does drug X slow cognitive decline?", Config: domain.DefaultRunConfig(), Status: domain.RunComplete}
	require.NoError(t, st.CreateRun(ctx, run))
	ev := domain.Evidence{Content: string(text), Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "40000001",
		Title: "Oral drug X versus placebo for mild cognitive impairment", URL: "https://pubmed.ncbi.nlm.nih.gov/40000001/",
		PublicationTypes: []string{"Randomized Controlled Trial"}}}
	keys, err := st.UpsertEvidence(ctx, []domain.Evidence{ev})
	require.NoError(t, err)
	_, err = st.LinkEvidence(ctx, run.ID, 1, keys)
	require.NoError(t, err)

	_, err = c.Commands.CalibrateRun(ctx, run.ID, runs.JudgeChoice{Provider: domain.ProviderOffline})
	require.ErrorContains(t, err, "no appraisal component re-scored by a reviewer")

	zero := 0.0
	// The reviewer says the concealment was not adequate (zero points); the rubric reads a
	// central web-based randomisation service as concealed (full points).
	_, err = st.AddReview(ctx, domain.Review{RunID: run.ID, Paper: 1, PaperKey: keys[0], Decision: domain.ReviewOverride,
		Component: "allocation_concealment", Points: &zero, Author: "ana"})
	require.NoError(t, err)
	rep, err := c.Commands.CalibrateRun(ctx, run.ID, runs.JudgeChoice{Provider: domain.ProviderOffline})
	require.NoError(t, err)
	require.NotEmpty(t, rep.Items)
	got := rep.Items[0]
	require.Equal(t, "methodological_quality.allocation_concealment", got.Item)
	require.Equal(t, 1, got.N)
	require.Equal(t, 0, got.Agree)
	require.Equal(t, []string{"[1]: not met → met"}, got.Disagreements)
}
