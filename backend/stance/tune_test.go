package stance

import (
	"fmt"
	"hash/fnv"
	"os"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/internal/sharedtest"
)

// tuningItem is a PubMedQA dev item outside the held-out fifth, read once.
type tuningItem struct {
	id       string
	question string
	reading  reading
	label    int // index in labels
}

// tuningItems reads the PubMedQA dev items outside the held-out fifth (sharedtest.HeldOutFifth): the only
// items the rules' numbers are ever chosen or cross-validated on.
func tuningItems(t *testing.T) []tuningItem {
	var out []tuningItem
	for _, it := range sharedtest.PubMedQA(t) {
		id := it.PMID
		if sharedtest.HeldOutFifth(id) {
			continue
		}
		y := -1
		for k, l := range labels {
			if l == it.Decision {
				y = k
			}
		}
		require.GreaterOrEqual(t, y, 0, "label of %s", id)
		out = append(out, tuningItem{id: id, question: it.Question, reading: read(it.Question, it.Question, Sentences(it.Long)), label: y})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// ruleGrid is every combination of the rules' numbers TestTuneRuleParams chooses from, in
// the order that breaks ties (the first listed wins).
func ruleGrid() []params {
	var out []params
	for _, second := range []float64{0.4, 0.5, 0.6, 0.7, 0.8} {
		for _, later := range []float64{0.2, 0.3, 0.4, 0.5} {
			for _, refute := range []float64{-0.55, -0.65, -0.75, -0.85, -0.95, -1.05} {
				for _, rhetorical := range []float64{0, 0.4, 0.8, 1.2} {
					for _, focus := range []float64{0, 0.5, 1} {
						for _, positive := range []float64{0, 0.2, 0.4, 0.6} {
							out = append(out, params{second: second, later: later, refute: refute,
								rhetorical: rhetorical, positive: positive, focus: focus})
						}
					}
				}
			}
		}
	}
	return out
}

// fold puts an item in one of k folds by a salted hash of its PMID, so each repeat of the
// cross-validation partitions the items differently.
func fold(id string, salt, k int) int {
	h := fnv.New32a()
	fmt.Fprintf(h, "%d:%s", salt, id)
	return int(h.Sum32() % uint32(k))
}

// TestTuneRuleParams chooses the rules' numbers (params) on the tuning split only: the most
// accurate combination in ruleGrid. Nested cross-validation (10 folds x 3 repeats; the
// choice made on nine folds, scored on the tenth) says how well choosing this way does on
// items it was not chosen on. The held-out fifth is never read. Run with
// DC_STANCE_TUNE=1; it fails when tuned (stance.go) is not the choice, printing the
// value to copy there.
func TestTuneRuleParams(t *testing.T) {
	if os.Getenv("DC_STANCE_TUNE") == "" {
		t.Skip("set DC_STANCE_TUNE=1 to choose the rules' numbers on the tuning split")
	}
	items := tuningItems(t)
	grid := ruleGrid()
	right := make([][]bool, len(grid))
	for g, p := range grid {
		right[g] = make([]bool, len(items))
		for i, it := range items {
			right[g][i] = classOf(it.reading.decide(p).Stance) == it.label
		}
	}
	choose := func(in func(i int) bool) int {
		best, bestN := 0, -1
		for g := range grid {
			n := 0
			for i := range items {
				if in(i) && right[g][i] {
					n++
				}
			}
			if n > bestN {
				best, bestN = g, n
			}
		}
		return best
	}
	const k, repeats = 10, 3
	ok, n := 0, 0
	for r := 0; r < repeats; r++ {
		for f := 0; f < k; f++ {
			g := choose(func(i int) bool { return fold(items[i].id, r, k) != f })
			for i := range items {
				if fold(items[i].id, r, k) == f {
					n++
					if right[g][i] {
						ok++
					}
				}
			}
		}
	}
	g := choose(func(int) bool { return true })
	all := 0
	for i := range items {
		if right[g][i] {
			all++
		}
	}
	t.Logf("figure: stance.tune.nested_cv: %.3f (%d/%d; %d combinations, 10 folds x 3 repeats of the %d tuning items)",
		float64(ok)/float64(n), ok, n, len(grid), len(items))
	t.Logf("figure: stance.tune.chosen: %#v: %.3f on the tuning items", grid[g], float64(all)/float64(len(items)))
	require.Equal(t, grid[g], tuned, "copy the chosen numbers into tuned (stance.go)")
}
