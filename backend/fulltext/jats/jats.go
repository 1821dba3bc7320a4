// Package jats reads a JATS (NISO Z39.96) article — what Europe PMC's /{PMCID}/fullTextXML
// and the E-utilities' efetch db=pmc return — into titled sections: the abstract, the body's
// sections with their subsections flattened in reading order (each knowing its depth and
// its top-level section), tables as text (caption and tab-separated rows), figure captions
// and supplementary material captions. References, author lists, permissions and
// sub-articles are left out: the appraiser, the judge and the verifier read what the paper
// reports, not its metadata.
//
// The reader streams with encoding/xml, so a paper is read in one pass without building a
// tree. A body the publisher withheld (PMC serves the front matter with a comment saying
// the publisher does not allow XML download) is reported as such, not as an empty paper.
package jats

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode"

	"deepcritical/backend/domain"
)

// Article is one parsed JATS article.
type Article struct {
	Title string
	PMID  string
	PMCID string
	DOI   string
	// Sections are the abstract, the body and the back matter's titled parts in reading
	// order (domain.FullText's sections).
	Sections []domain.FullTextSection
	// Withheld is set when the file says the publisher does not allow the full text to be
	// downloaded in XML form (PMC then serves the front matter only).
	Withheld bool
}

// HasBody reports whether the article has more than its abstract.
func (a Article) HasBody() bool {
	return domain.FullText{Sections: a.Sections}.HasBody()
}

// NotJATSError is a well-formed XML answer that is not a JATS article: an API's error
// envelope (Europe PMC's errorBean, PMC's <error>), a search result, an HTML page.
type NotJATSError struct {
	// Root is the root element's name.
	Root string
	// Message is the error text the answer carried, when it had one.
	Message string
}

func (e *NotJATSError) Error() string {
	if e.Message != "" {
		return fmt.Sprintf("not a JATS article: <%s> says %q", e.Root, e.Message)
	}
	return fmt.Sprintf("not a JATS article: the root element is <%s>", e.Root)
}

// UnavailableError is PMC's answer for an id it does not serve:
// <pmc-articleset><error id="…">The following PMCID is not available: …</error>.
type UnavailableError struct{ Message string }

func (e *UnavailableError) Error() string { return e.Message }

// maxDepth bounds element nesting: real articles nest a few dozen levels (sections,
// lists, tables, MathML); a deeper file is hostile or broken.
const maxDepth = 200

// withheldMark is the comment PMC puts in an article whose body the publisher withholds.
const withheldMark = "does not allow downloading of the full text"

// Parse reads one article (the first, in a <pmc-articleset>). A malformed or truncated
// file, a root that is not <article> or <pmc-articleset>, or a <pmc-articleset> without an
// article is an error; a withheld body or a missing body is not (see Article.Withheld and
// Article.HasBody).
func Parse(r io.Reader) (Article, error) {
	d := xml.NewDecoder(r)
	// JATS files declare entities in their DTD, which is never fetched: an unknown named
	// entity passes through as text rather than failing the paper, and HTML's names (which
	// some publishers use) are known.
	d.Strict = false
	d.Entity = xml.HTMLEntity
	p := &parser{d: d, firstBody: -1}
	for {
		tok, err := d.Token()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return Article{}, errors.New("empty document: no XML element")
			}
			return Article{}, fmt.Errorf("malformed XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.Comment:
			p.noteComment(t)
		case xml.CharData:
			if txt := strings.TrimSpace(string(t)); txt != "" {
				return Article{}, fmt.Errorf("not XML: the answer starts with %q", snippet(txt, 40))
			}
		case xml.StartElement:
			switch t.Name.Local {
			case "article":
				return p.article()
			case "pmc-articleset":
				return p.articleSet()
			default:
				msg, _ := p.envelopeMessage(t)
				return Article{}, &NotJATSError{Root: t.Name.Local, Message: msg}
			}
		}
	}
}

