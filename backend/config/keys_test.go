package config

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// setCase is one key with a value it must accept (and print back as want) and values it
// must reject.
type setCase struct {
	key     string
	valid   string
	want    string
	invalid []string
}

func setCases() []setCase {
	cases := []setCase{
		{"judge.provider", "OpenAI", `"openai"`, []string{"gpt", "", "offline,openai"}},
		{"judge.model", "gpt-4.1", `"gpt-4.1"`, []string{"gpt 4", "a\tb"}},
		{"sources.enabled", "pubmed, web,pubmed", `"pubmed,web"`, []string{"", "scholar", "pubmed,scholar", " , "}},
		{"sources.pubmed_url", "http://127.0.0.1:8080/eutils", `"http://127.0.0.1:8080/eutils"`, []string{"", "ftp://x.org", "eutils.ncbi.nlm.nih.gov", "http://", "http://a b"}},
		{"sources.europepmc_url", "https://example.org/rest", `"https://example.org/rest"`, []string{"", "file:///etc/passwd"}},
		{"sources.ctgov_url", "https://example.org/v2", `"https://example.org/v2"`, []string{"", "::"}},
		{"sources.web_url", "https://example.org/html", `"https://example.org/html"`, []string{"", "javascript:alert(1)"}},
		{"zotero.url", "http://127.0.0.1:23120", `"http://127.0.0.1:23120"`, []string{"", "127.0.0.1:23119"}},
		{"sources.ncbi_email", "me@example.org", `"me@example.org"`, []string{"me", "Me <me@example.org>", "a@b@c"}},
		{"run.max_iterations", "10", "10", []string{"0", "11", "42", "x", "", "1.5"}},
		{"run.max_results_per_source", "50", "50", []string{"0", "51", "ten"}},
		{"run.search_timeout_s", "5", "5", []string{"4", "121", "-1"}},
		{"run.queries_per_iteration", "1", "1", []string{"0", "6"}},
		{"appraisal.concurrency_cloud", "8", "8", []string{"0", "33"}},
		{"appraisal.concurrency_local", "2", "2", []string{"0", "9"}},
		{"appraisal.token_budget", "16000", "16000", []string{"499", "200001", "8k"}},
		{"review.author", "Ana Lima", `"Ana Lima"`, []string{"line\nbreak"}},
		{"ui.theme", "dark", `"dark"`, []string{"Dark", "blue", ""}},
		{"ui.last_view", "history", `"history"`, []string{"../etc", "a b", strings.Repeat("v", 41)}},
		{"ui.window_width", "1920", "1920", []string{"399", "10001"}},
		{"ui.window_height", "1080", "1080", []string{"299", "10001"}},
	}
	for _, name := range []string{"randomization", "blinding", "allocation_concealment", "preregistration", "itt", "attrition"} {
		cases = append(cases, setCase{"appraisal.quality_weights." + name, "2.5", "2.5", []string{"-0.5", "10.5", "NaN", "Inf", "x"}})
	}
	for _, name := range []string{"selection", "performance", "detection", "reporting"} {
		cases = append(cases, setCase{"appraisal.risk_of_bias_weights." + name, "0", "0", []string{"-1", "11", "a"}})
	}
	for _, p := range LLMProviders {
		prefix := "providers." + string(p) + "."
		if p == domain.ProviderCLI {
			cases = append(cases, setCase{prefix + "command", "mycmd --flag x", `"mycmd --flag x"`, []string{"", strings.Repeat("c", 1001)}})
		} else {
			invalidURL := []string{"ftp://host", "localhost:11434", "http://a b"}
			if p != domain.ProviderCompatible {
				invalidURL = append(invalidURL, "")
			}
			cases = append(cases, setCase{prefix + "base_url", "http://127.0.0.1:9999/v1", `"http://127.0.0.1:9999/v1"`, invalidURL})
			cases = append(cases, setCase{prefix + "fallback_models", "m1, org/m2", `"m1,org/m2"`, []string{"m1,bad model"}})
		}
		invalidModel := []string{"two words"}
		if p != domain.ProviderCompatible {
			invalidModel = append(invalidModel, "")
		}
		cases = append(cases, setCase{prefix + "model", "org/model-1:8b", `"org/model-1:8b"`, invalidModel})
		cases = append(cases, setCase{prefix + "timeout_s", "600", "600", []string{"4", "601", "30s"}})
	}
	return cases
}

