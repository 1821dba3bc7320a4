package appraisal

import (
	"fmt"
	"math"
	"strings"

	"deepcritical/backend/domain"
)

// Component is one scored component of a dimension and its maximum (its weight).
type Component struct {
	Name string  `json:"name"`
	Max  float64 `json:"max"`
}

// Weights are the component maxima of both dimensions (defaults in DefaultWeights, configurable
// in settings). A dimension's score is the sum of its contributions rescaled to 0–10 by
// 10 ÷ the sum of its maxima, so custom weights need not add up to 10.
type Weights struct {
	Quality    []Component `json:"methodological_quality"`
	RiskOfBias []Component `json:"risk_of_bias"`
}

// Component names, shared with the prompt templates.
const (
	CompRandomization   = "randomization"
	CompBlinding        = "blinding"
	CompConcealment     = "allocation_concealment"
	CompPreregistration = "protocol_preregistration"
	CompITT             = "itt_analysis"
	CompAttrition       = "attrition_handling"
	CompSelection       = "selection_bias"
	CompPerformance     = "performance_bias"
	CompDetection       = "detection_bias"
	CompReporting       = "reporting_bias"
)

// DefaultWeights returns the default weights: randomisation 2, blinding 3, allocation
// concealment 1.5, preregistration 1.5, ITT 1, attrition 1; and 2.5 for each risk-of-bias
// domain.
func DefaultWeights() Weights {
	return Weights{
		Quality: []Component{
			{CompRandomization, 2}, {CompBlinding, 3}, {CompConcealment, 1.5},
			{CompPreregistration, 1.5}, {CompITT, 1}, {CompAttrition, 1},
		},
		RiskOfBias: []Component{
			{CompSelection, 2.5}, {CompPerformance, 2.5}, {CompDetection, 2.5}, {CompReporting, 2.5},
		},
	}
}

// Validate checks every dimension has components with positive, finite maxima and known names.
func (w Weights) Validate() error {
	known := map[string]bool{}
	for _, c := range DefaultWeights().Quality {
		known[c.Name] = true
	}
	for _, c := range DefaultWeights().RiskOfBias {
		known[c.Name] = true
	}
	for _, dim := range []struct {
		name string
		cs   []Component
	}{{"methodological_quality", w.Quality}, {"risk_of_bias", w.RiskOfBias}} {
		if len(dim.cs) == 0 {
			return domain.Errorf(domain.CodeInvalid, "appraisal weights: %s has no components", dim.name)
		}
		for _, c := range dim.cs {
			if !known[c.Name] {
				return domain.Errorf(domain.CodeInvalid, "appraisal weights: unknown component %q in %s", c.Name, dim.name)
			}
			if !(c.Max > 0) || math.IsInf(c.Max, 0) {
				return domain.Errorf(domain.CodeInvalid, "appraisal weights: %s.%s must be a positive number, got %g", dim.name, c.Name, c.Max)
			}
		}
	}
	return nil
}

// designPrior is the evidence-hierarchy prior of the weight: what a design can support
// before its quality is known.
var designPrior = map[string]float64{
	DesignMetaAnalysis: 1.0, DesignSystematicReview: 0.95, DesignRCT: 0.9, DesignCohort: 0.7,
	DesignCaseControl: 0.6, DesignCrossSectional: 0.5, DesignOther: 0.5, DesignUnclear: 0.5,
	DesignAnimal: 0.35, DesignInVitro: 0.3, DesignReview: 0.3, DesignCaseReport: 0.25,
}

// rubricDesigns are the designs the component rubric applies to: primary studies that
// allocate or observe groups. Syntheses, narrative reviews, case reports, bench work and
// papers of another design (methods papers, commentaries, registry pages without a
// described method) have no randomisation, blinding or attrition to score, so they are
// not_assessed rather than shown with a score of 0 that reads as "poor quality".
var rubricDesigns = map[string]bool{
	DesignRCT: true, DesignCohort: true, DesignCaseControl: true, DesignCrossSectional: true,
	DesignAnimal: true,
}

// minAssessableWords is the shortest text the rubric scores; below it (a title alone)
// absence of evidence says nothing about the study.
const minAssessableWords = 40

