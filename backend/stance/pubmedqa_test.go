package stance

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/sharedtest"
)

// pubmedqaItem is one expert-labelled PubMedQA item: the question (the study's title), its
// conclusions (LONG_ANSWER) and the yes/no/maybe label.
type pubmedqaItem struct {
	Question string `json:"QUESTION"`
	Long     string `json:"LONG_ANSWER"`
	Decision string `json:"final_decision"`
}

// expected maps PubMedQA's labels to stances: yes supports, no refutes, maybe is either
// mixed or unclear.
func matches(label string, s domain.Stance) bool {
	switch label {
	case "yes":
		return s == domain.StanceSupports
	case "no":
		return s == domain.StanceRefutes
	case "maybe":
		return s == domain.StanceMixed || s == domain.StanceUnclear
	}
	return false
}

// heldOut puts a fifth of the items, chosen by a hash of the PMID, outside every rule's
// tuning.
func heldOut(pmid string) bool {
	h := fnv.New32a()
	h.Write([]byte(pmid))
	return h.Sum32()%5 == 0
}

// TestPubMedQAStance measures the offline stance against the experts' yes/no/maybe labels
// of the PubMedQA dev set (with each item's conclusions), on the tuning split and on the
// held-out fifth, and prints per-class recall. The floors guard against regressions; the
// figures go into BENCHMARKS.md (make bench).
func TestPubMedQAStance(t *testing.T) {
	var items map[string]pubmedqaItem
	require.NoError(t, json.Unmarshal(sharedtest.Read(t, "data", "pubmedqa", "pqal_dev.json"), &items))
	require.NotEmpty(t, items)
	type tally struct{ n, right int }
	splits := map[string]map[string]*tally{"tuning": {}, "held-out": {}}
	ids := make([]string, 0, len(items))
	for id := range items {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		it := items[id]
		split := "tuning"
		if heldOut(id) {
			split = "held-out"
		}
		r := Classify(it.Question, it.Question, it.Long)
		for _, k := range []string{"all", it.Decision} {
			tl := splits[split][k]
			if tl == nil {
				tl = &tally{}
				splits[split][k] = tl
			}
			tl.n++
			if matches(it.Decision, r.Stance) {
				tl.right++
			}
		}
		if r.Quote != "" {
			require.Contains(t, it.Long, r.Quote, "the quote of %s is verbatim", id)
		}
	}
	acc := map[string]float64{}
	for _, split := range []string{"tuning", "held-out"} {
		s := splits[split]
		acc[split] = float64(s["all"].right) / float64(s["all"].n)
		line := fmt.Sprintf("figure: stance.accuracy.%s: %.3f (%d/%d; target >= 0.80 held-out; majority class 0.55);", split, acc[split], s["all"].right, s["all"].n)
		for _, k := range []string{"yes", "no", "maybe"} {
			if tl := s[k]; tl != nil {
				line += fmt.Sprintf(" recall %s %.2f (%d/%d)", k, float64(tl.right)/float64(tl.n), tl.right, tl.n)
			}
		}
		t.Log(line)
	}
	// Majority class ("yes") is 0.55; floors sit below the measured figures.
	require.GreaterOrEqual(t, acc["tuning"], 0.74)
	require.GreaterOrEqual(t, acc["held-out"], 0.70)
}
