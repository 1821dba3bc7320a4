package cli

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSafeTextStripsTerminalControls(t *testing.T) {
	tests := []struct{ name, in, line, block string }{
		{"plain text is untouched", "Metformin — Ünïcode 50%", "Metformin — Ünïcode 50%", "Metformin — Ünïcode 50%"},
		{"OSC retitle", "a\x1b]0;pwned\x07b", "a]0;pwnedb", "a]0;pwnedb"},
		{"clear screen", "x\x1b[2J\x1b[Hy", "x[2J[Hy", "x[2J[Hy"},
		{"C1 CSI and DEL", "a\u009b31mb\x7f", "a31mb", "a31mb"},
		{"line breaks", "one\ntwo\r\nthree\tfour", "one two three four", "one\ntwo\nthree\tfour"},
		{"carriage return cannot overwrite", "safe\rEVIL", "safe EVIL", "safe EVIL"},
		{"bidi override", "abc\u202Edcb", "abc dcb", "abc dcb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.line, SafeText(tt.in))
			require.Equal(t, tt.block, SafeBlock(tt.in))
		})
	}
}
