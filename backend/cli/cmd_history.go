package cli

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/report"
	"deepcritical/backend/services"
)

type exportOpts struct {
	format, out, to, collection   string
	force, includeSetAside, again bool
}

type historyListOpts struct {
	json                                          bool
	status, judge                                 string
	verification, review, candidate, since, until string
	limit                                         int
}

func historyCommand() *command {
	return &command{
		name:    "history",
		summary: "list, show, search and delete stored runs",
		subs: []*command{
			{
				name: "list", summary: "list runs, newest first", usage: "history list [--status S] [--judge NAME] [--verification V] [--review R] [--candidate DRUG] [--since DAY] [--until DAY] [--limit N] [--json]",
				flags:   historyListFlags,
				maxArgs: 0,
				run: func(ctx context.Context, e *env, opts any, _ []string) error {
					return historyList(ctx, e, opts.(*historyListOpts), "")
				},
			},
			{
				name: "search", summary: "full-text search over questions, evidence and reports", usage: "history search TEXT [--json]",
				flags:   historyListFlags,
				minArgs: 1, maxArgs: -1,
				run: func(ctx context.Context, e *env, opts any, args []string) error {
					return historyList(ctx, e, opts.(*historyListOpts), strings.Join(args, " "))
				},
			},
			{
				name: "show", summary: "show one run and its events", usage: "history show RUN_ID [--detail] [--json]",
				flags: func(fs *flag.FlagSet) any {
					o := &showOpts{}
					fs.BoolVar(&o.json, "json", false, "print JSON")
					fs.BoolVar(&o.detail, "detail", false, "print a failure's whole error chain, not only its first clause")
					return o
				},
				minArgs: 1, maxArgs: 1,
				run: historyShow,
			},
			{
				name: "export", summary: "export a run: md, html, json, ris, bibtex, csljson or csv, or send its references to Zotero",
				usage: "history export RUN_ID --out FILE [--format md|html|json|ris|bibtex|csljson|csv] [--force] [--include-set-aside]\n" +
					"  deepcritical history export RUN_ID --to zotero [--collection NAME] [--include-set-aside] [--again]",
				flags: func(fs *flag.FlagSet) any {
					o := &exportOpts{}
					fs.StringVar(&o.format, "format", "", "md, html, json, ris, bibtex, csljson or csv")
					fs.StringVar(&o.out, "out", "", "file to write")
					fs.BoolVar(&o.force, "force", false, "overwrite FILE if it exists")
					fs.BoolVar(&o.includeSetAside, "include-set-aside", false, "RIS, BibTeX, CSL-JSON, Zotero: every paper, set-aside ones marked (default: only the papers the report relies on)")
					fs.StringVar(&o.to, "to", "", "zotero: send the references to the running Zotero instead of writing a file")
					fs.StringVar(&o.collection, "collection", "", "with --to zotero: the Zotero collection, by name or path (default: the one selected in Zotero)")
					fs.BoolVar(&o.again, "again", false, "with --to zotero: send a run whose references Zotero already holds (they are saved twice)")
					return o
				},
				minArgs: 1, maxArgs: 1,
				run: func(ctx context.Context, e *env, opts any, args []string) error {
					o := opts.(*exportOpts)
					if o.to != "" {
						return sendToZotero(ctx, e, o, args[0])
					}
					if o.collection != "" {
						return usagef("--collection goes with --to zotero")
					}
					if o.out == "" {
						return usagef("export needs --out FILE (and --format, unless FILE's extension names one)")
					}
					if o.out == "-" {
						// "-" is no file name here: it would be written as a file named "-".
						return usagef("--out -: export writes a file; `deepcritical history show RUN_ID` prints the report")
					}
					fromName, nameErr := formatFromPath(o.out)
					switch {
					case o.format == "" && nameErr != nil:
						return usagef("export needs --format: %s does not name one by its extension (.md .html .json .csv .ris .bib .csl.json)", o.out)
					case o.format == "":
						o.format = fromName
					}
					f, err := report.ParseFormat(o.format)
					if err != nil {
						return usagef("--format: %s", domain.SafeMessage(err))
					}
					if nameErr == nil && fromName != f && !(f == "csljson" && fromName == "json") {
						// RIS written to a .md file would open as the wrong thing.
						return usagef("--format %s does not match %s (its extension says %s): change one", f, o.out, fromName)
					}
					o.format = f
					c, err := e.app.services(ctx)
					if err != nil {
						return err
					}
					path, err := c.Reports.ExportWith(services.ExportRequest{RunID: args[0], Format: o.format, Path: o.out, Force: o.force, IncludeSetAside: o.includeSetAside})
					if err != nil {
						return err
					}
					e.infof("wrote %s\n", path)
					return nil
				},
			},
			{
				name: "rejudge", summary: "judge a stored run's evidence again with another judge and compare (offline needs no network)",
				usage: "history rejudge RUN_ID --judge NAME [--model M] [--json]",
				flags: func(fs *flag.FlagSet) any {
					o := &rejudgeOpts{}
					fs.StringVar(&o.judge, "judge", "", "judge: offline, openai, anthropic, huggingface, ollama, compatible, cli")
					fs.StringVar(&o.model, "model", "", "model (default: the judge's configured model)")
					fs.BoolVar(&o.json, "json", false, "print JSON")
					return o
				},
				minArgs: 1, maxArgs: 1,
				run: historyRejudge,
			},
			{
				name: "review", summary: "record your decision beside the judge's: on the verdict (agree, disagree) or a paper (include, exclude)",
				usage: "history review RUN_ID [--paper N] (--agree | --disagree | --include | --exclude | --component NAME --points X) [--reason R] [--note TEXT] [--json]",
				flags: func(fs *flag.FlagSet) any {
					o := &reviewOpts{}
					fs.IntVar(&o.paper, "paper", 0, "the paper's number as the report cites it ([N]); omit for the run's verdict")
					fs.BoolVar(&o.agree, "agree", false, "agree with the run's final verdict")
					fs.BoolVar(&o.disagree, "disagree", false, "disagree with the run's final verdict")
					fs.BoolVar(&o.include, "include", false, "include the paper")
					fs.BoolVar(&o.exclude, "exclude", false, "exclude the paper (needs --reason)")
					fs.StringVar(&o.reason, "reason", "", "why a paper is excluded: "+strings.Join(domain.ExclusionReasons, ", "))
					fs.StringVar(&o.note, "note", "", "free text kept with the decision")
					fs.StringVar(&o.component, "component", "", "override one appraisal component of the paper (e.g. allocation_concealment), with --points")
					fs.StringVar(&o.points, "points", "", "the reviewer's points for --component")
					fs.BoolVar(&o.json, "json", false, "print JSON")
					return o
				},
				minArgs: 1, maxArgs: 1,
				run: historyReview,
			},
			{
				name: "delete", summary: "delete a run and everything stored with it", usage: "history delete RUN_ID [--json]",
				flags:   jsonOnly,
				minArgs: 1, maxArgs: 1,
				run: func(ctx context.Context, e *env, opts any, args []string) error {
					c, err := e.app.services(ctx)
					if err != nil {
						return err
					}
					if err := c.History.Delete(args[0]); err != nil {
						return err
					}
					if opts.(*jsonFlag).json {
						return writeJSON(e.stdout, map[string]any{"deleted": args[0]})
					}
					e.printf("deleted %s\n", args[0])
					return nil
				},
			},
		},
	}
}

