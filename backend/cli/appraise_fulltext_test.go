package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/internal/fakes/europepmc"
	"deepcritical/internal/fakes/eutils"
	"deepcritical/internal/fakes/pmcoa"
)

// fullTextServices serves a real open-access article (van der Meulen et al., BMC Oral
// Health 2008: PMID 18405359, PMC2329613) through the Europe PMC and E-utilities fakes: its
// PubMed record (title, abstract and PMCID as PubMed gives them), its JATS full text.
func fullTextServices(t *testing.T) (*pmcoa.Corpus, *europepmc.Server) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "fulltext", "jats", "testdata", "1472-6831-8-11.nxml"))
	require.NoError(t, err)
	c := pmcoa.New()
	_, err = c.AddJATS(b)
	require.NoError(t, err)
	rec := eutils.Record{PMID: "18405359", PMCID: "PMC2329613", Year: "2008", Journal: "BMC Oral Health", PubTypes: []string{"Journal Article"},
		Title:    "The Dutch version of the Oral Health Impact Profile (OHIP-NL): Translation, reliability and construct validity.",
		Abstract: []eutils.Section{{Label: "BACKGROUND", Text: "The purpose of this study was to make a cross-culturally adapted, Dutch version of the Oral Health Impact Profile (OHIP)."}}}
	ncbi := eutils.NewServer(eutils.NewEngine([]eutils.Record{rec}))
	ncbi.PMC = c
	epmc := europepmc.NewServer(eutils.NewEngine(nil))
	epmc.FullTexts = c
	ns := httptest.NewServer(ncbi)
	es := httptest.NewServer(http.StripPrefix("/rest", epmc))
	t.Cleanup(ns.Close)
	t.Cleanup(es.Close)
	t.Setenv("DEEPCRITICAL_PUBMED_URL", ns.URL)
	t.Setenv("DEEPCRITICAL_EUROPEPMC_URL", es.URL+"/rest")
	return c, epmc
}

// TestAppraiseReadsTheFullText: --pmid and --pmcid read the open-access full text and say
// so, --abstract-only reads the abstract, a withheld body falls back to the abstract with a
// note (--pmid) or is a clear error (--pmcid), and the full text is fetched once.
func TestAppraiseReadsTheFullText(t *testing.T) {
	isolate(t)
	corpus, epmc := fullTextServices(t)

	code, stdout, stderr := runCLI(t, "appraise", "--pmid", "18405359", "--json")
	require.Equal(t, exitOK, code, stderr)
	ap := decodeAppraisal(t, stdout)
	require.Equal(t, "pmid:18405359", ap.Document.Key)
	require.True(t, ap.Document.FullText)
	require.Equal(t, domain.FullTextEuropePMC, ap.Document.Source)
	require.EqualValues(t, 1, epmc.FullTextRequests.Load())
	for _, want := range []string{`"full_text": true`, `"source": "europepmc"`} {
		require.Contains(t, stdout, want)
	}

	code, human, stderr := runCLI(t, "appraise", "--pmcid", "PMC2329613")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, human, "Key:       pmid:18405359  (full text: europepmc)")
	require.EqualValues(t, 2, epmc.FullTextRequests.Load(), "--pmcid asks the service")

	code, stdout, stderr = runCLI(t, "appraise", "--pmid", "18405359", "--abstract-only", "--json")
	require.Equal(t, exitOK, code, stderr)
	abs := decodeAppraisal(t, stdout)
	require.False(t, abs.Document.FullText)
	require.NotEqual(t, ap.Document.Hash, abs.Document.Hash)

	corpus.Withhold("PMC2329613")
	code, _, stderr = runCLI(t, "appraise", "--pmcid", "pmc2329613")
	require.Equal(t, exitFail, code)
	require.Contains(t, stderr, "no full text for PMC2329613: Europe PMC: no full text for this PMCID (HTTP 404); PMC: the publisher does not allow downloading the full text in XML form")

	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--pmcid", "12ab"}, exitFail, `"12ab" is not a PMCID`},
		{[]string{"--pmcid", "PMC2329613", "--abstract-only"}, exitUsage, "--abstract-only goes with --pmid"},
		{[]string{"--pmid", "1", "--pmcid", "PMC1"}, exitUsage, "exactly one of"},
	} {
		code, _, stderr := runCLI(t, append([]string{"appraise"}, tc.args...)...)
		require.Equal(t, tc.code, code, strings.Join(tc.args, " "))
		require.Contains(t, stderr, tc.want)
	}
}

// TestAppraisePMIDWithheldFallsBack: a paper whose publisher withholds the body is appraised
// from its abstract, and the terminal says why.
func TestAppraisePMIDWithheldFallsBack(t *testing.T) {
	isolate(t)
	corpus, _ := fullTextServices(t)
	corpus.Withhold("PMC2329613")
	code, stdout, stderr := runCLI(t, "appraise", "--pmid", "18405359")
	require.Equal(t, exitOK, code, stderr)
	require.Contains(t, stdout, "Key:       pmid:18405359  (abstract only)")
	require.Contains(t, stderr, "full text not read (Europe PMC: no full text for this PMCID (HTTP 404); PMC: the publisher does not allow downloading the full text in XML form (front matter only)): appraised from the abstract")
}
