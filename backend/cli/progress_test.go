package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// fakeClock advances only when told, so the redraw throttle is tested without sleeping.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestStreamingPrinter(t *testing.T) {
	var stderr bytes.Buffer
	clock := &fakeClock{t: time.Unix(0, 0)}
	s := &streamingPrinter{progressPrinter: &progressPrinter{e: &env{stderr: &stderr}}, clock: clock.now}
	call := domain.LLMProgress{CallKind: "judge", Provider: domain.ProviderAnthropic, Model: "claude-haiku-4-5", OutputTokens: 12, ElapsedMS: 1500,
		Text: "{\"mechanism_score\": 7,\n\x1b[31m\"clinical\u202e"}

	s.Progress(call)
	first := stderr.String()
	require.True(t, strings.HasPrefix(first, "\r\033[K  ⋯ judge · anthropic claude-haiku-4-5 · 12 tokens · 1.5 s · "), first)
	require.NotContains(t, first[4:], "\x1b", "the model's text cannot move the cursor or colour the terminal")
	require.NotContains(t, first, "\u202e")
	require.NotContains(t, first, "\n", "the call stays on one line")
	require.LessOrEqual(t, len([]rune(strings.TrimPrefix(first, "\r\033[K"))), streamWidth)

	call.OutputTokens = 40
	s.Progress(call)
	require.Equal(t, first, stderr.String(), "a redraw within the throttle is skipped")
	clock.t = clock.t.Add(streamRedraw)
	s.Progress(call)
	require.Contains(t, stderr.String(), "40 tokens")

	stderr.Reset()
	s.Emit(domain.Event{Type: domain.EventJudgeComplete, Iteration: 2, Message: "scores 7/5"})
	require.Equal(t, "\r\033[K✅ [2] scores 7/5\n", stderr.String(), "an event first erases the transient line")

	stderr.Reset()
	s.Emit(domain.Event{Type: domain.EventLooping, Iteration: 2, Message: "searching again"})
	require.Equal(t, "🔄 [2] searching again\n", stderr.String(), "nothing to erase when no call is on screen")

	s.Progress(call)
	stderr.Reset()
	call.Done = true
	s.Progress(call)
	require.Equal(t, "\r\033[K", stderr.String(), "a finished call leaves no line behind")
}

func TestStreamLineBounds(t *testing.T) {
	for _, tc := range []struct {
		name string
		pr   domain.LLMProgress
		want string
	}{
		{"no text yet", domain.LLMProgress{CallKind: "appraisal", Provider: domain.ProviderOllama, Model: "llama3.1:8b", ElapsedMS: 200},
			"  ⋯ appraisal · ollama llama3.1:8b · 0 tokens · 0.2 s"},
		{"long text keeps its tail", domain.LLMProgress{CallKind: "judge", Provider: domain.ProviderOpenAI, Model: "m", Text: strings.Repeat("a", 200) + " the end"},
			"  ⋯ judge · openai m · 0 tokens · 0.0 s · …" + strings.Repeat("a", 27) + " the end"},
		{"a huge model name is cut, not wrapped", domain.LLMProgress{CallKind: "judge", Provider: domain.ProviderCompatible, Model: strings.Repeat("x", 120), Text: "hi"},
			"  ⋯ judge · compatible " + strings.Repeat("x", 54) + "…"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := streamLine(tc.pr)
			require.Equal(t, tc.want, got)
			require.LessOrEqual(t, len([]rune(got)), streamWidth, "the line never wraps")
		})
	}
}

func TestProgressIsPlainWhenNotATerminal(t *testing.T) {
	var stderr bytes.Buffer
	p := newProgress(&env{stderr: &stderr}, false)
	_, streams := p.(interface{ Progress(domain.LLMProgress) })
	require.False(t, streams, "a pipe or a log gets event lines only, and the judge is not asked to stream")
	p.Emit(domain.Event{Type: domain.EventStarted, Message: "started"})
	require.Equal(t, "🚀 started\n", stderr.String())
}

// TestStopNote: the status line names the stop reason, a long failure by its head (the
// whole chain is the error line after it).
func TestStopNote(t *testing.T) {
	chain := "failed: every source failed in two iterations in a row and no evidence was found (pubmed: cannot connect: connection refused (gave up after 3 attempts); europepmc: cannot connect)"
	for _, c := range []struct {
		name string
		run  domain.Run
		want string
	}{
		{"no reason", domain.Run{}, ""},
		{"short reason", domain.Run{StopReason: "sufficient"}, " (sufficient)"},
		{"long chain", domain.Run{StopReason: chain}, " (failed: every source failed in two iterations in a row and no evidence was found)"},
	} {
		t.Run(c.name, func(t *testing.T) { require.Equal(t, c.want, stopNote(c.run)) })
	}
}
