package services

import (
	"context"

	"deepcritical/backend/domain"
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
	domain.CallTotals
	CostKnown bool `json:"cost_known"`
	// Local is set when every call ran on this machine (Ollama on loopback): no cost.
	Local bool `json:"local"`
}

// RunUsage is a run's LLM usage per call kind and in total. Costs are estimates from a
// price table dated PriceTableDate unless the provider reported them.
type RunUsage struct {
	Kinds          []CallKindUsage `json:"kinds"`
	Total          CallKindUsage   `json:"total"`
	PriceTableDate string          `json:"price_table_date"`
}

// kindOrder is the display order of the call kinds; others follow in recording order.
var kindOrder = []string{"judge", "appraisal", "narrative", "verify"}

// usageOf folds the store's per-model sums into call kinds.
func usageOf(rows []store.LLMUsage) RunUsage {
	out := RunUsage{PriceTableDate: llm.PriceTableDate, Total: CallKindUsage{Kind: "total", CostKnown: true, Local: true}}
	byKind := map[string]*CallKindUsage{}
	var order []string
	for _, r := range rows {
		k := byKind[r.Purpose]
		if k == nil {
			k = &CallKindUsage{Kind: r.Purpose, CostKnown: true, Local: true}
			byKind[r.Purpose] = k
			order = append(order, r.Purpose)
		}
		local := r.Provider == string(domain.ProviderOllama) && !ollama.IsCloudModel(r.Model)
		known := local || llm.PriceKnown(r.Model) || r.Priced >= r.Calls-r.Failed
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
	rows, err := st.LLMUsageForRun(ctx, runID)
	if err != nil {
		return RunUsage{}, err
	}
	return usageOf(rows), nil
}
