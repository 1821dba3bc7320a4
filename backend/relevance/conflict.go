package relevance

import (
	"fmt"
	"strings"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
)

// A paper can name every concept of a question and still be about something the question
// excludes: children when it asks about adults, chronic pancreatitis when it asks about the
// acute disease. These rules set such a paper aside only when it says so plainly and never
// names what the question asks for, so a paper that covers both stays on topic.

// ageGroup is children or adults, as a question restricts its patients and a paper states
// them in its words or its MeSH age headings.
type ageGroup struct {
	name  string
	words map[string]bool
	mesh  map[string]bool
}

var (
	childAge = ageGroup{"children", set(`children child paediatric pediatric infants infant neonates neonatal newborn newborns
adolescents adolescent teenagers teenage kids boys girls schoolchildren toddlers preschool juvenile`),
		set(`child|child, preschool|infant|infant, newborn|adolescent`)}
	// "aged" and "older" are left out of a paper's words: "children aged 2 to 8 years",
	// "children 6 years or older".
	adultAge = ageGroup{"adults", set(`adults adult elderly geriatric`),
		set(`adult|aged|aged, 80 and over|middle aged|young adult`)}
)

// set splits words on white space, or on "|" when there is one.
func set(words string) map[string]bool {
	sep := strings.Fields
	if strings.Contains(words, "|") {
		sep = func(s string) []string { return strings.Split(s, "|") }
	}
	m := map[string]bool{}
	for _, w := range sep(words) {
		m[strings.TrimSpace(w)] = true
	}
	return m
}

// asksAge returns the age group a question restricts its patients to, if exactly one.
func asksAge(q concepts.Set) (want, other ageGroup, ok bool) {
	child, adult := false, false
	for _, c := range q.Concepts {
		if c.Role != concepts.RolePopulation && c.Role != concepts.RoleCondition {
			continue
		}
		for _, w := range c.Words {
			child = child || childAge.words[w]
			adult = adult || adultAge.words[w] || w == "older" || w == "aged"
		}
	}
	switch {
	case child && !adult:
		return childAge, adultAge, true
	case adult && !child:
		return adultAge, childAge, true
	}
	return ageGroup{}, ageGroup{}, false
}

// states reports whether a paper names an age group in its title, abstract or MeSH.
func (g ageGroup) states(words map[string]bool, mesh []string) bool {
	for w := range g.words {
		if words[w] {
			return true
		}
	}
	for _, m := range mesh {
		if g.mesh[strings.ToLower(strings.TrimSpace(m))] {
			return true
		}
	}
	return false
}

// antonyms are qualifiers that name two different forms of one disease.
var antonyms = map[string]string{"acute": "chronic", "chronic": "acute", "mild": "severe", "severe": "mild",
	"early": "late", "late": "early", "primary": "secondary", "secondary": "primary", "upper": "lower", "lower": "upper",
	"benign": "malignant", "malignant": "benign", "stable": "unstable", "unstable": "stable",
	"early-onset": "late-onset", "late-onset": "early-onset"}

// conflict returns why a paper is about what the question excludes ("studies children, not
// adults"; "studies chronic pancreatitis, not acute pancreatitis"), "" when it is not.
func conflict(q concepts.Set, e domain.Evidence) string {
	text := e.Citation.Title + " " + e.Content
	words := map[string]bool{}
	for _, w := range concepts.Words(text) {
		words[w] = true
	}
	if want, other, ok := asksAge(q); ok {
		if other.states(words, e.Citation.MeshTerms) && !want.states(words, e.Citation.MeshTerms) {
			return fmt.Sprintf("studies %s, not %s", other.name, want.name)
		}
	}
	title := concepts.Words(e.Citation.Title)
	for _, c := range q.Concepts {
		if c.Role != concepts.RoleCondition || len(c.Words) < 2 {
			continue
		}
		for i, w := range c.Words {
			anti, ok := antonyms[w]
			if !ok || i+1 >= len(c.Words) || words[w] {
				continue
			}
			// The title names the other form of the disease: the antonym just before the
			// word that follows the qualifier in the question ("chronic pancreatitis").
			next := concepts.Stem(c.Words[i+1])
			for k := 0; k+1 < len(title); k++ {
				if title[k] == anti && concepts.Stem(title[k+1]) == next {
					return fmt.Sprintf("studies %s %s, not %s", anti, strings.Join(c.Words[i+1:], " "), c.Label())
				}
			}
		}
	}
	return ""
}
