package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"deepcritical/backend/domain"
)

// benchBatchRuns is how many generated runs share one transaction: large enough to amortise
// commits, small enough to keep the WAL from growing without bound.
const benchBatchRuns = 100

// Vocabulary of the generated corpus. Drug and disease names recur with a skewed (Zipf)
// frequency like real literature, so searches hit both very common and rare terms.
var (
	benchDrugs = strings.Fields(`metformin lithium semaglutide liraglutide donepezil memantine ketamine
		sildenafil tadalafil rapamycin sirolimus simvastatin atorvastatin minocycline doxycycline
		valproate levetiracetam nilotinib bexarotene fingolimod dapagliflozin empagliflozin pioglitazone
		rosiglitazone insulin ibuprofen naproxen aspirin celecoxib tacrolimus baricitinib tofacitinib
		thalidomide lenalidomide hydroxychloroquine ivermectin colchicine montelukast propranolol
		losartan telmisartan candesartan nicotinamide resveratrol curcumin melatonin zoledronate
		denosumab bumetanide riluzole edaravone dasatinib quercetin fluoxetine citalopram escitalopram`)
	benchDiseases = strings.Fields(`alzheimer parkinson huntington dementia depression schizophrenia
		epilepsy stroke glioblastoma sclerosis amyotrophic migraine autism obesity diabetes sepsis
		fibrosis osteoporosis psoriasis arthritis lupus covid tuberculosis malaria leukemia melanoma`)
	benchTerms = strings.Fields(`amyloid tau phosphorylation neuroinflammation microglia astrocyte
		synaptic plasticity mitochondrial autophagy oxidative stress insulin resistance ampk mtor
		gsk3 apoptosis cognition memory decline cohort randomized placebo controlled trial double blind
		meta analysis systematic review observational retrospective prospective hazard ratio odds
		confidence interval incidence risk reduction biomarker cerebrospinal plasma imaging pet mri
		hippocampal atrophy neurodegeneration dose response adverse events safety tolerability efficacy
		mouse model transgenic in vitro in vivo pathway receptor agonist antagonist inhibitor expression
		clearance aggregation blood brain barrier permeability pharmacokinetics repurposing candidate
		mechanism evidence outcome primary secondary endpoint enrollment phase registry participants
		patients elderly baseline follow up months years significant improvement reduced increased`)
	benchProviders = []domain.Provider{domain.ProviderOffline, domain.ProviderOffline, domain.ProviderOllama,
		domain.ProviderOpenAI, domain.ProviderAnthropic, domain.ProviderHuggingFace}
)

// benchText draws n words from the vocabulary, mixing in drug and disease names.
type benchText struct {
	r                      *rand.Rand
	drugs, diseases, terms *rand.Zipf
}

func newBenchText(r *rand.Rand) *benchText {
	return &benchText{
		r:        r,
		drugs:    rand.NewZipf(r, 1.2, 4, uint64(len(benchDrugs)-1)),
		diseases: rand.NewZipf(r, 1.3, 3, uint64(len(benchDiseases)-1)),
		terms:    rand.NewZipf(r, 1.05, 8, uint64(len(benchTerms)-1)),
	}
}

func (g *benchText) drug() string    { return benchDrugs[g.drugs.Uint64()] }
func (g *benchText) disease() string { return benchDiseases[g.diseases.Uint64()] }

func (g *benchText) words(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch x := g.r.IntN(12); {
		case x == 0:
			b.WriteString(g.drug())
		case x == 1:
			b.WriteString(g.disease())
		default:
			b.WriteString(benchTerms[g.terms.Uint64()])
		}
	}
	return b.String()
}

