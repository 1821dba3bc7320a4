package zotero

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
)

// pageSize is how many items one local API page holds. The local API sends everything at
// once by default; pages keep memory flat on a large library and let progress move.
const pageSize = 100

// EnableHint is how a user turns Zotero's local API on.
const EnableHint = `in Zotero 7 or later, open Settings → Advanced → General and check "Allow other applications on this computer to communicate with Zotero"`

// updateHint is what a user of a Zotero without the local API does.
const updateHint = "it needs Zotero 7 or later (update Zotero, then allow other applications to communicate with it under Settings → Advanced → General)"

func (c *Client) api(ctx context.Context, path string, q url.Values) (answer, error) {
	a, err := c.do(ctx, call{method: http.MethodGet, path: path, query: q, timeout: c.timeouts.Read,
		header: map[string]string{"Zotero-API-Version": strconv.Itoa(LocalAPIVersion)}})
	if err != nil {
		return a, err
	}
	switch {
	case a.status == http.StatusOK:
		return a, nil
	case a.status == http.StatusForbidden:
		return a, offError{domain.Errorf(domain.CodeUnavailable, "Zotero's local API is off (HTTP 403 %s): %s, then import again", a.text(), EnableHint)}
	case a.status == http.StatusNotFound && strings.Contains(string(a.body), "No endpoint found"):
		return a, offError{domain.Errorf(domain.CodeUnavailable, "this Zotero has no local API (HTTP 404 for %s): %s", path, updateHint)}
	case a.status == http.StatusNotImplemented:
		return a, offError{domain.Errorf(domain.CodeUnavailable, "this Zotero's local API does not speak version %d (HTTP 501 %s): update Zotero or DeepCritical", LocalAPIVersion, a.text())}
	}
	return a, domain.Errorf(domain.CodeUnavailable, "Zotero's local API answered %s with HTTP %d %s", path, a.status, a.text())
}

// offError is a local API that is off (Zotero's default) or absent (an older Zotero):
// the user's setting, not a failure, so what can go on without it does.
type offError struct{ error }

func (e offError) Unwrap() error { return e.error }

// IsLocalAPIOff reports whether err says Zotero's local API is off or absent, rather than
// that it failed to answer.
func IsLocalAPIOff(err error) bool {
	var off offError
	return errors.As(err, &off)
}

// Collection is one collection of the user's library, with its path of names from the top.
type Collection struct {
	Key      string `json:"key"`
	Name     string `json:"name"`
	Path     string `json:"path"`
	NumItems int    `json:"num_items"`
}

type apiCollection struct {
	Key  string `json:"key"`
	Meta struct {
		NumItems int `json:"numItems"`
	} `json:"meta"`
	Data struct {
		Name string `json:"name"`
		// ParentCollection is false at the top, else the parent's key.
		ParentCollection json.RawMessage `json:"parentCollection"`
	} `json:"data"`
}

// Collections lists every collection of the user's library (/api/users/0/collections, which
// the local API answers for the whole tree), each with its path.
func (c *Client) Collections(ctx context.Context) ([]Collection, error) {
	var raw []apiCollection
	if err := c.pages(ctx, "/api/users/0/collections", func(b []byte, _ int) (int, error) {
		var page []apiCollection
		if err := json.Unmarshal(b, &page); err != nil {
			return 0, err
		}
		raw = append(raw, page...)
		return len(page), nil
	}); err != nil {
		return nil, err
	}
	parent := map[string]string{}
	name := map[string]string{}
	for _, r := range raw {
		name[r.Key] = r.Data.Name
		var p string
		if json.Unmarshal(r.Data.ParentCollection, &p) == nil {
			parent[r.Key] = p
		}
	}
	out := make([]Collection, 0, len(raw))
	for _, r := range raw {
		parts := []string{r.Data.Name}
		seen := map[string]bool{r.Key: true}
		for p := parent[r.Key]; p != "" && !seen[p]; p = parent[p] {
			seen[p] = true
			parts = append([]string{name[p]}, parts...)
		}
		out = append(out, Collection{Key: r.Key, Name: r.Data.Name, Path: strings.Join(parts, "/"), NumItems: r.Meta.NumItems})
	}
	return out, nil
}

