package concepts

import (
	"regexp"
	"slices"
	"sort"
	"strings"
)

// The disease-category vocabulary: a question that names a category of diseases
// ("neurological conditions", "autoimmune diseases") asks about any disease of the category,
// and the papers that answer it name the disease ("stroke", "lupus"), seldom the category.
// Like a drug class (vocab.go), the category is searched by its MeSH heading and its
// commonest members, and evidence naming any member is about the category.
//
// Where it comes from: each category is a MeSH Diseases [C] tree descriptor (NLM, public
// domain) and its members are common descriptors beneath it in that tree, in the words
// abstracts use for them ("alzheimer" for "Alzheimer Disease", "lupus" for "Lupus
// Erythematosus, Systemic"). Only categories a clinical question commonly names are listed,
// and only members whose words do not name something else ("tumour" is left out of cancer
// because of tumour necrosis factor). Members are ordered by how often the category's
// papers name them, most first: the first few are the ones searched (querybuild).

// diseaseCategory is one category of diseases a question can name.
type diseaseCategory struct {
	// names are the question wordings of the category, lower-case.
	names []string
	// category is the category's name in words, shown to the user.
	category string
	// mesh is the category's MeSH descriptor.
	mesh string
	// members are diseases of the category in the words abstracts use, lower-case.
	members []string
}

var diseaseCategories = []diseaseCategory{
	{names: []string{"neurological conditions", "neurological condition", "neurological disorders", "neurological disorder",
		"neurological diseases", "neurological disease", "neurologic diseases", "neurologic disorders", "neurologic conditions",
		"nervous system diseases", "nervous system disorders", "neurological illnesses", "brain disorders", "brain diseases"},
		category: "nervous system diseases", mesh: "Nervous System Diseases",
		members: []string{"stroke", "dementia", "alzheimer", "parkinson", "epilepsy", "multiple sclerosis", "migraine",
			"neuropathy", "amyotrophic lateral sclerosis", "huntington", "brain injury", "spinal cord injury", "cerebral palsy",
			"meningitis", "encephalitis", "seizures", "glioma"}},
	{names: []string{"neurodegenerative diseases", "neurodegenerative disease", "neurodegenerative disorders",
		"neurodegenerative disorder", "neurodegenerative conditions", "neurodegeneration"},
		category: "neurodegenerative diseases", mesh: "Neurodegenerative Diseases",
		members: []string{"alzheimer", "parkinson", "dementia", "amyotrophic lateral sclerosis", "huntington",
			"frontotemporal dementia", "progressive supranuclear palsy", "multiple system atrophy", "lewy body"}},
	{names: []string{"cardiovascular disease", "cardiovascular diseases", "cardiovascular disorders", "cardiovascular conditions",
		"heart disease", "heart diseases", "heart conditions", "cardiac disease", "cardiac diseases"},
		category: "cardiovascular diseases", mesh: "Cardiovascular Diseases",
		members: []string{"myocardial infarction", "heart failure", "coronary artery disease", "atrial fibrillation", "stroke",
			"hypertension", "atherosclerosis", "angina", "cardiomyopathy", "peripheral artery disease", "coronary heart disease"}},
	// Atherosclerotic cardiovascular disease (ASCVD): what lipid and antiplatelet trials enrol.
	{names: []string{"atherosclerotic cardiovascular disease", "established atherosclerotic cardiovascular disease", "ascvd",
		"established cardiovascular disease"},
		category: "atherosclerotic cardiovascular disease", mesh: "Atherosclerosis",
		members: []string{"acute coronary syndrome", "myocardial infarction", "coronary artery disease", "coronary heart disease",
			"ischaemic stroke", "ischemic stroke", "peripheral artery disease", "peripheral arterial disease", "atherosclerosis"}},
	{names: []string{"autoimmune diseases", "autoimmune disease", "autoimmune disorders", "autoimmune disorder",
		"autoimmune conditions", "autoimmunity"},
		category: "autoimmune diseases", mesh: "Autoimmune Diseases",
		members: []string{"rheumatoid arthritis", "lupus", "multiple sclerosis", "type-1 diabetes", "myasthenia gravis",
			"graves disease", "hashimoto", "sjögren", "sjogren", "autoimmune hepatitis", "guillain"}},
	{names: []string{"psychiatric disorders", "psychiatric disorder", "psychiatric conditions", "psychiatric illness",
		"psychiatric illnesses", "psychiatric diseases", "mental disorders", "mental disorder", "mental illness",
		"mental illnesses", "mental health conditions", "mental health disorders", "mental health problems", "serious mental illness"},
		category: "mental disorders", mesh: "Mental Disorders",
		members: []string{"depression", "schizophrenia", "bipolar", "anxiety", "post-traumatic stress", "obsessive-compulsive",
			"attention deficit", "autism", "anorexia nervosa", "psychosis", "substance use disorder"}},
	{names: []string{"respiratory diseases", "respiratory disease", "respiratory disorders", "respiratory conditions",
		"lung diseases", "lung disease", "pulmonary diseases", "chronic respiratory diseases"},
		category: "respiratory tract diseases", mesh: "Respiratory Tract Diseases",
		members: []string{"asthma", "copd", "chronic obstructive pulmonary disease", "pneumonia", "cystic fibrosis",
			"pulmonary fibrosis", "bronchiectasis", "interstitial lung disease"}},
	{names: []string{"metabolic diseases", "metabolic disease", "metabolic disorders", "metabolic disorder", "metabolic conditions"},
		category: "metabolic diseases", mesh: "Metabolic Diseases",
		members: []string{"diabetes", "metabolic syndrome", "dyslipidemia", "hypercholesterolemia", "fatty liver", "gout", "obesity"}},
	// MeSH Arthritis: a patient's "arthritis" is most often osteoarthritis.
	{names: []string{"arthritis"}, category: "arthritis", mesh: "Arthritis",
		members: []string{"osteoarthritis", "rheumatoid arthritis", "psoriatic arthritis", "gout", "juvenile idiopathic arthritis", "septic arthritis"}},
	// MeSH Skin Neoplasms.
	{names: []string{"skin cancer", "skin cancers"}, category: "skin neoplasms", mesh: "Skin Neoplasms",
		members: []string{"melanoma", "basal cell carcinoma", "squamous cell carcinoma", "keratinocyte carcinoma", "merkel cell carcinoma"}},
	{names: []string{"dementia", "dementias"},
		category: "dementia", mesh: "Dementia",
		members: []string{"alzheimer", "vascular dementia", "lewy body", "frontotemporal dementia"}},
	{names: []string{"cancer", "cancers", "malignancy", "malignancies", "neoplasms", "malignant tumors", "malignant tumours", "solid tumors", "solid tumours"},
		category: "neoplasms", mesh: "Neoplasms",
		members: []string{"carcinoma", "neoplasm", "leukemia", "lymphoma", "melanoma", "glioma", "glioblastoma",
			"myeloma", "sarcoma", "adenocarcinoma", "leukaemia"}},
}

