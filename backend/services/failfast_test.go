package services

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/internal/testenv"
	"deepcritical/backend/judge"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
)

// judgeFault is an OpenAI-compatible judge that never answers (hang) or always answers 500.
func judgeFault(t testing.TB, hang bool) (*httptest.Server, *atomic.Int64) {
	var n atomic.Int64
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
			http.NotFound(w, r)
			return
		}
		n.Add(1)
		if hang {
			select {
			case <-r.Context().Done():
			case <-done:
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"error":{"message":"The server had an error while processing your request.","type":"server_error"}}`))
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(done) }) // runs first: Close waits for handlers still hanging
	return srv, &n
}

// TestDeadLocalJudgeIsRefusedBeforeTheRun: a local or self-hosted judge is probed before a
// run starts; one that refuses connections or never answers is refused with one line that
// says where and what to do, and no run is stored (so nothing was searched).
func TestDeadLocalJudgeIsRefusedBeforeTheRun(t *testing.T) {
	closed := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr := l.Addr().String()
		l.Close()
		return "http://" + addr
	}()
	done := make(chan struct{})
	hanging := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	t.Cleanup(hanging.Close)
	t.Cleanup(func() { close(done) })
	// An Ollama that is up but has not pulled the chosen model: every chat would answer 404.
	pulled := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/tags" {
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"error":"model \"local-model\" not found, try pulling it first"}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"models":[{"name":"llama3:latest","model":"llama3:latest","size":4661224676},{"name":"codellama:13b","model":"codellama:13b","size":7365960935}]}`))
	}))
	t.Cleanup(pulled.Close)
	cases := []struct {
		name     string
		judge    domain.Provider
		env, url string
		want     string
	}{
		{"ollama not running", domain.ProviderOllama, "OLLAMA_HOST", closed, "Ollama is not answering at " + closed + ": start it with `ollama serve`, or pick another judge"},
		{"ollama hanging", domain.ProviderOllama, "OLLAMA_HOST", hanging.URL, "Ollama is not answering at " + hanging.URL},
		{"ollama without the model", domain.ProviderOllama, "OLLAMA_HOST", pulled.URL,
			"Ollama at " + pulled.URL + " has no model \"local-model\": run `ollama pull local-model`, or pick one it has (llama3:latest, codellama:13b)"},
		{"compatible server down", domain.ProviderCompatible, "DEEPCRITICAL_COMPAT_BASE_URL", closed + "/v1", "the OpenAI-compatible server is not answering at " + closed + "/v1"},
		{"CLI judge missing", domain.ProviderCLI, "DEEPCRITICAL_CLI_JUDGE", "no-such-judge-binary -p", `the CLI judge "no-such-judge-binary" was not found on PATH`},
		// A proxy's credentials in the URL are sent, never shown.
		{"compatible server down behind a password", domain.ProviderCompatible, "DEEPCRITICAL_COMPAT_BASE_URL", withPassword(closed) + "/v1",
			"the OpenAI-compatible server is not answering at " + strings.Replace(closed, "://", "://proxy:xxxxx@", 1) + "/v1"},
		{"ollama not running behind a password", domain.ProviderOllama, "OLLAMA_HOST", withPassword(closed),
			"Ollama is not answering at " + strings.Replace(closed, "://", "://proxy:xxxxx@", 1)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := faultContainer(t)
			t.Setenv(tc.env, tc.url)
			_, err := c.Commands.Research(context.Background(), runs.Request{Question: "Does metformin improve outcomes in Alzheimer disease?",
				Judge: tc.judge, Model: "local-model", Sources: []domain.Source{domain.SourceLibrary}, MaxIterations: 1}, nil)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
			require.NotContains(t, err.Error(), urlSecret)
			require.Equal(t, domain.CodeUnavailable, domain.CodeOf(err))
			items, err := c.History.List(HistoryFilter{})
			require.NoError(t, err)
			require.Empty(t, items, "a refused run is never stored")
		})
	}
}

// urlSecret is the password of a proxy in front of a judge, written into its base URL.
const urlSecret = "pr0xy-s3cret"

