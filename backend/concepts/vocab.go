package concepts

import (
	"slices"
	"strings"
	"sync"
)

// The drug vocabulary: a small, hand-built list from public classifications, so a question
// that names a drug class finds and accepts evidence about any member of the class, and a
// question that names a drug whose name has no telling suffix is still read as naming an
// intervention.
//
// Where it comes from: the class names, their member drugs and their MeSH headings are
// those of the MeSH Pharmacological Action descriptors (NLM, public domain) and of the WHO
// ATC classification's chemical subgroups (public); the synonym pairs are the
// international and US adopted names (INN/USAN) of the same substance. Only classes a
// clinical question commonly names are listed; the evidence's own headings and chemicals
// extend a class during a run (querybuild.Learn).

// drugClass is one class a question can name.
type drugClass struct {
	// names are the question wordings of the class, lower-case (singular and plural).
	names []string
	// class is the class's name in words, shown to the user.
	class string
	// mesh are the MeSH pharmacological-action headings indexing papers about the class.
	mesh []string
	// members are the class's member drugs (INN), lower-case.
	members []string
	// suffixes, when set, name members the list does not hold ("-statin").
	suffixes []string
}

// applyTo makes a concept stand for the class: its name, its members and its MeSH headings.
func (dc drugClass) applyTo(c *Concept) {
	c.Class = dc.class
	c.Members = append([]string(nil), dc.members...)
	for _, h := range dc.mesh {
		c.AddMeSH(h)
	}
}

