package judge

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/internal/lazyre"
	"deepcritical/backend/relevance"
	"deepcritical/backend/studydesign"
)

// HeuristicsVersion names the rubric below. Bump it whenever a weight, a stop list or a
// pattern changes, because stored offline assessments carry it as their prompt_version.
const HeuristicsVersion = "heuristics-v2"

// baseScore is the heuristic score's starting point; adjustments move it within 0–100.
const baseScore = 50.0

// maxCandidates bounds the structured candidates reported (the long tail adds noise).
const maxCandidates = 15

// injectionPatterns are instruction-like phrases that have no business in an abstract or a
// registry record; their presence suggests someone is trying to steer the judge.
var injectionPatterns = lazyre.New(`(?i)` + strings.Join([]string{
	`ignore\s+(all\s+|any\s+)?(the\s+)?(previous|prior|above|earlier|preceding)\s+(instructions?|prompts?|messages?|rules|directions)`,
	`disregard\s+(all\s+|any\s+)?(the\s+)?(above|previous|prior|preceding|earlier|instructions?|system)`,
	`forget\s+(all\s+)?(your|the|previous|prior)\s+(instructions?|rules|prompts?)`,
	`\byou\s+are\s+now\b`,
	`\bsystem\s+prompt\b`,
	`\bnew\s+instructions?\s*:`,
	`\bact\s+as\s+(an?\s+)?(ai|assistant|judge|language model|different)`,
	`\bjailbreak\b`,
	`<\|im_start\|>|<\|im_end\|>|\[/?INST\]|<</?SYS>>|<\s*/?\s*system\s*>`,
	`"(sufficient|recommendation|drug_candidates)"\s*:`,
	`\b(set|mark)\s+(sufficient|this)\s+(to\s+)?(true|sufficient)\b`,
	`\brespond\s+only\s+with\b`,
}, "|"))

// injectionCues are cheap substring checks run before injectionPatterns: the regular
// expression is only needed when one of them occurs in the lower-cased text, which keeps
// the analysis of long abstracts fast.
var injectionCues = []string{"ignore", "disregard", "forget", "you are now", "system", "instruction", "act as", "jailbreak", "<|", "[inst", "[/inst", "<<sys", `"sufficient"`, `"recommendation"`, `"drug_candidates"`, "sufficient", "respond only"}

// looksInjected reports instruction-like text; lower must be the lower-cased text.
func looksInjected(text, lower string) bool {
	for _, c := range injectionCues {
		if strings.Contains(lower, c) {
			return injectionPatterns.MatchString(text)
		}
	}
	return false
}

// Mechanism signals. A word such as "expression", "signal" or "binding" occurs in nearly
// every abstract, so no single word marks a mechanistic study. An item counts as mechanistic
// when its design is preclinical (animal or in vitro), or when at least two independent
// signals below agree: MeSH subheadings the indexers give to pharmacological studies, a
// named pathway or target in the text, a mechanistic method, or a target (enzyme, gene
// product) indexed beside a substance in the chemical list.
var (
	// mechanismQualifiers are the MeSH subheadings of pharmacological and mechanistic work.
	mechanismQualifiers = map[string]bool{
		"pharmacology": true, "drug effects": true, "metabolism": true, "antagonists & inhibitors": true,
		"agonists": true, "physiology": true, "genetics": true, "biosynthesis": true, "pharmacokinetics": true,
	}
	// namedPathway is a named target or pathway: a gene-like token (capitals and digits,
	// such as mTOR, NF-kB, GSK-3β, AMPK, BACE1) followed by a mechanistic noun, or a
	// mechanistic verb followed by such a token.
	namedPathway = lazyre.New(`\b[A-Za-z]{0,2}[A-Z][A-Z0-9][A-Za-z0-9/κβα-]*\s+(signal(l)?ing|pathway|cascade|axis|phosphorylation|activation|inhibition|expression|receptors?|kinase|agonis[tm]|antagonis[tm])\b|\b(inhibit(s|ed|ing|ion of)?|activat(es|ed|ing|ion of)|block(s|ed|ade of)|phosphorylat(es|ed|ion of)|suppress(es|ed|ion of)|knock(down|out) of)\s+(the\s+)?[A-Za-z]{0,2}[A-Z][A-Z0-9][A-Za-z0-9/κβα-]*`)
	// mechanismMethod are methods and phrases that only mechanistic work uses.
	mechanismMethod = lazyre.New(`(?i)\b(mechanisms? of action|modes? of action|molecular mechanisms?|knock-?(down|out)|sirna|shrna|crispr|western blot(ting)?|immunoblot|ic50|ec50|binding affinity|receptor occupancy|target engagement|transgenic|cell lines?|cultured (cells|neurons)|in vitro|primary cultures?|reporter assay|patch[- ]clamp)\b`)
)

