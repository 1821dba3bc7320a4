// Package citeformat reads and writes the citation formats researchers move between
// reference managers — MEDLINE/.nbib, RIS, BibTeX, CSL-JSON and PubMed XML — as
// []domain.Evidence, so the library importer and the report exporters share one
// understanding of each format and exports round-trip through the readers.
package citeformat

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"deepcritical/backend/domain"
)

// Format names a citation file format.
type Format string

// The formats this package reads; RIS, BibTeX and CSL-JSON are also written.
const (
	FormatMEDLINE   Format = "medline"
	FormatRIS       Format = "ris"
	FormatBibTeX    Format = "bibtex"
	FormatCSLJSON   Format = "csljson"
	FormatPubMedXML Format = "pubmedxml"
)

// Formats lists every readable format in a stable order.
var Formats = []Format{FormatMEDLINE, FormatRIS, FormatBibTeX, FormatCSLJSON, FormatPubMedXML}

// String returns the format's name.
func (f Format) String() string { return string(f) }

// RecordError is one record that could not be read. Record is its 1-based position in
// the file (counting every record, good or bad), or 0 when the problem concerns the file
// as a whole, so a user can find the entry to fix while the other records are imported.
type RecordError struct {
	Record int
	Err    error
}

func (e RecordError) Error() string {
	if e.Record == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("record %d: %v", e.Record, e.Err)
}

// Unwrap exposes the cause.
func (e RecordError) Unwrap() error { return e.Err }

// Handler receives each record as it is read: rec is its 1-based position, and exactly one
// of ev (when err is nil) or err is meaningful. Returning an error stops the scan and
// makes Scan return that error.
type Handler func(rec int, ev domain.Evidence, err error) error

// ErrUnknownFormat is returned by Detect when neither the name nor the content says
// which format a file is in.
var ErrUnknownFormat = errors.New("unrecognised citation format")

var (
	medlineSniff = regexp.MustCompile(`(?m)^(PMID|TI  |AU  |FAU |PT  |DP  |AB  )- `)
	risSniff     = regexp.MustCompile(`(?m)^TY {1,2}- `)
	bibSniff     = regexp.MustCompile(`(?m)^\s*@[A-Za-z]+\s*[{(]`)
)

// Detect tells the format of a file from its name and its first bytes (head; a few KiB is
// enough). The extension decides when it is specific; .txt and unknown extensions are
// sniffed, as are contents that contradict a generic extension.
func Detect(name string, head []byte) (Format, error) {
	head = bytes.TrimPrefix(utf16Head(head), utf8BOM)
	trimmed := bytes.TrimSpace(head)
	ext := strings.ToLower(filepath.Ext(name))
	switch ext {
	case ".nbib", ".medline":
		return FormatMEDLINE, nil
	case ".ris":
		return FormatRIS, nil
	case ".bib", ".bibtex":
		return FormatBibTeX, nil
	case ".json", ".csl", ".csljson":
		if len(trimmed) > 0 && trimmed[0] != '[' && trimmed[0] != '{' {
			return "", domain.Errorf(domain.CodeInvalid, "%s: not a CSL-JSON file (it does not start with [ or {)", filepath.Base(name))
		}
		return FormatCSLJSON, nil
	case ".xml":
		if !isPubMedXML(head) {
			return "", domain.Errorf(domain.CodeInvalid, "%s: not a PubMed XML file (no PubmedArticleSet)", filepath.Base(name))
		}
		return FormatPubMedXML, nil
	}
	if f, ok := sniff(trimmed); ok {
		return f, nil
	}
	return "", domain.Wrap(domain.CodeInvalid, ErrUnknownFormat,
		fmt.Sprintf("%s: unrecognised citation format (expected MEDLINE/.nbib, RIS, BibTeX, CSL-JSON or PubMed XML)", filepath.Base(name)))
}