var drugClasses = []drugClass{
	{names: []string{"statin", "statins", "hmg-coa reductase inhibitor", "hmg-coa reductase inhibitors"}, class: "HMG-CoA reductase inhibitors",
		mesh: []string{"Hydroxymethylglutaryl-CoA Reductase Inhibitors"}, suffixes: []string{"statin"},
		members: []string{"atorvastatin", "simvastatin", "rosuvastatin", "pravastatin", "lovastatin", "fluvastatin", "pitavastatin", "cerivastatin"}},
	{names: []string{"beta blocker", "beta blockers", "beta-blocker", "beta-blockers", "beta-adrenergic blockers"}, class: "beta-adrenergic antagonists",
		mesh: []string{"Adrenergic beta-Antagonists"}, suffixes: []string{"olol"},
		members: []string{"metoprolol", "bisoprolol", "carvedilol", "atenolol", "propranolol", "nebivolol", "labetalol", "timolol"}},
	{names: []string{"ace inhibitor", "ace inhibitors", "angiotensin-converting enzyme inhibitors"}, class: "ACE inhibitors",
		mesh: []string{"Angiotensin-Converting Enzyme Inhibitors"}, suffixes: []string{"pril"},
		members: []string{"enalapril", "lisinopril", "ramipril", "captopril", "perindopril", "benazepril", "quinapril"}},
	{names: []string{"arb", "arbs", "angiotensin receptor blocker", "angiotensin receptor blockers", "sartans"}, class: "angiotensin II receptor blockers",
		mesh: []string{"Angiotensin II Type 1 Receptor Blockers", "Angiotensin Receptor Antagonists"}, suffixes: []string{"sartan"},
		members: []string{"losartan", "valsartan", "candesartan", "irbesartan", "telmisartan", "olmesartan"}},
	{names: []string{"sglt2 inhibitor", "sglt2 inhibitors", "sglt-2 inhibitors", "gliflozins", "sglt2i", "sglt2is", "sglt-2i", "sglt2", "sglt-2"}, class: "SGLT2 inhibitors",
		mesh: []string{"Sodium-Glucose Transporter 2 Inhibitors"}, suffixes: []string{"gliflozin"},
		members: []string{"empagliflozin", "dapagliflozin", "canagliflozin", "ertugliflozin", "sotagliflozin"}},
	{names: []string{"glp-1 receptor agonist", "glp-1 receptor agonists", "glp-1 agonists", "glp-1 ras", "glp-1"}, class: "GLP-1 receptor agonists",
		mesh: []string{"Glucagon-Like Peptide-1 Receptor Agonists"}, suffixes: []string{"glutide"},
		members: []string{"semaglutide", "liraglutide", "dulaglutide", "exenatide", "lixisenatide", "tirzepatide"}},
	{names: []string{"dpp-4 inhibitor", "dpp-4 inhibitors", "gliptins"}, class: "DPP-4 inhibitors",
		mesh: []string{"Dipeptidyl-Peptidase IV Inhibitors"}, suffixes: []string{"gliptin"},
		members: []string{"sitagliptin", "saxagliptin", "linagliptin", "alogliptin", "vildagliptin"}},
	{names: []string{"ssri", "ssris", "selective serotonin reuptake inhibitors"}, class: "selective serotonin reuptake inhibitors",
		mesh:    []string{"Selective Serotonin Reuptake Inhibitors"},
		members: []string{"fluoxetine", "sertraline", "paroxetine", "citalopram", "escitalopram", "fluvoxamine"}},
	{names: []string{"snri", "snris", "serotonin and norepinephrine reuptake inhibitors", "serotonin-norepinephrine reuptake inhibitors"},
		class: "serotonin and noradrenaline reuptake inhibitors", mesh: []string{"Serotonin and Noradrenaline Reuptake Inhibitors"},
		members: []string{"venlafaxine", "desvenlafaxine", "duloxetine", "milnacipran", "levomilnacipran"}},
	{names: []string{"antidepressant", "antidepressants"}, class: "antidepressive agents",
		mesh:    []string{"Antidepressive Agents"},
		members: []string{"fluoxetine", "sertraline", "paroxetine", "citalopram", "escitalopram", "venlafaxine", "duloxetine", "amitriptyline", "mirtazapine", "bupropion"}},
	{names: []string{"nsaid", "nsaids", "non-steroidal anti-inflammatory drugs"}, class: "non-steroidal anti-inflammatory agents",
		mesh:    []string{"Anti-Inflammatory Agents, Non-Steroidal"},
		members: []string{"ibuprofen", "naproxen", "diclofenac", "celecoxib", "indomethacin", "ketorolac", "aspirin", "meloxicam", "etoricoxib"}},
	// Classes by their MeSH pharmacological-action headings and their members' INNs (WHO INN
	// stems where one holds them all: -afil, -tinib, -lukast, -conazole, -fungin, -caine).
	{names: []string{"pde5 inhibitor", "pde5 inhibitors", "pde-5 inhibitors", "phosphodiesterase 5 inhibitors", "phosphodiesterase-5 inhibitors"},
		class: "phosphodiesterase 5 inhibitors", mesh: []string{"Phosphodiesterase 5 Inhibitors"}, suffixes: []string{"afil"},
		members: []string{"sildenafil", "tadalafil", "vardenafil", "avanafil"}},
	{names: []string{"tyrosine kinase inhibitor", "tyrosine kinase inhibitors", "tki", "tkis"}, class: "tyrosine kinase inhibitors",
		mesh: []string{"Protein Kinase Inhibitors"}, suffixes: []string{"tinib"},
		members: []string{"imatinib", "dasatinib", "nilotinib", "bosutinib", "ponatinib", "erlotinib", "gefitinib", "afatinib", "osimertinib",
			"lapatinib", "sunitinib", "pazopanib", "sorafenib", "regorafenib", "ibrutinib", "cabozantinib", "lenvatinib"}},
	{names: []string{"dopamine agonist", "dopamine agonists"}, class: "dopamine agonists", mesh: []string{"Dopamine Agonists"},
		members: []string{"pramipexole", "ropinirole", "rotigotine", "apomorphine", "bromocriptine", "cabergoline"}},
	{names: []string{"maoi", "maois", "monoamine oxidase inhibitors", "mao inhibitors"}, class: "monoamine oxidase inhibitors",
		mesh:    []string{"Monoamine Oxidase Inhibitors"},
		members: []string{"phenelzine", "tranylcypromine", "isocarboxazid", "moclobemide", "selegiline", "rasagiline", "safinamide"}},
	{names: []string{"z-drugs", "z drugs", "z-hypnotics"}, class: "Z-drugs",
		members: []string{"zolpidem", "zopiclone", "eszopiclone", "zaleplon"}},
	{names: []string{"leukotriene receptor antagonist", "leukotriene receptor antagonists", "ltra", "ltras", "leukotriene antagonists", "leukotriene modifiers"},
		class: "leukotriene antagonists", mesh: []string{"Leukotriene Antagonists"}, suffixes: []string{"lukast"},
		members: []string{"montelukast", "zafirlukast", "pranlukast"}},
	{names: []string{"loop diuretic", "loop diuretics"}, class: "loop diuretics", mesh: []string{"Sodium Potassium Chloride Symporter Inhibitors"},
		members: []string{"furosemide", "frusemide", "bumetanide", "torasemide", "torsemide", "ethacrynic acid"}},
	{names: []string{"antimalarial", "antimalarials", "antimalarial drugs"}, class: "antimalarials", mesh: []string{"Antimalarials"},
		members: []string{"artemether", "lumefantrine", "artesunate", "dihydroartemisinin", "piperaquine", "chloroquine", "hydroxychloroquine",
			"mefloquine", "primaquine", "tafenoquine", "atovaquone", "proguanil", "quinine", "amodiaquine"}},
	{names: []string{"antiemetic", "antiemetics", "anti-emetics"}, class: "antiemetics", mesh: []string{"Antiemetics"},
		members: []string{"ondansetron", "granisetron", "palonosetron", "metoclopramide", "domperidone", "prochlorperazine", "cyclizine",
			"aprepitant", "fosaprepitant", "droperidol"}},
	{names: []string{"antifungal", "antifungals", "antifungal agents"}, class: "antifungal agents", mesh: []string{"Antifungal Agents"},
		suffixes: []string{"conazole", "fungin"},
		members: []string{"fluconazole", "itraconazole", "voriconazole", "posaconazole", "isavuconazole", "amphotericin b", "caspofungin",
			"micafungin", "anidulafungin", "terbinafine", "nystatin", "clotrimazole"}},
	{names: []string{"bronchodilator", "bronchodilators"}, class: "bronchodilator agents", mesh: []string{"Bronchodilator Agents"},
		members: []string{"salbutamol", "albuterol", "terbutaline", "salmeterol", "formoterol", "indacaterol", "vilanterol", "olodaterol",
			"tiotropium", "ipratropium", "umeclidinium", "glycopyrronium", "aclidinium", "theophylline"}},
	{names: []string{"antimuscarinic", "antimuscarinics", "muscarinic antagonists"},
		class: "muscarinic antagonists", mesh: []string{"Muscarinic Antagonists"},
		members: []string{"oxybutynin", "tolterodine", "solifenacin", "darifenacin", "fesoterodine", "trospium", "tiotropium", "ipratropium",
			"glycopyrronium", "umeclidinium", "aclidinium", "hyoscine", "scopolamine", "atropine"}},
	{names: []string{"laxative", "laxatives"}, class: "laxatives", mesh: []string{"Laxatives"},
		members: []string{"macrogol", "polyethylene glycol", "lactulose", "senna", "bisacodyl", "docusate", "sodium picosulfate",
			"prucalopride", "linaclotide", "lubiprostone"}},
	{names: []string{"stimulants", "psychostimulants", "stimulant medication", "stimulant medications"}, class: "central nervous system stimulants",
		mesh:    []string{"Central Nervous System Stimulants"},
		members: []string{"methylphenidate", "amphetamine", "dexamfetamine", "dextroamphetamine", "lisdexamfetamine", "modafinil"}},
	{names: []string{"local anaesthetic", "local anaesthetics", "local anesthetic", "local anesthetics"}, class: "local anaesthetics",
		mesh: []string{"Anesthetics, Local"}, suffixes: []string{"caine"},
		members: []string{"lidocaine", "lignocaine", "bupivacaine", "levobupivacaine", "ropivacaine", "mepivacaine", "prilocaine", "articaine",
			"chloroprocaine"}},
	{names: []string{"inotrope", "inotropes", "inotropic agents"}, class: "cardiotonic agents", mesh: []string{"Cardiotonic Agents"},
		members: []string{"dobutamine", "milrinone", "levosimendan", "enoximone", "dopamine", "digoxin"}},
	{names: []string{"mood stabiliser", "mood stabilisers", "mood stabilizer", "mood stabilizers"}, class: "antimanic agents",
		mesh: []string{"Antimanic Agents"}, members: []string{"lithium", "valproate", "valproic acid", "lamotrigine", "carbamazepine"}},
	{names: []string{"decongestant", "decongestants", "nasal decongestants"}, class: "nasal decongestants", mesh: []string{"Nasal Decongestants"},
		members: []string{"pseudoephedrine", "phenylephrine", "oxymetazoline", "xylometazoline"}},
	{names: []string{"bile acid sequestrant", "bile acid sequestrants"}, class: "bile acid sequestrants", mesh: []string{"Sequestering Agents"},
		members: []string{"colestyramine", "cholestyramine", "colesevelam", "colestipol"}},
	{names: []string{"iron chelator", "iron chelators", "iron chelation"}, class: "iron chelating agents", mesh: []string{"Iron Chelating Agents"},
		members: []string{"deferasirox", "deferiprone", "deferoxamine", "desferrioxamine"}},
	{names: []string{"gepants", "cgrp antagonists", "cgrp receptor antagonists"}, class: "CGRP receptor antagonists",
		mesh: []string{"Calcitonin Gene-Related Peptide Receptor Antagonists"}, suffixes: []string{"gepant"},
		members: []string{"rimegepant", "ubrogepant", "atogepant", "zavegepant"}},
	{names: []string{"antispasmodic", "antispasmodics"}, class: "parasympatholytics", mesh: []string{"Parasympatholytics"},
		members: []string{"hyoscine butylbromide", "mebeverine", "dicycloverine", "dicyclomine", "otilonium", "pinaverium", "alverine"}},
	{names: []string{"nmda antagonist", "nmda antagonists", "nmda receptor antagonists"}, class: "NMDA receptor antagonists",
		mesh:    []string{"Excitatory Amino Acid Antagonists"},
		members: []string{"ketamine", "esketamine", "memantine", "dextromethorphan", "amantadine"}},
	{names: []string{"antihistamine", "antihistamines", "h1-antihistamine", "h1-antihistamines", "h1 antihistamines", "h1 antagonists"}, class: "histamine H1 antagonists",
		mesh: []string{"Histamine H1 Antagonists"},
		members: []string{"cetirizine", "levocetirizine", "loratadine", "desloratadine", "fexofenadine", "bilastine", "rupatadine",
			"chlorphenamine", "chlorpheniramine", "diphenhydramine", "promethazine", "hydroxyzine", "doxylamine", "cyclizine", "cyproheptadine"}},
	{names: []string{"proton pump inhibitor", "proton pump inhibitors", "ppi", "ppis"}, class: "proton pump inhibitors",
		mesh: []string{"Proton Pump Inhibitors"}, suffixes: []string{"prazole"},
		members: []string{"omeprazole", "esomeprazole", "pantoprazole", "lansoprazole", "rabeprazole"}},
	{names: []string{"bisphosphonate", "bisphosphonates"}, class: "bisphosphonates",
		// Not "Bone Density Conservation Agents": that action holds denosumab and teriparatide too.
		mesh: []string{"Diphosphonates"}, suffixes: []string{"dronate", "dronic"},
		members: []string{"alendronate", "risedronate", "zoledronate", "zoledronic acid", "ibandronate"}},
	{names: []string{"anticoagulant", "anticoagulants", "doac", "doacs", "noac", "noacs", "blood thinner", "blood thinners",
		"direct oral anticoagulant", "direct oral anticoagulants"}, class: "anticoagulants",
		mesh:    []string{"Anticoagulants"},
		members: []string{"warfarin", "heparin", "enoxaparin", "apixaban", "rivaroxaban", "dabigatran", "edoxaban"}},
	{names: []string{"antiplatelet", "antiplatelets", "antiplatelet agents"}, class: "platelet aggregation inhibitors",
		mesh:    []string{"Platelet Aggregation Inhibitors"},
		members: []string{"aspirin", "clopidogrel", "ticagrelor", "prasugrel", "dipyridamole"}},
	{names: []string{"antipsychotic", "antipsychotics"}, class: "antipsychotic agents",
		mesh:    []string{"Antipsychotic Agents"},
		members: []string{"haloperidol", "olanzapine", "risperidone", "quetiapine", "aripiprazole", "clozapine", "ziprasidone"}},
	{names: []string{"benzodiazepine", "benzodiazepines", "benzos", "benzo"}, class: "benzodiazepines",
		mesh: []string{"Benzodiazepines"}, suffixes: []string{"azepam"},
		members: []string{"diazepam", "lorazepam", "midazolam", "alprazolam", "clonazepam"}},
	{names: []string{"corticosteroid", "corticosteroids", "glucocorticoid", "glucocorticoids", "steroid", "steroids"}, class: "glucocorticoids",
		mesh: []string{"Glucocorticoids", "Adrenal Cortex Hormones"}, suffixes: []string{"methasone", "asone", "olone"},
		members: []string{"dexamethasone", "prednisone", "prednisolone", "hydrocortisone", "methylprednisolone", "budesonide",
			"betamethasone", "triamcinolone", "fluticasone", "mometasone", "beclomethasone", "cortisone", "fludrocortisone"}},
	// MeSH Adrenergic alpha-Antagonists, by the WHO stem -osin.
	{names: []string{"alpha-blocker", "alpha-blockers", "alpha blocker", "alpha blockers", "alpha-adrenergic blockers",
		"alpha-1 blockers", "alpha1-blockers", "alpha-adrenergic antagonists"},
		class: "alpha-blockers", mesh: []string{"Adrenergic alpha-Antagonists"}, suffixes: []string{"osin"},
		members: []string{"tamsulosin", "alfuzosin", "silodosin", "doxazosin", "terazosin", "prazosin"}},
	// Endocrine therapy of breast cancer (MeSH Antineoplastic Agents, Hormonal).
	{names: []string{"endocrine therapy", "endocrine therapies", "hormonal therapy", "endocrine treatment"},
		class: "endocrine therapy", mesh: []string{"Antineoplastic Agents, Hormonal"},
		members: []string{"tamoxifen", "letrozole", "anastrozole", "exemestane", "fulvestrant", "aromatase inhibitor", "aromatase inhibitors",
			"goserelin", "leuprorelin", "elacestrant"}},
	// MeSH Vasoconstrictor Agents: what intensivists call pressors.
	{names: []string{"pressor", "pressors", "vasopressor", "vasopressors", "vasopressor agents", "vasoconstrictor agents"},
		class: "vasopressors", mesh: []string{"Vasoconstrictor Agents"},
		members: []string{"norepinephrine", "noradrenaline", "epinephrine", "adrenaline", "vasopressin", "phenylephrine", "dopamine",
			"terlipressin", "metaraminol", "angiotensin ii"}},
	{names: []string{"tnf inhibitor", "tnf inhibitors", "anti-tnf", "tnf-alpha inhibitors"}, class: "TNF inhibitors",
		mesh:    []string{"Tumor Necrosis Factor Inhibitors"},
		members: []string{"infliximab", "adalimumab", "etanercept", "certolizumab", "golimumab"}},
	{names: []string{"nicotinic receptor partial agonists", "nicotinic partial agonists", "nicotinic agonists"}, class: "nicotinic agonists",
		mesh: []string{"Nicotinic Agonists"}, members: []string{"varenicline", "cytisine", "cytisinicline"}},
	{names: []string{"biologic", "biologics", "biologic therapy", "biologic therapies", "biological therapy", "biological therapies",
		"biologic agents", "biological agents", "biologic drugs"}, class: "biological products",
		mesh: []string{"Biological Products"}, suffixes: []string{"mab", "cept"},
		members: []string{"adalimumab", "infliximab", "etanercept", "ustekinumab", "secukinumab", "rituximab", "tocilizumab", "dupilumab", "vedolizumab",
			"omalizumab", "mepolizumab", "benralizumab", "tezepelumab"}},
	{names: []string{"antihypertensive", "antihypertensives", "antihypertensive drugs", "antihypertensive agents",
		"antihypertensive medications", "antihypertensive medication", "antihypertensive treatment", "antihypertensive therapy",
		// Patients' words (as "water tablets" for diuretics).
		"blood pressure tablets", "blood pressure pills", "blood pressure medication", "blood pressure medications",
		"blood pressure medicine", "blood pressure medicines"},
		class: "antihypertensive agents", mesh: []string{"Antihypertensive Agents"}, suffixes: []string{"pril", "sartan", "dipine", "olol"},
		members: []string{"amlodipine", "lisinopril", "losartan", "hydrochlorothiazide", "ramipril", "valsartan", "chlorthalidone", "metoprolol"}},
	{names: []string{"antidiabetic", "antidiabetics", "antidiabetic drugs", "antidiabetic agents", "antidiabetic medications",
		"antidiabetic medication", "glucose-lowering drugs", "glucose-lowering agents", "hypoglycemic agents", "hypoglycaemic agents"},
		class: "hypoglycemic agents", mesh: []string{"Hypoglycemic Agents"}, suffixes: []string{"gliptin", "gliflozin", "glutide", "glitazone"},
		members: []string{"metformin", "insulin", "glimepiride", "glipizide", "glibenclamide", "glyburide", "gliclazide", "pioglitazone",
			"sitagliptin", "empagliflozin", "dapagliflozin", "liraglutide", "semaglutide", "exenatide", "acarbose"}},
	{names: []string{"antiviral", "antivirals", "antiviral drugs", "antiviral agents", "antiviral medications", "antiviral therapy",
		"antiviral treatment"}, class: "antiviral agents", mesh: []string{"Antiviral Agents"}, suffixes: []string{"vir"},
		members: []string{"acyclovir", "valacyclovir", "oseltamivir", "remdesivir", "tenofovir", "nirmatrelvir", "ribavirin", "interferon"}},
	{names: []string{"checkpoint inhibitor", "checkpoint inhibitors", "immune checkpoint inhibitors"}, class: "immune checkpoint inhibitors",
		mesh:    []string{"Immune Checkpoint Inhibitors"},
		members: []string{"pembrolizumab", "nivolumab", "ipilimumab", "atezolizumab", "durvalumab", "cemiplimab"}},
	{names: []string{"calcium channel blocker", "calcium channel blockers"}, class: "calcium channel blockers",
		mesh: []string{"Calcium Channel Blockers"}, suffixes: []string{"dipine"},
		members: []string{"amlodipine", "nifedipine", "diltiazem", "verapamil", "felodipine"}},
	{names: []string{"diuretic", "diuretics", "thiazides", "thiazide diuretics", "water tablets", "water pills"}, class: "diuretics",
		mesh:    []string{"Diuretics"},
		members: []string{"furosemide", "hydrochlorothiazide", "chlorthalidone", "indapamide", "spironolactone", "bumetanide"}},
	{names: []string{"opioid", "opioids"}, class: "opioid analgesics",
		mesh:    []string{"Analgesics, Opioid"},
		members: []string{"morphine", "oxycodone", "fentanyl", "hydromorphone", "tramadol", "codeine", "buprenorphine", "methadone"}},
	{names: []string{"cholinesterase inhibitor", "cholinesterase inhibitors", "acetylcholinesterase inhibitors"}, class: "cholinesterase inhibitors",
		mesh:    []string{"Cholinesterase Inhibitors"},
		members: []string{"donepezil", "rivastigmine", "galantamine"}},
	{names: []string{"triptan", "triptans"}, class: "serotonin 5-HT1 receptor agonists",
		mesh: []string{"Tryptamines", "Serotonin 5-HT1 Receptor Agonists"}, suffixes: []string{"triptan"},
		members: []string{"sumatriptan", "rizatriptan", "zolmitriptan", "eletriptan", "naratriptan"}},
	{names: []string{"sulfonylurea", "sulfonylureas"}, class: "sulfonylureas",
		mesh:    []string{"Sulfonylurea Compounds"},
		members: []string{"glibenclamide", "glyburide", "gliclazide", "glipizide", "glimepiride"}},
	{names: []string{"antibiotic", "antibiotics", "antibacterials"}, class: "anti-bacterial agents",
		mesh:    []string{"Anti-Bacterial Agents"},
		members: []string{"amoxicillin", "azithromycin", "doxycycline", "ciprofloxacin", "ceftriaxone", "vancomycin", "metronidazole"}},
	{names: []string{"jak inhibitor", "jak inhibitors", "janus kinase inhibitors", "jakinibs", "jak1-2 inhibitor", "jak1-2 inhibitors",
		"jak1-2 inhibition", "jak inhibition"}, class: "Janus kinase inhibitors",
		mesh: []string{"Janus Kinase Inhibitors"}, suffixes: []string{"citinib"},
		members: []string{"tofacitinib", "baricitinib", "upadacitinib", "ruxolitinib", "filgotinib", "abrocitinib"}},
	{names: []string{"fluoroquinolone", "fluoroquinolones", "quinolones"}, class: "fluoroquinolones",
		mesh: []string{"Fluoroquinolones"}, suffixes: []string{"floxacin"},
		members: []string{"ciprofloxacin", "levofloxacin", "moxifloxacin", "ofloxacin", "norfloxacin"}},
	{names: []string{"neuromuscular blocking agents", "neuromuscular blockers", "neuromuscular blocking drugs", "muscle relaxants"},
		class: "neuromuscular blocking agents", mesh: []string{"Neuromuscular Blocking Agents"}, suffixes: []string{"curonium", "curium"},
		members: []string{"rocuronium", "vecuronium", "atracurium", "cisatracurium", "suxamethonium", "succinylcholine", "pancuronium", "mivacurium"}},
	// No heading: MeSH has none for either class.
	// MeSH Probiotics: the organisms trials give by name.
	{names: []string{"probiotic", "probiotics"}, class: "probiotics", mesh: []string{"Probiotics"},
		members: []string{"lactobacillus", "lactobacilli", "bifidobacterium", "bifidobacteria", "saccharomyces boulardii", "saccharomyces",
			"streptococcus thermophilus", "lactobacillus rhamnosus gg", "lactobacillus gg", "lgg"}},
	// MeSH 5-alpha Reductase Inhibitors (pharmacological action): finasteride, dutasteride.
	{names: []string{"5-alpha reductase inhibitor", "5-alpha reductase inhibitors", "5-alpha-reductase inhibitors",
		"5alpha-reductase inhibitors", "5-ari", "5-aris", "5ari", "5aris"},
		class: "5-alpha reductase inhibitors", mesh: []string{"5-alpha Reductase Inhibitors"}, members: []string{"finasteride", "dutasteride"}},
	{names: []string{"gabapentinoid", "gabapentinoids", "alpha-2-delta ligands"}, class: "gabapentinoids",
		members: []string{"pregabalin", "gabapentin", "mirogabalin", "gabapentin enacarbil"}},
	{names: []string{"direct-acting antivirals", "direct-acting antiviral", "direct acting antivirals", "daas", "daa", "daa therapy"},
		class: "direct-acting antivirals (hepatitis C)",
		members: []string{"sofosbuvir", "velpatasvir", "ledipasvir", "glecaprevir", "pibrentasvir", "daclatasvir", "elbasvir",
			"grazoprevir", "simeprevir", "voxilaprevir", "ombitasvir", "paritaprevir", "dasabuvir"}},
	{names: []string{"cgrp monoclonal antibodies", "cgrp antibodies", "anti-cgrp antibodies", "anti-cgrp monoclonal antibodies",
		"cgrp mabs"}, class: "CGRP monoclonal antibodies",
		// No heading: MeSH's "Calcitonin Gene-Related Peptide Receptor Antagonists" holds the
		// gepants (rimegepant, ubrogepant) too, which are not antibodies.
		members: []string{"erenumab", "fremanezumab", "galcanezumab", "eptinezumab"}},
	{names: []string{"raas inhibitors", "raas blockers", "renin-angiotensin system inhibitors", "renin-angiotensin-aldosterone system inhibitors",
		"raas blockade"}, class: "renin-angiotensin system inhibitors",
		mesh: []string{"Angiotensin-Converting Enzyme Inhibitors", "Angiotensin Receptor Antagonists"}, suffixes: []string{"pril", "sartan"},
		members: []string{"enalapril", "lisinopril", "ramipril", "losartan", "valsartan", "candesartan"}},
	{names: []string{"parp inhibitor", "parp inhibitors"}, class: "PARP inhibitors",
		mesh: []string{"Poly(ADP-ribose) Polymerase Inhibitors"}, suffixes: []string{"parib"},
		members: []string{"olaparib", "niraparib", "rucaparib", "talazoparib"}},
	{names: []string{"aromatase inhibitor", "aromatase inhibitors"}, class: "aromatase inhibitors",
		mesh:    []string{"Aromatase Inhibitors"},
		members: []string{"letrozole", "anastrozole", "exemestane"}},
	{names: []string{"anti-vegf", "vegf inhibitors"}, class: "angiogenesis inhibitors (anti-VEGF)",
		mesh:    []string{"Angiogenesis Inhibitors", "Vascular Endothelial Growth Factor A"},
		members: []string{"bevacizumab", "ranibizumab", "aflibercept"}},
	{names: []string{"antiepileptic", "antiepileptics", "anticonvulsant", "anticonvulsants", "antiseizure", "anti-seizure"}, class: "anticonvulsants",
		mesh:    []string{"Anticonvulsants"},
		members: []string{"valproate", "levetiracetam", "lamotrigine", "carbamazepine", "phenytoin", "topiramate", "gabapentin"}},
	// Targeted classes named by their target, with the slash of "CDK4/6" or "PD-1/PD-L1" read
	// as a hyphen (tokenize); members are the INNs the WHO lists under each target, MeSH
	// where a pharmacological action names exactly the class.
	{names: []string{"cdk4-6 inhibitor", "cdk4-6 inhibitors", "cdk4-6 inhibition", "cdk4-6i", "cdk4-6is"}, class: "CDK4/6 inhibitors",
		suffixes: []string{"ciclib"}, members: []string{"palbociclib", "ribociclib", "abemaciclib", "dalpiciclib", "trilaciclib"}},
	{names: []string{"pd-1 inhibitor", "pd-1 inhibitors", "pd-1 blockade", "anti-pd-1", "anti-pd-1 antibodies", "pd-1 blockers", "pd-1 antibodies"},
		class: "PD-1 inhibitors", members: []string{"pembrolizumab", "nivolumab", "cemiplimab", "dostarlimab", "tislelizumab", "toripalimab",
			"sintilimab", "camrelizumab", "retifanlimab"}},
	{names: []string{"pd-l1 inhibitor", "pd-l1 inhibitors", "pd-l1 blockade", "anti-pd-l1", "anti-pd-l1 antibodies", "pd-l1 blockers"},
		class: "PD-L1 inhibitors", members: []string{"atezolizumab", "durvalumab", "avelumab", "sugemalimab"}},
	{names: []string{"pd-1-pd-l1 inhibitor", "pd-1-pd-l1 inhibitors", "pd-1-pd-l1 blockade", "anti-pd-1-pd-l1", "pd-1-pd-l1 blockers",
		"pd-1-pd-l1 antibodies"}, class: "PD-1/PD-L1 inhibitors",
		members: []string{"pembrolizumab", "nivolumab", "atezolizumab", "durvalumab", "cemiplimab", "avelumab", "dostarlimab", "tislelizumab",
			"toripalimab", "sintilimab", "camrelizumab"}},
	{names: []string{"5-ht3 antagonist", "5-ht3 antagonists", "5-ht3 receptor antagonists", "5-ht3 receptor antagonist", "setrons"},
		class: "serotonin 5-HT3 receptor antagonists", mesh: []string{"Serotonin 5-HT3 Receptor Antagonists"}, suffixes: []string{"setron"},
		members: []string{"ondansetron", "granisetron", "palonosetron", "tropisetron", "dolasetron", "ramosetron"}},
	{names: []string{"braf inhibitor", "braf inhibitors", "braf inhibition"}, class: "BRAF inhibitors",
		members: []string{"vemurafenib", "dabrafenib", "encorafenib"}},
	{names: []string{"mek inhibitor", "mek inhibitors", "mek inhibition"}, class: "MEK inhibitors", suffixes: []string{"metinib"},
		members: []string{"trametinib", "cobimetinib", "binimetinib", "selumetinib"}},
	{names: []string{"egfr inhibitor", "egfr inhibitors", "egfr tki", "egfr tkis", "egfr tyrosine kinase inhibitors", "egfr-tkis", "egfr-tki"},
		class: "EGFR tyrosine kinase inhibitors", members: []string{"osimertinib", "gefitinib", "erlotinib", "afatinib", "dacomitinib",
			"lazertinib", "icotinib"}},
	{names: []string{"anti-her2 therapy", "her2-targeted therapy", "her2-targeted therapies", "anti-her2", "her2-directed therapy",
		"her2-targeted agents"}, class: "HER2-targeted therapy",
		members: []string{"trastuzumab", "pertuzumab", "trastuzumab deruxtecan", "trastuzumab emtansine", "lapatinib", "neratinib", "tucatinib"}},
	{names: []string{"btk inhibitor", "btk inhibitors", "bruton tyrosine kinase inhibitors"}, class: "BTK inhibitors", suffixes: []string{"brutinib"},
		members: []string{"ibrutinib", "acalabrutinib", "zanubrutinib", "pirtobrutinib"}},
	{names: []string{"il-17 inhibitor", "il-17 inhibitors", "anti-il-17", "il-17a inhibitors", "anti-il-17a", "il-17 blockade", "il-17 antagonists"},
		class: "IL-17 inhibitors", members: []string{"secukinumab", "ixekizumab", "brodalumab", "bimekizumab"}},
	{names: []string{"il-23 inhibitor", "il-23 inhibitors", "anti-il-23", "il-23 blockade", "il-23 antagonists"}, class: "IL-23 inhibitors",
		members: []string{"guselkumab", "risankizumab", "tildrakizumab", "mirikizumab"}},
	{names: []string{"il-12-23 inhibitor", "il-12-23 inhibitors", "anti-il-12-23", "il-12-23 blockade"}, class: "IL-12/23 inhibitors",
		members: []string{"ustekinumab", "briakinumab"}},
	{names: []string{"il-6 inhibitor", "il-6 inhibitors", "anti-il-6", "il-6 blockade", "il-6 receptor antagonists"}, class: "IL-6 inhibitors",
		members: []string{"tocilizumab", "sarilumab", "siltuximab", "satralizumab"}},
	{names: []string{"anti-il-5", "il-5 inhibitors", "anti-il-5 therapy"}, class: "IL-5 inhibitors",
		members: []string{"mepolizumab", "reslizumab", "benralizumab"}},
	{names: []string{"anti-cd20", "anti-cd20 therapy", "anti-cd20 antibodies", "anti-cd20 monoclonal antibodies"}, class: "anti-CD20 antibodies",
		members: []string{"rituximab", "obinutuzumab", "ofatumumab", "ocrelizumab", "ublituximab"}},
	{names: []string{"factor-10a inhibitor", "factor-10a inhibitors", "anti-xa", "xabans", "anti-xa agents"}, class: "factor Xa inhibitors",
		mesh: []string{"Factor Xa Inhibitors"}, suffixes: []string{"xaban"},
		members: []string{"apixaban", "rivaroxaban", "edoxaban", "betrixaban"}},
	{names: []string{"p2y12 inhibitor", "p2y12 inhibitors", "p2y12 antagonists", "p2y12 receptor antagonists", "p2y12 blockers"},
		class: "P2Y12 inhibitors", mesh: []string{"Purinergic P2Y Receptor Antagonists"},
		members: []string{"clopidogrel", "prasugrel", "ticagrelor", "cangrelor"}},
	{names: []string{"mtor inhibitor", "mtor inhibitors"}, class: "mTOR inhibitors", mesh: []string{"MTOR Inhibitors"},
		members: []string{"sirolimus", "everolimus", "temsirolimus"}},
	{names: []string{"calcineurin inhibitor", "calcineurin inhibitors"}, class: "calcineurin inhibitors", mesh: []string{"Calcineurin Inhibitors"},
		members: []string{"tacrolimus", "ciclosporin", "cyclosporine", "voclosporin", "pimecrolimus"}},
	{names: []string{"h2 blocker", "h2 blockers", "h2-receptor antagonists", "h2 receptor antagonists", "h2 antagonists", "h2ras"},
		class: "histamine H2 antagonists", mesh: []string{"Histamine H2 Antagonists"}, suffixes: []string{"tidine"},
		members: []string{"famotidine", "ranitidine", "cimetidine", "nizatidine"}},
	{names: []string{"mineralocorticoid receptor antagonist", "mineralocorticoid receptor antagonists", "mra", "mras",
		"aldosterone antagonists"}, class: "mineralocorticoid receptor antagonists", mesh: []string{"Mineralocorticoid Receptor Antagonists"},
		members: []string{"spironolactone", "eplerenone", "finerenone"}},
	{names: []string{"pcsk9 inhibitor", "pcsk9 inhibitors", "pcsk9 inhibition"}, class: "PCSK9 inhibitors", mesh: []string{"PCSK9 Inhibitors"},
		members: []string{"evolocumab", "alirocumab", "inclisiran"}},
	{names: []string{"fibrate", "fibrates"}, class: "fibric acids", mesh: []string{"Fibric Acids"}, suffixes: []string{"fibrate"},
		members: []string{"fenofibrate", "gemfibrozil", "bezafibrate", "ciprofibrate"}},
	{names: []string{"thiazolidinedione", "thiazolidinediones", "glitazones"}, class: "thiazolidinediones", mesh: []string{"Thiazolidinediones"},
		suffixes: []string{"glitazone"}, members: []string{"pioglitazone", "rosiglitazone"}},
	{names: []string{"integrase inhibitor", "integrase inhibitors", "integrase strand transfer inhibitors", "insti", "instis"},
		class: "HIV integrase inhibitors", mesh: []string{"HIV Integrase Inhibitors"}, suffixes: []string{"tegravir"},
		members: []string{"dolutegravir", "bictegravir", "raltegravir", "elvitegravir", "cabotegravir"}},
	{names: []string{"tricyclic antidepressant", "tricyclic antidepressants", "tca", "tcas", "tricyclics"}, class: "tricyclic antidepressants",
		mesh: []string{"Antidepressive Agents, Tricyclic"}, suffixes: []string{"triptyline", "ipramine"},
		members: []string{"amitriptyline", "nortriptyline", "imipramine", "clomipramine", "desipramine", "doxepin"}},
	{names: []string{"carbapenem", "carbapenems"}, class: "carbapenems", mesh: []string{"Carbapenems"}, suffixes: []string{"penem"},
		members: []string{"meropenem", "imipenem", "ertapenem", "doripenem"}},
	{names: []string{"cephalosporin", "cephalosporins"}, class: "cephalosporins", mesh: []string{"Cephalosporins"},
		members: []string{"ceftriaxone", "cefazolin", "cefuroxime", "cephalexin", "cefalexin", "cefepime", "ceftazidime", "cefotaxime", "cefixime"}},
	{names: []string{"macrolide", "macrolides"}, class: "macrolides", mesh: []string{"Macrolides"}, suffixes: []string{"thromycin"},
		members: []string{"azithromycin", "clarithromycin", "erythromycin", "roxithromycin"}},
	{names: []string{"tetracycline antibiotics", "tetracyclines"}, class: "tetracyclines", mesh: []string{"Tetracyclines"}, suffixes: []string{"cycline"},
		members: []string{"doxycycline", "minocycline", "tetracycline", "tigecycline", "sarecycline"}},
	{names: []string{"aminoglycoside", "aminoglycosides"}, class: "aminoglycosides", mesh: []string{"Aminoglycosides"},
		members: []string{"gentamicin", "amikacin", "tobramycin", "streptomycin", "neomycin"}},
	{names: []string{"penicillin antibiotics", "penicillins"}, class: "penicillins", mesh: []string{"Penicillins"}, suffixes: []string{"cillin"},
		members: []string{"amoxicillin", "ampicillin", "penicillin", "flucloxacillin", "piperacillin", "benzylpenicillin"}},
	// MeSH Contraceptives, Oral; patients say "the pill".
	{names: []string{"oral contraceptive", "oral contraceptives", "combined oral contraceptive", "combined oral contraceptives", "pill",
		"combined pill", "contraceptive pill", "contraceptive pills", "birth control pill", "birth control pills", "coc", "cocs", "ocp", "ocps"},
		class: "oral contraceptives", mesh: []string{"Contraceptives, Oral"},
		members: []string{"ethinylestradiol", "ethinyl estradiol", "levonorgestrel", "desogestrel", "drospirenone", "norethisterone",
			"norgestimate", "gestodene", "dienogest"}},
	// MeSH Hematinics' erythropoietins; WHO INN stem "-poetin".
	{names: []string{"erythropoiesis-stimulating agents", "erythropoiesis-stimulating agent", "esas", "esa", "erythropoietins",
		"erythropoiesis stimulating agents"}, class: "erythropoiesis-stimulating agents", mesh: []string{"Hematinics"}, suffixes: []string{"poetin"},
		members: []string{"epoetin alfa", "epoetin beta", "darbepoetin alfa", "methoxy polyethylene glycol-epoetin beta", "erythropoietin"}},
	{names: []string{"anti-amyloid antibodies", "anti-amyloid monoclonal antibodies", "anti-amyloid therapy", "anti-amyloid therapies",
		"amyloid-targeting antibodies"}, class: "anti-amyloid antibodies",
		members: []string{"lecanemab", "donanemab", "aducanumab", "gantenerumab", "solanezumab"}},
	// Not a drug class, but read the same way: a question about "surgery" is answered by
	// papers that name the operation ("appendectomy", "arthroplasty"), by its INN-like
	// endings (the MeSH Surgical Procedures, Operative tree's naming).
	{names: []string{"surgery", "surgical treatment", "surgical treatments", "surgical intervention", "surgical interventions",
		"operative treatment", "surgical procedures", "surgical procedure", "resection", "resections", "surgical resection"}, class: "surgical procedures",
		suffixes: []string{"ectomy", "ectomies", "otomy", "otomies", "ostomy", "plasty", "plasties", "pexy", "rrhaphy"}},
}

