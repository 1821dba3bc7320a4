package runs

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/fulltext"
	"deepcritical/backend/judge"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/providers"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/report/narrative"
	"deepcritical/backend/search"
	"deepcritical/backend/search/europepmc"
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

// Settings is where the engines read the settings in force (config.Live is one).
type Settings interface {
	Effective() config.Settings
}

// Secrets gives the engines the API keys they need; they never store or log them.
type Secrets interface {
	Get(name string) (string, config.SecretSource, error)
}

// EngineDeps are what every engine is built from: assembled once per process.
type EngineDeps struct {
	Store    *store.Store
	Settings Settings
	Secrets  Secrets
	// HTTP is the client of every source and provider (tests point it at fakes).
	HTTP  *http.Client
	Clock func() time.Time
	// AbstractsOnly makes every run read papers from their abstracts: no full text is
	// fetched (to measure what reading full texts costs a run).
	AbstractsOnly bool
}

// Engines builds the engine of each run, search or judgement from the settings in force at
// that moment. It holds the process-wide NCBI rate limiters, so concurrent runs share one rate.
type Engines struct {
	d EngineDeps

	limMu    sync.Mutex
	limiters map[bool]*rate.Limiter
	// epmcFullText spaces the Europe PMC full-text requests of every run of the process.
	epmcFullText *rate.Limiter
}

// NewEngines returns the engine builder over d.
func NewEngines(d EngineDeps) *Engines {
	if d.HTTP == nil {
		d.HTTP = &http.Client{Timeout: 2 * time.Minute}
	}
	if d.Clock == nil {
		d.Clock = time.Now
	}
	return &Engines{d: d, limiters: map[bool]*rate.Limiter{}, epmcFullText: fulltext.NewEuropePMCLimiter()}
}

// Engine is everything one research run, search or judgement uses, built from the settings
// in force when it starts, so a settings change applies to the next run without a restart.
type Engine struct {
	Settings  config.Settings
	Fanout    *search.Fanout
	Judge     *judge.Judge
	Info      llm.Info
	Appraiser *appraisal.Appraiser
	client    llm.Client
	verifier  *verify.Verifier
	narrator  *narrative.Narrator
	// onBreaker is told once when the run's circuit breaker stops calling the judge.
	onBreaker func(ctx context.Context, reason string)
	// breaker is the run's circuit breaker around an LLM judge (nil for the offline judge).
	breaker *llm.Breaker
	// progress receives the progress of streamed calls (nil: calls are not streamed).
	progress func(domain.LLMProgress)
}

