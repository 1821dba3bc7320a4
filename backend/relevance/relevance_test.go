package relevance

import (
	"strings"
	"testing"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"

	"github.com/stretchr/testify/require"
)

func ev(id, title, abstract string, mesh ...string) domain.Evidence {
	return domain.Evidence{Content: abstract, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: id, Title: title, MeshTerms: mesh}}
}

func TestMark(t *testing.T) {
	set, err := concepts.Extract("Which drugs improve survival in BRAF-mutated melanoma?")
	if err != nil {
		t.Fatal(err)
	}
	evs := []domain.Evidence{
		ev("1", "Vemurafenib and overall survival in BRAF V600E mutated melanoma", "Patients with BRAF-mutated metastatic melanoma lived longer.", "Melanoma/drug therapy"),
		ev("2", "Dabrafenib in advanced melanoma", "A phase 3 trial of a BRAF inhibitor in melanoma; survival was longer.", "Melanoma", "Survival Analysis"),
		ev("3", "Survival after cardiac surgery", "Overall survival of 300 patients after bypass surgery.", "Coronary Artery Bypass"),
		ev("4", "Melanoma incidence in Norway", "Registry study of cutaneous melanoma incidence.", "Melanoma/epidemiology"),
		ev("5", "", ""),
	}
	Mark(set, evs)
	cases := []struct {
		i      int
		off    bool
		reason string
	}{
		{0, false, ""},
		{1, false, ""},
		{2, true, "does not mention the condition (BRAF-mutated melanoma)"},
		{3, true, "studies no treatment of BRAF-mutated melanoma"}, // about the condition alone: the question asks for drugs
		{4, true, "does not mention the condition"},
	}
	for _, c := range cases {
		tp := evs[c.i].Topic
		if tp == nil {
			t.Fatalf("evidence %d not scored", c.i)
		}
		if tp.OffTopic != c.off || !strings.Contains(tp.Reason, c.reason) {
			t.Errorf("evidence %d: off=%v reason=%q, want off=%v reason containing %q", c.i, tp.OffTopic, tp.Reason, c.off, c.reason)
		}
		if tp.Score < 0 || tp.Score > 1 {
			t.Errorf("evidence %d: score %g out of [0,1]", c.i, tp.Score)
		}
		if c.off == false && tp.Reason != "" {
			t.Errorf("on-topic evidence %d has a reason %q", c.i, tp.Reason)
		}
	}
	if !(evs[0].Topic.Score > evs[2].Topic.Score && evs[1].Topic.Score > evs[3].Topic.Score && evs[3].Topic.Score > evs[2].Topic.Score) {
		t.Errorf("on-topic papers must outscore off-topic ones: %v %v %v %v", evs[0].Topic, evs[1].Topic, evs[2].Topic, evs[3].Topic)
	}
}

func TestMarkTooFewConcepts(t *testing.T) {
	set, err := concepts.Extract("Does metformin lower mortality in elderly diabetes patients with heart failure?")
	if err != nil {
		t.Fatal(err)
	}
	evs := []domain.Evidence{
		ev("1", "Metformin and mortality in older patients with diabetes and heart failure", "Cohort of elderly adults."),
		ev("2", "Heart failure registry", "Echocardiography in 500 adults with heart failure."),
	}
	Mark(set, evs)
	if evs[0].IsOffTopic() {
		t.Errorf("the matching paper is off topic: %+v", evs[0].Topic)
	}
	if !evs[1].IsOffTopic() || !strings.Contains(evs[1].Topic.Reason, "does not study metformin") {
		t.Errorf("a paper about the condition alone must be set aside as not studying the intervention: %+v", evs[1].Topic)
	}
}

func TestMarkUsesLearntTermsAndMeSH(t *testing.T) {
	set, err := concepts.Extract("Does riluzole slow Lou Gehrig disease?")
	if err != nil {
		t.Fatal(err)
	}
	evs := []domain.Evidence{ev("1", "Riluzole in amyotrophic lateral sclerosis", "Riluzole against placebo in 300 adults.", "Amyotrophic Lateral Sclerosis/drug therapy")}
	Mark(set, evs)
	if !evs[0].IsOffTopic() {
		t.Fatalf("without a synonym the paper cannot be matched to 'Lou Gehrig disease': %+v", evs[0].Topic)
	}
	for i := range set.Concepts {
		if set.Concepts[i].Text == "lou gehrig disease" {
			set.Concepts[i].AddTerm("Amyotrophic Lateral Sclerosis")
		}
	}
	Mark(set, evs)
	if evs[0].IsOffTopic() {
		t.Errorf("a learnt MeSH term must match: %+v", evs[0].Topic)
	}
}

func TestMarkEmpty(t *testing.T) {
	evs := []domain.Evidence{ev("1", "t", "a")}
	Mark(concepts.Set{}, evs)
	if evs[0].Topic != nil {
		t.Error("an empty concept set must leave evidence unscored")
	}
	Mark(concepts.Set{}, nil) // must not panic
}

// TestMarkQualifiedTerms: a letter or number that names the kind ("type 1", "vitamin D",
// "stage IV") must match too; the word before it alone is any type or any vitamin.
func TestMarkQualifiedTerms(t *testing.T) {
	cases := []topicCase{
		{"Does metformin help in type 2 diabetes?", "Metformin in type 2 diabetes", "Metformin lowered HbA1c in adults with type 2 diabetes.", false},
		{"Does metformin help in type 2 diabetes?", "Metformin in type II diabetes", "Metformin lowered HbA1c in adults with type II diabetes.", false},
		{"Does metformin help in type 2 diabetes?", "Metformin added to insulin in type 1 diabetes", "Adolescents with type 1 diabetes took metformin with insulin for 26 weeks.", true},
		{"Does vitamin D prevent fractures?", "Vitamin D3 supplements and fracture risk", "Daily vitamin D3 did not reduce fractures in older women.", false},
		{"Does vitamin D prevent fractures?", "Vitamin C intake and hip fracture", "Higher vitamin C intake was associated with fewer hip fractures.", true},
		{"Does vitamin D prevent fractures?", "Cholecalciferol and fractures in nursing homes", "Cholecalciferol reduced fractures among residents.", false},
		{"Is the hepatitis B vaccine effective in dialysis patients?", "Hepatitis C vaccine candidates in dialysis", "A hepatitis C vaccine was immunogenic in patients on dialysis.", true},
		// A regimen word qualifies the drug without being required of the paper.
		{"Does low-dose aspirin prevent preeclampsia?", "Aspirin for the prevention of preeclampsia", "Women at high risk took aspirin 150 mg or placebo; aspirin lowered preterm preeclampsia.", false},
		{"Does low-dose aspirin prevent preeclampsia?", "Heparin for the prevention of preeclampsia", "Low-dose heparin did not lower preterm preeclampsia.", true},
		{"Does oral α-galactosidase relieve irritable bowel symptoms?", "Oral peppermint oil in irritable bowel syndrome", "Oral peppermint oil relieved irritable bowel symptoms in adults.", true},
		{"Does oral α-galactosidase relieve irritable bowel symptoms?", "α-Galactosidase and gas in irritable bowel syndrome", "α-Galactosidase taken with meals relieved irritable bowel symptoms.", false},
		// A condition named by a fixed phrase ("hearing loss", "alcohol use disorder") is
		// matched by its words, with other words between its qualifier and its head.
		{"Do steroids help sudden hearing loss?", "Betamethasone in sudden sensorineural hearing loss", "Betamethasone improved hearing recovery.", false},
		{"Can semaglutide be repurposed for alcohol use disorder?", "Semaglutide and alcohol use disorder", "Semaglutide lowered heavy drinking days in adults with alcohol use disorder.", false},
		{"Can semaglutide be repurposed for alcohol use disorder?", "Semaglutide and alcohol-related liver disease", "Semaglutide lowered liver fat in alcohol-related liver disease.", true},
		// A coagulation factor is named by its Roman numeral, activated or not; haemophilia A
		// (factor VIII) is not haemophilia B (factor IX).
		{"Does factor VIII prophylaxis prevent bleeding in haemophilia A?", "Emicizumab versus factor IX in hemophilia B", "Factor IX prophylaxis lowered bleeding rates in hemophilia B.", true},
		{"Does factor VIII prophylaxis prevent bleeding in haemophilia A?", "Extended half-life factor VIII prophylaxis in severe hemophilia A", "Prophylaxis with factor VIII reduced annualised bleeding in hemophilia A.", false},
		{"Are factor Xa inhibitors safer than warfarin in atrial fibrillation?", "Apixaban versus warfarin in atrial fibrillation", "Apixaban caused less major bleeding than warfarin in patients with atrial fibrillation.", false},
		{"Are factor Xa inhibitors safer than warfarin in atrial fibrillation?", "Factor VIIa for warfarin-associated bleeding in atrial fibrillation", "Recombinant factor VIIa reversed warfarin in patients with atrial fibrillation.", true},
	}
	checkTopics(t, cases)
}

// TestMarkSlashedTargets: a class named by its targets with a slash ("CDK4/6", "PD-1/PD-L1")
// is one class, answered by a paper naming the class as written or any member, not by a
// paper on another target.
func TestMarkSlashedTargets(t *testing.T) {
	cases := []topicCase{
		{"Do CDK4/6 inhibitors improve survival in HR-positive breast cancer?", "Palbociclib plus letrozole in advanced breast cancer", "Palbociclib with letrozole prolonged progression-free survival in hormone receptor-positive breast cancer.", false},
		{"Do CDK4/6 inhibitors improve survival in HR-positive breast cancer?", "CDK4/6 inhibitors in metastatic breast cancer: a meta-analysis", "CDK4/6 inhibitors added to endocrine therapy improved overall survival in HR-positive breast cancer.", false},
		{"Do CDK4/6 inhibitors improve survival in HR-positive breast cancer?", "Everolimus plus exemestane in advanced breast cancer", "Everolimus with exemestane prolonged progression-free survival in HR-positive breast cancer.", true},
		{"Is PD-1/PD-L1 blockade effective in small cell lung cancer?", "Atezolizumab with chemotherapy in extensive-stage small-cell lung cancer", "Adding atezolizumab to carboplatin and etoposide prolonged survival in small cell lung cancer.", false},
		{"Is PD-1/PD-L1 blockade effective in small cell lung cancer?", "Ipilimumab in small cell lung cancer", "The CTLA-4 antibody ipilimumab did not prolong survival in small cell lung cancer.", true},
		{"Does anti-IL-17A therapy improve psoriatic arthritis?", "Secukinumab in psoriatic arthritis", "Secukinumab improved ACR20 response in psoriatic arthritis.", false},
		{"Does anti-IL-17A therapy improve psoriatic arthritis?", "Guselkumab in psoriatic arthritis", "The IL-23 inhibitor guselkumab improved ACR20 response in psoriatic arthritis.", true},
	}
	checkTopics(t, cases)
}

// TestMarkDiseaseCategories: a question naming a category of diseases is answered by papers
// that name a disease of the category, seldom the category itself; a member's word used for
// something else (tumour necrosis factor, a malignant syndrome) does not count, and the
// intervention is still required. A disease's lay name matches the name papers use.
func TestMarkDiseaseCategories(t *testing.T) {
	cases := []topicCase{
		{"Can statins be repurposed for neurological conditions?", "Statin use before acute ischaemic stroke", "Patients taking atorvastatin before their stroke had smaller infarcts.", false},
		{"Can statins be repurposed for neurological conditions?", "Simvastatin in Alzheimer's disease", "Simvastatin did not slow cognitive decline in mild to moderate Alzheimer's disease.", false},
		{"Can statins be repurposed for neurological conditions?", "Statins and LDL cholesterol", "Rosuvastatin lowered LDL cholesterol in adults with hyperlipidaemia.", true},
		{"Can statins be repurposed for neurological conditions?", "Levetiracetam in epilepsy", "Levetiracetam reduced seizure frequency in focal epilepsy.", true},
		{"Is metformin effective for treating cancer?", "Metformin and hepatocellular carcinoma", "Metformin users had a lower incidence of hepatocellular carcinoma.", false},
		{"Is metformin effective for treating cancer?", "Metformin and tumour necrosis factor in obesity", "Metformin lowered tumor necrosis factor alpha in obese adults.", true},
		{"Do SSRIs help in psychiatric disorders?", "Sertraline for post-traumatic stress disorder", "Sertraline improved symptoms of post-traumatic stress in veterans.", false},
		{"Are biologics effective in autoimmune diseases?", "Rituximab in systemic lupus erythematosus", "Rituximab and other biologics lowered lupus activity scores.", false},
		{"Does aspirin prevent heart attack?", "Aspirin and myocardial infarction", "Low-dose aspirin lowered the rate of myocardial infarction.", false},
		{"What medications show promise for Long COVID treatment?", "Drugs for post-acute COVID-19 syndrome", "Treatments for post-acute COVID-19 syndrome were tried in 40 trials.", false},
	}
	checkTopics(t, cases)
}

