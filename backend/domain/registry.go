package domain

import (
	"regexp"
	"strconv"
	"strings"
)

// Labels of the registry facts a ClinicalTrials.gov record's text carries, one
// "Label: value" line each (RegistryFacts). The search client writes them into the
// evidence's content, which the judge reads and the appraiser appraises and quotes from;
// the appraiser finds each fact again by its label, so the two never disagree on wording.
const (
	RegistryLabelID                 = "ClinicalTrials.gov ID"
	RegistryLabelStudyType          = "Study type"
	RegistryLabelPhase              = "Phase"
	RegistryLabelAllocation         = "Allocation"
	RegistryLabelInterventionModel  = "Intervention model"
	RegistryLabelObservationalModel = "Observational model"
	RegistryLabelTimePerspective    = "Time perspective"
	RegistryLabelMasking            = "Masking"
	RegistryLabelPrimaryPurpose     = "Primary purpose"
	RegistryLabelEnrollment         = "Enrollment"
	RegistryLabelPrimaryOutcome     = "Primary outcome"
	RegistryLabelSecondaryOutcome   = "Secondary outcome"
	RegistryLabelStatus             = "Overall status"
	RegistryLabelWhyStopped         = "Why stopped"
	RegistryLabelConditions         = "Conditions"
	RegistryLabelInterventions      = "Interventions"
	RegistryLabelFirstSubmitted     = "First submitted"
	RegistryLabelStart              = "Start"
	RegistryLabelCompletion         = "Completion"
	RegistryLabelResults            = "Results posted"
)

// maskedRoleNames are the registry's who-masked roles as a reader says them.
var maskedRoleNames = map[string]string{
	"PARTICIPANT":       "Participant",
	"CARE_PROVIDER":     "Care Provider",
	"INVESTIGATOR":      "Investigator",
	"OUTCOMES_ASSESSOR": "Outcomes Assessor",
}

// MaskedRoleName is a who-masked role as ClinicalTrials.gov prints it ("Care Provider").
func MaskedRoleName(role string) string {
	if n, ok := maskedRoleNames[strings.ToUpper(strings.TrimSpace(role))]; ok {
		return n
	}
	return strings.TrimSpace(role)
}

// RegistryFacts renders a registry record's design, size, outcomes and status as
// "Label: value" lines, in the order a reader checks them. Values are the registry's own
// (RANDOMIZED, DOUBLE, COMPLETED) so a quote can be checked against the record; a field
// the record does not give has no line, except results, whose absence is itself a fact.
func RegistryFacts(nctID string, t Trial) []string {
	var out []string
	add := func(label, v string) {
		if v = strings.Join(strings.Fields(v), " "); v != "" {
			out = append(out, label+": "+v)
		}
	}
	add(RegistryLabelID, nctID)
	add(RegistryLabelStudyType, t.StudyType)
	add(RegistryLabelPhase, t.Phase)
	add(RegistryLabelAllocation, t.Allocation)
	add(RegistryLabelInterventionModel, t.InterventionModel)
	add(RegistryLabelObservationalModel, t.ObservationalModel)
	add(RegistryLabelTimePerspective, t.TimePerspective)
	if m := strings.TrimSpace(t.Masking); m != "" {
		roles := make([]string, 0, len(t.WhoMasked))
		for _, r := range t.WhoMasked {
			roles = append(roles, MaskedRoleName(r))
		}
		switch {
		case len(roles) > 0:
			m += " (" + strings.Join(roles, ", ") + ")"
		case strings.EqualFold(m, "NONE"):
			m += " (Open Label)"
		}
		add(RegistryLabelMasking, m)
	}
	add(RegistryLabelPrimaryPurpose, t.PrimaryPurpose)
	if t.Enrollment > 0 {
		n := strconv.Itoa(t.Enrollment)
		if t.EnrollmentType != "" {
			n += " (" + t.EnrollmentType + ")"
		}
		add(RegistryLabelEnrollment, n)
	}
	for _, o := range t.PrimaryOutcomes {
		add(RegistryLabelPrimaryOutcome, outcomeLine(o))
	}
	for _, o := range t.SecondaryOutcomes {
		add(RegistryLabelSecondaryOutcome, outcomeLine(o))
	}
	add(RegistryLabelStatus, t.Status)
	add(RegistryLabelWhyStopped, t.WhyStopped)
	add(RegistryLabelConditions, strings.Join(t.Conditions, "; "))
	ivs := make([]string, 0, len(t.Interventions))
	for _, iv := range t.Interventions {
		if iv.Type != "" {
			ivs = append(ivs, iv.Type+": "+iv.Name)
		} else {
			ivs = append(ivs, iv.Name)
		}
	}
	add(RegistryLabelInterventions, strings.Join(ivs, "; "))
	add(RegistryLabelFirstSubmitted, t.FirstSubmitted)
	add(RegistryLabelStart, t.StartDate)
	add(RegistryLabelCompletion, t.CompletionDate)
	switch {
	case t.HasResults && t.ResultsFirstPosted != "":
		add(RegistryLabelResults, "yes (first posted "+t.ResultsFirstPosted+")")
	case t.HasResults:
		add(RegistryLabelResults, "yes")
	default:
		add(RegistryLabelResults, "no")
	}
	return out
}

