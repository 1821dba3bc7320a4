package services

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/schemacheck"
)

// ParseEvidence reads the evidence a judge is asked to assess: a list of evidence items,
// search results (an object with an evidence list, as search_literature and `search --json`
// give them), or a list of such results. It is the one reading of judge input for every
// front door; name is what the caller calls the input (the MCP argument "evidence", a file's
// name), and every message names the bad value by its path from there
// ("evidence[2].citation.source is missing …"), so the caller can fix that one value.
//
// Anything that is not evidence is refused, never judged as less of it: an object without an
// evidence list, an item that is not an object or has no citation with a known source, no
// item at all. Judging fewer papers than were given (or none) reads as a finding ("no study
// was found"), which is the one thing a judge's input must not produce by accident.
//
// Copies of one paper are judged once, the first kept (paperKeys says when two items are one
// paper).
func ParseEvidence(raw []byte, name string) ([]domain.Evidence, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "%s is empty: give a list of evidence items", name)
	}
	var items []located
	switch jsonKind(raw) {
	case "an object":
		found, err := resultItems(raw, name)
		if err != nil {
			return nil, err
		}
		items = found
	case "a list":
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			return nil, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("%s is not valid JSON: %v", name, err))
		}
		for i, e := range elems {
			path := fmt.Sprintf("%s[%d]", name, i)
			if isSearchResult(e) {
				found, err := resultItems(e, path)
				if err != nil {
					return nil, err
				}
				items = append(items, found...)
				continue
			}
			items = append(items, located{path, e})
		}
	default:
		return nil, domain.Errorf(domain.CodeInvalid, "%s must be a list of evidence items or search results (an object with an evidence list), got %s", name, jsonKind(raw))
	}
	if len(items) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "%s holds no evidence item: there is nothing to judge", name)
	}
	out := make([]domain.Evidence, 0, len(items))
	seen := map[string]bool{}
	for _, it := range items {
		ev, err := evidenceItem(it)
		if err != nil {
			return nil, err
		}
		keys := paperKeys(ev.Citation)
		dup := false
		for _, k := range keys {
			dup = dup || seen[k]
		}
		if dup {
			continue
		}
		for _, k := range keys {
			seen[k] = true
		}
		out = append(out, ev)
	}
	return out, nil
}

// located is one item of the input with its path.
type located struct {
	path string
	raw  json.RawMessage
}

// isSearchResult reports whether an element of a list is search results (an object with an
// evidence key) rather than one evidence item.
func isSearchResult(raw json.RawMessage) bool {
	if jsonKind(raw) != "an object" {
		return false
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(raw, &keys) != nil {
		return false
	}
	_, ok := keys["evidence"]
	return ok
}

// resultItems are the items of search results at path.
func resultItems(raw json.RawMessage, path string) ([]located, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		return nil, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("%s is not valid JSON: %v", path, err))
	}
	list, ok := keys["evidence"]
	if !ok {
		if _, item := keys["citation"]; item {
			return nil, domain.Errorf(domain.CodeInvalid, "%s is one evidence item, not a list: put it in a list ([{…}])", path)
		}
		return nil, domain.Errorf(domain.CodeInvalid, "%s is an object without an evidence list: give a list of evidence items, or search results holding one", path)
	}
	if k := jsonKind(list); k != "a list" {
		return nil, domain.Errorf(domain.CodeInvalid, "%s.evidence must be a list of evidence items, got %s", path, k)
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(list, &elems); err != nil {
		return nil, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("%s.evidence is not valid JSON: %v", path, err))
	}
	out := make([]located, len(elems))
	for i, e := range elems {
		out[i] = located{fmt.Sprintf("%s.evidence[%d]", path, i), e}
	}
	return out, nil
}

// evidenceItem decodes and validates one item (domain.Evidence.Validate is the rule; this
// words its refusal with the item's path and what a source may be).
func evidenceItem(it located) (domain.Evidence, error) {
	const needs = `an object with "content" (the text to judge) and "citation" (its source, title and identifiers)`
	if k := jsonKind(it.raw); k != "an object" {
		return domain.Evidence{}, domain.Errorf(domain.CodeInvalid, "%s is %s, not an evidence item: each item is %s", it.path, k, needs)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(it.raw, &keys); err != nil {
		return domain.Evidence{}, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("%s is not valid JSON: %v", it.path, err))
	}
	c, ok := keys["citation"]
	if !ok {
		return domain.Evidence{}, domain.Errorf(domain.CodeInvalid, "%s has no citation: each item is %s", it.path, needs)
	}
	if k := jsonKind(c); k != "an object" {
		return domain.Evidence{}, domain.Errorf(domain.CodeInvalid, "%s.citation must be an object, got %s", it.path, k)
	}
	var ev domain.Evidence
	if err := json.Unmarshal(it.raw, &ev); err != nil {
		return domain.Evidence{}, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("%s: %s", it.path, schemacheck.DecodeProblem(err)))
	}
	if err := ev.Validate(); err != nil {
		sources := domain.JoinSources(domain.AllSources, ", ")
		switch src := ev.Citation.Source; {
		case src == "":
			return domain.Evidence{}, domain.Errorf(domain.CodeInvalid, "%s.citation.source is missing: say where the item comes from (one of %s)", it.path, sources)
		case !src.Valid():
			return domain.Evidence{}, domain.Errorf(domain.CodeInvalid, "%s.citation.source must be one of %s, got %q", it.path, sources, string(src))
		}
		return domain.Evidence{}, domain.Wrap(domain.CodeInvalid, err, it.path+": "+strings.TrimPrefix(domain.SafeMessage(err), "evidence: "))
	}
	return ev, nil
}

// paperKeys are the keys an item is matched by: its identifiers (PMID, DOI, NCT id, PMCID;
// two items sharing any of them are one paper, the search fan-out's rule), else its source
// and the id the source gives it, and only without either its URL or title
// (domain.Citation.Identifiers' fallbacks). A URL alone never merges items that carry their
// own ids: sources and hand-made items give unrelated records one URL (a journal's home page
// or a search page), and four trials judged as one would read as "too few studies".
func paperKeys(c domain.Citation) []string {
	ids := c.Identifiers()
	if len(ids) > 0 && !strings.HasPrefix(ids[0], "url:") && !strings.HasPrefix(ids[0], "title:") {
		return ids
	}
	if id := strings.TrimSpace(c.ID); id != "" {
		return []string{"source:" + string(c.Source) + ":" + id}
	}
	return ids
}

// jsonKind names the JSON value raw starts with, as a message says it.
func jsonKind(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
