package judge

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/openai"
	"deepcritical/prompts"
)

// scripted is the minimal llm.Client seam: it answers each call with the next scripted
// reply (text or error) and keeps the requests it saw.
type scripted struct {
	mu      sync.Mutex
	replies []reply
	reqs    []llm.Request
}

type reply struct {
	text string
	err  error
}

func (s *scripted) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, req)
	if len(s.replies) == 0 {
		return llm.Response{}, &llm.Error{Kind: llm.KindUnavailable, Message: "script exhausted"}
	}
	r := s.replies[0]
	s.replies = s.replies[1:]
	if r.err != nil {
		return llm.Response{}, r.err
	}
	return llm.Response{Text: r.text, Model: req.Model}, nil
}

const validAnswer = `{"details":{"mechanism_score":7,"mechanism_reasoning":"AMPK activation is shown in mice [3].","clinical_evidence_score":6,"clinical_reasoning":"One small RCT and a cohort [1][2].","drug_candidates":["Metformin"],"key_findings":["Metformin improved memory in MCI [1]"],"stances":[]},"sufficient":true,"confidence":0.7,"recommendation":"synthesize","next_search_queries":[],"reasoning":"Combined score 13 with a clear mechanism and one candidate."}`

func mixedScenario(t *testing.T) scenario {
	return loadScenarios(t)["02_metformin_alzheimer_mixed"]
}

func llmJudge(c llm.Client, models ...string) *Judge {
	info := llm.Info{Provider: domain.ProviderOllama, Model: "llama3.1:8b", Local: true}
	if len(models) > 0 {
		info.Model, info.Models = models[0], models
	}
	return NewLLM(c, info, Options{})
}

func TestLLMJudgeSuccess(t *testing.T) {
	s := mixedScenario(t)
	var recorded []llm.CallRecord
	c := &scripted{replies: []reply{{text: "Here you go:\n```json\n" + validAnswer + "\n```"}}}
	j := NewLLM(c, llm.Info{Provider: domain.ProviderOllama, Model: "llama3.1:8b", Local: true}, Options{
		Recorder: llm.RecorderFunc(func(_ context.Context, r llm.CallRecord) error { recorded = append(recorded, r); return nil }),
	})
	a, h, err := j.Assess(context.Background(), Input{RunID: "run-1", Question: s.Question, Evidence: s.Evidence})
	require.NoError(t, err)
	require.Equal(t, domain.JudgeKindLLM, a.Judge.Kind)
	require.Equal(t, domain.ProviderOllama, a.Judge.Provider)
	require.Equal(t, "llama3.1:8b", a.Judge.Model)
	require.Regexp(t, `^[0-9a-f]{12}$`, a.Judge.PromptVersion)
	require.Equal(t, []string{"Metformin"}, a.Details.DrugCandidates)
	require.False(t, IsFallback(a))
	require.Equal(t, Analyze(s.Question, s.Evidence, nil), h)

	require.Len(t, c.reqs, 1)
	req := c.reqs[0]
	require.Contains(t, req.System, "Never name a drug that is not in the evidence")
	require.Contains(t, req.Messages[0].Content, "HEURISTIC PRE-ANALYSIS")
	require.Contains(t, req.Messages[0].Content, "### Evidence [4]")
	require.NotContains(t, req.Messages[0].Content, "left out")
	require.NotNil(t, req.Schema)
	require.Equal(t, "judge_assessment", req.Schema.Name)
	require.Len(t, recorded, 1)
	require.Equal(t, "run-1", recorded[0].RunID)
	require.Equal(t, "judge", recorded[0].Purpose)
	require.Equal(t, a.Judge.PromptVersion, recorded[0].PromptVersion)

	// The version is the combination of the three templates used.
	require.Equal(t, prompts.CombineVersions(prompts.Version(prompts.JudgeSystem), prompts.Version(prompts.Heuristics), prompts.Version(prompts.JudgeUser)), a.Judge.PromptVersion)
}

