package verify

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/verify/grounding"
	"deepcritical/prompts"
)

// verdictAnswer is the schema the LLM fills: domain.Verdict with convergence_estimate
// required (strict structured output has no optional fields).
type verdictAnswer struct {
	Pass                bool     `json:"pass"`
	Reason              string   `json:"reason" jsonschema:"minLength=1"`
	MissingItems        []string `json:"missing_items"`
	QuestionsForUser    []string `json:"questions_for_user"`
	ForwardProgress     bool     `json:"forward_progress"`
	ConvergenceEstimate float64  `json:"convergence_estimate" jsonschema:"minimum=0,maximum=1"`
	SuggestedNextSteps  []string `json:"suggested_next_steps"`
}

// verdictSchema is derived on first use, not when the program starts.
var verdictSchema = sync.OnceValue(func() *llm.Schema { return llm.MustSchemaFor[verdictAnswer]("report_verdict") })

// VerdictSchema returns the strict JSON schema of the LLM verdict.
func VerdictSchema() llm.Schema {
	s := *verdictSchema()
	s.JSON = append([]byte(nil), s.JSON...)
	return s
}

func (a verdictAnswer) verdict() domain.Verdict {
	ce := a.ConvergenceEstimate
	return domain.Verdict{Pass: a.Pass, Reason: a.Reason, MissingItems: uniq(a.MissingItems), QuestionsForUser: uniq(a.QuestionsForUser),
		ForwardProgress: a.ForwardProgress, ConvergenceEstimate: &ce, SuggestedNextSteps: uniq(a.SuggestedNextSteps)}
}

// verifyTemplateChars is room for the user template's own words and the schema.
const verifyTemplateChars = 3000

// perItemChars caps one evidence item's content in the verify prompt; the verifier needs the
// claim-bearing text, and the budget is shared by every item.
const perItemChars = 2400

func (v *Verifier) llmVerdict(ctx context.Context, in Input, checks grounding.Checks) (domain.Verdict, error) {
	var problems []string
	for _, it := range checks.Items {
		if !it.Supported {
			problems = append(problems, fmt.Sprintf("%s %q: %s", it.Kind, it.Item, it.Detail))
		}
	}
	data := prompts.VerifyUserData{
		Question: in.Question, Report: in.Markdown, GroundingProblems: problems, Fingerprint: Fingerprint(in.Markdown),
	}
	sys, err := prompts.Render("verify_system.md", nil)
	if err != nil {
		return domain.Verdict{}, fmt.Errorf("render verify_system: %w", err)
	}
	// The budget bounds the whole prompt: the evidence gets what the system prompt, the
	// report and the grounding problems leave (about 4 characters a token), so a long report
	// shows less evidence instead of overflowing a small model's context.
	budget := v.opts.TokenBudget*4 - len(sys.Text) - len(in.Markdown) - len(strings.Join(problems, "\n")) - verifyTemplateChars
	used := 0
	for i, ev := range in.Evidence {
		if ev.IsOffTopic() {
			// Never put in an LLM prompt; the model is told which numbers they are.
			data.SetAside = append(data.SetAside, i+1)
			continue
		}
		item := evidenceItem(i+1, ev)
		if used+len(item.Content)+len(item.Title) > budget {
			data.Omitted++
			continue
		}
		used += len(item.Content) + len(item.Title)
		data.Evidence = append(data.Evidence, item)
	}
	for _, p := range in.Previous {
		data.Previous = append(data.Previous, prompts.PreviousVerdict{Pass: p.Pass, Reason: p.Reason, MissingItems: p.MissingItems})
	}
	user, err := prompts.Render("verify_user.md", data)
	if err != nil {
		return domain.Verdict{}, fmt.Errorf("render verify_user: %w", err)
	}
	schema := VerdictSchema()
	req := llm.Request{System: sys.Text, Messages: []llm.Message{{Role: "user", Content: user.Text}}, Schema: &schema, Model: v.opts.Info.Model}
	ans, _, err := llm.Generate(ctx, v.opts.Client, req, llm.Options[verdictAnswer]{
		Validate: func(a *verdictAnswer) error {
			if strings.TrimSpace(a.Reason) == "" {
				return fmt.Errorf("reason must not be empty")
			}
			if a.ConvergenceEstimate < 0 || a.ConvergenceEstimate > 1 {
				return fmt.Errorf("convergence_estimate must be 0–1, got %g", a.ConvergenceEstimate)
			}
			if a.Pass && len(problems) > 0 && len(a.MissingItems) == 0 {
				return fmt.Errorf("pass is true although code found grounding problems; explain them in missing_items or set pass to false")
			}
			return nil
		},
		Attempts: v.opts.Attempts, Models: v.opts.Info.Models, Recorder: v.opts.Recorder, RunID: in.RunID,
		Purpose: "verify", PromptVersion: prompts.CombineVersions(sys.Version, user.Version), Provider: v.opts.Info.Provider,
	})
	if err != nil {
		return domain.Verdict{}, err
	}
	return ans.verdict(), nil
}

func evidenceItem(n int, ev domain.Evidence) prompts.EvidenceItem {
	c := ev.Citation
	var ids []string
	for _, id := range []struct{ k, v string }{{"PMID", c.PMID}, {"DOI", c.DOI}, {"", c.NCTID}, {"", c.PMCID}} {
		if id.v != "" {
			ids = append(ids, strings.TrimSpace(id.k+" "+id.v))
		}
	}
	text := grounding.EvidenceText(ev)
	text = strings.TrimSpace(strings.TrimPrefix(text, c.Title))
	item := prompts.EvidenceItem{N: n, Source: string(c.Source), Title: c.Title, Date: c.Date, IDs: strings.Join(ids, ", "), URL: c.URL, Content: text}
	if len(text) > perItemChars {
		cut := strings.LastIndex(text[:perItemChars], ". ")
		if cut < perItemChars/2 {
			cut = perItemChars
		}
		item.Content, item.Trimmed, item.FullChars = strings.ToValidUTF8(strings.TrimSpace(text[:cut+1]), ""), true, len(text)
	}
	return item
}
