package pubmedxml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"strings"
	"unicode/utf8"
)

// errFallback is returned by the scanner when the document leaves the subset of XML it
// reads; ParseArticleSet then parses the whole document again with encoding/xml.
var errFallback = errors.New("pubmed: document needs the full XML decoder")

// scanner is a fast tokenReader over a whole document in memory. encoding/xml spends most
// of its time reading one byte at a time through an interface and allocating a value per
// token; this scanner indexes the bytes directly and hands out tokens without allocating,
// which makes PubMed parsing several times faster.
//
// It accepts only a subset of XML, and only what encoding/xml (strict, with
// xml.HTMLEntity) accepts and tokenises identically: ASCII element and attribute names,
// quoted attributes, the predefined, HTML and numeric character references, comments and
// CDATA sections, with the same checks on UTF-8, character ranges, "]]>", comment syntax
// and tag nesting. A prolog may hold only white space, a UTF-8 XML declaration, comments
// and a DOCTYPE without an internal subset. Anything else (a syntax error, the end of the
// input before the root closes, a processing instruction, another encoding, a non-ASCII
// name, an entity outside those maps) sets failed and returns errFallback, and the
// document is parsed again by encoding/xml, which reports errors with their line numbers
// exactly as before. The scanner itself therefore never reports a syntax error.
type scanner struct {
	src   []byte
	pos   int
	stack []openElement
	// names interns local names so tokens carry strings without allocating per tag.
	names map[string]string
	// attrs are the attributes of the start tag returned last.
	attrs []rawAttr
	// buf holds decoded text when entities or carriage returns had to be rewritten.
	buf []byte
	// closing is set after a self-closing start tag: its end element is returned next.
	closing bool
	failed  bool
}

// openElement is an element whose end tag has not been read yet.
type openElement struct {
	raw   []byte // qualified name as written, compared byte for byte with the end tag
	local string
}

// rawAttr is an attribute as written; its value is decoded only when asked for.
type rawAttr struct {
	local []byte
	value []byte // between the quotes
	plain bool   // no reference or carriage return: the raw bytes are the value
}

func newScanner(src []byte) *scanner {
	return &scanner{src: src, names: make(map[string]string, 64)}
}

// fail gives up on the fast path.
func (s *scanner) fail() (token, error) {
	s.failed = true
	return token{}, errFallback
}

// root reads the prolog and the root start tag and returns the root's local name. It fails
// unless the root is an article set, so every other document (an <ERROR> body, an HTML
// page) takes the decoder path with its detailed errors.
func (s *scanner) root() (string, error) {
	src := s.src
	i := 0
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		i = 3 // a byte order mark is character data to encoding/xml, ignored like white space
	}
	for {
		i = skipSpace(src, i)
		if i+1 >= len(src) || src[i] != '<' {
			break
		}
		switch c := src[i+1]; {
		case c == '?':
			target, _, end, ok := scanName(src, i+2)
			if !ok || string(target) != "xml" {
				break
			}
			start := skipSpace(src, end)
			k := bytes.Index(src[start:], []byte("?>"))
			if k < 0 {
				break
			}
			content := string(src[start : start+k])
			ver, enc := procInst("version", content), procInst("encoding", content)
			if ver != "" && ver != "1.0" || enc != "" && !strings.EqualFold(enc, "utf-8") {
				break // an error or a charset conversion: the decoder's business
			}
			i = start + k + 2
			continue
		case c == '!' && bytes.HasPrefix(src[i:], []byte("<!--")):
			end, ok := commentEnd(src, i)
			if !ok {
				break
			}
			i = end
			continue
		case c == '!' && i+2 < len(src) && isLetter(src[i+2]):
			end, ok := directiveEnd(src, i+3)
			if !ok {
				break
			}
			i = end
			continue
		case c != '!' && c != '/':
			tok, err := s.startTag(i)
			if err != nil || s.closing || (tok.name != "PubmedArticleSet" && tok.name != "PubmedBookArticleSet") {
				break
			}
			return tok.name, nil
		}
		break
	}
	_, err := s.fail()
	return "", err
}

