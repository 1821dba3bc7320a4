package zotero

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// endpoints are the connector's and the local API's, as Zotero registers them.
var endpoints = []endpoint{
	{pattern: "/connector/ping", methods: []string{"GET", "POST"}, dataTypes: []string{"application/json", "text/plain"}, run: (*Server).ping},
	{pattern: "/connector/getSelectedCollection", methods: []string{"POST"}, dataTypes: []string{"application/json"}, run: (*Server).getSelectedCollection},
	{pattern: "/connector/saveItems", methods: []string{"POST"}, dataTypes: []string{"application/json"}, run: (*Server).saveItems},
	{pattern: "/connector/updateSession", methods: []string{"POST"}, dataTypes: []string{"application/json"}, run: (*Server).updateSession},
	{pattern: "/api/", methods: []string{"GET"}, local: true, run: func(*Server, *request) reply { return text(200, "Nothing to see here.") }},
	{pattern: "/api/users/:userID/collections", methods: []string{"GET"}, local: true, run: (*Server).apiCollections},
	{pattern: "/api/users/:userID/collections/top", methods: []string{"GET"}, local: true, run: (*Server).apiCollections},
	{pattern: "/api/users/:userID/collections/:collectionKey/collections", methods: []string{"GET"}, local: true, run: (*Server).apiCollections},
	{pattern: "/api/users/:userID/collections/:collectionKey", methods: []string{"GET"}, local: true, run: (*Server).apiCollection},
	{pattern: "/api/users/:userID/items", methods: []string{"GET"}, local: true, run: (*Server).apiItems},
	{pattern: "/api/users/:userID/items/top", methods: []string{"GET"}, local: true, run: (*Server).apiItems},
	{pattern: "/api/users/:userID/collections/:collectionKey/items", methods: []string{"GET"}, local: true, run: (*Server).apiItems},
	{pattern: "/api/users/:userID/collections/:collectionKey/items/top", methods: []string{"GET"}, local: true, run: (*Server).apiItems},
	{pattern: "/api/users/:userID/items/:itemKey/children", methods: []string{"GET"}, local: true, run: (*Server).apiItems},
	{pattern: "/api/users/:userID/items/:itemKey", methods: []string{"GET"}, local: true, run: (*Server).apiItem},
	{pattern: "/api/users/:userID/items/:itemKey/fulltext", methods: []string{"GET"}, local: true, run: (*Server).apiItemFullText},
	{pattern: "/api/users/:userID/fulltext", methods: []string{"GET"}, local: true, run: (*Server).apiFullText},
	// Group libraries: the fake has none the local API can name.
	{pattern: "/api/groups/:groupID/items", methods: []string{"GET"}, local: true, run: func(*Server, *request) reply { return text(404, "Not found") }},
	{pattern: "/api/groups/:groupID/collections", methods: []string{"GET"}, local: true, run: func(*Server, *request) reply { return text(404, "Not found") }},
}

func (s *Server) ping(rq *request) reply {
	if rq.r.Method == "GET" {
		return reply{status: 200, header: map[string]string{"Content-Type": "text/html"}, body: "<!DOCTYPE html><html><body>Zotero is running</body></html>"}
	}
	return jsonReply(200, map[string]any{"prefs": map[string]any{
		"automaticSnapshots": true, "downloadAssociatedFiles": true, "supportsAttachmentUpload": true,
		"supportsTagsAutocomplete": true, "canUserAddNote": true, "translatorsHash": "fake", "sortedTranslatorHash": "fake",
	}})
}

// saveTarget is getSaveTarget: the selected library or collection, or My Library instead of a
// read-only selection when read-only is not allowed (Zotero then selects My Library).
func (s *Server) saveTarget(allowReadOnly bool) (*Library, *Collection, bool) {
	lib, col := s.resolve(s.selected)
	if lib == nil && len(s.libraries) > 0 {
		lib = &s.libraries[0]
	}
	if lib == nil {
		return nil, nil, false
	}
	editable := lib.Editable
	if !editable && !allowReadOnly && s.libraries[0].Editable {
		s.selected = "L" + strconv.Itoa(s.libraries[0].ID)
		return &s.libraries[0], nil, true
	}
	return lib, col, editable
}

