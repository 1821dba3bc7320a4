// Package events carries run events from the orchestrator to the window: the event name
// the frontend listens to, the payload shape, and a batcher that coalesces bursts into one
// message about every 100 ms so a fast run cannot flood the UI thread.
package events

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"time"

	"deepcritical/backend/domain"
)

// RunEventName is the Wails event the frontend subscribes to; payloads are []Payload.
const RunEventName = "run:event"

// Payload is what the window receives for one event.
type Payload struct {
	RunID     string           `json:"run_id"`
	Seq       int64            `json:"seq"`
	Type      domain.EventType `json:"type"`
	Iteration int              `json:"iteration"`
	Message   string           `json:"message"`
	Data      json.RawMessage  `json:"data,omitempty"`
	Time      time.Time        `json:"time"`
}

// FromEvent converts a stored event to its payload.
func FromEvent(e domain.Event) Payload {
	return Payload{RunID: e.RunID, Seq: e.Seq, Type: e.Type, Iteration: e.Iteration, Message: e.Message, Data: e.Data, Time: e.Time}
}

// EnumEntry is the shape Wails' EnumBind needs to generate a TypeScript enum.
type EnumEntry struct {
	Value  domain.EventType
	TSName string
}

// EventTypeEnum lists the event types for Wails' enum binding, so their names are defined
// once, in Go, and reach TypeScript through the generated models.
func EventTypeEnum() []EnumEntry {
	out := make([]EnumEntry, 0, len(domain.AllEventTypes))
	for _, t := range domain.AllEventTypes {
		out = append(out, EnumEntry{Value: t, TSName: strings.ToUpper(string(t))})
	}
	return out
}

// SendFunc delivers one batch to the UI.
type SendFunc func(name string, batch []Payload)

// Batcher coalesces events and sends them every Interval, in the order they were emitted.
type Batcher struct {
	interval time.Duration
	send     SendFunc

	mu      sync.Mutex
	pending []Payload
	wake    chan struct{}
	done    chan struct{}
	stopped chan struct{}
	once    sync.Once
}

// NewBatcher starts a batcher that calls send at most once per interval while events arrive.
func NewBatcher(ctx context.Context, interval time.Duration, send SendFunc) *Batcher {
	b := &Batcher{interval: interval, send: send, wake: make(chan struct{}, 1), done: make(chan struct{}), stopped: make(chan struct{})}
	go b.loop(ctx)
	return b
}

// Emit queues an event; it never blocks on the UI.
func (b *Batcher) Emit(e domain.Event) {
	b.mu.Lock()
	b.pending = append(b.pending, FromEvent(e))
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// Stop flushes what is pending and stops the loop.
func (b *Batcher) Stop() {
	b.once.Do(func() { close(b.done) })
	<-b.stopped
}

func (b *Batcher) loop(ctx context.Context) {
	defer close(b.stopped)
	for {
		select {
		case <-ctx.Done():
			b.flush()
			return
		case <-b.done:
			b.flush()
			return
		case <-b.wake:
		}
		// Wait one interval so a burst collapses into one message.
		t := time.NewTimer(b.interval)
		select {
		case <-t.C:
		case <-b.done:
			t.Stop()
		case <-ctx.Done():
			t.Stop()
		}
		b.flush()
	}
}

func (b *Batcher) flush() {
	b.mu.Lock()
	batch := b.pending
	b.pending = nil
	b.mu.Unlock()
	if len(batch) > 0 {
		b.send(RunEventName, batch)
	}
}

// The batcher is the window's emitter of the research loop.
var _ interface{ Emit(domain.Event) } = (*Batcher)(nil)
