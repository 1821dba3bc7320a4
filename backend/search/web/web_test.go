package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/internal/faulttest"
	"deepcritical/backend/search/internal/fixture"
)

func TestParseRecordedPage(t *testing.T) {
	ev, err := Parse(fixture.Read(t, "duckduckgo", "html.duckduckgo.com_q-Hello_2021.html"))
	require.NoError(t, err)
	require.Len(t, ev, 28)
	c := ev[0].Citation
	require.Equal(t, domain.SourceWeb, c.Source)
	require.Equal(t, "Hello | Definition of Hello by Merriam-Webster", c.Title)
	require.Equal(t, "https://www.merriam-webster.com/dictionary/hello", c.URL)
	require.Equal(t, "Hello definition is - an expression or gesture of greeting —used interjectionally in greeting, in answering the telephone, or to express surprise. How to use hello in a sentence.", ev[0].Content)
	require.Equal(t, "https://www.youtube.com/watch?v=YQHsXMglC9A", ev[2].Citation.URL)
	require.Contains(t, ev[1].Content, "celebrity & royal news")
	require.Contains(t, ev[2].Content, "'Hello' is taken from the new album")
	for _, e := range ev {
		require.NoError(t, e.Validate())
	}
}

func TestParseWrappedLinks(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("testdata", "wrapped_results.html"))
	require.NoError(t, err)
	ev, err := Parse(page)
	require.NoError(t, err)
	require.Len(t, ev, 3, "the ad and the javascript: link are dropped")

	require.Equal(t, "https://pubmed.ncbi.nlm.nih.gov/31000001/", ev[0].Citation.URL)
	require.Equal(t, "31000001", ev[0].Citation.PMID)
	require.Equal(t, "pmid:31000001", ev[0].CanonicalKey(), "merges with the PubMed record")
	require.Equal(t, "Metformin in early Alzheimer disease - PubMed", ev[0].Citation.Title)
	require.Equal(t, "We randomised 80 patients & found that metformin improved cognition.", ev[0].Content)

	require.Equal(t, "https://doi.org/10.1000/ABC.123", ev[1].Citation.URL)
	require.Equal(t, "10.1000/ABC.123", ev[1].Citation.DOI)
	require.Equal(t, "Snippet in a div.", ev[1].Content)

	require.Equal(t, "NCT01965756", ev[2].Citation.NCTID)
	require.Empty(t, ev[2].Content)
}

func TestUnwrap(t *testing.T) {
	tests := map[string]string{
		"//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2Fa%3Fb%3D1&rut=x": "https://example.org/a?b=1",
		"https://duckduckgo.com/l/?uddg=http%3A%2F%2Fexample.org%2F":           "http://example.org/",
		"/l/?uddg=https%3A%2F%2Fexample.org":                                   "https://example.org",
		"https://example.org/direct":                                           "https://example.org/direct",
		"//example.org/x":                                                      "https://example.org/x",
		"javascript:alert(1)":                                                  "",
		"/relative/path":                                                       "",
		"":                                                                     "",
		"/l/?uddg=javascript%3Aalert(1)":                                       "",
	}
	for in, want := range tests {
		require.Equal(t, want, Unwrap(in), in)
	}
}

func TestParseBadPages(t *testing.T) {
	tests := []struct{ name, page, wantErr string }{
		{"bot challenge", `<html><head><title>DuckDuckGo</title></head><body><form><input name="q" value="x"></form><div class="anomaly-modal">Unfortunately, bots use DuckDuckGo too.</div></body></html>`, "possibly a bot challenge"},
		{"other page", `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>`, `not a DuckDuckGo results page: "502 Bad Gateway"`},
		{"truncated", `<html><body><div class="result"><a class="result__a" href="https://x.org">X</a>`, "truncated HTML"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.page))
			require.ErrorContains(t, err, tt.wantErr)
		})
	}
	ev, err := Parse([]byte(`<html><body><form><input name="q" value="zzzz"></form><div class="no-results">No results.</div></body></html>`))
	require.NoError(t, err, "a real no-results page is an empty result, not an error")
	require.Empty(t, ev)
}

type fakeDDG struct {
	page  []byte
	mu    sync.Mutex
	forms []string
}

func (f *fakeDDG) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.forms = append(f.forms, r.FormValue("q"))
	f.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=UTF-8")
	_, _ = w.Write(f.page)
}

// TestSearchLocal runs on every clone over the synthetic results page of testdata/.
func TestSearchLocal(t *testing.T) {
	f := &fakeDDG{page: fixture.Local(t, "wrapped_results.html")}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})
	ev, err := c.Search(context.Background(), []string{"metformin alzheimer", "metformin  alzheimer trial"}, 10)
	require.NoError(t, err)
	require.Len(t, ev, 3, "the same three results for both queries, deduplicated; the ad is dropped")
	require.ElementsMatch(t, []string{"metformin alzheimer", "metformin  alzheimer trial"}, f.forms)
	require.Equal(t, "31000001", ev[0].Citation.PMID)
	require.InDelta(t, 1.0, ev[0].Relevance, 1e-9)
}

func TestSearch(t *testing.T) {
	f := &fakeDDG{page: fixture.Read(t, "duckduckgo", "html.duckduckgo.com_q-Hello_2021.html")}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})
	ev, err := c.Search(context.Background(), []string{"Hello", "hello again"}, 4)
	require.NoError(t, err)
	require.Len(t, ev, 4, "the same four pages for both queries, deduplicated")
	require.ElementsMatch(t, []string{"Hello", "hello again"}, f.forms)
	require.InDelta(t, 1.0, ev[0].Relevance, 1e-9)
}

func TestSearchFaults(t *testing.T) {
	f := &fakeDDG{page: fixture.Local(t, "wrapped_results.html")}
	faulttest.Matrix(t, domain.SourceWeb, f, func(ctx context.Context, base string, hc *http.Client) ([]domain.Evidence, error) {
		return New(Options{BaseURL: base, HTTPClient: hc, Retry: faulttest.FastRetry}).Search(ctx, []string{"Hello"}, 10)
	})
}
