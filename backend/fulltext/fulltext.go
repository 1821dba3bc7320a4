// Package fulltext fetches the open-access full text of a paper with a PMCID: Europe PMC's
// /{PMCID}/fullTextXML first, then the E-utilities' efetch db=pmc, both JATS read by
// fulltext/jats. It goes through the same HTTP edge (search/httpx: retries, body checks,
// user-safe errors) and the same process-wide rate limiters as the search sources, and it
// stores what it read once per paper (store.PutFullText), so a run, a resumed run and
// `appraise` share it.
//
// A paper without a readable full text is never a failure: Fetch returns a
// *domain.FullTextUnavailable whose reason says what each source answered (no PMCID, not in
// the open-access subset, the publisher withholds the body, an HTML error page, a timeout),
// and the caller reads the abstract instead and says so.
package fulltext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"golang.org/x/time/rate"

	"deepcritical/backend/domain"
	"deepcritical/backend/fulltext/jats"
	"deepcritical/backend/search/europepmc"
	"deepcritical/backend/search/httpx"
	"deepcritical/backend/search/pubmed"
)

// DefaultPaperTimeout bounds the fetch of one paper over both sources: a full text that
// takes longer is not worth holding the appraisal of that paper for.
const DefaultPaperTimeout = 30 * time.Second

// EuropePMCRate is the request rate kept towards Europe PMC: its REST service allows 10
// requests per second per address; full-text fetches take at most half of that, so the
// searches running beside them keep theirs. EuropePMCBurst requests may go at once (a
// run's first trials, fetched while the other sources are still searched): with a search's
// few queries that stays under the service's limit in any second.
const (
	EuropePMCRate  = 5
	EuropePMCBurst = 4
)

// NewEuropePMCLimiter returns the limiter of Europe PMC full-text requests. Create ONE per
// process and give it to every Fetcher, since the service counts requests per address.
func NewEuropePMCLimiter() *rate.Limiter {
	return rate.NewLimiter(rate.Every(time.Second/EuropePMCRate), EuropePMCBurst)
}

// pmcSource names PMC in the HTTP edge's errors ("pmc: timed out").
const pmcSource domain.Source = "pmc"

// Store keeps full texts (the SQLite store implements it).
type Store interface {
	PutFullText(ctx context.Context, ft domain.FullText) error
	FullTexts(ctx context.Context, keys []string) (map[string]domain.FullText, error)
}

// Options configure a Fetcher.
type Options struct {
	// EuropePMCURL is Europe PMC's REST base (default europepmc.DefaultBaseURL).
	EuropePMCURL string
	// PubMedURL is the E-utilities base (default pubmed.DefaultBaseURL).
	PubMedURL string
	// HTTPClient does the requests (default http.DefaultClient).
	HTTPClient *http.Client
	// NCBILimiter is the process-wide NCBI limiter the PubMed search uses (nil: a private one).
	NCBILimiter *rate.Limiter
	// EuropePMCLimiter is the process-wide Europe PMC full-text limiter (nil: a private one).
	EuropePMCLimiter *rate.Limiter
	// NCBIAPIKey and Email identify the caller to NCBI; the key never reaches an error.
	NCBIAPIKey string
	Email      string
	// Retry overrides httpx.DefaultRetry when Attempts > 0.
	Retry httpx.Retry
	// PaperTimeout bounds one paper's fetch over both sources (default DefaultPaperTimeout).
	PaperTimeout time.Duration
	// Store keeps what was read (nil: nothing is stored).
	Store Store
	Clock func() time.Time
}

// Fetcher fetches and stores full texts. It is safe for concurrent use.
type Fetcher struct {
	o      Options
	epmc   *httpx.Client
	epBase string
	pmc    *httpx.Client
	ncbi   string
}

// New builds a Fetcher.
func New(o Options) *Fetcher {
	if o.PaperTimeout <= 0 {
		o.PaperTimeout = DefaultPaperTimeout
	}
	if o.Clock == nil {
		o.Clock = time.Now
	}
	epBase, ep := httpx.Options{BaseURL: o.EuropePMCURL, HTTPClient: o.HTTPClient, Retry: o.Retry}.Endpoint(domain.SourceEuropePMC, europepmc.DefaultBaseURL)
	lim := o.EuropePMCLimiter
	if lim == nil {
		lim = NewEuropePMCLimiter()
	}
	ep.Wait = lim.Wait
	ncbiBase, pc := httpx.Options{BaseURL: o.PubMedURL, HTTPClient: o.HTTPClient, Retry: o.Retry}.Endpoint(pmcSource, pubmed.DefaultBaseURL)
	nl := o.NCBILimiter
	if nl == nil {
		nl = pubmed.NewLimiter(o.NCBIAPIKey != "")
	}
	pc.Wait, pc.Redact = nl.Wait, []string{o.NCBIAPIKey}
	return &Fetcher{o: o, epmc: ep, epBase: epBase, pmc: pc, ncbi: ncbiBase}
}

