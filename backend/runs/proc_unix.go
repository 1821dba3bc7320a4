//go:build unix

package runs

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
)

// processAlive reports whether a process with this pid exists (signal 0 checks without
// sending anything; EPERM means it exists but belongs to another user) and has not exited.
// A process that exited but was not yet reaped (a zombie) still answers signal 0: a killed
// CLI whose parent died before reaping it stays one wherever nothing reaps orphans (a
// container without an init), and its run would show as running for good.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	if err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	return !zombie(pid)
}

// zombie reports whether Linux's /proc says the process has exited ("Z", or "X" while it
// is being reaped); elsewhere, with no /proc, it says no.
func zombie(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the command name, which is in parentheses and may hold spaces.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 || i+2 >= len(s) {
		return false
	}
	switch s[i+2] {
	case 'Z', 'X':
		return true
	}
	return false
}
