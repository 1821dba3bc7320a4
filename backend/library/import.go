// Package library imports citation files (PubMed XML, MEDLINE/.nbib, RIS, BibTeX,
// CSL-JSON) into the user's local library. It streams large files, reports progress for
// the window's progress bar, and keeps going past bad records and unreadable files so
// one broken entry never costs the user the rest of an import.
package library

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
	"deepcritical/backend/store"
)

// Index is where imported records go: the store's library table, keyed by canonical key
// so a re-import updates instead of duplicating.
type Index interface {
	UpsertLibraryRecord(ctx context.Context, ev domain.Evidence) (id int64, created bool, err error)
}

// BatchIndex is an Index that can also store many records in one transaction; Import
// uses it when available because per-record transactions make large imports slow.
type BatchIndex interface {
	Index
	UpsertLibraryRecords(ctx context.Context, evs []domain.Evidence) ([]store.LibraryUpsert, error)
}

// IdentifierIndex is a library that can say which record holds each identifier and store a
// record under the key of the one it joins. Import and ImportZotero use it when available:
// a record is merged into the stored record it shares any identifier with (the one
// identifier rule, domain.Citation.SharesIdentifier), not only the one with its canonical
// key, so a PubMed record imported after its PDF (stored under the DOI the PDF prints)
// updates that record and keeps its text.
type IdentifierIndex interface {
	LibraryIdentifierKeys(ctx context.Context) (map[string]string, error)
	UpsertLibraryRecordsAt(ctx context.Context, evs []domain.Evidence, keys []string) ([]store.LibraryUpsert, error)
}

var _ IdentifierIndex = (*store.Store)(nil)

// matchKey is the key ev is stored under: that of the record holding one of its identifiers
// (known, from LibraryIdentifierKeys), else its canonical key. Its identifiers are then
// noted under that key, so the records of the same import that share one join it too.
func matchKey(known map[string]string, ev domain.Evidence) string {
	ids := ev.Citation.Identifiers()
	key := ""
	for _, id := range ids {
		if k, ok := known[id]; ok {
			key = k
			break
		}
	}
	if key == "" {
		key = ev.CanonicalKey()
	}
	for _, id := range append(ids, key) {
		if _, ok := known[id]; !ok && id != "" {
			known[id] = key
		}
	}
	return key
}

// ImportError is one problem found during an import: a record (1-based position in its
// file) that could not be read or stored, or a whole file (Record 0) that could not be
// opened or recognised.
type ImportError struct {
	File   string `json:"file"`
	Record int    `json:"record"`
	Error  string `json:"error"`
}

// Summary counts what an import did; it is what `library import --json` prints.
type Summary struct {
	Imported int `json:"imported"`
	Updated  int `json:"updated"`
	// Unchanged counts records already stored as given (a file imported again).
	Unchanged int           `json:"unchanged"`
	Skipped   int           `json:"skipped"`
	Errors    []ImportError `json:"errors"`
	// Warnings are problems with records that were imported all the same (a field
	// truncated, a file converted from Latin-1), records skipped as unfindable
	// (citeformat.NoIdentity), or problems with a whole file (Record 0).
	Warnings []ImportError `json:"warnings"`
	// Files counts the files read and Records the records found in them, good or bad.
	Files   int `json:"files"`
	Records int `json:"records"`
	// PDFs lists the PDFs imported, each with the record it became or joined.
	PDFs []PDFImport `json:"pdfs,omitempty"`
	// Nothing is NothingImported's line, set when an import finished with no record
	// imported or updated, so the window can say why as the CLI does (exit status 1).
	Nothing string `json:"nothing_imported,omitempty"`
}

