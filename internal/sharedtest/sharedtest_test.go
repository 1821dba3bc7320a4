package sharedtest

import (
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a helper ended the test instead of ending it.
type recorder struct {
	testing.TB
	skipped, failed bool
	msg             string
}

type stop struct{}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped, r.msg = true, format
	panic(stop{})
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed, r.msg = true, format
	panic(stop{})
}

func run(t *testing.T, ci string, f func(testing.TB)) *recorder {
	t.Setenv("CI", ci)
	r := &recorder{TB: t}
	func() {
		defer func() {
			if v := recover(); v != nil {
				if _, ok := v.(stop); !ok {
					panic(v)
				}
			}
		}()
		f(r)
	}()
	return r
}

func TestMissingSharedSkipsLocallyAndFailsInCI(t *testing.T) {
	missing := func(tb testing.TB) { Path(tb, "no-such-dir-for-sharedtest", "x.xml") }
	tests := []struct {
		ci              string
		skipped, failed bool
	}{
		{"", true, false},
		{"false", true, false},
		{"true", false, true},
		{"1", false, true},
	}
	for _, tt := range tests {
		r := run(t, tt.ci, missing)
		if r.skipped != tt.skipped || r.failed != tt.failed {
			t.Errorf("CI=%q: skipped=%v failed=%v, want %v %v", tt.ci, r.skipped, r.failed, tt.skipped, tt.failed)
		}
		if !strings.Contains(r.msg, "not found") {
			t.Errorf("CI=%q: message %q does not say what is missing", tt.ci, r.msg)
		}
	}
}

func TestRootHoldsGoMod(t *testing.T) {
	if !strings.HasSuffix(Dir(t), "shared") {
		t.Fatalf("Dir = %q", Dir(t))
	}
}
