package citeformat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"deepcritical/backend/domain"
)

// parseRISTag splits an RIS line ("TY  - JOUR", "ER  -") into tag and value. The standard
// is two spaces before the hyphen; one is accepted because several exporters write it.
func parseRISTag(line string) (tag, value string, ok bool) {
	if strings.TrimRight(line, " \t") == "ER -" { // EndNote's one-space end of record
		return "ER", "", true
	}
	if len(line) < 5 {
		return "", "", false
	}
	a, b := line[0], line[1]
	if !(a >= 'A' && a <= 'Z') || !(b >= 'A' && b <= 'Z' || b >= '0' && b <= '9') {
		return "", "", false
	}
	rest := line[2:]
	switch {
	case strings.HasPrefix(rest, "  -"):
		rest = rest[3:]
	case strings.HasPrefix(rest, " -"):
		rest = rest[2:]
	default:
		return "", "", false
	}
	if rest != "" && rest[0] != ' ' {
		return "", "", false
	}
	return line[:2], strings.TrimSpace(rest), true
}

type risRecord struct {
	fields []medlineField
	err    error
	hasTY  bool
}

// scanRIS streams RIS records (TY … ER). Lines that are not tags continue the previous
// field, as Zotero reads them. Tags outside a TY … ER block form a bad record; a record
// cut off by the end of the file is reported as truncated.
func scanRIS(r io.Reader, fn Handler) error {
	in := newLines(r, "RIS")
	var cur *risRecord
	pos := 0
	emit := func(rec *risRecord) error {
		pos++
		switch {
		case rec.err != nil:
			return fn(pos, domain.Evidence{}, rec.err)
		case !rec.hasTY:
			return fn(pos, domain.Evidence{}, errors.New("record does not start with a TY line"))
		}
		return fn(pos, risEvidence(rec.fields), nil)
	}
	for in.scan() {
		lineNo, line := in.no, in.text
		tag, value, ok := parseRISTag(line)
		switch {
		case ok && tag == "TY":
			// A record still open here either lacked its ER (accepted, as Zotero does) or
			// had tags but no TY of its own (reported by emit as a bad record).
			if cur != nil {
				if err := emit(cur); err != nil {
					return err
				}
			}
			cur = &risRecord{hasTY: true}
			cur.fields = append(cur.fields, medlineField{tag: tag, value: value})
		case ok && tag == "ER":
			if cur == nil {
				pos++
				if err := fn(pos, domain.Evidence{}, fmt.Errorf("line %d: ER without a record", lineNo)); err != nil {
					return err
				}
				break
			}
			rec := cur
			cur = nil
			if err := emit(rec); err != nil {
				return err
			}
		case ok:
			if cur == nil {
				cur = &risRecord{}
			}
			cur.fields = append(cur.fields, medlineField{tag: tag, value: value})
		case strings.TrimSpace(line) == "":
			// Blank lines separate records but carry nothing.
		default:
			if cur != nil && len(cur.fields) > 0 {
				f := &cur.fields[len(cur.fields)-1]
				f.value = joinContinuation(f.value, strings.TrimSpace(line))
			} else if cur == nil {
				cur = &risRecord{err: fmt.Errorf("line %d: not an RIS tag line: %q", lineNo, truncate(line, 60))}
			}
		}
	}
	if in.err != nil {
		return in.err
	}
	if cur != nil {
		if cur.err == nil && cur.hasTY {
			cur.err = errors.New("record not terminated by ER (truncated file?)")
		}
		return emit(cur)
	}
	return nil
}

// The PMID, PMCID and DOI written in a field's text are read by domain.PMIDsIn, PMCIDsIn
// and DOIsIn, the rules a PDF's printed identifiers are read by too.
var nctInText = regexp.MustCompile(`\bNCT\d{8}\b`)

// risEvidence maps RIS tags onto an evidence item.
func risEvidence(fields []medlineField) domain.Evidence {
	var ev domain.Evidence
	c := &ev.Citation
	var jf, t2, jo, ja, py, da, sp, ep, id string
	var urls, notes []string
	for _, f := range fields {
		v := f.value
		if v == "" {
			continue
		}
		switch f.tag {
		case "TI", "T1":
			if c.Title == "" {
				c.Title = v
			}
		case "AU", "A1":
			c.Authors = append(c.Authors, ParseName(v).String())
		case "JF":
			jf = v
		case "T2":
			t2 = v
		case "JO":
			jo = v
		case "JA", "J2":
			ja = v
		case "PY", "Y1":
			if py == "" {
				py = v
			}
		case "DA":
			da = v
		case "DO":
			c.DOI = v
		case "AB", "N2":
			if ev.Content == "" {
				ev.Content = v
			}
		case "UR":
			urls = append(urls, v)
		case "VL":
			c.Volume = v
		case "IS":
			c.Issue = v
		case "SP":
			sp = v
		case "EP":
			ep = v
		case "KW":
			for _, k := range strings.Split(v, ";") {
				c.Keywords = append(c.Keywords, k)
			}
		case "AN":
			switch {
			case nctInText.MatchString(v):
				c.NCTID = nctInText.FindString(v)
			case len(domain.PMIDsIn(v)) > 0:
				c.PMID = domain.PMIDsIn(v)[0]
			case domain.AllDigits(v):
				c.PMID = v
			}
		case "C2":
			if pmcidRe.MatchString(v) && strings.HasPrefix(strings.ToUpper(v), "PMC") {
				c.PMCID = v
			}
		case "M2", "N1", "M1":
			notes = append(notes, v)
		case "SN":
			if c.ISSN == "" {
				c.ISSN = cleanISSN(v)
			}
		case "ID":
			id = v
		case "M3":
			if c.DOI == "" && len(domain.DOIsIn(v)) > 0 {
				c.DOI = v
			}
		}
	}
	for _, n := range notes {
		noteIdentifiers(c, n)
	}
	for _, j := range []string{jf, t2, jo, ja} {
		if j != "" {
			c.Journal = j
			break
		}
	}
	if d := normDate(da); da != "" && len(d) >= 4 && domain.AllDigits(d[:4]) && len(d) >= len(normDate(py)) {
		c.Date = d
	} else {
		c.Date = normDate(py)
	}
	switch {
	case sp != "" && ep != "" && !strings.Contains(sp, "-"):
		c.Pages = sp + "-" + ep
	default:
		c.Pages = sp
	}
	for _, u := range urls {
		low := strings.ToLower(u)
		if c.DOI == "" && strings.Contains(low, "doi.org/") {
			c.DOI = u
			continue
		}
		if c.PMID == "" {
			if m := pubmedURL.FindStringSubmatch(u); m != nil {
				c.PMID = m[1]
			}
		}
		if c.URL == "" {
			c.URL = u
		}
	}
	finish(&ev, id)
	return ev
}

