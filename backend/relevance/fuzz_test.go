package relevance

import (
	"testing"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
)

// FuzzMark: any question against any paper is marked without a panic, with a score in
// [0,1], and a paper set aside always says why.
func FuzzMark(f *testing.F) {
	f.Add("Tranexamic acid for postpartum haemorrhage", "Tranexamic acid in trauma", "Bleeding fell.", "Hemorrhage")
	f.Add("Cognitive behavioural therapy for insomnia in older adults", "CBT-I in adolescents", "adolescents and young adults", "Young Adult")
	f.Add("pharmacist-led medication review to reduce hospital readmission", "", "", "")
	f.Add("How accurate is procalcitonin for diagnosing sepsis?", "post-partum", "-", "Aged, 80 and over")
	f.Fuzz(func(t *testing.T, q, title, abstract, mesh string) {
		set, err := concepts.Extract(q)
		if err != nil {
			return
		}
		evs := []domain.Evidence{{Content: abstract, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: title, MeshTerms: []string{mesh}}},
			{Content: title + " " + abstract, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "2"}}}
		Mark(set, evs)
		for _, e := range evs {
			if e.Topic == nil || e.Topic.Score < 0 || e.Topic.Score > 1 || e.Topic.OffTopic && e.Topic.Reason == "" {
				t.Fatalf("%q / %q: topic %+v", q, title, e.Topic)
			}
		}
	})
}
