// Package store is DeepCritical's local SQLite database: runs, their events,
// the deduplicated evidence, assessments, verdicts, reports, LLM exchanges, the appraisal
// cache and the user's library, with FTS5 indexes for history and library search.
//
// Open refuses, without touching it, any file it cannot safely own: a file that is not
// SQLite, an SQLite file of another application, a damaged database, or one written by a
// newer DeepCritical. Every method takes a context first and returns domain errors
// (domain.CodeNotFound for a missing row) whose messages are safe to show.
package store

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"deepcritical/backend/domain"
)

// sqliteHeader is the 16-byte magic string every SQLite 3 database file starts with.
const sqliteHeader = "SQLite format 3\x00"

// timeLayout is the fixed-width UTC layout of every stored time, so text order is time order.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

// maxOpenConns bounds the pool: WAL allows concurrent readers, writers queue on busy_timeout.
const maxOpenConns = 8

// Store is the SQLite database. It is safe for concurrent use.
type Store struct {
	db       *sql.DB
	path     string
	clock    func() time.Time
	readOnly bool

	// stmts caches prepared statements of the hot paths (event append, evidence and library
	// upserts); database/sql re-prepares them per pooled connection as needed.
	stmtMu sync.Mutex
	stmts  map[string]*sql.Stmt
}

// Option configures Open.
type Option func(*options)

type options struct {
	clock func() time.Time
}

// WithClock injects the clock used for created/updated times, event times and run ids, so
// tests and replays are deterministic.
func WithClock(clock func() time.Time) Option {
	return func(o *options) {
		if clock != nil {
			o.clock = clock
		}
	}
}

// Open opens (creating if needed) the database at path and applies the embedded migrations.
// It checks an existing file before the driver touches it, and leaves a file it refuses
// byte-for-byte unchanged.
func Open(ctx context.Context, path string, opts ...Option) (*Store, error) {
	o := options{clock: time.Now}
	for _, opt := range opts {
		opt(&o)
	}
	if strings.TrimSpace(path) == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "database path is empty")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("database path %s is not usable: %v", path, err))
	}
	if err := ensureWritableDir(filepath.Dir(abs)); err != nil {
		return nil, err
	}
	if err := preflight(ctx, abs); err != nil {
		return nil, err
	}

	db, err := sql.Open("sqlite", dsn(abs, false))
	if err != nil {
		return nil, domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot open database %s: %v", abs, err))
	}
	db.SetMaxOpenConns(maxOpenConns)
	db.SetMaxIdleConns(maxOpenConns)
	s := &Store{db: db, path: abs, clock: o.clock}
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot open database %s: %v", abs, err))
	}
	if err := s.migrate(ctx); err != nil {
		_ = db.Close()
		return nil, err
	}
	return s, nil
}

// OpenReadOnly opens an existing database for reading only, without migrating it: the
// history of a data folder that cannot be written (a read-only mount, a backup, another
// user's folder) can still be browsed. It applies the same checks as Open and leaves the
// file untouched; every write fails with a "not writable" error.
func OpenReadOnly(ctx context.Context, path string, opts ...Option) (*Store, error) {
	o := options{clock: time.Now}
	for _, opt := range opts {
		opt(&o)
	}
	abs, err := filepath.Abs(path)
	if err != nil || strings.TrimSpace(path) == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "database path %q is not usable", path)
	}
	fi, err := os.Stat(abs)
	if errors.Is(err, os.ErrNotExist) || (err == nil && fi.Size() == 0) {
		return nil, domain.Errorf(domain.CodeNotFound, "there is no database at %s yet: nothing to show", abs)
	}
	if err := preflight(ctx, abs); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", readOnlyDSN(abs))
	if err != nil {
		return nil, domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot open database %s: %v", abs, err))
	}
	db.SetMaxOpenConns(maxOpenConns)
	db.SetMaxIdleConns(maxOpenConns)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot open database %s: %v", abs, err))
	}
	return &Store{db: db, path: abs, clock: o.clock, readOnly: true}, nil
}

