// Package openai is the OpenAI chat-completions provider, built on
// github.com/sashabaranov/go-openai. It also serves every OpenAI-compatible server
// (the compatible and huggingface packages configure it): strict json_schema response
// format, typed errors for every status, bounded retries for rate limits and 5xx, and the
// odd answer shapes servers produce (content null with tool_calls or a legacy
// function_call, refusals, <think> blocks).
package openai

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	goopenai "github.com/sashabaranov/go-openai"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/ctxtime"
	"deepcritical/backend/llm"
)

// Defaults for the hosted OpenAI API.
const (
	DefaultBaseURL = "https://api.openai.com/v1"
	DefaultModel   = "gpt-4o-mini"
	DefaultTimeout = 120 * time.Second
)

// maxBody bounds how much of a response body is read (a misbehaving server cannot exhaust memory).
const maxBody = 16 << 20

// Format is how the structured answer is asked for.
type Format int

// Formats, strongest first. A compatible server that rejects one is asked with the next.
const (
	FormatJSONSchema Format = iota // response_format json_schema, strict
	FormatJSONObject               // response_format json_object + the schema in the system prompt
	FormatPrompt                   // no response_format; the schema in the system prompt
)

func (f Format) String() string {
	switch f {
	case FormatJSONSchema:
		return "json_schema"
	case FormatJSONObject:
		return "json_object"
	}
	return "prompt"
}

// Config configures a client. Zero values take the defaults.
type Config struct {
	// Provider labels errors, records and Info (openai, compatible, huggingface).
	Provider domain.Provider
	BaseURL  string
	// APIKey may be empty for local servers; no Authorization header is sent then.
	APIKey string
	Model  string
	// Models is the fallback chain shown in Info (Generate walks it).
	Models []string
	// HTTP's Timeout bounds one Complete call including its retries (default 120 s).
	llm.HTTP
	// FormatFallback lets the client step down from json_schema to json_object and then to
	// a plain prompt when the server answers 400 to response_format (compatible servers).
	FormatFallback bool
}

// Client is an OpenAI chat-completions client. It is safe for concurrent use.
type Client struct {
	cfg Config
	api *goopenai.Client
	// projections caches StrictProjection per schema text (schemas are few and long-lived).
	projections sync.Map
	mu          sync.Mutex
	fmt         Format
	// noTemperature is set once a server said the model takes no temperature (reasoning
	// models accept only the default).
	noTemperature bool
	// noStream is set once a server refused a streamed request.
	noStream atomic.Bool
}

// New validates cfg and builds a client.
func New(cfg Config) (*Client, error) {
	if cfg.Provider == "" {
		cfg.Provider = domain.ProviderOpenAI
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if !strings.HasPrefix(cfg.BaseURL, "http://") && !strings.HasPrefix(cfg.BaseURL, "https://") {
		return nil, domain.Errorf(domain.CodeInvalid, "%s base URL must start with http:// or https://, got %q", cfg.Provider, domain.RedactURLs(cfg.BaseURL))
	}
	if cfg.Model == "" && cfg.Provider == domain.ProviderOpenAI && len(cfg.Models) == 0 {
		cfg.Model = DefaultModel
	}
	if cfg.Model == "" && len(cfg.Models) > 0 {
		cfg.Model = cfg.Models[0]
	}
	if cfg.Model == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "%s needs a model name", cfg.Provider)
	}
	cfg.HTTP = cfg.HTTP.WithDefaults(DefaultTimeout)
	oc := goopenai.DefaultConfig(cfg.APIKey)
	oc.BaseURL = cfg.BaseURL
	oc.HTTPClient = &doer{hc: cfg.HTTPClient, key: cfg.APIKey}
	return &Client{cfg: cfg, api: goopenai.NewClientWithConfig(oc)}, nil
}

