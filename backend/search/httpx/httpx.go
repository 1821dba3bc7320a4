// Package httpx is the HTTP edge every search source shares: GET/POST with a context and a
// User-Agent, bounded retries (429 honours Retry-After, 5xx and network failures back off
// exponentially with jitter, other 4xx fail at once) and a check that the body is what the
// API promised, so an HTML error page never reaches a parser as if it were data.
package httpx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/ctxtime"
)

// UserAgent identifies DeepCritical to the APIs it calls.
const UserAgent = "DeepCritical/0.1 (+research tool)"

// Kind is the body format a request expects back.
type Kind int

// The body formats the sources use.
const (
	XML Kind = iota + 1
	JSON
	HTML
)

func (k Kind) String() string {
	switch k {
	case XML:
		return "XML"
	case JSON:
		return "JSON"
	case HTML:
		return "HTML"
	}
	return "a body"
}

// Retry bounds how hard a request is retried.
type Retry struct {
	// Attempts is the total number of tries, at least 1.
	Attempts int
	// Base is the first backoff delay; each retry doubles it, with jitter.
	Base time.Duration
	// MaxDelay caps one backoff delay.
	MaxDelay time.Duration
	// MaxRetryAfter caps how long a Retry-After header may make us wait.
	MaxRetryAfter time.Duration
}

// DefaultRetry is three attempts starting at 250 ms, and at most 30 s for a Retry-After.
func DefaultRetry() Retry {
	return Retry{Attempts: 3, Base: 250 * time.Millisecond, MaxDelay: 4 * time.Second, MaxRetryAfter: 30 * time.Second}
}

// MaxBody is the largest response body read; a bigger one is an error rather than an
// unbounded allocation.
const MaxBody = 64 << 20

// Client performs requests for one source. Its zero Retry means DefaultRetry.
type Client struct {
	// Source names the API in every error.
	Source domain.Source
	// HTTP does the requests; nil means http.DefaultClient.
	HTTP  *http.Client
	Retry Retry
	// Wait, when set, is called before every attempt (rate limiting).
	Wait func(ctx context.Context) error
	// Redact lists secrets (API keys) that must never appear in an error, even when an API
	// echoes them back in its error body.
	Redact []string
}

// Options configure a source client: where its API is, what does the requests and how hard
// to retry. ClinicalTrials.gov and the web need nothing more and use it as their Options;
// Europe PMC and PubMed add their own fields and resolve these three through Endpoint too.
type Options struct {
	// BaseURL defaults to the source's DefaultBaseURL.
	BaseURL string
	// HTTPClient defaults to http.DefaultClient.
	HTTPClient *http.Client
	// Retry overrides DefaultRetry when Attempts > 0.
	Retry Retry
}

// Endpoint resolves o for one source: the base URL without trailing slashes (defaultURL
// when none is set) and the client that calls it, named after the source in every error.
func (o Options) Endpoint(source domain.Source, defaultURL string) (string, *Client) {
	base := strings.TrimRight(o.BaseURL, "/")
	if base == "" {
		base = defaultURL
	}
	return base, &Client{Source: source, HTTP: o.HTTPClient, Retry: o.Retry}
}

// Request is one call to an API.
type Request struct {
	// Method is GET (the default) or POST.
	Method string
	// URL is the full URL, query included. It may carry secrets (api_key), so it is never
	// put into an error or a log line.
	URL string
	// Form, for a POST, is sent as application/x-www-form-urlencoded.
	Form url.Values
	// Expect is the body format the API promises.
	Expect Kind
	// Header holds extra request headers.
	Header http.Header
}

// Error is a failed request, named after its source. Its message is user-safe: it never
// holds the URL or its query.
type Error struct {
	Source domain.Source
	// Status is the HTTP status, 0 when no response arrived.
	Status int
	// Retryable says the failure was transient (429, 5xx, network) and was retried.
	Retryable bool
	Msg       string
	Err       error
}

