package clijudge

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/internal/llmtest"
)

type verdict struct {
	Pass   bool   `json:"pass"`
	Reason string `json:"reason" jsonschema:"minLength=3"`
}

// fakeOnPath puts testdata/fake-claude.sh on PATH as `claude` and selects its mode.
func fakeOnPath(t *testing.T, mode string) {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("testdata", "fake-claude.sh"))
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.Symlink(script, filepath.Join(dir, "claude")))
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("FAKE_CLAUDE_MODE", mode)
}

func verdictReq(t *testing.T) llm.Request {
	s, err := llm.SchemaFor[verdict]("verdict")
	require.NoError(t, err)
	return llm.Request{System: "You are a strict judge.", Messages: []llm.Message{{Role: llm.RoleUser, Content: "Is the report complete? It says 'done'."}}, Schema: s, Model: "sonnet"}
}

// newClient builds a client; the fake script's FAKE_CLAUDE_* switches are passed on top of
// the minimal environment (the production default drops every variable it does not know).
func newClient(t *testing.T, cfg Config) *Client {
	t.Helper()
	if cfg.Env == nil {
		cfg.Env = MinimalEnv(os.Environ())
		for _, kv := range os.Environ() {
			if strings.HasPrefix(kv, "FAKE_CLAUDE_") {
				cfg.Env = append(cfg.Env, kv)
			}
		}
	}
	c, err := New(cfg)
	require.NoError(t, err)
	return c
}

func TestValidOutputAndArguments(t *testing.T) {
	fakeOnPath(t, "valid")
	argsFile := filepath.Join(t.TempDir(), "args")
	t.Setenv("FAKE_CLAUDE_ARGS", argsFile)
	var recs []llm.CallRecord
	v, res, err := llm.Generate(context.Background(), newClient(t, Config{}), verdictReq(t), llm.Options[verdict]{
		Provider: domain.ProviderCLI,
		Recorder: llm.RecorderFunc(func(_ context.Context, r llm.CallRecord) error { recs = append(recs, r); return nil }),
	})
	require.NoError(t, err)
	require.Equal(t, verdict{true, "all directives satisfied"}, v)
	require.Equal(t, "sonnet", res.Model)
	require.Equal(t, "claude-sonnet-4-5-20250929", recs[0].Model, "the model that answered, not the helper")
	require.Equal(t, 0.0123, recs[0].CostUSD)
	require.Equal(t, 812, recs[0].InputTokens)

	raw, err := os.ReadFile(argsFile)
	require.NoError(t, err)
	args := strings.Split(strings.TrimSuffix(string(raw), "\x00"), "\x00")
	require.Equal(t, []string{
		"-p", "--output-format", "json", "--json-schema", string(verdictReq(t).Schema.JSON),
		"--tools", "", "--max-turns", "1", "--no-session-persistence", "--model", "sonnet",
		"--system-prompt", "You are a strict judge.", "--setting-sources", "", "--",
		"Is the report complete? It says 'done'.",
	}, args, "arguments reach the program verbatim, with no shell in between")
}

func TestOutputShapes(t *testing.T) {
	tests := []struct {
		mode    string
		want    verdict
		kind    llm.ErrorKind
		message string
	}{
		{mode: "result_string", want: verdict{false, "tests are missing"}},
		{mode: "stdin", want: verdict{true, "stdin was closed"}},
		{mode: "malformed", kind: llm.KindInvalidOutput, message: "not valid JSON even after repair"},
		{mode: "schema_invalid", kind: llm.KindInvalidOutput, message: "pass must be boolean, got a string"},
		{mode: "is_error", kind: llm.KindUnavailable, message: "the CLI reported an error (error_during_execution): API Error: 529"},
		{mode: "exit", kind: llm.KindAuth, message: "claude exited with status 3: Invalid API key · Please run /login"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			fakeOnPath(t, tc.mode)
			v, res, err := llm.Generate(context.Background(), newClient(t, Config{}), verdictReq(t), llm.Options[verdict]{Provider: domain.ProviderCLI})
			if tc.kind == "" {
				require.NoError(t, err)
				require.Equal(t, tc.want, v)
				return
			}
			require.Equal(t, tc.kind, llm.KindOf(err), "%v", err)
			require.Contains(t, err.Error(), tc.message)
			if tc.kind == llm.KindInvalidOutput {
				require.Equal(t, 3, res.Calls, "invalid output is retried with feedback")
			}
		})
	}
}

