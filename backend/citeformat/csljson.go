package citeformat

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"deepcritical/backend/domain"
)

// flexString is a CSL-JSON value that exporters write as a string or a number
// ("volume": 12 or "12").
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		*f = ""
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexString(s)
	case b[0] == '-' || b[0] >= '0' && b[0] <= '9':
		*f = flexString(string(b))
	case b[0] == '[': // some exporters give container-title as a list
		var list []flexString
		if err := json.Unmarshal(b, &list); err != nil {
			return err
		}
		if len(list) > 0 {
			*f = list[0]
		}
	default:
		return fmt.Errorf("expected a string or number, got %s", truncate(string(b), 20))
	}
	return nil
}

type cslName struct {
	Family      flexString `json:"family,omitempty"`
	Given       flexString `json:"given,omitempty"`
	Literal     flexString `json:"literal,omitempty"`
	Dropping    flexString `json:"dropping-particle,omitempty"`
	NonDropping flexString `json:"non-dropping-particle,omitempty"`
	Suffix      flexString `json:"suffix,omitempty"`
}

type cslDate struct {
	DateParts [][]flexString `json:"date-parts,omitempty"`
	Raw       flexString     `json:"raw,omitempty"`
	Literal   flexString     `json:"literal,omitempty"`
}

// cslItem is the subset of a CSL-JSON item DeepCritical reads and writes.
type cslItem struct {
	ID              flexString `json:"id"`
	Type            flexString `json:"type"`
	Title           flexString `json:"title,omitempty"`
	Author          []cslName  `json:"author,omitempty"`
	Issued          *cslDate   `json:"issued,omitempty"`
	ContainerTitle  flexString `json:"container-title,omitempty"`
	ContainerShort  flexString `json:"container-title-short,omitempty"`
	JournalAbbrev   flexString `json:"journalAbbreviation,omitempty"`
	Publisher       flexString `json:"publisher,omitempty"`
	DOI             flexString `json:"DOI,omitempty"`
	PMID            flexString `json:"PMID,omitempty"`
	PMCID           flexString `json:"PMCID,omitempty"`
	URL             flexString `json:"URL,omitempty"`
	Volume          flexString `json:"volume,omitempty"`
	Issue           flexString `json:"issue,omitempty"`
	Page            flexString `json:"page,omitempty"`
	Abstract        flexString `json:"abstract,omitempty"`
	Keyword         flexString `json:"keyword,omitempty"`
	Note            flexString `json:"note,omitempty"`
	Genre           flexString `json:"genre,omitempty"`
	Archive         flexString `json:"archive,omitempty"`
	ArchiveLocation flexString `json:"archive_location,omitempty"`
	Number          flexString `json:"number,omitempty"`
	ISSN            flexString `json:"ISSN,omitempty"`
}

// scanCSLJSON streams a CSL-JSON array item by item (a single object is one record).
// An item whose fields have the wrong types is reported with its position; broken JSON
// syntax stops the scan there, since nothing after it can be trusted.
func scanCSLJSON(r io.Reader, fn Handler) error {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, utf8BOM) {
		br.Discard(3)
	}
	dec := json.NewDecoder(br)
	tok, err := dec.Token()
	if errors.Is(err, io.EOF) {
		return nil
	}
	if err != nil {
		return fn(1, domain.Evidence{}, fmt.Errorf("not valid JSON: %w", err))
	}
	switch tok {
	case json.Delim('{'):
		// A single item: decode the rest of the object through a re-assembled reader.
		var raw json.RawMessage
		rest := io.MultiReader(strings.NewReader("{"), dec.Buffered(), br)
		if err := json.NewDecoder(rest).Decode(&raw); err != nil {
			return fn(1, domain.Evidence{}, fmt.Errorf("not valid JSON: %w", err))
		}
		if evs, ok := runExport(raw); ok {
			return scanRunExport(evs, fn)
		}
		ev, err := cslEvidence(raw)
		return fn(1, ev, err)
	case json.Delim('['):
	default:
		return fn(1, domain.Evidence{}, errors.New("CSL-JSON must be an array of items or one item object"))
	}
	pos := 0
	for dec.More() {
		pos++
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fn(pos, domain.Evidence{}, fmt.Errorf("not valid JSON: %w", err))
		}
		ev, err := cslEvidence(raw)
		if ferr := fn(pos, ev, err); ferr != nil {
			return ferr
		}
	}
	if _, err := dec.Token(); err != nil {
		return fn(pos+1, domain.Evidence{}, fmt.Errorf("not valid JSON (truncated?): %w", err))
	}
	return nil
}

