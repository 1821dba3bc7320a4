package concepts

import "strings"

// pubmedStopwords is PubMed's published stopword list: words PubMed ignores in a query.
// Keeping them in a query is harmless on PubMed but not on Europe PMC or ClinicalTrials.gov,
// and they never carry a concept.
var pubmedStopwords = set(`a about again all almost also although always among an and another any are as at
be because been before being between both but by can could did do does done due during each either enough
especially etc for found from further had has have having here how however i if in into is it its itself
just kg km made mainly make may mg might ml mm most mostly must nearly neither no nor obtained of often on
our overall perhaps pmid quite rather really regarding seem seen several should show showed shown shows
significantly since so some such than that the their theirs them then there therefore these they this
those through thus to upon use used using various very was we were what when which while with within
without would`)

// questionWords are the words that make a question a question or address the reader.
var questionWords = set(`who whom whose why where whether what's how's is are was were will shall
there's it's you your yours me my mine us ours anyone anybody someone something anything everything
about versus vs compared comparison against or not after other others plus
perform performed performing performs make makes making become becomes became compare comparing
diagnose diagnosed diagnosing detect detecting replace replaced replacing differentiate
differentiating distinguish distinguishing vary varies varying interest contribution number
matter exist happen happens occur occurs occurred give given get gets got take takes taken
whereas yet though does did do done say says said think thought following followed before
undergoing undergo undergoes underwent receiving received receive treated given versus toward towards
regard regards respect terms basis case cases aspect aspects issue issues question questions answer
besides except excluding switching switch switched switches converting transitioning
you're i'm i've i'd we're they're you've don't doesn't isn't aren't can't won't didn't shouldn't
introduction introducing ago go away proportion proportions prescribe lack completed newly soon took gave epidemiology im ive dont doesnt isnt arent he she him her his hers himself herself he's she's now worried worry worrying
cant cannot unable around outside inside promote promoted promoting impair impairs
suitable mechanisms mandatory warranted prior elevated unfit ineligible main apply develop develops developed underlie underlies fail fails screened attend attends attending attended ok okay alright despite later-in-life gone-away mentioned suggested hasn't haven't hasnt havent wasn't weren't keeps keeps-coming-back cheaper costlier easier quicker every-time each-time
keep-anything-down keep-food-down keep-it-down keep-fluids-down keep-things-down wake-me-up wakes-me-up waking-me-up wake-up waking-up
every-day every-night every-week every-morning stayed nearly worth own`)

