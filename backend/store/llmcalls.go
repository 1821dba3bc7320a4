package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"regexp"

	"deepcritical/backend/domain"
)

// secretPatterns match credentials that could slip into a request, a raw response or an
// error text (an echoed header, a key pasted into a prompt). The llm package never sends
// them here; this is the last line of defence for "never in the database".
var secretPatterns = []*regexp.Regexp{
	regexp.MustCompile(`(?i)(authorization|x-api-key|api[_-]?key|token)(["']?\s*[:=]\s*["']?)(bearer\s+)?[A-Za-z0-9._\-]{8,}`),
	regexp.MustCompile(`(?i)bearer\s+[A-Za-z0-9._\-]{8,}`),
	regexp.MustCompile(`\bsk-(ant-|proj-|or-)?[A-Za-z0-9_\-]{16,}`),
	regexp.MustCompile(`\bhf_[A-Za-z0-9]{16,}`),
}

// redactSecrets replaces anything that looks like a credential with [REDACTED].
func redactSecrets(s string) string {
	for i, re := range secretPatterns {
		if i == 0 {
			s = re.ReplaceAllString(s, "${1}${2}[REDACTED]")
			continue
		}
		s = re.ReplaceAllString(s, "[REDACTED]")
	}
	return s
}

// RecordLLMCall stores an exchange; CreatedAt defaults to the clock. Request, response and
// error text pass through redactSecrets first.
func (s *Store) RecordLLMCall(ctx context.Context, c domain.LLMCall) error {
	if c.CreatedAt.IsZero() {
		c.CreatedAt = s.now()
	}
	var parsed sql.NullString
	if len(c.Parsed) > 0 {
		if !json.Valid(c.Parsed) {
			return domain.Errorf(domain.CodeInvalid, "llm call: parsed result is not valid JSON")
		}
		parsed = sql.NullString{String: redactSecrets(string(c.Parsed)), Valid: true}
	}
	err := s.leasedWrite(ctx, "recording an LLM call", func(q querier) error {
		_, err := q.ExecContext(ctx, `INSERT INTO llm_calls(run_id, purpose, provider, model, prompt_version, request,
			response, parsed, error, latency_ms, input_tokens, output_tokens, cached_tokens, cost_usd, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			nullString(c.RunID), c.Purpose, c.Provider, c.Model, c.PromptVersion, redactSecrets(c.Request),
			redactSecrets(c.Response), parsed, redactSecrets(c.Error), c.LatencyMS, c.InputTokens, c.OutputTokens,
			c.CachedTokens, c.CostUSD, formatTime(c.CreatedAt))
		return err
	})
	return s.dbErr(err, "recording an LLM call")
}

// ListLLMCalls returns the exchanges of a run in the order they were made; runID "" lists
// the exchanges made outside any run.
func (s *Store) ListLLMCalls(ctx context.Context, runID string) ([]domain.LLMCall, error) {
	query := `SELECT id, COALESCE(run_id, ''), purpose, provider, model, prompt_version, request, response, parsed, error,
		latency_ms, input_tokens, output_tokens, cached_tokens, cost_usd, created_at FROM llm_calls `
	var args []any
	if runID == "" {
		query += `WHERE run_id IS NULL ORDER BY id`
	} else {
		query += `WHERE run_id = ? ORDER BY id`
		args = append(args, runID)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, s.dbErr(err, "listing LLM calls")
	}
	defer rows.Close()
	out := []domain.LLMCall{}
	for rows.Next() {
		var (
			c      domain.LLMCall
			parsed sql.NullString
			at     string
		)
		if err := rows.Scan(&c.ID, &c.RunID, &c.Purpose, &c.Provider, &c.Model, &c.PromptVersion, &c.Request,
			&c.Response, &parsed, &c.Error, &c.LatencyMS, &c.InputTokens, &c.OutputTokens, &c.CachedTokens, &c.CostUSD, &at); err != nil {
			return nil, s.dbErr(err, "listing LLM calls")
		}
		if parsed.Valid {
			c.Parsed = json.RawMessage(parsed.String)
		}
		if c.CreatedAt, err = parseTime(at); err != nil {
			return nil, s.dbErr(err, "listing LLM calls")
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, s.dbErr(err, "listing LLM calls")
	}
	return out, nil
}

// LLMUsage sums a run's recorded calls for one purpose, provider and model.
type LLMUsage struct {
	Purpose  string `json:"purpose"`
	Provider string `json:"provider"`
	Model    string `json:"model"`
	domain.CallTotals
	// Priced counts the calls that carried a cost (a provider-reported or estimated one).
	Priced int `json:"priced"`
}

// LLMUsageForRun sums the run's calls by purpose, provider and model, without reading the
// stored prompts and answers.
func (s *Store) LLMUsageForRun(ctx context.Context, runID string) ([]LLMUsage, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT purpose, provider, model, count(*),
		sum(CASE WHEN error != '' AND error NOT LIKE 'note: %' THEN 1 ELSE 0 END),
		sum(input_tokens), sum(output_tokens), sum(cached_tokens), sum(latency_ms), sum(cost_usd),
		sum(CASE WHEN cost_usd > 0 THEN 1 ELSE 0 END)
		FROM llm_calls WHERE run_id = ? GROUP BY purpose, provider, model ORDER BY min(id)`, runID)
	if err != nil {
		return nil, s.dbErr(err, "summing LLM calls")
	}
	defer rows.Close()
	out := []LLMUsage{}
	for rows.Next() {
		var u LLMUsage
		if err := rows.Scan(&u.Purpose, &u.Provider, &u.Model, &u.Calls, &u.Failed, &u.InputTokens, &u.OutputTokens,
			&u.CachedTokens, &u.LatencyMS, &u.CostUSD, &u.Priced); err != nil {
			return nil, s.dbErr(err, "summing LLM calls")
		}
		out = append(out, u)
	}
	return out, s.dbErr(rows.Err(), "summing LLM calls")
}
