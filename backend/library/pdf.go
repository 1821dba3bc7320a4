package library

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/pdftext"
	"deepcritical/backend/store"
)

// PDFReader reads a PDF the user imports into its text and printed identifiers
// (pdftext.Reader).
type PDFReader interface {
	Read(ctx context.Context, path string) (pdftext.Paper, error)
}

// PDFIndex is what importing a PDF needs from the store: the papers it may already be
// (library records and runs' evidence sharing an identifier), the record to write, and the
// full text to attach.
type PDFIndex interface {
	LibraryRecordsSharing(ctx context.Context, c domain.Citation) ([]store.LibraryRecord, error)
	EvidenceSharing(ctx context.Context, c domain.Citation) ([]store.StoredEvidence, error)
	UpsertLibraryRecordAt(ctx context.Context, key string, ev domain.Evidence) (store.LibraryUpsert, error)
	PutFullText(ctx context.Context, ft domain.FullText) error
}

var _ PDFIndex = (*store.Store)(nil)

// PDFImport is one PDF an import attached to the library: the record it became or joined,
// and its text.
type PDFImport struct {
	File     string `json:"file"`
	ID       int64  `json:"id"`  // the library record
	Key      string `json:"key"` // the paper's key, under which its full text is stored
	Title    string `json:"title"`
	DOI      string `json:"doi,omitempty"`
	PMID     string `json:"pmid,omitempty"`
	Pages    int    `json:"pages"`
	Sections int    `json:"sections"`
	Created  bool   `json:"created"`
	// Matched says which stored paper the PDF's identifiers matched ("library record 12",
	// "evidence pmid:25326140"); empty when the PDF became a new record.
	Matched string `json:"matched,omitempty"`
}

// isPDF tells a PDF by its name or its first bytes, so a PDF saved without the extension is
// read as one and "paper.pdf" that is really a web page gets the PDF reader's reason.
func isPDF(path string, head []byte) bool {
	return strings.EqualFold(filepath.Ext(path), ".pdf") || strings.Contains(string(head[:min(len(head), 1024)]), "%PDF-")
}

// importPDF reads one PDF and attaches it to the library. It returns an error only when
// the import must stop (cancelled, or the database failed).
func (im *importer) importPDF(ctx context.Context, path string) error {
	im.prog.Format = "pdf"
	im.report(false)
	defer im.report(true)
	name := filepath.Base(path)
	if im.pdf == nil {
		im.fileError(0, domain.Errorf(domain.CodeUnavailable, "%s: PDFs cannot be imported here (no PDF reader)", name))
		return nil
	}
	idx, ok := im.idx.(PDFIndex)
	if !ok {
		im.fileError(0, domain.Errorf(domain.CodeUnavailable, "%s: this library cannot store a PDF's text", name))
		return nil
	}
	paper, err := im.pdf.Read(ctx, path)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("library import cancelled: %w", ctx.Err())
		}
		im.fileError(0, err)
		return nil
	}
	im.sum.Files++
	im.sum.Records++
	im.prog.Records = 1
	for _, w := range paper.Warnings {
		im.sum.Warnings = append(im.sum.Warnings, ImportError{File: path, Record: 0, Error: w})
	}
	res, warn, err := AttachPDF(ctx, idx, paper)
	if warn != "" {
		im.sum.Warnings = append(im.sum.Warnings, ImportError{File: path, Record: 0, Error: warn})
	}
	if err != nil {
		if domain.CodeOf(err) != domain.CodeInvalid {
			return fmt.Errorf("library import stopped: %w", err)
		}
		im.fileError(1, err)
		return nil
	}
	res.File = path
	im.count(res.Created)
	im.sum.PDFs = append(im.sum.PDFs, res)
	return nil
}

