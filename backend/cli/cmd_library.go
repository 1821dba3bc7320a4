package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/library"
	"deepcritical/backend/services"
)

type libraryOpts struct {
	json             bool
	limit            int
	from, collection string
}

func libraryCommand() *command {
	return &command{
		name:    "library",
		summary: "import, list and search your own references",
		subs: []*command{
			{
				name: "import", summary: "import PubMed XML, MEDLINE (.nbib), RIS, BibTeX, CSL-JSON files and PDFs, or your Zotero library",
				usage: "library import FILE... [--json]\n  deepcritical library import --from zotero [--collection NAME] [--json]",
				flags: func(fs *flag.FlagSet) any {
					o := &libraryOpts{}
					fs.BoolVar(&o.json, "json", false, "print the summary as JSON")
					fs.StringVar(&o.from, "from", "", "zotero: read the running Zotero's library through its local API instead of files")
					fs.StringVar(&o.collection, "collection", "", "with --from zotero: only this collection, by name or path")
					return o
				},
				minArgs: 0, maxArgs: -1,
				run: func(ctx context.Context, e *env, opts any, args []string) error {
					o := opts.(*libraryOpts)
					switch {
					case o.from != "" && strings.ToLower(o.from) != "zotero":
						return usagef("--from: only zotero is supported, got %q", o.from)
					case o.from != "" && len(args) > 0:
						return usagef("import reads files or --from zotero, not both")
					case o.from == "" && o.collection != "":
						return usagef("--collection goes with --from zotero")
					case o.from == "" && len(args) == 0:
						return usagef("import: missing argument (files, or --from zotero)")
					}
					c, err := e.app.services(ctx)
					if err != nil {
						return err
					}
					last := ""
					progress := func(p library.Progress) {
						if p.FileDone && p.File != last {
							last = p.File
							if p.Format == "" && p.Records == 0 {
								return // a file that could not be read: its error line says so
							}
							e.infof("%s: %d %s (%s)\n", SafeText(p.File), p.Records, plural(p.Records, "record", "records"), p.Format)
						}
					}
					var sum library.Summary
					if o.from != "" {
						sum, err = c.Commands.ImportZotero(ctx, o.collection, progress)
					} else {
						sum, err = c.Commands.ImportLibrary(ctx, args, progress)
					}
					if err != nil && sum.Imported+sum.Updated == 0 && len(sum.Errors) == 0 {
						return err
					}
					if o.json {
						if werr := writeJSON(e.stdout, sum); werr != nil {
							return werr
						}
					} else {
						unchanged := ""
						if sum.Unchanged > 0 {
							// A file imported again: its records are stored as given.
							unchanged = fmt.Sprintf(", unchanged %d", sum.Unchanged)
						}
						e.printf("imported %d, updated %d%s, skipped %d, errors %d\n", sum.Imported, sum.Updated, unchanged, sum.Skipped, len(sum.Errors))
						for _, p := range sum.PDFs {
							into := fmt.Sprintf("new library record %d", p.ID)
							switch {
							case strings.HasPrefix(p.Matched, "library record"):
								into = "joined " + p.Matched
							case p.Matched != "":
								into = fmt.Sprintf("library record %d, joined to the %s", p.ID, p.Matched)
							case !p.Created:
								into = fmt.Sprintf("library record %d", p.ID)
							}
							e.printf("%s: %d %s, %d sections: %s (%s)\n", SafeText(filepath.Base(p.File)), p.Pages,
								plural(p.Pages, "page", "pages"), p.Sections, SafeText(into), SafeText(p.Key))
						}
					}
					for _, list := range []struct {
						prefix string
						items  []library.ImportError
					}{{"", sum.Errors}, {"warning: ", sum.Warnings}} {
						for _, ie := range list.items {
							if ie.Record > 0 {
								e.infof("%s: %srecord %d: %s\n", SafeText(ie.File), list.prefix, ie.Record, SafeText(ie.Error))
							} else {
								e.infof("%s: %s%s\n", SafeText(ie.File), list.prefix, SafeText(ie.Error))
							}
						}
					}
					if err != nil {
						return err
					}
					// Nothing importable is a failure (exit 1) with the reason, whatever
					// the format: an empty .ris, a JSON object with no item, only bad records.
					if why := sum.Nothing; why != "" {
						return errors.New(why)
					}
					if n := len(sum.Errors); n > 0 {
						// A script must see that part of what it asked for did not arrive.
						return fmt.Errorf("%d %s could not be imported (listed above); the rest was imported", n, plural(n, "file or record", "files or records"))
					}
					return nil
				},
			},
			libraryRead("list", "list library records, newest first", "library list [--limit N] [--json]", 0, 0,
				func(e *env, lib *services.LibraryService, o *libraryOpts, _ []string) error {
					page, err := lib.List(o.limit, 0)
					if err != nil {
						return err
					}
					if o.json {
						return writeJSON(e.stdout, page)
					}
					printRecords(e, page.Records)
					e.infof("%d of %d records\n", len(page.Records), page.Total)
					return nil
				}),
			libraryRead("search", "full-text search of the library (bm25 ranking)", "library search QUERY [--limit N] [--json]", 1, -1,
				func(e *env, lib *services.LibraryService, o *libraryOpts, args []string) error {
					recs, err := lib.Search(strings.Join(args, " "), o.limit)
					if err != nil {
						return err
					}
					if o.json {
						return writeJSON(e.stdout, recs)
					}
					if len(recs) == 0 {
						e.infof("no library record matches %q\n", strings.Join(args, " "))
						return nil
					}
					printRecords(e, recs)
					return nil
				}),
		},
	}
}

// libraryRead is a library subcommand that prints records (list, search): --limit is
// checked before the services open, so a bad one is a usage error that opens no database.
func libraryRead(name, summary, usage string, minArgs, maxArgs int, run func(e *env, lib *services.LibraryService, o *libraryOpts, args []string) error) *command {
	return &command{
		name: name, summary: summary, usage: usage,
		flags: func(fs *flag.FlagSet) any {
			o := &libraryOpts{}
			fs.BoolVar(&o.json, "json", false, "print JSON")
			fs.IntVar(&o.limit, "limit", 50, fmt.Sprintf("at most this many records (1–%d)", services.MaxLibraryPage))
			return o
		},
		minArgs: minArgs, maxArgs: maxArgs,
		run: func(ctx context.Context, e *env, opts any, args []string) error {
			o := opts.(*libraryOpts)
			if err := checkLimit(o.limit, services.MaxLibraryPage); err != nil {
				return err
			}
			c, err := e.app.services(ctx)
			if err != nil {
				return err
			}
			return run(e, c.Library, o, args)
		},
	}
}

func printRecords(e *env, recs []services.LibraryItem) {
	for _, r := range recs {
		c := r.Evidence.Citation
		ids := []string{}
		if c.PMID != "" {
			ids = append(ids, "PMID "+c.PMID)
		}
		if c.DOI != "" {
			ids = append(ids, "doi "+c.DOI)
		}
		if ft := r.FullText; ft != nil && ft.Source == domain.FullTextPDF {
			ids = append(ids, fmt.Sprintf("PDF %d %s", ft.Pages, plural(ft.Pages, "page", "pages")))
		}
		if r.InFullText {
			ids = append(ids, "found in its full text")
		}
		e.printf("%6d  %s  %s  %s\n", r.ID, c.Year(), truncate(SafeText(c.Title), 80), SafeText(strings.Join(ids, ", ")))
	}
}
