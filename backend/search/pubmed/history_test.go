package pubmed

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/internal/faulttest"
	"deepcritical/internal/fakes/eutils"
)

// historyCorpus is a small synthetic corpus for the semantic E-utilities fake, which keeps
// result sets on a history server the way NCBI documents it.
func historyCorpus(n int) []eutils.Record {
	recs := make([]eutils.Record, 0, n+1)
	for i := 0; i < n; i++ {
		recs = append(recs, eutils.Record{PMID: fmt.Sprintf("41000%03d", i), Year: "2020", Journal: "J Test",
			Title:    "Metformin and dementia risk in cohort " + strconv.Itoa(i),
			Abstract: []eutils.Section{{Text: "Metformin use was associated with lower dementia incidence in older adults."}}})
	}
	recs = append(recs, eutils.Record{PMID: "42000001", Year: "2021", Journal: "J Test",
		Title:    "Lactate clearance in septic shock",
		Abstract: []eutils.Section{{Text: "Lactate clearance guided resuscitation in septic shock."}}})
	return recs
}

func semanticClient(t *testing.T, recs []eutils.Record) (*Client, *eutils.Server) {
	srv := eutils.NewServer(eutils.NewEngine(recs))
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return New(Options{BaseURL: hs.URL, HTTPClient: hs.Client(), Limiter: rate.NewLimiter(rate.Inf, 1), Retry: faulttest.FastRetry}), srv
}

func recordQueries(ctx context.Context) (context.Context, *[]domain.QueryEvent) {
	var evs []domain.QueryEvent
	return search.WithQueryRecorder(ctx, func(e domain.QueryEvent) { evs = append(evs, e) }), &evs
}

func TestSearchUsesHistoryServer(t *testing.T) {
	c, srv := semanticClient(t, historyCorpus(12))
	ctx, evs := recordQueries(context.Background())
	ev, err := c.Search(ctx, []string{"metformin AND dementia", "lactate AND septic shock"}, 5)
	require.NoError(t, err)
	require.EqualValues(t, 1, srv.ESearches.Load(), "the queries go ORed in one esearch")
	require.EqualValues(t, 1, srv.EFetches.Load(), "one efetch of the stored set by WebEnv and query_key")
	require.Len(t, ev, 10, "max per query times the queries")
	require.Len(t, *evs, 1)
	q := (*evs)[0]
	require.Equal(t, "(metformin AND dementia) OR (lactate AND septic shock)", q.Query)
	require.Equal(t, 13, q.Count, "the count is of the combined query")
	require.Equal(t, 1, q.Attempt)
	for i := 1; i < len(ev); i++ {
		require.GreaterOrEqual(t, ev[i-1].Relevance, ev[i].Relevance)
	}
}

func TestSearchRelaxesOnlyWhenTheCombinedCountIsLow(t *testing.T) {
	c, srv := semanticClient(t, historyCorpus(3))
	ctx, evs := recordQueries(context.Background())
	ev, err := c.Search(ctx, []string{"metformin AND zzqqnotaword", "septic shock AND qqzznothing"}, 4)
	require.Error(t, err, "PhraseNotFound comes back as a warning")
	_, failure := search.Split(err)
	require.NoError(t, failure)
	require.EqualValues(t, 2, srv.ESearches.Load(), "first try, then one esearch for all the relaxation steps")
	require.EqualValues(t, 1, srv.EFetches.Load())
	require.Len(t, *evs, 2)
	require.Equal(t, 0, (*evs)[0].Count)
	second := (*evs)[1]
	require.Equal(t, 2, second.Attempt)
	require.Equal(t, "(metformin) OR (metformin*) OR (septic shock) OR (septic* shock)", second.Query, "every relaxation step in one OR; a concept's words are never ORed apart")
	require.Contains(t, second.Relaxation, "dropped the least specific concept")
	require.NotContains(t, second.Relaxation, "ORed the words")
	require.Contains(t, second.Relaxation, "(no hits)")
	require.Equal(t, 4, second.Count)
	require.Contains(t, second.Relaxation, "one concept alone is a wide net: kept its 3 best matches")
	require.Len(t, ev, 3, "a relaxation down to one concept keeps only the head of its Best Match ranking")
}

func TestWithCoreForms(t *testing.T) {
	for _, tt := range []struct {
		in, want []string
	}{
		{[]string{"a AND b"}, []string{"a AND b"}},
		{[]string{"a AND b AND c", "a AND b AND d", "x"}, []string{"a AND b AND c", "a AND b AND d", "x", "a AND b"}},
		{[]string{"(a OR e) AND b AND c"}, []string{"(a OR e) AND b AND c", "(a OR e) AND b"}},
	} {
		require.Equal(t, tt.want, withCoreForms(tt.in), "%v", tt.in)
	}
}

