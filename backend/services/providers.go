package services

import (
	"context"
	"errors"
	"sync"
	"time"

	"deepcritical/backend/llm"
	"deepcritical/backend/llm/providers"
	"deepcritical/backend/runs"
	"net"
	"net/url"
	"os/exec"
	"strings"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
)

// ProviderService describes the judges: which are configured, which model each would run,
// and whether using it sends data off this machine.
type ProviderService struct {
	settings interface{ Effective() config.Settings }
	secrets  config.Masker
	engines  dep[*runs.Engines]
}

// ProviderStatus is one judge as the Settings view and `providers list` show it.
type ProviderStatus struct {
	Name       domain.Provider      `json:"name"`
	Label      string               `json:"label"`
	Configured bool                 `json:"configured"`
	Reason     string               `json:"reason"`
	Model      string               `json:"model"`
	BaseURL    string               `json:"base_url,omitempty"`
	Command    string               `json:"command,omitempty"`
	Local      bool                 `json:"local"`
	DataNote   string               `json:"data_note"`
	Default    bool                 `json:"default"`
	Key        *config.MaskedSecret `json:"key,omitempty"`
	// CheckedAt is when a local or self-hosted judge last answered (or failed) its probe;
	// such a judge is "configured" only when it answered.
	CheckedAt *time.Time `json:"checked_at,omitempty"`
	// ModelMissing: the server answered but has not pulled Model (Ollama), so the reason
	// concerns that model only and another model the server has would run.
	ModelMissing bool `json:"model_missing,omitempty"`
}

var providerLabels = map[domain.Provider]string{
	domain.ProviderOffline:     "Offline heuristic judge",
	domain.ProviderOpenAI:      "OpenAI",
	domain.ProviderAnthropic:   "Anthropic",
	domain.ProviderHuggingFace: "Hugging Face router",
	domain.ProviderOllama:      "Ollama (local models)",
	domain.ProviderCompatible:  "OpenAI-compatible server",
	domain.ProviderCLI:         "CLI judge (claude -p or a command)",
}

// List reports every provider in display order. Ollama and an OpenAI-compatible server are
// probed at once (at most runs.ProbeTimeout, in parallel): a URL in the settings does not
// make a judge usable, an answer does.
func (p *ProviderService) List() ([]ProviderStatus, error) {
	out := providerStatuses(p.settings.Effective(), p.secrets)
	engines, err := p.engines.get()
	if err != nil {
		return out, nil
	}
	probeStatuses(engines, out)
	return out, nil
}

// probeStatuses asks each configured local or self-hosted judge of out (Ollama, an
// OpenAI-compatible server) the run's own probe, in parallel: one that does not answer is
// not configured, with the probe's reason. `providers list`, the Settings view and `doctor`
// all say it from this one check.
func probeStatuses(engines *runs.Engines, out []ProviderStatus) {
	var wg sync.WaitGroup
	for i := range out {
		st := &out[i]
		if (st.Name != domain.ProviderOllama && st.Name != domain.ProviderCompatible) || !st.Configured {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := engines.Probe(context.Background(), runs.JudgeChoice{Provider: st.Name, Model: st.Model})
			now := time.Now()
			st.CheckedAt = &now
			if err != nil {
				st.Configured, st.Reason = false, domain.SafeMessage(err)
				st.ModelMissing = errors.Is(err, runs.ErrModelNotPulled)
				return
			}
			st.Reason += " · answered its probe at " + now.Format("15:04:05")
		}()
	}
	wg.Wait()
}

func providerStatuses(s config.Settings, secrets config.Masker) []ProviderStatus {
	out := make([]ProviderStatus, 0, len(domain.AllProviders))
	for _, name := range domain.AllProviders {
		out = append(out, providerStatus(s, secrets, name))
	}
	return out
}

