package pubmed

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/search/internal/fixture"
)

// The tests in this file run on every clone: they read the synthetic esearch answers of
// testdata/ and the error page of pubmedxml/testdata/ (the same structures as the recorded
// output in ../shared, which the other tests read as extra coverage).

func TestParseESearchLocal(t *testing.T) {
	r, err := ParseESearch(fixture.Local(t, "esearch_ids.xml"))
	require.NoError(t, err)
	require.Equal(t, "42", r.Count)
	require.Equal(t, []string{"41000003", "41000002", "41000001"}, r.IDs)
	require.Empty(t, r.notes("telomere"))
}

func TestSearchLocalPhraseNotFoundAndErrorPage(t *testing.T) {
	f := newFakeEutils(t)
	f.search["qqzzyx"] = string(fixture.Local(t, "esearch_phrase_not_found.xml"))
	srv := httptest.NewServer(f)
	defer srv.Close()
	requirePhraseNotFound(t, f, srv, "qqzzyx")

	f.search["(broken) OR (good)"] = string(readParserTestdata(t, "eutils_error.xml"))
	ev, err := newTestClient(srv, "").Search(context.Background(), []string{"broken", "good"}, 10)
	require.ErrorContains(t, err, `pubmed: esearch: E-utilities error: Neither query_key nor id specified`)
	require.Empty(t, ev)
}

// readParserTestdata reads a synthetic document of pubmedxml/testdata/, where the parser's
// tests keep it; the client's tests serve the same pages from their fake E-utilities.
func readParserTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("pubmedxml", "testdata", name))
	require.NoError(t, err)
	return b
}