var pubmedURL = regexp.MustCompile(`(?i)(?:pubmed\.ncbi\.nlm\.nih\.gov|ncbi\.nlm\.nih\.gov/pubmed)/(\d+)`)

// risType chooses the RIS record type Zotero maps to the right item type: journal
// articles are JOUR, trial registrations and web pages ELEC (Zotero's webpage).
func risType(c domain.Citation) string {
	switch {
	case c.Source == domain.SourceWeb:
		return "ELEC"
	case c.Source == domain.SourceClinicalTrials || (c.NCTID != "" && c.PMID == "" && c.DOI == "" && c.Journal == ""):
		return "ELEC"
	}
	return "JOUR"
}

// WriteRIS writes ev as RIS records that Zotero, EndNote, Mendeley, citation-js and
// bibutils import field for field: a real TY; one AU per person as "Family, Given[,
// Suffix]" and organisations without a comma (read as one literal name); T2 and JF for
// the journal; SP/EP from the expanded page range; SN for the ISSN; DO; AN for the PMID
// (EndNote's and Zotero's accession number) and, because citation-js and bibutils drop AN,
// N1 note lines "PMID: …", "PMCID: …", "ClinicalTrials.gov: …" that both keep; C2 for the
// PMCID; UR only for http(s) URLs.
func WriteRIS(w io.Writer, ev []domain.Evidence) error {
	bw := bufio.NewWriter(w)
	line := func(tag, value string) {
		value = risValue(value)
		if value == "" {
			return
		}
		bw.WriteString(tag)
		bw.WriteString("  - ")
		bw.WriteString(value)
		bw.WriteString("\r\n")
	}
	for _, e := range ev {
		c := e.Citation
		bw.WriteString("TY  - " + risType(c) + "\r\n")
		line("TI", c.Title)
		for _, a := range c.Authors {
			if a = cleanSpace(a); a != "" {
				line("AU", ParseName(a).String())
			}
		}
		if risType(c) == "JOUR" {
			line("T2", c.Journal)
			line("JF", c.Journal)
		} else {
			line("T2", websiteTitle(c))
		}
		if y, m, d := dateParts(c.Date); y > 0 {
			line("PY", pad4(y))
			da := pad4(y) + "/"
			if m > 0 {
				da += pad2(m)
			}
			da += "/"
			if d > 0 {
				da += pad2(d)
			}
			line("DA", da+"/")
		}
		line("VL", c.Volume)
		line("IS", c.Issue)
		pages := ExpandPages(c.Pages)
		if sp, ep, ok := strings.Cut(pages, "-"); ok && sp != "" && ep != "" {
			line("SP", sp)
			line("EP", ep)
		} else {
			line("SP", pages)
		}
		line("SN", c.ISSN)
		line("DO", c.DOI)
		switch {
		case c.PMID != "":
			line("AN", c.PMID)
		case c.NCTID != "":
			line("AN", c.NCTID)
		}
		line("C2", c.PMCID)
		for _, n := range strings.Split(identifierNote(c, "\n"), "\n") {
			line("N1", n)
		}
		line("UR", SafeURL(c.URL))
		line("AB", e.Content)
		for _, k := range c.Keywords {
			line("KW", k)
		}
		for _, k := range c.MeshTerms {
			line("KW", k)
		}
		bw.WriteString("ER  - \r\n\r\n")
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write RIS: %w", err)
	}
	return nil
}

// risValue puts a value on one line: RIS has no escaping, so line breaks become spaces
// (the abstract's "LABEL: text" lines stay readable as one paragraph).
func risValue(s string) string {
	return strings.TrimSpace(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s))
}

func websiteTitle(c domain.Citation) string {
	switch {
	case c.Source == domain.SourceClinicalTrials || c.NCTID != "":
		return "ClinicalTrials.gov"
	case c.Journal != "":
		return c.Journal
	}
	return ""
}
