package europepmc

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/internal/faulttest"
	"deepcritical/backend/search/internal/fixture"
)

// The lite-page and cursor tests run over two sets of pages: the synthetic ones of
// testdata/ that every clone carries, and the recorded responses of ../shared (that
// subtest skips where they are absent, and fails under CI).

func TestParseLitePage(t *testing.T) {
	type want struct {
		pmid, doi, title, journal, date string
		authors                         []string
	}
	tests := []struct {
		name          string
		page          func(t testing.TB) []byte
		hits          int
		cursor        string
		n             int
		first         want
		review, pmcid string // the systematic review: its PMID and PMC id
		extra         func(t *testing.T, p Page)
	}{
		{
			name: "synthetic", page: func(t testing.TB) []byte { return fixture.Local(t, "lite_page.json") },
			hits: 4180, cursor: "AoIIP4Synthetic0MTAwMDEwNA==", n: 4,
			first: want{pmid: "41000101", doi: "10.1000/synth.lancet.1", journal: "Synthetic Lancet", date: "2025-12",
				authors: []string{"Nakamura JD", "Haas-Kogan DA", "O'Brien AF"}},
			review: "41000102", pmcid: "PMC9000102",
			extra: func(t *testing.T, p Page) {
				preprint := p.Evidence[2].Citation
				require.Empty(t, preprint.PMID, "a preprint has no PMID and none is invented")
				require.Equal(t, "10.1101/synth.2025.03", preprint.DOI)
			},
		},
		{
			name: "recorded", page: func(t testing.TB) []byte { return fixture.Read(t, "europepmc", "pyeuropepmc_search_cancer.json") },
			hits: 5059039, cursor: "AoIIP4ZawSg1MzEyODI1MA==", n: 25,
			first: want{pmid: "39709209", doi: "10.1016/s0140-6736(24)02600-x", journal: "Lancet", date: "2025-12",
				title:   "Abscopal response in a patient with fibrolamellar hepatocellular carcinoma following radiotherapy.",
				authors: []string{"Schoenfeld JD", "Haas-Kogan DA", "O'Neill AF"}},
			review: "39212676", pmcid: "PMC12166167",
			extra: func(*testing.T, Page) {},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(bytes.NewReader(tt.page(t)))
			require.NoError(t, err)
			require.Equal(t, tt.hits, p.HitCount)
			require.Equal(t, tt.cursor, p.NextCursor)
			require.Len(t, p.Evidence, tt.n)

			first := p.Evidence[0].Citation
			require.Equal(t, domain.SourceEuropePMC, first.Source)
			require.Equal(t, tt.first.pmid, first.PMID)
			require.Equal(t, tt.first.doi, first.DOI)
			if tt.first.title != "" {
				require.Equal(t, tt.first.title, first.Title)
			}
			require.Equal(t, tt.first.authors, first.Authors)
			require.Equal(t, tt.first.journal, first.Journal)
			require.Equal(t, tt.first.date, first.Date)
			require.Equal(t, "https://europepmc.org/article/MED/"+tt.first.pmid, first.URL)
			require.Equal(t, []string{"journal article"}, first.PublicationTypes)
			require.False(t, first.OpenAccess)

			var review domain.Citation
			for _, e := range p.Evidence {
				if e.Citation.PMID == tt.review {
					review = e.Citation
				}
			}
			require.Equal(t, tt.pmcid, review.PMCID)
			require.Equal(t, []string{"systematic review", "review-article", "journal article"}, review.PublicationTypes)
			require.True(t, review.OpenAccess)
			require.Equal(t, 3, review.CitationCount)
			require.Equal(t, []string{"https://europepmc.org/article/PMC/" + tt.pmcid}, review.FullTextURLs)
			tt.extra(t, p)
		})
	}
}

