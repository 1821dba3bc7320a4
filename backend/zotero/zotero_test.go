package zotero_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
	"deepcritical/backend/report"
	"deepcritical/backend/zotero"
	fake "deepcritical/internal/fakes/zotero"
)

func start(t *testing.T, setup func(*fake.Server)) (*fake.Server, *zotero.Client) {
	t.Helper()
	z := fake.New(fake.DefaultSeed())
	if setup != nil {
		setup(z)
	}
	srv := httptest.NewServer(z)
	t.Cleanup(srv.Close)
	cl, err := zotero.New(srv.URL, nil, zotero.Timeouts{Save: time.Second})
	require.NoError(t, err)
	return z, cl
}

// run is a small stored run: two papers the report relies on (one appraised, one with a
// retraction notice) and one set aside as off topic.
func run() report.ExportRun {
	return report.ExportRun{
		Run: domain.Run{ID: "run-42", Question: "Does metformin prevent type 2 diabetes?"},
		Evidence: []domain.Evidence{
			{Content: "BACKGROUND: Type 2 diabetes <affects> adults.", Citation: domain.Citation{Source: domain.SourcePubMed, ID: "11832527",
				Title: "Reduction in the incidence of type 2 diabetes with lifestyle intervention or metformin", PMID: "11832527",
				PMCID: "PMC1370926", DOI: "10.1056/NEJMoa012512", Journal: "The New England journal of medicine", Volume: "346", Issue: "6",
				Pages: "393-403", Date: "2002-02-07", URL: "https://pubmed.ncbi.nlm.nih.gov/11832527/",
				Authors: []string{"Knowler, William C", "Barrett-Connor, Elizabeth", "Diabetes Prevention Program Research Group"}}},
			{Content: "A retracted trial.", Citation: domain.Citation{Source: domain.SourcePubMed, ID: "1", PMID: "1", Title: "A retracted metformin trial",
				Journal: "J Retracted", Authors: []string{"Doe, Jane, Jr"}, Retractions: []string{"Retraction in: J Retracted 2020"}}},
			{Content: "About cats.", Citation: domain.Citation{Source: domain.SourceEuropePMC, ID: "2", PMID: "2", Title: "Cats", Authors: []string{"Smith J"}},
				Topic: &domain.Topic{OffTopic: true, Reason: "does not study metformin"}},
		},
		Appraisals: map[string]domain.Appraisal{"pmid:11832527": {Dimensions: []domain.Dimension{
			{Name: domain.DimensionQuality, Score: 8.5, Status: domain.StatusAssessed}, {Name: domain.DimensionRiskOfBias, Score: 7, Status: domain.StatusAssessed}}}},
	}
}

