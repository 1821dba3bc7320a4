package concepts

import (
	"strings"

	"deepcritical/backend/domain"
)

// A qualified term is a word that names a kind only with the letter or number after it:
// "vitamin D", "hepatitis B", "type 2 diabetes", "stage III cancer", "HIV-1". Read word by
// word, the parser drops the letter or number (both are too short to search) and "type" (a
// vague word), so "Does metformin help in type 1 diabetes?" searched and matched any
// diabetes, and "vitamin D" any vitamin. The pair is written as one hyphenated word
// ("type-2", "vitamin-d"), as the literature also writes it, in the question's parse and,
// by Words, in the text it is matched against, so a paper on type 1 diabetes is not one
// on type 2.

// qualifierHeads are the words a letter or number qualifies. Design words ("phase 3",
// "level 1") are not among them: they say which papers, not what about.
var qualifierHeads = set(`type types stage grade class vitamin hepatitis factor group hiv htlv interleukin il omega
apoe apolipoprotein trisomy chromosome influenza coenzyme serotype genotype subtype haemophilia hemophilia
cystatin protein`)

// romanHeads are the heads whose qualifier may be a Roman numeral ("type II", "stage IV"),
// written as the number so both spellings match.
var romanHeads = set(`type types stage grade class trisomy factor`)

var romanNumerals = map[string]string{"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7",
	"viii": "8", "ix": "9", "x": "10", "xi": "11", "xii": "12"}

// qualified returns the hyphenated word a head and its qualifier make ("type" and "ii" →
// "type-2"), and whether they make one. Both are lower-case tokens.
func qualified(head, next string) (string, bool) {
	if !qualifierHeads[head] || next == "" {
		return "", false
	}
	if romanHeads[head] {
		if n, ok := romanNumerals[next]; ok {
			return singular(head) + "-" + n, true
		}
		// A clotting factor's activated form: "factor Xa", "factor VIIa".
		if n, ok := romanNumerals[strings.TrimSuffix(next, "a")]; ok && head == "factor" && len(next) > 1 {
			return head + "-" + n + "a", true
		}
	}
	switch {
	case len(next) == 1 && next[0] >= 'a' && next[0] <= 'z':
	case len(next) <= 2 && domain.AllDigits(next):
	case len(next) <= 3 && next[0] >= 'a' && next[0] <= 'z' && domain.AllDigits(next[1:]): // "d3", "b12", "e4"
	default:
		return "", false
	}
	return singular(head) + "-" + next, true
}

// singular is a plural head's singular ("types 1 and 2" are each a "type-…"), other heads
// as they are ("hepatitis").
func singular(head string) string {
	if s := strings.TrimSuffix(head, "s"); s != head && qualifierHeads[s] {
		return s
	}
	return head
}

// JoinQualifiers writes each qualified term among a question's tokens as one word.
func JoinQualifiers(toks []string) []string {
	out := make([]string, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		if i+1 < len(toks) {
			if q, ok := qualified(toks[i], toks[i+1]); ok {
				out = append(out, q)
				i++
				continue
			}
		}
		out = append(out, toks[i])
	}
	return out
}

// Qualified reports whether a word is a qualified term ("type-2", "vitamin-d"): it is
// matched whole, never by its parts, since "vitamin" alone is any vitamin.
func Qualified(w string) bool {
	head, q, ok := strings.Cut(w, "-")
	if !ok || strings.Contains(q, "-") {
		return false
	}
	if n, activated := strings.CutSuffix(q, "a"); activated && head == "factor" && n != "" && domain.AllDigits(n) {
		return true // "factor-10a", written from "factor Xa"
	}
	got, ok := qualified(head, q)
	return ok && got == w
}

// qualifierSpellings are the ways a question may have written a qualifier the parse holds as
// a number: the number and its Roman numeral ("2", "ii"; "10a", "xa").
func qualifierSpellings(qual string) []string {
	out := []string{qual}
	n, activated := strings.CutSuffix(qual, "a")
	for roman, num := range romanNumerals {
		switch {
		case num == qual:
			out = append(out, roman)
		case activated && num == n:
			out = append(out, roman+"a")
		}
	}
	return out
}

// RomanSpelling is a term with each qualified word whose head takes Roman numerals written
// with them, as most papers write these ("stage-3 colon cancer" → "stage III colon cancer",
// "factor-10a inhibitors" → "factor Xa inhibitors"), or "" when the term has none. PubMed
// does not read "3" as "III", so a search names both.
func RomanSpelling(term string) string {
	ws := strings.Fields(term)
	changed := false
	for i, w := range ws {
		head, qual, ok := strings.Cut(w, "-")
		if !ok || !romanHeads[head] || !Qualified(w) {
			continue
		}
		for _, sp := range qualifierSpellings(qual)[1:] {
			// No numeral ends in "a": an "a" after one is the activated factor ("Xa").
			n, activated := strings.CutSuffix(sp, "a")
			ws[i] = head + " " + strings.ToUpper(n)
			if activated {
				ws[i] += "a"
			}
			changed = true
		}
	}
	if !changed {
		return ""
	}
	return strings.Join(ws, " ")
}
