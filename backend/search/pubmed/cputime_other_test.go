//go:build !unix

package pubmed

import "time"

// cpuTime is unavailable here; the per-CPU-second metric is then not reported.
func cpuTime() time.Duration { return 0 }
