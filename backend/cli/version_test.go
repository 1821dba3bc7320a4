package cli

import (
	"bytes"
	"strings"
	"testing"

	"deepcritical/backend/buildinfo"
)

func TestVersionFlagPrintsStampedVersionAndCommit(t *testing.T) {
	for _, arg := range []string{"--version", "-version", "version"} {
		var out, errb bytes.Buffer
		if code := Main([]string{arg}, &out, &errb); code != exitOK {
			t.Fatalf("%s: exit %d, stderr %q", arg, code, errb.String())
		}
		v, c := buildinfo.Info()
		got := strings.TrimSpace(out.String())
		if got != "deepcritical "+v+" (commit "+c+")" {
			t.Fatalf("%s printed %q", arg, got)
		}
	}
}
