package librarysrc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/store"
)

var _ search.Source = (*Source)(nil)

const nbib = `PMID- 31000001
TI  - Metformin and the risk of Alzheimer's disease.
DP  - 2019 Apr
AB  - Metformin slowed cognitive decline in older adults with diabetes.
MH  - Alzheimer Disease/*prevention & control

PMID- 31000002
TI  - Donepezil in mild cognitive impairment.
DP  - 2018
AB  - Donepezil was compared with placebo; metformin users were excluded.

PMID- 31000003
TI  - Lecanemab and amyloid clearance.
LID - 10.1000/lec.2023 [doi]
AB  - Lecanemab reduced amyloid in early Alzheimer's disease.
`

func seededStore(t *testing.T) *store.Store {
	t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(t.TempDir(), "lib.db"))
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	f := filepath.Join(t.TempDir(), "x.nbib")
	require.NoError(t, os.WriteFile(f, []byte(nbib), 0o644))
	fh, err := os.Open(f)
	require.NoError(t, err)
	defer fh.Close()
	evs, errs := citeformat.Read(fh, citeformat.FormatMEDLINE)
	require.Empty(t, errs)
	_, err = s.UpsertLibraryRecords(ctx, evs)
	require.NoError(t, err)
	return s
}

func TestSearchStore(t *testing.T) {
	src := NewSource(seededStore(t))
	require.Equal(t, domain.SourceLibrary, src.Name())
	tests := []struct {
		name    string
		queries []string
		max     int
		want    []string // PMIDs in order
	}{
		{"title match ranks first", []string{"metformin"}, 10, []string{"31000001", "31000002"}},
		{"max per query", []string{"metformin"}, 1, []string{"31000001"}},
		{"union over queries, deduplicated", []string{"alzheimer", "metformin"}, 10, []string{"31000001", "31000003", "31000002"}},
		{"no hits", []string{"zzzzqqq"}, 10, []string{}},
		{"hostile FTS syntax is safe", []string{`AND OR ( "metf`}, 10, []string{}},
		{"empty query ignored", []string{"  "}, 10, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs, err := src.Search(context.Background(), tt.queries, tt.max)
			require.NoError(t, err)
			got := []string{}
			for _, ev := range evs {
				got = append(got, ev.Citation.PMID)
				require.Equal(t, domain.SourceLibrary, ev.Citation.Source)
				require.NoError(t, ev.Validate())
				require.Greater(t, ev.Relevance, 0.0)
			}
			require.Equal(t, tt.want, got)
			if len(evs) > 0 {
				require.Equal(t, 1.0, evs[0].Relevance)
			}
		})
	}
}

func TestSearchRelevanceFromBM25(t *testing.T) {
	recs := []store.LibraryRecord{
		{ID: 1, Score: 8, Evidence: domain.Evidence{Citation: domain.Citation{PMID: "1", Title: "a"}}},
		{ID: 2, Score: 2, Evidence: domain.Evidence{Citation: domain.Citation{PMID: "2", Title: "b"}}},
		{ID: 3, Score: 0.001, Evidence: domain.Evidence{Citation: domain.Citation{Title: "c"}}},
	}
	src := NewSource(SearcherFunc(func(context.Context, string, int) ([]store.LibraryRecord, error) { return recs, nil }))
	evs, err := src.Search(context.Background(), []string{"q"}, 10)
	require.NoError(t, err)
	require.Equal(t, []float64{1, 0.25, 0.01}, []float64{evs[0].Relevance, evs[1].Relevance, evs[2].Relevance})
	require.Equal(t, "3", evs[2].Citation.ID, "a record without ids is named by its row id")
}

func TestSearchErrors(t *testing.T) {
	boom := errors.New("database is locked")
	calls := 0
	src := NewSource(SearcherFunc(func(_ context.Context, q string, _ int) ([]store.LibraryRecord, error) {
		calls++
		if q == "bad" {
			return nil, boom
		}
		return []store.LibraryRecord{{ID: 9, Score: 1, Evidence: domain.Evidence{Citation: domain.Citation{PMID: "9", Title: "ok"}}}}, nil
	}))
	evs, err := src.Search(context.Background(), []string{"bad", "good"}, 5)
	require.ErrorIs(t, err, boom)
	require.Len(t, evs, 1, "the other query's results are kept")
	require.Equal(t, 2, calls)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = src.Search(ctx, []string{"good"}, 5)
	require.ErrorIs(t, err, context.Canceled)

	_, err = NewSource(nil).Search(context.Background(), []string{"x"}, 5)
	require.Equal(t, domain.CodeUnavailable, domain.CodeOf(err))
}

// TestEmptyLibraryIsAWarning: a search of a library with no record says the library is
// empty (a warning, not a failure); a library with records that match nothing says nothing.
func TestEmptyLibraryIsAWarning(t *testing.T) {
	ctx := context.Background()
	empty, err := store.Open(ctx, filepath.Join(t.TempDir(), "empty.db"))
	require.NoError(t, err)
	t.Cleanup(func() { empty.Close() })
	seeded := seededStore(t)
	for _, tc := range []struct {
		name    string
		st      *store.Store
		warning bool
	}{{"empty", empty, true}, {"no match", seeded, false}} {
		t.Run(tc.name, func(t *testing.T) {
			evs, err := NewSource(tc.st).WithCount(tc.st.CountLibrary).Search(ctx, []string{"zebrafish"}, 10)
			require.Empty(t, evs)
			if !tc.warning {
				require.NoError(t, err)
				return
			}
			w, ok := search.AsWarning(err)
			require.True(t, ok, "a warning, not a failure: %v", err)
			require.Equal(t, []string{EmptyLibrary}, w.Messages)
		})
	}
}