// mechanismSignals lists why an item reads as a mechanistic study (empty: it does not);
// text is the item's title and abstract in their original case.
func mechanismSignals(e domain.Evidence, d studydesign.Design, text string) []string {
	var out []string
	if d.Preclinical() {
		out = append(out, "preclinical design")
	}
	for _, q := range meshQualifiers(e.Citation) {
		if mechanismQualifiers[q] {
			out = append(out, "MeSH subheading /"+q)
			break
		}
	}
	if m := namedPathway.FindString(text); m != "" {
		out = append(out, "named pathway or target ("+shorten(m, 40)+")")
	}
	if m := mechanismMethod.FindString(text); m != "" {
		out = append(out, "mechanistic method ("+strings.ToLower(m)+")")
	}
	var target, substance bool
	for k, ch := range e.Citation.Chemicals {
		switch ClassifyChemical(ch, chemicalRN(e.Citation, k)) {
		case ChemicalEnzyme, ChemicalGeneProduct:
			target = true
		case ChemicalSubstance:
			substance = true
		}
	}
	if target && substance {
		out = append(out, "target indexed beside a substance")
	}
	return out
}

// isMechanistic applies the rule above to the signals.
func isMechanistic(signals []string) bool {
	return len(signals) >= 2 || len(signals) == 1 && signals[0] == "preclinical design"
}

// meshQualifiers are the citation's MeSH subheadings in lower case, from the stored
// "Descriptor/qualifier" pairs and from headings written as "Descriptor/qualifier/…"
// (MEDLINE files, library imports).
func meshQualifiers(c domain.Citation) []string {
	var out []string
	for _, pairs := range [][]string{c.MeshQualifiers, c.MeshTerms} {
		for _, m := range pairs {
			parts := strings.Split(m, "/")
			for _, q := range parts[1:] {
				out = append(out, strings.ToLower(strings.Trim(strings.TrimSpace(q), "*")))
			}
		}
	}
	return out
}

// headingQualifiers are the lower-case subheadings the record gives the MeSH heading named
// descriptor (compared case-insensitively).
func headingQualifiers(c domain.Citation, descriptor string) []string {
	var out []string
	want := strings.ToLower(strings.TrimSpace(descriptor))
	for _, pairs := range [][]string{c.MeshQualifiers, c.MeshTerms} {
		for _, m := range pairs {
			parts := strings.Split(m, "/")
			if strings.ToLower(strings.Trim(strings.TrimSpace(parts[0]), "*")) != want {
				continue
			}
			for _, q := range parts[1:] {
				out = append(out, strings.ToLower(strings.Trim(strings.TrimSpace(q), "*")))
			}
		}
	}
	return out
}