// parser holds the state of one Parse.
type parser struct {
	d        *xml.Decoder
	a        Article
	depth    int
	abstract bool // the main abstract was read
	// firstBody is the index of the first section read from <body> (-1 outside it).
	firstBody int
}

func (p *parser) noteComment(c xml.Comment) {
	if bytes.Contains(bytes.ToLower(c), []byte(withheldMark)) {
		p.a.Withheld = true
	}
}

// next returns the next token, tracking depth; running out inside an element is an error.
func (p *parser) next() (xml.Token, error) {
	tok, err := p.d.Token()
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "unexpected EOF") {
			return nil, errors.New("malformed XML: the document ends inside an element (truncated)")
		}
		return nil, fmt.Errorf("malformed XML: %w", err)
	}
	switch t := tok.(type) {
	case xml.StartElement:
		p.depth++
		if p.depth > maxDepth {
			return nil, fmt.Errorf("malformed XML: elements nested more than %d deep", maxDepth)
		}
	case xml.EndElement:
		p.depth--
	case xml.Comment:
		p.noteComment(t)
	}
	return tok, nil
}

// skipElement consumes the rest of the element just started.
func (p *parser) skipElement() error {
	for depth := 1; depth > 0; {
		tok, err := p.next()
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		}
	}
	return nil
}

// envelopeMessage reads an API error envelope's message (errorBean's errMsg, fullTextXMLBean's
// message, PMC's <error>) so the error says what the server said.
func (p *parser) envelopeMessage(start xml.StartElement) (string, error) {
	var msg string
	var cur string
	for depth := 1; depth > 0; {
		tok, err := p.d.Token()
		if err != nil {
			return strings.TrimSpace(msg), err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			cur = t.Name.Local
		case xml.EndElement:
			depth--
			cur = ""
		case xml.CharData:
			switch {
			case cur == "errMsg" || cur == "message" || cur == "error" || cur == "ERROR" || (start.Name.Local == "error" && depth == 1) ||
				(strings.EqualFold(start.Name.Local, "html") && cur == "title"):
				msg += string(t)
			}
		}
	}
	return strings.Join(strings.Fields(msg), " "), nil
}

// articleSet reads PMC's <pmc-articleset>: the first <article>, or its <error>.
func (p *parser) articleSet() (Article, error) {
	for {
		tok, err := p.next()
		if err != nil {
			return Article{}, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "article":
				return p.article()
			case "error":
				msg, err := p.envelopeMessage(t)
				if err != nil {
					return Article{}, fmt.Errorf("malformed XML: %w", err)
				}
				p.depth--
				if msg == "" {
					msg = "PMC returned an error instead of the article"
				}
				return Article{}, &UnavailableError{Message: msg}
			default:
				if err := p.skipElement(); err != nil {
					return Article{}, err
				}
			}
		case xml.EndElement:
			return Article{}, errors.New("the PMC article set holds no article")
		}
	}
}

// article reads <article>'s children and returns the article with its identifiers
// normalised.
func (p *parser) article() (Article, error) {
	err := p.children(nil, func(t xml.StartElement) error {
		switch t.Name.Local {
		case "front":
			return p.front()
		case "body":
			p.firstBody = len(p.a.Sections)
			return p.container(&section{}, "")
		case "back":
			return p.back()
		case "floats-group":
			p.firstBody = -1
			return p.container(&section{}, "")
		default: // sub-article, response: other documents (reviews, translations)
			return p.skipElement()
		}
	})
	if err != nil {
		return Article{}, err
	}
	a := p.a
	if a.PMCID != "" && !strings.HasPrefix(strings.ToUpper(a.PMCID), "PMC") {
		a.PMCID = "PMC" + a.PMCID
	}
	a.PMCID = strings.ToUpper(a.PMCID)
	return a, nil
}

// children calls fn for each child element of the element just started, until its end;
// fn consumes the child whole. Text directly inside the element goes to s's current line,
// or is not read when s is nil.
func (p *parser) children(s *section, fn func(xml.StartElement) error) error {
	for {
		tok, err := p.next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := fn(t); err != nil {
				return err
			}
		case xml.CharData:
			if s != nil {
				s.line.Write(t)
			}
		case xml.EndElement:
			return nil
		}
	}
}

