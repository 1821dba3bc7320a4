// Package zotero talks to the user's running Zotero over its two local HTTP interfaces,
// both on one port (23119 by default): the connector server, through which the browser
// connector saves items (DeepCritical's "Send to Zotero"), and the local API, a read-only copy
// of Zotero's web API v3 over the local database (Zotero 7 and later, off until the user
// allows it; "Import from Zotero"). The rules it follows are Zotero's own, from its
// server.js, server_connector.js, saveSession.js and server_localAPI.js: requests are JSON
// with a Content-Length, a connector client names its protocol version, a save session's ID is
// used once, a read-only library is refused, and local API lists page with start/limit and
// Total-Results.
//
// Calls are made from Go, never from the window's web view: Zotero drops requests that look
// like a web page's (a browser User-Agent or an Origin header) so that sites cannot read or
// fill the user's library.
package zotero

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"

	"deepcritical/backend/domain"
)

// ConnectorAPIVersion is the connector protocol version DeepCritical speaks, sent in
// X-Zotero-Connector-API-Version. Zotero refuses a save from a client naming an older version
// than its own (CONNECTOR_VERSION_OUTDATED) and accepts newer ones.
const ConnectorAPIVersion = 3

// LocalAPIVersion is the local API version DeepCritical reads (Zotero-API-Version).
const LocalAPIVersion = 3

// Timeouts bound each kind of call; a zero field takes its default.
type Timeouts struct {
	// Probe is for finding Zotero (ping) and reading its save targets: short, because a
	// Zotero that does not answer these is not going to save anything.
	Probe time.Duration
	// Save is for saveItems and updateSession: Zotero writes every item and note in one
	// database transaction, which takes a while for a long reference list.
	Save time.Duration
	// Read is for one page of the local API.
	Read time.Duration
}

func (t Timeouts) withDefaults() Timeouts {
	if t.Probe <= 0 {
		t.Probe = 5 * time.Second
	}
	if t.Save <= 0 {
		t.Save = 60 * time.Second
	}
	if t.Read <= 0 {
		t.Read = 30 * time.Second
	}
	return t
}

// Client is one Zotero's connector and local API.
type Client struct {
	base     *url.URL
	hc       *http.Client
	timeouts Timeouts
}

// New returns a client for the Zotero at baseURL (settings zotero.url, DEEPCRITICAL_ZOTERO_URL).
// hc may be nil for a plain client; redirects are never followed (Zotero sends none, and a
// redirect would take the library's data elsewhere).
func New(baseURL string, hc *http.Client, t Timeouts) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(strings.TrimSpace(baseURL), "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "the Zotero address %q is not an http URL (settings key zotero.url, or DEEPCRITICAL_ZOTERO_URL)", baseURL)
	}
	var c http.Client
	if hc != nil {
		c = *hc
	}
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &Client{base: u, hc: &c, timeouts: t.withDefaults()}, nil
}

// URL is the Zotero address the client talks to.
func (c *Client) URL() string { return c.base.String() }

// maxBody bounds what one answer may hold: a page of 100 items with long abstracts is a few
// MB; anything far larger is not Zotero's answer.
const maxBody = 64 << 20

// answer is one HTTP exchange with Zotero.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// text is the answer's body on one line, short, for messages.
func (a answer) text() string {
	s := strings.Join(strings.Fields(string(a.body)), " ")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

type call struct {
	method, path string
	query        url.Values
	body         any // JSON-encoded when non-nil
	header       map[string]string
	timeout      time.Duration
}

func (c *Client) do(ctx context.Context, k call) (answer, error) {
	ctx, cancel := context.WithTimeout(ctx, k.timeout)
	defer cancel()
	u := *c.base
	u.Path = strings.TrimRight(c.base.Path, "/") + k.path
	if k.query != nil {
		u.RawQuery = k.query.Encode()
	}
	var rd io.Reader
	if k.body != nil {
		b, err := json.Marshal(k.body)
		if err != nil {
			return answer{}, domain.Wrap(domain.CodeInternal, err, "cannot encode the request to Zotero")
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, k.method, u.String(), rd)
	if err != nil {
		return answer{}, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("cannot build a request to Zotero at %s", c.URL()))
	}
	if k.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	// Never a browser's User-Agent: Zotero would drop the request as a web page's.
	req.Header.Set("User-Agent", "DeepCritical")
	for h, v := range k.header {
		req.Header.Set(h, v)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return answer{}, c.transportError(ctx, err, k)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return answer{}, c.transportError(ctx, err, k)
	}
	if len(body) > maxBody {
		return answer{}, domain.Errorf(domain.CodeUnavailable, "Zotero at %s sent more than %d MB for %s; that is not a Zotero answer", c.URL(), maxBody>>20, k.path)
	}
	return answer{status: resp.StatusCode, header: resp.Header, body: body}, nil
}

// ErrTimeout marks a call Zotero did not answer in time; for a save it means the outcome is
// unknown.
var ErrTimeout = errors.New("zotero did not answer in time")

// ErrNotRunning marks a Zotero that is not running (nothing listens at its address).
var ErrNotRunning = errors.New("zotero is not running")

func (c *Client) transportError(ctx context.Context, err error, k call) error {
	var ne net.Error
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		return domain.Wrap(domain.CodeUnavailable, fmt.Errorf("%w: %w", ErrTimeout, err),
			fmt.Sprintf("Zotero at %s did not answer %s within %s", c.URL(), k.path, k.timeout))
	case errors.Is(err, context.Canceled):
		return domain.Wrap(domain.CodeUnavailable, err, "cancelled while talking to Zotero")
	case errors.Is(err, syscall.ECONNREFUSED):
		return domain.Wrap(domain.CodeUnavailable, fmt.Errorf("%w: %w", ErrNotRunning, err),
			fmt.Sprintf("Zotero is not running: nothing answers at %s (start Zotero; if it listens elsewhere, set zotero.url or DEEPCRITICAL_ZOTERO_URL)", c.URL()))
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET):
		return domain.Wrap(domain.CodeUnavailable, err,
			fmt.Sprintf("Zotero at %s closed the connection to %s without answering (it does so to requests it takes for a web page's)", c.URL(), k.path))
	}
	return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot reach Zotero at %s: %v", c.URL(), err))
}
