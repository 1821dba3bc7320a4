package services

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"deepcritical/backend/domain"
)

// DiagnosticsService exists only when DEEPCRITICAL_BENCH_HOOKS=1: it lets the UI benchmark
// push a burst of synthetic run events through the real emitter and batching path. It is
// never bound in normal use.
type DiagnosticsService struct{ emitter *Emitter }

// benchHooksEnabled reports whether the benchmark hooks are bound.
func benchHooksEnabled() bool { return os.Getenv("DEEPCRITICAL_BENCH_HOOKS") == "1" }

// EmitBurst emits n synthetic events for run "bench" spread evenly over ms milliseconds and
// returns when the last one was handed to the emitter.
func (d *DiagnosticsService) EmitBurst(n, ms int) (int, error) {
	if n <= 0 || n > 100000 || ms < 0 || ms > 60000 {
		return 0, domain.Errorf(domain.CodeInvalid, "burst must be 1–100000 events over 0–60000 ms")
	}
	gap := time.Duration(ms) * time.Millisecond / time.Duration(n)
	start := time.Now()
	for i := 1; i <= n; i++ {
		data, _ := json.Marshal(map[string]int{"i": i})
		d.emitter.Emit(domain.Event{RunID: "bench", Seq: int64(i), Type: domain.EventSearching, Iteration: 1,
			Message: fmt.Sprintf("synthetic event %d", i), Data: data, Time: time.Now()})
		if next := start.Add(time.Duration(i) * gap); time.Until(next) > 0 {
			time.Sleep(time.Until(next))
		}
	}
	return n, nil
}