// front reads the article-meta's identifiers, title and main abstract.
func (p *parser) front() error {
	return p.children(nil, p.frontChild)
}

// frontChild reads one element of <front>, descending into the groups that hold the
// identifiers and the title.
func (p *parser) frontChild(t xml.StartElement) error {
	switch t.Name.Local {
	case "article-meta", "title-group":
		return p.children(nil, p.frontChild)
	case "article-id":
		id, err := p.inline()
		if err == nil {
			switch attr(t, "pub-id-type") {
			case "pmid":
				p.a.PMID = id
			case "pmc", "pmcid":
				p.a.PMCID = id
			case "doi":
				p.a.DOI = id
			}
		}
		return err
	case "article-title":
		var err error
		p.a.Title, err = p.inline()
		return err
	case "abstract":
		return p.abstractElem(t)
	default:
		return p.skipElement()
	}
}

// skippedAbstracts are abstract types that are not the paper's abstract.
var skippedAbstracts = map[string]bool{"graphical": true, "teaser": true, "toc": true, "author-highlights": true, "precis": true, "web-summary": true}

// abstractElem reads the main abstract (the first one that is not graphical, a teaser or a
// summary) as one section; a structured abstract's parts become "Label: text" lines.
func (p *parser) abstractElem(start xml.StartElement) error {
	typ := strings.ToLower(attr(start, "abstract-type"))
	if p.abstract || skippedAbstracts[typ] || typ == "summary" || typ == "executive-summary" {
		return p.skipElement()
	}
	p.abstract = true
	s := &section{kind: domain.SectionAbstract, title: "Abstract", level: 1, labelled: true}
	idx := len(p.a.Sections)
	p.a.Sections = append(p.a.Sections, domain.FullTextSection{})
	if err := p.content(s); err != nil {
		return err
	}
	p.a.Sections[idx] = s.done()
	return nil
}

// back reads the back matter: acknowledgements, appendices, notes and back sections
// (supplementary material, declarations), never the reference list.
func (p *parser) back() error {
	return p.children(nil, func(t xml.StartElement) error {
		switch t.Name.Local {
		case "ack":
			return p.section(t, 1, "", "Acknowledgements", "")
		case "sec", "app", "notes", "glossary":
			return p.section(t, 1, "", "", "")
		case "app-group":
			return p.container(&section{}, "")
		case "supplementary-material", "table-wrap", "fig", "table-wrap-group", "fig-group":
			return p.float(t, "")
		default: // ref-list, fn-group, bio
			return p.skipElement()
		}
	})
}

// section is a section being read.
type section struct {
	kind     domain.SectionKind
	title    string
	parent   string
	level    int
	labelled bool // abstract parts are written "Title: text"
	// prefix is a structured abstract part's "Title: ", written before its first paragraph.
	prefix string
	text   strings.Builder
	line   strings.Builder
}

// flush ends the current paragraph.
func (s *section) flush() {
	t := collapse(s.line.String())
	s.line.Reset()
	if t == "" {
		return
	}
	if s.text.Len() > 0 {
		s.text.WriteByte('\n')
	}
	s.text.WriteString(s.prefix)
	s.prefix = ""
	s.text.WriteString(t)
}

func (s *section) done() domain.FullTextSection {
	s.flush()
	return domain.FullTextSection{Kind: s.kind, Title: s.title, Parent: s.parent, Level: s.level, Text: s.text.String()}
}

