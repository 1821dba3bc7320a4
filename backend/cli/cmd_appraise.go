package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/domain"
	"deepcritical/backend/report"
	"deepcritical/backend/runs"
	"deepcritical/backend/services"
)

type appraiseOpts struct {
	json      bool
	textFile  string
	pdf       string
	pmid      string
	pmcid     string
	abstract  bool
	libraryID string
	judgeName string
	model     string
	gold      string
	run       string
}

// appraiseCommand is `appraise` and `appraise calibrate`. The command frame resolves
// subcommands only under groups, and `appraise` itself takes flags, so calibrate is the
// one positional word `appraise` accepts, and --gold is registered beside the source flags
// (each mode rejects the other's flags as a usage error).
func appraiseCommand() *command {
	return &command{
		name: "appraise", summary: "appraise one paper's methodological quality and risk of bias, or calibrate the appraiser against a gold set",
		usage: "appraise (--text-file F | --pdf F | --pmid ID | --pmcid PMCID | --library-id ID) [--abstract-only] [--judge NAME] [--model M] [--json]\n" +
			"  deepcritical appraise calibrate (--gold FILE.csv | --run RUN_ID) [--judge NAME] [--model M] [--json]",
		flags: func(fs *flag.FlagSet) any {
			o := &appraiseOpts{}
			fs.BoolVar(&o.json, "json", false, "print the Appraisal (or the calibration report) as JSON")
			fs.StringVar(&o.textFile, "text-file", "", "appraise the text in this file (first line: the title when it is followed by more text)")
			fs.StringVar(&o.pdf, "pdf", "", "appraise this PDF from its full text (read, not imported)")
			fs.StringVar(&o.pmid, "pmid", "", "appraise this PubMed record (fetched from PubMed), from its open-access full text when it has one")
			fs.StringVar(&o.pmcid, "pmcid", "", "appraise this PubMed Central article from its open-access full text (Europe PMC, else PMC)")
			fs.BoolVar(&o.abstract, "abstract-only", false, "with --pmid: read the abstract even when an open-access full text exists")
			fs.StringVar(&o.libraryID, "library-id", "", "appraise this record of the imported library")
			fs.StringVar(&o.judgeName, "judge", "", "judge: offline, openai, anthropic, huggingface, ollama, compatible, cli (default: the settings')")
			fs.StringVar(&o.model, "model", "", "model for the judge")
			fs.StringVar(&o.gold, "gold", "", "calibrate only: gold CSV with columns document (the text, a PMID, library:ID or a stored evidence key), item "+
				"(a rule finding such as blinding, or a judge-scored dimension.component such as risk_of_bias.detection_bias), label")
			fs.StringVar(&o.run, "run", "", "calibrate only: the gold set is this run's appraisal components re-scored by its reviewer (history review --component)")
			return o
		},
		maxArgs: 1,
		run: func(ctx context.Context, e *env, opts any, args []string) error {
			o := opts.(*appraiseOpts)
			choice, err := judgeChoice(o.judgeName, o.model)
			if err != nil {
				return err
			}
			if len(args) == 1 {
				if args[0] != "calibrate" {
					return usagef("appraise: unknown subcommand %q (the only one is calibrate)", args[0])
				}
				return runCalibrate(ctx, e, o, choice)
			}
			return runAppraise(ctx, e, o, choice)
		},
	}
}

// judgeChoice turns --judge and --model into a runs.JudgeChoice.
func judgeChoice(name, model string) (runs.JudgeChoice, error) {
	choice := runs.JudgeChoice{Model: strings.TrimSpace(model)}
	if name != "" {
		p, err := domain.ParseProvider(name)
		if err != nil {
			return choice, usagef("--judge: %s", domain.SafeMessage(err))
		}
		choice.Provider = p
	}
	return choice, nil
}

