package judge

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/studydesign"
	"deepcritical/backend/verify/grounding"
)

// OfflineModel names the offline judge's rubric in judge.model.
const OfflineModel = "heuristic-v1"

// maxOfflineCandidates and maxKeyFindings bound the offline assessment's lists.
const (
	maxOfflineCandidates = 5
	maxKeyFindings       = 8
	// minFindingTopicShare: a key finding comes from an on-topic item whose topic score is
	// at least this share of the best item's.
	minFindingTopicShare = 0.5
)

// offlineConfidenceCap keeps the heuristic judge modest: it never claims more than 0.7
// confidence, since it reads metadata and not the findings themselves.
const offlineConfidenceCap = 0.7

// mechanismScore is the offline rubric for the mechanism score:
//   - 0: no evidence;
//   - 7–10 ("clear, well-supported mechanism"): at least 2 preclinical studies and at least
//     2 items discussing a mechanism; +1 per further preclinical study (up to +2) and +1
//     when a review or systematic review is present;
//   - 4–6 ("some mechanistic insight"): 1 preclinical study or 2 items discussing a mechanism;
//     +1 per mechanism item beyond the first (up to +2);
//   - 1–3 ("speculative"): otherwise; +1 when any item discusses a mechanism, +1 with a review.
func mechanismScore(a *analysis) (int, string) {
	if len(a.designs) == 0 {
		return 0, "No evidence, so no mechanism can be assessed (offline heuristic judge)."
	}
	if a.onTopic == 0 {
		return 0, fmt.Sprintf("None of the %d evidence items is on the question's topic, so no mechanism can be assessed (offline heuristic judge).", len(a.designs))
	}
	reviews := a.counts[studydesign.Review] + a.counts[studydesign.SystematicReview] + a.counts[studydesign.MetaAnalysis]
	var s int
	var band string
	switch {
	case a.preclinical >= 2 && a.mechanism >= 2:
		s = 7 + min(a.preclinical-2, 2)
		if reviews > 0 {
			s++
		}
		band = "clear mechanism: at least 2 preclinical studies and 2 items discussing a mechanism"
	case a.preclinical >= 1 || a.mechanism >= 2:
		s = 4 + min(max(a.mechanism-1, 0), 2)
		band = "some mechanistic insight with gaps: few preclinical studies or mechanism discussions"
	default:
		s = 1
		if a.mechanism > 0 {
			s++
		}
		if reviews > 0 {
			s++
		}
		band = "speculative: no preclinical study and little discussion of a mechanism"
	}
	s = min(s, 10)
	return s, fmt.Sprintf("Offline heuristic judge: mechanism score %d/10 (%s). Signals: %d preclinical (animal or in vitro) studies, %d of %d on-topic items reading as mechanistic studies, %d reviews.",
		s, band, a.preclinical, a.mechanism, a.onTopic, reviews)
}

