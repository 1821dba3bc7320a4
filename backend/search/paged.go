package search

import (
	"context"

	"deepcritical/backend/domain"
)

// Page is one page of a cursor-paged search API as a source parsed it.
type Page struct {
	// Total is the API's hit count for the query (read from the first page only); -1 when
	// the API did not report one.
	Total int
	// Next is the cursor of the following page; "" when there is none.
	Next     string
	Evidence []domain.Evidence
}

// Pager describes how one source pages through a query.
type Pager struct {
	Source domain.Source
	// First is the cursor of the first page ("" for ClinicalTrials.gov's pageToken, "*" for
	// Europe PMC's cursorMark).
	First string
	// PageSize is the largest page the API serves; MaxPages bounds the paging so a server
	// that keeps returning cursors cannot loop us.
	PageSize, MaxPages int
	// NoneFound is the query event's note when the query finds nothing ("no study found").
	NoneFound string
	// Fetch gets the page at cursor holding at most size results.
	Fetch func(ctx context.Context, cursor string, size int) (Page, error)
}

// Paged fetches at most max results for one query, page after page, asking each time only
// for what is still needed, and stops when a page is empty, has no next cursor or repeats
// the cursor it was asked for. The query is recorded as one query event with the first
// page's total, its error, or the NoneFound note. On an error the pages already read are
// returned beside it.
func (p Pager) Paged(ctx context.Context, query string, max int) (evs []domain.Evidence, err error) {
	qe := domain.QueryEvent{Source: p.Source, Query: query, Count: -1, Attempt: 1}
	defer func() {
		if err != nil {
			qe.Error = err.Error()
		} else if qe.Count == 0 {
			qe.Error = p.NoneFound
		}
		RecordQuery(ctx, qe)
	}()
	var out []domain.Evidence
	cursor := p.First
	for page := 0; page < p.MaxPages && len(out) < max; page++ {
		pg, err := p.Fetch(ctx, cursor, min(max-len(out), p.PageSize))
		if err != nil {
			return out, err
		}
		if page == 0 {
			qe.Count = pg.Total
		}
		out = append(out, pg.Evidence...)
		if len(pg.Evidence) == 0 || pg.Next == "" || pg.Next == cursor {
			break
		}
		cursor = pg.Next
	}
	if len(out) > max {
		out = out[:max]
	}
	return out, nil
}
