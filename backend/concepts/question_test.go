package concepts

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestQuestionKind: the parse says whether a question names an intervention (and which,
// with a named class's members), asks which interventions serve, or neither; a comparator
// is told from the intervention.
func TestQuestionKind(t *testing.T) {
	cases := []struct {
		q            string
		kind         domain.QuestionKind
		intervention string
		comparator   string
		class        string
	}{
		{"Is metformin effective for treating cancer?", domain.QuestionIntervention, "metformin", "", ""},
		{"Can statins prevent dementia in older adults?", domain.QuestionIntervention, "statins", "", "HMG-CoA reductase inhibitors"},
		{"Does riluzole improve outcomes in amyotrophic lateral sclerosis?", domain.QuestionIntervention, "riluzole", "", ""},
		{"Does tiagabine improve outcomes in epilepsy?", domain.QuestionIntervention, "tiagabine", "", ""},
		{"Is surgery better than radiotherapy for prostate cancer?", domain.QuestionIntervention, "surgery", "radiotherapy", ""},
		{"Do SGLT2 inhibitors reduce heart failure admissions?", domain.QuestionIntervention, "SGLT2 inhibitors", "", "SGLT2 inhibitors"},
		{"What are the risks of long-term proton pump inhibitor use?", domain.QuestionIntervention, "long-term proton pump inhibitor", "", "proton pump inhibitors"},
		{"Do high-dose statins reduce stroke?", domain.QuestionIntervention, "high-dose statins", "", "HMG-CoA reductase inhibitors"},
		{"Do 5-ARIs reduce the risk of prostate cancer?", domain.QuestionIntervention, "5-ARIs", "", "5-alpha reductase inhibitors"},
		{"What drugs could be repurposed for Alzheimer's disease?", domain.QuestionOpen, "", "", ""},
		{"long covid fatigue treatment", domain.QuestionOpen, "", "", ""},
		// Keywords ending with what is asked for, "tx" for treatment.
		{"trigeminal neuralgia management", domain.QuestionOpen, "", "", ""},
		{"fomepizole or ethanol for methanol poisoning?", domain.QuestionIntervention, "fomepizole or ethanol", "", ""},
		// A request's lead-in, and context before the question, do not hide what it asks.
		{"Could you find evidence on which interventions reduce falls in hospital inpatients?", domain.QuestionOpen, "", "", ""},
		{"I'd like to know which therapies are effective for plantar fasciitis.", domain.QuestionOpen, "", "", ""},
		{"My patient has Tourette syndrome with severe tics that affect school. What treatment options exist?", domain.QuestionOpen, "", "", ""},
		{"best treatment acute mountain sickness", domain.QuestionOpen, "", "", ""},
		{"Can anything prevent post-herpetic neuralgia?", domain.QuestionOpen, "", "", ""},
		{"Non-pharmacological management of agitation in nursing home residents with dementia", domain.QuestionOpen, "", "", ""},
		{"How should postoperative ileus be prevented and managed after colorectal surgery?", domain.QuestionOpen, "", "", ""},
		{"What is the optimal management of asymptomatic gallstones?", domain.QuestionOpen, "", "", ""},
		{"In postmenopausal women with osteoporosis, does zoledronic acid compared with alendronate reduce hip fractures?",
			domain.QuestionIntervention, "zoledronic acid", "alendronate", ""},
		// The verb is found past an operation the subject follows.
		{"Does chewing gum after colorectal surgery shorten postoperative ileus?", domain.QuestionIntervention, "chewing gum", "", ""},
		{"hidradenitis suppurativa tx options", domain.QuestionOpen, "", "", ""},
		{"nocturnal enuresis children best tx", domain.QuestionOpen, "", "", ""},
		{"effective interventions for smoking cessation in pregnant women", domain.QuestionOpen, "", "", ""},
		{"Sugar sweetened beverage tax and obesity prevalence", domain.QuestionIntervention, "sugar sweetened beverage tax", "", ""},
		{"What predicts delayed graft function after deceased donor kidney transplant?", domain.QuestionOther, "", "", ""},
		{"Could riluzole or other approved drugs be repurposed for Parkinson disease?", domain.QuestionOpen, "", "", ""},
		// Approval, licence and off-label use qualify the class word; the question stays open.
		{"Which approved medications might slow Huntington's disease?", domain.QuestionOpen, "", "", ""},
		{"What off-label treatments exist for trigeminal neuralgia?", domain.QuestionOpen, "", "", ""},
		{"Can antiviral drugs prevent Alzheimer's disease?", domain.QuestionIntervention, "antiviral drugs", "", "antiviral agents"},
		{"Are any antihypertensive drugs protective against Parkinson's disease?", domain.QuestionIntervention, "antihypertensive drugs", "", "antihypertensive agents"},
		{"Is metformin or another biguanide useful in cancer?", domain.QuestionOpen, "", "", ""},
		{"Is metformin or insulin better for gestational diabetes?", domain.QuestionIntervention, "metformin", "insulin", ""},
		// "or" between alternatives with no comparison asked: one intervention, any of them.
		{"Do clopidogrel, prasugrel or ticagrelor improve microvascular function?", domain.QuestionIntervention, "clopidogrel, prasugrel or ticagrelor", "", ""},
		{"Does aspirin or clopidogrel reduce stroke recurrence?", domain.QuestionIntervention, "aspirin or clopidogrel", "", ""},
		{"Does tranexamic acid or aminocaproic acid reduce bleeding?", domain.QuestionIntervention, "tranexamic acid or aminocaproic acid", "", ""},
		// "and" names what is given together: both are required.
		{"Does aspirin and clopidogrel reduce stroke?", domain.QuestionIntervention, "aspirin and clopidogrel", "", ""},
		{"Which is more effective for migraine, sumatriptan or rizatriptan?", domain.QuestionIntervention, "sumatriptan", "rizatriptan", ""},
		{"Is apixaban non-inferior to warfarin in atrial fibrillation?", domain.QuestionIntervention, "apixaban", "warfarin", ""},
		// A class set against the intervention stays the comparator.
		{"Is metformin better than statins for preventing dementia?", domain.QuestionIntervention, "metformin", "statins", ""},
		{"Are there gender differences in the prognosis of ovarian torsion?", domain.QuestionOther, "", "", ""},
		// The subject of an effect question, and what "the effect of" names, is given whole.
		{"Does CPAP therapy improve quality of life in idiopathic pulmonary fibrosis?", domain.QuestionIntervention, "CPAP therapy", "", ""},
		{"What is the effect of hormone therapy on lipid levels?", domain.QuestionIntervention, "hormone therapy", "", ""},
		// A drug set aside leaves the question open; a dose or a timing word is no second intervention.
		{"What treatments exist for treatment-resistant schizophrenia besides clozapine?", domain.QuestionOpen, "", "clozapine", ""},
		{"What is the optimal dose of vitamin D in pregnant women?", domain.QuestionIntervention, "vitamin D", "", ""},
		{"Does early versus delayed cholecystectomy reduce complications in acute cholecystitis?", domain.QuestionIntervention, "cholecystectomy", "", ""},
		{"How does rituximab compare with cyclophosphamide for ANCA vasculitis?", domain.QuestionIntervention, "rituximab", "cyclophosphamide", ""},
		// A class word, an acronym of an operation, and "as … as" set up a comparison too.
		{"DOACs versus warfarin in atrial fibrillation with bioprosthetic valves", domain.QuestionIntervention, "DOACs", "warfarin", "anticoagulants"},
		{"SSRIs vs SNRIs for generalized anxiety disorder", domain.QuestionIntervention, "SSRIs", "snris", "selective serotonin reuptake inhibitors"},
		{"PCI vs CABG in left main coronary artery disease", domain.QuestionIntervention, "PCI", "cabg", ""},
		{"Is TAVI as good as surgical aortic valve replacement in low-risk patients?", domain.QuestionIntervention, "TAVI", "surgical aortic valve replacement", ""},
		{"Is watchful waiting as safe as antibiotics for acute otitis media in children?", domain.QuestionIntervention, "watchful waiting", "antibiotics", ""},
		{"Should beta-blockers be continued after myocardial infarction beyond one year?", domain.QuestionIntervention, "beta-blockers", "", "beta-adrenergic antagonists"},
		{"Which antidiabetic drugs show neuroprotective effects in Parkinson's disease?", domain.QuestionIntervention, "antidiabetic drugs", "", "hypoglycemic agents"},
		{"What are promising drug targets for idiopathic pulmonary fibrosis?", domain.QuestionOpen, "", "", ""},
		{"What therapies are being investigated for progressive supranuclear palsy?", domain.QuestionOpen, "", "", ""},
		// Verbs of stopping and guiding are how the question asks, not what it names.
		{"Should aspirin be stopped before dental extraction?", domain.QuestionIntervention, "aspirin", "", ""},
		{"Is procalcitonin useful to guide antibiotic therapy in sepsis?", domain.QuestionIntervention, "procalcitonin and antibiotic therapy", "", ""},
		// A qualified class word ("non-drug treatments") asks for treatments; an operation
		// after it is the setting.
		{"What non-drug treatments help insomnia in older adults?", domain.QuestionOpen, "", "", ""},
		{"What interventions reduce delirium in older patients after hip fracture surgery?", domain.QuestionOpen, "", "", ""},
		{"Are there alternatives to opioids for chronic pain?", domain.QuestionOpen, "", "opioids", ""},
		// A class word of treatments makes the question open when it is what is asked for,
		// not when it is what is delayed or wanted.
		{"Treatments for long COVID?", domain.QuestionOpen, "", "", ""},
		{"Can medications prevent delirium?", domain.QuestionOpen, "", "", ""},
		{"Does invasive diagnosis of nosocomial pneumonia during off-hours delay treatment?", domain.QuestionOther, "", "", ""},
		{"Do patients with localized prostate cancer really want more aggressive treatment?", domain.QuestionOther, "", "", ""},
		// Asking how to treat what it names asks for the treatments, with no class word.
		{"How should resistant hypertension be treated?", domain.QuestionOpen, "", "", ""},
		{"What can be done for dry eye disease after cataract surgery?", domain.QuestionOpen, "", "", ""},
		{"Management of acute gout flares", domain.QuestionOpen, "", "", ""},
		{"best managment of acute gout flare in CKD", domain.QuestionOpen, "", "", ""},
		{"How can postoperative nausea and vomiting be prevented in children?", domain.QuestionOpen, "", "", ""},
		{"How often are patients with gout treated in primary care?", domain.QuestionOther, "", "", ""},
		// A therapy named by what it uses, and a treatment by its field, is one intervention;
		// a word of where a treatment stands in a course is not one.
		{"Music therapy for depression in dementia", domain.QuestionIntervention, "music therapy", "", ""},
		{"Constraint-induced movement therapy for upper limb function after stroke", domain.QuestionIntervention, "constraint-induced movement therapy", "", ""},
		{"Is duration of psychological treatment for depression related to return into treatment?", domain.QuestionIntervention, "psychological treatment", "", ""},
		{"Do older men benefit from curative therapy of localized prostate cancer?", domain.QuestionOther, "", "", ""},
		{"Tai chi for knee osteoarthritis pain", domain.QuestionIntervention, "tai chi", "", ""},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			s, err := Extract(c.q)
			require.NoError(t, err)
			require.Equal(t, c.kind, s.Kind, "%+v", s.Concepts)
			require.Equal(t, c.intervention, s.InterventionText())
			if c.comparator != "" {
				cs := s.ByRole(RoleComparator)
				require.Len(t, cs, 1)
				require.Equal(t, c.comparator, cs[0].Text)
			}
			if c.class != "" {
				iv := s.Interventions()[0]
				require.Equal(t, c.class, iv.Class)
				require.NotEmpty(t, iv.Members)
				require.NotEmpty(t, iv.MeSH, "the class's pharmacological-action heading")
			}
		})
	}
}

func TestCorrect(t *testing.T) {
	s, err := Extract("Does gingko help memory in older adults?")
	require.NoError(t, err)
	fixed, err := Correct(s, map[string]Role{"gingko": RoleIntervention, "memory": RoleCondition})
	require.NoError(t, err)
	require.Equal(t, domain.QuestionIntervention, fixed.Kind)
	require.Equal(t, "gingko", fixed.InterventionText())
	_, err = Correct(s, map[string]Role{"gingko": "drug"})
	require.Error(t, err)
	_, err = Correct(s, map[string]Role{"gingko": "", "memory": "", "older adults": ""})
	require.Error(t, err, "nothing specific left")

	// A concept is corrected by the name the window and the CLI show, too.
	s, err = Extract("Does yoga improve quality of life in alcohol use disorder?")
	require.NoError(t, err)
	fixed, err = Correct(s, map[string]Role{"quality of life": RoleCondition})
	require.NoError(t, err)
	require.Contains(t, fixed.Summary(), "condition: quality of life")

	// An operation read as the patients' setting, made "other" by hand, is no longer required.
	s, err = Extract("Does tranexamic acid reduce blood loss in total hip arthroplasty?")
	require.NoError(t, err)
	fixed, err = Correct(s, map[string]Role{"total hip arthroplasty": RoleOther})
	require.NoError(t, err)
	require.Len(t, fixed.Required(), 1)

	// A test made "other" by hand leaves a question about nothing given; made the
	// intervention again by hand, it is asked about as a test.
	s, err = Extract("Plasma p-tau217 for diagnosing Alzheimer's disease")
	require.NoError(t, err)
	require.True(t, s.Diagnostic)
	other, err := Correct(s, map[string]Role{"plasma p-tau217": RoleOther})
	require.NoError(t, err)
	require.False(t, other.Diagnostic)
	require.Equal(t, domain.QuestionOther, other.Kind)
	again, err := Correct(other, map[string]Role{"plasma p-tau217": RoleIntervention})
	require.NoError(t, err)
	require.True(t, again.Diagnostic, again.Summary())

	// A harm made the intervention's patients' disease by hand is no longer asked about.
	s, err = Extract("Do NSAIDs increase the risk of acute kidney injury in heart failure?")
	require.NoError(t, err)
	fixed, err = Correct(s, map[string]Role{"nsaids": RoleOther})
	require.NoError(t, err)
	for _, c := range fixed.Concepts {
		require.False(t, c.Harm, c.Text)
	}
}

// TestCorrectStages: the user says which stage of a condition the question asks about; a
// stage can be taken away, is refused on what is not a condition, and must name a concept.
func TestCorrectStages(t *testing.T) {
	for _, c := range []struct {
		name, q, key string
		stage        domain.ConditionStage
		onset, estab bool
		err          string
	}{
		{"onset given by hand", "Do emollients help atopic dermatitis in infants?", "atopic dermatitis", domain.StageOnset, true, false, ""},
		{"treatment given by hand", "Do emollients help atopic dermatitis in infants?", "atopic dermatitis", domain.StageEstablished, false, true, ""},
		{"the parse's onset taken away", "Can daily emollients prevent atopic dermatitis?", "atopic dermatitis", domain.StageEither, false, false, ""},
		{"the parse's stage turned round", "Is amisulpride effective for treating established PONV?", "established ponv", domain.StageOnset, true, false, ""},
		{"named as the chip shows it", "Does metformin prevent type 2 diabetes?", "type 2 diabetes", domain.StageEstablished, false, true, ""},
		{"not a condition", "Can daily emollients prevent atopic dermatitis?", "daily emollients", domain.StageOnset, false, false, "only a condition has a stage"},
		{"unknown stage", "Can daily emollients prevent atopic dermatitis?", "atopic dermatitis", "cured", false, false, "unknown stage"},
		// A correction of words the question no longer has lapses; the parse's stage stands.
		{"no such concept", "Can daily emollients prevent atopic dermatitis?", "eczema herpeticum", domain.StageOnset, false, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Extract(c.q)
			require.NoError(t, err)
			fixed, err := CorrectStages(s, map[string]domain.ConditionStage{c.key: c.stage})
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			i := slices.IndexFunc(fixed.Concepts, func(k Concept) bool { return k.Text == c.key || k.Label() == c.key })
			if i < 0 {
				require.Equal(t, s, fixed, "nothing changes")
				return
			}
			k := fixed.Concepts[i]
			require.Equal(t, [2]bool{c.onset, c.estab}, [2]bool{k.Onset, k.Established}, fixed.Summary())
			require.True(t, k.Corrected)
			require.Equal(t, c.stage, k.Stage())
		})
	}
}

// TestDisplay: the words joined to be searched as one are shown as a reader writes them;
// the text searched keeps them joined, and a hyphen the question wrote stays.
func TestDisplay(t *testing.T) {
	for _, c := range []struct{ q, text, label string }{
		{"Can semaglutide be repurposed for alcohol use disorder?", "alcohol-use-disorder", "alcohol use disorder"},
		{"Does yoga improve quality of life in breast cancer?", "quality-of-life", "quality of life"},
		{"Does metformin prevent type 2 diabetes?", "type-2 diabetes", "type 2 diabetes"},
		{"Does metformin prevent type II diabetes?", "type-2 diabetes", "type II diabetes"},
		{"Do CDK4/6 inhibitors improve survival in HR-positive breast cancer?", "cdk4-6 inhibitors", "CDK4/6 inhibitors"},
		{"Is PD-1/PD-L1 blockade effective in small cell lung cancer?", "pd-1-pd-l1 blockade", "PD-1/PD-L1 blockade"},
		{"Does vitamin D prevent falls?", "vitamin-d", "vitamin D"},
		{"What is the role of IL-6 inhibitors in severe COVID-19?", "il-6 inhibitors", "IL-6 inhibitors"},
		{"Does ketamine work for treatment-resistant depression?", "treatment-resistant depression", "treatment-resistant depression"},
		{"Is hydroxychloroquine effective against COVID-19?", "covid-19", "COVID-19"},
		// Acronyms and names keep the capitals the question gave them; a word that only
		// starts the question does not.
		{"Does CPAP therapy improve quality of life in idiopathic pulmonary fibrosis?", "cpap therapy", "CPAP therapy"},
		{"Does azathioprine prevent relapse of Crohn's disease?", "crohn disease", "Crohn disease"},
		{"Metformin for gestational diabetes?", "metformin", "metformin"},
		{"Does sacubitril/valsartan reduce hospitalisation in heart failure?", "sacubitril-valsartan", "sacubitril/valsartan"},
		// A population's lead-in stays with the acronym after it.
		{"What helps night sweats in women who can't take HRT?", "hrt", "cannot take HRT"},
		{"Does exercise help fatigue in adults without COPD?", "copd", "without COPD"},
	} {
		t.Run(c.q, func(t *testing.T) {
			s, err := Extract(c.q)
			require.NoError(t, err)
			for _, k := range s.Concepts {
				if k.Text == c.text {
					require.Equal(t, c.label, k.Label())
					require.Contains(t, s.Summary(), c.label)
					return
				}
			}
			t.Fatalf("no concept %q in %+v", c.text, s.Concepts)
		})
	}
}

