package europepmc

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/internal/fakes/eutils"
)

func corpus() []eutils.Record {
	return []eutils.Record{
		{PMID: "1001", Title: "Metformin and dementia risk", Year: "2020", Journal: "J A", Authors: []string{"Smith J"}, PubTypes: []string{"Journal Article"},
			Abstract: []eutils.Section{{Label: "RESULTS", Text: "Metformin users had lower dementia incidence."}},
			MeSH:     []eutils.Heading{{Name: "Dementia", Major: true}, {Name: "Metformin", Subs: []string{"therapeutic use"}}}, Chemicals: []string{"Metformin"}, ChemicalRNs: []string{"9100L32L2N"}},
		{PMID: "1002", Title: "Lactate clearance in septic shock", Year: "2019", Journal: "J B", Authors: []string{"Doe A"},
			Abstract: []eutils.Section{{Text: "Lactate clearance guided resuscitation."}}, MeSH: []eutils.Heading{{Name: "Shock, Septic"}}},
		{PMID: "1003", PMCID: "PMC27499", Title: "Exercise and dementia", Year: "2021", Journal: "J C",
			Abstract: []eutils.Section{{Text: "Aerobic exercise and cognition in older adults with dementia."}}, MeSH: []eutils.Heading{{Name: "Dementia"}}},
	}
}

type answer struct {
	HitCount       int    `json:"hitCount"`
	NextCursorMark string `json:"nextCursorMark"`
	ErrMsg         string `json:"errMsg"`
	ResultList     struct {
		Result []map[string]any `json:"result"`
	} `json:"resultList"`
}

func search(t *testing.T, srv *httptest.Server, params url.Values) (int, answer) {
	t.Helper()
	res, err := srv.Client().Get(srv.URL + "/search?" + params.Encode())
	require.NoError(t, err)
	defer res.Body.Close()
	var a answer
	require.NoError(t, json.NewDecoder(res.Body).Decode(&a))
	return res.StatusCode, a
}

func TestSearchSemantics(t *testing.T) {
	srv := httptest.NewServer(http.StripPrefix("", NewServer(eutils.NewEngine(corpus()))))
	defer srv.Close()
	for _, tc := range []struct {
		query string
		want  []string // ids, any order
	}{
		{"dementia", []string{"1001", "1003"}},
		{"metformin dementia", []string{"1001"}}, // words are ANDed
		{"metformin OR lactate", []string{"1001", "1002"}},
		{"dementia NOT metformin", []string{"1003"}},
		{`"lactate clearance"`, []string{"1002"}},
		{`"clearance lactate"`, nil}, // a phrase keeps its order
		{`TITLE:"exercise"`, []string{"1003"}},
		{`ABSTRACT:"resuscitation"`, []string{"1002"}},
		{`MESH:"Shock, Septic"`, []string{"1002"}},
		{`(dementia) AND (MESH:"Metformin" OR exercise)`, []string{"1001", "1003"}},
		{"PMCID:PMC27499", []string{"1003"}}, // the PubMed Central id, as Europe PMC's PMCID field
		{"PMCID:PMC1", nil},
		{"asdkfjhasdkfjh", nil},
	} {
		t.Run(tc.query, func(t *testing.T) {
			status, a := search(t, srv, url.Values{"query": {tc.query}, "format": {"json"}, "resultType": {"core"}, "pageSize": {"25"}})
			require.Equal(t, http.StatusOK, status)
			require.Empty(t, a.ErrMsg)
			require.Equal(t, len(tc.want), a.HitCount, "hitCount is the number of matches")
			var got []string
			for _, r := range a.ResultList.Result {
				got = append(got, r["pmid"].(string))
			}
			require.ElementsMatch(t, tc.want, got)
			require.NotNil(t, a.ResultList.Result, "no match is an empty list, as Europe PMC sends it")
		})
	}
}

func TestCoreShapeAndPaging(t *testing.T) {
	srv := httptest.NewServer(NewServer(eutils.NewEngine(corpus())))
	defer srv.Close()
	_, a := search(t, srv, url.Values{"query": {"metformin"}, "format": {"json"}, "resultType": {"core"}})
	r := a.ResultList.Result[0]
	for _, k := range []string{"id", "source", "pmid", "title", "authorString", "journalTitle", "pubYear", "abstractText", "authorList", "journalInfo", "meshHeadingList", "chemicalList", "pubTypeList"} {
		require.Contains(t, r, k)
	}
	require.Equal(t, "RESULTS: Metformin users had lower dementia incidence.", r["abstractText"])

	// Paging with cursorMark reads every hit exactly once.
	seen := map[string]bool{}
	cursor := "*"
	for pages := 0; pages < 5; pages++ {
		_, p := search(t, srv, url.Values{"query": {"dementia OR lactate"}, "format": {"json"}, "resultType": {"lite"}, "pageSize": {"1"}, "cursorMark": {cursor}})
		require.Equal(t, 3, p.HitCount)
		for _, r := range p.ResultList.Result {
			require.False(t, seen[r["pmid"].(string)], "no hit twice")
			seen[r["pmid"].(string)] = true
		}
		if p.NextCursorMark == "" {
			break
		}
		cursor = p.NextCursorMark
	}
	require.Len(t, seen, 3)
}

func TestBadRequests(t *testing.T) {
	srv := httptest.NewServer(NewServer(eutils.NewEngine(corpus())))
	defer srv.Close()
	for _, tc := range []struct {
		name   string
		params url.Values
		status int
		errHas string
	}{
		{"no query", url.Values{"format": {"json"}}, 400, "query"},
		{"xml", url.Values{"query": {"x"}, "format": {"xml"}}, 400, "format"},
		{"resultType", url.Values{"query": {"x"}, "format": {"json"}, "resultType": {"full"}}, 400, "resultType"},
		{"pageSize", url.Values{"query": {"x"}, "format": {"json"}, "pageSize": {"5000"}}, 400, "pageSize"},
		{"cursor", url.Values{"query": {"x"}, "format": {"json"}, "cursorMark": {"not-a-cursor"}}, 400, "cursorMark"},
		{"unknown field", url.Values{"query": {"FOO:bar"}, "format": {"json"}}, 200, "unknown search field FOO"},
		{"unbalanced", url.Values{"query": {"(dementia"}, "format": {"json"}}, 200, "Invalid query"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, a := search(t, srv, tc.params)
			require.Equal(t, tc.status, status)
			require.Contains(t, a.ErrMsg, tc.errHas)
			require.Zero(t, a.HitCount)
		})
	}
}
