package search_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/testnet"
	"deepcritical/backend/search"
	"deepcritical/backend/search/ctgov"
	"deepcritical/backend/search/europepmc"
	"deepcritical/backend/search/httpx"
	"deepcritical/backend/search/internal/fixture"
	"deepcritical/backend/search/pubmed"
)

// stubSource is a Source answering from memory, for the merge and ranking rules.
type stubSource struct {
	name  domain.Source
	ev    []domain.Evidence
	err   error
	delay time.Duration
	panic bool
	calls atomic.Int32
	got   []string
	max   int
}

func (s *stubSource) Name() domain.Source { return s.name }

func (s *stubSource) Search(ctx context.Context, queries []string, max int) ([]domain.Evidence, error) {
	s.calls.Add(1)
	s.got, s.max = queries, max
	if s.panic {
		panic("boom")
	}
	if s.delay > 0 {
		select {
		case <-time.After(s.delay):
		case <-ctx.Done():
			return nil, fmt.Errorf("%s: timed out", s.name)
		}
	}
	return s.ev, s.err
}

func paper(src domain.Source, title string, rel float64, mod func(*domain.Citation)) domain.Evidence {
	c := domain.Citation{Source: src, Title: title, URL: "https://example.org/" + strings.ReplaceAll(title, " ", "-"), Authors: []string{}}
	if mod != nil {
		mod(&c)
	}
	return domain.Evidence{Content: title + " text", Citation: c, Relevance: rel}
}

func TestFanoutMergesAcrossSources(t *testing.T) {
	pm := &stubSource{name: domain.SourcePubMed, ev: []domain.Evidence{
		paper(domain.SourcePubMed, "Metformin trial", 0.9, func(c *domain.Citation) {
			c.PMID, c.DOI, c.MeshTerms, c.Date = "31000001", "10.1000/ABC.123", []string{"Metformin", "Alzheimer Disease"}, "2019"
		}),
		paper(domain.SourcePubMed, "Only in PubMed", 0.5, func(c *domain.Citation) { c.PMID = "31000002" }),
	}}
	ep := &stubSource{name: domain.SourceEuropePMC, ev: []domain.Evidence{
		paper(domain.SourceEuropePMC, "Metformin trial (EPMC copy)", 1.0, func(c *domain.Citation) {
			c.PMID, c.CitationCount, c.OpenAccess, c.Date = "31000001", 42, true, "2019-03-01"
			c.FullTextURLs = []string{"https://europepmc.org/articles/PMC6000001"}
			c.MeshTerms = []string{"metformin", "Humans"}
		}),
		paper(domain.SourceEuropePMC, "Preprint by DOI", 0.5, func(c *domain.Citation) { c.DOI = "https://doi.org/10.1000/abc.123" }),
	}}
	ct := &stubSource{name: domain.SourceClinicalTrials, ev: []domain.Evidence{
		paper(domain.SourceClinicalTrials, "Trial", 0.5, func(c *domain.Citation) { c.NCTID = "NCT01965756" }),
	}}
	wb := &stubSource{name: domain.SourceWeb, ev: []domain.Evidence{
		paper(domain.SourceWeb, "Registry page", 0.2, func(c *domain.Citation) { c.NCTID = "nct01965756" }),
		paper(domain.SourceWeb, "No identifiers at all", 0.5, nil),
		{Content: "", Citation: domain.Citation{Source: domain.SourceWeb, URL: "https://empty.example"}},
	}}
	f := search.NewFanout([]search.Source{pm, ep, ct, wb}, search.FanoutOptions{Timeout: time.Second})
	res := f.Run(context.Background(), []string{"metformin alzheimer", " ", "metformin dementia"}, nil, 7)

	require.Equal(t, "metformin alzheimer | metformin dementia", res.Query)
	require.Equal(t, []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials, domain.SourceWeb}, res.SourcesSearched)
	require.Equal(t, []string{"metformin alzheimer", " ", "metformin dementia"}, pm.got, "each source gets every query")
	require.Equal(t, 7, pm.max)
	require.Equal(t, []domain.SearchError{{Source: domain.SourceWeb, Error: "warning: 1 records without title or text were dropped", Warning: true}}, res.Errors)

	var keys []string
	for _, e := range res.Evidence {
		keys = append(keys, string(e.Citation.Source)+" "+e.CanonicalKey())
	}
	require.Equal(t, []string{
		"pubmed pmid:31000001", // 1.0 after merging with Europe PMC's copy (and the DOI preprint)
		"pubmed pmid:31000002", // 0.5, PubMed first in source order
		"clinicaltrials nct:NCT01965756",
		"web url:example.org/No-identifiers-at-all",
	}, keys)
	require.Equal(t, 4, res.TotalFound)

	m := res.Evidence[0]
	require.Equal(t, domain.SourcePubMed, m.Citation.Source, "the earlier source keeps the merged copy")
	require.Equal(t, "Metformin trial (EPMC copy)", m.Citation.Title, "the fuller title wins (domain.MergeEvidence)")
	require.Equal(t, "2019-03-01", m.Citation.Date, "a more precise date of the same year is taken")
	require.Equal(t, 42, m.Citation.CitationCount)
	require.True(t, m.Citation.OpenAccess)
	require.Equal(t, []string{"https://europepmc.org/articles/PMC6000001"}, m.Citation.FullTextURLs)
	require.Equal(t, []string{"Metformin", "Alzheimer Disease", "Humans"}, m.Citation.MeshTerms)
	require.InDelta(t, 1.0, m.Relevance, 1e-9)
	require.InDelta(t, 0.5, res.Evidence[2].Relevance, 1e-9, "the web copy of the trial merged into it")
}

