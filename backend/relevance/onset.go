package relevance

import (
	"fmt"
	"slices"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
)

// onsetConflict returns why a paper answers the other one of prevention and treatment, ""
// when it does not. Under "Can daily emollients prevent atopic dermatitis?" (the condition's
// Onset), a title on children who have it ("… emollient … in children with moderate atopic
// dermatitis") treats it; under "Is amisulpride effective for treating established PONV?"
// (Established), "Amisulpride prevents postoperative nausea and vomiting …" prevents it.
// The title decides, as it says what a paper is about; a paper set aside as treating people
// who have the condition must not speak of its onset in the abstract either.
func onsetConflict(q concepts.Set, e domain.Evidence) string {
	var title []string
	for _, c := range q.Concepts {
		if !c.Onset && !c.Established {
			continue
		}
		if title == nil {
			title = concepts.CueWords(e.Citation.Title)
		}
		onset, established := concepts.Stage(title, c)
		if !established && c.Onset && !onset && !slices.ContainsFunc(title, concepts.OnsetWord) {
			// "Zuranolone for postpartum depression", "Epicutaneous immunotherapy for peanut
			// allergy": a treatment for the condition, when nothing in the title prevents.
			established = treatmentFor(title, c)
		}
		switch {
		case c.Onset && established && !onset:
			if on, _ := concepts.Stage(concepts.CueWords(e.Content), c); on {
				continue
			}
			return fmt.Sprintf("studies people who already have %s, not its onset", c.Label())
		case c.Established && onset && !established:
			return fmt.Sprintf("studies preventing %s, not people who have it", c.Label())
		}
	}
	return ""
}

// treatmentFor reports whether a title gives something "for" the condition, or, in a title on
// adjuvant treatment, "in" it.
func treatmentFor(title []string, c domain.Concept) bool {
	at, _ := concepts.Find(title, c)
	return at > 0 && (title[at-1] == "for" || title[at-1] == "in" && slices.Contains(title[:at], "adjuvant"))
}