// analysis is everything the pre-analysis derives; the offline judge and the prompt packer
// reuse the per-item facts instead of recomputing them.
type analysis struct {
	h       domain.Heuristics
	designs []studydesign.Design
	counts  map[studydesign.Design]int
	// planned counts, by design, the on-topic registry entries with no results posted: a
	// trial's plan, which says what it will measure and not what it found, so it is
	// listed with the designs but never scored as evidence of an effect (see reported).
	planned      map[studydesign.Design]int
	human        int
	preclinical  int
	mechanism    int // on-topic items that read as mechanistic studies (see isMechanistic)
	offTopic     []bool
	ev           []domain.Evidence // the evidence with its topic marks (scored here when none were)
	topicNote    string            // why relevance could not be scored, when it could not
	onTopic      int
	offReasons   []string
	context      []string // targets and classes named by on-topic chemical lists
	maxPhase     int
	trialResults int
	retracted    []int
	injected     []int
	cands        []rankedCandidate
	// trialsOnTopic counts the on-topic trials, trialsInFull those read in full text.
	trialsOnTopic, trialsInFull int
	q                           concepts.Set // the question as parsed once for the run
	qerr                        error        // why the question has no parse, when it has none
	condition                   string
	newestYear                  int
	recentShare                 float64
	datedItems                  int
	sources                     map[domain.Source]int
	highQuality                 int
	appraised                   int
	meanQuality                 float64
}

// Analyze computes the deterministic heuristic pre-analysis of the evidence: design
// counts, human versus preclinical, recency, source diversity, registered trials, retraction
// notices, prompt-injection attempts and structured drug candidates, folded into a score
// with the reasons it moved. The same input always gives the same output; appraisals are
// looked up by each evidence item's canonical key.
func Analyze(question string, ev []domain.Evidence, appraisals map[string]domain.Appraisal) domain.Heuristics {
	return analyze(question, nil, ev, appraisals).h
}

func analyze(question string, parsed *domain.ParsedQuestion, ev []domain.Evidence, appraisals map[string]domain.Appraisal) *analysis {
	return analyzeWith(question, parsed, ev, appraisals, nil)
}

