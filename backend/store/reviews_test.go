package store

import (
	"context"
	"testing"
	"time"

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

// TestHistoryFiltersForReview: History narrows by verification, reviewer state, a candidate
// of the final verdict and creation dates, and refuses values it does not know.
func TestHistoryFiltersForReview(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	mk := func(q string, created time.Time, status string, cands ...string) string {
		run := domain.Run{ID: s.NewRunID(), Question: q, Config: domain.DefaultRunConfig(), Status: domain.RunComplete, CreatedAt: created}
		require.NoError(t, s.CreateRun(ctx, run))
		require.NoError(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: run.ID, Iteration: 1, Assessment: domain.Assessment{Details: domain.AssessmentDetails{DrugCandidates: cands}}}))
		require.NoError(t, s.SaveReport(ctx, domain.StoredReport{RunID: run.ID, Markdown: "# r", Status: status}))
		return run.ID
	}
	day := func(d int) time.Time { return time.Date(2026, 11, d, 12, 0, 0, 0, time.UTC) }
	a := mk("metformin in cancer", day(1), domain.ReportVerified, "Metformin")
	b := mk("statins in dementia", day(10), domain.ReportFailed, "Atorvastatin", "Simvastatin")
	c := mk("aspirin in colorectal cancer", day(20), domain.ReportUnverified)
	_, err := s.AddReview(ctx, domain.Review{RunID: b, Decision: domain.ReviewDisagree, Author: "ana"})
	require.NoError(t, err)
	_, err = s.AddReview(ctx, domain.Review{RunID: c, Paper: 1, PaperKey: "pmid:1", Decision: domain.ReviewInclude, Author: "ana"})
	require.NoError(t, err)
	ids := func(f RunFilter) []string {
		rs, err := s.ListRuns(ctx, f)
		require.NoError(t, err)
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	cases := []struct {
		name string
		f    RunFilter
		want []string
	}{
		{"verified", RunFilter{Verification: domain.ReportVerified}, []string{a}},
		{"failed verification", RunFilter{Verification: domain.ReportFailed}, []string{b}},
		{"reviewer disagreed", RunFilter{Review: "disagree"}, []string{b}},
		{"any review", RunFilter{Review: "reviewed"}, []string{c, b}},
		{"not reviewed", RunFilter{Review: "none"}, []string{a}},
		{"candidate, any case", RunFilter{Candidate: "simvastatin"}, []string{b}},
		{"since", RunFilter{Since: "2026-11-10"}, []string{c, b}},
		{"until, inclusive", RunFilter{Until: "2026-11-10"}, []string{b, a}},
		{"combined", RunFilter{Since: "2026-11-02", Review: "reviewed", Verification: domain.ReportUnverified}, []string{c}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, ids(tc.f))
		})
	}
	// Each row carries its final verdict's candidates, at a glance.
	rs, err := s.ListRuns(ctx, RunFilter{Candidate: "simvastatin"})
	require.NoError(t, err)
	require.Equal(t, []string{"Atorvastatin", "Simvastatin"}, rs[0].Candidates)
	for _, bad := range []RunFilter{{Verification: "green"}, {Review: "maybe"}, {Since: "10/11/2026"}} {
		_, err := s.ListRuns(ctx, bad)
		require.Error(t, err)
	}
}
