package appraisal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/prompts"
)

// llmAssessorVersion changes when the LLM assessment logic (schema, trust rule, text
// fitting) changes. Version 2 asks for both dimensions in one structured call; version 3
// fits a full text by section (methods and results first) and says which text was read.
const llmAssessorVersion = "llm-assessor/3"

// Prompt template names (written by the judge helper in prompts/).
const (
	systemPrompt = "appraisal_system"
	userPrompt   = "appraisal_user"
)

// unverifiedFactor is what an LLM component keeps of its score when its quote is not
// found in the text (or it gave no quote for a non-zero score): half. The full score is
// shown in the detail's value; only the contribution to the dimension is halved.
const unverifiedFactor = 0.5

// promptVersion is the combined version of the two templates an appraisal call uses.
func promptVersion() string {
	return prompts.CombineVersions(prompts.Version(systemPrompt), prompts.Version(userPrompt))
}

// llmComponent is one component of the model's answer.
type llmComponent struct {
	Score         float64  `json:"score"`
	RiskLevel     string   `json:"risk_level,omitempty"`
	Evidence      string   `json:"evidence"`
	Reasoning     string   `json:"reasoning"`
	AttritionRate *float64 `json:"attrition_rate,omitempty"`
}

// llmAnswer is the model's answer for one dimension: one object per component.
type llmAnswer map[string]llmComponent

// llmCombined is the model's whole answer for a paper: one object per dimension, keyed
// by the dimension's name, so both dimensions cost one structured call.
type llmCombined map[string]llmAnswer

// combinedSchemaName names the one structured answer of an appraisal call.
const combinedSchemaName = "appraisal"

// llmDimension is one dimension the call asks for, with its configured components.
type llmDimension struct {
	name domain.DimensionName
	cs   []Component
}

// dimensionsToAssess lists both dimensions in the order the prompt and the appraisal show them.
func (a *Appraiser) dimensionsToAssess() []llmDimension {
	return []llmDimension{{domain.DimensionQuality, a.opts.Weights.Quality}, {domain.DimensionRiskOfBias, a.opts.Weights.RiskOfBias}}
}

// dimensionSchema builds the strict JSON schema of one dimension's answer, with each
// component's maximum from the configured weights.
func dimensionSchema(name domain.DimensionName, cs []Component) map[string]any {
	props := map[string]any{}
	required := make([]string, 0, len(cs))
	for _, c := range cs {
		p := map[string]any{
			"score":     map[string]any{"type": "number", "minimum": 0, "maximum": c.Max},
			"evidence":  map[string]any{"type": "string"},
			"reasoning": map[string]any{"type": "string"},
		}
		req := []string{"score", "evidence", "reasoning"}
		if name == domain.DimensionRiskOfBias {
			p["risk_level"] = map[string]any{"type": "string", "enum": []string{"high", "moderate", "low"}}
			req = []string{"score", "risk_level", "evidence", "reasoning"}
		}
		if c.Name == CompAttrition {
			p["attrition_rate"] = map[string]any{"type": []string{"number", "null"}, "minimum": 0, "maximum": 1}
			req = append(req, "attrition_rate")
		}
		props[c.Name] = map[string]any{"type": "object", "properties": p, "required": req, "additionalProperties": false}
		required = append(required, c.Name)
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}

// combinedSchema builds the strict JSON schema of a paper's whole answer: one object per
// dimension, each holding its components.
func combinedSchema(dims []llmDimension) *llm.Schema {
	props := map[string]any{}
	required := make([]string, 0, len(dims))
	for _, d := range dims {
		props[string(d.name)] = dimensionSchema(d.name, d.cs)
		required = append(required, string(d.name))
	}
	raw, _ := json.Marshal(map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false})
	return &llm.Schema{Name: combinedSchemaName, JSON: raw}
}

