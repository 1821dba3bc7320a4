package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestReviewsAreATrail: decisions are appended, never overwritten, listed in order, refused
// when invalid or for an unknown run, and deleted with their run.
func TestReviewsAreATrail(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	run := domain.Run{ID: s.NewRunID(), Question: "Is metformin effective for treating cancer?", Config: domain.DefaultRunConfig(), Status: domain.RunComplete}
	require.NoError(t, s.CreateRun(ctx, run))

	first, err := s.AddReview(ctx, domain.Review{RunID: run.ID, Decision: domain.ReviewAgree, Author: "ana"})
	require.NoError(t, err)
	require.NotZero(t, first.ID)
	_, err = s.AddReview(ctx, domain.Review{RunID: run.ID, Paper: 2, PaperKey: "pmid:2", Decision: domain.ReviewExclude, Reason: "wrong population", Note: "children only", Author: "ana"})
	require.NoError(t, err)
	_, err = s.AddReview(ctx, domain.Review{RunID: run.ID, Decision: domain.ReviewDisagree, Note: "the RCT was stopped early", Author: "ben"})
	require.NoError(t, err)

	_, err = s.AddReview(ctx, domain.Review{RunID: run.ID, Paper: 1, Decision: domain.ReviewExclude, Author: "ana"})
	require.ErrorContains(t, err, "needs a reason")
	_, err = s.AddReview(ctx, domain.Review{RunID: "no-such-run", Decision: domain.ReviewAgree, Author: "ana"})
	require.Error(t, err)

	got, err := s.ListReviews(ctx, run.ID)
	require.NoError(t, err)
	require.Len(t, got, 3)
	require.Equal(t, []domain.ReviewDecision{domain.ReviewAgree, domain.ReviewExclude, domain.ReviewDisagree}, []domain.ReviewDecision{got[0].Decision, got[1].Decision, got[2].Decision})
	require.Equal(t, "children only", got[1].Note)
	require.False(t, got[2].CreatedAt.IsZero())

	// History shows the decision in force on the verdict and how many verdicts the run has.
	require.NoError(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: run.ID, Iteration: 1, Assessment: domain.Assessment{Reasoning: "own verdict"}}))
	require.NoError(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: run.ID, Iteration: 1, Label: "rejudge:offline", Assessment: domain.Assessment{Reasoning: "again"}}))
	list, err := s.ListRuns(ctx, RunFilter{})
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, 2, list[0].Verdicts)
	require.Equal(t, "disagree", list[0].Review)

	require.NoError(t, s.DeleteRun(ctx, run.ID))
	got, err = s.ListReviews(ctx, run.ID)
	require.NoError(t, err)
	require.Empty(t, got)
}
