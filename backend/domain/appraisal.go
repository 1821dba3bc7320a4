package domain

import "strings"

// Finding is one rule-based observation about a paper with the exact sentence it came from.
type Finding struct {
	Value any    `json:"value"`
	Quote string `json:"quote,omitempty"`
}

// DimensionName names an appraisal dimension.
type DimensionName string

// The two dimensions of an appraisal.
const (
	DimensionQuality    DimensionName = "methodological_quality"
	DimensionRiskOfBias DimensionName = "risk_of_bias"
)

// DimensionStatus says whether a dimension could be assessed.
type DimensionStatus string

// Dimension statuses; not_assessed carries its reason in Error and never a score.
const (
	StatusAssessed    DimensionStatus = "assessed"
	StatusNotAssessed DimensionStatus = "not_assessed"
)

// DimensionDetail is one scored component with the quote and reasoning behind it.
type DimensionDetail struct {
	Component     string  `json:"component"`
	Value         string  `json:"value"`
	Contribution  float64 `json:"contribution"`
	MaxScore      float64 `json:"max_score"`
	Evidence      string  `json:"evidence"`
	Reasoning     string  `json:"reasoning"`
	QuoteVerified bool    `json:"quote_verified"`
	// QuoteReason says why a quote is not verified (not found, found only in part, too
	// short to prove anything); empty when it is verified or there is no quote.
	QuoteReason string `json:"quote_reason,omitempty"`
}

// Dimension is a scored appraisal dimension (0–10).
type Dimension struct {
	Name    DimensionName     `json:"name"`
	Score   float64           `json:"score"`
	Details []DimensionDetail `json:"details"`
	Status  DimensionStatus   `json:"status"`
	Error   string            `json:"error,omitempty"`
}

// Validate enforces the score range and that not_assessed dimensions carry a reason and no score.
func (d Dimension) Validate() error {
	var p problems
	if d.Name != DimensionQuality && d.Name != DimensionRiskOfBias {
		p.addf("dimension name must be methodological_quality or risk_of_bias, got %q", string(d.Name))
	}
	switch d.Status {
	case StatusAssessed:
		if d.Score < 0 || d.Score > 10 {
			p.addf("%s score must be 0–10, got %g", d.Name, d.Score)
		}
		for _, c := range d.Details {
			if c.Contribution < 0 || (c.MaxScore > 0 && c.Contribution > c.MaxScore) {
				p.addf("%s component %s must be 0–%g, got %g", d.Name, c.Component, c.MaxScore, c.Contribution)
			}
		}
	case StatusNotAssessed:
		if strings.TrimSpace(d.Error) == "" {
			p.addf("%s is not_assessed without a reason", d.Name)
		}
		if d.Score != 0 {
			p.addf("%s is not_assessed but carries a score", d.Name)
		}
	default:
		p.addf("%s status must be assessed or not_assessed, got %q", d.Name, string(d.Status))
	}
	return p.err()
}

// Document identifies the appraised text.
type Document struct {
	Key      string `json:"key"`
	Title    string `json:"title"`
	Hash     string `json:"hash"`
	FullText bool   `json:"full_text"`
	// Source says which text was read: europepmc, pmc, pdf, text_file, abstract, or
	// registry (a trial registry entry's fields).
	Source FullTextSource `json:"source,omitempty"`
}

// AssessorInfo says what produced an appraisal (rules, offline rubric, or an LLM).
type AssessorInfo struct {
	Provider      Provider  `json:"provider"`
	Model         string    `json:"model"`
	Kind          JudgeKind `json:"kind"`
	Version       string    `json:"version"`
	PromptVersion string    `json:"prompt_version,omitempty"`
}

// Appraisal is a paper's quality assessment: rule-based findings, component scores and their reasons.
type Appraisal struct {
	Document   Document           `json:"document"`
	Findings   map[string]Finding `json:"findings"`
	Dimensions []Dimension        `json:"dimensions"`
	Weight     float64            `json:"weight"`
	Assessor   AssessorInfo       `json:"assessor"`
}
