package llm

import "strings"

// price is USD per million input and output tokens.
type price struct{ in, out float64 }

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
}

// EstimateCost returns the list-price cost of a call in USD, or 0 for unknown and local
// models (the audit log then shows no cost rather than a made-up one).
func EstimateCost(model string, inputTokens, outputTokens int) float64 {
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
		return 0
	}
	p := prices[best].p
	return (float64(inputTokens)*p.in + float64(outputTokens)*p.out) / 1e6
}