// TestSetCoversEveryKey fails when a key is added without a test case.
func TestSetCoversEveryKey(t *testing.T) {
	covered := map[string]bool{}
	for _, c := range setCases() {
		covered[c.key] = true
	}
	for _, k := range Keys() {
		if k.Secret {
			continue
		}
		require.True(t, covered[k.Key], "no Set test case for %s", k.Key)
		require.NotEmpty(t, k.Description, k.Key)
		require.NotEmpty(t, k.Allowed, k.Key)
	}
}

func TestSetEveryKey(t *testing.T) {
	for _, tc := range setCases() {
		t.Run(tc.key, func(t *testing.T) {
			s := Defaults()
			require.NoError(t, Set(&s, tc.key, tc.valid))
			got, err := Get(s, tc.key)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
			require.NoError(t, Validate(s), "a value Set accepts must pass Validate")

			for _, bad := range tc.invalid {
				before := s.Clone()
				err := Set(&s, tc.key, bad)
				require.Error(t, err, "value %q", bad)
				require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
				msg := domain.SafeMessage(err)
				require.True(t, strings.HasPrefix(msg, tc.key+" must be "), "message %q must name the key", msg)
				require.Contains(t, msg, "got ")
				require.Equal(t, before, s, "a rejected value must leave the settings unchanged")
			}
		})
	}
}

func TestSetMessages(t *testing.T) {
	tests := []struct{ key, value, want string }{
		{"run.max_iterations", "42", "run.max_iterations must be between 1 and 10, got 42"},
		{"run.max_iterations", "many", `run.max_iterations must be an integer between 1 and 10, got "many"`},
		{"judge.provider", "gpt", `judge.provider must be one of offline, openai, anthropic, huggingface, ollama, compatible, cli, got "gpt"`},
		{"sources.enabled", "pubmed,scholar", `sources.enabled must be a comma-separated list of one or more of pubmed, europepmc, clinicaltrials, web, library, got "pubmed,scholar"`},
		{"ui.theme", "blue", `ui.theme must be one of system, light, dark, got "blue"`},
		{"providers.openai.base_url", "api.openai.com", `providers.openai.base_url must be an http or https URL, got "api.openai.com"`},
		{"ui.last_view", "a\nb", `ui.last_view must be a view name of letters, digits, - or _ (at most 40), or empty (without control characters), got "a\nb"`},
	}
	for _, tt := range tests {
		t.Run(tt.key+"="+tt.value, func(t *testing.T) {
			s := Defaults()
			err := Set(&s, tt.key, tt.value)
			require.EqualError(t, err, tt.want)
		})
	}
}

func TestSetKeysAreCaseAndSpaceInsensitive(t *testing.T) {
	s := Defaults()
	require.NoError(t, Set(&s, "  UI.Theme ", " light "))
	require.Equal(t, "light", s.UI.Theme)
}

func TestSetUnknownKeyListsValidKeys(t *testing.T) {
	s := Defaults()
	err := Set(&s, "run.max_iteration", "3")
	require.Error(t, err)
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
	msg := err.Error()
	require.Contains(t, msg, `unknown setting "run.max_iteration" (did you mean run.max_iterations?)`)
	for _, k := range Keys() {
		require.Contains(t, msg, k.Key)
	}
	require.Equal(t, Defaults(), s)

	err = Set(&s, "completely.different", "3")
	require.Error(t, err)
	require.NotContains(t, err.Error(), "did you mean")
}

func TestSetRefusesSecrets(t *testing.T) {
	s := Defaults()
	err := Set(&s, "secrets.openai_api_key", "sk-should-not-land-in-settings")
	require.Error(t, err)
	require.Contains(t, err.Error(), "secrets.openai_api_key is a secret")
	require.NotContains(t, err.Error(), "sk-should-not")
	require.Equal(t, Defaults(), s)
	_, err = Get(s, "secrets.hf_token")
	require.Error(t, err)
	_, err = Get(s, "nope")
	require.Error(t, err)
}