// withPassword puts the proxy's user and urlSecret into an http URL.
func withPassword(u string) string {
	return strings.Replace(u, "://", "://proxy:"+urlSecret+"@", 1)
}

// faultRun researches the library with a compatible judge at url whose calls time out after
// 5 s (the smallest timeout the settings allow), in at most 3 iterations.
func faultRun(t testing.TB, url string) (*Container, domain.Run) {
	return faultRunN(t, url, 3)
}

// faultRunN is faultRun in at most maxIterations iterations.
func faultRunN(t testing.TB, url string, maxIterations int) (*Container, domain.Run) {
	c, _ := faultContainer(t)
	t.Setenv("DEEPCRITICAL_COMPAT_BASE_URL", url+"/v1")
	_, err := c.Settings.Set("providers.compatible.timeout_s", "5")
	require.NoError(t, err)
	sum, err := c.Commands.ImportLibrary(context.Background(), []string{filepath.Join("testdata", "library.nbib")}, nil)
	require.NoError(t, err)
	require.Equal(t, 2, sum.Imported)
	run, err := c.Commands.Research(context.Background(), runs.Request{Question: "What drugs could be repurposed for Alzheimer disease?",
		Judge: domain.ProviderCompatible, Model: "local-model", Sources: []domain.Source{domain.SourceLibrary}, MaxIterations: maxIterations}, nil)
	require.NoError(t, err)
	return c, run
}

// faultContainer opens a container in a fresh folder with no key, URL or judge from the
// environment.
func faultContainer(t testing.TB) (*Container, string) {
	t.Helper()
	testenv.Clear(t)
	dir := t.TempDir()
	c, err := Open(context.Background(), Options{Paths: config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data")), Keyring: noKeyring{}})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c, dir
}

// TestHangingJudgeFailsFastAndVisibly: a judge that never answers costs the appraisal
// batch's timeout once, then the breaker opens: the run stops searching and ends failed,
// "judge unavailable", with its evidence and a partial report kept, the FALLBACK assessment
// (when one was stored) saying why, and one event saying the judge is no longer called.
func TestHangingJudgeFailsFastAndVisibly(t *testing.T) {
	srv, n := judgeFault(t, true)
	c, run := faultRun(t, srv.URL)
	t.Logf("hanging judge: %d requests reached it", n.Load())
	requireJudgeUnavailable(t, c, run)
	require.Equal(t, 1, run.Iterations, "no search after the judge stopped answering")
	view, err := c.Reports.Get(run.ID)
	require.NoError(t, err)
	for _, a := range view.Assessments {
		require.True(t, judge.IsFallback(a.Assessment), "every judgement is a visible fallback")
		require.NotEmpty(t, a.Assessment.Judge.Error)
	}
	// At most the breaker threshold's worth of calls per concurrent slot ever reached the server.
	require.LessOrEqual(t, n.Load(), int64(4), "calls after the breaker opened never reach the judge")
	evs, err := c.Runs.Events(run.ID, 0)
	require.NoError(t, err)
	opened := 0
	for _, e := range evs {
		if e.Type == domain.EventError && strings.Contains(string(e.Data), `"breaker":true`) {
			opened++
			require.Contains(t, e.Message, "timed out")
		}
	}
	require.Equal(t, 1, opened, "the breaker says so once")
}

// TestRefusingJudgeEndsTheRunAtOnce: a server that answers every chat "model not found"
// (OpenAI's 404 shape) or refuses the key (its 401 invalid_api_key shape) is up, but every
// call will fail alike: the first such answer ends the run "judge unavailable" in its first
// iteration, evidence kept, saying what to do (re-judge with a model the server has; set a
// key it accepts). A refused key used to cost two iterations, and end a one-iteration run
// "complete" on a fallback verdict.
func TestRefusingJudgeEndsTheRunAtOnce(t *testing.T) {
	cases := []struct {
		name   string
		status int
		body   string
		says   []string
	}{
		{"unknown model", http.StatusNotFound,
			`{"error":{"message":"The model ` + "`local-model`" + ` does not exist or you do not have access to it.","type":"invalid_request_error","param":null,"code":"model_not_found"}}`,
			[]string{"has no such model", "history rejudge"}},
		{"refused key", http.StatusUnauthorized,
			`{"error":{"message":"Incorrect API key provided: sk-test-****. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`,
			[]string{"set a key the provider accepts"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var n atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
					http.NotFound(w, r)
					return
				}
				n.Add(1)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tc.status)
				w.Write([]byte(tc.body))
			}))
			t.Cleanup(srv.Close)
			c, run := faultRun(t, srv.URL)
			requireJudgeUnavailable(t, c, run)
			require.Equal(t, 1, run.Iterations, "no search after the first such answer")
			for _, s := range tc.says {
				require.Contains(t, run.Error, s)
			}
			require.LessOrEqual(t, n.Load(), int64(4), "calls after the breaker opened never reach the server")
		})
	}
}

