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

// alternatives splits a regular expression at its top-level "|".
func alternatives(p string) []string {
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
			depth--
		case c == '|' && depth == 0:
			out = append(out, p[start:i])
			start = i + 1
		}
	}
	return append(out, p[start:])
}

// TestRuleAblation prints, for every alternative of every rule's pattern, how many tuning
// items it gets right that would be wrong without it (help) and the reverse (hurt), with
// the rule-writing fold of each: a rule that helps on one or two items of one fold was
// probably written from those items. Run with DC_STANCE_DEV=1.
func TestRuleAblation(t *testing.T) {
	if os.Getenv("DC_STANCE_DEV") == "" {
		t.Skip("set DC_STANCE_DEV=1 to ablate the rules")
	}
	var pqa map[string]pubmedqaItem
	require.NoError(t, json.Unmarshal(sharedtest.Read(t, "data", "pubmedqa", "pqal_dev.json"), &pqa))
	items := tuningItems(t)
	score := func() []bool {
		out := make([]bool, len(items))
		for i, it := range items {
			q := pqa[it.id]
			out[i] = classOf(read(q.Question, q.Question, Sentences(q.Long)).decide(tuned).Stance) == it.label
		}
		return out
	}
	base := score()
	report := func(name string) {
		now := score()
		var help, hurt []string
		for i := range items {
			switch {
			case base[i] && !now[i]:
				help = append(help, strconv.Itoa(ruleFold(items[i].id)))
			case !base[i] && now[i]:
				hurt = append(hurt, strconv.Itoa(ruleFold(items[i].id)))
			}
		}
		t.Logf("ABL %+d help %d [%s] hurt %d [%s]  %s", len(help)-len(hurt), len(help), strings.Join(help, ""), len(hurt), strings.Join(hurt, ""), name)
	}
	never := `[^\s\S]`
	named := map[string]**regexp.Regexp{
		"notANegation": &notANegation, "noHarmReported": &noHarmReported, "equivalence": &equivalence,
		"groupTrait": &groupTrait, "differs": &differs, "harmful": &harmful, "safe": &safe, "needed": &needed,
		"partial": &partial, "methodOnly": &methodOnly, "findings": &findings, "sameQuestion": &sameQuestion,
		"effectQuestion": &effectQuestion, "benefitQuestion": &benefitQuestion, "safetyQuestion": &safetyQuestion,
		"complications": &complications, "harmQuestion": &harmQuestion, "needQuestion": &needQuestion,
		"omitQuestion": &omitQuestion, "rhetorical": &rhetorical, "concession": &concession, "reason": &reason,
		"claimWord": &claimWord,
	}
	names := make([]string, 0, len(named))
	for n := range named {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		re := named[n]
		orig := *re
		*re = regexp.MustCompile(never)
		report(n + " (whole)")
		alts := alternatives(orig.String())
		if len(alts) > 1 {
			for i := range alts {
				rest := append(append([]string{}, alts[:i]...), alts[i+1:]...)
				*re = regexp.MustCompile(strings.Join(rest, "|"))
				report(n + ": " + alts[i])
			}
		}
		*re = orig
	}
	orig := negations
	for i := range orig {
		negations = append(append([]*regexp.Regexp{}, orig[:i]...), orig[i+1:]...)
		report("negations: " + orig[i].String())
	}
	negations = orig
}
