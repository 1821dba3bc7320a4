package openai

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/internal/llmtest"
)

// BenchmarkGenerateRoundTrip measures one structured call end to end against a
// zero-latency httptest server: request encoding (30-evidence prompt), HTTP, go-openai
// decoding, extraction, schema check, decode and record.
func BenchmarkGenerateRoundTrip(b *testing.B) {
	var findings []string
	for i := range 12 {
		findings = append(findings, fmt.Sprintf(`"Finding %d: metformin reduced amyloid-beta by %d%% (PMID %d)"`, i, 20+i, 30000000+i))
	}
	answer := `{"details":{"mechanism_score":7,"mechanism_reasoning":"AMPK activation is supported by animal studies.","clinical_evidence_score":4,"clinical_reasoning":"Only observational cohorts and one pilot RCT.","drug_candidates":["metformin","liraglutide"],"key_findings":[` +
		strings.Join(findings, ",") + `],"stances":[]},"sufficient":false,"confidence":0.62,"recommendation":"continue","next_search_queries":["metformin alzheimer randomized"],"reasoning":"Mechanism is plausible but clinical evidence is thin."}`
	srv := llmtest.NewServer(b, llmtest.Reply{Body: llmtest.OpenAIText("gpt-4o-mini", answer)})
	c, err := New(Config{BaseURL: srv.URL, APIKey: "k", Model: "gpt-4o-mini"})
	if err != nil {
		b.Fatal(err)
	}
	s, err := llm.SchemaFor[llmtest.JudgeAnswer]("judge_assessment")
	if err != nil {
		b.Fatal(err)
	}
	var prompt strings.Builder
	for i := range 30 {
		fmt.Fprintf(&prompt, "[%d] Title %d (PMID %d)\n%s\n\n", i+1, i, 31000000+i, strings.Repeat("Metformin improved cognitive scores in older adults with type 2 diabetes. ", 20))
	}
	req := llm.Request{System: "You are a biomedical evidence judge.", Messages: []llm.Message{{Role: llm.RoleUser, Content: prompt.String()}}, Schema: s}
	rec := llm.RecorderFunc(func(context.Context, llm.CallRecord) error { return nil })
	b.ReportAllocs()
	cpu, n := llmtest.StartCPU(), 0
	for b.Loop() {
		n++
		if _, _, err := llm.Generate(context.Background(), c, req, llm.Options[llmtest.JudgeAnswer]{Recorder: rec, Provider: domain.ProviderOpenAI}); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b, n)
}