func TestClassMember(t *testing.T) {
	s, err := Extract("Can statins prevent dementia?")
	require.NoError(t, err)
	iv := s.Interventions()[0]
	for name, want := range map[string]bool{"Atorvastatin Calcium": true, "pitavastatin": true, "nystatin": false, "metformin": false,
		// The comparison group is not the drug.
		"non-statin": false, "nonstatin lipid-lowering therapy": false, "non-atorvastatin": false} {
		require.Equal(t, want, ClassMember(iv, name), name)
	}
	// A class is known by its members, whether or not MeSH has a heading for it (the first
	// two have none).
	for q, members := range map[string][]string{
		"gabapentinoids for painful diabetic peripheral neuropathy":           {"pregabalin", "mirogabalin"},
		"direct-acting antivirals for hepatitis C in people who inject drugs": {"sofosbuvir", "velpatasvir"},
		"Can breastfeeding mothers take antihistamines?":                      {"cetirizine", "chlorphenamine"},
	} {
		s, err := Extract(q)
		require.NoError(t, err)
		iv := s.Interventions()[0]
		for _, m := range members {
			require.True(t, ClassMember(iv, m), "%s: %s", q, m)
		}
		require.False(t, ClassMember(iv, "oseltamivir"), q)
	}
}

// TestDiseaseCategories: a condition that names a category of diseases carries the
// category's MeSH heading and member diseases; a named disease is not a category.
func TestDiseaseCategories(t *testing.T) {
	cases := []struct {
		q, condition, category, member string
	}{
		{"Can statins be repurposed for neurological conditions?", "neurological conditions", "nervous system diseases", "stroke"},
		{"What drugs could be repurposed for neurodegenerative diseases?", "neurodegenerative diseases", "neurodegenerative diseases", "parkinson"},
		{"Do SGLT2 inhibitors prevent cardiovascular disease?", "cardiovascular disease", "cardiovascular diseases", "heart failure"},
		{"Is vitamin D useful in autoimmune diseases?", "autoimmune diseases", "autoimmune diseases", "lupus"},
		{"Does exercise help people with mental illness?", "mental illness", "mental disorders", "schizophrenia"},
		{"Is metformin effective for treating cancer?", "cancer", "neoplasms", "carcinoma"},
		{"Is metformin effective for treating prostate cancer?", "prostate cancer", "", ""},
		{"Do beta blockers reduce mortality in heart failure?", "heart failure", "", ""},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			s, err := Extract(c.q)
			require.NoError(t, err)
			conds := s.ByRole(RoleCondition)
			require.NotEmpty(t, conds, "%+v", s.Concepts)
			cond := conds[0]
			require.Equal(t, c.condition, cond.Text)
			require.Equal(t, c.category, cond.Class)
			if c.category == "" {
				require.Empty(t, cond.Members)
				return
			}
			require.Contains(t, cond.Members, c.member)
			require.NotEmpty(t, cond.MeSH, "the category's MeSH heading")
		})
	}
}

// TestDiseaseSynonyms: a disease's lay or newer name is searched with the name papers are
// indexed under, and "show promise" is how a question asks, not what it asks about.
func TestDiseaseSynonyms(t *testing.T) {
	cases := []struct{ q, condition, synonym string }{
		{"What medications show promise for Long COVID treatment?", "long covid", "post-acute covid-19 syndrome"},
		{"Does aspirin prevent a second heart attack?", "heart attack", "myocardial infarction"},
		{"Is riluzole still the best drug for ALS?", "als", "amyotrophic lateral sclerosis"},
		{"Does lithium prevent relapse in manic depression?", "manic depression", "bipolar disorder"},
		{"Is CPAP effective for OSA?", "osa", "obstructive sleep apnea"},
		// A hyphenated name in the list is found however the question hyphenates it.
		{"Does pembrolizumab improve survival in non-small cell lung cancer?", "non-small cell lung cancer", "nsclc"},
		{"Does sertraline help post-traumatic stress disorder?", "post-traumatic stress disorder", "ptsd"},
		{"Is non-communicable disease risk higher in cities?", "non-communicable disease", "ncds"},
		{"Does natalizumab increase the risk of PML in multiple sclerosis?", "pml", "progressive multifocal leukoencephalopathy"},
		{"Caffeine citrate for apnoea of prematurity: optimal dose?", "apnoea-of-prematurity", "apnea-of-prematurity"},
		{"Is apixaban safer than rivaroxaban in patients with AF?", "af", "atrial fibrillation"},
		{"Does dapagliflozin improve outcomes in HFpEF?", "hfpef", "heart failure with preserved ejection fraction"},
		{"Risk of hypoglycaemia with sulfonylureas in elderly patients", "hypoglycaemia", "hypoglycemia"},
		{"What drugs are effective for alcohol use disorder?", "alcohol-use-disorder", "alcohol dependence"},
		{"Is hysterectomy better than endometrial ablation for heavy menstrual bleeding?", "heavy menstrual bleeding", "menorrhagia"},
		// Treatments by their acronym, and acronyms that are English words only in capitals.
		{"Is HBOT effective for diabetic foot ulcers?", "hbot", "hyperbaric oxygen therapy"},
		{"Does TACE improve survival in hepatocellular carcinoma?", "tace", "transarterial chemoembolization"},
		{"P: cirrhosis with variceal bleeding I: TIPS C: endoscopic band ligation O: rebleeding", "tips", "transjugular intrahepatic portosystemic shunt"},
		{"P: cirrhosis with variceal bleeding I: TIPS C: endoscopic band ligation O: rebleeding", "endoscopic band ligation", "endoscopic variceal ligation"},
		{"Does TENS help labour pain?", "tens", "transcutaneous electrical nerve stimulation"},
		// Diseases and infants by the acronyms clinicians type: each is the condition, or
		// the patients, and is searched by the words papers write.
		{"Does high-flow oxygen reduce intubation in AECOPD?", "aecopd", "acute exacerbations of chronic obstructive pulmonary disease"},
		{"Is early surgery better than radiotherapy alone for MSCC?", "mscc", "metastatic spinal cord compression"},
		{"Do bisphosphonates help CRPS?", "crps", "complex regional pain syndrome"},
		{"Probiotics to prevent NEC in ELBW infants", "nec", "necrotizing enterocolitis"},
		{"Is tocilizumab effective in GCA?", "gca", "giant cell arteritis"},
		{"Is vedolizumab better than infliximab in UC?", "uc", "ulcerative colitis"},
		{"Does peppermint oil help irritable bowel?", "irritable-bowel", "irritable bowel syndrome"},
		{"Does CBT help teenagers stop smoking weed?", "smoking-weed", "cannabis use"},
		{"will taping help pain behind my kneecap?", "anterior knee pain", "patellofemoral pain"},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			s, err := Extract(c.q)
			require.NoError(t, err)
			var cond *Concept
			for i := range s.Concepts {
				require.NotEqual(t, "promise", s.Concepts[i].Text, "%+v", s.Concepts)
				if s.Concepts[i].Text == c.condition {
					cond = &s.Concepts[i]
				}
			}
			require.NotNil(t, cond, "%+v", s.Concepts)
			require.Contains(t, cond.Terms, c.synonym)
		})
	}
}

// TestSummaryNamesACategoryOnce: a category named in its own words is not repeated in
// brackets ("autoimmune diseases (autoimmune diseases)").
func TestSummaryNamesACategoryOnce(t *testing.T) {
	s, err := Extract("Is vitamin D useful in autoimmune diseases?")
	require.NoError(t, err)
	require.Contains(t, s.Summary(), "condition: autoimmune diseases")
	require.NotContains(t, s.Summary(), "(autoimmune diseases)")
	s, err = Extract("Can statins be repurposed for neurological conditions?")
	require.NoError(t, err)
	require.Contains(t, s.Summary(), "neurological conditions (nervous system diseases)")
}

