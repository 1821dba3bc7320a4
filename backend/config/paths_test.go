package config

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestDefaultPathsFollowXDG(t *testing.T) {
	clearEnv(t)
	cfg, data, cache := t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("XDG_DATA_HOME", data)
	t.Setenv("XDG_CACHE_HOME", cache)

	p := DefaultPaths()
	require.Equal(t, Paths{
		ConfigDir:    filepath.Join(cfg, "deepcritical"),
		DataDir:      filepath.Join(data, "deepcritical"),
		SettingsFile: filepath.Join(cfg, "deepcritical", "settings.json"),
		DatabaseFile: filepath.Join(data, "deepcritical", "deepcritical.db"),
		SecretsFile:  filepath.Join(cfg, "deepcritical", "secrets.json"),
		CacheDir:     filepath.Join(cache, "deepcritical"),
	}, p)

	// The environment is read at call time, not cached at start-up.
	other := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", other)
	require.Equal(t, filepath.Join(other, "deepcritical", "settings.json"), DefaultPaths().SettingsFile)
}

func TestDefaultPathsFallBackToHome(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		t.Skip("home-relative XDG defaults apply to Linux and the BSDs")
	}
	clearEnv(t)
	home := t.TempDir()
	t.Setenv("HOME", home)
	// A relative XDG variable is ignored, as the XDG specification requires.
	t.Setenv("XDG_DATA_HOME", "relative/dir")

	p := DefaultPaths()
	require.Equal(t, filepath.Join(home, ".config", "deepcritical", "settings.json"), p.SettingsFile)
	require.Equal(t, filepath.Join(home, ".local", "share", "deepcritical", "deepcritical.db"), p.DatabaseFile)
	require.Equal(t, filepath.Join(home, ".cache", "deepcritical"), p.CacheDir)
}

func TestEnsureDirsPermissions(t *testing.T) {
	p := testPaths(t)
	// A pre-existing, too-open directory of ours is tightened.
	require.NoError(t, os.MkdirAll(p.ConfigDir, 0o755))
	require.NoError(t, os.Chmod(p.ConfigDir, 0o755))

	require.NoError(t, p.EnsureDirs())
	require.Equal(t, DirPerm, perm(t, p.ConfigDir))
	require.Equal(t, DirPerm, perm(t, p.DataDir))
}

func TestWriteFileAtomic(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "deepcritical")
	path := filepath.Join(dir, "f.json")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))

	require.NoError(t, writeFileAtomic(path, []byte("new")))
	require.Equal(t, "new", string(readOrNil(t, path)))
	require.Equal(t, FilePerm, perm(t, path))
	require.Equal(t, DirPerm, perm(t, dir))

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file may be left behind")
}

func TestEnsureDirsRejectsEmpty(t *testing.T) {
	require.Error(t, Paths{}.EnsureDirs())
}

func TestWritesFailCleanlyWhenDirIsAFile(t *testing.T) {
	root := t.TempDir()
	blocker := filepath.Join(root, "blocker")
	require.NoError(t, os.WriteFile(blocker, []byte("x"), 0o600))
	p := PathsIn(filepath.Join(blocker, "deepcritical"), filepath.Join(root, "data"))

	err := Save(p, Defaults())
	require.Error(t, err)
	require.Equal(t, domain.CodeUnavailable, domain.CodeOf(err))
	require.Contains(t, err.Error(), "cannot write settings file")

	clearEnv(t)
	_, err = NewSecretStore(p, nil).Set(SecretNCBIKey, "ncbi-0123456789")
	require.Error(t, err)
	require.Equal(t, domain.CodeUnavailable, domain.CodeOf(err))
	require.Contains(t, err.Error(), p.SecretsFile)
	require.NotContains(t, err.Error(), "ncbi-0123456789")
}
