-- 0004_run_leases: one row per run being executed, owned by the process that executes it.
-- The holder renews expires_at while it works (heartbeat) and deletes the row when the run
-- ends; a row whose expires_at has passed belongs to a process that died. See store/leases.go.
CREATE TABLE run_leases (
    run_id      TEXT    NOT NULL PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    holder      TEXT    NOT NULL,
    host        TEXT    NOT NULL,
    pid         INTEGER NOT NULL,
    acquired_at TEXT    NOT NULL,
    expires_at  TEXT    NOT NULL
);
