package services

import (
	"context"
	"deepcritical/backend/concepts"
	"fmt"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/judge"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
)

// JudgeService re-judges the evidence of stored runs with another judge, offline included.
type JudgeService struct {
	store   dep[judgeStore]
	engines dep[*runs.Engines]
}

// judgeStore is the part of the database re-judging reads and writes.
type judgeStore interface {
	GetRun(ctx context.Context, id string) (domain.Run, error)
	ListAssessments(ctx context.Context, runID string) ([]domain.StoredAssessment, error)
	RunEvidence(ctx context.Context, runID string) ([]domain.Evidence, error)
	RunAppraisals(ctx context.Context, run domain.Run, keys []string) (map[string]domain.Appraisal, error)
	SaveAssessment(ctx context.Context, a domain.StoredAssessment) error
}

var _ judgeStore = (*store.Store)(nil)

// JudgeResult is an assessment with the heuristics the judge saw.
type JudgeResult struct {
	Assessment domain.Assessment `json:"assessment"`
	Heuristics domain.Heuristics `json:"heuristics"`
	// Parsed is the question as the judge read it.
	Parsed domain.ParsedQuestion `json:"parsed_question"`
	// Answer is the line a run's report puts above the scores (domain.AnswerLine): how many
	// on-topic studies point which way on the question, or that none was found.
	Answer string `json:"answer,omitempty" jsonschema:"the answer line above the scores: how many on-topic studies point which way, or that no study of the question was found"`
}

// RejudgeRequest names a stored run and the judge to assess its evidence again.
type RejudgeRequest struct {
	RunID    string          `json:"run_id"`
	Provider domain.Provider `json:"provider"`
	Model    string          `json:"model"`
}

// Comparison puts a run's own final assessment beside a re-judged one with their differences.
type Comparison struct {
	RunID    string            `json:"run_id"`
	Original domain.Assessment `json:"original"`
	Rejudged domain.Assessment `json:"rejudged"`
	Label    string            `json:"label"`
	// Difference is what changed (domain.DiffAssessments, the rule every report format uses).
	Difference domain.AssessmentDiff `json:"difference"`
}

// Rejudge assesses a stored run's evidence again with another judge, stores the new
// assessment beside the original (labelled) and returns both with their differences. It
// needs no network for the offline judge.
func (j *JudgeService) Rejudge(req RejudgeRequest) (Comparison, error) {
	st, err := j.store.get()
	if err != nil {
		return Comparison{}, err
	}
	ctx := context.Background()
	run, err := st.GetRun(ctx, strings.TrimSpace(req.RunID))
	if err != nil {
		return Comparison{}, err
	}
	stored, err := st.ListAssessments(ctx, run.ID)
	if err != nil {
		return Comparison{}, err
	}
	original := domain.FinalAssessment(stored)
	if original == nil {
		return Comparison{}, domain.Errorf(domain.CodeInvalid, "run %s has no assessment to compare with", run.ID)
	}
	evidence, err := st.RunEvidence(ctx, run.ID)
	if err != nil {
		return Comparison{}, err
	}
	keys := make([]string, len(evidence))
	for i, ev := range evidence {
		keys[i] = ev.CanonicalKey()
	}
	appraisals, err := st.RunAppraisals(ctx, run, keys)
	if err != nil {
		return Comparison{}, err
	}
	engines, err := j.engines.get()
	if err != nil {
		return Comparison{}, err
	}
	choice := runs.JudgeChoice{Provider: req.Provider, Model: req.Model}
	if err := engines.Probe(ctx, choice); err != nil {
		return Comparison{}, err
	}
	// Its LLM calls are recorded as a re-judgement's, not as the run's own.
	eng, err := engines.BuildRejudge(choice, run.Config)
	if err != nil {
		return Comparison{}, err
	}
	// The run's own parse of its question (stored once when it was created), never a new one.
	parsed, _ := concepts.Of(run.Question, run.Parsed)
	a, h, err := eng.Judge.Assess(ctx, judge.Input{RunID: run.ID, Question: run.Question, Parsed: &parsed, Evidence: evidence, Appraisals: appraisals})
	if err != nil {
		return Comparison{}, err
	}
	label := fmt.Sprintf("rejudge:%s", a.Judge.Provider)
	if a.Judge.Model != "" {
		label += "/" + a.Judge.Model
	}
	if err := st.SaveAssessment(ctx, domain.StoredAssessment{RunID: run.ID, Iteration: original.Iteration, Label: label, Assessment: a, Heuristics: &h}); err != nil {
		return Comparison{}, err
	}
	return Comparison{RunID: run.ID, Original: original.Assessment, Rejudged: a, Label: label, Difference: domain.DiffAssessments(original.Assessment, a)}, nil
}
