// Package messages is a strict local stand-in for the Anthropic Messages API
// (POST /v1/messages), good enough for the real `claude` CLI and for DeepCritical's own
// anthropic provider. It is as strict as the real service where it matters for tests: the
// body is decoded with unknown fields rejected, the model must be one the server lists,
// max_tokens is required, roles must alternate starting with user, the prompt must fit the
// model's context, and errors have Anthropic's shape ({"type":"error","error":{…}}). It
// answers non-streamed and streamed (server-sent events) requests, honours forced tool use
// and output_config.format, and reports prompt-cache usage: the text up to the last
// cache_control marker is "written" the first time it is seen and "read" afterwards.
package messages

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultModels are the model ids the fake serves (current Claude models and their aliases).
var DefaultModels = []string{
	"claude-opus-4-5", "claude-opus-4-1", "claude-sonnet-4-5", "claude-sonnet-4-0", "claude-haiku-4-5",
	"claude-3-7-sonnet-latest", "claude-3-5-haiku-latest",
}

// ContextTokens is the context window the fake enforces (Claude's 200k).
const ContextTokens = 200_000

// Reply is what the fake model says: the answer text (JSON for structured requests) and
// how the turn ended ("" = end_turn or tool_use; "max_tokens", "refusal").
type Reply struct {
	Text       string
	StopReason string
}

// Responder decides the reply for a request; prompt is the system and user text joined,
// schema the requested output schema (forced tool or output_config.format), or nil.
type Responder func(prompt string, schema json.RawMessage) Reply

// Server is the fake. Its zero value is not usable; call New.
type Server struct {
	Models  []string
	Answer  Responder
	Latency time.Duration
	// Status, when non-zero, makes every request fail with that HTTP status (fault tests).
	Status int
	// Hang makes every request wait until the client gives up.
	Hang bool

	requests atomic.Int64
	mu       sync.Mutex
	cached   map[string]bool
	bodies   []string
}

// New returns a fake answering with answer.
func New(answer Responder) *Server {
	return &Server{Models: DefaultModels, Answer: answer, cached: map[string]bool{}}
}

// Requests is how many requests reached the server.
func (s *Server) Requests() int { return int(s.requests.Load()) }

// Bodies returns the request bodies received, in order.
func (s *Server) Bodies() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.bodies...)
}