// section reads a <sec> (or <ack>, <app>) at the given depth; top is the title of the
// enclosing top-level section ("" for a top-level one).
func (p *parser) section(start xml.StartElement, level int, top, defaultTitle string, parentKind domain.SectionKind) error {
	s := &section{level: level, parent: top}
	secType := attr(start, "sec-type")
	if start.Name.Local == "ack" {
		secType = "acknowledgements"
	}
	idx := len(p.a.Sections)
	p.a.Sections = append(p.a.Sections, domain.FullTextSection{})
	var label string
	titled := false
	// The kind is known once the title is read; until then a nested section's paragraphs
	// wait in s, and subsections (which need their parent's kind) come after the title.
	resolve := func() {
		if titled {
			return
		}
		titled = true
		if s.title == "" {
			s.title = defaultTitle
		}
		if label != "" && s.title != "" && !strings.HasPrefix(s.title, label) {
			s.title = label + " " + s.title
		} else if s.title == "" {
			s.title = label
		}
		s.kind = kindOf(secType, s.title, parentKind)
	}
	err := p.children(s, func(t xml.StartElement) error {
		var err error
		switch t.Name.Local {
		case "label":
			if !titled {
				label, err = p.inline()
			} else {
				err = p.skipElement()
			}
		case "title":
			if !titled && s.title == "" {
				s.title, err = p.inline()
			} else {
				err = p.skipElement()
			}
		case "sec-meta", "ref-list", "fn-group":
			err = p.skipElement()
		default:
			resolve()
			err = p.child(s, t, topOf(top, s.title, level))
		}
		return err
	})
	if err != nil {
		return err
	}
	resolve()
	p.a.Sections[idx] = s.done()
	return nil
}

func topOf(top, title string, level int) string {
	if level <= 1 {
		return title
	}
	return top
}

// container reads the children of an element that holds sections and paragraphs but is not
// a section itself (<body>, <floats-group>, <app-group>). Paragraphs outside any section
// become an untitled section.
func (p *parser) container(s *section, top string) error {
	idx := -1
	s.level = 0 // its sections are top-level; its own untitled text is recorded at level 1
	err := p.children(s, func(t xml.StartElement) error {
		if t.Name.Local != "sec" && idx < 0 && isBlock(t.Name.Local) {
			idx = len(p.a.Sections)
			p.a.Sections = append(p.a.Sections, domain.FullTextSection{})
		}
		return p.child(s, t, top)
	})
	if err != nil {
		return err
	}
	if idx >= 0 {
		sec := s.done()
		sec.Level, sec.Kind = 1, domain.SectionOther
		if sec.Title == "" && idx == p.firstBody {
			// Journals that print no "Introduction" heading open the body with it.
			sec.Kind = domain.SectionIntroduction
		}
		p.a.Sections[idx] = sec
	}
	return nil
}

// isBlock reports whether an element in a body holds running text.
func isBlock(name string) bool {
	switch name {
	case "p", "list", "disp-quote", "boxed-text", "statement", "def-list", "speech", "verse-group", "preformat", "disp-formula":
		return true
	}
	return false
}

// child handles one child element of a section or a block: a subsection, a float, a
// paragraph-like block or inline text.
func (p *parser) child(s *section, t xml.StartElement, top string) error {
	name := t.Name.Local
	switch {
	case name == "sec" && s.labelled:
		// A structured abstract's part: "Methods: …" on its own line.
		s.flush()
		s.prefix = ""
		if err := p.content(s); err != nil {
			return err
		}
		s.flush()
		return nil
	case name == "sec":
		s.flush()
		return p.section(t, s.level+1, top, "", s.kind)
	case name == "title" && s.labelled:
		title, err := p.inline()
		if err != nil {
			return err
		}
		title = strings.TrimRight(strings.TrimSpace(title), ":. ")
		if l := strings.ToLower(title); title != "" && l != "abstract" && l != "summary" {
			s.flush()
			s.prefix = title + ": "
		}
		return nil
	case name == "table-wrap", name == "table-wrap-group", name == "fig", name == "fig-group", name == "supplementary-material", name == "chem-struct-wrap":
		s.flush()
		return p.float(t, top)
	case skippedElements[name]:
		return p.skipElement()
	case isBlock(name) || paragraphLike[name]:
		if !s.labelled || s.prefix == "" {
			s.flush()
		}
		if err := p.content(s); err != nil {
			return err
		}
		s.flush()
		return nil
	}
	return p.content(s)
}

