package domain

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func validAssessment() Assessment {
	return Assessment{
		Details: AssessmentDetails{
			MechanismScore: 7, MechanismReasoning: "AMPK activation explains it",
			ClinicalEvidenceScore: 5, ClinicalReasoning: "one phase 2 trial and cohorts",
		},
		Sufficient: true, Confidence: 0.7, Recommendation: RecommendSynthesize,
		Reasoning: "Combined score 12 with a named candidate.",
	}
}

func TestAssessmentValidate(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(a *Assessment)
		want   string // empty: valid
	}{
		{"valid", func(a *Assessment) {}, ""},
		{"mechanism below 0", func(a *Assessment) { a.Details.MechanismScore = -1 }, "mechanism_score must be 0–10"},
		{"mechanism above 10", func(a *Assessment) { a.Details.MechanismScore = 11 }, "mechanism_score must be 0–10"},
		{"mechanism bounds ok", func(a *Assessment) { a.Details.MechanismScore = 10 }, ""},
		{"clinical above 10", func(a *Assessment) { a.Details.ClinicalEvidenceScore = 11 }, "clinical_evidence_score must be 0–10"},
		{"clinical below 0", func(a *Assessment) { a.Details.ClinicalEvidenceScore = -3 }, "clinical_evidence_score must be 0–10"},
		{"short mechanism reasoning", func(a *Assessment) { a.Details.MechanismReasoning = "too short" }, "mechanism_reasoning must be at least 10"},
		{"whitespace clinical reasoning", func(a *Assessment) { a.Details.ClinicalReasoning = "          " }, "clinical_reasoning must be at least 10"},
		{"confidence above 1", func(a *Assessment) { a.Confidence = 1.01 }, "confidence must be 0–1"},
		{"confidence negative", func(a *Assessment) { a.Confidence = -0.1 }, "confidence must be 0–1"},
		{"confidence NaN", func(a *Assessment) { a.Confidence = math.NaN() }, "confidence must be 0–1"},
		{"unknown recommendation", func(a *Assessment) { a.Recommendation = "stop" }, "recommendation must be"},
		{"short reasoning", func(a *Assessment) { a.Reasoning = "nineteen characters" }, "reasoning must be at least 20"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := validAssessment()
			tc.mutate(&a)
			err := a.Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			var ve *ValidationError
			require.ErrorAs(t, err, &ve)
			require.Contains(t, err.Error(), tc.want)
		})
	}
	t.Run("every problem is listed", func(t *testing.T) {
		a := Assessment{}
		var ve *ValidationError
		require.ErrorAs(t, a.Validate(), &ve)
		require.Len(t, ve.Problems, 4, "two reasonings, the recommendation and the overall reasoning")
	})
}