// sendToZotero sends a run's references to the running Zotero (`export --to zotero`).
func sendToZotero(ctx context.Context, e *env, o *exportOpts, runID string) error {
	if strings.ToLower(o.to) != "zotero" {
		return usagef("--to: only zotero is supported, got %q", o.to)
	}
	if o.format != "" || o.out != "" || o.force {
		return usagef("--to zotero sends to Zotero: it takes no --format, --out or --force")
	}
	c, err := e.app.services(ctx)
	if err != nil {
		return err
	}
	res, err := c.Commands.SendToZotero(ctx, services.ZoteroSendRequest{RunIDs: []string{runID}, Collection: o.collection, IncludeSetAside: o.includeSetAside, Again: o.again})
	if err != nil {
		return err
	}
	if res.Unchecked != "" {
		e.infof("warning: %s\n", SafeText(res.Unchecked))
	}
	for _, r := range res.Runs {
		e.infof("sent %d %s of run %s to Zotero %s, in %q, tagged %s\n", r.Saved, plural(r.Saved, "reference", "references"),
			r.RunID, SafeText(res.Zotero.Version), SafeText(r.Target), SafeText(strings.Join(r.Tags, ", ")))
	}
	return nil
}

type reviewOpts struct {
	paper                             int
	agree, disagree, include, exclude bool
	reason, note, component, points   string
	json                              bool
}

