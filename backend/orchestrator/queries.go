package orchestrator

import (
	"deepcritical/backend/concepts"
	"deepcritical/backend/search/querybuild"
)

// Queries are built in one place, the concept query builder: the first iteration's
// queries and every follow-up (the judge's, an LLM's, the heuristics', a verifier's next
// steps) become concept queries anchored on the question's condition, never the question
// with words ANDed onto it ("… clinical trial", "… mechanism of action"), which empties a
// PubMed result.

// NextQueries picks up to n queries for the next iteration: the judge's proposals first,
// then the heuristics' suggestions, each rebuilt as a concept query anchored on the
// question, then the question's own concept variants, skipping every query already run
// (compared case- and whitespace-insensitively).
func NextQueries(set concepts.Set, judgeQueries, heuristicQueries []string, alreadyRun map[string]bool, hits map[string]int, n int) []string {
	var cands []string
	for _, q := range append(append([]string{}, judgeQueries...), heuristicQueries...) {
		if b := querybuild.FollowUp(set, q); b != "" {
			cands = append(cands, b)
		}
	}
	cands = append(cands, querybuild.Fallbacks(set, func(q string) int {
		if n, ok := hits[queryKey(q)]; ok {
			return n
		}
		return -1
	})...)
	return querybuild.Pick(cands, alreadyRun, n)
}

func queryKey(q string) string { return querybuild.Key(q) }