// clinicalScore is the offline rubric for the clinical evidence score:
//   - 0: no evidence;
//   - 7–10 ("strong clinical evidence"): a randomised trial or a meta-analysis/systematic
//     review; +1 for a meta-analysis or systematic review alongside trials, +1 for 2 or more
//     RCTs, +1 for a phase 3/4 registered trial;
//   - 4–6 ("preclinical or early clinical data"): other clinical or observational studies,
//     phase 1/2 trials, or preclinical studies; +1 each for other clinical studies,
//     observational studies and a phase 2 trial;
//   - 1–3 ("only theoretical"): reviews or unclassified items only;
//   - minus 1 per retracted item, never below 0.
func clinicalScore(a *analysis) (int, string) {
	if len(a.designs) == 0 {
		return 0, "No evidence, so there is no clinical support to score (offline heuristic judge)."
	}
	if a.onTopic == 0 {
		return 0, fmt.Sprintf("None of the %d evidence items is on the question's topic, so there is no clinical support to score (offline heuristic judge).", len(a.designs))
	}
	meta := a.reported(studydesign.MetaAnalysis) + a.reported(studydesign.SystematicReview)
	rct := a.reported(studydesign.RCT)
	other, observational := a.reported(studydesign.OtherClinical), a.reported(studydesign.Observational)
	var s int
	var band string
	switch {
	case rct > 0 || meta > 0:
		s = 7
		if meta > 0 && rct > 0 {
			s++
		}
		if rct >= 2 {
			s++
		}
		if a.maxPhase >= 3 {
			s++
		}
		band = "strong clinical evidence: randomised trials or evidence syntheses"
	case other > 0 || observational > 0 || a.maxPhase > 0 || a.preclinical > 0:
		s = 4
		if other > 0 {
			s++
		}
		if observational > 0 {
			s++
		}
		if a.maxPhase == 2 {
			s++
		}
		s = min(s, 6)
		band = "preclinical or early clinical data"
	default:
		s = 1 + min(a.onTopic, 2)
		band = "theoretical only: reviews or unclassified items"
	}
	s = max(min(s, 10)-len(a.retracted), 0)
	msg := fmt.Sprintf("Offline heuristic judge: clinical evidence score %d/10 (%s). Signals: %d meta-analyses or systematic reviews, %d RCTs, %d other clinical, %d observational, highest registered trial phase %d.",
		s, band, meta, rct, other, observational, a.maxPhase)
	if n := a.plannedTrials(); n > 0 {
		msg += fmt.Sprintf(" %d registered trial(s) with no results posted count only by their phase: a plan is not evidence of an effect.", n)
	}
	if len(a.retracted) > 0 {
		msg += fmt.Sprintf(" Lowered by %d for retracted evidence.", len(a.retracted))
	}
	return s, msg
}

// offlineAssessment derives a complete Assessment from the heuristics alone (the heuristic
// shim). Drug candidates come only from structured fields, or are the intervention the
// question names when on-topic evidence studies it, so it never names a drug absent from the
// evidence; sufficiency follows SufficiencyGaps, the rule every judge obeys.
func offlineAssessment(a *analysis, ev []domain.Evidence) domain.Assessment {
	mech, mechWhy := mechanismScore(a)
	clin, clinWhy := clinicalScore(a)
	names := []string{}
	for i, c := range a.cands {
		if i >= maxOfflineCandidates {
			break
		}
		names = append(names, c.Name)
	}
	if len(names) == 0 {
		names = append(names, questionCandidates(a, ev)...)
	}
	sufficient := len(SufficiencyGaps(mech, clin, len(names), a.onTopic, a.plannedTrials(), asksForTreatment(a.q))) == 0
	rec := domain.RecommendContinue
	if sufficient {
		rec = domain.RecommendSynthesize
	}
	conf := math.Round(a.h.FinalScore/100*offlineConfidenceCap*100) / 100

	var why strings.Builder
	fmt.Fprintf(&why, "Offline heuristic judge (no LLM was used): heuristic score %.1f/100 from a base of %.0f", a.h.FinalScore, a.h.BaseScore)
	if len(a.h.ScoreAdjustments) > 0 {
		parts := make([]string, 0, len(a.h.ScoreAdjustments))
		for _, adj := range a.h.ScoreAdjustments {
			parts = append(parts, fmt.Sprintf("%s %+.1f", adj.Reason, adj.Delta))
		}
		fmt.Fprintf(&why, " (%s)", strings.Join(parts, "; "))
	}
	fmt.Fprintf(&why, ". Mechanism %d/10 and clinical evidence %d/10 (combined %d), scored on %d on-topic of %d items. ", mech, clin, mech+clin, a.onTopic, len(ev))
	if a.onTopic == 0 && len(ev) > 0 {
		if line := NoStudyLine(a.q, len(ev)); line != "" {
			fmt.Fprintf(&why, "%s Nothing was scored. ", line)
		} else {
			fmt.Fprintf(&why, "None of the %d items is on the question's topic, so nothing was scored. ", len(ev))
		}
	}
	switch {
	case sufficient:
		if asksForTreatment(a.q) {
			fmt.Fprintf(&why, "Sufficient by the rule combined >= 12, at least one candidate (%s) and a clear mechanism (mechanism >= 7).", strings.Join(names, ", "))
		} else {
			fmt.Fprintf(&why, "Sufficient by the rule for a question that asks for no treatment: combined >= 12 and strong clinical evidence (clinical >= 7).")
		}
	default:
		fmt.Fprintf(&why, "Not yet sufficient: %s; continue searching.", strings.Join(SufficiencyGaps(mech, clin, len(names), a.onTopic, a.plannedTrials(), asksForTreatment(a.q)), ", "))
	}
	if len(a.h.RedFlags) > 0 {
		fmt.Fprintf(&why, " Red flags: %s.", strings.Join(a.h.RedFlags, "; "))
	}

	queries := append([]string{}, a.h.SuggestedQueries...)
	stances := offlineStances(a, ev)
	return domain.Assessment{
		Details: domain.AssessmentDetails{
			MechanismScore:        mech,
			MechanismReasoning:    mechWhy,
			ClinicalEvidenceScore: clin,
			ClinicalReasoning:     clinWhy,
			DrugCandidates:        names,
			KeyFindings:           keyFindings(a, ev, stances),
			Stances:               stances,
		},
		Sufficient:        sufficient,
		Confidence:        conf,
		Recommendation:    rec,
		NextSearchQueries: queries,
		Reasoning:         why.String(),
		Judge: domain.JudgeInfo{
			Provider:      domain.ProviderOffline,
			Model:         OfflineModel,
			PromptVersion: HeuristicsVersion,
			Kind:          domain.JudgeKindOffline,
		},
	}
}