func TestFanoutFailuresNeverFailTheSearch(t *testing.T) {
	good := &stubSource{name: domain.SourcePubMed, ev: []domain.Evidence{paper(domain.SourcePubMed, "A", 0.5, func(c *domain.Citation) { c.PMID = "1" })}}
	down := &stubSource{name: domain.SourceEuropePMC, err: errors.New("europepmc: cannot connect: connection refused (gave up after 3 attempts)")}
	slow := &stubSource{name: domain.SourceClinicalTrials, delay: time.Hour}
	boom := &stubSource{name: domain.SourceWeb, panic: true}
	warn := &stubSource{name: domain.SourceLibrary, err: errors.Join(errors.New("library: index busy"), &search.Warning{Source: domain.SourceLibrary, Messages: []string{"query \"x\": phrase ignored"}})}
	f := search.NewFanout([]search.Source{good, down, slow, boom, warn}, search.FanoutOptions{Timeout: 50 * time.Millisecond})

	res := f.Run(context.Background(), []string{"q"}, []domain.Source{"pubmed", "europepmc", "clinicaltrials", "web", "library", "pubmed", "scholar"}, 10)
	require.Len(t, res.Evidence, 1)
	require.Equal(t, []domain.SearchError{
		{Source: "scholar", Error: `unknown source "scholar"`},
		{Source: domain.SourceEuropePMC, Error: "europepmc: cannot connect: connection refused (gave up after 3 attempts)"},
		{Source: domain.SourceClinicalTrials, Error: "clinicaltrials: timed out"},
		{Source: domain.SourceWeb, Error: "web: internal error in the source"},
		{Source: domain.SourceLibrary, Error: "warning: query \"x\": phrase ignored", Warning: true},
		{Source: domain.SourceLibrary, Error: "library: index busy"},
	}, res.Errors)
	require.EqualValues(t, 1, good.calls.Load(), "a source named twice runs once")

	f = search.NewFanout([]search.Source{good}, search.FanoutOptions{})
	res = f.Run(context.Background(), []string{"q"}, []domain.Source{domain.SourcePubMed, domain.SourceWeb}, 10)
	require.Equal(t, []domain.SearchError{{Source: domain.SourceWeb, Error: "web: source not configured"}}, res.Errors)
	require.Equal(t, []domain.Source{domain.SourcePubMed}, res.SourcesSearched)

	res = f.Run(context.Background(), []string{"  "}, nil, 10)
	require.Empty(t, res.Evidence)
	require.Equal(t, []domain.SearchError{{Source: domain.SourcePubMed, Error: "pubmed: no query given"}}, res.Errors)
	require.NotNil(t, res.SourcesSearched)
}

