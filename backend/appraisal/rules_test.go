package appraisal

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

func TestSplitSentencesRespectsAbbreviationsAndDecimals(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"abbreviations", "Drugs (e.g. statins) were compared vs. placebo as in Fig. 2. Results were clear.",
			[]string{"Drugs (e.g. statins) were compared vs. placebo as in Fig. 2.", "Results were clear."}},
		{"et al and i.e.", "Smith et al. found a 2.5-fold rise, i.e. large. We agree.",
			[]string{"Smith et al. found a 2.5-fold rise, i.e. large.", "We agree."}},
		{"decimals", "The mean was 3.14 mm. The SD was 0.5.", []string{"The mean was 3.14 mm.", "The SD was 0.5."}},
		{"initials", "Cultures of P. aeruginosa grew. Nothing else did.", []string{"Cultures of P. aeruginosa grew.", "Nothing else did."}},
		{"line breaks", "Trial registration NCT01136148\n## Methods\nWe randomised 60 patients.",
			[]string{"Trial registration NCT01136148", "## Methods", "We randomised 60 patients."}},
		{"question and quote", `Did it work? "Yes," they said.`, []string{"Did it work?", `"Yes," they said.`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SplitSentences(tt.text)
			texts := make([]string, len(got))
			for i, s := range got {
				texts[i] = s.Text
				require.Equal(t, s.Text, tt.text[s.Start:s.End], "offsets must point at the sentence")
			}
			require.Equal(t, tt.want, texts)
		})
	}
}

// TestSplitSentencesBoundsLongRuns: a run of text the splitter finds no sentence end in is cut
// into verbatim pieces of at most MaxSentenceBytes, so no quote can be the whole document;
// a long real sentence stays whole.
func TestSplitSentencesBoundsLongRuns(t *testing.T) {
	criteria := "Exclusion criteria included " + strings.Repeat("schizophrenia or other psychotic disorders, ", 40) + "and pregnancy."
	require.Less(t, len(criteria), MaxSentenceBytes)
	tests := []struct {
		name      string
		text      string
		minPieces int
	}{
		{"lower-case sentence ends", strings.Repeat("randomised. ", 100000), 600},
		{"no punctuation", strings.Repeat("patients were randomised ", 10000), 120},
		{"one endless word", strings.Repeat("é", 5000), 5},
		{"a long real sentence", criteria + " Participants were randomised.", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SplitSentences(tt.text)
			require.GreaterOrEqual(t, len(got), tt.minPieces)
			var rebuilt []string
			for _, s := range got {
				require.LessOrEqual(t, len(s.Text), MaxSentenceBytes)
				require.Equal(t, s.Text, tt.text[s.Start:s.End], "a piece is verbatim text")
				require.True(t, utf8.ValidString(s.Text), "no character is split")
				rebuilt = append(rebuilt, s.Text)
			}
			require.Equal(t, strings.Join(strings.Fields(tt.text), ""), strings.Join(strings.Fields(strings.Join(rebuilt, " ")), ""), "nothing is lost")
		})
	}
	require.Equal(t, criteria, SplitSentences(criteria + " Participants were randomised.")[0].Text, "a real sentence is never cut")
}

// countdown is a context that is done once Err has been asked n times: a caller gone away
// while the rules run, at a point the test chooses.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n <= 0 {
		return context.Canceled
	}
	c.n--
	return nil
}

// TestFindingsContextStopsWhenCancelled: the rules stop at the first step after the caller's
// context is done and say so; an appraisal whose caller has gone is neither finished nor
// stored. With a live context the findings are Findings'.
func TestFindingsContextStopsWhenCancelled(t *testing.T) {
	doc := Document{Title: "A randomised trial", Text: "Patients were randomly assigned by a computer-generated list. Assessors were blinded."}
	for _, tc := range []struct {
		name  string
		steps int
	}{{"cancelled before", 0}, {"cancelled after three rules", 3}, {"cancelled before the last rule", 11}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := &countdown{Context: context.Background(), n: tc.steps}
			got, err := FindingsContext(ctx, doc)
			require.ErrorIs(t, err, context.Canceled)
			require.Nil(t, got)
		})
	}
	got, err := FindingsContext(context.Background(), doc)
	require.NoError(t, err)
	require.Equal(t, Findings(doc), got)

	ap, err := New(Options{})
	require.NoError(t, err)
	_, err = ap.AppraiseDocument(&countdown{Context: context.Background(), n: 2}, doc)
	require.ErrorIs(t, err, context.Canceled, "the appraiser gives up with the rules")
}

