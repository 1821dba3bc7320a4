// Command deepcritical is the DeepCritical desktop app and its command line. With no
// arguments it opens the window; with a subcommand it runs the CLI, which needs neither
// WebKit nor a display.
package main

import (
	"embed"
	"os"

	"deepcritical/backend/cli"
)

//go:embed all:frontend/dist
var assets embed.FS

func main() {
	if len(os.Args) > 1 {
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(runDesktop(assets))
}
