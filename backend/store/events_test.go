package store

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestAppendAndListEvents(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "question one")
	mustCreateRun(t, s, "r2", "question two")

	types := []domain.EventType{domain.EventStarted, domain.EventSearching, domain.EventSearchComplete, domain.EventJudging}
	for i, typ := range types {
		e, err := s.AppendEvent(ctx, domain.Event{
			RunID: "r1", Type: typ, Iteration: 1, Message: string(typ),
			Data: json.RawMessage(fmt.Sprintf(`{"n":%d}`, i)), Seq: 99, // a caller's seq is ignored
		})
		require.NoError(t, err)
		require.Equal(t, int64(i+1), e.Seq)
		require.False(t, e.Time.IsZero())
	}
	e, err := s.AppendEvent(ctx, domain.Event{RunID: "r2", Type: domain.EventStarted})
	require.NoError(t, err)
	require.Equal(t, int64(1), e.Seq, "sequences are per run")

	all, err := s.ListEvents(ctx, "r1", 0)
	require.NoError(t, err)
	require.Len(t, all, 4)
	for i, ev := range all {
		require.Equal(t, int64(i+1), ev.Seq)
		require.Equal(t, types[i], ev.Type)
		require.Equal(t, "r1", ev.RunID)
		require.JSONEq(t, fmt.Sprintf(`{"n":%d}`, i), string(ev.Data))
		if i > 0 {
			require.True(t, ev.Time.After(all[i-1].Time))
		}
	}
	tail, err := s.ListEvents(ctx, "r1", 2)
	require.NoError(t, err)
	require.Len(t, tail, 2)
	require.Equal(t, int64(3), tail[0].Seq)

	none, err := s.ListEvents(ctx, "r1", 4)
	require.NoError(t, err)
	require.Empty(t, none)
	require.NotNil(t, none)
}

func TestAppendEventErrors(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "question one")
	cases := []struct {
		name string
		ev   domain.Event
		code domain.Code
	}{
		{"unknown run", domain.Event{RunID: "ghost", Type: domain.EventStarted}, domain.CodeNotFound},
		{"empty run id", domain.Event{Type: domain.EventStarted}, domain.CodeInvalid},
		{"unknown type", domain.Event{RunID: "r1", Type: "exploded"}, domain.CodeInvalid},
		{"bad data", domain.Event{RunID: "r1", Type: domain.EventStarted, Data: json.RawMessage(`{nope`)}, domain.CodeInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.AppendEvent(ctx, tc.ev)
			requireCode(t, err, tc.code)
		})
	}
	_, err := s.ListEvents(ctx, "ghost", 0)
	requireCode(t, err, domain.CodeNotFound)
}

func TestEventsAreAppendOnly(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "question one")
	_, err := s.AppendEvent(ctx, domain.Event{RunID: "r1", Type: domain.EventStarted, Message: "original"})
	require.NoError(t, err)
	_, err = s.db.ExecContext(ctx, `UPDATE events SET message = 'rewritten'`)
	require.ErrorContains(t, err, "append-only")
}

// TestAppendEventConcurrent appends from many goroutines to two runs at once: every event
// gets a distinct, gap-free sequence number. Run with -race.
func TestAppendEventConcurrent(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	runs := []string{"a", "b"}
	for _, id := range runs {
		mustCreateRun(t, s, id, "concurrent question "+id)
	}
	const workers, each = 8, 25
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		seqs = map[string][]int64{}
		errs []error
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				run := runs[(w+i)%len(runs)]
				e, err := s.AppendEvent(ctx, domain.Event{RunID: run, Type: domain.EventSearching, Message: fmt.Sprintf("w%d-%d", w, i)})
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					seqs[run] = append(seqs[run], e.Seq)
				}
				mu.Unlock()
			}
		}(w)
	}
	wg.Wait()
	require.Empty(t, errs)
	total := 0
	for _, run := range runs {
		got := seqs[run]
		sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
		for i, seq := range got {
			require.Equal(t, int64(i+1), seq, "run %s", run)
		}
		stored, err := s.ListEvents(ctx, run, 0)
		require.NoError(t, err)
		require.Len(t, stored, len(got))
		total += len(got)
	}
	require.Equal(t, workers*each, total)
}
