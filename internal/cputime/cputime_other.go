//go:build !unix

// Package cputime tells how much CPU the process has used, so benchmarks can report
// throughput per CPU-second, independent of other load on a shared machine.
package cputime

import "time"

// Used is not measured on this platform; benchmarks then report 0 CPU seconds.
func Used() time.Duration { return 0 }
