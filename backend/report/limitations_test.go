package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// failedSourceRun is the sample run in which PubMed failed every query of both
// iterations, Europe PMC warned once, one evidence item was set aside as off-topic and the
// judge fell back — with a stored Markdown report written before any of that was known.
func failedSourceRun() ExportRun {
	run := sampleExportRun()
	fail := func(it int) domain.Event {
		d, _ := json.Marshal(map[string]any{
			"errors": []domain.SearchError{{Source: domain.SourcePubMed, Error: fmt.Sprintf(
				"query %q: HTTP 429: rate limited after 3 retries\nquery %q: HTTP 429: rate limited after 3 retries", "q1 \"quoted\"", "q2")}},
			"warnings": []domain.SearchError{{Source: domain.SourceEuropePMC, Error: "warning: only the first 100 of 2400 hits were read"}},
		})
		return domain.Event{RunID: run.Run.ID, Seq: int64(10 + it), Type: domain.EventSearchComplete, Iteration: it,
			Message: "Found 0 new sources", Data: d, Time: t0.Add(time.Duration(it) * time.Minute)}
	}
	run.Events = append(run.Events, fail(1), fail(2))
	run.Evidence[1].Topic = &domain.Topic{Score: 0.05, OffTopic: true, Reason: "about Parkinson's disease, not Alzheimer's"}
	run.Assessments[1].Assessment.Judge = domain.JudgeInfo{Provider: "openai", Model: "gpt-x", Kind: domain.JudgeKindFallback, Error: "invalid JSON"}
	return run
}