// keyFindings lists the strongest on-topic items by design, then topic score, then
// relevance: one finding per on-topic, non-retracted item (under an open question where
// some item studies a treatment, one that does) up to maxKeyFindings, so the
// number of findings follows the evidence; each as its design, its
// number, its title and year, and the first sentence of its conclusions when the abstract
// is structured, else the verified sentence its stance rests on (an unstructured abstract's
// finding). Nothing is paraphrased, so nothing is invented.
func keyFindings(a *analysis, ev []domain.Evidence, stances []domain.StudyStance) []string {
	quotes := map[int]string{}
	for _, st := range stances {
		if st.QuoteVerified && st.Quote != "" {
			quotes[st.N-1] = st.Quote
		}
	}
	rank := map[studydesign.Design]int{}
	for i, d := range studydesign.Order {
		rank[d] = i
	}
	rank[studydesign.Unclassified] = len(studydesign.Order)
	idx := make([]int, len(ev))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(x, y int) bool {
		i, j := idx[x], idx[y]
		if rank[a.designs[i]] != rank[a.designs[j]] {
			return rank[a.designs[i]] < rank[a.designs[j]]
		}
		if ti, tj := topicScore(ev[i]), topicScore(ev[j]); ti != tj {
			return ti > tj
		}
		return ev[i].Relevance > ev[j].Relevance
	})
	// best is the highest topic score among on-topic items: an item scored far below it
	// merely passed the on-topic bar, and a finding drawn from it would mislead.
	best := 0.0
	for i := range ev {
		if !a.offTopic[i] {
			best = max(best, topicScore(ev[i]))
		}
	}
	retracted := map[int]bool{}
	for _, n := range a.retracted {
		retracted[n-1] = true
	}
	// An open question asks which treatments work: once any on-topic item studies one, a
	// study of the condition alone (a marker, a cost, a prognosis) answers nothing it asks
	// and is left out. treatments is empty when that rule does not apply.
	treatments := map[int]bool{}
	if a.q.Kind == domain.QuestionOpen {
		any := false
		for i := range ev {
			if !a.offTopic[i] && !retracted[i] {
				treatments[i] = studiesATreatment(a, i, ev[i])
				any = any || treatments[i]
			}
		}
		if !any {
			treatments = map[int]bool{}
		}
	}
	out := []string{}
	for _, i := range idx {
		if len(out) >= maxKeyFindings {
			break
		}
		if retracted[i] || a.offTopic[i] || topicScore(ev[i]) < minFindingTopicShare*best {
			continue
		}
		if len(treatments) > 0 && !treatments[i] {
			continue
		}
		c := ev[i].Citation
		title := shorten(c.Title, 160)
		if title == "" {
			// An untitled record opens with its first section's text, without its heading.
			title = shorten(untitled(c.Sections, ev[i].Content), 120)
		}
		label := capitalize(a.designs[i].Label())
		if ev[i].IsPlannedTrial() {
			label = "Registered " + a.designs[i].Label() + ", no results posted"
		}
		f := fmt.Sprintf("%s [%d]: %s", label, i+1, title)
		if y := c.Year(); y != "" {
			f += " (" + y + ")"
		}
		// (A sentence with "[2]" of its own would read as a citation of evidence [2].)
		if concl := conclusion(c.Sections, ev[i].Content); concl != "" {
			if len(grounding.CitationNumbers(concl)) == 0 {
				f += " — " + shorten(concl, 220)
			}
		} else if q := quotes[i]; q != "" && !strings.Contains(title, strings.TrimSuffix(q, ".")) && len(grounding.CitationNumbers(q)) == 0 {
			f += " — " + shorten(q, 220)
		}
		out = append(out, f)
	}
	return out
}

