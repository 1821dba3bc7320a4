package stance

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/internal/sharedtest"
)

// labels are PubMedQA's answers in the order of the confusion matrices' rows and columns.
var labels = []string{"yes", "no", "maybe"}

// classOf maps a stance to PubMedQA's answer: supports is yes, refutes is no, mixed and
// unclear are maybe.
func classOf(s domain.Stance) int {
	switch s {
	case domain.StanceSupports:
		return 0
	case domain.StanceRefutes:
		return 1
	}
	return 2
}

// TestPubMedQAStance measures the offline stance against the experts' yes/no/maybe labels
// of the PubMedQA dev set (with each item's conclusions), on the tuning split and on the
// held-out fifth, and prints per-class recall. The floors guard against regressions; the
// figures go into BENCHMARKS.md (make bench).
func TestPubMedQAStance(t *testing.T) {
	sharedtest.SkipUnderRace(t)
	items := sharedtest.PubMedQA(t)
	require.NotEmpty(t, items)
	// conf[split][expert label][stance's label], labels in the order yes, no, maybe.
	conf := map[string]*[3][3]int{"tuning": {}, "held-out": {}}
	for _, it := range items {
		id := it.PMID
		split := "tuning"
		if sharedtest.HeldOutFifth(id) { // outside every rule's tuning
			split = "held-out"
		}
		r := Classify(it.Question, it.Question, it.Long)
		want := slices.Index(labels, it.Decision)
		require.GreaterOrEqual(t, want, 0, "label of %s", id)
		conf[split][want][classOf(r.Stance)]++
		if r.Quote != "" {
			require.Contains(t, it.Long, r.Quote, "the quote of %s is verbatim", id)
		}
	}
	acc := map[string]float64{}
	for _, split := range []string{"tuning", "held-out"} {
		c := conf[split]
		right, n := 0, 0
		for k := range labels {
			right += c[k][k]
			for p := range labels {
				n += c[k][p]
			}
		}
		acc[split] = float64(right) / float64(n)
		line := fmt.Sprintf("figure: stance.accuracy.%s: %.3f (%d/%d; target >= 0.80 held-out; majority class 0.55);", split, acc[split], right, n)
		for k, l := range labels {
			row := c[k][0] + c[k][1] + c[k][2]
			line += fmt.Sprintf(" recall %s %.2f (%d/%d)", l, float64(c[k][k])/float64(max(row, 1)), c[k][k], row)
		}
		t.Log(line)
		t.Logf("figure: stance.confusion.%s (rows expert yes/no/maybe, columns stance supports/refutes/mixed-or-unclear): %v", split, *c)
	}
	// Majority class ("yes") is 0.55; floors sit below the measured figures.
	require.GreaterOrEqual(t, acc["tuning"], 0.85)
	require.GreaterOrEqual(t, acc["held-out"], 0.70)
}
