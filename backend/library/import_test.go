package library

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
	"deepcritical/backend/store"
)

const nbibFile = `PMID- 31000001
TI  - Metformin and the risk of Alzheimer's disease.
DP  - 2019 Apr
FAU - Smith, John A
JT  - Journal of Alzheimer's disease
PT  - Randomized Controlled Trial
AB  - BACKGROUND: Metformin may lower dementia risk. RESULTS: Slower decline.

PMID- 31000002
TI  - Donepezil in mild cognitive impairment.
DP  - 2018
this line is corrupt

PMID- 31000003
TI  - Lecanemab and amyloid clearance.
DP  - 2023 Jan 5
LID - 10.1000/lec.2023 [doi]
`

const risFile = `TY  - JOUR
TI  - Metformin and the risk of Alzheimer's disease.
AN  - 31000001
ER  - 

TY  - JOUR
AU  - Nobody, N
ER  - 

TY  - JOUR
TI  - Semaglutide and cognition
DO  - 10.1000/sema.2024
ER  - 
`

const bibFile = `@article{a, title = {Exercise and dementia}, doi = {10.1000/ex}, year = 2020}
`

func writeFiles(t *testing.T, files map[string]string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	out := map[string]string{}
	for name, body := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		out[name] = p
	}
	return out
}

