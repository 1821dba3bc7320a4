package domain

import (
	"iter"
	"net/url"
	"regexp"
	"strings"
	"unicode"
)

// Source names where a piece of evidence came from.
type Source string

// The sources a run can search.
const (
	SourcePubMed         Source = "pubmed"
	SourceEuropePMC      Source = "europepmc"
	SourceClinicalTrials Source = "clinicaltrials"
	SourceWeb            Source = "web"
	SourceLibrary        Source = "library"
)

// AllSources lists every source in a stable order.
var AllSources = []Source{SourcePubMed, SourceEuropePMC, SourceClinicalTrials, SourceWeb, SourceLibrary}

// Valid reports whether s is a known source.
func (s Source) Valid() bool {
	for _, k := range AllSources {
		if s == k {
			return true
		}
	}
	return false
}

// ParseSources parses a comma-separated list of source names, rejecting unknown ones.
func ParseSources(list string) ([]Source, error) {
	var out []Source
	seen := map[Source]bool{}
	for _, part := range strings.Split(list, ",") {
		name := Source(strings.ToLower(strings.TrimSpace(part)))
		if name == "" {
			continue
		}
		if !name.Valid() {
			return nil, Errorf(CodeInvalid, "unknown source %q (allowed: pubmed, europepmc, clinicaltrials, web, library)", string(name))
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		return nil, Errorf(CodeInvalid, "no sources given (allowed: pubmed, europepmc, clinicaltrials, web, library)")
	}
	return out, nil
}

// JoinSources writes sources as a list of names separated by sep, as ParseSources reads
// them back (with "," or ", ").
func JoinSources(sources []Source, sep string) string {
	names := make([]string, len(sources))
	for i, s := range sources {
		names[i] = string(s)
	}
	return strings.Join(names, sep)
}

// Section is one labelled part of a structured abstract ("BACKGROUND", "METHODS", ...).
type Section struct {
	Label string `json:"label,omitempty"`
	Text  string `json:"text"`
}

// SectionsText renders abstract sections the way Evidence.Content holds them and the judge
// reads them: one "LABEL: text" line per labelled section, unlabelled text as it is. A
// section with neither label nor text adds no line. Every source and importer renders
// sections through this one function, so the same abstract reads the same wherever it
// came from.
func SectionsText(sections []Section) string {
	var b strings.Builder
	for _, s := range sections {
		if s.Label == "" && s.Text == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		if s.Label != "" {
			b.WriteString(s.Label)
			b.WriteString(": ")
		}
		b.WriteString(s.Text)
	}
	return b.String()
}

// inlineLabel is a structured abstract's heading written into its text, as MEDLINE's flat
// format, RIS and BibTeX abstracts and some Europe PMC records carry it ("BACKGROUND: …
// METHODS: … CONCLUSIONS: …"): a capitalised word or phrase and a colon, at the start of
// the text or of a sentence.
var inlineLabel = regexp.MustCompile(`(?:^|[.?!)\]]\s+)([A-Z][A-Z&/,\- ]{2,48}[A-Z]):\s`)

// lineHeading is a structured abstract's heading on a line of its own, as a PDF or a
// plain-text import gives it ("Conclusions", "Methods and Results:"); lineKeywords is the
// keywords line that closes many abstracts ("Keywords: stent, antiplatelet").
var (
	lineHeading  = regexp.MustCompile(`(?i)^(abstract|summary|background|introduction|context|rationale|objectives?|aims?(?: and objectives?)?|purpose|hypothes[ie]s|methods?|materials? and methods|methods and (?:materials|results)|patients and methods|study design|design|setting|participants|patients|subjects|interventions?|measurements?|main outcome measures?|outcomes?|results?|findings|conclusions?(?: and relevance)?|interpretation|discussion|significance|implications|limitations|trial registration|registration|funding)\s*:?$`)
	lineKeywords = regexp.MustCompile(`(?i)^(key ?words?)\s*:\s*(.+)$`)
)

// Structured returns an abstract's sections with its headings made labels, whether the
// source labelled them, wrote them into the text ("BACKGROUND: … CONCLUSIONS: …", as
// MEDLINE's flat format and RIS or BibTeX imports do) or put each on a line of its own (a
// PDF's abstract). A single unlabelled section is split when it holds at least two
// headings (inline ones must open the text); anything else is returned as it is. So a
// conclusions section is found however the abstract came.
func Structured(sections []Section) []Section {
	if len(sections) != 1 || sections[0].Label != "" {
		return sections
	}
	text := sections[0].Text
	if out := byLineHeadings(text); out != nil {
		return out
	}
	ms := inlineLabel.FindAllStringSubmatchIndex(text, -1)
	if len(ms) < 2 || ms[0][2] != 0 {
		return sections
	}
	out := make([]Section, 0, len(ms))
	for i, m := range ms {
		end := len(text)
		if i+1 < len(ms) {
			end = ms[i+1][2]
		}
		body := strings.TrimSpace(text[m[1]:end])
		out = append(out, Section{Label: text[m[2]:m[3]], Text: body})
	}
	return out
}

// StructuredAbstract is Structured over a record's sections, or over its content when the
// source gave none.
func StructuredAbstract(sections []Section, content string) []Section {
	if len(sections) == 0 && strings.TrimSpace(content) != "" {
		sections = []Section{{Text: content}}
	}
	return Structured(sections)
}

// byLineHeadings splits text at headings on lines of their own; nil when it has fewer than
// two. Text before the first heading is an unlabelled section; a heading with no text
// under it ("Abstract" above "Aims") is dropped.
func byLineHeadings(text string) []Section {
	if !strings.Contains(text, "\n") {
		return nil
	}
	var (
		out      []Section
		label    string
		body     []string
		headings int
	)
	flush := func() {
		if t := strings.Join(strings.Fields(strings.Join(body, " ")), " "); t != "" {
			out = append(out, Section{Label: label, Text: t})
		}
		body = body[:0]
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if m := lineHeading.FindStringSubmatch(line); m != nil {
			flush()
			label, headings = strings.ToUpper(m[1]), headings+1
			continue
		}
		if m := lineKeywords.FindStringSubmatch(line); m != nil {
			flush()
			label = "KEYWORDS"
			body = append(body, m[2])
			flush()
			label = ""
			continue
		}
		body = append(body, line)
	}
	flush()
	if headings < 2 {
		return nil
	}
	return out
}

// RegistryNumbers returns rns, or nil when every entry is empty: ChemicalRNs runs index for
// index with Chemicals, so a record whose source gave no registry number at all keeps the
// field absent rather than a row of blanks.
func RegistryNumbers(rns []string) []string {
	for _, rn := range rns {
		if rn != "" {
			return rns
		}
	}
	return nil
}

// Intervention is a ClinicalTrials.gov intervention with its type (DRUG, BIOLOGICAL, ...).
type Intervention struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

// Trial carries the registry facts of a clinical trial that the judge, the appraiser and
// the report use. A ClinicalTrials.gov record is a study, not an article: its design
// fields (allocation, masking and who was masked, enrollment, registered outcomes, status,
// results) are what it is appraised from, so they are kept typed, with the values the
// registry uses (RANDOMIZED, DOUBLE, PARTICIPANT, COMPLETED…), rather than only as text.
type Trial struct {
	Phase          string         `json:"phase,omitempty"`
	Status         string         `json:"status,omitempty"`
	Enrollment     int            `json:"enrollment,omitempty"`
	Conditions     []string       `json:"conditions,omitempty"`
	Interventions  []Intervention `json:"interventions,omitempty"`
	StartDate      string         `json:"start_date,omitempty"`
	CompletionDate string         `json:"completion_date,omitempty"`
	HasResults     bool           `json:"has_results,omitempty"`

	// StudyType is INTERVENTIONAL, OBSERVATIONAL or EXPANDED_ACCESS.
	StudyType string `json:"study_type,omitempty"`
	// Allocation is RANDOMIZED, NON_RANDOMIZED or NA (a single-group study).
	Allocation        string `json:"allocation,omitempty"`
	InterventionModel string `json:"intervention_model,omitempty"`
	PrimaryPurpose    string `json:"primary_purpose,omitempty"`
	// ObservationalModel (COHORT, CASE_CONTROL, …) and TimePerspective (PROSPECTIVE,
	// RETROSPECTIVE, CROSS_SECTIONAL) describe an observational study.
	ObservationalModel string `json:"observational_model,omitempty"`
	TimePerspective    string `json:"time_perspective,omitempty"`
	// Masking is NONE, SINGLE, DOUBLE, TRIPLE or QUADRUPLE; WhoMasked lists PARTICIPANT,
	// CARE_PROVIDER, INVESTIGATOR and OUTCOMES_ASSESSOR.
	Masking   string   `json:"masking,omitempty"`
	WhoMasked []string `json:"who_masked,omitempty"`
	// EnrollmentType is ACTUAL (the number enrolled) or ESTIMATED (the number planned).
	EnrollmentType    string         `json:"enrollment_type,omitempty"`
	PrimaryOutcomes   []TrialOutcome `json:"primary_outcomes,omitempty"`
	SecondaryOutcomes []TrialOutcome `json:"secondary_outcomes,omitempty"`
	WhyStopped        string         `json:"why_stopped,omitempty"`
	// FirstSubmitted is when the record was first submitted to the registry: before
	// StartDate the trial was registered prospectively.
	FirstSubmitted string `json:"first_submitted,omitempty"`
	// ResultsFirstPosted is when results were first posted on the registry.
	ResultsFirstPosted string `json:"results_first_posted,omitempty"`
}

// TrialOutcome is one registered outcome measure.
type TrialOutcome struct {
	Measure     string `json:"measure"`
	TimeFrame   string `json:"time_frame,omitempty"`
	Description string `json:"description,omitempty"`
}

// Citation identifies a piece of evidence and carries the structured metadata parsed from
// its source. The seed's fields come first; the rest are additions the judge, appraiser and
// exports need.
type Citation struct {
	Source           Source   `json:"source"`
	ID               string   `json:"id"`
	Title            string   `json:"title"`
	URL              string   `json:"url"`
	Date             string   `json:"date"`
	Authors          []string `json:"authors"`
	Journal          string   `json:"journal,omitempty"`
	DOI              string   `json:"doi,omitempty"`
	PMID             string   `json:"pmid,omitempty"`
	PMCID            string   `json:"pmcid,omitempty"`
	NCTID            string   `json:"nct_id,omitempty"`
	PublicationTypes []string `json:"publication_types,omitempty"`
	MeshTerms        []string `json:"mesh_terms,omitempty"`
	Chemicals        []string `json:"chemicals,omitempty"`
	// ChemicalRNs are the registry numbers of Chemicals, index for index ("" when the
	// source gave none): a UNII or CAS number names one substance, "EC …" an enzyme and
	// "0" a class or group, which is how the judge tells drugs from targets and classes.
	ChemicalRNs []string `json:"chemical_rns,omitempty"`
	// MeshQualifiers are the record's MeSH headings with their subheadings, one
	// "Descriptor/qualifier" pair each ("Metformin/therapeutic use", "Neurons/drug effects"):
	// they say whether a chemical was given or only measured, and what kind of study the
	// indexers saw.
	MeshQualifiers []string  `json:"mesh_qualifiers,omitempty"`
	Sections       []Section `json:"sections,omitempty"`
	Registry       []string  `json:"registry_ids,omitempty"`
	Retractions    []string  `json:"retraction_notices,omitempty"`
	Trial          *Trial    `json:"trial,omitempty"`
	CitationCount  int       `json:"citation_count,omitempty"`
	OpenAccess     bool      `json:"open_access,omitempty"`
	FullTextURLs   []string  `json:"full_text_urls,omitempty"`
	Volume         string    `json:"volume,omitempty"`
	Issue          string    `json:"issue,omitempty"`
	Pages          string    `json:"pages,omitempty"`
	ISSN           string    `json:"issn,omitempty"`
	Keywords       []string  `json:"keywords,omitempty"`
	// Notes are lines a reference export adds to the record's note field (DeepCritical's
	// appraisal summary); never filled by a source.
	Notes []string `json:"notes,omitempty"`
}

// Evidence is a piece of retrieved text with its citation and a relevance in [0,1].
// Relevance is the source's own rank signal; Topic is how well the evidence matches the
// question's concepts, set once per run by the relevance scorer (nil: not scored yet).
type Evidence struct {
	Content   string   `json:"content"`
	Citation  Citation `json:"citation"`
	Relevance float64  `json:"relevance"`
	Topic     *Topic   `json:"topic,omitempty"`
}

// Topic is a piece of evidence's relevance to the question's concepts. Off-topic evidence
// is kept and shown (with Reason) but never feeds the judge's scores, findings,
// candidates or sufficiency.
type Topic struct {
	Score    float64 `json:"score"`
	OffTopic bool    `json:"off_topic"`
	Reason   string  `json:"reason,omitempty"`
}

// IsOffTopic reports whether the evidence was scored and found off-topic; unscored
// evidence counts as on-topic.
func (e Evidence) IsOffTopic() bool { return e.Topic != nil && e.Topic.OffTopic }

var (
	doiPrefix = regexp.MustCompile(`(?i)^(https?://(dx\.)?doi\.org/|doi:\s*)`)
	pmcPrefix = regexp.MustCompile(`(?i)^pmc`)
)

// StripDOIResolver removes a resolver prefix (https://doi.org/, http://dx.doi.org/, doi:)
// and surrounding space from a DOI, keeping its case. It is the one list of DOI prefixes:
// deduplication (NormalizeDOI) and the citation-file readers (citeformat) both use it.
func StripDOIResolver(doi string) string {
	return strings.TrimSpace(doiPrefix.ReplaceAllString(strings.TrimSpace(doi), ""))
}

// NormalizeDOI lower-cases a DOI and strips resolver prefixes, since DOIs are case-insensitive.
func NormalizeDOI(doi string) string {
	return strings.ToLower(StripDOIResolver(doi))
}

// NormalizeURL canonicalises a URL for deduplication: lower-case scheme and host, no
// fragment, no trailing slash, http and https treated alike.
func NormalizeURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return strings.ToLower(strings.TrimSpace(raw))
	}
	host := strings.TrimPrefix(strings.ToLower(u.Host), "www.")
	path := strings.TrimRight(u.Path, "/")
	key := host + path
	if u.RawQuery != "" {
		key += "?" + u.RawQuery
	}
	return key
}