// runExport recognises DeepCritical's own JSON export ("format": "deepcritical-run") and
// returns its evidence items, so a run exported on one machine imports on another.
func runExport(raw json.RawMessage) ([]json.RawMessage, bool) {
	var head struct {
		Format   string            `json:"format"`
		Evidence []json.RawMessage `json:"evidence"`
	}
	if json.Unmarshal(raw, &head) != nil || head.Format != "deepcritical-run" {
		return nil, false
	}
	return head.Evidence, true
}

func scanRunExport(items []json.RawMessage, fn Handler) error {
	if len(items) == 0 {
		return fn(0, domain.Evidence{}, errors.New("the DeepCritical run export has no evidence to import"))
	}
	for i, raw := range items {
		var ev domain.Evidence
		if err := json.Unmarshal(raw, &ev); err != nil {
			if ferr := fn(i+1, domain.Evidence{}, fmt.Errorf("invalid evidence item: %w", err)); ferr != nil {
				return ferr
			}
			continue
		}
		ev.Topic, ev.Relevance = nil, 0
		finish(&ev, ev.Citation.ID)
		if err := fn(i+1, ev, nil); err != nil {
			return err
		}
	}
	return nil
}

func cslEvidence(raw json.RawMessage) (domain.Evidence, error) {
	var ev domain.Evidence
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return ev, errors.New("item is not a JSON object")
	}
	var it cslItem
	if err := json.Unmarshal(raw, &it); err != nil {
		return ev, fmt.Errorf("invalid CSL-JSON item: %w", err)
	}
	c := &ev.Citation
	c.Title = stripHTML(string(it.Title))
	for _, n := range it.Author {
		family := strings.TrimSpace(string(n.NonDropping) + " " + string(n.Family))
		given := strings.TrimSpace(string(n.Given) + " " + string(n.Dropping))
		switch {
		case strings.TrimSpace(string(n.Literal)) != "":
			c.Authors = append(c.Authors, cleanSpace(string(n.Literal)))
		case family != "" && given == "" && strings.TrimSpace(string(n.Suffix)) == "":
			c.Authors = append(c.Authors, cleanSpace(family))
		case family != "" || given != "":
			c.Authors = append(c.Authors, Name{Family: cleanSpace(family), Given: cleanSpace(given), Suffix: cleanSpace(string(n.Suffix))}.String())
		}
	}
	if it.Issued != nil {
		c.Date = cslDateString(*it.Issued)
	}
	for _, j := range []flexString{it.ContainerTitle, it.JournalAbbrev, it.ContainerShort} {
		if j != "" {
			c.Journal = stripHTML(string(j))
			break
		}
	}
	c.DOI = string(it.DOI)
	c.PMID = string(it.PMID)
	c.PMCID = string(it.PMCID)
	c.URL = string(it.URL)
	c.Volume = string(it.Volume)
	c.Issue = string(it.Issue)
	c.Pages = strings.ReplaceAll(string(it.Page), "–", "-")
	ev.Content = stripHTML(string(it.Abstract))
	for _, k := range strings.FieldsFunc(string(it.Keyword), func(r rune) bool { return r == ',' || r == ';' }) {
		c.Keywords = append(c.Keywords, k)
	}
	c.ISSN = string(it.ISSN)
	c.PMID = cleanPMID(c.PMID)
	noteIdentifiers(c, string(it.Note))
	for _, s := range []flexString{it.ArchiveLocation, it.Number} {
		if m := nctInText.FindString(string(s)); m != "" {
			c.NCTID = m
			break
		}
	}
	finish(&ev, string(it.ID))
	return ev, nil
}

// cslDateString renders issued.date-parts (or raw/literal) as an ISO partial date.
func cslDateString(d cslDate) string {
	if len(d.DateParts) > 0 && len(d.DateParts[0]) > 0 {
		p := d.DateParts[0]
		y := atoi(strings.TrimSpace(string(p[0])))
		if y > 0 {
			s := pad4(y)
			if len(p) > 1 {
				if m := atoi(strings.TrimSpace(string(p[1]))); m >= 1 && m <= 12 {
					s += "-" + pad2(m)
					if len(p) > 2 {
						if dd := atoi(strings.TrimSpace(string(p[2]))); dd >= 1 && dd <= 31 {
							s += "-" + pad2(dd)
						}
					}
				}
			}
			return s
		}
	}
	if d.Raw != "" {
		return normDate(string(d.Raw))
	}
	return normDate(string(d.Literal))
}

