package citeformat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"deepcritical/backend/domain"
)

// maxBibTeXSize bounds a BibTeX file read into memory; larger libraries should be
// exported as RIS or MEDLINE, which are streamed.
const maxBibTeXSize = 256 << 20

// bibEntry is one parsed @type{key, field = value, …} entry with raw (still LaTeX) values.
type bibEntry struct {
	typ    string
	key    string
	fields map[string]string
}

// bibParser is a hand-written BibTeX parser: entries may use braces or parentheses,
// values braces, quotes, numbers or @string macros joined with #; text outside entries
// is a comment.
type bibParser struct {
	s       string
	i       int
	macros  map[string]string
	entryNo int
}

func scanBibTeX(r io.Reader, fn Handler) error {
	data, err := io.ReadAll(io.LimitReader(r, maxBibTeXSize+1))
	if err != nil {
		return fmt.Errorf("read BibTeX: %w", err)
	}
	if len(data) > maxBibTeXSize {
		return domain.Errorf(domain.CodeInvalid, "BibTeX file is larger than %d MiB; export it as RIS or MEDLINE instead", maxBibTeXSize>>20)
	}
	p := &bibParser{s: strings.TrimPrefix(string(data), "\uFEFF"), macros: defaultMacros()}
	for {
		e, ok, err := p.next()
		if !ok {
			return nil
		}
		if err != nil {
			if ferr := fn(p.entryNo, domain.Evidence{}, err); ferr != nil {
				return ferr
			}
			continue
		}
		ev, err := bibEvidence(e)
		if ferr := fn(p.entryNo, ev, err); ferr != nil {
			return ferr
		}
	}
}

func defaultMacros() map[string]string {
	m := map[string]string{}
	for _, name := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		m[name] = strconv.Itoa(months[name])
	}
	return m
}

// next returns the next bibliographic entry. ok is false at the end of input; a
// malformed entry returns its error and the parser resumes at the next line starting
// with "@".
func (p *bibParser) next() (e bibEntry, ok bool, err error) {
	for {
		at := strings.IndexByte(p.s[p.i:], '@')
		if at < 0 {
			p.i = len(p.s)
			return e, false, nil
		}
		p.i += at + 1
		start := p.i
		typ := strings.ToLower(p.ident())
		if typ == "" {
			continue // a stray "@" in a comment
		}
		p.skipSpace()
		if p.i >= len(p.s) || (p.s[p.i] != '{' && p.s[p.i] != '(') {
			if typ == "comment" {
				continue
			}
			p.entryNo++
			p.recover(start)
			return e, true, fmt.Errorf("@%s: expected { or ( after the entry type", typ)
		}
		open := p.s[p.i]
		closeCh := byte('}')
		if open == '(' {
			closeCh = ')'
		}
		p.i++
		switch typ {
		case "comment":
			p.i--
			if _, err := p.braced(); err != nil {
				p.recover(start)
			}
			continue
		case "preamble":
			p.i--
			if _, err := p.skipBalanced(open, closeCh); err != nil {
				p.recover(start)
			}
			continue
		case "string":
			if err := p.stringMacro(closeCh); err != nil {
				p.recover(start)
			}
			continue
		}
		p.entryNo++
		e, err = p.entry(typ, closeCh)
		if err != nil {
			p.recover(start)
			return e, true, err
		}
		return e, true, nil
	}
}

// recover moves to the next "@" at the start of a line after start, so one broken entry
// does not swallow the ones after it.
func (p *bibParser) recover(start int) {
	rest := p.s[start:]
	for off := 0; ; {
		k := strings.IndexByte(rest[off:], '\n')
		if k < 0 {
			p.i = len(p.s)
			return
		}
		off += k + 1
		j := off
		for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t' || rest[j] == '\r') {
			j++
		}
		if j < len(rest) && rest[j] == '@' {
			p.i = start + j
			return
		}
	}
}

func (p *bibParser) skipSpace() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		case '%': // a line comment inside an entry
			if k := strings.IndexByte(p.s[p.i:], '\n'); k >= 0 {
				p.i += k + 1
			} else {
				p.i = len(p.s)
			}
		default:
			return
		}
	}
}