// categoryOf returns the disease category a concept text names, if any.
func categoryOf(text string) (diseaseCategory, bool) {
	t := strings.ToLower(strings.Join(strings.Fields(text), " "))
	for _, dc := range diseaseCategories {
		for _, n := range dc.names {
			if t == n {
				return dc, true
			}
		}
	}
	return diseaseCategory{}, false
}

// diseaseSynonyms pairs names of one disease that share no words: the lay or newer name a
// question uses and the MeSH descriptor or entry term papers are indexed and written
// under (MeSH, NLM, public domain). Each is searched and matched with the others.
var diseaseSynonyms = [][]string{
	{"long covid", "post-acute covid-19 syndrome", "post-covid-19 condition", "post-covid condition", "pasc"},
	{"heart attack", "myocardial infarction"},
	// MeSH Urinary Incontinence: a patient's "leaking urine".
	{"leaking urine", "urinary incontinence", "urine leakage", "bladder leakage"},
	{"night time", "nocturnal"},
	// MeSH Dental Caries: entry terms Tooth Decay, Dental Decay.
	{"tooth decay", "dental caries", "dental decay", "caries"},
	// MeSH Accidents, Traffic: entry terms Traffic Collisions, Motor Vehicle Crashes.
	{"car crashes", "motor vehicle crashes", "motor vehicle collisions", "traffic collisions", "road traffic accidents", "traffic accidents",
		"motor vehicle accidents", "car accidents", "road traffic crashes"},
	{"car crash", "motor vehicle crash", "motor vehicle collision", "traffic collision", "road traffic accident", "traffic accident",
		"motor vehicle accident", "car accident", "road traffic crash"},
	// MeSH Fatigue: entry terms Tiredness, Lassitude.
	{"tiredness", "fatigue"},
	{"intermittent claudication", "claudication"},
	// MeSH Seizures: entry term Convulsions ("febrile seizures" are febrile convulsions).
	{"seizure", "convulsion"},
	{"seizures", "convulsions"},
	{"dry mouth", "xerostomia"},
	{"coronary heart disease", "coronary artery disease", "ischaemic heart disease", "ischemic heart disease"},
	// A torn tendon or ligament is indexed as ruptured (MeSH Rupture; "ACL tear", "Achilles
	// tendon rupture").
	{"tear", "rupture"},
	{"tears", "ruptures"},
	{"high blood pressure", "hypertension"},
	{"amyotrophic lateral sclerosis", "als", "motor neuron disease"},
	{"kidney failure", "renal failure"},
	{"chronic kidney disease", "chronic renal insufficiency", "ckd"},
	{"copd", "chronic obstructive pulmonary disease"},
	{"mild cognitive impairment", "mci"},
	{"ptsd", "post-traumatic stress disorder"},
	{"adhd", "attention deficit hyperactivity disorder"},
	// MASLD and MASH are the 2023 names of NAFLD and NASH (the multi-society Delphi
	// consensus); papers before it use the old ones.
	{"nafld", "non-alcoholic fatty liver disease", "nonalcoholic fatty liver disease", "masld", "metabolic dysfunction-associated steatotic liver disease"},
	{"chronic fatigue syndrome", "myalgic encephalomyelitis"},
	{"vision loss", "visual impairment", "vision impairment", "low vision", "visual loss"},
	{"hearing loss", "hearing impairment", "deafness"},
	{"ocd", "obsessive-compulsive disorder"},
	{"bipolar disorder", "manic depression", "manic-depressive illness"},
	{"ischemia-reperfusion", "ischaemia-reperfusion", "reperfusion injury"},
	{"non-communicable disease", "non-communicable diseases", "noncommunicable diseases", "ncds", "ncd"},
	// Acronyms that abstracts and MeSH entry terms use for the disease. One of two
	// letters ("AF", "MI") is read in a question but never searched (synonymsOf); "PE"
	// and "MS" are left out, since a question may mean "physical education" or "mass
	// spectrometry".
	{"gerd", "gastroesophageal reflux disease", "gastro-oesophageal reflux disease", "gord", "gastroesophageal reflux"},
	{"ibd", "inflammatory bowel disease"},
	{"hcm", "hypertrophic cardiomyopathy"},
	{"bph", "benign prostatic hyperplasia", "benign prostatic hypertrophy"},
	{"luts", "lower urinary tract symptoms"},
	{"sah", "subarachnoid haemorrhage", "subarachnoid hemorrhage"},
	{"gad", "generalised anxiety disorder", "generalized anxiety disorder"},
	{"mdd", "major depressive disorder", "major depression"},
	{"tbi", "traumatic brain injury"},
	{"bppv", "benign paroxysmal positional vertigo"},
	{"chronic idiopathic constipation", "functional constipation"},
	{"shingles", "herpes zoster", "zoster"},
	// Ankylosing spondylitis is radiographic axial spondyloarthritis, under one name or the other.
	{"axial spondyloarthritis", "ankylosing spondylitis", "axspa"},
	{"hidradenitis suppurativa", "acne inversa"},
	{"oab", "overactive bladder"},
	{"hcc", "hepatocellular carcinoma"},
	{"dgf", "delayed graft function"},
	{"sma", "spinal muscular atrophy"},
	{"dry socket", "alveolar osteitis"},
	{"eosinophilic granulomatosis with polyangiitis", "egpa", "churg-strauss syndrome", "churg strauss syndrome"},
	{"granulomatosis with polyangiitis", "wegener granulomatosis", "wegener's granulomatosis"},
	{"critical illness", "critically ill"},
	{"lateral epicondylitis", "lateral elbow tendinopathy", "tennis elbow", "lateral epicondylalgia"},
	{"undescended testis", "undescended testes", "cryptorchidism", "maldescended testis", "maldescended testes"},
	{"neonatal abstinence syndrome", "neonatal opioid withdrawal syndrome", "nows"},
	{"ibs", "irritable bowel syndrome", "irritable bowel"},
	{"uti", "urinary tract infection", "water infection", "bladder infection"},
	{"dvt", "deep vein thrombosis", "deep venous thrombosis"},
	{"vte", "venous thromboembolism"},
	{"osa", "obstructive sleep apnea", "obstructive sleep apnoea"},
	{"ards", "acute respiratory distress syndrome"},
	{"aki", "acute kidney injury"},
	{"sle", "systemic lupus erythematosus"},
	{"pcos", "polycystic ovary syndrome"},
	{"nash", "non-alcoholic steatohepatitis", "nonalcoholic steatohepatitis", "mash", "metabolic dysfunction-associated steatohepatitis"},
	{"hcc", "hepatocellular carcinoma"},
	{"nsclc", "non-small cell lung cancer", "non-small-cell lung cancer"},
	{"chf", "congestive heart failure"},
	{"af", "atrial fibrillation", "afib", "a-fib"},
	{"mi", "myocardial infarction"},
	{"stemi", "st-elevation myocardial infarction", "st elevation myocardial infarction", "st-segment elevation myocardial infarction"},
	{"nstemi", "non-st-elevation myocardial infarction", "non-st elevation myocardial infarction", "non-st-segment elevation myocardial infarction"},
	{"t2dm", "t2d", "type 2 diabetes", "type 2 diabetes mellitus"},
	{"t1dm", "t1d", "type 1 diabetes", "type 1 diabetes mellitus"},
	{"hfpef", "heart failure with preserved ejection fraction"},
	{"hfref", "heart failure with reduced ejection fraction"},
	{"mgus", "monoclonal gammopathy of undetermined significance"},
	{"cdi", "c diff", "difficile infection", "clostridioides difficile infection", "clostridium difficile infection"},
	{"rsv", "respiratory syncytial virus"},
	{"mace", "major adverse cardiovascular events", "major adverse cardiac events", "major cardiovascular events"},
	{"heavy menstrual bleeding", "menorrhagia", "heavy periods"},
	{"ipf", "idiopathic pulmonary fibrosis"},
	{"pml", "progressive multifocal leukoencephalopathy"},
	{"glue ear", "otitis media with effusion"},
	{"sore throat", "pharyngitis", "tonsillitis"},
	{"ponv", "postoperative nausea and vomiting"},
	{"insomnia", "sleep initiation and maintenance disorders"},
	{"muscle pain", "myalgia"},
	{"alcohol use disorder", "alcohol dependence", "aud"}, // not "alcoholism", whose stem is "alcohol"
	{"eczema", "atopic eczema", "atopic dermatitis"},
	{"pph", "postpartum haemorrhage", "postpartum hemorrhage", "post-partum haemorrhage", "post-partum hemorrhage"},
	{"pphn", "persistent pulmonary hypertension of the newborn", "persistent fetal circulation"},
	{"amd", "age-related macular degeneration", "age related macular degeneration"},
	{"tia", "transient ischaemic attack", "transient ischemic attack", "mini-stroke", "ministroke", "mini stroke"},
	{"stillbirth", "stillbirths", "fetal death", "foetal death", "intrauterine fetal death"},
	{"sepsis", "septic shock"},
	{"surgical site infection", "surgical site infections", "wound infection", "wound infections", "ssi"},
	{"pressure injuries", "pressure injury", "pressure ulcers", "pressure ulcer", "pressure sores", "bedsores", "decubitus ulcer"},
	{"dka", "diabetic ketoacidosis"},
	{"clabsi", "central line-associated bloodstream infection", "central line-associated bloodstream infections"},
	{"cauti", "catheter-associated urinary tract infection", "catheter-associated urinary tract infections"},
	{"vap", "ventilator-associated pneumonia"},
	{"restless legs syndrome", "restless legs", "rls", "willis-ekbom disease"},
	{"vitamin b12 deficiency", "cobalamin deficiency", "vitamin b 12 deficiency"},
	// Lay names patients use, with the MeSH heading or entry term papers use (MeSH entry
	// terms: "Piles" under Hemorrhoids, "Head Lice" under Lice Infestations, "Frozen
	// Shoulder" under Bursitis, "Hot Flushes" under Hot Flashes).
	{"piles", "haemorrhoids", "hemorrhoids", "haemorrhoidal disease", "hemorrhoidal disease"},
	{"head lice", "pediculosis", "lice infestation", "lice infestations", "pediculus humanus capitis", "nits"},
	// A patient's words for common diagnoses (MeSH entry terms and the lay names of
	// NHS and MedlinePlus pages).
	{"thin bones", "osteoporosis", "brittle bones", "bone thinning"},
	{"high cholesterol", "hypercholesterolemia", "hypercholesterolaemia", "hyperlipidemia", "hyperlipidaemia"},
	{"frozen shoulder", "adhesive capsulitis"},
	{"hot flushes", "hot flashes", "hot flush", "hot flash", "vasomotor symptoms"},
	{"blood clots", "blood clot", "clots", "thrombosis", "venous thromboembolism", "thromboembolism"},
	{"water on the knee", "knee effusion", "knee joint effusion"},
	{"swollen ankles", "ankle swelling", "ankle oedema", "ankle edema", "peripheral oedema", "peripheral edema"},
	{"nosebleeds", "nosebleed", "epistaxis"},
	{"bedwetting", "bed wetting", "wetting the bed", "nocturnal enuresis", "enuresis"},
	{"sugar diabetes", "diabetes mellitus"},
	{"cold sores", "cold sore", "herpes labialis"},
	{"overweight", "obesity"},
	{"irregular heartbeat", "atrial fibrillation", "arrhythmia", "arrhythmias"},
	{"swollen legs", "leg swelling", "leg oedema", "leg edema", "peripheral oedema", "peripheral edema"},
	{"dry eye", "dry eye disease", "dry eye syndrome", "dry eyes", "keratoconjunctivitis sicca"},
	{"toenail fungus", "nail fungus", "fungal nail infection", "onychomycosis", "tinea unguium"},
	{"stomach bug", "stomach flu", "tummy bug", "gastroenteritis"},
	{"throwing up", "vomiting"},
	{"itching", "itch", "pruritus"},
	{"sids", "sudden infant death syndrome", "sudden infant death", "cot death", "sudden unexpected infant death"},
	{"bad back", "back pain", "low back pain"},
	{"lower back pain", "low back pain", "lbp"},
	// MeSH Patellofemoral Pain Syndrome: entry term Anterior Knee Pain Syndrome; "runner's
	// knee" is its lay name.
	{"anterior knee pain", "patellofemoral pain", "patellofemoral pain syndrome", "pfps", "runner's knee"},
	{"hay fever", "allergic rhinitis", "seasonal allergic rhinitis"},
	{"pink eye", "conjunctivitis"},
	{"athlete foot", "athletes foot", "tinea pedis"},
	{"morning sickness", "nausea and vomiting of pregnancy", "nausea and vomiting in pregnancy"},
	// MeSH Congenital Abnormalities has "Birth Defects" and "Congenital Malformations" as
	// entry terms; abstracts mostly write the latter.
	{"birth defects", "congenital malformations", "congenital anomalies", "congenital abnormalities"},
	{"birth defect", "congenital malformation", "congenital anomaly", "congenital abnormality"},
	{"postpartum depression", "postnatal depression", "post-partum depression"},
	// MeSH Prediabetic State has "Impaired Glucose Tolerance" beneath it; MeSH Sinusitis's
	// papers mostly write "rhinosinusitis".
	{"prediabetes", "pre-diabetes", "prediabetic state", "impaired glucose tolerance", "impaired fasting glucose"},
	{"sinusitis", "rhinosinusitis"},
	// MeSH Marijuana Smoking and Marijuana Use (entry term Cannabis Use): "smoking weed" is
	// how a patient says it. ("Weed" alone is left out: weeds and weed killers are no drug.)
	{"smoking weed", "marijuana smoking", "cannabis smoking", "marijuana use", "cannabis use"},
	{"itp", "immune thrombocytopenia", "immune thrombocytopenic purpura", "idiopathic thrombocytopenic purpura"},
	{"gvhd", "graft-versus-host disease", "graft versus host disease"},
	{"oa", "osteoarthritis"},
	{"ear infection", "otitis media"},
	{"ear infections", "otitis media"},
	{"tb", "tuberculosis"},
	{"cap", "community-acquired pneumonia", "community acquired pneumonia"},
	{"hap", "hospital-acquired pneumonia", "hospital acquired pneumonia"},
	{"ich", "intracerebral haemorrhage", "intracerebral hemorrhage"},
	{"urti", "upper respiratory tract infection"},
	{"urtis", "upper respiratory tract infections"},
	{"cad", "coronary artery disease"},
	{"ra", "rheumatoid arthritis"},
	{"active tb", "active tuberculosis"},
	{"latent tb", "latent tuberculosis", "latent tuberculosis infection", "ltbi"},
	{"hepatitis b", "hbv", "hepatitis b virus"},
	{"hepatitis c", "hcv", "hepatitis c virus"},
	{"period pain", "period pains", "dysmenorrhoea", "dysmenorrhea"},
	{"kidney stones", "kidney stone", "nephrolithiasis", "renal calculi", "urolithiasis"},
	{"underactive thyroid", "hypothyroidism"},
	{"overactive thyroid", "hyperthyroidism"},
	{"whooping cough", "pertussis"},
	{"chickenpox", "chicken pox", "varicella"},
	{"lazy eye", "amblyopia"},
	// Abbreviations eye doctors and neonatologists write.
	{"dmo", "dme", "diabetic macular oedema", "diabetic macular edema"},
	{"rop", "retinopathy of prematurity"},
	// Haematological cancers by the acronyms haematologists write.
	{"aml", "acute myeloid leukaemia", "acute myeloid leukemia", "acute myelogenous leukemia"},
	{"cml", "chronic myeloid leukaemia", "chronic myeloid leukemia", "chronic myelogenous leukemia"},
	{"cll", "chronic lymphocytic leukaemia", "chronic lymphocytic leukemia"},
	{"mds", "myelodysplastic syndrome", "myelodysplastic syndromes"},
	{"dlbcl", "diffuse large b-cell lymphoma"},
	// Acronyms clinicians type for a disease, a complication or the infants a question is
	// about, each with the words of its MeSH heading or entry terms (NLM, public domain) or
	// the expansion abstracts write out ("acute exacerbations of chronic obstructive
	// pulmonary disease" for AECOPD), as common lists of clinical abbreviations give it.
	// Read as a condition wherever the question puts them (VLBW and ELBW as the patients,
	// populationWords), and searched and matched by their words, which a paper's title uses
	// more often than the acronym. Left out because they are English words or stand for more than one
	// disease: BPD (bronchopulmonary dysplasia, borderline personality disorder), ASD, PD
	// (Parkinson's disease, peritoneal dialysis), AD, SBP (systolic blood pressure), CIN
	// (contrast nephropathy, cervical neoplasia), PPD (the tuberculin test), GBS (group B
	// streptococcus), CRS (cytokine release syndrome), SCD, FAP, AAV (adeno-associated
	// virus), PID, PTB, HIT, HRS, HHS, STD (standard deviation), and PAD, PROM, CUD, BED,
	// POTS, TEN, GIST, ALL, SAD. STI is left out too: sexually transmitted infections are a
	// category whose papers name the member (chlamydia, syphilis), and read as one required
	// disease it set such papers aside.
	{"aecopd", "acute exacerbation of copd", "acute exacerbations of copd", "acute exacerbation of chronic obstructive pulmonary disease",
		"acute exacerbations of chronic obstructive pulmonary disease"},
	{"ild", "interstitial lung disease", "interstitial lung diseases"},
	{"pah", "pulmonary arterial hypertension"},
	{"cteph", "chronic thromboembolic pulmonary hypertension"},
	{"rti", "respiratory tract infection", "respiratory tract infections"},
	{"lrti", "lower respiratory tract infection", "lower respiratory tract infections"},
	{"aom", "acute otitis media"},
	{"ohca", "out-of-hospital cardiac arrest"},
	{"ihca", "in-hospital cardiac arrest"},
	{"acs", "acute coronary syndrome", "acute coronary syndromes"},
	{"adhf", "acute decompensated heart failure"},
	{"aaa", "abdominal aortic aneurysm"},
	{"pvd", "peripheral vascular disease", "peripheral vascular diseases"},
	{"svt", "supraventricular tachycardia"},
	{"lvh", "left ventricular hypertrophy"},
	{"dcm", "dilated cardiomyopathy"},
	// MeSH Spinal Cord Compression; MeSH Complex Regional Pain Syndromes (entry term Reflex
	// Sympathetic Dystrophy, the older name of type I).
	{"mscc", "metastatic spinal cord compression", "malignant spinal cord compression"},
	{"crps", "complex regional pain syndrome", "complex regional pain syndromes", "reflex sympathetic dystrophy"},
	{"sci", "spinal cord injury", "spinal cord injuries"},
	{"ftd", "frontotemporal dementia"},
	{"dlb", "dementia with lewy bodies", "lewy body dementia"},
	{"rrms", "relapsing-remitting multiple sclerosis"},
	{"cidp", "chronic inflammatory demyelinating polyneuropathy"},
	{"nmosd", "neuromyelitis optica spectrum disorder", "neuromyelitis optica"},
	{"lvo", "large vessel occlusion"},
	{"bpsd", "behavioural and psychological symptoms of dementia", "behavioral and psychological symptoms of dementia"},
	// Infants by their weight or growth at birth and the diseases of the newborn (MeSH
	// Infant, Very Low Birth Weight; Infant, Extremely Low Birth Weight; Infant, Small for
	// Gestational Age; Fetal Growth Retardation; Enterocolitis, Necrotizing; Ductus
	// Arteriosus, Patent; Respiratory Distress Syndrome, Newborn; Hypoxia-Ischemia, Brain).
	{"vlbw", "very low birth weight"},
	{"elbw", "extremely low birth weight"},
	{"lbw", "low birth weight"},
	{"sga", "small for gestational age"},
	{"fgr", "iugr", "fetal growth restriction", "foetal growth restriction", "intrauterine growth restriction", "intrauterine growth retardation"},
	{"nec", "necrotising enterocolitis", "necrotizing enterocolitis"},
	{"pda", "patent ductus arteriosus"},
	{"rds", "respiratory distress syndrome"},
	{"hie", "hypoxic-ischaemic encephalopathy", "hypoxic-ischemic encephalopathy", "hypoxic ischaemic encephalopathy", "hypoxic ischemic encephalopathy"},
	{"ivh", "intraventricular haemorrhage", "intraventricular hemorrhage"},
	// Pregnancy (MeSH Diabetes, Gestational; Hypertension, Pregnancy-Induced; Fetal
	// Membranes, Premature Rupture; Ovarian Hyperstimulation Syndrome).
	{"gdm", "gestational diabetes mellitus", "gestational diabetes"},
	{"pih", "pregnancy-induced hypertension"},
	{"hdp", "hypertensive disorders of pregnancy"},
	{"pprom", "preterm prelabour rupture of membranes", "preterm premature rupture of membranes", "preterm prelabor rupture of membranes"},
	{"ohss", "ovarian hyperstimulation syndrome"},
	{"pmdd", "premenstrual dysphoric disorder"},
	// The gut and the liver.
	{"ugib", "upper gastrointestinal bleeding", "upper gastrointestinal haemorrhage", "upper gastrointestinal hemorrhage"},
	{"lgib", "lower gastrointestinal bleeding", "lower gastrointestinal haemorrhage", "lower gastrointestinal hemorrhage"},
	{"eoe", "eosinophilic oesophagitis", "eosinophilic esophagitis"},
	{"uc", "ulcerative colitis"},
	{"pbc", "primary biliary cholangitis", "primary biliary cirrhosis"},
	{"psc", "primary sclerosing cholangitis"},
	{"arld", "alcohol-related liver disease", "alcoholic liver disease"},
	{"sibo", "small intestinal bacterial overgrowth"},
	// Kidneys, infections, joints, blood and the mind.
	{"esrd", "eskd", "end-stage renal disease", "end-stage kidney disease"},
	{"sui", "stress urinary incontinence"},
	{"ssti", "skin and soft tissue infection", "skin and soft tissue infections"},
	{"pji", "periprosthetic joint infection", "prosthetic joint infection"},
	{"jia", "juvenile idiopathic arthritis"},
	{"gca", "giant cell arteritis"},
	{"pmr", "polymyalgia rheumatica"},
	{"ssc", "systemic sclerosis"},
	{"cts", "carpal tunnel syndrome"},
	{"ddh", "developmental dysplasia of the hip"},
	{"sufe", "scfe", "slipped capital femoral epiphysis", "slipped upper femoral epiphysis"},
	{"ida", "iron deficiency anaemia", "iron deficiency anemia", "iron-deficiency anaemia", "iron-deficiency anemia"},
	{"ttp", "thrombotic thrombocytopenic purpura"},
	{"hus", "haemolytic uraemic syndrome", "hemolytic uremic syndrome"},
	{"dic", "disseminated intravascular coagulation"},
	{"hae", "hereditary angioedema"},
	{"sjs", "stevens-johnson syndrome"},
	{"pku", "phenylketonuria"},
	{"siadh", "syndrome of inappropriate antidiuretic hormone secretion", "inappropriate adh syndrome"},
	{"trd", "treatment-resistant depression"},
	{"sud", "substance use disorder", "substance use disorders"},
	{"oud", "opioid use disorder", "opioid use disorders"},
	// Cancers by the acronyms oncologists write.
	{"crc", "colorectal cancer"},
	{"rcc", "renal cell carcinoma"},
	{"sclc", "small cell lung cancer", "small-cell lung cancer"},
	{"hnscc", "head and neck squamous cell carcinoma"},
	{"scc", "squamous cell carcinoma"},
	{"bcc", "basal cell carcinoma"},
	{"tnbc", "triple-negative breast cancer"},
	{"crpc", "mcrpc", "castration-resistant prostate cancer", "metastatic castration-resistant prostate cancer"},
	{"gbm", "glioblastoma", "glioblastoma multiforme"},
	{"pdac", "pancreatic ductal adenocarcinoma"},
	{"nmibc", "non-muscle-invasive bladder cancer"},
	{"dcis", "ductal carcinoma in situ"},
	{"nhl", "non-hodgkin lymphoma", "non-hodgkin's lymphoma"},
}

