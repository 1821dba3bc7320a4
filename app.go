package main

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/runtime"

	"deepcritical/backend/services"
)

// App runs the desktop lifecycle: it builds the services before the window exists (so they
// can be bound; the database behind them opens on the window's first call, after its first
// paint), hands them the Wails context at startup, and closes them at shutdown.
type App struct {
	ctx       context.Context
	container *services.Container
}

// runDesktop opens the window and blocks until it closes; it returns the process exit code.
func runDesktop(assets embed.FS) int {
	dist, err := fs.Sub(assets, "frontend/dist")
	if err != nil {
		fmt.Fprintln(os.Stderr, "deepcritical: embedded frontend missing:", err)
		return 1
	}
	container := services.OpenForDesktop(context.Background())
	app := &App{container: container}
	width, height := container.WindowSize()

	err = wails.Run(&options.App{
		Title:            "DeepCritical",
		Width:            width,
		Height:           height,
		MinWidth:         900,
		MinHeight:        600,
		AssetServer:      &assetserver.Options{Assets: dist},
		BackgroundColour: &options.RGBA{R: 247, G: 248, B: 250, A: 255},
		DragAndDrop:      &options.DragAndDrop{EnableFileDrop: true},
		OnStartup:        app.startup,
		OnBeforeClose:    app.beforeClose,
		OnShutdown:       app.shutdown,
		Bind:             container.Bindings(),
		EnumBind:         services.EnumBindings(),
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "deepcritical:", err)
		return 1
	}
	return 0
}

func (a *App) startup(ctx context.Context) {
	a.ctx = ctx
	a.container.Start(ctx)
	// SIGTERM and Ctrl-C close the window through Wails so shutdown runs and the store is closed.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		runtime.Quit(ctx)
	}()
}

// beforeClose remembers the window size for the next start; it never blocks closing.
func (a *App) beforeClose(ctx context.Context) bool {
	w, h := runtime.WindowGetSize(ctx)
	if err := a.container.RememberWindowSize(w, h); err != nil {
		slog.Warn("remember window size", "err", err)
	}
	return false
}

func (a *App) shutdown(ctx context.Context) {
	a.container.Close()
}