func (p *bibParser) ident() string {
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if isASCIILetter(c) || c >= '0' && c <= '9' || c == '_' || c == '-' || c == ':' || c == '.' || c == '+' || c == '/' {
			p.i++
			continue
		}
		break
	}
	return p.s[start:p.i]
}

func (p *bibParser) entry(typ string, closeCh byte) (bibEntry, error) {
	e := bibEntry{typ: typ, fields: map[string]string{}}
	p.skipSpace()
	start := p.i
	for p.i < len(p.s) && p.s[p.i] != ',' && p.s[p.i] != closeCh && p.s[p.i] != '\n' && p.s[p.i] != '=' {
		p.i++
	}
	e.key = strings.TrimSpace(p.s[start:p.i])
	if p.i < len(p.s) && p.s[p.i] == '=' {
		// No key at all ("@article{title = …"), which several exporters write: the
		// first field starts here. The record gets an id from its identifiers.
		p.i = start
		e.key = ""
		return p.fields(e, typ, closeCh)
	}
	p.skipSpace()
	if end, err := p.entryEnd(e, typ, closeCh); end || err != nil {
		return e, err
	}
	if p.s[p.i] != ',' {
		return e, fmt.Errorf("@%s{%s: expected a comma after the key", typ, e.key)
	}
	p.i++
	return p.fields(e, typ, closeCh)
}

// entryEnd reports whether the entry closes here, and if so moves past its closing
// delimiter; a file that ends before it is an error.
func (p *bibParser) entryEnd(e bibEntry, typ string, closeCh byte) (bool, error) {
	if p.i >= len(p.s) {
		return false, fmt.Errorf("@%s{%s: unexpected end of file (unbalanced braces?)", typ, e.key)
	}
	if p.s[p.i] != closeCh {
		return false, nil
	}
	p.i++
	return true, nil
}

// fields reads "name = value" pairs up to the entry's closing delimiter. Empty fields
// between commas (",,", which hand-edited files and some exporters have) are skipped.
func (p *bibParser) fields(e bibEntry, typ string, closeCh byte) (bibEntry, error) {
	for {
		p.skipSpace()
		for p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			p.skipSpace()
		}
		if end, err := p.entryEnd(e, typ, closeCh); end || err != nil {
			return e, err
		}
		name := strings.ToLower(p.ident())
		if name == "" {
			return e, fmt.Errorf("@%s{%s: expected a field name at %q", typ, e.key, truncate(p.s[p.i:], 20))
		}
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] != '=' {
			return e, fmt.Errorf("@%s{%s: field %q has no '='", typ, e.key, name)
		}
		p.i++
		val, err := p.value()
		if err != nil {
			return e, fmt.Errorf("@%s{%s: field %q: %w", typ, e.key, name, err)
		}
		e.fields[name] = val
		p.skipSpace()
		if p.i >= len(p.s) {
			return e, fmt.Errorf("@%s{%s: unexpected end of file (unbalanced braces?)", typ, e.key)
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case closeCh:
			p.i++
			return e, nil
		default:
			return e, fmt.Errorf("@%s{%s: expected ',' or the end of the entry after field %q", typ, e.key, name)
		}
	}
}

func (p *bibParser) stringMacro(closeCh byte) error {
	p.skipSpace()
	name := strings.ToLower(p.ident())
	p.skipSpace()
	if name == "" || p.i >= len(p.s) || p.s[p.i] != '=' {
		return errors.New("@string: expected name = value")
	}
	p.i++
	val, err := p.value()
	if err != nil {
		return err
	}
	p.skipSpace()
	if p.i >= len(p.s) || p.s[p.i] != closeCh {
		return errors.New("@string: missing closing delimiter")
	}
	p.i++
	p.macros[name] = val
	return nil
}

