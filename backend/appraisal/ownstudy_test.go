package appraisal

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestDesignIsWhatThePaperSaysItIs: a paper's design is read from what it says it is — its
// title, its abstract, its methods and results — never from a sentence placing it among
// other work: the Introduction, the Discussion, a "Research in context" panel, or a design
// named as what the findings agree with. An abstract is read by the same rule, its
// Background part included.
func TestDesignIsWhatThePaperSaysItIs(t *testing.T) {
	tests := []struct {
		name  string
		title string
		text  string
		want  string
	}{
		{"a trial's discussion agrees with pooled analyses", "Zinc lozenges for the common cold: a randomised trial",
			"## Abstract\nMethods: Adults with a cold were randomly assigned to zinc or placebo lozenges.\n\n## Methods\nWe randomly assigned 300 adults to zinc or placebo.\n\n" +
				"## Discussion\nOur results match those of earlier individual patient data meta-analyses of zinc.", DesignRCT},
		{"a discussion that says which meta-analysis it agrees with", "Zinc lozenges for the common cold",
			"## Methods\nWe randomly assigned 300 adults to zinc or placebo.\n\n## Discussion\nOur findings agree with a meta-analysis that pooled seven small trials.", DesignRCT},
		{"the authors' search for other trials in a context panel", "Tranexamic acid in head injury: a placebo-controlled trial",
			"## Introduction\nHead injury kills many young adults.\n\n### Introduction › Research in context\nWe searched MEDLINE and Embase for trials of tranexamic acid in head injury.\n\n" +
				"## Methods\nPatients were randomly allocated to tranexamic acid or placebo.", DesignRCT},
		{"a panel printed under its own heading", "Tranexamic acid in head injury",
			"## Methods\nPatients were randomly allocated to tranexamic acid or placebo.\n\n## Evidence before this study\nWe searched PubMed for earlier trials of the drug.", DesignRCT},
		{"a comparison in an unstructured abstract", "",
			"Two hundred patients were randomly assigned to early or late feeding. Mortality did not differ. These results are consistent with a meta-analysis of 14 earlier trials.", DesignRCT},
		{"a word ending in a is not the article", "",
			"We randomly assigned 80 women to iron or placebo. Ferritin data meta-analyses were not planned.", DesignRCT},
		{"a meta-analysis says what it did in its methods", "",
			"## Introduction\nEarlier trials were small.\n\n## Methods\nWe searched MEDLINE and Embase for randomised trials. We pooled the data of 12 trials in a meta-analysis.", DesignMetaAnalysis},
		{"a systematic review's abstract", "",
			"METHODS: We searched PubMed, Embase and CINAHL for cohort studies of shift work and breast cancer.", DesignSystematicReview},
		{"an abstract's background part describes the study", "",
			"BACKGROUND: Seasonal breeding is driven by melatonin. We measured the expression of the enzyme in the hypothalamus of ewes kept in constant darkness.\nRESULTS: Expression varied between nuclei.", DesignAnimal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Findings(Document{Title: tt.title, Text: tt.text, FullText: strings.Contains(tt.text, "## ")})[FindingDesign]
			require.Equal(t, tt.want, f.Value, "quote: %q", f.Quote)
		})
	}
}

// TestAttritionIsTheLossesReported: the losses a trial planned for in its sample-size
// calculation are not its attrition; the losses it reports are, in the ways reports word
// them.
func TestAttritionIsTheLossesReported(t *testing.T) {
	tests := []struct {
		name string
		text string
		want any
	}{
		{"a planned dropout", "Dropout was estimated at 20%; therefore, we aimed to include 120 patients.", nil},
		{"a dropout allowed for", "Allowing for 15% attrition, 200 participants were needed for 80% power.", nil},
		{"an anticipated rate", "With an anticipated withdrawal rate of 10%, 44 volunteers were recruited per arm.", nil},
		{"an assumption in the power sentence", "Ninety children per group give 90% power, assuming 25% loss to follow-up.", nil},
		{"planned, then reported", "Dropout was expected to be 10%. In all, 300 patients were randomised. Twelve patients were lost to follow-up.", 0.04},
		{"planned and reported in one sentence", "We allowed for 10% dropout; 9 (3%) withdrew before the first visit.", 0.03},
		{"a loss the authors assumed is still a loss", "We enrolled 400 adults. Confirmed or assumed loss to follow-up was 9%.", 0.09},
		{"the count after the allocation ratio", "We randomized (1:1) 120 pregnant women to exercise or usual care. Fifteen women were lost to follow-up.", 0.125},
		{"the split in brackets", "We enrolled 100 patients. Six patients (n = 4 drug, n = 2 placebo) were lost to follow-up.", 0.06},
		{"the group they came from", "We enrolled 100 patients. Three patients from the placebo group dropped out after the first dose.", 0.03},
		{"the count after the loss", "We enrolled 250 adults. Those who withdrew (n = 10) did not differ from completers.", 0.04},
		{"one in each of two arms", "We enrolled 200 adults. One participant in each group was lost to follow-up.", 0.01},
		{"one in each of three arms", "We enrolled 300 adults. Two patients in each of the three groups withdrew.", 0.02},
		{"retention", "Retention was 90% at 12 months.", 0.1},
		{"outcome data available", "Outcome data were available for 180 (90%) of 200 children.", 0.1},
		{"outcome data for everyone", "Outcome data were available for all the participants at the end of treatment.", 0.0},
		{"every cluster followed up", "All 36 villages were followed up at each survey round.", 0.0},
		{"the share analysed of those randomised", "In all, 170 participants (85% of those randomized) were included in the analyses.", 0.15},
		{"a rate with its definition", "Attrition rates (participants who missed the visit) for the whole sample (N = 60) were: 20% at six months.", 0.2},
		{"a rate after its count", "We enrolled 200 patients. Loss to follow-up was 12 (6%).", 0.06},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Findings(Document{Text: tt.text})[FindingAttrition]
			require.Equal(t, tt.want, f.Value, "quote: %q", f.Quote)
			if tt.want != nil {
				require.Contains(t, tt.text, f.Quote)
			}
		})
	}
}