// streamingClient asks the providers to stream every call and reports the progress, tagged
// with the run, to the engine's progress sink.
type streamingClient struct {
	llm.Client
	e *Engine
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

// ResolveJudge applies the defaults: the settings' judge, then that provider's model.
func ResolveJudge(s config.Settings, choice JudgeChoice) JudgeChoice {
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

// Effective returns the settings in force now.
func (g *Engines) Effective() config.Settings { return g.d.Settings.Effective() }

// LLMClient builds the client of an LLM provider with the settings in force; it never
// falls back to another provider.
func (g *Engines) LLMClient(choice JudgeChoice) (llm.Client, llm.Info, error) {
	s := g.Effective()
	return g.llmClient(s, ResolveJudge(s, choice))
}

// llmClient builds the client of a resolved judge choice.
func (g *Engines) llmClient(s config.Settings, choice JudgeChoice) (llm.Client, llm.Info, error) {
	ps := s.Provider(choice.Provider)
	cfg := providers.ProviderConfig{
		Provider: choice.Provider, BaseURL: ps.BaseURL, Model: choice.Model, Command: ps.Command,
		HTTP: llm.HTTP{Timeout: ps.Timeout(), HTTPClient: llmHTTP(g.d.HTTP),
			// One transport retry: with the run's circuit breaker and concurrent appraisal
			// calls, a judge answering 500 costs at most a handful of requests per run.
			Backoff: llm.Backoff{Retries: 1}},
	}
	cfg.Models = append([]string{choice.Model}, ps.FallbackModels...)
	if choice.Model != ps.Model && choice.Provider != domain.ProviderHuggingFace {
		cfg.Models = []string{choice.Model}
	}
	if name, ok := config.SecretForProvider(choice.Provider); ok {
		key, _, err := g.d.Secrets.Get(name)
		if err != nil {
			return nil, llm.Info{}, err
		}
		cfg.APIKey = key
	}
	if cfg.Provider == domain.ProviderCompatible && strings.TrimSpace(cfg.Model) == "" {
		m, err := serverDefaultModel(cfg)
		if err != nil {
			return nil, llm.Info{}, err
		}
		cfg.Model, cfg.Models = m, []string{m}
	}
	return providers.New(cfg)
}

// serverDefaultModel is the model an OpenAI-compatible server runs when the settings name
// none ("empty for the server's default"): the one model its /models lists. The API needs
// a model in every request, so a server listing several (or none) is an error naming them.
func serverDefaultModel(cfg providers.ProviderConfig) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	models, err := providers.ListModels(ctx, cfg)
	switch k := llm.KindOf(err); {
	case err != nil && (k == llm.KindUnavailable || k == llm.KindTimeout || errors.Is(err, context.DeadlineExceeded)):
		// Nothing answers there: that, not the model, is what the user has to mend first.
		return "", domain.Errorf(domain.CodeUnavailable, "the OpenAI-compatible server is not answering at %s: start it, check the URL in Settings, or pick another judge",
			domain.RedactURLs(cfg.BaseURL))
	case err != nil:
		return "", domain.Errorf(domain.CodeUnavailable, "the compatible judge has no model set and the server at %s did not list its models (%s): set its model in Settings (providers.compatible.model)",
			domain.RedactURLs(cfg.BaseURL), domain.SafeMessage(err))
	case len(models) == 0:
		return "", domain.Errorf(domain.CodeInvalid, "the compatible judge has no model set and the server at %s lists none: set its model in Settings (providers.compatible.model)", domain.RedactURLs(cfg.BaseURL))
	case len(models) > 1:
		shown := models[:min(len(models), 8)]
		more := ""
		if len(models) > len(shown) {
			more = fmt.Sprintf(", and %d more", len(models)-len(shown))
		}
		return "", domain.Errorf(domain.CodeInvalid, "the compatible judge has no model set and the server at %s serves %d models (%s%s): choose one in Settings (providers.compatible.model)",
			domain.RedactURLs(cfg.BaseURL), len(models), strings.Join(shown, ", "), more)
	}
	return models[0], nil
}

// ProviderConfig is the configuration a provider's model listing uses: the settings' URL
// and model, the stored key, and a short timeout (a listing is a quick question).
func (g *Engines) ProviderConfig(p domain.Provider) providers.ProviderConfig {
	ps := g.Effective().Provider(p)
	cfg := providers.ProviderConfig{Provider: p, BaseURL: ps.BaseURL, Model: ps.Model,
		HTTP: llm.HTTP{HTTPClient: g.d.HTTP, Timeout: 15 * time.Second}}
	if secret, ok := config.SecretForProvider(p); ok {
		if key, _, err := g.d.Secrets.Get(secret); err == nil {
			cfg.APIKey = key
		}
	}
	return cfg
}

// llmHTTP is the shared client without its overall Timeout: each provider bounds its own
// calls (Ollama 180 s by default, up to 600 s in the settings), which a client-wide cap of
// two minutes silently overrode. Transport, redirects and cookies are shared.
func llmHTTP(hc *http.Client) *http.Client {
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

// Recorder is what stores every LLM exchange of this process (provider connection tests too).
func (g *Engines) Recorder() llm.Recorder { return recorder{st: g.d.Store} }

// pubmedLimiter returns the process-wide NCBI limiter, so concurrent runs share one rate.
func (g *Engines) pubmedLimiter(withKey bool) *rate.Limiter {
	g.limMu.Lock()
	defer g.limMu.Unlock()
	if l, ok := g.limiters[withKey]; ok {
		return l
	}
	l := pubmed.NewLimiter(withKey)
	g.limiters[withKey] = l
	return l
}

// ncbiKey is the NCBI API key, or empty when none is set (a missing key lowers the rate,
// it never stops a search).
func (g *Engines) ncbiKey() string {
	key, _, err := g.d.Secrets.Get("ncbi_api_key")
	if err != nil {
		return ""
	}
	return key
}

// PubMed returns the PubMed client of the settings in force (DEEPCRITICAL_PUBMED_URL and
// NCBI_API_KEY honoured), sharing the process-wide NCBI rate limiter.
func (g *Engines) PubMed() *pubmed.Client {
	s, key := g.Effective(), g.ncbiKey()
	return pubmed.New(pubmed.Options{BaseURL: s.Sources.PubMedURL, HTTPClient: g.d.HTTP, Email: s.Sources.NCBIEmail,
		APIKey: key, Limiter: g.pubmedLimiter(key != "")})
}

// EuropePMC returns the Europe PMC client of the settings in force
// (DEEPCRITICAL_EUROPEPMC_URL honoured).
func (g *Engines) EuropePMC() *europepmc.Client {
	return europepmc.New(europepmc.Options{BaseURL: g.Effective().Sources.EuropePMCURL, HTTPClient: g.d.HTTP})
}

// FullTexts returns the full-text fetcher of the settings in force: Europe PMC and the
// E-utilities at the sources' URLs, the process-wide NCBI and Europe PMC limiters, the
// NCBI key and e-mail, and the store that keeps every text read.
func (g *Engines) FullTexts() *fulltext.Fetcher {
	s, key := g.Effective(), g.ncbiKey()
	return fulltext.New(fulltext.Options{EuropePMCURL: s.Sources.EuropePMCURL, PubMedURL: s.Sources.PubMedURL, HTTPClient: g.d.HTTP,
		NCBILimiter: g.pubmedLimiter(key != ""), EuropePMCLimiter: g.epmcFullText, NCBIAPIKey: key, Email: s.Sources.NCBIEmail,
		Store: g.d.Store, Clock: g.d.Clock})
}

// Fanout builds the sources from the settings; the library source reads the user's
// imported records.
func (g *Engines) Fanout(s config.Settings, timeout time.Duration) *search.Fanout {
	key := g.ncbiKey()
	srcs := sources.Network(sources.Config{
		PubMedURL: s.Sources.PubMedURL, EuropePMCURL: s.Sources.EuropePMCURL, CTGovURL: s.Sources.CTGovURL, WebURL: s.Sources.WebURL,
		NCBIEmail: s.Sources.NCBIEmail, NCBIAPIKey: key, HTTPClient: g.d.HTTP, PubMedLimiter: g.pubmedLimiter(key != ""),
	})
	// Research questions are natural language: the library source matches any content word
	// and lets bm25 rank, where the Library view's box requires every word.
	srcs = append(srcs, librarysrc.NewSource(librarysrc.SearcherFunc(g.d.Store.SearchLibraryAny)).WithCount(g.d.Store.CountLibrary))
	return search.NewFanout(srcs, search.FanoutOptions{Timeout: timeout})
}

// Build assembles the search fan-out, judge, appraiser, verifier and narrator for one
// judge choice. An LLM judge that cannot be built is an error: the user asked for it, and
// switching silently to another judge is never done.
func (g *Engines) Build(choice JudgeChoice, runCfg domain.RunConfig) (*Engine, error) {
	s := g.Effective()
	return g.build(s, ResolveJudge(s, choice), runCfg)
}

// BuildRejudge is Build for re-judging a stored run: the judge's LLM calls are recorded as
// judge.PurposeRejudge, so the run's usage keeps its own calls apart from a re-judgement's.
func (g *Engines) BuildRejudge(choice JudgeChoice, runCfg domain.RunConfig) (*Engine, error) {
	s := g.Effective()
	return g.buildFor(s, ResolveJudge(s, choice), runCfg, judge.PurposeRejudge)
}

// build is Build with the settings read and the judge resolved by the caller, so a run
// reads the settings once: its config and its engine cannot disagree.
func (g *Engines) build(s config.Settings, choice JudgeChoice, runCfg domain.RunConfig) (*Engine, error) {
	return g.buildFor(s, choice, runCfg, judge.PurposeJudge)
}

// buildFor is build with the purpose the judge's LLM calls are recorded under.
func (g *Engines) buildFor(s config.Settings, choice JudgeChoice, runCfg domain.RunConfig, judgePurpose string) (*Engine, error) {
	e := &Engine{Settings: s, Fanout: g.Fanout(s, time.Duration(runCfg.SearchTimeoutS)*time.Second)}
	rec := recorder{st: g.d.Store}
	budget := s.Appraisal.TokenBudget
	if choice.Provider == domain.ProviderOffline {
		e.Judge = judge.NewOffline()
		e.Info = e.Judge.Info()
		e.verifier = verify.New(verify.Options{})
	} else {
		inner, info, err := g.llmClient(s, choice)
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
		e.breaker = breaker
		client := streamingClient{Client: breaker, e: e}
		e.client, e.Info = client, info
		budget = promptBudget(inner, info.Model, budget)
		e.Judge = judge.NewLLM(client, info, judge.Options{TokenBudget: budget, Recorder: rec, Purpose: judgePurpose})
		e.verifier = verify.New(verify.Options{Client: client, Info: info, Recorder: rec, TokenBudget: budget})
		e.narrator = narrative.New(client, info, narrative.Options{Recorder: rec})
	}
	conc := s.Appraisal.ConcurrencyCloud
	if e.Info.Local {
		// Never one at a time: a hanging local server would cost every paper's full timeout
		// in series. Ollama queues what it cannot run in parallel.
		conc = max(s.Appraisal.ConcurrencyLocal, 2)
	}
	ap, err := appraisal.New(appraisal.Options{Client: e.client, Info: e.Info, Weights: appraisalWeights(s), Cache: g.d.Store, Recorder: rec,
		Concurrency: conc, TokenBudget: budget})
	if err != nil {
		return nil, err
	}
	e.Appraiser = ap
	return e, nil
}

// promptBudget is the prompt budget in tokens for a client: the settings' budget, lowered to
// three quarters of the model's context window when the server reports a smaller one
// (Ollama's /api/show), so packed prompts fit with room for the answer instead of being
// refused or cut.
func promptBudget(c llm.Client, model string, budget int) int {
	cr, ok := c.(interface {
		ContextLength(ctx context.Context, model string) (int, string)
	})
	if !ok {
		return budget
	}
	if n, _ := cr.ContextLength(context.Background(), model); n > 0 && n*3/4 < budget {
		return n * 3 / 4
	}
	return budget
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
func (e *Engine) judgeInfo() domain.JudgeInfo {
	kind := domain.JudgeKindLLM
	if e.Info.Provider == domain.ProviderOffline || e.Info.Provider == "" {
		kind = domain.JudgeKindOffline
	}
	return domain.JudgeInfo{Provider: e.Info.Provider, Model: e.Info.Model, Kind: kind}
}

// judgeOf is the run's judge with its breaker, when it has one (a nil *llm.Breaker must not
// become a non-nil interface).
func judgeOf(e *Engine) Judge {
	if e.breaker == nil {
		return Judge{J: e.Judge}
	}
	return Judge{J: e.Judge, Breaker: e.breaker}
}

// loop builds the research loop over e, emitting through emit (nil: nobody listens).
func (g *Engines) loop(e *Engine, emit orchestrator.Emitter) (*orchestrator.Orchestrator, error) {
	st := g.d.Store
	if p, ok := emit.(interface{ Progress(domain.LLMProgress) }); ok {
		e.progress = p.Progress // the window: stream and show calls as they run
	}
	e.onBreaker = func(ctx context.Context, reason string) {
		runID := domain.RunIDFrom(ctx)
		if runID == "" {
			return
		}
		ev, err := domain.NewEvent(runID, domain.EventError, 0,
			fmt.Sprintf("The %s judge stopped answering (%s): it is not called again in this run, and the steps that needed it fall back, marked FALLBACK.", e.Info.Provider, reason),
			domain.ErrorData{Phase: "llm", Breaker: true, Provider: e.Info.Provider, Error: reason})
		if err != nil {
			return
		}
		if stored, err := st.AppendEvent(context.WithoutCancel(ctx), ev); err == nil && emit != nil {
			emit.Emit(stored)
		}
	}
	var fullTexts orchestrator.FullTexts
	if !g.d.AbstractsOnly {
		fullTexts = FullTexts{F: g.FullTexts()}
	}
	return orchestrator.New(orchestrator.Deps{
		Searcher: e.Fanout,
		Judge:    judgeOf(e),
		Appraiser: orchestrator.AppraiserFunc(func(ctx context.Context, evs []domain.Evidence, texts map[string]domain.FullText) (map[string]domain.Appraisal, error) {
			m, _, err := e.Appraiser.AppraiseAllWith(ctx, evs, texts)
			return m, err
		}),
		FullTexts:   fullTexts,
		Store:       st,
		Emitter:     emit,
		Synthesizer: Synthesizer{Narrator: e.narrator},
		Verifier:    Verifier{V: e.verifier},
		Clock:       g.d.Clock,
	}, orchestrator.Options{Judge: e.judgeInfo()})
}