// TestMalformedIsRepaired: a truncated answer is closed by the repairer and then fails
// validation for the right reason (pass is a boolean, reason is missing).
func TestMalformedIsRepaired(t *testing.T) {
	out, err := parseOutput(`{"type":"result","subtype":"success","is_error":false,"result":"{\"pass\": true, \"reason\": \"ok then`+"\"}", "m")
	require.NoError(t, err)
	fixed, repaired, err := llm.Repair(llm.ExtractJSON(out.Text)[0])
	require.NoError(t, err)
	require.True(t, repaired)
	require.JSONEq(t, `{"pass": true, "reason": "ok then"}`, fixed)
}

func TestTimeoutKillsTheProcessGroup(t *testing.T) {
	fakeOnPath(t, "hang")
	pidFile := filepath.Join(t.TempDir(), "pids")
	t.Setenv("FAKE_CLAUDE_PIDS", pidFile)
	c := newClient(t, Config{Timeout: 300 * time.Millisecond, WaitDelay: 200 * time.Millisecond})
	done := make(chan error, 1)
	go func() {
		_, err := c.Complete(context.Background(), verdictReq(t))
		done <- err
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Complete hung past its timeout")
	}
	require.Equal(t, llm.KindTimeout, llm.KindOf(err), "%v", err)
	require.Contains(t, err.Error(), "it and its children were stopped")

	raw, rerr := os.ReadFile(pidFile)
	require.NoError(t, rerr)
	pids := strings.Fields(string(raw))
	require.Len(t, pids, 2, "the fake wrote its own pid and its child's")
	for _, p := range pids {
		pid, perr := strconv.Atoi(p)
		require.NoError(t, perr)
		require.Eventually(t, func() bool { return gone(pid) }, 5*time.Second, 20*time.Millisecond, "process %d survived the timeout", pid)
	}
}

// gone reports whether pid no longer runs (a zombie waiting to be reaped counts as gone).
func gone(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil {
		return true
	}
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return true
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) > 0 && (fields[0] == "Z" || fields[0] == "X")
}

func TestCancelStopsTheCommand(t *testing.T) {
	fakeOnPath(t, "hang")
	t.Setenv("FAKE_CLAUDE_PIDS", filepath.Join(t.TempDir(), "pids"))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := newClient(t, Config{WaitDelay: 200 * time.Millisecond}).Complete(ctx, verdictReq(t))
	require.Equal(t, llm.KindCanceled, llm.KindOf(err))
}

func TestCommandNotFound(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := newClient(t, Config{}).Complete(context.Background(), verdictReq(t))
	require.Equal(t, llm.KindUnavailable, llm.KindOf(err))
	require.Contains(t, err.Error(), `command "claude" not found`)
}

func TestTemplateWithPlaceholders(t *testing.T) {
	script, err := filepath.Abs(filepath.Join("testdata", "fake-claude.sh"))
	require.NoError(t, err)
	argsFile := filepath.Join(t.TempDir(), "args")
	t.Setenv("FAKE_CLAUDE_ARGS", argsFile)
	t.Setenv("FAKE_CLAUDE_MODE", "valid")
	c := newClient(t, Config{Command: `'` + script + `' --flag "two words" --ask={prompt} --m {model}`, Model: "m1"})
	req := verdictReq(t)
	req.Model = ""
	_, err = c.Complete(context.Background(), req)
	require.NoError(t, err)
	raw, err := os.ReadFile(argsFile)
	require.NoError(t, err)
	require.Equal(t, "--flag\x00two words\x00--ask=Is the report complete? It says 'done'.\x00--m\x00m1\x00", string(raw))
}

func TestRecordedCLIOutput(t *testing.T) {
	stdout, err := os.ReadFile(llmtest.SharedPath(t, "fixtures", "claude_cli", "scylla_T1_claude_print_output_format_json.stdout.json"))
	require.NoError(t, err)
	out, err := parseOutput(string(stdout), "sonnet")
	require.NoError(t, err)
	require.Contains(t, out.Text, "Hello, World!")
	require.Equal(t, "claude-sonnet-4-5-20250929", out.Model)
	// input_tokens (25) is only the uncached part; the prompt also had 23,266 tokens written
	// to and 91,477 read from the cache.
	require.Equal(t, 25+23266+91477, out.InputTokens)
	require.Equal(t, 91477, out.CachedTokens)
	require.Equal(t, 23266, out.CacheWriteTokens)
	require.Equal(t, 558, out.OutputTokens)
	require.InDelta(t, 0.1273926, out.CostUSD, 1e-9)
}

