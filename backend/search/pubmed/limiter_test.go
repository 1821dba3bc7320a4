package pubmed

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/search/internal/faulttest"
)

// maxInWindow is the largest number of timestamps inside any window of the given length.
func maxInWindow(times []time.Time, window time.Duration) int {
	sort.Slice(times, func(i, j int) bool { return times[i].Before(times[j]) })
	best := 0
	for i := range times {
		n := 0
		for j := i; j < len(times) && times[j].Sub(times[i]) < window; j++ {
			n++
		}
		best = max(best, n)
	}
	return best
}

// TestLimiterSharedUnderConcurrency runs several clients at once through one shared
// limiter and counts, at the fake server, how many requests ever fall in one second.
func TestLimiterSharedUnderConcurrency(t *testing.T) {
	if testing.Short() {
		t.Skip("takes about 3 s of real time")
	}
	tests := []struct {
		name    string
		key     string
		clients int
		limit   int
	}{
		{"with API key", "K", 6, 10},
		{"without API key", "", 2, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeEutils(t)
			f.search["(a) OR (b)"] = esearchBody("41000002", "41000003")
			var (
				mu    sync.Mutex
				times []time.Time
			)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				times = append(times, time.Now())
				mu.Unlock()
				f.ServeHTTP(w, r)
			}))
			defer srv.Close()

			lim := NewLimiter(tt.key != "")
			var wg sync.WaitGroup
			for i := 0; i < tt.clients; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), APIKey: tt.key, Limiter: lim, Retry: faulttest.FastRetry})
					ev, err := c.Search(context.Background(), []string{"a", "b"}, 5)
					require.NoError(t, err)
					require.Len(t, ev, 2)
				}()
			}
			wg.Wait()
			require.Len(t, times, tt.clients*2, "1 esearch + 1 efetch per client")
			// 50 ms of tolerance for scheduling between the limiter and the server clock.
			require.LessOrEqual(t, maxInWindow(times, time.Second-50*time.Millisecond), tt.limit)
		})
	}
}
