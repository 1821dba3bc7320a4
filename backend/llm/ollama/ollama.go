// Package ollama is the local Ollama provider over its native API: /api/chat with
// format = the JSON schema (Ollama constrains decoding to it), stream:false and
// options.temperature; models are listed from /api/tags. A missing model is reported as
// "model X not found — run `ollama pull X`" and a server that is not running as "Ollama is
// not answering at HOST", so a local user knows what to do.
//
// Ollama's default context is small (4k tokens below 24 GiB of VRAM) and it silently
// drops the head of an over-long prompt while still answering 200; so every request sends
// options.num_ctx sized to the prompt and the answer cap — never more than the model's own
// context, read once per model from /api/show; a prompt that cannot fit it is refused before
// it is sent — and an answer whose prompt_eval_count + eval_count filled that context is
// treated as cut. Models whose name
// ends in "-cloud" run on Ollama's cloud through the local server, and a host that is not
// this machine is remote: both are labelled as leaving the machine (Info.Local false).
package ollama

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/ctxtime"
	"deepcritical/backend/llm"
)

// Defaults. Local models are slow on laptops, hence the long timeout.
const (
	DefaultHost    = "http://127.0.0.1:11434"
	DefaultTimeout = 5 * time.Minute
	// DefaultNumPredict is the answer room counted into num_ctx when the request sets no
	// cap; reasoning models spend part of it thinking.
	DefaultNumPredict = 4096
	// minNumCtx is the smallest context asked for (Ollama's own default).
	minNumCtx = 4096
	// maxNumCtx bounds the context asked for; larger prompts are the packer's job.
	maxNumCtx = 131072
)

// IsCloudModel reports Ollama cloud models ("gpt-oss:120b-cloud", "qwen3-coder:480b-cloud"),
// which the local server forwards to ollama.com.
func IsCloudModel(model string) bool {
	m := strings.ToLower(strings.TrimSpace(model))
	return strings.HasSuffix(m, "-cloud") || strings.HasSuffix(m, ":cloud")
}

// NumCtx is the context to ask for: the prompt's estimated tokens (characters/3, on the
// generous side of the usual 3.5-4 characters per token) plus the answer room, rounded up
// to a multiple of 2048, within [4096, 131072].
func NumCtx(promptChars, numPredict int) int {
	if numPredict <= 0 {
		numPredict = DefaultNumPredict
	}
	n := (promptChars+2)/3 + numPredict + 256
	n = (n + 2047) / 2048 * 2048
	return min(max(n, minNumCtx), maxNumCtx)
}

// Config configures the client.
type Config struct {
	// Host is OLLAMA_HOST: a URL, or host[:port] as the Ollama CLI accepts it.
	Host  string
	Model string
	llm.HTTP
}

// Client is an Ollama client, safe for concurrent use.
type Client struct {
	cfg  Config
	host string

	// contexts caches each model's context length from /api/show, asked once per model.
	contexts singleflight.Group
	ctxMu    sync.Mutex
	ctxKnown map[string]modelContext
}

// modelContext is what /api/show told about a model's context window: Length 0 when it
// could not tell, with Note saying why (it goes into the call's record).
type modelContext struct {
	Length int
	Note   string
}

// New normalises the host and builds a client. The model may be empty for ListModels.
func New(cfg Config) (*Client, error) {
	host, err := NormalizeHost(cfg.Host)
	if err != nil {
		return nil, err
	}
	cfg.HTTP = cfg.HTTP.WithDefaults(DefaultTimeout)
	return &Client{cfg: cfg, host: host, ctxKnown: map[string]modelContext{}}, nil
}

// NormalizeHost turns OLLAMA_HOST forms ("", "localhost", "0.0.0.0:11434",
// "http://box:8080/") into a base URL; a bind-all address means this machine. The
// credentials of a proxy in front of Ollama ("http://user:password@box") are kept, since the
// HTTP client sends them with each request; a message shows the host through
// domain.RedactURLs.
func NormalizeHost(h string) (string, error) {
	h = strings.TrimSpace(h)
	if h == "" {
		return DefaultHost, nil
	}
	if !strings.Contains(h, "://") {
		h = "http://" + h
	}
	u, err := url.Parse(h)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", domain.Errorf(domain.CodeInvalid, "OLLAMA_HOST %q is not a valid host or URL", domain.RedactURLs(h))
	}
	hostname, port := u.Hostname(), u.Port()
	if hostname == "0.0.0.0" || hostname == "::" {
		hostname = "127.0.0.1"
	}
	if port == "" {
		port = "11434"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	u.Host = hostname + ":" + port
	if strings.Contains(hostname, ":") {
		u.Host = "[" + hostname + "]:" + port
	}
	auth := ""
	if u.User != nil {
		auth = u.User.String() + "@"
	}
	return strings.TrimRight(u.Scheme+"://"+auth+u.Host+u.Path, "/"), nil
}