// drugSynonyms pairs names of one substance (INN and US adopted name, or the common name):
// each one a question uses is searched and matched with the others.
var drugSynonyms = [][]string{
	{"aspirin", "acetylsalicylic acid"},
	{"salbutamol", "albuterol"},
	{"cannabis", "marijuana", "marihuana"},
	{"glibenclamide", "glyburide"},
	{"adrenaline", "epinephrine"},
	{"noradrenaline", "norepinephrine"},
	{"lignocaine", "lidocaine"},
	{"frusemide", "furosemide"},
	{"vitamin d", "cholecalciferol", "colecalciferol", "ergocalciferol"},
	{"zoledronate", "zoledronic acid"},
	{"tranexamic acid", "txa"},
	{"esketamine", "s-ketamine"},
	{"sacubitril-valsartan", "sacubitril/valsartan"},
	{"nirmatrelvir-ritonavir", "nirmatrelvir/ritonavir"},
	{"paracetamol", "acetaminophen"},
	{"turmeric", "curcumin", "curcuma longa"},
	// INN and US adopted (or older British) names of one substance (WHO INN list, USAN).
	{"aciclovir", "acyclovir"},
	{"valaciclovir", "valacyclovir"},
	{"rifampicin", "rifampin"},
	{"oestradiol", "estradiol"},
	{"amoxycillin", "amoxicillin"},
	{"isoprenaline", "isoproterenol"},
	{"dexamfetamine", "dextroamphetamine"},
	{"methylthioninium chloride", "methylene blue"},
	{"bendroflumethiazide", "bendrofluazide"},
	{"thiopental", "thiopentone"},
	{"chlorphenamine", "chlorpheniramine"},
	{"pethidine", "meperidine"},
	{"hyoscine", "scopolamine"},
	{"glyceryl trinitrate", "nitroglycerin", "nitroglycerine", "gtn"},
	{"benzylpenicillin", "penicillin g"},
	{"co-trimoxazole", "cotrimoxazole", "trimethoprim-sulfamethoxazole", "trimethoprim/sulfamethoxazole", "tmp-smx"},
	{"dimeticone", "dimethicone"},
	{"botulinum toxin", "onabotulinumtoxina", "botulinum toxin type a", "botulinum toxins"},
	{"valproate", "valproic acid", "divalproex", "sodium valproate"},
	{"isotretinoin", "13-cis-retinoic acid"},
	{"levothyroxine", "thyroxine", "l-thyroxine"},
	{"ivig", "intravenous immunoglobulin", "intravenous immune globulin", "intravenous immunoglobulins"},
	// IgM-enriched immunoglobulin (Pentaglobin) is a preparation of its own, trialled in
	// sepsis; papers write it out or as "IgM-eIVIG".
	{"igm-enriched ivig", "igm-enriched immunoglobulin", "igm-enriched immunoglobulins", "igm-enriched intravenous immunoglobulin", "igm-eivig"},
	// The enzyme sold over the counter against wind from beans (Beano), as MeSH writes it.
	{"alpha-galactosidase", "α-galactosidase"},
	// A laxative's INN and the name on the packet (BNF: macrogols; ispaghula husk is psyllium).
	{"macrogol", "polyethylene glycol", "macrogols"},
	{"ispaghula", "psyllium", "ispaghula husk", "psyllium husk"},
	{"omega-3", "omega-3 fatty acids", "fish oil", "eicosapentaenoic acid", "icosapent ethyl"},
	{"vitamin b12", "cobalamin", "cyanocobalamin", "vitamin b 12"},
}

