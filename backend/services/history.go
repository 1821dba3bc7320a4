package services

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/store"
)

// HistoryService lists, opens and deletes stored runs; everything works offline.
type HistoryService struct{ c *Container }

// historyTimeout bounds a history query so a locked database cannot freeze the window.
const historyTimeout = 10 * time.Second

// List returns runs newest first, filtered by status, judge and full-text over questions,
// evidence and reports.
func (h *HistoryService) List(f store.RunFilter) ([]store.RunSummary, error) {
	st, err := h.c.Store()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), historyTimeout)
	defer cancel()
	f.Text = strings.TrimSpace(f.Text)
	// A run whose process died since the window opened (a killed terminal run) shows as
	// interrupted, not running. Best effort: a read-only database is still listed.
	if runner, err := h.c.Runner(); err == nil {
		if _, err := runner.MarkInterrupted(ctx); err != nil {
			slog.Debug("mark interrupted runs", "err", err)
		}
	}
	runs, err := st.ListRuns(ctx, f)
	if err != nil {
		return nil, err
	}
	if runs == nil {
		runs = []store.RunSummary{}
	}
	for i := range runs {
		runs[i].Outcome = runs[i].OutcomeLine()
	}
	return runs, nil
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
	st, err := h.c.Store()
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
	return RunDetail{Run: run, Events: evs, Outcome: domain.RunOutcome(run, reportStatus), Usage: usageOf(rows)}, nil
}

// storedReportStatus is the status of the run's stored report, or empty when it has none.
func storedReportStatus(ctx context.Context, st *store.Store, runID string) (string, error) {
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
	st, err := h.c.Store()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), historyTimeout)
	defer cancel()
	return st.DeleteRun(ctx, strings.TrimSpace(id))
}