// TestNounPhrases: how typed questions name diseases, drugs and measures, each read as one
// concept with its role.
func TestNounPhrases(t *testing.T) {
	cases := []struct {
		q, text string
		role    Role
		class   string
	}{
		// An organ's adjective before an outcome or a procedure says which one; it is not a
		// condition of its own.
		{"Do GLP-1 receptor agonists reduce cardiovascular events in type 2 diabetes?", "cardiovascular events", RoleOutcome, ""},
		{"Does dapagliflozin preserve renal function in chronic kidney disease?", "renal function", RoleOutcome, ""},
		{"Is cardiac surgery safe in the elderly?", "cardiac surgery", RoleIntervention, ""},
		{"Does pulmonary rehabilitation help COPD?", "pulmonary-rehabilitation", RoleIntervention, ""},
		{"Is renal cancer more common in smokers?", "renal cancer", RoleCondition, ""},
		// The body's response to a substance is not the substance given.
		{"Does intermittent fasting improve insulin sensitivity in obese adults?", "insulin sensitivity", RoleOutcome, ""},
		{"Does metformin improve insulin resistance in PCOS?", "insulin resistance", RoleCondition, ""},
		{"Is clopidogrel resistance associated with stent thrombosis?", "clopidogrel resistance", RoleCondition, ""},
		{"Does insulin improve outcomes in sepsis?", "insulin", RoleIntervention, ""},
		{"Does sildenafil improve exercise capacity in pulmonary arterial hypertension?", "pulmonary arterial hypertension", RoleCondition, ""},
		{"Does sildenafil improve exercise capacity in pulmonary arterial hypertension?", "exercise capacity", RoleOutcome, ""},
		{"Does vitamin C shorten the duration of the common cold?", "vitamin-c", RoleIntervention, ""},
		{"Does vitamin C shorten the duration of the common cold?", "common-cold", RoleCondition, ""},
		{"Does minocycline slow progression of ALS?", "als", RoleCondition, ""},
		{"Is hepatitis B vaccination effective in dialysis patients?", "hepatitis-b vaccination", RoleIntervention, ""},
		{"Does influenza vaccine reduce mortality in older adults?", "influenza vaccine", RoleIntervention, ""},
		{"Which biologic is most effective for moderate-to-severe psoriasis?", "biologic", RoleIntervention, "biological products"},
		{"Does cognitive behavioural therapy improve insomnia in older adults?", "cognitive-behavioural-therapy", RoleIntervention, ""},
		{"Is metformin associated with vitamin B12 deficiency?", "vitamin-b12 deficiency", RoleCondition, ""},
		{"Does acetylcysteine prevent paracetamol toxicity?", "paracetamol toxicity", RoleCondition, ""},
		{"Is lithium neuroprotective in Alzheimer's disease?", "lithium", RoleIntervention, ""},
		{"Does maternal obesity increase the risk of stillbirth?", "stillbirth", RoleCondition, ""},
		// What happened before ("after hip fracture surgery") is the patients' setting.
		{"Does early mobilisation reduce length of stay after hip fracture surgery?", "surgery", RolePopulation, "surgical procedures"},
		{"Does physiotherapy help after knee arthroplasty?", "knee arthroplasty", RolePopulation, ""},
		{"Is the combination of ezetimibe and simvastatin better than simvastatin alone?", "ezetimibe", RoleIntervention, ""},
		{"Is ondansetron safe in pregnancy for nausea?", "nausea", RoleCondition, ""},
		{"Is breastfeeding protective against childhood obesity?", "breastfeeding", RoleIntervention, ""},
		{"Is metformin better than statins for preventing dementia?", "dementia", RoleCondition, "dementia"},
		{"Do JAK inhibitors work in alopecia areata?", "alopecia areata", RoleCondition, ""},
		{"Does esketamine reduce suicidal ideation?", "suicidal ideation", RoleCondition, ""},
		{"Does smoking cessation before surgery reduce postoperative complications?", "smoking cessation", RoleIntervention, ""},
		{"Does anti-VEGF therapy improve vision in diabetic macular edema?", "diabetic macular edema", RoleCondition, ""},
		{"Does zinc supplementation reduce diarrhoea duration in children?", "duration", RoleOutcome, ""},
		// A complication named by its device is one condition.
		{"Does ticagrelor reduce stent thrombosis after PCI?", "stent thrombosis", RoleCondition, ""},
		{"Does chlorhexidine reduce catheter infection?", "catheter infection", RoleCondition, ""},
		{"Do drug-eluting stents reduce restenosis compared with bare-metal stents?", "drug-eluting stents", RoleIntervention, ""},
		// DSM-5's "<substance> use disorder", HFpEF, and symptoms are conditions.
		{"Can semaglutide be repurposed for alcohol use disorder?", "alcohol-use-disorder", RoleCondition, ""},
		{"Are SGLT2 inhibitors effective in heart failure with preserved ejection fraction?", "heart-failure-with-preserved-ejection-fraction", RoleCondition, ""},
		{"Does dexamethasone reduce hearing loss in bacterial meningitis in children?", "hearing-loss", RoleCondition, ""},
		{"Does intravenous iron improve fatigue in non-anemic women?", "fatigue", RoleCondition, ""},
		{"Do probiotics prevent necrotizing enterocolitis in preterm infants?", "preterm infants", RolePopulation, ""},
		// A drug set aside ("besides", "other than") is what the others are set against.
		{"What treatments exist for treatment-resistant schizophrenia besides clozapine?", "clozapine", RoleComparator, ""},
		{"Which drugs other than metformin lower HbA1c in type 2 diabetes?", "metformin", RoleComparator, ""},
		// A slash joins the parts of one combined product; known phrases stay whole.
		{"Does sacubitril/valsartan reduce hospitalisation in heart failure?", "sacubitril-valsartan", RoleIntervention, ""},
		{"Is amoxicillin/clavulanate better than amoxicillin for otitis media?", "amoxicillin-clavulanate", RoleIntervention, ""},
		{"Is HIV/STD control in Jamaica making a difference?", "hiv", RoleCondition, ""},
		{"Does remote preconditioning reduce myocardial ischaemia/reperfusion injury?", "myocardial ischaemia-reperfusion injury", RoleCondition, ""},
		{"Does weight loss surgery reduce cancer risk?", "weight-loss-surgery", RoleIntervention, ""},
		{"Does deep brain stimulation help treatment-resistant OCD?", "treatment-resistant ocd", RoleCondition, ""},
		{"Can gabapentin treat alcohol withdrawal?", "alcohol withdrawal", RoleCondition, ""},
		{"Does azithromycin prevent exacerbations of bronchiectasis?", "exacerbations", RoleOutcome, ""},
		{"Which is better for knee osteoarthritis: hyaluronic acid or corticosteroid injection?", "corticosteroid injection", RoleComparator, "glucocorticoids"},
		// An operation the patients undergo, once something is given, is their setting.
		{"Does tranexamic acid reduce blood loss in total hip arthroplasty?", "total hip arthroplasty", RolePopulation, ""},
		{"Does dexamethasone reduce nausea in laparoscopic cholecystectomy?", "laparoscopic cholecystectomy", RolePopulation, ""},
		{"Is robotic surgery better than laparoscopic surgery in rectal cancer?", "laparoscopic surgery", RoleComparator, ""},
		{"Is regional anesthesia associated with less delirium than general anesthesia in hip fracture surgery?", "surgery", RolePopulation, "surgical procedures"},
		{"Is epidural analgesia safe in patients on anticoagulants?", "anticoagulants", RolePopulation, "anticoagulants"},
		{"Does lidocaine infusion speed recovery of bowel function after colectomy?", "recovery", RoleOutcome, ""},
		// Patients named by a procedure they have had are the population (also after a test
		// that predicts); measuring a quantity is what is done; "non-cardiac" is an organ's adjective.
		{"Can vitamin K2 reduce vascular calcification in dialysis patients?", "dialysis patients", RolePopulation, ""},
		{"Is dexmedetomidine associated with less delirium than propofol in ICU patients?", "icu patients", RolePopulation, ""},
		{"Does continuous glucose monitoring improve HbA1c in type 1 diabetes?", "continuous glucose monitoring", RoleIntervention, ""},
		{"Does troponin predict mortality after non-cardiac surgery?", "non-cardiac surgery", RolePopulation, ""},
		// What factors predict what follows an operation: the operation is the setting.
		{"What factors predict persistent pain after total knee arthroplasty?", "total knee arthroplasty", RolePopulation, ""},
		{"Do JAK inhibitors increase the risk of herpes zoster?", "herpes zoster", RoleCondition, ""},
		{"Does intermittent fasting improve glycemic control compared with continuous calorie restriction?", "glycemic control", RoleOutcome, ""},
		{"Is total knee arthroplasty cost-effective in patients over 80?", "cost-effective", RoleOutcome, ""},
		{"Does topical tranexamic acid reduce blood loss in total hip arthroplasty?", "blood-loss", RoleOutcome, ""},
		{"Does vitamin D supplementation reduce falls in nursing home residents?", "falls", RoleOutcome, ""},
		{"Does tamsulosin help pass ureteral stones?", "ureteral stones", RoleCondition, ""},
		// "rule out" is how a diagnostic question asks.
		{"Is D-dimer useful to rule out pulmonary embolism in pregnancy?", "pulmonary embolism", RoleCondition, ""},
		// A rule or a score asked about is the test (and the intervention a paper must study).
		{"Is the Ottawa ankle rule accurate in children?", "ottawa ankle rule", RoleIntervention, ""},
		// What the patients do not have says who they are; a paper need not be about it.
		{"Do statins reduce cardiovascular events in patients without diabetes?", "diabetes", RolePopulation, ""},
		// Stopping a habit is what an intervention is for, once something else is given.
		{"Are e-cigarettes effective for smoking cessation?", "smoking cessation", RoleOutcome, ""},
		// "respond to" introduces what is given.
		{"Does prosthetic joint infection respond to rifampicin?", "prosthetic joint infection", RoleCondition, ""},
		{"Does catheter-related bloodstream infection respond to ethanol lock?", "ethanol lock", RoleIntervention, ""},
		{"Is raised intracranial pressure treated with mannitol?", "mannitol", RoleIntervention, ""},
		{"Do NSAIDs raise blood pressure?", "blood pressure", RoleOutcome, ""},
		// A relapse, a complication or a disability in a named disease or after an operation
		// is what the treatment is judged by; alone it is the condition.
		{"Does lithium prevent relapse in manic depression?", "relapse", RoleOutcome, ""},
		{"Does metformin reduce complications of diabetes?", "complications", RoleOutcome, ""},
		{"Does early feeding reduce complications after colorectal surgery?", "complications", RoleOutcome, ""},
		{"Does rehabilitation reduce disability after stroke?", "disability", RoleOutcome, ""},
		{"Is relapse more common after short-course antibiotics?", "relapse", RoleCondition, ""},
		// "surgery" after a word that names the operation adds nothing a paper must say.
		{"Does CABG surgery improve survival in diabetics?", "cabg", RoleIntervention, ""},
		// What a factor is linked to after an operation: the operation is the setting.
		{"Are impaired fasting glucose levels associated with mortality after CABG surgery?", "cabg", RolePopulation, ""},
		// Switching from one drug to another leaves the first as the comparator; an "or"
		// after a disease lists diseases; the first of two things compared is given.
		{"In adults with chronic kidney disease, does switching from warfarin to apixaban reduce major bleeding?", "warfarin", RoleComparator, ""},
		{"In adults with chronic kidney disease, does switching from warfarin to apixaban reduce major bleeding?", "apixaban", RoleIntervention, ""},
		{"aspirin plus clopidogrel versus aspirin alone after minor stroke or TIA", "minor stroke or tia", RoleCondition, ""},
		{"Does isotretinoin increase the risk of depression or suicide in acne?", "depression or suicide", RoleCondition, ""},
		{"Acupressure versus sham acupressure for nausea in pregnancy", "acupressure", RoleIntervention, ""},
		{"sglt2 heart failure hospitalisation elderly", "sglt2", RoleIntervention, "SGLT2 inhibitors"},
		// A Latin word after a disease is part of its name; a title "X for <disease>" gives
		// X, unless X is measured; a drug's one-word other name is a drug.
		{"alopecia areata treatment options", "alopecia areata", RoleCondition, ""},
		{"Acupressure wristbands for hyperemesis gravidarum", "acupressure wristbands", RoleIntervention, ""},
		{"Biomarkers for Alzheimer disease", "biomarkers", RoleOther, ""},
		{"TXA in total knee arthroplasty blood loss", "txa", RoleIntervention, ""},
		{"What dressings heal pressure injuries?", "pressure-injuries", RoleCondition, ""},
		{"Timed Up and Go test to predict falls in older adults", "timed-up-and-go test", RoleIntervention, ""},
		{"Motivational interviewing for smoking cessation in general practice", "motivational-interviewing", RoleIntervention, ""},
		// A plural the lists hold in the singular; a fixed phrase in the plural; a drug's
		// prescribing is what is measured; an operation after a disease whose risk factors
		// are asked is the setting.
		{"Natural history of small abdominal aortic aneurysms", "small abdominal aortic aneurysms", RoleCondition, ""},
		{"is tonsilectomy worth it for recurrent sore throats in adults", "recurrent sore-throat", RoleCondition, ""},
		{"Interventions to reduce antibiotic prescribing in primary care", "antibiotic prescribing", RoleOutcome, ""},
		{"Risk factors for acute kidney injury after cardiac surgery", "cardiac surgery", RolePopulation, ""},
		{"Does physical restraint of ICU patients increase delirium?", "physical restraint", RoleIntervention, ""},
		// A disease's acronym is a condition; "prolong" asks about an effect; a replacement
		// is an operation, and "surgical" before one says how it is done.
		{"Is CPAP effective for OSA?", "osa", RoleCondition, ""},
		{"Does sorafenib prolong survival in HCC?", "survival", RoleOutcome, ""},
		{"Does rivaroxaban prevent DVT after knee replacement?", "knee replacement", RolePopulation, ""},
		{"Is TAVI as good as surgical aortic valve replacement in low-risk patients?", "surgical aortic valve replacement", RoleComparator, ""},
		// Acronyms of diseases and treatments; classes named by their short forms.
		{"Is apixaban safer than rivaroxaban in elderly patients with AF?", "af", RoleCondition, ""},
		{"What is the prognosis of patients with MGUS?", "mgus", RoleCondition, ""},
		{"Does oral dexamethasone reduce hospital admission in children with croup?", "croup", RoleCondition, ""},
		{"Does ERAS reduce length of stay after pancreaticoduodenectomy?", "eras", RoleIntervention, ""},
		{"Do SGLT2i reduce progression of CKD in type 2 diabetes?", "sglt2i", RoleIntervention, "SGLT2 inhibitors"},
		{"Do JAK inhibitors increase the risk of herpes zoster?", "jak inhibitors", RoleIntervention, "Janus kinase inhibitors"},
		{"Is high-flow nasal cannula as good as CPAP for bronchiolitis in infants?", "cpap", RoleComparator, ""},
		// Fixed phrases: one outcome, one comparator, one exposure (what people are exposed
		// to is asked about as an intervention is).
		{"Does colchicine reduce major adverse cardiovascular events after myocardial infarction?", "major-adverse-cardiovascular-events", RoleOutcome, ""},
		{"Does PCI reduce mortality compared with optimal medical therapy?", "medical-therapy", RoleComparator, ""},
		{"Is shift work a risk factor for breast cancer?", "shift-work", RoleIntervention, ""},
		// "plus" joins two drugs given together; "effective against" names the target,
		// not a comparator; a course of treatment the patients go through is their setting.
		{"Is methotrexate plus adalimumab better than methotrexate alone in rheumatoid arthritis?", "adalimumab", RoleIntervention, ""},
		{"What antivirals are effective against RSV in infants?", "rsv", RoleCondition, ""},
		{"Can exercise reduce cancer-related fatigue during chemotherapy?", "chemotherapy", RolePopulation, ""},
		{"Does magnesium sulfate prevent cerebral palsy in preterm babies?", "preterm babies", RolePopulation, ""},
		// A measure that acts on another is what is done; one that changes is the outcome.
		{"Does weight loss improve knee pain?", "weight-loss", RoleIntervention, ""},
		{"Does intensive glucose control reduce cardiovascular events in T2DM?", "intensive glucose control", RoleIntervention, ""},
		{"Does mortality increase after hip fracture surgery?", "mortality", RoleOutcome, ""},
		{"Does electroconvulsive therapy cause long-term memory loss?", "electroconvulsive therapy", RoleIntervention, ""},
		// Two routes of one operation: the first route gets the operation's name.
		{"Laparoscopic versus open appendectomy for complicated appendicitis", "laparoscopic appendectomy", RoleIntervention, ""},
		{"Laparoscopic versus open appendectomy for complicated appendicitis", "open appendectomy", RoleComparator, ""},
		{"Is robotic or laparoscopic hysterectomy better for endometrial cancer?", "laparoscopic hysterectomy", RoleComparator, ""},
		{"Open versus endovascular repair of abdominal aortic aneurysm", "open repair", RoleIntervention, ""},
		{"Do cholinesterase inhibitors cause bradycardia and syncope in older adults?", "syncope", RoleCondition, ""},
		{"best treatment for nocturnal enuresis in kids", "kids", RolePopulation, ""},
		{"Is induction of labour at 39 weeks associated with fewer caesarean sections?", "induction-of-labour", RoleIntervention, ""},
		{"Comprehensive geriatric assessment for frail older people admitted to hospital", "frail older people", RolePopulation, ""},
		// An operation after what acts (an exposure that is the subject of "increase the
		// risk of", an open question's class word) is the patients' setting.
		{"Does smoking increase the risk of Crohn's disease recurrence after surgery?", "surgery", RolePopulation, "surgical procedures"},
		{"What interventions reduce delirium in older patients after hip fracture surgery?", "surgery", RolePopulation, "surgical procedures"},
		{"Does quality of life improve after bariatric surgery?", "bariatric surgery", RoleIntervention, ""},
		{"Is surgical site infection reduced by chlorhexidine?", "chlorhexidine", RoleIntervention, ""},
		{"Is surgical site infection reduced by chlorhexidine?", "surgical-site-infection", RoleCondition, ""},
		// An infected or failed implant is the patients' condition; "alternative to" sets a
		// comparator; the use of a service after an effect verb is what is measured.
		{"Can implant retention be recommended for treatment of infected TKA?", "infected tka", RoleCondition, ""},
		{"Does spinal cord stimulation help failed back surgery syndrome?", "failed-back-surgery-syndrome", RoleCondition, ""},
		{"Is dexamethasone an effective alternative to oral prednisone in the treatment of asthma exacerbations?", "oral prednisone", RoleComparator, ""},
		{"Does fluoridation reduce the use of dental services among adults?", "dental services", RoleOther, ""},
		// Titles: "X in Y: does it …?" gives X; a brand name is its drug; a class is named
		// with the form it is given in; a harm is a condition or an outcome.
		{"Prone positioning in ARDS: does it lower 28-day mortality?", "prone positioning", RoleIntervention, ""},
		{"Tamsulosin for distal ureteric stones: does it increase stone passage?", "stone-passage", RoleOutcome, ""},
		{"Ozempic and risk of suicidal ideation", "ozempic", RoleIntervention, ""},
		{"Which antiepileptic drug is safest in pregnancy?", "antiepileptic drug", RoleIntervention, "anticonvulsants"},
		{"Cardiotoxicity of trastuzumab in HER2-positive breast cancer", "cardiotoxicity", RoleCondition, ""},
		{"Is gabapentin addictive?", "addictive", RoleOutcome, ""},
		{"Does grapefruit juice interact with statins?", "grapefruit juice", RoleIntervention, ""},
		{"Do grommets improve hearing in children with glue ear?", "glue-ear", RoleCondition, ""},
		{"Risk factors for postoperative nausea and vomiting in children undergoing tonsillectomy", "postoperative-nausea-and-vomiting", RoleCondition, ""},
		// Two modifiers of one treatment compared.
		{"Conservative versus liberal oxygen therapy in critically ill adults", "conservative oxygen therapy", RoleIntervention, ""},
		{"Conservative versus liberal oxygen therapy in critically ill adults", "liberal oxygen therapy", RoleComparator, ""},
		// What is offered as "an alternative to" something is what is given.
		{"Digital tomosynthesis: viable alternative to noncontrast computed tomography for the follow-up of nephrolithiasis?", "digital tomosynthesis", RoleIntervention, ""},
		{"Is the nurse cystoscopist a feasible alternative to the urologist?", "urologist", RoleComparator, ""},
		{"What are the side effects of isotretinoin?", "side-effects", RoleOutcome, ""},
		{"Does melatonin help jet lag?", "jet-lag", RoleCondition, ""},
		{"Does fluoride varnish prevent dental caries in children?", "dental caries", RoleCondition, ""},
		{"Is exercise effective for chronic low back pain?", "chronic low-back-pain", RoleCondition, ""},
		{"Is appendectomy surgery needed for uncomplicated appendicitis?", "appendectomy", RoleIntervention, ""},
		{"Levetiracetam vs phenytoin for status epilepticus in children", "status epilepticus", RoleCondition, ""},
		{"Is ranibizumab better than bevacizumab for neovascular AMD?", "neovascular amd", RoleCondition, ""},
		{"what can be done for dry eye disease after cataract surgery", "surgery", RolePopulation, "surgical procedures"},
		{"Are DOACs a safe alternative to warfarin for left ventricular thrombus?", "left ventricular thrombus", RoleCondition, ""},
		{"What pharmacological options exist for hyperemesis gravidarum?", "hyperemesis gravidarum", RoleCondition, ""},
		{"Sensitivity and specificity of FIT for colorectal cancer screening", "screening", RoleOther, ""},
		{"procalcitonin accuracy for diagnosing sepsis in adult ICU patients", "procalcitonin", RoleIntervention, ""},
		{"How accurate is high-sensitivity troponin for ruling out MI in the ED?", "ed", RoleOther, ""},
		{"Risk factors for surgical site infection after caesarean section", "caesarean section", RolePopulation, ""},
		{"treatments for restless legs syndrome in CKD patients on dialysis", "dialysis", RolePopulation, ""},
		{"What treatments are available for immune thrombocytopenia refractory to steroids?", "steroids", RolePopulation, "glucocorticoids"},
		{"Predictors of sudden cardiac death in HCM", "sudden-cardiac-death", RoleCondition, ""},
		{"Predictors of sudden cardiac death in HCM", "hcm", RoleCondition, ""},
		{"How often does oral leukoplakia undergo malignant transformation?", "oral leukoplakia", RoleCondition, ""},
		{"arthroscopic partial meniscectomy or physio for degenerative meniscal tear", "degenerative meniscal tear", RoleCondition, ""},
		{"Omalizumab for chronic spontaneous urticaria", "chronic spontaneous urticaria", RoleCondition, ""},
		{"Serotonin syndrome risk with linezolid in patients taking SSRIs", "ssris", RolePopulation, "selective serotonin reuptake inhibitors"},
		{"Serotonin syndrome risk with linezolid in patients taking SSRIs", "linezolid", RoleIntervention, ""},
		{"Management of dry socket after tooth extraction", "dry-socket", RoleCondition, ""},
		{"Mepolizumab for eosinophilic granulomatosis with polyangiitis", "eosinophilic-granulomatosis-with-polyangiitis", RoleCondition, ""},
		{"What is the prevalence of post-traumatic stress disorder in survivors of critical illness?", "critical-illness", RoleCondition, ""},
		// What an intervention makes possible is its outcome.
		{"Does patiromer enable continued RAAS inhibitor therapy in patients with hyperkalemia?", "patiromer", RoleIntervention, ""},
		{"Does patiromer enable continued RAAS inhibitor therapy in patients with hyperkalemia?", "raas inhibitor therapy", RoleOutcome, ""},
		{"Does fluoroquinolone use increase risk of Achilles tendon rupture?", "achilles tendon rupture", RoleCondition, ""},
		{"Does intrathecal nusinersen improve motor function in SMA type 1 infants?", "sma", RoleCondition, ""},
		{"risankizumab vs secukinumab plaque psoraisis PASI 90", "secukinumab", RoleComparator, ""},
		{"How should neonatal abstinence syndrome be managed?", "neonatal-abstinence-syndrome", RoleCondition, ""},
		// A stay in a place of care, or an operation, after the disease in a question of its
		// course is the patients' setting.
		{"Risk factors for post-traumatic stress disorder after intensive care unit admission", "intensive care unit admission", RolePopulation, ""},
		{"Prognostic factors for survival after resection of pancreatic adenocarcinoma", "resection", RolePopulation, "surgical procedures"},
		// Targets joined by a slash name one class.
		{"Do CDK4/6 inhibitors improve survival in HR-positive breast cancer?", "cdk4-6 inhibitors", RoleIntervention, "CDK4/6 inhibitors"},
		{"Is PD-1/PD-L1 blockade effective in small cell lung cancer?", "pd-1-pd-l1 blockade", RoleIntervention, "PD-1/PD-L1 inhibitors"},
		{"Are factor Xa inhibitors safer than warfarin in atrial fibrillation?", "factor-10a inhibitors", RoleIntervention, "factor Xa inhibitors"},
		// An operation named by its organ is one thing done.
		{"Does belatacept improve graft survival after kidney transplantation?", "kidney transplantation", RoleCondition, ""},
		{"Is EBV mismatch a risk factor for post-transplant lymphoproliferative disorder after kidney transplantation?", "kidney transplantation", RolePopulation, ""},
		{"Does liver resection improve survival in colorectal liver metastases?", "liver resection", RoleIntervention, ""},
		{"What can be done to prevent contrast-associated acute kidney injury in patients undergoing angiography?", "angiography", RolePopulation, ""},
		{"In settings without access to blood transfusion, what are the most effective treatments for postpartum haemorrhage?", "blood transfusion", RolePopulation, ""},
		// When the subject is done, or what it is done to, is part of the subject.
		{"Can interim 18F-FDG PET after two cycles of ABVD predict outcome in advanced Hodgkin lymphoma?", "interim 18f-fdg pet", RoleIntervention, ""},
		{"Does community health worker home visiting during the first week of life reduce neonatal mortality?", "community health worker home visiting", RoleIntervention, ""},
		{"Is normothermic machine perfusion of donor livers superior to static cold storage?", "normothermic machine perfusion", RoleIntervention, ""},
		{"Is normothermic machine perfusion of donor livers superior to static cold storage?", "static cold storage", RoleComparator, ""},
		{"Does artemether-lumefantrine yield higher cure rates than dihydroartemisinin-piperaquine for falciparum malaria?", "artemether-lumefantrine", RoleIntervention, ""},
		// An acronym in parentheses after its words does not cut them from their phrase.
		{"Do piperonyl butoxide (PBO) long-lasting insecticidal nets reduce malaria infection in children?", "piperonyl butoxide long-lasting insecticidal nets", RoleIntervention, ""},
		{"Interferon-γ release assays (IGRAs) versus tuberculin skin test for latent tuberculosis", "tuberculin skin test", RoleComparator, ""},
		{"HbA1c versus oral glucose tolerance test for the diagnosis of type 2 diabetes in adults", "hba1c", RoleIntervention, ""},
		{"What is the prevalence of PrEP use among men who have sex with men?", "men-who-have-sex-with-men", RolePopulation, ""},
		{"Urinary NGAL as an early biomarker of AKI after cardiac surgery?", "urinary ngal", RoleIntervention, ""},
		{"HbA1c as a screening test for gestational diabetes mellitus?", "hba1c", RoleIntervention, ""},
		// "relative to" compares; how long patients were followed is no concept.
		{"Does the Mediterranean diet, relative to a low-fat diet, lower cardiovascular events over 5 years of follow-up?", "low-fat diet", RoleComparator, ""},
		{"Does telephone follow-up reduce readmissions after heart failure?", "telephone follow-up", RoleIntervention, ""},
		// In a question of accuracy, the test named before "compared with" is the one asked about.
		{"What are the sensitivity and specificity of malaria rapid diagnostic tests compared with expert microscopy in febrile children?", "rapid-diagnostic-test", RoleIntervention, ""},
		{"What are the sensitivity and specificity of malaria rapid diagnostic tests compared with expert microscopy in febrile children?", "expert microscopy", RoleComparator, ""},
		// What a treatment is for, at the end of the question, is the disease treated, even
		// one the vocabulary does not know; what it is for in other words is not.
		{"Are antibiotics needed for ingrown toenails?", "ingrown toenails", RoleCondition, ""},
		{"Is Botox effective for anal fissure?", "anal fissure", RoleCondition, ""},
		{"Is exercise effective for weight loss?", "weight-loss", RoleOutcome, ""},
		{"Are statins useful for primary prevention?", "primary prevention", RoleOther, ""},
		// Acronyms clinicians type; those that are English words only in capitals; "end up"
		// is no part of the condition.
		{"Are there tips for managing diabetes at home?", "tips", RoleOther, ""},
		{"Is HBOT effective for diabetic foot ulcers?", "hbot", RoleIntervention, ""},
		{"Does TACE improve survival in hepatocellular carcinoma?", "tace", RoleIntervention, ""},
		{"how many ICU patients with AKI end up needing dialysis?", "aki", RoleCondition, ""},
		// A patient's possessive is an article; lay verbs of effect; a span of minutes is how
		// a dose is given; a procedure through a catheter or a scope is what patients undergo.
		{"do i need antibiotics for my infected ingrown toenail?", "infected ingrown toenail", RoleCondition, ""},
		// What a remedy is good or bad for, when that is a part of the body, is no disease.
		{"are sugar free medicines bad for my childs teeth?", "childs teeth", RoleOther, ""},
		{"is vitamin E good for my hair?", "hair", RoleOther, ""},
		{"does ginseng bring down sugar diabetes after meals?", "ginseng", RoleIntervention, ""},
		{"Will walking bring my blood pressure down?", "blood pressure", RoleOutcome, ""},
		{"IV metoclopramide 2 min bolus vs 15 min infusion for headache in the ED", "infusion", RoleComparator, ""},
		{"Is aspiration thrombectomy beneficial in primary PCI for STEMI?", "primary pci", RolePopulation, ""},
		{"Is propofol safer than midazolam for sedation in colonoscopy?", "colonoscopy", RolePopulation, ""},
		{"Is CT colonography as accurate as colonoscopy?", "colonoscopy", RoleComparator, ""},
		{"early extubation in children after congenital cardiac surgery", "early extubation", RoleIntervention, ""},
		{"early extubation in children after congenital cardiac surgery", "congenital cardiac surgery", RolePopulation, ""},
		{"Is extubation failure predicted by the rapid shallow breathing index?", "extubation-failure", RoleOutcome, ""},
		{"What is the prognosis of Fournier's gangrene?", "fournier gangrene", RoleCondition, ""},
		{"Is holmium laser lithotripsy effective for the ureter?", "ureter", RoleOther, ""},
		// The words between an organ and an operation say which operation.
		{"Does coronary bypass surgery improve survival?", "coronary bypass", RoleIntervention, ""},
		{"Is heart valve surgery safe in the elderly?", "heart valve surgery", RoleIntervention, ""},
	}
	for _, c := range cases {
		t.Run(c.q+" / "+c.text, func(t *testing.T) {
			k := conceptOf(t, c.q, c.text)
			require.Equal(t, c.role, k.Role)
			require.Equal(t, c.class, k.Class)
		})
	}
}

