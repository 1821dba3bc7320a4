package library

import (
	"fmt"
	"math/rand"
	"strings"
)

// vocabulary holds the biomedical terms queries are drawn from; generated text mixes them
// with function words and a long tail of filler terms.
var vocabulary = strings.Fields(`metformin donepezil memantine lecanemab aducanumab semaglutide
	liraglutide insulin statin atorvastatin simvastatin aspirin ibuprofen lithium valproate
	amyloid tau neuroinflammation microglia synaptic cognition dementia alzheimer parkinson
	diabetes obesity hypertension stroke depression randomized controlled trial cohort
	placebo double-blind outcome mortality hazard ratio confidence interval patients adults
	elderly mice model pathway kinase receptor expression biomarker plasma cerebrospinal
	imaging mri pet decline score improvement safety adverse events dose phase efficacy`)

var functionWords = strings.Fields(`the of and in to with for was were a an on by at from as is
	that this these we study results than or not be are after between patients group`)

// wordSource draws words with a Zipf distribution, as in real abstracts: a few function
// words are everywhere, each biomedical term sits at a random rank among 5,000 so some
// are common and most are selective, and filler terms make up the long tail.
type wordSource struct {
	rng   *rand.Rand
	zipf  *rand.Zipf
	ranks []string
}

func newWordSource(seed int64) *wordSource {
	rng := rand.New(rand.NewSource(seed))
	const size = 5000
	ranks := make([]string, size)
	for i := range ranks {
		ranks[i] = fmt.Sprintf("term%04d", i)
	}
	copy(ranks, functionWords)
	placement := rand.New(rand.NewSource(99)) // the same ranks for every seed
	for _, w := range vocabulary {
		for {
			r := len(functionWords) + placement.Intn(size-len(functionWords))
			if strings.HasPrefix(ranks[r], "term") {
				ranks[r] = w
				break
			}
		}
	}
	return &wordSource{rng: rng, zipf: rand.NewZipf(rng, 1.07, 2, size-1), ranks: ranks}
}

func (s *wordSource) words(k int) string {
	w := make([]string, k)
	for i := range w {
		w[i] = s.ranks[s.zipf.Uint64()]
	}
	return strings.Join(w, " ")
}

// generateMEDLINE writes n MEDLINE records with distinct PMIDs from 40000000, titles and
// structured abstracts from a Zipf-distributed vocabulary, authors, MeSH, chemicals and
// publication types.
func generateMEDLINE(n int, seed int64) string {
	ws := newWordSource(seed)
	rng := ws.rng
	months := []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "PMID- %d\nOWN - NLM\nSTAT- MEDLINE\n", 40000000+i)
		fmt.Fprintf(&b, "DP  - %d %s\n", 1990+rng.Intn(35), months[rng.Intn(12)])
		fmt.Fprintf(&b, "TI  - %s %s in\n      %s.\n", vocabulary[rng.Intn(len(vocabulary))], ws.words(6), ws.words(5))
		fmt.Fprintf(&b, "AB  - BACKGROUND: %s. METHODS: %s.\n      RESULTS: %s. CONCLUSIONS: %s.\n", ws.words(25), ws.words(30), ws.words(35), ws.words(15))
		for a := 0; a < 1+rng.Intn(5); a++ {
			fmt.Fprintf(&b, "FAU - Author%d, Given%d\nAU  - Author%d G\n", rng.Intn(5000), a, a)
		}
		fmt.Fprintf(&b, "JT  - Journal of %s\nPT  - Journal Article\n", ws.words(2))
		if rng.Intn(3) == 0 {
			b.WriteString("PT  - Randomized Controlled Trial\n")
		}
		fmt.Fprintf(&b, "MH  - %s/*drug therapy\nMH  - Humans\nRN  - 0 (%s)\n", vocabulary[rng.Intn(len(vocabulary))], vocabulary[rng.Intn(len(vocabulary))])
		fmt.Fprintf(&b, "LID - 10.9999/gen.%d [doi]\n\n", i)
	}
	return b.String()
}
