package store

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func sampleAssessment() domain.Assessment {
	return domain.Assessment{
		Details: domain.AssessmentDetails{
			MechanismScore: 7, MechanismReasoning: "AMPK activation reduces tau phosphorylation",
			ClinicalEvidenceScore: 4, ClinicalReasoning: "Two small randomised trials",
			DrugCandidates: []string{"metformin"}, KeyFindings: []string{"improved memory scores"},
		},
		Sufficient: false, Confidence: 0.6, Recommendation: domain.RecommendContinue,
		NextSearchQueries: []string{"metformin dementia trial"},
		Reasoning:         "Mechanism is plausible but clinical data are thin.",
		Judge:             domain.JudgeInfo{Provider: domain.ProviderOffline, Model: "heuristic", Kind: domain.JudgeKindOffline},
	}
}

func TestAssessments(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "question one")

	a1 := sampleAssessment()
	h := &domain.Heuristics{BaseScore: 40, FinalScore: 55, ScoreAdjustments: []domain.ScoreAdjustment{{Reason: "RCT", Delta: 15}},
		Observations: []string{"2 RCTs"}, RedFlags: []string{}, SuggestedQueries: []string{"q"}}
	rejudged := sampleAssessment()
	rejudged.Judge = domain.JudgeInfo{Provider: domain.ProviderOpenAI, Model: "gpt-4o", Kind: domain.JudgeKindLLM}
	rejudged.Sufficient = true
	a2 := sampleAssessment()
	a2.Confidence = 0.8

	require.NoError(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: "r1", Iteration: 2, Assessment: a2}))
	require.NoError(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: "r1", Iteration: 1, Label: "rejudge:openai", Assessment: rejudged}))
	require.NoError(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: "r1", Iteration: 1, Assessment: a1, Heuristics: h}))

	got, err := s.ListAssessments(ctx, "r1")
	require.NoError(t, err)
	require.Len(t, got, 3)
	require.Equal(t, 1, got[0].Iteration)
	require.Equal(t, "", got[0].Label, "the original comes before the re-judged one")
	require.Equal(t, a1, got[0].Assessment)
	require.Equal(t, h, got[0].Heuristics)
	require.Equal(t, "rejudge:openai", got[1].Label)
	require.Equal(t, rejudged, got[1].Assessment)
	require.Nil(t, got[1].Heuristics)
	require.Equal(t, 2, got[2].Iteration)
	require.False(t, got[0].CreatedAt.IsZero())

	// Saving the same (run, iteration, label) replaces it, e.g. on resume.
	a1.Confidence = 0.1
	require.NoError(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: "r1", Iteration: 1, Assessment: a1}))
	got, err = s.ListAssessments(ctx, "r1")
	require.NoError(t, err)
	require.Len(t, got, 3)
	require.Equal(t, 0.1, got[0].Assessment.Confidence)

	requireCode(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: "ghost", Iteration: 1, Assessment: a1}), domain.CodeNotFound)
	requireCode(t, s.SaveAssessment(ctx, domain.StoredAssessment{RunID: "r1", Iteration: -1, Assessment: a1}), domain.CodeInvalid)
	_, err = s.ListAssessments(ctx, "ghost")
	requireCode(t, err, domain.CodeNotFound)
}