// vagueWords are verbs, adjectives and nouns a question uses to ask about a relationship
// but that an abstract need not use: ANDing one of them ("improve", "affect", "really")
// empties a PubMed result for nothing.
var vagueWords = set(`evidence-based previously heavily pretreated pre-treated reverses reversed relieves relieved responding responded tried try already else longer next apart instead presents added top things cm mm getting pathogenesis pathophysiology aetiology etiology identify identifies exclude excludes taking receiving enable enables allow allows permit permits facilitate facilitates improve improves improved improving improvement improvements reduce reduces reduced
reducing reduction increase increases increased increasing decrease decreases decreased decreasing
affect affects affected affecting effect effects effective effectiveness efficacy efficacious impact
impacts influence influences influenced associated association associations associate relationship
relationships relation related relate role roles help helps helpful work works working cause causes
caused causing lead leads leading predict predicts predicted predictive predictor predictors benefit
benefits beneficial better worse best worst new novel useful usefulness possible possibly good bad
evidence study studies studied really actually truly indeed still even ever matter matters important
importance necessary needed need needs needing require required requires requiring prevent prevents prevented preventing
change changes changed alter alters altered modify modifies modified determine determines influence
contribute contributes contributing linked link links correlate correlates correlated correlation
difference differences different differ differs same similar similarly safe safely safety well way
ways kind kinds type types factor factors level levels value valuable valid validity role
exist exists existing present presence absent absence possible potential potentially likely likelihood
appropriate adequate adequately sufficient sufficiently reliable reliably accurate accurately
candidate candidates repurposed repurposing repurpose treat treats treated treating treatable
cure cures curing manage managed managing management managment option options approach approaches strategy
strategies worth worthwhile justified justify recommended recommend recommendation one two three
first second best-known known unknown current currently recent recently available availability
whether lot many much more less fewer few high higher low lower slow slows slowed slowing delay delays
delayed delaying protect protects protected protecting protective feasible feasibility justifiable
acceptable alternative alternatives happen happens waiting disaster underprescribe underprescribed
overprescribe overprescribed underused overused underuse overuse adequately offer offers offered
reconsider reconsidered provide provides provided confer confers play plays elucidate depend depends
equal equivalent seeing see assess assesses assessed assessing adversely positively negatively
significantly substantially markedly directly indirectly independently routinely effectively successfully
properly correctly differently additionally simultaneously consistently correspond corresponds
corresponding applicable based common commonly amenable measured addition place over promise promises
promising shorten shortens shortened hasten hastens hastened preserve preserves preserved preserving heal heals
safer safest rise rises rising respond responds
neuroprotective cardioprotective renoprotective hepatoprotective indicated indication indications
superior inferior noninferior non-inferior outperform outperforms outperformed alone combination combined
approved fda-approved licensed marketed off-label repurposable
optimal optimum ideal relieve relieves relieved relieving alleviate alleviates alleviated tolerated
guide guided guiding sensitive stop stops stopped stopping discontinue discontinued withhold withheld interrupt interrupted
pass
investigated investigate investigating studied tested trialled trialed explored
speed speeds accelerate accelerates prolong prolongs prolonging raise raises raising
stunt stunts interact interacts viable
too days hours old under getting wearing trying predicting dangerous harmful emerging investigational upcoming preferable developed developing
adding add adds continue continued continuing beyond year years month months week weeks admitted want wants staging
natural-history
discrepancy discrepancies connection connections uniformity context
worsen worsens worsened rid intolerant tolerate yield yields yielded achieve achieves achieved achieving
relative cut cuts independent independently induce induces initiated commenced begun delivered administered typically usually generally normally eventually
trigger triggers triggered provoke provokes provoked precipitate precipitates regulate regulates modulate modulates
mediate mediates limit limits counteract counteracts drive drives approached
four five six seven eight nine ten eleven twelve fourteen fifteen twenty thirty
economically financially technically lowers harm harms widespread`) // nouns of a relation, like "relationship"

// generic are class words true of almost any clinical paper: kept as a concept (they say
// what kind of thing is asked for) but never required and dropped first from a query.
var generic = set(`drug drugs medication medications medicine medicines meds treatment treatments tx therapy
therapies therapeutic intervention interventions patient patients people person persons subject
subjects individual individuals human humans population populations outcome outcomes agent agents
compound compounds pharmacological pharmacotherapy clinical trial trials disease diseases condition
conditions disorder disorders prevention
dose doses dosage dosages dosing
target targets
non-drug nondrug non-pharmacological nonpharmacological non-pharmacologic nonpharmacologic
device devices`)

