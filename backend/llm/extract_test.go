package llm

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/internal/sharedtest"
)

func TestExtractJSON(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"plain object", `{"a":1}`, []string{`{"a":1}`}},
		{"preamble and trailer", "Sure! Here is the assessment:\n{\"a\": 1}\nHope this helps.", []string{`{"a": 1}`}},
		{"json fence", "```json\n{\"a\": {\"b\": [1, 2]}}\n```", []string{`{"a": {"b": [1, 2]}}`}},
		{"bare fence", "```\n{\"a\": 2}\n```\nthanks", []string{`{"a": 2}`}},
		{"fence on one line", "```json{\"a\": 3}```", []string{`{"a": 3}`}},
		{"braces inside strings", `Answer: {"r": "use {curly} and [square] } brackets", "q": "say \"}\""} done`,
			[]string{`{"r": "use {curly} and [square] } brackets", "q": "say \"}\""}`}},
		{"several blocks in order", `first {"x": 1} then {"y": {"z": 2}}`, []string{`{"x": 1}`, `{"y": {"z": 2}}`}},
		{"fence first, then prose blocks", "I think {\"draft\": true}\n```json\n{\"final\": true}\n```",
			[]string{`{"final": true}`, `{"draft": true}`}},
		{"truncated tail", `Result: {"a": [1, 2, {"b": "c`, []string{`{"a": [1, 2, {"b": "c`}},
		{"think block stripped", "<think>maybe {\"no\": 1}</think>\n{\"yes\": 1}", []string{`{"yes": 1}`}},
		{"unclosed think drops the rest", "<think>still thinking {\"no\": 1}", nil},
		{"array candidate", `[1, 2] and {"a": 1}`, []string{`[1, 2]`, `{"a": 1}`}},
		{"no json", "I cannot help with that.", nil},
		{"empty", "", nil},
		{"mismatched closer stays one candidate", `{"a": [1, 2}`, []string{`{"a": [1, 2}`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, ExtractJSON(tc.text))
		})
	}
}

func TestExtractJSONBoundsCandidates(t *testing.T) {
	text := ""
	for range 1000 {
		text += "{} "
	}
	require.Len(t, ExtractJSON(text), 1, "duplicates collapse")
	text = ""
	for i := range 1000 {
		text += "{\"i\":" + string(rune('0'+i%10)) + string(rune('a'+i%26)) + "} "
	}
	require.LessOrEqual(t, len(ExtractJSON(text)), maxCandidates)
}

func TestRepair(t *testing.T) {
	tests := []struct {
		name, in string
		want     any
		repaired bool
	}{
		{"valid untouched", `{"a": 1}`, map[string]any{"a": 1.0}, false},
		{"trailing comma", `{"a": 1,}`, map[string]any{"a": 1.0}, true},
		{"single quotes", `{'a': 'b'}`, map[string]any{"a": "b"}, true},
		{"python literals", `{"a": True, "b": None}`, map[string]any{"a": true, "b": nil}, true},
		{"missing closers", `{"a": [1, 2`, map[string]any{"a": []any{1.0, 2.0}}, true},
		{"unquoted key", `{a: 1}`, map[string]any{"a": 1.0}, true},
		{"comments", "{\"a\": 1 // one\n}", map[string]any{"a": 1.0}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, repaired, err := Repair(tc.in)
			require.NoError(t, err)
			require.Equal(t, tc.repaired, repaired)
			var v any
			require.NoError(t, json.Unmarshal([]byte(got), &v))
			require.Equal(t, tc.want, v)
		})
	}
}

// TestRepairMessyFixture runs the recorded json_repair pair (an LLM-style broken document:
// an unquoted string value and a missing closing bracket) through extraction and repair.
func TestRepairMessyFixture(t *testing.T) {
	dir := sharedtest.Path(t, "fixtures", "messy_llm_json")
	invalid, err := os.ReadFile(filepath.Join(dir, "json_repair_tests_invalid.json"))
	require.NoError(t, err)
	valid, err := os.ReadFile(filepath.Join(dir, "json_repair_tests_valid.json"))
	require.NoError(t, err)
	require.False(t, json.Valid(invalid))

	cands := ExtractJSON("Here is the data you asked for:\n" + string(invalid))
	require.NotEmpty(t, cands)
	fixed, repaired, err := Repair(cands[0])
	require.NoError(t, err)
	require.True(t, repaired)
	var got, want any
	require.NoError(t, json.Unmarshal([]byte(fixed), &got))
	require.NoError(t, json.Unmarshal(valid, &want))
	require.Equal(t, want, got)
}
