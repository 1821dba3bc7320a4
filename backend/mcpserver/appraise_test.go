package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
	"deepcritical/backend/services"
)

// TestAppraisePaperReadsLikeTheCLI: a paper named by its PMCID or PMID is read as
// `deepcritical appraise` reads it (services.AppraisePaper): its open-access full text,
// whose body reports what the abstract does not, and the result says which text was read.
func TestAppraisePaperReadsLikeTheCLI(t *testing.T) {
	c, _ := openServices(t, 0, false)
	cs := connect(t, New(FromContainer(c), Options{}), nil)
	for _, tc := range []struct {
		name string
		args map[string]any
		req  services.PaperRequest
	}{
		{"by PMCID", map[string]any{"pmcid": "PMC5000002", "judge": "offline"}, services.PaperRequest{PMCID: "PMC5000002"}},
		{"by PMID", map[string]any{"pmid": "31000002", "judge": "offline"}, services.PaperRequest{PMID: "31000002"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := callOK[AppraiseOutput](t, cs, "appraise_paper", tc.args)
			require.True(t, got.Document.FullText, "the open-access full text is read, not the abstract")
			require.Equal(t, domain.FullTextEuropePMC, got.Document.Source)
			require.Equal(t, "read in full (Europe PMC)", got.TextRead)
			require.Equal(t, "pmid:31000002", got.Document.Key)
			require.Contains(t, got.Findings[appraisal.FindingMissingData].Quote, "multiple imputation", "a finding only the body reports")

			cli, err := c.Commands.AppraisePaper(context.Background(), tc.req, runs.JudgeChoice{Provider: domain.ProviderOffline})
			require.NoError(t, err)
			require.Equal(t, cli.Appraisal.Document, got.Document, "the CLI's reading")
			require.Equal(t, cli.Appraisal.Dimensions, got.Dimensions, "and its scores")
		})
	}
	text := callOK[AppraiseOutput](t, cs, "appraise_paper", map[string]any{"text": "Patients were randomly assigned by a computer-generated list.", "judge": "offline"})
	require.Equal(t, textGiven, text.TextRead)
	require.Empty(t, text.Notes)
}

// TestAppraiseTextIsBounded: however the text runs on, each quote is one sentence of at most
// appraisal.MaxSentenceBytes, verbatim, so the answer (and what is stored) stays small.
// Before, "randomised. randomised. …" was one sentence, quoted whole by four findings.
func TestAppraiseTextIsBounded(t *testing.T) {
	c, _ := openServices(t, 0, false)
	cs := connect(t, New(FromContainer(c), Options{}), nil)
	for _, tc := range []struct {
		name, text string
	}{
		{"lower-case sentences", strings.Repeat("randomised. ", 2000)}, // 24 KB: far over a sentence's bound
		{"no punctuation", strings.Repeat("patients were randomised to lithium or placebo and assessors were blinded ", 200)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, cs, "appraise_paper", map[string]any{"text": tc.text, "judge": "offline"})
			require.False(t, res.IsError, text(res))
			require.Less(t, len(text(res)), 40_000, "the answer is not the text repeated")
			var got AppraiseOutput
			require.NoError(t, json.Unmarshal([]byte(text(res)), &got))
			quoted := 0
			for name, f := range got.Findings {
				if f.Quote == "" {
					continue
				}
				quoted++
				require.LessOrEqual(t, len(f.Quote), appraisal.MaxSentenceBytes, name)
				require.Contains(t, tc.text, f.Quote, "%s: a quote is verbatim", name)
			}
			require.Positive(t, quoted)
			for _, d := range got.Dimensions {
				for _, comp := range d.Details {
					require.LessOrEqual(t, len(comp.Evidence), appraisal.MaxSentenceBytes, comp.Component)
				}
			}
		})
	}
}
