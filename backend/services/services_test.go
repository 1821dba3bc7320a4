package services

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/report"
	"deepcritical/backend/runs"
)

// openTest is openTestContainer with no export folder set.
func openTest(t *testing.T) *Container {
	t.Helper()
	t.Setenv("DEEPCRITICAL_EXPORT_DIR", "")
	os.Unsetenv("DEEPCRITICAL_EXPORT_DIR")
	return openTestContainer(t)
}

// libraryRun imports two records and researches them offline with the library as the only source.
func libraryRun(t *testing.T, c *Container) domain.Run {
	t.Helper()
	sum, err := c.Commands.ImportLibrary(context.Background(), []string{filepath.Join("testdata", "library.nbib")}, nil)
	require.NoError(t, err)
	require.Equal(t, 2, sum.Imported)
	run, err := c.Commands.Research(context.Background(), runs.Request{Question: "What drugs could be repurposed for Alzheimer disease?",
		Judge: domain.ProviderOffline, Sources: []domain.Source{domain.SourceLibrary}, MaxIterations: 2}, nil)
	require.NoError(t, err)
	return run
}

func TestResearchOverTheLibraryOffline(t *testing.T) {
	c := openTest(t)
	run := libraryRun(t, c)
	require.Equal(t, domain.RunComplete, run.Status)
	require.Equal(t, domain.JudgeKindOffline, run.Judge.Kind)

	view, err := c.Reports.Get(run.ID)
	require.NoError(t, err)
	require.Contains(t, view.Markdown, "Liraglutide")
	require.Len(t, view.Evidence, 2)
	for _, ev := range view.Evidence {
		require.NotNil(t, ev.Appraisal, "every paper is appraised during the run")
	}
	require.NotEmpty(t, view.Assessments)
	require.Equal(t, Disclaimer, view.Disclaimer)

	list, err := c.History.List(HistoryFilter{Text: "liraglutide"})
	require.NoError(t, err)
	require.Len(t, list, 1, "history search reaches the evidence text")
}

func TestExportRefusesToOverwriteAndEscapes(t *testing.T) {
	c := openTest(t)
	run := libraryRun(t, c)
	dir := t.TempDir()
	out := filepath.Join(dir, "report.md")
	path, err := c.Reports.Export(run.ID, "md", out, false)
	require.NoError(t, err)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(b), "## Drug candidates")
	_, err = c.Reports.Export(run.ID, "md", out, false)
	require.Error(t, err, "an existing file is not overwritten without force")
	_, err = c.Reports.Export(run.ID, "md", out, true)
	require.NoError(t, err)
	_, err = c.Reports.Export(run.ID, "pdf", filepath.Join(dir, "x.pdf"), false)
	require.Error(t, err)

	t.Setenv("DEEPCRITICAL_EXPORT_DIR", dir)
	files, err := c.Reports.ExportDialog(run.ID, "bibtex", false)
	require.NoError(t, err)
	require.Equal(t, dir, filepath.Dir(files.Path))
	b, err = os.ReadFile(files.Path)
	require.NoError(t, err)
	require.Contains(t, string(b), "@article")
}

func TestRejudgeStoresBesideTheOriginalAndDiffs(t *testing.T) {
	c := openTest(t)
	run := libraryRun(t, c)
	cmp, err := c.Judges.Rejudge(RejudgeRequest{RunID: run.ID, Provider: domain.ProviderOffline})
	require.NoError(t, err)
	require.Equal(t, "rejudge:offline/heuristic-v1", cmp.Label)
	require.Equal(t, cmp.Original.Details.DrugCandidates, cmp.Rejudged.Details.DrugCandidates, "the offline judge is deterministic")
	require.Zero(t, cmp.Difference.MechanismDelta)
	view, err := c.Reports.Get(run.ID)
	require.NoError(t, err)
	labels := map[string]bool{}
	for _, a := range view.Assessments {
		labels[a.Label] = true
	}
	require.True(t, labels["rejudge:offline/heuristic-v1"] && labels[""], "both assessments are stored")

	_, err = c.Judges.Rejudge(RejudgeRequest{RunID: run.ID, Provider: domain.ProviderOpenAI})
	require.ErrorContains(t, err, "OPENAI_API_KEY", "a judge that is not configured is an error, never a silent switch")
	_, err = c.Judges.Rejudge(RejudgeRequest{RunID: "no-such-run", Provider: domain.ProviderOffline})
	require.Equal(t, domain.CodeNotFound, domain.CodeOf(err))
}

