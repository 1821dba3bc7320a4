// Package studylink joins a trial's registry entry and the articles that report it into
// one study, and checks the registered primary outcomes against what each article
// reports: a registered primary outcome an article never mentions is flagged, one it
// reports but not as its primary outcome is told apart. Articles name their trial by NCT
// id in their registry accession numbers (PubMed's DataBankList, Citation.Registry) or in
// a registration sentence of their text; evidence syntheses list other trials' ids and
// are never a trial's report.
package studylink

import (
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"deepcritical/backend/domain"
)

// Link groups the evidence into studies by NCT id: each id that an article gives as its own
// registration, with that trial's registry entry when the evidence holds it, and for every
// article the registered primary outcomes compared with the article's text. fullTexts
// holds, by canonical key, the full text of articles that have one; the others are read
// from their abstract (Evidence.Content). Studies come in the order their id first appears.
// A registry entry without any article reporting it is not a link.
func Link(evs []domain.Evidence, fullTexts map[string]string) []domain.StudyLink {
	registry := map[string]domain.Evidence{}
	var order []string
	reports := map[string][]domain.Evidence{}
	for _, ev := range domain.EachPaper(evs) {
		if ev.IsRegistryRecord() {
			if id := strings.ToUpper(strings.TrimSpace(ev.Citation.NCTID)); id != "" {
				if _, ok := registry[id]; !ok {
					registry[id] = ev
				}
			}
			continue
		}
		for _, id := range ReportNCTIDs(ev) {
			if _, ok := reports[id]; !ok {
				order = append(order, id)
			}
			reports[id] = append(reports[id], ev)
		}
	}
	out := make([]domain.StudyLink, 0, len(order))
	for _, id := range order {
		l := domain.StudyLink{NCTID: id}
		reg, hasReg := registry[id]
		if hasReg {
			l.RegistryKey = reg.CanonicalKey()
		}
		for _, ev := range reports[id] {
			key := ev.CanonicalKey()
			l.ReportKeys = append(l.ReportKeys, key)
			if !hasReg || len(reg.Citation.Trial.PrimaryOutcomes) == 0 {
				continue
			}
			text, full := fullTexts[key], true
			if strings.TrimSpace(text) == "" {
				text, full = articleText(ev), false
			}
			primary, checks := CompareOutcomes(reg.Citation.Trial.PrimaryOutcomes, text)
			l.Outcomes = append(l.Outcomes, domain.OutcomeComparison{ReportKey: key, FullText: full, ArticlePrimary: primary, Checks: checks})
		}
		out = append(out, l)
	}
	return out
}

// articleText is what an article without a full text is compared from: its abstract.
func articleText(ev domain.Evidence) string {
	if strings.TrimSpace(ev.Content) != "" {
		return ev.Content
	}
	return domain.SectionsText(ev.Citation.Sections)
}

// synthesisTypes are publication types of papers that list other trials' ids.
var synthesisTypes = []string{"meta-analysis", "systematic review", "review", "network meta-analysis", "scoping review"}

// registrationCue marks a sentence that gives the paper's own registration.
var registrationCue = regexp.MustCompile(`(?i)regist|clinicaltrials\.gov|clinical ?trials? ?gov|identifier|trial (?:number|no\b)`)

