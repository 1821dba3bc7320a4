// Package clijudge is the subprocess judge: it runs `claude -p --output-format
// json --json-schema S --tools "" --max-turns 1 --no-session-persistence --model M
// --system-prompt P --setting-sources "" -- PROMPT`, or a configured command template, and
// reads the structured answer from its JSON output. The flags are the ones Claude Code
// 2.1 accepts (its --help); `--setting-sources ""` loads no user, project or local
// settings, so a developer's hooks and permissions never change a judgement.
//
// The subprocess gets a minimal environment (MinimalEnv): what a program needs to run
// and Claude Code's own variables, never the other providers' keys.
//
// The command is executed without a shell (the template is split with shell-like quoting
// rules, never interpreted), stdin is the null device, and the process runs in its own
// process group so a timeout or cancellation kills it and everything it spawned.
package clijudge

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
)

// Defaults.
const (
	DefaultCommand = "claude"
	DefaultTimeout = 3 * time.Minute
	// maxOutput bounds what is kept of stdout and stderr.
	maxOutput = 8 << 20
)

// Config configures the subprocess judge.
type Config struct {
	// Command is the command template (DEEPCRITICAL_CLI_JUDGE), default "claude". When it
	// contains placeholders {prompt}, {system}, {schema} or {model} they are substituted
	// inside the arguments and nothing is appended; otherwise the claude flags are
	// appended, so wrappers of claude ("npx @anthropic-ai/claude-code") work unchanged.
	Command string
	Model   string
	Timeout time.Duration
	// Dir is the working directory (default: the current one).
	Dir string
	// Env, when set, replaces the environment of the subprocess; when nil the subprocess
	// gets MinimalEnv(os.Environ()).
	Env []string
	// WaitDelay bounds how long output pipes held open by stray children are waited for
	// after the process exits or is killed (default 2 s).
	WaitDelay time.Duration
}

// Client runs the judge command; it is safe for concurrent use.
type Client struct {
	cfg  Config
	argv []string
}

// New parses the command template.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.Command) == "" {
		cfg.Command = DefaultCommand
	}
	argv, err := Split(cfg.Command)
	if err != nil {
		return nil, domain.Wrap(domain.CodeInvalid, err, "DEEPCRITICAL_CLI_JUDGE: "+err.Error())
	}
	if len(argv) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "DEEPCRITICAL_CLI_JUDGE is empty")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.WaitDelay <= 0 {
		cfg.WaitDelay = 2 * time.Second
	}
	return &Client{cfg: cfg, argv: argv}, nil
}

// Info describes the backend. The claude CLI sends the prompt to Anthropic and a custom
// command may do anything, so it is never labelled local.
func (c *Client) Info() llm.Info {
	return llm.Info{Provider: domain.ProviderCLI, Model: c.cfg.Model, Models: []string{c.cfg.Model}, Local: false, BaseURL: c.argv[0]}
}

var placeholders = []string{"{prompt}", "{system}", "{schema}", "{model}"}

// Args returns the argument vector (program first) for req.
func (c *Client) Args(req llm.Request) []string {
	model := req.ModelOr(c.cfg.Model)
	schema := ""
	if req.Schema != nil {
		schema = string(req.Schema.JSON)
	}
	prompt := Transcript(req.Messages)
	templated := false
	for _, a := range c.argv {
		for _, p := range placeholders {
			if strings.Contains(a, p) {
				templated = true
			}
		}
	}
	if templated {
		r := strings.NewReplacer("{prompt}", prompt, "{system}", req.System, "{schema}", schema, "{model}", model)
		out := make([]string, len(c.argv))
		for i, a := range c.argv {
			out[i] = r.Replace(a)
		}
		return out
	}
	args := append([]string(nil), c.argv...)
	args = append(args, "-p", "--output-format", "json")
	if schema != "" {
		args = append(args, "--json-schema", schema)
	}
	args = append(args, "--tools", "", "--max-turns", "1", "--no-session-persistence")
	if model != "" {
		args = append(args, "--model", model)
	}
	if req.System != "" {
		args = append(args, "--system-prompt", req.System)
	}
	// "--" ends the options, so a prompt that starts with "-" is never read as a flag.
	args = append(args, "--setting-sources", "", "--", prompt)
	return args
}

