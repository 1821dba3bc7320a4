package library

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

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
// full text to attach (and the one stored before it, which it may replace).
type PDFIndex interface {
	LibraryRecordsSharing(ctx context.Context, c domain.Citation) ([]store.LibraryRecord, error)
	EvidenceSharing(ctx context.Context, c domain.Citation) ([]store.StoredEvidence, error)
	UpsertLibraryRecordAt(ctx context.Context, key string, ev domain.Evidence) (store.LibraryUpsert, error)
	FullTexts(ctx context.Context, keys []string) (map[string]domain.FullText, error)
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
	im.known = nil // the PDF made or changed a record: its identifiers are read again
	im.count(res.Created)
	im.sum.PDFs = append(im.sum.PDFs, res)
	return nil
}

// AttachPDF makes a PDF's paper a library record and stores its text under that record's
// key. A stored paper sharing one of the identifiers printed in the PDF (the one identifier
// rule, domain.Citation.SharesIdentifier) is that paper: a library record first, else a
// run's evidence; the PDF then fills what the record lacks (domain.MergeEvidence) and the
// record keeps the key it is known by, so a run that cited it finds the text.
//
// Two guards keep a PDF from overwriting another paper. A stored paper whose title is
// plainly not the PDF's (titlesDiffer) is not that paper whatever identifier they share: the
// PDF printed the other paper's identifier as a citation (a commentary's "Comment on: …
// PMID"), so it becomes a record of its own without that identifier, and a warning says so.
// And a full text already stored under the key is replaced only by the same paper's, with a
// warning naming what was replaced (a re-import of the same text says nothing). Otherwise
// the PDF becomes a new record with the title and identifiers read from it. warning is also
// set when the choice needs the user's eye (several records matched, no title).
func AttachPDF(ctx context.Context, idx PDFIndex, paper pdftext.Paper) (res PDFImport, warning string, err error) {
	ft := paper.FullText
	ev, warning := PDFEvidence(paper)

	key := ""
	libs, err := idx.LibraryRecordsSharing(ctx, ev.Citation)
	if err != nil {
		return PDFImport{}, warning, err
	}
	var others []string // the stored papers the PDF only cites
	libs, others = samePaper(&ev, libs, func(r store.LibraryRecord) (domain.Citation, string, string) {
		return r.Evidence.Citation, r.Key, fmt.Sprintf("library record %d", r.ID)
	})
	switch {
	case len(libs) > 0:
		rec := libs[0]
		key, ev = rec.Key, pdfFills(rec.Evidence, ev)
		res.Matched = fmt.Sprintf("library record %d", rec.ID)
		if len(libs) > 1 {
			warning = joinWarn(warning, fmt.Sprintf("%d library records share its identifiers; the text is attached to record %d", len(libs), rec.ID))
		}
	default:
		found, err := idx.EvidenceSharing(ctx, ev.Citation)
		if err != nil {
			return PDFImport{}, warning, err
		}
		var cited []string
		found, cited = samePaper(&ev, found, func(e store.StoredEvidence) (domain.Citation, string, string) {
			return e.Evidence.Citation, e.Key, "evidence " + e.Key
		})
		others = append(others, cited...)
		if len(found) > 0 {
			key, ev = found[0].Key, pdfFills(found[0].Evidence, ev)
			ev.Citation.Source = domain.SourceLibrary
			res.Matched = "evidence " + found[0].Key
		} else {
			key = ev.CanonicalKey()
		}
	}
	for _, o := range others {
		warning = joinWarn(warning, o)
	}
	up, err := idx.UpsertLibraryRecordAt(ctx, key, ev)
	if err != nil {
		return PDFImport{}, warning, err
	}
	ft.Key = up.Key
	held, err := idx.FullTexts(ctx, []string{up.Key})
	if err != nil {
		return PDFImport{}, warning, err
	}
	if old, ok := held[up.Key]; ok && old.Text() != ft.Text() {
		warning = joinWarn(warning, fmt.Sprintf("it replaces the full text stored for record %d (%s)", up.ID, describeText(old)))
	}
	if err := idx.PutFullText(ctx, ft); err != nil {
		return PDFImport{}, warning, err
	}
	c := ev.Citation
	return PDFImport{ID: up.ID, Key: up.Key, Title: c.Title, DOI: c.DOI, PMID: c.PMID, Pages: ft.Pages, Sections: len(ft.Sections),
		Created: up.Created, Matched: res.Matched}, warning, nil
}