// topicCase is one paper marked against one question: whether it should be set aside.
type topicCase struct {
	question, title, abstract string
	off                       bool
}

// checkTopics marks each case's paper against its question and checks the mark.
func checkTopics(t *testing.T, cases []topicCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.question+" / "+c.title, func(t *testing.T) {
			set, err := concepts.Extract(c.question)
			if err != nil {
				t.Fatal(err)
			}
			evs := []domain.Evidence{ev("1", c.title, c.abstract)}
			Mark(set, evs)
			if got := evs[0].Topic.OffTopic; got != c.off {
				t.Errorf("off-topic %v, want %v (reason %q; parse %s)", got, c.off, evs[0].Topic.Reason, set.Summary())
			}
		})
	}
}

// TestMarkAlternatives: "aspirin or clopidogrel" asks about either, so a paper about one
// of them is on topic and a paper about neither is not.
func TestMarkAlternatives(t *testing.T) {
	q := "Does aspirin or clopidogrel reduce stroke recurrence?"
	checkTopics(t, []topicCase{
		{q, "Aspirin after minor stroke", "Aspirin lowered the rate of recurrent stroke at one year.", false},
		{q, "Clopidogrel after ischaemic stroke", "Clopidogrel lowered stroke recurrence in 3,000 patients.", false},
		{q, "Ticagrelor after ischaemic stroke", "Ticagrelor lowered stroke recurrence in 3,000 patients.", true},
		{"Does tranexamic acid or aminocaproic acid reduce bleeding?", "Aminocaproic acid in cardiac surgery", "Aminocaproic acid reduced bleeding after bypass surgery.", false},
	})
}

// TestMarkClassEndings: a class is named by its members' endings too — a corticosteroid
// by "-methasone", "-asone", "-olone", an operation by "-ectomy", "-plasty" — so a paper that
// names only the specific drug or operation answers a question about the class.
func TestMarkClassEndings(t *testing.T) {
	checkTopics(t, []topicCase{
		{"Do steroids reduce cochlear toxicity of ear drops?", "Betamethasone and gentamicin ear drops", "Betamethasone with gentamicin did not add cochlear toxicity in mice.", false},
		{"Do corticosteroids prevent asthma exacerbations?", "Inhaled fluticasone in children with asthma", "Fluticasone lowered exacerbations of asthma.", false},
		{"Does delayed surgery increase complications of appendicitis?", "Time to appendectomy and perforation", "A longer time to appendectomy raised perforation and complication rates in acute appendicitis.", false},
		{"Does delayed surgery increase complications of appendicitis?", "Antibiotics alone for uncomplicated appendicitis", "Amoxicillin-clavulanate treated acute appendicitis in 70% of adults.", true},
	})
}

// TestMarkTherapyNames: a non-drug treatment is matched by its other spelling and its
// acronym, and a paper that only measures the same words as an outcome does not study it.
// TestMarkSettingReason: a paper that misses the operation the patients undergo is set
// aside, and the reason names the operation, not a condition.
func TestMarkSettingReason(t *testing.T) {
	q := "Does tranexamic acid reduce blood loss in total hip arthroplasty?"
	set, err := concepts.Extract(q)
	if err != nil {
		t.Fatal(err)
	}
	evs := []domain.Evidence{
		ev("1", "Tranexamic acid in total knee replacement", "Tranexamic acid reduced blood loss after knee replacement."),
		ev("2", "Cell salvage in total hip arthroplasty", "Cell salvage reduced transfusion after total hip arthroplasty."),
		ev("3", "Tranexamic acid in total hip arthroplasty", "Tranexamic acid reduced blood loss in total hip arthroplasty."),
	}
	Mark(set, evs)
	for i, want := range []string{"does not mention the operation (total hip arthroplasty)", "does not study tranexamic acid", ""} {
		if got := evs[i].Topic.Reason; got != want || evs[i].IsOffTopic() != (want != "") {
			t.Errorf("[%d] reason %q (off-topic %v), want %q", i+1, got, evs[i].IsOffTopic(), want)
		}
	}
}

func TestMarkTherapyNames(t *testing.T) {
	q := "Does cognitive behavioural therapy improve insomnia in older adults?"
	checkTopics(t, []topicCase{
		{q, "Cognitive behavioral therapy for insomnia in late life", "Older adults with insomnia received cognitive behavioral therapy or sleep hygiene education; insomnia severity fell.", false},
		{q, "CBT for insomnia in late life", "Older adults with insomnia received CBT or sleep hygiene education; insomnia severity fell.", false},
		{q, "Zolpidem for insomnia in late life", "Older adults with insomnia received zolpidem; cognitive function and insomnia severity were measured.", true},
		// An operation by its acronym or its full name, without the word "surgery".
		{"Does preoperative glucose predict mortality after CABG surgery?", "Fasting glucose and death after coronary artery bypass grafting",
			"Impaired fasting glucose before coronary artery bypass grafting predicted mortality.", false},
		{"Is advanced age a contraindication to GERD laparoscopic surgery?", "Age and outcome of laparoscopic fundoplication for GERD",
			"We evaluated the influence of age on the outcome of laparoscopic total fundoplication for GERD.", false},
	})
}

// TestMarkCancerWordings: a named cancer is matched by "carcinoma", "malignancy" or its MeSH
// heading's "Neoplasms" as well as by "cancer", but "tumour" alone (tumour necrosis
// factor) does not stand for it.
func TestMarkCancerWordings(t *testing.T) {
	q := "Does metformin improve survival in prostate cancer?"
	cases := []struct {
		name  string
		paper domain.Evidence
		off   bool
	}{
		{"carcinoma", ev("1", "Metformin and prostatic carcinoma", "Metformin users with prostatic carcinoma lived longer."), false},
		{"MeSH heading", ev("2", "Metformin after radical prostatectomy", "Men on metformin had longer survival after prostatectomy.", "Prostatic Neoplasms/drug therapy", "Metformin"), false},
		{"tumour necrosis factor", ev("3", "Metformin and tumour necrosis factor in prostate inflammation", "Metformin lowered tumor necrosis factor in prostate tissue."), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			set, err := concepts.Extract(q)
			require.NoError(t, err)
			evs := []domain.Evidence{c.paper}
			Mark(set, evs)
			require.Equal(t, c.off, evs[0].IsOffTopic(), "reason %q", evs[0].Topic.Reason)
		})
	}
}

// TestMarkComparedOperations: when the intervention and its comparator share a word ("open
// versus laparoscopic appendectomy"), a paper about any appendectomy does not study the one
// asked about; the word that tells them apart must occur.
func TestMarkComparedOperations(t *testing.T) {
	q := "Laparoscopic versus open appendectomy for complicated appendicitis"
	checkTopics(t, []topicCase{
		{q, "Laparoscopic appendectomy for perforated appendicitis", "Laparoscopic appendectomy had fewer wound infections than open appendectomy in complicated appendicitis.", false},
		{q, "Imaging before appendectomy in children", "Ultrasonography was requested in 14.6% of children; complicated appendicitis rate 26.4% and negative appendectomy rate 8.8%.", true},
		// A class word tells nothing apart: the vitamin is the same.
		{"Vitamin D supplementation and regulatory T cells: vitamin D treatment for autoimmune diseases?", "Vitamin D and regulatory T cells",
			"Vitamin D supplementation increased regulatory T cells in healthy adults, relevant to autoimmune diseases.", false},
	})
}

