package report

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
	"deepcritical/backend/verify/grounding"
)

// ExportRun is a whole stored run, the input of every export.
type ExportRun struct {
	Run         domain.Run                  `json:"run"`
	Events      []domain.Event              `json:"events"`
	Evidence    []domain.Evidence           `json:"evidence"`
	Appraisals  map[string]domain.Appraisal `json:"appraisals,omitempty"`
	Assessments []domain.StoredAssessment   `json:"assessments"`
	Verdicts    []domain.StoredVerdict      `json:"verdicts"`
	Report      *domain.StoredReport        `json:"report,omitempty"`
	// Reviews are the reviewer's decisions, in the order they were made (a trail).
	Reviews []domain.Review `json:"reviews,omitempty"`
	// IncludeSetAside makes the reference exports (RIS, BibTeX, CSL-JSON) hold every paper,
	// each set-aside one marked, instead of only those the report relies on.
	IncludeSetAside bool `json:"-"`
}

// ExportSource is where a stored run is read from for export (the store is one).
type ExportSource interface {
	GetRun(ctx context.Context, id string) (domain.Run, error)
	ListEvents(ctx context.Context, runID string, afterSeq int64) ([]domain.Event, error)
	RunEvidence(ctx context.Context, runID string) ([]domain.Evidence, error)
	RunAppraisals(ctx context.Context, run domain.Run, keys []string) (map[string]domain.Appraisal, error)
	ListAssessments(ctx context.Context, runID string) ([]domain.StoredAssessment, error)
	LatestVerdict(ctx context.Context, runID string) (*domain.StoredVerdict, error)
	GetReport(ctx context.Context, runID string) (domain.StoredReport, error)
	ListReviews(ctx context.Context, runID string) ([]domain.Review, error)
}

// LoadExportRun reads everything export needs about a run from the store.
func LoadExportRun(ctx context.Context, s ExportSource, runID string) (ExportRun, error) {
	run, err := s.GetRun(ctx, runID)
	if err != nil {
		return ExportRun{}, err
	}
	out := ExportRun{Run: run}
	if out.Events, err = s.ListEvents(ctx, runID, 0); err != nil {
		return out, err
	}
	if out.Evidence, err = s.RunEvidence(ctx, runID); err != nil {
		return out, err
	}
	keys := make([]string, len(out.Evidence))
	for i, ev := range out.Evidence {
		keys[i] = ev.CanonicalKey()
	}
	if len(keys) > 0 {
		if out.Appraisals, err = s.RunAppraisals(ctx, run, keys); err != nil {
			return out, err
		}
	}
	as, err := s.ListAssessments(ctx, runID)
	if err != nil {
		return out, err
	}
	// The export names the run once, at its top: the records' run ids and row ids are left
	// out (they are omitempty), so every export format keeps its shape.
	for _, a := range as {
		out.Assessments = append(out.Assessments, domain.StoredAssessment{Iteration: a.Iteration, Label: a.Label, Assessment: a.Assessment,
			Heuristics: a.Heuristics, CreatedAt: a.CreatedAt})
	}
	v, err := s.LatestVerdict(ctx, runID)
	if err != nil {
		return out, err
	}
	if v != nil {
		out.Verdicts = []domain.StoredVerdict{{Iteration: v.Iteration, Verdict: v.Verdict, Checks: v.Checks, CreatedAt: v.CreatedAt}}
	}
	if out.Reviews, err = s.ListReviews(ctx, runID); err != nil {
		return out, err
	}
	for i := range out.Reviews {
		out.Reviews[i].RunID = "" // the export names the run once, at its top
	}
	rep, err := s.GetReport(ctx, runID)
	switch {
	case err == nil:
		out.Report = &domain.StoredReport{Markdown: rep.Markdown, Status: rep.Status, CreatedAt: rep.CreatedAt}
	case domain.CodeOf(err) != domain.CodeNotFound:
		return out, err
	}
	return out, nil
}

// Formats lists the export formats in the order the CLI and the window offer them.
var Formats = []string{"md", "html", "json", "csv", "ris", "bibtex", "csljson"}