// dimensionProblems lists what is wrong with one dimension's answer: a missing component,
// a score outside its range, a bad risk level or attrition rate. Each problem is prefixed
// with the dimension so the model knows where to look on retry.
func dimensionProblems(name domain.DimensionName, cs []Component, ans llmAnswer) []string {
	var problems []string
	for _, c := range cs {
		comp, ok := ans[c.Name]
		path := string(name) + "." + c.Name
		if !ok {
			problems = append(problems, fmt.Sprintf("%s is missing", path))
			continue
		}
		if math.IsNaN(comp.Score) || comp.Score < 0 || comp.Score > c.Max {
			problems = append(problems, fmt.Sprintf("%s.score must be between 0 and %g, got %g", path, c.Max, comp.Score))
		}
		if name == domain.DimensionRiskOfBias && comp.RiskLevel != "high" && comp.RiskLevel != "moderate" && comp.RiskLevel != "low" {
			problems = append(problems, fmt.Sprintf("%s.risk_level must be high, moderate or low, got %q", path, comp.RiskLevel))
		}
		if comp.AttritionRate != nil && (*comp.AttritionRate < 0 || *comp.AttritionRate > 1) {
			problems = append(problems, fmt.Sprintf("%s.attrition_rate must be a decimal between 0 and 1, got %g", path, *comp.AttritionRate))
		}
	}
	return problems
}

// validateCombined rejects answers missing a dimension or a component, or scoring outside
// a component's range; the message goes back to the model on retry. One bad component
// fails the whole answer, so the retry asks again for both dimensions.
func validateCombined(dims []llmDimension) func(*llmCombined) error {
	return func(ans *llmCombined) error {
		var problems []string
		for _, d := range dims {
			dim, ok := (*ans)[string(d.name)]
			if !ok {
				problems = append(problems, fmt.Sprintf("%s is missing", d.name))
				continue
			}
			problems = append(problems, dimensionProblems(d.name, d.cs, dim)...)
		}
		if len(problems) > 0 {
			return &domain.ValidationError{Problems: problems}
		}
		return nil
	}
}

// llmDimensions assesses both dimensions of a paper in one structured call, holding one
// slot of the appraiser's LLM pool. It returns the model that answered and the number of
// LLM calls (1, plus retries); its error is non-nil only when ctx ended. When the call
// fails after its retries, every dimension is not_assessed with the reason.
func (a *Appraiser) llmDimensions(ctx context.Context, doc Document, findings map[string]domain.Finding) ([]domain.Dimension, string, int, error) {
	dims := a.dimensionsToAssess()
	failAll := func(reason string) []domain.Dimension {
		out := make([]domain.Dimension, 0, len(dims))
		for _, d := range dims {
			out = append(out, notAssessed(d.name, reason))
		}
		return out
	}
	sys, err := prompts.Render(systemPrompt, nil)
	if err != nil {
		return failAll("appraisal prompt unavailable: " + err.Error()), "", 0, nil
	}
	text := FitText(doc, findings, a.textBudgetChars())
	data := prompts.AppraisalUserData{Title: doc.Title, Read: readNote(doc, text), Text: text, RuleFindings: ruleContext(findings)}
	for _, d := range dims {
		pd := prompts.AppraisalDimension{Name: string(d.name)}
		for _, c := range d.cs {
			pd.Components = append(pd.Components, prompts.AppraisalComponent{Name: c.Name, Max: c.Max})
		}
		data.Dimensions = append(data.Dimensions, pd)
	}
	user, err := prompts.Render(userPrompt, data)
	if err != nil {
		return failAll("appraisal prompt could not be rendered: " + err.Error()), "", 0, nil
	}
	req := llm.Request{
		System:      sys.Text,
		Messages:    []llm.Message{{Role: llm.RoleUser, Content: user.Text}},
		Schema:      combinedSchema(dims),
		Model:       a.opts.Info.Model,
		Temperature: 0,
	}
	select {
	case a.llmSlots <- struct{}{}:
	case <-ctx.Done():
		return nil, "", 0, ctx.Err()
	}
	defer func() { <-a.llmSlots }()
	ans, res, err := llm.Generate(ctx, a.opts.Client, req, llm.Options[llmCombined]{
		Validate:      validateCombined(dims),
		Models:        a.opts.Info.Models,
		Recorder:      a.opts.Recorder,
		RunID:         a.opts.RunID,
		Purpose:       "appraisal",
		PromptVersion: promptVersion(),
		Provider:      a.opts.Info.Provider,
	})
	if err != nil {
		if ctx.Err() != nil || errors.Is(err, context.Canceled) {
			return nil, res.Model, res.Calls, ctx.Err()
		}
		return failAll("LLM assessment failed: " + domain.SafeMessage(err)), res.Model, res.Calls, nil
	}
	out := make([]domain.Dimension, 0, len(dims))
	for _, d := range dims {
		out = append(out, buildDimension(d.name, d.cs, ans[string(d.name)], doc))
	}
	return out, res.Model, res.Calls, nil
}