func TestParseCorePage(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "core_page.json"))
	require.NoError(t, err)
	p, err := Parse(bytes.NewReader(body))
	require.NoError(t, err)
	require.Len(t, p.Evidence, 2)

	e := p.Evidence[0]
	c := e.Citation
	require.Equal(t, "Metformin in early Alzheimer disease: a randomised trial.", c.Title)
	require.Equal(t, []string{"Smith, Jane Anne", "Hambrick, George W, Jr", "Alzheimer's Disease Neuroimaging Initiative"}, c.Authors,
		"first names kept whole, the suffix from fullName, the collective name as one")
	require.Equal(t, "Journal of Testing", c.Journal)
	require.Equal(t, "1234-5678", c.ISSN, "the print ISSN, else the electronic one")
	require.Equal(t, []domain.Section{
		{Label: "BACKGROUND", Text: "Metformin crosses the blood–brain barrier."},
		{Label: "METHODS", Text: "We randomised 80 patients (HbA1c < 6.5%)."},
		{Label: "RESULTS", Text: "Cognition improved (p = 0.01)."},
	}, c.Sections)
	require.Equal(t, "BACKGROUND: Metformin crosses the blood–brain barrier.\nMETHODS: We randomised 80 patients (HbA1c < 6.5%).\nRESULTS: Cognition improved (p = 0.01).", e.Content)
	require.Equal(t, []string{"Alzheimer Disease", "Metformin"}, c.MeshTerms)
	require.Equal(t, []string{"Metformin"}, c.Chemicals)
	require.Equal(t, []string{"9100L32L2N"}, c.ChemicalRNs, "the registry number types the chemical as a substance")
	require.Equal(t, []string{"Alzheimer Disease/drug therapy"}, c.MeshQualifiers)
	require.Equal(t, []string{"Randomized Controlled Trial", "Journal Article"}, c.PublicationTypes)
	require.Equal(t, 42, c.CitationCount, "a count sent as a string still parses")
	require.True(t, c.OpenAccess)
	require.Equal(t, []string{"https://europepmc.org/articles/PMC6000001", "https://doi.org/10.1000/ABC.123"}, c.FullTextURLs)
	require.Equal(t, []string{"Retraction in: J Test. 2020;12:1"}, c.Retractions)
	require.Equal(t, []string{"metformin", "dementia"}, c.Keywords)
	require.Equal(t, "pmid:31000001", c.CanonicalKey())

	pre := p.Evidence[1]
	require.Equal(t, "PPR:PPR123456", pre.Citation.ID)
	require.Equal(t, "doi:10.1101/2024.01.01.000001", pre.Citation.CanonicalKey())
	require.Equal(t, "An abstract without headings, with markup.", pre.Content)
	require.Equal(t, []string{"preprint"}, pre.Citation.PublicationTypes)
}

func TestParseBadBodies(t *testing.T) {
	tests := []struct {
		name, body, wantErr string
	}{
		{"truncated", `{"version":"6.9","hitCount":3,"resultList":{"result":[{"id":"1"`, "truncated JSON"},
		{"not an object", `[1,2]`, "malformed JSON"},
		{"api error", `{"errMsg":"Invalid query syntax"}`, "API error: Invalid query syntax"},
		{"other JSON", `{"status":"ok"}`, "not a search response"},
		{"empty", ``, "truncated JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(bytes.NewReader([]byte(tt.body)))
			require.ErrorContains(t, err, tt.wantErr)
		})
	}
}

// fakeEPMC serves the recorded first page for cursorMark=* and the recorded empty page after.
type fakeEPMC struct {
	t       testing.TB
	first   []byte
	empty   []byte
	mu      sync.Mutex
	queries []map[string][]string
}

func newFake(t testing.TB) *fakeEPMC {
	return &fakeEPMC{t: t,
		first: fixture.Read(t, "europepmc", "pyeuropepmc_search_cancer.json"),
		empty: fixture.Read(t, "europepmc", "pyeuropepmc_search_no_results.json")}
}

func (f *fakeEPMC) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/search" {
		http.NotFound(w, r)
		return
	}
	q := r.URL.Query()
	f.mu.Lock()
	f.queries = append(f.queries, q)
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	if q.Get("cursorMark") == "*" && q.Get("query") != "nothing" {
		_, _ = w.Write(f.first)
		return
	}
	_, _ = w.Write(f.empty)
}

func newLocalFake(t testing.TB) *fakeEPMC {
	return &fakeEPMC{t: t, first: fixture.Local(t, "lite_page.json"), empty: fixture.Local(t, "no_results.json")}
}

