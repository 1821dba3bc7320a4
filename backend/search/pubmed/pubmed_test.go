package pubmed

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/httpx"
	"deepcritical/backend/search/internal/faulttest"
	"deepcritical/backend/search/internal/fixture"
)

// fakeEutils replays the recorded efetch records by PMID and answers esearch from a table
// of canned id lists, in the shape of the recorded esearch responses.
type fakeEutils struct {
	t       testing.TB
	records map[string][]byte
	search  map[string]string // term → esearch XML body
	mu      sync.Mutex
	calls   []*http.Request
	forms   []map[string][]string
}

var (
	recordRe     = regexp.MustCompile(`(?s)<PubmedArticle>.*?</PubmedArticle>`)
	pmidInRecord = regexp.MustCompile(`<PMID Version="1">(\d+)</PMID>`)
)

func newFakeEutils(t testing.TB) *fakeEutils {
	f := &fakeEutils{t: t, records: map[string][]byte{}, search: map[string]string{}}
	// The synthetic records every clone carries, plus the recorded ones when ../shared is there.
	bodies := [][]byte{readParserTestdata(t, "records.xml")}
	for _, name := range []string{"biopython_pubmed1.xml", "biopython_pubmed2.xml", "biopython_pubmed4.xml", "biopython_pubmed6.xml"} {
		bodies = append(bodies, fixture.Optional(t, "ncbi", name))
	}
	for _, body := range bodies {
		for _, rec := range recordRe.FindAll(body, -1) {
			f.records[string(pmidInRecord.FindSubmatch(rec)[1])] = rec
		}
	}
	return f
}

func esearchBody(ids ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8" ?>` + "\n<eSearchResult><Count>")
	b.WriteString(strings.Repeat("9", 1))
	b.WriteString("</Count><RetMax>20</RetMax><RetStart>0</RetStart><IdList>\n")
	for _, id := range ids {
		b.WriteString("<Id>" + id + "</Id>\n")
	}
	b.WriteString("</IdList><TranslationSet/></eSearchResult>\n")
	return b.String()
}

func (f *fakeEutils) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	require.NoError(f.t, r.ParseForm())
	f.mu.Lock()
	f.calls = append(f.calls, r)
	f.forms = append(f.forms, r.Form)
	f.mu.Unlock()
	w.Header().Set("Content-Type", "text/xml; charset=UTF-8")
	switch r.URL.Path {
	case "/esearch.fcgi":
		body, ok := f.search[r.Form.Get("term")]
		if !ok {
			body = esearchBody()
		}
		_, _ = w.Write([]byte(body))
	case "/efetch.fcgi":
		var b bytes.Buffer
		b.WriteString(`<?xml version="1.0" ?>` + "\n<PubmedArticleSet>\n")
		for _, id := range strings.Split(r.Form.Get("id"), ",") {
			b.Write(f.records[id])
		}
		b.WriteString("</PubmedArticleSet>")
		_, _ = w.Write(b.Bytes())
	default:
		http.NotFound(w, r)
	}
}

func (f *fakeEutils) count(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, r := range f.calls {
		if r.URL.Path == path {
			n++
		}
	}
	return n
}

func newTestClient(srv *httptest.Server, key string) *Client {
	return New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Email: "dev@example.org", APIKey: key,
		Limiter: rate.NewLimiter(rate.Inf, 1), Retry: faulttest.FastRetry})
}

func TestSearchBatchesOneEfetch(t *testing.T) {
	f := newFakeEutils(t)
	// The replay server has no history server (no WebEnv in its answer), so the client
	// falls back to one efetch by id.
	f.search["(telomere) OR (lactate)"] = esearchBody("41000003", "41000004", "41000002", "41000001")
	srv := httptest.NewServer(f)
	defer srv.Close()

	ev, err := newTestClient(srv, "KEY123").Search(context.Background(), []string{"telomere", " ", "lactate"}, 5)
	require.NoError(t, err)
	require.Equal(t, 1, f.count("/esearch.fcgi"), "one esearch for the queries ORed")
	require.Equal(t, 1, f.count("/efetch.fcgi"), "one efetch for the whole call")

	var pmids []string
	for _, e := range ev {
		pmids = append(pmids, e.Citation.PMID)
		require.NoError(t, e.Validate())
	}
	require.Equal(t, []string{"41000003", "41000004", "41000002", "41000001"}, pmids)
	require.InDelta(t, 1.0, ev[0].Relevance, 1e-9)
	require.InDelta(t, 0.6, ev[2].Relevance, 1e-9, "1 - rank/(n+1)")
	require.InDelta(t, 0.4, ev[3].Relevance, 1e-9)

	for _, form := range f.forms {
		require.Equal(t, "deepcritical", form["tool"][0])
		require.Equal(t, "dev@example.org", form["email"][0])
		require.Equal(t, "KEY123", form["api_key"][0])
		require.Equal(t, "pubmed", form["db"][0])
	}
	for i, r := range f.calls {
		if r.URL.Path == "/esearch.fcgi" {
			require.Equal(t, "relevance", f.forms[i]["sort"][0])
			require.Equal(t, "10", f.forms[i]["retmax"][0], "max per query times the queries")
			require.Equal(t, "y", f.forms[i]["usehistory"][0])
		} else {
			require.Equal(t, http.MethodPost, r.Method)
			require.Equal(t, "41000003,41000004,41000002,41000001", f.forms[i]["id"][0])
		}
		require.Equal(t, httpx.UserAgent, r.UserAgent())
	}
}

