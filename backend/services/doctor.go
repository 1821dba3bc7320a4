package services

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/ollama"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
)

// Check is one line of `deepcritical doctor`.
type Check struct {
	Name string `json:"name"`
	OK   bool   `json:"ok"`
	// State is "ok", "missing" (an optional part absent: a judge without a key, Ollama not
	// running, an endpoint offline), "read-only" or "damaged" (a file of the user's that
	// cannot be read as it should: the database or the settings).
	State  CheckState `json:"state"`
	Detail string     `json:"detail"`
}

// CheckState grades a Check; only CheckDamaged makes `doctor` exit non-zero.
type CheckState string

// The states of a Check.
const (
	CheckOK       CheckState = "ok"
	CheckMissing  CheckState = "missing"
	CheckReadOnly CheckState = "read-only"
	CheckDamaged  CheckState = "damaged"
)

// Damaged reports whether any check found a damaged file.
func Damaged(checks []Check) bool {
	for _, c := range checks {
		if c.State == CheckDamaged {
			return true
		}
	}
	return false
}

// Doctor inspects the installation without changing anything it finds: paths, the
// database, the configured judges, Ollama and the search endpoints. It works even when the
// database cannot be opened, which is when it is most needed.
func Doctor(ctx context.Context, paths config.Paths, httpClient *http.Client) []Check {
	var checks []Check
	add := func(name string, ok bool, format string, args ...any) {
		checks = append(checks, Check{Name: name, OK: ok, Detail: fmt.Sprintf(format, args...)})
	}
	add("config dir", true, "%s", paths.ConfigDir)
	settings, err := config.Load(paths)
	if err != nil {
		checks = append(checks, Check{Name: "settings", State: CheckDamaged, Detail: domain.SafeMessage(err)})
		settings = config.Defaults()
	} else if _, statErr := os.Stat(paths.SettingsFile); statErr != nil {
		add("settings", true, "%s not created yet: defaults in use", paths.SettingsFile)
	} else {
		add("settings", true, "%s", paths.SettingsFile)
	}
	eff := config.Effective(settings)
	if dirUsable(paths.DataDir) {
		add("data dir", true, "%s", describeDir(paths.DataDir))
	} else {
		checks = append(checks, Check{Name: "data dir", State: CheckReadOnly,
			Detail: describeDir(paths.DataDir) + " is not writable: history can be browsed, no run can be started"})
	}
	checks = append(checks, databaseCheck(ctx, paths.DatabaseFile))

	secrets := config.NewSecretStore(paths, config.OSKeyring{})
	statuses := providerStatuses(eff, secrets)
	// A local or self-hosted judge is ok only when it answers: the probe `providers list`
	// and every run use (no database needed).
	probeStatuses(runs.NewEngines(runs.EngineDeps{Settings: config.NewLive(paths, secrets, settings), Secrets: secrets, HTTP: httpClient}), statuses)
	for _, p := range statuses {
		detail := p.Reason
		if p.Default {
			detail += " (default judge)"
		}
		checks = append(checks, Check{Name: "judge " + string(p.Name), OK: p.Configured, Detail: detail})
	}
	oc := ollamaCheck(ctx, httpClient, eff.Provider(domain.ProviderOllama).BaseURL, eff.Provider(domain.ProviderOllama).Model)
	for i := range checks {
		if checks[i].Name == "judge "+string(domain.ProviderOllama) && checks[i].OK && !oc.OK {
			// A configured host is no usable judge when Ollama does not answer there (the
			// two lines read "ok judge ollama" beside "missing ollama").
			checks[i].OK, checks[i].Detail = false, checks[i].Detail+"; "+oc.Detail
		}
	}
	checks = append(checks, oc)
	checks = append(checks, endpointChecks(ctx, eff)...)
	for i := range checks {
		if checks[i].State == "" {
			checks[i].State = CheckMissing
			if checks[i].OK {
				checks[i].State = CheckOK
			}
		}
	}
	return checks
}

func describeDir(dir string) string {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return dir + " (created on first use)"
	case err != nil:
		return dir + ": " + err.Error()
	case !fi.IsDir():
		return dir + " is not a directory"
	}
	return dir
}

// dirUsable is true when dir exists and is writable, or does not exist yet but its nearest
// existing parent is writable (it will be created on first use).
func dirUsable(dir string) bool {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err == nil {
			if !fi.IsDir() {
				return false
			}
			f, err := os.CreateTemp(d, ".doctor-*")
			if err != nil {
				return false
			}
			name := f.Name()
			f.Close()
			os.Remove(name)
			return true
		}
		if d == filepath.Dir(d) {
			return false
		}
	}
}

