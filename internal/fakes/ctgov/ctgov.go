// Package ctgov is a local stand-in for ClinicalTrials.gov's API v2 study search
// (/api/v2/studies) and single-study lookup (/api/v2/studies/{nctId}) over recorded
// studies, each served whole as recorded: query.term (and query.cond / query.intr) in
// Essie's syntax — AND/OR/NOT, parentheses, quoted phrases, words ANDed by default — is
// evaluated against each study's titles, summary, conditions, interventions and keywords;
// totalCount is the real number of matches (with countTotal=true); pageSize and pageToken
// page through them; a malformed parameter is the API's 400. A lookup answers the study,
// a plain-text 404 for an unknown NCT number and a plain-text 400 for a malformed one, as
// the API does; "nct01234567" and "NCT1234567" name NCT01234567. The corpus is what other
// projects recorded from the real API, so most questions find nothing here, which is the
// truth for it.
package ctgov

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"

	"deepcritical/backend/search/querybuild"
)

// Server answers /studies and /studies/{nctId} (mount it under any prefix).
type Server struct {
	studies []map[string]any
	texts   []string       // each study's searchable text, lower case, words separated by one space
	byID    map[string]int // NCT id → index in studies
	// Searches counts the search requests answered; Lookups the single-study ones.
	Searches atomic.Int64
	Lookups  atomic.Int64
}

// LoadStudies reads every recorded study (search pages and single-study answers) under dir,
// each once by NCT id, in NCT id order.
func LoadStudies(dir string) ([]map[string]any, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	byID := map[string]map[string]any{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var page map[string]any
		if err := json.Unmarshal(b, &page); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Base(f), err)
		}
		var list []any
		if st, ok := page["studies"].([]any); ok {
			list = st
		} else if _, ok := page["protocolSection"]; ok {
			list = []any{page}
		}
		for _, s := range list {
			study, ok := s.(map[string]any)
			if !ok {
				continue
			}
			if id := str(study, "protocolSection", "identificationModule", "nctId"); id != "" {
				byID[id] = study
			}
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := make([]map[string]any, len(ids))
	for i, id := range ids {
		out[i] = byID[id]
	}
	return out, nil
}

// NewServer serves studies.
func NewServer(studies []map[string]any) *Server {
	s := &Server{studies: studies, byID: map[string]int{}}
	for i, st := range studies {
		s.texts = append(s.texts, " "+strings.Join(words(searchText(st)), " ")+" ")
		s.byID[strings.ToUpper(str(st, "protocolSection", "identificationModule", "nctId"))] = i
	}
	return s
}

// nctParam is the API's accepted form of the path parameter: NCT (any case), then a
// number of at most eight digits with leading zeros optional.
var nctParam = regexp.MustCompile(`^[Nn][Cc][Tt]0*([1-9]\d{0,7})$`)

// serveStudy answers GET /studies/{nctId}: the study object itself (protocolSection at the
// top, no "studies" wrapper), or the API's plain-text 400 and 404.
func (s *Server) serveStudy(w http.ResponseWriter, r *http.Request, param string) {
	s.Lookups.Add(1)
	if f := r.URL.Query().Get("format"); f != "" && f != "json" {
		badRequest(w, fmt.Sprintf("format: %q is not supported here, use json", f))
		return
	}
	m := nctParam.FindStringSubmatch(param)
	if m == nil {
		badRequest(w, "Parameter `nctId` has incorrect format")
		return
	}
	n, _ := strconv.Atoi(m[1])
	id := fmt.Sprintf("NCT%08d", n)
	i, ok := s.byID[id]
	if !ok {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, "NCT number %s not found\n", id)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(s.studies[i])
}

