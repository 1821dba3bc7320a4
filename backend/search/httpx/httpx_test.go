package httpx

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/testnet"
)

// fastRetry keeps retry tests quick while exercising the same code paths.
var fastRetry = Retry{Attempts: 3, Base: time.Millisecond, MaxDelay: 5 * time.Millisecond, MaxRetryAfter: 50 * time.Millisecond}

// script serves the given handlers in turn (the last one repeats) and records request times.
type script struct {
	mu       sync.Mutex
	steps    []http.HandlerFunc
	times    []time.Time
	agents   []string
	requests atomic.Int32
}

func (s *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := int(s.requests.Add(1)) - 1
	s.mu.Lock()
	s.times = append(s.times, time.Now())
	s.agents = append(s.agents, r.UserAgent())
	s.mu.Unlock()
	s.steps[min(n, len(s.steps)-1)](w, r)
}

func status(code int, header map[string]string, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		for k, v := range header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(code)
		_, _ = w.Write([]byte(body))
	}
}

var okXML = status(200, map[string]string{"Content-Type": "text/xml"}, `<?xml version="1.0"?><eSearchResult><Count>1</Count></eSearchResult>`)

func TestDoRetries(t *testing.T) {
	tests := []struct {
		name      string
		steps     []http.HandlerFunc
		retry     Retry
		wantErr   string
		wantCalls int32
		status    int
		retryable bool
	}{
		{"ok", []http.HandlerFunc{okXML}, fastRetry, "", 1, 0, false},
		{"429 with Retry-After then ok", []http.HandlerFunc{status(429, map[string]string{"Retry-After": "120"}, `{"error":"API rate limit exceeded"}`), okXML}, fastRetry, "", 2, 0, false},
		{"429 with HTTP-date Retry-After then ok", []http.HandlerFunc{status(429, map[string]string{"Retry-After": time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)}, ``), okXML}, fastRetry, "", 2, 0, false},
		{"429 without Retry-After then ok", []http.HandlerFunc{status(429, nil, ``), okXML}, fastRetry, "", 2, 0, false},
		{"500 then 503 then ok", []http.HandlerFunc{status(500, nil, `boom`), status(503, nil, `loading`), okXML}, fastRetry, "", 3, 0, false},
		{"429 storm", []http.HandlerFunc{status(429, nil, `{"error":"API rate limit exceeded"}`)}, fastRetry, `pubmed: rate limited (HTTP 429): "{\"error\":\"API rate limit exceeded\"}" (gave up after 3 attempts)`, 3, 429, true},
		{"500 always", []http.HandlerFunc{status(500, nil, ``)}, fastRetry, "pubmed: server error (HTTP 500) (gave up after 3 attempts)", 3, 500, true},
		{"404 is not retried", []http.HandlerFunc{status(404, nil, `Not Found`)}, fastRetry, `pubmed: request rejected (HTTP 404): "Not Found"`, 1, 404, false},
		{"400 is not retried", []http.HandlerFunc{status(400, map[string]string{"Content-Type": "text/xml"}, `<ERROR>Invalid db name</ERROR>`)}, fastRetry, `pubmed: request rejected (HTTP 400): "<ERROR>Invalid db name</ERROR>"`, 1, 400, false},
		{"html page instead of XML", []http.HandlerFunc{status(200, map[string]string{"Content-Type": "text/html"}, "<!DOCTYPE html>\n<html><head><title>NCBI - Service unavailable</title></head><body>try later</body></html>")}, fastRetry, `pubmed: expected XML, got an HTML page: "NCBI - Service unavailable" (status 200)`, 1, 200, false},
		{"empty body", []http.HandlerFunc{status(200, map[string]string{"Content-Type": "text/xml"}, ``)}, fastRetry, "pubmed: expected XML, got an empty body (status 200)", 1, 200, false},
		{"json instead of XML", []http.HandlerFunc{status(200, map[string]string{"Content-Type": "application/json"}, `{"esearchresult":{}}`)}, fastRetry, `pubmed: expected XML, got application/json starting "{\"esearchresult\":{}}" (status 200)`, 1, 200, false},
		{"single attempt", []http.HandlerFunc{status(503, nil, ``), okXML}, Retry{Attempts: 1}, "pubmed: server error (HTTP 503)", 1, 503, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &script{steps: tt.steps}
			srv := httptest.NewServer(s)
			defer srv.Close()
			c := &Client{Source: "pubmed", HTTP: srv.Client(), Retry: tt.retry}
			body, err := c.Do(context.Background(), Request{URL: srv.URL + "/esearch.fcgi?api_key=SECRET", Expect: XML})
			require.Equal(t, tt.wantCalls, s.requests.Load())
			if tt.wantErr == "" {
				require.NoError(t, err)
				require.Contains(t, string(body), "<eSearchResult>")
				return
			}
			require.Error(t, err)
			require.Equal(t, tt.wantErr, err.Error())
			var he *Error
			require.ErrorAs(t, err, &he)
			require.Equal(t, tt.status, he.Status)
			require.Equal(t, tt.retryable, he.Retryable)
			require.NotContains(t, err.Error(), "SECRET")
			for _, ua := range s.agents {
				require.Equal(t, UserAgent, ua)
			}
		})
	}
}

