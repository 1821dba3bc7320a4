package judge

import (
	"fmt"
	"strconv"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/lazyre"
)

// The rules below run in code after every LLM verdict, so a model cannot end the loop by
// saying "sufficient" on thin evidence, nor pass a candidate planted in an abstract. Every
// correction is recorded in judge.overrides and prefixed to the reasoning, so it is shown
// wherever the verdict is.

var (
	citationRef = lazyre.New(`\[(\d+(?:\s*[,;–-]\s*\d+)*)\]`)
	citationSep = lazyre.New(`\s*[,;]\s*`)
)

// enforceRules rejects candidates and findings that rest only on evidence the heuristics
// flagged as a possible prompt injection (or found off-topic), then applies the same
// sufficiency rule as the offline judge and overrides an LLM "sufficient" that breaks it.
func enforceRules(out *domain.Assessment, a *analysis, ev []domain.Evidence) {
	injected := map[int]bool{}
	for _, n := range a.injected {
		injected[n-1] = true
	}
	unusable := func(i int) (bool, string) {
		switch {
		case injected[i]:
			return true, "flagged as a possible prompt injection"
		case a.offTopic[i]:
			return true, "off-topic for the question"
		}
		return false, ""
	}
	texts := make([]string, len(ev))
	for i, e := range ev {
		texts[i] = strings.ToLower(nameText(e))
	}

	var overrides []string
	kept := []string{}
	iv := a.q.InterventionText()
	for _, c := range out.Details.DrugCandidates {
		name := strings.ToLower(strings.TrimSpace(c))
		if why := notATreatment(a.q); why != "" {
			overrides = append(overrides, fmt.Sprintf("candidate %q rejected: the question asks %s, not for treatments", c, why))
			continue
		}
		if iv != "" && !namesIntervention(a.q, c) {
			overrides = append(overrides, fmt.Sprintf("candidate %q rejected: the question asks about %s, not other drugs", c, iv))
			continue
		}
		var naming []int
		for i, t := range texts {
			if containsWord(t, name) {
				naming = append(naming, i)
			}
		}
		if reject, why := restsOnlyOn(naming, unusable); reject {
			overrides = append(overrides, fmt.Sprintf("candidate %q rejected: named only in evidence %s, %s", c, refs(naming), why))
			continue
		}
		kept = append(kept, c)
	}
	out.Details.DrugCandidates = kept

	findings := []string{}
	for _, f := range out.Details.KeyFindings {
		cited := citedItems(f, len(ev))
		if reject, why := restsOnlyOn(cited, unusable); reject {
			overrides = append(overrides, fmt.Sprintf("finding %q rejected: it cites only evidence %s, %s", shorten(f, 80), refs(cited), why))
			continue
		}
		if iv != "" && a.onTopic == 0 {
			overrides = append(overrides, fmt.Sprintf("finding %q rejected: no evidence studies %s", shorten(f, 80), iv))
			continue
		}
		findings = append(findings, f)
	}
	out.Details.KeyFindings = findings
	overrides = append(overrides, checkStances(out, a, ev)...)

	if a.onTopic == 0 && len(ev) > 0 && (out.Details.MechanismScore > 0 || out.Details.ClinicalEvidenceScore > 0) {
		// The offline judge scores nothing when no item is on the question's topic; a model's
		// 7/10 on evidence about other things reads as an answer to this question.
		overrides = append(overrides, fmt.Sprintf("judge scored mechanism %d/10 and clinical evidence %d/10 with %.0f%% confidence; overridden to 0: none of the %d evidence items is on the question's topic",
			out.Details.MechanismScore, out.Details.ClinicalEvidenceScore, out.Confidence*100, len(ev)))
		out.Details.MechanismScore, out.Details.ClinicalEvidenceScore, out.Confidence = 0, 0, 0
	}

	if out.Sufficient {
		gaps := SufficiencyGaps(out.Details.MechanismScore, out.Details.ClinicalEvidenceScore, len(out.Details.DrugCandidates), a.onTopic, a.plannedTrials(), asksForTreatment(a.q))
		if len(gaps) > 0 {
			overrides = append(overrides, "judge said sufficient; overridden: "+strings.Join(gaps, ", "))
			out.Sufficient = false
			out.Recommendation = domain.RecommendContinue
		}
	}
	if len(overrides) > 0 {
		out.Judge.Overrides = append(out.Judge.Overrides, overrides...)
		out.Reasoning = "[Corrected by DeepCritical's rules: " + strings.Join(overrides, "; ") + ".] " + out.Reasoning
	}
}

// restsOnlyOn reports whether every listed item is unusable (and at least one is listed);
// the reason is the first item's.
func restsOnlyOn(items []int, unusable func(int) (bool, string)) (bool, string) {
	if len(items) == 0 {
		return false, ""
	}
	var why string
	for _, i := range items {
		bad, w := unusable(i)
		if !bad {
			return false, ""
		}
		if why == "" {
			why = w
		}
	}
	return true, why
}

// citedItems are the 0-based evidence indexes a text cites as [n], [n, m] or [n–m].
func citedItems(text string, count int) []int {
	var out []int
	seen := map[int]bool{}
	add := func(n int) {
		if n >= 1 && n <= count && !seen[n-1] {
			seen[n-1] = true
			out = append(out, n-1)
		}
	}
	for _, m := range citationRef.FindAllStringSubmatch(text, -1) {
		for _, part := range citationSep.Split(m[1], -1) {
			if lo, hi, ok := strings.Cut(strings.ReplaceAll(part, "–", "-"), "-"); ok {
				a, err1 := strconv.Atoi(strings.TrimSpace(lo))
				b, err2 := strconv.Atoi(strings.TrimSpace(hi))
				if err1 == nil && err2 == nil && b >= a && b-a < 50 {
					for n := a; n <= b; n++ {
						add(n)
					}
				}
				continue
			}
			if n, err := strconv.Atoi(strings.TrimSpace(part)); err == nil {
				add(n)
			}
		}
	}
	return out
}

func refs(items []int) string {
	parts := make([]string, len(items))
	for i, n := range items {
		parts[i] = strconv.Itoa(n + 1)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// nameText is everything an evidence item names a drug in: title, abstract, sections,
// chemical list and trial interventions.
func nameText(e domain.Evidence) string {
	var b strings.Builder
	b.WriteString(evidenceText(e))
	for _, c := range e.Citation.Chemicals {
		b.WriteString("\n" + c)
	}
	if tr := e.Citation.Trial; tr != nil {
		for _, iv := range tr.Interventions {
			b.WriteString("\n" + iv.Name)
		}
	}
	return b.String()
}

// containsWord reports whether name occurs in text (both lower-cased) on word boundaries.
func containsWord(text, name string) bool {
	if name == "" {
		return false
	}
	for from := 0; ; {
		i := strings.Index(text[from:], name)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(name)
		if (i == 0 || !isWordByte(text[i-1])) && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		from = i + 1
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80
}