// TestMarkOtherWordings: a paper that answers the question in other words — a class member
// against another class, a drug's other name inside a longer concept, a disease's other
// name or spelling word by word — is on topic; a paper about the disease that names the
// intervention's word only inside the condition ("iron" in "iron deficiency") is not.
func TestMarkOtherWordings(t *testing.T) {
	checkTopics(t, []topicCase{
		// Prevention and treatment are different questions: a trial in children who have the
		// condition does not say whether it can be prevented, nor a prophylaxis trial whether
		// it can be treated once it has set in.
		{"Can daily emollient use from birth prevent atopic dermatitis in infants?", "A ceramide-dominant emollient in children with moderate atopic dermatitis: a randomised trial",
			"Children with moderate atopic dermatitis applied a daily emollient; eczema severity improved.", true},
		{"Can daily emollient use from birth prevent atopic dermatitis in infants?", "Daily emollient application to neonates prevents development of atopic dermatitis",
			"Daily emollient from birth reduced the incidence of atopic dermatitis at 32 weeks.", false},
		{"How can postpartum depression be prevented?", "Zuranolone for postpartum depression: a randomized trial",
			"Zuranolone improved depressive symptoms in women with severe postpartum depression.", true},
		{"Is intravenous amisulpride effective for treating established postoperative nausea and vomiting?", "Amisulpride prevents postoperative nausea and vomiting in patients at high risk",
			"Prophylactic intravenous amisulpride reduced the incidence of postoperative nausea and vomiting.", true},
		{"Is intravenous amisulpride effective for treating established postoperative nausea and vomiting?", "Amisulpride for the treatment of established postoperative nausea and vomiting",
			"Intravenous amisulpride 10 mg resolved established postoperative nausea and vomiting more often than placebo.", false},
		// How often a drug is taken does not name another drug; a class is found by its
		// members; a lay name by the name papers use; a title on managing the disease is
		// about people who have it.
		{"Does regular aspirin use prevent colorectal cancer?", "Low-dose aspirin and colorectal cancer incidence in a randomised trial",
			"Aspirin 100 mg daily did not reduce the incidence of colorectal cancer over five years.", false},
		{"Do 5-alpha reductase inhibitors lower the risk of prostate cancer?", "Finasteride and the incidence of prostate cancer: long-term follow-up of a prevention trial",
			"Men assigned finasteride had a lower incidence of prostate cancer than those assigned placebo.", false},
		{"Do 5-alpha reductase inhibitors lower the risk of prostate cancer?", "Dutasteride in the management of low-risk prostate cancer",
			"Men with low-risk localised prostate cancer under active surveillance took dutasteride; progression was delayed.", true},
		{"Does the flu shot reduce heart attacks in older adults?", "Influenza vaccination and acute myocardial infarction in adults aged 65 and over",
			"Influenza vaccination was associated with a lower risk of acute myocardial infarction in older adults.", false},
		// A substance by its other adopted name, a moisturiser as an emollient, a disease
		// adjective by its noun, a seizure as a convulsion.
		{"Does suppressive valacyclovir reduce recurrences of genital herpes?", "Valaciclovir suppression of recurrent genital herpes: a randomised trial",
			"Daily valaciclovir reduced recurrences of genital herpes compared with placebo.", false},
		{"Do emollients applied from birth prevent eczema?", "Moisturiser from birth and the development of atopic dermatitis: a randomised trial",
			"Daily moisturiser application to neonates lowered the incidence of atopic dermatitis at six months.", false},
		{"Does pregabalin relieve neuropathic pain in diabetes?", "Pregabalin for painful diabetic neuropathy: a randomised trial",
			"Pregabalin reduced pain scores in patients with painful diabetic neuropathy.", false},
		{"Does magnesium sulphate prevent eclamptic seizures?", "Magnesium sulphate versus placebo in women with pre-eclampsia",
			"Magnesium sulphate halved the risk of convulsions in women with pre-eclampsia.", false},
		// Lay names: a keto diet is a ketogenic diet, tiredness is fatigue; time-restricted
		// eating is how intermittent fasting is trialled.
		{"keto diet for children with epilepsy", "The ketogenic diet for the treatment of childhood epilepsy: a randomised controlled trial",
			"Children with drug-resistant epilepsy on the ketogenic diet had fewer seizures than controls.", false},
		{"iron supplements for tiredness in women", "Iron supplementation and fatigue in menstruating women with low ferritin: a randomized trial",
			"Oral iron reduced fatigue scores more than placebo in women with low ferritin.", false},
		{"Is intermittent fasting better than calorie counting for weight loss?", "Time-restricted eating versus daily calorie restriction for weight loss: a randomized trial",
			"Time-restricted eating and calorie restriction produced similar weight loss at 12 months.", false},
		// A class by the organisms trials give, a spice by its extract, a lay complaint by its
		// heading.
		{"probiotics to stop diarrhea when my kid is on antibiotics", "Saccharomyces boulardii in the prevention of antibiotic-associated diarrhoea in children",
			"Children given S. boulardii with their antibiotics had less diarrhoea than those given placebo.", false},
		{"turmeric for arthritis in my knees", "Curcumin versus diclofenac in knee osteoarthritis: a randomized trial",
			"Curcumin relieved knee osteoarthritis pain as well as diclofenac.", false},
		{"does wearing sunscreen every day prevent skin cancer", "Reduced melanoma after regular sunscreen use: randomized trial follow-up",
			"Daily sunscreen application halved the incidence of invasive melanoma.", false},
		{"Botox injections in the bladder for leaking urine", "OnabotulinumtoxinA for refractory urgency urinary incontinence: a randomized trial",
			"Intradetrusor onabotulinumtoxinA reduced episodes of urinary incontinence.", false},
		// A harm asked about is required of papers: a cough is not angioedema.
		{"ACE inhibitors and risk of angioedema", "Cough with ACE inhibitors: a cohort study",
			"Cough developed in 12% of patients starting an ACE inhibitor.", true},
		{"ACE inhibitors and risk of angioedema", "Angioedema with angiotensin-converting enzyme inhibitors: a nationwide cohort",
			"The incidence of angioedema was 1.8 per 1000 patient-years on ACE inhibitors.", false},
		// Tooth decay is dental caries; a crash is asked about, so a paper without one is not.
		{"Does fluoride in the tap water prevent tooth decay in kids?", "Community water fluoridation and dental caries in children: a cohort study",
			"Children in fluoridated areas had fewer decayed, missing or filled teeth.", false},
		{"Are people with untreated sleep apnea more likely to have car crashes?", "Obstructive sleep apnea and incident atrial fibrillation: a cohort study",
			"Untreated obstructive sleep apnea was associated with a higher incidence of atrial fibrillation.", true},
		{"Are people with untreated sleep apnea more likely to have car crashes?", "Sleep apnea and the risk of motor vehicle crashes: a meta-analysis",
			"Drivers with untreated obstructive sleep apnea had a higher risk of motor vehicle crashes.", false},
		// What is prevented in people who have the condition is another question's.
		{"Does daily valacyclovir prevent recurrences of genital herpes?", "Valacyclovir for the suppression of recurrent genital herpes in patients with genital herpes",
			"Daily valacyclovir reduced recurrences of genital herpes.", false},
		{"Are JAK inhibitors more effective than TNF inhibitors for rheumatoid arthritis?", "Upadacitinib versus adalimumab in rheumatoid arthritis",
			"Upadacitinib was superior to adalimumab in patients with rheumatoid arthritis and an inadequate response to methotrexate.", false},
		{"Does vitamin D supplementation prevent fractures in older adults?", "Cholecalciferol and fracture risk in elderly people",
			"Annual high-dose cholecalciferol did not reduce fractures in community-dwelling elderly people.", false},
		{"Is tenecteplase non-inferior to alteplase for acute ischaemic stroke?", "Tenecteplase versus alteplase before thrombectomy for ischemic stroke",
			"Tenecteplase was non-inferior to alteplase for reperfusion in ischemic stroke.", false},
		{"What treatments are effective for moderate-to-severe atopic eczema in children?", "Dupilumab in paediatric atopic dermatitis",
			"Dupilumab improved skin clearance in children with moderate-to-severe atopic dermatitis.", false},
		{"Does TXA reduce death in bleeding trauma patients?", "Tranexamic acid in trauma patients with significant haemorrhage",
			"Tranexamic acid reduced death due to bleeding in adult trauma patients.", false},
		{"Is intravenous iron more effective than oral iron for iron-deficiency anaemia in pregnancy?", "Iron deficiency anaemia among pregnant women in Ethiopia",
			"The prevalence of iron deficiency anaemia among pregnant women was 21% and was associated with parity.", true},
		// Where the question compares two routes of one drug, a paper on the drug by one
		// route alone does not answer it; "IV" is intravenous.
		{"Is intravenous iron more effective than oral iron for iron-deficiency anaemia in pregnancy?", "Daily versus intermittent oral iron supplementation in anaemic pregnant women",
			"We randomised 400 pregnant women with iron deficiency anaemia to daily or twice-weekly oral iron; haemoglobin rose equally.", true},
		{"Is intravenous iron more effective than oral iron for iron-deficiency anaemia in pregnancy?", "IV iron versus oral iron for iron deficiency anaemia in pregnancy: a randomised trial",
			"Pregnant women with iron deficiency anaemia were randomised to IV ferric carboxymaltose or oral ferrous sulfate; haemoglobin rose faster with IV iron.", false},
		// A hyphen the question leaves out, a brand name, an acronym, a class by a member,
		// a symptom by its medical name.
		{"Does aspirin prevent preeclampsia?", "Low-dose acetylsalicylic acid in women at high risk of preterm pre-eclampsia",
			"Aspirin at 150 mg a day lowered the incidence of preterm pre-eclampsia.", false},
		// A method asked about with no disease must be studied for what the question asks
		// it for; a drug needs no such word.
		{"pharmacist-led medication review to reduce hospital readmission", "Pharmacist-led medication review in care home residents and falls",
			"Pharmacist-led medication review did not reduce falls among care home residents in a cluster randomised trial.", true},
		{"pharmacist-led medication review to reduce hospital readmission", "Pharmacist medication review at discharge and 30-day readmission",
			"Pharmacist-led medication review at discharge reduced 30-day hospital readmission in older medical inpatients.", false},
		// A line of treatment, like a dose, need not be named; an adenocarcinoma is a cancer.
		{"First-line pembrolizumab for advanced non-small-cell lung cancer", "Pembrolizumab versus chemotherapy for PD-L1-positive non-small-cell lung cancer",
			"In untreated advanced non-small-cell lung cancer, pembrolizumab prolonged survival over platinum chemotherapy.", false},
		{"Prognostic factors for survival after resection of pancreatic adenocarcinoma", "A nomogram predicting survival after pancreaticoduodenectomy for ductal carcinoma of the pancreatic head",
			"Tumour size, nodal status and margin predicted overall survival after pancreaticoduodenectomy for pancreatic ductal carcinoma.", false},
		{"Is Chantix better than nicotine patches for smoking cessation?", "Varenicline versus transdermal nicotine patch",
			"Varenicline gave higher abstinence than the nicotine patch at one year.", false},
		{"Is IVIG effective for Guillain-Barre syndrome?", "Intravenous immunoglobulin versus plasma exchange in Guillain-Barre syndrome",
			"Intravenous immunoglobulin was as effective as plasma exchange in Guillain-Barre syndrome.", false},
		{"Should women with ovarian cancer receive PARP inhibitors as maintenance?", "Maintenance olaparib in advanced ovarian cancer",
			"Olaparib maintenance prolonged progression-free survival in newly diagnosed advanced ovarian cancer.", false},
		{"Do statins cause muscle pain?", "Myalgia on atorvastatin: an n-of-1 trial",
			"Myalgia was as frequent on atorvastatin as on placebo.", false},
		// A vaccine is named by the word that says it is one.
		{"Does the HPV vaccine prevent cervical cancer?", "Self-sampling for HPV testing to increase cervical cancer screening uptake",
			"Self-sampling kits raised HPV testing uptake among women overdue for cervical cancer screening.", true},
		{"Does the HPV vaccine prevent cervical cancer?", "Quadrivalent HPV vaccination and cervical cancer",
			"HPV vaccination before age 17 was associated with a lower risk of invasive cervical cancer.", false},
		// Dementia is any of its kinds (MeSH Dementia and the descriptors beneath it).
		{"Are benzodiazepines associated with dementia?", "Long-term diazepam and lorazepam use and Alzheimer's disease",
			"Long-term use of diazepam and lorazepam was associated with a higher risk of Alzheimer's disease.", false},
		// The word of how a class acts is shared by every class of its kind.
		{"Do JAK inhibitors increase cardiovascular events in rheumatoid arthritis?", "TNF inhibitors and cardiovascular events in rheumatoid arthritis",
			"TNF inhibitor therapy was not associated with excess cardiovascular events in rheumatoid arthritis.", true},
		{"Are CGRP monoclonal antibodies effective for migraine prevention?", "Rimegepant, an oral CGRP receptor antagonist, for acute migraine",
			"Rimegepant was more effective than placebo for the acute treatment of migraine.", true},
		{"Are CGRP monoclonal antibodies effective for migraine prevention?", "Erenumab for episodic migraine prevention",
			"Monthly erenumab reduced migraine days compared with placebo.", false},
		// Where a cancer grows tells one cancer from another, in any of the organ's words.
		{"Does aspirin prevent colorectal cancer?", "Aspirin and lung cancer incidence",
			"Daily aspirin did not lower the incidence of lung cancer over ten years.", true},
		{"Does aspirin prevent colorectal cancer?", "Aspirin and bowel cancer in Lynch syndrome",
			"Aspirin 600 mg daily reduced bowel cancer incidence in carriers of Lynch syndrome.", false},
		{"Do statins reduce mortality in liver cancer?", "Statin use and survival in hepatocellular carcinoma",
			"Statin users with hepatocellular carcinoma had lower mortality.", false},
		// A paper about what the question excludes: the other age group, the other form of
		// the disease; one that covers both stays.
		{"Is tonsillectomy effective for adults with recurrent tonsillitis?", "Tonsillectomy versus watchful waiting for recurrent tonsillitis in children",
			"In children with recurrent tonsillitis, tonsillectomy reduced sore throat days.", true},
		{"Is tonsillectomy effective for adults with recurrent tonsillitis?", "Tonsillectomy for recurrent tonsillitis in children and adults",
			"Tonsillectomy reduced sore throat episodes in children and in adults with recurrent tonsillitis.", false},
		{"Does dexmedetomidine prevent delirium in children?", "Dexmedetomidine and postoperative delirium in older adults",
			"Dexmedetomidine halved postoperative delirium in elderly patients after cardiac surgery.", true},
		{"Does dexmedetomidine prevent delirium in older adults?", "Dexmedetomidine for emergence delirium in children",
			"In children aged 1-14 years, dexmedetomidine reduced emergence delirium.", true},
		// Older adults are not young adults: a trial in adolescents indexed Young Adult is
		// not about them; one that names older patients is.
		{"Cognitive behavioural therapy for insomnia in older adults", "Internet-delivered cognitive behavioral therapy for insomnia in adolescents",
			"In 116 adolescents and young adults aged 12 to 21 years with insomnia disorder, internet-delivered CBT-I reduced insomnia severity.", true},
		{"Cognitive behavioural therapy for insomnia in older adults", "Group cognitive behavioural therapy for insomnia after 60",
			"In 200 community-dwelling people aged 60 or over, group cognitive behavioural therapy reduced insomnia severity; older participants benefited as much.", false},
		{"best tx chronic cluster headache", "Galcanezumab for the prevention of episodic cluster headache",
			"Galcanezumab reduced weekly attacks of episodic cluster headache.", true},
		{"Sofosbuvir and velpatasvir for hepatitis C with compensated cirrhosis", "Sofosbuvir and velpatasvir for hepatitis C in patients with decompensated cirrhosis",
			"In decompensated cirrhosis, sofosbuvir-velpatasvir gave sustained virological response in 94%.", true},
		{"Is long-term PPI use associated with fractures in postmenopausal women?", "Acid-suppressive medication use and fracture risk in children",
			"Among 500,000 children, proton pump inhibitor use was associated with more fractures.", true},
		{"Does early mobilisation reduce length of stay after hip replacement?", "Early mobilisation after cardiac surgery",
			"Early mobilisation shortened length of stay after cardiac surgery.", true},
		{"Does early mobilisation reduce length of stay after hip replacement?", "Mobilisation on the day of total hip replacement",
			"Mobilisation on the day of hip replacement shortened length of stay by a day.", false},
		{"Management of acute pancreatitis", "Endoscopic versus surgical drainage for painful chronic pancreatitis",
			"Surgical drainage relieved pain better than endoscopy in chronic pancreatitis.", true},
		{"Management of acute pancreatitis", "Early oral refeeding in acute pancreatitis",
			"Early oral refeeding shortened hospital stay in mild acute pancreatitis.", false},
		// A class with a word of timing is matched by the class, not by the timing alone.
		{"Do antenatal corticosteroids help women at risk of late preterm birth?", "Antenatal magnesium sulphate before preterm birth",
			"Antenatal magnesium sulphate reduced cerebral palsy after preterm birth.", true},
		{"Do antenatal corticosteroids help women at risk of late preterm birth?", "Antenatal betamethasone for late preterm birth",
			"Antenatal betamethasone reduced respiratory support in late preterm infants.", false},
		// Another kind of a disease of the same name, named in the title, is another disease;
		// the same kind in another spelling is not.
		{"Does smoking increase the risk of rheumatoid arthritis?", "Cigarette smoking and risk of psoriatic arthritis among patients with psoriasis",
			"Smoking was associated with a lower risk of psoriatic arthritis in psoriasis.", true},
		{"Is obstructive sleep apnoea a risk factor for atrial fibrillation?", "Central sleep apnoea and atrial fibrillation in heart failure",
			"Central sleep apnoea was associated with atrial fibrillation.", true},
		{"Is ischaemic stroke more common in atrial fibrillation?", "Ischemic stroke in patients with atrial fibrillation",
			"Ischemic stroke occurred in 4% of patients with atrial fibrillation per year.", false},
		// A kind every paper on it names ("postpartum", "postherpetic") must be named: the
		// head alone ("haemorrhage", "neuralgia") is another disease.
		{"Tranexamic acid for postpartum haemorrhage", "Tranexamic acid in trauma patients with significant haemorrhage",
			"Tranexamic acid reduced death due to bleeding in adult trauma patients with significant haemorrhage.", true},
		{"Tranexamic acid for postpartum haemorrhage", "Tranexamic acid for bleeding after childbirth",
			"In women with post-partum haemorrhage after vaginal birth, tranexamic acid reduced death due to bleeding.", false},
		{"options for postherpetic neuralgia", "Pregabalin for painful diabetic peripheral neuropathy: a randomised trial",
			"Pregabalin reduced neuropathic pain scores in diabetic peripheral neuropathy.", true},
		{"Is diabetic retinopathy screening by telemedicine accurate?", "Teleretinal screening for retinopathy in patients with diabetes",
			"Telemedicine grading of retinopathy in people with diabetes agreed with clinical examination.", false},
		// A trial of a treatment does not answer a question of risk factors or prevalence;
		// the other setting of a disease its title names is another disease.
		{"Risk factors for early childhood caries", "Fluoride varnish to prevent early childhood caries: a cluster randomised trial",
			"Fluoride varnish at well-child visits reduced early childhood caries.", true},
		{"Risk factors for early childhood caries", "Sugar intake and early childhood caries: a birth cohort",
			"Frequent sugar intake at age 2 doubled the risk of early childhood caries.", false},
		{"predictors of survival after out-of-hospital cardiac arrest", "Predictors of survival after in-hospital cardiac arrest in general wards",
			"Initial shockable rhythm predicted survival after in-hospital cardiac arrest.", true},
		// An unprovoked seizure is not a febrile one; marijuana is cannabis.
		{"Predictors of recurrence after a first unprovoked seizure in children", "Recurrence risk after a first febrile seizure",
			"In 1,000 children with a first febrile seizure, recurrence occurred in 30%.", true},
		{"Does cannabis use during pregnancy increase the risk of preterm birth?", "Prenatal marijuana exposure and gestational age at delivery",
			"Marijuana use in pregnancy was associated with preterm birth (odds ratio 1.3).", false},
		// A trial in men only does not answer a question about women.
		{"Does romosozumab reduce fracture risk in postmenopausal women with osteoporosis?", "Romosozumab in men with osteoporosis",
			"In 245 men with osteoporosis, romosozumab increased bone mineral density and fracture risk fell.", true},
		{"Does romosozumab reduce fracture risk in postmenopausal women with osteoporosis?", "Romosozumab and fractures in osteoporosis",
			"In 7180 postmenopausal women with osteoporosis, romosozumab reduced the risk of new vertebral fracture.", false},
		// Older people at home are not care-home residents; nurses are not physicians.
		{"Exercise programmes to prevent falls in community-dwelling older people", "Supervised group exercise for fall prevention in nursing home residents",
			"Group exercise reduced falls among nursing home residents.", true},
		{"burnout prevalence among intensive care nurses", "Prevalence of burnout among intensivists in the United States",
			"Burnout was reported by 45% of intensivists.", true},
		{"burnout prevalence among intensive care nurses", "Burnout in intensive care nurses and physicians",
			"Burnout was commoner in nurses than in physicians working in intensive care.", false},
		// A kind of diet is named by what makes it that kind.
		{"Does a low FODMAP diet improve IBS symptoms?", "Gluten-free diet in diarrhoea-predominant irritable bowel syndrome",
			"A gluten-free diet reduced stool frequency in IBS.", true},
		{"Does a low FODMAP diet improve IBS symptoms?", "Low FODMAP diet versus standard dietary advice in IBS",
			"The low FODMAP diet improved IBS symptoms more than standard advice.", false},
		// Two diseases asked as alternatives: a paper on either answers.
		{"Does isotretinoin increase the risk of depression or suicide in acne?", "Roaccutane and attempted suicide in acne",
			"Attempted suicide was more frequent in the year after starting isotretinoin for severe acne.", false},
		// A disease at a stage has the disease's other names.
		{"Is pembrolizumab effective first-line in advanced NSCLC?", "Pembrolizumab versus chemotherapy in metastatic non-small-cell lung carcinoma",
			"Pembrolizumab prolonged overall survival over platinum chemotherapy in non-small-cell lung carcinoma.", false},
	})
}

