package grounding

import (
	"regexp"
	"sort"
	"strings"

	"deepcritical/backend/domain"
)

// FindingThreshold is the share of a finding's content words that must occur in one piece
// of evidence for that evidence to support the finding. 0.6 accepts a finding that
// paraphrases an abstract sentence (word order, inflection and a few linking words differ)
// and rejects one that only shares the disease name with it: a four-word finding needs three
// of its words in the evidence, a ten-word finding six.
const FindingThreshold = 0.6

// MinFindingOverlap is the least number of shared content words for a finding to count as
// supported, so a one-word overlap with a two-word finding is never enough.
const MinFindingOverlap = 2

// maxGram is the longest phrase, in tokens, indexed as a squashed n-gram. Longer names are
// matched as contiguous phrases in the normalised text.
const maxGram = 4

// Index is the searchable form of an ordered list of evidence. Evidence numbers are 1-based
// and follow the list order, the same numbering the report uses for its citations.
type Index struct {
	docs []doc
	// grams maps a squashed n-gram (tokens joined without spaces, n = 1..maxGram) to the
	// evidence numbers containing it, so "anti-amyloid", "anti amyloid" and "antiamyloid" meet.
	grams map[string][]int
}

type doc struct {
	padded string          // " " + tokens joined by spaces + " "
	words  map[string]bool // content words
	// passages are the content words of each paragraph of the paper's full text.
	passages []map[string]bool
}

// EvidenceText is everything a claim may be grounded in: title, content, structured abstract
// sections, chemical and MeSH lists, keywords and trial interventions and conditions. The
// structured names are included so a candidate named by its chemical or intervention name
// matches even when the abstract uses another form.
func EvidenceText(ev domain.Evidence) string {
	c := ev.Citation
	parts := []string{c.Title, ev.Content}
	for _, s := range c.Sections {
		parts = append(parts, s.Text)
	}
	parts = append(parts, c.Chemicals...)
	parts = append(parts, c.MeshTerms...)
	parts = append(parts, c.Keywords...)
	if c.Trial != nil {
		for _, in := range c.Trial.Interventions {
			parts = append(parts, in.Name)
		}
		parts = append(parts, c.Trial.Conditions...)
	}
	return strings.Join(parts, " \n ")
}

// NewIndex indexes the evidence in order.
func NewIndex(evidence []domain.Evidence) *Index {
	return NewIndexWith(evidence, nil)
}

// NewIndexWith indexes the evidence in order, each piece with its full text when fullTexts
// holds one under its canonical key: a claim grounded in a paper's methods or results is
// grounded in that paper.
//
// A full text is indexed paragraph by paragraph for findings only: a finding must be
// supported by one passage of the size of an abstract, since a whole paper holds nearly
// every word; names are looked up in the title, abstract and structured lists as before.
//
// Evidence set aside as off the question's topic keeps its number but is not indexed: a
// candidate or finding is grounded only in evidence that answers the question, so a paper
// about metformin in PCOS never "supports" metformin for cancer.
func NewIndexWith(evidence []domain.Evidence, fullTexts map[string]domain.FullText) *Index {
	ix := &Index{grams: map[string][]int{}}
	for i, ev := range evidence {
		n := i + 1
		if ev.IsOffTopic() {
			ix.docs = append(ix.docs, doc{padded: " ", words: map[string]bool{}})
			continue
		}
		toks := Tokens(EvidenceText(ev))
		d := doc{padded: " " + strings.Join(toks, " ") + " ", words: map[string]bool{}}
		for _, w := range ContentWords(strings.Join(toks, " ")) {
			d.words[w] = true
		}
		if ft, ok := fullTexts[ev.CanonicalKey()]; ok && ft.HasBody() {
			for _, sec := range ft.Sections {
				for _, para := range strings.Split(sec.Text, "\n") {
					if words := ContentWords(para); len(words) > 0 {
						p := map[string]bool{}
						for _, w := range words {
							p[w] = true
						}
						d.passages = append(d.passages, p)
					}
				}
			}
		}
		seen := map[string]bool{}
		for start := range toks {
			var sq strings.Builder
			for k := 0; k < maxGram && start+k < len(toks); k++ {
				sq.WriteString(toks[start+k])
				g := sq.String()
				if !seen[g] {
					seen[g] = true
					ix.grams[g] = append(ix.grams[g], n)
				}
			}
		}
		ix.docs = append(ix.docs, d)
	}
	return ix
}

// Len is the number of indexed evidence items.
func (ix *Index) Len() int { return len(ix.docs) }

