package store

import (
	"context"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func libRecord(pmid, title, abstract string, keywords ...string) domain.Evidence {
	return domain.Evidence{
		Content: abstract,
		Citation: domain.Citation{
			Source: domain.SourceLibrary, ID: pmid, PMID: pmid, Title: title, Date: "2020 Jan",
			Authors: []string{"Curie M", "Franklin R"}, Journal: "Neurology", Keywords: keywords,
		},
	}
}

func TestLibraryReimportUpdatesNotDuplicates(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()

	id, created, err := s.UpsertLibraryRecord(ctx, libRecord("11", "Lithium and tau", "Lithium inhibits GSK3.", "lithium"))
	require.NoError(t, err)
	require.True(t, created)

	// The same record from another export: richer in some fields, silent on others.
	update := domain.Evidence{Citation: domain.Citation{
		Source: domain.SourceLibrary, PMID: "11", DOI: "10.1/abc", Title: "Lithium and tau: a cohort study",
		MeshTerms: []string{"Tauopathies"},
	}}
	id2, created, err := s.UpsertLibraryRecord(ctx, update)
	require.NoError(t, err)
	require.False(t, created)
	require.Equal(t, id, id2)

	n, err := s.CountLibrary(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)

	rec, err := s.GetLibraryRecord(ctx, id)
	require.NoError(t, err)
	require.Equal(t, "pmid:11", rec.Key)
	require.Equal(t, "Lithium and tau: a cohort study", rec.Evidence.Citation.Title, "non-empty fields replace")
	require.Equal(t, "Lithium inhibits GSK3.", rec.Evidence.Content, "empty fields keep the stored value")
	require.Equal(t, "10.1/abc", rec.Evidence.Citation.DOI)
	require.Equal(t, []string{"Curie M", "Franklin R"}, rec.Evidence.Citation.Authors)
	require.Equal(t, []string{"lithium"}, rec.Evidence.Citation.Keywords)
	require.True(t, rec.UpdatedAt.After(rec.ImportedAt))

	// The index follows the update: the new MeSH term and title words are searchable.
	for _, q := range []string{"tauopathies", "cohort", "GSK3", "Franklin", "neurology"} {
		hits, err := s.SearchLibrary(ctx, q, 10)
		require.NoError(t, err)
		require.Len(t, hits, 1, q)
	}

	requireFTSConsistent(t, s)
	_, err = s.GetLibraryRecord(ctx, 999)
	requireCode(t, err, domain.CodeNotFound)
	_, _, err = s.UpsertLibraryRecord(ctx, domain.Evidence{Content: "no identity"})
	requireCode(t, err, domain.CodeInvalid)
}

func TestLibraryBatchListAndSearch(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	recs := []domain.Evidence{
		libRecord("1", "Metformin and dementia incidence", "Cohort of diabetic patients on metformin.", "metformin"),
		libRecord("2", "Statins in Alzheimer disease", "Statin use and cognitive decline; metformin mentioned once."),
		libRecord("3", "Exercise and memory", "Aerobic exercise improved memory."),
		libRecord("1", "Metformin and dementia incidence", "Cohort of diabetic patients on metformin."), // repeated in the batch
	}
	res, err := s.UpsertLibraryRecords(ctx, recs)
	require.NoError(t, err)
	require.Len(t, res, 4)
	require.True(t, res[0].Created)
	require.False(t, res[3].Created)
	require.Equal(t, res[0].ID, res[3].ID)

	n, err := s.CountLibrary(ctx)
	require.NoError(t, err)
	require.Equal(t, 3, n)

	page, err := s.ListLibrary(ctx, 2, 0)
	require.NoError(t, err)
	require.Len(t, page, 2)
	require.Equal(t, "pmid:3", page[0].Key, "most recently imported first")
	rest, err := s.ListLibrary(ctx, 2, 2)
	require.NoError(t, err)
	require.Len(t, rest, 1)

	hits, err := s.SearchLibrary(ctx, "metformin", 10)
	require.NoError(t, err)
	require.Len(t, hits, 2)
	require.Equal(t, "pmid:1", hits[0].Key, "title and keyword hits rank above a passing mention")
	require.Greater(t, hits[0].Score, hits[1].Score)
	require.Greater(t, hits[1].Score, 0.0)

	cases := []struct {
		query string
		want  []string
	}{
		{"memory", []string{"pmid:3"}},
		{"exerc", []string{"pmid:3"}},               // prefix on the last word
		{"alzheimer's", []string{"pmid:2"}},         // apostrophe
		{`"cognitive decline"`, []string{"pmid:2"}}, // phrase
		{`"decline cognitive"`, []string{}},         // phrase order matters
		{"Curie", []string{"pmid:1", "pmid:2", "pmid:3"}},
		{"metformin memory", []string{}},
		{"", []string{}},
		{"((", []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			hits, err := s.SearchLibrary(ctx, tc.query, 10)
			require.NoError(t, err)
			got := []string{}
			for _, h := range hits {
				got = append(got, h.Key)
			}
			require.ElementsMatch(t, tc.want, got)
		})
	}

	hits, err = s.SearchLibrary(ctx, "Curie", 1)
	require.NoError(t, err)
	require.Len(t, hits, 1, "limit")
}

