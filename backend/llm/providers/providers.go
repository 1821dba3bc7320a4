// Package providers builds the configured LLM backend from one ProviderConfig, so the
// judge, the appraiser, the services and the CLI construct providers the same way, and
// offers the "Test connection" call and model listing used by Settings and
// `deepcritical providers test|models`.
package providers

import (
	"context"
	"strings"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/anthropic"
	"deepcritical/backend/llm/clijudge"
	"deepcritical/backend/llm/compatible"
	"deepcritical/backend/llm/huggingface"
	"deepcritical/backend/llm/ollama"
	"deepcritical/backend/llm/openai"
)

// ProviderConfig selects and configures one backend. BaseURL means OLLAMA_HOST for
// ollama; Command is the command template for cli; Models is the fallback chain
// (huggingface). Empty fields take each provider's defaults.
type ProviderConfig struct {
	Provider domain.Provider
	BaseURL  string
	APIKey   string
	Model    string
	Models   []string
	Command  string
	// HTTP is how an HTTP provider reaches its server; only its Timeout applies to cli.
	llm.HTTP
}

// ErrOffline is returned for the offline judge, which has no LLM client by design.
var ErrOffline = domain.Errorf(domain.CodeInvalid, "offline judge has no LLM client")

// New builds the client for cfg.Provider with what it needs to display (Info).
func New(cfg ProviderConfig) (llm.Client, llm.Info, error) {
	switch cfg.Provider {
	case domain.ProviderOffline, "":
		return nil, llm.Info{Provider: domain.ProviderOffline, Local: true}, ErrOffline
	case domain.ProviderOpenAI:
		if cfg.APIKey == "" {
			return nil, llm.Info{}, domain.Errorf(domain.CodeInvalid, "the openai judge needs an API key (OPENAI_API_KEY)")
		}
		c, err := openai.New(openai.Config{Provider: domain.ProviderOpenAI, BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Model: cfg.Model, HTTP: cfg.HTTP})
		if err != nil {
			return nil, llm.Info{}, err
		}
		return c, c.Info(), nil
	case domain.ProviderCompatible:
		c, err := compatible.New(compatible.Config{BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Model: cfg.Model, HTTP: cfg.HTTP})
		if err != nil {
			return nil, llm.Info{}, err
		}
		return c, c.Info(), nil
	case domain.ProviderHuggingFace:
		c, err := huggingface.New(huggingface.Config{BaseURL: cfg.BaseURL, Token: cfg.APIKey, Model: cfg.Model, Models: cfg.Models, HTTP: cfg.HTTP})
		if err != nil {
			return nil, llm.Info{}, err
		}
		return c, c.Info(), nil
	case domain.ProviderAnthropic:
		c, err := anthropic.New(anthropic.Config{BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Model: cfg.Model, HTTP: cfg.HTTP})
		if err != nil {
			return nil, llm.Info{}, err
		}
		return c, c.Info(), nil
	case domain.ProviderOllama:
		c, err := ollama.New(ollama.Config{Host: cfg.BaseURL, Model: cfg.Model, HTTP: cfg.HTTP})
		if err != nil {
			return nil, llm.Info{}, err
		}
		return c, c.Info(), nil
	case domain.ProviderCLI:
		c, err := clijudge.New(clijudge.Config{Command: cfg.Command, Model: cfg.Model, Timeout: cfg.Timeout})
		if err != nil {
			return nil, llm.Info{}, err
		}
		return c, c.Info(), nil
	}
	return nil, llm.Info{}, domain.Errorf(domain.CodeInvalid, "unknown judge %q", string(cfg.Provider))
}

// EnvConfig reads the provider's DEEPCRITICAL_*/vendor key environment variables for p (getenv is os.Getenv
// in production). Settings are merged by the caller; the environment wins.
func EnvConfig(p domain.Provider, getenv func(string) string) ProviderConfig {
	cfg := ProviderConfig{Provider: p}
	switch p {
	case domain.ProviderOpenAI:
		cfg.APIKey, cfg.BaseURL = getenv("OPENAI_API_KEY"), getenv("OPENAI_BASE_URL")
	case domain.ProviderAnthropic:
		cfg.APIKey, cfg.BaseURL = getenv("ANTHROPIC_API_KEY"), getenv("ANTHROPIC_BASE_URL")
	case domain.ProviderHuggingFace:
		cfg.APIKey, cfg.BaseURL = getenv("HF_TOKEN"), getenv("HF_BASE_URL")
	case domain.ProviderOllama:
		cfg.BaseURL = getenv("OLLAMA_HOST")
	case domain.ProviderCompatible:
		cfg.APIKey, cfg.BaseURL = getenv("DEEPCRITICAL_COMPAT_API_KEY"), getenv("DEEPCRITICAL_COMPAT_BASE_URL")
	case domain.ProviderCLI:
		cfg.Command = getenv("DEEPCRITICAL_CLI_JUDGE")
	}
	return cfg
}

