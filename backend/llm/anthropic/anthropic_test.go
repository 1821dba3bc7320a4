package anthropic

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/internal/llmtest"
	"deepcritical/internal/fakes/messages"
)

type place struct {
	City    string `json:"city"`
	Country string `json:"country"`
}

func newClient(t *testing.T, url string) *Client {
	return newClientModel(t, url, "claude-3-7-sonnet-latest")
}

func newClientModel(t *testing.T, url, model string) *Client {
	t.Helper()
	c, err := New(Config{BaseURL: url, APIKey: llmtest.CanaryKey, Model: model, HTTP: llm.HTTP{Backoff: llm.Backoff{Retries: 2, Base: time.Millisecond, Max: 20 * time.Millisecond}}})
	require.NoError(t, err)
	return c
}

func placeReq(t *testing.T) llm.Request {
	s, err := llm.SchemaFor[place]("final_result")
	require.NoError(t, err)
	return llm.Request{System: "Be precise.", Messages: []llm.Message{{Role: llm.RoleUser, Content: "Largest city in Mexico?"}}, Schema: s}
}

func TestForcedToolAnswer(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.Fixture(t, "pydantic_ai_vcr/test_anthropic_test_anthropic_tool_output.resp2.http200.json")})
	v, res, err := llm.Generate(context.Background(), newClient(t, srv.URL), placeReq(t), llm.Options[place]{Provider: domain.ProviderAnthropic})
	require.NoError(t, err)
	require.Equal(t, place{"Mexico City", "Mexico"}, v)
	require.Equal(t, 1, res.Calls)
	require.Greater(t, res.CostUSD, 0.0)

	r := srv.Requests()[0]
	require.Equal(t, "/v1/messages", r.Path)
	require.Equal(t, llmtest.CanaryKey, r.Header.Get("X-Api-Key"))
	require.Equal(t, APIVersion, r.Header.Get("Anthropic-Version"))
	require.Equal(t, llm.UserAgent, r.Header.Get("User-Agent"))
	require.Empty(t, r.Header.Get("Authorization"))
	var body struct {
		Model     string `json:"model"`
		MaxTokens int    `json:"max_tokens"`
		System    []struct {
			Text         string          `json:"text"`
			CacheControl json.RawMessage `json:"cache_control"`
		} `json:"system"`
		Tools []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"input_schema"`
		} `json:"tools"`
		ToolChoice struct{ Type, Name string } `json:"tool_choice"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.Body), &body))
	require.Equal(t, "claude-3-7-sonnet-latest", body.Model)
	require.Equal(t, DefaultMaxTokens, body.MaxTokens)
	require.Equal(t, "Be precise.", body.System[0].Text)
	require.JSONEq(t, `{"type":"ephemeral"}`, string(body.System[0].CacheControl))
	require.Equal(t, "final_result", body.Tools[0].Name)
	require.JSONEq(t, string(placeReq(t).Schema.JSON), string(body.Tools[0].InputSchema))
	require.Equal(t, "tool", body.ToolChoice.Type)
	require.Equal(t, "final_result", body.ToolChoice.Name)
}