// TestMarkPatientsWords: a question in a patient's words (a brand, a kind of medicine by its
// example, a symptom from a disease) and one about patients defined by their treatment,
// their age or their state is matched as it means, with papers written in the literature's
// words.
func TestMarkPatientsWords(t *testing.T) {
	checkTopics(t, []topicCase{
		// A brand is its INN; a kind of medicine named by its example is the example's class.
		{"Is Keppra better than Depakote for epilepsy?", "Levetiracetam versus valproate for generalised epilepsy",
			"Patients with generalised epilepsy were randomised to levetiracetam or valproate; seizure freedom at 12 months.", false},
		{"Is it dangerous to take heartburn pills like Nexium for years?", "Long-term pantoprazole use and risk of hip fracture",
			"In a cohort of 80,000 adults, long-term pantoprazole use was associated with hip fracture.", false},
		{"Is it dangerous to take heartburn pills like Nexium for years?", "Long-term ranitidine use and risk of hip fracture",
			"In a cohort of 80,000 adults, long-term ranitidine use was associated with hip fracture.", true},
		// Symptoms from a disease are its outcomes: the disease is what a paper must study.
		{"Do water tablets help with swollen legs and breathlessness from heart failure?", "Torsemide or furosemide after hospitalisation for heart failure",
			"Patients discharged after heart failure hospitalisation received torsemide or furosemide; all-cause mortality at 12 months.", false},
		// Patients who live on a treatment: the organ and the treatment must both be theirs.
		{"Are SGLT2 inhibitors safe in kidney transplant recipients with diabetes?", "Empagliflozin in renal transplant recipients with post-transplant diabetes",
			"Renal transplant recipients with post-transplant diabetes received empagliflozin or placebo for 24 weeks.", false},
		{"Are SGLT2 inhibitors safe in kidney transplant recipients with diabetes?", "SGLT2 inhibitors in heart transplant recipients with diabetes",
			"Heart transplant recipients with diabetes received dapagliflozin or empagliflozin; eGFR and ketoacidosis were recorded.", true},
		{"Are SGLT2 inhibitors safe in kidney transplant recipients with diabetes?", "Dapagliflozin in type 2 diabetes",
			"Adults with type 2 diabetes and normal kidney function received dapagliflozin; glycated haemoglobin fell.", true},
		// Newborns are studied apart from older children; breastfeeding apart from pregnancy.
		{"How effective is levetiracetam for seizures in newborns?", "Levetiracetam for status epilepticus in children aged 6 months to 18 years",
			"Children with convulsive status epilepticus received levetiracetam or fosphenytoin; seizure cessation was the outcome.", true},
		{"How effective is levetiracetam for seizures in newborns?", "Levetiracetam versus phenobarbital for neonatal seizures",
			"Term neonates with seizures received levetiracetam or phenobarbital; seizure cessation at 24 hours.", false},
		{"Is sertraline safe during breastfeeding?", "Sertraline in pregnancy and congenital malformations",
			"Pregnant women exposed to sertraline in the first trimester were compared with unexposed pregnant women; malformations were recorded.", true},
		{"Is sertraline safe during breastfeeding?", "Sertraline in breast milk and infant serum",
			"Lactating mothers taking sertraline gave milk and infant serum samples; infant exposure was low.", false},
		// Forms of a disease that exclude each other, inside a fixed phrase or by "non-".
		{"Do SGLT2 inhibitors reduce hospitalisation in heart failure with preserved ejection fraction?", "SGLT2 inhibitors in heart failure with reduced ejection fraction: a meta-analysis",
			"Randomised trials of dapagliflozin and empagliflozin in heart failure with reduced ejection fraction; hospitalisation for heart failure fell.", true},
		{"Is pembrolizumab effective first-line in advanced non-small cell lung cancer?", "Pembrolizumab plus chemotherapy in extensive-stage small cell lung cancer",
			"Patients with extensive-stage small cell lung cancer received pembrolizumab or placebo with etoposide and platinum.", true},
		{"Is pembrolizumab effective first-line in advanced non-small cell lung cancer?", "Pembrolizumab versus chemotherapy for PD-L1-positive non-small-cell lung cancer",
			"Patients with advanced non-small-cell lung cancer received pembrolizumab or platinum chemotherapy first-line.", false},
		// A scale, score or rule is named exactly; the class's words found apart are the class.
		{"How accurate is the Ottawa ankle rule for excluding fractures in children?", "Validation of the Ottawa knee rule in children",
			"The Ottawa knee rule was applied to 750 children with acute knee injury; sensitivity for fracture was 100%.", true},
		{"How accurate is the Ottawa ankle rule for excluding fractures in children?", "The Ottawa ankle rules in children with ankle injuries",
			"The Ottawa ankle rules were applied to 670 children; sensitivity for ankle fractures was 98.5%.", false},
		{"Do GLP-1 receptor agonists improve glycemic control in type 1 diabetes?", "Liraglutide added to insulin in type 1 diabetes",
			"Adults with type 1 diabetes received liraglutide or placebo added to insulin; HbA1c fell by 0.3%.", false},
		// A question of prognosis or risk factors is about patients, not an animal model.
		{"What are the risk factors for post-traumatic epilepsy after traumatic brain injury?", "Mossy fibre sprouting in a rat model of post-traumatic epilepsy",
			"After lateral fluid percussion injury in rats, mossy fibre sprouting preceded spontaneous seizures of post-traumatic epilepsy.", true},
		// A paper whose title studies another treatment and names the asked one once, in its
		// abstract only, names it in passing; one that names it under another name, or
		// again and again, studies it.
		{"Does prone positioning reduce mortality in adults with ARDS?", "Extracorporeal membrane oxygenation for very severe ARDS: a registry analysis",
			"Adults with very severe ARDS treated with ECMO were matched to controls on age, severity and use of prone positioning; 60-day mortality was lower with ECMO.", true},
		{"Does prone positioning reduce mortality in adults with ARDS?", "Prone positioning in severe ARDS: a randomised trial",
			"Adults with severe ARDS were randomised to prone positioning or supine; 28-day mortality was lower with prone positioning.", false},
		{"Does prone positioning reduce mortality in adults with ARDS?", "Extracorporeal membrane oxygenation with early prone positioning in ARDS",
			"Adults with ARDS on ECMO were prone positioned early or not; prone positioning during ECMO was associated with lower mortality.", false},
		{"Are direct oral anticoagulants safe for cancer-associated venous thromboembolism?", "Edoxaban in elderly patients with cancer-associated venous thromboembolism",
			"Older patients with cancer-associated venous thromboembolism received edoxaban, a direct oral anticoagulant; major bleeding and recurrence at 12 months.", false},
		{"Is catheter ablation better than antiarrhythmic drugs first-line for atrial fibrillation?", "Cryoablation or drug therapy for initial treatment of atrial fibrillation",
			"Patients with untreated paroxysmal atrial fibrillation were randomised to cryoballoon catheter ablation or antiarrhythmic drugs; recurrence at 12 months.", false},
		// A brand of a biologic is its INN; a joint disease's site must be the asked one;
		// patients who live on haemodialysis are not on peritoneal dialysis.
		{"Is Benlysta effective for lupus nephritis?", "Belimumab as maintenance therapy in refractory lupus nephritis",
			"Adults with refractory or relapsing lupus nephritis received belimumab; renal response at 12 months.", false},
		{"Does exercise therapy reduce pain in knee osteoarthritis?", "Exercise therapy and education for hip osteoarthritis: a randomised trial",
			"Adults with hip osteoarthritis received strengthening or functional exercise therapy; pain at 12 weeks.", true},
		{"Does intradialytic exercise improve physical function in patients on maintenance haemodialysis?", "Home-based exercise in patients on peritoneal dialysis",
			"Patients on peritoneal dialysis walked and did resistance exercise at home; physical function at 12 weeks.", true},
		// A treatment every patient already has, under another added to it, is not studied;
		// the added one is, and so is the base when the title compares it.
		{"Does therapeutic cooling improve survival without disability in neonatal encephalopathy?", "Melatonin as an adjunct to therapeutic cooling in neonatal encephalopathy: a randomised trial",
			"Newborns with moderate or severe encephalopathy all received therapeutic cooling and were randomised to melatonin or placebo; therapeutic cooling was given for 72 hours.", true},
		{"Does melatonin improve outcome in neonatal encephalopathy?", "Melatonin as an adjunct to therapeutic cooling in neonatal encephalopathy: a randomised trial",
			"Newborns with moderate or severe encephalopathy all received therapeutic cooling and were randomised to melatonin or placebo.", false},
		{"Does therapeutic cooling improve survival without disability in neonatal encephalopathy?", "Therapeutic cooling versus standard care in neonatal encephalopathy",
			"Newborns with moderate or severe encephalopathy were randomised to therapeutic cooling for 72 hours or standard care.", false},
		// Babies born at term do not answer a question on preterm ones.
		{"Does delayed cord clamping reduce death in preterm babies?", "Delayed cord clamping and ferritin at 6 months in term infants",
			"Healthy term infants born by vaginal delivery were randomised to cord clamping after 3 minutes or within 10 seconds; ferritin at 6 months.", true},
		{"Does delayed cord clamping reduce death in preterm babies?", "Delayed versus early cord clamping in infants born before 32 weeks",
			"Preterm infants born before 32 weeks were randomised to delayed or early cord clamping; death before discharge.", false},
		// "How common is …?" is not answered by a trial of a treatment, nor by a study indexed
		// for a treatment only.
		{"How common is depression after a stroke?", "Sertraline after acute stroke: a randomised controlled trial",
			"Patients with acute stroke were randomised to sertraline or placebo; new depression was a secondary outcome at 6 months.", true},
		// Patients the question excludes, named in the title, are not its patients; a title
		// "with and without" them still is.
		{"Does semaglutide reduce weight in adults who don't have diabetes?", "Oral semaglutide versus sitagliptin in patients with type 2 diabetes",
			"Adults with type 2 diabetes uncontrolled on metformin received oral semaglutide or sitagliptin; HbA1c and weight at 26 weeks.", true},
		{"Does semaglutide reduce weight in adults who don't have diabetes?", "Semaglutide in adults with obesity with and without diabetes",
			"Adults with obesity, with or without type 2 diabetes, received semaglutide 2.4 mg or placebo; weight at 68 weeks.", false},
		// Intensive care patients are not care-home residents; what patients go through
		// when the treatment is given is their setting.
		{"What are the risk factors for pressure injuries in intensive care patients?", "Risk factors for pressure ulcers among nursing home residents",
			"In 12,000 nursing home residents, immobility, incontinence and low body mass index predicted pressure ulcers.", true},
		{"Does oral sucrose reduce pain during heel-prick blood tests in newborns?", "Oral sucrose for pain during heel lance in term neonates: a randomised trial",
			"Term neonates were randomised to 24% sucrose or sterile water before heel lance; pain scores.", false},
		// An operation's site: hip arthroplasty does not answer a question on knee arthroplasty.
		{"Does tranexamic acid reduce blood loss in total knee arthroplasty?", "Tranexamic acid and blood loss in total hip arthroplasty: a randomised trial",
			"Patients undergoing primary total hip arthroplasty received tranexamic acid or placebo; total blood loss.", true},
		{"Does tranexamic acid reduce blood loss in total knee arthroplasty?", "Topical versus intravenous tranexamic acid in total knee arthroplasty",
			"Patients undergoing total knee arthroplasty received topical or intravenous tranexamic acid; blood loss.", false},
		// A title naming the opposite of the asked patients ("non-pregnant") is not about them.
		{"Can D-dimer exclude pulmonary embolism in pregnant women?", "Age-adjusted D-dimer to rule out pulmonary embolism in non-pregnant outpatients",
			"Non-pregnant outpatients with suspected pulmonary embolism had D-dimer measured; three-month thromboembolic risk.", true},
		{"Can D-dimer exclude pulmonary embolism in pregnant women?", "D-dimer in pregnant and non-pregnant women with suspected pulmonary embolism",
			"Pregnant women with suspected pulmonary embolism had D-dimer measured against CT pulmonary angiography.", false},
		// A question of a predictor or an association is not answered by a treatment trial.
		{"Is periodontitis associated with preterm birth?", "Treatment of periodontal disease in pregnancy and preterm birth: a randomised trial",
			"Pregnant women with periodontitis were randomised to scaling and root planing or delayed treatment; preterm birth before 37 weeks.", true},
		// The stage of a disease and the line of its treatment, by the title.
		{"Does osimertinib improve survival as first-line treatment of advanced EGFR-mutated lung cancer?", "Adjuvant osimertinib after resection of stage IB to IIIA EGFR-mutated lung cancer",
			"Patients with completely resected EGFR-mutated lung cancer received osimertinib or placebo; disease-free survival.", true},
		{"Does osimertinib improve survival as first-line treatment of advanced EGFR-mutated lung cancer?", "Osimertinib in untreated EGFR-mutated advanced lung cancer",
			"Patients with previously untreated advanced EGFR-mutated lung cancer received osimertinib or a standard EGFR inhibitor; overall survival.", false},
		{"Is enzalutamide effective in metastatic castration-resistant prostate cancer?", "Enzalutamide in metastatic hormone-sensitive prostate cancer",
			"Men with metastatic hormone-sensitive prostate cancer received enzalutamide or placebo with androgen deprivation; overall survival.", true},
		// An aside inside the disease's name is no concept a paper must share.
		{"Does nivolumab plus ipilimumab improve survival in advanced (unresectable or metastatic) melanoma?", "Nivolumab plus ipilimumab in advanced melanoma: 10-year outcomes",
			"Patients with advanced melanoma received nivolumab plus ipilimumab, nivolumab or ipilimumab; overall survival at 10 years.", false},
		// What patients need says who they are; a paper need not be about it.
		{"Which treatments reduce mortality in hospitalised patients with COVID-19 who require supplemental oxygen?", "Tocilizumab in patients admitted to hospital with COVID-19: a randomised trial",
			"Hospitalised patients with COVID-19 and hypoxia were randomised to tocilizumab or usual care; 28-day mortality.", false},
		// A title naming only the other age group; twins are not singletons; the back is
		// not the neck; the asked drug named only as what the disease withstood.
		{"Does dexamethasone reduce vomiting in children undergoing tonsillectomy?", "Preoperative dexamethasone for nausea and pain after adult tonsillectomy",
			"Adults undergoing tonsillectomy received dexamethasone or placebo; unlike in children, vomiting was rare.", true},
		{"Does a cervical pessary prevent preterm birth in twin pregnancy?", "Arabin pessary for singleton pregnancies with a short cervix",
			"Women with a singleton pregnancy and a short cervix were randomised to a pessary or expectant care; preterm birth before 34 weeks.", true},
		{"Can acupuncture help lower back pain?", "Acupuncture for chronic neck pain: a randomised trial",
			"Adults with chronic neck pain received acupuncture or sham; pain at 12 months.", true},
		{"Is clozapine effective for treatment-resistant schizophrenia?", "Electroconvulsive therapy augmentation in clozapine-resistant schizophrenia",
			"Patients whose schizophrenia had not responded to clozapine continued clozapine and were randomised to ECT or not.", true},
		{"Is clozapine effective for treatment-resistant schizophrenia?", "Clozapine versus olanzapine in treatment-resistant schizophrenia",
			"Patients with treatment-resistant schizophrenia were randomised to clozapine or olanzapine; symptoms at 12 weeks.", false},
		// Or only as what the patients had before, or have throughout, while the title
		// studies another treatment.
		{"Does ibrutinib improve survival in chronic lymphocytic leukaemia?", "Venetoclax in chronic lymphocytic leukaemia after disease progression on ibrutinib: a phase 2 trial",
			"Patients whose CLL progressed on ibrutinib received venetoclax; ibrutinib had been stopped before enrolment; response and survival.", true},
		{"Do statins cause diabetes?", "Ezetimibe and new-onset diabetes in patients on background statin therapy",
			"Patients taking statins were randomised to ezetimibe or placebo; statin doses were unchanged; incident diabetes.", true},
		{"Do statins reduce mortality in sepsis?", "Prior statin use and mortality in sepsis: a cohort study",
			"Among 10,000 adults with sepsis, prior statin use was associated with lower 30-day mortality.", false},
		// Named again and again in the abstract, but only as what failed before, it is not
		// studied there either.
		{"Does ustekinumab induce remission in Crohn's disease?", "Upadacitinib in Crohn's disease after biologic failure: a randomised trial",
			"Adults with Crohn's disease and an inadequate response to ustekinumab or anti-TNF agents received upadacitinib or placebo. Patients previously treated with ustekinumab had remission rates similar to the others. Upadacitinib induced remission in 40%.", true},
		{"Does ustekinumab induce remission in Crohn's disease?", "Upadacitinib or ustekinumab in Crohn's disease: a randomised trial",
			"Adults with Crohn's disease received upadacitinib or ustekinumab. Ustekinumab induced remission in 35%, upadacitinib in 40%.", false},
		// A class by its members (tamsulosin is an alpha-blocker); care in the ambulance is not
		// care in the emergency department.
		{"Do alpha-blockers help distal ureteral stones pass?", "Tamsulosin for distal ureteral stones: a placebo-controlled trial",
			"Adults with a distal ureteral stone received tamsulosin or placebo; spontaneous stone passage at 4 weeks.", false},
		{"Is intranasal fentanyl effective for acute pain in children in the emergency department?", "Intranasal fentanyl given by paramedics to children with acute pain in the prehospital setting",
			"Children with acute pain were given intranasal fentanyl by ambulance paramedics; pain scores on arrival.", true},
		// Patients on maintenance dialysis are on haemodialysis as papers write it.
		{"Is apixaban safe in patients with atrial fibrillation on haemodialysis?", "Apixaban or warfarin in atrial fibrillation and end-stage kidney disease",
			"Patients on maintenance dialysis with atrial fibrillation starting apixaban or warfarin; major bleeding and stroke.", false},
		// Brands and lay names: Lamisil is terbinafine, toenail fungus onychomycosis.
		{"Do Lamisil tablets cure toenail fungus?", "Continuous terbinafine versus pulse itraconazole for toenail onychomycosis",
			"Adults with dermatophyte toenail onychomycosis received terbinafine or itraconazole; mycological cure at 72 weeks.", false},
		// A named kind of a disease: thoracic is not abdominal aortic aneurysm.
		{"Is endovascular repair better than open surgery for abdominal aortic aneurysm?", "Thoracic endovascular aortic repair for thoracic aortic aneurysm",
			"Endovascular repair of descending thoracic aortic aneurysm: 5-year survival and reintervention.", true},
	})
}

