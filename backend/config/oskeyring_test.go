package config

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOSKeyringWithoutSecretServiceFallsBackToFile drives the real go-keyring backend
// against a D-Bus address where nothing listens (as on a headless Linux box), so the store
// must fall back to the 0600 file without touching any real keyring.
func TestOSKeyringWithoutSecretServiceFallsBackToFile(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the D-Bus Secret Service backend is Linux-only; elsewhere this would use the real keychain")
	}
	p := testPaths(t)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(t.TempDir(), "no-bus"))
	store := NewSecretStore(p, OSKeyring{})

	src, err := store.Set(SecretNCBIKey, "ncbi-os-keyring-0001")
	require.NoError(t, err)
	require.Equal(t, SecretSourceFile, src)
	v, from, err := store.Get(SecretNCBIKey)
	require.NoError(t, err)
	require.Equal(t, "ncbi-os-keyring-0001", v)
	require.Equal(t, SecretSourceFile, from)
	require.NoError(t, store.Delete(SecretNCBIKey))
	require.Equal(t, FilePerm, perm(t, p.SecretsFile))
}