func runAppraise(ctx context.Context, e *env, o *appraiseOpts, choice runs.JudgeChoice) error {
	if o.gold != "" || o.run != "" {
		return usagef("--gold and --run belong to 'appraise calibrate'")
	}
	set := 0
	for _, v := range []string{o.textFile, o.pdf, o.pmid, o.pmcid, o.libraryID} {
		if v != "" {
			set++
		}
	}
	if set != 1 {
		return usagef("appraise needs exactly one of --text-file, --pdf, --pmid, --pmcid or --library-id")
	}
	if o.abstract && o.pmid == "" {
		return usagef("--abstract-only goes with --pmid (a text file, a PDF, a library record and a PMC article are read as they are)")
	}
	var libID int64
	if o.libraryID != "" {
		id, err := strconv.ParseInt(strings.TrimSpace(o.libraryID), 10, 64)
		if err != nil || id <= 0 {
			return usagef("--library-id must be a positive number, got %q", o.libraryID)
		}
		libID = id
	}
	var title, text string
	if o.textFile != "" {
		var err error
		if title, text, err = readPaper(o.textFile); err != nil {
			return err
		}
	}
	c, err := e.app.services(ctx)
	if err != nil {
		return err
	}
	var ap domain.Appraisal
	switch {
	case o.textFile != "":
		ap, err = c.Commands.AppraiseText(ctx, title, text, choice)
	case o.pdf != "":
		ap, err = c.Commands.AppraisePDF(ctx, o.pdf, choice)
	case o.pmid != "" || o.pmcid != "":
		var paper services.AppraisedPaper
		paper, err = c.Commands.AppraisePaper(ctx, services.PaperRequest{PMID: o.pmid, PMCID: o.pmcid, AbstractOnly: o.abstract}, choice)
		ap = paper.Appraisal
		for _, n := range paper.Notes {
			e.infof("%s\n", SafeText(n))
		}
	default:
		ap, err = c.Commands.AppraiseLibrary(ctx, libID, choice)
	}
	if err != nil {
		return err
	}
	if ap.Assessor.Kind == domain.JudgeKindFallback {
		e.infof("the %s judge could not assess this paper: both dimensions are not_assessed (reasons below); the findings are rule-based\n", ap.Assessor.Provider)
	}
	if o.json {
		return writeJSON(e.stdout, ap)
	}
	printAppraisal(e.stdout, ap)
	return nil
}

// readPaper reads a text file to appraise. Its first line is the title when it is short
// and more text follows, as in a plain-text export of an article; otherwise the whole file
// is the text.
func readPaper(path string) (string, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", "", domain.Wrap(domain.CodeInvalid, err, "cannot open the text file: "+err.Error())
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, services.MaxAppraisalText+1))
	if err != nil {
		return "", "", domain.Wrap(domain.CodeInvalid, err, "cannot read the text file: "+err.Error())
	}
	if len(b) > services.MaxAppraisalText {
		return "", "", domain.Errorf(domain.CodeInvalid, "%s is larger than %d MiB: not a paper's text", path, services.MaxAppraisalText>>20)
	}
	if strings.IndexByte(string(b[:min(len(b), 8192)]), 0) >= 0 {
		return "", "", domain.Errorf(domain.CodeInvalid, "%s is a binary file, not text", path)
	}
	s := strings.TrimSpace(strings.ReplaceAll(string(b), "\r\n", "\n"))
	if s == "" {
		return "", "", domain.Errorf(domain.CodeInvalid, "%s is empty", path)
	}
	first, rest, ok := strings.Cut(s, "\n")
	first = strings.TrimSpace(strings.TrimLeft(first, "# "))
	if ok && first != "" && len(first) <= 400 && strings.TrimSpace(rest) != "" {
		return first, strings.TrimSpace(rest), nil
	}
	return "", s, nil
}

// textRead says which text the appraisal read: the full text and where it came from, a
// registry entry's fields, or the abstract.
func textRead(d domain.Document) string {
	switch {
	case d.Source == domain.FullTextRegistry:
		return "  (" + report.ReadRegistry + ")"
	case d.FullText && d.Source != "":
		return "  (full text: " + strings.ReplaceAll(string(d.Source), "_", " ") + ")"
	case d.FullText:
		return "  (full text)"
	}
	return "  (abstract only)"
}

// assessorLabel says plainly what produced an appraisal, so an offline rubric is never
// mistaken for a model's reading.
func assessorLabel(a domain.AssessorInfo) string {
	switch a.Kind {
	case domain.JudgeKindOffline:
		if a.Provider != "" && a.Provider != domain.ProviderOffline {
			// The judge's appraisal of a text its model was not asked about (too short, not
			// a primary study): only the rules read it.
			return fmt.Sprintf("rule findings only: %s/%s was not asked, the text cannot be scored (reasons below; %s)", a.Provider, a.Model, a.Version)
		}
		return fmt.Sprintf("offline rule-based rubric (no LLM; scores computed from the rule findings, %s)", a.Version)
	case domain.JudgeKindFallback:
		return fmt.Sprintf("FALLBACK: %s/%s could not assess the paper; only the rule-based findings are shown (%s)", a.Provider, a.Model, a.Version)
	}
	s := fmt.Sprintf("LLM %s/%s with rule findings as context (%s", a.Provider, a.Model, a.Version)
	if a.PromptVersion != "" {
		s += ", prompts " + a.PromptVersion
	}
	return s + ")"
}