// OpenEmpty opens an empty database in memory, with the schema and nothing in it, read as
// OpenReadOnly's: what a reader of a data folder with no database yet is shown (`mcp
// --read-only` started before the first run lists no runs rather than exiting). Nothing is
// written to disk; its writes are refused by the services, as for any read-only store.
func OpenEmpty(ctx context.Context, opts ...Option) (*Store, error) {
	o := options{clock: time.Now}
	for _, opt := range opts {
		opt(&o)
	}
	// A named shared-cache memory database: every pooled connection sees the one schema
	// (a plain ":memory:" is a new empty database per connection).
	name := fmt.Sprintf("file:deepcritical-empty-%d?mode=memory&cache=shared&_pragma=foreign_keys(1)", emptySeq.Add(1))
	db, err := sql.Open("sqlite", name)
	if err != nil {
		return nil, domain.Wrap(domain.CodeUnavailable, err, "cannot open an empty database in memory")
	}
	db.SetMaxOpenConns(maxOpenConns)
	db.SetMaxIdleConns(maxOpenConns)
	s := &Store{db: db, path: ":memory:", clock: o.clock, readOnly: true}
	if err := s.migrate(ctx); err != nil {
		_ = db.Close()
		return nil, err
	}
	return s, nil
}

// emptySeq names each OpenEmpty database apart, so two in one process never share one.
var emptySeq atomic.Int64

// ReadOnly reports whether the store was opened with OpenReadOnly.
func (s *Store) ReadOnly() bool { return s.readOnly }

// readOnlyDSN opens abs without writing. SQLite needs the -shm file of a WAL database, which
// it cannot create in a read-only directory; there nobody else can write either, so the file
// is opened as immutable (no locks, no -shm) unless a -shm is already present.
func readOnlyDSN(abs string) string {
	d := dsn(abs, true)
	if _, err := os.Stat(abs + "-shm"); err == nil {
		return d
	}
	if probeWritable(filepath.Dir(abs)) {
		return d
	}
	return d + "&immutable=1"
}

// probeWritable reports whether a file can be created in the existing directory dir.
func probeWritable(dir string) bool {
	f, err := os.CreateTemp(dir, ".deepcritical-write-probe-*")
	if err != nil {
		return false
	}
	name := f.Name()
	_ = f.Close()
	return os.Remove(name) == nil
}

// dsn builds the modernc DSN. The pragmas ride on _pragma parameters so that every pooled
// connection gets them, not only the first one.
func dsn(abs string, readOnly bool) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive path: file:///C:/...
	}
	u := url.URL{Scheme: "file", Path: p}
	q := []string{"_pragma=busy_timeout(5000)"}
	if readOnly {
		q = append(q, "mode=ro")
	} else {
		q = append(q,
			"_pragma=journal_mode(WAL)",
			"_pragma=foreign_keys(1)",
			// NORMAL is durable against corruption in WAL mode and avoids an fsync per commit.
			"_pragma=synchronous(NORMAL)",
			// 16 MB of page cache per connection (default 2 MB) keeps the FTS doclists of a
			// large history in memory between searches.
			"_pragma=cache_size(-16000)",
			"_txlock=immediate",
		)
	}
	return u.String() + "?" + strings.Join(q, "&")
}

// ErrNotWritable is in the chain of Open's error when the data directory cannot be written,
// so the caller can fall back to OpenReadOnly and still show the history.
var ErrNotWritable = errors.New("data directory is not writable")