// Role lexicons: common words of each role. Suffixes below catch the long tail of disease
// and drug names the lists cannot hold. "Septic" is sepsis's adjective and names the
// patients' condition ("septic VLBW infants"); a muscle strain is an injury (MeSH Sprains and
// Strains), and as a known word "strains" is no slip for "sprains". Wine, beer and coffee
// are what a question about a drink asks of (MeSH Wine, Beer, Coffee): as the exposure,
// like a drug, they keep that role beside a word the parse does not know ("wine with
// meals"). (Not "alcohol", which begins the names of diseases: "alcohol dependence",
// "alcohol withdrawal"; nor "tea", which begins "tea tree oil".)
var conditionWords = set(`disease diseases disorder disorders syndrome syndromes cancer cancers carcinoma prediabetes prediabetic xdr-tb mdr-tb rr-tb drowning flail-chest
radiation-proctitis radiation-pneumonitis radiation-dermatitis radiation-enteritis radiation-cystitis radiation-necrosis
radiation-oesophagitis radiation-esophagitis radiation-fibrosis
emesis neovascularisation neovascularization malnutrition undernutrition rebleeding qt-prolongation dry-mouth xerostomia
illness hyperthermia dystocia rosacea hyperalgesia lead-poisoning rejection low-birth-weight very-low-birth-weight extremely-low-birth-weight
syphilis chlamydia ebola mpox impetigo self-harm tb strep-throat premature-ejaculation harmful-drinking hazardous-drinking binge-drinking
tumor tumors tumour tumours neoplasm neoplasms malignancy infection infections failure injury injuries
fracture fractures diabetes hypertension asthma stroke depression schizophrenia obesity overweight pain
covid-19 covid sars-cov-2 hiv aids sepsis pneumonia dementia alzheimer parkinson autism adhd epilepsy
seizure seizures migraine influenza tuberculosis malaria hepatitis cirrhosis infarction ischemia
ischaemia angina arrhythmia fibrillation thrombosis embolism aneurysm lupus psoriasis eczema acne
glaucoma cataract cataracts myopia anemia anaemia leukemia leukaemia lymphoma melanoma sarcoma myeloma
glioma glioblastoma ulcer ulcers colitis crohn's crohn dyspepsia reflux gerd constipation diarrhea
diarrhoea high-blood-pressure high-cholesterol incontinence infertility preeclampsia pre-eclampsia eclampsia endometriosis osteoporosis
osteoarthritis arthritis gout scoliosis hernia appendicitis cholecystitis pancreatitis copd emphysema
bronchitis bronchiolitis cystic fibrosis fibrosis delirium anxiety insomnia apnea apnoea bipolar
psychosis addiction alcoholism dependence abuse trauma burns burn wound wounds lesion lesions stenosis
regurgitation insufficiency deficiency deficiencies shock hemorrhage haemorrhage bleeding coma concussion palsy
sclerosis dystrophy atrophy hypoglycemia hyperglycemia hyperlipidemia dyslipidemia hypercholesterolemia
hypothyroidism hyperthyroidism metastasis metastases metastatic relapse mutation mutations allergy
allergies allergic inflammation inflammatory cardiovascular coronary vascular renal kidney hepatic liver
cardiac heart lung pulmonary cerebral neurological psychiatric mental oncology cancerous dysfunction
disability complications complication pregnancy preterm prematurity birth defects malformation
anomalies sids smoking obesity-related covid19 long-covid als ptsd mci ckd nafld nash ibd pcos sle aki ards
psoriasis deafness common-cold stillbirth stillbirths miscarriage miscarriages edema oedema nausea vomiting
alopecia suicide suicidal
fatigue tinnitus vertigo dizziness dyspnea dyspnoea cough fever headache headaches pruritus frailty
hearing-loss vision-loss heart-failure-with-preserved-ejection-fraction heart-failure-with-reduced-ejection-fraction
ocd withdrawal
zoster herpes shingles surgical-site-infection surgical-site-infections pphn failed-back-surgery-syndrome
glue-ear sore-throat postoperative-nausea-and-vomiting apnoea-of-prematurity apnea-of-prematurity pml
jet-lag low-back-pain baldness caries
croup pneumothorax enuresis haemangioma hemangioma bacteraemia bacteremia syncope bradycardia tachycardia
stone stones calculi calculus
epilepticus polypharmacy burnout degeneration thrombus thrombi hyperemesis agitation impairment leak leakage
scabies breathlessness restless-legs mild-cognitive-impairment cognitive-impairment c-diff pressure-injuries pressure-injury
pressure-ulcers pressure-ulcer
leukoplakia tear tears hcm sudden-cardiac-death sudden-cardiac-arrest urticaria neonatal-abstinence-syndrome
neonatal-opioid-withdrawal-syndrome
poisoning overdose sting stings bite bites envenomation envenoming torsion dengue measles mumps rubella pertussis
cholera typhoid leprosy rabies pemphigus pemphigoid obstruction hyperinfection hypersensitivity nightmares dyskinesia
anorexia bulimia hidradenitis sequelae cryptorchidism undescended-testis undescended-testes overactive-bladder
hyperplasia bladder-outlet-obstruction delayed-graft-function rupture ruptures tendinopathy atresia sma
trisomy sickness dry-socket enterobacterales enterobacteriaceae klebsiella pseudomonas acinetobacter staphylococcus
mrsa vre esbl candidiasis tics eosinophilic-granulomatosis-with-polyangiitis granulomatosis-with-polyangiitis
critical-illness gallstone gallstones nodule nodules polyp polyps cyst cysts ileus
sciatica epistaxis nosebleed nosebleeds wheeze wheezing colic piles haemorrhoids hemorrhoids lice dislocation dislocations
head-lice frozen-shoulder hot-flushes hot-flashes hot-flush hot-flash blood-clots blood-clot water-on-the-knee swollen-ankles
sugar-diabetes cold-sores cold-sore irregular-heartbeat swollen-legs vitiligo melasma catatonia spasticity ascites iron-overload anaphylaxis anaphylactic
exercise-intolerance sudden-infant-death-syndrome cot-death dysphagia dysphonia dysarthria aphasia apraxia dyspraxia dyslexia bad-back
retinopathy-of-prematurity keratoconus itching itch pruritus lower-back-pain tennis-elbow keloid keloids pilonidal dry-eye dry-eyes toenail-fungus nail-fungus stomach-bug stomach-flu tummy-bug
throwing-up hay-fever pink-eye athlete-foot athletes-foot morning-sickness period-pain period-pains kidney-stones kidney-stone
underactive-thyroid overactive-thyroid whooping-cough chickenpox chicken-pox lazy-eye water-infection bladder-infection heavy-periods night-sweats sprained dryness wetting-the-bed bed-wetting bedwetting
septic strain strains irritable-bowel smoking-weed claudication angioedema tiredness leaking-urine tooth-decay dental-decay caries car-crashes car-crash car-accidents car-accident sprain sprains rhabdomyolysis cleft clefts loneliness labour labor myasthenia precancerous premalignant dysplasia prolapse immunodeficiency ataxia detachment
otitis-media-with-effusion`)

