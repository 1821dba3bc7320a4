// Package search defines what a literature source is and runs several of them at once.
// Each source lives in its own sub-package (pubmed, europepmc, ctgov, web, library) and
// depends on this package only for the Source contract and the Warning type, so this
// package never imports a source and the arrows stay one-way.
package search

import (
	"context"
	"errors"
	"strings"

	"deepcritical/backend/domain"
)

// Source is one place evidence can be found. Search receives every query of a search call
// at once so that a source can batch its requests (PubMed fetches all ids of a call in one
// efetch) and returns at most max results per query.
//
// Search may return evidence together with a non-nil error: the evidence it did get is
// kept and the error is reported beside it. A *Warning error is a non-fatal notice
// (e.g. PubMed's PhraseNotFound) rather than a failure.
type Source interface {
	Name() domain.Source
	Search(ctx context.Context, queries []string, max int) ([]domain.Evidence, error)
}

// Warning is a non-fatal notice from a source, such as a phrase the source did not
// recognise. It is returned as an error so the Source interface stays small; the fan-out
// reports it as a warning SearchError (domain.SearchWarning) and keeps the evidence.
type Warning struct {
	Source   domain.Source
	Messages []string
}

// Error joins the notices after the source name.
func (w *Warning) Error() string {
	return string(w.Source) + ": " + strings.Join(w.Messages, "; ")
}

// AsWarning returns the first *Warning in err's chain, including inside errors.Join.
func AsWarning(err error) (*Warning, bool) {
	var w *Warning
	if errors.As(err, &w) {
		return w, true
	}
	return nil, false
}

// Split separates what a source returned as its error into warning messages and the real
// failure (nil when there was none). Sources may join several errors with errors.Join;
// every *Warning among them becomes messages, the rest stays a failure.
func Split(err error) (warnings []string, failure error) {
	if err == nil {
		return nil, nil
	}
	var failures []error
	var walk func(error)
	walk = func(e error) {
		if w, ok := e.(*Warning); ok {
			warnings = append(warnings, w.Messages...)
			return
		}
		if j, ok := e.(interface{ Unwrap() []error }); ok {
			for _, inner := range j.Unwrap() {
				walk(inner)
			}
			return
		}
		failures = append(failures, e)
	}
	walk(err)
	switch len(failures) {
	case 0:
		return warnings, nil
	case 1:
		return warnings, failures[0]
	}
	return warnings, errors.Join(failures...)
}