// requireJudgeUnavailable: the run ended failed because its judge stopped answering, before
// its last iteration, with its evidence and a partial (unverified) report kept.
func requireJudgeUnavailable(t *testing.T, c *Container, run domain.Run) {
	t.Helper()
	require.Equal(t, domain.RunFailed, run.Status, run.Error)
	require.Contains(t, run.StopReason, "judge unavailable")
	require.Less(t, run.Iterations, 3, "the run stops searching once the judge stopped answering")
	view, err := c.Reports.Get(run.ID)
	require.NoError(t, err)
	require.NotEmpty(t, view.Evidence, "the evidence is kept")
	require.Contains(t, view.Markdown, "judge unavailable")
}

// TestFailingJudgeCostsFewRequests: a judge answering 500 gets at most 10 requests per run.
func TestFailingJudgeCostsFewRequests(t *testing.T) {
	srv, n := judgeFault(t, false)
	c, run := faultRun(t, srv.URL)
	t.Logf("judge answering 500: %d requests reached it", n.Load())
	requireJudgeUnavailable(t, c, run)
	require.LessOrEqual(t, n.Load(), int64(10))
	require.Greater(t, n.Load(), int64(0))
	view, err := c.Reports.Get(run.ID)
	require.NoError(t, err)
	for _, a := range view.Assessments {
		require.True(t, judge.IsFallback(a.Assessment))
	}
	// Every call (appraisal ones included) is stored with the run's id and its reason.
	st, err := c.storeForTest()
	require.NoError(t, err)
	calls, err := st.ListLLMCalls(context.Background(), run.ID)
	require.NoError(t, err)
	require.NotEmpty(t, calls)
	purposes := map[string]bool{}
	for _, cl := range calls {
		require.NotEmpty(t, cl.Error)
		purposes[cl.Purpose] = true
	}
	require.True(t, purposes["judge"], "the judge's calls carry the run id: %v", purposes)

	// The run's usage sums the same calls per kind; a model with no price has an unknown cost.
	d, err := c.History.Get(run.ID)
	require.NoError(t, err)
	require.Equal(t, len(calls), d.Usage.Total.Calls)
	require.Equal(t, len(calls), d.Usage.Total.Failed)
	var kinds []string
	for _, k := range d.Usage.Kinds {
		kinds = append(kinds, k.Kind)
	}
	require.Contains(t, kinds, "judge")
	require.True(t, d.Usage.Total.CostKnown, "calls that failed without tokens cost exactly nothing")
	require.Zero(t, d.Usage.Total.CostUSD)
	require.NotEmpty(t, d.Usage.PriceTableDate)
}

