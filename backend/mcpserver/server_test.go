package mcpserver

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/internal/testenv"
	"deepcritical/backend/services"
)

// call calls a tool and returns its result; a protocol error fails the test.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err, name)
	return res
}

// text is a result's text content.
func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// callOK calls a tool that must succeed and decodes its structured content; the text content
// must carry the same JSON, for clients that read only text.
func callOK[T any](t *testing.T, cs *mcp.ClientSession, name string, args any) T {
	t.Helper()
	res := call(t, cs, name, args)
	require.False(t, res.IsError, "%s failed: %s", name, text(res))
	require.NotNil(t, res.StructuredContent, name)
	b, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	require.JSONEq(t, string(b), text(res), "%s: the text content is the structured content", name)
	var out T
	require.NoError(t, json.Unmarshal(b, &out))
	return out
}

// toolNames lists the tools a client sees.
func toolNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	var names []string
	for _, tool := range res.Tools {
		require.NotNil(t, tool.OutputSchema, "%s declares its output schema", tool.Name)
		require.NotEmpty(t, tool.Description, tool.Name)
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	return names
}

func TestToolsListedAndReadOnly(t *testing.T) {
	for _, tc := range []struct {
		readOnly bool
		want     []string
	}{
		{false, []string{"appraise_paper", "cancel_run", "get_report", "get_run", "judge_evidence", "library_search", "list_runs", "rejudge_run",
			"research", "search_history", "search_literature"}},
		{true, []string{"get_report", "get_run", "library_search", "list_runs", "search_history"}},
	} {
		t.Run(map[bool]string{false: "all", true: "read-only"}[tc.readOnly], func(t *testing.T) {
			c, _ := openServices(t, 0, tc.readOnly)
			cs := connect(t, New(FromContainer(c), Options{ReadOnly: tc.readOnly}), nil)
			require.Equal(t, tc.want, toolNames(t, cs))
			res, err := cs.ListResourceTemplates(context.Background(), nil)
			require.NoError(t, err)
			require.Len(t, res.ResourceTemplates, 1)
			require.Equal(t, "deepcritical://runs/{id}/report.md", res.ResourceTemplates[0].URITemplate)
			if tc.readOnly {
				_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "research", Arguments: map[string]any{"question": "Does metformin prevent dementia?"}})
				require.ErrorContains(t, err, `unknown tool "research"`, "a tool that is not listed cannot be called")
			}
		})
	}
}

// TestReadOnlyBeforeTheFirstRun: `mcp --read-only` started on a machine where no run was
// ever made serves an empty history (an MCP host configured before the first run sees a
// server, not "connection closed") and writes nothing to disk.
func TestReadOnlyBeforeTheFirstRun(t *testing.T) {
	testenv.Clear(t)
	dir := t.TempDir()
	paths := config.PathsIn(filepath.Join(dir, "config"), filepath.Join(dir, "data"))
	c, err := services.Open(context.Background(), services.Options{Paths: paths, Keyring: noKeyring{}, ReadOnly: true})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	cs := connect(t, New(FromContainer(c), Options{ReadOnly: true}), nil)
	runs := callOK[map[string]any](t, cs, "list_runs", map[string]any{})
	require.Equal(t, map[string]any{"runs": []any{}}, runs)
	callOK[map[string]any](t, cs, "library_search", map[string]any{"query": "metformin"})
	_, statErr := os.Stat(paths.DatabaseFile)
	require.ErrorIs(t, statErr, os.ErrNotExist, "reading creates no database")
}

