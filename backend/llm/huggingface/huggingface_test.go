package huggingface

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/internal/llmtest"
)

type verdict struct {
	Answer string `json:"answer" jsonschema:"minLength=2"`
}

func newClient(t *testing.T, url string) *Client {
	t.Helper()
	c, err := New(Config{BaseURL: url, Token: llmtest.CanaryKey, HTTP: llm.HTTP{Backoff: llm.Backoff{Retries: 2, Base: time.Millisecond, Max: 50 * time.Millisecond}}})
	require.NoError(t, err)
	return c
}

func request(t *testing.T) llm.Request {
	s, err := llm.SchemaFor[verdict]("verdict")
	require.NoError(t, err)
	return llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "q"}}, Schema: s}
}

// TestChainFallsBackOnGatedAndMissingModels follows the provider's behaviour: a gated model (403) and a
// model the router does not serve (404, text/plain) move to the next model; a <think>
// preamble is stripped; the fallback is visible in the Result.
func TestChainFallsBackOnGatedAndMissingModels(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply{Status: 403, Body: []byte(`{"error":"Access to model meta-llama/Llama-3.1-8B-Instruct is restricted. You must have access to it and be authenticated to access it."}`)},
		llmtest.Reply{Status: 404, Body: llmtest.Fixture(t, "langchaingo_httprr/huggingface_TestClient_RunInference.resp1.txt")},
		llmtest.Reply{Status: 503, Body: []byte(`{"error":"Model HuggingFaceH4/zephyr-7b-beta is currently loading","estimated_time":0.001}`)},
		llmtest.Reply{Body: llmtest.OpenAIText("HuggingFaceH4/zephyr-7b-beta", "<think>the user wants {json}</think>\n{\"answer\": \"yes\"}")},
	)
	c := newClient(t, srv.URL)
	info := c.Info()
	require.Equal(t, DefaultModels, info.Models)
	v, res, err := llm.Generate(context.Background(), c, request(t), llm.Options[verdict]{Models: info.Models, Provider: domain.ProviderHuggingFace})
	require.NoError(t, err)
	require.Equal(t, "yes", v.Answer)
	require.Equal(t, "HuggingFaceH4/zephyr-7b-beta", res.Model)
	require.Equal(t, DefaultModels[:2], res.FallbackFrom)
	reqs := srv.Requests()
	require.Len(t, reqs, 4)
	for i, want := range []string{DefaultModels[0], DefaultModels[1], DefaultModels[2], DefaultModels[2]} {
		var body struct{ Model string }
		require.NoError(t, json.Unmarshal([]byte(reqs[i].Body), &body))
		require.Equal(t, want, body.Model)
	}
}

func TestQuotaFailsFast(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Status: 402, Body: []byte(`{"error":"You have exceeded your monthly included credits for Inference Providers. Subscribe to PRO to get 20x more monthly included credits."}`)})
	c := newClient(t, srv.URL)
	_, res, err := llm.Generate(context.Background(), c, request(t), llm.Options[verdict]{Models: c.Info().Models, Provider: domain.ProviderHuggingFace})
	require.Equal(t, llm.KindQuota, llm.KindOf(err))
	require.Contains(t, err.Error(), "exceeded your monthly included credits")
	require.Equal(t, 1, res.Calls)
	require.Len(t, srv.Requests(), 1)
}

func TestRecordedRouterAnswers(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.Fixture(t, "pydantic_ai_vcr/test_huggingface_test_simple_completion.resp1.http200.json")})
	resp, err := newClient(t, srv.URL).Complete(context.Background(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}})
	require.NoError(t, err)
	require.NotEmpty(t, resp.Text)
	require.NotContains(t, resp.Text, "<think>")
}

func TestNewAndChain(t *testing.T) {
	_, err := New(Config{})
	require.Error(t, err)
	require.Equal(t, []string{"x/y", DefaultModels[0], DefaultModels[1], DefaultModels[2]}, Chain("x/y", nil))
	require.Equal(t, DefaultModels, Chain(DefaultModels[0], nil))
	require.Equal(t, []string{"a", "b"}, Chain("", []string{"a", "b", "a"}))
}

// TestRouter400ModelErrorStepsDown: the router's usual per-model failure is a 400, and a
// provider that rejects json_schema gets json_object next.
func TestRouter400ModelErrorStepsDown(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply{Status: 400, Body: []byte(`{"error":{"message":"The requested model 'meta-llama/Llama-3.1-8B-Instruct' is not supported by any provider you have enabled.","type":"invalid_request_error","param":"model","code":"model_not_supported"}}`)},
		llmtest.Reply{Status: 400, Body: []byte(`{"error":{"message":"response_format json_schema is not supported by this provider","type":"invalid_request_error"}}`)},
		llmtest.Reply{Body: llmtest.OpenAIText("mistralai/Mistral-7B-Instruct-v0.3", `{"answer": "ok"}`)},
	)
	c := newClient(t, srv.URL)
	v, res, err := llm.Generate(context.Background(), c, request(t), llm.Options[verdict]{Models: c.Info().Models, Provider: domain.ProviderHuggingFace})
	require.NoError(t, err)
	require.Equal(t, "ok", v.Answer)
	require.Equal(t, []string{DefaultModels[0]}, res.FallbackFrom)
	reqs := srv.Requests()
	require.Len(t, reqs, 3)
	require.Contains(t, reqs[1].Body, `"json_schema"`)
	require.Contains(t, reqs[2].Body, `"json_object"`)
}