// TestStudiesATreatment: a paper indexed for how common a disease is or what causes it, and
// for no treatment, studies none though its conclusions say "treatment"; indexing for a
// treatment, a trial, or (with no indexing) a treatment named in the conclusions, does.
func TestStudiesATreatment(t *testing.T) {
	ev := func(title, conclusions string, mesh ...string) domain.Evidence {
		return domain.Evidence{Content: "CONCLUSIONS: " + conclusions,
			Citation: domain.Citation{Title: title, MeshQualifiers: mesh}}
	}
	cases := []struct {
		name string
		ev   domain.Evidence
		want bool
	}{
		{"prevalence, indexed as epidemiology", ev("Prevalence of restless legs syndrome in pregnancy",
			"Most women recover after delivery without treatment.", "Restless Legs Syndrome/epidemiology", "Pregnancy"), false},
		{"natural history, indexed as etiology", ev("Natural recovery from childhood stuttering",
			"Children who received treatment were censored; most recovered.", "Stuttering/etiology", "Child"), false},
		{"a drug in the title of an epidemiology paper", ev("Metformin use and the incidence of dementia",
			"Metformin users had a lower incidence.", "Dementia/epidemiology", "Metformin"), true},
		{"indexed as treated", ev("Iron for restless legs in pregnancy",
			"Iron improved symptoms.", "Restless Legs Syndrome/drug therapy"), true},
		{"no indexing: the conclusions name a treatment", ev("Restless legs in pregnancy: a cohort",
			"Treatment with iron improved symptoms."), true},
		{"the abstract says it gave no intervention", domain.Evidence{
			Content: "OBJECTIVE: To relate knee extensor strength to disease severity in Parkinson's disease.\nINTERVENTION: Not applicable.\n" +
				"RESULTS: Strength correlated with stability. The Functional Reach Test may be a valuable tool to examine stability after physiotherapy.",
			Citation: domain.Citation{MeshTerms: []string{"Parkinson Disease", "Physical Therapy Modalities"}}}, false},
		{"an intervention section that names one", domain.Evidence{
			Content:  "OBJECTIVE: To test rasagiline in Parkinson's disease.\nINTERVENTIONS: Rasagiline 1 mg daily for 12 weeks.\nRESULTS: Gait speed improved with rasagiline.",
			Citation: domain.Citation{Title: "Rasagiline and gait in Parkinson's disease"}}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, StudiesATreatment(tc.ev))
		})
	}
}

