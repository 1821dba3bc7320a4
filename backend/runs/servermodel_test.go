package runs

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/providers"
)

// TestServerDefaultModel: an OpenAI-compatible judge with no model set runs the one model its
// server lists (GET /v1/models, OpenAI's list shape); a server listing several or none, or
// not answering, is an error that names what to set.
func TestServerDefaultModel(t *testing.T) {
	serve := func(body string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/v1/models" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(body))
		}))
		t.Cleanup(srv.Close)
		return srv.URL + "/v1"
	}
	one := serve(`{"object":"list","data":[{"id":"qwen2.5-7b-instruct","object":"model","created":1700000000,"owned_by":"organization_owner"}]}`)
	two := serve(`{"object":"list","data":[{"id":"a","object":"model"},{"id":"b","object":"model"}]}`)
	none := serve(`{"object":"list","data":[]}`)
	for _, tc := range []struct {
		name, url, model, err string
	}{
		{"one model", one, "qwen2.5-7b-instruct", ""},
		{"two models", two, "", "serves 2 models (a, b): choose one in Settings (providers.compatible.model)"},
		{"no model", none, "", "lists none: set its model in Settings"},
		{"not answering", "http://127.0.0.1:9/v1", "", "the OpenAI-compatible server is not answering at http://127.0.0.1:9/v1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := serverDefaultModel(providers.ProviderConfig{Provider: domain.ProviderCompatible, BaseURL: tc.url, HTTP: llm.HTTP{HTTPClient: http.DefaultClient}})
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.model, m)
		})
	}
}

// TestOfflineJudgeTakesNoModel: a model asked of the offline judge is refused, not dropped
// without a word; an LLM judge keeps the model asked.
func TestOfflineJudgeTakesNoModel(t *testing.T) {
	s := config.Defaults()
	_, _, err := runConfig(s, Request{Question: "q", Judge: domain.ProviderOffline, Model: "gpt-4o"})
	require.ErrorContains(t, err, `the offline judge runs no model: "gpt-4o" is for an LLM judge`)
	cfg, _, err := runConfig(s, Request{Question: "q", Judge: domain.ProviderOffline})
	require.NoError(t, err)
	require.Empty(t, cfg.Model)
	cfg, _, err = runConfig(s, Request{Question: "q", Judge: domain.ProviderOllama, Model: "llama3.1:8b"})
	require.NoError(t, err)
	require.Equal(t, "llama3.1:8b", cfg.Model)
}
