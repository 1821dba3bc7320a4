package llm

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"deepcritical/backend/llm/internal/llmtest"
)

// BenchAnswer is a judge answer the size a model writes for 30 pieces of evidence.
func benchAnswer() string {
	var findings, drugs []string
	for i := range 12 {
		findings = append(findings, fmt.Sprintf(`"Finding %d: metformin reduced amyloid-beta accumulation by %d%% in APP/PS1 mice (PMID %d)"`, i, 20+i, 30000000+i))
	}
	for _, d := range []string{"metformin", "liraglutide", "semaglutide", "pioglitazone", "intranasal insulin"} {
		drugs = append(drugs, `"`+d+`"`)
	}
	return `{"details":{"mechanism_score":7,"mechanism_reasoning":"AMPK activation and improved insulin signalling are supported by several animal studies and two human biomarker studies.",` +
		`"clinical_evidence_score":4,"clinical_reasoning":"Only observational cohorts and one small pilot RCT; no phase 3 data yet.",` +
		`"drug_candidates":[` + strings.Join(drugs, ",") + `],"key_findings":[` + strings.Join(findings, ",") + `],"stances":[]},` +
		`"sufficient":false,"confidence":0.62,"recommendation":"continue","next_search_queries":["metformin alzheimer randomized","GLP-1 agonist dementia trial","pioglitazone cognitive decline"],` +
		`"reasoning":"Mechanistic evidence is reasonable but the clinical evidence is thin; search for trials before synthesising."}`
}

// benchRequest is a 30-evidence judge prompt (about 1,500 characters per item).
func benchRequest(tb testing.TB) Request {
	s, err := SchemaFor[llmtest.JudgeAnswer]("judge_assessment")
	if err != nil {
		tb.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("Question: What drugs could be repurposed for Alzheimer's disease?\n\n")
	for i := range 30 {
		fmt.Fprintf(&b, "[%d] Title %d (PMID %d, 2021, randomized controlled trial)\n%s\n\n", i+1, i, 31000000+i, strings.Repeat("Metformin improved cognitive scores in older adults with type 2 diabetes. ", 20))
	}
	return Request{System: strings.Repeat("You are a biomedical evidence judge. ", 40), Messages: []Message{{Role: RoleUser, Content: b.String()}}, Schema: s}
}

// discard is a Recorder that keeps nothing, so the benchmark includes building records.
var discard = RecorderFunc(func(context.Context, CallRecord) error { return nil })

// BenchmarkPipeline measures Generate's own work per call (extract, repair, schema check,
// decode, validate, record) with a client that answers instantly.
func BenchmarkPipeline(b *testing.B) {
	answer := benchAnswer()
	cases := map[string]string{
		"clean":  answer,
		"fenced": "Here is my assessment of the evidence:\n\n```json\n" + answer + "\n```\nLet me know if you need more.",
		"repair": "Assessment:\n" + strings.Replace(strings.Replace(answer, `"continue"`, `'continue'`, 1), `]},`, `],},`, 1),
		"retry1": "",
	}
	req := benchRequest(b)
	for name, text := range cases {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			cpu, n := llmtest.StartCPU(), 0
			for b.Loop() {
				n++
				steps := []step{{text: text}}
				if name == "retry1" {
					steps = []step{{text: strings.Replace(answer, `"confidence":0.62`, `"confidence":1.62`, 1)}, {text: answer}}
				}
				_, _, err := Generate(context.Background(), &scripted{steps: steps}, req, Options[llmtest.JudgeAnswer]{Recorder: discard})
				if err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b, n)
		})
	}
}