// Identifiers lists every key a citation can be matched by, strongest first: PMID, DOI,
// NCT id, PMCID. Without any of them it falls back to the normalised URL, then the
// normalised title (one key); a citation with none of these has no identifiers. It is the
// one identifier list: CanonicalKey is its first entry, and the search fan-out merges two
// records that share any entry.
func (c Citation) Identifiers() []string {
	var ids []string
	if p := strings.TrimSpace(c.PMID); p != "" {
		ids = append(ids, "pmid:"+p)
	}
	if d := NormalizeDOI(c.DOI); d != "" {
		ids = append(ids, "doi:"+d)
	}
	if n := strings.TrimSpace(c.NCTID); n != "" {
		ids = append(ids, "nct:"+strings.ToUpper(n))
	}
	if p := strings.TrimSpace(c.PMCID); p != "" {
		ids = append(ids, "pmcid:"+strings.ToUpper(pmcPrefix.ReplaceAllString(p, "PMC")))
	}
	if len(ids) > 0 {
		return ids
	}
	switch {
	case strings.TrimSpace(c.URL) != "":
		return []string{"url:" + NormalizeURL(c.URL)}
	case strings.TrimSpace(c.Title) != "":
		key := "title:" + titleKey(c.Title)
		if legacy := "title:" + strings.ToLower(strings.Join(strings.Fields(c.Title), " ")); legacy != key {
			// The key records stored before titles were folded this far are under.
			return []string{key, legacy}
		}
		return []string{key}
	}
	return nil
}