// Transcript renders the conversation as one prompt: a single user message as it is, a
// longer exchange (Generate's retries with feedback) with speaker labels.
func Transcript(msgs []llm.Message) string {
	if len(msgs) == 1 && msgs[0].Role == llm.RoleUser {
		return msgs[0].Content
	}
	var b strings.Builder
	for i, m := range msgs {
		if i > 0 {
			b.WriteString("\n\n")
		}
		if m.Role == llm.RoleAssistant {
			b.WriteString("Your previous answer:\n")
		} else if i > 0 {
			b.WriteString("User:\n")
		}
		b.WriteString(m.Content)
	}
	return b.String()
}

// Complete runs the command once.
func (c *Client) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	model := req.ModelOr(c.cfg.Model)
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	args := c.Args(req)
	start := time.Now()
	env := c.cfg.Env
	if env == nil {
		env = MinimalEnv(os.Environ())
	}
	if req.MaxTokens > 0 {
		// Claude Code has no flag for the output cap; this variable is how it is set.
		env = append(append([]string(nil), env...), fmt.Sprintf("CLAUDE_CODE_MAX_OUTPUT_TOKENS=%d", req.MaxTokens))
	}
	stdout, stderr, runErr := run(ctx, args, c.cfg.Dir, env, c.cfg.WaitDelay)
	latency := time.Since(start)
	raw := llm.Redact(stdout)
	errTail := tail(llm.Redact(stderr), 500)
	if ce := llm.ContextError(ctx, domain.ProviderCLI, model); ce != nil {
		ce.Message = fmt.Sprintf("%s did not answer within %s; it and its children were stopped", args[0], c.cfg.Timeout)
		if errors.Is(ce.Err, context.Canceled) {
			ce.Message = "canceled; " + args[0] + " and its children were stopped"
		}
		return llm.Response{Raw: raw, Latency: latency}, ce
	}
	if runErr != nil {
		le := c.runError(runErr, args[0], model, errTail, raw)
		if le.Kind == llm.KindTruncated {
			// Not an error yet: Generate asks once more with more room, then fails with the reason.
			return llm.Response{Raw: raw, Latency: latency, Model: model, Truncated: true, Notes: le.Message}, nil
		}
		return llm.Response{Raw: raw, Latency: latency}, le
	}
	out, err := parseOutput(stdout, model)
	out.Raw, out.Latency = raw, latency
	out.Text = llm.Redact(out.Text)
	return out, err
}

// runError types a failed start or a non-zero exit, keeping the end of stderr (or the
// CLI's own JSON error) as the message.
func (c *Client) runError(err error, prog, model, stderr, stdout string) *llm.Error {
	if errors.Is(err, exec.ErrNotFound) {
		return &llm.Error{Kind: llm.KindUnavailable, Provider: domain.ProviderCLI, Model: model,
			Message: fmt.Sprintf("command %q not found: install Claude Code or set DEEPCRITICAL_CLI_JUDGE", prog), Err: err}
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		msg := stderr
		if strings.TrimSpace(stdout) != "" {
			if r, perr := parseOutput(stdout, model); perr != nil {
				var le *llm.Error
				if errors.As(perr, &le) {
					msg = le.Message
				}
			} else if msg == "" {
				msg = tail(r.Text, 500)
			}
		}
		le := classifyMessage(msg, model)
		le.Message = fmt.Sprintf("%s exited with status %d: %s", prog, ee.ExitCode(), strings.TrimSpace(msg))
		le.Err = err
		return le
	}
	return &llm.Error{Kind: llm.KindUnavailable, Provider: domain.ProviderCLI, Model: model, Message: prog + " could not be run: " + llm.Redact(err.Error()), Err: err}
}

// classifyMessage guesses the kind of a CLI failure from its words.
func classifyMessage(msg, model string) *llm.Error {
	m := strings.ToLower(msg)
	kind := llm.KindUnavailable
	switch {
	case strings.Contains(m, "api key") || strings.Contains(m, "log in") || strings.Contains(m, "login") || strings.Contains(m, "unauthori") || strings.Contains(m, "authentication"):
		kind = llm.KindAuth
	case strings.Contains(m, "credit") || strings.Contains(m, "quota") || strings.Contains(m, "usage limit"):
		kind = llm.KindQuota
	case strings.Contains(m, "rate limit") || strings.Contains(m, "429"):
		kind = llm.KindRateLimit
	case strings.Contains(m, "output token maximum") || strings.Contains(m, "max_output_tokens"):
		// Claude Code 2.1: "API Error: Claude's response exceeded the 32000 output token maximum."
		kind = llm.KindTruncated
	case strings.Contains(m, "can't help with this") || strings.Contains(m, "legal/aup") || strings.Contains(m, "refusal"):
		// Claude Code 2.1's words for stop_reason "refusal".
		kind = llm.KindRefused
	case strings.Contains(m, "issue with the selected model") || strings.Contains(m, "may not exist or you may not have access"):
		kind = llm.KindModelNotFound
	case strings.Contains(m, "model") && (strings.Contains(m, "not found") || strings.Contains(m, "invalid model") || strings.Contains(m, "not_found")):
		kind = llm.KindModelNotFound
	case strings.Contains(m, "unknown option") || strings.Contains(m, "error: option") || strings.Contains(m, "usage:"):
		kind = llm.KindBadRequest
	}
	return &llm.Error{Kind: kind, Provider: domain.ProviderCLI, Model: model, Message: msg}
}