// value reads a field value: pieces joined with '#', each braced, quoted, a number or a
// macro name.
func (p *bibParser) value() (string, error) {
	var b strings.Builder
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return "", errors.New("missing value")
		}
		switch c := p.s[p.i]; {
		case c == '{':
			v, err := p.braced()
			if err != nil {
				return "", err
			}
			b.WriteString(v)
		case c == '"':
			v, err := p.quoted()
			if err != nil {
				return "", err
			}
			b.WriteString(v)
		case c >= '0' && c <= '9':
			start := p.i
			for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
				p.i++
			}
			b.WriteString(p.s[start:p.i])
		default:
			name := p.ident()
			if name == "" {
				return "", fmt.Errorf("unexpected %q", truncate(p.s[p.i:], 10))
			}
			if v, ok := p.macros[strings.ToLower(name)]; ok {
				b.WriteString(v)
			} else {
				b.WriteString(name)
			}
		}
		p.skipSpace()
		if p.i < len(p.s) && p.s[p.i] == '#' {
			p.i++
			continue
		}
		return b.String(), nil
	}
}

// braced reads {…} with nested braces and returns the inside, braces of nested groups
// kept (they protect case and mark literal names).
func (p *bibParser) braced() (string, error) {
	start := p.i + 1
	end, err := p.skipBalanced('{', '}')
	if err != nil {
		return "", err
	}
	return p.s[start : end-1], nil
}

// skipBalanced moves past a group opened at p.s[p.i], honouring nesting and
// backslash-escaped delimiters, and returns the index after its closing delimiter.
func (p *bibParser) skipBalanced(open, closeCh byte) (int, error) {
	depth := 0
	for j := p.i; j < len(p.s); j++ {
		switch p.s[j] {
		case '\\':
			j++
		case open:
			depth++
		case closeCh:
			depth--
			if depth == 0 {
				p.i = j + 1
				return p.i, nil
			}
		}
	}
	return 0, errors.New("unbalanced braces")
}

func (p *bibParser) quoted() (string, error) {
	for j, depth := range braceDepths(p.s, p.i+1) {
		if depth < 0 {
			return "", errors.New("unbalanced braces in quoted value")
		}
		if depth == 0 && p.s[j] == '"' {
			v := p.s[p.i+1 : j]
			p.i = j + 1
			return v, nil
		}
	}
	return "", errors.New("unterminated quoted value")
}

// braceDepths yields the bytes of s from index from on as BibTeX reads a value, each with
// the depth of the braces around it: a backslash escapes the byte after it (neither is
// yielded), an opening brace stands at the depth outside it and a closing one at the depth
// after it, so a delimiter counts where the depth is 0 and a negative depth is a stray '}'.
func braceDepths(s string, from int) iter.Seq2[int, int] {
	return func(yield func(i, depth int) bool) {
		depth := 0
		for i := from; i < len(s); i++ {
			at := depth
			switch s[i] {
			case '\\':
				i++
				continue
			case '{':
				depth++
			case '}':
				depth--
				at = depth
			}
			if !yield(i, at) {
				return
			}
		}
	}
}

// bibEvidence maps a parsed entry onto an evidence item.
func bibEvidence(e bibEntry) (domain.Evidence, error) {
	var ev domain.Evidence
	c := &ev.Citation
	f := func(names ...string) string {
		for _, n := range names {
			if v, ok := e.fields[n]; ok && strings.TrimSpace(v) != "" {
				return v
			}
		}
		return ""
	}
	c.Title = decodeLaTeX(f("title"))
	if raw := f("author"); raw != "" {
		c.Authors = bibAuthors(raw)
	} else if raw := f("editor"); raw != "" {
		c.Authors = bibAuthors(raw)
	}
	c.Journal = decodeLaTeX(f("journal", "journaltitle", "booktitle", "howpublished"))
	if d := f("date"); d != "" {
		c.Date = normDate(decodeLaTeX(d))
	} else if y := strings.TrimSpace(decodeLaTeX(f("year"))); y != "" {
		c.Date = y
		if m := monthNumber(decodeLaTeX(f("month"))); m > 0 && len(y) == 4 && domain.AllDigits(y) {
			c.Date = y + "-" + pad2(m)
		}
		c.Date = normDate(c.Date)
	}
	c.DOI = stripBraces(f("doi"))
	c.PMID = cleanPMID(stripBraces(f("pmid")))
	c.ISSN = stripBraces(f("issn"))
	c.PMCID = stripBraces(f("pmcid"))
	if ep := stripBraces(f("eprint")); ep != "" {
		switch strings.ToLower(stripBraces(f("eprinttype", "archiveprefix"))) {
		case "pubmed", "pmid":
			if c.PMID == "" {
				c.PMID = ep
			}
		case "pmc", "pmcid":
			if c.PMCID == "" {
				c.PMCID = ep
			}
		}
	}
	c.NCTID = stripBraces(f("nctid"))
	noteIdentifiers(c, decodeLaTeX(f("note")))
	c.URL = stripBraces(f("url"))
	if c.DOI == "" && strings.Contains(strings.ToLower(c.URL), "doi.org/") {
		c.DOI = c.URL
	}
	if c.PMID == "" {
		if m := pubmedURL.FindStringSubmatch(c.URL); m != nil {
			c.PMID = m[1]
		}
	}
	c.Volume = decodeLaTeX(f("volume"))
	c.Issue = decodeLaTeX(f("number", "issue"))
	c.Pages = strings.ReplaceAll(strings.ReplaceAll(stripBraces(f("pages")), "--", "-"), "—", "-")
	ev.Content = decodeLaTeX(f("abstract"))
	for _, k := range strings.FieldsFunc(decodeLaTeX(f("keywords", "keyword")), func(r rune) bool { return r == ',' || r == ';' }) {
		c.Keywords = append(c.Keywords, k)
	}
	if mh := decodeLaTeX(f("mesh")); mh != "" {
		c.MeshTerms = strings.Split(mh, ";")
	}
	if pt := decodeLaTeX(f("pubtype", "publicationtype")); pt != "" {
		c.PublicationTypes = strings.Split(pt, ";")
	}
	finish(&ev, e.key)
	return ev, nil
}

