package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder captures Fatalf so the failure paths can be checked without failing this test.
type recorder struct {
	testing.TB
	failed bool
	msg    string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = true
	r.msg = format
	panic(r)
}

func run(fn func(tb testing.TB), t *testing.T) *recorder {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil && p != r {
				panic(p)
			}
		}()
		fn(r)
	}()
	return r
}

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	txt := filepath.Join(dir, "a.golden")
	js := filepath.Join(dir, "a.golden.json")
	if err := os.WriteFile(txt, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(js, []byte(`{"a": 1, "b": [1, 2]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		fn   func(tb testing.TB)
		fail bool
	}{
		{"equal bytes", func(tb testing.TB) { Equal(tb, txt, []byte("hello\n")) }, false},
		{"different bytes", func(tb testing.TB) { Equal(tb, txt, []byte("hello")) }, true},
		{"missing file", func(tb testing.TB) { Equal(tb, filepath.Join(dir, "none"), []byte("x")) }, true},
		{"same JSON other layout", func(tb testing.TB) { JSONEq(tb, js, []byte(`{"b":[1,2],"a":1}`)) }, false},
		{"different JSON", func(tb testing.TB) { JSONEq(tb, js, []byte(`{"b":[2,1],"a":1}`)) }, true},
		{"output not JSON", func(tb testing.TB) { JSONEq(tb, js, []byte(`<html>`)) }, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if r := run(c.fn, t); r.failed != c.fail {
				t.Fatalf("failed=%v, want %v (%s)", r.failed, c.fail, r.msg)
			}
		})
	}
}

func TestUpdateWritesTheFile(t *testing.T) {
	old := *update
	*update = true
	defer func() { *update = old }()
	path := filepath.Join(t.TempDir(), "sub", "new.golden")
	Equal(t, path, []byte("fresh"))
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "fresh" {
		t.Fatalf("-update wrote %q, %v", b, err)
	}
}
