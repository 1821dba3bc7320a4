// Package zotero is a local stand-in for a running Zotero's HTTP server (port 23119): the
// connector endpoints the browser connector saves through and the read side of the local API
// (Zotero 7+), written from Zotero's source (chrome/content/zotero/xpcom/server: server.js,
// server_connector.js, saveSession.js, server_localAPI.js) and as strict as it:
//
//   - every request: a Host other than 127.0.0.1, localhost or [::1] is 400 "Invalid Host
//     header"; an unknown path 404 "No endpoint found"; a method the endpoint lacks 400; a POST
//     without Content-Length 400; a content type the endpoint does not take 400; JSON that does
//     not parse 400 "Invalid JSON provided"; a request that looks like a web page's (a browser
//     User-Agent or an Origin header) without X-Zotero-Connector-API-Version or
//     Zotero-Allowed-Request is dropped without an answer. Answers carry X-Zotero-Version and
//     X-Zotero-Connector-API-Version.
//   - connector: ping (GET: "Zotero is running"; POST: prefs), getSelectedCollection (the
//     selected target and every editable library and collection in tree order), saveItems (a
//     client naming an older protocol is 400 CONNECTOR_VERSION_OUTDATED; a session ID already
//     used 409 SESSION_EXISTS, even after a failed save, as Zotero keeps it; a read-only library
//     500 {"libraryEditable":false}; every item saved in one transaction, so a bad item — an
//     unknown itemType, a creator without a name — saves none and is 500), updateSession
//     (SESSION_ID_NOT_PROVIDED, SESSION_NOT_FOUND, COLLECTION_NOT_FOUND; moves the session's
//     items to the target and sets the session's tags beside their automatic ones).
//   - local API: 403 "Local API is not enabled" until enabled; Zotero-API-Version other than 3
//     is 501; a user ID other than 0 is 400; lists page with start and limit (all by default)
//     and answer Total-Results and Link; items, top items, a collection's items, children,
//     collections, one item, an attachment's indexed full text, the full-text versions
//     (whose 'since' is required).
//
// Saved items become part of the library the local API reads, so a send and an import can be
// tested as one round trip. Everything received is recorded for tests to check.
package zotero

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Library is a Zotero library: My Library (ID 1) or a group's.
type Library struct {
	ID            int    `json:"id"`
	Name          string `json:"name"`
	Editable      bool   `json:"editable"`
	FilesEditable bool   `json:"files_editable"`
}

// Collection is a collection of a library; Parent is the parent's ID (0 at the top).
type Collection struct {
	ID        int    `json:"id"`
	Key       string `json:"key"`
	LibraryID int    `json:"library_id"`
	Name      string `json:"name"`
	Parent    int    `json:"parent,omitempty"`
}

// Item is one item of a library in the web API's item JSON (Data holds "key", "itemType",
// "collections" as keys, "parentItem", …). FullText is an attachment's indexed text.
type Item struct {
	LibraryID  int            `json:"library_id"`
	Data       map[string]any `json:"data"`
	ParsedDate string         `json:"parsed_date,omitempty"`
	Deleted    bool           `json:"deleted,omitempty"`
	FullText   string         `json:"full_text,omitempty"`
}

func (it *Item) key() string      { s, _ := it.Data["key"].(string); return s }
func (it *Item) itemType() string { s, _ := it.Data["itemType"].(string); return s }
func (it *Item) parent() string   { s, _ := it.Data["parentItem"].(string); return s }

// Seed is the state a fake Zotero starts with.
type Seed struct {
	Libraries   []Library    `json:"libraries"`
	Collections []Collection `json:"collections"`
	Items       []Item       `json:"items"`
	// Selected is the library or collection selected in Zotero's pane ("L1", "C3").
	Selected string `json:"selected"`
}

// Received is one request the fake got.
type Received struct {
	Method string          `json:"method"`
	Path   string          `json:"path"`
	Query  string          `json:"query,omitempty"`
	Header http.Header     `json:"header"`
	Body   json.RawMessage `json:"body,omitempty"`
	Status int             `json:"status"`
}

