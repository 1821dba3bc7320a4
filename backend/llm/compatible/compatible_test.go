package compatible

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/internal/llmtest"
)

type city struct {
	City    string `json:"city"`
	Country string `json:"country"`
}

func request(t *testing.T) llm.Request {
	s, err := llm.SchemaFor[city]("city")
	require.NoError(t, err)
	return llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "capital of France?"}}, Schema: s}
}

func TestOllamaV1RecordedAnswer(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.Fixture(t, "pydantic_ai_vcr/test_ollama_test_ollama_local_native_output_uses_json_schema.resp1.http200.json")})
	c, err := New(Config{BaseURL: srv.URL + "/v1", Model: "qwen3:0.6b"})
	require.NoError(t, err)
	require.True(t, c.Info().Local, "a loopback server keeps data on the machine")
	require.Equal(t, domain.ProviderCompatible, c.Info().Provider)
	v, res, err := llm.Generate(context.Background(), c, request(t), llm.Options[city]{Provider: domain.ProviderCompatible})
	require.NoError(t, err)
	require.Equal(t, city{"Paris", "France"}, v)
	require.Equal(t, "qwen3:0.6b", res.Model)
	r := srv.Requests()[0]
	require.Equal(t, "/v1/chat/completions", r.Path)
	require.Empty(t, r.Header.Get("Authorization"), "no key, no header")
}

func TestFallbackIsRecorded(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply{Status: 400, Body: []byte(`{"error":{"message":"response_format type json_schema is not supported","type":"invalid_request_error"}}`)},
		llmtest.Reply{Body: llmtest.OpenAIText("local", `{"city":"Paris","country":"France"}`)},
	)
	c, err := New(Config{BaseURL: srv.URL, Model: "local", APIKey: llmtest.CanaryKey})
	require.NoError(t, err)
	var recs []llm.CallRecord
	_, _, err = llm.Generate(context.Background(), c, request(t), llm.Options[city]{
		Provider: domain.ProviderCompatible,
		Recorder: llm.RecorderFunc(func(_ context.Context, r llm.CallRecord) error { recs = append(recs, r); return nil }),
	})
	require.NoError(t, err)
	require.Len(t, recs, 1)
	require.Equal(t, "server rejected response_format json_schema; used json_object", recs[0].Notes)
}

func TestOpenRouterRateLimit(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Status: 429, Body: llmtest.Fixture(t, "langchaingo_httprr/openai_TestOpenRouterStreaming.resp2.json")})
	c, err := New(Config{BaseURL: srv.URL, Model: "meta-llama/llama-3.2-3b-instruct:free", APIKey: "sk-or-v1-0123456789abcdef", HTTP: llm.HTTP{Backoff: llm.Backoff{Retries: 1, Base: time.Millisecond}}})
	require.NoError(t, err)
	_, err = c.Complete(context.Background(), request(t))
	require.Equal(t, llm.KindRateLimit, llm.KindOf(err))
	require.Contains(t, err.Error(), "Please retry shortly")
	require.Len(t, srv.Requests(), 2)
}

func TestNewRequiresBaseURLAndModel(t *testing.T) {
	_, err := New(Config{Model: "m"})
	require.ErrorContains(t, err, "DEEPCRITICAL_COMPAT_BASE_URL")
	_, err = New(Config{BaseURL: "http://127.0.0.1:1/v1"})
	require.ErrorContains(t, err, "model")
}
