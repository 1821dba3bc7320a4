// Package report builds the synthesis report of a research run from stored,
// structured data, and exports a run as Markdown, self-contained HTML, JSON, CSV and citation
// files. Every claim in the report carries the numbers of the evidence that supports it,
// computed with the same grounding rules verification uses, so what the reader sees and what
// the verifier checks cannot drift apart.
package report

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/verify/grounding"
)

// Disclaimer is shown on every report and export.
const Disclaimer = "For research only — not medical advice."

// StatusDraft marks a report not yet verified; the stored statuses are domain.ReportVerified,
// domain.ReportUnverified and domain.ReportFailed.
const StatusDraft = "draft"

// Narrative is the short prose summary of a report and who wrote it. Text may cite evidence
// as [n]; By is the judge that wrote it (kind llm) or, for the offline judge, Offline is true
// and the text was built from the assessment.
type Narrative struct {
	Text    string           `json:"text"`
	By      domain.JudgeInfo `json:"by"`
	Offline bool             `json:"offline,omitempty"`
	// Error is set when an LLM narrative was asked for and could not be written.
	Error string `json:"error,omitempty"`
}

// Verification is what the verifier concluded about a draft, as the report shows it.
type Verification struct {
	Status  string            `json:"status"` // verified | unverified | failed
	Verdict *domain.Verdict   `json:"verdict,omitempty"`
	Checks  *grounding.Checks `json:"checks,omitempty"`
	// Error explains an unverified report (the verifier could not run).
	Error string `json:"error,omitempty"`
}

// Input is everything a report is built from. Evidence order defines the citation numbers.
type Input struct {
	Run        domain.Run
	Evidence   []domain.Evidence
	Appraisals map[string]domain.Appraisal // by canonical key
	// Assessment is the latest judge assessment; nil when the run never reached the judge.
	Assessment *domain.Assessment
	Heuristics *domain.Heuristics
	Narrative  *Narrative
	// Verification is nil for a draft that has not been verified yet.
	Verification *Verification
	// Events are the run's stored events, read for the sources that failed or warned.
	Events []domain.Event
	// Rejudgements are the labelled assessments of the run's evidence by other judges
	// (History's "Re-judge with", `history rejudge`), oldest first.
	Rejudgements []domain.StoredAssessment
	// Reviews are the reviewer's decisions, in the order they were made.
	Reviews []domain.Review
	// FullTexts are the stored full texts of the evidence, by canonical key.
	FullTexts map[string]domain.FullText
}

// ReviewerSection is the reviewer's voice beside the judge's, as every report format shows
// it: the decision in force on the verdict, on each paper, the agreement with the judge's
// on/off-topic marks, and the whole trail.
type ReviewerSection struct {
	Verdict   string           `json:"verdict,omitempty"`
	Papers    []string         `json:"papers,omitempty"`
	Agreement string           `json:"agreement"`
	Trail     []domain.Review  `json:"trail"`
	Measure   domain.Agreement `json:"agreement_figures"`
	// Components is the agreement on the appraisal components the reviewer re-scored.
	Components      domain.Agreement `json:"component_agreement_figures"`
	ComponentsWords string           `json:"component_agreement,omitempty"`
}

// reviewerSection renders the reviews (nil when there are none).
func reviewerSection(evidence []domain.Evidence, appraisals map[string]domain.Appraisal, reviews []domain.Review) *ReviewerSection {
	if len(reviews) == 0 {
		return nil
	}
	verdict, papers := domain.LatestReviews(reviews)
	out := &ReviewerSection{Trail: reviews, Measure: domain.PaperAgreement(evidence, papers)}
	if ov := domain.LatestOverrides(reviews); len(ov) > 0 {
		out.Components = domain.ComponentAgreement(evidence, appraisals, ov)
		out.ComponentsWords = "Agreement with the appraiser on the components the reviewer re-scored (full points or not): " +
			strings.ReplaceAll(out.Components.String(), "paper", "component")
	}
	out.Agreement = "Agreement with the judge's on/off-topic marks: " + out.Measure.String()
	if verdict != nil {
		out.Verdict = fmt.Sprintf("%s %ss with the final verdict (%s)", verdict.Author, verdict.Decision, verdict.CreatedAt.UTC().Format("2006-01-02"))
		if verdict.Note != "" {
			out.Verdict += ": " + verdict.Note
		}
	}
	for i, e := range evidence {
		r, ok := papers[e.CanonicalKey()]
		if !ok {
			continue
		}
		out.Papers = append(out.Papers, fmt.Sprintf("[%d] %s", i+1, ReviewDecision(e, r)))
	}
	return out
}

