package mcpserver

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/internal/sharedtest"
)

// TestRealMCPClient runs tools/mcp/client.test.mjs: the official TypeScript SDK's client,
// pinned in tools/ and installed by scripts/setup.sh, drives the real binary over stdio as
// Claude Desktop does, against strict fakes of the literature sources. Without node or the
// installed SDK the test is skipped locally, but fails under CI=true: the real client is the
// point of it.
func TestRealMCPClient(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs a Node client")
	}
	root := sharedtest.Root(t)
	script := filepath.Join(root, "tools", "mcp", "client.test.mjs")
	node, err := exec.LookPath("node")
	if _, serr := os.Stat(filepath.Join(root, "tools", "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil || serr != nil {
		if sharedtest.InCI() {
			t.Fatalf("node or the MCP SDK is missing (node: %v, sdk: %v): run scripts/setup.sh (npm ci in tools/)", err, serr)
		}
		t.Skipf("node or the MCP SDK is not installed (node: %v, sdk: %v); run scripts/setup.sh", err, serr)
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, "deepcritical")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = root
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)

	// The server's whole environment: fresh XDG folders, the sources pointed at the fakes
	// (responses slowed a little so a research call can be cancelled mid-run), and an API key
	// that must never surface.
	const secret = "sk-mcp-test-must-never-leak-7d3f"
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"XDG_DATA_HOME=" + filepath.Join(dir, "data"), "DBUS_SESSION_BUS_ADDRESS=unix:path=" + filepath.Join(dir, "no-bus"),
		"OPENAI_API_KEY=" + secret, "DC_MCP_SECRET=" + secret, "DC_MCP_BIN=" + bin, "DC_MCP_STDOUT_LOG=" + filepath.Join(dir, "stdout.jsonl")}
	for k, v := range startFakes(t, 40*time.Millisecond) {
		env = append(env, k+"="+v)
	}

	imp := exec.Command(bin, "library", "import", filepath.Join("testdata", "library.ris"))
	imp.Env = env
	out, err = imp.CombinedOutput()
	require.NoError(t, err, "library import: %s", out)

	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, script)
	cmd.Env = env
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "the MCP client test failed:\n%s", out)
	require.Contains(t, string(out), "mcp client: ok:", string(out))
	t.Log(strings.TrimSpace(string(out)[strings.LastIndex(string(out), "mcp client: ok:"):]))
}
