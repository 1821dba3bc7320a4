// Package pubmedxml parses PubMed XML (a PubmedArticleSet, as efetch returns it and as
// PubMed exports it) into evidence. It depends on nothing but domain, so the PubMed source
// and the library importer (citeformat) read articles with the same parser without the
// importer depending on the E-utilities client.
package pubmedxml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/net/html/charset"

	"deepcritical/backend/domain"
)

// RecordError reports one record of an article set that was read but could not be turned
// into evidence (no PMID, neither title nor abstract). The other records are still returned,
// so an importer can import them and tell the user which position failed.
type RecordError struct {
	// Index is the 0-based position of the record among the set's PubmedArticle and
	// PubmedBookArticle elements.
	Index int
	// PMID is the record's PMID when it had one.
	PMID string
	Err  error
}

// Error names the record by position and, when known, by PMID.
func (e RecordError) Error() string {
	if e.PMID != "" {
		return fmt.Sprintf("record %d (PMID %s): %v", e.Index+1, e.PMID, e.Err)
	}
	return fmt.Sprintf("record %d: %v", e.Index+1, e.Err)
}

// Unwrap exposes the cause.
func (e RecordError) Unwrap() error { return e.Err }

// ErrNotArticleSet is wrapped by ParseArticleSet when the document is well-formed XML but
// not a PubmedArticleSet, e.g. an E-utilities <ERROR> body.
var ErrNotArticleSet = errors.New("not a PubmedArticleSet")

// ParseArticleSet reads a PubMed XML document (<PubmedArticleSet>, as returned by efetch
// with retmode=xml and as exported from the PubMed website) and returns one Evidence per
// PubmedArticle and PubmedBookArticle, in document order, with Relevance 0 (the caller
// ranks).
//
// Records that are read but unusable are skipped and reported in the []RecordError slice;
// they never stop the others. The error is non-nil when the document as a whole is
// unusable: not XML, not a PubmedArticleSet (an <ERROR> body is reported with its text),
// or cut off before its end (truncated). In the truncated case the records completed
// before the cut are still returned, so callers decide whether partial data is acceptable.
//
// The document is read into memory whole before parsing (the evidence is returned whole
// anyway), so a fast scanner can index it and, when it meets anything unusual, hand the
// same bytes to encoding/xml from the start; see ParseArticleSetBytes.
func ParseArticleSet(r io.Reader) ([]domain.Evidence, []RecordError, error) {
	data, err := readAll(r)
	if err != nil {
		// Parse what arrived and let the decoder meet the read error where it happened.
		return parseDecoder(io.MultiReader(bytes.NewReader(data), errReader{err}))
	}
	return ParseArticleSetBytes(data)
}

// ParseArticleSetBytes is ParseArticleSet over a document already in memory. The fast
// scanner reads it when it can; any document it cannot read (one with an error, cut off,
// in another encoding, or with constructs PubMed does not emit) is read again from the
// start by encoding/xml, so results and errors are the decoder's in every case.
func ParseArticleSetBytes(data []byte) ([]domain.Evidence, []RecordError, error) {
	s := newScanner(data)
	if root, err := s.root(); err == nil {
		out, recErrs, err := parseSet(s, root)
		if !s.failed {
			return out, recErrs, err
		}
	}
	return parseDecoder(bytes.NewReader(data))
}

// readAll reads the whole document, in one allocation when the reader knows its length
// (bytes.Reader, strings.Reader, bytes.Buffer). It returns what was read before an error.
func readAll(r io.Reader) ([]byte, error) {
	var b bytes.Buffer
	if sized, ok := r.(interface{ Len() int }); ok {
		b.Grow(sized.Len() + bytes.MinRead)
	}
	_, err := b.ReadFrom(r)
	return b.Bytes(), err
}

// errReader returns its error on every read.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// parseDecoder parses a document with encoding/xml, which handles every encoding and
// reports every error with its line.
func parseDecoder(r io.Reader) ([]domain.Evidence, []RecordError, error) {
	d := xml.NewDecoder(r)
	d.CharsetReader = charset.NewReaderLabel
	d.Entity = xml.HTMLEntity

	root, err := firstElement(d)
	if err != nil {
		return nil, nil, err
	}
	if root.Name.Local != "PubmedArticleSet" && root.Name.Local != "PubmedBookArticleSet" {
		return nil, nil, unexpectedRoot(d, root)
	}
	return parseSet(&decoderTokens{d: d, start: root}, root.Name.Local)
}