func TestDoHonoursRetryAfterSeconds(t *testing.T) {
	s := &script{steps: []http.HandlerFunc{status(429, map[string]string{"Retry-After": "1"}, ``), okXML}}
	srv := httptest.NewServer(s)
	defer srv.Close()
	c := &Client{Source: "pubmed", HTTP: srv.Client(), Retry: Retry{Attempts: 2, Base: time.Millisecond, MaxRetryAfter: 5 * time.Second}}
	_, err := c.Do(context.Background(), Request{URL: srv.URL, Expect: XML})
	require.NoError(t, err)
	require.Len(t, s.times, 2)
	require.GreaterOrEqual(t, s.times[1].Sub(s.times[0]), 900*time.Millisecond, "the second request waited for Retry-After")
}

func TestDoNetworkFailures(t *testing.T) {
	t.Run("connection refused", func(t *testing.T) {
		addr := testnet.ClosedAddr(t)
		c := &Client{Source: "europepmc", Retry: fastRetry}
		_, err := c.Do(context.Background(), Request{URL: "http://" + addr + "/search?api_key=SECRET", Expect: JSON})
		require.ErrorContains(t, err, "europepmc: cannot connect")
		require.ErrorContains(t, err, "gave up after 3 attempts")
		require.NotContains(t, err.Error(), "SECRET")
		require.NotContains(t, err.Error(), addr+"/search")
	})
	t.Run("client timeout", func(t *testing.T) {
		srv := testnet.Hanging(t)
		hc := srv.Client()
		hc.Timeout = 20 * time.Millisecond
		c := &Client{Source: "clinicaltrials", HTTP: hc, Retry: fastRetry}
		_, err := c.Do(context.Background(), Request{URL: srv.URL, Expect: JSON})
		require.ErrorContains(t, err, "clinicaltrials: request timed out")
		var he *Error
		require.ErrorAs(t, err, &he)
		require.True(t, he.Retryable)
	})
	t.Run("context deadline", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		c := &Client{Source: "web", HTTP: srv.Client(), Retry: fastRetry}
		_, err := c.Do(ctx, Request{URL: srv.URL, Expect: HTML})
		require.EqualError(t, err, "web: timed out")
		require.ErrorIs(t, err, context.DeadlineExceeded)
	})
	t.Run("cancel during backoff", func(t *testing.T) {
		s := &script{steps: []http.HandlerFunc{status(503, nil, ``)}}
		srv := httptest.NewServer(s)
		defer srv.Close()
		ctx, cancel := context.WithCancel(context.Background())
		c := &Client{Source: "pubmed", HTTP: srv.Client(), Retry: Retry{Attempts: 5, Base: time.Hour, MaxDelay: time.Hour}}
		go func() {
			for s.requests.Load() == 0 {
				time.Sleep(time.Millisecond)
			}
			cancel()
		}()
		_, err := c.Do(ctx, Request{URL: srv.URL, Expect: XML})
		require.ErrorIs(t, err, context.Canceled)
		require.EqualValues(t, 1, s.requests.Load())
	})
	t.Run("truncated body", func(t *testing.T) {
		s := &script{steps: []http.HandlerFunc{func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Length", "1000")
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"hitCount": 3, "resultList": {"res`))
		}}}
		srv := httptest.NewServer(s)
		defer srv.Close()
		c := &Client{Source: "europepmc", HTTP: srv.Client(), Retry: fastRetry}
		_, err := c.Do(context.Background(), Request{URL: srv.URL, Expect: JSON})
		require.ErrorContains(t, err, "europepmc: response cut off while reading (status 200)")
		require.EqualValues(t, 3, s.requests.Load(), "a cut connection is transient and retried")
	})
}

