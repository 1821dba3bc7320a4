// Package testenv gives a test DeepCritical's defaults whatever the developer's shell
// exports: an API key, a provider's address or a source's URL left in the environment would
// otherwise reach the test's settings, and a test could call a real service.
package testenv

import (
	"os"
	"testing"

	"deepcritical/backend/config"
)

// Clear unsets, for the rest of the test, every variable DeepCritical reads: each setting's
// and secret's variable (config.Keys, so a new one is cleared without changing any test) and
// DEEPCRITICAL_EXPORT_DIR, which sends the window's exports to a folder.
func Clear(t testing.TB) {
	t.Helper()
	vars := []string{"DEEPCRITICAL_EXPORT_DIR"}
	for _, k := range config.Keys() {
		if k.EnvVar != "" {
			vars = append(vars, k.EnvVar)
		}
	}
	for _, v := range vars {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
}