// Server is a fake Zotero. Its exported fields configure it; change them only before
// serving or under Lock.
type Server struct {
	mu sync.Mutex

	// Version is the Zotero version in X-Zotero-Version ("7.0.15").
	Version string
	// ConnectorAPI is Zotero's CONNECTOR_API_VERSION (3 since 2025, 2 before); 0 leaves the
	// header out, as something that is not Zotero would.
	ConnectorAPI int
	// LocalAPIEnabled is Zotero's "Allow other applications on this computer to communicate
	// with Zotero" (off by default, as in Zotero).
	LocalAPIEnabled bool
	// NoLocalAPI makes the server a Zotero 6, which has no /api/ endpoints (404).
	NoLocalAPI bool
	// LocalAPIStatus, when set, answers every request of an enabled local API with this
	// HTTP status (a busy or failing Zotero: 500, 503).
	LocalAPIStatus int
	// OldConnector makes the connector a Zotero 5 before save targets: no updateSession
	// endpoint and no targets in getSelectedCollection.
	OldConnector bool
	// AutomaticTags is Zotero's automaticTags preference: when off, tags that arrive with
	// saveItems (automatic tags) are dropped, as Zotero drops them.
	AutomaticTags bool
	// Delay holds every connector save (saveItems, updateSession) this long before answering.
	Delay time.Duration
	// FailUpdateSession answers updateSession with HTTP 500 (Zotero failed to move the items).
	FailUpdateSession bool

	libraries   []Library
	collections []Collection
	items       []*Item
	selected    string
	sessions    map[string]*session
	received    []Received
	nextID      int
	version     int
}

type session struct {
	// items maps the connector's item ID to the saved item's key, as Zotero's session does.
	items map[string]string
}

// New returns a fake Zotero 7 holding seed, connector protocol 3, local API off.
func New(seed Seed) *Server {
	s := &Server{Version: "7.0.15", ConnectorAPI: 3, AutomaticTags: true, sessions: map[string]*session{}, nextID: 1000, version: 1}
	s.libraries = append(s.libraries, seed.Libraries...)
	s.collections = append(s.collections, seed.Collections...)
	for i := range seed.Items {
		it := seed.Items[i]
		it.Data = cloneMap(it.Data)
		s.items = append(s.items, &it)
	}
	s.selected = seed.Selected
	if s.selected == "" && len(s.libraries) > 0 {
		s.selected = "L" + strconv.Itoa(s.libraries[0].ID)
	}
	return s
}

// Lock and Unlock guard the exported fields while the server is serving.
func (s *Server) Lock()   { s.mu.Lock() }
func (s *Server) Unlock() { s.mu.Unlock() }

// SetLibraryEditable makes a library writable or read-only (a group where the user may only
// read, or a My Library Zotero cannot write).
func (s *Server) SetLibraryEditable(id int, editable bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.libraries {
		if s.libraries[i].ID == id {
			s.libraries[i].Editable = editable
		}
	}
}

// Select selects a library ("L1") or collection ("C3") in Zotero's pane.
func (s *Server) Select(target string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.selected = target
}

// Received returns every request received so far, in order.
func (s *Server) Received() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

// Items returns a copy of every item of the library (saved ones included), in creation order.
func (s *Server) Items() []Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Item, len(s.items))
	for i, it := range s.items {
		out[i] = *it
		out[i].Data = cloneMap(it.Data)
	}
	return out
}

// CollectionKey returns the key of the collection with ID id ("" when there is none).
func (s *Server) CollectionKey(id int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.collection(id); c != nil {
		return c.Key
	}
	return ""
}

// ReceivedHandler serves the recorded requests as JSON, for tests that drive the fake from
// another process (the e2e suite); mount it outside Zotero's own paths.
func (s *Server) ReceivedHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		rec, items := s.Received(), s.Items()
		if rec == nil {
			rec = []Received{}
		}
		json.NewEncoder(w).Encode(map[string]any{"received": rec, "items": items})
	})
}

// endpoint is one of Zotero's endpoints with the methods and content types it takes.
type endpoint struct {
	pattern   string
	methods   []string
	dataTypes []string // nil: any
	// connector endpoints answer with the connector's rules; local API ones with its own.
	local bool
	run   func(s *Server, rq *request) reply
}

type request struct {
	r      *http.Request
	params map[string]string
	query  map[string][]string
	data   any  // decoded JSON body (nil without one)
	hasCT  bool // the request named a content type
}

type reply struct {
	status int
	header map[string]string
	body   string
}

func text(status int, body string) reply {
	return reply{status: status, header: map[string]string{"Content-Type": "text/plain"}, body: body}
}

func jsonReply(status int, v any) reply {
	b, _ := json.Marshal(v)
	return reply{status: status, header: map[string]string{"Content-Type": "application/json"}, body: string(b)}
}

var hostRe = regexp.MustCompile(`(?i)^(?:127\.0\.0\.1|\[::1\]|localhost)(?::[0-9]+)?$`)

// ServeHTTP applies server.js's rules, then the endpoint's.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rec := Received{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone()}
	if json.Valid(body) {
		rec.Body = json.RawMessage(body)
	} else if len(body) > 0 {
		rec.Body, _ = json.Marshal(string(body))
	}
	// Recorded on arrival, so a client that gave up waiting still finds its request here.
	s.mu.Lock()
	s.received = append(s.received, rec)
	at := len(s.received) - 1
	s.mu.Unlock()
	rp, drop := s.serve(r, body)
	s.mu.Lock()
	s.received[at].Status = rp.status
	version, api := s.Version, s.ConnectorAPI
	s.mu.Unlock()
	if drop {
		// Zotero closes the connection without a word, so a web page cannot even tell it runs.
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	w.Header().Set("X-Zotero-Version", version)
	if api > 0 {
		w.Header().Set("X-Zotero-Connector-API-Version", strconv.Itoa(api))
	}
	for k, v := range rp.header {
		w.Header().Set(k, v)
	}
	w.WriteHeader(rp.status)
	io.WriteString(w, rp.body)
}

