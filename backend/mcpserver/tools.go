package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"deepcritical/backend/domain"
	"deepcritical/backend/report"
	"deepcritical/backend/runs"
	"deepcritical/backend/services"
)

// tools holds the services every tool handler calls.
type tools struct {
	svc Services
	log *slog.Logger
}

// all lists every tool in the order clients show them. readsOnly marks the tools that only
// read the store (the ones --read-only keeps).
func (t *tools) all() []toolDef {
	return []toolDef{
		define(t, toolSpec{name: "search_literature", title: "Search the literature",
			desc: "Search PubMed, Europe PMC, ClinicalTrials.gov (and, when asked, the web or the user's library) for one query. " +
				"Returns the papers found, each with its identifiers (PMID, DOI, NCT id, PMCID), citation and abstract; a source that " +
				"failed is listed in errors beside the others' results. The evidence array can be passed to judge_evidence as it is.",
			openWorld: true, bounds: map[string]domain.Bound{"max_results": domain.BoundMaxResultsPerSource}}, t.searchLiterature),
		define(t, toolSpec{name: "research", title: "Research a question",
			desc: "Research a biomedical question: search the sources, judge the evidence, loop until it is sufficient, write and verify " +
				"a cited report, appraise each trial. Takes minutes; sends a progress notification for every step. Returns the run id, " +
				"its outcome, the final assessment, the drug candidates and the report in Markdown; everything is stored. A cancelled " +
				"call leaves the run resumable: call research again with resume_run_id (the id is in the progress messages and in list_runs). " +
				"A run that failed (judge or every source unavailable) is returned with status failed and can be resumed the same way. " +
				"A host that stops waiting for a tool after a minute or so should pass max_wait_seconds (e.g. 45): the call then returns " +
				"with status running and the run goes on; follow it with get_run.",
			openWorld: true, bounds: map[string]domain.Bound{"max_iterations": domain.BoundMaxIterations, "max_wait_seconds": {Min: 1, Max: 3600}},
			maxLen: map[string]int{"resume_run_id": maxIDLength}}, t.research),
		define(t, toolSpec{name: "cancel_run", title: "Cancel a running run",
			desc: "Stop a run this server is running (one research started, or left running after max_wait_seconds). Its partial " +
				"report is stored and it can be resumed with research's resume_run_id. Returns the run as research does, status cancelled.",
			maxLen: map[string]int{"run_id": maxIDLength}}, t.cancelRun),
		define(t, toolSpec{name: "list_runs", title: "List stored runs", readsOnly: true,
			desc: "List the stored research runs, newest first, with their outcome, judge and drug candidates; filter by status, judge, " +
				"verification, review, candidate and creation day.",
			bounds: map[string]domain.Bound{"limit": {Min: 1, Max: services.MaxHistoryPage, Default: 50}},
			enums:  map[string][]any{"verification": {"verified", "failed", "unverified"}, "review": {"agree", "disagree", "reviewed", "none"}},
		}, t.listRuns),
		define(t, toolSpec{name: "search_history", title: "Search stored runs", readsOnly: true,
			desc:   "Full-text search over the stored runs' questions, evidence and reports; returns the matching runs, newest first.",
			bounds: map[string]domain.Bound{"limit": {Min: 1, Max: services.MaxHistoryPage, Default: 50}}}, t.searchHistory),
		define(t, toolSpec{name: "get_run", title: "Open a stored run", readsOnly: true,
			desc: "Open one stored run: its outcome, the final assessment (scores, sufficiency, candidates, findings), re-judgements, " +
				"the verifier's verdict, the report's limitations and every paper with its identifiers, study design, stance, " +
				"quality and risk-of-bias appraisal (with quotes) and whether it was set aside as off topic (and why).",
			maxLen: map[string]int{"run_id": maxIDLength}}, t.getRun),
		define(t, toolSpec{name: "get_report", title: "Export a run's report", readsOnly: true,
			desc: "A stored run's report in any export format, as text: md (the report of record), html, json (the whole run), " +
				"csv (one row per paper; its limitations in notes), ris, bibtex or csljson (the references the report relies on; " +
				"include_set_aside adds the rest, marked).",
			enums: map[string][]any{"format": anySlice(report.Formats)}, maxLen: map[string]int{"run_id": maxIDLength}}, t.getReport),
		define(t, toolSpec{name: "judge_evidence", title: "Judge evidence",
			desc: "Assess evidence for a question with one judge (default: the settings'): mechanism and clinical scores, sufficiency, " +
				"drug candidates, key findings, next queries. evidence is search_literature's output, its evidence array, or a list of " +
				"evidence items ({content, citation: {source, id, title, pmid, doi, …}}, source one of " + domain.JoinSources(domain.AllSources, ", ") + "); " +
				"anything else is refused, naming the bad value. " +
				"Copies of one paper (the same PMID, DOI, NCT id or PMCID, else the same source and id) are judged once. A judge that " +
				"cannot be reached (a local model not installed, the CLI judge missing) is an error, as for research and rejudge_run; one " +
				"that answers but not validly gives a FALLBACK assessment (assessment.judge.kind \"fallback\"), which is not a verdict.",
			openWorld: true, types: map[string][]string{"evidence": {"array", "object"}}}, t.judgeEvidence),
		define(t, toolSpec{name: "appraise_paper", title: "Appraise a paper",
			desc: "Appraise one paper's methodological quality and risk of bias, each finding with the sentence it rests on, as " +
				"`deepcritical appraise` does. Give exactly one of pmid (the PubMed record, read in full when it has an open-access " +
				"full text, else from its abstract), pmcid (its open-access full text, from Europe PMC else PMC, which must have it) or text (a " +
				fmt.Sprintf("paper's text, at most %d MiB, with an optional title). text_read says which text was read and notes why a full text ", services.MaxAppraisalText>>20) +
				"was not. The offline rubric needs no network; an LLM judge adds its reading, every quote checked against the text.",
			openWorld: true, maxLen: map[string]int{"pmid": maxIDLength, "pmcid": maxIDLength}}, t.appraisePaper),
		define(t, toolSpec{name: "rejudge_run", title: "Re-judge a stored run",
			desc: "Judge a stored run's evidence again with another judge (offline needs no network), keep the new assessment beside " +
				"the run's own, and return both with their differences (scores, sufficiency, candidates only one of them names).",
			maxLen: map[string]int{"run_id": maxIDLength}}, t.rejudgeRun),
		define(t, toolSpec{name: "library_search", title: "Search the user's library", readsOnly: true,
			desc:   "Full-text search (bm25) of the references the user imported (PubMed XML, MEDLINE, RIS, BibTeX, CSL-JSON).",
			bounds: map[string]domain.Bound{"limit": {Min: 1, Max: services.MaxLibraryPage, Default: 100}}}, t.librarySearch),
	}
}

