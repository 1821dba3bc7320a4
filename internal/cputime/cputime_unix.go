//go:build unix

// Package cputime tells how much CPU the process has used, so benchmarks can report
// throughput per CPU-second, independent of other load on a shared machine.
package cputime

import (
	"syscall"
	"time"
)

// Used is the user+system CPU time of the process so far (0 when it cannot be read).
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
