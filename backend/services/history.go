package services

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
)

// HistoryService lists, opens and deletes stored runs; everything works offline.
type HistoryService struct {
	store dep[historyStore]
	// runs marks runs whose process died as interrupted before a listing (missing when the
	// data folder is read-only).
	runs dep[*runs.Runner]
}

// historyStore is the part of the database History reads and deletes.
type historyStore interface {
	ListRuns(ctx context.Context, f store.RunFilter) ([]store.RunSummary, error)
	GetRun(ctx context.Context, id string) (domain.Run, error)
	ListEvents(ctx context.Context, runID string, afterSeq int64) ([]domain.Event, error)
	GetReport(ctx context.Context, runID string) (domain.StoredReport, error)
	LLMUsageForRun(ctx context.Context, runID string) ([]store.LLMUsage, error)
	DeleteRun(ctx context.Context, id string) error
}

var _ historyStore = (*store.Store)(nil)

// MaxHistoryPage is the largest page of history one call returns.
const MaxHistoryPage = store.MaxListLimit

// HistoryFilter is what the History view (and `history list`) filters runs by; zero
// values filter nothing.
type HistoryFilter struct {
	// Text is searched over run questions, the evidence of each run and the reports.
	Text   string           `json:"text,omitempty"`
	Status domain.RunStatus `json:"status,omitempty"`
	Judge  domain.Provider  `json:"judge,omitempty"`
	// Verification (verified, failed, unverified), Review (agree, disagree, reviewed, none),
	// Candidate (a drug the final verdict names) and Since/Until (YYYY-MM-DD) narrow the list.
	Verification string `json:"verification,omitempty"`
	Review       string `json:"review,omitempty"`
	Candidate    string `json:"candidate,omitempty"`
	Since        string `json:"since,omitempty"`
	Until        string `json:"until,omitempty"`
	// Limit defaults to 50 and is at most MaxHistoryPage.
	Limit  int `json:"limit,omitempty"`
	Offset int `json:"offset,omitempty"`
}

// HistoryItem is one run as the History list shows it.
type HistoryItem struct {
	ID            string           `json:"id"`
	Question      string           `json:"question"`
	Status        domain.RunStatus `json:"status"`
	Judge         domain.JudgeInfo `json:"judge"`
	Iterations    int              `json:"iterations"`
	EvidenceCount int              `json:"evidence_count"`
	VerdictPass   *bool            `json:"verdict_pass,omitempty"`
	CreatedAt     time.Time        `json:"created_at"`
	FinishedAt    *time.Time       `json:"finished_at,omitempty"`
	StopReason    string           `json:"stop_reason,omitempty"`
	Error         string           `json:"error,omitempty"`
	// ReportStatus is the report's status (verified, failed, unverified), empty without one.
	ReportStatus string `json:"report_status,omitempty"`
	// Outcome is domain.RunOutcome's one line, as the run header and the report say it.
	Outcome string `json:"outcome"`
	// Verdicts counts the run's own final verdict and every re-judgement of its evidence.
	Verdicts int `json:"verdicts"`
	// Review is the reviewer's decision on the verdict (agree, disagree), "papers" when only
	// papers were decided on, "" when nobody reviewed the run.
	Review string `json:"review,omitempty"`
	// Candidates are the drug candidates of the run's final verdict, shown at a glance.
	Candidates []string `json:"candidates,omitempty"`
}

func historyItem(r store.RunSummary) HistoryItem {
	return HistoryItem{ID: r.ID, Question: r.Question, Status: r.Status, Judge: r.Judge, Iterations: r.Iterations,
		EvidenceCount: r.EvidenceCount, VerdictPass: r.VerdictPass, CreatedAt: r.CreatedAt, FinishedAt: r.FinishedAt,
		StopReason: r.StopReason, Error: r.Error, ReportStatus: r.ReportStatus, Review: r.Review,
		Verdicts: r.Verdicts, Candidates: r.Candidates,
		Outcome: domain.RunOutcome(domain.Run{Status: r.Status, StopReason: r.StopReason, Error: r.Error, Iterations: r.Iterations}, r.ReportStatus)}
}

// historyTimeout bounds a history query so a locked database cannot freeze the window.
const historyTimeout = 10 * time.Second