func TestParseOutputShapes(t *testing.T) {
	tests := []struct{ name, stdout, want string }{
		{"content blocks", `{"type":"assistant","content":[{"type":"text","text":"{\"pass\":true}"}]}`, `{"pass":true}`},
		{"message tool_use", `{"type":"assistant","message":{"content":[{"type":"tool_use","input":{"pass":false}}]}}`, `{"pass":false}`},
		{"plain JSON from a custom command", `{"pass":true,"reason":"fine"}`, `{"pass":true,"reason":"fine"}`},
		{"prose", "I think it passes.", "I think it passes."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := parseOutput(tc.stdout, "m")
			require.NoError(t, err)
			require.Equal(t, tc.want, out.Text)
		})
	}
	_, err := parseOutput("  \n", "m")
	require.Equal(t, llm.KindInvalidOutput, llm.KindOf(err))
}

func TestSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"claude", []string{"claude"}},
		{`mycmd --flag "a b" 'c "d"' e\ f`, []string{"mycmd", "--flag", "a b", `c "d"`, "e f"}},
		{`x "" ''`, []string{"x", "", ""}},
		{`x "a\"b" $HOME;rm`, []string{"x", `a"b`, "$HOME;rm"}},
		{"  ", nil},
	}
	for _, tc := range tests {
		got, err := Split(tc.in)
		require.NoError(t, err, tc.in)
		require.Equal(t, tc.want, got, tc.in)
	}
	_, err := Split(`x "open`)
	require.Error(t, err)
	_, err = Split(`x 'open`)
	require.Error(t, err)
}

func TestTranscript(t *testing.T) {
	require.Equal(t, "q", Transcript([]llm.Message{{Role: llm.RoleUser, Content: "q"}}))
	require.Equal(t, "q\n\nYour previous answer:\na\n\nUser:\nfix it", Transcript([]llm.Message{
		{Role: llm.RoleUser, Content: "q"}, {Role: llm.RoleAssistant, Content: "a"}, {Role: llm.RoleUser, Content: "fix it"},
	}))
}

// TestSubprocessEnvironmentIsMinimal: with no Env configured, the command sees PATH, HOME
// and Claude Code's own key, never another provider's key or DeepCritical's settings.
func TestSubprocessEnvironmentIsMinimal(t *testing.T) {
	dir := t.TempDir()
	dump := filepath.Join(dir, "env.txt")
	script := "#!/bin/sh\nenv > '" + dump + "'\nprintf '%s' '{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"structured_output\":{\"pass\":true,\"reason\":\"env ok\"}}'\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "claude"), []byte(script), 0o755))
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-own-key-000000")
	t.Setenv("OPENAI_API_KEY", "sk-openai-secret-111111")
	t.Setenv("HF_TOKEN", "hf_secret222222")
	t.Setenv("NCBI_API_KEY", "ncbi333333")
	t.Setenv("DEEPCRITICAL_COMPAT_API_KEY", "compat444444")
	t.Setenv("CLAUDE_CODE_USE_BEDROCK", "0")
	c, err := New(Config{})
	require.NoError(t, err)
	_, err = c.Complete(context.Background(), verdictReq(t))
	require.NoError(t, err)
	raw, err := os.ReadFile(dump)
	require.NoError(t, err)
	env := string(raw)
	require.Contains(t, env, "ANTHROPIC_API_KEY=sk-ant-own-key-000000")
	require.Contains(t, env, "PATH="+dir)
	require.Contains(t, env, "CLAUDE_CODE_USE_BEDROCK=0")
	for _, secret := range []string{"OPENAI_API_KEY", "sk-openai-secret", "HF_TOKEN", "hf_secret", "NCBI_API_KEY", "DEEPCRITICAL_COMPAT_API_KEY"} {
		require.NotContains(t, env, secret)
	}
}
