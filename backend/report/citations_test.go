package report

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestReferences: a reference export holds the papers the report relies on; the reviewer's
// include/exclude overrides the judge's mark; with every paper asked for, each set-aside one
// says so and why in a keyword without commas.
func TestReferences(t *testing.T) {
	paper := func(pmid string, off bool, why string) domain.Evidence {
		return domain.Evidence{Content: "text", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: pmid, Title: "T" + pmid, URL: "https://pubmed.ncbi.nlm.nih.gov/" + pmid + "/"},
			Topic: &domain.Topic{OffTopic: off, Reason: why}}
	}
	run := ExportRun{Evidence: []domain.Evidence{
		paper("1", false, ""), paper("2", true, "does not study metformin, only cancer"), paper("3", true, "off topic"), paper("4", false, ""),
	}, Reviews: []domain.Review{
		{Paper: 3, PaperKey: "pmid:3", Decision: domain.ReviewInclude, Author: "ana"},
		{Paper: 4, PaperKey: "pmid:4", Decision: domain.ReviewExclude, Reason: "duplicate", Author: "ana"},
	}}
	ids := func(evs []domain.Evidence) []string {
		var out []string
		for _, e := range evs {
			out = append(out, e.Citation.PMID)
		}
		return out
	}
	require.Equal(t, []string{"1", "3"}, ids(References(run, false)), "on topic, plus the reviewer's inclusion, minus the reviewer's exclusion")
	all := References(run, true)
	require.Equal(t, []string{"1", "2", "3", "4"}, ids(all))
	require.Equal(t, []string{"DeepCritical: set aside: does not study metformin; only cancer"}, all[1].Citation.Keywords)
	require.Equal(t, []string{"DeepCritical: set aside: excluded by the reviewer: duplicate"}, all[3].Citation.Keywords)
	require.Empty(t, all[0].Citation.Keywords)
	require.Empty(t, run.Evidence[1].Citation.Keywords, "the run's own evidence is not changed")
}

// TestAppraisalsSection: each appraised paper's components, with the quote each rests on and
// whether it was found verbatim, and risk of bias per domain in words with its direction.
func TestAppraisalsSection(t *testing.T) {
	ev := domain.Evidence{Content: "Patients were randomised by computer.", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "7", Title: "A trial", URL: "https://pubmed.ncbi.nlm.nih.gov/7/"}}
	a := domain.Appraisal{Assessor: domain.AssessorInfo{Provider: domain.ProviderOffline, Kind: domain.JudgeKindOffline}, Dimensions: []domain.Dimension{
		{Name: domain.DimensionQuality, Score: 6, Status: domain.StatusAssessed, Details: []domain.DimensionDetail{
			{Component: "randomization", Value: "adequate", Contribution: 2, MaxScore: 2, Evidence: "Patients were randomised by computer.", QuoteVerified: true},
			{Component: "blinding", Value: "not reported", Contribution: 0, MaxScore: 2, Evidence: "double masked", QuoteVerified: false}}},
		{Name: domain.DimensionRiskOfBias, Score: 5, Status: domain.StatusAssessed, Details: []domain.DimensionDetail{
			{Component: "selection", Contribution: 2.5, MaxScore: 3}, {Component: "performance", Contribution: 1, MaxScore: 3}}},
	}}
	r := Build(Input{Run: domain.Run{ID: "r", Question: "Does X work?"}, Evidence: []domain.Evidence{ev}, Appraisals: map[string]domain.Appraisal{"pmid:7": a}})
	for _, want := range []string{
		"## Appraisals", "Appraised by: rule-based rubric (no language model)", "**Methodological quality: 6.0/10**",
		"- randomization: 2/2 — adequate — “Patients were randomised by computer.” (verified)",
		"- blinding: 0/2 — not reported — “double masked” (⚠ not verified)",
		"**Risk of bias (higher = lower risk): 5.0/10**", "- selection: 2.5/3 (low risk)", "- performance: 1/3 (high risk)",
	} {
		require.Contains(t, r.Markdown, want)
	}
	var buf bytes.Buffer
	require.NoError(t, writeHTML(&buf, r))
	require.Contains(t, buf.String(), "selection: 2.5/3 (low risk)")

	// A reviewer's override of a component stands beside the appraiser's score, and the
	// agreement on re-scored components is given.
	zero, two := 0.0, 2.0
	r = Build(Input{Run: domain.Run{ID: "r", Question: "Does X work?"}, Evidence: []domain.Evidence{ev}, Appraisals: map[string]domain.Appraisal{"pmid:7": a},
		Reviews: []domain.Review{
			{Paper: 1, PaperKey: "pmid:7", Decision: domain.ReviewOverride, Component: "randomization", Points: &zero, Note: "alternation, not randomisation", Author: "ana"},
			{Paper: 1, PaperKey: "pmid:7", Decision: domain.ReviewOverride, Component: "blinding", Points: &zero, Author: "ana"},
			{Paper: 1, PaperKey: "pmid:7", Decision: domain.ReviewOverride, Component: "selection", Points: &two, Author: "ana"},
		}})
	require.Contains(t, r.Markdown, "- randomization: 2/2 — adequate — “Patients were randomised by computer.” (verified) — reviewer: 0/2 by ana: alternation, not randomisation")
	require.Contains(t, r.Markdown, "- blinding: 0/2 — not reported — “double masked” (⚠ not verified) — reviewer: 0/2 by ana")
	require.Contains(t, r.Markdown, "re-scored (full points or not): 67 % of 3 components")
}