// skippedElements carry no running text of the paper: metadata, images, TeX duplicates of
// MathML, footnotes, reference lists.
var skippedElements = map[string]bool{
	"sec-meta": true, "ref-list": true, "fn-group": true, "tex-math": true, "graphic": true, "inline-graphic": true, "media": true,
	"object-id": true, "annotation": true, "kwd-group": true, "alt-text": true, "long-desc": true, "permissions": true, "attrib": true, "fn": true,
}

// paragraphLike elements start a new line.
var paragraphLike = map[string]bool{"title": true, "list-item": true, "def-item": true, "term": true, "def": true, "verse-line": true, "label": false}

// content reads an element's content into s until its end tag.
func (p *parser) content(s *section) error {
	return p.children(s, func(t xml.StartElement) error {
		return p.child(s, t, s.titleForChildren())
	})
}

// titleForChildren is the top-level title floats inside s belong to.
func (s *section) titleForChildren() string {
	if s.level <= 1 {
		return s.title
	}
	return s.parent
}

// inline reads an element's text as one line (titles, identifiers, captions' titles).
func (p *parser) inline() (string, error) {
	var b strings.Builder
	for depth := 1; depth > 0; {
		tok, err := p.next()
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "tex-math", "annotation", "fn", "inline-graphic", "graphic", "alt-text":
				if err := p.skipElement(); err != nil {
					return "", err
				}
				continue
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			b.Write(t)
		}
	}
	return collapse(b.String()), nil
}

// float reads a table, figure or supplementary material as its own section placed where it
// appears: "Table 1: title" with the caption and the rows (cells tab-separated).
func (p *parser) float(start xml.StartElement, top string) error {
	kind := domain.SectionFigure
	switch start.Name.Local {
	case "table-wrap", "table-wrap-group":
		kind = domain.SectionTable
	case "supplementary-material":
		kind = domain.SectionSupplementary
	}
	var label, capTitle string
	var caption, rows, foot []string
	var read func(t xml.StartElement) error
	read = func(t xml.StartElement) error {
		var err error
		switch t.Name.Local {
		case "label":
			label, err = p.inline()
		case "caption":
			capTitle, caption, err = p.caption()
		case "table":
			rows, err = p.table()
		case "table-wrap-foot":
			var s section
			err = p.content(&s)
			if f := s.done().Text; f != "" {
				foot = append(foot, f)
			}
		case "alternatives":
			err = p.children(nil, read) // a graphic and the same table as XML: read the table
		case "table-wrap", "fig", "supplementary-material", "chem-struct-wrap":
			err = p.float(t, top) // inside a group
		case "p":
			var s section
			err = p.content(&s)
			if txt := s.done().Text; txt != "" {
				caption = append(caption, txt)
			}
		default: // graphic, media (its caption is a download link), object-id
			err = p.skipElement()
		}
		return err
	}
	if err := p.children(nil, read); err != nil {
		return err
	}
	title := label
	if capTitle != "" {
		if title != "" {
			title += ": "
		}
		title += capTitle
	}
	text := strings.Join(append(append(caption, rows...), foot...), "\n")
	if title == "" && text == "" {
		return nil
	}
	if title == "" {
		title = map[domain.SectionKind]string{domain.SectionTable: "Table", domain.SectionFigure: "Figure", domain.SectionSupplementary: "Supplementary material"}[kind]
	}
	p.a.Sections = append(p.a.Sections, domain.FullTextSection{Kind: kind, Title: title, Parent: top, Level: 0, Text: text})
	return nil
}

// caption reads a <caption>: its <title> and its paragraphs.
func (p *parser) caption() (string, []string, error) {
	var title string
	s := &section{}
	err := p.children(s, func(t xml.StartElement) error {
		if t.Name.Local == "title" {
			var err error
			title, err = p.inline()
			return err
		}
		return p.child(s, t, "")
	})
	if err != nil {
		return "", nil, err
	}
	var paras []string
	if txt := s.done().Text; txt != "" {
		paras = strings.Split(txt, "\n")
	}
	return title, paras, nil
}