func TestFanoutSourceIgnoringItsContext(t *testing.T) {
	stuck := &stuckSource{release: make(chan struct{})}
	defer close(stuck.release)
	f := search.NewFanout([]search.Source{stuck}, search.FanoutOptions{Timeout: 20 * time.Millisecond})
	res := f.Run(context.Background(), []string{"q"}, nil, 10)
	require.Equal(t, []domain.SearchError{{Source: domain.SourceLibrary, Error: "library: timed out after 20ms"}}, res.Errors)
}

type stuckSource struct{ release chan struct{} }

func (s *stuckSource) Name() domain.Source { return domain.SourceLibrary }
func (s *stuckSource) Search(context.Context, []string, int) ([]domain.Evidence, error) {
	<-s.release
	return nil, nil
}

func TestFanoutRankingIsStable(t *testing.T) {
	mk := func(src domain.Source, ids ...string) *stubSource {
		s := &stubSource{name: src}
		for _, id := range ids {
			s.ev = append(s.ev, paper(src, "T"+id, 0.5, func(c *domain.Citation) { c.PMID = id }))
		}
		return s
	}
	f := search.NewFanout([]search.Source{mk(domain.SourceEuropePMC, "9", "3"), mk(domain.SourcePubMed, "5", "1")}, search.FanoutOptions{})
	for i := 0; i < 20; i++ {
		res := f.Run(context.Background(), []string{"q"}, nil, 10)
		var got []string
		for _, e := range res.Evidence {
			got = append(got, e.Citation.PMID)
		}
		require.Equal(t, []string{"3", "9", "1", "5"}, got, "ties: source order (as registered), then key")
	}
}

func TestSplit(t *testing.T) {
	w := &search.Warning{Source: domain.SourcePubMed, Messages: []string{"a", "b"}}
	ws, fail := search.Split(w)
	require.Equal(t, []string{"a", "b"}, ws)
	require.NoError(t, fail)

	e1, e2 := errors.New("x"), errors.New("y")
	ws, fail = search.Split(errors.Join(e1, w, e2))
	require.Equal(t, []string{"a", "b"}, ws)
	require.ErrorIs(t, fail, e1)
	require.ErrorIs(t, fail, e2)

	ws, fail = search.Split(nil)
	require.Nil(t, ws)
	require.NoError(t, fail)
	require.Equal(t, "pubmed: a; b", w.Error())
}

var fastRetry = httpx.Retry{Attempts: 2, Base: time.Millisecond, MaxDelay: 2 * time.Millisecond}