// samePaper keeps the stored papers that may be the PDF's: those whose title is not
// plainly another (titlesDiffer). The identifiers the PDF shares with the others (their
// citation's or the key they are stored under) are citations of them, so they are taken out
// of the PDF's record (ev), and each other paper gives a line for the import's warnings.
// cite gives a stored paper's citation, key and name.
func samePaper[T any](ev *domain.Evidence, stored []T, cite func(T) (domain.Citation, string, string)) (same []T, others []string) {
	for _, s := range stored {
		c, key, name := cite(s)
		if !titlesDiffer(ev.Citation.Title, c.Title) {
			same = append(same, s)
			continue
		}
		ids := dropShared(&ev.Citation, append(c.Identifiers(), key))
		others = append(others, fmt.Sprintf("it prints %s of %s %q, but its title is another paper's: imported without %s, not joined to it",
			strings.Join(ids, ", "), name, c.Title, plural(len(ids), "that identifier", "those identifiers")))
	}
	return same, others
}

// dropShared removes from c the identifiers it shares with another paper's ids and returns them.
func dropShared(c *domain.Citation, ids []string) []string {
	theirs := map[string]bool{}
	for _, id := range ids {
		theirs[id] = true
	}
	var out []string
	for _, id := range c.Identifiers() {
		if !theirs[id] {
			continue
		}
		out = append(out, id)
		switch {
		case strings.HasPrefix(id, "pmid:"):
			c.PMID = ""
		case strings.HasPrefix(id, "doi:"):
			c.DOI = ""
		case strings.HasPrefix(id, "pmcid:"):
			c.PMCID = ""
		case strings.HasPrefix(id, "nct:"):
			c.NCTID = ""
		}
	}
	return out
}

// describeText names a stored full text for a message: where it was read from and its size.
func describeText(ft domain.FullText) string {
	what := string(ft.Source)
	if ft.SourceID != "" {
		what += fmt.Sprintf(" %q", ft.SourceID)
	}
	if ft.Pages > 0 {
		what += ", " + strconv.Itoa(ft.Pages) + " " + plural(ft.Pages, "page", "pages")
	}
	if !ft.FetchedAt.IsZero() {
		what += ", stored " + ft.FetchedAt.Format("2006-01-02 15:04")
	}
	return what
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

// titlesDiffer reports whether two titles plainly name different papers: both have words,
// and fewer than two thirds of the shorter one's words are in the longer. A title cut
// short, one without its subtitle, or one spelt the other side of the Atlantic
// ("randomised", "behaviour") is the same paper's; a commentary's ("Lithium for suicide
// prevention: too good to be true?") is not the trial's it shares three words with. An
// empty title says nothing either way.
func titlesDiffer(a, b string) bool {
	wa, wb := titleWords(a), titleWords(b)
	if len(wa) == 0 || len(wb) == 0 {
		return false
	}
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	shared := 0
	for w := range wa {
		if wb[w] {
			shared++
		}
	}
	return 3*shared < 2*len(wa)
}

// titleStopWords are the words that say nothing of a title's subject.
var titleStopWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "in": true, "on": true, "for": true, "and": true, "or": true, "to": true,
	"with": true, "by": true, "at": true, "from": true, "as": true, "is": true, "are": true, "be": true, "its": true,
	"vs": true, "versus": true, "among": true, "into": true,
}

// britishEndings folds the spellings a title may use either way ("randomised",
// "randomisation", "behaviour") to one.
var britishEndings = strings.NewReplacer("isation", "ization", "ised", "ized", "ising", "izing", "our", "or")

// titleWords are a title's words, lower-cased, without stop words and with one spelling.
func titleWords(t string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if titleStopWords[w] {
			continue
		}
		if strings.HasSuffix(w, "ise") {
			w = strings.TrimSuffix(w, "ise") + "ize"
		}
		out[britishEndings.Replace(w)] = true
	}
	return out
}
