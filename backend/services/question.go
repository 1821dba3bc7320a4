package services

import (
	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
)

// QuestionView is how DeepCritical understood a question, shown as chips under the
// question box as the user types, so a wrong reading can be corrected before the run.
type QuestionView struct {
	// Kind is "intervention" (names one), "open" (asks which) or "other".
	Kind domain.QuestionKind `json:"kind"`
	// Exposure is set when the question asks about a link (a harm or a risk) between its
	// intervention and the condition, not whether it treats it.
	Exposure bool `json:"exposure,omitempty"`
	// Diagnostic is set when the question asks how well its named test finds the condition.
	Diagnostic bool `json:"diagnostic,omitempty"`
	// Predicts is set when that test is asked to predict what follows, not to find a disease.
	Predicts bool          `json:"predicts,omitempty"`
	Summary  string        `json:"summary"`
	Concepts []ConceptView `json:"concepts"`
	// Error says in one line why the question cannot be searched ("" when it can).
	Error string `json:"error,omitempty"`
}

// ConceptView is one chip: a concept's words and role, and for a drug class its name and
// members.
type ConceptView struct {
	// Text is the concept's key: the role corrections name it by this.
	Text string `json:"text"`
	// Label is how the chip shows it ("alcohol use disorder" for "alcohol-use-disorder").
	Label string `json:"label"`
	// Setting marks the operation the patients undergo, required like a condition.
	Setting bool               `json:"setting,omitempty"`
	Role    domain.ConceptRole `json:"role"`
	Generic bool               `json:"generic,omitempty"`
	Class   string             `json:"class,omitempty"`
	Members []string           `json:"members,omitempty"`
	// Respelled is the drug or disease name a mistyped word was read as ("levetiracetam").
	Respelled string `json:"respelled,omitempty"`
	// Stage is "its onset" for a condition the question asks to prevent (or asks its risk),
	// "already present" for one its patients have (domain.Concept.StageNote).
	Stage string `json:"stage,omitempty"`
	// StageKey is the same as the stage corrections name it: "onset", "established" or
	// "either" (a condition's stage select shows it).
	StageKey domain.ConditionStage `json:"stage_key"`
}

// ParseQuestion returns how a question is understood, with the user's corrections applied
// (roles maps a concept's text to its role, "" dropping it; stages maps a condition's text
// to "onset", "established" or "either"). The run parses the same way, so what the chips
// show is what the run searches for.
func (r *RunService) ParseQuestion(question string, roles, stages map[string]string) QuestionView {
	q, err := parseCorrected(question, roles, stages)
	if err != nil {
		return QuestionView{Error: domain.SafeMessage(err), Concepts: []ConceptView{}}
	}
	v := QuestionView{Kind: q.Kind, Exposure: q.Exposure, Diagnostic: q.Diagnostic, Predicts: q.Predicts, Summary: q.Summary(), Concepts: []ConceptView{}}
	for _, c := range q.Concepts {
		v.Concepts = append(v.Concepts, ConceptView{Text: c.Text, Label: c.Label(), Setting: c.Setting, Role: c.Role, Generic: c.Generic, Class: c.Class, Members: c.Members, Respelled: c.Respelled, Stage: c.StageNote(), StageKey: c.Stage()})
	}
	return v
}

// Examples are the questions the Research view suggests.
func (r *RunService) Examples() []string { return domain.ExampleQuestions }

// QuestionRoles lists the roles a chip can be given, in the order the window offers them.
func (r *RunService) QuestionRoles() []domain.ConceptRole { return domain.ConceptRoles }

// parseCorrected parses a question and applies the user's corrections as the window sends
// them; nil corrections parse it as it is.
func parseCorrected(question string, roles, stages map[string]string) (concepts.Set, error) {
	c := concepts.Corrections{Roles: map[string]concepts.Role{}, Stages: map[string]domain.ConditionStage{}}
	for text, role := range roles {
		c.Roles[text] = concepts.Role(role)
	}
	for text, stage := range stages {
		c.Stages[text] = domain.ConditionStage(stage)
	}
	return concepts.ExtractCorrected(question, c)
}
