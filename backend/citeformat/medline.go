package citeformat

import (
	"fmt"
	"io"
	"strings"

	"deepcritical/backend/domain"
)

// medlineField is one tag of a MEDLINE record with its continuation lines joined.
type medlineField struct {
	tag, value string
}

// medlineRecord collects the fields of one record while it is being read, plus the first
// structural problem found in it.
type medlineRecord struct {
	fields []medlineField
	err    error
	line   int // line number where the record starts
}

// parseMEDLINETag splits a MEDLINE tag line ("PMID- 123", "TI  - Title", "AB  -") into
// tag and value. The tag field is four characters padded with spaces, then "- ".
func parseMEDLINETag(line string) (tag, value string, ok bool) {
	if len(line) < 5 || line[4] != '-' {
		return "", "", false
	}
	if len(line) > 5 && line[5] != ' ' {
		return "", "", false
	}
	tag = strings.TrimRight(line[:4], " ")
	if tag == "" {
		return "", "", false
	}
	for i := 0; i < len(tag); i++ {
		c := tag[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", "", false
		}
	}
	if len(line) > 6 {
		value = strings.TrimSpace(line[6:])
	}
	return tag, value, true
}

// scanMEDLINE streams NLM tagged records: blank lines (or a new PMID line) separate
// records; continuation lines start with white space. A line that is neither a tag nor a
// continuation makes its record bad, and reading resumes at the next record.
func scanMEDLINE(r io.Reader, fn Handler) error {
	in := newLines(r, "MEDLINE")
	var cur *medlineRecord
	pos := 0
	flush := func() error {
		if cur == nil {
			return nil
		}
		rec := cur
		cur = nil
		pos++
		if rec.err != nil {
			return fn(pos, domain.Evidence{}, rec.err)
		}
		ev, err := medlineEvidence(rec.fields)
		if err != nil {
			return fn(pos, domain.Evidence{}, err)
		}
		return fn(pos, ev, nil)
	}
	for in.scan() {
		lineNo, line := in.no, in.text
		if strings.TrimSpace(line) == "" {
			if err := flush(); err != nil {
				return err
			}
		} else if tag, value, ok := parseMEDLINETag(line); ok {
			if cur != nil && tag == "PMID" && len(cur.fields) > 0 {
				if err := flush(); err != nil {
					return err
				}
			}
			if cur == nil {
				cur = &medlineRecord{line: lineNo}
			}
			cur.fields = append(cur.fields, medlineField{tag: tag, value: value})
		} else if line[0] == ' ' || line[0] == '\t' {
			if cur == nil {
				cur = &medlineRecord{line: lineNo}
			}
			if len(cur.fields) == 0 {
				if cur.err == nil {
					cur.err = fmt.Errorf("line %d: continuation line before any MEDLINE tag", lineNo)
				}
			} else {
				f := &cur.fields[len(cur.fields)-1]
				f.value = joinContinuation(f.value, strings.TrimSpace(line))
			}
		} else {
			if cur == nil {
				cur = &medlineRecord{line: lineNo}
			}
			if cur.err == nil {
				cur.err = fmt.Errorf("line %d: not a MEDLINE tag line: %q", lineNo, truncate(line, 60))
			}
		}
	}
	if in.err != nil {
		return in.err
	}
	return flush()
}

