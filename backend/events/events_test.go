package events

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestBatcherDeliversEveryEventInOrder(t *testing.T) {
	var mu sync.Mutex
	var got []Payload
	batches := 0
	b := NewBatcher(context.Background(), 5*time.Millisecond, func(name string, batch []Payload) {
		require.Equal(t, RunEventName, name)
		mu.Lock()
		got = append(got, batch...)
		batches++
		mu.Unlock()
	})
	for i := 1; i <= 500; i++ {
		b.Emit(domain.Event{RunID: "r", Seq: int64(i), Type: domain.EventSearching, Message: fmt.Sprint(i)})
	}
	b.Stop()
	require.Len(t, got, 500)
	for i, p := range got {
		require.Equal(t, int64(i+1), p.Seq)
	}
	require.Less(t, batches, 500, "a burst must be coalesced into fewer messages")
}

func TestBatcherFlushesOnContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	delivered := make(chan int, 1)
	b := NewBatcher(ctx, time.Hour, func(_ string, batch []Payload) { delivered <- len(batch) })
	b.Emit(domain.Event{RunID: "r", Seq: 1, Type: domain.EventStarted})
	cancel()
	require.Equal(t, 1, <-delivered)
	b.Stop()
}

func TestEventTypeEnumCoversAllTypes(t *testing.T) {
	e := EventTypeEnum()
	require.Len(t, e, len(domain.AllEventTypes))
	require.Equal(t, "JUDGE_COMPLETE", e[4].TSName)
	require.Equal(t, domain.EventJudgeComplete, e[4].Value)
}
