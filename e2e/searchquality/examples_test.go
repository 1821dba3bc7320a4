package searchquality

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/judge"
	"deepcritical/backend/orchestrator"
	"deepcritical/backend/runs"
	"deepcritical/backend/search"
	"deepcritical/backend/search/ctgov"
	"deepcritical/backend/search/europepmc"
	"deepcritical/backend/search/pubmed"
	"deepcritical/backend/store"
	"deepcritical/backend/verify"
	fakectgov "deepcritical/internal/fakes/ctgov"
	fakeepmc "deepcritical/internal/fakes/europepmc"
	"deepcritical/internal/fakes/eutils"
)

// TestSuggestedQuestions runs every question the Research view suggests against the three
// search fakes with the real services' semantics (PubMed, Europe PMC, ClinicalTrials.gov)
// and the offline judge, as a user clicking the example would. Each report must answer the
// question that was asked: for a question naming an intervention, every key finding cites
// evidence that studies it and every candidate is it, or the report says plainly that no
// study of it was found; for an open question, findings cite on-topic evidence only.
func TestSuggestedQuestions(t *testing.T) {
	orc, st, cfg := fakeSearchOrchestrator(t)
	ctx := context.Background()
	for _, question := range domain.ExampleQuestions {
		t.Run(question, func(t *testing.T) {
			run, err := orc.Run(ctx, question, cfg)
			if err != nil {
				t.Fatal(err)
			}
			q, err := concepts.Of(run.Question, run.Parsed)
			if err != nil {
				t.Fatal(err)
			}
			evs, err := st.RunEvidence(ctx, run.ID)
			if err != nil {
				t.Fatal(err)
			}
			as, err := st.ListAssessments(ctx, run.ID)
			if err != nil || len(as) == 0 {
				t.Fatalf("no assessment: %v", err)
			}
			a := as[len(as)-1].Assessment
			rep, err := st.GetReport(ctx, run.ID)
			if err != nil {
				t.Fatal(err)
			}
			onTopic := 0
			for _, e := range evs {
				if !e.IsOffTopic() {
					onTopic++
				}
			}
			t.Logf("%s (%s): %d papers, %d on topic; candidates %v; %d findings; answer: %s", question, q.Kind, len(evs), onTopic,
				a.Details.DrugCandidates, len(a.Details.KeyFindings), answerLine(rep.Markdown))
			for _, f := range a.Details.KeyFindings {
				for _, n := range citedNumbers(f) {
					if n < 1 || n > len(evs) || evs[n-1].IsOffTopic() {
						t.Errorf("finding %q cites [%d], which is not on topic", f, n)
					}
				}
			}
			if iv := q.InterventionText(); iv != "" {
				for _, c := range a.Details.DrugCandidates {
					if !strings.Contains(strings.ToLower(c), strings.ToLower(strings.TrimSuffix(iv, "s"))) {
						t.Errorf("candidate %q is not %s", c, iv)
					}
				}
				if onTopic == 0 && !strings.Contains(rep.Markdown, "No study of "+iv) {
					t.Errorf("no paper studies %s but the report does not say so", iv)
				}
			}
		})
	}
}

// fakeSearchOrchestrator is a research orchestrator over the three search fakes with the real
// services' semantics and the offline judge, with a store of its own, and the run settings a
// user's first run has (three sources, three iterations).
func fakeSearchOrchestrator(t *testing.T) (*orchestrator.Orchestrator, *store.Store, domain.RunConfig) {
	t.Helper()
	data := dataDir(t)
	recs, _, err := eutils.LoadCorpus(data)
	if err != nil {
		t.Fatal(err)
	}
	engine := eutils.NewEngine(recs)
	studies, err := fakectgov.LoadStudies(filepath.Join(filepath.Dir(data), "fixtures", "clinicaltrials_v2"))
	if err != nil {
		t.Fatal(err)
	}
	pm := httptest.NewServer(eutils.NewServer(engine))
	t.Cleanup(pm.Close)
	ep := httptest.NewServer(fakeepmc.NewServer(engine))
	t.Cleanup(ep.Close)
	ct := httptest.NewServer(fakectgov.NewServer(studies))
	t.Cleanup(ct.Close)
	sources := []search.Source{
		pubmed.New(pubmed.Options{BaseURL: pm.URL, HTTPClient: pm.Client(), Limiter: rate.NewLimiter(rate.Inf, 1)}),
		europepmc.New(europepmc.Options{BaseURL: ep.URL, HTTPClient: ep.Client()}),
		ctgov.New(ctgov.Options{BaseURL: ct.URL, HTTPClient: ct.Client()}),
	}
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "dc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	fan := search.NewFanout(sources, search.FanoutOptions{Timeout: 30 * time.Second})
	orc, err := orchestrator.New(orchestrator.Deps{Searcher: fan, Judge: runs.Judge{J: judge.NewOffline()}, Store: st,
		Synthesizer: runs.Synthesizer{}, Verifier: runs.Verifier{V: verify.New(verify.Options{})}}, orchestrator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg := domain.DefaultRunConfig()
	cfg.Sources = []domain.Source{domain.SourcePubMed, domain.SourceEuropePMC, domain.SourceClinicalTrials}
	cfg.MaxIterations = 3
	return orc, st, cfg
}

// TestQuestionOfUnknownWords: a question made only of words no paper uses ends at once with
// a clear error naming them, PubMed's own "phrase not found" being the evidence, while a
// question with one unknown word among known ones still runs.
func TestQuestionOfUnknownWords(t *testing.T) {
	orc, _, cfg := fakeSearchOrchestrator(t)
	ctx := context.Background()
	cases := []struct {
		question string
		failed   bool
	}{
		{"asdf qwer zxcv", true},
		{"xqzt vrrp?", true},
		{"Is zorblax effective for treating cancer?", false},
		{"Does tumeric help qwertyx?", false}, // the vocabulary knows turmeric
	}
	for _, c := range cases {
		t.Run(c.question, func(t *testing.T) {
			run, err := orc.Run(ctx, c.question, cfg)
			if c.failed {
				if err != nil || run.Status != domain.RunFailed {
					t.Fatalf("status %s, err %v: want a failed run", run.Status, err)
				}
				if !strings.Contains(run.Error, "none of the question's words is in PubMed") || !strings.Contains(run.Error, "check the spelling") || run.Iterations != 1 {
					t.Errorf("error %q after %d iterations: want the unknown words named after one search", run.Error, run.Iterations)
				}
				return
			}
			if err != nil || run.Status != domain.RunComplete {
				t.Fatalf("status %s, err %v: want a complete run", run.Status, err)
			}
		})
	}
}

// citedNumbers are the evidence numbers a text cites as [n].
func citedNumbers(s string) []int {
	var out []int
	for _, part := range strings.Split(s, "[")[1:] {
		n := 0
		i := 0
		for ; i < len(part) && part[i] >= '0' && part[i] <= '9'; i++ {
			n = n*10 + int(part[i]-'0')
		}
		if i > 0 && i < len(part) && part[i] == ']' {
			out = append(out, n)
		}
	}
	return out
}

// answerLine is the report's answer line, for the log.
func answerLine(md string) string {
	_, after, ok := strings.Cut(md, "## Answer\n\n")
	if !ok {
		return "(none)"
	}
	line, _, _ := strings.Cut(after, "\n")
	return line
}