// Extension returns the file extension for a format ("bibtex" → ".bib"). Each format has
// its own, so the default names of one run's exports never collide: CSL-JSON is ".csl.json"
// (as the CLI reads it back from a name), not the JSON report's ".json", which a CSL export
// saved beside it would silently replace.
func Extension(format string) string {
	switch format {
	case "md":
		return ".md"
	case "html":
		return ".html"
	case "json":
		return ".json"
	case "csljson":
		return ".csl.json"
	case "csv":
		return ".csv"
	case "ris":
		return ".ris"
	case "bibtex":
		return ".bib"
	}
	return ""
}

// FormatLabel names a format as people write it ("csljson" → "CSL-JSON"), for the save
// dialog's file type; an unknown format is named as given.
func FormatLabel(format string) string {
	if l, ok := formatLabels[format]; ok {
		return l
	}
	return format
}

var formatLabels = map[string]string{"md": "Markdown", "html": "HTML", "json": "JSON", "csv": "CSV", "ris": "RIS",
	"bibtex": "BibTeX", "csljson": "CSL-JSON"}

// ParseFormat validates a format name (case-insensitive; "markdown", "bib" and "csl" accepted).
func ParseFormat(name string) (string, error) {
	f := strings.ToLower(strings.TrimSpace(name))
	switch f {
	case "markdown":
		f = "md"
	case "bib":
		f = "bibtex"
	case "csl", "csl-json":
		f = "csljson"
	}
	for _, k := range Formats {
		if f == k {
			return f, nil
		}
	}
	return "", domain.Errorf(domain.CodeInvalid, "unknown export format %q (allowed: %s)", name, strings.Join(Formats, ", "))
}

// Export writes the run in the given format. Markdown is the stored report of record when
// there is one (rebuilt from the stored data otherwise); HTML is rebuilt from the structured
// data through html/template, so every piece of evidence text is escaped; JSON is the whole
// run; CSV is the evidence table; RIS, BibTeX and CSL-JSON are the cited evidence.
func Export(run ExportRun, format string, w io.Writer) error {
	f, err := ParseFormat(format)
	if err != nil {
		return err
	}
	switch f {
	case "md":
		_, err = io.WriteString(w, markdownOf(run, Build(InputFromExport(run))))
	case "html":
		err = writeHTML(w, Build(InputFromExport(run)))
	case "json":
		err = writeJSON(w, run)
	case "csv":
		err = writeCSV(w, Build(InputFromExport(run)), run)
	default:
		refs := References(run, run.IncludeSetAside)
		if len(refs) == 0 {
			// An empty reference file "written" reads as an export that worked.
			return noReferences(run)
		}
		err = writeCitations(w, f, refs)
	}
	if err != nil {
		return fmt.Errorf("export %s: %w", f, err)
	}
	return nil
}

// InputFromExport rebuilds the report input from a stored run: the latest unlabelled
// assessment, the latest verdict and its checks, the narrative recorded in the events.
func InputFromExport(run ExportRun) Input {
	in := Input{Run: run.Run, Evidence: run.Evidence, Appraisals: run.Appraisals, Events: run.Events, Reviews: run.Reviews}
	for _, a := range run.Assessments {
		if a.Label != "" {
			in.Rejudgements = append(in.Rejudgements, a)
		}
	}
	if latest := domain.FinalAssessment(run.Assessments); latest != nil {
		a := latest.Assessment
		in.Assessment = &a
		in.Heuristics = latest.Heuristics
	}
	in.Narrative = NarrativeFromEvents(run.Events)
	if run.Report != nil && run.Report.Status != "" && run.Report.Status != StatusDraft {
		v := &Verification{Status: run.Report.Status}
		if n := len(run.Verdicts); n > 0 && run.Report.Status != domain.ReportUnverified {
			last := run.Verdicts[n-1]
			verdict := last.Verdict
			v.Verdict = &verdict
			var checks grounding.Checks
			if len(last.Checks) > 0 && json.Unmarshal(last.Checks, &checks) == nil {
				v.Checks = &checks
			}
		}
		if run.Report.Status == domain.ReportUnverified {
			v.Error = UnverifiedReasonFromEvents(run.Events)
		}
		in.Verification = v
	}
	if in.Verification == nil && (run.Run.Status == domain.RunFailed || run.Run.Status == domain.RunCancelled || run.Run.Status == domain.RunInterrupted) {
		// A run that ended before it stored a report (it failed with nothing found) is
		// exported as the partial report the run would have stored, not as a draft of a run
		// still going: unverified, and why.
		why := UnverifiedReasonFromEvents(run.Events)
		if why == "" {
			why = "the run ended before verification"
		}
		in.Verification = &Verification{Status: domain.ReportUnverified, Error: why}
	}
	return in
}