func TestUsagePerKind(t *testing.T) {
	u := usageOf([]store.LLMUsage{
		{Purpose: "appraisal", Provider: "anthropic", Model: "claude-haiku-4-5", CallTotals: domain.CallTotals{Calls: 4, InputTokens: 4000, CachedTokens: 1000, OutputTokens: 400, LatencyMS: 8000, CostUSD: 0.006}, Priced: 4},
		{Purpose: "judge", Provider: "anthropic", Model: "claude-haiku-4-5", CallTotals: domain.CallTotals{Calls: 2, Failed: 1, InputTokens: 9000, OutputTokens: 900, LatencyMS: 20000, CostUSD: 0.013}, Priced: 1},
		{Purpose: "narrative", Provider: "huggingface", Model: "meta-llama/Llama-3.1-8B-Instruct", CallTotals: domain.CallTotals{Calls: 1, InputTokens: 3000, OutputTokens: 500, LatencyMS: 4000}},
	}, "")
	require.Equal(t, []string{"judge", "appraisal", "narrative"}, []string{u.Kinds[0].Kind, u.Kinds[1].Kind, u.Kinds[2].Kind})
	require.True(t, u.Kinds[0].CostKnown)
	require.False(t, u.Kinds[2].CostKnown, "Hugging Face has no price in the table: unknown")
	require.False(t, u.Total.CostKnown)
	require.Equal(t, 7, u.Total.Calls)
	require.Equal(t, 1000, u.Total.CachedTokens)
	require.InDelta(t, 0.019, u.Total.CostUSD, 1e-9)
	local := usageOf([]store.LLMUsage{{Purpose: "judge", Provider: "ollama", Model: "llama3.1", CallTotals: domain.CallTotals{Calls: 1}}}, "")
	require.True(t, local.Total.Local)
	cloud := usageOf([]store.LLMUsage{{Purpose: "judge", Provider: "ollama", Model: "gpt-oss:120b-cloud", CallTotals: domain.CallTotals{Calls: 1}}}, "")
	require.False(t, cloud.Total.Local)
}

// BenchmarkJudgeFailFast measures a research run (library source, 3 iterations) whose judge
// never answers (5 s timeout) or answers 500: wall time in units of the judge timeout
// (target <= 3 plus the search time, which is milliseconds here) and requests that reached
// the judge (target <= 10 for the 500 case).
func BenchmarkJudgeFailFast(b *testing.B) {
	for _, hang := range []bool{true, false} {
		name := "error500"
		if hang {
			name = "hanging"
		}
		b.Run(name, func(b *testing.B) {
			var wall time.Duration
			var reqs int64
			for i := 0; i < b.N; i++ {
				srv, n := judgeFault(b, hang)
				start := time.Now()
				_, run := faultRun(b, srv.URL)
				wall += time.Since(start)
				reqs += n.Load()
				if run.Status != domain.RunComplete {
					b.Fatalf("run ended %s: %s", run.Status, run.Error)
				}
			}
			b.ReportMetric(wall.Seconds()/float64(b.N)/5, "wall/timeout")
			b.ReportMetric(float64(reqs)/float64(b.N), "requests/run")
		})
	}
}

// TestSettingsSaysConfiguredOnlyForAJudgeThatAnswers: Ollama with a host set but nothing
// listening is not "configured"; the reason says it is not answering and when it was checked.
func TestSettingsSaysConfiguredOnlyForAJudgeThatAnswers(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	dead := "http://" + l.Addr().String()
	l.Close()
	c, _ := faultContainer(t)
	t.Setenv("OLLAMA_HOST", dead)
	list, err := c.Providers.List()
	require.NoError(t, err)
	for _, p := range list {
		if p.Name != domain.ProviderOllama {
			continue
		}
		require.False(t, p.Configured)
		require.Contains(t, p.Reason, "Ollama is not answering at "+dead)
		require.NotNil(t, p.CheckedAt)
		return
	}
	t.Fatal("no Ollama row")
}

