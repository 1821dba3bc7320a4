package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
	"deepcritical/backend/verify/grounding"
)

func TestExportGolden(t *testing.T) {
	run := sampleExportRun()
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, Export(run, format, &buf))
			golden(t, "sample"+Extension(format), buf.Bytes())
		})
	}
}

func TestBuildCandidatesAndFindings(t *testing.T) {
	ev := sampleEvidence()
	a := sampleAssessment(domain.JudgeKindOffline)
	h := &domain.Heuristics{Candidates: []domain.Candidate{{Name: "Liraglutide", Support: 2}}}
	r := Build(Input{Run: sampleRun(), Evidence: ev, Assessment: &a, Heuristics: h})

	require.Len(t, r.Candidates, 3)
	require.Equal(t, "Liraglutide", r.Candidates[0].Name, "two citations rank first")
	require.Equal(t, []int{2, 3}, r.Candidates[0].Citations)
	require.Equal(t, "Metformin", r.Candidates[1].Name)
	require.Equal(t, []int{1}, r.Candidates[1].Citations)
	require.Equal(t, "Donepezil", r.Candidates[2].Name)
	require.True(t, r.Candidates[2].Flagged, "a drug absent from the evidence is flagged")
	require.False(t, r.Findings[0].Flagged)
	require.Equal(t, []int{1}, r.Findings[0].Citations)
	require.True(t, r.Findings[1].Flagged)
	require.Equal(t, []string{"drug candidate: Donepezil", "finding: Aspirin prevents dementia in smokers"}, r.Flagged)
	require.Contains(t, r.Markdown, "**Donepezil** — ⚠ UNSUPPORTED")
	require.Contains(t, r.Markdown, "1. **Liraglutide** — named in [2], [3]")
	require.Contains(t, r.Markdown, Disclaimer)
	require.Equal(t, StatusDraft, r.Status)

	// A candidate's citing studies carry their stance, so one named only by a study that
	// found no effect does not read as supported.
	a.Details.Stances = []domain.StudyStance{{N: 2, Stance: domain.StanceRefutes, Quote: "No effect."}, {N: 1, Stance: domain.StanceSupports}}
	r = Build(Input{Run: sampleRun(), Evidence: ev, Assessment: &a, Heuristics: h})
	require.Equal(t, []string{"no effect or harm", ""}, r.Candidates[0].Stances)
	require.Contains(t, r.Markdown, "1. **Liraglutide** — named in [2] (no effect or harm), [3]\n")
	require.Contains(t, r.Markdown, "2. **Metformin** — named in [1] (finds a benefit)\n")
	var html bytes.Buffer
	require.NoError(t, Export(ExportRun{Run: sampleRun(), Evidence: ev, Assessments: []domain.StoredAssessment{{Iteration: 1, Assessment: a}}}, "html", &html))
	require.Contains(t, html.String(), `named in <a href="#ref-2">[2]</a> (no effect or harm), <a href="#ref-3">[3]</a>`)

	// Every citation number in the report resolves to a row.
	for _, n := range grounding.CitationNumbers(r.Markdown) {
		require.True(t, n >= 1 && n <= len(ev), "citation [%d] out of range", n)
	}
}

func TestJudgeLabels(t *testing.T) {
	ev := sampleEvidence()
	cases := []struct {
		kind domain.JudgeKind
		want []string
	}{
		{domain.JudgeKindOffline, []string{"Offline heuristic judge — no language model was used", "The offline heuristic judge rated", "no language model wrote this text"}},
		{domain.JudgeKindFallback, []string{"FALLBACK assessment", "not an LLM assessment: invalid or unauthorised key for openai", "The fallback assessment (the LLM judge failed)"}},
	}
	for _, tc := range cases {
		t.Run(string(tc.kind), func(t *testing.T) {
			a := sampleAssessment(tc.kind)
			r := Build(Input{Run: sampleRun(), Evidence: ev, Assessment: &a})
			for _, w := range tc.want {
				require.Contains(t, r.Markdown, w)
			}
		})
	}
	a := sampleAssessment(domain.JudgeKindLLM)
	a.Judge = domain.JudgeInfo{Provider: domain.ProviderOllama, Model: "llama3.1:8b", Kind: domain.JudgeKindLLM}
	r := Build(Input{Run: sampleRun(), Evidence: ev, Assessment: &a, Narrative: &Narrative{Text: "Liraglutide [2] and metformin [1] stand out.", By: a.Judge}})
	require.Contains(t, r.Markdown, "Liraglutide [2] and metformin [1] stand out.")
	require.Contains(t, r.Markdown, "Written by ollama (llama3.1:8b) from the stored evidence only.")
}

