package citeformat

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"deepcritical/backend/domain"
)

// finish gives an evidence read from a file the fields every consumer relies on: the
// library source, an id, a URL to open, an abstract split into its labelled sections,
// and de-duplicated lists. localID is the record's own id in its file (BibTeX key, RIS ID)
// used only when the record has no public identifier.
func finish(ev *domain.Evidence, localID string) {
	c := &ev.Citation
	c.Source = domain.SourceLibrary
	c.Title = cleanSpace(c.Title)
	c.Journal = cleanSpace(c.Journal)
	c.DOI = cleanDOI(c.DOI)
	c.PMID = strings.TrimSpace(c.PMID)
	c.PMCID = normPMCID(c.PMCID)
	c.NCTID = strings.ToUpper(strings.TrimSpace(c.NCTID))
	c.Authors = uniq(c.Authors)
	c.PublicationTypes = uniq(c.PublicationTypes)
	c.MeshTerms = uniq(c.MeshTerms)
	c.Chemicals = uniq(c.Chemicals)
	c.Keywords = uniq(c.Keywords)
	c.Registry = uniq(c.Registry)
	c.Retractions = uniq(c.Retractions)
	switch {
	case c.PMID != "":
		c.ID = c.PMID
	case c.DOI != "":
		c.ID = c.DOI
	case c.NCTID != "":
		c.ID = c.NCTID
	case c.PMCID != "":
		c.ID = c.PMCID
	default:
		c.ID = strings.TrimSpace(localID)
	}
	c.URL = SafeURL(c.URL)
	if c.URL == "" {
		switch {
		case c.PMID != "":
			c.URL = "https://pubmed.ncbi.nlm.nih.gov/" + c.PMID + "/"
		case c.DOI != "":
			c.URL = "https://doi.org/" + c.DOI
		case c.NCTID != "":
			c.URL = "https://clinicaltrials.gov/study/" + c.NCTID
		case c.PMCID != "":
			c.URL = "https://pmc.ncbi.nlm.nih.gov/articles/" + c.PMCID + "/"
		}
	}
	c.ISSN = cleanISSN(c.ISSN)
	ev.Content = strings.TrimSpace(stripControls(ev.Content))
	if len(c.Sections) == 0 && ev.Content != "" {
		if secs := splitSections(ev.Content); len(secs) > 0 {
			c.Sections = secs
			ev.Content = domain.SectionsText(secs)
		}
	}
	if c.Authors == nil {
		c.Authors = []string{}
	}
}

// HasIdentity reports whether a record can be found again: it has a title or one of the
// public identifiers. Importers skip records without one.
func HasIdentity(c domain.Citation) bool {
	return c.Title != "" || c.PMID != "" || c.DOI != "" || c.PMCID != "" || c.NCTID != ""
}

// NoIdentity is what an importer says of a record it skipped (HasIdentity).
const NoIdentity = "skipped: the record has no title and no identifier (PMID, DOI, PMCID or NCT number), so it could not be found again"

// cleanSpace collapses white space and drops control characters (an ESC or BEL in an
// imported title must not reach a terminal, a CSV or a BibTeX file).
func cleanSpace(s string) string { return strings.Join(strings.Fields(stripControls(s)), " ") }

// stripControls removes C0/C1 control characters and DEL except line breaks and tabs.
func stripControls(s string) string {
	if strings.IndexFunc(s, isStrippedControl) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isStrippedControl(r) {
			return -1
		}
		return r
	}, s)
}

func isStrippedControl(r rune) bool {
	return unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r'
}

// cleanDOI strips resolver prefixes and trailing punctuation but keeps the DOI's case as
// given: DOIs are compared case-insensitively (Citation.CanonicalKey lower-cases them),
// stored as their registrant wrote them.
func cleanDOI(s string) string {
	d := strings.TrimSuffix(domain.StripDOIResolver(s), ".")
	if i := strings.Index(d, " "); i >= 0 {
		d = d[:i]
	}
	return d
}

var pmcidRe = regexp.MustCompile(`(?i)^(?:pmc)?(\d+)$`)

func normPMCID(s string) string {
	s = strings.TrimSpace(s)
	if m := pmcidRe.FindStringSubmatch(s); m != nil {
		return "PMC" + m[1]
	}
	return s
}

func uniq(in []string) []string {
	if len(in) == 0 {
		return nil
	}
	seen := make(map[string]bool, len(in))
	out := in[:0:0]
	for _, s := range in {
		s = cleanSpace(s)
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	return out
}

// sectionLabel matches an upper-case structured-abstract label ("BACKGROUND:",
// "MATERIALS AND METHODS:") at the start of the text or after a sentence end.
var sectionLabel = regexp.MustCompile(`(?:^|[.?!)\]]\s+)([A-Z][A-Z]+(?:[ /&,-]+[A-Z]+){0,5}):\s+`)

// splitSections splits a flattened structured abstract ("BACKGROUND: ... METHODS: ...")
// back into labelled sections so the judge and appraiser see its structure. Text that does
// not start with a label is not structured and yields nil.
func splitSections(text string) []domain.Section {
	locs := sectionLabel.FindAllStringSubmatchIndex(text, -1)
	if len(locs) == 0 || locs[0][2] != 0 {
		return nil
	}
	var secs []domain.Section
	for i, l := range locs {
		if len(text[l[2]:l[3]]) < 3 {
			continue
		}
		start := l[1]
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][2]
		}
		if start > end {
			continue
		}
		body := strings.TrimSpace(text[start:end])
		if body == "" {
			continue
		}
		secs = append(secs, domain.Section{Label: text[l[2]:l[3]], Text: body})
	}
	if len(secs) == 0 {
		return nil
	}
	return secs
}