func TestBadArgumentsNameTheField(t *testing.T) {
	c, _ := openServices(t, 0, false)
	cs := connect(t, New(FromContainer(c), Options{}), nil)
	for _, tc := range []struct {
		tool string
		args any
		want string
	}{
		{"search_literature", map[string]any{}, "invalid arguments: query is required"},
		{"search_literature", nil, "invalid arguments: query is required"},
		{"search_literature", map[string]any{"query": "metformin", "max_results": 500}, "invalid arguments: max_results must be ≤ 50, got 500"},
		{"search_literature", map[string]any{"query": "metformin", "max_results": 0}, "invalid arguments: max_results must be ≥ 1, got 0"},
		{"search_literature", map[string]any{"query": "metformin", "sources": []any{"pubmed", "scopus"}},
			`invalid arguments: sources[1] must be one of "pubmed", "europepmc", "clinicaltrials", "web", "library", got "scopus"`},
		{"research", map[string]any{"question": "metformin", "judge": "gpt"},
			`invalid arguments: judge must be one of "offline", "openai", "anthropic", "huggingface", "ollama", "compatible", "cli", got "gpt"`},
		{"research", map[string]any{"question": "metformin", "max_iterations": 0.5}, "invalid arguments: max_iterations must be integer, got the number 0.5"},
		{"research", map[string]any{"question": 42, "max_iterations": 11},
			"invalid arguments: max_iterations must be ≤ 10, got 11; question must be string, got the number 42"},
		{"list_runs", map[string]any{"limit": "ten"}, "invalid arguments: limit must be integer, got a string"},
		{"list_runs", map[string]any{"status": "done"}, `invalid arguments: status must be one of "pending", "running", "complete", "failed", "cancelled", "interrupted", got "done"`},
		{"get_run", map[string]any{}, "invalid arguments: run_id is required"},
		{"get_report", map[string]any{"run_id": "x", "format": "pdf"}, `invalid arguments: format must be one of "md", "html", "json", "csv", "ris", "bibtex", "csljson", got "pdf"`},
		{"judge_evidence", map[string]any{"question": "q", "evidence": "not json evidence"}, "invalid arguments: evidence must be array or object, got a string"},
		{"get_run", map[string]any{"run_id": strings.Repeat("x", 1_000_000)}, "invalid arguments: run_id must have at most 100 characters, got 1000000"},
		{"get_report", map[string]any{"run_id": strings.Repeat("x", 101)}, "invalid arguments: run_id must have at most 100 characters, got 101"},
		{"rejudge_run", map[string]any{"run_id": strings.Repeat("x", 101), "judge": "offline"}, "invalid arguments: run_id must have at most 100 characters, got 101"},
		{"research", map[string]any{"resume_run_id": strings.Repeat("x", 101)}, "invalid arguments: resume_run_id must have at most 100 characters, got 101"},
		{"appraise_paper", map[string]any{"pmid": strings.Repeat("1", 5000)}, "invalid arguments: pmid must have at most 100 characters, got 5000"},
		{"rejudge_run", map[string]any{"run_id": "x"}, "invalid arguments: judge is required"},
		{"library_search", map[string]any{"query": "x", "unknown": 1}, "invalid arguments: unknown is not expected here"},
	} {
		t.Run(tc.tool+"/"+tc.want, func(t *testing.T) {
			res := call(t, cs, tc.tool, tc.args)
			require.True(t, res.IsError)
			require.Equal(t, tc.want, text(res))
		})
	}
}