// ReviewDecision is a reviewer's decision in force on a paper in one line, "included by Ana
// (the judge: set aside) — wrong design: note", with the judge's own mark beside it: the one
// wording the Reviewer's decisions section and the reference exports' notes share, so a
// paper's decision and the reviewer's note travel with it into a reference manager.
func ReviewDecision(e domain.Evidence, r domain.Review) string {
	judge := "on topic"
	if e.IsOffTopic() {
		judge = "set aside"
	}
	line := fmt.Sprintf("%sd by %s (the judge: %s)", r.Decision, r.Author, judge)
	if r.Reason != "" {
		line += " — " + r.Reason
	}
	if r.Note != "" {
		line += ": " + r.Note
	}
	return line
}

// Rejudgement is one re-judgement of the run's evidence as every report format shows it:
// the judge, when, its verdict, and how it differs from the run's own final verdict.
type Rejudgement struct {
	Label       string   `json:"label"`
	Judge       string   `json:"judge"`
	Date        string   `json:"date"`
	Mechanism   int      `json:"mechanism_score"`
	Clinical    int      `json:"clinical_evidence_score"`
	Sufficient  bool     `json:"sufficient"`
	Candidates  []string `json:"drug_candidates"`
	Differences string   `json:"differences"`
}

// rejudgements renders the labelled assessments against the original (nil when there is no
// original verdict to compare with: the differences are then said against nothing).
func rejudgements(original *domain.Assessment, rs []domain.StoredAssessment) []Rejudgement {
	var out []Rejudgement
	for _, sa := range rs {
		a := sa.Assessment
		j := judgeLine(a.Judge)
		who := j.Label
		if a.Judge.Model != "" {
			who += " (" + string(a.Judge.Provider) + ", " + a.Judge.Model + ")"
		}
		if a.Judge.Kind == domain.JudgeKindFallback && a.Judge.Error != "" {
			who += ": " + oneLine(a.Judge.Error) // why it fell back, as the run's own verdict says it
		}
		r := Rejudgement{Label: sa.Label, Judge: who, Mechanism: a.Details.MechanismScore, Clinical: a.Details.ClinicalEvidenceScore,
			Sufficient: a.Sufficient, Candidates: append([]string{}, a.Details.DrugCandidates...), Differences: "no original verdict to compare with"}
		if !sa.CreatedAt.IsZero() {
			r.Date = sa.CreatedAt.UTC().Format("2006-01-02 15:04 UTC")
		}
		if original != nil {
			r.Differences = domain.DiffAssessments(*original, a).Summary()
		}
		out = append(out, r)
	}
	return out
}

// Candidate is a drug candidate with the evidence that names it.
type Candidate struct {
	Rank      int    `json:"rank"`
	Name      string `json:"name"`
	Citations []int  `json:"citations"`
	// Stances are the verdict's stance of each cited study, in Citations' order and in the
	// answer line's words ("" where it gave none): a candidate named only by a study that
	// found no effect must not read as supported by it.
	Stances []string `json:"stances,omitempty"`
	Flagged bool     `json:"flagged"`
	// Excluded marks a candidate every paper naming it was excluded by the reviewer: the judge
	// named it, the report as reviewed rests on nothing for it.
	Excluded bool `json:"excluded_by_reviewer,omitempty"`
	// Support is the structured support count from the heuristics (trial interventions,
	// chemical lists), used to rank candidates with equal citation counts.
	Support int `json:"support,omitempty"`
}

// Finding is a key finding with the evidence that supports it.
type Finding struct {
	Text      string  `json:"text"`
	Citations []int   `json:"citations"`
	Overlap   float64 `json:"overlap"`
	Flagged   bool    `json:"flagged"`
	// Excluded marks a finding every paper stating it was excluded by the reviewer.
	Excluded bool `json:"excluded_by_reviewer,omitempty"`
}

// Scores are the judge's scores and confidence.
type Scores struct {
	Mechanism          int     `json:"mechanism_score"`
	MechanismReasoning string  `json:"mechanism_reasoning"`
	Clinical           int     `json:"clinical_evidence_score"`
	ClinicalReasoning  string  `json:"clinical_reasoning"`
	Confidence         float64 `json:"confidence"`
	Sufficient         bool    `json:"sufficient"`
	Recommendation     string  `json:"recommendation"`
}

