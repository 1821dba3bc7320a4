package fulltext

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/httpx"
	"deepcritical/backend/store"
	"deepcritical/internal/fakes/europepmc"
	"deepcritical/internal/fakes/eutils"
	"deepcritical/internal/fakes/pmcoa"
)

// fakes are the two full-text services over one corpus of real JATS articles.
type fakes struct {
	corpus *pmcoa.Corpus
	epmc   *europepmc.Server
	ncbi   *eutils.Server
	epURL  string
	ncbURL string
}

func newFakes(t *testing.T) *fakes {
	t.Helper()
	c := pmcoa.New()
	for _, n := range []string{"1472-6831-8-11.nxml", "6605965a.nxml", "pone.0046493.nxml"} {
		b, err := os.ReadFile(filepath.Join("jats", "testdata", n))
		require.NoError(t, err)
		_, err = c.AddJATS(b)
		require.NoError(t, err)
	}
	f := &fakes{corpus: c, epmc: europepmc.NewServer(eutils.NewEngine(nil)), ncbi: eutils.NewServer(eutils.NewEngine(nil))}
	f.epmc.FullTexts, f.ncbi.PMC = c, c
	ep := httptest.NewServer(http.StripPrefix("/europepmc", f.epmc))
	nc := httptest.NewServer(http.StripPrefix("/eutils", f.ncbi))
	t.Cleanup(ep.Close)
	t.Cleanup(nc.Close)
	f.epURL, f.ncbURL = ep.URL+"/europepmc", nc.URL+"/eutils"
	return f
}

func newStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "dc.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

func (f *fakes) fetcher(st Store) *Fetcher {
	fast := rate.NewLimiter(rate.Inf, 1)
	return New(Options{EuropePMCURL: f.epURL, PubMedURL: f.ncbURL, Store: st, NCBILimiter: fast, EuropePMCLimiter: fast,
		Retry: httpx.Retry{Attempts: 1}, NCBIAPIKey: "SECRET-KEY-123"})
}

func evidence(pmcid string) domain.Evidence {
	return domain.Evidence{Content: "An abstract.", Citation: domain.Citation{Source: domain.SourceEuropePMC, ID: "PMC:" + pmcid, Title: "A paper", PMCID: pmcid}}
}

// TestFetchEuropePMCFirstThenStored: Europe PMC's JATS is read and stored under the
// paper's key; a second Get reads the store and asks no service.
func TestFetchEuropePMCFirstThenStored(t *testing.T) {
	f := newFakes(t)
	st := newStore(t)
	ft := f.fetcher(st)
	ev := evidence("PMC2329613")
	got, err := ft.Get(context.Background(), ev)
	require.NoError(t, err)
	require.Equal(t, domain.FullTextEuropePMC, got.Source)
	require.Equal(t, "PMC2329613", got.SourceID)
	require.Equal(t, "pmcid:PMC2329613", got.Key)
	require.Equal(t, "18405359", got.PMID)
	require.True(t, got.HasBody())
	require.Contains(t, got.TextOf(domain.SectionMethods), "A convenience sub-sample of 41 consecutive patients")
	require.EqualValues(t, 1, f.epmc.FullTextRequests.Load())
	require.EqualValues(t, 0, f.ncbi.PMCFetches.Load(), "PMC is not asked when Europe PMC answered")

	again, err := ft.Get(context.Background(), ev)
	require.NoError(t, err)
	require.Equal(t, got.Sections, again.Sections)
	require.EqualValues(t, 1, f.epmc.FullTextRequests.Load(), "a stored full text is not fetched again")
}

// TestFetchFallsBackToPMC: an HTML page where Europe PMC's XML should be is named, and
// PMC's efetch answers instead.
func TestFetchFallsBackToPMC(t *testing.T) {
	f := newFakes(t)
	f.epmc.FullTextErrorPage = true
	got, err := f.fetcher(newStore(t)).Fetch(context.Background(), evidence("pmc2994229"))
	require.NoError(t, err)
	require.Equal(t, domain.FullTextPMC, got.Source)
	require.Equal(t, "PMC2994229", got.PMCID)
	require.EqualValues(t, 1, f.ncbi.PMCFetches.Load())
}

