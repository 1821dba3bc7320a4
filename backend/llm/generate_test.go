package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// answer is a small stand-in for the judge's schema: nested object, enum, ranges, lists.
type answer struct {
	Details struct {
		Score     int    `json:"score" jsonschema:"minimum=0,maximum=10"`
		Reasoning string `json:"reasoning" jsonschema:"minLength=10"`
	} `json:"details"`
	Recommendation string   `json:"recommendation" jsonschema:"enum=continue,enum=synthesize"`
	Confidence     float64  `json:"confidence" jsonschema:"minimum=0,maximum=1"`
	Queries        []string `json:"queries"`
}

func validateAnswer(a *answer) error {
	if len(a.Queries) > 5 {
		return fmt.Errorf("queries must have at most 5 entries, got %d", len(a.Queries))
	}
	return nil
}

const goodAnswer = `{"details":{"score":7,"reasoning":"strong mechanistic data"},"recommendation":"synthesize","confidence":0.8,"queries":["a","b"]}`

// scripted is a fake Client answering from a list of canned results, recording every
// request it receives.
type scripted struct {
	mu    sync.Mutex
	steps []step
	reqs  []Request
}

type step struct {
	text string
	err  error
}

func (s *scripted) Complete(ctx context.Context, req Request) (Response, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, req)
	if err := ctx.Err(); err != nil {
		return Response{}, err
	}
	if len(s.steps) == 0 {
		return Response{}, errors.New("script exhausted")
	}
	st := s.steps[0]
	s.steps = s.steps[1:]
	if st.err != nil {
		return Response{}, st.err
	}
	return Response{Text: st.text, Model: req.Model, Raw: `{"raw":` + fmt.Sprintf("%q", st.text) + `}`, InputTokens: 10, OutputTokens: 5}, nil
}

type memRecorder struct {
	mu   sync.Mutex
	recs []CallRecord
}

func (m *memRecorder) RecordLLMCall(_ context.Context, rec CallRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.recs = append(m.recs, rec)
	return nil
}

func schemaRequest(t testing.TB) Request {
	t.Helper()
	s, err := SchemaFor[answer]("answer")
	require.NoError(t, err)
	return Request{System: "judge", Messages: []Message{{Role: RoleUser, Content: "assess"}}, Schema: s, Model: "m1"}
}