// Info describes the backend for display.
func (c *Client) Info() llm.Info {
	models := c.cfg.Models
	if len(models) == 0 {
		models = []string{c.cfg.Model}
	}
	return llm.Info{Provider: c.cfg.Provider, Model: c.cfg.Model, Models: models, Local: llm.IsLoopback(c.cfg.BaseURL), BaseURL: domain.RedactURLs(c.cfg.BaseURL)}
}

// Format reports the response format the client currently uses.
func (c *Client) Format() Format {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.fmt
}

// Complete performs one chat completion. Rate limits (429 that is not a quota) and 5xx
// are retried with bounded back-off honouring Retry-After; every other failure returns a
// typed *llm.Error at once.
func (c *Client) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	model := req.ModelOr(c.cfg.Model)
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	start := time.Now()
	for retry := 0; ; {
		format := c.Format()
		cp := &capture{}
		creq := c.buildRequest(req, model, format)
		var resp goopenai.ChatCompletionResponse
		var err error
		if llm.Streaming(ctx) && !c.noStream.Load() {
			resp, err = c.stream(ctx, creq, model, cp)
			if err != nil && streamRejected(err) {
				// A compatible server that cannot stream (or take stream_options): ask without.
				c.noStream.Store(true)
				continue
			}
		} else {
			resp, err = c.api.CreateChatCompletion(context.WithValue(ctx, captureKey{}, cp), creq)
		}
		if err == nil {
			out, err := c.toResponse(resp, cp, model, format)
			out.Latency = time.Since(start)
			return out, err
		}
		le := c.classify(ctx, err, cp, model)
		if le.Kind == llm.KindBadRequest && creq.Temperature != 0 && strings.Contains(strings.ToLower(le.Message), "temperature") {
			c.mu.Lock()
			c.noTemperature = true
			c.mu.Unlock()
			continue
		}
		if le.Kind == llm.KindBadRequest && c.cfg.FormatFallback && req.Schema != nil && format < FormatPrompt && mentionsResponseFormat(le.Message) {
			c.mu.Lock()
			if c.fmt == format {
				c.fmt = format + 1
			}
			c.mu.Unlock()
			continue
		}
		if le.Retryable() && retry < c.cfg.Backoff.Retries {
			wait, ok := c.cfg.Backoff.Wait(retry, le.RetryAfter)
			if !ok {
				le.Message += fmt.Sprintf(" (asked to wait %s)", wait.Round(time.Second))
				return llm.Response{Raw: llm.Redact(string(cp.body), c.cfg.APIKey), Latency: time.Since(start)}, le
			}
			if serr := ctxtime.Sleep(ctx, wait); serr != nil {
				return llm.Response{Latency: time.Since(start)}, llm.FromContext(serr, c.cfg.Provider, model)
			}
			retry++
			continue
		}
		return llm.Response{Raw: llm.Redact(string(cp.body), c.cfg.APIKey), Latency: time.Since(start)}, le
	}
}

// buildRequest translates the neutral request. For the weaker formats the schema goes
// into the system prompt so the model still knows the shape.
func (c *Client) buildRequest(req llm.Request, model string, format Format) goopenai.ChatCompletionRequest {
	system := req.System
	if req.Schema != nil && format != FormatJSONSchema {
		system = strings.TrimSpace(system + "\n\nReply with only one JSON object (no prose, no code fences) that satisfies this JSON Schema:\n" + string(req.Schema.JSON))
	}
	msgs := make([]goopenai.ChatCompletionMessage, 0, len(req.Messages)+1)
	if system != "" {
		msgs = append(msgs, goopenai.ChatCompletionMessage{Role: goopenai.ChatMessageRoleSystem, Content: system})
	}
	for _, m := range req.Messages {
		msgs = append(msgs, goopenai.ChatCompletionMessage{Role: m.Role, Content: m.Content})
	}
	temp := float32(req.Temperature)
	if temp == 0 {
		// go-openai omits a zero temperature (omitempty), which servers read as 1; the
		// smallest positive float is sent instead, as its documentation recommends.
		temp = math.SmallestNonzeroFloat32
	}
	c.mu.Lock()
	noTemp := c.noTemperature
	c.mu.Unlock()
	if noTemp || reasoningModel(model) {
		temp = 0 // omitted: reasoning models accept only their default
	}
	creq := goopenai.ChatCompletionRequest{Model: model, Messages: msgs, Temperature: temp}
	if c.cfg.Provider == domain.ProviderOpenAI {
		creq.MaxCompletionTokens = req.MaxTokens // max_tokens is deprecated and refused by reasoning models
	} else {
		creq.MaxTokens = req.MaxTokens // what compatible servers know
	}
	if req.Schema != nil {
		switch format {
		case FormatJSONSchema:
			proj := c.projection(req.Schema.JSON)
			creq.ResponseFormat = &goopenai.ChatCompletionResponseFormat{
				Type: goopenai.ChatCompletionResponseFormatTypeJSONSchema,
				JSONSchema: &goopenai.ChatCompletionResponseFormatJSONSchema{
					Name: llm.ToolName(req.Schema.Name), Schema: proj.schema, Strict: proj.strict,
				},
			}
		case FormatJSONObject:
			creq.ResponseFormat = &goopenai.ChatCompletionResponseFormat{Type: goopenai.ChatCompletionResponseFormatTypeJSONObject}
		}
	}
	return creq
}