func TestToolFailuresSayWhatTheCLISays(t *testing.T) {
	c, _ := openServices(t, 0, false)
	cs := connect(t, New(FromContainer(c), Options{}), nil)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"get_run", map[string]any{"run_id": "nope"}, "run nope not found"},
		{"get_report", map[string]any{"run_id": "nope"}, "run nope not found"},
		{"rejudge_run", map[string]any{"run_id": "nope", "judge": "offline"}, "run nope not found"},
		{"research", map[string]any{}, "research needs a question (or resume_run_id)"},
		{"research", map[string]any{"question": "Does metformin prevent dementia?", "resume_run_id": "x"}, "either question or resume_run_id"},
		{"research", map[string]any{"resume_run_id": "nope"}, "run nope not found"},
		{"research", map[string]any{"question": strings.Repeat("why ", 200)}, "500"},
		{"search_history", map[string]any{"text": "  "}, "text is empty"},
		{"appraise_paper", map[string]any{"pmid": "1", "text": "x"}, "exactly one of pmid, pmcid or text"},
		{"appraise_paper", map[string]any{"pmid": "abc"}, `"abc" is not a PMID`},
		{"appraise_paper", map[string]any{"pmcid": "PMC999999"}, "no full text for PMC999999: Europe PMC: no full text for this PMCID (HTTP 404)"},
		{"appraise_paper", map[string]any{"text": strings.Repeat("randomised. ", services.MaxAppraisalText/12+1)},
			"the text to appraise is 1.0 MiB, more than the 1 MiB an appraisal reads (a long full-text article is about 300 KB): give the text of one paper"},
		{"get_run", map[string]any{"run_id": " "}, "run_id is empty: give a run's id as list_runs or research return it"},
		{"get_report", map[string]any{"run_id": ""}, "run_id is empty"},
		{"rejudge_run", map[string]any{"run_id": "", "judge": "offline"}, "run_id is empty"},
		{"list_runs", map[string]any{"since": "yesterday"}, `since "yesterday" is not a day: give it as YYYY-MM-DD`},
		{"list_runs", map[string]any{"since": "2026-12-01", "until": "2026-11-01"}, "since 2026-12-01 is after until 2026-11-01: no run can match"},
		{"appraise_paper", map[string]any{"pmid": "99999999"}, "PubMed returned no record for PMID 99999999"},
		{"judge_evidence", map[string]any{"question": "Does metformin prevent dementia?", "evidence": []any{map[string]any{"content": "x", "citation": map[string]any{"source": "scopus"}}}},
			`evidence[0].citation.source must be one of pubmed, europepmc, clinicaltrials, web, library, got "scopus"`},
		{"library_search", map[string]any{"query": " "}, "type something to search for"},
	} {
		t.Run(tc.tool+"/"+tc.want, func(t *testing.T) {
			res := call(t, cs, tc.tool, tc.args)
			require.True(t, res.IsError, text(res))
			require.Contains(t, text(res), tc.want)
			require.NotContains(t, text(res), "\n", "one line, as the CLI prints it")
			require.Less(t, len(text(res)), 400, "a message never quotes a large argument back")
		})
	}
}

// progressLog collects the progress notifications a client receives.
type progressLog struct {
	mu       sync.Mutex
	messages []string
	first    chan string // the first message, once
}

func newProgressLog() *progressLog { return &progressLog{first: make(chan string, 1)} }

func (p *progressLog) handler(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.messages = append(p.messages, req.Params.Message)
	if len(p.messages) == 1 {
		p.first <- req.Params.Message
	}
}

// settled returns the number of messages once none has arrived for a quarter of a second
// (at most five seconds): what the client had been sent when it read the answer.
func (p *progressLog) settled() int {
	n := len(p.all())
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		time.Sleep(250 * time.Millisecond)
		m := len(p.all())
		if m == n {
			return n
		}
		n = m
	}
	return n
}

func (p *progressLog) all() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.messages...)
}

// research calls the research tool with a progress token.
func research(ctx context.Context, cs *mcp.ClientSession, args map[string]any) (*mcp.CallToolResult, error) {
	p := &mcp.CallToolParams{Name: "research", Arguments: args}
	p.SetProgressToken("research-1")
	return cs.CallTool(ctx, p)
}

