package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"deepcritical/backend/domain"
)

// GetAppraisal returns the cached appraisal for cacheKey (document hash + assessor version +
// prompt version + model, computed by the appraisal package) and whether it was found.
func (s *Store) GetAppraisal(ctx context.Context, cacheKey string) (domain.Appraisal, bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT appraisal FROM appraisals WHERE cache_key = ?`, cacheKey)
	if err != nil {
		return domain.Appraisal{}, false, s.dbErr(err, "reading the appraisal cache")
	}
	defer rows.Close()
	if !rows.Next() {
		return domain.Appraisal{}, false, s.dbErr(rows.Err(), "reading the appraisal cache")
	}
	var body string
	if err := rows.Scan(&body); err != nil {
		return domain.Appraisal{}, false, s.dbErr(err, "reading the appraisal cache")
	}
	var a domain.Appraisal
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		return domain.Appraisal{}, false, s.dbErr(fmt.Errorf("decode cached appraisal %s: %w", cacheKey, err), "reading the appraisal cache")
	}
	return a, true, nil
}

// PutAppraisal caches an appraisal under cacheKey for the evidence with evidenceKey,
// replacing an entry with the same cache key.
func (s *Store) PutAppraisal(ctx context.Context, cacheKey, evidenceKey string, a domain.Appraisal) error {
	if strings.TrimSpace(cacheKey) == "" {
		return domain.Errorf(domain.CodeInvalid, "appraisal cache key is empty")
	}
	body, err := json.Marshal(a)
	if err != nil {
		return domain.Wrap(domain.CodeInvalid, err, "appraisal cannot be encoded")
	}
	err = s.leasedWrite(ctx, "caching an appraisal", func(q querier) error {
		_, err := q.ExecContext(ctx, `INSERT INTO appraisals(cache_key, evidence_key, appraisal, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT(cache_key) DO UPDATE SET evidence_key = excluded.evidence_key, appraisal = excluded.appraisal,
				created_at = excluded.created_at`,
			cacheKey, evidenceKey, string(body), formatTime(s.now()))
		return err
	})
	return s.dbErr(err, "caching an appraisal")
}

// AppraisalsForEvidence returns the latest cached appraisal of each given evidence key that
// has one (keys without an appraisal are absent from the map).
func (s *Store) AppraisalsForEvidence(ctx context.Context, evidenceKeys []string) (map[string]domain.Appraisal, error) {
	return s.appraisalsFor(ctx, evidenceKeys, "", "", nil)
}

// AppraisalsForEvidenceBy is AppraisalsForEvidence restricted to one assessor: the latest
// appraisal per key whose assessor provider is provider and, when model is not empty,
// whose model is model. A run shows the appraisals its own judge made, not whichever
// another run made last for the same paper.
func (s *Store) AppraisalsForEvidenceBy(ctx context.Context, evidenceKeys []string, provider domain.Provider, model string) (map[string]domain.Appraisal, error) {
	return s.appraisalsFor(ctx, evidenceKeys, string(provider), model, nil)
}

// appraisalsFor reads the latest appraisal of each key by the assessor (provider and model,
// "" for any), cached no later than until when until is not nil.
func (s *Store) appraisalsFor(ctx context.Context, evidenceKeys []string, provider, model string, until *time.Time) (map[string]domain.Appraisal, error) {
	out := make(map[string]domain.Appraisal, len(evidenceKeys))
	limit := ""
	if until != nil {
		limit = formatTime(*until)
	}
	stmt, err := s.db.PrepareContext(ctx, `SELECT appraisal FROM appraisals WHERE evidence_key = ?1
		AND (?2 = '' OR json_extract(appraisal, '$.assessor.provider') = ?2)
		AND (?3 = '' OR json_extract(appraisal, '$.assessor.model') = ?3)
		AND (?4 = '' OR created_at <= ?4)
		ORDER BY created_at DESC, id DESC LIMIT 1`)
	if err != nil {
		return nil, s.dbErr(err, "reading appraisals")
	}
	defer stmt.Close()
	for _, key := range evidenceKeys {
		if _, done := out[key]; done {
			continue
		}
		rows, err := stmt.QueryContext(ctx, key, provider, model, limit)
		if err != nil {
			return nil, s.dbErr(err, "reading appraisals")
		}
		var body string
		found := rows.Next()
		if found {
			err = rows.Scan(&body)
		}
		if err == nil {
			err = rows.Err()
		}
		_ = rows.Close()
		if err != nil {
			return nil, s.dbErr(err, "reading appraisals")
		}
		if !found {
			continue
		}
		var a domain.Appraisal
		if err := json.Unmarshal([]byte(body), &a); err != nil {
			return nil, s.dbErr(fmt.Errorf("decode appraisal of %s: %w", key, err), "reading appraisals")
		}
		out[key] = a
	}
	return out, nil
}

// RunAppraisals returns the appraisals a run's own judge made for its evidence (the
// offline rubric for an offline run, the run's provider and model otherwise), as they
// stood when the run finished, so a paper appraised by several runs shows, in each, the
// appraisal that run used, and a paper a finished run set aside unappraised is not shown
// with an appraisal a later run made (every report format then agrees with the report of
// record).
func (s *Store) RunAppraisals(ctx context.Context, run domain.Run, keys []string) (map[string]domain.Appraisal, error) {
	provider, model := run.Config.Judge, run.Config.Model
	if provider == "" {
		provider, model = run.Judge.Provider, run.Judge.Model
	}
	if provider == "" || provider == domain.ProviderOffline {
		provider, model = domain.ProviderOffline, ""
	}
	return s.appraisalsFor(ctx, keys, string(provider), model, run.FinishedAt)
}
