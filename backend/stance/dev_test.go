package stance

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/internal/lazyre"
	"deepcritical/internal/sharedtest"
)

// ruleFolds is how many folds the rule-writing cross-validation cuts the tuning items into,
// and ruleSalt the salt of their hash (distinct from TestTuneRuleParams' repeats).
const ruleFolds, ruleSalt = 5, 100

// ruleFold is a tuning item's fold in the rule-writing cross-validation.
func ruleFold(id string) int { return fold(id, ruleSalt, ruleFolds) }

// TestRuleDev is the bench a rule is written at. It prints the accuracy of the current rules
// on each of the five rule-writing folds of the tuning items and, for the folds listed in
// DC_STANCE_ERRORS (e.g. "0,1,2,3"), the items they get wrong. Writing rules while
// reading the errors of four folds only and scoring the fifth is what estimates how a rule
// does on conclusions it was not written from; the held-out fifth is never read here.
// Run with DC_STANCE_DEV=1.
func TestRuleDev(t *testing.T) {
	if os.Getenv("DC_STANCE_DEV") == "" {
		t.Skip("set DC_STANCE_DEV=1 to print the rule-writing folds")
	}
	show := map[int]bool{}
	for _, f := range strings.Split(os.Getenv("DC_STANCE_ERRORS"), ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
			show[n] = true
		}
	}
	items := tuningItems(t)
	// DC_STANCE_BASE names a file of an earlier run's answers (written with DC_STANCE_SAVE):
	// the items whose answer changed are listed, in full for the folds shown.
	base := map[string]int{}
	if p := os.Getenv("DC_STANCE_BASE"); p != "" {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &base))
	}
	now := map[string]int{}
	var conf [ruleFolds][3][3]int
	for _, it := range items {
		f := ruleFold(it.id)
		r := it.reading.decide(tuned)
		got := classOf(r.Stance)
		now[it.id] = got
		conf[f][it.label][got]++
		if was, ok := base[it.id]; ok && was != got {
			mark := "worse"
			switch {
			case got == it.label:
				mark = "FIXED"
			case was != it.label:
				mark = "still wrong"
			}
			if show[f] {
				t.Logf("CHANGED fold %d %s want %s: %s -> %s (%s)\n  Q: %s\n  C: %s", f, it.id, labels[it.label], labels[was], labels[got], mark,
					it.question, strings.Join(it.reading.ss, " | "))
			} else {
				t.Logf("CHANGED fold %d (%s)", f, mark)
			}
		}
		if show[f] && got != it.label {
			t.Logf("ERR fold %d %s want %s got %s (%s)\n  Q: %s\n  C: %s\n  quote: %s", f, it.id, labels[it.label], labels[got], r.Stance,
				it.question, strings.Join(it.reading.ss, " | "), r.Quote)
		}
	}
	var all [3][3]int
	for f := range conf {
		ok, n := 0, 0
		for k := range 3 {
			ok += conf[f][k][k]
			for p := range 3 {
				n += conf[f][k][p]
				all[k][p] += conf[f][k][p]
			}
		}
		t.Logf("fold %d: %.3f (%d/%d) %v", f, float64(ok)/float64(n), ok, n, conf[f])
	}
	ok, n := 0, 0
	for k := range 3 {
		ok += all[k][k]
		for p := range 3 {
			n += all[k][p]
		}
	}
	t.Logf("tuning: %.3f (%d/%d) %v", float64(ok)/float64(n), ok, n, all)
	if p := os.Getenv("DC_STANCE_SAVE"); p != "" {
		b, err := json.Marshal(now)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(p, b, 0o644))
	}
}

