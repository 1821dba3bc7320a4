package services

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"golang.org/x/time/rate"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/judge"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/providers"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/report/narrative"
	"deepcritical/backend/runs"
	"deepcritical/backend/search"
	"deepcritical/backend/search/librarysrc"
	"deepcritical/backend/search/pubmed"
	"deepcritical/backend/search/sources"
	"deepcritical/backend/store"
	"deepcritical/backend/verify"
)

// JudgeChoice names the judge a command or run asks for; empty fields mean the settings' default.
type JudgeChoice struct {
	Provider domain.Provider `json:"provider"`
	Model    string          `json:"model"`
}

// engine is everything one research run, search or judgement uses, built from the settings
// in force when it starts, so a settings change applies to the next run without a restart.
type engine struct {
	settings  config.Settings
	fanout    *search.Fanout
	judge     *judge.Judge
	info      llm.Info
	client    llm.Client
	appraiser *appraisal.Appraiser
	verifier  *verify.Verifier
	narrator  *narrative.Narrator
	// onBreaker is told once when the run's circuit breaker stops calling the judge.
	onBreaker func(ctx context.Context, reason string)
	// progress receives the progress of streamed calls (nil: calls are not streamed).
	progress func(domain.LLMProgress)
}

// streamingClient asks the providers to stream every call and reports the progress, tagged
// with the run, to the engine's progress sink.
type streamingClient struct {
	llm.Client
	e *engine
}

func (s streamingClient) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	if fn := s.e.progress; fn != nil {
		runID := domain.RunIDFrom(ctx)
		ctx = llm.WithProgress(ctx, func(p domain.LLMProgress) {
			p.RunID = runID
			fn(p)
		})
	}
	return s.Client.Complete(ctx, req)
}

func (s streamingClient) Info() llm.Info {
	if i, ok := s.Client.(interface{ Info() llm.Info }); ok {
		return i.Info()
	}
	return llm.Info{}
}

// resolveJudge applies the defaults: the settings' judge, then that provider's model.
func resolveJudge(s config.Settings, choice JudgeChoice) JudgeChoice {
	if choice.Provider == "" {
		choice.Provider = s.Judge.Provider
		if choice.Model == "" {
			choice.Model = s.JudgeModel()
		}
	}
	if choice.Provider == "" {
		choice.Provider = domain.ProviderOffline
	}
	if choice.Model == "" {
		choice.Model = s.Provider(choice.Provider).Model
	}
	return choice
}

// llmClient builds the client for an LLM provider; never falls back to another provider.
func (c *Container) llmClient(s config.Settings, choice JudgeChoice) (llm.Client, llm.Info, error) {
	ps := s.Provider(choice.Provider)
	cfg := providers.ProviderConfig{
		Provider: choice.Provider, BaseURL: ps.BaseURL, Model: choice.Model, Command: ps.Command,
		Timeout: ps.Timeout(), HTTPClient: llmHTTP(c.http),
		// One transport retry: with the run's circuit breaker and concurrent appraisal
		// calls, a judge answering 500 costs at most a handful of requests per run.
		Backoff: llm.Backoff{Retries: 1},
	}
	cfg.Models = append([]string{choice.Model}, ps.FallbackModels...)
	if choice.Model != ps.Model && choice.Provider != domain.ProviderHuggingFace {
		cfg.Models = []string{choice.Model}
	}
	if name, ok := config.SecretForProvider(choice.Provider); ok {
		key, _, err := c.secrets.Get(name)
		if err != nil {
			return nil, llm.Info{}, err
		}
		cfg.APIKey = key
	}
	return providers.New(cfg)
}

// llmHTTP is the shared client without its overall Timeout: each provider bounds its own
// calls (Ollama 180 s by default, up to 600 s in the settings), which a client-wide cap of
// two minutes silently overrode. Transport, redirects and cookies are shared.
func llmHTTP(hc *http.Client) *http.Client {
	if hc == nil {
		return &http.Client{}
	}
	return &http.Client{Transport: hc.Transport, CheckRedirect: hc.CheckRedirect, Jar: hc.Jar}
}

// recorder stores every LLM exchange in llm_calls (keys never reach it: the llm package
// records requests without headers, and the store redacts anything key-shaped).
type recorder struct{ st *store.Store }

