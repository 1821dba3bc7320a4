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

// LibraryRecord is one record of the user's imported library. Score is the search rank
// (higher is better; the negated bm25) and is 0 outside SearchLibrary.
type LibraryRecord struct {
	ID         int64           `json:"id"`
	Key        string          `json:"key"`
	Evidence   domain.Evidence `json:"evidence"`
	Score      float64         `json:"score,omitempty"`
	ImportedAt time.Time       `json:"imported_at"`
	UpdatedAt  time.Time       `json:"updated_at"`
}

// LibraryUpsert is the outcome of storing one record of a batch.
type LibraryUpsert struct {
	ID      int64  `json:"id"`
	Key     string `json:"key"`
	Created bool   `json:"created"`
	// Unchanged is true when a stored record was given again with nothing new (a file
	// imported twice): it is left as it was, and counted apart from the records updated.
	Unchanged bool `json:"unchanged,omitempty"`
}

// bm25 column weights for library_fts (title, abstract, authors, journal, keywords): a hit in
// the title or the indexing terms says more than one in the abstract.
const libraryBM25 = `bm25(library_fts, 5.0, 1.0, 2.0, 1.0, 3.0)`

// UpsertLibraryRecord stores one library record keyed by its canonical key. Importing the
// same record again updates it (created=false) and never duplicates it.
func (s *Store) UpsertLibraryRecord(ctx context.Context, ev domain.Evidence) (int64, bool, error) {
	res, err := s.UpsertLibraryRecords(ctx, []domain.Evidence{ev})
	if err != nil {
		return 0, false, err
	}
	return res[0].ID, res[0].Created, nil
}

// UpsertLibraryRecords stores a batch of records in one transaction (much faster for large
// imports than one call per record) and reports each one's id and whether it was new.
// Fields a re-import leaves empty keep their stored values; non-empty ones replace them.
func (s *Store) UpsertLibraryRecords(ctx context.Context, evs []domain.Evidence) ([]LibraryUpsert, error) {
	keys := make([]string, len(evs))
	for i, ev := range evs {
		keys[i] = ev.CanonicalKey()
	}
	return s.UpsertLibraryRecordsAt(ctx, evs, keys)
}

// UpsertLibraryRecordAt stores a record under the key it is already known by (a library
// record's, or a run's evidence): a PDF that matched a stored paper by one of its
// identifiers is merged into that paper's record even when the merge adds an identifier
// that would change its canonical key.
func (s *Store) UpsertLibraryRecordAt(ctx context.Context, key string, ev domain.Evidence) (LibraryUpsert, error) {
	res, err := s.UpsertLibraryRecordsAt(ctx, []domain.Evidence{ev}, []string{strings.TrimSpace(key)})
	if err != nil {
		return LibraryUpsert{}, err
	}
	return res[0], nil
}

