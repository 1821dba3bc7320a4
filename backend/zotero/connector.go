package zotero

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
)

// Info is what Zotero says about itself in every connector answer's headers.
type Info struct {
	Version      string `json:"version"`
	ConnectorAPI int    `json:"connector_api"`
}

func (c *Client) connectorCall(ctx context.Context, path string, body any, save bool) (answer, error) {
	t := c.timeouts.Probe
	if save {
		t = c.timeouts.Save
	}
	method := http.MethodPost
	if body == nil {
		method = http.MethodGet
	}
	return c.do(ctx, call{method: method, path: path, body: body, timeout: t,
		header: map[string]string{"X-Zotero-Connector-API-Version": strconv.Itoa(ConnectorAPIVersion)}})
}

// Ping finds Zotero: GET /connector/ping answers "Zotero is running" with Zotero's version and
// connector protocol version in the headers. Anything else at the address (another program,
// a Zotero too old to have save sessions) is refused here, before anything is sent.
func (c *Client) Ping(ctx context.Context) (Info, error) {
	a, err := c.connectorCall(ctx, "/connector/ping", nil, false)
	if err != nil {
		return Info{}, err
	}
	if a.status != http.StatusOK {
		return Info{}, domain.Errorf(domain.CodeUnavailable, "the server at %s is not Zotero's connector: /connector/ping answered HTTP %d %s", c.URL(), a.status, a.text())
	}
	info := Info{Version: strings.TrimSpace(a.header.Get("X-Zotero-Version"))}
	api, perr := strconv.Atoi(strings.TrimSpace(a.header.Get("X-Zotero-Connector-API-Version")))
	if info.Version == "" || perr != nil {
		return Info{}, domain.Errorf(domain.CodeUnavailable, "the server at %s answered /connector/ping without Zotero's version headers (X-Zotero-Version, X-Zotero-Connector-API-Version): it is not Zotero", c.URL())
	}
	info.ConnectorAPI = api
	// Save sessions and save targets came with connector protocol 2 (Zotero 5.0.36).
	if api < 2 {
		return info, domain.Errorf(domain.CodeUnavailable, "Zotero %s speaks connector protocol %d, too old to save into a chosen collection: update Zotero (7 or later)", info.Version, api)
	}
	return info, nil
}

// Target is one place Zotero can save to: a library ("L1") or a collection ("C12"), with
// its path from the library ("My Library/Reviews/Metformin").
type Target struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Path string `json:"path"`
}

// IsCollection reports whether the target is a collection rather than a whole library.
func (t Target) IsCollection() bool { return strings.HasPrefix(t.ID, "C") }

// Targets is Zotero's answer to /connector/getSelectedCollection: where a save lands now and
// every editable library and collection it could be moved to.
type Targets struct {
	// Current is where saveItems puts items: the library or collection selected in Zotero.
	Current Target `json:"current"`
	// Editable is false when that library is read-only (Zotero then refuses to save).
	Editable bool     `json:"editable"`
	All      []Target `json:"targets"`
}

type selectedCollection struct {
	LibraryID       *int   `json:"libraryID"`
	LibraryName     string `json:"libraryName"`
	LibraryEditable *bool  `json:"libraryEditable"`
	ID              *int   `json:"id"`
	Name            string `json:"name"`
	Targets         *[]struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Level int    `json:"level"`
	} `json:"targets"`
}

// SaveTargets asks Zotero where a save would go and what it could be moved to. It asks as a
// save does (switchToReadableLibrary: Zotero moves a read-only selection to My Library), so
// the answer is where saveItems will put the items.
func (c *Client) SaveTargets(ctx context.Context, info Info) (Targets, error) {
	a, err := c.connectorCall(ctx, "/connector/getSelectedCollection", map[string]any{"switchToReadableLibrary": true}, false)
	if err != nil {
		return Targets{}, err
	}
	if a.status == http.StatusNotFound {
		return Targets{}, oldConnector(info, "/connector/getSelectedCollection")
	}
	if a.status != http.StatusOK {
		return Targets{}, domain.Errorf(domain.CodeUnavailable, "Zotero %s could not say where to save (getSelectedCollection: HTTP %d %s); nothing was sent", info.Version, a.status, a.text())
	}
	var sel selectedCollection
	if err := json.Unmarshal(a.body, &sel); err != nil {
		return Targets{}, domain.Errorf(domain.CodeUnavailable, "Zotero %s answered getSelectedCollection with something that is not its JSON (%s); nothing was sent", info.Version, a.text())
	}
	if sel.Targets == nil || sel.LibraryEditable == nil || sel.LibraryID == nil {
		return Targets{}, oldConnector(info, "save targets in getSelectedCollection")
	}
	out := Targets{Editable: *sel.LibraryEditable}
	out.Current = Target{ID: "L" + strconv.Itoa(*sel.LibraryID), Name: sel.LibraryName, Path: sel.LibraryName}
	if sel.ID != nil {
		out.Current.ID = "C" + strconv.Itoa(*sel.ID)
		out.Current.Name = sel.Name
		// A collection of a read-only library is not among the targets; its path is then
		// known only as far as library and name.
		out.Current.Path = sel.LibraryName + "/" + sel.Name
	}
	// Targets come in tree order with their depth: a collection's parent is the nearest
	// earlier target one level up, which gives each its path.
	var stack []string
	for _, t := range *sel.Targets {
		if t.Level < 0 || t.Level > len(stack) {
			return Targets{}, domain.Errorf(domain.CodeUnavailable, "Zotero %s listed save target %q out of tree order; nothing was sent", info.Version, t.Name)
		}
		stack = append(stack[:t.Level], t.Name)
		tg := Target{ID: t.ID, Name: t.Name, Path: strings.Join(stack, "/")}
		out.All = append(out.All, tg)
		if tg.ID == out.Current.ID {
			out.Current.Path = tg.Path
		}
	}
	return out, nil
}

