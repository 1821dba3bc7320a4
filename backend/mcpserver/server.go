// Package mcpserver is DeepCritical's Model Context Protocol server (`deepcritical mcp`):
// AI assistants (Claude Desktop, Cursor, …) reach the same services as the window and the
// command line through it. It is a thin adapter, like the CLI: each tool validates its
// arguments against its input schema, calls the service the matching CLI command calls and
// answers with structured content that matches its output schema (plus the same JSON as
// text for clients that read only text). Failures are isError results carrying the message
// the CLI would print; keys never leave the services.
package mcpserver

import (
	"context"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"deepcritical/backend/buildinfo"
	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
	"deepcritical/backend/services"
)

// Searcher runs one literature search (`deepcritical search`).
type Searcher interface {
	Search(ctx context.Context, req services.SearchRequest) (domain.SearchResult, error)
}

// Commands are the operations that take a context and report progress (`research`,
// `judge`, `appraise`).
type Commands interface {
	Start(ctx context.Context, req runs.Request, emit runs.Emitter) (*runs.Handle, error)
	StartResume(ctx context.Context, runID string, emit runs.Emitter) (*runs.Handle, error)
	JudgeEvidence(ctx context.Context, question string, evidence []domain.Evidence, choice runs.JudgeChoice) (services.JudgeResult, error)
	AppraiseText(ctx context.Context, title, text string, choice runs.JudgeChoice) (domain.Appraisal, error)
	AppraisePaper(ctx context.Context, req services.PaperRequest, choice runs.JudgeChoice) (services.AppraisedPaper, error)
}

// Runs cancels a run this process executes (the window's Cancel).
type Runs interface {
	Cancel(runID string) error
}

// History lists and opens stored runs (`history list`, `history search`, `history show`).
type History interface {
	List(f services.HistoryFilter) ([]services.HistoryItem, error)
	Get(id string) (services.RunDetail, error)
}

// Reports opens a run's report with its evidence and exports it (`history export`).
type Reports interface {
	Get(runID string) (services.ReportView, error)
	Text(req services.ExportRequest) (services.ExportText, error)
}

// Judges re-judges a stored run (`history rejudge`).
type Judges interface {
	Rejudge(req services.RejudgeRequest) (services.Comparison, error)
}

// Library searches the user's imported references (`library search`).
type Library interface {
	Search(query string, limit int) ([]services.LibraryItem, error)
}

// Services are what the tools call; FromContainer takes them from the process's services.
type Services struct {
	Search   Searcher
	Commands Commands
	Runs     Runs
	History  History
	Reports  Reports
	Judges   Judges
	Library  Library
}

// FromContainer gives the tools the services the CLI uses.
func FromContainer(c *services.Container) Services {
	return Services{Search: c.Search, Commands: c.Commands, Runs: c.Runs, History: c.History, Reports: c.Reports, Judges: c.Judges, Library: c.Library}
}

// Options configure the server.
type Options struct {
	// ReadOnly exposes only the tools that read the store (runs, reports, library); the
	// ones that search, judge, appraise or start runs are not listed at all.
	ReadOnly bool
	// Logger receives the SDK's and the tools' logs (stderr in `deepcritical mcp`; never
	// stdout, which carries the protocol). Nil discards them.
	Logger *slog.Logger
}

// New builds the server with its tools and the report resource template.
func New(svc Services, opts Options) *mcp.Server {
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	version, _ := buildinfo.Info()
	s := mcp.NewServer(&mcp.Implementation{Name: "deepcritical", Title: "DeepCritical", Version: version}, &mcp.ServerOptions{
		Instructions: instructions,
		Logger:       logger,
	})
	t := &tools{svc: svc, log: logger}
	for _, tool := range t.all() {
		if opts.ReadOnly && !tool.readsOnly {
			continue
		}
		tool.add(s)
	}
	s.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "report",
		Title:       "Stored research report",
		URITemplate: reportURITemplate,
		Description: "The stored Markdown report of a DeepCritical run, with its limitations, re-judgements and reviewer decisions.",
		MIMEType:    "text/markdown",
	}, t.readReport)
	return s
}

// instructions tell the assistant how the tools fit together.
const instructions = `DeepCritical searches PubMed, Europe PMC, ClinicalTrials.gov and the user's own library, ` +
	`judges the evidence, appraises each trial's quality and risk of bias with quoted evidence, and writes a verified, cited report. ` +
	`Everything is stored on the user's machine. Use research for a question (it takes minutes and reports progress; ` +
	`a cancelled or failed run can be continued with research's resume_run_id; a host that stops waiting for a tool after ` +
	`a minute or so should pass max_wait_seconds and follow the run with get_run, or stop it with cancel_run), list_runs / search_history / get_run / get_report ` +
	`to read past work, rejudge_run to judge a stored run again with another judge. ` +
	`For research only — not medical advice; verify every claim against the cited sources.`
