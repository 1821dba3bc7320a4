package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/testnet"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/internal/llmtest"
)

var fastBackoff = llm.Backoff{Retries: 2, Base: time.Millisecond, Max: 50 * time.Millisecond}

func schemaReq() llm.Request {
	return llm.Request{
		System:   "You are a judge.",
		Messages: []llm.Message{{Role: llm.RoleUser, Content: "assess"}},
		Schema:   &llm.Schema{Name: "final answer", JSON: json.RawMessage(`{"type":"object","properties":{"final_answer":{"type":"string","minLength":1}},"required":["final_answer"],"additionalProperties":false}`)},
	}
}

func newClient(t *testing.T, url string, mod func(*Config)) *Client {
	t.Helper()
	cfg := Config{BaseURL: url, APIKey: llmtest.CanaryKey, Model: "gpt-4o-mini", HTTP: llm.HTTP{Backoff: fastBackoff, Timeout: 5 * time.Second}}
	if mod != nil {
		mod(&cfg)
	}
	c, err := New(cfg)
	require.NoError(t, err)
	return c
}

func testdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return b
}

func TestCompleteReplaysRecordedAnswers(t *testing.T) {
	tests := []struct {
		fixture   string
		wantText  string
		wantModel string
		in, out   int
	}{
		{"langchaingo_httprr/openai_TestStructuredOutputObjectSchema.resp1.json", `{"final_answer":"4"}`, "gpt-4o-2024-08-06", 53, 6},
		{"pydantic_ai_vcr/test_openai_test_openai_native_output.resp2.http200.json", `{"city":"Mexico City","country":"Mexico"}`, "gpt-4o-2024-08-06", 92, 15},
		{"langchaingo_httprr/openai_TestClient_FunctionCall.resp1.json", `{"location":"Boston"}`, "gpt-3.5-turbo-0125", 62, 14},
		{"langchaingo_httprr/openai_TestStructuredOutputFunctionCalling.resp1.json", `{"search_engine":"google","search_query":"Bob Odenkirk age"}`, "gpt-4o-2024-08-06", 85, 23},
		{"pydantic_ai_vcr/test_huggingface_test_request_structured_response.resp1.http200.json", `{"response":[2,3,5]}`, "deepseek-ai/DeepSeek-R1", 19, 29},
		{"pydantic_ai_vcr/test_ollama_test_ollama_local_native_output_uses_json_schema.resp1.http200.json", `{ "city": "Paris", "country": "France" }`, "qwen3:0.6b", 136, 15},
		// DeepSeek-R1 cut inside its <think> block: nothing usable remains.
		{"langchaingo_httprr/huggingface_TestClient_RunInferenceWithProvider.resp1.json", ``, "deepseek-ai/DeepSeek-R1-0528", 12, 50},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.fixture), func(t *testing.T) {
			body := llmtest.Fixture(t, "../llm/"+tc.fixture)
			srv := llmtest.NewServer(t, llmtest.Reply{Body: body})
			resp, err := newClient(t, srv.URL, nil).Complete(context.Background(), schemaReq())
			require.NoError(t, err)
			require.Equal(t, tc.wantText, resp.Text)
			require.Equal(t, tc.wantModel, resp.Model)
			require.Equal(t, tc.in, resp.InputTokens)
			require.Equal(t, tc.out, resp.OutputTokens)
			require.Equal(t, string(body), resp.Raw)
		})
	}
}

