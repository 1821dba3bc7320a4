package pubmed

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/internal/faulttest"
	"deepcritical/backend/search/querybuild"
	"deepcritical/internal/fakes/eutils"
)

// TestRelaxKeepsTheQuestionsMeaning: relaxation on a run's parsed question never drops the
// named intervention or the condition, never ORs a concept's words apart, and never leaves
// a generic word standing alone.
func TestRelaxKeepsTheQuestionsMeaning(t *testing.T) {
	cases := []struct {
		question string
		mustKeep []string // words every relaxed form keeps
		never    []string // forms no step may produce
	}{
		{"What drugs could be repurposed for Alzheimer's disease?", []string{"alzheimer"}, []string{"alzheimer OR disease", "disease"}},
		{"Is metformin effective for treating cancer?", []string{"metformin", "cancer"}, []string{"cancer"}},
		{"Can statins prevent dementia in older adults?", []string{"statins", "dementia"}, []string{"dementia", "older adults"}},
		{"Does riluzole slow progression of amyotrophic lateral sclerosis in older adults?", []string{"riluzole", "amyotrophic lateral sclerosis"}, []string{"amyotrophic OR lateral OR sclerosis"}},
	}
	for _, c := range cases {
		t.Run(c.question, func(t *testing.T) {
			q, err := concepts.Extract(c.question)
			require.NoError(t, err)
			form := querybuild.Initial(q, 1)[0]
			// A few hits (not none): the relaxation may only drop minor concepts and generic
			// words or qualifiers. (With no hit at all, a wording is finally cut to the
			// words that name it: see TestRelaxHeadOnNothingFound.)
			for step := 1; step < 6; step++ {
				nq, what := relaxOnce(form, step, 3, &q)
				if nq == "" {
					break
				}
				require.NotEmpty(t, what)
				for _, w := range c.mustKeep {
					require.Contains(t, nq, w, "step %d (%s) dropped %q from %q", step, what, w, form)
				}
				for _, n := range c.never {
					require.NotEqual(t, querybuild.Key(n), querybuild.Key(nq))
				}
				require.NotContains(t, what, "ORed")
				form = nq
			}
		})
	}
}

// TestRelaxWithoutQuestion: a one-off search (no run) drops trailing concepts, then generic
// words, and stops there instead of ORing words apart.
func TestRelaxWithoutQuestion(t *testing.T) {
	cases := []struct{ in, want string }{
		{"alzheimer disease AND drugs", "alzheimer disease"},
		{"alzheimer disease", "alzheimer"},
		{"alzheimer", "alzheim*"},
		{"alzheim*", ""},
		{`(breast cancer OR "Breast Neoplasms"[mh])`, `(breast* cancer* OR "Breast Neoplasms"[mh])`},
	}
	for _, c := range cases {
		got, _ := relaxOnce(c.in, 1, 0, nil)
		require.Equal(t, c.want, got, c.in)
	}
}

// TestRelaxHeadOnNothingFound: a required concept worded so that nothing at all is found is
// cut, as the last step and said so, to the words that name it; never split into ORed words.
func TestRelaxHeadOnNothingFound(t *testing.T) {
	q, err := concepts.Extract("Intensifying insulin in type 2 diabetes: continue oral hypoglycemic agents?")
	require.NoError(t, err)
	form, what := relaxOnce("intensifying insulin AND diabetes", 2, 0, &q)
	require.Equal(t, "insulin AND diabetes", form)
	require.Contains(t, what, "the wording found nothing")
	form, _ = relaxOnce("intensifying insulin AND diabetes", 2, 4, &q)
	require.Empty(t, form, "with a few hits the wording is kept")
}

// TestWideNet: only a relaxed form cut to one concept is a wide net; two concepts ANDed, or
// one concept's synonyms ORed, keep a full page.
func TestWideNet(t *testing.T) {
	for _, tt := range []struct {
		forms []string
		want  bool
	}{
		{[]string{"hospitals AND quality care"}, false},
		{[]string{"(hospitals AND quality care)", "hospitals"}, true},
		{[]string{"hospit*"}, true},
		{[]string{`(dementia OR "Dementia"[mh]) AND statins`}, false},
		{[]string{`(dementia OR "Dementia"[mh])`}, true},
	} {
		require.Equal(t, tt.want, wideNet(tt.forms), "%v", tt.forms)
	}
}

