package services

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/store"
)

// The window's container reads only the settings before the window exists; the database
// opens on the first call that needs it (the window's first calls come after its first
// paint), once, however many calls arrive together, and marks the runs a dead process left
// running as interrupted before any call sees them.
func TestWindowOpensTheDatabaseOnFirstUse(t *testing.T) {
	dir := t.TempDir()
	paths := config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data"))
	t0 := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

	// A run left "running" by a process that is gone, written an hour before this start.
	st, err := store.Open(context.Background(), paths.DatabaseFile, store.WithClock(func() time.Time { return t0 }))
	require.NoError(t, err)
	r := domain.Run{ID: "left-running", Question: "Does metformin slow ageing?", Config: domain.DefaultRunConfig(), Status: domain.RunRunning,
		Judge: domain.JudgeInfo{Provider: domain.ProviderOffline, Model: "heuristic", PromptVersion: "judge/v1", Kind: domain.JudgeKindOffline}}
	require.NoError(t, st.CreateRun(context.Background(), r))
	require.NoError(t, st.Close())
	require.NoError(t, os.Rename(paths.DatabaseFile, paths.DatabaseFile+".kept"))
	settings := config.Defaults()
	settings.UI.WindowWidth, settings.UI.WindowHeight = 1100, 700
	require.NoError(t, config.Save(paths, settings))

	c := openForWindow(context.Background(), Options{Paths: paths, Keyring: noKeyring{}, Clock: func() time.Time { return t0.Add(time.Hour) }})
	w, h := c.WindowSize()
	require.Equal(t, [2]int{1100, 700}, [2]int{w, h}, "the window's size comes from the settings alone")
	require.NoFileExists(t, paths.DatabaseFile, "nothing is opened before a call needs it")

	require.NoError(t, os.Rename(paths.DatabaseFile+".kept", paths.DatabaseFile))
	var wg sync.WaitGroup
	statuses := make([]AppStatus, 4)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], _ = c.App.Status()
		}()
	}
	wg.Wait()
	for _, s := range statuses {
		require.True(t, s.DatabaseOK, "every call arriving while the database opens waits for it")
		require.Empty(t, s.StartupError)
	}
	items, err := c.History.List(HistoryFilter{Status: domain.RunInterrupted})
	require.NoError(t, err)
	require.Len(t, items, 1, "the run left running is offered for resuming")
	c.Close()
}

// A window closed before it needed the database never creates it.
func TestWindowClosedBeforeFirstUseOpensNothing(t *testing.T) {
	dir := t.TempDir()
	paths := config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data"))
	c := openForWindow(context.Background(), Options{Paths: paths, Keyring: noKeyring{}})
	c.Close()
	require.NoFileExists(t, paths.DatabaseFile)
	_, err := c.History.List(HistoryFilter{})
	require.Error(t, err, "a call after closing is refused, not answered by a database opened late")
}

// Settings that cannot be read are reported by every call, as before the window opened lazily.
func TestWindowReportsUnreadableSettings(t *testing.T) {
	dir := t.TempDir()
	paths := config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data"))
	require.NoError(t, os.MkdirAll(paths.ConfigDir, 0o700))
	require.NoError(t, os.WriteFile(paths.SettingsFile, []byte("{not json"), 0o600))
	c := openForWindow(context.Background(), Options{Paths: paths, Keyring: noKeyring{}})
	defer c.Close()
	s, err := c.App.Status()
	require.NoError(t, err)
	require.NotEmpty(t, s.StartupError)
	require.False(t, s.DatabaseOK)
	_, err = c.History.List(HistoryFilter{})
	require.Error(t, err)
}
