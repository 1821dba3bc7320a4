package pubmedxml

import "encoding/xml"

// tokenKind says what a token is. Comments, processing instructions and directives never
// reach the record parser: nothing it reads depends on them.
type tokenKind uint8

const (
	tokStart tokenKind = iota + 1
	tokEnd
	tokText
)

// token is one start element, end element or run of character data. It is a small value so
// the fast scanner can hand tokens out without allocating; text is only valid until the
// next call to next.
type token struct {
	kind tokenKind
	// name is the local name (without namespace prefix) of a start or end element.
	name string
	// text is decoded character data: entities expanded, line ends normalised.
	text []byte
}

// tokenReader is what the record parser reads from. Two implementations exist: scanner, a
// fast reader over the document bytes that accepts a strict subset of XML, and
// decoderTokens, encoding/xml's decoder, which reads everything else and reports every
// error. Sharing the record parser is what keeps both paths' results identical.
type tokenReader interface {
	// next returns the next start element, end element or character data.
	next() (token, error)
	// skip consumes the rest of the element whose start tag next returned last.
	skip() error
	// attr returns the named attribute (matched by local name, first one wins) of the start
	// element next returned last, or "". It must be called before next is called again.
	attr(name string) string
}

// decoderTokens adapts an encoding/xml decoder to tokenReader.
type decoderTokens struct {
	d     *xml.Decoder
	start xml.StartElement
}

func (t *decoderTokens) next() (token, error) {
	for {
		tok, err := t.d.Token()
		if err != nil {
			return token{}, err
		}
		switch v := tok.(type) {
		case xml.StartElement:
			t.start = v
			return token{kind: tokStart, name: v.Name.Local}, nil
		case xml.EndElement:
			return token{kind: tokEnd, name: v.Name.Local}, nil
		case xml.CharData:
			return token{kind: tokText, text: v}, nil
		}
	}
}

func (t *decoderTokens) skip() error { return t.d.Skip() }

func (t *decoderTokens) attr(name string) string {
	for _, at := range t.start.Attr {
		if at.Name.Local == name {
			return at.Value
		}
	}
	return ""
}
