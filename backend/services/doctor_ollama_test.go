package services

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/internal/testenv"
)

// TestDoctorOllamaCheck: doctor says whether Ollama answers and whether the configured model
// is pulled (a run with a model it lacks is refused), and says what to do when not.
func TestDoctorOllamaCheck(t *testing.T) {
	tags := func(body string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/api/tags" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(body))
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	pulled := tags(`{"models":[{"name":"llama3:latest","model":"llama3:latest"},{"name":"codellama:13b","model":"codellama:13b"}]}`)
	html := tags(`<html><body>proxy login</body></html>`)
	closed := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer l.Close()
		return "http://" + l.Addr().String()
	}()
	for _, tc := range []struct {
		name, host, model string
		ok                bool
		detail            string
	}{
		{"model pulled", pulled, "llama3", true, "model llama3 pulled"},
		{"model not pulled", pulled, "llama3.1:8b", false, "model \"llama3.1:8b\" is not pulled: run `ollama pull llama3.1:8b` (it has 2 model(s): llama3:latest, codellama:13b)"},
		{"no model configured", pulled, "", true, "answering at " + pulled},
		{"not Ollama", html, "llama3", false, "not Ollama's model list"},
		{"not running", closed, "llama3", false, "not answering at " + closed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ollamaCheck(context.Background(), http.DefaultClient, tc.host, tc.model)
			require.Equal(t, tc.ok, c.OK, c.Detail)
			require.Contains(t, c.Detail, tc.detail)
		})
	}
}

// TestDoctorSourceCheck: a source is ok only when something answers at its host and port,
// not when its name merely resolves.
func TestDoctorSourceCheck(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(srv.Close)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closed := "http://" + l.Addr().String() + "/pubmed"
	l.Close()
	for _, tc := range []struct {
		name, url string
		ok        bool
		detail    string
	}{
		{"answering", srv.URL + "/pubmed", true, srv.Listener.Addr().String() + " answers"},
		{"nothing listening", closed, false, "resolves, but nothing answers at"},
		{"not a URL", "::nope", false, "invalid URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := resolveCheck(context.Background(), "source pubmed", tc.url)
			require.Equal(t, tc.ok, c.OK, c.Detail)
			require.Contains(t, c.Detail, tc.detail)
		})
	}
}

// TestDoctorOllamaJudgeNeedsOllama: the Ollama judge is not reported usable while Ollama
// does not answer at its host (doctor said "ok judge ollama" beside "missing ollama").
func TestDoctorOllamaJudgeNeedsOllama(t *testing.T) {
	testenv.Clear(t)
	dir := t.TempDir()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Setenv("OLLAMA_HOST", "http://"+l.Addr().String())
	l.Close()
	for _, c := range Doctor(context.Background(), config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data")), http.DefaultClient) {
		if c.Name == "judge ollama" {
			require.False(t, c.OK, c.Detail)
			require.Contains(t, c.Detail, "not answering at")
			return
		}
	}
	t.Fatal("no judge ollama line")
}