func TestStopRuleText(t *testing.T) {
	cfg := domain.DefaultRunConfig()
	cases := map[string]string{
		"sufficient":          "sufficient and recommended synthesis after 3 iterations",
		"max_iterations":      "limit of 5 iterations (setting run.max_iterations)",
		"no_progress":         "two iterations in a row found no new evidence",
		"cancelled":           "cancelled",
		"failed: judge: boom": "The run failed (judge: boom)",
		"":                    "has not finished",
	}
	for reason, want := range cases {
		require.Contains(t, StopRuleText(domain.Run{StopReason: reason, Iterations: 3, Config: cfg}), want, reason)
	}
}

func TestNoAssessmentReport(t *testing.T) {
	run := sampleRun()
	run.StopReason, run.Iterations = "cancelled", 0
	r := Build(Input{Run: run})
	require.True(t, r.Partial)
	require.Contains(t, r.Markdown, "No assessment was made")
	require.Contains(t, r.Markdown, "No evidence was found.")
	require.Empty(t, grounding.Placeholders(r.Markdown))
}

func TestHTMLEscapesEverything(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Export(sampleExportRun(), "html", &buf))
	out := buf.String()
	require.NotContains(t, out, "<script>")
	require.NotContains(t, out, `href="javascript:`)
	require.Contains(t, out, "&lt;script&gt;")
	require.NotContains(t, out, "<b>claims")
	require.NotContains(t, out, "http://", "no external resources")
	require.Contains(t, out, `<a href="#ref-2">[2]</a>`)
	require.Contains(t, out, "Verification FAILED")
	require.Contains(t, out, Disclaimer)
}

func TestMarkdownEscapesEvidence(t *testing.T) {
	r := Build(InputFromExport(sampleExportRun()))
	require.NotContains(t, r.Markdown, "<script>")
	require.Contains(t, r.Markdown, `\<script\>`)
	require.NotContains(t, r.Markdown, "[link](javascript:")
	require.Contains(t, r.Markdown, `\[link\](javascript:`)
	require.NotContains(t, r.Markdown, "<javascript:", "non-http URLs are not linked")
}

func TestCSVExport(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Export(sampleExportRun(), "csv", &buf))
	recs, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 5, "header and 4 evidence rows: the limitations go into the notes file")
	require.Equal(t, csvHeader, recs[0][:len(csvHeader)])
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	require.Equal(t, "pmid:31234567", recs[1][col["key"]])
	require.Equal(t, "RCT", recs[1][col["design"]])
	require.Equal(t, "70", recs[1][col["volume"]])
	require.Equal(t, "2", recs[1][col["issue"]])
	require.Equal(t, "455-466", recs[1][col["pages"]])
	require.Equal(t, "NCT01843075 · PHASE2 · COMPLETED · n=204", recs[3][col["registry_phase_status"]])
	require.Equal(t, "Liraglutide", recs[3][col["cited_for"]])
	require.Empty(t, recs[4][col["url"]], "a javascript: URL is not exported")
	require.Equal(t, "offline heuristic-v1", recs[1][col["judge"]], "the CSV says which judge scored")
	for _, rec := range recs[1:] {
		require.Len(t, rec, len(recs[0]), "a flat table: every row has every column")
	}
	for _, rec := range recs[1:] {
		for _, cell := range rec {
			require.False(t, cell != "" && strings.ContainsRune("=+-@", rune(cell[0])), "formula cell %q", cell)
		}
	}
}