// NarrativeFromEvents returns the last narrative recorded in the events, or nil: the
// orchestrator records it in the payload of its "verifying" event so the report can be
// rebuilt from the stored events without another LLM call.
func NarrativeFromEvents(events []domain.Event) *Narrative {
	var out *Narrative
	for _, e := range events {
		if e.Type != domain.EventVerifying {
			continue
		}
		d, err := domain.DecodeData[domain.VerifyingData](e)
		if err != nil || len(d.Narrative) == 0 {
			continue
		}
		var n Narrative
		if json.Unmarshal(d.Narrative, &n) == nil {
			out = &n
		}
	}
	return out
}

// UnverifiedReasonFromEvents returns the last recorded reason a report is unverified (an
// error or cancelled event's unverified_reason).
func UnverifiedReasonFromEvents(events []domain.Event) string {
	reason := ""
	for _, e := range events {
		switch e.Type {
		case domain.EventError:
			if d, err := domain.DecodeData[domain.ErrorData](e); err == nil && d.UnverifiedReason != "" {
				reason = d.UnverifiedReason
			}
		case domain.EventCancelled:
			if d, err := domain.DecodeData[domain.CancelledData](e); err == nil && d.UnverifiedReason != "" {
				reason = d.UnverifiedReason
			}
		}
	}
	return reason
}

// jsonExport is the shape of the JSON export: the question and config at the top for
// scripts, then every stored part of the run.
type jsonExport struct {
	Format     string `json:"format"`
	Version    int    `json:"version"`
	Question   string `json:"question"`
	Understood string `json:"understood,omitempty"`
	Answer     string `json:"answer,omitempty"`
	// JudgeAnswer is the judge's answer line when the reviewer's decisions changed Answer.
	JudgeAnswer string                      `json:"judge_answer,omitempty"`
	Config      domain.RunConfig            `json:"config"`
	Run         domain.Run                  `json:"run"`
	Events      []domain.Event              `json:"events"`
	Evidence    []jsonEvidence              `json:"evidence"`
	Appraisals  map[string]domain.Appraisal `json:"appraisals,omitempty"`
	Assessments []domain.StoredAssessment   `json:"assessments"`
	Verdicts    []domain.StoredVerdict      `json:"verdicts"`
	Report      *domain.StoredReport        `json:"report"`
	// ReportMarkdown is the report as the Markdown export gives it: the stored one up to
	// date, or the partial report built from what is stored while none is ("report" is then
	// null), so a script reading JSON sees what a reader of the Markdown sees.
	ReportMarkdown string `json:"report_markdown"`
	// Limitations are what limits the report (failed sources, fallback judge, …), the
	// same list the Markdown, HTML and CSV exports show.
	Limitations []Limitation `json:"limitations"`
	// Rejudgements and Review are the same sections the Markdown and HTML show.
	Rejudgements []Rejudgement    `json:"rejudgements,omitempty"`
	Review       *ReviewerSection `json:"review,omitempty"`
	Disclaimer   string           `json:"disclaimer"`
}

type jsonEvidence struct {
	N   int    `json:"n"`
	Key string `json:"key"`
	domain.Evidence
}

// markdownOf is the Markdown export of a run: the stored report of record brought up to date
// (UpToDate), or, while none is stored (a run running, interrupted or cancelled before its
// report), the report built from what is stored.
func markdownOf(run ExportRun, built Report) string {
	if run.Report != nil && strings.TrimSpace(run.Report.Markdown) != "" {
		return UpToDate(run.Report.Markdown, built)
	}
	return built.Markdown
}

