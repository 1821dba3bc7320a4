package judge

import (
	"regexp"
	"sort"
	"strings"

	"deepcritical/backend/domain"
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

// genericHeads are first words of MeSH chemical headings that name classes ("Antibodies,
// Monoclonal", "Proteins, Recombinant"), not products.
var genericHeads = map[string]bool{
	"antibodies": true, "proteins": true, "peptides": true, "rna": true, "dna": true, "receptors": true,
	"biomarkers": true, "lipids": true, "fatty acids": true, "amino acids": true, "hormones": true,
	"cholesterol": true, "lipoproteins": true, "immunoglobulins": true, "vitamins": true,
}

// classSuffix catches pharmacological-action classes such as "Hypoglycemic Agents",
// "Cholinesterase Inhibitors" or "Receptor Antagonists"; they describe many drugs at once.
var classSuffix = regexp.MustCompile(`(?i)\b(agents|inhibitors|antagonists|agonists|blockers|drugs|compounds|preparations|factors|proteins|peptides|receptors|antibodies|vaccines|biomarkers|supplements|substances|hormones|enzymes|cytokines|lipids)$`)

// doseSuffix strips dosing from trial intervention names ("Metformin 500 mg tablets").
var doseSuffix = regexp.MustCompile(`(?i)\s+\(?\d+(\.\d+)?\s*(mg|g|mcg|µg|ug|ml|iu|units?|%)\b.*$`)

// saltSuffix folds salts into their parent drug so "Metformin Hydrochloride" and "Metformin" count together.
var saltSuffix = regexp.MustCompile(`(?i)\s+(hydrochloride|hcl|sodium|potassium|calcium|sulfate|sulphate|maleate|mesylate|citrate|tartrate|acetate|fumarate|besylate|succinate|phosphate|bromide|chloride|carbonate|dihydrate|monohydrate)$`)

// formSuffix strips formulation words ("Metformin ER", "Naltrexone oral tablet").
var formSuffix = regexp.MustCompile(`(?i)(\s+(er|xr|sr|cr|ir|la|extended[- ]release|immediate[- ]release|delayed[- ]release|tablets?|capsules?|oral|injection|injectable|solution|infusion|intravenous|iv|nasal spray|spray|patch))+$`)

// targetWords mark enzymes and other targets that chemical lists index beside the drugs.
var targetWords = regexp.MustCompile(`(?i)\b(kinases?|phosphatases?|synthases?|proteases?|transferases?|reductases?|oxidases?|dehydrogenases?|cyclooxygenases?)\b`)

// pluralClass catches MeSH class headings ("Glucocorticoids", "Benzimidazoles", "Antacids"):
// drug names are singular, while a last word ending in a plural "s" names a group. Names
// ending in -us or -is (sirolimus, lactobacillus, cannabis) or -ss are not plurals.
var pluralClass = regexp.MustCompile(`(?i)[^usi]s$|[^s]ss$`)

func isPluralClass(low string) bool {
	w := low
	if i := strings.LastIndexAny(w, " ,-"); i >= 0 {
		w = w[i+1:]
	}
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && pluralClass.MatchString(w)
}

var placeboWord = regexp.MustCompile(`(?i)\bplacebo|\bsham\b|\bvehicle\b`)

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
	if len(low) < 3 || genericSubstances[low] || placeboWord.MatchString(low) || classSuffix.MatchString(low) || targetWords.MatchString(low) || isPluralClass(low) {
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

// candidates collects drug candidates from structured fields only: ClinicalTrials.gov
// DRUG and BIOLOGICAL interventions and the chemical lists of indexed papers, never from
// free text, so nothing reaches the offline judge that is not named by the evidence's own
// metadata. They are ranked by the number of evidence items naming them, then by the
// number of registered trials, then by name.
func candidates(ev []domain.Evidence) []rankedCandidate {
	byKey := map[string]*candidateTally{}
	for i, e := range ev {
		seen := map[string]bool{}
		add := func(name string, trial bool) {
			k := candidateKey(name)
			if k == "" {
				return
			}
			t := byKey[k]
			if t == nil {
				t = &candidateTally{key: k, variants: map[string]int{}}
				byKey[k] = t
			}
			t.variants[displayName(name)]++
			if seen[k] {
				return
			}
			seen[k] = true
			t.items = append(t.items, i)
			if trial {
				t.trials++
			}
		}
		if tr := e.Citation.Trial; tr != nil {
			for _, iv := range tr.Interventions {
				switch strings.ToUpper(strings.TrimSpace(iv.Type)) {
				case "DRUG", "BIOLOGICAL":
					add(iv.Name, true)
				}
			}
		}
		for _, ch := range e.Citation.Chemicals {
			add(ch, false)
		}
	}
	tallies := make([]*candidateTally, 0, len(byKey))
	for _, t := range byKey {
		tallies = append(tallies, t)
	}
	sort.Slice(tallies, func(a, b int) bool {
		x, y := tallies[a], tallies[b]
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
