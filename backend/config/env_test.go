package config

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestEffectiveEnvironmentWins(t *testing.T) {
	tests := []struct {
		env, value string
		key        string
		want       string
	}{
		{"OPENAI_BASE_URL", "http://127.0.0.1:1/v1", "providers.openai.base_url", `"http://127.0.0.1:1/v1"`},
		{"ANTHROPIC_BASE_URL", "http://127.0.0.1:2", "providers.anthropic.base_url", `"http://127.0.0.1:2"`},
		{"HF_BASE_URL", "http://127.0.0.1:3/v1", "providers.huggingface.base_url", `"http://127.0.0.1:3/v1"`},
		{"OLLAMA_HOST", "http://127.0.0.1:4", "providers.ollama.base_url", `"http://127.0.0.1:4"`},
		{"DEEPCRITICAL_COMPAT_BASE_URL", "http://127.0.0.1:5/v1", "providers.compatible.base_url", `"http://127.0.0.1:5/v1"`},
		{"DEEPCRITICAL_CLI_JUDGE", "/opt/bin/fake-claude --quiet", "providers.cli.command", `"/opt/bin/fake-claude --quiet"`},
		{"DEEPCRITICAL_PUBMED_URL", "http://127.0.0.1:6/eutils", "sources.pubmed_url", `"http://127.0.0.1:6/eutils"`},
		{"DEEPCRITICAL_EUROPEPMC_URL", "http://127.0.0.1:7/rest", "sources.europepmc_url", `"http://127.0.0.1:7/rest"`},
		{"DEEPCRITICAL_CTGOV_URL", "http://127.0.0.1:8/api/v2", "sources.ctgov_url", `"http://127.0.0.1:8/api/v2"`},
		{"DEEPCRITICAL_WEB_URL", "http://127.0.0.1:9/html", "sources.web_url", `"http://127.0.0.1:9/html"`},
		{"DEEPCRITICAL_ZOTERO_URL", "http://127.0.0.1:10", "zotero.url", `"http://127.0.0.1:10"`},
		{"NCBI_EMAIL", "lab@example.org", "sources.ncbi_email", `"lab@example.org"`},
		{"DEEPCRITICAL_JUDGE", "Anthropic", "judge.provider", `"anthropic"`},
		{"DEEPCRITICAL_MODEL", "some-model", "judge.model", `"some-model"`},
	}
	for _, tt := range tests {
		t.Run(tt.env, func(t *testing.T) {
			clearEnv(t)
			stored := Defaults()
			before, err := Get(stored, tt.key)
			require.NoError(t, err)

			t.Setenv(tt.env, "  "+tt.value+"  ")
			eff := Effective(stored)
			got, err := Get(eff, tt.key)
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
			require.NoError(t, ValidateEffective(stored))

			after, err := Get(stored, tt.key)
			require.NoError(t, err)
			require.Equal(t, before, after, "Effective must not modify its argument")

			ov := Overrides(stored)
			require.Len(t, ov, 1)
			require.Equal(t, Override{Key: tt.key, EnvVar: tt.env, Value: tt.want, Stored: before}, ov[0])
		})
	}
}

func TestEffectiveIgnoresEmptyVariables(t *testing.T) {
	clearEnv(t)
	t.Setenv("OPENAI_BASE_URL", "   ")
	s := Defaults()
	require.Equal(t, s, Effective(s))
	require.Empty(t, Overrides(s))
}

func TestEffectiveJudgeSwitchClearsForeignModel(t *testing.T) {
	clearEnv(t)
	s := Defaults()
	require.NoError(t, Set(&s, "judge.provider", "ollama"))
	require.NoError(t, Set(&s, "judge.model", "qwen2.5:7b"))

	t.Setenv("DEEPCRITICAL_JUDGE", "openai")
	eff := Effective(s)
	require.Equal(t, domain.ProviderOpenAI, eff.Judge.Provider)
	require.Equal(t, "gpt-4o-mini", eff.JudgeModel(), "the Ollama model must not be sent to OpenAI")

	t.Setenv("DEEPCRITICAL_MODEL", "gpt-4.1")
	require.Equal(t, "gpt-4.1", Effective(s).JudgeModel())

	t.Setenv("DEEPCRITICAL_JUDGE", "ollama")
	t.Setenv("DEEPCRITICAL_MODEL", "")
	require.Equal(t, "qwen2.5:7b", Effective(s).JudgeModel(), "the same provider keeps its stored model")
}

func TestValidateEffectiveNamesTheVariable(t *testing.T) {
	clearEnv(t)
	t.Setenv("DEEPCRITICAL_JUDGE", "gpt5")
	t.Setenv("DEEPCRITICAL_PUBMED_URL", "eutils.example.org")
	s := Defaults()
	require.NoError(t, Validate(s), "the stored settings are fine")
	err := ValidateEffective(s)
	require.Error(t, err)
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
	msg := err.Error()
	require.Contains(t, msg, `judge.provider must be one of offline, openai, anthropic, huggingface, ollama, compatible, cli, got "gpt5"`)
	require.Contains(t, msg, "judge.provider comes from the environment variable DEEPCRITICAL_JUDGE")
	require.Contains(t, msg, "sources.pubmed_url comes from the environment variable DEEPCRITICAL_PUBMED_URL")
}

func TestOllamaHost(t *testing.T) {
	tests := []struct{ in, want string }{
		{"127.0.0.1", "http://127.0.0.1:11434"},
		{"0.0.0.0:11500", "http://0.0.0.0:11500"},
		{"gpu-box.lan", "http://gpu-box.lan:11434"},
		{"http://gpu-box.lan", "http://gpu-box.lan:80"},
		{"https://ollama.example.org", "https://ollama.example.org:443"},
		{"https://ollama.example.org:8443/proxy/", "https://ollama.example.org:8443/proxy"},
		{"[::1]:11434", "http://[::1]:11434"},
		{"::1", "http://[::1]:11434"},
		{"", "http://127.0.0.1:11434"},
		{"http://proxyuser:pa55word@10.1.2.3:11434", "http://proxyuser:pa55word@10.1.2.3:11434"},
		{"https://proxyuser:pa55word@ollama.example.org/api-proxy", "https://proxyuser:pa55word@ollama.example.org:443/api-proxy"},
		{"proxyuser:pa55word@gpu-box.lan", "http://proxyuser:pa55word@gpu-box.lan:11434"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := ollamaHostURL(tt.in)
			require.Equal(t, tt.want, got)
			require.True(t, validHTTPURL(got), got)
		})
	}
}

func TestOverridesRedactURLPasswords(t *testing.T) {
	clearEnv(t)
	t.Setenv("DEEPCRITICAL_COMPAT_BASE_URL", "https://user:hunter2-canary@llm.example.org/v1")
	s := Defaults()
	ov := Overrides(s)
	require.Len(t, ov, 1)
	require.NotContains(t, ov[0].Value, "hunter2-canary")
	require.Contains(t, ov[0].Value, "llm.example.org")
	pub := s.Public(nil)
	require.NotContains(t, pub.Settings.Provider(domain.ProviderCompatible).BaseURL, "hunter2-canary")
	// The effective settings used to connect keep the full URL.
	require.Contains(t, Effective(s).Provider(domain.ProviderCompatible).BaseURL, "hunter2-canary")
}
