//go:build !unix

package llmtest

import "time"

// cpuTime is unavailable here; cpu-ns/op then reads 0.
func cpuTime() time.Duration { return 0 }
