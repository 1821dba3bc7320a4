// Package pubmed searches PubMed through the NCBI E-utilities (esearch, then one batched
// efetch per search call); the article XML is parsed by pubmedxml, which the library
// importer shares.
package pubmed

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/time/rate"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/httpx"
	"deepcritical/backend/search/pubmed/pubmedxml"
)

// DefaultBaseURL is the E-utilities endpoint (DEEPCRITICAL_PUBMED_URL overrides it).
const DefaultBaseURL = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils"

// DefaultTool is the tool name NCBI asks every E-utilities client to send.
const DefaultTool = "deepcritical"

// NewLimiter returns the request limiter NCBI's usage policy asks for: 3 requests per second
// without an API key, 10 with one. Requests are spaced 5% wider than the bare interval so no
// one-second window ever holds more than the limit. Create ONE per process and give it to
// every PubMed client, since NCBI counts requests per key or per IP address, not per client.
func NewLimiter(hasAPIKey bool) *rate.Limiter {
	perSecond := 3
	if hasAPIKey {
		perSecond = 10
	}
	return rate.NewLimiter(rate.Every(time.Second*21/20/time.Duration(perSecond)), 1)
}

// Options configure a Client.
type Options struct {
	// BaseURL defaults to DefaultBaseURL.
	BaseURL string
	// HTTPClient defaults to http.DefaultClient.
	HTTPClient *http.Client
	// Tool and Email identify the caller to NCBI (Email comes from NCBI_EMAIL).
	Tool  string
	Email string
	// APIKey (NCBI_API_KEY) raises the rate limit; it is never put in errors.
	APIKey string
	// Limiter is shared by all PubMed clients of the process; nil makes a private one from
	// NewLimiter, which only limits this client.
	Limiter *rate.Limiter
	// Retry overrides httpx.DefaultRetry when Attempts > 0.
	Retry httpx.Retry
}

// Client searches PubMed. It is safe for concurrent use.
type Client struct {
	base   string
	tool   string
	email  string
	apiKey string
	http   *httpx.Client
	// fetched keeps the records this client has fetched, so a later search asks PubMed
	// only for papers it has not seen (see records).
	fetched *records
	// deferred holds relaxations a run's search left for its next iteration (relax.go).
	deferred deferrals
}

// New builds a PubMed client.
func New(opts Options) *Client {
	base, hc := httpx.Options{BaseURL: opts.BaseURL, HTTPClient: opts.HTTPClient, Retry: opts.Retry}.Endpoint(domain.SourcePubMed, DefaultBaseURL)
	tool := opts.Tool
	if tool == "" {
		tool = DefaultTool
	}
	lim := opts.Limiter
	if lim == nil {
		lim = NewLimiter(opts.APIKey != "")
	}
	// NCBI's rate limit applies to every attempt, and the key must never show in an error.
	hc.Wait, hc.Redact = lim.Wait, []string{opts.APIKey}
	return &Client{base: base, tool: tool, email: opts.Email, apiKey: opts.APIKey, http: hc, fetched: newRecords()}
}

// Name is the source name.
func (c *Client) Name() domain.Source { return domain.SourcePubMed }

// Search finds papers for all the queries of one call with as few requests as PubMed
// allows: ONE esearch for the queries ORed together (Best Match order, stored on the
// E-utilities history server with usehistory=y) and ONE efetch of that stored set by
// WebEnv and query_key. Count-aware relaxation costs extra esearches only when the combined
// query finds fewer than max papers (see searchCombined); then the ids of every attempt are
// fetched with one efetch by id. A paper fetched earlier in the same run (an earlier
// iteration) is taken from the client's records and not fetched again. Relevance comes
// from the rank: 1 - rank/(n+1) for the
// 0-based rank among the n ids kept.
//
// Every esearch sent is recorded as a query event with its own Count; PubMed reports no
// per-query count inside an OR, so the events carry the combined query and its count.
// PhraseNotFound and esearch warnings come back as a *search.Warning (joined with any error).
func (c *Client) Search(ctx context.Context, queries []string, max int) ([]domain.Evidence, error) {
	queries = nonEmpty(queries)
	if len(queries) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "pubmed: no query given")
	}
	if max < 1 {
		return nil, domain.Errorf(domain.CodeInvalid, "pubmed: max results must be at least 1, got %d", max)
	}
	res, evs, err := c.searchCombined(ctx, queries, max)
	for _, a := range evs {
		search.RecordQuery(ctx, a)
	}
	if err != nil {
		return nil, combine([]error{err}, res.attemptNotes)
	}
	var (
		problems []error
		notes    = res.attemptNotes
	)
	if len(res.IDs) == 0 {
		return nil, combine(problems, notes)
	}
	rel := make(map[string]float64, len(res.IDs))
	n := len(res.IDs)
	for rank, id := range res.IDs {
		rel[id] = 1 - float64(rank)/float64(n+1)
	}
	// Papers this client fetched earlier in the run are not fetched again: the efetch asks
	// only for the new ids, and is not sent at all when every id was seen.
	runID := domain.RunIDFrom(ctx)
	ev, missing := c.fetched.split(runID, res.IDs)
	var (
		fresh    []domain.Evidence
		recNotes []string
		ferr     error
	)
	switch {
	case len(missing) == 0:
	case len(ev) == 0 && res.WebEnv != "" && res.QueryKey != "":
		fresh, recNotes, ferr = c.fetchHistory(ctx, res.WebEnv, res.QueryKey, n)
	default:
		fresh, recNotes, ferr = c.fetch(ctx, missing)
	}
	c.fetched.put(runID, fresh)
	ev = append(ev, fresh...)
	notes = append(notes, recNotes...)
	if ferr != nil {
		problems = append(problems, ferr)
	}
	for i := range ev {
		// A record the history set holds beyond the ids esearch listed ranks last.
		ev[i].Relevance = 1 / float64(n+1)
		if r, ok := rel[ev[i].Citation.PMID]; ok {
			ev[i].Relevance = r
		}
	}
	sort.SliceStable(ev, func(i, j int) bool { return ev[i].Relevance > ev[j].Relevance })
	return ev, combine(problems, notes)
}

