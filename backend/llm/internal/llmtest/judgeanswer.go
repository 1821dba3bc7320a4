package llmtest

// JudgeAnswer mirrors the judge's structured answer (the judge's JSON schema, with its
// bounds as jsonschema tags) so the Generate benchmarks of llm and of the providers measure
// a realistic schema. It is a copy of the shape, not an import, because the judge package
// depends on llm.
type JudgeAnswer struct {
	Details struct {
		MechanismScore        int      `json:"mechanism_score" jsonschema:"minimum=0,maximum=10"`
		MechanismReasoning    string   `json:"mechanism_reasoning" jsonschema:"minLength=10"`
		ClinicalEvidenceScore int      `json:"clinical_evidence_score" jsonschema:"minimum=0,maximum=10"`
		ClinicalReasoning     string   `json:"clinical_reasoning" jsonschema:"minLength=10"`
		DrugCandidates        []string `json:"drug_candidates"`
		KeyFindings           []string `json:"key_findings"`
		Stances               []struct {
			N      int    `json:"n" jsonschema:"minimum=1"`
			Stance string `json:"stance" jsonschema:"enum=supports,enum=refutes,enum=mixed,enum=unclear"`
			Quote  string `json:"quote"`
		} `json:"stances"`
	} `json:"details"`
	Sufficient        bool     `json:"sufficient"`
	Confidence        float64  `json:"confidence" jsonschema:"minimum=0,maximum=1"`
	Recommendation    string   `json:"recommendation" jsonschema:"enum=continue,enum=synthesize"`
	NextSearchQueries []string `json:"next_search_queries"`
	Reasoning         string   `json:"reasoning" jsonschema:"minLength=20"`
}