// cliResult is the shape of `claude -p --output-format json`.
type cliResult struct {
	Type             string          `json:"type"`
	Subtype          string          `json:"subtype"`
	IsError          bool            `json:"is_error"`
	Result           *string         `json:"result"`
	StructuredOutput json.RawMessage `json:"structured_output"`
	Content          json.RawMessage `json:"content"`
	Message          *struct {
		Content json.RawMessage `json:"content"`
	} `json:"message"`
	Errors       []any              `json:"errors"`
	TotalCostUSD float64            `json:"total_cost_usd"`
	StopReason   string             `json:"stop_reason"`
	Usage        llm.AnthropicUsage `json:"usage"`
	ModelUsage   map[string]struct {
		OutputTokens int `json:"outputTokens"`
	} `json:"modelUsage"`
}

// parseOutput reads the CLI's JSON: structured_output, else result (a string that holds
// the JSON), else content blocks. Output that is not a CLI result object (a custom command
// printing its answer) is returned as the text for Generate to extract.
func parseOutput(stdout, model string) (llm.Response, error) {
	out := llm.Response{Model: model}
	trimmed := strings.TrimSpace(stdout)
	if trimmed == "" {
		return out, &llm.Error{Kind: llm.KindInvalidOutput, Provider: domain.ProviderCLI, Model: model, Message: "the command printed nothing"}
	}
	var r cliResult
	err := json.NewDecoder(strings.NewReader(trimmed)).Decode(&r)
	if err != nil && strings.HasPrefix(trimmed, "{") {
		// A truncated result object: repair the wrapper so its result can still be read.
		if fixed, _, rerr := llm.Repair(trimmed); rerr == nil {
			r, err = cliResult{}, json.Unmarshal([]byte(fixed), &r)
		}
	}
	if err != nil || (r.Type == "" && r.Result == nil && r.StructuredOutput == nil && r.Subtype == "") {
		out.Text = trimmed
		return out, nil
	}
	r.Usage.Apply(&out)
	out.CostUSD = r.TotalCostUSD // the CLI reports what the call cost
	if m := mainModel(r.ModelUsage); m != "" {
		out.Model = m
	}
	if r.IsError || strings.HasPrefix(r.Subtype, "error") {
		msg := r.Subtype
		if r.Result != nil && *r.Result != "" {
			msg = *r.Result
		} else if len(r.Errors) > 0 {
			msg = fmt.Sprint(r.Errors...)
		}
		le := classifyMessage(msg, model)
		if r.Subtype == "error_max_turns" {
			le.Kind = llm.KindInvalidOutput
		}
		le.Message = "the CLI reported an error (" + cmp.Or(r.Subtype, "is_error") + "): " + msg
		return out, le
	}
	if err := llm.AnthropicStop(&out, domain.ProviderCLI, model, r.StopReason); err != nil {
		return out, err
	}
	switch {
	case len(r.StructuredOutput) > 0 && string(r.StructuredOutput) != "null":
		out.Text = string(r.StructuredOutput)
	case r.Result != nil && strings.TrimSpace(*r.Result) != "":
		out.Text = *r.Result
	case len(r.Content) > 0:
		out.Text = blocksText(r.Content)
	case r.Message != nil:
		out.Text = blocksText(r.Message.Content)
	}
	return out, nil
}

// blocksText reads Messages-API content blocks: a tool_use input wins, else the texts.
func blocksText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Type  string          `json:"type"`
		Text  string          `json:"text"`
		Input json.RawMessage `json:"input"`
	}
	if json.Unmarshal(raw, &blocks) != nil {
		return ""
	}
	var b strings.Builder
	for _, bl := range blocks {
		if bl.Type == "tool_use" && len(bl.Input) > 0 {
			return string(bl.Input)
		}
		b.WriteString(bl.Text)
	}
	return b.String()
}