func TestFTSQuery(t *testing.T) {
	cases := []struct{ in, want string }{
		{"metformin", `"metformin"*`},
		{"metformin alzheimer", `"metformin" "alzheimer"*`},
		{`metformin "alz`, `"metformin" "alz"*`},
		{`AND OR (`, `"AND" "OR"*`},
		{`"amyloid beta" clearance`, `"amyloid beta" "clearance"*`},
		{`clearance "amyloid beta"`, `"clearance"* "amyloid beta"`},
		{`"" "  " ( ) *`, ``},
		{`title:x*`, `"title:x*"*`},
		{`a"b`, `"a" "b"*`},
		{"   ", ""},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, ftsQuery(tc.in), tc.in)
	}
	long := ""
	for i := 0; i < 100; i++ {
		long += fmt.Sprintf("w%d ", i)
	}
	require.Len(t, splitTerms(ftsQuery(long)), maxQueryTerms)
}

func splitTerms(q string) []string {
	var out []string
	inQuote := false
	start := 0
	for i, r := range q {
		if r == '"' {
			inQuote = !inQuote
		}
		if r == ' ' && !inQuote {
			out = append(out, q[start:i])
			start = i + 1
		}
	}
	return append(out, q[start:])
}

// TestSearchLibraryRanksLikeFullBM25 checks that ranking inside the FTS table before the
// join returns exactly what ranking the whole joined result would: the same records, the
// same weighted bm25 scores, best first, equal scores oldest first. The library is large
// enough that common terms match many more rows than the limit.
func TestSearchLibraryRanksLikeFullBM25(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	words := []string{"metformin", "dementia", "amyloid", "tau", "lithium", "cohort", "trial", "placebo",
		"insulin", "statin", "mortality", "patients", "cognition", "microglia"}
	rng := rand.New(rand.NewSource(7))
	text := func(n int) string {
		w := make([]string, n)
		for i := range w {
			// Squaring skews the draw so the first words are common and the last rare.
			w[i] = words[int(float64(len(words))*rng.Float64()*rng.Float64())]
		}
		return strings.Join(w, " ")
	}
	var recs []domain.Evidence
	for i := range 400 {
		ev := libRecord(strconv.Itoa(1000+i), text(3+rng.Intn(8)), text(10+rng.Intn(60)), text(1+rng.Intn(2)))
		if i%50 == 0 { // identical records give equal scores
			ev = libRecord(strconv.Itoa(1000+i), "statin trial", "statin trial")
		}
		recs = append(recs, ev)
	}
	_, err := s.UpsertLibraryRecords(ctx, recs)
	require.NoError(t, err)

	type hit struct {
		id    int64
		score float64
	}
	reference := func(match string, limit int) []hit {
		rows, err := s.db.QueryContext(ctx, `SELECT l.id, -`+libraryBM25+` FROM library_fts
			JOIN library_records l ON l.id = library_fts.rowid
			WHERE library_fts MATCH ? ORDER BY `+libraryBM25+`, l.id LIMIT ?`, match, limit)
		require.NoError(t, err)
		defer rows.Close()
		out := []hit{}
		for rows.Next() {
			var h hit
			require.NoError(t, rows.Scan(&h.id, &h.score))
			out = append(out, h)
		}
		require.NoError(t, rows.Err())
		return out
	}
	for _, q := range []string{"metformin", "dementia", "metf", "patients tau", "amyloid cognition microglia",
		`"statin trial"`, "statin trial", "lithium insulin", "zebrafish", "trial"} {
		for _, limit := range []int{1, 10, 300} {
			t.Run(fmt.Sprintf("%s/%d", q, limit), func(t *testing.T) {
				want := reference(ftsQuery(q), limit)
				hits, err := s.SearchLibrary(ctx, q, limit)
				require.NoError(t, err)
				got := make([]hit, len(hits))
				for i, h := range hits {
					got[i] = hit{h.ID, h.Score}
					require.NotEmpty(t, h.Key)
					require.NotEmpty(t, h.Evidence.Citation.Title, "the record is loaded, not only ranked")
				}
				require.Equal(t, want, got)
				for i := 1; i < len(got); i++ {
					require.GreaterOrEqual(t, got[i-1].score, got[i].score, "best first")
				}
			})
		}
	}
	// The equal-score case really was exercised.
	hits, err := s.SearchLibrary(ctx, `"statin trial"`, 300)
	require.NoError(t, err)
	require.Greater(t, len(hits), 8)
	require.Equal(t, hits[0].Score, hits[1].Score)
	require.Less(t, hits[0].ID, hits[1].ID)
}

func TestSearchLibraryAnyMatchesQuestions(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	for _, ev := range []domain.Evidence{
		{Content: "Metformin was associated with a lower incidence of Alzheimer disease.", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: "Metformin and Alzheimer disease"}},
		{Content: "Liraglutide slowed the decline of glucose metabolism.", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "2", Title: "Liraglutide in Alzheimer's disease"}},
		{Content: "Statins and stroke outcomes.", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "3", Title: "Statins after stroke"}},
	} {
		_, _, err := s.UpsertLibraryRecord(ctx, ev)
		require.NoError(t, err)
	}
	q := "What drugs could be repurposed for Alzheimer's disease?"
	all, err := s.SearchLibrary(ctx, q, 10)
	require.NoError(t, err)
	require.Empty(t, all, "every-term search needs every word, question words included")
	anyRecs, err := s.SearchLibraryAny(ctx, q, 10)
	require.NoError(t, err)
	require.Len(t, anyRecs, 2, "records mentioning the topic are found; the stroke record is not")
	for _, hostile := range []string{`AND OR NOT (`, `"unbalanced`, `title:x*`, "", "the of for", "\x00"} {
		recs, err := s.SearchLibraryAny(ctx, hostile, 10)
		require.NoError(t, err, hostile)
		require.Empty(t, recs, hostile)
	}
}
