package search

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestPerQuery(t *testing.T) {
	ev := func(pmid string) domain.Evidence {
		return domain.Evidence{Content: "x", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: pmid, Title: pmid}}
	}
	one := func(_ context.Context, q string, max int) ([]domain.Evidence, error) {
		switch q {
		case "a":
			return []domain.Evidence{ev("1"), ev("2"), ev("3")}[:max], nil
		case "b":
			return []domain.Evidence{ev("3")}, nil
		}
		return nil, errors.New("boom")
	}
	cases := []struct {
		name    string
		queries []string
		max     int
		keys    []string
		err     string
	}{
		{"ranks and keeps the best relevance of a record found twice", []string{"a", "b"}, 3, []string{"pmid:1", "pmid:3", "pmid:2"}, ""},
		{"a failing query keeps the others", []string{"a", "bad"}, 2, []string{"pmid:1", "pmid:2"}, `query "bad": boom`},
		{"blank queries only", []string{" ", ""}, 3, nil, "pubmed: no query given"},
		{"max below 1", []string{"a"}, 0, nil, "max results must be at least 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := PerQuery(context.Background(), domain.SourcePubMed, tc.queries, tc.max, one)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
			} else {
				require.NoError(t, err)
			}
			var keys []string
			for _, e := range out {
				keys = append(keys, e.CanonicalKey())
			}
			require.Equal(t, tc.keys, keys)
		})
	}
}
