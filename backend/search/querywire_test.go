package search_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/ctgov"
	"deepcritical/backend/search/europepmc"
)

// TestConceptQueriesReachEachSourceInItsSyntax checks that a PubMed-syntax concept query
// is rewritten for Europe PMC (MESH:, TITLE:/ABSTRACT:) and ClinicalTrials.gov (no tags,
// no publication-type filter), and that each query comes back as a QueryEvent with the
// source's hit count.
func TestConceptQueriesReachEachSourceInItsSyntax(t *testing.T) {
	var mu sync.Mutex
	got := map[string]string{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/epmc/search":
			if strings.Contains(r.URL.Query().Get("query"), "PUB_TYPE") {
				got["epmc"] = r.URL.Query().Get("query")
			}
			w.Write([]byte(`{"hitCount":0,"resultList":{"result":[]}}`))
		case "/ct/studies":
			got["ct"] = r.URL.Query().Get("query.term")
			got["ctcount"] = r.URL.Query().Get("countTotal")
			w.Write([]byte(`{"studies":[],"totalCount":0}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	fan := search.NewFanout([]search.Source{
		europepmc.New(europepmc.Options{BaseURL: srv.URL + "/epmc", HTTPClient: srv.Client()}),
		ctgov.New(ctgov.Options{BaseURL: srv.URL + "/ct", HTTPClient: srv.Client()}),
	}, search.FanoutOptions{})
	q := `(melanoma OR "Melanoma"[mh]) AND survival[tiab] AND randomized controlled trial[pt]`
	res := fan.Run(context.Background(), []string{q, `(melanoma OR "Melanoma"[mh]) AND survival[tiab]`}, nil, 5)
	if got["epmc"] != `(melanoma OR MESH:"Melanoma") AND (TITLE:"survival" OR ABSTRACT:"survival") AND PUB_TYPE:"randomized controlled trial"` {
		t.Errorf("europepmc query %q", got["epmc"])
	}
	if got["ct"] != `(melanoma OR "Melanoma") AND survival` || got["ctcount"] != "true" {
		t.Errorf("ctgov query %q (countTotal %q)", got["ct"], got["ctcount"])
	}
	if len(res.Queries) != 4 {
		t.Fatalf("query events %+v", res.Queries)
	}
	skipped := 0
	for _, qe := range res.Queries {
		switch {
		case strings.HasPrefix(qe.Error, "skipped: publication-type"):
			skipped++
			if qe.Source != domain.SourceClinicalTrials || qe.Count != -1 {
				t.Errorf("only ClinicalTrials.gov skips publication-type filters: %+v", qe)
			}
		case qe.Count != 0 || qe.Attempt != 1 || qe.Error == "":
			t.Errorf("a query that found nothing must say so: %+v", qe)
		}
	}
	if skipped != 1 {
		t.Errorf("the [pt] query is skipped by ClinicalTrials.gov, and only it: %+v", res.Queries)
	}
	if res.Queries[0].Source != domain.SourceEuropePMC || res.Queries[3].Source != domain.SourceClinicalTrials {
		t.Errorf("query events are listed in source order: %+v", res.Queries)
	}
}
