package judge

import (
	"sync"

	"deepcritical/backend/llm"
)

// assessmentOutput is the part of domain.Assessment the model writes (the judge block is
// filled in by code). Its tags carry the answer's constraints (ranges, counts) into the JSON schema.
type assessmentOutput struct {
	Details struct {
		MechanismScore        int      `json:"mechanism_score" jsonschema:"minimum=0,maximum=10,description=How well the evidence explains the biological mechanism (0-10)"`
		MechanismReasoning    string   `json:"mechanism_reasoning" jsonschema:"minLength=10,description=Explanation of the mechanism score"`
		ClinicalEvidenceScore int      `json:"clinical_evidence_score" jsonschema:"minimum=0,maximum=10,description=Strength of clinical and preclinical evidence (0-10)"`
		ClinicalReasoning     string   `json:"clinical_reasoning" jsonschema:"minLength=10,description=Explanation of the clinical evidence score"`
		DrugCandidates        []string `json:"drug_candidates" jsonschema:"description=Specific drug candidates named in the evidence"`
		KeyFindings           []string `json:"key_findings" jsonschema:"description=Key findings from the evidence citing [n]"`
		// Stances may be empty; a verdict stored before they existed reads without them.
		Stances []stanceOutput `json:"stances" jsonschema:"description=For each on-topic study: which way it points on the question, with the results or conclusions sentence it rests on, copied verbatim (may be empty)"`
	} `json:"details"`
	Sufficient        bool     `json:"sufficient" jsonschema:"description=Is the evidence sufficient to recommend candidates?"`
	Confidence        float64  `json:"confidence" jsonschema:"minimum=0,maximum=1,description=Confidence in the assessment (0-1)"`
	Recommendation    string   `json:"recommendation" jsonschema:"enum=continue,enum=synthesize"`
	NextSearchQueries []string `json:"next_search_queries" jsonschema:"description=If continue: 3-5 specific search queries"`
	Reasoning         string   `json:"reasoning" jsonschema:"minLength=20,description=Overall reasoning for the recommendation"`
}

// stanceOutput is one study's stance as the model writes it.
type stanceOutput struct {
	N      int    `json:"n" jsonschema:"minimum=1,description=The evidence number as cited, [n]"`
	Stance string `json:"stance" jsonschema:"enum=supports,enum=refutes,enum=mixed,enum=unclear,description=supports: the study finds a benefit; refutes: no effect or harm; mixed; unclear"`
	Quote  string `json:"quote" jsonschema:"description=The results or conclusions sentence the stance rests on, copied verbatim from the evidence"`
}

// assessmentSchema is derived once, on first use rather than when the program starts (it
// reflects over the type and compiles the result); SchemaFor only fails on a programming error.
var assessmentSchema = sync.OnceValue(func() *llm.Schema { return llm.MustSchemaFor[assessmentOutput]("judge_assessment") })

// AssessmentSchema is the strict JSON schema of the judge's assessment (all fields
// required, additionalProperties false), sent to providers that support native structured
// output and checked locally for the rest.
func AssessmentSchema() llm.Schema {
	s := *assessmentSchema()
	s.JSON = append([]byte(nil), s.JSON...)
	return s
}
