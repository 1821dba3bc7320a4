package grounding

import (
	"sort"
	"testing"

	"deepcritical/backend/domain"
)

// FuzzGrounding checks the parsers and matchers never panic and keep their contracts:
// citation numbers sorted and unique, matches within the evidence range.
func FuzzGrounding(f *testing.F) {
	f.Add("see [1], [2-4] and [5; 6]", "Metformin-HCl (Glucophage)", "metformin reduces decline")
	f.Add("[1-999999999999999999999]", "", "")
	f.Add("[\u00a0]\x00[–]", "a/b or c", "the of and")
	f.Fuzz(func(t *testing.T, text, name, finding string) {
		ns := CitationNumbers(text)
		if !sort.IntsAreSorted(ns) {
			t.Fatalf("not sorted: %v", ns)
		}
		for i := 1; i < len(ns); i++ {
			if ns[i] == ns[i-1] {
				t.Fatalf("duplicate: %v", ns)
			}
		}
		ix := NewIndex([]domain.Evidence{{Content: text, Citation: domain.Citation{Title: finding, Chemicals: []string{name}}}})
		for _, n := range ix.MatchName(name) {
			if n != 1 {
				t.Fatalf("match out of range: %d", n)
			}
		}
		m := ix.MatchFinding(finding)
		if m.Best < 0 || m.Best > 1 {
			t.Fatalf("overlap out of range: %g", m.Best)
		}
		_ = Placeholders(text)
	})
}
