package config

import (
	"errors"
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// allEnvVars lists every variable this package reads, so tests start from a clean
// environment whatever the machine has set (an empty value counts as unset).
func allEnvVars() []string {
	vars := []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"}
	for _, k := range Keys() {
		if k.EnvVar != "" {
			vars = append(vars, k.EnvVar)
		}
	}
	return vars
}

func clearEnv(t *testing.T) {
	t.Helper()
	for _, v := range allEnvVars() {
		t.Setenv(v, "")
	}
}

// testPaths points everything at a fresh temporary XDG tree.
func testPaths(t *testing.T) Paths {
	t.Helper()
	clearEnv(t)
	root := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", root+"/config")
	t.Setenv("XDG_DATA_HOME", root+"/data")
	return DefaultPaths()
}

func perm(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	return fi.Mode().Perm()
}

func readOrNil(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	require.NoError(t, err)
	return b
}

// fakeKeyring is an in-memory KeyringBackend. setErr makes Set fail the way go-keyring
// does without a Secret Service; hang makes every call block until released.
type fakeKeyring struct {
	mu     sync.Mutex
	data   map[string]string
	setErr error
	getErr error
	hang   chan struct{}
	calls  int
}

func newFakeKeyring() *fakeKeyring { return &fakeKeyring{data: map[string]string{}} }

func (f *fakeKeyring) wait() {
	f.mu.Lock()
	f.calls++
	h := f.hang
	f.mu.Unlock()
	if h != nil {
		<-h
	}
}

func (f *fakeKeyring) Get(service, user string) (string, error) {
	f.wait()
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.getErr != nil {
		return "", f.getErr
	}
	v, ok := f.data[service+"/"+user]
	if !ok {
		return "", ErrKeyringNotFound
	}
	return v, nil
}

func (f *fakeKeyring) Set(service, user, password string) error {
	f.wait()
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.setErr != nil {
		return f.setErr
	}
	f.data[service+"/"+user] = password
	return nil
}

func (f *fakeKeyring) Delete(service, user string) error {
	f.wait()
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.data[service+"/"+user]; !ok {
		return ErrKeyringNotFound
	}
	delete(f.data, service+"/"+user)
	return nil
}

func (f *fakeKeyring) callCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}
