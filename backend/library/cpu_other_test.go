//go:build !unix

package library

import "time"

// cpuTime is not measured on this platform; the benchmark then reports 0 CPU seconds.
func cpuTime() time.Duration { return 0 }
