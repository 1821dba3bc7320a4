// Package studydesign names a study's design once, for the judge's scores, the report's
// evidence table and the window's cards alike: an appraisal's design finding, then
// publication types and MeSH, then the registry record, then words at the start of the text.
package studydesign

import (
	"fmt"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/lazyre"
)

// Design is a study design class of the heuristic pre-analysis. The string values are the
// keys of Heuristics.DesignCounts.
type Design string

// The design classes, strongest clinical evidence first.
const (
	MetaAnalysis     Design = "meta_analysis"
	SystematicReview Design = "systematic_review"
	RCT              Design = "rct"
	OtherClinical    Design = "other_clinical"
	Observational    Design = "observational"
	Review           Design = "review"
	Animal           Design = "animal"
	InVitro          Design = "in_vitro"
	Unclassified     Design = "unclassified"
)

// Order is the precedence used when a record carries several design signals: the
// first class found in this order wins.
var Order = []Design{MetaAnalysis, SystematicReview, RCT, OtherClinical, Observational, Review, Animal, InVitro}

// Label is the human-readable name of a design, used in prompts and reports.
func (d Design) Label() string {
	switch d {
	case MetaAnalysis:
		return "meta-analysis"
	case SystematicReview:
		return "systematic review"
	case RCT:
		return "randomised controlled trial"
	case OtherClinical:
		return "other clinical study"
	case Observational:
		return "observational study"
	case Review:
		return "review"
	case Animal:
		return "animal study"
	case InVitro:
		return "in vitro study"
	}
	return "unclassified"
}

// Human reports whether the design studies people.
func (d Design) Human() bool {
	switch d {
	case MetaAnalysis, SystematicReview, RCT, OtherClinical, Observational:
		return true
	}
	return false
}

// Preclinical reports whether the design is an animal or in vitro study.
func (d Design) Preclinical() bool { return d == Animal || d == InVitro }

// publicationTypes maps lower-cased PubMed/Europe PMC publication types to designs.
var publicationTypes = map[string]Design{
	"meta-analysis":                           MetaAnalysis,
	"network meta-analysis":                   MetaAnalysis,
	"systematic review":                       SystematicReview,
	"randomized controlled trial":             RCT,
	"equivalence trial":                       RCT,
	"randomized controlled trial, veterinary": Animal,
	"clinical trial":                          OtherClinical,
	"clinical trial, phase i":                 OtherClinical,
	"clinical trial, phase ii":                OtherClinical,
	"clinical trial, phase iii":               OtherClinical,
	"clinical trial, phase iv":                OtherClinical,
	"controlled clinical trial":               OtherClinical,
	"pragmatic clinical trial":                OtherClinical,
	"adaptive clinical trial":                 OtherClinical,
	"clinical study":                          OtherClinical,
	"multicenter study":                       OtherClinical,
	"case reports":                            OtherClinical,
	"observational study":                     Observational,
	"twin study":                              Observational,
	"review":                                  Review,
	"scoping review":                          Review,
	"systematic review and meta-analysis":     MetaAnalysis,
}

// meshDesigns maps lower-cased MeSH descriptors (qualifiers and stars removed) to designs.
var meshDesigns = map[string]Design{
	"random allocation":       RCT,
	"double-blind method":     RCT,
	"single-blind method":     RCT,
	"cohort studies":          Observational,
	"prospective studies":     Observational,
	"retrospective studies":   Observational,
	"case-control studies":    Observational,
	"cross-sectional studies": Observational,
	"longitudinal studies":    Observational,
	"follow-up studies":       Observational,
	"registries":              Observational,
	"mice":                    Animal,
	"mice, transgenic":        Animal,
	"mice, inbred c57bl":      Animal,
	"mice, knockout":          Animal,
	"rats":                    Animal,
	"rats, sprague-dawley":    Animal,
	"rats, wistar":            Animal,
	"disease models, animal":  Animal,
	"zebrafish":               Animal,
	"drosophila melanogaster": Animal,
	"caenorhabditis elegans":  Animal,
	"cells, cultured":         InVitro,
	"cell line":               InVitro,
	"cell line, tumor":        InVitro,
	"in vitro techniques":     InVitro,
	"cell survival":           InVitro,
	"cell proliferation":      InVitro,
}

// keywordDesigns classify records that carry no structured design (web pages, Europe PMC
// lite results, library imports) from their title, then from the start of their text.
var keywordDesigns = []struct {
	re *lazyre.Regexp
	d  Design
}{
	{lazyre.New(`(?i)meta-?analys[ie]s`), MetaAnalysis},
	{lazyre.New(`(?i)systematic review`), SystematicReview},
	{lazyre.New(`(?i)randomi[sz]ed[ ,-]+(controlled|clinical|double|single|placebo|trial|crossover|cross-over|comparative|prospective|multicent)|randomi[sz]ed trial|\bRCT\b|(were|was|being) (randomi[sz]ed|randomly (assigned|allocated|divided))|randomly (assigned|allocated) to|randomi[sz]ed (to|into|in a)\b|placebo-controlled|double-blind(ed)?`), RCT},
	{lazyre.New(`(?i)\bphase (i{1,3}|iv|[1-4])\b|clinical trial|pilot study|open[- ]label|case report`), OtherClinical},
	{lazyre.New(`(?i)\bcohort\b|case-control|cross-sectional|retrospective|population-based|registry|observational`), Observational},
	{lazyre.New(`(?i)\b(mice|mouse|murine|rats?|zebrafish|transgenic|animal models?|rodents?)\b`), Animal},
	{lazyre.New(`(?i)in vitro|cell lines?|cultured cells|cell culture`), InVitro},
	{lazyre.New(`(?i)\breview\b`), Review},
}