func TestJSONExportIsWholeRun(t *testing.T) {
	var buf bytes.Buffer
	run := sampleExportRun()
	require.NoError(t, Export(run, "json", &buf))
	var got map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &got))
	for _, k := range []string{"question", "config", "run", "events", "evidence", "assessments", "verdicts", "report"} {
		require.Contains(t, got, k)
	}
	require.Len(t, got["events"], len(run.Events))
	require.Len(t, got["assessments"], 3)
	require.Equal(t, run.Run.Question, got["question"])
}

func TestCitationExportsRoundTrip(t *testing.T) {
	run := sampleExportRun()
	formats := map[string]citeformat.Format{"ris": citeformat.FormatRIS, "bibtex": citeformat.FormatBibTeX, "csljson": citeformat.FormatCSLJSON}
	for name, f := range formats {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, Export(run, name, &buf))
			back, errs := citeformat.Read(&buf, f)
			require.Empty(t, errs)
			require.Len(t, back, len(run.Evidence))
			for i, ev := range run.Evidence {
				if !strings.Contains(ev.Citation.Title, "<") { // CSL titles may carry HTML markup, which readers strip
					require.Equal(t, ev.Citation.Title, back[i].Citation.Title)
				}
				require.Equal(t, ev.Citation.PMID, back[i].Citation.PMID)
				require.Equal(t, domain.NormalizeDOI(ev.Citation.DOI), domain.NormalizeDOI(back[i].Citation.DOI))
			}
		})
	}
}

func TestInputFromExport(t *testing.T) {
	run := sampleExportRun()
	in := InputFromExport(run)
	require.NotNil(t, in.Assessment)
	require.Equal(t, domain.JudgeKindOffline, in.Assessment.Judge.Kind, "labelled re-judgements are not the run's assessment")
	require.True(t, in.Assessment.Sufficient, "the latest iteration wins")
	require.NotNil(t, in.Narrative)
	require.True(t, in.Narrative.Offline)
	require.Equal(t, domain.ReportFailed, in.Verification.Status)
	require.Equal(t, []string{"Donepezil"}, in.Verification.Checks.Unsupported(grounding.KindCandidate))
	// The HTML rebuilt from storage says what the stored Markdown says.
	require.Equal(t, run.Report.Markdown, Build(in).Markdown)
}

func TestUnverifiedReport(t *testing.T) {
	run := sampleExportRun()
	run.Report.Status = domain.ReportUnverified
	run.Events = append(run.Events, domain.Event{RunID: run.Run.ID, Seq: 5, Type: domain.EventError,
		Data: json.RawMessage(`{"unverified_reason":"verifier timed out"}`)})
	r := Build(InputFromExport(run))
	require.Equal(t, domain.ReportUnverified, r.Status)
	require.Contains(t, r.Markdown, "UNVERIFIED: the report could not be verified (verifier timed out)")
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]string{"MD": "md", "markdown": "md", "bib": "bibtex", "CSL": "csljson", "html": "html"} {
		got, err := ParseFormat(in)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	_, err := ParseFormat("docx")
	require.ErrorContains(t, err, "unknown export format")
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
}

