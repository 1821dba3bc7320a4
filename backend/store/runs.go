package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"deepcritical/backend/domain"
)

// RunFilter selects runs for the history list. Zero fields do not filter.
type RunFilter struct {
	// Text is searched (see ftsQuery for the syntax) over run questions, the evidence
	// linked to each run and the run reports.
	Text   string           `json:"text,omitempty"`
	Status domain.RunStatus `json:"status,omitempty"`
	Judge  domain.Provider  `json:"judge,omitempty"`
	// Verification keeps runs whose report is verified, failed or unverified.
	Verification string `json:"verification,omitempty"`
	// Review keeps runs the reviewer agreed with, disagreed with, reviewed (any decision)
	// or left unreviewed ("none").
	Review string `json:"review,omitempty"`
	// Candidate keeps runs whose final verdict names this drug candidate (any case).
	Candidate string `json:"candidate,omitempty"`
	// Since and Until bound the run's creation date (inclusive days, YYYY-MM-DD).
	Since string `json:"since,omitempty"`
	Until string `json:"until,omitempty"`
	// Limit defaults to DefaultListLimit and is capped at MaxListLimit.
	Limit  int `json:"limit,omitempty"`
	Offset int `json:"offset,omitempty"`
}

// List limits: a page of history is small; a caller cannot ask for the whole table at once.
const (
	DefaultListLimit = 50
	MaxListLimit     = 1000
)

// RunSummary is one row of the history list.
type RunSummary struct {
	ID            string           `json:"id"`
	Question      string           `json:"question"`
	Status        domain.RunStatus `json:"status"`
	Judge         domain.JudgeInfo `json:"judge"`
	Iterations    int              `json:"iterations"`
	EvidenceCount int              `json:"evidence_count"`
	VerdictPass   *bool            `json:"verdict_pass,omitempty"`
	CreatedAt     time.Time        `json:"created_at"`
	FinishedAt    *time.Time       `json:"finished_at,omitempty"`
	StopReason    string           `json:"stop_reason,omitempty"`
	Error         string           `json:"error,omitempty"`
	// ReportStatus is the stored report's status (verified, failed, unverified), empty
	// when the run has no report.
	ReportStatus string `json:"report_status,omitempty"`
	// Verdicts counts the run's own final verdict (when it was judged) and every
	// re-judgement of its evidence.
	Verdicts int `json:"verdicts"`
	// Review is the reviewer's decision in force on the verdict (agree, disagree), "papers"
	// when only papers were decided on, "" when nobody reviewed the run.
	Review string `json:"review,omitempty"`
	// Candidates are the drug candidates of the run's own final verdict.
	Candidates []string `json:"candidates,omitempty"`
}

func runNotFound(id string) error {
	return domain.Errorf(domain.CodeNotFound, "run %s not found", id)
}

func validateRun(r domain.Run) error {
	if strings.TrimSpace(r.ID) == "" {
		return domain.Errorf(domain.CodeInvalid, "run id is empty")
	}
	if strings.TrimSpace(r.Question) == "" {
		return domain.Errorf(domain.CodeInvalid, "run %s: question is empty", r.ID)
	}
	if !r.Status.Valid() {
		return domain.Errorf(domain.CodeInvalid, "run %s: unknown status %q", r.ID, string(r.Status))
	}
	return nil
}

func nullBool(b *bool) sql.NullBool {
	if b == nil {
		return sql.NullBool{}
	}
	return sql.NullBool{Bool: *b, Valid: true}
}

func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}

// CreateRun stores a new run. CreatedAt and UpdatedAt default to the clock; a duplicate id
// is an invalid-input error.
func (s *Store) CreateRun(ctx context.Context, r domain.Run) error {
	if err := validateRun(r); err != nil {
		return err
	}
	return s.withTx(ctx, "creating a run", func(tx *sql.Tx) error {
		return s.createRun(ctx, tx, r)
	})
}

