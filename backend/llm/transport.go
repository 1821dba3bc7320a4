package llm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/httpx"
)

// ErrCutOff marks a response body that ended before it was complete (the connection
// dropped mid-body). It is wrapped by DoJSON and the OpenAI capture so NetworkError names
// it with the words the search sources use, instead of "cannot reach" or "request not sent".
var ErrCutOff = errors.New("response cut off while reading")

// BodyFault names an answer that is not the JSON an API promised (an HTML page from a
// proxy or captive portal, an empty body, plain text) with the search sources' words, from
// the same check (httpx.CheckBody); nil when the body looks like JSON.
func BodyFault(p domain.Provider, model string, status int, contentType string, body []byte) *Error {
	err := httpx.CheckBody(httpx.JSON, contentType, body)
	if err == nil {
		return nil
	}
	return &Error{Kind: KindInvalidOutput, Provider: p, Model: model, Status: status,
		Message: "the server's answer could not be read: " + err.Error(), Err: err}
}

// keyLike matches strings shaped like API keys and bearer tokens (OpenAI sk-…, Anthropic
// sk-ant-…, Hugging Face hf_…, OpenRouter sk-or-…) so they are masked even when a server
// echoes a key we were not told about.
var keyLike = regexp.MustCompile(`\b(?:sk-[A-Za-z0-9_\-]{8,}|hf_[A-Za-z0-9]{8,}|Bearer\s+[A-Za-z0-9._\-]{8,})`)

// Redact removes every secret and anything shaped like an API key from s, and masks the
// password of any URL in it (domain.RedactURLs). Providers pass all text that can reach an
// error, a log or a CallRecord through it.
func Redact(s string, secrets ...string) string {
	for _, k := range secrets {
		if len(k) >= 4 {
			s = strings.ReplaceAll(s, k, "[redacted]")
		}
	}
	return domain.RedactURLs(keyLike.ReplaceAllString(s, "[redacted]"))
}

