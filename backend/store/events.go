package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"deepcritical/backend/domain"
)

// AppendEvent stores an event as the run's next one: it assigns Seq (1, 2, …) and Time from
// the clock in the same statement, so concurrent writers never share a sequence number, and
// returns the event as stored. The loop calls it before emitting, so nothing shown is lost.
func (s *Store) AppendEvent(ctx context.Context, e domain.Event) (domain.Event, error) {
	e.Seq = 0
	if err := e.Validate(); err != nil {
		return domain.Event{}, domain.Wrap(domain.CodeInvalid, err, err.Error())
	}
	e.Time = s.now()
	var data sql.NullString
	if len(e.Data) > 0 {
		data = sql.NullString{String: string(e.Data), Valid: true}
	}
	err := s.leasedWrite(ctx, "storing an event", func(q querier) error {
		// The hot path of a run: a statement prepared once and reused.
		st, err := s.stmtFor(ctx, q, appendEventSQL)
		if err != nil {
			return err
		}
		return st.QueryRowContext(ctx, appendEventArgs(&e, data)...).Scan(&e.Seq)
	})
	if isConstraint(err, sqlite3ConstraintForeignKey) {
		return domain.Event{}, runNotFound(e.RunID)
	}
	if err != nil {
		return domain.Event{}, s.dbErr(err, "storing an event")
	}
	return e, nil
}

// appendEventSQL assigns the next seq in the INSERT itself: one INSERT … SELECT … RETURNING
// takes the write lock before it reads max(seq), so concurrent writers cannot collide.
const appendEventSQL = `INSERT INTO events(run_id, seq, type, iteration, message, data, time)
	SELECT ?, COALESCE(max(seq), 0) + 1, ?, ?, ?, ?, ? FROM events WHERE run_id = ?
	RETURNING seq`

func appendEventArgs(e *domain.Event, data sql.NullString) []any {
	return []any{e.RunID, string(e.Type), e.Iteration, e.Message, data, formatTime(e.Time), e.RunID}
}

// ListEvents returns the run's events with seq > afterSeq in order (afterSeq 0 = all), so a
// reconnecting window can catch up from the last event it saw.
func (s *Store) ListEvents(ctx context.Context, runID string, afterSeq int64) ([]domain.Event, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, type, iteration, message, data, time FROM events
		WHERE run_id = ? AND seq > ? ORDER BY seq`, runID, afterSeq)
	if err != nil {
		return nil, s.dbErr(err, "listing events")
	}
	defer rows.Close()
	out := []domain.Event{}
	for rows.Next() {
		var (
			e    = domain.Event{RunID: runID}
			typ  string
			data sql.NullString
			at   string
		)
		if err := rows.Scan(&e.Seq, &typ, &e.Iteration, &e.Message, &data, &at); err != nil {
			return nil, s.dbErr(err, "listing events")
		}
		e.Type = domain.EventType(typ)
		if data.Valid {
			e.Data = []byte(data.String)
		}
		if e.Time, err = parseTime(at); err != nil {
			return nil, s.dbErr(err, "listing events")
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, s.dbErr(err, "listing events")
	}
	if len(out) == 0 {
		if err := s.requireRun(ctx, runID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// requireRun returns a not-found error when the run does not exist, so an empty list is
// only ever returned for a real run.
func (s *Store) requireRun(ctx context.Context, runID string) error {
	var one int
	err := s.db.QueryRowContext(ctx, `SELECT 1 FROM runs WHERE id = ?`, runID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return runNotFound(runID)
	}
	if err != nil {
		return s.dbErr(fmt.Errorf("look up run %s: %w", runID, err), "looking up a run")
	}
	return nil
}