// alternatives splits a regular expression at its top-level "|"; a pattern that is one
// word list, `\b(?:a|b|c)\b`, is split into its words (`\b(?:a)\b`, …).
func alternatives(p string) []string {
	out := topLevel(p)
	if len(out) == 1 && strings.HasPrefix(p, `\b(?:`) && strings.HasSuffix(p, `)\b`) {
		inner := topLevel(p[len(`\b(?:`) : len(p)-len(`)\b`)])
		if len(inner) > 1 && strings.Join(inner, "|") == p[len(`\b(?:`):len(p)-len(`)\b`)] {
			out = nil
			for _, a := range inner {
				out = append(out, `\b(?:`+a+`)\b`)
			}
		}
	}
	return out
}

// topLevel splits a regular expression at the "|" outside any group or class.
func topLevel(p string) []string {
	var out []string
	depth, class, start := 0, false, 0
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case class:
			if c == ']' {
				class = false
			}
		case c == '[':
			class = true
		case c == '(':
			depth++
		case c == ')':
			if depth--; depth < 0 {
				return []string{p}
			}
		case c == '|' && depth == 0:
			out = append(out, p[start:i])
			start = i + 1
		}
	}
	if depth != 0 {
		return []string{p}
	}
	return append(out, p[start:])
}

// component is one alternative of one rule's pattern (or one whole entry of negations), the
// unit the ablation removes.
type component struct {
	name  string
	re    **lazyre.Regexp // nil for an entry of negations
	alt   int             // index among the pattern's top-level alternatives; -1: the whole pattern
	entry int             // index in negations when re is nil
}

// namedRules are the patterns the ablation takes apart.
func namedRules() map[string]**lazyre.Regexp {
	return map[string]**lazyre.Regexp{
		"notANegation": &notANegation, "noHarmReported": &noHarmReported, "equivalence": &equivalence,
		"groupTrait": &groupTrait, "differs": &differs, "harmful": &harmful, "safe": &safe, "needed": &needed,
		"unneeded": &unneeded, "partial": &partial, "methodOnly": &methodOnly, "findings": &findings, "sameQuestion": &sameQuestion,
		"effectQuestion": &effectQuestion, "benefitQuestion": &benefitQuestion, "safetyQuestion": &safetyQuestion,
		"complications": &complications, "harmQuestion": &harmQuestion, "needQuestion": &needQuestion,
		"omitQuestion": &omitQuestion, "rhetorical": &rhetorical, "concession": &concession, "reason": &reason,
		"claimWord": &claimWord, "irrelevance": &irrelevance, "deniedHarm": &deniedHarm, "deniedIncrease": &deniedIncrease,
		"harmAsked": &harmAsked, "noDifference": &noDifference, "contrasted": &contrasted,
		"attributiveUnneeded": &attributiveUnneeded, "selective": &selective, "universalQuestion": &universalQuestion,
		"mediation": &mediation, "notRanked": &notRanked, "atLeastQuestion": &atLeastQuestion, "replication": &replication,
		"betweenArms": &betweenArms, "inference": &inference, "predicateStart": &predicateStart, "recommendation": &recommendation,
		"deniedExplanation": &deniedExplanation, "causeQuestion": &causeQuestion, "preventVerb": &preventVerb, "deniedCause": &deniedCause,
		"minorityDenial": &minorityDenial, "linkQuestion": &linkQuestion, "affirmedLink": &affirmedLink, "aimSentence": &aimSentence,
		"methodSentence": &methodSentence, "limitation": &limitation, "studyProperty": &studyProperty, "deniedCauseOf": &deniedCauseOf, "contrastOpening": &contrastOpening,
	}
}