// NothingImported returns, when no record was imported, updated or found already stored as
// given, one line saying why
// (for the CLI's exit status 1 and the window's message); "" when something was imported.
func (s Summary) NothingImported() string {
	if s.Imported+s.Updated+s.Unchanged > 0 {
		return ""
	}
	var why []string
	switch {
	case s.Records == 0 && len(s.Errors) == 0:
		why = append(why, "no records were found in the file(s)")
	case s.Records == 0:
		why = append(why, "no file could be read")
	}
	if s.Skipped > 0 {
		why = append(why, fmt.Sprintf("%d %s no title and no identifier (PMID, DOI, PMCID, NCT id)", s.Skipped,
			plural(s.Skipped, "record has", "records have")))
	}
	if n := len(s.Errors); n > 0 {
		first := s.Errors[0]
		where := filepath.Base(first.File)
		if first.Record > 0 {
			where += fmt.Sprintf(" record %d", first.Record)
		}
		why = append(why, fmt.Sprintf("%d %s (first: %s: %s)", n, plural(n, "error", "errors"), where, first.Error))
	}
	return "nothing was imported: " + strings.Join(why, "; ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Progress reports an import's advance through its files, for a progress bar.
// BytesRead/BytesTotal concern the current file; the counts are running totals over
// the whole import.
type Progress struct {
	File       string `json:"file"`
	FileIndex  int    `json:"file_index"` // 0-based
	FileCount  int    `json:"file_count"`
	Format     string `json:"format,omitempty"`
	BytesRead  int64  `json:"bytes_read"`
	BytesTotal int64  `json:"bytes_total"`
	Records    int    `json:"records"` // records read from the current file so far
	Imported   int    `json:"imported"`
	Updated    int    `json:"updated"`
	Unchanged  int    `json:"unchanged"`
	Skipped    int    `json:"skipped"`
	Errors     int    `json:"errors"`
	FileDone   bool   `json:"file_done"`
}

// batchSize is how many records go into one store transaction: large enough to make
// 100,000-record imports fast, small enough that progress moves often.
const batchSize = 500

// sniffSize is how much of a file Detect sees.
const sniffSize = 8 << 10

// Import reads every file in paths and stores its records in idx. Records without a
// title or any identifier are skipped and counted; bad records and unreadable files are
// listed in Summary.Errors while the rest is imported. The returned error is non-nil only
// when the import had to stop: the context was cancelled or the index failed (a database
// error); the Summary then says what was done before.
func Import(ctx context.Context, idx Index, paths []string, progress func(Progress)) (Summary, error) {
	return ImportWith(ctx, idx, paths, progress, nil)
}

// ImportWith is Import with a PDF reader: PDFs (by extension or content) are read with it
// and attached to the library (see AttachPDF); idx must then also be a PDFIndex. Without
// one a PDF is reported as an error of its file and the other files are imported.
func ImportWith(ctx context.Context, idx Index, paths []string, progress func(Progress), pdf PDFReader) (Summary, error) {
	im := &importer{idx: idx, progress: progress, pdf: pdf, sum: Summary{Errors: []ImportError{}, Warnings: []ImportError{}}}
	if b, ok := idx.(BatchIndex); ok {
		im.batchIdx = b
	}
	if k, ok := idx.(IdentifierIndex); ok {
		im.idIdx = k
	}
	for i, p := range paths {
		if err := ctx.Err(); err != nil {
			return im.sum, fmt.Errorf("library import cancelled: %w", err)
		}
		if err := im.importFile(ctx, p, i, len(paths)); err != nil {
			return im.sum, err
		}
	}
	im.sum.Nothing = im.sum.NothingImported()
	return im.sum, nil
}

type importer struct {
	idx      Index
	batchIdx BatchIndex
	idIdx    IdentifierIndex
	// known maps the library's identifiers to their records' keys (matchKey); read at the
	// first records stored, kept up to date by them, and read again after a PDF.
	known    map[string]string
	pdf      PDFReader
	progress func(Progress)
	sum      Summary

	// Per-file state.
	file    string
	pending []domain.Evidence
	pendPos []int
	prog    Progress
	counter *countingReader
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (im *importer) fileError(record int, err error) {
	im.sum.Errors = append(im.sum.Errors, ImportError{File: im.file, Record: record, Error: domain.SafeMessage(userError(err))})
}

// userError keeps a reader's message (they describe the record, not internals) while
// still letting domain errors speak for themselves.
func userError(err error) error {
	var de *domain.Error
	if errors.As(err, &de) {
		return err
	}
	return domain.Wrap(domain.CodeInvalid, err, err.Error())
}

func (im *importer) report(done bool) {
	if im.progress == nil {
		return
	}
	p := im.prog
	if im.counter != nil {
		p.BytesRead = im.counter.n
	}
	if done {
		p.BytesRead = p.BytesTotal
	}
	p.Imported, p.Updated, p.Unchanged, p.Skipped, p.Errors = im.sum.Imported, im.sum.Updated, im.sum.Unchanged, im.sum.Skipped, len(im.sum.Errors)
	p.FileDone = done
	im.progress(p)
}

// importFile imports one file. It returns an error only when the import must stop.
func (im *importer) importFile(ctx context.Context, path string, index, count int) error {
	im.file = path
	im.pending, im.pendPos, im.counter = im.pending[:0], im.pendPos[:0], nil
	im.prog = Progress{File: path, FileIndex: index, FileCount: count}

	f, err := os.Open(path)
	if err != nil {
		im.fileError(0, domain.CannotOpen(filepath.Base(path), err))
		im.report(true)
		return nil
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil {
		if st.IsDir() {
			im.fileError(0, domain.Errorf(domain.CodeInvalid, "%s is a folder, not a citation file", filepath.Base(path)))
			im.report(true)
			return nil
		}
		im.prog.BytesTotal = st.Size()
	}
	im.counter = &countingReader{r: f}
	br := bufio.NewReaderSize(im.counter, 64<<10)
	head, err := br.Peek(sniffSize)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		im.fileError(0, domain.Wrap(domain.CodeInvalid, err, fmt.Sprintf("cannot read %s", filepath.Base(path))))
		im.report(true)
		return nil
	}
	if isPDF(path, head) {
		f.Close()
		return im.importPDF(ctx, path)
	}
	format, err := citeformat.Detect(path, head)
	if err != nil {
		im.fileError(0, err)
		im.report(true)
		return nil
	}
	im.prog.Format = string(format)
	im.report(false)

	var stop error
	im.sum.Files++
	scanErr := citeformat.Scan(br, format, func(rec int, ev domain.Evidence, err error) error {
		if cerr := ctx.Err(); cerr != nil {
			return fmt.Errorf("library import cancelled: %w", cerr)
		}
		if rec > im.prog.Records {
			im.sum.Records += rec - im.prog.Records
			im.prog.Records = rec
		}
		if err != nil {
			if !citeformat.IsWarning(err) {
				im.fileError(rec, err)
				return nil
			}
			im.sum.Warnings = append(im.sum.Warnings, ImportError{File: im.file, Record: rec, Error: domain.SafeMessage(userError(err))})
			if rec == 0 {
				return nil
			}
		}
		if !citeformat.HasIdentity(ev.Citation) {
			im.sum.Skipped++
			im.sum.Warnings = append(im.sum.Warnings, ImportError{File: im.file, Record: rec, Error: citeformat.NoIdentity})
			return nil
		}
		im.pending = append(im.pending, ev)
		im.pendPos = append(im.pendPos, rec)
		if len(im.pending) >= batchSize {
			if err := im.flush(ctx); err != nil {
				stop = err
				return err
			}
			im.report(false)
		}
		return nil
	})
	if stop != nil {
		return stop
	}
	if scanErr != nil {
		if ctx.Err() != nil {
			return scanErr
		}
		im.fileError(0, scanErr)
	}
	if err := im.flush(ctx); err != nil {
		return err
	}
	im.report(true)
	return nil
}

// flush stores the pending records: in one batch when the index supports it, else one by
// one. A record the store rejects as invalid becomes an error entry; any other store
// failure stops the import.
func (im *importer) flush(ctx context.Context) error {
	if len(im.pending) == 0 {
		return nil
	}
	evs, pos := im.pending, im.pendPos
	im.pending, im.pendPos = im.pending[:0], im.pendPos[:0]
	if im.idIdx != nil {
		return im.flushMatched(ctx, evs, pos)
	}
	if im.batchIdx != nil {
		res, err := im.batchIdx.UpsertLibraryRecords(ctx, evs)
		if err == nil {
			for _, r := range res {
				if r.Unchanged {
					im.sum.Unchanged++
					continue
				}
				im.count(r.Created)
			}
			return nil
		}
		if domain.CodeOf(err) != domain.CodeInvalid {
			return fmt.Errorf("library import stopped: %w", err)
		}
		// One record in the batch was refused: store them singly to find it.
	}
	for i, ev := range evs {
		_, created, err := im.idx.UpsertLibraryRecord(ctx, ev)
		if err != nil {
			if domain.CodeOf(err) != domain.CodeInvalid {
				return fmt.Errorf("library import stopped: %w", err)
			}
			im.fileError(pos[i], err)
			continue
		}
		im.count(created)
	}
	return nil
}

// flushMatched is flush for an IdentifierIndex: each record goes to the stored record it
// shares an identifier with.
func (im *importer) flushMatched(ctx context.Context, evs []domain.Evidence, pos []int) error {
	if im.known == nil {
		known, err := im.idIdx.LibraryIdentifierKeys(ctx)
		if err != nil {
			return fmt.Errorf("library import stopped: %w", err)
		}
		im.known = known
	}
	keys := make([]string, len(evs))
	for i, ev := range evs {
		keys[i] = matchKey(im.known, ev)
	}
	res, err := im.idIdx.UpsertLibraryRecordsAt(ctx, evs, keys)
	if err == nil {
		for _, r := range res {
			im.countUpsert(r)
		}
		return nil
	}
	if domain.CodeOf(err) != domain.CodeInvalid {
		return fmt.Errorf("library import stopped: %w", err)
	}
	// One record in the batch was refused: store them singly to find it.
	for i := range evs {
		res, err := im.idIdx.UpsertLibraryRecordsAt(ctx, evs[i:i+1], keys[i:i+1])
		if err != nil {
			if domain.CodeOf(err) != domain.CodeInvalid {
				return fmt.Errorf("library import stopped: %w", err)
			}
			im.fileError(pos[i], err)
			continue
		}
		im.countUpsert(res[0])
	}
	return nil
}

func (im *importer) countUpsert(r store.LibraryUpsert) {
	if r.Unchanged {
		im.sum.Unchanged++
		return
	}
	im.count(r.Created)
}

func (im *importer) count(created bool) {
	if created {
		im.sum.Imported++
	} else {
		im.sum.Updated++
	}
}
