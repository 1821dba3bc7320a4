package config

import (
	"sync"

	"deepcritical/backend/domain"
)

// Live is the settings of a running process: loaded once, read by every run and service,
// changed only through Update or Modify, which save the file first and keep the old
// settings when saving fails. A change applies to the next run without a restart.
type Live struct {
	paths   Paths
	secrets *SecretStore

	mu       sync.RWMutex
	settings Settings
}

// NewLive holds s, saved under paths, with secrets kept apart from it.
func NewLive(paths Paths, secrets *SecretStore, s Settings) *Live {
	return &Live{paths: paths, secrets: secrets, settings: s}
}

// Paths returns where settings, secrets and data live.
func (l *Live) Paths() Paths { return l.paths }

// Secrets returns the secret store (keyring or 0600 file); secrets never enter Settings.
func (l *Live) Secrets() *SecretStore { return l.secrets }

// Snapshot returns a copy of the stored settings, without environment overrides.
func (l *Live) Snapshot() Settings {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.settings.Clone()
}

// Effective returns the settings with environment overrides applied: what runs use.
func (l *Live) Effective() Settings { return Effective(l.Snapshot()) }

// Update sets one setting or secret by its dotted key, as `settings set` does, and reloads
// the settings from the file so readers see exactly what was saved.
func (l *Live) Update(key, value string) (UpdateResult, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	res, err := Update(l.paths, l.secrets, key, value)
	if err != nil {
		return UpdateResult{}, err
	}
	if !res.Secret {
		s, err := Load(l.paths)
		if err != nil {
			return UpdateResult{}, domain.Wrap(domain.CodeInternal, err, "settings were saved but could not be read back")
		}
		l.settings = s
	}
	return res, nil
}

// Modify applies fn to a copy and saves it; on any error the settings and the file are
// unchanged.
func (l *Live) Modify(fn func(*Settings) error) (Settings, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	next := l.settings.Clone()
	if err := fn(&next); err != nil {
		return Settings{}, err
	}
	if err := Save(l.paths, next); err != nil {
		return Settings{}, err
	}
	l.settings = next
	return next.Clone(), nil
}