// titleKey folds a title to what one paper's title has however a source writes it: case,
// punctuation ("… a cohort study." and "…: A COHORT STUDY") and "versus" against "vs." —
// a reference manager's export and a PDF's first page print one paper's title these ways.
func titleKey(t string) string {
	ws := strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range ws {
		if w == "versus" {
			ws[i] = "vs"
		}
	}
	return strings.Join(ws, " ")
}

// ReferenceIDs lists the identifiers a reader looks the paper up by, in the order a
// reference prints them: "PMID n", the PMCID, the DOI after doiLabel (Vancouver's "doi:", a
// prompt's "DOI "), the NCT id. Identifiers is the list for matching; this one is for reading,
// so values stay as the source gave them.
func (c Citation) ReferenceIDs(doiLabel string) []string {
	var ids []string
	if c.PMID != "" {
		ids = append(ids, "PMID "+c.PMID)
	}
	if c.PMCID != "" {
		ids = append(ids, c.PMCID)
	}
	if c.DOI != "" {
		ids = append(ids, doiLabel+c.DOI)
	}
	if c.NCTID != "" {
		ids = append(ids, c.NCTID)
	}
	return ids
}

// CanonicalKey is the deduplication key: the first of Identifiers (PMID, DOI, NCT id,
// PMCID, normalised URL, normalised title), "" when there is none. The same paper found
// through two sources has one key.
func (c Citation) CanonicalKey() string {
	if ids := c.Identifiers(); len(ids) > 0 {
		return ids[0]
	}
	return ""
}

