package appraisal

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/openai"
	"deepcritical/internal/golden"
)

func sampleEvidence(t testing.TB) domain.Evidence {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "rct_abstract.txt"))
	require.NoError(t, err)
	return domain.Evidence{
		Content:   string(b),
		Relevance: 0.9,
		Citation:  domain.Citation{Source: domain.SourcePubMed, PMID: "111", Title: "Exercise training in heart failure: a randomised trial"},
	}
}

// memCache is an in-memory Cache for tests.
type memCache struct {
	mu sync.Mutex
	m  map[string]domain.Appraisal
}

func newMemCache() *memCache { return &memCache{m: map[string]domain.Appraisal{}} }

func (c *memCache) GetAppraisal(_ context.Context, key string) (domain.Appraisal, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a, ok := c.m[key]
	return a, ok, nil
}

func (c *memCache) PutAppraisal(_ context.Context, key, _ string, a domain.Appraisal) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[key] = a
	return nil
}

func TestOfflineAppraisalIsDeterministicAndMatchesGolden(t *testing.T) {
	a, err := New(Options{})
	require.NoError(t, err)
	ev := sampleEvidence(t)
	first, err := a.Appraise(context.Background(), ev, "")
	require.NoError(t, err)
	second, err := a.Appraise(context.Background(), ev, "")
	require.NoError(t, err)
	require.Equal(t, first, second)

	require.Equal(t, domain.JudgeKindOffline, first.Assessor.Kind)
	require.Len(t, first.Dimensions, 2)
	for _, d := range first.Dimensions {
		require.NoError(t, d.Validate())
		require.Equal(t, domain.StatusAssessed, d.Status)
		for _, c := range d.Details {
			require.True(t, strings.HasPrefix(c.Reasoning, "rule-based: "))
			require.Equal(t, c.Evidence != "", c.QuoteVerified)
		}
	}
	got, err := json.MarshalIndent(first, "", "  ")
	require.NoError(t, err)
	golden.JSONEq(t, filepath.Join("testdata", "offline_appraisal.golden.json"), got)
}

func TestNothingAssessableIsNotAssessedWithNeutralWeight(t *testing.T) {
	a, err := New(Options{})
	require.NoError(t, err)
	ev := domain.Evidence{Citation: domain.Citation{Source: domain.SourceWeb, URL: "https://example.org/x", Title: "Statins: a narrative review"}, Content: "A short note."}
	ap, err := a.Appraise(context.Background(), ev, "")
	require.NoError(t, err)
	for _, d := range ap.Dimensions {
		require.Equal(t, domain.StatusNotAssessed, d.Status)
		require.NotEmpty(t, d.Error)
		require.Zero(t, d.Score)
		require.NoError(t, d.Validate())
	}
	require.Equal(t, Weight(str0(ap.Findings[FindingDesign]), nil), ap.Weight)
}

func TestWeight(t *testing.T) {
	assessed := func(s float64) domain.Dimension {
		return domain.Dimension{Name: domain.DimensionQuality, Status: domain.StatusAssessed, Score: s}
	}
	tests := []struct {
		name   string
		design string
		dims   []domain.Dimension
		want   float64
	}{
		{"perfect rct", DesignRCT, []domain.Dimension{assessed(10), assessed(10)}, 0.9},
		{"worst rct", DesignRCT, []domain.Dimension{assessed(0), assessed(0)}, 0.45},
		{"nothing assessed is neutral", DesignRCT, []domain.Dimension{notAssessed(domain.DimensionQuality, "x")}, 0.675},
		{"unknown design uses unclear prior", "mystery", nil, 0.375},
		{"mixed", DesignCohort, []domain.Dimension{assessed(4), notAssessed(domain.DimensionRiskOfBias, "x")}, 0.49},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.InDelta(t, tt.want, Weight(tt.design, tt.dims), 1e-9)
		})
	}
}

func TestWeightsValidate(t *testing.T) {
	require.NoError(t, DefaultWeights().Validate())
	bad := DefaultWeights()
	bad.Quality[0].Max = -1
	require.Error(t, bad.Validate())
	_, err := New(Options{Weights: bad})
	require.Error(t, err)
}

