package config

import (
	"fmt"
	"math"
	"net/mail"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"deepcritical/backend/domain"

	edlib "github.com/hbollon/go-edlib"
)

// KeyInfo describes one key of `deepcritical settings set KEY VALUE`: what it means, what
// values it accepts, the environment variable that overrides it, and whether it is a
// secret (kept by the SecretStore, never in settings.json).
type KeyInfo struct {
	Key         string `json:"key"`
	Description string `json:"description"`
	Allowed     string `json:"allowed"`
	EnvVar      string `json:"env_var,omitempty"`
	Secret      bool   `json:"secret,omitempty"`
}

// keyDef binds a KeyInfo to the field it reads and writes. set parses and checks a value
// and only then assigns it, so a rejected value leaves the settings as they were.
type keyDef struct {
	KeyInfo
	get   func(*Settings) string
	set   func(*Settings, string) error
	check func(*Settings) error
	// force assigns a parsed value without checking it, for environment overrides that
	// ValidateEffective reports by variable name instead of silently dropping.
	force   func(*Settings, string)
	fromEnv func(string) string
}

// invalidValue is the one message shape of every rejected value: it names the key, says
// what is allowed and shows what was given.
func invalidValue(key, allowed, got string) error {
	return domain.Errorf(domain.CodeInvalid, "%s must be %s, got %s", key, allowed, got)
}

// accessor reads and writes one typed field of Settings.
type accessor[T any] struct {
	get func(*Settings) T
	put func(*Settings, T)
}

// typedKey builds a keyDef from an accessor, a parser, a validity test and a formatter.
func typedKey[T any](info KeyInfo, acc accessor[T], parse func(string) (T, bool), valid func(T) bool, format func(T) string) keyDef {
	return keyDef{
		KeyInfo: info,
		get:     func(s *Settings) string { return format(acc.get(s)) },
		set: func(s *Settings, raw string) error {
			v, ok := parse(raw)
			if !ok || !valid(v) {
				return invalidValue(info.Key, info.Allowed, strconv.Quote(raw))
			}
			acc.put(s, v)
			return nil
		},
		check: func(s *Settings) error {
			if v := acc.get(s); !valid(v) {
				return invalidValue(info.Key, info.Allowed, format(v))
			}
			return nil
		},
		force: func(s *Settings, raw string) {
			if v, ok := parse(raw); ok {
				acc.put(s, v)
			}
		},
	}
}

func parseString(raw string) (string, bool) { return strings.TrimSpace(raw), true }

func parseInt(raw string) (int, bool) {
	v, err := strconv.Atoi(strings.TrimSpace(raw))
	return v, err == nil
}

func parseFloat(raw string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.TrimSpace(raw), 64)
	return v, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
}