func TestDoPostFormAndWait(t *testing.T) {
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.Equal(t, http.MethodPost, r.Method)
		require.NoError(t, r.ParseForm())
		got = r.PostForm.Get("id")
		w.Header().Set("Content-Type", "text/xml")
		_, _ = w.Write([]byte(`<PubmedArticleSet/>`))
	}))
	defer srv.Close()
	var waits int
	c := &Client{Source: "pubmed", HTTP: srv.Client(), Wait: func(context.Context) error { waits++; return nil }}
	_, err := c.Do(context.Background(), Request{Method: http.MethodPost, URL: srv.URL, Form: map[string][]string{"id": {"1,2,3"}}, Expect: XML})
	require.NoError(t, err)
	require.Equal(t, "1,2,3", got)
	require.Equal(t, 1, waits)

	c.Wait = func(context.Context) error { return context.DeadlineExceeded }
	_, err = c.Do(context.Background(), Request{URL: srv.URL, Expect: XML})
	require.EqualError(t, err, "pubmed: timed out")
}

// TestDoRedactsEchoedSecrets: a body that echoes the key is redacted before it is cut to a
// snippet, so a key straddling the cut leaves no part of itself either.
func TestDoRedactsEchoedSecrets(t *testing.T) {
	const key = "0123456789abcdef0123456789abcdef0123"
	for _, tc := range []struct {
		name, body, want string
	}{
		{"whole", `{"error":"API rate limit exceeded","api-key":"` + key + `","count":"11","limit":"10"}`, "API rate limit exceeded"},
		{"across the snippet's end", `{"error":"bad request","url":"/pubmed/esearch.fcgi?db=pubmed&term=alzheimer+disease&retmax=20&api_key=` + key + `"}`, "bad request"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(status(400, map[string]string{"Content-Type": "application/json"}, tc.body))
			defer srv.Close()
			c := &Client{Source: "pubmed", HTTP: srv.Client(), Retry: Retry{Attempts: 1}, Redact: []string{key}}
			_, err := c.Do(context.Background(), Request{URL: srv.URL + "?api_key=" + key, Expect: XML})
			require.ErrorContains(t, err, tc.want)
			require.NotContains(t, err.Error(), key[:8], "no part of the key")
		})
	}
}

func TestDoParseNamesTheSourceOfABodyThatDoesNotParse(t *testing.T) {
	srv := httptest.NewServer(status(200, map[string]string{"Content-Type": "application/json"}, `{"n": "x"}`))
	defer srv.Close()
	c := &Client{Source: domain.SourceEuropePMC, Retry: fastRetry}
	type answer struct{ N int }
	parse := func(r io.Reader) (answer, error) {
		var a answer
		err := json.NewDecoder(r).Decode(&a)
		return a, err
	}
	_, err := DoParse(context.Background(), c, Request{URL: srv.URL, Expect: JSON}, parse)
	require.ErrorContains(t, err, "europepmc: json: cannot unmarshal")
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"3", 3 * time.Second, true},
		{" 0 ", 0, true},
		{"-1", 0, false},
		{"soon", 0, false},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
		{"99999999999", 365 * 24 * time.Hour, true},
		{"172800", 48 * time.Hour, true},
	}
	for _, tt := range tests {
		got, ok := ParseRetryAfter(tt.in, now)
		require.Equal(t, tt.ok, ok, tt.in)
		require.Equal(t, tt.want, got, tt.in)
	}
}

