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

func TestFullTextMarkdown(t *testing.T) {
	ft := FullText{Sections: []FullTextSection{
		{Kind: SectionAbstract, Title: "Abstract", Level: 1, Text: "Background: Short."},
		{Kind: SectionIntroduction, Level: 1, Text: "Untitled opening."},
		{Kind: SectionMethods, Title: "Methods", Level: 1},
		{Kind: SectionMethods, Title: "Randomisation", Parent: "Methods", Level: 2, Text: "Computer generated.\nSealed envelopes."},
		{Kind: SectionTable, Title: "Table 1", Parent: "Methods", Text: "a\tb"},
		{Kind: SectionOther, Title: "", Level: 1, Text: ""},
	}}
	require.Equal(t, "## Abstract\nBackground: Short.\n\n## Introduction\nUntitled opening.\n\n## Methods\n\n### Methods › Randomisation\nComputer generated.\nSealed envelopes.\n\n### Methods › Table 1\na\tb", ft.Markdown())
	lines := ft.MarkdownLines()
	require.Equal(t, MarkdownLine{Kind: SectionMethods, Text: "Sealed envelopes."}, lines[10])
}
