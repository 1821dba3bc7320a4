package services

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"deepcritical/backend/domain"
	"deepcritical/backend/library"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
)

// LibraryProgressEvent is the Wails event carrying import progress to the Library view.
const LibraryProgressEvent = "library:progress"

// importProgress sends an import's progress to the Library view of the window ctx (none
// without a window): every finished file, and otherwise at most five updates a second.
func importProgress(ctx context.Context) func(library.Progress) {
	var last time.Time
	return func(p library.Progress) {
		if ctx == nil || (!p.FileDone && time.Since(last) < 200*time.Millisecond) {
			return
		}
		last = time.Now()
		runtime.EventsEmit(ctx, LibraryProgressEvent, p)
	}
}

// LibraryService imports the user's reference files and lists and searches them.
type LibraryService struct {
	store dep[libraryStore]
	// importTo is the database when it can be written (imports need it).
	importTo dep[*store.Store]
	window   windowContexter
	// pdf reads the PDFs among imported files; engines build the appraiser of a dropped PDF.
	pdf     library.PDFReader
	engines dep[*runs.Engines]
	mu      sync.Mutex // one import at a time keeps progress readable
}

// libraryStore is the part of the database the Library view lists and searches.
type libraryStore interface {
	ListLibrary(ctx context.Context, limit, offset int) ([]store.LibraryRecord, error)
	CountLibrary(ctx context.Context) (int, error)
	SearchLibrary(ctx context.Context, query string, limit int) ([]store.LibraryRecord, error)
	FullTextInfos(ctx context.Context, keys []string) (map[string]store.FullTextInfo, error)
	SearchFullTexts(ctx context.Context, query string, limit int) ([]store.FullTextHit, error)
	LibraryRecordsByKey(ctx context.Context, keys []string) ([]store.LibraryRecord, error)
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
	// FullText is set when the record's full text is stored (an imported PDF: its pages).
	FullText *LibraryFullText `json:"full_text,omitempty"`
	// InFullText marks a search hit found only in the record's full text (its PDF), not in
	// its title, abstract, authors, journal or keywords.
	InFullText bool `json:"in_full_text,omitempty"`
}

// LibraryFullText says where a library record's stored full text came from.
type LibraryFullText struct {
	Source domain.FullTextSource `json:"source"`
	// File is the PDF's file name (source pdf) or the PMCID (JATS).
	File  string `json:"file,omitempty"`
	Pages int    `json:"pages,omitempty"`
}

// libraryItems shapes store rows for the window and the terminal, marking those with a
// stored full text.
func libraryItems(ctx context.Context, st libraryStore, recs []store.LibraryRecord) ([]LibraryItem, error) {
	keys := make([]string, len(recs))
	for i, r := range recs {
		keys[i] = r.Key
	}
	infos, err := st.FullTextInfos(ctx, keys)
	if err != nil {
		return nil, err
	}
	out := make([]LibraryItem, len(recs))
	for i, r := range recs {
		out[i] = LibraryItem{ID: r.ID, Key: r.Key, Evidence: r.Evidence, Score: r.Score, ImportedAt: r.ImportedAt, UpdatedAt: r.UpdatedAt}
		if fi, ok := infos[r.Key]; ok {
			out[i].FullText = &LibraryFullText{Source: fi.Source, File: fi.SourceID, Pages: fi.Pages}
		}
	}
	return out, nil
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
	st, err := l.importTo.get()
	if err != nil {
		return library.Summary{}, err
	}
	return importFiles(context.Background(), st, paths, importProgress(l.window.windowContext()), l.pdf)
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
			{DisplayName: "References and PDFs (PubMed XML, MEDLINE/.nbib, RIS, BibTeX, CSL-JSON, PDF)", Pattern: "*.xml;*.nbib;*.txt;*.medline;*.ris;*.bib;*.json;*.pdf"},
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
	items, err := libraryItems(ctx, st, recs)
	if err != nil {
		return LibraryPage{}, err
	}
	return LibraryPage{Records: items, Total: n}, nil
}