func received(z *fake.Server, path string) []fake.Received {
	var out []fake.Received
	for _, r := range z.Received() {
		if r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

func TestSendSavesItemsNotesAndTagsInTheCollection(t *testing.T) {
	z, cl := start(t, nil)
	items := zotero.ItemsOf(run(), false)
	require.Len(t, items, 2, "the off-topic paper stays out by default")
	res, err := cl.Send(context.Background(), zotero.SendRequest{Items: items, Collection: "reviews/metformin", Tags: zotero.RunTags("run-42")})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Saved)
	assert.Equal(t, "My Library/Reviews/Metformin", res.Target.Path)
	assert.Equal(t, "7.0.15", res.Zotero.Version)

	// What Zotero received: translator items with full given names, identifiers and a note.
	saves := received(z, "/connector/saveItems")
	require.Len(t, saves, 1)
	assert.Equal(t, "3", saves[0].Header.Get("X-Zotero-Connector-API-Version"))
	assert.Equal(t, "application/json", saves[0].Header.Get("Content-Type"))
	assert.False(t, strings.HasPrefix(saves[0].Header.Get("User-Agent"), "Mozilla/"))
	var body struct {
		SessionID string                  `json:"sessionID"`
		Items     []citeformat.ZoteroItem `json:"items"`
	}
	require.NoError(t, json.Unmarshal(saves[0].Body, &body))
	require.NotEmpty(t, body.SessionID)
	dpp := body.Items[0]
	assert.Equal(t, "journalArticle", dpp.ItemType)
	assert.Equal(t, "pmid:11832527", dpp.ID)
	assert.Equal(t, []citeformat.ZoteroCreator{
		{CreatorType: "author", FirstName: "William C", LastName: "Knowler"},
		{CreatorType: "author", FirstName: "Elizabeth", LastName: "Barrett-Connor"},
		{CreatorType: "author", Name: "Diabetes Prevention Program Research Group"},
	}, dpp.Creators)
	assert.Equal(t, "10.1056/NEJMoa012512", dpp.DOI)
	assert.Equal(t, "PMID: 11832527\nPMCID: PMC1370926", dpp.Extra)
	assert.Equal(t, "The New England journal of medicine", dpp.PublicationTitle)
	assert.Equal(t, []string{"346", "6", "393-403", "2002-02-07"}, []string{dpp.Volume, dpp.Issue, dpp.Pages, dpp.Date})
	assert.Equal(t, "BACKGROUND: Type 2 diabetes <affects> adults.", dpp.AbstractNote)
	require.Len(t, dpp.Notes, 1)
	assert.Contains(t, dpp.Notes[0].Note, "Cited: the report relies on this paper as [1].")
	assert.Contains(t, dpp.Notes[0].Note, "DeepCritical appraisal: quality 8.5/10, risk of bias 7.0/10")
	assert.Contains(t, dpp.Notes[0].Note, "Question: Does metformin prevent type 2 diabetes?")
	retracted := body.Items[1]
	assert.Equal(t, []citeformat.ZoteroCreator{{CreatorType: "author", FirstName: "Jane, Jr", LastName: "Doe"}}, retracted.Creators)
	assert.Contains(t, retracted.Notes[0].Note, "<strong>Flagged retracted</strong>: Retraction in: J Retracted 2020")
	assert.Contains(t, retracted.Notes[0].Note, "Not appraised")

	// updateSession moved the session's items into the collection and tagged them.
	upd := received(z, "/connector/updateSession")
	require.Len(t, upd, 1)
	var u map[string]any
	require.NoError(t, json.Unmarshal(upd[0].Body, &u))
	assert.Equal(t, body.SessionID, u["sessionID"])
	assert.Equal(t, "C12", u["target"])
	assert.Equal(t, []any{"DeepCritical", "DeepCritical run run-42"}, u["tags"])

	var saved, notes int
	for _, it := range z.Items() {
		switch {
		case it.Data["itemType"] == "note" && it.Data["parentItem"] != nil && strings.Contains(it.Data["note"].(string), "DeepCritical"):
			notes++
		case it.Data["itemType"] == "journalArticle" && it.Data["dateAdded"] != "2024-03-01T10:00:00Z" && it.Data["dateAdded"] != "2024-03-03T10:00:00Z" && it.Data["key"] != "TRS22222":
			saved++
			assert.Equal(t, []any{z.CollectionKey(12)}, it.Data["collections"])
			assert.Equal(t, []any{map[string]any{"tag": "DeepCritical"}, map[string]any{"tag": "DeepCritical run run-42"}}, it.Data["tags"])
		}
	}
	assert.Equal(t, 2, saved)
	assert.Equal(t, 2, notes)
}

func TestSendWithSetAsideAndToTheSelectedCollection(t *testing.T) {
	z, cl := start(t, nil)
	items := zotero.ItemsOf(run(), true)
	require.Len(t, items, 3)
	assert.Contains(t, items[2].Notes[0].Note, "Set aside as off-topic (does not study metformin); it is [3]")
	res, err := cl.Send(context.Background(), zotero.SendRequest{Items: items, Tags: zotero.RunTags("run-42")})
	require.NoError(t, err)
	assert.Equal(t, "My Library/Inbox", res.Target.Path, "no collection: where Zotero is")
	var u map[string]any
	require.NoError(t, json.Unmarshal(received(z, "/connector/updateSession")[0].Body, &u))
	assert.Equal(t, "C13", u["target"])
}

// TestSendFailuresLeaveNothingHalfWritten: every refusal Zotero can give before saving is
// found before saveItems, so nothing is saved; the two that come after say what happened.
func TestSendFailuresLeaveNothingHalfWritten(t *testing.T) {
	items := zotero.ItemsOf(run(), false)
	cases := []struct {
		name       string
		setup      func(*fake.Server)
		collection string
		want       string
		saves      int // saveItems requests Zotero received
		saved      int // items the result reports as saved
	}{
		{name: "old connector without save targets", setup: func(z *fake.Server) { z.OldConnector = true },
			want: "Zotero 7.0.15 is too old: its connector has no save targets in getSelectedCollection; update Zotero (7 or later). Nothing was sent"},
		{name: "connector protocol 1", setup: func(z *fake.Server) { z.ConnectorAPI = 1 },
			want: "Zotero 7.0.15 speaks connector protocol 1, too old to save into a chosen collection"},
		{name: "read-only library", setup: func(z *fake.Server) { z.SetLibraryEditable(1, false) },
			want: `the Zotero library of "My Library/Inbox" is read-only`},
		{name: "unknown collection", collection: "Oncology",
			want: `no editable Zotero collection is named "Oncology" (its editable collections: My Library/Inbox, My Library/Inbox/Metformin, My Library/Reviews, My Library/Reviews/Metformin); create it in Zotero or pick another. Nothing was sent`},
		{name: "collection of a read-only group", collection: "Shared reading", want: `no editable Zotero collection is named "Shared reading"`},
		{name: "ambiguous collection", collection: "Metformin",
			want: `2 Zotero collections are named "Metformin" (My Library/Inbox/Metformin, My Library/Reviews/Metformin): give its path, e.g. --collection "Inbox/Metformin"`},
		{name: "newer protocol than ours", setup: func(z *fake.Server) { z.ConnectorAPI = 4 }, saves: 1,
			want: "Zotero 7.0.15 wants a newer connector protocol than DeepCritical's (3): update DeepCritical. Nothing was saved"},
		{name: "save times out", setup: func(z *fake.Server) { z.Delay = 5 * time.Second }, saves: 1,
			want: `while saving 2 items: Zotero may still be saving them, so check "My Library/Inbox" in Zotero before sending again`},
		{name: "update session fails after the save", setup: func(z *fake.Server) { z.FailUpdateSession = true }, collection: "Reviews/Metformin", saves: 1, saved: 2,
			want: `2 items were saved in Zotero in "My Library/Inbox", but could not be put in "My Library/Reviews/Metformin" and tagged "DeepCritical", "DeepCritical run run-42": updateSession answered HTTP 500`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			z, cl := start(t, tc.setup)
			res, err := cl.Send(context.Background(), zotero.SendRequest{Items: items, Collection: tc.collection, Tags: zotero.RunTags("run-42")})
			require.Error(t, err)
			assert.Contains(t, domain.SafeMessage(err), tc.want)
			assert.NotContains(t, domain.SafeMessage(err), "\n")
			assert.Len(t, received(z, "/connector/saveItems"), tc.saves)
			assert.Equal(t, tc.saved, res.Saved)
		})
	}
}