func isPubMedXML(head []byte) bool {
	return bytes.Contains(head, []byte("<PubmedArticleSet")) || bytes.Contains(head, []byte("<PubmedArticle")) ||
		bytes.Contains(head, []byte("<PubmedBookArticle"))
}

func sniff(b []byte) (Format, bool) {
	switch {
	case len(b) == 0:
		return "", false
	case b[0] == '<' && isPubMedXML(b):
		return FormatPubMedXML, true
	case b[0] == '[' || b[0] == '{':
		return FormatCSLJSON, true
	case risSniff.Match(b):
		return FormatRIS, true
	case medlineSniff.Match(b):
		return FormatMEDLINE, true
	case bibSniff.Match(b):
		return FormatBibTeX, true
	}
	return "", false
}

// ParseFormat turns a user-given format name (or a common alias) into a Format.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "medline", "nbib", "pubmed-medline":
		return FormatMEDLINE, nil
	case "ris":
		return FormatRIS, nil
	case "bibtex", "bib":
		return FormatBibTeX, nil
	case "csljson", "csl-json", "csl", "json":
		return FormatCSLJSON, nil
	case "pubmedxml", "pubmed-xml", "xml":
		return FormatPubMedXML, nil
	}
	return "", domain.Errorf(domain.CodeInvalid, "unknown citation format %q (allowed: medline, ris, bibtex, csljson, pubmedxml)", s)
}

// Scan reads r in format f and calls fn for every record in file order. MEDLINE, RIS and
// CSL-JSON are streamed record by record, so memory stays flat on large files; BibTeX and
// PubMed XML are parsed whole. A bad record reaches fn as an error with its position and
// scanning goes on; Scan itself fails only when fn does or the input cannot be read at all.
//
// Input that is not valid UTF-8 is read as Windows-1252/Latin-1 and converted (a Warning
// for the whole file, record 0, says so at the end), and oversized fields are truncated
// with a Warning for their record; see Warning.
func Scan(r io.Reader, f Format, fn Handler) error {
	if f != FormatPubMedXML {
		r = decodeUTF16(r)
	}
	conv := newLatin1Fallback(r)
	wrapped := func(rec int, ev domain.Evidence, err error) error {
		if err == nil {
			if notes := limitFields(&ev); len(notes) > 0 {
				err = &Warning{Notes: notes}
			}
		}
		return fn(rec, ev, err)
	}
	var err error
	switch f {
	case FormatMEDLINE:
		err = scanMEDLINE(conv, wrapped)
	case FormatRIS:
		err = scanRIS(conv, wrapped)
	case FormatBibTeX:
		err = scanBibTeX(conv, wrapped)
	case FormatCSLJSON:
		err = scanCSLJSON(conv, wrapped)
	case FormatPubMedXML:
		// XML declares its own encoding; the XML reader handles it.
		return scanPubMedXML(r, wrapped)
	default:
		return domain.Errorf(domain.CodeInvalid, "unknown citation format %q", string(f))
	}
	if err == nil && conv.converted > 0 {
		err = fn(0, domain.Evidence{}, &Warning{Notes: []string{fmt.Sprintf(
			"the file is not UTF-8: %d characters were read as Windows-1252/Latin-1 and converted", conv.converted)}})
	}
	return err
}

// Read reads every record of r in format f. Records that cannot be read are returned as
// RecordErrors with their positions; the others are returned in file order. Warnings are
// returned as RecordErrors too (IsWarning tells them apart), their records kept.
func Read(r io.Reader, f Format) ([]domain.Evidence, []RecordError) {
	var out []domain.Evidence
	var errs []RecordError
	err := Scan(r, f, func(rec int, ev domain.Evidence, err error) error {
		if err != nil {
			errs = append(errs, RecordError{Record: rec, Err: err})
			if !IsWarning(err) || rec == 0 {
				return nil
			}
		}
		out = append(out, ev)
		return nil
	})
	if err != nil {
		errs = append(errs, RecordError{Record: 0, Err: err})
	}
	return out, errs
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}
