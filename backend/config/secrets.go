package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zalando/go-keyring"

	"deepcritical/backend/domain"
)

// KeyringService is the service name DeepCritical's secrets are stored under in the OS
// keyring (the user is the secret's name).
const KeyringService = "deepcritical"

// DefaultKeyringTimeout bounds every keyring call: go-keyring's Linux backend talks D-Bus,
// which can stall when no Secret Service answers, and a settings page must not hang.
const DefaultKeyringTimeout = 2 * time.Second

// ErrKeyringNotFound is what a KeyringBackend returns for a secret it does not hold. It is
// go-keyring's own sentinel, so OSKeyring passes it through unchanged.
var ErrKeyringNotFound = keyring.ErrNotFound

// KeyringBackend is the small part of an OS keyring the SecretStore needs; tests pass a
// fake, the app passes OSKeyring{}.
type KeyringBackend interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

// OSKeyring is the real keyring through github.com/zalando/go-keyring: the Secret Service
// over D-Bus on Linux, the Keychain on macOS, the Credential Manager on Windows.
type OSKeyring struct{}

// Get reads a secret from the OS keyring.
func (OSKeyring) Get(service, user string) (string, error) { return keyring.Get(service, user) }

// Set writes a secret to the OS keyring.
func (OSKeyring) Set(service, user, password string) error {
	return keyring.Set(service, user, password)
}

// Delete removes a secret from the OS keyring.
func (OSKeyring) Delete(service, user string) error { return keyring.Delete(service, user) }

// SecretSource says where a secret was found or stored.
type SecretSource string

// The places a secret can come from, in lookup order.
const (
	SecretSourceEnv     SecretSource = "env"
	SecretSourceKeyring SecretSource = "keyring"
	SecretSourceFile    SecretSource = "file"
	SecretSourceNone    SecretSource = "none"
)

// MaskedSecret is the only form of a secret the frontend, `settings show` and logs may see:
// whether it is set, where from, and its last four characters when it is long enough that
// four characters reveal little.
type MaskedSecret struct {
	Name   string       `json:"name"`
	EnvVar string       `json:"env_var"`
	HasKey bool         `json:"has_key"`
	Last4  string       `json:"last4"`
	Source SecretSource `json:"source"`
	// Error is a user-safe reason the secret could not be read (e.g. a corrupt secrets file).
	Error string `json:"error,omitempty"`
}

// String keeps accidental %v printing of a MaskedSecret as safe as its JSON.
func (m MaskedSecret) String() string {
	if !m.HasKey {
		return m.Name + ": not set"
	}
	if m.Last4 == "" {
		return fmt.Sprintf("%s: set (%s)", m.Name, m.Source)
	}
	return fmt.Sprintf("%s: …%s (%s)", m.Name, m.Last4, m.Source)
}

// SecretStore finds and keeps API keys: the environment first, then the OS keyring, then
// a 0600 JSON file beside settings.json for machines without a keyring service. It is safe
// for concurrent use.
type SecretStore struct {
	path    string
	backend KeyringBackend
	timeout time.Duration
	// keyringDown is set after a keyring call times out, so later calls do not each wait
	// for a D-Bus that is not answering.
	keyringDown atomic.Bool
	mu          sync.Mutex
}

// NewSecretStore returns a store over p.SecretsFile and the given keyring; a nil backend
// means no keyring (the file is used).
func NewSecretStore(p Paths, backend KeyringBackend) *SecretStore {
	return &SecretStore{path: p.SecretsFile, backend: backend, timeout: DefaultKeyringTimeout}
}

// errKeyringTimeout marks a keyring call abandoned after the store's timeout.
var errKeyringTimeout = errors.New("keyring did not answer in time")

// keyringCall runs fn with the store's timeout. A call that times out keeps running in its
// goroutine until the backend returns (go-keyring cannot be cancelled), but nobody waits
// for it, and the keyring is treated as unavailable from then on.
func (s *SecretStore) keyringCall(fn func() (string, error)) (string, error) {
	if s.backend == nil {
		return "", errors.New("no keyring configured")
	}
	if s.keyringDown.Load() {
		return "", errKeyringTimeout
	}
	type result struct {
		v   string
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := fn()
		ch <- result{v, err}
	}()
	timer := time.NewTimer(s.timeout)
	defer timer.Stop()
	select {
	case r := <-ch:
		return r.v, r.err
	case <-timer.C:
		s.keyringDown.Store(true)
		return "", errKeyringTimeout
	}
}

func checkSecretName(name string) error {
	if _, ok := secretEnv[name]; !ok {
		return domain.Errorf(domain.CodeInvalid, "unknown secret %q (known: %s)", name, strings.Join(SecretNames, ", "))
	}
	return nil
}