// maxIDLength bounds the arguments that name one thing by its id (run_id, resume_run_id,
// pmid, pmcid): a run id is 27 characters ("20261128-164420580-934a85ae"), a PMID at most 8
// digits, a PMCID about 11 characters; 100 leaves room for prefixes and spaces, and keeps
// an error that quotes the id (run … not found) one readable line.
const maxIDLength = 100

// runIDOf is a run_id argument without surrounding space; an empty one is refused here,
// since "run  not found" would not say what is wrong.
func runIDOf(id string) (string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return "", domain.Errorf(domain.CodeInvalid, "run_id is empty: give a run's id as list_runs or research return it")
	}
	return id, nil
}

// toolError is a failure as the CLI would say it, on one line: a domain error's message, else
// the error's text (the server runs on the user's machine, for the user).
func toolError(err error) error {
	return errors.New(toolHints.Replace(strings.Join(strings.Fields(domain.UserMessage(err)), " ")))
}

// toolHints say the CLI's flags in a message as the tools' arguments, the way the window
// says them as its controls: a client can act on "include_set_aside: true", not on a flag.
var toolHints = strings.NewReplacer("(--include-set-aside)", "(include_set_aside: true)")

// judgeChoice is a judge and model as the CLI's --judge and --model give them.
func judgeChoice(p domain.Provider, model string) runs.JudgeChoice {
	return runs.JudgeChoice{Provider: p, Model: strings.TrimSpace(model)}
}

// SearchInput is search_literature's arguments.
type SearchInput struct {
	Query      string          `json:"query" jsonschema:"the search query: plain words, or PubMed syntax with field tags such as [tiab] and [mh]"`
	Sources    []domain.Source `json:"sources,omitempty" jsonschema:"the sources to search (default: the sources enabled in the settings)"`
	MaxResults int             `json:"max_results,omitempty" jsonschema:"results per source, 1 to 50 (default: the settings')"`
}

// SearchOutput is search_literature's answer.
type SearchOutput struct {
	Query           string               `json:"query"`
	SourcesSearched []domain.Source      `json:"sources_searched"`
	TotalFound      int                  `json:"total_found" jsonschema:"papers found, duplicates across sources merged"`
	Evidence        []SearchHit          `json:"evidence"`
	Errors          []domain.SearchError `json:"errors" jsonschema:"sources that failed or warned, beside the others' results"`
}

