package sharedtest

import (
	"encoding/json"
	"hash/fnv"
	"sort"
	"testing"
)

// PubMedQAItem is one expert-labelled item of PubMedQA's dev set (data/pubmedqa/pqal_dev.json):
// the question (derived from the paper's title), the abstract without its conclusions as
// labelled contexts, the MeSH headings and year, the conclusions (Long) and the experts'
// yes/no/maybe answer (Decision).
type PubMedQAItem struct {
	PMID     string   `json:"-"`
	Question string   `json:"QUESTION"`
	Contexts []string `json:"CONTEXTS"`
	Labels   []string `json:"LABELS"`
	Meshes   []string `json:"MESHES"`
	Year     string   `json:"YEAR"`
	Long     string   `json:"LONG_ANSWER"`
	Decision string   `json:"final_decision"`
}

// PubMedQA reads the dev set, ordered by PMID as text so every run sees the same order; a
// missing corpus skips or fails the test as Path does.
func PubMedQA(t testing.TB) []PubMedQAItem {
	t.Helper()
	var m map[string]PubMedQAItem
	if err := json.Unmarshal(Read(t, "data", "pubmedqa", "pqal_dev.json"), &m); err != nil {
		t.Fatalf("decode PubMedQA: %v", err)
	}
	out := make([]PubMedQAItem, 0, len(m))
	for id, it := range m {
		it.PMID = id
		out = append(out, it)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PMID < out[j].PMID })
	return out
}

// HeldOutFifth reports whether id (a PMID, a benchmark question) is in the held-out fifth:
// its FNV-1a hash is 0 modulo 5. The rules tuned on the shared data (the relevance
// lexicons, the stance rules, the named-drug sets) were written looking at the other four
// fifths only, so their scores on this fifth are the honest ones; every package splits
// with this one function, so the fifth is the same everywhere.
func HeldOutFifth(id string) bool {
	h := fnv.New32a()
	h.Write([]byte(id))
	return h.Sum32()%5 == 0
}
