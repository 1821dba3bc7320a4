package eutils

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/pubmed"
	"deepcritical/internal/sharedtest"
)

var testRecs = []Record{
	{PMID: "1", Title: "Vemurafenib improves overall survival in BRAF-mutated melanoma", Year: "2012",
		Abstract: []Section{{Label: "RESULTS", Text: "Patients with metastatic melanoma lived longer."}},
		MeSH:     []Heading{{Name: "Melanoma", Subs: []string{"drug therapy"}, Major: true}, {Name: "Humans"}},
		PubTypes: []string{"Randomized Controlled Trial", "Journal Article"}, Chemicals: []string{"Vemurafenib"}, Authors: []string{"Chapman PB"}},
	{PMID: "2", Title: "Heart attack and aspirin", Year: "2015", Abstract: []Section{{Text: "Aspirin after myocardial infarction in older adults."}},
		MeSH: []Heading{{Name: "Myocardial Infarction"}, {Name: "Aspirin"}}, PubTypes: []string{"Journal Article"}},
	{PMID: "3", Title: "Skin cancers in Norway", Year: "2010", Abstract: []Section{{Text: "Incidence of melanomas and other skin cancers."}},
		MeSH: []Heading{{Name: "Skin Neoplasms"}, {Name: "Melanoma", Subs: []string{"epidemiology"}}}, PubTypes: []string{"Journal Article"}},
}

func ids(t *testing.T, e *Engine, q string) string {
	t.Helper()
	out, err := e.Search(q, "relevance")
	if err != nil {
		t.Fatalf("%q: %v", q, err)
	}
	return strings.Join(out.IDs, ",")
}

func TestSemantics(t *testing.T) {
	e := NewEngine(testRecs)
	cases := []struct{ q, want string }{
		{"melanoma", "1,3"},                            // MeSH heading mapped + text
		{"melanomas", "3,1"},                           // plural maps to the heading too; ranks the text hit first
		{"melanoma AND survival", "1"},                 // AND
		{"melanoma survival", "1"},                     // adjacent terms ANDed
		{"the melanoma", "1,3"},                        // stopword dropped
		{"melanoma NOT survival", "3"},                 // NOT
		{"aspirin OR vemurafenib", "2,1"},              // OR, relevance order
		{"(aspirin OR vemurafenib) AND melanoma", "1"}, // parentheses
		{"aspirin OR vemurafenib AND melanoma", "1"},   // left to right, no precedence
		{`"overall survival"`, "1"},                    // phrase
		{`"survival overall"`, ""},                     // phrase order matters
		{"melanoma[ti]", "1"},                          // title only
		{"melanoma[tiab]", "1"},                        // text only (record 3 says "melanomas")
		{"melanoma*[tiab]", "1,3"},                     // truncation
		{"melanoma[mh]", "1,3"},                        // heading
		{"melanoma[majr]", "1"},                        // major topic
		{"drug therapy[sh]", "1"},                      // subheading
		{"randomized controlled trial[pt]", "1"},       // publication type
		{"vemurafenib[nm]", "1"},                       // substance
		{"heart attack", "2"},                          // text words
		{"myocardial infarction", "2"},                 // heading mapped
		{"reduce melanoma", ""},                        // a word the records do not use empties the AND
		{"chapman[au]", "1"},                           // author
		{"2015[dp]", "2"},                              // date
	}
	for _, c := range cases {
		if got := ids(t, e, c.q); got != c.want {
			t.Errorf("%q → [%s], want [%s]", c.q, got, c.want)
		}
	}
}