// table reads a <table>'s rows, cells separated by tabs.
func (p *parser) table() ([]string, error) {
	var rows []string
	var cells []string
	for {
		tok, err := p.next()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "td", "th":
				c, err := p.inline()
				if err != nil {
					return nil, err
				}
				cells = append(cells, strings.ReplaceAll(c, "\t", " "))
			case "tr":
				cells = cells[:0]
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "tr":
				if strings.TrimSpace(strings.Join(cells, "")) != "" {
					rows = append(rows, strings.Join(cells, "\t"))
				}
			case "table":
				return rows, nil
			}
		}
	}
}

// snippet is at most n runes of s.
func snippet(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// collapse joins runs of white space into one space and trims the ends.
func collapse(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}

// numbering strips a section number ("2.", "2.1", "II.", "A.") from a title.
var numbering = regexp.MustCompile(`^(?:[0-9]+(?:\.[0-9]+)*\.?|[IVX]+\.|[A-Z]\.)\s+`)

// kindOf classifies a section by its sec-type, else its title, else its parent's kind. A
// subsection keeps its parent's kind unless its own title names another part of a paper
// ("Results and discussion" › "Discussion").
func kindOf(secType, title string, parent domain.SectionKind) domain.SectionKind {
	for _, part := range strings.FieldsFunc(strings.ToLower(secType), func(r rune) bool { return r == '|' || r == ' ' || r == ',' }) {
		switch {
		case strings.HasPrefix(part, "intro") || part == "background":
			return domain.SectionIntroduction
		case strings.HasPrefix(part, "method") || part == "materials" || part == "subjects" || part == "cases" || part == "patients":
			return domain.SectionMethods
		case strings.HasPrefix(part, "result"):
			return domain.SectionResults
		case strings.HasPrefix(part, "discussion"):
			return domain.SectionDiscussion
		case strings.HasPrefix(part, "conclusion"):
			return domain.SectionConclusions
		case strings.HasPrefix(part, "supplementary"):
			return domain.SectionSupplementary
		}
	}
	t := strings.ToLower(numbering.ReplaceAllString(strings.TrimSpace(title), ""))
	t = strings.TrimRight(t, ": .")
	if k, ok := strongTitle(t); ok {
		return k
	}
	if parent != "" {
		return parent
	}
	for _, w := range []string{"statistical analys", "study design", "trial design", "participants", "patients and", "subjects and", "setting", "procedures", "randomi", "intervention", "outcome measure", "sample size", "data analys", "ethic"} {
		if strings.Contains(t, w) {
			return domain.SectionMethods
		}
	}
	return domain.SectionOther
}

// strongTitle recognises the titles that name a part of a paper wherever they stand.
func strongTitle(t string) (domain.SectionKind, bool) {
	switch {
	case t == "":
		return "", false
	case strings.HasPrefix(t, "introduction") || t == "background" || strings.HasPrefix(t, "background and") || t == "rationale":
		return domain.SectionIntroduction, true
	case strings.HasPrefix(t, "results") || t == "findings":
		return domain.SectionResults, true
	case strings.HasPrefix(t, "discussion") || t == "comment":
		return domain.SectionDiscussion, true
	case strings.HasPrefix(t, "conclusion") || t == "summary and conclusions" || t == "interpretation":
		return domain.SectionConclusions, true
	case t == "methods" || t == "method" || t == "methodology" || strings.HasPrefix(t, "materials and method") || strings.HasPrefix(t, "material and method") ||
		strings.HasPrefix(t, "patients and method") || strings.HasPrefix(t, "subjects and method") || strings.HasPrefix(t, "methods and") ||
		strings.HasPrefix(t, "experimental procedures") || t == "study design and methods":
		return domain.SectionMethods, true
	case strings.HasPrefix(t, "supplementary") || strings.HasPrefix(t, "supporting information") || strings.HasPrefix(t, "additional file") || strings.HasPrefix(t, "electronic supplementary"):
		return domain.SectionSupplementary, true
	case t == "abstract":
		return domain.SectionAbstract, true
	}
	return "", false
}
