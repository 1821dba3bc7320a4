package judge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"deepcritical/backend/domain"
)

// MaxEvidenceFileBytes bounds an evidence file read by DecodeEvidence.
const MaxEvidenceFileBytes = 64 << 20

// DecodeEvidence reads evidence for `deepcritical judge --evidence FILE.json`. It accepts
// the `search --json` shape (a SearchResult object), an array of such objects, an object
// with an "evidence" array, or a bare array of Evidence. Items are validated (the error
// names the first bad item) and deduplicated by canonical key, keeping the first.
func DecodeEvidence(r io.Reader) ([]domain.Evidence, error) {
	raw, err := io.ReadAll(io.LimitReader(r, MaxEvidenceFileBytes+1))
	if err != nil {
		return nil, domain.Wrap(domain.CodeInvalid, err, "could not read the evidence file")
	}
	if len(raw) > MaxEvidenceFileBytes {
		return nil, domain.Errorf(domain.CodeInvalid, "evidence file is larger than %d MB", MaxEvidenceFileBytes>>20)
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "evidence file is empty")
	}
	var items []domain.Evidence
	switch raw[0] {
	case '{':
		var res domain.SearchResult
		if err := json.Unmarshal(raw, &res); err != nil {
			return nil, domain.Wrap(domain.CodeInvalid, err, "evidence file is not valid JSON: "+err.Error())
		}
		items = res.Evidence
	case '[':
		var probe []json.RawMessage
		if err := json.Unmarshal(raw, &probe); err != nil {
			return nil, domain.Wrap(domain.CodeInvalid, err, "evidence file is not valid JSON: "+err.Error())
		}
		for i, p := range probe {
			var keys map[string]json.RawMessage
			if err := json.Unmarshal(p, &keys); err != nil {
				return nil, domain.Errorf(domain.CodeInvalid, "evidence file item %d is not an object", i+1)
			}
			if _, isResult := keys["evidence"]; isResult {
				var res domain.SearchResult
				if err := json.Unmarshal(p, &res); err != nil {
					return nil, domain.Errorf(domain.CodeInvalid, "evidence file item %d: %v", i+1, err)
				}
				items = append(items, res.Evidence...)
				continue
			}
			var e domain.Evidence
			if err := json.Unmarshal(p, &e); err != nil {
				return nil, domain.Errorf(domain.CodeInvalid, "evidence file item %d: %v", i+1, err)
			}
			items = append(items, e)
		}
	default:
		return nil, domain.Errorf(domain.CodeInvalid, "evidence file must hold a JSON object or array")
	}
	out := make([]domain.Evidence, 0, len(items))
	seen := map[string]bool{}
	for i, e := range items {
		if err := e.Validate(); err != nil {
			return nil, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("evidence item %d: %s", i+1, domain.SafeMessage(err)))
		}
		k := e.CanonicalKey()
		if k != "" && seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, e)
	}
	return out, nil
}
