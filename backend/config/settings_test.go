package config

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/internal/golden"
)

func TestDefaultsMatchDesign(t *testing.T) {
	s := Defaults()
	require.NoError(t, Validate(s))
	require.Equal(t, domain.ProviderOffline, s.Judge.Provider)
	require.Empty(t, s.JudgeModel(), "the offline judge has no model")

	tests := []struct {
		provider domain.Provider
		baseURL  string
		model    string
		chain    []string
		command  string
	}{
		{domain.ProviderOpenAI, "https://api.openai.com/v1", "gpt-4o-mini", []string{"gpt-4o-mini"}, ""},
		{domain.ProviderAnthropic, "https://api.anthropic.com", "claude-sonnet-4-5", []string{"claude-sonnet-4-5"}, ""},
		{domain.ProviderHuggingFace, "https://router.huggingface.co/v1", "meta-llama/Llama-3.1-8B-Instruct",
			[]string{"meta-llama/Llama-3.1-8B-Instruct", "mistralai/Mistral-7B-Instruct-v0.3", "HuggingFaceH4/zephyr-7b-beta"}, ""},
		{domain.ProviderOllama, "http://127.0.0.1:11434", "llama3.1:8b", []string{"llama3.1:8b"}, ""},
		{domain.ProviderCompatible, "", "", nil, ""},
		{domain.ProviderCLI, "", "sonnet", []string{"sonnet"}, "claude"},
	}
	for _, tt := range tests {
		t.Run(string(tt.provider), func(t *testing.T) {
			ps := s.Provider(tt.provider)
			require.Equal(t, tt.baseURL, ps.BaseURL)
			require.Equal(t, tt.model, ps.Model)
			require.Equal(t, tt.chain, ps.Chain())
			require.Equal(t, tt.command, ps.Command)
			require.Positive(t, ps.TimeoutS)
		})
	}

	require.Equal(t, []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials}, s.Sources.Enabled)
	require.Equal(t, DefaultPubMedURL, s.Sources.PubMedURL)
	require.Equal(t, DefaultEuropePMCURL, s.Sources.EuropePMCURL)
	require.Equal(t, DefaultCTGovURL, s.Sources.CTGovURL)
	require.Equal(t, DefaultWebURL, s.Sources.WebURL)

	rc := s.RunConfig()
	want := domain.DefaultRunConfig()
	require.Equal(t, want, rc, "RunConfig merges sources and judge back into the domain defaults")
	require.NoError(t, rc.Validate())

	require.Equal(t, map[string]float64{"randomization": 2, "blinding": 3, "allocation_concealment": 1.5, "preregistration": 1.5, "itt": 1, "attrition": 1},
		s.Appraisal.QualityWeights.Map())
	require.Equal(t, map[string]float64{"selection": 2.5, "performance": 2.5, "detection": 2.5, "reporting": 2.5},
		s.Appraisal.RiskOfBiasWeights.Map())
	require.InDelta(t, 10, sumWeights(s.Appraisal.QualityWeights.Map()), 1e-9)
	require.InDelta(t, 10, sumWeights(s.Appraisal.RiskOfBiasWeights.Map()), 1e-9)
	require.Equal(t, 4, s.Appraisal.ConcurrencyCloud)
	require.Equal(t, 1, s.Appraisal.ConcurrencyLocal)
	require.Equal(t, 8000, s.Appraisal.TokenBudget)
	require.Equal(t, "system", s.UI.Theme)
}

// TestDefaultsGolden pins the JSON shape of settings.json (snake_case keys, no secrets).
func TestDefaultsGolden(t *testing.T) {
	got, err := json.MarshalIndent(Defaults(), "", "  ")
	require.NoError(t, err)
	got = append(got, '\n')
	golden.JSONEq(t, filepath.Join("testdata", "defaults.golden.json"), got)
}

func TestLoadMissingFileGivesDefaults(t *testing.T) {
	p := testPaths(t)
	s, err := Load(p)
	require.NoError(t, err)
	require.Equal(t, Defaults(), s)
	_, statErr := os.Stat(p.SettingsFile)
	require.True(t, os.IsNotExist(statErr), "Load must not create the file")
}

func TestLoadEmptyFileGivesDefaults(t *testing.T) {
	p := testPaths(t)
	require.NoError(t, writeFileAtomic(p.SettingsFile, []byte("  \n")))
	s, err := Load(p)
	require.NoError(t, err)
	require.Equal(t, Defaults(), s)
}

