package services

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"deepcritical/backend/domain"
	"deepcritical/backend/library"
	"deepcritical/backend/store"
)

// LibraryProgressEvent is the Wails event carrying import progress to the Library view.
const LibraryProgressEvent = "library:progress"

// LibraryService imports the user's reference files and lists and searches them.
type LibraryService struct {
	c  *Container
	mu sync.Mutex // one import at a time keeps progress readable
}

// LibraryPage is one page of the library list.
type LibraryPage struct {
	Records []store.LibraryRecord `json:"records"`
	Total   int                   `json:"total"`
}

// ImportLibrary imports files into the library (the CLI's path); progress may be nil.
func (c *Container) ImportLibrary(ctx context.Context, paths []string, progress func(library.Progress)) (library.Summary, error) {
	st, err := c.Store()
	if err != nil {
		return library.Summary{}, err
	}
	if len(paths) == 0 {
		return library.Summary{}, domain.Errorf(domain.CodeInvalid, "no files to import")
	}
	return library.Import(ctx, st, paths, progress)
}

// Import imports files and streams progress to the window, throttled to a few updates a second.
func (l *LibraryService) Import(paths []string) (library.Summary, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ctx := l.c.emitter.windowContext()
	var last time.Time
	progress := func(p library.Progress) {
		if ctx == nil || (!p.FileDone && time.Since(last) < 200*time.Millisecond) {
			return
		}
		last = time.Now()
		runtime.EventsEmit(ctx, LibraryProgressEvent, p)
	}
	return l.c.ImportLibrary(context.Background(), paths, progress)
}

// ImportDialog lets the user pick files, then imports them; no files picked is not an error.
func (l *LibraryService) ImportDialog() (library.Summary, error) {
	ctx := l.c.emitter.windowContext()
	if ctx == nil {
		return library.Summary{}, domain.Errorf(domain.CodeUnavailable, "no window to show a file dialog in")
	}
	paths, err := runtime.OpenMultipleFilesDialog(ctx, runtime.OpenDialogOptions{
		Title: "Import references",
		Filters: []runtime.FileFilter{
			{DisplayName: "References (PubMed XML, MEDLINE/.nbib, RIS, BibTeX, CSL-JSON)", Pattern: "*.xml;*.nbib;*.txt;*.medline;*.ris;*.bib;*.json"},
			{DisplayName: "All files", Pattern: "*"},
		},
	})
	if err != nil {
		return library.Summary{}, err
	}
	if len(paths) == 0 {
		return library.Summary{Errors: []library.ImportError{}}, nil
	}
	return l.Import(paths)
}

// List returns a page of the library, newest first.
func (l *LibraryService) List(limit, offset int) (LibraryPage, error) {
	st, err := l.c.Store()
	if err != nil {
		return LibraryPage{}, err
	}
	ctx := context.Background()
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	recs, err := st.ListLibrary(ctx, limit, offset)
	if err != nil {
		return LibraryPage{}, err
	}
	n, err := st.CountLibrary(ctx)
	if err != nil {
		return LibraryPage{}, err
	}
	if recs == nil {
		recs = []store.LibraryRecord{}
	}
	return LibraryPage{Records: recs, Total: n}, nil
}

// Search ranks library records for a query with bm25.
func (l *LibraryService) Search(query string, limit int) ([]store.LibraryRecord, error) {
	st, err := l.c.Store()
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(query) == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "type something to search for")
	}
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	recs, err := st.SearchLibrary(context.Background(), query, limit)
	if recs == nil {
		recs = []store.LibraryRecord{}
	}
	return recs, err
}
