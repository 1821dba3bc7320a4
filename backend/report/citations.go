package report

import (
	"io"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
)

// writeCitations delegates the reference-manager formats to citeformat, whose readers parse
// them back (the round trip is tested there and in this package).
func writeCitations(w io.Writer, format string, evidence []domain.Evidence) error {
	switch format {
	case "ris":
		return citeformat.WriteRIS(w, evidence)
	case "bibtex":
		return citeformat.WriteBibTeX(w, evidence)
	case "csljson":
		return citeformat.WriteCSLJSON(w, evidence)
	}
	return domain.Errorf(domain.CodeInvalid, "unknown citation format %q", format)
}