func TestSearchPagesWithCursor(t *testing.T) {
	tests := []struct {
		name       string
		fake       func(t testing.TB) *fakeEPMC
		max, n     int
		cursor     string
		secondSize string
	}{
		{"synthetic", newLocalFake, 10, 4, "AoIIP4Synthetic0MTAwMDEwNA==", "6"},
		{"recorded", newFake, 30, 25, "AoIIP4ZawSg1MzEyODI1MA==", "5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.fake(t)
			srv := httptest.NewServer(f)
			defer srv.Close()
			c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})

			ev, err := c.Search(context.Background(), []string{"cancer"}, tt.max)
			require.NoError(t, err)
			require.Len(t, ev, tt.n, "the second page was empty")
			require.Len(t, f.queries, 2)
			require.Equal(t, "*", f.queries[0]["cursorMark"][0])
			require.Equal(t, tt.cursor, f.queries[1]["cursorMark"][0], "the next page asks for the returned cursor")
			require.Equal(t, strconv.Itoa(tt.max), f.queries[0]["pageSize"][0])
			require.Equal(t, tt.secondSize, f.queries[1]["pageSize"][0], "only what is still needed")
			require.Equal(t, "core", f.queries[0]["resultType"][0])
			require.Equal(t, "json", f.queries[0]["format"][0])
			require.InDelta(t, 1.0, ev[0].Relevance, 1e-9)
			require.Greater(t, ev[0].Relevance, ev[tt.n-1].Relevance)

			ev, err = c.Search(context.Background(), []string{"nothing"}, 10)
			require.NoError(t, err)
			require.Empty(t, ev)
		})
	}
}

func TestSearchStopsAtMax(t *testing.T) {
	f := newLocalFake(t)
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})
	ev, err := c.Search(context.Background(), []string{"cancer", "cancer "}, 3)
	require.NoError(t, err)
	require.Len(t, ev, 3, "both queries found the same three records")
	require.Len(t, f.queries, 2, "one page per query was enough")
}

func TestSearchFaults(t *testing.T) {
	faulttest.Matrix(t, domain.SourceEuropePMC, newLocalFake(t), func(ctx context.Context, base string, hc *http.Client) ([]domain.Evidence, error) {
		return New(Options{BaseURL: base, HTTPClient: hc, Retry: faulttest.FastRetry}).Search(ctx, []string{"cancer"}, 10)
	})
}

// TestFullTextIDGivesThePMCID: a record Europe PMC holds in full names its PMC id in
// fullTextIdList even when it gives no pmcid field; that id is the PMCID the full-text
// fetcher asks for. A pmcid field wins.
func TestFullTextIDGivesThePMCID(t *testing.T) {
	body := `{"hitCount":2,"resultList":{"result":[
		{"id":"PMC3698942","source":"PMC","title":"A trial","isOpenAccess":"Y","fullTextIdList":{"fullTextId":["PMC3698942"]}},
		{"id":"1","source":"MED","pmid":"1","pmcid":"PMC5","title":"Another","fullTextIdList":{"fullTextId":"PMC6"}}]}}`
	p, err := Parse(strings.NewReader(body))
	require.NoError(t, err)
	require.Equal(t, "PMC3698942", p.Evidence[0].Citation.PMCID)
	require.True(t, p.Evidence[0].Citation.OpenAccess)
	require.Equal(t, "PMC5", p.Evidence[1].Citation.PMCID)
}

// TestPublicationDateSaysOnlyWhatIsKnown: Europe PMC pads an issue's year or month to a
// whole day with 01; the citation keeps only the part that padding cannot have made, so no
// export states a 1 January or a first of the month the journal never gave.
func TestPublicationDateSaysOnlyWhatIsKnown(t *testing.T) {
	cases := []struct{ first, print, year, want string }{
		{"1997-01-01", "", "1997", "1997"},
		{"2011-09-01", "", "2011", "2011-09"},
		{"2016-04-23", "", "2016", "2016-04-23"},
		{"", "2008-01-01", "2008", "2008"},
		{"", "", "1989", "1989"},
		{"not a date", "", "", ""},
	}
	for _, c := range cases {
		r := result{FirstPubDate: c.first, PubYear: c.year}
		if c.print != "" {
			r.JournalInfo = &journalInfo{PrintPublicationDate: c.print}
		}
		if got := publicationDate(r); got != c.want {
			t.Errorf("publicationDate(first %q, print %q, year %q) = %q, want %q", c.first, c.print, c.year, got, c.want)
		}
	}
}
