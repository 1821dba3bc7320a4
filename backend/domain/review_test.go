package domain

import (
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAgreementOfWorkedExample: the worked example of Cohen's κ on Wikipedia ("Cohen's
// kappa", Example): 50 proposals, both raters yes on 20, both no on 15, A yes and B no on 5,
// A no and B yes on 10: po = 0.70, pe = 0.50, κ = 0.40.
func TestAgreementOfWorkedExample(t *testing.T) {
	var a, b []bool
	add := func(n int, x, y bool) {
		for i := 0; i < n; i++ {
			a, b = append(a, x), append(b, y)
		}
	}
	add(20, true, true)
	add(5, true, false)
	add(10, false, true)
	add(15, false, false)
	got := AgreementOf(a, b)
	require.Equal(t, 50, got.N)
	require.InDelta(t, 70.0, got.Percent, 1e-9)
	require.True(t, got.KappaDefined)
	require.InDelta(t, 0.40, got.Kappa, 1e-9)
	require.Equal(t, "70 % of 50 papers (κ 0.40)", got.String())
}

func TestAgreementEdgeCases(t *testing.T) {
	require.Equal(t, Agreement{}, AgreementOf(nil, nil))
	same := AgreementOf([]bool{true, true}, []bool{true, true})
	require.False(t, same.KappaDefined, "κ is 0/0 when both raters always said yes")
	require.Equal(t, 100.0, same.Percent)
	opposite := AgreementOf([]bool{true, false}, []bool{false, true})
	require.InDelta(t, -1.0, opposite.Kappa, 1e-9)
}

func TestReviewValidate(t *testing.T) {
	cases := []struct {
		name string
		r    Review
		err  string
	}{
		{"agree on the run", Review{Decision: ReviewAgree, Author: "ana"}, ""},
		{"exclude with a listed reason", Review{Paper: 2, Decision: ReviewExclude, Reason: "wrong population", Author: "ana"}, ""},
		{"exclude without reason", Review{Paper: 2, Decision: ReviewExclude, Author: "ana"}, "an exclusion needs a reason"},
		{"include without paper", Review{Decision: ReviewInclude, Author: "ana"}, "needs the paper's number"},
		{"agree on a paper", Review{Paper: 1, Decision: ReviewAgree, Author: "ana"}, "decision on the run's verdict"},
		{"unknown", Review{Decision: "maybe", Author: "ana"}, "unknown decision"},
		{"no author", Review{Decision: ReviewDisagree}, "reviewer's name is empty"},
		{"override", Review{Paper: 1, Decision: ReviewOverride, Component: "blinding", Points: ptr(2.0), Author: "ana"}, ""},
		{"override with NaN points", Review{Paper: 1, Decision: ReviewOverride, Component: "blinding", Points: ptr(math.NaN()), Author: "ana"}, "points (a number, 0 or more)"},
		{"override with infinite points", Review{Paper: 1, Decision: ReviewOverride, Component: "blinding", Points: ptr(math.Inf(1)), Author: "ana"}, "points (a number, 0 or more)"},
		{"override with negative points", Review{Paper: 1, Decision: ReviewOverride, Component: "blinding", Points: ptr(-1.0), Author: "ana"}, "points (a number, 0 or more)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.r.Validate()
			if c.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, c.err)
		})
	}
}

func TestLatestReviews(t *testing.T) {
	v, papers := LatestReviews([]Review{
		{Decision: ReviewAgree}, {Paper: 1, PaperKey: "pmid:1", Decision: ReviewExclude}, {Decision: ReviewDisagree},
		{Paper: 1, PaperKey: "pmid:1", Decision: ReviewInclude},
	})
	require.Equal(t, ReviewDisagree, v.Decision)
	require.Equal(t, ReviewInclude, papers["pmid:1"].Decision)
}

// TestComponentAgreement: only the components the reviewer re-scored count; "met" is full points.
func TestComponentAgreement(t *testing.T) {
	ev := []Evidence{{Citation: Citation{Source: SourcePubMed, PMID: "1", Title: "t", URL: "https://pubmed.ncbi.nlm.nih.gov/1/"}}}
	a := map[string]Appraisal{"pmid:1": {Dimensions: []Dimension{{Name: DimensionQuality, Status: StatusAssessed, Details: []DimensionDetail{
		{Component: "randomization", Contribution: 2, MaxScore: 2}, {Component: "blinding", Contribution: 0, MaxScore: 2}, {Component: "itt", Contribution: 1, MaxScore: 1}}}}}}
	zero, two := 0.0, 2.0
	ov := LatestOverrides([]Review{
		{PaperKey: "pmid:1", Decision: ReviewOverride, Component: "randomization", Points: &zero},
		{PaperKey: "pmid:1", Decision: ReviewOverride, Component: "blinding", Points: &two},
		{PaperKey: "pmid:1", Decision: ReviewOverride, Component: "blinding", Points: &zero}, // the later one is in force
	})
	got := ComponentAgreement(ev, a, ov)
	require.Equal(t, 2, got.N)
	require.Equal(t, 50.0, got.Percent)
	require.NotContains(t, got.String(), "-0.00")
}

func ptr(f float64) *float64 { return &f }

// TestReviewedStances: the answer line counts the studies the reviewer kept — an excluded
// study drops out, an included one the judge set aside counts as unclear, an included one the
// judge gave a stance keeps it — and without decisions the judge's stances come back as given.
func TestReviewedStances(t *testing.T) {
	on := func(pmid string) Evidence {
		return Evidence{Citation: Citation{Source: SourcePubMed, ID: pmid, PMID: pmid}}
	}
	off := func(pmid string) Evidence {
		e := on(pmid)
		e.Topic = &Topic{OffTopic: true, Reason: "another drug"}
		return e
	}
	evidence := []Evidence{on("7101"), on("7102"), off("7103")}
	judge := []StudyStance{{N: 2, Stance: StanceRefutes}, {N: 1, Stance: StanceSupports}}
	decide := func(d ReviewDecision, key string) Review {
		return Review{Paper: 1, Decision: d, PaperKey: key, Author: "kim"} // the number is the key's; only the key is read
	}
	for _, tc := range []struct {
		name    string
		reviews []Review
		want    []StudyStance
		relied  int
	}{
		{"no decision", nil, judge, 2},
		{"exclude a study the judge kept", []Review{decide(ReviewExclude, "pmid:7102")}, []StudyStance{{N: 1, Stance: StanceSupports}}, 1},
		{"include a study the judge set aside", []Review{decide(ReviewInclude, "pmid:7103")},
			[]StudyStance{{N: 1, Stance: StanceSupports}, {N: 2, Stance: StanceRefutes}, {N: 3, Stance: StanceUnclear, Reason: ReasonReviewerIncluded}}, 3},
		{"a later decision supersedes", []Review{decide(ReviewExclude, "pmid:7101"), decide(ReviewInclude, "pmid:7101")},
			[]StudyStance{{N: 2, Stance: StanceRefutes}, {N: 1, Stance: StanceSupports}}, 2},
		{"exclude every study", []Review{decide(ReviewExclude, "pmid:7101"), decide(ReviewExclude, "pmid:7102")}, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, papers := LatestReviews(tc.reviews)
			if got := ReviewedStances(judge, evidence, papers); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("ReviewedStances = %+v, want %+v", got, tc.want)
			}
			if got := ReliedOnCount(evidence, papers); got != tc.relied {
				t.Fatalf("ReliedOnCount = %d, want %d", got, tc.relied)
			}
		})
	}
}