func (s *Server) resolve(target string) (*Library, *Collection) {
	if len(target) < 2 {
		return nil, nil
	}
	id, _ := strconv.Atoi(target[1:])
	switch target[0] {
	case 'L':
		return s.library(id), nil
	case 'C':
		if c := s.collection(id); c != nil {
			return s.library(c.LibraryID), c
		}
	}
	return nil, nil
}

func dataMap(rq *request) (map[string]any, bool) {
	m, ok := rq.data.(map[string]any)
	return m, ok
}

func (s *Server) getSelectedCollection(rq *request) reply {
	data, ok := dataMap(rq)
	if !ok {
		return reply{status: 500}
	}
	allowReadOnly := true
	if v, has := data["switchToReadableLibrary"]; has {
		allowReadOnly = !truthy(v)
	}
	lib, col, editable := s.saveTarget(allowReadOnly)
	if lib == nil {
		return reply{status: 500}
	}
	out := map[string]any{
		"libraryID": lib.ID, "libraryName": lib.Name, "libraryEditable": lib.Editable,
		"filesEditable": lib.FilesEditable, "editable": editable, "id": nil, "name": lib.Name,
	}
	if col != nil {
		out["id"], out["name"] = col.ID, col.Name
	}
	if s.OldConnector {
		delete(out, "libraryEditable")
		return jsonReply(200, out)
	}
	targets := []map[string]any{}
	tags := map[string]any{}
	for _, l := range s.libraries {
		if !l.Editable {
			continue
		}
		tree := "L" + strconv.Itoa(l.ID)
		tags[tree] = []any{}
		targets = append(targets, map[string]any{"id": tree, "name": l.Name, "filesEditable": l.FilesEditable, "level": 0})
		var walk func(parent, level int)
		walk = func(parent, level int) {
			for _, c := range s.children(l.ID, parent) {
				targets = append(targets, map[string]any{"id": "C" + strconv.Itoa(c.ID), "name": c.Name, "filesEditable": l.FilesEditable, "level": level})
				walk(c.ID, level+1)
			}
		}
		walk(0, 1)
	}
	out["targets"], out["tags"] = targets, tags
	return jsonReply(200, out)
}

// children are a library's collections under parent (0: the top), by name as Zotero sorts them.
func (s *Server) children(lib, parent int) []Collection {
	var out []Collection
	for _, c := range s.collections {
		if c.LibraryID == lib && c.Parent == parent {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	return out
}

func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	}
	return true
}

func randomID() string {
	b := make([]byte, 4)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *Server) saveItems(rq *request) reply {
	data, ok := dataMap(rq)
	if !ok {
		return reply{status: 500}
	}
	if s.ConnectorAPI >= 3 {
		if v := rq.r.Header.Get("X-Zotero-Connector-API-Version"); v != "" {
			if n, err := strconv.Atoi(v); err != nil || n < s.ConnectorAPI {
				return jsonReply(400, map[string]any{"error": "CONNECTOR_VERSION_OUTDATED"})
			}
		}
	}
	lib, col, _ := s.saveTarget(false)
	if lib == nil {
		return reply{status: 500}
	}
	id, ok := data["sessionID"].(string)
	if _, given := data["sessionID"]; !given {
		id = randomID()
	} else if !ok {
		id = fmt.Sprint(data["sessionID"])
	}
	if _, exists := s.sessions[id]; exists {
		return jsonReply(409, map[string]any{"error": "SESSION_EXISTS"})
	}
	sess := &session{items: map[string]string{}}
	s.sessions[id] = sess
	if !lib.Editable {
		return jsonReply(500, map[string]any{"libraryEditable": false})
	}
	list, ok := data["items"].([]any)
	if !ok {
		// `for (let jsonItem of undefined)` throws inside the endpoint.
		return reply{status: 500}
	}
	// One transaction: every item is checked before any is kept.
	var saved []*Item
	tops := map[string]string{}
	for _, raw := range list {
		it, ok := raw.(map[string]any)
		if !ok {
			return reply{status: 500}
		}
		items, err := s.translatorItem(it, lib, col)
		if err != nil {
			// The session stays: Zotero's session.remove() does not remove it.
			return reply{status: 500}
		}
		saved = append(saved, items...)
		tops[connectorKey(fmt.Sprint(it["id"]))] = items[0].key()
	}
	s.items = append(s.items, saved...)
	for k, v := range tops {
		sess.items[k] = v
	}
	s.version++
	return reply{status: 201, header: map[string]string{"Content-Type": "application/json"}}
}

