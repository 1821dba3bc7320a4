package judge

import (
	"fmt"
	"strings"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/verify/grounding"
)

// A question that names an intervention ("Is metformin effective for treating cancer?")
// is answered by evidence about that intervention only: its candidates are that
// intervention or members of the class it names, never other drugs the abstracts happen to
// mention, and when no paper studies it the judge says so plainly.

// NoStudyLine is domain.NoStudyLine (the judge, the report and the window say it alike).
func NoStudyLine(q concepts.Set, n int) string { return domain.NoStudyLine(q, n) }

// namesIntervention reports whether a drug name is the question's intervention: one of
// its wordings, a member of the class it names, or sharing its stem ("metformin
// hydrochloride" for "metformin").
func namesIntervention(q concepts.Set, name string) bool {
	low := strings.ToLower(name)
	words := map[string]bool{}
	for _, w := range concepts.Words(low) {
		words[concepts.Stem(w)] = true
	}
	for _, c := range q.Interventions() {
		if concepts.ClassMember(c, low) {
			return true
		}
		for _, t := range c.Names() {
			tw := concepts.Words(strings.ToLower(t))
			if len(tw) == 0 {
				continue
			}
			all := true
			for _, w := range tw {
				if concepts.Drop(w) || concepts.IsGeneric(w) {
					continue
				}
				if !words[concepts.Stem(w)] {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
	}
	return false
}

// forIntervention keeps, for a question naming an intervention, only the candidates that
// are that intervention (or members of its class). Open questions and questions about
// something else keep every candidate.
func forIntervention(q concepts.Set, cands []rankedCandidate) []rankedCandidate {
	if len(q.Interventions()) == 0 {
		return cands
	}
	if !q.AsksAboutTreatment() {
		// "Are PPIs associated with dementia?" asks about a harm, "How accurate is
		// dermoscopy …?" about a test: no drug is proposed as a treatment, the named one
		// least of all.
		return nil
	}
	var out []rankedCandidate
	for _, c := range cands {
		if namesIntervention(q, c.Name) {
			out = append(out, c)
		}
	}
	return out
}

// questionCandidates are the candidates of a question naming an intervention when on-topic
// evidence studies it (on-topic evidence for such a question must involve it) but no
// structured field names it (an abstract that says "metformin" in a record that lists no
// chemical): the intervention itself, as the question names it. Nil otherwise.
func questionCandidates(a *analysis, ev []domain.Evidence) []string {
	if a.onTopic == 0 || !a.q.AsksAboutTreatment() {
		return nil
	}
	var out []string
	var ix *grounding.Index // built once, when a name is to be checked
	for _, iv := range a.q.Interventions() {
		if !concepts.NamesTreatment(iv) {
			// "Parity", "fluoridation": what the question asks about, not a drug to propose.
			continue
		}
		names := []string{iv.Label()}
		switch {
		case len(iv.Alternatives) > 0:
			// "aspirin or clopidogrel" is not a drug: each alternative an on-topic item
			// names is.
			names = nil
			for _, alt := range iv.Alternatives {
				if onTopicNames(a, ev, alt) {
					names = append(names, alt)
				}
			}
		case iv.Class != "":
			// "steroids" is a class: the members the on-topic items name are the drugs
			// studied ("betamethasone"); the class word only when no member is named.
			if ms := membersNamed(a, ev, iv); len(ms) > 0 {
				names = ms
			}
		}
		for _, name := range names {
			if ix == nil {
				ix = onTopicIndex(a, ev)
			}
			if name == "" || len(ix.MatchName(name)) == 0 {
				// The verifier grounds a candidate by its name as written in on-topic
				// evidence: "laparoscopic appendectomy" is not proposed from a paper that
				// writes "laparoscopic versus open appendectomy" or no "laparoscopic" at all.
				continue
			}
			out = append(out, strings.ToUpper(name[:1])+name[1:])
		}
	}
	return out
}

// onTopicIndex indexes the on-topic items as the verifier does (grounding.Index), so the
// judge never proposes a name that verification would flag as unsupported.
func onTopicIndex(a *analysis, ev []domain.Evidence) *grounding.Index {
	var on []domain.Evidence
	for i, e := range ev {
		if !a.offTopic[i] {
			on = append(on, e)
		}
	}
	return grounding.NewIndex(on)
}

// onTopicNames reports whether some on-topic item's text has every word of a name.
func onTopicNames(a *analysis, ev []domain.Evidence, name string) bool {
	ws := concepts.Words(strings.ToLower(name))
	for i, e := range ev {
		if a.offTopic[i] {
			continue
		}
		have := map[string]bool{}
		for _, w := range concepts.Words(strings.ToLower(evidenceText(e))) {
			have[concepts.Stem(w)] = true
		}
		all := len(ws) > 0
		for _, w := range ws {
			all = all && have[concepts.Stem(w)]
		}
		if all {
			return true
		}
	}
	return false
}

// membersNamed are the members of the class a concept names that on-topic items name, in
// the order first met, at most maxOfflineCandidates.
func membersNamed(a *analysis, ev []domain.Evidence, c concepts.Concept) []string {
	var out []string
	seen := map[string]bool{}
	for i, e := range ev {
		if a.offTopic[i] {
			continue
		}
		for _, w := range concepts.Words(strings.ToLower(evidenceText(e))) {
			if seen[w] || len(out) >= maxOfflineCandidates || concepts.IsGeneric(w) {
				continue
			}
			seen[w] = true
			if concepts.IsDrugName(w) {
				if concepts.ClassMember(c, w) {
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// notATreatment says what a question naming an intervention asks instead of whether it
// treats: "a link between proton pump inhibitors and dementia", "how well dermoscopy finds
// melanoma"; "" for a treatment question.
func notATreatment(q concepts.Set) string {
	switch {
	case q.Exposure:
		return fmt.Sprintf("about a link between %s and %s", q.InterventionText(), linkedTo(q))
	case q.Diagnostic && q.Predicts:
		return fmt.Sprintf("how well %s predicts %s", q.InterventionText(), linkedTo(q))
	case q.Diagnostic:
		return fmt.Sprintf("how well %s finds %s", q.InterventionText(), linkedTo(q))
	}
	return ""
}

// linkedTo is what an exposure or diagnostic question asks the intervention is linked to or
// finds: its condition, else its outcome, else "the outcome".
func linkedTo(q concepts.Set) string {
	if c := q.LinkText(); c != "" {
		return c
	}
	if os := q.ByRole(concepts.RoleOutcome); len(os) > 0 {
		return os[0].Label()
	}
	return "the outcome"
}