func TestCompleteSendsStrictSchema(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.OpenAIText("gpt-4o-mini", `{"final_answer":"x"}`)})
	resp, err := newClient(t, srv.URL, nil).Complete(context.Background(), schemaReq())
	require.NoError(t, err)
	require.Greater(t, resp.CostUSD, 0.0, "gpt-4o-mini has a list price")
	reqs := srv.Requests()
	require.Len(t, reqs, 1)
	r := reqs[0]
	require.Equal(t, "/chat/completions", r.Path)
	require.Equal(t, "Bearer "+llmtest.CanaryKey, r.Header.Get("Authorization"))
	require.Equal(t, llm.UserAgent, r.Header.Get("User-Agent"))
	var body struct {
		Model          string  `json:"model"`
		Temperature    float64 `json:"temperature"`
		Messages       []struct{ Role, Content string }
		ResponseFormat struct {
			Type       string `json:"type"`
			JSONSchema struct {
				Name   string          `json:"name"`
				Strict bool            `json:"strict"`
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.Body), &body))
	require.Equal(t, "gpt-4o-mini", body.Model)
	require.Less(t, body.Temperature, 1e-6, "temperature 0 is sent, not omitted")
	require.Equal(t, "system", body.Messages[0].Role)
	require.Equal(t, "json_schema", body.ResponseFormat.Type)
	require.Equal(t, "final_answer", body.ResponseFormat.JSONSchema.Name)
	require.True(t, body.ResponseFormat.JSONSchema.Strict)
	require.JSONEq(t, `{"type":"object","properties":{"final_answer":{"type":"string"}},"required":["final_answer"],"additionalProperties":false}`, string(body.ResponseFormat.JSONSchema.Schema))
}

func TestCompleteErrors(t *testing.T) {
	openRouter429 := "langchaingo_httprr/openai_TestOpenRouterStreaming.resp2.json"
	tests := []struct {
		name      string
		replies   func(t *testing.T) []llmtest.Reply
		wantKind  llm.ErrorKind
		wantIn    string
		wantCalls int
		wantAfter time.Duration
	}{
		{"401 invalid key", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 401, Body: testdata(t, "error_401_invalid_key.json")}}
		}, llm.KindAuth, "invalid or unauthorised key for openai: Incorrect API key provided: [redacted]", 1, 0},
		{"403 forbidden", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 403, Body: []byte(`{"error":{"message":"Project does not have access to model","type":"invalid_request_error"}}`)}}
		}, llm.KindAuth, "invalid or unauthorised key for openai", 1, 0},
		{"429 quota fails fast", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 429, Body: testdata(t, "error_429_insufficient_quota.json")}}
		}, llm.KindQuota, "You exceeded your current quota", 1, 0},
		{"402 payment required", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 402, Body: []byte(`{"error":"You have exceeded your monthly included credits for Inference Providers."}`)}}
		}, llm.KindQuota, "monthly included credits", 1, 0},
		{"429 OpenRouter rate limit retried then reported", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 429, Body: llmtest.Fixture(t, openRouter429), Header: http.Header{"Retry-After": {"0.001"}}}}
		}, llm.KindRateLimit, "High demand for meta-llama/llama-3.2-3b-instruct:free", 3, time.Millisecond},
		{"429 Retry-After beyond the cap is not waited for", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 429, Body: llmtest.Fixture(t, openRouter429), Header: http.Header{"Retry-After": {"3600"}}}}
		}, llm.KindRateLimit, "asked to wait 1h0m0s", 1, time.Hour},
		{"400 unsupported value", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 400, Body: llmtest.Fixture(t, "pydantic_ai_vcr/test_openai_test_openai_o1_mini_system_rolesystem.resp1.http400.json")}}
		}, llm.KindBadRequest, "does not support 'system' with this model", 1, 0},
		{"400 code null", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 400, Body: llmtest.Fixture(t, "pydantic_ai_vcr/test_openai_test_openai_web_search_tool_model_not_supported.resp1.http400.json")}}
		}, llm.KindBadRequest, "Web search options not supported", 1, 0},
		{"404 model", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 404, Body: testdata(t, "error_404_model.json")}}
		}, llm.KindModelNotFound, "does not exist", 1, 0},
		{"404 text/plain from HF", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 404, Body: llmtest.Fixture(t, "langchaingo_httprr/huggingface_TestClient_RunInference.resp1.txt")}}
		}, llm.KindModelNotFound, "Not Found", 1, 0},
		{"5xx retried then unavailable", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Status: 502, Body: []byte("<html><body>Bad gateway</body></html>"), ContentType: "text/html"}}
		}, llm.KindUnavailable, "the server answered with an HTML page", 3, 0},
		{"refusal", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Body: testdata(t, "refusal.json")}}
		}, llm.KindInvalidOutput, "the model refused", 1, 0},
		{"200 with an HTML body", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Body: []byte("<html>captive portal</html>"), ContentType: "text/html"}}
		}, llm.KindInvalidOutput, "could not be read: expected JSON, got an HTML page", 1, 0},
		{"no choices", func(t *testing.T) []llmtest.Reply {
			return []llmtest.Reply{{Body: []byte(`{"id":"x","choices":[],"model":"m"}`)}}
		}, llm.KindInvalidOutput, "no choices", 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, tc.replies(t)...)
			_, err := newClient(t, srv.URL, nil).Complete(context.Background(), schemaReq())
			require.Error(t, err)
			var le *llm.Error
			require.ErrorAs(t, err, &le)
			require.Equal(t, tc.wantKind, le.Kind, err.Error())
			require.Contains(t, err.Error(), tc.wantIn)
			require.NotContains(t, err.Error(), llmtest.CanaryKey)
			require.NotContains(t, domain.SafeMessage(err), llmtest.CanaryKey)
			require.Equal(t, domain.ProviderOpenAI, le.Provider)
			require.Len(t, srv.Requests(), tc.wantCalls)
			require.Equal(t, tc.wantAfter, le.RetryAfter)
		})
	}
}

