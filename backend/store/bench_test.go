package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// benchRuns is the history size of BenchmarkHistory: the brief's 10,000 runs with
// DC_BENCH_SCALE=1, a small history otherwise so `make bench` stays quick.
func benchRuns() int {
	if os.Getenv("DC_BENCH_SCALE") == "1" {
		return 10_000
	}
	return 500
}

// latencies collects one duration per benchmark iteration and reports p50/p95 in ms.
type latencies []time.Duration

func (l latencies) report(b *testing.B) {
	if len(l) == 0 {
		return
	}
	s := slices.Clone(l)
	slices.Sort(s)
	pct := func(p float64) float64 {
		return float64(s[min(len(s)-1, int(p*float64(len(s))))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "ms_p50")
	b.ReportMetric(pct(0.95), "ms_p95")
}

// BenchmarkHistory measures the history view on a generated database of benchRuns() runs ×
// 30 evidence × 12 events: open+migrate of the existing file, the first page of the list,
// full-text search over questions, evidence and reports, and the file size.
func BenchmarkHistory(b *testing.B) {
	ctx := context.Background()
	runs := benchRuns()
	path := filepath.Join(b.TempDir(), "history.db")
	s, err := Open(ctx, path)
	require.NoError(b, err)
	began := time.Now()
	require.NoError(b, generateBenchData(ctx, s, runs, 30, 12, 42))
	_, err = s.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	require.NoError(b, err)
	b.Logf("generated %d runs × 30 evidence × 12 events in %s", runs, time.Since(began).Round(time.Millisecond))
	require.NoError(b, s.Close())
	fi, err := os.Stat(path)
	require.NoError(b, err)
	sizeMB := float64(fi.Size()) / (1 << 20)

	b.Run("open_migrate", func(b *testing.B) {
		var l latencies
		for b.Loop() {
			t := time.Now()
			s, err := Open(ctx, path)
			require.NoError(b, err)
			l = append(l, time.Since(t))
			require.NoError(b, s.Close())
		}
		l.report(b)
		b.ReportMetric(sizeMB, "MB")
	})

	s, err = Open(ctx, path)
	require.NoError(b, err)
	defer s.Close()

	b.Run("list_first_page", func(b *testing.B) {
		var l latencies
		for b.Loop() {
			t := time.Now()
			page, err := s.ListRuns(ctx, RunFilter{Limit: 50})
			l = append(l, time.Since(t))
			require.NoError(b, err)
			require.Len(b, page, min(50, runs))
		}
		l.report(b)
	})

	b.Run("list_filtered_page", func(b *testing.B) {
		var l latencies
		filters := []RunFilter{
			{Limit: 50, Status: domain.RunFailed},
			{Limit: 50, Judge: domain.ProviderOllama},
			{Limit: 50, Offset: 500},
		}
		i := 0
		for b.Loop() {
			t := time.Now()
			_, err := s.ListRuns(ctx, filters[i%len(filters)])
			l = append(l, time.Since(t))
			require.NoError(b, err)
			i++
		}
		l.report(b)
	})

	// Queries from common (most runs match) to rare (a few match) to absent.
	queries := []string{"alzheimer", "metformin", "lithium tau", "amyloid clearance", "randomized placebo",
		"microglia neuroinflammation", "ketamine depression", "riluzole amyotrophic", `"hazard ratio"`, "zebrafish"}
	b.Run("search", func(b *testing.B) {
		var l latencies
		i := 0
		for b.Loop() {
			t := time.Now()
			_, err := s.ListRuns(ctx, RunFilter{Text: queries[i%len(queries)], Limit: 50})
			l = append(l, time.Since(t))
			require.NoError(b, err)
			i++
		}
		l.report(b)
	})
}

// BenchmarkAppendEvent is the per-event write cost of a run (the loop stores every event
// before emitting it).
func BenchmarkAppendEvent(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "events.db"))
	require.NoError(b, err)
	defer s.Close()
	require.NoError(b, s.CreateRun(ctx, testRun("bench", "event benchmark question")))
	ev := domain.Event{RunID: "bench", Type: domain.EventSearching, Iteration: 1, Message: "searching", Data: []byte(`{"queries":["a","b"]}`)}
	b.Run("unleased", func(b *testing.B) {
		for b.Loop() {
			_, err := s.AppendEvent(ctx, ev)
			require.NoError(b, err)
		}
	})
	// A run's own events are written under its lease, checked in the same transaction.
	l := domain.RunLease{RunID: "bench", Holder: "h1", Host: "bench", PID: 1, ExpiresAt: time.Now().Add(time.Hour)}
	require.NoError(b, s.AcquireRunLease(ctx, l, nil))
	leased := domain.WithLease(ctx, l)
	b.Run("leased", func(b *testing.B) {
		for b.Loop() {
			_, err := s.AppendEvent(leased, ev)
			require.NoError(b, err)
		}
	})
}

// BenchmarkEvidenceIteration stores and links one iteration's 30 papers (half of them
// already known, as when queries overlap), the loop's per-iteration store cost.
func BenchmarkEvidenceIteration(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "evidence.db"))
	require.NoError(b, err)
	defer s.Close()
	it := 0
	run := ""
	for b.Loop() {
		if it%10 == 0 { // a run has at most 10 iterations
			run = fmt.Sprintf("bench-%d", it)
			require.NoError(b, s.CreateRun(ctx, testRun(run, "evidence benchmark question")))
		}
		evs := make([]domain.Evidence, 30)
		for j := range evs {
			evs[j] = benchEvidence(1, it*15+j)
		}
		keys, err := s.UpsertEvidence(ctx, evs)
		require.NoError(b, err)
		_, err = s.LinkEvidence(ctx, run, 1+it%10, keys)
		require.NoError(b, err)
		it++
	}
}

// BenchmarkUpsertLibraryRecord is one record per call, the library importer's path.
func BenchmarkUpsertLibraryRecord(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "library.db"))
	require.NoError(b, err)
	defer s.Close()
	i := 0
	for b.Loop() {
		ev := benchEvidence(7, i)
		ev.Citation.Source = domain.SourceLibrary
		_, _, err := s.UpsertLibraryRecord(ctx, ev)
		require.NoError(b, err)
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "records/s")
}

// BenchmarkUpsertLibraryBatch imports 500 records per call (one transaction), the fast path
// for large files.
func BenchmarkUpsertLibraryBatch(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "library.db"))
	require.NoError(b, err)
	defer s.Close()
	const batch = 500
	i := 0
	for b.Loop() {
		evs := make([]domain.Evidence, batch)
		for j := range evs {
			evs[j] = benchEvidence(7, i)
			evs[j].Citation.Source = domain.SourceLibrary
			i++
		}
		_, err := s.UpsertLibraryRecords(ctx, evs)
		require.NoError(b, err)
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "records/s")
}
