package library

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/zotero"
	fake "deepcritical/internal/fakes/zotero"
)

func zoteroClient(t *testing.T) (*fake.Server, *zotero.Client) {
	t.Helper()
	z := fake.New(fake.DefaultSeed())
	z.LocalAPIEnabled = true
	srv := httptest.NewServer(z)
	t.Cleanup(srv.Close)
	cl, err := zotero.New(srv.URL, nil, zotero.Timeouts{})
	require.NoError(t, err)
	return z, cl
}

// TestImportZoteroMergesByAnyIdentifierAndNeverDuplicates: a paper already in the library
// under its PMID alone and the Zotero item carrying its DOI and PMCID too are one record;
// importing again updates every record and adds none.
func TestImportZoteroMergesByAnyIdentifierAndNeverDuplicates(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	// The UKPDS paper, imported earlier from a DOI-only file: keyed doi:…, no PMID.
	_, _, err := st.UpsertLibraryRecord(ctx, domain.Evidence{Citation: domain.Citation{Source: domain.SourceLibrary, ID: "x",
		DOI: "10.1016/s0140-6736(98)07037-8", Title: "UKPDS 34", MeshTerms: []string{"Metformin"}}})
	require.NoError(t, err)
	_, cl := zoteroClient(t)

	var last Progress
	sum, err := ImportZotero(ctx, st, cl, "", func(p Progress) { last = p })
	require.NoError(t, err)
	assert.Equal(t, 2, sum.Imported, "the Knowler trial and the book are new")
	assert.Equal(t, 1, sum.Updated, "UKPDS 34 merged into the record holding its DOI")
	assert.Equal(t, 3, sum.Records)
	assert.Empty(t, sum.Errors)
	assert.True(t, last.FileDone)
	assert.Equal(t, 3, last.Records, "the progress counts references, not the standalone note")
	require.Len(t, sum.Warnings, 2)
	assert.Equal(t, "1 standalone note or attachment was not imported: they are not references", sum.Warnings[0].Error)
	assert.Contains(t, sum.Warnings[1].Error, "Zotero has indexed the full text of 1 attachment; DeepCritical's library keeps titles, abstracts and identifiers only, so that text was not imported")
	n, err := st.CountLibrary(ctx)
	require.NoError(t, err)
	assert.Equal(t, 3, n)

	recs, err := st.SearchLibrary(ctx, "UKPDS", 10)
	require.NoError(t, err)
	require.Len(t, recs, 1)
	c := recs[0].Evidence.Citation
	assert.Equal(t, "doi:10.1016/s0140-6736(98)07037-8", recs[0].Key, "the stored record keeps its row")
	assert.Equal(t, "9742977", c.PMID, "and gains the PMID from Zotero's Extra")
	assert.Equal(t, "1998-09-12", c.Date, "Zotero's parsed date")
	assert.Equal(t, []string{"UK Prospective Diabetes Study (UKPDS) Group"}, c.Authors)
	assert.Equal(t, []string{"Metformin"}, c.MeshTerms, "what Zotero lacks is kept")

	recs, err = st.SearchLibrary(ctx, "lifestyle intervention", 10)
	require.NoError(t, err)
	require.Len(t, recs, 1)
	c = recs[0].Evidence.Citation
	assert.Equal(t, "pmid:11832527", recs[0].Key)
	assert.Equal(t, []string{"Knowler, William C.", "Barrett-Connor, Elizabeth", "Diabetes Prevention Program Research Group"}, c.Authors)
	assert.Equal(t, []string{"11832527", "PMC1370926", "10.1056/NEJMoa012512", "The New England Journal of Medicine", "346", "6", "393-403"},
		[]string{c.PMID, c.PMCID, c.DOI, c.Journal, c.Volume, c.Issue, c.Pages})
	assert.Contains(t, recs[0].Evidence.Content, "lifestyle-intervention program")
	assert.ElementsMatch(t, []string{"Diabetes Mellitus, Type 2", "metformin"}, c.Keywords)

	recs, err = st.SearchLibrary(ctx, "Teach EBM", 10)
	require.NoError(t, err)
	require.Len(t, recs, 1)
	assert.Equal(t, []string{"Straus, Sharon E."}, recs[0].Evidence.Citation.Authors, "the editor is not an author")

	again, err := ImportZotero(ctx, st, cl, "", nil)
	require.NoError(t, err)
	assert.Equal(t, 0, again.Imported)
	assert.Equal(t, 0, again.Updated, "nothing changed in Zotero")
	assert.Equal(t, 3, again.Unchanged)
	n, err = st.CountLibrary(ctx)
	require.NoError(t, err)
	assert.Equal(t, 3, n, "re-importing never duplicates")
}

