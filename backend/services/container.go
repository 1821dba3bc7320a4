// Package services holds the facades bound to the window (one per domain) and used by the
// CLI, so both drive the same code. Methods return (T, error) with user-safe messages.
package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
)

// Options configures a Container; zero values mean the defaults of a normal run.
type Options struct {
	Paths      config.Paths
	HTTPClient *http.Client
	Keyring    config.KeyringBackend
	Clock      func() time.Time
}

// Container owns the store, settings and secrets and the services built on them. The CLI
// opens one per command; the window keeps one for its lifetime.
type Container struct {
	paths   config.Paths
	http    *http.Client
	clock   func() time.Time
	store   *store.Store
	runner  *runs.Runner
	secrets *config.SecretStore

	mu       sync.RWMutex
	settings config.Settings

	// readOnly is set (to the reason) when the data folder could only be opened for reading.
	readOnly error

	// startupErr is set when the desktop could not open the store or settings; the window
	// still opens and shows it instead of crashing.
	startupErr error

	emitter *Emitter

	limMu    sync.Mutex
	limiters map[bool]*rate.Limiter

	App        *AppService
	Settings   *SettingsService
	History    *HistoryService
	Providers  *ProviderService
	Runs       *RunService
	Search     *SearchService
	Judges     *JudgeService
	Reports    *ReportService
	Appraisals *AppraisalService
	Library    *LibraryService
}

// Open loads settings, opens (creating if needed) the database and builds the services.
func Open(ctx context.Context, opts Options) (*Container, error) {
	c := newContainer(opts)
	if err := c.open(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// OpenForDesktop is Open for the window: a failure is kept and shown in the app rather than
// preventing the window from opening.
func OpenForDesktop(ctx context.Context) *Container {
	c := newContainer(Options{Paths: config.DefaultPaths()})
	if err := c.open(ctx); err != nil {
		slog.Error("startup", "err", err)
		c.startupErr = err
	}
	return c
}

func newContainer(opts Options) *Container {
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
	c := &Container{paths: opts.Paths, http: opts.HTTPClient, clock: opts.Clock, settings: config.Defaults()}
	c.secrets = config.NewSecretStore(opts.Paths, opts.Keyring)
	c.emitter = newEmitter()
	c.App = &AppService{c: c}
	c.Settings = &SettingsService{c: c}
	c.History = &HistoryService{c: c}
	c.Providers = &ProviderService{c: c}
	c.Runs = &RunService{c: c}
	c.Search = &SearchService{c: c}
	c.Judges = &JudgeService{c: c}
	c.Reports = &ReportService{c: c}
	c.Library = &LibraryService{c: c}
	c.Appraisals = &AppraisalService{c: c}
	return c
}

func (c *Container) open(ctx context.Context) error {
	s, err := config.Load(c.paths)
	if err != nil {
		return err
	}
	c.settings = s
	st, err := store.Open(ctx, c.paths.DatabaseFile, store.WithClock(c.clock))
	if errors.Is(err, store.ErrNotWritable) {
		// A data folder that cannot be written still shows its history; starting runs,
		// importing and other writes say why they cannot.
		ro, roErr := store.OpenReadOnly(ctx, c.paths.DatabaseFile, store.WithClock(c.clock))
		if roErr != nil {
			return err
		}
		slog.Warn("data folder is read-only: history can be browsed, nothing can be written", "err", err)
		c.store, c.readOnly = ro, domain.Wrap(domain.CodeUnavailable, err,
			fmt.Sprintf("the data folder %s is read-only: past runs can be browsed, but starting or resuming a run needs a writable folder",
				c.paths.DataDir))
		return nil
	}
	if err != nil {
		return err
	}
	c.store = st
	c.runner = runs.New(st, runs.Options{Clock: c.clock})
	return nil
}

// Bindings lists the services the window binds.
func (c *Container) Bindings() []any {
	b := []any{c.App, c.Settings, c.History, c.Providers, c.Runs, c.Judges, c.Reports, c.Library, c.Appraisals}
	if benchHooksEnabled() {
		b = append(b, &DiagnosticsService{c: c})
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

// Close stops the emitter and closes the store.
func (c *Container) Close() {
	if c.runner != nil {
		c.runner.Shutdown(10 * time.Second)
	}
	c.emitter.stop()
	if c.store != nil {
		if err := c.store.Close(); err != nil {
			slog.Warn("close store", "err", err)
		}
	}
}

// Store returns the open store or the startup error as a user-safe unavailable error.
func (c *Container) Store() (*store.Store, error) {
	if c.store == nil {
		if c.startupErr != nil {
			return nil, c.startupErr
		}
		return nil, domain.Errorf(domain.CodeUnavailable, "the database is not open")
	}
	return c.store, nil
}

// Runner returns the run executor or the startup error.
func (c *Container) Runner() (*runs.Runner, error) {
	if _, err := c.Store(); err != nil {
		return nil, err
	}
	if c.readOnly != nil {
		return nil, c.readOnly
	}
	return c.runner, nil
}

// Paths returns where settings, secrets and data live.
func (c *Container) Paths() config.Paths { return c.paths }

// SettingsSnapshot returns a copy of the stored settings (without environment overrides).
func (c *Container) SettingsSnapshot() config.Settings {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.settings.Clone()
}

// Effective returns the settings with environment overrides applied; this is what runs use.
func (c *Container) Effective() config.Settings {
	return config.Effective(c.SettingsSnapshot())
}

// updateSettings applies fn to a copy, validates and saves it; on any error the stored
// settings and the file are unchanged.
func (c *Container) updateSettings(fn func(*config.Settings) error) (config.Settings, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	next := c.settings.Clone()
	if err := fn(&next); err != nil {
		return config.Settings{}, err
	}
	if err := config.Save(c.paths, next); err != nil {
		return config.Settings{}, err
	}
	c.settings = next
	return next.Clone(), nil
}

// WindowSize is the remembered window size, or a default that fits a laptop screen.
func (c *Container) WindowSize() (int, int) {
	ui := c.SettingsSnapshot().UI
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
	_, err := c.updateSettings(func(s *config.Settings) error {
		s.UI.WindowWidth, s.UI.WindowHeight = w, h
		return nil
	})
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
