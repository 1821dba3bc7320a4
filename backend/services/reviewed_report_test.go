package services

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestReportViewFollowsTheReviewersDecisions: the window's report (answer line, report text,
// evidence cards) shows the report as the reviewer decided, with the judge's answer kept
// beside it when the decisions change it; a run nobody reviewed shows the judge's own.
func TestReportViewFollowsTheReviewersDecisions(t *testing.T) {
	s := openTest(t)
	run := libraryRun(t, s)
	before, err := s.Reports.Get(run.ID)
	require.NoError(t, err)
	require.NotEmpty(t, before.Evidence)
	require.Empty(t, before.JudgeAnswer, "no review: the judge's answer is the report's")
	for _, e := range before.Evidence {
		require.Equal(t, !e.Evidence.IsOffTopic(), e.ReliedOn, "no review: [%d] relied on as the judge marked it", e.N)
	}

	for _, step := range []struct {
		name     string
		decision domain.ReviewDecision
		relied   bool
		mark     string
	}{
		{"exclude", domain.ReviewExclude, false, "**excluded by "},
		{"include again", domain.ReviewInclude, true, "**included by "},
	} {
		t.Run(step.name, func(t *testing.T) {
			req := ReviewRequest{RunID: run.ID, Paper: 1, Decision: step.decision}
			if step.decision == domain.ReviewExclude {
				req.Reason = "wrong population"
			}
			_, err := s.Reviews.Add(req)
			require.NoError(t, err)
			view, err := s.Reports.Get(run.ID)
			require.NoError(t, err)
			require.Equal(t, step.relied, view.Evidence[0].ReliedOn)
			require.Contains(t, view.Markdown, step.mark, "the report's evidence table marks [1]")
			if view.Answer != before.Answer {
				require.Equal(t, before.Answer, view.JudgeAnswer, "the judge's answer stays beside the reviewed one")
			} else {
				require.Empty(t, view.JudgeAnswer)
			}
		})
	}
}