func TestGenerationMethodStated(t *testing.T) {
	for method, want := range map[string]bool{"computer_generated": true, "random_number_table": true, "coin_toss": true, "lots": true, "minimisation": true, "sequence_generated": true, "block": false, "stratified": false, "not_stated": false, "": false} {
		require.Equal(t, want, GenerationMethodStated(method), method)
	}
}

func TestSectionsFromHeadingsAndLabels(t *testing.T) {
	ss := SplitSentences("BACKGROUND: Earlier work exists. METHODS: We randomised 40 rats.\n## Discussion\nOther trials differ.\n## References\n1. Smith J.")
	got := map[string]Section{}
	for _, s := range ss {
		got[s.Text] = s.Section
	}
	require.Equal(t, SectionBackground, got["BACKGROUND: Earlier work exists."])
	require.Equal(t, SectionBody, got["METHODS: We randomised 40 rats."])
	require.Equal(t, SectionBackground, got["Other trials differ."])
	require.Equal(t, SectionReferences, got["1. Smith J."])
}

// TestAbstractPartsAndContextPanels: an abstract's labelled parts are marked as the
// abstract's, whatever their class; a journal's context panel is background like an
// introduction, printed under its own heading or inside the Introduction, and a label
// inside it is not an abstract's part.
func TestAbstractPartsAndContextPanels(t *testing.T) {
	text := "## Abstract\nBackground: We studied ewes kept in darkness.\n\n## Methods\nWe randomised 40 ewes.\n\n" +
		"Research in context\nWe searched PubMed for earlier work.\n\n### Introduction › Panel\nEvidence before this study: We searched Embase.\n\n" +
		"## What this study adds\nThe first trial in ewes."
	tests := []struct {
		sentence string
		section  Section
		labelled bool
	}{
		{"Background: We studied ewes kept in darkness.", SectionBackground, true},
		{"We randomised 40 ewes.", SectionBody, false},
		{"We searched PubMed for earlier work.", SectionBackground, false},
		{"Evidence before this study: We searched Embase.", SectionBackground, false},
		{"The first trial in ewes.", SectionBackground, false},
	}
	got := map[string]Sentence{}
	for _, s := range SplitSentences(text) {
		got[s.Text] = s
	}
	for _, tt := range tests {
		s, ok := got[tt.sentence]
		require.True(t, ok, tt.sentence)
		require.Equal(t, tt.section, s.Section, tt.sentence)
		require.Equal(t, tt.labelled, s.Labelled, tt.sentence)
	}
}

func TestPlainLineHeadings(t *testing.T) {
	// A full text read from JATS: each section title on a plain line of its own, no "#".
	text := "A trial of zinc\n\nIntroduction\nOther trials used blinding.\n\nMethods\nWe randomised 40 children.\n\nDiscussion\nEarlier work differs.\n\nStrengths and weaknesses\nThe sample was small.\n\nContext and interpretation\nA further trial found no benefit.\n\nTable 2 Outcomes by group\nZinc 12 (30%).\n\nReferences\n1. Smith J. Zinc."
	got := map[string]Sentence{}
	for _, s := range SplitSentences(text) {
		got[s.Text] = s
	}
	require.False(t, got["A trial of zinc"].IsHeading, "the first line is the title")
	require.True(t, got["Introduction"].IsHeading)
	require.Equal(t, SectionBackground, got["Other trials used blinding."].Section)
	require.Equal(t, SectionBody, got["We randomised 40 children."].Section)
	require.Equal(t, SectionBackground, got["Earlier work differs."].Section)
	require.Equal(t, SectionBackground, got["A further trial found no benefit."].Section, "a Discussion subsection keeps discussing")
	require.Equal(t, SectionBody, got["Zinc 12 (30%)."].Section, "a table caption is results")
	require.Equal(t, SectionReferences, got["1. Smith J. Zinc."].Section)
	require.False(t, got["We randomised 40 children."].IsHeading)
}

func TestAdequateGeneration(t *testing.T) {
	require.True(t, GenerationMethodStated("non_random"), "a systematic rule is a stated method")
	require.False(t, AdequateGeneration("non_random"), "but not a random one")
	require.True(t, AdequateGeneration("computer_generated"))
	require.False(t, AdequateGeneration("block"))
}

