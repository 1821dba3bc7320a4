package services

import (
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
	paths        config.Paths
	settings     *config.Live
	startupErr   error
	databaseOpen bool
	readOnly     error
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
	if a.startupErr != nil {
		st.StartupError = domain.SafeMessage(a.startupErr)
		if st.StartupError == "internal error" {
			st.StartupError = a.startupErr.Error()
		}
		return st, nil
	}
	if a.databaseOpen {
		st.DatabaseOK = true
		st.SchemaVersion = store.LatestSchemaVersion()
	}
	if a.readOnly != nil {
		st.ReadOnly = domain.SafeMessage(a.readOnly)
	}
	return st, nil
}
