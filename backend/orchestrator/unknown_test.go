package orchestrator

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestUnknownWords(t *testing.T) {
	plain := func(words ...string) domain.Concept {
		return domain.Concept{Role: domain.RoleOther, Words: words}
	}
	pubmed := func(count int, notFound ...string) domain.QueryEvent {
		return domain.QueryEvent{Source: domain.SourcePubMed, Query: "q", Count: count, Attempt: 1, NotFound: notFound}
	}
	turmeric := domain.Concept{Role: domain.RoleIntervention, Words: []string{"tumeric"}, Terms: []string{"tumeric", "turmeric"}}
	cases := []struct {
		name     string
		concepts []domain.Concept
		events   []domain.QueryEvent
		want     []string
	}{
		{"every word unknown", []domain.Concept{plain("asdf", "qwer")}, []domain.QueryEvent{pubmed(0, "asdf", "qwer")}, []string{"asdf", "qwer"}},
		{"unknown across two queries and a quoted phrase", []domain.Concept{plain("asdf"), plain("qwer")},
			[]domain.QueryEvent{pubmed(0, "asdf"), pubmed(0, `"qwer"`)}, []string{"asdf", "qwer"}},
		{"one word known", []domain.Concept{plain("asdf", "cancer")}, []domain.QueryEvent{pubmed(0, "asdf")}, nil},
		{"the vocabulary knows another name", []domain.Concept{turmeric, plain("qwertyx")}, []domain.QueryEvent{pubmed(0, "tumeric", "qwertyx")}, nil},
		{"PubMed failed", []domain.Concept{plain("asdf")}, []domain.QueryEvent{pubmed(-1, "asdf")}, nil},
		{"PubMed not asked", []domain.Concept{plain("asdf")}, []domain.QueryEvent{{Source: domain.SourceEuropePMC, Count: 0, NotFound: []string{"asdf"}}}, nil},
		{"no concept", nil, []domain.QueryEvent{pubmed(0)}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, unknownWords(domain.ParsedQuestion{Concepts: c.concepts}, c.events))
		})
	}
}
