// Package conformance holds the export conformance suite: a fixture run with hostile and
// non-ASCII records (full given names with initials, accents, an organisation author, a
// "Jr." suffix, titles with <, >, a lone {, $x^2$, a mixed-case trial acronym, an
// abbreviated MEDLINE page range, ISSN, NCT id, PMCID, a javascript: URL) is exported in
// every format and read back by the parsers reference managers use — citation-js with its
// RIS, BibTeX and CSL plugins, Better BibTeX's @retorquere/bibtex-parser, pandoc with
// citeproc, bibutils, biber and bibtool — and every field is compared with what was
// exported. The package has no code of its own; the suite is its test.
package conformance