func TestImportZoteroCollection(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	_, cl := zoteroClient(t)
	sum, err := ImportZotero(ctx, st, cl, "Reviews/Metformin", nil)
	require.NoError(t, err)
	assert.Equal(t, 2, sum.Imported)
	assert.Equal(t, "", sum.Nothing)

	_, err = ImportZotero(ctx, st, cl, "Metformin", nil)
	assert.Contains(t, domain.SafeMessage(err), `2 Zotero collections are named "Metformin" (Reviews/Metformin, Inbox/Metformin)`)
	empty, err := ImportZotero(ctx, st, cl, "Inbox/Metformin", nil)
	require.NoError(t, err)
	assert.Equal(t, "nothing was imported: the Zotero collection Inbox/Metformin holds no reference", empty.Nothing)
	_, err = ImportZotero(ctx, st, cl, "Oncology", nil)
	assert.Contains(t, domain.SafeMessage(err), `no Zotero collection is named "Oncology"`)
	n, err := st.CountLibrary(ctx)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
}

// TestImportZoteroOddItems: a case's title is its caseName (Zotero's base-field mapping); an
// item with neither title nor identifier is skipped and named in a warning; an oversized
// abstract is cut to the limit every importer keeps, with a warning, as a file's would be.
func TestImportZoteroOddItems(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	seed := fake.DefaultSeed()
	seed.Items = []fake.Item{
		{LibraryID: 1, Data: map[string]any{"key": "CASE0001", "version": 1, "itemType": "case", "caseName": "Montgomery v Lanarkshire Health Board", "dateDecided": "2015"}},
		{LibraryID: 1, Data: map[string]any{"key": "NOTITLE1", "version": 1, "itemType": "journalArticle", "publicationTitle": "Lancet"}},
		{LibraryID: 1, Data: map[string]any{"key": "HUGEABS1", "version": 1, "itemType": "journalArticle", "title": "A long abstract",
			"abstractNote": strings.Repeat("word ", 60000)}},
		{LibraryID: 1, Data: map[string]any{"key": "BADTYPE1", "version": 1, "itemType": "journalArticle", "title": "Creators as text",
			"creators": "Smith, J"}},
	}
	z := fake.New(seed)
	z.LocalAPIEnabled = true
	srv := httptest.NewServer(z)
	t.Cleanup(srv.Close)
	cl, err := zotero.New(srv.URL, nil, zotero.Timeouts{})
	require.NoError(t, err)

	sum, err := ImportZotero(ctx, st, cl, "", nil)
	require.NoError(t, err)
	assert.Equal(t, 2, sum.Imported)
	assert.Equal(t, 1, sum.Skipped)
	var warnings []string
	for _, w := range sum.Warnings {
		warnings = append(warnings, w.Error)
	}
	joined := strings.Join(warnings, "\n")
	assert.Contains(t, joined, "item NOTITLE1 (journalArticle) has no title and no identifier")
	assert.Contains(t, joined, "item HUGEABS1: abstract truncated from 299999 to 200000 characters")
	require.Len(t, sum.Errors, 1, "the item of the wrong shape is an error of its own; the others are imported")
	assert.Equal(t, `item BADTYPE1 (journalArticle) not imported: its field "creators" is a JSON string where Zotero's item format has a list`, sum.Errors[0].Error)
	recs, err := st.SearchLibrary(ctx, "Montgomery", 10)
	require.NoError(t, err)
	require.Len(t, recs, 1)
	assert.Equal(t, "Montgomery v Lanarkshire Health Board", recs[0].Evidence.Citation.Title)
}