func TestSafeOutputPath(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "link")))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	cases := []struct {
		dir, name string
		want      string
		err       string
	}{
		{dir, "report.md", filepath.Join(dir, "report.md"), ""},
		{dir, "sub/report.md", filepath.Join(dir, "sub", "report.md"), ""},
		{dir, "../x.md", "", "leaves the chosen folder"},
		{dir, "sub/../../x.md", "", "leaves the chosen folder"},
		{dir, "/etc/passwd", "", "must be relative"},
		{dir, "a\x00b", "", "NUL"},
		{dir, "", "", "empty"},
		{dir, "link/x.md", "", "through a link"},
		{"", "out/report.html", filepath.Join("out", "report.html"), ""},
		{"", "/tmp/abs.md", "/tmp/abs.md", ""},
		{"", "folder/", "", "names a folder"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SafeOutputPath(tc.dir, tc.name)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestExportToFileRefusesOverwrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.md")
	require.NoError(t, os.WriteFile(path, []byte("keep me"), 0o644))
	run := sampleExportRun()
	err := ExportToFile(run, "md", path, KeepExisting)
	require.ErrorContains(t, err, "already exists: use --force")
	b, _ := os.ReadFile(path)
	require.Equal(t, "keep me", string(b))

	require.NoError(t, ExportToFile(run, "md", path, ReplaceAll))
	b, _ = os.ReadFile(path)
	require.Equal(t, run.Report.Markdown, string(b))

	err = ExportToFile(run, "docx", filepath.Join(t.TempDir(), "x.docx"), KeepExisting)
	require.ErrorContains(t, err, "unknown export format")
	_, err = OpenExportFile(t.TempDir(), true)
	require.ErrorContains(t, err, "is a folder")
	_, err = OpenExportFile(filepath.Join(t.TempDir(), "missing", "x.md"), false)
	require.ErrorContains(t, err, "does not exist")
}

// TestCSVNotesAreNotOverwritten: a CSV export replaces the notes file beside it only when
// it may: with --force (ReplaceAll), or, after a save dialog confirmed the CSV alone
// (ReplaceChosen), when the notes file is DeepCritical's own. A user's file of that name is
// never replaced by the dialog's confirmation (it used to be, silently), and when the export
// refuses it writes neither file.
func TestCSVNotesAreNotOverwritten(t *testing.T) {
	run := sampleExportRun()
	ours := CSVNotes(sampleExportRun())
	cases := []struct {
		name        string
		csv, notes  string // existing contents; "" for no file
		ow          Overwrite
		err         string
		wantWritten bool
	}{
		{"the user's notes, without force", "", "my own notes", KeepExisting, "q.notes.md already exists: use --force", false},
		{"the user's notes, with --force", "", "my own notes", ReplaceAll, "", true},
		{"the user's notes, after the dialog", "", "my own notes", ReplaceChosen, "q.notes.md already exists and is not DeepCritical's notes to a CSV export: it was left as it is and nothing was written", false},
		{"the user's notes and an existing CSV, after the dialog", "old,table", "my own notes", ReplaceChosen, "is not DeepCritical's notes", false},
		{"a short file of the user's, after the dialog", "", "#", ReplaceChosen, "is not DeepCritical's notes", false},
		{"DeepCritical's notes, after the dialog", "old,table", ours, ReplaceChosen, "", true},
		{"DeepCritical's notes, without force", "", ours, KeepExisting, "already exists: use --force", false},
		{"no notes yet, after the dialog", "old,table", "", ReplaceChosen, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			csv, notes := filepath.Join(dir, "q.csv"), filepath.Join(dir, "q.notes.md")
			if c.csv != "" {
				require.NoError(t, os.WriteFile(csv, []byte(c.csv), 0o644))
			}
			if c.notes != "" {
				require.NoError(t, os.WriteFile(notes, []byte(c.notes), 0o644))
			}
			err := ExportToFile(run, "csv", csv, c.ow)
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
			} else {
				require.NoError(t, err)
			}
			b, _ := os.ReadFile(notes)
			if c.wantWritten {
				require.Equal(t, CSVNotes(run), string(b))
				b, _ = os.ReadFile(csv)
				require.Contains(t, string(b), "title", "the CSV was written")
				return
			}
			require.Equal(t, c.notes, string(b), "the notes file is left as it was")
			if c.csv == "" {
				require.NoFileExists(t, csv)
			} else {
				b, _ = os.ReadFile(csv)
				require.Equal(t, c.csv, string(b), "the CSV is left as it was")
			}
		})
	}
}

func TestCheckExportPath(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "r.md")
	require.NoError(t, os.WriteFile(existing, []byte("x"), 0o644))
	cases := []struct {
		name, path, format string
		ow                 Overwrite
		err                string
	}{
		{"a new file", filepath.Join(dir, "new.md"), "md", KeepExisting, ""},
		{"an existing file", existing, "md", KeepExisting, "already exists: use --force"},
		{"an existing file with force", existing, "md", ReplaceAll, ""},
		{"an existing file chosen in a dialog", existing, "md", ReplaceChosen, ""},
		{"a folder", dir, "md", ReplaceAll, "is a folder"},
		{"a missing folder", filepath.Join(dir, "missing", "r.md"), "md", KeepExisting, "its folder does not exist"},
		{"an unknown format", filepath.Join(dir, "r.docx"), "docx", KeepExisting, "unknown export format"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckExportPath(c.path, c.format, c.ow)
			if c.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, c.err)
		})
	}
}

