package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestUpsertEvidenceMergesRicherMetadata(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()

	fromPubMed := domain.Evidence{
		Content:   "Short snippet.",
		Relevance: 0.4,
		Citation: domain.Citation{
			Source: domain.SourcePubMed, ID: "123", PMID: "123", Title: "Metformin in AD",
			URL: "https://pubmed.ncbi.nlm.nih.gov/123/", Date: "2021", Authors: []string{"Smith J", "Doe A"},
			MeshTerms: []string{"Metformin", "Alzheimer Disease"},
		},
	}
	fromEuropePMC := domain.Evidence{
		Content:   "BACKGROUND: A much longer structured abstract about metformin. RESULTS: better.",
		Relevance: 0.9,
		Citation: domain.Citation{
			Source: domain.SourceEuropePMC, ID: "MED/123", PMID: "123", DOI: "10.1000/XYZ", PMCID: "PMC9",
			Title: "Metformin in AD", Date: "2021-05-02", Authors: []string{"smith j", "Lee K"},
			MeshTerms: []string{"Alzheimer Disease", "Humans"}, CitationCount: 12, OpenAccess: true,
			Journal: "J Alz",
		},
	}
	keys, err := s.UpsertEvidence(ctx, []domain.Evidence{fromPubMed})
	require.NoError(t, err)
	require.Equal(t, []string{"pmid:123"}, keys)
	keys, err = s.UpsertEvidence(ctx, []domain.Evidence{fromEuropePMC})
	require.NoError(t, err)
	require.Equal(t, []string{"pmid:123"}, keys, "same paper, same key")

	got, err := s.GetEvidence(ctx, "pmid:123")
	require.NoError(t, err)
	want := domain.Evidence{
		Content:   fromEuropePMC.Content,
		Relevance: 0.9,
		Citation: domain.Citation{
			Source: domain.SourcePubMed, ID: "123", PMID: "123", DOI: "10.1000/XYZ", PMCID: "PMC9",
			Title: "Metformin in AD", URL: "https://pubmed.ncbi.nlm.nih.gov/123/", Date: "2021-05-02",
			Authors:   []string{"Smith J", "Doe A", "Lee K"},
			MeshTerms: []string{"Metformin", "Alzheimer Disease", "Humans"}, CitationCount: 12, OpenAccess: true,
			Journal: "J Alz",
		},
	}
	require.Equal(t, want, got)

	// A poorer copy later never erases what is known.
	_, err = s.UpsertEvidence(ctx, []domain.Evidence{fromPubMed})
	require.NoError(t, err)
	again, err := s.GetEvidence(ctx, "pmid:123")
	require.NoError(t, err)
	require.Equal(t, want, again)

	var rows int
	require.NoError(t, s.db.QueryRowContext(ctx, `SELECT count(*) FROM evidence`).Scan(&rows))
	require.Equal(t, 1, rows)

	// The searchable columns follow the merged document.
	var content, year string
	require.NoError(t, s.db.QueryRowContext(ctx, `SELECT content, year FROM evidence WHERE key = 'pmid:123'`).Scan(&content, &year))
	require.Equal(t, want.Content, content)
	require.Equal(t, "2021", year)
	requireFTSConsistent(t, s)
}