// TestTwoLetterAcronymsAreNotSearched: "AF" in a question is read as atrial fibrillation,
// but a question that writes the name out is not searched for "af", a word of many meanings.
func TestTwoLetterAcronymsAreNotSearched(t *testing.T) {
	for q, acronym := range map[string]string{
		"Does catheter ablation prevent stroke in atrial fibrillation?":  "af",
		"Does tofacitinib induce remission in ulcerative colitis?":       "uc",
		"Is radiotherapy after lumpectomy needed in women over seventy?": "rt",
	} {
		s, err := Extract(q)
		require.NoError(t, err)
		for _, c := range s.Concepts {
			require.NotContains(t, c.Terms, acronym, "%s: %+v", q, c)
		}
	}
}

// TestWhatIsAsked: a question naming an intervention asks whether it treats, whether it is
// linked to a harm or a risk (Exposure), or how well a test finds a disease (Diagnostic).
// A benefit asked about is a treatment question whatever verb it uses; "Is it safe?" is
// answered yes by the absence of harm, so the stance words of a link would read the other
// way and it stays a treatment question; a question naming no intervention asks neither.
// TestHeadWord: the word a condition must be matched by is its disease, not the episode of
// it the question names ("gout flares" is gout's).
func TestHeadWord(t *testing.T) {
	for _, c := range []struct{ words, head string }{
		{"acute gout flares", "gout"},
		{"asthma attacks", "asthma"},
		{"pancreatic adenocarcinoma", "adenocarcinoma"},
		{"copd exacerbations", "copd"},
		{"exacerbations", "exacerbations"},
	} {
		require.Equal(t, c.head, HeadWord(Concept{Role: RoleCondition, Words: strings.Fields(c.words)}), c.words)
	}
}

// TestPredicts: a test asked to predict what follows is said so ("for predicting"); one
// asked to find a disease, or both, is not.
func TestPredicts(t *testing.T) {
	for _, c := range []struct {
		q        string
		predicts bool
	}{
		{"Is the qSOFA score a reliable predictor of mortality in emergency department patients with suspected infection?", true},
		{"Is serum lactate a useful predictor of mortality in major trauma?", true},
		{"How accurate is dermoscopy for diagnosing melanoma?", false},
		{"Is the sensitivity of the Wells score predictive of pulmonary embolism?", false},
	} {
		s, err := Extract(c.q)
		require.NoError(t, err)
		require.True(t, s.Diagnostic, c.q)
		require.Equal(t, c.predicts, s.Predicts, c.q)
	}
}

// TestHarmAskedAbout: in a question about a link, the condition after a link word, an
// effect verb or a risk is the harm asked about; the others are who is exposed.
func TestHarmAskedAbout(t *testing.T) {
	for _, c := range []struct{ q, link string }{
		{"Ondansetron in early pregnancy and risk of congenital malformations", "congenital malformations in early pregnancy"},
		{"Isotretinoin in acne: risk of depression?", "depression in acne"},
		{"Does isotretinoin increase suicide risk in teenagers with acne?", "suicide in acne"},
		{"Do NSAIDs increase the risk of acute kidney injury in heart failure?", "acute kidney injury in heart failure"},
		{"chronic pain after mesh repair of inguinal hernia", "chronic pain in inguinal hernia"},
		{"Are proton pump inhibitors associated with dementia in older adults?", "dementia"},
		// A treatment question marks no harm.
		{"Does metformin reduce the risk of cancer in type 2 diabetes?", "cancer in type 2 diabetes"},
	} {
		t.Run(c.q, func(t *testing.T) {
			s, err := Extract(c.q)
			require.NoError(t, err)
			require.Equal(t, c.link, s.LinkText())
			if !s.Exposure {
				for _, k := range s.Concepts {
					require.False(t, k.Harm, k.Text)
				}
			}
		})
	}
}

func TestWhatIsAsked(t *testing.T) {
	const treats, link, test = "treats", "link", "test"
	for _, c := range []struct {
		q, want string
	}{
		{"How accurate is dermoscopy for diagnosing melanoma?", test},
		{"MRI vs mammography for detecting breast cancer in women with dense breasts", test},
		{"Is ultrasound as accurate as CT for diagnosing appendicitis in children?", test},
		{"Can MRI rule out appendicitis in pregnancy?", test},
		{"PET-CT for staging oesophageal cancer", test},
		{"Does early detection improve survival in ovarian cancer?", treats},
		{"Is metformin effective for treating cancer?", treats},
		{"Are proton pump inhibitors associated with dementia in older adults?", link},
		{"Does metformin increase the risk of lactic acidosis?", link},
		{"Do statins cause muscle pain?", link},
		{"Can dobutamine stress echocardiography induce cardiac troponin elevation?", link},
		{"Is statin use associated with lower mortality in sepsis?", treats},
		{"Is vitamin D supplementation associated with fewer fractures?", treats},
		{"Does aspirin reduce the risk of colorectal cancer?", treats},
		{"Storage of vaccines in the community: weak link in the cold chain?", treats},
		{"Does isotretinoin increase suicide risk in teenagers with acne?", link},
		{"Do NSAIDs after colorectal surgery increase anastomotic leak?", link},
		{"Is codeine harmful in breastfeeding mothers?", link},
		// A risk named, or a complication named before the intervention it follows.
		{"antipsychotics in dementia pts - mortality risk?", link},
		{"chronic pain after mesh repair of inguinal hernia", link},
		{"contrast-induced nephropathy after iodinated contrast CT in CKD pts", link},
		{"Quality of life after mastectomy", treats},
		{"Is coeliac disease screening in risk groups justified?", treats},
		{"Does falls prevention education reduce falls in patients at high risk of falls?", treats},
		{"Is ondansetron safe in pregnancy?", treats},
		{"Is obesity a risk factor for severe COVID-19?", ""},
		// A test named by a marker, an acronym or an instrument's name; what is for
		// screening is the test, not the screening.
		{"Plasma p-tau217 for diagnosing Alzheimer's disease", test},
		{"procalcitonin accuracy for diagnosing sepsis in adult ICU patients", test},
		{"Diagnostic accuracy of FIT for colorectal cancer in symptomatic patients", test},
		{"Diagnostic accuracy of the Montreal Cognitive Assessment for mild cognitive impairment in primary care", test},
		{"Sensitivity and specificity of FIT for colorectal cancer screening", test},
		// A link asked about something the vocabulary does not know as given.
		{"Are gadolinium-based contrast agents associated with nephrogenic systemic fibrosis?", link},
		{"Is screen time associated with myopia in children?", link},
		{"Predictors of sudden cardiac death in HCM", ""},
		{"Is obesity associated with asthma?", ""},
		// A marker typed among keywords is the test asked about; impairing is a harm.
		{"procalcitonin neonatal sepsis diagnostic accuracy", test},
		{"Does general anaesthesia in infancy impair neurodevelopment?", link},
		{"How sensitive is D-dimer for pulmonary embolism in pregnant women?", test},
		{"Does the PHQ-9 accurately screen for depression in adolescents?", test},
		{"Low-dose CT screening for lung cancer: false positive rate in heavy smokers", test},
		{"Is repeated heading of the ball associated with neurodegenerative disease in former professional footballers?", link},
		{"Is the qSOFA score a reliable predictor of mortality in emergency department patients with suspected infection?", test},
		{"Does the Glasgow-Blatchford score identify low-risk patients with upper gastrointestinal bleeding?", test},
		{"Can the Ottawa ankle rules be applied reliably by triage nurses?", test},
		{"Is the Edinburgh Postnatal Depression Scale valid for detecting depression in fathers?", test},
		{"Is HbA1c an accurate screening test for gestational diabetes?", test},
		{"Does MRI improve the detection of clinically significant prostate cancer compared with systematic biopsy?", test},
		{"Is the Charlson comorbidity index associated with mortality after hip fracture?", link},
		// An exposure the vocabulary does not know, named in a title before its risk, or
		// after "exposure to".
		{"Night shift work and risk of breast cancer in nurses", link},
		{"Paraquat exposure and risk of Parkinson's disease in farmers", link},
		{"Does prenatal exposure to fine particulate matter (PM2.5) increase the risk of autism spectrum disorder in children?", link},
		// How well a test finds a risk is a question of the test.
		{"How well does the Berg balance scale detect fall risk in stroke survivors?", test},
		{"HbA1c versus oral glucose tolerance test for the diagnosis of type 2 diabetes in adults", test},
		{"Procalcitonin to distinguish bacterial from viral lower respiratory tract infection?", test},
		{"PHQ-9 as a screening tool for major depressive disorder in adolescents", test},
		{"Urinary NGAL for early diagnosis of acute kidney injury after cardiac surgery", test},
		{"faecal calprotectin to differentiate IBD from IBS in primary care?", test},
		{"How well does the Oncotype DX recurrence score identify women with early breast cancer who can skip chemotherapy?", test},
		{"Do interferon-gamma release assays detect latent tuberculosis better than the tuberculin skin test?", test},
		{"Can interim PET after two cycles of ABVD predict outcome in advanced Hodgkin lymphoma?", test},
	} {
		t.Run(c.q, func(t *testing.T) {
			s, err := Extract(c.q)
			require.NoError(t, err)
			got := ""
			switch {
			case s.Exposure:
				got = link
			case s.Diagnostic:
				got = test
			case s.Kind == domain.QuestionIntervention:
				got = treats
			}
			require.Equal(t, c.want, got, "%s %s", s.Kind, s.Summary())
		})
	}
}

