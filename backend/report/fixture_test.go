package report

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/verify/grounding"
	goldenfile "deepcritical/internal/golden"
)

var t0 = time.Date(2025, 3, 14, 9, 26, 53, 0, time.UTC)

// sampleEvidence is a small, realistic evidence set: a PubMed RCT with MeSH and chemicals,
// a Europe PMC review, a registered trial, and a web page with a hostile title.
func sampleEvidence() []domain.Evidence {
	return []domain.Evidence{
		{
			Content: "BACKGROUND: Metformin may protect against dementia. RESULTS: In 2,000 adults with type 2 diabetes, metformin use was associated with slower cognitive decline over four years.",
			Citation: domain.Citation{Source: domain.SourcePubMed, ID: "31234567", PMID: "31234567", DOI: "10.1000/jad.2019.001",
				Title: "Metformin and cognitive decline in older adults with diabetes: a randomized trial", URL: "https://pubmed.ncbi.nlm.nih.gov/31234567/",
				Date: "2019-06-01", Authors: []string{"Smith J", "Doe A", "Nguyen T", "Müller K"}, Journal: "J Alzheimers Dis",
				PublicationTypes: []string{"Journal Article", "Randomized Controlled Trial"}, Chemicals: []string{"Metformin", "Hypoglycemic Agents"},
				MeshTerms: []string{"Alzheimer Disease", "Cognitive Dysfunction"}, Volume: "70", Issue: "2", Pages: "455-466"},
			Relevance: 0.92,
		},
		{
			Content: "Glucagon-like peptide 1 agonists such as liraglutide reduce neuroinflammation and amyloid burden in mouse models of Alzheimer's disease.",
			Citation: domain.Citation{Source: domain.SourceEuropePMC, ID: "PMC7654321", PMCID: "PMC7654321", DOI: "10.1000/neuro.2021.77",
				Title: "GLP-1 receptor agonists in neurodegeneration: a review", URL: "https://europepmc.org/article/PMC/PMC7654321",
				Date: "2021", Authors: []string{"Garcia L"}, Journal: "Neuropharmacology", PublicationTypes: []string{"Review"}},
			Relevance: 0.81,
		},
		{
			Content: "Evaluating liraglutide in Alzheimer's disease (ELAD): a phase 2b trial of daily liraglutide injection.",
			Citation: domain.Citation{Source: domain.SourceClinicalTrials, ID: "NCT01843075", NCTID: "NCT01843075",
				Title: "Evaluating Liraglutide in Alzheimer's Disease (ELAD)", URL: "https://clinicaltrials.gov/study/NCT01843075", Date: "2014-01",
				Trial: &domain.Trial{Phase: "PHASE2", Status: "COMPLETED", Enrollment: 204, Conditions: []string{"Alzheimer Disease"},
					Interventions: []domain.Intervention{{Type: "DRUG", Name: "Liraglutide"}, {Type: "DRUG", Name: "Placebo"}}}},
			Relevance: 0.77,
		},
		{
			Content: "A blog post <b>claims</b> things | with pipes.",
			Citation: domain.Citation{Source: domain.SourceWeb, ID: "https://example.org/x",
				Title: `<script>alert("x")</script> *bold* [link](javascript:alert(1)) =HYPERLINK("evil")`, URL: "javascript:alert(1)"},
			Relevance: 0.3,
		},
	}
}

func sampleAssessment(kind domain.JudgeKind) domain.Assessment {
	a := domain.Assessment{
		Details: domain.AssessmentDetails{
			MechanismScore: 7, MechanismReasoning: "GLP-1 agonists reduce neuroinflammation in models [2].",
			ClinicalEvidenceScore: 5, ClinicalReasoning: "One randomized trial of metformin [1] and a registered phase 2 trial [3].",
			DrugCandidates: []string{"Liraglutide", "Metformin", "Donepezil"},
			KeyFindings:    []string{"Metformin use was associated with slower cognitive decline in adults with diabetes", "Aspirin prevents dementia in smokers"},
		},
		Sufficient: true, Confidence: 0.72, Recommendation: domain.RecommendSynthesize,
		Reasoning: "Two candidates have mechanistic and clinical support; evidence is sufficient for a first synthesis.",
		Judge:     domain.JudgeInfo{Provider: domain.ProviderOffline, Model: "heuristic-v1", Kind: kind, PromptVersion: "h1"},
	}
	if kind == domain.JudgeKindFallback {
		a.Judge = domain.JudgeInfo{Provider: domain.ProviderOpenAI, Model: "gpt-4o-mini", Kind: kind, Error: "invalid or unauthorised key for openai"}
	}
	return a
}