// TestQuotesLeaveOutTheAbstractLabel: a quote is the sentence, without the structured
// abstract's label that opens it in the text read; a colon that is part of the sentence
// stays.
func TestQuotesLeaveOutTheAbstractLabel(t *testing.T) {
	tests := []struct {
		name, text, finding, want string
	}{
		{"a results label", "Results: Between 2019 and 2021 we randomly allocated 600 adults to the two arms.", FindingSampleSize,
			"Between 2019 and 2021 we randomly allocated 600 adults to the two arms."},
		{"a label in capitals", "METHODS: In this double-blind trial, 90 adults were randomised.", FindingBlinding,
			"In this double-blind trial, 90 adults were randomised."},
		{"the registration line", "Trial registration: ClinicalTrials.gov identifier: NCT01234567", FindingRegistration,
			"ClinicalTrials.gov identifier: NCT01234567"},
		{"a label of several words", "Methods and Findings: We randomly assigned 91 women to exercise or usual care.", FindingRandomized,
			"We randomly assigned 91 women to exercise or usual care."},
		{"a colon inside the sentence", "Allocation: sealed opaque envelopes concealed the sequence from recruiters.", FindingAllocationConcealing,
			"Allocation: sealed opaque envelopes concealed the sequence from recruiters."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Findings(Document{Text: tt.text})[tt.finding]
			require.Equal(t, tt.want, f.Quote)
		})
	}
}

// TestLLMQuotesLeaveOutTheAbstractLabel: a model's quote that copies the label opening its
// sentence is shown, and verified, without it.
func TestLLMQuotesLeaveOutTheAbstractLabel(t *testing.T) {
	labelled := "METHODS: In this double-blind randomised controlled trial, 450 participants were randomly assigned"
	f := newFakeLLM(t, func(string, int64) (int, string) {
		var q map[string]any
		require.NoError(t, json.Unmarshal([]byte(qualityAnswer(3, false)), &q))
		q["randomization"] = map[string]any{"score": 2, "evidence": labelled, "reasoning": "Randomised."}
		b, _ := json.Marshal(q)
		return 200, bothAnswer(string(b), robAnswer())
	})
	ap, err := f.appraiser(t, nil, 1).Appraise(context.Background(), sampleEvidence(t), "")
	require.NoError(t, err)
	d := detail(t, ap, domain.DimensionQuality, CompRandomization)
	require.Equal(t, strings.TrimPrefix(labelled, "METHODS: "), d.Evidence)
	require.True(t, d.QuoteVerified)
}

// TestNotStoredDocumentIsNotCached: the appraisal of a text the store does not keep for the
// paper its key names is computed but never cached, so nothing finds it under that key; a
// stored text's appraisal is cached, and is what the unstored copy of the same text reads.
func TestNotStoredDocumentIsNotCached(t *testing.T) {
	cache := newMemCache()
	a, err := New(Options{Cache: cache})
	require.NoError(t, err)
	ctx := context.Background()
	doc := Document{Key: "doi:10.1/x", Title: "A trial", Text: "We randomly assigned 120 adults to drug or placebo; 6 (5%) were lost to follow-up."}

	loose := doc
	loose.NotStored = true
	_, err = a.AppraiseDocument(ctx, loose)
	require.NoError(t, err)
	require.Empty(t, cache.m, "a file that is not stored leaves nothing in the cache")

	stored, err := a.AppraiseDocument(ctx, doc)
	require.NoError(t, err)
	require.Len(t, cache.m, 1)
	again, err := a.AppraiseDocument(ctx, loose)
	require.NoError(t, err)
	require.Equal(t, stored, again, "the same text, stored, has the same appraisal")
	require.Len(t, cache.m, 1)
}

// TestUnassessableTextIsNotAnLLMAppraisal: a text the rubric cannot score (too short, or
// not a primary study) is never sent to the model, and the appraisal does not say a model
// made it: its kind is offline, its version the rules', its provider and model the judge's
// it was made for.
func TestUnassessableTextIsNotAnLLMAppraisal(t *testing.T) {
	f := newFakeLLM(t, func(string, int64) (int, string) {
		t.Error("the model is not asked")
		return 500, ""
	})
	for name, ev := range map[string]domain.Evidence{
		"too short": {Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: "A trial"}, Content: "We randomised 20 patients."},
		"a review": {Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "2", Title: "Statins for stroke prevention: a systematic review and meta-analysis"},
			Content: strings.Repeat("We searched MEDLINE and Embase and pooled the trials of statins in people at risk of stroke. ", 4)},
	} {
		t.Run(name, func(t *testing.T) {
			ap, err := f.appraiser(t, nil, 1).Appraise(context.Background(), ev, "")
			require.NoError(t, err)
			require.Equal(t, domain.JudgeKindOffline, ap.Assessor.Kind)
			require.Equal(t, RulesVersion, ap.Assessor.Version)
			require.Empty(t, ap.Assessor.PromptVersion)
			require.Equal(t, domain.ProviderCompatible, ap.Assessor.Provider)
			require.Equal(t, "fake-model", ap.Assessor.Model)
			for _, d := range ap.Dimensions {
				require.Equal(t, domain.StatusNotAssessed, d.Status)
			}
		})
	}
	require.Zero(t, f.calls.Load())
}
