package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"deepcritical/backend/domain"
)

// ErrorKind classifies a provider failure so callers (and Generate's model chain) can act on
// it without parsing messages.
type ErrorKind string

// The error kinds every provider maps its failures onto.
const (
	KindAuth          ErrorKind = "auth"            // 401/403: bad key, or a gated model
	KindQuota         ErrorKind = "quota"           // 402, 429 insufficient_quota: fail fast
	KindRateLimit     ErrorKind = "rate_limit"      // 429 after bounded back-off
	KindUnavailable   ErrorKind = "unavailable"     // 5xx/529/503 after retries, connection refused
	KindTimeout       ErrorKind = "timeout"         // deadline exceeded
	KindModelNotFound ErrorKind = "model_not_found" // 404 / unknown model
	KindBadRequest    ErrorKind = "bad_request"     // 400/422: the request itself was rejected
	KindInvalidOutput ErrorKind = "invalid_output"  // the answer never decoded and validated
	KindCanceled      ErrorKind = "canceled"        // the caller canceled
	KindTruncated     ErrorKind = "truncated"       // the answer was cut at the token limit, even with more room
	KindRefused       ErrorKind = "refused"         // the model declined to answer (stop_reason refusal)
)

// Error is the typed error every provider and Generate return. Message holds the
// provider's own words (never a key); Err keeps the underlying cause for logs.
type Error struct {
	Kind     ErrorKind
	Provider domain.Provider
	Model    string
	// Status is the HTTP status (0 when there was none, e.g. a subprocess or a dial error).
	Status     int
	Message    string
	RetryAfter time.Duration
	Err        error
}

// Error formats "provider (model): message [HTTP status]" so the user sees who failed and why.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Provider != "" {
		b.WriteString(string(e.Provider))
		if e.Model != "" {
			b.WriteString(" (")
			b.WriteString(e.Model)
			b.WriteString(")")
		}
		b.WriteString(": ")
	}
	msg := e.Message
	if msg == "" {
		msg = string(e.Kind)
		if e.Err != nil {
			msg += ": " + e.Err.Error()
		}
	}
	b.WriteString(msg)
	if e.Status != 0 {
		fmt.Fprintf(&b, " [HTTP %d]", e.Status)
	}
	return b.String()
}

// Unwrap exposes both a domain.Error (so domain.CodeOf and domain.SafeMessage give a
// user-safe code and message) and the underlying cause (so errors.Is(err,
// context.DeadlineExceeded) keeps working).
func (e *Error) Unwrap() []error {
	out := []error{&domain.Error{Code: e.Code(), Message: e.Error()}}
	if e.Err != nil {
		out = append(out, e.Err)
	}
	return out
}

// Code maps the kind to a user-safe domain code.
func (e *Error) Code() domain.Code {
	switch e.Kind {
	case KindBadRequest, KindInvalidOutput, KindModelNotFound, KindTruncated, KindRefused:
		return domain.CodeInvalid
	case KindAuth, KindQuota, KindRateLimit, KindUnavailable, KindTimeout, KindCanceled:
		return domain.CodeUnavailable
	}
	return domain.CodeInternal
}

// Fallback reports whether the next model of the same provider's chain may succeed where
// this one failed: a gated or unauthorised model (HF gating is per model) or an unknown one.
func (e *Error) Fallback() bool {
	return e.Kind == KindAuth || e.Kind == KindModelNotFound
}

// KindOf returns the kind of the first *Error in err's chain, or "" when there is none.
func KindOf(err error) ErrorKind {
	var le *Error
	if errors.As(err, &le) {
		return le.Kind
	}
	return ""
}

// ContextError turns a context failure into a typed error (timeout or canceled); it
// returns nil when ctx is still live.
func ContextError(ctx context.Context, p domain.Provider, model string) *Error {
	err := ctx.Err()
	if err == nil {
		return nil
	}
	return FromContext(err, p, model)
}

// FromContext types a context error: DeadlineExceeded is a timeout, anything else canceled.
func FromContext(err error, p domain.Provider, model string) *Error {
	if errors.Is(err, context.DeadlineExceeded) {
		return &Error{Kind: KindTimeout, Provider: p, Model: model, Message: "timed out waiting for " + string(p), Err: err}
	}
	return &Error{Kind: KindCanceled, Provider: p, Model: model, Message: "canceled", Err: err}
}
