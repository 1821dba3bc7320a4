package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"deepcritical/backend/domain"
)

// Default endpoints of the sources and providers (environment variables override them).
const (
	DefaultOpenAIBaseURL      = "https://api.openai.com/v1"
	DefaultAnthropicBaseURL   = "https://api.anthropic.com"
	DefaultHuggingFaceBaseURL = "https://router.huggingface.co/v1"
	DefaultOllamaBaseURL      = "http://127.0.0.1:11434"
	DefaultCLICommand         = "claude"

	DefaultPubMedURL    = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils"
	DefaultEuropePMCURL = "https://www.ebi.ac.uk/europepmc/webservices/rest"
	DefaultCTGovURL     = "https://clinicaltrials.gov/api/v2"
	DefaultWebURL       = "https://html.duckduckgo.com/html"

	// DefaultZoteroURL is where a running Zotero listens for its connector and local API.
	DefaultZoteroURL = "http://127.0.0.1:23119"
)

// Load's errors wrap one of these so callers can tell a file that is not JSON (leave it
// alone, tell the user) from one whose values are out of range (repairable with Set).
var (
	ErrMalformed     = errors.New("settings file is not valid JSON")
	ErrInvalidValues = errors.New("settings file has invalid values")
)

// JudgeSettings names the judge used when a run does not choose one. An empty Model means
// the chosen provider's configured model.
type JudgeSettings struct {
	Provider domain.Provider `json:"provider"`
	Model    string          `json:"model"`
}

// ProviderSettings configures one LLM backend. API keys are not here: they live in the
// SecretStore so settings.json can be shared or shown without leaking them.
type ProviderSettings struct {
	BaseURL string `json:"base_url,omitempty"`
	Model   string `json:"model"`
	// FallbackModels are tried in order after Model, within the same provider (the HF chain).
	FallbackModels []string `json:"fallback_models,omitempty"`
	TimeoutS       int      `json:"timeout_s"`
	// Command is the judge executable or command template of the cli provider.
	Command string `json:"command,omitempty"`
}