// Weight turns an appraisal into the evidence weight the judge uses, in [0, 1]:
//
//	prior(design) × (0.5 + 0.5 × mean(assessed dimension scores) ÷ 10)
//
// so quality moves a paper between half and all of its design prior. When no dimension
// could be assessed the factor is 0.75, the midpoint of that range: neutral by design,
// neither rewarding nor penalising quality that could not be judged, and never written
// onto a dimension as a score.
func Weight(design string, dims []domain.Dimension) float64 {
	prior, ok := designPrior[design]
	if !ok {
		prior = designPrior[DesignUnclear]
	}
	sum, n := 0.0, 0
	for _, d := range dims {
		if d.Status == domain.StatusAssessed {
			sum += d.Score
			n++
		}
	}
	factor := 0.75
	if n > 0 {
		factor = 0.5 + 0.5*(sum/float64(n))/10
	}
	return round3(prior * factor)
}

// notAssessed builds a dimension that could not be assessed, with its reason and no score.
func notAssessed(name domain.DimensionName, reason string) domain.Dimension {
	return domain.Dimension{Name: name, Status: domain.StatusNotAssessed, Error: reason, Details: []domain.DimensionDetail{}}
}

// assessability says whether the rubric applies to a document, and why not.
func assessability(doc Document, findings map[string]domain.Finding) (bool, string) {
	design := str0(findings[FindingDesign])
	// A registry entry states its design in fields, however short its text.
	if len(strings.Fields(doc.Text)) < minAssessableWords && doc.Source != domain.FullTextRegistry {
		return false, fmt.Sprintf("not enough text to assess (fewer than %d words of abstract or full text)", minAssessableWords)
	}
	if !rubricDesigns[design] {
		return false, fmt.Sprintf("the rubric scores primary studies; design %q has no randomisation, blinding or attrition to score", design)
	}
	return true, ""
}

func str0(f domain.Finding) string {
	s, _ := f.Value.(string)
	return s
}

// OfflineDimensions scores both dimensions from the rule findings with the deterministic
// rubric below. Every detail's evidence is the finding's quote, which is a substring of the
// text, so quote_verified is true whenever there is a quote.
//
// Methodological quality (each scaled to its weight w):
//   - randomization: randomised with a stated random sequence generation method → w;
//     randomised, method not stated → w/2; allocated by a systematic rule (alternation,
//     dates, record numbers) or not randomised → 0.
//   - blinding: triple → w; double → 2w/3; single → w/3; open/none or not reported → 0.
//   - allocation_concealment: concealment described (envelopes, central/web system,
//     third party) → w; stated as not concealed or not reported → 0.
//   - protocol_preregistration: a registry id in the text → w; none → 0.
//   - itt_analysis: intention-to-treat → w; modified ITT → w/2; per-protocol, as-treated,
//     complete-case, a population described without the principle, or not stated → 0.
//   - attrition_handling: attrition ≤ 10 % → w, ≤ 20 % → w/2, higher → 0; plus w/4 (capped
//     at w) when missing data were handled by imputation, likelihood methods or weighting;
//     attrition not reported → only that w/4.
//
// Risk of bias (higher = lower risk, each scaled to its weight w):
//   - selection_bias: randomised with method and concealment → w; randomised with one of
//     them → 3w/4; randomised only → w/2; a systematic allocation rule or not randomised → 0.
//   - performance_bias: double or triple blind → w; single → w/2; open or not reported → 0.
//   - detection_bias: outcome assessors masked, or double/triple blind → w; another party
//     masked (single) → w/2; otherwise → 0.
//   - reporting_bias: registered (protocol available) → w; otherwise → 0.
func OfflineDimensions(doc Document, findings map[string]domain.Finding, w Weights) []domain.Dimension {
	if ok, reason := assessability(doc, findings); !ok {
		return []domain.Dimension{notAssessed(domain.DimensionQuality, reason), notAssessed(domain.DimensionRiskOfBias, reason)}
	}
	r := rubric{f: findings, registry: doc.Source == domain.FullTextRegistry}
	quality := domain.Dimension{Name: domain.DimensionQuality, Status: domain.StatusAssessed}
	for _, c := range w.Quality {
		quality.Details = append(quality.Details, r.score(c))
	}
	rob := domain.Dimension{Name: domain.DimensionRiskOfBias, Status: domain.StatusAssessed}
	for _, c := range w.RiskOfBias {
		rob.Details = append(rob.Details, r.score(c))
	}
	quality.Score = dimensionScore(quality.Details, w.Quality)
	rob.Score = dimensionScore(rob.Details, w.RiskOfBias)
	return []domain.Dimension{quality, rob}
}

