package judge

import (
	"sort"
	"strings"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/studydesign"
)

// DefaultPassageTokenCap bounds the full-text passages shown with one trial in the judge
// prompt: about 1,600 characters, a few paragraphs of its methods and results beside its
// abstract.
const DefaultPassageTokenCap = 400

// methodsWords mark the methods paragraphs that report how a trial was protected from bias;
// resultsWords mark the results paragraphs that report its effect. Both are stems' prefixes.
var (
	methodsWords = []string{"random", "conceal", "blind", "mask", "allocat", "intention", "placebo", "primary outcome", "primary end", "sample size"}
	resultsWords = []string{"primary outcome", "primary end", "differ", "confidence interval", "95%", "hazard ratio", "odds ratio", "relative risk", "risk ratio", "mean difference", "p="}
)

// questionStems are the stems of the question's own words and of the members of a class it
// names. Headings learnt during the run are left out on purpose: the passages chosen for a
// paper must not change from one iteration to the next, or the judge prompt's repeated head
// would (see PackOptions.Judged).
func questionStems(q concepts.Set) map[string]bool {
	out := map[string]bool{}
	for _, c := range q.Concepts {
		if c.Generic {
			continue
		}
		words := append([]string{}, c.Words...)
		for _, m := range c.Members {
			words = append(words, concepts.Words(m)...)
		}
		for _, w := range words {
			if len(w) > 2 {
				out[concepts.Stem(w)] = true
			}
		}
	}
	return out
}

// passage is one paragraph of a methods or results section.
type passage struct {
	at      int
	where   string
	text    string
	score   int
	methods bool
}

// Passages picks a full text's methods and results paragraphs most relevant to the
// question — those naming its concepts, and those reporting how the trial was randomised,
// concealed and masked or what its primary outcome showed — within limit characters, and
// returns them in reading order, each after the section it comes from. It depends only on
// the full text and the question's own words, so a paper's passages are the same in every
// prompt of a run.
func Passages(ft domain.FullText, q concepts.Set, limit int) string {
	stems := questionStems(q)
	var ps []passage
	for _, s := range ft.Sections {
		if s.Kind != domain.SectionMethods && s.Kind != domain.SectionResults {
			continue
		}
		where := s.Title
		if s.Parent != "" && s.Parent != s.Title {
			where = s.Parent + " › " + s.Title
		}
		for _, para := range strings.Split(s.Text, "\n") {
			para = strings.TrimSpace(para)
			if len(para) < 40 {
				continue
			}
			p := passage{at: len(ps), where: where, text: para, methods: s.Kind == domain.SectionMethods}
			p.score = passageScore(para, stems, p.methods)
			if p.score > 0 {
				ps = append(ps, p)
			}
		}
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].score > ps[j].score })
	var chosen []passage
	used := 0
	// The methods and the results each have half the room first, then what is left goes to
	// the best remaining paragraphs of either.
	taken := map[int]bool{}
	pick := func(kind bool, room int) {
		for _, p := range ps {
			if taken[p.at] || (kind && !p.methods) {
				continue
			}
			text := p.text
			if fit := min(limit/2, room-used) - len(p.where) - 4; len(text) > fit {
				if fit < 200 {
					continue
				}
				text = bestSentences(text, stems, p.methods, fit)
			}
			cost := len(text) + len(p.where) + 4
			if used+cost > room {
				continue
			}
			used += cost
			taken[p.at] = true
			p.text = text
			chosen = append(chosen, p)
		}
	}
	pick(true, limit/2)
	methodsUsed := used
	for i := range ps {
		ps[i].methods = !ps[i].methods // the results' turn
	}
	pick(true, methodsUsed+limit/2)
	pick(false, limit)
	sort.Slice(chosen, func(i, j int) bool { return chosen[i].at < chosen[j].at })
	var b strings.Builder
	for _, p := range chosen {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("[" + p.where + "] " + p.text)
	}
	return b.String()
}

// passageScore scores a text: two for each of the question's words it holds, one for each
// word of how a trial is protected from bias (methods) or of its effect (results).
func passageScore(text string, stems map[string]bool, methods bool) int {
	score := 0
	seen := map[string]bool{}
	for _, w := range concepts.Words(text) {
		if st := concepts.Stem(w); stems[st] && !seen[st] {
			seen[st] = true
			score += 2
		}
	}
	words := resultsWords
	if methods {
		words = methodsWords
	}
	lower := strings.ToLower(text)
	for _, k := range words {
		if strings.Contains(lower, k) {
			score++
		}
	}
	return score
}

// bestSentences shortens a paragraph longer than fit to its most relevant sentences, in
// reading order, "[…]" marking what was left out between them.
func bestSentences(text string, stems map[string]bool, methods bool, fit int) string {
	type sentence struct {
		at, score int
		text      string
	}
	var ss []sentence
	for pos := 0; pos < len(text); {
		end := sentenceEnd(text, pos)
		if end < 0 {
			end = len(text)
		}
		if t := strings.TrimSpace(text[pos:end]); t != "" {
			ss = append(ss, sentence{at: len(ss), text: t, score: passageScore(t, stems, methods)})
		}
		pos = end
	}
	order := append([]sentence(nil), ss...)
	sort.SliceStable(order, func(i, j int) bool { return order[i].score > order[j].score })
	keep := map[int]bool{}
	used := 0
	for _, s := range order {
		if used+len(s.text)+6 > fit {
			continue
		}
		keep[s.at] = true
		used += len(s.text) + 6
	}
	if len(keep) == 0 {
		return TrimToSentences(text, fit)
	}
	var b strings.Builder
	gap := false
	for _, s := range ss {
		if !keep[s.at] {
			gap = true
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if gap && b.Len() > 0 {
			b.WriteString("[…] ")
		}
		gap = false
		b.WriteString(s.text)
	}
	if gap {
		b.WriteString(" […]")
	}
	return b.String()
}

// fullTextDesign classifies a paper from its full text's abstract and methods when its
// record and abstract name no design: a trial report whose abstract is unstructured says in
// its methods that it randomised.
func fullTextDesign(e domain.Evidence, ft domain.FullText) studydesign.Design {
	head := ft.TextOf(domain.SectionAbstract, domain.SectionMethods)
	if head == "" {
		return studydesign.Unclassified
	}
	e.Content = head
	return studydesign.Classify(e, nil)
}

// isTrial reports whether a design is a clinical trial's.
func isTrial(d studydesign.Design) bool {
	return d == studydesign.RCT || d == studydesign.OtherClinical
}
