package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// errNoSecretService mimics go-keyring on a Linux box without a Secret Service.
var errNoSecretService = errors.New("The name org.freedesktop.secrets was not provided by any .service files")

func TestSecretLookupOrder(t *testing.T) {
	tests := []struct {
		name               string
		env, keyring, file string
		want               string
		src                SecretSource
	}{
		{"env beats keyring and file", "from-env-1234", "from-keyring-1234", "from-file-1234", "from-env-1234", SecretSourceEnv},
		{"keyring beats file", "", "from-keyring-1234", "from-file-1234", "from-keyring-1234", SecretSourceKeyring},
		{"file last", "", "", "from-file-1234", "from-file-1234", SecretSourceFile},
		{"none", "", "", "", "", SecretSourceNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPaths(t)
			kr := newFakeKeyring()
			if tt.keyring != "" {
				kr.data[KeyringService+"/"+SecretHFToken] = tt.keyring
			}
			if tt.file != "" {
				b, err := json.Marshal(map[string]string{SecretHFToken: tt.file})
				require.NoError(t, err)
				require.NoError(t, writeFileAtomic(p.SecretsFile, b))
			}
			t.Setenv("HF_TOKEN", tt.env)

			v, src, err := NewSecretStore(p, kr).Get(SecretHFToken)
			require.NoError(t, err)
			require.Equal(t, tt.want, v)
			require.Equal(t, tt.src, src)
		})
	}
}

func TestSecretGetSkipsFailingKeyring(t *testing.T) {
	p := testPaths(t)
	require.NoError(t, writeFileAtomic(p.SecretsFile, []byte(`{"openai_api_key":"sk-file-5678"}`)))
	kr := newFakeKeyring()
	kr.getErr = errNoSecretService
	v, src, err := NewSecretStore(p, kr).Get(SecretOpenAIKey)
	require.NoError(t, err)
	require.Equal(t, "sk-file-5678", v)
	require.Equal(t, SecretSourceFile, src)
}

func TestSecretSetUsesKeyringAndClearsFileCopy(t *testing.T) {
	p := testPaths(t)
	require.NoError(t, writeFileAtomic(p.SecretsFile, []byte(`{"anthropic_api_key":"sk-ant-old-0000","ncbi_api_key":"ncbi-keep-1111"}`)))
	kr := newFakeKeyring()
	store := NewSecretStore(p, kr)

	src, err := store.Set(SecretAnthropicKey, "  sk-ant-new-9999\n")
	require.NoError(t, err)
	require.Equal(t, SecretSourceKeyring, src)
	require.Equal(t, "sk-ant-new-9999", kr.data[KeyringService+"/"+SecretAnthropicKey], "values are trimmed")

	var file map[string]string
	require.NoError(t, json.Unmarshal(readOrNil(t, p.SecretsFile), &file))
	require.Equal(t, map[string]string{"ncbi_api_key": "ncbi-keep-1111"}, file, "the stale file copy is removed, others kept")
	require.Equal(t, FilePerm, perm(t, p.SecretsFile))
}

func TestSecretSetFallsBackToFile(t *testing.T) {
	for _, backend := range []struct {
		name string
		kr   KeyringBackend
	}{
		{"keyring error", func() KeyringBackend { k := newFakeKeyring(); k.setErr = errNoSecretService; return k }()},
		{"no keyring", nil},
	} {
		t.Run(backend.name, func(t *testing.T) {
			p := testPaths(t)
			store := NewSecretStore(p, backend.kr)
			src, err := store.Set(SecretOpenAIKey, "sk-proj-fallback-4242")
			require.NoError(t, err)
			require.Equal(t, SecretSourceFile, src)

			require.Equal(t, FilePerm, perm(t, p.SecretsFile))
			require.Equal(t, DirPerm, perm(t, p.ConfigDir))
			v, from, err := store.Get(SecretOpenAIKey)
			require.NoError(t, err)
			require.Equal(t, "sk-proj-fallback-4242", v)
			require.Equal(t, SecretSourceFile, from)

			// A second secret is added beside the first, not over it.
			_, err = store.Set(SecretNCBIKey, "ncbi-0123456789")
			require.NoError(t, err)
			v, _, err = store.Get(SecretOpenAIKey)
			require.NoError(t, err)
			require.Equal(t, "sk-proj-fallback-4242", v)

			require.NoError(t, store.Delete(SecretOpenAIKey))
			v, from, err = store.Get(SecretOpenAIKey)
			require.NoError(t, err)
			require.Empty(t, v)
			require.Equal(t, SecretSourceNone, from)
			v, _, err = store.Get(SecretNCBIKey)
			require.NoError(t, err)
			require.Equal(t, "ncbi-0123456789", v)
			require.NoError(t, store.Delete(SecretOpenAIKey), "deleting twice is fine")
		})
	}
}