// TestFanoutRealClients runs the real PubMed and Europe PMC clients against servers
// replaying the recordings, with ClinicalTrials.gov unreachable.
func TestFanoutRealClients(t *testing.T) {
	ncbi := fakeNCBI(t, 0)
	defer ncbi.Close()
	epmc := fakeEPMC(t, 0)
	defer epmc.Close()
	downURL := "http://" + testnet.ClosedAddr(t)

	f := search.NewFanout([]search.Source{
		pubmed.New(pubmed.Options{BaseURL: ncbi.URL, HTTPClient: ncbi.Client(), Limiter: rate.NewLimiter(rate.Inf, 1), Retry: fastRetry}),
		europepmc.New(europepmc.Options{BaseURL: epmc.URL, HTTPClient: epmc.Client(), Retry: fastRetry}),
		ctgov.New(ctgov.Options{BaseURL: downURL, Retry: fastRetry}),
	}, search.FanoutOptions{Timeout: 5 * time.Second})
	res := f.Run(context.Background(), []string{"telomere pancreatic cancer"}, nil, 10)

	require.Len(t, res.Errors, 1)
	require.Equal(t, domain.SourceClinicalTrials, res.Errors[0].Source)
	require.Contains(t, res.Errors[0].Error, "clinicaltrials: cannot connect")
	require.Len(t, res.Evidence, 3, "two PubMed records and one Europe PMC record, the shared one merged")

	top := res.Evidence[0]
	require.Equal(t, domain.SourcePubMed, top.Citation.Source)
	require.Equal(t, "27797938", top.Citation.PMID)
	require.Len(t, top.Citation.Sections, 4, "PubMed's structured abstract")
	require.Contains(t, top.Citation.MeshTerms, "Telomere Shortening")
	require.Equal(t, 57, top.Citation.CitationCount, "Europe PMC's citation count")
	require.Equal(t, []string{"https://europepmc.org/article/PMC/PMC5442267"}, top.Citation.FullTextURLs)
	require.True(t, top.Citation.OpenAccess)
}

var recordRe = regexp.MustCompile(`(?s)<PubmedArticle>.*?</PubmedArticle>`)

// fakeNCBI answers esearch with two recorded PMIDs and efetch with their recorded records,
// after the given latency.
func fakeNCBI(t testing.TB, latency time.Duration) *httptest.Server {
	recs := recordRe.FindAll(fixture.Read(t, "ncbi", "biopython_pubmed4.xml"), -1)
	recs = append(recs, recordRe.FindAll(fixture.Read(t, "ncbi", "biopython_pubmed1.xml"), -1)[1])
	var set strings.Builder
	set.WriteString("<?xml version=\"1.0\" ?>\n<PubmedArticleSet>\n")
	for _, r := range recs {
		set.Write(r)
	}
	set.WriteString("</PubmedArticleSet>\n")
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(latency)
		w.Header().Set("Content-Type", "text/xml; charset=UTF-8")
		switch r.URL.Path {
		case "/esearch.fcgi":
			_, _ = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8" ?><eSearchResult><Count>2</Count><RetMax>2</RetMax><RetStart>0</RetStart><IdList><Id>27797938</Id><Id>9997</Id></IdList></eSearchResult>`))
		case "/efetch.fcgi":
			_, _ = w.Write([]byte(set.String()))
		default:
			http.NotFound(w, r)
		}
	}))
}

// fakeEPMC answers with one core-shaped record for the PubMed paper above and one of its own.
func fakeEPMC(t testing.TB, latency time.Duration) *httptest.Server {
	body := `{"version":"6.9","hitCount":2,"request":{},"resultList":{"result":[
 {"id":"27797938","source":"MED","pmid":"27797938","pmcid":"PMC5442267","doi":"10.1136/gutjnl-2016-312510","title":"Leucocyte telomere length, genetic variants at the TERT gene region and risk of pancreatic cancer.","authorString":"Bao Y, Prescott J.","journalTitle":"Gut","pubYear":"2017","pubType":"journal article","isOpenAccess":"Y","citedByCount":57,"firstPublicationDate":"2016-10-31","fullTextIdList":{"fullTextId":["PMC5442267"]}},
 {"id":"PPR1","source":"PPR","doi":"10.1101/000001","title":"A telomere preprint","authorString":"Doe J.","pubYear":"2024","pubType":"preprint","isOpenAccess":"Y","citedByCount":0,"firstPublicationDate":"2024-01-02"}]}}`
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(latency)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
}

// deadlineSource records how long each call was given (its context's deadline) and hangs
// until released or out of time, unless it is up.
type deadlineSource struct {
	mu     sync.Mutex
	given  []time.Duration
	up     atomic.Bool
	answer []domain.Evidence
}