func TestFindingsTable(t *testing.T) {
	tests := []struct {
		name    string
		title   string
		text    string
		finding string
		want    any
	}{
		{"randomised british", "", "Patients were randomised to drug or placebo.", FindingRandomized, true},
		{"randomly placed", "", "Patients were prospectively, randomly placed to have their incisions closed with clips or sutures.", FindingRandomized, true},
		{"randomized american", "", "Patients were randomized to drug or placebo.", FindingRandomized, true},
		{"not randomised", "", "Patients were not randomised; allocation followed clinician preference.", FindingRandomized, false},
		{"non-randomized", "", "This non-randomized comparison included 80 adults.", FindingRandomized, false},
		{"quasi-randomised", "", "A quasi-randomised design was used in 12 wards.", FindingRandomized, false},
		{"previous RCTs", "", "Previous RCTs have shown benefit of statins. We reviewed 300 charts retrospectively.", FindingRandomized, false},
		{"randomly selected is sampling", "", "We randomly selected 200 households for the survey.", FindingRandomized, false},
		{"double-blind", "", "This double-blind trial enrolled 120 adults.", FindingBlinding, BlindingDouble},
		{"unicode hyphen double-blind", "", "This placebo‐controlled, double‐blind trial enrolled 120 adults.", FindingBlinding, BlindingDouble},
		{"non-breaking hyphen open-label", "", "This open‑label trial enrolled 120 adults.", FindingBlinding, BlindingNone},
		{"unicode hyphen itt", "", "Analyses followed the intention‐to‐treat principle.", FindingITT, ITTFull},
		{"unicode hyphen non-randomised", "", "This non‐randomised comparison included 80 adults.", FindingRandomized, false},
		{"unicode hyphen computer-generated", "", "Patients were randomised with a computer‐generated sequence.", FindingRandomizationMethod, "computer_generated"},
		{"double-masked", "", "In this double-masked study, 50 eyes were treated.", FindingBlinding, BlindingDouble},
		{"triple-blind", "", "The study was triple-blind.", FindingBlinding, BlindingTriple},
		{"single-blind", "", "It was a single-blind study of 40 patients.", FindingBlinding, BlindingSingle},
		{"assessor-blinded", "", "Outcomes were rated by assessor-blinded raters.", FindingBlinding, BlindingSingle},
		{"unlike previous double-blind", "", "Unlike previous double-blind trials, this open-label study allowed dose titration.", FindingBlinding, BlindingNone},
		{"not double-blind", "", "The trial was not double-blind because the devices differed.", FindingBlinding, BlindingNone},
		{"participants not blinded", "", "Due to the nature of the intervention, participants were not blinded.", FindingBlinding, BlindingNone},
		{"neither nor", "", "Neither participants nor study staff could be blinded to condition assignment.", FindingBlinding, BlindingNone},
		{"who was masked gives double", "", "Patients and outcome assessors were masked to allocation.", FindingBlinding, BlindingDouble},
		{"blinding unclear", "", "Patients received drug A or drug B.", FindingBlinding, BlindingUnclear},
		{"sealed envelopes", "", "Allocation was concealed with sealed opaque envelopes.", FindingAllocationConcealing, ConcealmentConcealed},
		{"central randomisation", "", "Randomisation was done centrally by telephone.", FindingAllocationConcealing, ConcealmentConcealed},
		{"not concealed", "", "Allocation was not concealed from recruiters.", FindingAllocationConcealing, ConcealmentNotConcealed},
		{"concealment unclear", "", "Patients were randomised.", FindingAllocationConcealing, ConcealmentUnclear},
		{"web system with a citation", "", "Patients were randomized through a centralized website [24].", FindingAllocationConcealing, ConcealmentConcealed},
		{"who held the list", "", "The randomisation list was kept by the trial pharmacist in a locked office.", FindingAllocationConcealing, ConcealmentConcealed},
		{"recruiters blind to the sequence", "", "Staff enrolling participants had no access to the allocation sequence.", FindingAllocationConcealing, ConcealmentConcealed},
		{"unpredictable assignment", "", "By varying the block size we kept each treatment assignment unpredictable.", FindingAllocationConcealing, ConcealmentConcealed},
		{"consecutively labelled boxes", "", "Medication boxes were labelled consecutively according to the randomisation list.", FindingAllocationConcealing, ConcealmentConcealed},
		{"allocation by date is not concealed", "", "The allocation sequence was determined by the date of referral.", FindingAllocationConcealing, ConcealmentNotConcealed},
		{"web on its own is no concealment", "", "Questionnaires were completed on a secure website.", FindingAllocationConcealing, ConcealmentUnclear},
		{"computer generated", "", "The randomisation sequence was computer-generated.", FindingRandomizationMethod, "computer_generated"},
		{"hyphenated generator", "", "Women were randomly assigned using a random-digit generator.", FindingRandomizationMethod, "computer_generated"},
		{"blocks alone are a restriction", "", "Patients were randomised in permuted blocks of four.", FindingRandomizationMethod, "block"},
		{"generation wins over blocks", "", "Randomisation used blocks of six. The allocation sequence was generated by computer software.", FindingRandomizationMethod, "computer_generated"},
		{"random number table", "", "Allocation used a table of random numbers.", FindingRandomizationMethod, "random_number_table"},
		{"method not stated", "", "Patients were randomised.", FindingRandomizationMethod, "not_stated"},
		{"itt", "", "Analyses were by intention-to-treat.", FindingITT, ITTFull},
		{"intent to treat", "", "We used an intent to treat approach.", FindingITT, ITTFull},
		{"modified itt", "", "The primary analysis used a modified intention-to-treat population.", FindingITT, ITTModified},
		{"full analysis set", "", "Efficacy was analysed in the full analysis set.", FindingITT, ITTFull},
		{"at least one dose", "", "All patients who received at least one dose of study drug were analysed.", FindingITT, ITTModified},
		{"itt wins over a dose population", "", "Safety was assessed in all patients who received at least one dose. The primary analysis was by intention to treat.", FindingITT, ITTFull},
		{"per protocol", "", "A per-protocol analysis was performed.", FindingITT, ITTPerProtocol},
		{"not itt", "", "Data were not analysed by intention to treat.", FindingITT, ITTNotStated},
		{"sample size digits", "", "A total of 1,250 patients were enrolled.", FindingSampleSize, 1250},
		{"sample size words", "", "Forty-nine addiction treatment organizations were randomized.", FindingSampleSize, 49},
		{"the screened are not the sample", "", "Of 312 patients screened, 240 were randomised to lithium or placebo.", FindingSampleSize, 240},
		{"assessed for eligibility", "", "A total of 410 women were assessed for eligibility and 300 were enrolled.", FindingSampleSize, 300},
		{"screened then randomised people", "", "We screened 500 adults; 220 patients were randomised.", FindingSampleSize, 220},
		{"screened, resulting in the randomised", "", "A total of 897 women were screened, resulting in 246 randomly assigned to either group.", FindingSampleSize, 246},
		{"screened, then the randomised of them", "", "Of 426 infants screened for eligibility, 157 infants fulfilled the inclusion criteria and were randomised.", FindingSampleSize, 157},
		{"attrition percent", "", "Overall, 12% of participants were lost to follow-up.", FindingAttrition, 0.12},
		{"attrition rate", "", "The dropout rate was 5%.", FindingAttrition, 0.05},
		{"attrition counts", "", "We randomised 200 patients. Twenty patients withdrew before week 4.", FindingAttrition, 0.1},
		{"no attrition", "", "No participants were lost to follow-up.", FindingAttrition, 0.0},
		{"multiple imputation", "", "Missing outcomes were handled by multiple imputation by chained equations.", FindingMissingData, "multiple_imputation"},
		{"locf is not multiple imputation", "", "Missing values in depressive symptom ratings were imputed using the last observation carried forward (LOCF) approach.", FindingMissingData, "locf"},
		{"single imputation", "", "Missing values were imputed using the mean of the group.", FindingMissingData, "imputation"},
		{"imputations performed", "", "Imputations were performed for missing scores.", FindingMissingData, "imputation"},
		{"design rct title", "Randomized controlled trial of zinc in children", "Children received zinc or placebo.", FindingDesign, DesignRCT},
		{"design meta-analysis", "Statins and dementia: a meta-analysis", "We pooled 12 randomized trials.", FindingDesign, DesignMetaAnalysis},
		{"design systematic review", "", "We systematically searched MEDLINE and Embase for randomised trials of statins.", FindingDesign, DesignSystematicReview},
		{"design animal", "", "Male Wistar rats were randomly assigned to drug or vehicle. Rats were killed at day 7.", FindingDesign, DesignAnimal},
		{"design case-control", "", "In this case-control study, 120 cases and 240 matched controls were interviewed.", FindingDesign, DesignCaseControl},
		{"design cross-sectional", "", "This cross-sectional survey included 900 nurses.", FindingDesign, DesignCrossSectional},
		{"design cohort", "", "We followed a prospective cohort of 3,000 adults for 10 years.", FindingDesign, DesignCohort},
		{"design case report", "", "We report a case of a 45-year-old man with fever.", FindingDesign, DesignCaseReport},
		{"design in vitro", "", "HeLa cell lines were cultured and cells were treated with the compound.", FindingDesign, DesignInVitro},
		{"design unclear", "", "Short note.", FindingDesign, DesignUnclear},
		// Sequence generation (CONSORT 16a): named software, and a systematic rule.
		{"randomised with stata", "", "Wards were randomly assigned to the two arms using Stata.", FindingRandomizationMethod, "computer_generated"},
		{"software r with version", "", "Randomisation was done by the trials unit using the software R-4.1.", FindingRandomizationMethod, "computer_generated"},
		{"r&d is not r", "", "Participants were randomised using lists prepared by R&D.", FindingRandomizationMethod, "not_stated"},
		{"random effects are not randomisation", "", "A mixed model was fitted in R with site as a random effect.", FindingRandomizationMethod, "not_stated"},
		{"generated the randomisation table", "", "A statistician generated the randomization table with SAS.", FindingRandomizationMethod, "computer_generated"},
		{"allocation by referral date", "", "Allocation was determined by the date of referral.", FindingRandomizationMethod, "non_random"},
		{"odd and even numbers in envelopes are no rule", "", "Participants were randomly allocated by odd or even numbers in sealed envelopes.", FindingRandomizationMethod, "not_stated"},
		{"drawn cards", "", "Random assignment used numbered cards drawn from a box.", FindingRandomizationMethod, "lots"},
		// Allocation concealment (16f) against masking after assignment (17a).
		{"assessors blinded to group is masking", "", "Outcomes were adjudicated independently by two cardiologists blinded to the group allocation.", FindingAllocationConcealing, ConcealmentUnclear},
		{"blinded to the sequence is concealment", "", "Recruiting physicians were blinded to the allocation sequence.", FindingAllocationConcealing, ConcealmentConcealed},
		{"known only to the statistician", "", "Patients were randomised with codes known only to the trial statistician.", FindingAllocationConcealing, ConcealmentConcealed},
		{"implemented by the pharmacy", "", "The allocation was implemented by the hospital pharmacy.", FindingAllocationConcealing, ConcealmentConcealed},
		{"centralised process", "", "Participants were allocated through a centralised process run by the coordinating office.", FindingAllocationConcealing, ConcealmentConcealed},
		{"no involvement in randomisation", "", "Recruiters had no involvement in the randomisation.", FindingAllocationConcealing, ConcealmentConcealed},
		{"public lottery", "", "Villages were randomised by a public lottery attended by community leaders.", FindingAllocationConcealing, ConcealmentConcealed},
		// Who was masked (17a).
		{"masking not possible names nobody", "", "Masking of participants or of the field staff was not possible because of the intervention.", FindingMaskedParties, []string{}},
		{"none of them were blinded", "", "Nurses and mothers knew the allocation since none of them were blinded.", FindingMaskedParties, []string{}},
		{"unaware of a diagnosis is not masking", "", "Some women were unaware of being pregnant at enrolment.", FindingMaskedParties, []string{}},
		{"unaware of the group", "", "Interviewers were unaware of the group assignment.", FindingMaskedParties, []string{"outcome_assessors"}},
		{"outcome ascertainment blinded", "", "Outcome ascertainment was blinded.", FindingMaskedParties, []string{"outcome_assessors"}},
		{"unicode double-blind names nobody", "", "Patients rated their pain during the double‐blind period.", FindingMaskedParties, []string{}},
		{"blinded as an adjective", "", "Function was scored at 6 weeks by a blinded physiotherapist.", FindingMaskedParties, []string{"care_providers"}},
		{"blinded as a verb names what comes before", "", "Radiologists were blinded to group and read all scans.", FindingMaskedParties, []string{"outcome_assessors"}},
		{"without knowledge of the allocation", "", "Two sonographers measured fetal growth without knowledge of the allocation.", FindingMaskedParties, []string{"outcome_assessors"}},
		{"concealed from", "", "Group allocation was concealed from the outcome assessors.", FindingMaskedParties, []string{"outcome_assessors"}},
		{"two masked parties in one sentence", "", "Caregivers were blinded to condition and a masked rater scored the videos.", FindingMaskedParties, []string{"participants", "outcome_assessors"}},
		// Analysis population (20c).
		{"as per protocol is an idiom", "", "As per protocol, visits took place monthly.", FindingITT, ITTNotStated},
		{"defined per protocol is an idiom", "", "Non-response was defined per protocol at week 8.", FindingITT, ITTNotStated},
		{"analysed per protocol", "", "Data were analysed in the per protocol population.", FindingITT, ITTPerProtocol},
		{"population described", "", "Data from 412 residents were included in the primary analysis.", FindingITT, ITTDescribed},
		{"a model term is no population", "", "An interaction term for sex was included in the analyses.", FindingITT, ITTNotStated},
		// A heading names a topic; it reports nothing done.
		{"heading is no finding", "", "Randomisation and allocation concealment\nPatients were randomised.", FindingAllocationConcealing, ConcealmentUnclear},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Findings(Document{Title: tt.title, Text: tt.text})
			got, ok := f[tt.finding]
			require.True(t, ok)
			require.Equal(t, tt.want, got.Value, "quote: %q", got.Quote)
			if got.Quote != "" {
				require.Contains(t, tt.title+"\n\n"+tt.text, got.Quote, "a quote is an exact substring")
			}
		})
	}
}