// TestResearchThenEveryTool runs a whole research over the fakes through the research tool
// and then reads it back with every other tool, as an assistant would.
func TestResearchThenEveryTool(t *testing.T) {
	c, _ := openServices(t, 0, false)
	_, err := c.Commands.ImportLibrary(context.Background(), []string{filepath.Join("testdata", "library.ris")}, nil)
	require.NoError(t, err)
	prog := newProgressLog()
	cs := connect(t, New(FromContainer(c), Options{}), &mcp.ClientOptions{ProgressNotificationHandler: prog.handler})

	res, err := research(context.Background(), cs, map[string]any{"question": "What drugs could be repurposed for Alzheimer's disease?",
		"judge": "offline", "sources": []any{"pubmed", "europepmc", "clinicaltrials", "library"}, "max_iterations": 2})
	require.NoError(t, err)
	require.False(t, res.IsError, text(res))
	var run ResearchOutput
	b, _ := json.Marshal(res.StructuredContent)
	require.NoError(t, json.Unmarshal(b, &run))
	require.Equal(t, domain.RunComplete, run.Status)
	require.NotEmpty(t, run.Outcome)
	require.NotNil(t, run.Assessment)
	require.Contains(t, run.Candidates, "Liraglutide", "the offline judge names the trialled drug")
	require.Contains(t, run.ReportMarkdown, "## Drug candidates")
	require.Equal(t, "deepcritical://runs/"+run.RunID+"/report.md", run.ReportURI)
	require.Empty(t, run.Resume)

	msgs := prog.all()
	require.NotEmpty(t, msgs, "progress notifications arrive during the call")
	require.True(t, strings.HasPrefix(msgs[0], "run "+run.RunID+" · started"), msgs[0])
	// The server sends the last step before its answer, but the client SDK hands
	// notifications to their handler on its own goroutine: the last may be handled just after
	// the call returns (seen once under load).
	require.Eventually(t, func() bool {
		return slices.ContainsFunc(prog.all(), func(m string) bool { return strings.Contains(m, "· complete") })
	}, 10*time.Second, 10*time.Millisecond, "the last step is reported")

	runs := callOK[RunsOutput](t, cs, "list_runs", map[string]any{"status": "complete"})
	require.Len(t, runs.Runs, 1)
	require.Equal(t, run.RunID, runs.Runs[0].ID)
	found := callOK[RunsOutput](t, cs, "search_history", map[string]any{"text": "liraglutide"})
	require.Len(t, found.Runs, 1, "history search reaches the evidence text")
	require.Empty(t, callOK[RunsOutput](t, cs, "search_history", map[string]any{"text": "zebrafish"}).Runs)

	detail := callOK[RunOutput](t, cs, "get_run", map[string]any{"run_id": run.RunID})
	require.Equal(t, run.RunID, detail.Run.ID)
	require.NotNil(t, detail.Assessment)
	require.NotEmpty(t, detail.Evidence)
	appraised, offTopic := 0, 0
	for _, ev := range detail.Evidence {
		require.NotEmpty(t, ev.Identifiers)
		require.Equal(t, ev.Key, ev.Identifiers[0], "the key is the strongest identifier")
		require.NotNil(t, ev.TopicScore, "every paper was scored against the question")
		if ev.Appraisal != nil {
			appraised++
		}
		if ev.OffTopic {
			offTopic++
			require.NotEmpty(t, ev.OffTopicWhy, "a paper set aside says why")
		}
	}
	require.Positive(t, appraised, "trials carry their appraisal")
	require.Positive(t, offTopic, "the library's semaglutide paper does not mention Alzheimer disease: it is set aside")

	for _, format := range []string{"md", "html", "json", "csv", "ris", "bibtex", "csljson"} {
		rep := callOK[ReportOutput](t, cs, "get_report", map[string]any{"run_id": run.RunID, "format": format})
		require.Equal(t, format, rep.Format)
		require.NotEmpty(t, rep.Text, format)
		require.NotEmpty(t, rep.MIMEType, format)
		require.Equal(t, format == "csv", rep.Notes != "", "only the CSV has its limitations beside it")
	}
	read, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: run.ReportURI})
	require.NoError(t, err)
	require.Contains(t, read.Contents[0].Text, "## Drug candidates")
	require.Equal(t, callOK[ReportOutput](t, cs, "get_report", map[string]any{"run_id": run.RunID}).Text, read.Contents[0].Text,
		"the resource is get_report's md")
	_, err = cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "deepcritical://runs/nope/report.md"})
	require.ErrorContains(t, err, "not found")

	cmp := callOK[services.Comparison](t, cs, "rejudge_run", map[string]any{"run_id": run.RunID, "judge": "offline"})
	require.Equal(t, "rejudge:offline/heuristic-v1", cmp.Label)
	require.Len(t, callOK[RunOutput](t, cs, "get_run", map[string]any{"run_id": run.RunID}).Rejudgements, 1, "the re-judgement is kept beside the run")

	hits := callOK[SearchOutput](t, cs, "search_literature", map[string]any{"query": "liraglutide alzheimer", "sources": []any{"pubmed"}})
	require.NotEmpty(t, hits.Evidence)
	require.Equal(t, "pmid:31000003", hits.Evidence[0].Identifiers[0])
	judged := callOK[services.JudgeResult](t, cs, "judge_evidence", map[string]any{"question": "Could liraglutide treat Alzheimer's disease?",
		"evidence": hits, "judge": "offline"})
	require.Equal(t, domain.JudgeKindOffline, judged.Assessment.Judge.Kind)
	judgedArray := callOK[services.JudgeResult](t, cs, "judge_evidence", map[string]any{"question": "Could liraglutide treat Alzheimer's disease?",
		"evidence": hits.Evidence, "judge": "offline"})
	require.Equal(t, judged.Assessment.Details, judgedArray.Assessment.Details, "the output or its evidence array judge alike")

	for _, args := range []map[string]any{
		{"pmid": "31000002", "judge": "offline"},
		{"pmcid": "PMC5000002", "judge": "offline"},
		{"text": "Patients were randomly assigned by a computer-generated list to insulin or placebo; assessors were blinded.", "title": "A trial", "judge": "offline"},
	} {
		ap := callOK[AppraiseOutput](t, cs, "appraise_paper", args)
		require.NotEmpty(t, ap.Dimensions, args)
		require.Equal(t, domain.JudgeKindOffline, ap.Assessor.Kind)
	}

	lib := callOK[LibraryOutput](t, cs, "library_search", map[string]any{"query": "semaglutide"})
	require.Len(t, lib.Records, 1)
	require.Equal(t, "10.1002/trc2.12268", lib.Records[0].Evidence.Citation.DOI)
}