// brandNames are over-the-counter and much-prescribed brands patients name, each with the
// INN papers are written and indexed under (the FDA's Orange Book and the BNF list each
// brand with its INN). One way only: a brand typed is searched and matched by its INN and
// the INN's other names, but a question naming the INN is not searched by every brand.
var brandNames = map[string]string{
	"spravato":   "esketamine",
	"ozempic":    "semaglutide",
	"wegovy":     "semaglutide",
	"rybelsus":   "semaglutide",
	"mounjaro":   "tirzepatide",
	"zepbound":   "tirzepatide",
	"victoza":    "liraglutide",
	"saxenda":    "liraglutide",
	"keytruda":   "pembrolizumab",
	"opdivo":     "nivolumab",
	"herceptin":  "trastuzumab",
	"avastin":    "bevacizumab",
	"humira":     "adalimumab",
	"dupixent":   "dupilumab",
	"entresto":   "sacubitril-valsartan",
	"lcz696":     "sacubitril-valsartan",
	"paxlovid":   "nirmatrelvir-ritonavir",
	"eliquis":    "apixaban",
	"xarelto":    "rivaroxaban",
	"lipitor":    "atorvastatin",
	"jardiance":  "empagliflozin",
	"farxiga":    "dapagliflozin",
	"forxiga":    "dapagliflozin",
	"tamiflu":    "oseltamivir",
	"accutane":   "isotretinoin",
	"roaccutane": "isotretinoin",
	"ritalin":    "methylphenidate",
	"concerta":   "methylphenidate",
	"viagra":     "sildenafil",
	"leqembi":    "lecanemab",
	"chantix":    "varenicline",
	"champix":    "varenicline",
	"tylenol":    "paracetamol", "panadol": "paracetamol", "calpol": "paracetamol",
	"advil": "ibuprofen", "motrin": "ibuprofen", "nurofen": "ibuprofen",
	"aleve": "naproxen", "naprosyn": "naproxen",
	"keppra": "levetiracetam", "lasix": "furosemide", "coumadin": "warfarin", "plavix": "clopidogrel",
	"zoloft": "sertraline", "prozac": "fluoxetine", "lexapro": "escitalopram", "cipralex": "escitalopram",
	"xanax": "alprazolam", "valium": "diazepam", "lyrica": "pregabalin", "neurontin": "gabapentin",
	"crestor": "rosuvastatin", "zocor": "simvastatin", "prilosec": "omeprazole", "losec": "omeprazole",
	"nexium": "esomeprazole", "singulair": "montelukast", "seroquel": "quetiapine", "abilify": "aripiprazole",
	"wellbutrin": "bupropion", "zyban": "bupropion", "imodium": "loperamide", "zyrtec": "cetirizine",
	"claritin": "loratadine", "clarityn": "loratadine", "benadryl": "diphenhydramine", "glucophage": "metformin",
	"botox": "botulinum toxin", "depakote": "valproate", "epilim": "valproate",
	// Biologics and newer drugs by their brands.
	"benlysta": "belimumab", "entyvio": "vedolizumab", "stelara": "ustekinumab", "remicade": "infliximab",
	"enbrel": "etanercept", "xolair": "omalizumab", "nucala": "mepolizumab", "cosentyx": "secukinumab",
	"skyrizi": "risankizumab", "rinvoq": "upadacitinib", "olumiant": "baricitinib", "xeljanz": "tofacitinib",
	"actemra": "tocilizumab", "roactemra": "tocilizumab", "orencia": "abatacept", "rituxan": "rituximab",
	"mabthera": "rituximab", "ocrevus": "ocrelizumab", "tysabri": "natalizumab", "aimovig": "erenumab",
	"hemlibra": "emicizumab", "trulicity": "dulaglutide", "januvia": "sitagliptin", "repatha": "evolocumab",
	"praluent": "alirocumab", "brilinta": "ticagrelor", "pradaxa": "dabigatran", "lovenox": "enoxaparin",
	"clexane": "enoxaparin", "valtrex": "valacyclovir", "zovirax": "acyclovir", "vemlidy": "tenofovir alafenamide",
	// Eyes, skin, gut, bladder and bone.
	"restasis": "cyclosporine", "eylea": "aflibercept", "lucentis": "ranibizumab", "vabysmo": "faricimab",
	"xalatan": "latanoprost", "lumigan": "bimatoprost", "lamisil": "terbinafine", "sporanox": "itraconazole",
	"diflucan": "fluconazole", "differin": "adapalene", "protopic": "tacrolimus", "elidel": "pimecrolimus",
	"rogaine": "minoxidil", "regaine": "minoxidil", "propecia": "finasteride", "proscar": "finasteride",
	"zofran": "ondansetron", "pepcid": "famotidine", "zantac": "ranitidine", "xifaxan": "rifaximin",
	"linzess": "linaclotide", "dulcolax": "bisacodyl", "buscopan": "hyoscine butylbromide", "asacol": "mesalamine",
	"pentasa": "mesalamine", "entocort": "budesonide", "flomax": "tamsulosin", "avodart": "dutasteride",
	"cialis": "tadalafil", "vesicare": "solifenacin", "detrol": "tolterodine", "myrbetriq": "mirabegron",
	"betmiga": "mirabegron", "fosamax": "alendronate", "prolia": "denosumab", "xgeva": "denosumab",
	"forteo": "teriparatide", "evenity": "romosozumab", "aclasta": "zoledronic acid", "reclast": "zoledronic acid",
	// Pain, addiction, the brain and the mind.
	"voltaren": "diclofenac", "celebrex": "celecoxib", "vioxx": "rofecoxib", "mobic": "meloxicam", "ultram": "tramadol",
	"oxycontin": "oxycodone", "subutex": "buprenorphine", "narcan": "naloxone", "antabuse": "disulfiram",
	"campral": "acamprosate", "vivitrol": "naltrexone", "lamictal": "lamotrigine", "tegretol": "carbamazepine",
	"dilantin": "phenytoin", "topamax": "topiramate", "trileptal": "oxcarbazepine", "zyprexa": "olanzapine",
	"risperdal": "risperidone", "haldol": "haloperidol", "clozaril": "clozapine", "effexor": "venlafaxine",
	"cymbalta": "duloxetine", "paxil": "paroxetine", "seroxat": "paroxetine", "celexa": "citalopram",
	"remeron": "mirtazapine", "ambien": "zolpidem", "adderall": "amphetamine", "vyvanse": "lisdexamfetamine",
	"strattera": "atomoxetine", "aricept": "donepezil", "namenda": "memantine", "exelon": "rivastigmine",
	"sinemet": "levodopa", "spinraza": "nusinersen", "evrysdi": "risdiplam", "zolgensma": "onasemnogene abeparvovec",
	// Heart, lungs, hormones and metabolism.
	"norvasc": "amlodipine", "zestril": "lisinopril", "cozaar": "losartan", "diovan": "valsartan",
	"tenormin": "atenolol", "lopressor": "metoprolol", "coreg": "carvedilol", "aldactone": "spironolactone",
	"lanoxin": "digoxin", "cordarone": "amiodarone", "multaq": "dronedarone", "zetia": "ezetimibe",
	"ezetrol": "ezetimibe", "leqvio": "inclisiran", "ventolin": "salbutamol", "proventil": "albuterol",
	"spiriva": "tiotropium", "flovent": "fluticasone", "pulmicort": "budesonide", "daliresp": "roflumilast",
	"ofev": "nintedanib", "esbriet": "pirfenidone", "kalydeco": "ivacaftor", "synthroid": "levothyroxine",
	"eltroxin": "levothyroxine", "lantus": "insulin glargine", "levemir": "insulin detemir", "tresiba": "insulin degludec",
	"novorapid": "insulin aspart", "humalog": "insulin lispro", "amaryl": "glimepiride", "actos": "pioglitazone",
	"invokana": "canagliflozin",
	// Infections, cancer and immunity.
	"augmentin": "amoxicillin-clavulanate", "zithromax": "azithromycin", "cipro": "ciprofloxacin",
	"flagyl": "metronidazole", "vancocin": "vancomycin", "dificid": "fidaxomicin", "xofluza": "baloxavir",
	"relenza": "zanamivir", "stromectol": "ivermectin", "synagis": "palivizumab", "beyfortus": "nirsevimab",
	"epclusa": "sofosbuvir-velpatasvir", "harvoni": "ledipasvir-sofosbuvir", "sovaldi": "sofosbuvir",
	"gleevec": "imatinib", "glivec": "imatinib", "tagrisso": "osimertinib", "ibrance": "palbociclib",
	"lynparza": "olaparib", "xtandi": "enzalutamide", "zytiga": "abiraterone", "revlimid": "lenalidomide",
	"velcade": "bortezomib", "darzalex": "daratumumab", "imbruvica": "ibrutinib", "tecentriq": "atezolizumab",
	"imfinzi": "durvalumab", "yervoy": "ipilimumab", "arimidex": "anastrozole", "femara": "letrozole",
	"nolvadex": "tamoxifen", "plaquenil": "hydroxychloroquine", "imuran": "azathioprine",
	"cellcept": "mycophenolate", "prograf": "tacrolimus", "neoral": "cyclosporine", "colcrys": "colchicine",
	"zyloprim": "allopurinol", "uloric": "febuxostat", "adenuric": "febuxostat",
	// Women's health.
	"clomid": "clomiphene", "cytotec": "misoprostol", "pitocin": "oxytocin", "syntocinon": "oxytocin",
	"depo-provera": "medroxyprogesterone", "nexplanon": "etonogestrel", "epipen": "epinephrine",
	// Over-the-counter brands for the gut, colds, allergy and skin that patients name (the
	// BNF and the FDA's OTC monograph listings give each with its active ingredient).
	// Brands of several ingredients (Gaviscon, Rennie, Movicol, Lemsip) and brands that are
	// English words (Tums) are left out.
	"beano": "alpha-galactosidase", "lactaid": "lactase", "pepto-bismol": "bismuth subsalicylate",
	"metamucil": "psyllium", "fybogel": "ispaghula", "senokot": "senna", "miralax": "polyethylene glycol",
	"sudafed": "pseudoephedrine", "piriton": "chlorphenamine",
	"nytol": "diphenhydramine", "canesten": "clotrimazole", "daktarin": "miconazole", "flonase": "fluticasone",
	"nasonex": "mometasone", "otrivine": "xylometazoline", "voltarol": "diclofenac", "pentaglobin": "igm-enriched immunoglobulin",
}