func TestCompleteRetriesThenSucceeds(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply{Status: 503, Body: []byte(`{"error":"Model meta-llama/Llama-3.1-8B-Instruct is currently loading","estimated_time":0.001}`)},
		llmtest.Reply{Status: 529, Body: []byte(`{"error":{"message":"Overloaded","type":"overloaded_error"}}`)},
		llmtest.Reply{Body: llmtest.OpenAIText("m", `{"final_answer":"ok"}`)},
	)
	resp, err := newClient(t, srv.URL, nil).Complete(context.Background(), schemaReq())
	require.NoError(t, err)
	require.Equal(t, `{"final_answer":"ok"}`, resp.Text)
	require.Len(t, srv.Requests(), 3)
}

func TestCompleteTimeoutIsAnError(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.OpenAIText("m", "{}"), Delay: 10 * time.Second})
	c := newClient(t, srv.URL, func(c *Config) { c.Timeout = 50 * time.Millisecond })
	done := make(chan error, 1)
	go func() {
		_, err := c.Complete(context.Background(), schemaReq())
		done <- err
	}()
	select {
	case err := <-done:
		require.Equal(t, llm.KindTimeout, llm.KindOf(err), "%v", err)
		require.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(5 * time.Second):
		t.Fatal("Complete did not return after its timeout")
	}
}

func TestCompleteConnectionRefused(t *testing.T) {
	addr := testnet.ClosedAddr(t)
	c := newClient(t, "http://"+addr+"/v1", nil)
	_, err := c.Complete(context.Background(), schemaReq())
	require.Equal(t, llm.KindUnavailable, llm.KindOf(err))
	require.Contains(t, err.Error(), "is not answering at http://"+addr)
	require.True(t, c.Info().Local)
}

func TestFormatFallback(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply{Status: 400, Body: testdata(t, "error_400_response_format.json")},
		llmtest.Reply{Status: 400, Body: []byte(`{"error":{"message":"json_object is not supported by this backend","type":"BadRequestError"}}`)},
		llmtest.Reply{Body: llmtest.OpenAIText("local", "Sure:\n```json\n{\"final_answer\":\"7\"}\n```")},
		llmtest.Reply{Body: llmtest.OpenAIText("local", `{"final_answer":"8"}`)},
	)
	c := newClient(t, srv.URL, func(c *Config) { c.Provider = domain.ProviderCompatible; c.FormatFallback = true })
	resp, err := c.Complete(context.Background(), schemaReq())
	require.NoError(t, err)
	require.Contains(t, resp.Notes, "used prompt")
	require.Equal(t, FormatPrompt, c.Format())
	reqs := srv.Requests()
	require.Len(t, reqs, 3)
	require.Contains(t, reqs[0].Body, `"json_schema"`)
	require.Contains(t, reqs[1].Body, `"json_object"`)
	require.NotContains(t, reqs[2].Body, `response_format`)
	require.Contains(t, reqs[2].Body, `satisfies this JSON Schema`)

	// The downgrade sticks: the next call goes straight to the prompt format.
	_, err = c.Complete(context.Background(), schemaReq())
	require.NoError(t, err)
	require.Len(t, srv.Requests(), 4)

	// Without FormatFallback (the openai provider) a 400 is reported as it is.
	srv2 := llmtest.NewServer(t, llmtest.Reply{Status: 400, Body: testdata(t, "error_400_response_format.json")})
	_, err = newClient(t, srv2.URL, nil).Complete(context.Background(), schemaReq())
	require.Equal(t, llm.KindBadRequest, llm.KindOf(err))
}

