package services

import (
	"context"
	"os"
	"os/user"
	"strings"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/store"
)

// reviewStore is what the reviewer's decisions need from the store.
type reviewStore interface {
	GetRun(ctx context.Context, id string) (domain.Run, error)
	RunEvidence(ctx context.Context, runID string) ([]domain.Evidence, error)
	RunAppraisals(ctx context.Context, run domain.Run, keys []string) (map[string]domain.Appraisal, error)
	ListAssessments(ctx context.Context, runID string) ([]domain.StoredAssessment, error)
	AddReview(ctx context.Context, r domain.Review) (domain.Review, error)
	ListReviews(ctx context.Context, runID string) ([]domain.Review, error)
}

var _ reviewStore = (*store.Store)(nil)

// ReviewService records a reviewer's decisions on a run (agree or disagree with its final
// verdict) and on its papers (include or exclude, with a reason), beside the judge's; the
// window's run page and `deepcritical history review` both use it.
type ReviewService struct {
	store    dep[reviewStore]
	settings interface{ Effective() config.Settings }
}

// ReviewRequest is one decision: Paper is the evidence number as the report cites it (0 for
// the run's verdict).
type ReviewRequest struct {
	RunID    string                `json:"run_id"`
	Paper    int                   `json:"paper"`
	Decision domain.ReviewDecision `json:"decision"`
	Reason   string                `json:"reason"`
	Note     string                `json:"note"`
	// Component and Points override one appraisal component of the paper (decision override).
	Component string   `json:"component,omitempty"`
	Points    *float64 `json:"points,omitempty"`
}

// ReviewSummary is a run's review trail with the decisions in force and how often the
// reviewer agreed with the judge's on/off-topic marks.
type ReviewSummary struct {
	Reviews   []domain.Review  `json:"reviews"`
	Verdict   *domain.Review   `json:"verdict,omitempty"`
	Excluded  int              `json:"excluded"`
	Included  int              `json:"included"`
	Agreement domain.Agreement `json:"agreement"`
	// Components is the agreement on the appraisal components the reviewer scored.
	Components domain.Agreement `json:"components"`
	Reasons    []string         `json:"exclusion_reasons"`
	// Decisions are the include and exclude decisions in force (domain.LatestReviews), one
	// per paper in the order the report numbers them, each with Paper set to that number:
	// what the review panel lists as excluded and why.
	Decisions []domain.Review `json:"decisions"`
}

// Add records one decision, under the reviewer's name (review.author, else the system user).
func (r *ReviewService) Add(req ReviewRequest) (domain.Review, error) {
	st, err := r.store.get()
	if err != nil {
		return domain.Review{}, err
	}
	ctx := context.Background()
	run, err := st.GetRun(ctx, strings.TrimSpace(req.RunID))
	if err != nil {
		return domain.Review{}, err
	}
	rv := domain.Review{RunID: run.ID, Paper: req.Paper, Decision: req.Decision, Reason: strings.ToLower(strings.TrimSpace(req.Reason)),
		Note: strings.TrimSpace(req.Note), Author: r.author(), Component: strings.TrimSpace(req.Component), Points: req.Points}
	if req.Decision == domain.ReviewAgree || req.Decision == domain.ReviewDisagree {
		as, err := st.ListAssessments(ctx, run.ID)
		if err != nil {
			return domain.Review{}, err
		}
		if len(as) == 0 {
			return domain.Review{}, domain.Errorf(domain.CodeInvalid, "run %s has no verdict to %s with: the judge never assessed it (run %s)", run.ID, req.Decision, run.Status)
		}
	}
	if req.Paper != 0 {
		ev, err := st.RunEvidence(ctx, run.ID)
		if err != nil {
			return domain.Review{}, err
		}
		if req.Paper < 1 || req.Paper > len(ev) {
			return domain.Review{}, domain.Errorf(domain.CodeInvalid, "run %s has no paper [%d]: its papers are numbered 1 to %d as the report cites them", run.ID, req.Paper, len(ev))
		}
		rv.PaperKey = ev[req.Paper-1].CanonicalKey()
		if rv.Decision == domain.ReviewOverride {
			if err := checkComponent(ctx, st, run, rv); err != nil {
				return domain.Review{}, err
			}
		}
	}
	return st.AddReview(ctx, rv)
}

// checkComponent refuses an override of a component the paper's appraisal does not have, or
// points above its maximum, naming what there is.
func checkComponent(ctx context.Context, st reviewStore, run domain.Run, rv domain.Review) error {
	as, err := st.RunAppraisals(ctx, run, []string{rv.PaperKey})
	if err != nil {
		return err
	}
	a, ok := as[rv.PaperKey]
	if !ok {
		return domain.Errorf(domain.CodeInvalid, "paper [%d] was not appraised: there is no component to override", rv.Paper)
	}
	var names []string
	for _, d := range a.Dimensions {
		for _, det := range d.Details {
			if det.Component == rv.Component {
				if rv.Points != nil && *rv.Points > det.MaxScore {
					return domain.Errorf(domain.CodeInvalid, "%s of paper [%d] is scored out of %g, not %g", rv.Component, rv.Paper, det.MaxScore, *rv.Points)
				}
				return nil
			}
			names = append(names, det.Component)
		}
	}
	return domain.Errorf(domain.CodeInvalid, "paper [%d] has no appraisal component %q (it has: %s)", rv.Paper, rv.Component, strings.Join(names, ", "))
}

// Summary returns a run's review trail and the agreement with the judge.
func (r *ReviewService) Summary(runID string) (ReviewSummary, error) {
	st, err := r.store.get()
	if err != nil {
		return ReviewSummary{}, err
	}
	ctx := context.Background()
	reviews, err := st.ListReviews(ctx, strings.TrimSpace(runID))
	if err != nil {
		return ReviewSummary{}, err
	}
	ev, err := st.RunEvidence(ctx, strings.TrimSpace(runID))
	if err != nil {
		return ReviewSummary{}, err
	}
	verdict, papers := domain.LatestReviews(reviews)
	out := ReviewSummary{Reviews: reviews, Verdict: verdict, Agreement: domain.PaperAgreement(ev, papers), Reasons: domain.ExclusionReasons,
		Decisions: []domain.Review{}}
	for i, e := range ev {
		if p, ok := papers[e.CanonicalKey()]; ok {
			p.Paper = i + 1
			out.Decisions = append(out.Decisions, p)
		}
	}
	if overrides := domain.LatestOverrides(reviews); len(overrides) > 0 {
		keys := make([]string, len(ev))
		for i, e := range ev {
			keys[i] = e.CanonicalKey()
		}
		run, err := st.GetRun(ctx, strings.TrimSpace(runID))
		if err != nil {
			return ReviewSummary{}, err
		}
		as, err := st.RunAppraisals(ctx, run, keys)
		if err != nil {
			return ReviewSummary{}, err
		}
		out.Components = domain.ComponentAgreement(ev, as, overrides)
	}
	for _, p := range papers {
		if p.Decision == domain.ReviewExclude {
			out.Excluded++
		} else {
			out.Included++
		}
	}
	return out, nil
}

// author is the name decisions are recorded under: the review.author setting, else the
// operating system's user name.
func (r *ReviewService) author() string {
	if r.settings != nil {
		if a := strings.TrimSpace(r.settings.Effective().Review.Author); a != "" {
			return a
		}
	}
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	return os.Getenv("USER")
}
