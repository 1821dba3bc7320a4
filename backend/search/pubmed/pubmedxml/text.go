package pubmedxml

import (
	"errors"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// readText consumes the rest of the current element and returns its text with inline markup
// flattened the way a reader would say it: <i>, <b>, <sub> and the like keep their text,
// a superscript that starts with a digit or sign gets a caret ("km·h^-1", "r^2"), MathML
// becomes linear text ("V̇O2max") and runs of white space collapse to one space.
func readText(d tokenReader) (string, error) {
	var (
		buf  []byte
		sups []int
	)
	depth := 1
	for {
		t, err := d.next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return collapseSpace(buf), err
		}
		switch t.kind {
		case tokText:
			buf = append(buf, t.text...)
		case tokStart:
			switch t.name {
			case "math":
				m, err := readMath(d, "math")
				if err != nil {
					return collapseSpace(buf), err
				}
				buf = append(buf, renderMath(m)...)
				continue
			case "sup":
				sups = append(sups, len(buf))
			}
			depth++
		case tokEnd:
			depth--
			if depth == 0 {
				return collapseSpace(buf), nil
			}
			if t.name == "sup" && len(sups) > 0 {
				at := sups[len(sups)-1]
				sups = sups[:len(sups)-1]
				if at > 0 && at < len(buf) && needsCaret(buf[at-1], buf[at:]) {
					buf = append(buf, 0)
					copy(buf[at+1:], buf[at:])
					buf[at] = '^'
				}
			}
		}
	}
}

// needsCaret reports whether a superscript reads as an exponent: it follows a non-space and
// starts with a digit or a sign, so "h-1" does not read as a hyphenated word.
func needsCaret(before byte, sup []byte) bool {
	if before == ' ' || before == '\n' || before == '\t' || before == '(' {
		return false
	}
	r, _ := utf8.DecodeRune(sup)
	return unicode.IsDigit(r) || r == '-' || r == '+' || r == '−'
}

// collapseSpace trims the text and turns every run of white space into one space.
func collapseSpace(b []byte) string {
	out := make([]byte, 0, len(b))
	space := false
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
				space = true
				i++
				continue
			}
			if space && len(out) > 0 {
				out = append(out, ' ')
			}
			space = false
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if unicode.IsSpace(r) {
			space = true
			i += n
			continue
		}
		if space && len(out) > 0 {
			out = append(out, ' ')
		}
		space = false
		if r == utf8.RuneError && n == 1 {
			out = append(out, "\uFFFD"...)
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return string(out)
}

// mathNode is one MathML element, kept only until it is rendered.
type mathNode struct {
	name string
	text string
	kids []*mathNode
}

// maxMathDepth bounds MathML nesting so hostile input cannot exhaust the stack.
const maxMathDepth = 64

// readMath reads a MathML element whose start tag has been consumed into a small tree.
func readMath(d tokenReader, name string) (*mathNode, error) {
	return readMathDepth(d, name, 0)
}

func readMathDepth(d tokenReader, name string, depth int) (*mathNode, error) {
	n := &mathNode{name: name}
	var text []byte
	for {
		t, err := d.next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return n, err
		}
		switch t.kind {
		case tokText:
			text = append(text, t.text...)
		case tokStart:
			if depth >= maxMathDepth {
				if err := d.skip(); err != nil {
					return n, err
				}
				continue
			}
			kid, err := readMathDepth(d, t.name, depth+1)
			if err != nil {
				return n, err
			}
			n.kids = append(n.kids, kid)
		case tokEnd:
			n.text = collapseSpace(text)
			return n, nil
		}
	}
}

// accents maps an over-script operator to the combining mark it stands for.
var accents = map[string]string{
	".": "\u0307", "˙": "\u0307", "·": "\u0307", "¨": "\u0308", "..": "\u0308",
	"¯": "\u0304", "‾": "\u0304", "―": "\u0304", "^": "\u0302", "ˆ": "\u0302",
	"~": "\u0303", "˜": "\u0303", "→": "\u20D7",
}

// renderMath linearises MathML into readable text.
func renderMath(n *mathNode) string {
	kid := func(i int) string {
		if i < len(n.kids) {
			return renderMath(n.kids[i])
		}
		return ""
	}
	switch n.name {
	case "mi", "mn", "mo", "mtext", "ms":
		return n.text
	case "mspace":
		return " "
	case "mphantom", "annotation", "annotation-xml", "none", "mprescripts":
		return ""
	case "semantics":
		return kid(0)
	case "msub":
		return kid(0) + kid(1)
	case "msup":
		return kid(0) + "^" + group(kid(1))
	case "msubsup":
		return kid(0) + kid(1) + "^" + group(kid(2))
	case "mfrac":
		return group(kid(0)) + "/" + group(kid(1))
	case "msqrt":
		return "√" + group(concat(n.kids))
	case "mroot":
		return group(kid(0)) + "^(1/" + kid(1) + ")"
	case "mover", "munderover":
		base := kid(0)
		over := kid(len(n.kids) - 1)
		if mark, ok := accents[over]; ok && n.name == "mover" && base != "" {
			return base + mark
		}
		return base + over
	case "mfenced":
		parts := make([]string, 0, len(n.kids))
		for _, k := range n.kids {
			parts = append(parts, renderMath(k))
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	return concat(n.kids)
}

func concat(kids []*mathNode) string {
	var b strings.Builder
	for _, k := range kids {
		b.WriteString(renderMath(k))
	}
	return b.String()
}

// group parenthesises a script longer than one symbol so "e^(x+1)" stays unambiguous.
func group(s string) string {
	if utf8.RuneCountInString(s) <= 1 || isNumber(s) {
		return s
	}
	return "(" + s + ")"
}

func isNumber(s string) bool {
	for i, r := range s {
		if !(unicode.IsDigit(r) || r == '.' || (i == 0 && (r == '-' || r == '−'))) {
			return false
		}
	}
	return s != ""
}
