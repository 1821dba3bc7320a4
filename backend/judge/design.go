package judge

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
	DesignMetaAnalysis     Design = "meta_analysis"
	DesignSystematicReview Design = "systematic_review"
	DesignRCT              Design = "rct"
	DesignOtherClinical    Design = "other_clinical"
	DesignObservational    Design = "observational"
	DesignReview           Design = "review"
	DesignAnimal           Design = "animal"
	DesignInVitro          Design = "in_vitro"
	DesignUnclassified     Design = "unclassified"
)

// designOrder is the precedence used when a record carries several design signals: the
// first class found in this order wins.
var designOrder = []Design{DesignMetaAnalysis, DesignSystematicReview, DesignRCT, DesignOtherClinical, DesignObservational, DesignReview, DesignAnimal, DesignInVitro}

// Label is the human-readable name of a design, used in prompts and reports.
func (d Design) Label() string {
	switch d {
	case DesignMetaAnalysis:
		return "meta-analysis"
	case DesignSystematicReview:
		return "systematic review"
	case DesignRCT:
		return "randomised controlled trial"
	case DesignOtherClinical:
		return "other clinical study"
	case DesignObservational:
		return "observational study"
	case DesignReview:
		return "review"
	case DesignAnimal:
		return "animal study"
	case DesignInVitro:
		return "in vitro study"
	}
	return "unclassified"
}

// Human reports whether the design studies people.
func (d Design) Human() bool {
	switch d {
	case DesignMetaAnalysis, DesignSystematicReview, DesignRCT, DesignOtherClinical, DesignObservational:
		return true
	}
	return false
}

// Preclinical reports whether the design is an animal or in vitro study.
func (d Design) Preclinical() bool { return d == DesignAnimal || d == DesignInVitro }

// publicationTypes maps lower-cased PubMed/Europe PMC publication types to designs.
var publicationTypes = map[string]Design{
	"meta-analysis":                           DesignMetaAnalysis,
	"network meta-analysis":                   DesignMetaAnalysis,
	"systematic review":                       DesignSystematicReview,
	"randomized controlled trial":             DesignRCT,
	"equivalence trial":                       DesignRCT,
	"randomized controlled trial, veterinary": DesignAnimal,
	"clinical trial":                          DesignOtherClinical,
	"clinical trial, phase i":                 DesignOtherClinical,
	"clinical trial, phase ii":                DesignOtherClinical,
	"clinical trial, phase iii":               DesignOtherClinical,
	"clinical trial, phase iv":                DesignOtherClinical,
	"controlled clinical trial":               DesignOtherClinical,
	"pragmatic clinical trial":                DesignOtherClinical,
	"adaptive clinical trial":                 DesignOtherClinical,
	"clinical study":                          DesignOtherClinical,
	"multicenter study":                       DesignOtherClinical,
	"case reports":                            DesignOtherClinical,
	"observational study":                     DesignObservational,
	"twin study":                              DesignObservational,
	"review":                                  DesignReview,
	"scoping review":                          DesignReview,
	"systematic review and meta-analysis":     DesignMetaAnalysis,
}

// meshDesigns maps lower-cased MeSH descriptors (qualifiers and stars removed) to designs.
var meshDesigns = map[string]Design{
	"random allocation":       DesignRCT,
	"double-blind method":     DesignRCT,
	"single-blind method":     DesignRCT,
	"cohort studies":          DesignObservational,
	"prospective studies":     DesignObservational,
	"retrospective studies":   DesignObservational,
	"case-control studies":    DesignObservational,
	"cross-sectional studies": DesignObservational,
	"longitudinal studies":    DesignObservational,
	"follow-up studies":       DesignObservational,
	"registries":              DesignObservational,
	"mice":                    DesignAnimal,
	"mice, transgenic":        DesignAnimal,
	"mice, inbred c57bl":      DesignAnimal,
	"mice, knockout":          DesignAnimal,
	"rats":                    DesignAnimal,
	"rats, sprague-dawley":    DesignAnimal,
	"rats, wistar":            DesignAnimal,
	"disease models, animal":  DesignAnimal,
	"zebrafish":               DesignAnimal,
	"drosophila melanogaster": DesignAnimal,
	"caenorhabditis elegans":  DesignAnimal,
	"cells, cultured":         DesignInVitro,
	"cell line":               DesignInVitro,
	"cell line, tumor":        DesignInVitro,
	"in vitro techniques":     DesignInVitro,
	"cell survival":           DesignInVitro,
	"cell proliferation":      DesignInVitro,
}

