package store

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"deepcritical/backend/domain"
)

// StoredEvidence is a run's evidence with the key it is stored under.
type StoredEvidence struct {
	Key      string          `json:"key"`
	Evidence domain.Evidence `json:"evidence"`
}

// idFilter is the SQL prefilter of the records that may share an identifier with c: the
// key is one of c's identifiers, or the stored citation carries c's DOI, PMID or PMCID.
// Callers confirm each row with domain.Citation.SharesIdentifier, the one rule.
func idFilter(alias string, c domain.Citation) (string, []any) {
	ids := c.Identifiers()
	var conds []string
	var args []any
	if len(ids) > 0 {
		conds = append(conds, alias+`.key IN (`+strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")+`)`)
		for _, id := range ids {
			args = append(args, id)
		}
	}
	if d := domain.NormalizeDOI(c.DOI); d != "" {
		conds = append(conds, `lower(json_extract(`+alias+`.citation, '$.doi')) = ?`)
		args = append(args, d)
	}
	if p := strings.TrimSpace(c.PMID); p != "" {
		conds = append(conds, `json_extract(`+alias+`.citation, '$.pmid') = ?`)
		args = append(args, p)
	}
	if p := strings.ToUpper(strings.TrimSpace(c.PMCID)); p != "" {
		conds = append(conds, `upper(json_extract(`+alias+`.citation, '$.pmcid')) = ?`)
		args = append(args, p)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return "(" + strings.Join(conds, " OR ") + ")", args
}

// LibraryRecordsSharing returns the library records that name the same work as c (they
// share an identifier), oldest first.
func (s *Store) LibraryRecordsSharing(ctx context.Context, c domain.Citation) ([]LibraryRecord, error) {
	where, args := idFilter("l", c)
	if where == "" {
		return []LibraryRecord{}, nil
	}
	recs, err := s.queryLibrary(ctx, false, "finding a paper in the library",
		librarySelect+` FROM library_records l WHERE `+where+` ORDER BY l.id`, args...)
	if err != nil {
		return nil, err
	}
	out := recs[:0]
	for _, r := range recs {
		if r.Evidence.Citation.SharesIdentifier(c) || r.Key != "" && containsString(c.Identifiers(), r.Key) {
			out = append(out, r)
		}
	}
	return out, nil
}

// EvidenceSharing returns the evidence stored by runs that names the same work as c, oldest
// first.
func (s *Store) EvidenceSharing(ctx context.Context, c domain.Citation) ([]StoredEvidence, error) {
	where, args := idFilter("e", c)
	if where == "" {
		return []StoredEvidence{}, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT e.key, e.content, e.relevance, e.citation FROM evidence e WHERE `+where+` ORDER BY e.id`, args...)
	if err != nil {
		return nil, s.dbErr(err, "finding a paper among the evidence")
	}
	defer rows.Close()
	out := []StoredEvidence{}
	for rows.Next() {
		var key string
		var cit string
		var ev domain.Evidence
		if err := rows.Scan(&key, &ev.Content, &ev.Relevance, &cit); err != nil {
			return nil, s.dbErr(err, "finding a paper among the evidence")
		}
		if err := json.Unmarshal([]byte(cit), &ev.Citation); err != nil {
			return nil, s.dbErr(err, "finding a paper among the evidence")
		}
		if ev.Citation.SharesIdentifier(c) || containsString(c.Identifiers(), key) {
			out = append(out, StoredEvidence{Key: key, Evidence: ev})
		}
	}
	return out, s.dbErr(rows.Err(), "finding a paper among the evidence")
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// FullTextInfo says, without loading the text, that a paper has a stored full text and
// where it came from: the Library view marks records with an imported PDF and its pages.
type FullTextInfo struct {
	Source    domain.FullTextSource `json:"source"`
	SourceID  string                `json:"source_id,omitempty"`
	Pages     int                   `json:"pages,omitempty"`
	FetchedAt time.Time             `json:"fetched_at"`
}

// FullTextInfos returns the FullTextInfo of the given keys that have a full text.
func (s *Store) FullTextInfos(ctx context.Context, keys []string) (map[string]FullTextInfo, error) {
	out := make(map[string]FullTextInfo, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	args := make([]any, len(keys))
	for i, k := range keys {
		args[i] = k
	}
	rows, err := s.db.QueryContext(ctx, `SELECT key, source, source_id, coalesce(json_extract(document, '$.pages'), 0), fetched_at
		FROM fulltexts WHERE key IN (`+strings.TrimSuffix(strings.Repeat("?,", len(keys)), ",")+`)`, args...)
	if err != nil {
		return nil, s.dbErr(err, "reading full-text sources")
	}
	defer rows.Close()
	for rows.Next() {
		var key, src, fetched string
		var fi FullTextInfo
		if err := rows.Scan(&key, &src, &fi.SourceID, &fi.Pages, &fetched); err != nil {
			return nil, s.dbErr(err, "reading full-text sources")
		}
		fi.Source = domain.FullTextSource(src)
		if fi.FetchedAt, err = parseTime(fetched); err != nil {
			return nil, s.dbErr(err, "reading full-text sources")
		}
		out[key] = fi
	}
	return out, s.dbErr(rows.Err(), "reading full-text sources")
}

// LibraryRecordsByKey returns the library records with the given keys, in the keys' order
// (keys without a record are skipped).
func (s *Store) LibraryRecordsByKey(ctx context.Context, keys []string) ([]LibraryRecord, error) {
	if len(keys) == 0 {
		return []LibraryRecord{}, nil
	}
	args := make([]any, len(keys))
	for i, k := range keys {
		args[i] = k
	}
	recs, err := s.queryLibrary(ctx, false, "reading library records",
		librarySelect+` FROM library_records l WHERE l.key IN (`+strings.TrimSuffix(strings.Repeat("?,", len(keys)), ",")+`)`, args...)
	if err != nil {
		return nil, err
	}
	byKey := make(map[string]LibraryRecord, len(recs))
	for _, r := range recs {
		byKey[r.Key] = r
	}
	out := make([]LibraryRecord, 0, len(recs))
	for _, k := range keys {
		if r, ok := byKey[k]; ok {
			out = append(out, r)
			delete(byKey, k)
		}
	}
	return out, nil
}