// saltWords are counter-ions and formulation words dropped to form an alias of a drug name:
// "metformin hydrochloride" is also looked up as "metformin".
var saltWords = setOf("hydrochloride", "hcl", "sodium", "potassium", "calcium", "magnesium", "mesylate", "maleate",
	"sulfate", "sulphate", "phosphate", "acetate", "citrate", "tartrate", "succinate", "fumarate", "besylate",
	"bromide", "chloride", "hydrobromide", "tablet", "capsule", "injection", "oral", "extended", "release", "er", "xr")

var aliasSplit = regexp.MustCompile(`\s*(?:\(|\)|/|;|,|\bor\b|\baka\b|\balso known as\b)\s*`)

var dosePattern = regexp.MustCompile(`(?i)\b\d+(?:\.\d+)?\s*(?:mg|g|mcg|µg|ug|ml|iu|%)\b`)

// Aliases lists the forms under which a candidate name is looked up: the name itself, each
// part of "Name (Brand)", "A/B" or "A or B", and each of those without salt, dose and
// formulation words. The structured chemical and intervention names are part of the indexed
// evidence text, so an alias matching them grounds the candidate.
func Aliases(name string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		s = strings.TrimSpace(s)
		k := Normalize(s)
		if k == "" || seen[k] {
			return
		}
		seen[k] = true
		out = append(out, s)
	}
	add(name)
	for _, part := range aliasSplit.Split(name, -1) {
		add(part)
	}
	for _, a := range append([]string(nil), out...) {
		a = dosePattern.ReplaceAllString(a, " ")
		var kept []string
		for _, w := range strings.Fields(Normalize(a)) {
			if !saltWords[w] {
				kept = append(kept, w)
			}
		}
		if len(kept) > 0 {
			add(strings.Join(kept, " "))
		}
	}
	return out
}

// MatchName returns the numbers of the evidence items that mention the name under any of its
// aliases, case-, hyphen- and plural-insensitively, in ascending order.
func (ix *Index) MatchName(name string) []int {
	hits := map[int]bool{}
	for _, alias := range Aliases(name) {
		toks := Tokens(alias)
		if len(toks) == 0 {
			continue
		}
		if len(toks) <= maxGram {
			for _, n := range ix.grams[strings.Join(toks, "")] {
				hits[n] = true
			}
			continue
		}
		phrase := " " + strings.Join(toks, " ") + " "
		for i, d := range ix.docs {
			if strings.Contains(d.padded, phrase) {
				hits[i+1] = true
			}
		}
	}
	return sortedKeys(hits)
}

// FindingMatch is the support found for a finding: the evidence numbers whose overlap reaches
// the threshold (best first) and the best overlap ratio seen.
type FindingMatch struct {
	Evidence []int
	Best     float64
	// BestEvidence is the evidence number with the highest overlap, even below the threshold
	// (0 when nothing overlaps), so a failed check can say what came closest.
	BestEvidence int
}

// Supported reports whether at least one evidence item reached the threshold.
func (m FindingMatch) Supported() bool { return len(m.Evidence) > 0 }

// MatchFinding measures, for each evidence item, the share of the finding's content words that
// it contains. Items reaching FindingThreshold with at least MinFindingOverlap shared words
// support the finding; a finding with fewer content words than that must match them all.
func (ix *Index) MatchFinding(finding string) FindingMatch {
	words := ContentWords(finding)
	var m FindingMatch
	if len(words) == 0 {
		return m
	}
	need := MinFindingOverlap
	if len(words) < need {
		need = len(words)
	}
	type scored struct {
		n     int
		ratio float64
	}
	var ok []scored
	for i, d := range ix.docs {
		shared := overlap(d.words, words)
		for _, p := range d.passages {
			shared = max(shared, overlap(p, words))
		}
		ratio := float64(shared) / float64(len(words))
		if ratio > m.Best {
			m.Best, m.BestEvidence = ratio, i+1
		}
		if ratio >= FindingThreshold && shared >= need {
			ok = append(ok, scored{i + 1, ratio})
		}
	}
	sort.SliceStable(ok, func(a, b int) bool { return ok[a].ratio > ok[b].ratio })
	for _, s := range ok {
		m.Evidence = append(m.Evidence, s.n)
	}
	return m
}

// overlap counts the words present in set.
func overlap(set map[string]bool, words []string) int {
	n := 0
	for _, w := range words {
		if set[w] {
			n++
		}
	}
	return n
}

// ContainsTerm reports whether the stemmed term occurs as a token of the text.
func ContainsTerm(text, term string) bool {
	t := Tokens(term)
	if len(t) == 0 {
		return false
	}
	return strings.Contains(" "+strings.Join(Tokens(text), " ")+" ", " "+strings.Join(t, " ")+" ")
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