func TestTranslationAndNotices(t *testing.T) {
	e := NewEngine(testRecs)
	out, err := e.Search("melanoma AND qwzx AND the", "")
	if err != nil {
		t.Fatal(err)
	}
	if out.Translation != `("melanoma"[MeSH Terms] OR "melanoma"[All Fields]) AND "qwzx"[All Fields]` {
		t.Errorf("translation %q", out.Translation)
	}
	if strings.Join(out.NotFound, ",") != "qwzx" || strings.Join(out.Ignored, ",") != "the" || len(out.IDs) != 0 {
		t.Errorf("notices %+v", out)
	}
	out, _ = e.Search(`melanoma[xx]`, "")
	if len(out.FieldMissing) != 1 {
		t.Errorf("unknown field: %+v", out)
	}
	for _, bad := range []string{"(melanoma", `"melanoma`, "AND melanoma"} {
		if _, err := e.Search(bad, ""); err == nil {
			t.Errorf("%q must be a syntax error", bad)
		}
	}
}

// TestRealClientReadsTheFake runs the real PubMed client against the server: esearch with
// relevance sort, efetch, parsing, warnings, and an <ERROR> for a broken query.
func TestRealClientReadsTheFake(t *testing.T) {
	srv := NewServer(NewEngine(testRecs))
	hs := httptest.NewServer(srv)
	defer hs.Close()
	c := pubmed.New(pubmed.Options{BaseURL: hs.URL, HTTPClient: hs.Client()})
	// 1 hit < max 2, but the two concepts found a paper: the client keeps both (one concept
	// alone is the wide net) and sends no relaxed form.
	evs, err := c.Search(context.Background(), []string{"melanoma AND survival"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || evs[0].Citation.PMID != "1" || evs[0].Citation.Title == "" || len(evs[0].Citation.MeshTerms) == 0 {
		t.Fatalf("evidence %+v", evs)
	}
	if _, err := c.Search(context.Background(), []string{"(melanoma"}, 10); err == nil || !strings.Contains(err.Error(), "unbalanced") {
		t.Errorf("a syntax error must come back as an error: %v", err)
	}
	// Every attempt is reported with its count and what was relaxed: none here.
	var qes []domain.QueryEvent
	ctx := search.WithQueryRecorder(context.Background(), func(e domain.QueryEvent) { qes = append(qes, e) })
	evs, err = c.Search(ctx, []string{"melanoma AND survival"}, 10)
	if err != nil || len(evs) != 1 || evs[0].Citation.PMID != "1" {
		t.Errorf("search: %v %+v", err, evs)
	}
	if len(qes) != 1 || qes[0].Count != 1 || qes[0].Attempt != 1 || qes[0].Relaxation != "" {
		t.Errorf("query events %+v", qes)
	}
	// A query that finds nothing is not torn into ORed words (one concept's words stay
	// together): its long words are truncated at their stems, every word still required, and
	// each event says nothing was found.
	qes = nil
	if _, err := c.Search(ctx, []string{"qwzx melanoma"}, 10); err == nil || !strings.Contains(err.Error(), "phrase not found: qwzx") {
		t.Errorf("PhraseNotFound must come back as a warning: %v", err)
	}
	if len(qes) != 2 || qes[0].Count != 0 || qes[1].Query != "qwzx melanoma*" || qes[1].Count != 0 {
		t.Errorf("query events %+v", qes)
	}
	for _, q := range qes {
		if strings.Contains(q.Query, " OR ") {
			t.Errorf("a concept's words were ORed apart: %q", q.Query)
		}
	}
	if srv.ESearches.Load() != 5 || srv.EFetches.Load() != 2 { // 1+1+1+2: only the last relaxes, once, by truncation
		t.Errorf("requests: %d esearch, %d efetch", srv.ESearches.Load(), srv.EFetches.Load())
	}
}

func TestLoadCorpus(t *testing.T) {
	data := sharedtest.Path(t, "data")
	recs, qa, err := LoadCorpus(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 600 || len(qa) != 500 {
		t.Fatalf("%d records, %d questions", len(recs), len(qa))
	}
	e := NewEngine(recs)
	if got := ids(t, e, "randomized controlled trial[pt]"); strings.Count(got, ",") < 50 {
		t.Errorf("the MEDLINE sample has ~94 RCTs, got %s", got)
	}
}