func (s *Store) createRun(ctx context.Context, q querier, r domain.Run) error {
	now := s.now()
	if r.CreatedAt.IsZero() {
		r.CreatedAt = now
	}
	if r.UpdatedAt.IsZero() {
		r.UpdatedAt = r.CreatedAt
	}
	cfg, err := json.Marshal(r.Config)
	if err != nil {
		return fmt.Errorf("encode run config: %w", err)
	}
	judge, err := json.Marshal(r.Judge)
	if err != nil {
		return fmt.Errorf("encode run judge: %w", err)
	}
	parsed := ""
	if r.Parsed != nil {
		b, err := json.Marshal(r.Parsed)
		if err != nil {
			return fmt.Errorf("encode parsed question: %w", err)
		}
		parsed = string(b)
	}
	res, err := q.ExecContext(ctx, `INSERT INTO runs(id, question, config, status, stop_reason, error, judge, judge_provider,
		iterations, verdict_pass, parent_run_id, created_at, updated_at, finished_at, parsed_question)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.Question, string(cfg), string(r.Status), r.StopReason, r.Error, string(judge), judgeProvider(r),
		r.Iterations, nullBool(r.Verdict), nullString(r.ParentRunID),
		formatTime(r.CreatedAt), formatTime(r.UpdatedAt), nullTime(r.FinishedAt), parsed)
	switch {
	case isConstraint(err, sqlite3ConstraintUnique), isConstraint(err, sqlite3ConstraintPrimaryKey):
		return domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("run %s already exists", r.ID))
	case isConstraint(err, sqlite3ConstraintForeignKey):
		return domain.Wrap(domain.CodeNotFound, err, fmt.Sprintf("parent run %s not found", r.ParentRunID))
	case err != nil:
		return err
	}
	rid, err := res.LastInsertId()
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO runs_fts(rowid, question) VALUES (?, ?)`, rid, r.Question); err != nil {
		return fmt.Errorf("index run question: %w", err)
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO history_fts(rowid, question, evidence, report) VALUES (?, ?, '', '')`, rid, r.Question); err != nil {
		return fmt.Errorf("index run history: %w", err)
	}
	return nil
}

// judgeProvider is the provider a run is filtered by: the judge that ran, else the configured one.
func judgeProvider(r domain.Run) string {
	if r.Judge.Provider != "" {
		return string(r.Judge.Provider)
	}
	return string(r.Config.Judge)
}

// GetRun loads one run.
func (s *Store) GetRun(ctx context.Context, id string) (domain.Run, error) {
	row := s.db.QueryRowContext(ctx, `SELECT id, question, config, status, stop_reason, error, judge, iterations,
		verdict_pass, parent_run_id, created_at, updated_at, finished_at, parsed_question FROM runs WHERE id = ?`, id)
	var (
		r                    domain.Run
		cfg, judge, parsed   string
		status               string
		verdict              sql.NullBool
		parent, finished     sql.NullString
		createdAt, updatedAt string
	)
	err := row.Scan(&r.ID, &r.Question, &cfg, &status, &r.StopReason, &r.Error, &judge, &r.Iterations,
		&verdict, &parent, &createdAt, &updatedAt, &finished, &parsed)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Run{}, runNotFound(id)
	}
	if err != nil {
		return domain.Run{}, s.dbErr(err, "reading a run")
	}
	r.Status = domain.RunStatus(status)
	r.ParentRunID = parent.String
	if verdict.Valid {
		v := verdict.Bool
		r.Verdict = &v
	}
	if err := json.Unmarshal([]byte(cfg), &r.Config); err != nil {
		return domain.Run{}, s.dbErr(fmt.Errorf("decode config of run %s: %w", id, err), "reading a run")
	}
	if err := json.Unmarshal([]byte(judge), &r.Judge); err != nil {
		return domain.Run{}, s.dbErr(fmt.Errorf("decode judge of run %s: %w", id, err), "reading a run")
	}
	if parsed != "" {
		var pq domain.ParsedQuestion
		if err := json.Unmarshal([]byte(parsed), &pq); err != nil {
			return domain.Run{}, s.dbErr(fmt.Errorf("decode parsed question of run %s: %w", id, err), "reading a run")
		}
		r.Parsed = &pq
	}
	if r.CreatedAt, err = parseTime(createdAt); err != nil {
		return domain.Run{}, s.dbErr(err, "reading a run")
	}
	if r.UpdatedAt, err = parseTime(updatedAt); err != nil {
		return domain.Run{}, s.dbErr(err, "reading a run")
	}
	if r.FinishedAt, err = parseNullTime(finished); err != nil {
		return domain.Run{}, s.dbErr(err, "reading a run")
	}
	return r, nil
}

// UpdateRun overwrites a run's mutable fields (question and created_at stay as created) and
// stamps UpdatedAt from the clock. A nil Verdict keeps the stored verdict, because SaveVerdict
// may have set it after the caller loaded the run.
func (s *Store) UpdateRun(ctx context.Context, r domain.Run) error {
	if err := validateRun(r); err != nil {
		return err
	}
	cfg, err := json.Marshal(r.Config)
	if err != nil {
		return domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("run %s: config cannot be encoded", r.ID))
	}
	judge, err := json.Marshal(r.Judge)
	if err != nil {
		return domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("run %s: judge cannot be encoded", r.ID))
	}
	var n int64
	err = s.leasedWrite(ctx, "updating a run", func(q querier) error {
		res, err := q.ExecContext(ctx, `UPDATE runs SET config = ?, status = ?, stop_reason = ?, error = ?, judge = ?,
			judge_provider = ?, iterations = ?, verdict_pass = COALESCE(?, verdict_pass), parent_run_id = ?,
			updated_at = ?, finished_at = ? WHERE id = ?`,
			string(cfg), string(r.Status), r.StopReason, r.Error, string(judge), judgeProvider(r), r.Iterations,
			nullBool(r.Verdict), nullString(r.ParentRunID), formatTime(s.now()), nullTime(r.FinishedAt), r.ID)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if isConstraint(err, sqlite3ConstraintForeignKey) {
		return domain.Wrap(domain.CodeNotFound, err, fmt.Sprintf("parent run %s not found", r.ParentRunID))
	}
	if err != nil {
		return s.dbErr(err, "updating a run")
	}
	if n == 0 {
		return runNotFound(r.ID)
	}
	return nil
}

// DeleteRun removes a run with its events, evidence links, assessments, verdicts, report and
// LLM exchanges. Evidence no other run links and the library does not hold is removed too, so
// deleting history does not leave its papers searchable.
func (s *Store) DeleteRun(ctx context.Context, id string) error {
	return s.withTx(ctx, "deleting a run", func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM runs WHERE id = ?`, id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return runNotFound(id)
		}
		// Remember the run's evidence before the cascade removes the links, then drop what
		// nothing references any more.
		rows, err := tx.QueryContext(ctx, `SELECT evidence_id FROM run_evidence WHERE run_id = ?`, id)
		if err != nil {
			return err
		}
		var linked []int64
		for rows.Next() {
			var eid int64
			if err := rows.Scan(&eid); err != nil {
				_ = rows.Close()
				return err
			}
			linked = append(linked, eid)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM llm_calls WHERE run_id = ?`, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM runs WHERE id = ?`, id); err != nil {
			return err
		}
		orphan, err := tx.PrepareContext(ctx, `DELETE FROM evidence WHERE id = ?
			AND NOT EXISTS (SELECT 1 FROM run_evidence WHERE evidence_id = evidence.id)
			AND NOT EXISTS (SELECT 1 FROM library_records WHERE key = evidence.key)`)
		if err != nil {
			return err
		}
		defer orphan.Close()
		for _, eid := range linked {
			if _, err := orphan.ExecContext(ctx, eid); err != nil {
				return err
			}
		}
		return nil
	})
}