// analyzeWith is analyze with the full texts of on-topic evidence: a paper whose record and
// abstract name no design is classified from its full text's abstract and methods, and the
// observations say how many trials were read in full.
func analyzeWith(question string, parsed *domain.ParsedQuestion, ev []domain.Evidence, appraisals map[string]domain.Appraisal, fullTexts map[string]domain.FullText) *analysis {
	a := &analysis{counts: map[studydesign.Design]int{}, planned: map[studydesign.Design]int{}, sources: map[domain.Source]int{}}
	a.q, a.qerr = concepts.Of(question, parsed)
	ev, a.topicNote = withTopics(a.q, a.qerr, ev)
	a.ev = ev
	h := &a.h
	h.BaseScore = baseScore
	h.ScoreAdjustments = []domain.ScoreAdjustment{}
	h.Observations = []string{}
	h.RedFlags = []string{}
	adjust := func(reason string, delta float64) {
		h.ScoreAdjustments = append(h.ScoreAdjustments, domain.ScoreAdjustment{Reason: reason, Delta: delta})
	}

	a.offTopic = make([]bool, len(ev))
	for i, e := range ev {
		if e.IsOffTopic() {
			a.offTopic[i] = true
			reason := ""
			if e.Topic != nil && e.Topic.Reason != "" {
				reason = ": " + e.Topic.Reason
			}
			a.offReasons = append(a.offReasons, fmt.Sprintf("[%d]%s", i+1, reason))
		} else {
			a.onTopic++
		}
	}
	skip := func(i int) bool { return a.offTopic[i] }
	a.cands = forIntervention(a.q, candidates(ev, skip))
	a.context = mechanismContext(ev, skip)
	a.condition = conditionTerms(question, a.cands)
	if len(ev) == 0 {
		adjust("no evidence retrieved", -baseScore)
		h.Observations = append(h.Observations, "No evidence was retrieved for this question.")
		h.SuggestedQueries = suggestQueries(a)
		h.FinalScore = finalScore(h)
		return a
	}

	var qualitySum float64
	for i, e := range ev {
		n := i + 1
		var ap *domain.Appraisal
		if x, ok := appraisals[e.CanonicalKey()]; ok && e.CanonicalKey() != "" {
			ap = &x
		}
		d := studydesign.Classify(e, ap)
		ft, hasFull := fullTexts[e.CanonicalKey()]
		hasFull = hasFull && ft.HasBody() && e.CanonicalKey() != ""
		if hasFull && (d == studydesign.Unclassified || d == studydesign.OtherClinical) && (ap == nil || !ap.Document.FullText) {
			// The methods say what the abstract did not: a clinical study that randomised.
			if fd := fullTextDesign(e, ft); d == studydesign.Unclassified || fd == studydesign.RCT {
				d = fd
			}
		}
		a.designs = append(a.designs, d)
		if !a.offTopic[i] && isTrial(d) {
			a.trialsOnTopic++
			if hasFull || (ap != nil && ap.Document.FullText) {
				a.trialsInFull++
			}
		}
		text := evidenceText(e)
		lower := strings.ToLower(text)
		// Safety flags are raised on every item; everything that feeds the scores, the
		// findings and the candidates reads on-topic items only.
		if !a.offTopic[i] {
			a.counts[d]++
			if e.IsPlannedTrial() {
				a.planned[d]++
			}
			switch {
			case d.Human():
				a.human++
			case d.Preclinical():
				a.preclinical++
			}
			a.sources[e.Citation.Source]++
			if y, err := strconv.Atoi(e.Citation.Year()); err == nil && y > a.newestYear {
				a.newestYear = y
			}
			if isMechanistic(mechanismSignals(e, d, text)) {
				a.mechanism++
			}
		}
		if looksInjected(text, lower) {
			a.injected = append(a.injected, n)
			h.RedFlags = append(h.RedFlags, fmt.Sprintf("possible prompt injection in evidence [%d]", n))
		}
		if notices := retractionNotices(e.Citation); len(notices) > 0 {
			a.retracted = append(a.retracted, n)
			h.RedFlags = append(h.RedFlags, fmt.Sprintf("retraction notice on evidence [%d] %q: %s", n, shorten(e.Citation.Title, 80), strings.Join(notices, "; ")))
		}
		if ap != nil && !a.offTopic[i] {
			if q, ok := qualityScore(*ap); ok {
				a.appraised++
				qualitySum += q
				if q >= 7 && d.Human() {
					a.highQuality++
				}
			}
		}
	}
	if a.appraised > 0 {
		a.meanQuality = qualitySum / float64(a.appraised)
	}
	trialLines, flags := a.trials(ev)
	h.RedFlags = append(h.RedFlags, flags...)

	// Recency is relative to the newest dated item, never to the clock, so re-running the
	// analysis on stored evidence years later gives the same answer.
	recent := 0
	for i, e := range ev {
		if a.offTopic[i] {
			continue
		}
		if y, err := strconv.Atoi(e.Citation.Year()); err == nil {
			a.datedItems++
			if y > a.newestYear-5 {
				recent++
			}
		}
	}
	if a.datedItems > 0 {
		a.recentShare = float64(recent) / float64(a.datedItems)
	}

	h.DesignCounts = map[string]int{}
	for d, c := range a.counts {
		h.DesignCounts[string(d)] = c
	}
	top := a.cands
	if len(top) > maxCandidates {
		top = top[:maxCandidates]
	}
	for _, c := range top {
		h.Candidates = append(h.Candidates, c.Candidate)
	}

	// Observations, in a fixed order.
	if a.topicNote != "" {
		h.Observations = append(h.Observations, a.topicNote)
	}
	if len(a.offReasons) > 0 {
		h.Observations = append(h.Observations, fmt.Sprintf("%d of %d items are off-topic for the question and are not scored, cited or mined for candidates: %s.", len(a.offReasons), len(ev), strings.Join(a.offReasons, "; ")))
	}
	if a.onTopic == 0 {
		if line := NoStudyLine(a.q, len(ev)); line != "" {
			h.Observations = append(h.Observations, line)
		} else {
			h.Observations = append(h.Observations, "No evidence item is on the question's topic, so there is nothing to judge yet.")
		}
	}
	h.Observations = append(h.Observations, fmt.Sprintf("%d on-topic evidence items from %s.", a.onTopic, a.sourceSummary()))
	h.Observations = append(h.Observations, fmt.Sprintf("Study designs: %s.", a.designSummary()))
	h.Observations = append(h.Observations, fmt.Sprintf("Human studies: %d; preclinical (animal or in vitro): %d; reviews or unclassified: %d.", a.human, a.preclinical, a.onTopic-a.human-a.preclinical))
	if a.datedItems > 0 {
		h.Observations = append(h.Observations, fmt.Sprintf("Recency: %d of %d dated items (%.0f%%) are from the 5 years up to the newest item (%d).", recent, a.datedItems, a.recentShare*100, a.newestYear))
	} else {
		h.Observations = append(h.Observations, "Recency: no item carries a publication date.")
	}
	h.Observations = append(h.Observations, trialLines...)
	if a.trialsOnTopic > 0 && (a.trialsInFull > 0 || len(fullTexts) > 0 || a.appraised > 0) {
		h.Observations = append(h.Observations, fmt.Sprintf("Trials read in full text: %d of %d on-topic trials; the others were read from their abstracts only.", a.trialsInFull, a.trialsOnTopic))
	}
	if len(top) > 0 {
		names := make([]string, 0, len(top))
		for _, c := range top {
			names = append(names, fmt.Sprintf("%s (%d)", c.Name, c.Support))
		}
		h.Observations = append(h.Observations, "Drug candidates from structured fields, by supporting items: "+strings.Join(names, ", ")+".")
	} else {
		h.Observations = append(h.Observations, "No drug candidate is named in structured fields (trial interventions, chemical lists).")
	}
	if len(a.context) > 0 {
		h.Observations = append(h.Observations, "Targets named in chemical lists (mechanism context, not drug candidates): "+strings.Join(firstN(a.context, 10), ", ")+".")
	}
	h.Observations = append(h.Observations, fmt.Sprintf("%d of %d on-topic items read as mechanistic studies (preclinical design, or two of: pharmacological MeSH subheading, named pathway or target, mechanistic method, target indexed beside a substance).", a.mechanism, a.onTopic))
	if a.appraised > 0 {
		h.Observations = append(h.Observations, fmt.Sprintf("Appraised items: %d; mean methodological quality %.1f/10; high-quality human studies: %d.", a.appraised, a.meanQuality, a.highQuality))
	}

	// Score adjustments: the rubric. Each reason is applied at most once.
	if a.onTopic == 0 {
		adjust("no on-topic evidence", -baseScore)
	}
	if a.onTopic < 3 {
		adjust("fewer than 3 evidence items", -10)
	}
	if a.reported(studydesign.MetaAnalysis) > 0 {
		adjust("meta-analysis present", 12)
	}
	if a.reported(studydesign.SystematicReview) > 0 {
		adjust("systematic review present", 8)
	}
	if a.reported(studydesign.RCT) > 0 {
		adjust("randomised controlled trial present", 10)
		if a.reported(studydesign.RCT) >= 3 {
			adjust("3 or more randomised controlled trials", 5)
		}
	}
	if a.reported(studydesign.OtherClinical) > 0 {
		adjust("other clinical studies present", 4)
	}
	if a.reported(studydesign.Observational) > 0 {
		adjust("observational human studies present", 3)
	}
	if a.human == 0 && a.onTopic > 0 {
		adjust("no human evidence", -15)
	}
	if a.preclinical > 0 {
		adjust("preclinical mechanistic studies present", 3)
	}
	if a.datedItems >= 3 {
		switch {
		case a.recentShare >= 0.5:
			adjust("most evidence is recent", 3)
		case a.recentShare < 0.2:
			adjust("little recent evidence", -5)
		}
	}
	switch {
	case len(a.sources) >= 3:
		adjust("3 or more independent sources", 3)
	case len(a.sources) == 1 && a.onTopic >= 3:
		adjust("single source only", -3)
	}
	switch {
	case a.maxPhase >= 3:
		adjust("phase 3 or 4 registered trial", 8)
	case a.maxPhase == 2:
		adjust("phase 2 registered trial", 4)
	}
	if a.trialResults > 0 {
		adjust("registered trial with posted results", 3)
	}
	if n := len(a.retracted); n > 0 {
		adjust(fmt.Sprintf("retraction notices on %d item(s)", n), -math.Min(30, 15*float64(n)))
	}
	if len(a.injected) > 0 {
		adjust("instruction-like text inside evidence", -10)
	}
	switch {
	case len(a.cands) == 0 && asksForTreatment(a.q):
		// A question of a harm or a test's accuracy asks for no candidate (SufficiencyGaps).
		adjust("no drug candidate in structured fields", -10)
	case len(a.cands) > 0 && a.cands[0].Support >= 2:
		adjust("top candidate supported by 2 or more items", 5)
	}
	if a.highQuality > 0 {
		adjust("high-quality appraised human study", 5)
	}
	if a.appraised > 0 && a.meanQuality < 4 {
		adjust("appraised studies are of low methodological quality", -5)
	}
	if a.human == 0 && a.onTopic > 0 {
		h.RedFlags = append(h.RedFlags, "no human evidence: preclinical, review or unclassified items only")
	}
	h.SuggestedQueries = suggestQueries(a)
	h.FinalScore = finalScore(h)
	return a
}

