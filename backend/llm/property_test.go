package llm

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fragments are pieces of real and adversarial model output that the generator splices
// together: valid answers, near misses, fences, <think>, broken quoting, deep nesting.
var fragments = []string{
	goodAnswer,
	`{"details":{"score":7,"reasoning":"strong mechanistic data"},"recommendation":"synthesize","confidence":0.8,"queries":["a","b"]`,
	`{"details":{"score":-1,"reasoning":"x"},"recommendation":"stop","confidence":2}`,
	`{"details":{"score":1e308,"reasoning":"nan?"},"recommendation":"continue","confidence":NaN,"queries":[]}`,
	"```json\n", "```", "\n", " ", "Here is the JSON:", "<think>", "</think>",
	`{`, `}`, `[`, `]`, `"`, `\`, `\"`, `'`, `,`, `:`, `null`, `true`, `None`, `// c`, `/*`,
	`{"assessment": `, `{"a":{"b":{"c":{"d":[[[[[[`, `"}"`, `"{"`, "\x00", "\xff\xfe", "ü", "💊",
	`{"details":{"score":"7","reasoning":"strong mechanistic data"},"recommendation":"continue","confidence":"0.5","queries":[]}`,
	`{"details":null,"recommendation":"continue","confidence":0.5,"queries":null}`,
}

func randomText(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(12); n >= 0; n-- {
		if r.IntN(4) == 0 {
			// Random bytes, including invalid UTF-8.
			for k := r.IntN(8); k >= 0; k-- {
				b.WriteByte(byte(r.IntN(256)))
			}
			continue
		}
		f := fragments[r.IntN(len(fragments))]
		if r.IntN(3) == 0 && len(f) > 1 {
			f = f[:r.IntN(len(f))]
		}
		b.WriteString(f)
	}
	return b.String()
}

// checkOutcome is the property: a valid, in-range answer or a typed *Error, never both,
// never a panic.
func checkOutcome(t testing.TB, v answer, err error) {
	t.Helper()
	if err != nil {
		var le *Error
		if !errors.As(err, &le) {
			t.Fatalf("untyped error %T: %v", err, err)
		}
		if le.Kind != KindInvalidOutput {
			t.Fatalf("unexpected kind %s: %v", le.Kind, err)
		}
		return
	}
	if v.Details.Score < 0 || v.Details.Score > 10 || len([]rune(v.Details.Reasoning)) < 10 ||
		(v.Recommendation != "continue" && v.Recommendation != "synthesize") ||
		v.Confidence < 0 || v.Confidence > 1 || len(v.Queries) > 5 {
		t.Fatalf("invalid answer accepted: %+v", v)
	}
}

func TestGenerateProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	req := schemaRequest(t)
	n := 1000
	if testing.Short() {
		n = 200
	}
	accepted := 0
	for range n {
		steps := []step{{text: randomText(r)}, {text: randomText(r)}, {text: randomText(r)}}
		v, _, err := Generate(context.Background(), &scripted{steps: steps}, req, Options[answer]{Validate: validateAnswer})
		checkOutcome(t, v, err)
		if err == nil {
			accepted++
		}
	}
	require.Positive(t, accepted, "the generator also produces acceptable answers")
	require.Less(t, accepted, n, "and unacceptable ones")
}

// FuzzGenerate feeds arbitrary model text through the whole pipeline.
func FuzzGenerate(f *testing.F) {
	for _, s := range fragments {
		f.Add(s)
	}
	f.Add("Sure!\n```json\n" + goodAnswer + "\n```")
	f.Add(`{"assessment": ` + goodAnswer + `}`)
	req := schemaRequest(f)
	f.Fuzz(func(t *testing.T, text string) {
		v, _, err := Generate(context.Background(), &scripted{steps: []step{{text: text}}}, req, Options[answer]{Validate: validateAnswer, Attempts: 1})
		checkOutcome(t, v, err)
	})
}

// FuzzExtractJSON checks extraction never panics and returns substrings that start with
// a bracket.
func FuzzExtractJSON(f *testing.F) {
	for _, s := range fragments {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, c := range ExtractJSON(text) {
			if c == "" || (c[0] != '{' && c[0] != '[') {
				t.Fatalf("bad candidate %q", c)
			}
		}
	})
}
