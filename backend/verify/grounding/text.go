// Package grounding matches the claims of a report (drug candidates, key findings, citation
// numbers) against the stored evidence text. It is shared by backend/report, which uses it to
// attach supporting citation numbers to each claim, and backend/verify, which uses it to flag
// unsupported claims, so both always agree on what "supported" means. It depends on domain only.
package grounding

import (
	"strings"
	"unicode"
)

// Normalize lower-cases s, drops possessive "'s", and turns every run of characters that is
// not a letter or a digit (hyphens, dashes, slashes, punctuation) into one space. Matching on
// the result makes "Anti-Amyloid" and "anti amyloid" equal.
func Normalize(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("’s", "", "'s", "", "’", "", "'", "").Replace(s)
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			space = false
			continue
		}
		if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

// Stem reduces an English plural to its singular with a few suffix rules. It is deliberately
// light (no Porter stemmer): "inhibitors"→"inhibitor", "therapies"→"therapy", "analyses"→"analys"
// on both sides of a comparison, which is all plural-insensitive matching needs. Words ending in
// "ss", "us", "is" and short words are left alone ("mass", "virus", "analysis", "gas").
func Stem(w string) string {
	n := len(w)
	if n <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "zes"):
		return w[:n-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:n-1]
	}
	return w
}

// Tokens returns the stemmed tokens of the normalised text.
func Tokens(s string) []string {
	f := strings.Fields(Normalize(s))
	for i, w := range f {
		f[i] = Stem(w)
	}
	return f
}

// stopwords are function words and generic research words that carry no claim. They are
// ignored when measuring the overlap between a finding and an evidence text, and when picking
// the key terms of a question.
var stopwords = setOf(
	"a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any", "are", "as", "at",
	"be", "because", "been", "before", "being", "between", "both", "but", "by", "can", "could", "did", "do", "doe",
	"does", "doing", "during", "each", "either", "few", "for", "from", "further", "had", "has", "have", "having", "he",
	"her", "here", "hers", "him", "his", "how", "however", "i", "if", "in", "into", "is", "it", "its", "itself", "may",
	"me", "might", "more", "most", "much", "must", "my", "no", "nor", "not", "of", "off", "on", "once", "only", "or",
	"other", "our", "out", "over", "own", "same", "shall", "she", "should", "so", "some", "such", "than", "that", "the",
	"their", "them", "then", "there", "these", "they", "this", "those", "through", "thu", "thus", "to", "too", "under",
	"until", "up", "upon", "us", "very", "via", "wa", "was", "we", "were", "what", "when", "where", "whether", "which",
	"while", "who", "whom", "why", "will", "with", "within", "without", "would", "you", "your", "yet",
)

// genericQuestionWords are words of a research question that say what kind of answer is
// wanted rather than what it is about; a report does not have to repeat them.
var genericQuestionWords = setOf(
	"drug", "medication", "medicine", "repurpose", "repurposed", "repurposing", "treat", "treatment", "treating",
	"therapy", "therapie", "therapeutic", "effective", "effect", "efficacy", "promise", "promising", "show", "use",
	"used", "using", "evidence", "existing", "potential", "potentially", "candidate", "option", "work", "help", "role",
	"new", "novel", "best", "current", "known", "approved", "study", "research", "patient", "people", "condition",
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// ContentWords returns the distinct stemmed content words of s in order of first appearance:
// stopwords are dropped, and so are one-letter tokens.
func ContentWords(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range Tokens(s) {
		if len([]rune(w)) < 2 || stopwords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

// KeyTerms returns the content words of a question that name what it is about, leaving out
// generic words such as "drugs", "repurposed" or "treatment".
func KeyTerms(question string) []string {
	var out []string
	for _, w := range ContentWords(question) {
		if genericQuestionWords[w] || isNumber(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return w != ""
}
