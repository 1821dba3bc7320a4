package llm

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/schemacheck"
)

// DefaultAttempts is how many times Generate asks one model before moving down the chain.
const DefaultAttempts = 3

// maxFeedbackEcho bounds how much of a rejected answer is echoed back to the model.
const maxFeedbackEcho = 4000

// Options tune Generate. Only Validate is usually set; everything else has defaults.
type Options[T any] struct {
	// Validate checks ranges, enums and lengths after decoding; its error text is fed back
	// to the model, so it should say what is wrong in plain words.
	Validate func(*T) error
	// Attempts per model (default DefaultAttempts).
	Attempts int
	// Models is the same-provider fallback chain; empty means just req.Model.
	Models []string
	// Recorder receives every exchange (nil: nothing is recorded).
	Recorder      Recorder
	RunID         string
	Purpose       string
	PromptVersion string
	// Provider labels records and errors.
	Provider domain.Provider
	// Logger receives recorder failures (nil: slog.Default()).
	Logger *slog.Logger
}

// Result describes how an answer was obtained (also returned, filled as far as it got,
// with an error).
type Result struct {
	// Model is the model that produced the answer (or the last one tried).
	Model string `json:"model"`
	// Attempts is the number of calls made to Model.
	Attempts int `json:"attempts"`
	// FallbackFrom lists the models abandoned before Model, in order.
	FallbackFrom []string `json:"fallback_from,omitempty"`
	// Calls is the total number of exchanges over the whole chain.
	Calls int `json:"calls"`
	// Repaired reports the accepted JSON needed repair.
	Repaired bool `json:"repaired,omitempty"`
	// Latency is the wall time of the whole pipeline.
	Latency      time.Duration `json:"latency"`
	InputTokens  int           `json:"input_tokens"`
	OutputTokens int           `json:"output_tokens"`
	CachedTokens int           `json:"cached_tokens,omitempty"`
	CostUSD      float64       `json:"cost_usd"`
	// Truncations counts answers cut at the token limit (each retried once with more room).
	Truncations int `json:"truncations,omitempty"`
}

// TruncationRetryTokens is the token cap of the one retry after an answer was cut at a
// provider's default cap (when the request set none). Reasoning models spend part of the
// cap on hidden reasoning, so the retry gives generous room.
const TruncationRetryTokens = 16384

// moreRoom is the token cap for the retry after a cut answer: twice the cap that cut it.
func moreRoom(cur int) int {
	if cur <= 0 {
		return TruncationRetryTokens
	}
	return max(cur*2, 1024)
}

