package concepts

import (
	"slices"
	"strings"

	"deepcritical/backend/domain"
)

// A user corrects how a question was understood before the run starts: the window's chips
// and the CLI's --role and --stage flags. The corrected parse is what the run stores and
// every later step reads.

// CorrectStages applies the user's corrections of which stage of a condition the question
// asks about: stages maps a condition's text (or its label, as the chips show it) to its
// onset, the condition already present, or either. A stage given to a concept that is not
// a condition, or an unknown stage, fails with the reason. A key naming no concept lapses,
// as a role correction does (Correct): the user edited the question after correcting it.
func CorrectStages(s Set, stages map[string]domain.ConditionStage) (Set, error) {
	out := s.Clone()
	for key, stage := range stages {
		if !slices.Contains(domain.ConditionStages, stage) {
			return s, domain.Errorf(domain.CodeInvalid, "unknown stage %q for %q (allowed: either, onset, established)", string(stage), key)
		}
		i := slices.IndexFunc(out.Concepts, func(c Concept) bool { return c.Text == key || c.Label() == key })
		if i < 0 {
			continue
		}
		c := &out.Concepts[i]
		if c.Role != RoleCondition {
			return s, domain.Errorf(domain.CodeInvalid, "%q is read as the %s, not a condition: only a condition has a stage (its onset or already present)", c.Label(), c.Role)
		}
		c.Onset, c.Established = stage == domain.StageOnset, stage == domain.StageEstablished
		c.Corrected = true
	}
	return out, nil
}

// Corrections are a user's corrections of how a question was understood: a concept's text
// (or label) to its role ("" drops it), and a condition's text to its stage. The window's
// chips and the CLI's --role and --stage flags give them.
type Corrections struct {
	Roles  map[string]Role
	Stages map[string]domain.ConditionStage
}

// ExtractCorrected parses a question as a run does (domain.ValidateQuestion, then Extract)
// and applies the user's corrections, roles first, so a concept made a condition by hand
// can be given its stage.
func ExtractCorrected(question string, c Corrections) (Set, error) {
	q, err := domain.ValidateQuestion(question)
	if err != nil {
		return Set{}, err
	}
	set, err := Extract(q)
	if err != nil {
		return set, err
	}
	if len(c.Roles) > 0 {
		if set, err = Correct(set, c.Roles); err != nil {
			return set, err
		}
	}
	if len(c.Stages) > 0 {
		return CorrectStages(set, c.Stages)
	}
	return set, nil
}

// Correct applies the user's corrections to a parse: each concept whose text matches one
// of roles' keys gets that role (a role "" drops the concept), and the kind follows. It
// fails with the reason when no specific concept is left.
func Correct(s Set, roles map[string]Role) (Set, error) {
	out := s.Clone()
	out.Concepts = out.Concepts[:0]
	for _, c := range s.Clone().Concepts {
		r, ok := roles[c.Text]
		if !ok {
			// The user may name the concept as it is shown ("alcohol use disorder").
			r, ok = roles[c.Label()]
		}
		if ok {
			if r == "" {
				out.Dropped = appendWording(out.Dropped, c.Text, c.Label())
				continue
			}
			if !r.Valid() {
				return s, domain.Errorf(domain.CodeInvalid, "unknown role %q for %q (allowed: condition, intervention, comparator, outcome, population, other)", string(r), c.Text)
			}
			if r != c.Role {
				// A role given by hand replaces the parse's reading, its setting mark included.
				c.Role, c.Corrected, c.Setting = r, true, false
				if r == RoleIntervention || r == RoleCondition {
					c.Generic = false
				}
			}
		}
		out.Concepts = append(out.Concepts, c)
	}
	if len(out.Specific()) == 0 {
		return s, domain.Errorf(domain.CodeInvalid, "the corrected question has no specific concept left: keep a condition, drug, outcome or population")
	}
	out.Kind = kindOf(out)
	out.Exposure = s.Exposure && out.Kind == domain.QuestionIntervention
	// A test the parse did not know, made the intervention by hand, is asked about as a
	// test when the question asks how accurate it is.
	out.Diagnostic = out.Kind == domain.QuestionIntervention && !out.Exposure && (s.Diagnostic || asksAccuracy(tokenize(s.Question)))
	out.Predicts = out.Diagnostic && asksPrediction(tokenize(s.Question))
	out.TellsApart = out.Diagnostic && tellsApart(tokenize(s.Question))
	if !out.Exposure {
		for i := range out.Concepts {
			out.Concepts[i].Harm = false
		}
	}
	MarkPurposes(&out)
	return out, nil
}

// appendWording adds each wording not yet in list (case-insensitively), so a concept
// shown as its label ("alcohol use disorder") and searched as its text is dropped in both.
func appendWording(list []string, wordings ...string) []string {
	for _, w := range wordings {
		if w != "" && !slices.ContainsFunc(list, func(x string) bool { return strings.EqualFold(x, w) }) {
			list = append(list, w)
		}
	}
	return list
}