func (r recorder) RecordLLMCall(ctx context.Context, rec llm.CallRecord) error {
	errText := rec.Error
	if rec.Notes != "" {
		if errText != "" {
			errText += "; "
		}
		errText += "note: " + rec.Notes
	}
	return r.st.RecordLLMCall(ctx, domain.LLMCall{
		RunID: rec.RunID, Purpose: rec.Purpose, Provider: string(rec.Provider), Model: rec.Model,
		PromptVersion: rec.PromptVersion, Request: rec.Request, Response: rec.Response, Parsed: rec.Parsed,
		Error: errText, LatencyMS: rec.Latency.Milliseconds(), InputTokens: rec.InputTokens,
		OutputTokens: rec.OutputTokens, CachedTokens: rec.CachedTokens, CostUSD: rec.CostUSD,
	})
}

// pubmedLimiter returns the process-wide NCBI limiter, so concurrent runs share one rate.
func (c *Container) pubmedLimiter(withKey bool) *rate.Limiter {
	c.limMu.Lock()
	defer c.limMu.Unlock()
	if c.limiters == nil {
		c.limiters = map[bool]*rate.Limiter{}
	}
	if l, ok := c.limiters[withKey]; ok {
		return l
	}
	l := pubmed.NewLimiter(withKey)
	c.limiters[withKey] = l
	return l
}

// searchFanout builds the sources from the effective settings; the library source reads
// the user's imported records.
func (c *Container) searchFanout(s config.Settings, timeout time.Duration) (*search.Fanout, error) {
	st, err := c.Store()
	if err != nil {
		return nil, err
	}
	ncbiKey, _, err := c.secrets.Get("ncbi_api_key")
	if err != nil {
		ncbiKey = ""
	}
	srcs := sources.Network(sources.Config{
		PubMedURL: s.Sources.PubMedURL, EuropePMCURL: s.Sources.EuropePMCURL, CTGovURL: s.Sources.CTGovURL, WebURL: s.Sources.WebURL,
		NCBIEmail: s.Sources.NCBIEmail, NCBIAPIKey: ncbiKey, HTTPClient: c.http, PubMedLimiter: c.pubmedLimiter(ncbiKey != ""),
	})
	// Research questions are natural language: the library source matches any content word
	// and lets bm25 rank, where the Library view's box requires every word.
	srcs = append(srcs, librarysrc.NewSource(librarysrc.SearcherFunc(st.SearchLibraryAny)))
	return search.NewFanout(srcs, search.FanoutOptions{Timeout: timeout}), nil
}

// buildEngine assembles the search fan-out, judge, appraiser, verifier and narrator for
// one judge choice. An LLM judge that cannot be built is an error: the user asked for it,
// and switching silently to another judge is never done.
func (c *Container) buildEngine(choice JudgeChoice, runCfg domain.RunConfig) (*engine, error) {
	s := c.Effective()
	choice = resolveJudge(s, choice)
	st, err := c.Store()
	if err != nil {
		return nil, err
	}
	fan, err := c.searchFanout(s, time.Duration(runCfg.SearchTimeoutS)*time.Second)
	if err != nil {
		return nil, err
	}
	e := &engine{settings: s, fanout: fan}
	rec := recorder{st: st}
	weights := appraisalWeights(s)
	if choice.Provider == domain.ProviderOffline {
		e.judge = judge.NewOffline()
		e.info = e.judge.Info()
		e.verifier = verify.New(verify.Options{})
	} else {
		inner, info, err := c.llmClient(s, choice)
		if err != nil {
			return nil, err
		}
		// One breaker per run: after consecutive connection failures or timeouts the judge
		// is not called again in this run; every later step falls back at once, saying why.
		breaker := llm.NewBreaker(inner, llm.DefaultBreakerThreshold, func(ctx context.Context, reason string) {
			if e.onBreaker != nil {
				e.onBreaker(ctx, reason)
			}
		})
		client := streamingClient{Client: breaker, e: e}
		e.client, e.info = client, info
		e.judge = judge.NewLLM(client, info, judge.Options{TokenBudget: s.Appraisal.TokenBudget, Recorder: rec})
		e.verifier = verify.New(verify.Options{Client: client, Info: info, Recorder: rec, TokenBudget: s.Appraisal.TokenBudget})
		e.narrator = narrative.New(client, info, narrative.Options{Recorder: rec})
	}
	conc := s.Appraisal.ConcurrencyCloud
	if e.info.Local {
		// Never one at a time: a hanging local server would cost every paper's full timeout
		// in series. Ollama queues what it cannot run in parallel.
		conc = max(s.Appraisal.ConcurrencyLocal, 2)
	}
	ap, err := appraisal.New(appraisal.Options{Client: e.client, Info: e.info, Weights: weights, Cache: st, Recorder: rec,
		Concurrency: conc, TokenBudget: s.Appraisal.TokenBudget})
	if err != nil {
		return nil, err
	}
	e.appraiser = ap
	return e, nil
}