// pmcidRe is a PMCID with or without its prefix.
var pmcidRe = regexp.MustCompile(`(?i)^(?:pmcid[:\s]*)?(?:pmc)?([0-9]{1,10})$`)

// NormalizePMCID returns "PMC" and the digits of a PMCID written as "PMC123", "pmc123",
// "123" or "pmcid:PMC123", and false for anything else.
func NormalizePMCID(s string) (string, bool) {
	m := pmcidRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false
	}
	digits := strings.TrimLeft(m[1], "0")
	if digits == "" {
		return "", false
	}
	return "PMC" + digits, true
}

// Available reports whether a piece of evidence may have an open-access full text to
// fetch: it has a PMCID, or Europe PMC marks it open access.
func Available(ev domain.Evidence) bool {
	return strings.TrimSpace(ev.Citation.PMCID) != "" || ev.Citation.OpenAccess
}

// Stored returns the stored full texts of the given paper keys; it never fetches.
func (f *Fetcher) Stored(ctx context.Context, keys []string) (map[string]domain.FullText, error) {
	if f.o.Store == nil {
		return map[string]domain.FullText{}, nil
	}
	return f.o.Store.FullTexts(ctx, keys)
}

// Get returns ev's stored full text, or fetches it (see Fetch).
func (f *Fetcher) Get(ctx context.Context, ev domain.Evidence) (domain.FullText, error) {
	if key := ev.CanonicalKey(); key != "" && f.o.Store != nil {
		got, err := f.o.Store.FullTexts(ctx, []string{key})
		if err != nil {
			return domain.FullText{}, err
		}
		if ft, ok := got[key]; ok {
			return ft, nil
		}
	}
	return f.Fetch(ctx, ev)
}

// Fetch reads ev's open-access full text from Europe PMC, else from PMC, and stores it
// under ev's canonical key. A paper without one yields a *domain.FullTextUnavailable
// naming what each source answered; only a cancelled context or a store that cannot write
// gives another error.
func (f *Fetcher) Fetch(ctx context.Context, ev domain.Evidence) (domain.FullText, error) {
	key := ev.CanonicalKey()
	unavailable := func(src domain.FullTextSource, reason string) error {
		return &domain.FullTextUnavailable{Key: key, Source: src, Reason: reason}
	}
	pmcid, ok := NormalizePMCID(ev.Citation.PMCID)
	if !ok {
		if ev.Citation.OpenAccess {
			return domain.FullText{}, unavailable(domain.FullTextEuropePMC, "Europe PMC marks it open access but gives no PMCID to fetch the full text by")
		}
		return domain.FullText{}, unavailable(domain.FullTextAbstract, "no PMCID: the paper is not in PubMed Central")
	}
	return f.fetchAs(ctx, pmcid, key)
}

// FetchPMCID reads a full text by PMCID alone (`appraise --pmcid`); it is stored under
// key when key is not empty.
func (f *Fetcher) FetchPMCID(ctx context.Context, pmcid, key string) (domain.FullText, error) {
	id, ok := NormalizePMCID(pmcid)
	if !ok {
		return domain.FullText{}, domain.Errorf(domain.CodeInvalid, "%q is not a PMCID (PMC and digits, e.g. PMC3698942)", strings.TrimSpace(pmcid))
	}
	return f.fetchAs(ctx, id, key)
}

// fetchAs reads pmcid's full text as the paper key (a full text that cannot be read is
// reported under it) and stores it there; with an empty key nothing is stored.
func (f *Fetcher) fetchAs(ctx context.Context, pmcid, key string) (domain.FullText, error) {
	ft, err := f.fetchPMCID(ctx, pmcid)
	if err != nil {
		var u *domain.FullTextUnavailable
		if errors.As(err, &u) {
			u.Key = key
		}
		return domain.FullText{}, err
	}
	ft.Key = key
	if key != "" {
		if err := f.put(ctx, ft); err != nil {
			return domain.FullText{}, err
		}
	}
	return ft, nil
}

