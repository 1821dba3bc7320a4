package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/internal/testenv"
	"deepcritical/backend/services"
	"deepcritical/internal/fakes/ctgov"
	"deepcritical/internal/fakes/europepmc"
	"deepcritical/internal/fakes/eutils"
	"deepcritical/internal/fakes/pmcoa"
)

// corpus is testdata/corpus.json: the PubMed records the E-utilities and Europe PMC fakes
// search with their real query semantics, and the studies the ClinicalTrials.gov fake serves.
type corpus struct {
	PubMed  []eutils.Record  `json:"pubmed"`
	Studies []map[string]any `json:"studies"`
}

func loadCorpus(t testing.TB) corpus {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "corpus.json"))
	require.NoError(t, err)
	var c corpus
	require.NoError(t, json.Unmarshal(b, &c))
	require.NotEmpty(t, c.PubMed)
	return c
}

// fullTexts are the open-access full texts the Europe PMC and PMC fakes serve:
// testdata/PMC5000002.nxml, the intranasal insulin trial of the corpus, whose body reports
// what its abstract does not (missing data, the planned sample size).
func fullTexts(t testing.TB) *pmcoa.Corpus {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "PMC5000002.nxml"))
	require.NoError(t, err)
	c := pmcoa.New()
	_, err = c.AddJATS(b)
	require.NoError(t, err)
	return c
}

// startFakes serves PubMed, Europe PMC (search and full texts) and ClinicalTrials.gov over
// the test corpus, each response delayed by latency, and returns the environment that points
// DeepCritical at them.
func startFakes(t testing.TB, latency time.Duration) map[string]string {
	t.Helper()
	c := loadCorpus(t)
	engine := eutils.NewEngine(c.PubMed)
	texts := fullTexts(t)
	ncbi := eutils.NewServer(engine)
	ncbi.PMC = texts
	epmc := europepmc.NewServer(engine)
	epmc.FullTexts = texts
	mux := http.NewServeMux()
	mux.Handle("/pubmed/", ncbi)
	mux.Handle("/europepmc/", epmc)
	mux.Handle("/ctgov/studies", ctgov.NewServer(c.Studies))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if latency > 0 {
			select {
			case <-time.After(latency):
			case <-r.Context().Done():
				return
			}
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return map[string]string{
		"DEEPCRITICAL_PUBMED_URL":    srv.URL + "/pubmed",
		"DEEPCRITICAL_EUROPEPMC_URL": srv.URL + "/europepmc",
		"DEEPCRITICAL_CTGOV_URL":     srv.URL + "/ctgov",
		"DEEPCRITICAL_WEB_URL":       srv.URL + "/web",
	}
}

type noKeyring struct{}

func (noKeyring) Get(string, string) (string, error) { return "", errors.New("no keyring in tests") }
func (noKeyring) Set(string, string, string) error   { return errors.New("no keyring in tests") }
func (noKeyring) Delete(string, string) error        { return errors.New("no keyring in tests") }

// openServices opens the real services over fresh folders, the sources pointed at the fakes.
func openServices(t *testing.T, latency time.Duration, readOnly bool) (*services.Container, config.Paths) {
	t.Helper()
	return openServicesEnv(t, latency, readOnly, nil)
}

// openServicesEnv is openServices with more environment (a provider's URL) set before the
// services read it.
func openServicesEnv(t *testing.T, latency time.Duration, readOnly bool, env map[string]string) (*services.Container, config.Paths) {
	t.Helper()
	testenv.Clear(t) // no variable of the developer's shell reaches a real provider or source
	for k, v := range startFakes(t, latency) {
		t.Setenv(k, v)
	}
	for k, v := range env {
		t.Setenv(k, v)
	}
	dir := t.TempDir()
	paths := config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data"))
	if readOnly {
		// A read-only server needs a database to read: create it as a first run would.
		c, err := services.Open(context.Background(), services.Options{Paths: paths, Keyring: noKeyring{}})
		require.NoError(t, err)
		c.Close()
	}
	c, err := services.Open(context.Background(), services.Options{Paths: paths, Keyring: noKeyring{}, ReadOnly: readOnly})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c, paths
}

// connect starts the server on one end of an in-memory pipe and a real SDK client on the other.
func connect(t *testing.T, srv *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, opts).Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}
