//go:build unix

package pubmedxml

import (
	"syscall"
	"time"
)

// cpuTime is the user+system CPU time of the process so far, so throughput can be reported
// per CPU-second, independent of other load on the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
