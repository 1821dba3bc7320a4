package judge

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"deepcritical/backend/domain"
	"deepcritical/backend/studydesign"
	"deepcritical/prompts"
)

// DefaultTokenBudget is the prompt budget for local models with an 8k context (issue 4).
const DefaultTokenBudget = 8000

// DefaultItemTokenCap is the size above which one evidence item is trimmed. Typical
// abstracts (1,500–3,000 characters, 400–750 tokens) stay whole; full texts and long
// registry records are cut at a sentence boundary.
const DefaultItemTokenCap = 1200

// itemOverheadTokens covers an item's Markdown scaffolding (heading, bullets, fences).
const itemOverheadTokens = 24

// EstimateTokens approximates a token count as characters/4, rounded up. No maintained
// pure-Go tokenizer covers the models we talk to (Llama, Mistral, Claude, GPT) without
// downloading vocabularies, and the packer only needs a stable, slightly pessimistic figure.
func EstimateTokens(s string) int {
	return (utf8.RuneCountInString(s) + 3) / 4
}

// Packed is the evidence selected for one prompt.
type Packed struct {
	// Items are in evidence-number order; N is the item's 1-based position in the input.
	Items []prompts.EvidenceItem
	// Omitted counts the items left out to fit the budget.
	Omitted int
	// Total is the number of input items.
	Total int
	// Tokens is the estimated size of the included items.
	Tokens int
}

// PromptItem turns one piece of evidence into the numbered item the templates show.
func PromptItem(n int, e domain.Evidence, design studydesign.Design, ap *domain.Appraisal) prompts.EvidenceItem {
	c := e.Citation
	ids := c.ReferenceIDs("DOI ")
	for _, r := range c.Registry {
		if r != c.NCTID {
			ids = append(ids, r)
		}
	}
	label := design.Label()
	if tr := c.Trial; tr != nil {
		var facts []string
		if p, _ := normalizePhase(tr.Phase); p != "" {
			facts = append(facts, p)
		}
		if tr.Status != "" {
			facts = append(facts, strings.ToLower(strings.ReplaceAll(tr.Status, "_", " ")))
		}
		if tr.Enrollment > 0 {
			facts = append(facts, fmt.Sprintf("n=%d", tr.Enrollment))
		}
		if len(facts) > 0 {
			label += " (registered trial: " + strings.Join(facts, ", ") + ")"
		}
	}
	if len(retractionNotices(c)) > 0 {
		label += " — RETRACTED"
	}
	content := strings.TrimSpace(e.Content)
	if content == "" {
		content = domain.SectionsText(c.Sections)
	}
	return prompts.EvidenceItem{
		N: n, Source: string(c.Source), Title: c.Title, Date: c.Date, Design: label,
		IDs: strings.Join(ids, " · "), URL: c.URL, Quality: qualityLine(ap), Content: content,
	}
}

func qualityLine(ap *domain.Appraisal) string {
	if ap == nil {
		return ""
	}
	var parts []string
	for _, d := range ap.Dimensions {
		if d.Status != domain.StatusAssessed {
			continue
		}
		switch d.Name {
		case domain.DimensionQuality:
			parts = append(parts, fmt.Sprintf("methodological quality %.1f/10", d.Score))
		case domain.DimensionRiskOfBias:
			parts = append(parts, fmt.Sprintf("risk of bias %.1f/10 (higher = lower risk)", d.Score))
		}
	}
	return strings.Join(parts, ", ")
}

func itemTokens(it prompts.EvidenceItem) int {
	n := itemOverheadTokens + EstimateTokens(it.Title) + EstimateTokens(it.Design) + EstimateTokens(it.IDs) +
		EstimateTokens(it.URL) + EstimateTokens(it.Quality) + EstimateTokens(it.Content) + 4
	if it.FullText != "" {
		n += itemOverheadTokens + EstimateTokens(it.FullText)
	}
	return n
}

// PackEvidence selects evidence for a prompt within budget tokens. Items are ranked by
// appraisal weight (when appraisals are given), then relevance, then input order; each is
// included whole when it fits and skipped when it does not (a later, smaller item may
// still fit). An item longer than itemCap tokens on its own is first trimmed at a sentence
// boundary. Included items keep their input numbers, so "[n]" is stable across prompts.
func PackEvidence(ev []domain.Evidence, appraisals map[string]domain.Appraisal, designs []studydesign.Design, budget, itemCap int) Packed {
	return PackEvidenceWith(ev, appraisals, designs, budget, itemCap, PackOptions{})
}

// PackOptions steer PackEvidenceWith for prompt caching and relevance.
type PackOptions struct {
	// Skip marks input indexes left out of the prompt on purpose (off-topic evidence,
	// which is named separately and never counted as omitted for the budget).
	Skip map[int]bool
	// Judged holds the canonical keys of evidence shown in this run's previous judge
	// prompt. They are packed first, in input order, so the prompt's head stays
	// byte-identical from one iteration to the next (providers cache it) and new evidence
	// comes last.
	Judged map[string]bool
	// Passages are, by input index, the full-text passages shown with an on-topic trial
	// read in full (see Passages); an item whose passages do not fit is shown without them.
	Passages map[int]string
}