func TestLoadMalformedLeavesFileUntouched(t *testing.T) {
	tests := []struct {
		name     string
		content  string
		location string
	}{
		{"truncated", "{\n  \"judge\": {\n    \"provider\": \"openai\"\n", "line"},
		{"trailing comma", "{\n  \"ui\": {\"theme\": \"dark\",}\n}\n", "line 2"},
		{"wrong type", "{\n  \"run\": {\"max_iterations\": \"five\"}\n}\n", "line 2"},
		{"provider wrong type", "{\"providers\": {\"openai\": {\"timeout_s\": \"slow\"}}}", ""},
		{"not an object", "[1, 2, 3]", ""},
		{"html error page", "<html><body>502 Bad Gateway</body></html>", "line 1, column 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPaths(t)
			require.NoError(t, writeFileAtomic(p.SettingsFile, []byte(tt.content)))

			s, err := Load(p)
			require.Error(t, err)
			require.True(t, errors.Is(err, ErrMalformed), "got %v", err)
			require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
			msg := domain.SafeMessage(err)
			require.Contains(t, msg, p.SettingsFile)
			require.Contains(t, msg, tt.location)
			require.Equal(t, Defaults(), s)
			require.Equal(t, tt.content, string(readOrNil(t, p.SettingsFile)), "a malformed file must never be rewritten")

			// Saving over it is a deliberate act; Update must refuse to, and keep the file.
			_, err = Update(p, nil, "ui.theme", "dark")
			require.ErrorIs(t, err, ErrMalformed)
			require.Equal(t, tt.content, string(readOrNil(t, p.SettingsFile)))
		})
	}
}

func TestLoadMergesPartialFileOverDefaults(t *testing.T) {
	p := testPaths(t)
	content := `{
  "judge": {"provider": "ollama"},
  "providers": {"openai": {"model": "gpt-4.1"}, "huggingface": {"fallback_models": []}},
  "run": {"max_iterations": 3},
  "future_section": {"ignored": true}
}`
	require.NoError(t, writeFileAtomic(p.SettingsFile, []byte(content)))
	s, err := Load(p)
	require.NoError(t, err)

	require.Equal(t, domain.ProviderOllama, s.Judge.Provider)
	require.Equal(t, "llama3.1:8b", s.JudgeModel())
	openai := s.Provider(domain.ProviderOpenAI)
	require.Equal(t, "gpt-4.1", openai.Model)
	require.Equal(t, DefaultOpenAIBaseURL, openai.BaseURL, "fields missing from a provider entry keep their defaults")
	require.Equal(t, 60, openai.TimeoutS)
	require.Equal(t, []string{"meta-llama/Llama-3.1-8B-Instruct"}, s.Provider(domain.ProviderHuggingFace).Chain(),
		"an explicit empty fallback list disables the chain")
	require.Equal(t, 3, s.Run.MaxIterations)
	require.Equal(t, 10, s.Run.MaxResultsPerSource)
	require.Equal(t, Defaults().Sources, s.Sources)
}

func TestLoadInvalidValuesNamesKeyAndReturnsDecoded(t *testing.T) {
	p := testPaths(t)
	content := `{"run": {"max_iterations": 42}, "sources": {"pubmed_url": "ftp://example.org"}, "providers": {"gpt": {"model": "x"}}}`
	require.NoError(t, writeFileAtomic(p.SettingsFile, []byte(content)))

	s, err := Load(p)
	require.ErrorIs(t, err, ErrInvalidValues)
	require.False(t, errors.Is(err, ErrMalformed))
	msg := domain.SafeMessage(err)
	require.Contains(t, msg, p.SettingsFile)
	require.Contains(t, msg, "run.max_iterations must be between 1 and 10, got 42")
	require.Contains(t, msg, `sources.pubmed_url must be an http or https URL, got "ftp://example.org"`)
	require.Contains(t, msg, "providers.gpt is not a known provider")
	require.Equal(t, 42, s.Run.MaxIterations, "the decoded settings come back so a repair can start from them")

	// `settings set` can repair the offending key only if the rest is valid; here it is not.
	_, err = Update(p, nil, "run.max_iterations", "4")
	require.Error(t, err)
	require.Equal(t, content, string(readOrNil(t, p.SettingsFile)))
}

func TestUpdateRepairsTheOnlyInvalidKey(t *testing.T) {
	p := testPaths(t)
	require.NoError(t, writeFileAtomic(p.SettingsFile, []byte(`{"run": {"max_iterations": 42}}`)))
	res, err := Update(p, nil, "run.max_iterations", "4")
	require.NoError(t, err)
	require.Equal(t, UpdateResult{Key: "run.max_iterations", Value: "4"}, res)
	s, err := Load(p)
	require.NoError(t, err)
	require.Equal(t, 4, s.Run.MaxIterations)
}

