// Package services holds the facades the window binds and the commands the CLI runs. Each
// service is a thin adapter with its own small dependencies: it validates a request, calls
// the package that does the work and shapes the answer for the window (the DTOs here, never
// store rows). Methods return (T, error) with user-safe messages.
//
// Container is the composition root: it opens the settings, secrets and database once per
// process, assembles the run stack (runs.Engines and runs.Runner) and hands each service
// only what it uses. The window's container opens the database on first use instead, which
// comes after the window's first paint.
package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"sync"
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
	live *config.Live
	// backing is the database and the run stack; services reach it only through their deps.
	backing *backingOnce
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
//
// Only the settings are read here (the window's size comes from them). The database — its
// preflight checks and migrations, which on a first start create the whole schema — and the
// run stack built on it open on the first call that needs them, in practice the window's
// first calls, which it makes after its first paint: none of it competes with the window's
// start for the CPU. Runs a dead process left "running" are marked interrupted as part of
// that opening, before any call can list or resume them.
func OpenForDesktop(ctx context.Context) *Container {
	return openForWindow(ctx, Options{Paths: config.DefaultPaths()})
}

func openForWindow(ctx context.Context, opts Options) *Container {
	opts = withDefaults(opts)
	c := newContainer(opts)
	s, err := config.Load(opts.Paths)
	if err != nil {
		slog.Error("startup", "err", err)
		c.backing = openedBacking(backing{err: err})
	} else {
		c.live = config.NewLive(opts.Paths, c.live.Secrets(), s)
		c.backing = lazyBacking(func() backing {
			b := openBacking(context.WithoutCancel(ctx), opts, c.live)
			if b.err != nil {
				slog.Error("startup", "err", b.err)
			}
			if b.runner != nil {
				if n, err := b.runner.MarkInterrupted(context.WithoutCancel(ctx)); err != nil {
					slog.Warn("mark interrupted runs", "err", err)
				} else if n > 0 {
					slog.Info("runs interrupted by an earlier exit", "count", n)
				}
			}
			return b
		})
	}
	c.build(opts)
	return c
}

func withDefaults(opts Options) Options {
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
	return opts
}

// newContainer is a container with default settings and no backing yet.
func newContainer(opts Options) *Container {
	secrets := config.NewSecretStore(opts.Paths, opts.Keyring)
	return &Container{live: config.NewLive(opts.Paths, secrets, config.Defaults()), emitter: newEmitter(), pdf: newPDFReader(opts.Paths)}
}

// open assembles everything; on an error the Container is still complete, every service
// answering with that error (the window shows it instead of crashing).
func open(ctx context.Context, opts Options) (*Container, error) {
	opts = withDefaults(opts)
	c := newContainer(opts)
	s, err := config.Load(opts.Paths)
	var b backing
	if err != nil {
		b = backing{err: err}
	} else {
		c.live = config.NewLive(opts.Paths, c.live.Secrets(), s)
		b = openBacking(ctx, opts, c.live)
	}
	c.backing = openedBacking(b)
	c.build(opts)
	return c, b.err
}

// backing is what the services are built on: the database, the engines and the runner, or
// why they are missing.
type backing struct {
	store   *store.Store
	engines *runs.Engines
	runner  *runs.Runner
	// readOnly says why nothing can be written (the database is open for reading only).
	readOnly error
	// err says why the settings or the database could not be opened at all.
	err error
}

// openBacking opens the database and builds the run stack on it.
func openBacking(ctx context.Context, opts Options, live *config.Live) backing {
	st, readOnly, err := openStore(ctx, opts)
	if err != nil {
		return backing{err: err}
	}
	b := backing{store: st, readOnly: readOnly}
	b.engines = runs.NewEngines(runs.EngineDeps{Store: st, Settings: live, Secrets: live.Secrets(), HTTP: opts.HTTPClient, Clock: opts.Clock, AbstractsOnly: opts.AbstractsOnly})
	if readOnly == nil {
		b.runner = runs.New(st, runs.Options{Clock: opts.Clock})
	}
	return b
}

// backingOnce opens the backing once, when first asked (or holds one opened already), and
// closes it at most once. Callers arriving while it opens wait for it.
type backingOnce struct {
	mu     sync.Mutex
	open   func() backing
	b      backing
	done   bool
	closed bool
}

func openedBacking(b backing) *backingOnce { return &backingOnce{b: b, done: true} }

func lazyBacking(open func() backing) *backingOnce { return &backingOnce{open: open} }

