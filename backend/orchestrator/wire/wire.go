// Package wire adapts the concrete packages (store, judge, report, verify) to the small
// interfaces the orchestrator declares, and loads a stored run for export. It is the only
// place where the loop meets those packages, so the orchestrator itself depends on domain only.
package wire

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"deepcritical/backend/domain"
	"deepcritical/backend/judge"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/report"
	"deepcritical/backend/report/narrative"
	"deepcritical/backend/store"
	"deepcritical/backend/verify"
	"deepcritical/backend/verify/grounding"
)

// Store adapts *store.Store to orchestrator.Store.
type Store struct{ S *store.Store }

var _ orchestrator.Store = Store{}

// NewRunID returns a new sortable run id.
func (s Store) NewRunID() string { return s.S.NewRunID() }

// CreateRun stores a new run.
func (s Store) CreateRun(ctx context.Context, r domain.Run) error { return s.S.CreateRun(ctx, r) }

// GetRun loads a run.
func (s Store) GetRun(ctx context.Context, id string) (domain.Run, error) { return s.S.GetRun(ctx, id) }

// UpdateRun saves a run.
func (s Store) UpdateRun(ctx context.Context, r domain.Run) error { return s.S.UpdateRun(ctx, r) }

// AppendEvent appends an event (seq and time assigned by the store).
func (s Store) AppendEvent(ctx context.Context, e domain.Event) (domain.Event, error) {
	return s.S.AppendEvent(ctx, e)
}

// ListEvents lists a run's events after a seq.
func (s Store) ListEvents(ctx context.Context, runID string, afterSeq int64) ([]domain.Event, error) {
	return s.S.ListEvents(ctx, runID, afterSeq)
}

// UpsertEvidence stores evidence deduplicated by canonical key.
func (s Store) UpsertEvidence(ctx context.Context, evs []domain.Evidence) ([]string, error) {
	return s.S.UpsertEvidence(ctx, evs)
}

// LinkEvidence links evidence to the run.
func (s Store) LinkEvidence(ctx context.Context, runID string, iteration int, keys []string) (int, error) {
	return s.S.LinkEvidence(ctx, runID, iteration, keys)
}

// RunEvidence lists the run's evidence in first-seen order.
func (s Store) RunEvidence(ctx context.Context, runID string) ([]domain.Evidence, error) {
	return s.S.RunEvidence(ctx, runID)
}

// SaveAssessment stores an assessment.
func (s Store) SaveAssessment(ctx context.Context, a orchestrator.StoredAssessment) error {
	return s.S.SaveAssessment(ctx, store.StoredAssessment{RunID: a.RunID, Iteration: a.Iteration, Label: a.Label,
		Assessment: a.Assessment, Heuristics: a.Heuristics, CreatedAt: a.CreatedAt})
}

// ListAssessments lists the run's assessments.
func (s Store) ListAssessments(ctx context.Context, runID string) ([]orchestrator.StoredAssessment, error) {
	list, err := s.S.ListAssessments(ctx, runID)
	if err != nil {
		return nil, err
	}
	out := make([]orchestrator.StoredAssessment, len(list))
	for i, a := range list {
		out[i] = orchestrator.StoredAssessment{RunID: a.RunID, Iteration: a.Iteration, Label: a.Label, Assessment: a.Assessment,
			Heuristics: a.Heuristics, CreatedAt: a.CreatedAt}
	}
	return out, nil
}

// SaveVerdict stores a verdict with its checks.
func (s Store) SaveVerdict(ctx context.Context, runID string, iteration int, v domain.Verdict, checks json.RawMessage) error {
	return s.S.SaveVerdict(ctx, runID, iteration, v, checks)
}

// SetEvidenceTopics stores the evidence's relevance to the run's question.
func (s Store) SetEvidenceTopics(ctx context.Context, runID string, topics map[string]domain.Topic) error {
	return s.S.SetEvidenceTopics(ctx, runID, topics)
}

// SaveReport stores (replaces) the run's report.
func (s Store) SaveReport(ctx context.Context, r orchestrator.StoredReport) error {
	return s.S.SaveReport(ctx, store.StoredReport{RunID: r.RunID, Markdown: r.Markdown, Status: r.Status, CreatedAt: r.CreatedAt})
}

// Judge adapts *judge.Judge to orchestrator.Judge.
type Judge struct{ J *judge.Judge }

// Assess asks the judge.
func (j Judge) Assess(ctx context.Context, in orchestrator.JudgeInput) (domain.Assessment, domain.Heuristics, error) {
	return j.J.Assess(ctx, judge.Input{RunID: in.RunID, Question: in.Question, Evidence: in.Evidence, Appraisals: in.Appraisals})
}

// Synthesizer renders reports with backend/report; with a Narrator (an LLM judge is
// configured) the draft gets an LLM narrative, otherwise the text is built from the
// assessment and says so.
type Synthesizer struct {
	Narrator *narrative.Narrator
}