func TestVerdicts(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "question one")

	none, err := s.LatestVerdict(ctx, "r1")
	require.NoError(t, err)
	require.Nil(t, none)

	conv := 0.7
	first := domain.Verdict{Pass: false, Reason: "candidate not supported", MissingItems: []string{"donepezil"},
		QuestionsForUser: []string{}, SuggestedNextSteps: []string{"search donepezil"}}
	second := domain.Verdict{Pass: true, Reason: "all claims supported", ForwardProgress: true, ConvergenceEstimate: &conv,
		MissingItems: []string{}, QuestionsForUser: []string{}, SuggestedNextSteps: []string{}}
	require.NoError(t, s.SaveVerdict(ctx, "r1", 1, first, json.RawMessage(`{"unsupported":["donepezil"]}`)))
	run, err := s.GetRun(ctx, "r1")
	require.NoError(t, err)
	require.NotNil(t, run.Verdict)
	require.False(t, *run.Verdict)

	require.NoError(t, s.SaveVerdict(ctx, "r1", 2, second, nil))
	latest, err := s.LatestVerdict(ctx, "r1")
	require.NoError(t, err)
	require.Equal(t, second, latest.Verdict)
	require.Equal(t, 2, latest.Iteration)
	require.Nil(t, latest.Checks)
	run, err = s.GetRun(ctx, "r1")
	require.NoError(t, err)
	require.True(t, *run.Verdict)

	requireCode(t, s.SaveVerdict(ctx, "ghost", 1, first, nil), domain.CodeNotFound)
	requireCode(t, s.SaveVerdict(ctx, "r1", 1, first, json.RawMessage(`{bad`)), domain.CodeInvalid)
	_, err = s.LatestVerdict(ctx, "ghost")
	requireCode(t, err, domain.CodeNotFound)
}

func TestReports(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "question one")

	_, err := s.GetReport(ctx, "r1")
	requireCode(t, err, domain.CodeNotFound)

	at := time.Date(2025, 1, 2, 3, 4, 5, 6, time.UTC)
	require.NoError(t, s.SaveReport(ctx, domain.StoredReport{RunID: "r1", Markdown: "# Draft\nmetformin", CreatedAt: at}))
	got, err := s.GetReport(ctx, "r1")
	require.NoError(t, err)
	require.Equal(t, domain.StoredReport{RunID: "r1", Markdown: "# Draft\nmetformin", Status: domain.ReportUnverified, CreatedAt: at}, got)

	require.NoError(t, s.SaveReport(ctx, domain.StoredReport{RunID: "r1", Markdown: "# Final\nlithium", Status: domain.ReportVerified}))
	got, err = s.GetReport(ctx, "r1")
	require.NoError(t, err)
	require.Equal(t, "# Final\nlithium", got.Markdown)
	require.Equal(t, domain.ReportVerified, got.Status)

	// The replaced text left the index; the new text is in it.
	hits, err := s.ListRuns(ctx, RunFilter{Text: "metformin"})
	require.NoError(t, err)
	require.Empty(t, hits)
	hits, err = s.ListRuns(ctx, RunFilter{Text: "lithium"})
	require.NoError(t, err)
	require.Len(t, hits, 1)

	requireFTSConsistent(t, s)
	requireCode(t, s.SaveReport(ctx, domain.StoredReport{RunID: "r1", Markdown: "x", Status: "great"}), domain.CodeInvalid)
	requireCode(t, s.SaveReport(ctx, domain.StoredReport{RunID: "ghost", Markdown: "x"}), domain.CodeNotFound)
	_, err = s.GetReport(ctx, "ghost")
	requireCode(t, err, domain.CodeNotFound)
}

func TestLLMCalls(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "question one")

	call := domain.LLMCall{
		RunID: "r1", Purpose: "judge", Provider: "openai", Model: "gpt-4o-mini", PromptVersion: "judge/v2",
		Request:  `{"messages":[{"role":"user","content":"assess"}],"api_key":"sk-proj-abcdefghijklmnopqrstuvwx"}`,
		Response: `{"choices":[]}`, Parsed: json.RawMessage(`{"sufficient":true}`),
		Error:     "401: invalid key Bearer hf_abcdefghijklmnopqrstuvwxyz",
		LatencyMS: 1234, InputTokens: 900, OutputTokens: 200, CostUSD: 0.0012,
	}
	require.NoError(t, s.RecordLLMCall(ctx, call))
	require.NoError(t, s.RecordLLMCall(ctx, domain.LLMCall{Purpose: "appraise", Provider: "ollama", Model: "llama3.1"}))
	require.NoError(t, s.RecordLLMCall(ctx, domain.LLMCall{RunID: "r1", Purpose: "synthesis", Provider: "openai"}))

	got, err := s.ListLLMCalls(ctx, "r1")
	require.NoError(t, err)
	require.Len(t, got, 2)
	c := got[0]
	require.NotZero(t, c.ID)
	require.Equal(t, "judge", c.Purpose)
	require.Equal(t, int64(1234), c.LatencyMS)
	require.Equal(t, 900, c.InputTokens)
	require.Equal(t, 0.0012, c.CostUSD)
	require.JSONEq(t, `{"sufficient":true}`, string(c.Parsed))
	require.NotContains(t, c.Request, "sk-proj-abcdefghijklmnopqrstuvwx")
	require.Contains(t, c.Request, "[REDACTED]")
	require.NotContains(t, c.Error, "hf_abcdefghijklmnopqrstuvwxyz")
	require.Equal(t, "synthesis", got[1].Purpose)

	outside, err := s.ListLLMCalls(ctx, "")
	require.NoError(t, err)
	require.Len(t, outside, 1)
	require.Equal(t, "appraise", outside[0].Purpose)
	require.Empty(t, outside[0].RunID)

	requireCode(t, s.RecordLLMCall(ctx, domain.LLMCall{Parsed: json.RawMessage(`{`)}), domain.CodeInvalid)
}