// get is the backing, opening it on the first call.
func (o *backingOnce) get() backing {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.done {
		if o.closed {
			return backing{err: domain.Errorf(domain.CodeUnavailable, "the application is closing")}
		}
		o.b, o.done = o.open(), true
	}
	return o.b
}

// close hands the backing to release, if it was opened (waiting for an opening under way);
// one never opened stays closed.
func (o *backingOnce) close(release func(backing)) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return
	}
	o.closed = true
	if o.done {
		release(o.b)
	}
}

// openStore opens the database; a data folder that cannot be written still shows its
// history (readOnly says why nothing can be written).
func openStore(ctx context.Context, opts Options) (st *store.Store, readOnly error, err error) {
	if opts.ReadOnly {
		st, err = store.OpenReadOnly(ctx, opts.Paths.DatabaseFile, store.WithClock(opts.Clock))
		if domain.CodeOf(err) == domain.CodeNotFound {
			// No run was ever made here: a reader (an MCP host started before the first
			// run) is shown an empty history, not a process that exits.
			if st, err = store.OpenEmpty(ctx, store.WithClock(opts.Clock)); err != nil {
				return nil, nil, err
			}
			return st, domain.Errorf(domain.CodeUnavailable, "opened read-only (--read-only) before any database exists at %s: there is nothing to show, and nothing can be written", opts.Paths.DatabaseFile), nil
		}
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

// build hands each service its dependencies, each resolved from the backing when a call
// first needs it. A startup error (the database or settings could not be opened) makes
// every dependency on them answer with it; readOnly does the same for writes.
func (c *Container) build(opts Options) {
	backing := c.backing.get
	db := later(func() (*store.Store, error) {
		b := backing()
		if b.err != nil {
			return nil, b.err
		}
		if b.store == nil {
			return nil, domain.Errorf(domain.CodeUnavailable, "the database is not open")
		}
		return b.store, nil
	})
	writable := later(func() (*store.Store, error) {
		st, err := db.get()
		if err == nil && backing().readOnly != nil {
			return nil, backing().readOnly
		}
		return st, err
	})
	eng := later(func() (*runs.Engines, error) {
		if _, err := db.get(); err != nil {
			return nil, err
		}
		return backing().engines, nil
	})
	research := later(func() (runs.Researcher, error) {
		b := backing()
		_, err := db.get()
		if err = firstErr(err, b.readOnly); err != nil {
			return runs.Researcher{}, err
		}
		return runs.Researcher{Runner: b.runner, Engines: b.engines}, nil
	})
	runner := later(func() (*runs.Runner, error) {
		if _, err := research.get(); err != nil {
			return nil, err
		}
		return backing().runner, nil
	})

	c.App = &AppService{paths: opts.Paths, settings: c.live, backing: backing}
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

// Start hands the window's context to the emitter. (Runs a dead process left "running" are
// marked interrupted when the window's database opens, see OpenForDesktop.)
func (c *Container) Start(ctx context.Context) {
	c.emitter.start(ctx)
}

// Close stops the runs this process executes, the emitter and the store (a database the
// window never opened is not opened for it).
func (c *Container) Close() {
	c.backing.close(func(b backing) {
		if b.runner != nil {
			b.runner.Shutdown(10 * time.Second)
		}
	})
	c.emitter.stop()
	if err := c.pdf.Close(); err != nil {
		slog.Warn("close the PDF reader", "err", err)
	}
	if b := c.backing.b; b.store != nil {
		if err := b.store.Close(); err != nil {
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
// database could not be opened (or only for reading), and each call then says why. It is
// resolved when a call first needs it (see build), so a dependency of the window's services
// costs nothing until then.
type dep[T any] struct {
	v       T
	err     error
	resolve func() (T, error)
}

// later is a dependency that resolve gives when asked (resolve does its own caching).
func later[T any](resolve func() (T, error)) dep[T] { return dep[T]{resolve: resolve} }

// get returns the dependency or the reason it is missing.
func (d dep[T]) get() (T, error) {
	if d.resolve != nil {
		return d.resolve()
	}
	if d.err != nil {
		var zero T
		return zero, d.err
	}
	return d.v, nil
}

// narrow gives a service the database through its own small interface.
func narrow[I any](d dep[*store.Store]) dep[I] {
	return later(func() (I, error) {
		st, err := d.get()
		if err != nil {
			var zero I
			return zero, err
		}
		return any(st).(I), nil
	})
}
