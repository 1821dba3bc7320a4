package services

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"
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
