package citeformat

import (
	"fmt"
	"io"
	"sort"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/pubmed/pubmedxml"
)

// scanPubMedXML reads a PubmedArticleSet with the PubMed source's own parser (pubmedxml), so the
// library sees exactly what a live search sees, and reports its per-record problems at
// their positions. A document cut off part-way keeps the records before the cut and
// reports the cut at the next position.
func scanPubMedXML(r io.Reader, fn Handler) error {
	evs, recErrs, err := pubmedxml.ParseArticleSet(r)
	sort.Slice(recErrs, func(i, j int) bool { return recErrs[i].Index < recErrs[j].Index })
	total := len(evs) + len(recErrs)
	next, ei := 0, 0
	for pos := 0; pos < total; pos++ {
		if ei < len(recErrs) && recErrs[ei].Index == pos {
			re := recErrs[ei]
			ei++
			e := re.Err
			if re.PMID != "" {
				e = fmt.Errorf("PMID %s: %w", re.PMID, re.Err)
			}
			if ferr := fn(pos+1, domain.Evidence{}, e); ferr != nil {
				return ferr
			}
			continue
		}
		if next >= len(evs) {
			break
		}
		ev := evs[next]
		next++
		finish(&ev, "")
		if ferr := fn(pos+1, ev, nil); ferr != nil {
			return ferr
		}
	}
	if err != nil {
		pos := total + 1
		if total == 0 {
			pos = 0
		}
		return fn(pos, domain.Evidence{}, fmt.Errorf("PubMed XML: %w", err))
	}
	return nil
}
