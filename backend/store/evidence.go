package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"deepcritical/backend/domain"
)

// UpsertEvidence stores a batch of evidence in one transaction and returns each item's
// canonical key in input order. An item whose key is already stored (the same paper found
// through another source or run) is merged into the stored row with domain.MergeEvidence, so the
// richest metadata wins and nothing known is lost.
func (s *Store) UpsertEvidence(ctx context.Context, evs []domain.Evidence) ([]string, error) {
	keys := make([]string, len(evs))
	for i, ev := range evs {
		if err := ev.Validate(); err != nil {
			return nil, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("evidence %d: %s", i+1, domain.SafeMessage(err)))
		}
		keys[i] = ev.CanonicalKey()
		if keys[i] == "" {
			return nil, domain.Errorf(domain.CodeInvalid, "evidence %d has no identifier, url or title", i+1)
		}
	}
	if len(evs) == 0 {
		return keys, nil
	}
	err := s.leasedTx(ctx, "storing evidence", func(tx *sql.Tx) error {
		return s.upsertEvidence(ctx, tx, evs, keys)
	})
	if err != nil {
		return nil, err
	}
	return keys, nil
}

func (s *Store) upsertEvidence(ctx context.Context, tx *sql.Tx, evs []domain.Evidence, keys []string) error {
	sel, err := s.prepare(ctx, tx, `SELECT id, title, content, relevance, citation FROM evidence WHERE key = ?`)
	if err != nil {
		return err
	}
	ins, err := s.prepare(ctx, tx, `INSERT INTO evidence(key, source, title, content, year, relevance, citation, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	upd, err := s.prepare(ctx, tx, `UPDATE evidence SET source = ?, title = ?, content = ?, year = ?, relevance = ?,
		citation = ?, updated_at = ? WHERE id = ?`)
	if err != nil {
		return err
	}
	ftsIns, err := s.prepare(ctx, tx, `INSERT INTO evidence_fts(rowid, title, content) VALUES (?, ?, ?)`)
	if err != nil {
		return err
	}
	ftsDel, err := s.prepare(ctx, tx, `INSERT INTO evidence_fts(evidence_fts, rowid, title, content) VALUES ('delete', ?, ?, ?)`)
	if err != nil {
		return err
	}

	now := formatTime(s.now())
	for i, ev := range evs {
		var (
			id                int64
			oldTitle, oldBody string
			old               domain.Evidence
			cit               string
		)
		err := sel.QueryRowContext(ctx, keys[i]).Scan(&id, &oldTitle, &oldBody, &old.Relevance, &cit)
		found := err == nil
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read evidence %s: %w", keys[i], err)
		}
		if found {
			old.Content = oldBody
			if err := json.Unmarshal([]byte(cit), &old.Citation); err != nil {
				return fmt.Errorf("decode evidence %s: %w", keys[i], err)
			}
			merged := domain.MergeEvidence(old, ev)
			if evidenceEqual(old, merged) {
				continue
			}
			ev = merged
		}
		citJSON, err := json.Marshal(ev.Citation)
		if err != nil {
			return fmt.Errorf("encode citation %s: %w", keys[i], err)
		}
		c := ev.Citation
		if found {
			if _, err := upd.ExecContext(ctx, string(c.Source), c.Title, ev.Content, c.Year(), ev.Relevance, string(citJSON), now, id); err != nil {
				return fmt.Errorf("update evidence %s: %w", keys[i], err)
			}
			if _, err := ftsDel.ExecContext(ctx, id, oldTitle, oldBody); err != nil {
				return fmt.Errorf("unindex evidence %s: %w", keys[i], err)
			}
		} else if id, err = insertID(ctx, ins, keys[i], string(c.Source), c.Title, ev.Content, c.Year(), ev.Relevance,
			string(citJSON), now, now); err != nil {
			return fmt.Errorf("insert evidence %s: %w", keys[i], err)
		}
		if _, err := ftsIns.ExecContext(ctx, id, c.Title, ev.Content); err != nil {
			return fmt.Errorf("index evidence %s: %w", keys[i], err)
		}
	}
	return nil
}

type rowScanner interface{ Scan(dest ...any) error }

// scanEvidence reads (content, relevance, citation) into an Evidence.
func scanEvidence(row rowScanner) (domain.Evidence, bool, error) {
	return scanEvidenceTopic(row, nil)
}

// scanEvidenceTopic scans a row of content, relevance, citation and, when topic is not
// nil, the run's topic column.
func scanEvidenceTopic(row rowScanner, topic *sql.NullString) (domain.Evidence, bool, error) {
	var (
		ev  domain.Evidence
		cit string
	)
	dest := []any{&ev.Content, &ev.Relevance, &cit}
	if topic != nil {
		dest = append(dest, topic)
	}
	err := row.Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Evidence{}, false, nil
	}
	if err != nil {
		return domain.Evidence{}, false, err
	}
	if err := json.Unmarshal([]byte(cit), &ev.Citation); err != nil {
		return domain.Evidence{}, false, fmt.Errorf("decode citation: %w", err)
	}
	return ev, true, nil
}

func evidenceEqual(a, b domain.Evidence) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

// LinkEvidence records that the run saw these evidence keys in this iteration. A key the run
// already has keeps its first iteration and is not counted; the return value is how many
// keys are new to the run, which drives the loop's forward-progress rule.
func (s *Store) LinkEvidence(ctx context.Context, runID string, iteration int, keys []string) (int, error) {
	if iteration < 0 {
		return 0, domain.Errorf(domain.CodeInvalid, "iteration must be ≥ 0, got %d", iteration)
	}
	var added int
	err := s.leasedTx(ctx, "linking evidence to a run", func(tx *sql.Tx) error {
		var err error
		added, err = s.linkEvidence(ctx, tx, runID, iteration, keys)
		return err
	})
	return added, err
}

func (s *Store) linkEvidence(ctx context.Context, tx *sql.Tx, runID string, iteration int, keys []string) (int, error) {
	var position int
	err := tx.QueryRowContext(ctx, `SELECT (SELECT COALESCE(max(position), 0) FROM run_evidence WHERE run_id = ?)
		FROM runs WHERE id = ?`, runID, runID).Scan(&position)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, runNotFound(runID)
	}
	if err != nil {
		return 0, err
	}
	ins, err := s.prepare(ctx, tx, `INSERT INTO run_evidence(run_id, evidence_id, iteration, position)
		SELECT ?, id, ?, ? FROM evidence WHERE key = ?
		ON CONFLICT(run_id, evidence_id) DO NOTHING`)
	if err != nil {
		return 0, err
	}
	exists, err := s.prepare(ctx, tx, `SELECT 1 FROM evidence WHERE key = ?`)
	if err != nil {
		return 0, err
	}
	added := 0
	for _, key := range keys {
		res, err := ins.ExecContext(ctx, runID, iteration, position+1, key)
		if err != nil {
			return 0, fmt.Errorf("link evidence %s: %w", key, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return 0, err
		}
		if n == 0 {
			var one int
			if err := exists.QueryRowContext(ctx, key).Scan(&one); errors.Is(err, sql.ErrNoRows) {
				return 0, domain.Errorf(domain.CodeNotFound, "evidence %s not found: store it with UpsertEvidence first", key)
			} else if err != nil {
				return 0, err
			}
			continue
		}
		position++
		added++
	}
	if added > 0 {
		if _, err := tx.ExecContext(ctx, `UPDATE runs SET evidence_count = evidence_count + ? WHERE id = ?`, added, runID); err != nil {
			return 0, err
		}
		if err := refreshHistory(ctx, tx, runID); err != nil {
			return 0, err
		}
	}
	return added, nil
}

// RunEvidence returns the run's evidence ordered by the iteration that first found it, then
// by the order it was linked.
func (s *Store) RunEvidence(ctx context.Context, runID string) ([]domain.Evidence, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT e.content, e.relevance, e.citation, re.topic FROM run_evidence re
		JOIN evidence e ON e.id = re.evidence_id WHERE re.run_id = ? ORDER BY re.iteration, re.position`, runID)
	if err != nil {
		return nil, s.dbErr(err, "listing a run's evidence")
	}
	defer rows.Close()
	out := []domain.Evidence{}
	for rows.Next() {
		var topic sql.NullString
		ev, _, err := scanEvidenceTopic(rows, &topic)
		if err != nil {
			return nil, s.dbErr(err, "listing a run's evidence")
		}
		if topic.Valid && topic.String != "" {
			var t domain.Topic
			if json.Unmarshal([]byte(topic.String), &t) == nil {
				ev.Topic = &t
			}
		}
		out = append(out, ev)
	}
	if err := rows.Err(); err != nil {
		return nil, s.dbErr(err, "listing a run's evidence")
	}
	if len(out) == 0 {
		if err := s.requireRun(ctx, runID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// GetEvidence loads one piece of evidence by canonical key.
func (s *Store) GetEvidence(ctx context.Context, key string) (domain.Evidence, error) {
	ev, found, err := scanEvidence(s.db.QueryRowContext(ctx, `SELECT content, relevance, citation FROM evidence WHERE key = ?`, key))
	if err != nil {
		return domain.Evidence{}, s.dbErr(err, "reading evidence")
	}
	if !found {
		return domain.Evidence{}, domain.Errorf(domain.CodeNotFound, "evidence %s not found", key)
	}
	return ev, nil
}

// SetEvidenceTopics stores each evidence's relevance to the run's question (by canonical
// key), so reports and exports made later show the same off-topic group as the run did.
func (s *Store) SetEvidenceTopics(ctx context.Context, runID string, topics map[string]domain.Topic) error {
	if len(topics) == 0 {
		return nil
	}
	return s.leasedTx(ctx, "storing evidence topics", func(tx *sql.Tx) error {
		upd, err := s.prepare(ctx, tx, `UPDATE run_evidence SET topic = ? WHERE run_id = ?
			AND evidence_id = (SELECT id FROM evidence WHERE key = ?)`)
		if err != nil {
			return err
		}
		keys := make([]string, 0, len(topics))
		for k := range topics {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			b, err := json.Marshal(topics[k])
			if err != nil {
				return err
			}
			if _, err := upd.ExecContext(ctx, string(b), runID, k); err != nil {
				return fmt.Errorf("store topic of %s: %w", k, err)
			}
		}
		return nil
	})
}