// TestProviderStatusesMaskURLPasswords: `providers list`, the Settings view and `doctor`
// show a judge's base URL with its password masked, whether the judge answers or not, and
// doctor probes an OpenAI-compatible judge as `providers list` does: a URL in the settings
// is not a judge that answers.
func TestProviderStatusesMaskURLPasswords(t *testing.T) {
	// A port nothing listens on (discard, 9), not one freed by a closed listener: another
	// package's test server, run in parallel, can take a freed port and answer the probe.
	dead := "http://127.0.0.1:9"
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/api/tags" {
			w.Write([]byte(`{"models":[{"name":"llama3:latest","model":"llama3:latest"}]}`))
			return
		}
		w.Write([]byte(`{"object":"list","data":[{"id":"local-model","object":"model"}]}`))
	}))
	t.Cleanup(up.Close)
	for _, tc := range []struct {
		name     string
		base     string
		answers  bool
		wantText string
	}{
		{"server answering", up.URL, true, "answered its probe"},
		{"server down", dead, false, "not answering"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, dir := faultContainer(t)
			t.Setenv("DEEPCRITICAL_JUDGE", "compatible")
			t.Setenv("DEEPCRITICAL_COMPAT_BASE_URL", withPassword(tc.base)+"/v1")
			t.Setenv("OLLAMA_HOST", withPassword(tc.base))
			for key, model := range map[string]string{"providers.compatible.model": "local-model", "providers.ollama.model": "llama3"} {
				_, err := c.Settings.Set(key, model)
				require.NoError(t, err)
			}
			list, err := c.Providers.List()
			require.NoError(t, err)
			for _, p := range list {
				if p.Name != domain.ProviderCompatible && p.Name != domain.ProviderOllama {
					continue
				}
				require.NotContains(t, p.BaseURL+p.Reason+p.DataNote, urlSecret, p.Name)
				require.Contains(t, p.BaseURL, "proxy:xxxxx@", p.Name)
				require.Equal(t, tc.answers, p.Configured, "%s: %s", p.Name, p.Reason)
			}
			checks := Doctor(context.Background(), config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data")), up.Client())
			var compat *Check
			for i, ch := range checks {
				require.NotContains(t, ch.Detail, urlSecret, ch.Name)
				if ch.Name == "judge compatible" {
					compat = &checks[i]
				}
			}
			require.NotNil(t, compat)
			require.Equal(t, tc.answers, compat.OK, compat.Detail)
			require.Contains(t, compat.Detail, tc.wantText)
		})
	}
}

