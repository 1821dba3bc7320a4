package verify

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/report"
	"deepcritical/backend/verify/grounding"
)

const question = "What drugs could be repurposed for Alzheimer's disease?"

func evidence() []domain.Evidence {
	return []domain.Evidence{
		{Content: "In adults with type 2 diabetes, metformin use was associated with slower cognitive decline and lower Alzheimer's disease incidence.",
			Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: "Metformin and dementia risk", Chemicals: []string{"Metformin Hydrochloride"}}},
		{Content: "GLP-1 receptor agonists reduce neuroinflammation and amyloid burden in mouse models of Alzheimer disease.",
			Citation: domain.Citation{Source: domain.SourceEuropePMC, PMCID: "PMC2", Title: "Anti-inflammatory GLP-1 agonists in neurodegeneration"}},
		{Content: "Phase 2 trial of liraglutide.", Citation: domain.Citation{Source: domain.SourceClinicalTrials, NCTID: "NCT01843075",
			Title: "Evaluating Liraglutide in Alzheimer's Disease", Trial: &domain.Trial{Interventions: []domain.Intervention{{Type: "DRUG", Name: "Liraglutide"}}}}},
	}
}

func assessment(candidates, findings []string) domain.Assessment {
	return domain.Assessment{
		Details: domain.AssessmentDetails{MechanismScore: 6, MechanismReasoning: "GLP-1 agonists reduce neuroinflammation [2].",
			ClinicalEvidenceScore: 5, ClinicalReasoning: "Observational data on metformin [1] and a phase 2 trial [3].",
			DrugCandidates: candidates, KeyFindings: findings},
		Sufficient: true, Confidence: 0.7, Recommendation: domain.RecommendSynthesize,
		Reasoning: "Enough evidence for a first synthesis of Alzheimer's disease candidates.",
		Judge:     domain.JudgeInfo{Provider: domain.ProviderOffline, Model: "heuristic-v1", Kind: domain.JudgeKindOffline},
	}
}

// inputFromReport builds the verify input exactly as the orchestrator does: from the report.
func inputFromReport(a domain.Assessment) Input {
	ev := evidence()
	r := report.Build(report.Input{Run: domain.Run{ID: "r1", Question: question, StopReason: "sufficient", Iterations: 1}, Evidence: ev, Assessment: &a})
	return Input{RunID: "r1", Question: question, Markdown: r.Markdown, Candidates: a.Details.DrugCandidates, Findings: a.Details.KeyFindings, Evidence: ev}
}

func TestAllSupportedPasses(t *testing.T) {
	in := inputFromReport(assessment([]string{"Metformin", "Liraglutide"}, []string{"Metformin use is associated with slower cognitive decline"}))
	res, err := New(Options{}).Verify(context.Background(), in)
	require.NoError(t, err)
	require.True(t, res.Verdict.Pass, res.Verdict.Reason)
	require.True(t, res.Checks.Passed)
	require.Empty(t, res.Verdict.MissingItems)
	require.NoError(t, res.Verdict.Validate())
	require.Equal(t, 1.0, *res.Verdict.ConvergenceEstimate)
}

func TestAbsentDrugIsFlagged(t *testing.T) {
	in := inputFromReport(assessment([]string{"Metformin", "Donepezil"}, nil))
	res, err := New(Options{}).Verify(context.Background(), in)
	require.NoError(t, err)
	require.False(t, res.Verdict.Pass)
	require.Equal(t, []string{"Donepezil"}, res.Checks.Unsupported(grounding.KindCandidate))
	require.Contains(t, res.Verdict.MissingItems, "unsupported drug candidate: Donepezil")
	require.Contains(t, res.Verdict.SuggestedNextSteps, "Donepezil alzheimer disease")
	require.Contains(t, res.Verdict.Reason, "1 of")
}

func TestVariantsMatch(t *testing.T) {
	cases := []string{"metformin", "METFORMIN", "Metformin hydrochloride", "metformin-hydrochloride", "GLP1 agonists", "GLP-1 Receptor Agonist",
		"liraglutide (Victoza)", "anti inflammatory glp 1 agonist"}
	for _, c := range cases {
		t.Run(c, func(t *testing.T) {
			checks := Deterministic(Input{Question: question, Candidates: []string{c}, Evidence: evidence(), Markdown: "alzheimer disease"})
			require.True(t, checks.Passed, "%+v", checks.Items)
		})
	}
}

