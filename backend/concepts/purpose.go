package concepts

import (
	"slices"
	"strings"

	"deepcritical/backend/domain"
)

// MarkPurposes marks the outcomes a paper must also study (Concept.Purpose) when a question
// asks about a method, not a drug, and names no disease or setting: "Text message
// interventions for smoking cessation" is not answered by text messages for medication
// adherence, nor "Otago exercise programme to prevent falls" by the programme's effect on
// strength. A drug is specific enough on its own (a varenicline trial answers "Chantix for
// smoking cessation" in the words "abstinence" or "quit rates"), and an outcome that only
// says something was measured ("patient outcome", "response", "risk") is never required.
// The parse and a user's correction of it both end here, so the mark follows the roles.
func MarkPurposes(set *Set) {
	for i := range set.Concepts {
		set.Concepts[i].Purpose = false
	}
	if set.Kind != domain.QuestionIntervention || set.Exposure {
		return
	}
	for _, c := range set.Concepts {
		if !c.Generic && (c.Role == RoleCondition || c.Setting || (c.Role == RoleIntervention || c.Role == RoleComparator) && (namesADrug(c) || c.Class != "")) {
			return
		}
	}
	for i, c := range set.Concepts {
		if c.Role == RoleOutcome && !c.Generic && !c.Broad && !slices.ContainsFunc(c.Words, func(w string) bool { return vagueOutcomeWords[w] }) {
			set.Concepts[i].Purpose = true
		}
	}
}

// namesADrug reports whether a concept's wording names a drug (a word of the drug vocabulary
// or with a drug's name ending).
func namesADrug(c Concept) bool { return slices.ContainsFunc(c.Words, IsDrugName) }

// vagueOutcomeWords say only that something was measured, or how: a paper that answers the
// question need not use them.
var vagueOutcomeWords = set(strings.Join(strings.Fields(`outcome outcomes response responses measure measures result results
endpoint endpoints benefit benefits effect effects efficacy effectiveness risk risks rate rates incidence odds likelihood
chance accuracy sensitivity specificity diagnostic diagnosis prognosis prognostic cost costs`), " "))
