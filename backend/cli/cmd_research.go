package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

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
}

func researchCommand() *command {
	return &command{
		name: "research", summary: "research a question: search, judge, loop, write and verify a cited report",
		usage: "research QUESTION [--judge NAME] [--model M] [--sources a,b] [--max-iterations N] [--json] [--export FILE] [--resume RUN_ID]",
		flags: func(fs *flag.FlagSet) any {
			o := &researchOpts{}
			fs.BoolVar(&o.json, "json", false, "print one JSON event per line, then the final run")
			fs.StringVar(&o.judge, "judge", "", "judge: offline, openai, anthropic, huggingface, ollama, compatible, cli (default: the settings')")
			fs.StringVar(&o.model, "model", "", "model for the judge (default: the provider's setting)")
			fs.StringVar(&o.sources, "sources", "", "comma-separated sources (default: the settings')")
			fs.IntVar(&o.maxIterations, "max-iterations", 0, "search/judge rounds, 1–10 (default: the settings')")
			fs.StringVar(&o.export, "export", "", "also export the finished run to FILE (format from the extension: .md .html .json .csv .ris .bib .csl.json)")
			fs.StringVar(&o.resume, "resume", "", "continue an interrupted run instead of starting one")
			fs.BoolVar(&o.force, "force", false, "overwrite the --export file if it exists")
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
	req := runs.Request{Question: question, Model: o.model, MaxIterations: o.maxIterations}
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
	if err != nil && run.ID == "" {
		return err
	}
	if o.json {
		if werr := writeJSONLine(e.stdout, run); werr != nil {
			return werr
		}
	}
	if run.Status == domain.RunCancelled || ctx.Err() != nil {
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
			return xerr
		}
		e.infof("exported %s to %s\n", exportFormat, path)
	}
	e.infof("run %s: %s%s\n", run.ID, run.Status, stopNote(run))
	if run.Status == domain.RunFailed {
		return fmt.Errorf("run %s failed: %s", run.ID, run.Error)
	}
	return err
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
