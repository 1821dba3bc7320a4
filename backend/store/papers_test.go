package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestPapersSharingAnIdentifier: a citation finds the library records and the evidence that
// share any of its identifiers, whatever key they are stored under, and only those.
func TestPapersSharingAnIdentifier(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	lib := []domain.Evidence{
		{Citation: domain.Citation{Source: domain.SourceLibrary, PMID: "25326140", DOI: "10.1186/1756-0500-7-731", Title: "Lithium"}},
		{Citation: domain.Citation{Source: domain.SourceLibrary, DOI: "10.1186/1471-244X-13-212", Title: "Lithium protocol"}},
		{Citation: domain.Citation{Source: domain.SourceLibrary, Title: "No identifier at all"}},
	}
	_, err := s.UpsertLibraryRecords(ctx, lib)
	require.NoError(t, err)
	_, err = s.UpsertEvidence(ctx, []domain.Evidence{{Citation: domain.Citation{Source: domain.SourcePubMed, ID: "1", PMID: "1", PMCID: "PMC8710519", Title: "Clopidogrel"}}})
	require.NoError(t, err)

	tests := []struct {
		name     string
		c        domain.Citation
		library  []string // keys
		evidence []string
	}{
		{"DOI printed with its resolver finds the record keyed by PMID", domain.Citation{DOI: "https://doi.org/10.1186/1756-0500-7-731"}, []string{"pmid:25326140"}, nil},
		{"PMCID finds the evidence keyed by PMID", domain.Citation{PMCID: "pmc8710519"}, nil, []string{"pmid:1"}},
		{"title alone finds a record with no identifier", domain.Citation{Title: "No  identifier at all"}, []string{"title:no identifier at all"}, nil},
		{"title alone does not match a record that has identifiers", domain.Citation{Title: "Lithium"}, nil, nil},
		{"another DOI matches nothing", domain.Citation{DOI: "10.9/none"}, nil, nil},
		{"no identifier and no title matches nothing", domain.Citation{}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := s.LibraryRecordsSharing(ctx, tc.c)
			require.NoError(t, err)
			var keys []string
			for _, r := range recs {
				keys = append(keys, r.Key)
			}
			require.Equal(t, tc.library, keys)
			evs, err := s.EvidenceSharing(ctx, tc.c)
			require.NoError(t, err)
			keys = nil
			for _, e := range evs {
				keys = append(keys, e.Key)
			}
			require.Equal(t, tc.evidence, keys)
		})
	}
}

// TestUpsertLibraryRecordAtKeepsTheKey: a record stored at an explicit key stays there when
// its citation gains a stronger identifier, and its full text is reported by FullTextInfos.
func TestUpsertLibraryRecordAtKeepsTheKey(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	up, err := s.UpsertLibraryRecordAt(ctx, "doi:10.1/x", domain.Evidence{Citation: domain.Citation{DOI: "10.1/x", Title: "X"}})
	require.NoError(t, err)
	require.True(t, up.Created)
	again, err := s.UpsertLibraryRecordAt(ctx, "doi:10.1/x", domain.Evidence{Citation: domain.Citation{DOI: "10.1/x", PMID: "42", Title: "X"}})
	require.NoError(t, err)
	require.False(t, again.Created)
	require.Equal(t, up.ID, again.ID)
	n, err := s.CountLibrary(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	_, err = s.UpsertLibraryRecordAt(ctx, " ", domain.Evidence{Citation: domain.Citation{Title: "Y"}})
	requireCode(t, err, domain.CodeInvalid)

	require.NoError(t, s.PutFullText(ctx, domain.FullText{Key: "doi:10.1/x", Source: domain.FullTextPDF, SourceID: "x.pdf", Pages: 7,
		Sections: []domain.FullTextSection{{Kind: domain.SectionMethods, Title: "Methods", Level: 1, Text: "Randomised."}}}))
	infos, err := s.FullTextInfos(ctx, []string{"doi:10.1/x", "pmid:9"})
	require.NoError(t, err)
	require.Len(t, infos, 1)
	got := infos["doi:10.1/x"]
	require.Equal(t, domain.FullTextPDF, got.Source)
	require.Equal(t, "x.pdf", got.SourceID)
	require.Equal(t, 7, got.Pages)
	require.False(t, got.FetchedAt.IsZero())
}

func TestLibraryRecordsByKeyKeepsTheOrder(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	_, err := s.UpsertLibraryRecords(ctx, []domain.Evidence{
		{Citation: domain.Citation{PMID: "1", Title: "One"}}, {Citation: domain.Citation{PMID: "2", Title: "Two"}}})
	require.NoError(t, err)
	recs, err := s.LibraryRecordsByKey(ctx, []string{"pmid:2", "pmid:9", "pmid:1", "pmid:2"})
	require.NoError(t, err)
	var keys []string
	for _, r := range recs {
		keys = append(keys, r.Key)
	}
	require.Equal(t, []string{"pmid:2", "pmid:1"}, keys)
}
