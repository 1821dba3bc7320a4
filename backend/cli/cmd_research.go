package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/report"
	"deepcritical/backend/runs"
)

type researchOpts struct {
	json          bool
	judge         string
	model         string
	sources       string
	maxIterations int
	export        string
	resume        string
	force         bool
	// roles and stages are the user's corrections of how the question was understood,
	// each "TEXT=ROLE" or "TEXT=STAGE", as the window's chips set them.
	roles, stages []string
}

func researchCommand() *command {
	return &command{
		name: "research", summary: "research a question: search, judge, loop, write and verify a cited report",
		usage: "research QUESTION [--judge NAME] [--model M] [--sources a,b] [--max-iterations N] [--role TEXT=ROLE] [--stage TEXT=STAGE] [--json] [--export FILE] [--resume RUN_ID]",
		flags: func(fs *flag.FlagSet) any {
			o := &researchOpts{}
			fs.BoolVar(&o.json, "json", false, "print one JSON event per line, then the final run")
			fs.StringVar(&o.judge, "judge", "", "judge: offline, openai, anthropic, huggingface, ollama, compatible, cli (default: the settings')")
			fs.StringVar(&o.model, "model", "", "model for the judge (default: the provider's setting)")
			fs.StringVar(&o.sources, "sources", "", "comma-separated sources (default: the settings')")
			countVar(fs, &o.maxIterations, "max-iterations", domain.BoundMaxIterations, fmt.Sprintf("the `number` of search/judge rounds, %d–%d (default: the settings')", domain.BoundMaxIterations.Min, domain.BoundMaxIterations.Max))
			fs.StringVar(&o.export, "export", "", "also export the finished run to FILE (format from the extension: .md .html .json .csv .ris .bib .csl.json)")
			fs.StringVar(&o.resume, "resume", "", "continue an interrupted run instead of starting one")
			fs.BoolVar(&o.force, "force", false, "overwrite the --export file if it exists")
			fs.Func("role", "correct a concept's role, as the report's \"Understood as\" names it: TEXT=ROLE, ROLE one of condition, intervention, comparator, outcome, population, other, drop (repeatable)", func(v string) error {
				o.roles = append(o.roles, v)
				return nil
			})
			fs.Func("stage", "say which stage of a condition the question asks about: TEXT=onset (prevention, risk), TEXT=established (already present) or TEXT=either (repeatable)", func(v string) error {
				o.stages = append(o.stages, v)
				return nil
			})
			return o
		},
		minArgs: 0, maxArgs: -1,
		run: research,
	}
}

func research(ctx context.Context, e *env, opts any, args []string) error {
	o := opts.(*researchOpts)
	question := strings.Join(args, " ")
	if o.resume == "" && strings.TrimSpace(question) == "" {
		return usagef("research: missing QUESTION (or --resume RUN_ID)")
	}
	if o.resume != "" && len(args) > 0 {
		return usagef("research: give either QUESTION or --resume RUN_ID, not both")
	}
	if o.resume != "" && len(o.roles)+len(o.stages) > 0 {
		return usagef("research: --role and --stage correct a new question; a resumed run keeps the reading it started with")
	}
	if o.resume != "" && (o.judge != "" || o.model != "" || o.sources != "" || o.maxIterations != 0) {
		// They used to be ignored without a word: a resumed run goes on as it started.
		return usagef("research: a resumed run keeps the judge, model, sources and iterations it started with; "+
			"to judge its evidence with another judge use: deepcritical history rejudge %s --judge NAME", o.resume)
	}
	req := runs.Request{Question: question, Model: o.model, MaxIterations: o.maxIterations}
	if len(o.roles)+len(o.stages) > 0 {
		parsed, err := correctedQuestion(question, o.roles, o.stages)
		if err != nil {
			return err
		}
		req.Parsed = &parsed
	}
	if o.judge != "" {
		p, err := domain.ParseProvider(o.judge)
		if err != nil {
			return usagef("--judge: %s", domain.SafeMessage(err))
		}
		req.Judge = p
	}
	if o.sources != "" {
		s, err := domain.ParseSources(o.sources)
		if err != nil {
			return usagef("--sources: %s", domain.SafeMessage(err))
		}
		req.Sources = s
	}
	exportFormat := ""
	if o.export != "" {
		f, err := formatFromPath(o.export)
		if err != nil {
			return usagef("--export: %s", domain.SafeMessage(err))
		}
		exportFormat = f
		if err := report.CheckExportPath(o.export, f, report.OverwriteIf(o.force)); err != nil {
			return fmt.Errorf("--export: %w", err)
		}
	}
	c, err := e.app.services(ctx)
	if err != nil {
		return err
	}
	progress := newProgress(e, o.json)
	var run domain.Run
	if o.resume != "" {
		run, err = c.Commands.Resume(ctx, o.resume, progress)
	} else {
		run, err = c.Commands.Research(ctx, req, progress)
	}
	if errors.Is(err, domain.ErrTakenOver) {
		// This process stalled past its lease and another one executes the run now: what
		// this one holds in memory is not the run any more, so nothing is printed or
		// exported, and it says where the run is instead of "cancelled; resume".
		if run.ID != "" {
			e.infof("\nrun %s is in another process's hands; see where it stands with: deepcritical history show %s\n", run.ID, run.ID)
		}
		return err
	}
	if err != nil && run.ID == "" {
		return err
	}
	if o.json {
		if werr := writeJSONLine(e.stdout, run); werr != nil {
			return werr
		}
	}
	if run.Status == domain.RunCancelled || ctx.Err() != nil {
		// The export asked for is written for a cancelled run too, as for a failed one: its
		// report says it is partial and cancelled.
		if o.export != "" {
			if path, xerr := c.Reports.Export(run.ID, exportFormat, o.export, o.force); xerr != nil {
				e.infof("the partial report was not exported (%s); export it later with: deepcritical history export %s --out %s\n",
					oneLine(domain.UserMessage(xerr)), run.ID, o.export)
			} else {
				e.infof("exported the cancelled run's partial report (%s) to %s\n", exportFormat, path)
			}
		}
		e.infof("\ncancelled; resume with: deepcritical research --resume %s\n", run.ID)
		return errors.New("run " + run.ID + " was cancelled")
	}
	if !o.json {
		view, verr := c.Reports.Get(run.ID)
		if verr == nil && view.Markdown != "" {
			e.printf("%s\n", SafeBlock(view.Markdown))
		}
	}
	if o.export != "" {
		path, xerr := c.Reports.Export(run.ID, exportFormat, o.export, o.force)
		if xerr != nil {
			// The run itself is stored: say how it ended and how to export it, or a script
			// sees only the export's error and cannot find the run.
			e.infof("run %s: %s%s\n", run.ID, run.Status, stopNote(run))
			e.infof("the report was not exported; export it with: deepcritical history export %s --out FILE\n", run.ID)
			return fmt.Errorf("--export: %w", xerr)
		}
		e.infof("exported %s to %s\n", exportFormat, path)
	}
	e.infof("run %s: %s%s\n", run.ID, run.Status, stopNote(run))
	if run.Status == domain.RunFailed {
		return fmt.Errorf("run %s failed: %s", run.ID, run.Error)
	}
	return err
}