// Row is one line of the evidence table.
type Row struct {
	N          int    `json:"n"`
	Key        string `json:"key"`
	Source     string `json:"source"`
	Year       string `json:"year"`
	Design     string `json:"design"`
	Quality    string `json:"quality"`
	RiskOfBias string `json:"risk_of_bias"`
	// Read says which text the appraisal read: "read in full (Europe PMC)", "abstract only",
	// or "" for a paper not appraised.
	Read      string `json:"read,omitempty"`
	Trial     string `json:"trial"`
	Title     string `json:"title"`
	URL       string `json:"url"`
	Reference string `json:"reference"`
	Retracted bool   `json:"retracted,omitempty"`
	// OffTopic marks evidence the relevance scorer set aside, with its reason.
	OffTopic       bool   `json:"off_topic,omitempty"`
	OffTopicReason string `json:"off_topic_reason,omitempty"`
	// Review is the reviewer's decision in force on the paper with the judge's own mark
	// beside it (ReviewDecision: "excluded by ana (the judge: on topic) — wrong population"),
	// and ReviewBy its head ("excluded by ana"), which the table shows as the paper's mark in
	// place of the judge's; both "" when the reviewer left the paper alone.
	Review   string `json:"review,omitempty"`
	ReviewBy string `json:"review_by,omitempty"`
}

// JudgeLine describes the judge that produced the assessment, labelled so an offline or
// fallback assessment can never be mistaken for an LLM one.
type JudgeLine struct {
	Provider string `json:"provider"`
	Model    string `json:"model"`
	Kind     string `json:"kind"`
	Label    string `json:"label"`
	Warning  string `json:"warning,omitempty"`
}

// Stance is one study's stance with the words the answer line says it in.
type Stance struct {
	domain.StudyStance
	// Label is the stance in the question's words: "supports", "finds a link" for a harm
	// asked about, "refutes" for a question that asks about no treatment (domain.StanceLabel).
	Label string `json:"label"`
	// Review is the reviewer's decision on the study (ReviewDecision's words), "" when the
	// reviewer left it alone: an excluded study's stance stays listed, as the judge gave it,
	// and is not counted in the answer line.
	Review string `json:"review,omitempty"`
}

// Report is the structured report; Markdown is its rendering, the report of record.
type Report struct {
	Question string `json:"question"`
	// Understood is how the question was parsed ("intervention: metformin · condition:
	// cancer"); Answer is the line above the scores that says which way the studies point,
	// or that no study of the named intervention was found; Stances are the studies'.
	Understood string   `json:"understood,omitempty"`
	Answer     string   `json:"answer,omitempty"`
	Stances    []Stance `json:"stances,omitempty"`
	// JudgeAnswer is the answer line over the judge's own marks, when the reviewer's
	// decisions on papers changed it ("" otherwise): Answer counts the studies the reviewer
	// kept (domain.ReviewedStances), and the machine's answer stays visible beside it.
	JudgeAnswer string `json:"judge_answer,omitempty"`
	// Rejudgements are the run's evidence judged again by other judges, with differences.
	Rejudgements []Rejudgement `json:"rejudgements,omitempty"`
	// Review is the reviewer's decisions beside the judge's (nil when nobody reviewed).
	Review        *ReviewerSection `json:"review,omitempty"`
	RunID         string           `json:"run_id"`
	Status        string           `json:"status"`
	Partial       bool             `json:"partial"`
	StopReason    string           `json:"stop_reason"`
	StopRule      string           `json:"stop_rule"`
	Iterations    int              `json:"iterations"`
	Candidates    []Candidate      `json:"candidates"`
	Findings      []Finding        `json:"findings"`
	HasAssessment bool             `json:"has_assessment"`
	Scores        Scores           `json:"scores"`
	Reasoning     string           `json:"reasoning"`
	Summary       string           `json:"summary"`
	SummaryNote   string           `json:"summary_note"`
	Rows          []Row            `json:"evidence"`
	// CutSearch says that the run stopped during a search, before that search's results
	// were stored (cancelled, killed), and which sources had answered by then: without it a
	// report with no papers reads as if the sources had found none.
	CutSearch string `json:"cut_search,omitempty"`
	// Appraisals are the appraised papers' component scores with their quotes, as the
	// window's paper dialog shows them.
	Appraisals []AppraisalBlock `json:"appraisals,omitempty"`
	// Studies are the trials with more than one record among the evidence: a registry entry
	// and the articles reporting it, with registered primary outcomes checked.
	Studies      []StudyBlock  `json:"studies,omitempty"`
	Judge        JudgeLine     `json:"judge"`
	Verification *Verification `json:"verification,omitempty"`
	Flagged      []string      `json:"flagged"`
	RedFlags     []string      `json:"red_flags,omitempty"`
	Limitations  []Limitation  `json:"limitations"`
	GeneratedAt  time.Time     `json:"generated_at"`
	Disclaimer   string        `json:"disclaimer"`
	Markdown     string        `json:"-"`
	// Outcome is domain.RunOutcome's line, the one the window's run header and History show.
	Outcome string `json:"-"`
}

