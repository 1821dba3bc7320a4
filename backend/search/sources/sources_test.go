package sources

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/httpx"
	"deepcritical/backend/search/internal/fixture"
	"deepcritical/backend/search/pubmed"
)

var recordRe = regexp.MustCompile(`(?s)<PubmedArticle>.*?</PubmedArticle>`)

// fakes replays the recordings of every network source behind one latency, counting the
// requests each endpoint receives.
type fakes struct {
	ncbi, epmc, ctgov, ddg *httptest.Server
	esearch, efetch        atomic.Int32
}

// corpus is what the fakes answer: one efetch set and esearch list, one page per other source.
type corpus struct {
	esearch, efetch, epmc, ct, ddg []byte
	epmcNext                       []byte // served for a cursor after the first page, when set
}

// recordedCorpus is the recorded responses of ../shared (the test skips without it).
func recordedCorpus(t testing.TB) corpus {
	var set strings.Builder
	set.WriteString("<?xml version=\"1.0\" ?>\n<PubmedArticleSet>\n")
	for _, name := range []string{"biopython_pubmed1.xml", "biopython_pubmed2.xml", "biopython_pubmed4.xml", "biopython_pubmed6.xml"} {
		for _, r := range recordRe.FindAll(fixture.Read(t, "ncbi", name), -1) {
			set.Write(r)
		}
	}
	set.WriteString("</PubmedArticleSet>\n")
	return corpus{
		efetch: []byte(set.String()),
		// A Count in the range real PubMed gives such queries (more than max, fewer than the
		// narrowing threshold), so no relaxation or narrowing esearch follows the first.
		esearch: []byte(`<?xml version="1.0" encoding="UTF-8" ?><eSearchResult><Count>1200</Count><RetMax>7</RetMax><RetStart>0</RetStart><IdList>` +
			`<Id>27797938</Id><Id>30108519</Id><Id>12091962</Id><Id>9997</Id><Id>11748933</Id><Id>11700088</Id></IdList></eSearchResult>`),
		epmc: fixture.Read(t, "europepmc", "pyeuropepmc_search_cancer.json"),
		ct:   fixture.Read(t, "clinicaltrials_v2", "biomcp_search_phelan_limit5_20260811.json"),
		ddg:  fixture.Read(t, "duckduckgo", "html.duckduckgo.com_q-Hello_2021.html"),
	}
}

// localCorpus is the synthetic testdata/ of the source packages, present in every clone.
func localCorpus(t testing.TB) corpus {
	read := func(parts ...string) []byte {
		b, err := os.ReadFile(filepath.Join(append([]string{".."}, parts...)...))
		require.NoError(t, err)
		return b
	}
	return corpus{
		efetch: read("pubmed", "pubmedxml", "testdata", "records.xml"),
		esearch: []byte(`<?xml version="1.0" encoding="UTF-8" ?><eSearchResult><Count>4</Count><RetMax>4</RetMax><RetStart>0</RetStart><IdList>` +
			`<Id>41000001</Id><Id>41000002</Id><Id>41000003</Id><Id>41000004</Id></IdList></eSearchResult>`),
		epmc:     read("europepmc", "testdata", "lite_page.json"),
		epmcNext: read("europepmc", "testdata", "no_results.json"),
		ct:       read("ctgov", "testdata", "full_study_page.json"),
		ddg:      read("web", "testdata", "wrapped_results.html"),
	}
}

func newFakes(t testing.TB, latency time.Duration) *fakes {
	return newFakesWith(latency, recordedCorpus(t))
}

func newFakesWith(latency time.Duration, c corpus) *fakes {
	f := &fakes{}
	esearch, efetch, epmc, ct, ddg := c.esearch, c.efetch, c.epmc, c.ct, c.ddg
	serve := func(h http.HandlerFunc) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(latency)
			h(w, r)
		}))
	}
	f.ncbi = serve(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/xml; charset=UTF-8")
		if strings.HasSuffix(r.URL.Path, "/esearch.fcgi") {
			f.esearch.Add(1)
			_, _ = w.Write(esearch)
			return
		}
		f.efetch.Add(1)
		_, _ = w.Write(efetch)
	})
	f.epmc = serve(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if cm := r.URL.Query().Get("cursorMark"); c.epmcNext != nil && cm != "" && cm != "*" {
			_, _ = w.Write(c.epmcNext)
			return
		}
		_, _ = w.Write(epmc)
	})
	f.ctgov = serve(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(ct)
	})
	f.ddg = serve(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write(ddg)
	})
	return f
}

func (f *fakes) close() {
	f.ncbi.Close()
	f.epmc.Close()
	f.ctgov.Close()
	f.ddg.Close()
}

func (f *fakes) config(lim *rate.Limiter) Config {
	return Config{
		PubMedURL: f.ncbi.URL, EuropePMCURL: f.epmc.URL, CTGovURL: f.ctgov.URL, WebURL: f.ddg.URL,
		NCBIEmail: "dev@example.org", PubMedLimiter: lim,
		Retry: httpx.Retry{Attempts: 2, Base: time.Millisecond, MaxDelay: 2 * time.Millisecond},
	}
}