// SearchHit is one paper found: its identifiers (strongest first; the first is the key it is
// stored under), then the evidence as judge_evidence takes it.
type SearchHit struct {
	N           int      `json:"n"`
	Identifiers []string `json:"identifiers" jsonschema:"pmid:…, doi:…, nct:…, pmcid:… (or url:/title: when it has none)"`
	domain.Evidence
}

func (t *tools) searchLiterature(ctx context.Context, _ *mcp.CallToolRequest, in SearchInput) (SearchOutput, error) {
	res, err := t.svc.Search.Search(ctx, services.SearchRequest{Query: in.Query, Sources: in.Sources, MaxResults: in.MaxResults})
	if err != nil {
		return SearchOutput{}, err
	}
	out := SearchOutput{Query: res.Query, SourcesSearched: res.SourcesSearched, TotalFound: res.TotalFound, Errors: res.Errors,
		Evidence: make([]SearchHit, len(res.Evidence))}
	for i, ev := range res.Evidence {
		out.Evidence[i] = SearchHit{N: i + 1, Identifiers: ev.Citation.Identifiers(), Evidence: ev}
	}
	return out, nil
}

// ResearchInput is research's arguments: a question, or the id of a run to resume.
type ResearchInput struct {
	Question       string          `json:"question,omitempty" jsonschema:"the research question, at most 500 characters (leave it out with resume_run_id)"`
	ResumeRunID    string          `json:"resume_run_id,omitempty" jsonschema:"continue this cancelled, failed or interrupted run instead of starting one, with the judge it started with"`
	Judge          domain.Provider `json:"judge,omitempty" jsonschema:"the judge (default: the settings'); offline needs no network and no key"`
	Model          string          `json:"model,omitempty" jsonschema:"the judge's model (default: the provider's setting)"`
	Sources        []domain.Source `json:"sources,omitempty" jsonschema:"the sources to search (default: the settings')"`
	MaxIterations  int             `json:"max_iterations,omitempty" jsonschema:"search and judge rounds, 1 to 10 (default: the settings')"`
	MaxWaitSeconds int             `json:"max_wait_seconds,omitempty" jsonschema:"return after this many seconds with status running if the run has not ended; it goes on, followed with get_run (default: wait for the end)"`
}

// ResearchOutput is a finished run, a failed one, or one still running (max_wait_seconds).
type ResearchOutput struct {
	RunID          string             `json:"run_id"`
	Status         domain.RunStatus   `json:"status"`
	Outcome        string             `json:"outcome" jsonschema:"why the run stopped and how its report was verified, in one line"`
	StopReason     string             `json:"stop_reason,omitempty"`
	Error          string             `json:"error,omitempty"`
	Iterations     int                `json:"iterations"`
	Judge          domain.JudgeInfo   `json:"judge"`
	Understood     string             `json:"understood,omitempty" jsonschema:"how the question was understood"`
	Answer         string             `json:"answer,omitempty" jsonschema:"the studies for and against, as the report's answer line says"`
	Assessment     *domain.Assessment `json:"assessment" jsonschema:"the run's final assessment (null when the judge never answered)"`
	Candidates     []string           `json:"candidates" jsonschema:"the final assessment's drug candidates"`
	ReportStatus   string             `json:"report_status,omitempty" jsonschema:"verified, failed or unverified"`
	ReportMarkdown string             `json:"report_markdown"`
	ReportURI      string             `json:"report_uri" jsonschema:"the report as an MCP resource"`
	Resume         string             `json:"resume,omitempty" jsonschema:"how to follow a run still running, or continue one that did not complete"`
	Disclaimer     string             `json:"disclaimer"`
}

