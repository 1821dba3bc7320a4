package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestRegistryEntryAndItsReportAreOneStudy: a ClinicalTrials.gov record and the PubMed
// article that gives its NCT id as its registration are shown as one study in every report
// format, and a registered primary outcome the article does not report is flagged.
func TestRegistryEntryAndItsReportAreOneStudy(t *testing.T) {
	entry := domain.Evidence{
		Content: "Sorafenib maintenance after remission.\nClinicalTrials.gov ID: NCT00791778",
		Citation: domain.Citation{Source: domain.SourceClinicalTrials, ID: "NCT00791778", NCTID: "NCT00791778", Title: "Sorafenib maintenance in ovarian cancer",
			Registry: []string{"NCT00791778"},
			Trial: &domain.Trial{Allocation: "RANDOMIZED", PrimaryOutcomes: []domain.TrialOutcome{
				{Measure: "Progression-free Survival (PFS)"},
				{Measure: "Incidence of Hand-Foot Skin Reaction"},
			}}},
	}
	article := domain.Evidence{
		Content: "PURPOSE: Maintenance sorafenib was tested in a randomised trial. RESULTS: Median PFS was 12.7 months with sorafenib.",
		Citation: domain.Citation{Source: domain.SourcePubMed, ID: "23000001", PMID: "23000001", Title: "Sorafenib maintenance: a randomised trial",
			PublicationTypes: []string{"Randomized Controlled Trial"}, Registry: []string{"NCT00791778"}},
	}
	other := domain.Evidence{Content: "An unrelated cohort.", Citation: domain.Citation{Source: domain.SourcePubMed, ID: "23000009", PMID: "23000009", Title: "Another study"}}
	in := Input{Run: domain.Run{ID: "run-1", Question: "Does sorafenib maintenance prolong progression-free survival in ovarian cancer?"},
		Evidence: []domain.Evidence{article, other, entry}}
	r := Build(in)
	require.Len(t, r.Studies, 1)
	s := r.Studies[0]
	require.Equal(t, "NCT00791778", s.NCTID)
	require.Equal(t, 3, s.Registry)
	require.Equal(t, []int{1}, s.Reports)
	require.Equal(t, 1, s.Flagged, "hand-foot skin reaction is registered as primary and not reported")

	md := r.Markdown
	require.Contains(t, md, "## Studies: registry entries and their reports")
	require.Contains(t, md, "**NCT00791778**: registry entry [3]; reported by [1] — ⚑ 1 registered primary outcome(s) not reported")
	require.Contains(t, md, "“Incidence of Hand-Foot Skin Reaction” — [1] ⚑ NOT REPORTED in the text read (abstract only)")

	var html strings.Builder
	require.NoError(t, writeHTML(&html, r))
	require.Contains(t, html.String(), `<a href="#row-3">[3]</a>`)
	require.Contains(t, html.String(), "NOT REPORTED in the text read (abstract only)")

	b, err := json.Marshal(r)
	require.NoError(t, err)
	require.Contains(t, string(b), `"studies":[{"nct_id":"NCT00791778","registry":3,"reports":[1]`)

	// With the article's full text, the outcome it reports there is no longer flagged.
	in.FullTexts = map[string]domain.FullText{article.CanonicalKey(): {Key: article.CanonicalKey(), Sections: []domain.FullTextSection{
		{Kind: domain.SectionResults, Title: "Results", Text: "Median PFS was 12.7 months. Hand-foot skin reaction occurred in 39% of patients."}}}}
	require.Zero(t, Build(in).Studies[0].Flagged)
}
