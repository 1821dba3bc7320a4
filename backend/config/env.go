package config

import (
	"net"
	"net/url"
	"os"
	"strings"

	"deepcritical/backend/domain"
)

// Override says that a setting's effective value comes from an environment variable, so
// `settings show` and the Settings view can explain why a stored value is not the one used.
type Override struct {
	Key    string `json:"key"`
	EnvVar string `json:"env_var"`
	// Value is the effective value from the environment, with any URL password redacted.
	Value string `json:"value"`
	// Stored is the value in settings.json that the environment overrides.
	Stored string `json:"stored"`
}

// envValue returns the variable's trimmed value; empty counts as unset so `VAR= cmd` does
// not blank a setting.
func envValue(name string) (string, bool) {
	v := strings.TrimSpace(os.Getenv(name))
	return v, v != ""
}

// Effective applies the DEEPCRITICAL_* environment overrides (endpoints, judge, keys) to a copy of s: the
// environment wins over settings.json. When DEEPCRITICAL_JUDGE picks another provider and
// DEEPCRITICAL_MODEL is unset, judge.model is cleared so the provider's own model runs,
// never a model named for a different provider. The result is not validated (see
// ValidateEffective), so a bad variable shows up as an error rather than being dropped.
func Effective(s Settings) Settings {
	out := s.Clone()
	for _, d := range registry() {
		if d.EnvVar == "" {
			continue
		}
		v, ok := envValue(d.EnvVar)
		if !ok {
			continue
		}
		if d.fromEnv != nil {
			v = d.fromEnv(v)
		}
		// judge.provider comes before judge.model in the registry, and changing the
		// provider clears the model, so DEEPCRITICAL_MODEL (when set) is applied last.
		d.force(&out, v)
	}
	return out
}

// Overrides lists the settings whose effective value comes from the environment, in key
// order, with the stored value each one hides.
func Overrides(s Settings) []Override {
	eff := Effective(s)
	var out []Override
	for _, d := range registry() {
		if d.EnvVar == "" {
			continue
		}
		if _, ok := envValue(d.EnvVar); !ok {
			continue
		}
		out = append(out, Override{
			Key:    d.Key,
			EnvVar: d.EnvVar,
			Value:  redactURL(d.get(&eff)),
			Stored: redactURL(d.get(&s)),
		})
	}
	return out
}

// ValidateEffective validates Effective(s) and, when a problem comes from an environment
// variable, says which one, so the user fixes the variable instead of settings.json.
func ValidateEffective(s Settings) error {
	eff := Effective(s)
	err := Validate(eff)
	if err == nil {
		return nil
	}
	msg := domain.SafeMessage(err)
	for _, d := range registry() {
		if d.EnvVar == "" {
			continue
		}
		if _, ok := envValue(d.EnvVar); !ok {
			continue
		}
		if d.check(&eff) != nil {
			msg += "; " + d.Key + " comes from the environment variable " + d.EnvVar
		}
	}
	return domain.Wrap(domain.CodeInvalid, err, msg)
}

// ollamaHostURL turns OLLAMA_HOST into a base URL the way the Ollama client reads it:
// "host", "host:port", "http://host" or "https://host:port", defaulting to http and port
// 11434 when no scheme is given. The credentials of a proxy in front of Ollama,
// "http://user:password@host", are kept: the client sends them with every request.
func ollamaHostURL(v string) string {
	v = strings.TrimSpace(v)
	defaultPort := "11434"
	scheme, hostport, ok := strings.Cut(v, "://")
	switch {
	case !ok:
		scheme, hostport = "http", v
	case scheme == "http":
		defaultPort = "80"
	case scheme == "https":
		defaultPort = "443"
	}
	hostport, path, _ := strings.Cut(hostport, "/")
	var user *url.Userinfo
	if at := strings.LastIndex(hostport, "@"); at >= 0 {
		if ui, err := url.Parse("http://" + hostport[:at+1] + "h"); err == nil {
			user = ui.User
		}
		hostport = hostport[at+1:]
	}
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = "127.0.0.1", defaultPort
		if ip := net.ParseIP(strings.Trim(hostport, "[]")); ip != nil {
			host = ip.String()
		} else if hostport != "" {
			host = hostport
		}
	}
	u := url.URL{Scheme: scheme, User: user, Host: net.JoinHostPort(host, port)}
	if path != "" {
		u.Path = "/" + strings.TrimRight(path, "/")
	}
	return u.String()
}

// redactURL hides a password embedded in a URL ("https://user:xxxxx@host"); other text is
// returned as is. It is domain.RedactURLs, the one rule every message showing a URL follows.
func redactURL(v string) string { return domain.RedactURLs(v) }