// Info describes the backend; Local is true when the host is this machine.
func (c *Client) Info() llm.Info {
	return llm.Info{Provider: domain.ProviderOllama, Model: c.cfg.Model, Models: []string{c.cfg.Model},
		Local: llm.IsLoopback(c.host) && !IsCloudModel(c.cfg.Model), BaseURL: domain.RedactURLs(c.host)}
}

type chatMessage struct {
	Role     string `json:"role"`
	Content  string `json:"content"`
	Thinking string `json:"thinking,omitempty"`
}

type chatRequest struct {
	Model    string          `json:"model"`
	Messages []chatMessage   `json:"messages"`
	Stream   bool            `json:"stream"`
	Format   json.RawMessage `json:"format,omitempty"`
	Options  map[string]any  `json:"options,omitempty"`
}

type chatResponse struct {
	Model           string      `json:"model"`
	Message         chatMessage `json:"message"`
	Done            bool        `json:"done"`
	DoneReason      string      `json:"done_reason,omitempty"`
	PromptEvalCount int         `json:"prompt_eval_count,omitempty"`
	EvalCount       int         `json:"eval_count,omitempty"`
	Error           string      `json:"error,omitempty"`
}

// Complete sends one /api/chat request.
func (c *Client) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	model := req.ModelOr(c.cfg.Model)
	if model == "" {
		return llm.Response{}, &llm.Error{Kind: llm.KindBadRequest, Provider: domain.ProviderOllama, Message: "no Ollama model chosen: pick one of `ollama list` with --model"}
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	body := chatRequest{Model: model, Stream: false, Options: map[string]any{"temperature": req.Temperature}}
	if req.MaxTokens > 0 {
		body.Options["num_predict"] = req.MaxTokens
	}
	chars := 0
	if req.System != "" {
		body.Messages = append(body.Messages, chatMessage{Role: "system", Content: req.System})
		chars += len(req.System)
	}
	for _, m := range req.Messages {
		body.Messages = append(body.Messages, chatMessage{Role: m.Role, Content: m.Content})
		chars += len(m.Content)
	}
	if req.Schema != nil {
		chars += len(req.Schema.JSON) // the grammar is not in the prompt, but models echo its shape
	}
	numCtx := NumCtx(chars, req.MaxTokens)
	mc := c.modelContext(ctx, model)
	if mc.Length > 0 {
		// Even counted at 4 characters a token (the optimistic end), a prompt as long as the
		// whole context cannot fit: say so now instead of sending it to be cut. A prompt that
		// fits but leaves little room is sent; a cut answer is caught below.
		if need := (chars + 3) / 4; need >= mc.Length {
			return llm.Response{}, &llm.Error{Kind: llm.KindBadRequest, Provider: domain.ProviderOllama, Model: model,
				Message: fmt.Sprintf("the prompt (about %d tokens) does not fit %s's context of %d tokens: use a model with a larger context or lower appraisal.token_budget", need, model, mc.Length)}
		}
		numCtx = min(numCtx, mc.Length)
	}
	body.Options["num_ctx"] = numCtx
	if req.Schema != nil {
		body.Format = req.Schema.JSON
	}
	start := time.Now()
	for retry := 0; ; retry++ {
		var res llm.HTTPResult
		var err error
		if llm.Streaming(ctx) {
			body.Stream = true
			st := &ndjsonAnswer{progress: llm.StartProgress(ctx, domain.ProviderOllama, model)}
			res, err = llm.DoStream(ctx, c.cfg.HTTPClient, c.host+"/api/chat", nil, body, st.line)
			if err == nil && res.Status/100 == 2 && st.final != nil {
				// Folded into the object a non-streamed call returns: same parse, same record.
				res.Body = st.folded()
				st.progress.Finish(st.final.EvalCount)
			}
		} else {
			res, err = llm.DoJSON(ctx, c.cfg.HTTPClient, http.MethodPost, c.host+"/api/chat", nil, body)
		}
		if err != nil {
			return llm.Response{Latency: time.Since(start)}, llm.NetworkError(ctx, err, domain.ProviderOllama, model, c.host)
		}
		if res.Status/100 == 2 {
			if f := llm.BodyFault(domain.ProviderOllama, model, res.Status, res.Header.Get("Content-Type"), res.Body); f != nil {
				return llm.Response{Raw: string(res.Body), Latency: time.Since(start)}, f
			}
			out, err := parseChat(res.Body, model)
			out.Raw, out.Latency = string(res.Body), time.Since(start)
			if mc.Note != "" {
				out.Notes = joinNotes(out.Notes, mc.Note)
			}
			if err == nil && out.InputTokens > 0 && out.InputTokens+out.OutputTokens >= numCtx {
				// Ollama keeps the tail of a prompt that does not fit and still answers 200.
				return out, &llm.Error{Kind: llm.KindTruncated, Provider: domain.ProviderOllama, Model: model,
					Message: fmt.Sprintf("Ollama filled its %d-token context (prompt_eval_count %d + eval_count %d): the prompt or the answer was cut; use a model with a larger context or a smaller token budget", numCtx, out.InputTokens, out.OutputTokens)}
			}
			return out, err
		}
		le := c.statusError(res, model)
		if le.Retryable() && retry < c.cfg.Backoff.Retries {
			if wait, ok := c.cfg.Backoff.Wait(retry, le.RetryAfter); ok {
				if serr := ctxtime.Sleep(ctx, wait); serr != nil {
					return llm.Response{Latency: time.Since(start)}, llm.FromContext(serr, domain.ProviderOllama, model)
				}
				continue
			}
		}
		return llm.Response{Raw: string(res.Body), Latency: time.Since(start)}, le
	}
}