func TestCheckBody(t *testing.T) {
	tests := []struct {
		expect  Kind
		ct      string
		body    string
		wantErr string
	}{
		{XML, "text/xml", "\ufeff  <?xml version=\"1.0\"?><a/>", ""},
		{XML, "text/html; charset=UTF-8", `<?xml version="1.0"?><PubmedArticleSet/>`, ""},
		{XML, "text/html", "<html><title>x</title>", "expected XML, got an HTML page: \"x\""},
		{XML, "", `<?xml version="1.0"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN"><html/>`, "expected XML, got an HTML page"},
		{JSON, "application/json", ` [1]`, ""},
		{JSON, "text/html", `<!doctype HTML><p>`, "expected JSON, got an HTML page"},
		{JSON, "text/plain", `Service Temporarily Unavailable`, `expected JSON, got text/plain starting "Service Temporarily Unavailable"`},
		{HTML, "text/html", `<!DOCTYPE html>`, ""},
		{HTML, "application/json", `{}`, "expected HTML, got application/json"},
		{JSON, "", " \n", "expected JSON, got an empty body"},
	}
	for _, tt := range tests {
		err := CheckBody(tt.expect, tt.ct, []byte(tt.body))
		if tt.wantErr == "" {
			require.NoError(t, err, tt.body)
		} else {
			require.ErrorContains(t, err, tt.wantErr, tt.body)
		}
	}
}

func TestBackoffIsBoundedAndJittered(t *testing.T) {
	r := Retry{Attempts: 10, Base: 100 * time.Millisecond, MaxDelay: time.Second}
	seen := map[time.Duration]bool{}
	for i := 0; i < 50; i++ {
		d := backoff(r, 1)
		require.GreaterOrEqual(t, d, 50*time.Millisecond)
		require.Less(t, d, 100*time.Millisecond)
		seen[d] = true
		require.LessOrEqual(t, backoff(r, 9), time.Second)
	}
	require.Greater(t, len(seen), 1, "jitter spreads retries")
}

func TestOptionsEndpoint(t *testing.T) {
	hc := &http.Client{}
	tests := []struct{ name, base, want string }{
		{"default when unset", "", "https://api.example.org/v2"},
		{"trailing slashes dropped", "http://127.0.0.1:8080/ct//", "http://127.0.0.1:8080/ct"},
		{"kept as given", "http://127.0.0.1:8080", "http://127.0.0.1:8080"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base, c := Options{BaseURL: tt.base, HTTPClient: hc, Retry: fastRetry}.Endpoint("clinicaltrials", "https://api.example.org/v2")
			require.Equal(t, tt.want, base)
			require.Equal(t, domain.Source("clinicaltrials"), c.Source, "errors name the source")
			require.Same(t, hc, c.HTTP)
			require.Equal(t, fastRetry, c.Retry)
		})
	}
}

// TestDoGivesTheServersWaitRatherThanSleepingIntoTheDeadline: a 429 asking to wait longer
// than the request's budget ends at once as "rate limited", with the wait the server asked
// for, not after sleeping the budget away as "timed out".
func TestDoGivesTheServersWaitRatherThanSleepingIntoTheDeadline(t *testing.T) {
	s := &script{steps: []http.HandlerFunc{status(429, map[string]string{"Retry-After": "3600"}, `{"error":"slow down"}`)}}
	srv := httptest.NewServer(s)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c := &Client{Source: "europepmc", HTTP: srv.Client(), Retry: Retry{Attempts: 3, Base: time.Millisecond, MaxDelay: time.Millisecond, MaxRetryAfter: 30 * time.Second}}
	_, err := c.Do(ctx, Request{URL: srv.URL, Expect: JSON})
	require.EqualError(t, err, `europepmc: rate limited (HTTP 429): "{\"error\":\"slow down\"}"; the server asks to wait 1 h before trying again`)
	require.NoError(t, ctx.Err(), "given before the deadline")
	require.Equal(t, int32(1), s.requests.Load())
}

func TestWaitWords(t *testing.T) {
	for d, want := range map[time.Duration]string{45 * time.Second: "45 s", 5 * time.Minute: "5 min", time.Hour: "1 h", 150 * time.Minute: "2 h 30 min", 48 * time.Hour: "48 h"} {
		require.Equal(t, want, waitWords(d))
	}
}