func oldConnector(info Info, what string) error {
	return domain.Errorf(domain.CodeUnavailable, "Zotero %s is too old: its connector has no %s; update Zotero (7 or later). Nothing was sent", info.Version, what)
}

// Find returns the collection a user named: its path below the library ("Reviews/Metformin"),
// its path with the library ("My Library/Reviews/Metformin"), or its bare name when only one
// collection has it; case and surrounding space do not matter.
func (t Targets) Find(name string) (Target, error) {
	want := strings.ToLower(strings.Trim(strings.TrimSpace(name), "/"))
	var byName, names []string
	var hit []Target
	for _, tg := range t.All {
		if !tg.IsCollection() {
			continue
		}
		full := strings.ToLower(tg.Path)
		_, below, _ := strings.Cut(full, "/")
		if full == want || below == want {
			return tg, nil
		}
		if strings.ToLower(tg.Name) == want {
			hit = append(hit, tg)
			byName = append(byName, tg.Path)
		}
		names = append(names, tg.Path)
	}
	switch {
	case len(hit) == 1:
		return hit[0], nil
	case len(hit) > 1:
		return Target{}, domain.Errorf(domain.CodeInvalid, "%d Zotero collections are named %q (%s): give its path, e.g. --collection %q; nothing was sent",
			len(hit), name, strings.Join(byName, ", "), strings.SplitN(byName[0], "/", 2)[1])
	}
	listed := "Zotero has no editable collection"
	if len(names) > 0 {
		listed = "its editable collections: " + someNames(names)
	}
	return Target{}, domain.Errorf(domain.CodeNotFound, "no editable Zotero collection is named %q (%s); create it in Zotero or pick another. Nothing was sent", name, listed)
}

// SendRequest is what to save: the items, the collection to put them in ("" for where Zotero
// is now), and the tags every item gets (manual tags, which Zotero keeps even when the user
// turned automatic tags off).
type SendRequest struct {
	Items      []citeformat.ZoteroItem
	Collection string
	Tags       []string
	// Sent is the tag items sent before carry (the run's): Zotero's connector saves new
	// items on every send, so when the library already holds items with it the send is
	// refused, unless Again. "" checks nothing.
	Sent  string
	Again bool
}

// SendResult says what Zotero now holds.
type SendResult struct {
	Zotero Info     `json:"zotero"`
	Saved  int      `json:"saved"`
	Target Target   `json:"target"`
	Tags   []string `json:"tags"`
	// Unchecked says why Sent could not be checked (the local API is off, Zotero's
	// default); the send went on.
	Unchecked string `json:"unchecked,omitempty"`
}