// benchEvidence generates the paper with this PMID; the same PMID always yields the same
// paper, so runs sharing a paper exercise deduplication as real runs do.
func benchEvidence(seed int64, pmid int) domain.Evidence {
	g := newBenchText(rand.New(rand.NewPCG(uint64(seed), uint64(pmid))))
	drug, disease := g.drug(), g.disease()
	title := fmt.Sprintf("%s in %s: %s", capitalize(drug), disease, g.words(6+g.r.IntN(6)))
	content := fmt.Sprintf("BACKGROUND: %s. METHODS: %s. RESULTS: %s %s. CONCLUSIONS: %s.",
		g.words(20), g.words(25), drug, g.words(30), g.words(15))
	id := strconv.Itoa(pmid)
	return domain.Evidence{
		Content:   content,
		Relevance: float64(g.r.IntN(100)) / 100,
		Citation: domain.Citation{
			Source: domain.SourcePubMed, ID: id, PMID: id, Title: title,
			URL:     "https://pubmed.ncbi.nlm.nih.gov/" + id + "/",
			Date:    strconv.Itoa(1995+g.r.IntN(30)) + "-0" + strconv.Itoa(1+g.r.IntN(9)),
			Authors: []string{"Author" + strconv.Itoa(g.r.IntN(5000)) + " A", "Author" + strconv.Itoa(g.r.IntN(5000)) + " B"},
			Journal: "Journal of " + capitalize(disease), PublicationTypes: []string{"Journal Article"},
			MeshTerms: []string{capitalize(drug), capitalize(disease)},
		},
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// generateBenchData fills s with a deterministic synthetic history: runs research runs (two
// years of them, newest last), each with evidencePerRun papers drawn from a shared pool (so
// papers recur across runs), eventsPerRun events, one assessment per iteration, a verdict
// and a Markdown report. The same seed gives the same data. Benchmarks of the store and the
// history UI use it; it writes through the repositories' own SQL, benchBatchRuns runs per
// transaction.
func generateBenchData(ctx context.Context, s *Store, runs, evidencePerRun, eventsPerRun int, seed int64) error {
	if runs < 0 || evidencePerRun < 0 || eventsPerRun < 0 {
		return domain.Errorf(domain.CodeInvalid, "bench data sizes must be ≥ 0")
	}
	r := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	g := newBenchText(r)
	pool := max(runs*evidencePerRun*2/3, evidencePerRun)
	start := time.Date(2023, 1, 1, 8, 0, 0, 0, time.UTC)
	step := 2 * 365 * 24 * time.Hour / time.Duration(max(runs, 1))

	for first := 0; first < runs; first += benchBatchRuns {
		err := s.withTx(ctx, "generating bench data", func(tx *sql.Tx) error {
			for i := first; i < min(first+benchBatchRuns, runs); i++ {
				if err := s.generateRun(ctx, tx, r, g, i, start.Add(time.Duration(i)*step), pool, evidencePerRun, eventsPerRun, seed); err != nil {
					return fmt.Errorf("run %d: %w", i, err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) generateRun(ctx context.Context, tx *sql.Tx, r *rand.Rand, g *benchText, i int, created time.Time,
	pool, evidencePerRun, eventsPerRun int, seed int64) error {
	disease, drug := g.disease(), g.drug()
	questions := []string{
		"What drugs could be repurposed for %[1]s?",
		"Could %[2]s slow progression of %[1]s?",
		"Evidence for %[2]s as a treatment of %[1]s",
		"Which approved drugs target %[3]s in %[1]s?",
	}
	question := fmt.Sprintf(questions[r.IntN(len(questions))], disease, drug, benchTerms[g.terms.Uint64()])
	iterations := 1 + r.IntN(4)
	status := domain.RunComplete
	switch x := r.IntN(20); x {
	case 0:
		status = domain.RunFailed
	case 1:
		status = domain.RunCancelled
	case 2:
		status = domain.RunInterrupted
	}
	provider := benchProviders[r.IntN(len(benchProviders))]
	finished := created.Add(time.Duration(30+r.IntN(600)) * time.Second)
	run := domain.Run{
		ID: created.Format("20060102-150405") + fmt.Sprintf("000-%08x", i), Question: question,
		Config: domain.DefaultRunConfig(), Status: status, Iterations: iterations,
		Judge:     domain.JudgeInfo{Provider: provider, Model: string(provider) + "-model", PromptVersion: "judge/v1", Kind: domain.JudgeKindLLM},
		CreatedAt: created, UpdatedAt: finished, FinishedAt: &finished,
	}
	if provider == domain.ProviderOffline {
		run.Judge.Kind = domain.JudgeKindOffline
	}
	if status == domain.RunComplete {
		run.StopReason = "sufficient"
	}
	if err := s.createRun(ctx, tx, run); err != nil {
		return err
	}

	evs := make([]domain.Evidence, 0, evidencePerRun)
	keys := make([]string, 0, evidencePerRun)
	seen := make(map[int]bool, evidencePerRun)
	for len(evs) < evidencePerRun {
		pmid := 10_000_000 + r.IntN(pool)
		if seen[pmid] {
			continue
		}
		seen[pmid] = true
		ev := benchEvidence(seed, pmid)
		evs = append(evs, ev)
		keys = append(keys, ev.CanonicalKey())
	}
	if err := s.upsertEvidence(ctx, tx, evs, keys); err != nil {
		return err
	}
	for it := 1; it <= iterations && len(keys) > 0; it++ {
		lo, hi := (it-1)*len(keys)/iterations, it*len(keys)/iterations
		if _, err := s.linkEvidence(ctx, tx, run.ID, it, keys[lo:hi]); err != nil {
			return err
		}
	}

	for e := 0; e < eventsPerRun; e++ {
		typ := domain.AllEventTypes[min(e*9/max(eventsPerRun, 1), 9)]
		ev := domain.Event{RunID: run.ID, Type: typ, Iteration: 1 + e*iterations/max(eventsPerRun, 1),
			Message: string(typ), Time: created.Add(time.Duration(e) * time.Second)}
		data := fmt.Sprintf(`{"count":%d}`, r.IntN(50))
		// A new run's seq is known; a plain INSERT avoids a statement savepoint (see insertID).
		if _, err := tx.ExecContext(ctx, `INSERT INTO events(run_id, seq, type, iteration, message, data, time)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, run.ID, e+1, string(ev.Type), ev.Iteration, ev.Message, data, formatTime(ev.Time)); err != nil {
			return err
		}
	}

	candidates := []string{drug, g.drug(), g.drug()}
	for it := 1; it <= iterations; it++ {
		a := domain.Assessment{
			Details: domain.AssessmentDetails{
				MechanismScore: r.IntN(11), MechanismReasoning: g.words(15),
				ClinicalEvidenceScore: r.IntN(11), ClinicalReasoning: g.words(15),
				DrugCandidates: candidates, KeyFindings: []string{g.words(10), g.words(10)},
			},
			Sufficient: it == iterations, Confidence: float64(r.IntN(100)) / 100,
			Recommendation: domain.RecommendContinue, NextSearchQueries: []string{drug + " " + disease},
			Reasoning: g.words(25), Judge: run.Judge,
		}
		if it == iterations {
			a.Recommendation = domain.RecommendSynthesize
		}
		body, err := json.Marshal(a)
		if err != nil {
			return err
		}
		heur, err := json.Marshal(domain.Heuristics{BaseScore: 40, FinalScore: float64(r.IntN(100)),
			Observations: []string{g.words(8)}, RedFlags: []string{}, SuggestedQueries: []string{g.words(3)}})
		if err != nil {
			return err
		}
		if err := s.saveAssessment(ctx, tx, domain.StoredAssessment{RunID: run.ID, Iteration: it, Assessment: a, CreatedAt: created},
			string(body), sql.NullString{String: string(heur), Valid: true}); err != nil {
			return err
		}
	}

	if status != domain.RunComplete {
		return nil
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# %s\n\n## Drug candidates\n\n", question)
	for n, c := range candidates {
		fmt.Fprintf(&md, "%d. **%s** — %s [%d]\n", n+1, capitalize(c), g.words(20), n+1)
	}
	fmt.Fprintf(&md, "\n## Key findings\n\n- %s\n- %s\n\n## Reasoning\n\n%s\n\n## Citations\n\n", g.words(25), g.words(25), g.words(60))
	for n, ev := range evs[:min(len(evs), 10)] {
		fmt.Fprintf(&md, "%d. %s. PMID %s\n", n+1, ev.Citation.Title, ev.Citation.PMID)
	}
	pass := r.IntN(4) > 0
	if err := s.saveReport(ctx, tx, domain.StoredReport{RunID: run.ID, Markdown: md.String(), Status: domain.ReportVerified, CreatedAt: finished}); err != nil {
		return err
	}
	verdict, err := json.Marshal(domain.Verdict{Pass: pass, Reason: g.words(10), MissingItems: []string{},
		QuestionsForUser: []string{}, SuggestedNextSteps: []string{}})
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO verdicts(run_id, iteration, pass, verdict, created_at) VALUES (?, ?, ?, ?, ?)`,
		run.ID, iterations, pass, string(verdict), formatTime(finished)); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE runs SET verdict_pass = ? WHERE id = ?`, pass, run.ID)
	return err
}

// TestSeedHistory is the entry point scripts/e2e.sh uses to fill the database of the
// history benchmark: the generator lives only in test code, so the shipped binary does not
// carry it. It runs only when DC_SEED_DB names the database file to create or extend
// (DC_SEED_RUNS, default 10000, sets the number of runs).
func TestSeedHistory(t *testing.T) {
	path := os.Getenv("DC_SEED_DB")
	if path == "" {
		t.Skip("DC_SEED_DB is not set: nothing to seed")
	}
	runs := 10000
	if v := os.Getenv("DC_SEED_RUNS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			t.Fatalf("DC_SEED_RUNS=%q is not a count of runs", v)
		}
		runs = n
	}
	ctx := context.Background()
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("opening %s: %v", path, err)
	}
	defer st.Close()
	start := time.Now()
	if err := generateBenchData(ctx, st, runs, 30, 12, 1); err != nil {
		t.Fatalf("generating: %v", err)
	}
	t.Logf("seeded %d runs in %s", runs, time.Since(start).Round(time.Millisecond))
}