func TestSendWhenZoteroIsNotThere(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	cl, err := zotero.New("http://"+addr, nil, zotero.Timeouts{})
	require.NoError(t, err)
	_, err = cl.Send(context.Background(), zotero.SendRequest{Items: zotero.ItemsOf(run(), false)})
	require.ErrorIs(t, err, zotero.ErrNotRunning)
	assert.Equal(t, "Zotero is not running: nothing answers at http://"+addr+" (start Zotero; if it listens elsewhere, set zotero.url or DEEPCRITICAL_ZOTERO_URL)", domain.SafeMessage(err))

	// Something else on the port: no Zotero headers.
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("hello")) }))
	defer other.Close()
	cl, _ = zotero.New(other.URL, nil, zotero.Timeouts{})
	_, err = cl.Send(context.Background(), zotero.SendRequest{Items: zotero.ItemsOf(run(), false)})
	require.Error(t, err)
	assert.Contains(t, domain.SafeMessage(err), "without Zotero's version headers (X-Zotero-Version, X-Zotero-Connector-API-Version): it is not Zotero")

	// A ping that hangs.
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer hang.Close()
	cl, _ = zotero.New(hang.URL, nil, zotero.Timeouts{Probe: 100 * time.Millisecond})
	_, err = cl.Send(context.Background(), zotero.SendRequest{Items: zotero.ItemsOf(run(), false)})
	require.ErrorIs(t, err, zotero.ErrTimeout)
	assert.Contains(t, domain.SafeMessage(err), "did not answer /connector/ping within 100ms")

	_, err = zotero.New("127.0.0.1:23119", nil, zotero.Timeouts{})
	assert.Contains(t, domain.SafeMessage(err), "is not an http URL")
}

