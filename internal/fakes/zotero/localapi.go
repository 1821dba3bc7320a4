package zotero

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// local is LocalAPIEndpoint.init: the preference, the API version and the user ID come first.
func (s *Server) local(ep *endpoint, rq *request) reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.LocalAPIEnabled {
		return s.apiHeaders(text(403, "Local API is not enabled"))
	}
	if s.LocalAPIStatus != 0 {
		return s.apiHeaders(text(s.LocalAPIStatus, "An error occurred"))
	}
	v := rq.r.Header.Get("Zotero-API-Version")
	if v == "" {
		v = first(rq.query["v"])
	}
	if v != "" {
		if n, ok := jsParseInt(v); !ok || n != 3 {
			if rq.r.URL.Path != "/api/" {
				return s.apiHeaders(text(501, "API version not implemented: "+jsIntString(v)))
			}
		}
	}
	if uid, has := rq.params["userID"]; has {
		if n, ok := jsParseInt(uid); !ok || n != 0 {
			return s.apiHeaders(text(400, "Only data for the logged-in user is available locally -- use userID 0"))
		}
	}
	return s.apiHeaders(ep.run(s, rq))
}

func (s *Server) apiHeaders(r reply) reply {
	if r.header == nil {
		r.header = map[string]string{}
	}
	r.header["Zotero-API-Version"] = "3"
	r.header["Zotero-Schema-Version"] = "30"
	return r
}

