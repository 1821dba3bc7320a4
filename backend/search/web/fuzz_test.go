package web

import (
	"net/url"
	"testing"

	"deepcritical/backend/search/internal/fixture"
)

// FuzzParse feeds mutated DuckDuckGo pages to the parser; it must never panic and every
// result must point at an http(s) URL.
func FuzzParse(f *testing.F) {
	fixture.Seed(f, "duckduckgo", []string{"html.duckduckgo.com_q-Hello_2021.html"}, "wrapped_results.html")
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := Parse(data)
		if err != nil {
			return
		}
		for _, e := range ev {
			u, perr := url.Parse(e.Citation.URL)
			if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || e.Citation.Title == "" {
				t.Fatalf("bad result %+v", e.Citation)
			}
		}
	})
}