// TestSettingsSaysWhichModelOllamaLacks: an Ollama that answers without the configured model
// is not "configured", and the status says it is the model that is missing (another model
// the server has would run), which the window uses to stop warning once another is chosen.
func TestSettingsSaysWhichModelOllamaLacks(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"models":[{"name":"llama3:latest","model":"llama3:latest"}]}`))
	}))
	t.Cleanup(srv.Close)
	for _, tc := range []struct {
		model   string
		ok      bool
		missing bool
	}{{"llama3.1:8b", false, true}, {"llama3", true, false}} {
		c, _ := faultContainer(t)
		t.Setenv("OLLAMA_HOST", srv.URL)
		_, err := c.Settings.Set("providers.ollama.model", tc.model)
		require.NoError(t, err)
		list, err := c.Providers.List()
		require.NoError(t, err)
		i := slices.IndexFunc(list, func(p ProviderStatus) bool { return p.Name == domain.ProviderOllama })
		require.GreaterOrEqual(t, i, 0)
		require.Equal(t, tc.ok, list[i].Configured, list[i].Reason)
		require.Equal(t, tc.missing, list[i].ModelMissing, list[i].Reason)
	}
}

// TestJudgeFailingTheLastAssessmentFailsTheRun: a judge answering 500 ends the run failed,
// "judge unavailable", resumable, whichever of its calls was the one that failed last. A
// one-iteration run used to end "complete", exit 0, on the FALLBACK scores: its assessment
// was the judge's first failed call, the breaker only opened at the second (the report's
// narrative), and the complete run could then not be resumed. With two iterations the
// breaker opens at the second assessment, as it did.
func TestJudgeFailingTheLastAssessmentFailsTheRun(t *testing.T) {
	cases := []struct {
		name          string
		maxIterations int
		says          string
	}{
		{"its first failed call is the last assessment", 1, "did not answer"},
		{"the breaker opens at the second assessment", 2, "stopped answering"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := judgeFault(t, false)
			c, run := faultRunN(t, srv.URL, tc.maxIterations)
			require.Equal(t, domain.RunFailed, run.Status, "%s: %s", run.StopReason, run.Error)
			require.Contains(t, run.StopReason, "judge unavailable")
			require.Contains(t, run.Error, tc.says)
			require.Equal(t, tc.maxIterations, run.Iterations)
			view, err := c.Reports.Get(run.ID)
			require.NoError(t, err)
			require.NotEmpty(t, view.Evidence, "the evidence is kept")
			require.Contains(t, view.Markdown, "judge unavailable")
			final := domain.FinalAssessment(view.Assessments)
			require.True(t, final == nil || final.Iteration < tc.maxIterations, "the last iteration's FALLBACK is not stored as the run's verdict")

			// Resumable: the resume asks the judge again. It still fails here, so the run fails
			// again, though the resume's fresh breaker has seen one failure only.
			again, err := c.Commands.Resume(context.Background(), run.ID, nil)
			require.NoError(t, err)
			require.Equal(t, domain.RunFailed, again.Status)
			require.Contains(t, again.StopReason, "judge unavailable")
		})
	}
}

// TestRejudgeCallsAreNotTheRunsOwn: an offline run made no LLM call; re-judging it with an
// LLM judge records that judge's calls as a re-judgement's, and the run's usage shows them
// apart, naming the judge, never as the run's own "Judge" calls (they were, while the run's
// header said "judge: offline"). Calls recorded before re-judgements were labelled are
// told apart by their provider.
func TestRejudgeCallsAreNotTheRunsOwn(t *testing.T) {
	srv, n := judgeFault(t, false)
	c := openTest(t)
	run := libraryRun(t, c)
	t.Setenv("DEEPCRITICAL_COMPAT_BASE_URL", srv.URL+"/v1")
	_, err := c.Judges.Rejudge(RejudgeRequest{RunID: run.ID, Provider: domain.ProviderCompatible, Model: "local-model"})
	require.NoError(t, err, "a judge that fails gives a visible fallback assessment")
	require.Positive(t, n.Load())
	st, err := c.storeForTest()
	require.NoError(t, err)
	calls, err := st.ListLLMCalls(context.Background(), run.ID)
	require.NoError(t, err)
	require.NotEmpty(t, calls)
	for _, cl := range calls {
		require.Equal(t, judge.PurposeRejudge, cl.Purpose, "a re-judgement's call is recorded as one")
	}
	d, err := c.History.Get(run.ID)
	require.NoError(t, err)
	require.Empty(t, d.Usage.Kinds, "the offline run made no LLM call of its own")
	require.Zero(t, d.Usage.Total.Calls)
	require.Len(t, d.Usage.Rejudges, 1)
	rj := d.Usage.Rejudges[0]
	require.Equal(t, CallKindUsage{Kind: "rejudge", Provider: "compatible", Model: "local-model"},
		CallKindUsage{Kind: rj.Kind, Provider: rj.Provider, Model: rj.Model})
	require.Positive(t, rj.Calls)
	require.Equal(t, rj.Calls, rj.Failed, "every call failed with a 500")

	cases := []struct {
		name     string
		row      store.LLMUsage
		runJudge domain.Provider
		rejudge  bool
	}{
		{"a run's own judge call", store.LLMUsage{Purpose: "judge", Provider: "openai"}, domain.ProviderOpenAI, false},
		{"a re-judgement's call", store.LLMUsage{Purpose: "rejudge", Provider: "openai"}, domain.ProviderOpenAI, true},
		{"an unlabelled re-judgement of an offline run", store.LLMUsage{Purpose: "judge", Provider: "openai"}, domain.ProviderOffline, true},
		{"an appraisal by another provider", store.LLMUsage{Purpose: "appraisal", Provider: "openai"}, domain.ProviderOffline, false},
		{"a run whose judge is not known", store.LLMUsage{Purpose: "judge", Provider: "openai"}, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := usageOf([]store.LLMUsage{tc.row}, tc.runJudge)
			require.Equal(t, tc.rejudge, len(u.Rejudges) == 1)
			require.Equal(t, !tc.rejudge, len(u.Kinds) == 1)
		})
	}
}
