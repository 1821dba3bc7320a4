package services

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/adrg/xdg"
	"github.com/wailsapp/wails/v2/pkg/runtime"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/report"

	"deepcritical/backend/store"
)

// ReportService opens reports and exports runs in every format.
type ReportService struct {
	store dep[reportStore]
	// window gives the save dialog its parent window.
	window windowContexter
	// lastDir is the folder of the last export, where the next save dialog opens; it is
	// kept for the session only.
	lastDir atomic.Pointer[string]
}

// reportStore is the part of the database reports are read from.
type reportStore interface {
	report.ExportSource
	GetRun(ctx context.Context, id string) (domain.Run, error)
	RunEvidence(ctx context.Context, runID string) ([]domain.Evidence, error)
	RunAppraisals(ctx context.Context, run domain.Run, keys []string) (map[string]domain.Appraisal, error)
}

var _ reportStore = (*store.Store)(nil)

// windowContexter gives the window's context, which dialogs need (nil without a window).
type windowContexter interface {
	windowContext() context.Context
}

// ReportView is a run's report as the Report view shows it.
type ReportView struct {
	RunID       string                    `json:"run_id"`
	Markdown    string                    `json:"markdown"`
	Status      string                    `json:"status"`
	Verdict     *domain.Verdict           `json:"verdict,omitempty"`
	Checks      json.RawMessage           `json:"checks,omitempty"`
	Assessments []domain.StoredAssessment `json:"assessments"`
	Evidence    []EvidenceView            `json:"evidence"`
	Disclaimer  string                    `json:"disclaimer"`
	Formats     []string                  `json:"formats"`
	// Limitations are what limits the report (failed sources, fallback judge, off-topic
	// evidence, …); the Markdown carries them too.
	Limitations []report.Limitation `json:"limitations"`
	// Outcome is domain.RunOutcome's one line, the same the run header and History show.
	Outcome string `json:"outcome"`
	// Understood is how the question was parsed; Answer the line above the scores
	// (domain.AnswerLine over the final assessment's stances), as the report states them.
	Understood string `json:"understood,omitempty"`
	Answer     string `json:"answer,omitempty"`
	// JudgeAnswer is the judge's own answer line when the reviewer's decisions on papers
	// changed Answer (report.Report.JudgeAnswer), "" otherwise.
	JudgeAnswer string `json:"judge_answer,omitempty"`
	// Studies are the trials with a registry entry and reports among the evidence, as the
	// report's Studies section gives them; each card also names its study (EvidenceView.Study).
	Studies []report.StudyBlock `json:"studies"`
	// ReliesOnNone is set when the run has papers but the report relies on none of them (all
	// set aside: off topic or excluded by the reviewer), so a reference export (RIS, BibTeX,
	// CSL-JSON) holds a paper only with the set-aside ones included: the window says so
	// before the save dialog rather than after it.
	ReliesOnNone bool `json:"relies_on_none,omitempty"`
}

// EvidenceView is one evidence card: the evidence with its appraisal, if any.
type EvidenceView struct {
	N         int               `json:"n"`
	Key       string            `json:"key"`
	Evidence  domain.Evidence   `json:"evidence"`
	Appraisal *domain.Appraisal `json:"appraisal,omitempty"`
	// Design is the study design in the evidence table's words (report.DesignLabel: the
	// class studydesign.Classify gives the judge, named more finely when the appraisal or a
	// publication type says so), so the card and every report format name it alike.
	Design string `json:"design"`
	// Stance is which way the study points on the question, from the final assessment.
	Stance *domain.StudyStance `json:"stance,omitempty"`
	// StanceLabel is the stance in the words of the question's answer line ("supports",
	// "finds a link"; domain.StanceLabel).
	StanceLabel string `json:"stance_label,omitempty"`
	// Study is the trial this card is one record of, when the run holds another record of
	// it (its registry entry or another report).
	Study *report.StudyBlock `json:"study,omitempty"`
	// Read says which text the appraisal read ("read in full (Europe PMC)", "abstract
	// only"), in the report's words; "" for a paper not appraised.
	Read string `json:"read,omitempty"`
	// Review is the reviewer's decision in force on this paper (include, or exclude with its
	// reason; domain.LatestReviews), so the card and the paper detail say it where the
	// paper is shown; nil when the reviewer left the paper alone.
	Review *domain.Review `json:"review,omitempty"`
	// ReliedOn says whether the report relies on this paper (domain.ReliedOn: the
	// reviewer's include or exclude, else the judge's on-topic mark), so the window lists as
	// set aside exactly the papers every report format marks so.
	ReliedOn bool `json:"relied_on"`
}