// TestRelaxNeverDropsATruncatedRequiredConcept: with nothing found, "cancer AND metformin" is
// truncated to "cancer* AND metformin*" and stops there; the truncated condition and drug are
// still the question's required concepts, never dropped to leave one alone ("(cancer*)").
func TestRelaxNeverDropsATruncatedRequiredConcept(t *testing.T) {
	q, err := concepts.Extract("Is metformin effective for treating cancer?")
	require.NoError(t, err)
	form := "cancer AND metformin"
	var forms []string
	for step := 1; step < 6; step++ {
		nq, _ := relaxOnce(form, step, 0, &q)
		if nq == "" {
			break
		}
		forms = append(forms, nq)
		form = nq
	}
	require.Equal(t, []string{"cancer* AND metformin*"}, forms)
}

// lastResortCorpus: nothing in it carries "peripheral facial palsy" or "stapes surgery" as
// worded, but one paper shares most of the question's words; the others share one.
func lastResortCorpus() []eutils.Record {
	recs := []eutils.Record{{PMID: "43000001", Year: "2004", Journal: "J Test",
		Title:    "Delayed facial palsy after stapedectomy",
		Abstract: []eutils.Section{{Text: "Delayed facial palsy followed 1% of stapes operations; acyclovir prevented recurrence."}}}}
	for i := 0; i < 6; i++ {
		recs = append(recs, eutils.Record{PMID: fmt.Sprintf("4310000%d", i), Year: "2020", Journal: "J Test",
			Title:    "Surgery outcomes in cohort " + strconv.Itoa(i),
			Abstract: []eutils.Section{{Text: "Outcomes of elective surgery in adults."}}})
	}
	return recs
}

// TestLastResortKeepsTheBestMatch: a run whose question found nothing in any wording that
// keeps its concepts whole gets the one paper sharing most of the question's words (Best
// Match of their OR), said so in the query event; a run that already has papers, and a
// search outside a run, do not.
func TestLastResortKeepsTheBestMatch(t *testing.T) {
	const question = "Delayed peripheral facial palsy in the stapes surgery: can it be prevented?"
	q, err := concepts.Extract(question)
	require.NoError(t, err)
	form := querybuild.Initial(q, 1)[0]
	inRun := func(run string) context.Context {
		return domain.WithQuestion(domain.WithIteration(domain.WithRunID(context.Background(), run), 1, 2), q)
	}

	c, srv := semanticClient(t, lastResortCorpus())
	ctx, evs := recordQueries(inRun("run-1"))
	got, err := c.Search(ctx, []string{form}, 10)
	onlyNotes(t, err)
	require.Len(t, got, bestMatchTake)
	require.Equal(t, "43000001", got[0].Citation.PMID)
	last := (*evs)[len(*evs)-1]
	require.Contains(t, last.Relaxation, "nothing matched the question's concepts")
	require.Equal(t, lastResort(q), last.Query)
	require.NotContains(t, last.Query, "surgery OR", "a generic or stop word is never searched alone: %s", last.Query)
	require.EqualValues(t, 3, srv.ESearches.Load(), "the question, its relaxed forms, the last resort")

	// The same run, which now has a paper: nothing more is added by the last resort.
	ctx, evs = recordQueries(inRun("run-1"))
	got, err = c.Search(ctx, []string{form}, 10)
	onlyNotes(t, err)
	require.Empty(t, got)
	require.NotContains(t, (*evs)[len(*evs)-1].Relaxation, "nothing matched the question's concepts")

	// Outside a run a query the user typed gets what it found.
	ctx, evs = recordQueries(domain.WithQuestion(context.Background(), q))
	got, err = c.Search(ctx, []string{form}, 10)
	onlyNotes(t, err)
	require.Empty(t, got)
	require.NotContains(t, (*evs)[len(*evs)-1].Relaxation, "nothing matched the question's concepts")
}