func openStore(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lib.db"))
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func TestImportIntoStore(t *testing.T) {
	ctx := context.Background()
	s := openStore(t)
	p := writeFiles(t, map[string]string{"a.nbib": nbibFile, "b.ris": risFile, "c.bib": bibFile, "notes.dat": "just words"})
	missing := filepath.Join(filepath.Dir(p["a.nbib"]), "missing.ris")
	paths := []string{p["a.nbib"], missing, p["b.ris"], p["notes.dat"], p["c.bib"]}

	var progress []Progress
	sum, err := Import(ctx, s, paths, func(pr Progress) { progress = append(progress, pr) })
	require.NoError(t, err)
	// a.nbib: 2 new (record 2 bad); b.ris: 31000001 again (update), 1 skipped, 1 new; c.bib: 1 new.
	require.Equal(t, 4, sum.Imported)
	require.Equal(t, 1, sum.Updated+sum.Unchanged, "31000001 again: found, never a second record")
	require.Equal(t, 1, sum.Skipped)
	require.Contains(t, sum.Warnings, ImportError{File: p["b.ris"], Record: 2, Error: citeformat.NoIdentity}, "a skipped record is named, with why")
	require.Len(t, sum.Errors, 3)
	require.Equal(t, ImportError{File: p["a.nbib"], Record: 2, Error: `line 12: not a MEDLINE tag line: "this line is corrupt"`}, sum.Errors[0])
	require.Equal(t, missing, sum.Errors[1].File)
	require.Equal(t, 0, sum.Errors[1].Record)
	require.Contains(t, sum.Errors[1].Error, "no such file")
	require.Equal(t, p["notes.dat"], sum.Errors[2].File)
	require.Contains(t, sum.Errors[2].Error, "unrecognised citation format")

	n, err := s.CountLibrary(ctx)
	require.NoError(t, err)
	require.Equal(t, 4, n)

	// Re-importing the same files never duplicates: a record given again as stored is
	// counted unchanged (c.bib's, b.ris's new one), one a later file had changed is updated.
	sum2, err := Import(ctx, s, []string{p["a.nbib"], p["b.ris"], p["c.bib"]}, nil)
	require.NoError(t, err)
	require.Equal(t, 0, sum2.Imported)
	require.Equal(t, 5, sum2.Updated+sum2.Unchanged)
	require.GreaterOrEqual(t, sum2.Unchanged, 2)
	t.Logf("re-import: updated %d, unchanged %d", sum2.Updated, sum2.Unchanged)
	// The same file a third time changes nothing at all.
	sum3, err := Import(ctx, s, []string{p["c.bib"]}, nil)
	require.NoError(t, err)
	require.Equal(t, []int{0, 0, 1}, []int{sum3.Imported, sum3.Updated, sum3.Unchanged})
	require.Empty(t, sum3.NothingImported(), "an unchanged re-import is no failure")
	n, err = s.CountLibrary(ctx)
	require.NoError(t, err)
	require.Equal(t, 4, n)

	recs, err := s.SearchLibrary(ctx, "metformin", 10)
	require.NoError(t, err)
	require.Len(t, recs, 1)
	require.Equal(t, "31000001", recs[0].Evidence.Citation.PMID)
	require.Equal(t, domain.SourceLibrary, recs[0].Evidence.Citation.Source)
	require.Len(t, recs[0].Evidence.Citation.Sections, 2)

	// Progress: every file ends with FileDone, bytes reach the file size, counts grow.
	var done []string
	for _, pr := range progress {
		require.Equal(t, len(paths), pr.FileCount)
		require.LessOrEqual(t, pr.BytesRead, max(pr.BytesTotal, 0))
		if pr.FileDone {
			done = append(done, pr.File)
			require.Equal(t, pr.BytesTotal, pr.BytesRead)
		}
	}
	require.Equal(t, paths, done)
	last := progress[len(progress)-1]
	require.Equal(t, []int{4, 1, 1, 3}, []int{last.Imported, last.Updated + last.Unchanged, last.Skipped, last.Errors})
}

func TestSummaryJSON(t *testing.T) {
	b, err := json.Marshal(Summary{Imported: 1, Errors: []ImportError{{File: "f.ris", Record: 3, Error: "bad"}}})
	require.NoError(t, err)
	require.JSONEq(t, `{"imported":1,"updated":0,"unchanged":0,"skipped":0,"errors":[{"file":"f.ris","record":3,"error":"bad"}],
		"warnings":null,"files":0,"records":0}`, string(b))
	sum, err := Import(context.Background(), &fakeIndex{}, nil, nil)
	require.NoError(t, err)
	b, err = json.Marshal(sum)
	require.NoError(t, err)
	require.JSONEq(t, `{"imported":0,"updated":0,"unchanged":0,"skipped":0,"errors":[],"warnings":[],"files":0,"records":0,
		"nothing_imported":"nothing was imported: no records were found in the file(s)"}`, string(b))
}

// fakeIndex is a non-batch Index that records keys and can fail on demand.
type fakeIndex struct {
	keys    map[string]bool
	failOn  string
	failErr error
	calls   int
}

func (f *fakeIndex) UpsertLibraryRecord(_ context.Context, ev domain.Evidence) (int64, bool, error) {
	f.calls++
	if f.keys == nil {
		f.keys = map[string]bool{}
	}
	if f.failOn != "" && strings.Contains(ev.Citation.Title, f.failOn) {
		return 0, false, f.failErr
	}
	k := ev.CanonicalKey()
	existed := f.keys[k]
	f.keys[k] = true
	return int64(len(f.keys)), !existed, nil
}

func TestImportIndexErrors(t *testing.T) {
	p := writeFiles(t, map[string]string{"a.nbib": nbibFile, "c.bib": bibFile})
	tests := []struct {
		name       string
		failErr    error
		wantStop   bool
		wantErrors int
		imported   int
	}{
		{"invalid record is reported and skipped", domain.Errorf(domain.CodeInvalid, "record refused"), false, 2, 2},
		{"database failure stops the import", errors.New("disk I/O error"), true, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			idx := &fakeIndex{failOn: "Lecanemab", failErr: tt.failErr}
			sum, err := Import(context.Background(), idx, []string{p["a.nbib"], p["c.bib"]}, nil)
			if tt.wantStop {
				require.Error(t, err)
				require.ErrorIs(t, err, tt.failErr)
			} else {
				require.NoError(t, err)
			}
			require.Len(t, sum.Errors, tt.wantErrors)
			require.Equal(t, tt.imported, sum.Imported)
			if !tt.wantStop {
				require.Equal(t, 3, sum.Errors[1].Record)
				require.Equal(t, "record refused", sum.Errors[1].Error)
			}
		})
	}
}

