package providers

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/internal/llmtest"
)

func TestNewEveryProvider(t *testing.T) {
	tests := []struct {
		cfg     ProviderConfig
		local   bool
		model   string
		wantErr string
	}{
		{cfg: ProviderConfig{Provider: domain.ProviderOffline}, wantErr: "offline judge has no LLM client"},
		{cfg: ProviderConfig{Provider: domain.ProviderOpenAI}, wantErr: "OPENAI_API_KEY"},
		{cfg: ProviderConfig{Provider: domain.ProviderOpenAI, APIKey: "k"}, model: "gpt-4o-mini"},
		{cfg: ProviderConfig{Provider: domain.ProviderAnthropic, APIKey: "k"}, model: "claude-haiku-4-5"},
		{cfg: ProviderConfig{Provider: domain.ProviderHuggingFace, APIKey: "hf"}, model: "meta-llama/Llama-3.1-8B-Instruct"},
		{cfg: ProviderConfig{Provider: domain.ProviderOllama, Model: "llama3.2"}, local: true, model: "llama3.2"},
		{cfg: ProviderConfig{Provider: domain.ProviderCompatible, BaseURL: "http://localhost:1234/v1", Model: "qwen"}, local: true, model: "qwen"},
		{cfg: ProviderConfig{Provider: domain.ProviderCompatible, Model: "qwen"}, wantErr: "base URL"},
		{cfg: ProviderConfig{Provider: domain.ProviderCLI, Model: "sonnet"}, model: "sonnet"},
		{cfg: ProviderConfig{Provider: "gemini"}, wantErr: "unknown judge"},
	}
	for _, tc := range tests {
		t.Run(string(tc.cfg.Provider), func(t *testing.T) {
			c, info, err := New(tc.cfg)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				require.Nil(t, c)
				return
			}
			require.NoError(t, err)
			require.NotNil(t, c)
			require.Equal(t, tc.cfg.Provider, info.Provider)
			require.Equal(t, tc.local, info.Local)
			require.Equal(t, tc.model, info.Model)
		})
	}
}

func TestEnvConfig(t *testing.T) {
	env := map[string]string{"HF_TOKEN": "hf_x", "HF_BASE_URL": "http://hf", "OLLAMA_HOST": "box:1", "DEEPCRITICAL_CLI_JUDGE": "mycmd --flag"}
	get := func(k string) string { return env[k] }
	require.Equal(t, ProviderConfig{Provider: domain.ProviderHuggingFace, APIKey: "hf_x", BaseURL: "http://hf"}, EnvConfig(domain.ProviderHuggingFace, get))
	require.Equal(t, "box:1", EnvConfig(domain.ProviderOllama, get).BaseURL)
	require.Equal(t, "mycmd --flag", EnvConfig(domain.ProviderCLI, get).Command)
}

func TestConnectionTest(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.OpenAIText("gpt-4o-mini", `{"ok":true,"echo":"deepcritical"}`)})
	c, _, err := New(ProviderConfig{Provider: domain.ProviderOpenAI, APIKey: llmtest.CanaryKey, BaseURL: srv.URL})
	require.NoError(t, err)
	res, err := Test(context.Background(), c, nil)
	require.NoError(t, err)
	require.True(t, res.OK)
	require.Equal(t, "gpt-4o-mini", res.Model)
	require.Empty(t, res.Error)

	bad := llmtest.NewServer(t, llmtest.Reply{Status: 401, Body: []byte(`{"error":{"message":"Incorrect API key provided: ` + llmtest.CanaryKey + `","type":"invalid_request_error","code":"invalid_api_key"}}`)})
	c, _, err = New(ProviderConfig{Provider: domain.ProviderOpenAI, APIKey: llmtest.CanaryKey, BaseURL: bad.URL})
	require.NoError(t, err)
	res, err = Test(context.Background(), c, nil)
	require.NoError(t, err)
	require.False(t, res.OK)
	require.Contains(t, res.Error, "invalid or unauthorised key for openai")
	require.NotContains(t, res.Error, llmtest.CanaryKey)

	_, err = Test(context.Background(), nil, nil)
	require.ErrorIs(t, err, ErrOffline)
}

