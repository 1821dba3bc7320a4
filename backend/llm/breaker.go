package llm

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
)

// DefaultBreakerThreshold is how many consecutive connection failures or timeouts open a
// run's circuit. Two is enough to tell "down" from "one unlucky call" and keeps a dead
// judge to a handful of requests per run (each call may already retry 5xx internally).
const DefaultBreakerThreshold = 2

// Breaker wraps a Client for one research run: after Threshold consecutive failures that
// mean the backend is not there (unavailable, rate limit after back-off, quota, auth), or
// after one timeout (a call that already waited its full timeout is not repeated at full
// timeout in series) or one "model not found" on the provider's last model (every later
// call would fail alike; an earlier model of the chain only moves the chain on), it stops
// calling it and fails every later call at once with a message that says why, so a dead or
// hanging judge costs seconds instead of every call's full timeout. Any success closes it
// again. It is safe for concurrent use.
type Breaker struct {
	inner     Client
	threshold int
	onOpen    func(ctx context.Context, reason string)

	mu       sync.Mutex
	failures int
	open     bool
	reason   string
	cause    ErrorKind
	skipped  int
}

// NewBreaker wraps c; threshold <= 0 takes DefaultBreakerThreshold. onOpen (optional) is
// called once, when the circuit opens, with the failure that opened it.
func NewBreaker(c Client, threshold int, onOpen func(ctx context.Context, reason string)) *Breaker {
	if threshold <= 0 {
		threshold = DefaultBreakerThreshold
	}
	return &Breaker{inner: c, threshold: threshold, onOpen: onOpen}
}

// Info forwards the wrapped client's Info, so the breaker is transparent to display code.
func (b *Breaker) Info() Info {
	if i, ok := b.inner.(interface{ Info() Info }); ok {
		return i.Info()
	}
	return Info{}
}

// Unwrap returns the wrapped client (for model listing and other optional interfaces).
func (b *Breaker) Unwrap() Client { return b.inner }

// Open reports whether the circuit is open, why, and how many calls it refused.
func (b *Breaker) Open() (bool, string, int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.open, b.reason, b.skipped
}

// Cause is the kind of the failure that opened the circuit ("" while it is closed): a
// model the server does not have asks for another model, not for waiting.
func (b *Breaker) Cause() ErrorKind {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.cause
}

// Complete calls the wrapped client unless the circuit is open.
func (b *Breaker) Complete(ctx context.Context, req Request) (Response, error) {
	b.mu.Lock()
	if b.open {
		b.skipped++
		reason := b.reason
		b.mu.Unlock()
		return Response{}, &Error{Kind: KindUnavailable, Model: req.Model,
			Message: fmt.Sprintf("not called: the judge stopped answering earlier in this run (%s); no more calls to it until the next run", reason)}
	}
	b.mu.Unlock()
	resp, err := b.inner.Complete(ctx, req)
	b.mu.Lock()
	var fire func(context.Context, string)
	var reason string
	switch {
	case err == nil:
		b.failures = 0
	case ctx.Err() != nil:
		// The caller gave up (Ctrl-C, the run taken over by another process): whatever the
		// call ended with — cancelled, or a timeout or a dropped connection that raced the
		// cancellation — says nothing about the backend.
	case breaks(err) && fallbackStep(err, req.Model, b.Info().Models):
		// The provider tries its next model (llm.Generate): not yet a failure of the judge.
	case breaks(err):
		b.failures++
		if k := KindOf(err); k == KindTimeout || k == KindModelNotFound || k == KindAuth || k == KindQuota {
			// A call that waited its full timeout is not repeated in series, and a model
			// the server does not have will not appear by the next call, nor will a
			// refused key be accepted or an exhausted quota refilled.
			b.failures = max(b.failures, b.threshold)
		}
		if b.failures >= b.threshold && !b.open {
			b.open = true
			b.reason, b.cause = err.Error(), KindOf(err)
			fire, reason = b.onOpen, b.reason
		}
	default:
		// An answer arrived (bad request, invalid output, refusal…): the backend is up.
		b.failures = 0
	}
	b.mu.Unlock()
	if fire != nil {
		fire(ctx, reason)
	}
	return resp, err
}

// fallbackStep reports whether a failure only moves the provider's fallback chain on: a
// gated or unknown model (Error.Fallback) that is not the chain's last.
func fallbackStep(err error, model string, chain []string) bool {
	var le *Error
	if !errors.As(err, &le) || !le.Fallback() || len(chain) < 2 {
		return false
	}
	i := slices.Index(chain, model)
	return i >= 0 && i < len(chain)-1
}

// breaks reports failures that mean the backend is not answering usefully.
func breaks(err error) bool {
	return NotAnswering(err) || KindOf(err) == ""
}

// NotAnswering reports whether a provider's error means no answer came at all — the server
// down or failing (5xx), a timeout, rate limits after back-off, a refused key, an exhausted
// quota, no such model — as opposed to an answer that came and was invalid, refused or cut.
// A judge's fallback made for one is not a judgement of the evidence, only its absence.
func NotAnswering(err error) bool {
	switch KindOf(err) {
	case KindUnavailable, KindTimeout, KindRateLimit, KindQuota, KindAuth, KindModelNotFound:
		return true
	}
	return false
}
