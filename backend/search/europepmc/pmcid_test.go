package europepmc

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	fakeepmc "deepcritical/internal/fakes/europepmc"
	"deepcritical/internal/fakes/eutils"
)

func TestParsePMCID(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"PMC3531190", "PMC3531190", true},
		{" pmc3531190 ", "PMC3531190", true},
		{"3531190", "PMC3531190", true},
		{"PMCID: PMC3531190", "PMC3531190", true},
		{"PMC", "", false},
		{"PMC000", "", false},
		{"12345678901", "", false},
		{"PMC12a", "", false},
		{"", "", false},
	} {
		got, ok := ParsePMCID(tc.in)
		require.Equal(t, tc.ok, ok, tc.in)
		require.Equal(t, tc.want, got, tc.in)
	}
}

// TestFetchPMCID reads one article by its PubMed Central id through the strict Europe PMC
// fake, which evaluates the PMCID field as Europe PMC does.
func TestFetchPMCID(t *testing.T) {
	recs := []eutils.Record{
		{PMID: "1001", PMCID: "PMC27499", Title: "Aspirin after stroke: a randomised trial", Year: "2000", Journal: "BMJ",
			Abstract: []eutils.Section{{Label: "METHODS", Text: "Patients were randomly assigned."}}, PubTypes: []string{"Randomized Controlled Trial"}},
		{PMID: "1002", Title: "Another paper", Year: "2001"},
	}
	fake := fakeepmc.NewServer(eutils.NewEngine(recs))
	srv := httptest.NewServer(fake)
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client()})

	ev, found, err := c.FetchPMCID(context.Background(), "pmc27499")
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, "PMC27499", ev.Citation.PMCID)
	require.Equal(t, "1001", ev.Citation.PMID)
	require.Contains(t, ev.Content, "randomly assigned")
	require.Equal(t, "pmid:1001", ev.CanonicalKey(), "the appraisal is stored under the paper's strongest identifier")

	_, found, err = c.FetchPMCID(context.Background(), "PMC999999")
	require.NoError(t, err)
	require.False(t, found, "an unknown id is not found, not an error")

	_, _, err = c.FetchPMCID(context.Background(), "not-an-id")
	require.ErrorContains(t, err, `"not-an-id" is not a PMCID`)
}
