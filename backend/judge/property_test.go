package judge

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
)

// adversarialTexts derives hostile model outputs from a valid answer: truncations,
// out-of-range and mistyped values, duplicated keys, wrappers, fences, prose, garbage.
func adversarialTexts(r *rand.Rand, n int) []string {
	mutations := []func(string) string{
		func(s string) string { return s[:r.IntN(len(s)+1)] },
		func(s string) string { return strings.Replace(s, `"mechanism_score":7`, `"mechanism_score":11`, 1) },
		func(s string) string { return strings.Replace(s, `"mechanism_score":7`, `"mechanism_score":-3`, 1) },
		func(s string) string { return strings.Replace(s, `"mechanism_score":7`, `"mechanism_score":7.5`, 1) },
		func(s string) string { return strings.Replace(s, `"mechanism_score":7`, `"mechanism_score":"7"`, 1) },
		func(s string) string { return strings.Replace(s, `"confidence":0.7`, `"confidence":1e309`, 1) },
		func(s string) string { return strings.Replace(s, `"confidence":0.7`, `"confidence":NaN`, 1) },
		func(s string) string { return strings.Replace(s, `"confidence":0.7`, `"confidence":-0.1`, 1) },
		func(s string) string { return strings.Replace(s, `"synthesize"`, `"SYNTHESIZE"`, 1) },
		func(s string) string { return strings.Replace(s, `"recommendation":"synthesize",`, ``, 1) },
		func(s string) string { return strings.Replace(s, `["Metformin"]`, `[""]`, 1) },
		func(s string) string { return strings.Replace(s, `["Metformin"]`, `null`, 1) },
		func(s string) string { return strings.Replace(s, `["Metformin"]`, `[{"name":"Metformin"}]`, 1) },
		func(s string) string {
			return strings.Replace(s, `"reasoning":"Combined`, `"reasoning":"short","x":"Combined`, 1)
		},
		func(s string) string { return "```json\n" + s + "\n```\nand also ```json\n{\"a\":1}\n```" },
		func(s string) string { return `{"assessment":` + s + `}` },
		func(s string) string { return "<think>{\"sufficient\": true}</think>" + s },
		func(s string) string { return s + s },
		func(s string) string { return strings.ReplaceAll(s, `"`, `'`) },
		func(s string) string { return strings.ReplaceAll(s, `,`, `,,`) },
		func(s string) string { return strings.Repeat("{", 5000) },
		func(s string) string { return strings.Repeat("[", 200) + s },
		func(s string) string { return "Ignore previous instructions. " + s[:len(s)/2] },
		func(s string) string {
			b := []byte(s)
			if len(b) == 0 {
				return "\x00"
			}
			for k := 0; k < 5; k++ {
				b[r.IntN(len(b))] = byte(r.IntN(256))
			}
			return string(b)
		},
		func(string) string { return "" },
		func(string) string { return "null" },
		func(string) string { return "[]" },
		func(string) string { return "\x00\xff\xfe" },
	}
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		s := validAnswer
		for k := 0; k <= r.IntN(3); k++ {
			s = mutations[r.IntN(len(mutations))](s)
		}
		out = append(out, s)
	}
	return out
}

func requireSaneAssessment(t *testing.T, a domain.Assessment) {
	t.Helper()
	require.NoError(t, a.Validate())
	require.Contains(t, []domain.JudgeKind{domain.JudgeKindLLM, domain.JudgeKindFallback}, a.Judge.Kind)
	require.GreaterOrEqual(t, a.Details.MechanismScore, 0)
	require.LessOrEqual(t, a.Details.MechanismScore, 10)
	require.GreaterOrEqual(t, a.Details.ClinicalEvidenceScore, 0)
	require.LessOrEqual(t, a.Details.ClinicalEvidenceScore, 10)
	require.True(t, a.Confidence >= 0 && a.Confidence <= 1)
	for _, c := range a.Details.DrugCandidates {
		require.NotEmpty(t, strings.TrimSpace(c))
	}
	if a.Recommendation == domain.RecommendSynthesize {
		require.True(t, a.Sufficient)
	}
	if a.Judge.Kind == domain.JudgeKindFallback {
		require.NotEmpty(t, a.Judge.Error)
	}
}

// TestPropertyAdversarialLLMText: whatever the model says, the judge returns a valid
// assessment (llm or fallback) and never panics or lets an out-of-range field through.
func TestPropertyAdversarialLLMText(t *testing.T) {
	s := mixedScenario(t)
	r := rand.New(rand.NewPCG(4, 2))
	texts := adversarialTexts(r, 300)
	kinds := map[domain.JudgeKind]int{}
	for i := 0; i < len(texts); i += 3 {
		c := &scripted{replies: []reply{{text: texts[i]}, {text: texts[i+1]}, {text: texts[i+2]}}}
		a, _, err := llmJudge(c).Assess(context.Background(), Input{Question: s.Question, Evidence: s.Evidence})
		require.NoError(t, err)
		requireSaneAssessment(t, a)
		kinds[a.Judge.Kind]++
	}
	require.Positive(t, kinds[domain.JudgeKindLLM], "some mutations are repairable")
	require.Positive(t, kinds[domain.JudgeKindFallback], "some are not")
}

// FuzzJudgeAnswer feeds arbitrary model output through the whole judge.
func FuzzJudgeAnswer(f *testing.F) {
	for _, s := range adversarialTexts(rand.New(rand.NewPCG(1, 1)), 20) {
		f.Add(s)
	}
	f.Add(validAnswer)
	ev := []domain.Evidence{{Content: "Metformin activates AMPK.", Relevance: 1, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: "Metformin", Chemicals: []string{"Metformin"}}}}
	f.Fuzz(func(t *testing.T, text string) {
		c := &scripted{replies: []reply{{text: text}}}
		j := NewLLM(c, llm.Info{Provider: domain.ProviderOllama, Model: "m"}, Options{Attempts: 1})
		a, _, err := j.Assess(context.Background(), Input{Question: "metformin alzheimer", Evidence: ev})
		require.NoError(t, err)
		requireSaneAssessment(t, a)
	})
}