// Get returns the stored report of a run with its verdict, assessments and evidence.
func (r *ReportService) Get(runID string) (ReportView, error) {
	st, err := r.store.get()
	if err != nil {
		return ReportView{}, err
	}
	ctx := context.Background()
	runID = strings.TrimSpace(runID)
	view := ReportView{RunID: runID, Disclaimer: Disclaimer, Formats: report.Formats, Assessments: []domain.StoredAssessment{}, Evidence: []EvidenceView{}}
	rep, err := st.GetReport(ctx, runID)
	switch {
	case err == nil:
		view.Markdown, view.Status = rep.Markdown, rep.Status
	case domain.CodeOf(err) != domain.CodeNotFound:
		return view, err
	}
	if v, err := st.LatestVerdict(ctx, runID); err != nil {
		return view, err
	} else if v != nil {
		view.Verdict, view.Checks = &v.Verdict, v.Checks
	}
	as, err := st.ListAssessments(ctx, runID)
	if err != nil {
		return view, err
	}
	if as != nil {
		view.Assessments = as
	}
	evs, err := evidenceViews(ctx, st, runID)
	if err != nil {
		return view, err
	}
	view.Evidence = evs
	view.Limitations = []report.Limitation{}
	view.Studies = []report.StudyBlock{}
	built := ""
	if run, err := report.LoadExportRun(ctx, st, runID); err == nil {
		// One build of the stored run gives the limitations, the answer line and what the
		// report of record did not know when it was written.
		r := report.Build(report.InputFromExport(run))
		built = r.Answer
		view.JudgeAnswer = r.JudgeAnswer
		if r.Limitations != nil {
			view.Limitations = r.Limitations
		}
		if r.Studies != nil {
			view.Studies = r.Studies
		}
		for i := range r.Studies {
			s := &r.Studies[i]
			for _, n := range append([]int{s.Registry}, s.Reports...) {
				if n >= 1 && n <= len(view.Evidence) {
					view.Evidence[n-1].Study = s
				}
			}
		}
		if view.Markdown != "" {
			view.Markdown = report.UpToDate(view.Markdown, r)
		}
		view.ReliesOnNone = len(run.Evidence) > 0 && len(report.References(run, false)) == 0
		_, decided := domain.LatestReviews(run.Reviews)
		for i := range view.Evidence {
			if rv, ok := decided[view.Evidence[i].Key]; ok {
				view.Evidence[i].Review = &rv
			}
			view.Evidence[i].ReliedOn = domain.ReliedOn(view.Evidence[i].Evidence, decided)
		}
	}
	if run, err := st.GetRun(ctx, runID); err == nil {
		view.Outcome = domain.RunOutcome(run, view.Status)
		answerView(&view, run, built)
	} else {
		return view, err
	}
	return view, nil
}

// answerView fills the answer line, the parse and each card's stance from the run's final
// assessment (the last one of the run itself, not a re-judgement).
func answerView(view *ReportView, run domain.Run, built string) {
	q, err := concepts.Of(run.Question, run.Parsed)
	if err != nil {
		return
	}
	view.Understood = q.Summary()
	final := domain.FinalAssessment(view.Assessments)
	if final == nil {
		return
	}
	stances := final.Assessment.Details.Stances
	// The report's own answer line when the stored run could be built (it knows the
	// failed sources); else the line from the cards.
	view.Answer = built
	if built == "" {
		onTopic := 0
		for _, e := range view.Evidence {
			if !e.Evidence.IsOffTopic() {
				onTopic++
			}
		}
		view.Answer = domain.AnswerLine(q, stances, len(view.Evidence), onTopic)
	}
	for i := range stances {
		if n := stances[i].N; n >= 1 && n <= len(view.Evidence) {
			view.Evidence[n-1].Stance = &stances[i]
			view.Evidence[n-1].StanceLabel = domain.StanceLabel(q, stances[i].Stance)
		}
	}
}

