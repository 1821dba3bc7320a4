//go:build !unix

package pubmedxml

import "time"

// cpuTime is unavailable here; the per-CPU-second metric is then not reported.
func cpuTime() time.Duration { return 0 }
