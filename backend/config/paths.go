// Package config holds DeepCritical's settings (a JSON file under XDG_CONFIG_HOME) and its
// secrets (environment, OS keyring, or a 0600 file), so that the desktop app and the CLI
// read and write the same configuration and API keys never reach the database, logs,
// events or the frontend.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/adrg/xdg"
)

// AppDir is the directory name DeepCritical uses under the XDG base directories.
const AppDir = "deepcritical"

// Permissions of everything this package writes: only the user may read settings and secrets.
const (
	DirPerm  fs.FileMode = 0o700
	FilePerm fs.FileMode = 0o600
)

// Paths says where settings, the database and the secrets file live. It is a value so tests
// and the CLI can point everything at a temporary directory.
type Paths struct {
	ConfigDir    string `json:"config_dir"`
	DataDir      string `json:"data_dir"`
	SettingsFile string `json:"settings_file"`
	DatabaseFile string `json:"database_file"`
	SecretsFile  string `json:"secrets_file"`
	// CacheDir holds what can be rebuilt: the PDF engine's compiled WebAssembly.
	CacheDir string `json:"cache_dir"`
}

// DefaultPaths computes the paths from XDG_CONFIG_HOME and XDG_DATA_HOME as they are now
// (not as they were when the process started), so t.Setenv and a CLI run with a changed
// environment both see the right files. Unset or relative variables fall back to the XDG
// defaults (~/.config and ~/.local/share on Linux and the BSDs).
func DefaultPaths() Paths {
	configHome := baseDir("XDG_CONFIG_HOME", xdg.ConfigHome, ".config")
	dataHome := baseDir("XDG_DATA_HOME", xdg.DataHome, ".local", "share")
	p := PathsIn(filepath.Join(configHome, AppDir), filepath.Join(dataHome, AppDir))
	p.CacheDir = filepath.Join(baseDir("XDG_CACHE_HOME", xdg.CacheHome, ".cache"), AppDir)
	return p
}

// PathsIn lays out the files inside the given config and data directories.
func PathsIn(configDir, dataDir string) Paths {
	return Paths{
		ConfigDir:    configDir,
		DataDir:      dataDir,
		SettingsFile: filepath.Join(configDir, "settings.json"),
		DatabaseFile: filepath.Join(dataDir, "deepcritical.db"),
		SecretsFile:  filepath.Join(configDir, "secrets.json"),
		// Beside the data unless DefaultPaths puts it under XDG_CACHE_HOME.
		CacheDir: filepath.Join(dataDir, "cache"),
	}
}

// baseDir applies the XDG rule that only absolute paths in the variable count. On Linux and
// the BSDs the default is under the home directory; elsewhere it is the platform directory
// adrg/xdg computed (Application Support, LocalAppData).
func baseDir(env, platformDefault string, unixDefault ...string) string {
	if v := os.Getenv(env); v != "" && filepath.IsAbs(v) {
		return v
	}
	switch runtime.GOOS {
	case "darwin", "windows", "plan9", "ios", "android":
		return platformDefault
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return platformDefault
	}
	return filepath.Join(append([]string{home}, unixDefault...)...)
}

// EnsureDirs creates the config and data directories with 0700 permissions. An existing
// directory of ours is tightened to 0700 as well, since it holds the secrets file.
func (p Paths) EnsureDirs() error {
	for _, dir := range []string{p.ConfigDir, p.DataDir} {
		if err := ensureDir(dir); err != nil {
			return err
		}
	}
	return nil
}

func ensureDir(dir string) error {
	if dir == "" {
		return errors.New("ensure dir: empty path")
	}
	if err := os.MkdirAll(dir, DirPerm); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	if err := os.Chmod(dir, DirPerm); err != nil {
		return fmt.Errorf("chmod %s: %w", dir, err)
	}
	return nil
}

// writeFileAtomic replaces path with data so a crash never leaves a half-written file: it
// writes a temporary file in the same directory with 0600 permissions, syncs it, renames it
// over the target and makes sure the result is 0600.
func writeFileAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	if err := ensureDir(dir); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("create temp file in %s: %w", dir, err)
	}
	tmpName := tmp.Name()
	defer func() {
		if err != nil {
			_ = os.Remove(tmpName)
		}
	}()
	if err := tmp.Chmod(FilePerm); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("chmod %s: %w", tmpName, err)
	}
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("write %s: %w", tmpName, err)
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("sync %s: %w", tmpName, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("close %s: %w", tmpName, err)
	}
	if err := os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("replace %s: %w", path, err)
	}
	if err := os.Chmod(path, FilePerm); err != nil {
		return fmt.Errorf("chmod %s: %w", path, err)
	}
	return nil
}

// readFileIfExists returns the file's bytes, or nil and no error when it does not exist.
func readFileIfExists(path string) ([]byte, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read %s: %w", path, err)
	}
	return data, true, nil
}