// TestFetchUnavailable: every way a paper has no readable full text is a reason naming
// what each service answered, never a failure, and the NCBI key never shows.
func TestFetchUnavailable(t *testing.T) {
	for name, tc := range map[string]struct {
		ev    domain.Evidence
		setup func(f *fakes)
		want  string
	}{
		"withheld body": {evidence("PMC2329613"), func(f *fakes) { f.corpus.Withhold("PMC2329613") },
			"Europe PMC: no full text for this PMCID (HTTP 404); PMC: the publisher does not allow downloading the full text in XML form (front matter only)"},
		"unknown PMCID": {evidence("PMC1"), nil,
			"Europe PMC: no full text for this PMCID (HTTP 404); PMC: The following PMCID is not available: 1"},
		"HTML error pages": {evidence("PMC2329613"), func(f *fakes) { f.epmc.FullTextErrorPage, f.ncbi.PMCErrorPage = true, true },
			`Europe PMC: expected XML, got an HTML page: "Service Temporarily Unavailable" (status 200); PMC: expected XML, got an HTML page: "Service Temporarily Unavailable" (status 200)`},
		"no PMCID": {domain.Evidence{Citation: domain.Citation{Source: domain.SourcePubMed, ID: "1", PMID: "1", Title: "x"}}, nil,
			"no PMCID: the paper is not in PubMed Central"},
		"open access without PMCID": {domain.Evidence{Citation: domain.Citation{Source: domain.SourceEuropePMC, ID: "PPR:1", Title: "x", OpenAccess: true, DOI: "10.1/x"}}, nil,
			"Europe PMC marks it open access but gives no PMCID"},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFakes(t)
			if tc.setup != nil {
				tc.setup(f)
			}
			st := newStore(t)
			_, err := f.fetcher(st).Fetch(context.Background(), tc.ev)
			var u *domain.FullTextUnavailable
			require.True(t, errors.As(err, &u), "got %v", err)
			require.Contains(t, u.Reason, tc.want)
			require.Equal(t, tc.ev.CanonicalKey(), u.Key)
			require.NotContains(t, u.Reason, "SECRET-KEY-123")
			stored, err := st.FullTexts(context.Background(), []string{tc.ev.CanonicalKey()})
			require.NoError(t, err)
			require.Empty(t, stored, "nothing is stored for a paper without a full text")
		})
	}
}

// TestFetchBoundedAndCancellable: a service that does not answer costs at most the paper's
// time bound, and the user's cancel is a cancel, not an unavailable full text.
func TestFetchBoundedAndCancellable(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(slow.Close)
	t.Cleanup(func() { close(release) })
	fast := rate.NewLimiter(rate.Inf, 1)
	f := New(Options{EuropePMCURL: slow.URL, PubMedURL: slow.URL, NCBILimiter: fast, EuropePMCLimiter: fast,
		Retry: httpx.Retry{Attempts: 1}, PaperTimeout: 200 * time.Millisecond})
	_, err := f.Fetch(context.Background(), evidence("PMC2329613"))
	var u *domain.FullTextUnavailable
	require.True(t, errors.As(err, &u), "got %v", err)
	require.Contains(t, u.Reason, "Europe PMC: no answer within 200ms")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = f.Fetch(ctx, evidence("PMC2329613"))
	require.ErrorIs(t, err, context.Canceled)
	require.False(t, errors.As(err, &u))
}

// TestFetchSendsKeyInTheBody: efetch is a POST whose form carries the NCBI key, so the key
// is in no URL.
func TestFetchSendsKeyInTheBody(t *testing.T) {
	var seen *http.Request
	var form string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "fullTextXML") {
			http.NotFound(w, r)
			return
		}
		r.ParseForm()
		seen, form = r, r.PostForm.Encode()
		w.Header().Set("Content-Type", "text/xml")
		w.Write([]byte(`<pmc-articleset><error id="5">The following PMCID is not available: 5</error></pmc-articleset>`))
	}))
	t.Cleanup(srv.Close)
	fast := rate.NewLimiter(rate.Inf, 1)
	f := New(Options{EuropePMCURL: srv.URL, PubMedURL: srv.URL, NCBILimiter: fast, EuropePMCLimiter: fast, NCBIAPIKey: "K3Y", Email: "me@example.org", Retry: httpx.Retry{Attempts: 1}})
	_, err := f.Fetch(context.Background(), evidence("PMC5"))
	require.Error(t, err)
	require.Equal(t, http.MethodPost, seen.Method)
	require.NotContains(t, seen.URL.String(), "K3Y")
	require.Contains(t, form, "api_key=K3Y")
	require.Contains(t, form, "db=pmc")
	require.Contains(t, form, "id=5")
	require.Contains(t, form, "tool=deepcritical")
}

func TestNormalizePMCID(t *testing.T) {
	for in, want := range map[string]string{"PMC123": "PMC123", "pmc0123": "PMC123", "123": "PMC123", "pmcid:PMC9": "PMC9", " PMC42 ": "PMC42"} {
		got, ok := NormalizePMCID(in)
		require.True(t, ok, in)
		require.Equal(t, want, got, in)
	}
	for _, bad := range []string{"", "PMC", "PMCabc", "PMID123", "PMC0"} {
		_, ok := NormalizePMCID(bad)
		require.False(t, ok, bad)
	}
}