// FindCollection picks the collection a user named, by path ("Reviews/Metformin") or by a
// name only one collection has; case and surrounding space do not matter.
func FindCollection(all []Collection, name string) (Collection, error) {
	want := strings.ToLower(strings.Trim(strings.TrimSpace(name), "/"))
	var hit []Collection
	var paths []string
	for _, c := range all {
		if strings.ToLower(c.Path) == want {
			return c, nil
		}
		if strings.ToLower(c.Name) == want {
			hit = append(hit, c)
		}
		paths = append(paths, c.Path)
	}
	switch len(hit) {
	case 1:
		return hit[0], nil
	case 0:
		listed := "the library has no collection"
		if len(paths) > 0 {
			listed = "its collections: " + someNames(paths)
		}
		return Collection{}, domain.Errorf(domain.CodeNotFound, "no Zotero collection is named %q (%s)", name, listed)
	}
	var ps []string
	for _, h := range hit {
		ps = append(ps, h.Path)
	}
	return Collection{}, domain.Errorf(domain.CodeInvalid, "%d Zotero collections are named %q (%s): give its path, e.g. %q", len(hit), name, strings.Join(ps, ", "), ps[0])
}

// someNames lists collections for an error message: the first twelve, then "…", so a
// library with hundreds of collections still gets a readable sentence.
func someNames(names []string) string {
	if len(names) > 12 {
		names = append(names[:12:12], "…")
	}
	return strings.Join(names, ", ")
}

// Item is one item of the user's library as the local API gives it: the item JSON and the
// date Zotero parsed from its free-text date field.
type Item struct {
	Data       citeformat.ZoteroItem `json:"data"`
	ParsedDate string                `json:"parsed_date,omitempty"`
	// Unreadable says why the item's JSON could not be read as Zotero's item format (a field
	// of the wrong type, as a plugin or a damaged sync can leave): the item is the caller's to
	// report and skip, and the rest of the page is still read. Data holds what could be read,
	// at least the key where there is one.
	Unreadable string `json:"unreadable,omitempty"`
}

type apiItem struct {
	Key  string `json:"key"`
	Meta struct {
		ParsedDate string `json:"parsedDate"`
	} `json:"meta"`
	Data citeformat.ZoteroItem `json:"data"`
}

// Items reads the top-level items of the library, or of one collection (collectionKey), page
// by page: fn gets each page and the total Zotero reported. Notes and attachments under
// an item are not listed; standalone ones are, and are the caller's to skip.
func (c *Client) Items(ctx context.Context, collectionKey string, fn func(page []Item, total int) error) error {
	path := "/api/users/0/items/top"
	if collectionKey != "" {
		path = "/api/users/0/collections/" + url.PathEscape(collectionKey) + "/items/top"
	}
	seen := map[string]bool{}
	return c.pages(ctx, path, func(b []byte, total int) (int, error) {
		var raw []json.RawMessage
		if err := json.Unmarshal(b, &raw); err != nil {
			return 0, err
		}
		page := make([]Item, len(raw))
		fresh := 0
		for i, m := range raw {
			var r apiItem
			// On a field of the wrong type Unmarshal still fills every other field and
			// reports the first mismatch: the item is named and skipped, not the page.
			err := json.Unmarshal(m, &r)
			page[i] = Item{Data: r.Data, ParsedDate: r.Meta.ParsedDate}
			if page[i].Data.Key == "" {
				page[i].Data.Key = r.Key
			}
			if err != nil {
				page[i].Unreadable = unreadable(err)
			}
			if k := page[i].Data.Key; k == "" || !seen[k] {
				fresh++
				seen[k] = k != ""
			}
		}
		// Zotero pages by start; a server that ignores it gives the first page again and
		// again, which would import it once per page and, with a growing total, never end.
		if len(raw) > 0 && fresh == 0 {
			return 0, errCallback{domain.Errorf(domain.CodeUnavailable,
				"the server at %s gave the same %d items again when asked for the next page: it is not paging as Zotero's local API does, so the import stopped (what was read is kept)", c.URL(), len(raw))}
		}
		if err := fn(page, total); err != nil {
			return 0, errCallback{err}
		}
		return len(raw), nil
	})
}

