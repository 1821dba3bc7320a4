// Package sources builds the network search sources (PubMed, Europe PMC,
// ClinicalTrials.gov, web) from plain settings, so the CLI and the desktop services wire
// them the same way. The library source lives in its own package and is appended by the
// caller.
package sources

import (
	"net/http"
	"time"

	"golang.org/x/time/rate"

	"deepcritical/backend/search"
	"deepcritical/backend/search/ctgov"
	"deepcritical/backend/search/europepmc"
	"deepcritical/backend/search/httpx"
	"deepcritical/backend/search/pubmed"
	"deepcritical/backend/search/web"
)

// Config holds the endpoints and identity the sources need. Empty URLs mean the public
// defaults (domain.DefaultRunConfig).
type Config struct {
	PubMedURL    string
	EuropePMCURL string
	CTGovURL     string
	WebURL       string
	// NCBIEmail and NCBIAPIKey are sent to NCBI (NCBI_EMAIL, NCBI_API_KEY).
	NCBIEmail  string
	NCBIAPIKey string
	// HTTPClient is shared by every source; nil gives a client with a 60 s ceiling per
	// request (the fan-out's per-source timeout is usually shorter).
	HTTPClient *http.Client
	// PubMedLimiter is the process-wide NCBI limiter; nil creates one here, so create one
	// per process and pass it when building sources more than once.
	PubMedLimiter *rate.Limiter
	// Retry overrides httpx.DefaultRetry when Attempts > 0.
	Retry httpx.Retry
}

// Network returns the four network sources in their canonical order (pubmed, europepmc,
// clinicaltrials, web). Whether web is searched is decided by the enabled list given to
// Fanout.Run; it is built here so it can be enabled per search.
func Network(cfg Config) []search.Source {
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	lim := cfg.PubMedLimiter
	if lim == nil {
		lim = pubmed.NewLimiter(cfg.NCBIAPIKey != "")
	}
	return []search.Source{
		pubmed.New(pubmed.Options{BaseURL: cfg.PubMedURL, HTTPClient: hc, Email: cfg.NCBIEmail, APIKey: cfg.NCBIAPIKey, Limiter: lim, Retry: cfg.Retry}),
		europepmc.New(europepmc.Options{BaseURL: cfg.EuropePMCURL, HTTPClient: hc, Retry: cfg.Retry}),
		ctgov.New(ctgov.Options{BaseURL: cfg.CTGovURL, HTTPClient: hc, Retry: cfg.Retry}),
		web.New(web.Options{BaseURL: cfg.WebURL, HTTPClient: hc, Retry: cfg.Retry}),
	}
}