func stripBraces(s string) string {
	return strings.TrimSpace(strings.NewReplacer("{", "", "}", "", `\_`, "_", `\%`, "%", `\&`, "&", `\#`, "#").Replace(s))
}

// splitTopLevel splits s on sep (case-insensitive, surrounded by white space) where it
// is not inside braces.
func splitAuthorsTopLevel(s string) []string {
	var out []string
	depth := 0
	start := 0
	low := strings.ToLower(s)
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ' ', '\t', '\n', '\r':
			if depth == 0 && strings.HasPrefix(low[i+1:], "and") && i+4 < len(s) && isSpaceByte(s[i+4]) {
				out = append(out, s[start:i])
				i += 4
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// bibAuthors splits a BibTeX name list into "Last, First" strings; a name wrapped in
// braces ({World Health Organization}) is an organisation and kept whole; "others"
// (et al.) is dropped.
func bibAuthors(raw string) []string {
	var out []string
	for _, part := range splitAuthorsTopLevel(raw) {
		part = strings.TrimSpace(part)
		if part == "" || strings.EqualFold(part, "others") {
			continue
		}
		if strings.HasPrefix(part, "{") && strings.HasSuffix(part, "}") && balancedWhole(part) {
			out = append(out, decodeLaTeX(part[1:len(part)-1]))
			continue
		}
		pieces := splitCommasTopLevel(part)
		switch len(pieces) {
		case 1:
			name := decodeLaTeX(part)
			family, given, _ := splitName(name)
			if given == "" {
				out = append(out, name)
			} else {
				out = append(out, personName(family, given))
			}
		case 2:
			out = append(out, personName(decodeLaTeX(pieces[0]), undottedGiven(decodeLaTeX(pieces[1]))))
		default: // "von Last, Jr, First"
			out = append(out, Name{Family: decodeLaTeX(pieces[0]), Suffix: decodeLaTeX(pieces[1]),
				Given: undottedGiven(decodeLaTeX(strings.Join(pieces[2:], " ")))}.String())
		}
	}
	return out
}

// balancedWhole reports whether the brace opening s closes only at its end (s starts with
// '{' and ends with '}').
func balancedWhole(s string) bool {
	closed := false
	for i, depth := range braceDepths(s, 0) {
		if depth == 0 && i > 0 {
			if i != len(s)-1 {
				return false
			}
			closed = true
		}
	}
	return closed
}

// splitCommasTopLevel splits a BibTeX name at the commas outside braces.
func splitCommasTopLevel(s string) []string {
	var out []string
	start := 0
	for i, depth := range braceDepths(s, 0) {
		if depth == 0 && s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

var monthMacros = []string{"", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// bibType chooses the entry type: journal articles are @article, trial registrations and
// web pages @misc (Zotero reads both; @misc keeps url and howpublished).
func bibType(c domain.Citation) string {
	if risType(c) == "JOUR" {
		return "article"
	}
	return "misc"
}

// WriteBibTeX writes ev as BibTeX entries that biber, Better BibTeX (Zotero), citation-js,
// pandoc and bibutils all read back field for field: unique ASCII keys
// (firstauthorYEARword); people as "{Family}, Given" with suffixes in BibTeX's
// "{Family}, Jr., Given" form and organisations as one braced literal; titles brace-protected
// whole so no style re-cases them; specials escaped (see escapeBibTeX); page ranges
// expanded; and identifiers where biblatex and Zotero look: doi, issn, eprint with
// eprinttype pubmed, and a note line "PMID: …; PMCID: …; ClinicalTrials.gov: …" every
// parser keeps. Only standard biblatex fields are written, so biber's data-model check is
// clean; URLs other than http(s) are left out.
func WriteBibTeX(w io.Writer, ev []domain.Evidence) error {
	bw := bufio.NewWriter(w)
	used := map[string]bool{}
	for _, e := range ev {
		c := e.Citation
		key := uniqueKey(bibKey(c), used)
		typ := bibType(c)
		fmt.Fprintf(bw, "@%s{%s,\n", typ, key)
		field := func(name, value string) {
			if strings.TrimSpace(value) == "" {
				return
			}
			fmt.Fprintf(bw, "  %s = {%s},\n", name, value)
		}
		var names []string
		for _, a := range c.Authors {
			if a = cleanSpace(a); a != "" {
				names = append(names, bibName(ParseName(a)))
			}
		}
		field("author", strings.Join(names, " and "))
		if t := cleanSpace(c.Title); t != "" {
			// Two groups inside the delimiters: Better BibTeX drops one outer group and
			// then sentence-cases the rest, so only the second keeps "KEYLUNG-3 After"
			// as written; biber, pandoc, citation-js and bibutils read either the same.
			field("title", "{{"+escapeBibTeX(t)+"}}")
		}
		if typ == "article" {
			field("journal", escapeBibTeX(cleanSpace(c.Journal)))
		} else {
			field("howpublished", escapeBibTeX(websiteTitle(c)))
		}
		if y, m, _ := dateParts(c.Date); y > 0 {
			field("year", pad4(y))
			if m > 0 {
				fmt.Fprintf(bw, "  month = %s,\n", monthMacros[m])
			}
		}
		field("volume", escapeBibTeX(c.Volume))
		field("number", escapeBibTeX(c.Issue))
		field("pages", escapeBibTeX(strings.Replace(ExpandPages(c.Pages), "-", "--", 1)))
		field("issn", escapeBibTeX(c.ISSN))
		field("doi", escapeURL(c.DOI))
		if c.PMID != "" {
			field("eprint", escapeURL(c.PMID))
			field("eprinttype", "pubmed")
		}
		// A MeSH heading with a comma ("Aged, 80 and over") would be split at it by every
		// BibTeX reader's keywords list (biber, Better BibTeX, citation-js); it goes whole into
		// the note instead, one "MeSH: …" part each, which every reader keeps and ours reads back.
		kws, commaMeSH := append([]string{}, c.Keywords...), []string{}
		for _, m := range c.MeshTerms {
			if strings.Contains(m, ",") {
				commaMeSH = append(commaMeSH, "MeSH: "+m)
			} else {
				kws = append(kws, m)
			}
		}
		field("note", escapeBibTeX(strings.Join(append(nonEmpty(identifierNote(c, "; ")), commaMeSH...), "; ")))
		field("url", escapeURL(SafeURL(c.URL)))
		field("abstract", escapeBibTeX(risValue(e.Content)))
		field("keywords", escapeBibTeX(strings.Join(kws, ", ")))
		bw.WriteString("}\n\n")
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write BibTeX: %w", err)
	}
	return nil
}

// bibName writes one name the way BibTeX's name parser and Better BibTeX read it: the
// family name braced (so "van der Berg" or "Müller-Lüdenscheidt" is never re-split),
// BibTeX's "Family, Suffix, Given" order for suffixes, and organisations as one braced
// literal.
func bibName(n Name) string {
	if n.Literal != "" || n.Family == "" {
		lit := n.Literal
		if lit == "" {
			lit = n.Given
		}
		return "{" + escapeBibTeX(lit) + "}"
	}
	s := "{" + escapeBibTeX(n.Family) + "}"
	if n.Suffix != "" {
		s += ", " + bibNamePart(n.Suffix)
	}
	if n.Given != "" || n.Suffix != "" {
		s += ", " + bibNamePart(dottedGiven(n.Given))
	}
	return s
}

// identifierNote lists the identifiers as "PMID: …<sep>PMCID: …<sep>ClinicalTrials.gov: …"
// and the publication types, the note line every reference manager keeps and our readers
// read back.
// nonEmpty is s as a one-element list, or none when it is empty.
func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

func identifierNote(c domain.Citation, sep string) string {
	var parts []string
	if c.PMID != "" {
		parts = append(parts, "PMID: "+c.PMID)
	}
	if c.PMCID != "" {
		parts = append(parts, "PMCID: "+c.PMCID)
	}
	if c.NCTID != "" {
		parts = append(parts, "ClinicalTrials.gov: "+c.NCTID)
	}
	for _, pt := range c.PublicationTypes {
		parts = append(parts, "Publication type: "+pt)
	}
	parts = append(parts, c.Notes...)
	return strings.Join(parts, sep)
}

// bibNamePart escapes a name part; a part containing " and " is braced so it is not
// split into two people.
func bibNamePart(s string) string {
	s = escapeBibTeX(cleanSpace(s))
	if strings.Contains(strings.ToLower(" "+s+" "), " and ") {
		return "{" + s + "}"
	}
	return s
}

// escapeURL keeps a verbatim field (url, doi, ids) usable: biblatex reads these
// verbatim, so only what would unbalance the braces (and spaces) is percent-encoded.
func escapeURL(u string) string {
	return strings.NewReplacer("{", "%7B", "}", "%7D", `\`, "%5C", " ", "%20").Replace(strings.TrimSpace(u))
}

// bibKey builds "smith2020metformin": first author's family name, year and the first
// significant title word, folded to ASCII so every TeX engine accepts it.
func bibKey(c domain.Citation) string {
	var author string
	if len(c.Authors) > 0 {
		family, _, _ := splitName(c.Authors[0])
		if fields := strings.Fields(family); len(fields) > 0 {
			author = fields[len(fields)-1]
			if isCollective(c.Authors[0]) {
				author = fields[0]
			}
		}
	}
	var word string
	for _, t := range strings.Fields(c.Title) {
		t = asciiFold(t)
		if len(t) > 3 && !stopWords[t] {
			word = t
			break
		}
	}
	key := asciiFold(author) + c.Year() + word
	if key == "" {
		switch {
		case c.PMID != "":
			key = "pmid" + c.PMID
		default:
			key = "ref"
		}
	}
	if key[0] >= '0' && key[0] <= '9' {
		key = "ref" + key
	}
	return key
}

var stopWords = map[string]bool{"the": true, "and": true, "with": true, "from": true, "into": true, "than": true, "that": true, "this": true, "what": true, "which": true, "their": true, "does": true, "over": true, "among": true, "after": true, "about": true}

// asciiFold lower-cases s, strips accents and drops everything but ASCII letters and
// digits.
func asciiFold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == 'ß':
			b.WriteString("ss")
		case r == 'ø':
			b.WriteString("o")
		case r == 'æ':
			b.WriteString("ae")
		case r == 'œ':
			b.WriteString("oe")
		case r == 'ł':
			b.WriteString("l")
		case unicode.Is(unicode.Mn, r):
		}
	}
	return b.String()
}

// uniqueKey appends a, b, c, … (then numbers) until the key is unused.
func uniqueKey(key string, used map[string]bool) string {
	if !used[key] {
		used[key] = true
		return key
	}
	for i := 0; ; i++ {
		var suffix string
		if i < 26 {
			suffix = string(rune('a' + i))
		} else {
			suffix = strconv.Itoa(i)
		}
		if k := key + suffix; !used[k] {
			used[k] = true
			return k
		}
	}
}
