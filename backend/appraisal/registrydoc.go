package appraisal

import (
	"strconv"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/lazyre"
)

// Findings only a registry entry gives.
const (
	// FindingRegistryStatus is the registry's overall status (COMPLETED, TERMINATED…).
	FindingRegistryStatus = "registry_status"
	// FindingResultsPosted says whether results were posted on the registry.
	FindingResultsPosted = "results_posted"
	// FindingPrimaryOutcomes lists the registered primary outcome measures.
	FindingPrimaryOutcomes = "primary_outcomes"
	// FindingRegisteredProspectively says whether the record was submitted before the
	// trial started (nil when the dates cannot be ordered).
	FindingRegisteredProspectively = "registered_prospectively"
)

// DocumentFromRegistry builds the appraised document of a trial registry entry: its text
// (the evidence content, whose registry facts are one "Label: value" line each), read as
// the source "registry". A record stored before its content named its own identifier gets
// the "ClinicalTrials.gov ID" line first, so its registration can be quoted too.
func DocumentFromRegistry(ev domain.Evidence) Document {
	text := ev.Content
	id := strings.TrimSpace(ev.Citation.NCTID)
	if id != "" && !strings.Contains(text, domain.RegistryLabelID+": ") {
		text = domain.RegistryLabelID + ": " + id + "\n" + text
	}
	return Document{
		Key:              ev.CanonicalKey(),
		Title:            strings.TrimSpace(ev.Citation.Title),
		Text:             text,
		Source:           domain.FullTextRegistry,
		PublicationTypes: ev.Citation.PublicationTypes,
		MeshTerms:        ev.Citation.MeshTerms,
	}
}

// registryLine is one "Label: value" fact of a registry entry's text: a line of its own,
// or (in content stored before the facts had a line each) a sentence of the facts line.
type registryLine struct {
	value string
	quote string
}

// registryFacts collects the facts of a registry document by label, in order, from its
// identifier line on (the summary before it may use the same words in its own sentences).
func (a *analysis) registryFacts() map[string][]registryLine {
	out := map[string][]registryLine{}
	from := len(a.sents)
	for i := range a.sents {
		if strings.HasPrefix(a.sents[i].Text, domain.RegistryLabelID+": ") {
			from = i
			break
		}
	}
	for i := from; i < len(a.sents); i++ {
		s := &a.sents[i]
		label, value, ok := strings.Cut(s.Text, ": ")
		if !ok || strings.ContainsAny(label, ".;") {
			continue
		}
		value = strings.TrimSuffix(strings.TrimSpace(value), ".")
		out[label] = append(out[label], registryLine{value: value, quote: s.Text})
	}
	return out
}

// whoMaskedRe reads the roles in "DOUBLE (Participant, Investigator)".
var whoMaskedRe = lazyre.New(`\(([^)]*)\)`)

// registryParties maps the registry's masked roles to the parties the rules name.
var registryParties = map[string]string{
	"participant": "participants", "care provider": "care_providers", "investigator": "care_providers",
	"outcomes assessor": "outcome_assessors",
}

// registryBlinding maps the registry's masking levels to the rules' blinding values: the
// registry's QUADRUPLE adds the outcomes assessor to TRIPLE's three parties.
var registryBlinding = map[string]string{
	"NONE": BlindingNone, "SINGLE": BlindingSingle, "DOUBLE": BlindingDouble, "TRIPLE": BlindingTriple, "QUADRUPLE": BlindingTriple,
}

// registryDesigns maps an observational model or time perspective to a design.
var registryDesigns = map[string]string{
	"COHORT": DesignCohort, "CASE_CONTROL": DesignCaseControl, "CROSS_SECTIONAL": DesignCrossSectional,
}

