// Package faulttest runs the same network-fault matrix against every search source: a fake
// server that replays real recordings is wrapped so that its first answers are 429s, 5xx,
// HTML error pages, cut-off bodies or silence, and the source must either recover or fail
// with an error that names it — never panic, never return silently empty.
package faulttest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/testnet"
	"deepcritical/backend/search/httpx"
)

// FastRetry is the retry policy of the source tests: DefaultRetry's three attempts with
// millisecond waits, so the matrix's 429s and 5xx recover without slowing the suite.
var FastRetry = httpx.Retry{Attempts: 3, Base: time.Millisecond, MaxDelay: 5 * time.Millisecond, MaxRetryAfter: 10 * time.Millisecond}

// Run searches the source at baseURL through hc and returns what it found.
type Run func(ctx context.Context, baseURL string, hc *http.Client) ([]domain.Evidence, error)

// fault answers the first `times` requests itself (forever when times < 0), then lets the
// good handler answer.
type fault struct {
	times int32
	seen  atomic.Int32
	bad   http.HandlerFunc
	good  http.Handler
}

func (f *fault) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := f.seen.Add(1)
	if f.times < 0 || n <= f.times {
		f.bad(w, r)
		return
	}
	f.good.ServeHTTP(w, r)
}

func reply(code int, header map[string]string, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		for k, v := range header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(code)
		_, _ = w.Write([]byte(body))
	}
}

// truncate serves the first half of the good answer with a matching Content-Length, the way
// a proxy that gave up mid-stream does.
func truncate(good http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		good.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		cut := body[:len(body)/2]
		for k, vs := range rec.Header() {
			w.Header()[k] = vs
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(cut)))
		w.WriteHeader(rec.Code)
		_, _ = w.Write(cut)
	}
}

// fiveHundredThen503 answers 500 first and 503 after.
func fiveHundredThen503() http.HandlerFunc {
	var n atomic.Int32
	return func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			reply(500, nil, `Internal Server Error`)(w, r)
			return
		}
		reply(503, map[string]string{"Content-Type": "text/plain"}, `Service Temporarily Unavailable`)(w, r)
	}
}

const htmlPage = "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"

// Matrix runs the fault cases against a source. good must answer every request the source
// makes with a real recording; source is the name every error must start with.
func Matrix(t *testing.T, source domain.Source, good http.Handler, run Run) {
	t.Helper()
	prefix := string(source) + ": "
	cases := []struct {
		name    string
		times   int32
		bad     http.HandlerFunc
		wantErr string
	}{
		{"429 with Retry-After then recovers", 1, reply(429, map[string]string{"Retry-After": "0"}, `{"error":"API rate limit exceeded"}`), ""},
		{"429 without Retry-After then recovers", 1, reply(429, nil, ``), ""},
		{"500 then 503 then recovers", 2, fiveHundredThen503(), ""},
		{"429 storm", -1, reply(429, map[string]string{"Retry-After": "0"}, `Too Many Requests`), "rate limited (HTTP 429)"},
		{"503 storm", -1, reply(503, nil, `Service Unavailable`), "server error (HTTP 503)"},
		{"HTML error page with 200", -1, reply(200, map[string]string{"Content-Type": "text/html; charset=utf-8"}, htmlPage), `"502 Bad Gateway"`},
		{"truncated body", -1, truncate(good), "truncated"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := &fault{times: tc.times, bad: tc.bad, good: good}
			srv := httptest.NewServer(f)
			defer srv.Close()
			ev, err := run(context.Background(), srv.URL, srv.Client())
			if tc.wantErr == "" {
				require.NoError(t, err)
				require.NotEmpty(t, ev)
				return
			}
			require.Error(t, err)
			require.Contains(t, err.Error(), prefix, "the error names its source")
			require.Contains(t, err.Error(), tc.wantErr)
		})
	}
	t.Run("connection refused", func(t *testing.T) {
		_, err := run(context.Background(), "http://"+testnet.ClosedAddr(t), &http.Client{})
		require.Error(t, err)
		require.Contains(t, err.Error(), prefix+"cannot connect")
	})
	t.Run("timeout", func(t *testing.T) {
		srv := testnet.Hanging(t)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		_, err := run(ctx, srv.URL, srv.Client())
		require.Error(t, err)
		require.Contains(t, err.Error(), prefix)
		require.True(t, strings.Contains(err.Error(), "timed out"), err.Error())
	})
}
