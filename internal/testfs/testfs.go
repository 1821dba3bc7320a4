// Package testfs holds file-system helpers shared by tests of several packages.
package testfs

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
)

// MakeReadOnly makes dir unwritable for this process until the test ends: permission bits
// for a normal user, the immutable attribute for root (whom permission bits do not stop).
// The test is skipped, with the reason, when neither is possible.
func MakeReadOnly(t testing.TB, dir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		require.NoError(t, os.Chmod(dir, 0o500))
		t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
		return
	}
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("running as root and chattr +i is unavailable (%v: %s): cannot make a read-only folder", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("chattr", "-i", dir).Run() })
}