// CountRuns counts every stored run.
func (s *Store) CountRuns(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM runs`).Scan(&n); err != nil {
		return 0, s.dbErr(err, "counting runs")
	}
	return n, nil
}

// MarkInterrupted turns runs left "running" by a process that died into "interrupted", so
// History shows them as resumable instead of running. A run counts as orphaned when its
// lease expired, when dead reports the lease's process gone, or when it has no lease and
// was last updated more than LeaseGrace ago. Runs another live process executes are left
// alone. It returns how many runs it changed.
func (s *Store) MarkInterrupted(ctx context.Context, dead func(domain.RunLease) bool) (int, error) {
	now := s.now()
	rows, err := s.db.QueryContext(ctx, `SELECT r.id, r.updated_at, l.holder, l.host, l.pid, l.acquired_at, l.expires_at
		FROM runs r LEFT JOIN run_leases l ON l.run_id = r.id WHERE r.status = ?`, string(domain.RunRunning))
	if err != nil {
		return 0, s.dbErr(err, "finding interrupted runs")
	}
	// orphaned maps each run to the lease holder seen ("" for none); the update re-checks it,
	// so a run another process resumed meanwhile is not marked.
	orphaned := map[string]string{}
	for rows.Next() {
		var (
			id, updated                string
			holder, host, acq, expires sql.NullString
			pid                        sql.NullInt64
		)
		if err := rows.Scan(&id, &updated, &holder, &host, &pid, &acq, &expires); err != nil {
			_ = rows.Close()
			return 0, s.dbErr(err, "finding interrupted runs")
		}
		if !holder.Valid {
			if u, err := parseTime(updated); err == nil && now.Sub(u) < LeaseGrace {
				continue
			}
			orphaned[id] = ""
			continue
		}
		l := domain.RunLease{RunID: id, Holder: holder.String, Host: host.String, PID: int(pid.Int64)}
		l.AcquiredAt, _ = parseTime(acq.String)
		if l.ExpiresAt, err = parseTime(expires.String); err != nil || !l.Live(now) || (dead != nil && dead(l)) {
			orphaned[id] = l.Holder
		}
	}
	if err := rows.Close(); err != nil {
		return 0, s.dbErr(err, "finding interrupted runs")
	}
	n := 0
	for id, holder := range orphaned {
		res, err := s.db.ExecContext(ctx, `UPDATE runs SET status = ?, updated_at = ? WHERE id = ? AND status = ?
			AND COALESCE((SELECT holder FROM run_leases WHERE run_id = runs.id), '') = ?`,
			string(domain.RunInterrupted), formatTime(now), id, string(domain.RunRunning), holder)
		if err != nil {
			return n, s.dbErr(err, "marking interrupted runs")
		}
		if k, err := res.RowsAffected(); err == nil {
			n += int(k)
		}
	}
	return n, nil
}

// ListRuns returns a page of runs, newest first, matching the filter. The text filter
// searches each run's question, linked evidence (titles and abstracts) and report together:
// every term must appear somewhere in the run.
func (s *Store) ListRuns(ctx context.Context, f RunFilter) ([]RunSummary, error) {
	query, args, limit, err := listRunsQuery(f)
	if err != nil {
		return nil, err
	}
	if query == "" {
		return []RunSummary{}, nil
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, s.dbErr(err, "listing runs")
	}
	defer rows.Close()
	out := make([]RunSummary, 0, limit)
	for rows.Next() {
		var (
			r         RunSummary
			status    string
			judge     string
			verdict   sql.NullBool
			createdAt string
			finished  sql.NullString
			cands     sql.NullString
		)
		if err := rows.Scan(&r.ID, &r.Question, &status, &judge, &r.Iterations, &r.EvidenceCount,
			&verdict, &createdAt, &finished, &r.StopReason, &r.Error, &r.ReportStatus, &r.Verdicts, &r.Review, &cands); err != nil {
			return nil, s.dbErr(err, "listing runs")
		}
		r.Status = domain.RunStatus(status)
		if err := json.Unmarshal([]byte(judge), &r.Judge); err != nil {
			return nil, s.dbErr(fmt.Errorf("decode judge of run %s: %w", r.ID, err), "listing runs")
		}
		if verdict.Valid {
			v := verdict.Bool
			r.VerdictPass = &v
		}
		if cands.Valid && cands.String != "" {
			if err := json.Unmarshal([]byte(cands.String), &r.Candidates); err != nil {
				return nil, s.dbErr(fmt.Errorf("decode candidates of run %s: %w", r.ID, err), "listing runs")
			}
		}
		if r.CreatedAt, err = parseTime(createdAt); err != nil {
			return nil, s.dbErr(err, "listing runs")
		}
		if r.FinishedAt, err = parseNullTime(finished); err != nil {
			return nil, s.dbErr(err, "listing runs")
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, s.dbErr(err, "listing runs")
	}
	return out, nil
}

// listRunsQuery builds the ListRuns statement. It returns an empty query when the text
// filter has nothing searchable (no run can match).
func listRunsQuery(f RunFilter) (string, []any, int, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultListLimit
	}
	limit = min(limit, MaxListLimit)
	offset := max(f.Offset, 0)
	if f.Status != "" && !f.Status.Valid() {
		return "", nil, 0, domain.Errorf(domain.CodeInvalid, "unknown run status %q", string(f.Status))
	}
	if f.Judge != "" && !f.Judge.Valid() {
		return "", nil, 0, domain.Errorf(domain.CodeInvalid, "unknown judge %q", string(f.Judge))
	}

	var (
		where []string
		args  []any
		from  = `runs`
		order = `runs.created_at DESC, runs.id DESC`
	)
	if strings.TrimSpace(f.Text) != "" {
		match := ftsQuery(f.Text)
		if match == "" {
			return "", nil, 0, nil
		}
		from = `history_fts JOIN runs ON runs.rid = history_fts.rowid`
		where = append(where, `history_fts MATCH ?`)
		args = append(args, match)
		// Text matches come newest first by rowid, which FTS5 can walk in that order and
		// stop after one page; rowids grow with creation, like created_at.
		order = `history_fts.rowid DESC`
	}
	if f.Status != "" {
		where = append(where, `runs.status = ?`)
		args = append(args, string(f.Status))
	}
	if f.Judge != "" {
		where = append(where, `runs.judge_provider = ?`)
		args = append(args, string(f.Judge))
	}
	switch f.Verification {
	case "":
	case domain.ReportVerified, domain.ReportFailed, domain.ReportUnverified:
		where = append(where, `EXISTS (SELECT 1 FROM reports WHERE reports.run_id = runs.id AND reports.status = ?)`)
		args = append(args, f.Verification)
	default:
		return "", nil, 0, domain.Errorf(domain.CodeInvalid, "unknown verification %q (allowed: verified, failed, unverified)", f.Verification)
	}
	switch f.Review {
	case "":
	case "agree", "disagree":
		where = append(where, `(SELECT decision FROM reviews v WHERE v.run_id = runs.id AND v.paper_n = 0 ORDER BY v.id DESC LIMIT 1) = ?`)
		args = append(args, f.Review)
	case "reviewed":
		where = append(where, `EXISTS (SELECT 1 FROM reviews v WHERE v.run_id = runs.id)`)
	case "none":
		where = append(where, `NOT EXISTS (SELECT 1 FROM reviews v WHERE v.run_id = runs.id)`)
	default:
		return "", nil, 0, domain.Errorf(domain.CodeInvalid, "unknown review state %q (allowed: agree, disagree, reviewed, none)", f.Review)
	}
	if c := strings.TrimSpace(f.Candidate); c != "" {
		// The run's own final verdict: its latest unlabelled assessment.
		where = append(where, `EXISTS (SELECT 1 FROM json_each((SELECT a.assessment FROM assessments a WHERE a.run_id = runs.id AND a.label = ''
			ORDER BY a.iteration DESC LIMIT 1), '$.details.drug_candidates') j WHERE lower(j.value) = lower(?))`)
		args = append(args, c)
	}
	for _, b := range []struct {
		day, op, suffix string
	}{{f.Since, ">=", "T00:00:00"}, {f.Until, "<=", "T23:59:59.999999999Z"}} {
		if b.day == "" {
			continue
		}
		if _, err := time.Parse("2006-01-02", b.day); err != nil {
			return "", nil, 0, domain.Errorf(domain.CodeInvalid, "date %q is not YYYY-MM-DD", b.day)
		}
		where = append(where, `runs.created_at `+b.op+` ?`)
		args = append(args, b.day+b.suffix)
	}
	query := `SELECT runs.id, runs.question, runs.status, runs.judge, runs.iterations, runs.evidence_count,
		runs.verdict_pass, runs.created_at, runs.finished_at, runs.stop_reason, runs.error,
		COALESCE((SELECT status FROM reports WHERE reports.run_id = runs.id), ''),
		(SELECT COUNT(*) FROM assessments a WHERE a.run_id = runs.id AND a.label <> '')
			+ EXISTS (SELECT 1 FROM assessments a WHERE a.run_id = runs.id AND a.label = ''),
		COALESCE((SELECT decision FROM reviews v WHERE v.run_id = runs.id AND v.paper_n = 0 ORDER BY v.id DESC LIMIT 1),
			(SELECT 'papers' FROM reviews v WHERE v.run_id = runs.id LIMIT 1), ''),
		(SELECT json_extract(a.assessment, '$.details.drug_candidates') FROM assessments a
			WHERE a.run_id = runs.id AND a.label = '' ORDER BY a.iteration DESC LIMIT 1) FROM ` + from
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY ` + order + ` LIMIT ? OFFSET ?`
	args = append(args, limit, offset)

	return query, args, limit, nil
}

// querier is what both *sql.DB and *sql.Tx offer, so repository code runs inside or outside
// a caller's transaction (the bench generator batches many runs per transaction).
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// refreshHistory rebuilds the run's history_fts row from its question, linked evidence and
// report. It runs once per LinkEvidence call and report save, not per linked paper.
func refreshHistory(ctx context.Context, q querier, runID string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM history_fts WHERE rowid = (SELECT rid FROM runs WHERE id = ?)`, runID); err != nil {
		return fmt.Errorf("refresh history index of run %s: %w", runID, err)
	}
	_, err := q.ExecContext(ctx, `INSERT INTO history_fts(rowid, question, evidence, report)
		SELECT r.rid, r.question,
			COALESCE((SELECT group_concat(e.title || ' ' || e.content, ' ') FROM run_evidence re
				JOIN evidence e ON e.id = re.evidence_id WHERE re.run_id = r.id), ''),
			COALESCE((SELECT markdown FROM reports WHERE run_id = r.id), '')
		FROM runs r WHERE r.id = ?`, runID)
	if err != nil {
		return fmt.Errorf("refresh history index of run %s: %w", runID, err)
	}
	return nil
}