// projected is a schema as sent: the strict projection and whether strict mode applies.
type projected struct {
	schema rawSchema
	strict bool
}

// projection returns the projection of a schema for json_schema, cached.
func (c *Client) projection(schema json.RawMessage) projected {
	key := string(schema)
	if v, ok := c.projections.Load(key); ok {
		return v.(projected)
	}
	p := projected{schema: rawSchema(llm.StrictProjection(schema)), strict: llm.StrictCompatible(schema)}
	c.projections.Store(key, p)
	return p
}

// reasoningModel reports OpenAI models that only accept the default temperature.
func reasoningModel(model string) bool {
	m := strings.ToLower(model)
	if i := strings.LastIndexByte(m, '/'); i >= 0 {
		m = m[i+1:]
	}
	for _, p := range []string{"o1", "o3", "o4", "gpt-5"} {
		if strings.HasPrefix(m, p) {
			return true
		}
	}
	return false
}

// toResponse reads the answer text from whichever shape the server used.
func (c *Client) toResponse(resp goopenai.ChatCompletionResponse, cp *capture, model string, format Format) (llm.Response, error) {
	out := llm.Response{
		Model: cmp.Or(resp.Model, model), Raw: llm.Redact(string(cp.body), c.cfg.APIKey),
		InputTokens: resp.Usage.PromptTokens, OutputTokens: resp.Usage.CompletionTokens,
	}
	if d := resp.Usage.PromptTokensDetails; d != nil {
		out.CachedTokens = d.CachedTokens
	}
	if format != FormatJSONSchema {
		out.Notes = "server rejected response_format json_schema; used " + format.String()
	}
	out.CostUSD = reportedCost(cp.body)
	if out.CostUSD == 0 {
		out.CostUSD = llm.EstimateCost(out.Model, out.InputTokens, out.OutputTokens)
	}
	if len(resp.Choices) == 0 {
		return out, &llm.Error{Kind: llm.KindInvalidOutput, Provider: c.cfg.Provider, Model: model, Message: "the answer has no choices"}
	}
	msg := resp.Choices[0].Message
	if msg.Refusal != "" {
		return out, &llm.Error{Kind: llm.KindInvalidOutput, Provider: c.cfg.Provider, Model: model, Message: "the model refused: " + msg.Refusal}
	}
	text := msg.Content
	if strings.TrimSpace(text) == "" {
		for _, part := range msg.MultiContent {
			text += part.Text
		}
	}
	if strings.TrimSpace(text) == "" {
		switch {
		case len(msg.ToolCalls) > 0:
			text = msg.ToolCalls[0].Function.Arguments
		case msg.FunctionCall != nil:
			text = msg.FunctionCall.Arguments
		}
	}
	out.Text = llm.Redact(llm.StripThink(text), c.cfg.APIKey)
	if resp.Choices[0].FinishReason == goopenai.FinishReasonLength {
		// Reasoning tokens count toward the cap, so a reasoning model can be cut before it
		// writes any answer; Generate retries once with more room and never repairs it.
		out.Truncated = true
		out.Notes = strings.TrimSpace(out.Notes + "; answer cut off (finish_reason length)")
		out.Notes = strings.TrimPrefix(out.Notes, "; ")
	}
	return out, nil
}