// connectorKey is how a JavaScript object keys the item: an item without "id" is keyed
// "undefined", so several such items collapse into one.
func connectorKey(id string) string {
	if id == "<nil>" {
		return "undefined"
	}
	return id
}

// itemFields are the fields Zotero keeps for the item types DeepCritical sends; fields not
// valid for a type are dropped (Zotero logs and discards them).
var itemFields = map[string][]string{
	"journalArticle": {"title", "abstractNote", "publicationTitle", "volume", "issue", "pages", "date", "series", "seriesTitle",
		"seriesText", "journalAbbreviation", "language", "DOI", "ISSN", "shortTitle", "url", "accessDate", "archive",
		"archiveLocation", "libraryCatalog", "callNumber", "rights", "extra"},
	"webpage": {"title", "abstractNote", "websiteTitle", "websiteType", "date", "shortTitle", "url", "accessDate", "language", "rights", "extra"},
}

// itemTypes are Zotero's item types (the ones this fake knows of).
var itemTypes = map[string]bool{"journalArticle": true, "webpage": true, "book": true, "bookSection": true, "report": true,
	"thesis": true, "preprint": true, "conferencePaper": true, "magazineArticle": true, "newspaperArticle": true,
	"document": true, "note": true, "attachment": true, "dataset": true, "manuscript": true}

var creatorTypes = map[string]bool{"author": true, "contributor": true, "editor": true, "translator": true, "seriesEditor": true, "reviewedAuthor": true, "bookAuthor": true}

// translatorItem turns one translator item into the saved item and its child notes, as
// ItemSaver does, or fails as Item#fromJSON and Creators.cleanData do.
func (s *Server) translatorItem(it map[string]any, lib *Library, col *Collection) ([]*Item, error) {
	typ, _ := it["itemType"].(string)
	if typ == "" {
		typ = "webpage"
	}
	if !itemTypes[typ] {
		return nil, fmt.Errorf("Unknown item type '%s'", typ)
	}
	now := time.Now().UTC().Format(time.RFC3339)
	key := s.newKey()
	data := map[string]any{"key": key, "version": s.version, "itemType": typ, "dateAdded": now, "dateModified": now,
		"tags": []any{}, "collections": []any{}, "relations": map[string]any{}}
	if col != nil {
		data["collections"] = []any{col.Key}
	}
	fields := itemFields[typ]
	for k, v := range it {
		switch k {
		case "itemType", "attachments", "notes", "dateAdded", "dateModified", "seeAlso", "version", "id", "itemID", "path", "tags", "creators":
			continue
		}
		if fields != nil && !contains(fields, k) {
			continue
		}
		if sv, ok := v.(string); ok {
			data[k] = sv
		}
	}
	if raw, has := it["creators"]; has {
		list, ok := raw.([]any)
		if !ok {
			return nil, fmt.Errorf("creators is not an array")
		}
		var creators []any
		for _, c := range list {
			cm, ok := c.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("creator is not an object")
			}
			_, hasName := cm["name"]
			_, hasFirst := cm["firstName"]
			_, hasLast := cm["lastName"]
			switch {
			case !hasName && !hasLast:
				return nil, fmt.Errorf("Creator data must contain either 'name' or 'firstName'/'lastName' properties")
			case hasName && (hasFirst || hasLast):
				return nil, fmt.Errorf("Creator data cannot contain both 'name' and 'firstName'/'lastName' properties")
			}
			ct, _ := cm["creatorType"].(string)
			if ct == "" {
				ct = "author"
			}
			out := map[string]any{"creatorType": ct}
			if !creatorTypes[ct] {
				out["creatorType"] = "author"
			}
			if hasName {
				n, ok := cm["name"].(string)
				if !ok {
					return nil, fmt.Errorf("'name' must be a string")
				}
				out["name"] = strings.TrimSpace(n)
			} else {
				last, ok := cm["lastName"].(string)
				if !ok {
					return nil, fmt.Errorf("'lastName' must be a string")
				}
				first, _ := cm["firstName"].(string)
				out["firstName"], out["lastName"] = strings.TrimSpace(first), strings.TrimSpace(last)
			}
			creators = append(creators, out)
		}
		data["creators"] = creators
	} else {
		data["creators"] = []any{}
	}
	if raw, ok := it["tags"].([]any); ok && s.AutomaticTags {
		var tags []any
		for _, t := range raw {
			name := ""
			switch x := t.(type) {
			case string:
				name = x
			case map[string]any:
				name, _ = x["tag"].(string)
			}
			if strings.TrimSpace(name) != "" {
				tags = append(tags, map[string]any{"tag": name, "type": 1})
			}
		}
		if tags != nil {
			data["tags"] = tags
		}
	}
	out := []*Item{{LibraryID: lib.ID, Data: data}}
	if notes, ok := it["notes"].([]any); ok {
		for _, n := range notes {
			html := ""
			switch x := n.(type) {
			case string:
				html = x
			case map[string]any:
				html, _ = x["note"].(string)
			default:
				return nil, fmt.Errorf("note is neither text nor an object")
			}
			out = append(out, &Item{LibraryID: lib.ID, Data: map[string]any{"key": s.newKey(), "version": s.version, "itemType": "note",
				"parentItem": key, "note": html, "tags": []any{}, "relations": map[string]any{}, "dateAdded": now, "dateModified": now}})
		}
	}
	return out, nil
}

