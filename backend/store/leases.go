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