// evidenceViews are the evidence cards of a run, numbered as the report cites them.
func evidenceViews(ctx context.Context, st reportStore, runID string) ([]EvidenceView, error) {
	run, err := st.GetRun(ctx, runID)
	if err != nil {
		return nil, err
	}
	evs, err := st.RunEvidence(ctx, runID)
	if err != nil {
		return nil, err
	}
	keys := make([]string, len(evs))
	for i, ev := range evs {
		keys[i] = ev.CanonicalKey()
	}
	aps := map[string]domain.Appraisal{}
	if len(keys) > 0 {
		if aps, err = st.RunAppraisals(ctx, run, keys); err != nil {
			return nil, err
		}
	}
	out := make([]EvidenceView, len(evs))
	for i, ev := range evs {
		out[i] = EvidenceView{N: i + 1, Key: keys[i], Evidence: ev, ReliedOn: domain.ReliedOn(ev, nil)}
		if a, ok := aps[keys[i]]; ok {
			out[i].Appraisal = &a
			out[i].Read = report.TextRead(a.Document)
		}
		out[i].Design = report.DesignLabel(ev, out[i].Appraisal)
	}
	return out, nil
}

// Export writes a run in format to path; an existing file is kept unless force is set.
func (r *ReportService) Export(runID, format, path string, force bool) (string, error) {
	return r.ExportWith(ExportRequest{RunID: runID, Format: format, Path: path, Force: force})
}

// ExportRequest is an export with its options: IncludeSetAside puts every paper, each
// set-aside one marked, into a reference export (RIS, BibTeX, CSL-JSON) instead of only the
// papers the report relies on.
type ExportRequest struct {
	RunID           string `json:"run_id"`
	Format          string `json:"format"`
	Path            string `json:"path"`
	Force           bool   `json:"force"`
	IncludeSetAside bool   `json:"include_set_aside"`
}

// ExportWith writes the export req asks for and returns the path written. Without Force an
// existing file refuses the export; with it, the file and a CSV's notes beside it are
// replaced (the CLI's --force).
func (r *ReportService) ExportWith(req ExportRequest) (string, error) {
	files, err := r.exportTo(req, report.OverwriteIf(req.Force))
	return files.Path, err
}

// ExportedFiles are the files an export wrote: the one the user chose and, for a CSV, the
// notes beside it (NAME.notes.md), which the window names too so no file is written unsaid.
// An empty Path means the user cancelled the save dialog.
type ExportedFiles struct {
	Path  string `json:"path"`
	Notes string `json:"notes,omitempty"`
}

// exportTo writes the export req asks for (its Force is ow's to say).
func (r *ReportService) exportTo(req ExportRequest, ow report.Overwrite) (ExportedFiles, error) {
	f, err := report.ParseFormat(req.Format)
	if err != nil {
		return ExportedFiles{}, err
	}
	if strings.TrimSpace(req.Path) == "" {
		return ExportedFiles{}, domain.Errorf(domain.CodeInvalid, "no output file given")
	}
	safe, err := report.SafeOutputPath(filepath.Dir(req.Path), filepath.Base(req.Path))
	if err != nil {
		return ExportedFiles{}, err
	}
	run, err := r.exportRun(req.RunID, req.IncludeSetAside)
	if err != nil {
		return ExportedFiles{}, err
	}
	if err := report.ExportToFile(run, f, safe, ow); err != nil {
		return ExportedFiles{}, err
	}
	out := ExportedFiles{Path: safe}
	if f == "csv" {
		out.Notes = report.CSVNotesPath(safe)
	}
	return out, nil
}