func TestNoKeyNoAuthorizationHeader(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.OpenAIText("m", `{"final_answer":"x"}`)})
	_, err := newClient(t, srv.URL, func(c *Config) { c.APIKey = "" }).Complete(context.Background(), schemaReq())
	require.NoError(t, err)
	require.Empty(t, srv.Requests()[0].Header.Get("Authorization"))
}

func TestListModels(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: []byte(`{"object":"list","data":[{"id":"gpt-4o-mini","object":"model","owned_by":"openai"},{"id":"llama3.2:1b","object":"model"}]}`)})
	got, err := newClient(t, srv.URL, nil).ListModels(context.Background())
	require.NoError(t, err)
	require.Equal(t, []string{"gpt-4o-mini", "llama3.2:1b"}, got)
	require.Equal(t, "/models", srv.Requests()[0].Path)

	srv401 := llmtest.NewServer(t, llmtest.Reply{Status: 401, Body: testdata(t, "error_401_invalid_key.json")})
	_, err = newClient(t, srv401.URL, nil).ListModels(context.Background())
	require.Equal(t, llm.KindAuth, llm.KindOf(err))
	require.NotContains(t, err.Error(), llmtest.CanaryKey)
}

func TestNewValidates(t *testing.T) {
	_, err := New(Config{BaseURL: "ftp://x", Model: "m"})
	require.Error(t, err)
	c, err := New(Config{})
	require.NoError(t, err)
	require.Equal(t, llm.Info{Provider: domain.ProviderOpenAI, Model: DefaultModel, Models: []string{DefaultModel}, BaseURL: DefaultBaseURL}, c.Info())
}

// TestGenerateCanary runs the whole pipeline against a server that echoes the key in
// every answer and error, and checks that no record, error or result carries it.
func TestGenerateCanary(t *testing.T) {
	echo := func(status int, text string) llmtest.Reply {
		if status != 200 {
			return llmtest.Reply{Status: status, Body: []byte(`{"error":{"message":"bad key ` + llmtest.CanaryKey + ` (Bearer ` + llmtest.CanaryKey + `)","type":"invalid_request_error"}}`)}
		}
		return llmtest.Reply{Body: llmtest.OpenAIText("m", text)}
	}
	srv := llmtest.NewServer(t,
		echo(200, `key was `+llmtest.CanaryKey+` and no json`),
		echo(200, `{"final_answer": "`+llmtest.CanaryKey+`"`),
		echo(401, ""),
	)
	var recs []llm.CallRecord
	rec := llm.RecorderFunc(func(_ context.Context, r llm.CallRecord) error { recs = append(recs, r); return nil })
	type ans struct {
		FinalAnswer string `json:"final_answer"`
	}
	_, _, err := llm.Generate(context.Background(), newClient(t, srv.URL, nil), schemaReq(), llm.Options[ans]{
		Recorder: rec, Provider: domain.ProviderOpenAI,
		Validate: func(a *ans) error {
			if strings.HasPrefix(a.FinalAnswer, "[redacted]") {
				return errors.New("final_answer must not be a key")
			}
			return nil
		},
	})
	require.Error(t, err)
	require.Len(t, recs, 3)
	blob, jerr := json.Marshal(recs)
	require.NoError(t, jerr)
	require.NotContains(t, string(blob), llmtest.CanaryKey)
	require.NotContains(t, string(blob), "canary-XYZ")
	require.NotContains(t, err.Error(), llmtest.CanaryKey)
}

func TestReasoningModelsTakeNoTemperature(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.OpenAIText("gpt-5-mini", `{"final_answer":"x"}`)})
	req := schemaReq()
	req.MaxTokens = 500
	_, err := newClient(t, srv.URL, func(c *Config) { c.Model = "gpt-5-mini" }).Complete(context.Background(), req)
	require.NoError(t, err)
	body := srv.Requests()[0].Body
	require.NotContains(t, body, `"temperature"`)
	require.NotContains(t, body, `"max_tokens"`)
	require.Contains(t, body, `"max_completion_tokens":500`)
}