// historyReview records one reviewer decision (never overwriting an earlier one) and prints
// the run's decisions in force and the agreement with the judge.
func historyReview(ctx context.Context, e *env, opts any, args []string) error {
	o := opts.(*reviewOpts)
	var decision domain.ReviewDecision
	n := 0
	for _, c := range []struct {
		set bool
		d   domain.ReviewDecision
	}{{o.agree, domain.ReviewAgree}, {o.disagree, domain.ReviewDisagree}, {o.include, domain.ReviewInclude}, {o.exclude, domain.ReviewExclude}} {
		if c.set {
			decision, n = c.d, n+1
		}
	}
	var points *float64
	if o.component != "" || o.points != "" {
		p, err := strconv.ParseFloat(strings.TrimSpace(o.points), 64)
		if o.component == "" || err != nil {
			return usagef("an override needs --component NAME and --points X (a number)")
		}
		decision, n, points = domain.ReviewOverride, n+1, &p
	}
	if n != 1 {
		return usagef("review needs exactly one of --agree, --disagree, --include, --exclude, --component with --points")
	}
	c, err := e.app.services(ctx)
	if err != nil {
		return err
	}
	rv, err := c.Reviews.Add(services.ReviewRequest{RunID: args[0], Paper: o.paper, Decision: decision, Reason: o.reason, Note: o.note,
		Component: o.component, Points: points})
	if err != nil {
		return err
	}
	sum, err := c.Reviews.Summary(args[0])
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(e.stdout, struct {
			Recorded domain.Review          `json:"recorded"`
			Summary  services.ReviewSummary `json:"summary"`
		}{rv, sum})
	}
	target := "the verdict"
	if rv.Paper > 0 {
		target = fmt.Sprintf("paper [%d]", rv.Paper)
	}
	e.printf("recorded: %s %s %s", SafeText(rv.Author), rv.Decision, target)
	if rv.Reason != "" {
		e.printf(" (%s)", SafeText(rv.Reason))
	}
	if rv.Points != nil {
		e.printf(" %s → %g", SafeText(rv.Component), *rv.Points)
	}
	e.printf("\n%d included, %d excluded; agreement with the judge's on/off-topic marks: %s\n", sum.Included, sum.Excluded, sum.Agreement.String())
	if sum.Components.N > 0 {
		e.printf("agreement with the appraiser on re-scored components: %s\n", strings.ReplaceAll(sum.Components.String(), "paper", "component"))
	}
	return nil
}

type rejudgeOpts struct {
	judge, model string
	json         bool
}

