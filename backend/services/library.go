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
	store dep[libraryStore]
	// importTo is the database when it can be written (imports need it).
	importTo dep[*store.Store]
	window   windowContexter
	mu       sync.Mutex // one import at a time keeps progress readable
}

// libraryStore is the part of the database the Library view lists and searches.
type libraryStore interface {
	ListLibrary(ctx context.Context, limit, offset int) ([]store.LibraryRecord, error)
	CountLibrary(ctx context.Context) (int, error)
	SearchLibrary(ctx context.Context, query string, limit int) ([]store.LibraryRecord, error)
}

var _ libraryStore = (*store.Store)(nil)

// LibraryItem is one record of the user's library as the Library view shows it.
type LibraryItem struct {
	ID       int64           `json:"id"`
	Key      string          `json:"key"`
	Evidence domain.Evidence `json:"evidence"`
	// Score is the search rank (bm25, lower is better); 0 in a plain listing.
	Score      float64   `json:"score,omitempty"`
	ImportedAt time.Time `json:"imported_at"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// LibraryItems shapes store rows for the window and the terminal.
func libraryItems(recs []store.LibraryRecord) []LibraryItem {
	out := make([]LibraryItem, len(recs))
	for i, r := range recs {
		out[i] = LibraryItem{ID: r.ID, Key: r.Key, Evidence: r.Evidence, Score: r.Score, ImportedAt: r.ImportedAt, UpdatedAt: r.UpdatedAt}
	}
	return out
}

// MaxLibraryPage is the most library records one List or Search returns; 100 when the
// caller asks for none or too many.
const MaxLibraryPage = 500

func libraryLimit(limit int) int {
	if limit <= 0 || limit > MaxLibraryPage {
		return 100
	}
	return limit
}

// LibraryPage is one page of the library list.
type LibraryPage struct {
	Records []LibraryItem `json:"records"`
	Total   int           `json:"total"`
}

// Import imports files and streams progress to the window, throttled to a few updates a second.
func (l *LibraryService) Import(paths []string) (library.Summary, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ctx := l.window.windowContext()
	var last time.Time
	progress := func(p library.Progress) {
		if ctx == nil || (!p.FileDone && time.Since(last) < 200*time.Millisecond) {
			return
		}
		last = time.Now()
		runtime.EventsEmit(ctx, LibraryProgressEvent, p)
	}
	st, err := l.importTo.get()
	if err != nil {
		return library.Summary{}, err
	}
	return importFiles(context.Background(), st, paths, progress)
}

// ImportDialog lets the user pick files, then imports them; no files picked is not an error.
func (l *LibraryService) ImportDialog() (library.Summary, error) {
	ctx := l.window.windowContext()
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
	st, err := l.store.get()
	if err != nil {
		return LibraryPage{}, err
	}
	ctx := context.Background()
	limit = libraryLimit(limit)
	recs, err := st.ListLibrary(ctx, limit, offset)
	if err != nil {
		return LibraryPage{}, err
	}
	n, err := st.CountLibrary(ctx)
	if err != nil {
		return LibraryPage{}, err
	}
	return LibraryPage{Records: libraryItems(recs), Total: n}, nil
}

// Search ranks library records for a query with bm25.
func (l *LibraryService) Search(query string, limit int) ([]LibraryItem, error) {
	st, err := l.store.get()
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(query) == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "type something to search for")
	}
	limit = libraryLimit(limit)
	recs, err := st.SearchLibrary(context.Background(), query, limit)
	return libraryItems(recs), err
}
