package judge

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestDecodeEvidence(t *testing.T) {
	one := `{"content":"Metformin activates AMPK.","citation":{"source":"pubmed","id":"1","pmid":"1","title":"A","url":"u","date":"2020","authors":[]},"relevance":0.9}`
	dup := `{"content":"Same paper via Europe PMC.","citation":{"source":"europepmc","id":"x","pmid":"1","title":"A","url":"u2","date":"2020","authors":[]},"relevance":0.5}`
	two := `{"content":"Trial.","citation":{"source":"clinicaltrials","id":"NCT1","nct_id":"NCT00000001","title":"T","url":"u3","date":"2021","authors":[]},"relevance":0.4}`
	tests := []struct {
		name    string
		in      string
		want    int
		errPart string
	}{
		{"search --json result", `{"query":"q","evidence":[` + one + `,` + two + `],"sources_searched":["pubmed"],"errors":[],"total_found":2}`, 2, ""},
		{"array of results, deduplicated", `[{"query":"a","evidence":[` + one + `]},{"query":"b","evidence":[` + dup + `,` + two + `]}]`, 2, ""},
		{"bare array", `[` + one + `,` + two + `]`, 2, ""},
		{"empty result", `{"query":"q","evidence":[]}`, 0, ""},
		{"empty file", "  \n", 0, "empty"},
		{"not JSON", "<html>error</html>", 0, "JSON object or array"},
		{"truncated", `{"evidence":[` + one, 0, "not valid JSON"},
		{"bad source", `[{"content":"x","citation":{"source":"scholar","title":"t"},"relevance":0.1}]`, 0, "evidence item 1: evidence: unknown source"},
		{"relevance out of range", `[{"content":"x","citation":{"source":"web","title":"t"},"relevance":7}]`, 0, "relevance must be between 0 and 1"},
		{"array of numbers", `[1,2]`, 0, "item 1 is not an object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := DecodeEvidence(strings.NewReader(tc.in))
			if tc.errPart != "" {
				require.Error(t, err)
				require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
				require.Contains(t, domain.SafeMessage(err), tc.errPart)
				return
			}
			require.NoError(t, err)
			require.Len(t, ev, tc.want)
		})
	}
}