// parseChat reads a non-streamed answer, and also an NDJSON stream (servers that ignore
// stream:false, or proxies): the content pieces are concatenated.
func parseChat(body []byte, model string) (llm.Response, error) {
	out := llm.Response{Model: model}
	var text strings.Builder
	lines := 0
	// A decoder reads a sequence of JSON values, so one pretty-printed object and an
	// NDJSON stream are handled alike.
	dec := json.NewDecoder(bytes.NewReader(body))
	for {
		var r chatResponse
		if err := dec.Decode(&r); err == io.EOF {
			break
		} else if err != nil {
			return out, &llm.Error{Kind: llm.KindInvalidOutput, Provider: domain.ProviderOllama, Model: model, Message: "Ollama's answer could not be read: " + err.Error(), Err: err}
		}
		if r.Error != "" {
			return out, &llm.Error{Kind: llm.KindUnavailable, Provider: domain.ProviderOllama, Model: model, Message: "Ollama: " + r.Error}
		}
		lines++
		text.WriteString(r.Message.Content)
		if r.Model != "" {
			out.Model = r.Model
		}
		if r.Done {
			out.InputTokens, out.OutputTokens = r.PromptEvalCount, r.EvalCount
			if r.DoneReason == "length" {
				out.Truncated = true
				out.Notes = "answer cut off (done_reason length)"
			}
		}
	}
	if lines == 0 {
		return out, &llm.Error{Kind: llm.KindInvalidOutput, Provider: domain.ProviderOllama, Model: model, Message: "Ollama sent an empty answer"}
	}
	out.Text = llm.StripThink(text.String())
	return out, nil
}

// statusError maps Ollama's {"error": "..."} answers.
func (c *Client) statusError(res llm.HTTPResult, model string) *llm.Error {
	var eb struct {
		Error string `json:"error"`
	}
	msg := strings.TrimSpace(string(res.Body))
	if json.Unmarshal(res.Body, &eb) == nil && eb.Error != "" {
		msg = eb.Error
	}
	if len(msg) > 300 {
		msg = msg[:300] + "…"
	}
	lower := strings.ToLower(msg)
	if res.Status == http.StatusNotFound || (strings.Contains(lower, "model") && strings.Contains(lower, "not found")) {
		return &llm.Error{Kind: llm.KindModelNotFound, Provider: domain.ProviderOllama, Model: model, Status: res.Status,
			Message: "model " + model + " not found — run `ollama pull " + model + "`"}
	}
	return llm.StatusError(domain.ProviderOllama, model, res.Status, "", "", msg, res.Header)
}

// ContextLength is the model's context window as Ollama reports it (/api/show), or 0 with
// the reason when it cannot tell; asked once per model and client.
func (c *Client) ContextLength(ctx context.Context, model string) (int, string) {
	mc := c.modelContext(ctx, model)
	return mc.Length, mc.Note
}

func (c *Client) modelContext(ctx context.Context, model string) modelContext {
	c.ctxMu.Lock()
	mc, ok := c.ctxKnown[model]
	c.ctxMu.Unlock()
	if ok {
		return mc
	}
	v, _, _ := c.contexts.Do(model, func() (any, error) {
		mc, keep := c.showContext(ctx, model)
		if keep {
			c.ctxMu.Lock()
			c.ctxKnown[model] = mc
			c.ctxMu.Unlock()
		}
		return mc, nil
	})
	return v.(modelContext)
}

