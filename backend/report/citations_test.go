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

// TestReferenceNotesCarryTheReviewersDecision: a reviewed paper's decision, reason and note
// travel in the note of every reference format (RIS N1, BibTeX note, CSL-JSON note), with the
// judge's own mark beside it, as they do in the report's Reviewer's decisions section.
func TestReferenceNotesCarryTheReviewersDecision(t *testing.T) {
	paper := func(pmid string, off bool) domain.Evidence {
		return domain.Evidence{Content: "text", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: pmid, Title: "T" + pmid, Authors: []string{"Roe J"}, Date: "2001"},
			Topic: &domain.Topic{OffTopic: off, Reason: "other disease"}}
	}
	run := ExportRun{Run: domain.Run{ID: "r1", Status: domain.RunComplete}, Evidence: []domain.Evidence{paper("11", true), paper("12", false), paper("13", false)},
		Reviews: []domain.Review{
			{Paper: 1, PaperKey: "pmid:11", Decision: domain.ReviewInclude, Author: "lee", Note: "background cohort; keep"},
			{Paper: 2, PaperKey: "pmid:12", Decision: domain.ReviewExclude, Reason: "wrong design", Note: "case series", Author: "lee"},
		}}
	cases := []struct {
		pmid, want string
	}{
		{"11", "DeepCritical reviewer: included by lee (the judge: set aside): background cohort, keep"},
		{"12", "DeepCritical reviewer: excluded by lee (the judge: on topic) — wrong design: case series"},
	}
	refs := References(run, true)
	for _, c := range cases {
		var notes []string
		for _, e := range refs {
			if e.Citation.PMID == c.pmid {
				notes = e.Citation.Notes
			}
		}
		require.Contains(t, notes, c.want, "paper %s", c.pmid)
	}
	for _, e := range refs {
		if e.Citation.PMID == "13" {
			require.Empty(t, e.Citation.Notes, "an unreviewed paper carries no reviewer note")
		}
	}
	run.IncludeSetAside = true
	for _, format := range []string{"ris", "bibtex", "csljson"} {
		var buf bytes.Buffer
		require.NoError(t, Export(run, format, &buf))
		// Each format escapes its text its own way; the note's words are there in every one.
		for _, words := range []string{"DeepCritical reviewer: included by lee", "background cohort", "excluded by lee", "case series"} {
			require.Contains(t, buf.String(), words, format)
		}
	}
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
