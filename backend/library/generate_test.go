package library

import (
	"fmt"
	"math/rand"
	"strings"
)

// vocabulary gives generated abstracts realistic biomedical words so FTS queries have
// selective and common terms to hit.
var vocabulary = strings.Fields(`metformin donepezil memantine lecanemab aducanumab semaglutide
	liraglutide insulin statin atorvastatin simvastatin aspirin ibuprofen lithium valproate
	amyloid tau neuroinflammation microglia synaptic cognition dementia alzheimer parkinson
	diabetes obesity hypertension stroke depression randomized controlled trial cohort
	placebo double-blind outcome mortality hazard ratio confidence interval patients adults
	elderly mice model pathway kinase receptor expression biomarker plasma cerebrospinal
	imaging mri pet decline score improvement safety adverse events dose phase efficacy`)

// generateMEDLINE writes n MEDLINE records with distinct PMIDs from 40000000, titles and
// structured abstracts built from the vocabulary, authors, MeSH and publication types.
func generateMEDLINE(n int, seed int64) string {
	rng := rand.New(rand.NewSource(seed))
	words := func(k int) string {
		w := make([]string, k)
		for i := range w {
			w[i] = vocabulary[rng.Intn(len(vocabulary))]
		}
		return strings.Join(w, " ")
	}
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "PMID- %d\nOWN - NLM\nSTAT- MEDLINE\n", 40000000+i)
		fmt.Fprintf(&b, "DP  - %d %s\n", 1990+rng.Intn(35), []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}[rng.Intn(12)])
		fmt.Fprintf(&b, "TI  - %s of %s in\n      %s.\n", words(4), words(3), words(4))
		fmt.Fprintf(&b, "AB  - BACKGROUND: %s. METHODS: %s.\n      RESULTS: %s. CONCLUSIONS: %s.\n", words(20), words(25), words(30), words(12))
		for a := 0; a < 1+rng.Intn(5); a++ {
			fmt.Fprintf(&b, "FAU - Author%d, Given%d\nAU  - Author%d G\n", rng.Intn(5000), a, a)
		}
		fmt.Fprintf(&b, "JT  - Journal of %s\nPT  - Journal Article\n", words(2))
		if rng.Intn(3) == 0 {
			b.WriteString("PT  - Randomized Controlled Trial\n")
		}
		fmt.Fprintf(&b, "MH  - %s/*drug therapy\nMH  - Humans\nRN  - 0 (%s)\n", words(1), words(1))
		fmt.Fprintf(&b, "LID - 10.9999/gen.%d [doi]\n\n", i)
	}
	return b.String()
}
