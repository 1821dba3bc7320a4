//go:build !unix

package clijudge

import "os/exec"

// setProcessGroup has no process groups to use here; cancellation kills the process
// itself (exec's default).
func setProcessGroup(*exec.Cmd) {}

// killGroup is a no-op without process groups.
func killGroup(int) {}
