package domain

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ReviewDecision is a reviewer's decision: on a run's final verdict (agree, disagree) or on
// one paper (include, exclude). Screening tools keep the same two pairs.
type ReviewDecision string

// The decisions.
const (
	ReviewAgree    ReviewDecision = "agree"
	ReviewDisagree ReviewDecision = "disagree"
	ReviewInclude  ReviewDecision = "include"
	ReviewExclude  ReviewDecision = "exclude"
	// ReviewOverride sets one appraisal component of a paper to the reviewer's points.
	ReviewOverride ReviewDecision = "override"
)

// ExclusionReasons are the short list a reviewer picks from when excluding a paper (PICO and
// design, as screening tools offer), with free text in the note.
var ExclusionReasons = []string{"wrong population", "wrong intervention", "wrong outcome", "wrong design", "duplicate", "other"}

// Review is one reviewer decision, kept with its time and author and never overwritten: a
// later decision on the same target is added to the trail and supersedes it.
type Review struct {
	ID    int64  `json:"id,omitempty"`
	RunID string `json:"run_id,omitempty"`
	// Paper is the evidence number as the report cites it ([n]); 0 for the run's verdict.
	// PaperKey is that paper's canonical key, so the decision follows the paper itself.
	Paper    int            `json:"paper,omitempty"`
	PaperKey string         `json:"paper_key,omitempty"`
	Decision ReviewDecision `json:"decision"`
	// Component and Points are an override's appraisal component and the reviewer's points.
	Component string    `json:"component,omitempty"`
	Points    *float64  `json:"points,omitempty"`
	Reason    string    `json:"reason,omitempty"`
	Note      string    `json:"note,omitempty"`
	Author    string    `json:"author"`
	CreatedAt time.Time `json:"created_at"`
}

// Validate checks that the decision fits its target (agree/disagree on the run, include/
// exclude on a paper), that an exclusion gives a reason from the list, and that an author
// is named.
func (r Review) Validate() error {
	var problems []string
	switch r.Decision {
	case ReviewAgree, ReviewDisagree:
		if r.Paper != 0 {
			problems = append(problems, fmt.Sprintf("%s is a decision on the run's verdict, not on paper [%d]: use include or exclude for a paper", r.Decision, r.Paper))
		}
	case ReviewOverride:
		if r.Paper < 1 {
			problems = append(problems, "an override needs the paper's number as the report cites it (--paper N)")
		}
		if strings.TrimSpace(r.Component) == "" || r.Points == nil || !(*r.Points >= 0) || math.IsInf(*r.Points, 0) {
			// NaN compares false with everything: it would be stored, and no agreement
			// figure could read it.
			problems = append(problems, "an override needs the appraisal component and the reviewer's points (a number, 0 or more)")
		}
	case ReviewInclude, ReviewExclude:
		if r.Paper < 1 {
			problems = append(problems, fmt.Sprintf("%s needs the paper's number as the report cites it (--paper N)", r.Decision))
		}
	default:
		problems = append(problems, fmt.Sprintf("unknown decision %q (allowed: agree, disagree, include, exclude, override)", r.Decision))
	}
	if r.Decision == ReviewExclude {
		ok := false
		for _, x := range ExclusionReasons {
			if strings.EqualFold(strings.TrimSpace(r.Reason), x) {
				ok = true
			}
		}
		if !ok {
			problems = append(problems, fmt.Sprintf("an exclusion needs a reason: one of %s (details go in the note)", strings.Join(ExclusionReasons, ", ")))
		}
	}
	if strings.TrimSpace(r.Author) == "" {
		problems = append(problems, "the reviewer's name is empty: set review.author in Settings")
	}
	if len(problems) > 0 {
		return &ValidationError{Problems: problems}
	}
	return nil
}

// LatestReviews keeps the decision in force per target (the run's verdict, each paper):
// the last one recorded. reviews must be in the order they were made. Component overrides
// are kept apart (LatestOverrides).
func LatestReviews(reviews []Review) (verdict *Review, papers map[string]Review) {
	papers = map[string]Review{}
	for _, r := range reviews {
		if r.Decision == ReviewOverride {
			continue
		}
		if r.Paper == 0 {
			r := r
			verdict = &r
			continue
		}
		papers[r.PaperKey] = r
	}
	return verdict, papers
}

// ReliedOn is the one rule for whether a report relies on a paper, given the reviewer's
// decisions in force on the papers (LatestReviews' papers, by canonical key): the reviewer's
// include or exclude decides, because the reviewer read the paper where the judge only
// scored its words; a paper the reviewer left alone is relied on unless the judge set it
// aside as off topic. The answer line, the evidence table, the reference exports and the
// window all ask this, so they cannot disagree on which papers the report rests on.
func ReliedOn(e Evidence, papers map[string]Review) bool {
	if r, ok := papers[e.CanonicalKey()]; ok {
		return r.Decision == ReviewInclude
	}
	return !e.IsOffTopic()
}

// ReasonReviewerIncluded is shown where the quote would be for a study the reviewer included
// that the judge gave no stance (it had set the paper aside, or left it without one).
const ReasonReviewerIncluded = "included by the reviewer where the judge gave it no stance, so which way it points was not assessed"