// mainModel picks the model that wrote the most output (the CLI also reports helper
// models such as haiku for housekeeping).
func mainModel(usage map[string]struct {
	OutputTokens int `json:"outputTokens"`
}) string {
	names := make([]string, 0, len(usage))
	for k := range usage {
		names = append(names, k)
	}
	sort.Strings(names)
	best, bestN := "", -1
	for _, n := range names {
		if usage[n].OutputTokens > bestN {
			best, bestN = n, usage[n].OutputTokens
		}
	}
	return best
}

// envAllowed are the variables the subprocess keeps: what any program needs (PATH, HOME,
// locale, temp folder, the Windows system variables), proxies and CA certificates for
// reaching Anthropic, and Claude Code's own configuration and key. Nothing else passes,
// so OPENAI_API_KEY, HF_TOKEN, NCBI_API_KEY or DeepCritical's settings never reach it.
var envAllowed = map[string]bool{
	"PATH": true, "HOME": true, "USER": true, "LOGNAME": true, "SHELL": true, "LANG": true, "LC_ALL": true, "LC_CTYPE": true,
	"TMPDIR": true, "TEMP": true, "TMP": true, "TZ": true, "TERM": true,
	"XDG_CONFIG_HOME": true, "XDG_CACHE_HOME": true, "XDG_DATA_HOME": true, "XDG_STATE_HOME": true, "XDG_RUNTIME_DIR": true,
	"SYSTEMROOT": true, "SYSTEMDRIVE": true, "WINDIR": true, "COMSPEC": true, "PATHEXT": true, "USERPROFILE": true,
	"APPDATA": true, "LOCALAPPDATA": true, "PROGRAMDATA": true, "PROGRAMFILES": true, "HOMEDRIVE": true, "HOMEPATH": true,
	"HTTP_PROXY": true, "HTTPS_PROXY": true, "NO_PROXY": true, "http_proxy": true, "https_proxy": true, "no_proxy": true,
	"NODE_EXTRA_CA_CERTS": true, "SSL_CERT_FILE": true, "SSL_CERT_DIR": true,
	"ANTHROPIC_API_KEY": true, "ANTHROPIC_AUTH_TOKEN": true, "ANTHROPIC_BASE_URL": true, "ANTHROPIC_MODEL": true,
	"CLAUDE_CONFIG_DIR": true,
}

// MinimalEnv keeps from environ ("KEY=value" entries) only the variables in envAllowed
// and those starting with CLAUDE_CODE_ (Claude Code's own switches).
func MinimalEnv(environ []string) []string {
	out := make([]string, 0, 16)
	for _, kv := range environ {
		k, _, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		if envAllowed[k] || envAllowed[strings.ToUpper(k)] && isWindowsName(k) || strings.HasPrefix(k, "CLAUDE_CODE_") {
			out = append(out, kv)
		}
	}
	return out
}

// isWindowsName reports mixed-case spellings of Windows variables (Path, SystemRoot),
// which Windows treats case-insensitively.
func isWindowsName(k string) bool {
	switch strings.ToUpper(k) {
	case "PATH", "SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "USERPROFILE", "APPDATA", "LOCALAPPDATA",
		"PROGRAMDATA", "PROGRAMFILES", "HOMEDRIVE", "HOMEPATH", "TEMP", "TMP":
		return true
	}
	return false
}

// run executes argv without a shell in its own process group, with stdin on the null
// device; when ctx ends, the whole group is killed.
func run(ctx context.Context, argv []string, dir string, env []string, waitDelay time.Duration) (string, string, error) {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = env
	}
	cmd.Stdin = nil // the null device
	var stdout, stderr limitedBuffer
	stdout.max, stderr.max = maxOutput, maxOutput
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	setProcessGroup(cmd)
	cmd.WaitDelay = waitDelay
	err := cmd.Run()
	if cmd.Process != nil {
		// Children left behind by a process that exited on its own are stopped too.
		killGroup(cmd.Process.Pid)
	}
	return stdout.String(), stderr.String(), err
}

// limitedBuffer keeps the first max bytes written and discards the rest.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		if len(p) > room {
			b.Buffer.Write(p[:room])
		} else {
			b.Buffer.Write(p)
		}
	}
	return len(p), nil
}

// Split splits a command template into words like a POSIX shell would, without
// expanding anything: whitespace separates words, single quotes are literal, double
// quotes allow \" and \\, and a backslash outside quotes escapes the next character.
func Split(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated single quote")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case ch == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\' || s[i+1] == '$' || s[i+1] == '`') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, errors.New("unterminated double quote")
			}
			inWord = true
		case ch == '\\':
			if i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
			inWord = true
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}

func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