// CanonicalKey of an evidence item is its citation's key.
func (e Evidence) CanonicalKey() string { return e.Citation.CanonicalKey() }

// EachPaper yields each paper in evs once, with its canonical key, in order: the first copy
// stands for the paper and evidence without a key is passed over.
func EachPaper(evs []Evidence) iter.Seq2[string, Evidence] {
	return func(yield func(string, Evidence) bool) {
		seen := map[string]bool{}
		for _, ev := range evs {
			key := ev.CanonicalKey()
			if key == "" || seen[key] {
				continue
			}
			seen[key] = true
			if !yield(key, ev) {
				return
			}
		}
	}
}

// Year returns the four-digit year at the start of the citation date, or "".
func (c Citation) Year() string {
	d := strings.TrimSpace(c.Date)
	if len(d) >= 4 {
		y := d[:4]
		for _, r := range y {
			if r < '0' || r > '9' {
				return ""
			}
		}
		return y
	}
	return ""
}

// Validate checks the evidence has what every consumer relies on.
func (e Evidence) Validate() error {
	if !e.Citation.Source.Valid() {
		return Errorf(CodeInvalid, "evidence: unknown source %q", string(e.Citation.Source))
	}
	if strings.TrimSpace(e.Citation.Title) == "" && strings.TrimSpace(e.Content) == "" {
		return Errorf(CodeInvalid, "evidence: title and content are both empty")
	}
	if e.Relevance < 0 || e.Relevance > 1 {
		return Errorf(CodeInvalid, "evidence: relevance must be between 0 and 1, got %g", e.Relevance)
	}
	return nil
}