// databaseCheck opens the database read-only (doctor changes nothing, not even the schema
// version) and reports a file that cannot be read as damaged.
func databaseCheck(ctx context.Context, path string) Check {
	c := Check{Name: "database"}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		c.OK, c.Detail = true, fmt.Sprintf("%s not created yet (schema version %d on first use)", path, store.LatestSchemaVersion())
		return c
	}
	st, err := store.OpenReadOnly(ctx, path)
	if err != nil {
		c.State, c.Detail = CheckDamaged, domain.SafeMessage(err)
		if c.Detail == "internal error" {
			c.Detail = err.Error()
		}
		if domain.CodeOf(err) == domain.CodeNotFound {
			// An empty file: the app creates the schema in it on first use.
			c.OK, c.State = true, CheckOK
		}
		return c
	}
	defer st.Close()
	v, err := st.SchemaVersion(ctx)
	if err != nil {
		c.State, c.Detail = CheckDamaged, domain.SafeMessage(err)
		return c
	}
	n, err := st.CountRuns(ctx)
	if err != nil {
		c.State, c.Detail = CheckDamaged, domain.SafeMessage(err)
		return c
	}
	c.OK, c.Detail = true, fmt.Sprintf("%s: schema version %d, %d runs", path, v, n)
	if latest := store.LatestSchemaVersion(); v < latest {
		c.Detail += fmt.Sprintf(" (upgraded to %d when the app next opens it)", latest)
	}
	return c
}

// ollamaCheck says whether Ollama answers at host and has pulled model (the configured
// one; "" skips that part), since a run with a model it lacks is refused. The model list is
// read by the Ollama client, as the run's probe reads it.
func ollamaCheck(ctx context.Context, client *http.Client, host, model string) Check {
	c := Check{Name: "ollama"}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	cl, err := ollama.New(ollama.Config{Host: host, HTTP: llm.HTTP{HTTPClient: client, Timeout: 3 * time.Second}})
	if err != nil {
		c.Detail = "invalid OLLAMA_HOST " + domain.RedactURLs(host)
		return c
	}
	host, _ = ollama.NormalizeHost(host)
	host = domain.RedactURLs(host)
	names, err := cl.ListModels(ctx)
	switch kind := llm.KindOf(err); {
	case err == nil:
	case kind == llm.KindUnavailable || kind == llm.KindTimeout:
		c.Detail = "not answering at " + host + " (start it with `ollama serve`)"
		return c
	case kind == llm.KindInvalidOutput:
		c.Detail = fmt.Sprintf("%s answered /api/tags with something that is not Ollama's model list", host)
		return c
	default:
		c.Detail = fmt.Sprintf("%s answered /api/tags with an error: %s", host, domain.SafeMessage(err))
		return c
	}
	if model != "" && !ollama.HasModel(names, model) {
		c.Detail = fmt.Sprintf("answering at %s, but model %q is not pulled: run `ollama pull %s` (it has %d model(s)", host, model, model, len(names))
		if len(names) > 0 {
			c.Detail += ": " + strings.Join(names[:min(len(names), 5)], ", ")
		}
		c.Detail += ")"
		return c
	}
	c.OK, c.Detail = true, "answering at "+host
	if model != "" {
		c.Detail += ", model " + model + " pulled"
	}
	return c
}

// endpointChecks resolves each search endpoint's host concurrently.
func endpointChecks(ctx context.Context, s config.Settings) []Check {
	endpoints := []struct {
		source domain.Source
		url    string
	}{
		{domain.SourcePubMed, s.Sources.PubMedURL},
		{domain.SourceEuropePMC, s.Sources.EuropePMCURL},
		{domain.SourceClinicalTrials, s.Sources.CTGovURL},
		{domain.SourceWeb, s.Sources.WebURL},
	}
	out := make([]Check, len(endpoints))
	var wg sync.WaitGroup
	for i, ep := range endpoints {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = resolveCheck(ctx, "source "+string(ep.source), ep.url)
		}()
	}
	wg.Wait()
	return out
}

func resolveCheck(ctx context.Context, name, raw string) Check {
	c := Check{Name: name}
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		c.Detail = fmt.Sprintf("invalid URL %q", domain.RedactURLs(raw))
		return c
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if _, err := net.DefaultResolver.LookupHost(ctx, u.Hostname()); err != nil {
		c.Detail = u.Hostname() + " does not resolve (offline?)"
		return c
	}
	// A name that resolves says nothing of a server behind it (a source pointed at a port
	// nothing listens on was reported ok): connect, sending nothing.
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	addr := net.JoinHostPort(u.Hostname(), port)
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		c.Detail = fmt.Sprintf("%s resolves, but nothing answers at %s (%s)", u.Hostname(), addr, dialFailure(err))
		return c
	}
	conn.Close()
	c.OK, c.Detail = true, addr+" answers"
	return c
}

// dialFailure says in a few words why a connection failed.
func dialFailure(err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded) || os.IsTimeout(err):
		return "timed out"
	case strings.Contains(err.Error(), "refused"):
		return "connection refused"
	}
	return domain.SafeMessage(err)
}
