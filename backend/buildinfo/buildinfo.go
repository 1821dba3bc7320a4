// Package buildinfo holds the version and commit stamped into the binary at link time
// (`-ldflags "-X deepcritical/backend/buildinfo.Version=… -X …Commit=…"`, see the Makefile),
// so `deepcritical --version`, the window and bug reports name the exact build. A plain
// `go build` without the flags falls back to the module's VCS stamp from debug.ReadBuildInfo.
package buildinfo

import (
	"runtime/debug"
	"sync"
)

// Version and Commit are set by the linker; the defaults mark an unstamped development build.
var (
	Version = "0.1.0-dev"
	Commit  = ""
)

var vcsOnce sync.Once

// Info returns the version and the commit, reading the Go toolchain's VCS stamp when the
// linker did not set a commit ("unknown" when neither is available).
func Info() (version, commit string) {
	vcsOnce.Do(func() {
		if Commit != "" {
			return
		}
		Commit = "unknown"
		bi, ok := debug.ReadBuildInfo()
		if !ok {
			return
		}
		var rev string
		dirty := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if rev != "" {
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if dirty {
				rev += "-dirty"
			}
			Commit = rev
		}
	})
	return Version, Commit
}

// String is the one-line form printed by `deepcritical --version`.
func String() string {
	v, c := Info()
	return "deepcritical " + v + " (commit " + c + ")"
}
