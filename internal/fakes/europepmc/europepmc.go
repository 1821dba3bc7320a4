// Package europepmc is a local stand-in for Europe PMC's REST search
// (/webservices/rest/search) over the same corpus as the E-utilities fake: Europe PMC indexes
// MEDLINE, so the records are served in Europe PMC's JSON shape with its query language —
// AND/OR/NOT, parentheses, quoted phrases, words ANDed by default, and the field prefixes
// TITLE:, ABSTRACT:, MESH:, AUTH:, PUB_TYPE:, KW: — and a hitCount that is the real number of
// matches. Matching and ranking are the E-utilities engine's (the query is rewritten into
// PubMed's field tags), so one fake decides what a query finds in both sources.
package europepmc

import (
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"

	"deepcritical/internal/fakes/eutils"
)

// Server answers /search and /{PMCID}/fullTextXML (mount it under any prefix) over an
// engine's records and a full-text corpus.
type Server struct {
	engine *eutils.Engine
	// Searches counts the search requests answered (for tests of how many a client sends).
	Searches atomic.Int64
	// FullTextRequests counts the fullTextXML requests answered.
	FullTextRequests atomic.Int64

	// FullTexts serves /{PMCID}/fullTextXML (nil: every PMCID is not found).
	FullTexts FullTexts
	// FullTextErrorPage makes fullTextXML answer an HTML error page (status 200, as a
	// maintenance page behind a proxy does), to test that it is named as such.
	FullTextErrorPage bool
}

// FullTexts gives the open-access articles: a JATS <article> by PMCID, and whether its
// publisher withholds it (Europe PMC then has no XML full text to serve).
type FullTexts interface {
	Article(pmcid string) ([]byte, bool)
	Withheld(pmcid string) bool
}

// NewServer serves e's records.
func NewServer(e *eutils.Engine) *Server { return &Server{engine: e} }

// fieldRe is a Europe PMC field prefix and its value (a quoted phrase or one word).
var fieldRe = regexp.MustCompile(`\b([A-Z_]+):("[^"]*"|[^\s()"]+)`)

// pubmedTag maps Europe PMC's search fields to PubMed's tags, which the engine reads.
var pubmedTag = map[string]string{"TITLE": "ti", "ABSTRACT": "ab", "MESH": "mh", "AUTH": "au", "PUB_TYPE": "pt", "KW": "mh", "JOURNAL": "ta", "PMCID": "pmcid"}

// ToPubMed rewrites a Europe PMC query into the PubMed syntax the engine evaluates; an
// unknown field is an error, as Europe PMC rejects it.
func ToPubMed(q string) (string, error) {
	var bad string
	out := fieldRe.ReplaceAllStringFunc(q, func(m string) string {
		p := fieldRe.FindStringSubmatch(m)
		tag, ok := pubmedTag[p[1]]
		if !ok {
			bad = p[1]
			return m
		}
		v := p[2]
		if !strings.HasPrefix(v, `"`) {
			v = `"` + v + `"`
		}
		return v + "[" + tag + "]"
	})
	if bad != "" {
		return "", fmt.Errorf("unknown search field %s", bad)
	}
	return out, nil
}

// ServeHTTP answers a search: GET or POST with query, format=json, resultType (lite, core,
// idlist), pageSize (1–1000), cursorMark (* then the nextCursorMark of the previous page),
// sort and synonym.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/fullTextXML") {
		s.FullTextRequests.Add(1)
		s.fullText(w, r)
		return
	}
	s.Searches.Add(1)
	if err := r.ParseForm(); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	f := r.Form
	query := strings.TrimSpace(f.Get("query"))
	if query == "" {
		writeError(w, http.StatusBadRequest, "query parameter is required")
		return
	}
	if v := f.Get("format"); v != "json" {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("format %q is not served here: only json", v))
		return
	}
	resultType := f.Get("resultType")
	if resultType == "" {
		resultType = "lite"
	}
	if resultType != "lite" && resultType != "core" && resultType != "idlist" {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("invalid resultType %q", resultType))
		return
	}
	pageSize := 25
	if v := f.Get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("pageSize must be between 1 and 1000, got %q", v))
			return
		}
		pageSize = n
	}
	cursor := f.Get("cursorMark")
	if cursor == "" {
		cursor = "*"
	}
	start := 0
	if cursor != "*" {
		b, err := base64.StdEncoding.DecodeString(cursor)
		n, aerr := strconv.Atoi(string(b))
		if err != nil || aerr != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "invalid cursorMark "+cursor)
			return
		}
		start = n
	}
	sortBy := "relevance"
	if strings.HasPrefix(strings.ToUpper(f.Get("sort")), "P_PDATE_D") || strings.HasPrefix(strings.ToUpper(f.Get("sort")), "FIRST_PDATE") {
		sortBy = "pub_date"
	}
	body := map[string]any{
		"version": "6.9",
		"request": map[string]any{"queryString": query, "resultType": resultType, "cursorMark": cursor, "pageSize": pageSize,
			"sort": f.Get("sort"), "synonym": f.Get("synonym") == "true"},
	}
	pm, err := ToPubMed(query)
	var ids []string
	if err == nil {
		var out eutils.Outcome
		out, err = s.engine.Search(pm, sortBy)
		ids = out.IDs
	}
	if err != nil {
		// Europe PMC answers a query it cannot read with no hits and says why.
		body["hitCount"] = 0
		body["resultList"] = map[string]any{"result": []any{}}
		body["errMsg"] = "Invalid query: " + err.Error()
		writeJSON(w, http.StatusOK, body)
		return
	}
	body["hitCount"] = len(ids)
	end := min(start+pageSize, len(ids))
	page := []any{}
	for _, id := range ids[min(start, len(ids)):end] {
		rec, ok := s.engine.Record(id)
		if !ok {
			continue
		}
		page = append(page, result(rec, resultType))
	}
	if end < len(ids) {
		body["nextCursorMark"] = base64.StdEncoding.EncodeToString([]byte(strconv.Itoa(end)))
	}
	body["resultList"] = map[string]any{"result": page}
	writeJSON(w, http.StatusOK, body)
}

