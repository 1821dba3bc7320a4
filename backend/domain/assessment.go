package domain

import (
	"fmt"
	"strings"
)

// JudgeKind says how an assessment was produced, so the user always sees whether an LLM,
// the offline heuristics, or a fallback after a failure produced it.
type JudgeKind string

// The judge kinds: offline heuristics or an LLM.
const (
	JudgeKindLLM      JudgeKind = "llm"
	JudgeKindOffline  JudgeKind = "offline"
	JudgeKindFallback JudgeKind = "fallback"
)

// Provider names a judge backend.
type Provider string

// The judge providers.
const (
	ProviderOffline     Provider = "offline"
	ProviderOpenAI      Provider = "openai"
	ProviderAnthropic   Provider = "anthropic"
	ProviderHuggingFace Provider = "huggingface"
	ProviderOllama      Provider = "ollama"
	ProviderCompatible  Provider = "compatible"
	ProviderCLI         Provider = "cli"
)

// AllProviders lists every provider in display order.
var AllProviders = []Provider{ProviderOffline, ProviderOpenAI, ProviderAnthropic, ProviderHuggingFace, ProviderOllama, ProviderCompatible, ProviderCLI}

// Valid reports whether p is a known provider.
func (p Provider) Valid() bool {
	for _, k := range AllProviders {
		if p == k {
			return true
		}
	}
	return false
}

// ParseProvider parses a provider name with an error that lists the allowed names.
func ParseProvider(name string) (Provider, error) {
	p := Provider(strings.ToLower(strings.TrimSpace(name)))
	if !p.Valid() {
		return "", Errorf(CodeInvalid, "unknown judge %q (allowed: offline, openai, anthropic, huggingface, ollama, compatible, cli)", name)
	}
	return p, nil
}

// JudgeInfo records which judge produced an assessment and, for fallbacks, why.
type JudgeInfo struct {
	Provider      Provider  `json:"provider"`
	Model         string    `json:"model"`
	PromptVersion string    `json:"prompt_version"`
	Kind          JudgeKind `json:"kind"`
	Error         string    `json:"error,omitempty"`
	// FallbackFrom lists models of the same provider tried before Model (the HF chain).
	FallbackFrom []string `json:"fallback_from,omitempty"`
	// Repaired is set when the LLM's JSON was malformed and had to be repaired before it
	// validated, so the answer is shown as repaired rather than as a normal verdict.
	Repaired bool `json:"repaired,omitempty"`
	// Overrides are the deterministic corrections code made to an LLM verdict, in plain
	// words ("judge said sufficient; overridden: no drug candidate", a candidate rejected
	// because only injection-flagged evidence names it).
	Overrides []string `json:"overrides,omitempty"`
	// Unavailable marks a fallback made because the provider gave no answer at all (down,
	// HTTP 5xx, timed out, rate-limited), not because its answer was invalid; the reason of
	// a run failed on either says which. A run ends "complete" on neither: the research loop
	// fails it "judge unavailable", resumable, when it is the assessment the run would end on.
	Unavailable bool `json:"unavailable,omitempty"`
}

// AssessmentDetails is the seed's AssessmentDetails.
type AssessmentDetails struct {
	MechanismScore        int      `json:"mechanism_score"`
	MechanismReasoning    string   `json:"mechanism_reasoning"`
	ClinicalEvidenceScore int      `json:"clinical_evidence_score"`
	ClinicalReasoning     string   `json:"clinical_reasoning"`
	DrugCandidates        []string `json:"drug_candidates"`
	KeyFindings           []string `json:"key_findings"`
	// Stances say which way each on-topic study points on the question, each with the
	// sentence it rests on. Optional, so verdicts stored before it existed still read.
	Stances []StudyStance `json:"stances,omitempty"`
}

// Recommendation is what the judge advises the loop to do next.
type Recommendation string

// The recommendations of the seed's schema.
const (
	RecommendContinue   Recommendation = "continue"
	RecommendSynthesize Recommendation = "synthesize"
)

// JudgeInput is what one judgement looks at: the question and all evidence collected so far.
// The research loop's Judge port and the judge package take this one record, so a field added
// here reaches the judge without an adapter copying it.
type JudgeInput struct {
	RunID    string
	Question string
	// Parsed is the run's parse of the question with the headings learnt so far; nil when
	// there is no run (evidence given to `deepcritical judge`), and the judge parses Question.
	Parsed     *ParsedQuestion
	Evidence   []Evidence
	Appraisals map[string]Appraisal // by canonical key
	// FullTexts are the stored full texts of on-topic evidence, by canonical key.
	FullTexts map[string]FullText
}

