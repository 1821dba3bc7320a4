package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzLoad feeds arbitrary bytes as settings.json: Load must never panic, never rewrite
// the file, and either succeed with valid settings or fail with one of its two errors.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"judge":{"provider":"ollama"},"run":{"max_iterations":3}}`))
	f.Add([]byte(`{"providers":{"openai":{"model":"gpt-4.1"},"gpt":null}}`))
	f.Add([]byte(`{"run":{"max_iterations":42}}`))
	f.Add([]byte(`{"sources":{"enabled":["pubmed","scholar"]}}`))
	f.Add([]byte("{\n\"ui\": {\"theme\": \"dark\",}\n}"))
	f.Add([]byte(`<html>502</html>`))
	f.Add([]byte{})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := PathsIn(filepath.Join(dir, "c"), filepath.Join(dir, "d"))
		require.NoError(t, os.MkdirAll(p.ConfigDir, 0o700))
		require.NoError(t, os.WriteFile(p.SettingsFile, data, 0o600))
		s, err := Load(p)
		switch {
		case err == nil:
			require.NoError(t, Validate(s))
		case errors.Is(err, ErrMalformed), errors.Is(err, ErrInvalidValues):
		default:
			t.Fatalf("unexpected error kind: %v", err)
		}
		after, rerr := os.ReadFile(p.SettingsFile)
		require.NoError(t, rerr)
		require.Equal(t, data, after)
	})
}

// FuzzSet checks that Set never panics and that a rejected value leaves settings unchanged
// while an accepted one keeps them valid.
func FuzzSet(f *testing.F) {
	for _, k := range Keys() {
		f.Add(k.Key, "1")
	}
	f.Add("run.max_iterations", "42")
	f.Add("sources.enabled", "pubmed,,web")
	f.Add("providers.openai.base_url", "http://[::1]:80/v1")
	f.Add("ui.last_view", "\x00")
	f.Fuzz(func(t *testing.T, key, value string) {
		s := Defaults()
		err := Set(&s, key, value)
		if err != nil {
			require.Equal(t, Defaults(), s)
			return
		}
		require.NoError(t, Validate(s), "Set accepted %q=%q", key, value)
	})
}
