package store

import (
	"context"
	"database/sql"
	"deepcritical/internal/testfs"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

func TestMigrationsAppliedOnceAndRecorded(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "nested", "dir", "deepcritical.db")
	clock := newFakeClock()

	for i := 0; i < 3; i++ {
		s, err := Open(ctx, path, WithClock(clock.Now))
		require.NoError(t, err, "open #%d", i+1)
		v, err := s.SchemaVersion(ctx)
		require.NoError(t, err)
		require.Equal(t, LatestSchemaVersion(), v)

		rows, err := s.db.QueryContext(ctx, `SELECT version, name, applied_at FROM schema_migrations ORDER BY version`)
		require.NoError(t, err)
		var recorded []string
		for rows.Next() {
			var (
				version  int
				name, at string
			)
			require.NoError(t, rows.Scan(&version, &name, &at))
			_, err := parseTime(at)
			require.NoError(t, err)
			recorded = append(recorded, name)
			require.Equal(t, len(recorded), version)
		}
		require.NoError(t, rows.Err())
		require.NoError(t, rows.Close())
		ms, err := loadMigrations()
		require.NoError(t, err)
		var want []string
		for _, m := range ms {
			want = append(want, m.Name)
		}
		require.Equal(t, want, recorded, "each migration recorded exactly once")

		var userVersion int
		require.NoError(t, s.db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&userVersion))
		require.Equal(t, LatestSchemaVersion(), userVersion)
		require.NoError(t, s.Close())
	}

	fi, err := os.Stat(filepath.Dir(path))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), fi.Mode().Perm(), "data directory is private")
}

func TestEmbeddedMigrationsAreOrdered(t *testing.T) {
	ms, err := loadMigrations()
	require.NoError(t, err)
	require.NotEmpty(t, ms)
	for i, m := range ms {
		require.Equal(t, i+1, m.Version)
		require.NotEmpty(t, strings.TrimSpace(m.SQL))
	}
	require.Equal(t, ms[len(ms)-1].Version, LatestSchemaVersion())
}

// TestEveryPooledConnectionHasPragmas holds several connections open at once so the pool
// must create new ones, and checks each has WAL, foreign keys and the busy timeout.
func TestEveryPooledConnectionHasPragmas(t *testing.T) {
	s, _ := newTestStore(t)
	ctx := context.Background()
	var conns []*sql.Conn
	for i := 0; i < 4; i++ {
		c, err := s.db.Conn(ctx)
		require.NoError(t, err)
		conns = append(conns, c)
	}
	for i, c := range conns {
		var mode string
		var fk, busy int
		require.NoError(t, c.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode))
		require.NoError(t, c.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk))
		require.NoError(t, c.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&busy))
		require.Equal(t, "wal", mode, "conn %d", i)
		require.Equal(t, 1, fk, "conn %d", i)
		require.Equal(t, 5000, busy, "conn %d", i)
	}
	for _, c := range conns {
		require.NoError(t, c.Close())
	}
}

// makeDB creates a populated database at path and closes it (the WAL is checkpointed).
func makeDB(t *testing.T, path string) {
	t.Helper()
	ctx := context.Background()
	s, err := Open(ctx, path)
	require.NoError(t, err)
	for i := 0; i < 40; i++ {
		r := testRun(s.NewRunID(), strings.Repeat("metformin and alzheimer disease ", 20))
		require.NoError(t, s.CreateRun(ctx, r))
		ev := paper(string(rune('a'+i%26))+strings.Repeat("1", i+1), "Title "+r.ID, strings.Repeat("amyloid tau ", 200))
		keys, err := s.UpsertEvidence(ctx, []domain.Evidence{ev})
		require.NoError(t, err)
		_, err = s.LinkEvidence(ctx, r.ID, 1, keys)
		require.NoError(t, err)
	}
	require.NoError(t, s.Close())
}