// historyRejudge re-judges a stored run from its stored evidence and appraisals, keeps the new
// verdict beside the run's own (it then appears on the run's page and in every report
// format), and prints the two side by side with their differences.
func historyRejudge(ctx context.Context, e *env, opts any, args []string) error {
	o := opts.(*rejudgeOpts)
	if o.judge == "" {
		return usagef("rejudge needs --judge NAME")
	}
	p, err := domain.ParseProvider(o.judge)
	if err != nil {
		return usagef("--judge: %s", domain.SafeMessage(err))
	}
	c, err := e.app.services(ctx)
	if err != nil {
		return err
	}
	cmp, err := c.Judges.Rejudge(services.RejudgeRequest{RunID: args[0], Provider: p, Model: o.model})
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(e.stdout, cmp)
	}
	a, b := cmp.Original, cmp.Rejudged
	e.printf("Run %s re-judged (%s)\n\n", cmp.RunID, SafeText(cmp.Label))
	e.printf("%-22s %-28s %s\n", "", "original", "re-judged")
	e.printf("%-22s %-28s %s\n", "judge", SafeText(judgeLabel(a.Judge)), SafeText(judgeLabel(b.Judge)))
	e.printf("%-22s %-28s %s (%+d)\n", "mechanism", fmt.Sprintf("%d/10", a.Details.MechanismScore), fmt.Sprintf("%d/10", b.Details.MechanismScore), cmp.Difference.MechanismDelta)
	e.printf("%-22s %-28s %s (%+d)\n", "clinical evidence", fmt.Sprintf("%d/10", a.Details.ClinicalEvidenceScore), fmt.Sprintf("%d/10", b.Details.ClinicalEvidenceScore), cmp.Difference.ClinicalDelta)
	e.printf("%-22s %-28s %s\n", "sufficient", yesNo(a.Sufficient), yesNo(b.Sufficient))
	e.printf("%-22s %-28s %s\n", "candidates", SafeText(listOrNone(a.Details.DrugCandidates)), SafeText(listOrNone(b.Details.DrugCandidates)))
	if d := cmp.Difference; len(d.OnlyOriginal)+len(d.OnlyRejudged) > 0 {
		e.printf("\nOnly the original: %s\nOnly the re-judgement: %s\n", SafeText(listOrNone(d.OnlyOriginal)), SafeText(listOrNone(d.OnlyRejudged)))
	}
	if b.Judge.Kind == domain.JudgeKindFallback && b.Judge.Error != "" {
		// The re-judged scores are the safe fallback: say why, so they are not read as a verdict.
		e.printf("\nThe re-judgement is the safe fallback, not an assessment: %s\n", SafeText(b.Judge.Error))
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

func historyListFlags(fs *flag.FlagSet) any {
	o := &historyListOpts{}
	fs.BoolVar(&o.json, "json", false, "print JSON")
	fs.StringVar(&o.status, "status", "", "only runs with this status (running, complete, failed, cancelled, interrupted)")
	fs.StringVar(&o.judge, "judge", "", "only runs judged by this provider")
	fs.StringVar(&o.verification, "verification", "", "only runs whose report is verified, failed or unverified")
	fs.StringVar(&o.review, "review", "", "only runs the reviewer agreed with (agree), disagreed with (disagree), reviewed at all (reviewed) or not (none)")
	fs.StringVar(&o.candidate, "candidate", "", "only runs whose final verdict names this drug candidate")
	fs.StringVar(&o.since, "since", "", "only runs created on or after this day (YYYY-MM-DD)")
	fs.StringVar(&o.until, "until", "", "only runs created on or before this day (YYYY-MM-DD)")
	fs.IntVar(&o.limit, "limit", 50, fmt.Sprintf("at most this many runs (1–%d)", services.MaxHistoryPage))
	return o
}

func historyList(ctx context.Context, e *env, o *historyListOpts, text string) error {
	f := services.HistoryFilter{Text: text, Limit: o.limit, Verification: o.verification, Review: o.review, Candidate: o.candidate, Since: o.since, Until: o.until}
	if err := checkLimit(o.limit, services.MaxHistoryPage); err != nil {
		return err
	}
	if o.status != "" {
		f.Status = domain.RunStatus(o.status)
		if !f.Status.Valid() {
			return usagef("--status %q is not a run status (pending, running, complete, failed, cancelled, interrupted)", o.status)
		}
	}
	if o.judge != "" {
		p, err := domain.ParseProvider(o.judge)
		if err != nil {
			return usagef("--judge: %s", domain.SafeMessage(err))
		}
		f.Judge = p
	}
	c, err := e.app.services(ctx)
	if err != nil {
		return err
	}
	runs, err := c.History.List(f)
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(e.stdout, runs)
	}
	if len(runs) == 0 {
		if f != (services.HistoryFilter{Limit: o.limit}) {
			// A search or filter that matched nothing is not an empty history.
			e.infof("no stored run matches (database %s)\n", e.app.paths.DatabaseFile)
			return nil
		}
		e.infof("no runs stored yet (database %s)\n", e.app.paths.DatabaseFile)
		return nil
	}
	for _, r := range runs {
		verdict := "—"
		if r.VerdictPass != nil {
			verdict = map[bool]string{true: "verified", false: "flagged"}[*r.VerdictPass]
		}
		e.printf("%s  %s  %-11s %-10s %-9s %s\n", r.ID, r.CreatedAt.Local().Format("2006-01-02 15:04"), r.Status,
			judgeLabel(r.Judge), verdict, truncate(SafeText(r.Question), 70))
	}
	return nil
}

type showOpts struct{ json, detail bool }