// findingValue renders a finding's value for people; values read back from the cache are
// JSON-decoded, so numbers are float64 and lists []any.
func findingValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "not reported"
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case string:
		return strings.ReplaceAll(x, "_", " ")
	case float64:
		if x == 0 {
			return "not reported"
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		if x == 0 {
			return "not reported"
		}
		return strconv.Itoa(x)
	case []string:
		if len(x) == 0 {
			return "none"
		}
		return strings.ReplaceAll(strings.Join(x, ", "), "_", " ")
	case []any:
		if len(x) == 0 {
			return "none"
		}
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = fmt.Sprint(p)
		}
		return strings.ReplaceAll(strings.Join(parts, ", "), "_", " ")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// findingText is findingValue with what a number means: a zero with a quote is a reported
// zero (no attrition), and attrition is a rate shown as a percentage.
func findingText(name string, f domain.Finding) string {
	x, isNum := f.Value.(float64)
	if !isNum {
		if i, ok := f.Value.(int); ok {
			x, isNum = float64(i), true
		}
	}
	switch {
	case isNum && name == appraisal.FindingAttrition && (x != 0 || f.Quote != ""):
		return strconv.FormatFloat(math.Round(x*1000)/10, 'f', -1, 64) + "% lost to follow-up"
	case isNum && x == 0 && f.Quote != "":
		return "0"
	}
	return findingValue(f.Value)
}

// findingOrder lists the findings the issue names first, in reading order, then any others.
var findingOrder = []string{
	appraisal.FindingDesign, appraisal.FindingRandomized, appraisal.FindingRandomizationMethod, appraisal.FindingBlinding,
	appraisal.FindingMaskedParties, appraisal.FindingAllocationConcealing, appraisal.FindingRegistration, appraisal.FindingITT,
	appraisal.FindingMissingData, appraisal.FindingSampleSize, appraisal.FindingPlannedSampleSize, appraisal.FindingAttrition,
}

func orderedFindings(f map[string]domain.Finding) []string {
	rank := map[string]int{}
	for i, n := range findingOrder {
		rank[n] = i
	}
	names := make([]string, 0, len(f))
	for n := range f {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		ri, oki := rank[names[i]]
		rj, okj := rank[names[j]]
		switch {
		case oki && okj:
			return ri < rj
		case oki != okj:
			return oki
		}
		return names[i] < names[j]
	})
	return names
}

var dimensionTitles = map[domain.DimensionName]string{
	domain.DimensionQuality:    "Methodological quality",
	domain.DimensionRiskOfBias: "Risk of bias (higher = lower risk)",
}