func TestOpenRefusesAndLeavesUntouched(t *testing.T) {
	type fixture func(t *testing.T, path string)
	cases := []struct {
		name    string
		setup   fixture
		code    domain.Code
		message string
	}{
		{
			name: "not an SQLite file",
			setup: func(t *testing.T, path string) {
				require.NoError(t, os.WriteFile(path, []byte("# my notes\nthis is not a database, please keep it\n"), 0o600))
			},
			code:    domain.CodeInvalid,
			message: "is not an SQLite database",
		},
		{
			name: "shorter than the header",
			setup: func(t *testing.T, path string) {
				require.NoError(t, os.WriteFile(path, []byte("SQLite"), 0o600))
			},
			code:    domain.CodeInvalid,
			message: "is not an SQLite database",
		},
		{
			name: "newer schema in schema_migrations",
			setup: func(t *testing.T, path string) {
				makeDB(t, path)
				db, err := sql.Open("sqlite", "file:"+path)
				require.NoError(t, err)
				_, err = db.Exec(`INSERT INTO schema_migrations(version, name, applied_at) VALUES (99, 'future', '2030-01-01T00:00:00.000000000Z')`)
				require.NoError(t, err)
				require.NoError(t, db.Close())
			},
			code:    domain.CodeUnavailable,
			message: fmt.Sprintf("database schema version 99 is newer than this DeepCritical supports (%d); upgrade the app", LatestSchemaVersion()),
		},
		{
			name: "newer schema in user_version only",
			setup: func(t *testing.T, path string) {
				makeDB(t, path)
				db, err := sql.Open("sqlite", "file:"+path)
				require.NoError(t, err)
				_, err = db.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, LatestSchemaVersion()+1))
				require.NoError(t, err)
				require.NoError(t, db.Close())
			},
			code:    domain.CodeUnavailable,
			message: fmt.Sprintf("database schema version %d is newer", LatestSchemaVersion()+1),
		},
		{
			name: "another application's SQLite database",
			setup: func(t *testing.T, path string) {
				db, err := sql.Open("sqlite", "file:"+path)
				require.NoError(t, err)
				_, err = db.Exec(`CREATE TABLE contacts(name TEXT); INSERT INTO contacts VALUES ('Ada')`)
				require.NoError(t, err)
				require.NoError(t, db.Close())
			},
			code:    domain.CodeInvalid,
			message: "SQLite database of another application",
		},
		{
			name: "truncated database",
			setup: func(t *testing.T, path string) {
				makeDB(t, path)
				fi, err := os.Stat(path)
				require.NoError(t, err)
				require.NoError(t, os.Truncate(path, fi.Size()/3))
			},
			code:    domain.CodeUnavailable,
			message: "is damaged",
		},
		{
			name: "garbage pages after a valid header",
			setup: func(t *testing.T, path string) {
				makeDB(t, path)
				b, err := os.ReadFile(path)
				require.NoError(t, err)
				for i := 4096; i < len(b); i++ {
					b[i] = byte(i*7 + 3)
				}
				require.NoError(t, os.WriteFile(path, b, 0o600))
			},
			code:    domain.CodeUnavailable,
			message: "is damaged",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "deepcritical.db")
			tc.setup(t, path)
			before := fileSHA(t, path)

			s, err := Open(context.Background(), path)
			if s != nil {
				_ = s.Close()
			}
			requireCode(t, err, tc.code)
			msg := domain.SafeMessage(err)
			require.Contains(t, msg, tc.message)
			require.Contains(t, msg, path, "the message names the file")
			require.Equal(t, before, fileSHA(t, path), "the refused file is byte-for-byte unchanged")
		})
	}
}

func TestOpenDirectoryErrors(t *testing.T) {
	t.Run("parent is a file", func(t *testing.T) {
		blocker := filepath.Join(t.TempDir(), "blocker")
		require.NoError(t, os.WriteFile(blocker, []byte("x"), 0o600))
		dir := filepath.Join(blocker, "deepcritical")
		_, err := Open(context.Background(), filepath.Join(dir, "deepcritical.db"))
		requireCode(t, err, domain.CodeUnavailable)
		require.Contains(t, domain.SafeMessage(err), "data directory "+dir+" is not writable: ")
	})
	t.Run("read-only directory", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("running as root: permission bits do not stop root, covered by 'parent is a file'")
		}
		dir := filepath.Join(t.TempDir(), "ro")
		require.NoError(t, os.Mkdir(dir, 0o500))
		t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
		_, err := Open(context.Background(), filepath.Join(dir, "deepcritical.db"))
		requireCode(t, err, domain.CodeUnavailable)
		require.Contains(t, domain.SafeMessage(err), "data directory "+dir+" is not writable: ")
	})
	t.Run("path is a directory", func(t *testing.T) {
		dir := t.TempDir()
		_, err := Open(context.Background(), dir)
		requireCode(t, err, domain.CodeInvalid)
		require.Contains(t, domain.SafeMessage(err), "is a directory")
	})
	t.Run("empty path", func(t *testing.T) {
		_, err := Open(context.Background(), "  ")
		requireCode(t, err, domain.CodeInvalid)
	})
}

