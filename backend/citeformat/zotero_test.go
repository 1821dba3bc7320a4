package citeformat

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestZoteroItemOf(t *testing.T) {
	cases := []struct {
		name string
		ev   domain.Evidence
		want ZoteroItem
	}{
		{"journal article with identifiers in Extra", domain.Evidence{Content: "Abstract.", Citation: domain.Citation{
			Title: "A  trial", PMID: "1", PMCID: "PMC2", DOI: "https://doi.org/10.1/AbC", Journal: "J", Volume: "3", Issue: "4", Pages: "114-24",
			Date: "2020-06", ISSN: "1234-5678", URL: "javascript:alert(1)", Authors: []string{"Flaherty, Keith T", "METRIC Study Group", "Hambrick, George W, Jr"},
			PublicationTypes: []string{"Randomized Controlled Trial"}, Notes: []string{"DeepCritical appraisal: …"}}},
			ZoteroItem{ItemType: "journalArticle", Title: "A trial", AbstractNote: "Abstract.", PublicationTitle: "J", Volume: "3", Issue: "4",
				Pages: "114-124", Date: "2020-06", DOI: "10.1/AbC", ISSN: "1234-5678",
				Extra: "PMID: 1\nPMCID: PMC2\nPublication type: Randomized Controlled Trial",
				Creators: []ZoteroCreator{{CreatorType: "author", LastName: "Flaherty", FirstName: "Keith T"}, {CreatorType: "author", Name: "METRIC Study Group"},
					{CreatorType: "author", LastName: "Hambrick", FirstName: "George W, Jr"}}}},
		{"trial registration is a web page, DOI in Extra", domain.Evidence{Citation: domain.Citation{Source: domain.SourceClinicalTrials,
			Title: "Metformin in X", NCTID: "NCT01234567", DOI: "10.2/z", Volume: "9", URL: "https://clinicaltrials.gov/study/NCT01234567"}},
			ZoteroItem{ItemType: "webpage", Title: "Metformin in X", WebsiteTitle: "ClinicalTrials.gov", URL: "https://clinicaltrials.gov/study/NCT01234567",
				Extra: "DOI: 10.2/z\nClinicalTrials.gov: NCT01234567"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, ZoteroItemOf(tc.ev))
		})
	}
}

// TestZoteroRoundTrip: what DeepCritical sends to Zotero comes back from Zotero's API as the
// same paper (same identifiers, authors, container, date).
func TestZoteroRoundTrip(t *testing.T) {
	for _, c := range []domain.Citation{
		{Title: "Reduction in the incidence of type 2 diabetes", PMID: "11832527", PMCID: "PMC1370926", DOI: "10.1056/NEJMoa012512",
			Journal: "N Engl J Med", Volume: "346", Issue: "6", Pages: "393-403", Date: "2002-02-07",
			Authors: []string{"Knowler, William C", "Diabetes Prevention Program Research Group"}},
		{Source: domain.SourceClinicalTrials, Title: "A registered trial", NCTID: "NCT01234567", DOI: "10.2/z", Date: "2019"},
	} {
		it := ZoteroItemOf(domain.Evidence{Content: "Text.", Citation: c})
		ev, err := EvidenceOfZotero(it, "")
		require.NoError(t, err)
		got := ev.Citation
		assert.Equal(t, c.Identifiers(), got.Identifiers())
		assert.Equal(t, c.Authors, nonNilStrings(got.Authors))
		assert.Equal(t, c.Date, got.Date)
		assert.Equal(t, "Text.", ev.Content)
		if c.Journal != "" {
			assert.Equal(t, c.Journal, got.Journal)
		}
	}
}

func nonNilStrings(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

func TestEvidenceOfZotero(t *testing.T) {
	ev, err := EvidenceOfZotero(ZoteroItem{Key: "ABCD2345", ItemType: "bookSection", Title: "<i>In vitro</i> work", BookTitle: "Methods",
		Date: "Spring 2001", Extra: "DOI: 10.3/q\nPMID: 77", Creators: []ZoteroCreator{{CreatorType: "editor", FirstName: "Ann", LastName: "Lee"}},
		Tags: []ZoteroTag{{Tag: " drugs "}, {Tag: ""}}}, "")
	require.NoError(t, err)
	c := ev.Citation
	assert.Equal(t, "In vitro work", c.Title)
	assert.Equal(t, "Methods", c.Journal)
	assert.Equal(t, "2001", c.Date)
	assert.Equal(t, []string{"10.3/q", "77"}, []string{c.DOI, c.PMID})
	assert.Equal(t, []string{"Lee, Ann"}, c.Authors, "an editor stands in for missing authors")
	assert.Equal(t, []string{"drugs"}, c.Keywords)
	assert.Equal(t, domain.SourceLibrary, c.Source)

	ev, err = EvidenceOfZotero(ZoteroItem{Key: "K2345678", ItemType: "document", Title: "Notes from a meeting"}, "")
	require.NoError(t, err)
	assert.Equal(t, "zotero:K2345678", ev.Citation.ID, "no public identifier: the Zotero key is the local ID")

	_, err = EvidenceOfZotero(ZoteroItem{ItemType: "attachment"}, "")
	assert.ErrorIs(t, err, ErrZoteroChild)
	_, err = EvidenceOfZotero(ZoteroItem{}, "")
	assert.EqualError(t, err, "the item has no itemType")
}
