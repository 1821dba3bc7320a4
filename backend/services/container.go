// Package services holds the facades the window binds and the commands the CLI runs. Each
// service is a thin adapter with its own small dependencies: it validates a request, calls
// the package that does the work and shapes the answer for the window (the DTOs here, never
// store rows). Methods return (T, error) with user-safe messages.
//
// Container is the composition root: it opens the settings, secrets and database once per
// process, assembles the run stack (runs.Engines and runs.Runner) and hands each service
// only what it uses.
package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"time"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/pdftext"
	"deepcritical/backend/report"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
)

// Options configures a Container; zero values mean the defaults of a normal run.
type Options struct {
	Paths      config.Paths
	HTTPClient *http.Client
	Keyring    config.KeyringBackend
	Clock      func() time.Time
	// ReadOnly opens the database for reading only (`deepcritical mcp --read-only`): history,
	// reports and the library can be read, and every write is refused with the reason.
	ReadOnly bool
	// AbstractsOnly: runs read abstracts only (see runs.EngineDeps.AbstractsOnly).
	AbstractsOnly bool
}

// Container owns the process's settings, database and run stack and the services built on
// them. The CLI opens one per command; the window keeps one for its lifetime.
type Container struct {
	live    *config.Live
	store   *store.Store
	runner  *runs.Runner
	emitter *Emitter
	// pdf reads imported PDFs; its engine starts on the first PDF.
	pdf *pdftext.Reader

	App        *AppService
	Settings   *SettingsService
	History    *HistoryService
	Providers  *ProviderService
	Runs       *RunService
	Search     *SearchService
	Judges     *JudgeService
	Reviews    *ReviewService
	Reports    *ReportService
	Appraisals *AppraisalService
	Library    *LibraryService
	Zotero     *ZoteroService
	// Commands are the operations only the terminal offers (they take a context and a
	// progress callback, which the window's bindings cannot carry).
	Commands *CommandService
}

