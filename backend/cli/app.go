package cli

import (
	"context"
	"encoding/json"
	"flag"
	"io"

	"deepcritical/backend/config"
	"deepcritical/backend/services"
)

// app opens the services on first use, so commands that need no database (help,
// settings path) never create one.
type app struct {
	paths     config.Paths
	container *services.Container
}

func newApp() *app { return &app{paths: config.DefaultPaths()} }

func (a *app) services(ctx context.Context) (*services.Container, error) {
	if a.container != nil {
		return a.container, nil
	}
	c, err := services.Open(ctx, services.Options{Paths: a.paths})
	if err != nil {
		return nil, err
	}
	a.container = c
	return c, nil
}

func (a *app) close() {
	if a.container != nil {
		a.container.Close()
	}
}

// writeJSON prints v as indented JSON followed by a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// jsonFlag is the --json flag most commands share.
type jsonFlag struct{ json bool }

// jsonOnly registers just --json, for commands that take no other flag.
func jsonOnly(fs *flag.FlagSet) any {
	o := &jsonFlag{}
	fs.BoolVar(&o.json, "json", false, "print JSON")
	return o
}

func commands() []*command {
	return []*command{
		researchCommand(),
		searchCommand(),
		judgeCommand(),
		appraiseCommand(),
		libraryCommand(),
		historyCommand(),
		providersCommand(),
		settingsCommand(),
		doctorCommand(),
		mcpCommand(),
	}
}
