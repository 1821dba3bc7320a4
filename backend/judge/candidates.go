package judge

import (
	"sort"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/lazyre"
)

// genericSubstances is the documented stop list of chemical-list entries that are not drug
// candidates: controls and vehicles, solvents, and whole classes of molecules that MEDLINE
// indexers add as chemicals. Matching is on the lower-cased name.
var genericSubstances = map[string]bool{
	"placebo": true, "placebos": true, "water": true, "sodium chloride": true, "saline solution": true,
	"biomarkers": true, "proteins": true, "rna": true, "dna": true, "antibodies": true, "peptides": true,
	"enzyme inhibitors": true, "plant extracts": true, "solvents": true, "dimethyl sulfoxide": true,
	"culture media": true, "oxygen": true, "glucose": true, "blood glucose": true, "cholesterol": true,
	"lipids": true, "amino acids": true, "fatty acids": true, "oligonucleotides": true, "rna, messenger": true,
	"rna, small interfering": true, "microrna": true, "micrornas": true, "ligands": true, "receptors": true,
	"cytokines": true, "hormones": true, "neurotransmitter agents": true, "pharmaceutical preparations": true,
	"drug combinations": true, "excipients": true, "vehicle": true, "standard of care": true, "usual care": true,
	"sham": true, "no intervention": true, "control": true, "reactive oxygen species": true, "insulin resistance": true,
	"amyloid beta-peptides": true, "tau proteins": true, "hemoglobin a, glycosylated": true, "c-reactive protein": true,
}

// aminoAcids are the standard amino acids: nutrients and metabolites that chemical lists
// index whenever a paper measures or supplements them, not drugs to repurpose.
var aminoAcids = map[string]bool{}

func init() {
	for _, a := range strings.Split("alanine arginine asparagine aspartic acid cysteine glutamic acid glutamine glycine histidine isoleucine leucine lysine methionine phenylalanine proline serine threonine tryptophan tyrosine valine", " ") {
		aminoAcids[a] = true
	}
	for _, a := range []string{"aspartic acid", "glutamic acid"} {
		aminoAcids[a] = true
	}
}

// genericHeads are first words of MeSH chemical headings that name classes ("Antibodies,
// Monoclonal", "Proteins, Recombinant"), not products.
var genericHeads = map[string]bool{
	"antibodies": true, "proteins": true, "peptides": true, "rna": true, "dna": true, "receptors": true,
	"biomarkers": true, "lipids": true, "fatty acids": true, "amino acids": true, "hormones": true,
	"cholesterol": true, "lipoproteins": true, "immunoglobulins": true, "vitamins": true,
}

// classSuffix catches pharmacological-action classes such as "Hypoglycemic Agents",
// "Cholinesterase Inhibitors" or "Receptor Antagonists"; they describe many drugs at once.
var classSuffix = lazyre.New(`(?i)\b(agents|inhibitors|antagonists|agonists|blockers|drugs|compounds|preparations|factors|proteins|peptides|receptors|antibodies|vaccines|biomarkers|supplements|substances|hormones|enzymes|cytokines|lipids)$`)

// doseSuffix strips dosing from trial intervention names ("Metformin 500 mg tablets").
var doseSuffix = lazyre.New(`(?i)\s+\(?\d+(\.\d+)?\s*(mg|g|mcg|µg|ug|ml|iu|units?|%)\b.*$`)

// saltSuffix folds salts into their parent drug so "Metformin Hydrochloride" and "Metformin" count together.
var saltSuffix = lazyre.New(`(?i)\s+(hydrochloride|hcl|sodium|potassium|calcium|sulfate|sulphate|maleate|mesylate|citrate|tartrate|acetate|fumarate|besylate|succinate|phosphate|bromide|chloride|carbonate|dihydrate|monohydrate)$`)

// formSuffix strips formulation words ("Metformin ER", "Naltrexone oral tablet").
var formSuffix = lazyre.New(`(?i)(\s+(er|xr|sr|cr|ir|la|extended[- ]release|immediate[- ]release|delayed[- ]release|tablets?|capsules?|oral|injection|injectable|solution|infusion|intravenous|iv|nasal spray|spray|patch))+$`)

// targetWords mark enzymes and other targets that chemical lists index beside the drugs.
var targetWords = lazyre.New(`(?i)\b(kinases?|phosphatases?|synthases?|proteases?|transferases?|reductases?|oxidases?|dehydrogenases?|cyclooxygenases?)\b`)

