package stance

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"deepcritical/backend/internal/lazyre"
	"deepcritical/internal/sharedtest"
)

// This file measures one hypothesis about PubMedQA's "maybe": that the experts answer
// "maybe" when the study's RESULTS are mixed (some comparisons significant, others not; an
// effect only in a subgroup; a trend short of significance) or null while the conclusions
// still lean yes, and "no" when the conclusions are weak and the results null. It reads each
// results sentence's statistical statements by their kind and tries the combinations the
// hypothesis names against the conclusion rules, fold by fold of the rule-writing
// cross-validation (TestRuleDev). It is a measurement, not a rule: none of the combinations
// raised the rule-writing folds' accuracy (BENCHMARKS.md, issue 19, "Reading the results
// section"), so Classify does not read the results. Run with DC_STANCE_DEV=1.

// significance counts the statistical statements of one results sentence that reject the
// null (sig) and that do not (null).
type significance struct{ sig, null int }

var (
	// confidence is a confidence interval with its bounds: "95% CI 1.3-3.0", "95 % CI, 0.80 to 2.46".
	confidence = lazyre.New(`(?i)(?:9[059]\s*%\s*(?:CI|confidence intervals?)|\bCI\b)[\s:=,;(\[]*([-−–]?\d*\.?\d+)\s*(?:-|–|to|,|;)\s*([-−–]?\d*\.?\d+)`)
	// ratioMeasure before an interval says its null value is 1 (else 0, for a difference).
	ratioMeasure = lazyre.New(`(?i)\b(?:a?OR|RR|HR|IRR|odds ratios?|hazard ratios?|relative risks?|risk ratios?|rate ratios?)\b`)
	// differenceMeasure before an interval says it estimates a difference (a proportion's
	// interval tests nothing).
	differenceMeasure = lazyre.New(`(?i)differ|change|β|beta|coefficient|effect`)
	// nullStatement is a statement that something was not shown: "no significant difference",
	// "did not differ", "not associated", "similar", "failed to reach significance".
	nullStatement = lazyre.New(`(?i)\b(?:not (?:statistically )?significant(?:ly)?(?: \w+)?|no (?:statistically )?significant|non-?significant(?:ly)?|(?:did|does|do|was|were) not (?:\w+ )?(?:significantly )?(?:differ|change|improve|affect|reduce|increase|decrease|correlate|predict|associate)\w*|not (?:\w+ )?associated|no (?:\w+ ){0,2}(?:differences?|associations?|correlations?|effects?|changes?|relationships?)|not (?:significantly )?different|(?:failed to|did not) reach (?:statistical )?significance|similar|comparable|unaffected|unchanged)\b`)
	// sigStatement is "significant(ly)" outside a null statement.
	sigStatement = lazyre.New(`(?i)\b(?:significant(?:ly)?)\b`)
	// trendStatement is an effect short of significance: "a trend towards", "tended to",
	// "borderline" (not a significant test for trend: "P < 0.001 for trend").
	trendStatement = lazyre.New(`(?i)\btrends? (?:toward|towards|to)\b|\b(?:a|non-?significant) trend\b|\btended to|\bborderline|\bmarginal(?:ly)? significan|(?:did not|failed to) reach (?:statistical )?significance`)
	// subgroupStatement is an effect in part of the sample: "only in women", "but not in".
	subgroupStatement = lazyre.New(`(?i)\bonly (?:in|among|for)\b|\bsubgroups?\b|\bbut not (?:in|among|for)\b`)
)

// readSignificance counts a sentence's statistical statements by kind.
func readSignificance(s string) significance {
	var out significance
	for _, m := range pValue.FindAllStringSubmatch(s, -1) {
		x, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			continue
		}
		switch m[1] {
		case "<", "≤":
			if x <= 0.05 {
				out.sig++
			}
		case ">", "≥":
			if x >= 0.05 {
				out.null++
			}
		default:
			if x < 0.05 {
				out.sig++
			} else {
				out.null++
			}
		}
	}
	for _, m := range confidence.FindAllStringSubmatchIndex(s, -1) {
		num := func(k int) (float64, error) {
			v := strings.NewReplacer("−", "-", "–", "-").Replace(s[m[2*k]:m[2*k+1]])
			return strconv.ParseFloat(v, 64)
		}
		a, err1 := num(1)
		b, err2 := num(2)
		if err1 != nil || err2 != nil {
			continue
		}
		a, b = math.Min(a, b), math.Max(a, b)
		pre := s[max(0, m[0]-80):m[0]]
		ratio := ratioMeasure.MatchString(pre)
		switch {
		case ratio && a <= 1 && b >= 1, !ratio && a < 0 && b > 0:
			out.null++
		case ratio || differenceMeasure.MatchString(pre):
			out.sig++
		}
	}
	out.null += len(nullStatement.FindAllString(s, -1))
	out.sig += len(sigStatement.FindAllString(nullStatement.ReplaceAllString(s, " "), -1))
	return out
}