// correctedQuestion parses the question with the user's --role and --stage corrections. A
// correction naming no concept of the question is refused with the concepts it could name:
// the window only offers the chips it shows, and a typo here must not pass unnoticed.
func correctedQuestion(question string, roles, stages []string) (concepts.Set, error) {
	plain, err := concepts.ExtractCorrected(question, concepts.Corrections{})
	if err != nil {
		return plain, err
	}
	var names []string
	for _, c := range plain.Concepts {
		names = append(names, strconv.Quote(c.Label()))
	}
	// keyed reads a flag's TEXT=VALUE pairs into a map keyed by the concept each TEXT
	// names, by its text or its label as shown.
	keyed := func(flag, example string, kvs []string) (map[string]string, error) {
		out := map[string]string{}
		for _, kv := range kvs {
			text, value, ok := cutLast(kv)
			if !ok {
				return nil, usagef("%s %q: write %s", flag, kv, example)
			}
			i := slices.IndexFunc(plain.Concepts, func(c concepts.Concept) bool {
				return strings.EqualFold(c.Text, text) || strings.EqualFold(c.Label(), text)
			})
			if i < 0 {
				return nil, usagef("%s: %q is not a concept of the question; it was understood as %s", flag, text, strings.Join(names, ", "))
			}
			out[plain.Concepts[i].Text] = value
		}
		return out, nil
	}
	rs, err := keyed("--role", `TEXT=ROLE, for example --role "memory=condition"`, roles)
	if err != nil {
		return plain, err
	}
	ss, err := keyed("--stage", `TEXT=STAGE, for example --stage "atopic dermatitis=onset"`, stages)
	if err != nil {
		return plain, err
	}
	corr := concepts.Corrections{Roles: map[string]concepts.Role{}, Stages: map[string]domain.ConditionStage{}}
	for k, role := range rs {
		if role == "drop" {
			role = ""
		}
		corr.Roles[k] = concepts.Role(role)
	}
	for k, stage := range ss {
		corr.Stages[k] = domain.ConditionStage(stage)
	}
	q, err := concepts.ExtractCorrected(question, corr)
	if err != nil {
		return q, usagef("%s", domain.SafeMessage(err))
	}
	return q, nil
}

// cutLast splits "TEXT=VALUE" at its last "=", both sides trimmed and non-empty.
func cutLast(kv string) (text, value string, ok bool) {
	i := strings.LastIndex(kv, "=")
	if i < 0 {
		return "", "", false
	}
	text, value = strings.TrimSpace(kv[:i]), strings.TrimSpace(kv[i+1:])
	return text, value, text != "" && value != ""
}

// stopNote is the stop reason beside the run's status, a long failure by its head: the
// whole chain is the error line that follows it.
func stopNote(r domain.Run) string {
	if r.StopReason == "" {
		return ""
	}
	return " (" + domain.ErrorHead(r.StopReason) + ")"
}

// formatFromPath picks the export format from a file name's extension.
func formatFromPath(path string) (string, error) {
	name := strings.ToLower(filepath.Base(path))
	switch {
	case strings.HasSuffix(name, ".csl.json"):
		return "csljson", nil
	case strings.HasSuffix(name, ".bib"):
		return "bibtex", nil
	case strings.HasSuffix(name, ".markdown"):
		return "md", nil
	}
	return report.ParseFormat(strings.TrimPrefix(filepath.Ext(name), "."))
}

// eventIcons are the window timeline's icons, so both show a run alike.
var eventIcons = map[domain.EventType]string{
	domain.EventStarted: "🚀", domain.EventSearching: "🔍", domain.EventSearchComplete: "📚", domain.EventJudging: "🧠",
	domain.EventJudgeComplete: "✅", domain.EventLooping: "🔄", domain.EventAppraising: "⚖️", domain.EventSynthesizing: "📝",
	domain.EventVerifying: "🔎", domain.EventComplete: "🎉", domain.EventError: "❌", domain.EventCancelled: "⏹", domain.EventFullText: "📄",
}

func writeJSONLine(w interface{ Write([]byte) (int, error) }, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