// classify maps a go-openai error (or a transport error) onto a typed error.
func (c *Client) classify(ctx context.Context, err error, cp *capture, model string) *llm.Error {
	var apiErr *goopenai.APIError
	var reqErr *goopenai.RequestError
	var le *llm.Error
	switch {
	case errors.Is(err, llm.ErrCutOff):
		le = llm.NetworkError(ctx, err, c.cfg.Provider, model, c.cfg.BaseURL)
	case errors.As(err, &apiErr):
		code := ""
		if apiErr.Code != nil {
			code = fmt.Sprint(apiErr.Code)
		}
		status, msg := apiErr.HTTPStatusCode, apiErr.Message
		if status == 0 {
			status = cp.status
		}
		if msg == "" {
			msg, code, _ = bodyMessage(cp.body)
		}
		le = llm.StatusError(c.cfg.Provider, model, status, code, apiErr.Type, msg, cp.header)
		if status == http.StatusServiceUnavailable && le.RetryAfter == 0 {
			le.RetryAfter = estimatedTime(cp.body)
		}
		modelUnsupported(le)
	case errors.As(err, &reqErr):
		msg, code, typ := bodyMessage(reqErr.Body)
		le = llm.StatusError(c.cfg.Provider, model, reqErr.HTTPStatusCode, code, typ, msg, cp.header)
		if reqErr.HTTPStatusCode == http.StatusServiceUnavailable && le.RetryAfter == 0 {
			le.RetryAfter = estimatedTime(reqErr.Body)
		}
		modelUnsupported(le)
	case cp.status == 0 && !isTransport(err):
		// Refused by go-openai before sending (its model/parameter checks).
		le = &llm.Error{Kind: llm.KindBadRequest, Provider: c.cfg.Provider, Model: model, Message: "request not sent: " + err.Error(), Err: err}
		if ce := llm.ContextError(ctx, c.cfg.Provider, model); ce != nil {
			le = ce
		}
	case cp.status == 0:
		le = llm.NetworkError(ctx, err, c.cfg.Provider, model, c.cfg.BaseURL)
	default:
		// A 2xx whose body go-openai could not decode (an HTML page from a proxy, a truncated body).
		le = &llm.Error{Kind: llm.KindInvalidOutput, Provider: c.cfg.Provider, Model: model, Status: cp.status,
			Message: "the server's answer could not be read: " + err.Error(), Err: err}
		if f := llm.BodyFault(c.cfg.Provider, model, cp.status, cp.header.Get("Content-Type"), cp.body); f != nil {
			le = f
		}
		if ce := llm.ContextError(ctx, c.cfg.Provider, model); ce != nil {
			le = ce
		}
	}
	le.Message = llm.Redact(le.Message, c.cfg.APIKey)
	if le.Err != nil && llm.Redact(le.Err.Error(), c.cfg.APIKey) != le.Err.Error() {
		le.Err = errors.New(llm.Redact(le.Err.Error(), c.cfg.APIKey))
	}
	return le
}

// modelUnsupported retypes a 400 that is about the model rather than the request (the
// Hugging Face router's usual per-model failure, "The requested model 'x' is not supported
// by any provider you have enabled", or "model_not_supported"), so the model chain moves on.
func modelUnsupported(le *llm.Error) {
	if le.Kind != llm.KindBadRequest {
		return
	}
	m := strings.ToLower(le.Message)
	if strings.Contains(m, "model_not_supported") || strings.Contains(m, "not supported by any provider") ||
		(strings.Contains(m, "model") && (strings.Contains(m, "is not supported") || strings.Contains(m, "not a chat model") || strings.Contains(m, "does not exist"))) {
		le.Kind = llm.KindModelNotFound
	}
}

