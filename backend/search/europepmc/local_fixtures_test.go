package europepmc

import (
	"bytes"
	"context"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/internal/faulttest"
	"deepcritical/backend/search/internal/fixture"
)

// These tests run on every clone over the synthetic pages of testdata/ (the same structure
// as the recorded responses in ../shared, which the other tests read as extra coverage).

func TestParseLocalLitePage(t *testing.T) {
	p, err := Parse(bytes.NewReader(fixture.Local(t, "lite_page.json")))
	require.NoError(t, err)
	require.Equal(t, 4180, p.HitCount)
	require.Equal(t, "AoIIP4Synthetic0MTAwMDEwNA==", p.NextCursor)
	require.Len(t, p.Evidence, 4)

	first := p.Evidence[0].Citation
	require.Equal(t, domain.SourceEuropePMC, first.Source)
	require.Equal(t, "41000101", first.PMID)
	require.Equal(t, "10.1000/synth.lancet.1", first.DOI)
	require.Equal(t, []string{"Nakamura JD", "Haas-Kogan DA", "O'Brien AF"}, first.Authors)
	require.Equal(t, "Synthetic Lancet", first.Journal)
	require.Equal(t, "2025-12-01", first.Date)
	require.Equal(t, "https://europepmc.org/article/MED/41000101", first.URL)
	require.Equal(t, []string{"journal article"}, first.PublicationTypes)
	require.False(t, first.OpenAccess)

	review := p.Evidence[1].Citation
	require.Equal(t, "PMC9000102", review.PMCID)
	require.Equal(t, []string{"systematic review", "review-article", "journal article"}, review.PublicationTypes)
	require.True(t, review.OpenAccess)
	require.Equal(t, 3, review.CitationCount)
	require.Equal(t, []string{"https://europepmc.org/article/PMC/PMC9000102"}, review.FullTextURLs)

	preprint := p.Evidence[2].Citation
	require.Empty(t, preprint.PMID, "a preprint has no PMID and none is invented")
	require.Equal(t, "10.1101/synth.2025.03", preprint.DOI)
}

func newLocalFake(t testing.TB) *fakeEPMC {
	return &fakeEPMC{t: t, first: fixture.Local(t, "lite_page.json"), empty: fixture.Local(t, "no_results.json")}
}

func TestSearchLocalPagesWithCursor(t *testing.T) {
	f := newLocalFake(t)
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})

	ev, err := c.Search(context.Background(), []string{"cancer"}, 10)
	require.NoError(t, err)
	require.Len(t, ev, 4, "the second page was empty")
	require.Len(t, f.queries, 2)
	require.Equal(t, "*", f.queries[0]["cursorMark"][0])
	require.Equal(t, "AoIIP4Synthetic0MTAwMDEwNA==", f.queries[1]["cursorMark"][0], "the next page asks for the returned cursor")
	require.Equal(t, "10", f.queries[0]["pageSize"][0])
	require.Equal(t, "6", f.queries[1]["pageSize"][0], "only what is still needed")
	require.InDelta(t, 1.0, ev[0].Relevance, 1e-9)
	require.Greater(t, ev[0].Relevance, ev[3].Relevance)

	ev, err = c.Search(context.Background(), []string{"nothing"}, 10)
	require.NoError(t, err)
	require.Empty(t, ev)
}
