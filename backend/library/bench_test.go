package library

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"deepcritical/backend/store"
	"deepcritical/internal/cputime"
)

// benchScale is the number of generated MEDLINE records: 100,000 with DC_BENCH_SCALE=1
// (the target), a quick 2,000 otherwise so `go test -bench` stays fast.
func benchScale() int {
	if os.Getenv("DC_BENCH_SCALE") == "1" {
		return 100_000
	}
	return 2_000
}

func writeBenchFile(b *testing.B, n int) string {
	b.Helper()
	p := filepath.Join(b.TempDir(), fmt.Sprintf("gen%d.medline", n))
	if err := os.WriteFile(p, []byte(generateMEDLINE(n, 42)), 0o644); err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkImportMEDLINE imports generated MEDLINE records into a fresh real store per
// iteration and reports the total time and records/s (target: 100,000 in < 60 s).
func BenchmarkImportMEDLINE(b *testing.B) {
	n := benchScale()
	path := writeBenchFile(b, n)
	st, _ := os.Stat(path)
	ctx := context.Background()
	var total, cpu time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := store.Open(ctx, filepath.Join(b.TempDir(), fmt.Sprintf("bench%d.db", i)))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start, cpuStart := time.Now(), cputime.Used()
		sum, err := Import(ctx, s, []string{path}, nil)
		total += time.Since(start)
		cpu += cputime.Used() - cpuStart
		b.StopTimer()
		if err != nil || sum.Imported != n || len(sum.Errors) != 0 {
			b.Fatalf("import: %v, %+v", err, sum)
		}
		s.Close()
		b.StartTimer()
	}
	secs := total.Seconds() / float64(b.N)
	b.ReportMetric(secs, "s/import")
	b.ReportMetric(float64(n)/secs, "records/s")
	b.ReportMetric(float64(st.Size())/(1<<20)/secs, "MB/s")
	// CPU seconds spent by the process: on a shared machine wall time mostly measures
	// the other processes, while this stays comparable.
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu_s/import")
}

// BenchmarkLibrarySearch measures full-text queries over a library of generated records
// and reports the p50 and p95 latency of one query (target p95 < 50 ms at 100,000). One
// op is the whole set of 200 queries: single terms of varied frequency, two-term queries
// and typed prefixes.
func BenchmarkLibrarySearch(b *testing.B) {
	n := benchScale()
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(b.TempDir(), "search.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if sum, err := Import(ctx, s, []string{writeBenchFile(b, n)}, nil); err != nil || sum.Imported != n {
		b.Fatalf("import: %v, %+v", err, sum)
	}
	rng := rand.New(rand.NewSource(1))
	queries := make([]string, 200)
	for i := range queries {
		switch i % 3 {
		case 0: // one common word
			queries[i] = vocabulary[rng.Intn(len(vocabulary))]
		case 1: // two words, as a judge's query would have
			queries[i] = vocabulary[rng.Intn(len(vocabulary))] + " " + vocabulary[rng.Intn(len(vocabulary))]
		default: // a prefix being typed
			w := vocabulary[rng.Intn(len(vocabulary))]
			queries[i] = w[:min(len(w), 4)]
		}
	}
	// Each iteration runs the whole query set, so even -benchtime 1x gives 200 samples.
	lat := make([]time.Duration, 0, b.N*len(queries))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, q := range queries {
			start := time.Now()
			if _, err := s.SearchLibrary(ctx, q, 10); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(start))
		}
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "ms_p50")
	b.ReportMetric(pct(0.95), "ms_p95")
	b.ReportMetric(float64(n), "records")
}