// searchText is what Essie searches by default: identification, description, conditions,
// keywords and interventions.
func searchText(st map[string]any) string {
	var parts []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			parts = append(parts, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	ps, _ := st["protocolSection"].(map[string]any)
	for _, m := range []string{"identificationModule", "descriptionModule", "conditionsModule", "armsInterventionsModule"} {
		walk(ps[m])
	}
	return strings.Join(parts, " ")
}

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// ServeHTTP answers GET /studies with query.term, query.cond, query.intr, pageSize (1–1000),
// pageToken, countTotal and format=json.
// A path ending in /studies/{nctId} is a single-study lookup.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if i := strings.LastIndex(r.URL.Path, "/studies/"); i >= 0 {
		s.serveStudy(w, r, r.URL.Path[i+len("/studies/"):])
		return
	}
	s.Searches.Add(1)
	q := r.URL.Query()
	if f := q.Get("format"); f != "" && f != "json" {
		badRequest(w, fmt.Sprintf("format: %q is not supported here, use json", f))
		return
	}
	pageSize := 10
	if v := q.Get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1000 {
			badRequest(w, fmt.Sprintf("pageSize: must be an integer between 0 and 1000, got %q", v))
			return
		}
		if n > 0 {
			pageSize = n
		}
	}
	if v := q.Get("countTotal"); v != "" && v != "true" && v != "false" {
		badRequest(w, fmt.Sprintf("countTotal: must be true or false, got %q", v))
		return
	}
	start := 0
	if tok := q.Get("pageToken"); tok != "" {
		b, err := base64.RawURLEncoding.DecodeString(tok)
		n, aerr := strconv.Atoi(string(b))
		if err != nil || aerr != nil || n < 0 {
			badRequest(w, "pageToken: invalid page token")
			return
		}
		start = n
	}
	var match []int
	for i := range s.studies {
		match = append(match, i)
	}
	for _, param := range []string{"query.term", "query.cond", "query.intr"} {
		expr := strings.TrimSpace(q.Get(param))
		if expr == "" {
			continue
		}
		n, err := querybuild.Parse(expr)
		if err != nil {
			badRequest(w, fmt.Sprintf("%s: %v", param, err))
			return
		}
		var kept []int
		for _, i := range match {
			if s.eval(n, i) {
				kept = append(kept, i)
			}
		}
		match = kept
	}
	body := map[string]any{}
	end := min(start+pageSize, len(match))
	page := []any{}
	for _, i := range match[min(start, len(match)):end] {
		page = append(page, s.studies[i])
	}
	body["studies"] = page
	if q.Get("countTotal") == "true" {
		body["totalCount"] = len(match)
	}
	if end < len(match) {
		body["nextPageToken"] = base64.RawURLEncoding.EncodeToString([]byte(strconv.Itoa(end)))
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(body)
}

// eval says whether study i matches a parsed query: a term's words appear in its text (a
// quoted or multi-word term as a phrase, in order).
func (s *Server) eval(n *querybuild.Node, i int) bool {
	switch n.Op {
	case querybuild.OpAnd:
		for _, k := range n.Kids {
			if !s.eval(k, i) {
				return false
			}
		}
		return true
	case querybuild.OpOr:
		for _, k := range n.Kids {
			if s.eval(k, i) {
				return true
			}
		}
		return false
	case querybuild.OpNot:
		return s.eval(n.Kids[0], i) && !s.eval(n.Kids[1], i)
	}
	ws := words(n.Text)
	if len(ws) == 0 {
		return false
	}
	if n.Quoted {
		return strings.Contains(s.texts[i], " "+strings.Join(ws, " ")+" ")
	}
	for _, w := range ws {
		if !strings.Contains(s.texts[i], " "+w+" ") {
			return false
		}
	}
	return true
}

// badRequest is the API's 400: a plain-text message.
func badRequest(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "text/plain")
	w.WriteHeader(http.StatusBadRequest)
	fmt.Fprintln(w, msg)
}

func str(m map[string]any, path ...string) string {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return ""
		}
		cur = mm[p]
	}
	s, _ := cur.(string)
	return s
}
