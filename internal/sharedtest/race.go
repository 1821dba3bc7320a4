package sharedtest

import "testing"

// SkipUnderRace skips a test when the binary is built with the race detector. It is for the
// tests that run a pure, single-goroutine function over hundreds of real abstracts: the
// detector has nothing to find there and makes them ten times slower (two and a half minutes
// of CPU for the judge's three), which was most of `make test`'s critical path. `make test-go`
// runs their packages a second time without -race (RACE_FREE_PKGS in the Makefile), so they
// still run on every `make test`; code they call that does run goroutines is raced by the
// services, CLI and search tests.
func SkipUnderRace(t testing.TB) {
	t.Helper()
	if raceDetector {
		t.Skip("pure function over real data: run without -race by make test-go's second pass")
	}
}