// SearchError is one source's failure, reported beside the other sources' results.
type SearchError struct {
	Source Source `json:"source"`
	Error  string `json:"error"`
	// Warning marks a notice, not a failure (a phrase PubMed did not recognise, records
	// dropped for having no text): the source answered and its evidence is kept.
	Warning bool `json:"warning,omitempty"`
}

// searchWarningLabel starts the text of a warning, so a reader of the plain text (the
// terminal, a log) tells it from a failure.
const searchWarningLabel = "warning: "

// SearchWarning is a notice from src.
func SearchWarning(src Source, text string) SearchError {
	return SearchError{Source: src, Error: searchWarningLabel + text, Warning: true}
}

// IsWarning says whether e is a notice rather than a failure. Runs stored before the
// Warning field existed marked a warning only by its text's label, so that is read too.
func (e SearchError) IsWarning() bool {
	return e.Warning || strings.HasPrefix(e.Error, searchWarningLabel)
}

// Message is e's text without the warning label.
func (e SearchError) Message() string { return strings.TrimPrefix(e.Error, searchWarningLabel) }

// Said is the one rendering of a source's failure: the source named once ("pubmed: cannot
// connect …", never "pubmed: pubmed: cannot connect …"), however many layers prefixed it.
func (e SearchError) Said() string {
	msg := WithoutSource(e.Source, e.Message())
	if e.Source == "" {
		return msg
	}
	return string(e.Source) + ": " + msg
}

// WithoutSource is msg without the "<source>: " prefixes the layers of a source's client put
// on it, for a line that already names the source ("PubMed FAILED …: cannot connect").
func WithoutSource(src Source, msg string) string {
	prefix := string(src) + ": "
	for src != "" && strings.HasPrefix(msg, prefix) {
		msg = strings.TrimPrefix(msg, prefix)
	}
	return msg
}

// SearchResult is the seed's SearchResult: what a search over several sources found.
type SearchResult struct {
	Query           string        `json:"query"`
	Evidence        []Evidence    `json:"evidence"`
	SourcesSearched []Source      `json:"sources_searched"`
	Errors          []SearchError `json:"errors"`
	TotalFound      int           `json:"total_found"`
	// Queries lists every query each source actually sent, with hit counts and relaxations.
	Queries []QueryEvent `json:"queries,omitempty"`
}