// UpsertLibraryRecordsAt is UpsertLibraryRecords with each record's row named by the caller:
// keys[i] is the key of the stored record evs[i] merges into (or the new record's key), for
// an importer that matched a record to one already stored by another of its identifiers
// (LibraryIdentifierKeys, LibraryRecordsSharing).
func (s *Store) UpsertLibraryRecordsAt(ctx context.Context, evs []domain.Evidence, keys []string) ([]LibraryUpsert, error) {
	if len(keys) != len(evs) {
		return nil, domain.Errorf(domain.CodeInternal, "%d library records with %d keys", len(evs), len(keys))
	}
	out := make([]LibraryUpsert, len(evs))
	for i := range evs {
		out[i].Key = keys[i]
		if out[i].Key == "" {
			return nil, domain.Errorf(domain.CodeInvalid, "library record %d has no identifier, url or title", i+1)
		}
	}
	if len(evs) == 0 {
		return out, nil
	}
	err := s.withTx(ctx, "importing library records", func(tx *sql.Tx) error {
		sel, err := s.prepare(ctx, tx, `SELECT id, title, abstract, authors, journal, keywords, relevance, citation
			FROM library_records WHERE key = ?`)
		if err != nil {
			return err
		}
		ins, err := s.prepare(ctx, tx, `INSERT INTO library_records(key, title, abstract, authors, journal, keywords, year,
			citation, relevance, imported_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		upd, err := s.prepare(ctx, tx, `UPDATE library_records SET title = ?, abstract = ?, authors = ?, journal = ?,
			keywords = ?, year = ?, citation = ?, relevance = ?, updated_at = ? WHERE id = ?`)
		if err != nil {
			return err
		}
		ftsIns, err := s.prepare(ctx, tx, `INSERT INTO library_fts(rowid, title, abstract, authors, journal, keywords)
			VALUES (?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		ftsDel, err := s.prepare(ctx, tx, `INSERT INTO library_fts(library_fts, rowid, title, abstract, authors, journal, keywords)
			VALUES ('delete', ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		now := formatTime(s.now())
		for i, ev := range evs {
			key := out[i].Key
			var (
				id                                         int64
				oldTitle, oldAuthors, oldJournal, oldWords string
				old                                        domain.Evidence
				citJSON                                    string
			)
			err := sel.QueryRowContext(ctx, key).Scan(&id, &oldTitle, &old.Content, &oldAuthors, &oldJournal, &oldWords,
				&old.Relevance, &citJSON)
			found := err == nil
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("read library record %s: %w", key, err)
			}
			if found {
				if err := json.Unmarshal([]byte(citJSON), &old.Citation); err != nil {
					return fmt.Errorf("decode library record %s: %w", key, err)
				}
				if ev, err = overlayEvidence(old, ev); err != nil {
					return fmt.Errorf("merge library record %s: %w", key, err)
				}
			}
			cit, err := json.Marshal(ev.Citation)
			if err != nil {
				return fmt.Errorf("encode library record %s: %w", key, err)
			}
			if found && string(cit) == citJSON && ev.Content == old.Content && ev.Relevance == old.Relevance {
				out[i].ID, out[i].Unchanged = id, true
				continue
			}
			c := ev.Citation
			authors := strings.Join(c.Authors, "; ")
			keywords := strings.Join(domain.UnionFold(domain.UnionFold(c.Keywords, c.MeshTerms), c.Chemicals), "; ")
			if found {
				if _, err := upd.ExecContext(ctx, c.Title, ev.Content, authors, c.Journal, keywords, c.Year(), string(cit),
					ev.Relevance, now, id); err != nil {
					return fmt.Errorf("update library record %s: %w", key, err)
				}
				if _, err := ftsDel.ExecContext(ctx, id, oldTitle, old.Content, oldAuthors, oldJournal, oldWords); err != nil {
					return fmt.Errorf("unindex library record %s: %w", key, err)
				}
			} else if id, err = insertID(ctx, ins, key, c.Title, ev.Content, authors, c.Journal, keywords, c.Year(),
				string(cit), ev.Relevance, now, now); err != nil {
				return fmt.Errorf("insert library record %s: %w", key, err)
			}
			if _, err := ftsIns.ExecContext(ctx, id, c.Title, ev.Content, authors, c.Journal, keywords); err != nil {
				return fmt.Errorf("index library record %s: %w", key, err)
			}
			out[i].ID = id
			// A record repeated within one batch was created by its first occurrence only.
			out[i].Created = !found
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// overlayEvidence lays the non-empty fields of nu over old (recursively through the
// citation), so a re-import updates what it carries and keeps what it lacks. The abstract
// and its labelled sections are kept together, from one copy (domain.KeptAbstract).
func overlayEvidence(old, nu domain.Evidence) (domain.Evidence, error) {
	var base, top map[string]any
	for _, p := range []struct {
		v   domain.Evidence
		dst *map[string]any
	}{{old, &base}, {nu, &top}} {
		b, err := json.Marshal(p.v)
		if err != nil {
			return domain.Evidence{}, err
		}
		if err := json.Unmarshal(b, p.dst); err != nil {
			return domain.Evidence{}, err
		}
	}
	overlay(base, top)
	b, err := json.Marshal(base)
	if err != nil {
		return domain.Evidence{}, err
	}
	var out domain.Evidence
	if err := json.Unmarshal(b, &out); err != nil {
		return domain.Evidence{}, err
	}
	out.Content, out.Citation.Sections = domain.KeptAbstract(old, nu)
	return out, nil
}

func overlay(base, top map[string]any) {
	for k, v := range top {
		switch tv := v.(type) {
		case nil:
			continue
		case string:
			// A re-import never replaces a richer value with a poorer one: "2020" does
			// not overwrite "2020-06-15", nor a cut abstract a whole one.
			if strings.TrimSpace(tv) == "" {
				continue
			}
			// A value differing only in case (a DOI written in lower case) is the same
			// value: the stored spelling stays.
			if bs, ok := base[k].(string); ok && (len([]rune(strings.TrimSpace(bs))) > len([]rune(strings.TrimSpace(tv))) ||
				strings.EqualFold(strings.TrimSpace(bs), strings.TrimSpace(tv))) {
				continue
			}
		case float64:
			if tv == 0 {
				continue
			}
		case bool:
			if !tv {
				continue
			}
		case []any:
			if len(tv) == 0 {
				continue
			}
			// Lists (authors, keywords) are replaced only by one with as many entries and
			// as much text: "Flaherty KT" never overwrites "Flaherty, Keith T".
			if bl, ok := base[k].([]any); ok && (len(bl) > len(tv) || len(bl) == len(tv) && listText(bl) > listText(tv)) {
				continue
			}
		case map[string]any:
			if bm, ok := base[k].(map[string]any); ok {
				overlay(bm, tv)
				continue
			}
		}
		base[k] = v
	}
}

// listText is the amount of text in a JSON list, for comparing how rich two lists are.
func listText(l []any) int {
	n := 0
	for _, v := range l {
		if s, ok := v.(string); ok {
			n += len([]rune(s))
		} else if b, err := json.Marshal(v); err == nil {
			n += len(b)
		}
	}
	return n
}

// LibraryIdentifierKeys maps every identifier of every library record (domain
// Citation.Identifiers: PMID, DOI, NCT id, PMCID, else URL or title) to the key of the record
// holding it, so an importer can merge a record into the stored one it shares any identifier
// with — the rule the search fan-out merges by — even when their first identifiers differ (a
// stored PubMed record keyed by its PMID, a Zotero item carrying only the DOI). Only the
// identifier fields are read from each row.
func (s *Store) LibraryIdentifierKeys(ctx context.Context) (map[string]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT key, COALESCE(json_extract(citation, '$.pmid'), ''),
		COALESCE(json_extract(citation, '$.doi'), ''), COALESCE(json_extract(citation, '$.nct_id'), ''),
		COALESCE(json_extract(citation, '$.pmcid'), ''), COALESCE(json_extract(citation, '$.url'), ''), title
		FROM library_records ORDER BY id`)
	if err != nil {
		return nil, s.dbErr(err, "reading the library's identifiers")
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var key string
		var c domain.Citation
		if err := rows.Scan(&key, &c.PMID, &c.DOI, &c.NCTID, &c.PMCID, &c.URL, &c.Title); err != nil {
			return nil, s.dbErr(err, "reading the library's identifiers")
		}
		for _, id := range append([]string{key}, c.Identifiers()...) {
			if _, taken := out[id]; !taken {
				out[id] = key
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, s.dbErr(err, "reading the library's identifiers")
	}
	return out, nil
}

const librarySelect = `SELECT l.id, l.key, l.abstract, l.relevance, l.citation, l.imported_at, l.updated_at`

func scanLibrary(row rowScanner, withScore bool) (LibraryRecord, error) {
	var (
		r                 LibraryRecord
		cit               string
		imported, updated string
	)
	dest := []any{&r.ID, &r.Key, &r.Evidence.Content, &r.Evidence.Relevance, &cit, &imported, &updated}
	if withScore {
		dest = append(dest, &r.Score)
	}
	if err := row.Scan(dest...); err != nil {
		return LibraryRecord{}, err
	}
	if err := json.Unmarshal([]byte(cit), &r.Evidence.Citation); err != nil {
		return LibraryRecord{}, fmt.Errorf("decode library record %d: %w", r.ID, err)
	}
	var err error
	if r.ImportedAt, err = parseTime(imported); err != nil {
		return LibraryRecord{}, err
	}
	if r.UpdatedAt, err = parseTime(updated); err != nil {
		return LibraryRecord{}, err
	}
	return r, nil
}

func (s *Store) queryLibrary(ctx context.Context, withScore bool, doing, query string, args ...any) ([]LibraryRecord, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, s.dbErr(err, doing)
	}
	defer rows.Close()
	out := []LibraryRecord{}
	for rows.Next() {
		r, err := scanLibrary(rows, withScore)
		if err != nil {
			return nil, s.dbErr(err, doing)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, s.dbErr(err, doing)
	}
	return out, nil
}

// ListLibrary returns a page of library records, most recently imported first.
func (s *Store) ListLibrary(ctx context.Context, limit, offset int) ([]LibraryRecord, error) {
	if limit <= 0 {
		limit = DefaultListLimit
	}
	return s.queryLibrary(ctx, false, "listing the library",
		librarySelect+` FROM library_records l ORDER BY l.imported_at DESC, l.id DESC LIMIT ? OFFSET ?`,
		min(limit, MaxListLimit), max(offset, 0))
}

// SearchLibrary full-text searches titles, abstracts, authors, journals and keywords, best
// match first (bm25; equal scores oldest record first). Any user text is safe: see ftsQuery
// for the syntax.
//
// The ranking runs on the FTS table alone and only the best rows are then joined to
// library_records: bm25 has to score every matching row (a common term matches tens of
// thousands in a large library), and joining before the sort would also read each of those
// records and score it twice, for the ORDER BY and for the result column. What remains is
// bm25 itself, about 1.5 µs of CPU per matching row, most of it the per-row document-length
// lookup FTS5 makes in library_fts_docsize; so a term found in 40% of 100,000 records still
// costs ~80 ms, and only fewer matching rows (not a different query shape) would make it cheaper.
func (s *Store) SearchLibrary(ctx context.Context, query string, limit int) ([]LibraryRecord, error) {
	return s.searchLibrary(ctx, ftsQuery(query), limit)
}

// SearchLibraryAny ranks library records matching ANY of the query's content words, so a
// research question ("What drugs could be repurposed for Alzheimer's disease?") finds
// the records that mention some of its terms; bm25 puts records matching more (and rarer)
// terms first. This is how research searches the library as a source; the Library view's
// search box keeps SearchLibrary's every-term semantics.
func (s *Store) SearchLibraryAny(ctx context.Context, query string, limit int) ([]LibraryRecord, error) {
	return s.searchLibrary(ctx, ftsAnyQuery(query), limit)
}

func (s *Store) searchLibrary(ctx context.Context, match string, limit int) ([]LibraryRecord, error) {
	if match == "" {
		return []LibraryRecord{}, nil
	}
	if limit <= 0 {
		limit = DefaultListLimit
	}
	return s.queryLibrary(ctx, true, "searching the library",
		librarySelect+`, -f.bm AS score
		FROM (SELECT rowid AS id, `+libraryBM25+` AS bm FROM library_fts
			WHERE library_fts MATCH ? ORDER BY bm, rowid LIMIT ?) f
		JOIN library_records l ON l.id = f.id
		ORDER BY f.bm, f.id`,
		match, min(limit, MaxListLimit))
}

// GetLibraryRecord loads one library record by id.
func (s *Store) GetLibraryRecord(ctx context.Context, id int64) (LibraryRecord, error) {
	r, err := scanLibrary(s.db.QueryRowContext(ctx, librarySelect+` FROM library_records l WHERE l.id = ?`, id), false)
	if errors.Is(err, sql.ErrNoRows) {
		return LibraryRecord{}, domain.Errorf(domain.CodeNotFound, "library record %d not found", id)
	}
	if err != nil {
		return LibraryRecord{}, s.dbErr(err, "reading a library record")
	}
	return r, nil
}

// CountLibrary counts the library's records.
func (s *Store) CountLibrary(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM library_records`).Scan(&n); err != nil {
		return 0, s.dbErr(err, "counting library records")
	}
	return n, nil
}
