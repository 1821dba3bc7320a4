package pubmed

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/concepts"
	"deepcritical/backend/search/querybuild"
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
	q, err := concepts.Extract("Starting insulin in type 2 diabetes: continue oral hypoglycemic agents?")
	require.NoError(t, err)
	form, what := relaxOnce("starting insulin AND diabetes", 2, 0, &q)
	require.Equal(t, "insulin AND diabetes", form)
	require.Contains(t, what, "the wording found nothing")
	form, _ = relaxOnce("starting insulin AND diabetes", 2, 4, &q)
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
