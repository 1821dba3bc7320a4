// Package judge decides whether the evidence gathered so far answers the research question.
// It always computes the deterministic heuristic pre-analysis (Analyze); the offline judge
// turns it into an assessment directly, and the LLM judge gives it to the model as context
// (the judge prompts in prompts/, packed into a token budget) and runs the structured-output pipeline.
// A failed LLM call yields a safe fallback, marked kind "fallback" with the error (and
// "unavailable" when no answer came at all), and the provider is never switched; the
// research loop searches on after a fallback but never completes a run on an unavailable one.
package judge

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
)

// Options tune the LLM judge.
type Options struct {
	// TokenBudget bounds the whole prompt (system + user) in estimated tokens
	// (default DefaultTokenBudget).
	TokenBudget int
	// ItemTokenCap is the size above which a single evidence item is trimmed
	// (default DefaultItemTokenCap).
	ItemTokenCap int
	// PassageTokenCap bounds the full-text passages shown with one trial (default
	// DefaultPassageTokenCap).
	PassageTokenCap int
	// Recorder receives every LLM exchange (nil: none are recorded).
	Recorder llm.Recorder
	// Attempts per model (default llm.DefaultAttempts).
	Attempts int
	// Purpose is what the judge's LLM calls are recorded and reported as (default
	// PurposeJudge): a re-judgement of a stored run records PurposeRejudge, so the run's own
	// calls are counted apart from those made for it afterwards with another judge.
	Purpose string
}

// The purposes a judge's LLM calls are recorded under (llm_calls.purpose).
const (
	PurposeJudge   = "judge"
	PurposeRejudge = "rejudge"
)

// Input is what one judgement looks at. Of its FullTexts, the LLM judge is shown a trial's
// methods and results passages most relevant to the question, and the analysis reads a
// design the abstract does not state.
type Input = domain.JudgeInput

// Judge assesses evidence with the offline rubric or with one configured LLM provider.
type Judge struct {
	client llm.Client
	info   llm.Info
	opts   Options
	// judged remembers, per run, the evidence shown in the last judge prompt (prompt.go).
	judged judgedMemory
}

// NewOffline returns the deterministic heuristic judge; it needs no network.
func NewOffline() *Judge {
	return &Judge{info: llm.Info{Provider: domain.ProviderOffline, Model: OfflineModel, Local: true}}
}

// NewLLM returns a judge that asks c, described by info (provider, model, same-provider
// fallback chain in info.Models, whether it is local).
func NewLLM(c llm.Client, info llm.Info, opts Options) *Judge {
	if opts.TokenBudget <= 0 {
		opts.TokenBudget = DefaultTokenBudget
	}
	if opts.ItemTokenCap <= 0 {
		opts.ItemTokenCap = DefaultItemTokenCap
	}
	if opts.PassageTokenCap <= 0 {
		opts.PassageTokenCap = DefaultPassageTokenCap
	}
	return &Judge{client: c, info: info, opts: opts}
}

// Info says which provider and model will run, and whether anything leaves the machine.
func (j *Judge) Info() llm.Info { return j.info }

// IsFallback reports whether an assessment is a safe fallback built after a failure.
func IsFallback(a domain.Assessment) bool { return a.Judge.Kind == domain.JudgeKindFallback }

