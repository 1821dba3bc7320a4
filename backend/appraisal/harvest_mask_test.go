package appraisal

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"deepcritical/backend/domain"
	"deepcritical/internal/sharedtest"
)

// TestHarvestMaskingSentences (DC_MASK_HARVEST=1) prints the sentences that speak of
// masking in unlabelled or otherwise-labelled text, with the parties maskedParties reads in
// each, so the rules can be read against wordings the 17a labels never saw: the MEDLINE
// sample and PubMedQA abstracts of the development folds only, the recorded API responses
// and JATS files the repository's tests use, and every sentence of the SPIRIT-CONSORT-TM
// development folds. No held-out paper is read.
func TestHarvestMaskingSentences(t *testing.T) {
	if os.Getenv("DC_MASK_HARVEST") != "1" {
		t.Skip("set DC_MASK_HARVEST=1")
	}
	emit := func(src, text string) {
		a := newAnalysis(Document{Text: text})
		for _, s := range a.sents {
			if !maskWords.MatchString(s.lower) {
				continue
			}
			var got []string
			seen := map[string]bool{}
			for _, scope := range maskedScopes(s.lower[s.ownFrom:]) {
				for _, p := range partiesRe {
					if p.re.MatchString(scope) && !seen[p.party] {
						seen[p.party] = true
						got = append(got, p.party)
					}
				}
			}
			sort.Strings(got)
			own := "own"
			if !s.own {
				own = "OTHER"
			}
			fmt.Printf("%s\t%s\t%v\t%s\n", src, own, got, strings.Join(strings.Fields(s.Text), " "))
		}
	}

	// MEDLINE sample, development folds.
	if f, err := os.Open(sharedtest.Path(t, "data", "medline_sample", "sample100.medline.txt")); err == nil {
		recs, err := readMedline(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if foldOf(r.PMID) == heldOutFold {
				continue
			}
			emit("MEDLINE:"+r.PMID, r.Title+"\n\n"+r.Abstract)
		}
	}
	// PubMedQA, development folds.
	for _, q := range readPubMedQA(t) {
		if foldOf(q.PMID) == heldOutFold {
			continue
		}
		emit("PQA:"+q.PMID, q.text())
	}
	// SPIRIT-CONSORT-TM, development folds, every sentence.
	for _, d := range readSpirit(t, sharedtest.Path(t, "data", "spirit_consort_tm")) {
		if foldOf(d.PMCID) == heldOutFold {
			continue
		}
		emit("SCTM:"+d.PMCID+":17a="+fmt.Sprint(d.Labels["17a"]), d.Text)
	}
	// Recorded API responses and the repository's own test files.
	var files []string
	fx := sharedtest.Path(t, "fixtures")
	for _, sub := range []string{"europepmc", "ncbi", "clinicaltrials_v2"} {
		m, _ := filepath.Glob(filepath.Join(fx, sub, "*"))
		files = append(files, m...)
	}
	root := sharedtest.Root(t)
	_ = filepath.Walk(filepath.Join(root, "backend"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.Contains(p, string(filepath.Separator)+"testdata"+string(filepath.Separator)) {
			switch filepath.Ext(p) {
			case ".xml", ".nxml", ".json", ".txt", ".nbib", ".ris", ".md":
				files = append(files, p)
			}
		}
		return nil
	})
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		name := filepath.Base(p)
		var texts []string
		switch filepath.Ext(p) {
		case ".json":
			var v any
			if json.Unmarshal(b, &v) == nil {
				texts = jsonStrings(v, nil)
			}
		case ".xml", ".nxml":
			texts = []string{html.UnescapeString(xmlTag.ReplaceAllString(string(b), " "))}
		default:
			texts = []string{string(b)}
		}
		for _, tx := range texts {
			emit("FILE:"+name, tx)
		}
	}
}

var (
	maskWords = regexp.MustCompile(`blind|mask|unaware|conceal|knowledge of|not know|not aware|not informed|not told|unknown to|hidden from|sham|dummy|identical|indistinguishable|open[\s-]*label`)
	xmlTag    = regexp.MustCompile(`<[^>]+>`)
)

func jsonStrings(v any, out []string) []string {
	switch x := v.(type) {
	case string:
		if len(x) > 40 {
			out = append(out, x)
		}
	case []any:
		for _, e := range x {
			out = jsonStrings(e, out)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = jsonStrings(x[k], out)
		}
	}
	return out
}

// TestMaskDevFolds (DC_MASK_HARVEST=1) prints the 17a F1 of each development fold on the
// JATS rendering, and the development papers whose masked parties changed sign against
// the label; the held-out fold is skipped before it is read.
func TestMaskDevFolds(t *testing.T) {
	if os.Getenv("DC_MASK_HARVEST") != "1" {
		t.Skip("set DC_MASK_HARVEST=1")
	}
	var per [folds]confusion
	var all confusion
	for _, d := range readSpirit(t, sharedtest.Path(t, "data", "spirit_consort_tm")) {
		k := foldOf(d.PMCID)
		if k == heldOutFold {
			continue
		}
		f := Findings(DocumentFromFullText(domain.Evidence{}, spiritFullText(d)))
		pred := len(list(f[FindingMaskedParties])) > 0
		per[k].add(pred, d.Labels["17a"])
		all.add(pred, d.Labels["17a"])
		fmt.Printf("DEV\t%d\t%s\tpred=%v\tgold=%v\t%v\n", k, d.PMCID, pred, d.Labels["17a"], f[FindingMaskedParties].Value)
	}
	for k := 0; k < heldOutFold; k++ {
		_, _, f1 := per[k].prf()
		fmt.Printf("FOLD %d F1 %.3f %+v\n", k, f1, per[k])
	}
	_, _, f1 := all.prf()
	fmt.Printf("DEV ALL F1 %.3f %+v\n", f1, all)
}