func TestLLMJudgeEmptyEvidenceUsesEmptyPrompt(t *testing.T) {
	c := &scripted{replies: []reply{{text: `{"details":{"mechanism_score":0,"mechanism_reasoning":"No evidence at all.","clinical_evidence_score":0,"clinical_reasoning":"No evidence at all.","drug_candidates":[],"key_findings":[],"stances":[]},"sufficient":false,"confidence":0,"recommendation":"continue","next_search_queries":["alzheimer drug repurposing","alzheimer randomized trial","alzheimer mechanism"],"reasoning":"Nothing was found; search again."}`}}}
	a, _, err := llmJudge(c).Assess(context.Background(), Input{Question: "What drugs could be repurposed for Alzheimer's disease?"})
	require.NoError(t, err)
	require.Equal(t, domain.JudgeKindLLM, a.Judge.Kind)
	require.Contains(t, c.reqs[0].Messages[0].Content, "No evidence was found by the search.")
	require.Equal(t, prompts.CombineVersions(prompts.Version(prompts.JudgeSystem), prompts.Version(prompts.Heuristics), prompts.Version(prompts.JudgeEmpty)), a.Judge.PromptVersion)
}

func TestLLMJudgeRetriesWithFeedback(t *testing.T) {
	s := mixedScenario(t)
	blank := strings.Replace(validAnswer, `["Metformin"]`, `["Metformin", "  "]`, 1)
	inconsistent := strings.Replace(validAnswer, `"sufficient":true`, `"sufficient":false`, 1)
	c := &scripted{replies: []reply{{text: blank}, {text: inconsistent}, {text: validAnswer}}}
	a, _, err := llmJudge(c).Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence})
	require.NoError(t, err)
	require.Equal(t, domain.JudgeKindLLM, a.Judge.Kind)
	require.Len(t, c.reqs, 3)
	require.Contains(t, c.reqs[1].Messages[len(c.reqs[1].Messages)-1].Content, "drug_candidates[1] is empty")
	require.Contains(t, c.reqs[2].Messages[len(c.reqs[2].Messages)-1].Content, `requires sufficient=true`)
}

func TestLLMJudgeFallbacks(t *testing.T) {
	s := mixedScenario(t)
	tests := []struct {
		name    string
		replies []reply
		models  []string
		errPart string
		// unavailable: no answer came at all (the run must not complete on this fallback),
		// as opposed to answers that were invalid.
		unavailable bool
	}{
		{"invalid three times", []reply{{text: "I think metformin is great"}, {text: `{"sufficient": "yes"}`}, {text: `{"details": {}}`}}, nil, "no valid answer after 3 attempt(s)", false},
		{"quota fails fast", []reply{{err: &llm.Error{Kind: llm.KindQuota, Provider: domain.ProviderOllama, Status: 429, Message: "You exceeded your current quota"}}}, nil, "You exceeded your current quota", true},
		{"whole chain gated", []reply{
			{err: &llm.Error{Kind: llm.KindAuth, Status: 403, Message: "gated model"}},
			{err: &llm.Error{Kind: llm.KindAuth, Status: 403, Message: "gated model too"}},
		}, []string{"meta-llama/Llama-3.1-8B-Instruct", "HuggingFaceH4/zephyr-7b-beta"}, "gated model too", true},
		{"server error", []reply{{err: &llm.Error{Kind: llm.KindUnavailable, Provider: domain.ProviderOllama, Status: 500, Message: "ollama is unavailable"}}}, nil, "ollama is unavailable", true},
		{"timed out", []reply{{err: &llm.Error{Kind: llm.KindTimeout, Provider: domain.ProviderOllama, Message: "timed out waiting for ollama"}}}, nil, "timed out", true},
		{"refused", []reply{{err: &llm.Error{Kind: llm.KindRefused, Provider: domain.ProviderOllama, Message: "the model declined"}}}, nil, "the model declined", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &scripted{replies: tc.replies}
			a, h, err := llmJudge(c, tc.models...).Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence})
			require.NoError(t, err, "a failed judge must not stop the loop")
			require.True(t, IsFallback(a))
			require.NoError(t, a.Validate())
			require.Equal(t, domain.RecommendContinue, a.Recommendation)
			require.False(t, a.Sufficient)
			require.Zero(t, a.Confidence)
			require.Zero(t, a.Details.MechanismScore)
			require.Empty(t, a.Details.DrugCandidates)
			require.Equal(t, h.SuggestedQueries, a.NextSearchQueries)
			require.Contains(t, a.Judge.Error, tc.errPart)
			require.Contains(t, a.Reasoning, tc.errPart)
			require.Equal(t, domain.ProviderOllama, a.Judge.Provider, "never switch provider")
			require.Equal(t, tc.unavailable, a.Judge.Unavailable)
		})
	}
}