// showContext asks /api/show for the model's context length: model_info's
// "<general.architecture>.context_length". keep is false when the answer should not be
// remembered (the server did not answer; a later call may reach it).
func (c *Client) showContext(ctx context.Context, model string) (mc modelContext, keep bool) {
	ctx, cancel := context.WithTimeout(ctx, min(c.cfg.Timeout, 30*time.Second))
	defer cancel()
	res, err := llm.DoJSON(ctx, c.cfg.HTTPClient, http.MethodPost, c.host+"/api/show", nil, map[string]any{"model": model})
	if err != nil {
		return modelContext{Note: "Ollama's /api/show did not answer, so num_ctx was sized from the prompt alone"}, false
	}
	switch {
	case res.Status == http.StatusNotFound:
		// An unknown model (the chat call says so) or a server without /api/show.
		return modelContext{Note: "Ollama's /api/show does not know " + model + ", so num_ctx was sized from the prompt alone"}, true
	case res.Status/100 != 2:
		return modelContext{Note: fmt.Sprintf("Ollama's /api/show answered %d, so num_ctx was sized from the prompt alone", res.Status)}, false
	}
	var show struct {
		ModelInfo map[string]json.RawMessage `json:"model_info"`
	}
	if err := json.Unmarshal(res.Body, &show); err != nil {
		return modelContext{Note: "Ollama's /api/show answer could not be read (" + err.Error() + "), so num_ctx was sized from the prompt alone"}, true
	}
	var arch string
	_ = json.Unmarshal(show.ModelInfo["general.architecture"], &arch)
	var n float64
	if arch == "" || json.Unmarshal(show.ModelInfo[arch+".context_length"], &n) != nil || n < 1 {
		return modelContext{Note: "Ollama's /api/show gives no context length for " + model + ", so num_ctx was sized from the prompt alone"}, true
	}
	return modelContext{Length: int(n)}, true
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// ListModels returns the installed models from /api/tags.
func (c *Client) ListModels(ctx context.Context) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, min(c.cfg.Timeout, 30*time.Second))
	defer cancel()
	res, err := llm.DoJSON(ctx, c.cfg.HTTPClient, http.MethodGet, c.host+"/api/tags", nil, nil)
	if err != nil {
		return nil, llm.NetworkError(ctx, err, domain.ProviderOllama, "", c.host)
	}
	if res.Status/100 != 2 {
		return nil, llm.StatusError(domain.ProviderOllama, "", res.Status, "", "", strings.TrimSpace(string(res.Body)), res.Header)
	}
	var tags struct {
		Models []struct {
			Name  string `json:"name"`
			Model string `json:"model"`
		} `json:"models"`
	}
	if err := json.Unmarshal(res.Body, &tags); err != nil {
		return nil, &llm.Error{Kind: llm.KindInvalidOutput, Provider: domain.ProviderOllama, Message: "Ollama's model list could not be read: " + err.Error(), Err: err}
	}
	out := make([]string, 0, len(tags.Models))
	for _, m := range tags.Models {
		if m.Name != "" {
			out = append(out, m.Name)
		} else if m.Model != "" {
			out = append(out, m.Model)
		}
	}
	return out, nil
}

// ndjsonAnswer collects a streamed /api/chat answer: one JSON object per line, the last
// with done true and the counts.
type ndjsonAnswer struct {
	progress *llm.Progress
	content  strings.Builder
	thinking strings.Builder
	final    *chatResponse
}

func (a *ndjsonAnswer) line(l []byte) {
	var r chatResponse
	if len(bytes.TrimSpace(l)) == 0 || json.Unmarshal(l, &r) != nil {
		return
	}
	if r.Error != "" {
		a.final = &r
		return
	}
	a.content.WriteString(r.Message.Content)
	a.thinking.WriteString(r.Message.Thinking)
	a.progress.Add(r.Message.Thinking+r.Message.Content, 0)
	if r.Done {
		a.final = &r
	}
}

func (a *ndjsonAnswer) folded() []byte {
	f := *a.final
	if f.Error == "" {
		f.Message.Role = "assistant"
		f.Message.Content, f.Message.Thinking = a.content.String(), a.thinking.String()
	}
	b, _ := json.Marshal(f)
	return b
}

// HasModel says whether a model list (/api/tags, the models pulled on that machine) holds
// model; a name without a tag is ":latest", as Ollama reads it.
func HasModel(models []string, model string) bool {
	tagged := func(m string) string {
		if !strings.Contains(m, ":") {
			return m + ":latest"
		}
		return m
	}
	return slices.ContainsFunc(models, func(m string) bool { return tagged(m) == tagged(model) })
}