// htmlTag matches the inline markup CSL-JSON allows (<i>, <b>, <sup>, <sub>, <span
// class="nocase">, <jats:p>) and nothing else, so "(p < 0.05)" keeps its "<".
var htmlTag = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9:-]*(?:\s+[A-Za-z:-]+(?:="[^"<>]*"|='[^'<>]*')?)*\s*/?>`)

// stripHTML removes the inline markup CSL-JSON allows and decodes its entities.
func stripHTML(s string) string {
	if !strings.Contains(s, "<") && !strings.Contains(s, "&") {
		return s
	}
	s = htmlTag.ReplaceAllString(s, "")
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`, "&#39;", "'").Replace(s)
}

// cslType chooses the CSL item type Zotero and citeproc understand: "article-journal" for
// papers, "webpage" for trial registrations and web results.
func cslType(c domain.Citation) string {
	if risType(c) == "JOUR" {
		return "article-journal"
	}
	return "webpage"
}

// WriteCSLJSON writes ev as a CSL-JSON array: typed items with authors split into family
// and given (organisations as literal), issued date-parts, DOI, PMID, PMCID and URL, which
// Zotero, Pandoc and citeproc import.
func WriteCSLJSON(w io.Writer, ev []domain.Evidence) error {
	items := make([]cslItem, 0, len(ev))
	used := map[string]bool{}
	for _, e := range ev {
		c := e.Citation
		it := cslItem{
			ID:       flexString(uniqueKey(bibKey(c), used)),
			Type:     flexString(cslType(c)),
			Title:    flexString(c.Title),
			DOI:      flexString(c.DOI),
			PMID:     flexString(c.PMID),
			PMCID:    flexString(c.PMCID),
			URL:      flexString(SafeURL(c.URL)),
			ISSN:     flexString(c.ISSN),
			Volume:   flexString(c.Volume),
			Issue:    flexString(c.Issue),
			Page:     flexString(ExpandPages(c.Pages)),
			Abstract: flexString(e.Content),
			Keyword:  flexString(strings.Join(c.Keywords, ", ")),
		}
		if it.Type == "article-journal" {
			it.ContainerTitle = flexString(c.Journal)
		} else {
			it.ContainerTitle = flexString(websiteTitle(c))
		}
		it.Note = flexString(identifierNote(c, "\n"))
		if c.NCTID != "" {
			it.Archive = "ClinicalTrials.gov"
			it.ArchiveLocation = flexString(c.NCTID)
		}
		for _, a := range c.Authors {
			if a = cleanSpace(a); a == "" {
				continue
			}
			n := ParseName(a)
			if n.Literal != "" {
				it.Author = append(it.Author, cslName{Literal: flexString(n.Literal)})
			} else {
				it.Author = append(it.Author, cslName{Family: flexString(n.Family), Given: flexString(n.Given), Suffix: flexString(n.Suffix)})
			}
		}
		if y, m, d := dateParts(c.Date); y > 0 {
			parts := []flexString{flexString(strconv.Itoa(y))}
			if m > 0 {
				parts = append(parts, flexString(strconv.Itoa(m)))
				if d > 0 {
					parts = append(parts, flexString(strconv.Itoa(d)))
				}
			}
			it.Issued = &cslDate{DateParts: [][]flexString{parts}}
		}
		items = append(items, it)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(cslOut(items)); err != nil {
		return fmt.Errorf("write CSL-JSON: %w", err)
	}
	return nil
}

// cslOut wraps the items for output: date-parts must be numbers in CSL-JSON, so the
// flexible string type is marshalled through a view that writes them as integers.
type cslOut []cslItem

func (o cslOut) MarshalJSON() ([]byte, error) {
	type outDate struct {
		DateParts [][]int `json:"date-parts"`
	}
	type outItem struct {
		cslItem
		Issued *outDate `json:"issued,omitempty"`
	}
	out := make([]outItem, len(o))
	for i, it := range o {
		out[i].cslItem = it
		if it.Issued != nil && len(it.Issued.DateParts) > 0 {
			var parts []int
			for _, p := range it.Issued.DateParts[0] {
				parts = append(parts, atoi(string(p)))
			}
			out[i].Issued = &outDate{DateParts: [][]int{parts}}
		}
		out[i].cslItem.Issued = nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(buf.Bytes()), nil
}