// packOrder is the order items are offered to the budget: evidence already judged first
// (input order), then the rest best-ranked first; skipped indexes are left out.
func packOrder(ev []domain.Evidence, appraisals map[string]domain.Appraisal, o PackOptions) []int {
	var first, rest []int
	for _, i := range rankEvidence(ev, appraisals) {
		switch {
		case o.Skip[i]:
		case o.Judged[ev[i].CanonicalKey()] && ev[i].CanonicalKey() != "":
			first = append(first, i)
		default:
			rest = append(rest, i)
		}
	}
	sort.Ints(first)
	return append(first, rest...)
}

// PackEvidenceWith is PackEvidence with caching-friendly order and skipped items.
func PackEvidenceWith(ev []domain.Evidence, appraisals map[string]domain.Appraisal, designs []studydesign.Design, budget, itemCap int, o PackOptions) Packed {
	if itemCap <= 0 {
		itemCap = DefaultItemTokenCap
	}
	p := Packed{Total: len(ev)}
	order := packOrder(ev, appraisals, o)
	chosen := []prompts.EvidenceItem{}
	for _, i := range order {
		var ap *domain.Appraisal
		if x, ok := appraisals[ev[i].CanonicalKey()]; ok {
			ap = &x
		}
		d := studydesign.Unclassified
		if i < len(designs) {
			d = designs[i]
		}
		it := PromptItem(i+1, ev[i], d, ap)
		if EstimateTokens(it.Content) > itemCap {
			full := utf8.RuneCountInString(it.Content)
			it.Content = TrimToSentences(it.Content, itemCap*4)
			it.Trimmed = true
			it.FullChars = full
		}
		it.FullText = o.Passages[i]
		cost := itemTokens(it)
		if cost > budget-p.Tokens && it.FullText != "" {
			it.FullText = ""
			cost = itemTokens(it)
		}
		if cost > budget-p.Tokens {
			p.Omitted++
			continue
		}
		p.Tokens += cost
		chosen = append(chosen, it)
	}
	sort.Slice(chosen, func(a, b int) bool { return chosen[a].N < chosen[b].N })
	p.Items = chosen
	return p
}

// rankEvidence returns input indexes, best first.
func rankEvidence(ev []domain.Evidence, appraisals map[string]domain.Appraisal) []int {
	weight := make([]float64, len(ev))
	has := make([]bool, len(ev))
	for i, e := range ev {
		if a, ok := appraisals[e.CanonicalKey()]; ok && e.CanonicalKey() != "" {
			weight[i], has[i] = a.Weight, true
		}
	}
	order := make([]int, len(ev))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool {
		i, j := order[x], order[y]
		if len(appraisals) > 0 {
			if has[i] != has[j] {
				return has[i]
			}
			if weight[i] != weight[j] {
				return weight[i] > weight[j]
			}
		}
		return ev[i].Relevance > ev[j].Relevance
	})
	return order
}

// abbreviations end with a period without ending a sentence.
var abbreviations = map[string]bool{"e.g": true, "i.e": true, "al": true, "vs": true, "fig": true, "figs": true, "approx": true, "no": true, "dr": true, "ref": true, "cf": true}

// sentenceEnd returns the index just past the first sentence end at or after from, or -1.
// A sentence ends at '.', '!' or '?' followed by whitespace (or the end of the text), unless
// the word before the period is a known abbreviation or a single letter (initials); a line
// break also ends one, since structured abstracts put each section on its own line.
func sentenceEnd(s string, from int) int {
	for i := from; i < len(s); i++ {
		ch := s[i]
		if ch == '\n' && i > from {
			return i
		}
		if ch != '.' && ch != '!' && ch != '?' {
			continue
		}
		if i+1 < len(s) && !unicode.IsSpace(rune(s[i+1])) {
			continue
		}
		if ch == '.' {
			start := i
			for start > 0 && !unicode.IsSpace(rune(s[start-1])) {
				start--
			}
			word := strings.ToLower(strings.TrimLeft(s[start:i], "(["))
			if abbreviations[word] || (len(word) == 1 && unicode.IsLetter(rune(word[0]))) {
				continue
			}
		}
		return i + 1
	}
	return -1
}

// TrimToSentences cuts s to at most limit characters (runes) at the last sentence boundary.
// When even the first sentence is longer, it cuts at the last space and adds an ellipsis.
func TrimToSentences(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	// Work in bytes on the prefix holding limit runes.
	prefixBytes := len(s)
	n := 0
	for i := range s {
		if n == limit {
			prefixBytes = i
			break
		}
		n++
	}
	best := -1
	for pos := 0; ; {
		end := sentenceEnd(s, pos)
		if end < 0 || end > prefixBytes {
			break
		}
		best = end
		pos = end
	}
	if best > 0 {
		return strings.TrimSpace(s[:best])
	}
	cut := strings.LastIndexFunc(s[:prefixBytes], unicode.IsSpace)
	if cut <= 0 {
		cut = prefixBytes
	}
	return strings.TrimSpace(s[:cut]) + " …"
}