func TestEveryHumanFormatDisclosesLimitations(t *testing.T) {
	run := failedSourceRun()
	want := []string{
		"PubMed FAILED in iterations 1, 2 (4 queries) and contributed no evidence then: HTTP 429: rate limited after 3 retries",
		"HTTP 429: rate limited after 3 retries",
		"Europe PMC warned in iterations 1, 2",
		"off-topic",
		"Parkinson",
		"fallback",
	}
	for _, format := range []string{"md", "html", "csv", "json"} {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, Export(run, format, &buf))
			out := buf.String()
			if format == "csv" {
				// The table stays flat: the CSV's notes file says what limits it.
				out = strings.ReplaceAll(CSVNotes(run), `\`, "")
			}
			if format == "html" {
				out = strings.ReplaceAll(out, "&#39;", "'")
			}
			for _, w := range want {
				if format == "json" && w == "fallback" {
					w = `"kind": "fallback"`
				}
				require.True(t, strings.Contains(strings.ToLower(out), strings.ToLower(w)), "%s export must disclose %q", format, w)
			}
		})
	}
}

func TestStoredMarkdownGetsLimitationsOnce(t *testing.T) {
	run := failedSourceRun()
	var buf bytes.Buffer
	require.NoError(t, Export(run, "md", &buf))
	md := buf.String()
	require.Equal(t, 1, strings.Count(md, "## Limitations"))
	require.Less(t, strings.Index(md, "## Limitations"), strings.Index(md, "## Summary"), "limitations come before the summary")
	// Exporting a report that already has the current section changes nothing.
	run.Report.Markdown = md
	buf.Reset()
	require.NoError(t, Export(run, "md", &buf))
	require.Equal(t, md, buf.String())
}

func TestCSVLimitationRowsAndOffTopicColumn(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Export(failedSourceRun(), "csv", &buf))
	recs, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	require.Equal(t, "yes: about Parkinson's disease, not Alzheimer's", recs[2][col["off_topic"]])
	for _, r := range recs[1:] {
		require.NotEqual(t, "note", r[0], "every CSV row is a paper")
	}
	// The limitations go into the notes written beside the CSV.
	notes := CSVNotes(failedSourceRun())
	for _, l := range Build(InputFromExport(failedSourceRun())).Limitations {
		require.Contains(t, notes, limitationsMarkdown([]Limitation{l})[len("## Limitations\n\n"):len(limitationsMarkdown([]Limitation{l}))-2])
	}
}

func TestNoLimitationsSaysSo(t *testing.T) {
	a := &domain.Assessment{Judge: domain.JudgeInfo{Kind: domain.JudgeKindLLM, Provider: domain.ProviderOpenAI, Model: "gpt-4o"}}
	r := Build(Input{Run: domain.Run{ID: "r", Question: "q", Status: domain.RunComplete}, Assessment: a})
	require.Contains(t, r.Markdown, "## Limitations\n\nNo source failed, the judge answered")
}

// TestNoAssessmentIsALimitation: a draft of a run no judge has assessed yet, or a run that
// ended before its first assessment, does not say "the judge answered", and says it in one
// line: the judge the run was set to use scored nothing, so no "Scored by the offline
// heuristic judge" (or LLM judge) line stands beside it.
func TestNoAssessmentIsALimitation(t *testing.T) {
	judges := map[string]domain.JudgeInfo{
		"no judge recorded": {},
		"offline":           {Provider: domain.ProviderOffline, Model: "heuristic-v1", Kind: domain.JudgeKindOffline},
		"llm":               {Provider: domain.ProviderOpenAI, Model: "gpt-4o-mini", Kind: domain.JudgeKindLLM},
	}
	for _, tc := range []struct {
		status domain.RunStatus
		want   string
	}{
		{domain.RunRunning, "No judge has assessed the evidence yet: the run is still going"},
		{domain.RunFailed, "No judge assessed the evidence: the run ended before its first assessment"},
		{domain.RunCancelled, "No judge assessed the evidence: the run ended before its first assessment"},
		{domain.RunInterrupted, "No judge assessed the evidence: the run ended before its first assessment"},
	} {
		for name, j := range judges {
			r := Build(Input{Run: domain.Run{ID: "r", Question: "q", Status: tc.status, Judge: j}})
			require.Contains(t, r.Markdown, "- ⚠ "+tc.want, tc.status)
			require.NotContains(t, r.Markdown, "the judge answered", tc.status)
			require.Equal(t, []Limitation{{Kind: LimitNotJudged, Text: tc.want}}, r.Limitations, "%s, %s", tc.status, name)
		}
	}
}

func TestUnverifiedQuotesAreDisclosed(t *testing.T) {
	run := sampleExportRun()
	key := run.Evidence[0].CanonicalKey()
	a := run.Appraisals[key]
	a.Dimensions = []domain.Dimension{{Name: domain.DimensionQuality, Score: 5, Status: domain.StatusAssessed, Details: []domain.DimensionDetail{
		{Component: "randomisation", Evidence: "patients were randomised by computer", QuoteVerified: false, QuoteReason: "not found in the text"},
		{Component: "blinding", Evidence: "double-blind", QuoteVerified: true},
	}}}
	run.Appraisals[key] = a
	for _, format := range []string{"md", "html", "csv"} {
		var buf bytes.Buffer
		require.NoError(t, Export(run, format, &buf))
		out := buf.String()
		if format == "csv" {
			out = CSVNotes(run)
		}
		require.True(t, strings.Contains(out, "1 appraisal quote could not be verified as a passage of the paper"), "%s export must disclose the unverified quote", format)
	}
}

// TestOffTopicLimitationGroupsByReason: papers set aside for the same reason are one group of
// references, in order of first appearance, so a long run's limitation stays readable.
func TestOffTopicLimitationGroupsByReason(t *testing.T) {
	const notCondition = "does not mention the condition (alzheimer disease)"
	for _, tc := range []struct {
		name    string
		reasons []string // "" = on-topic; "?" = off-topic without a reason
		want    string
	}{
		{"one", []string{"", notCondition}, "1 evidence item is off-topic for the question and did not feed the assessment: [2] " + notCondition},
		{"grouped", []string{notCondition, "", notCondition, "about mice", notCondition},
			"4 evidence items are off-topic for the question and did not feed the assessment: [1], [3], [5] " + notCondition + "; [4] about mice"},
		{"without a reason", []string{"?", notCondition, "?"},
			"3 evidence items are off-topic for the question and did not feed the assessment: [1], [3]; [2] " + notCondition},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var in Input
			for i, r := range tc.reasons {
				ev := domain.Evidence{Citation: domain.Citation{Title: fmt.Sprintf("paper %d", i+1), Source: domain.SourcePubMed, PMID: fmt.Sprint(1000 + i)}}
				switch r {
				case "":
				case "?":
					ev.Topic = &domain.Topic{OffTopic: true}
				default:
					ev.Topic = &domain.Topic{OffTopic: true, Reason: r}
				}
				in.Evidence = append(in.Evidence, ev)
			}
			var got []string
			for _, l := range limitations(in, Report{}) {
				if l.Kind == LimitOffTopic {
					got = append(got, l.Text)
				}
			}
			require.Equal(t, []string{tc.want}, got)
		})
	}
}

// TestTrialsReadFromAbstractsAreALimitation: every format says which trials were appraised
// from their abstracts only and why their full text was not read (from the run's full_text
// events), the evidence table says which text each appraisal read, and a run whose trials
// were all read in full has no such limitation.
func TestTrialsReadFromAbstractsAreALimitation(t *testing.T) {
	run := sampleExportRun()
	key := run.Evidence[0].CanonicalKey()
	d, _ := json.Marshal(domain.FullTextData{Requested: 1, Unavailable: []domain.FullTextUnavailable{{Key: key, Source: domain.FullTextAbstract,
		Reason: "Europe PMC: no full text for this PMCID (HTTP 404); PMC: the publisher does not allow downloading the full text in XML form"}}})
	run.Events = append(run.Events, domain.Event{RunID: run.Run.ID, Seq: 40, Type: domain.EventFullText, Iteration: 1, Data: d, Time: t0})
	want := "1 of 1 trial was appraised from its abstract only ([1]): abstracts rarely report sequence generation, allocation concealment or the analysis population, so their risk of bias is judged on little. Full text not read: [1] Europe PMC: no full text for this PMCID (HTTP 404); PMC: the publisher does not allow downloading the full text in XML form"
	for _, format := range []string{"md", "html", "json", "csv"} {
		var buf bytes.Buffer
		require.NoError(t, Export(run, format, &buf))
		out := buf.String()
		if format == "csv" {
			require.Contains(t, out, "text_read")
			require.Contains(t, out, ",abstract only,")
			out = CSVNotes(run)
		}
		require.Contains(t, strings.ReplaceAll(out, `\`, ""), want, format)
	}
	for _, format := range []string{"ris", "bibtex", "csljson"} {
		var buf bytes.Buffer
		require.NoError(t, Export(run, format, &buf))
		require.Contains(t, buf.String(), "abstract only", format)
	}

	// A trial the appraiser could not score (too little text) was not appraised from its
	// abstract either.
	unscored := run.Appraisals[key]
	for i := range unscored.Dimensions {
		unscored.Dimensions[i].Status, unscored.Dimensions[i].Error = domain.StatusNotAssessed, "not enough text to assess (fewer than 40 words of abstract or full text)"
	}
	run.Appraisals[key] = unscored
	run.Report.Markdown = Build(InputFromExport(run)).Markdown
	var unscoredOut bytes.Buffer
	require.NoError(t, Export(run, "md", &unscoredOut))
	require.NotContains(t, unscoredOut.String(), "appraised from its abstract only")
	require.Contains(t, unscoredOut.String(), "not assessed: too little text")

	a := run.Appraisals[key]
	for i := range a.Dimensions {
		a.Dimensions[i].Status, a.Dimensions[i].Error = domain.StatusAssessed, ""
	}
	a.Document = domain.Document{Key: key, FullText: true, Source: domain.FullTextEuropePMC}
	run.Appraisals[key] = a
	run.Report.Markdown = Build(InputFromExport(run)).Markdown
	var buf bytes.Buffer
	require.NoError(t, Export(run, "md", &buf))
	require.NotContains(t, buf.String(), "appraised from its abstract only")
	require.Contains(t, buf.String(), "| RCT | 6.5/10 | 7.5/10 | read in full (Europe PMC) |")
}

// TestRegistryEntriesAreNotAbstracts: a trial appraised from its ClinicalTrials.gov fields
// (allocation, masking, outcomes) says "registry entry" in the evidence table and is not
// counted among the trials read from their abstracts only. The metformin example's one
// registry entry had been reported as "1 of 1 trial was appraised from its abstract only".
func TestRegistryEntriesAreNotAbstracts(t *testing.T) {
	for _, tc := range []struct {
		doc  domain.Document
		want string
	}{
		{domain.Document{Source: domain.FullTextRegistry}, "registry entry"},
		{domain.Document{Source: domain.FullTextAbstract}, "abstract only"},
		{domain.Document{}, "abstract only"},
		{domain.Document{FullText: true, Source: domain.FullTextPMC}, "read in full (PMC)"},
		{domain.Document{FullText: true, Source: domain.FullTextPDF}, "read in full (PDF)"},
		{domain.Document{FullText: true}, "read in full"},
	} {
		require.Equal(t, tc.want, TextRead(tc.doc), "%+v", tc.doc)
	}

	run := sampleExportRun()
	key := run.Evidence[0].CanonicalKey()
	a := run.Appraisals[key]
	a.Document = domain.Document{Key: key, Source: domain.FullTextRegistry}
	run.Appraisals[key] = a
	run.Report.Markdown = Build(InputFromExport(run)).Markdown
	require.Contains(t, run.Report.Markdown, "| RCT | 6.5/10 | 7.5/10 | registry entry |")
	for _, format := range []string{"md", "html", "csv"} {
		var buf bytes.Buffer
		require.NoError(t, Export(run, format, &buf))
		require.NotContains(t, buf.String(), "appraised from its abstract only", format)
		require.Contains(t, buf.String(), "registry entry", format)
	}
}

// TestNoPaperBecauseSourcesFailed: a run that collected nothing while sources failed does not
// answer "the searches found no paper" (which reads as an absence of studies): it names the
// sources that failed. Warnings alone do not count as failures.
func TestNoPaperBecauseSourcesFailed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events bool
		want   string
	}{
		{"sources failed", true, "No study of metformin in cancer was found, but the search was incomplete: PubMed failed."},
		{"nothing failed", false, "No study of metformin in cancer was found: the searches found no paper."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := failedSourceRun()
			if !tc.events {
				run.Events = nil
			}
			run.Run.Question, run.Run.Parsed = "Is metformin effective for treating cancer?", nil
			run.Evidence, run.Appraisals = nil, nil
			require.Equal(t, tc.want, Build(InputFromExport(run)).Answer)
		})
	}
}

// TestPubMedWarningsAreOneLinePerMessage: PubMed's warning for each query that found
// nothing ("query “…” (0 results): message: No items found.") is one limitation with a
// count, not one line per query; different messages stay apart.
func TestPubMedWarningsAreOneLinePerMessage(t *testing.T) {
	run := sampleExportRun()
	// One search_complete event per iteration, as a run records them.
	search := func(it int, msgs ...string) domain.Event {
		var ws []domain.SearchError
		for _, m := range msgs {
			ws = append(ws, domain.SearchError{Source: domain.SourcePubMed, Error: m})
		}
		d, _ := json.Marshal(domain.SearchCompleteData{Warnings: ws})
		return domain.Event{RunID: run.Run.ID, Seq: int64(20 + it), Type: domain.EventSearchComplete, Iteration: it, Data: d, Time: t0}
	}
	noItems := func(q string) string { return "query “" + q + "” (0 results): message: No items found." }
	run.Events = append(run.Events, search(1, noItems("cancer AND metformin"), noItems("cancer* AND metformin*")),
		search(2, noItems(`"metformin"[tiab] AND "cancer"[tiab]`),
			// PubMed's phrase warnings, several in one query's message, join the same line.
			"query “lithium AND x” (0 results): phrase not found: lithium; phrase not found: lithium*; message: No items found.",
			"query “lithium OR x” (163 results): phrase not found: lithium"))
	var got []string
	for _, l := range limitations(InputFromExport(run), Report{}) {
		if l.Kind == LimitSourceWarning {
			got = append(got, l.Text)
		}
	}
	require.Equal(t, []string{"PubMed warned in iterations 1, 2 (5 queries): message: No items found; phrase not found: lithium, lithium*"}, got)
}

// TestAResearchedIterationCountsItsLastSearch: a source that failed before a resume, in an
// iteration the resumed run searched again and got its evidence from, is not reported as
// failed there; a failure of the search that was used still is.
func TestAResearchedIterationCountsItsLastSearch(t *testing.T) {
	run := sampleExportRun()
	search := func(seq int64, it int, errs ...domain.SearchError) domain.Event {
		d, _ := json.Marshal(domain.SearchCompleteData{Errors: errs})
		return domain.Event{RunID: run.Run.ID, Seq: seq, Type: domain.EventSearchComplete, Iteration: it, Data: d, Time: t0}
	}
	down := func(s domain.Source) domain.SearchError {
		return domain.SearchError{Source: s, Error: "server error (HTTP 503)"}
	}
	run.Events = append(run.Events,
		search(40, 1, down(domain.SourcePubMed), down(domain.SourceEuropePMC)),
		search(41, 2, down(domain.SourcePubMed), down(domain.SourceEuropePMC)),
		domain.Event{RunID: run.Run.ID, Seq: 42, Type: domain.EventStarted, Time: t0},
		search(43, 2, down(domain.SourceEuropePMC)))
	var got []string
	for _, l := range limitations(InputFromExport(run), Report{}) {
		if l.Kind == LimitSourceFailed {
			got = append(got, l.Text)
		}
	}
	require.Len(t, got, 2, "%q", got)
	require.Contains(t, got[0], "PubMed FAILED in iteration 1 ")
	require.Contains(t, got[1], "Europe PMC FAILED in iterations 1, 2 ")
	require.Equal(t, []string{"PubMed", "Europe PMC"}, failedSources(run.Events))
}

// TestOffTopicPapersHaveNoAppraisalBlock: an appraisal of an off-topic paper made outside the
// run (`deepcritical appraise --pmid`) is not listed among the report's appraisals.
func TestOffTopicPapersHaveNoAppraisalBlock(t *testing.T) {
	run := sampleExportRun()
	key := run.Evidence[0].CanonicalKey()
	require.NotEmpty(t, appraisalBlocks(run.Evidence, run.Appraisals), "the sample's on-topic trial is appraised")
	run.Evidence[0].Topic = &domain.Topic{OffTopic: true, Reason: "does not study metformin"}
	for _, b := range appraisalBlocks(run.Evidence, run.Appraisals) {
		require.NotEqual(t, 1, b.N, "no block for the off-topic paper %s", key)
	}
}

// TestEmptyReferenceExportIsRefused: a reference export that would hold no paper is an error
// saying why (no evidence, or every paper set aside), not an empty file "written".
func TestEmptyReferenceExportIsRefused(t *testing.T) {
	empty := sampleExportRun()
	empty.Evidence = nil
	aside := sampleExportRun()
	for i := range aside.Evidence {
		aside.Evidence[i].Topic = &domain.Topic{OffTopic: true, Reason: "does not study metformin"}
	}
	one := sampleExportRun()
	one.Evidence = aside.Evidence[:1]
	for _, format := range []string{"ris", "bibtex", "csljson"} {
		var buf bytes.Buffer
		require.ErrorContains(t, Export(empty, format, &buf), "has no paper to export as references", format)
		require.ErrorContains(t, Export(aside, format, &buf), fmt.Sprintf("relies on none of its %d papers (all set aside): include the set-aside papers", len(aside.Evidence)), format)
		// One paper is one paper, never "1 papers".
		err := Export(one, format, &buf)
		require.ErrorContains(t, err, "relies on no paper (its one paper was set aside): include the set-aside papers", format)
		require.NotContains(t, err.Error(), "1 papers")
		aside.IncludeSetAside = true
		require.NoError(t, Export(aside, format, &buf), format)
		aside.IncludeSetAside = false
	}
}

// TestFailedRunWithoutAReportExportsAsUnverified: a run that failed before storing a report
// exports as the partial, unverified report it is, in every report format, not as a draft
// of a run still going ("Not verified yet (draft)") that says no report was written.
func TestFailedRunWithoutAReportExportsAsUnverified(t *testing.T) {
	run := sampleExportRun()
	run.Run.Status, run.Run.StopReason, run.Run.Error = domain.RunFailed, "failed: none of the question's words is in PubMed", "none of the question's words is in PubMed"
	run.Report, run.Evidence, run.Assessments, run.Verdicts = nil, nil, nil, nil
	d, _ := json.Marshal(domain.ErrorData{Phase: domain.PhaseRun, Fatal: true, Error: run.Run.Error, UnverifiedReason: "the run failed before verification"})
	run.Events = []domain.Event{{RunID: run.Run.ID, Seq: 1, Type: domain.EventError, Iteration: 1, Data: d, Time: t0}}
	for _, format := range []string{"md", "html"} {
		var buf bytes.Buffer
		require.NoError(t, Export(run, format, &buf))
		out := buf.String()
		require.Contains(t, out, "the report could not be verified (the run failed before verification)", format)
		require.Contains(t, out, "the report is partial and was not verified", format)
		require.NotContains(t, out, "no report was written", format)
		require.NotContains(t, out, "Not verified yet (draft)", format)
	}
}

// TestReferenceExportsCarryTheStance: RIS, BibTeX and CSL-JSON give each paper the report
// relies on its stance, as the answer words it, with the sentence it rests on, so a
// reference manager shows which way each study points.
func TestReferenceExportsCarryTheStance(t *testing.T) {
	run := sampleExportRun()
	last := domain.FinalAssessment(run.Assessments)
	require.NotNil(t, last)
	last.Assessment.Details.Stances = []domain.StudyStance{{N: 1, Stance: domain.StanceSupports, Quote: "Metformin slowed decline; it was well tolerated.", QuoteVerified: true}}
	want := "DeepCritical stance (offline judge): "
	require.Equal(t, domain.JudgeKindOffline, last.Assessment.Judge.Kind)
	for _, format := range []string{"ris", "bibtex", "csljson"} {
		var buf bytes.Buffer
		require.NoError(t, Export(run, format, &buf))
		out := buf.String()
		require.Contains(t, out, want, format)
		require.Contains(t, out, "Metformin slowed decline, it was well tolerated.", "%s: no semicolon inside a note", format)
	}
	refs := MarkedReferences(run, false)
	require.NotEmpty(t, refs)
	require.True(t, strings.HasPrefix(refs[0].Stance, want), refs[0].Stance)

	last.Assessment.Judge = domain.JudgeInfo{Kind: domain.JudgeKindLLM, Provider: domain.ProviderOpenAI, Model: "gpt-4o"}
	refs = MarkedReferences(run, false)
	require.True(t, strings.HasPrefix(refs[0].Stance, "DeepCritical stance (LLM judge openai gpt-4o): "), refs[0].Stance)
}

// TestEarlierJudgeFallbackIsALimitation: an iteration whose judge gave no valid answer is a
// limitation in every format, with the reason, even when a later iteration's judge answered
// (its fallback chose the searches that followed), and is listed once when it is also the
// assessment the report's scores come from.
func TestEarlierJudgeFallbackIsALimitation(t *testing.T) {
	judged := func(run ExportRun, it int, j domain.JudgeInfo) domain.Event {
		d, err := json.Marshal(domain.JudgeCompleteData{Judge: j, Recommendation: domain.RecommendContinue})
		require.NoError(t, err)
		return domain.Event{RunID: run.Run.ID, Seq: int64(20 + it), Type: domain.EventJudgeComplete, Iteration: it, Data: d,
			Time: t0.Add(time.Duration(it) * time.Minute)}
	}
	broken := domain.JudgeInfo{Provider: domain.ProviderCompatible, Model: "m1", Kind: domain.JudgeKindFallback, Error: "the reply was a web page, not JSON"}
	answered := domain.JudgeInfo{Provider: domain.ProviderCompatible, Model: "m1", Kind: domain.JudgeKindLLM}
	cases := []struct {
		name string
		// judges are the judge_complete events' judges, iteration 1 first.
		judges []domain.JudgeInfo
		// final is the judge of the report's assessment.
		final domain.JudgeInfo
		want  []string
		count int
	}{
		{"first iteration fell back, last answered", []domain.JudgeInfo{broken, answered}, answered,
			[]string{"The judge gave no valid answer in iteration 1 (the reply was a web page, not JSON)"}, 1},
		{"the last iteration fell back too", []domain.JudgeInfo{broken, broken}, broken,
			[]string{"The judge gave no valid answer in iteration 1 (the reply was a web page, not JSON)"}, 1},
		{"every judge answered", []domain.JudgeInfo{answered, answered}, answered, nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run := sampleExportRun()
			for i, j := range c.judges {
				run.Events = append(run.Events, judged(run, i+1, j))
			}
			run.Assessments[1].Assessment.Judge = c.final
			run.Run.Judge = c.final
			for _, format := range []string{"md", "html", "csv", "json"} {
				var buf bytes.Buffer
				require.NoError(t, Export(run, format, &buf))
				out := buf.String()
				if format == "csv" {
					out = CSVNotes(run)
				}
				if format == "html" {
					out = strings.ReplaceAll(out, "&#39;", "'")
				}
				if format == "json" {
					// (Its report_markdown is the Markdown export, counted above.)
					var m map[string]any
					require.NoError(t, json.Unmarshal(buf.Bytes(), &m))
					delete(m, "report_markdown")
					b, err := json.Marshal(m)
					require.NoError(t, err)
					out = string(b)
				}
				for _, w := range c.want {
					require.Contains(t, out, w, format)
				}
				require.Equal(t, c.count, strings.Count(out, "The judge gave no valid answer in iteration"), "%s:\n%s", format, out)
			}
		})
	}
}

// TestExportsSayHowTheRunEnded: the CSV's notes state the run's outcome as the other formats
// do, and a reference export (RIS, BibTeX, CSL-JSON) of a run that did not complete says so
// in each paper's note; a complete run's references carry no such note.
// TestJSONOfARunWithoutAStoredReportCarriesItsPartialReport: the JSON export of a run still
// running (or interrupted) has no stored report, and carried "report": null while the
// Markdown and HTML exports showed its partial report; report_markdown is that report.
func TestJSONOfARunWithoutAStoredReportCarriesItsPartialReport(t *testing.T) {
	run := sampleExportRun()
	run.Run.Status, run.Run.StopReason, run.Report = domain.RunRunning, "", nil
	var md, js bytes.Buffer
	require.NoError(t, Export(run, "md", &md))
	require.NoError(t, Export(run, "json", &js))
	var out struct {
		Report         *domain.StoredReport `json:"report"`
		ReportMarkdown string               `json:"report_markdown"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &out))
	require.Nil(t, out.Report, "no report is stored")
	require.Equal(t, md.String(), out.ReportMarkdown)
	require.Contains(t, out.ReportMarkdown, "Running: ")
}