// TestPatientsWords: questions in a patient's or a carer's words, and clinical questions
// that say who the patients are before they ask, are read for what they ask: the lay name
// of a disease or a brand is a condition or a drug; the subject of "does X work" after a
// clause is what is given; what patients "have" is their condition.
func TestPatientsWords(t *testing.T) {
	cases := []struct {
		q            string
		kind         domain.QuestionKind
		intervention string // Label of the intervention, "" for none
		condition    string // Label of the first condition, "" for none
		exposure     bool
	}{
		{"In adults with plantar heel pain, is shockwave therapy more effective than stretching?", domain.QuestionIntervention, "shockwave therapy", "plantar heel pain", false},
		{"In toddlers with croup, does a single dose of dexamethasone reduce return visits?", domain.QuestionIntervention, "dexamethasone", "croup", false},
		{"My son has eczema — would wet wrapping actually help?", domain.QuestionIntervention, "wet wrapping", "eczema", false},
		{"My dad has sciatica. Does a TENS machine work?", domain.QuestionIntervention, "TENS machine", "sciatica", false},
		{"Does gripe water work?", domain.QuestionIntervention, "gripe water", "", false},
		{"Is it worth wearing a wrist splint at night for carpal tunnel syndrome?", domain.QuestionIntervention, "wrist splint", "carpal tunnel syndrome", false},
		{"Can drinking too much coffee give you an irregular heartbeat?", domain.QuestionIntervention, "coffee", "irregular heartbeat", true},
		{"Will blood thinners make me bleed more?", domain.QuestionIntervention, "blood thinners", "", true},
		{"Is Advil safe for my baby's teething pain?", domain.QuestionIntervention, "Advil", "teething pain", false},
		{"Does Keppra cause mood changes?", domain.QuestionIntervention, "Keppra", "", true},
		// "dangerous" asks about a harm; it is no concept of its own.
		{"Is it dangerous to take heartburn pills like Nexium for years?", domain.QuestionIntervention, "Nexium", "", true},
		{"What's the best thing for head lice?", domain.QuestionOpen, "", "head lice", false},
		{"Is there a cure for tinnitus?", domain.QuestionOpen, "", "tinnitus", false},
		{"Is there anything that can help with piles?", domain.QuestionOpen, "", "piles", false},
		{"How can I stop getting cold sores?", domain.QuestionOpen, "", "cold sores", false},
		{"What actually works for a hangover?", domain.QuestionOpen, "", "hangover", false},
		{"Emerging therapies for Duchenne muscular dystrophy", domain.QuestionOpen, "", "Duchenne muscular dystrophy", false},
		// An opening phrase or a label before the asking words, however long.
		{"Carbapenem-resistant Acinetobacter baumannii infections: what can be used to treat them?", domain.QuestionOpen, "", "carbapenem-resistant Acinetobacter baumannii infections", false},
		{"In settings without access to blood transfusion, what are the most effective treatments for postpartum haemorrhage?", domain.QuestionOpen, "", "postpartum haemorrhage", false},
		// A kind of treatment asked for, with an adverb before its verb.
		{"Which pharmacological agents prevent migraine in children?", domain.QuestionOpen, "", "migraine", false},
		{"Which measures most effectively reduce malaria transmission in urban areas?", domain.QuestionOpen, "", "malaria transmission", false},
		// What the patients undergo is their setting, whether or not a treatment is named.
		{"What can be done to prevent contrast-associated acute kidney injury in patients undergoing angiography?", domain.QuestionOpen, "", "contrast-associated acute kidney injury", false},
		// The verb may come after what the subject is compared with; a participle after the
		// subject only says when or how it is given.
		{"In infants, does kangaroo mother care compared with conventional care reduce neonatal mortality?", domain.QuestionIntervention, "kangaroo mother care", "", false},
		{"In patients with COPD, does pulmonary rehabilitation initiated within 4 weeks of discharge reduce readmissions?", domain.QuestionIntervention, "pulmonary rehabilitation", "COPD", false},
		// A treatment the patients had before says when; the question is of the disease's course.
		{"After first-line therapy, when do patients with hairy cell leukaemia typically relapse?", domain.QuestionOther, "", "hairy cell leukaemia", false},
		{"Prehabilitation before major abdominal surgery: does it cut postoperative complications?", domain.QuestionIntervention, "prehabilitation", "", false},
		// "a history of" says the patients had it; it is no concept.
		{"In women with a history of gestational diabetes, what is the risk of type 2 diabetes?", domain.QuestionOther, "", "gestational diabetes", false},
		{"What approaches have been shown to relieve emergency department crowding in winter?", domain.QuestionOpen, "", "", false},
		{"Guideline question: optimal management of postpartum haemorrhage after vaginal birth?", domain.QuestionOpen, "", "postpartum haemorrhage", false},
		{"Venous thromboembolism with combined oral contraceptives compared with levonorgestrel?", domain.QuestionIntervention, "oral contraceptives", "venous thromboembolism", false},
		// A title "<drug>-induced <harm>" asks whether the drug causes it; the same words after
		// another treatment, or with two compared, name a disease.
		{"Hydroxychloroquine-induced QT prolongation in patients with lupus?", domain.QuestionIntervention, "hydroxychloroquine", "qt prolongation", true},
		{"Argatroban for heparin-induced thrombocytopenia", domain.QuestionIntervention, "argatroban", "heparin-induced thrombocytopenia", false},
		{"Heparin-induced thrombocytopenia: is argatroban better than bivalirudin?", domain.QuestionIntervention, "argatroban", "heparin-induced thrombocytopenia", false},
		// An operation the patients have had, or have, is their setting.
		{"Is chronic kidney disease an independent predictor of mortality after TAVI?", domain.QuestionOther, "", "chronic kidney disease", false},
		{"BK polyomavirus nephropathy after renal transplant – treatment?", domain.QuestionOpen, "", "BK polyomavirus nephropathy", false},
		{"How can we prevent postoperative nausea and vomiting in children having tonsillectomy?", domain.QuestionOpen, "", "postoperative nausea and vomiting", false},
		// "or other adverse events" lists harms, not other treatments.
		{"Does isotretinoin cause depression or other psychiatric adverse events?", domain.QuestionIntervention, "isotretinoin", "depression", true},
		// Agents that cause a disease are not treatments asked for.
		{"What agents cause drug-induced liver injury?", domain.QuestionOther, "", "drug-induced liver injury", false},
		// Gene therapies and CFTR modulators by their WHO stems; an en dash joins a combination.
		{"Does onasemnogene abeparvovec improve motor milestones in spinal muscular atrophy?", domain.QuestionIntervention, "onasemnogene abeparvovec", "spinal muscular atrophy", false},
		{"Does elexacaftor–tezacaftor–ivacaftor improve lung function in cystic fibrosis?", domain.QuestionIntervention, "elexacaftor–tezacaftor–ivacaftor", "cystic fibrosis", false},
		// What replaces something is given; what it replaces is the comparator.
		{"Does replacing regular salt with a potassium-enriched salt substitute reduce stroke?", domain.QuestionIntervention, "potassium-enriched salt substitute", "stroke", false},
		// "Which <kind of treatment>" asks which treatments of that kind work, unless the
		// vocabulary knows the kind as a class.
		{"Which analgesics give the best pain relief after caesarean section?", domain.QuestionOpen, "", "pain relief", false},
		{"Which rehabilitation interventions improve upper limb function after stroke?", domain.QuestionOpen, "", "stroke", false},
		{"Which statins reduce recurrent stroke after a transient ischaemic attack?", domain.QuestionIntervention, "statins", "recurrent stroke", false},
		{"Which antiseizure medications should be first-line for focal epilepsy?", domain.QuestionIntervention, "antiseizure medications", "focal epilepsy", false},
		// A policy named before what it is for, or by its head after a population word.
		{"Does minimum unit pricing for alcohol reduce alcohol-related hospital admissions?", domain.QuestionIntervention, "minimum unit pricing", "alcohol", false},
		{"Does community water fluoridation reduce dental caries in children?", domain.QuestionIntervention, "community water fluoridation", "dental caries", false},
		// "What outcomes do … have" asks about a course, not what to do; devices asked for are open.
		{"What cognitive outcomes do adults with phenylketonuria have?", domain.QuestionOther, "", "phenylketonuria", false},
		{"What devices help people with severe hearing loss?", domain.QuestionOpen, "", "severe hearing loss", false},
		// A fixed name with "with" or "who" inside stays one.
		{"What are the risk factors for otitis media with effusion in young children?", domain.QuestionOther, "", "otitis media with effusion", false},
		{"What is the prevalence of hepatitis C among people who inject drugs?", domain.QuestionOther, "", "hepatitis C", false},
		{"Is eculizumab effective for myasthenia gravis?", domain.QuestionIntervention, "eculizumab", "myasthenia gravis", false},
		{"Is there any point taking zinc for a cold?", domain.QuestionIntervention, "zinc", "cold", false},
		{"In febrile infants under 60 days old, does procalcitonin accurately identify invasive bacterial infection?", domain.QuestionIntervention, "procalcitonin", "invasive bacterial infection", false},
		// Not a lay question: "eating disorders" keep their gerund; "worth the effort" weighs what came before.
		{"Does family therapy help adolescents with eating disorders?", domain.QuestionIntervention, "family therapy", "eating disorders", false},
		{"Is volumetric analysis of meningiomas worth the effort?", domain.QuestionOther, "", "meningiomas", false},
		// When, where or whence the subject acts is part of the subject; a verb's particle is
		// no part of the disease after it ("slow down"), and Down syndrome keeps its name.
		{"Does screen use before bedtime affect sleep in adolescents?", domain.QuestionIntervention, "screen", "", false},
		{"Does caffeine at night worsen insomnia?", domain.QuestionIntervention, "caffeine", "insomnia", false},
		{"Do hearing aids slow down dementia?", domain.QuestionIntervention, "hearing aids", "dementia", false},
		{"Does Down syndrome increase the risk of leukaemia?", domain.QuestionOther, "", "Down syndrome", false},
		{"Does honey get rid of a cough?", domain.QuestionIntervention, "honey", "cough", false},
		// A therapy named by what it works on is one intervention.
		{"Does mindfulness-based cognitive therapy reduce relapse in bipolar disorder?", domain.QuestionIntervention, "mindfulness-based cognitive therapy", "bipolar disorder", false},
		// What the patients cannot take says who they are; the question asks for the others.
		{"What helps night sweats in women who can't take HRT?", domain.QuestionOpen, "", "night sweats", false},
		{"In patients intolerant of metformin, does sitagliptin improve glycaemic control?", domain.QuestionIntervention, "sitagliptin", "", false},
		// Where a disease is, by a device: the site, not what is given.
		{"What causes infection around dental implants?", domain.QuestionOther, "", "infection", false},
		// Two scores by their acronyms are compared; "what works?" and "approaches to
		// managing" ask for treatments, as does "which <kind> programmes" after an operation.
		{"qSOFA vs NEWS to predict in-hospital mortality in sepsis", domain.QuestionIntervention, "qSOFA", "sepsis", false},
		{"prevention of postoperative delirium - what works?", domain.QuestionOpen, "", "postoperative delirium", false},
		{"Approaches to managing fatigue in multiple sclerosis", domain.QuestionOpen, "", "fatigue", false},
		{"Which exercise programmes work best after total knee replacement?", domain.QuestionOpen, "", "", false},
		// Lay names and abbreviations of common diseases.
		{"Does the Mirena coil reduce heavy periods?", domain.QuestionIntervention, "Mirena coil", "heavy periods", false},
		{"Does TXA reduce PPH after caesarean?", domain.QuestionIntervention, "TXA", "PPH", false},
		{"options for treating amblyopia in older children", domain.QuestionOpen, "", "amblyopia", false},
		// Two things done together are the subject; two timings of one thing are one concept.
		{"Does exercise and diet counselling reduce weight in adolescents?", domain.QuestionIntervention, "exercise", "", false},
		{"Is early or delayed cord clamping better for preterm infants?", domain.QuestionIntervention, "cord clamping", "", false},
		{"Is immediate or deferred stenting better for STEMI?", domain.QuestionIntervention, "immediate stenting", "STEMI", false},
		// A score or ratio that predicts is a test asked about; a patient's trait is no intervention.
		{"Can the NEWS2 score predict ICU admission in COVID-19?", domain.QuestionIntervention, "NEWS2 score", "COVID-19", false},
		{"Can the ankle-brachial index identify peripheral artery disease in diabetes?", domain.QuestionIntervention, "ankle-brachial index", "peripheral artery disease", false},
		{"Does frailty predict mortality after cardiac surgery?", domain.QuestionOther, "", "frailty", false},
		// What the disease withstood says who the patients are.
		{"Which treatments help psoriasis that does not respond to methotrexate?", domain.QuestionOpen, "", "psoriasis", false},
		// "Pharmacological options for", "what strategies reduce", "what can I do to stop".
		{"Pharmacological options for alcohol use disorder in older adults", domain.QuestionOpen, "", "alcohol use disorder", false},
		{"What strategies reduce surgical site infection after caesarean section?", domain.QuestionOpen, "", "surgical site infection", false},
		{"What can I do to stop my son wetting the bed?", domain.QuestionOpen, "", "wetting the bed", false},
		// "X uptake" measures X: the uptake is the outcome, not X given.
		{"Which interventions increase HPV vaccine uptake among adolescents?", domain.QuestionOpen, "", "", false},
		// Keywords: an exposure, a disease and its risk.
		{"shift work breast cancer risk", domain.QuestionIntervention, "shift work", "breast cancer", true},
		// Lay names of diseases and treatments; a genus by its initial; brands with their form.
		{"Does a faecal transplant help C. diff that keeps coming back?", domain.QuestionIntervention, "faecal transplant", "c diff", false},
		// "every time" says how often, not which disease.
		{"My son gets diarrhoea every time he's on antibiotics. Do probiotics prevent it?", domain.QuestionIntervention, "probiotics", "diarrhoea", false},
		{"Keto diet for epilepsy in children?", domain.QuestionIntervention, "keto diet", "epilepsy", false},
		{"Is intermittent claudication improved by cilostazol?", domain.QuestionIntervention, "cilostazol", "intermittent claudication", false},
		{"Does fluoride in the tap water prevent tooth decay in kids?", domain.QuestionIntervention, "fluoride", "tooth decay", false},
		// A patient's account around the question names no concept: "can't keep anything
		// down", "they wake me up nearly every night".
		{"What can I take for morning sickness? I'm 9 weeks and can't keep anything down", domain.QuestionOpen, "", "morning sickness", false},
		{"What helps with night time leg cramps? They wake me up nearly every night", domain.QuestionOpen, "", "night time leg cramps", false},
		{"Are people with untreated sleep apnea more likely to have car crashes?", domain.QuestionOther, "", "untreated sleep apnea", false},
		{"Is E. coli bacteraemia more common after prostate biopsy?", domain.QuestionIntervention, "prostate biopsy", "coli bacteraemia", true},
		{"Does Zofran stop kids throwing up with a stomach bug?", domain.QuestionIntervention, "Zofran", "throwing up", false},
		{"Do Lamisil tablets cure nail fungus?", domain.QuestionIntervention, "Lamisil tablets", "nail fungus", false},
		{"What works for hay fever in pregnancy?", domain.QuestionOpen, "", "hay fever", false},
		{"Does Eylea improve vision in DMO?", domain.QuestionIntervention, "Eylea", "DMO", false},
		// A policy named by the habit it governs is what is done; "Has … reduced" asks about
		// an effect; "How can … reduce" asks for ways.
		{"Did the smoking ban reduce heart attacks?", domain.QuestionIntervention, "smoking ban", "heart attacks", false},
		{"Has the sugar tax reduced childhood obesity?", domain.QuestionIntervention, "sugar tax", "childhood obesity", false},
		{"How can emergency departments reduce door-to-antibiotic time in sepsis?", domain.QuestionOpen, "", "sepsis", false},
		// What the patients do not have says who they are; patients' names for a class; lay
		// words that are no concept.
		{"Does semaglutide help people lose weight if they don't have diabetes?", domain.QuestionIntervention, "semaglutide", "", false},
		{"Is it OK to take naproxen when I'm on blood pressure tablets?", domain.QuestionIntervention, "naproxen", "", false},
		{"Does HPV vaccination in boys prevent anal cancer later in life?", domain.QuestionIntervention, "HPV vaccination", "anal cancer", false},
		{"Does room sharing reduce sudden infant death syndrome?", domain.QuestionIntervention, "room sharing", "sudden infant death syndrome", false},
		// What the patients go through when the treatment is given is their setting.
		{"Does music reduce anxiety during colonoscopy?", domain.QuestionIntervention, "music", "anxiety", false},
		// Whether a practice is necessary asks about it; what patients are (their age, sex,
		// genotype) is a risk factor, not something given; what they live with is theirs.
		{"Is routine drain placement necessary after thyroidectomy?", domain.QuestionIntervention, "routine drain placement", "", false},
		{"Chest radiography after chest drain removal: is it necessary?", domain.QuestionIntervention, "chest radiography", "", false},
		{"Does advanced maternal age increase the risk of stillbirth?", domain.QuestionOther, "", "stillbirth", false},
		{"Is the HLA-B27 genotype associated with uveitis in ankylosing spondylitis?", domain.QuestionOther, "", "uveitis", false},
		{"Should newborns be screened for hearing loss with otoacoustic emissions?", domain.QuestionIntervention, "otoacoustic emissions", "hearing loss", false},
		{"How do young adults experience living with an ileostomy?", domain.QuestionOther, "", "ileostomy", false},
		{"What factors influence parental refusal of HPV vaccination?", domain.QuestionOther, "", "", false},
		{"Do pressors improve survival in septic shock?", domain.QuestionIntervention, "pressors", "septic shock", false},
		// The operation a treatment is given for is the setting; ERAS is one intervention.
		{"Antibiotic prophylaxis for elective laparoscopic cholecystectomy: is it necessary?", domain.QuestionIntervention, "antibiotic prophylaxis", "", false},
		{"Does an enhanced recovery after surgery programme shorten stay after colectomy?", domain.QuestionIntervention, "enhanced recovery after surgery programme", "", false},
		{"Can elevated troponin I levels predict death in pulmonary embolism?", domain.QuestionIntervention, "troponin", "pulmonary embolism", false},
		// Specialists' questions: newer drugs by their WHO stems, haematology acronyms, what
		// patients are unfit for, a strategy steered by a test, a kind of treatment asked for
		// by "options" or "strategies", a drug a harm follows.
		{"Venetoclax plus azacitidine for AML in patients unfit for intensive chemotherapy", domain.QuestionIntervention, "venetoclax", "AML", false},
		{"Does inclisiran lower LDL cholesterol in familial hypercholesterolaemia?", domain.QuestionIntervention, "inclisiran", "familial hypercholesterolaemia", false},
		{"Procalcitonin-guided antibiotic therapy in lower respiratory tract infection: does it reduce antibiotic exposure?", domain.QuestionIntervention, "procalcitonin-guided antibiotic therapy", "respiratory tract infection", false},
		{"antibiotic options for carbapenem-resistant Klebsiella bacteraemia", domain.QuestionOpen, "", "carbapenem-resistant Klebsiella bacteraemia", false},
		{"Secondary prevention strategies after ischaemic stroke", domain.QuestionOpen, "", "ischaemic stroke", false},
		{"Incidence of neurotoxicity after CAR-T therapy with axicabtagene ciloleucel in lymphoma", domain.QuestionIntervention, "axicabtagene ciloleucel", "neurotoxicity", false},
		{"Does renal denervation lower blood pressure in resistant hypertension?", domain.QuestionIntervention, "renal denervation", "resistant hypertension", false},
		// Antibodies the patients have, and what they need, say who they are; classes of
		// endocrine therapy and atherosclerotic disease; CRT by its name.
		{"Which treatments work in myasthenia gravis with MuSK antibodies?", domain.QuestionOpen, "", "myasthenia gravis", false},
		{"Does letrozole plus endocrine therapy help?", domain.QuestionIntervention, "letrozole", "", false},
		{"Does cardiac resynchronisation therapy reduce mortality in heart failure?", domain.QuestionIntervention, "cardiac resynchronisation therapy", "heart failure", false},
		// The line or route of a class word leaves it a class word.
		{"Is pembrolizumab effective as first-line systemic therapy for advanced cervical cancer?", domain.QuestionIntervention, "pembrolizumab", "advanced cervical cancer", false},
		// Written in a hurry or in a second language: "im", "strategies to improve", itching.
		{"is it safe to take nurofen when im on ramipril", domain.QuestionIntervention, "nurofen", "", false},
		{"Strategies to improve vaccine uptake among health workers", domain.QuestionOpen, "", "", false},
		{"What helps against itching in dialysis patients", domain.QuestionOpen, "", "itching", false},
		{"Early mobilisation after hip fracture surgery and length of stay", domain.QuestionIntervention, "early mobilisation", "hip fracture", false},
		// Journal titles: "can it replace", "an alternative to", a repair named by what it
		// mends, a time after an operation, how practice is done, a trait as the predictor.
		{"Capillary blood gas in neonates: can it replace arterial sampling?", domain.QuestionIntervention, "capillary blood gas", "", false},
		{"Are hospital-at-home schemes an alternative to admission for older people with pneumonia?", domain.QuestionIntervention, "hospital-at-home schemes", "pneumonia", false},
		{"Is laparoscopic inguinal hernia repair safe in older adults?", domain.QuestionIntervention, "laparoscopic inguinal hernia repair", "", false},
		{"Which patients develop chronic post-mastectomy pain?", domain.QuestionOther, "", "chronic post-mastectomy pain", false},
		{"How do general practitioners manage acute otitis media?", domain.QuestionOther, "", "acute otitis media", false},
		{"Is age still the main predictor of mortality after hip fracture?", domain.QuestionOther, "", "hip fracture", false},
		{"Which strategies improve adherence to inhaled corticosteroids in asthma?", domain.QuestionOpen, "", "asthma", false},
		// Titles "X to prevent Y"; how long and how often are no concepts.
		{"Scalp cooling to prevent chemotherapy-induced alopecia in women with breast cancer", domain.QuestionIntervention, "scalp cooling", "chemotherapy-induced alopecia", false},
		{"Prone positioning for at least 16 hours a day in severe ARDS - effect on mortality", domain.QuestionIntervention, "prone positioning", "severe ARDS", false},
		{"Is laparoscopic cholecystectomy safe as a day case procedure?", domain.QuestionIntervention, "laparoscopic cholecystectomy", "", false},
		// Drugs the patients have failed say who they are; the question asks for the others.
		{"A 50-year-old man with cluster headache has failed verapamil and lithium. What other treatments are there?", domain.QuestionOpen, "", "cluster headache", false},
		// Ways, approaches and kinds of treatment asked for, also after a label and a colon.
		{"What is the best way to manage head lice in a school?", domain.QuestionOpen, "", "head lice", false},
		{"Physiotherapist: what exercise approaches improve balance in Parkinson's disease?", domain.QuestionOpen, "", "Parkinson disease", false},
		{"Evidence-based approaches to managing agitation in dementia", domain.QuestionOpen, "", "agitation", false},
		{"Interventions to increase uptake of bowel cancer screening in deprived areas", domain.QuestionOpen, "", "bowel cancer", false},
		// When the subject is given, or what the patients are about to undergo, is no second
		// intervention; a nerve named with "inferior" is anatomy, not a comparison.
		{"Does taking paracetamol before the injection reduce pain from an inferior alveolar nerve block?", domain.QuestionIntervention, "paracetamol", "pain", false},
		{"Which interventions reduce anxiety in children before anaesthesia?", domain.QuestionOpen, "", "anxiety", false},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			s, err := Extract(tc.q)
			require.NoError(t, err)
			require.Equal(t, tc.kind, s.Kind, "%s", s.Summary())
			iv, cond := "", ""
			for _, c := range s.Concepts {
				if c.Role == RoleIntervention && !c.Generic && iv == "" {
					iv = c.Label()
				}
				if c.Role == RoleCondition && cond == "" {
					cond = c.Label()
				}
			}
			require.Equal(t, tc.intervention, iv, "%s", s.Summary())
			require.Equal(t, tc.condition, cond, "%s", s.Summary())
			require.Equal(t, tc.exposure, s.Exposure, "%s", s.Summary())
			for _, c := range s.Concepts {
				require.NotContains(t, []string{"dangerous", "harmful", "point", "days old", "getting"}, c.Text, "%s", s.Summary())
			}
		})
	}
}