// outcomeLine is an outcome's measure with its time frame in brackets.
func outcomeLine(o TrialOutcome) string {
	m := strings.TrimSpace(o.Measure)
	if tf := strings.TrimSpace(o.TimeFrame); tf != "" && m != "" {
		return m + " [time frame: " + tf + "]"
	}
	return m
}

// NCTPattern is a ClinicalTrials.gov identifier, NCT and eight digits (the digits in
// group 1), as papers print it: "NCT01234567", "NCT 01234567", "(NCT01234567)". The one
// pattern for NCT ids, shared with the appraiser's registry patterns.
var NCTPattern = regexp.MustCompile(`(?i)\bNCT[\s:#-]{0,2}(0\d{7})\b`)

// NCTIDs returns the ClinicalTrials.gov identifiers in s, upper-case and deduplicated in
// order of appearance ("NCT 01234567" and "nct01234567" are NCT01234567).
func NCTIDs(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range NCTPattern.FindAllStringSubmatch(s, -1) {
		id := "NCT" + m[1]
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// IsRegistryRecord reports whether a piece of evidence is a trial registry entry (a
// study) rather than an article reporting one.
func (e Evidence) IsRegistryRecord() bool {
	return e.Citation.Source == SourceClinicalTrials && e.Citation.Trial != nil
}

// IsPlannedTrial reports whether a piece of evidence is a registry entry with no results
// posted: it states what a trial plans, not what it found, so it is neither counted as
// a finding nor labelled as if it were a published trial.
func (e Evidence) IsPlannedTrial() bool {
	return e.IsRegistryRecord() && !e.Citation.Trial.HasResults
}

// RegisteredProspectively compares the registry's first-submitted date with the start
// date ("2008-11-14" against "2008-11"): ok is false when either is missing or they cannot
// be ordered (the same month given without a day). A record submitted after the trial
// started was registered retrospectively; one submitted on the start day, prospectively.
func (t Trial) RegisteredProspectively() (prospective, ok bool) {
	sub, start := strings.TrimSpace(t.FirstSubmitted), strings.TrimSpace(t.StartDate)
	if len(sub) < 7 || len(start) < 7 {
		return false, false
	}
	// Compare at the precision both dates have (ISO dates order as strings).
	n := min(len(sub), len(start))
	a, b := sub[:n], start[:n]
	if a == b {
		// The same day is registration before the first enrolment; the same month
		// cannot be ordered.
		return n >= 10, n >= 10
	}
	return a < b, true
}