// Synthesize builds the report. A narrative that fails is not fatal: the report says the
// LLM narrative could not be written and uses the assessment text instead.
func (s Synthesizer) Synthesize(ctx context.Context, in orchestrator.SynthesisInput) (orchestrator.Synthesis, error) {
	rin := report.Input{Run: in.Run, Evidence: in.Evidence, Appraisals: in.Appraisals, Assessment: in.Assessment, Heuristics: in.Heuristics, Events: in.Events}
	var narr *report.Narrative
	switch {
	case len(in.Narrative) > 0:
		var n report.Narrative
		if err := json.Unmarshal(in.Narrative, &n); err != nil {
			return orchestrator.Synthesis{}, fmt.Errorf("decode narrative: %w", err)
		}
		narr = &n
	case s.Narrator != nil && in.AllowLLM && in.Assessment != nil && len(in.Evidence) > 0:
		n, err := s.Narrator.Write(ctx, rin)
		if err != nil {
			if ctx.Err() != nil {
				return orchestrator.Synthesis{}, ctx.Err()
			}
			n = report.Narrative{Error: narrativeError(err)}
		}
		narr = &n
	}
	rin.Narrative = narr
	if v := in.Verification; v != nil {
		rv := &report.Verification{Status: v.Status, Verdict: v.Verdict, Error: v.Error}
		if len(v.Checks) > 0 {
			var c grounding.Checks
			if err := json.Unmarshal(v.Checks, &c); err == nil {
				rv.Checks = &c
			}
		}
		rin.Verification = rv
	}
	r := report.Build(rin)
	out := orchestrator.Synthesis{Markdown: r.Markdown}
	for _, c := range r.Candidates {
		out.Candidates = append(out.Candidates, c.Name)
	}
	for _, f := range r.Findings {
		out.Findings = append(out.Findings, f.Text)
	}
	if narr != nil {
		b, err := json.Marshal(narr)
		if err != nil {
			return orchestrator.Synthesis{}, fmt.Errorf("encode narrative: %w", err)
		}
		out.Narrative = b
	}
	return out, nil
}

func narrativeError(err error) string {
	var de *domain.Error
	if errors.As(err, &de) {
		return domain.SafeMessage(err)
	}
	return err.Error()
}

// Verifier adapts *verify.Verifier to orchestrator.Verifier.
type Verifier struct{ V *verify.Verifier }

// Verify runs the checks; on error the deterministic checks are still returned.
func (v Verifier) Verify(ctx context.Context, in orchestrator.VerifyInput) (orchestrator.VerifyResult, error) {
	res, err := v.V.Verify(ctx, verify.Input{RunID: in.RunID, Question: in.Question, Markdown: in.Markdown,
		Candidates: in.Candidates, Findings: in.Findings, Evidence: in.Evidence, Previous: in.Previous})
	checks, merr := json.Marshal(res.Checks)
	if merr != nil {
		return orchestrator.VerifyResult{}, fmt.Errorf("encode checks: %w", merr)
	}
	if err != nil {
		return orchestrator.VerifyResult{Checks: checks}, domain.Wrap(domain.CodeUnavailable, err, "the LLM verifier failed: "+err.Error())
	}
	return orchestrator.VerifyResult{Verdict: res.Verdict, Checks: checks}, nil
}

// RunAppraisals returns the appraisals a run's own judge made for its evidence (the
// offline rubric for an offline run, the run's provider and model otherwise), so a
// paper appraised by several runs shows, in each, the appraisal that run used.
func RunAppraisals(ctx context.Context, s *store.Store, run domain.Run, keys []string) (map[string]domain.Appraisal, error) {
	provider, model := run.Config.Judge, run.Config.Model
	if provider == "" {
		provider, model = run.Judge.Provider, run.Judge.Model
	}
	if provider == "" || provider == domain.ProviderOffline {
		return s.AppraisalsForEvidenceBy(ctx, keys, domain.ProviderOffline, "")
	}
	return s.AppraisalsForEvidenceBy(ctx, keys, provider, model)
}

// LoadExportRun reads everything export needs about a run from the store.
func LoadExportRun(ctx context.Context, s *store.Store, runID string) (report.ExportRun, error) {
	run, err := s.GetRun(ctx, runID)
	if err != nil {
		return report.ExportRun{}, err
	}
	out := report.ExportRun{Run: run}
	if out.Events, err = s.ListEvents(ctx, runID, 0); err != nil {
		return out, err
	}
	if out.Evidence, err = s.RunEvidence(ctx, runID); err != nil {
		return out, err
	}
	keys := make([]string, len(out.Evidence))
	for i, ev := range out.Evidence {
		keys[i] = ev.CanonicalKey()
	}
	if len(keys) > 0 {
		if out.Appraisals, err = RunAppraisals(ctx, s, run, keys); err != nil {
			return out, err
		}
	}
	as, err := s.ListAssessments(ctx, runID)
	if err != nil {
		return out, err
	}
	for _, a := range as {
		out.Assessments = append(out.Assessments, report.StoredAssessment{Iteration: a.Iteration, Label: a.Label, Assessment: a.Assessment,
			Heuristics: a.Heuristics, CreatedAt: a.CreatedAt})
	}
	v, err := s.LatestVerdict(ctx, runID)
	if err != nil {
		return out, err
	}
	if v != nil {
		out.Verdicts = []report.StoredVerdict{{Iteration: v.Iteration, Verdict: v.Verdict, Checks: v.Checks, CreatedAt: v.CreatedAt}}
	}
	rep, err := s.GetReport(ctx, runID)
	switch {
	case err == nil:
		out.Report = &report.StoredReport{Markdown: rep.Markdown, Status: rep.Status, CreatedAt: rep.CreatedAt}
	case domain.CodeOf(err) != domain.CodeNotFound:
		return out, err
	}
	return out, nil
}
