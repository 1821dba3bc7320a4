package services

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
	"deepcritical/internal/fakes/europepmc"
	"deepcritical/internal/fakes/eutils"
	"deepcritical/internal/fakes/pmcoa"
	"deepcritical/internal/sharedtest"
)

// fullTextFakes serves PubMed and Europe PMC over the shared corpus, with the trial reports
// of ../shared/data as PMC open-access articles (searchable in Europe PMC, full text at
// fullTextXML and efetch db=pmc), and points the container's sources at them.
type fullTextFakes struct {
	corpus *pmcoa.Corpus
	epmc   *europepmc.Server
	ncbi   *eutils.Server
}

func startFullTextFakes(t *testing.T) *fullTextFakes {
	t.Helper()
	data := sharedtest.Path(t, "data")
	recs, _, err := eutils.LoadCorpus(data)
	require.NoError(t, err)
	corpus, err := pmcoa.Load(data)
	require.NoError(t, err)
	f := &fullTextFakes{corpus: corpus, ncbi: eutils.NewServer(eutils.NewEngine(recs)),
		epmc: europepmc.NewServer(eutils.NewEngine(append(recs, corpus.Records()...)))}
	f.ncbi.PMC, f.epmc.FullTexts = corpus, corpus
	ncbi := httptest.NewServer(f.ncbi)
	epmc := httptest.NewServer(http.StripPrefix("/rest", f.epmc))
	t.Cleanup(ncbi.Close)
	t.Cleanup(epmc.Close)
	t.Setenv("DEEPCRITICAL_PUBMED_URL", ncbi.URL)
	t.Setenv("DEEPCRITICAL_EUROPEPMC_URL", epmc.URL+"/rest")
	return f
}

// TestResearchAppraisesTrialsFromTheirFullText: a research run against the fakes finds the
// lithium trial (PMC4210495) in Europe PMC, reads its open-access full text and appraises
// it from its methods; the full_text event and the stored appraisal say so, and the text
// is stored once for the paper.
func TestResearchAppraisesTrialsFromTheirFullText(t *testing.T) {
	c, _ := faultContainer(t)
	f := startFullTextFakes(t)
	run, err := c.Commands.Research(context.Background(), runs.Request{Question: "Does lithium reduce suicide risk in treatment-resistant depression?",
		Judge: domain.ProviderOffline, Sources: []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC}, MaxIterations: 1}, nil)
	require.NoError(t, err)
	require.Equal(t, domain.RunComplete, run.Status, run.Error)

	const key = "pmcid:PMC4210495"
	st := c.store()
	events, err := st.ListEvents(context.Background(), run.ID, 0)
	require.NoError(t, err)
	var ftEvent *domain.FullTextData
	for _, e := range events {
		if e.Type == domain.EventFullText {
			d, err := domain.DecodeData[domain.FullTextData](e)
			require.NoError(t, err)
			ftEvent = &d
		}
	}
	require.NotNil(t, ftEvent, "the run records its full-text fetches")
	require.Contains(t, ftEvent.Read, domain.FullTextRead{Key: key, Source: domain.FullTextEuropePMC, SourceID: "PMC4210495"})
	require.GreaterOrEqual(t, f.epmc.FullTextRequests.Load(), int64(1))

	texts, err := st.FullTexts(context.Background(), []string{key})
	require.NoError(t, err)
	ft, ok := texts[key]
	require.True(t, ok, "the full text is stored for the paper")
	methods := ft.TextOf(domain.SectionMethods)

	apps, err := st.AppraisalsForEvidence(context.Background(), []string{key})
	require.NoError(t, err)
	ap, ok := apps[key]
	require.True(t, ok)
	require.True(t, ap.Document.FullText)
	require.Equal(t, domain.FullTextEuropePMC, ap.Document.Source)
	ev, err := st.GetEvidence(context.Background(), key)
	require.NoError(t, err)
	fromMethods := 0
	for name, fd := range ap.Findings {
		if fd.Quote == "" {
			continue
		}
		require.Contains(t, ft.Markdown()+ap.Document.Title, strings.TrimSpace(fd.Quote), name)
		if strings.Contains(methods, fd.Quote) && !strings.Contains(ev.Content, fd.Quote) {
			fromMethods++
		}
	}
	require.GreaterOrEqual(t, fromMethods, 2, "findings quoted from the methods, which the abstract does not hold")

	// The paper view shows the full text read, by section, with the quotes in it.
	view, err := c.Appraisals.Paper(key)
	require.NoError(t, err)
	require.NotNil(t, view.FullText)
	require.True(t, view.TextMatches, "the view shows exactly the text the appraisal read")
	require.Equal(t, "read in full (Europe PMC)", view.Read)
	for _, fd := range ap.Findings {
		require.Contains(t, view.Text, fd.Quote)
	}
	rv, err := c.Reports.Get(run.ID)
	require.NoError(t, err)
	for _, e := range rv.Evidence {
		if e.Key == key {
			require.Equal(t, "read in full (Europe PMC)", e.Read, "the evidence card says so")
		}
	}
}