func TestExportsSayHowTheRunEnded(t *testing.T) {
	cases := []struct {
		name   string
		status domain.RunStatus
		stop   string
		errMsg string
		want   string
	}{
		{"complete", domain.RunComplete, "sufficient", "", ""},
		{"failed", domain.RunFailed, "failed: judge unavailable: the ollama judge did not answer (timed out)", "judge unavailable: the ollama judge did not answer (timed out)",
			"Failed after 2 iterations: judge unavailable: the ollama judge did not answer (timed out)"},
		{"cancelled", domain.RunCancelled, "cancelled", "", "Cancelled after 2 iterations"},
		{"interrupted", domain.RunInterrupted, "", "", "Interrupted when the program running it stopped"},
		{"still running", domain.RunRunning, "", "", "Running: 2 of at most"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run := sampleExportRun()
			run.Run.Status, run.Run.StopReason, run.Run.Error = c.status, c.stop, c.errMsg
			notes := CSVNotes(run)
			require.Contains(t, notes, "Outcome: "+strings.Split(mdEscapeForTest(runOutcome(run)), ";")[0], notes)
			if c.want != "" {
				require.Contains(t, notes, c.want)
			}
			for _, format := range []string{"ris", "bibtex", "csljson"} {
				var buf bytes.Buffer
				require.NoError(t, Export(run, format, &buf))
				out := strings.ReplaceAll(buf.String(), `\_`, "_") // BibTeX escapes the run id's underscores
				if c.want == "" {
					require.NotContains(t, out, "is not complete", format)
					continue
				}
				require.Contains(t, out, "DeepCritical run "+run.Run.ID+" is not complete: "+c.want, format)
			}
		})
	}
}

