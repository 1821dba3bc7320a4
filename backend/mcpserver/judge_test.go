package mcpserver

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/services"
)

const lithium = "Does lithium reduce suicide in depression?"

// lithiumTrial is one evidence item as an assistant may write it by hand.
func lithiumTrial(i int, url string) map[string]any {
	return map[string]any{"content": fmt.Sprintf("Lithium reduced suicide in randomised trial number %d of adults with depression.", i),
		"citation": map[string]any{"source": "pubmed", "id": fmt.Sprint(i), "title": fmt.Sprintf("Trial %d of lithium in depression", i), "url": url, "date": "2020", "authors": []any{}}}
}

// TestJudgeEvidenceRefusesWhatIsNotEvidence: evidence that is not a list of evidence items (or
// search results) is an error naming the argument and the bad value, never judged as no
// evidence, which would read as a finding.
func TestJudgeEvidenceRefusesWhatIsNotEvidence(t *testing.T) {
	c, _ := openServices(t, 0, false)
	cs := connect(t, New(FromContainer(c), Options{}), nil)
	for _, tc := range []struct {
		name     string
		evidence any
		want     string
	}{
		{"an object", map[string]any{"foo": 1}, "evidence is an object without an evidence list: give a list of evidence items, or search results holding one"},
		{"one item", lithiumTrial(1, "http://x"), "evidence is one evidence item, not a list"},
		{"numbers", []any{1, 2, 3}, "evidence[0] is a number, not an evidence item"},
		{"content only", []any{map[string]any{"content": "hello"}}, "evidence[0] has no citation"},
		{"no source", []any{map[string]any{"content": "hello", "citation": map[string]any{"title": "t"}}}, "evidence[0].citation.source is missing"},
		{"nothing", []any{}, "evidence holds no evidence item: there is nothing to judge"},
		{"search results without results", map[string]any{"query": "lithium", "evidence": []any{}}, "evidence holds no evidence item"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := call(t, cs, "judge_evidence", map[string]any{"question": lithium, "evidence": tc.evidence, "judge": "offline"})
			require.True(t, res.IsError, text(res))
			require.Contains(t, text(res), tc.want)
			require.NotContains(t, text(res), "file", "the argument is named, not a CLI notion")
		})
	}
}

// TestJudgeEvidenceKeepsDistinctPapers: four trials that share one URL (a journal's landing page) but
// carry their own ids are four papers; two copies of one PMID are one.
func TestJudgeEvidenceKeepsDistinctPapers(t *testing.T) {
	c, _ := openServices(t, 0, false)
	cs := connect(t, New(FromContainer(c), Options{}), nil)
	var four []any
	for i := 1; i <= 4; i++ {
		four = append(four, lithiumTrial(i, "http://x"))
	}
	copyOf := lithiumTrial(5, "http://y")
	copyOf["citation"].(map[string]any)["pmid"] = "1"
	for _, tc := range []struct {
		name     string
		evidence []any
		want     string
	}{
		{"one URL, four trials", four, "4 on-topic"},
		{"one PMID twice", []any{lithiumTrial(1, "http://a"), copyOf, map[string]any{"content": copyOf["content"], "citation": map[string]any{"source": "europepmc", "id": "MED:1", "pmid": "1", "title": "Trial 1"}}}, "2 on-topic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := callOK[services.JudgeResult](t, cs, "judge_evidence", map[string]any{"question": lithium, "evidence": tc.evidence, "judge": "offline"})
			require.Contains(t, strings.Join(got.Heuristics.Observations, " | "), tc.want)
		})
	}
}

// TestUnusableJudgeIsAnError: a judge that cannot answer (Ollama without the model, the CLI
// judge's program missing) is refused by judge_evidence and appraise_paper as research
// refuses it, with the same message, rather than answered with a fallback assessment of
// zeros or an appraisal whose every dimension failed.
func TestUnusableJudgeIsAnError(t *testing.T) {
	ollama := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/tags" {
			http.NotFound(w, r) // every chat answers 404, as Ollama does for a model it lacks
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"models":[{"name":"qwen2.5:7b","model":"qwen2.5:7b"}]}`))
	}))
	t.Cleanup(ollama.Close)
	c, _ := openServicesEnv(t, 0, false, map[string]string{"OLLAMA_HOST": ollama.URL})
	t.Setenv("PATH", t.TempDir()) // no claude: the CLI judge's program is missing
	cs := connect(t, New(FromContainer(c), Options{}), nil)
	for _, tc := range []struct {
		judge, want string
	}{
		{"ollama", `has no model "llama3.1:8b": run ` + "`ollama pull llama3.1:8b`"},
		{"cli", `the CLI judge "claude" was not found on PATH`},
	} {
		t.Run(tc.judge, func(t *testing.T) {
			judged := call(t, cs, "judge_evidence", map[string]any{"question": lithium, "evidence": []any{lithiumTrial(1, "http://x")}, "judge": tc.judge})
			require.True(t, judged.IsError, "judge_evidence: %s", text(judged))
			require.Contains(t, text(judged), tc.want)
			researched := call(t, cs, "research", map[string]any{"question": lithium, "judge": tc.judge, "max_iterations": 1})
			require.True(t, researched.IsError, "research: %s", text(researched))
			require.Equal(t, text(researched), text(judged), "the same refusal as research")
			appraised := call(t, cs, "appraise_paper", map[string]any{"judge": tc.judge, "text": "We randomly assigned 200 adults with asthma to inhaled " +
				"budesonide or placebo using sealed opaque envelopes prepared by an independent pharmacist. Patients and outcome assessors were " +
				"blinded to allocation. Analysis was by intention to treat; 5 were lost to follow-up."})
			require.True(t, appraised.IsError, "appraise_paper: %s", text(appraised))
			require.Equal(t, text(researched), text(appraised), "the same refusal as research")
		})
	}
}
