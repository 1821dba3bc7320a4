package llm

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// The usage object as the Messages API and `claude -p` both print it.
const anthropicUsageJSON = `{"input_tokens":12,"cache_creation_input_tokens":3000,"cache_read_input_tokens":900,"output_tokens":250,"service_tier":"standard"}`

func TestAnthropicUsage(t *testing.T) {
	var u AnthropicUsage
	require.NoError(t, json.Unmarshal([]byte(anthropicUsageJSON), &u))
	var r Response
	u.Apply(&r)
	require.Equal(t, 12+3000+900, r.InputTokens, "the prompt is the uncached part plus both cache counts")
	require.Equal(t, 250, r.OutputTokens)
	require.Equal(t, 900, r.CachedTokens)
	require.Equal(t, 3000, r.CacheWriteTokens)

	require.InDelta(t, EstimateCostCached("claude-haiku-4-5", 12, 3000, 900, 250), u.Cost("claude-haiku-4-5"), 1e-12)
	require.Greater(t, u.Cost("claude-haiku-4-5"), 0.0)
	require.Zero(t, u.Cost("no-such-model"), "an unknown model has no price, never a made-up one")
}
