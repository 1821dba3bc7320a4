package grounding

import (
	"regexp"
	"strconv"
	"strings"

	"deepcritical/backend/domain"
)

// CheckKind names what a check looked at.
type CheckKind string

// The check kinds of a report verification.
const (
	KindCandidate    CheckKind = "candidate"
	KindFinding      CheckKind = "finding"
	KindCitation     CheckKind = "citation"
	KindPlaceholder  CheckKind = "placeholder"
	KindQuestionTerm CheckKind = "question_term"
	// KindIntervention checks that a report on a question naming an intervention has at
	// least one finding or candidate that involves it ("✔ Verified" on a report that never
	// studies the named drug would be a lie).
	KindIntervention CheckKind = "intervention"
)

// Check is the result of one deterministic check on one item of a report.
type Check struct {
	Kind      CheckKind `json:"kind"`
	Item      string    `json:"item"`
	Supported bool      `json:"supported"`
	// Evidence lists the 1-based numbers of the evidence supporting the item.
	Evidence []int `json:"evidence,omitempty"`
	// Score is the best content-word overlap for findings (0–1).
	Score  float64 `json:"score,omitempty"`
	Detail string  `json:"detail,omitempty"`
}

// Checks is what verification stores beside a verdict (the verdicts table's checks column)
// and what the report reads back to flag unsupported items.
type Checks struct {
	Items            []Check         `json:"items"`
	Passed           bool            `json:"passed"`
	FindingThreshold float64         `json:"finding_threshold"`
	LLMVerdict       *domain.Verdict `json:"llm_verdict,omitempty"`
	LLMJudge         string          `json:"llm_judge,omitempty"`
	LLMError         string          `json:"llm_error,omitempty"`
}

// Unsupported returns the items of the given kind that failed their check.
func (c Checks) Unsupported(kind CheckKind) []string {
	var out []string
	for _, it := range c.Items {
		if it.Kind == kind && !it.Supported {
			out = append(out, it.Item)
		}
	}
	return out
}

// citationRef matches "[3]", "[3, 7]", "[2-4]" and "[2–4]". A Markdown link "[3](url)" is
// a reference too; "[x]" with letters is not.
var citationRef = regexp.MustCompile(`\[(\d+(?:\s*[,;–-]\s*\d+)*)\]`)

var citationPart = regexp.MustCompile(`\d+|[–-]`)

// CitationNumbers returns every citation number referenced in text, in ascending order
// without duplicates. Ranges like [2-4] expand to 2, 3, 4 (bounded to 1,000 numbers so a
// hostile "[1-999999999]" cannot blow up).
func CitationNumbers(text string) []int {
	set := map[int]bool{}
	for _, m := range citationRef.FindAllStringSubmatch(text, -1) {
		parts := citationPart.FindAllString(m[1], -1)
		for i := 0; i < len(parts); i++ {
			if parts[i] == "-" || parts[i] == "–" {
				continue
			}
			n, err := strconv.Atoi(parts[i])
			if err != nil {
				continue
			}
			set[n] = true
			if i+2 < len(parts) && (parts[i+1] == "-" || parts[i+1] == "–") {
				end, err := strconv.Atoi(parts[i+2])
				if err == nil && end > n && end-n <= 1000 {
					for k := n + 1; k <= end; k++ {
						set[k] = true
					}
				}
			}
		}
	}
	return sortedKeys(set)
}

// placeholder patterns: the markers a template or a careless model leaves behind.
var placeholders = []struct {
	name string
	re   *regexp.Regexp
}{
	{"TODO", regexp.MustCompile(`\bTODO\b|\bTBD\b|\bFIXME\b`)},
	{"lorem ipsum", regexp.MustCompile(`(?i)\blorem ipsum\b`)},
	{"[citation needed]", regexp.MustCompile(`(?i)\[\s*citation needed\s*\]`)},
	{"XXX", regexp.MustCompile(`\bXXX+\b`)},
	{"insert …", regexp.MustCompile(`(?i)[\[<{(]\s*insert\b|\binsert\s+(?:here|citation|reference|drug|name|text|finding|number)\b`)},
	{"template field", regexp.MustCompile(`\{\{[^}]*\}\}|<no value>`)},
}

// Placeholders returns the names of the placeholder patterns found in text, in a fixed order.
func Placeholders(text string) []string {
	var out []string
	for _, p := range placeholders {
		if p.re.MatchString(text) {
			out = append(out, p.name)
		}
	}
	return out
}

// Unique returns the ints sorted and deduplicated.
func Unique(ns []int) []int {
	set := map[int]bool{}
	for _, n := range ns {
		set[n] = true
	}
	return sortedKeys(set)
}

// FormatCitations writes evidence numbers as "[1], [4]", the form CitationNumbers reads back.
func FormatCitations(ns []int) string {
	ns = Unique(ns)
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = "[" + strconv.Itoa(n) + "]"
	}
	return strings.Join(parts, ", ")
}
