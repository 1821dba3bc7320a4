package orchestrator

import (
	"strings"
	"unicode"
)

// queryStopwords are function and question words dropped to turn a question into a keyword
// query ("What drugs could be repurposed for Alzheimer's disease?" → "drugs repurposed
// alzheimer's disease"). Content words, including "drugs", are kept: they help ranking.
var queryStopwords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "at": true, "be": true, "by": true, "can": true,
	"could": true, "did": true, "do": true, "does": true, "for": true, "from": true, "has": true, "have": true,
	"how": true, "i": true, "in": true, "into": true, "is": true, "it": true, "its": true, "may": true, "might": true,
	"of": true, "on": true, "or": true, "should": true, "than": true, "that": true, "the": true, "there": true,
	"these": true, "this": true, "those": true, "to": true, "was": true, "we": true, "were": true, "what": true,
	"when": true, "where": true, "which": true, "who": true, "why": true, "will": true, "with": true, "would": true,
	"any": true, "some": true, "there's": true, "show": true, "shows": true,
}

// Keywords turns a question into a keyword query: lower-cased words without function words
// and punctuation (internal hyphens and apostrophes are kept: "covid-19", "alzheimer's").
func Keywords(question string) string {
	var out []string
	for _, f := range strings.Fields(strings.ToLower(question)) {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if w == "" || queryStopwords[w] {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// InitialQueries are the first iteration's queries: the question itself, its keyword form,
// and keyword variants aimed at clinical and mechanistic evidence, up to n.
func InitialQueries(question string, n int) []string {
	kw := Keywords(question)
	cands := []string{strings.TrimSpace(question), kw, kw + " clinical trial", kw + " mechanism", kw + " systematic review"}
	return pickQueries(cands, nil, n)
}

// fallbackSuffixes extend the keyword query when neither the judge nor the heuristics
// suggest a query that has not been run yet (seed 003's "mechanism of action" / "clinical
// evidence" fallback, extended so a long run still has something new to ask).
var fallbackSuffixes = []string{"mechanism of action", "clinical evidence", "randomized controlled trial", "systematic review",
	"cohort study", "animal model", "in vitro", "phase 2 trial", "observational study", "meta-analysis"}

// NextQueries picks up to n queries for the next iteration: the judge's next queries first,
// then the heuristics' suggestions, then keyword fallbacks, skipping every query already run
// (compared case- and whitespace-insensitively).
func NextQueries(question string, judgeQueries, heuristicQueries []string, alreadyRun map[string]bool, n int) []string {
	cands := append(append([]string{}, judgeQueries...), heuristicQueries...)
	kw := Keywords(question)
	for _, s := range fallbackSuffixes {
		cands = append(cands, kw+" "+s)
	}
	return pickQueries(cands, alreadyRun, n)
}

// maxQueryChars bounds a query: a model's "next step" may be a sentence, and sources reject
// or mangle very long queries.
const maxQueryChars = 300

func pickQueries(cands []string, alreadyRun map[string]bool, n int) []string {
	var out []string
	seen := map[string]bool{}
	for _, q := range cands {
		q = strings.Join(strings.Fields(q), " ")
		if r := []rune(q); len(r) > maxQueryChars {
			q = strings.TrimSpace(string(r[:maxQueryChars]))
		}
		k := queryKey(q)
		if k == "" || seen[k] || alreadyRun[k] {
			continue
		}
		seen[k] = true
		out = append(out, q)
		if len(out) == n {
			break
		}
	}
	return out
}

func queryKey(q string) string { return strings.ToLower(strings.Join(strings.Fields(q), " ")) }