// TestEpidemiologyQuestionsAndTreatmentStudies: a question of how common a disease is, its
// risk factors or its prognosis is not answered by a study MeSH indexes for a treatment only,
// trial or not; one indexed for the disease's epidemiology too still answers it.
func TestEpidemiologyQuestionsAndTreatmentStudies(t *testing.T) {
	set, err := concepts.Extract("How common is long COVID in children?")
	require.NoError(t, err)
	cases := []struct {
		name string
		mesh []string
		off  bool
	}{
		{"indexed for treatment only", []string{"Post-Acute COVID-19 Syndrome/drug therapy", "Glucocorticoids/therapeutic use", "Child"}, true},
		{"indexed for its epidemiology too", []string{"Post-Acute COVID-19 Syndrome/epidemiology", "Post-Acute COVID-19 Syndrome/drug therapy", "Child"}, false},
		{"indexed with Prevalence", []string{"Post-Acute COVID-19 Syndrome/therapy", "Prevalence", "Child"}, false},
		{"not indexed", nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var heads []string
			for _, m := range tc.mesh {
				heads = append(heads, strings.SplitN(m, "/", 2)[0])
			}
			evs := []domain.Evidence{{Content: "Children with long COVID after SARS-CoV-2 infection were followed; persistent symptoms at 12 weeks.",
				Citation: domain.Citation{PMID: "1", Title: "Long COVID in children: a cohort", MeshTerms: heads, MeshQualifiers: tc.mesh}}}
			Mark(set, evs)
			require.Equal(t, tc.off, evs[0].IsOffTopic(), "%+v", evs[0].Topic)
		})
	}
}

// TestMarkOrganOperations: an operation named by its organ is matched by the organ's other
// names ("renal transplantation") and not by the same operation on another organ.
func TestMarkOrganOperations(t *testing.T) {
	cases := []topicCase{
		{"Does belatacept improve graft survival after kidney transplantation?", "Belatacept conversion in renal transplant recipients", "Conversion to belatacept improved graft survival after renal transplantation.", false},
		{"Does belatacept improve graft survival after kidney transplantation?", "Belatacept after heart transplantation", "Belatacept was tolerated after heart transplantation; graft survival was unchanged.", true},
		{"Is liver resection better than ablation for small hepatocellular carcinoma?", "Hepatectomy versus radiofrequency ablation for small hepatocellular carcinoma", "Hepatic resection gave longer survival than ablation in hepatocellular carcinoma under 3 cm.", false},
		{"Is liver resection better than ablation for colorectal metastases?", "Lung resection versus ablation for colorectal metastases", "Pulmonary metastasectomy gave longer survival than radiofrequency ablation of colorectal lung metastases.", true},
		{"Is liver resection better than ablation for colorectal metastases?", "Hepatic resection versus ablation for colorectal metastases", "Hepatectomy gave longer survival than radiofrequency ablation of colorectal metastases.", false},
	}
	checkTopics(t, cases)
}

// TestMarkExclusionsAreNotStudied: a disease or a drug named only in the sentence that says
// who was kept out of a study is not what the study is about; named elsewhere too, it is.
func TestMarkExclusionsAreNotStudied(t *testing.T) {
	cases := []topicCase{
		{"Does tocilizumab induce remission in giant cell arteritis?", "Tocilizumab in refractory Takayasu arteritis: a randomised trial",
			"Patients with Takayasu arteritis received tocilizumab or placebo. Patients with giant cell arteritis were excluded. Relapse-free survival was longer with tocilizumab.", true},
		{"Does tocilizumab induce remission in giant cell arteritis?", "Tocilizumab in giant cell arteritis: a randomised trial",
			"Patients with giant cell arteritis received tocilizumab or placebo. Patients with Takayasu arteritis were excluded. Sustained remission was more frequent with tocilizumab.", false},
		{"Is colchicine effective after myocardial infarction?", "Colchicine for acute pericarditis: a randomised trial",
			"Adults with a first episode of acute pericarditis received colchicine or placebo. Exclusion criteria included myocardial infarction within 30 days. Colchicine reduced recurrence.", true},
		{"Is hydroxychloroquine effective in systemic lupus erythematosus?", "Triple therapy with hydroxychloroquine in rheumatoid arthritis",
			"Adults with rheumatoid arthritis received methotrexate, sulfasalazine and hydroxychloroquine. Patients with systemic lupus erythematosus were not eligible. Response rates were similar.", true},
		// What was left out in other words: "analysed separately and excluded", "not included",
		// "not examined".
		{"Does hydrocortisone reduce mortality in septic shock?", "Hydrocortisone in severe community-acquired pneumonia: a randomised trial",
			"Adults with severe pneumonia received hydrocortisone or placebo. Patients with septic shock were analysed separately and excluded from the main analysis. Mortality at day 28 was lower with hydrocortisone.", true},
		{"Pregnancy in Marfan syndrome: what is the risk of aortic dissection?", "Pregnancy outcomes in women with vascular Ehlers-Danlos syndrome",
			"We reviewed pregnancies in women with vascular Ehlers-Danlos syndrome. Women with Marfan syndrome were not included. Arterial dissection occurred in 14%.", true},
		{"Is advanced maternal age associated with an increased risk of stillbirth?", "Maternal age and risk of autism spectrum disorder in offspring",
			"We analysed 5 million children by maternal age. Perinatal outcomes such as stillbirth were not examined. Mothers aged 40 to 49 years had a 15% increased risk of autism.", true},
		{"Pregnancy in Marfan syndrome: what is the risk of aortic dissection?", "Aortic dissection in pregnant women with Marfan syndrome",
			"Women with Marfan syndrome were followed through pregnancy. Women with bicuspid aortic valve were not included. Aortic dissection occurred in 3%.", false},
	}
	checkTopics(t, cases)
}

// TestMarkAdjustmentsAreNotStudied: a factor named only in a model's adjustment list or as a
// covariate is a confounder of another exposure, not what the study asks; named in the
// findings too, it is studied.
func TestMarkAdjustmentsAreNotStudied(t *testing.T) {
	cases := []topicCase{
		{"Does coffee raise the risk of atrial fibrillation?", "Alcohol intake and incident atrial fibrillation: a cohort study",
			"We followed 40,000 adults for 12 years. Hazard ratios were adjusted for age, sex, coffee consumption and smoking. Heavy drinking was associated with a higher risk of atrial fibrillation (HR 1.35).", true},
		{"Does coffee raise the risk of atrial fibrillation?", "Alcohol intake and incident atrial fibrillation: a cohort study",
			"We followed 40,000 adults for 12 years. After adjustment for alcohol, each daily cup of coffee was associated with a 3% lower risk of atrial fibrillation.", false},
		{"Do statins lower the risk of Parkinson disease?", "Serum urate and the risk of Parkinson disease in men",
			"In 18,000 men, higher urate was associated with a lower risk of Parkinson disease (RR 0.7). Statin use was entered into the model as a covariate.", true},
		{"Is obesity a risk factor for kidney stones?", "Body size, weight gain and incident kidney stones",
			"In three cohorts, obesity was associated with more kidney stones (RR 1.4) in models controlling for diet and fluid intake.", false},
		// A confounder in parentheses is still adjusted for; a model's list is a list of
		// confounders.
		{"Is nitrogen dioxide exposure associated with asthma in children?", "Road traffic noise and childhood asthma: a birth cohort",
			"We followed 3,000 children. Models were adjusted for parental smoking and air pollution (nitrogen dioxide and PM10). Noise above 55 dB was associated with asthma (OR 1.2).", true},
		{"Do proton pump inhibitors raise the risk of hip fracture?", "Predictors of hip fracture in older women in primary care",
			"In 20,000 women, multivariable Cox regression included age, sex, body mass index, smoking and use of proton pump inhibitors and steroids. Prior fracture and low weight predicted hip fracture.", true},
		// A trial's stratification factor is no more studied than a confounder.
		{"Does quitting smoking improve survival after a diagnosis of lung cancer?", "Pembrolizumab plus chemotherapy in metastatic lung cancer",
			"We randomly assigned 600 patients with metastatic lung cancer to pembrolizumab or placebo with chemotherapy; randomisation was stratified by PD-L1 expression and smoking history. Overall survival was longer with pembrolizumab.", true},
		// What a trial let its patients go on taking is not what it studies.
		{"Is ocrelizumab effective in primary progressive multiple sclerosis?", "High-dose biotin in progressive multiple sclerosis: a randomised trial",
			"Patients with progressive multiple sclerosis received biotin or placebo. Concomitant disease-modifying therapy, including ocrelizumab, was permitted if stable. Disability did not improve with biotin.", true},
		// "Covariates included …" names every confounder at once.
		{"Is smoking associated with psoriasis?", "Alcohol consumption and incident psoriasis in women",
			"We studied 82,000 nurses. Covariates included age, body mass index, physical activity and smoking. Excess drinking was associated with psoriasis.", true},
	}
	checkTopics(t, cases)
}

// TestMarkNumberedInstruments: a scale named with a number is named by it alone.
func TestMarkNumberedInstruments(t *testing.T) {
	cases := []topicCase{
		{"FIB-4 index for detecting advanced fibrosis in nonalcoholic fatty liver disease", "Sequential FIB-4 and transient elastography to identify advanced fibrosis in nonalcoholic fatty liver disease",
			"In 500 patients with nonalcoholic fatty liver disease, FIB-4 below 1.3 excluded advanced fibrosis with a negative predictive value of 95%.", false},
		{"FIB-4 index for detecting advanced fibrosis in nonalcoholic fatty liver disease", "The APRI index for advanced fibrosis in nonalcoholic fatty liver disease",
			"In 500 patients with nonalcoholic fatty liver disease, the APRI index identified advanced fibrosis with an AUC of 0.70.", true},
	}
	checkTopics(t, cases)
}

// TestMarkRouteNotCounted: how a drug is given is not counted among its mentions: a
// review naming intravenous alteplase once and alteplase throughout studies it.
func TestMarkRouteNotCounted(t *testing.T) {
	cases := []topicCase{
		{"In adults with acute ischaemic stroke beyond 4.5 hours, does intravenous alteplase improve functional outcome?", "Thrombolysis for stroke beyond 4.5 hours selected by advanced imaging: a meta-analysis",
			"To estimate the effect of intravenous alteplase versus placebo in ischaemic stroke beyond 4.5 hours. Four trials with 843 patients (429 alteplase, 414 control) were included. Favourable outcome occurred in 47% of the alteplase group. Haemorrhage was more frequent with alteplase.", false},
	}
	checkTopics(t, cases)
}