// next implements tokenReader.
func (s *scanner) next() (token, error) {
	if s.failed {
		return token{}, errFallback
	}
	if s.closing {
		s.closing = false
		top := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		return token{kind: tokEnd, name: top.local}, nil
	}
	src := s.src
	for {
		i := s.pos
		if i >= len(src) {
			return s.fail()
		}
		if src[i] != '<' {
			end, plain, ok := scanChars(src, i, 0)
			if !ok {
				return s.fail()
			}
			s.pos = end
			return s.text(src[i:end], plain, false), nil
		}
		if i+1 >= len(src) {
			return s.fail()
		}
		switch src[i+1] {
		case '/':
			return s.endTag(i)
		case '?':
			return s.fail()
		case '!':
			switch {
			case bytes.HasPrefix(src[i:], []byte("<!--")):
				end, ok := commentEnd(src, i)
				if !ok {
					return s.fail()
				}
				s.pos = end
				continue
			case bytes.HasPrefix(src[i:], []byte("<![CDATA[")):
				start := i + len("<![CDATA[")
				k := bytes.Index(src[start:], []byte("]]>"))
				if k < 0 {
					return s.fail()
				}
				plain, ok := checkCDATA(src[start : start+k])
				if !ok {
					return s.fail()
				}
				s.pos = start + k + 3
				return s.text(src[start:start+k], plain, true), nil
			}
			return s.fail()
		default:
			return s.startTag(i)
		}
	}
}

// skip implements tokenReader, validating the skipped content like everything else.
func (s *scanner) skip() error {
	for depth := 1; depth > 0; {
		tok, err := s.next()
		if err != nil {
			return err
		}
		switch tok.kind {
		case tokStart:
			depth++
		case tokEnd:
			depth--
		}
	}
	return nil
}

// attr implements tokenReader.
func (s *scanner) attr(name string) string {
	for _, a := range s.attrs {
		if string(a.local) == name {
			if a.plain {
				return string(a.value)
			}
			return string(decodeChars(nil, a.value, false))
		}
	}
	return ""
}

// text returns a character-data token, decoding into the scratch buffer only when needed.
func (s *scanner) text(raw []byte, plain, cdata bool) token {
	if plain {
		return token{kind: tokText, text: raw}
	}
	s.buf = decodeChars(s.buf[:0], raw, cdata)
	return token{kind: tokText, text: s.buf}
}

// startTag reads the start tag at src[i] == '<'.
func (s *scanner) startTag(i int) (token, error) {
	src := s.src
	raw, local, j, ok := scanName(src, i+1)
	if !ok {
		return s.fail()
	}
	s.attrs = s.attrs[:0]
	for {
		j = skipSpace(src, j)
		if j >= len(src) {
			return s.fail()
		}
		if src[j] == '>' {
			j++
			break
		}
		if src[j] == '/' {
			if j+1 >= len(src) || src[j+1] != '>' {
				return s.fail()
			}
			j += 2
			s.closing = true
			break
		}
		// encoding/xml needs no white space between attributes, so neither does this.
		_, alocal, k, ok := scanName(src, j)
		if !ok {
			return s.fail()
		}
		k = skipSpace(src, k)
		if k >= len(src) || src[k] != '=' {
			return s.fail()
		}
		k = skipSpace(src, k+1)
		if k >= len(src) || (src[k] != '"' && src[k] != '\'') {
			return s.fail()
		}
		end, plain, ok := scanChars(src, k+1, src[k])
		if !ok {
			return s.fail()
		}
		s.attrs = append(s.attrs, rawAttr{local: alocal, value: src[k+1 : end], plain: plain})
		j = end + 1
	}
	name, ok := s.names[string(local)]
	if !ok {
		name = string(local)
		s.names[name] = name
	}
	s.stack = append(s.stack, openElement{raw: raw, local: name})
	s.pos = j
	return token{kind: tokStart, name: name}, nil
}