// TestBrandsExamplesAndDoses: a brand is searched by its INN but an INN never by its
// brands; a medicine named by an example ("pills like Nexium") carries the example's class;
// "a single dose of" says how the drug is given; a symptom from a disease is its outcome;
// patients who live on a treatment are a population the papers must be about.
func TestBrandsExamplesAndDoses(t *testing.T) {
	terms := func(q, text string) []string {
		s, err := Extract(q)
		require.NoError(t, err)
		for _, c := range s.Concepts {
			if strings.EqualFold(c.Text, text) {
				return c.Terms
			}
		}
		t.Fatalf("%q: no concept %q in %s", q, text, s.Summary())
		return nil
	}
	require.Contains(t, terms("Is Advil safe for teething pain?", "advil"), "ibuprofen")
	require.NotContains(t, terms("Is ibuprofen safe for teething pain?", "ibuprofen"), "advil")
	require.Contains(t, terms("Does Ozempic reduce weight in obesity?", "ozempic"), "semaglutide")
	require.NotContains(t, terms("Does semaglutide reduce weight in obesity?", "semaglutide"), "ozempic")
	// Matching still knows the brands: a paper written with one is about the drug.
	s, err := Extract("Does semaglutide reduce weight in obesity?")
	require.NoError(t, err)
	require.Contains(t, BrandsOf(s.Concepts[0]), "ozempic")

	cases := []struct {
		q, concept string
		role       domain.ConceptRole
		class      string
		setting    bool
	}{
		{"Is it dangerous to take heartburn pills like Nexium for years?", "nexium", RoleIntervention, "proton pump inhibitors", false},
		{"Do anti-inflammatory painkillers such as ibuprofen help back pain?", "ibuprofen", RoleIntervention, "non-steroidal anti-inflammatory agents", false},
		{"Is CBT better than sleeping pills like zolpidem for insomnia?", "zolpidem", RoleComparator, "Z-drugs", false},
		{"Does a single dose of dexamethasone reduce return visits in croup?", "dexamethasone", RoleIntervention, "", false},
		{"Is a 5-day course of amoxicillin as good as a 10-day course for pneumonia in children?", "amoxicillin", RoleIntervention, "", false},
		{"Does pregabalin relieve pain from diabetic neuropathy?", "pain", RoleOutcome, "", false},
		{"Does pregabalin relieve pain from diabetic neuropathy?", "diabetic neuropathy", RoleCondition, "", false},
		// A test telling one disease from another keeps both diseases.
		{"Can MRI distinguish multiple sclerosis from neuromyelitis optica?", "multiple sclerosis", RoleCondition, "", false},
		{"Are SGLT2 inhibitors safe in kidney transplant recipients with diabetes?", "kidney transplant recipients", RolePopulation, "", true},
		{"Is cinacalcet effective in dialysis patients?", "dialysis patients", RolePopulation, "", true},
		// Titles in Cochrane's manner: what is put "for" doing something is what is given,
		// and what it is done to, the condition; what patients adhere to is the outcome's.
		{"Peer support for improving retention in care in people living with HIV", "peer support", RoleIntervention, "", false},
		{"Polypill for the primary prevention of cardiovascular disease", "polypill", RoleIntervention, "", false},
		{"Interventions for reducing loneliness in older adults living alone", "loneliness", RoleCondition, "", false},
		{"Topical diclofenac versus oral ibuprofen for acute wrist tendinitis in adults", "acute wrist tendinitis", RoleCondition, "", false},
		{"Interventions for improving adherence to oral anticoagulants in atrial fibrillation", "oral anticoagulants", RoleOutcome, "anticoagulants", false},
		// Words whose roles cut a known name apart are joined back.
		{"Do GLP-1 receptor agonists improve glycemic control in type 1 diabetes?", "glp-1 receptor agonists", RoleIntervention, "GLP-1 receptor agonists", false},
		{"Risk factors for surgical site infection after caesarean delivery", "caesarean delivery", RolePopulation, "", true},
		// "anti-" before a disease is a drug; "post-" before a treatment a time.
		{"Are anti-inflammatory drugs useful in acute gout?", "anti-inflammatory drugs", RoleIntervention, "", false},
		{"Prognostic factors for chronic post-surgical pain after knee replacement", "chronic post-surgical pain", RoleCondition, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.q+" / "+tc.concept, func(t *testing.T) {
			s, err := Extract(tc.q)
			require.NoError(t, err)
			i := slices.IndexFunc(s.Concepts, func(c Concept) bool { return strings.EqualFold(c.Text, tc.concept) })
			require.GreaterOrEqual(t, i, 0, "%s", s.Summary())
			c := s.Concepts[i]
			require.Equal(t, tc.role, c.Role, "%s", s.Summary())
			require.Equal(t, tc.class, c.Class, "%s", s.Summary())
			require.Equal(t, tc.setting, c.Setting, "%s", s.Summary())
		})
	}
}

// TestTellsApart: a test asked to tell one condition from another is marked so in the parse,
// which the answer line reads; a test asked to find one condition is not.
func TestTellsApart(t *testing.T) {
	for _, c := range []struct {
		q    string
		want bool
	}{
		{"faecal calprotectin to differentiate IBD from IBS in primary care?", true},
		{"Can procalcitonin distinguish bacterial from viral pneumonia?", true},
		{"How accurate is dermoscopy for diagnosing melanoma?", false},
		{"Does metformin differentiate responders from non-responders in cancer?", false},
	} {
		s, err := Extract(c.q)
		require.NoError(t, err)
		require.Equal(t, c.want, s.TellsApart, "%s: %s", c.q, s.Summary())
	}
}

// TestFieldsAndAmounts: a question typed as PICO fields is read as the question they stand
// for (the patients' treatment is who they are, a control's "or other" is no second thing
// asked about, an exposure asks for a link); how much of a drug is used, live birth and a
// title's "effect on" are read as what they are.
func TestFieldsAndAmounts(t *testing.T) {
	cases := []struct {
		q        string
		text     string // a concept's Text
		role     Role
		kind     domain.QuestionKind
		exposure bool
	}{
		{"P: adults receiving mechanical ventilation in the ICU; I: early active mobilisation; C: usual care; O: functional independence", "mechanical ventilation", RolePopulation, domain.QuestionIntervention, false},
		{"P: adults receiving mechanical ventilation in the ICU; I: early active mobilisation; C: usual care; O: functional independence", "usual-care", RoleComparator, domain.QuestionIntervention, false},
		{"P: preterm infants; I: probiotics; C: placebo; O: necrotising enterocolitis", "placebo", RoleComparator, domain.QuestionIntervention, false},
		{"P: preterm infants; I: probiotics; C: placebo; O: necrotising enterocolitis", "preterm infants", RolePopulation, domain.QuestionIntervention, false},
		{"P: hospitalised adults with agitated delirium; I: haloperidol; C: placebo or other antipsychotic; O: delirium symptoms", "haloperidol", RoleIntervention, domain.QuestionIntervention, false},
		{"Population: children conceived by IVF; Exposure: ART conception; Comparator: naturally conceived children; Outcome: childhood cancer", "childhood cancer", RoleCondition, domain.QuestionIntervention, true},
		{"P: pregnant women in the first trimester; index test: cell-free DNA screening; target condition: trisomy 21; reference: karyotype", "cell-free dna screening", RoleIntervention, domain.QuestionIntervention, false},
		// Not fields: a ratio, a letter in a name.
		{"Does vitamin C reduce the duration of the common cold?", "vitamin-c", RoleIntervention, domain.QuestionIntervention, false},
		{"Vitamin C: does it prevent the common cold in children? Type I: no", "vitamin-c", RoleIntervention, domain.QuestionIntervention, false},
		{"Does regional anaesthesia reduce opioid consumption after hip fracture surgery?", "opioid consumption", RoleOutcome, domain.QuestionIntervention, false},
		{"Does ketamine reduce morphine requirements after surgery?", "morphine requirements", RoleOutcome, domain.QuestionIntervention, false},
		{"Can tailored interventions increase mammography use among HMO women?", "mammography", RoleIntervention, domain.QuestionIntervention, false},
		{"Endometrial scratching before IVF: does it increase live birth?", "live-birth", RoleOutcome, domain.QuestionIntervention, false},
		{"Does letrozole increase live birth rates in PCOS?", "letrozole", RoleIntervention, domain.QuestionIntervention, false},
		{"Does early discharge increase readmission rates after surgery?", "early discharge", RoleIntervention, domain.QuestionIntervention, true},
		{"Early integrated palliative care in metastatic lung cancer: effect on quality of life", "early integrated palliative care", RoleIntervention, domain.QuestionIntervention, false},
		{"Do antibiotic stewardship programmes reduce antibiotic use in nursing homes?", "antibiotic-stewardship programmes", RoleIntervention, domain.QuestionIntervention, false},
		// A dose, a target or a threshold says how much, no concept; a study aim's opening is
		// no concept either; verbs of causing and limiting end a phrase.
		{"Does betahistine 48 mg daily reduce vertigo attacks in Ménière's disease compared with placebo?", "betahistine", RoleIntervention, domain.QuestionIntervention, false},
		{"Does betahistine 48 mg daily reduce vertigo attacks in Ménière's disease compared with placebo?", "placebo", RoleComparator, domain.QuestionIntervention, false},
		{"Does intensive blood pressure lowering to a systolic target below 120 mmHg reduce cardiovascular events in older adults with hypertension?", "intensive blood pressure lowering", RoleIntervention, domain.QuestionIntervention, false},
		{"Is HbA1c below 7% associated with fewer complications in type 2 diabetes?", "hba1c", RoleOutcome, domain.QuestionOther, false},
		{"To determine whether metformin reduces mortality in heart failure?", "metformin", RoleIntervention, domain.QuestionIntervention, false},
		{"Does gadolinium contrast trigger nephrogenic systemic fibrosis in dialysis patients?", "gadolinium contrast", RoleIntervention, domain.QuestionIntervention, true},
		{"Which interventions prevent oral mucositis in patients receiving head and neck radiotherapy?", "head-and-neck radiotherapy", RolePopulation, domain.QuestionOpen, false},
		{"Which dietary approaches help prevent recurrent calcium oxalate kidney stones?", "recurrent calcium-oxalate kidney-stones", RoleCondition, domain.QuestionOpen, false},
		// What a remedy is taken for is why, not what is asked about (unless it says which
		// drugs); "What can I take for …?" asks for treatments.
		{"Does kava extract taken for anxiety cause liver injury?", "kava extract", RoleIntervention, domain.QuestionIntervention, true},
		{"Do drugs used for epilepsy in pregnancy cause birth defects?", "epilepsy", RoleCondition, domain.QuestionOpen, false},
		{"What can I take for dry mouth after radiotherapy for throat cancer?", "dry-mouth", RoleCondition, domain.QuestionOpen, false},
		// What the patients receive before what is given is who they are; with nothing else
		// given it is what is asked about.
		{"In adults receiving highly emetogenic chemotherapy, does adding olanzapine to standard antiemetic prophylaxis improve control of nausea?", "olanzapine", RoleIntervention, domain.QuestionIntervention, false},
		{"In adults receiving highly emetogenic chemotherapy, does adding olanzapine to standard antiemetic prophylaxis improve control of nausea?", "highly emetogenic chemotherapy", RolePopulation, domain.QuestionIntervention, false},
		{"Are patients receiving PPIs at risk of fractures?", "ppis", RoleIntervention, domain.QuestionIntervention, false},
		// Stopping a treatment is done; a withdrawal from an abused substance is a disease.
		{"Early corticosteroid withdrawal after kidney transplantation: does it increase acute rejection?", "early corticosteroid withdrawal", RoleIntervention, domain.QuestionIntervention, true},
		{"Is opioid withdrawal treated better with buprenorphine than methadone?", "opioid withdrawal", RoleCondition, domain.QuestionIntervention, false},
		// Who asks is no concept; an adjunct for a disease is given for it; care a treatment
		// may spare is its outcome.
		{"Renal pharmacist query: does patiromer lower potassium in patients on haemodialysis?", "patiromer", RoleIntervention, domain.QuestionIntervention, false},
		{"Ginger as an adjunct for chemotherapy-induced nausea: does it help compared with placebo?", "ginger", RoleIntervention, domain.QuestionIntervention, false},
		{"Do erythropoiesis-stimulating agents reduce red blood cell transfusion in chemotherapy-induced anaemia?", "red blood cell transfusion", RoleOutcome, domain.QuestionIntervention, false},
		// Titles: a closing study design and a model's "development and" are no concepts; the
		// SGLT2 target written out; what is measured in an organ is an outcome; rehabilitation
		// of an organ is one programme.
		{"Sodium-glucose cotransporter 2 inhibitors for kidney outcomes in patients with type 2 diabetes: a systematic review", "sglt2 inhibitors", RoleIntervention, domain.QuestionIntervention, false},
		{"Sodium-glucose cotransporter 2 inhibitors for kidney outcomes in patients with type 2 diabetes: a systematic review", "kidney outcomes", RoleOutcome, domain.QuestionIntervention, false},
		{"Development and validation of a risk-prediction model for 30-day readmission after hospitalization for heart failure", "risk-prediction model", RoleIntervention, domain.QuestionIntervention, false},
		{"Early pulmonary rehabilitation after hospitalisation for an acute exacerbation of COPD: effect on readmission", "early pulmonary-rehabilitation", RoleIntervention, domain.QuestionIntervention, false},
		{"Seven versus fourteen days of antibiotic treatment for uncomplicated Gram-negative bacteremia", "uncomplicated gram-negative bacteremia", RoleCondition, domain.QuestionIntervention, false},
		// What the patients go through, or have not had, says who they are.
		{"What approaches reduce needle pain during infant vaccinations?", "vaccinations", RolePopulation, domain.QuestionOpen, false},
		{"What is the incidence of Clostridioides difficile infection without prior antibiotic exposure?", "antibiotic exposure", RolePopulation, domain.QuestionOther, false},
		{"How is neonatal abstinence syndrome best treated in newborns exposed to opioids in utero?", "opioids", RolePopulation, domain.QuestionOpen, false},
		// Words of comparison, harm and duration between a subject and its verb; a drug
		// written into the patients' name.
		{"In patients with lumbar spinal stenosis, is decompression alone non-inferior to decompression with instrumented fusion?", "decompression", RoleIntervention, domain.QuestionIntervention, false},
		{"In preterm infants born before 28 weeks, does delayed cord clamping for at least 60 seconds reduce mortality compared with immediate clamping?", "cord clamping", RoleIntervention, domain.QuestionIntervention, false},
		{"Can a single general anaesthetic in children under 3 harm later neurodevelopment?", "single general anaesthetic", RoleIntervention, domain.QuestionIntervention, true},
		{"Are dupilumab-treated patients with atopic dermatitis at higher risk of conjunctivitis?", "dupilumab", RoleIntervention, domain.QuestionIntervention, true},
		{"Is donor-derived cell-free DNA (dd-cfDNA) accurate for detecting acute rejection in kidney transplant recipients?", "acute rejection", RoleCondition, domain.QuestionIntervention, false},
		{"Can serum neurofilament light chain predict disease activity in multiple sclerosis?", "serum neurofilament light chain", RoleIntervention, domain.QuestionIntervention, false},
		{"Does succimer improve cognitive outcomes in children with moderate lead poisoning?", "moderate lead-poisoning", RoleCondition, domain.QuestionIntervention, false},
		{"Does oral ibuprofen close a patent ductus arteriosus as effectively as intravenous indomethacin in very low birth weight infants?", "very-low-birth-weight", RoleCondition, domain.QuestionIntervention, false},
		{"Does harm reduction counselling reduce overdose?", "harm-reduction counselling", RoleIntervention, domain.QuestionIntervention, false},
		// What the disease withstood, what the patients undergo, and the drug they stay on
		// when the question asks whether to go on with it.
		{"In patients with chronic spontaneous urticaria who remain symptomatic despite H1-antihistamine treatment, does omalizumab 300 mg every 4 weeks improve itch?", "omalizumab", RoleIntervention, domain.QuestionIntervention, false},
		{"In patients with chronic spontaneous urticaria who remain symptomatic despite H1-antihistamine treatment, does omalizumab 300 mg every 4 weeks improve itch?", "h1-antihistamine treatment", RolePopulation, domain.QuestionIntervention, false},
		{"In patients maintained on buprenorphine for opioid use disorder who undergo elective surgery, should buprenorphine be continued perioperatively rather than tapered?", "buprenorphine", RoleIntervention, domain.QuestionIntervention, false},
		{"In patients maintained on buprenorphine for opioid use disorder who undergo elective surgery, should buprenorphine be continued perioperatively rather than tapered?", "elective surgery", RolePopulation, domain.QuestionIntervention, false},
		// A drug misused is a problem asked about; infections and drinking named in two words.
		{"How widespread is misuse of over-the-counter codeine in Australia?", "over-the-counter codeine", RoleCondition, domain.QuestionOther, false},
		{"Is alcohol abuse linked to liver cancer?", "alcohol abuse", RoleCondition, domain.QuestionOther, false},
		{"Does doxy-PEP prevent syphilis and chlamydia in gay and bisexual men?", "syphilis", RoleCondition, domain.QuestionIntervention, false},
		{"Does the AUDIT-C questionnaire identify harmful drinking in university students?", "harmful-drinking", RoleCondition, domain.QuestionIntervention, false},
		// "the pill" is oral contraceptives.
		{"Does the combined pill increase the risk of depression in teenage girls?", "pill", RoleIntervention, domain.QuestionIntervention, true},
		// "after birth" is a time; "preterm birth" a disease.
		{"Does inserting the etonogestrel implant immediately after birth reduce rapid repeat pregnancy?", "rapid repeat pregnancy", RoleCondition, domain.QuestionIntervention, false},
		{"Does preterm birth increase the risk of ADHD?", "preterm birth", RoleCondition, domain.QuestionOther, false},
		// Medicines the suffixes do not tell, and treatments whose names end like diseases'.
		{"Zonisamide for refractory focal epilepsy", "zonisamide", RoleIntervention, domain.QuestionIntervention, false},
		{"Is homeopathy effective for ADHD in children?", "homeopathy", RoleIntervention, domain.QuestionIntervention, false},
		{"daily emollients from birth to prevent eczema in high-risk babies", "daily emollients", RoleIntervention, domain.QuestionIntervention, false},
		// Asking for whatever does it, or what can be given or offered, asks for treatments.
		{"What reverses DOAC-associated major bleeding?", "doac-associated major bleeding", RoleCondition, domain.QuestionOpen, false},
		{"What reduces readmissions in elderly heart failure patients?", "readmissions", RoleOutcome, domain.QuestionOpen, false},
		{"what can be given for restless legs in pregnant women?", "restless-legs", RoleCondition, domain.QuestionOpen, false},
		{"what can a GP offer for mild depression in teens", "mild depression", RoleCondition, domain.QuestionOpen, false},
		{"effective strategies to reduce antibiotic prescribing for URTIs in general practice", "antibiotic prescribing", RoleOutcome, domain.QuestionOpen, false},
		// What was tried, or failed, before "what else" says who the patients are.
		{"Care home resident with recurrent UTIs, already tried trimethoprim prophylaxis. What else works for prevention in older women?", "trimethoprim prophylaxis", RolePopulation, domain.QuestionOpen, false},
		{"HS not responding to adalimumab: what are the alternatives?", "adalimumab", RolePopulation, domain.QuestionOpen, false},
		{"What causes restless legs?", "restless-legs", RoleCondition, domain.QuestionOther, false},
		{"My 2 year old has severe eczema that isn't controlled with steroid creams. What else can we try?", "steroid creams", RolePopulation, domain.QuestionOpen, false},
		{"asthma poorly controlled on inhaled corticosteroids: does tiotropium help?", "tiotropium", RoleIntervention, domain.QuestionIntervention, false},
		// What the options must do without is set aside, as "besides" sets it aside.
		{"What are the options for managing agitation in dementia without antipsychotics?", "antipsychotics", RoleComparator, domain.QuestionOpen, false},
		{"How should hypertension be managed in patients without diabetes?", "hypertension", RoleCondition, domain.QuestionOpen, false},
		// "pathogenesis of" says what is asked about the disease, not a second subject.
		{"pathogenesis of vitiligo", "vitiligo", RoleCondition, domain.QuestionOther, false},
		// A member named as the class's example is not a second drug to require.
		{"Do SGLT2 inhibitors like empagliflozin reduce heart failure admissions?", "sglt2 inhibitors", RoleIntervention, domain.QuestionIntervention, false},
		// A case told before the question: what the question itself names is asked about;
		// the case's other disease and treatment say who the patient is.
		{"52-year-old with a unilateral aldosterone-producing adenoma. In primary aldosteronism, is adrenalectomy better than mineralocorticoid receptor antagonists?",
			"unilateral aldosterone-producing adenoma", RolePopulation, domain.QuestionIntervention, false},
		{"72 y/o on hemodialysis with new AF. Are DOACs safer than warfarin in dialysis patients?", "hemodialysis", RolePopulation, domain.QuestionIntervention, false},
		{"My ankles swelled after starting amlodipine. Do diuretics help?", "diuretics", RoleIntervention, domain.QuestionIntervention, false},
		// What the patients are having is their setting, not a second treatment asked about.
		{"What treatments work for oral mucositis in patients having radiotherapy for head and neck cancer?", "radiotherapy", RolePopulation, domain.QuestionOpen, false},
		// A PICO note whose I field is left open asks for treatments.
		{"P: adults with steroid-refractory acute GVHD; I: ?; O: overall response rate", "steroid-refractory acute gvhd", RoleCondition, domain.QuestionOpen, false},
		// Procedures, medicines and a disease the lists did not hold.
		{"Corneal collagen cross-linking in adolescents with progressive keratoconus: Kmax stabilisation", "corneal collagen cross-linking", RoleIntervention, domain.QuestionIntervention, false},
		{"Is fingolimod effective in relapsing multiple sclerosis?", "fingolimod", RoleIntervention, domain.QuestionIntervention, false},
		{"What works for spasticity after stroke?", "spasticity", RoleCondition, domain.QuestionOpen, false},
		// "what are the next treatment options?" after a case asks for treatments.
		{"65-year-old with trigeminal neuralgia no longer controlled on carbamazepine - what are the next treatment options?", "trigeminal neuralgia", RoleCondition, domain.QuestionOpen, false},
		// Nursing and public-health interventions, typed as keywords or titles.
		{"hourly rounding falls inpatients", "hourly rounding", RoleIntervention, domain.QuestionIntervention, false},
		{"kangaroo mother care neonatal mortality low birth weight infants", "kangaroo-mother-care", RoleIntervention, domain.QuestionIntervention, false},
		{"Conditional cash transfers effect on child vaccination coverage", "conditional cash-transfers", RoleIntervention, domain.QuestionIntervention, false},
		{"My mum has COPD, is pulmonary rehab worth doing?", "pulmonary rehab", RoleIntervention, domain.QuestionIntervention, false},
		// Taking medicines as prescribed is an outcome, not a medicine given.
		{"Factors associated with medication non-adherence in people with schizophrenia", "medication-non-adherence", RoleOutcome, domain.QuestionOther, false},
		// A brand after a pair, and a brand given as a class's example.
		{"Is sacubitril/valsartan (Entresto) cost-effective compared with enalapril for heart failure?", "enalapril", RoleComparator, domain.QuestionIntervention, false},
		// "Best evidence for treating X" asks for treatments; a first thing compared that says
		// its route is still what is given.
		{"Best evidence for treating plantar warts in children", "plantar warts", RoleOther, domain.QuestionOpen, false},
		{"oral rehydration solution vs IV fluids for dehydration in children with gastroenteritis", "oral rehydration solution", RoleIntervention, domain.QuestionIntervention, false},
		// A case's diseases it has not had, and those beside a question naming a treatment and
		// what it should prevent, say who the patient is.
		{"82-year-old woman, no history of heart disease or stroke, mild hypertension. Is there evidence that statins prevent cardiovascular events in people over 75?",
			"mild hypertension", RolePopulation, domain.QuestionIntervention, false},
		{"Does aspirin reduce stroke in patients with no atrial fibrillation?", "atrial fibrillation", RolePopulation, domain.QuestionIntervention, false},
		{"What treatments help primary biliary cholangitis patients who don't respond adequately to ursodiol?", "ursodiol", RolePopulation, domain.QuestionOpen, false},
		// "What next?" after a case asks for treatments; PICO fields marked with dashes; NPH
		// insulin by its initials; ascites is a disease.
		{"8 year old boy with nocturnal enuresis, alarm didn't work. What next?", "nocturnal enuresis", RoleCondition, domain.QuestionOpen, false},
		{"P - children with acute asthma in ED, I - IV magnesium, C - standard care, O - admission", "standard-care", RoleComparator, domain.QuestionIntervention, false},
		{"insulin glargine vs NPH nocturnal hypoglycaemia type 2 diabetes", "nph", RoleComparator, domain.QuestionIntervention, false},
		{"management options for refractory ascites in cirrhosis", "refractory ascites", RoleCondition, domain.QuestionOpen, false},
		// "Best ways to …", "apart from X", "X instead of Y", "options after progression on X",
		// a problem "from chemotherapy", a case's presenting complaints.
		{"Best ways to prevent postoperative delirium in elderly surgical patients", "postoperative delirium", RoleCondition, domain.QuestionOpen, false},
		{"what works for weight loss in type 2 diabetes apart from GLP-1 agonists", "glp-1 agonists", RoleComparator, domain.QuestionOpen, false},
		{"Antibiotics instead of appendicectomy for uncomplicated appendicitis in adults", "appendicectomy", RoleComparator, domain.QuestionIntervention, false},
		{"Second-line options after progression on osimertinib in EGFR-mutant NSCLC", "osimertinib", RolePopulation, domain.QuestionOpen, false},
		{"scalp cooling to prevent hair loss from chemotherapy", "chemotherapy", RolePopulation, domain.QuestionIntervention, false},
		{"A 25-year-old woman presents with amenorrhoea and galactorrhoea. What are the common causes of hyperprolactinaemia?", "galactorrhoea", RolePopulation, domain.QuestionOther, false},
		{"ferric carboxymaltose in heart failure with iron deficiency: HF hospitalisations", "ferric carboxymaltose", RoleIntervention, domain.QuestionIntervention, false},
		// What a drug is added to is what the patients already receive.
		{"Do CDK4/6 inhibitors added to endocrine therapy improve overall survival in HR-positive, HER2-negative advanced breast cancer?", "endocrine therapy", RolePopulation, domain.QuestionIntervention, false},
		{"Do elderly patients benefit from surgery in addition to radiotherapy for treatment of metastatic spinal cord compression?", "radiotherapy", RolePopulation, domain.QuestionIntervention, false},
		// "primary prevention" is whom a preventive treatment is for, not a disease; the
		// operation on the disease just named is what the patients undergo.
		{"Statins for primary prevention of cardiovascular events in adults over 75", "statins", RoleIntervention, domain.QuestionIntervention, false},
		{"spinal anaesthesia vs general anaesthesia for hip fracture surgery in older adults: delirium", "surgery", RolePopulation, domain.QuestionIntervention, false},
		{"anything that helps long covid brain fog?", "long covid brain fog", RoleCondition, domain.QuestionOpen, false},
		{"best things to do for tennis elbow", "tennis-elbow", RoleCondition, domain.QuestionOpen, false},
		{"Incidence of anaphylaxis to neuromuscular blocking agents during anaesthesia", "neuromuscular blocking agents", RoleIntervention, domain.QuestionIntervention, false},
		{"Penetrance of HFE C282Y homozygosity for iron overload disease", "iron-overload disease", RoleCondition, domain.QuestionOther, false},
		// An acronym before "vs" names a procedure of its own, not an approach to the next.
		{"PCNL vs flexible ureteroscopy for 1-2 cm kidney stones", "pcnl", RoleIntervention, domain.QuestionIntervention, false},
		{"TIPS versus large-volume paracentesis for refractory ascites in cirrhosis", "tips", RoleIntervention, domain.QuestionIntervention, false},
		{"HoLEP vs TURP benign prostatic enlargement reoperation rate", "turp", RoleComparator, domain.QuestionIntervention, false},
		// What the patients are getting says who they are; "started" before a drug is the drug.
		{"Women getting doxorubicin for breast cancer - what strategies reduce the risk of anthracycline cardiotoxicity?", "doxorubicin", RolePopulation, domain.QuestionIntervention, false},
		{"My 8-year-old with asthma started montelukast and is having nightmares - how common are neuropsychiatric side effects in children?", "montelukast", RoleIntervention, domain.QuestionIntervention, true},
		{"patiromer vs sodium zirconium cyclosilicate for hyperkalemia", "sodium zirconium cyclosilicate", RoleComparator, domain.QuestionIntervention, false},
		// A title before a question tells of no patient.
		{"Mammographic screening in Sami speaking municipalities and a control group. Are early outcome measures influenced by ethnicity?", "mammographic screening", RoleIntervention, domain.QuestionIntervention, false},
	}
	for _, tc := range cases {
		t.Run(tc.q+"/"+tc.text, func(t *testing.T) {
			s, err := Extract(tc.q)
			require.NoError(t, err)
			require.Equal(t, tc.kind, s.Kind, "%s", s.Summary())
			if strings.Contains(tc.q, "after birth") {
				require.False(t, slices.ContainsFunc(s.Concepts, func(c Concept) bool { return c.Text == "birth" }), "%s", s.Summary())
			}
			if strings.Contains(tc.q, "combined pill") {
				require.Equal(t, "oral contraceptives", s.Interventions()[0].Class)
			}
			require.Equal(t, tc.exposure, s.Exposure, "%s", s.Summary())
			i := slices.IndexFunc(s.Concepts, func(c Concept) bool { return c.Text == tc.text })
			require.GreaterOrEqual(t, i, 0, "%s", s.Summary())
			require.Equal(t, tc.role, s.Concepts[i].Role, "%s", s.Summary())
		})
	}
}