func TestRunServiceStartsInTheBackgroundAndCancelRefusesUnknownRuns(t *testing.T) {
	c := openTest(t)
	_, err := c.Commands.ImportLibrary(context.Background(), []string{filepath.Join("testdata", "library.nbib")}, nil)
	require.NoError(t, err)
	var seen []domain.Event
	stop := c.emitter.Listen(func(e domain.Event) { seen = append(seen, e) })
	defer stop()
	id, err := c.Runs.Start(StartRequest{Question: "metformin alzheimer", Sources: []domain.Source{domain.SourceLibrary}, MaxIterations: 1})
	require.NoError(t, err)
	require.NotEmpty(t, id)
	require.Eventually(t, func() bool {
		d, err := c.History.Get(id)
		return err == nil && d.Run.Status == domain.RunComplete
	}, 30*time.Second, 50*time.Millisecond)
	evs, err := c.Runs.Events(id, 0)
	require.NoError(t, err)
	require.Equal(t, domain.EventStarted, evs[0].Type)
	require.Equal(t, domain.EventComplete, evs[len(evs)-1].Type)

	require.Equal(t, domain.CodeNotFound, domain.CodeOf(c.Runs.Cancel("nope")))
	require.ErrorContains(t, c.Runs.Resume(id), "already complete")

	_, err = c.Runs.Start(StartRequest{Question: "   "})
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err), "a blank question is refused before anything is stored")
	_, err = c.Runs.Start(StartRequest{Question: "metformin", MaxIterations: 42})
	require.ErrorContains(t, err, "max_iterations must be between 1 and 10")
	_, err = c.Runs.Start(StartRequest{Question: "metformin", Judge: domain.ProviderAnthropic})
	require.ErrorContains(t, err, "ANTHROPIC_API_KEY")
}

func TestProvidersSayWhereDataGoes(t *testing.T) {
	c := openTest(t)
	t.Setenv("OPENAI_API_KEY", "sk-test-0123456789ABCD")
	t.Setenv("OLLAMA_HOST", "http://127.0.0.1:9")
	list, err := c.Providers.List()
	require.NoError(t, err)
	byName := map[domain.Provider]ProviderStatus{}
	for _, p := range list {
		byName[p.Name] = p
	}
	require.True(t, byName[domain.ProviderOffline].Configured && byName[domain.ProviderOffline].Local && byName[domain.ProviderOffline].Default)
	require.True(t, byName[domain.ProviderOpenAI].Configured)
	require.False(t, byName[domain.ProviderOpenAI].Local)
	require.Equal(t, "ABCD", byName[domain.ProviderOpenAI].Key.Last4)
	require.Contains(t, byName[domain.ProviderOpenAI].DataNote, "api.openai.com")
	require.True(t, byName[domain.ProviderOllama].Local, "a loopback Ollama is local only")
	require.False(t, byName[domain.ProviderAnthropic].Configured)

	res, err := c.Providers.Test("offline")
	require.NoError(t, err)
	require.True(t, res.OK)
	res, err = c.Providers.Test("ollama")
	require.NoError(t, err)
	require.False(t, res.OK)
	require.NotEmpty(t, res.Error, "a failed test says why")
}

// TestOneOutcomeLineEverywhere checks that the run header (History.Get), the History list
// and the report carry the same domain.RunOutcome line, and that it matches the stored run.
func TestOneOutcomeLineEverywhere(t *testing.T) {
	c := openTest(t)
	run := libraryRun(t, c)
	d, err := c.History.Get(run.ID)
	require.NoError(t, err)
	view, err := c.Reports.Get(run.ID)
	require.NoError(t, err)
	require.Equal(t, domain.RunOutcome(d.Run, view.Status), d.Outcome)
	require.NotEmpty(t, d.Outcome)
	require.Equal(t, d.Outcome, view.Outcome)
	list, err := c.History.List(HistoryFilter{})
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, d.Outcome, list[0].Outcome, "History words the run as its header does")
	require.Equal(t, view.Status, list[0].ReportStatus)
	require.Contains(t, view.Markdown, "**Outcome:** "+d.Outcome, "the report of record states the same outcome")
}

func TestExportStartDirPrefersLastFolderThenDocuments(t *testing.T) {
	last := t.TempDir()
	require.Equal(t, last, exportStartDir(&last), "the last used folder wins while it exists")
	gone := filepath.Join(last, "removed")
	got := exportStartDir(&gone)
	require.NotEqual(t, gone, got, "a folder that no longer exists is not offered")
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NotEqual(t, wd, got, "never the working folder")
	require.DirExists(t, got)
}

