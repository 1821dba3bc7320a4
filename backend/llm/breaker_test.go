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
