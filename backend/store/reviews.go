package store

import (
	"context"
	"database/sql"

	"deepcritical/backend/domain"
)

// AddReview appends a reviewer decision to the run's trail (never updating an earlier one)
// and returns it with its id and time.
func (s *Store) AddReview(ctx context.Context, r domain.Review) (domain.Review, error) {
	if err := r.Validate(); err != nil {
		return r, err
	}
	if r.CreatedAt.IsZero() {
		r.CreatedAt = s.now()
	}
	var points sql.NullFloat64
	if r.Points != nil {
		points = sql.NullFloat64{Float64: *r.Points, Valid: true}
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO reviews(run_id, paper_n, paper_key, decision, component, points, reason, note, author, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.RunID, r.Paper, r.PaperKey, string(r.Decision), r.Component, points, r.Reason, r.Note, r.Author, formatTime(r.CreatedAt))
	if isConstraint(err, sqlite3ConstraintForeignKey) {
		return r, runNotFound(r.RunID)
	}
	if err != nil {
		return r, s.dbErr(err, "storing a review")
	}
	r.ID, _ = res.LastInsertId()
	return r, nil
}

// ListReviews returns a run's reviewer decisions in the order they were made.
func (s *Store) ListReviews(ctx context.Context, runID string) ([]domain.Review, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, paper_n, paper_key, decision, component, points, reason, note, author, created_at
		FROM reviews WHERE run_id = ? ORDER BY id`, runID)
	if err != nil {
		return nil, s.dbErr(err, "listing reviews")
	}
	defer rows.Close()
	out := []domain.Review{}
	for rows.Next() {
		r := domain.Review{RunID: runID}
		var decision, at string
		var points sql.NullFloat64
		if err := rows.Scan(&r.ID, &r.Paper, &r.PaperKey, &decision, &r.Component, &points, &r.Reason, &r.Note, &r.Author, &at); err != nil {
			return nil, s.dbErr(err, "listing reviews")
		}
		r.Decision = domain.ReviewDecision(decision)
		if points.Valid {
			p := points.Float64
			r.Points = &p
		}
		if r.CreatedAt, err = parseTime(at); err != nil {
			return nil, s.dbErr(err, "listing reviews")
		}
		out = append(out, r)
	}
	return out, s.dbErr(rows.Err(), "listing reviews")
}