func TestRegistryIDs(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Registered at ClinicalTrials.gov (NCT01234567).", []string{"NCT01234567"}},
		{"ISRCTN 12345678 and ACTRN12610000350055", []string{"ISRCTN12345678", "ACTRN12610000350055"}},
		{"Chinese Clinical Trial Registry ChiCTR-TRC-12002345; DRKS00012345", []string{"CHICTR-TRC-12002345", "DRKS00012345"}},
		{"EudraCT number: 2010-020153-16, CTRI/2018/05/013780", []string{"EudraCT 2010-020153-16", "CTRI/2018/05/013780"}},
		{"PROSPERO CRD42019123456", []string{"CRD42019123456"}},
		{"URL: https://clinicaltrialsregister.eu/; EudraCT (2016‐003743‐10).", []string{"EudraCT 2016-003743-10"}},
		{"Data came from the Cancer Registry of Norway and registered nurses (n = 12345).", nil},
		{"UMIN000012345, IRCT20150101020123N1, PACTR201905538849380", []string{"UMIN000012345", "IRCT20150101020123N1", "PACTR201905538849380"}},
		{"Netherlands Trial Register NTR3064", []string{"NTR3064"}},
		{"Figure NL1234 shows it", nil},
		{"KCT0003456, SLCTR/2017/010, TCTR20190101001, RBR-6qvdftm", []string{"KCT0003456", "SLCTR/2017/010", "TCTR20190101001", "RBR-6qvdftm"}},
		{"No registry here, 12345678.", nil},
	}
	named := NamedRegistryIDs("Registered with the Australian New Zealand Clinical Trials Registry (12610000350055).")
	require.Equal(t, []string{"Australian New Zealand Clinical Trials Registry:12610000350055"}, named)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := RegistryIDs(tt.text)
			if tt.want == nil {
				require.Empty(t, got)
				return
			}
			require.Equal(t, tt.want, got)
		})
	}
}

