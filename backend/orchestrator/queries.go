package orchestrator

import (
	"strings"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/search/querybuild"
)

// Queries are built in one place, the concept query builder: the first iteration's
// queries and every follow-up (the judge's, an LLM's, the heuristics', a verifier's next
// steps) become concept queries anchored on the question's condition, never the question
// with words ANDed onto it ("… clinical trial", "… mechanism of action"), which empties a
// PubMed result.

// Keywords turns a question into its concept words (question words, stopwords and vague
// words dropped), for display and for sources without query syntax.
func Keywords(question string) string {
	set, err := concepts.Extract(question)
	if err != nil {
		return ""
	}
	var out []string
	for _, c := range set.Concepts {
		out = append(out, c.Text)
	}
	return strings.Join(out, " ")
}

// InitialQueries are the first iteration's concept queries for a question, up to n; none
// when the question has no searchable concept.
func InitialQueries(question string, n int) []string {
	set, err := concepts.Extract(question)
	if err != nil {
		return nil
	}
	return querybuild.Initial(set, n)
}

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

// questionConcepts extracts the question's concepts and learns MeSH headings from the
// evidence collected so far (deterministic, so a resumed run rebuilds the same set).
func questionConcepts(question string, evs []domain.Evidence) (concepts.Set, error) {
	set, err := concepts.Extract(question)
	if err != nil {
		return set, err
	}
	querybuild.Learn(&set, evs)
	return set, nil
}