func TestDeterministicChecks(t *testing.T) {
	ev := evidence()
	cases := []struct {
		name     string
		markdown string
		findings []string
		kind     grounding.CheckKind
		item     string
	}{
		{"citation out of range", "Alzheimer disease: see [1] and [7].", nil, grounding.KindCitation, "[7]"},
		{"citation zero", "Alzheimer disease [0]", nil, grounding.KindCitation, "[0]"},
		{"placeholder", "Alzheimer disease: TODO add trials", nil, grounding.KindPlaceholder, "TODO"},
		{"lorem", "Alzheimer disease lorem ipsum", nil, grounding.KindPlaceholder, "lorem ipsum"},
		{"question concept", question + " Only metformin is discussed here.", nil, grounding.KindQuestionTerm, "Alzheimer disease"},
		{"finding", "Alzheimer disease", []string{"Aspirin prevents dementia in smokers"}, grounding.KindFinding, "Aspirin prevents dementia in smokers"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Question: question, Markdown: tc.markdown, Findings: tc.findings, Evidence: ev}
			checks := Deterministic(in)
			require.False(t, checks.Passed)
			require.Contains(t, checks.Unsupported(tc.kind), tc.item)
			v := DeterministicVerdict(in, checks)
			require.False(t, v.Pass)
			require.NotEmpty(t, v.MissingItems)
			require.NoError(t, v.Validate())
		})
	}
}

func TestForwardProgress(t *testing.T) {
	in := Input{Question: question, Markdown: "alzheimer disease", Candidates: []string{"Donepezil"}, Evidence: evidence(),
		Previous: []domain.Verdict{{MissingItems: []string{"a", "b"}}}}
	v := DeterministicVerdict(in, Deterministic(in))
	require.True(t, v.ForwardProgress, "1 missing item < 2 before")
	in.Previous = []domain.Verdict{{MissingItems: []string{"a"}}}
	v = DeterministicVerdict(in, Deterministic(in))
	require.False(t, v.ForwardProgress)
}

// fakeLLM is the minimal llm.Client seam: it replays canned answers in order and counts calls.
type fakeLLM struct {
	mu      sync.Mutex
	answers []string
	err     error
	calls   int
	last    llm.Request
}

func (f *fakeLLM) Complete(_ context.Context, req llm.Request) (llm.Response, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	f.last = req
	if f.err != nil {
		return llm.Response{}, f.err
	}
	a := f.answers[0]
	if len(f.answers) > 1 {
		f.answers = f.answers[1:]
	}
	return llm.Response{Text: a, Model: "fake-model"}, nil
}

func verdictJSON(pass bool, reason string, missing ...string) string {
	b, _ := json.Marshal(map[string]any{"pass": pass, "reason": reason, "missing_items": append([]string{}, missing...),
		"questions_for_user": []string{"Which population?"}, "forward_progress": true, "convergence_estimate": 0.8,
		"suggested_next_steps": []string{"metformin alzheimer randomized trial"}})
	return string(b)
}

func TestLLMVerdictCombined(t *testing.T) {
	good := inputFromReport(assessment([]string{"Metformin"}, nil))
	bad := inputFromReport(assessment([]string{"Donepezil"}, nil))
	info := llm.Info{Provider: domain.ProviderOpenAI, Model: "gpt-test"}
	cases := []struct {
		name    string
		in      Input
		answers []string
		pass    bool
		calls   int
	}{
		{"both pass", good, []string{verdictJSON(true, "Grounded and complete.")}, true, 1},
		{"llm fails", good, []string{verdictJSON(false, "Safety is not discussed.", "safety of metformin")}, false, 1},
		{"code fails, llm passes after feedback", bad, []string{verdictJSON(true, "Looks fine."), verdictJSON(true, "Donepezil is unsupported.", "Donepezil")}, false, 2},
		{"fenced answer with preamble", good, []string{"Here is the verdict:\n```json\n" + verdictJSON(true, "Fine.") + "\n```"}, true, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeLLM{answers: tc.answers}
			res, err := New(Options{Client: f, Info: info}).Verify(context.Background(), tc.in)
			require.NoError(t, err)
			require.Equal(t, tc.pass, res.Verdict.Pass, res.Verdict.Reason)
			require.Equal(t, tc.calls, f.calls)
			require.NotNil(t, res.Checks.LLMVerdict)
			require.Equal(t, "openai/gpt-test", res.Checks.LLMJudge)
			require.Contains(t, res.Verdict.QuestionsForUser, "Which population?")
			require.NoError(t, res.Verdict.Validate())
			require.Contains(t, f.last.Messages[0].Content, "<report>")
			require.NotEmpty(t, f.last.System)
		})
	}
}