// appraisalWeights maps the settings' weights onto the appraiser's components.
func appraisalWeights(s config.Settings) appraisal.Weights {
	q, r := s.Appraisal.QualityWeights, s.Appraisal.RiskOfBiasWeights
	return appraisal.Weights{
		Quality: []appraisal.Component{
			{Name: appraisal.CompRandomization, Max: q.Randomization}, {Name: appraisal.CompBlinding, Max: q.Blinding},
			{Name: appraisal.CompConcealment, Max: q.AllocationConcealment}, {Name: appraisal.CompPreregistration, Max: q.Preregistration},
			{Name: appraisal.CompITT, Max: q.ITT}, {Name: appraisal.CompAttrition, Max: q.Attrition},
		},
		RiskOfBias: []appraisal.Component{
			{Name: appraisal.CompSelection, Max: r.Selection}, {Name: appraisal.CompPerformance, Max: r.Performance},
			{Name: appraisal.CompDetection, Max: r.Detection}, {Name: appraisal.CompReporting, Max: r.Reporting},
		},
	}
}

// judgeInfo is how the run records the judge before the first assessment.
func (e *engine) judgeInfo() domain.JudgeInfo {
	kind := domain.JudgeKindLLM
	if e.info.Provider == domain.ProviderOffline || e.info.Provider == "" {
		kind = domain.JudgeKindOffline
	}
	return domain.JudgeInfo{Provider: e.info.Provider, Model: e.info.Model, Kind: kind}
}

// orchestrator builds the research loop over this engine, emitting through emit.
func (c *Container) orchestratorFor(e *engine, emit orchestrator.Emitter) (*orchestrator.Orchestrator, error) {
	st, err := c.Store()
	if err != nil {
		return nil, err
	}
	if p, ok := emit.(interface{ Progress(domain.LLMProgress) }); ok {
		e.progress = p.Progress // the window: stream and show calls as they run
	}
	e.onBreaker = func(ctx context.Context, reason string) {
		runID := domain.RunIDFrom(ctx)
		if runID == "" {
			return
		}
		ev := domain.Event{RunID: runID, Type: domain.EventError,
			Message: fmt.Sprintf("The %s judge stopped answering (%s): it is not called again in this run, and the steps that needed it fall back, marked FALLBACK.", e.info.Provider, reason)}
		ev.Data, _ = json.Marshal(map[string]any{"phase": "llm", "fatal": false, "breaker": true, "provider": e.info.Provider, "error": reason})
		if stored, err := st.AppendEvent(context.WithoutCancel(ctx), ev); err == nil && emit != nil {
			emit.Emit(stored)
		}
	}
	return orchestrator.New(orchestrator.Deps{
		Searcher: e.fanout,
		Judge:    runs.Judge{J: e.judge},
		Appraiser: orchestrator.AppraiserFunc(func(ctx context.Context, evs []domain.Evidence) (map[string]domain.Appraisal, error) {
			m, _, err := e.appraiser.AppraiseAll(ctx, evs)
			return m, err
		}),
		Store:       st,
		Emitter:     emit,
		Synthesizer: runs.Synthesizer{Narrator: e.narrator},
		Verifier:    runs.Verifier{V: e.verifier},
		Clock:       c.clock,
	}, orchestrator.Options{Judge: e.judgeInfo()})
}