func TestSearchRecordedESearch(t *testing.T) {
	r, err := ParseESearch(fixture.Read(t, "ncbi", "biopython_esearch1.xml"))
	require.NoError(t, err)
	require.Equal(t, "63", r.Count)
	require.Len(t, r.IDs, 20)
	require.Equal(t, "41282813", r.IDs[0])
	require.Empty(t, r.notes("biopython"))

	r, err = ParseESearch(fixture.Read(t, "ncbi", "biopython_esearch5.xml"))
	require.NoError(t, err)
	require.NotEmpty(t, r.IDs)
}

func TestSearchPhraseNotFoundIsAWarning(t *testing.T) {
	f := newFakeEutils(t)
	f.search["abcXYZ"] = string(fixture.Read(t, "ncbi", "biopython_esearch8.xml"))
	srv := httptest.NewServer(f)
	defer srv.Close()

	requirePhraseNotFound(t, f, srv, "abcXYZ")
}

// requirePhraseNotFound searches for a phrase esearch reports as not found: no evidence,
// a warning (not a failure) that names the phrase, and no efetch.
func requirePhraseNotFound(t *testing.T, f *fakeEutils, srv *httptest.Server, phrase string) {
	t.Helper()
	ctx, evs := recordQueries(context.Background())
	ev, err := newTestClient(srv, "").Search(ctx, []string{phrase}, 10)
	require.Empty(t, ev)
	require.NotEmpty(t, *evs)
	// The phrase is also typed on the query's event, for the run to tell a question of
	// words no paper uses from one that found nothing.
	require.Equal(t, []string{phrase}, (*evs)[0].NotFound)
	w, ok := search.AsWarning(err)
	require.True(t, ok, "PhraseNotFound is a warning, not a failure: %v", err)
	require.Equal(t, domain.SourcePubMed, w.Source)
	require.Equal(t, []string{`query “` + phrase + `” (0 results): phrase not found: ` + phrase + `; message: No items found.`}, w.Messages)
	require.Zero(t, f.count("/efetch.fcgi"), "nothing to fetch")
	_, failure := search.Split(err)
	require.NoError(t, failure)
}

func TestSearchErrorBody(t *testing.T) {
	f := newFakeEutils(t)
	f.search["(broken) OR (good)"] = string(fixture.Read(t, "ncbi", "biopython_esummary8.xml"))
	srv := httptest.NewServer(f)
	defer srv.Close()

	ev, err := newTestClient(srv, "").Search(context.Background(), []string{"broken", "good"}, 10)
	require.ErrorContains(t, err, `pubmed: esearch: E-utilities error: Neither query_key nor id specified`)
	require.Empty(t, ev)
	require.Zero(t, f.count("/efetch.fcgi"))
}

func TestSearchEmptyResult(t *testing.T) {
	f := newFakeEutils(t)
	srv := httptest.NewServer(f)
	defer srv.Close()
	ev, err := newTestClient(srv, "").Search(context.Background(), []string{"nothing matches"}, 10)
	require.NoError(t, err)
	require.Empty(t, ev)
	require.Zero(t, f.count("/efetch.fcgi"))
}

func TestSearchRejectsBadArguments(t *testing.T) {
	c := New(Options{BaseURL: "http://127.0.0.1:1"})
	_, err := c.Search(context.Background(), []string{"  "}, 10)
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
	_, err = c.Search(context.Background(), []string{"x"}, 0)
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
	_, err = c.Fetch(context.Background(), []string{"12a"})
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
}

func TestFetchKeepsRequestedOrder(t *testing.T) {
	f := newFakeEutils(t)
	srv := httptest.NewServer(f)
	defer srv.Close()
	ev, err := newTestClient(srv, "").Fetch(context.Background(), []string{"41000002", "41000003"})
	require.NoError(t, err)
	require.Len(t, ev, 2)
	require.Equal(t, "41000002", ev[0].Citation.PMID)
	require.Equal(t, "41000003", ev[1].Citation.PMID)
}

func TestSearchFaults(t *testing.T) {
	f := newFakeEutils(t)
	f.search["telomere"] = esearchBody("41000003", "41000002")
	faulttest.Matrix(t, domain.SourcePubMed, f, func(ctx context.Context, base string, hc *http.Client) ([]domain.Evidence, error) {
		c := New(Options{BaseURL: base, HTTPClient: hc, Limiter: rate.NewLimiter(rate.Inf, 1), Retry: faulttest.FastRetry, APIKey: "SECRETKEY"})
		ev, err := c.Search(ctx, []string{"telomere"}, 10)
		if err != nil {
			require.NotContains(t, err.Error(), "SECRETKEY")
		}
		return ev, err
	})
}
