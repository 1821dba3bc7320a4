package ctgov

import (
	"bytes"
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/internal/faulttest"
	"deepcritical/backend/search/internal/fixture"
)

// These tests run on every clone over the synthetic pages of testdata/ (the same structure
// as the recorded API v2 responses in ../shared, which the other tests read as extra coverage).

func TestParseLocalSearchPage(t *testing.T) {
	p, err := Parse(bytes.NewReader(fixture.Local(t, "search_page.json")))
	require.NoError(t, err)
	require.Equal(t, 21, p.TotalCount)
	require.Equal(t, "SyntheticToken_0001-page2", p.NextPageToken)
	require.Len(t, p.Evidence, 3)

	e := p.Evidence[0]
	c := e.Citation
	require.Equal(t, "NCT09000001", c.NCTID)
	require.Equal(t, "nct:NCT09000001", c.CanonicalKey())
	require.Equal(t, "https://clinicaltrials.gov/study/NCT09000001", c.URL)
	require.Equal(t, "2016-04-29", c.Date)
	require.Equal(t, &domain.Trial{
		Phase: "PHASE2", Status: "COMPLETED", Enrollment: 18,
		Conditions:    []string{"Synthetic Syndrome"},
		Interventions: []domain.Intervention{{Name: "Oxytocin"}, {Name: "Saline"}},
		StartDate:     "2016-04-29", CompletionDate: "2020-07-29",
	}, c.Trial)
	require.True(t, strings.HasPrefix(e.Content, "This is a pilot study examining the efficacy"))
	require.Contains(t, e.Content, "Study type: INTERVENTIONAL. Phase: PHASE2. Status: COMPLETED. Enrollment: 18.")
	require.NoError(t, e.Validate())

	two := p.Evidence[1].Citation.Trial
	require.Equal(t, "PHASE1/PHASE2", two.Phase)
	require.Equal(t, "2026-12", two.CompletionDate, "a year-month date is kept as given")
	require.Equal(t, []domain.Intervention{{Name: "Nivolumab or Pembrolizumab (dependent upon approved indication)"}, {Name: "Metformin"}}, two.Interventions)

	require.Empty(t, p.Evidence[2].Citation.Trial.Phase, "observational studies have no phase")
	require.Empty(t, p.Evidence[2].Citation.Trial.Interventions)
}

func TestParseLocalSingleStudy(t *testing.T) {
	p, err := Parse(bytes.NewReader(fixture.Local(t, "study.json")))
	require.NoError(t, err)
	require.Len(t, p.Evidence, 1)
	c := p.Evidence[0].Citation
	require.Equal(t, "NCT09000004", c.NCTID)
	require.Equal(t, "RECRUITING", c.Trial.Status)
	require.Equal(t, 800, c.Trial.Enrollment)
	require.Empty(t, c.Trial.Phase)
	require.Equal(t, []string{"NSCLC (Advanced Non-small Cell Lung Cancer)", "Brain Metastases"}, c.Trial.Conditions)
}

func newLocalFake(t testing.TB) *fakeCTGov {
	return &fakeCTGov{
		first:    fixture.Local(t, "search_page.json"),
		single:   fixture.Local(t, "study.json"),
		last:     fixture.Local(t, "full_study_page.json"),
		singleID: "NCT09000004",
	}
}

func TestSearchLocalPagesWithToken(t *testing.T) {
	f := newLocalFake(t)
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})
	ev, err := c.Search(context.Background(), []string{"synthetic syndrome"}, 5)
	require.NoError(t, err)
	require.Len(t, ev, 4)
	require.Len(t, f.queries, 2)
	require.Equal(t, "synthetic syndrome", f.queries[0]["query.term"][0])
	require.Equal(t, "5", f.queries[0]["pageSize"][0])
	require.Equal(t, "SyntheticToken_0001-page2", f.queries[1]["pageToken"][0])
	require.Equal(t, "2", f.queries[1]["pageSize"][0], "only what is still needed")
	require.Equal(t, "NCT09000001", ev[0].Citation.NCTID)
	require.Equal(t, "NCT01965756", ev[3].Citation.NCTID)
}

func TestSearchLocalEmptyAndStudy(t *testing.T) {
	srv := httptest.NewServer(newLocalFake(t))
	defer srv.Close()
	c := New(Options{BaseURL: srv.URL, HTTPClient: srv.Client(), Retry: faulttest.FastRetry})
	ev, err := c.Search(context.Background(), []string{"nothing"}, 10)
	require.NoError(t, err)
	require.Empty(t, ev)
	one, err := c.Study(context.Background(), "nct09000004")
	require.NoError(t, err)
	require.Equal(t, "NCT09000004", one.Citation.NCTID)
}