// Search ranks library records for a query with bm25: those whose reference matches first,
// then those whose stored full text (an imported PDF) matches.
func (l *LibraryService) Search(query string, limit int) ([]LibraryItem, error) {
	st, err := l.store.get()
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(query) == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "type something to search for")
	}
	limit = libraryLimit(limit)
	ctx := context.Background()
	recs, err := st.SearchLibrary(ctx, query, limit)
	if err != nil {
		return nil, err
	}
	items, err := libraryItems(ctx, st, recs)
	if err != nil || len(items) >= limit {
		return items, err
	}
	// Then the records whose PDF text matches, after those matching by their reference.
	hits, err := st.SearchFullTexts(ctx, query, limit)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, it := range items {
		seen[it.Key] = true
	}
	var keys []string
	for _, h := range hits {
		if !seen[h.Key] {
			keys = append(keys, h.Key)
		}
	}
	more, err := st.LibraryRecordsByKey(ctx, keys)
	if err != nil {
		return nil, err
	}
	extra, err := libraryItems(ctx, st, more)
	if err != nil {
		return nil, err
	}
	for i := range extra {
		extra[i].InFullText = true
	}
	return append(items, extra[:min(len(extra), limit-len(items))]...), nil
}

// DroppedFiles is what a drop on the Library view did: the import, and each PDF's appraisal.
type DroppedFiles struct {
	Summary    library.Summary `json:"summary"`
	Appraisals []PDFAppraisal  `json:"appraisals"`
}

// PDFAppraisal is the appraisal of one imported PDF, or why it could not be appraised.
type PDFAppraisal struct {
	File      string            `json:"file"`
	LibraryID int64             `json:"library_id"`
	Key       string            `json:"key"`
	Title     string            `json:"title"`
	Pages     int               `json:"pages"`
	Appraisal *domain.Appraisal `json:"appraisal,omitempty"`
	Error     string            `json:"error,omitempty"`
}

// ImportDropped imports the files dropped on the Library view (PDFs and reference files)
// and appraises each imported PDF from its full text with the settings' judge. A PDF that
// cannot be appraised keeps its import and says why.
func (l *LibraryService) ImportDropped(paths []string) (DroppedFiles, error) {
	sum, err := l.Import(paths)
	if err != nil {
		return DroppedFiles{Summary: sum}, err
	}
	out := DroppedFiles{Summary: sum, Appraisals: []PDFAppraisal{}}
	for _, p := range sum.PDFs {
		pa, err := l.AppraisePDF(p.ID)
		if err != nil {
			pa = PDFAppraisal{LibraryID: p.ID, Key: p.Key, Title: p.Title, Pages: p.Pages, Error: domain.SafeMessage(err)}
		}
		pa.File = filepath.Base(p.File)
		out.Appraisals = append(out.Appraisals, pa)
	}
	return out, nil
}

// AppraisePDF appraises a library record from its stored full text (an imported PDF) with
// the settings' judge; a record without one is refused with the reason.
func (l *LibraryService) AppraisePDF(id int64) (PDFAppraisal, error) {
	st, err := l.importTo.get()
	if err != nil {
		return PDFAppraisal{}, err
	}
	engines, err := l.engines.get()
	if err != nil {
		return PDFAppraisal{}, err
	}
	ctx := context.Background()
	rec, err := st.GetLibraryRecord(ctx, id)
	if err != nil {
		return PDFAppraisal{}, err
	}
	fts, err := st.FullTexts(ctx, []string{rec.Key})
	if err != nil {
		return PDFAppraisal{}, err
	}
	ft, ok := fts[rec.Key]
	if !ok {
		return PDFAppraisal{}, domain.Errorf(domain.CodeNotFound, "library record %d has no stored full text: import its PDF first", id)
	}
	eng, err := usableEngine(ctx, engines, runs.JudgeChoice{})
	if err != nil {
		return PDFAppraisal{}, err
	}
	ap, err := eng.Appraiser.AppraiseDocument(ctx, pdfDocument(rec.Evidence, ft, rec.Key))
	if err != nil {
		return PDFAppraisal{}, err
	}
	return PDFAppraisal{File: ft.SourceID, LibraryID: id, Key: rec.Key, Title: rec.Evidence.Citation.Title, Pages: ft.Pages, Appraisal: &ap}, nil
}