// Assessment is the seed's JudgeAssessment plus the judge that produced it.
type Assessment struct {
	Details           AssessmentDetails `json:"details"`
	Sufficient        bool              `json:"sufficient"`
	Confidence        float64           `json:"confidence"`
	Recommendation    Recommendation    `json:"recommendation"`
	NextSearchQueries []string          `json:"next_search_queries"`
	Reasoning         string            `json:"reasoning"`
	Judge             JudgeInfo         `json:"judge"`
}

// ValidationError lists every rule an LLM output broke, so the message can be fed back to
// the model on retry.
type ValidationError struct {
	Problems []string
}

func (v *ValidationError) Error() string {
	return "invalid: " + strings.Join(v.Problems, "; ")
}

type problems []string

func (p *problems) addf(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

func (p problems) err() error {
	if len(p) == 0 {
		return nil
	}
	return &ValidationError{Problems: p}
}

// Validate enforces the seed's schema rules: score ranges, minimum lengths, enums.
func (a Assessment) Validate() error {
	var p problems
	d := a.Details
	if d.MechanismScore < 0 || d.MechanismScore > 10 {
		p.addf("details.mechanism_score must be 0–10, got %d", d.MechanismScore)
	}
	if d.ClinicalEvidenceScore < 0 || d.ClinicalEvidenceScore > 10 {
		p.addf("details.clinical_evidence_score must be 0–10, got %d", d.ClinicalEvidenceScore)
	}
	if len(strings.TrimSpace(d.MechanismReasoning)) < 10 {
		p.addf("details.mechanism_reasoning must be at least 10 characters")
	}
	if len(strings.TrimSpace(d.ClinicalReasoning)) < 10 {
		p.addf("details.clinical_reasoning must be at least 10 characters")
	}
	if a.Confidence < 0 || a.Confidence > 1 || a.Confidence != a.Confidence {
		p.addf("confidence must be 0–1, got %g", a.Confidence)
	}
	if a.Recommendation != RecommendContinue && a.Recommendation != RecommendSynthesize {
		p.addf("recommendation must be \"continue\" or \"synthesize\", got %q", string(a.Recommendation))
	}
	if len(strings.TrimSpace(a.Reasoning)) < 20 {
		p.addf("reasoning must be at least 20 characters")
	}
	return p.err()
}

// ScoreAdjustment is one reason the heuristic score moved.
type ScoreAdjustment struct {
	Reason string  `json:"reason"`
	Delta  float64 `json:"delta"`
}

// Candidate is a drug candidate found in structured fields, with the evidence supporting it.
type Candidate struct {
	Name    string `json:"name"`
	Support int    `json:"support"`
	// Sources are canonical keys of the evidence naming the candidate.
	Sources []string `json:"sources,omitempty"`
}

// Heuristics is the deterministic pre-analysis of the evidence, given to the LLM as context.
type Heuristics struct {
	BaseScore        float64           `json:"base_score"`
	ScoreAdjustments []ScoreAdjustment `json:"score_adjustments"`
	FinalScore       float64           `json:"final_score"`
	Observations     []string          `json:"observations"`
	RedFlags         []string          `json:"red_flags"`
	SuggestedQueries []string          `json:"suggested_queries"`
	DesignCounts     map[string]int    `json:"design_counts,omitempty"`
	Candidates       []Candidate       `json:"candidates,omitempty"`
}

// Validate checks the final score is in range.
func (h Heuristics) Validate() error {
	var p problems
	if h.FinalScore < 0 || h.FinalScore > 100 {
		p.addf("final_score must be 0–100, got %g", h.FinalScore)
	}
	return p.err()
}

// Verdict is the strict reality-check verdict on a report: pass only when nothing is missing.
type Verdict struct {
	Pass                bool     `json:"pass"`
	Reason              string   `json:"reason"`
	MissingItems        []string `json:"missing_items"`
	QuestionsForUser    []string `json:"questions_for_user"`
	ForwardProgress     bool     `json:"forward_progress"`
	ConvergenceEstimate *float64 `json:"convergence_estimate,omitempty"`
	SuggestedNextSteps  []string `json:"suggested_next_steps"`
}

// VerifyInput is a report to verify with the evidence it may cite; evidence order defines
// the citation numbers, exactly as in the report. The research loop's Verifier port and the
// verify package take this one record.
type VerifyInput struct {
	RunID    string
	Question string
	// Parsed is the run's parse of the question with the headings learnt so far; nil parses
	// Question.
	Parsed *ParsedQuestion
	// Markdown is the report text: citation numbers and placeholders are checked in it.
	Markdown   string
	Candidates []string
	Findings   []string
	// Stances are the report's answer: which way each study points, on the sentence it
	// rests on. A stance on an on-topic study with its quote found verbatim is a claim about
	// the question's intervention, as a finding is.
	Stances  []StudyStance
	Evidence []Evidence
	// Previous are earlier verdicts on the same run, oldest first, for forward progress.
	Previous []Verdict
	// FullTexts are the stored full texts of the evidence, by canonical key: a finding
	// grounded in a paper's full text is grounded.
	FullTexts map[string]FullText
}

// Validate checks the verdict is well formed.
func (v Verdict) Validate() error {
	var p problems
	if strings.TrimSpace(v.Reason) == "" {
		p.addf("reason must not be empty")
	}
	if v.ConvergenceEstimate != nil && (*v.ConvergenceEstimate < 0 || *v.ConvergenceEstimate > 1) {
		p.addf("convergence_estimate must be 0–1, got %g", *v.ConvergenceEstimate)
	}
	return p.err()
}

// AssessmentDiff lists what changed from one assessment to another (a run's own final
// verdict and a re-judgement of the same evidence): score deltas, whether sufficiency
// changed, and the drug candidates by normalised name.
type AssessmentDiff struct {
	MechanismDelta   int      `json:"mechanism_delta"`
	ClinicalDelta    int      `json:"clinical_delta"`
	ConfidenceDelta  float64  `json:"confidence_delta"`
	SufficientChange bool     `json:"sufficient_changed"`
	OnlyOriginal     []string `json:"candidates_only_original"`
	OnlyRejudged     []string `json:"candidates_only_rejudged"`
	Common           []string `json:"candidates_common"`
}

// DiffAssessments compares b (a re-judgement) with a (the original); the one rule the
// window's comparison, the CLI and every report format use.
func DiffAssessments(a, b Assessment) AssessmentDiff {
	d := AssessmentDiff{
		MechanismDelta:   b.Details.MechanismScore - a.Details.MechanismScore,
		ClinicalDelta:    b.Details.ClinicalEvidenceScore - a.Details.ClinicalEvidenceScore,
		ConfidenceDelta:  b.Confidence - a.Confidence,
		SufficientChange: a.Sufficient != b.Sufficient,
		OnlyOriginal:     []string{}, OnlyRejudged: []string{}, Common: []string{},
	}
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	inB := map[string]bool{}
	for _, c := range b.Details.DrugCandidates {
		inB[norm(c)] = true
	}
	inA := map[string]bool{}
	for _, c := range a.Details.DrugCandidates {
		inA[norm(c)] = true
		if inB[norm(c)] {
			d.Common = append(d.Common, c)
		} else {
			d.OnlyOriginal = append(d.OnlyOriginal, c)
		}
	}
	for _, c := range b.Details.DrugCandidates {
		if !inA[norm(c)] {
			d.OnlyRejudged = append(d.OnlyRejudged, c)
		}
	}
	return d
}

// Summary says the differences in one line ("mechanism +2, clinical -1, sufficiency
// changed; only in the re-judgement: Donepezil"), or "no difference".
func (d AssessmentDiff) Summary() string {
	var parts []string
	if d.MechanismDelta != 0 {
		parts = append(parts, fmt.Sprintf("mechanism %+d", d.MechanismDelta))
	}
	if d.ClinicalDelta != 0 {
		parts = append(parts, fmt.Sprintf("clinical %+d", d.ClinicalDelta))
	}
	if d.SufficientChange {
		parts = append(parts, "sufficiency changed")
	}
	if len(d.OnlyRejudged) > 0 {
		parts = append(parts, "only in the re-judgement: "+strings.Join(d.OnlyRejudged, ", "))
	}
	if len(d.OnlyOriginal) > 0 {
		parts = append(parts, "only in the original: "+strings.Join(d.OnlyOriginal, ", "))
	}
	if len(parts) == 0 {
		return "no difference"
	}
	return strings.Join(parts, "; ")
}
