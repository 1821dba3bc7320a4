package services

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
)

// withLatency delays every answer of h by d, as a distant service would.
func withLatency(h http.Handler, d time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(d):
		case <-r.Context().Done():
			return
		}
		h.ServeHTTP(w, r)
	})
}

// TestBenchFullTextOverhead measures, for BENCHMARKS.md (make bench sets DC_BENCH_FULLTEXT),
// what reading open-access full texts adds to a run: the same 2-iteration offline run over
// PubMed and Europe PMC, every request of the fakes (search, fetch, fullTextXML, efetch
// db=pmc) answering after the given latency, once reading full texts and once reading
// abstracts only (each in a fresh database, so nothing is cached), alternated five times; the
// figure is the median wall-time ratio (target ≤ 1.15). It asserts what does not depend on
// the machine: the full-text runs read trials in full, the others read none.
func TestBenchFullTextOverhead(t *testing.T) {
	if os.Getenv("DC_BENCH_FULLTEXT") == "" {
		t.Skip("a benchmark: make bench sets DC_BENCH_FULLTEXT=1")
	}
	latency := 300 * time.Millisecond
	f := startFullTextFakes(t)
	ncbi := httptest.NewServer(withLatency(f.ncbi, latency))
	epmc := httptest.NewServer(withLatency(http.StripPrefix("/rest", f.epmc), latency))
	defer ncbi.Close()
	defer epmc.Close()
	t.Setenv("DEEPCRITICAL_PUBMED_URL", ncbi.URL)
	t.Setenv("DEEPCRITICAL_EUROPEPMC_URL", epmc.URL+"/rest")
	const question = "Does exercise during pregnancy affect maternal and neonatal outcomes?"

	research := func(abstractsOnly bool) (time.Duration, int) {
		dir := t.TempDir()
		c, err := Open(context.Background(), Options{Paths: config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data")), Keyring: noKeyring{}, AbstractsOnly: abstractsOnly})
		require.NoError(t, err)
		defer c.Close()
		start := time.Now()
		run, err := c.Commands.Research(context.Background(), runs.Request{Question: question, Judge: domain.ProviderOffline,
			Sources: []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC}, MaxIterations: 2}, nil)
		wall := time.Since(start)
		require.NoError(t, err)
		require.Equal(t, domain.RunComplete, run.Status, run.Error)
		events, err := c.store().ListEvents(context.Background(), run.ID, 0)
		require.NoError(t, err)
		read := 0
		for _, e := range events {
			if e.Type == domain.EventFullText {
				d, err := domain.DecodeData[domain.FullTextData](e)
				require.NoError(t, err)
				read += len(d.Read)
			}
		}
		return wall, read
	}
	research(true) // warm the process (templates, parsers) before measuring
	var ratios []float64
	var fullWalls, absWalls []string
	read := 0
	for i := 0; i < 5; i++ {
		abs, none := research(true)
		require.Zero(t, none)
		full, n := research(false)
		require.Greater(t, n, 0, "the full-text run reads trials in full")
		read = n
		ratios = append(ratios, full.Seconds()/abs.Seconds())
		fullWalls = append(fullWalls, fmt.Sprintf("%.2f", full.Seconds()))
		absWalls = append(absWalls, fmt.Sprintf("%.2f", abs.Seconds()))
	}
	sort.Float64s(ratios)
	med := ratios[len(ratios)/2]
	t.Logf("figure: fulltext.run_wall_ratio: %.3f (median of 5; full-text runs %v s, abstract-only runs %v s; %d papers read in full per run; every request %s) (target <= 1.15: %s)",
		med, fullWalls, absWalls, read, latency, map[bool]string{true: "met", false: "MISSED"}[med <= 1.15])
}
