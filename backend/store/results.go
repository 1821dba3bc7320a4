package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"deepcritical/backend/domain"
)

// SaveAssessment stores an assessment; saving the same (run, iteration, label) again
// replaces it, so a resumed iteration does not leave two. CreatedAt defaults to the clock.
func (s *Store) SaveAssessment(ctx context.Context, a domain.StoredAssessment) error {
	if a.Iteration < 0 {
		return domain.Errorf(domain.CodeInvalid, "assessment iteration must be ≥ 0, got %d", a.Iteration)
	}
	if a.CreatedAt.IsZero() {
		a.CreatedAt = s.now()
	}
	body, err := json.Marshal(a.Assessment)
	if err != nil {
		return domain.Wrap(domain.CodeInvalid, err, "assessment cannot be encoded")
	}
	var heur sql.NullString
	if a.Heuristics != nil {
		h, err := json.Marshal(a.Heuristics)
		if err != nil {
			return domain.Wrap(domain.CodeInvalid, err, "heuristics cannot be encoded")
		}
		heur = sql.NullString{String: string(h), Valid: true}
	}
	err = s.leasedWrite(ctx, "storing an assessment", func(q querier) error {
		return s.saveAssessment(ctx, q, a, string(body), heur)
	})
	if isConstraint(err, sqlite3ConstraintForeignKey) {
		return runNotFound(a.RunID)
	}
	return s.dbErr(err, "storing an assessment")
}

func (s *Store) saveAssessment(ctx context.Context, q querier, a domain.StoredAssessment, body string, heur sql.NullString) error {
	_, err := q.ExecContext(ctx, `INSERT INTO assessments(run_id, iteration, label, assessment, heuristics, created_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT(run_id, iteration, label) DO UPDATE SET assessment = excluded.assessment,
			heuristics = excluded.heuristics, created_at = excluded.created_at`,
		a.RunID, a.Iteration, a.Label, body, heur, formatTime(a.CreatedAt))
	return err
}

// ListAssessments returns the run's assessments by iteration, the original ("" label) first.
func (s *Store) ListAssessments(ctx context.Context, runID string) ([]domain.StoredAssessment, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT iteration, label, assessment, heuristics, created_at FROM assessments
		WHERE run_id = ? ORDER BY iteration, label <> '', label, id`, runID)
	if err != nil {
		return nil, s.dbErr(err, "listing assessments")
	}
	defer rows.Close()
	out := []domain.StoredAssessment{}
	for rows.Next() {
		var (
			a    = domain.StoredAssessment{RunID: runID}
			body string
			heur sql.NullString
			at   string
		)
		if err := rows.Scan(&a.Iteration, &a.Label, &body, &heur, &at); err != nil {
			return nil, s.dbErr(err, "listing assessments")
		}
		if err := json.Unmarshal([]byte(body), &a.Assessment); err != nil {
			return nil, s.dbErr(fmt.Errorf("decode assessment: %w", err), "listing assessments")
		}
		if heur.Valid {
			a.Heuristics = &domain.Heuristics{}
			if err := json.Unmarshal([]byte(heur.String), a.Heuristics); err != nil {
				return nil, s.dbErr(fmt.Errorf("decode heuristics: %w", err), "listing assessments")
			}
		}
		if a.CreatedAt, err = parseTime(at); err != nil {
			return nil, s.dbErr(err, "listing assessments")
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, s.dbErr(err, "listing assessments")
	}
	if len(out) == 0 {
		if err := s.requireRun(ctx, runID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// SaveVerdict appends a verdict on the run's report and sets the run's verdict_pass to it,
// in one transaction, so the history list shows the latest verdict.
func (s *Store) SaveVerdict(ctx context.Context, runID string, iteration int, v domain.Verdict, checks json.RawMessage) error {
	body, err := json.Marshal(v)
	if err != nil {
		return domain.Wrap(domain.CodeInvalid, err, "verdict cannot be encoded")
	}
	var chk sql.NullString
	if len(checks) > 0 {
		if !json.Valid(checks) {
			return domain.Errorf(domain.CodeInvalid, "verdict checks are not valid JSON")
		}
		chk = sql.NullString{String: string(checks), Valid: true}
	}
	return s.leasedTx(ctx, "storing a verdict", func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE runs SET verdict_pass = ? WHERE id = ?`, v.Pass, runID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return runNotFound(runID)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO verdicts(run_id, iteration, pass, verdict, checks, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, runID, iteration, v.Pass, string(body), chk, formatTime(s.now()))
		return err
	})
}

