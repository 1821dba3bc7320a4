package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"deepcritical/backend/domain"
)

// PutFullText stores a paper's full text under its key, replacing the one stored before
// (a PDF the user imports later, or a fresher fetch). A full text without a key or without
// any body is refused: storing front matter as "full text" would make appraisals claim to
// have read a paper they did not.
func (s *Store) PutFullText(ctx context.Context, ft domain.FullText) error {
	if strings.TrimSpace(ft.Key) == "" {
		return domain.Errorf(domain.CodeInvalid, "full text has no paper key")
	}
	if !ft.HasBody() {
		return domain.Errorf(domain.CodeInvalid, "full text of %s has no body", ft.Key)
	}
	if ft.FetchedAt.IsZero() {
		ft.FetchedAt = s.now()
	}
	doc, err := json.Marshal(ft)
	if err != nil {
		return domain.Wrap(domain.CodeInvalid, err, "full text cannot be encoded")
	}
	err = s.leasedWrite(ctx, "storing a full text", func(q querier) error {
		_, err := q.ExecContext(ctx, `INSERT INTO fulltexts(key, source, source_id, title, body, document, fetched_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT(key) DO UPDATE SET source = excluded.source, source_id = excluded.source_id, title = excluded.title,
				body = excluded.body, document = excluded.document, fetched_at = excluded.fetched_at`,
			ft.Key, string(ft.Source), ft.SourceID, ft.Title, ft.Text(), string(doc), formatTime(ft.FetchedAt))
		return err
	})
	return s.dbErr(err, "storing a full text")
}

// FullTexts returns the stored full texts of the given paper keys (keys without one are
// absent from the map).
func (s *Store) FullTexts(ctx context.Context, keys []string) (map[string]domain.FullText, error) {
	out := make(map[string]domain.FullText, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	ph := strings.TrimSuffix(strings.Repeat("?,", len(keys)), ",")
	args := make([]any, len(keys))
	for i, k := range keys {
		args[i] = k
	}
	rows, err := s.db.QueryContext(ctx, `SELECT key, document FROM fulltexts WHERE key IN (`+ph+`)`, args...)
	if err != nil {
		return nil, s.dbErr(err, "reading full texts")
	}
	defer rows.Close()
	for rows.Next() {
		var key, doc string
		if err := rows.Scan(&key, &doc); err != nil {
			return nil, s.dbErr(err, "reading full texts")
		}
		var ft domain.FullText
		if err := json.Unmarshal([]byte(doc), &ft); err != nil {
			return nil, s.dbErr(fmt.Errorf("decode full text %s: %w", key, err), "reading full texts")
		}
		out[key] = ft
	}
	return out, s.dbErr(rows.Err(), "reading full texts")
}

// FullTextHit is one full text matching a search, with its rank (higher is better).
type FullTextHit struct {
	Key    string                `json:"key"`
	Title  string                `json:"title"`
	Source domain.FullTextSource `json:"source"`
	Score  float64               `json:"score"`
}

// SearchFullTexts finds stored full texts matching what the user typed, with the same query
// rules as the library search (ftsQuery).
func (s *Store) SearchFullTexts(ctx context.Context, query string, limit int) ([]FullTextHit, error) {
	q := ftsQuery(query)
	if q == "" {
		return nil, nil
	}
	if limit <= 0 {
		limit = 20
	}
	rows, err := s.db.QueryContext(ctx, `SELECT t.key, t.title, t.source, -bm25(fulltexts_fts, 3.0, 1.0) AS score
		FROM fulltexts_fts JOIN fulltexts t ON t.id = fulltexts_fts.rowid
		WHERE fulltexts_fts MATCH ? ORDER BY score DESC, t.id LIMIT ?`, q, limit)
	if err != nil {
		return nil, s.dbErr(err, "searching full texts")
	}
	defer rows.Close()
	var out []FullTextHit
	for rows.Next() {
		var h FullTextHit
		var src string
		if err := rows.Scan(&h.Key, &h.Title, &src, &h.Score); err != nil {
			return nil, s.dbErr(err, "searching full texts")
		}
		h.Source = domain.FullTextSource(src)
		out = append(out, h)
	}
	return out, s.dbErr(rows.Err(), "searching full texts")
}