var interventionWords = set(`contraceptive contraceptives contraception drug drugs medication medications medicine medicines treatment treatments tx therapy
tax taxes taxation levy ban bans legislation prohibition
therapies therapeutic intervention interventions surgery surgical operation resection transplant
transplantation vaccine vaccines vaccination immunization immunisation inhibitor inhibitors antagonist
antagonists agonist agonists blocker blockers antibody antibodies supplement supplements supplementation
vitamin vitamins exercise training rehabilitation physiotherapy counseling counselling education
program programme programs screening diet dietary chemotherapy radiotherapy radiation immunotherapy
aspirin metformin insulin statin statins antibiotic antibiotics antiviral antivirals steroid steroids
corticosteroid corticosteroids opioid opioids analgesic analgesics anesthesia anaesthesia stent stents
stenting implant implants device devices catheter dialysis ventilation oxygen acupuncture massage
psychotherapy cbt mindfulness yoga placebo dose dosing regimen prophylaxis prophylactic injection
infusion tablet tablets pill pills laser ultrasound imaging mri ct biopsy test testing tests telephone
telemedicine telehealth app reminder reminders intervention-based transfusion stimulation replacement cannula repair juice
weight-loss-surgery medical-therapy medical-treatment medical-management induction-of-labour induction-of-labor
comprehensive-geriatric-assessment renal-replacement-therapy haemodialysis hemodialysis family-therapy mindfulness-based-stress-reduction negative-pressure-wound-therapy

extubation tracheostomy pci cabg tavi tavr ecmo ercp watchful-waiting tai-chi qigong pilates deprescribing
injections infusions epidural analgesia sedation timed-up-and-go hearing-aid hearing-aids shift-work pressure-garments stool-transplant faecal-transplant fecal-transplant
booster boosters booster-shot booster-shots booster-dose booster-doses flu-shot flu-shots flu-jab flu-jabs
nerve-block nerve-blocks plane-block plane-blocks inferior-alveolar-nerve-block positioning circumcision denervation
cardiac-resynchronisation-therapy cardiac-resynchronization-therapy mobilisation mobilization
enhanced-recovery-after-surgery antibiotic-stewardship antimicrobial-stewardship reconstruction reconstructions
homeopathy homoeopathy naturopathy osteopathy chiropractic emollient emollients moisturiser moisturisers moisturizer
moisturizers protector protectors cross-linking crosslinking
rehab motivational-interviewing kangaroo-mother-care kangaroo-care skin-to-skin-contact cash-transfers cash-transfer
minimum-unit-pricing audit-and-feedback rounding teach-back incentives incentive vouchers voucher subsidy subsidies coaching bowel-preparation bowel-prep
pulmonary-rehabilitation cardiac-rehabilitation decompression harm-reduction
anticoagulation thromboprophylaxis thrombolysis chemoprophylaxis immunosuppression tapering rehydration resuscitation
cardioversion ablation desensitization desensitisation decolonization decolonisation detoxification paracentesis thoracentesis
arthrocentesis sealant sealants varnish bandaging bandage bandages telemonitoring usual-care standard-care chemoprevention clamping cord-clamping
inhaler inhalers spacer spacers nebuliser nebulizer nebulisers nebulizers socks stockings reboa tourniquet tourniquets
fixation prehabilitation checklist checklists surgical-safety-checklist speech-and-language-therapy
wine wines beer beers coffee
blood-pressure-tablets blood-pressure-pills blood-pressure-medication blood-pressure-medications blood-pressure-medicine blood-pressure-medicines`)

