package judge

import (
	"fmt"
	"strings"
	"sync"

	"deepcritical/backend/domain"
	"deepcritical/backend/studydesign"
	"deepcritical/prompts"
)

// builtPrompt is a judge prompt and the combined version of the templates it came from.
type builtPrompt struct {
	system, user string
	version      string
	packed       Packed
	// cachePrefix is the length of the user prompt's head that repeats the previous
	// prompt of the run (question and already-judged evidence); 0 when nothing repeats.
	cachePrefix int
}

// judgedMemory remembers, per run, the canonical keys of the evidence shown in the last
// judge prompt, so the next prompt keeps them first and in the same order.
type judgedMemory struct {
	mu   sync.Mutex
	runs map[string]map[string]bool
}

func (j *Judge) judgedBefore(runID string) map[string]bool {
	if runID == "" {
		return nil
	}
	j.judged.mu.Lock()
	defer j.judged.mu.Unlock()
	return j.judged.runs[runID]
}

func (m *judgedMemory) remember(runID string, ev []domain.Evidence, items []prompts.EvidenceItem) {
	if runID == "" {
		return
	}
	keys := make(map[string]bool, len(items))
	for _, it := range items {
		if k := ev[it.N-1].CanonicalKey(); k != "" {
			keys[k] = true
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.runs == nil {
		m.runs = map[string]map[string]bool{}
	}
	m.runs[runID] = keys
}

// setAside marks the off-topic evidence (by input index): it never enters the prompt, not
// even by title; the prompt only counts it.
func setAside(ev []domain.Evidence) map[int]bool {
	skip := map[int]bool{}
	for i, e := range ev {
		if e.IsOffTopic() {
			skip[i] = true
		}
	}
	return skip
}

// cachePrefixOf returns the byte length of user's head up to the first evidence item that
// was not judged before (or up to the end of the evidence list when all were).
func cachePrefixOf(user string, items []prompts.EvidenceItem, ev []domain.Evidence, judged map[string]bool) int {
	if len(judged) == 0 {
		return 0
	}
	for _, it := range items {
		if !judged[ev[it.N-1].CanonicalKey()] {
			if i := strings.Index(user, fmt.Sprintf("### Evidence [%d]\n", it.N)); i > 0 {
				return i
			}
			return 0
		}
	}
	if i := strings.Index(user, "\n\n## Your task"); i > 0 {
		// Everything was judged before: the list is the same, the counts line may not be.
		if j := strings.LastIndex(user[:i], "</evidence>"); j > 0 {
			return j + len("</evidence>")
		}
	}
	return 0
}

// HeuristicsPromptData converts the heuristics for heuristics.md; evidence numbers for
// candidates come from their canonical keys.
func HeuristicsPromptData(h domain.Heuristics, ev []domain.Evidence) prompts.HeuristicsData {
	num := map[string]int{}
	for i, e := range ev {
		if k := e.CanonicalKey(); k != "" {
			if _, dup := num[k]; !dup {
				num[k] = i + 1
			}
		}
	}
	d := prompts.HeuristicsData{
		BaseScore: h.BaseScore, FinalScore: h.FinalScore,
		Observations: h.Observations, RedFlags: h.RedFlags, SuggestedQueries: h.SuggestedQueries,
	}
	for _, adj := range h.ScoreAdjustments {
		d.Adjustments = append(d.Adjustments, prompts.Adjustment{Reason: adj.Reason, Delta: adj.Delta})
	}
	for _, name := range []studydesign.Design{studydesign.MetaAnalysis, studydesign.SystematicReview, studydesign.RCT, studydesign.OtherClinical, studydesign.Observational, studydesign.Review, studydesign.Animal, studydesign.InVitro, studydesign.Unclassified} {
		if n := h.DesignCounts[string(name)]; n > 0 {
			d.DesignCounts = append(d.DesignCounts, prompts.Count{Name: name.Label(), N: n})
		}
	}
	for _, c := range h.Candidates {
		line := prompts.CandidateLine{Name: c.Name, Support: c.Support}
		for _, k := range c.Sources {
			if n, ok := num[k]; ok {
				line.Evidence = append(line.Evidence, n)
			}
		}
		d.Candidates = append(d.Candidates, line)
	}
	return d
}

// buildPrompt renders the system prompt, the heuristics section and the user prompt, with
// the evidence packed so that the whole prompt stays within the token budget.
func (j *Judge) buildPrompt(in Input, a *analysis) (builtPrompt, error) {
	sys, err := prompts.Render(prompts.JudgeSystem, nil)
	if err != nil {
		return builtPrompt{}, err
	}
	heur, err := prompts.Render(prompts.Heuristics, HeuristicsPromptData(a.h, in.Evidence))
	if err != nil {
		return builtPrompt{}, err
	}
	if len(in.Evidence) == 0 {
		user, err := prompts.Render(prompts.JudgeEmpty, prompts.JudgeEmptyData{Question: in.Question, HeuristicsSection: heur.Text})
		if err != nil {
			return builtPrompt{}, err
		}
		return builtPrompt{system: sys.Text, user: user.Text, version: prompts.CombineVersions(sys.Version, heur.Version, user.Version)}, nil
	}
	// The fixed part: system prompt and a user prompt with no items but the "left out" line.
	skeleton, err := prompts.Render(prompts.JudgeUser, prompts.JudgeUserData{Question: in.Question, Total: len(in.Evidence), Omitted: len(in.Evidence), HeuristicsSection: heur.Text,
		Understood: a.q.Summary(), Intervention: a.q.InterventionText(), NotTreatment: notTreatmentOf(a.q), AsksNoTreatment: !asksForTreatment(a.q)})
	if err != nil {
		return builtPrompt{}, err
	}
	budget := j.opts.TokenBudget
	skip := setAside(in.Evidence)
	fixed := EstimateTokens(sys.Text) + EstimateTokens(skeleton.Text) + 40
	judged := j.judgedBefore(in.RunID)
	opts := PackOptions{Skip: skip, Judged: judged, Passages: passagesOf(in, a, j.opts.PassageTokenCap)}
	packed := PackEvidenceWith(in.Evidence, in.Appraisals, a.designs, budget-fixed, j.opts.ItemTokenCap, opts)
	for {
		user, err := prompts.Render(prompts.JudgeUser, prompts.JudgeUserData{
			Question: in.Question, Evidence: packed.Items, Total: packed.Total, Omitted: packed.Omitted, HeuristicsSection: heur.Text,
			SetAside: len(skip), Understood: a.q.Summary(), Intervention: a.q.InterventionText(), NotTreatment: notTreatmentOf(a.q), AsksNoTreatment: !asksForTreatment(a.q),
		})
		if err != nil {
			return builtPrompt{}, err
		}
		total := EstimateTokens(sys.Text) + EstimateTokens(user.Text)
		// The per-item estimate is pessimistic, so this loop rarely runs twice; it guarantees
		// the budget even when it is not.
		if total <= budget || len(packed.Items) == 0 {
			return builtPrompt{system: sys.Text, user: user.Text, version: prompts.CombineVersions(sys.Version, heur.Version, user.Version), packed: packed,
				cachePrefix: cachePrefixOf(user.Text, packed.Items, in.Evidence, judged)}, nil
		}
		packed = dropLowestRanked(packed, in.Evidence, in.Appraisals, opts)
	}
}

// dropLowestRanked removes the included item that ranks last.
func dropLowestRanked(p Packed, ev []domain.Evidence, appraisals map[string]domain.Appraisal, o PackOptions) Packed {
	in := map[int]bool{}
	for _, it := range p.Items {
		in[it.N] = true
	}
	order := packOrder(ev, appraisals, o)
	for k := len(order) - 1; k >= 0; k-- {
		n := order[k] + 1
		if !in[n] {
			continue
		}
		items := make([]prompts.EvidenceItem, 0, len(p.Items)-1)
		for _, it := range p.Items {
			if it.N != n {
				items = append(items, it)
			} else {
				p.Tokens -= itemTokens(it)
			}
		}
		p.Items = items
		p.Omitted++
		return p
	}
	panic(fmt.Sprintf("dropLowestRanked: %d items but none ranked", len(p.Items)))
}

// passagesOf are the full-text passages of the on-topic trials read in full, by input index.
func passagesOf(in Input, a *analysis, capTokens int) map[int]string {
	if len(in.FullTexts) == 0 {
		return nil
	}
	out := map[int]string{}
	for i, e := range in.Evidence {
		if e.IsOffTopic() || i >= len(a.designs) || !isTrial(a.designs[i]) {
			continue
		}
		ft, ok := in.FullTexts[e.CanonicalKey()]
		if !ok || e.CanonicalKey() == "" || !ft.HasBody() {
			continue
		}
		if p := Passages(ft, a.q, capTokens*4); p != "" {
			out[i] = p
		}
	}
	return out
}

// notTreatmentOf is what a question naming an intervention asks instead of whether it
// treats (notATreatment), "" for a treatment question.
func notTreatmentOf(q domain.ParsedQuestion) string { return notATreatment(q) }
