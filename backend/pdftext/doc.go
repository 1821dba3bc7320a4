// Package pdftext reads the PDFs a researcher imports: their text, page by page, laid out
// into titled sections (abstract, introduction, methods and its subsections, results,
// discussion, conclusions; the reference list dropped), and the title, DOI, PMID, PMCID and
// trial registry ids printed in them. The result is a domain.FullText, the same record the
// open-access fetcher produces, so the appraiser, the verifier and the search read a PDF as
// they read any full text.
//
// Text comes from PDFium (the PDF engine of Chrome) compiled to WebAssembly and run by
// wazero: pure Go for the build, so the Windows and macOS binaries need no native library,
// and the reading order, ligatures and two-column layouts of real journal PDFs come out as a
// reader sees them.
package pdftext