func TestFindingsOnSampleAbstract(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "rct_abstract.txt"))
	require.NoError(t, err)
	doc := Document{Title: "Exercise training in heart failure: a randomised trial", Text: string(b)}
	f := Findings(doc)
	require.Equal(t, DesignRCT, f[FindingDesign].Value)
	require.Equal(t, true, f[FindingRandomized].Value)
	require.Equal(t, "computer_generated", f[FindingRandomizationMethod].Value)
	require.Equal(t, BlindingDouble, f[FindingBlinding].Value)
	require.Equal(t, ConcealmentConcealed, f[FindingAllocationConcealing].Value)
	require.Equal(t, []string{"NCT01234567", "ISRCTN12345678"}, f[FindingRegistration].Value)
	require.Equal(t, ITTFull, f[FindingITT].Value)
	require.Equal(t, 450, f[FindingSampleSize].Value)
	require.Equal(t, 200, f[FindingPlannedSampleSize].Value)
	require.Equal(t, 0.06, f[FindingAttrition].Value)
	require.Equal(t, "multiple_imputation", f[FindingMissingData].Value)
	// The background's "previous double-blind trials" must not be the blinding quote.
	require.NotContains(t, f[FindingBlinding].Quote, "Previous")
	full := doc.analysedText()
	for name, fd := range f {
		if fd.Quote != "" {
			require.True(t, strings.Contains(full, fd.Quote), "%s quote is not a substring", name)
		}
	}
}