func TestSetJudgeProviderResetsModel(t *testing.T) {
	s := Defaults()
	require.NoError(t, Set(&s, "judge.provider", "ollama"))
	require.NoError(t, Set(&s, "judge.model", "qwen2.5:7b"))
	require.Equal(t, "qwen2.5:7b", s.JudgeModel())
	require.NoError(t, Set(&s, "judge.provider", "ollama"))
	require.Equal(t, "qwen2.5:7b", s.JudgeModel(), "re-selecting the same provider keeps the model")
	require.NoError(t, Set(&s, "judge.provider", "openai"))
	require.Equal(t, "gpt-4o-mini", s.JudgeModel(), "an Ollama model never follows the judge to OpenAI")
}

func TestSetProviderOnMissingEntryStartsFromDefaults(t *testing.T) {
	s := Defaults()
	delete(s.Providers, domain.ProviderAnthropic)
	require.NoError(t, Set(&s, "providers.anthropic.model", "claude-opus-4-1"))
	a := s.Providers[domain.ProviderAnthropic]
	require.Equal(t, "claude-opus-4-1", a.Model)
	require.Equal(t, DefaultAnthropicBaseURL, a.BaseURL)
}

func TestKeysListsSecretsLast(t *testing.T) {
	keys := Keys()
	var secrets []string
	for i, k := range keys {
		if k.Secret {
			secrets = append(secrets, k.Key)
			require.NotEmpty(t, k.EnvVar)
		} else {
			require.Empty(t, secrets, "setting %s (index %d) after a secret", k.Key, i)
		}
	}
	require.Equal(t, []string{"secrets.openai_api_key", "secrets.anthropic_api_key", "secrets.hf_token", "secrets.compat_api_key", "secrets.ncbi_api_key"}, secrets)
}

func TestUpdatePersistsOrLeavesFileUnchanged(t *testing.T) {
	p := testPaths(t)
	res, err := Update(p, nil, "run.max_iterations", "7")
	require.NoError(t, err)
	require.Equal(t, UpdateResult{Key: "run.max_iterations", Value: "7"}, res)
	saved := readOrNil(t, p.SettingsFile)
	require.NotNil(t, saved)
	require.Equal(t, FilePerm, perm(t, p.SettingsFile))

	for _, kv := range [][2]string{{"run.max_iterations", "42"}, {"judge.provider", "gpt"}, {"nope", "x"}, {"sources.enabled", ""}} {
		_, err := Update(p, nil, kv[0], kv[1])
		require.Error(t, err, "%s=%s", kv[0], kv[1])
		require.Equal(t, saved, readOrNil(t, p.SettingsFile), "a failed set must leave settings.json as it was")
	}
	s, err := Load(p)
	require.NoError(t, err)
	require.Equal(t, 7, s.Run.MaxIterations)
}

func TestUpdateReportsEnvironmentOverride(t *testing.T) {
	p := testPaths(t)
	t.Setenv("OLLAMA_HOST", "10.0.0.5")
	res, err := Update(p, nil, "providers.ollama.base_url", "http://127.0.0.1:11500")
	require.NoError(t, err)
	require.Equal(t, "OLLAMA_HOST", res.OverriddenBy)
}

func TestUpdateSecretGoesToStoreNotSettings(t *testing.T) {
	p := testPaths(t)
	kr := newFakeKeyring()
	store := NewSecretStore(p, kr)
	const key = "sk-update-canary-0123456789"
	res, err := Update(p, store, "secrets.openai_api_key", key)
	require.NoError(t, err)
	require.Equal(t, UpdateResult{Key: "secrets.openai_api_key", Secret: true, Stored: SecretSourceKeyring}, res)
	require.Nil(t, readOrNil(t, p.SettingsFile), "a secret never touches settings.json")
	v, src, err := store.Get(SecretOpenAIKey)
	require.NoError(t, err)
	require.Equal(t, key, v)
	require.Equal(t, SecretSourceKeyring, src)

	_, err = Update(p, nil, "secrets.openai_api_key", key)
	require.Error(t, err)
	require.NotContains(t, err.Error(), key)
	_, statErr := os.Stat(p.SecretsFile)
	require.True(t, os.IsNotExist(statErr))
}
