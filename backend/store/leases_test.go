package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestLeasedWritesStopAtTakeover is the stalled-process bug: a process suspended past its
// lease's expiry, while another took the run over and finished it, woke up and overwrote the
// finished run (its status, report and events). Every write an execution makes under its
// lease (domain.WithLease) goes through while it holds the lease and is refused, changing
// nothing, once another process has taken it.
func TestLeasedWritesStopAtTakeover(t *testing.T) {
	s, clock := newTestStore(t)
	bg := context.Background()
	mustCreateRun(t, s, "r1", "does aspirin prevent stroke")
	a := domain.RunLease{RunID: "r1", Holder: "a", Host: "laptop", PID: 100, ExpiresAt: t0.Add(30 * time.Second)}
	require.NoError(t, s.AcquireRunLease(bg, a, nil))
	// The papers a round links, stored beforehand (a search's upsert is one of the writes).
	_, err := s.UpsertEvidence(bg, []domain.Evidence{paper("11", "Round one paper", "x"), paper("12", "Round two paper", "y")})
	require.NoError(t, err)

	writes := []struct {
		name  string
		write func(ctx context.Context, round int) error
	}{
		{"run status", func(ctx context.Context, round int) error {
			r := testRun("r1", "does aspirin prevent stroke")
			r.Status, r.StopReason = domain.RunCancelled, fmt.Sprintf("cancelled %d", round)
			return s.UpdateRun(ctx, r)
		}},
		{"event", func(ctx context.Context, round int) error {
			e, err := domain.NewEvent("r1", domain.EventCancelled, round, "Research cancelled", domain.CancelledData{StopReason: domain.StopCancelled})
			require.NoError(t, err)
			_, err = s.AppendEvent(ctx, e)
			return err
		}},
		{"evidence", func(ctx context.Context, round int) error {
			_, err := s.UpsertEvidence(ctx, []domain.Evidence{paper("11", fmt.Sprintf("Round one paper, seen in round %d", round), "x")})
			return err
		}},
		{"evidence link", func(ctx context.Context, round int) error {
			_, err := s.LinkEvidence(ctx, "r1", round, []string{fmt.Sprintf("pmid:1%d", round)})
			return err
		}},
		{"topics", func(ctx context.Context, round int) error {
			return s.SetEvidenceTopics(ctx, "r1", map[string]domain.Topic{"pmid:11": {Score: float64(round) / 10}})
		}},
		{"assessment", func(ctx context.Context, round int) error {
			return s.SaveAssessment(ctx, domain.StoredAssessment{RunID: "r1", Iteration: round, Assessment: domain.Assessment{Reasoning: "fallback"}})
		}},
		{"verdict", func(ctx context.Context, round int) error {
			return s.SaveVerdict(ctx, "r1", round, domain.Verdict{Pass: round == 1, Reason: "checked"}, nil)
		}},
		{"report", func(ctx context.Context, round int) error {
			return s.SaveReport(ctx, domain.StoredReport{RunID: "r1", Markdown: fmt.Sprintf("# Partial report %d", round)})
		}},
		{"LLM exchange", func(ctx context.Context, round int) error {
			return s.RecordLLMCall(ctx, domain.LLMCall{RunID: "r1", Purpose: "judge", Provider: "openai", Model: "gpt-4o-mini", Error: fmt.Sprintf("timed out %d", round)})
		}},
		{"appraisal", func(ctx context.Context, round int) error {
			return s.PutAppraisal(ctx, "cache-1", "pmid:11", domain.Appraisal{Document: domain.Document{Key: "pmid:11"}, Weight: float64(round) / 10})
		}},
		{"full text", func(ctx context.Context, round int) error {
			return s.PutFullText(ctx, domain.FullText{Key: "pmid:11", Source: domain.FullTextEuropePMC, Title: fmt.Sprintf("Full text %d", round),
				Sections: []domain.FullTextSection{{Kind: domain.SectionMethods, Title: "Methods", Level: 1, Text: "We randomised patients."}}})
		}},
	}

	ctxA := domain.WithLease(bg, a)
	for _, w := range writes {
		require.NoError(t, w.write(ctxA, 1), "%s: the holder writes its run", w.name)
	}

	// A stalled past the expiry; B took the run over.
	clock.advance(time.Minute)
	b := domain.RunLease{RunID: "r1", Holder: "b", Host: "laptop", PID: 200, ExpiresAt: clock.Now().Add(30 * time.Second)}
	require.NoError(t, s.AcquireRunLease(bg, b, nil))
	before := dumpTables(t, s)
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			err := w.write(ctxA, 2)
			require.ErrorIs(t, err, domain.ErrTakenOver)
			requireCode(t, err, domain.CodeConflict)
			require.Equal(t, "another process took run r1 over: this one stopped and wrote nothing more to it", domain.SafeMessage(err))
			require.Equal(t, before, dumpTables(t, s), "the refused write changed the database")
		})
	}

	// B writes under its own lease; after B released the run (it finished), A still cannot.
	require.NoError(t, writes[1].write(domain.WithLease(bg, b), 3))
	require.NoError(t, s.ReleaseRunLease(bg, "r1", "b"))
	require.ErrorIs(t, writes[0].write(ctxA, 4), domain.ErrTakenOver)
	// Writes made outside any execution (a re-judgement, an import) are not leased.
	require.NoError(t, writes[5].write(bg, 5))
}

// dumpTables renders every row of the tables a run's execution writes.
func dumpTables(t *testing.T, s *Store) string {
	t.Helper()
	var b strings.Builder
	for _, table := range []string{"runs", "events", "evidence", "run_evidence", "assessments", "verdicts", "reports", "llm_calls", "appraisals", "fulltexts"} {
		rows, err := s.db.QueryContext(context.Background(), `SELECT * FROM `+table+` ORDER BY 1, 2`)
		require.NoError(t, err)
		cols, err := rows.Columns()
		require.NoError(t, err)
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			require.NoError(t, rows.Scan(ptrs...))
			fmt.Fprintf(&b, "%s %v\n", table, vals)
		}
		require.NoError(t, rows.Err())
		require.NoError(t, rows.Close())
	}
	return b.String()
}
