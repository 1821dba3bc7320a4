package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// cancellingWriter is the terminal of a user who presses Ctrl-C as soon as a line containing
// at appears: it cancels the command's context from the run's own progress output.
type cancellingWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	at     string
	cancel context.CancelFunc
}

func (w *cancellingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.at) {
		w.cancel()
	}
	return n, err
}

func (w *cancellingWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// TestResearchExportsACancelledRun: `research --export FILE` cancelled with Ctrl-C writes
// the export all the same, as a failed run does, and the report in it says the run was
// cancelled. It used to write nothing and say nothing.
func TestResearchExportsACancelledRun(t *testing.T) {
	cases := []struct {
		name string
		// at is the progress line the user presses Ctrl-C at.
		at string
		// says is what the terminal and the export say of the report: a partial report is
		// kept only when there was something to report on.
		says, exportSays []string
	}{
		{"after the first search", "Found 2 new sources", []string{"Research cancelled: the partial report is kept"}, nil},
		{"during the first search", "Iteration 1: searching", []string{"Research cancelled before any evidence was stored: its report says only that"},
			[]string{"The run stopped during iteration 1's search, before its results were stored", "No evidence was stored before the run stopped."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			lib, err := filepath.Abs(filepath.Join("..", "services", "testdata", "library.nbib"))
			require.NoError(t, err)
			code, _, stderr := runCLI(t, "library", "import", lib)
			require.Equal(t, exitOK, code, stderr)

			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			out := filepath.Join(t.TempDir(), "report.md")
			var stdout bytes.Buffer
			stderrW := &cancellingWriter{at: tc.at, cancel: cancel}
			code = run(ctx, root(), &env{stdout: &stdout, stderr: stderrW, app: newApp()},
				[]string{"research", "--judge", "offline", "--sources", "library", "--max-iterations", "2", "--export", out,
					"What drugs could be repurposed for Alzheimer disease?"})
			errText := stderrW.String()
			require.Equal(t, exitFail, code, errText)
			require.Contains(t, errText, "cancelled; resume with: deepcritical research --resume ")
			require.Contains(t, errText, "exported the cancelled run's partial report (md) to "+out)
			b, err := os.ReadFile(out)
			require.NoError(t, err, "the export of the cancelled run was not written")
			require.Contains(t, string(b), "The run was cancelled: this is a partial report")
			for _, w := range tc.says {
				require.Contains(t, errText, w)
			}
			for _, w := range tc.exportSays {
				require.Contains(t, string(b), w)
			}
			// One judge line: the offline judge the run was set to use scored nothing.
			if strings.Contains(string(b), "No judge assessed the evidence") {
				require.NotContains(t, string(b), "Scored by the offline heuristic judge")
			}
		})
	}
}