// endTag reads the end tag at src[i:i+2] == "</", which must close the innermost open
// element with the same qualified name (encoding/xml compares prefix and local name).
func (s *scanner) endTag(i int) (token, error) {
	src := s.src
	raw, _, j, ok := scanName(src, i+2)
	if !ok {
		return s.fail()
	}
	j = skipSpace(src, j)
	if j >= len(src) || src[j] != '>' || len(s.stack) == 0 {
		return s.fail()
	}
	top := s.stack[len(s.stack)-1]
	if !bytes.Equal(top.raw, raw) {
		return s.fail()
	}
	s.stack = s.stack[:len(s.stack)-1]
	s.pos = j + 1
	return token{kind: tokEnd, name: top.local}, nil
}

// scanName reads an ASCII XML name at src[i] and returns it with its local part (after
// the prefix) and the index after it. Non-ASCII names and names with more than one colon,
// which encoding/xml rejects or treats specially, are refused.
func scanName(src []byte, i int) (raw, local []byte, end int, ok bool) {
	if i >= len(src) {
		return nil, nil, 0, false
	}
	if c := src[i]; !isLetter(c) && c != '_' && c != ':' {
		return nil, nil, 0, false
	}
	j := i + 1
	colon := -1
	if src[i] == ':' {
		colon = i
	}
	for ; j < len(src); j++ {
		c := src[j]
		if isLetter(c) || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-' {
			continue
		}
		if c == ':' {
			if colon >= 0 {
				return nil, nil, 0, false
			}
			colon = j
			continue
		}
		if c >= utf8.RuneSelf {
			return nil, nil, 0, false
		}
		break
	}
	if j >= len(src) {
		return nil, nil, 0, false
	}
	raw, local = src[i:j], src[i:j]
	// encoding/xml splits "prefix:local" only when both parts are non-empty.
	if colon > i && colon < j-1 {
		local = src[colon+1 : j]
	}
	return raw, local, j, true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func skipSpace(src []byte, i int) int {
	for i < len(src) {
		switch src[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// commentEnd returns the index after the comment starting at src[i:] == "<!--". Like
// encoding/xml it ends at the first "--", which must be followed by ">".
func commentEnd(src []byte, i int) (int, bool) {
	start := i + len("<!--")
	k := bytes.Index(src[start:], []byte("--"))
	if k < 0 || start+k+2 >= len(src) || src[start+k+2] != '>' {
		return 0, false
	}
	return start + k + 3, true
}

// directiveEnd returns the index after a directive such as <!DOCTYPE ...> whose body
// starts at src[i]: the first ">" outside quotes. A "<" outside quotes (an internal
// subset, a nested comment) is refused rather than reproduced.
func directiveEnd(src []byte, i int) (int, bool) {
	var quote byte
	for ; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '<':
			return 0, false
		case c == '>':
			return i + 1, true
		}
	}
	return 0, false
}

// scanChars validates character data from src[i] the way encoding/xml's text reader
// does: up to the next "<" for element text (quote == 0), where "]]>" is an error, or up
// to the closing quote for an attribute value, where "<" is an error. Every character
// reference must be one encoding/xml expands, and the characters must be valid UTF-8 in the
// XML character range. plain reports that no reference or carriage return needs
// rewriting. ok is false on anything else, including the end of the input.
func scanChars(src []byte, i int, quote byte) (end int, plain, ok bool) {
	plain = true
	for i < len(src) {
		c := src[i]
		// Most bytes are printable ASCII with no meaning here: step over them first.
		if c >= 0x20 && c < utf8.RuneSelf && c != '<' && c != '&' && c != ']' && c != '"' && c != '\'' {
			i++
			continue
		}
		if c >= 0x20 && c < utf8.RuneSelf {
			switch c {
			case '<':
				return i, plain, quote == 0
			case '&':
				_, _, n, ok := charRef(src[i:])
				if !ok {
					return 0, false, false
				}
				plain = false
				i += n
				continue
			case ']':
				if quote == 0 && bytes.HasPrefix(src[i:], []byte("]]>")) {
					return 0, false, false
				}
			case '"', '\'':
				if c == quote {
					return i, plain, true
				}
			}
			i++
			continue
		}
		switch {
		case c == '\n' || c == '\t':
			i++
		case c == '\r':
			plain = false
			i++
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && n == 1 || !inCharRange(r) {
				return 0, false, false
			}
			i += n
		default:
			return 0, false, false
		}
	}
	return 0, false, false
}

// checkCDATA validates the body of a CDATA section (no references, anything but "]]>").
func checkCDATA(b []byte) (plain, ok bool) {
	plain = true
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c >= 0x20 && c < utf8.RuneSelf || c == '\n' || c == '\t':
			i++
		case c == '\r':
			plain = false
			i++
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 || !inCharRange(r) {
				return false, false
			}
			i += n
		default:
			return false, false
		}
	}
	return plain, true
}

