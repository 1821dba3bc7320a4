package report

import (
	"fmt"
	"strings"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
	"deepcritical/backend/studydesign"
)

// rows builds the evidence table in evidence order; row N is citation [N].
func rows(evidence []domain.Evidence, appraisals map[string]domain.Appraisal) []Row {
	out := make([]Row, 0, len(evidence))
	for i, ev := range evidence {
		c := ev.Citation
		key := ev.CanonicalKey()
		a, hasA := appraisals[key]
		row := Row{
			N: i + 1, Key: key, Source: sourceLabel(c.Source), Year: c.Year(),
			Design: DesignLabel(ev, appraisalOrNil(a, hasA)), Quality: "not appraised", RiskOfBias: "not appraised",
			Trial: trialLine(c), Title: oneLine(c.Title), URL: c.URL, Reference: Reference(ev),
			Retracted: len(c.Retractions) > 0, OffTopic: ev.IsOffTopic(),
		}
		if row.OffTopic {
			row.OffTopicReason = oneLine(ev.Topic.Reason)
		}
		if row.Year == "" {
			row.Year = "n.d."
		}
		if row.Title == "" {
			row.Title = "(untitled)"
		}
		if hasA {
			row.Quality = dimensionLabel(a, domain.DimensionQuality)
			row.RiskOfBias = dimensionLabel(a, domain.DimensionRiskOfBias)
			row.Read = TextRead(a.Document)
		}
		out = append(out, row)
	}
	return out
}

// TextRead says which text an appraisal read, in the words every report format and the
// window's cards use: "read in full" with where the text came from, "registry entry" for a
// trial appraised from its registry fields, or "abstract only".
func TextRead(d domain.Document) string {
	if d.Source == domain.FullTextRegistry {
		return ReadRegistry
	}
	if !d.FullText {
		return "abstract only"
	}
	if src := fullTextSourceLabel(d.Source); src != "" {
		return "read in full (" + src + ")"
	}
	return "read in full"
}

// ReadRegistry is TextRead's words for a registry entry: its allocation, masking and outcome
// fields were read, which is neither an abstract nor a full text.
const ReadRegistry = "registry entry"

// fullTextSourceLabel names where a full text came from.
func fullTextSourceLabel(s domain.FullTextSource) string {
	switch s {
	case domain.FullTextEuropePMC:
		return "Europe PMC"
	case domain.FullTextPMC:
		return "PMC"
	case domain.FullTextPDF:
		return "PDF"
	case domain.FullTextFile:
		return "text file"
	}
	return ""
}

func sourceLabel(s domain.Source) string {
	switch s {
	case domain.SourcePubMed:
		return "PubMed"
	case domain.SourceEuropePMC:
		return "Europe PMC"
	case domain.SourceClinicalTrials:
		return "ClinicalTrials.gov"
	case domain.SourceWeb:
		return "Web"
	case domain.SourceLibrary:
		return "Library"
	}
	return string(s)
}

// designLabels maps design values (appraisal findings) and publication types to table labels,
// strongest designs first so the first match wins.
var designLabels = []struct{ match, label string }{
	{"meta-analysis", "Meta-analysis"}, {"meta_analysis", "Meta-analysis"},
	{"systematic review", "Systematic review"}, {"systematic_review", "Systematic review"},
	{"randomized controlled trial", "RCT"}, {"rct", "RCT"},
	{"clinical trial", "Clinical trial"}, {"controlled clinical trial", "Clinical trial"},
	{"cohort", "Cohort study"}, {"case_control", "Case-control study"}, {"case-control", "Case-control study"},
	{"cross_sectional", "Cross-sectional study"}, {"cross-sectional", "Cross-sectional study"},
	{"observational study", "Observational study"},
	{"case_report", "Case report"}, {"case reports", "Case report"},
	{"animal", "Animal study"}, {"in_vitro", "In vitro study"}, {"in vitro", "In vitro study"},
	{"review", "Review"},
}

// plannedSuffix marks a registry entry with no results posted, whatever its design: "RCT"
// alone would read as a published trial.
const (
	plannedSuffix = " (registered, no results posted)"
	plannedNote   = " (no results posted)"
)

// DesignLabel is a study's design as the evidence table, every export and the window's card
// show it. The class is studydesign.Classify's, the one the judge scores by, so no two
// places name one study's design differently; it is named more finely ("Cohort study",
// "Case report") when the appraisal's finding or a publication type names a design of that
// class, and a registry entry with no results posted is marked as a plan.
func DesignLabel(ev domain.Evidence, a *domain.Appraisal) string {
	class := studydesign.Classify(ev, a)
	label := classLabel(class, ev.Citation)
	if fine := finerDesign(ev.Citation, a); fine != "" {
		if d, ok := studydesign.Normalize(fine); ok && d == class {
			label = fine
		}
	}
	return MarkPlanned(ev, label)
}

// classLabel names a design class in the table's words; a clinical study that is a registry
// entry is a registered trial, and an unclassified web page a web page.
func classLabel(d studydesign.Design, c domain.Citation) string {
	registry := c.Trial != nil || c.Source == domain.SourceClinicalTrials
	switch d {
	case studydesign.MetaAnalysis:
		return "Meta-analysis"
	case studydesign.SystematicReview:
		return "Systematic review"
	case studydesign.RCT:
		return "RCT"
	case studydesign.OtherClinical:
		if registry {
			return "Registered trial"
		}
		return "Clinical study"
	case studydesign.Observational:
		return "Observational study"
	case studydesign.Review:
		return "Review"
	case studydesign.Animal:
		return "Animal study"
	case studydesign.InVitro:
		return "In vitro study"
	}
	if c.Source == domain.SourceWeb {
		return "Web page"
	}
	return "Unclassified"
}