func TestTextBlocksFallback(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.Fixture(t, "langchaingo_httprr/anthropic_TestClient_CreateMessage.resp1.json")})
	resp, err := newClient(t, srv.URL).Complete(context.Background(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "Hello, how are you?"}}})
	require.NoError(t, err)
	require.Contains(t, resp.Text, "functioning properly")
	require.Equal(t, "claude-3-opus-20240229", resp.Model)
	require.Equal(t, 13, resp.InputTokens)
	require.Equal(t, 35, resp.OutputTokens)

	// A tool_use for another tool is not taken as the answer.
	srv2 := llmtest.NewServer(t, llmtest.Reply{Body: llmtest.Fixture(t, "pydantic_ai_vcr/test_anthropic_test_anthropic_tool_output.resp1.http200.json")})
	resp, err = newClient(t, srv2.URL).Complete(context.Background(), placeReq(t))
	require.NoError(t, err)
	require.Empty(t, resp.Text)
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name     string
		reply    func(t *testing.T) llmtest.Reply
		kind     llm.ErrorKind
		contains string
		calls    int
	}{
		{"404 model", func(t *testing.T) llmtest.Reply {
			return llmtest.Reply{Status: 404, Body: llmtest.Fixture(t, "pydantic_ai_vcr/test_anthropic_test_anthropic_count_tokens_error.resp1.http404.json")}
		}, llm.KindModelNotFound, "model: claude-does-not-exist", 1},
		{"400 invalid request", func(t *testing.T) llmtest.Reply {
			return llmtest.Reply{Status: 400, Body: llmtest.Fixture(t, "pydantic_ai_vcr/test_anthropic_test_anthropic_explicit_effort_xhigh_unsupported_model_errors.resp1.http400.json")}
		}, llm.KindBadRequest, "does not support effort level", 1},
		{"401", func(t *testing.T) llmtest.Reply {
			return llmtest.Reply{Status: 401, Body: []byte(`{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`)}
		}, llm.KindAuth, "invalid or unauthorised key for anthropic: invalid x-api-key", 1},
		{"400 credit balance is a quota", func(t *testing.T) llmtest.Reply {
			return llmtest.Reply{Status: 400, Body: []byte(`{"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low to access the Anthropic API."}}`)}
		}, llm.KindQuota, "credit balance is too low", 1},
		{"529 overloaded retried", func(t *testing.T) llmtest.Reply {
			return llmtest.Reply{Status: 529, Body: []byte(`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`)}
		}, llm.KindUnavailable, "Overloaded", 3},
		{"429 rate limit retried", func(t *testing.T) llmtest.Reply {
			return llmtest.Reply{Status: 429, Header: http.Header{"Retry-After": {"0"}}, Body: []byte(`{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`)}
		}, llm.KindRateLimit, "per-minute rate limit", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, tc.reply(t))
			_, err := newClient(t, srv.URL).Complete(context.Background(), placeReq(t))
			require.Equal(t, tc.kind, llm.KindOf(err), "%v", err)
			require.Contains(t, err.Error(), tc.contains)
			require.NotContains(t, err.Error(), llmtest.CanaryKey)
			require.Len(t, srv.Requests(), tc.calls)
		})
	}
}

func TestNew(t *testing.T) {
	_, err := New(Config{})
	require.ErrorContains(t, err, "ANTHROPIC_API_KEY")
	c, err := New(Config{APIKey: "k", BaseURL: "https://example.test/v1/"})
	require.NoError(t, err)
	require.Equal(t, "https://example.test/v1/messages", c.endpoint)
	require.Equal(t, DefaultModel, c.Info().Model)
}

// strictFake serves the strict Messages API fake (unknown fields, unknown models and
// oversize prompts are rejected as the real API does).
func strictFake(t *testing.T, answer messages.Responder) (*messages.Server, string) {
	fake := messages.New(answer)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	return fake, srv.URL
}

// TestOutputConfigOnNewerModels: Sonnet 4.5 gets output_config.format (no tool), its text
// answer is the JSON; the cached system prompt is read back on the second call and counted.
func TestOutputConfigOnNewerModels(t *testing.T) {
	fake, url := strictFake(t, func(prompt string, schema json.RawMessage) messages.Reply {
		return messages.Reply{Text: `{"city":"Mexico City","country":"Mexico"}`}
	})
	c := newClientModel(t, url, "claude-sonnet-4-5")
	req := placeReq(t)
	req.Messages[0].Content = "Stable head of the prompt. " + req.Messages[0].Content
	req.CachePrefix = len("Stable head of the prompt. ")
	for i := 0; i < 2; i++ {
		v, res, err := llm.Generate(context.Background(), c, req, llm.Options[place]{Provider: domain.ProviderAnthropic})
		require.NoError(t, err)
		require.Equal(t, place{"Mexico City", "Mexico"}, v)
		if i == 1 {
			require.Greater(t, res.CachedTokens, 0, "the second call reads the cached prefix")
		}
	}
	body := fake.Bodies()[0]
	require.Contains(t, body, `"output_config":{"format":{"type":"json_schema"`)
	require.NotContains(t, body, `"tools"`)
	require.Contains(t, body, `{"type":"text","text":"Stable head of the prompt. ","cache_control":{"type":"ephemeral"}}`)
	require.True(t, SupportsOutputConfig("claude-haiku-4-5-20251001"))
	require.True(t, SupportsOutputConfig("claude-opus-4-1"))
	require.False(t, SupportsOutputConfig("claude-sonnet-4-0"))
	require.False(t, SupportsOutputConfig("claude-3-7-sonnet-latest"))
}