// TestLLMVerifierSeesNoOffTopicEvidence: evidence set aside as off-topic is not put in the
// verifier's prompt; the model is told its numbers, so a claim citing it can be flagged.
func TestLLMVerifierSeesNoOffTopicEvidence(t *testing.T) {
	in := inputFromReport(assessment([]string{"Metformin"}, nil))
	in.Evidence[1].Topic = &domain.Topic{OffTopic: true, Reason: "does not mention the condition"}
	f := &fakeLLM{answers: []string{verdictJSON(true, "Grounded.")}}
	_, err := New(Options{Client: f, Info: llm.Info{Provider: domain.ProviderOpenAI, Model: "gpt-test"}}).Verify(context.Background(), in)
	require.NoError(t, err)
	prompt := f.last.Messages[0].Content
	require.NotContains(t, prompt, "GLP-1 receptor agonists reduce neuroinflammation")
	require.Contains(t, prompt, "Evidence [2] was set aside as off-topic for the question and is not shown")
	require.Contains(t, prompt, "Phase 2 trial of liraglutide.", "the items after it are shown under their own numbers")
}

func TestLLMErrorLeavesUnverified(t *testing.T) {
	in := inputFromReport(assessment([]string{"Metformin"}, nil))
	f := &fakeLLM{err: &llm.Error{Kind: llm.KindUnavailable, Provider: domain.ProviderOllama, Message: "Ollama is not answering at http://127.0.0.1:11434"}}
	res, err := New(Options{Client: f, Info: llm.Info{Provider: domain.ProviderOllama, Model: "llama3.1"}}).Verify(context.Background(), in)
	require.Error(t, err, "a verifier error is never a silent pass")
	require.True(t, res.Checks.Passed, "deterministic results are still returned")
	require.Nil(t, res.Checks.LLMVerdict)
	require.Contains(t, res.Checks.LLMError, "not answering")

	f = &fakeLLM{answers: []string{"I cannot answer that."}}
	_, err = New(Options{Client: f, Info: llm.Info{Provider: domain.ProviderOllama, Model: "llama3.1"}, Attempts: 2}).Verify(context.Background(), in)
	require.Error(t, err)
	require.Equal(t, 2, f.calls)
}

func TestCombine(t *testing.T) {
	ce := func(f float64) *float64 { return &f }
	det := domain.Verdict{Pass: true, Reason: "ok", ConvergenceEstimate: ce(1), ForwardProgress: true}
	lv := domain.Verdict{Pass: false, Reason: "missing safety", MissingItems: []string{"safety"}, ConvergenceEstimate: ce(0.4), ForwardProgress: true}
	out := Combine(det, lv)
	require.False(t, out.Pass)
	require.Equal(t, 0.4, *out.ConvergenceEstimate)
	require.Equal(t, []string{"safety"}, out.MissingItems)
	require.True(t, strings.HasPrefix(out.Reason, "LLM verifier: missing safety"))
}

func TestVerdictSchemaStrict(t *testing.T) {
	var s map[string]any
	require.NoError(t, json.Unmarshal(VerdictSchema().JSON, &s))
	require.Equal(t, false, s["additionalProperties"])
	require.Len(t, s["required"], 7)
}

// TestVerdictChecksConceptsNotWords: the question's condition and intervention must be
// addressed, in any wording; verbs, outcomes and generic words never fail a report.
func TestVerdictChecksConceptsNotWords(t *testing.T) {
	tests := []struct {
		name, question, markdown string
		missing                  []string
	}{
		{"verb never fails", "Does metformin improve cognition in Alzheimer's disease?",
			"Metformin was studied in patients with Alzheimer's disease; memory scores rose.", nil},
		{"generic words never fail", "What drugs could be repurposed for Alzheimer's disease?",
			"In Alzheimer's disease, metformin is the best-supported candidate.", nil},
		{"condition missing", "Does metformin improve cognition in Alzheimer's disease?",
			"Metformin lowered HbA1c in type 2 diabetes.", []string{`the question's condition "Alzheimer disease" is not addressed`}},
		{"intervention missing", "Can exercise improve outcomes after stroke?",
			"After stroke, aspirin prevents recurrence.", []string{`the question's intervention "exercise" is not addressed`}},
		{"hyphenated condition in parts", "Which drugs help BRAF-mutant melanoma?",
			"In melanoma with a BRAF V600E mutant allele, vemurafenib is used.", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Question: tc.question, Markdown: "# " + tc.question + "\n\n" + tc.markdown}
			v := DeterministicVerdict(in, Deterministic(in))
			var missing []string
			for _, m := range v.MissingItems {
				if strings.HasPrefix(m, "the question's") {
					missing = append(missing, m)
				}
			}
			require.Equal(t, tc.missing, missing, v.Reason)
		})
	}
}