// decodeChars appends validated character data to dst with references expanded (not in
// CDATA) and "\r\n" and lone "\r" turned into "\n", as encoding/xml does.
func decodeChars(dst, raw []byte, cdata bool) []byte {
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '&' && !cdata:
			s, r, n, _ := charRef(raw[i:])
			if s != "" {
				dst = append(dst, s...)
			} else {
				dst = utf8.AppendRune(dst, r)
			}
			i += n
		case c == '\r':
			dst = append(dst, '\n')
			i++
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
		default:
			dst = append(dst, c)
			i++
		}
	}
	return dst
}

// charRef reads the reference at b[0] == '&' and returns its expansion (a string for a
// named entity, a rune for a numeric one) and its length. It accepts exactly what
// encoding/xml expands in strict mode with xml.HTMLEntity, except names with non-ASCII
// bytes, which it refuses.
func charRef(b []byte) (s string, r rune, n int, ok bool) {
	if len(b) < 3 {
		return "", 0, 0, false
	}
	j := 1
	if b[1] == '#' {
		base := rune(10)
		j = 2
		if b[j] == 'x' {
			base = 16
			j++
		}
		start := j
		for ; j < len(b); j++ {
			d := rune(-1)
			switch c := b[j]; {
			case '0' <= c && c <= '9':
				d = rune(c - '0')
			case base == 16 && 'a' <= c && c <= 'f':
				d = rune(c-'a') + 10
			case base == 16 && 'A' <= c && c <= 'F':
				d = rune(c-'A') + 10
			}
			if d < 0 {
				break
			}
			if r = r*base + d; r > utf8.MaxRune {
				return "", 0, 0, false
			}
		}
		if j == start || j >= len(b) || b[j] != ';' {
			return "", 0, 0, false
		}
		if !utf8.ValidRune(r) {
			r = utf8.RuneError // string(rune(n)) of a surrogate, as encoding/xml builds it
		}
		if !inCharRange(r) {
			return "", 0, 0, false
		}
		return "", r, j + 1, true
	}
	if !isLetter(b[1]) {
		return "", 0, 0, false
	}
	for j = 2; j < len(b) && (isLetter(b[j]) || '0' <= b[j] && b[j] <= '9'); j++ {
	}
	if j >= len(b) || b[j] != ';' {
		return "", 0, 0, false
	}
	switch name := string(b[1:j]); name {
	case "lt":
		s = "<"
	case "gt":
		s = ">"
	case "amp":
		s = "&"
	case "apos":
		s = "'"
	case "quot":
		s = `"`
	default:
		s = xml.HTMLEntity[name]
	}
	if s == "" {
		return "", 0, 0, false
	}
	for _, c := range s {
		if !inCharRange(c) {
			return "", 0, 0, false
		}
	}
	return s, 0, j + 1, true
}

// inCharRange is the XML Char production, as encoding/xml checks it.
func inCharRange(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// procInst returns the value of param in the body of an XML declaration. It is
// encoding/xml's own (unexported) reading, copied so the fast path accepts exactly the
// declarations the decoder treats as UTF-8, version 1.0.
func procInst(param, s string) string {
	param += "="
	lenp := len(param)
	i := 0
	var sep byte
	for i < len(s) {
		sub := s[i:]
		k := strings.Index(sub, param)
		if k < 0 || lenp+k >= len(sub) {
			return ""
		}
		i += lenp + k + 1
		if c := sub[lenp+k]; c == '\'' || c == '"' {
			sep = c
			break
		}
	}
	if sep == 0 {
		return ""
	}
	j := strings.IndexByte(s[i:], sep)
	if j < 0 {
		return ""
	}
	return s[i : i+j]
}