// TestSearchFetchesOnlyWhatTheRunHasNotSeen: a later search of the same run that lists papers
// already fetched asks efetch only for the new ones (none: no efetch), returns the same
// records, and never shares records between runs or outside a run.
func TestSearchFetchesOnlyWhatTheRunHasNotSeen(t *testing.T) {
	c, srv := semanticClient(t, historyCorpus(12))
	runA := domain.WithRunID(context.Background(), "run-a")
	first, err := c.Search(runA, []string{"metformin AND dementia"}, 5)
	require.NoError(t, err)
	require.EqualValues(t, 1, srv.EFetches.Load())

	for _, tc := range []struct {
		name       string
		ctx        context.Context
		queries    []string
		max        int
		newEFetch  int64
		wantPapers int
	}{
		{"same run, same papers: no efetch", runA, []string{"metformin AND dementia"}, 5, 0, 5},
		{"same run, more papers: efetch of the new ones only", runA, []string{"metformin AND dementia"}, 8, 1, 8},
		{"another run fetches its own", domain.WithRunID(context.Background(), "run-b"), []string{"metformin AND dementia"}, 5, 1, 5},
		{"no run: nothing is kept", context.Background(), []string{"metformin AND dementia"}, 5, 1, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := srv.EFetches.Load()
			got, err := c.Search(tc.ctx, tc.queries, tc.max)
			require.NoError(t, err)
			require.Equal(t, tc.newEFetch, srv.EFetches.Load()-before)
			require.Len(t, got, tc.wantPapers)
			for i, ev := range got[:len(first)] {
				require.Equal(t, first[i].Citation, ev.Citation, "a kept record is the record PubMed returned")
				require.Equal(t, first[i].Content, ev.Content)
			}
		})
	}
	// A caller changing its copy does not change what the run kept.
	again, err := c.Search(runA, []string{"metformin AND dementia"}, 5)
	require.NoError(t, err)
	again[0].Citation.Title = "changed"
	third, err := c.Search(runA, []string{"metformin AND dementia"}, 5)
	require.NoError(t, err)
	require.Equal(t, first[0].Citation.Title, third[0].Citation.Title)
}

// TestRelaxationIsDeferredToTheNextIteration: a run's search that found a few papers leaves
// its relaxed forms to the next iteration's one esearch instead of paying a second request;
// with nothing found, on the last iteration without carried forms, or outside a run, it
// relaxes at once.
func TestRelaxationIsDeferredToTheNextIteration(t *testing.T) {
	run := func(it, max int) context.Context {
		return domain.WithIteration(domain.WithRunID(context.Background(), "run-1"), it, max)
	}
	for _, tc := range []struct {
		name      string
		ctx       context.Context
		query     string
		esearches int64
		deferred  bool
	}{
		{"a few hits, more iterations to come: deferred", run(1, 3), "lactate AND septic shock AND children", 1, true},
		{"no hits: relaxed at once", run(1, 3), "lactate AND dementia", 2, false},
		{"last iteration with nothing carried: relaxed at once", run(3, 3), "lactate AND septic shock AND children", 2, false},
		{"outside a run: relaxed at once", context.Background(), "lactate AND septic shock AND children", 2, false},
		// Two concepts that found papers stay two: one alone is the wide net.
		{"two concepts with a few hits: kept whole", context.Background(), "lactate AND septic shock", 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, srv := semanticClient(t, historyCorpus(12))
			ctx, evs := recordQueries(tc.ctx)
			_, err := c.Search(ctx, []string{tc.query}, 5)
			if err != nil {
				var w *search.Warning
				require.ErrorAs(t, err, &w, "only notes, never a failure")
			}
			require.Equal(t, tc.esearches, srv.ESearches.Load())
			last := (*evs)[len(*evs)-1]
			require.Equal(t, tc.deferred, strings.Contains(last.Relaxation, "deferred to the next iteration"), last.Relaxation)
		})
	}

	// The next iteration of the same run carries the deferred forms in its one esearch, and
	// being the last, stops there.
	c, srv := semanticClient(t, historyCorpus(12))
	ctx, evs := recordQueries(run(1, 2))
	_, _ = c.Search(ctx, []string{"lactate AND septic shock AND children"}, 5)
	ctx2, evs2 := recordQueries(run(2, 2))
	_, _ = c.Search(ctx2, []string{"lactate AND septic shock AND children"}, 5)
	require.EqualValues(t, 2, srv.ESearches.Load(), "one esearch per iteration")
	require.Len(t, *evs, 1)
	require.Len(t, *evs2, 1)
	second := (*evs2)[0]
	require.Contains(t, second.Relaxation, "with the relaxed forms the previous iteration deferred")
	require.Contains(t, second.Relaxation, "not relaxed further")
	require.GreaterOrEqual(t, second.Count, (*evs)[0].Count)
}