func (e *Error) Error() string {
	return string(e.Source) + ": " + e.Msg
}

// Unwrap exposes the cause (context.DeadlineExceeded, a net error...).
func (e *Error) Unwrap() error { return e.Err }

// Do performs the request with retries and returns the body once it looks like Expect.
func (c *Client) Do(ctx context.Context, req Request) ([]byte, error) {
	r := c.Retry
	if r.Attempts <= 0 {
		r = DefaultRetry()
	}
	var last *Error
	var asked time.Duration // the server's last Retry-After
	attempts := 0
	for attempt := 1; attempt <= r.Attempts; attempt++ {
		attempts = attempt
		if c.Wait != nil {
			if err := c.Wait(ctx); err != nil {
				return nil, c.ctxError(ctx, err)
			}
		}
		body, wait, err := c.once(ctx, req)
		if err == nil {
			return body, nil
		}
		last, asked = err, wait
		if !err.Retryable || attempt == r.Attempts || ctx.Err() != nil {
			break
		}
		delay := backoff(r, attempt)
		if wait > 0 {
			delay = min(wait, r.MaxRetryAfter)
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) <= delay {
			// Sleeping would spend the rest of the budget and end "timed out", hiding the
			// server's answer ("rate limited, retry in an hour"): give that answer now.
			break
		}
		slog.Debug("search source retry", "source", string(c.Source), "status", err.Status, "attempt", attempt, "delay", delay)
		if err := ctxtime.Sleep(ctx, delay); err != nil {
			return nil, c.ctxError(ctx, err)
		}
	}
	// A user's cancel wins over the server's last answer, however the two raced; an expired
	// deadline is reported as such only when the server never answered.
	if err := ctx.Err(); err != nil && (last.Status == 0 || errors.Is(err, context.Canceled)) {
		return nil, c.ctxError(ctx, err)
	}
	if last.Retryable && attempts > 1 {
		last.Msg += fmt.Sprintf(" (gave up after %d attempts)", attempts)
	}
	if asked > 0 {
		last.Msg += "; the server asks to wait " + waitWords(asked) + " before trying again"
	}
	last.Msg = c.redact(last.Msg)
	return nil, last
}

// DoParse performs the request and reads the body with parse. A body that does not parse is
// an error named after the source, like every failure of the request itself.
func DoParse[T any](ctx context.Context, c *Client, req Request, parse func(io.Reader) (T, error)) (T, error) {
	body, err := c.Do(ctx, req)
	if err != nil {
		var zero T
		return zero, err
	}
	v, err := parse(bytes.NewReader(body))
	if err != nil {
		var zero T
		return zero, fmt.Errorf("%s: %w", c.Source, err)
	}
	return v, nil
}

// waitWords says a Retry-After for a reader: "45 s", "5 min", "1 h", "2 h 30 min".
func waitWords(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Round(time.Minute).Minutes()))
	}
	h, m := int(d.Hours()), int(d.Round(time.Minute).Minutes())%60
	if m == 0 {
		return fmt.Sprintf("%d h", h)
	}
	return fmt.Sprintf("%d h %d min", h, m)
}

// redact replaces every configured secret in s.
func (c *Client) redact(s string) string {
	for _, secret := range c.Redact {
		if secret != "" {
			s = strings.ReplaceAll(s, secret, "[redacted]")
		}
	}
	return s
}

// ctxError reports a cancelled or expired context in the source's name.
func (c *Client) ctxError(ctx context.Context, err error) *Error {
	if cause := context.Cause(ctx); cause != nil {
		err = cause
	}
	msg := "request cancelled"
	if errors.Is(err, context.DeadlineExceeded) {
		msg = "timed out"
	}
	return &Error{Source: c.Source, Msg: msg, Err: err, Retryable: errors.Is(err, context.DeadlineExceeded)}
}

