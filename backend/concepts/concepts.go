// Package concepts splits a research question into the concepts an expert searcher would
// search for: the condition, the intervention or drug class, the outcome, the population,
// and other content. Question words, PubMed's stopwords and verbs or vague words that carry
// no search value ("improve", "affect", "really") are dropped, because a single word the
// abstract does not use empties a PubMed query whose words are ANDed.
//
// The same Set drives the query builder (one OR-group per concept, AND between concepts),
// the relevance scorer (the condition concept is required for evidence to be on topic), the
// judge and the report verdict, so all of them agree on what the question is about.
package concepts

import (
	"sort"
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"

	"deepcritical/backend/domain"
)

// Role is what part of the question a concept plays.
type Role string

// The roles of a concept, in the order a query builder keeps them when it must drop one.
const (
	RoleCondition    Role = "condition"
	RoleIntervention Role = "intervention"
	RoleOutcome      Role = "outcome"
	RolePopulation   Role = "population"
	RoleOther        Role = "other"
)

// Concept is one searchable idea of the question.
type Concept struct {
	Role Role `json:"role"`
	// Text is the concept as the question words it ("braf-mutated melanoma").
	Text string `json:"text"`
	// Words are Text's content words, lower-case, in question order.
	Words []string `json:"words"`
	// Terms are alternative wordings ORed when searching: Text first, then synonyms and
	// MeSH headings learnt during the run (AddTerm).
	Terms []string `json:"terms"`
	// MeSH are MeSH headings learnt for the concept during the run (from the on-topic
	// evidence's own headings or PubMed's query translation); searched with [mh].
	MeSH []string `json:"mesh,omitempty"`
	// Generic marks a concept made only of class words ("drugs", "treatment", "patients"):
	// true of almost every paper, so it is never required and never narrows a query.
	Generic bool `json:"generic,omitempty"`
}

// Stems are the concept's words reduced to their stems, for matching against text.
func (c Concept) Stems() []string {
	out := make([]string, 0, len(c.Words))
	for _, w := range c.Words {
		out = append(out, Stem(w))
	}
	return out
}

// AddTerm adds an alternative wording (a synonym or a MeSH heading) unless it is already
// there (case-insensitively).
func (c *Concept) AddTerm(t string) bool {
	t = strings.Join(strings.Fields(t), " ")
	if t == "" {
		return false
	}
	for _, x := range c.Terms {
		if strings.EqualFold(x, t) {
			return false
		}
	}
	c.Terms = append(c.Terms, t)
	return true
}

// AddMeSH adds a MeSH heading unless it is already there (case-insensitively).
func (c *Concept) AddMeSH(h string) bool {
	h = strings.Join(strings.Fields(strings.Trim(h, "* ")), " ")
	if h == "" {
		return false
	}
	for _, x := range c.MeSH {
		if strings.EqualFold(x, h) {
			return false
		}
	}
	c.MeSH = append(c.MeSH, h)
	return true
}

// Set is the concepts of one question.
type Set struct {
	Question string    `json:"question"`
	Concepts []Concept `json:"concepts"`
}

// Specific returns the concepts that are not generic, in question order.
func (s Set) Specific() []Concept {
	var out []Concept
	for _, c := range s.Concepts {
		if !c.Generic {
			out = append(out, c)
		}
	}
	return out
}

// ByRole returns the concepts with role r.
func (s Set) ByRole(r Role) []Concept {
	var out []Concept
	for _, c := range s.Concepts {
		if c.Role == r {
			out = append(out, c)
		}
	}
	return out
}

// Required returns the indexes of the concepts evidence must match to be on topic: every
// non-generic condition concept when there is one (the disease is what a question is
// about), else the first specific concept (question order puts the subject first).
func (s Set) Required() []int {
	var out []int
	for i, c := range s.Concepts {
		if c.Role == RoleCondition && !c.Generic {
			out = append(out, i)
		}
	}
	if len(out) > 0 {
		return out
	}
	for i, c := range s.Concepts {
		if !c.Generic {
			return []int{i}
		}
	}
	return nil
}

// Priority orders concept indexes from the one a query keeps longest to the one it drops
// first: condition, intervention, population, other, outcome; generic concepts last. Within
// a role, question order.
func (s Set) Priority() []int {
	rank := map[Role]int{RoleCondition: 0, RoleIntervention: 1, RolePopulation: 2, RoleOther: 3, RoleOutcome: 4}
	idx := make([]int, len(s.Concepts))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		ca, cb := s.Concepts[idx[a]], s.Concepts[idx[b]]
		if ca.Generic != cb.Generic {
			return !ca.Generic
		}
		return rank[ca.Role] < rank[cb.Role]
	})
	return idx
}

