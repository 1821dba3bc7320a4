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
}

// ReviewSummary is a run's review trail with the decisions in force and how often the
// reviewer agreed with the judge's on/off-topic marks.
type ReviewSummary struct {
	Reviews   []domain.Review  `json:"reviews"`
	Verdict   *domain.Review   `json:"verdict,omitempty"`
	Excluded  int              `json:"excluded"`
	Included  int              `json:"included"`
	Agreement domain.Agreement `json:"agreement"`
	Reasons   []string         `json:"exclusion_reasons"`
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
		Note: strings.TrimSpace(req.Note), Author: r.author()}
	if req.Paper != 0 {
		ev, err := st.RunEvidence(ctx, run.ID)
		if err != nil {
			return domain.Review{}, err
		}
		if req.Paper < 1 || req.Paper > len(ev) {
			return domain.Review{}, domain.Errorf(domain.CodeInvalid, "run %s has no paper [%d]: its papers are numbered 1 to %d as the report cites them", run.ID, req.Paper, len(ev))
		}
		rv.PaperKey = ev[req.Paper-1].CanonicalKey()
	}
	return st.AddReview(ctx, rv)
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
	out := ReviewSummary{Reviews: reviews, Verdict: verdict, Agreement: domain.PaperAgreement(ev, papers), Reasons: domain.ExclusionReasons}
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
