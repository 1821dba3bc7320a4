package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestFullTextsStoreOncePerPaper: a full text is stored once per paper key, replaced by a
// later one, searchable with the library's query rules, and refused without key or body.
func TestFullTextsStoreOncePerPaper(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	ft := domain.FullText{
		Key: "pmid:123", Source: domain.FullTextEuropePMC, SourceID: "PMC42", Title: "Metformin in breast cancer",
		Sections: []domain.FullTextSection{
			{Kind: domain.SectionAbstract, Title: "Abstract", Level: 1, Text: "We randomised patients."},
			{Kind: domain.SectionMethods, Title: "Randomisation", Parent: "Methods", Level: 2, Text: "Allocation used sealed opaque envelopes."},
		},
		FetchedAt: time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC),
	}
	require.NoError(t, s.PutFullText(ctx, ft))

	got, err := s.FullTexts(ctx, []string{"pmid:123", "pmid:999"})
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Equal(t, ft.Sections, got["pmid:123"].Sections)
	require.True(t, got["pmid:123"].FetchedAt.Equal(ft.FetchedAt))

	hits, err := s.SearchFullTexts(ctx, "opaque envelope", 10)
	require.NoError(t, err)
	require.Len(t, hits, 1)
	require.Equal(t, domain.FullTextEuropePMC, hits[0].Source)

	ft.Source, ft.SourceID = domain.FullTextPDF, "paper.pdf"
	ft.Sections[1].Text = "Block randomisation by computer."
	require.NoError(t, s.PutFullText(ctx, ft))
	got, err = s.FullTexts(ctx, []string{"pmid:123"})
	require.NoError(t, err)
	require.Equal(t, domain.FullTextPDF, got["pmid:123"].Source)
	hits, err = s.SearchFullTexts(ctx, "opaque envelope", 10)
	require.NoError(t, err)
	require.Empty(t, hits, "the replaced text is no longer searchable")
	hits, err = s.SearchFullTexts(ctx, "computer", 10)
	require.NoError(t, err)
	require.Len(t, hits, 1)

	for name, bad := range map[string]domain.FullText{
		"no key":        {Sections: ft.Sections},
		"abstract only": {Key: "pmid:5", Sections: ft.Sections[:1]},
	} {
		require.Error(t, s.PutFullText(ctx, bad), name)
	}
}
