package runs_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/judge"
	"deepcritical/backend/llm"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/report"
	"deepcritical/backend/report/narrative"
	"deepcritical/backend/runs"
	"deepcritical/backend/search"
	"deepcritical/backend/store"
	"deepcritical/backend/verify"
)

// The search fan-out is the loop's searcher as it is.
var _ orchestrator.Searcher = (*search.Fanout)(nil)

const question = "What drugs could be repurposed for Alzheimer's disease?"

func evidence(n int) []domain.Evidence {
	out := []domain.Evidence{
		{Content: "Evaluating liraglutide in Alzheimer's disease: a phase 2b randomised, double-blind, placebo-controlled trial of daily liraglutide.",
			Citation: domain.Citation{Source: domain.SourceClinicalTrials, ID: "NCT01843075", NCTID: "NCT01843075", Title: "Evaluating Liraglutide in Alzheimer's Disease (ELAD)",
				URL: "https://clinicaltrials.gov/study/NCT01843075", Date: "2014-01-10",
				Trial: &domain.Trial{Phase: "PHASE2", Status: "COMPLETED", Enrollment: 204, Conditions: []string{"Alzheimer Disease"},
					Interventions: []domain.Intervention{{Type: "DRUG", Name: "Liraglutide"}, {Type: "DRUG", Name: "Placebo"}}}},
			Relevance: 0.9},
	}
	for i := 0; i < n; i++ {
		out = append(out, domain.Evidence{
			Content: fmt.Sprintf("RESULTS: In cohort %d, metformin use was associated with a lower incidence of Alzheimer's disease and slower cognitive decline.", i),
			Citation: domain.Citation{Source: domain.SourcePubMed, PMID: fmt.Sprint(31000000 + i), DOI: fmt.Sprintf("10.1000/ad.%d", i),
				Title: fmt.Sprintf("Metformin and incident Alzheimer's disease in cohort %d", i), Date: "2020-02-01",
				URL: fmt.Sprintf("https://pubmed.ncbi.nlm.nih.gov/%d/", 31000000+i), Authors: []string{"Lee K", "Park S"}, Journal: "Neurology",
				PublicationTypes: []string{"Journal Article", "Observational Study"}, Chemicals: []string{"Metformin"}, MeshTerms: []string{"Alzheimer Disease"}},
			Relevance: 0.8})
	}
	return out
}

func openTempStore(t *testing.T) *store.Store {
	s, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "dc.db"))
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func searcher(per int) orchestrator.SearcherFunc {
	var calls atomic.Int32
	return func(ctx context.Context, q []string, src []domain.Source, max int) domain.SearchResult {
		n := int(calls.Add(1))
		return domain.SearchResult{Query: strings.Join(q, " | "), Evidence: evidence(per * n), SourcesSearched: src}
	}
}

// TestOfflineRunToEveryExport runs the real offline judge, report and verifier over a real
// store, then exports the stored run in every format.
func TestOfflineRunToEveryExport(t *testing.T) {
	s := openTempStore(t)
	o, err := orchestrator.New(orchestrator.Deps{Searcher: searcher(2), Judge: runs.Judge{J: judge.NewOffline()}, Store: s,
		Synthesizer: runs.Synthesizer{}, Verifier: runs.Verifier{V: verify.New(verify.Options{})}},
		orchestrator.Options{Judge: domain.JudgeInfo{Provider: domain.ProviderOffline, Kind: domain.JudgeKindOffline}})
	require.NoError(t, err)
	run, err := o.Run(context.Background(), question, domain.DefaultRunConfig())
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	require.Equal(t, domain.JudgeKindOffline, run.Judge.Kind)

	er, err := report.LoadExportRun(context.Background(), s, run.ID)
	require.NoError(t, err)
	require.NotNil(t, er.Report)
	require.NotEmpty(t, er.Evidence)
	require.NotEmpty(t, er.Assessments)
	require.Contains(t, er.Report.Markdown, "Offline heuristic judge — no language model was used")
	require.Contains(t, er.Report.Markdown, "For research only — not medical advice.")
	// The offline judge names only drugs from structured fields, so its report is grounded.
	require.NotContains(t, er.Report.Markdown, "UNSUPPORTED", er.Report.Markdown)
	require.Equal(t, domain.ReportVerified, er.Report.Status, er.Report.Markdown)

	for _, f := range report.Formats {
		var buf bytes.Buffer
		require.NoError(t, report.Export(er, f, &buf), f)
		require.NotZero(t, buf.Len(), f)
	}
	// Rebuilding from storage gives the report of record.
	require.Equal(t, er.Report.Markdown, report.Build(report.InputFromExport(er)).Markdown)
	var whole map[string]any
	var buf bytes.Buffer
	require.NoError(t, report.Export(er, "json", &buf))
	require.NoError(t, json.Unmarshal(buf.Bytes(), &whole))
	require.Len(t, whole["events"], len(er.Events))
	require.Len(t, whole["verdicts"], 1)
}