// fakeLLM is an OpenAI-compatible chat completions server; answer decides the content of
// each reply from the schema name and the call number.
type fakeLLM struct {
	srv     *httptest.Server
	calls   atomic.Int64
	latency time.Duration
	// mu guards bodies, every request body in arrival order.
	mu     sync.Mutex
	bodies []string
	// inFlight and maxInFlight measure how many requests the pool lets through at once.
	inFlight, maxInFlight atomic.Int64
	answer                func(schema string, call int64) (status int, content string)
}

func newFakeLLM(t testing.TB, answer func(schema string, call int64) (int, string)) *fakeLLM {
	f := &fakeLLM{answer: answer}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := f.calls.Add(1)
		cur := f.inFlight.Add(1)
		defer f.inFlight.Add(-1)
		for {
			m := f.maxInFlight.Load()
			if cur <= m || f.maxInFlight.CompareAndSwap(m, cur) {
				break
			}
		}
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.bodies = append(f.bodies, string(body))
		f.mu.Unlock()
		var req struct {
			Model          string `json:"model"`
			ResponseFormat struct {
				JSONSchema struct {
					Name string `json:"name"`
				} `json:"json_schema"`
			} `json:"response_format"`
		}
		_ = json.Unmarshal(body, &req)
		if f.latency > 0 {
			select {
			case <-time.After(f.latency):
			case <-r.Context().Done():
				return
			}
		}
		status, content := f.answer(req.ResponseFormat.JSONSchema.Name, n)
		w.Header().Set("Content-Type", "application/json")
		if status != http.StatusOK {
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"error":{"message":%q,"type":"invalid_request_error"}}`, content)
			return
		}
		resp := map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": content}}},
			"usage":   map[string]any{"prompt_tokens": 100, "completion_tokens": 50, "total_tokens": 150},
		}
		_ = json.NewEncoder(w).Encode(resp)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

// body returns the i-th request body the fake received.
func (f *fakeLLM) body(i int) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if i >= len(f.bodies) {
		return ""
	}
	return f.bodies[i]
}

func (f *fakeLLM) appraiser(t testing.TB, cache Cache, concurrency int) *Appraiser {
	t.Helper()
	c, err := openai.New(openai.Config{Provider: domain.ProviderCompatible, BaseURL: f.srv.URL + "/v1", Model: "fake-model", HTTP: llm.HTTP{HTTPClient: f.srv.Client()}})
	require.NoError(t, err)
	a, err := New(Options{Client: c, Info: llm.Info{Provider: domain.ProviderCompatible, Model: "fake-model"}, Cache: cache, Concurrency: concurrency})
	require.NoError(t, err)
	return a
}

const verifiedBlinding = "Outcome assessors, participants and data analysts were blinded to group assignment."

// qualityAnswer is a valid methodological-quality answer; fabricated plants a quote
// that is not in the paper on allocation concealment, and blindingScore can be out of range.
func qualityAnswer(blindingScore float64, fabricated bool) string {
	conceal := "Allocation was concealed using sequentially numbered, sealed, opaque envelopes prepared by an independent statistician."
	if fabricated {
		conceal = "Allocation was concealed by a central web-based system run by the sponsor."
	}
	m := map[string]any{
		"randomization":            map[string]any{"score": 2, "evidence": "450 participants were randomly assigned using computer-generated random numbers", "reasoning": "Computer-generated sequence."},
		"blinding":                 map[string]any{"score": blindingScore, "evidence": verifiedBlinding, "reasoning": "Participants, assessors and analysts masked."},
		"allocation_concealment":   map[string]any{"score": 1.5, "evidence": conceal, "reasoning": "Opaque envelopes."},
		"protocol_preregistration": map[string]any{"score": 1.5, "evidence": "The trial was registered at ClinicalTrials.gov (NCT01234567)", "reasoning": "Registered."},
		"itt_analysis":             map[string]any{"score": 1, "evidence": "Analysis followed the intention-to-treat principle", "reasoning": "ITT."},
		"attrition_handling":       map[string]any{"score": 1, "attrition_rate": 0.06, "evidence": "27 (6%) were lost to follow-up at 12 months", "reasoning": "Low attrition, multiple imputation."},
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func robAnswer() string {
	comp := func(q string) map[string]any {
		return map[string]any{"score": 2.5, "risk_level": "low", "evidence": q, "reasoning": "Low risk."}
	}
	b, _ := json.Marshal(map[string]any{
		"selection_bias":   comp("Allocation was concealed using sequentially numbered, sealed, opaque envelopes"),
		"performance_bias": comp("In this double-blind randomised controlled trial"),
		"detection_bias":   comp(verifiedBlinding),
		"reporting_bias":   comp("The trial was registered at ClinicalTrials.gov (NCT01234567) and ISRCTN12345678 before enrolment."),
	})
	return string(b)
}

// bothAnswer joins one answer per dimension into the single answer of an appraisal call.
func bothAnswer(quality, rob string) string {
	b, _ := json.Marshal(map[string]json.RawMessage{
		string(domain.DimensionQuality):    json.RawMessage(quality),
		string(domain.DimensionRiskOfBias): json.RawMessage(rob),
	})
	return string(b)
}

// answerBoth answers every appraisal call with both dimensions, blinding scored 3.
func answerBoth(string, int64) (int, string) {
	return 200, bothAnswer(qualityAnswer(3, false), robAnswer())
}

func detail(t testing.TB, ap domain.Appraisal, dim domain.DimensionName, comp string) domain.DimensionDetail {
	t.Helper()
	for _, d := range ap.Dimensions {
		if d.Name == dim {
			for _, c := range d.Details {
				if c.Component == comp {
					return c
				}
			}
		}
	}
	t.Fatalf("no %s.%s", dim, comp)
	return domain.DimensionDetail{}
}

func TestLLMAppraisalVerifiesQuotesAndFlagsFabricated(t *testing.T) {
	f := newFakeLLM(t, func(string, int64) (int, string) {
		return 200, bothAnswer(qualityAnswer(3, true), robAnswer())
	})
	ap, err := f.appraiser(t, nil, 1).Appraise(context.Background(), sampleEvidence(t), "")
	require.NoError(t, err)
	require.Equal(t, domain.JudgeKindLLM, ap.Assessor.Kind)
	require.Equal(t, "fake-model", ap.Assessor.Model)
	require.NotEmpty(t, ap.Assessor.PromptVersion)
	require.EqualValues(t, 1, f.calls.Load(), "one call for both dimensions")
	// The one prompt lists both dimensions' components with their weights, and the
	// schema holds both dimensions' objects.
	for _, want := range []string{`"name":"` + combinedSchemaName + `"`, "blinding (0–3 points)", "reporting_bias (0–2.5 points)", `"methodological_quality":{`, `"risk_of_bias":{`, `"selection_bias":{`, `"attrition_rate"`} {
		require.Contains(t, f.body(0), want)
	}

	blind := detail(t, ap, domain.DimensionQuality, CompBlinding)
	require.True(t, blind.QuoteVerified)
	require.Equal(t, 3.0, blind.Contribution)

	fab := detail(t, ap, domain.DimensionQuality, CompConcealment)
	require.False(t, fab.QuoteVerified, "a planted fabricated quote is flagged")
	require.Equal(t, 0.75, fab.Contribution, "an unverified quote halves the contribution")
	require.Contains(t, fab.Reasoning, "quote not verified: not found in the paper as one passage")
	require.Contains(t, fab.QuoteReason, "not found in the paper as one passage")
	require.Empty(t, blind.QuoteReason)

	for _, d := range ap.Dimensions {
		require.NoError(t, d.Validate())
		require.Equal(t, domain.StatusAssessed, d.Status)
	}
	require.Equal(t, 9.25, ap.Dimensions[0].Score)
	require.Equal(t, 10.0, ap.Dimensions[1].Score)
}

func TestLLMOutOfRangeScoreIsRetried(t *testing.T) {
	f := newFakeLLM(t, func(_ string, call int64) (int, string) {
		if call == 1 {
			return 200, bothAnswer(qualityAnswer(7, false), robAnswer()) // blinding max is 3
		}
		return 200, bothAnswer(qualityAnswer(2, false), robAnswer())
	})
	ap, err := f.appraiser(t, nil, 1).Appraise(context.Background(), sampleEvidence(t), "")
	require.NoError(t, err)
	require.EqualValues(t, 2, f.calls.Load(), "the out-of-range answer was rejected and asked again")
	require.True(t, strings.Contains(f.body(1), "methodological_quality.blinding.score must be ≤ 3, got 7"), "the retry says which dimension's component was wrong")
	require.Equal(t, 2.0, detail(t, ap, domain.DimensionQuality, CompBlinding).Contribution)
	for _, d := range ap.Dimensions {
		require.Equal(t, domain.StatusAssessed, d.Status)
	}
}

func TestLLMAnswerMissingADimensionFailsBoth(t *testing.T) {
	// A model that keeps leaving out risk of bias: the whole answer is rejected each time,
	// and after the retries neither dimension gets a score, not even the one it gave.
	f := newFakeLLM(t, func(string, int64) (int, string) {
		b, _ := json.Marshal(map[string]json.RawMessage{string(domain.DimensionQuality): json.RawMessage(qualityAnswer(3, false))})
		return 200, string(b)
	})
	ap, err := f.appraiser(t, nil, 1).Appraise(context.Background(), sampleEvidence(t), "")
	require.NoError(t, err)
	require.EqualValues(t, llm.DefaultAttempts, f.calls.Load())
	require.True(t, strings.Contains(f.body(1), "risk_of_bias is required"), "the retry names the missing dimension")
	require.Equal(t, domain.JudgeKindFallback, ap.Assessor.Kind)
	require.Len(t, ap.Dimensions, 2)
	for _, d := range ap.Dimensions {
		require.Equal(t, domain.StatusNotAssessed, d.Status)
		require.Contains(t, d.Error, "LLM assessment failed")
		require.Zero(t, d.Score)
		require.NoError(t, d.Validate())
	}
}

func TestValidateCombined(t *testing.T) {
	dims := []llmDimension{{domain.DimensionQuality, DefaultWeights().Quality}, {domain.DimensionRiskOfBias, DefaultWeights().RiskOfBias}}
	decode := func(s string) *llmCombined {
		var c llmCombined
		require.NoError(t, json.Unmarshal([]byte(s), &c))
		return &c
	}
	badRisk := strings.Replace(robAnswer(), `"risk_level":"low"`, `"risk_level":"none"`, 1)
	badRate := strings.Replace(qualityAnswer(3, false), `"attrition_rate":0.06`, `"attrition_rate":6`, 1)
	tests := []struct {
		name   string
		answer string
		want   []string
	}{
		{"valid", bothAnswer(qualityAnswer(3, false), robAnswer()), nil},
		{"quality out of range", bothAnswer(qualityAnswer(3.5, false), robAnswer()), []string{"methodological_quality.blinding.score must be between 0 and 3, got 3.5"}},
		{"bad risk level", bothAnswer(qualityAnswer(3, false), badRisk), []string{`risk_level must be high, moderate or low, got "none"`}},
		{"attrition as a percentage", bothAnswer(badRate, robAnswer()), []string{"methodological_quality.attrition_handling.attrition_rate must be a decimal between 0 and 1, got 6"}},
		{"component missing", bothAnswer(qualityAnswer(3, false), `{"selection_bias":{"score":1,"risk_level":"low","evidence":"","reasoning":""}}`), []string{"risk_of_bias.performance_bias is missing", "risk_of_bias.reporting_bias is missing"}},
		{"dimension missing", `{"risk_of_bias":` + robAnswer() + `}`, []string{"methodological_quality is missing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := validateCombined(dims)(decode(tt.answer))
			if tt.want == nil {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range tt.want {
				require.ErrorContains(t, err, w)
			}
		})
	}
}

func TestLLMFailureIsNotAssessed(t *testing.T) {
	f := newFakeLLM(t, func(string, int64) (int, string) { return http.StatusBadRequest, "model does not exist" })
	cache := newMemCache()
	ap, err := f.appraiser(t, cache, 1).Appraise(context.Background(), sampleEvidence(t), "")
	require.NoError(t, err)
	require.Equal(t, domain.JudgeKindFallback, ap.Assessor.Kind)
	for _, d := range ap.Dimensions {
		require.Equal(t, domain.StatusNotAssessed, d.Status)
		require.Contains(t, d.Error, "LLM assessment failed")
		require.Zero(t, d.Score)
		require.NoError(t, d.Validate())
	}
	require.Equal(t, Weight(DesignRCT, nil), ap.Weight, "neutral-by-design weight, not an invented score")
	require.Empty(t, cache.m, "failures are not cached")
	require.NotEmpty(t, ap.Findings, "rule findings survive an LLM failure")
}

func TestAppraiseAllUsesCacheOnSecondRun(t *testing.T) {
	f := newFakeLLM(t, answerBoth)
	cache := newMemCache()
	a := f.appraiser(t, cache, 4)
	evs := scaleEvidence(t, 6)
	evs = append(evs, evs[0]) // a duplicate is appraised once
	got, st, err := a.AppraiseAll(context.Background(), evs)
	require.NoError(t, err)
	require.Len(t, got, 6)
	require.Equal(t, Stats{Computed: 6, LLMCalls: 6}, st, "one LLM call per paper")

	before := f.calls.Load()
	got2, st2, err := a.AppraiseAll(context.Background(), evs)
	require.NoError(t, err)
	require.Equal(t, Stats{Cached: 6}, st2)
	require.Equal(t, before, f.calls.Load(), "a re-run makes no LLM calls")
	require.Equal(t, got, got2)
}

func TestAppraiseAllBoundsLLMCallsInFlight(t *testing.T) {
	f := newFakeLLM(t, answerBoth)
	f.latency = 30 * time.Millisecond
	_, st, err := f.appraiser(t, nil, 3).AppraiseAll(context.Background(), scaleEvidence(t, 12))
	require.NoError(t, err)
	require.Equal(t, 12, st.LLMCalls, "one call per paper")
	require.LessOrEqual(t, f.maxInFlight.Load(), int64(3))
	require.GreaterOrEqual(t, f.maxInFlight.Load(), int64(2), "calls do run concurrently")
}

func TestConcurrencyDefaults(t *testing.T) {
	local, err := New(Options{Client: stubClient{}, Info: llm.Info{Provider: domain.ProviderOllama, Local: true}})
	require.NoError(t, err)
	require.Equal(t, 1, local.opts.Concurrency)
	cloud, err := New(Options{Client: stubClient{}, Info: llm.Info{Provider: domain.ProviderOpenAI}})
	require.NoError(t, err)
	require.Equal(t, 4, cloud.opts.Concurrency)
}

type stubClient struct{}

func (stubClient) Complete(context.Context, llm.Request) (llm.Response, error) {
	return llm.Response{}, fmt.Errorf("stub")
}

func TestAppraiseAllCancelled(t *testing.T) {
	f := newFakeLLM(t, answerBoth)
	f.latency = 2 * time.Second
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := f.appraiser(t, nil, 2).AppraiseAll(ctx, scaleEvidence(t, 3))
	require.ErrorIs(t, err, context.Canceled)
}

func TestFitTextKeepsFindingsWithinBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("## Introduction\n")
	for i := 0; i < 200; i++ {
		b.WriteString("Filler background sentence about the disease burden number ")
		fmt.Fprintf(&b, "%d.\n", i)
	}
	b.WriteString("## Methods\nParticipants were randomised using computer-generated random numbers.\n")
	doc := Document{Text: b.String(), FullText: true}
	f := Findings(doc)
	out := FitText(doc, f, 2000)
	require.LessOrEqual(t, len(out), 2000+20)
	require.Contains(t, out, "computer-generated random numbers")
	require.Contains(t, out, "[…]")
	// One paragraph longer than the budget is cut, not dropped.
	long := Document{Text: strings.Repeat("Patients were randomised. ", 400)}
	require.NotEmpty(t, strings.TrimSpace(FitText(long, nil, 500)))
}

// scaleEvidence returns n distinct copies of the sample abstract.
func scaleEvidence(t testing.TB, n int) []domain.Evidence {
	base := sampleEvidence(t)
	out := make([]domain.Evidence, n)
	for i := range out {
		ev := base
		ev.Citation.PMID = fmt.Sprintf("%d", 1000+i)
		ev.Content = base.Content + fmt.Sprintf("\nPaper %d.", i)
		out[i] = ev
	}
	return out
}