// AttachPDF makes a PDF's paper a library record and stores its text under that record's
// key. A stored paper sharing one of the identifiers printed in the PDF (the one identifier
// rule, domain.Citation.SharesIdentifier) is that paper: a library record first, else a
// run's evidence; the PDF then fills what the record lacks (domain.MergeEvidence) and the
// record keeps the key it is known by, so a run that cited it finds the text. Otherwise
// the PDF becomes a new record with the title and identifiers read from it. warning is
// set when the choice needs the user's eye (several records matched, no title).
func AttachPDF(ctx context.Context, idx PDFIndex, paper pdftext.Paper) (res PDFImport, warning string, err error) {
	ft := paper.FullText
	ev, warning := PDFEvidence(paper)
	cit := ev.Citation

	key := ""
	libs, err := idx.LibraryRecordsSharing(ctx, cit)
	if err != nil {
		return PDFImport{}, warning, err
	}
	switch {
	case len(libs) > 0:
		rec := libs[0]
		key, ev = rec.Key, pdfFills(rec.Evidence, ev)
		res.Matched = fmt.Sprintf("library record %d", rec.ID)
		if len(libs) > 1 {
			warning = joinWarn(warning, fmt.Sprintf("%d library records share its identifiers; the text is attached to record %d", len(libs), rec.ID))
		}
	default:
		found, err := idx.EvidenceSharing(ctx, cit)
		if err != nil {
			return PDFImport{}, warning, err
		}
		if len(found) > 0 {
			key, ev = found[0].Key, pdfFills(found[0].Evidence, ev)
			ev.Citation.Source = domain.SourceLibrary
			res.Matched = "evidence " + found[0].Key
		} else {
			key = cit.CanonicalKey()
		}
	}
	up, err := idx.UpsertLibraryRecordAt(ctx, key, ev)
	if err != nil {
		return PDFImport{}, warning, err
	}
	ft.Key = up.Key
	if err := idx.PutFullText(ctx, ft); err != nil {
		return PDFImport{}, warning, err
	}
	c := ev.Citation
	return PDFImport{ID: up.ID, Key: up.Key, Title: c.Title, DOI: c.DOI, PMID: c.PMID, Pages: ft.Pages, Sections: len(ft.Sections),
		Created: up.Created, Matched: res.Matched}, warning, nil
}

// pdfFills merges a PDF's record into the stored one it belongs to: the PDF fills what the
// stored record lacks. Its byline is read by layout, so a stored author list (from PubMed,
// a reference manager) stays as it is.
func pdfFills(held, pdf domain.Evidence) domain.Evidence {
	if len(held.Citation.Authors) > 0 {
		pdf.Citation.Authors = nil
	}
	return domain.MergeEvidence(held, pdf)
}

// PDFEvidence is the library record a PDF makes on its own: its title, the identifiers
// printed in it, and its abstract. The NCT id stays in Registry: as the citation's NCTID it
// would make the article the trial's registry entry (same key), which it is not. A PDF
// with no title and no identifier is named after its file, with a warning saying so.
func PDFEvidence(paper pdftext.Paper) (ev domain.Evidence, warning string) {
	ft := paper.FullText
	cit := domain.Citation{Source: domain.SourceLibrary, Title: ft.Title, DOI: ft.DOI, PMID: ft.PMID, PMCID: ft.PMCID, Registry: paper.Registry,
		Date: paper.Year, Journal: paper.Journal, Authors: paper.Authors}
	if cit.Title == "" && cit.DOI == "" && cit.PMID == "" && cit.PMCID == "" {
		cit.Title = strings.TrimSuffix(ft.SourceID, filepath.Ext(ft.SourceID))
		warning = "no title or identifier found in the PDF: the record is named after the file"
	}
	cit.Sections = abstractSections(ft)
	return domain.Evidence{Citation: cit, Content: domain.SectionsText(cit.Sections)}, warning
}

// abstractSections are a PDF's abstract as a source gives a structured abstract: one
// labelled section per subsection ("AIMS", "CONCLUSIONS"), the heading "Abstract" itself
// naming none; so the stance and the judge find its conclusions as they do in a PubMed
// record, and the record's text reads like every other source's.
func abstractSections(ft domain.FullText) []domain.Section {
	var out []domain.Section
	for _, s := range ft.Sections {
		if s.Kind != domain.SectionAbstract {
			continue
		}
		text := strings.Join(strings.Fields(s.Text), " ")
		label := strings.ToUpper(strings.TrimSuffix(strings.TrimSpace(s.Title), ":"))
		if label == "ABSTRACT" || label == "SUMMARY" {
			label = ""
		}
		if text == "" {
			continue
		}
		out = append(out, domain.Section{Label: label, Text: text})
	}
	return out
}

func joinWarn(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
