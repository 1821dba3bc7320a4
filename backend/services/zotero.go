package services

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/library"
	"deepcritical/backend/report"
	"deepcritical/backend/store"
	"deepcritical/backend/zotero"
)

// ZoteroService sends runs' references to the user's running Zotero (the report view's and
// History's "Send to Zotero") and imports the Zotero library into DeepCritical's (the Library
// view's "Import from Zotero"). The calls go from here, never from the web view: Zotero drops
// requests that look like a web page's.
type ZoteroService struct {
	runs     dep[report.ExportSource]
	importTo dep[*store.Store]
	settings *config.Live
	hc       *http.Client
	window   windowContexter
	mu       sync.Mutex // one Zotero operation at a time: two sends would race for the selection
}

var _ report.ExportSource = (*store.Store)(nil)

// ZoteroSendRequest names the runs whose references go to Zotero, the collection to put them
// in ("" for the one selected in Zotero, by name or path) and whether set-aside papers go too.
type ZoteroSendRequest struct {
	RunIDs          []string `json:"run_ids"`
	Collection      string   `json:"collection"`
	IncludeSetAside bool     `json:"include_set_aside"`
	// Again sends a run whose references Zotero already holds (tagged with the run): the
	// connector saves new items every time, so without it such a send is refused.
	Again bool `json:"again"`
}

// ZoteroSent is what one run sent.
type ZoteroSent struct {
	RunID  string   `json:"run_id"`
	Saved  int      `json:"saved"`
	Target string   `json:"target"`
	Tags   []string `json:"tags"`
}

// ZoteroSendResult is what Zotero now holds from the runs sent.
type ZoteroSendResult struct {
	Zotero zotero.Info  `json:"zotero"`
	Runs   []ZoteroSent `json:"runs"`
	// Unchecked says why Zotero could not be asked whether the runs were sent before (its
	// local API is off); "" when it was asked.
	Unchecked string `json:"unchecked,omitempty"`
}

func (z *ZoteroService) client() (*zotero.Client, error) {
	return zotero.New(z.settings.Effective().Zotero.URL, z.hc, zotero.Timeouts{})
}

// Send sends the references of each run in turn (one save session per run, so each carries
// its own tags and notes). A run that fails stops the sending; the error names the runs
// already in Zotero.
func (z *ZoteroService) Send(req ZoteroSendRequest) (ZoteroSendResult, error) {
	return z.send(context.Background(), req)
}

func (z *ZoteroService) send(ctx context.Context, req ZoteroSendRequest) (ZoteroSendResult, error) {
	out := ZoteroSendResult{Runs: []ZoteroSent{}}
	var ids []string
	for _, id := range req.RunIDs {
		if id = strings.TrimSpace(id); id != "" {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return out, domain.Errorf(domain.CodeInvalid, "no run to send to Zotero")
	}
	src, err := z.runs.get()
	if err != nil {
		return out, err
	}
	cl, err := z.client()
	if err != nil {
		return out, err
	}
	z.mu.Lock()
	defer z.mu.Unlock()
	// Every run is read before anything is sent, so a run id that does not exist is refused
	// with nothing half-sent.
	runs := make([]report.ExportRun, len(ids))
	for i, id := range ids {
		if runs[i], err = report.LoadExportRun(ctx, src, id); err != nil {
			return out, err
		}
	}
	for _, run := range runs {
		items := zotero.ItemsOf(run, req.IncludeSetAside)
		if len(items) == 0 {
			return out, sentSoFar(out, domain.Errorf(domain.CodeInvalid, "run %s has no reference to send (no paper the report relies on; --include-set-aside sends the set-aside ones)", run.Run.ID))
		}
		tags := zotero.RunTags(run.Run.ID)
		res, err := cl.Send(ctx, zotero.SendRequest{Items: items, Collection: req.Collection, Tags: tags, Sent: tags[1], Again: req.Again})
		if res.Unchecked != "" && out.Unchecked == "" {
			out.Unchecked = fmt.Sprintf("could not check whether run %s was sent to Zotero before (a run sent twice is in Zotero twice): %s", run.Run.ID, res.Unchecked)
		}
		if res.Saved > 0 {
			out.Zotero = res.Zotero
			out.Runs = append(out.Runs, ZoteroSent{RunID: run.Run.ID, Saved: res.Saved, Target: res.Target.Path, Tags: res.Tags})
		}
		if err != nil {
			return out, sentSoFar(out, err)
		}
	}
	return out, nil
}

// sentSoFar adds to err which runs are already in Zotero, so a failure part way through a
// several-run send says exactly what was written.
func sentSoFar(out ZoteroSendResult, err error) error {
	var done []string
	for _, r := range out.Runs {
		done = append(done, fmt.Sprintf("run %s (%d items)", r.RunID, r.Saved))
	}
	if len(done) == 0 {
		return err
	}
	return domain.Wrap(domain.CodeOf(err), err, domain.SafeMessage(err)+"; already in Zotero: "+strings.Join(done, ", "))
}

// Import imports the Zotero library, or one collection of it, into DeepCritical's library,
// sending progress to the Library view.
func (z *ZoteroService) Import(collection string) (library.Summary, error) {
	return z.importLibrary(context.Background(), collection, importProgress(z.window.windowContext()))
}

func (z *ZoteroService) importLibrary(ctx context.Context, collection string, progress func(library.Progress)) (library.Summary, error) {
	st, err := z.importTo.get()
	if err != nil {
		return library.Summary{Errors: []library.ImportError{}, Warnings: []library.ImportError{}}, err
	}
	cl, err := z.client()
	if err != nil {
		return library.Summary{Errors: []library.ImportError{}, Warnings: []library.ImportError{}}, err
	}
	z.mu.Lock()
	defer z.mu.Unlock()
	return library.ImportZotero(ctx, st, cl, strings.TrimSpace(collection), progress)
}

// SendToZotero is Send for the terminal: ctx cancels it (Ctrl-C).
func (c *CommandService) SendToZotero(ctx context.Context, req ZoteroSendRequest) (ZoteroSendResult, error) {
	if c.zotero == nil {
		return ZoteroSendResult{}, domain.Errorf(domain.CodeUnavailable, "Zotero is not set up")
	}
	return c.zotero.send(ctx, req)
}

// ImportZotero is the Zotero import for the terminal, with progress.
func (c *CommandService) ImportZotero(ctx context.Context, collection string, progress func(library.Progress)) (library.Summary, error) {
	if c.zotero == nil {
		return library.Summary{}, domain.Errorf(domain.CodeUnavailable, "Zotero is not set up")
	}
	return c.zotero.importLibrary(ctx, collection, progress)
}