// dimensionScore sums contributions and rescales them to 0–10 by the sum of the maxima.
func dimensionScore(details []domain.DimensionDetail, cs []Component) float64 {
	sum, max := 0.0, 0.0
	for _, d := range details {
		sum += d.Contribution
	}
	for _, c := range cs {
		max += c.Max
	}
	if max == 0 {
		return 0
	}
	return math.Min(10, round3(sum*10/max))
}

// rubric scores one document's findings; registry is set for a trial registry entry,
// whose fields never record concealment, the analysis population or attrition, so their
// absence is worded as the registry's, not the trial's.
type rubric struct {
	f        map[string]domain.Finding
	registry bool
}

// notRecorded is the reason for a component a registry entry has no field for.
const notRecorded = " (a registry entry does not record it; the trial's report may)"

// detail builds one rubric line: fraction of the maximum, the value shown, the quote.
func (r rubric) detail(c Component, fraction float64, value string, quote string, why string) domain.DimensionDetail {
	return domain.DimensionDetail{
		Component:     c.Name,
		Value:         value,
		Contribution:  round3(c.Max * fraction),
		MaxScore:      c.Max,
		Evidence:      quote,
		Reasoning:     "rule-based: " + why,
		QuoteVerified: quote != "",
	}
}

func (r rubric) score(c Component) domain.DimensionDetail {
	f := r.f
	randomized, _ := f[FindingRandomized].Value.(bool)
	method := str0(f[FindingRandomizationMethod])
	// Blocks and strata restrict a sequence without saying how it was generated (CONSORT
	// 16a vs 16b), so they do not count as a stated method.
	methodStated := AdequateGeneration(method)
	blind := str0(f[FindingBlinding])
	conceal := str0(f[FindingAllocationConcealing])
	registered := len(listOf(f[FindingRegistration])) > 0
	switch c.Name {
	case CompRandomization:
		switch {
		case randomized && methodStated:
			return r.detail(c, 1, method, f[FindingRandomizationMethod].Quote, "randomised with a stated sequence generation method ("+strings.ReplaceAll(method, "_", " ")+")")
		case randomized && nonRandomMethods[method]:
			return r.detail(c, 0, "allocated by a non-random rule", f[FindingRandomizationMethod].Quote, "the sequence follows a systematic rule (alternation, dates or record numbers), not chance")
		case randomized && restrictionMethods[method]:
			return r.detail(c, 0.5, "randomised ("+method+"), generation not stated", f[FindingRandomizationMethod].Quote, "the randomisation is restricted ("+method+") but how the sequence was generated is not described")
		case randomized:
			return r.detail(c, 0.5, "randomised, method not stated", f[FindingRandomized].Quote, "randomisation is mentioned but the sequence generation is not described")
		default:
			return r.detail(c, 0, "not randomised", f[FindingRandomized].Quote, "no randomisation of this study's participants was found in the text")
		}
	case CompBlinding:
		frac := map[string]float64{BlindingTriple: 1, BlindingDouble: 2.0 / 3, BlindingSingle: 1.0 / 3}[blind]
		why := map[string]string{
			BlindingTriple: "triple-blind (participants, assessors and analysts)", BlindingDouble: "double-blind",
			BlindingSingle: "single-blind (one party masked)", BlindingNone: "open / unblinded",
		}[blind]
		if why == "" {
			why = "blinding not reported"
		}
		return r.detail(c, frac, blind, f[FindingBlinding].Quote, why)
	case CompConcealment:
		switch conceal {
		case ConcealmentConcealed:
			return r.detail(c, 1, conceal, f[FindingAllocationConcealing].Quote, "allocation concealment is described")
		case ConcealmentNotConcealed:
			return r.detail(c, 0, conceal, f[FindingAllocationConcealing].Quote, "allocation was not concealed")
		}
		return r.detail(c, 0, ConcealmentUnclear, "", "allocation concealment not reported"+r.unrecorded())
	case CompPreregistration:
		if registered {
			ids := listOf(f[FindingRegistration])
			return r.detail(c, 1, strings.Join(ids, ", "), f[FindingRegistration].Quote, "registered ("+ids[0]+")")
		}
		return r.detail(c, 0, "not registered", "", "no trial registry identifier found")
	case CompITT:
		v := str0(f[FindingITT])
		switch v {
		case ITTFull:
			return r.detail(c, 1, v, f[FindingITT].Quote, "intention-to-treat analysis")
		case ITTModified:
			return r.detail(c, 0.5, v, f[FindingITT].Quote, "modified intention-to-treat analysis")
		case ITTNotStated:
			return r.detail(c, 0, v, "", "analysis population not stated"+r.unrecorded())
		case ITTDescribed:
			return r.detail(c, 0, v, f[FindingITT].Quote, "who was analysed is described, but not as all randomised participants in their assigned groups")
		}
		return r.detail(c, 0, v, f[FindingITT].Quote, "analysis restricted to a subset ("+strings.ReplaceAll(v, "_", " ")+")")
	case CompAttrition:
		handled := map[string]bool{"multiple_imputation": true, "likelihood_based": true, "inverse_probability_weighting": true}[str0(f[FindingMissingData])]
		frac, value, why, quote := 0.0, "not reported", "attrition not reported"+r.unrecorded(), ""
		if rate, ok := f[FindingAttrition].Value.(float64); ok {
			quote = f[FindingAttrition].Quote
			value = fmt.Sprintf("%.1f%%", rate*100)
			switch {
			case rate <= 0.10:
				frac, why = 1, "attrition "+value+" (≤ 10 %)"
			case rate <= 0.20:
				frac, why = 0.5, "attrition "+value+" (10–20 %)"
			default:
				why = "attrition " + value + " (> 20 %)"
			}
		}
		if handled {
			frac = math.Min(1, frac+0.25)
			why += "; missing data handled by " + strings.ReplaceAll(str0(f[FindingMissingData]), "_", " ")
			if quote == "" {
				quote = f[FindingMissingData].Quote
			}
		}
		return r.detail(c, frac, value, quote, why)
	case CompSelection:
		switch {
		case randomized && methodStated && conceal == ConcealmentConcealed:
			return r.detail(c, 1, "low", f[FindingAllocationConcealing].Quote, "random sequence and concealed allocation")
		case nonRandomMethods[method]:
			return r.detail(c, 0, "high", f[FindingRandomizationMethod].Quote, "the allocation follows a predictable rule, so it can be foreseen")
		case randomized && (methodStated || conceal == ConcealmentConcealed):
			q := f[FindingRandomizationMethod].Quote
			if !methodStated {
				q = f[FindingAllocationConcealing].Quote
			}
			return r.detail(c, 0.75, "moderate", q, "randomised; only one of sequence generation and concealment described")
		case randomized:
			return r.detail(c, 0.5, "moderate", f[FindingRandomized].Quote, "randomised without details of sequence generation or concealment")
		}
		return r.detail(c, 0, "high", "", "groups were not formed by randomisation")
	case CompPerformance:
		switch blind {
		case BlindingDouble, BlindingTriple:
			return r.detail(c, 1, "low", f[FindingBlinding].Quote, blind+"-blind: participants and personnel masked")
		case BlindingSingle:
			return r.detail(c, 0.5, "moderate", f[FindingBlinding].Quote, "single-blind: partial masking")
		}
		return r.detail(c, 0, "high", f[FindingBlinding].Quote, "participants and personnel not reported as masked")
	case CompDetection:
		parties := listOf(f[FindingMaskedParties])
		switch {
		case contains(parties, "outcome_assessors"):
			return r.detail(c, 1, "low", f[FindingMaskedParties].Quote, "outcome assessors masked")
		case blind == BlindingDouble || blind == BlindingTriple:
			return r.detail(c, 1, "low", f[FindingBlinding].Quote, blind+"-blind")
		case blind == BlindingSingle:
			return r.detail(c, 0.5, "moderate", f[FindingBlinding].Quote, "single-blind; outcome assessors not reported as masked")
		}
		return r.detail(c, 0, "high", "", "outcome assessment not reported as masked")
	case CompReporting:
		if registered {
			return r.detail(c, 1, "low", f[FindingRegistration].Quote, "registered protocol allows checking for selective reporting")
		}
		return r.detail(c, 0, "high", "", "no registered protocol to check outcomes against")
	}
	return r.detail(c, 0, "unknown component", "", "component has no rule")
}

// unrecorded adds, for a registry entry, why a component is missing.
func (r rubric) unrecorded() string {
	if r.registry {
		return notRecorded
	}
	return ""
}

func listOf(f domain.Finding) []string {
	l, _ := f.Value.([]string)
	return l
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}