// Extract splits a question into concepts. It fails with a domain CodeInvalid error whose
// message says in one line why, when nothing in the question can be searched for ("what
// about it?").
func Extract(question string) (Set, error) {
	q := strings.Join(strings.FieldsFunc(question, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
	set := Set{Question: q}
	if q == "" {
		return set, domain.Errorf(domain.CodeInvalid, "the question is empty: nothing to search for")
	}
	var chunks [][]string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			chunks = append(chunks, cur)
			cur = nil
		}
	}
	for _, tok := range tokenize(q) {
		if tok == "" { // punctuation boundary
			flush()
			continue
		}
		if Drop(tok) {
			flush()
			continue
		}
		cur = append(cur, tok)
	}
	flush()
	for _, ch := range chunks {
		set.Concepts = append(set.Concepts, split(ch)...)
	}
	set.Concepts = dedupe(set.Concepts)
	if len(set.Concepts) == 0 {
		return set, domain.Errorf(domain.CodeInvalid, "%q has no searchable concept (only question words, stopwords or vague words): name a condition, drug, outcome or population", q)
	}
	if len(set.Specific()) == 0 {
		return set, domain.Errorf(domain.CodeInvalid, "%q names only generic words (%s): name a condition, drug, outcome or population", q, joinTexts(set.Concepts))
	}
	return set, nil
}

func joinTexts(cs []Concept) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Text
	}
	return strings.Join(parts, ", ")
}

// tokenize lower-cases the question and returns its words; "" marks punctuation that ends
// a phrase (comma, question mark, parentheses, slash...). Internal hyphens, apostrophes and
// dots between digits are kept ("covid-19", "alzheimer's", "2.5").
func tokenize(q string) []string {
	var out []string
	rs := []rune(strings.ToLower(q))
	var b strings.Builder
	emit := func() {
		if b.Len() > 0 {
			w := strings.Trim(b.String(), "-'’.")
			w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
			if w != "" {
				out = append(out, w)
			}
			b.Reset()
		}
	}
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case (r == '-' || r == '\'' || r == '’' || r == '.') && b.Len() > 0 && i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1])):
			if r == '.' && !(i > 0 && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1])) {
				emit()
				out = append(out, "")
				continue
			}
			b.WriteRune(r)
		case unicode.IsSpace(r):
			emit()
		default:
			emit()
			out = append(out, "")
		}
	}
	emit()
	return out
}

// split cuts a run of content words into concepts: each word gets the role its lexicon or
// suffix suggests; a word without a role is a modifier of the next word that has one (or
// of the previous one at the end: "melanoma braf-mutated"). A run with no role at all is
// one "other" concept.
func split(words []string) []Concept {
	var out []Concept
	var pending []string
	prevRole := Role("")
	for _, w := range words {
		r := roleOf(w)
		if r == "" {
			pending = append(pending, w)
			prevRole = ""
			continue
		}
		if len(out) > 0 && len(pending) == 0 && prevRole == r {
			// Adjacent words of the same role are one concept ("breast cancer").
			out[len(out)-1].Words = append(out[len(out)-1].Words, w)
		} else {
			out = append(out, Concept{Role: r, Words: append(pending, w)})
			pending = nil
		}
		prevRole = r
	}
	if len(pending) > 0 {
		if len(out) > 0 {
			out[len(out)-1].Words = append(out[len(out)-1].Words, pending...)
		} else {
			out = append(out, Concept{Role: RoleOther, Words: pending})
		}
	}
	for i := range out {
		c := &out[i]
		c.Text = strings.Join(c.Words, " ")
		c.Terms = []string{c.Text}
		c.Generic = true
		for _, w := range c.Words {
			if !generic[w] {
				c.Generic = false
			}
		}
	}
	return out
}

// dedupe merges concepts with the same words (a question that repeats itself).
func dedupe(cs []Concept) []Concept {
	seen := map[string]bool{}
	var out []Concept
	for _, c := range cs {
		k := strings.Join(c.Stems(), " ")
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	return out
}

// Stem reduces a word to its Porter2 stem ("tumours" → "tumour", "mutated" → "mutat") so
// evidence text and question words match whatever their inflection. Hyphenated words are
// stemmed part by part.
func Stem(w string) string {
	w = strings.ToLower(w)
	if strings.ContainsRune(w, '-') {
		parts := strings.Split(w, "-")
		for i, p := range parts {
			parts[i] = english.Stem(p, true)
		}
		return strings.Join(parts, "-")
	}
	return english.Stem(w, true)
}

// Words splits free text (a title, an abstract, a MeSH heading) into lower-case words the
// way Extract does, without dropping anything; hyphenated words also yield their parts.
func Words(text string) []string {
	var out []string
	for _, t := range tokenize(text) {
		if t == "" {
			continue
		}
		out = append(out, t)
		if strings.ContainsRune(t, '-') {
			for _, p := range strings.Split(t, "-") {
				if p != "" {
					out = append(out, p)
				}
			}
		}
	}
	return out
}