// Fetch returns the records of the given PMIDs with one efetch, in the order given. It is
// what `appraise --pmid` needs.
func (c *Client) Fetch(ctx context.Context, pmids []string) ([]domain.Evidence, error) {
	ids := make([]string, 0, len(pmids))
	for _, id := range pmids {
		id = strings.TrimSpace(id)
		if _, err := strconv.ParseUint(id, 10, 64); err != nil {
			return nil, domain.Errorf(domain.CodeInvalid, "pubmed: %q is not a PMID", id)
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "pubmed: no PMID given")
	}
	ev, notes, err := c.fetch(ctx, ids)
	pos := make(map[string]int, len(ids))
	for i, id := range ids {
		if _, ok := pos[id]; !ok {
			pos[id] = i
		}
	}
	sort.SliceStable(ev, func(i, j int) bool { return pos[ev[i].Citation.PMID] < pos[ev[j].Citation.PMID] })
	return ev, combine(errsOf(err), notes)
}

func errsOf(err error) []error {
	if err == nil {
		return nil
	}
	return []error{err}
}

// combine joins failures and warnings into the error Search returns: nil, a
// *search.Warning, a failure, or a failure joined with a warning.
func combine(problems []error, notes []string) error {
	var warn error
	if len(notes) > 0 {
		warn = &search.Warning{Source: domain.SourcePubMed, Messages: notes}
	}
	switch {
	case len(problems) == 0:
		return warn
	case warn == nil:
		return errors.Join(problems...)
	default:
		return errors.Join(append(problems, warn)...)
	}
}

// params are the parameters NCBI wants on every request.
func (c *Client) params() url.Values {
	v := url.Values{}
	v.Set("db", "pubmed")
	v.Set("tool", c.tool)
	if c.email != "" {
		v.Set("email", c.email)
	}
	if c.apiKey != "" {
		v.Set("api_key", c.apiKey)
	}
	return v
}

// ESearchResult is the part of an esearch response this client reads: the ids and the
// errors and warnings NCBI reports beside them.
type ESearchResult struct {
	XMLName  xml.Name `xml:"eSearchResult"`
	Count    string   `xml:"Count"`
	IDs      []string `xml:"IdList>Id"`
	Error    string   `xml:"ERROR"`
	NotFound []string `xml:"ErrorList>PhraseNotFound"`
	NoField  []string `xml:"ErrorList>FieldNotFound"`
	Quoted   []string `xml:"WarningList>QuotedPhraseNotFound"`
	Ignored  []string `xml:"WarningList>PhraseIgnored"`
	Messages []string `xml:"WarningList>OutputMessage"`
	// Translation is how PubMed read the query (automatic term mapping included); empty
	// when it could not read it.
	Translation string `xml:"QueryTranslation"`
	WebEnv      string `xml:"WebEnv"`
	QueryKey    string `xml:"QueryKey"`
	// attemptNotes are the warnings of each esearch a search sent, each naming the form it
	// sent and what that form found (set by searchCombined, never by the XML).
	attemptNotes []string
}

// quoted puts a query between typographic quotes for a reader: Go's %q would escape the
// query's own double quotes (`\"Dementia\"[mh]`), which a reader then has to unescape.
func quoted(q string) string { return "“" + q + "”" }

// Hits is the Count PubMed reported, or -1 when it is missing or not a number.
func (r ESearchResult) Hits() int {
	n, err := strconv.Atoi(strings.TrimSpace(r.Count))
	if err != nil {
		return -1
	}
	return n
}

