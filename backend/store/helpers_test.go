package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// t0 is the fake clock's start; every reading advances it by one millisecond so stored
// times are distinct and ordered.
var t0 = time.Date(2025, 3, 14, 9, 26, 53, 0, time.UTC)

type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: t0} }

// advance moves the clock forward by d.
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(time.Millisecond)
	return c.now
}

func newTestStore(t *testing.T) (*Store, *fakeClock) {
	t.Helper()
	clock := newFakeClock()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "deepcritical.db"), WithClock(clock.Now))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	return s, clock
}

func requireCode(t *testing.T, err error, code domain.Code) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, code, domain.CodeOf(err), "error: %v", err)
}

func fileSHA(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func testRun(id, question string) domain.Run {
	cfg := domain.DefaultRunConfig()
	return domain.Run{
		ID:       id,
		Question: question,
		Config:   cfg,
		Status:   domain.RunRunning,
		Judge:    domain.JudgeInfo{Provider: domain.ProviderOffline, Model: "heuristic", PromptVersion: "judge/v1", Kind: domain.JudgeKindOffline},
	}
}

func mustCreateRun(t *testing.T, s *Store, id, question string) domain.Run {
	t.Helper()
	r := testRun(id, question)
	require.NoError(t, s.CreateRun(context.Background(), r))
	got, err := s.GetRun(context.Background(), id)
	require.NoError(t, err)
	return got
}

func paper(pmid, title, content string) domain.Evidence {
	return domain.Evidence{
		Content:   content,
		Relevance: 0.5,
		Citation: domain.Citation{
			Source:  domain.SourcePubMed,
			ID:      pmid,
			PMID:    pmid,
			Title:   title,
			URL:     "https://pubmed.ncbi.nlm.nih.gov/" + pmid + "/",
			Date:    "2021",
			Authors: []string{"Smith J"},
		},
	}
}

// requireFTSConsistent runs FTS5's integrity-check on every external-content index, which
// compares the index with the rows it was built from.
func requireFTSConsistent(t *testing.T, s *Store) {
	t.Helper()
	for _, fts := range []string{"runs_fts", "evidence_fts", "reports_fts", "library_fts"} {
		_, err := s.db.ExecContext(context.Background(), `INSERT INTO `+fts+`(`+fts+`) VALUES ('integrity-check')`)
		require.NoError(t, err, fts)
	}
}