func TestBuildDeterministic(t *testing.T) {
	in := InputFromExport(sampleExportRun())
	require.Equal(t, Build(in).Markdown, Build(in).Markdown)
}

func TestNotAssessedReason(t *testing.T) {
	tests := []struct{ in, want string }{
		{`the rubric scores primary studies; design "review" has no randomisation, blinding or attrition to score`, "not a trial"},
		{"not enough text to assess (fewer than 40 words of abstract or full text)", "too little text"},
		{"no abstract", "no abstract"},
		{"nothing to score was found in the text: no randomisation, blinding, concealment, registration or analysis method is reported", "nothing reported to score"},
		{"LLM assessment failed: openai (gpt-4o): rate limited", "appraisal failed: openai (gpt-4o): rate limited"},
		{"model timed out", "appraisal failed: model timed out"},
		{"no methods section", "no methods section"},
		{"", "no reason recorded"},
	}
	for _, tc := range tests {
		if got := NotAssessedReason(tc.in); got != tc.want {
			t.Errorf("NotAssessedReason(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestRepairedAndOverriddenVerdictIsLabelledInEveryFormat: a repaired LLM answer and the
// rules' overrides reach the judge line of every export that shows the judge.
func TestRepairedAndOverriddenVerdictIsLabelledInEveryFormat(t *testing.T) {
	er := sampleExportRun()
	a := sampleAssessment(domain.JudgeKindLLM)
	a.Judge.Repaired = true
	a.Judge.Overrides = []string{"judge said sufficient; overridden: no drug candidate", `candidate "Unobtainium" rejected: named only in evidence [4], flagged as a possible prompt injection`}
	er.Assessments = append(er.Assessments, domain.StoredAssessment{Iteration: 3, Assessment: a, CreatedAt: t0.Add(300 * time.Second)})
	er.Report = nil // rebuilt from the stored assessments, as for a run still in progress
	for _, format := range []string{"md", "html", "json"} {
		var b strings.Builder
		if err := Export(er, format, &b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		wants := []string{"REPAIRED", "OVERRIDDEN by DeepCritical", "Unobtainium"}
		if format == "json" {
			wants = []string{`"repaired": true`, `"overrides"`, "Unobtainium"}
		}
		for _, want := range wants {
			if !strings.Contains(out, want) {
				t.Errorf("%s export lacks %q", format, want)
			}
		}
	}
}

// TestStanceWithoutQuoteSaysWhy: a stance a rule decided says its reason where the quote
// would be, in Markdown and HTML; one whose text had no sentence says that.
func TestStanceWithoutQuoteSaysWhy(t *testing.T) {
	x := sampleExportRun()
	x.Report = nil // built from the assessment, not the stored report of record
	last := &x.Assessments[1].Assessment
	last.Details.Stances = []domain.StudyStance{
		{N: 1, Stance: domain.StanceUnclear, Reason: domain.ReasonNoTreatment},
		{N: 2, Stance: domain.StanceUnclear},
	}
	for _, f := range []string{"markdown", "html"} {
		var buf bytes.Buffer
		require.NoError(t, Export(x, f, &buf))
		out := buf.String()
		require.Contains(t, out, "[1] unclear — "+domain.ReasonNoTreatment, f)
		require.Contains(t, out, "[2] unclear — no result or conclusion sentence to rest on", f)
	}
	var buf bytes.Buffer
	require.NoError(t, Export(x, "csv", &buf))
	rows, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	col := slices.Index(rows[0], "stance")
	require.GreaterOrEqual(t, col, 0, "header %v", rows[0])
	assert.Equal(t, "unclear: "+domain.ReasonNoTreatment, rows[1][col])
	assert.Equal(t, "unclear", rows[2][col])
}

// TestStanceByRuleIsMarked: a stance the rules gave where the LLM judge gave none is marked
// as such in Markdown, HTML, CSV and JSON.
func TestStanceByRuleIsMarked(t *testing.T) {
	x := sampleExportRun()
	x.Report = nil
	last := &x.Assessments[1].Assessment
	last.Details.Stances = []domain.StudyStance{
		{N: 1, Stance: domain.StanceSupports, Quote: "metformin use was associated with slower cognitive decline", QuoteVerified: true},
		{N: 2, Stance: domain.StanceSupports, Quote: "reduce neuroinflammation", QuoteVerified: true, ByRule: true},
	}
	for _, f := range []string{"markdown", "html", "csv", "json"} {
		var buf bytes.Buffer
		require.NoError(t, Export(x, f, &buf))
		out := buf.String()
		if f == "json" {
			require.Equal(t, 1, strings.Count(out, `"by_rule": true`), f)
			continue
		}
		require.Equal(t, 1, strings.Count(html.UnescapeString(out), byRuleNote), f)
	}
}

// TestACutSearchIsNotAnEmptySearch: a run stopped (Ctrl-C, killed) while a search was under
// way never stored what the sources had sent back; its report says so, naming what had come
// back, instead of "0 pieces of evidence were collected" and "No evidence was found", which
// read as if the sources had found nothing.
func TestACutSearchIsNotAnEmptySearch(t *testing.T) {
	ev := func(typ domain.EventType, it int, data any) domain.Event {
		e, err := domain.NewEvent("r", typ, it, string(typ), data)
		require.NoError(t, err)
		return e
	}
	searching := func(it int) domain.Event {
		return ev(domain.EventSearching, it, domain.SearchingData{Queries: []string{"q"}, Sources: []domain.Source{domain.SourceEuropePMC, domain.SourcePubMed}})
	}
	answered := ev(domain.EventSource, 1, domain.SourceStateData{Source: domain.SourceEuropePMC, State: domain.SourceAnswered, Hits: 3})
	cancelled := ev(domain.EventSource, 1, domain.SourceStateData{Source: domain.SourcePubMed, State: domain.SourceFailed,
		Error: "pubmed: context canceled"})
	complete := func(it int) domain.Event {
		return ev(domain.EventSearchComplete, it, domain.SearchCompleteData{Queries: []string{"q"}})
	}
	cases := []struct {
		name   string
		status domain.RunStatus
		events []domain.Event
		want   string
	}{
		{"cancelled during the first search", domain.RunCancelled, []domain.Event{searching(1), answered, cancelled},
			"The run stopped during iteration 1's search, before its results were stored (by then: europepmc 3 papers): they are not in this report, and resuming the run searches again."},
		{"killed during the second search", domain.RunInterrupted, []domain.Event{searching(1), complete(1), searching(2)},
			"The run stopped during iteration 2's search, before its results were stored: they are not in this report, and resuming the run searches again."},
		{"cancelled after its search", domain.RunCancelled, []domain.Event{searching(1), answered, complete(1)}, ""},
		{"still searching", domain.RunRunning, []domain.Event{searching(1), answered}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			run := domain.Run{ID: "r", Question: "Does aspirin reduce the risk of colorectal cancer?", Status: tc.status, Iterations: 1,
				StopReason: domain.StopCancelled}
			r := Build(Input{Run: run, Events: tc.events})
			require.Equal(t, tc.want, r.CutSearch)
			var h bytes.Buffer
			require.NoError(t, writeHTML(&h, r))
			if tc.want == "" {
				require.Contains(t, r.Markdown, "No evidence was found.")
				require.Contains(t, h.String(), "No evidence was found.")
				return
			}
			require.Contains(t, r.Summary, tc.want)
			require.Contains(t, r.Markdown, "No evidence was stored before the run stopped.")
			require.NotContains(t, r.Markdown, "No evidence was found.")
			require.Contains(t, h.String(), "No evidence was stored before the run stopped.")
		})
	}
}