// finalScore is the base plus adjustments, clamped to 0–100 and rounded to 0.1.
func finalScore(h *domain.Heuristics) float64 {
	s := h.BaseScore
	for _, adj := range h.ScoreAdjustments {
		s += adj.Delta
	}
	s = math.Max(0, math.Min(100, s))
	return math.Round(s*10) / 10
}

func evidenceText(e domain.Evidence) string {
	var b strings.Builder
	b.WriteString(e.Citation.Title)
	b.WriteString("\n")
	b.WriteString(e.Content)
	for _, s := range e.Citation.Sections {
		if !strings.Contains(e.Content, s.Text) {
			b.WriteString("\n")
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

// retractionNotices returns the citation's retraction notices, including the publication
// types PubMed uses to mark retracted papers.
func retractionNotices(c domain.Citation) []string {
	out := append([]string(nil), c.Retractions...)
	for _, pt := range c.PublicationTypes {
		switch strings.ToLower(strings.TrimSpace(pt)) {
		case "retracted publication":
			out = append(out, "publication type: Retracted Publication")
		case "retraction of publication":
			out = append(out, "this record is a retraction notice")
		}
	}
	return out
}

func qualityScore(a domain.Appraisal) (float64, bool) {
	for _, d := range a.Dimensions {
		if d.Name == domain.DimensionQuality && d.Status == domain.StatusAssessed {
			return d.Score, true
		}
	}
	return 0, false
}

var phaseDigits = lazyre.New(`[1-4]`)

// normalizePhase turns CT.gov phases ("PHASE1|PHASE2", "EARLY_PHASE1", "NA") into "phase 1/2".
func normalizePhase(p string) (string, int) {
	up := strings.ToUpper(p)
	if strings.TrimSpace(up) == "" || up == "NA" || up == "N/A" {
		return "", 0
	}
	digits := phaseDigits.FindAllString(strings.ReplaceAll(up, "EARLY_PHASE1", "0"), -1)
	if strings.Contains(up, "EARLY_PHASE1") && len(digits) == 0 {
		return "early phase 1", 1
	}
	if len(digits) == 0 {
		return strings.ToLower(p), 0
	}
	max := 0
	for _, d := range digits {
		v, _ := strconv.Atoi(d)
		if v > max {
			max = v
		}
	}
	return "phase " + strings.Join(digits, "/"), max
}

// trials lists registered trials with phase and status, and flags stopped ones.
func (a *analysis) trials(ev []domain.Evidence) (lines, flags []string) {
	var parts []string
	for i, e := range ev {
		tr := e.Citation.Trial
		if tr == nil || a.offTopic[i] {
			continue
		}
		id := strings.TrimSpace(e.Citation.NCTID)
		if id == "" {
			id = e.Citation.ID
		}
		phase, num := normalizePhase(tr.Phase)
		if num > a.maxPhase {
			a.maxPhase = num
		}
		if tr.HasResults {
			a.trialResults++
		}
		var facts []string
		if phase != "" {
			facts = append(facts, phase)
		}
		if tr.Status != "" {
			facts = append(facts, strings.ToLower(strings.ReplaceAll(tr.Status, "_", " ")))
		}
		if tr.Enrollment > 0 {
			facts = append(facts, fmt.Sprintf("n=%d", tr.Enrollment))
		}
		if tr.HasResults {
			facts = append(facts, "results posted")
		}
		parts = append(parts, fmt.Sprintf("%s [%d] (%s)", id, i+1, strings.Join(facts, ", ")))
		switch strings.ToUpper(tr.Status) {
		case "TERMINATED", "WITHDRAWN", "SUSPENDED":
			flags = append(flags, fmt.Sprintf("registered trial %s [%d] is %s", id, i+1, strings.ToLower(tr.Status)))
		}
	}
	if len(parts) > 0 {
		lines = append(lines, fmt.Sprintf("Registered trials (%d): %s.", len(parts), strings.Join(parts, "; ")))
	}
	var linked []string
	for i, e := range ev {
		if e.Citation.Trial == nil && len(e.Citation.Registry) > 0 && !a.offTopic[i] {
			linked = append(linked, fmt.Sprintf("[%d] %s", i+1, strings.Join(e.Citation.Registry, ", ")))
		}
	}
	if len(linked) > 0 {
		lines = append(lines, "Papers reporting registered trials: "+strings.Join(linked, "; ")+".")
	}
	return lines, flags
}

func (a *analysis) sourceSummary() string {
	var parts []string
	for _, s := range domain.AllSources {
		if n := a.sources[s]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s, n))
		}
	}
	var other []string
	for s, n := range a.sources {
		if !s.Valid() {
			other = append(other, fmt.Sprintf("%s %d", s, n))
		}
	}
	sort.Strings(other)
	parts = append(parts, other...)
	noun := "sources"
	if len(a.sources) == 1 {
		noun = "source"
	}
	return fmt.Sprintf("%d %s (%s)", len(a.sources), noun, strings.Join(parts, ", "))
}