// TestBlindingTypeFromParties: when no type of masking is named, the type is counted from
// who was masked, among participants, care providers and outcome assessors; masked data
// analysts add to two of those (triple) but make no trial double-blind on their own; and a
// negated masking phrase masks no one. The sentences are written for the test.
func TestBlindingTypeFromParties(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string
	}{
		{"analysts alone are single", "The staff performing data entry and analysis were blind to treatment group.", BlindingSingle},
		{"assessors and the statistician are single", "Outcome assessors and the trial statistician were blinded to group allocation.", BlindingSingle},
		{"participants and the statistician are single", "Patients and the statistician were blinded to treatment assignment.", BlindingSingle},
		{"two parties and analysts are triple", "Patients, investigators and the statistician were blinded to treatment assignment.", BlindingTriple},
		{"participants and assessors are double", "Patients and outcome assessors were masked to allocation.", BlindingDouble},
		{"allocation not masked to parties is open", "Allocation was not masked to participants or researchers.", BlindingNone},
		{"no masking of parties is open", "There was no masking of participants or researchers.", BlindingNone},
		{"allocation not concealed from is no masking", "Allocation was not concealed from participants.", BlindingUnclear},
		{"assessment blind, sequence concealed", "Patients were randomised. The randomisation sequence was concealed from the ward staff who allocated patients. Where feasible, outcome assessment was blind to treatment group.", BlindingSingle},
		{"staff assessing, not providing care", "Patients were randomised. Research staff who had no part in recruitment and who were blind to allocation carried out the outcome assessments.", BlindingSingle},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Findings(Document{Text: tt.text})[FindingBlinding]
			require.Equal(t, tt.want, f.Value, "quote: %q", f.Quote)
		})
	}
}