var outcomeWords = set(`medication-adherence medication-non-adherence medication-nonadherence treatment-adherence
survival mortality death deaths dying recurrence recur recurs readmission readmissions
remission response responses adherence compliance quality-of-life qol complication incidence
prevalence risk risks cost costs cost-effectiveness length stay length-of-stay activities-of-daily-living hospitalization hospitalisation
admission admissions relapse progression morbidity disability function functioning cognition
cognitive symptoms symptom severity healing recovery outcome outcomes accuracy sensitivity
specificity diagnosis diagnostic prognosis prognostic weight-loss weight bmi pressure glucose hba1c
cholesterol satisfaction toxicity toxicities adverse events side-effects tolerability uptake use
utilization utilisation attendance rates rate success failure-rate duration
major-adverse-cardiovascular-events major-adverse-cardiac-events addictive stone-passage extubation-failure failed-extubation unplanned-extubation accidental-extubation
adverse-effects adverse-events adverse-reactions adverse-drug-reactions adverse-drug-reaction adverse-drug-events adverse-drug-event
triglycerides triglyceride exacerbation exacerbations
cost-effective glycemic glycaemic blood-loss
falls fall lung-function live-birth clinical-pregnancy ongoing-pregnancy negative-predictive-value positive-predictive-value major-cardiovascular-events`)

var populationWords = set(`men-who-have-sex-with-men msm children child pediatric paediatric infants infant neonates neonatal newborn
newborns adolescents adolescent teenagers youth young adults adult elderly older aged aging ageing
women woman men man female male females males mothers pregnant veterans smokers athletes students
nurses physicians doctors residents workers employees inpatients outpatients survivors caregivers
families family community rural urban ethnic minority minorities african-american hispanic asian
black white population-based nursing-home
icu babies baby kids infancy
mum mom dad son daughter husband wife grandma grandpa grandad granddad toddler toddlers hospitalised hospitalized
sister brother aunt uncle cousin niece nephew grandson granddaughter grandmother grandfather father mother fathers
people-who-inject-drugs people-who-use-drugs girls boys girl boy living-at-home childrens
intensive-care-patients intensive-care-unit-patients
vlbw elbw`) // infants by their weight at birth (diseaseSynonyms spells them out)

// conditionSuffixes and interventionSuffixes name diseases and drugs or procedures by
// their word endings (melanoma, hepatitis, nephropathy; trastuzumab, imatinib, lisinopril;
// colonoscopy, mastectomy).
var conditionSuffixes = []string{"toxicity", "itis", "oma", "omas", "emia", "aemia", "osis", "oses", "pathy", "pathies", "iasis",
	"algia", "plasia", "trophy", "ectasis", "uria", "plegia", "paresis", "rrhea", "rrhoea", "penia", "cytosis", "philia",
	"phobia", "mania", "oma-", "sclerosis", "lepsy", "tension", "ism", "opia"}