// TestMarkOtherNamesAndAnimals: a test's other name in a title is the test ("computed
// tomography" for "head CT"); a mouse model does not answer whether an exposure is linked
// to a disease in the people asked about.
func TestMarkOtherNamesAndAnimals(t *testing.T) {
	cases := []topicCase{
		{"How sensitive is non-contrast head CT for ruling out subarachnoid haemorrhage in patients with acute headache?", "Sensitivity of computed tomography within six hours of headache onset for subarachnoid haemorrhage",
			"In 3132 neurologically intact patients with acute headache, non-contrast head CT within six hours had a sensitivity of 100% for subarachnoid haemorrhage.", false},
		{"Is long-term exposure to fine particulate matter associated with incident dementia in older adults?", "Chronic exposure to concentrated ambient particulate matter accelerates amyloid pathology in a transgenic mouse model of dementia",
			"Transgenic mice exposed to concentrated fine particulate matter for 6 months had more amyloid plaques and worse memory than mice breathing filtered air, a model of incident dementia.", true},
		{"Is long-term exposure to fine particulate matter associated with incident dementia in older adults?", "Fine particulate matter and incident dementia in older adults: a cohort study",
			"Among 2 million older adults, each 5 µg/m3 of long-term fine particulate matter exposure was associated with a 17% higher risk of incident dementia.", false},
		// An operation names no people: an animal model may answer it.
		{"Does topical N-acetylcysteine after myringotomy cause severe otorrhea?", "Topical N-acetylcysteine after myringotomy in the chinchilla: otorrhea and middle ear histology",
			"Chinchillas underwent myringotomy and received topical N-acetylcysteine or saline; severe otorrhea occurred in 40% after N-acetylcysteine.", false},
		// A title naming only the other group is about it, whatever the background says.
		{"denosumab vs bisphosphonates for postmenopausal osteoporosis - fracture prevention", "Denosumab in men receiving treatment for osteoporosis: a randomized, placebo-controlled trial",
			"Denosumab is approved for postmenopausal women with osteoporosis. We randomised 242 men with low bone mineral density to denosumab or placebo; lumbar spine BMD rose by 5.7%.", true},
		{"Is subclinical hypothyroidism associated with cardiovascular events in older adults?", "Subclinical hypothyroidism and incident cardiovascular disease in young and middle-aged adults",
			"In 260,000 adults aged 20 to 55 years, subclinical hypothyroidism was associated with a higher incidence of cardiovascular disease.", true},
		{"Is subclinical hypothyroidism associated with cardiovascular events in older adults?", "Subclinical hypothyroidism in early pregnancy and risk of miscarriage",
			"Among 5000 pregnant women, subclinical hypothyroidism in the first trimester was associated with miscarriage.", true},
		{"Is subclinical hypothyroidism associated with cardiovascular events in older adults?", "Subclinical hypothyroidism and cardiovascular events in older adults: a cohort study",
			"Among 3000 adults aged 70 years or older, subclinical hypothyroidism was associated with a higher rate of cardiovascular events.", false},
		{"Does low-dose CT screening reduce lung cancer mortality in heavy smokers?", "Low-dose CT screening for lung cancer in never-smoking women in Taiwan",
			"Lung cancer is common among never-smoking Asian women. We screened 12,000 women with low-dose CT; 2.6% had lung cancer detected.", true},
		// A paper on pregnancy speaks of pregnant women; a text message is an SMS.
		{"Does influenza vaccination during pregnancy protect infants from influenza?", "Influenza vaccination of pregnant women and protection of their infants",
			"We randomised 2116 pregnant women to trivalent influenza vaccine or placebo; vaccine efficacy against confirmed influenza in their infants was 49%.", false},
		{"Do text message reminders improve childhood vaccination rates?", "Effect of SMS reminders on timely completion of infant immunisation: a randomised trial",
			"Caregivers of 1600 infants were randomised to SMS reminders or usual care; timely completion of childhood vaccination rose from 75% to 86%.", false},
		// Babies born late preterm are not those born extremely preterm; lambs are no infants.
		{"What are the long-term cognitive outcomes at school age for children born extremely preterm?", "School performance of children born late preterm and early term",
			"Among 900,000 children, those born late preterm or early term had slightly lower school performance and cognitive scores than those born at full term.", true},
		{"Does delayed cord clamping improve outcomes in preterm infants?", "Physiological-based cord clamping stabilises cerebral oxygenation in preterm lambs",
			"Preterm lambs had delayed cord clamping after ventilation onset; cerebral oxygenation was more stable than with immediate clamping.", true},
		// A class by its members, a stimulation by its target, a programme by its kind of exercise.
		{"gabapentinoids for painful diabetic peripheral neuropathy", "Efficacy of pregabalin in neuropathic pain associated with diabetic peripheral neuropathy",
			"In 338 patients with painful diabetic peripheral neuropathy, pregabalin 600 mg/day reduced mean pain scores more than placebo.", false},
		{"deep brain stimulation Parkinson's disease motor fluctuations", "Neurostimulation for Parkinson's disease with early motor complications",
			"251 patients with Parkinson's disease and early motor complications were randomised to subthalamic stimulation plus medical therapy or medical therapy alone.", false},
		{"Can a structured exercise programme slow cognitive decline in older adults with mild cognitive impairment?", "Effect of aerobic exercise on cognition in older adults with mild cognitive impairment",
			"We randomised 300 older adults with mild cognitive impairment to 12 months of aerobic exercise or stretching; cognitive decline did not differ.", false},
		{"Does intra-articular hyaluronic acid reduce knee osteoarthritis pain?", "Viscosupplementation for osteoarthritis of the knee: a systematic review and meta-analysis",
			"Viscosupplementation with intra-articular hyaluronan was compared with placebo injection in 89 trials of knee osteoarthritis; the pain reduction was small.", false},
		// Shingles is herpes zoster; balanced crystalloids include lactated Ringer's.
		{"Does the recombinant zoster vaccine (Shingrix) prevent shingles in immunocompromised adults?", "Effect of recombinant zoster vaccine on incidence of herpes zoster after autologous stem cell transplantation",
			"1846 immunocompromised adults after autologous transplantation were randomised to recombinant zoster vaccine or placebo; herpes zoster occurred in 4.9% and 12.1%.", false},
		{"Are balanced crystalloids better than normal saline for sepsis?", "Lactated Ringer's solution versus 0.9% saline for initial resuscitation of sepsis",
			"Adults with sepsis in the emergency department were randomised to lactated Ringer's solution or 0.9% saline; lactated Ringer's reduced major adverse kidney events.", false},
		// Ankylosing spondylitis is axial spondyloarthritis.
		{"IL-17 inhibitors for axial spondyloarthritis", "Secukinumab, an interleukin-17A inhibitor, in ankylosing spondylitis",
			"In 371 patients with active ankylosing spondylitis, secukinumab 150 mg improved ASAS20 response at week 16 compared with placebo.", false},
		// Nor is a treatment in the patients a question names answered by a mouse model.
		{"Do SGLT2 inhibitors reduce heart failure hospitalizations in patients with heart failure with preserved ejection fraction?",
			"Empagliflozin attenuates diastolic dysfunction in a murine model of heart failure with preserved ejection fraction",
			"Mice with heart failure with preserved ejection fraction given empagliflozin for 8 weeks had less myocardial stiffness and better diastolic function than untreated mice.", true},
		{"Do SGLT2 inhibitors reduce heart failure hospitalizations in patients with heart failure with preserved ejection fraction?",
			"Empagliflozin in heart failure with a preserved ejection fraction",
			"In 5988 patients with heart failure with preserved ejection fraction, empagliflozin reduced the combined risk of cardiovascular death or hospitalization for heart failure.", false},
	}
	checkTopics(t, cases)
}

// TestMarkClassThenMembers: a class named first with members after it as examples is
// answered by a paper on the class; a drug named first with its class as a description is
// not answered by a paper on a sibling.
func TestMarkClassThenMembers(t *testing.T) {
	cases := []topicCase{
		{"Long-term PPIs (omeprazole, Nexium) and hip fracture risk in older adults", "Long-term proton pump inhibitor therapy and risk of hip fracture in older adults",
			"In a nested case-control study of older adults, proton pump inhibitor use for more than a year was associated with hip fracture (OR 1.44).", false},
		{"Ruxolitinib (JAK1/2 inhibitor) in myelofibrosis: does it reduce spleen volume?", "Fedratinib in patients with myelofibrosis: a randomized trial",
			"Patients with myelofibrosis received fedratinib, a JAK2 inhibitor, or placebo; spleen volume fell by 35% in 36%.", true},
	}
	checkTopics(t, cases)
}

// TestMarkBodySites: a disease of a joint or tendon is told apart by where it is: a paper
// on tennis elbow does not answer a question on Achilles tendinopathy.
func TestMarkBodySites(t *testing.T) {
	cases := []topicCase{
		{"Platelet-rich plasma for chronic midportion Achilles tendinopathy: does it improve function?", "Platelet-rich plasma in chronic lateral epicondylitis",
			"Patients with chronic lateral elbow tendinopathy were randomised to platelet-rich plasma or corticosteroid. Function improved more with platelet-rich plasma.", true},
		{"Platelet-rich plasma for chronic midportion Achilles tendinopathy: does it improve function?", "Platelet-rich plasma versus saline for chronic Achilles tendinopathy",
			"Adults with chronic midportion tendinopathy of the Achilles tendon received platelet-rich plasma or saline. Function did not differ.", false},
		{"Does exercise therapy reduce pain in knee osteoarthritis?", "Exercise therapy for hip osteoarthritis: a randomised trial",
			"Adults with hip osteoarthritis were randomised to exercise therapy or usual care. Pain fell more with exercise.", true},
		{"Does exercise therapy reduce pain in knee osteoarthritis?", "Exercise for osteoarthritis of the knees",
			"Adults with osteoarthritis of both knees did exercise therapy or waited. Pain fell more with exercise.", false},
	}
	checkTopics(t, cases)
}

// TestMarkTestNamedInPassing: under a question on a test, a paper whose title studies other
// tests and whose abstract names the asked one once (the reference standard) does not study
// it; a drug or a resistance in the title is what a test looks for, not another test.
func TestMarkTestNamedInPassing(t *testing.T) {
	cases := []topicCase{
		{"How accurate is MRI for detecting anterior cruciate ligament tears?", "Diagnostic accuracy of the Lachman, anterior drawer and pivot shift tests for anterior cruciate ligament injury",
			"We pooled studies comparing clinical tests with arthroscopy or MRI for anterior cruciate ligament rupture. The Lachman test had a sensitivity of 81%.", true},
		{"How accurate is MRI for detecting anterior cruciate ligament tears?", "Magnetic resonance imaging of anterior cruciate ligament tears",
			"MRI had a sensitivity of 92% for anterior cruciate ligament tears against arthroscopy. MRI missed partial tears.", false},
		{"How accurate is Xpert MTB/RIF for diagnosing pulmonary tuberculosis?", "Rapid molecular detection of tuberculosis and rifampin resistance",
			"In 1730 patients with suspected pulmonary tuberculosis, the Xpert MTB/RIF assay detected 98% of smear-positive cases.", false},
	}
	checkTopics(t, cases)
}

// TestMarkPlacesAndNames: people in rural areas are not city dwellers, and tai chi goes by
// tai ji quan too.
func TestMarkPlacesAndNames(t *testing.T) {
	cases := []topicCase{
		{"What is the prevalence of hypertension among adults living in rural Nigeria?", "Hypertension prevalence among adults in urban Lagos, Nigeria",
			"A community survey of 2000 adults in Lagos found hypertension in 31%.", true},
		{"What is the prevalence of hypertension among adults living in rural Nigeria?", "Hypertension in rural and urban Nigeria",
			"Among adults in rural villages and in cities, hypertension was found in 24% and 31%.", false},
		{"Does tai chi reduce falls in older adults?", "Tai ji quan versus stretching for reducing falls among older adults",
			"Tai ji quan reduced falls by 58% compared with stretching in older adults.", false},
	}
	checkTopics(t, cases)
}

