package cli

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/judge"
	"deepcritical/backend/report"
	"deepcritical/backend/runs"
	"deepcritical/backend/services"
)

type judgeOpts struct {
	json      bool
	question  string
	evidence  string
	judgeName string
	model     string
}

func judgeCommand() *command {
	return &command{
		name: "judge", summary: "assess evidence for a question with one judge",
		usage: "judge --question Q --evidence FILE.json [--judge NAME] [--model M] [--json]",
		flags: func(fs *flag.FlagSet) any {
			o := &judgeOpts{}
			fs.BoolVar(&o.json, "json", false, "print the Assessment (with its judge block) as JSON")
			fs.StringVar(&o.question, "question", "", "the research question")
			fs.StringVar(&o.evidence, "evidence", "", "evidence file in the `search --json` shape")
			fs.StringVar(&o.judgeName, "judge", "", "judge: offline, openai, anthropic, huggingface, ollama, compatible, cli (default: the settings')")
			fs.StringVar(&o.model, "model", "", "model for the judge")
			return o
		},
		maxArgs: 0,
		run: func(ctx context.Context, e *env, opts any, _ []string) error {
			o := opts.(*judgeOpts)
			if o.question == "" || o.evidence == "" {
				return usagef("judge needs --question and --evidence")
			}
			choice := runs.JudgeChoice{Model: o.model}
			if o.judgeName != "" {
				p, err := domain.ParseProvider(o.judgeName)
				if err != nil {
					return usagef("--judge: %s", domain.SafeMessage(err))
				}
				choice.Provider = p
			}
			f, err := os.Open(o.evidence)
			if err != nil {
				return domain.Wrap(domain.CodeInvalid, err, "cannot open the evidence file: "+err.Error())
			}
			defer f.Close()
			raw, err := io.ReadAll(io.LimitReader(f, judge.MaxEvidenceFileBytes+1))
			if err != nil {
				return domain.Wrap(domain.CodeInvalid, err, "could not read the evidence file")
			}
			if len(raw) > judge.MaxEvidenceFileBytes {
				return domain.Errorf(domain.CodeInvalid, "the evidence file is larger than %d MB", judge.MaxEvidenceFileBytes>>20)
			}
			// The one reading of judge input (the MCP tool's too): anything that is not
			// evidence is refused, never judged as no evidence.
			evidence, err := services.ParseEvidence(raw, filepath.Base(o.evidence))
			if err != nil {
				return err
			}
			c, err := e.app.services(ctx)
			if err != nil {
				return err
			}
			res, err := c.Commands.JudgeEvidence(ctx, o.question, evidence, choice)
			if err != nil {
				return err
			}
			a := res.Assessment
			if a.Judge.Kind == domain.JudgeKindFallback {
				e.infof("the %s judge could not produce a valid assessment: %s\nthis is the safe FALLBACK assessment, not a verdict\n", a.Judge.Provider, a.Judge.Error)
			}
			if a.Judge.Repaired {
				e.infof("the %s judge's answer was malformed JSON that was REPAIRED before it validated\n", a.Judge.Provider)
			}
			for _, ov := range a.Judge.Overrides {
				e.infof("OVERRIDDEN by DeepCritical's rules: %s\n", ov)
			}
			if o.json {
				return writeJSON(e.stdout, a)
			}
			d := a.Details
			candidates := "none"
			if len(d.DrugCandidates) > 0 {
				candidates = strings.Join(d.DrugCandidates, ", ")
			}
			e.printf("Judge:       %s\nAnswer:      %s\n", judgeLabel(a.Judge), res.Answer)
			for _, st := range d.Stances {
				e.printf("  - %s\n", report.StanceLine(res.Parsed, st))
			}
			e.printf("Mechanism:   %d/10  %s\nClinical:    %d/10  %s\nConfidence:  %.0f%%\nSufficient:  %v (%s)\nCandidates:  %s\nFindings:\n",
				d.MechanismScore, d.MechanismReasoning, d.ClinicalEvidenceScore, d.ClinicalReasoning,
				a.Confidence*100, a.Sufficient, a.Recommendation, candidates)
			for _, f := range d.KeyFindings {
				e.printf("  - %s\n", f)
			}
			e.printf("Next queries:\n")
			for _, q := range a.NextSearchQueries {
				e.printf("  - %s\n", q)
			}
			e.printf("Reasoning:   %s\n", a.Reasoning)
			return nil
		},
	}
}