// keywordWindow is how much of the text the keyword fallback reads.
const keywordWindow = 1200

// randomisedText is a randomised assignment in words: "randomised", "randomly assigned",
// "randomly allocated".
var randomisedText = lazyre.New(`(?i)\brandomi[sz]ed\b|\brandomly (assigned|allocated)\b`)

// meshDescriptor strips qualifiers ("Metformin/pharmacology") and major-topic stars.
func meshDescriptor(term string) string {
	t := strings.ToLower(strings.TrimSpace(term))
	if i := strings.Index(t, "/"); i >= 0 {
		t = t[:i]
	}
	return strings.TrimSpace(strings.Trim(t, "*"))
}

func hasMesh(c domain.Citation, descriptor string) bool {
	for _, m := range c.MeshTerms {
		if meshDescriptor(m) == descriptor {
			return true
		}
	}
	return false
}

// Normalize maps a free-form design name (an appraisal finding, a label) to a Design.
func Normalize(name string) (Design, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	n = strings.NewReplacer("_", " ", "-", " ").Replace(n)
	n = strings.Join(strings.Fields(n), " ")
	switch {
	case n == "":
		return "", false
	case strings.Contains(n, "meta analys"):
		return MetaAnalysis, true
	case strings.Contains(n, "systematic"):
		return SystematicReview, true
	case n == "rct" || strings.Contains(n, "randomi"):
		return RCT, true
	case strings.Contains(n, "in vitro") || strings.Contains(n, "cell"):
		return InVitro, true
	case strings.Contains(n, "animal") || strings.Contains(n, "preclinical"):
		return Animal, true
	case strings.Contains(n, "cohort") || strings.Contains(n, "case control") || strings.Contains(n, "cross sectional") || strings.Contains(n, "observational"):
		return Observational, true
	case strings.Contains(n, "clinical") || strings.Contains(n, "trial") || strings.Contains(n, "case report") || strings.Contains(n, "case series"):
		return OtherClinical, true
	case strings.Contains(n, "review"):
		return Review, true
	}
	return "", false
}

// Classify assigns one design to a piece of evidence. An appraisal's "design" finding
// wins (it was read from the full methods); then publication types and MeSH; then the
// registry record; then keywords in the title and the first part of the text.
func Classify(ev domain.Evidence, a *domain.Appraisal) Design {
	if a != nil {
		if f, ok := a.Findings["design"]; ok && f.Value != nil {
			if d, ok := Normalize(fmt.Sprint(f.Value)); ok {
				return d
			}
		}
	}
	c := ev.Citation
	found := map[Design]bool{}
	for _, pt := range c.PublicationTypes {
		if d, ok := publicationTypes[strings.ToLower(strings.TrimSpace(pt))]; ok {
			found[d] = true
		}
	}
	humans := hasMesh(c, "humans")
	for _, m := range c.MeshTerms {
		desc := meshDescriptor(m)
		d, ok := meshDesigns[desc]
		if !ok {
			continue
		}
		if desc == "random allocation" && !randomisedText.MatchString(c.Title+"\n"+ev.Content) {
			// Indexers also give "Random Allocation" to random sampling ("10 randomly
			// selected maternity units" of a prospective survey): without a randomised
			// assignment in the text it says nothing of the design.
			continue
		}
		if (d == Animal || d == InVitro) && humans && len(found) > 0 {
			continue // human clinical papers often list animal terms for background
		}
		found[d] = true
	}
	if !humans && hasMesh(c, "animals") {
		found[Animal] = true
	}
	if found[Animal] && found[RCT] && !humans {
		delete(found, RCT) // blinding MeSH on an animal experiment
	}
	for _, d := range Order {
		if found[d] {
			return d
		}
	}
	if c.Trial != nil || c.Source == domain.SourceClinicalTrials {
		if randomisedText.MatchString(ev.Content) || randomisedText.MatchString(c.Title) {
			return RCT
		}
		return OtherClinical
	}
	// Only the start of the text: the background of an observational paper often mentions
	// other people's trials, and methods come early in an abstract.
	head := ev.Content
	if len(head) > keywordWindow {
		head = head[:keywordWindow]
	}
	for _, text := range []string{c.Title, head} {
		for _, k := range keywordDesigns {
			if k.re.MatchString(text) {
				return k.d
			}
		}
	}
	return Unclassified
}
