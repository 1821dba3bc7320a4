package report

import (
	"bytes"
	"html"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func resumeEvents(t *testing.T, steps ...any) []domain.Event {
	t.Helper()
	var out []domain.Event
	for i, s := range steps {
		var e domain.Event
		var err error
		switch s := s.(type) {
		case string: // "start" or "resume"
			e, err = domain.NewEvent("r", domain.EventStarted, 0, s, domain.StartedData{Resumed: s == "resume"})
		case int: // an iteration's search; -n: iteration n judged
			if s < 0 {
				e, err = domain.NewEvent("r", domain.EventJudgeComplete, -s, "judged", domain.JudgeCompleteData{})
				break
			}
			e, err = domain.NewEvent("r", domain.EventSearching, s, "searching", domain.SearchingData{Queries: []string{"q"}})
		}
		require.NoError(t, err)
		e.Seq = int64(i + 1)
		out = append(out, e)
	}
	return out
}

// TestResumedRunsSayTheyWere: a run that was interrupted and resumed says so, and after which
// iteration, among its limitations — in Markdown, HTML, the CSV's notes and JSON alike; only
// the JSON's events said it before.
func TestResumedRunsSayTheyWere(t *testing.T) {
	cases := []struct {
		name  string
		steps []any
		want  string
	}{
		{"never interrupted", []any{"start", 1, -1, 2, -2}, ""},
		{"once", []any{"start", 1, -1, "resume", 2}, "The run was interrupted after iteration 1 and resumed"},
		{"while searching", []any{"start", 1, -1, 2, "resume", 2}, "The run was interrupted during iteration 2 and resumed"},
		{"before any search", []any{"start", "resume", 1}, "The run was interrupted before its first search and resumed"},
		{"twice", []any{"start", 1, -1, "resume", 2, -2, "resume", 3}, "The run was interrupted and resumed 2 times: after iteration 1; after iteration 2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, ok := resumedLimitation(resumeEvents(t, tc.steps...))
			require.Equal(t, tc.want != "", ok)
			require.Equal(t, tc.want, l.Text)
		})
	}

	run := sampleExportRun()
	run.Events = append(resumeEvents(t, "start", 1, -1, "resume"), run.Events[1:]...)
	want := "The run was interrupted after iteration 1 and resumed"
	for _, format := range []string{"md", "html", "json"} {
		var buf bytes.Buffer
		require.NoError(t, Export(run, format, &buf))
		require.Contains(t, html.UnescapeString(buf.String()), want, format)
	}
	require.Contains(t, CSVNotes(run), want, "csv")
}