// TestInterventionCheckAcceptsHonestNoneFound: a report that finds no study of the named
// intervention and claims nothing passes the intervention check (saying why); one that makes
// claims about something else, or leaves on-topic studies of the intervention unreported,
// still fails it. The window's statins example had failed verification for saying, rightly,
// that no study of statins was found.
func TestInterventionCheckAcceptsHonestNoneFound(t *testing.T) {
	const q = "Can statins prevent dementia in older adults?"
	offTopic := domain.Evidence{Content: "Mental-status tests in older adults.", Topic: &domain.Topic{OffTopic: true, Reason: "does not study statins"},
		Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: "Mental-status tests"}}
	onTopic := domain.Evidence{Content: "Simvastatin did not lower dementia incidence in older adults.", Topic: &domain.Topic{Score: 0.8},
		Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "2", Title: "Simvastatin and dementia"}}
	for _, tc := range []struct {
		name       string
		evidence   []domain.Evidence
		candidates []string
		findings   []string
		pass       bool
		detail     string
	}{
		{"nothing on topic, nothing claimed", []domain.Evidence{offTopic}, nil, nil, true, "no evidence studies statins, and the report claims no finding or candidate"},
		{"nothing found at all", nil, nil, nil, true, "no evidence studies statins"},
		{"another drug claimed", []domain.Evidence{offTopic}, []string{"Donepezil"}, nil, false, "no finding or candidate of the report involves statins"},
		{"a finding on off-topic evidence", []domain.Evidence{offTopic}, nil, []string{"Mental-status tests help [1]"}, false, "no finding or candidate"},
		{"on-topic study left unreported", []domain.Evidence{offTopic, onTopic}, nil, nil, false, "no finding or candidate"},
		{"the intervention is the candidate", []domain.Evidence{offTopic, onTopic}, []string{"Simvastatin"}, nil, true, ""},
		// An LLM's finding carries no citation number: it cites what it is grounded in, as
		// the report does. A harm or test question has no candidate to rest on.
		{"a finding written without a citation", []domain.Evidence{offTopic, onTopic}, nil, []string{"Simvastatin did not lower dementia incidence in older adults."}, true, ""},
		{"an ungrounded finding without a citation", []domain.Evidence{offTopic, onTopic}, nil, []string{"Atorvastatin reversed amyloid plaques in mice."}, false, "no finding or candidate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Question: q, Evidence: tc.evidence, Candidates: tc.candidates, Findings: tc.findings,
				Markdown: "# " + q + "\n\nNo study of statins in dementia was found."}
			got := interventionItem(in)
			require.NotNil(t, got)
			require.Equal(t, tc.pass, got.Supported, got.Detail)
			require.Contains(t, got.Detail, tc.detail)
		})
	}
}

// TestInterventionCheckCountsStances: a harm or test question has no candidate, and its
// report may claim no finding; its answer line still speaks of the intervention, on the
// verified sentence of an on-topic study, which passes the check. A quote not found
// verbatim, or a stance on an off-topic study, does not.
func TestInterventionCheckCountsStances(t *testing.T) {
	const q = "Aripiprazole: a new risk factor for pathological gambling?"
	onTopic := domain.Evidence{Content: "Pathological gambling began after aripiprazole was started in 8 patients.", Topic: &domain.Topic{Score: 0.8},
		Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "2", Title: "Aripiprazole and gambling"}}
	offTopic := onTopic
	offTopic.Topic = &domain.Topic{OffTopic: true, Reason: "does not study aripiprazole"}
	for _, tc := range []struct {
		name     string
		evidence []domain.Evidence
		verified bool
		pass     bool
	}{
		{"verified stance on an on-topic study", []domain.Evidence{onTopic}, true, true},
		{"quote not found verbatim", []domain.Evidence{onTopic}, false, false},
		{"stance on an off-topic study, an on-topic one unreported", []domain.Evidence{offTopic, onTopic}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Question: q, Evidence: tc.evidence,
				Stances:  []domain.StudyStance{{N: 1, Stance: domain.StanceSupports, Quote: "Pathological gambling began after aripiprazole was started", QuoteVerified: tc.verified}},
				Markdown: "# " + q + "\n\nAripiprazole and pathological gambling: 1 study: 1 finds a link"}
			got := interventionItem(in)
			require.NotNil(t, got)
			require.Equal(t, tc.pass, got.Supported, got.Detail)
		})
	}
}

// interventionItem is the named-intervention check among a report's deterministic checks.
func interventionItem(in Input) *grounding.Check {
	for _, ch := range Deterministic(in).Items {
		if ch.Kind == grounding.KindIntervention {
			return &ch
		}
	}
	return nil
}
