package citeformat

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// accentMarks maps a LaTeX accent command to the Unicode combining mark it stands for;
// the accented letter is then composed with NFC ({\"u} → ü).
var accentMarks = map[byte]rune{
	'"': '\u0308', '\'': '\u0301', '`': '\u0300', '^': '\u0302', '~': '\u0303',
	'=': '\u0304', '.': '\u0307', 'u': '\u0306', 'v': '\u030C', 'H': '\u030B',
	'c': '\u0327', 'k': '\u0328', 'r': '\u030A', 'd': '\u0323', 'b': '\u0331',
}

// letterCommands are LaTeX commands that stand for a letter or symbol on their own.
var letterCommands = map[string]string{
	"ss": "ß", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ",
	"oe": "œ", "OE": "Œ", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ",
	"textasciitilde": "~", "textasciicircum": "^", "textbackslash": "\\",
	"textendash": "–", "textemdash": "—", "textquoteright": "’", "textquoteleft": "‘",
	"textregistered": "®", "texttrademark": "™", "copyright": "©", "textdegree": "°",
	"textmu": "µ", "textpm": "±", "pm": "±", "times": "×", "leq": "≤", "geq": "≥", "le": "≤", "ge": "≥",
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "kappa": "κ",
	"lambda": "λ", "mu": "μ", "sigma": "σ", "tau": "τ", "omega": "ω", "Delta": "Δ",
	"textbar": "|", "textbraceleft": "{", "textbraceright": "}", "textless": "<", "textgreater": ">", "dag": "†", "ldots": "…", "dots": "…",
}

// decodeLaTeX turns a BibTeX field value into plain Unicode text: accents are composed,
// escaped specials (\& \% \$ \# \_ \{ \}) unescaped, formatting commands (\emph{x})
// reduced to their argument, case-protecting braces and math dollars dropped, and
// TeX dashes turned into Unicode ones.
func decodeLaTeX(s string) string {
	if !strings.ContainsAny(s, "\\{}$~-") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		ch := s[i]
		switch ch {
		case '{', '}', '$':
			i++
		case '~':
			b.WriteByte(' ')
			i++
		case '-':
			switch {
			case strings.HasPrefix(s[i:], "---"):
				b.WriteString("—")
				i += 3
			case strings.HasPrefix(s[i:], "--"):
				b.WriteString("–")
				i += 2
			default:
				b.WriteByte('-')
				i++
			}
		case '\\':
			i = decodeCommand(s, i, &b)
		default:
			b.WriteByte(ch)
			i++
		}
	}
	return norm.NFC.String(cleanSpace(b.String()))
}

// decodeCommand decodes the LaTeX command starting at s[i] == '\\' and returns the index
// after it.
func decodeCommand(s string, i int, b *strings.Builder) int {
	if i+1 >= len(s) {
		return i + 1
	}
	c := s[i+1]
	if mark, ok := accentMarks[c]; ok && !(isASCIILetter(c) && i+2 < len(s) && isASCIILetter(s[i+2])) {
		j := i + 2
		for j < len(s) && s[j] == ' ' && isASCIILetter(c) {
			j++
		}
		letter, next := accentTarget(s, j)
		b.WriteString(letter)
		b.WriteRune(mark)
		return next
	}
	switch c {
	case '&', '%', '$', '#', '_', '{', '}', '~', '^', '"', '\'', ' ':
		b.WriteByte(c)
		return i + 2
	case '\\':
		b.WriteByte(' ')
		return i + 2
	case '-', '/':
		return i + 2
	}
	if !isASCIILetter(c) {
		return i + 2
	}
	j := i + 1
	for j < len(s) && isASCIILetter(s[j]) {
		j++
	}
	name := s[i+1 : j]
	if sym, ok := letterCommands[name]; ok {
		b.WriteString(sym)
		if j < len(s) && s[j] == '{' && j+1 < len(s) && s[j+1] == '}' {
			return j + 2
		}
		if j < len(s) && s[j] == ' ' {
			return j + 1
		}
		return j
	}
	// Formatting commands (\emph, \textit, \url, unknown ones): keep the argument's
	// text, which the caller's loop decodes as the braces are skipped.
	if j < len(s) && s[j] == ' ' {
		return j + 1
	}
	return j
}

// accentTarget returns the letter an accent applies to — "u" in {\"u}, \"{u} or \"u — and
// the index after it; dotless \i and \j become i and j.
func accentTarget(s string, j int) (string, int) {
	if j >= len(s) {
		return "", j
	}
	if s[j] == '{' {
		k := strings.IndexByte(s[j:], '}')
		if k < 0 {
			return "", len(s)
		}
		inner := s[j+1 : j+k]
		switch inner {
		case "\\i":
			inner = "i"
		case "\\j":
			inner = "j"
		}
		return inner, j + k + 1
	}
	if s[j] == '\\' && j+1 < len(s) && (s[j+1] == 'i' || s[j+1] == 'j') {
		return string(s[j+1]), j + 2
	}
	_, size := utf8.DecodeRuneInString(s[j:])
	return s[j : j+size], j + size
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// escapeBibTeX escapes text for a braced BibTeX field so that every parser in use reads
// the same characters back (checked by the conformance suite against biber, Better
// BibTeX, citation-js, pandoc and bibutils):
//   - & % # _ $ are backslash-escaped, ~ ^ \ written as \textasciitilde{} etc.;
//   - < and > are written $<$ and $>$: as plain text TeX's OT1 encoding prints them as
//     ¡ and ¿, which is what Better BibTeX reproduces;
//   - braces: biber's btparse counts every brace, escaped or not, so \{ and \} are used
//     only when they pair up; a lone one is \textbraceleft{} / \textbraceright{}, which
//     keeps the field balanced for every parser.
//
// Non-ASCII letters are kept as UTF-8, which biber, Zotero and JabRef read.
func escapeBibTeX(s string) string {
	balanced := bracesBalanced(s)
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\textbackslash{}`)
		case '{':
			if balanced {
				b.WriteString(`\{`)
			} else {
				b.WriteString(`\textbraceleft{}`)
			}
		case '}':
			if balanced {
				b.WriteString(`\}`)
			} else {
				b.WriteString(`\textbraceright{}`)
			}
		case '&', '%', '$', '#', '_':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '~':
			b.WriteString(`\textasciitilde{}`)
		case '^':
			b.WriteString(`\textasciicircum{}`)
		case '<':
			b.WriteString(`$<$`)
		case '>':
			b.WriteString(`$>$`)
		case '\n', '\r', '\t':
			b.WriteByte(' ')
		default:
			if r < 0x20 || r == 0x7f {
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// bracesBalanced reports whether every '{' in s is closed by a later '}'.
func bracesBalanced(s string) bool {
	depth := 0
	for _, r := range s {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}