type block struct {
	Type         string          `json:"type"`
	Text         string          `json:"text,omitempty"`
	CacheControl json.RawMessage `json:"cache_control,omitempty"`
	// tool_use / tool_result blocks in a conversation history
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   json.RawMessage `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
	Signature string          `json:"signature,omitempty"`
	Thinking  string          `json:"thinking,omitempty"`
}

type message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type tool struct {
	Name         string          `json:"name"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"input_schema"`
	CacheControl json.RawMessage `json:"cache_control,omitempty"`
	Type         string          `json:"type,omitempty"`
}

// request lists every top-level field of the documented Messages API (and the beta fields
// the claude CLI sends); anything else is rejected as the real API does.
type request struct {
	Model             string          `json:"model"`
	Messages          []message       `json:"messages"`
	System            json.RawMessage `json:"system,omitempty"`
	MaxTokens         int             `json:"max_tokens"`
	Metadata          json.RawMessage `json:"metadata,omitempty"`
	StopSequences     []string        `json:"stop_sequences,omitempty"`
	Stream            bool            `json:"stream,omitempty"`
	Temperature       *float64        `json:"temperature,omitempty"`
	TopK              *int            `json:"top_k,omitempty"`
	TopP              *float64        `json:"top_p,omitempty"`
	Tools             []tool          `json:"tools,omitempty"`
	ToolChoice        json.RawMessage `json:"tool_choice,omitempty"`
	Thinking          json.RawMessage `json:"thinking,omitempty"`
	ServiceTier       string          `json:"service_tier,omitempty"`
	ContextManagement json.RawMessage `json:"context_management,omitempty"`
	Container         json.RawMessage `json:"container,omitempty"`
	MCPServers        json.RawMessage `json:"mcp_servers,omitempty"`
	OutputConfig      *struct {
		Effort string `json:"effort,omitempty"`
		Format *struct {
			Type   string          `json:"type"`
			Schema json.RawMessage `json:"schema"`
		} `json:"format,omitempty"`
	} `json:"output_config,omitempty"`
}

func apiError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]any{"type": "error", "error": map[string]string{"type": typ, "message": msg}})
	w.Write(b)
}

// texts reads a content field: a string or a list of blocks; marks are the lengths of the
// text up to the end of each block marked cache_control.
func texts(raw json.RawMessage) (all string, marks []int, err error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil, nil
	}
	var blocks []block
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&blocks); err != nil {
		return "", nil, err
	}
	var b strings.Builder
	for _, bl := range blocks {
		switch bl.Type {
		case "text":
			b.WriteString(bl.Text)
		case "tool_use":
			b.Write(bl.Input)
		case "tool_result":
			b.Write(bl.Content)
		case "thinking", "redacted_thinking":
		default:
			return "", nil, fmt.Errorf("unknown content block type %q", bl.Type)
		}
		if len(bl.CacheControl) > 0 {
			marks = append(marks, b.Len())
		}
	}
	return b.String(), marks, nil
}

// ServeHTTP answers POST /v1/messages.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	if r.Method != http.MethodPost {
		apiError(w, http.StatusMethodNotAllowed, "invalid_request_error", "method not allowed")
		return
	}
	if r.Header.Get("x-api-key") == "" && !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
		apiError(w, http.StatusUnauthorized, "authentication_error", "x-api-key header is required")
		return
	}
	if r.Header.Get("anthropic-version") == "" {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "anthropic-version: header is required")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 32<<20))
	if err != nil {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "could not read body")
		return
	}
	s.mu.Lock()
	s.bodies = append(s.bodies, string(body))
	s.mu.Unlock()
	if s.Hang {
		<-r.Context().Done()
		return
	}
	if s.Status != 0 {
		apiError(w, s.Status, map[bool]string{true: "overloaded_error", false: "api_error"}[s.Status == 529], "Internal server error")
		return
	}
	var req request
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "invalid request body: "+err.Error())
		return
	}
	if !s.knows(req.Model) {
		apiError(w, http.StatusNotFound, "not_found_error", "model: "+req.Model)
		return
	}
	if req.MaxTokens <= 0 {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "max_tokens: Field required")
		return
	}
	if len(req.Messages) == 0 {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "messages: at least one message is required")
		return
	}
	var prompt strings.Builder
	// breakpoints are the prompt prefixes ending at a cache_control mark, in order.
	var breakpoints []string
	if len(req.System) > 0 {
		sys, marks, err := texts(req.System)
		if err != nil {
			apiError(w, http.StatusBadRequest, "invalid_request_error", "system: "+err.Error())
			return
		}
		for _, m := range marks {
			breakpoints = append(breakpoints, sys[:m])
		}
		prompt.WriteString(sys + "\n")
	}
	for i, m := range req.Messages {
		want := "user"
		if i%2 == 1 {
			want = "assistant"
		}
		if m.Role != want {
			apiError(w, http.StatusBadRequest, "invalid_request_error", fmt.Sprintf("messages.%d.role: roles must alternate between \"user\" and \"assistant\", starting with \"user\"", i))
			return
		}
		t, marks, err := texts(m.Content)
		if err != nil {
			apiError(w, http.StatusBadRequest, "invalid_request_error", fmt.Sprintf("messages.%d.content: %s", i, err.Error()))
			return
		}
		for _, mk := range marks {
			breakpoints = append(breakpoints, prompt.String()+t[:mk])
		}
		prompt.WriteString(t + "\n")
	}
	inTokens := (prompt.Len() + 3) / 4
	if inTokens+req.MaxTokens > ContextTokens {
		apiError(w, http.StatusBadRequest, "invalid_request_error", fmt.Sprintf("prompt is too long: %d tokens > %d maximum", inTokens+req.MaxTokens, ContextTokens))
		return
	}
	var schema json.RawMessage
	toolName := ""
	if req.OutputConfig != nil && req.OutputConfig.Format != nil {
		if req.OutputConfig.Format.Type != "json_schema" {
			apiError(w, http.StatusBadRequest, "invalid_request_error", "output_config.format.type: must be json_schema")
			return
		}
		schema = req.OutputConfig.Format.Schema
	} else if len(req.Tools) > 0 {
		var tc struct {
			Type string `json:"type"`
			Name string `json:"name"`
		}
		_ = json.Unmarshal(req.ToolChoice, &tc)
		t := req.Tools[0]
		for _, x := range req.Tools {
			if x.Name == tc.Name {
				t = x
			}
		}
		schema, toolName = t.InputSchema, t.Name
	}
	if s.Latency > 0 {
		select {
		case <-time.After(s.Latency):
		case <-r.Context().Done():
			return
		}
	}
	reply := s.Answer(prompt.String(), schema)
	// As the API does: the longest breakpoint prefix already cached is read, the rest up to
	// the last breakpoint is written, and every breakpoint prefix is cached from now on.
	cacheRead, cacheWrite := 0, 0
	if n := len(breakpoints); n > 0 {
		s.mu.Lock()
		for i := n - 1; i >= 0; i-- {
			if s.cached[breakpoints[i]] {
				cacheRead = (len(breakpoints[i]) + 3) / 4
				break
			}
		}
		cacheWrite = max(0, (len(breakpoints[n-1])+3)/4-cacheRead)
		for _, b := range breakpoints {
			s.cached[b] = true
		}
		s.mu.Unlock()
	}
	usage := map[string]int{"input_tokens": inTokens - cacheRead - cacheWrite, "output_tokens": (len(reply.Text) + 3) / 4,
		"cache_read_input_tokens": cacheRead, "cache_creation_input_tokens": cacheWrite}
	stop := reply.StopReason
	var content map[string]any
	if toolName != "" && stop == "" {
		var input any
		if err := json.Unmarshal([]byte(reply.Text), &input); err != nil {
			input = map[string]any{}
		}
		content = map[string]any{"type": "tool_use", "id": "toolu_fake01", "name": toolName, "input": input}
		stop = "tool_use"
	} else {
		content = map[string]any{"type": "text", "text": reply.Text}
		if stop == "" {
			stop = "end_turn"
		}
	}
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": "msg_fake01", "type": "message", "role": "assistant", "model": req.Model,
			"content": []any{content}, "stop_reason": stop, "stop_sequence": nil, "usage": usage})
		return
	}
	s.stream(w, req.Model, content, stop, usage)
}

// stream writes the answer as Messages API server-sent events, the text in small deltas.
func (s *Server) stream(w http.ResponseWriter, model string, content map[string]any, stop string, usage map[string]int) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	fl, _ := w.(http.Flusher)
	ev := func(typ string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, b)
		if fl != nil {
			fl.Flush()
		}
	}
	startUsage := map[string]int{"input_tokens": usage["input_tokens"], "output_tokens": 1,
		"cache_read_input_tokens": usage["cache_read_input_tokens"], "cache_creation_input_tokens": usage["cache_creation_input_tokens"]}
	ev("message_start", map[string]any{"type": "message_start", "message": map[string]any{"id": "msg_fake01", "type": "message",
		"role": "assistant", "model": model, "content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": startUsage}})
	var text, deltaType, field string
	if content["type"] == "tool_use" {
		b, _ := json.Marshal(content["input"])
		text, deltaType, field = string(b), "input_json_delta", "partial_json"
		ev("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": content["id"], "name": content["name"], "input": map[string]any{}}})
	} else {
		text, deltaType, field = content["text"].(string), "text_delta", "text"
		ev("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "text", "text": ""}})
	}
	for len(text) > 0 {
		n := min(len(text), 40)
		ev("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": deltaType, field: text[:n]}})
		text = text[n:]
	}
	ev("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	ev("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]int{"output_tokens": usage["output_tokens"]}})
	ev("message_stop", map[string]any{"type": "message_stop"})
}

func (s *Server) knows(model string) bool {
	for _, m := range s.Models {
		if model == m || strings.HasPrefix(model, m+"-20") {
			return true
		}
	}
	return false
}