// TestMarkCausesAndKinds: a disease named by its cause ("cancer-related fatigue") is not
// answered by the same complaint of another cause, nor a disease of one kind by a title
// naming another kind; a treatment cause may be named by its member.
func TestMarkCausesAndKinds(t *testing.T) {
	cases := []topicCase{
		{"What interventions reduce cancer-related fatigue?", "Modafinil for fatigue in multiple sclerosis: a randomised trial",
			"In 120 patients with multiple sclerosis and fatigue, modafinil 200 mg reduced fatigue severity scores more than placebo.", true},
		{"What interventions reduce cancer-related fatigue?", "Aerobic exercise for fatigue in women treated for breast cancer",
			"Women after treatment for breast cancer were randomised to supervised aerobic exercise or usual care; fatigue scores fell by 4 points.", false},
		{"What are the treatment options for chemotherapy-induced peripheral neuropathy?", "Duloxetine for painful oxaliplatin-induced peripheral neuropathy",
			"Patients with painful peripheral neuropathy after oxaliplatin were randomised to duloxetine or placebo; pain scores fell more with duloxetine.", false},
		{"What are the treatment options for chemotherapy-induced peripheral neuropathy?", "Pregabalin for painful diabetic peripheral neuropathy",
			"Adults with type 2 diabetes and painful peripheral neuropathy received pregabalin or placebo for 12 weeks; pain scores fell by 1.5 points.", true},
		{"What works for tardive dyskinesia?", "Amantadine for levodopa-induced dyskinesia in Parkinson disease",
			"Patients with Parkinson disease and troublesome dyskinesia on levodopa were randomised to amantadine or placebo; dyskinesia scores improved.", true},
		{"What treatments help chronic low back pain?", "Paracetamol for acute low-back pain: a randomised trial",
			"Adults with low-back pain of less than six weeks were randomised to paracetamol or placebo; recovery time did not differ.", true},
		// A drug as prophylaxis is written of as preventing the disease.
		{"olanzapine for chemotherapy-induced nausea and vomiting prophylaxis", "Olanzapine for the prevention of chemotherapy-induced nausea and vomiting",
			"Patients receiving highly emetogenic chemotherapy were randomised to olanzapine or placebo with standard antiemetics; no nausea occurred in 37% and 22%.", false},
		// Sinusitis is written rhinosinusitis; prediabetes impaired glucose tolerance.
		{"Do antibiotics help adults with acute uncomplicated sinusitis?", "Amoxicillin for acute rhinosinusitis: a randomized controlled trial",
			"Adults with acute rhinosinusitis were randomised to amoxicillin or placebo for 10 days; symptom scores at day 3 did not differ.", false},
		{"metformin for prevention of type 2 diabetes in people with prediabetes", "Reduction in the incidence of type 2 diabetes with lifestyle intervention or metformin",
			"3234 adults with impaired glucose tolerance were randomised to placebo, metformin or a lifestyle programme; metformin reduced the incidence of type 2 diabetes by 31%.", false},
		// A class the vocabulary does not know is matched by the members the question lists;
		// hepatitis B is HBV.
		{"VMAT2 inhibitors (valbenazine, deutetrabenazine) for tardive dyskinesia", "Valbenazine for tardive dyskinesia: a randomised trial",
			"Adults with tardive dyskinesia were randomised to valbenazine 80 mg or placebo; AIMS scores fell by 3.2 and 0.1 points.", false},
		{"Antiviral prophylaxis (entecavir, tenofovir) to prevent hepatitis B reactivation during rituximab-based chemotherapy",
			"Tenofovir prophylaxis during rituximab chemotherapy in HBsAg-negative, anti-HBc-positive lymphoma",
			"Patients receiving rituximab-based chemotherapy were randomised to tenofovir or monitoring; HBV reactivation occurred in 0% and 10%.", false},
		// Alcoholic hepatitis is alcohol-associated hepatitis.
		{"Severe alcohol-associated hepatitis: prednisolone or pentoxifylline - which works?", "Prednisolone or pentoxifylline for alcoholic hepatitis",
			"1103 patients with severe alcoholic hepatitis were randomised in a factorial design; prednisolone reduced 28-day mortality, pentoxifylline did not.", false},
		// Faecal microbiota transplantation is an infusion of donor feces; TB is tuberculosis.
		{"fecal microbiota transplantation recurrent Clostridioides difficile infection", "Duodenal infusion of donor feces for recurrent Clostridioides difficile infection",
			"Patients with recurrent Clostridioides difficile infection were randomised to an infusion of donor feces after vancomycin or to vancomycin alone; 81% and 31% were cured.", false},
		{"What are the risk factors for progression from latent tuberculosis infection to active TB disease?", "Incidence of active tuberculosis among household contacts with latent infection",
			"We followed 4481 household contacts with latent tuberculosis infection for two years; progression to active tuberculosis was associated with HIV and diabetes.", false},
		// A drug's salt need not be named; surgical patients are patients having surgery.
		{"Does caffeine citrate reduce apnea of prematurity in very preterm infants?", "Early caffeine and apnea of prematurity in extremely preterm infants",
			"Among 2900 extremely preterm infants, caffeine started in the first two days was associated with fewer days of apnea of prematurity.", false},
		{"Prophylactic haloperidol for postoperative delirium in elderly surgical patients", "Haloperidol prophylaxis for delirium in elderly patients after hip surgery",
			"430 patients aged 70 or older having hip surgery were randomised to haloperidol or placebo; postoperative delirium occurred in 15% and 17%.", false},
		// Usual care in a title is the comparison, not another treatment studied; a class
		// heading the members compared is answered by a trial of any of them.
		{"Is bariatric surgery better than medication for getting type 2 diabetes into remission?",
			"Long-term diabetes remission after bariatric surgery compared with usual care: a matched cohort study",
			"Among 4000 adults with type 2 diabetes, bariatric surgery was followed by remission in 62% against 4% with usual care.", false},
		{"anti-VEGF injections for diabetic macular edema: aflibercept vs ranibizumab vs bevacizumab",
			"Ranibizumab with prompt or deferred laser for diabetic macular edema: five-year outcomes",
			"Eyes with diabetic macular edema received ranibizumab with prompt or deferred laser; visual acuity gains were kept at five years.", false},
		// Birth defects are congenital malformations.
		{"Is ondansetron in early pregnancy linked to birth defects?", "First-trimester ondansetron exposure and congenital malformations",
			"Among 1.8 million pregnancies, first-trimester ondansetron exposure was not associated with congenital malformations overall.", false},
	}
	checkTopics(t, cases)
}

// TestMarkOrgansAndOtherSenses: an organ word, or a word naming one of the unrelated
// diseases a head names (portal hypertension, diabetes insipidus, multiple sclerosis), says
// which disease of its head's kind a condition is (heart failure is not renal or treatment
// failure; cardiac failure is heart failure), and a disease's name inside a phrase of another sense (ST depression, heat
// shock, stroke volume) does not make a paper about the disease, unless the question asks
// about that phrase.
func TestMarkOrgansAndOtherSenses(t *testing.T) {
	cases := []topicCase{
		{"Does digoxin reduce hospitalisation in heart failure?", "Digoxin and treatment failure in atrial fibrillation",
			"Digoxin reduced treatment failure and hospitalisation in patients with atrial fibrillation.", true},
		{"Does digoxin reduce hospitalisation in heart failure?", "Digoxin in renal failure",
			"Patients with chronic renal failure received digoxin; hospitalisation did not change.", true},
		{"Does digoxin reduce hospitalisation in heart failure?", "Digoxin in chronic cardiac failure",
			"Patients with chronic cardiac failure were randomised to digoxin or placebo. Digoxin reduced hospitalisation.", false},
		{"Is sildenafil effective for pulmonary hypertension?", "Sildenafil and blood pressure in systemic hypertension",
			"Sildenafil lowered blood pressure slightly in men with treated hypertension.", true},
		{"Does exercise reduce depression in older adults?", "Precision of the treadmill exercise test",
			"Maximal ST depression at sub-maximal exercise in older adults had less random variation than other measures.", true},
		{"Does exercise reduce depression in older adults?", "Exercise for depression in older adults",
			"Older adults with depression were randomised to supervised exercise or usual care. Depressive symptoms fell more with exercise.", false},
		{"Does naloxone reverse opioid respiratory depression?", "Naloxone for opioid-induced respiratory depression",
			"Intranasal naloxone reversed opioid-induced respiratory depression within minutes.", false},
		{"Does naloxone reverse opioid respiratory depression?", "Naloxone augmentation in major depression",
			"Naloxone did not improve mood in opioid-naive patients with major depression.", true},
		{"Does vasopressin improve survival in septic shock?", "Vasopressin and heat shock protein expression",
			"Vasopressin induced heat shock protein 70 and improved survival of septic rat cardiomyocytes in culture.", true},
		{"Does magnesium prevent stroke?", "Magnesium and stroke volume in critically ill patients",
			"Intravenous magnesium increased stroke volume and cardiac output.", true},
		{"Does propranolol prevent bleeding in portal hypertension?", "Propranolol in essential hypertension",
			"Propranolol lowered blood pressure and prevented bleeding in essential hypertension.", true},
		{"Does propranolol prevent bleeding in portal hypertension?", "Propranolol in cirrhosis",
			"Propranolol prevented variceal bleeding in patients with cirrhosis and portal hypertension.", false},
		{"Is desmopressin effective in diabetes insipidus?", "Desmopressin in type 2 diabetes",
			"Desmopressin reduced nocturia in adults with type 2 diabetes.", true},
		{"Does ocrelizumab slow multiple sclerosis?", "Ocrelizumab in systemic sclerosis",
			"Ocrelizumab slowed skin thickening in systemic sclerosis.", true},
	}
	checkTopics(t, cases)
}

// TestOtherSenseReason: a paper set aside because it names the condition's word only in
// another sense says so, so the reason does not read as wrong beside its abstract.
func TestOtherSenseReason(t *testing.T) {
	set, err := concepts.Extract("Does exercise reduce depression in older adults?")
	require.NoError(t, err)
	evs := []domain.Evidence{{Content: "Maximal ST depression at sub-maximal exercise in older adults had less random variation.",
		Citation: domain.Citation{Source: domain.SourcePubMed, ID: "1", Title: "Precision of the treadmill exercise test"}}}
	Mark(set, evs)
	require.True(t, evs[0].IsOffTopic())
	require.Equal(t, "does not mention the condition (depression); it names ST depression, another thing", evs[0].Topic.Reason)
}

// TestMarkDerivativeHeadingsAreNotTheDrug: MEDLINE indexes a rabeprazole trial under
// "Omeprazole/analogs & derivatives" and lists omeprazole among its chemicals; that does not
// make it a study of omeprazole. The same heading without the qualifier does.
func TestMarkDerivativeHeadingsAreNotTheDrug(t *testing.T) {
	set, err := concepts.Extract("Does omeprazole work better than ranitidine for reflux oesophagitis?")
	require.NoError(t, err)
	for _, tc := range []struct {
		name       string
		qualifiers []string
		offTopic   bool
	}{
		{"derivative", []string{"Omeprazole/analogs & derivatives", "Ranitidine/therapeutic use"}, true},
		{"the drug itself", []string{"Omeprazole/therapeutic use", "Ranitidine/therapeutic use"}, false},
		// A source that drops subheadings (PubMedQA's MeSH lists) leaves the bare parent
		// beside the analog the text names: the analog's family, not the drug.
		{"bare parent beside the named analog", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := ev("1", "Rabeprazole versus ranitidine for the treatment of erosive oesophagitis",
				"Patients with erosive oesophagitis received rabeprazole 20 mg or ranitidine 150 mg for 8 weeks. Healing rates were higher with rabeprazole.",
				"Omeprazole", "Ranitidine", "Esophagitis, Peptic")
			e.Citation.Chemicals = []string{"Rabeprazole", "Ranitidine", "Omeprazole"}
			e.Citation.MeshQualifiers = tc.qualifiers
			evs := []domain.Evidence{e}
			Mark(set, evs)
			require.Equal(t, tc.offTopic, evs[0].IsOffTopic(), "%+v", evs[0].Topic)
			if tc.offTopic {
				require.Contains(t, evs[0].Topic.Reason, "omeprazole")
			}
		})
	}
	// A bare heading with no sibling named in the text is still the drug: the abstract may
	// say only "a proton pump inhibitor".
	e := ev("2", "Proton pump inhibitor versus ranitidine for erosive oesophagitis",
		"Patients with erosive oesophagitis received a proton pump inhibitor or ranitidine for 8 weeks.", "Omeprazole", "Ranitidine", "Esophagitis, Peptic")
	evs := []domain.Evidence{e}
	Mark(set, evs)
	require.False(t, evs[0].IsOffTopic(), "%+v", evs[0].Topic)
}