func sampleAppraisals(ev []domain.Evidence) map[string]domain.Appraisal {
	return map[string]domain.Appraisal{
		ev[0].CanonicalKey(): {
			Findings: map[string]domain.Finding{"design": {Value: "rct", Quote: "a randomized trial"}},
			Dimensions: []domain.Dimension{
				{Name: domain.DimensionQuality, Score: 6.5, Status: domain.StatusAssessed},
				{Name: domain.DimensionRiskOfBias, Score: 7.5, Status: domain.StatusAssessed},
			},
			Weight: 0.7,
		},
		ev[1].CanonicalKey(): {
			Findings: map[string]domain.Finding{"design": {Value: "review"}},
			Dimensions: []domain.Dimension{
				{Name: domain.DimensionQuality, Status: domain.StatusNotAssessed, Error: "no methods section"},
				{Name: domain.DimensionRiskOfBias, Status: domain.StatusNotAssessed, Error: "no methods section"},
			},
		},
	}
}

func sampleRun() domain.Run {
	fin := t0.Add(95 * time.Second)
	return domain.Run{
		ID: "run_20250314_0001", Question: "What drugs could be repurposed for Alzheimer's disease?",
		Config: domain.DefaultRunConfig(), Status: domain.RunComplete, StopReason: "sufficient", Iterations: 2,
		Judge:     domain.JudgeInfo{Provider: domain.ProviderOffline, Model: "heuristic-v1", Kind: domain.JudgeKindOffline},
		CreatedAt: t0, UpdatedAt: fin, FinishedAt: &fin,
	}
}

func sampleVerification(ix *grounding.Index) *Verification {
	checks := &grounding.Checks{Passed: false, FindingThreshold: grounding.FindingThreshold, Items: []grounding.Check{
		{Kind: grounding.KindCandidate, Item: "Liraglutide", Supported: true, Evidence: ix.MatchName("Liraglutide")},
		{Kind: grounding.KindCandidate, Item: "Metformin", Supported: true, Evidence: ix.MatchName("Metformin")},
		{Kind: grounding.KindCandidate, Item: "Donepezil", Supported: false},
	}}
	return &Verification{Status: domain.ReportFailed, Checks: checks, Verdict: &domain.Verdict{
		Pass: false, Reason: "1 drug candidate and 1 finding are not supported by the stored evidence.",
		MissingItems:    []string{"unsupported drug candidate: Donepezil", "unsupported finding: Aspirin prevents dementia in smokers"},
		ForwardProgress: true, SuggestedNextSteps: []string{"Donepezil Alzheimer disease"}}}
}

func sampleExportRun() ExportRun {
	ev := sampleEvidence()
	run := sampleRun()
	a := sampleAssessment(domain.JudgeKindOffline)
	h := &domain.Heuristics{BaseScore: 40, FinalScore: 62, RedFlags: []string{"possible prompt injection in evidence [4]"},
		Candidates: []domain.Candidate{{Name: "Liraglutide", Support: 2}, {Name: "Metformin", Support: 1}}}
	first := a
	first.Sufficient, first.Recommendation, first.Details.DrugCandidates = false, domain.RecommendContinue, []string{"Metformin"}
	v := sampleVerification(grounding.NewIndex(ev))
	checks, _ := json.Marshal(v.Checks)
	narr, _ := json.Marshal(map[string]any{"narrative": Narrative{Text: "Built offline.", Offline: true, By: a.Judge}})
	events := []domain.Event{
		{RunID: run.ID, Seq: 1, Type: domain.EventStarted, Message: "Starting research", Time: t0},
		{RunID: run.ID, Seq: 2, Type: domain.EventSearching, Iteration: 1, Message: "Searching", Data: json.RawMessage(`{"queries":["alzheimer drugs"]}`), Time: t0.Add(time.Second)},
		{RunID: run.ID, Seq: 3, Type: domain.EventVerifying, Iteration: 2, Message: "Verifying", Data: narr, Time: t0.Add(90 * time.Second)},
		{RunID: run.ID, Seq: 4, Type: domain.EventComplete, Iteration: 2, Message: "Done", Time: t0.Add(95 * time.Second)},
	}
	er := ExportRun{
		Run: run, Events: events, Evidence: ev, Appraisals: sampleAppraisals(ev),
		Assessments: []domain.StoredAssessment{
			{Iteration: 1, Assessment: first, Heuristics: h, CreatedAt: t0.Add(30 * time.Second)},
			{Iteration: 2, Assessment: a, Heuristics: h, CreatedAt: t0.Add(80 * time.Second)},
			{Iteration: 2, Label: "rejudge:openai", Assessment: sampleAssessment(domain.JudgeKindFallback), CreatedAt: t0.Add(200 * time.Second)},
		},
		Verdicts: []domain.StoredVerdict{{Iteration: 2, Verdict: *v.Verdict, Checks: checks, CreatedAt: t0.Add(92 * time.Second)}},
	}
	in := InputFromExport(er)
	in.Verification = v
	er.Report = &domain.StoredReport{Markdown: Build(in).Markdown, Status: domain.ReportFailed, CreatedAt: t0.Add(93 * time.Second)}
	return er
}

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	want := goldenfile.File(t, filepath.Join("testdata", name), got)
	require.Equal(t, string(want), string(got), "golden %s differs: run with -update after checking the diff", name)
}