func (t *tools) research(ctx context.Context, req *mcp.CallToolRequest, in ResearchInput) (ResearchOutput, error) {
	resume := strings.TrimSpace(in.ResumeRunID)
	switch {
	case resume == "" && strings.TrimSpace(in.Question) == "":
		return ResearchOutput{}, domain.Errorf(domain.CodeInvalid, "research needs a question (or resume_run_id)")
	case resume != "" && strings.TrimSpace(in.Question) != "":
		return ResearchOutput{}, domain.Errorf(domain.CodeInvalid, "give either question or resume_run_id, not both")
	case resume != "" && (in.Judge != "" || in.Model != "" || len(in.Sources) > 0 || in.MaxIterations != 0):
		return ResearchOutput{}, domain.Errorf(domain.CodeInvalid, "a resumed run keeps its own judge, sources and iterations: give resume_run_id alone")
	}
	emit := &progress{ctx: ctx, req: req, token: req.Params.GetProgressToken(), log: t.log}
	defer emit.stop() // a notification after the call's answer would belong to no request
	// The run does not end with the call by itself: the call may stop waiting
	// (max_wait_seconds) and leave it running. A cancelled call cancels it below.
	runCtx := context.WithoutCancel(ctx)
	var h *runs.Handle
	var err error
	if resume != "" {
		h, err = t.svc.Commands.StartResume(runCtx, resume, emit)
	} else {
		h, err = t.svc.Commands.Start(runCtx, runs.Request{Question: in.Question, Judge: in.Judge, Model: in.Model,
			Sources: in.Sources, MaxIterations: in.MaxIterations}, emit)
	}
	if err != nil {
		return ResearchOutput{}, err
	}
	var timeout <-chan time.Time
	if in.MaxWaitSeconds > 0 {
		timer := time.NewTimer(time.Duration(in.MaxWaitSeconds) * time.Second)
		defer timer.Stop()
		timeout = timer.C
	}
	select {
	case <-h.Done():
	case <-ctx.Done():
		// The client cancelled the call: the run stops and stores its partial report, resumable.
		if err := t.svc.Runs.Cancel(h.ID); err != nil {
			t.log.Debug("cancel run", "run_id", h.ID, "err", err)
		}
		<-h.Done()
		return ResearchOutput{}, domain.Errorf(domain.CodeUnavailable, "run %s was cancelled; %s", h.ID, resumeHint(h.ID))
	case <-timeout:
		d, err := t.svc.History.Get(h.ID) // the run as stored so far
		if err != nil {
			return ResearchOutput{}, err
		}
		return t.researchOutput(d.Run,
			fmt.Sprintf("still running after %d s: follow it with get_run {\"run_id\": %q}; its report comes with get_report once it is complete", in.MaxWaitSeconds, h.ID))
	}
	run, err := h.Wait()
	if err != nil && run.ID == "" {
		return ResearchOutput{}, err
	}
	if run.Status == domain.RunCancelled {
		return ResearchOutput{}, domain.Errorf(domain.CodeUnavailable, "run %s was cancelled; %s", run.ID, resumeHint(run.ID))
	}
	if err != nil {
		return ResearchOutput{}, err
	}
	hint := ""
	if run.Status != domain.RunComplete {
		hint = resumeHint(run.ID)
	}
	return t.researchOutput(run, hint)
}

// cancelWait is how long cancel_run waits for a cancelled run to store its partial report.
const cancelWait = 30 * time.Second

