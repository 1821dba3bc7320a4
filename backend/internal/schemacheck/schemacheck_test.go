package schemacheck

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func mustCompile(t *testing.T, raw string, opts Options) *Schema {
	t.Helper()
	s, err := Compile([]byte(raw), opts)
	require.NoError(t, err)
	return s
}

func problems(t *testing.T, s *Schema, doc string) []string {
	t.Helper()
	v, err := Decode([]byte(doc))
	require.NoError(t, err)
	return s.Problems(v)
}

// The answer schema of an LLM call, in the shape llm.SchemaFor writes: strict objects,
// bounds, an enum, a nested array of objects.
const answerSchema = `{"type":"object","additionalProperties":false,
 "required":["details","confidence","recommendation","findings"],
 "properties":{
  "details":{"type":"object","additionalProperties":false,"required":["score","reasoning"],
    "properties":{"score":{"type":"integer","minimum":0,"maximum":10},"reasoning":{"type":"string","minLength":10}}},
  "confidence":{"type":"number","minimum":0,"maximum":1},
  "recommendation":{"type":"string","enum":["continue","synthesize"]},
  "findings":{"type":"array","maxItems":3,"items":{"type":"object","required":["text"],"properties":{"text":{"type":"string","minLength":4}}}},
  "tag":{"const":"judge"}
 }}`

func TestProblemsNameTheValueByItsPath(t *testing.T) {
	llm := mustCompile(t, answerSchema, Options{AllowAdditional: true, Root: "the answer"})
	strict := mustCompile(t, answerSchema, Options{Root: "the arguments"})
	good := `{"details":{"score":7,"reasoning":"long enough here"},"confidence":0.5,"recommendation":"synthesize","findings":[{"text":"four"}]}`
	for _, tc := range []struct {
		name   string
		schema *Schema
		doc    string
		want   []string
	}{
		{"valid", llm, good, nil},
		{"out of range", llm, `{"details":{"score":11,"reasoning":"long enough here"},"confidence":0.5,"recommendation":"synthesize","findings":[]}`,
			[]string{"details.score must be ≤ 10, got 11"}},
		{"wrong type", llm, `{"details":{"score":"high","reasoning":"long enough here"},"confidence":0.5,"recommendation":"synthesize","findings":[]}`,
			[]string{`details.score must be integer, got a string`}},
		{"not an integer", llm, `{"details":{"score":1.5,"reasoning":"long enough here"},"confidence":0.5,"recommendation":"synthesize","findings":[]}`,
			[]string{"details.score must be integer, got the number 1.5"}},
		{"enum", llm, `{"details":{"score":7,"reasoning":"long enough here"},"confidence":0.5,"recommendation":"maybe","findings":[]}`,
			[]string{`recommendation must be one of "continue", "synthesize", got "maybe"`}},
		{"const", llm, `{"details":{"score":7,"reasoning":"long enough here"},"confidence":0.5,"recommendation":"continue","findings":[],"tag":"x"}`,
			[]string{`tag must be "judge"`}},
		{"every problem at once, array items by index", llm,
			`{"details":{"score":-1,"reasoning":"short"},"confidence":1.25,"recommendation":"continue","findings":[{"text":"ok!!"},{"text":"no"},{"text":"yes!"},{"text":"more"}]}`,
			[]string{"confidence must be ≤ 1, got 1.25", "details.reasoning must have at least 10 characters, got 5", "details.score must be ≥ 0, got -1",
				"findings must have at most 3 items, got 4", "findings[1].text must have at least 4 characters, got 2"}},
		{"missing keys", llm, `{"details":{"score":7}}`,
			[]string{"confidence is required", "details.reasoning is required", "findings is required", "recommendation is required"}},
		{"whole document", llm, `[1]`, []string{"the answer must be object, got an array"}},
		{"extra keys tolerated for an LLM", llm, `{"details":{"score":7,"reasoning":"long enough here","why":"x"},"confidence":0.5,"recommendation":"synthesize","findings":[],"country":"x"}`, nil},
		{"extra keys refused for a client", strict, `{"details":{"score":7,"reasoning":"long enough here","why":"x"},"confidence":0.5,"recommendation":"synthesize","findings":[],"country":"x"}`,
			[]string{"country is not expected here", "details.why is not expected here"}},
		{"root named", strict, `"x"`, []string{"the arguments must be object, got a string"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, problems(t, tc.schema, tc.doc))
		})
	}
	require.Empty(t, problems(t, strict, good))
}

func TestProblemsFollowReferences(t *testing.T) {
	s := mustCompile(t, `{"type":"object","required":["a"],"properties":{"a":{"$ref":"#/$defs/A"}},
		"$defs":{"A":{"type":"object","required":["n"],"properties":{"n":{"type":"integer","exclusiveMinimum":0},"kids":{"type":"array","items":{"$ref":"#/$defs/A"}}}}}}`,
		Options{Root: "the answer"})
	for _, tc := range []struct {
		doc  string
		want []string
	}{
		{`{"a":{"n":1,"kids":[{"n":2}]}}`, nil},
		{`{"a":{"n":1,"kids":[{"n":2},{"n":0}]}}`, []string{"a.kids[1].n must be > 0, got 0"}},
		{`{"a":{"n":1.5}}`, []string{"a.n must be integer, got the number 1.5"}},
		{`{}`, []string{"a is required"}},
	} {
		require.Equal(t, tc.want, problems(t, s, tc.doc), tc.doc)
	}
}

func TestProblemsOfAlternatives(t *testing.T) {
	s := mustCompile(t, `{"type":"object","properties":{"v":{"anyOf":[{"type":"string","minLength":3},{"type":"null"}]},
		"w":{"type":["array","object"]},"o":{"oneOf":[{"type":"integer"},{"type":"number","minimum":0}]}}}`, Options{})
	require.Empty(t, problems(t, s, `{"v":null,"w":[],"o":-1}`))
	require.Equal(t, []string{"v must have at least 3 characters, got 1"}, problems(t, s, `{"v":"x"}`), "the first alternative says what is expected")
	require.Equal(t, []string{"w must be array or object, got a string"}, problems(t, s, `{"w":"x"}`))
	require.Equal(t, []string{"o matches more than one of the shapes allowed there"}, problems(t, s, `{"o":5}`))
}

func TestCompileRefusesWhatIsNotASchema(t *testing.T) {
	for _, raw := range []string{`[1]`, `not json`, `{"type":"strnig"}`, `{"$ref":"https://example.com/remote.json"}`} {
		_, err := Compile([]byte(raw), Options{})
		require.Error(t, err, raw)
	}
}

func TestDecodeProblem(t *testing.T) {
	var v struct {
		Score int `json:"score"`
	}
	err := json.Unmarshal([]byte(`{"score":7.5}`), &v)
	require.Equal(t, "field score must be int, got number 7.5", DecodeProblem(err))
}