// scriptedLLM is the minimal llm.Client seam: one canned text answer, calls counted.
type scriptedLLM struct {
	text  string
	calls atomic.Int32
}

func (f *scriptedLLM) Complete(_ context.Context, req llm.Request) (llm.Response, error) {
	f.calls.Add(1)
	return llm.Response{Text: f.text, Model: "fake-llm", Raw: `{"content":"` + f.text + `"}`}, nil
}

func TestNarrativeIsWrittenOnceAndSurvivesExport(t *testing.T) {
	s := openTempStore(t)
	fake := &scriptedLLM{text: "Liraglutide was tested in a completed phase 2 trial [1], and metformin use was associated with lower incidence in cohorts [2]."}
	var recorded atomic.Int32
	rec := llm.RecorderFunc(func(context.Context, llm.CallRecord) error { recorded.Add(1); return nil })
	narr := narrative.New(fake, llm.Info{Provider: domain.ProviderCompatible, Model: "fake-llm"}, narrative.Options{Recorder: rec})
	o, err := orchestrator.New(orchestrator.Deps{Searcher: searcher(2), Judge: runs.Judge{J: judge.NewOffline()}, Store: s,
		Synthesizer: runs.Synthesizer{Narrator: narr}, Verifier: runs.Verifier{V: verify.New(verify.Options{})}}, orchestrator.Options{})
	require.NoError(t, err)
	run, err := o.Run(context.Background(), question, domain.DefaultRunConfig())
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status)
	rounds := 0
	events, err := s.ListEvents(context.Background(), run.ID, 0)
	require.NoError(t, err)
	for _, e := range events {
		if e.Type == domain.EventVerifying {
			rounds++
		}
	}
	require.Equal(t, int32(rounds), fake.calls.Load(), "one narrative call per synthesis round, none for the final rendering")
	require.Equal(t, fake.calls.Load(), recorded.Load(), "every exchange is recorded")

	er, err := report.LoadExportRun(context.Background(), s, run.ID)
	require.NoError(t, err)
	require.Contains(t, er.Report.Markdown, "Liraglutide was tested in a completed phase 2 trial [1]")
	require.Contains(t, er.Report.Markdown, "Written by compatible (fake-llm) from the stored evidence only.")
	var html bytes.Buffer
	require.NoError(t, report.Export(er, "html", &html))
	require.Contains(t, html.String(), `Liraglutide was tested in a completed phase 2 trial <a href="#ref-1">[1]</a>`)
}

func TestNarrativeCitingMissingEvidenceFallsBack(t *testing.T) {
	fake := &scriptedLLM{text: "Donepezil works [42]."}
	narr := narrative.New(fake, llm.Info{Provider: domain.ProviderOllama, Model: "fake-llm"}, narrative.Options{})
	a := domain.Assessment{Details: domain.AssessmentDetails{MechanismReasoning: "mechanism text", ClinicalReasoning: "clinical text"},
		Reasoning: "reasoning long enough here", Recommendation: domain.RecommendContinue,
		Judge: domain.JudgeInfo{Provider: domain.ProviderOllama, Model: "fake-llm", Kind: domain.JudgeKindLLM}}
	out, err := runs.Synthesizer{Narrator: narr}.Synthesize(context.Background(), orchestrator.SynthesisInput{
		Run: domain.Run{ID: "r", Question: question}, Evidence: evidence(1), Assessment: &a, AllowLLM: true})
	require.NoError(t, err)
	require.Contains(t, out.Markdown, "The LLM narrative could not be written")
	require.Contains(t, out.Markdown, `cites evidence that does not exist: \[42\]`, "escaped, so it is not a citation of the report")
	require.NotContains(t, out.Markdown, "Donepezil works")
}