func (s *Server) serve(r *http.Request, body []byte) (reply, bool) {
	if !hostRe.MatchString(r.Host) {
		return text(400, "Invalid Host header\n"), false
	}
	s.mu.Lock()
	ep, params := s.route(r.URL.Path)
	s.mu.Unlock()
	if ep == nil {
		return text(404, "No endpoint found\n"), false
	}
	switch r.Method {
	case http.MethodHead, http.MethodOptions:
		return reply{status: 200}, false
	case http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
	default:
		return text(501, "Method not implemented\n"), false
	}
	if r.Method != http.MethodGet && r.Method != http.MethodDelete && r.ContentLength < 0 {
		return text(400, "Content-length not provided\n"), false
	}
	if !contains(ep.methods, r.Method) {
		return text(400, "Endpoint does not support method\n"), false
	}
	_, hasOrigin := r.Header["Origin"]
	browser := strings.HasPrefix(r.UserAgent(), "Mozilla/") || hasOrigin
	if browser && r.Header.Get("X-Zotero-Connector-API-Version") == "" && r.Header.Get("Zotero-Allowed-Request") == "" &&
		!(r.URL.Path == "/connector/ping" && r.Header.Get("Sec-Fetch-Mode") == "navigate") {
		return reply{}, true
	}
	rq := &request{r: r, params: params, query: r.URL.Query()}
	if r.Method != http.MethodGet {
		ct := strings.TrimSpace(strings.SplitN(r.Header.Get("Content-Type"), ";", 2)[0])
		if ct != "" {
			rq.hasCT = true
			if ep.dataTypes != nil && !contains(ep.dataTypes, ct) {
				return text(400, "Endpoint does not support content-type\n"), false
			}
			if ct == "application/json" {
				if err := json.Unmarshal(body, &rq.data); err != nil {
					return text(400, "Invalid JSON provided\n"), false
				}
			} else if len(body) > 0 {
				rq.data = string(body)
			}
		}
	}
	if ep.local {
		return s.local(ep, rq), false
	}
	if ep.pattern == "/connector/saveItems" || ep.pattern == "/connector/updateSession" {
		s.mu.Lock()
		d := s.Delay
		s.mu.Unlock()
		if d > 0 {
			select {
			case <-time.After(d):
			case <-r.Context().Done():
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return ep.run(s, rq), false
}

func (s *Server) route(path string) (*endpoint, map[string]string) {
	segs := strings.Split(path, "/")
	for i := range endpoints {
		ep := &endpoints[i]
		if s.NoLocalAPI && ep.local {
			continue
		}
		if s.OldConnector && ep.pattern == "/connector/updateSession" {
			continue
		}
		pat := strings.Split(ep.pattern, "/")
		if len(pat) != len(segs) {
			continue
		}
		params := map[string]string{}
		ok := true
		for j, p := range pat {
			switch {
			case strings.HasPrefix(p, ":"):
				if segs[j] == "" {
					ok = false
				}
				params[p[1:]] = segs[j]
			case p != segs[j]:
				ok = false
			}
			if !ok {
				break
			}
		}
		if ok {
			return ep, params
		}
	}
	return nil, nil
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func cloneMap(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	json.Unmarshal(b, &out)
	return out
}

func (s *Server) library(id int) *Library {
	for i := range s.libraries {
		if s.libraries[i].ID == id {
			return &s.libraries[i]
		}
	}
	return nil
}

func (s *Server) collection(id int) *Collection {
	for i := range s.collections {
		if s.collections[i].ID == id {
			return &s.collections[i]
		}
	}
	return nil
}

func (s *Server) collectionByKey(lib int, key string) *Collection {
	for i := range s.collections {
		if s.collections[i].LibraryID == lib && s.collections[i].Key == key {
			return &s.collections[i]
		}
	}
	return nil
}

func (s *Server) itemByKey(lib int, key string) *Item {
	for _, it := range s.items {
		if it.LibraryID == lib && it.key() == key {
			return it
		}
	}
	return nil
}

// newKey makes a unique 8-character object key from Zotero's key alphabet.
func (s *Server) newKey() string {
	const alphabet = "23456789ABCDEFGHIJKLMNPQRSTUVWXYZ"
	s.nextID++
	b := []byte("22222222")
	for i, n := 7, s.nextID; n > 0 && i >= 0; i, n = i-1, n/len(alphabet) {
		b[i] = alphabet[n%len(alphabet)]
	}
	return string(b)
}