// parseSet reads the records of an article set whose root start tag has been read.
func parseSet(tr tokenReader, root string) ([]domain.Evidence, []RecordError, error) {
	var (
		out     []domain.Evidence
		recErrs []RecordError
		index   int
		p       parser
	)
	for {
		tok, err := tr.next()
		if err != nil {
			if IsTruncation(err) {
				return out, recErrs, fmt.Errorf("truncated XML: </%s> missing after %d records: %w", root, index, io.ErrUnexpectedEOF)
			}
			return out, recErrs, fmt.Errorf("malformed XML after %d records: %w", index, err)
		}
		switch tok.kind {
		case tokStart:
			switch tok.name {
			case "PubmedArticle", "PubmedBookArticle":
				a, err := p.parseRecord(tr, tok.name)
				if err != nil {
					if IsTruncation(err) {
						return out, recErrs, fmt.Errorf("truncated XML in record %d: %w", index+1, io.ErrUnexpectedEOF)
					}
					return out, recErrs, fmt.Errorf("malformed XML in record %d: %w", index+1, err)
				}
				ev, verr := a.evidence()
				if verr != nil {
					recErrs = append(recErrs, RecordError{Index: index, PMID: a.pmid, Err: verr})
				} else {
					out = append(out, ev)
				}
				index++
			default:
				if err := tr.skip(); err != nil {
					return out, recErrs, fmt.Errorf("malformed XML after %d records: %w", index, err)
				}
			}
		case tokEnd:
			// The only end element seen at this level is the root's own.
			return out, recErrs, nil
		}
	}
}

// IsTruncation reports whether a decoding error means the document stopped early, which
// encoding/xml reports either as io.EOF or as a syntax error saying so.
func IsTruncation(err error) bool {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var se *xml.SyntaxError
	return errors.As(err, &se) && strings.Contains(se.Msg, "unexpected EOF")
}

// firstElement returns the document's root element, skipping the prolog.
func firstElement(d *xml.Decoder) (xml.StartElement, error) {
	for {
		tok, err := d.Token()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return xml.StartElement{}, errors.New("empty XML document")
			}
			return xml.StartElement{}, fmt.Errorf("malformed XML: %w", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			return se, nil
		}
	}
}

// unexpectedRoot builds the error for a document whose root is not an article set, quoting
// an E-utilities <ERROR> message when the body carries one.
func unexpectedRoot(d *xml.Decoder, root xml.StartElement) error {
	if msg := FindError(d, root); msg != "" {
		return fmt.Errorf("%w: E-utilities error: %s", ErrNotArticleSet, msg)
	}
	return fmt.Errorf("%w: root element is <%s>", ErrNotArticleSet, root.Name.Local)
}

// FindError scans the rest of an element for an <ERROR> child and returns its text.
func FindError(d *xml.Decoder, root xml.StartElement) string {
	if root.Name.Local == "ERROR" {
		s, _ := readText(&decoderTokens{d: d})
		return s
	}
	for {
		tok, err := d.Token()
		if err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "ERROR" {
			s, _ := readText(&decoderTokens{d: d})
			return s
		}
	}
}

// article collects the fields of one record while its tokens stream by.
type article struct {
	book        bool
	pmid        string
	title       string
	vernacular  string
	bookTitle   string
	publisher   string
	sections    []domain.Section
	authors     []string
	editors     []string
	journal     string
	journalAbbr string
	issn        string
	volume      string
	issue       string
	pages       string
	startPage   string
	endPage     string
	pubDate     date
	articleDate date
	entrezDate  date
	doi         string
	pmcid       string
	pubTypes    []string
	mesh        []string
	chemicals   []string
	chemRNs     []string
	pendingRN   string
	qualifiers  []string
	descriptor  string
	keywords    []string
	registry    []string
	retractions []string
}

// date is a publication date as PubMed gives it, in pieces.
type date struct {
	year, month, day, season, medline string
}

// author is the author being read.
type author struct {
	last, fore, initials, suffix, collective string
}

// parser holds reusable scratch state so parsing many records allocates less.
type parser struct {
	stack []string
}

// parent returns the name of the element n levels above the current one ("" at the top).
func (p *parser) parent(n int) string {
	i := len(p.stack) - 1 - n
	if i < 0 {
		return ""
	}
	return p.stack[i]
}