// keywordDesigns classify records that carry no structured design (web pages, Europe PMC
// lite results, library imports) from their title, then from the start of their text.
var keywordDesigns = []struct {
	re *lazyre.Regexp
	d  Design
}{
	{lazyre.New(`(?i)meta-?analys[ie]s`), DesignMetaAnalysis},
	{lazyre.New(`(?i)systematic review`), DesignSystematicReview},
	{lazyre.New(`(?i)randomi[sz]ed[ ,-]+(controlled|clinical|double|single|placebo|trial|crossover|cross-over|comparative|prospective|multicent)|randomi[sz]ed trial|\bRCT\b|(were|was|being) (randomi[sz]ed|randomly (assigned|allocated|divided))|randomly (assigned|allocated) to|randomi[sz]ed (to|into|in a)\b|placebo-controlled|double-blind(ed)?`), DesignRCT},
	{lazyre.New(`(?i)\bphase (i{1,3}|iv|[1-4])\b|clinical trial|pilot study|open[- ]label|case report`), DesignOtherClinical},
	{lazyre.New(`(?i)\bcohort\b|case-control|cross-sectional|retrospective|population-based|registry|observational`), DesignObservational},
	{lazyre.New(`(?i)\b(mice|mouse|murine|rats?|zebrafish|transgenic|animal models?|rodents?)\b`), DesignAnimal},
	{lazyre.New(`(?i)in vitro|cell lines?|cultured cells|cell culture`), DesignInVitro},
	{lazyre.New(`(?i)\breview\b`), DesignReview},
}

// keywordWindow is how much of the text the keyword fallback reads.
const keywordWindow = 1200

var randomisedText = lazyre.New(`(?i)\brandomi[sz]ed\b|\brandomly assigned\b`)

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

// normalizeDesignName maps a free-form design name (an appraisal finding, a label) to a Design.
func normalizeDesignName(name string) (Design, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	n = strings.NewReplacer("_", " ", "-", " ").Replace(n)
	n = strings.Join(strings.Fields(n), " ")
	switch {
	case n == "":
		return "", false
	case strings.Contains(n, "meta analys"):
		return DesignMetaAnalysis, true
	case strings.Contains(n, "systematic"):
		return DesignSystematicReview, true
	case n == "rct" || strings.Contains(n, "randomi"):
		return DesignRCT, true
	case strings.Contains(n, "in vitro") || strings.Contains(n, "cell"):
		return DesignInVitro, true
	case strings.Contains(n, "animal") || strings.Contains(n, "preclinical"):
		return DesignAnimal, true
	case strings.Contains(n, "cohort") || strings.Contains(n, "case control") || strings.Contains(n, "cross sectional") || strings.Contains(n, "observational"):
		return DesignObservational, true
	case strings.Contains(n, "clinical") || strings.Contains(n, "trial") || strings.Contains(n, "case report") || strings.Contains(n, "case series"):
		return DesignOtherClinical, true
	case strings.Contains(n, "review"):
		return DesignReview, true
	}
	return "", false
}

// ClassifyDesign assigns one design to a piece of evidence. An appraisal's "design" finding
// wins (it was read from the full methods); then publication types and MeSH; then the
// registry record; then keywords in the title and the first part of the text.
func ClassifyDesign(ev domain.Evidence, a *domain.Appraisal) Design {
	if a != nil {
		if f, ok := a.Findings["design"]; ok && f.Value != nil {
			if d, ok := normalizeDesignName(fmt.Sprint(f.Value)); ok {
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
		d, ok := meshDesigns[meshDescriptor(m)]
		if !ok {
			continue
		}
		if (d == DesignAnimal || d == DesignInVitro) && humans && len(found) > 0 {
			continue // human clinical papers often list animal terms for background
		}
		found[d] = true
	}
	if !humans && hasMesh(c, "animals") {
		found[DesignAnimal] = true
	}
	if found[DesignAnimal] && found[DesignRCT] && !humans {
		delete(found, DesignRCT) // blinding MeSH on an animal experiment
	}
	for _, d := range designOrder {
		if found[d] {
			return d
		}
	}
	if c.Trial != nil || c.Source == domain.SourceClinicalTrials {
		if randomisedText.MatchString(ev.Content) || randomisedText.MatchString(c.Title) {
			return DesignRCT
		}
		return DesignOtherClinical
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
	return DesignUnclassified
}