// TestConcealmentNegations: an allocation "unmasked" or "never concealed" is not concealed;
// an allocation unmasked only after enrolment is, and so is a block size kept from those
// enrolling. The sentences are written for the test.
func TestConcealmentNegations(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string
	}{
		{"allocation unmasked", "Treatment allocation was unmasked.", ConcealmentUnclear},
		{"allocation unmasked to parties", "Patients were randomised. Treatment allocation was unmasked to participants and researchers.", ConcealmentUnclear},
		{"unmasked only after enrolment", "The allocation was unmasked only after the participant had been enrolled.", ConcealmentConcealed},
		{"allocation never concealed", "The allocation was never concealed from the participants.", ConcealmentNotConcealed},
		{"allocation not concealed", "Allocation was not concealed from participants.", ConcealmentNotConcealed},
		{"blind to the block sizes", "Recruiting clinicians were kept blind to the block sizes.", ConcealmentConcealed},
		{"block sizes not disclosed", "Block sizes were not disclosed to the site investigators.", ConcealmentConcealed},
		{"not blinded to the block size", "Investigators were not blinded to the block size.", ConcealmentUnclear},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Findings(Document{Text: tt.text})[FindingAllocationConcealing]
			require.Equal(t, tt.want, f.Value, "quote: %q", f.Quote)
		})
	}
}

// TestSampleSizeCounts: counts with thousands grouped by (thin, no-break) spaces, number
// words joined by a Unicode hyphen, a trial's name or a threshold before a number, clusters
// beside a count of people, and the arms of a trial listed one by one. The sentences are
// written for the test.
func TestSampleSizeCounts(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		finding string
		want    int
	}{
		{"thin space thousands", "Between 2015 and 2019 we randomly allocated 10\u2009512 adults to the two arms.", FindingSampleSize, 10512},
		{"narrow no-break space thousands", "A total of 4\u202f032 women were enrolled.", FindingSampleSize, 4032},
		{"space thousands", "We enrolled 3 250 children in the trial.", FindingSampleSize, 3250},
		{"no-break space thousands", "In all, 2\u00a0048 patients were randomised.", FindingSampleSize, 2048},
		{"unicode hyphen number word", "Forty‐six patients entered the second phase and were randomised.", FindingSampleSize, 46},
		{"spaced hyphen number word", "Forty- nine clinics were randomised to the two arms.", FindingSampleSize, 49},
		{"a trial's name is no count", "COMPASS-2 participants were recruited in 2016, of whom 412 were enrolled.", FindingSampleSize, 412},
		{"clusters lose to people", "Six clusters were randomised to each arm. In all, 720 children were enrolled.", FindingSampleSize, 720},
		{"clusters beside people", "Twelve hospitals with 600 patients were randomised.", FindingSampleSize, 600},
		{"clusters alone", "Six clusters were randomised to each arm.", FindingSampleSize, 6},
		{"clusters win over an arm's n", "Forty organisations were randomised to coaching (n = 21) or a waitlist (n = 19).", FindingSampleSize, 40},
		{"arms add up", "Between 2014 and 2016, 215 patients were recruited from the stroke unit and 185 from general wards.", FindingSampleSize, 400},
		{"two arms add up", "We randomly assigned 150 women to misoprostol and 148 to oxytocin.", FindingSampleSize, 298},
		{"three arms add up", "We randomly assigned 100 patients to drug A, 100 to drug B and 98 to placebo.", FindingSampleSize, 298},
		{"a bracketed split is the same sample", "We randomised 60 patients (30 to drug and 30 to placebo).", FindingSampleSize, 60},
		{"a later step is no arm", "In all, 200 patients were enrolled in the trial, and 180 were randomised to treatment.", FindingSampleSize, 200},
		{"a part with its percentage", "A total of 150 children (31.2%) missed the final visit. Overall 481 children were recruited.", FindingSampleSize, 481},
		{"approached later in the clause", "A total of 2,100 women attending the 20 clinics were approached and screened, and 640 were randomised.", FindingSampleSize, 640},
		{"year before a number word", "From 1995 through 1998 thirty patients were studied.", FindingSampleSize, 30},
		{"the allocation ratio before the count", "We randomized (2:1) 150 smokers to varenicline or placebo.", FindingSampleSize, 150},

		{"planned space thousands", "We estimated that about 10 000 patients would be needed for 90% power.", FindingPlannedSampleSize, 10000},
		{"planned people over sites", "A power calculation showed that eight sites per arm with a total of 640 infants would give 80% power.", FindingPlannedSampleSize, 640},
		{"planned people over units per group", "We estimated that 20 CHWs per group were required for 80% power; this would yield 900 enrolled participants.", FindingPlannedSampleSize, 900},
		{"planned people in a later sentence", "The sample size was pragmatic, recognising ≥2 units on the scale as relevant. This sample size, 50 participants in each group, was sufficient.", FindingPlannedSampleSize, 50},
		{"planned rate's people-time", "The trial had 80% power to detect a fall from 700 to 490 per 1,000 children-years with 42 clusters per arm.", FindingPlannedSampleSize, 42},
		{"planned cluster size is no sample", "The sample size was 30 clusters of 12 children per arm, giving 80% power.", FindingPlannedSampleSize, 30},
		{"planned per group", "A sample size of 64 per group gives 80% power to detect the difference.", FindingPlannedSampleSize, 64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Findings(Document{Text: tt.text})[tt.finding]
			require.Equal(t, tt.want, f.Value, "quote: %q", f.Quote)
			if tt.want > 0 {
				require.Contains(t, tt.text, f.Quote)
			}
		})
	}
}

