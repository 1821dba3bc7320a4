package clijudge

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/internal/fakes/messages"
	"deepcritical/internal/sharedtest"
)

// realClaude returns the pinned Claude Code binary installed by scripts/setup.sh under
// tools/node_modules. Without it the test is skipped locally, but fails under CI=true:
// the real client is the point of these tests.
func realClaude(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(sharedtest.Root(t), "tools", "node_modules", ".bin", "claude")
	if _, err := os.Stat(bin); err != nil {
		if sharedtest.InCI() {
			t.Fatalf("the real claude CLI is missing at %s: run scripts/setup.sh (npm ci in tools/)", bin)
		}
		t.Skipf("the real claude CLI is not installed (%s); run scripts/setup.sh", bin)
	}
	return bin
}

// withFakeAnthropic points the real CLI at a local Messages API fake through
// ANTHROPIC_BASE_URL, with a throw-away HOME so no user configuration is read or written.
func withFakeAnthropic(t *testing.T, answer messages.Responder) *messages.Server {
	t.Helper()
	fake := messages.New(answer)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-test-0123456789abcdef")
	t.Setenv("HOME", t.TempDir())
	t.Setenv("OPENAI_API_KEY", "sk-openai-must-not-leak-0000")
	return fake
}

func realReq(t *testing.T, model string) llm.Request {
	r := verdictReq(t)
	r.Model = model
	return r
}

// TestRealClaudeJudgesAgainstTheMessagesFake runs the pinned claude binary with exactly
// the arguments Args builds. The real CLI parses them (an invalid flag value such as the
// old "--setting-sources default" makes it exit 1 before any request), sends one Messages
// request with our system prompt and schema, and prints the JSON result we parse.
func TestRealClaudeJudgesAgainstTheMessagesFake(t *testing.T) {
	bin := realClaude(t)
	fake := withFakeAnthropic(t, func(prompt string, schema json.RawMessage) messages.Reply {
		if !strings.Contains(prompt, "Is the report complete?") || len(schema) == 0 {
			return messages.Reply{Text: `{"pass": false, "reason": "prompt or schema missing"}`}
		}
		return messages.Reply{Text: `{"pass": true, "reason": "the real CLI delivered the prompt"}`}
	})
	c := newClient(t, Config{Command: bin, Timeout: 90e9})
	var recs []llm.CallRecord
	v, _, err := llm.Generate(context.Background(), c, realReq(t, "claude-sonnet-4-5"), llm.Options[verdict]{
		Provider: domain.ProviderCLI,
		Recorder: llm.RecorderFunc(func(_ context.Context, r llm.CallRecord) error { recs = append(recs, r); return nil }),
	})
	require.NoError(t, err)
	require.Equal(t, verdict{true, "the real CLI delivered the prompt"}, v)
	require.GreaterOrEqual(t, fake.Requests(), 1)
	body := fake.Bodies()[0]
	require.Contains(t, body, "You are a strict judge.", "our system prompt reaches the API")
	require.Contains(t, body, `"reason"`, "our schema reaches the API")
	require.NotContains(t, body, "sk-openai-must-not-leak", "other providers' keys never reach the CLI")
	require.Len(t, recs, 1)
	require.Greater(t, recs[0].InputTokens, 0)
	require.Equal(t, "claude-sonnet-4-5", recs[0].Model)

	// A second call reuses the cached system prompt: the CLI's cache read tokens are counted.
	_, err = c.Complete(context.Background(), realReq(t, "claude-sonnet-4-5"))
	require.NoError(t, err)
	resp, err := c.Complete(context.Background(), realReq(t, "claude-sonnet-4-5"))
	require.NoError(t, err)
	require.Greater(t, resp.CachedTokens, 0, "cache_read_input_tokens are counted")
	require.GreaterOrEqual(t, resp.InputTokens, resp.CachedTokens)
}

// TestRealClaudeFailures: what the real CLI does with an unknown model, a cut answer and a
// refusal from the API, and how each reaches the judge.
func TestRealClaudeFailures(t *testing.T) {
	bin := realClaude(t)
	tests := []struct {
		name, model string
		reply       messages.Reply
		kind        llm.ErrorKind
	}{
		{"unknown model", "claude-nonexistent-9", messages.Reply{Text: `{"pass":true,"reason":"x"}`}, llm.KindModelNotFound},
		{"cut at max_tokens", "claude-sonnet-4-5", messages.Reply{Text: `{"pass": true, "reason": "cut`, StopReason: "max_tokens"}, llm.KindTruncated},
		{"refusal", "claude-sonnet-4-5", messages.Reply{Text: "", StopReason: "refusal"}, llm.KindRefused},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			withFakeAnthropic(t, func(string, json.RawMessage) messages.Reply { return tc.reply })
			c := newClient(t, Config{Command: bin, Timeout: 90e9})
			_, _, err := llm.Generate(context.Background(), c, realReq(t, tc.model), llm.Options[verdict]{Provider: domain.ProviderCLI, Attempts: 1})
			require.Error(t, err)
			require.Equal(t, tc.kind, llm.KindOf(err), "%v", err)
		})
	}
}