// LatestVerdict returns the run's most recent verdict, or nil (and no error) when it has none.
func (s *Store) LatestVerdict(ctx context.Context, runID string) (*domain.StoredVerdict, error) {
	var (
		v    = domain.StoredVerdict{RunID: runID}
		body string
		chk  sql.NullString
		at   string
	)
	err := s.db.QueryRowContext(ctx, `SELECT id, iteration, verdict, checks, created_at FROM verdicts
		WHERE run_id = ? ORDER BY id DESC LIMIT 1`, runID).Scan(&v.ID, &v.Iteration, &body, &chk, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, s.requireRun(ctx, runID)
	}
	if err != nil {
		return nil, s.dbErr(err, "reading a verdict")
	}
	if err := json.Unmarshal([]byte(body), &v.Verdict); err != nil {
		return nil, s.dbErr(fmt.Errorf("decode verdict: %w", err), "reading a verdict")
	}
	if chk.Valid {
		v.Checks = json.RawMessage(chk.String)
	}
	if v.CreatedAt, err = parseTime(at); err != nil {
		return nil, s.dbErr(err, "reading a verdict")
	}
	return &v, nil
}

// SaveReport stores the run's report, replacing any earlier one. Status defaults to
// "unverified"; CreatedAt defaults to the clock.
func (s *Store) SaveReport(ctx context.Context, r domain.StoredReport) error {
	if r.Status == "" {
		r.Status = domain.ReportUnverified
	}
	switch r.Status {
	case domain.ReportVerified, domain.ReportUnverified, domain.ReportFailed:
	default:
		return domain.Errorf(domain.CodeInvalid, "report status must be verified, unverified or failed, got %q", r.Status)
	}
	if r.CreatedAt.IsZero() {
		r.CreatedAt = s.now()
	}
	return s.leasedTx(ctx, "storing a report", func(tx *sql.Tx) error {
		err := s.saveReport(ctx, tx, r)
		if isConstraint(err, sqlite3ConstraintForeignKey) {
			return runNotFound(r.RunID)
		}
		return err
	})
}

func (s *Store) saveReport(ctx context.Context, q querier, r domain.StoredReport) error {
	var (
		id  int64
		old string
	)
	err := q.QueryRowContext(ctx, `SELECT id, markdown FROM reports WHERE run_id = ?`, r.RunID).Scan(&id, &old)
	switch {
	case err == nil:
		if _, err := q.ExecContext(ctx, `UPDATE reports SET markdown = ?, status = ?, created_at = ? WHERE id = ?`,
			r.Markdown, r.Status, formatTime(r.CreatedAt), id); err != nil {
			return err
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO reports_fts(reports_fts, rowid, markdown) VALUES ('delete', ?, ?)`, id, old); err != nil {
			return fmt.Errorf("unindex report: %w", err)
		}
	case errors.Is(err, sql.ErrNoRows):
		res, err := q.ExecContext(ctx, `INSERT INTO reports(run_id, markdown, status, created_at) VALUES (?, ?, ?, ?)`,
			r.RunID, r.Markdown, r.Status, formatTime(r.CreatedAt))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
	default:
		return err
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO reports_fts(rowid, markdown) VALUES (?, ?)`, id, r.Markdown); err != nil {
		return fmt.Errorf("index report: %w", err)
	}
	return refreshHistory(ctx, q, r.RunID)
}

// GetReport loads the run's report.
func (s *Store) GetReport(ctx context.Context, runID string) (domain.StoredReport, error) {
	r := domain.StoredReport{RunID: runID}
	var at string
	err := s.db.QueryRowContext(ctx, `SELECT markdown, status, created_at FROM reports WHERE run_id = ?`, runID).
		Scan(&r.Markdown, &r.Status, &at)
	if errors.Is(err, sql.ErrNoRows) {
		if err := s.requireRun(ctx, runID); err != nil {
			return domain.StoredReport{}, err
		}
		return domain.StoredReport{}, domain.Errorf(domain.CodeNotFound, "run %s has no report yet", runID)
	}
	if err != nil {
		return domain.StoredReport{}, s.dbErr(err, "reading a report")
	}
	if r.CreatedAt, err = parseTime(at); err != nil {
		return domain.StoredReport{}, s.dbErr(err, "reading a report")
	}
	return r, nil
}