// readNote tells the model which text it reads, so that a method the text does not
// mention is scored as unreported in a full text and as unknown in an abstract.
func readNote(doc Document, fitted string) string {
	switch {
	case doc.FullText && len(fitted) < len(doc.Text):
		return "the paper's full text, with the paragraphs marked \"left out\" omitted to fit your context (methods and results are given first)"
	case doc.FullText:
		return "the paper's full text"
	}
	return "the abstract only: the paper itself may report methods the abstract does not mention"
}

// buildDimension turns a validated answer into a dimension, verifying every quote against
// the document and halving the contribution of components whose quote is not verified.
func buildDimension(name domain.DimensionName, cs []Component, ans llmAnswer, doc Document) domain.Dimension {
	d := domain.Dimension{Name: name, Status: domain.StatusAssessed}
	quotes := NewQuoteIndex(doc.analysedText())
	for _, c := range cs {
		comp := ans[c.Name]
		check := QuoteCheck{Reason: "no quote given"}
		if strings.TrimSpace(comp.Evidence) != "" {
			check = quotes.Check(comp.Evidence)
		}
		verified := check.Verified
		quoteReason := ""
		if !verified && strings.TrimSpace(comp.Evidence) != "" {
			quoteReason = check.Reason
		}
		contribution := comp.Score
		reasoning := strings.TrimSpace(comp.Reasoning)
		if !verified && comp.Score > 0 {
			contribution = comp.Score * unverifiedFactor
			if comp.Evidence == "" {
				reasoning += " [no quote given: contribution halved]"
			} else {
				reasoning += " [quote not verified: " + check.Reason + "; contribution halved]"
			}
		}
		value := fmt.Sprintf("%g/%g", comp.Score, c.Max)
		if comp.RiskLevel != "" {
			value = comp.RiskLevel + " (" + value + ")"
		}
		if comp.AttritionRate != nil {
			value += fmt.Sprintf(", attrition %.1f%%", *comp.AttritionRate*100)
		}
		d.Details = append(d.Details, domain.DimensionDetail{
			Component: c.Name, Value: value, Contribution: round3(contribution), MaxScore: c.Max,
			// Verified as the model gave it, against the text read; shown without the label
			// opening it, which the paper may not print there.
			Evidence: quoteWithoutLabel(strings.TrimSpace(comp.Evidence)), Reasoning: strings.TrimSpace(reasoning), QuoteVerified: verified,
			QuoteReason: quoteReason,
		})
	}
	d.Score = dimensionScore(d.Details, cs)
	return d
}

// ruleContext lists the rule findings for the prompt in a stable order.
func ruleContext(findings map[string]domain.Finding) []prompts.RuleFinding {
	names := make([]string, 0, len(findings))
	for k := range findings {
		names = append(names, k)
	}
	sort.Strings(names)
	out := make([]prompts.RuleFinding, 0, len(names))
	for _, n := range names {
		f := findings[n]
		out = append(out, prompts.RuleFinding{Name: n, Value: findingValueString(f.Value), Quote: f.Quote})
	}
	return out
}

