// Package cli is DeepCritical's command line. It drives the same services as
// the window and runs from a binary built without Wails tags, so it works on machines with
// no display or WebKit.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"deepcritical/backend/buildinfo"
	"deepcritical/backend/domain"
)

// Exit codes of the CLI contract.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// usageError marks an error as a usage problem (exit 2, usage printed).
type usageError struct{ msg string }

func (u *usageError) Error() string { return u.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// countVar defines an int flag whose zero value means "not given, use the settings'": a
// value typed must be a whole number within b, checked here as a usage error (exit 2) like
// every other bad flag, since a typed 0 would otherwise run with the default without a word
// (DESIGN: out of range is an error that names its bounds, never a silent clamp).
func countVar(fs *flag.FlagSet, p *int, name string, b domain.Bound, usage string) {
	fs.Func(name, usage, func(v string) error {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("not a whole number: %q", v)
		}
		if n < b.Min || n > b.Max {
			return fmt.Errorf("must be between %d and %d, got %d", b.Min, b.Max, n)
		}
		*p = n
		return nil
	})
}

// checkLimit is the rule of every --limit flag: a whole number from 1 to max, else a usage
// error that names the range.
func checkLimit(limit, max int) error {
	if limit < 1 || limit > max {
		return usagef("--limit must be between 1 and %d, got %d", max, limit)
	}
	return nil
}

// command is one node of the command tree: either a group with subcommands or a leaf with run.
type command struct {
	name    string
	summary string
	// usage is the synopsis after the program name, e.g. "history show RUN_ID [--json]".
	usage string
	// flags registers the command's flags on fs; the returned value is passed to run.
	flags func(fs *flag.FlagSet) any
	run   func(ctx context.Context, e *env, opts any, args []string) error
	subs  []*command
	// minArgs and maxArgs bound the positional arguments (maxArgs -1: unbounded).
	minArgs, maxArgs int
}

// env carries what commands share: output streams and the lazily opened services.
type env struct {
	stdout, stderr io.Writer
	// stdin is read by `settings set KEY -` (a key typed or piped, never on the command
	// line where ps and the shell's history keep it); nil reads nothing.
	stdin io.Reader
	app   *app
}

func (e *env) printf(format string, args ...any) { fmt.Fprintf(e.stdout, format, args...) }
func (e *env) infof(format string, args ...any)  { fmt.Fprintf(e.stderr, format, args...) }

// Main runs the CLI with args (without the program name) and returns the exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-version" || args[0] == "version") {
		fmt.Fprintln(stdout, buildinfo.String())
		return exitOK
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := &env{stdout: stdout, stderr: stderr, stdin: os.Stdin, app: newApp()}
	defer e.app.close()
	return run(ctx, root(), e, args)
}

func root() *command {
	return &command{
		name:    "deepcritical",
		summary: "Biomedical evidence research with an LLM judge. Run without arguments to open the window.",
		subs:    commands(),
	}
}

func run(ctx context.Context, root *command, e *env, args []string) int {
	cmd, path, rest := resolve(root, args)
	if cmd.run == nil {
		if len(rest) > 0 && !isHelp(rest[0]) {
			fmt.Fprintf(e.stderr, "deepcritical: unknown command %q\n\n", strings.Join(append(path, rest[0]), " "))
			printGroupUsage(e.stderr, cmd, path)
			return exitUsage
		}
		out := e.stderr
		code := exitUsage
		if len(rest) > 0 && isHelp(rest[0]) {
			out, code = e.stdout, exitOK
		}
		printGroupUsage(out, cmd, path)
		return code
	}
	fs := flag.NewFlagSet(strings.Join(path, " "), flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var opts any
	if cmd.flags != nil {
		opts = cmd.flags(fs)
	}
	positional, err := parseInterleaved(fs, rest)
	if errors.Is(err, flag.ErrHelp) {
		printLeafUsage(e.stdout, cmd, fs)
		return exitOK
	}
	if err == nil {
		err = checkArgs(cmd, positional)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "deepcritical: %v\n\n", err)
		printLeafUsage(e.stderr, cmd, fs)
		return exitUsage
	}
	if err := cmd.run(ctx, e, opts, positional); err != nil {
		var ue *usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(e.stderr, "deepcritical: %v\n\n", err)
			printLeafUsage(e.stderr, cmd, fs)
			return exitUsage
		}
		fmt.Fprintf(e.stderr, "deepcritical: %s\n", oneLine(domain.UserMessage(err)))
		return exitFail
	}
	return exitOK
}

// oneLine puts text on one line with single spaces, control characters removed (SafeText).
func oneLine(s string) string { return strings.Join(strings.Fields(SafeText(s)), " ") }

func isHelp(s string) bool { return s == "-h" || s == "--help" || s == "help" || s == "-help" }

// resolve walks the command tree along args and returns the deepest command reached.
func resolve(root *command, args []string) (*command, []string, []string) {
	cmd, path := root, []string{root.name}
	for len(args) > 0 && cmd.run == nil {
		next := find(cmd.subs, args[0])
		if next == nil {
			break
		}
		cmd, path, args = next, append(path, next.name), args[1:]
	}
	return cmd, path, args
}

func find(subs []*command, name string) *command {
	for _, s := range subs {
		if s.name == name {
			return s
		}
	}
	return nil
}

// parseInterleaved parses flags wherever they appear among positional arguments, so
// `research "question" --json` works as the contract shows; "--" ends flag parsing.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

func checkArgs(cmd *command, args []string) error {
	if len(args) < cmd.minArgs {
		return usagef("%s: missing argument", cmd.name)
	}
	if cmd.maxArgs >= 0 && len(args) > cmd.maxArgs {
		return usagef("%s: unexpected argument %q", cmd.name, args[cmd.maxArgs])
	}
	return nil
}

func printGroupUsage(w io.Writer, cmd *command, path []string) {
	fmt.Fprintf(w, "%s\n\nUsage:\n", cmd.summary)
	subs := cmd.subs
	width := 0
	for _, s := range subs {
		if len(s.name) > width {
			width = len(s.name)
		}
	}
	if len(path) == 1 {
		fmt.Fprintf(w, "  deepcritical%s  open the desktop window\n", strings.Repeat(" ", width+1))
	}
	for _, s := range subs {
		fmt.Fprintf(w, "  %s %-*s  %s\n", strings.Join(path, " "), width, s.name, s.summary)
	}
	fmt.Fprintf(w, "\nRun '%s COMMAND --help' for a command's flags.\n", strings.Join(path, " "))
}

func printLeafUsage(w io.Writer, cmd *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "%s\n\nUsage:\n  deepcritical %s\n", cmd.summary, cmd.usage)
	var lines []string
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		line += "\n        " + usage
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			line += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		lines = append(lines, line)
	})
	if len(lines) > 0 {
		fmt.Fprintf(w, "\nFlags:\n%s\n", strings.Join(lines, "\n"))
	}
}
