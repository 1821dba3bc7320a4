package cli

import (
	"strings"
	"unicode"
)

// SafeText makes text from outside the program (a question, an imported title, a source's
// title or error) safe to print on one terminal line: control characters — ESC, which
// starts the sequences that retitle, recolour or clear a terminal, BEL, the C1 controls
// such as CSI (U+009B), DEL — are removed, and line breaks and tabs become spaces, as do
// the Unicode bidirectional overrides that can make a line read differently from what it
// is. Every command that prints stored text prints it through SafeText or SafeBlock.
func SafeText(s string) string { return sanitize(s, false) }

// SafeBlock is SafeText for multi-line text (the Markdown report): line breaks and tabs
// are kept, everything else SafeText removes is removed.
func SafeBlock(s string) string { return sanitize(s, true) }

func sanitize(s string, multiline bool) string {
	clean := true
	for _, r := range s {
		if unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range strings.ReplaceAll(s, "\r\n", "\n") {
		switch {
		case r == '\n' || r == '\t':
			if multiline {
				b.WriteRune(r)
			} else {
				b.WriteByte(' ')
			}
		case r == '\r' || isBidiControl(r):
			b.WriteByte(' ')
		case unsafeRune(r):
			// dropped
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || isBidiControl(r)
}

// isBidiControl reports the explicit directional embeddings, overrides and isolates.
func isBidiControl(r rune) bool {
	return r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069' || r == '\u200E' || r == '\u200F' || r == '\u061C'
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