func TestReadOnlySelectionSavesToMyLibrary(t *testing.T) {
	z, cl := start(t, func(z *fake.Server) { z.Select("C21") })
	res, err := cl.Send(context.Background(), zotero.SendRequest{Items: zotero.ItemsOf(run(), false), Tags: []string{"x"}})
	require.NoError(t, err)
	assert.Equal(t, "My Library", res.Target.Path, "Zotero saves to My Library instead of a read-only group")
	var u map[string]any
	require.NoError(t, json.Unmarshal(received(z, "/connector/updateSession")[0].Body, &u))
	assert.Equal(t, "L1", u["target"])
}

func TestLocalAPIReadsCollectionsItemsAndFullText(t *testing.T) {
	_, cl := start(t, func(z *fake.Server) { z.LocalAPIEnabled = true })
	ctx := context.Background()
	cols, err := cl.Collections(ctx)
	require.NoError(t, err)
	paths := map[string]string{}
	for _, c := range cols {
		paths[c.Path] = c.Key
	}
	assert.Equal(t, map[string]string{"Reviews": "RVW2222A", "Reviews/Metformin": "MTF2222B", "Inbox": "INB2222C", "Inbox/Metformin": "DUP2222D"}, paths)
	c, err := zotero.FindCollection(cols, "reviews/METFORMIN")
	require.NoError(t, err)
	assert.Equal(t, "MTF2222B", c.Key)
	_, err = zotero.FindCollection(cols, "Metformin")
	assert.Contains(t, domain.SafeMessage(err), `2 Zotero collections are named "Metformin"`)

	var keys []string
	var totals []int
	require.NoError(t, cl.Items(ctx, "", func(page []zotero.Item, total int) error {
		for _, it := range page {
			keys = append(keys, it.Data.Key)
		}
		totals = append(totals, total)
		return nil
	}))
	assert.ElementsMatch(t, []string{"DPP22222", "UKP22222", "BOK22222", "SNT22222"}, keys, "top-level items, trash left out")
	assert.Equal(t, []int{4}, totals)

	keys = nil
	require.NoError(t, cl.Items(ctx, "MTF2222B", func(page []zotero.Item, _ int) error {
		for _, it := range page {
			keys = append(keys, it.Data.Key)
			if it.Data.Key == "UKP22222" {
				assert.Equal(t, "1998-09-12", it.ParsedDate)
			}
		}
		return nil
	}))
	assert.ElementsMatch(t, []string{"DPP22222", "UKP22222"}, keys)
	n, err := cl.FullTextCount(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
}

// TestLocalAPIPages: a library larger than a page is read in pages of 100 with start/limit.
func TestLocalAPIPages(t *testing.T) {
	seed := fake.DefaultSeed()
	for i := 0; i < 250; i++ {
		seed.Items = append(seed.Items, fake.Item{LibraryID: 1, Data: map[string]any{"key": "K" + strings.Repeat("2", 3) + string(rune('A'+i/26)) + string(rune('A'+i%26)) + "22",
			"itemType": "journalArticle", "title": "Paper", "version": 1, "dateModified": "2024-01-01T00:00:00Z"}})
	}
	z := fake.New(seed)
	z.LocalAPIEnabled = true
	srv := httptest.NewServer(z)
	defer srv.Close()
	cl, _ := zotero.New(srv.URL, nil, zotero.Timeouts{})
	n := 0
	require.NoError(t, cl.Items(context.Background(), "", func(page []zotero.Item, total int) error {
		n += len(page)
		assert.Equal(t, 254, total)
		return nil
	}))
	assert.Equal(t, 254, n)
	var starts []string
	for _, r := range z.Received() {
		if r.Path == "/api/users/0/items/top" {
			starts = append(starts, r.Query)
			assert.Equal(t, "3", r.Header.Get("Zotero-API-Version"))
		}
	}
	assert.Equal(t, []string{"limit=100&start=0", "limit=100&start=100", "limit=100&start=200"}, starts)
}

// TestLocalAPIThatIgnoresStart: a server that answers every page with the first one (a
// proxy or an imitation of the local API that drops the query) is stopped on the second
// page with a message, instead of the first page being read once per page for ever.
func TestLocalAPIThatIgnoresStart(t *testing.T) {
	var body strings.Builder
	body.WriteString("[")
	for i := 0; i < 100; i++ {
		if i > 0 {
			body.WriteString(",")
		}
		fmt.Fprintf(&body, `{"key":"K%07d","data":{"key":"K%07d","itemType":"journalArticle","title":"Paper %d"}}`, i, i, i)
	}
	body.WriteString("]")
	pagesServed := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pagesServed++
		w.Header().Set("Total-Results", strconv.Itoa(100*(pagesServed+1))) // a total that keeps growing
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(body.String()))
	}))
	defer srv.Close()
	cl, _ := zotero.New(srv.URL, nil, zotero.Timeouts{})
	read := 0
	err := cl.Items(context.Background(), "", func(page []zotero.Item, _ int) error { read += len(page); return nil })
	require.Error(t, err)
	assert.Contains(t, domain.SafeMessage(err), "gave the same 100 items again when asked for the next page")
	assert.Equal(t, 100, read, "the first page is read once")
	assert.Equal(t, 2, pagesServed)
}