// TestCancelledResearchResumes cancels a research call mid-run (the client sends
// notifications/cancelled), finds the run stored as cancelled, and resumes it to completion.
func TestCancelledResearchResumes(t *testing.T) {
	c, _ := openServices(t, 150*time.Millisecond, false)
	prog := newProgressLog()
	cs := connect(t, New(FromContainer(c), Options{}), &mcp.ClientOptions{ProgressNotificationHandler: prog.handler})

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := research(ctx, cs, map[string]any{"question": "What drugs could be repurposed for Alzheimer's disease?", "judge": "offline", "max_iterations": 2})
		done <- err
	}()
	first := <-prog.first
	runID := strings.Fields(first)[1]
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)

	require.Eventually(t, func() bool {
		d := callOK[RunOutput](t, cs, "get_run", map[string]any{"run_id": runID})
		return d.Run.Status == domain.RunCancelled
	}, 20*time.Second, 50*time.Millisecond, "the run is stored as cancelled, resumable")

	res, err := research(context.Background(), cs, map[string]any{"resume_run_id": runID})
	require.NoError(t, err)
	require.False(t, res.IsError, text(res))
	var run ResearchOutput
	b, _ := json.Marshal(res.StructuredContent)
	require.NoError(t, json.Unmarshal(b, &run))
	require.Equal(t, runID, run.RunID)
	require.Equal(t, domain.RunComplete, run.Status)
	require.NotEmpty(t, run.ReportMarkdown)
}