// once performs one attempt. wait is the server's Retry-After, when it sent one.
func (c *Client) once(ctx context.Context, req Request) ([]byte, time.Duration, *Error) {
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	var body io.Reader
	if method == http.MethodPost && req.Form != nil {
		body = strings.NewReader(req.Form.Encode())
	}
	hr, err := http.NewRequestWithContext(ctx, method, req.URL, body)
	if err != nil {
		return nil, 0, &Error{Source: c.Source, Msg: "invalid request URL", Err: stripURL(err)}
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			hr.Header.Add(k, v)
		}
	}
	hr.Header.Set("User-Agent", UserAgent)
	if body != nil {
		hr.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	switch req.Expect {
	case XML:
		hr.Header.Set("Accept", "application/xml, text/xml;q=0.9, */*;q=0.1")
	case JSON:
		hr.Header.Set("Accept", "application/json")
	case HTML:
		hr.Header.Set("Accept", "text/html")
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(hr)
	if err != nil {
		return nil, 0, c.transportError(ctx, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxBody+1))
	if err != nil {
		e := c.transportError(ctx, err)
		e.Status = resp.StatusCode
		e.Msg = fmt.Sprintf("response cut off while reading (status %d): %s", resp.StatusCode, e.Msg)
		return nil, 0, e
	}
	if len(data) > MaxBody {
		return nil, 0, &Error{Source: c.Source, Status: resp.StatusCode, Msg: fmt.Sprintf("response larger than %d MB", MaxBody>>20)}
	}
	status := resp.StatusCode
	if status >= 400 {
		// An error body is quoted in the message: redact it whole first, since the quote is
		// cut to a snippet and a key cut in half no longer matches the redaction.
		data = []byte(c.redact(string(data)))
	}
	switch {
	case status == http.StatusTooManyRequests:
		wait, _ := ParseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		return nil, wait, &Error{Source: c.Source, Status: status, Retryable: true,
			Msg: "rate limited (HTTP 429)" + quoteDetail(data, resp.Header.Get("Content-Type"))}
	case status >= 500:
		wait, _ := ParseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		return nil, wait, &Error{Source: c.Source, Status: status, Retryable: true,
			Msg: fmt.Sprintf("server error (HTTP %d)", status) + quoteDetail(data, resp.Header.Get("Content-Type"))}
	case status >= 400:
		return nil, 0, &Error{Source: c.Source, Status: status,
			Msg: fmt.Sprintf("request rejected (HTTP %d)", status) + quoteDetail(data, resp.Header.Get("Content-Type"))}
	case status >= 300:
		return nil, 0, &Error{Source: c.Source, Status: status, Msg: fmt.Sprintf("unexpected redirect (HTTP %d)", status)}
	}
	if err := CheckBody(req.Expect, resp.Header.Get("Content-Type"), data); err != nil {
		return nil, 0, &Error{Source: c.Source, Status: status, Msg: fmt.Sprintf("%s (status %d)", err.Error(), status)}
	}
	return data, 0, nil
}

// transportError describes a failure before a complete response arrived.
func (c *Client) transportError(ctx context.Context, err error) *Error {
	if ctx.Err() != nil {
		return c.ctxError(ctx, ctx.Err())
	}
	err = stripURL(err)
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		return &Error{Source: c.Source, Retryable: true, Msg: "request timed out", Err: err}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{Source: c.Source, Retryable: true, Msg: "connection closed before the response ended", Err: err}
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return &Error{Source: c.Source, Retryable: true, Msg: "cannot connect: " + op.Err.Error(), Err: err}
	}
	return &Error{Source: c.Source, Retryable: true, Msg: "network error: " + err.Error(), Err: err}
}

// stripURL drops the URL that *url.Error puts in its message, because the query may hold
// an API key.
func stripURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// backoff is the delay before retry number attempt: Base·2^(attempt-1), capped, with the
// upper half jittered so that clients retrying together spread out.
func backoff(r Retry, attempt int) time.Duration {
	d := r.Base << (attempt - 1)
	if r.MaxDelay > 0 && (d > r.MaxDelay || d <= 0) {
		d = r.MaxDelay
	}
	if d <= 1 {
		return d
	}
	half := d / 2
	return half + time.Duration(rand.Int64N(int64(d-half)))
}