func TestUpsertEvidenceBatch(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	trial := domain.Evidence{Content: "A phase 2 trial", Citation: domain.Citation{
		Source: domain.SourceClinicalTrials, NCTID: "nct01234567", Title: "Trial",
		Trial: &domain.Trial{Phase: "PHASE2", Status: "RECRUITING", Conditions: []string{"AD"}}}}
	trialLater := domain.Evidence{Content: "A phase 2 trial", Citation: domain.Citation{
		Source: domain.SourceClinicalTrials, NCTID: "NCT01234567", Title: "Trial",
		Trial: &domain.Trial{Status: "COMPLETED", Enrollment: 80, HasResults: true}}}
	web := domain.Evidence{Content: "blog", Citation: domain.Citation{Source: domain.SourceWeb, Title: "Blog", URL: "https://www.Example.org/post/"}}

	keys, err := s.UpsertEvidence(ctx, []domain.Evidence{trial, web, trialLater})
	require.NoError(t, err)
	require.Equal(t, []string{"nct:NCT01234567", "url:example.org/post", "nct:NCT01234567"}, keys)
	got, err := s.GetEvidence(ctx, "nct:NCT01234567")
	require.NoError(t, err)
	require.Equal(t, &domain.Trial{Phase: "PHASE2", Status: "COMPLETED", Enrollment: 80, Conditions: []string{"AD"}, HasResults: true}, got.Citation.Trial)

	empty, err := s.UpsertEvidence(ctx, nil)
	require.NoError(t, err)
	require.Empty(t, empty)

	cases := []struct {
		name string
		ev   domain.Evidence
	}{
		{"unknown source", domain.Evidence{Content: "x", Citation: domain.Citation{Source: "arxiv", Title: "t"}}},
		{"no title or content", domain.Evidence{Citation: domain.Citation{Source: domain.SourceWeb, URL: "https://x.org"}}},
		{"bad relevance", domain.Evidence{Content: "x", Relevance: 2, Citation: domain.Citation{Source: domain.SourceWeb, Title: "t"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.UpsertEvidence(ctx, []domain.Evidence{paper("9", "fine", "fine"), tc.ev})
			requireCode(t, err, domain.CodeInvalid)
			_, err = s.GetEvidence(ctx, "pmid:9")
			requireCode(t, err, domain.CodeNotFound) // the batch is all or nothing
		})
	}
	_, err = s.GetEvidence(ctx, "pmid:404")
	requireCode(t, err, domain.CodeNotFound)
}

func TestLinkEvidenceAndRunEvidence(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "question one")
	mustCreateRun(t, s, "r2", "question two")

	k1, err := s.UpsertEvidence(ctx, []domain.Evidence{paper("3", "C", "c"), paper("1", "A", "a")})
	require.NoError(t, err)
	n, err := s.LinkEvidence(ctx, "r1", 1, k1)
	require.NoError(t, err)
	require.Equal(t, 2, n)

	k2, err := s.UpsertEvidence(ctx, []domain.Evidence{paper("1", "A", "a"), paper("2", "B", "b")})
	require.NoError(t, err)
	n, err = s.LinkEvidence(ctx, "r1", 2, k2)
	require.NoError(t, err)
	require.Equal(t, 1, n, "pmid:1 was already linked")

	n, err = s.LinkEvidence(ctx, "r1", 3, k2)
	require.NoError(t, err)
	require.Zero(t, n, "no forward progress")

	n, err = s.LinkEvidence(ctx, "r2", 1, k2)
	require.NoError(t, err)
	require.Equal(t, 2, n, "links are per run")

	evs, err := s.RunEvidence(ctx, "r1")
	require.NoError(t, err)
	var titles []string
	for _, ev := range evs {
		titles = append(titles, ev.Citation.Title)
	}
	require.Equal(t, []string{"C", "A", "B"}, titles, "first-seen iteration, then insertion order")

	var iter int
	require.NoError(t, s.db.QueryRowContext(ctx, `SELECT re.iteration FROM run_evidence re JOIN evidence e ON e.id = re.evidence_id
		WHERE re.run_id = 'r1' AND e.key = 'pmid:1'`).Scan(&iter))
	require.Equal(t, 1, iter, "keeps the iteration it was first seen in")

	list, err := s.ListRuns(ctx, RunFilter{})
	require.NoError(t, err)
	counts := map[string]int{}
	for _, r := range list {
		counts[r.ID] = r.EvidenceCount
	}
	require.Equal(t, map[string]int{"r1": 3, "r2": 2}, counts)

	_, err = s.LinkEvidence(ctx, "ghost", 1, k1)
	requireCode(t, err, domain.CodeNotFound)
	_, err = s.LinkEvidence(ctx, "r1", 1, []string{"pmid:404"})
	requireCode(t, err, domain.CodeNotFound)
	_, err = s.LinkEvidence(ctx, "r1", -1, k1)
	requireCode(t, err, domain.CodeInvalid)
	_, err = s.RunEvidence(ctx, "ghost")
	requireCode(t, err, domain.CodeNotFound)

	mustCreateRun(t, s, "empty", "no evidence yet")
	evs, err = s.RunEvidence(ctx, "empty")
	require.NoError(t, err)
	require.Empty(t, evs)
}

// TestEvidenceTopicsArePerRun: a paper's relevance belongs to the run's question, so the
// same paper can be off topic in one run and on topic (or unscored) in another.
func TestEvidenceTopicsArePerRun(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	mustCreateRun(t, s, "r1", "question one")
	mustCreateRun(t, s, "r2", "question two")
	keys, err := s.UpsertEvidence(ctx, []domain.Evidence{paper("1", "A", "a"), paper("2", "B", "b")})
	require.NoError(t, err)
	for _, r := range []string{"r1", "r2"} {
		_, err = s.LinkEvidence(ctx, r, 1, keys)
		require.NoError(t, err)
	}
	require.NoError(t, s.SetEvidenceTopics(ctx, "r1", map[string]domain.Topic{
		keys[0]: {Score: 0.9}, keys[1]: {Score: 0.1, OffTopic: true, Reason: "does not mention the condition (melanoma)"}}))
	r1, err := s.RunEvidence(ctx, "r1")
	require.NoError(t, err)
	require.Len(t, r1, 2)
	require.NotNil(t, r1[0].Topic)
	require.False(t, r1[0].IsOffTopic())
	require.True(t, r1[1].IsOffTopic())
	require.Equal(t, "does not mention the condition (melanoma)", r1[1].Topic.Reason)
	r2, err := s.RunEvidence(ctx, "r2")
	require.NoError(t, err)
	require.Nil(t, r2[1].Topic, "another run's topics do not leak")
	require.NoError(t, s.SetEvidenceTopics(ctx, "r1", nil))
}