// Build assembles the report. It is deterministic: the same input gives the same report,
// byte for byte, so a stored run re-exported later matches what was shown.
func Build(in Input) Report {
	ix := grounding.NewIndex(in.Evidence)
	r := Report{
		Question:     in.Run.Question,
		RunID:        in.Run.ID,
		StopReason:   in.Run.StopReason,
		Iterations:   in.Run.Iterations,
		Verification: in.Verification,
		Disclaimer:   Disclaimer,
		GeneratedAt:  generatedAt(in.Run),
	}
	r.Partial = in.Run.StopReason != domain.StopSufficient
	r.StopRule = StopRuleText(in.Run)
	r.Status = StatusDraft
	if in.Verification != nil {
		r.Status = in.Verification.Status
	}
	if r.Status == StatusDraft {
		r.Outcome = domain.RunOutcome(in.Run, "")
	} else {
		r.Outcome = domain.RunOutcome(in.Run, r.Status)
	}
	flagCandidate, flagFinding := verifierFlags(in.Verification)
	q, qerr := concepts.Of(in.Run.Question, in.Run.Parsed)
	_, reviewed := domain.LatestReviews(in.Reviews)
	if qerr == nil {
		r.Understood = q.Summary()
	}

	if a := in.Assessment; a != nil {
		r.HasAssessment = true
		r.Scores = Scores{
			Mechanism: a.Details.MechanismScore, MechanismReasoning: a.Details.MechanismReasoning,
			Clinical: a.Details.ClinicalEvidenceScore, ClinicalReasoning: a.Details.ClinicalReasoning,
			Confidence: a.Confidence, Sufficient: a.Sufficient, Recommendation: string(a.Recommendation),
		}
		r.Reasoning = a.Reasoning
		r.Candidates = rankCandidates(ix, a.Details.DrugCandidates, in.Heuristics, flagCandidate)
		for _, f := range dedupe(a.Details.KeyFindings) {
			m := ix.MatchFinding(f)
			r.Findings = append(r.Findings, Finding{Text: f, Citations: m.Evidence, Overlap: m.Best,
				Flagged: !m.Supported() || flagFinding[grounding.Normalize(f)]})
		}
		r.Judge = judgeLine(a.Judge)
		kept := domain.ReviewedStances(a.Details.Stances, in.Evidence, reviewed)
		r.Stances = reviewedStances(q, a.Details.Stances, kept, in.Evidence, reviewed)
		withStances(r.Candidates, r.Stances)
		markExcluded(r.Candidates, r.Findings, in.Evidence, reviewed)
		if qerr == nil {
			r.Answer = domain.AnswerLine(q, kept, len(in.Evidence), domain.ReliedOnCount(in.Evidence, reviewed))
			if domain.ReliedOnCount(in.Evidence, reviewed) == 0 && len(reviewed) > 0 {
				// Nothing is left because the reviewer excluded it: say so, not "set aside".
				if line := domain.NoStudyLeftLine(q, len(in.Evidence), excludedCount(in.Evidence, reviewed)); line != "" {
					r.Answer = line
				}
			}
			if judge := domain.AnswerLine(q, a.Details.Stances, len(in.Evidence), onTopicCount(in.Evidence)); judge != r.Answer {
				r.JudgeAnswer = judge
			}
			if len(in.Evidence) == 0 {
				if failed := failedSources(in.Events); len(failed) > 0 {
					r.Answer = domain.NoStudySearchFailedLine(q, failed)
				}
			}
		}
	} else {
		r.Judge = judgeLine(in.Run.Judge)
	}
	r.Rejudgements = rejudgements(in.Assessment, in.Rejudgements)
	r.Review = reviewerSection(in.Evidence, in.Appraisals, in.Reviews)
	for _, c := range r.Candidates {
		if c.Flagged {
			r.Flagged = append(r.Flagged, "drug candidate: "+c.Name)
		}
	}
	for _, f := range r.Findings {
		if f.Flagged {
			r.Flagged = append(r.Flagged, "finding: "+f.Text)
		}
	}
	if in.Heuristics != nil {
		r.RedFlags = append(r.RedFlags, in.Heuristics.RedFlags...)
	}
	r.Rows = rows(in.Evidence, in.Appraisals)
	for i, e := range in.Evidence {
		if rv, ok := reviewed[e.CanonicalKey()]; ok {
			r.Rows[i].Review, r.Rows[i].ReviewBy = ReviewDecision(e, rv), fmt.Sprintf("%sd by %s", rv.Decision, rv.Author)
		}
	}
	r.Appraisals = appraisalBlocks(in.Evidence, in.Appraisals)
	texts := make(map[string]string, len(in.FullTexts))
	for k, ft := range in.FullTexts {
		texts[k] = ft.Text()
	}
	r.Studies = studyBlocks(in.Evidence, texts)
	markOverrides(r.Appraisals, in.Evidence, in.Reviews)
	r.CutSearch = cutSearch(in.Run, in.Events)
	r.Summary, r.SummaryNote = summary(r, in)
	r.Limitations = limitations(in, r)
	r.Markdown = renderMarkdown(r)
	return r
}