// Get returns a secret and where it came from: the environment variable, then the keyring,
// then the file. A missing secret is ("", SecretSourceNone, nil). A keyring that is absent
// or failing is skipped, not an error; a corrupt secrets file is.
func (s *SecretStore) Get(name string) (string, SecretSource, error) {
	if err := checkSecretName(name); err != nil {
		return "", SecretSourceNone, err
	}
	if v, ok := envValue(secretEnv[name]); ok {
		return v, SecretSourceEnv, nil
	}
	if s.backend != nil {
		v, err := s.keyringCall(func() (string, error) { return s.backend.Get(KeyringService, name) })
		if err == nil && v != "" {
			return v, SecretSourceKeyring, nil
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	file, err := s.readFile()
	if err != nil {
		return "", SecretSourceNone, err
	}
	if v := file[name]; v != "" {
		return v, SecretSourceFile, nil
	}
	return "", SecretSourceNone, nil
}

// Set stores a secret in the keyring, or in the 0600 file when the keyring refuses (no
// Secret Service, no D-Bus, a timeout), and says which it used. Storing in the keyring
// removes any older copy from the file. An environment variable still wins on lookup.
func (s *SecretStore) Set(name, value string) (SecretSource, error) {
	if err := checkSecretName(name); err != nil {
		return SecretSourceNone, err
	}
	value = strings.TrimSpace(value)
	if value == "" {
		return SecretSourceNone, domain.Errorf(domain.CodeInvalid, "%s%s must be a non-empty key (to remove it: deepcritical settings unset %s%s, or Settings' Forget)", SecretKeyPrefix, name, SecretKeyPrefix, name)
	}
	if hasSpaceOrControl(value) {
		// The message must not echo the value: it is a secret.
		return SecretSourceNone, domain.Errorf(domain.CodeInvalid, "%s%s must be a key without spaces or control characters", SecretKeyPrefix, name)
	}
	if s.backend != nil {
		_, err := s.keyringCall(func() (string, error) { return "", s.backend.Set(KeyringService, name, value) })
		if err == nil {
			s.mu.Lock()
			defer s.mu.Unlock()
			if err := s.updateFile(func(m map[string]string) bool {
				_, had := m[name]
				delete(m, name)
				return had
			}); err != nil {
				return SecretSourceKeyring, err
			}
			return SecretSourceKeyring, nil
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.updateFile(func(m map[string]string) bool {
		m[name] = value
		return true
	}); err != nil {
		return SecretSourceNone, err
	}
	return SecretSourceFile, nil
}

// Delete removes a secret from the keyring and the file. Removing a secret that is not
// stored is not an error. A secret from the environment stays until the variable is unset.
func (s *SecretStore) Delete(name string) error {
	if err := checkSecretName(name); err != nil {
		return err
	}
	if s.backend != nil {
		// A missing entry or an absent keyring leaves nothing to delete there.
		_, _ = s.keyringCall(func() (string, error) { return "", s.backend.Delete(KeyringService, name) })
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.updateFile(func(m map[string]string) bool {
		_, had := m[name]
		delete(m, name)
		return had
	})
}

// Masked returns the secret's masked form. Last4 is given only for keys of 8 characters or
// more; a shorter key shows nothing of itself.
func (s *SecretStore) Masked(name string) MaskedSecret {
	m := MaskedSecret{Name: name, EnvVar: secretEnv[name], Source: SecretSourceNone}
	v, src, err := s.Get(name)
	if err != nil {
		m.Error = domain.SafeMessage(err)
		return m
	}
	m.Source = src
	m.HasKey = v != ""
	if len(v) >= 8 {
		m.Last4 = v[len(v)-4:]
	}
	return m
}

// MaskedAll returns every known secret masked, in SecretNames order.
func (s *SecretStore) MaskedAll() []MaskedSecret {
	out := make([]MaskedSecret, len(SecretNames))
	for i, name := range SecretNames {
		out[i] = s.Masked(name)
	}
	return out
}

// readFile loads the secrets file; a missing or empty file is an empty map. Errors name
// the file but never quote its content.
func (s *SecretStore) readFile() (map[string]string, error) {
	data, exists, err := readFileIfExists(s.path)
	if err != nil {
		return nil, domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot read secrets file %s", s.path))
	}
	m := map[string]string{}
	if !exists || len(bytes.TrimSpace(data)) == 0 {
		return m, nil
	}
	if err := json.Unmarshal(data, &m); err != nil {
		// The decoder's message can quote the file's bytes; keep it out of the error.
		return nil, domain.Errorf(domain.CodeInvalid, "secrets file %s is not a valid JSON object of names to keys; fix or remove it (it was not changed)", s.path)
	}
	return m, nil
}

// updateFile applies change to the secrets file and writes it back atomically (0600)
// when change reports a modification. The caller holds s.mu.
func (s *SecretStore) updateFile(change func(map[string]string) bool) error {
	m, err := s.readFile()
	if err != nil {
		return err
	}
	if !change(m) {
		return nil
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return domain.Wrap(domain.CodeInternal, fmt.Errorf("encode secrets: %w", err), "cannot encode secrets")
	}
	if err := writeFileAtomic(s.path, append(data, '\n')); err != nil {
		return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot write secrets file %s", s.path))
	}
	return nil
}