var interventionSuffixes = []string{"mab", "nib", "pril", "sartan", "olol", "statin", "azole", "cycline", "mycin",
	"cillin", "vir", "tide", "parin", "prazole", "dipine", "floxacin", "platin", "taxel", "tinib", "zumab", "ximab",
	"umab", "rubicin", "fen", "profen", "oxetine", "azepam", "idone", "amine", "triptan", "semide", "thiazide", "penem",
	"lukast", "gliptin", "gliflozin", "glutide", "ectomy", "ectomies", "otomy", "ostomy", "plasty", "scopy", "graphy",
	"caine", "flurane", "curonium", "fentanil", "imod", "sudil",
	// More stems of the WHO's "The use of stems in the selection of International
	// Nonproprietary Names": antiemetics, antipsychotics, antidepressants, bisphosphonates,
	// anticoagulants, antiplatelets, kinase and PARP inhibitors, antimalarials, cytotoxics,
	// bronchodilators, hormones. Stems that end common English words ("-cept" in "concept",
	// "-terol" in "cholesterol") are written with the letters before them.
	"setron", "peridol", "pressin", "dopa", "tecan", "trexate", "trexed", "fungin", "vudine", "zepine", "apine",
	"mazine", "perazine", "thazine", "triptyline", "faxine", "piprazole", "gepant", "parib", "ciclib", "lisib",
	"quine", "glitazone", "glinide", "teplase", "xaban", "gatran", "ogrel", "sugrel", "grelor", "coxib", "micin",
	"zolam", "barbital", "mustine", "fosfamide", "buterol", "moterol", "meterol", "caterol", "anterol", "tropium",
	"fibrate", "dronate", "ercept", "atacept", "kinra", "lutamide", "relin", "relix", "nafil", "dalafil",
	"asone", "isone", "olone", "dronic", "zolid", "oprim", "caftor", "parvovec", "vovec",
	// BCL-2 inhibitors, hypomethylating agents, proteasome inhibitors, antisense and siRNA
	// drugs, CAR-T cells, hedgehog and HIF-PH inhibitors, growth factors.
	"toclax", "citidine", "zomib", "rsen", "siran", "leucel", "degib", "dustat", "grastim", "poetin",
	"therapy", "therapies", "pexy", "rrhaphy", "vaccine"}

// diseaseEvents are condition words that name what happens in a disease rather than the
// disease: beside the disease they are the outcome (eventsOfDisease).
var diseaseEvents = set(`relapse relapses complication complications disability disabilities`)

// testWords are tests and markers a question names by one word (testSynonyms' acronyms
// and markers): neither a disease nor a treatment.
var testWords = set(`mri psa bnp nt-probnp procalcitonin crp ecg ekg eeg mmse moca pocus ctpa cea afp ca-125 ldct
troponin d-dimer lactate calprotectin ferritin rdt rdts amh rapid-diagnostic-test hba1c dipstick ogtt
oral-glucose-tolerance-test glucose-tolerance-test cardiac-troponin red-flags red-flag`)