func (a *analysis) designSummary() string {
	var parts []string
	for _, d := range append(append([]studydesign.Design(nil), studydesign.Order...), studydesign.Unclassified) {
		if n := a.counts[d]; n > 0 {
			part := fmt.Sprintf("%s %d", d.Label(), n)
			if p := a.planned[d]; p > 0 {
				part += fmt.Sprintf(" (%d registered with no results posted)", p)
			}
			parts = append(parts, part)
		}
	}
	return strings.Join(parts, ", ")
}

// reported is the number of on-topic items of design d that report findings: a registry
// entry with no results posted is a plan and does not count.
func (a *analysis) reported(d studydesign.Design) int { return a.counts[d] - a.planned[d] }

func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

func firstN[T any](s []T, n int) []T {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// withTopics returns the evidence with its relevance to the question's concepts. Evidence
// the search already marked is used as it is; when no item carries a mark (evidence given
// to `deepcritical judge`, or stored before relevance existed) it is scored here, on a
// copy, so the caller's evidence is never changed. When the question has no searchable
// concept the evidence stays unscored and the note says why.
func withTopics(set concepts.Set, err error, ev []domain.Evidence) ([]domain.Evidence, string) {
	if len(ev) == 0 {
		return ev, ""
	}
	for _, e := range ev {
		if e.Topic != nil {
			return ev, ""
		}
	}
	if err != nil {
		return ev, "Relevance to the question could not be scored (" + domain.SafeMessage(err) + "), so every item is treated as on-topic."
	}
	scored := append([]domain.Evidence(nil), ev...)
	relevance.Mark(set, scored)
	return scored, ""
}

// Marked is the evidence as the judge reads it for a question: with relevance marks, scored
// here when no item carries one (withTopics). A caller that states the judge's answer line
// counts the on-topic items on it.
func Marked(set concepts.Set, ev []domain.Evidence) []domain.Evidence {
	out, _ := withTopics(set, nil, ev)
	return out
}

// plannedTrials is the number of on-topic registry entries with no results posted.
func (a *analysis) plannedTrials() int {
	n := 0
	for _, c := range a.planned {
		n += c
	}
	return n
}
