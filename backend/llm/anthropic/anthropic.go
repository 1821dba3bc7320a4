// Package anthropic is the Anthropic Messages API provider. Structured output uses
// output_config.format (json_schema) on the models that take it (Claude Sonnet 4.5,
// Haiku 4.5, Opus 4.1 and later), and a forced tool elsewhere: one tool whose input_schema
// is the answer schema and tool_choice {type: tool, name}, so the model must answer with a
// tool_use block whose input is the JSON. A server that rejects output_config gets the
// forced tool from then on. The system prompt and the request's stable prefix carry
// cache_control, so a judge loop re-reads its unchanged prompt head from the cache.
//
// It speaks plain HTTP rather than using anthropic-sdk-go: the request and answer are a
// few fields, and plain HTTP shares the typed status mapping, the bounded back-off, the
// raw-body capture for the audit log and the key redaction with the other providers,
// where the SDK would bring its own retries and error type to override.
package anthropic

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/ctxtime"
	"deepcritical/backend/llm"
)

// Defaults.
const (
	DefaultBaseURL = "https://api.anthropic.com"
	// DefaultModel is a current model (claude-3-5-haiku was retired in 2025).
	DefaultModel     = "claude-haiku-4-5"
	APIVersion       = "2023-06-01"
	DefaultMaxTokens = 4096
	DefaultTimeout   = 120 * time.Second
)

// Config configures the client.
type Config struct {
	BaseURL string
	APIKey  string
	Model   string
	llm.HTTP
}

// Client is an Anthropic Messages API client, safe for concurrent use.
type Client struct {
	cfg      Config
	endpoint string
	// noOutputConfig is set once the server rejected output_config (forced tool from then on).
	noOutputConfig atomic.Bool
}

// New validates cfg and builds a client.
func New(cfg Config) (*Client, error) {
	if cfg.APIKey == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "the anthropic judge needs an API key (ANTHROPIC_API_KEY)")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	base := strings.TrimSuffix(strings.TrimRight(cfg.BaseURL, "/"), "/v1")
	if !strings.HasPrefix(base, "http://") && !strings.HasPrefix(base, "https://") {
		return nil, domain.Errorf(domain.CodeInvalid, "anthropic base URL must start with http:// or https://, got %q", domain.RedactURLs(cfg.BaseURL))
	}
	cfg.BaseURL = base
	if cfg.Model == "" {
		cfg.Model = DefaultModel
	}
	cfg.HTTP = cfg.HTTP.WithDefaults(DefaultTimeout)
	return &Client{cfg: cfg, endpoint: base + "/v1/messages"}, nil
}

// Info describes the backend for display.
func (c *Client) Info() llm.Info {
	return llm.Info{Provider: domain.ProviderAnthropic, Model: c.cfg.Model, Models: []string{c.cfg.Model}, Local: llm.IsLoopback(c.cfg.BaseURL), BaseURL: domain.RedactURLs(c.cfg.BaseURL)}
}

type cacheControl struct {
	Type string `json:"type"`
}

type textBlock struct {
	Type         string        `json:"type"`
	Text         string        `json:"text"`
	CacheControl *cacheControl `json:"cache_control,omitempty"`
}

type message struct {
	Role    string      `json:"role"`
	Content []textBlock `json:"content"`
}

type outputFormat struct {
	Type   string          `json:"type"`
	Schema json.RawMessage `json:"schema"`
}

type outputConfig struct {
	Format *outputFormat `json:"format,omitempty"`
}

type tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"input_schema"`
}

type toolChoice struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

type request struct {
	Model        string        `json:"model"`
	MaxTokens    int           `json:"max_tokens"`
	System       []textBlock   `json:"system,omitempty"`
	Messages     []message     `json:"messages"`
	Temperature  float64       `json:"temperature"`
	Tools        []tool        `json:"tools,omitempty"`
	ToolChoice   *toolChoice   `json:"tool_choice,omitempty"`
	OutputConfig *outputConfig `json:"output_config,omitempty"`
	Stream       bool          `json:"stream,omitempty"`
}

type response struct {
	Model   string `json:"model"`
	Content []struct {
		Type  string          `json:"type"`
		Text  string          `json:"text"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	} `json:"content"`
	StopReason string             `json:"stop_reason"`
	Usage      llm.AnthropicUsage `json:"usage"`
}

type errorBody struct {
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

// Complete sends one Messages request; 429 rate limits, 529 overloaded and 5xx are
// retried with bounded back-off.
func (c *Client) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	model := req.ModelOr(c.cfg.Model)
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	useOutputConfig := req.Schema != nil && SupportsOutputConfig(model) && !c.noOutputConfig.Load()
	body, toolName := c.buildRequest(req, model, useOutputConfig)
	header := http.Header{"X-Api-Key": {c.cfg.APIKey}, "Anthropic-Version": {APIVersion}}
	start := time.Now()
	for retry := 0; ; retry++ {
		var res llm.HTTPResult
		var err error
		var stream *sseAnswer
		if llm.Streaming(ctx) {
			body.Stream = true
			stream = &sseAnswer{progress: llm.StartProgress(ctx, domain.ProviderAnthropic, model)}
			res, err = llm.DoStream(ctx, c.cfg.HTTPClient, c.endpoint, header, body, stream.line)
			if err == nil && res.Status/100 == 2 {
				// The events are folded back into the message a non-streamed call returns,
				// so parsing and the stored exchange are the same.
				res.Body, err = stream.message()
				stream.progress.Finish(stream.outputTokens)
			}
		} else {
			res, err = llm.DoJSON(ctx, c.cfg.HTTPClient, http.MethodPost, c.endpoint, header, body)
		}
		if err != nil {
			return llm.Response{Latency: time.Since(start)}, c.redact(llm.NetworkError(ctx, err, domain.ProviderAnthropic, model, c.cfg.BaseURL))
		}
		raw := llm.Redact(string(res.Body), c.cfg.APIKey)
		if res.Status/100 == 2 {
			out, err := c.parse(res.Body, model, toolName)
			out.Raw, out.Latency = raw, time.Since(start)
			return out, err
		}
		le := c.statusError(res, model)
		if useOutputConfig && le.Kind == llm.KindBadRequest && strings.Contains(strings.ToLower(le.Message), "output_config") {
			// An older server or model: ask with a forced tool instead, now and from now on.
			c.noOutputConfig.Store(true)
			useOutputConfig = false
			body, toolName = c.buildRequest(req, model, false)
			continue
		}
		if le.Retryable() && retry < c.cfg.Backoff.Retries {
			wait, ok := c.cfg.Backoff.Wait(retry, le.RetryAfter)
			if ok {
				if serr := ctxtime.Sleep(ctx, wait); serr != nil {
					return llm.Response{Latency: time.Since(start)}, llm.FromContext(serr, domain.ProviderAnthropic, model)
				}
				continue
			}
		}
		return llm.Response{Raw: raw, Latency: time.Since(start)}, le
	}
}

