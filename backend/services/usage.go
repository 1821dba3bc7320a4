package services

import (
	"context"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/judge"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/ollama"
	"deepcritical/backend/store"
)

// CallKindUsage is what one kind of LLM call (judge, appraisal, narrative, verifier) cost
// a run: calls (and how many failed), tokens (cached = served from the provider's prompt
// cache, part of input), summed latency and cost. CostKnown is false when some call had no
// price (a model missing from the dated price table, a compatible server): the cost is then
// "unknown", never a 0 presented as a fact.
type CallKindUsage struct {
	Kind string `json:"kind"`
	// Provider and Model name the judge of a re-judgement's row (RunUsage.Rejudges), whose
	// calls are one judge's; empty on the run's own rows, which may mix models.
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
	domain.CallTotals
	CostKnown bool `json:"cost_known"`
	// Local is set when every call ran on this machine (Ollama on loopback): no cost.
	Local bool `json:"local"`
}

// RunUsage is a run's LLM usage per call kind and in total. Costs are estimates from a
// price table dated PriceTableDate unless the provider reported them.
type RunUsage struct {
	Kinds []CallKindUsage `json:"kinds"`
	Total CallKindUsage   `json:"total"`
	// Rejudges are the calls of re-judgements made after the run with another judge
	// (History's Re-judge, `history rejudge`), one row per judge and model. They are not the
	// run's own calls, so neither Kinds nor Total counts them: an offline run re-judged by
	// OpenAI still made no LLM call of its own.
	Rejudges       []CallKindUsage `json:"rejudges"`
	PriceTableDate string          `json:"price_table_date"`
}

// kindOrder is the display order of the call kinds; others follow in recording order.
var kindOrder = []string{judge.PurposeJudge, "appraisal", "narrative", "verify"}

// isRejudge says whether a row of calls is a re-judgement's: recorded as one
// (judge.PurposeRejudge), or, recorded before re-judgements were told apart, judge calls
// made by another provider than the run's own judge (a run's judge calls are all its own
// provider's, its fallback models too).
func isRejudge(r store.LLMUsage, runJudge domain.Provider) bool {
	if r.Purpose == judge.PurposeRejudge {
		return true
	}
	return r.Purpose == judge.PurposeJudge && runJudge != "" && r.Provider != string(runJudge)
}

// usageOf folds the store's per-model sums into call kinds; runJudge is the run's own judge,
// which tells the calls of a re-judgement recorded before they were labelled as such.
func usageOf(rows []store.LLMUsage, runJudge domain.Provider) RunUsage {
	out := RunUsage{PriceTableDate: llm.PriceTableDate, Total: CallKindUsage{Kind: "total", CostKnown: true, Local: true}, Rejudges: []CallKindUsage{}}
	byKind := map[string]*CallKindUsage{}
	rejudges := map[[2]string]int{}
	var order []string
	for _, r := range rows {
		local := r.Provider == string(domain.ProviderOllama) && !ollama.IsCloudModel(r.Model)
		known := local || llm.PriceKnown(r.Model) || r.Priced >= r.Calls-r.Failed
		if isRejudge(r, runJudge) {
			key := [2]string{r.Provider, r.Model}
			i, ok := rejudges[key]
			if !ok {
				i = len(out.Rejudges)
				rejudges[key] = i
				out.Rejudges = append(out.Rejudges, CallKindUsage{Kind: judge.PurposeRejudge, Provider: r.Provider, Model: r.Model, CostKnown: true, Local: true})
			}
			u := &out.Rejudges[i]
			u.Add(r.CallTotals)
			u.CostKnown = u.CostKnown && known
			u.Local = u.Local && local
			continue
		}
		k := byKind[r.Purpose]
		if k == nil {
			k = &CallKindUsage{Kind: r.Purpose, CostKnown: true, Local: true}
			byKind[r.Purpose] = k
			order = append(order, r.Purpose)
		}
		for _, u := range []*CallKindUsage{k, &out.Total} {
			u.Add(r.CallTotals)
			u.CostKnown = u.CostKnown && known
			u.Local = u.Local && local
		}
	}
	seen := map[string]bool{}
	for _, k := range append(append([]string{}, kindOrder...), order...) {
		if u := byKind[k]; u != nil && !seen[k] {
			seen[k] = true
			out.Kinds = append(out.Kinds, *u)
		}
	}
	if out.Kinds == nil {
		out.Kinds = []CallKindUsage{}
		out.Total.Local = false
	}
	return out
}

// Usage sums the LLM calls recorded for a run (judge, appraisal, narrative, verifier).
func (h *HistoryService) Usage(runID string) (RunUsage, error) {
	st, err := h.store.get()
	if err != nil {
		return RunUsage{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), historyTimeout)
	defer cancel()
	run, err := st.GetRun(ctx, strings.TrimSpace(runID))
	if err != nil {
		return RunUsage{}, err
	}
	rows, err := st.LLMUsageForRun(ctx, run.ID)
	if err != nil {
		return RunUsage{}, err
	}
	return usageOf(rows, run.Judge.Provider), nil
}
