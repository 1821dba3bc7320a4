package llm

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestToolName(t *testing.T) {
	valid := regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	tests := []struct{ in, want string }{
		{"assessment", "assessment"},
		{"judge.assessment v2", "judge_assessment_v2"},
		{"Évaluation", "_valuation"},
		{"", "answer"},
		{strings.Repeat("a", 70), strings.Repeat("a", 64)},
		{strings.Repeat("é", 70), strings.Repeat("_", 64)},
	}
	for _, tt := range tests {
		got := ToolName(tt.in)
		require.Equal(t, tt.want, got, tt.in)
		require.Regexp(t, valid, got, "OpenAI and Anthropic both accept it")
	}
}

func TestRequestModelOr(t *testing.T) {
	require.Equal(t, "gpt-4o-mini", Request{}.ModelOr("gpt-4o-mini"), "no model asked: the configured one")
	require.Equal(t, "gpt-4.1", Request{Model: "gpt-4.1"}.ModelOr("gpt-4o-mini"), "a fallback step asks for its own model")
}
