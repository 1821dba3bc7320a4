package searchquality

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"deepcritical/backend/concepts"
	"deepcritical/internal/fakes/eutils"
)

func TestTmpProbe(t *testing.T) {
	recs, qa, err := eutils.LoadCorpus(dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	engine := eutils.NewEngine(recs)
	ids := strings.Split(os.Getenv("PROBE"), ",")
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	hit := map[int]int{}
	for _, it := range qa {
		if !want[it.PMID] {
			continue
		}
		var ws []string
		for _, w := range concepts.Words(it.Question) {
			if concepts.IsStopword(w) || concepts.IsGeneric(w) {
				continue
			}
			ws = append(ws, w)
		}
		out, _ := engine.Search(strings.Join(ws, " OR "), "relevance")
		for _, k := range []int{1, 3, 5, 10} {
			if inTop(out.IDs, it.PMID, k) {
				hit[k]++
			}
		}
	}
	fmt.Println("top1/3/5/10", hit[1], hit[3], hit[5], hit[10], "of", len(ids))
}
