package domain

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSectionsText(t *testing.T) {
	tests := []struct {
		name string
		in   []Section
		want string
	}{
		{"none", nil, ""},
		{"unstructured", []Section{{Text: "One paragraph."}}, "One paragraph."},
		{"structured", []Section{{Label: "BACKGROUND", Text: "Why."}, {Label: "METHODS", Text: "How."}}, "BACKGROUND: Why.\nMETHODS: How."},
		{"mixed", []Section{{Text: "Lead."}, {Label: "RESULTS", Text: "What."}}, "Lead.\nRESULTS: What."},
		{"label without text", []Section{{Label: "CONCLUSIONS"}}, "CONCLUSIONS: "},
		{"empty sections add no line", []Section{{}, {Label: "A", Text: "x"}, {}, {Label: "B", Text: "y"}}, "A: x\nB: y"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, SectionsText(tt.in))
		})
	}
}

func TestRegistryNumbers(t *testing.T) {
	require.Nil(t, RegistryNumbers(nil))
	require.Nil(t, RegistryNumbers([]string{"", ""}), "only blanks: the field stays absent")
	require.Equal(t, []string{"", "9100L32L2N"}, RegistryNumbers([]string{"", "9100L32L2N"}), "index for index with Chemicals")
}