func parseList(raw string) ([]string, bool) {
	var out []string
	for _, part := range strings.Split(raw, ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out, true
}

func quoteString(v string) string { return strconv.Quote(v) }
func formatInt(v int) string      { return strconv.Itoa(v) }
func formatFloat(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}
func formatList(v []string) string { return strconv.Quote(strings.Join(v, ",")) }

func stringKey(info KeyInfo, acc accessor[string], valid func(string) bool) keyDef {
	return typedKey(info, acc, parseString, valid, quoteString)
}

// intKey builds an integer key whose errors are domain.CheckBound's ("run.max_iterations
// must be between 1 and 10, got 42"), with an "integer" hint for text that is not a number.
func intKey(info KeyInfo, acc accessor[int], b domain.Bound) keyDef {
	info.Allowed = fmt.Sprintf("an integer between %d and %d", b.Min, b.Max)
	d := typedKey(info, acc, parseInt, func(v int) bool { return v >= b.Min && v <= b.Max }, formatInt)
	d.set = func(s *Settings, raw string) error {
		v, ok := parseInt(raw)
		if !ok {
			return invalidValue(info.Key, info.Allowed, strconv.Quote(raw))
		}
		if err := domain.CheckBound(info.Key, v, b); err != nil {
			return err
		}
		acc.put(s, v)
		return nil
	}
	d.check = func(s *Settings) error { return domain.CheckBound(info.Key, acc.get(s), b) }
	return d
}

func weightKey(info KeyInfo, acc accessor[float64]) keyDef {
	info.Allowed = "a number between 0 and 10"
	return typedKey(info, acc, parseFloat, func(v float64) bool { return v >= 0 && v <= 10 }, formatFloat)
}

// validHTTPURL accepts absolute http and https URLs with a host.
func validHTTPURL(v string) bool {
	u, err := url.Parse(v)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && !hasSpaceOrControl(v)
}

func hasSpaceOrControl(v string) bool {
	return strings.IndexFunc(v, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0
}

func hasControl(v string) bool { return strings.IndexFunc(v, unicode.IsControl) >= 0 }

// validModel accepts model identifiers as the providers spell them ("gpt-4o-mini",
// "llama3.1:8b", "meta-llama/Llama-3.1-8B-Instruct"): no spaces, at most 200 bytes.
func validModel(v string) bool { return len(v) <= 200 && !hasSpaceOrControl(v) }

func validEmail(v string) bool {
	if v == "" {
		return true
	}
	a, err := mail.ParseAddress(v)
	return err == nil && a.Address == v
}

func validViewName(v string) bool {
	if len(v) > 40 {
		return false
	}
	return strings.IndexFunc(v, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) < 0
}

func orEmpty(valid func(string) bool) func(string) bool {
	return func(v string) bool { return v == "" || valid(v) }
}

func providerNames() string {
	names := make([]string, len(domain.AllProviders))
	for i, p := range domain.AllProviders {
		names[i] = string(p)
	}
	return strings.Join(names, ", ")
}

func sourceNames() string {
	names := make([]string, len(domain.AllSources))
	for i, s := range domain.AllSources {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

// providerAccessor reads and writes one field of a provider's settings, copying the entry
// out of the map and back (map values are not addressable), starting from p's defaults
// when the entry is missing.
func providerAccessor[T any](p domain.Provider, get func(ProviderSettings) T, put func(*ProviderSettings, T)) accessor[T] {
	return accessor[T]{
		get: func(s *Settings) T { return get(s.Provider(p)) },
		put: func(s *Settings, v T) {
			ps := s.Provider(p)
			put(&ps, v)
			if s.Providers == nil {
				s.Providers = map[domain.Provider]ProviderSettings{}
			}
			s.Providers[p] = ps
		},
	}
}

// providerEnv maps each provider's base URL (or command) to its overriding variable.
var providerEnv = map[domain.Provider]string{
	domain.ProviderOpenAI:      "OPENAI_BASE_URL",
	domain.ProviderAnthropic:   "ANTHROPIC_BASE_URL",
	domain.ProviderHuggingFace: "HF_BASE_URL",
	domain.ProviderOllama:      "OLLAMA_HOST",
	domain.ProviderCompatible:  "DEEPCRITICAL_COMPAT_BASE_URL",
	domain.ProviderCLI:         "DEEPCRITICAL_CLI_JUDGE",
}

func providerKeys(p domain.Provider) []keyDef {
	prefix := "providers." + string(p) + "."
	optional := p == domain.ProviderCompatible
	var defs []keyDef
	if p == domain.ProviderCLI {
		defs = append(defs, stringKey(KeyInfo{
			Key:         prefix + "command",
			Description: "judge command run without a shell (\"claude\", or a template such as \"mycmd --flag\")",
			Allowed:     "a non-empty command of at most 1000 characters",
			EnvVar:      providerEnv[p],
		}, providerAccessor(p, func(ps ProviderSettings) string { return ps.Command }, func(ps *ProviderSettings, v string) { ps.Command = v }),
			func(v string) bool { return v != "" && len(v) <= 1000 && !hasControl(v) }))
	} else {
		urlInfo := KeyInfo{
			Key:         prefix + "base_url",
			Description: "base URL of the " + string(p) + " API",
			Allowed:     "an http or https URL",
			EnvVar:      providerEnv[p],
		}
		valid := validHTTPURL
		if optional {
			urlInfo.Allowed = "an http or https URL, or empty when unused"
			valid = orEmpty(validHTTPURL)
		}
		d := stringKey(urlInfo, providerAccessor(p, func(ps ProviderSettings) string { return ps.BaseURL }, func(ps *ProviderSettings, v string) { ps.BaseURL = v }), valid)
		if p == domain.ProviderOllama {
			d.fromEnv = ollamaHostURL
		}
		defs = append(defs, d)
	}
	modelInfo := KeyInfo{Key: prefix + "model", Description: "model the " + string(p) + " judge runs", Allowed: "a model name without spaces"}
	modelValid := func(v string) bool { return v != "" && validModel(v) }
	if optional {
		modelInfo.Allowed = "a model name without spaces, or empty for the server's default"
		modelValid = validModel
	}
	defs = append(defs, stringKey(modelInfo, providerAccessor(p, func(ps ProviderSettings) string { return ps.Model }, func(ps *ProviderSettings, v string) { ps.Model = v }), modelValid))
	if p != domain.ProviderCLI {
		defs = append(defs, typedKey(KeyInfo{
			Key:         prefix + "fallback_models",
			Description: "models of the same provider tried in order after the model fails (never another provider)",
			Allowed:     "a comma-separated list of model names (empty for none)",
		}, providerAccessor(p, func(ps ProviderSettings) []string { return ps.FallbackModels }, func(ps *ProviderSettings, v []string) { ps.FallbackModels = v }),
			parseList, func(v []string) bool {
				return !slices.ContainsFunc(v, func(m string) bool { return m == "" || !validModel(m) })
			}, formatList))
	}
	defs = append(defs, intKey(KeyInfo{Key: prefix + "timeout_s", Description: "seconds before a " + string(p) + " call is abandoned"},
		providerAccessor(p, func(ps ProviderSettings) int { return ps.TimeoutS }, func(ps *ProviderSettings, v int) { ps.TimeoutS = v }),
		domain.Bound{Min: 5, Max: 600, Default: DefaultProviderSettings(p).TimeoutS}))
	return defs
}

// SecretNames are the secrets DeepCritical knows, in display order.
var SecretNames = []string{SecretOpenAIKey, SecretAnthropicKey, SecretHFToken, SecretCompatKey, SecretNCBIKey}

// The secret names: one per provider that needs a key, never stored in the database.
const (
	SecretOpenAIKey    = "openai_api_key"
	SecretAnthropicKey = "anthropic_api_key"
	SecretHFToken      = "hf_token"
	SecretCompatKey    = "compat_api_key"
	SecretNCBIKey      = "ncbi_api_key"
)

// secretEnv maps each secret to the environment variable that provides it.
var secretEnv = map[string]string{
	SecretOpenAIKey:    "OPENAI_API_KEY",
	SecretAnthropicKey: "ANTHROPIC_API_KEY",
	SecretHFToken:      "HF_TOKEN",
	SecretCompatKey:    "DEEPCRITICAL_COMPAT_API_KEY",
	SecretNCBIKey:      "NCBI_API_KEY",
}

var secretDescriptions = map[string]string{
	SecretOpenAIKey:    "OpenAI API key",
	SecretAnthropicKey: "Anthropic API key",
	SecretHFToken:      "Hugging Face access token",
	SecretCompatKey:    "API key of the OpenAI-compatible server (optional)",
	SecretNCBIKey:      "NCBI E-utilities API key (raises the PubMed rate limit from 3 to 10 requests/s)",
}

// SecretEnvVar returns the environment variable that provides a secret, or "".
func SecretEnvVar(name string) string { return secretEnv[name] }

// SecretForProvider names the secret a provider authenticates with; offline, ollama and
// cli need none.
func SecretForProvider(p domain.Provider) (string, bool) {
	switch p {
	case domain.ProviderOpenAI:
		return SecretOpenAIKey, true
	case domain.ProviderAnthropic:
		return SecretAnthropicKey, true
	case domain.ProviderHuggingFace:
		return SecretHFToken, true
	case domain.ProviderCompatible:
		return SecretCompatKey, true
	}
	return "", false
}

// SecretKeyPrefix starts every secret key of `settings set`.
const SecretKeyPrefix = "secrets."

// SecretKey reports whether key names a secret (secrets.openai_api_key, …) and which one.
func SecretKey(key string) (string, bool) {
	name, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(key)), SecretKeyPrefix)
	if !ok || !slices.Contains(SecretNames, name) {
		return "", false
	}
	return name, true
}

// registry lists every settings key in display order. It is built on each call: it holds
// closures, not state.
func registry() []keyDef {
	var defs []keyDef
	defs = append(defs,
		typedKey(KeyInfo{
			Key:         "judge.provider",
			Description: "judge used when a run does not choose one; changing it resets judge.model to the provider's model",
			Allowed:     "one of " + providerNames(),
			EnvVar:      "DEEPCRITICAL_JUDGE",
		}, accessor[domain.Provider]{
			get: func(s *Settings) domain.Provider { return s.Judge.Provider },
			put: func(s *Settings, v domain.Provider) {
				if v != s.Judge.Provider {
					s.Judge.Model = ""
				}
				s.Judge.Provider = v
			},
		}, func(raw string) (domain.Provider, bool) {
			return domain.Provider(strings.ToLower(strings.TrimSpace(raw))), true
		}, domain.Provider.Valid, func(v domain.Provider) string { return strconv.Quote(string(v)) }),
		stringKey(KeyInfo{
			Key:         "judge.model",
			Description: "model of the default judge; empty means the provider's configured model",
			Allowed:     "a model name without spaces, or empty",
			EnvVar:      "DEEPCRITICAL_MODEL",
		}, accessor[string]{get: func(s *Settings) string { return s.Judge.Model }, put: func(s *Settings, v string) { s.Judge.Model = v }}, validModel),
	)
	for _, p := range LLMProviders {
		defs = append(defs, providerKeys(p)...)
	}
	defs = append(defs,
		typedKey(KeyInfo{
			Key:         "sources.enabled",
			Description: "sources searched when a run does not choose them",
			Allowed:     "a comma-separated list of one or more of " + sourceNames(),
		}, accessor[[]domain.Source]{
			get: func(s *Settings) []domain.Source { return s.Sources.Enabled },
			put: func(s *Settings, v []domain.Source) { s.Sources.Enabled = v },
		}, func(raw string) ([]domain.Source, bool) {
			v, err := domain.ParseSources(raw)
			return v, err == nil
		}, func(v []domain.Source) bool {
			return len(v) > 0 && !slices.ContainsFunc(v, func(s domain.Source) bool { return !s.Valid() })
		}, func(v []domain.Source) string {
			return strconv.Quote(domain.JoinSources(v, ","))
		}),
	)
	urlKey := func(key, desc, env string, field func(*SourceSettings) *string) keyDef {
		return stringKey(KeyInfo{Key: key, Description: desc, Allowed: "an http or https URL", EnvVar: env},
			accessor[string]{get: func(s *Settings) string { return *field(&s.Sources) }, put: func(s *Settings, v string) { *field(&s.Sources) = v }},
			validHTTPURL)
	}
	defs = append(defs,
		urlKey("sources.pubmed_url", "PubMed E-utilities base URL", "DEEPCRITICAL_PUBMED_URL", func(s *SourceSettings) *string { return &s.PubMedURL }),
		urlKey("sources.europepmc_url", "Europe PMC REST base URL", "DEEPCRITICAL_EUROPEPMC_URL", func(s *SourceSettings) *string { return &s.EuropePMCURL }),
		urlKey("sources.ctgov_url", "ClinicalTrials.gov API v2 base URL", "DEEPCRITICAL_CTGOV_URL", func(s *SourceSettings) *string { return &s.CTGovURL }),
		urlKey("sources.web_url", "web search (DuckDuckGo HTML) URL", "DEEPCRITICAL_WEB_URL", func(s *SourceSettings) *string { return &s.WebURL }),
		stringKey(KeyInfo{
			Key:         "sources.ncbi_email",
			Description: "contact e-mail sent to NCBI with PubMed requests, as NCBI asks",
			Allowed:     "an e-mail address, or empty",
			EnvVar:      "NCBI_EMAIL",
		}, accessor[string]{get: func(s *Settings) string { return s.Sources.NCBIEmail }, put: func(s *Settings, v string) { s.Sources.NCBIEmail = v }}, validEmail),
		stringKey(KeyInfo{Key: "zotero.url", Description: "address of the running Zotero (its connector and local API)", Allowed: "an http or https URL", EnvVar: "DEEPCRITICAL_ZOTERO_URL"},
			accessor[string]{get: func(s *Settings) string { return s.Zotero.URL }, put: func(s *Settings, v string) { s.Zotero.URL = v }},
			validHTTPURL),
	)
	runKey := func(key, desc string, b domain.Bound, field func(*domain.RunConfig) *int) keyDef {
		return intKey(KeyInfo{Key: key, Description: desc},
			accessor[int]{get: func(s *Settings) int { return *field(&s.Run) }, put: func(s *Settings, v int) { *field(&s.Run) = v }}, b)
	}
	defs = append(defs,
		runKey("run.max_iterations", "search → judge rounds before the report is written", domain.BoundMaxIterations, func(r *domain.RunConfig) *int { return &r.MaxIterations }),
		runKey("run.max_results_per_source", "results fetched from each source per query", domain.BoundMaxResultsPerSource, func(r *domain.RunConfig) *int { return &r.MaxResultsPerSource }),
		runKey("run.search_timeout_s", "seconds before a source's search is abandoned", domain.BoundSearchTimeoutS, func(r *domain.RunConfig) *int { return &r.SearchTimeoutS }),
		runKey("run.queries_per_iteration", "queries run concurrently in each iteration", domain.BoundQueriesPerIteration, func(r *domain.RunConfig) *int { return &r.QueriesPerIteration }),
	)
	qw := func(name string, field func(*QualityWeights) *float64) keyDef {
		return weightKey(KeyInfo{Key: "appraisal.quality_weights." + name, Description: "methodological-quality weight of " + name},
			accessor[float64]{get: func(s *Settings) float64 { return *field(&s.Appraisal.QualityWeights) }, put: func(s *Settings, v float64) { *field(&s.Appraisal.QualityWeights) = v }})
	}
	rw := func(name string, field func(*RiskOfBiasWeights) *float64) keyDef {
		return weightKey(KeyInfo{Key: "appraisal.risk_of_bias_weights." + name, Description: "risk-of-bias weight of " + name + " bias"},
			accessor[float64]{get: func(s *Settings) float64 { return *field(&s.Appraisal.RiskOfBiasWeights) }, put: func(s *Settings, v float64) { *field(&s.Appraisal.RiskOfBiasWeights) = v }})
	}
	appraisalInt := func(key, desc string, b domain.Bound, field func(*AppraisalSettings) *int) keyDef {
		return intKey(KeyInfo{Key: key, Description: desc},
			accessor[int]{get: func(s *Settings) int { return *field(&s.Appraisal) }, put: func(s *Settings, v int) { *field(&s.Appraisal) = v }}, b)
	}
	defs = append(defs,
		qw("randomization", func(w *QualityWeights) *float64 { return &w.Randomization }),
		qw("blinding", func(w *QualityWeights) *float64 { return &w.Blinding }),
		qw("allocation_concealment", func(w *QualityWeights) *float64 { return &w.AllocationConcealment }),
		qw("preregistration", func(w *QualityWeights) *float64 { return &w.Preregistration }),
		qw("itt", func(w *QualityWeights) *float64 { return &w.ITT }),
		qw("attrition", func(w *QualityWeights) *float64 { return &w.Attrition }),
		rw("selection", func(w *RiskOfBiasWeights) *float64 { return &w.Selection }),
		rw("performance", func(w *RiskOfBiasWeights) *float64 { return &w.Performance }),
		rw("detection", func(w *RiskOfBiasWeights) *float64 { return &w.Detection }),
		rw("reporting", func(w *RiskOfBiasWeights) *float64 { return &w.Reporting }),
		appraisalInt("appraisal.concurrency_cloud", "papers appraised at once with a cloud judge", domain.Bound{Min: 1, Max: 32, Default: 4}, func(a *AppraisalSettings) *int { return &a.ConcurrencyCloud }),
		appraisalInt("appraisal.concurrency_local", "papers appraised at once with a local judge (Ollama)", domain.Bound{Min: 1, Max: 8, Default: 1}, func(a *AppraisalSettings) *int { return &a.ConcurrencyLocal }),
		appraisalInt("appraisal.token_budget", "tokens of paper text given to the judge or appraiser", domain.Bound{Min: 500, Max: 200000, Default: 8000}, func(a *AppraisalSettings) *int { return &a.TokenBudget }),
	)
	defs = append(defs,
		stringKey(KeyInfo{Key: "review.author", Description: "the reviewer's name recorded with each review decision (empty: the system user name)", Allowed: "a name of at most 80 characters, or empty"},
			accessor[string]{get: func(s *Settings) string { return s.Review.Author }, put: func(s *Settings, v string) { s.Review.Author = strings.TrimSpace(v) }},
			func(v string) bool { return len([]rune(v)) <= 80 && !strings.ContainsAny(v, "\n\r\t") }),
		stringKey(KeyInfo{Key: "ui.theme", Description: "colour theme of the desktop window", Allowed: "one of " + strings.Join(Themes, ", ")},
			accessor[string]{get: func(s *Settings) string { return s.UI.Theme }, put: func(s *Settings, v string) { s.UI.Theme = v }},
			func(v string) bool { return slices.Contains(Themes, v) }),
		stringKey(KeyInfo{Key: "ui.last_view", Description: "view the desktop window opens on", Allowed: "a view name of letters, digits, - or _ (at most 40), or empty"},
			accessor[string]{get: func(s *Settings) string { return s.UI.LastView }, put: func(s *Settings, v string) { s.UI.LastView = v }},
			validViewName),
		intKey(KeyInfo{Key: "ui.window_width", Description: "width of the desktop window in pixels"},
			accessor[int]{get: func(s *Settings) int { return s.UI.WindowWidth }, put: func(s *Settings, v int) { s.UI.WindowWidth = v }},
			domain.Bound{Min: 400, Max: 10000, Default: 1280}),
		intKey(KeyInfo{Key: "ui.window_height", Description: "height of the desktop window in pixels"},
			accessor[int]{get: func(s *Settings) int { return s.UI.WindowHeight }, put: func(s *Settings, v int) { s.UI.WindowHeight = v }},
			domain.Bound{Min: 300, Max: 10000, Default: 800}),
	)
	return defs
}

// Keys lists every key `settings set` accepts, secrets last, in a stable order.
func Keys() []KeyInfo {
	defs := registry()
	out := make([]KeyInfo, 0, len(defs)+len(SecretNames))
	for _, d := range defs {
		out = append(out, d.KeyInfo)
	}
	for _, name := range SecretNames {
		out = append(out, KeyInfo{
			Key:         SecretKeyPrefix + name,
			Description: secretDescriptions[name] + "; kept in the OS keyring or a 0600 file, never in settings.json",
			Allowed:     "a non-empty key without spaces",
			EnvVar:      secretEnv[name],
			Secret:      true,
		})
	}
	return out
}

func lookupKey(key string) (keyDef, bool) {
	key = strings.ToLower(strings.TrimSpace(key))
	for _, d := range registry() {
		if d.Key == key {
			return d, true
		}
	}
	return keyDef{}, false
}

// Set changes one setting by its dotted key, for `settings set KEY VALUE` and the Settings
// view. The value is parsed and checked first; a rejected value leaves s unchanged and the
// error names the key and what it allows. Secrets are refused here: they go to the
// SecretStore (Update does both).
func Set(s *Settings, key, value string) error {
	if s == nil {
		return domain.Errorf(domain.CodeInternal, "settings: Set on nil settings")
	}
	if _, ok := SecretKey(key); ok {
		return domain.Errorf(domain.CodeInvalid, "%s is a secret: it is kept by the secret store (OS keyring or a 0600 file), not in settings.json", strings.ToLower(strings.TrimSpace(key)))
	}
	d, ok := lookupKey(key)
	if !ok {
		return unknownKey(key)
	}
	if hasControl(value) {
		return invalidValue(d.Key, d.Allowed+" (without control characters)", strconv.Quote(value))
	}
	return d.set(s, value)
}

// Get returns one setting's value as `settings show` prints it.
func Get(s Settings, key string) (string, error) {
	if name, ok := SecretKey(key); ok {
		return "", domain.Errorf(domain.CodeInvalid, "%s%s is a secret: only its masked form is shown", SecretKeyPrefix, name)
	}
	d, ok := lookupKey(key)
	if !ok {
		return "", unknownKey(key)
	}
	return d.get(&s), nil
}

func unknownKey(key string) error {
	keys := Keys()
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.Key
	}
	msg := fmt.Sprintf("unknown setting %q", strings.TrimSpace(key))
	if near := closest(strings.ToLower(strings.TrimSpace(key)), names); near != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
	}
	return domain.Errorf(domain.CodeInvalid, "%s; valid keys: %s", msg, strings.Join(names, ", "))
}

