package services

import (
	"strconv"

	"deepcritical/backend/config"
)

// SettingsService reads and edits settings and keys. Keys only ever leave it masked.
type SettingsService struct{ live *config.Live }

// Get returns the effective settings with secrets masked.
func (s *SettingsService) Get() (config.PublicSettings, error) {
	return s.live.Snapshot().Public(s.live.Secrets()), nil
}

// Values returns every non-secret setting's effective value as `settings show` prints it,
// keyed by its dotted name, so the window can build its form from Keys.
func (s *SettingsService) Values() (map[string]string, error) {
	eff := s.live.Effective()
	out := map[string]string{}
	for _, k := range config.Keys() {
		if k.Secret {
			continue
		}
		v, err := config.Get(eff, k.Key)
		if err != nil {
			return nil, err
		}
		if uq, err := strconv.Unquote(v); err == nil {
			v = uq
		}
		out[k.Key] = v
	}
	return out, nil
}

// Keys lists the settable keys with what each allows.
func (s *SettingsService) Keys() []config.KeyInfo { return config.Keys() }

// Set changes one setting or secret (dotted key, as `settings set`); the change applies to
// the next run without a restart. A rejected value leaves everything unchanged.
func (s *SettingsService) Set(key, value string) (config.UpdateResult, error) {
	return s.live.Update(key, value)
}

// SetMany applies several settings in order, stopping at the first rejected one; the ones
// before it stay applied and the error names the rejected key.
func (s *SettingsService) SetMany(values map[string]string, order []string) (config.PublicSettings, error) {
	for _, k := range order {
		v, ok := values[k]
		if !ok {
			continue
		}
		if _, err := s.live.Update(k, v); err != nil {
			return config.PublicSettings{}, err
		}
	}
	return s.Get()
}

// DeleteSecret forgets a stored key (keyring and file); a key set in the environment stays.
func (s *SettingsService) DeleteSecret(name string) (config.PublicSettings, error) {
	if err := s.live.Secrets().Delete(name); err != nil {
		return config.PublicSettings{}, err
	}
	return s.Get()
}

// SetLastView remembers the view the window shows at the next start.
func (s *SettingsService) SetLastView(view string) error {
	_, err := s.live.Update("ui.last_view", view)
	return err
}
