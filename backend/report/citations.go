package report

import (
	"fmt"
	"io"
	"strings"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
)

// writeCitations delegates the reference-manager formats to citeformat, whose readers parse
// them back (the round trip is tested there and in this package).
// References returns the papers a reference export holds: those the report relies on (on
// topic, unless the reviewer excluded them; a paper the reviewer included counts even when
// the judge set it aside), or with includeSetAside every paper. Each carries DeepCritical's
// marks as keywords a reference manager keeps: a set-aside paper says so and why, and an
// appraised paper its quality and risk-of-bias scores (commas are avoided: BibTeX splits
// keywords at them).
func References(run ExportRun, includeSetAside bool) []domain.Evidence {
	_, papers := domain.LatestReviews(run.Reviews)
	var out []domain.Evidence
	for _, e := range run.Evidence {
		r, reviewed := papers[e.CanonicalKey()]
		relied := !e.IsOffTopic()
		why := ""
		if e.Topic != nil {
			why = e.Topic.Reason
		}
		if reviewed {
			relied = r.Decision == domain.ReviewInclude
			why = "excluded by the reviewer: " + r.Reason
		}
		if !relied && !includeSetAside {
			continue
		}
		c := e.Citation
		c.Keywords = append([]string{}, c.Keywords...)
		if !relied {
			if why == "" {
				why = "off topic"
			}
			c.Keywords = append(c.Keywords, noComma("DeepCritical: set aside: "+why))
		}
		if a, ok := run.Appraisals[e.CanonicalKey()]; ok {
			if s := appraisalKeyword(a); s != "" {
				c.Keywords = append(c.Keywords, s)
			}
		}
		e.Citation = c
		out = append(out, e)
	}
	return out
}

// appraisalKeyword is the appraisal in one comma-free keyword: "DeepCritical appraisal:
// quality 6.5/10; risk of bias 7.5/10 (higher = lower risk; rule-based)"; "" when neither
// dimension was scored.
func appraisalKeyword(a domain.Appraisal) string {
	q, rob := dimensionLabel(a, domain.DimensionQuality), dimensionLabel(a, domain.DimensionRiskOfBias)
	if !strings.Contains(q, "/10") && !strings.Contains(rob, "/10") {
		return ""
	}
	return noComma(fmt.Sprintf("DeepCritical appraisal: quality %s; risk of bias %s (higher = lower risk)", q, rob))
}

func noComma(s string) string { return strings.ReplaceAll(s, ",", ";") }

func writeCitations(w io.Writer, format string, evidence []domain.Evidence) error {
	switch format {
	case "ris":
		return citeformat.WriteRIS(w, evidence)
	case "bibtex":
		return citeformat.WriteBibTeX(w, evidence)
	case "csljson":
		return citeformat.WriteCSLJSON(w, evidence)
	}
	return domain.Errorf(domain.CodeInvalid, "unknown citation format %q", format)
}