func TestOpenEmptyFileAndSpecialCharacters(t *testing.T) {
	ctx := context.Background()
	// An empty file (e.g. touched by an installer) is a fresh database; a path with URI
	// characters must not be misread as DSN parameters.
	path := filepath.Join(t.TempDir(), "my data #1?x=y&z", "deep critical%20.db")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	s, err := Open(ctx, path)
	require.NoError(t, err)
	require.NoError(t, s.CreateRun(ctx, testRun("r1", "what about metformin")))
	require.NoError(t, s.Close())

	s, err = Open(ctx, path)
	require.NoError(t, err)
	defer s.Close()
	n, err := s.CountRuns(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.Equal(t, path, s.Path())
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	for _, e := range entries {
		require.True(t, strings.HasPrefix(e.Name(), "deep critical%20.db"), "no stray file %q", e.Name())
	}
}

func TestIntegrityCheck(t *testing.T) {
	s, _ := newTestStore(t)
	out, err := s.IntegrityCheck(context.Background())
	require.NoError(t, err)
	require.Equal(t, "ok", out)
}

func TestClockInjection(t *testing.T) {
	ctx := context.Background()
	fixed := time.Date(2031, 7, 1, 12, 30, 45, 123_000_000, time.UTC)
	s, err := Open(ctx, filepath.Join(t.TempDir(), "db"), WithClock(func() time.Time { return fixed }))
	require.NoError(t, err)
	defer s.Close()

	id := s.NewRunID()
	require.Regexp(t, `^20310701-123045123-[0-9a-f]{8}$`, id)
	require.NotEqual(t, id, s.NewRunID(), "ids made in the same millisecond differ")

	require.NoError(t, s.CreateRun(ctx, testRun(id, "clock question")))
	r, err := s.GetRun(ctx, id)
	require.NoError(t, err)
	require.True(t, r.CreatedAt.Equal(fixed))
	require.True(t, r.UpdatedAt.Equal(fixed))

	ev, err := s.AppendEvent(ctx, domain.Event{RunID: id, Type: domain.EventStarted, Message: "go"})
	require.NoError(t, err)
	require.True(t, ev.Time.Equal(fixed))

	v, err := s.SchemaVersion(ctx)
	require.NoError(t, err)
	require.Equal(t, LatestSchemaVersion(), v)
	var applied string
	require.NoError(t, s.db.QueryRowContext(ctx, `SELECT applied_at FROM schema_migrations WHERE version = 1`).Scan(&applied))
	require.Equal(t, "2031-07-01T12:30:45.123000000Z", applied)
}

func TestRunIDsSortByTime(t *testing.T) {
	s, clock := newTestStore(t)
	_ = clock
	prev := ""
	for i := 0; i < 50; i++ {
		id := s.NewRunID()
		require.Greater(t, id, prev)
		prev = id
	}
}

// TestDamageOutsideCoreTables damages only the evidence table: Open's bounded check lets the
// file open (the runs are still readable), the query that meets the damage says so, and
// IntegrityCheck reports it.
func TestDamageOutsideCoreTables(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "deepcritical.db")
	makeDB(t, path)

	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	var root, pageSize int
	require.NoError(t, db.QueryRow(`SELECT rootpage FROM sqlite_master WHERE name = 'evidence'`).Scan(&root))
	require.NoError(t, db.QueryRow(`PRAGMA page_size`).Scan(&pageSize))
	require.NoError(t, db.Close())

	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	garbage := []byte(strings.Repeat("\xde\xad\xbe\xef", pageSize/4))
	_, err = f.WriteAt(garbage, int64(root-1)*int64(pageSize))
	require.NoError(t, err)
	require.NoError(t, f.Close())

	s, err := Open(ctx, path)
	require.NoError(t, err)
	defer s.Close()
	n, err := s.CountRuns(ctx)
	require.NoError(t, err)
	require.Equal(t, 40, n)

	_, err = s.GetEvidence(ctx, "pmid:a1")
	requireCode(t, err, domain.CodeUnavailable)
	require.Contains(t, domain.SafeMessage(err), "is damaged")

	report, err := s.IntegrityCheck(ctx)
	require.NoError(t, err)
	require.NotEqual(t, "ok", report)
}

// TestOpenReadOnlyFolder: a data folder that cannot be written refuses Open (with
// ErrNotWritable, so the app can fall back) and OpenReadOnly still lists and reads the runs,
// refuses writes with a clear message and leaves the file byte-for-byte unchanged.
func TestOpenReadOnlyFolder(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "data")
	path := filepath.Join(dir, "deepcritical.db")
	s, err := Open(ctx, path)
	require.NoError(t, err)
	run := testRun("r1", "does aspirin prevent stroke")
	run.Status = domain.RunComplete
	require.NoError(t, s.CreateRun(ctx, run))
	_, err = s.AppendEvent(ctx, domain.Event{RunID: "r1", Type: domain.EventStarted, Message: "go"})
	require.NoError(t, err)
	require.NoError(t, s.Close())
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	testfs.MakeReadOnly(t, dir)

	_, err = Open(ctx, path)
	require.ErrorIs(t, err, ErrNotWritable)

	ro, err := OpenReadOnly(ctx, path)
	require.NoError(t, err)
	require.True(t, ro.ReadOnly())
	list, err := ro.ListRuns(ctx, RunFilter{Text: "aspirin"})
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, "r1", list[0].ID)
	evs, err := ro.ListEvents(ctx, "r1", 0)
	require.NoError(t, err)
	require.Len(t, evs, 1)
	err = ro.CreateRun(ctx, testRun("r2", "another question"))
	requireCode(t, err, domain.CodeUnavailable)
	require.Contains(t, domain.SafeMessage(err), "is not writable")
	require.NoError(t, ro.Close())
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, before, after)

	_, err = OpenReadOnly(ctx, filepath.Join(t.TempDir(), "none.db"))
	requireCode(t, err, domain.CodeNotFound)
}