// BrandsOf returns the brands of the drugs a concept names (its text and its wordings):
// evidence written with a brand ("Roaccutane") is about the drug ("isotretinoin") though a
// search for the drug never asks for the brand.
func BrandsOf(c Concept) []string {
	names := map[string]bool{}
	for _, t := range append([]string{c.Text}, c.Terms...) {
		names[strings.ToLower(t)] = true
	}
	var out []string
	for brand, inn := range brandNames {
		if names[inn] {
			out = append(out, brand)
		}
	}
	slices.Sort(out)
	return out
}

// therapySynonyms pairs the names of one non-drug treatment: spellings and the acronym
// papers use. A one-word name here ("cpap", "ect") is an intervention (therapyAcronym).
var therapySynonyms = [][]string{
	{"ketogenic diet", "ketogenic diets", "keto diet", "keto diets", "ketogenic dietary therapy", "ketogenic dietary therapies"},
	// Time-restricted eating and alternate-day fasting are the forms intermittent fasting is
	// trialled in.
	{"intermittent fasting", "time-restricted eating", "time-restricted feeding", "alternate-day fasting"},
	{"hpv vaccine", "hpv vaccines", "hpv vaccination", "hpv jab", "human papillomavirus vaccine", "human papillomavirus vaccines", "human papillomavirus vaccination"},
	{"emollient", "emollients", "moisturiser", "moisturisers", "moisturizer", "moisturizers"},
	{"influenza vaccine", "influenza vaccines", "influenza vaccination", "influenza immunization", "influenza immunisation",
		"flu shot", "flu shots", "flu vaccine", "flu vaccination", "flu jab"},
	{"cognitive behavioural therapy", "cognitive behavioral therapy", "cbt"},
	{"cbt-i", "cognitive behavioural therapy for insomnia", "cognitive behavioral therapy for insomnia"},
	{"mbsr", "mindfulness-based stress reduction"},
	{"tai chi", "tai ji", "tai ji quan", "taiji", "tai chi chuan", "taijiquan"},
	{"npwt", "negative pressure wound therapy", "vacuum-assisted closure"},
	{"bariatric surgery", "weight loss surgery", "metabolic surgery"},
	// A practitioner asked about stands for the practice: "Can a chiropractor help …?" is
	// answered by trials of chiropractic spinal manipulation. (Not "physiotherapist": the
	// askers of many questions name themselves so.)
	{"chiropractor", "chiropractic", "chiropractors", "spinal manipulation", "spinal manipulative therapy"},
	{"acupuncturist", "acupuncture"},
	{"osteopath", "osteopathic manipulative treatment", "osteopathy", "osteopathic manipulation"},
	{"steroid inhaler", "steroid inhalers", "inhaled corticosteroid", "inhaled corticosteroids", "inhaled steroids", "inhaled steroid"},
	{"deep brain stimulation", "dbs", "subthalamic stimulation", "subthalamic nucleus stimulation", "neurostimulation"},
	{"hyaluronic acid", "hyaluronan", "sodium hyaluronate", "viscosupplementation"},
	{"balanced crystalloids", "balanced crystalloid", "lactated ringer", "ringer lactate", "ringer's lactate", "hartmann's solution",
		"hartmann solution", "plasma-lyte"},
	{"turp", "transurethral resection of the prostate", "transurethral prostatectomy"},
	{"holep", "holmium laser enucleation of the prostate"},
	{"pcnl", "percutaneous nephrolithotomy"},
	{"rirs", "retrograde intrarenal surgery", "flexible ureteroscopy"},
	{"text message", "text messages", "text messaging", "sms"},
	{"text message reminders", "sms reminders", "text reminders"},
	// Operations by their acronym and their MeSH heading's words (entry terms of Coronary
	// Artery Bypass, Percutaneous Coronary Intervention, Transcatheter Aortic Valve
	// Replacement, Extracorporeal Membrane Oxygenation, Cholangiopancreatography, Endoscopic
	// Retrograde, Laparoscopy).
	{"cabg", "coronary artery bypass grafting", "coronary artery bypass"},
	{"pci", "percutaneous coronary intervention"},
	{"tavi", "tavr", "transcatheter aortic valve implantation", "transcatheter aortic valve replacement"},
	{"ecmo", "extracorporeal membrane oxygenation"},
	{"ercp", "endoscopic retrograde cholangiopancreatography"},
	{"laparoscopic surgery", "laparoscopy"},
	{"eras", "enhanced recovery after surgery"},
	{"prep", "pre-exposure prophylaxis"},
	{"ect", "electroconvulsive therapy"},
	{"hfnc", "high-flow nasal cannula", "high flow nasal cannula", "high-flow nasal oxygen"},
	{"cpap", "continuous positive airway pressure"},
	{"niv", "non-invasive ventilation", "noninvasive ventilation"},
	{"ors", "oral rehydration solution", "oral rehydration salts", "oral rehydration therapy"},
	{"fmt", "faecal microbiota transplantation", "fecal microbiota transplantation", "stool transplant", "faecal transplant", "fecal transplant",
		"donor feces", "donor faeces", "fecal microbiota transplant", "faecal microbiota transplant"},
	{"espb", "erector spinae plane block"},
	{"deprescribing", "medication withdrawal", "drug withdrawal", "medication discontinuation"},
	{"crt", "cardiac resynchronisation therapy", "cardiac resynchronization therapy"},
	{"cardiac surgery", "heart surgery", "coronary artery bypass grafting", "cardiac surgical"},
	// Haemodialysis is most of what papers call "maintenance dialysis" (MeSH Renal Dialysis);
	// peritoneal dialysis is told apart by relevance's conflicts.
	{"haemodialysis", "hemodialysis", "maintenance dialysis"},
	{"ianb", "inferior alveolar nerve block"},
	{"cga", "comprehensive geriatric assessment"},
	{"ultrasound", "ultrasonography", "sonography"},
	// "Physio" is how patients in Britain and Australia name physiotherapy.
	{"physiotherapy", "physical therapy", "physio"},
	// "RT" is radiotherapy in an oncologist's shorthand ("surgery plus RT"); as two letters it
	// is read, never searched.
	{"radiotherapy", "radiation therapy", "rt"},
	{"psychotherapy", "psychological therapy", "psychological treatment", "psychological therapies", "talking therapy"},
	{"crrt", "continuous renal replacement therapy"},
	{"hrt", "hormone replacement therapy", "menopausal hormone therapy"},
	{"grommets", "tympanostomy tubes", "ventilation tubes"},
	{"induction of labour", "induction of labor", "labour induction", "labor induction"},
	{"tka", "total knee arthroplasty", "total knee replacement"},
	{"tha", "total hip arthroplasty", "total hip replacement"},
	// MeSH Arthroplasty, Replacement, Knee / Hip: "knee replacement" is an entry term.
	{"knee replacement", "knee arthroplasty"},
	{"hip replacement", "hip arthroplasty"},
	{"colorectal surgery", "colorectal resection", "bowel resection", "bowel surgery", "colectomy"},
	// Treatments by the acronym clinicians type and the words of their MeSH heading or entry
	// terms (Portasystemic Shunt, Transjugular Intrahepatic; Esophageal and Gastric Varices
	// ligation; Tobacco Use Cessation Devices; Eye Movement Desensitization Reprocessing;
	// Transcutaneous Electric Nerve Stimulation; Transcranial Magnetic Stimulation; Hyperbaric
	// Oxygenation; Radiofrequency Ablation; Chemoembolization, Therapeutic; Radiosurgery;
	// Lithotripsy; Platelet-Rich Plasma; Blood Glucose Self-Monitoring; Insulin Infusion
	// Systems; Endovascular Aneurysm Repair; Intra-Aortic Balloon Pumping; Intrauterine
	// Devices; Hyperthermic Intraperitoneal Chemotherapy; Sentinel Lymph Node Biopsy;
	// High-Intensity Interval Training; Renal Replacement Therapy). Acronyms that are also
	// English words are in capitalSynonyms.
	{"tipss", "transjugular intrahepatic portosystemic shunt", "transjugular intrahepatic portosystemic stent shunt",
		"transjugular intrahepatic portosystemic shunts", "transjugular intrahepatic portosystemic stent-shunt"},
	{"evl", "endoscopic variceal ligation", "endoscopic band ligation", "variceal band ligation", "esophageal variceal ligation"},
	{"nrt", "nicotine replacement therapy", "nicotine replacement"},
	{"emdr", "eye movement desensitization and reprocessing", "eye movement desensitisation and reprocessing"},
	{"transcutaneous electrical nerve stimulation", "transcutaneous electric nerve stimulation"},
	{"rtms", "repetitive transcranial magnetic stimulation", "transcranial magnetic stimulation"},
	{"hbot", "hyperbaric oxygen therapy", "hyperbaric oxygen", "hyperbaric oxygenation"},
	{"rfa", "radiofrequency ablation"},
	{"tace", "transarterial chemoembolization", "transarterial chemoembolisation", "transcatheter arterial chemoembolization"},
	{"sbrt", "stereotactic body radiotherapy", "stereotactic body radiation therapy", "stereotactic ablative radiotherapy", "sabr"},
	{"eswl", "swl", "extracorporeal shock wave lithotripsy", "shock wave lithotripsy", "shockwave lithotripsy"},
	{"prp", "platelet-rich plasma", "platelet rich plasma"},
	{"cgm", "continuous glucose monitoring", "continuous glucose monitor", "continuous glucose monitors"},
	{"csii", "continuous subcutaneous insulin infusion", "insulin pump", "insulin pumps", "insulin pump therapy"},
	{"evar", "endovascular aneurysm repair", "endovascular aortic repair"},
	{"iabp", "intra-aortic balloon pump", "intra-aortic balloon counterpulsation", "intraaortic balloon pump"},
	{"iud", "iuds", "intrauterine device", "intrauterine devices", "intrauterine contraceptive device"},
	{"hipec", "hyperthermic intraperitoneal chemotherapy"},
	{"slnb", "sentinel lymph node biopsy", "sentinel node biopsy"},
	{"hiit", "high-intensity interval training", "high intensity interval training"},
	{"rrt", "renal replacement therapy"},
}