// ensureWritableDir creates dir (0700) when missing and proves it writable with a probe file,
// so a read-only data directory is reported as such rather than as an obscure SQLite error.
func ensureWritableDir(dir string) error {
	notWritable := func(err error) error {
		return domain.Wrap(domain.CodeUnavailable, fmt.Errorf("%w: %w", ErrNotWritable, err),
			fmt.Sprintf("data directory %s is not writable: %v", dir, err))
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return notWritable(err)
	}
	f, err := os.CreateTemp(dir, ".deepcritical-write-probe-*")
	if err != nil {
		return notWritable(err)
	}
	name := f.Name()
	_ = f.Close()
	if err := os.Remove(name); err != nil {
		return notWritable(err)
	}
	return nil
}

// preflight inspects an existing, non-empty file without modifying it: the SQLite header
// first, then a read-only connection for integrity, ownership and schema version.
func preflight(ctx context.Context, abs string) error {
	fi, err := os.Stat(abs)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot read database %s: %v", abs, err))
	}
	if fi.IsDir() {
		return domain.Errorf(domain.CodeInvalid, "database path %s is a directory, not a file", abs)
	}
	if fi.Size() == 0 {
		return nil
	}
	if err := checkHeader(abs, fi.Size()); err != nil {
		return err
	}

	db, err := sql.Open("sqlite", readOnlyDSN(abs))
	if err != nil {
		return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot open database %s: %v", abs, err))
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	damaged := func(err error, detail string) error {
		return domain.Wrap(domain.CodeUnavailable, err,
			fmt.Sprintf("database %s is damaged (%s); it was left untouched: restore a backup or move it aside", abs, detail))
	}
	var tables int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master`).Scan(&tables); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return damaged(err, err.Error())
	}
	problems, err := quickCheckCore(ctx, db)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return damaged(err, err.Error())
	}
	if problems != "ok" {
		return damaged(errors.New(problems), "integrity check failed: "+firstLine(problems))
	}

	version, hasMigrations, err := recordedVersion(ctx, db)
	if err != nil {
		return damaged(err, err.Error())
	}
	if !hasMigrations && tables > 0 {
		return domain.Errorf(domain.CodeInvalid,
			"%s is an SQLite database of another application (no DeepCritical schema); it was left untouched", abs)
	}
	if latest := LatestSchemaVersion(); version > latest {
		return domain.Errorf(domain.CodeUnavailable,
			"database schema version %d is newer than this DeepCritical supports (%d); upgrade the app (database %s was left untouched)",
			version, latest, abs)
	}
	return nil
}

// checkHeader refuses a file that does not start with the SQLite magic string, and a file
// shorter than the page count its own header records (a truncated copy or download).
func checkHeader(abs string, size int64) error {
	f, err := os.Open(abs)
	if err != nil {
		return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("cannot read database %s: %v", abs, err))
	}
	defer f.Close()
	head := make([]byte, 100)
	n, err := io.ReadFull(f, head)
	if n < len(sqliteHeader) || !bytes.Equal(head[:len(sqliteHeader)], []byte(sqliteHeader)) {
		return domain.Errorf(domain.CodeInvalid,
			"%s is not an SQLite database (DeepCritical's database file); it was left untouched", abs)
	}
	damaged := func(detail string) error {
		return domain.Errorf(domain.CodeUnavailable,
			"database %s is damaged (%s); it was left untouched: restore a backup or move it aside", abs, detail)
	}
	if err != nil {
		return damaged("the file header is incomplete")
	}
	pageSize := int64(binary.BigEndian.Uint16(head[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if pageSize < 512 || pageSize > 65536 || pageSize&(pageSize-1) != 0 {
		return damaged(fmt.Sprintf("invalid page size %d in the header", pageSize))
	}
	changeCounter := binary.BigEndian.Uint32(head[24:28])
	pages := int64(binary.BigEndian.Uint32(head[28:32]))
	validFor := binary.BigEndian.Uint32(head[92:96])
	// The in-header page count is trustworthy only when version-valid-for matches the change
	// counter (SQLite ≥ 3.7.0 keeps them equal).
	if pages > 0 && changeCounter == validFor && size < pages*pageSize {
		return damaged(fmt.Sprintf("the file is truncated: %d bytes, its header records %d", size, pages*pageSize))
	}
	if size%pageSize != 0 {
		return damaged(fmt.Sprintf("the file size %d is not a multiple of its page size %d", size, pageSize))
	}
	return nil
}

// coreTables are checked structurally at every open: they are small and everything else
// hangs off them. A full quick_check reads the whole file (about a second per 50 MB), too
// slow for every start, so it is left to IntegrityCheck (the doctor command); damage in other
// tables surfaces as a "damaged" error on the query that meets it.
var coreTables = []string{"schema_migrations", "runs"}

// quickCheckCore runs PRAGMA quick_check on the core tables that exist and returns "ok" or
// the problems found.
func quickCheckCore(ctx context.Context, db *sql.DB) (string, error) {
	var problems []string
	for _, table := range coreTables {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, table).Scan(&n); err != nil {
			return "", err
		}
		if n == 0 {
			continue
		}
		out, err := collectLines(ctx, db, `PRAGMA quick_check(`+table+`)`)
		if err != nil {
			return "", err
		}
		if out != "ok" {
			problems = append(problems, out)
		}
	}
	if len(problems) == 0 {
		return "ok", nil
	}
	return strings.Join(problems, "\n"), nil
}

// recordedVersion returns the highest version recorded in schema_migrations or user_version,
// and whether the file carries DeepCritical's migration table at all.
func recordedVersion(ctx context.Context, db *sql.DB) (int, bool, error) {
	var userVersion int
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&userVersion); err != nil {
		return 0, false, fmt.Errorf("read user_version: %w", err)
	}
	var n int
	if err := db.QueryRowContext(ctx,
		`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&n); err != nil {
		return 0, false, fmt.Errorf("look for schema_migrations: %w", err)
	}
	if n == 0 {
		return userVersion, userVersion > 0, nil
	}
	var maxVersion sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT max(version) FROM schema_migrations`).Scan(&maxVersion); err != nil {
		return 0, true, fmt.Errorf("read schema_migrations: %w", err)
	}
	return max(userVersion, int(maxVersion.Int64)), true, nil
}

func collectLines(ctx context.Context, db *sql.DB, query string) (string, error) {
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return "", err
		}
		lines = append(lines, line)
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return strings.Join(lines, "\n"), nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// Close closes the database; in WAL mode the last close checkpoints the log into the file.
func (s *Store) Close() error {
	s.stmtMu.Lock()
	for _, st := range s.stmts {
		_ = st.Close()
	}
	s.stmts = nil
	s.stmtMu.Unlock()
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close database %s: %w", s.path, err)
	}
	return nil
}

// Path is the absolute path of the database file, shown by `settings path` and `doctor`.
func (s *Store) Path() string { return s.path }

// IntegrityCheck runs PRAGMA integrity_check over the whole file and returns its report
// ("ok" when healthy); the error is only for a check that could not run.
func (s *Store) IntegrityCheck(ctx context.Context) (string, error) {
	out, err := collectLines(ctx, s.db, `PRAGMA integrity_check`)
	var se *sqlite.Error
	if errors.As(err, &se) && (se.Code()&0xff == sqlite3.SQLITE_CORRUPT || se.Code()&0xff == sqlite3.SQLITE_NOTADB) {
		// The check could not even walk the file: that is its finding, not a failure to run.
		return se.Error(), nil
	}
	if err != nil {
		return "", s.dbErr(err, "checking integrity")
	}
	return out, nil
}

// NewRunID returns a new run id that sorts by creation time (from the injected clock) and
// carries 32 random bits so ids made in the same millisecond do not collide.
func (s *Store) NewRunID() string {
	t := s.clock().UTC()
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand never fails on supported platforms; fall back to the nanoseconds.
		return fmt.Sprintf("%s-%09d", t.Format("20060102-150405.000"), t.Nanosecond())
	}
	return t.Format("20060102-150405") + fmt.Sprintf("%03d", t.Nanosecond()/1e6) + "-" + hex.EncodeToString(b[:])
}

func (s *Store) now() time.Time { return s.clock().UTC() }

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(timeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("parse stored time %q: %w", s, err)
	}
	return t, nil
}

func parseNullTime(ns sql.NullString) (*time.Time, error) {
	if !ns.Valid || ns.String == "" {
		return nil, nil
	}
	t, err := parseTime(ns.String)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func nullTime(t *time.Time) sql.NullString {
	if t == nil || t.IsZero() {
		return sql.NullString{}
	}
	return sql.NullString{String: formatTime(*t), Valid: true}
}

// dbErr turns a driver error into a domain error: busy and full disks are "unavailable"
// with a message the user can act on, context ends pass through, the rest is internal.
func (s *Store) dbErr(err error, doing string) error {
	if err == nil {
		return nil
	}
	var de *domain.Error
	if errors.As(err, &de) {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return domain.Wrap(domain.CodeUnavailable, err, "database operation cancelled while "+doing)
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return domain.Wrap(domain.CodeUnavailable, err, "the database is busy (another DeepCritical may be writing); try again")
		case sqlite3.SQLITE_FULL:
			return domain.Wrap(domain.CodeUnavailable, err, "the disk holding the database is full")
		case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN:
			return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("database %s is not writable", s.path))
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return domain.Wrap(domain.CodeUnavailable, err, fmt.Sprintf("database %s is damaged", s.path))
		}
	}
	return domain.Wrap(domain.CodeInternal, fmt.Errorf("%s: %w", doing, err), "database error while "+doing)
}

// isConstraint reports whether err is an SQLite constraint violation of the given extended code
// (0 matches any constraint).
func isConstraint(err error, extended int) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	if se.Code()&0xff != sqlite3.SQLITE_CONSTRAINT {
		return false
	}
	return extended == 0 || se.Code() == extended
}

// stmt returns the cached prepared statement for query, preparing it on first use.
func (s *Store) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	s.stmtMu.Lock()
	defer s.stmtMu.Unlock()
	if st, ok := s.stmts[query]; ok {
		return st, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if s.stmts == nil {
		s.stmts = map[string]*sql.Stmt{}
	}
	s.stmts[query] = st
	return st, nil
}

// prepare returns the cached statement for query bound to tx.
func (s *Store) prepare(ctx context.Context, tx *sql.Tx, query string) (*sql.Stmt, error) {
	st, err := s.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return tx.StmtContext(ctx, st), nil
}

// stmtFor returns the cached statement for query, bound to q when q is a transaction.
func (s *Store) stmtFor(ctx context.Context, q querier, query string) (*sql.Stmt, error) {
	if tx, ok := q.(*sql.Tx); ok {
		return s.prepare(ctx, tx, query)
	}
	return s.stmt(ctx, query)
}

// insertID runs a single-row INSERT and returns the new rowid. RETURNING is avoided on
// purpose: it opens a statement savepoint, and FTS5 flushes its pending index at each one.
func insertID(ctx context.Context, st *sql.Stmt, args ...any) (int64, error) {
	res, err := st.ExecContext(ctx, args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// withTx runs fn in one IMMEDIATE transaction (the DSN's _txlock), committing on success.
func (s *Store) withTx(ctx context.Context, doing string, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.dbErr(err, doing)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return s.dbErr(err, doing)
	}
	if err := tx.Commit(); err != nil {
		return s.dbErr(err, doing)
	}
	return nil
}

// Extended constraint codes the repositories translate into domain errors.
const (
	sqlite3ConstraintUnique     = sqlite3.SQLITE_CONSTRAINT_UNIQUE
	sqlite3ConstraintPrimaryKey = sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	sqlite3ConstraintForeignKey = sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
)

// The store is the research loop's persistence port.
var _ domain.RunStore = (*Store)(nil)
