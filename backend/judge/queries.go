package judge

import (
	"strings"

	"deepcritical/backend/internal/lazyre"
	"deepcritical/backend/studydesign"
)

// maxQueries bounds suggested queries (the prompt asks for 3–5).
const maxQueries = 5

// questionStopWords are the words of a research question that carry no search meaning:
// interrogatives, auxiliaries, and the generic vocabulary of repurposing questions.
var questionStopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the and or of for in on to with without by from as at into about
		what which who whom whose why how when where whether is are was were be been being do does did
		can could would should may might will shall must there this that these those it its their
		any some all most more less than other such existing current currently new novel potential possible
		drug drugs medication medications medicine medicines treatment treatments treat treating therapy therapies therapeutic
		repurpose repurposed repurposing repositioning repositioned candidate candidates option options
		effective efficacy effect effects evidence work works help helps used use using show shows promise promising
		patients people adults children and/or`) {
		questionStopWords[w] = true
	}
}

// wordRe keeps a slash inside a word ("CDK4/6", "PD-1/PD-L1"): the parse reads such names
// whole, and cut at the slash "cdk4" would be searched as a concept of its own.
var wordRe = lazyre.New(`[\p{L}\p{N}](?:[\p{L}\p{N}'’\-]|/[\p{L}\p{N}])*`)

// conditionTerms reduces the question to its searchable terms (usually the condition),
// without the names of candidates already found, which suggestQueries adds back one at a time.
func conditionTerms(question string, cands []rankedCandidate) string {
	drop := map[string]bool{}
	for _, c := range cands {
		for _, w := range strings.Fields(strings.ToLower(c.Name)) {
			drop[w] = true
		}
	}
	var out []string
	for _, w := range wordRe.FindAllString(strings.ToLower(question), -1) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		w = strings.Trim(w, "'’-")
		if w == "" || questionStopWords[w] || drop[w] {
			continue
		}
		out = append(out, w)
	}
	if len(out) > 8 {
		out = out[:8]
	}
	return strings.Join(out, " ")
}

// suggestQueries proposes the next searches from what is missing: a trial or a review for
// the top candidates, candidates themselves when none was found, and the designs absent
// from the evidence. It always returns 3–5 queries when the question has searchable terms.
func suggestQueries(a *analysis) []string {
	cond := a.condition
	out := []string{}
	seen := map[string]bool{}
	add := func(parts ...string) {
		q := strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
		if q == "" || seen[q] || len(out) >= maxQueries {
			return
		}
		seen[q] = true
		out = append(out, q)
	}
	if cond == "" && len(a.cands) == 0 {
		return out
	}
	hasReview := a.counts[studydesign.MetaAnalysis]+a.counts[studydesign.SystematicReview] > 0
	hasRCT := a.counts[studydesign.RCT] > 0
	treatment := asksForTreatment(a.q)
	if len(a.designs) == 0 {
		if treatment {
			add(cond, "drug repurposing")
		} else {
			// A harm, a test or a prognosis is answered by cohorts as much as by trials.
			add(cond, "cohort study")
		}
		add(cond, "randomized controlled trial")
		add(cond, "mechanism of action")
		add(cond, "systematic review")
		return out
	}
	for i, c := range a.cands {
		if i >= 2 {
			break
		}
		// The comma keeps the drug and the condition two concepts when the text is read back
		// (querybuild.FollowUp): "physostigmine alzheimer disease" read as one concept became
		// the condition's MeSH heading alone, the drug lost.
		name := strings.ToLower(c.Name) + ","
		switch {
		case !hasRCT:
			add(name, cond, "randomized controlled trial")
		case !hasReview:
			add(name, cond, "systematic review meta-analysis")
		default:
			add(name, cond, "clinical outcomes")
		}
		if a.preclinical < 2 || a.mechanism < 2 {
			add(name, cond, "mechanism")
		}
	}
	switch {
	case len(a.cands) == 0 && treatment:
		add(cond, "drug repurposing candidates")
		add(cond, "randomized controlled trial drug")
	case !treatment:
		add(cond, "cohort study")
		add(cond, "case-control study")
	}
	if !hasReview {
		add(cond, "systematic review meta-analysis")
	}
	if !hasRCT {
		add(cond, "randomized controlled trial")
	}
	if a.human == 0 {
		add(cond, "clinical trial")
	}
	add(cond, "mechanism of action")
	add(cond, "clinical trial")
	if treatment {
		add(cond, "drug repurposing")
	}
	return out
}
