package relevance

import (
	"strings"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/stance"
)

// StudiesATreatment reports whether a piece of evidence studies a treatment, which is what
// answers an open question ("What drugs could be repurposed for X?", "How should X be
// treated?"): a paper about the condition alone (a prognostic marker, a prevalence, a
// risk factor) names no treatment to count for or against. It does when it is a trial, a
// registered trial names what it gives, unless its abstract says it gave none
// ("Intervention: Not applicable"), its MeSH indexing says a substance or procedure was
// used as a treatment (or it lists substances with no subheadings to tell), or its title
// or conclusions name one (recent records and Europe PMC preprints have no indexing yet).
func StudiesATreatment(e domain.Evidence) bool {
	c := e.Citation
	for _, pt := range c.PublicationTypes {
		if trialTypes[strings.ToLower(pt)] {
			return true
		}
	}
	if tr := c.Trial; tr != nil {
		for _, iv := range tr.Interventions {
			if !ComparatorOnly(iv.Name) {
				return true
			}
		}
	}
	if declaresNoIntervention(c.Sections, e.Content) {
		// "INTERVENTION: Not applicable." The authors say they gave nothing: a MeSH heading
		// such as "Physical Therapy Modalities" names what the paper measured around.
		return false
	}
	for _, mq := range c.MeshQualifiers {
		if _, q, ok := strings.Cut(mq, "/"); ok && treatmentQualifiers[strings.ToLower(strings.TrimSpace(q))] {
			return true
		}
	}
	if len(c.MeshQualifiers) == 0 && len(c.Chemicals) > 0 {
		// A chemical list without subheadings cannot say whether a substance was given or
		// only measured; the paper is about a substance, so it is kept.
		return true
	}
	if indexedAs(c.MeshQualifiers, epidemiologyQualifiers) {
		// Indexed for how common a disease is or what causes it ("Restless Legs
		// Syndrome/epidemiology") and for no treatment: its conclusions may say
		// "treatment" ("recover without treatment") without studying one.
		return NamesTreatment(c.Title)
	}
	return NamesTreatment(c.Title + " " + stance.Conclusions(c.Sections, e.Content))
}

// declaresNoIntervention reports whether a structured abstract's "Intervention(s)" section
// says there was none ("None.", "Not applicable.").
func declaresNoIntervention(sections []domain.Section, content string) bool {
	for _, s := range domain.StructuredAbstract(sections, content) {
		if !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(s.Label)), "INTERVENTION") {
			continue
		}
		switch strings.ToLower(strings.Trim(strings.TrimSpace(s.Text), ".")) {
		case "none", "not applicable", "n/a", "na", "no intervention", "no interventions", "nil":
			return true
		}
	}
	return false
}

// epidemiologyQualifiers are the MeSH subheadings of a paper about how common a disease is,
// what causes it or how it runs.
var epidemiologyQualifiers = map[string]bool{"epidemiology": true, "etiology": true, "mortality": true}

// indexedAs reports whether any heading carries one of the subheadings.
func indexedAs(mqs []string, qualifiers map[string]bool) bool {
	for _, mq := range mqs {
		if _, q, ok := strings.Cut(mq, "/"); ok && qualifiers[strings.ToLower(strings.TrimSpace(q))] {
			return true
		}
	}
	return false
}

// trialTypes are the MEDLINE publication types of a study that gave a treatment.
var trialTypes = map[string]bool{"randomized controlled trial": true, "clinical trial": true,
	"controlled clinical trial": true, "pragmatic clinical trial": true, "clinical trial, phase i": true,
	"clinical trial, phase ii": true, "clinical trial, phase iii": true, "clinical trial, phase iv": true,
	"equivalence trial": true, "adaptive clinical trial": true}

// treatmentQualifiers are the MeSH subheadings indexers give a disease that was treated or
// prevented, or a substance or procedure that was used: "Alzheimer Disease/drug therapy",
// "Metformin/therapeutic use". A substance only measured gets "/blood" or "/metabolism".
var treatmentQualifiers = map[string]bool{"therapy": true, "drug therapy": true, "therapeutic use": true,
	"surgery": true, "radiotherapy": true, "diet therapy": true, "rehabilitation": true,
	"prevention & control": true, "administration & dosage": true, "pharmacology": true, "transplantation": true}

// NamesTreatment reports whether a text names a treatment: a word of giving one, a known
// drug, or a drug's or procedure's ending.
func NamesTreatment(text string) bool {
	for _, w := range concepts.Words(text) {
		if treatmentWords[w] || concepts.IsDrugName(w) {
			return true
		}
	}
	return false
}

// treatmentWords say that a study gave or compared a treatment.
var treatmentWords = map[string]bool{"treatment": true, "treatments": true, "treated": true, "therapy": true,
	"therapies": true, "therapeutic": true, "drug": true, "drugs": true, "dose": true, "doses": true, "dosing": true,
	"medication": true, "medications": true, "administration": true, "administered": true, "supplementation": true,
	"vaccine": true, "vaccination": true, "intervention": true, "interventions": true, "placebo": true,
	"inhibitor": true, "inhibitors": true, "agonist": true, "agonists": true, "antagonist": true, "antagonists": true,
	"rehabilitation": true, "exercise": true, "psychotherapy": true, "inhibition": true, "blockade": true,
	"randomised": true, "randomized": true, "surgery": true, "surgical": true, "operative": true, "drainage": true,
	"nutrition": true, "feeding": true, "refeeding": true, "resuscitation": true}

// ComparatorOnly reports whether a trial arm's intervention is only what a treatment is
// compared with: a placebo, a sham, usual or standard care, no treatment.
func ComparatorOnly(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"placebo", "sham", "usual care", "standard care", "standard of care", "no intervention", "no treatment", "waitlist", "wait-list"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}
