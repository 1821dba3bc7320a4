package runs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"deepcritical/backend/domain"
	"deepcritical/backend/fulltext"
	"deepcritical/backend/judge"
	"deepcritical/backend/llm"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/report"
	"deepcritical/backend/report/narrative"
	"deepcritical/backend/search"
	"deepcritical/backend/store"
	"deepcritical/backend/studydesign"
	"deepcritical/backend/verify"
	"deepcritical/backend/verify/grounding"
)

// The adapters below connect the concrete judge, report and verify packages to the ports the
// research loop declares; the store needs none (it implements domain.RunStore itself).
var (
	_ orchestrator.Judge       = Judge{}
	_ orchestrator.Synthesizer = Synthesizer{}
	_ orchestrator.Verifier    = Verifier{}
	_ orchestrator.FullTexts   = FullTexts{}
	// The search fan-out and the store plug in directly.
	_ orchestrator.Searcher   = (*search.Fanout)(nil)
	_ domain.RunStore         = (*store.Store)(nil)
	_ orchestrator.TopicStore = (*store.Store)(nil)
)

// Judge adapts *judge.Judge to orchestrator.Judge.
type Judge struct {
	J *judge.Judge
	// Breaker is the run's circuit breaker around an LLM judge (nil for the offline judge).
	Breaker interface {
		Open() (bool, string, int)
		Cause() llm.ErrorKind
	}
}

// Assess asks the judge. A fallback verdict given because the run's breaker is open is not a
// verdict at all: the judge has stopped answering, so Assess returns a CodeUnavailable error
// and the run ends "judge unavailable" with its evidence kept, instead of searching on and
// ending "complete" on scores of 0. A single unanswered call (the breaker still closed)
// comes back as a fallback marked Unavailable: the loop searches on after it, and fails the
// run "judge unavailable" when it would be the assessment the run completes on, so the
// outcome does not depend on which of the run's calls failed first.
func (j Judge) Assess(ctx context.Context, in orchestrator.JudgeInput) (domain.Assessment, domain.Heuristics, error) {
	a, h, err := j.J.Assess(ctx, in)
	if err == nil && a.Judge.Kind == domain.JudgeKindFallback && j.Breaker != nil {
		if open, reason, _ := j.Breaker.Open(); open {
			switch j.Breaker.Cause() {
			case llm.KindAuth, llm.KindQuota:
				// Resuming would send the same key again.
				return a, h, domain.Errorf(domain.CodeUnavailable, "the %s judge refused this run's calls (%s); the evidence is kept: set a key the provider accepts "+
					"(Settings, or `deepcritical settings`), then resume or re-judge the run", a.Judge.Provider, reason)
			case llm.KindModelNotFound:
				// Resuming would ask for the same model again.
				return a, h, domain.Errorf(domain.CodeUnavailable, "the %s judge has no such model (%s); the evidence is kept: re-judge it with a model the server has "+
					"(`deepcritical providers models %s` lists them; History's Re-judge with, or `deepcritical history rejudge`)", a.Judge.Provider, reason, a.Judge.Provider)
			}
			return a, h, domain.Errorf(domain.CodeUnavailable, "the %s judge stopped answering (%s); the evidence is kept: resume the run when it answers", a.Judge.Provider, reason)
		}
	}
	return a, h, err
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
	res, err := v.V.Verify(ctx, in)
	checks, merr := json.Marshal(res.Checks)
	if merr != nil {
		return orchestrator.VerifyResult{}, fmt.Errorf("encode checks: %w", merr)
	}
	if err != nil {
		return orchestrator.VerifyResult{Checks: checks}, domain.Wrap(domain.CodeUnavailable, err, "the LLM verifier failed: "+err.Error())
	}
	return orchestrator.VerifyResult{Verdict: res.Verdict, Checks: checks}, nil
}

// Full-text selection bounds, per iteration: every on-topic trial the sources hold in
// full (up to MaxTrialFullTexts, best-matching first) and the best-matching other papers
// the judge weighs first.
const (
	MaxTrialFullTexts = 12
	MaxOtherFullTexts = 3
)

// FullTexts adapts *fulltext.Fetcher to orchestrator.FullTexts with the run's choice of
// papers to read in full.
type FullTexts struct{ F *fulltext.Fetcher }

// Stored returns the stored full texts.
func (f FullTexts) Stored(ctx context.Context, keys []string) (map[string]domain.FullText, error) {
	return f.F.Stored(ctx, keys)
}

// Fetch reads and stores one paper's full text.
func (f FullTexts) Fetch(ctx context.Context, ev domain.Evidence) (domain.FullText, error) {
	return f.F.Fetch(ctx, ev)
}

// Put stores a full text.
func (f FullTexts) Put(ctx context.Context, ft domain.FullText) error { return f.F.Put(ctx, ft) }

// Select picks the papers to read in full: those that may have an open-access full text
// (a PMCID, or Europe PMC's open-access mark), trials first — a trial's risk of bias is
// judged from its methods, which abstracts rarely report — then the other papers that
// match the question best, the ones the judge weighs first.
func (f FullTexts) Select(evs []domain.Evidence) []domain.Evidence {
	var trials, others []domain.Evidence
	for _, ev := range evs {
		if !fulltext.Available(ev) {
			continue
		}
		switch studydesign.Classify(ev, nil) {
		case studydesign.RCT, studydesign.OtherClinical:
			trials = append(trials, ev)
		default:
			others = append(others, ev)
		}
	}
	byMatch := func(s []domain.Evidence) {
		sort.SliceStable(s, func(i, j int) bool {
			si, sj := topicScore(s[i]), topicScore(s[j])
			if si != sj {
				return si > sj
			}
			return s[i].Relevance > s[j].Relevance
		})
	}
	byMatch(trials)
	byMatch(others)
	out := append([]domain.Evidence{}, trials[:min(len(trials), MaxTrialFullTexts)]...)
	return append(out, others[:min(len(others), MaxOtherFullTexts)]...)
}

func topicScore(ev domain.Evidence) float64 {
	if ev.Topic == nil {
		return 0
	}
	return ev.Topic.Score
}