func TestImportCancelled(t *testing.T) {
	p := writeFiles(t, map[string]string{"big.nbib": generateMEDLINE(2000, 1)})
	ctx, cancel := context.WithCancel(context.Background())
	var seen int
	sum, err := Import(ctx, &fakeIndex{}, []string{p["big.nbib"]}, func(pr Progress) {
		seen++
		if pr.Records >= batchSize {
			cancel()
		}
	})
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, sum.Imported, 2000)
	require.Positive(t, seen)
}

func TestImportLargeFileStreams(t *testing.T) {
	ctx := context.Background()
	s := openStore(t)
	const n = 1200
	p := writeFiles(t, map[string]string{"big.medline": generateMEDLINE(n, 7)})
	var updates []Progress
	sum, err := Import(ctx, s, []string{p["big.medline"]}, func(pr Progress) { updates = append(updates, pr) })
	require.NoError(t, err)
	require.Equal(t, Summary{Imported: n, Errors: []ImportError{}, Warnings: []ImportError{}, Files: 1, Records: n}, sum)
	// Progress arrives during the file, not only at its end, and bytes only grow.
	require.Greater(t, len(updates), n/batchSize)
	for i := 1; i < len(updates); i++ {
		require.GreaterOrEqual(t, updates[i].BytesRead, updates[i-1].BytesRead)
	}
	count, err := s.CountLibrary(ctx)
	require.NoError(t, err)
	require.Equal(t, n, count)
}

func TestGenerateMEDLINEIsValid(t *testing.T) {
	body := generateMEDLINE(3, 1)
	require.Equal(t, 3, strings.Count(body, "PMID- "))
	require.Contains(t, body, fmt.Sprintf("PMID- %d", 40000000))
}

// A record joins the stored record it shares any identifier with, not only the one stored
// under its own canonical key: a PubMed record (keyed by its PMID) after a reference
// manager's copy that had only the DOI, and a third copy with only the PMID after both.
func TestImportJoinsTheRecordSharingAnIdentifier(t *testing.T) {
	ctx := context.Background()
	s := openStore(t)
	p := writeFiles(t, map[string]string{
		"zotero.ris":  "TY  - JOUR\nTI  - Lecanemab and amyloid clearance\nDO  - 10.1000/LEC.2023\nER  - \n",
		"pubmed.nbib": nbibFile,
		"again.bib":   "@article{x, title = {Lecanemab and amyloid clearance}, pmid = {31000003}, year = 2023}\n",
	})
	first, err := Import(ctx, s, []string{p["zotero.ris"]}, nil)
	require.NoError(t, err)
	require.Equal(t, 1, first.Imported)
	sum, err := Import(ctx, s, []string{p["pubmed.nbib"], p["again.bib"]}, nil)
	require.NoError(t, err)
	require.Equal(t, 1, sum.Imported, "31000001 is new (31000002 is corrupt)")
	require.Equal(t, 2, sum.Updated+sum.Unchanged, "31000003 joins the DOI's record, and the BibTeX copy with only its PMID joins it too")
	require.GreaterOrEqual(t, sum.Updated, 1)

	recs, err := s.ListLibrary(ctx, 10, 0)
	require.NoError(t, err)
	require.Len(t, recs, 2)
	var lec store.LibraryRecord
	for _, r := range recs {
		if r.Evidence.Citation.PMID == "31000003" {
			lec = r
		}
	}
	require.Equal(t, "doi:10.1000/lec.2023", lec.Key, "the record keeps the key it was stored under")
	require.Equal(t, "10.1000/LEC.2023", lec.Evidence.Citation.DOI)
}