func TestNetworkSourcesThroughFanout(t *testing.T) {
	f := newFakes(t, 0)
	defer f.close()
	srcs := Network(f.config(rate.NewLimiter(rate.Inf, 1)))
	var names []domain.Source
	for _, s := range srcs {
		names = append(names, s.Name())
	}
	require.Equal(t, []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials, domain.SourceWeb}, names)

	fan := search.NewFanout(srcs, search.FanoutOptions{Timeout: 10 * time.Second})
	res := fan.Run(context.Background(), []string{"a", "b", "c"}, []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials}, 10)
	require.Empty(t, res.Errors)
	require.EqualValues(t, 1, f.esearch.Load(), "the queries go ORed in one esearch")
	require.EqualValues(t, 1, f.efetch.Load())
	count := map[domain.Source]int{}
	for _, e := range res.Evidence {
		count[e.Citation.Source]++
		require.NoError(t, e.Validate())
	}
	require.Equal(t, map[domain.Source]int{domain.SourcePubMed: 6, domain.SourceEuropePMC: 10, domain.SourceClinicalTrials: 5}, count)
	require.Equal(t, res.TotalFound, len(res.Evidence))

	f.ctgov.Close()
	res = fan.Run(context.Background(), []string{"a"}, []domain.Source{domain.SourcePubMed, domain.SourceClinicalTrials}, 10)
	require.Len(t, res.Errors, 1)
	require.Equal(t, domain.SourceClinicalTrials, res.Errors[0].Source)
	require.Contains(t, res.Errors[0].Error, "clinicaltrials: cannot connect")
	require.Len(t, res.Evidence, 6, "PubMed's results survive")
}

// TestNetworkSourcesThroughFanoutLocal is the same fan-out over the source packages' synthetic
// testdata/, so it runs on every clone.
func TestNetworkSourcesThroughFanoutLocal(t *testing.T) {
	f := newFakesWith(0, localCorpus(t))
	defer f.close()
	fan := search.NewFanout(Network(f.config(rate.NewLimiter(rate.Inf, 1))), search.FanoutOptions{Timeout: 10 * time.Second})
	res := fan.Run(context.Background(), []string{"a", "b", "c"}, []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials, domain.SourceWeb}, 10)
	require.Empty(t, res.Errors)
	require.EqualValues(t, 1, f.esearch.Load(), "the queries go ORed in one esearch; one-word queries have nothing to relax")
	require.EqualValues(t, 1, f.efetch.Load(), "one efetch for the three queries' PMIDs")
	count := map[domain.Source]int{}
	for _, e := range res.Evidence {
		count[e.Citation.Source]++
		require.NoError(t, e.Validate())
	}
	require.Equal(t, map[domain.Source]int{domain.SourcePubMed: 4, domain.SourceEuropePMC: 4, domain.SourceClinicalTrials: 1, domain.SourceWeb: 2}, count,
		"the web result for NCT01965756 merges into the ClinicalTrials.gov record")
	require.Equal(t, res.TotalFound, len(res.Evidence))
}

// BenchmarkFanout runs 3 queries over the 4 network sources against fake servers that
// answer after 200 ms, and reports the wall time divided by the critical path (PubMed's
// esearch then efetch: two round trips, 400 ms) and PubMed's requests per search call.
// "unlimited" takes NCBI's rate limiter out to measure the fan-out itself; "ncbi-key"
// keeps the 10 requests/s limiter of a user with an API key, which adds its spacing.
func BenchmarkFanout(b *testing.B) {
	const latency = 200 * time.Millisecond
	for _, bc := range []struct {
		name string
		lim  func() *rate.Limiter
	}{
		{"unlimited", func() *rate.Limiter { return rate.NewLimiter(rate.Inf, 1) }},
		{"ncbi-key", func() *rate.Limiter { return pubmed.NewLimiter(true) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			f := newFakes(b, latency)
			defer f.close()
			var fan *search.Fanout
			all := []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials, domain.SourceWeb}
			queries := []string{"metformin alzheimer", "metformin dementia mechanism", "AMPK neurodegeneration"}
			var wall time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				fan = search.NewFanout(Network(f.config(bc.lim())), search.FanoutOptions{Timeout: 30 * time.Second})
				b.StartTimer()
				start := time.Now()
				res := fan.Run(context.Background(), queries, all, 10)
				wall += time.Since(start)
				if len(res.Errors) != 0 || len(res.Evidence) == 0 {
					b.Fatalf("errors %v, %d results", res.Errors, len(res.Evidence))
				}
			}
			b.StopTimer()
			critical := 2 * latency
			b.ReportMetric(float64(wall)/float64(b.N)/float64(critical), "wall/critical-path")
			b.ReportMetric(float64(f.esearch.Load())/float64(b.N), "esearch/call")
			b.ReportMetric(float64(f.efetch.Load())/float64(b.N), "efetch/call")
		})
	}
}