// Send saves the items in Zotero the way the browser connector does, checking first what can
// be checked so that a refusal leaves nothing behind: Zotero must answer (ping), its library
// must be editable and the collection must exist (getSelectedCollection) before saveItems
// writes anything. saveItems writes every item and its notes in one transaction, so a refused
// save stores none; only updateSession (moving the saved items into the collection and
// tagging them) can fail after something was written, and its error says exactly where the
// items are.
func (c *Client) Send(ctx context.Context, req SendRequest) (SendResult, error) {
	if len(req.Items) == 0 {
		return SendResult{}, domain.Errorf(domain.CodeInvalid, "nothing to send to Zotero: the run has no reference to export")
	}
	info, err := c.Ping(ctx)
	if err != nil {
		return SendResult{}, err
	}
	targets, err := c.SaveTargets(ctx, info)
	if err != nil {
		return SendResult{}, err
	}
	if !targets.Editable {
		return SendResult{}, readOnly(info, targets.Current.Path)
	}
	dest := targets.Current
	if strings.TrimSpace(req.Collection) != "" {
		if dest, err = targets.Find(req.Collection); err != nil {
			return SendResult{}, err
		}
	}
	res := SendResult{Zotero: info, Target: dest, Tags: req.Tags}
	if req.Sent != "" && !req.Again {
		n, err := c.CountTagged(ctx, req.Sent)
		switch {
		case err != nil && IsLocalAPIOff(err):
			// Zotero's default: the send goes on and says it could not check.
			res.Unchecked = strings.TrimSuffix(domain.SafeMessage(err), ", then import again")
		case err != nil:
			// The local API is on but did not answer (busy, rate limited, an error): sending
			// now could save the run's references twice, which the check is there to stop.
			return SendResult{}, domain.Errorf(domain.CodeUnavailable, "could not check whether Zotero already holds the references tagged %q (%s): nothing was sent; try again, or send anyway (--again)",
				req.Sent, domain.SafeMessage(err))
		case n > 0:
			return SendResult{}, domain.Errorf(domain.CodeConflict, "Zotero already holds %d %s tagged %q: sending them again would save them twice; delete them in Zotero first, or send again anyway (--again)",
				n, plural(n, "item", "items"), req.Sent)
		}
	}
	for i := range req.Items {
		if req.Items[i].ID == "" {
			// Zotero keys the saved items by this ID to move and tag them afterwards; two
			// items without one would be one item to updateSession.
			req.Items[i].ID = "item" + strconv.Itoa(i+1)
		}
	}
	session, err := c.saveItems(ctx, info, targets.Current, req.Items)
	if err != nil {
		return SendResult{}, err
	}
	res.Saved = len(req.Items)
	a, err := c.connectorCall(ctx, "/connector/updateSession", map[string]any{"sessionID": session, "target": dest.ID, "tags": nonNil(req.Tags)}, true)
	if err == nil && a.status == http.StatusOK {
		return res, nil
	}
	why := ""
	switch {
	case err != nil:
		why = domain.SafeMessage(err)
	case a.status == http.StatusNotFound:
		why = "this Zotero has no /connector/updateSession (update Zotero)"
	default:
		why = fmt.Sprintf("updateSession answered HTTP %d %s", a.status, connectorError(a))
	}
	return res, domain.Errorf(domain.CodeUnavailable, "%d %s saved in Zotero in %q, but could not be put in %q and tagged %s: %s. Move them in Zotero by hand; sending again would save them twice",
		res.Saved, plural(res.Saved, "item was", "items were"), targets.Current.Path, dest.Path, quoteAll(req.Tags), why)
}

// saveItems starts a save session with a fresh ID and saves the items into the current
// target. A session ID Zotero already holds (409) means nothing was saved, so one retry with
// another ID is safe.
func (c *Client) saveItems(ctx context.Context, info Info, current Target, items []citeformat.ZoteroItem) (string, error) {
	for attempt := 0; ; attempt++ {
		session, err := newSessionID()
		if err != nil {
			return "", err
		}
		a, err := c.connectorCall(ctx, "/connector/saveItems", map[string]any{"sessionID": session, "items": items}, true)
		if err != nil {
			if errors.Is(err, ErrTimeout) {
				return "", domain.Errorf(domain.CodeUnavailable, "%s while saving %d items: Zotero may still be saving them, so check %q in Zotero before sending again (a second send would save them twice)",
					domain.SafeMessage(err), len(items), current.Path)
			}
			return "", domain.Errorf(domain.CodeUnavailable, "%s; nothing was saved", domain.SafeMessage(err))
		}
		switch code := connectorError(a); {
		case a.status == http.StatusCreated:
			return session, nil
		case a.status == http.StatusConflict && code == "SESSION_EXISTS" && attempt == 0:
			continue
		case a.status == http.StatusBadRequest && code == "CONNECTOR_VERSION_OUTDATED":
			return "", domain.Errorf(domain.CodeUnavailable, "Zotero %s wants a newer connector protocol than DeepCritical's (%d): update DeepCritical. Nothing was saved", info.Version, ConnectorAPIVersion)
		case a.status == http.StatusInternalServerError && code == "libraryEditable=false":
			return "", readOnly(info, current.Path)
		case a.status == http.StatusNotFound:
			return "", oldConnector(info, "/connector/saveItems")
		default:
			return "", domain.Errorf(domain.CodeUnavailable, "Zotero %s refused the items (saveItems: HTTP %d %s); nothing was saved (Zotero saves a batch in one transaction)", info.Version, a.status, code)
		}
	}
}

func readOnly(info Info, where string) error {
	return domain.Errorf(domain.CodeUnavailable, "the Zotero library of %q is read-only (Zotero %s will not save there): select an editable library in Zotero. Nothing was saved", where, info.Version)
}

// connectorError reads the connector's JSON error ({"error": "SESSION_EXISTS"},
// {"libraryEditable": false}); otherwise the body's text.
func connectorError(a answer) string {
	var e struct {
		Error           string `json:"error"`
		LibraryEditable *bool  `json:"libraryEditable"`
	}
	if json.Unmarshal(a.body, &e) == nil {
		switch {
		case e.Error != "":
			return e.Error
		case e.LibraryEditable != nil && !*e.LibraryEditable:
			return "libraryEditable=false"
		}
	}
	return a.text()
}

func newSessionID() (string, error) {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return "", domain.Wrap(domain.CodeInternal, err, "cannot make a Zotero session ID")
	}
	return "deepcritical-" + hex.EncodeToString(b), nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = strconv.Quote(v)
	}
	if len(q) == 0 {
		return "(no tags)"
	}
	return strings.Join(q, ", ")
}