func TestLLMJudgeModelChainRecordsFallbackFrom(t *testing.T) {
	s := mixedScenario(t)
	c := &scripted{replies: []reply{{err: &llm.Error{Kind: llm.KindAuth, Status: 403, Message: "gated"}}, {text: validAnswer}}}
	a, _, err := llmJudge(c, "meta-llama/Llama-3.1-8B-Instruct", "mistralai/Mistral-7B-Instruct-v0.3").Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence})
	require.NoError(t, err)
	require.Equal(t, domain.JudgeKindLLM, a.Judge.Kind)
	require.Equal(t, "mistralai/Mistral-7B-Instruct-v0.3", a.Judge.Model)
	require.Equal(t, []string{"meta-llama/Llama-3.1-8B-Instruct"}, a.Judge.FallbackFrom)
}

func TestLLMJudgeCancelled(t *testing.T) {
	s := mixedScenario(t)
	ctx, cancel := context.WithCancel(context.Background())
	c := &scripted{replies: []reply{{err: &llm.Error{Kind: llm.KindCanceled, Message: "canceled"}}}}
	cancel()
	_, _, err := llmJudge(c).Assess(ctx, Input{Question: s.Question, Evidence: s.Evidence})
	require.Error(t, err)
	require.Equal(t, domain.CodeUnavailable, domain.CodeOf(err))
}

// realisticAbstract builds a structured abstract of roughly n characters.
func realisticAbstract(i, n int) string {
	sentences := []string{
		"BACKGROUND: Drug repurposing offers a faster route to disease-modifying therapy for Alzheimer's disease.",
		fmt.Sprintf("METHODS: We enrolled %d participants aged 55 to 85 years with amnestic mild cognitive impairment.", 40+i*7),
		"Participants were randomised 1:1 to the study drug or placebo using a computer-generated sequence.",
		"The primary outcome was change in the ADAS-Cog score at 52 weeks, analysed by intention to treat.",
		fmt.Sprintf("RESULTS: The adjusted mean difference was %.1f points (95%% CI %.1f to %.1f; p = 0.0%d).", 1.2+float64(i%5)/10, 0.3, 2.1, 1+i%8),
		"Secondary outcomes including CSF amyloid-beta 42 and plasma p-tau181 moved in the expected direction.",
		"Adverse events were mostly mild gastrointestinal symptoms, and discontinuation was similar between arms.",
		"Mechanistic sub-studies showed AMPK activation and reduced neuroinflammatory markers in peripheral blood.",
	}
	var b strings.Builder
	for k := 0; b.Len() < n; k++ {
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString(sentences[k%len(sentences)])
	}
	b.WriteString(" CONCLUSIONS: The findings support a larger phase 3 trial.")
	return b.String()
}

func thirtyEvidence() []domain.Evidence {
	ev := make([]domain.Evidence, 30)
	for i := range ev {
		n := 1500 + (i*397)%1500
		ev[i] = domain.Evidence{
			Content:   realisticAbstract(i, n),
			Relevance: 1 - float64(i)/40,
			Citation: domain.Citation{
				Source: domain.SourcePubMed, ID: fmt.Sprint(40000000 + i), PMID: fmt.Sprint(40000000 + i),
				Title:            fmt.Sprintf("Repurposed drug %d for mild cognitive impairment: a randomised trial", i+1),
				URL:              fmt.Sprintf("https://pubmed.ncbi.nlm.nih.gov/%d/", 40000000+i),
				Date:             fmt.Sprintf("20%02d-01-01", 10+i%15),
				PublicationTypes: []string{"Randomized Controlled Trial"},
				MeshTerms:        []string{"Humans", "Cognitive Dysfunction/drug therapy"},
				Chemicals:        []string{[]string{"Metformin", "Liraglutide", "Semaglutide", "Dapagliflozin", "Losartan"}[i%5]},
			},
		}
	}
	return ev
}

func TestPackingRespectsBudgetAndCountsOmitted(t *testing.T) {
	ev := thirtyEvidence()
	for _, budget := range []int{1500, 4000, 8000, 32000} {
		t.Run(fmt.Sprint(budget), func(t *testing.T) {
			j := NewLLM(&scripted{}, llm.Info{Provider: domain.ProviderOllama, Model: "m"}, Options{TokenBudget: budget})
			a := analyze("metformin alzheimer", nil, ev, nil)
			p, err := j.buildPrompt(Input{Question: "metformin alzheimer", Evidence: ev}, a)
			require.NoError(t, err)
			total := EstimateTokens(p.system) + EstimateTokens(p.user)
			included := strings.Count(p.user, "### Evidence [")
			require.Equal(t, len(p.packed.Items), included)
			require.Equal(t, 30, included+p.packed.Omitted)
			if p.packed.Omitted > 0 {
				require.LessOrEqual(t, total, budget)
				require.Contains(t, p.user, fmt.Sprintf("%d more evidence items were left out to fit the token budget.", p.packed.Omitted))
			} else {
				require.NotContains(t, p.user, "left out")
			}
			for _, it := range p.packed.Items {
				require.False(t, it.Trimmed, "abstracts under the item cap are never cut")
			}
			// Ranking: the most relevant items are the ones kept.
			if p.packed.Omitted > 0 && included > 0 {
				require.Contains(t, p.user, "### Evidence [1]\n")
				require.NotContains(t, p.user, "### Evidence [30]\n")
			}
		})
	}
}

