package store

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// FuzzSearchText feeds arbitrary user text to both searches over a real database: whatever
// is typed, FTS5 must never see a syntax error.
func FuzzSearchText(f *testing.F) {
	for _, seed := range []string{`metformin "alz`, `AND OR (`, `"`, `title:x*`, `NEAR(a b, 2)`, `a AND NOT b`,
		"\x00", `{col}: x`, `"a" "`, `^x`, `-x +y`, `x*y`, `'; DROP TABLE runs; --`, "métformin’s", `""""`, "\xff\xfemetformin"} {
		f.Add(seed)
	}
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(f.TempDir(), "fuzz.db"))
	require.NoError(f, err)
	f.Cleanup(func() { _ = s.Close() })
	require.NoError(f, s.CreateRun(ctx, testRun("r1", "metformin alzheimer trial")))
	_, _, err = s.UpsertLibraryRecord(ctx, domain.Evidence{Content: "amyloid", Citation: domain.Citation{Source: domain.SourceLibrary, PMID: "1", Title: "Metformin"}})
	require.NoError(f, err)

	f.Fuzz(func(t *testing.T, text string) {
		_, err := s.ListRuns(ctx, RunFilter{Text: text})
		require.NoError(t, err, "query %q → %q", text, ftsQuery(text))
		_, err = s.SearchLibrary(ctx, text, 5)
		require.NoError(t, err, "query %q → %q", text, ftsQuery(text))
	})
}
