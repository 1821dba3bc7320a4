// Package llmtest holds test helpers shared by the provider packages: locating the shared
// recorded fixtures, and an httptest server that replays them while recording what the
// client sent. It is imported only by tests.
package llmtest

import (
	"deepcritical/internal/sharedtest"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// CanaryKey is a fake secret; tests assert it never shows up in errors, records or logs.
const CanaryKey = "sk-canary-XYZ0123456789abcdefCANARY"

// SharedPath returns <repo root>/../shared/<parts…> or skips the test when it is absent.
func SharedPath(t testing.TB, parts ...string) string {
	t.Helper()
	return sharedtest.Path(t, parts...)
}

// Fixture reads a recorded body from ../shared/fixtures/llm/<rel>.
func Fixture(t testing.TB, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(SharedPath(t, "fixtures", "llm", rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Reply is one canned answer of a Server.
type Reply struct {
	Status      int
	Body        []byte
	ContentType string
	Header      http.Header
	// Delay holds the answer back (for timeout tests); it ends early when the client goes away.
	Delay time.Duration
	// CutOff declares a longer Content-Length than the body, so the connection closes
	// mid-body (a truncated answer).
	CutOff bool
}

// Request is what the client sent.
type Request struct {
	Method, Path string
	Header       http.Header
	Body         string
}

// Server replays Replies in order (the last one repeats) and records every request.
type Server struct {
	*httptest.Server
	mu      sync.Mutex
	replies []Reply
	reqs    []Request
}

// NewServer starts a replay server closed at the end of the test.
func NewServer(t testing.TB, replies ...Reply) *Server {
	t.Helper()
	s := &Server{replies: replies}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.reqs = append(s.reqs, Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: string(body)})
	rep := Reply{Status: http.StatusNotFound, Body: []byte("no reply scripted")}
	if len(s.replies) > 0 {
		rep = s.replies[0]
		if len(s.replies) > 1 {
			s.replies = s.replies[1:]
		}
	}
	s.mu.Unlock()
	if rep.Delay > 0 {
		select {
		case <-time.After(rep.Delay):
		case <-r.Context().Done():
			return
		}
	}
	for k, vs := range rep.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	ct := rep.ContentType
	if ct == "" {
		ct = "application/json"
		if len(rep.Body) > 0 && !strings.HasPrefix(strings.TrimSpace(string(rep.Body)), "{") && !strings.HasPrefix(strings.TrimSpace(string(rep.Body)), "[") {
			ct = "text/plain; charset=utf-8"
		}
	}
	w.Header().Set("Content-Type", ct)
	if rep.CutOff {
		w.Header().Set("Content-Length", strconv.Itoa(len(rep.Body)+512))
	}
	status := rep.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	_, _ = w.Write(rep.Body)
}

// Requests returns a copy of what was received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// OpenAIText wraps text as an OpenAI chat completion body (for scripted structured answers).
func OpenAIText(model, text string) []byte {
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`).Replace(text)
	return []byte(`{"id":"chatcmpl-test","object":"chat.completion","created":1,"model":"` + model +
		`","choices":[{"index":0,"message":{"role":"assistant","content":"` + esc +
		`"},"finish_reason":"stop"}],"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}`)
}

// CPUTimer measures the process's CPU time (user+system), which unlike wall time does not
// grow when other work shares the machine; benchmarks report it as cpu-ns/op.
type CPUTimer struct{ start time.Duration }

// StartCPU starts a CPUTimer.
func StartCPU() CPUTimer { return CPUTimer{start: cpuTime()} }

// Report adds the cpu-ns/op metric for n iterations to b.
func (c CPUTimer) Report(b *testing.B, n int) {
	if n > 0 {
		b.ReportMetric(float64(cpuTime()-c.start)/float64(n), "cpu-ns/op")
	}
}