func TestLastResortWords(t *testing.T) {
	for _, tc := range []struct{ question, want string }{
		{"Delayed peripheral facial palsy in the stapes surgery: can it be prevented?", "OR"},
		{"Is metformin effective for treating cancer?", "metformin"},
	} {
		q, err := concepts.Extract(tc.question)
		require.NoError(t, err)
		got := lastResort(q)
		require.Contains(t, got, tc.want)
		for _, w := range strings.Split(got, " OR ") {
			require.False(t, concepts.IsGeneric(w) || concepts.IsStopword(w), "%q in %q", w, got)
		}
	}
}

// TestWideNetIsRankedByTheWholeQuestion: a search cut to one concept keeps its 3 best
// matches ranked by all the question's words, so the paper sharing the others comes first
// even when newer papers share only the one concept.
func TestWideNetIsRankedByTheWholeQuestion(t *testing.T) {
	recs := []eutils.Record{{PMID: "44000001", Year: "2007", Journal: "J Test",
		Title:    "Hospitals: staffing and mortality at the weekend",
		Abstract: []eutils.Section{{Text: "Quality in hospitals fell at the weekend."}}}}
	for i := 0; i < 8; i++ {
		recs = append(recs, eutils.Record{PMID: fmt.Sprintf("4410000%d", i), Year: "2020", Journal: "J Test",
			Title:    "Hospitals in region " + strconv.Itoa(i),
			Abstract: []eutils.Section{{Text: "Admissions to hospitals were counted; hospitals differed."}}})
	}
	q, err := concepts.Extract("Do hospitals provide lower quality care on weekends?")
	require.NoError(t, err)
	c, _ := semanticClient(t, recs)
	ctx, evs := recordQueries(domain.WithQuestion(domain.WithIteration(domain.WithRunID(context.Background(), "run-1"), 1, 2), q))
	got, err := c.Search(ctx, querybuild.Initial(q, 1), 10)
	onlyNotes(t, err)
	require.Len(t, got, wideNetTake)
	require.Equal(t, "44000001", got[0].Citation.PMID, "ranked by the question's words, not the one concept's")
	last := (*evs)[len(*evs)-1]
	require.Contains(t, last.Relaxation, "ranked by all the question's words")
	// The set is the one concept's; the ranking words include the concept the relaxation
	// dropped ("weekends").
	require.True(t, strings.HasPrefix(last.Query, "((hospitals AND quality care) OR (hospitals) OR (hospit*)) AND ("), last.Query)
	require.Contains(t, last.Query, "OR weekends")
}

// onlyNotes fails unless err is nil or a warning (PubMed's "phrase not found" notes).
func onlyNotes(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		var w *search.Warning
		require.ErrorAs(t, err, &w, "only notes, never a failure")
	}
}

// TestLastResortNotAfterAFailure: when the relaxed search fails, PubMed is not asked again
// for the last resort.
func TestLastResortNotAfterAFailure(t *testing.T) {
	q, err := concepts.Extract("Delayed peripheral facial palsy in the stapes surgery: can it be prevented?")
	require.NoError(t, err)
	semantic := eutils.NewServer(eutils.NewEngine(lastResortCorpus()))
	var mu sync.Mutex
	var terms []string
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "esearch.fcgi") {
			require.NoError(t, r.ParseForm())
			mu.Lock()
			terms = append(terms, r.Form.Get("term"))
			n := len(terms)
			mu.Unlock()
			if n > 1 {
				http.Error(w, "service unavailable", http.StatusServiceUnavailable)
				return
			}
		}
		semantic.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	c := New(Options{BaseURL: hs.URL, HTTPClient: hs.Client(), Limiter: rate.NewLimiter(rate.Inf, 1), Retry: faulttest.FastRetry})
	ctx := domain.WithQuestion(domain.WithIteration(domain.WithRunID(context.Background(), "run-1"), 1, 2), q)
	got, _ := c.Search(ctx, []string{querybuild.Initial(q, 1)[0]}, 10)
	require.Empty(t, got)
	mu.Lock()
	defer mu.Unlock()
	require.Greater(t, len(terms), 1, "the relaxed search was tried")
	require.NotContains(t, terms, lastResort(q))
}