// printAppraisal writes the readable summary: the paper, who assessed it, each finding with
// its quote, and each dimension with its components, quotes and whether they were verified.
func printAppraisal(w io.Writer, ap domain.Appraisal) {
	title := ap.Document.Title
	if title == "" {
		title = "(untitled text)"
	}
	fmt.Fprintf(w, "Paper:     %s\n", SafeText(title))
	fmt.Fprintf(w, "Key:       %s%s\n", ap.Document.Key, textRead(ap.Document))
	fmt.Fprintf(w, "Assessor:  %s\n", assessorLabel(ap.Assessor))
	fmt.Fprintf(w, "Weight:    %.3f  (evidence weight given to the judge, 0–1)\n", ap.Weight)
	fmt.Fprintf(w, "\nFindings (rule-based, each with the sentence it came from):\n")
	for _, n := range orderedFindings(ap.Findings) {
		f := ap.Findings[n]
		fmt.Fprintf(w, "  %-24s %s\n", strings.ReplaceAll(n, "_", " "), findingText(n, f))
		if f.Quote != "" {
			fmt.Fprintf(w, "  %-24s “%s”\n", "", oneLine(f.Quote))
		}
	}
	for _, d := range ap.Dimensions {
		name := dimensionTitles[d.Name]
		if name == "" {
			name = string(d.Name)
		}
		fmt.Fprintln(w)
		if d.Status != domain.StatusAssessed {
			fmt.Fprintf(w, "%s: NOT ASSESSED — %s\n", name, oneLine(d.Error))
			continue
		}
		fmt.Fprintf(w, "%s: %.1f/10\n", name, d.Score)
		for _, c := range d.Details {
			check := "quote verified"
			switch {
			case c.Evidence == "":
				check = "no quote"
			case !c.QuoteVerified && c.QuoteReason != "":
				check = "QUOTE NOT VERIFIED: " + c.QuoteReason
			case !c.QuoteVerified:
				check = "QUOTE NOT FOUND IN THE TEXT"
			}
			score := fmt.Sprintf("%g/%g", c.Contribution, c.MaxScore)
			value := ""
			if c.Value != "" && c.Value != score {
				value = "  " + c.Value
			}
			fmt.Fprintf(w, "  %-26s %s%s  [%s]\n", c.Component, score, value, check)
			if c.Evidence != "" {
				fmt.Fprintf(w, "  %-26s “%s”\n", "", oneLine(c.Evidence))
			}
			if c.Reasoning != "" {
				fmt.Fprintf(w, "  %-26s %s\n", "", oneLine(c.Reasoning))
			}
		}
	}
}

func runCalibrate(ctx context.Context, e *env, o *appraiseOpts, choice runs.JudgeChoice) error {
	if o.textFile != "" || o.pdf != "" || o.pmid != "" || o.pmcid != "" || o.libraryID != "" || o.abstract {
		return usagef("appraise calibrate takes --gold, not --text-file, --pdf, --pmid, --pmcid, --library-id or --abstract-only")
	}
	if (o.gold == "") == (o.run == "") {
		return usagef("appraise calibrate needs --gold FILE.csv or --run RUN_ID (one of them)")
	}
	var gold io.Reader
	if o.gold != "" {
		f, err := os.Open(o.gold)
		if err != nil {
			return domain.Wrap(domain.CodeInvalid, err, "cannot open the gold file: "+err.Error())
		}
		defer f.Close()
		gold = io.LimitReader(f, 64<<20)
	}
	c, err := e.app.services(ctx)
	if err != nil {
		return err
	}
	var rep appraisal.CalibrationReport
	if o.run != "" {
		rep, err = c.Commands.CalibrateRun(ctx, o.run, choice)
	} else {
		rep, err = c.Commands.Calibrate(ctx, gold, choice)
	}
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(e.stdout, rep)
	}
	printCalibration(e.stdout, rep)
	return nil
}

// printCalibration writes per-item agreement and the disagreements to review.
func printCalibration(w io.Writer, rep appraisal.CalibrationReport) {
	fmt.Fprintf(w, "Assessor: %s\n\n", assessorLabel(rep.Assessor))
	width := len("item")
	for _, it := range rep.Items {
		width = max(width, len(it.Item))
	}
	fmt.Fprintf(w, "%-*s  %4s  %5s  %8s  %6s\n", width, "item", "n", "agree", "accuracy", "kappa")
	for _, it := range rep.Items {
		fmt.Fprintf(w, "%-*s  %4d  %5d  %8.3f  %6.3f\n", width, it.Item, it.N, it.Agree, it.Accuracy, it.Kappa)
	}
	for _, it := range rep.Items {
		if len(it.Disagreements) == 0 {
			continue
		}
		fmt.Fprintf(w, "\nDisagreements on %s (gold → appraiser):\n", it.Item)
		for _, d := range it.Disagreements {
			fmt.Fprintf(w, "  %s\n", d)
		}
	}
	fmt.Fprintln(w, "\nκ is Cohen's kappa: agreement beyond chance (1 perfect, 0 chance level, below 0 worse than chance).")
	if rep.Assessor.Kind != domain.JudgeKindOffline && !slices.ContainsFunc(rep.Items, func(it appraisal.ItemAgreement) bool { return strings.Contains(it.Item, ".") }) {
		fmt.Fprintf(w, "Note: every item is a rule-based finding, which %s does not change; label dimension components "+
			"(e.g. methodological_quality.blinding, risk_of_bias.detection_bias) to measure the model.\n", rep.Assessor.Model)
	}
}