func TestSecretKeyringTimeoutDoesNotHang(t *testing.T) {
	p := testPaths(t)
	kr := newFakeKeyring()
	kr.hang = make(chan struct{})
	defer close(kr.hang)
	store := NewSecretStore(p, kr)
	store.timeout = 20 * time.Millisecond

	src, err := store.Set(SecretHFToken, "hf_timeout_canary_77")
	require.NoError(t, err)
	require.Equal(t, SecretSourceFile, src, "a keyring that does not answer is treated as unavailable")
	calls := kr.callCount()

	// Later calls skip the stalled keyring instead of waiting again.
	v, from, err := store.Get(SecretHFToken)
	require.NoError(t, err)
	require.Equal(t, "hf_timeout_canary_77", v)
	require.Equal(t, SecretSourceFile, from)
	require.NoError(t, store.Delete(SecretHFToken))
	require.Equal(t, calls, kr.callCount())
}

func TestSecretDeleteRemovesKeyringEntry(t *testing.T) {
	p := testPaths(t)
	kr := newFakeKeyring()
	store := NewSecretStore(p, kr)
	_, err := store.Set(SecretCompatKey, "compat-key-abcdef")
	require.NoError(t, err)
	require.NoError(t, store.Delete(SecretCompatKey))
	require.Empty(t, kr.data)
	_, src, err := store.Get(SecretCompatKey)
	require.NoError(t, err)
	require.Equal(t, SecretSourceNone, src)
}

func TestSecretRejectsBadInput(t *testing.T) {
	p := testPaths(t)
	store := NewSecretStore(p, newFakeKeyring())
	_, _, err := store.Get("password")
	require.Error(t, err)
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
	require.Contains(t, err.Error(), "openai_api_key")

	for _, bad := range []string{"", "   ", "two words-canary", "line\nbreak-canary"} {
		_, err := store.Set(SecretOpenAIKey, bad)
		require.Error(t, err, "%q", bad)
		require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
		require.NotContains(t, err.Error(), "canary", "an error never echoes the secret")
	}
	_, err = store.Set("nope", "value")
	require.Error(t, err)
	require.Error(t, store.Delete("nope"))
}

func TestSecretCorruptFile(t *testing.T) {
	p := testPaths(t)
	content := `{"openai_api_key": "sk-corrupt-canary-123` // truncated
	require.NoError(t, writeFileAtomic(p.SecretsFile, []byte(content)))
	kr := newFakeKeyring()
	kr.setErr = errNoSecretService
	store := NewSecretStore(p, kr)

	_, _, err := store.Get(SecretOpenAIKey)
	require.Error(t, err)
	require.Contains(t, err.Error(), p.SecretsFile)
	require.NotContains(t, err.Error(), "canary")

	_, err = store.Set(SecretHFToken, "hf_new_token_1234")
	require.Error(t, err)
	require.Equal(t, content, string(readOrNil(t, p.SecretsFile)), "a corrupt secrets file is never overwritten")

	m := store.Masked(SecretOpenAIKey)
	require.False(t, m.HasKey)
	require.Contains(t, m.Error, "not a valid JSON object")
	require.NotContains(t, m.Error, "canary")
}

func TestMaskedLast4OnlyForLongKeys(t *testing.T) {
	tests := []struct {
		value string
		last4 string
	}{
		{"sk-abcdefgh1234", "1234"},
		{"12345678", "5678"},
		{"1234567", ""},
		{"abcd", ""},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			p := testPaths(t)
			t.Setenv("OPENAI_API_KEY", tt.value)
			m := NewSecretStore(p, nil).Masked(SecretOpenAIKey)
			require.Equal(t, MaskedSecret{Name: SecretOpenAIKey, EnvVar: "OPENAI_API_KEY", HasKey: true, Last4: tt.last4, Source: SecretSourceEnv}, m)
		})
	}
	p := testPaths(t)
	require.Equal(t, MaskedSecret{Name: SecretNCBIKey, EnvVar: "NCBI_API_KEY", Source: SecretSourceNone}, NewSecretStore(p, nil).Masked(SecretNCBIKey))
}

