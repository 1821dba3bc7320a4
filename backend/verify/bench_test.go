package verify

import (
	"fmt"
	"strings"
	"testing"

	"deepcritical/backend/domain"
)

// BenchmarkDeterministic measures every code check of a report over 30 pieces of evidence
// with ~2,000-character abstracts (index build included).
func BenchmarkDeterministic(b *testing.B) {
	var ev []domain.Evidence
	for i := 0; i < 30; i++ {
		ev = append(ev, domain.Evidence{Content: strings.Repeat(fmt.Sprintf("Metformin use in cohort %d was associated with slower cognitive decline in Alzheimer's disease. ", i), 20),
			Citation: domain.Citation{Source: domain.SourcePubMed, PMID: fmt.Sprint(i + 1), Title: fmt.Sprintf("Metformin cohort %d", i), Chemicals: []string{"Metformin"}}})
	}
	in := Input{Question: question, Markdown: strings.Repeat("Metformin [1], [2] alzheimer disease. ", 50), Evidence: ev,
		Candidates: []string{"Metformin", "Liraglutide", "Donepezil", "SGLT2 inhibitors", "Insulin"},
		Findings:   []string{"Metformin use was associated with slower cognitive decline", "Aspirin prevents dementia", "Insulin improves memory"}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = Deterministic(in)
	}
}