func TestSchemaForIsStrict(t *testing.T) {
	s, err := SchemaFor[answer]("answer")
	require.NoError(t, err)
	var got any
	require.NoError(t, json.Unmarshal(s.JSON, &got))
	var buf bytes.Buffer
	require.NoError(t, json.Indent(&buf, s.JSON, "", "  "))
	pretty := buf.Bytes()
	golden := filepath.Join("testdata", "answer.schema.json")
	if os.Getenv("UPDATE_GOLDEN") != "" {
		require.NoError(t, os.WriteFile(golden, append(pretty, '\n'), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	require.Equal(t, string(want), string(pretty)+"\n", "byte-exact: property order is declaration order")
	require.Equal(t, []any{"details", "recommendation", "confidence", "queries"}, got.(map[string]any)["required"])

	// Every object is closed and requires all its properties (OpenAI strict mode).
	var walk func(any)
	walk = func(n any) {
		m, ok := n.(map[string]any)
		if !ok {
			return
		}
		if props, ok := m["properties"].(map[string]any); ok {
			require.Equal(t, false, m["additionalProperties"])
			require.Len(t, m["required"], len(props))
			for _, p := range props {
				walk(p)
			}
		}
		if it, ok := m["items"]; ok {
			walk(it)
		}
	}
	walk(got)
	require.NotContains(t, string(StrictProjection(s.JSON)), "minLength")
	require.Contains(t, string(StrictProjection(s.JSON)), "maximum")
}

func TestGenerate(t *testing.T) {
	gated := &Error{Kind: KindAuth, Status: 403, Message: "gated model"}
	tests := []struct {
		name        string
		steps       []step
		models      []string
		wantErr     ErrorKind
		wantModel   string
		wantCalls   int
		wantFrom    []string
		wantProblem string
		wantScore   int
	}{
		{name: "clean JSON", steps: []step{{text: goodAnswer}}, wantModel: "m1", wantCalls: 1, wantScore: 7},
		{name: "fenced with preamble", steps: []step{{text: "Here you go:\n```json\n" + goodAnswer + "\n```"}}, wantModel: "m1", wantCalls: 1, wantScore: 7},
		{name: "first block invalid, second valid", steps: []step{{text: `Draft: {"details":{"score":70}} Final: ` + goodAnswer}}, wantModel: "m1", wantCalls: 1, wantScore: 7},
		{name: "repaired trailing comma and single quotes", steps: []step{{text: strings.Replace(strings.ReplaceAll(goodAnswer, `"synthesize"`, `'synthesize'`), `]}`, `],}`, 1)}}, wantModel: "m1", wantCalls: 1, wantScore: 7},
		{name: "extra keys tolerated", steps: []step{{text: strings.Replace(goodAnswer, `{"details"`, `{"country":"x","details"`, 1)}}, wantModel: "m1", wantCalls: 1, wantScore: 7},
		{name: "wrapped in a single key", steps: []step{{text: `{"assessment": ` + goodAnswer + `}`}}, wantModel: "m1", wantCalls: 1, wantScore: 7},
		{name: "out of range then fixed", steps: []step{{text: strings.Replace(goodAnswer, `"score":7`, `"score":11`, 1)}, {text: goodAnswer}}, wantModel: "m1", wantCalls: 2, wantScore: 7},
		{name: "validator rejects then fixed", steps: []step{{text: strings.Replace(goodAnswer, `["a","b"]`, `["a","b","c","d","e","f"]`, 1)}, {text: goodAnswer}}, wantModel: "m1", wantCalls: 2, wantScore: 7},
		{name: "always invalid", steps: []step{{text: "no"}, {text: `{"details":{}}`}, {text: `{"details":{"score":"high"}}`}},
			wantErr: KindInvalidOutput, wantModel: "m1", wantCalls: 3, wantProblem: "details.score must be integer"},
		{name: "missing required key", steps: []step{{text: `{"details":{"score":1,"reasoning":"long enough here"},"confidence":0.5,"queries":[]}`}, {text: "x"}, {text: "y"}},
			wantErr: KindInvalidOutput, wantModel: "m1", wantCalls: 3, wantProblem: "no JSON object found"},
		{name: "gated model falls back", models: []string{"m1", "m2", "m3"}, steps: []step{{err: gated}, {err: &Error{Kind: KindModelNotFound}}, {text: goodAnswer}},
			wantModel: "m3", wantCalls: 3, wantFrom: []string{"m1", "m2"}, wantScore: 7},
		{name: "invalid output exhausts then next model", models: []string{"m1", "m2"}, steps: []step{{text: "a"}, {text: "b"}, {text: "c"}, {text: goodAnswer}},
			wantModel: "m2", wantCalls: 4, wantFrom: []string{"m1"}, wantScore: 7},
		{name: "quota fails fast", models: []string{"m1", "m2"}, steps: []step{{err: &Error{Kind: KindQuota, Status: 429, Message: "You exceeded your current quota"}}},
			wantErr: KindQuota, wantModel: "m1", wantCalls: 1},
		{name: "last model gated returns auth", models: []string{"m1", "m2"}, steps: []step{{err: gated}, {err: gated}},
			wantErr: KindAuth, wantModel: "m2", wantCalls: 2, wantFrom: []string{"m1"}},
		{name: "untyped error becomes unavailable", steps: []step{{err: errors.New("connection reset")}}, wantErr: KindUnavailable, wantModel: "m1", wantCalls: 1},
		{name: "empty answer", steps: []step{{text: ""}, {text: "<think>hmm</think>"}, {text: " "}}, wantErr: KindInvalidOutput, wantModel: "m1", wantCalls: 3, wantProblem: "empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &scripted{steps: tc.steps}
			rec := &memRecorder{}
			v, res, err := Generate(context.Background(), c, schemaRequest(t), Options[answer]{
				Validate: validateAnswer, Models: tc.models, Recorder: rec, Provider: domain.ProviderOpenAI,
				RunID: "run1", Purpose: "judge", PromptVersion: "pv1",
			})
			require.Equal(t, tc.wantModel, res.Model)
			require.Equal(t, tc.wantCalls, res.Calls)
			require.Equal(t, tc.wantFrom, res.FallbackFrom)
			require.Len(t, rec.recs, tc.wantCalls, "every exchange is recorded")
			for _, r := range rec.recs {
				require.Equal(t, "run1", r.RunID)
				require.Equal(t, "pv1", r.PromptVersion)
				require.Equal(t, domain.ProviderOpenAI, r.Provider)
				require.NotEmpty(t, r.Request)
			}
			if tc.wantErr != "" {
				require.Error(t, err)
				var le *Error
				require.ErrorAs(t, err, &le)
				require.Equal(t, tc.wantErr, le.Kind)
				require.Contains(t, err.Error(), tc.wantProblem)
				require.NotEqual(t, domain.CodeInternal, domain.CodeOf(err))
				require.Nil(t, rec.recs[len(rec.recs)-1].Parsed)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.wantScore, v.Details.Score)
			last := rec.recs[len(rec.recs)-1]
			require.Empty(t, last.Error)
			require.True(t, json.Valid(last.Parsed))
		})
	}
}

func TestGenerateFeedsProblemsBack(t *testing.T) {
	bad := strings.Replace(goodAnswer, `"synthesize"`, `"maybe"`, 1)
	c := &scripted{steps: []step{{text: bad}, {text: goodAnswer}}}
	_, res, err := Generate(context.Background(), c, schemaRequest(t), Options[answer]{})
	require.NoError(t, err)
	require.Equal(t, 2, res.Attempts)
	second := c.reqs[1].Messages
	require.Len(t, second, 3)
	require.Equal(t, RoleAssistant, second[1].Role)
	require.Equal(t, bad, second[1].Content)
	require.Equal(t, RoleUser, second[2].Role)
	require.Contains(t, second[2].Content, `recommendation must be one of "continue", "synthesize", got "maybe"`)
	require.Len(t, c.reqs[0].Messages, 1, "the caller's request is not mutated")
}

func TestGenerateCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := Generate(ctx, &scripted{steps: []step{{text: goodAnswer}}}, schemaRequest(t), Options[answer]{})
	require.Equal(t, KindCanceled, KindOf(err))
	require.ErrorIs(t, err, context.Canceled)
}

func TestGenerateWithoutSchemaDecodesIntoT(t *testing.T) {
	req := Request{Messages: []Message{{Role: RoleUser, Content: "x"}}}
	v, _, err := Generate(context.Background(), &scripted{steps: []step{{text: "ok: " + goodAnswer}}}, req, Options[answer]{})
	require.NoError(t, err)
	require.Equal(t, "synthesize", v.Recommendation)
}

func TestGenerateRecorderFailureDoesNotFail(t *testing.T) {
	failing := RecorderFunc(func(context.Context, CallRecord) error { return errors.New("disk full") })
	_, _, err := Generate(context.Background(), &scripted{steps: []step{{text: goodAnswer}}}, schemaRequest(t), Options[answer]{Recorder: failing})
	require.NoError(t, err)
}

func TestGenerateBadSchema(t *testing.T) {
	req := Request{Schema: &Schema{Name: "bad", JSON: json.RawMessage(`[1]`)}}
	_, _, err := Generate(context.Background(), &scripted{}, req, Options[answer]{})
	require.Equal(t, KindBadRequest, KindOf(err))
}

// TestSchemaValidateRefs pins the sentences an answer's problems are fed back to the model
// in, through a schema with local references (the validator is backend/internal/schemacheck).
func TestSchemaValidateRefs(t *testing.T) {
	raw := json.RawMessage(`{"type":"object","required":["a"],"properties":{"a":{"$ref":"#/$defs/A"}},
		"$defs":{"A":{"type":"object","required":["n"],"properties":{"n":{"type":"integer","exclusiveMinimum":0},"kids":{"type":"array","items":{"$ref":"#/$defs/A"}}}}}}`)
	n, err := compileAnswerSchema(raw)
	require.NoError(t, err)
	decode := func(s string) any {
		var v any
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		require.NoError(t, dec.Decode(&v))
		return v
	}
	require.Empty(t, n.Problems(decode(`{"a":{"n":1,"kids":[{"n":2}]}}`)))
	require.Equal(t, []string{"a.kids[0].n must be > 0, got 0"}, n.Problems(decode(`{"a":{"n":1,"kids":[{"n":0}]}}`)))
	require.Equal(t, []string{"a.n must be integer, got the number 1.5"}, n.Problems(decode(`{"a":{"n":1.5}}`)))
	require.Equal(t, []string{"a is required"}, n.Problems(decode(`{}`)))
	require.Equal(t, []string{"the answer must be object, got an array"}, n.Problems(decode(`[]`)))
	require.Empty(t, n.Problems(decode(`{"a":{"n":1,"extra":true},"more":1}`)), "keys the schema does not define are tolerated")
}

func TestErrorMessages(t *testing.T) {
	e := &Error{Kind: KindAuth, Provider: domain.ProviderOpenAI, Model: "gpt-4o-mini", Status: 401, Message: "invalid or unauthorised key for openai"}
	require.Equal(t, "openai (gpt-4o-mini): invalid or unauthorised key for openai [HTTP 401]", e.Error())
	require.Equal(t, domain.CodeUnavailable, domain.CodeOf(e))
	require.Equal(t, e.Error(), domain.SafeMessage(fmt.Errorf("judge: %w", e)))
	require.True(t, e.Fallback())
	require.Equal(t, KindAuth, KindOf(fmt.Errorf("wrapped: %w", e)))
	timeout := FromContext(context.DeadlineExceeded, domain.ProviderOllama, "llama3")
	require.Equal(t, KindTimeout, timeout.Kind)
	require.ErrorIs(t, timeout, context.DeadlineExceeded)
}

func TestStrictProjectionKeepsOrderAndFieldNames(t *testing.T) {
	raw := json.RawMessage(`{"type":"object","title":"X","properties":{"title":{"type":"string","minLength":3,"title":"T"},"a":{"type":"array","items":{"type":"string","maxLength":9}}},"required":["title","a"],"additionalProperties":false}`)
	require.Equal(t, `{"type":"object","properties":{"title":{"type":"string"},"a":{"type":"array","items":{"type":"string"}}},"required":["title","a"],"additionalProperties":false}`,
		string(StrictProjection(raw)))
}

func TestStrictCompatible(t *testing.T) {
	s, err := SchemaFor[answer]("answer")
	require.NoError(t, err)
	require.True(t, StrictCompatible(s.JSON))
	require.False(t, StrictCompatible(json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"],"additionalProperties":false}`)))
	require.False(t, StrictCompatible(json.RawMessage(`{"type":"object","properties":{"a":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}},"required":["a"],"additionalProperties":false}`)))
	require.True(t, StrictCompatible(json.RawMessage(`{"type":"object","properties":{"required":{"type":"string"}},"required":["required"],"additionalProperties":false}`)))
}

// TestRunIDFromContext: calls made without an explicit run id (appraisal, verifier) are
// recorded with the run id the context carries, so deleting the run deletes them.
func TestRunIDFromContext(t *testing.T) {
	var got []string
	c := &scripted{steps: []step{{text: `{"ok":true}`}}}
	ctx := domain.WithRunID(context.Background(), "run-42")
	type ok struct {
		OK bool `json:"ok"`
	}
	_, _, err := Generate(ctx, c, Request{Messages: []Message{{Role: RoleUser, Content: "q"}}}, Options[ok]{
		Recorder: RecorderFunc(func(_ context.Context, r CallRecord) error { got = append(got, r.RunID); return nil }),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != "run-42" {
		t.Fatalf("recorded run ids %v, want [run-42]", got)
	}
}

// TestTruncatedAnswerIsNeverAccepted: a cut answer that repair could close is not taken;
// one retry gets twice the room, a second cut is a typed truncation error.
func TestTruncatedAnswerIsNeverAccepted(t *testing.T) {
	c := &truncating{}
	type ok struct {
		OK bool `json:"ok"`
	}
	_, res, err := Generate(context.Background(), c, Request{Messages: []Message{{Role: RoleUser, Content: "q"}}, MaxTokens: 900}, Options[ok]{})
	if KindOf(err) != KindTruncated {
		t.Fatalf("err %v, want truncated", err)
	}
	if res.Calls != 2 || c.caps[0] != 900 || c.caps[1] != 1800 {
		t.Fatalf("calls %d with caps %v, want 2 with [900 1800]", res.Calls, c.caps)
	}
}

type truncating struct{ caps []int }

func (c *truncating) Complete(_ context.Context, req Request) (Response, error) {
	c.caps = append(c.caps, req.MaxTokens)
	return Response{Text: `{"ok": tr`, Truncated: true}, nil
}