// pluralClass catches MeSH class headings ("Glucocorticoids", "Benzimidazoles", "Antacids"):
// drug names are singular, while a last word ending in a plural "s" names a group. Names
// ending in -us or -is (sirolimus, lactobacillus, cannabis) or -ss are not plurals.
var pluralClass = lazyre.New(`(?i)[^usi]s$|[^s]ss$`)

func isPluralClass(low string) bool {
	w := low
	if i := strings.LastIndexAny(w, " ,-"); i >= 0 {
		w = w[i+1:]
	}
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && pluralClass.MatchString(w)
}

var placeboWord = lazyre.New(`(?i)\bplacebo|\bsham\b|\bvehicle\b`)

// cleanName removes dosing, formulation and salt words, keeping the parent drug's name.
func cleanName(name string) string {
	n := strings.Join(strings.Fields(name), " ")
	n = doseSuffix.ReplaceAllString(n, "")
	n = strings.TrimSpace(strings.Trim(n, ".,;:"))
	n = formSuffix.ReplaceAllString(n, "")
	if stripped := saltSuffix.ReplaceAllString(n, ""); !genericSubstances[strings.ToLower(n)] && !ions[strings.ToLower(stripped)] {
		n = stripped
	}
	return strings.TrimSpace(n)
}

// ions are what is left when a salt word is stripped from an inorganic salt; such names are
// kept whole ("Lithium Carbonate" folds to "Lithium", but "Sodium Chloride" is not "Sodium").
var ions = map[string]bool{"sodium": true, "potassium": true, "calcium": true, "magnesium": true}

// candidateKey normalises a drug name for grouping; "" means the name is not a candidate.
func candidateKey(name string) string {
	if genericSubstances[strings.ToLower(strings.TrimSpace(name))] {
		return ""
	}
	low := strings.ToLower(cleanName(name))
	if len(low) < 3 || genericSubstances[low] || aminoAcids[low] || placeboWord.MatchString(low) || classSuffix.MatchString(low) || targetWords.MatchString(low) || isPluralClass(low) {
		return ""
	}
	if i := strings.Index(low, ","); i > 0 && genericHeads[strings.TrimSpace(low[:i])] {
		return ""
	}
	return low
}

func displayName(name string) string { return cleanName(name) }

type candidateTally struct {
	key      string
	variants map[string]int
	items    []int // 0-based evidence indexes, ascending
	trials   int
}

// ChemicalKind is what a chemical-list entry names, from the typing signals the sources
// give: the registry number NLM assigns and the shape of the MeSH name.
type ChemicalKind string

// The chemical kinds. Only substances can be drug candidates; enzymes, gene products and
// classes are mechanism context.
const (
	ChemicalSubstance   ChemicalKind = "substance"    // a UNII or CAS number: one substance
	ChemicalEnzyme      ChemicalKind = "enzyme"       // "EC 2.7.11.1": an enzyme, a target
	ChemicalGeneProduct ChemicalKind = "gene product" // "BRAF protein, human": a target
	ChemicalClass       ChemicalKind = "class"        // registry number "0": a class or group
	ChemicalUnknown     ChemicalKind = "unknown"      // no registry number given
)

var (
	// uniiRN is the FDA's Unique Ingredient Identifier: 10 characters of A-Z and 0-9.
	uniiRN = lazyre.New(`^[0-9A-Z]{10}$`)
	// casRN is a CAS Registry Number: 2-7 digits, 2 digits, 1 check digit.
	casRN = lazyre.New(`^\d{2,7}-\d{2}-\d$`)
	// geneProduct matches MeSH supplementary names of gene products ("BRAF protein, human",
	// "Tnf protein, mouse", "MAP2K1 protein, human").
	geneProduct = lazyre.New(`(?i)\b(protein|proteins|gene|mrna|rna|receptor|antigen)s?,\s*(human|mouse|rat|murine|bovine|porcine|drosophila|yeast|bacterial|viral|\w+ virus)$`)
	// endogenousMediator names cytokines and growth factors indexed with a "0" or absent
	// registry number but read like single substances ("Interleukin-6", "Tumor Necrosis
	// Factor-alpha").
	endogenousMediator = lazyre.New(`(?i)^(interleukin|interferon|tumor necrosis factor|transforming growth factor|vascular endothelial growth factor|insulin-like growth factor|nerve growth factor|brain-derived neurotrophic factor)\b`)
)