// Generate runs the structured-output pipeline for one request and returns a decoded,
// validated T. For every model of the chain (opts.Models, else req.Model) it makes up to
// opts.Attempts calls; each answer goes through ExtractJSON, Repair, a schema check and
// decode, and opts.Validate, and the first candidate that passes wins. A rejected answer is
// sent back to the same model with the problems as a new user message. The chain moves to
// the next model when the provider reports an auth-gated (401/403) or unknown model, or
// when the attempts are exhausted; any other provider error (quota, rate limit after the
// provider's own back-off, unavailable, timeout, cancel, bad request) ends the pipeline at
// once, because another model of the same provider would hit the same wall. The provider is
// never switched. The error is always an *Error; invalid output gives Kind invalid_output
// carrying the last problems.
//
// Decoding policy: keys the schema does not define are tolerated and dropped (models often
// add a field; rejecting them would waste an attempt on harmless noise), but every key the
// schema lists as required must be present with the right JSON type, so a missing field is
// never silently decoded as its zero value.
func Generate[T any](ctx context.Context, c Client, req Request, opts Options[T]) (T, Result, error) {
	var zero T
	start := time.Now()
	res := Result{}
	if c == nil {
		return zero, res, &Error{Kind: KindBadRequest, Provider: opts.Provider, Message: "no LLM client configured"}
	}
	attempts := opts.Attempts
	if attempts <= 0 {
		attempts = DefaultAttempts
	}
	models := opts.Models
	if len(models) == 0 {
		models = []string{req.Model}
	}
	var sch *schemacheck.Schema
	if req.Schema != nil && len(req.Schema.JSON) > 0 {
		var err error
		if sch, err = compileAnswerSchema(req.Schema.JSON); err != nil {
			return zero, res, &Error{Kind: KindBadRequest, Provider: opts.Provider, Message: "schema " + req.Schema.Name + " is not usable: " + err.Error(), Err: err}
		}
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.Default()
	}
	if opts.RunID == "" {
		// Appraisal, narrative and verifier calls learn their run from the context.
		opts.RunID = domain.RunIDFrom(ctx)
	}
	ctx = WithCallInfo(ctx, opts.Purpose, opts.Provider, req.Model)

	var lastErr *Error
	for mi, model := range models {
		if mi > 0 {
			res.FallbackFrom = append(res.FallbackFrom, models[mi-1])
		}
		res.Model = model
		res.Attempts = 0
		conv := req
		conv.Model = model
		conv.Messages = append([]Message(nil), req.Messages...)
		for a := 1; a <= attempts; a++ {
			if cerr := ContextError(ctx, opts.Provider, model); cerr != nil {
				res.Latency = time.Since(start)
				return zero, res, cerr
			}
			res.Attempts = a
			res.Calls++
			resp, err := c.Complete(ctx, conv)
			if model == "" && resp.Model != "" {
				res.Model = resp.Model
			}
			res.InputTokens += resp.InputTokens
			res.OutputTokens += resp.OutputTokens
			res.CachedTokens += resp.CachedTokens
			res.CostUSD += resp.CostUSD
			rec := CallRecord{
				RunID: opts.RunID, Purpose: opts.Purpose, Provider: opts.Provider, Model: cmp.Or(resp.Model, model),
				PromptVersion: opts.PromptVersion, Response: cmp.Or(resp.Raw, resp.Text),
				Latency: resp.Latency, InputTokens: resp.InputTokens, OutputTokens: resp.OutputTokens, CachedTokens: resp.CachedTokens,
				CostUSD: resp.CostUSD, Attempt: a, Notes: resp.Notes,
			}
			if opts.Recorder != nil {
				rec.Request = requestJSON(conv)
			}
			if err != nil {
				le := asError(err, opts.Provider, model)
				rec.Error = le.Error()
				record(ctx, opts.Recorder, rec, logger)
				lastErr = le
				if le.Fallback() && mi < len(models)-1 {
					break
				}
				res.Latency = time.Since(start)
				return zero, res, le
			}
			if resp.Truncated {
				// A cut answer is never repaired into a verdict: what is missing is unknown.
				// It is asked again once with twice the room; a second cut is an error the
				// judge turns into a visible FALLBACK.
				res.Truncations++
				limit := conv.MaxTokens
				rec.Error = fmt.Sprintf("answer cut off at the token limit (max tokens %s)", capText(limit))
				record(ctx, opts.Recorder, rec, logger)
				if res.Truncations > 1 {
					res.Latency = time.Since(start)
					return zero, res, &Error{Kind: KindTruncated, Provider: opts.Provider, Model: model,
						Message: fmt.Sprintf("the answer was cut off at the token limit twice (max tokens %s, then %s)", capText(req.MaxTokens), capText(limit))}
				}
				conv.MaxTokens = moreRoom(limit)
				a-- // the retry with more room does not use up an attempt
				continue
			}
			v, parsed, repaired, problem := decodeAnswer(resp.Text, sch, opts.Validate)
			if problem == "" {
				rec.Parsed = parsed
				record(ctx, opts.Recorder, rec, logger)
				res.Repaired = repaired
				res.Latency = time.Since(start)
				return v, res, nil
			}
			rec.Error = "invalid output: " + problem
			record(ctx, opts.Recorder, rec, logger)
			lastErr = &Error{Kind: KindInvalidOutput, Provider: opts.Provider, Model: model,
				Message: fmt.Sprintf("no valid answer after %d attempt(s): %s", a, problem)}
			conv.Messages = append(conv.Messages,
				Message{Role: RoleAssistant, Content: truncate(resp.Text, maxFeedbackEcho)},
				Message{Role: RoleUser, Content: feedback(problem)})
		}
	}
	res.Latency = time.Since(start)
	if lastErr == nil {
		lastErr = &Error{Kind: KindInvalidOutput, Provider: opts.Provider, Message: "no model produced an answer"}
	}
	return zero, res, lastErr
}

