package judge

import (
	"fmt"
	"strings"
	"testing"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/prompts"
)

// seedPrompt reproduces the naive prompt format: every item, content cut at 1,500
// characters, no budget.
func seedPrompt(question string, ev []domain.Evidence) (string, int) {
	var b strings.Builder
	truncated := 0
	fmt.Fprintf(&b, "## Research Question\n%s\n\n## Available Evidence (%d sources)\n\n", question, len(ev))
	for i, e := range ev {
		content := e.Content
		if len([]rune(content)) > 1500 {
			content = string([]rune(content)[:1500]) + "..."
			truncated++
		}
		fmt.Fprintf(&b, "### Evidence %d\n**Source**: %s - %s\n**URL**: %s\n**Date**: %s\n**Content**:\n%s\n\n",
			i+1, strings.ToUpper(string(e.Citation.Source)), e.Citation.Title, e.Citation.URL, e.Citation.Date, content)
	}
	b.WriteString("## Your Task\n\nEvaluate this evidence and determine if it's sufficient to recommend drug repurposing candidates.\nRespond with a JSON object matching the JudgeAssessment schema.\n")
	return b.String(), truncated
}

// BenchmarkRenderAndPack30 measures building the full judge prompt (heuristics, packing,
// rendering) for 30 realistic abstracts at the default 8,000-token budget.
func BenchmarkRenderAndPack30(b *testing.B) {
	ev := thirtyEvidence()
	j := NewLLM(&scripted{}, llm.Info{Provider: domain.ProviderOllama, Model: "m"}, Options{})
	in := Input{Question: "What drugs could be repurposed for Alzheimer's disease?", Evidence: ev}
	b.ReportAllocs()
	for b.Loop() {
		a := analyze(in.Question, nil, ev, nil)
		if _, err := j.buildPrompt(in, a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPromptSize30 compares prompt size for the same 30 abstracts (1,500–3,000
// characters): our budgeted packing versus a fixed 1,500-character truncation.
func BenchmarkPromptSize30(b *testing.B) {
	ev := thirtyEvidence()
	q := "What drugs could be repurposed for Alzheimer's disease?"
	sys, _ := prompts.Render(prompts.JudgeSystem, nil)
	for _, budget := range []int{DefaultTokenBudget, 16000, 32000} {
		b.Run(fmt.Sprintf("budget=%d", budget), func(b *testing.B) {
			j := NewLLM(&scripted{}, llm.Info{Provider: domain.ProviderOllama, Model: "m"}, Options{TokenBudget: budget})
			var p builtPrompt
			for b.Loop() {
				var err error
				if p, err = j.buildPrompt(Input{Question: q, Evidence: ev}, analyze(q, nil, ev, nil)); err != nil {
					b.Fatal(err)
				}
			}
			seed, truncated := seedPrompt(q, ev)
			b.ReportMetric(float64(EstimateTokens(p.system)+EstimateTokens(p.user)), "ours_tokens")
			b.ReportMetric(float64(len(p.packed.Items)), "ours_items_whole")
			b.ReportMetric(float64(p.packed.Omitted), "ours_items_left_out")
			b.ReportMetric(float64(EstimateTokens(sys.Text)+EstimateTokens(seed)), "seed_tokens")
			b.ReportMetric(float64(len(ev)), "seed_items")
			b.ReportMetric(float64(truncated), "seed_items_cut")
		})
	}
}

// BenchmarkAnalyze30 measures the heuristic pre-analysis of 30 items.
func BenchmarkAnalyze30(b *testing.B) {
	ev := thirtyEvidence()
	b.ReportAllocs()
	for b.Loop() {
		Analyze("What drugs could be repurposed for Alzheimer's disease?", ev, nil)
	}
	b.ReportMetric(float64(len(ev))*float64(b.N)/b.Elapsed().Seconds(), "items/s")
}
