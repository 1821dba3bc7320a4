package domain

import (
	"context"
	"encoding/json"
	"time"
)

// Report statuses: whether the verifier passed a run's report. They are stored beside the
// report's Markdown and shown on it.
const (
	ReportVerified   = "verified"
	ReportUnverified = "unverified"
	ReportFailed     = "failed"
)

// StoredAssessment is one judge assessment of a run's iteration as stored. Label is "" for
// the assessment made during the run; a re-judge stores its own beside it under another
// label (e.g. "rejudge:openai/gpt-4o"), so both can be compared.
type StoredAssessment struct {
	RunID      string      `json:"run_id,omitempty"`
	Iteration  int         `json:"iteration"`
	Label      string      `json:"label,omitempty"`
	Assessment Assessment  `json:"assessment"`
	Heuristics *Heuristics `json:"heuristics,omitempty"`
	CreatedAt  time.Time   `json:"created_at"`
}

// FinalAssessment is a run's own final assessment: the one the run made (no label) in its
// latest iteration, the later one on a tie; nil when the run made none. Re-judgements are
// never it. Reports, History's comparison and the MCP tools all answer with this one.
func FinalAssessment(as []StoredAssessment) *StoredAssessment {
	var final *StoredAssessment
	for i := range as {
		if as[i].Label == "" && (final == nil || as[i].Iteration >= final.Iteration) {
			final = &as[i]
		}
	}
	return final
}

// StoredVerdict is a verdict on a run's report with the deterministic checks behind it
// (the verifier's per-item checks as JSON).
type StoredVerdict struct {
	ID        int64           `json:"id,omitempty"`
	RunID     string          `json:"run_id,omitempty"`
	Iteration int             `json:"iteration"`
	Verdict   Verdict         `json:"verdict"`
	Checks    json.RawMessage `json:"checks,omitempty"`
	CreatedAt time.Time       `json:"created_at"`
}

// StoredReport is a run's report of record (status verified, unverified or failed). A run
// has at most one; saving again replaces it.
type StoredReport struct {
	RunID     string    `json:"run_id,omitempty"`
	Markdown  string    `json:"markdown"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// LLMCall is one recorded exchange with a model: what was asked, what came back raw, what
// was parsed from it, and what it cost. API keys are never part of it.
type LLMCall struct {
	ID            int64           `json:"id"`
	RunID         string          `json:"run_id,omitempty"`
	Purpose       string          `json:"purpose"`
	Provider      string          `json:"provider"`
	Model         string          `json:"model"`
	PromptVersion string          `json:"prompt_version"`
	Request       string          `json:"request"`
	Response      string          `json:"response"`
	Parsed        json.RawMessage `json:"parsed,omitempty"`
	Error         string          `json:"error,omitempty"`
	LatencyMS     int64           `json:"latency_ms"`
	InputTokens   int             `json:"input_tokens"`
	OutputTokens  int             `json:"output_tokens"`
	CachedTokens  int             `json:"cached_tokens"`
	CostUSD       float64         `json:"cost_usd"`
	CreatedAt     time.Time       `json:"created_at"`
}

// CallTotals sums recorded LLM calls: how many, how many failed, their tokens (cached =
// served from the provider's prompt cache, part of input), latency and cost. The store sums
// a run's calls by purpose and model into it and the window sums those again by call kind,
// with Add, so both count the same things.
type CallTotals struct {
	Calls        int     `json:"calls"`
	Failed       int     `json:"failed"`
	InputTokens  int     `json:"input_tokens"`
	OutputTokens int     `json:"output_tokens"`
	CachedTokens int     `json:"cached_tokens"`
	LatencyMS    int64   `json:"latency_ms"`
	CostUSD      float64 `json:"cost_usd"`
}

// Add adds o's sums to t.
func (t *CallTotals) Add(o CallTotals) {
	t.Calls += o.Calls
	t.Failed += o.Failed
	t.InputTokens += o.InputTokens
	t.OutputTokens += o.OutputTokens
	t.CachedTokens += o.CachedTokens
	t.LatencyMS += o.LatencyMS
	t.CostUSD += o.CostUSD
}

// RunStore is the port through which the research loop keeps a run durable: the run, its
// events, evidence, assessments, verdicts and report. *store.Store implements it; every
// piece of a run's state lives behind it, which is what makes a run resumable.
type RunStore interface {
	NewRunID() string
	CreateRun(ctx context.Context, r Run) error
	GetRun(ctx context.Context, id string) (Run, error)
	UpdateRun(ctx context.Context, r Run) error
	// AppendEvent assigns the event's seq and time and returns the stored event.
	AppendEvent(ctx context.Context, e Event) (Event, error)
	ListEvents(ctx context.Context, runID string, afterSeq int64) ([]Event, error)
	UpsertEvidence(ctx context.Context, evs []Evidence) ([]string, error)
	// LinkEvidence links keys to the run and returns how many were not linked before.
	LinkEvidence(ctx context.Context, runID string, iteration int, keys []string) (int, error)
	// RunEvidence returns the run's evidence in first-seen order.
	RunEvidence(ctx context.Context, runID string) ([]Evidence, error)
	SaveAssessment(ctx context.Context, a StoredAssessment) error
	ListAssessments(ctx context.Context, runID string) ([]StoredAssessment, error)
	SaveVerdict(ctx context.Context, runID string, iteration int, v Verdict, checks json.RawMessage) error
	SaveReport(ctx context.Context, r StoredReport) error
}