// untitled is what stands for a record's missing title: its abstract's first section's text.
func untitled(sections []domain.Section, content string) string {
	for _, s := range domain.StructuredAbstract(sections, content) {
		if t := strings.TrimSpace(s.Text); t != "" {
			return t
		}
	}
	return content
}

func conclusion(sections []domain.Section, content string) string {
	for _, s := range domain.StructuredAbstract(sections, content) {
		l := strings.ToUpper(strings.TrimSpace(s.Label))
		if strings.HasPrefix(l, "CONCLUSION") || l == "INTERPRETATION" {
			return firstSentence(s.Text)
		}
	}
	return ""
}

func firstSentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if i := sentenceEnd(s, 0); i > 0 {
		return s[:i]
	}
	return s
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// topicScore is the evidence's relevance to the question's concepts (0 when not scored).
func topicScore(e domain.Evidence) float64 {
	if e.Topic == nil {
		return 0
	}
	return e.Topic.Score
}

// SufficiencyGaps is the sufficiency rule in code, applied to every judge: the
// evidence is sufficient only when it holds on-topic items, not all of them (planned of
// onTopic) registered trials with no results posted, mechanism + clinical >= 12, and, for a
// question that asks for a treatment, at least one drug candidate and a clear mechanism
// (mechanism >= 7). A question that asks for none (a harm, a test's accuracy, a prognosis:
// treatment false) has no candidate to find and may have no mechanism to state; it needs
// strong clinical evidence instead (clinical >= 7). It returns each unmet condition in plain
// words; empty means sufficient.
func SufficiencyGaps(mech, clin, candidates, onTopic, planned int, treatment bool) []string {
	var unmet []string
	switch {
	case onTopic == 0:
		unmet = append(unmet, "no on-topic evidence")
	case planned >= onTopic:
		// A registered trial with no results says what it will measure: however well it
		// is designed, no finding rests on it yet.
		unmet = append(unmet, "the on-topic evidence is only registered trials with no results posted")
	}
	if mech+clin < 12 {
		unmet = append(unmet, fmt.Sprintf("combined score %d below 12", mech+clin))
	}
	if !treatment {
		if clin < 7 {
			unmet = append(unmet, fmt.Sprintf("no strong clinical evidence (clinical %d below 7)", clin))
		}
		return unmet
	}
	if candidates == 0 {
		unmet = append(unmet, "no drug candidate")
	}
	if mech < 7 {
		unmet = append(unmet, fmt.Sprintf("no clear mechanism (mechanism %d below 7)", mech))
	}
	return unmet
}

// asksForTreatment reports whether a question asks for a treatment, which the sufficiency
// rule's candidate and mechanism conditions are about: an open question, or one naming an
// intervention it asks about as a treatment (not a harm, not a test). A question that could
// not be parsed keeps the rule as it was written for drug repurposing.
func asksForTreatment(q domain.ParsedQuestion) bool {
	return q.Kind == "" || q.Kind == domain.QuestionOpen || q.Kind == domain.QuestionIntervention && q.AsksAboutTreatment()
}