// TestResult is the outcome of a connection test, ready to show.
type TestResult struct {
	OK      bool          `json:"ok"`
	Model   string        `json:"model"`
	Latency time.Duration `json:"latency"`
	Error   string        `json:"error,omitempty"`
	// Warning says when the configured model is not among the models the server lists.
	Warning string `json:"warning,omitempty"`
}

// TestMaxTokens is the answer cap of the connection test: the answer is a dozen tokens,
// but reasoning models spend their hidden reasoning from the same cap, and 64 left them
// with an empty answer cut at the limit.
const TestMaxTokens = 2048

type pong struct {
	OK   bool   `json:"ok"`
	Echo string `json:"echo"`
}

var pongSchema = llm.MustSchemaFor[pong]("connection_test")

// infoer is implemented by every provider client.
type infoer interface{ Info() llm.Info }

// Test makes one tiny structured call through the full pipeline (model chain included)
// and reports whether a valid answer came back; the exchange goes to rec (purpose
// "connection_test") like any other call. A failing backend is a result with OK false and a
// user-safe Error, not a Go error; the error return is for a missing client. For servers
// that list their models (Ollama, compatible), a model they do not list is warned about.
func Test(ctx context.Context, c llm.Client, rec llm.Recorder) (TestResult, error) {
	if c == nil {
		return TestResult{}, ErrOffline
	}
	var info llm.Info
	if i, ok := c.(infoer); ok {
		info = i.Info()
	}
	req := llm.Request{
		System:    "You are a connection test. Answer with JSON only.",
		Messages:  []llm.Message{{Role: llm.RoleUser, Content: `Reply with exactly this JSON object: {"ok": true, "echo": "deepcritical"}`}},
		Schema:    pongSchema,
		Model:     info.Model,
		MaxTokens: TestMaxTokens,
	}
	start := time.Now()
	warning := ""
	if ml, ok := c.(modelLister); ok && info.Model != "" && (info.Provider == domain.ProviderOllama || info.Provider == domain.ProviderCompatible) {
		if models, err := ml.ListModels(ctx); err == nil && len(models) > 0 && !contains(models, info.Model) {
			shown := models
			if len(shown) > 8 {
				shown = append(shown[:8:8], "…")
			}
			warning = "model " + info.Model + " is not among the server's models (" + strings.Join(shown, ", ") + ")"
		}
	}
	v, res, err := llm.Generate(ctx, c, req, llm.Options[pong]{
		Attempts: 2, Models: info.Models, Provider: info.Provider, Purpose: "connection_test", Recorder: rec,
		Validate: func(p *pong) error {
			if !p.OK {
				return domain.Errorf(domain.CodeInvalid, `ok must be true`)
			}
			return nil
		},
	})
	out := TestResult{Model: res.Model, Latency: time.Since(start), Warning: warning}
	if err != nil {
		out.Error = domain.SafeMessage(err)
		return out, nil
	}
	out.OK = v.OK
	return out, nil
}

// modelLister is implemented by backends that can list their models.
type modelLister interface {
	ListModels(ctx context.Context) ([]string, error)
}

// ListModels lists the models of an ollama (/api/tags) or OpenAI-compatible (/models)
// backend.
func ListModels(ctx context.Context, cfg ProviderConfig) ([]string, error) {
	switch cfg.Provider {
	case domain.ProviderOllama, domain.ProviderOpenAI, domain.ProviderCompatible, domain.ProviderHuggingFace:
	default:
		return nil, domain.Errorf(domain.CodeInvalid, "listing models works for ollama, openai, compatible and huggingface, not %s", string(cfg.Provider))
	}
	if cfg.Model == "" && cfg.Provider == domain.ProviderCompatible {
		// A compatible server needs no model to list its models.
		cfg.Model = "list"
	}
	c, _, err := New(cfg)
	if err != nil {
		return nil, err
	}
	ml, ok := c.(modelLister)
	if !ok {
		return nil, domain.Errorf(domain.CodeInvalid, "%s cannot list models", string(cfg.Provider))
	}
	models, err := ml.ListModels(ctx)
	if err != nil {
		return nil, err
	}
	out := models[:0]
	for _, m := range models {
		if m = strings.TrimSpace(m); m != "" {
			out = append(out, m)
		}
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s || strings.TrimSuffix(x, ":latest") == s || x == s+":latest" {
			return true
		}
	}
	return false
}