// Open loads settings, opens (creating if needed) the database and builds the services.
func Open(ctx context.Context, opts Options) (*Container, error) {
	c, err := open(ctx, opts)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// OpenForDesktop is Open for the window: a failure is kept and shown in the app rather than
// preventing the window from opening.
func OpenForDesktop(ctx context.Context) *Container {
	c, err := open(ctx, Options{Paths: config.DefaultPaths()})
	if err != nil {
		slog.Error("startup", "err", err)
	}
	return c
}

// open assembles everything; on an error the Container is still complete, every service
// answering with that error (the window shows it instead of crashing).
func open(ctx context.Context, opts Options) (*Container, error) {
	if opts.Paths == (config.Paths{}) {
		opts.Paths = config.DefaultPaths()
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = &http.Client{Timeout: 2 * time.Minute}
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Keyring == nil {
		opts.Keyring = config.OSKeyring{}
	}
	secrets := config.NewSecretStore(opts.Paths, opts.Keyring)
	c := &Container{live: config.NewLive(opts.Paths, secrets, config.Defaults()), emitter: newEmitter(), pdf: newPDFReader(opts.Paths)}

	var st *store.Store
	var readOnly error
	s, err := config.Load(opts.Paths)
	if err == nil {
		c.live = config.NewLive(opts.Paths, secrets, s)
		st, readOnly, err = openStore(ctx, opts)
	}
	if err != nil {
		c.build(opts, nil, nil, err)
		return c, err
	}
	c.store = st
	engines := runs.NewEngines(runs.EngineDeps{Store: st, Settings: c.live, Secrets: secrets, HTTP: opts.HTTPClient, Clock: opts.Clock, AbstractsOnly: opts.AbstractsOnly})
	if readOnly == nil {
		c.runner = runs.New(st, runs.Options{Clock: opts.Clock})
	}
	c.build(opts, engines, readOnly, nil)
	return c, nil
}

// openStore opens the database; a data folder that cannot be written still shows its
// history (readOnly says why nothing can be written).
func openStore(ctx context.Context, opts Options) (st *store.Store, readOnly error, err error) {
	if opts.ReadOnly {
		st, err = store.OpenReadOnly(ctx, opts.Paths.DatabaseFile, store.WithClock(opts.Clock))
		if err != nil {
			return nil, nil, err
		}
		return st, domain.Errorf(domain.CodeUnavailable, "the database was opened read-only (--read-only): nothing can be written"), nil
	}
	st, err = store.Open(ctx, opts.Paths.DatabaseFile, store.WithClock(opts.Clock))
	if !errors.Is(err, store.ErrNotWritable) {
		return st, nil, err
	}
	ro, roErr := store.OpenReadOnly(ctx, opts.Paths.DatabaseFile, store.WithClock(opts.Clock))
	if roErr != nil {
		return nil, nil, err
	}
	slog.Warn("data folder is read-only: history can be browsed, nothing can be written", "err", err)
	return ro, domain.Wrap(domain.CodeUnavailable, err,
		fmt.Sprintf("the data folder %s is read-only: past runs can be browsed, but starting or resuming a run needs a writable folder",
			opts.Paths.DataDir)), nil
}

// build hands each service its dependencies. startupErr (the database or settings could
// not be opened) makes every dependency on them answer with it; readOnly does the same
// for writes.
func (c *Container) build(opts Options, engines *runs.Engines, readOnly, startupErr error) {
	db := ready(c.store)
	if startupErr != nil {
		db = missing[*store.Store](startupErr)
	} else if c.store == nil {
		db = missing[*store.Store](domain.Errorf(domain.CodeUnavailable, "the database is not open"))
	}
	writable := db
	if readOnly != nil {
		writable = missing[*store.Store](readOnly)
	}
	eng := ready(engines)
	if engines == nil {
		eng = missing[*runs.Engines](db.err)
	}
	research := missing[runs.Researcher](firstErr(db.err, readOnly))
	runner := missing[*runs.Runner](research.err)
	if c.runner != nil && engines != nil {
		research, runner = ready(runs.Researcher{Runner: c.runner, Engines: engines}), ready(c.runner)
	}

	c.App = &AppService{paths: opts.Paths, settings: c.live, startupErr: startupErr, databaseOpen: c.store != nil, readOnly: readOnly}
	c.Settings = &SettingsService{live: c.live}
	c.History = &HistoryService{store: narrow[historyStore](db), runs: runner}
	c.Providers = &ProviderService{settings: c.live, secrets: c.live.Secrets(), engines: eng}
	c.Runs = &RunService{research: research, runner: runner, events: narrow[eventLister](db), emitter: c.emitter}
	c.Search = &SearchService{engines: eng}
	c.Judges = &JudgeService{store: narrow[judgeStore](writable), engines: eng}
	c.Reviews = &ReviewService{store: narrow[reviewStore](writable), settings: c.live}
	c.Reports = &ReportService{store: narrow[reportStore](db), window: c.emitter}
	c.Appraisals = &AppraisalService{store: narrow[paperStore](db)}
	c.Library = &LibraryService{store: narrow[libraryStore](db), importTo: writable, window: c.emitter, pdf: c.pdf, engines: eng}
	c.Zotero = &ZoteroService{runs: narrow[report.ExportSource](db), importTo: writable, settings: c.live, hc: opts.HTTPClient, window: c.emitter}
	c.Commands = &CommandService{store: writable, engines: eng, research: research, zotero: c.Zotero, pdf: c.pdf}
}

// newPDFReader is the process's PDF reader, caching PDFium's compiled module under the
// cache folder (none when the paths name no cache folder).
func newPDFReader(p config.Paths) *pdftext.Reader {
	dir := ""
	if p.CacheDir != "" {
		dir = filepath.Join(p.CacheDir, "pdfium")
	}
	return pdftext.New(pdftext.Options{CacheDir: dir})
}

// firstErr is the first non-nil error.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Bindings lists the services the window binds.
func (c *Container) Bindings() []any {
	b := []any{c.App, c.Settings, c.History, c.Providers, c.Runs, c.Judges, c.Reviews, c.Reports, c.Library, c.Appraisals, c.Zotero}
	if benchHooksEnabled() {
		b = append(b, &DiagnosticsService{emitter: c.emitter})
	}
	return b
}

// Start hands the window's context to the emitter and marks runs a dead process left
// "running" as interrupted so the user is offered Resume.
func (c *Container) Start(ctx context.Context) {
	c.emitter.start(ctx)
	if c.runner != nil {
		if n, err := c.runner.MarkInterrupted(ctx); err != nil {
			slog.Warn("mark interrupted runs", "err", err)
		} else if n > 0 {
			slog.Info("runs interrupted by an earlier exit", "count", n)
		}
	}
}

// Close stops the runs this process executes, the emitter and the store.
func (c *Container) Close() {
	if c.runner != nil {
		c.runner.Shutdown(10 * time.Second)
	}
	c.emitter.stop()
	if err := c.pdf.Close(); err != nil {
		slog.Warn("close the PDF reader", "err", err)
	}
	if c.store != nil {
		if err := c.store.Close(); err != nil {
			slog.Warn("close store", "err", err)
		}
	}
}

// Paths returns where settings, secrets and data live.
func (c *Container) Paths() config.Paths { return c.live.Paths() }

// WindowSize is the remembered window size, or a default that fits a laptop screen.
func (c *Container) WindowSize() (int, int) {
	ui := c.live.Snapshot().UI
	w, h := ui.WindowWidth, ui.WindowHeight
	if w < 900 || h < 600 {
		return 1280, 820
	}
	return w, h
}

// RememberWindowSize stores the window size for the next start.
func (c *Container) RememberWindowSize(w, h int) error {
	if w < 900 || h < 600 {
		return nil
	}
	_, err := c.live.Modify(func(s *config.Settings) error {
		s.UI.WindowWidth, s.UI.WindowHeight = w, h
		return nil
	})
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// dep is a dependency a service may have to do without: the window opens even when the
// database could not be opened (or only for reading), and each call then says why.
type dep[T any] struct {
	v   T
	err error
}

func ready[T any](v T) dep[T] { return dep[T]{v: v} }

func missing[T any](err error) dep[T] { return dep[T]{err: err} }

// get returns the dependency or the reason it is missing.
func (d dep[T]) get() (T, error) {
	if d.err != nil {
		var zero T
		return zero, d.err
	}
	return d.v, nil
}

// narrow gives a service the database through its own small interface.
func narrow[I any](d dep[*store.Store]) dep[I] {
	if d.err != nil {
		return missing[I](d.err)
	}
	return ready(any(d.v).(I))
}
