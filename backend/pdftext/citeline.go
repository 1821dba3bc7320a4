package pdftext

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The citation line is where a journal prints, on a paper's first page or in its running
// head, its own name, the year and the volume beside the DOI ("BMC Research Notes 2014,
// 7:731 · doi:…", "Front. Cardiovasc. Med., 13 December 2021 · doi: 10.3389/…"); a
// "Published: 13 December 2021" line dates it too. Only what such a line states is taken: a
// PDF whose front matter says neither gives no year and no journal, never a guess.
var (
	yearIn        = regexp.MustCompile(`\b(19[5-9]\d|20\d\d)\b`)
	publishedLine = regexp.MustCompile(`(?i)\b(?:published(?: online)?|epub|first published)\s*(?:on\s*)?:?\s*(.*)$`)
	// strip removes what is not the journal or the date: identifiers, links, licence words.
	strip = regexp.MustCompile(`(?i)(?:https?://\S+|\bdoi\s*:?\s*\S+|\b10\.\d{4,9}/\S+|\bPMCID\s*:?\s*PMC\d+|\bPMID\s*:?\s*\d+|\bISSN\s*:?\s*\S+)`)
	// journalCut ends a journal's name where its date, volume or pages begin.
	journalCut = regexp.MustCompile(`(?:,|;|\s\(?\d|\s(?:January|February|March|April|May|June|July|August|September|October|November|December)\b)`)
)

// citationLine reads the year and the journal's name from a paper's front text (its first
// page and running heads, frontText) and its DOI; "" for what it does not state.
func citationLine(front, doi string) (year, journal string) {
	lines := strings.Split(front, "\n")
	maxYear := time.Now().Year() + 1
	valid := func(s string) string {
		for _, m := range yearIn.FindAllString(s, -1) {
			if y, _ := strconv.Atoi(m); y <= maxYear {
				return m
			}
		}
		return ""
	}
	// The line printing the paper's own DOI is its citation line.
	if doi != "" {
		for _, l := range lines {
			if !strings.Contains(strings.ToLower(l), strings.ToLower(doi)) {
				continue
			}
			for _, part := range strings.Split(l, "·") {
				part = strings.TrimSpace(strip.ReplaceAllString(part, " "))
				y := valid(part)
				if y == "" {
					continue
				}
				year = y
				if j := journalOf(part); j != "" {
					journal = j
				}
				break
			}
			if year != "" {
				return year, journal
			}
		}
	}
	for _, l := range lines {
		if m := publishedLine.FindStringSubmatch(l); m != nil {
			if y := valid(m[1]); y != "" {
				return y, journal
			}
		}
	}
	return year, journal
}

// journalOf is the journal's name at the start of a citation-line part ("BMC Research Notes
// 2014, 7:731" → "BMC Research Notes"): letters, at least two words or an abbreviation, and
// nothing that is an author list ("et al.") or a licence.
func journalOf(part string) string {
	part = strings.TrimSpace(part)
	if loc := journalCut.FindStringIndex(part); loc != nil {
		part = part[:loc[0]]
	}
	part = strings.TrimSpace(strings.TrimRight(part, " ,;:"))
	low := strings.ToLower(part)
	switch {
	case len(part) < 3 || len(part) > 80,
		strings.Contains(low, "et al"), strings.Contains(low, "open access"), strings.Contains(low, "licen"),
		strings.Contains(low, "copyright"), strings.Contains(low, "©"), strings.ContainsAny(part, "0123456789"):
		return ""
	}
	letters := 0
	for _, r := range part {
		if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
			letters++
		}
	}
	if letters < 3 || !(part[0] >= 'A' && part[0] <= 'Z') {
		return ""
	}
	return part
}

// authorName is one name of a byline once its affiliation marks are dropped: two to five
// capitalised words ("Francesca Girlanda", "Karl J. Lackner", "M. Grazia Appino"), with
// particles ("van", "de") and hyphens.
var (
	authorName  = regexp.MustCompile(`^\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:van|von|de|del|der|da|di|du|la|le|dos|bin|al)\s+){0,2}\p{Lu}[\p{L}'’.-]*){1,4}$`)
	affiliation = regexp.MustCompile(`[\d*†‡§¶#]+|\s+\(.*?\)`)
	bylineSplit = regexp.MustCompile(`\s*(?:,|;|\band\b|&)\s*`)
	// degree is a degree or post-nominal a byline prints after a name, its dots dropped
	// ("Maria Rossi, MD, PhD; John Smith MSc", "Ph.D."): not a name of its own.
	degree = regexp.MustCompile(`^(?:MD|PhD|DPhil|MPhil|DrPH|ScD|DSc|MSc|MS|MA|BA|BSc|BS|BM|MB|MBBS|MBChB|BChir|MPH|MBA|MHS|MSW|MRes|` +
		`PharmD|RPh|RN|BSN|MSN|DNP|NP|PA|DO|DDS|DMD|MDS|FRCP|FRCPC|FRCPE|FRCS|FRCSC|FRACP|FRANZCP|FRCPsych|MRCPsych|MRCP|MRCGP|` +
		`FACP|FACC|FAHA|FESC|FMedSci|FRS|Jr|Sr|II|III|IV)$`)
)

// withoutDegrees is a byline's part without the degrees after the name ("Maria Rossi MD"
// → "Maria Rossi"); "" when the part is only degrees ("PhD" after "Maria Rossi, MD,").
func withoutDegrees(part string) string {
	f := strings.Fields(part)
	for len(f) > 0 && degree.MatchString(strings.ReplaceAll(f[len(f)-1], ".", "")) {
		f = f[:len(f)-1]
	}
	return strings.Join(f, " ")
}

// byline reads the authors from the first line under a paper's title ("Francesca Girlanda,
// Andrea Cipriani, … Corrado Barbui", "Maria Rossi, MD, PhD; John Smith, MSc"): every part
// must read as a name once its affiliation marks and degrees are dropped, at least one, or
// the line is not a byline and nothing is taken. An ellipsis ("…") marks names left out.
func byline(line string) []string {
	line = strings.TrimSpace(affiliation.ReplaceAllString(line, ""))
	if line == "" || strings.Contains(strings.ToLower(line), "et al") {
		return nil
	}
	var names []string
	for _, part := range bylineSplit.Split(line, -1) {
		part = withoutDegrees(strings.TrimSpace(strings.Trim(strings.TrimSpace(part), "….")))
		if part == "" {
			continue
		}
		if !authorName.MatchString(part) {
			return nil
		}
		names = append(names, part)
	}
	if len(names) == 0 || len(names) > 60 {
		return nil
	}
	return names
}