// cancelRun stops a run this server's Runner executes and answers, once the run has stopped,
// as research does for a cancelled call. A run executing in another process (the window, a
// terminal) is not this server's to stop: the error says where it is.
func (t *tools) cancelRun(ctx context.Context, _ *mcp.CallToolRequest, in RunIDInput) (ResearchOutput, error) {
	id := strings.TrimSpace(in.RunID)
	if err := t.svc.Runs.Cancel(id); err != nil {
		d, getErr := t.svc.History.Get(id)
		switch {
		case getErr != nil:
			return ResearchOutput{}, getErr
		case d.Run.Status == domain.RunRunning:
			return ResearchOutput{}, domain.Errorf(domain.CodeConflict,
				"run %s is running in another process, not in this server: cancel it there (Ctrl-C in its terminal, or Cancel in the window)", id)
		default:
			return ResearchOutput{}, domain.Errorf(domain.CodeConflict, "run %s is not running (it is %s): there is nothing to cancel", id, d.Run.Status)
		}
	}
	deadline := time.Now().Add(cancelWait)
	for {
		d, err := t.svc.History.Get(id)
		if err != nil {
			return ResearchOutput{}, err
		}
		if d.Run.Status != domain.RunRunning || time.Now().After(deadline) {
			return t.researchOutput(d.Run, resumeHint(id))
		}
		select {
		case <-ctx.Done():
			return ResearchOutput{}, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// researchOutput is research's answer about a run, its report read back from the store (a
// run still running, as far as it got).
func (t *tools) researchOutput(run domain.Run, hint string) (ResearchOutput, error) {
	view, err := t.svc.Reports.Get(run.ID)
	if err != nil {
		return ResearchOutput{}, err
	}
	out := ResearchOutput{RunID: run.ID, Status: run.Status, Outcome: view.Outcome, StopReason: run.StopReason, Error: run.Error,
		Iterations: run.Iterations, Judge: run.Judge, Understood: view.Understood, Answer: view.Answer, Candidates: []string{},
		ReportStatus: view.Status, ReportMarkdown: view.Markdown, ReportURI: ReportURI(run.ID), Resume: hint, Disclaimer: services.Disclaimer}
	if final := domain.FinalAssessment(view.Assessments); final != nil {
		a := final.Assessment
		out.Assessment = &a
		out.Candidates = append(out.Candidates, a.Details.DrugCandidates...)
	}
	return out, nil
}

// resumeHint says how to continue a run, through this server or the command line.
func resumeHint(runID string) string {
	return fmt.Sprintf(`continue it with research {"resume_run_id": %q} or: deepcritical research --resume %s`, runID, runID)
}

// progress sends each stored event of a run to the client as a progress notification on the
// research call, when the client asked for progress (it sent a progress token), until the
// call has been answered.
type progress struct {
	ctx     context.Context
	req     *mcp.CallToolRequest
	token   any
	log     *slog.Logger
	n       atomic.Int64
	mu      sync.Mutex
	stopped bool
}

// stop ends the notifications: the call is answered (or given up), the run may go on.
func (p *progress) stop() {
	p.mu.Lock()
	p.stopped = true
	p.mu.Unlock()
}

// Emit sends one event's message; the run id is in every message so a client that cancels
// the call knows which run to resume.
func (p *progress) Emit(ev domain.Event) {
	if p.token == nil || p.req.Session == nil || p.ctx.Err() != nil {
		return // no progress asked for, or the call was cancelled (the run stores its end)
	}
	it := ""
	if ev.Iteration > 0 {
		it = fmt.Sprintf(" [%d]", ev.Iteration)
	}
	msg := fmt.Sprintf("run %s · %s%s: %s", ev.RunID, ev.Type, it, ev.Message)
	// The lock keeps stop from passing a notification being sent: none follows the answer.
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	n := p.n.Add(1)
	if err := p.req.Session.NotifyProgress(p.ctx, &mcp.ProgressNotificationParams{ProgressToken: p.token, Message: msg, Progress: float64(n)}); err != nil {
		p.log.Debug("progress notification not sent", "run_id", ev.RunID, "err", err)
	}
}

// ListRunsInput is list_runs' arguments; every filter is optional.
type ListRunsInput struct {
	Status       domain.RunStatus `json:"status,omitempty" jsonschema:"only runs with this status"`
	Judge        domain.Provider  `json:"judge,omitempty" jsonschema:"only runs judged by this provider"`
	Verification string           `json:"verification,omitempty" jsonschema:"only runs whose report is verified, failed or unverified"`
	Review       string           `json:"review,omitempty" jsonschema:"only runs the reviewer agreed with, disagreed with, reviewed at all (reviewed) or not (none)"`
	Candidate    string           `json:"candidate,omitempty" jsonschema:"only runs whose final verdict names this drug candidate"`
	Since        string           `json:"since,omitempty" jsonschema:"only runs created on or after this day (YYYY-MM-DD)"`
	Until        string           `json:"until,omitempty" jsonschema:"only runs created on or before this day (YYYY-MM-DD)"`
	Limit        int              `json:"limit,omitempty" jsonschema:"at most this many runs (default 50)"`
}

// RunsOutput is a list of stored runs, newest first.
type RunsOutput struct {
	Runs []services.HistoryItem `json:"runs"`
}

func (t *tools) listRuns(_ context.Context, _ *mcp.CallToolRequest, in ListRunsInput) (RunsOutput, error) {
	return t.history(services.HistoryFilter{Status: in.Status, Judge: in.Judge, Verification: in.Verification, Review: in.Review,
		Candidate: in.Candidate, Since: in.Since, Until: in.Until, Limit: in.Limit})
}

// SearchHistoryInput is search_history's arguments.
type SearchHistoryInput struct {
	Text  string `json:"text" jsonschema:"words to find in the runs' questions, evidence and reports"`
	Limit int    `json:"limit,omitempty" jsonschema:"at most this many runs (default 50)"`
}

func (t *tools) searchHistory(_ context.Context, _ *mcp.CallToolRequest, in SearchHistoryInput) (RunsOutput, error) {
	if strings.TrimSpace(in.Text) == "" {
		return RunsOutput{}, domain.Errorf(domain.CodeInvalid, "text is empty: give words to search for")
	}
	return t.history(services.HistoryFilter{Text: in.Text, Limit: in.Limit})
}

func (t *tools) history(f services.HistoryFilter) (RunsOutput, error) {
	items, err := t.svc.History.List(f)
	if err != nil {
		return RunsOutput{}, err
	}
	if items == nil {
		items = []services.HistoryItem{}
	}
	return RunsOutput{Runs: items}, nil
}

// RunIDInput names one stored run.
type RunIDInput struct {
	RunID string `json:"run_id" jsonschema:"the run's id, as list_runs and research give it"`
}

// RunOutput is one stored run as get_run shows it.
type RunOutput struct {
	Run          RunInfo             `json:"run"`
	Understood   string              `json:"understood,omitempty" jsonschema:"how the question was understood"`
	Answer       string              `json:"answer,omitempty" jsonschema:"the studies for and against, as the report's answer line says"`
	JudgeAnswer  string              `json:"judge_answer,omitempty" jsonschema:"the judge's own answer line, when the reviewer's include/exclude decisions changed the answer"`
	Assessment   *domain.Assessment  `json:"assessment" jsonschema:"the run's final assessment (null when the judge never answered)"`
	Rejudgements []Rejudgement       `json:"rejudgements" jsonschema:"the same evidence judged again by other judges (rejudge_run)"`
	Verdict      *domain.Verdict     `json:"verdict" jsonschema:"the verifier's verdict on the report (null when none was reached)"`
	Limitations  []report.Limitation `json:"limitations"`
	Evidence     []EvidenceItem      `json:"evidence" jsonschema:"every paper of the run, numbered as the report cites them"`
	ReportURI    string              `json:"report_uri"`
	Disclaimer   string              `json:"disclaimer"`
}

// RunInfo is a stored run's header.
type RunInfo struct {
	ID           string           `json:"id"`
	Question     string           `json:"question"`
	Status       domain.RunStatus `json:"status"`
	Outcome      string           `json:"outcome"`
	StopReason   string           `json:"stop_reason,omitempty"`
	Error        string           `json:"error,omitempty"`
	Judge        domain.JudgeInfo `json:"judge"`
	Iterations   int              `json:"iterations"`
	ReportStatus string           `json:"report_status,omitempty"`
	CreatedAt    time.Time        `json:"created_at"`
	FinishedAt   *time.Time       `json:"finished_at,omitempty"`
}

// Rejudgement is another judge's assessment of a run's evidence.
type Rejudgement struct {
	Label      string            `json:"label"`
	Assessment domain.Assessment `json:"assessment"`
}

// EvidenceItem is one paper of a run with DeepCritical's reading of it.
type EvidenceItem struct {
	N           int                 `json:"n" jsonschema:"the paper's number as the report cites it ([n])"`
	Key         string              `json:"key"`
	Identifiers []string            `json:"identifiers"`
	Citation    domain.Citation     `json:"citation"`
	Abstract    string              `json:"abstract"`
	Design      string              `json:"design" jsonschema:"the study design, as the report's evidence table names it"`
	OffTopic    bool                `json:"off_topic" jsonschema:"set aside as off topic: kept and shown, never fed to the judge's scores"`
	OffTopicWhy string              `json:"off_topic_reason,omitempty"`
	TopicScore  *float64            `json:"topic_score,omitempty" jsonschema:"how well the paper matches the question's concepts, 0 to 1"`
	Retracted   bool                `json:"retracted"`
	Stance      *domain.StudyStance `json:"stance,omitempty" jsonschema:"which way the study points on the question, with the sentence it rests on"`
	Appraisal   *domain.Appraisal   `json:"appraisal,omitempty" jsonschema:"methodological quality and risk of bias, each component with its quote"`
}

func (t *tools) getRun(_ context.Context, _ *mcp.CallToolRequest, in RunIDInput) (RunOutput, error) {
	id, err := runIDOf(in.RunID)
	if err != nil {
		return RunOutput{}, err
	}
	detail, err := t.svc.History.Get(id)
	if err != nil {
		return RunOutput{}, err
	}
	view, err := t.svc.Reports.Get(detail.Run.ID)
	if err != nil {
		return RunOutput{}, err
	}
	r := detail.Run
	out := RunOutput{
		Run: RunInfo{ID: r.ID, Question: r.Question, Status: r.Status, Outcome: detail.Outcome, StopReason: r.StopReason, Error: r.Error,
			Judge: r.Judge, Iterations: r.Iterations, ReportStatus: view.Status, CreatedAt: r.CreatedAt, FinishedAt: r.FinishedAt},
		Understood: view.Understood, Answer: view.Answer, JudgeAnswer: view.JudgeAnswer, Verdict: view.Verdict, Limitations: view.Limitations,
		Rejudgements: []Rejudgement{}, Evidence: make([]EvidenceItem, len(view.Evidence)), ReportURI: ReportURI(r.ID), Disclaimer: services.Disclaimer,
	}
	if out.Limitations == nil {
		out.Limitations = []report.Limitation{}
	}
	if final := domain.FinalAssessment(view.Assessments); final != nil {
		a := final.Assessment
		out.Assessment = &a
	}
	for _, a := range view.Assessments {
		if a.Label != "" {
			out.Rejudgements = append(out.Rejudgements, Rejudgement{Label: a.Label, Assessment: a.Assessment})
		}
	}
	for i, ev := range view.Evidence {
		c := ev.Evidence.Citation
		item := EvidenceItem{N: ev.N, Key: ev.Key, Identifiers: c.Identifiers(), Citation: c, Abstract: ev.Evidence.Content, Design: ev.Design,
			OffTopic: ev.Evidence.IsOffTopic(), Retracted: len(c.Retractions) > 0, Stance: ev.Stance, Appraisal: ev.Appraisal}
		// The abstract is given once, as abstract; the citation's copy of its sections would
		// only repeat it.
		item.Citation.Sections = nil
		if tp := ev.Evidence.Topic; tp != nil {
			score := tp.Score
			item.TopicScore = &score
			if tp.OffTopic {
				item.OffTopicWhy = tp.Reason
			}
		}
		out.Evidence[i] = item
	}
	return out, nil
}

// GetReportInput is get_report's arguments.
type GetReportInput struct {
	RunID           string `json:"run_id" jsonschema:"the run's id"`
	Format          string `json:"format,omitempty" jsonschema:"the export format (default md)"`
	IncludeSetAside bool   `json:"include_set_aside,omitempty" jsonschema:"ris, bibtex, csljson: every paper, the set-aside ones marked (default: only the papers the report relies on)"`
}

// ReportOutput is a run's report in one export format.
type ReportOutput struct {
	RunID    string `json:"run_id"`
	Format   string `json:"format"`
	MIMEType string `json:"mime_type"`
	Text     string `json:"text"`
	Notes    string `json:"notes,omitempty" jsonschema:"csv only: what limits the table (a file export writes it beside the CSV)"`
}

// mimeTypes are the media types of the export formats.
var mimeTypes = map[string]string{
	"md": "text/markdown", "html": "text/html", "json": "application/json", "csv": "text/csv",
	"ris": "application/x-research-info-systems", "bibtex": "application/x-bibtex", "csljson": "application/vnd.citationstyles.csl+json",
}

func (t *tools) getReport(_ context.Context, _ *mcp.CallToolRequest, in GetReportInput) (ReportOutput, error) {
	id, err := runIDOf(in.RunID)
	if err != nil {
		return ReportOutput{}, err
	}
	format := in.Format
	if format == "" {
		format = "md"
	}
	x, err := t.svc.Reports.Text(services.ExportRequest{RunID: id, Format: format, IncludeSetAside: in.IncludeSetAside})
	if err != nil {
		return ReportOutput{}, err
	}
	return ReportOutput{RunID: x.RunID, Format: x.Format, MIMEType: mimeTypes[x.Format], Text: x.Text, Notes: x.Notes}, nil
}

// JudgeInput is judge_evidence's arguments.
type JudgeInput struct {
	Question string          `json:"question" jsonschema:"the research question"`
	Evidence any             `json:"evidence" jsonschema:"search_literature's output, its evidence array, or a list of evidence items: {content, citation: {source, id, title, pmid, doi, nct_id, pmcid, url}}"`
	Judge    domain.Provider `json:"judge,omitempty" jsonschema:"the judge (default: the settings')"`
	Model    string          `json:"model,omitempty" jsonschema:"the judge's model (default: the provider's setting)"`
}

func (t *tools) judgeEvidence(ctx context.Context, _ *mcp.CallToolRequest, in JudgeInput) (services.JudgeResult, error) {
	raw, err := json.Marshal(in.Evidence)
	if err != nil {
		return services.JudgeResult{}, domain.Wrap(domain.CodeInvalid, err, "evidence is not JSON")
	}
	evidence, err := services.ParseEvidence(raw, "evidence")
	if err != nil {
		return services.JudgeResult{}, err
	}
	return t.svc.Commands.JudgeEvidence(ctx, in.Question, evidence, judgeChoice(in.Judge, in.Model))
}

// AppraiseInput is appraise_paper's arguments: exactly one of pmid, pmcid or text.
type AppraiseInput struct {
	PMID  string          `json:"pmid,omitempty" jsonschema:"a PubMed id, e.g. 27797938: read in full when it has an open-access full text, else from its abstract"`
	PMCID string          `json:"pmcid,omitempty" jsonschema:"a PubMed Central id, e.g. PMC3531190: read from its open-access full text (Europe PMC, else PMC)"`
	Text  string          `json:"text,omitempty" jsonschema:"the paper's text (abstract or full text)"`
	Title string          `json:"title,omitempty" jsonschema:"the title of text (optional)"`
	Judge domain.Provider `json:"judge,omitempty" jsonschema:"the appraiser: offline (the rule-based rubric) or an LLM judge (default: the settings')"`
	Model string          `json:"model,omitempty" jsonschema:"the judge's model"`
}

// AppraiseOutput is an appraisal with what was read for it, as `deepcritical appraise`
// prints beside it.
type AppraiseOutput struct {
	domain.Appraisal
	TextRead string   `json:"text_read" jsonschema:"which text was read: read in full (and where from), abstract only, registry entry, or the text given"`
	Notes    []string `json:"notes" jsonschema:"why a full text was not read, what metadata could not be had"`
}

// textGiven is text_read for an appraisal of the text argument.
const textGiven = "the text given"

func (t *tools) appraisePaper(ctx context.Context, _ *mcp.CallToolRequest, in AppraiseInput) (AppraiseOutput, error) {
	given := 0
	for _, v := range []string{in.PMID, in.PMCID, in.Text} {
		if strings.TrimSpace(v) != "" {
			given++
		}
	}
	if given != 1 {
		return AppraiseOutput{}, domain.Errorf(domain.CodeInvalid, "appraise_paper needs exactly one of pmid, pmcid or text")
	}
	if in.Title != "" && strings.TrimSpace(in.Text) == "" {
		return AppraiseOutput{}, domain.Errorf(domain.CodeInvalid, "title goes with text; a pmid or pmcid brings its own")
	}
	choice := judgeChoice(in.Judge, in.Model)
	if strings.TrimSpace(in.Text) != "" {
		ap, err := t.svc.Commands.AppraiseText(ctx, in.Title, in.Text, choice)
		return AppraiseOutput{Appraisal: ap, TextRead: textGiven, Notes: []string{}}, err
	}
	// The paper is read as `deepcritical appraise --pmid/--pmcid` reads it: the same
	// service, so the same text and the same scores.
	paper, err := t.svc.Commands.AppraisePaper(ctx, services.PaperRequest{PMID: strings.TrimSpace(in.PMID), PMCID: strings.TrimSpace(in.PMCID)}, choice)
	if err != nil {
		return AppraiseOutput{}, err
	}
	out := AppraiseOutput{Appraisal: paper.Appraisal, TextRead: report.TextRead(paper.Appraisal.Document), Notes: paper.Notes}
	if out.Notes == nil {
		out.Notes = []string{}
	}
	return out, nil
}

// RejudgeInput is rejudge_run's arguments.
type RejudgeInput struct {
	RunID string          `json:"run_id" jsonschema:"the stored run to judge again"`
	Judge domain.Provider `json:"judge" jsonschema:"the other judge"`
	Model string          `json:"model,omitempty" jsonschema:"its model (default: the judge's configured model)"`
}

func (t *tools) rejudgeRun(_ context.Context, _ *mcp.CallToolRequest, in RejudgeInput) (services.Comparison, error) {
	id, err := runIDOf(in.RunID)
	if err != nil {
		return services.Comparison{}, err
	}
	return t.svc.Judges.Rejudge(services.RejudgeRequest{RunID: id, Provider: in.Judge, Model: strings.TrimSpace(in.Model)})
}

// LibrarySearchInput is library_search's arguments.
type LibrarySearchInput struct {
	Query string `json:"query" jsonschema:"words to find; every word must occur"`
	Limit int    `json:"limit,omitempty" jsonschema:"at most this many records (default 100)"`
}

// LibraryOutput is the matching library records, best first.
type LibraryOutput struct {
	Records []services.LibraryItem `json:"records"`
}

func (t *tools) librarySearch(_ context.Context, _ *mcp.CallToolRequest, in LibrarySearchInput) (LibraryOutput, error) {
	recs, err := t.svc.Library.Search(in.Query, in.Limit)
	if err != nil {
		return LibraryOutput{}, err
	}
	if recs == nil {
		recs = []services.LibraryItem{}
	}
	return LibraryOutput{Records: recs}, nil
}

func anySlice[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