// TestNamedRegistryIDFormat: an id read after a registry's name with the prefix of a
// registry whose ids have a fixed number of digits, but another count, is a misprint: it
// is kept as the paper's statement that the trial was registered, marked as no valid id.
func TestNamedRegistryIDFormat(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"The trial was registered at ClinicalTrials.gov (NCT123456789).", []string{"ClinicalTrials.gov:NCT123456789 (not a valid id: NCT takes 8 digits)"}},
		{"Registered with the ISRCTN registry, number ISRCTN1234567.", []string{"ISRCTN:ISRCTN1234567 (not a valid id: ISRCTN takes 8 digits)"}},
		{"Registered with the Australian New Zealand Clinical Trials Registry (12610000350055).", []string{"Australian New Zealand Clinical Trials Registry:12610000350055"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			require.Empty(t, RegistryIDs(tt.text))
			require.Equal(t, tt.want, NamedRegistryIDs(tt.text))
		})
	}
	f := Findings(Document{Text: "We present the final results, as registered at clinicaltrials.gov (NCT029226027)."})[FindingRegistration]
	require.Equal(t, []string{"clinicaltrials.gov:NCT029226027 (not a valid id: NCT takes 8 digits)"}, f.Value)
}

// TestRubricNegatedMasking: a trial whose only masking sentence says the allocation was
// not masked is scored as unmasked for performance and detection bias, with no masking
// claim quoted from that sentence.
func TestRubricNegatedMasking(t *testing.T) {
	for _, neg := range []string{
		"Allocation was not masked to participants or researchers.",
		"Allocation was not concealed from participants.",
		"There was no masking of participants or study staff.",
	} {
		t.Run(neg, func(t *testing.T) {
			doc := Document{Title: "Exercise for back pain: a randomised trial", Text: "Patients with chronic low back pain were randomised to a twelve-week exercise programme or usual care at four outpatient clinics in the region. " + neg + " The primary outcome was pain intensity at twelve weeks, measured on a numeric rating scale from zero to ten by a postal questionnaire."}
			f := Findings(doc)
			require.Empty(t, f[FindingMaskedParties].Value)
			dims := OfflineDimensions(doc, f, DefaultWeights())
			require.Len(t, dims, 2)
			for _, d := range dims[1].Details {
				switch d.Component {
				case CompPerformance, CompDetection:
					require.Equal(t, "high", d.Value, d.Component)
					require.Zero(t, d.Contribution, d.Component)
				}
			}
			for _, d := range dims[0].Details {
				if d.Component == CompBlinding {
					require.Zero(t, d.Contribution)
				}
			}
		})
	}
}
