package llm

import (
	"context"
	"strings"
	"sync"
	"time"
	"unicode"

	"deepcritical/backend/domain"
)

// ProgressFunc receives progress reports of streamed calls.
type ProgressFunc func(domain.LLMProgress)

type progressKey struct{}
type callInfoKey struct{}

type callInfo struct {
	kind     string
	provider domain.Provider
	model    string
}

// WithProgress asks the providers to stream calls made under ctx and report their progress
// to fn. Without it, calls are not streamed. The answer and the stored exchange are the same
// either way.
func WithProgress(ctx context.Context, fn ProgressFunc) context.Context {
	if fn == nil {
		return ctx
	}
	return context.WithValue(ctx, progressKey{}, fn)
}

// Streaming reports whether calls under ctx should stream.
func Streaming(ctx context.Context) bool {
	_, ok := ctx.Value(progressKey{}).(ProgressFunc)
	return ok
}

// WithCallInfo labels the progress of calls under ctx: Generate sets it from its options; a
// caller of Complete (the narrative) sets it itself, or its calls stream unlabelled.
func WithCallInfo(ctx context.Context, kind string, p domain.Provider, model string) context.Context {
	return context.WithValue(ctx, callInfoKey{}, callInfo{kind: kind, provider: p, model: model})
}

// progressInterval is how often a stream reports (the first report is sent at once).
const progressInterval = 250 * time.Millisecond

// progressTail is how much of the streamed text a report carries.
const progressTail = 240

// Progress tracks one streamed call; providers create it with StartProgress, feed it the
// text as it arrives and Finish it. It is cheap when nobody listens.
type Progress struct {
	fn    ProgressFunc
	info  callInfo
	start time.Time
	mu    sync.Mutex
	text  strings.Builder
	toks  int
	last  time.Time
}

// StartProgress begins tracking a call for provider p and model; it sends a first report at
// once, so the window shows the call moving before the first token arrives.
func StartProgress(ctx context.Context, p domain.Provider, model string) *Progress {
	fn, ok := ctx.Value(progressKey{}).(ProgressFunc)
	if !ok {
		return nil
	}
	info, _ := ctx.Value(callInfoKey{}).(callInfo)
	if info.provider == "" {
		info.provider = p
	}
	if model != "" {
		info.model = model
	}
	pr := &Progress{fn: fn, info: info, start: time.Now()}
	pr.send(false)
	return pr
}

// Add appends streamed text (answer or reasoning); outputTokens is the provider's running
// count when it reports one (0: estimated as characters/4).
func (p *Progress) Add(text string, outputTokens int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.text.WriteString(text)
	if outputTokens > 0 {
		p.toks = outputTokens
	}
	due := time.Since(p.last) >= progressInterval
	p.mu.Unlock()
	if due {
		p.send(false)
	}
}

// Finish sends the last report with the final output token count.
func (p *Progress) Finish(outputTokens int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	if outputTokens > 0 {
		p.toks = outputTokens
	}
	p.mu.Unlock()
	p.send(true)
}

func (p *Progress) send(done bool) {
	p.mu.Lock()
	p.last = time.Now()
	toks := p.toks
	text := p.text.String()
	if toks == 0 {
		toks = (len(text) + 3) / 4
	}
	p.mu.Unlock()
	p.fn(domain.LLMProgress{CallKind: p.info.kind, Provider: p.info.provider, Model: p.info.model,
		OutputTokens: toks, ElapsedMS: time.Since(p.start).Milliseconds(), Text: SanitizeTail(text, progressTail), Done: done})
}

// SanitizeTail returns the last n runes of s with control characters, markup brackets and
// anything key-shaped removed, whitespace collapsed: safe to show as plain text.
func SanitizeTail(s string, n int) string {
	s = Redact(s)
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case unicode.IsControl(r) || r == '<' || r == '>' || r == '\u202e' || r == '\u2066' || r == '\u2067' || r == '\u2068' || r == '\u2069':
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	out := []rune(b.String())
	if len(out) > n {
		return "…" + string(out[len(out)-n:])
	}
	return string(out)
}