// capitalSynonyms are the other names of treatments whose acronym is also an English word:
// only written in capitals ("TIPS for variceal bleeding", not "tips for new parents") is
// the word the treatment, and searched and matched by its names.
var capitalSynonyms = map[string][]string{
	"tips": {"tipss", "transjugular intrahepatic portosystemic shunt", "transjugular intrahepatic portosystemic stent shunt"},
	"tens": {"transcutaneous electrical nerve stimulation", "transcutaneous electric nerve stimulation"},
}

// testSynonyms are diagnostic tests and markers by their acronym and their MeSH heading's
// or entry terms' words (Occult Blood, Magnetic Resonance Imaging, Natriuretic Peptide,
// Brain, Procalcitonin, C-Reactive Protein, Electrocardiography, Mental Status and Dementia
// Tests, Point-of-Care Testing): a question about a test's accuracy requires the test, and
// papers name it either way.
var testSynonyms = [][]string{
	{"fit", "faecal immunochemical test", "fecal immunochemical test", "faecal immunochemical testing",
		"fecal immunochemical testing", "ifobt", "immunochemical faecal occult blood test", "immunochemical fecal occult blood test"},
	{"mri", "magnetic resonance imaging"},
	{"ct", "computed tomography", "ct scan", "ct scanning"},
	{"psa", "prostate-specific antigen", "prostate specific antigen"},
	{"bnp", "b-type natriuretic peptide", "brain natriuretic peptide"},
	{"nt-probnp", "n-terminal pro-b-type natriuretic peptide", "n-terminal pro-brain natriuretic peptide"},
	{"high-sensitivity troponin", "high-sensitivity cardiac troponin", "hs-ctn", "hs-troponin"},
	{"procalcitonin", "pct"},
	{"crp", "c-reactive protein"},
	{"ecg", "ekg", "electrocardiogram", "electrocardiography"},
	{"eeg", "electroencephalography", "electroencephalogram"},
	{"mmse", "mini-mental state examination"},
	{"moca", "montreal cognitive assessment"},
	{"pocus", "point-of-care ultrasound", "point-of-care ultrasonography"},
	{"ctpa", "ct pulmonary angiography", "computed tomography pulmonary angiography"},
	{"lung ultrasound", "lung ultrasonography", "thoracic ultrasound", "thoracic ultrasonography"},
	{"cea", "carcinoembryonic antigen"},
	{"afp", "alpha-fetoprotein"},
	{"ca-125", "ca125", "cancer antigen 125"},
	{"ldct", "low-dose ct", "low-dose computed tomography"},
	{"amh", "anti-mullerian hormone", "anti-müllerian hormone", "mullerian-inhibiting substance", "müllerian-inhibiting substance"},
	{"rapid diagnostic test", "rapid diagnostic tests", "rdt", "rdts", "immunochromatographic assay", "immunochromatographic test",
		"lateral flow assay", "lateral flow test"},
}

