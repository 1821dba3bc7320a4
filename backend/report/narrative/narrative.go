// Package narrative asks the configured LLM judge for the short narrative of a report,
// written from the stored evidence only (prompts/synthesis_narrative.md). It lives apart from
// backend/report so the report builder itself stays free of LLM dependencies.
package narrative

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/report"
	"deepcritical/backend/verify/grounding"
	"deepcritical/prompts"
)

// Options configure a Narrator.
type Options struct {
	Recorder llm.Recorder
	// MaxWords bounds the narrative (default 250).
	MaxWords int
	// CharBudget bounds the evidence text in the prompt (default 24,000 chars ≈ 6,000 tokens).
	CharBudget int
}

// Narrator writes narratives with one LLM.
type Narrator struct {
	c    llm.Client
	info llm.Info
	opts Options
}

// New returns a Narrator for the client described by info.
func New(c llm.Client, info llm.Info, opts Options) *Narrator {
	if opts.MaxWords <= 0 {
		opts.MaxWords = 250
	}
	if opts.CharBudget <= 0 {
		opts.CharBudget = 24000
	}
	return &Narrator{c: c, info: info, opts: opts}
}

// perItemChars caps one evidence item in the prompt.
const perItemChars = 2000

// Write asks the model for the narrative. The evidence numbers in the prompt are the
// report's citation numbers, so the [n] the model writes resolve in the report (and the
// verifier checks that they do). The exchange is recorded; the answer is free text.
func (n *Narrator) Write(ctx context.Context, in report.Input) (report.Narrative, error) {
	if in.Assessment == nil {
		return report.Narrative{}, domain.Errorf(domain.CodeInvalid, "no assessment to narrate")
	}
	r := report.Build(in)
	data := prompts.SynthesisData{
		Question: in.Run.Question, MechanismScore: in.Assessment.Details.MechanismScore, ClinicalScore: in.Assessment.Details.ClinicalEvidenceScore,
		Confidence: in.Assessment.Confidence, Sufficient: in.Assessment.Sufficient, MaxWords: n.opts.MaxWords,
	}
	for _, c := range r.Candidates {
		if !c.Flagged {
			data.Candidates = append(data.Candidates, prompts.CandidateLine{Name: c.Name, Support: len(c.Citations), Evidence: c.Citations})
		}
	}
	for _, f := range r.Findings {
		if !f.Flagged {
			data.KeyFindings = append(data.KeyFindings, f.Text)
		}
	}
	used := 0
	var offTopic []int
	for i, ev := range in.Evidence {
		if ev.IsOffTopic() {
			// Off-topic evidence is never put in an LLM prompt (as for the judge); its
			// number stays unused, so citations keep the report's numbering.
			offTopic = append(offTopic, i+1)
			continue
		}
		text := strings.TrimSpace(ev.Content)
		if len(text) > perItemChars {
			text = strings.ToValidUTF8(text[:perItemChars], "") + "…"
		}
		if used+len(text) > n.opts.CharBudget {
			data.Omitted++
			continue
		}
		used += len(text)
		row := r.Rows[i]
		data.Evidence = append(data.Evidence, prompts.EvidenceItem{N: i + 1, Source: string(ev.Citation.Source), Title: ev.Citation.Title,
			Date: ev.Citation.Date, Design: row.Design, URL: ev.Citation.URL, Content: text})
	}
	data.SetAside = len(offTopic)
	p, err := prompts.Render("synthesis_narrative.md", data)
	if err != nil {
		return report.Narrative{}, fmt.Errorf("render narrative prompt: %w", err)
	}
	req := llm.Request{Messages: []llm.Message{{Role: "user", Content: p.Text}}, Model: n.info.Model, Temperature: 0.2, MaxTokens: 4096}
	start := time.Now()
	resp, err := n.c.Complete(llm.WithCallInfo(ctx, "narrative", n.info.Provider, n.info.Model), req)
	rec := llm.CallRecord{RunID: in.Run.ID, Purpose: "narrative", Provider: n.info.Provider, Model: n.info.Model, PromptVersion: p.Version,
		Request: p.Text, Response: resp.Raw, Latency: time.Since(start), InputTokens: resp.InputTokens, OutputTokens: resp.OutputTokens, CostUSD: resp.CostUSD}
	if resp.Model != "" {
		rec.Model = resp.Model
	}
	if rec.Response == "" {
		rec.Response = resp.Text
	}
	if err != nil {
		rec.Error = err.Error()
	}
	if n.opts.Recorder != nil {
		// A lost audit row must not cost the user the narrative; the store logs its own errors.
		_ = n.opts.Recorder.RecordLLMCall(context.WithoutCancel(ctx), rec)
	}
	if err != nil {
		return report.Narrative{}, err
	}
	text := strings.TrimSpace(llm.StripThink(resp.Text))
	if text == "" {
		return report.Narrative{}, &llm.Error{Kind: llm.KindInvalidOutput, Provider: n.info.Provider, Model: rec.Model, Message: "the model returned an empty narrative"}
	}
	if bad := outOfRange(text, len(in.Evidence)); len(bad) > 0 {
		return report.Narrative{}, &llm.Error{Kind: llm.KindInvalidOutput, Provider: n.info.Provider, Model: rec.Model,
			Message: fmt.Sprintf("the narrative cites evidence that does not exist: %s", grounding.FormatCitations(bad))}
	}
	if bad := citedAmong(text, offTopic); len(bad) > 0 {
		return report.Narrative{}, &llm.Error{Kind: llm.KindInvalidOutput, Provider: n.info.Provider, Model: rec.Model,
			Message: fmt.Sprintf("the narrative cites evidence set aside as off-topic: %s", grounding.FormatCitations(bad))}
	}
	return report.Narrative{Text: text, By: domain.JudgeInfo{Provider: n.info.Provider, Model: rec.Model, PromptVersion: p.Version, Kind: domain.JudgeKindLLM}}, nil
}

// citedAmong returns the citation numbers of text that are in ns.
func citedAmong(text string, ns []int) []int {
	var out []int
	for _, c := range grounding.CitationNumbers(text) {
		if slices.Contains(ns, c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

func outOfRange(text string, n int) []int {
	var bad []int
	for _, c := range grounding.CitationNumbers(text) {
		if c < 1 || c > n {
			bad = append(bad, c)
		}
	}
	return bad
}
