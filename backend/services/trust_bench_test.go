package services

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
	"deepcritical/internal/fakes/eutils"
	"deepcritical/internal/sharedtest"
)

// TestBenchHangingSourceAndDeadJudge measures, for BENCHMARKS.md (make bench sets
// DC_BENCH_TRUST), the two times issue 26 bounds: a 3-iteration run whose
// ClinicalTrials.gov accepts connections and never answers, against the same run with it
// answering at once (target: at most the healthy wall time plus one source timeout, plus
// 10 %); and how long a hanging Ollama takes to be refused (target: at most 3 s, no search).
// PubMed is the semantic E-utilities fake over ../shared/data. It asserts what does not
// depend on the machine (the run ends, the source's error says it was only probed later, no
// run is stored for the refused judge) and prints the times as figures.
func TestBenchHangingSourceAndDeadJudge(t *testing.T) {
	if os.Getenv("DC_BENCH_TRUST") == "" {
		t.Skip("a benchmark: make bench sets DC_BENCH_TRUST=1")
	}
	recs, _, err := eutils.LoadCorpus(sharedtest.Path(t, "data"))
	require.NoError(t, err)
	pubmedSrv := httptest.NewServer(eutils.NewServer(eutils.NewEngine(recs)))
	defer pubmedSrv.Close()
	done := make(chan struct{})
	hanging := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	defer hanging.Close()
	defer close(done)
	healthy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"studies":[],"totalCount":0}`)
	}))
	defer healthy.Close()

	const timeoutS = 5
	research := func(ctgov string) (domain.Run, time.Duration) {
		c, _ := faultContainer(t)
		t.Setenv("DEEPCRITICAL_PUBMED_URL", pubmedSrv.URL)
		t.Setenv("DEEPCRITICAL_CTGOV_URL", ctgov)
		_, err := c.Settings.Set("run.search_timeout_s", fmt.Sprint(timeoutS))
		require.NoError(t, err)
		start := time.Now()
		run, err := c.Commands.Research(context.Background(), runs.Request{Question: "Does metformin improve outcomes in type 2 diabetes?",
			Judge: domain.ProviderOffline, Sources: []domain.Source{domain.SourcePubMed, domain.SourceClinicalTrials}, MaxIterations: 3}, nil)
		require.NoError(t, err)
		return run, time.Since(start)
	}
	okRun, okWall := research(healthy.URL)
	hangRun, hangWall := research(hanging.URL)
	require.Equal(t, okRun.Iterations, hangRun.Iterations, "the hanging source changes no search decision")
	limit := time.Duration(float64(okWall+timeoutS*time.Second) * 1.1)
	t.Logf("figure: trust.hanging_source_wall: %.1f s over %d iterations; healthy %.1f s; limit (healthy + %d s timeout) x 1.1 = %.1f s (%s)",
		hangWall.Seconds(), hangRun.Iterations, okWall.Seconds(), timeoutS, limit.Seconds(), map[bool]string{true: "met", false: "MISSED"}[hangWall <= limit])

	c, _ := faultContainer(t)
	t.Setenv("OLLAMA_HOST", hanging.URL)
	start := time.Now()
	_, err = c.Commands.Research(context.Background(), runs.Request{Question: "Does metformin improve outcomes in type 2 diabetes?",
		Judge: domain.ProviderOllama, Model: "llama3.1:8b", Sources: []domain.Source{domain.SourcePubMed}, MaxIterations: 1}, nil)
	refused := time.Since(start)
	require.Error(t, err)
	items, err := c.History.List(HistoryFilter{})
	require.NoError(t, err)
	require.Empty(t, items, "nothing stored, nothing searched")
	t.Logf("figure: trust.dead_judge_refused_in: %.2f s (target <= 3 s: %s)", refused.Seconds(), map[bool]string{true: "met", false: "MISSED"}[refused <= 3*time.Second])
}
