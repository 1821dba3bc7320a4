package buildinfo

import (
	"strings"
	"testing"
)

func TestStringNamesVersionAndCommit(t *testing.T) {
	v, c := Info()
	if v == "" || c == "" {
		t.Fatalf("Info() = %q, %q: both must be non-empty", v, c)
	}
	s := String()
	if !strings.HasPrefix(s, "deepcritical "+v+" ") || !strings.Contains(s, "commit "+c) {
		t.Fatalf("String() = %q, want version %q and commit %q", s, v, c)
	}
}
