package config

import (
	"errors"

	"deepcritical/backend/domain"
)

// Masker produces the masked form of a secret; *SecretStore is one.
type Masker interface {
	Masked(name string) MaskedSecret
}

// PublicSettings is what the Settings view and `settings show` display: the effective
// settings (environment applied, URL passwords redacted), which values the environment
// overrides, and the secrets masked. It holds no secret, so it may be logged or sent to
// the frontend.
type PublicSettings struct {
	Settings  Settings       `json:"settings"`
	Overrides []Override     `json:"overrides"`
	Secrets   []MaskedSecret `json:"secrets"`
	Judge     JudgeSettings  `json:"judge"`
}

// Public returns the masked view of s. secrets may be nil, in which case every secret is
// reported as unknown rather than read.
func (s Settings) Public(secrets Masker) PublicSettings {
	eff := Effective(s)
	for p, ps := range eff.Providers {
		ps.BaseURL = redactURL(ps.BaseURL)
		eff.Providers[p] = ps
	}
	eff.Sources.PubMedURL = redactURL(eff.Sources.PubMedURL)
	eff.Sources.EuropePMCURL = redactURL(eff.Sources.EuropePMCURL)
	eff.Sources.CTGovURL = redactURL(eff.Sources.CTGovURL)
	eff.Sources.WebURL = redactURL(eff.Sources.WebURL)
	eff.Zotero.URL = redactURL(eff.Zotero.URL)
	out := PublicSettings{
		Settings:  eff,
		Overrides: Overrides(s),
		Judge:     JudgeSettings{Provider: eff.Judge.Provider, Model: eff.JudgeModel()},
	}
	if out.Overrides == nil {
		out.Overrides = []Override{}
	}
	for _, name := range SecretNames {
		if secrets == nil {
			out.Secrets = append(out.Secrets, MaskedSecret{Name: name, EnvVar: secretEnv[name], Source: SecretSourceNone})
			continue
		}
		out.Secrets = append(out.Secrets, secrets.Masked(name))
	}
	return out
}

// UpdateResult says what `settings set KEY VALUE` changed: a setting saved to
// settings.json, or a secret stored in the keyring or the file.
type UpdateResult struct {
	Key    string `json:"key"`
	Secret bool   `json:"secret"`
	// Stored is where a secret went (keyring or file); empty for settings.
	Stored SecretSource `json:"stored,omitempty"`
	// Value is the new value of a setting as `settings show` prints it; never set for secrets.
	Value string `json:"value,omitempty"`
	// OverriddenBy names an environment variable that still wins over what was stored.
	OverriddenBy string `json:"overridden_by,omitempty"`
}

// Update is `settings set KEY VALUE` end to end: a secret key goes to the secret store;
// any other key is loaded from settings.json, changed with Set, validated and saved. A
// rejected value, or a settings file that cannot be read, leaves the file untouched.
func Update(p Paths, secrets *SecretStore, key, value string) (UpdateResult, error) {
	if name, ok := SecretKey(key); ok {
		if secrets == nil {
			return UpdateResult{}, domain.Errorf(domain.CodeUnavailable, "no secret store available to keep %s%s", SecretKeyPrefix, name)
		}
		src, err := secrets.Set(name, value)
		if err != nil {
			return UpdateResult{}, err
		}
		res := UpdateResult{Key: SecretKeyPrefix + name, Secret: true, Stored: src}
		if _, env := envValue(secretEnv[name]); env {
			res.OverriddenBy = secretEnv[name]
		}
		return res, nil
	}
	s, err := Load(p)
	if err != nil && !errors.Is(err, ErrInvalidValues) {
		return UpdateResult{}, err
	}
	if err := Set(&s, key, value); err != nil {
		return UpdateResult{}, err
	}
	if err := Save(p, s); err != nil {
		return UpdateResult{}, err
	}
	d, _ := lookupKey(key)
	res := UpdateResult{Key: d.Key, Value: d.get(&s)}
	if d.EnvVar != "" {
		if _, env := envValue(d.EnvVar); env {
			res.OverriddenBy = d.EnvVar
		}
	}
	return res, nil
}