// notes turns esearch's ErrorList and WarningList into warning messages for one query.
func (r ESearchResult) notes(query string) []string {
	var parts []string
	add := func(label string, items []string) {
		for _, it := range items {
			if it = strings.TrimSpace(it); it != "" {
				parts = append(parts, label+": "+it)
			}
		}
	}
	add("phrase not found", r.NotFound)
	add("field not found", r.NoField)
	add("quoted phrase not found", r.Quoted)
	add("phrase ignored", r.Ignored)
	add("message", r.Messages)
	if len(parts) == 0 {
		return nil
	}
	n := r.Hits()
	if n < 0 {
		n = len(r.IDs)
	}
	return []string{fmt.Sprintf("query %s (%d results): %s", quoted(query), n, strings.Join(parts, "; "))}
}

// ParseESearch reads an esearch XML body. An <ERROR> body is an error; PhraseNotFound and
// warnings are left in the result for the caller to report.
func ParseESearch(body []byte) (ESearchResult, error) {
	var r ESearchResult
	if err := xml.Unmarshal(body, &r); err != nil {
		var ue xml.UnmarshalError
		if errors.As(err, &ue) || strings.Contains(err.Error(), "expected element type") {
			if msg := pubmedxml.FindError(xml.NewDecoder(bytes.NewReader(body)), xml.StartElement{}); msg != "" {
				return r, fmt.Errorf("esearch: E-utilities error: %s", msg)
			}
			return r, fmt.Errorf("esearch: not an eSearchResult: %w", err)
		}
		if pubmedxml.IsTruncation(err) {
			return r, fmt.Errorf("esearch: truncated XML: %w", err)
		}
		return r, fmt.Errorf("esearch: malformed XML: %w", err)
	}
	if e := strings.TrimSpace(r.Error); e != "" {
		return r, fmt.Errorf("esearch: E-utilities error: %s", e)
	}
	ids := r.IDs[:0]
	for _, id := range r.IDs {
		if id = strings.TrimSpace(id); id != "" {
			ids = append(ids, id)
		}
	}
	r.IDs = ids
	return r, nil
}

// esearch runs one esearch in Best Match order. With history set, the result set is kept on
// the E-utilities history server (usehistory=y), in the given WebEnv when there is one, and
// the response carries the WebEnv and the set's QueryKey for efetch.
func (c *Client) esearch(ctx context.Context, query string, max int, history bool, webEnv string) (ESearchResult, error) {
	v := c.params()
	v.Set("term", query)
	if history {
		v.Set("usehistory", "y")
		if webEnv != "" {
			v.Set("WebEnv", webEnv)
		}
	}
	v.Set("retmax", strconv.Itoa(max))
	v.Set("sort", "relevance")
	v.Set("retmode", "xml")
	body, err := c.http.Do(ctx, httpx.Request{URL: c.base + "/esearch.fcgi?" + v.Encode(), Expect: httpx.XML})
	if err != nil {
		return ESearchResult{}, err
	}
	r, err := ParseESearch(body)
	if err != nil {
		return r, fmt.Errorf("pubmed: %w", err)
	}
	if len(r.IDs) > max {
		r.IDs = r.IDs[:max]
	}
	return r, nil
}

// fetchHistory runs one efetch of the first n records of a result set stored on the history
// server, so the ids need not be sent again.
func (c *Client) fetchHistory(ctx context.Context, webEnv, queryKey string, n int) ([]domain.Evidence, []string, error) {
	v := c.params()
	v.Set("WebEnv", webEnv)
	v.Set("query_key", queryKey)
	v.Set("retstart", "0")
	v.Set("retmax", strconv.Itoa(n))
	v.Set("retmode", "xml")
	v.Set("rettype", "abstract")
	return c.efetch(ctx, v)
}

// fetch runs one efetch (POST, so hundreds of ids fit) and parses the article set.
// Unusable records become warning notes.
func (c *Client) fetch(ctx context.Context, ids []string) ([]domain.Evidence, []string, error) {
	v := c.params()
	v.Set("id", strings.Join(ids, ","))
	v.Set("retmode", "xml")
	v.Set("rettype", "abstract")
	return c.efetch(ctx, v)
}

func (c *Client) efetch(ctx context.Context, v url.Values) ([]domain.Evidence, []string, error) {
	body, err := c.http.Do(ctx, httpx.Request{Method: http.MethodPost, URL: c.base + "/efetch.fcgi", Form: v, Expect: httpx.XML})
	if err != nil {
		return nil, nil, err
	}
	ev, recErrs, err := pubmedxml.ParseArticleSetBytes(body)
	var notes []string
	for _, re := range recErrs {
		notes = append(notes, "efetch "+re.Error())
	}
	if err != nil {
		return ev, notes, fmt.Errorf("pubmed: efetch: %w", err)
	}
	return ev, notes, nil
}

func nonEmpty(qs []string) []string {
	out := make([]string, 0, len(qs))
	for _, q := range qs {
		if q = strings.TrimSpace(q); q != "" {
			out = append(out, q)
		}
	}
	return out
}
