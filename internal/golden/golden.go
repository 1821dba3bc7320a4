// Package golden is the one -update flag of the repository's golden-file tests: every
// package that compares output with a file under its testdata/ reads it through File, and
// `go test ./pkg -update` rewrites those files from the current output (check the diff
// before committing). It sits at the repository root, not under backend/, so that prompts/
// can use it too.
package golden

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ from the current output")

// Updating reports whether the test binary runs with -update.
func Updating() bool { return *update }

// File returns the golden content at path (relative to the package directory, usually
// testdata/...). Under -update it first writes got there, creating the folder. A missing
// file fails the test with the command that creates it.
func File(t testing.TB, path string, got []byte) []byte {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatalf("golden: %v", err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("golden: %v", err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file %s: %v (run the package's tests with -update to create it)", path, err)
	}
	return want
}

// Equal fails the test unless got equals the golden file at path byte for byte.
func Equal(t testing.TB, path string, got []byte) {
	t.Helper()
	if want := File(t, path, got); string(want) != string(got) {
		t.Fatalf("output differs from golden %s (run with -update after checking the diff):\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// JSONEq fails the test unless got and the golden file at path hold the same JSON value
// (key order and spacing aside).
func JSONEq(t testing.TB, path string, got []byte) {
	t.Helper()
	want := File(t, path, got)
	var w, g any
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("golden %s is not JSON: %v", path, err)
	}
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("output compared with %s is not JSON: %v", path, err)
	}
	wb, _ := json.Marshal(w)
	gb, _ := json.Marshal(g)
	if string(wb) != string(gb) {
		t.Fatalf("output differs from golden %s (run with -update after checking the diff):\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}
