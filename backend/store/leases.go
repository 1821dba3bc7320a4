package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"deepcritical/backend/domain"
)

// LeaseGrace is how long a run may stay "running" without any lease row before it counts as
// interrupted: the orchestrator stores the run a moment before its runner takes the lease.
const LeaseGrace = time.Minute

// AcquireRunLease gives the run to l.Holder until l.ExpiresAt. It is refused with a
// CodeConflict error naming the holding process when another holder's lease is live, unless
// dead reports that holder's process is gone (a killed process on this machine need not be
// waited for). Taking over an expired or dead lease is allowed; the run must exist.
func (s *Store) AcquireRunLease(ctx context.Context, l domain.RunLease, dead func(domain.RunLease) bool) error {
	if l.RunID == "" || l.Holder == "" {
		return domain.Errorf(domain.CodeInvalid, "run lease needs a run id and a holder")
	}
	now := s.now()
	if l.AcquiredAt.IsZero() {
		l.AcquiredAt = now
	}
	return s.withTx(ctx, "taking the run", func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM runs WHERE id = ?`, l.RunID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return runNotFound(l.RunID)
		}
		cur, found, err := getLease(ctx, tx, l.RunID)
		if err != nil {
			return err
		}
		if found && cur.Holder != l.Holder && cur.Live(now) && (dead == nil || !dead(cur)) {
			return domain.Errorf(domain.CodeConflict,
				"run %s is already running in %s (since %s UTC): wait for it to finish, or cancel it there and resume again",
				l.RunID, cur.Process(), cur.AcquiredAt.Format("2006-01-02 15:04:05"))
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO run_leases(run_id, holder, host, pid, acquired_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT(run_id) DO UPDATE SET holder = excluded.holder, host = excluded.host, pid = excluded.pid,
				acquired_at = excluded.acquired_at, expires_at = excluded.expires_at`,
			l.RunID, l.Holder, l.Host, l.PID, formatTime(l.AcquiredAt), formatTime(l.ExpiresAt))
		return err
	})
}

// RenewRunLease moves the holder's lease to expires. It fails with CodeConflict when the
// lease is no longer the holder's (another process took it over after it expired), so the
// runner can stop a run that is now executed elsewhere.
func (s *Store) RenewRunLease(ctx context.Context, runID, holder string, expires time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE run_leases SET expires_at = ? WHERE run_id = ? AND holder = ?`,
		formatTime(expires), runID, holder)
	if err != nil {
		return s.dbErr(err, "renewing the run's lease")
	}
	if n, err := res.RowsAffected(); err != nil {
		return s.dbErr(err, "renewing the run's lease")
	} else if n == 0 {
		return domain.Errorf(domain.CodeConflict, "run %s was taken over by another process", runID)
	}
	return nil
}

// ReleaseRunLease drops the holder's lease; a lease another holder took over is left alone.
func (s *Store) ReleaseRunLease(ctx context.Context, runID, holder string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM run_leases WHERE run_id = ? AND holder = ?`, runID, holder)
	return s.dbErr(err, "releasing the run's lease")
}

// leasedWrite runs write for the execution ctx belongs to (domain.WithLease): in one
// IMMEDIATE transaction that first checks the execution still holds its run's lease, so a
// takeover another process commits comes either before the check, and the write is refused
// with domain.ErrTakenOver, or after the write — never between them. Without a lease in ctx
// (a re-judgement, an import, the store's own callers) write runs on the database as it is.
func (s *Store) leasedWrite(ctx context.Context, doing string, write func(q querier) error) error {
	if _, ok := domain.LeaseFrom(ctx); !ok {
		return write(s.db)
	}
	return s.leasedTx(ctx, doing, func(tx *sql.Tx) error { return write(tx) })
}

// leasedTx is withTx with ctx's lease, when it has one, checked first in the same transaction.
func (s *Store) leasedTx(ctx context.Context, doing string, fn func(tx *sql.Tx) error) error {
	return s.withTx(ctx, doing, func(tx *sql.Tx) error {
		if err := holdsLease(ctx, tx); err != nil {
			return err
		}
		return fn(tx)
	})
}

// holdsLease checks that the execution ctx belongs to, if any, still holds its run's lease.
// An expired lease nobody took over still counts as held: the heartbeat renews it when the
// stalled process wakes, and until another process takes the run, nobody else writes it.
func holdsLease(ctx context.Context, q querier) error {
	l, ok := domain.LeaseFrom(ctx)
	if !ok {
		return nil
	}
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM run_leases WHERE run_id = ? AND holder = ?`, l.RunID, l.Holder).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.TakenOver(l.RunID)
	}
	return err
}

// GetRunLease returns the run's lease, live or expired; found is false when it has none.
func (s *Store) GetRunLease(ctx context.Context, runID string) (l domain.RunLease, found bool, err error) {
	l, found, err = getLease(ctx, s.db, runID)
	return l, found, s.dbErr(err, "reading the run's lease")
}

func getLease(ctx context.Context, q querier, runID string) (domain.RunLease, bool, error) {
	var (
		l                 domain.RunLease
		acquired, expires string
	)
	err := q.QueryRowContext(ctx, `SELECT run_id, holder, host, pid, acquired_at, expires_at FROM run_leases WHERE run_id = ?`, runID).
		Scan(&l.RunID, &l.Holder, &l.Host, &l.PID, &acquired, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.RunLease{}, false, nil
	}
	if err != nil {
		return domain.RunLease{}, false, err
	}
	if l.AcquiredAt, err = parseTime(acquired); err != nil {
		return domain.RunLease{}, false, fmt.Errorf("lease of run %s: %w", runID, err)
	}
	if l.ExpiresAt, err = parseTime(expires); err != nil {
		return domain.RunLease{}, false, fmt.Errorf("lease of run %s: %w", runID, err)
	}
	return l, true, nil
}