func historyShow(ctx context.Context, e *env, opts any, args []string) error {
	o := opts.(*showOpts)
	c, err := e.app.services(ctx)
	if err != nil {
		return err
	}
	d, err := c.History.Get(args[0])
	if err != nil {
		return err
	}
	if o.json {
		rep, err := c.Reports.Get(d.Run.ID)
		if err != nil {
			return err
		}
		return writeJSON(e.stdout, struct {
			services.RunDetail
			Report services.ReportView `json:"report"`
		}{d, rep})
	}
	r := d.Run
	// A failure's error chain is said once, by its first clause; --detail prints it whole.
	say := func(s string) string {
		if o.detail {
			return s
		}
		return domain.ErrorHead(s)
	}
	e.printf("Run %s\nQuestion: %s\nStatus:   %s", r.ID, SafeText(r.Question), r.Status)
	if r.StopReason != "" && r.Error == "" {
		e.printf(" (%s)", SafeText(r.StopReason))
	}
	e.printf("\nJudge:    %s\nStarted:  %s\n", judgeLabel(r.Judge), r.CreatedAt.Local().Format(time.RFC1123))
	if r.Error != "" {
		e.printf("Error:    %s\n", SafeText(say(r.Error)))
		if !o.detail && domain.ErrorHead(r.Error) != r.Error {
			e.printf("          (the whole chain: deepcritical history show %s --detail)\n", r.ID)
		}
	}
	printUsage(e, d.Usage)
	e.printf("\nEvents:\n")
	for _, ev := range d.Events {
		e.printf("  %3d  %s  it%-2d %-15s %s\n", ev.Seq, ev.Time.Local().Format("15:04:05"), ev.Iteration, ev.Type, SafeText(eventText(ev, say)))
	}
	rep, err := c.Reports.Get(r.ID)
	if err != nil {
		return err
	}
	if rep.Markdown == "" {
		e.printf("\nNo report was written for this run.\n")
		return nil
	}
	e.printf("\n%s\n", SafeBlock(rep.Markdown))
	return nil
}

// judgeLabel names a judge the way every view does, so offline and fallback are never mistaken for an LLM.
func judgeLabel(j domain.JudgeInfo) string {
	switch {
	case j.Provider == "":
		return "—"
	case j.Kind == domain.JudgeKindOffline || j.Provider == domain.ProviderOffline:
		return "offline heuristic"
	case j.Kind == domain.JudgeKindFallback:
		return fmt.Sprintf("FALLBACK (%s %s failed)", j.Provider, j.Model)
	case j.Model != "":
		return string(j.Provider) + "/" + j.Model
	}
	return string(j.Provider)
}

// eventText is an event's line in `history show`: a failure chain by its first clause (say).
// A query's line keeps what was sent and its hit count whole; only its notes (relaxation,
// the source's warning) are cut, since cutting the whole line at its first clause dropped
// the hit count of every long query.
func eventText(ev domain.Event, say func(string) string) string {
	if ev.Type == domain.EventQuery {
		if head, tail, ok := strings.Cut(ev.Message, " — "); ok {
			return head + " — " + say(tail)
		}
		return ev.Message
	}
	return say(ev.Message)
}

func truncate(s string, n int) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n-1]) + "…"
}

// printUsage shows the run's LLM calls per kind; costs are labelled as estimates from the
// dated price table, and "unknown" where a model has no price.
// The calls of re-judgements made afterwards follow, apart: they are not the run's own.
func printUsage(e *env, u services.RunUsage) {
	if len(u.Kinds) == 0 && len(u.Rejudges) == 0 {
		return
	}
	cost := func(k services.CallKindUsage) string {
		switch {
		case k.Local:
			return "none (local)"
		case !k.CostKnown:
			return "unknown"
		}
		return fmt.Sprintf("~$%.4f", k.CostUSD)
	}
	row := func(name string, k services.CallKindUsage) {
		e.printf("  %-11s %5d %6d %13d %13d %13d %8.1fs  %s\n", name, k.Calls, k.Failed, k.InputTokens, k.CachedTokens, k.OutputTokens,
			float64(k.LatencyMS)/1000, cost(k))
	}
	e.printf("\nLLM calls (input, cached and output are tokens; cached tokens are part of input; cost is an estimate from list prices as of %s):\n", u.PriceTableDate)
	e.printf("  %-11s %5s %6s %13s %13s %13s %9s  %s\n", "kind", "calls", "failed", "input tokens", "cached tokens", "output tokens", "latency", "cost")
	if len(u.Kinds) > 0 {
		for _, k := range append(append([]services.CallKindUsage{}, u.Kinds...), u.Total) {
			row(k.Kind, k)
		}
	} else {
		e.printf("  (the run itself made no LLM call)\n")
	}
	for _, k := range u.Rejudges {
		row("re-judge", k)
		e.printf("    by %s\n", SafeText(strings.TrimSpace(k.Provider+" "+k.Model)))
	}
}