// applyRegistry overrides the text rules' findings with what a registry entry states in its
// fields: allocation, design, masking and who was masked, enrollment (actual or planned),
// its own identifier, and adds status, results posted, the registered primary outcomes and
// whether it was registered before the trial started. Each quote is the fact's line. A
// field the entry does not give leaves the text rules' finding (the summary may say it).
func (a *analysis) applyRegistry(out map[string]domain.Finding) {
	facts := a.registryFacts()
	first := func(label string) (registryLine, bool) {
		if l := facts[label]; len(l) > 0 {
			return l[0], true
		}
		return registryLine{}, false
	}
	studyType, _ := first(domain.RegistryLabelStudyType)
	interventional := !strings.EqualFold(studyType.value, "OBSERVATIONAL")
	if l, ok := first(domain.RegistryLabelAllocation); ok {
		randomised := strings.EqualFold(l.value, "RANDOMIZED")
		out[FindingRandomized] = domain.Finding{Value: randomised, Quote: l.quote}
		switch {
		case randomised && interventional:
			out[FindingDesign] = domain.Finding{Value: DesignRCT, Quote: l.quote}
		case interventional:
			// A non-randomised or single-group trial.
			out[FindingDesign] = domain.Finding{Value: DesignOther, Quote: l.quote}
		}
	}
	if !interventional {
		design := domain.Finding{Value: DesignOther, Quote: studyType.quote}
		for _, label := range []string{domain.RegistryLabelObservationalModel, domain.RegistryLabelTimePerspective} {
			if l, ok := first(label); ok {
				if d, ok := registryDesigns[strings.ToUpper(l.value)]; ok {
					design = domain.Finding{Value: d, Quote: l.quote}
					break
				}
			}
		}
		out[FindingDesign] = design
		out[FindingRandomized] = domain.Finding{Value: false, Quote: studyType.quote}
	}
	if l, ok := first(domain.RegistryLabelTimePerspective); ok {
		switch strings.ToUpper(l.value) {
		case "PROSPECTIVE":
			out[FindingDirection] = domain.Finding{Value: "prospective", Quote: l.quote}
		case "RETROSPECTIVE":
			out[FindingDirection] = domain.Finding{Value: "retrospective", Quote: l.quote}
		}
	}
	if l, ok := first(domain.RegistryLabelMasking); ok {
		level, _, _ := strings.Cut(l.value, " ")
		if b, ok := registryBlinding[strings.ToUpper(level)]; ok {
			out[FindingBlinding] = domain.Finding{Value: b, Quote: l.quote}
		}
		parties := []string{}
		seen := map[string]bool{}
		if m := whoMaskedRe.FindStringSubmatch(l.value); m != nil {
			for _, role := range strings.Split(m[1], ",") {
				if p, ok := registryParties[strings.ToLower(strings.TrimSpace(role))]; ok && !seen[p] {
					seen[p] = true
					parties = append(parties, p)
				}
			}
		}
		if len(parties) > 0 {
			out[FindingMaskedParties] = domain.Finding{Value: parties, Quote: l.quote}
		} else {
			out[FindingMaskedParties] = domain.Finding{Value: parties}
		}
	}
	if l, ok := first(domain.RegistryLabelEnrollment); ok {
		count, kind, _ := strings.Cut(l.value, " ")
		if n, err := strconv.Atoi(count); err == nil && n > 0 {
			if strings.Contains(strings.ToUpper(kind), "ESTIMATED") {
				out[FindingPlannedSampleSize] = domain.Finding{Value: n, Quote: l.quote}
			} else {
				out[FindingSampleSize] = domain.Finding{Value: n, Quote: l.quote}
			}
		}
	}
	if l, ok := first(domain.RegistryLabelID); ok {
		if ids := RegistryIDs(l.value); len(ids) > 0 {
			out[FindingRegistration] = domain.Finding{Value: ids, Quote: l.quote}
		}
	}
	if l, ok := first(domain.RegistryLabelStatus); ok {
		out[FindingRegistryStatus] = domain.Finding{Value: strings.ToUpper(l.value), Quote: l.quote}
	}
	if l, ok := first(domain.RegistryLabelResults); ok {
		out[FindingResultsPosted] = domain.Finding{Value: strings.HasPrefix(strings.ToLower(l.value), "yes"), Quote: l.quote}
	}
	if ls := facts[domain.RegistryLabelPrimaryOutcome]; len(ls) > 0 {
		measures := make([]string, len(ls))
		for i, l := range ls {
			m, _, _ := strings.Cut(l.value, " [time frame:")
			measures[i] = m
		}
		out[FindingPrimaryOutcomes] = domain.Finding{Value: measures, Quote: ls[0].quote}
	}
	sub, okSub := first(domain.RegistryLabelFirstSubmitted)
	start, okStart := first(domain.RegistryLabelStart)
	if okSub && okStart {
		if p, ok := (domain.Trial{FirstSubmitted: sub.value, StartDate: start.value}).RegisteredProspectively(); ok {
			out[FindingRegisteredProspectively] = domain.Finding{Value: p, Quote: sub.quote}
		}
	}
}
