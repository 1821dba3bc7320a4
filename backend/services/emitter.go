package services

import (
	"context"
	"sync"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"deepcritical/backend/domain"
	"deepcritical/backend/events"
)

// batchInterval is how often run events are pushed to the window: often enough to feel live, rarely enough not to flood the webview.
const batchInterval = 100 * time.Millisecond

// Emitter forwards stored run events to the window in batches; without a window (CLI,
// tests) it forwards to the listeners only.
type Emitter struct {
	mu        sync.Mutex
	ctx       context.Context
	batcher   *events.Batcher
	listeners map[int]func(domain.Event)
	next      int
}

func newEmitter() *Emitter { return &Emitter{listeners: map[int]func(domain.Event){}} }

func (e *Emitter) start(ctx context.Context) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.ctx = ctx
	e.batcher = events.NewBatcher(ctx, batchInterval, func(name string, batch []events.Payload) {
		runtime.EventsEmit(ctx, name, batch)
	})
}

func (e *Emitter) stop() {
	e.mu.Lock()
	b := e.batcher
	e.batcher = nil
	e.mu.Unlock()
	if b != nil {
		b.Stop()
	}
}

// windowContext is the Wails context once the window started, else nil.
func (e *Emitter) windowContext() context.Context {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.ctx
}

// Emit sends e to the window (batched) and to every listener.
func (e *Emitter) Emit(ev domain.Event) {
	e.mu.Lock()
	b := e.batcher
	ls := make([]func(domain.Event), 0, len(e.listeners))
	for _, l := range e.listeners {
		ls = append(ls, l)
	}
	e.mu.Unlock()
	if b != nil {
		b.Emit(ev)
	}
	for _, l := range ls {
		l(ev)
	}
}

// Listen registers fn for every event until the returned function is called.
func (e *Emitter) Listen(fn func(domain.Event)) (cancel func()) {
	e.mu.Lock()
	id := e.next
	e.next++
	e.listeners[id] = fn
	e.mu.Unlock()
	return func() {
		e.mu.Lock()
		delete(e.listeners, id)
		e.mu.Unlock()
	}
}

// EnumBindings are the Go enums generated into TypeScript (the event types).
func EnumBindings() []any {
	return []any{events.EventTypeEnum()}
}

// LLMProgressEventName is the Wails event carrying domain.LLMProgress reports of streamed
// LLM calls. They go straight to the window (not through the stored run events): they are
// many, short-lived, and the call's stored record is its llm_calls row.
const LLMProgressEventName = "llm:progress"

// Progress sends one LLM progress report to the window, when there is one.
func (e *Emitter) Progress(p domain.LLMProgress) {
	if ctx := e.windowContext(); ctx != nil {
		runtime.EventsEmit(ctx, LLMProgressEventName, p)
	}
}