// ClassifyChemical types a chemical-list entry by its registry number first (the source's
// own signal) and its name second; rn may be "" when the source gave none.
func ClassifyChemical(name, rn string) ChemicalKind {
	rn = strings.TrimSpace(rn)
	switch {
	case geneProduct.MatchString(strings.TrimSpace(name)):
		return ChemicalGeneProduct
	case strings.HasPrefix(strings.ToUpper(rn), "EC "):
		return ChemicalEnzyme
	case rn == "0":
		return ChemicalClass
	case uniiRN.MatchString(rn) || casRN.MatchString(rn):
		return ChemicalSubstance
	}
	return ChemicalUnknown
}

// drugIntervention reports whether a ClinicalTrials.gov intervention type names a
// medicinal product; behavioural, device, procedure, radiation, dietary-supplement,
// diagnostic-test, genetic and other interventions are not drug candidates. A record
// without a type (some mirrors and exports drop it) is read by its name instead.
func drugIntervention(kind string) bool {
	switch strings.ToUpper(strings.TrimSpace(kind)) {
	case "DRUG", "BIOLOGICAL", "COMBINATION_PRODUCT", "":
		return true
	}
	return false
}

var (
	// nonDrugIntervention marks intervention names that are not medicinal products, for
	// records whose intervention type is missing.
	nonDrugIntervention = lazyre.New(`(?i)\b(exercise|training|therapy|radiation|radiotherapy|irradiation|surgery|surgical|resection|procedure|behaviou?ral|counsell?ing|education|diet|dietary|device|stimulation|rehabilitation|yoga|meditation|acupuncture|massage|usual care|standard of care|observation|questionnaire|interview|programm?e|support|screening|imaging|scan|biopsy|assessment|app|telehealth|transplant(ation)?)\b`)
	// interventionParts splits alternatives ("Nivolumab or Pembrolizumab", "A versus B");
	// a co-formulation ("Nirmatrelvir/Ritonavir") or a regimen ("A plus B") stays whole.
	interventionParts = lazyre.New(`(?i)\s+(?:or|versus|vs\.?)\s+|\s*;\s*`)
	parenthetical     = lazyre.New(`\([^()]*\)`)
)

// interventionDrugs splits a trial intervention into the drug names it holds; an untyped
// intervention whose name reads as a procedure, behaviour or device holds none.
func interventionDrugs(kind, name string) []string {
	typed := strings.TrimSpace(kind) != ""
	var out []string
	for _, part := range interventionParts.Split(parenthetical.ReplaceAllString(name, " "), -1) {
		part = strings.TrimSpace(part)
		if part == "" || geneProduct.MatchString(part) || !typed && nonDrugIntervention.MatchString(part) {
			continue
		}
		out = append(out, part)
	}
	return out
}

// candidateFromChemical applies the chemical typing and the name rules: a substance or an
// untyped name is a candidate when the name rules accept it; enzymes, gene products,
// classes and endogenous mediators never are.
func candidateFromChemical(name, rn string) (string, ChemicalKind) {
	kind := ClassifyChemical(name, rn)
	switch kind {
	case ChemicalSubstance, ChemicalUnknown:
		if endogenousMediator.MatchString(strings.TrimSpace(name)) {
			return "", ChemicalClass
		}
		return candidateKey(name), kind
	}
	return "", kind
}

// Subheadings that say how the indexers saw a chemical in the paper: given to someone
// (a candidate), or only measured or used to diagnose (not a candidate: "Creatinine/blood",
// "Methacholine Chloride/diagnostic use").
var (
	givenQualifiers = map[string]bool{
		"therapeutic use": true, "administration & dosage": true, "adverse effects": true, "pharmacology": true,
		"pharmacokinetics": true, "toxicity": true, "poisoning": true, "agonists": true, "antagonists & inhibitors": true,
		"economics": true, "standards": true, "supply & distribution": true,
	}
	measuredQualifiers = map[string]bool{
		"blood": true, "urine": true, "analysis": true, "cerebrospinal fluid": true, "metabolism": true,
		"deficiency": true, "biosynthesis": true, "physiology": true, "genetics": true, "chemistry": true,
		"diagnostic use": true, "immunology": true, "secretion": true,
	}
)

// measuredOnly reports whether the record's MeSH indexing says the chemical was measured
// or used for diagnosis and never given: its heading carries only measurement or
// diagnostic subheadings. No subheading at all is no signal.
func measuredOnly(c domain.Citation, chemical string) bool {
	qs := headingQualifiers(c, chemical)
	measured := false
	for _, q := range qs {
		if givenQualifiers[q] {
			return false
		}
		if measuredQualifiers[q] {
			measured = true
		}
	}
	return measured
}

