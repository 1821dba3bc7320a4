package pubmedxml

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/search/internal/fixture"
)

// The tests in this file run on every clone: they read the synthetic records of testdata/
// (the same structures as the recorded efetch output in ../shared, which the other tests
// read as extra coverage).

func TestParseArticleSetLocalRecords(t *testing.T) {
	ev, recErrs, err := ParseArticleSet(bytes.NewReader(fixture.Local(t, "records.xml")))
	require.NoError(t, err)
	require.Empty(t, recErrs)
	require.Len(t, ev, 4)

	t.Run("season date and missing abstract", func(t *testing.T) {
		c := ev[0].Citation
		require.Equal(t, "41000001", c.PMID)
		require.Equal(t, "1990", c.Date, "Year+Season keeps the year only")
		require.Equal(t, []string{"Rivera, Ana M"}, c.Authors)
		require.Equal(t, "Journal of synthetic records (Testville)", c.Journal)
		require.Equal(t, []string{"Journal Article", "Review"}, c.PublicationTypes)
		require.Equal(t, []string{"Hydroxymethylglutaryl-CoA Reductase Inhibitors", "Humans", "Rural Population"}, c.MeshTerms)
		require.Empty(t, ev[0].Content, "no abstract, no invented content")
		require.Equal(t, "https://pubmed.ncbi.nlm.nih.gov/41000001/", c.URL)
		require.Equal(t, "113-25", c.Pages)
	})
	t.Run("full date, DOI, chemicals and entities", func(t *testing.T) {
		c := ev[1].Citation
		require.Equal(t, "1976-09-28", c.Date)
		require.Equal(t, "10.1016/0005-2795(76)90109-4", c.DOI)
		require.Equal(t, []string{"Flavins", "Heme"}, c.Chemicals)
		require.Equal(t, "Electron paramagnetic resonance shows two low-spin (S = 1/2) heme irons & a flavin (P < 0.001).", ev[1].Content)
	})
	t.Run("structured abstract, own PMC id, collective author", func(t *testing.T) {
		c := ev[2].Citation
		require.Equal(t, "PMC5000003", c.PMCID, "the record's own PMC id, not one from its reference list")
		require.Equal(t, "10.1136/synth-2016-000003", c.DOI)
		require.Equal(t, []string{"Chen, Li", "Synthetic Cohort Consortium"}, c.Authors)
		labels := make([]string, 0, len(c.Sections))
		for _, s := range c.Sections {
			labels = append(labels, s.Label)
		}
		require.Equal(t, []string{"OBJECTIVE", "DESIGN", "RESULTS", "CONCLUSIONS"}, labels)
		require.True(t, strings.HasPrefix(ev[2].Content, "OBJECTIVE: Telomere shortening"))
		require.Contains(t, ev[2].Content, "\nRESULTS: Shorter telomeres")
		require.Contains(t, ev[2].Content, "ptrend=0.048")
		require.Contains(t, ev[2].Content, "r^2<0.25")
		require.Equal(t, "2017-06", c.Date)
	})
	t.Run("inline markup and MathML in title and abstract", func(t *testing.T) {
		c := ev[3].Citation
		require.Equal(t, "PMC6000004", c.PMCID)
		require.NotContains(t, c.Title, "mml")
		require.NotContains(t, c.Title, "<i>")
		require.Contains(t, c.Title, "trained runners.")
		requireLactateAbstract(t, ev[3])
	})
}

func TestParseArticleSetLocalBadDocuments(t *testing.T) {
	full := fixture.Local(t, "records.xml")
	end := bytes.Index(full, []byte("</PubmedArticle>")) + len("</PubmedArticle>")
	tests := []struct {
		name    string
		body    string
		wantErr string
		wantN   int
	}{
		{"E-utilities error page", string(fixture.Local(t, "eutils_error.xml")), "E-utilities error: Neither query_key nor id specified", 0},
		{"truncated inside record 2", string(full[:end+120]), "truncated XML in record 2", 1},
		{"truncated between records", string(full[:end]), "truncated XML", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, _, err := ParseArticleSet(strings.NewReader(tt.body))
			require.ErrorContains(t, err, tt.wantErr)
			require.Len(t, ev, tt.wantN)
		})
	}
}

func TestScannerReadsLocalRecords(t *testing.T) {
	require.True(t, requireSameAsDecoder(t, fixture.Local(t, "records.xml")), "the fast path must read these records")
	require.False(t, requireSameAsDecoder(t, fixture.Local(t, "eutils_error.xml")), "an error page is left to the decoder")
}