// TestResearchStopsWaitingAndTheRunGoesOn is the path of a host that gives up on a tool
// after a minute: with max_wait_seconds the call answers "running" and the run completes in
// the background, followed with get_run; no progress notification follows the answer.
func TestResearchStopsWaitingAndTheRunGoesOn(t *testing.T) {
	c, _ := openServices(t, time.Second, false) // slower than max_wait_seconds: every search waits a second
	prog := newProgressLog()
	cs := connect(t, New(FromContainer(c), Options{}), &mcp.ClientOptions{ProgressNotificationHandler: prog.handler})

	res, err := research(context.Background(), cs, map[string]any{"question": "What drugs could be repurposed for Alzheimer's disease?",
		"judge": "offline", "max_iterations": 2, "max_wait_seconds": 1})
	require.NoError(t, err)
	require.False(t, res.IsError, text(res))
	var run ResearchOutput
	b, _ := json.Marshal(res.StructuredContent)
	require.NoError(t, json.Unmarshal(b, &run))
	require.Equal(t, domain.RunRunning, run.Status)
	require.Contains(t, run.Resume, `get_run {"run_id": "`+run.RunID+`"}`)
	// The client hands notifications to its handler concurrently with the answer: one sent
	// just before the answer can reach the log just after it. Count once the log is still.
	answered := prog.settled()

	require.Eventually(t, func() bool {
		return callOK[RunOutput](t, cs, "get_run", map[string]any{"run_id": run.RunID}).Run.Status == domain.RunComplete
	}, 60*time.Second, 100*time.Millisecond, "the run completes after the call has answered")
	require.Equal(t, answered, len(prog.all()), "no progress notification after the answer")
	require.Contains(t, callOK[ReportOutput](t, cs, "get_report", map[string]any{"run_id": run.RunID}).Text, "## Drug candidates")
}

// TestCancelARunLeftRunning: a run left running after max_wait_seconds is stopped with
// cancel_run, which answers once the run is cancelled and says how to resume it; a run that
// is not running has nothing to cancel.
func TestCancelARunLeftRunning(t *testing.T) {
	c, _ := openServices(t, time.Second, false)
	cs := connect(t, New(FromContainer(c), Options{}), nil)
	started := callOK[ResearchOutput](t, cs, "research", map[string]any{"question": "What drugs could be repurposed for Alzheimer's disease?",
		"judge": "offline", "max_iterations": 3, "max_wait_seconds": 1})
	require.Equal(t, domain.RunRunning, started.Status)

	stopped := callOK[ResearchOutput](t, cs, "cancel_run", map[string]any{"run_id": started.RunID})
	require.Equal(t, started.RunID, stopped.RunID)
	require.Equal(t, domain.RunCancelled, stopped.Status)
	require.Contains(t, stopped.Resume, `research {"resume_run_id": "`+started.RunID+`"}`)
	require.Equal(t, domain.RunCancelled, callOK[RunOutput](t, cs, "get_run", map[string]any{"run_id": started.RunID}).Run.Status)

	again := call(t, cs, "cancel_run", map[string]any{"run_id": started.RunID})
	require.True(t, again.IsError)
	require.Equal(t, "run "+started.RunID+" is not running (it is cancelled): there is nothing to cancel", text(again))
	unknown := call(t, cs, "cancel_run", map[string]any{"run_id": "no-such-run"})
	require.True(t, unknown.IsError)
	require.Contains(t, text(unknown), "no-such-run")
}

// TestToolErrorsNameArguments: a message that names a CLI flag names the tool's argument.
func TestToolErrorsNameArguments(t *testing.T) {
	err := toolError(domain.Errorf(domain.CodeInvalid, "the report of run r1 relies on no paper: include the set-aside papers to export them (--include-set-aside)"))
	require.Equal(t, "the report of run r1 relies on no paper: include the set-aside papers to export them (include_set_aside: true)", err.Error())
}
