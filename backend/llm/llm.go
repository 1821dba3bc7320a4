// Package llm is DeepCritical's provider-neutral LLM layer: one small Client interface that
// every backend (openai, anthropic, huggingface, ollama, compatible, cli) implements, a typed
// Error they all return, and Generate, the single structured-output pipeline that turns a
// model's text into a validated Go value.
//
// Providers live in sub-packages and only translate a Request into their wire format and
// their answers and failures back into a Response or an *Error. Everything that decides
// whether an answer is acceptable (extraction, repair, decoding, validation, retries with
// feedback, the model chain and the audit record) lives here, so it behaves the same for
// every backend.
package llm

import (
	"context"
	"encoding/json"
	"time"

	"deepcritical/backend/domain"
)

// UserAgent is sent by every HTTP provider so servers can identify the tool.
const UserAgent = "DeepCritical/0.1 (+research tool)"

// Message roles.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// Message is one turn of a conversation. Role is "user" or "assistant"; the system prompt
// travels separately in Request.System because providers place it differently.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Schema is a named JSON Schema object describing the structured answer. Providers that
// support native structured output send it; Generate always validates against it.
type Schema struct {
	Name string          `json:"name"`
	JSON json.RawMessage `json:"schema"`
}

// Request is a provider-neutral chat request.
type Request struct {
	System   string    `json:"system,omitempty"`
	Messages []Message `json:"messages"`
	// Schema asks for a structured answer; nil means free text.
	Schema *Schema `json:"schema,omitempty"`
	// Model overrides the provider's configured model when non-empty.
	Model       string  `json:"model,omitempty"`
	Temperature float64 `json:"temperature"`
	// MaxTokens bounds the answer; 0 lets the provider choose its default.
	MaxTokens int `json:"max_tokens,omitempty"`
	// CachePrefix is the length in bytes of the first message's head that stays the same
	// from one call to the next (the judge's question and already-judged evidence), so
	// providers with explicit prompt caching (Anthropic cache_control) can mark it; 0: none.
	CachePrefix int `json:"cache_prefix,omitempty"`
}

// ModelOr is the model a request runs on: its own Model when set, else the provider's
// configured one.
func (r Request) ModelOr(configured string) string {
	if r.Model != "" {
		return r.Model
	}
	return configured
}

// Response is a provider's answer.
type Response struct {
	// Text is the model's answer: JSON for schema requests (possibly wrapped in prose or
	// fences when the backend has no native structured output; Generate extracts it).
	Text  string
	Model string
	// Raw is the raw response body, kept for the audit log. It never contains credentials.
	Raw          string
	InputTokens  int
	OutputTokens int
	// CachedTokens are input tokens the provider served from its prompt cache (Anthropic
	// cache_read_input_tokens, OpenAI prompt_tokens_details.cached_tokens); CacheWriteTokens
	// are input tokens written to the cache (Anthropic cache_creation_input_tokens). Both are
	// part of the prompt, so InputTokens already includes them.
	CachedTokens     int
	CacheWriteTokens int
	CostUSD          float64
	Latency          time.Duration
	// Truncated reports that the answer was cut at the token limit (finish_reason length,
	// stop_reason max_tokens, done_reason length). Generate never accepts such an answer.
	Truncated bool
	// Notes says how the answer was obtained when it matters for the audit, e.g. that a
	// server rejected json_schema and the client fell back to json_object.
	Notes string
}

// Client is what every provider implements. Complete performs one exchange (providers may
// retry transport-level failures such as 429 or 503 internally, within bounds) and returns
// an *Error on failure.
type Client interface {
	Complete(ctx context.Context, req Request) (Response, error)
}

// Info describes a configured backend for display: which provider and model will run and
// whether anything leaves the machine.
type Info struct {
	Provider domain.Provider `json:"provider"`
	Model    string          `json:"model"`
	// Models is the fallback chain, first entry first; it is empty or equal to [Model]
	// when the provider has no chain.
	Models  []string `json:"models,omitempty"`
	Local   bool     `json:"local"`
	BaseURL string   `json:"base_url,omitempty"`
}

// CallRecord is one exchange for the audit log (the llm_calls table). It never contains
// API keys or Authorization headers: Request is built from the provider-neutral Request,
// Response from the provider's body.
type CallRecord struct {
	RunID         string          `json:"run_id,omitempty"`
	Purpose       string          `json:"purpose,omitempty"`
	Provider      domain.Provider `json:"provider"`
	Model         string          `json:"model"`
	PromptVersion string          `json:"prompt_version,omitempty"`
	Request       string          `json:"request"`
	Response      string          `json:"response"`
	Parsed        json.RawMessage `json:"parsed,omitempty"`
	Error         string          `json:"error,omitempty"`
	Latency       time.Duration   `json:"latency"`
	InputTokens   int             `json:"input_tokens"`
	OutputTokens  int             `json:"output_tokens"`
	CachedTokens  int             `json:"cached_tokens,omitempty"`
	CostUSD       float64         `json:"cost_usd"`
	// Attempt is the 1-based attempt number on Model.
	Attempt int `json:"attempt,omitempty"`
	// Notes carries Response.Notes (e.g. a response_format downgrade).
	Notes string `json:"notes,omitempty"`
}

// Recorder stores call records. A recording failure is logged and does not fail the
// generation: losing an audit row is better than losing the user's verdict.
type Recorder interface {
	RecordLLMCall(ctx context.Context, rec CallRecord) error
}

// RecorderFunc adapts a function to Recorder.
type RecorderFunc func(ctx context.Context, rec CallRecord) error

// RecordLLMCall calls f.
func (f RecorderFunc) RecordLLMCall(ctx context.Context, rec CallRecord) error { return f(ctx, rec) }