// unreadable words a JSON decoding error of one item for the user.
func unreadable(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := strings.TrimPrefix(te.Field, "data.")
		return fmt.Sprintf("its field %q is a JSON %s where Zotero's item format has a %s", field, te.Value, jsonKind(te.Type.Kind()))
	}
	return "it is not an item in Zotero's format (" + err.Error() + ")"
}

// jsonKind names a Go kind as the JSON value it decodes from.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "true or false"
	default:
		return "number"
	}
}

// errCallback marks an error of the caller's page function, passed through unchanged.
type errCallback struct{ err error }

func (e errCallback) Error() string { return e.err.Error() }

// pages reads a list endpoint with start and limit until Zotero's Total-Results is reached;
// each decodes one page's body and returns how many entries it held.
func (c *Client) pages(ctx context.Context, path string, each func(body []byte, total int) (int, error)) error {
	for start := 0; ; {
		a, err := c.api(ctx, path, url.Values{"start": {strconv.Itoa(start)}, "limit": {strconv.Itoa(pageSize)}})
		if err != nil {
			return err
		}
		total, err := strconv.Atoi(strings.TrimSpace(a.header.Get("Total-Results")))
		if err != nil || total < 0 {
			return domain.Errorf(domain.CodeUnavailable, "the answer to %s has no Total-Results header: the server at %s is not Zotero's local API", path, c.URL())
		}
		n, err := each(a.body, total)
		if cb, ok := err.(errCallback); ok {
			return cb.err
		}
		if err != nil {
			return domain.Errorf(domain.CodeUnavailable, "Zotero's local API answered %s with something that is not its JSON (%s)", path, a.text())
		}
		start += n
		// A page with nothing on it before the total is reached means items went away
		// while reading (the user deleted some): what is left has been read.
		if n == 0 || start >= total {
			return nil
		}
	}
}

// CountTagged counts the top-level items of the user's library that carry tag (the local
// API's tag filter, /api/users/0/items/top?tag=…, read from Total-Results): how a run's
// references already sent are found, by the tag every one of them got.
func (c *Client) CountTagged(ctx context.Context, tag string) (int, error) {
	path := "/api/users/0/items/top"
	a, err := c.api(ctx, path, url.Values{"tag": {tag}, "limit": {"1"}})
	if err != nil {
		return 0, err
	}
	total, err := strconv.Atoi(strings.TrimSpace(a.header.Get("Total-Results")))
	if err != nil || total < 0 {
		return 0, domain.Errorf(domain.CodeUnavailable, "the answer to %s has no Total-Results header: the server at %s is not Zotero's local API", path, c.URL())
	}
	return total, nil
}

// FullTextCount counts the attachments whose full text Zotero has indexed
// (/api/users/0/fulltext?since=0, a map of attachment keys to versions).
func (c *Client) FullTextCount(ctx context.Context) (int, error) {
	a, err := c.api(ctx, "/api/users/0/fulltext", url.Values{"since": {"0"}})
	if err != nil {
		return 0, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(a.body, &m); err != nil {
		return 0, domain.Errorf(domain.CodeUnavailable, "Zotero's local API answered /fulltext with something that is not its JSON (%s)", a.text())
	}
	return len(m), nil
}