func TestPackingPrefersAppraisalWeight(t *testing.T) {
	ev := thirtyEvidence()
	heavy := ev[29].CanonicalKey()
	appraisals := map[string]domain.Appraisal{heavy: {Weight: 0.99}, ev[0].CanonicalKey(): {Weight: 0.1}}
	p := PackEvidence(ev, appraisals, nil, 1200, 0)
	require.NotEmpty(t, p.Items)
	require.Equal(t, 30, p.Items[len(p.Items)-1].N, "the highest-weight item is packed first")
}

func TestPackingTrimsOnlyOversizedItemsAtSentenceBoundaries(t *testing.T) {
	long := realisticAbstract(3, 20000)
	ev := []domain.Evidence{{Content: long, Relevance: 0.9, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: "Full text"}}}
	p := PackEvidence(ev, nil, nil, 8000, 500)
	require.Len(t, p.Items, 1)
	it := p.Items[0]
	require.True(t, it.Trimmed)
	require.Equal(t, len([]rune(long)), it.FullChars)
	require.LessOrEqual(t, len([]rune(it.Content)), 2000)
	require.True(t, strings.HasSuffix(it.Content, "."), "cut after a full sentence: %q", it.Content[len(it.Content)-40:])
	require.True(t, strings.HasPrefix(long, it.Content))
}

func TestTrimToSentences(t *testing.T) {
	tests := []struct {
		in    string
		limit int
		want  string
	}{
		{"Short.", 100, "Short."},
		{"First sentence here. Second one is longer than the limit.", 30, "First sentence here."},
		{"Smith et al. showed e.g. effects. Then more text follows here.", 40, "Smith et al. showed e.g. effects."},
		{"The HR was 0.76 in users. Next sentence.", 30, "The HR was 0.76 in users."},
		{"BACKGROUND: one\nMETHODS: two three four five", 20, "BACKGROUND: one"},
		{"averyveryverylongwordwithoutanyspaces and more", 10, "averyveryv …"},
		{"one two three four five six seven", 12, "one two …"},
		{"Ünïcödé sentence. Another ünïcödé sentence.", 20, "Ünïcödé sentence."},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, TrimToSentences(tc.in, tc.limit), tc.in)
	}
}

// TestLLMJudgeThroughOpenAICompatibleServer runs the judge over real HTTP against an
// OpenAI-compatible server answering in the recorded chat-completions shape.
func TestLLMJudgeThroughOpenAICompatibleServer(t *testing.T) {
	s := mixedScenario(t)
	var calls int
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		body, _ := io.ReadAll(r.Body)
		require.Contains(t, string(body), "HEURISTIC PRE-ANALYSIS")
		content := validAnswer
		if n == 1 {
			content = "Sure! " + strings.Replace(validAnswer, `"confidence":0.7`, `"confidence":1.7`, 1)
		}
		esc, _ := json.Marshal(content)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"message":{"role":"assistant","content":%s,"refusal":null,"annotations":[]},"logprobs":null,"finish_reason":"stop"}],"usage":{"prompt_tokens":1200,"completion_tokens":150,"total_tokens":1350}}`, esc)
	}))
	defer srv.Close()
	c, err := openai.New(openai.Config{Provider: domain.ProviderCompatible, BaseURL: srv.URL + "/v1", Model: "gpt-4o-mini", HTTP: llm.HTTP{HTTPClient: srv.Client()}})
	require.NoError(t, err)
	j := NewLLM(c, c.Info(), Options{})
	require.True(t, j.Info().Local)
	a, _, err := j.Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence})
	require.NoError(t, err)
	require.Equal(t, domain.JudgeKindLLM, a.Judge.Kind, a.Judge.Error)
	require.Equal(t, domain.ProviderCompatible, a.Judge.Provider)
	require.Equal(t, 2, calls, "the out-of-range confidence was sent back once")
	require.Equal(t, 0.7, a.Confidence)
}
