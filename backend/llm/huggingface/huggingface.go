// Package huggingface is the Hugging Face router provider: the router's OpenAI-compatible
// chat API (through the openai package) with a chain of fallback models. Per-model failures
// (401/403 on a gated model, 404) are typed so Generate moves to the next model; a 402 or
// quota 429 fails fast with Hugging Face's own message; 503 "model is loading" is waited
// for within bounds (honouring estimated_time). <think> blocks are stripped from answers.
package huggingface

import (
	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/openai"
)

// DefaultBaseURL is the Hugging Face inference router.
const DefaultBaseURL = "https://router.huggingface.co/v1"

// DefaultModels is the fallback chain of free router models, first choice first.
var DefaultModels = []string{
	"meta-llama/Llama-3.1-8B-Instruct",
	"mistralai/Mistral-7B-Instruct-v0.3",
	"HuggingFaceH4/zephyr-7b-beta",
}

// Config configures the router client.
type Config struct {
	BaseURL string
	// Token is the HF token (HF_TOKEN); the router rejects anonymous calls.
	Token string
	// Model, when set, is tried first; Models replaces the default chain.
	Model  string
	Models []string
	llm.HTTP
}

// Client is a Hugging Face router client; Info().Models is the chain to pass to
// llm.Generate as Options.Models.
type Client struct {
	*openai.Client
}

// New builds a router client.
func New(cfg Config) (*Client, error) {
	if cfg.Token == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "the huggingface judge needs a token (HF_TOKEN)")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	c, err := openai.New(openai.Config{
		Provider: domain.ProviderHuggingFace, BaseURL: cfg.BaseURL, APIKey: cfg.Token, Model: cfg.Model,
		Models: Chain(cfg.Model, cfg.Models), HTTP: cfg.HTTP,
		// Many router providers reject json_schema; step down to json_object, then the prompt.
		FormatFallback: true,
	})
	if err != nil {
		return nil, err
	}
	return &Client{Client: c}, nil
}

// Chain returns the model chain: models (or DefaultModels) with first moved to the front
// when given, without duplicates.
func Chain(first string, models []string) []string {
	if len(models) == 0 {
		models = DefaultModels
	}
	out := make([]string, 0, len(models)+1)
	seen := map[string]bool{}
	for _, m := range append([]string{first}, models...) {
		if m != "" && !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}
