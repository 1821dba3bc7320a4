package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestLoopbackAddr(t *testing.T) {
	for _, tc := range []struct {
		in, want, err string
	}{
		{"127.0.0.1:8765", "127.0.0.1:8765", ""},
		{"localhost:0", "localhost:0", ""},
		{"[::1]:8765", "[::1]:8765", ""},
		{"127.0.0.2:80", "127.0.0.2:80", ""},
		{"0.0.0.0:8765", "", "is not a loopback address"},
		{":8765", "", "is not a loopback address"},
		{"192.168.1.10:8765", "", "is not a loopback address"},
		{"example.com:8765", "", "is not a loopback address"},
		{"127.0.0.1", "", "is not HOST:PORT"},
		{"127.0.0.1:http", "", "the port must be a number"},
		{"127.0.0.1:70000", "", "the port must be a number"},
	} {
		got, err := loopbackAddr(tc.in)
		if tc.err != "" {
			require.ErrorContains(t, err, tc.err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		require.Equal(t, tc.want, got)
	}
}

func TestMCPRefusesANonLoopbackAddress(t *testing.T) {
	isolate(t)
	code, _, stderr := runCLI(t, "mcp", "--http", "0.0.0.0:8765")
	require.Equal(t, exitUsage, code)
	require.Contains(t, stderr, `--http: "0.0.0.0:8765" is not a loopback address`)
	require.Contains(t, stderr, "has no authentication")
}

func TestMCPPrintConfig(t *testing.T) {
	isolate(t)
	exe, err := os.Executable()
	require.NoError(t, err)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"mcp", "--print-config"}, []string{"mcp"}},
		{[]string{"mcp", "--print-config", "--read-only"}, []string{"mcp", "--read-only"}},
	} {
		code, stdout, _ := runCLI(t, tc.args...)
		require.Equal(t, exitOK, code)
		var cfg struct {
			MCPServers map[string]struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			} `json:"mcpServers"`
		}
		require.NoError(t, json.Unmarshal([]byte(stdout), &cfg), stdout)
		require.Equal(t, exe, cfg.MCPServers["deepcritical"].Command, "the absolute path of this very program")
		require.Equal(t, tc.want, cfg.MCPServers["deepcritical"].Args)
	}
}

// TestMCPServesHTTPOnLoopback starts `mcp --http` on a free loopback port and initializes a
// session over the streamable HTTP transport; a request whose Host is not local (DNS
// rebinding) is refused.
func TestMCPServesHTTPOnLoopback(t *testing.T) {
	isolate(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	var stdout bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, root(), &env{stdout: &stdout, stderr: pw, app: newApp()}, []string{"mcp", "--http", "127.0.0.1:0"})
	}()
	lines := make(chan string, 1)
	go func() { // the first line is the address; the logs after it are drained
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default:
			}
		}
	}()
	line := <-lines
	require.Contains(t, line, "DeepCritical MCP server: http://127.0.0.1:")
	url := strings.Fields(line)[3]

	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	post := func(host string) *http.Response {
		req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if host != "" {
			req.Host = host
		}
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		return res
	}
	res := post("")
	b := new(bytes.Buffer)
	_, _ = b.ReadFrom(res.Body)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode, b.String())
	require.Contains(t, b.String(), `"name":"deepcritical"`)

	res = post("evil.example:80")
	res.Body.Close()
	require.Equal(t, http.StatusForbidden, res.StatusCode, "a non-local Host header is refused")

	cancel()
	select {
	case code := <-done:
		require.Equal(t, exitOK, code)
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop on interrupt")
	}
	require.Empty(t, stdout.String(), "nothing is printed on stdout")
	pw.Close()
}