// parseRecord consumes one PubmedArticle or PubmedBookArticle element.
func (p *parser) parseRecord(d tokenReader, start string) (*article, error) {
	a := &article{book: start == "PubmedBookArticle"}
	p.stack = append(p.stack[:0], start)
	var (
		au       author
		ccType   string
		ccSource string
		dateDst  *date
		authType string
	)
	for len(p.stack) > 0 {
		t, err := d.next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return a, io.ErrUnexpectedEOF
			}
			return a, err
		}
		switch t.kind {
		case tokEnd:
			name := p.stack[len(p.stack)-1]
			p.stack = p.stack[:len(p.stack)-1]
			switch name {
			case "Author":
				if s := au.format(); s != "" {
					if authType == "editors" {
						a.editors = append(a.editors, s)
					} else {
						a.authors = append(a.authors, s)
					}
				}
			case "CommentsCorrections":
				if notice := retractionNotice(ccType, ccSource); notice != "" {
					a.retractions = append(a.retractions, notice)
				}
			case "PubDate", "ArticleDate", "PubMedPubDate", "ContributionDate":
				dateDst = nil
			}
		case tokStart:
			name := t.name
			up := p.parent(0)
			handled := true
			var text string
			switch {
			case skipped(name) || name == "History" && a.pubDate.String() != "":
				// Large subtrees nothing here needs.
				err = d.skip()
			case name == "PMID" && (up == "MedlineCitation" || up == "BookDocument"):
				text, err = readText(d)
				if a.pmid == "" {
					a.pmid = text
				}
			case name == "ArticleTitle" && (up == "Article" || up == "BookDocument"):
				a.title, err = readText(d)
			case name == "VernacularTitle":
				a.vernacular, err = readText(d)
			case name == "BookTitle" && up == "Book":
				a.bookTitle, err = readText(d)
			case name == "PublisherName":
				a.publisher, err = readText(d)
			case name == "AbstractText" && up == "Abstract":
				label := d.attr("Label")
				if label == "" {
					label = d.attr("NlmCategory")
					if strings.EqualFold(label, "UNASSIGNED") {
						label = ""
					}
				}
				text, err = readText(d)
				if text != "" || label != "" {
					a.sections = append(a.sections, domain.Section{Label: label, Text: text})
				}
			case up == "Author":
				text, err = readText(d)
				switch name {
				case "LastName":
					au.last = text
				case "ForeName":
					au.fore = text
				case "Initials":
					au.initials = text
				case "Suffix":
					au.suffix = text
				case "CollectiveName":
					au.collective = text
				}
			case name == "Title" && up == "Journal":
				a.journal, err = readText(d)
			case name == "ISSN" && up == "Journal":
				printed := d.attr("IssnType") == "Print"
				text, err = readText(d)
				if a.issn == "" || printed {
					a.issn = text
				}
			case name == "ISOAbbreviation" && up == "Journal":
				a.journalAbbr, err = readText(d)
			case name == "Volume" && (up == "JournalIssue" || up == "Book"):
				a.volume, err = readText(d)
			case name == "Issue" && up == "JournalIssue":
				a.issue, err = readText(d)
			case up == "Pagination":
				text, err = readText(d)
				switch name {
				case "MedlinePgn":
					a.pages = text
				case "StartPage":
					a.startPage = text
				case "EndPage":
					a.endPage = text
				}
			case name == "ELocationID":
				isDOI := strings.EqualFold(d.attr("EIdType"), "doi") && d.attr("ValidYN") != "N"
				text, err = readText(d)
				if isDOI && a.doi == "" {
					a.doi = text
				}
			case name == "ArticleId" && up == "ArticleIdList" && (p.parent(1) == "PubmedData" || p.parent(1) == "PubmedBookData" || p.parent(1) == "BookDocument"):
				idType := strings.ToLower(d.attr("IdType"))
				text, err = readText(d)
				switch idType {
				case "doi":
					if a.doi == "" {
						a.doi = text
					}
				case "pmc":
					if a.pmcid == "" {
						a.pmcid = text
					}
				case "pubmed":
					if a.pmid == "" {
						a.pmid = text
					}
				}
			case name == "PublicationType":
				text, err = readText(d)
				a.pubTypes = appendNonEmpty(a.pubTypes, text)
			case name == "DescriptorName" && up == "MeshHeading":
				text, err = readText(d)
				a.mesh = appendNonEmpty(a.mesh, text)
				a.descriptor = text
			case name == "RegistryNumber" && up == "Chemical":
				a.pendingRN, err = readText(d)
			case name == "NameOfSubstance" && up == "Chemical":
				text, err = readText(d)
				if text != "" {
					a.chemicals = append(a.chemicals, text)
					a.chemRNs = append(a.chemRNs, a.pendingRN)
				}
				a.pendingRN = ""
			case name == "QualifierName" && up == "MeshHeading":
				text, err = readText(d)
				if text != "" && a.descriptor != "" {
					a.qualifiers = appendUnique(a.qualifiers, a.descriptor+"/"+text)
				}
			case name == "Keyword":
				text, err = readText(d)
				a.keywords = appendNonEmpty(a.keywords, text)
			case name == "AccessionNumber":
				text, err = readText(d)
				a.registry = appendUnique(a.registry, text)
			case name == "RefSource" && up == "CommentsCorrections":
				ccSource, err = readText(d)
			case dateDst != nil && (name == "Year" || name == "Month" || name == "Day" || name == "Season" || name == "MedlineDate"):
				text, err = readText(d)
				switch name {
				case "Year":
					dateDst.year = text
				case "Month":
					dateDst.month = text
				case "Day":
					dateDst.day = text
				case "Season":
					dateDst.season = text
				case "MedlineDate":
					dateDst.medline = text
				}
			default:
				handled = false
			}
			if err != nil {
				if errors.Is(err, io.EOF) {
					err = io.ErrUnexpectedEOF
				}
				return a, err
			}
			if handled {
				continue
			}
			p.stack = append(p.stack, name)
			switch name {
			case "Author":
				au = author{}
			case "AuthorList":
				authType = strings.ToLower(d.attr("Type"))
			case "CommentsCorrections":
				ccType, ccSource = d.attr("RefType"), ""
			case "PubDate":
				if up == "JournalIssue" || up == "Book" {
					dateDst = &a.pubDate
				}
			case "ArticleDate", "ContributionDate":
				if a.articleDate.year == "" {
					dateDst = &a.articleDate
				}
			case "PubMedPubDate":
				if s := d.attr("PubStatus"); (s == "pubmed" || s == "entrez") && a.entrezDate.year == "" {
					dateDst = &a.entrezDate
				}
			}
		}
	}
	return a, nil
}

