// Package web searches the open web through DuckDuckGo's HTML endpoint. It is off by
// default (the caller decides to enable it) because web pages are weaker evidence than the
// literature; when on, links to PubMed, DOIs and trial registrations are recognised so the
// fan-out merges them with the same records from the other sources.
package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/httpx"
)

// DefaultBaseURL is the DuckDuckGo HTML endpoint (DEEPCRITICAL_WEB_URL overrides).
const DefaultBaseURL = "https://html.duckduckgo.com/html"

// Options configure a Client: BaseURL (DefaultBaseURL when empty), HTTPClient and Retry.
type Options = httpx.Options

// Client searches the web. It is safe for concurrent use.
type Client struct {
	base string
	http *httpx.Client
}

// New builds a web search client.
func New(opts Options) *Client {
	base, hc := opts.Endpoint(domain.SourceWeb, DefaultBaseURL)
	return &Client{base: base, http: hc}
}

// Name is the source name.
func (c *Client) Name() domain.Source { return domain.SourceWeb }

// Search posts each query to the HTML endpoint concurrently and keeps at most max results
// of the first result page per query. Relevance is 1 - rank/(n+1) in page order.
func (c *Client) Search(ctx context.Context, queries []string, max int) ([]domain.Evidence, error) {
	return search.PerQuery(ctx, domain.SourceWeb, queries, max, c.searchOne)
}

func (c *Client) searchOne(ctx context.Context, query string, max int) ([]domain.Evidence, error) {
	form := url.Values{}
	form.Set("q", query)
	form.Set("kl", "wt-wt")
	body, err := c.http.Do(ctx, httpx.Request{Method: http.MethodPost, URL: c.base + "/", Form: form, Expect: httpx.HTML})
	if err != nil {
		return nil, err
	}
	ev, err := Parse(body)
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	if len(ev) > max {
		ev = ev[:max]
	}
	return ev, nil
}

// Parse reads a DuckDuckGo HTML results page: each result's title link (a.result__a), its
// snippet (.result__snippet) and the real target URL, unwrapped from /l/?uddg= redirects.
// Ads are skipped. A page that stops before </html> is reported as truncated. A page with neither results nor DuckDuckGo's "no results" notice (a bot
// challenge, an error page) is an error rather than a silent empty list.
func Parse(page []byte) ([]domain.Evidence, error) {
	tail := page[max(0, len(page)-4096):]
	if !bytes.Contains(bytes.ToLower(tail), []byte("</html>")) {
		return nil, errors.New("truncated HTML: the page ends before </html>")
	}
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil, fmt.Errorf("malformed HTML: %w", err)
	}
	var (
		out       []domain.Evidence
		seen      = map[string]bool{}
		noResults bool
		sawForm   bool
	)
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		if depth > 512 {
			return
		}
		if n.Type == html.ElementNode {
			cls := classes(n)
			switch {
			case cls["no-results"]:
				noResults = true
			case n.DataAtom == atom.Input && attr(n, "name") == "q":
				sawForm = true
			case cls["result"] && !cls["result--ad"]:
				if ev, ok := parseResult(n); ok && !seen[ev.Citation.URL] {
					seen[ev.Citation.URL] = true
					out = append(out, ev)
				}
				return
			}
		}
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			walk(k, depth+1)
		}
	}
	walk(doc, 0)
	if len(out) == 0 && !noResults {
		if !sawForm {
			return nil, errors.New("not a DuckDuckGo results page" + titleOf(doc))
		}
		return nil, errors.New("results page without results or a no-results notice (possibly a bot challenge)" + titleOf(doc))
	}
	return out, nil
}