func TestRedactSecrets(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Authorization: Bearer abcdefghijklmnop", "Authorization: [REDACTED]"},
		{`"x-api-key": "sk-ant-api03-abcdefghijklmnopqrstu"`, `"x-api-key": "[REDACTED]"`},
		{"key hf_ABCDEFGHIJKLMNOPQRSTUV end", "key [REDACTED] end"},
		{"OPENAI sk-abcdefghijklmnopqrstuvwxyz0123", "OPENAI [REDACTED]"},
		{`{"max_tokens": 1000, "tokens": 5}`, `{"max_tokens": 1000, "tokens": 5}`},
		{"metformin reduces risk", "metformin reduces risk"},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, redactSecrets(tc.in), tc.in)
	}
}

func TestAppraisalCache(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()

	_, ok, err := s.GetAppraisal(ctx, "missing")
	require.NoError(t, err)
	require.False(t, ok)

	mk := func(model string, score float64) domain.Appraisal {
		return domain.Appraisal{
			Document: domain.Document{Key: "pmid:1", Title: "T", Hash: "abc"},
			Findings: map[string]domain.Finding{"randomised": {Value: true, Quote: "Patients were randomised."}},
			Dimensions: []domain.Dimension{{Name: domain.DimensionQuality, Score: score, Status: domain.StatusAssessed,
				Details: []domain.DimensionDetail{{Component: "design", Value: "rct", Contribution: 2, MaxScore: 3, QuoteVerified: true}}}},
			Weight:   0.8,
			Assessor: domain.AssessorInfo{Provider: domain.ProviderOllama, Model: model, Kind: domain.JudgeKindLLM, Version: "1"},
		}
	}
	old, newer := mk("llama3.1", 6), mk("qwen2.5", 8)
	require.NoError(t, s.PutAppraisal(ctx, "k-llama", "pmid:1", old))
	require.NoError(t, s.PutAppraisal(ctx, "k-qwen", "pmid:1", newer))
	require.NoError(t, s.PutAppraisal(ctx, "k-other", "pmid:2", mk("llama3.1", 3)))

	got, ok, err := s.GetAppraisal(ctx, "k-llama")
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, "llama3.1", got.Assessor.Model)
	require.Equal(t, 6.0, got.Dimensions[0].Score)
	require.Equal(t, true, got.Findings["randomised"].Value)

	m, err := s.AppraisalsForEvidence(ctx, []string{"pmid:1", "pmid:2", "pmid:3", "pmid:1"})
	require.NoError(t, err)
	require.Len(t, m, 2)
	require.Equal(t, "qwen2.5", m["pmid:1"].Assessor.Model, "the latest appraisal per evidence key")
	require.Equal(t, 3.0, m["pmid:2"].Dimensions[0].Score)

	// Re-putting an older cache entry makes it the latest.
	require.NoError(t, s.PutAppraisal(ctx, "k-llama", "pmid:1", old))
	m, err = s.AppraisalsForEvidence(ctx, []string{"pmid:1"})
	require.NoError(t, err)
	require.Equal(t, "llama3.1", m["pmid:1"].Assessor.Model)

	requireCode(t, s.PutAppraisal(ctx, " ", "pmid:1", old), domain.CodeInvalid)
}