// skipped reports the large subtrees of a record that carry nothing the evidence needs; the
// PubMed History is read only when the record has no publication date of its own.
func skipped(name string) bool {
	switch name {
	case "ReferenceList", "AffiliationInfo", "Sections", "Identifier", "GrantList", "InvestigatorList",
		"OtherAbstract", "CopyrightInformation", "GeneralNote", "SupplMeshList":
		return true
	}
	return false
}

func appendNonEmpty(list []string, s string) []string {
	if s == "" {
		return list
	}
	return append(list, s)
}

func appendUnique(list []string, s string) []string {
	if s == "" {
		return list
	}
	for _, v := range list {
		if v == s {
			return list
		}
	}
	return append(list, s)
}

// format renders an author the way Citation.Authors stores names: "LastName, ForeName"
// with the whole ForeName ("Flaherty, Keith T", "Müller, Jürgen C"), ", Suffix" after it
// ("Smith, John, Jr"), the Initials only when PubMed has no ForeName, and a group
// author's CollectiveName as one literal. Exports split it back into family, given and
// suffix; the report prints initials (Vancouver) from it.
func (a author) format() string {
	if a.collective != "" {
		return strings.TrimSpace(a.collective)
	}
	last, fore := strings.TrimSpace(a.last), strings.TrimSpace(a.fore)
	if fore == "" {
		fore = strings.TrimSpace(a.initials)
	}
	if last == "" {
		return fore
	}
	s := last
	if fore != "" {
		s += ", " + fore
	}
	if suffix := strings.TrimSpace(a.suffix); suffix != "" {
		if fore == "" {
			s += ","
		}
		s += ", " + suffix
	}
	return s
}

// retractionNotice turns a CommentsCorrections entry that flags the record's integrity into
// a readable notice; every other kind of comment returns "".
func retractionNotice(refType, source string) string {
	var prefix string
	switch refType {
	case "RetractionIn":
		prefix = "Retraction in"
	case "RetractionOf":
		prefix = "Retraction of"
	case "ExpressionOfConcernIn":
		prefix = "Expression of concern in"
	case "RetractedandRepublishedIn":
		prefix = "Retracted and republished in"
	default:
		return ""
	}
	if source == "" {
		return prefix
	}
	return prefix + ": " + source
}

var months = map[string]string{
	"jan": "01", "feb": "02", "mar": "03", "apr": "04", "may": "05", "jun": "06",
	"jul": "07", "aug": "08", "sep": "09", "oct": "10", "nov": "11", "dec": "12",
}