// resultsOf is the text of an item's RESULTS (or FINDINGS) contexts.
func resultsOf(it sharedtest.PubMedQAItem) string {
	var parts []string
	for i, l := range it.Labels {
		if u := strings.ToUpper(l); strings.Contains(u, "RESULT") || strings.Contains(u, "FINDING") {
			parts = append(parts, it.Contexts[i])
		}
	}
	return strings.Join(parts, " ")
}

// resultsReading is what the hypothesis looks at in an item's results.
type resultsReading struct {
	// sig, null: sentences with a significant / a null statement.
	sig, null int
	// focusSig, focusNull: among the sentences with a statistical statement that share most
	// of the question's words, whether some are only significant / only null.
	focusSig, focusNull bool
	trend, subgroup     bool
}

func readResults(question, text string) resultsReading {
	var r resultsReading
	qw := contentStems(strings.ToLower(question))
	best := -1
	var focus []significance
	for _, s := range Sentences(text) {
		g := readSignificance(s)
		if g.sig > 0 {
			r.sig++
		}
		if g.null > 0 {
			r.null++
		}
		if g.sig == 0 && g.null == 0 {
			continue
		}
		switch o := overlap(qw, contentStems(strings.ToLower(s))); {
		case o > best:
			best, focus = o, []significance{g}
		case o == best:
			focus = append(focus, g)
		}
	}
	for _, g := range focus {
		r.focusSig = r.focusSig || g.sig > 0 && g.null == 0
		r.focusNull = r.focusNull || g.null > 0 && g.sig == 0
	}
	r.trend = trendStatement.MatchString(text)
	r.subgroup = subgroupStatement.MatchString(text)
	return r
}

// resultsRule is one combination the hypothesis names: given the conclusion rules' answer
// (0 yes, 1 no, 2 maybe) and the results' reading, the answer it gives instead (or the same).
type resultsRule struct {
	name string
	f    func(concl int, r resultsReading, x conclusionCues) int
}

// conclusionCues are what the combinations read from the conclusion rules besides their
// answer: edge, the answer changes when the refute threshold moves by 0.3 either way;
// hedged, the sentence the answer rests on hedges ("may", "suggest", "appears").
type conclusionCues struct{ edge, hedged bool }

// hedge is a hedging word in a conclusion sentence.
var hedge = lazyre.New(`(?i)\b(?:may|might|could|possibl[ey]|potential(?:ly)?|suggests?|suggested|suggesting|appears?|seems?)\b`)

var resultsRules = []resultsRule{
	{"conclusion yes but hedged, results all null -> maybe", func(c int, r resultsReading, x conclusionCues) int {
		return when(c == 0 && x.hedged && r.null > 0 && r.sig == 0, 2, c)
	}},
	{"conclusion yes but hedged, question's result null -> maybe", func(c int, r resultsReading, x conclusionCues) int {
		return when(c == 0 && x.hedged && r.focusNull && !r.focusSig, 2, c)
	}},
	{"conclusion yes but hedged, results mixed -> maybe", func(c int, r resultsReading, x conclusionCues) int {
		return when(c == 0 && x.hedged && r.null > 0 && r.sig > 0, 2, c)
	}},
	{"conclusion yes, results all null -> maybe", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 0 && r.null > 0 && r.sig == 0, 2, c)
	}},
	{"conclusion yes, results all null -> no", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 0 && r.null > 0 && r.sig == 0, 1, c)
	}},
	{"conclusion yes, question's result null -> maybe", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 0 && r.focusNull && !r.focusSig, 2, c)
	}},
	{"conclusion yes, results mixed -> maybe", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 0 && r.null > 0 && r.sig > 0, 2, c)
	}},
	{"conclusion yes, question's result mixed -> maybe", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 0 && r.focusNull && r.focusSig, 2, c)
	}},
	{"conclusion yes, a trend in the results -> maybe", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 0 && r.trend, 2, c)
	}},
	{"conclusion yes, a subgroup effect in the results -> maybe", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 0 && r.subgroup, 2, c)
	}},
	{"conclusion yes, no statistics in the results -> maybe", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 0 && r.sig == 0 && r.null == 0, 2, c)
	}},
	{"conclusion unclear, results null -> no", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 2 && r.null > 0 && r.sig == 0, 1, c)
	}},
	{"conclusion unclear, results significant -> yes", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 2 && r.sig > 0 && r.null == 0, 0, c)
	}},
	{"conclusion no, question's result significant -> yes", func(c int, r resultsReading, _ conclusionCues) int {
		return when(c == 1 && r.focusSig && !r.focusNull, 0, c)
	}},
	{"conclusion near the threshold: the question's result decides", func(c int, r resultsReading, x conclusionCues) int {
		switch {
		case !x.edge:
			return c
		case r.focusSig && !r.focusNull:
			return 0
		case r.focusNull && !r.focusSig:
			return 1
		}
		return c
	}},
	{"conclusion near the threshold, results mixed -> maybe", func(c int, r resultsReading, x conclusionCues) int {
		return when(x.edge && r.sig > 0 && r.null > 0, 2, c)
	}},
}

func when(cond bool, then, otherwise int) int {
	if cond {
		return then
	}
	return otherwise
}