// exportRun reads a stored run for export.
func (r *ReportService) exportRun(runID string, includeSetAside bool) (report.ExportRun, error) {
	st, err := r.store.get()
	if err != nil {
		return report.ExportRun{}, err
	}
	run, err := report.LoadExportRun(context.Background(), st, strings.TrimSpace(runID))
	if err != nil {
		return report.ExportRun{}, err
	}
	run.IncludeSetAside = includeSetAside
	return run, nil
}

// ExportText is a run exported as text instead of a file.
type ExportText struct {
	RunID  string `json:"run_id"`
	Format string `json:"format"`
	Text   string `json:"text"`
	// Notes are what limits a CSV export, which a file export writes beside it
	// (NAME.notes.md); empty for the other formats, which carry their limitations inside.
	Notes string `json:"notes,omitempty"`
}

// Text renders the export req asks for (its Path and Force are not used) with the same
// code as a file export, for callers that pass the text on: the MCP server's get_report.
func (r *ReportService) Text(req ExportRequest) (ExportText, error) {
	f, err := report.ParseFormat(req.Format)
	if err != nil {
		return ExportText{}, err
	}
	run, err := r.exportRun(req.RunID, req.IncludeSetAside)
	if err != nil {
		return ExportText{}, err
	}
	var b strings.Builder
	if err := report.Export(run, f, &b); err != nil {
		return ExportText{}, err
	}
	out := ExportText{RunID: run.Run.ID, Format: f, Text: b.String()}
	if f == "csv" {
		out.Notes = report.CSVNotes(run)
	}
	return out, nil
}

// ExportDialog asks the user where to save and exports there; an empty Path means the user
// cancelled the dialog. includeSetAside puts every paper, each set-aside one marked, into a
// reference export (RIS, BibTeX, CSL-JSON), as the CLI's --include-set-aside does.
func (r *ReportService) ExportDialog(runID, format string, includeSetAside bool) (ExportedFiles, error) {
	f, err := report.ParseFormat(format)
	if err != nil {
		return ExportedFiles{}, err
	}
	req := ExportRequest{RunID: runID, Format: f, IncludeSetAside: includeSetAside}
	// DEEPCRITICAL_EXPORT_DIR sends exports straight to a folder without a dialog, for
	// scripted and automated use of the window; its fixed names are replaced like a file
	// chosen in the dialog.
	if dir := os.Getenv("DEEPCRITICAL_EXPORT_DIR"); dir != "" {
		req.Path = filepath.Join(dir, "deepcritical-"+runID+report.Extension(f))
		return r.exportTo(req, report.ReplaceChosen)
	}
	ctx := r.window.windowContext()
	if ctx == nil {
		return ExportedFiles{}, domain.Errorf(domain.CodeUnavailable, "no window to show a save dialog in")
	}
	path, err := runtime.SaveFileDialog(ctx, runtime.SaveDialogOptions{
		Title:            "Export report",
		DefaultDirectory: exportStartDir(r.lastDir.Load()),
		DefaultFilename:  "deepcritical-" + runID + report.Extension(f),
		Filters:          []runtime.FileFilter{{DisplayName: report.FormatLabel(f), Pattern: "*" + report.Extension(f)}},
	})
	if err != nil || path == "" {
		return ExportedFiles{}, err
	}
	dir := filepath.Dir(path)
	r.lastDir.Store(&dir)
	// The dialog asked about overwriting the file chosen in it, and about nothing else: a
	// CSV's notes file beside it is replaced only when it is DeepCritical's own.
	req.Path = path
	return r.exportTo(req, report.ReplaceChosen)
}

// exportStartDir is where the save dialog opens: the folder of the last export when it still
// exists, else the user's documents folder (XDG user dirs, the platform's Documents), else
// the home folder — never the process's working folder, which for a desktop app is
// wherever it happened to be launched from.
func exportStartDir(last *string) string {
	isDir := func(p string) bool {
		fi, err := os.Stat(p)
		return err == nil && fi.IsDir()
	}
	if last != nil && *last != "" && isDir(*last) {
		return *last
	}
	if d := xdg.UserDirs.Documents; d != "" && isDir(d) {
		return d
	}
	if home, err := os.UserHomeDir(); err == nil && isDir(home) {
		return home
	}
	return ""
}