// SupportsOutputConfig reports the models that take output_config.format: Claude Sonnet
// 4.5, Haiku 4.5, Opus 4.1 and every later family version.
func SupportsOutputConfig(model string) bool {
	m := strings.ToLower(model)
	if i := strings.LastIndexByte(m, '/'); i >= 0 {
		m = m[i+1:]
	}
	for _, fam := range []string{"claude-sonnet-", "claude-haiku-", "claude-opus-"} {
		rest, ok := strings.CutPrefix(m, fam)
		if !ok {
			continue
		}
		parts := strings.SplitN(rest, "-", 3)
		major, minor := atoi(parts[0]), 0
		if len(parts) > 1 && len(parts[1]) <= 2 {
			minor = atoi(parts[1])
		}
		switch {
		case major > 4:
			return true
		case major == 4 && minor >= 5:
			return true
		case major == 4 && minor >= 1 && fam == "claude-opus-":
			return true
		}
	}
	return false
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return n
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// buildRequest translates the neutral request. The system prompt is one cached block;
// when req.CachePrefix marks a stable head of the first user message, that head is its own
// block with cache_control (Anthropic caches everything up to the last marked block).
func (c *Client) buildRequest(req llm.Request, model string, useOutputConfig bool) (request, string) {
	body := request{Model: model, MaxTokens: req.MaxTokens, Temperature: req.Temperature}
	if body.MaxTokens <= 0 {
		body.MaxTokens = DefaultMaxTokens
	}
	if req.System != "" {
		body.System = []textBlock{{Type: "text", Text: req.System, CacheControl: &cacheControl{Type: "ephemeral"}}}
	}
	for i, m := range req.Messages {
		content := []textBlock{{Type: "text", Text: m.Content}}
		if i == 0 && req.CachePrefix > 0 && req.CachePrefix < len(m.Content) {
			content = []textBlock{
				{Type: "text", Text: m.Content[:req.CachePrefix], CacheControl: &cacheControl{Type: "ephemeral"}},
				{Type: "text", Text: m.Content[req.CachePrefix:]},
			}
		}
		body.Messages = append(body.Messages, message{Role: m.Role, Content: content})
	}
	toolName := ""
	if req.Schema != nil {
		if useOutputConfig {
			body.OutputConfig = &outputConfig{Format: &outputFormat{Type: "json_schema", Schema: llm.StrictProjection(req.Schema.JSON)}}
		} else {
			toolName = llm.ToolName(req.Schema.Name)
			body.Tools = []tool{{Name: toolName, Description: "Record the answer. Call this tool with the complete answer as its input.", InputSchema: req.Schema.JSON}}
			body.ToolChoice = &toolChoice{Type: "tool", Name: toolName}
		}
	}
	return body, toolName
}

// parse reads the forced tool's input, else the text blocks.
func (c *Client) parse(body []byte, model, toolName string) (llm.Response, error) {
	var r response
	if f := llm.BodyFault(domain.ProviderAnthropic, model, 200, "", body); f != nil {
		return llm.Response{}, f
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return llm.Response{}, &llm.Error{Kind: llm.KindInvalidOutput, Provider: domain.ProviderAnthropic, Model: model, Message: "the server's answer could not be read: " + err.Error(), Err: err}
	}
	out := llm.Response{Model: cmp.Or(r.Model, model)}
	r.Usage.Apply(&out)
	out.CostUSD = r.Usage.Cost(out.Model)
	if err := llm.AnthropicStop(&out, domain.ProviderAnthropic, model, r.StopReason); err != nil {
		return out, err
	}
	var text strings.Builder
	for _, b := range r.Content {
		switch b.Type {
		case "tool_use":
			if toolName == "" || b.Name == toolName {
				out.Text = llm.Redact(string(b.Input), c.cfg.APIKey)
				return out, nil
			}
		case "text":
			text.WriteString(b.Text)
		}
	}
	out.Text = llm.Redact(text.String(), c.cfg.APIKey)
	return out, nil
}

// statusError maps an Anthropic error answer. A 400 about the credit balance is a quota
// problem, not a bad request.
func (c *Client) statusError(res llm.HTTPResult, model string) *llm.Error {
	var eb errorBody
	msg, typ := "", ""
	if json.Unmarshal(res.Body, &eb) == nil && eb.Error.Message != "" {
		msg, typ = eb.Error.Message, eb.Error.Type
	} else {
		msg = strings.TrimSpace(string(res.Body))
		if len(msg) > 300 {
			msg = msg[:300] + "…"
		}
	}
	status := res.Status
	if status == http.StatusBadRequest && strings.Contains(strings.ToLower(msg), "credit balance") {
		status = http.StatusPaymentRequired
	}
	le := llm.StatusError(domain.ProviderAnthropic, model, status, "", typ, msg, res.Header)
	return c.redact(le)
}

func (c *Client) redact(le *llm.Error) *llm.Error {
	le.Message = llm.Redact(le.Message, c.cfg.APIKey)
	return le
}

// sseAnswer folds Messages API server-sent events back into one message: content blocks
// from their start event and deltas (text, tool input JSON, thinking), usage from
// message_start and message_delta, the stop reason from message_delta.
type sseAnswer struct {
	progress     *llm.Progress
	msg          map[string]any
	blocks       []map[string]any
	partial      []strings.Builder
	stopReason   any
	usage        map[string]any
	outputTokens int
	streamErr    string
}

func (a *sseAnswer) line(l []byte) {
	data, ok := bytes.CutPrefix(l, []byte("data:"))
	if !ok {
		return
	}
	var ev struct {
		Type         string          `json:"type"`
		Index        int             `json:"index"`
		Message      map[string]any  `json:"message"`
		ContentBlock map[string]any  `json:"content_block"`
		Delta        json.RawMessage `json:"delta"`
		Usage        map[string]any  `json:"usage"`
		Error        struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(bytes.TrimSpace(data), &ev) != nil {
		return
	}
	switch ev.Type {
	case "message_start":
		a.msg = ev.Message
		if u, ok := ev.Message["usage"].(map[string]any); ok {
			a.usage = u
		}
	case "content_block_start":
		for len(a.blocks) <= ev.Index {
			a.blocks = append(a.blocks, nil)
			a.partial = append(a.partial, strings.Builder{})
		}
		a.blocks[ev.Index] = ev.ContentBlock
	case "content_block_delta":
		if ev.Index >= len(a.blocks) {
			return
		}
		var d struct {
			Type        string `json:"type"`
			Text        string `json:"text"`
			PartialJSON string `json:"partial_json"`
			Thinking    string `json:"thinking"`
		}
		_ = json.Unmarshal(ev.Delta, &d)
		piece := d.Text + d.PartialJSON + d.Thinking
		a.partial[ev.Index].WriteString(piece)
		a.progress.Add(piece, 0)
	case "message_delta":
		var d struct {
			StopReason any `json:"stop_reason"`
		}
		_ = json.Unmarshal(ev.Delta, &d)
		a.stopReason = d.StopReason
		if n, ok := ev.Usage["output_tokens"].(float64); ok {
			a.outputTokens = int(n)
		}
		if a.usage == nil {
			a.usage = map[string]any{}
		}
		for k, v := range ev.Usage {
			a.usage[k] = v
		}
	case "error":
		a.streamErr = ev.Error.Type + ": " + ev.Error.Message
	}
}

// message returns the folded message as the JSON a non-streamed call returns.
func (a *sseAnswer) message() ([]byte, error) {
	if a.streamErr != "" {
		return nil, fmt.Errorf("%w: the stream ended with an error (%s)", llm.ErrCutOff, a.streamErr)
	}
	if a.msg == nil || a.stopReason == nil {
		return nil, fmt.Errorf("%w: the stream ended before message_delta", llm.ErrCutOff)
	}
	content := make([]any, 0, len(a.blocks))
	for i, b := range a.blocks {
		if b == nil {
			continue
		}
		switch b["type"] {
		case "text":
			b["text"] = a.partial[i].String()
		case "thinking":
			b["thinking"] = a.partial[i].String()
		case "tool_use":
			if s := a.partial[i].String(); json.Valid([]byte(s)) {
				b["input"] = json.RawMessage(s)
			} else if s != "" {
				b["input"] = s // cut mid-way: kept as text for the audit and the error
			}
		}
		content = append(content, b)
	}
	a.msg["content"] = content
	a.msg["stop_reason"] = a.stopReason
	a.msg["usage"] = a.usage
	return json.Marshal(a.msg)
}
