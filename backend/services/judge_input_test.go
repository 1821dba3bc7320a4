package services

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestParseEvidence: every shape a judge's input may take is read, copies of one paper are
// judged once (matched by identifiers, then source and id, a shared URL never merging items
// that carry their own ids), and anything that is not evidence is refused with the path of
// the bad value, never judged as less evidence.
func TestParseEvidence(t *testing.T) {
	item := func(id, pmid, url string) string {
		return fmt.Sprintf(`{"content":"Lithium reduced suicide in trial %s.","citation":{"source":"pubmed","id":%q,"pmid":%q,"title":"Trial %s","url":%q,"date":"2020","authors":[]}}`,
			id, id, pmid, id, url)
	}
	fourSameURL := "[" + item("1", "", "http://x") + "," + item("2", "", "http://x") + "," + item("3", "", "http://x") + "," + item("4", "", "http://x") + "]"
	for _, tc := range []struct {
		name    string
		in      string
		want    []string // the titles kept, in order
		wantErr string
	}{
		{"a list of items", "[" + item("1", "1", "u1") + "," + item("2", "2", "u2") + "]", []string{"Trial 1", "Trial 2"}, ""},
		{"search results", `{"query":"q","evidence":[` + item("1", "1", "u1") + `]}`, []string{"Trial 1"}, ""},
		{"a list of search results", `[{"evidence":[` + item("1", "1", "u1") + `]},{"evidence":[` + item("2", "2", "u2") + `]}]`, []string{"Trial 1", "Trial 2"}, ""},
		{"distinct papers sharing a URL stay distinct", fourSameURL, []string{"Trial 1", "Trial 2", "Trial 3", "Trial 4"}, ""},
		{"one PMID is one paper", "[" + item("1", "7", "u1") + "," + item("2", "7", "u2") + "]", []string{"Trial 1"}, ""},
		{"a shared DOI is one paper", `[{"content":"a","citation":{"source":"pubmed","id":"1","pmid":"1","doi":"10.1/X","title":"A"}},` +
			`{"content":"b","citation":{"source":"europepmc","id":"PMC:PMC9","doi":"https://doi.org/10.1/x","title":"B"}}]`, []string{"A"}, ""},
		{"the same source id is one paper", "[" + item("1", "", "u1") + "," + item("1", "", "u2") + "]", []string{"Trial 1"}, ""},
		{"no ids: the URL decides", `[{"content":"a","citation":{"source":"web","url":"http://x/1","title":"A"}},{"content":"b","citation":{"source":"web","url":"http://x/1/","title":"B"}}]`,
			[]string{"A"}, ""},

		{"an object that is not search results", `{"foo":1}`, nil, "evidence is an object without an evidence list"},
		{"one item, not in a list", item("1", "1", "u"), nil, "evidence is one evidence item, not a list: put it in a list"},
		{"an evidence list that is not a list", `{"evidence":{"a":1}}`, nil, "evidence.evidence must be a list of evidence items, got an object"},
		{"a string", `"abc"`, nil, "evidence must be a list of evidence items or search results (an object with an evidence list), got a string"},
		{"an empty list", `[]`, nil, "evidence holds no evidence item: there is nothing to judge"},
		{"empty search results", `{"query":"q","evidence":[]}`, nil, "evidence holds no evidence item"},
		{"numbers", `[1,2,3]`, nil, `evidence[0] is a number, not an evidence item: each item is an object with "content" (the text to judge) and "citation" (its source, title and identifiers)`},
		{"no citation", `[{"content":"hello"}]`, nil, `evidence[0] has no citation: each item is an object with "content"`},
		{"citation not an object", `[{"content":"hello","citation":"pubmed"}]`, nil, "evidence[0].citation must be an object, got a string"},
		{"no source", `[{"content":"hello","citation":{"title":"t"}}]`, nil,
			"evidence[0].citation.source is missing: say where the item comes from (one of pubmed, europepmc, clinicaltrials, web, library)"},
		{"unknown source", `[{"content":"x","citation":{"source":"scopus","title":"t"}}]`, nil,
			`evidence[0].citation.source must be one of pubmed, europepmc, clinicaltrials, web, library, got "scopus"`},
		{"nothing to read", `[{"content":" ","citation":{"source":"web"}}]`, nil, "evidence[0]: title and content are both empty"},
		{"relevance out of range", `[{"content":"x","citation":{"source":"web","title":"t"},"relevance":7}]`, nil, "evidence[0]: relevance must be between 0 and 1, got 7"},
		{"a field of the wrong type", `[{"content":"x","citation":{"source":"web","title":"t","authors":"Smith"}}]`, nil, "evidence[0]: field citation.authors must be"},
		{"the path inside search results", `[{"evidence":[` + item("1", "1", "u") + `,{"content":"x"}]}]`, nil, "evidence[0].evidence[1] has no citation"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseEvidence([]byte(tc.in), "evidence")
			if tc.wantErr != "" {
				require.Error(t, err)
				require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
				require.Contains(t, domain.SafeMessage(err), tc.wantErr)
				require.NotContains(t, domain.SafeMessage(err), "file", "the input is named as the caller names it")
				return
			}
			require.NoError(t, err)
			var titles []string
			for _, ev := range got {
				titles = append(titles, ev.Citation.Title)
			}
			require.Equal(t, tc.want, titles)
		})
	}
}

// TestHistoryDays: a since or until that is not a day is refused naming which, and a range
// that ends before it starts is refused rather than listed as empty.
func TestHistoryDays(t *testing.T) {
	c := openTestContainer(t)
	for _, tc := range []struct {
		name, since, until, wantErr string
	}{
		{"both days", "2026-01-01", "2026-12-31", ""},
		{"one day", "2026-05-05", "2026-05-05", ""},
		{"not a day", "yesterday", "", `since "yesterday" is not a day: give it as YYYY-MM-DD`},
		{"not a day, until", "", "2026-13-01", `until "2026-13-01" is not a day`},
		{"a long value is cut", strings.Repeat("x", 10000), "", `since "` + strings.Repeat("x", 40) + `…" is not a day`},
		{"backwards", "2026-12-01", "2026-11-01", "since 2026-12-01 is after until 2026-11-01: no run can match"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.History.List(HistoryFilter{Since: tc.since, Until: tc.until})
			if tc.wantErr == "" {
				require.NoError(t, err)
				return
			}
			require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
			require.Contains(t, domain.SafeMessage(err), tc.wantErr)
			require.Less(t, len(domain.SafeMessage(err)), 200)
		})
	}
}