// ReviewedStances are the stances the answer line counts once the reviewer has decided:
// the judge's stance on every study the report relies on (ReliedOn), none on a study the
// reviewer excluded, and an unclear one (ReasonReviewerIncluded) on a study the reviewer
// included that the judge gave none, since a study the reviewer kept is counted even when
// nobody said which way it points. With no decision on a paper the stances come back as given.
func ReviewedStances(stances []StudyStance, evidence []Evidence, papers map[string]Review) []StudyStance {
	if len(papers) == 0 {
		return stances
	}
	var out []StudyStance
	has := map[int]bool{}
	for _, s := range stances {
		if s.N >= 1 && s.N <= len(evidence) && !ReliedOn(evidence[s.N-1], papers) {
			continue
		}
		has[s.N] = true
		out = append(out, s)
	}
	added := false
	for i, e := range evidence {
		if r, ok := papers[e.CanonicalKey()]; ok && r.Decision == ReviewInclude && !has[i+1] {
			out = append(out, StudyStance{N: i + 1, Stance: StanceUnclear, Reason: ReasonReviewerIncluded})
			added = true
		}
	}
	if added {
		sort.SliceStable(out, func(i, j int) bool { return out[i].N < out[j].N })
	}
	return out
}

// ReliedOnCount is how many of the papers the report relies on (ReliedOn).
func ReliedOnCount(evidence []Evidence, papers map[string]Review) int {
	n := 0
	for _, e := range evidence {
		if ReliedOn(e, papers) {
			n++
		}
	}
	return n
}

// Agreement is how often two raters made the same binary call, and Cohen's κ: agreement
// beyond what their separate rates would give by chance. KappaDefined is false when chance
// agreement is total (both raters always made the same single call), where κ is 0/0.
type Agreement struct {
	N            int     `json:"n"`
	Percent      float64 `json:"percent"`
	Kappa        float64 `json:"kappa"`
	KappaDefined bool    `json:"kappa_defined"`
}

// AgreementOf computes percent agreement and Cohen's κ (CohenKappa) over paired binary
// ratings: a[i] is rater A's call on item i, b[i] rater B's.
func AgreementOf(a, b []bool) Agreement {
	n := min(len(a), len(b))
	if n == 0 {
		return Agreement{}
	}
	la, lb := make([]string, n), make([]string, n)
	agree := 0
	for i := 0; i < n; i++ {
		la[i], lb[i] = strconv.FormatBool(a[i]), strconv.FormatBool(b[i])
		if a[i] == b[i] {
			agree++
		}
	}
	out := Agreement{N: n, Percent: 100 * float64(agree) / float64(n)}
	out.Kappa, out.KappaDefined = CohenKappa(la, lb)
	return out
}

// CohenKappa is Cohen's κ between two raters' labels, the one implementation the reviewer's
// agreement and the appraiser's calibration use: (po − pe) ÷ (1 − pe), with po the observed
// agreement and pe the agreement expected from each rater's own label rates. defined is false
// when pe = 1 (both raters used one and the same label everywhere: κ is 0/0) or there is
// nothing to compare.
func CohenKappa(a, b []string) (kappa float64, defined bool) {
	n := len(a)
	if n == 0 || n != len(b) {
		return 0, false
	}
	ca, cb := map[string]int{}, map[string]int{}
	agree := 0
	for i := range a {
		ca[a[i]]++
		cb[b[i]]++
		if a[i] == b[i] {
			agree++
		}
	}
	po := float64(agree) / float64(n)
	pe := 0.0
	for k, v := range ca {
		pe += float64(v) / float64(n) * float64(cb[k]) / float64(n)
	}
	if pe >= 1 {
		return 0, false
	}
	return (po - pe) / (1 - pe), true
}

// String says the agreement in words: "80 % of 10 papers (κ 0.58)".
func (a Agreement) String() string {
	if a.N == 0 {
		return "no paper reviewed"
	}
	s := fmt.Sprintf("%.0f %% of %d %s", a.Percent, a.N, map[bool]string{true: "paper", false: "papers"}[a.N == 1])
	if a.KappaDefined {
		k := a.Kappa
		if k > -0.005 && k < 0.005 {
			k = 0 // never "-0.00"
		}
		s += fmt.Sprintf(" (κ %.2f)", k)
	} else {
		s += " (κ undefined: every call was the same)"
	}
	return s
}

// PaperAgreement compares the reviewer's include/exclude decisions with the judge's marks on
// the same papers (include ↔ on topic): the papers the reviewer decided on, in evidence
// order; papers the reviewer left alone are not counted.
func PaperAgreement(evidence []Evidence, papers map[string]Review) Agreement {
	var reviewer, judge []bool
	for _, e := range evidence {
		r, ok := papers[e.CanonicalKey()]
		if !ok {
			continue
		}
		reviewer = append(reviewer, r.Decision == ReviewInclude)
		judge = append(judge, !e.IsOffTopic())
	}
	return AgreementOf(reviewer, judge)
}

// LatestOverrides keeps the reviewer's points in force per paper and component
// (paper key → component → review).
func LatestOverrides(reviews []Review) map[string]map[string]Review {
	out := map[string]map[string]Review{}
	for _, r := range reviews {
		if r.Decision != ReviewOverride {
			continue
		}
		if out[r.PaperKey] == nil {
			out[r.PaperKey] = map[string]Review{}
		}
		out[r.PaperKey][r.Component] = r
	}
	return out
}

// ComponentAgreement compares the reviewer's overridden components with the appraiser's: a
// component counts as "met" when it was given its full points; percent and κ are over the
// components the reviewer scored.
func ComponentAgreement(evidence []Evidence, appraisals map[string]Appraisal, overrides map[string]map[string]Review) Agreement {
	var reviewer, appraiser []bool
	for _, e := range evidence {
		key := e.CanonicalKey()
		a, ok := appraisals[key]
		if !ok {
			continue
		}
		for _, d := range a.Dimensions {
			for _, det := range d.Details {
				r, ok := overrides[key][det.Component]
				if !ok || r.Points == nil {
					continue
				}
				reviewer = append(reviewer, *r.Points >= det.MaxScore)
				appraiser = append(appraiser, det.Contribution >= det.MaxScore)
			}
		}
	}
	return AgreementOf(reviewer, appraiser)
}
