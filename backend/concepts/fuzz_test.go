package concepts

import (
	"strings"
	"testing"

	"deepcritical/backend/domain"
)

// FuzzExtract: whatever a user types, Extract returns a parse or a clear error, never
// panics, and a parse keeps the invariants search, relevance and the judge rely on: a known
// kind, concepts with words and text, required indexes inside the concepts, flags only on
// a question that names an intervention.
func FuzzExtract(f *testing.F) {
	for _, q := range []string{
		"Is metformin effective for treating cancer?",
		"Plasma p-tau217 for diagnosing Alzheimer's disease",
		"Sensitivity and specificity of FIT for colorectal cancer screening",
		"Ondansetron in early pregnancy and risk of congenital malformations",
		"Risk factors for surgical site infection after caesarean section",
		"What treatments are available for immune thrombocytopenia refractory to steroids?",
		"accuracy", "risk of", "after surgery", "screening", "for diagnosing", "associated with",
		"How accurate is ? for ruling out", "type 2", "vitamin D / B12 vs", "--- ... ///",
		"Is X associated with Y in Z after W refractory to V on U?",
	} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		s, err := Extract(q)
		if err != nil {
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("%q: an error with no message", q)
			}
			return
		}
		switch s.Kind {
		case domain.QuestionIntervention, domain.QuestionOpen, domain.QuestionOther:
		default:
			t.Fatalf("%q: kind %q", q, s.Kind)
		}
		if len(s.Concepts) == 0 || len(s.Specific()) == 0 {
			t.Fatalf("%q: parsed with no specific concept", q)
		}
		for _, c := range s.Concepts {
			if len(c.Words) == 0 || c.Text == "" || !c.Role.Valid() {
				t.Fatalf("%q: concept %+v", q, c)
			}
		}
		for _, i := range s.Required() {
			if i < 0 || i >= len(s.Concepts) {
				t.Fatalf("%q: required index %d of %d", q, i, len(s.Concepts))
			}
		}
		if (s.Exposure || s.Diagnostic) && s.Kind != domain.QuestionIntervention {
			t.Fatalf("%q: exposure %v diagnostic %v on a %s question", q, s.Exposure, s.Diagnostic, s.Kind)
		}
		if s.Summary() == "" {
			t.Fatalf("%q: empty summary", q)
		}
		_ = s.LinkText()
	})
}