// knownDrugs are drugs and other substances a question names whose names carry none of
// the suffixes lexicon.go reads roles from (INN, WHO Model List of Essential Medicines, and
// the INNs of much-prescribed medicines by class: antiepileptics, antiparkinsonian drugs,
// antimicrobials, cytotoxics, anaesthetics, antihypertensives). Substances the body makes
// (dopamine, glucagon, potassium) are left out: a question about their levels names no
// treatment.
var knownDrugs = set(`metformin aspirin insulin warfarin heparin digoxin lithium levodopa donepezil memantine
resmetirom eltrombopag romiplostim avatrombopag lusutrombopag obeticholic elafibranor seladelpar naloxegol
methylnaltrexone eluxadoline pancrelipase midodrine voxelotor iptacopan pegcetacoplan danicopan sparsentan
vibegron apremilast avacincaptad latanoprost netarsudil pilocarpine lifitegrast vonoprazan tegoprazan lanthanum
valbenazine deutetrabenazine tetrabenazine andexanet pcc 4f-pcc bempedoic
mosquirix qdenga dengvaxia gardasil cervarix shingrix zostavax prevnar pneumovax rotarix rotateq arexvy abrysvo
levonorgestrel drospirenone desogestrel norethisterone norethindrone etonogestrel medroxyprogesterone dienogest
cyproterone ulipristal mifepristone ethinylestradiol argatroban bivalirudin fondaparinux danaparoid
rivastigmine galantamine ketamine methotrexate tamoxifen letrozole anastrozole cisplatin carboplatin
oxaliplatin doxorubicin cyclophosphamide fluorouracil capecitabine gemcitabine paclitaxel docetaxel
imatinib thalidomide lenalidomide rituximab trastuzumab bevacizumab hydroxychloroquine chloroquine
ivermectin remdesivir dexamethasone prednisone prednisolone hydrocortisone budesonide colchicine
allopurinol febuxostat acetaminophen paracetamol ibuprofen naproxen diclofenac celecoxib morphine
oxycodone fentanyl tramadol codeine buprenorphine methadone naloxone naltrexone clonidine
dexmedetomidine propofol midazolam haloperidol olanzapine risperidone quetiapine clozapine
aripiprazole fluoxetine sertraline citalopram escitalopram venlafaxine duloxetine amitriptyline
mirtazapine bupropion gabapentin pregabalin levetiracetam lamotrigine carbamazepine phenytoin
topiramate valproate melatonin caffeine nicotine varenicline furosemide spironolactone
hydrochlorothiazide amlodipine nifedipine verapamil diltiazem amiodarone clopidogrel ticagrelor
apixaban rivaroxaban dabigatran enoxaparin alteplase tenecteplase tranexamic hyaluronic hyaluronate minoxidil finasteride
sildenafil tadalafil testosterone estrogen estradiol progesterone oxytocin misoprostol mifepristone
magnesium zinc iron folate folic calcium fluoride vitamin omega-3 probiotics probiotic curcumin resveratrol
cannabidiol cannabis sirolimus tacrolimus cyclosporine mycophenolate azathioprine infliximab
adalimumab etanercept ustekinumab tocilizumab baricitinib tofacitinib semaglutide liraglutide
pioglitazone rosiglitazone sitagliptin empagliflozin dapagliflozin canagliflozin levothyroxine
erythropoietin epoetin botulinum glucosamine chondroitin nitroglycerin albuterol salbutamol
quinine artesunate artemether lumefantrine primaquine praziquantel albendazole mebendazole
adrenaline epinephrine noradrenaline norepinephrine atropine vasopressin terlipressin octreotide
mirabegron solifenacin oxybutynin tolterodine tamsulosin finasteride dutasteride tadalafil
montelukast tiotropium omalizumab dupilumab azithromycin doxycycline amoxicillin ciprofloxacin
vancomycin metronidazole rifampicin isoniazid oseltamivir acyclovir tenofovir zidovudine
sofosbuvir interferon ribavirin bcg atropine ondansetron metoclopramide domperidone
lactulose rifaximin ursodeoxycholic ursodiol statin statins donepezil riluzole edaravone chlorhexidine povidone-iodine
isotretinoin hydroxyurea sugammadex neostigmine methylphenidate tamsulosin bicarbonate emicizumab natalizumab
varenicline levothyroxine thyroxine ivig
lecanemab aducanumab donanemab ezetimibe ciclosporin minocycline acetylcysteine n-acetylcysteine teriparatide
zolpidem zopiclone eszopiclone zaleplon suxamethonium succinylcholine etomidate thiopental honey mirena
finerenone saline esketamine
dimeticone dimethicone onabotulinumtoxina divalproex malathion permethrin trimethoprim
nitrofurantoin fosfomycin fezolinetant elinzanetant estriol oestriol nph ferric ferrous carboxymaltose derisomaltose ferumoxytol
patiromer cyclosilicate
amantadine acetazolamide apomorphine bromocriptine cabergoline buspirone cetirizine loratadine desloratadine
fexofenadine diphenhydramine hydroxyzine promethazine chlorphenamine chlorpheniramine cyproheptadine
dextromethorphan pseudoephedrine theophylline aminophylline terbutaline ipratropium formoterol salmeterol
fluticasone beclometasone beclomethasone mometasone ciclesonide roflumilast acamprosate disulfiram modafinil
armodafinil atomoxetine guanfacine dexamfetamine lisdexamfetamine trazodone vortioxetine agomelatine
lurasidone ziprasidone paliperidone chlorpromazine fluphenazine perphenazine pimozide lacosamide zonisamide
vigabatrin tiagabine clobazam rufinamide perampanel brivaracetam ethosuximide phenobarbital primidone
oxcarbazepine eslicarbazepine pramipexole ropinirole rotigotine rasagiline selegiline entacapone tolcapone
trihexyphenidyl benztropine tetrabenazine baclofen tizanidine dantrolene cyclobenzaprine hydralazine
cilostazol pentoxifylline dipyridamole streptokinase urokinase aminocaproic protamine phytomenadione
ivabradine ranolazine sacubitril eplerenone amiloride triamterene chlortalidone chlorthalidone indapamide
metolazone bumetanide torasemide torsemide tolvaptan desmopressin fludrocortisone methylprednisolone
triamcinolone betamethasone clobetasol calcipotriol calcipotriene tretinoin adapalene acitretin methoxsalen
imiquimod mupirocin nystatin amphotericin griseofulvin terbinafine ciclopirox sulfasalazine mesalazine
mesalamine balsalazide leflunomide auranofin penicillamine dapsone probenecid sucralfate loperamide
racecadotril mebeverine hyoscine linaclotide lubiprostone prucalopride macrogol senna bisacodyl docusate
orlistat phentermine raloxifene bazedoxifene alfacalcidol cholecalciferol ergocalciferol paricalcitol
cinacalcet sevelamer fenofibrate gemfibrozil bezafibrate colestyramine cholestyramine colesevelam icosapent
inclisiran propylthiouracil carbimazole methimazole thiamazole liothyronine clomifene clomiphene exemestane
fulvestrant abiraterone enzalutamide bicalutamide goserelin leuprorelin leuprolide degarelix megestrol
vincristine vinblastine vinorelbine etoposide irinotecan topotecan cytarabine fludarabine cladribine
mercaptopurine thioguanine azacitidine decitabine temozolomide dacarbazine procarbazine melphalan chlorambucil
busulfan bendamustine ifosfamide bleomycin mitomycin mitoxantrone epirubicin daunorubicin idarubicin
pemetrexed eribulin trabectedin leucovorin mesna dexrazoxane filgrastim pegfilgrastim aprepitant fosaprepitant
granisetron palonosetron dronabinol nabilone rimantadine zanamivir baloxavir ganciclovir valganciclovir
valacyclovir valaciclovir aciclovir famciclovir foscarnet cidofovir lamivudine emtricitabine abacavir
efavirenz nevirapine rilpivirine dolutegravir raltegravir bictegravir darunavir atazanavir lopinavir ritonavir
nirmatrelvir molnupiravir entecavir daclatasvir ledipasvir velpatasvir glecaprevir pibrentasvir penicillin
benzylpenicillin phenoxymethylpenicillin flucloxacillin ampicillin piperacillin tazobactam co-amoxiclav
clavulanate cefalexin cephalexin cefazolin ceftriaxone cefuroxime cefotaxime ceftazidime cefepime cefixime
cefdinir meropenem imipenem ertapenem aztreonam gentamicin amikacin tobramycin streptomycin clarithromycin
erythromycin clindamycin linezolid daptomycin teicoplanin tigecycline colistin levofloxacin moxifloxacin
ofloxacin norfloxacin cotrimoxazole co-trimoxazole sulfamethoxazole tetracycline fidaxomicin rifabutin
rifapentine ethambutol pyrazinamide bedaquiline delamanid pretomanid nitazoxanide pyrimethamine atovaquone
proguanil mefloquine amodiaquine piperaquine dihydroartemisinin pyrantel levamisole diethylcarbamazine
miltefosine benznidazole glibenclamide gliclazide glimepiride glipizide tolbutamide repaglinide nateglinide
acarbose exenatide dulaglutide tirzepatide alogliptin linagliptin saxagliptin vildagliptin ertugliflozin
sotagliflozin oxandrolone tibolone dydrogesterone carbetocin ergometrine methylergometrine dinoprostone
atosiban indometacin indomethacin ketorolac piroxicam meloxicam etoricoxib diflunisal sulindac nabumetone
metamizole dipyrone nefopam tapentadol hydromorphone pethidine meperidine remifentanil sufentanil alfentanil
nalbuphine butorphanol lidocaine lignocaine bupivacaine levobupivacaine ropivacaine mepivacaine prilocaine
articaine tetracaine sevoflurane desflurane isoflurane rocuronium vecuronium atracurium cisatracurium
glycopyrrolate glycopyrronium scopolamine physostigmine pyridostigmine dobutamine milrinone levosimendan
isoprenaline isoproterenol phenylephrine metaraminol hydroxocobalamin cyanocobalamin flumazenil fomepizole
deferoxamine desferrioxamine deferasirox deferiprone dimercaprol succimer pralidoxime lorazepam diazepam
clonazepam alprazolam temazepam oxazepam chlordiazepoxide nitrazepam pitolisant solriamfetol suvorexant
lemborexant daridorexant ramelteon cytisine cytisinicline nalmefene lofexidine tranylcypromine phenelzine
moclobemide clomipramine imipramine nortriptyline doxepin dosulepin paroxetine fluvoxamine desvenlafaxine
levomilnacipran milnacipran sumatriptan rizatriptan zolmitriptan eletriptan naratriptan frovatriptan
almotriptan lasmiditan ubrogepant rimegepant atogepant erenumab propranolol metoprolol atenolol bisoprolol
carvedilol nebivolol labetalol sotalol flecainide propafenone dronedarone dofetilide adenosine lisinopril
enalapril ramipril perindopril captopril losartan valsartan candesartan irbesartan telmisartan olmesartan
doxazosin prazosin terazosin alfuzosin silodosin methyldopa moxonidine`)