// TestOtherNameInParentheses: a brand, a common name or an eponym in parentheses after what
// it names is searched and matched as that concept's wording, never required on its own; a
// list, an example or the patients in parentheses are not another name.
func TestOtherNameInParentheses(t *testing.T) {
	for _, tc := range []struct{ q, concept, term string }{
		{"Does oseltamivir (Tamiflu) reduce hospitalization in elderly patients with flu?", "oseltamivir", "Tamiflu"},
		{"Esketamine nasal spray (Spravato) for treatment-resistant depression", "esketamine nasal spray", "Spravato"},
		{"Does omega-3 (fish oil) in pregnancy reduce early preterm birth?", "omega-3", "fish oil"},
		{"ginger vs vitamin B6 (pyridoxine) for nausea and vomiting of pregnancy", "vitamin B6", "pyridoxine"},
		{"Is the international normalised ratio (INR) reliable in liver disease?", "international normalised ratio", "INR"},
		{"Does metformin (vs placebo) reduce weight?", "metformin", ""},
		{"Does warfarin (in adults) cause bleeding?", "warfarin", ""},
	} {
		s, err := Extract(tc.q)
		require.NoError(t, err)
		i := slices.IndexFunc(s.Concepts, func(c Concept) bool { return strings.EqualFold(c.Label(), tc.concept) })
		require.GreaterOrEqual(t, i, 0, "%q: %s", tc.q, s.Summary())
		if tc.term != "" {
			require.Contains(t, s.Concepts[i].Terms, tc.term, tc.q)
			require.False(t, slices.ContainsFunc(s.Concepts, func(c Concept) bool { return strings.EqualFold(c.Label(), tc.term) }), "%q: %s", tc.q, s.Summary())
		} else {
			require.Len(t, s.Concepts[i].Terms, 1, "%q: %v", tc.q, s.Concepts[i].Terms)
		}
	}
}

// TestRoutesCompared: an intervention and a comparator that differ only by route ask about
// the route; a route beside another drug only says how it is given.
func TestRoutesCompared(t *testing.T) {
	for _, tc := range []struct {
		q     string
		asked bool
	}{
		{"IV iron vs oral iron for iron deficiency anaemia in pregnancy", true},
		{"Is intravenous iron more effective than oral iron for iron-deficiency anaemia in pregnancy?", true},
		{"Does oral semaglutide reduce weight compared with placebo?", false},
		{"Is intravenous alteplase better than tenecteplase for stroke?", false},
	} {
		s, err := Extract(tc.q)
		require.NoError(t, err)
		for _, c := range s.Concepts {
			if c.Role == RoleIntervention || c.Role == RoleComparator {
				require.Equal(t, tc.asked, c.RouteAsked, "%q: %s", tc.q, c.Label())
				if tc.asked {
					require.NotContains(t, c.Terms, "iron", tc.q)
				}
			}
		}
	}
}

