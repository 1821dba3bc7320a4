package appraisal

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// MinQuoteWords is the shortest quote verified on its own: a run of fewer words ("randomised",
// "sealed envelopes") occurs in almost any trial report, so finding it proves nothing about
// this paper. A shorter quote is verified only when it is a whole sentence of the paper.
const MinQuoteWords = 6

// minSentenceWords is the shortest whole sentence accepted as a quote ("Patients were
// randomised."); a one- or two-word "sentence" is usually a heading.
const minSentenceWords = 3

// QuoteCheck is the outcome of matching a quote against a paper. Reason says, in one line,
// why a quote is not verified (empty when it is).
type QuoteCheck struct {
	Verified bool
	Reason   string
}

// quoteToken is one word of a normalised text, with whether a sentence starts before it or
// ends after it.
type quoteToken struct {
	word           string
	parts          int // words as a reader counts them: "intention-to-treat" is 3
	sentenceStart  bool
	sentenceFinish bool
}

// quoteDashes are the Unicode hyphens, dashes and minus signs a PDF or a model may use for
// "-"; the soft hyphen is dropped outright.
var quoteDashes = strings.NewReplacer(
	"\u2010", "-", "\u2011", "-", "\u2012", "-", "\u2013", "-", "\u2014", "-", "\u2015", "-",
	"\u2212", "-", "\ufe58", "-", "\ufe63", "-", "\uff0d", "-", "\u00ad", "",
)

// quoteTokens splits s into words for quote matching. The text is NFKC-normalised (so the
// ligatures "ﬁ", "ﬂ" read "fi", "fl", and full-width forms read plain), lower-cased, and a
// hyphen between letters is dropped, so "double-blind", "double-\nblind" (a line-break
// hyphen) and "doubleblind" are one word. Everything that is not a letter or digit
// separates words, so whitespace, quotation marks and punctuation never decide a match;
// sentence ends (. ! ? ; blank lines and a section label's colon) are kept as flags on
// the neighbouring words.
func quoteTokens(s string) []quoteToken {
	orig := []rune(quoteDashes.Replace(norm.NFKC.String(s)))
	rs := make([]rune, len(orig))
	for i, r := range orig {
		rs[i] = unicode.ToLower(r)
	}
	var out []quoteToken
	var word []rune
	parts := 1
	start := true
	flush := func() {
		if len(word) > 0 {
			out = append(out, quoteToken{word: string(word), parts: parts, sentenceStart: start})
			word = word[:0]
			parts = 1
			start = false
		}
	}
	endSentence := func() {
		if len(out) > 0 {
			out[len(out)-1].sentenceFinish = true
		}
		start = true
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			word = append(word, r)
		case r == '-' && len(word) > 0 && unicode.IsLetter(word[len(word)-1]):
			// A hyphen after a letter joins the next letters to this word, across a line break.
			j := i + 1
			for j < len(rs) && unicode.IsSpace(rs[j]) {
				j++
			}
			if j < len(rs) && unicode.IsLetter(rs[j]) && (j == i+1 || strings.ContainsRune(string(rs[i+1:j]), '\n')) {
				if j == i+1 {
					parts++
				}
				i = j - 1
				continue
			}
			flush()
		case r == '.' || r == '!' || r == '?' || r == ';':
			// "1.5" and "e.g." do not end a sentence: a point followed by a letter or digit.
			if r == '.' && i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1])) {
				flush()
				continue
			}
			flush()
			endSentence()
		case r == '\n' && blankLineAt(rs, i):
			flush()
			endSentence()
		case r == ':' && headingBefore(orig, i):
			// "CONCLUSIONS: Metformin …": a section label ends where its first sentence starts.
			flush()
			endSentence()
		default:
			flush()
		}
	}
	flush()
	if len(out) > 0 {
		out[len(out)-1].sentenceFinish = true
	}
	return out
}

// headingBefore reports whether the colon at i closes a section label of a structured
// abstract: the word before it is all capitals, three letters or more ("RESULTS",
// "MAIN OUTCOME MEASURES"); "HR: 0.68" and "Aim: to …" are not labels.
func headingBefore(rs []rune, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && unicode.IsLetter(rs[j]); j-- {
		if !unicode.IsUpper(rs[j]) {
			return false
		}
		n++
	}
	return n >= 3
}