// classOf returns the drug class a concept text names, if any: the class's name alone, or
// after words that say how or how long it is given ("long-term proton pump inhibitor",
// "low-dose statins").
func classOf(text string) (drugClass, bool) {
	// "TNF-α inhibitors" is "TNF-alpha inhibitors".
	text = greekLetters.Replace(strings.ToLower(text))
	t := withoutRegimen(text)
	// "antiepileptic drug", "anti-VEGF injections": the class with a word for its form.
	short := t
	if ws := strings.Fields(t); len(ws) > 1 && (generic[ws[len(ws)-1]] || classForms[ws[len(ws)-1]]) {
		short = strings.Join(ws[:len(ws)-1], " ")
	}
	whole := strings.ToLower(strings.Join(strings.Fields(text), " ")) // "water tablets" is a class by its form
	for _, dc := range drugClasses {
		for _, n := range dc.names {
			if t == n || short == n || whole == n {
				return dc, true
			}
		}
	}
	return drugClass{}, false
}

// endsClassName reports whether a word is the last word of a class's name ("inhibitors" of
// "ACE inhibitors", "statins").
func endsClassName(w string) bool {
	for _, dc := range drugClasses {
		for _, n := range dc.names {
			if n == w || strings.HasSuffix(n, " "+w) {
				return true
			}
		}
	}
	return false
}

// classForms are words for the form a class of drugs is given in, or for what kind of
// thing its members are ("anti-IL-17A biologics", "P2Y12 inhibitor drugs").
var classForms = set(`injection injections tablets infusion infusions biologics biologic antibodies agents`)

// greekLetters spell the Greek letters of target names as their words.
var greekLetters = strings.NewReplacer("α", "alpha", "β", "beta", "γ", "gamma", "δ", "delta", "κ", "kappa")

// withoutRegimen is a concept text, lower-case, without the words before it that say how or
// how long it is given: "low-dose aspirin" is aspirin.
func withoutRegimen(text string) string {
	ws := strings.Fields(strings.ToLower(text))
	for len(ws) > 1 && regimenWords[ws[0]] {
		ws = ws[1:]
	}
	// "Botox injections", "nicotine patches": the form after the drug, too.
	for len(ws) > 1 && regimenWords[ws[len(ws)-1]] {
		ws = ws[:len(ws)-1]
	}
	return strings.Join(ws, " ")
}

// IsRegimen reports whether a word says how or how long a drug is given ("oral",
// "low-dose"), not which drug: a paper need not use it to be about the drug.
func IsRegimen(w string) bool { return regimenWords[strings.ToLower(w)] }

// regimenWords say how or how long a drug is given, not which drug.
var regimenWords = set(`long-term short-term low-dose high-dose standard-dose prolonged extended chronic daily regular regularly
weekly monthly nightly once-daily twice-daily oral
intravenous iv inhaled topical adjunctive adjuvant prophylactic preoperative perioperative postoperative
supplementation supplement supplements supplemental intravitreal intranasal intramuscular subcutaneous transdermal
sublingual intrathecal intra-articular intraarticular intralesional nebulised nebulized nasal spray sprays patch patches tablet tablets pill pills capsule capsules gel cream
lotion shampoo syrup suppository suppositories pessary pessaries lozenge lozenges eyedrops
ointment drops injection injections shot shots jab jabs infusion infusions antenatal prenatal intrapartum intraoperative
first-line second-line third-line front-line frontline structured maintenance
citrate hydrochloride hcl sulfate sulphate phosphate acetate maleate mesylate besylate tartrate succinate fumarate`)

// WordForms returns the other wordings of one word of a concept, for matching it inside a
// longer concept: its other spelling ("ischaemic" → "ischemic") and the other names of the
// drug, disease or treatment it names alone ("eczema" → "atopic dermatitis", "vitamin-d" →
// "cholecalciferol").
func WordForms(w string) []string {
	if f, ok := wordForms.Load(w); ok {
		return f.([]string)
	}
	var out []string
	if v := spellingVariant(w); v != "" {
		out = append(out, v)
	}
	out = append(out, synonymsOf(w)...)
	wordForms.Store(w, out)
	return out
}

// wordForms caches WordForms: relevance asks for every word of every concept for each paper.
var wordForms sync.Map

// synonymNorm is how a name is looked up among the synonym groups: "vitamin-d" (a qualified
// term, see qualifier.go) is the group's "vitamin d".
func synonymNorm(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), " "))
}

// synonymIndex maps each normalised name to its group, built once: the lookup runs for every
// concept of every title a run reads, and scanning the groups each time was a sixth of the
// judge's time.
var synonymIndex = sync.OnceValue(func() map[string][]string {
	idx := map[string][]string{}
	for _, group := range slices.Concat(drugSynonyms, diseaseSynonyms, therapySynonyms, testSynonyms, stateSynonyms) {
		for _, n := range group {
			if k := synonymNorm(n); idx[k] == nil { // the first group holding a name wins, as the scan did
				idx[k] = group
			}
		}
	}
	return idx
})

// synonymsOf returns the other names of a drug or a disease a concept text names.
func synonymsOf(text string) []string {
	t := synonymNorm(text)
	if inn, ok := brandNames[t]; ok {
		// The INN is looked up as any name is: "Entresto" is "sacubitril/valsartan" too.
		return append([]string{inn}, synonymGroup(synonymNorm(inn))...)
	}
	if out := synonymGroup(t); out != nil {
		return out
	}
	// "heart attacks" are heart attacks: a plural has its singular's other names.
	if ws := strings.Fields(t); len(ws) > 0 {
		if one, ok := singularOf(ws[len(ws)-1]); ok {
			ws[len(ws)-1] = one
			if out := synonymGroup(strings.Join(ws, " ")); out != nil {
				return out
			}
		}
	}
	// "advanced NSCLC" is NSCLC at a stage: its other names are NSCLC's, unqualified.
	ws := strings.Fields(strings.ToLower(text))
	var kept []string
	for _, w := range ws {
		if !qualifierWords[w] {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 || len(kept) == len(ws) {
		return nil
	}
	return synonymGroup(synonymNorm(strings.Join(kept, " ")))
}

// synonymGroup returns the other names of the group holding t (normalised by synonymNorm).
func synonymGroup(t string) []string {
	group := synonymIndex()[t]
	i := slices.IndexFunc(group, func(n string) bool { return synonymNorm(n) == t })
	var out []string
	for _, o := range group {
		// A two-letter acronym ("AF", "MI") is read, never searched or matched:
		// as a word it names too many other things.
		if o != group[i] && len(o) > 2 {
			out = append(out, o)
		}
	}
	return out
}

// IsTreatment reports whether a word names a treatment: a drug, a drug class, or a word
// the lexicon knows as given ("chemotherapy", "ventilator").
func IsTreatment(w string) bool {
	w = strings.ToLower(w)
	return IsDrugName(w) || classKnown(w) || roleOf(w) == RoleIntervention
}

// IsDrugName reports whether a word names a drug: a known one or one with a drug's
// ending ("-mab", "-statin").
func IsDrugName(w string) bool { return IsKnownDrug(w) || HasDrugSuffix(w) }

// IsKnownDrug reports whether a lower-case word is in the vocabulary of drug names or the
// name of a class member.
func IsKnownDrug(w string) bool {
	w = strings.ToLower(w)
	if knownDrugs[w] || brandNames[w] != "" {
		return true
	}
	for _, dc := range drugClasses {
		for _, m := range dc.members {
			if m == w {
				return true
			}
		}
	}
	return false
}

// ClassMember reports whether a drug name (a chemical, an intervention) belongs to the class
// a concept names: listed as a member, or carrying the class's suffix.
func ClassMember(c Concept, name string) bool {
	n := strings.ToLower(name)
	if f := strings.Fields(n); len(f) > 0 && negatedName(f[0]) {
		return false
	}
	for _, m := range c.Members {
		if strings.Contains(n, strings.ToLower(m)) {
			return true
		}
	}
	if dc, ok := classOf(c.Text); ok {
		for _, w := range Words(n) {
			for _, suf := range dc.suffixes {
				// A text's words may come stemmed ("appendectomi"): the ending is tried stemmed too.
				for _, e := range []string{suf, Stem(suf)} {
					if len(w) > len(e)+2 && strings.HasSuffix(w, e) {
						return true
					}
				}
			}
		}
	}
	return false
}

// negatedName reports whether a word denies a drug's name by its prefix: "non-statin" and
// "nonaspirin" users are the comparison group, not the drug. "Nonoxynol", whose rest is no
// drug's name, is a drug.
func negatedName(w string) bool {
	rest, ok := strings.CutPrefix(strings.ToLower(w), "non")
	if !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, "-")
	return len(rest) >= 4 && (IsKnownDrug(rest) || HasDrugSuffix(rest))
}

// broadWords are words shared by papers on unrelated subjects: a concept made only of them
// ("pain", "pregnancy", "older adults") never makes a paper on topic alone when the
// question names something more specific.
var broadWords = set(`pain pregnancy pregnant older old elderly aged adult adults women woman men man children
child infants infant health care quality life risk surgery surgical hospital hospitalized outcomes
inflammation infection infections injury injuries acute chronic severe mild moderate primary secondary
stress function dysfunction disability complications complication mortality survival
symptoms symptom sleep weight obesity overweight fatigue behaviour behavior performance education
hospital clinician physician nurse doctor people person staff service practice setting`)

// IsBroad reports whether a word is broad (see broadWords), in the singular or plural.
func IsBroad(w string) bool {
	w = strings.ToLower(w)
	return broadWords[w] || broadWords[strings.TrimSuffix(w, "s")]
}

// HasDrugSuffix reports whether a word ends like a drug's name (INN stems: "-mab", "-nib",
// "-pril", "-statin"…), procedures ("-ectomy", "-scopy") excluded.
func HasDrugSuffix(w string) bool {
	w = strings.ToLower(w)
	if len(w) < 6 || negatedName(w) {
		return false
	}
	for _, s := range interventionSuffixes {
		if procedureSuffixes[s] {
			continue
		}
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// DrugStem is the longest INN stem a drug's name ends with ("prazole" for lansoprazole, not
// "azole"), "" for a name with none: drugs of one stem are one family.
func DrugStem(w string) string {
	w = strings.ToLower(w)
	if !HasDrugSuffix(w) {
		return ""
	}
	stem := ""
	for _, s := range interventionSuffixes {
		if !procedureSuffixes[s] && strings.HasSuffix(w, s) && len(s) > len(stem) {
			stem = s
		}
	}
	return stem
}

var procedureSuffixes = map[string]bool{"ectomy": true, "ectomies": true, "otomy": true, "ostomy": true, "plasty": true,
	"scopy": true, "graphy": true, "therapy": true, "therapies": true, "pexy": true, "rrhaphy": true, "vaccine": true}

// therapyAcronym reports whether a word is the one-word name of a non-drug treatment in
// therapySynonyms ("cpap", "eras"): an intervention, like the words of interventionWords.
func therapyAcronym(w string) bool { return oneWordName(therapySynonyms, w) }

// oneWordName reports whether a word is one of the one-word names in synonym groups.
func oneWordName(groups [][]string, w string) bool {
	for _, group := range groups {
		for _, n := range group {
			if n == w && !strings.Contains(n, " ") {
				return true
			}
		}
	}
	return false
}