// ReportNCTIDs returns the NCT ids an article gives as its own registration: those among
// its registry accession numbers, and those in a sentence of its text that speaks of
// registration ("Trial registration: ClinicalTrials.gov NCT…"). An evidence synthesis
// reports no trial of its own, so it has none; a text naming more than three ids (a
// pooled analysis or a review not indexed as one) is read from its accession numbers only.
func ReportNCTIDs(ev domain.Evidence) []string {
	c := ev.Citation
	for _, pt := range c.PublicationTypes {
		for _, s := range synthesisTypes {
			if strings.EqualFold(strings.TrimSpace(pt), s) {
				return nil
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	add := func(ids []string) {
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	add(domain.NCTIDs(c.NCTID))
	for _, r := range c.Registry {
		add(domain.NCTIDs(r))
	}
	text := articleText(ev)
	if len(domain.NCTIDs(text)) > 3 {
		return out
	}
	for _, s := range sentences(text) {
		if ids := domain.NCTIDs(s); len(ids) > 0 && registrationCue.MatchString(s) {
			add(ids)
		}
	}
	return out
}

// sentenceEnd splits text into sentences: at line ends, and after '.', '!' or '?' followed
// by a space and a capital letter or digit.
var sentenceEnd = regexp.MustCompile(`[.!?]["')\]]?\s+`)

func sentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		start := 0
		for _, m := range sentenceEnd.FindAllStringIndex(line, -1) {
			if m[1] >= len(line) {
				continue
			}
			r := []rune(line[m[1]:])[0]
			if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
				continue
			}
			if s := strings.TrimSpace(line[start:m[1]]); s != "" {
				out = append(out, s)
			}
			start = m[1]
		}
		if s := strings.TrimSpace(line[start:]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// primaryCue is a sentence naming the article's own primary outcome.
var primaryCue = regexp.MustCompile(`(?i)\bprimary (?:efficacy |composite |clinical )?(?:outcome|end[\s-]?point)s?\b|\bmain outcome measures?\b|\bprimary (?:efficacy )?(?:variable|measure)s?\b`)

// CompareOutcomes checks each registered primary outcome against an article's text and
// returns the article's own primary-outcome sentence (empty when it states none) with one
// check per registered outcome: reported as the primary outcome, reported elsewhere, or
// not reported (flagged). An outcome is reported in a sentence holding its abbreviation
// (as registered, "PFS", or a common one, "HbA1c"), or at least two thirds of its content
// words (all of them when it has one or two), after folding case, plurals, British and
// American spelling, and dropping the words every outcome uses ("change from baseline",
// "number of participants", time frames).
func CompareOutcomes(registered []domain.TrialOutcome, text string) (string, []domain.OutcomeCheck) {
	ss := sentences(text)
	primary := ""
	for _, s := range ss {
		if primaryCue.MatchString(s) {
			primary = s
			break
		}
	}
	clause := primaryClause(primary)
	checks := make([]domain.OutcomeCheck, 0, len(registered))
	for _, o := range registered {
		m := newMatcher(o)
		check := domain.OutcomeCheck{Registered: o, Report: domain.OutcomeNotReported}
		if clause != "" {
			if words := m.match(clause); words != nil {
				check.Report, check.Quote, check.Matched = domain.OutcomeAsPrimary, primary, words
				checks = append(checks, check)
				continue
			}
		}
		for _, s := range ss {
			if words := m.match(s); words != nil {
				check.Report, check.Quote, check.Matched = domain.OutcomeReported, s, words
				break
			}
		}
		checks = append(checks, check)
	}
	return primary, checks
}

// clauseEnd ends the part of a primary-outcome sentence that names the primary outcome:
// "The primary endpoint was PFS; overall survival was a secondary endpoint."
var clauseEnd = regexp.MustCompile(`(?i);|\bsecondary\b|\bother (?:outcome|end ?point)s?\b|\bexploratory\b`)

// primaryClause is the primary-outcome sentence from its cue to the first mention of
// secondary outcomes.
func primaryClause(s string) string {
	loc := primaryCue.FindStringIndex(s)
	if loc == nil {
		return ""
	}
	rest := s[loc[0]:]
	if m := clauseEnd.FindStringIndex(rest[loc[1]-loc[0]:]); m != nil {
		rest = rest[:loc[1]-loc[0]+m[0]]
	}
	return rest
}

// matcher recognises one registered outcome in a sentence.
type matcher struct {
	core     []string // stemmed content words of the measure's head
	need     int      // how many of them a sentence must hold
	acronyms []string // abbreviations, matched as whole words
}

// outcomeFiller are the words registered outcomes share whatever they measure.
var outcomeFiller = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of in on at to from for with without by and or as per during after before
		over within between than into via its their who which that is are was were be been will using based
		change baseline number percentage percent proportion mean median score total level value status
		measure measured measurement assess assessed assessment evaluate evaluated evaluation determine determined
		time first week month day year hour minute visit end study treatment participant patient subject people
		individual incidence occurrence frequency count rate defined define endpoint outcome primary secondary`) {
		outcomeFiller[w] = true
	}
}

// commonAbbreviations are outcome abbreviations papers use without spelling out, with the
// stemmed words they stand for.
var commonAbbreviations = map[string]string{
	"HbA1c": "glycated haemoglobin", "A1C": "glycated haemoglobin", "BP": "blood pressure", "SBP": "systolic blood pressure",
	"DBP": "diastolic blood pressure", "BMI": "body mass index", "QoL": "quality of life", "HRQoL": "health related quality of life",
	"OS": "overall survival", "PFS": "progression free survival", "DFS": "disease free survival", "EFS": "event free survival",
	"ORR": "objective response rate", "MACE": "major adverse cardiovascular event", "AE": "adverse event", "AEs": "adverse event",
	"LDL": "low density lipoprotein", "FEV1": "forced expiratory volume", "eGFR": "estimated glomerular filtration rate",
	"VAS": "visual analogue scale", "NRS": "numerical rating scale", "LOS": "length of stay",
}

// parenthesised finds bracketed text; acronymRe an abbreviation ("PFS", "HbA1c", "EQ-5D").
var (
	parenthesised = regexp.MustCompile(`\(([^()]*)\)`)
	acronymRe     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]{1,9}$`)
)

func isAcronym(s string) bool {
	if !acronymRe.MatchString(s) {
		return false
	}
	upper := 0
	for _, r := range s {
		if unicode.IsUpper(r) {
			upper++
		}
	}
	return upper >= 2
}

func newMatcher(o domain.TrialOutcome) matcher {
	var m matcher
	seen := map[string]bool{}
	addAcronym := func(a string) {
		if a != "" && !seen[a] {
			seen[a] = true
			m.acronyms = append(m.acronyms, a)
		}
	}
	for _, src := range []string{o.Measure, o.Description} {
		for _, p := range parenthesised.FindAllStringSubmatch(src, -1) {
			for _, part := range strings.FieldsFunc(p[1], func(r rune) bool { return r == ',' || r == ';' || r == '/' }) {
				if part = strings.TrimSpace(part); isAcronym(part) {
					addAcronym(part)
				}
			}
		}
	}
	head := parenthesised.ReplaceAllString(o.Measure, " ")
	for _, sep := range []string{", ", " - ", "; ", ": ", " as measured", " as assessed", " assessed by", " measured by", " using "} {
		if i := strings.Index(strings.ToLower(head), sep); i > 0 && len(contentWords(head[:i])) > 0 {
			head = head[:i]
		}
	}
	for _, f := range strings.Fields(head) {
		if isAcronym(f) && strings.ToUpper(f) == f {
			addAcronym(f)
		}
	}
	m.core = contentWords(head)
	// An abbreviation the measure spells out ("Overall Survival") is matched too.
	for abbr, words := range commonAbbreviations {
		if sameWords(contentWords(words), m.core) || seen[abbr] || containsWord(head, abbr) {
			addAcronym(abbr)
			if len(m.core) == 0 {
				m.core = contentWords(words)
			}
		}
	}
	switch n := len(m.core); {
	case n <= 2:
		m.need = n
	default:
		m.need = int(math.Ceil(float64(n) * 2 / 3))
	}
	sort.Strings(m.acronyms)
	return m
}

func sameWords(a, b []string) bool {
	if len(a) == 0 || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// match returns the outcome's words or abbreviations found in the sentence, or nil.
func (m matcher) match(sentence string) []string {
	words := map[string]bool{}
	for _, w := range tokens(sentence) {
		words[w] = true
	}
	for _, a := range m.acronyms {
		if containsWord(sentence, a) {
			return []string{a}
		}
		// "glycated haemoglobin" for a registered "HbA1c".
		if full, ok := commonAbbreviations[a]; ok {
			cw := contentWords(full)
			if all(cw, words) {
				return cw
			}
		}
	}
	if m.need == 0 {
		return nil
	}
	var found []string
	for _, w := range m.core {
		if words[w] {
			found = append(found, w)
		}
	}
	if len(found) >= m.need {
		return found
	}
	return nil
}

func all(ws []string, in map[string]bool) bool {
	for _, w := range ws {
		if !in[w] {
			return false
		}
	}
	return len(ws) > 0
}

// containsWord reports whether s holds w as a whole word, case-sensitively for
// abbreviations of two or three letters ("OS" is not "os"), otherwise case-insensitively.
func containsWord(s, w string) bool {
	hay, needle := s, w
	if len(w) > 3 {
		hay, needle = strings.ToLower(s), strings.ToLower(w)
	}
	for i := 0; ; {
		j := strings.Index(hay[i:], needle)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(needle)
		if (j == 0 || !isWordByte(hay[j-1])) && (end == len(hay) || !isWordByte(hay[end])) {
			return true
		}
		i = j + 1
	}
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// contentWords are the stemmed words of s that are not outcome filler or bare numbers.
func contentWords(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range tokens(s) {
		if outcomeFiller[w] || seen[w] || isNumber(w) {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) && r != '.' {
			return false
		}
	}
	return true
}

// letterNumber joins "CA-125" and "EQ-5D" into one token before splitting at hyphens.
var letterNumber = regexp.MustCompile(`(?i)\b([a-z]{1,4})[-‐‑](\d+[a-z]?)\b`)

// tokens lower-cases s, folds Unicode dashes, joins letter-number codes and returns the
// stemmed words.
func tokens(s string) []string {
	s = strings.ToLower(letterNumber.ReplaceAllString(s, "$1$2"))
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		out = append(out, stem(w))
	}
	return out
}

// stem folds plurals and British spellings so "hospitalisations" and "hospitalization",
// "tumours" and "tumor", "haemoglobin" and "hemoglobin" meet.
func stem(w string) string {
	for _, r := range []struct{ from, to string }{{"isation", "ization"}, {"ised", "ized"}, {"ising", "izing"}, {"aem", "em"}, {"oedem", "edem"}, {"oesoph", "esoph"}} {
		w = strings.ReplaceAll(w, r.from, r.to)
	}
	if strings.HasSuffix(w, "our") && len(w) > 5 {
		w = strings.TrimSuffix(w, "our") + "or"
	}
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}