func TestTemperatureRejectedIsDropped(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply{Status: 400, Body: []byte(`{"error":{"message":"Unsupported value: 'temperature' does not support 1e-45 with this model. Only the default (1) value is supported.","type":"invalid_request_error","param":"temperature","code":"unsupported_value"}}`)},
		llmtest.Reply{Body: llmtest.OpenAIText("m", `{"final_answer":"x"}`)},
	)
	c := newClient(t, srv.URL, func(c *Config) { c.Model = "new-reasoner" })
	_, err := c.Complete(context.Background(), schemaReq())
	require.NoError(t, err)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	require.Contains(t, reqs[0].Body, `"temperature"`)
	require.NotContains(t, reqs[1].Body, `"temperature"`)
}

func TestCompatibleSendsMaxTokens(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.OpenAIText("m", `{"final_answer":"x"}`)})
	req := schemaReq()
	req.MaxTokens = 300
	_, err := newClient(t, srv.URL, func(c *Config) { c.Provider = domain.ProviderCompatible; c.Model = "local" }).Complete(context.Background(), req)
	require.NoError(t, err)
	require.Contains(t, srv.Requests()[0].Body, `"max_tokens":300`)
}

// TestCanaryNeverLogged makes the recorder fail so Generate logs, with a server echoing
// the key everywhere, and checks the log.
func TestCanaryNeverLogged(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Status: 401, Body: []byte(`{"error":{"message":"bad key ` + llmtest.CanaryKey + `","type":"invalid_request_error"}}`)})
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	failing := llm.RecorderFunc(func(_ context.Context, r llm.CallRecord) error {
		return fmt.Errorf("store: cannot write record with error %q", r.Error)
	})
	type ans struct {
		FinalAnswer string `json:"final_answer"`
	}
	_, _, err := llm.Generate(context.Background(), newClient(t, srv.URL, nil), schemaReq(), llm.Options[ans]{Recorder: failing, Logger: logger, Provider: domain.ProviderOpenAI})
	require.Error(t, err)
	require.NotEmpty(t, logs.String())
	require.NotContains(t, logs.String(), llmtest.CanaryKey)
	require.Contains(t, logs.String(), "[redacted]")
}

func TestNonStrictSchemaIsSentWithoutStrict(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.OpenAIText("m", `{"a":"x"}`)})
	req := schemaReq()
	req.Schema = &llm.Schema{Name: "loose", JSON: json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"]}`)}
	_, err := newClient(t, srv.URL, nil).Complete(context.Background(), req)
	require.NoError(t, err)
	require.Contains(t, srv.Requests()[0].Body, `"strict":false`)
}

// TestFaultVocabulary: a body cut off mid-way and a 2xx HTML page are named with the search
// sources' words, not "request not sent: unexpected EOF" or "invalid character '<'".
func TestFaultVocabulary(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: []byte(`{"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":"{\"a`), CutOff: true})
	c := newClient(t, srv.URL, nil)
	_, err := c.Complete(context.Background(), schemaReq())
	require.Equal(t, llm.KindUnavailable, llm.KindOf(err), "%v", err)
	require.Contains(t, err.Error(), "response cut off while reading")
	require.NotContains(t, err.Error(), "request not sent")
	require.Greater(t, len(srv.Requests()), 1, "a cut-off answer is retried like a 5xx")
}

// TestFinishReasonLengthIsTruncated: a reasoning model cut at its cap is never accepted.
func TestFinishReasonLengthIsTruncated(t *testing.T) {
	body := []byte(`{"id":"x","object":"chat.completion","created":1,"model":"gpt-5-mini","choices":[{"index":0,"message":{"role":"assistant","content":""},"finish_reason":"length"}],"usage":{"prompt_tokens":100,"completion_tokens":64,"total_tokens":164,"prompt_tokens_details":{"cached_tokens":64}}}`)
	srv := llmtest.NewServer(t, llmtest.Reply{Body: body})
	resp, err := newClient(t, srv.URL, nil).Complete(context.Background(), schemaReq())
	require.NoError(t, err)
	require.True(t, resp.Truncated)
	require.Equal(t, 64, resp.CachedTokens)
}