// neoplasmWords name a cancer by its kind of growth. MeSH indexes every cancer under
// "Neoplasms" ("Prostatic Neoplasms", "Sebaceous Gland Neoplasms") and abstracts alternate
// between "cancer", "carcinoma" and "malignancy" for one disease, so as the head of a named
// disease ("prostate cancer") each stands for the others. "Tumour" is such a head but never
// stands for one (tumour necrosis factor is no cancer); "sarcoma", "lymphoma" and the like
// name a different disease, not a different wording of one.
var neoplasmWords = set(`cancer cancers carcinoma carcinomas adenocarcinoma adenocarcinomas neoplasm neoplasms malignancy malignancies`)

var tumourWords = set(`tumor tumors tumour tumours`)

// SameKindOfDisease returns the other words that name the same kind of disease as a
// condition's word ("cancer" → "carcinoma", "neoplasm", …), nil for any other word.
func SameKindOfDisease(w string) []string {
	if !neoplasmWords[w] && !tumourWords[w] {
		return nil
	}
	var out []string
	for k := range neoplasmWords {
		if k != w {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// organNames are the words for one organ as questions, abstracts and MeSH headings write
// them ("liver cancer", "hepatocellular carcinoma", "Liver Neoplasms"; "bowel cancer",
// "Colorectal Neoplasms"): where a cancer grows is what tells one cancer from another.
var organNames = [][]string{
	{"colorectal", "colon", "colonic", "rectal", "rectum", "bowel"},
	{"liver", "hepatic", "hepatocellular"},
	{"lung", "lungs", "pulmonary", "bronchial", "bronchogenic"},
	{"kidney", "renal"},
	{"stomach", "gastric"},
	{"breast", "mammary"},
	{"bladder", "urothelial"},
	{"ureter", "ureters", "ureteral", "ureteric"},
	{"skin", "cutaneous"},
	{"oesophageal", "esophageal", "oesophagus", "esophagus"},
	{"uterine", "uterus", "endometrial"},
	{"cervical", "cervix"},
	{"ovarian", "ovary", "ovaries"},
	{"pancreatic", "pancreas"},
	{"prostate", "prostatic"},
	{"thyroid"},
	{"brain", "cerebral"},
	{"heart", "cardiac"},
	{"oral", "mouth"},
	{"testicular", "testis"},
	{"gallbladder", "biliary"},
	{"laryngeal", "larynx"},
	{"nasopharyngeal", "nasopharynx"},
	{"anal", "anus"},
	{"vulvar", "vulva"},
	{"penile", "penis"},
}

// bodySites are the parts of the body a disease of joints, tendons or limbs is named by
// ("Achilles tendinopathy", "knee osteoarthritis", "shoulder pain"): where it is tells one
// such disease from another, as the organ tells cancers apart.
var bodySites = [][]string{
	{"knee", "knees", "patellofemoral", "tibiofemoral"}, {"hip", "hips"}, {"shoulder", "shoulders", "glenohumeral", "rotator"},
	{"elbow", "elbows", "epicondylitis", "epicondylalgia"}, {"wrist", "wrists", "carpal"}, {"ankle", "ankles"},
	{"achilles"}, {"patellar", "patella", "jumper"}, {"hand", "hands"}, {"foot", "feet"}, {"neck"}, {"lumbar"},
	{"plantar", "heel"}, {"thumb"}, {"temporomandibular", "jaw"},
}

// sideOfJoint is a patient's way of saying where a joint hurts: "pain at the front of my
// knee", "an ache on the outside of the hip", "pain behind the kneecap". Clinicians and
// papers name such pain by the side in anatomical words, "anterior knee pain" (patellofemoral
// pain), "lateral hip pain", "posterior heel pain", and the lay words ("front", "my")
// would otherwise be read as concepts of their own.
var sideOfJoint = regexp.MustCompile(`(?i)\b(?:pain|aches?|aching)\s+(?:(?:at|in|on|around|down)\s+the\s+(front|back|outside|inside|outer\s+side|inner\s+side)\s+of\s+(?:the|my|his|her|your|their|our|both)\s+(knee|hip|shoulder|ankle|heel|elbow|wrist)s?|(?:behind|around|under|below)\s+(?:the|my|his|her|your|their|our)\s+(kneecap|knee\s+cap)s?)\b`)

// anatomicalSide names a side of the body in the words of anatomy.
var anatomicalSide = map[string]string{"front": "anterior", "back": "posterior", "outside": "lateral", "outer side": "lateral",
	"inside": "medial", "inner side": "medial"}

// anatomicalSides rewrites a patient's "pain at the front of my knee" as the pain's
// clinical name, "anterior knee pain" (sideOfJoint); pain around the kneecap is anterior
// knee pain too.
func anatomicalSides(q string) string {
	return sideOfJoint.ReplaceAllStringFunc(q, func(m string) string {
		g := sideOfJoint.FindStringSubmatch(m)
		if g[3] != "" {
			return "anterior knee pain"
		}
		side := anatomicalSide[strings.Join(strings.Fields(strings.ToLower(g[1])), " ")]
		return side + " " + strings.ToLower(g[2]) + " pain"
	})
}

// BodySiteNames returns the words for the part of the body a word names, the word among
// them ("knee", "knees", …), nil when it names none.
func BodySiteNames(w string) []string {
	for _, g := range bodySites {
		if slices.Contains(g, w) {
			return g
		}
	}
	return nil
}

// OrganNames returns the other words for the organ a word names ("renal" for "kidney"),
// nil when it names none.
func OrganNames(w string) []string {
	for _, g := range organNames {
		if slices.Contains(g, w) {
			var out []string
			for _, o := range g {
				if o != w {
					out = append(out, o)
				}
			}
			if out == nil {
				out = []string{}
			}
			return out
		}
	}
	return nil
}

// OrganWords are the organ words of a condition besides its head word, which say which
// disease of the head's kind it is: "heart" of "heart failure" (not renal or treatment
// failure), "kidney" of "acute kidney injury", "pulmonary" of "pulmonary hypertension"; nil
// for a condition of one word. Only organ words are such names: a word of time or setting
// ("childhood asthma", "occupational hand eczema", "cough at night") narrows the
// question's patients, and a paper may leave it unsaid.
func OrganWords(c Concept) []string {
	if c.Role != RoleCondition || len(c.Words) < 2 {
		return nil
	}
	head := HeadWord(c)
	var out []string
	for _, w := range c.Words {
		if w != head && OrganNames(w) != nil {
			out = append(out, w)
		}
	}
	return out
}

// diseaseKinds are head words that name unrelated diseases by the word before (or after)
// them, with those words: multiple and systemic sclerosis, portal and pulmonary
// hypertension, septic and cardiogenic shock, diabetes insipidus and diabetes mellitus.
// Written from the MeSH headings under each head, not from any evaluation set.
var diseaseKinds = map[string][]string{
	"sclerosis":    {"multiple", "systemic", "lateral", "tuberous"},
	"hypertension": {"portal", "intracranial", "ocular", "pulmonary"},
	"diabetes":     {"insipidus"},
	"shock":        {"septic", "cardiogenic", "hemorrhagic", "haemorrhagic", "anaphylactic", "hypovolemic", "hypovolaemic"},
	"arrest":       {"cardiac", "respiratory"},
}

// KindWords are the words of a condition that say which of the unrelated diseases its head
// names it is ("multiple" of "multiple sclerosis", "portal" of "portal hypertension"): a
// paper on systemic sclerosis or essential hypertension does not answer it.
func KindWords(c Concept) []string {
	if c.Role != RoleCondition || len(c.Words) < 2 {
		return nil
	}
	var out []string
	for _, head := range c.Words {
		for _, k := range diseaseKinds[head] {
			if slices.Contains(c.Words, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// CancerOrgan returns the word of a condition that says where its cancer grows: the organ
// word just before a cancer head ("colorectal" in "metastatic colorectal cancer"), "" when
// the condition is no cancer of a named organ.
func CancerOrgan(c Concept) string {
	for i := len(c.Words) - 1; i > 0; i-- {
		if neoplasmWords[c.Words[i]] {
			if OrganNames(c.Words[i-1]) != nil {
				return c.Words[i-1]
			}
			return ""
		}
	}
	return ""
}

// diseaseAcronym reports whether a word is the one-word name of a disease in
// diseaseSynonyms ("osa", "hcc"): a condition, like the words of conditionWords.
func diseaseAcronym(w string) bool {
	// "UTIs", "DVTs": an acronym in the plural.
	return oneWordName(diseaseSynonyms, w) || len(w) > 3 && strings.HasSuffix(w, "s") && oneWordName(diseaseSynonyms, strings.TrimSuffix(w, "s"))
}