func first(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

var leadingInt = regexp.MustCompile(`^\s*([+-]?\d+)`)

// jsParseInt is JavaScript's parseInt: the leading integer of the text, or NaN (ok=false).
func jsParseInt(s string) (int, bool) {
	m := leadingInt.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

func jsIntString(s string) string {
	if n, ok := jsParseInt(s); ok {
		return strconv.Itoa(n)
	}
	return "NaN"
}

// entry is one object of a list answer with what sorting and 'since' read.
type entry struct {
	json    map[string]any
	version int
	fields  map[string]string
}

var sortable = []string{"dateAdded", "dateModified", "title", "creator", "itemType", "date", "publisher", "publicationTitle",
	"journalAbbreviation", "language", "accessDate", "libraryCatalog", "callNumber", "rights", "addedBy", "numItems"}

// list answers a multi-object request: 'since', 'sort' and 'direction', then start and limit
// (everything by default), with Total-Results, Link and Last-Modified-Version.
func (s *Server) list(rq *request, all []entry) reply {
	q := url.Values(rq.query)
	if q.Has("since") {
		since, ok := jsParseInt(q.Get("since"))
		if !ok {
			return text(400, fmt.Sprintf("Invalid 'since' value '%s'", q.Get("since")))
		}
		if since != 0 {
			var kept []entry
			for _, e := range all {
				if e.version > since {
					kept = append(kept, e)
				}
			}
			all = kept
		}
	}
	if len(all) > 1 {
		key := q.Get("sort")
		if key == "" {
			key = "dateModified"
		}
		if !contains(sortable, key) {
			return text(400, fmt.Sprintf("Invalid 'sort' value '%s'", key))
		}
		dir := 1
		if strings.HasPrefix(key, "date") {
			dir = -1
		}
		if q.Has("direction") {
			switch q.Get("direction") {
			case "asc":
				dir = 1
			case "desc":
				dir = -1
			default:
				return text(400, fmt.Sprintf("Invalid 'direction' value '%s'", q.Get("direction")))
			}
		}
		sort.SliceStable(all, func(i, j int) bool {
			a, b := all[i].fields[key], all[j].fields[key]
			if dir > 0 {
				return a < b
			}
			return a > b
		})
	}
	total := len(all)
	start, _ := jsParseInt(q.Get("start"))
	start = max(0, min(start, total))
	limit, ok := jsParseInt(q.Get("limit"))
	if !ok || limit == 0 {
		limit = total - start
	}
	limit = max(limit, 0)
	page := all[start:min(total, start+limit)]
	links := s.links(rq, start, limit, total)
	r := reply{status: 200, header: map[string]string{
		"Total-Results": strconv.Itoa(total), "Link": links, "Last-Modified-Version": strconv.Itoa(s.version),
	}}
	switch f := q.Get("format"); f {
	case "", "json":
		out := make([]map[string]any, len(page))
		for i, e := range page {
			out[i] = e.json
		}
		b, _ := json.MarshalIndent(out, "", "    ")
		r.header["Content-Type"], r.body = "application/json", string(b)
	case "keys":
		var keys []string
		for _, e := range page {
			k, _ := e.json["key"].(string)
			keys = append(keys, k)
		}
		r.header["Content-Type"], r.body = "text/plain", strings.Join(keys, "\n")
	case "atom":
		return text(501, "Local API does not support Atom output")
	default:
		return text(400, fmt.Sprintf("Invalid 'format' value '%s'", f))
	}
	return r
}

// links builds the Link header as the local API does, from the request's own path.
func (s *Server) links(rq *request, start, limit, total int) string {
	build := func(p url.Values) string {
		u := url.URL{Scheme: "http", Host: rq.r.Host, Path: rq.r.URL.Path, RawQuery: p.Encode()}
		return u.String()
	}
	q := func() url.Values {
		out := url.Values{}
		for k, v := range rq.query {
			out[k] = append([]string(nil), v...)
		}
		return out
	}
	var parts []string
	add := func(rel, u string) { parts = append(parts, fmt.Sprintf("<%s>; rel=\"%s\"", u, rel)) }
	if start > 0 {
		p := q()
		p.Del("start")
		add("first", build(p))
		p = q()
		if prev := start - limit; prev <= 0 {
			p.Del("start")
		} else {
			p.Set("start", strconv.Itoa(prev))
		}
		add("prev", build(p))
	}
	if start == 0 && limit >= total {
		add("last", build(q()))
	} else if limit > 0 {
		last := total - total%limit
		if start >= total {
			last = total - limit
		} else if last == total {
			last = total - limit
		}
		p := q()
		if last > 0 {
			p.Set("start", strconv.Itoa(last))
		} else {
			p.Del("start")
		}
		add("last", build(p))
		if next := start + limit; next < total {
			p.Set("start", strconv.Itoa(next))
			add("next", build(p))
		}
	}
	return strings.Join(parts, ", ")
}

func (s *Server) userLibrary() *Library {
	if len(s.libraries) == 0 {
		return nil
	}
	return &s.libraries[0]
}

func (s *Server) collectionJSON(rq *request, c Collection) map[string]any {
	parent := any(false)
	if p := s.collection(c.Parent); p != nil {
		parent = p.Key
	}
	n, sub := 0, 0
	for _, it := range s.items {
		if it.Deleted || it.parent() != "" {
			continue
		}
		if cols, ok := it.Data["collections"].([]any); ok {
			for _, k := range cols {
				if k == c.Key {
					n++
				}
			}
		}
	}
	for _, o := range s.collections {
		if o.Parent == c.ID {
			sub++
		}
	}
	return map[string]any{
		"key": c.Key, "version": s.version,
		"library": map[string]any{"type": "user", "id": 0, "name": "", "links": map[string]any{}},
		"links":   map[string]any{"self": map[string]any{"href": "http://" + rq.r.Host + "/api/users/0/collections/" + c.Key, "type": "application/json"}},
		"meta":    map[string]any{"numCollections": sub, "numItems": n},
		"data":    map[string]any{"key": c.Key, "version": s.version, "name": c.Name, "parentCollection": parent, "relations": map[string]any{}},
	}
}

func (s *Server) apiCollections(rq *request) reply {
	lib := s.userLibrary()
	var all []entry
	path := rq.r.URL.Path
	for _, c := range s.collections {
		if c.LibraryID != lib.ID {
			continue
		}
		switch {
		case rq.params["collectionKey"] != "":
			p := s.collectionByKey(lib.ID, rq.params["collectionKey"])
			if p == nil || c.Parent != p.ID {
				continue
			}
		case strings.HasSuffix(path, "/top") && c.Parent != 0:
			continue
		}
		all = append(all, entry{json: s.collectionJSON(rq, c), version: s.version, fields: map[string]string{"title": c.Name}})
	}
	return s.list(rq, all)
}

func (s *Server) apiCollection(rq *request) reply {
	c := s.collectionByKey(s.userLibrary().ID, rq.params["collectionKey"])
	if c == nil {
		return text(404, "Not found")
	}
	b, _ := json.MarshalIndent(s.collectionJSON(rq, *c), "", "    ")
	return reply{status: 200, header: map[string]string{"Content-Type": "application/json", "Last-Modified-Version": strconv.Itoa(s.version)}, body: string(b)}
}

func (s *Server) itemJSON(rq *request, it *Item) map[string]any {
	meta := map[string]any{}
	if it.ParsedDate != "" {
		meta["parsedDate"] = it.ParsedDate
	}
	if it.parent() == "" && it.itemType() != "note" && it.itemType() != "attachment" {
		n := 0
		for _, c := range s.items {
			if c.parent() == it.key() && !c.Deleted {
				n++
			}
		}
		meta["numChildren"] = n
	}
	if cs, ok := it.Data["creators"].([]any); ok && len(cs) > 0 {
		if c, ok := cs[0].(map[string]any); ok {
			name, _ := c["lastName"].(string)
			if name == "" {
				name, _ = c["name"].(string)
			}
			if len(cs) == 2 {
				if c2, ok := cs[1].(map[string]any); ok {
					n2, _ := c2["lastName"].(string)
					name += " and " + n2
				}
			} else if len(cs) > 2 {
				name += " et al."
			}
			meta["creatorSummary"] = name
		}
	}
	data := cloneMap(it.Data)
	return map[string]any{
		"key": it.key(), "version": data["version"],
		"library": map[string]any{"type": "user", "id": 0, "name": "", "links": map[string]any{}},
		"links":   map[string]any{"self": map[string]any{"href": "http://" + rq.r.Host + "/api/users/0/items/" + it.key(), "type": "application/json"}},
		"meta":    meta,
		"data":    data,
	}
}

func (s *Server) itemEntry(rq *request, it *Item) entry {
	f := map[string]string{}
	for _, k := range sortable {
		if v, ok := it.Data[k].(string); ok {
			f[k] = v
		}
	}
	f["itemType"] = it.itemType()
	v, _ := it.Data["version"].(float64)
	if iv, ok := it.Data["version"].(int); ok {
		v = float64(iv)
	}
	return entry{json: s.itemJSON(rq, it), version: int(v), fields: f}
}

func inCollection(it *Item, key string) bool {
	cols, _ := it.Data["collections"].([]any)
	for _, k := range cols {
		if k == key {
			return true
		}
	}
	return false
}

// apiItems is the item search: everything (children included) or only top-level items, of the
// library, one collection, or one item's children; trashed items only with includeTrashed=1.
func (s *Server) apiItems(rq *request) reply {
	lib := s.userLibrary()
	path := rq.r.URL.Path
	top := strings.HasSuffix(path, "/top")
	colKey := rq.params["collectionKey"]
	parentKey := rq.params["itemKey"]
	trashed := url.Values(rq.query).Get("includeTrashed") == "1"
	matched := map[string]bool{}
	for _, it := range s.items {
		if it.LibraryID != lib.ID || (it.Deleted && !trashed) {
			continue
		}
		switch {
		case parentKey != "":
			if it.parent() == parentKey {
				matched[it.key()] = true
			}
		case colKey != "":
			if it.itemType() != "annotation" && it.parent() == "" && inCollection(it, colKey) {
				matched[it.key()] = true
			}
		default:
			if !top || it.parent() == "" {
				matched[it.key()] = true
			}
		}
	}
	if colKey != "" && !top {
		for _, it := range s.items {
			if matched[it.parent()] && (!it.Deleted || trashed) {
				matched[it.key()] = true
			}
		}
	}
	var all []entry
	for _, it := range s.items {
		if matched[it.key()] && taggedAs(it, url.Values(rq.query)["tag"]) {
			all = append(all, s.itemEntry(rq, it))
		}
	}
	return s.list(rq, all)
}

// taggedAs is the Web API's tag filter, which the local API shares: each tag parameter must
// hold (they are ANDed); one holds when the item has any of its " || "-separated tags, or,
// written "-tag", when it has none of them.
func taggedAs(it *Item, params []string) bool {
	has := map[string]bool{}
	if raw, ok := it.Data["tags"].([]any); ok {
		for _, t := range raw {
			if m, ok := t.(map[string]any); ok {
				if name, _ := m["tag"].(string); name != "" {
					has[name] = true
				}
			}
		}
	}
	for _, p := range params {
		negated := strings.HasPrefix(p, "-")
		any := false
		for _, alt := range strings.Split(strings.TrimPrefix(p, "-"), " || ") {
			any = any || has[strings.TrimSpace(alt)]
		}
		if any == negated {
			return false
		}
	}
	return true
}

func (s *Server) apiItem(rq *request) reply {
	it := s.itemByKey(s.userLibrary().ID, rq.params["itemKey"])
	if it == nil {
		return text(404, "Not found")
	}
	b, _ := json.MarshalIndent(s.itemJSON(rq, it), "", "    ")
	return reply{status: 200, header: map[string]string{"Content-Type": "application/json", "Last-Modified-Version": strconv.Itoa(s.version)}, body: string(b)}
}

// apiItemFullText is an attachment's indexed text: 404 for anything but a file attachment
// whose text Zotero has cached.
func (s *Server) apiItemFullText(rq *request) reply {
	it := s.itemByKey(s.userLibrary().ID, rq.params["itemKey"])
	if it == nil || it.itemType() != "attachment" || it.FullText == "" {
		return text(404, "Not found")
	}
	ct, _ := it.Data["contentType"].(string)
	if ct != "application/pdf" && ct != "text/html" && ct != "application/epub+zip" {
		return text(404, "Not found")
	}
	b, _ := json.MarshalIndent(map[string]any{"content": it.FullText, "indexedPages": 1, "totalPages": 1}, "", "    ")
	return reply{status: 200, header: map[string]string{"Content-Type": "application/json", "Last-Modified-Version": strconv.Itoa(s.version)}, body: string(b)}
}

// apiFullText maps the keys of attachments with indexed text to their versions; 'since' is
// required (Zotero reads parseInt of a missing value as NaN).
func (s *Server) apiFullText(rq *request) reply {
	raw := url.Values(rq.query).Get("since")
	since, ok := jsParseInt(raw)
	if !ok {
		if !url.Values(rq.query).Has("since") {
			raw = "null"
		}
		return text(400, fmt.Sprintf("Invalid 'since' value '%s'", raw))
	}
	out := map[string]int{}
	for _, it := range s.items {
		if it.LibraryID == s.userLibrary().ID && it.itemType() == "attachment" && it.FullText != "" {
			v := s.itemEntry(rq, it).version
			if since == 0 || v > since {
				out[it.key()] = v
			}
		}
	}
	b, _ := json.MarshalIndent(out, "", "    ")
	return reply{status: 200, header: map[string]string{"Content-Type": "application/json"}, body: string(b)}
}