// TestMaskedCanary stores a recognisable key everywhere a key can live and checks that no
// view meant for the UI, the CLI or logs contains it.
func TestMaskedCanary(t *testing.T) {
	const canary = "sk-canary-XYZ-0123456789abcdef"
	p := testPaths(t)
	kr := newFakeKeyring()
	store := NewSecretStore(p, kr)
	_, err := store.Set(SecretAnthropicKey, canary)
	require.NoError(t, err)
	kr.setErr = errNoSecretService
	_, err = store.Set(SecretHFToken, canary)
	require.NoError(t, err)
	t.Setenv("OPENAI_API_KEY", canary)

	s := Defaults()
	require.NoError(t, Save(p, s))
	pub := s.Public(store)
	pubJSON, err := json.Marshal(pub)
	require.NoError(t, err)
	all, err := json.Marshal(store.MaskedAll())
	require.NoError(t, err)

	views := []string{
		string(pubJSON),
		string(all),
		fmt.Sprintf("%v %+v", pub, store.MaskedAll()),
		fmt.Sprint(store.Masked(SecretHFToken)),
		string(readOrNil(t, p.SettingsFile)),
	}
	for _, k := range Keys() {
		views = append(views, fmt.Sprintf("%+v", k))
	}
	for i, v := range views {
		require.NotContains(t, v, canary, "view %d leaks the key", i)
		require.NotContains(t, v, canary[:12], "view %d leaks a prefix of the key", i)
	}

	bySource := map[string]SecretSource{}
	for _, m := range pub.Secrets {
		bySource[m.Name] = m.Source
		if m.HasKey {
			require.Equal(t, "cdef", m.Last4)
		}
	}
	require.Equal(t, map[string]SecretSource{
		SecretOpenAIKey: SecretSourceEnv, SecretAnthropicKey: SecretSourceKeyring, SecretHFToken: SecretSourceFile,
		SecretCompatKey: SecretSourceNone, SecretNCBIKey: SecretSourceNone,
	}, bySource)
	require.Contains(t, string(readOrNil(t, p.SecretsFile)), canary, "the file fallback does hold the key (0600)")
	require.Equal(t, FilePerm, perm(t, p.SecretsFile))
}

func TestPublicWithoutStore(t *testing.T) {
	clearEnv(t)
	pub := Defaults().Public(nil)
	require.Len(t, pub.Secrets, len(SecretNames))
	for _, m := range pub.Secrets {
		require.False(t, m.HasKey)
	}
	require.Equal(t, JudgeSettings{Provider: domain.ProviderOffline}, pub.Judge)
	require.NotNil(t, pub.Overrides)
}

func TestSecretStoreConcurrentFileWrites(t *testing.T) {
	p := testPaths(t)
	store := NewSecretStore(p, nil)
	var wg sync.WaitGroup
	for i, name := range SecretNames {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := store.Set(name, fmt.Sprintf("value-%d-%s", i, strings.Repeat("x", 8)))
			require.NoError(t, err)
		}()
	}
	wg.Wait()
	for i, name := range SecretNames {
		v, src, err := store.Get(name)
		require.NoError(t, err)
		require.Equal(t, SecretSourceFile, src)
		require.Equal(t, fmt.Sprintf("value-%d-%s", i, strings.Repeat("x", 8)), v, "no write may be lost")
	}
}

func TestSecretForProvider(t *testing.T) {
	for p, want := range map[domain.Provider]string{
		domain.ProviderOpenAI: SecretOpenAIKey, domain.ProviderAnthropic: SecretAnthropicKey,
		domain.ProviderHuggingFace: SecretHFToken, domain.ProviderCompatible: SecretCompatKey,
	} {
		got, ok := SecretForProvider(p)
		require.True(t, ok)
		require.Equal(t, want, got)
		require.NotEmpty(t, SecretEnvVar(got))
	}
	for _, p := range []domain.Provider{domain.ProviderOffline, domain.ProviderOllama, domain.ProviderCLI} {
		_, ok := SecretForProvider(p)
		require.False(t, ok, string(p))
	}
	name, ok := SecretKey(" Secrets.HF_Token ")
	require.True(t, ok)
	require.Equal(t, SecretHFToken, name)
	_, ok = SecretKey("secrets.password")
	require.False(t, ok)
}