func TestRunConfigBoundsNameTheField(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(c *RunConfig)
		want   string
	}{
		{"defaults are valid", func(c *RunConfig) {}, ""},
		{"max_iterations 0", func(c *RunConfig) { c.MaxIterations = 0 }, "max_iterations must be between 1 and 10, got 0"},
		{"max_iterations 11", func(c *RunConfig) { c.MaxIterations = 11 }, "max_iterations must be between 1 and 10, got 11"},
		{"max_iterations 10", func(c *RunConfig) { c.MaxIterations = 10 }, ""},
		{"max_results_per_source 51", func(c *RunConfig) { c.MaxResultsPerSource = 51 }, "max_results_per_source must be between 1 and 50, got 51"},
		{"search_timeout_s 4", func(c *RunConfig) { c.SearchTimeoutS = 4 }, "search_timeout_s must be between 5 and 120, got 4"},
		{"search_timeout_s 121", func(c *RunConfig) { c.SearchTimeoutS = 121 }, "search_timeout_s must be between 5 and 120, got 121"},
		{"queries_per_iteration 6", func(c *RunConfig) { c.QueriesPerIteration = 6 }, "queries_per_iteration must be between 1 and 5, got 6"},
		{"unknown source", func(c *RunConfig) { c.Sources = []Source{"scholar"} }, `unknown source "scholar"`},
		{"unknown judge", func(c *RunConfig) { c.Judge = "gpt" }, `unknown provider "gpt"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultRunConfig()
			tc.mutate(&c)
			err := c.Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Contains(t, err.Error(), tc.want)
			require.Equal(t, CodeInvalid, CodeOf(err))
		})
	}
	t.Run("defaults match the design", func(t *testing.T) {
		c := DefaultRunConfig()
		require.Equal(t, 5, c.MaxIterations)
		require.Equal(t, 10, c.MaxResultsPerSource)
		require.Equal(t, 30, c.SearchTimeoutS)
		require.Equal(t, 3, c.QueriesPerIteration)
		require.Equal(t, ProviderOffline, c.Judge)
	})
}

func TestCanonicalKey(t *testing.T) {
	cases := []struct {
		name string
		c    Citation
		want string
	}{
		{"pmid wins", Citation{PMID: " 123 ", DOI: "10.1/x", NCTID: "NCT1", URL: "https://x"}, "pmid:123"},
		{"doi normalised", Citation{DOI: "https://doi.org/10.1000/ABC.1"}, "doi:10.1000/abc.1"},
		{"doi prefix", Citation{DOI: "doi: 10.1000/ABC.1"}, "doi:10.1000/abc.1"},
		{"nct upper-cased", Citation{NCTID: "nct01843075", PMCID: "PMC1"}, "nct:NCT01843075"},
		{"pmcid", Citation{PMCID: "pmc7654321"}, "pmcid:PMC7654321"},
		{"url normalised", Citation{URL: "HTTPS://www.Example.org/a/b/#frag"}, "url:example.org/a/b"},
		{"http and https alike", Citation{URL: "http://example.org/a/b"}, "url:example.org/a/b"},
		{"url keeps query", Citation{URL: "https://example.org/s?id=1"}, "url:example.org/s?id=1"},
		{"title as last resort", Citation{Title: "  Metformin   and AD "}, "title:metformin and ad"},
		{"nothing", Citation{}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, tc.c.CanonicalKey())
			require.Equal(t, tc.want, Evidence{Citation: tc.c}.CanonicalKey())
		})
	}
	t.Run("same paper through two sources is one key", func(t *testing.T) {
		pm := Citation{Source: SourcePubMed, PMID: "31234567", DOI: "10.1/A"}
		epmc := Citation{Source: SourceEuropePMC, PMID: "31234567", PMCID: "PMC1"}
		require.Equal(t, pm.CanonicalKey(), epmc.CanonicalKey())
	})
}

func TestCitationYear(t *testing.T) {
	for in, want := range map[string]string{"2019-06-01": "2019", "2019": "2019", "Spring 2019": "", "": "", "20x9": ""} {
		require.Equal(t, want, Citation{Date: in}.Year(), in)
	}
}

func TestEvidenceValidate(t *testing.T) {
	cases := []struct {
		name string
		ev   Evidence
		want string
	}{
		{"valid", Evidence{Content: "x", Citation: Citation{Source: SourcePubMed, Title: "t"}, Relevance: 0.5}, ""},
		{"unknown source", Evidence{Content: "x", Citation: Citation{Source: "scholar"}}, "unknown source"},
		{"empty", Evidence{Citation: Citation{Source: SourceWeb}}, "title and content are both empty"},
		{"relevance above 1", Evidence{Content: "x", Citation: Citation{Source: SourceWeb}, Relevance: 1.5}, "relevance must be between 0 and 1"},
		{"relevance negative", Evidence{Content: "x", Citation: Citation{Source: SourceWeb}, Relevance: -0.1}, "relevance must be between 0 and 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.ev.Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestParseSourcesAndProvider(t *testing.T) {
	got, err := ParseSources(" PubMed, europepmc,pubmed ,,clinicaltrials")
	require.NoError(t, err)
	require.Equal(t, []Source{SourcePubMed, SourceEuropePMC, SourceClinicalTrials}, got)
	require.Equal(t, "pubmed, europepmc, clinicaltrials", JoinSources(got, ", "))
	back, err := ParseSources(JoinSources(got, ","))
	require.NoError(t, err)
	require.Equal(t, got, back)
	_, err = ParseSources("pubmed,scholar")
	require.ErrorContains(t, err, `unknown source "scholar"`)
	_, err = ParseSources(" , ")
	require.ErrorContains(t, err, "no sources given")

	for _, p := range AllProviders {
		got, err := ParseProvider(strings.ToUpper(string(p)))
		require.NoError(t, err)
		require.Equal(t, p, got)
	}
	_, err = ParseProvider("gemini")
	require.ErrorContains(t, err, `unknown judge "gemini"`)
	require.Equal(t, CodeInvalid, CodeOf(err))
}

func TestValidateQuestion(t *testing.T) {
	q, err := ValidateQuestion("  What drugs could be repurposed for Alzheimer's disease?\n")
	require.NoError(t, err)
	require.Equal(t, "What drugs could be repurposed for Alzheimer's disease?", q)
	for name, in := range map[string]string{"empty": "", "whitespace": " \t\n ", "too short": "ab", "huge": strings.Repeat("é", MaxQuestionChars+1)} {
		t.Run(name, func(t *testing.T) {
			_, err := ValidateQuestion(in)
			require.Error(t, err)
			require.Equal(t, CodeInvalid, CodeOf(err))
		})
	}
	_, err = ValidateQuestion(strings.Repeat("é", MaxQuestionChars))
	require.NoError(t, err, "the limit counts characters, not bytes")
}

func TestVerdictAndHeuristicsValidate(t *testing.T) {
	c := 0.5
	require.NoError(t, Verdict{Reason: "all supported", ConvergenceEstimate: &c}.Validate())
	require.ErrorContains(t, Verdict{}.Validate(), "reason must not be empty")
	bad := 1.5
	require.ErrorContains(t, Verdict{Reason: "x", ConvergenceEstimate: &bad}.Validate(), "convergence_estimate must be 0–1")
	require.NoError(t, Heuristics{FinalScore: 100}.Validate())
	require.ErrorContains(t, Heuristics{FinalScore: 100.5}.Validate(), "final_score must be 0–100")
	require.ErrorContains(t, Heuristics{FinalScore: -1}.Validate(), "final_score must be 0–100")
}

func TestDimensionValidate(t *testing.T) {
	cases := []struct {
		name string
		d    Dimension
		want string
	}{
		{"assessed", Dimension{Name: DimensionQuality, Score: 7.5, Status: StatusAssessed,
			Details: []DimensionDetail{{Component: "blinding", Contribution: 3, MaxScore: 3}}}, ""},
		{"score above 10", Dimension{Name: DimensionQuality, Score: 11, Status: StatusAssessed}, "score must be 0–10"},
		{"component above its max", Dimension{Name: DimensionRiskOfBias, Score: 5, Status: StatusAssessed,
			Details: []DimensionDetail{{Component: "selection_bias", Contribution: 3, MaxScore: 2.5}}}, "component selection_bias must be 0–2.5"},
		{"not assessed with reason", Dimension{Name: DimensionRiskOfBias, Status: StatusNotAssessed, Error: "model timed out"}, ""},
		{"not assessed without reason", Dimension{Name: DimensionRiskOfBias, Status: StatusNotAssessed}, "not_assessed without a reason"},
		{"not assessed with an invented score", Dimension{Name: DimensionRiskOfBias, Status: StatusNotAssessed, Error: "x", Score: 5}, "carries a score"},
		{"unknown name", Dimension{Name: "vibes", Status: StatusAssessed}, "dimension name must be"},
		{"unknown status", Dimension{Name: DimensionQuality, Status: "maybe"}, "status must be assessed or not_assessed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.d.Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestEventValidate(t *testing.T) {
	ok := Event{RunID: "r", Type: EventSearching, Iteration: 1, Data: json.RawMessage(`{"n":1}`)}
	require.NoError(t, ok.Validate())
	for _, typ := range AllEventTypes {
		require.True(t, typ.Valid(), typ)
	}
	cases := map[string]Event{
		"run_id is empty":       {Type: EventStarted},
		"is unknown":            {RunID: "r", Type: "exploded"},
		"iteration must be ≥ 0": {RunID: "r", Type: EventStarted, Iteration: -1},
		"not valid JSON":        {RunID: "r", Type: EventStarted, Data: json.RawMessage(`{`)},
	}
	for want, e := range cases {
		require.ErrorContains(t, e.Validate(), want)
	}
	require.True(t, RunInterrupted.Valid())
	require.False(t, RunStatus("paused").Valid())
}

func TestErrorCodesAndSafeMessages(t *testing.T) {
	cause := errors.New("dial tcp 10.0.0.1: secret detail")
	err := fmt.Errorf("search: %w", Wrap(CodeUnavailable, cause, "PubMed is not answering"))
	require.Equal(t, CodeUnavailable, CodeOf(err))
	require.Equal(t, "PubMed is not answering", SafeMessage(err))
	require.ErrorIs(t, err, cause, "the cause stays reachable for logs")
	require.Equal(t, CodeInternal, CodeOf(errors.New("plain")))
	require.Equal(t, "internal error", SafeMessage(errors.New("dial tcp: secret detail")), "internal details never reach the user")
	require.Equal(t, "", SafeMessage(nil))
	require.Equal(t, "not found: run x", Errorf(CodeNotFound, "not found: run %s", "x").Error())
	require.Equal(t, "boom", (&Error{Code: CodeInternal, Err: errors.New("boom")}).Error())
}

func TestNormalizeURL(t *testing.T) {
	require.Equal(t, "not a url", NormalizeURL(" Not a URL "))
	require.Equal(t, "clinicaltrials.gov/study/nct1", strings.ToLower(NormalizeURL("https://clinicaltrials.gov/study/NCT1/")))
}

// TestEventPayloads: every event type has one payload struct, payloads encode as the
// stored events of earlier versions did (sorted keys, optional keys absent), and DecodeData
// refuses to read an event as another type's payload.
func TestEventPayloads(t *testing.T) {
	for _, typ := range AllEventTypes {
		mk, ok := EventPayloads[typ]
		require.True(t, ok, "event type %s has no payload struct", typ)
		require.NotNil(t, mk())
	}
	require.Len(t, EventPayloads, len(AllEventTypes))

	conf := 0.4
	for _, tc := range []struct {
		data any
		want string
	}{
		{StartedData{Resumed: true}, `{"resumed":true}`},
		{LoopingData{Reason: LoopJudge, NextQueries: []string{"q"}, Confidence: &conf}, `{"confidence":0.4,"next_queries":["q"],"reason":"judge"}`},
		{ErrorData{Phase: PhaseVerify, UnverifiedReason: "timeout"}, `{"fatal":false,"phase":"verify","unverified_reason":"timeout"}`},
		{CompleteData{ReportStatus: ReportVerified, StopReason: "sufficient"}, `{"evidence_count":0,"iterations":0,"partial":false,"report_status":"verified","stop_reason":"sufficient","verdict_pass":null}`},
		{VerifyingData{Round: 1}, `{"round":1}`},
	} {
		b, err := json.Marshal(tc.data)
		require.NoError(t, err)
		require.Equal(t, tc.want, string(b))
	}

	e := Event{Seq: 3, Type: EventLooping, Data: json.RawMessage(`{"reason":"verification","round":2,"next_queries":["a"],"verdict":{"pass":false}}`)}
	d, err := DecodeData[LoopingData](e)
	require.NoError(t, err)
	require.Equal(t, LoopVerification, d.Reason)
	require.Equal(t, 2, d.Round)
	require.NotNil(t, d.Verdict)
	_, err = DecodeData[SearchingData](e)
	require.ErrorContains(t, err, `event 3 is "looping", whose payload is *domain.LoopingData, not *domain.SearchingData`)
	_, err = DecodeData[LoopingData](Event{Type: EventLooping, Data: json.RawMessage(`{"round":"two"}`)})
	require.Error(t, err)
}

// TestMergeEvidence pins the one rule for two copies of a work (search fan-out and store):
// the held copy keeps its source, id and URL; the fuller title, abstract, date and sections
// win whichever copy has them; a trial's phase and status come from the newer record; lists
// are united case-insensitively; counts and relevance take the maximum.
func TestMergeEvidence(t *testing.T) {
	snippet := Evidence{Content: "Metformin was associated…", Relevance: 0.4, Citation: Citation{
		Source: SourceEuropePMC, ID: "PMC1", URL: "https://europepmc.org/PMC1", Title: "Metformin and dementia risk",
		Date: "2019", MeshTerms: []string{"Metformin"}, CitationCount: 3,
		Trial: &Trial{Phase: "Phase 2", Status: "RECRUITING", Enrollment: 80}}}
	full := Evidence{Content: "Background: … Methods: … Results: metformin use was associated with lower dementia incidence.", Relevance: 0.9,
		Citation: Citation{Source: SourcePubMed, ID: "31000001", URL: "https://pubmed.ncbi.nlm.nih.gov/31000001/",
			Title: "Metformin and dementia risk: a cohort study", Date: "2019-03-01", PMID: "31000001",
			MeshTerms: []string{"metformin", "Dementia"}, CitationCount: 42, OpenAccess: true,
			Sections: []Section{{Label: "Background", Text: "…"}, {Label: "Results", Text: "…"}},
			Trial:    &Trial{Phase: "Phase 3", Status: "COMPLETED", Enrollment: 60}}}

	for _, tc := range []struct {
		name       string
		held, nu   Evidence
		wantSource Source
		wantURL    string
		wantPhase  string
	}{
		{"snippet held, full found again", snippet, full, SourceEuropePMC, "https://europepmc.org/PMC1", "Phase 3"},
		{"full held, snippet found again", full, snippet, SourcePubMed, "https://pubmed.ncbi.nlm.nih.gov/31000001/", "Phase 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := MergeEvidence(tc.held, tc.nu)
			require.Equal(t, tc.wantSource, m.Citation.Source)
			require.Equal(t, tc.wantURL, m.Citation.URL)
			require.Equal(t, full.Content, m.Content, "the full abstract beats the snippet")
			require.Equal(t, full.Citation.Title, m.Citation.Title)
			require.Equal(t, "2019-03-01", m.Citation.Date)
			require.Len(t, m.Citation.Sections, 2)
			require.Equal(t, "31000001", m.Citation.PMID)
			require.Len(t, m.Citation.MeshTerms, 2, "Metformin/metformin is one term: %v", m.Citation.MeshTerms)
			require.Equal(t, 42, m.Citation.CitationCount)
			require.True(t, m.Citation.OpenAccess)
			require.InDelta(t, 0.9, m.Relevance, 1e-9)
			require.Equal(t, tc.wantPhase, m.Citation.Trial.Phase, "the newer record's phase")
			require.Equal(t, 80, m.Citation.Trial.Enrollment)
		})
	}
	require.Equal(t, "Metformin", snippet.Citation.MeshTerms[0], "inputs are not modified")
}

// TestMergeKeepsOneAbstract: the abstract's text and its labelled sections always come from
// the same copy, the one whose abstract is kept, so the conclusions the stance reads are in
// the text its quote is checked against.
func TestMergeKeepsOneAbstract(t *testing.T) {
	pdf := Evidence{Content: "BACKGROUND: Falls are common after stroke. METHODS: We randomly assigned 212 patients to balance training or usual care. " +
		"CONCLUSIONS: Balance training did not reduce falls at six months.",
		Citation: Citation{Source: SourceLibrary, DOI: "10.1/falls", Sections: []Section{
			{Label: "BACKGROUND", Text: "Falls are common after stroke."},
			{Label: "CONCLUSIONS", Text: "Balance training did not reduce falls at six months."}}}}
	refs := Evidence{Content: "BACKGROUND: Falls. AIMS: Balance. METHODS: 212 patients. RESULTS: No change. CONCLUSIONS: No fewer falls.",
		Citation: Citation{Source: SourceLibrary, DOI: "10.1/falls", PMID: "40000001", Sections: []Section{
			{Label: "BACKGROUND", Text: "Falls."}, {Label: "AIMS", Text: "Balance."}, {Label: "METHODS", Text: "212 patients."},
			{Label: "RESULTS", Text: "No change."}, {Label: "CONCLUSIONS", Text: "No fewer falls."}}}}
	sectionsOnly := Evidence{Citation: Citation{Source: SourcePubMed, PMID: "40000001", Sections: []Section{
		{Label: "BACKGROUND", Text: "Falls are a common and costly complication in the months after a stroke, and training may help."},
		{Label: "CONCLUSIONS", Text: "Six weeks of balance training did not reduce the number of falls at six months."}}}}
	sameTextMoreSections := Evidence{Content: pdf.Content, Citation: Citation{Source: SourcePubMed, Sections: append(append([]Section{}, pdf.Citation.Sections...), Section{Label: "METHODS", Text: "We randomly assigned 212 patients to balance training or usual care."})}}
	for _, tc := range []struct {
		name     string
		held, nu Evidence
		want     Evidence
	}{
		{"the longer abstract held, fuller sections found", pdf, refs, pdf},
		{"fuller sections held, the longer abstract found", refs, pdf, pdf},
		{"an abstract given by its sections alone is compared by their text", refs, sectionsOnly, sectionsOnly},
		{"the same text cut into more sections", pdf, sameTextMoreSections, sameTextMoreSections},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := MergeEvidence(tc.held, tc.nu)
			require.Equal(t, tc.want.Content, m.Content)
			require.Equal(t, tc.want.Citation.Sections, m.Citation.Sections)
		})
	}
}

func TestSearchErrorSaidOnce(t *testing.T) {
	for _, c := range []struct {
		in   SearchError
		want string
	}{
		{SearchError{Source: SourcePubMed, Error: "pubmed: pubmed: cannot connect"}, "pubmed: cannot connect"},
		{SearchError{Source: SourcePubMed, Error: "cannot connect"}, "pubmed: cannot connect"},
		{SearchWarning(SourcePubMed, "pubmed: phrase not found"), "pubmed: phrase not found"},
		{SearchError{Error: "no source"}, "no source"},
	} {
		require.Equal(t, c.want, c.in.Said())
	}
}

// TestSummaryNamesOnlyTheClassWordAskedFor: an open question says what it asks for by its
// class word; a generic word in another role ("patients") is not said.
func TestSummaryNamesOnlyTheClassWordAskedFor(t *testing.T) {
	q := ParsedQuestion{Kind: QuestionOpen, Concepts: []Concept{{Role: RoleCondition, Text: "gout"},
		{Role: RoleIntervention, Text: "treatment", Generic: true}, {Role: RoleOther, Text: "patients", Generic: true}}}
	require.Equal(t, "condition: gout · asks for: treatment", q.Summary())
}

// TestSummarySaysPreventionOrTreatment: a condition asked about as what is prevented, or as
// what the patients have, says so.
func TestSummarySaysPreventionOrTreatment(t *testing.T) {
	q := ParsedQuestion{Kind: QuestionIntervention, Concepts: []Concept{{Role: RoleIntervention, Text: "aspirin"},
		{Role: RoleCondition, Text: "colorectal cancer", Onset: true}, {Role: RoleCondition, Text: "diabetes", Established: true}}}
	require.Equal(t, "condition: colorectal cancer (its onset) · condition: diabetes (already present) · intervention: aspirin", q.Summary())
}

// TestAnswerLineSaysTheNameAMistypedWordWasReadAs: "excercise" read as "exercise" is said
// "Exercise" in the answer line and the no-study line; the summary shows both.
func TestAnswerLineSaysTheNameAMistypedWordWasReadAs(t *testing.T) {
	q := ParsedQuestion{Question: "will excercise lower my blood presure?", Kind: QuestionIntervention, Concepts: []Concept{
		{Text: "excercise", Respelled: "exercise", Role: RoleIntervention}, {Text: "hypertension", Role: RoleCondition}}}
	require.Equal(t, "Exercise for hypertension: 1 study: 1 supports", AnswerLine(q, []StudyStance{{N: 1, Stance: StanceSupports}}, 1, 1))
	require.Contains(t, NoStudyLine(q, 3), "No study of exercise in hypertension")
	require.Contains(t, q.Summary(), "excercise (read as exercise)")
}

// TestNoStudyLeftLine: a report the reviewer left with no paper says the reviewer excluded
// them, and how many the judge set aside.
func TestNoStudyLeftLine(t *testing.T) {
	q := ParsedQuestion{Question: "Does zinc shorten colds?", Kind: QuestionIntervention, Concepts: []Concept{
		{Text: "zinc", Role: RoleIntervention}, {Text: "common cold", Role: RoleCondition}}}
	for _, c := range []struct {
		total, excluded int
		want            string
	}{
		{1, 1, "No study of zinc in common cold is left: the one paper found was excluded by the reviewer."},
		{3, 1, "No study of zinc in common cold is left among the 3 papers: 1 excluded by the reviewer, 2 set aside by the judge."},
		{2, 2, "No study of zinc in common cold is left among the 2 papers: 2 excluded by the reviewer."},
		{2, 0, ""},
	} {
		require.Equal(t, c.want, NoStudyLeftLine(q, c.total, c.excluded))
	}
}

// TestAnswerLine: the line above the scores counts which way the on-topic studies point,
// on the named intervention, or for an open question on the treatment each studied; with
// nothing on topic it says no study was found.
func TestAnswerLine(t *testing.T) {
	named := ParsedQuestion{Question: "Is metformin effective for treating cancer?", Kind: QuestionIntervention, Concepts: []Concept{
		{Text: "metformin", Role: RoleIntervention}, {Text: "cancer", Role: RoleCondition}}}
	open := ParsedQuestion{Question: "What drugs could be repurposed for Alzheimer disease?", Kind: QuestionOpen, Concepts: []Concept{
		{Text: "alzheimer disease", Role: RoleCondition}, {Text: "drugs", Role: RoleIntervention, Generic: true}}}
	other := ParsedQuestion{Question: "Are autoimmune diseases more common after vitamin D deficiency?", Kind: QuestionOther, Concepts: []Concept{
		{Text: "autoimmune diseases", Role: RoleCondition}, {Text: "vitamin-d deficiency", Role: RoleCondition}}}
	// The operation the patients undergo stands where a condition would.
	setting := ParsedQuestion{Question: "Does tranexamic acid reduce blood loss in total hip arthroplasty?", Kind: QuestionIntervention, Concepts: []Concept{
		{Text: "tranexamic acid", Role: RoleIntervention}, {Text: "total hip arthroplasty", Role: RolePopulation, Setting: true}}}
	purpose := ParsedQuestion{Question: "Does vitamin D supplementation prevent falls in the elderly?", Kind: QuestionIntervention, Concepts: []Concept{
		{Text: "vitamin d supplementation", Display: "vitamin D supplementation", Role: RoleIntervention}, {Text: "elderly", Role: RolePopulation, Broad: true},
		{Text: "falls", Role: RoleOutcome, Purpose: true}}}
	// A harm asked about: the drug is not a treatment of the condition.
	exposure := ParsedQuestion{Question: "Are proton pump inhibitors associated with dementia?", Kind: QuestionIntervention, Exposure: true, Concepts: []Concept{
		{Text: "proton pump inhibitors", Role: RoleIntervention}, {Text: "dementia", Role: RoleCondition}}}
	harmIn := ParsedQuestion{Question: "chronic pain after mesh repair of inguinal hernia", Kind: QuestionIntervention, Exposure: true, Concepts: []Concept{
		{Text: "chronic pain", Role: RoleCondition}, {Text: "inguinal hernia", Role: RoleCondition}, {Text: "mesh repair", Role: RoleIntervention}}}
	// The harm asked about is named first, whatever the question's order.
	harmLater := ParsedQuestion{Question: "Ondansetron in early pregnancy and risk of congenital malformations", Kind: QuestionIntervention, Exposure: true,
		Concepts: []Concept{{Text: "early pregnancy", Role: RoleCondition}, {Text: "congenital malformations", Role: RoleCondition, Harm: true},
			{Text: "ondansetron", Role: RoleIntervention}}}
	stances := []StudyStance{{N: 1, Stance: StanceSupports, RCT: true}, {N: 2, Stance: StanceSupports, RCT: true}, {N: 3, Stance: StanceSupports},
		{N: 4, Stance: StanceRefutes}, {N: 5, Stance: StanceUnclear}}
	cases := []struct {
		name    string
		q       ParsedQuestion
		st      []StudyStance
		total   int
		onTopic int
		want    string
	}{
		{"named drug", named, stances, 9, 5, "Metformin for cancer: 5 studies: 3 support (2 RCTs), 1 no effect or harm, 1 unclear"},
		{"open question", open, stances[3:], 4, 2, "Treatments studied for alzheimer disease: 2 studies: 1 no effect or harm, 1 unclear"},
		{"nothing on topic", named, nil, 21, 0, "No study of metformin in cancer was found among the 21 papers; 21 set aside."},
		{"no paper at all", named, nil, 0, 0, "No study of metformin in cancer was found: the searches found no paper."},
		{"one paper, set aside", named, nil, 1, 0, "No study of metformin in cancer was found: the one paper found was set aside."},
		{"open, no paper at all", open, nil, 0, 0, "No study of any treatment of alzheimer disease was found: the searches found no paper."},
		{"open, nothing on topic", open, nil, 3, 0, "No study of any treatment of alzheimer disease was found among the 3 papers; 3 set aside."},
		{"stances not assessed", named, nil, 3, 2, "Metformin for cancer: 2 on-topic studies; which way each points was not assessed"},
		{"open, stances not assessed", open, nil, 3, 2, ""},
		{"in a setting", setting, stances[:1], 2, 1, "Tranexamic acid in total hip arthroplasty: 1 study: 1 supports (1 RCT)"},
		// An outcome the question asks a method to achieve, with no disease named: papers on
		// the method for other outcomes were set aside, so the line names the outcome.
		{"a method's purpose", purpose, stances[:1], 3, 1, "Vitamin D supplementation for falls: 1 study: 1 supports (1 RCT)"},
		{"nothing on topic for a purpose", purpose, nil, 4, 0, "No study of vitamin D supplementation for falls was found among the 4 papers; 4 set aside."},
		{"nothing on topic in a setting", setting, nil, 4, 0, "No study of tranexamic acid in total hip arthroplasty was found among the 4 papers; 4 set aside."},
		// Patients who live on a treatment and have a disease: both are named.
		{"a disease in a setting", ParsedQuestion{Kind: QuestionIntervention, Concepts: []Concept{
			{Text: "sglt2 inhibitors", Display: "SGLT2 inhibitors", Role: RoleIntervention}, {Text: "kidney transplant recipients", Role: RolePopulation, Setting: true},
			{Text: "diabetes", Role: RoleCondition}}}, nil, 2, 0,
			"No study of SGLT2 inhibitors in diabetes (kidney transplant recipients) was found among the 2 papers; 2 set aside."},
		{"a harm asked about", exposure, stances[2:], 3, 3, "Proton pump inhibitors and dementia: 3 studies: 1 finds a link, 1 finds none, 1 unclear"},
		{"a test's accuracy", ParsedQuestion{Kind: QuestionIntervention, Diagnostic: true, Concepts: []Concept{
			{Text: "dermoscopy", Role: RoleIntervention}, {Text: "melanoma", Role: RoleCondition}}}, stances[:1], 1, 1, "Dermoscopy for diagnosing melanoma: 1 study: 1 finds it accurate (1 RCT)"},
		{"a test for a disease in another", ParsedQuestion{Kind: QuestionIntervention, Diagnostic: true, Concepts: []Concept{
			{Text: "bone metastases", Role: RoleCondition}, {Text: "breast cancer", Role: RoleCondition}, {Text: "ct", Display: "CT", Role: RoleIntervention}}},
			stances[3:4], 1, 1, "CT for diagnosing bone metastases in breast cancer: 1 study: 1 finds it inaccurate"},
		{"a test that predicts", ParsedQuestion{Kind: QuestionIntervention, Diagnostic: true, Predicts: true, Concepts: []Concept{
			{Text: "qsofa score", Display: "qSOFA score", Role: RoleIntervention}, {Text: "suspected infection", Role: RoleCondition},
			{Text: "mortality", Words: []string{"mortality"}, Role: RoleOutcome}}}, stances[:1], 1, 1,
			"QSOFA score for predicting mortality in suspected infection: 1 study: 1 finds it accurate (1 RCT)"},
		{"a test telling one disease from another", ParsedQuestion{Kind: QuestionIntervention,
			Diagnostic: true, TellsApart: true, Concepts: []Concept{{Text: "faecal calprotectin", Role: RoleIntervention}, {Text: "ibd", Display: "IBD", Role: RoleCondition},
				{Text: "ibs", Display: "IBS", Role: RoleCondition}}}, nil, 2, 0,
			"No study of faecal calprotectin for telling IBD from IBS was found among the 2 papers; 2 set aside."},
		{"no study of a test", ParsedQuestion{Kind: QuestionIntervention, Diagnostic: true, Concepts: []Concept{
			{Text: "procalcitonin", Role: RoleIntervention}, {Text: "sepsis", Role: RoleCondition}}}, nil, 2, 0,
			"No study of procalcitonin for diagnosing sepsis was found among the 2 papers; 2 set aside."},
		{"a harm in a disease", harmIn, stances[:1], 1, 1, "Mesh repair and chronic pain in inguinal hernia: 1 study: 1 finds a link (1 RCT)"},
		{"a harm named after the patients' condition", harmLater, stances[3:4], 1, 1,
			"Ondansetron and congenital malformations in early pregnancy: 1 study: 1 finds none"},
		{"no study of a harm", harmIn, nil, 2, 0, "No study of mesh repair and chronic pain in inguinal hernia was found among the 2 papers; 2 set aside."},
		{"no treatment asked, nothing on topic", other, nil, 3, 0, "No paper answering the question was found among the 3 papers; 3 set aside."},
		{"not parsed, nothing on topic", ParsedQuestion{Question: "?"}, nil, 3, 0, ""},
		{"no treatment asked", other, stances[2:], 3, 3, "Are autoimmune diseases more common after vitamin D deficiency: 3 studies: 1 supports, 1 refutes, 1 unclear"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, AnswerLine(c.q, c.st, c.total, c.onTopic))
		})
	}
	for _, c := range []struct {
		q      ParsedQuestion
		failed []string
		want   string
	}{
		{named, []string{"PubMed"}, "No study of metformin in cancer was found, but the search was incomplete: PubMed failed."},
		{named, []string{"PubMed", "Europe PMC", "ClinicalTrials.gov"}, "No study of metformin in cancer was found, but the search was incomplete: PubMed, Europe PMC and ClinicalTrials.gov failed."},
		{named, nil, "No study of metformin in cancer was found: the searches found no paper."},
		{open, []string{"PubMed"}, "No study of any treatment of alzheimer disease was found, but the search was incomplete: PubMed failed."},
		{other, []string{"PubMed"}, "No paper answering the question was found, but the search was incomplete: PubMed failed."},
		{ParsedQuestion{}, []string{"PubMed"}, ""},
	} {
		require.Equal(t, c.want, NoStudySearchFailedLine(c.q, c.failed), "%v", c.failed)
	}
}

func TestErrorHead(t *testing.T) {
	require.Equal(t, "judge unavailable", ErrorHead("judge unavailable"))
	chain := "every source failed in two iterations in a row and no evidence was found (pubmed: cannot connect: dial tcp 127.0.0.1:9: connection refused (gave up after 3 attempts); europepmc: cannot connect)"
	require.Equal(t, "every source failed in two iterations in a row and no evidence was found", ErrorHead(chain))
	long := strings.Repeat("x", 130)
	require.Equal(t, strings.Repeat("x", 120)+"…", ErrorHead(long))
}

func TestDiffAssessments(t *testing.T) {
	a := Assessment{Details: AssessmentDetails{MechanismScore: 4, ClinicalEvidenceScore: 6, DrugCandidates: []string{"Metformin", "Lithium"}}, Confidence: 0.5}
	b := Assessment{Details: AssessmentDetails{MechanismScore: 7, ClinicalEvidenceScore: 5, DrugCandidates: []string{"metformin ", "Liraglutide"}}, Confidence: 0.75, Sufficient: true}
	d := DiffAssessments(a, b)
	require.Equal(t, 3, d.MechanismDelta)
	require.Equal(t, -1, d.ClinicalDelta)
	require.InDelta(t, 0.25, d.ConfidenceDelta, 1e-9)
	require.True(t, d.SufficientChange)
	require.Equal(t, []string{"Metformin"}, d.Common)
	require.Equal(t, []string{"Lithium"}, d.OnlyOriginal)
	require.Equal(t, []string{"Liraglutide"}, d.OnlyRejudged)
}

func TestStructured(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []Section
		want []Section
	}{
		{"inline headings",
			[]Section{{Text: "BACKGROUND: Drug X is used. METHODS: We randomised 80 adults (40 per arm). RESULTS: Pain fell (P = .01). CONCLUSIONS: X helps."}},
			[]Section{{Label: "BACKGROUND", Text: "Drug X is used."}, {Label: "METHODS", Text: "We randomised 80 adults (40 per arm)."},
				{Label: "RESULTS", Text: "Pain fell (P = .01)."}, {Label: "CONCLUSIONS", Text: "X helps."}}},
		{"multi-word heading", []Section{{Text: "OBJECTIVE: To test X. MATERIALS AND METHODS: A trial."}},
			[]Section{{Label: "OBJECTIVE", Text: "To test X."}, {Label: "MATERIALS AND METHODS", Text: "A trial."}}},
		{"already labelled", []Section{{Label: "RESULTS", Text: "CONCLUSIONS: x. METHODS: y."}}, []Section{{Label: "RESULTS", Text: "CONCLUSIONS: x. METHODS: y."}}},
		{"does not open with a heading", []Section{{Text: "We studied HIV. AIDS: a review. RESULTS: none."}}, []Section{{Text: "We studied HIV. AIDS: a review. RESULTS: none."}}},
		{"one heading only", []Section{{Text: "PURPOSE: To see. Nothing else."}}, []Section{{Text: "PURPOSE: To see. Nothing else."}}},
		{"not capitalised", []Section{{Text: "Background: x. Methods: y."}}, []Section{{Text: "Background: x. Methods: y."}}},
		{"headings on their own lines (a PDF's abstract)",
			[]Section{{Text: "Abstract\n\n\nAims\nTo test X in\nadults.\n\nMethods and Results\nWe randomised 56.\n\nConclusions\nX helps.\nClinicalTrials.gov: NCT01700322\n\nKeywords: stent, antiplatelet"}},
			[]Section{{Label: "AIMS", Text: "To test X in adults."}, {Label: "METHODS AND RESULTS", Text: "We randomised 56."},
				{Label: "CONCLUSIONS", Text: "X helps. ClinicalTrials.gov: NCT01700322"}, {Label: "KEYWORDS", Text: "stent, antiplatelet"}}},
		{"text before the first heading", []Section{{Text: "A trial of X.\nResults:\nIt worked.\nConclusion\nUse X."}},
			[]Section{{Text: "A trial of X."}, {Label: "RESULTS", Text: "It worked."}, {Label: "CONCLUSION", Text: "Use X."}}},
		{"one line heading only", []Section{{Text: "Results\nIt worked. We think so."}}, []Section{{Text: "Results\nIt worked. We think so."}}},
		{"a heading word inside a line", []Section{{Text: "The results were clear.\nThe methods were sound."}}, []Section{{Text: "The results were clear.\nThe methods were sound."}}},
		{"several sections", []Section{{Text: "A"}, {Text: "B"}}, []Section{{Text: "A"}, {Text: "B"}}},
		{"none", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, Structured(c.in))
		})
	}
	// A record whose source gave no sections is read from its content.
	for _, c := range []struct {
		sections []Section
		content  string
		want     []Section
	}{
		{nil, "BACKGROUND: a. CONCLUSIONS: b.", []Section{{Label: "BACKGROUND", Text: "a."}, {Label: "CONCLUSIONS", Text: "b."}}},
		{nil, "  ", nil},
		{[]Section{{Label: "RESULTS", Text: "r"}}, "ignored", []Section{{Label: "RESULTS", Text: "r"}}},
	} {
		require.Equal(t, c.want, StructuredAbstract(c.sections, c.content), c.content)
	}
}

// TestMergeAuthors joins two copies' author lists by person, whatever the spelling.
func TestMergeAuthors(t *testing.T) {
	for _, tc := range []struct {
		name           string
		held, nu, want []string
	}{
		{"a fuller list naming everyone is taken whole", []string{"Schnorbus B", "Gori T"},
			[]string{"Boris Schnorbus", "Kerstin Jurk", "Tommaso Gori"}, []string{"Boris Schnorbus", "Kerstin Jurk", "Tommaso Gori"}},
		{"a shorter list adds nothing", []string{"Smith JA", "Doe A", "Lee K"}, []string{"J. A. Smith", "Lee, Kim"}, []string{"Smith JA", "Doe A", "Lee K"}},
		{"other people are added after the held list", []string{"Smith J", "Doe A"}, []string{"smith j", "Lee K"}, []string{"Smith J", "Doe A", "Lee K"}},
		{"nothing held", nil, []string{"Ana Lima"}, []string{"Ana Lima"}},
		{"nothing new", []string{"Ana Lima"}, nil, []string{"Ana Lima"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, mergeAuthors(tc.held, tc.nu))
		})
	}
	for name, key := range map[string]string{"Smith JA": "smith|j", "J. A. Smith": "smith|j", "John Smith": "smith|j", "Smith, John": "smith|j",
		"van der Berg A": "van der berg|a", "Plato": "plato", "Tommaso Gori": "gori|t"} {
		require.Equal(t, key, authorKey(name), name)
	}
}

// TestStanceLabel: one study's stance is said in the words of its question's answer line.
func TestStanceLabel(t *testing.T) {
	named := ParsedQuestion{Kind: QuestionIntervention, Concepts: []Concept{{Text: "metformin", Role: RoleIntervention}}}
	exposure := named
	exposure.Exposure = true
	open := ParsedQuestion{Kind: QuestionOpen, Concepts: []Concept{{Text: "drugs", Role: RoleIntervention, Generic: true}}}
	other := ParsedQuestion{Kind: QuestionOther, Question: "Are autoimmune diseases more common after vitamin D deficiency?"}
	what := ParsedQuestion{Kind: QuestionOther, Question: "What is the prognosis of Fournier's gangrene?"}
	for _, c := range []struct {
		name string
		q    ParsedQuestion
		s    Stance
		want string
	}{
		{"treatment, supports", named, StanceSupports, "supports"},
		{"treatment, refutes", named, StanceRefutes, "no effect or harm"},
		{"harm asked about, supports", exposure, StanceSupports, "finds a link"},
		{"harm asked about, refutes", exposure, StanceRefutes, "finds none"},
		{"test asked about, supports", ParsedQuestion{Kind: QuestionIntervention, Diagnostic: true}, StanceSupports, "finds it accurate"},
		{"test asked about, refutes", ParsedQuestion{Kind: QuestionIntervention, Diagnostic: true}, StanceRefutes, "finds it inaccurate"},
		{"open question, supports", open, StanceSupports, "finds a benefit"},
		{"open question, refutes", open, StanceRefutes, "no effect or harm"},
		{"no treatment asked, refutes", other, StanceRefutes, "refutes"},
		{"no yes or no asked, supports", what, StanceSupports, "reports"},
		{"no yes or no asked, refutes", what, StanceRefutes, "reports"},
		{"no yes or no asked, unclear", what, StanceUnclear, "unclear"},
		{"safety asked, supports", ParsedQuestion{Kind: QuestionIntervention, Question: "Is metformin safe in pregnancy?"}, StanceSupports, "finds it safe"},
		{"safety asked, refutes", ParsedQuestion{Kind: QuestionIntervention, Question: "Is it safe to take ibuprofen while pregnant?"}, StanceRefutes, "finds harm"},
		{"safety and efficacy asked", ParsedQuestion{Kind: QuestionIntervention, Question: "Is metformin safe and effective in pregnancy?"}, StanceRefutes, "no effect or harm"},
		{"mixed", exposure, StanceMixed, "mixed"},
		{"unclear", named, StanceUnclear, "unclear"},
		{"a question that did not parse", ParsedQuestion{}, StanceSupports, "supports"},
	} {
		t.Run(c.name, func(t *testing.T) { require.Equal(t, c.want, StanceLabel(c.q, c.s)) })
	}
}

// TestAnswerLineOfAQuestionNotYesOrNo: "What is the prognosis of …?" counts the studies that
// report on it and takes none for or against; "In children, is …?" asks yes or no.
func TestAnswerLineOfAQuestionNotYesOrNo(t *testing.T) {
	for _, c := range []struct {
		q     string
		yesNo bool
	}{
		{"What is the prognosis of Fournier's gangrene?", false},
		{"How common is delirium after hip fracture surgery?", false},
		{"Prognosis of Fournier gangrene", false},
		{"Is the prognosis of Fournier gangrene worse in diabetics?", true},
		{"In older adults with hip fracture, is delirium associated with mortality?", true},
	} {
		q := ParsedQuestion{Kind: QuestionOther, Question: c.q}
		require.Equal(t, c.yesNo, q.AsksYesNo(), c.q)
		line := AnswerLine(q, []StudyStance{{N: 1, Stance: StanceSupports}, {N: 2, Stance: StanceRefutes}}, 3, 2)
		if c.yesNo {
			require.Contains(t, line, "1 supports", c.q)
		} else {
			require.Contains(t, line, ": 2 studies report on it; the question is not a yes-or-no one, so none is counted for or against", c.q)
		}
	}
}

// TestRequiredHarm: a harm question with no disease named requires the harm it asks about,
// as a condition would be required; a measure alone ("risk") is not required.
func TestRequiredHarm(t *testing.T) {
	q := ParsedQuestion{Kind: QuestionIntervention, Exposure: true, Concepts: []Concept{
		{Text: "hydroxychloroquine", Role: RoleIntervention, Words: []string{"hydroxychloroquine"}},
		{Text: "retinal toxicity", Role: RoleOutcome, Words: []string{"retinal", "toxicity"}}, {Text: "risk", Role: RoleOutcome, Words: []string{"risk"}}}}
	require.Equal(t, []int{0, 1}, q.Required())
	q.Exposure = false
	require.Equal(t, []int{0}, q.Required(), "a treatment question requires its outcome of no paper")
}