// candidates collects drug candidates from structured fields only: ClinicalTrials.gov
// DRUG, BIOLOGICAL and COMBINATION_PRODUCT interventions and the substances of indexed
// papers' chemical lists, never from free text, so nothing reaches the offline judge that
// is not named by the evidence's own metadata. Items for which skip returns true
// (off-topic evidence) are not read. Candidates that appear in registered trials come
// first (the trials were found for the question's condition), then by the number of
// evidence items naming them, then by name.
func candidates(ev []domain.Evidence, skip func(int) bool) []rankedCandidate {
	byKey := map[string]*candidateTally{}
	for i, e := range ev {
		if skip != nil && skip(i) {
			continue
		}
		seen := map[string]bool{}
		add := func(key, name string, trial bool) {
			if key == "" {
				return
			}
			t := byKey[key]
			if t == nil {
				t = &candidateTally{key: key, variants: map[string]int{}}
				byKey[key] = t
			}
			t.variants[displayName(name)]++
			if seen[key] {
				return
			}
			seen[key] = true
			t.items = append(t.items, i)
			if trial {
				t.trials++
			}
		}
		if tr := e.Citation.Trial; tr != nil {
			for _, iv := range tr.Interventions {
				if !drugIntervention(iv.Type) {
					continue
				}
				for _, name := range interventionDrugs(iv.Type, iv.Name) {
					add(candidateKey(name), name, true)
				}
			}
		}
		for k, ch := range e.Citation.Chemicals {
			key, _ := candidateFromChemical(ch, chemicalRN(e.Citation, k))
			if key != "" && measuredOnly(e.Citation, ch) {
				continue
			}
			add(key, ch, false)
		}
	}
	tallies := make([]*candidateTally, 0, len(byKey))
	for _, t := range byKey {
		tallies = append(tallies, t)
	}
	sort.Slice(tallies, func(a, b int) bool {
		x, y := tallies[a], tallies[b]
		if (x.trials > 0) != (y.trials > 0) {
			return x.trials > 0
		}
		if len(x.items) != len(y.items) {
			return len(x.items) > len(y.items)
		}
		if x.trials != y.trials {
			return x.trials > y.trials
		}
		return x.key < y.key
	})
	out := make([]rankedCandidate, 0, len(tallies))
	for _, t := range tallies {
		c := rankedCandidate{Candidate: domain.Candidate{Name: preferredVariant(t.variants), Support: len(t.items)}, items: t.items, trials: t.trials}
		for _, i := range t.items {
			c.Sources = append(c.Sources, ev[i].CanonicalKey())
		}
		out = append(out, c)
	}
	return out
}

// chemicalRN is the registry number of the k-th chemical, or "" when none was stored.
func chemicalRN(c domain.Citation, k int) string {
	if k < len(c.ChemicalRNs) {
		return c.ChemicalRNs[k]
	}
	return ""
}

// mechanismContext lists the targets and classes named in the chemical lists of the
// items for which skip is false, each once, in order of appearance: they describe how
// candidates act, and are shown as context, never proposed as candidates.
func mechanismContext(ev []domain.Evidence, skip func(int) bool) []string {
	var out []string
	seen := map[string]bool{}
	for i, e := range ev {
		if skip != nil && skip(i) {
			continue
		}
		for k, ch := range e.Citation.Chemicals {
			switch ClassifyChemical(ch, chemicalRN(e.Citation, k)) {
			case ChemicalEnzyme, ChemicalGeneProduct:
				if low := strings.ToLower(ch); !seen[low] {
					seen[low] = true
					out = append(out, ch)
				}
			}
		}
	}
	return out
}

// rankedCandidate is a candidate with the 0-based indexes of the evidence naming it.
type rankedCandidate struct {
	domain.Candidate
	items  []int
	trials int
}

// preferredVariant picks the most frequent spelling, ties broken alphabetically, so the
// same evidence always yields the same display name.
func preferredVariant(v map[string]int) string {
	names := make([]string, 0, len(v))
	for n := range v {
		names = append(names, n)
	}
	sort.Slice(names, func(a, b int) bool {
		if v[names[a]] != v[names[b]] {
			return v[names[a]] > v[names[b]]
		}
		return names[a] < names[b]
	})
	return names[0]
}