func (s *Server) updateSession(rq *request) reply {
	data, ok := dataMap(rq)
	if !ok {
		return reply{status: 500}
	}
	id, _ := data["sessionID"].(string)
	if id == "" {
		return jsonReply(400, map[string]any{"error": "SESSION_ID_NOT_PROVIDED"})
	}
	sess := s.sessions[id]
	if sess == nil {
		return jsonReply(400, map[string]any{"error": "SESSION_NOT_FOUND"})
	}
	target, ok := data["target"].(string)
	if !ok || target == "" {
		return reply{status: 500} // data.target[0] throws
	}
	var tags []string
	switch x := data["tags"].(type) {
	case string:
		tags = strings.Split(x, ",")
	case []any:
		for _, t := range x {
			if ts, ok := t.(string); ok {
				tags = append(tags, ts)
			}
		}
	}
	if target[0] == 'C' {
		cid, _ := strconv.Atoi(target[1:])
		if s.collection(cid) == nil {
			return jsonReply(400, map[string]any{"error": "COLLECTION_NOT_FOUND"})
		}
	}
	if s.FailUpdateSession {
		return reply{status: 500}
	}
	lib, col := s.resolve(target)
	if lib == nil {
		return reply{status: 500}
	}
	s.selected = target
	var manual []any
	for _, t := range tags {
		if t = strings.TrimSpace(t); t != "" {
			manual = append(manual, map[string]any{"tag": t})
		}
	}
	for _, key := range sess.items {
		it := s.itemAnywhere(key)
		if it == nil {
			continue
		}
		if it.LibraryID != lib.ID {
			for _, child := range s.items {
				if child.parent() == key {
					child.LibraryID = lib.ID
				}
			}
			it.LibraryID = lib.ID
		}
		var keep []any
		if old, ok := it.Data["tags"].([]any); ok {
			for _, t := range old {
				if tm, ok := t.(map[string]any); ok && fmt.Sprint(tm["type"]) == "1" {
					keep = append(keep, t)
				}
			}
		}
		it.Data["tags"] = append(keep, manual...)
		if col != nil {
			it.Data["collections"] = []any{col.Key}
		} else {
			it.Data["collections"] = []any{}
		}
		it.Data["dateModified"] = time.Now().UTC().Format(time.RFC3339)
	}
	s.version++
	return jsonReply(200, map[string]any{})
}

func (s *Server) itemAnywhere(key string) *Item {
	for _, it := range s.items {
		if it.key() == key {
			return it
		}
	}
	return nil
}
