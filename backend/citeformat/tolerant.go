package citeformat

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"deepcritical/backend/domain"
)

// Warning is a problem with a record that was read all the same: the Handler receives it
// as err together with a valid ev, which should be kept (a field was truncated, the file
// was not UTF-8). With Record 0 it concerns the whole file and ev is empty.
type Warning struct {
	Notes []string
}

func (w *Warning) Error() string { return strings.Join(w.Notes, "; ") }

// IsWarning reports whether err is a Warning, i.e. the record it came with is good.
func IsWarning(err error) bool {
	var w *Warning
	return errors.As(err, &w)
}

// Field size limits. Real titles stay under a few hundred characters and abstracts under
// a few thousand; anything far beyond is a broken or hostile file, and storing it whole
// would bloat the library and its search index. Longer values are cut with a warning.
const (
	maxTitleRunes    = 4000
	maxAbstractRunes = 200_000
	maxFieldRunes    = 4000
	maxListItems     = 5000
)

// limitFields truncates oversized fields of ev and says which.
// LimitFields cuts a record's oversized fields to the limits every importer keeps, and says
// what it cut: for records read by other means than Scan (a Zotero library).
func LimitFields(ev *domain.Evidence) []string { return limitFields(ev) }

func limitFields(ev *domain.Evidence) []string {
	var notes []string
	cut := func(name string, s *string, limit int) {
		if len(*s) <= limit { // bytes ≥ runes: short strings need no counting
			return
		}
		if n := utf8.RuneCountInString(*s); n > limit {
			r := []rune(*s)
			*s = string(r[:limit])
			notes = append(notes, fmt.Sprintf("%s truncated from %d to %d characters", name, n, limit))
		}
	}
	c := &ev.Citation
	cut("title", &c.Title, maxTitleRunes)
	cut("abstract", &ev.Content, maxAbstractRunes)
	for i := range c.Sections {
		cut("abstract section", &c.Sections[i].Text, maxAbstractRunes)
	}
	for name, p := range map[string]*string{"journal": &c.Journal, "volume": &c.Volume, "issue": &c.Issue,
		"pages": &c.Pages, "date": &c.Date, "url": &c.URL, "doi": &c.DOI, "id": &c.ID} {
		cut(name, p, maxFieldRunes)
	}
	lists := map[string]*[]string{"authors": &c.Authors, "keywords": &c.Keywords, "MeSH terms": &c.MeshTerms,
		"publication types": &c.PublicationTypes, "chemicals": &c.Chemicals}
	for _, name := range []string{"authors", "keywords", "MeSH terms", "publication types", "chemicals"} {
		l := lists[name]
		if len(*l) > maxListItems {
			notes = append(notes, fmt.Sprintf("%s cut from %d to %d entries", name, len(*l), maxListItems))
			*l = (*l)[:maxListItems]
		}
		for i := range *l {
			cut(name, &(*l)[i], maxFieldRunes)
		}
	}
	if len(notes) > 1 {
		notes = dedupeNotes(notes)
	}
	return notes
}

func dedupeNotes(in []string) []string {
	seen := map[string]bool{}
	out := in[:0]
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// latin1Fallback passes UTF-8 through and decodes every byte that is not part of a valid
// UTF-8 sequence as Windows-1252 (a superset of Latin-1 for text), which is what EndNote,
// older Reference Manager exports and Windows editors write. A file in either encoding —
// or a mix, as concatenated exports are — comes out as valid UTF-8, and converted counts
// the bytes that had to be decoded so the import can say so.
type latin1Fallback struct {
	r         io.Reader
	in        []byte // undecoded input, at most one incomplete UTF-8 sequence after a read
	out       []byte // decoded output not yet returned
	eof       bool
	err       error
	converted int
}

func newLatin1Fallback(r io.Reader) *latin1Fallback { return &latin1Fallback{r: r} }

func (l *latin1Fallback) Read(p []byte) (int, error) {
	for len(l.out) == 0 {
		if l.eof {
			if l.err != nil {
				return 0, l.err
			}
			return 0, io.EOF
		}
		buf := make([]byte, 32<<10)
		n, err := l.r.Read(buf)
		l.in = append(l.in, buf[:n]...)
		if err != nil {
			l.eof = true
			if !errors.Is(err, io.EOF) {
				l.err = err
			}
		}
		l.decode()
	}
	n := copy(p, l.out)
	l.out = l.out[n:]
	return n, nil
}

// decode moves what can be decoded from in to out; an incomplete sequence at the end of
// in waits for more input unless the input has ended.
func (l *latin1Fallback) decode() {
	in := l.in
	i := 0
	for i < len(in) {
		b := in[i]
		if b < utf8.RuneSelf {
			l.out = append(l.out, b)
			i++
			continue
		}
		if !utf8.FullRune(in[i:]) && !l.eof {
			break
		}
		r, size := utf8.DecodeRune(in[i:])
		if r == utf8.RuneError && size <= 1 {
			l.out = utf8.AppendRune(l.out, charmap.Windows1252.DecodeByte(b))
			l.converted++
			i++
			continue
		}
		l.out = append(l.out, in[i:i+size]...)
		i += size
	}
	l.in = append(l.in[:0], in[i:]...)
}

// decodeUTF16 turns a UTF-16 file with a byte-order mark (EndNote's and Windows'
// "Unicode" export) into UTF-8; anything else passes through unchanged.
func decodeUTF16(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	head, _ := br.Peek(2)
	if len(head) == 2 && (head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF) {
		return transform.NewReader(br, unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder())
	}
	return br
}

// utf16Head decodes the first bytes of a UTF-16 file with a byte-order mark so Detect can
// sniff it; other input is returned as it is.
func utf16Head(head []byte) []byte {
	if len(head) < 2 || !(head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF) {
		return head
	}
	out, _, err := transform.Bytes(unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder(), head[:len(head)&^1])
	if err != nil {
		return head
	}
	return bytes.TrimPrefix(out, utf8BOM)
}