// decodeAnswer tries every candidate of text and returns the first that decodes and
// validates, with its canonical JSON; otherwise the problems of the most promising
// candidate (the first that was JSON at all), so the feedback is about the real attempt.
func decodeAnswer[T any](text string, sch *schemacheck.Schema, validate func(*T) error) (T, json.RawMessage, bool, string) {
	var zero T
	cands := ExtractJSON(text)
	if len(cands) == 0 {
		if strings.TrimSpace(StripThink(text)) == "" {
			return zero, nil, false, "the answer was empty; reply with a JSON object"
		}
		return zero, nil, false, "no JSON object found in the answer; reply with only a JSON object"
	}
	firstProblem := ""
	note := func(p string) {
		if firstProblem == "" {
			firstProblem = p
		}
	}
	for _, cand := range cands {
		fixed, repaired, err := Repair(cand)
		if err != nil {
			continue
		}
		for _, doc := range unwrapCandidates(fixed) {
			v, problem := decodeOne[T](doc, sch, validate)
			if problem == "" {
				return v, json.RawMessage(doc), repaired, ""
			}
			note(problem)
		}
	}
	if firstProblem == "" {
		firstProblem = "the answer is not valid JSON even after repair; reply with only a JSON object"
	}
	return zero, nil, false, firstProblem
}

// unwrapCandidates returns doc and, when doc is an object with a single key whose value is
// an object ({"assessment": {…}}) the inner object, which models often produce.
func unwrapCandidates(doc string) []string {
	out := []string{doc}
	if len(doc) == 0 || doc[0] != '{' {
		return out
	}
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(doc), &m) != nil || len(m) != 1 {
		return out
	}
	for _, inner := range m {
		if t := bytes.TrimSpace(inner); len(t) > 0 && t[0] == '{' {
			out = append(out, string(t))
		}
	}
	return out
}

// decodeOne checks doc against the schema, decodes it into T and runs validate.
func decodeOne[T any](doc string, sch *schemacheck.Schema, validate func(*T) error) (T, string) {
	var v T
	if sch != nil {
		var generic any
		dec := json.NewDecoder(strings.NewReader(doc))
		dec.UseNumber()
		if err := dec.Decode(&generic); err != nil {
			return v, "not valid JSON: " + err.Error()
		}
		if probs := sch.Problems(generic); len(probs) > 0 {
			return v, joinProblems(probs)
		}
	}
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		return v, "does not match the expected structure: " + schemacheck.DecodeProblem(err)
	}
	if validate != nil {
		if err := validate(&v); err != nil {
			return v, err.Error()
		}
	}
	return v, ""
}

func joinProblems(p []string) string {
	const max = 12
	if len(p) > max {
		p = append(p[:max:max], fmt.Sprintf("and %d more", len(p)-max))
	}
	return strings.Join(p, "; ")
}

// feedback is the user message that asks the model to fix its previous answer.
func feedback(problem string) string {
	return "Your previous answer could not be accepted: " + problem +
		". Reply again with only one JSON object that follows the schema exactly, with no prose and no code fences."
}

// asError types any provider error; a plain error becomes unavailable (or the context
// error when the context ended).
func asError(err error, p domain.Provider, model string) *Error {
	var le *Error
	if errors.As(err, &le) {
		if le.Provider == "" {
			le.Provider = p
		}
		if le.Model == "" {
			le.Model = model
		}
		return le
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return FromContext(err, p, model)
	}
	return &Error{Kind: KindUnavailable, Provider: p, Model: model, Message: err.Error(), Err: err}
}

func record(ctx context.Context, r Recorder, rec CallRecord, logger *slog.Logger) {
	if r == nil {
		return
	}
	// Providers redact their own keys; this second pass masks anything key-shaped that a
	// provider could not know about.
	rec.Response, rec.Error = Redact(rec.Response), Redact(rec.Error)
	// The record is written even when ctx was canceled mid-call: the exchange happened.
	if err := r.RecordLLMCall(context.WithoutCancel(ctx), rec); err != nil && !errors.Is(err, domain.ErrTakenOver) {
		// A run another process took over refuses the record on purpose: no warning for it.
		logger.Warn("llm: recording call failed", "provider", rec.Provider, "model", rec.Model, "err", err)
	}
}

// requestJSON serialises the provider-neutral request for the audit log. It is built
// from Request, which has no credential fields, so no key can leak through it.
func requestJSON(r Request) string {
	b, err := json.Marshal(r)
	if err != nil {
		return ""
	}
	return string(b)
}

// capText names a token cap for messages; 0 is the provider's default.
func capText(n int) string {
	if n <= 0 {
		return "provider default"
	}
	return fmt.Sprint(n)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