// mdEscapeForTest is the outcome line as the notes' Markdown writes it.
func mdEscapeForTest(s string) string { return md(s) }

// TestFailedAppraisalsAreALimitation: on-topic papers whose appraisal failed are named in
// the Limitations of every format with the reason, grouped by reason; an appraisal that
// could not score a paper for want of text is no failure, and an off-topic paper is left to
// the off-topic line.
func TestFailedAppraisalsAreALimitation(t *testing.T) {
	failed := func(why string) domain.Appraisal {
		return domain.Appraisal{Assessor: domain.AssessorInfo{Provider: domain.ProviderCompatible, Model: "m1", Kind: domain.JudgeKindFallback},
			Dimensions: []domain.Dimension{
				{Name: domain.DimensionQuality, Status: domain.StatusNotAssessed, Error: why},
				{Name: domain.DimensionRiskOfBias, Status: domain.StatusNotAssessed, Error: why},
			}}
	}
	cases := []struct {
		name string
		// set changes the sample's appraisals (by evidence index) before the export.
		set  map[int]domain.Appraisal
		want string
	}{
		{"one paper failed", map[int]domain.Appraisal{0: failed("LLM assessment failed: the server answered HTTP 500")},
			"Appraisal failed for 1 paper, whose quality and risk of bias were not assessed: [1] the server answered HTTP 500"},
		{"two papers, two reasons", map[int]domain.Appraisal{0: failed("LLM assessment failed: timed out after 60 s"), 1: failed("LLM assessment failed: the reply was not JSON")},
			"Appraisal failed for 2 papers, whose quality and risk of bias were not assessed: [1] timed out after 60 s; [2] the reply was not JSON"},
		{"none failed", nil, ""},
		// A failed appraisal is not stored: the run's error event is what is left of it.
		{"known from the run's error event only", map[int]domain.Appraisal{}, "Appraisal failed for 1 paper, whose quality and risk of bias were not assessed: [3] timed out"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run := sampleExportRun()
			for i, a := range c.set {
				run.Appraisals[run.Evidence[i].CanonicalKey()] = a
			}
			if c.set != nil && len(c.set) == 0 {
				d, err := json.Marshal(domain.ErrorData{Phase: domain.PhaseAppraisal, Failed: []domain.AppraisalFailure{{Key: run.Evidence[2].CanonicalKey(), Reason: "LLM assessment failed: timed out"}}})
				require.NoError(t, err)
				run.Events = append(run.Events, domain.Event{RunID: run.Run.ID, Seq: 30, Type: domain.EventError, Iteration: 1, Data: d, Time: t0.Add(time.Minute)})
			}
			for _, format := range []string{"md", "html", "csv", "json"} {
				var buf bytes.Buffer
				require.NoError(t, Export(run, format, &buf))
				out := buf.String()
				if format == "csv" {
					out = CSVNotes(run)
				}
				if c.want == "" {
					require.NotContains(t, out, "Appraisal failed for", format)
					continue
				}
				require.Contains(t, out, c.want, format)
			}
		})
	}
}