func generatedAt(run domain.Run) time.Time {
	if run.FinishedAt != nil {
		return run.FinishedAt.UTC()
	}
	return run.UpdatedAt.UTC()
}

// verifierFlags returns the candidates and findings a verifier found unsupported, keyed by
// their normalised text, so flags survive a re-render of the same items.
func verifierFlags(v *Verification) (cands, finds map[string]bool) {
	cands, finds = map[string]bool{}, map[string]bool{}
	if v == nil || v.Checks == nil {
		return cands, finds
	}
	for _, name := range v.Checks.Unsupported(grounding.KindCandidate) {
		cands[grounding.Normalize(name)] = true
	}
	for _, f := range v.Checks.Unsupported(grounding.KindFinding) {
		finds[grounding.Normalize(f)] = true
	}
	return cands, finds
}

// rankCandidates orders candidates by the number of evidence items naming them, then by the
// heuristics' structured support, then by the judge's own order. Unsupported candidates are
// kept (and flagged) at the end rather than silently dropped, so the reader sees what the
// judge claimed.
func rankCandidates(ix *grounding.Index, names []string, h *domain.Heuristics, flagged map[string]bool) []Candidate {
	support := map[string]int{}
	if h != nil {
		for _, c := range h.Candidates {
			support[grounding.Normalize(c.Name)] = c.Support
		}
	}
	var out []Candidate
	for _, name := range dedupe(names) {
		cites := ix.MatchName(name)
		out = append(out, Candidate{Name: name, Citations: cites, Support: support[grounding.Normalize(name)],
			Flagged: len(cites) == 0 || flagged[grounding.Normalize(name)]})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Flagged != out[j].Flagged {
			return !out[i].Flagged
		}
		if len(out[i].Citations) != len(out[j].Citations) {
			return len(out[i].Citations) > len(out[j].Citations)
		}
		return out[i].Support > out[j].Support
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// withStances gives each candidate the stance of every study it is cited from.
func withStances(cands []Candidate, stances []Stance) {
	if len(stances) == 0 {
		return
	}
	byN := map[int]string{}
	for _, s := range stances {
		byN[s.N] = s.Label
	}
	for i := range cands {
		cands[i].Citations = grounding.Unique(cands[i].Citations)
		cands[i].Stances = make([]string, len(cands[i].Citations))
		for j, n := range cands[i].Citations {
			cands[i].Stances[j] = byN[n]
		}
	}
}

// reviewedStances is the Answer section's list of stances: the judge's stance on each study,
// marked with the reviewer's decision where there is one (an excluded study's stance stays
// listed as the judge gave it, not counted), and the studies the reviewer included that the
// judge gave no stance, as kept (domain.ReviewedStances) counts them. Without a decision on
// a paper it is the judge's stances alone.
func reviewedStances(q domain.ParsedQuestion, judge, kept []domain.StudyStance, evidence []domain.Evidence, reviewed map[string]domain.Review) []Stance {
	var out []Stance
	has := map[int]bool{}
	mark := func(s domain.StudyStance) Stance {
		st := Stance{StudyStance: s, Label: domain.StanceLabel(q, s.Stance)}
		if s.N >= 1 && s.N <= len(evidence) {
			if rv, ok := reviewed[evidence[s.N-1].CanonicalKey()]; ok {
				st.Review = ReviewDecision(evidence[s.N-1], rv)
			}
		}
		return st
	}
	for _, s := range judge {
		has[s.N] = true
		out = append(out, mark(s))
	}
	added := false
	for _, s := range kept {
		if !has[s.N] {
			out = append(out, mark(s))
			added = true
		}
	}
	if added {
		sort.SliceStable(out, func(i, j int) bool { return out[i].N < out[j].N })
	}
	return out
}

// markExcluded marks the candidates and findings whose every citing paper the reviewer
// excluded: the judge's claim stays in the report, as it made it, but a reader is told the
// report as reviewed has nothing left to rest it on. Citations are only ever to on-topic
// papers (the grounding index holds no other), so a cited paper is set aside only by the
// reviewer.
func markExcluded(cands []Candidate, finds []Finding, evidence []domain.Evidence, reviewed map[string]domain.Review) {
	if len(reviewed) == 0 {
		return
	}
	allExcluded := func(ns []int) bool {
		if len(ns) == 0 {
			return false
		}
		for _, n := range ns {
			if n < 1 || n > len(evidence) || domain.ReliedOn(evidence[n-1], reviewed) {
				return false
			}
		}
		return true
	}
	for i := range cands {
		cands[i].Excluded = !cands[i].Flagged && allExcluded(cands[i].Citations)
	}
	for i := range finds {
		finds[i].Excluded = !finds[i].Flagged && allExcluded(finds[i].Citations)
	}
}

// Marks of a candidate and a finding that rest only on papers the reviewer excluded, in
// every format that lists them.
const (
	candidateExcludedNote = "⚠ every paper naming it was excluded by the reviewer"
	findingExcludedNote   = "⚠ every paper stating it was excluded by the reviewer"
)

// candidateCitations is "[1] (supports), [3] (no effect or harm), [4]": each citing study
// with its stance where the verdict gave one.
func candidateCitations(c Candidate, cite func(int) string) string {
	parts := make([]string, 0, len(c.Citations))
	for i, n := range grounding.Unique(c.Citations) {
		p := cite(n)
		if i < len(c.Stances) && c.Stances[i] != "" {
			p += " (" + c.Stances[i] + ")"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

func dedupe(items []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, it := range items {
		it = strings.TrimSpace(it)
		k := grounding.Normalize(it)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, it)
	}
	return out
}

// StopRuleText explains in one sentence which rule ended the run.
func StopRuleText(run domain.Run) string {
	reason := run.StopReason
	switch {
	case reason == domain.StopSufficient:
		return "The judge found the evidence sufficient and recommended synthesis after " + domain.Plural(run.Iterations, "iteration", "iterations") + "."
	case reason == domain.StopMaxIterations:
		return fmt.Sprintf("Stopped at the limit of %d %s (setting run.max_iterations) before the judge found the evidence sufficient: this is a partial synthesis.", run.Config.MaxIterations, plural(run.Config.MaxIterations, "iteration", "iterations"))
	case reason == domain.StopNoProgress:
		return "Stopped because two iterations in a row found no new evidence (forward-progress rule): this is a partial synthesis."
	case reason == domain.StopQueriesExhausted:
		return "Stopped because " + domain.QueriesExhaustedWhy + ", so another iteration could find nothing new (forward-progress rule): this is a partial synthesis."
	case reason == domain.StopCancelled:
		return "The run was cancelled: this is a partial report of what was found before."
	case strings.HasPrefix(reason, "failed"):
		return "The run failed (" + strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(reason, "failed"), ":")) + "): this is a partial report."
	case reason == "":
		return "The run has not finished: this is a partial report."
	}
	return "Stopped: " + reason + "."
}

func judgeLine(j domain.JudgeInfo) JudgeLine {
	l := JudgeLine{Provider: string(j.Provider), Model: j.Model, Kind: string(j.Kind)}
	switch j.Kind {
	case domain.JudgeKindOffline:
		l.Label = "Offline heuristic judge — no language model was used"
	case domain.JudgeKindFallback:
		l.Label = "FALLBACK assessment — the LLM judge did not return a valid answer"
		l.Warning = "The scores and reasoning below are the safe fallback, not an LLM assessment"
		if j.Error != "" {
			l.Warning += ": " + j.Error
		}
	case domain.JudgeKindLLM:
		l.Label = "LLM judge"
		if len(j.FallbackFrom) > 0 {
			l.Warning = "answered by the fallback model " + j.Model + " after " + strings.Join(j.FallbackFrom, ", ") + " failed"
		}
	default:
		l.Label = "No assessment was made"
		l.Kind = "none"
	}
	// A repaired answer and the rules' corrections are part of the verdict's label, in
	// every format that shows the judge.
	var notes []string
	if l.Warning != "" {
		notes = append(notes, l.Warning)
	}
	if j.Repaired {
		l.Label += " (REPAIRED answer: the model's JSON was malformed and was repaired before it validated)"
		notes = append(notes, "the LLM's answer was malformed JSON repaired by DeepCritical, not a clean verdict")
	}
	for _, o := range j.Overrides {
		notes = append(notes, "OVERRIDDEN by DeepCritical's rules: "+o)
	}
	l.Warning = strings.Join(notes, "; ")
	return l
}

// summary returns the narrative text and the note saying who wrote it. With an LLM narrative
// the text is the model's; otherwise it is built from the assessment and says so.
func summary(r Report, in Input) (string, string) {
	if n := in.Narrative; n != nil && strings.TrimSpace(n.Text) != "" && !n.Offline {
		note := fmt.Sprintf("Written by %s (%s) from the stored evidence only.", n.By.Provider, n.By.Model)
		return strings.TrimSpace(n.Text), note
	}
	note := "Built from the assessment by DeepCritical's templates; no language model wrote this text."
	if in.Narrative != nil && in.Narrative.Error != "" {
		note = "The LLM narrative could not be written (" + in.Narrative.Error + "); this text was built from the assessment instead."
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s of evidence %s collected over %s", domain.Plural(len(in.Evidence), "piece", "pieces"),
		map[bool]string{true: "was", false: "were"}[len(in.Evidence) == 1], domain.Plural(in.Run.Iterations, "iteration", "iterations"))
	if len(in.Evidence) > 0 {
		b.WriteString(" (" + designSummary(r.Rows) + ")")
	}
	b.WriteString(". ")
	if r.CutSearch != "" {
		b.WriteString(r.CutSearch + " ")
	}
	if !r.HasAssessment {
		b.WriteString("No assessment was made, so no candidates or findings are reported.")
		return b.String(), note
	}
	who := "The judge"
	switch r.Judge.Kind {
	case string(domain.JudgeKindOffline):
		who = "The offline heuristic judge"
	case string(domain.JudgeKindFallback):
		who = "The fallback assessment (the LLM judge failed)"
	}
	fmt.Fprintf(&b, "%s rated the mechanistic evidence %d/10 and the clinical evidence %d/10 with %.0f%% confidence, and judged the evidence %s. ",
		who, r.Scores.Mechanism, r.Scores.Clinical, r.Scores.Confidence*100, map[bool]string{true: "sufficient", false: "not yet sufficient"}[r.Scores.Sufficient])
	var named []string
	for _, c := range r.Candidates {
		if !c.Flagged && len(named) < 3 {
			named = append(named, c.Name+" "+grounding.FormatCitations(c.Citations))
		}
	}
	if len(named) > 0 {
		// "Named in", not "supported by": a study that names a candidate may have found it
		// does nothing, which the candidate list and the answer line say.
		b.WriteString("The candidates named most in the evidence are " + strings.Join(named, "; ") + ".")
	} else {
		b.WriteString("No drug candidate is named in the stored evidence.")
	}
	return b.String(), note
}

// cutSearch is Report.CutSearch: the run ended (it is not running, and did not complete)
// after its last "searching" event and before that iteration's "search_complete", so what the
// sources had answered was never stored; "" otherwise.
func cutSearch(run domain.Run, events []domain.Event) string {
	if run.Status == domain.RunRunning || run.Status == domain.RunComplete {
		return ""
	}
	last := -1
	for i, e := range events {
		if e.Type == domain.EventSearching {
			last = i
		}
	}
	if last < 0 {
		return ""
	}
	it := events[last].Iteration
	var answered []string
	for _, e := range events[last+1:] {
		switch e.Type {
		case domain.EventSearchComplete:
			if e.Iteration == it {
				return ""
			}
		case domain.EventSource:
			d, err := domain.DecodeData[domain.SourceStateData](e)
			if err == nil && d.State == domain.SourceAnswered && d.Hits > 0 {
				answered = append(answered, fmt.Sprintf("%s %s", d.Source, domain.Plural(d.Hits, "paper", "papers")))
			}
		}
	}
	t := fmt.Sprintf("The run stopped during iteration %d's search, before its results were stored", it)
	if len(answered) > 0 {
		t += " (by then: " + strings.Join(answered, ", ") + ")"
	}
	return t + ": they are not in this report, and resuming the run searches again."
}

func designSummary(rows []Row) string {
	counts := map[string]int{}
	for _, r := range rows {
		counts[r.Design]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if counts[keys[i]] != counts[keys[j]] {
			return counts[keys[i]] > counts[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d %s", counts[k], k)
	}
	return strings.Join(parts, ", ")
}

// onTopicCount counts the evidence not set aside as off-topic.
func onTopicCount(evs []domain.Evidence) int {
	n := 0
	for _, e := range evs {
		if !e.IsOffTopic() {
			n++
		}
	}
	return n
}

// AppraisalBlock is one appraised paper's scores in words: each dimension with its score and
// its components (points over maximum, the judgement, the quote it rests on and whether the
// quote was found verbatim); risk of bias per domain is also said as low, some concerns or
// high, and its score's direction is stated.
type AppraisalBlock struct {
	N          int    `json:"n"`
	Title      string `json:"title"`
	AssessedBy string `json:"assessed_by"`
	// Read says which text was read ("read in full (Europe PMC)", "abstract only").
	Read       string               `json:"read"`
	Dimensions []AppraisalDimension `json:"dimensions"`
}

// AppraisalDimension is one scored dimension of an AppraisalBlock.
type AppraisalDimension struct {
	Name       string               `json:"name"`
	Score      string               `json:"score"`
	Components []AppraisalComponent `json:"components"`
}

// AppraisalComponent is one component's points and the quote they rest on.
type AppraisalComponent struct {
	Name      string `json:"name"`
	Points    string `json:"points"`
	Risk      string `json:"risk,omitempty"`
	Value     string `json:"value,omitempty"`
	Quote     string `json:"quote,omitempty"`
	Verified  bool   `json:"verified"`
	Reasoning string `json:"reasoning,omitempty"`
	// Reviewer is the reviewer's override of this component ("0/2 by ana: no concealment
	// described"), "" when there is none.
	Reviewer string `json:"reviewer,omitempty"`
}

// markOverrides writes each reviewer override beside the component it re-scores.
func markOverrides(blocks []AppraisalBlock, evidence []domain.Evidence, reviews []domain.Review) {
	ov := domain.LatestOverrides(reviews)
	if len(ov) == 0 {
		return
	}
	for bi := range blocks {
		key := evidence[blocks[bi].N-1].CanonicalKey()
		for di := range blocks[bi].Dimensions {
			for ci := range blocks[bi].Dimensions[di].Components {
				c := &blocks[bi].Dimensions[di].Components[ci]
				r, ok := ov[key][strings.ReplaceAll(c.Name, " ", "_")]
				if !ok {
					r, ok = ov[key][c.Name]
				}
				if !ok || r.Points == nil {
					continue
				}
				max := c.Points[strings.Index(c.Points, "/")+1:]
				c.Reviewer = strconv.FormatFloat(*r.Points, 'f', -1, 64) + "/" + max + " by " + r.Author
				if r.Note != "" {
					c.Reviewer += ": " + r.Note
				}
			}
		}
	}
}

// riskWords says a risk-of-bias domain's points in the words of RoB 2: a domain scored at
// three quarters of its maximum or more is low risk, under two fifths high, between some
// concerns (the score counts up as the risk goes down).
func riskWords(points, max float64) string {
	if max <= 0 {
		return ""
	}
	switch r := points / max; {
	case r >= 0.75:
		return "low risk"
	case r >= 0.4:
		return "some concerns"
	default:
		return "high risk"
	}
}

func appraisalBlocks(evidence []domain.Evidence, appraisals map[string]domain.Appraisal) []AppraisalBlock {
	var out []AppraisalBlock
	for i, e := range evidence {
		a, ok := appraisals[e.CanonicalKey()]
		if !ok || e.IsOffTopic() {
			// Off-topic evidence is never appraised by the run; an appraisal of the same paper
			// made elsewhere (`deepcritical appraise`) is not this report's.
			continue
		}
		title := oneLine(e.Citation.Title)
		if title == "" {
			title = "(untitled)"
		}
		b := AppraisalBlock{N: i + 1, Title: title, AssessedBy: assessorWords(a.Assessor), Read: TextRead(a.Document)}
		for _, d := range a.Dimensions {
			if d.Status != domain.StatusAssessed {
				continue
			}
			dim := AppraisalDimension{Name: "Methodological quality", Score: fmt.Sprintf("%.1f/10", d.Score)}
			rob := d.Name == domain.DimensionRiskOfBias
			if rob {
				dim.Name = "Risk of bias (higher = lower risk)"
			}
			for _, det := range d.Details {
				c := AppraisalComponent{Name: strings.ReplaceAll(det.Component, "_", " "),
					Points: strconv.FormatFloat(det.Contribution, 'f', -1, 64) + "/" + strconv.FormatFloat(det.MaxScore, 'f', -1, 64),
					Value:  det.Value, Quote: det.Evidence, Verified: det.QuoteVerified, Reasoning: det.Reasoning}
				if rob {
					c.Risk = riskWords(det.Contribution, det.MaxScore)
				}
				dim.Components = append(dim.Components, c)
			}
			b.Dimensions = append(b.Dimensions, dim)
		}
		if len(b.Dimensions) > 0 {
			out = append(out, b)
		}
	}
	return out
}

// assessorWords names the appraiser: "rule-based rubric" for the offline one.
func assessorWords(a domain.AssessorInfo) string {
	if a.Kind == domain.JudgeKindOffline || a.Provider == domain.ProviderOffline || a.Provider == "" {
		return "rule-based rubric (no language model)"
	}
	return strings.TrimSpace(string(a.Provider) + " " + a.Model)
}

// excludedCount is how many of the papers the reviewer's latest decision excludes.
func excludedCount(evidence []domain.Evidence, reviewed map[string]domain.Review) int {
	n := 0
	for _, e := range evidence {
		if r, ok := reviewed[e.CanonicalKey()]; ok && r.Decision == domain.ReviewExclude {
			n++
		}
	}
	return n
}
