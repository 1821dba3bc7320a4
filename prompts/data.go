package prompts

// EvidenceItem is one numbered piece of evidence as shown to a model. N is the evidence's
// stable number in the run, so "[n]" means the same item in heuristics, prompts and reports.
type EvidenceItem struct {
	N       int
	Source  string
	Title   string
	Date    string
	Design  string
	IDs     string
	URL     string
	Quality string
	Content string
	// Trimmed is set when Content was cut at a sentence boundary to fit the per-item cap.
	Trimmed bool
	// FullChars is the length of the untrimmed content, shown when Trimmed is set.
	FullChars int
	// FullText holds, for an on-topic trial read in full, the passages of its methods and
	// results most relevant to the question, each after its section's title.
	FullText string
}

// JudgeUserData feeds judge_user.md.
type JudgeUserData struct {
	Question string
	// Understood is how the question was parsed ("intervention: metformin · condition:
	// cancer"); Intervention names the intervention it asks about, "" for an open question.
	Understood   string
	Intervention string
	// NotTreatment is set when the question asks something other than whether Intervention
	// treats: "about a link between X and Y" (a harm, a risk), "how well X finds Y" (a test).
	NotTreatment string
	// AsksNoTreatment is set for a question that asks for no treatment (a harm, a test, a
	// prognosis, an association): its sufficiency rule needs no candidate or mechanism.
	AsksNoTreatment bool
	Evidence        []EvidenceItem
	// Total is the number of evidence items collected; Omitted of them did not fit the budget.
	Total   int
	Omitted int
	// HeuristicsSection is the rendered heuristics.md text (the heuristic pre-analysis).
	HeuristicsSection string
	// SetAside counts the evidence judged off-topic for the question: never shown to the
	// model, not even by title, so no model time is spent on it.
	SetAside int
}

// JudgeEmptyData feeds judge_empty.md.
type JudgeEmptyData struct {
	Question          string
	HeuristicsSection string
}

// Adjustment is one score adjustment of the heuristic pre-analysis.
type Adjustment struct {
	Reason string
	Delta  float64
}

// Count is a named count (a study design, a source).
type Count struct {
	Name string
	N    int
}

// CandidateLine is a drug candidate found in structured fields with its supporting items.
type CandidateLine struct {
	Name     string
	Support  int
	Evidence []int
}

// HeuristicsData feeds heuristics.md.
type HeuristicsData struct {
	BaseScore        float64
	Adjustments      []Adjustment
	FinalScore       float64
	DesignCounts     []Count
	Candidates       []CandidateLine
	Observations     []string
	RedFlags         []string
	SuggestedQueries []string
}

// SynthesisData feeds synthesis_narrative.md: the narrative is written from stored evidence only.
type SynthesisData struct {
	Question string
	Evidence []EvidenceItem
	Omitted  int
	// SetAside counts the evidence judged off-topic for the question: not shown, and a
	// narrative citing it is refused (narrative.Narrator).
	SetAside       int
	Candidates     []CandidateLine
	KeyFindings    []string
	MechanismScore int
	ClinicalScore  int
	Confidence     float64
	Sufficient     bool
	// MaxWords bounds the narrative's length.
	MaxWords int
}

// PreviousVerdict is an earlier verdict on the same run, for progress detection.
type PreviousVerdict struct {
	Pass         bool
	Reason       string
	MissingItems []string
	Fingerprint  string
}

// VerifyUserData feeds verify_user.md: the strict verdict applied to a report.
type VerifyUserData struct {
	Question string
	Report   string
	Evidence []EvidenceItem
	Omitted  int
	// SetAside lists the numbers of the evidence judged off-topic for the question: not
	// shown; a claim citing one rests on evidence that does not answer the question.
	SetAside []int
	// GroundingProblems are what code already found (candidates absent from the evidence,
	// citations out of range); the model must take them into account.
	GroundingProblems []string
	Previous          []PreviousVerdict
	Fingerprint       string
}

// AppraisalComponent is one scored component of an appraisal dimension with its maximum.
type AppraisalComponent struct {
	Name string
	Max  float64
}

// RuleFinding is a rule-based finding given to the appraiser as context.
type RuleFinding struct {
	Name  string
	Value string
	Quote string
}

// AppraisalDimension is one appraisal dimension as shown to the model: Name is
// "methodological_quality" or "risk_of_bias" (the key of its object in the answer), and
// Components carry the configured weights.
type AppraisalDimension struct {
	Name       string
	Components []AppraisalComponent
}

// AppraisalUserData feeds appraisal_user.md. Dimensions are assessed in one answer, so a
// paper costs one structured call; the default weights are randomization 2,
// blinding 3, allocation_concealment 1.5, protocol_preregistration 1.5, itt_analysis 1,
// attrition_handling 1 for methodological_quality, and 2.5 for each of selection_bias,
// performance_bias, detection_bias, reporting_bias for risk_of_bias.
type AppraisalUserData struct {
	Title string
	// Read says which text the model reads: the full text (and whether parts of it were
	// left out to fit), or the abstract only, where a method not mentioned may still have
	// been reported in the paper.
	Read         string
	Text         string
	Dimensions   []AppraisalDimension
	RuleFindings []RuleFinding
}

// DefaultQualityComponents returns the methodological quality weights (total 10).
func DefaultQualityComponents() []AppraisalComponent {
	return []AppraisalComponent{
		{"randomization", 2}, {"blinding", 3}, {"allocation_concealment", 1.5},
		{"protocol_preregistration", 1.5}, {"itt_analysis", 1}, {"attrition_handling", 1},
	}
}

// DefaultRiskOfBiasComponents returns the risk-of-bias weights (total 10, higher = lower risk).
func DefaultRiskOfBiasComponents() []AppraisalComponent {
	return []AppraisalComponent{
		{"selection_bias", 2.5}, {"performance_bias", 2.5}, {"detection_bias", 2.5}, {"reporting_bias", 2.5},
	}
}

// DefaultAppraisalDimensions returns both dimensions with their default weights, in
// the order the appraiser asks for them.
func DefaultAppraisalDimensions() []AppraisalDimension {
	return []AppraisalDimension{
		{Name: "methodological_quality", Components: DefaultQualityComponents()},
		{Name: "risk_of_bias", Components: DefaultRiskOfBiasComponents()},
	}
}