// components lists every alternative of every named rule and every entry of negations.
func components() []component {
	named := namedRules()
	names := make([]string, 0, len(named))
	for n := range named {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []component
	for _, n := range names {
		alts := alternatives((*named[n]).String())
		out = append(out, component{name: n, re: named[n], alt: -1})
		if len(alts) == 1 {
			continue
		}
		for i, a := range alts {
			out = append(out, component{name: n + ": " + a, re: named[n], alt: i})
		}
	}
	for i, re := range negations {
		out = append(out, component{name: "negations: " + re.String(), entry: i, alt: -1})
		if alts := alternatives(re.String()); len(alts) > 1 {
			for a, alt := range alts {
				out = append(out, component{name: "negations: " + alt, entry: i, alt: a})
			}
		}
	}
	return out
}

// without removes the given components from the rules and returns the function that puts
// them back.
func without(cs []component) (restore func()) {
	never := `[^\s\S]`
	saved := map[**lazyre.Regexp]*lazyre.Regexp{}
	drop := map[**lazyre.Regexp]map[int]bool{}
	dropNeg := map[int]map[int]bool{}
	for _, c := range cs {
		if c.re == nil {
			if dropNeg[c.entry] == nil {
				dropNeg[c.entry] = map[int]bool{}
			}
			dropNeg[c.entry][c.alt] = true
			continue
		}
		if drop[c.re] == nil {
			drop[c.re] = map[int]bool{}
			saved[c.re] = *c.re
		}
		drop[c.re][c.alt] = true
	}
	remaining := func(re *lazyre.Regexp, d map[int]bool) *lazyre.Regexp {
		alts := alternatives(re.String())
		var keep []string
		for i, a := range alts {
			if !d[i] && !d[-1] {
				keep = append(keep, a)
			}
		}
		if len(keep) == 0 {
			return nil
		}
		return lazyre.New(strings.Join(keep, "|"))
	}
	for re, d := range drop {
		if *re = remaining(saved[re], d); *re == nil {
			*re = lazyre.New(never)
		}
	}
	savedNeg := negations
	var neg []*lazyre.Regexp
	for i, re := range negations {
		if re = remaining(re, dropNeg[i]); re != nil {
			neg = append(neg, re)
		}
	}
	negations = neg
	return func() {
		for re, v := range saved {
			*re = v
		}
		negations = savedNeg
	}
}

// rightWith says which tuning items the rules without cs get right: all of them, or only
// those listed in only (the others are left false).
func rightWith(t *testing.T, items []tuningItem, pqa map[string]sharedtest.PubMedQAItem, cs []component, only ...int) []bool {
	restore := without(cs)
	defer restore()
	out := make([]bool, len(items))
	score := func(i int) {
		q := pqa[items[i].id]
		out[i] = classOf(read(q.Question, q.Question, Sentences(q.Long)).decide(tuned).Stance) == items[i].label
	}
	if only == nil {
		for i := range items {
			score(i)
		}
	}
	for _, i := range only {
		score(i)
	}
	return out
}

// TestRuleAblation prints, for every alternative of every rule's pattern, how many tuning
// items it gets right that would be wrong without it (help) and the reverse (hurt), with
// the rule-writing fold of each: a rule that helps on one or two items of one fold was
// probably written from those items.
//
// It then estimates how the rules do on items none of them was written from, by
// leave-one-fold-out selection: for each rule-writing fold, every component that does not
// help (net) on the other four folds is removed, and the fold is scored with what is left. A
// rule written from a single item cannot earn its place this way, which is the point: its
// help on that item is in-sample. Run with DC_STANCE_DEV=1.
func TestRuleAblation(t *testing.T) {
	if os.Getenv("DC_STANCE_DEV") == "" {
		t.Skip("set DC_STANCE_DEV=1 to ablate the rules")
	}
	pqa := map[string]sharedtest.PubMedQAItem{}
	for _, it := range sharedtest.PubMedQA(t) {
		pqa[it.PMID] = it
	}
	items := tuningItems(t)
	base := rightWith(t, items, pqa, nil)
	// texts[i] is what a component can change item i through: its question and conclusions.
	texts := make([]string, len(items))
	for i, it := range items {
		texts[i] = strings.ToLower(pqa[it.id].Question + "\n" + pqa[it.id].Long)
	}
	affected := func(c component) []int {
		var re *regexp.Regexp
		switch {
		case c.re != nil && c.alt < 0:
			re = (*c.re).Regexp()
		case c.re != nil:
			re = regexp.MustCompile(alternatives((*c.re).String())[c.alt])
		case c.alt < 0:
			re = negations[c.entry].Regexp()
		default:
			re = regexp.MustCompile(alternatives(negations[c.entry].String())[c.alt])
		}
		// Without its anchors, so that a pattern matched at a sentence's start or a match's
		// end finds every item it could change.
		re = regexp.MustCompile(strings.TrimSuffix(strings.TrimPrefix(re.String(), "^"), "$"))
		var out []int
		for i, tx := range texts {
			if re.MatchString(tx) {
				out = append(out, i)
			}
		}
		return out
	}
	cs := components()
	// net[c][f]: items of fold f component c gets right that would be wrong without it,
	// less the reverse.
	net := make([][ruleFolds]int, len(cs))
	for ci, c := range cs {
		aff := affected(c)
		now := append([]bool{}, base...)
		if len(aff) > 0 {
			part := rightWith(t, items, pqa, []component{c}, aff...)
			for _, i := range aff {
				now[i] = part[i]
			}
		}
		var help, hurt []string
		for i := range items {
			f := ruleFold(items[i].id)
			switch {
			case base[i] && !now[i]:
				help = append(help, strconv.Itoa(f))
				net[ci][f]++
			case !base[i] && now[i]:
				hurt = append(hurt, strconv.Itoa(f))
				net[ci][f]--
			}
		}
		t.Logf("ABL %+d help %d [%s] hurt %d [%s]  %s", len(help)-len(hurt), len(help), strings.Join(help, ""), len(hurt), strings.Join(hurt, ""), c.name)
	}
	all := 0
	for _, b := range base {
		if b {
			all++
		}
	}
	// selectionCV scores each fold with the rules less the components (those kept by
	// consider) that the other four folds do not need.
	selectionCV := func(grain string, consider func(c component) bool) {
		ok, n := 0, 0
		for f := range ruleFolds {
			// Backward elimination on the other four folds: a component goes when the rules
			// without it (and without those already gone) get no fewer of those folds' items
			// right. One at a time, so two rules that cover for each other are not both lost.
			cur := append([]bool{}, base...)
			var drop []component
			for ci, c := range cs {
				if !consider(c) {
					continue
				}
				other := 0
				for g := range ruleFolds {
					if g != f {
						other += net[ci][g]
					}
				}
				if other > 0 {
					continue
				}
				aff := affected(c)
				if len(aff) == 0 {
					drop = append(drop, c)
					continue
				}
				trial := rightWith(t, items, pqa, append(append([]component{}, drop...), c), aff...)
				delta := 0
				for _, i := range aff {
					if ruleFold(items[i].id) == f {
						continue
					}
					if trial[i] && !cur[i] {
						delta++
					} else if !trial[i] && cur[i] {
						delta--
					}
				}
				if delta >= 0 {
					drop = append(drop, c)
					lost := 0
					for _, i := range aff {
						if ruleFold(items[i].id) == f && cur[i] && !trial[i] {
							lost++
						}
						cur[i] = trial[i]
					}
					if lost > 0 {
						t.Logf("%s: fold %d loses %d item(s) without %s", grain, f, lost, c.name)
					}
				}
			}
			fo, fn := 0, 0
			for i := range items {
				if ruleFold(items[i].id) == f {
					fn++
					if cur[i] {
						fo++
					}
				}
			}
			ok += fo
			n += fn
			t.Logf("%s: fold %d scored without the %d components the other folds do not need: %.3f (%d/%d)", grain, f, len(drop), float64(fo)/float64(fn), fo, fn)
		}
		t.Logf("figure: stance.rule_selection_cv.%s: %.3f (%d/%d; all rules in-sample %.3f)", grain, float64(ok)/float64(n), ok, n, float64(all)/float64(len(items)))
	}
	// By kind: a whole pattern or an entry of negations is kept or dropped as one, so a rare
	// word earns its place through the other words of its kind. By word: every word of a list
	// on its own, so a word written from one item cannot.
	selectionCV("by_kind", func(c component) bool { return c.alt < 0 })
	selectionCV("by_word", func(component) bool { return true })
}
