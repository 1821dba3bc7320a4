package llm

import (
	"strings"

	"deepcritical/backend/domain"
)

// price is USD per million input and output tokens.
type price struct{ in, out float64 }

// PriceTableDate is when the list prices below were last checked against the providers'
// published pricing pages. Every cost shown from this table is labelled an estimate "as of"
// this date; a model not in the table has an unknown cost, never 0 presented as a fact.
const PriceTableDate = "2026-11-23"

// prices are list prices of common hosted models (per 1M tokens) used to estimate a call's
// cost for the audit log when the provider does not report one. Matching is by prefix on
// the model name, longest first, so dated snapshots share their family's price.
var prices = []struct {
	prefix string
	p      price
}{
	{"gpt-4o-mini", price{0.15, 0.60}},
	{"gpt-4o", price{2.50, 10}},
	{"gpt-4.1-nano", price{0.10, 0.40}},
	{"gpt-4.1-mini", price{0.40, 1.60}},
	{"gpt-4.1", price{2, 8}},
	{"gpt-5-nano", price{0.05, 0.40}},
	{"gpt-5-mini", price{0.25, 2}},
	{"gpt-5", price{1.25, 10}},
	{"o4-mini", price{1.10, 4.40}},
	{"o3-mini", price{1.10, 4.40}},
	{"claude-3-5-haiku", price{0.80, 4}},
	{"claude-haiku-4", price{1, 5}},
	{"claude-3-5-sonnet", price{3, 15}},
	{"claude-3-7-sonnet", price{3, 15}},
	{"claude-sonnet-4", price{3, 15}},
	{"claude-opus-4", price{15, 75}},
	{"claude-opus-4-1", price{15, 75}},
	// Opus 4.5 and later are priced at a third of Opus 4/4.1.
	{"claude-opus-4-5", price{5, 25}},
	{"claude-opus-4-6", price{5, 25}},
	{"claude-opus-4-7", price{5, 25}},
}

// Cache multipliers of Anthropic's prompt caching: a 5-minute cache write costs 1.25x the
// input price, a cache read 0.1x.
const (
	cacheWriteFactor = 1.25
	cacheReadFactor  = 0.10
)

// PriceKnown reports whether the table has a price for model (else its cost is unknown).
func PriceKnown(model string) bool { _, ok := lookup(model); return ok }

// EstimateCostCached is EstimateCost for a prompt split into uncached, cache-written and
// cache-read tokens (Anthropic's usage fields).
func EstimateCostCached(model string, uncached, cacheWrite, cacheRead, outputTokens int) float64 {
	p, ok := lookup(model)
	if !ok {
		return 0
	}
	in := float64(uncached) + cacheWriteFactor*float64(cacheWrite) + cacheReadFactor*float64(cacheRead)
	return (in*p.in + float64(outputTokens)*p.out) / 1e6
}

func lookup(model string) (price, bool) {
	m := strings.ToLower(model)
	if i := strings.LastIndexByte(m, '/'); i >= 0 {
		m = m[i+1:]
	}
	best := -1
	for i, p := range prices {
		if strings.HasPrefix(m, p.prefix) && (best < 0 || len(p.prefix) > len(prices[best].prefix)) {
			best = i
		}
	}
	if best < 0 {
		return price{}, false
	}
	return prices[best].p, true
}

// EstimateCost returns the list-price cost of a call in USD, or 0 for unknown and local
// models (the audit log then shows no cost rather than a made-up one).
func EstimateCost(model string, inputTokens, outputTokens int) float64 {
	p, ok := lookup(model)
	if !ok {
		return 0
	}
	return (float64(inputTokens)*p.in + float64(outputTokens)*p.out) / 1e6
}

// AnthropicUsage is the usage object of Anthropic's Messages API, which `claude -p` echoes
// in its JSON result. Its input_tokens counts only the uncached part of the prompt; the
// prompt is all three input counts.
type AnthropicUsage struct {
	InputTokens              int `json:"input_tokens"`
	OutputTokens             int `json:"output_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
}

// Apply sets r's token counts from u: InputTokens is the whole prompt (uncached, cache
// write and cache read), CachedTokens the cache read, CacheWriteTokens the cache write.
func (u AnthropicUsage) Apply(r *Response) {
	r.InputTokens = u.InputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens
	r.OutputTokens = u.OutputTokens
	r.CachedTokens, r.CacheWriteTokens = u.CacheReadInputTokens, u.CacheCreationInputTokens
}

// AnthropicStop reads the Messages API's stop_reason, which `claude -p` echoes too, into r:
// an answer cut at the token limit or the context window is marked truncated, and a refusal
// is an error of provider p.
func AnthropicStop(r *Response, p domain.Provider, model, stopReason string) *Error {
	switch stopReason {
	case "max_tokens", "model_context_window_exceeded":
		r.Truncated = true
		r.Notes = "answer cut off (stop_reason " + stopReason + ")"
	case "refusal":
		return &Error{Kind: KindRefused, Provider: p, Model: model, Message: "the model declined to answer (stop_reason refusal)"}
	}
	return nil
}

// Cost estimates the call's cost for model from u at list prices (cache writes and reads
// priced as the provider does); 0 for a model not in the table.
func (u AnthropicUsage) Cost(model string) float64 {
	return EstimateCostCached(model, u.InputTokens, u.CacheCreationInputTokens, u.CacheReadInputTokens, u.OutputTokens)
}
