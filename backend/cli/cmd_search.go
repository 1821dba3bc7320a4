package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/services"
)

type searchOpts struct {
	json       bool
	sources    string
	maxResults int
}

func searchCommand() *command {
	return &command{
		name: "search", summary: "search the literature sources for one query",
		usage: "search QUERY [--sources a,b] [--max-results N] [--json]",
		flags: func(fs *flag.FlagSet) any {
			o := &searchOpts{}
			fs.BoolVar(&o.json, "json", false, "print the SearchResult as JSON")
			fs.StringVar(&o.sources, "sources", "", "comma-separated sources: pubmed, europepmc, clinicaltrials, web, library (default: the settings')")
			countVar(fs, &o.maxResults, "max-results", domain.BoundMaxResultsPerSource, fmt.Sprintf("the `number` of results per source, %d–%d (default: the settings')", domain.BoundMaxResultsPerSource.Min, domain.BoundMaxResultsPerSource.Max))
			return o
		},
		minArgs: 1, maxArgs: -1,
		run: func(ctx context.Context, e *env, opts any, args []string) error {
			o := opts.(*searchOpts)
			req := services.SearchRequest{Query: strings.Join(args, " "), MaxResults: o.maxResults}
			if o.sources != "" {
				s, err := domain.ParseSources(o.sources)
				if err != nil {
					return usagef("--sources: %s", domain.SafeMessage(err))
				}
				req.Sources = s
			}
			c, err := e.app.services(ctx)
			if err != nil {
				return err
			}
			res, err := c.Search.Search(ctx, req)
			if err != nil {
				return err
			}
			for _, se := range res.Errors {
				e.infof("%s: %s\n", se.Source, SafeText(se.Error))
			}
			if o.json {
				return writeJSON(e.stdout, res)
			}
			e.infof("%d results from %s\n", len(res.Evidence), domain.JoinSources(res.SourcesSearched, ", "))
			for i, ev := range res.Evidence {
				c := ev.Citation
				e.printf("[%d] %s (%s %s)\n    %s\n", i+1, SafeText(c.Title), c.Source, c.Year(), SafeText(c.URL))
			}
			return nil
		},
	}
}