// List returns runs newest first, filtered by status, judge and full-text over questions,
// evidence and reports.
func (h *HistoryService) List(f HistoryFilter) ([]HistoryItem, error) {
	if err := checkDays(f.Since, f.Until); err != nil {
		return nil, err
	}
	st, err := h.store.get()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), historyTimeout)
	defer cancel()
	// A run whose process died since the window opened (a killed terminal run) shows as
	// interrupted, not running. Best effort: a read-only database is still listed.
	if runner, err := h.runs.get(); err == nil {
		if _, err := runner.MarkInterrupted(ctx); err != nil {
			slog.Debug("mark interrupted runs", "err", err)
		}
	}
	rows, err := st.ListRuns(ctx, store.RunFilter{Text: strings.TrimSpace(f.Text), Status: f.Status, Judge: f.Judge,
		Verification: f.Verification, Review: f.Review, Candidate: f.Candidate, Since: f.Since, Until: f.Until, Limit: f.Limit, Offset: f.Offset})
	if err != nil {
		return nil, err
	}
	out := make([]HistoryItem, len(rows))
	for i, r := range rows {
		out[i] = historyItem(r)
	}
	return out, nil
}

// checkDays refuses a since or until that is not a day, naming which (the store's own check
// cannot say), and a range that ends before it starts: it would list no run, which reads as
// "there is none" rather than as a mistake in the filter.
func checkDays(since, until string) error {
	days := map[string]time.Time{}
	for _, d := range []struct{ name, day string }{{"since", since}, {"until", until}} {
		if d.day == "" {
			continue
		}
		t, err := time.Parse(time.DateOnly, d.day)
		if err != nil {
			return domain.Errorf(domain.CodeInvalid, "%s %q is not a day: give it as YYYY-MM-DD (e.g. 2026-01-31)", d.name, clip(d.day, 40))
		}
		days[d.name] = t
	}
	s, hasSince := days["since"]
	u, hasUntil := days["until"]
	if hasSince && hasUntil && s.After(u) {
		return domain.Errorf(domain.CodeInvalid, "since %s is after until %s: no run can match", since, until)
	}
	return nil
}

// clip shortens s to at most n runes for a message that quotes what was given (a value of
// any size must not come back whole).
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// RunDetail is one stored run with its events.
type RunDetail struct {
	Run    domain.Run     `json:"run"`
	Events []domain.Event `json:"events"`
	// Outcome is domain.RunOutcome's one line (why it stopped, verification, partial).
	Outcome string `json:"outcome"`
	// Usage is the run's LLM calls, tokens, latency and cost per call kind.
	Usage RunUsage `json:"usage"`
}

// Get opens one stored run.
func (h *HistoryService) Get(id string) (RunDetail, error) {
	st, err := h.store.get()
	if err != nil {
		return RunDetail{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), historyTimeout)
	defer cancel()
	run, err := st.GetRun(ctx, strings.TrimSpace(id))
	if err != nil {
		return RunDetail{}, err
	}
	evs, err := st.ListEvents(ctx, run.ID, 0)
	if err != nil {
		return RunDetail{}, err
	}
	if evs == nil {
		evs = []domain.Event{}
	}
	reportStatus, err := storedReportStatus(ctx, st, run.ID)
	if err != nil {
		return RunDetail{}, err
	}
	rows, err := st.LLMUsageForRun(ctx, run.ID)
	if err != nil {
		return RunDetail{}, err
	}
	return RunDetail{Run: run, Events: evs, Outcome: domain.RunOutcome(run, reportStatus), Usage: usageOf(rows, run.Judge.Provider)}, nil
}

// storedReportStatus is the status of the run's stored report, or empty when it has none.
func storedReportStatus(ctx context.Context, st interface {
	GetReport(context.Context, string) (domain.StoredReport, error)
}, runID string) (string, error) {
	rep, err := st.GetReport(ctx, runID)
	switch {
	case err == nil:
		return rep.Status, nil
	case domain.CodeOf(err) == domain.CodeNotFound:
		return "", nil
	}
	return "", err
}

// Delete removes a run and everything stored with it.
func (h *HistoryService) Delete(id string) error {
	st, err := h.store.get()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), historyTimeout)
	defer cancel()
	id = strings.TrimSpace(id)
	// A run whose process died shows as interrupted first; one still running (here or in
	// another process) is refused: deleting it under its runner left that process failing
	// with a raw error and suggesting a resume of a run that no longer existed.
	if runner, err := h.runs.get(); err == nil {
		if _, err := runner.MarkInterrupted(ctx); err != nil {
			slog.Debug("mark interrupted runs", "err", err)
		}
	}
	run, err := st.GetRun(ctx, id)
	if err != nil {
		return err
	}
	if run.Status == domain.RunRunning || run.Status == domain.RunPending {
		return domain.Errorf(domain.CodeConflict, "run %s is still %s: cancel it first (the window's Cancel, or Ctrl-C where it runs), then delete it", run.ID, run.Status)
	}
	return st.DeleteRun(ctx, id)
}