// Chain returns Model followed by the fallback models, without empties or repeats.
func (p ProviderSettings) Chain() []string {
	var out []string
	for _, m := range append([]string{p.Model}, p.FallbackModels...) {
		if m != "" && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// Timeout is TimeoutS as a duration.
func (p ProviderSettings) Timeout() time.Duration { return time.Duration(p.TimeoutS) * time.Second }

// SourceSettings says which literature sources a run searches by default and where they are.
type SourceSettings struct {
	Enabled      []domain.Source `json:"enabled"`
	PubMedURL    string          `json:"pubmed_url"`
	EuropePMCURL string          `json:"europepmc_url"`
	CTGovURL     string          `json:"ctgov_url"`
	WebURL       string          `json:"web_url"`
	NCBIEmail    string          `json:"ncbi_email"`
}

// QualityWeights are the methodological-quality component weights (10 points in all).
type QualityWeights struct {
	Randomization         float64 `json:"randomization"`
	Blinding              float64 `json:"blinding"`
	AllocationConcealment float64 `json:"allocation_concealment"`
	Preregistration       float64 `json:"preregistration"`
	ITT                   float64 `json:"itt"`
	Attrition             float64 `json:"attrition"`
}

// Map returns the weights keyed by component name, the names the appraisal package uses.
func (w QualityWeights) Map() map[string]float64 {
	return map[string]float64{
		"randomization":          w.Randomization,
		"blinding":               w.Blinding,
		"allocation_concealment": w.AllocationConcealment,
		"preregistration":        w.Preregistration,
		"itt":                    w.ITT,
		"attrition":              w.Attrition,
	}
}

// RiskOfBiasWeights are the risk-of-bias domain weights (10 points in all, higher =
// lower risk).
type RiskOfBiasWeights struct {
	Selection   float64 `json:"selection"`
	Performance float64 `json:"performance"`
	Detection   float64 `json:"detection"`
	Reporting   float64 `json:"reporting"`
}

// Map returns the weights keyed by domain name.
func (w RiskOfBiasWeights) Map() map[string]float64 {
	return map[string]float64{
		"selection":   w.Selection,
		"performance": w.Performance,
		"detection":   w.Detection,
		"reporting":   w.Reporting,
	}
}

// AppraisalSettings configures per-paper appraisal: weights, how many papers are appraised
// at once against cloud and local models, and the token budget of a paper's text.
type AppraisalSettings struct {
	QualityWeights    QualityWeights    `json:"quality_weights"`
	RiskOfBiasWeights RiskOfBiasWeights `json:"risk_of_bias_weights"`
	ConcurrencyCloud  int               `json:"concurrency_cloud"`
	ConcurrencyLocal  int               `json:"concurrency_local"`
	TokenBudget       int               `json:"token_budget"`
}

// UISettings remembers the desktop window between sessions.
type UISettings struct {
	LastView     string `json:"last_view"`
	WindowWidth  int    `json:"window_width"`
	WindowHeight int    `json:"window_height"`
	Theme        string `json:"theme"`
}

// Settings is the content of settings.json. It never holds a secret.
type Settings struct {
	Judge     JudgeSettings                        `json:"judge"`
	Providers map[domain.Provider]ProviderSettings `json:"providers"`
	Sources   SourceSettings                       `json:"sources"`
	// Run holds the default run limits. Its sources and judge are not stored here (they
	// would duplicate sources.enabled and judge); RunConfig merges them in.
	Run       domain.RunConfig  `json:"run"`
	Appraisal AppraisalSettings `json:"appraisal"`
	UI        UISettings        `json:"ui"`
	Review    ReviewSettings    `json:"review"`
	Zotero    ZoteroSettings    `json:"zotero"`
}

// ZoteroSettings say where the user's running Zotero answers (its connector server and its
// local API share one port).
type ZoteroSettings struct {
	URL string `json:"url"`
}

// ReviewSettings are the reviewer's: the name every decision is recorded under ("" means the
// operating system's user name).
type ReviewSettings struct {
	Author string `json:"author,omitempty"`
}

// LLMProviders are the providers that have settings (every provider but offline), in
// display order.
var LLMProviders = []domain.Provider{
	domain.ProviderOpenAI, domain.ProviderAnthropic, domain.ProviderHuggingFace,
	domain.ProviderOllama, domain.ProviderCompatible, domain.ProviderCLI,
}

// Themes are the allowed values of ui.theme.
var Themes = []string{"system", "light", "dark"}

// DefaultProviderSettings returns the defaults of one provider (the zero value for offline).
func DefaultProviderSettings(p domain.Provider) ProviderSettings {
	switch p {
	case domain.ProviderOpenAI:
		return ProviderSettings{BaseURL: DefaultOpenAIBaseURL, Model: "gpt-4o-mini", TimeoutS: 60}
	case domain.ProviderAnthropic:
		return ProviderSettings{BaseURL: DefaultAnthropicBaseURL, Model: "claude-sonnet-4-5", TimeoutS: 60}
	case domain.ProviderHuggingFace:
		return ProviderSettings{
			BaseURL:        DefaultHuggingFaceBaseURL,
			Model:          "meta-llama/Llama-3.1-8B-Instruct",
			FallbackModels: []string{"mistralai/Mistral-7B-Instruct-v0.3", "HuggingFaceH4/zephyr-7b-beta"},
			TimeoutS:       60,
		}
	case domain.ProviderOllama:
		// Local models on a laptop CPU are slow; a longer timeout avoids failing honest work.
		return ProviderSettings{BaseURL: DefaultOllamaBaseURL, Model: "llama3.1:8b", TimeoutS: 180}
	case domain.ProviderCompatible:
		return ProviderSettings{BaseURL: "", Model: "", TimeoutS: 120}
	case domain.ProviderCLI:
		return ProviderSettings{Command: DefaultCLICommand, Model: "sonnet", TimeoutS: 180}
	}
	return ProviderSettings{}
}

// Defaults returns the settings a fresh install starts with: the offline judge, PubMed,
// Europe PMC and ClinicalTrials.gov, and the run limits (domain.RunConfig).
func Defaults() Settings {
	providers := make(map[domain.Provider]ProviderSettings, len(LLMProviders))
	for _, p := range LLMProviders {
		providers[p] = DefaultProviderSettings(p)
	}
	run := domain.DefaultRunConfig()
	run.Sources, run.Judge, run.Model = nil, "", ""
	return Settings{
		Judge:     JudgeSettings{Provider: domain.ProviderOffline},
		Providers: providers,
		Sources: SourceSettings{
			Enabled:      []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials},
			PubMedURL:    DefaultPubMedURL,
			EuropePMCURL: DefaultEuropePMCURL,
			CTGovURL:     DefaultCTGovURL,
			WebURL:       DefaultWebURL,
		},
		Run: run,
		Appraisal: AppraisalSettings{
			QualityWeights: QualityWeights{
				Randomization: 2, Blinding: 3, AllocationConcealment: 1.5,
				Preregistration: 1.5, ITT: 1, Attrition: 1,
			},
			RiskOfBiasWeights: RiskOfBiasWeights{Selection: 2.5, Performance: 2.5, Detection: 2.5, Reporting: 2.5},
			ConcurrencyCloud:  4,
			ConcurrencyLocal:  1,
			TokenBudget:       8000,
		},
		UI:     UISettings{LastView: "research", WindowWidth: 1280, WindowHeight: 800, Theme: "system"},
		Zotero: ZoteroSettings{URL: DefaultZoteroURL},
	}
}

// Provider returns the settings of p, falling back to p's defaults when the map lacks it.
func (s Settings) Provider(p domain.Provider) ProviderSettings {
	if ps, ok := s.Providers[p]; ok {
		return ps
	}
	return DefaultProviderSettings(p)
}

// JudgeModel is the model the default judge runs: judge.model, or else the chosen
// provider's model ("" for offline).
func (s Settings) JudgeModel() string {
	if s.Judge.Model != "" {
		return s.Judge.Model
	}
	if s.Judge.Provider == domain.ProviderOffline {
		return ""
	}
	return s.Provider(s.Judge.Provider).Model
}

// RunConfig is the run configuration a new run starts from: the stored limits with the
// enabled sources and the default judge merged in.
func (s Settings) RunConfig() domain.RunConfig {
	rc := s.Run
	rc.Sources = slices.Clone(s.Sources.Enabled)
	rc.Judge = s.Judge.Provider
	rc.Model = s.JudgeModel()
	return rc
}

// Clone returns a deep copy, so callers can edit settings without touching a shared value.
func (s Settings) Clone() Settings {
	c := s
	c.Providers = make(map[domain.Provider]ProviderSettings, len(s.Providers))
	for p, ps := range s.Providers {
		ps.FallbackModels = slices.Clone(ps.FallbackModels)
		c.Providers[p] = ps
	}
	c.Sources.Enabled = slices.Clone(s.Sources.Enabled)
	c.Run.Sources = slices.Clone(s.Run.Sources)
	return c
}

// Load reads settings.json over the defaults: keys missing from the file keep their
// defaults, and a missing or empty file means all defaults. A file that is not valid JSON
// is an error naming the file and the line, and is left untouched so nothing the user
// wrote is lost. A file with invalid values is an error too; the decoded settings are
// still returned with it so `settings set` can repair the offending key.
func Load(p Paths) (Settings, error) {
	data, exists, err := readFileIfExists(p.SettingsFile)
	if err != nil {
		return Defaults(), domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot read settings file %s", p.SettingsFile))
	}
	if !exists || len(bytes.TrimSpace(data)) == 0 {
		return Defaults(), nil
	}
	s, err := decode(data)
	if err != nil {
		return Defaults(), domain.Wrap(domain.CodeInvalid, fmt.Errorf("%w: %w", ErrMalformed, err),
			fmt.Sprintf("settings file %s is not valid JSON: %s; fix or remove it (it was not changed)", p.SettingsFile, describeJSONError(data, err)))
	}
	if err := Validate(s); err != nil {
		return s, domain.Wrap(domain.CodeInvalid, fmt.Errorf("%w: %w", ErrInvalidValues, err),
			fmt.Sprintf("settings file %s has invalid values: %s", p.SettingsFile, domain.SafeMessage(err)))
	}
	return s, nil
}

// decode merges JSON over the defaults. Provider entries are merged field by field, so a
// file that only sets providers.openai.model keeps the default base URL and timeout.
func decode(data []byte) (Settings, error) {
	var raw struct {
		Providers map[domain.Provider]json.RawMessage `json:"providers"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return Settings{}, err
	}
	s := Defaults()
	providers := s.Providers
	s.Providers = nil
	if err := json.Unmarshal(data, &s); err != nil {
		return Settings{}, err
	}
	s.Providers = providers
	for name, msg := range raw.Providers {
		ps := s.Provider(name)
		if string(bytes.TrimSpace(msg)) == "null" {
			continue
		}
		if err := json.Unmarshal(msg, &ps); err != nil {
			return Settings{}, fmt.Errorf("providers.%s: %w", name, err)
		}
		s.Providers[name] = ps
	}
	return s, nil
}

// describeJSONError turns a decoder error into "line L, column C: msg" when it has an offset.
func describeJSONError(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var off int64 = -1
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	}
	if off < 0 {
		return err.Error()
	}
	// The decoder reports the offset after the byte it choked on.
	if off > 0 {
		off--
	}
	line, col := 1, 1
	for i := int64(0); i < off && i < int64(len(data)); i++ {
		if data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("line %d, column %d: %s", line, col, err.Error())
}

// Save validates s and writes it atomically to settings.json with 0600 permissions in a
// 0700 directory. Invalid settings are rejected before anything is written.
func Save(p Paths, s Settings) error {
	if err := Validate(s); err != nil {
		return err
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return domain.Wrap(domain.CodeInternal, fmt.Errorf("encode settings: %w", err), "cannot encode settings")
	}
	data = append(data, '\n')
	if err := writeFileAtomic(p.SettingsFile, data); err != nil {
		return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot write settings file %s", p.SettingsFile))
	}
	return nil
}
