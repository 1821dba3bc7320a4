package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"deepcritical/backend/domain"
)

// migrationFS holds the ordered schema migrations NNNN_name.sql; they are compiled in so a
// binary always carries the schema it expects.
//
//go:embed migrations/*.sql
var migrationFS embed.FS

// migration is one embedded schema step.
type migration struct {
	Version int
	Name    string
	SQL     string
}

// loadMigrations parses the embedded files, rejecting bad names, duplicates and gaps so a
// packaging mistake fails loudly in tests rather than half-migrating a user's file.
func loadMigrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFS, "migrations")
	if err != nil {
		return nil, fmt.Errorf("read embedded migrations: %w", err)
	}
	var out []migration
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".sql") {
			continue
		}
		prefix, rest, ok := strings.Cut(strings.TrimSuffix(name, ".sql"), "_")
		v, err := strconv.Atoi(prefix)
		if !ok || err != nil || v <= 0 || rest == "" {
			return nil, fmt.Errorf("migration file %q is not named NNNN_name.sql", name)
		}
		body, err := migrationFS.ReadFile(path.Join("migrations", name))
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		out = append(out, migration{Version: v, Name: rest, SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i, m := range out {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migration versions must be 1..n without gaps: found %d at position %d", m.Version, i+1)
		}
	}
	return out, nil
}

// LatestSchemaVersion is the version of the newest embedded migration.
func LatestSchemaVersion() int {
	ms, err := loadMigrations()
	if err != nil || len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].Version
}

// migrate applies every embedded migration not yet recorded, each in its own IMMEDIATE
// transaction that re-checks the record, so two processes opening the same new file at once
// apply each step exactly once.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return domain.Wrap(domain.CodeInternal, err, "this DeepCritical build carries broken database migrations")
	}
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TEXT NOT NULL
	)`); err != nil {
		return s.dbErr(err, "preparing migrations")
	}
	for _, m := range ms {
		err := s.withTx(ctx, fmt.Sprintf("applying migration %04d_%s", m.Version, m.Name), func(tx *sql.Tx) error {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)`,
				m.Version, m.Name, formatTime(s.now())); err != nil {
				return err
			}
			// user_version mirrors the table so tools that only read the header see it too.
			_, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, m.Version))
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// SchemaVersion is the highest migration recorded in this database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT max(version) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, s.dbErr(err, "reading the schema version")
	}
	return int(v.Int64), nil
}
