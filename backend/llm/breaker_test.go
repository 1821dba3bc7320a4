package llm

import (
	"context"
	"strings"
	"testing"
)

type failing struct {
	kind  ErrorKind
	calls int
}

func (f *failing) Complete(context.Context, Request) (Response, error) {
	f.calls++
	if f.kind == "" {
		return Response{Text: "{}"}, nil
	}
	return Response{}, &Error{Kind: f.kind, Message: "boom " + string(f.kind)}
}

func TestBreaker(t *testing.T) {
	tests := []struct {
		name      string
		kind      ErrorKind
		wantCalls int // calls that reach the backend out of 6
		opens     bool
	}{
		{"unavailable opens after the threshold", KindUnavailable, 2, true},
		{"one timeout opens at once", KindTimeout, 1, true},
		{"a model the server does not have opens at once", KindModelNotFound, 1, true},
		{"a refused key opens at once", KindAuth, 1, true},
		{"an exhausted quota opens at once", KindQuota, 1, true},
		{"invalid output means the backend answers", KindInvalidOutput, 6, false},
		{"success keeps it closed", "", 6, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &failing{kind: tc.kind}
			var reasons []string
			b := NewBreaker(f, 2, func(_ context.Context, r string) { reasons = append(reasons, r) })
			var last error
			for i := 0; i < 6; i++ {
				_, last = b.Complete(context.Background(), Request{})
			}
			if f.calls != tc.wantCalls {
				t.Fatalf("backend saw %d calls, want %d", f.calls, tc.wantCalls)
			}
			open, _, skipped := b.Open()
			if open != tc.opens || (tc.opens && (len(reasons) != 1 || skipped != 6-tc.wantCalls)) {
				t.Fatalf("open=%v reasons=%v skipped=%d", open, reasons, skipped)
			}
			if tc.opens && (KindOf(last) != KindUnavailable || !strings.Contains(last.Error(), "boom")) {
				t.Fatalf("a refused call says why: %v", last)
			}
		})
	}
}

// chained answers per model, like a provider with a fallback chain (Hugging Face's).
type chained struct {
	models  []string
	missing map[string]bool
	calls   []string
}

func (c *chained) Info() Info { return Info{Models: c.models, Model: c.models[0]} }

func (c *chained) Complete(_ context.Context, req Request) (Response, error) {
	c.calls = append(c.calls, req.Model)
	if c.missing[req.Model] {
		return Response{}, &Error{Kind: KindModelNotFound, Model: req.Model, Message: "model " + req.Model + " not found"}
	}
	return Response{Text: "{}"}, nil
}

// TestBreakerLetsTheChainFallBack: an unknown model that is not the chain's last only moves
// the provider on to its next model, however often; an unknown last model opens the circuit.
func TestBreakerLetsTheChainFallBack(t *testing.T) {
	c := &chained{models: []string{"a", "b", "c"}, missing: map[string]bool{"a": true, "b": true}}
	b := NewBreaker(c, 2, nil)
	for i := 0; i < 3; i++ {
		for _, m := range c.models {
			if _, err := b.Complete(context.Background(), Request{Model: m}); err == nil {
				break
			}
		}
	}
	if open, _, _ := b.Open(); open {
		t.Fatalf("the chain's third model answers: the circuit stays closed (calls %v)", c.calls)
	}
	if len(c.calls) != 9 {
		t.Fatalf("every model was tried each time: %v", c.calls)
	}

	last := &chained{models: []string{"a", "b"}, missing: map[string]bool{"a": true, "b": true}}
	b = NewBreaker(last, 2, nil)
	b.Complete(context.Background(), Request{Model: "a"})
	b.Complete(context.Background(), Request{Model: "b"})
	if open, _, _ := b.Open(); !open || b.Cause() != KindModelNotFound {
		t.Fatalf("no model of the chain exists: the circuit opens (cause %q)", b.Cause())
	}
}

// TestBreakerIgnoresACancelledCaller: a call whose caller gave up (Ctrl-C, a run another
// process took over) ends with whatever raced the cancellation — a timeout after a suspended
// process wakes, a dropped connection — and none of it says the backend is down: the
// circuit stays closed and no "judge stopped answering" is told.
func TestBreakerIgnoresACancelledCaller(t *testing.T) {
	for _, kind := range []ErrorKind{KindTimeout, KindUnavailable, KindCanceled} {
		t.Run(string(kind), func(t *testing.T) {
			f := &failing{kind: kind}
			var reasons []string
			b := NewBreaker(f, 2, func(_ context.Context, r string) { reasons = append(reasons, r) })
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			for i := 0; i < 3; i++ {
				_, _ = b.Complete(ctx, Request{})
			}
			open, _, _ := b.Open()
			if open || len(reasons) != 0 || f.calls != 3 {
				t.Fatalf("open=%v reasons=%v calls=%d: a cancelled caller's failures opened the circuit", open, reasons, f.calls)
			}
		})
	}
}
