package citeformat

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// sharedPath returns a path under <repo root>/../shared, or skips the test when the
// shared folder is absent.
func sharedPath(t testing.TB, parts ...string) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("repository root (go.mod) not found: skipping shared-data test")
		}
		dir = parent
	}
	p := filepath.Join(append([]string{dir, "..", "shared"}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s not found: skipping shared-data test", filepath.Join(append([]string{"…/shared"}, parts...)...))
	}
	return p
}

// golden compares v, rendered as indented JSON, with testdata/name; UPDATE_GOLDEN=1
// rewrites the file.
func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	got = append(got, '\n')
	path := filepath.Join("testdata", name)
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "golden file missing: run with UPDATE_GOLDEN=1")
	require.Equal(t, string(want), string(got))
}

// goldenText compares got with the file testdata/name byte for byte; UPDATE_GOLDEN=1
// rewrites the file.
func goldenText(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "golden file missing: run with UPDATE_GOLDEN=1")
	require.Equal(t, string(want), got)
}