// TestResultsSignal prints, for each combination in resultsRules, how many tuning items of
// each rule-writing fold it gets right that the conclusion rules alone get wrong, less the
// reverse; and the cross-table of the results' reading against the experts' labels for the
// folds listed in DC_STANCE_ERRORS. The held-out fifth is never read. Run with
// DC_STANCE_DEV=1.
func TestResultsSignal(t *testing.T) {
	if os.Getenv("DC_STANCE_DEV") == "" {
		t.Skip("set DC_STANCE_DEV=1 to measure the results hypothesis")
	}
	show := map[int]bool{}
	for _, f := range strings.Split(os.Getenv("DC_STANCE_ERRORS"), ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
			show[n] = true
		}
	}
	pqa := map[string]sharedtest.PubMedQAItem{}
	for _, it := range sharedtest.PubMedQA(t) {
		if !sharedtest.HeldOutFifth(it.PMID) {
			pqa[it.PMID] = it
		}
	}
	items := tuningItems(t)
	// An item is near the threshold when moving the refute threshold by 0.3 either way
	// changes the conclusion rules' answer.
	lo, hi := tuned, tuned
	lo.refute -= 0.3
	hi.refute += 0.3
	delta := make([][ruleFolds]int, len(resultsRules))
	table := map[string]*[3][3]int{}
	for _, it := range items {
		f := ruleFold(it.id)
		res := it.reading.decide(tuned)
		c := classOf(res.Stance)
		x := conclusionCues{
			edge:   classOf(it.reading.decide(lo).Stance) != c || classOf(it.reading.decide(hi).Stance) != c,
			hedged: hedge.MatchString(res.Quote),
		}
		r := readResults(it.question, resultsOf(pqa[it.id]))
		for k, rule := range resultsRules {
			got := rule.f(c, r, x)
			delta[k][f] += b2i(got == it.label) - b2i(c == it.label)
		}
		if show[f] {
			key := "none"
			switch {
			case r.sig > 0 && r.null > 0:
				key = "mixed"
			case r.sig > 0:
				key = "significant"
			case r.null > 0:
				key = "null"
			}
			if table[key] == nil {
				table[key] = &[3][3]int{}
			}
			table[key][c][it.label]++
		}
	}
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("results %s (rows conclusion rules yes/no/maybe, columns experts yes/no/maybe): %v", k, *table[k])
	}
	// Leave-one-fold-out selection: each fold is scored with the combination (or none) that
	// gains most on the other four folds, so a combination that fits four folds by chance
	// pays for it on the fifth.
	gain := 0
	for f := range ruleFolds {
		best, bestGain := -1, 0
		for k := range resultsRules {
			g := 0
			for h := range ruleFolds {
				if h != f {
					g += delta[k][h]
				}
			}
			if g > bestGain {
				best, bestGain = k, g
			}
		}
		name, d := "none", 0
		if best >= 0 {
			name, d = resultsRules[best].name, delta[best][f]
		}
		gain += d
		t.Logf("fold %d: chosen on the other four folds: %s (%+d there); on fold %d: %+d", f, name, bestGain, f, d)
	}
	t.Logf("figure: stance.results_selection_cv: %+d items against the conclusion rules alone (%d tuning items)", gain, len(items))
	for k, rule := range resultsRules {
		sum := 0
		var per []string
		for f := range ruleFolds {
			sum += delta[k][f]
			per = append(per, fmt.Sprintf("%+d", delta[k][f]))
		}
		t.Logf("%+3d  folds [%s]  %s", sum, strings.Join(per, " "), rule.name)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestReadSignificance: the statistical statements the measurement above counts, written
// the way results sections state them.
func TestReadSignificance(t *testing.T) {
	cases := []struct {
		name, sentence string
		want           significance
	}{
		{"p below 0.05", "Pain fell more with X (P = .03).", significance{sig: 1}},
		{"p above 0.05", "Pain did not change (p = 0.34).", significance{null: 2}},
		{"p less than", "Scores were significantly higher in group A (p < 0.001).", significance{sig: 2}},
		{"p greater than", "No statistically significant difference in D-dimer (P>.05).", significance{null: 2}},
		{"ratio interval excluding 1", "Grinding was associated with pain (odds ratio 2.0, 95% CI 1.3-3.0).", significance{sig: 1}},
		{"ratio interval including 1", "Discharge home was commoner with statins (OR 1.41, 95% CI 0.91 to 2.17).", significance{null: 1}},
		{"difference interval including 0", "The mean difference was 0.6 mmHg (95% CI -0.6 to 1.8).", significance{null: 1}},
		{"a proportion's interval tests nothing", "The yield was 7 % (95 % CI, 3-17 %).", significance{}},
		{"'not significantly' is null, not significant", "Femoral rollback was not significantly affected.", significance{null: 1}},
		{"did not differ", "Complication rates did not differ between groups.", significance{null: 1}},
		{"comparable", "Outcomes were comparable.", significance{null: 1}},
		{"no statement", "Thirty patients were enrolled.", significance{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := readSignificance(c.sentence); got != c.want {
				t.Errorf("readSignificance(%q) = %+v, want %+v", c.sentence, got, c.want)
			}
		})
	}
}
