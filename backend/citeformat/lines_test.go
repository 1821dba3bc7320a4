package citeformat

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

func TestLines(t *testing.T) {
	long := strings.Repeat("x", 200*1024)
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"CRLF and LF", "TY  - JOUR\r\nER  -\n", []string{"TY  - JOUR", "ER  -"}},
		{"last line without newline", "PMID- 1\nTI  - A", []string{"PMID- 1", "TI  - A"}},
		{"byte-order mark only on the first line", "\uFEFFPMID- 1\n\uFEFFx\n", []string{"PMID- 1", "\uFEFFx"}},
		{"blank lines are lines", "a\n\n\nb\n", []string{"a", "", "", "b"}},
		{"a line longer than the buffer", "AB  - " + long + "\n", []string{"AB  - " + long}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := newLines(strings.NewReader(tt.in), "RIS")
			var got []string
			for in.scan() {
				require.Equal(t, len(got)+1, in.no, "lines are numbered from 1")
				got = append(got, in.text)
			}
			require.NoError(t, in.err)
			require.Equal(t, tt.want, got)
			require.False(t, in.scan(), "the end stays the end")
		})
	}
}

func TestLinesReadFailure(t *testing.T) {
	boom := errors.New("disk gone")
	in := newLines(io.MultiReader(strings.NewReader("TY  - JOUR\n"), iotest.ErrReader(boom)), "RIS")
	require.True(t, in.scan())
	require.Equal(t, "TY  - JOUR", in.text)
	require.False(t, in.scan())
	require.ErrorIs(t, in.err, boom)
	require.ErrorContains(t, in.err, "read RIS")
}