// findingValueString renders a finding value for prompts and calibration.
func findingValueString(v any) string {
	switch x := v.(type) {
	case nil:
		return "not reported"
	case string:
		return x
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case []string:
		if len(x) == 0 {
			return "none"
		}
		return strings.Join(x, ", ")
	case float64:
		return fmt.Sprintf("%g", x)
	case int:
		if x == 0 {
			return "not reported"
		}
		return fmt.Sprintf("%d", x)
	}
	return fmt.Sprint(v)
}

// textBudgetChars is the paper text the prompt can carry: the token budget minus room for
// the instructions (~1,500 tokens) and the answer (~1,000), at ~4 characters per token.
func (a *Appraiser) textBudgetChars() int {
	tokens := a.opts.TokenBudget - 2500
	if tokens < 500 {
		tokens = 500
	}
	return tokens * 4
}

// FitText prepares the paper text for a prompt of at most budget characters. Text that
// fits is used whole. Otherwise paragraphs are chosen by priority — those holding a rule
// finding's quote, then those under methods-like headings or in the abstract, then the
// rest in order — and kept in reading order with "[…]" marking what was left out.
func FitText(doc Document, findings map[string]domain.Finding, budget int) string {
	text := doc.Text
	if len(text) <= budget {
		return text
	}
	if len(doc.lines) > 0 {
		return fitSections(doc.lines, findings, budget)
	}
	paras := strings.Split(text, "\n")
	quotes := make([]string, 0, len(findings))
	for _, f := range findings {
		if f.Quote != "" {
			quotes = append(quotes, f.Quote)
		}
	}
	prio := make([]int, len(paras))
	heading := ""
	for i, p := range paras {
		t := strings.TrimSpace(p)
		if strings.HasPrefix(t, "#") {
			heading = strings.ToLower(t)
			prio[i] = 1
			continue
		}
		prio[i] = 3
		for _, k := range []string{"abstract", "method", "design", "random", "blind", "mask", "statistic", "participant", "registration", "sample size", "allocation", "outcome", "analysis", "procedure", "intervention", "flow", "follow"} {
			if strings.Contains(heading, k) {
				prio[i] = 2
				break
			}
		}
		if i < 3 {
			prio[i] = 2
		}
		for _, q := range quotes {
			if strings.Contains(p, q) {
				prio[i] = 0
				break
			}
		}
	}
	order := make([]int, len(paras))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return prio[order[x]] < prio[order[y]] })
	keep := make([]bool, len(paras))
	used := 0
	for _, i := range order {
		if strings.TrimSpace(paras[i]) == "" {
			continue
		}
		if used+len(paras[i])+1 > budget {
			continue
		}
		keep[i] = true
		used += len(paras[i]) + 1
	}
	var b strings.Builder
	gap := false
	for i, p := range paras {
		if !keep[i] {
			if strings.TrimSpace(p) != "" {
				gap = true
			}
			continue
		}
		if gap && b.Len() > 0 {
			b.WriteString("[…]\n")
		}
		gap = false
		b.WriteString(p)
		b.WriteByte('\n')
	}
	if gap && b.Len() > 0 {
		b.WriteString("[…]\n")
	}
	if b.Len() == 0 {
		// One paragraph longer than the budget: cut it at the last sentence end that fits.
		cut := budget
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		head := text[:cut]
		if i := strings.LastIndex(head, ". "); i > budget/2 {
			head = head[:i+1]
		}
		return head + " […]"
	}
	return b.String()
}