var months = map[string]int{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
	"jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}

// monthNumber turns "Jun", "June", "6" or "06" into 6, or 0.
func monthNumber(s string) int {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(s); err == nil {
		if n >= 1 && n <= 12 {
			return n
		}
		return 0
	}
	if len(s) >= 3 {
		return months[s[:3]]
	}
	return 0
}

var dateToken = regexp.MustCompile(`[A-Za-z]+|\d+`)

// normDate turns the dates citation formats carry ("2000 Jun 15", "2000 Jun-Jul",
// "2000 Spring", "2000/06/15/", "2000-06", "June 2000") into ISO "YYYY", "YYYY-MM" or
// "YYYY-MM-DD", the shape every other source gives Citation.Date. Unparseable text
// without a year is returned as it was.
func normDate(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	toks := dateToken.FindAllString(s, -1)
	year, month, day := 0, 0, 0
	yearAt := -1
	for i, t := range toks {
		if len(t) == 4 && domain.AllDigits(t) {
			year, _ = strconv.Atoi(t)
			yearAt = i
			break
		}
		if len(t) == 8 && domain.AllDigits(t) { // 20000927
			year, _ = strconv.Atoi(t[:4])
			month, _ = strconv.Atoi(t[4:6])
			day, _ = strconv.Atoi(t[6:])
			yearAt = i
			break
		}
	}
	if year == 0 {
		return s
	}
	if month == 0 {
		rest := toks[yearAt+1:]
		before := toks[:yearAt]
		if len(rest) > 0 {
			month = monthNumber(rest[0])
			if month > 0 && len(rest) > 1 && domain.AllDigits(rest[1]) {
				day, _ = strconv.Atoi(rest[1])
			}
		} else if len(before) > 0 { // "June 2000", "15 June 2000"
			month = monthNumber(before[len(before)-1])
			if month == 0 && len(before) >= 2 {
				if m := monthNumber(before[len(before)-2]); m > 0 && domain.AllDigits(before[len(before)-1]) {
					month, day = m, atoi(before[len(before)-1])
				}
			} else if month > 0 && len(before) >= 2 && domain.AllDigits(before[len(before)-2]) {
				day = atoi(before[len(before)-2])
			}
		}
	}
	switch {
	case month < 1 || month > 12:
		return strconv.Itoa(year)
	case day < 1 || day > 31:
		return pad4(year) + "-" + pad2(month)
	}
	return pad4(year) + "-" + pad2(month) + "-" + pad2(day)
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func pad4(n int) string {
	s := strconv.Itoa(n)
	for len(s) < 4 {
		s = "0" + s
	}
	return s
}

// dateParts splits an ISO partial date into year, month and day (0 when absent).
func dateParts(d string) (y, m, dd int) {
	d = normDate(d)
	parts := strings.Split(d, "-")
	if len(parts) > 0 && len(parts[0]) == 4 && domain.AllDigits(parts[0]) {
		y = atoi(parts[0])
	} else {
		return 0, 0, 0
	}
	if len(parts) > 1 {
		m = atoi(parts[1])
	}
	if len(parts) > 2 {
		dd = atoi(parts[2])
	}
	return y, m, dd
}

// collectiveWords mark an author string as an organisation rather than a person.
var collectiveWords = []string{"group", "consortium", "collaboration", "collaborative", "committee", "investigators",
	"society", "organization", "organisation", "association", "network", "team", "council", "institute",
	"foundation", "trialists", "working", "panel", "study", "agency", "university", "centre", "center", "board",
	"initiative", "program", "programme", "project", "alliance", "registry", "federation", "unit", "service",
	"department", "ministry", "authority", "commission", "company", "inc", "ltd", "llc", "gmbh", "corporation",
	"trust", "hospital", "clinic", "trial", "writing", "office", "laboratory", "laboratories", "pharmaceuticals",
	// The same words in the languages of European study groups' names ("Groupe d'étude
	// français", "Gruppo Italiano …", "Grupo Español …", "Deutsche Gesellschaft für …").
	"groupe", "gruppo", "grupo", "gruppe", "société", "societe", "sociedad", "società", "societa", "gesellschaft",
	"comité", "comite", "comitato", "kommission", "associazione", "asociación", "asociacion", "fédération",
	"institut", "instituto", "istituto", "ministère", "ministerio", "ministero", "organización", "netzwerk",
	"réseau", "reseau", "rete", "équipe", "equipe", "collectif", "hôpital", "hopital", "ospedale", "klinikum", "universität",
	"universite", "université", "universidad", "università"}

// isCollective reports whether an author string names an organisation ("UK700 Group").
func isCollective(name string) bool {
	if strings.Contains(name, ",") {
		return false
	}
	low := strings.ToLower(name)
	for _, w := range strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		for _, c := range collectiveWords {
			if w == c {
				return true
			}
		}
	}
	return len(strings.Fields(name)) > 4
}

// splitName splits an author string into family and given names (suffix dropped); see
// ParseName for the whole name.
func splitName(name string) (family, given string, literal bool) {
	n := ParseName(name)
	if n.Literal != "" || n.Family == "" {
		if n.Literal == "" {
			return "", "", true
		}
		return n.Literal, "", true
	}
	return n.Family, n.Given, false
}

func isInitials(s string) bool {
	if s == "" || len([]rune(s)) > 3 {
		return false
	}
	for _, r := range s {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

func isParticle(w string) bool {
	switch w {
	case "van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le", "ter", "ten", "dos", "das", "do", "bin", "al":
		return true
	}
	return false
}

// personName joins family and given into the "Last, First" shape Citation.Authors uses.
func personName(family, given string) string {
	family, given = cleanSpace(family), cleanSpace(given)
	switch {
	case family == "":
		return given
	case given == "":
		return family
	}
	return family + ", " + given
}

// SafeURL returns u when it is an http(s) URL and "" otherwise: a javascript:, data: or
// file: link from an imported record must never reach an export a reader clicks.
func SafeURL(u string) string {
	u = strings.TrimSpace(u)
	low := strings.ToLower(u)
	if strings.HasPrefix(low, "https://") || strings.HasPrefix(low, "http://") {
		if strings.ContainsAny(u, " \t\r\n\"<>") {
			return ""
		}
		return u
	}
	return ""
}

var pageRange = regexp.MustCompile(`^\s*([A-Za-z]*)(\d+)\s*[-–—]+\s*([A-Za-z]*)(\d+)\s*$`)

// ExpandPages writes MEDLINE's abbreviated page ranges in full ("114-4" → "114-124",
// "1021-34" → "1021-1034", "R12-5" → "R12-R15"); anything else is returned trimmed, with
// en dashes made hyphens.
func ExpandPages(p string) string {
	m := pageRange.FindStringSubmatch(p)
	if m == nil {
		return strings.TrimSpace(strings.NewReplacer("–", "-", "—", "-").Replace(p))
	}
	pre1, first, pre2, last := m[1], m[2], m[3], m[4]
	if pre2 == "" {
		pre2 = pre1
	}
	if len(last) < len(first) {
		full := first[:len(first)-len(last)] + last
		if atoi(full) >= atoi(first) {
			last = full
		}
	}
	return pre1 + first + "-" + pre2 + last
}

var issnRe = regexp.MustCompile(`\b(\d{4})-?(\d{3}[\dXx])\b`)

// cleanISSN keeps the first ISSN in s as "1234-567X", or "" when there is none.
func cleanISSN(s string) string {
	m := issnRe.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[1] + "-" + strings.ToUpper(m[2])
}

// noteIdentifiers reads the identifier and publication-type lines the writers put into
// a note ("PMID: …", "PMCID: …", "ClinicalTrials.gov: NCT…", "Publication type: …"),
// filling only what c does not have yet.
func noteIdentifiers(c *domain.Citation, note string) {
	if note == "" {
		return
	}
	if c.PMID == "" {
		if ids := domain.PMIDsIn(note); len(ids) > 0 {
			c.PMID = ids[0]
		}
	}
	if c.PMCID == "" {
		if ids := domain.PMCIDsIn(note); len(ids) > 0 {
			c.PMCID = ids[0]
		}
	}
	if c.NCTID == "" {
		c.NCTID = nctInText.FindString(note)
	}
	for _, part := range strings.FieldsFunc(note, func(r rune) bool { return r == '\n' || r == ';' }) {
		if pt, ok := strings.CutPrefix(strings.TrimSpace(part), "Publication type: "); ok {
			c.PublicationTypes = append(c.PublicationTypes, strings.TrimSpace(pt))
		}
		if mh, ok := strings.CutPrefix(strings.TrimSpace(part), "MeSH: "); ok && !slices.Contains(c.MeshTerms, strings.TrimSpace(mh)) {
			c.MeshTerms = append(c.MeshTerms, strings.TrimSpace(mh))
		}
	}
}

// cleanPMID reads a PMID written as "22663011", "PMID: 22663011" or "pmid22663011";
// anything without such a number gives "" (the record is kept without it).
func cleanPMID(s string) string {
	s = strings.TrimSpace(s)
	if domain.AllDigits(s) {
		return s
	}
	if m := pmidLoose.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

var pmidLoose = regexp.MustCompile(`(?i)^(?:pmid|pubmed)?\s*:?\s*(\d{1,9})$`)
