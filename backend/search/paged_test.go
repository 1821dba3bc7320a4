package search

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// cursorAPI serves n records in pages keyed by "c<offset>" cursors, the way a cursor-paged
// API does, and logs what each request asked for.
type cursorAPI struct {
	n, total int
	// next, when set, replaces the cursor the API returns (a stuck or broken server).
	next   func(cursor string) string
	failAt int // the request number (1-based) that fails; 0 never
	asked  []string
}

func (a *cursorAPI) fetch(_ context.Context, cursor string, size int) (Page, error) {
	a.asked = append(a.asked, cursor+"/"+strconv.Itoa(size))
	if a.failAt == len(a.asked) {
		return Page{}, errors.New("europepmc: server error (HTTP 503)")
	}
	off := 0
	if cursor != "*" {
		off, _ = strconv.Atoi(cursor[1:])
	}
	var p Page
	p.Total = a.total
	for i := off; i < min(off+size, a.n); i++ {
		p.Evidence = append(p.Evidence, domain.Evidence{Citation: domain.Citation{Source: domain.SourceEuropePMC, PMID: strconv.Itoa(i + 1)}})
	}
	if off+size < a.n {
		p.Next = "c" + strconv.Itoa(off+size)
	}
	if a.next != nil {
		p.Next = a.next(cursor)
	}
	return p, nil
}

func TestPagerPaged(t *testing.T) {
	tests := []struct {
		name      string
		api       cursorAPI
		max       int
		wantN     int
		wantAsked []string
		wantEvent domain.QueryEvent
		wantErr   string
	}{
		{"asks only for what is still needed", cursorAPI{n: 25, total: 25}, 25, 25,
			[]string{"*/10", "c10/10", "c20/5"}, domain.QueryEvent{Count: 25}, ""},
		{"stops when the results run out", cursorAPI{n: 12, total: 12}, 50, 12,
			[]string{"*/10", "c10/10"}, domain.QueryEvent{Count: 12}, ""},
		{"a repeated cursor ends the paging", cursorAPI{n: 100, total: 100, next: func(string) string { return "*" }}, 50, 10,
			[]string{"*/10"}, domain.QueryEvent{Count: 100}, ""},
		{"MaxPages bounds a server that always has a next page", cursorAPI{n: 1000, total: 1000}, 1000, 30,
			[]string{"*/10", "c10/10", "c20/10"}, domain.QueryEvent{Count: 1000}, ""},
		{"nothing found is noted", cursorAPI{n: 0, total: 0}, 10, 0,
			[]string{"*/10"}, domain.QueryEvent{Count: 0, Error: "no paper found"}, ""},
		{"an unreported total stays -1", cursorAPI{n: 3, total: -1}, 10, 3,
			[]string{"*/10"}, domain.QueryEvent{Count: -1}, ""},
		{"a failing page keeps the pages before it", cursorAPI{n: 30, total: 30, failAt: 2}, 30, 10,
			[]string{"*/10", "c10/10"}, domain.QueryEvent{Count: 30, Error: "europepmc: server error (HTTP 503)"}, "HTTP 503"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var events []domain.QueryEvent
			ctx := WithQueryRecorder(context.Background(), func(e domain.QueryEvent) { events = append(events, e) })
			api := tt.api
			p := Pager{Source: domain.SourceEuropePMC, First: "*", PageSize: 10, MaxPages: 3, NoneFound: "no paper found", Fetch: api.fetch}
			ev, err := p.Paged(ctx, "metformin", tt.max)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
			} else {
				require.NoError(t, err)
			}
			require.Len(t, ev, tt.wantN)
			require.Equal(t, tt.wantAsked, api.asked)
			want := tt.wantEvent
			want.Source, want.Query, want.Attempt = domain.SourceEuropePMC, "metformin", 1
			require.Equal(t, []domain.QueryEvent{want}, events, "one query event per query")
		})
	}
}
