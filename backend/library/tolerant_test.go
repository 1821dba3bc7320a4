package library

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestReimportNeverReplacesRicherFields(t *testing.T) {
	ctx := context.Background()
	s := openStore(t)
	rich := "TY  - JOUR\nTI  - Pembrolizumab in NSCLC\nAU  - Flaherty, Keith T\nAU  - Müller, Jürgen C\nPY  - 2020\nDA  - 2020/06/15/\n" +
		"DO  - 10.1056/NEJMoa2000001\nAB  - Full abstract (p < 0.05) with every sentence kept.\nER  - \n"
	poor := `[{"id":"x","title":"Pembrolizumab in NSCLC","DOI":"10.1056/nejmoa2000001","author":[{"family":"Flaherty","given":"KT"},{"family":"Müller","given":"JC"}],` +
		`"issued":{"date-parts":[[2020]]},"abstract":"Full abstract (p"}]`
	p := writeFiles(t, map[string]string{"rich.ris": rich, "poor.json": poor})

	sum, err := Import(ctx, s, []string{p["rich.ris"]}, nil)
	require.NoError(t, err)
	require.Equal(t, 1, sum.Imported)
	sum, err = Import(ctx, s, []string{p["poor.json"]}, nil)
	require.NoError(t, err)
	// The DOI matches whatever its case, and the poorer copy brings nothing new: the record
	// is found, and left as it was.
	require.Equal(t, 1, sum.Updated+sum.Unchanged, "the DOI matches whatever its case")
	require.Zero(t, sum.Imported)

	recs, err := s.ListLibrary(ctx, 10, 0)
	require.NoError(t, err)
	require.Len(t, recs, 1)
	c := recs[0].Evidence.Citation
	require.Equal(t, []string{"Flaherty, Keith T", "Müller, Jürgen C"}, c.Authors)
	require.Equal(t, "2020-06-15", c.Date)
	require.Equal(t, "Full abstract (p < 0.05) with every sentence kept.", recs[0].Evidence.Content)
	require.Equal(t, "10.1056/NEJMoa2000001", c.DOI, "stored as first given, not lower-cased")
}

func TestNothingImportedSaysWhy(t *testing.T) {
	ctx := context.Background()
	p := writeFiles(t, map[string]string{
		"empty.ris":  "",
		"empty.txt":  "",
		"items.json": `{"items":5,"title":[]}`,
		"bad.bib":    "@article{a, title = {Broken\n",
		"good.ris":   "TY  - JOUR\nTI  - Fine\nER  - \n",
	})
	tests := []struct {
		file, why string
	}{
		{"empty.ris", "no records were found"},
		{"empty.txt", "no file could be read"},
		{"items.json", "1 record has no title and no identifier"},
		{"bad.bib", "1 error (first: bad.bib record 1:"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			sum, err := Import(ctx, openStore(t), []string{p[tt.file]}, nil)
			require.NoError(t, err)
			why := sum.NothingImported()
			require.True(t, strings.HasPrefix(why, "nothing was imported: "), why)
			require.Contains(t, why, tt.why)
			require.Equal(t, why, sum.Nothing, "the window reads the same line from the summary")
		})
	}
	sum, err := Import(ctx, openStore(t), []string{p["good.ris"], p["empty.ris"]}, nil)
	require.NoError(t, err)
	require.Empty(t, sum.NothingImported(), "one good file is enough")
	require.Empty(t, sum.Nothing)
}

func TestImportReportsWarnings(t *testing.T) {
	ctx := context.Background()
	p := writeFiles(t, map[string]string{"latin1.ris": "TY  - JOUR\nTI  - Caf\xe9\nER  - \n"})
	sum, err := Import(ctx, openStore(t), []string{p["latin1.ris"]}, nil)
	require.NoError(t, err)
	require.Equal(t, 1, sum.Imported)
	require.Empty(t, sum.Errors)
	require.Len(t, sum.Warnings, 1)
	require.Contains(t, sum.Warnings[0].Error, "not UTF-8")
}
