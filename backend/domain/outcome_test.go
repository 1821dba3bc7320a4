package domain

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRunOutcome(t *testing.T) {
	cfg := RunConfig{MaxIterations: 5}
	cases := []struct {
		name   string
		run    Run
		report string
		want   string
	}{
		{"sufficient and verified", Run{Status: RunComplete, StopReason: "sufficient", Iterations: 1, Config: cfg}, "verified",
			"The judge found the evidence sufficient after 1 iteration; the report passed verification."},
		{"no progress, verification failed (the issue's contradictory run)", Run{Status: RunComplete, StopReason: "no_progress", Iterations: 3, Config: cfg}, "failed",
			"Stopped after 3 iterations because the last two found no new evidence; the report is partial and failed verification (see the flagged items)."},
		// The searches left were the judge's and the heuristics' (the heuristics' alone where
		// the judge gave no answer): the line does not credit the judge alone.
		{"no search left, verified", Run{Status: RunComplete, StopReason: "queries_exhausted", Iterations: 2, Config: cfg}, "verified",
			"Stopped after 2 iterations because every search suggested (by the judge or the heuristics) had already been run; the report is partial and passed verification."},
		{"iteration limit, verified", Run{Status: RunComplete, StopReason: "max_iterations", Iterations: 5, Config: cfg}, "verified",
			"Stopped at the limit of 5 iterations before the judge found the evidence sufficient; the report is partial and passed verification."},
		{"limit unknown falls back to iterations", Run{Status: RunComplete, StopReason: "max_iterations", Iterations: 1}, "unverified",
			"Stopped at the limit of 1 iteration before the judge found the evidence sufficient; the report is partial and was not verified."},
		{"cancelled with a partial report", Run{Status: RunCancelled, StopReason: "cancelled", Iterations: 2}, "unverified",
			"Cancelled after 2 iterations; the report is partial and was not verified."},
		{"failed with a cause", Run{Status: RunFailed, StopReason: "failed: every source failed", Iterations: 1}, "",
			"Failed after 1 iteration: every source failed; no report was written."},
		{"failed, cause only in Error", Run{Status: RunFailed, StopReason: "failed", Error: "disk full", Iterations: 0}, "",
			"Failed in its first iteration: disk full; no report was written."},
		{"a long chain is said by its head", Run{Status: RunFailed, StopReason: "failed: every source failed in two iterations in a row and no evidence was found (iteration 2: pubmed: HTTP 503 Service Unavailable after 3 attempts; europepmc: context deadline exceeded; clinicaltrials: HTTP 429 Too Many Requests)", Iterations: 2}, "",
			"Failed after 2 iterations: every source failed in two iterations in a row and no evidence was found; no report was written."},
		{"report written while the run is still marked running", Run{Status: RunRunning, StopReason: "sufficient", Iterations: 2}, "verified",
			"The judge found the evidence sufficient after 2 iterations; the report passed verification."},
		{"synthesising", Run{Status: RunRunning, StopReason: "sufficient", Iterations: 2}, "",
			"The judge found the evidence sufficient after 2 iterations; the report is being written."},
		{"running", Run{Status: RunRunning, Iterations: 1, Config: cfg}, "", "Running: 1 of at most 5 iterations done so far."},
		{"pending", Run{Status: RunPending}, "", "Waiting to start."},
		{"interrupted", Run{Status: RunInterrupted, Iterations: 2}, "", "Interrupted when the program running it stopped, after 2 iterations; resume it to continue."},
		{"interrupted in its first iteration", Run{Status: RunInterrupted}, "", "Interrupted when the program running it stopped, in its first iteration; resume it to continue."},
		{"unknown stop reason is shown, not hidden", Run{Status: RunComplete, StopReason: "budget", Iterations: 2}, "verified",
			"Stopped after 2 iterations (budget); the report is partial and passed verification."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, RunOutcome(c.run, c.report))
		})
	}
}

func TestPlural(t *testing.T) {
	require.Equal(t, "0 pieces", Plural(0, "piece", "pieces"))
	require.Equal(t, "1 piece", Plural(1, "piece", "pieces"))
	require.Equal(t, "12 pieces", Plural(12, "piece", "pieces"))
}
