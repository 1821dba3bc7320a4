package lazyre

import (
	"regexp"
	"testing"
)

func TestCompiledOnFirstUseAndMatchesLikeRegexp(t *testing.T) {
	r := New(`(?i)\b(random)i[sz]ed\b`)
	re := regexp.MustCompile(r.String())
	for _, s := range []string{"A randomised trial", "RANDOMIZED", "nonrandom", ""} {
		if r.MatchString(s) != re.MatchString(s) || r.FindString(s) != re.FindString(s) {
			t.Errorf("%q: lazy and compiled expressions disagree", s)
		}
	}
	if got := r.ReplaceAllString("randomised", "x"); got != "x" {
		t.Errorf("ReplaceAllString = %q", got)
	}
	if r.NumSubexp() != 1 {
		t.Errorf("NumSubexp = %d", r.NumSubexp())
	}
}

func TestAnInvalidExpressionFailsAtFirstUseAndInMustCompileAll(t *testing.T) {
	bad := New(`(unclosed`) // no panic yet: nothing is compiled when the program starts
	mustPanic(t, "first use", func() { bad.MatchString("x") })
	mustPanic(t, "MustCompileAll", func() { MustCompileAll() })
}

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: an invalid expression did not panic", what)
		}
	}()
	f()
}
