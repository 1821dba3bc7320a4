//go:build unix

package clijudge

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the command in a new process group and makes cancellation kill
// the whole group, so grandchildren cannot outlive a timeout.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// killGroup kills what is left of a process group (ESRCH when nothing is left is fine).
func killGroup(pid int) {
	_ = syscall.Kill(-pid, syscall.SIGKILL)
}