// TestRefusalAndTruncation: stop_reason refusal is reported at once (never retried as an
// empty answer); max_tokens is retried once with twice the room, then a typed error.
func TestRefusalAndTruncation(t *testing.T) {
	fake, url := strictFake(t, func(string, json.RawMessage) messages.Reply { return messages.Reply{StopReason: "refusal"} })
	_, res, err := llm.Generate(context.Background(), newClientModel(t, url, "claude-sonnet-4-5"), placeReq(t), llm.Options[place]{Provider: domain.ProviderAnthropic})
	require.Equal(t, llm.KindRefused, llm.KindOf(err), "%v", err)
	require.Equal(t, 1, res.Calls)
	require.Equal(t, 1, fake.Requests())

	fake, url = strictFake(t, func(string, json.RawMessage) messages.Reply {
		return messages.Reply{Text: `{"city":"Mexico`, StopReason: "max_tokens"}
	})
	req := placeReq(t)
	req.MaxTokens = 1000
	_, res, err = llm.Generate(context.Background(), newClientModel(t, url, "claude-sonnet-4-5"), req, llm.Options[place]{Provider: domain.ProviderAnthropic})
	require.Equal(t, llm.KindTruncated, llm.KindOf(err), "%v", err)
	require.Contains(t, err.Error(), "max tokens 1000, then 2000")
	require.Equal(t, 2, res.Calls)
	require.Contains(t, fake.Bodies()[1], `"max_tokens":2000`)
}

// TestStrictFakeRejectsUnknownModel: the fake lists its models, as the API does.
func TestStrictFakeRejectsUnknownModel(t *testing.T) {
	_, url := strictFake(t, func(string, json.RawMessage) messages.Reply { return messages.Reply{Text: "{}"} })
	_, err := newClientModel(t, url, "claude-3-5-haiku-2099").Complete(context.Background(), placeReq(t))
	require.Equal(t, llm.KindModelNotFound, llm.KindOf(err), "%v", err)
}

func TestHTMLPageIsNamed(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Header: http.Header{"Content-Type": {"text/html"}}, Body: []byte("<!DOCTYPE html><html><head><title>Captive portal</title></head><body>log in</body></html>")})
	_, err := newClient(t, srv.URL).Complete(context.Background(), placeReq(t))
	require.Equal(t, llm.KindInvalidOutput, llm.KindOf(err))
	require.Contains(t, err.Error(), "got an HTML page")
}

// TestStreamingMatchesNonStreaming: with a progress listener the call streams (SSE), the
// first report comes before any token, and the answer, tokens and stop handling are those
// of the same call without streaming.
func TestStreamingMatchesNonStreaming(t *testing.T) {
	for _, model := range []string{"claude-sonnet-4-5", "claude-3-7-sonnet-latest"} { // output_config and forced tool
		fake, url := strictFake(t, func(string, json.RawMessage) messages.Reply {
			return messages.Reply{Text: `{"city":"Mexico City","country":"Mexico","note":"a longer answer so that the stream has several deltas"}`}
		})
		c := newClientModel(t, url, model)
		plain, err := c.Complete(context.Background(), placeReq(t))
		require.NoError(t, err)
		var reports []domain.LLMProgress
		ctx := llm.WithProgress(context.Background(), func(p domain.LLMProgress) { reports = append(reports, p) })
		streamed, err := c.Complete(ctx, placeReq(t))
		require.NoError(t, err)
		require.JSONEq(t, plain.Text, streamed.Text, model)
		require.Equal(t, plain.InputTokens, streamed.InputTokens)
		require.Equal(t, plain.OutputTokens, streamed.OutputTokens)
		require.Contains(t, fake.Bodies()[1], `"stream":true`)
		require.NotContains(t, fake.Bodies()[0], `"stream"`)
		require.GreaterOrEqual(t, len(reports), 2)
		require.Zero(t, reports[0].OutputTokens, "the first report is sent when the call starts")
		last := reports[len(reports)-1]
		require.True(t, last.Done)
		require.Equal(t, streamed.OutputTokens, last.OutputTokens)
		require.Contains(t, last.Text, "several deltas")
	}
}