// Assess judges the evidence. The heuristics are always returned. With an LLM, a provider
// or validation failure yields the safe fallback assessment (kind "fallback", the
// user-safe error in judge.error) and a nil error, so the loop can go on; only a cancelled
// or expired context returns an error.
func (j *Judge) Assess(ctx context.Context, in Input) (domain.Assessment, domain.Heuristics, error) {
	if err := ctx.Err(); err != nil {
		return domain.Assessment{}, domain.Heuristics{}, domain.Wrap(domain.CodeUnavailable, err, "judging was cancelled")
	}
	a := analyzeWith(in.Question, in.Parsed, in.Evidence, in.Appraisals, in.FullTexts)
	if j.client == nil {
		return offlineAssessment(a, a.ev), a.h, nil
	}
	// The model sees the evidence with the topic marks the analysis used, so evidence the
	// judge scored off-topic itself is set aside in the prompt as well.
	in.Evidence = a.ev
	p, err := j.buildPrompt(in, a)
	if err != nil {
		return domain.Assessment{}, a.h, domain.Wrap(domain.CodeInternal, err, "could not build the judge prompt")
	}
	schema := AssessmentSchema()
	req := llm.Request{
		System:      p.system,
		Messages:    []llm.Message{{Role: llm.RoleUser, Content: p.user}},
		Schema:      &schema,
		Model:       j.info.Model,
		Temperature: 0,
		CachePrefix: p.cachePrefix,
	}
	j.judged.remember(in.RunID, in.Evidence, p.packed.Items)
	out, res, err := llm.Generate(ctx, j.client, req, llm.Options[domain.Assessment]{
		Validate:      validateAssessment,
		Attempts:      j.opts.Attempts,
		Models:        j.info.Models,
		Recorder:      j.opts.Recorder,
		RunID:         in.RunID,
		Purpose:       cmp.Or(j.opts.Purpose, PurposeJudge),
		PromptVersion: p.version,
		Provider:      j.info.Provider,
	})
	if err != nil {
		if ctx.Err() != nil || llm.KindOf(err) == llm.KindCanceled {
			return domain.Assessment{}, a.h, domain.Wrap(domain.CodeUnavailable, err, "judging was cancelled")
		}
		model := res.Model
		if model == "" {
			model = j.info.Model
		}
		return fallbackAssessment(in.Question, a.h, j.info.Provider, model, p.version, res.FallbackFrom, err), a.h, nil
	}
	normalize(&out)
	out.Judge = domain.JudgeInfo{
		Provider:      j.info.Provider,
		Model:         cmp.Or(res.Model, j.info.Model),
		PromptVersion: p.version,
		Kind:          domain.JudgeKindLLM,
		FallbackFrom:  res.FallbackFrom,
		Repaired:      res.Repaired,
	}
	enforceRules(&out, a, a.ev)
	return out, a.h, nil
}

// validateAssessment is the domain's schema rules plus what the judge itself requires:
// no blank drug candidates, and "synthesize" only together with sufficient. Whether each
// candidate appears in the evidence is checked by verify, where the full text is at hand.
func validateAssessment(a *domain.Assessment) error {
	var problems []string
	if err := a.Validate(); err != nil {
		var ve *domain.ValidationError
		if errors.As(err, &ve) {
			problems = append(problems, ve.Problems...)
		} else {
			problems = append(problems, err.Error())
		}
	}
	for i, c := range a.Details.DrugCandidates {
		if strings.TrimSpace(c) == "" {
			problems = append(problems, fmt.Sprintf("details.drug_candidates[%d] is empty; list drug names only", i))
		}
	}
	if a.Recommendation == domain.RecommendSynthesize && !a.Sufficient {
		problems = append(problems, `recommendation "synthesize" requires sufficient=true; use "continue" when the evidence is not sufficient`)
	}
	if len(problems) > 0 {
		return &domain.ValidationError{Problems: problems}
	}
	return nil
}

// normalize makes absent lists empty, so stored JSON never mixes null and [].
func normalize(a *domain.Assessment) {
	if a.Details.DrugCandidates == nil {
		a.Details.DrugCandidates = []string{}
	}
	for i, c := range a.Details.DrugCandidates {
		a.Details.DrugCandidates[i] = strings.TrimSpace(c)
	}
	if a.Details.KeyFindings == nil {
		a.Details.KeyFindings = []string{}
	}
	if a.NextSearchQueries == nil {
		a.NextSearchQueries = []string{}
	}
}

// fallbackAssessment is the safe default after a failure: continue, scores 0,
// confidence 0, the heuristic suggestions as next queries, and the error in plain words.
func fallbackAssessment(question string, h domain.Heuristics, provider domain.Provider, model, version string, tried []string, err error) domain.Assessment {
	msg := domain.SafeMessage(err)
	queries := append([]string{}, h.SuggestedQueries...)
	if len(queries) == 0 {
		q := strings.Join(strings.Fields(question), " ")
		if q != "" {
			queries = []string{q + " mechanism", q + " clinical trials", q + " drug candidates"}
		}
	}
	return domain.Assessment{
		Details: domain.AssessmentDetails{
			MechanismScore:        0,
			MechanismReasoning:    "Assessment failed: " + msg,
			ClinicalEvidenceScore: 0,
			ClinicalReasoning:     "Assessment failed: " + msg,
			DrugCandidates:        []string{},
			KeyFindings:           []string{},
		},
		Sufficient:        false,
		Confidence:        0,
		Recommendation:    domain.RecommendContinue,
		NextSearchQueries: queries,
		Reasoning: fmt.Sprintf("The %s judge could not produce a valid assessment (%s). This is a safe fallback, not a judgement of the evidence: research continues with the heuristic suggested queries (heuristic score %.1f/100).",
			provider, msg, h.FinalScore),
		Judge: domain.JudgeInfo{
			Provider: provider, Model: model, PromptVersion: version,
			Kind: domain.JudgeKindFallback, Error: msg, FallbackFrom: tried,
			Unavailable: llm.NotAnswering(err),
		},
	}
}