// TestEvidenceViewCarriesGoDesign: the window's design label is the report's, of the class
// the judge scored by: "Randomized Controlled Trial, Veterinary" is an animal study (the old
// frontend substring guess said RCT), a registry entry with no results posted is a plan, and
// the evidence table names every design in the same words.
func TestEvidenceViewCarriesGoDesign(t *testing.T) {
	c := openTest(t)
	st, err := c.storeForTest()
	require.NoError(t, err)
	ctx := context.Background()
	run := domain.Run{ID: "r-design", Question: "does metformin help dogs with diabetes", Config: domain.DefaultRunConfig(),
		Status: domain.RunComplete, Judge: domain.JudgeInfo{Provider: domain.ProviderOffline, Kind: domain.JudgeKindOffline}}
	require.NoError(t, st.CreateRun(ctx, run))
	evs := []domain.Evidence{
		{Content: "Dogs were randomised to metformin or placebo.", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1",
			Title: "Metformin in diabetic dogs", PublicationTypes: []string{"Randomized Controlled Trial, Veterinary"}}},
		{Content: "Patients were randomised to metformin or placebo.", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "2",
			Title: "Metformin in people with diabetes", PublicationTypes: []string{"Randomized Controlled Trial"}, MeshTerms: []string{"Humans"}}},
		{Content: "Allocation: RANDOMIZED. Masking: DOUBLE.", Citation: domain.Citation{Source: domain.SourceClinicalTrials, ID: "NCT01234567", NCTID: "NCT01234567",
			Title: "Metformin in dogs and people", Trial: &domain.Trial{Status: "RECRUITING", Phase: "PHASE3", Allocation: "RANDOMIZED"}}},
	}
	keys, err := st.UpsertEvidence(ctx, evs)
	require.NoError(t, err)
	_, err = st.LinkEvidence(ctx, run.ID, 1, keys)
	require.NoError(t, err)

	view, err := c.Reports.Get(run.ID)
	require.NoError(t, err)
	require.Len(t, view.Evidence, 3)
	require.Equal(t, "Animal study", view.Evidence[0].Design)
	require.Equal(t, "RCT", view.Evidence[1].Design)
	require.Equal(t, "RCT (registered, no results posted)", view.Evidence[2].Design,
		"a registry entry with no results is labelled as a plan, as in the report")
	// The report's evidence table names each design in the same words.
	var apps map[string]domain.Appraisal
	rep := report.Build(report.Input{Run: run, Evidence: evs, Appraisals: apps})
	for i, ev := range view.Evidence {
		require.Equal(t, ev.Design, rep.Rows[i].Design, "evidence %d", i+1)
	}
}

// TestParseQuestionShowsCorrections: the chips say what a question asks about, with a
// mistyped name shown beside what it was read as, and the test a question asks about.
func TestParseQuestionShowsCorrections(t *testing.T) {
	c := openTest(t)
	v := c.Runs.ParseQuestion("levetiracetem vs valproate for generalised epilepsy", nil, nil)
	require.Empty(t, v.Error)
	var respelled []string
	for _, k := range v.Concepts {
		if k.Respelled != "" {
			respelled = append(respelled, k.Text+" -> "+k.Respelled)
		}
	}
	require.Equal(t, []string{"levetiracetem -> levetiracetam"}, respelled)
	require.Contains(t, v.Summary, "(read as levetiracetam)")

	v = c.Runs.ParseQuestion("Plasma p-tau217 for diagnosing Alzheimer's disease", nil, nil)
	require.True(t, v.Diagnostic, v.Summary)
	require.Equal(t, domain.QuestionIntervention, v.Kind)
}

// TestStageCorrection: a condition's stage set on its chip is what the chips show and what
// the run is given; a stage on what is not a condition is refused in one line.
func TestStageCorrection(t *testing.T) {
	c := openTest(t)
	const q = "Do emollients help atopic dermatitis in infants?"
	v := c.Runs.ParseQuestion(q, nil, nil)
	require.Empty(t, v.Error)
	stageOf := func(v QuestionView, text string) domain.ConditionStage {
		for _, k := range v.Concepts {
			if k.Text == text {
				return k.StageKey
			}
		}
		t.Fatalf("no concept %q in %s", text, v.Summary)
		return ""
	}
	require.Equal(t, domain.StageEither, stageOf(v, "atopic dermatitis"), v.Summary)

	v = c.Runs.ParseQuestion(q, nil, map[string]string{"atopic dermatitis": "onset"})
	require.Empty(t, v.Error)
	require.Equal(t, domain.StageOnset, stageOf(v, "atopic dermatitis"))
	require.Contains(t, v.Summary, "atopic dermatitis (its onset)")

	req, err := StartRequest{Question: q, Stages: map[string]string{"atopic dermatitis": "onset"}}.request()
	require.NoError(t, err)
	require.NotNil(t, req.Parsed, "the corrected parse is what the run is given")
	require.True(t, slices.ContainsFunc(req.Parsed.Concepts, func(c domain.Concept) bool { return c.Text == "atopic dermatitis" && c.Onset && c.Corrected }))

	v = c.Runs.ParseQuestion(q, nil, map[string]string{"emollients": "onset"})
	require.Contains(t, v.Error, "only a condition has a stage")
	_, err = StartRequest{Question: q, Stages: map[string]string{"atopic dermatitis": "cured"}}.request()
	require.ErrorContains(t, err, "unknown stage")
}
