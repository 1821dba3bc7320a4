package domain

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFullTextText(t *testing.T) {
	ft := FullText{Sections: []FullTextSection{
		{Kind: SectionAbstract, Title: "Abstract", Text: "Short."},
		{Kind: SectionMethods, Title: "Methods", Level: 1, Text: "Randomised."},
		{Kind: SectionResults, Title: "Results", Level: 1, Text: "Better."},
	}}
	require.Equal(t, "Abstract\nShort.\n\nMethods\nRandomised.\n\nResults\nBetter.", ft.Text())
	require.Equal(t, "Methods\nRandomised.\n\nResults\nBetter.", ft.TextOf(SectionMethods, SectionResults))
	require.True(t, ft.HasBody())
	require.False(t, FullText{Sections: ft.Sections[:1]}.HasBody())
}
