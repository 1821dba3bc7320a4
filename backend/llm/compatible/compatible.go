// Package compatible is the provider for any OpenAI-compatible server (vLLM, LM Studio,
// llama.cpp server, Ollama's /v1, OpenRouter). It shares the openai package's code path
// with a configurable base URL and an optional key, and steps down from json_schema to
// json_object to a plain prompt when the server rejects response_format (recorded in the
// response notes, so the audit log shows it).
package compatible

import (
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/openai"
)

// Config configures a compatible server.
type Config struct {
	// BaseURL is required and includes the API prefix, e.g. http://127.0.0.1:1234/v1.
	BaseURL string
	// APIKey is optional (local servers usually need none).
	APIKey string
	Model  string
	llm.HTTP
}

// Client is an OpenAI-compatible client.
type Client struct {
	*openai.Client
}

// New builds a client; the base URL and model are required because there is no sensible
// default server.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.BaseURL) == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "the compatible judge needs a base URL (DEEPCRITICAL_COMPAT_BASE_URL), e.g. http://127.0.0.1:1234/v1")
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "the compatible judge needs a model name (Settings: providers.compatible.model)")
	}
	c, err := openai.New(openai.Config{
		Provider: domain.ProviderCompatible, BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Model: cfg.Model,
		HTTP: cfg.HTTP, FormatFallback: true,
	})
	if err != nil {
		return nil, err
	}
	return &Client{Client: c}, nil
}