// fullTextRe is the full-text path: the article id, then fullTextXML.
var fullTextRe = regexp.MustCompile(`/([^/]+)/fullTextXML$`)

// fullText answers GET /{PMCID}/fullTextXML: the article's JATS (status 200,
// application/xml) when it is in the open-access subset; otherwise 404 with the REST
// service's error envelope (errorBean), which is also what a withheld article gets, as
// Europe PMC serves XML only for open-access articles.
func (s *Server) fullText(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		writeBean(w, http.StatusMethodNotAllowed, "Method "+r.Method+" is not allowed")
		return
	}
	if s.FullTextErrorPage {
		w.Header().Set("Content-Type", "text/html; charset=UTF-8")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, eutils.ErrorPage)
		return
	}
	m := fullTextRe.FindStringSubmatch(r.URL.Path)
	id := ""
	if m != nil {
		id = strings.ToUpper(m[1])
	}
	var art []byte
	ok := false
	if s.FullTexts != nil && strings.HasPrefix(id, "PMC") && !s.FullTexts.Withheld(id) {
		art, ok = s.FullTexts.Article(id)
	}
	if !ok {
		writeBean(w, http.StatusNotFound, "The full text of the article "+id+" is not available in the open-access subset")
		return
	}
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	w.Write(art)
}

// writeBean writes the REST service's XML error envelope.
func writeBean(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(msg))
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><errorBean><errCode>%d</errCode><errMsg>%s</errMsg></errorBean>`, status, b.String())
}

// result is one record in Europe PMC's shape for resultType (idlist: ids only; lite: the
// citation; core: with abstract, authors, MeSH, chemicals and publication types).
func result(rec eutils.Record, resultType string) map[string]any {
	out := map[string]any{"id": rec.PMID, "source": "MED", "pmid": rec.PMID}
	pmcOnly := rec.PMID == "" && rec.PMCID != ""
	if pmcOnly {
		out = map[string]any{"id": rec.PMCID, "source": "PMC"}
	}
	if rec.PMCID != "" {
		out["pmcid"] = rec.PMCID
	}
	if resultType == "idlist" {
		return out
	}
	pubType := "journal article"
	if len(rec.PubTypes) > 0 {
		pubType = strings.ToLower(rec.PubTypes[0])
	}
	if rec.PMCID != "" {
		out["pmcid"] = rec.PMCID
	}
	out["title"] = rec.Title
	out["authorString"] = authorString(rec.Authors)
	out["journalTitle"] = rec.Journal
	out["pubYear"] = rec.Year
	out["pubType"] = pubType
	out["isOpenAccess"] = "N"
	out["inEPMC"] = "N"
	out["inPMC"] = "N"
	if rec.PMCID != "" {
		out["inPMC"] = "Y"
	}
	if pmcOnly {
		// A PMC-only record is an open-access article Europe PMC holds in full.
		out["isOpenAccess"], out["inEPMC"], out["hasPDF"] = "Y", "Y", "Y"
		out["fullTextIdList"] = map[string]any{"fullTextId": []string{rec.PMCID}}
	}
	out["citedByCount"] = 0
	if rec.Year != "" {
		out["firstPublicationDate"] = rec.Year + "-01-01"
	}
	if resultType == "lite" {
		return out
	}
	var abs []string
	for _, sec := range rec.Abstract {
		if sec.Label != "" {
			abs = append(abs, sec.Label+": "+sec.Text)
		} else {
			abs = append(abs, sec.Text)
		}
	}
	out["abstractText"] = strings.Join(abs, " ")
	authors := []any{}
	for _, a := range rec.Authors {
		last, initials, _ := strings.Cut(a, " ")
		authors = append(authors, map[string]any{"fullName": a, "lastName": last, "initials": initials})
	}
	out["authorList"] = map[string]any{"author": authors}
	out["journalInfo"] = map[string]any{"journal": map[string]any{"title": rec.Journal}, "yearOfPublication": rec.Year}
	out["pubTypeList"] = map[string]any{"pubType": rec.PubTypes}
	mesh := []any{}
	for _, h := range rec.MeSH {
		yn := "N"
		if h.Major {
			yn = "Y"
		}
		m := map[string]any{"majorTopic_YN": yn, "descriptorName": h.Name}
		if len(h.Subs) > 0 {
			qs := []any{}
			for _, q := range h.Subs {
				qs = append(qs, map[string]any{"qualifierName": q, "majorTopic_YN": "N"})
			}
			m["meshQualifierList"] = map[string]any{"meshQualifier": qs}
		}
		mesh = append(mesh, m)
	}
	if len(mesh) > 0 {
		out["meshHeadingList"] = map[string]any{"meshHeading": mesh}
	}
	chems := []any{}
	for i, c := range rec.Chemicals {
		rn := "0"
		if i < len(rec.ChemicalRNs) {
			rn = rec.ChemicalRNs[i]
		}
		chems = append(chems, map[string]any{"name": c, "registryNumber": rn})
	}
	if len(chems) > 0 {
		out["chemicalList"] = map[string]any{"chemical": chems}
	}
	return out
}

func authorString(authors []string) string {
	if len(authors) == 0 {
		return ""
	}
	return strings.Join(authors, ", ") + "."
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"version": "6.9", "errMsg": msg})
}
