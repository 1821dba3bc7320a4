package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"deepcritical/backend/domain"
	"deepcritical/backend/mcpserver"
	"deepcritical/backend/services"
)

type mcpOpts struct {
	http        string
	readOnly    bool
	printConfig bool
}

func mcpCommand() *command {
	return &command{
		name:    "mcp",
		summary: "serve DeepCritical's tools to AI assistants (Claude Desktop, Cursor) over the Model Context Protocol",
		usage:   "mcp [--http 127.0.0.1:PORT] [--read-only] [--print-config]",
		flags: func(fs *flag.FlagSet) any {
			o := &mcpOpts{}
			fs.StringVar(&o.http, "http", "", "serve streamable HTTP on this loopback address (e.g. 127.0.0.1:8765) instead of stdio")
			fs.BoolVar(&o.readOnly, "read-only", false, "offer only the tools that read stored runs, reports and the library; open the database read-only")
			fs.BoolVar(&o.printConfig, "print-config", false, "print the claude_desktop_config.json / .cursor/mcp.json entry for this program and exit")
			return o
		},
		maxArgs: 0,
		run:     runMCP,
	}
}

func runMCP(ctx context.Context, e *env, opts any, _ []string) error {
	o := opts.(*mcpOpts)
	if o.printConfig {
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		var flags []string
		if o.readOnly {
			flags = append(flags, "--read-only")
		}
		e.printf("%s\n", services.MCPSetupFor(exe, flags...).Config)
		return nil
	}
	addr := ""
	if o.http != "" {
		a, err := loopbackAddr(o.http)
		if err != nil {
			return usagef("--http: %s", err)
		}
		addr = a
	}
	c, err := services.Open(ctx, services.Options{Paths: e.app.paths, ReadOnly: o.readOnly})
	if err != nil {
		return err
	}
	e.app.container = c
	logger := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv := mcpserver.New(mcpserver.FromContainer(c), mcpserver.Options{ReadOnly: o.readOnly, Logger: logger})
	if addr != "" {
		return serveHTTP(ctx, e, srv, addr, logger)
	}
	return serveStdio(ctx, e, srv)
}

// serveStdio speaks the protocol on stdin and stdout until the client closes stdin or the
// process is interrupted. Stdout carries only protocol messages: while serving, os.Stdout
// points at stderr, so a stray print anywhere in the program cannot corrupt the stream.
func serveStdio(ctx context.Context, e *env, srv *mcp.Server) error {
	out := e.stdout
	if f, ok := out.(*os.File); ok && f == os.Stdout {
		saved := os.Stdout
		os.Stdout = os.Stderr
		defer func() { os.Stdout = saved }()
	}
	err := srv.Run(ctx, &mcp.IOTransport{Reader: os.Stdin, Writer: nopWriteCloser{out}})
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// nopWriteCloser keeps the transport from closing stdout, which the CLI owns.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// serveHTTP serves the streamable HTTP transport on a loopback address until interrupted.
// The SDK refuses requests whose Host is not local (DNS rebinding) and the handler refuses
// cross-origin browser requests: only programs on this machine reach the tools.
func serveHTTP(ctx context.Context, e *env, srv *mcp.Server, addr string, logger *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot listen on %s: %v", addr, err))
	}
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Logger: logger})
	mux := http.NewServeMux()
	mux.Handle("/mcp", http.NewCrossOriginProtection().Handler(handler))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	e.infof("DeepCritical MCP server: http://%s/mcp (streamable HTTP; Ctrl-C stops it)\n", ln.Addr())
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}()
	err = hs.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		<-stopped
		return nil
	}
	return err
}

// loopbackAddr accepts host:port where host is a loopback address (127.0.0.1, ::1,
// localhost): the server has no authentication, so it never listens beyond this machine.
func loopbackAddr(s string) (string, error) {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return "", fmt.Errorf("%q is not HOST:PORT (e.g. 127.0.0.1:8765)", s)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return "", fmt.Errorf("%q: the port must be a number from 0 to 65535", s)
	}
	ip := net.ParseIP(host)
	if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return "", fmt.Errorf("%q is not a loopback address: the MCP server has no authentication, so it only listens on this machine (use 127.0.0.1:PORT)", s)
	}
	return net.JoinHostPort(host, port), nil
}
