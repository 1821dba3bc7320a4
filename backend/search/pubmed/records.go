package pubmed

import (
	"encoding/json"
	"strings"
	"sync"

	"deepcritical/backend/domain"
)

// recordCacheSize bounds the records a client keeps: a run's searches return a few hundred
// papers at most.
const recordCacheSize = 2000

// records keeps the articles a run fetched, by run and PMID, so a later search of the same
// run that lists a paper again does not fetch it again: on a loop of several iterations
// most ids come back, and an efetch of only the new ones (or none) is what saves requests.
// A PubMed record does not change within a run. Records are never shared between runs
// (another run fetches its own), and a search outside a run (no run id) is not cached.
type records struct {
	mu    sync.Mutex
	byID  map[string][]byte // run id + "/" + PMID → the record as JSON (a deep copy, so callers may change theirs)
	order []string          // insertion order, oldest first, for eviction
}

func newRecords() *records { return &records{byID: map[string][]byte{}} }

// put keeps the records run fetched, evicting the oldest beyond recordCacheSize.
func (r *records) put(run string, evs []domain.Evidence) {
	if run == "" {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ev := range evs {
		if ev.Citation.PMID == "" {
			continue
		}
		id := run + "/" + ev.Citation.PMID
		b, err := json.Marshal(ev)
		if err != nil {
			continue
		}
		if _, ok := r.byID[id]; !ok {
			r.order = append(r.order, id)
		}
		r.byID[id] = b
	}
	for len(r.order) > recordCacheSize {
		delete(r.byID, r.order[0])
		r.order = r.order[1:]
	}
}

// has reports whether run has fetched any record.
func (r *records) has(run string) bool {
	if run == "" {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range r.order {
		if strings.HasPrefix(id, run+"/") {
			return true
		}
	}
	return false
}

// split returns copies of the records run fetched among ids, in ids' order, and the ids
// it has not fetched.
func (r *records) split(run string, ids []string) (cached []domain.Evidence, missing []string) {
	if run == "" {
		return nil, ids
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range ids {
		b, ok := r.byID[run+"/"+id]
		if !ok {
			missing = append(missing, id)
			continue
		}
		var ev domain.Evidence
		if err := json.Unmarshal(b, &ev); err != nil {
			missing = append(missing, id)
			continue
		}
		cached = append(cached, ev)
	}
	return cached, missing
}