// blankLineAt reports whether the newline at i is followed by only spaces and another
// newline: a paragraph or heading break, which ends a sentence.
func blankLineAt(rs []rune, i int) bool {
	for j := i + 1; j < len(rs); j++ {
		switch rs[j] {
		case ' ', '\t', '\r':
			continue
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

// quoteSegments splits a quote at ellipses ("…", "...", "[…]"): a model may elide words,
// and each part must then stand as a verified passage on its own. Parts without a word
// (the quotation marks around an ellipsis) are dropped.
func quoteSegments(quote string) []string {
	q := strings.NewReplacer("[…]", "…", "[...]", "…", "...", "…").Replace(quote)
	var out []string
	for _, p := range strings.Split(q, "…") {
		if strings.IndexFunc(p, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			out = append(out, p)
		}
	}
	return out
}

// CheckQuote reports whether quote is a real passage of text: its words, in order and
// contiguous, occur in the text (up to case, whitespace, punctuation, hyphenation,
// ligatures and Unicode quotes and dashes), and the passage is at least MinQuoteWords words
// long or a whole sentence of the text. A short or partial match is not verified, and the
// reason says which it is, so the user can see why a quote did not count.
func CheckQuote(quote, text string) QuoteCheck {
	return NewQuoteIndex(text).Check(quote)
}

// QuoteIndex is a paper's text tokenised once for checking many quotes against it.
type QuoteIndex struct {
	doc   []quoteToken
	index map[string][]int
}

// NewQuoteIndex tokenises text for Check.
func NewQuoteIndex(text string) *QuoteIndex {
	ix := &QuoteIndex{doc: quoteTokens(text), index: map[string][]int{}}
	for i, t := range ix.doc {
		ix.index[t.word] = append(ix.index[t.word], i)
	}
	return ix
}

// Check is CheckQuote against the indexed text.
func (ix *QuoteIndex) Check(quote string) QuoteCheck {
	segs := quoteSegments(quote)
	if len(segs) == 0 {
		return QuoteCheck{Reason: "no quote given"}
	}
	for n, seg := range segs {
		c := checkSegment(quoteTokens(seg), ix.doc, ix.index)
		if !c.Verified {
			if len(segs) > 1 {
				c.Reason = fmt.Sprintf("part %d of %d (split at an ellipsis): %s", n+1, len(segs), c.Reason)
			}
			return c
		}
	}
	return QuoteCheck{Verified: true}
}

// checkSegment matches one ellipsis-free part of a quote.
func checkSegment(q, doc []quoteToken, index map[string][]int) QuoteCheck {
	if len(q) == 0 {
		return QuoteCheck{Reason: "the quote has no words"}
	}
	found, wholeSentence := false, false
	for _, at := range index[q[0].word] {
		k := 0
		for k < len(q) && at+k < len(doc) && doc[at+k].word == q[k].word {
			k++
		}
		if k == len(q) {
			found = true
			if doc[at].sentenceStart && doc[at+k-1].sentenceFinish {
				wholeSentence = true
			}
		}
	}
	if !found {
		best := longestCommonRun(q, doc)
		if best == 0 {
			return QuoteCheck{Reason: "not found in the paper"}
		}
		return QuoteCheck{Reason: fmt.Sprintf("not found in the paper as one passage: at most %d of its %d words match in a row", best, len(q))}
	}
	words := 0
	for _, t := range q {
		words += t.parts
	}
	if words >= MinQuoteWords || (wholeSentence && words >= minSentenceWords) {
		return QuoteCheck{Verified: true}
	}
	return QuoteCheck{Reason: fmt.Sprintf("too short to verify: %d word(s) found, but a quote needs at least %d words or a whole sentence", words, MinQuoteWords)}
}

// longestCommonRun is the length of the longest run of consecutive quote words that also
// occurs consecutively in doc: the "at most n words match in a row" of a near-miss. It is
// the classic longest-common-substring table kept to two rows, O(len(q)·len(doc)) time in
// the worst case (a repetitive quote against a repetitive paper) and O(len(doc)) memory.
func longestCommonRun(q, doc []quoteToken) int {
	prev := make([]int, len(doc)+1)
	cur := make([]int, len(doc)+1)
	best := 0
	for i := range q {
		for j := range doc {
			if q[i].word == doc[j].word {
				cur[j+1] = prev[j] + 1
				if cur[j+1] > best {
					best = cur[j+1]
				}
			} else {
				cur[j+1] = 0
			}
		}
		prev, cur = cur, prev
	}
	return best
}

// QuoteInText reports whether quote is a verified passage of text (see CheckQuote).
func QuoteInText(quote, text string) bool {
	return CheckQuote(quote, text).Verified
}