// IsLoopback reports whether baseURL points at this machine, so the UI can say that
// nothing leaves it.
func IsLoopback(baseURL string) bool {
	u, err := url.Parse(baseURL)
	if err != nil || u.Host == "" {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ParseRetryAfter reads Retry-After (seconds or an HTTP date) or retry-after-ms; zero
// when absent or unparseable.
func ParseRetryAfter(h http.Header, now time.Time) time.Duration {
	if h == nil {
		return 0
	}
	if ms := h.Get("Retry-After-Ms"); ms != "" {
		if f, err := strconv.ParseFloat(ms, 64); err == nil && f > 0 {
			return time.Duration(f * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		if f <= 0 {
			return 0
		}
		return time.Duration(f * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// Backoff is a bounded exponential back-off policy for transport retries (429 rate
// limits, 5xx, 529 overloaded, 503 model loading).
type Backoff struct {
	// Retries is how many times a retryable failure is retried (default 3; negative: none).
	Retries int
	// Base is the first wait, doubled each time (default 1 s).
	Base time.Duration
	// Max caps one wait; a server asking for longer (Retry-After) ends the retries with the
	// error instead of hanging the judge (default 30 s).
	Max time.Duration
}

// WithDefaults fills zero fields.
func (b Backoff) WithDefaults() Backoff {
	if b.Retries == 0 {
		b.Retries = 3
	}
	if b.Retries < 0 {
		b.Retries = 0
	}
	if b.Base <= 0 {
		b.Base = time.Second
	}
	if b.Max <= 0 {
		b.Max = 30 * time.Second
	}
	return b
}

// HTTP is how a provider reaches its server. Every HTTP provider's Config embeds it and
// fills it with WithDefaults, so an unset field means the same for all of them.
type HTTP struct {
	// HTTPClient sends the requests (a plain http.Client when nil).
	HTTPClient *http.Client
	// Timeout bounds one call including its retries (the provider's default when not
	// positive).
	Timeout time.Duration
	// Backoff spaces the retries (zero fields: Backoff's defaults).
	Backoff Backoff
}

// WithDefaults fills what h leaves unset; timeout is the provider's default bound.
func (h HTTP) WithDefaults(timeout time.Duration) HTTP {
	if h.HTTPClient == nil {
		h.HTTPClient = &http.Client{}
	}
	if h.Timeout <= 0 {
		h.Timeout = timeout
	}
	h.Backoff = h.Backoff.WithDefaults()
	return h
}

// Wait returns how long to wait before retry number attempt (0-based), honouring a
// server's Retry-After; ok is false when the server asked for more than Max.
func (b Backoff) Wait(attempt int, retryAfter time.Duration) (time.Duration, bool) {
	d := b.Base << min(attempt, 16)
	if d > b.Max || d <= 0 {
		d = b.Max
	}
	if retryAfter > 0 {
		if retryAfter > b.Max {
			return retryAfter, false
		}
		d = retryAfter
	}
	return d, true
}

// Retryable reports whether a transport retry may help: rate limits and server-side
// unavailability (but not a refused connection: nothing is listening).
func (e *Error) Retryable() bool {
	if e.Kind == KindRateLimit {
		return true
	}
	return e.Kind == KindUnavailable && (e.Status >= 500 || errors.Is(e.Err, ErrCutOff))
}

// NetworkError types a failed HTTP round trip: a context end becomes timeout/canceled, a
// refused connection "P is not answering at HOST", anything else unavailable. The message
// never contains the request URL's query (keys could be there).
func NetworkError(ctx context.Context, err error, p domain.Provider, model, baseURL string) *Error {
	if ce := ContextError(ctx, p, model); ce != nil {
		return ce
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return FromContext(err, p, model)
	}
	if errors.Is(err, ErrCutOff) {
		// Retryable like a 5xx: the server answered, then the connection dropped.
		return &Error{Kind: KindUnavailable, Provider: p, Model: model,
			Message: providerTitle(p) + ": response cut off while reading; the connection dropped before the answer was complete", Err: err}
	}
	host := baseURL
	if u, perr := url.Parse(baseURL); perr == nil && u.Host != "" {
		host = u.Scheme + "://" + u.Host
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return &Error{Kind: KindTimeout, Provider: p, Model: model, Message: string(p) + " did not answer in time at " + host, Err: err}
	}
	if errors.Is(err, syscall.ECONNREFUSED) {
		return &Error{Kind: KindUnavailable, Provider: p, Model: model, Message: providerTitle(p) + " is not answering at " + host, Err: err}
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return &Error{Kind: KindUnavailable, Provider: p, Model: model, Message: "cannot resolve " + host + " (offline?)", Err: err}
	}
	return &Error{Kind: KindUnavailable, Provider: p, Model: model, Message: "cannot reach " + string(p) + " at " + host, Err: err}
}

func providerTitle(p domain.Provider) string {
	switch p {
	case "ollama":
		return "Ollama"
	case "openai":
		return "OpenAI"
	case "anthropic":
		return "Anthropic"
	case "huggingface":
		return "Hugging Face"
	}
	if p == "" {
		return "the server"
	}
	return string(p)
}

// StatusError maps an HTTP error status and the provider's own message onto a typed
// error (auth, quota, rate limit, bad request, server) the loop and the user can act on. code/typ are the provider's error code and type fields
// when it sent them (used to tell quota from rate limits).
func StatusError(p domain.Provider, model string, status int, code, typ, message string, h http.Header) *Error {
	e := &Error{Provider: p, Model: model, Status: status, RetryAfter: ParseRetryAfter(h, time.Now())}
	lower := strings.ToLower(code + " " + typ + " " + message)
	words := strings.TrimSpace(message)
	with := func(prefix string) string {
		if words == "" {
			return prefix
		}
		return prefix + ": " + words
	}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		e.Kind = KindAuth
		e.Message = with("invalid or unauthorised key for " + string(p))
	case status == http.StatusPaymentRequired || (status == http.StatusTooManyRequests && isQuota(lower)):
		e.Kind = KindQuota
		e.Message = with("quota exhausted for " + string(p))
	case status == http.StatusTooManyRequests:
		e.Kind = KindRateLimit
		e.Message = with("rate limited by " + string(p))
	case status == http.StatusNotFound || strings.Contains(lower, "model_not_found") || strings.Contains(lower, "does not exist"):
		e.Kind = KindModelNotFound
		e.Message = with("model " + model + " not found at " + string(p))
	case status == http.StatusRequestTimeout || status == http.StatusGatewayTimeout:
		e.Kind = KindUnavailable
		e.Message = with(string(p) + " timed out upstream")
	case status >= 500:
		e.Kind = KindUnavailable
		e.Message = with(string(p) + " is unavailable")
	default:
		e.Kind = KindBadRequest
		e.Message = with(string(p) + " rejected the request")
	}
	return e
}

func isQuota(lower string) bool {
	for _, w := range []string{"insufficient_quota", "quota", "credit", "billing", "exceeded your monthly", "payment"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// maxResponseBody bounds how much of an HTTP answer is read.
const maxResponseBody = 16 << 20

// HTTPResult is a finished HTTP exchange.
type HTTPResult struct {
	Status int
	Header http.Header
	Body   []byte
}

// newRequest builds a request to an LLM API: body marshalled to JSON when not nil (with its
// Content-Type), the caller's headers, and DeepCritical's User-Agent.
func newRequest(ctx context.Context, method, url string, header http.Header, body any) (*http.Request, error) {
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("encode request: %w", err)
		}
		rdr = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rdr)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("User-Agent", UserAgent)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, nil
}

// DoJSON sends body (marshalled to JSON when not nil) to url with the User-Agent and the
// given headers, reads at most 16 MiB of the answer and always closes it. Transport
// failures come back as the raw error for the caller to type with NetworkError.
func DoJSON(ctx context.Context, hc *http.Client, method, url string, header http.Header, body any) (HTTPResult, error) {
	req, err := newRequest(ctx, method, url, header, body)
	if err != nil {
		return HTTPResult{}, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return HTTPResult{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBody))
	if err != nil {
		return HTTPResult{Status: resp.StatusCode, Header: resp.Header}, fmt.Errorf("%w: %w", ErrCutOff, err)
	}
	return HTTPResult{Status: resp.StatusCode, Header: resp.Header, Body: b}, nil
}

// DoStream is DoJSON for a streamed answer: on a 2xx status every line of the body (SSE or
// NDJSON) is passed to onLine as it arrives; the body is also kept (up to 16 MiB) for the
// audit. A non-2xx answer is read whole, as DoJSON does. A body that ends early is
// ErrCutOff.
func DoStream(ctx context.Context, hc *http.Client, url string, header http.Header, body any, onLine func(line []byte)) (HTTPResult, error) {
	req, err := newRequest(ctx, http.MethodPost, url, header, body)
	if err != nil {
		return HTTPResult{}, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return HTTPResult{}, err
	}
	defer resp.Body.Close()
	res := HTTPResult{Status: resp.StatusCode, Header: resp.Header}
	if resp.StatusCode/100 != 2 {
		data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBody))
		if err != nil {
			return res, fmt.Errorf("%w: %w", ErrCutOff, err)
		}
		res.Body = data
		return res, nil
	}
	var all bytes.Buffer
	rd := bufio.NewReaderSize(resp.Body, 64<<10)
	for {
		line, err := rd.ReadBytes('\n')
		if len(line) > 0 {
			if all.Len() < maxResponseBody {
				all.Write(line)
			}
			onLine(bytes.TrimRight(line, "\r\n"))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			res.Body = all.Bytes()
			return res, fmt.Errorf("%w: %w", ErrCutOff, err)
		}
	}
	res.Body = all.Bytes()
	return res, nil
}
