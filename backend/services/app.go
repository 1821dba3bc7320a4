package services

import (
	"encoding/json"
	"os"

	"deepcritical/backend/buildinfo"
	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/store"
)

// Version is the application version shown in the window and by the CLI; the linker
// stamps it (see backend/buildinfo).
var Version = buildinfo.Version

// Disclaimer is shown on every report and in the window.
const Disclaimer = "For research only — not medical advice. Verify every claim against the cited sources."

// AppService tells the window about the application itself.
type AppService struct {
	paths    config.Paths
	settings *config.Live
	// backing tells whether the database opened (opening it if the window has not yet).
	backing func() backing
}

// AppStatus is what the window needs at start: where things live and whether the store opened.
type AppStatus struct {
	Version       string       `json:"version"`
	Commit        string       `json:"commit"`
	Paths         config.Paths `json:"paths"`
	DatabaseOK    bool         `json:"database_ok"`
	SchemaVersion int          `json:"schema_version"`
	StartupError  string       `json:"startup_error,omitempty"`
	// ReadOnly says why the data folder is open for reading only (history browsable, no
	// new runs); empty when it is writable.
	ReadOnly   string `json:"read_only,omitempty"`
	Disclaimer string `json:"disclaimer"`
	LastView   string `json:"last_view"`
}

// Status reports the application's state; a startup failure is described, not hidden.
func (a *AppService) Status() (AppStatus, error) {
	version, commit := buildinfo.Info()
	st := AppStatus{Version: version, Commit: commit, Paths: a.paths, Disclaimer: Disclaimer, LastView: a.settings.Snapshot().UI.LastView}
	b := a.backing()
	if b.err != nil {
		st.StartupError = domain.SafeMessage(b.err)
		if st.StartupError == "internal error" {
			st.StartupError = b.err.Error()
		}
		return st, nil
	}
	if b.store != nil {
		st.DatabaseOK = true
		st.SchemaVersion = store.LatestSchemaVersion()
	}
	if b.readOnly != nil {
		st.ReadOnly = domain.SafeMessage(b.readOnly)
	}
	return st, nil
}

// MCPSetup is how an AI assistant starts DeepCritical's MCP server (`deepcritical mcp`).
type MCPSetup struct {
	Command string   `json:"command"`
	Args    []string `json:"args"`
	// Config is the "mcpServers" entry that Claude Desktop (claude_desktop_config.json) and
	// Cursor (.cursor/mcp.json) read, ready to paste.
	Config string `json:"config"`
}

// MCPSetupFor is the setup that starts the MCP server with the binary at command, with the
// extra flags of `deepcritical mcp` (e.g. --read-only).
func MCPSetupFor(command string, flags ...string) MCPSetup {
	s := MCPSetup{Command: command, Args: append([]string{"mcp"}, flags...)}
	type server struct {
		Command string   `json:"command"`
		Args    []string `json:"args"`
	}
	b, _ := json.MarshalIndent(map[string]map[string]server{"mcpServers": {"deepcritical": {Command: s.Command, Args: s.Args}}}, "", "  ")
	s.Config = string(b)
	return s
}

// MCPSetup is the MCP server setup for this very binary, so the Settings view shows a
// snippet with the path that works on this machine.
func (a *AppService) MCPSetup() (MCPSetup, error) {
	exe, err := os.Executable()
	if err != nil {
		return MCPSetup{}, domain.Wrap(domain.CodeUnavailable, err, "cannot tell where the deepcritical program is: "+err.Error())
	}
	return MCPSetupFor(exe), nil
}