// closest returns the key nearest to key by edit distance when it is close enough to be a
// likely typo.
func closest(key string, names []string) string {
	best, bestD := "", 4
	for _, n := range names {
		if d := edlib.LevenshteinDistance(key, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// Validate checks every setting: URLs parse with an http or https scheme, run limits are
// within the bounds of domain.RunConfig, providers and sources are known, weights are
// usable. All problems are reported at once, each naming its key.
func Validate(s Settings) error {
	var problems []string
	for _, d := range registry() {
		if err := d.check(&s); err != nil {
			problems = append(problems, domain.SafeMessage(err))
		}
	}
	names := make([]domain.Provider, 0, len(s.Providers))
	for p := range s.Providers {
		names = append(names, p)
	}
	slices.Sort(names)
	for _, p := range names {
		if !p.Valid() {
			problems = append(problems, fmt.Sprintf("providers.%s is not a known provider (allowed: %s)", p, strings.Join(providerList(LLMProviders), ", ")))
		} else if p == domain.ProviderOffline {
			problems = append(problems, "providers.offline has no settings: the offline judge needs none")
		}
	}
	if len(s.Run.Sources) > 0 {
		problems = append(problems, "run.sources is not a setting: use sources.enabled")
	}
	if s.Run.Judge != "" || s.Run.Model != "" {
		problems = append(problems, "run.judge and run.model are not settings: use judge.provider and judge.model")
	}
	if sumWeights(s.Appraisal.QualityWeights.Map()) <= 0 {
		problems = append(problems, "appraisal.quality_weights must not all be zero")
	}
	if sumWeights(s.Appraisal.RiskOfBiasWeights.Map()) <= 0 {
		problems = append(problems, "appraisal.risk_of_bias_weights must not all be zero")
	}
	if len(problems) == 0 {
		return nil
	}
	return domain.Errorf(domain.CodeInvalid, "invalid settings: %s", strings.Join(problems, "; "))
}

func providerList(ps []domain.Provider) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return out
}

func sumWeights(m map[string]float64) float64 {
	var t float64
	for _, v := range m {
		t += v
	}
	return t
}