// isTransport reports an error from the HTTP round trip itself (dial, TLS, timeout).
func isTransport(err error) bool {
	var ue *url.Error
	var ne net.Error
	return errors.As(err, &ue) || errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// ListModels returns the ids served at GET {base}/models.
func (c *Client) ListModels(ctx context.Context) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	cp := &capture{}
	list, err := c.api.ListModels(context.WithValue(ctx, captureKey{}, cp))
	if err != nil {
		return nil, c.classify(ctx, err, cp, "")
	}
	out := make([]string, 0, len(list.Models))
	for _, m := range list.Models {
		out = append(out, m.ID)
	}
	return out, nil
}

// mentionsResponseFormat reports a 400 about response_format / json_schema, the sign that
// a compatible server does not support structured output.
func mentionsResponseFormat(msg string) bool {
	m := strings.ToLower(msg)
	for _, w := range []string{"response_format", "json_schema", "response format", "json schema", "json_object", "structured output", "grammar"} {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// bodyMessage reads the message of an error body go-openai could not decode: the HF shape
// {"error": "text"}, an OpenAI-like {"error": {...}}, or plain text.
func bodyMessage(body []byte) (msg, code, typ string) {
	var generic struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  any             `json:"detail"`
	}
	if json.Unmarshal(body, &generic) == nil {
		var s string
		if json.Unmarshal(generic.Error, &s) == nil && s != "" {
			return s, "", ""
		}
		var obj struct {
			Message string `json:"message"`
			Type    string `json:"type"`
			Code    any    `json:"code"`
		}
		if json.Unmarshal(generic.Error, &obj) == nil && obj.Message != "" {
			c := ""
			if obj.Code != nil {
				c = fmt.Sprint(obj.Code)
			}
			return obj.Message, c, obj.Type
		}
		if generic.Message != "" {
			return generic.Message, "", ""
		}
		if generic.Detail != nil {
			return fmt.Sprint(generic.Detail), "", ""
		}
	}
	text := strings.TrimSpace(string(body))
	if strings.HasPrefix(strings.ToLower(text), "<!doctype") || strings.HasPrefix(strings.ToLower(text), "<html") {
		return "the server answered with an HTML page", "", ""
	}
	if len(text) > 300 {
		text = text[:300] + "…"
	}
	return text, "", ""
}

// estimatedTime reads HF's {"estimated_time": 20.0} from a 503 "model is loading" body.
func estimatedTime(body []byte) time.Duration {
	var v struct {
		EstimatedTime float64 `json:"estimated_time"`
	}
	if json.Unmarshal(body, &v) == nil && v.EstimatedTime > 0 {
		return time.Duration(v.EstimatedTime * float64(time.Second))
	}
	return 0
}

// reportedCost reads usage.cost, which OpenRouter reports in USD.
func reportedCost(body []byte) float64 {
	var v struct {
		Usage struct {
			Cost float64 `json:"cost"`
		} `json:"usage"`
	}
	if json.Unmarshal(body, &v) == nil {
		return v.Usage.Cost
	}
	return 0
}

// rawSchema lets go-openai embed the schema bytes as they are.
type rawSchema json.RawMessage

func (r rawSchema) MarshalJSON() ([]byte, error) { return json.RawMessage(r), nil }

// capture receives the status, headers and body of the response of one request, because
// go-openai exposes neither Retry-After nor the raw body the audit log needs.
type capture struct {
	status int
	header http.Header
	body   []byte
}

type captureKey struct{}

// doer wraps the caller's *http.Client: it sets the User-Agent, drops an empty bearer
// token, and tees the response into the request's capture.
type doer struct {
	hc  *http.Client
	key string
}

func (d *doer) Do(req *http.Request) (*http.Response, error) {
	req.Header.Set("User-Agent", llm.UserAgent)
	if d.key == "" {
		req.Header.Del("Authorization")
	}
	resp, err := d.hc.Do(req)
	if err != nil {
		return nil, err
	}
	cp, ok := req.Context().Value(captureKey{}).(*capture)
	if !ok {
		return resp, nil
	}
	body, rerr := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	resp.Body.Close()
	if rerr != nil {
		cp.status, cp.header = resp.StatusCode, resp.Header
		return nil, fmt.Errorf("%w: %w", llm.ErrCutOff, rerr)
	}
	cp.status, cp.header, cp.body = resp.StatusCode, resp.Header, body
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
}

// stream performs the request streamed (with usage in the last chunk) and folds the chunks
// into the response a non-streamed call returns; cp receives the folded body for the audit,
// so the stored exchange is the same either way.
func (c *Client) stream(ctx context.Context, creq goopenai.ChatCompletionRequest, model string, cp *capture) (goopenai.ChatCompletionResponse, error) {
	creq.Stream = true
	creq.StreamOptions = &goopenai.StreamOptions{IncludeUsage: true}
	prog := llm.StartProgress(ctx, c.cfg.Provider, model)
	st, err := c.api.CreateChatCompletionStream(ctx, creq)
	if err != nil {
		return goopenai.ChatCompletionResponse{}, err
	}
	defer st.Close()
	out := goopenai.ChatCompletionResponse{Object: "chat.completion", Model: model}
	var content, reasoning strings.Builder
	var finish goopenai.FinishReason
	var refusal string
	var tools []goopenai.ToolCall
	for {
		chunk, err := st.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if !isTransport(err) && ctx.Err() == nil {
				err = fmt.Errorf("%w: %w", llm.ErrCutOff, err)
			}
			return out, err
		}
		if chunk.ID != "" {
			out.ID, out.Created = chunk.ID, chunk.Created
		}
		if chunk.Model != "" {
			out.Model = chunk.Model
		}
		if chunk.Usage != nil {
			out.Usage = *chunk.Usage
		}
		for _, ch := range chunk.Choices {
			if ch.Index != 0 {
				continue
			}
			content.WriteString(ch.Delta.Content)
			reasoning.WriteString(ch.Delta.ReasoningContent)
			refusal += ch.Delta.Refusal
			for _, tc := range ch.Delta.ToolCalls {
				i := 0
				if tc.Index != nil {
					i = *tc.Index
				}
				for len(tools) <= i {
					tools = append(tools, goopenai.ToolCall{Type: goopenai.ToolTypeFunction})
				}
				if tc.ID != "" {
					tools[i].ID = tc.ID
				}
				tools[i].Function.Name += tc.Function.Name
				tools[i].Function.Arguments += tc.Function.Arguments
			}
			if ch.FinishReason != "" {
				finish = ch.FinishReason
			}
			prog.Add(ch.Delta.ReasoningContent+ch.Delta.Content, 0)
		}
	}
	msg := goopenai.ChatCompletionMessage{Role: goopenai.ChatMessageRoleAssistant, Content: content.String(), Refusal: refusal,
		ReasoningContent: reasoning.String(), ToolCalls: tools}
	out.Choices = []goopenai.ChatCompletionChoice{{Index: 0, Message: msg, FinishReason: finish}}
	prog.Finish(out.Usage.CompletionTokens)
	body, _ := json.Marshal(out)
	cp.status, cp.body = http.StatusOK, body
	return out, nil
}

// streamRejected reports a 400 about streaming or stream_options.
func streamRejected(err error) bool {
	var apiErr *goopenai.APIError
	var reqErr *goopenai.RequestError
	msg := ""
	switch {
	case errors.As(err, &apiErr) && apiErr.HTTPStatusCode == http.StatusBadRequest:
		msg = apiErr.Message
	case errors.As(err, &reqErr) && reqErr.HTTPStatusCode == http.StatusBadRequest:
		msg = string(reqErr.Body)
	default:
		return false
	}
	m := strings.ToLower(msg)
	return strings.Contains(m, "stream")
}