// sectionPriority is the order in which a full text's sections are given to a model whose
// context cannot hold the whole paper: the methods (where randomisation, concealment,
// blinding and the analysis population are reported), the abstract, the results and their
// tables and flow diagram, then the conclusions, the discussion, the introduction and the
// rest.
var sectionPriority = map[domain.SectionKind]int{
	domain.SectionMethods: 1, domain.SectionAbstract: 2, domain.SectionResults: 3, domain.SectionTable: 4, domain.SectionFigure: 4,
	domain.SectionConclusions: 5, domain.SectionDiscussion: 6, domain.SectionIntroduction: 7, domain.SectionSupplementary: 8, domain.SectionOther: 8,
}

// fitSections chooses a full text's paragraphs for a prompt of at most budget characters:
// those holding a rule finding's quote first, then whole sections by sectionPriority, each
// section's paragraphs in reading order. What is kept stays in reading order under its
// heading, and each gap says which sections' paragraphs were left out, so the model knows
// it reads part of the paper and which part.
func fitSections(lines []domain.MarkdownLine, findings map[string]domain.Finding, budget int) string {
	// The notes on what was left out take room too: choose again with less until the
	// whole fits.
	limit := budget
	for {
		out := chooseSections(lines, findings, limit)
		if len(out) <= budget || limit <= budget/4 {
			return out
		}
		limit -= len(out) - budget + 64
	}
}

// chooseSections is one choice of paragraphs within limit characters (notes not counted).
func chooseSections(lines []domain.MarkdownLine, findings map[string]domain.Finding, budget int) string {
	quotes := make([]string, 0, len(findings))
	for _, f := range findings {
		if f.Quote != "" {
			quotes = append(quotes, f.Quote)
		}
	}
	prio := make([]int, len(lines))
	for i, l := range lines {
		p, ok := sectionPriority[l.Kind]
		if !ok {
			p = 8
		}
		prio[i] = p
		for _, q := range quotes {
			if !l.Heading && strings.Contains(l.Text, q) {
				prio[i] = 0
				break
			}
		}
	}
	order := make([]int, 0, len(lines))
	for i, l := range lines {
		if !l.Heading && strings.TrimSpace(l.Text) != "" {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(x, y int) bool { return prio[order[x]] < prio[order[y]] })
	// heading[i] is the heading line of the section line i belongs to.
	heading := make([]int, len(lines))
	h := -1
	for i, l := range lines {
		if l.Heading {
			h = i
		}
		heading[i] = h
	}
	keep := make([]bool, len(lines))
	used := 0
	for _, i := range order {
		cost := len(lines[i].Text) + 1
		if hi := heading[i]; hi >= 0 && !keep[hi] {
			cost += len(lines[hi].Text) + 2
		}
		if used+cost > budget {
			continue
		}
		keep[i] = true
		if hi := heading[i]; hi >= 0 && !keep[hi] {
			keep[hi] = true
		}
		used += cost
	}
	var b strings.Builder
	var left []string
	leftCount := 0
	flushGap := func() {
		if leftCount == 0 {
			return
		}
		fmt.Fprintf(&b, "[… %d %s of %s left out to fit the model's context …]\n", leftCount, map[bool]string{true: "paragraph", false: "paragraphs"}[leftCount == 1], strings.Join(left, ", "))
		left, leftCount = nil, 0
	}
	for i, l := range lines {
		if keep[i] {
			if l.Heading {
				flushGap()
				if b.Len() > 0 {
					b.WriteByte('\n')
				}
			}
			if !l.Heading {
				flushGap()
			}
			b.WriteString(l.Text)
			b.WriteByte('\n')
			continue
		}
		if l.Heading || strings.TrimSpace(l.Text) == "" {
			continue
		}
		leftCount++
		name := sectionName(lines, heading[i])
		if len(left) == 0 || left[len(left)-1] != name {
			left = append(left, name)
		}
	}
	flushGap()
	return b.String()
}

// sectionName is the title a heading line gives its section ("Methods › Randomisation").
func sectionName(lines []domain.MarkdownLine, hi int) string {
	if hi < 0 {
		return "the text"
	}
	return strings.TrimLeft(lines[hi].Text, "# ")
}