func TestSaveLoadRoundTripAndPermissions(t *testing.T) {
	p := testPaths(t)
	s := Defaults()
	require.NoError(t, Set(&s, "judge.provider", "huggingface"))
	require.NoError(t, Set(&s, "providers.huggingface.fallback_models", "a/b, c/d"))
	require.NoError(t, Set(&s, "sources.enabled", "pubmed,web"))
	require.NoError(t, Set(&s, "ui.window_width", "1600"))
	require.NoError(t, Save(p, s))

	require.Equal(t, FilePerm, perm(t, p.SettingsFile))
	require.Equal(t, DirPerm, perm(t, p.ConfigDir))

	got, err := Load(p)
	require.NoError(t, err)
	require.Equal(t, s, got)
}

func TestSaveRejectsInvalidBeforeWriting(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Settings)
		want   string
	}{
		{"run bound", func(s *Settings) { s.Run.MaxIterations = 0 }, "run.max_iterations must be between 1 and 10, got 0"},
		{"unknown judge", func(s *Settings) { s.Judge.Provider = "gpt" }, `judge.provider must be one of`},
		{"bad url", func(s *Settings) { s.Sources.CTGovURL = "clinicaltrials.gov/api/v2" }, `sources.ctgov_url must be an http or https URL`},
		{"offline provider entry", func(s *Settings) { s.Providers[domain.ProviderOffline] = ProviderSettings{} }, "providers.offline has no settings"},
		{"no sources", func(s *Settings) { s.Sources.Enabled = nil }, "sources.enabled must be"},
		{"unknown source", func(s *Settings) { s.Sources.Enabled = []domain.Source{"scholar"} }, "sources.enabled must be"},
		{"duplicated run sources", func(s *Settings) { s.Run.Sources = []domain.Source{domain.SourcePubMed} }, "run.sources is not a setting"},
		{"duplicated run judge", func(s *Settings) { s.Run.Judge = domain.ProviderOpenAI }, "run.judge and run.model are not settings"},
		{"zero weights", func(s *Settings) { s.Appraisal.RiskOfBiasWeights = RiskOfBiasWeights{} }, "appraisal.risk_of_bias_weights must not all be zero"},
		{"negative weight", func(s *Settings) { s.Appraisal.QualityWeights.ITT = -1 }, "appraisal.quality_weights.itt must be a number between 0 and 10, got -1"},
		{"bad email", func(s *Settings) { s.Sources.NCBIEmail = "not an email" }, "sources.ncbi_email must be an e-mail address"},
		{"provider timeout", func(s *Settings) {
			ps := s.Providers[domain.ProviderOllama]
			ps.TimeoutS = 0
			s.Providers[domain.ProviderOllama] = ps
		}, "providers.ollama.timeout_s must be between 5 and 600, got 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPaths(t)
			s := Defaults()
			tt.mutate(&s)
			err := Save(p, s)
			require.Error(t, err)
			require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
			require.Contains(t, err.Error(), tt.want)
			require.Nil(t, readOrNil(t, p.SettingsFile), "nothing may be written when validation fails")
		})
	}
}

func TestCloneIsDeep(t *testing.T) {
	s := Defaults()
	c := s.Clone()
	c.Sources.Enabled[0] = domain.SourceWeb
	hf := c.Providers[domain.ProviderHuggingFace]
	hf.FallbackModels[0] = "changed"
	c.Providers[domain.ProviderOpenAI] = ProviderSettings{Model: "changed"}
	require.Equal(t, Defaults(), s)
}

func TestJudgeModelAndProviderFallback(t *testing.T) {
	s := Defaults()
	s.Providers = nil
	require.Equal(t, DefaultProviderSettings(domain.ProviderOpenAI), s.Provider(domain.ProviderOpenAI))
	require.NoError(t, Set(&s, "providers.openai.model", "gpt-4.1"))
	require.NoError(t, Set(&s, "judge.provider", "openai"))
	require.Equal(t, "gpt-4.1", s.JudgeModel())
	require.NoError(t, Set(&s, "judge.model", "o4-mini"))
	require.Equal(t, "o4-mini", s.JudgeModel())
	rc := s.RunConfig()
	require.Equal(t, domain.ProviderOpenAI, rc.Judge)
	require.Equal(t, "o4-mini", rc.Model)
	require.Equal(t, 60_000_000_000, int(s.Provider(domain.ProviderOpenAI).Timeout()))
}