// parseResult reads one div.result.
func parseResult(n *html.Node) (domain.Evidence, bool) {
	var link, snippet *html.Node
	var find func(*html.Node)
	find = func(m *html.Node) {
		if m.Type == html.ElementNode {
			cls := classes(m)
			if link == nil && cls["result__a"] {
				link = m
			}
			if snippet == nil && cls["result__snippet"] {
				snippet = m
			}
		}
		for k := m.FirstChild; k != nil; k = k.NextSibling {
			find(k)
		}
	}
	find(n)
	if link == nil {
		return domain.Evidence{}, false
	}
	target := Unwrap(attr(link, "href"))
	title := text(link)
	if target == "" || title == "" {
		return domain.Evidence{}, false
	}
	c := domain.Citation{Source: domain.SourceWeb, ID: target, Title: title, URL: target, Authors: []string{}}
	recognise(&c)
	ev := domain.Evidence{Citation: c}
	if snippet != nil {
		ev.Content = text(snippet)
	}
	return ev, true
}

// Unwrap returns the real target of a result link: DuckDuckGo wraps targets as
// //duckduckgo.com/l/?uddg=<escaped URL>&rut=…, or /l/?uddg=… on the HTML endpoint.
// Only http(s) targets are returned; anything else gives "".
func Unwrap(href string) string {
	href = strings.TrimSpace(href)
	if href == "" {
		return ""
	}
	u, err := url.Parse(href)
	if err != nil {
		return ""
	}
	if (u.Host == "" || strings.HasSuffix(u.Host, "duckduckgo.com")) && strings.HasPrefix(u.Path, "/l/") {
		if t := u.Query().Get("uddg"); t != "" {
			return Unwrap(t)
		}
	}
	if u.Scheme == "" && u.Host != "" {
		u.Scheme = "https"
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return ""
	}
	return u.String()
}

var (
	pubmedURL = regexp.MustCompile(`^https?://(?:www\.)?(?:pubmed\.ncbi\.nlm\.nih\.gov/|ncbi\.nlm\.nih\.gov/pubmed/)(\d+)`)
	pmcURL    = regexp.MustCompile(`^https?://(?:www\.)?(?:ncbi\.nlm\.nih\.gov/pmc/articles/|pmc\.ncbi\.nlm\.nih\.gov/articles/)(PMC\d+)`)
	doiURL    = regexp.MustCompile(`^https?://(?:dx\.)?doi\.org/(10\.\d{4,9}/\S+)$`)
	nctURL    = regexp.MustCompile(`^https?://(?:www\.)?clinicaltrials\.gov/(?:study|ct2/show)/(NCT\d{8})`)
)

// recognise fills the identifiers a URL reveals, so a web hit on a PubMed page and the
// PubMed record itself share one canonical key.
func recognise(c *domain.Citation) {
	if m := pubmedURL.FindStringSubmatch(c.URL); m != nil {
		c.PMID = m[1]
	}
	if m := pmcURL.FindStringSubmatch(c.URL); m != nil {
		c.PMCID = m[1]
	}
	if m := doiURL.FindStringSubmatch(c.URL); m != nil {
		if d, err := url.PathUnescape(m[1]); err == nil {
			c.DOI = d
		}
	}
	if m := nctURL.FindStringSubmatch(c.URL); m != nil {
		c.NCTID = m[1]
	}
}

func classes(n *html.Node) map[string]bool {
	v := attr(n, "class")
	if v == "" {
		return nil
	}
	m := map[string]bool{}
	for _, c := range strings.Fields(v) {
		m[c] = true
	}
	return m
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

// text is the visible text under n with white space collapsed.
func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(m *html.Node) {
		if m.Type == html.TextNode {
			b.WriteString(m.Data)
		}
		for k := m.FirstChild; k != nil; k = k.NextSibling {
			walk(k)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// titleOf quotes the page's <title> for an error message.
func titleOf(doc *html.Node) string {
	var title string
	var walk func(*html.Node)
	walk = func(m *html.Node) {
		if title != "" {
			return
		}
		if m.Type == html.ElementNode && m.DataAtom == atom.Title {
			title = text(m)
			return
		}
		for k := m.FirstChild; k != nil; k = k.NextSibling {
			walk(k)
		}
	}
	walk(doc)
	if title == "" {
		return ""
	}
	if r := []rune(title); len(r) > 80 {
		title = string(r[:80]) + "…"
	}
	return fmt.Sprintf(": %q", title)
}
