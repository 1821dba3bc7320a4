package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"deepcritical/backend/library"
	"deepcritical/backend/store"
)

type libraryOpts struct {
	json  bool
	limit int
}

func libraryCommand() *command {
	listFlags := func(fs *flag.FlagSet) any {
		o := &libraryOpts{}
		fs.BoolVar(&o.json, "json", false, "print JSON")
		fs.IntVar(&o.limit, "limit", 50, "at most this many records (1–500)")
		return o
	}
	return &command{
		name:    "library",
		summary: "import, list and search your own references",
		subs: []*command{
			{
				name: "import", summary: "import PubMed XML, MEDLINE (.nbib), RIS, BibTeX or CSL-JSON files",
				usage: "library import FILE... [--json]",
				flags: func(fs *flag.FlagSet) any {
					o := &libraryOpts{}
					fs.BoolVar(&o.json, "json", false, "print the summary as JSON")
					return o
				},
				minArgs: 1, maxArgs: -1,
				run: func(ctx context.Context, e *env, opts any, args []string) error {
					c, err := e.app.services(ctx)
					if err != nil {
						return err
					}
					last := ""
					sum, err := c.ImportLibrary(ctx, args, func(p library.Progress) {
						if p.FileDone && p.File != last {
							last = p.File
							e.infof("%s: %d records (%s)\n", p.File, p.Records, p.Format)
						}
					})
					if err != nil && sum.Imported+sum.Updated == 0 && len(sum.Errors) == 0 {
						return err
					}
					if o := opts.(*libraryOpts); o.json {
						if werr := writeJSON(e.stdout, sum); werr != nil {
							return werr
						}
					} else {
						e.printf("imported %d, updated %d, skipped %d, errors %d\n", sum.Imported, sum.Updated, sum.Skipped, len(sum.Errors))
					}
					for _, ie := range sum.Errors {
						if ie.Record > 0 {
							e.infof("%s: record %d: %s\n", ie.File, ie.Record, ie.Error)
						} else {
							e.infof("%s: %s\n", ie.File, ie.Error)
						}
					}
					if err != nil {
						return err
					}
					if sum.Imported+sum.Updated == 0 && len(sum.Errors) > 0 {
						return fmt.Errorf("nothing was imported")
					}
					return nil
				},
			},
			{
				name: "list", summary: "list library records, newest first", usage: "library list [--limit N] [--json]",
				flags: listFlags, maxArgs: 0,
				run: func(ctx context.Context, e *env, opts any, _ []string) error {
					o := opts.(*libraryOpts)
					if o.limit < 1 || o.limit > 500 {
						return usagef("--limit must be between 1 and 500, got %d", o.limit)
					}
					c, err := e.app.services(ctx)
					if err != nil {
						return err
					}
					page, err := c.Library.List(o.limit, 0)
					if err != nil {
						return err
					}
					if o.json {
						return writeJSON(e.stdout, page)
					}
					printRecords(e, page.Records)
					e.infof("%d of %d records\n", len(page.Records), page.Total)
					return nil
				},
			},
			{
				name: "search", summary: "full-text search of the library (bm25 ranking)", usage: "library search QUERY [--limit N] [--json]",
				flags: listFlags, minArgs: 1, maxArgs: -1,
				run: func(ctx context.Context, e *env, opts any, args []string) error {
					o := opts.(*libraryOpts)
					if o.limit < 1 || o.limit > 500 {
						return usagef("--limit must be between 1 and 500, got %d", o.limit)
					}
					c, err := e.app.services(ctx)
					if err != nil {
						return err
					}
					recs, err := c.Library.Search(strings.Join(args, " "), o.limit)
					if err != nil {
						return err
					}
					if o.json {
						return writeJSON(e.stdout, recs)
					}
					printRecords(e, recs)
					return nil
				},
			},
		},
	}
}

func printRecords(e *env, recs []store.LibraryRecord) {
	for _, r := range recs {
		c := r.Evidence.Citation
		ids := []string{}
		if c.PMID != "" {
			ids = append(ids, "PMID "+c.PMID)
		}
		if c.DOI != "" {
			ids = append(ids, "doi "+c.DOI)
		}
		e.printf("%6d  %s  %s  %s\n", r.ID, c.Year(), truncate(c.Title, 80), strings.Join(ids, ", "))
	}
}
