package appraisal

import (
	"testing"

	"deepcritical/backend/internal/lazyre"
)

// The rules' expressions compile on first use (lazyre); this compiles every one of them, so
// an invalid expression fails here rather than in a user's run.
func TestPatternsCompile(t *testing.T) {
	if lazyre.MustCompileAll() == 0 {
		t.Fatal("no expressions were made")
	}
}