func providerStatus(s config.Settings, secrets config.Masker, name domain.Provider) ProviderStatus {
	ps := s.Provider(name)
	// A base URL may carry a proxy's password: the status (the window, `providers list`,
	// `doctor`) shows it masked, as every URL is shown.
	ps.BaseURL = domain.RedactURLs(ps.BaseURL)
	st := ProviderStatus{Name: name, Label: providerLabels[name], Model: ps.Model, Default: s.Judge.Provider == name}
	if name == s.Judge.Provider {
		st.Model = s.JudgeModel()
	}
	if secretName, ok := config.SecretForProvider(name); ok && secrets != nil {
		m := secrets.Masked(secretName)
		st.Key = &m
	}
	switch name {
	case domain.ProviderOffline:
		st.Configured, st.Reason, st.Model = true, "always available; no network", "heuristic"
		st.Local = true
	case domain.ProviderOllama:
		st.BaseURL = ps.BaseURL
		st.Local = isLoopbackURL(ps.BaseURL)
		st.Configured = ps.BaseURL != "" && ps.Model != ""
		st.Reason = "host " + ps.BaseURL + " (OLLAMA_HOST)"
	case domain.ProviderCompatible:
		st.BaseURL = ps.BaseURL
		st.Local = isLoopbackURL(ps.BaseURL)
		st.Configured = ps.BaseURL != ""
		st.Reason = "base URL " + ps.BaseURL
		if ps.BaseURL == "" {
			st.Reason = "set DEEPCRITICAL_COMPAT_BASE_URL or providers.compatible.base_url"
		}
	case domain.ProviderCLI:
		st.Command = ps.Command
		fields := strings.Fields(ps.Command)
		if len(fields) == 0 {
			st.Reason = "no command set (DEEPCRITICAL_CLI_JUDGE)"
		} else if path, err := exec.LookPath(fields[0]); err != nil {
			st.Reason = "command " + fields[0] + " not found on PATH"
		} else {
			st.Configured, st.Reason = true, "runs "+path
		}
	default:
		st.BaseURL = ps.BaseURL
		st.Local = isLoopbackURL(ps.BaseURL)
		if st.Key != nil && st.Key.HasKey {
			st.Configured, st.Reason = true, "key …"+st.Key.Last4+" from "+string(st.Key.Source)
		} else if st.Key != nil {
			st.Reason = "no key: set " + st.Key.EnvVar
		}
	}
	switch {
	case name == domain.ProviderOffline:
		st.DataNote = "local only: nothing leaves this machine"
	case name == domain.ProviderCLI:
		st.DataNote = "sends the evidence to whatever the command talks to (claude: Anthropic's cloud)"
	case st.Local:
		st.DataNote = "local only: the server runs on this machine"
	default:
		host := hostOf(st.BaseURL)
		st.DataNote = "sends the question and evidence to " + host
	}
	return st
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "a remote server"
	}
	return u.Hostname()
}

// isLoopbackURL reports whether raw points at this machine, so the UI can say "local only".
func isLoopbackURL(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return false
	}
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// ProviderTest is the result of Test connection: a tiny structured call.
type ProviderTest struct {
	Provider  domain.Provider `json:"provider"`
	OK        bool            `json:"ok"`
	Model     string          `json:"model"`
	LatencyMS int64           `json:"latency_ms"`
	Error     string          `json:"error,omitempty"`
	Local     bool            `json:"local"`
	// Warning says when the chosen model is not one the server lists.
	Warning string `json:"warning,omitempty"`
	// ContextTokens is the model's context window when the server reports it (Ollama's
	// /api/show); prompts are never sized beyond it.
	ContextTokens int `json:"context_tokens,omitempty"`
}

// contextReporter is a client that can tell its model's context window (Ollama).
type contextReporter interface {
	ContextLength(ctx context.Context, model string) (int, string)
}

// Test makes a tiny structured call to a provider and reports the model and latency, or
// the reason it failed. The offline judge always passes without a network call.
func (p *ProviderService) Test(name string) (ProviderTest, error) {
	prov, err := domain.ParseProvider(name)
	if err != nil {
		return ProviderTest{}, err
	}
	out := ProviderTest{Provider: prov}
	if prov == domain.ProviderOffline {
		out.OK, out.Model, out.Local = true, "heuristic-v1", true
		return out, nil
	}
	engines, err := p.engines.get()
	if err != nil {
		return ProviderTest{}, err
	}
	client, info, err := engines.LLMClient(runs.JudgeChoice{Provider: prov})
	if err != nil {
		out.Error = domain.SafeMessage(err)
		return out, nil
	}
	out.Model, out.Local = info.Model, info.Local
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := providers.Test(ctx, client, engines.Recorder())
	if err != nil {
		out.Error = llmMessage(err)
		return out, nil
	}
	out.OK, out.LatencyMS, out.Error, out.Warning = res.OK, res.Latency.Milliseconds(), res.Error, res.Warning
	if cr, ok := client.(contextReporter); ok && res.OK {
		out.ContextTokens, _ = cr.ContextLength(ctx, info.Model)
	}
	if res.Model != "" {
		out.Model = res.Model
	}
	return out, nil
}

// Models lists the models a provider serves (Ollama's /api/tags, OpenAI-compatible /models).
func (p *ProviderService) Models(name string) ([]string, error) {
	prov, err := domain.ParseProvider(name)
	if err != nil {
		return nil, err
	}
	engines, err := p.engines.get()
	if err != nil {
		return nil, err
	}
	cfg := engines.ProviderConfig(prov)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	models, err := providers.ListModels(ctx, cfg)
	if err != nil {
		return nil, domain.Wrap(domain.CodeUnavailable, err, llmMessage(err))
	}
	if models == nil {
		models = []string{}
	}
	return models, nil
}

// llmMessage is the user-safe text of an LLM error (typed errors carry the provider's words
// with keys redacted).
func llmMessage(err error) string {
	var le *llm.Error
	if errors.As(err, &le) {
		return le.Error()
	}
	return domain.SafeMessage(err)
}