// Put stores a full text under its key (nothing without a store).
func (f *Fetcher) Put(ctx context.Context, ft domain.FullText) error { return f.put(ctx, ft) }

func (f *Fetcher) put(ctx context.Context, ft domain.FullText) error {
	if f.o.Store == nil {
		return nil
	}
	if err := f.o.Store.PutFullText(context.WithoutCancel(ctx), ft); err != nil {
		return fmt.Errorf("full text of %s read but not stored: %w", ft.Key, err)
	}
	return nil
}

// fetchPMCID tries Europe PMC, then PMC, within the paper's time bound.
func (f *Fetcher) fetchPMCID(ctx context.Context, pmcid string) (domain.FullText, error) {
	pctx, cancel := context.WithTimeout(ctx, f.o.PaperTimeout)
	defer cancel()
	var reasons []string
	for _, src := range []struct {
		source domain.FullTextSource
		name   string
		get    func(context.Context, string) ([]byte, error)
	}{
		{domain.FullTextEuropePMC, "Europe PMC", f.europePMC},
		{domain.FullTextPMC, "PMC", f.efetchPMC},
	} {
		body, err := src.get(pctx, pmcid)
		if ctx.Err() != nil {
			return domain.FullText{}, ctx.Err()
		}
		if err == nil {
			var ft domain.FullText
			if ft, err = f.read(body, src.source, pmcid); err == nil {
				return ft, nil
			}
		}
		reasons = append(reasons, src.name+": "+reasonOf(err, f.o.PaperTimeout))
		if pctx.Err() != nil {
			break
		}
	}
	return domain.FullText{}, &domain.FullTextUnavailable{Source: domain.FullTextAbstract, Reason: strings.Join(reasons, "; ")}
}

// europePMC asks Europe PMC's REST service for the article's JATS.
func (f *Fetcher) europePMC(ctx context.Context, pmcid string) ([]byte, error) {
	return f.epmc.Do(ctx, httpx.Request{URL: f.epBase + "/" + url.PathEscape(pmcid) + "/fullTextXML", Expect: httpx.XML})
}

// efetchPMC asks the E-utilities for the PMC record (POST, so the API key stays out of
// any URL).
func (f *Fetcher) efetchPMC(ctx context.Context, pmcid string) ([]byte, error) {
	v := url.Values{}
	v.Set("db", "pmc")
	v.Set("id", strings.TrimPrefix(pmcid, "PMC"))
	v.Set("retmode", "xml")
	v.Set("tool", pubmed.DefaultTool)
	if f.o.Email != "" {
		v.Set("email", f.o.Email)
	}
	if f.o.NCBIAPIKey != "" {
		v.Set("api_key", f.o.NCBIAPIKey)
	}
	return f.pmc.Do(ctx, httpx.Request{Method: http.MethodPost, URL: f.ncbi + "/efetch.fcgi", Form: v, Expect: httpx.XML})
}

// read parses an answer into a full text, or says why it holds none.
func (f *Fetcher) read(body []byte, src domain.FullTextSource, pmcid string) (domain.FullText, error) {
	a, err := jats.Parse(bytes.NewReader(body))
	if err != nil {
		return domain.FullText{}, err
	}
	if a.PMCID != "" && a.PMCID != pmcid {
		return domain.FullText{}, fmt.Errorf("the answer is the article %s, not %s", a.PMCID, pmcid)
	}
	if !a.HasBody() {
		if a.Withheld {
			return domain.FullText{}, errors.New("the publisher does not allow downloading the full text in XML form (front matter only)")
		}
		return domain.FullText{}, errors.New("the article has no body (front matter only)")
	}
	return domain.FullText{Source: src, SourceID: pmcid, Title: a.Title, DOI: a.DOI, PMID: a.PMID, PMCID: pmcid,
		Sections: a.Sections, FetchedAt: f.o.Clock().UTC()}, nil
}

// reasonOf says in a few words why one source gave no full text.
func reasonOf(err error, timeout time.Duration) string {
	var he *httpx.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Sprintf("no answer within %s", timeout)
	case errors.As(err, &he) && he.Status == http.StatusNotFound:
		return "no full text for this PMCID (HTTP 404)"
	case errors.As(err, &he):
		// The edge's message is user-safe and names its source; the source is named here.
		_, msg, _ := strings.Cut(he.Error(), ": ")
		return msg
	}
	var un *jats.UnavailableError
	if errors.As(err, &un) {
		return un.Message
	}
	return err.Error()
}