// roleOf is the role a single content word suggests, or "" for a modifier.
func roleOf(w string) Role {
	if Qualified(w) {
		// "vitamin-c" is a vitamin, "hepatitis-b" a hepatitis; "type-2" has no role.
		head, _, _ := strings.Cut(w, "-")
		return roleOf(head)
	}
	base := w
	for _, p := range []string{"pre-", "post-", "non-", "anti-"} {
		base = strings.TrimPrefix(base, p)
	}
	if base != w && strings.HasPrefix(w, "post-") && roleOf(base) == RoleIntervention {
		// "chronic post-thoracotomy pain": after an operation is a time, not what is given.
		return ""
	}
	if base != w && (conditionWords[base] || interventionWords[base]) {
		switch {
		case strings.HasPrefix(w, "anti-") && conditionWords[base]:
			// "anti-inflammatory", "anti-epileptic": against a disease is a drug.
			return RoleIntervention
		case (strings.HasPrefix(w, "post-") || strings.HasPrefix(w, "pre-")) && interventionWords[base]:
			// "chronic post-surgical pain", "post-transplant diabetes": a time, not what is given.
			return ""
		}
	}
	switch {
	case populationWords[w]:
		return RolePopulation
	case conditionWords[w] || conditionWords[base] || strings.HasSuffix(w, "-use-disorder") || strings.HasSuffix(w, "-use-disorders") || diseaseAcronym(w):
		return RoleCondition
	case interventionWords[w] || interventionWords[base] || therapyAcronym(w) || strings.HasSuffix(w, "-guided") || strings.HasSuffix(w, "-directed"):
		// ("procalcitonin-guided", "FeNO-guided", "goal-directed": a strategy steered by a test)
		return RoleIntervention
	case outcomeWords[w]:
		return RoleOutcome
	case testWords[w]:
		// A test or a marker is a concept of its own ("faecal calprotectin IBD vs IBS"):
		// what a question about its accuracy asks about (namedTest), else only mentioned.
		return RoleOther
	case IsKnownDrug(w) || IsKnownDrug(base) || classKnown(w) || oneWordName(drugSynonyms, w) || brandNames[w] != "":
		// "sglt2" typed alone names the class, as in "sglt2 heart failure".
		return RoleIntervention
	}
	if sing, ok := singularOf(base); ok {
		// "aneurysms" is an aneurysm, "lesions" a lesion: the lists hold most words once.
		switch {
		case conditionWords[sing]:
			return RoleCondition
		case interventionWords[sing]:
			return RoleIntervention
		}
	}
	if len(base) >= 6 {
		for _, s := range interventionSuffixes {
			if strings.HasSuffix(base, s) {
				return RoleIntervention
			}
		}
		for _, s := range conditionSuffixes {
			if strings.HasSuffix(base, s) {
				return RoleCondition
			}
		}
	}
	return ""
}

// Drop reports whether a lower-case word carries no search value: a PubMed stopword, a
// question word, a vague word, a single letter, or a bare number or range of numbers
// ("2009", "2001-2009", "2.5"), which as a search term matches any paper printing it.
func Drop(w string) bool {
	if pubmedStopwords[w] || questionWords[w] || vagueWords[w] {
		return true
	}
	if len([]rune(w)) < 2 {
		return true
	}
	for _, r := range w {
		if (r < '0' || r > '9') && r != '-' && r != '.' {
			return false
		}
	}
	return true
}

// IsStopword reports whether w is on PubMed's stopword list.
func IsStopword(w string) bool { return pubmedStopwords[strings.ToLower(w)] }

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// IsGeneric reports whether a word is a class word true of almost any clinical paper
// ("drugs", "treatment", "patients").
func IsGeneric(w string) bool { return generic[strings.ToLower(w)] }

// NounsOfAdjective returns the nouns a disease adjective may be formed from, by its ending:
// "eclamptic" → "eclampsia", "epileptic" → "epilepsy", "psoriatic" → "psoriasis",
// "hypoxic" → "hypoxia", "neuropathic" → "neuropathy", "arthritic" → "arthritis". A
// question's "eclamptic seizures" is answered by a paper on eclampsia. Some candidates are
// no word at all; they then match nothing. Nil for a word that is no such adjective. Not
// "-tic" to nothing ("asthmatic" → "asthma"): that rule alone cost a helper set's unread
// third an item, and it would make "traumatic" mean any trauma.
func NounsOfAdjective(w string) []string {
	w = strings.ToLower(w)
	if len(w) < 6 || !strings.HasSuffix(w, "ic") {
		return nil
	}
	base := strings.TrimSuffix(w, "ic")
	out := []string{base + "ia", base + "y", base + "is"}
	if strings.HasSuffix(w, "ptic") {
		b := strings.TrimSuffix(w, "ptic")
		out = append(out, b+"psia", b+"psy", b+"psis") // "septic" → "sepsis"
	} else if strings.HasSuffix(w, "tic") {
		b := strings.TrimSuffix(w, "tic")
		out = append(out, b+"sis")
	}
	return out
}

// singularOf is a plural noun's singular by its regular ending ("aneurysms" → "aneurysm");
// ok is false for a word that is no regular plural ("diabetes", "status", "analysis").
func singularOf(w string) (string, bool) {
	if len(w) < 5 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is") {
		return "", false
	}
	return strings.TrimSuffix(w, "s"), true
}