func (s *deadlineSource) Name() domain.Source { return domain.SourceClinicalTrials }
func (s *deadlineSource) Search(ctx context.Context, _ []string, _ int) ([]domain.Evidence, error) {
	d, _ := ctx.Deadline()
	s.mu.Lock()
	s.given = append(s.given, time.Until(d))
	s.mu.Unlock()
	if s.up.Load() {
		return s.answer, nil
	}
	<-ctx.Done()
	return nil, fmt.Errorf("clinicaltrials: %w", ctx.Err())
}

// TestFanoutHangingSourceCostsItsTimeoutOncePerRun: a source that timed out is given only
// the short probe in the Fanout's (the run's) later searches, with an error saying so,
// while the other sources go on; once it answers a probe it gets its full time again.
func TestFanoutHangingSourceCostsItsTimeoutOncePerRun(t *testing.T) {
	good := &stubSource{name: domain.SourcePubMed, ev: []domain.Evidence{paper(domain.SourcePubMed, "A", 0.5, func(c *domain.Citation) { c.PMID = "1" })}}
	hang := &deadlineSource{answer: []domain.Evidence{paper(domain.SourceClinicalTrials, "T", 0.5, func(c *domain.Citation) { c.NCTID = "NCT00000001" })}}
	const timeout, probe = 300 * time.Millisecond, 30 * time.Millisecond
	f := search.NewFanout([]search.Source{good, hang}, search.FanoutOptions{Timeout: timeout, ProbeTimeout: probe})
	errText := func(res domain.SearchResult) string {
		for _, e := range res.Errors {
			if e.Source == domain.SourceClinicalTrials {
				return e.Error
			}
		}
		return ""
	}
	first := f.Run(context.Background(), []string{"q"}, nil, 10)
	require.Len(t, first.Evidence, 1, "the source that answered is kept")
	require.Contains(t, errText(first), "context deadline exceeded")
	for i := 0; i < 2; i++ {
		later := f.Run(context.Background(), []string{"q"}, nil, 10)
		require.Len(t, later.Evidence, 1)
		require.Equal(t, "clinicaltrials: not answering (it timed out after 300ms earlier in this run; probed for 30ms this time)", errText(later))
	}
	hang.up.Store(true)
	back := f.Run(context.Background(), []string{"q"}, nil, 10)
	require.Len(t, back.Evidence, 2, "a source answering its probe is back")
	require.Empty(t, errText(back))
	f.Run(context.Background(), []string{"q"}, nil, 10)

	hang.mu.Lock()
	defer hang.mu.Unlock()
	require.Len(t, hang.given, 5)
	require.Greater(t, hang.given[0], probe, "the first call gets the full timeout")
	for _, g := range hang.given[1:4] {
		require.LessOrEqual(t, g, probe, "after a timeout only the probe, until it answers")
	}
	require.Greater(t, hang.given[4], probe, "once it answered, the full timeout again")
}

// TestFanoutTellsEachSourceAsItFinishes: the caller's SourceDone hears from every source
// with its hits or its failure, before the merged result returns.
func TestFanoutTellsEachSourceAsItFinishes(t *testing.T) {
	good := &stubSource{name: domain.SourcePubMed, ev: []domain.Evidence{paper(domain.SourcePubMed, "A", 0.5, func(c *domain.Citation) { c.PMID = "1" })}}
	down := &stubSource{name: domain.SourceEuropePMC, err: errors.New("europepmc: cannot connect")}
	f := search.NewFanout([]search.Source{good, down}, search.FanoutOptions{Timeout: time.Second})
	var mu sync.Mutex
	told := map[domain.Source]string{}
	ctx := domain.WithSourceDone(context.Background(), func(s domain.Source, hits int, failure error, _ time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		told[s] = fmt.Sprint(hits, " ", failure)
	})
	f.Run(ctx, []string{"q"}, nil, 10)
	require.Equal(t, map[domain.Source]string{domain.SourcePubMed: "1 <nil>", domain.SourceEuropePMC: "0 europepmc: cannot connect"}, told)
}