// MarkPlanned adds to a design label that the item is a registry entry with no results
// posted, so the report's table and the window's card say it the same way.
func MarkPlanned(ev domain.Evidence, label string) string {
	switch {
	case !ev.IsPlannedTrial():
		return label
	case label == "Registered trial":
		return label + plannedNote
	}
	return label + plannedSuffix
}

// finerDesign is the design the appraisal's finding or the strongest publication type
// names, in the table's words ("Cohort study"); "" when neither names one.
func finerDesign(c domain.Citation, a *domain.Appraisal) string {
	if a != nil {
		if f, ok := a.Findings["design"]; ok {
			if v, ok := f.Value.(string); ok && v != "" && v != "unclear" && v != "other" {
				if l := matchDesign(v); l != "" {
					return l
				}
			}
		}
	}
	for _, want := range designLabels {
		for _, pt := range c.PublicationTypes {
			if strings.Contains(strings.ToLower(pt), want.match) {
				return want.label
			}
		}
	}
	return ""
}

func matchDesign(v string) string {
	v = strings.ToLower(v)
	for _, d := range designLabels {
		if v == d.match || strings.Contains(v, d.match) {
			return d.label
		}
	}
	return ""
}

func dimensionLabel(a domain.Appraisal, name domain.DimensionName) string {
	for _, d := range a.Dimensions {
		if d.Name != name {
			continue
		}
		if d.Status != domain.StatusAssessed {
			return "not assessed: " + NotAssessedReason(d.Error)
		}
		return fmt.Sprintf("%.1f/10", d.Score)
	}
	return "not assessed: no appraisal"
}

// NotAssessedReason says in a few words why a dimension has no score, from the
// appraiser's reason: not a trial (the rubric scores primary studies), no abstract (too
// little text), nothing reported to score, appraisal failed with the error, or the
// appraiser's own words shortened. The same
// words are on the window's evidence cards.
func NotAssessedReason(reason string) string {
	low := strings.ToLower(reason)
	switch {
	case strings.Contains(low, "rubric scores primary studies") || strings.Contains(low, "not a trial"):
		return "not a trial"
	case strings.Contains(low, "not enough text"):
		// The reason is "fewer than 40 words of abstract or full text": a short abstract
		// (which the report may still quote) as often as none.
		return "too little text"
	case strings.Contains(low, "no abstract"):
		return "no abstract"
	case strings.Contains(low, "nothing to score"):
		return "nothing reported to score"
	case strings.TrimSpace(reason) == "":
		return "no reason recorded"
	}
	short := strings.TrimSpace(reason)
	failed := strings.HasPrefix(low, "llm assessment failed:") || strings.Contains(low, "failed") || strings.Contains(low, "timed out") || strings.Contains(low, "error")
	if strings.HasPrefix(low, "llm assessment failed:") {
		short = strings.TrimSpace(short[len("LLM assessment failed:"):])
	}
	if r := []rune(short); len(r) > 60 {
		short = string(r[:59]) + "…"
	}
	if failed {
		return "appraisal failed: " + short
	}
	return short
}

// trialLine shows registry facts: the NCT id with phase, status and enrolment for trials,
// or the registry numbers a paper reports.
func trialLine(c domain.Citation) string {
	var parts []string
	if c.NCTID != "" {
		parts = append(parts, c.NCTID)
	}
	if t := c.Trial; t != nil {
		if t.Phase != "" {
			parts = append(parts, t.Phase)
		}
		if t.Status != "" {
			parts = append(parts, t.Status)
		}
		if t.Enrollment > 0 {
			parts = append(parts, fmt.Sprintf("n=%d", t.Enrollment))
		}
	}
	for _, r := range c.Registry {
		if r != c.NCTID {
			parts = append(parts, r)
		}
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, " · ")
}

// Reference formats a citation in a compact Vancouver-like style: up to three authors then
// "et al.", title, journal, year and identifiers.
func Reference(ev domain.Evidence) string {
	c := ev.Citation
	var b strings.Builder
	if n := len(c.Authors); n > 0 {
		authors := c.Authors
		if n > 3 {
			authors = authors[:3]
		}
		names := make([]string, len(authors))
		for i, a := range authors {
			names[i] = citeformat.VancouverAuthor(a)
		}
		b.WriteString(strings.Join(names, ", "))
		if n > 3 {
			b.WriteString(", et al")
		}
		b.WriteString(". ")
	}
	title := oneLine(c.Title)
	if title == "" {
		title = "(untitled)"
	}
	b.WriteString(strings.TrimRight(title, "."))
	b.WriteString(".")
	if c.Journal != "" {
		b.WriteString(" " + oneLine(c.Journal) + ".")
	}
	// Vancouver's "Year;Volume(Issue):Pages." so a reader can find the paper in print.
	var loc string
	if y := c.Year(); y != "" {
		loc = y
	}
	if v := oneLine(c.Volume); v != "" {
		loc += ";" + v
	}
	if is := oneLine(c.Issue); is != "" {
		loc += "(" + is + ")"
	}
	if p := citeformat.ExpandPages(c.Pages); p != "" {
		loc += ":" + p
	}
	if loc = strings.TrimPrefix(loc, ";"); loc != "" {
		b.WriteString(" " + loc + ".")
	}
	if ids := c.ReferenceIDs("doi:"); len(ids) > 0 {
		b.WriteString(" " + strings.Join(ids, "; ") + ".")
	}
	if len(c.Retractions) > 0 {
		b.WriteString(" RETRACTION NOTICE: " + oneLine(strings.Join(c.Retractions, "; ")) + ".")
	}
	return b.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// appraisalOrNil is the appraisal when there is one.
func appraisalOrNil(a domain.Appraisal, ok bool) *domain.Appraisal {
	if !ok {
		return nil
	}
	return &a
}