// joinContinuation appends a wrapped line. NLM wraps only at spaces, so the pieces are
// always joined with one.
func joinContinuation(prev, next string) string {
	if prev == "" {
		return next
	}
	return prev + " " + next
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// medlineEvidence maps the tags of one record onto an evidence item.
func medlineEvidence(fields []medlineField) (domain.Evidence, error) {
	var ev domain.Evidence
	c := &ev.Citation
	var full, short, collective []string
	var abbrev, source, bookTitle, epubDate string
	for _, f := range fields {
		v := f.value
		switch f.tag {
		case "PMID":
			if !domain.AllDigits(v) {
				return ev, fmt.Errorf("PMID %q is not a number", truncate(v, 30))
			}
			c.PMID = v
		case "TI":
			c.Title = v
		case "BTI":
			bookTitle = v
		case "AB":
			ev.Content = joinParagraph(ev.Content, v)
		case "FAU":
			full = append(full, v)
		case "AU":
			short = append(short, v)
		case "CN":
			collective = append(collective, v)
		case "JT":
			c.Journal = v
		case "TA":
			abbrev = v
		case "SO":
			source = v
		case "DP":
			c.Date = normDate(v)
		case "DEP":
			epubDate = v
		case "LID", "AID":
			if id, kind := splitBracketID(v); kind == "doi" && c.DOI == "" {
				c.DOI = id
			} else if kind == "pmc" && c.PMCID == "" {
				c.PMCID = id
			}
		case "PMC":
			c.PMCID = v
		case "PT":
			c.PublicationTypes = append(c.PublicationTypes, v)
		case "MH":
			if term := meshDescriptor(v); term != "" {
				c.MeshTerms = append(c.MeshTerms, term)
				c.MeshQualifiers = append(c.MeshQualifiers, meshPairs(term, v)...)
			}
		case "RN":
			if chem := chemicalName(v); chem != "" {
				c.Chemicals = append(c.Chemicals, chem)
			}
		case "SI":
			if acc := accession(v); acc != "" {
				c.Registry = append(c.Registry, acc)
			}
		case "RIN":
			c.Retractions = append(c.Retractions, "Retraction in: "+v)
		case "ROF":
			c.Retractions = append(c.Retractions, "Retraction of: "+v)
		case "EIN":
			c.Retractions = append(c.Retractions, "Expression of concern in: "+v)
		case "OT":
			c.Keywords = append(c.Keywords, v)
		case "VI":
			c.Volume = v
		case "IP":
			c.Issue = v
		case "PG":
			c.Pages = v
		}
	}
	if c.Title == "" {
		c.Title = bookTitle
	}
	if c.Journal == "" {
		c.Journal = abbrev
	}
	if c.Date == "" && epubDate != "" {
		c.Date = normDate(epubDate)
	}
	if c.Date == "" && source != "" {
		if d := normDate(source); d != source {
			c.Date = d
		}
	}
	switch {
	case len(full) > 0:
		c.Authors = full
	default:
		c.Authors = short
	}
	c.Authors = append(c.Authors, collective...)
	finish(&ev, "")
	return ev, nil
}

func joinParagraph(prev, next string) string {
	if prev == "" {
		return next
	}
	return prev + "\n" + next
}

// splitBracketID splits "10.1000/xyz [doi]" into ("10.1000/xyz", "doi").
func splitBracketID(v string) (id, kind string) {
	v = strings.TrimSpace(v)
	i := strings.LastIndex(v, "[")
	if i < 0 || !strings.HasSuffix(v, "]") {
		return v, ""
	}
	return strings.TrimSpace(v[:i]), strings.ToLower(strings.TrimSpace(v[i+1 : len(v)-1]))
}

// meshDescriptor strips MEDLINE's qualifiers and major-topic stars: "Critical
// Care/*economics" → "Critical Care", "*Alzheimer Disease" → "Alzheimer Disease".
func meshDescriptor(v string) string {
	if i := strings.Index(v, "/"); i >= 0 {
		v = v[:i]
	}
	return strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(v), "*"))
}

// meshPairs are an MH line's "Descriptor/qualifier" pairs, as PubMed's XML gives them:
// "Omeprazole/*analogs & derivatives" → "Omeprazole/analogs & derivatives". They say whether
// a chemical was given, only measured, or stands for a derivative of it.
func meshPairs(descriptor, v string) []string {
	parts := strings.Split(v, "/")
	out := make([]string, 0, len(parts)-1)
	for _, q := range parts[1:] {
		if q = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(q), "*")); q != "" {
			out = append(out, descriptor+"/"+q)
		}
	}
	return out
}

// chemicalName takes the substance name from an RN line: "0 (Amyloid beta-Peptides)" →
// "Amyloid beta-Peptides", "EC 3.4.21.- (Serine Endopeptidases)" likewise, and the older
// "50-78-2: Aspirin" shape → "Aspirin".
func chemicalName(v string) string {
	v = strings.TrimSpace(v)
	if i := strings.Index(v, " ("); i >= 0 && strings.HasSuffix(v, ")") {
		return strings.TrimSpace(v[i+2 : len(v)-1])
	}
	if i := strings.Index(v, ": "); i >= 0 {
		return strings.TrimSpace(v[i+2:])
	}
	if isRegistryNumber(v) {
		return ""
	}
	return v
}

func isRegistryNumber(v string) bool {
	for _, r := range v {
		if !(r >= '0' && r <= '9' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// accession takes the accession number from an SI line ("ClinicalTrials.gov/NCT00123456"
// → "NCT00123456"), matching the registry ids the PubMed source records.
func accession(v string) string {
	v = strings.TrimSpace(v)
	if i := strings.LastIndex(v, "/"); i >= 0 {
		return strings.TrimSpace(v[i+1:])
	}
	return v
}