// TestListsAndFailures: drugs typed side by side as in a search box, a class typed with its
// members, alternatives before "vs", a comparison by "outperform", a case's own medicines,
// a treatment that failed, and more forms of an open question, each read whole.
func TestListsAndFailures(t *testing.T) {
	for _, tc := range []struct{ q, summary string }{
		{"nivolumab ipilimumab pembrolizumab melanoma survival",
			"condition: melanoma (already present) · intervention: nivolumab, ipilimumab or pembrolizumab · outcome: survival"},
		{"apixaban, rivaroxaban or dabigatran bleeding risk elderly AF",
			"condition: bleeding (its onset) · condition: AF · intervention: apixaban, rivaroxaban or dabigatran · population: elderly · outcome: risk · asks about: a link (harm or risk), not a treatment"},
		// Two names side by side are one product.
		{"piperacillin tazobactam sepsis mortality", "condition: sepsis · intervention: piperacillin tazobactam · outcome: mortality"},
		{"SGLT2 inhibitors empagliflozin dapagliflozin heart failure hospitalisation",
			"condition: heart failure · intervention: SGLT2 inhibitors · outcome: hospitalisation"},
		{"DOACs like apixaban or rivaroxaban in cancer-associated thrombosis",
			"condition: cancer-associated thrombosis · intervention: DOACs (anticoagulants)"},
		{"Ticagrelor or prasugrel vs clopidogrel in ACS", "condition: ACS · intervention: ticagrelor or prasugrel · comparator: clopidogrel"},
		// Where a treatment stands in the course of care ends the words before it.
		{"Cabozantinib vs everolimus second line advanced renal cell carcinoma",
			"condition: advanced renal cell carcinoma · intervention: cabozantinib · comparator: everolimus"},
		{"Is regorafenib effective third-line in metastatic colorectal cancer?", "condition: metastatic colorectal cancer · intervention: regorafenib"},
		// What the patients have had, when the question asks what comes next: after a drug,
		// after its failure, after prior lines; what a problem came from.
		{"treatment options relapsed refractory multiple myeloma after daratumumab",
			"condition: relapsed refractory multiple myeloma · population: after daratumumab · asks for: treatment"},
		{"My husband's CLL came back after ibrutinib. What treatments are available next?",
			"condition: CLL · population: husband · population: after ibrutinib · asks for: treatments"},
		{"what are the options for lower-risk MDS after failure of ESAs",
			"condition: lower-risk MDS · population: failure of ESAs (erythropoiesis-stimulating agents) · asks for: treatment"},
		{"Belumosudil for chronic GVHD after two prior lines of systemic therapy",
			"condition: chronic GVHD · intervention: belumosudil"},
		{"What helps with hand-foot syndrome from capecitabine?",
			"condition: hand-foot syndrome · population: from capecitabine · asks for: treatment"},
		{"Do pharmacist-led interventions improve adherence to oral chemotherapy like capecitabine?",
			"intervention: pharmacist-led interventions · outcome: adherence · outcome: oral chemotherapy"},
		{"second-line therapy after metformin failure in type 2 diabetes",
			"condition: type 2 diabetes · population: failed metformin · asks for: therapy"},
		// A time window counted from an onset; what a named test is put forward as; a
		// kind of intervention said to rest on evidence.
		{"Is a negative CT within 6 hours of headache onset enough to rule out subarachnoid haemorrhage?",
			"condition: subarachnoid haemorrhage · intervention: negative CT · asks about: a test's accuracy, not a treatment"},
		{"thrombectomy 6 to 24 hours after stroke onset", "condition: stroke · intervention: thrombectomy"},
		{"Is HbA1c a good screening test for gestational diabetes?", "condition: gestational diabetes · intervention: HbA1c"},
		{"Evidence-based interventions to reduce falls in hospital inpatients",
			"population: hospital inpatients · outcome: falls · asks for: interventions"},
		// A title-like "X and <disease> risk" asks about X as an exposure.
		{"breastfeeding and ovarian cancer risk", "condition: ovarian cancer (its onset) · intervention: breastfeeding · outcome: risk · asks about: a link (harm or risk), not a treatment"},
		// What failed, what the disease withstood or was treated with before: every drug of
		// the list, but not across a colon to what is asked about.
		{"Myelofibrosis after ruxolitinib failure: momelotinib, fedratinib or pacritinib?",
			"condition: myelofibrosis · intervention: momelotinib, fedratinib or pacritinib · population: failed ruxolitinib"},
		{"What are the treatment options for chronic migraine after failure of topiramate and propranolol?",
			"condition: chronic migraine · population: failure of topiramate · population: failure of propranolol · asks for: treatment"},
		{"asciminib in CML patients previously treated with two or more TKIs",
			"condition: CML patients · intervention: asciminib · population: previously treated with TKIs (tyrosine kinase inhibitors)"},
		{"Which treatments are best for type 2 diabetes uncontrolled on metformin and sulfonylurea?",
			"condition: type 2 diabetes · population: uncontrolled on metformin · population: uncontrolled on sulfonylurea (sulfonylureas) · asks for: treatments"},
		{"Polycythemia vera resistant or intolerant to hydroxyurea - what are the next-line treatment options?",
			"condition: polycythemia vera · population: cannot take hydroxyurea · asks for: treatment"},
		{"Options after progression on first-line ALK inhibitor in ALK-positive lung cancer",
			"condition: ALK-positive lung cancer · population: progression on ALK inhibitor · outcome: progression · asks for: treatment"},
		{"steroid-refractory acute GVHD ruxolitinib", "condition: steroid-refractory acute GVHD · intervention: ruxolitinib"},
		// (Also when the question names its own drug; every drug the disease progressed on.)
		{"osimertinib after progression on gefitinib or erlotinib in T790M-positive NSCLC",
			"condition: T790M-positive NSCLC · intervention: osimertinib · population: progression on gefitinib · population: progression on erlotinib · outcome: progression"},
		// The moment a window is counted from, a range of severity, a dose said apart, the
		// part a drug plays: none is a concept of its own.
		{"Alteplase more than 4.5 hours after onset in acute ischemic stroke: functional outcome",
			"condition: acute ischemic stroke · intervention: alteplase · outcome: functional outcome"},
		{"Do corticosteroids help sore throat pain? single dose", "condition: sore throat pain · intervention: corticosteroids (glucocorticoids)"},
		{"Tamsulosin as medical expulsive therapy for distal ureteral stones: stone passage rate",
			"condition: distal ureteral stones (already present) · intervention: tamsulosin · outcome: stone passage rate"},
		{"furosemide continuous infusion vs bolus in acute heart failure", "condition: acute heart failure · intervention: furosemide · intervention: continuous infusion · comparator: bolus"},
		// What has not responded, every drug of it; an acid ends a drug's name typed before
		// the disease; the response to the last of two drugs is to it alone; OA.
		{"How to manage chronic cough that hasn't responded to PPIs and inhaled steroids",
			"condition: chronic cough (already present) · population: not responding to PPIs (proton pump inhibitors) · population: not responding to inhaled steroids (glucocorticoids) · asks for: treatment"},
		{"tranexamic acid trauma mortality", "condition: trauma · intervention: tranexamic acid · outcome: mortality"},
		{"bempedoic acid statin intolerance LDL cholesterol", "condition: statin intolerance · intervention: bempedoic acid · outcome: LDL cholesterol"},
		{"hyaluronic acid knee OA", "condition: knee OA · intervention: hyaluronic acid"},
		{"After progressing on osimertinib and amivantamab, what treatments for EGFR NSCLC?",
			"condition: EGFR NSCLC (already present) · population: progressing on osimertinib · population: progressing on amivantamab · other: progressing · asks for: treatments"},
		// An operation the patients had, when the question asks for treatments, is their setting.
		{"Treatments for weight regain in patients who had bariatric surgery",
			"population: after bariatric surgery · outcome: weight regain · asks for: treatments"},
		// A question naming its own treatment keeps the drug before it as who the patients are.
		{"Is rituximab effective after steroids in ITP?", "condition: ITP · intervention: rituximab · population: steroids (glucocorticoids)"},
		// (An "or" in a question that compares and says nothing more still sets a comparator.)
		{"Is metformin or insulin better for gestational diabetes?", "condition: gestational diabetes · intervention: metformin · comparator: insulin"},
		{"Does CBT-I outperform zolpidem for chronic insomnia?", "condition: chronic insomnia · intervention: CBT-I · comparator: zolpidem"},
		{"My mum has been on alendronate for osteoporosis for 8 years. Is a bisphosphonate drug holiday safe?",
			"condition: osteoporosis · intervention: bisphosphonate drug holiday · population: mum · population: alendronate"},
		{"What are the options after metformin fails in type 2 diabetes?",
			"condition: type 2 diabetes · population: failed metformin · asks for: treatment"},
		{"My 7 year old has had bedwetting for years, what can we try?", "condition: bedwetting · asks for: treatment"},
		{"options to prevent contrast nephropathy", "condition: contrast nephropathy (its onset) · asks for: treatment"},
		{"What are the most effective aids for quitting smoking in pregnant women?",
			"condition: quitting smoking · population: pregnant women · asks for: aids"},
		// A class heading two of its members compared stays: a paper on any member answers
		// it; a class after another treatment stays too.
		{"Biologics for severe asthma: mepolizumab vs benralizumab exacerbation rates",
			"condition: severe asthma · intervention: biologics (biological products) · intervention: mepolizumab · comparator: benralizumab · outcome: exacerbation rates"},
		{"Starting insulin in type 2 diabetes: continue oral hypoglycemic agents?",
			"condition: type 2 diabetes · intervention: insulin · intervention: oral hypoglycemic agents (hypoglycemic agents)"},
		// What is introduced early is given; a case's medicines at full doses say who the patient is.
		{"Does early introduction of peanut in infancy prevent peanut allergy?",
			"condition: peanut allergy (its onset) · intervention: peanut · population: infancy"},
		{"62-year-old man with resistant hypertension despite full doses of amlodipine, perindopril and indapamide. Does renal denervation actually lower blood pressure?",
			"intervention: renal denervation · population: man · population: resistant hypertension · population: amlodipine · population: perindopril · population: indapamide · outcome: blood pressure"},
		{"metformin for prevention of type 2 diabetes in people with prediabetes",
			"condition: type 2 diabetes (its onset) · condition: prediabetes (already present) · intervention: metformin"},
		// What a drug is taken for says who the patients are when the question asks about
		// its harms and names them; alone, it stays the question's disease.
		{"hydroxychloroquine for lupus or RA: risk of retinal toxicity?",
			"intervention: hydroxychloroquine · population: taking it for lupus or RA · outcome: risk · outcome: retinal toxicity · asks about: a link (harm or risk), not a treatment"},
		{"I was started on sertraline for postpartum depression. Is it safe to keep breastfeeding my baby?",
			"intervention: sertraline · population: taking it for postpartum depression · population: baby · other: keep breastfeeding"},
		{"Is metformin safe for diabetes in pregnancy?", "condition: diabetes · condition: pregnancy · intervention: metformin"},
		// Newer drugs and disease names; procedures and usual care in keyword strings.
		{"resmetirom (Rezdiffra) MASH fibrosis improvement", "condition: MASH fibrosis · intervention: resmetirom"},
		{"Eltrombopag vs romiplostim in chronic ITP platelet response",
			"condition: chronic ITP · intervention: eltrombopag · comparator: romiplostim · outcome: platelet response"},
		{"TIPS vs repeated large volume paracentesis refractory ascites transplant-free survival",
			"condition: refractory ascites · intervention: TIPS · comparator: repeated large volume paracentesis · outcome: transplant-free survival"},
		{"home blood pressure telemonitoring vs usual care hypertension BP control",
			"condition: hypertension BP control · intervention: home blood pressure telemonitoring · comparator: usual care"},
		{"Effect of intensive blood pressure control on cognitive impairment and dementia: a meta-analysis",
			"condition: cognitive impairment · condition: dementia · intervention: intensive blood pressure control"},
		{"What helps with bleeding from radiation proctitis?", "condition: radiation proctitis · outcome: bleeding · asks for: treatment"},
		{"I've had ringing in my ears since a loud concert a year ago. Is there anything that can make tinnitus go away?",
			"condition: tinnitus · other: ringing · other: ears · other: loud concert · asks for: treatment"},
		{"cystatin C vs creatinine-based eGFR accuracy in older adults",
			"intervention: cystatin C · population: older adults · outcome: creatinine-based eGFR accuracy · asks about: a test's accuracy, not a treatment"},
		{"frailty and mortality in older patients on haemodialysis",
			"condition: frailty · population: older patients · population: on haemodialysis · outcome: mortality"},
		// Starting a drug is the drug; what
		// a drug is given for in a rewritten harm question; neither disease the case has not had.
		{"Does low-dose aspirin started before 16 weeks prevent preeclampsia in high-risk pregnant women?",
			"condition: preeclampsia (its onset) · intervention: low-dose aspirin · population: high-risk pregnant women"},
		{"Do atypical antipsychotics given for agitation in dementia increase the risk of stroke?",
			"condition: stroke (its onset) · condition: dementia · intervention: atypical antipsychotics · population: taking it for agitation · outcome: risk · asks about: a link (harm or risk), not a treatment"},
		{"My father is 81 with high cholesterol but no heart disease or stroke. Is it worth starting a statin at his age for primary prevention?",
			"condition: high cholesterol · intervention: statin (HMG-CoA reductase inhibitors) · population: father · population: without heart disease or stroke · other: age"},
		// Clinicians' shorthand; an intolerance or allergy to a drug is a condition; a
		// treatment that "isn't enough" failed.
		{"Vit C + hydrocortisone + thiamine in sepsis, does it work?",
			"condition: sepsis · intervention: vitamin c · intervention: hydrocortisone · intervention: thiamine"},
		{"How to manage statin intolerance?", "condition: statin intolerance (already present) · asks for: treatment"},
		{"What helps vasoplegia after cardiac bypass when norad isn't enough?",
			"condition: vasoplegia · condition: cardiac bypass · population: failed noradrenaline · asks for: treatment"},
		{"medication errors at hospital discharge - how common?", "other: hospital discharge · outcome: medication errors"},
		// A regimen by its initials with its drugs; vaccines by name; "lack of" is the thing lacked.
		{"BPaL (bedaquiline, pretomanid, linezolid) for XDR-TB: cure rates",
			"condition: XDR-TB · intervention: BPaL · outcome: rates"},
		{"Mosquirix (RTS,S/AS01) efficacy against clinical malaria in African infants",
			"condition: clinical malaria · intervention: mosquirix · population: African infants · other: RTS · other: AS01"},
		{"Is lack of face washing associated with active trachoma in children?",
			"condition: active trachoma · intervention: face washing · population: children · asks about: a link (harm or risk), not a treatment"},
		{"How can we increase uptake of HPV vaccination among adolescent girls in low-income countries?",
			"population: adolescent girls · other: low-income countries · outcome: uptake · outcome: HPV vaccination · asks for: treatment"},
		// A list never runs across a sentence; what the case completed or was found on says
		// who the patient is; a relapse is the case's disease's.
		{"47-year-old man with alcohol use disorder who has just completed inpatient detoxification. Naltrexone or acamprosate to prevent relapse?",
			"condition: alcohol use disorder (already present) · intervention: naltrexone or acamprosate · population: man · population: inpatient detoxification · outcome: relapse"},
		{"45-year-old woman with episodic migraine, failed topiramate and propranolol. Erenumab, fremanezumab or galcanezumab for prevention?",
			"condition: episodic migraine (already present) · intervention: erenumab, fremanezumab or galcanezumab · population: woman · population: failed topiramate · population: failed propranolol"},
		{"55-year-old man with newly diagnosed nonalcoholic fatty liver disease on ultrasound, normal liver enzymes. Does NAFLD itself increase his cardiovascular risk?",
			"condition: NAFLD (already present) · population: man · population: nonalcoholic fatty liver disease · population: ultrasound · population: normal liver enzymes · outcome: cardiovascular risk"},
		// The case's first disease is the one treated when the question names none; what it
		// could not tolerate, and every drug listed after what it is on, say who it is.
		{"72-year-old woman with postmenopausal osteoporosis, previous vertebral fracture, could not tolerate alendronate because of oesophagitis. Should she get denosumab or zoledronic acid?",
			"condition: postmenopausal osteoporosis (already present) · intervention: denosumab or zoledronic acid · population: woman · population: previous vertebral fracture · population: cannot take alendronate · population: oesophagitis"},
		{"62-year-old man with type 2 diabetes, on maximum-dose ACE inhibitor and an SGLT2 inhibitor. Would finerenone reduce albuminuria?",
			"condition: albuminuria · intervention: finerenone · population: man · population: type 2 diabetes · population: maximum-dose ACE inhibitor · population: SGLT2 inhibitor (SGLT2 inhibitors)"},
		// Two drugs of one class side by side are alternatives; of two classes, one combination.
		{"apixaban rivaroxaban bleeding", "condition: bleeding · intervention: apixaban or rivaroxaban"},
		{"varenicline cytisine smoking cessation", "intervention: varenicline or cytisine · outcome: smoking cessation"},
		{"atezolizumab bevacizumab hepatocellular carcinoma", "condition: hepatocellular carcinoma · intervention: atezolizumab bevacizumab"},
		// "started soon after" is when; cord clamping is done.
		{"Pulmonary rehabilitation started soon after hospitalisation for a COPD exacerbation - effect on readmissions and mortality?",
			"condition: COPD · intervention: pulmonary rehabilitation · outcome: hospitalisation · outcome: exacerbation · outcome: readmissions · outcome: mortality"},
		{"delayed cord clamping preterm intraventricular haemorrhage", "condition: preterm intraventricular haemorrhage · intervention: cord clamping"},
		// Lay questions typed in lower case, without stops: the case before "can …?" is a case;
		// a question after a complaint asks for treatments; lay names of drugs and devices.
		{"took advil before i knew i was pregnant. can ibuprofen cause miscarrage",
			"condition: miscarrage (read as miscarriage) (its onset) · intervention: ibuprofen · population: advil · population: pregnant · other: knew · asks about: a link (harm or risk), not a treatment"},
		{"restless legs at night what can i take", "condition: restless legs · other: night · asks for: treatment"},
		{"how to help a toddler with constipation", "condition: constipation (already present) · population: toddler · asks for: treatment"},
		{"benzos and falls in elderly", "intervention: benzos (benzodiazepines) · population: elderly · outcome: falls"},
		{"do compression socks stop blood clots on long flights", "condition: blood clots · intervention: compression socks · other: long flights"},
		{"Interventions to improve inhaler technique in elderly people with COPD",
			"condition: COPD (already present) · population: elderly people · outcome: inhaler technique · asks for: interventions"},
		// Trauma and theatre: what is done by name.
		{"REBOA in non-compressible torso haemorrhage survival", "condition: non-compressible torso haemorrhage (already present) · intervention: REBOA · outcome: survival"},
		{"Does the WHO surgical safety checklist reduce postoperative mortality?", "intervention: surgical safety checklist · outcome: postoperative mortality"},
		{"Epidemiology of drowning in paediatric patients", "condition: drowning · population: paediatric patients"},
		// Pronouns and worries are no concepts.
		{"Is testosterone replacement safe for older men with low T? Worried about heart problems",
			"condition: heart problems · intervention: testosterone replacement · population: older men"},
		// What the patients need says who they are.
		{"Does dexamethasone lower mortality in hospitalised patients with COVID-19 who need oxygen?",
			"condition: COVID-19 (already present) · intervention: dexamethasone · population: hospitalised patients · population: needing oxygen · outcome: mortality"},
		{"Does prone positioning help patients requiring mechanical ventilation for ARDS?",
			"condition: ARDS · intervention: prone positioning · population: mechanical ventilation"},
		{"What is the optimal duration of anticoagulation after a first unprovoked pulmonary embolism?",
			"condition: unprovoked pulmonary embolism · intervention: anticoagulation"},
	} {
		s, err := Extract(tc.q)
		require.NoError(t, err, tc.q)
		require.Equal(t, tc.summary, s.Summary(), tc.q)
	}
}

// TestLayNamesHaveTheirOtherNames: a patient's name of a diagnosis, a practitioner for the
// practice and a device's lay name are searched and matched by the names papers use.
func TestLayNamesHaveTheirOtherNames(t *testing.T) {
	for _, c := range []struct {
		q, text string
		role    Role
		term    string
	}{
		{"Does Fosamax work for men with thin bones?", "thin bones", RoleCondition, "osteoporosis"},
		{"Does pravastatin help people with high cholesterol?", "high-cholesterol", RoleCondition, "hypercholesterolemia"},
		{"Is high blood pressure in pregnancy dangerous?", "high-blood-pressure", RoleCondition, "hypertension"},
		{"Can a chiropractor help my migraines?", "chiropractor", RoleIntervention, "chiropractic"},
		{"my mum has COPD, will a steroid inhaler slow it down?", "steroid inhaler", RoleIntervention, "inhaled corticosteroids"},
		{"my daughter keeps getting nits, what works?", "nits", RoleCondition, "head lice"},
		// A comparative glued to the drug is no part of its name; "afib"; "programme".
		{"Is enoxaparin cheaper than unfractionated heparin for treating DVT?", "enoxaparin", RoleIntervention, "enoxaparin"},
		{"Is Vioxx easier on the stomach than Naprosyn?", "vioxx", RoleIntervention, "rofecoxib"},
		{"Does the Triple P parenting programme reduce child behaviour problems?", "parenting programme", RoleIntervention, "parenting program"},
		{"Does amiodarone prevent afib after cardioversion?", "afib", RoleCondition, "atrial fibrillation"},
		// A treatment after surgery is adjuvant treatment, as papers say it.
		{"Should women with early breast cancer take tamoxifen after surgery for 5 years?", "surgery", RolePopulation, "adjuvant"},
		// "Physio", "RT"; a brand by its ingredient, written as any name is looked up.
		{"Will physio help my tennis elbow?", "physio", RoleIntervention, "physiotherapy"},
		{"chemotherapy plus RT vs chemotherapy alone for anal cancer", "rt", RoleIntervention, "radiotherapy"},
		{"Does Lactaid stop bloating from milk?", "lactaid", RoleIntervention, "lactase"},
		{"Is Entresto better than enalapril?", "entresto", RoleIntervention, "sacubitril/valsartan"},
		// Infants by their weight at birth are the patients; a drink is what is taken.
		{"Is early trophic feeding safe in VLBW?", "vlbw", RolePopulation, "very low birth weight"},
		{"is drinking beer with dinner bad for gout?", "beer", RoleIntervention, "beer"},
		// "Septic" names sepsis: the patients' condition, not a word about the babies.
		{"does hydrocortisone help septic babies?", "septic", RoleCondition, "septic"},
	} {
		t.Run(c.q, func(t *testing.T) {
			k := conceptOf(t, c.q, c.text)
			require.Equal(t, c.role, k.Role)
			require.Contains(t, k.Terms, c.term)
		})
	}
}

// conceptOf is the concept of question q whose text is text; the test fails when there is none.
func conceptOf(t *testing.T, q, text string) Concept {
	t.Helper()
	s, err := Extract(q)
	require.NoError(t, err)
	for _, k := range s.Concepts {
		if k.Text == text {
			return k
		}
	}
	t.Fatalf("no concept %q in %s", text, s.Summary())
	return Concept{}
}
