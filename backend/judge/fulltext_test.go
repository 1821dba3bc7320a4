package judge

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/fulltext/jats"
	"deepcritical/backend/llm"
	"deepcritical/backend/studydesign"
	"deepcritical/internal/fakes/pmcoa"
	"deepcritical/internal/sharedtest"
)

// lithiumTrial is the lithium trial (PMC4210495) as a search finds it, with its JATS full
// text as Europe PMC serves it.
func lithiumTrial(t *testing.T) (domain.Evidence, domain.FullText) {
	t.Helper()
	c, err := pmcoa.Load(sharedtest.Path(t, "data"))
	require.NoError(t, err)
	art, _ := c.Article("PMC4210495")
	a, err := jats.Parse(bytes.NewReader(art))
	require.NoError(t, err)
	ev := domain.Evidence{Content: a.Sections[0].Text, Relevance: 0.9,
		Citation: domain.Citation{Source: domain.SourceEuropePMC, ID: "PMC:PMC4210495", PMCID: "PMC4210495", Title: a.Title, Date: "2014"}}
	return ev, domain.FullText{Key: ev.CanonicalKey(), Source: domain.FullTextEuropePMC, Sections: a.Sections}
}

const lithiumQuestion = "Does lithium reduce suicide risk in treatment-resistant depression?"

// TestJudgePromptShowsTrialPassages: an on-topic trial read in full is shown with its
// methods and results passages most relevant to the question, within their cap and the
// prompt's budget; a paper without a full text is shown as before, and the passages stay
// byte-identical in the next iteration's prompt, whose head repeats the first.
func TestJudgePromptShowsTrialPassages(t *testing.T) {
	trial, ft := lithiumTrial(t)
	others := readMedline(t, sharedtest.Path(t, "data", "medline_sample", "sample100.medline.txt"))[:12]
	texts := map[string]domain.FullText{trial.CanonicalKey(): ft}
	c := &scripted{replies: []reply{{text: validAnswer}, {text: validAnswer}}}
	j := NewLLM(c, llm.Info{Provider: domain.ProviderAnthropic, Model: "claude-haiku-4-5"}, Options{})
	first := append([]domain.Evidence{trial}, others[:6]...)
	_, _, err := j.Assess(context.Background(), Input{RunID: "r", Question: lithiumQuestion, Evidence: first, FullTexts: texts})
	require.NoError(t, err)
	_, _, err = j.Assess(context.Background(), Input{RunID: "r", Question: lithiumQuestion, Evidence: append(first, others[6:]...), FullTexts: texts})
	require.NoError(t, err)

	p1, p2 := c.reqs[0].Messages[0].Content, c.reqs[1].Messages[0].Content
	start := strings.Index(p1, `<full_text n="1">`)
	require.Greater(t, start, 0, "the trial read in full is shown with passages")
	end := strings.Index(p1[start:], "</full_text>") + start
	block := p1[start:end]
	require.Contains(t, block, "[Methods › Study design] ", "each passage says where it comes from")
	require.Contains(t, block, "[Results › Lithium efficacy] ", "methods and results")
	require.Contains(t, block, "centralised randomisation procedure was employed to preserve allocation concealment")
	require.Contains(t, strings.ToLower(block), "lithium")
	require.LessOrEqual(t, EstimateTokens(block), DefaultPassageTokenCap+30)
	require.Equal(t, 1, strings.Count(p1, "<full_text "), "only the trial read in full")
	require.NotContains(t, block, "## Discussion")
	require.GreaterOrEqual(t, commonPrefix(p1, p2), end, "the next prompt repeats the passages byte for byte")
	require.LessOrEqual(t, EstimateTokens(c.reqs[0].System)+EstimateTokens(p1), DefaultTokenBudget)
}

// TestJudgeReadsTheDesignInTheFullText: a trial report whose record and abstract name no
// design is classified from its full text's methods, and the heuristics count the trials
// read in full.
func TestJudgeReadsTheDesignInTheFullText(t *testing.T) {
	ev := domain.Evidence{Content: "Lithium was compared with usual care in treatment-resistant depression; suicidal behaviour was followed for a year.",
		Citation: domain.Citation{Source: domain.SourceEuropePMC, ID: "PMC:PMC1", PMCID: "PMC1", Title: "Lithium and suicidal behaviour in depression", Date: "2014"}}
	ft := domain.FullText{Key: ev.CanonicalKey(), Source: domain.FullTextEuropePMC, Sections: []domain.FullTextSection{
		{Kind: domain.SectionAbstract, Title: "Abstract", Level: 1, Text: ev.Content},
		{Kind: domain.SectionMethods, Title: "Methods", Level: 1, Text: "Patients with a diagnosis of TRD and history of DSH were randomly allocated to (i) add lithium to usual care or (ii) usual care without lithium."},
	}}
	without := analyze(lithiumQuestion, nil, []domain.Evidence{ev}, nil)
	require.NotEqual(t, studydesign.RCT, without.designs[0])
	with := analyzeWith(lithiumQuestion, nil, []domain.Evidence{ev}, nil, map[string]domain.FullText{ev.CanonicalKey(): ft})
	require.Equal(t, studydesign.RCT, with.designs[0])
	require.Contains(t, with.h.Observations, "Trials read in full text: 1 of 1 on-topic trials; the others were read from their abstracts only.")
}