func TestAppraisalsForEvidenceByAssessor(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	put := func(cacheKey string, provider domain.Provider, model string, weight float64) {
		a := domain.Appraisal{Document: domain.Document{Key: "pmid:1"}, Weight: weight, Assessor: domain.AssessorInfo{Provider: provider, Model: model}}
		require.NoError(t, s.PutAppraisal(ctx, cacheKey, "pmid:1", a)) // the fake clock ticks on every write
	}
	put("offline", domain.ProviderOffline, "rules", 0.4)
	put("llm-a", domain.ProviderCompatible, "model-a", 0.7)
	put("llm-b", domain.ProviderCompatible, "model-b", 0.9)

	latest, err := s.AppraisalsForEvidence(ctx, []string{"pmid:1"})
	require.NoError(t, err)
	require.Equal(t, 0.9, latest["pmid:1"].Weight, "without an assessor the latest wins")
	cases := []struct {
		provider domain.Provider
		model    string
		want     float64
	}{
		{domain.ProviderOffline, "", 0.4},
		{domain.ProviderCompatible, "model-a", 0.7},
		{domain.ProviderCompatible, "", 0.9},
	}
	for _, tc := range cases {
		got, err := s.AppraisalsForEvidenceBy(ctx, []string{"pmid:1"}, tc.provider, tc.model)
		require.NoError(t, err)
		require.Equal(t, tc.want, got["pmid:1"].Weight, "%s %s", tc.provider, tc.model)
	}
	none, err := s.AppraisalsForEvidenceBy(ctx, []string{"pmid:1"}, domain.ProviderOllama, "")
	require.NoError(t, err)
	require.Empty(t, none, "a run never borrows another judge's appraisal")
}

// TestRunAppraisalsAsTheRunEnded: a finished run reads the appraisals of its evidence as they
// stood when it finished; an appraisal a later run made (of a paper this run set aside
// unappraised, or a newer one of a paper it did appraise) is not shown with it, so its CSV
// and JSON agree with its report of record. A run still going reads the latest.
func TestRunAppraisalsAsTheRunEnded(t *testing.T) {
	s, clock := newTestStore(t)
	ctx := context.Background()
	put := func(cacheKey, key string, weight float64) {
		a := domain.Appraisal{Document: domain.Document{Key: key}, Weight: weight, Assessor: domain.AssessorInfo{Provider: domain.ProviderOffline, Model: "rules"}}
		require.NoError(t, s.PutAppraisal(ctx, cacheKey, key, a))
	}
	put("a-1", "pmid:1", 0.4)
	clock.advance(time.Minute)
	ended := clock.Now()
	clock.advance(time.Minute)
	put("a-1-full-text", "pmid:1", 0.8) // a later run read pmid:1 in full
	put("a-2", "pmid:2", 0.5)           // and appraised pmid:2, which this run set aside

	keys := []string{"pmid:1", "pmid:2"}
	finished := domain.Run{Config: domain.RunConfig{Judge: domain.ProviderOffline}, FinishedAt: &ended}
	got, err := s.RunAppraisals(ctx, finished, keys)
	require.NoError(t, err)
	require.Equal(t, map[string]float64{"pmid:1": 0.4}, weights(got))

	running := domain.Run{Config: domain.RunConfig{Judge: domain.ProviderOffline}}
	got, err = s.RunAppraisals(ctx, running, keys)
	require.NoError(t, err)
	require.Equal(t, map[string]float64{"pmid:1": 0.8, "pmid:2": 0.5}, weights(got))
}

func weights(m map[string]domain.Appraisal) map[string]float64 {
	out := map[string]float64{}
	for k, a := range m {
		out[k] = a.Weight
	}
	return out
}