// TestLocalAPIItemOfTheWrongShape: one item whose field has the wrong JSON type is named
// and skipped; the rest of its page is read.
func TestLocalAPIItemOfTheWrongShape(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Total-Results", "2")
		w.Write([]byte(`[{"key":"BAD00001","data":{"key":"BAD00001","itemType":"journalArticle","title":"Odd","creators":"Smith, J"}},` +
			`{"key":"GOOD0001","data":{"key":"GOOD0001","itemType":"book","title":"Fine"}}]`))
	}))
	defer srv.Close()
	cl, _ := zotero.New(srv.URL, nil, zotero.Timeouts{})
	var got []zotero.Item
	require.NoError(t, cl.Items(context.Background(), "", func(page []zotero.Item, _ int) error { got = append(got, page...); return nil }))
	require.Len(t, got, 2)
	assert.Equal(t, "BAD00001", got[0].Data.Key)
	assert.Equal(t, `its field "creators" is a JSON string where Zotero's item format has a list`, got[0].Unreadable)
	assert.Equal(t, "Odd", got[0].Data.Title, "what could be read is kept, for naming it")
	assert.Empty(t, got[1].Unreadable)
	assert.Equal(t, "Fine", got[1].Data.Title)
}

func TestLocalAPIFailures(t *testing.T) {
	cases := []struct {
		name  string
		setup func(*fake.Server)
		want  string
	}{
		{"off", nil, `Zotero's local API is off (HTTP 403 Local API is not enabled): in Zotero 7 or later, open Settings → Advanced → General and check "Allow other applications on this computer to communicate with Zotero", then import again`},
		{"zotero 6", func(z *fake.Server) { z.NoLocalAPI = true }, "this Zotero has no local API (HTTP 404 for /api/users/0/items/top): it needs Zotero 7 or later (update Zotero, then allow other applications to communicate with it under Settings → Advanced → General)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, cl := start(t, tc.setup)
			err := cl.Items(context.Background(), "", func([]zotero.Item, int) error { return nil })
			require.Error(t, err)
			assert.Equal(t, tc.want, domain.SafeMessage(err))
		})
	}
	// A callback's own error comes back unchanged.
	_, cl := start(t, func(z *fake.Server) { z.LocalAPIEnabled = true })
	boom := errors.New("boom")
	assert.ErrorIs(t, cl.Items(context.Background(), "", func([]zotero.Item, int) error { return boom }), boom)
}
