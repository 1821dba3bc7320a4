package domain

import (
	"fmt"
	"strings"
)

// Stop reasons as the research loop records them on Run.StopReason; a failure is
// "failed: <reason>". They are repeated here so RunOutcome can word them without importing
// the orchestrator.
// Stop reasons recorded on Run.StopReason; a failure is "failed: <reason>". One home, read by
// the loop that sets them and by every text that explains them.
const (
	StopSufficient    = "sufficient"
	StopMaxIterations = "max_iterations"
	StopNoProgress    = "no_progress"
	// StopQueriesExhausted: every search the judge and the heuristics suggested had already
	// been run, so another iteration could find nothing new.
	StopQueriesExhausted = "queries_exhausted"
	StopCancelled        = "cancelled"
	stopFailedPrefix     = "failed"
)

// QueriesExhaustedWhy says why a run stopped StopQueriesExhausted, in every text that explains
// it: the searches suggested come from the judge and from the heuristics, the heuristics'
// alone in an iteration whose judge gave no valid answer.
const QueriesExhaustedWhy = "every search suggested (by the judge or the heuristics) had already been run"

// Report statuses as stored beside a report (verified, failed verification, unverified).
const (
	reportVerified   = "verified"
	reportFailed     = "failed"
	reportUnverified = "unverified"
)

// RunOutcome is the one line, in plain words, that says how a run ended: why it stopped,
// whether its report passed verification and whether the report is partial. The run
// header, History and the report all print this line, so the window never tells one story
// in one place and another elsewhere (a green "complete" beside a failed verification).
//
// reportStatus is the stored report's status (verified, failed, unverified) or empty when
// no report exists yet. The stop reason, not the status, decides the wording once it is
// set, because the report is written before the run is marked complete.
func RunOutcome(r Run, reportStatus string) string {
	its := Plural(r.Iterations, "iteration", "iterations")
	// A run stopped before its first iteration ended says so, not "after 0 iterations"
	// beside a window that shows it in iteration 1.
	after := "after " + its
	if r.Iterations == 0 {
		after = "in its first iteration"
	}
	reason := strings.TrimSpace(r.StopReason)
	var why string
	switch {
	case reason == StopSufficient:
		why = "The judge found the evidence sufficient after " + its
	case reason == StopMaxIterations:
		limit := r.Config.MaxIterations
		if limit <= 0 {
			limit = r.Iterations
		}
		why = fmt.Sprintf("Stopped at the limit of %s before the judge found the evidence sufficient", Plural(limit, "iteration", "iterations"))
	case reason == StopNoProgress:
		why = "Stopped after " + its + " because the last two found no new evidence"
	case reason == StopQueriesExhausted:
		// The searches left are the judge's suggestions and the heuristics' (which stand
		// alone when the judge gave no answer): the line never credits the judge alone.
		why = "Stopped after " + its + " because " + QueriesExhaustedWhy
	case reason == StopCancelled:
		why = "Cancelled " + after
	case strings.HasPrefix(reason, stopFailedPrefix):
		cause := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(reason, stopFailedPrefix), ":"))
		if cause == "" {
			cause = strings.TrimSpace(r.Error)
		}
		if cause == "" {
			cause = "an unknown error"
		}
		// One line: a long chain is cut to its head; the whole error stays on the run
		// (the window's details, `history show --detail`, the report's Limitations).
		why = "Failed " + after + ": " + ErrorHead(cause)
	case reason != "":
		why = "Stopped " + after + " (" + reason + ")"
	case r.Status == RunFailed:
		why = "Failed " + after
		if e := strings.TrimSpace(r.Error); e != "" {
			why += ": " + ErrorHead(e)
		}
	case r.Status == RunCancelled:
		why = "Cancelled " + after
	case r.Status == RunInterrupted:
		return "Interrupted when the program running it stopped, " + after + "; resume it to continue."
	case r.Status == RunPending:
		return "Waiting to start."
	default:
		if r.Config.MaxIterations > 0 {
			return fmt.Sprintf("Running: %d of at most %s done so far.", r.Iterations, Plural(r.Config.MaxIterations, "iteration", "iterations"))
		}
		return "Running: " + its + " done so far."
	}
	partial := reason != StopSufficient
	var rep string
	switch reportStatus {
	case reportVerified:
		rep = "the report passed verification"
		if partial {
			rep = "the report is partial and passed verification"
		}
	case reportFailed:
		rep = "the report failed verification (see the flagged items)"
		if partial {
			rep = "the report is partial and failed verification (see the flagged items)"
		}
	case reportUnverified:
		rep = "the report was not verified"
		if partial {
			rep = "the report is partial and was not verified"
		}
	case "":
		if r.Status == RunRunning || r.Status == RunPending {
			return why + "; the report is being written."
		}
		rep = "no report was written"
	default:
		rep = "the report is " + reportStatus
	}
	return why + "; " + rep + "."
}

// Plural writes a count with its noun in the right number ("1 iteration", "3 iterations").
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
