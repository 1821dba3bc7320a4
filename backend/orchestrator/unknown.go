package orchestrator

import (
	"strings"

	"deepcritical/backend/domain"
)

// unknownWords returns the question's words when PubMed's index holds none of them: every
// content word of every concept was reported back as a phrase not found (ErrorList/
// PhraseNotFound, which PubMed gives for a word no record uses) by a PubMed query that
// answered, and the vocabulary knows no other name for any concept. It returns nil when
// PubMed was not asked, failed, or knew any one word.
//
// Such a question ("asdf qwer zxcv", a pasted token) cannot be answered by searching again
// in other forms: each later form is built from the same words. Without this the run
// searched twice and ended "complete", a report of nothing; a spelling slip among known
// words ("metfromin and cancer") still runs, since PubMed knows the other words.
func unknownWords(q domain.ParsedQuestion, events []domain.QueryEvent) []string {
	notFound := map[string]bool{}
	asked := false
	for _, e := range events {
		if e.Source != domain.SourcePubMed || e.Count < 0 {
			continue
		}
		asked = true
		for _, p := range e.NotFound {
			for _, w := range strings.Fields(strings.ToLower(p)) {
				notFound[strings.Trim(w, `"*()`)] = true
			}
		}
	}
	if !asked {
		return nil
	}
	var words []string
	seen := map[string]bool{}
	for _, c := range q.Concepts {
		if len(c.Terms) > 1 || len(c.MeSH) > 0 || c.Class != "" || len(c.Members) > 0 || len(c.Alternatives) > 0 {
			// The vocabulary knows the concept ("tumeric", read as turmeric): it is searched
			// by names PubMed's warnings on the typed words do not speak for.
			return nil
		}
		for _, w := range c.Words {
			if !notFound[w] {
				return nil
			}
			if !seen[w] {
				seen[w] = true
				words = append(words, w)
			}
		}
	}
	return words
}