func TestConnectionTestWalksTheHFChain(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply{Status: 403, Body: []byte(`{"error":"gated"}`)},
		llmtest.Reply{Body: llmtest.OpenAIText("mistralai/Mistral-7B-Instruct-v0.3", `{"ok":true,"echo":"deepcritical"}`)},
	)
	c, _, err := New(ProviderConfig{Provider: domain.ProviderHuggingFace, APIKey: "hf_test", BaseURL: srv.URL})
	require.NoError(t, err)
	res, err := Test(context.Background(), c, nil)
	require.NoError(t, err)
	require.True(t, res.OK, res.Error)
	require.Equal(t, "mistralai/Mistral-7B-Instruct-v0.3", res.Model)
}

func TestListModels(t *testing.T) {
	tags := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.Fixture(t, "ollama_docs/ollama_docs_api_tags_example.json")})
	got, err := ListModels(context.Background(), ProviderConfig{Provider: domain.ProviderOllama, BaseURL: tags.URL})
	require.NoError(t, err)
	require.Equal(t, []string{"codellama:13b", "llama3:latest"}, got)

	models := llmtest.NewServer(t, llmtest.Reply{Body: []byte(`{"object":"list","data":[{"id":"qwen2.5-7b-instruct"},{"id":" "}]}`)})
	got, err = ListModels(context.Background(), ProviderConfig{Provider: domain.ProviderCompatible, BaseURL: models.URL + "/v1", HTTP: llm.HTTP{Timeout: time.Second}})
	require.NoError(t, err)
	require.Equal(t, []string{"qwen2.5-7b-instruct"}, got)
	require.Equal(t, "/v1/models", models.Requests()[0].Path)

	_, err = ListModels(context.Background(), ProviderConfig{Provider: domain.ProviderCLI})
	require.ErrorContains(t, err, "listing models works for")
}

func TestOfflineInfo(t *testing.T) {
	_, info, err := New(ProviderConfig{})
	require.ErrorIs(t, err, ErrOffline)
	require.Equal(t, llm.Info{Provider: domain.ProviderOffline, Local: true}, info)
}

// TestConnectionTestWarnsOnUnknownModelAndRecords: an Ollama model the server does not
// list is warned about, and the test exchange is recorded like any call.
func TestConnectionTestWarnsOnUnknownModelAndRecords(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply{Body: llmtest.Fixture(t, "ollama_docs/ollama_docs_api_tags_example.json")},
		// /api/show: the model is not installed, as Ollama answers it.
		llmtest.Reply{Status: 404, Body: []byte(`{"error":"model 'llama3.1' not found"}`)},
		llmtest.Reply{Body: []byte(`{"model":"llama3.1","message":{"role":"assistant","content":"{\"ok\":true,\"echo\":\"deepcritical\"}"},"done":true,"done_reason":"stop","prompt_eval_count":30,"eval_count":9}`)},
	)
	c, _, err := New(ProviderConfig{Provider: domain.ProviderOllama, BaseURL: srv.URL, Model: "llama3.1"})
	require.NoError(t, err)
	var recs []llm.CallRecord
	res, err := Test(context.Background(), c, llm.RecorderFunc(func(_ context.Context, r llm.CallRecord) error { recs = append(recs, r); return nil }))
	require.NoError(t, err)
	require.True(t, res.OK, res.Error)
	require.Contains(t, res.Warning, "llama3.1 is not among the server's models (codellama:13b, llama3:latest)")
	require.Len(t, recs, 1)
	require.Equal(t, "connection_test", recs[0].Purpose)
	require.Equal(t, "/api/show", srv.Requests()[1].Path)
	require.Contains(t, srv.Requests()[2].Body, `"num_predict":2048`)
	require.Contains(t, recs[0].Notes, "/api/show does not know llama3.1", "the call says num_ctx was not checked against the model")
}