var medlineDateRe = regexp.MustCompile(`^\s*(\d{4})(?:[\s-]+([A-Za-z]{3})[a-z]*(?:\s+(\d{1,2}))?\b)?`)

// month normalises "Sep", "09" or "9" to "09"; anything else gives "".
func month(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if n, err := strconv.Atoi(s); err == nil {
		if n >= 1 && n <= 12 {
			return fmt.Sprintf("%02d", n)
		}
		return ""
	}
	if len(s) >= 3 {
		return months[strings.ToLower(s[:3])]
	}
	return ""
}

func day(s string) string {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 || n > 31 {
		return ""
	}
	return fmt.Sprintf("%02d", n)
}

func validYear(s string) bool {
	if len(s) != 4 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// String renders the date as "YYYY", "YYYY-MM" or "YYYY-MM-DD". A season keeps only the
// year (a season is not a month); a MedlineDate such as "1998 Dec-1999 Jan" keeps its first
// year and month.
func (dt date) String() string {
	year, mon, dd := strings.TrimSpace(dt.year), month(dt.month), ""
	if year == "" && dt.medline != "" {
		if m := medlineDateRe.FindStringSubmatch(dt.medline); m != nil {
			year, mon = m[1], month(m[2])
			if mon != "" {
				dd = day(m[3])
			}
		}
	} else if mon != "" {
		dd = day(dt.day)
	}
	if !validYear(year) {
		return ""
	}
	switch {
	case mon == "":
		return year
	case dd == "":
		return year + "-" + mon
	default:
		return year + "-" + mon + "-" + dd
	}
}

// ArticleURL is the PubMed page of a PMID.
func ArticleURL(pmid string) string {
	return "https://pubmed.ncbi.nlm.nih.gov/" + pmid + "/"
}

// evidence turns the collected fields into domain evidence, or says why it cannot.
func (a *article) evidence() (domain.Evidence, error) {
	pmid := strings.TrimSpace(a.pmid)
	if pmid == "" {
		return domain.Evidence{}, errors.New("no PMID")
	}
	if _, err := strconv.ParseUint(pmid, 10, 64); err != nil {
		return domain.Evidence{}, fmt.Errorf("PMID %q is not a number", pmid)
	}
	title := a.title
	journal := a.journal
	if journal == "" {
		journal = a.journalAbbr
	}
	if a.book {
		switch {
		case title == "":
			title = a.bookTitle
			journal = a.publisher
		default:
			journal = a.bookTitle
		}
	}
	if title == "" {
		title = a.vernacular
	}
	title = strings.TrimSpace(title)
	if title == "" && len(a.sections) == 0 {
		return domain.Evidence{}, errors.New("neither title nor abstract")
	}
	dt := a.pubDate.String()
	if dt == "" {
		dt = a.articleDate.String()
	}
	if dt == "" {
		dt = a.entrezDate.String()
	}
	pages := a.pages
	if pages == "" && a.startPage != "" {
		pages = a.startPage
		if a.endPage != "" {
			pages += "-" + a.endPage
		}
	}
	authors := a.authors
	if len(authors) == 0 {
		authors = a.editors
	}
	if authors == nil {
		authors = []string{}
	}
	pmcid := strings.TrimSpace(a.pmcid)
	if pmcid != "" && !strings.HasPrefix(strings.ToUpper(pmcid), "PMC") {
		pmcid = "PMC" + pmcid
	}
	c := domain.Citation{
		Source:           domain.SourcePubMed,
		ID:               pmid,
		Title:            title,
		URL:              ArticleURL(pmid),
		Date:             dt,
		Authors:          authors,
		Journal:          journal,
		DOI:              strings.TrimSpace(a.doi),
		PMID:             pmid,
		PMCID:            pmcid,
		PublicationTypes: a.pubTypes,
		MeshTerms:        a.mesh,
		Chemicals:        a.chemicals,
		ChemicalRNs:      domain.RegistryNumbers(a.chemRNs),
		MeshQualifiers:   a.qualifiers,
		Sections:         a.sections,
		Registry:         a.registry,
		Retractions:      a.retractions,
		Volume:           a.volume,
		Issue:            a.issue,
		Pages:            pages,
		ISSN:             strings.TrimSpace(a.issn),
		Keywords:         a.keywords,
	}
	return domain.Evidence{Content: domain.SectionsText(a.sections), Citation: c}, nil
}
