package ctgov

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"
)

func study(id, title, summary string, conditions, interventions []string) map[string]any {
	ivs := []any{}
	for _, iv := range interventions {
		ivs = append(ivs, map[string]any{"type": "DRUG", "name": iv})
	}
	conds := []any{}
	for _, c := range conditions {
		conds = append(conds, c)
	}
	return map[string]any{"protocolSection": map[string]any{
		"identificationModule":    map[string]any{"nctId": id, "briefTitle": title},
		"descriptionModule":       map[string]any{"briefSummary": summary},
		"conditionsModule":        map[string]any{"conditions": conds},
		"armsInterventionsModule": map[string]any{"interventions": ivs},
	}}
}

func studies() []map[string]any {
	return []map[string]any{
		study("NCT00000001", "Metformin in Early Alzheimer Disease", "A randomized trial of metformin.", []string{"Alzheimer Disease"}, []string{"Metformin"}),
		study("NCT00000002", "Nivolumab for Melanoma", "Checkpoint inhibition in advanced melanoma.", []string{"Melanoma"}, []string{"Nivolumab"}),
		study("NCT00000003", "Exercise and Cognition", "Aerobic exercise in mild cognitive impairment and Alzheimer disease.", []string{"Mild Cognitive Impairment"}, nil),
	}
}

func get(t *testing.T, srv *httptest.Server, v url.Values) (int, map[string]any) {
	t.Helper()
	res, err := srv.Client().Get(srv.URL + "/studies?" + v.Encode())
	require.NoError(t, err)
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return res.StatusCode, nil
	}
	var body map[string]any
	require.NoError(t, json.NewDecoder(res.Body).Decode(&body))
	return res.StatusCode, body
}

func ids(body map[string]any) []string {
	var out []string
	for _, s := range body["studies"].([]any) {
		out = append(out, s.(map[string]any)["protocolSection"].(map[string]any)["identificationModule"].(map[string]any)["nctId"].(string))
	}
	return out
}

func TestTermSemantics(t *testing.T) {
	srv := httptest.NewServer(NewServer(studies()))
	defer srv.Close()
	for _, tc := range []struct {
		term string
		want []string
	}{
		{"alzheimer disease", []string{"NCT00000001", "NCT00000003"}},
		{"metformin alzheimer", []string{"NCT00000001"}},
		{"melanoma OR metformin", []string{"NCT00000001", "NCT00000002"}},
		{"alzheimer NOT metformin", []string{"NCT00000003"}},
		{`"cognitive impairment"`, []string{"NCT00000003"}},
		{`"impairment cognitive"`, nil},
		{"(alzheimer disease OR \"Alzheimer Disease\") AND (drug OR metformin)", []string{"NCT00000001"}},
		{"parkinson", nil},
	} {
		t.Run(tc.term, func(t *testing.T) {
			status, body := get(t, srv, url.Values{"query.term": {tc.term}, "countTotal": {"true"}, "pageSize": {"10"}, "format": {"json"}})
			require.Equal(t, http.StatusOK, status)
			require.Equal(t, float64(len(tc.want)), body["totalCount"])
			require.ElementsMatch(t, tc.want, ids(body))
		})
	}
}

func TestPagingAndErrors(t *testing.T) {
	srv := httptest.NewServer(NewServer(studies()))
	defer srv.Close()
	seen := map[string]bool{}
	token := ""
	for i := 0; i < 5; i++ {
		v := url.Values{"query.term": {"alzheimer OR melanoma"}, "pageSize": {"1"}, "countTotal": {"true"}}
		if token != "" {
			v.Set("pageToken", token)
		}
		_, body := get(t, srv, v)
		for _, id := range ids(body) {
			require.False(t, seen[id])
			seen[id] = true
		}
		next, _ := body["nextPageToken"].(string)
		if next == "" {
			break
		}
		token = next
	}
	require.Len(t, seen, 3)

	for _, v := range []url.Values{
		{"query.term": {"(alzheimer"}},
		{"pageSize": {"x"}},
		{"pageSize": {"5000"}},
		{"countTotal": {"yes"}},
		{"pageToken": {"!!"}},
		{"format": {"csv"}},
	} {
		status, _ := get(t, srv, v)
		require.Equal(t, http.StatusBadRequest, status, v.Encode())
	}
}

func TestSingleStudyLookup(t *testing.T) {
	f := NewServer(studies())
	srv := httptest.NewServer(f)
	defer srv.Close()
	for _, tc := range []struct {
		path   string
		status int
		body   string // the text body of an error, or the NCT id served
	}{
		{"/studies/NCT00000002", http.StatusOK, "NCT00000002"},
		{"/studies/nct00000002", http.StatusOK, "NCT00000002"},
		{"/studies/NCT2", http.StatusOK, "NCT00000002"},
		{"/studies/NCT99999999", http.StatusNotFound, "NCT number NCT99999999 not found\n"},
		{"/studies/00000002", http.StatusBadRequest, "Parameter `nctId` has incorrect format\n"},
		{"/studies/NCT123456789", http.StatusBadRequest, "Parameter `nctId` has incorrect format\n"},
		{"/studies/NCT00000002?format=csv", http.StatusBadRequest, "format: \"csv\" is not supported here, use json\n"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			res, err := srv.Client().Get(srv.URL + tc.path)
			require.NoError(t, err)
			defer res.Body.Close()
			require.Equal(t, tc.status, res.StatusCode)
			if tc.status != http.StatusOK {
				require.Equal(t, "text/plain", res.Header.Get("Content-Type"))
				b, err := io.ReadAll(res.Body)
				require.NoError(t, err)
				require.Equal(t, tc.body, string(b))
				return
			}
			var body map[string]any
			require.NoError(t, json.NewDecoder(res.Body).Decode(&body))
			require.NotContains(t, body, "studies", "a single study is not wrapped")
			require.Equal(t, tc.body, body["protocolSection"].(map[string]any)["identificationModule"].(map[string]any)["nctId"])
		})
	}
	require.Equal(t, int64(7), f.Lookups.Load())
	require.Zero(t, f.Searches.Load())
}
