// Package sharedtest locates the repository root and the shared test corpus that sits beside
// it (../shared: recorded API responses, the MEDLINE sample, PubMedQA, …) and holds the one
// rule for when it is missing: a developer's clone without it skips those tests, which are
// extra coverage over the package's own testdata/, but CI (CI=true) fails, so the tests that
// read real recorded data can never silently stop running there. The tests that need a tool
// setup installs (the real claude CLI, node, chromium, the citation parsers) ask InCI the
// same way.
package sharedtest

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// Root returns the repository root: the nearest directory above the working directory that
// holds go.mod.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatalf("getwd: %v", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("go.mod not found above %s", dir)
		}
		dir = parent
	}
}

// Dir returns <repo root>/../shared without checking that it exists.
func Dir(t testing.TB) string {
	t.Helper()
	return filepath.Join(filepath.Dir(Root(t)), "shared")
}

// Path returns <repo root>/../shared/<parts…>; when that path does not exist the test is
// skipped, or failed under CI (see Missing).
func Path(t testing.TB, parts ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{Dir(t)}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		Missing(t, filepath.Join(append([]string{"../shared"}, parts...)...))
	}
	return p
}

// Read returns the bytes of <repo root>/../shared/<parts…>, skipping or failing as Path does.
func Read(t testing.TB, parts ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(Path(t, parts...))
	if err != nil {
		t.Fatalf("read shared file: %v", err)
	}
	return b
}

// Missing ends the test because what (a path under ../shared) is absent: a skip on a
// developer's machine, a failure when the CI environment variable is true.
func Missing(t testing.TB, what string) {
	t.Helper()
	if InCI() {
		t.Fatalf("%s not found: CI=true requires the shared test corpus beside the repository", what)
	}
	t.Skipf("%s not found: skipping (the package's testdata/ covers the same cases; this is extra coverage)", what)
}

// InCI reports whether the CI environment variable is set to a true value.
func InCI() bool {
	v, err := strconv.ParseBool(os.Getenv("CI"))
	return err == nil && v
}

// Exists reports whether <repo root>/../shared/<parts…> exists, for helpers that use the
// shared corpus only as an addition.
func Exists(t testing.TB, parts ...string) bool {
	t.Helper()
	_, err := os.Stat(filepath.Join(append([]string{Dir(t)}, parts...)...))
	return err == nil
}