func writeJSON(w io.Writer, run ExportRun) error {
	built := Build(InputFromExport(run))
	out := jsonExport{
		Format: "deepcritical-run", Version: 1, Question: run.Run.Question, Config: run.Run.Config, Run: run.Run,
		Events: nonNil(run.Events), Appraisals: run.Appraisals, Assessments: nonNil(run.Assessments),
		Verdicts: nonNil(run.Verdicts), Report: run.Report, ReportMarkdown: markdownOf(run, built), Disclaimer: Disclaimer, Evidence: []jsonEvidence{},
		Limitations: nonNil(built.Limitations), Understood: built.Understood, Answer: built.Answer, JudgeAnswer: built.JudgeAnswer,
		Rejudgements: built.Rejudgements, Review: built.Review,
	}
	for i, ev := range run.Evidence {
		out.Evidence = append(out.Evidence, jsonEvidence{N: i + 1, Key: ev.CanonicalKey(), Evidence: ev})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// csvHeader is the fixed column order of the CSV evidence table: one row per paper, nothing
// else, so a spreadsheet or a data-frame reader takes every row as a paper. After these come
// one column per appraisal component found in the run ("quality: randomization",
// "risk of bias: selection": the points given over the maximum). What limits the report goes
// into the notes file written beside the CSV (CSVNotes), never into the rows.
var csvHeader = []string{"n", "key", "source", "year", "design", "quality", "risk_of_bias", "text_read", "registry_phase_status",
	"title", "authors", "journal", "volume", "issue", "pages", "issn", "doi", "pmid", "pmcid", "nct_id", "url",
	"retracted", "off_topic", "cited_for", "stance", "reviewer", "appraised_by", "judge"}

// componentColumns are the appraisal components of the run, dimension by dimension, in the
// order first met.
func componentColumns(evidence []domain.Evidence, appraisals map[string]domain.Appraisal) []string {
	var cols []string
	seen := map[string]bool{}
	for _, e := range evidence {
		a, ok := appraisals[e.CanonicalKey()]
		if !ok {
			continue
		}
		for _, d := range a.Dimensions {
			for _, det := range d.Details {
				c := componentColumn(d.Name, det.Component)
				if !seen[c] {
					seen[c] = true
					cols = append(cols, c)
				}
			}
		}
	}
	return cols
}

func componentColumn(d domain.DimensionName, component string) string {
	name := "quality"
	if d == domain.DimensionRiskOfBias {
		name = "risk of bias"
	}
	return name + ": " + strings.ReplaceAll(component, "_", " ")
}

func writeCSV(w io.Writer, r Report, run ExportRun) error {
	evidence := run.Evidence
	citedFor := map[int][]string{}
	for _, c := range r.Candidates {
		for _, n := range c.Citations {
			citedFor[n] = append(citedFor[n], c.Name)
		}
	}
	stance := map[int]string{}
	for _, s := range r.Stances {
		stance[s.N] = string(s.Stance)
		if s.Reason != "" { // as off-topic does: "unclear: studies no treatment, …"
			stance[s.N] += ": " + s.Reason
		}
		if s.ByRule {
			stance[s.N] += " (" + byRuleNote + ")"
		}
	}
	_, reviewed := domain.LatestReviews(run.Reviews)
	comps := componentColumns(evidence, run.Appraisals)
	cw := csv.NewWriter(w)
	if err := cw.Write(append(append([]string{}, csvHeader...), comps...)); err != nil {
		return err
	}
	for i, row := range r.Rows {
		c := evidence[i].Citation
		offTopic := ""
		if row.OffTopic {
			offTopic = "yes"
			if row.OffTopicReason != "" {
				offTopic += ": " + row.OffTopicReason
			}
		}
		reviewer := ""
		if rv, ok := reviewed[evidence[i].CanonicalKey()]; ok {
			reviewer = ReviewDecision(evidence[i], rv)
		}
		appraisedBy := ""
		points := map[string]string{}
		if a, ok := run.Appraisals[evidence[i].CanonicalKey()]; ok {
			appraisedBy = strings.Trim(string(a.Assessor.Provider)+" "+a.Assessor.Model, " ")
			for _, d := range a.Dimensions {
				for _, det := range d.Details {
					points[componentColumn(d.Name, det.Component)] = strconv.FormatFloat(det.Contribution, 'f', -1, 64) + "/" + strconv.FormatFloat(det.MaxScore, 'f', -1, 64)
				}
			}
		}
		rec := []string{strconv.Itoa(row.N), row.Key, row.Source, row.Year, row.Design, row.Quality, row.RiskOfBias, row.Read,
			row.Trial, row.Title, strings.Join(c.Authors, "; "), oneLine(c.Journal), oneLine(c.Volume), oneLine(c.Issue),
			citeformat.ExpandPages(c.Pages), c.ISSN, c.DOI, c.PMID, c.PMCID, c.NCTID,
			citeformat.SafeURL(c.URL), yesNo(row.Retracted), offTopic, strings.Join(citedFor[row.N], "; "),
			stance[row.N], reviewer, appraisedBy, r.Judge.Provider + " " + r.Judge.Model}
		for _, col := range comps {
			rec = append(rec, points[col])
		}
		for k := range rec {
			rec[k] = csvSafe(strings.TrimSpace(rec[k]))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// CSVNotesHeading opens every notes file a CSV export writes; a file beside a CSV that opens
// otherwise is the user's own, which an export never replaces without --force (IsCSVNotes).
const CSVNotesHeading = "# Notes to the CSV export of run "

// CSVNotes is the Markdown written beside a CSV export (NAME.notes.md): the question, the
// judge, the answer line and what limits the report, which a flat table has no room for.
func CSVNotes(run ExportRun) string {
	r := Build(InputFromExport(run))
	var b strings.Builder
	fmt.Fprintf(&b, CSVNotesHeading+"%s\n\nQuestion: %s\n\n", run.Run.ID, md(run.Run.Question))
	// How the run ended, as the Markdown, HTML and JSON say it: a table of a failed or
	// cancelled run must not read as a finished review.
	fmt.Fprintf(&b, "Outcome: %s\n\n", md(r.Outcome))
	fmt.Fprintf(&b, "Judge: %s (provider %s, model %s)\n\n", md(r.Judge.Label), r.Judge.Provider, r.Judge.Model)
	if r.Answer != "" {
		fmt.Fprintf(&b, "Answer: %s\n\n", md(r.Answer))
	}
	if r.JudgeAnswer != "" {
		fmt.Fprintf(&b, "%s: %s\n\n", judgeAnswerLabel, md(r.JudgeAnswer))
	}
	b.WriteString(limitationsMarkdown(r.Limitations))
	// The verdicts beside the run's own and the reviewer's trail are about the run, not
	// about one paper: they belong here, never in the data rows.
	b.WriteString(rejudgementsMarkdown(r.Rejudgements))
	b.WriteString(reviewerMarkdown(r.Review))
	b.WriteString("Columns \"quality: …\" and \"risk of bias: …\" give each appraisal component's points over its maximum; risk of bias is scored so that higher means lower risk.\n")
	return b.String()
}

// csvSafe defuses spreadsheet formula injection: a cell starting with = + - @ (or a tab or
// carriage return) from evidence text is prefixed with an apostrophe, the OWASP
// recommendation, so opening the export in a spreadsheet never runs a formula.
func csvSafe(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// noReferences says why a reference export (RIS, BibTeX, CSL-JSON) would hold no paper.
func noReferences(run ExportRun) error {
	if len(run.Evidence) == 0 {
		return domain.Errorf(domain.CodeInvalid, "run %s has no paper to export as references: it found no evidence", run.Run.ID)
	}
	papers := fmt.Sprintf("none of its %d papers (all set aside)", len(run.Evidence))
	if len(run.Evidence) == 1 {
		papers = "no paper (its one paper was set aside)"
	}
	return domain.Errorf(domain.CodeInvalid, "the report of run %s relies on %s: include the set-aside papers to export them (--include-set-aside)",
		run.Run.ID, papers)
}
