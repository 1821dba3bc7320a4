package report

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestReferences: a reference export holds the papers the report relies on; the reviewer's
// include/exclude overrides the judge's mark; with every paper asked for, each set-aside one
// says so and why in a keyword without commas.
func TestReferences(t *testing.T) {
	paper := func(pmid string, off bool, why string) domain.Evidence {
		return domain.Evidence{Content: "text", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: pmid, Title: "T" + pmid, URL: "https://pubmed.ncbi.nlm.nih.gov/" + pmid + "/"},
			Topic: &domain.Topic{OffTopic: off, Reason: why}}
	}
	run := ExportRun{Evidence: []domain.Evidence{
		paper("1", false, ""), paper("2", true, "does not study metformin, only cancer"), paper("3", true, "off topic"), paper("4", false, ""),
	}, Reviews: []domain.Review{
		{Paper: 3, PaperKey: "pmid:3", Decision: domain.ReviewInclude, Author: "ana"},
		{Paper: 4, PaperKey: "pmid:4", Decision: domain.ReviewExclude, Reason: "duplicate", Author: "ana"},
	}}
	ids := func(evs []domain.Evidence) []string {
		var out []string
		for _, e := range evs {
			out = append(out, e.Citation.PMID)
		}
		return out
	}
	require.Equal(t, []string{"1", "3"}, ids(References(run, false)), "on topic, plus the reviewer's inclusion, minus the reviewer's exclusion")
	all := References(run, true)
	require.Equal(t, []string{"1", "2", "3", "4"}, ids(all))
	require.Equal(t, []string{"DeepCritical: set aside: does not study metformin; only cancer"}, all[1].Citation.Keywords)
	require.Equal(t, []string{"DeepCritical: set aside: excluded by the reviewer: duplicate"}, all[3].Citation.Keywords)
	require.Empty(t, all[0].Citation.Keywords)
	require.Empty(t, run.Evidence[1].Citation.Keywords, "the run's own evidence is not changed")
}