// maxRetryAfter is the longest Retry-After read as given.
const maxRetryAfter = 365 * 24 * time.Hour

// ParseRetryAfter reads a Retry-After header, given in seconds or as an HTTP date. It
// reports false when the header is absent or unreadable; a date in the past gives 0.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		// Capped only so the Duration cannot overflow: the wait is said to the user as the
		// server gave it ("asks to wait 48 h"), never more than a year.
		if secs > int64(maxRetryAfter/time.Second) {
			secs = int64(maxRetryAfter / time.Second)
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		d := t.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

var titleRe = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)

// CheckBody reports whether data is plausibly of the expected kind, judging by the
// Content-Type and the first bytes, so that an HTML error page or an empty body is named
// as such instead of failing obscurely in a parser.
func CheckBody(expect Kind, contentType string, data []byte) error {
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(trimmed) == 0 {
		return fmt.Errorf("expected %s, got an empty body", expect)
	}
	if expect == HTML {
		if trimmed[0] != '<' {
			return fmt.Errorf("expected HTML, got %s", describe(contentType, trimmed))
		}
		return nil
	}
	if looksHTML(contentType, trimmed) {
		return fmt.Errorf("expected %s, got an HTML page%s", expect, quoteTitle(trimmed))
	}
	switch expect {
	case XML:
		if trimmed[0] != '<' {
			return fmt.Errorf("expected XML, got %s", describe(contentType, trimmed))
		}
	case JSON:
		if trimmed[0] != '{' && trimmed[0] != '[' {
			return fmt.Errorf("expected JSON, got %s", describe(contentType, trimmed))
		}
	}
	return nil
}

// looksHTML recognises an HTML page: an HTML doctype or <html> tag at the start, or an
// HTML content type on a body that is not declared XML.
func looksHTML(contentType string, trimmed []byte) bool {
	head := trimmed[:min(len(trimmed), 512)]
	lower := bytes.ToLower(head)
	if bytes.HasPrefix(lower, []byte("<!doctype html")) || bytes.HasPrefix(lower, []byte("<html")) {
		return true
	}
	if bytes.HasPrefix(lower, []byte("<?xml")) {
		return bytes.Contains(lower, []byte("<!doctype html")) || bytes.Contains(lower, []byte("<html"))
	}
	return strings.Contains(strings.ToLower(contentType), "text/html") && bytes.HasPrefix(lower, []byte("<"))
}

// describe names what a body looks like for an error message, quoting its start.
func describe(contentType string, trimmed []byte) string {
	ct := strings.TrimSpace(strings.SplitN(contentType, ";", 2)[0])
	if ct == "" {
		ct = "a body"
	}
	return fmt.Sprintf("%s starting %q", ct, snippet(trimmed, 60))
}

// quoteTitle quotes the <title> of an HTML page, or its first text.
func quoteTitle(page []byte) string {
	if m := titleRe.FindSubmatch(page); m != nil {
		if t := strings.Join(strings.Fields(string(m[1])), " "); t != "" {
			return fmt.Sprintf(": %q", snippet([]byte(t), 80))
		}
	}
	return ""
}

// quoteDetail adds the start of an error body to a message, so the API's own words (e.g.
// "API rate limit exceeded") reach the user.
func quoteDetail(data []byte, contentType string) string {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return ""
	}
	if looksHTML(contentType, trimmed) {
		return quoteTitle(trimmed)
	}
	return fmt.Sprintf(": %q", snippet(trimmed, 120))
}

// snippet returns at most n runes of b with white space collapsed.
func snippet(b []byte, n int) string {
	s := strings.Join(strings.Fields(string(b[:min(len(b), 4*n)])), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
