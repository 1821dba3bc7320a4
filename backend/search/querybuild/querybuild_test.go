package querybuild

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
)

func TestParseAndString(t *testing.T) {
	cases := []struct{ in, out string }{
		{`melanoma AND survival`, `melanoma AND survival`},
		{`breast cancer[tiab] OR "breast neoplasms"[mh]`, `breast cancer[tiab] OR "breast neoplasms"[mh]`},
		{`(heart attack OR myocardial infarction) AND aspirin NOT review[pt]`, `((heart attack OR myocardial infarction) AND aspirin) NOT review[pt]`},
		{`melanoma braf`, `melanoma braf`},
		{`"braf"[tiab] melanoma`, `"braf"[tiab] AND melanoma`},
		{`a OR b AND c`, `(a OR b) AND c`}, // PubMed: left to right, no precedence
		{`covid-19 and vaccines`, `covid-19 and vaccines`},
	}
	for _, c := range cases {
		n, err := Parse(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got := n.String(); got != c.out {
			t.Errorf("%q → %q, want %q", c.in, got, c.out)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, q := range []string{``, `(melanoma`, `melanoma)`, `"braf melanoma`, `AND melanoma`, `melanoma OR`, `[mh]`, `melanoma[mh`, `()`} {
		if _, err := Parse(q); err == nil {
			t.Errorf("%q must be a syntax error", q)
		}
	}
}

func TestGroups(t *testing.T) {
	gs, err := Groups(`(melanoma OR "Melanoma"[mh]) AND survival AND drugs`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(gs, " | ") != `melanoma OR "Melanoma"[mh] | survival | drugs` {
		t.Errorf("groups %q", gs)
	}
}

func TestTranslations(t *testing.T) {
	q := `(melanoma OR "Melanoma"[mh]) AND survival[tiab] AND randomized controlled trial[pt]`
	if got := ForEuropePMC(q); got != `(melanoma OR MESH:"Melanoma") AND (TITLE:"survival" OR ABSTRACT:"survival") AND PUB_TYPE:"randomized controlled trial"` {
		t.Errorf("europepmc: %s", got)
	}
	if got := ForClinicalTrials(q); got != `(melanoma OR "Melanoma") AND survival` {
		t.Errorf("ctgov: %s", got)
	}
	if got := ForEuropePMC(`(unbalanced`); got != `(unbalanced` {
		t.Errorf("unparsable queries are passed on unchanged: %s", got)
	}
}

func mustSet(t *testing.T, q string) concepts.Set {
	t.Helper()
	s, err := concepts.Extract(q)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestInitial(t *testing.T) {
	set := mustSet(t, "Which drugs improve survival in BRAF-mutated melanoma?")
	qs := Initial(set, 3)
	want := []string{"braf-mutated melanoma AND survival", "braf-mutated melanoma"}
	if len(qs) != 2 || qs[0] != want[0] || qs[1] != want[1] {
		t.Fatalf("initial %q, want %q", qs, want)
	}
	for _, q := range qs {
		for _, bad := range []string{"improve", "drugs", "which", "clinical trial"} {
			if strings.Contains(q, bad) {
				t.Errorf("%q must not contain %q", q, bad)
			}
		}
		if _, err := Parse(q); err != nil {
			t.Errorf("%q does not parse: %v", q, err)
		}
	}
	set2 := mustSet(t, "Does metformin lower mortality in elderly patients with heart failure?")
	qs2 := Initial(set2, 4)
	// Every specific concept first; the required concepts with the next one is the same set
	// here (capped at three groups), so the OR form comes second.
	want2 := []string{"heart failure AND metformin AND elderly patients", "metformin AND heart failure AND (elderly patients OR mortality)",
		"metformin AND heart failure", "metformin AND heart failure AND mortality"}
	assert.Equal(t, want2, qs2)
}

func TestFollowUp(t *testing.T) {
	set := mustSet(t, "Which drugs improve survival in BRAF-mutated melanoma?")
	cases := []struct{ text, want string }{
		{"braf-mutated melanoma survival clinical trial", "braf-mutated melanoma AND survival"},
		{"vemurafenib mechanism of action", "braf-mutated melanoma AND vemurafenib"},
		{"dabrafenib trametinib melanoma systematic review meta-analysis", "braf-mutated melanoma AND dabrafenib trametinib"},
		{"braf-mutated melanoma survival vemurafenib elderly costs", "braf-mutated melanoma AND vemurafenib AND elderly"},
		{"what about it?", ""},
		{`vemurafenib[tiab] OR dabrafenib[tiab]`, `braf-mutated melanoma AND (vemurafenib[tiab] OR dabrafenib[tiab])`},
	}
	for _, c := range cases {
		if got := FollowUp(set, c.text); got != c.want {
			t.Errorf("FollowUp(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestLearnAndGroup(t *testing.T) {
	set := mustSet(t, "Which drugs improve survival in BRAF-mutated melanoma?")
	ev := func(id string, mesh ...string) domain.Evidence {
		return domain.Evidence{Citation: domain.Citation{Source: domain.SourcePubMed, PMID: id, Title: "t", MeshTerms: mesh}}
	}
	evs := []domain.Evidence{ev("1", "Humans", "Melanoma/*drug therapy", "Survival Rate"), ev("2", "Melanoma/genetics", "Survival Rate"), ev("3", "Skin Neoplasms")}
	if !Learn(&set, evs) {
		t.Fatal("nothing learnt")
	}
	if Learn(&set, evs) {
		t.Error("learning twice must not change anything")
	}
	qs := Initial(set, 1)
	if qs[0] != `(braf-mutated melanoma OR "Melanoma"[mh]) AND (survival OR "Survival Rate"[mh])` {
		t.Errorf("query with learnt headings: %s", qs[0])
	}
}

func TestPickShortensWithoutBreakingSyntax(t *testing.T) {
	long := "(" + strings.Repeat("a", 200) + " OR b) AND (" + strings.Repeat("c", 250) + " OR d)"
	got := Pick([]string{long, long, "x"}, map[string]bool{"x": true}, 5)
	if len(got) != 1 || got[0] != "("+strings.Repeat("a", 200)+" OR b)" {
		t.Errorf("pick: %q", got)
	}
}

// TestFollowUpKeepsTheNamedIntervention: a follow-up that rewords only part of a question
// naming an intervention never searches the condition alone. "cancer" is a disease
// category, searched with its commonest members and its heading.
func TestFollowUpKeepsTheNamedIntervention(t *testing.T) {
	q, err := concepts.Extract("Is metformin effective for treating cancer?")
	if err != nil {
		t.Fatal(err)
	}
	cancer := `(cancer OR carcinoma OR neoplasm OR leukemia OR lymphoma OR melanoma OR "Neoplasms"[mh])`
	cases := map[string]string{
		"cancer systematic review meta-analysis": "metformin AND " + cancer,
		"cancer mechanism of action":             "metformin AND " + cancer,
		"cancer insulin":                         "metformin AND " + cancer + " AND insulin",
	}
	for in, want := range cases {
		if got := FollowUp(q, in); got != want {
			t.Errorf("FollowUp(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTruncatedOf: the last relaxation of a concept that found nothing keeps every word but
// truncates the long ones at their stem, leaving quoted and tagged terms alone.
func TestTruncatedOf(t *testing.T) {
	cases := []struct{ in, want string }{
		{"nurse cystoscopist", "nurse cystoscop*"},
		{"infundibular height", "infundibu* height*"},
		{"weekends", "weekend*"},
		{`(preoperative anemia OR "Anemia"[mh])`, `preoper* anemia* OR "Anemia"[mh]`},
		{"gerd", ""},
		{"covid-19", ""},
		{"cystosco*", ""},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			require.Equal(t, c.want, TruncatedOf(c.in))
		})
	}
}

// TestKeyComparesTheSearchedSet: queries that search the same set share a key, and
// queries that do not, do not.
func TestKeyComparesTheSearchedSet(t *testing.T) {
	cases := []struct {
		a, b string
		same bool
	}{
		{"cancer AND metformin", "metformin AND cancer", true},
		{"Cancer  AND metformin", "cancer AND METFORMIN", true},
		{"(a OR b) AND c", "c AND (b OR a)", true},
		{"a AND (b AND c)", "c AND a AND b", true},
		{"a OR a", "a", true},
		{`"alzheimer disease"[tiab] AND drugs`, `drugs AND "alzheimer disease"[tiab]`, true},
		{"a NOT b", "b NOT a", false},
		{"a AND b OR c", "a AND (b OR c)", false},
		{`"alzheimer disease"[tiab]`, "alzheimer disease", false},
		{"alzheimer disease", "disease alzheimer", false},
		{"cancer AND metformin", "cancer AND metformin AND survival", false},
		{"a AND (b", "a AND (b", true}, // does not parse: compared by its words
	}
	for _, c := range cases {
		assert.Equal(t, c.same, Key(c.a) == Key(c.b), "%q vs %q: %q %q", c.a, c.b, Key(c.a), Key(c.b))
	}
}

// TestInitialSendsEachSetOnce: the metformin example's first search had sent "cancer AND
// metformin" and "metformin AND cancer", two requests to every source for one set.
func TestInitialSendsEachSetOnce(t *testing.T) {
	for _, q := range []string{"Is metformin effective for treating cancer?", "Can statins prevent dementia in older adults?",
		"What drugs could be repurposed for Alzheimer's disease?"} {
		qs := Initial(mustSet(t, q), 3)
		require.NotEmpty(t, qs, q)
		seen := map[string]string{}
		for _, s := range qs {
			k := Key(s)
			_, dup := seen[k]
			assert.False(t, dup, "%q: %q searches the same set as %q", q, s, seen[k])
			seen[k] = s
		}
	}
}

// TestWrapAddsOneParenthesisPair: a query ANDed onto another is parenthesised once, even
// when it is already a concept's OR-group.
func TestWrapAddsOneParenthesisPair(t *testing.T) {
	cases := map[string]string{
		"metformin":                   "metformin",
		`"long covid"`:                `"long covid"`,
		"long covid OR pasc":          "(long covid OR pasc)",
		"(long covid OR pasc)":        "(long covid OR pasc)",
		"(a OR b) AND (c OR d)":       "((a OR b) AND (c OR d))",
		`(cancer OR "Neoplasms"[mh])`: `(cancer OR "Neoplasms"[mh])`,
	}
	for in, want := range cases {
		if got := wrap(in); got != want {
			t.Errorf("wrap(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAlternativesAreORed: interventions named as alternatives are one OR-group, never
// ANDed (a paper about aspirin alone answers "aspirin or clopidogrel").
func TestAlternativesAreORed(t *testing.T) {
	q, err := concepts.Extract("Does aspirin or clopidogrel reduce stroke recurrence?")
	if err != nil {
		t.Fatal(err)
	}
	qs := Initial(q, 3)
	if len(qs) == 0 || !strings.Contains(qs[0], "(aspirin OR acetylsalicylic acid OR clopidogrel)") {
		t.Fatalf("queries %q: want the alternatives ORed", qs)
	}
	for _, s := range qs {
		if strings.Contains(s, "AND clopidogrel") || strings.Contains(s, `"aspirin or clopidogrel"`) {
			t.Errorf("query %q ANDs the alternatives or searches their joined wording", s)
		}
	}
}

// TestFollowUpKeepsAlternativesORed: a follow-up that words a question's alternatives
// together ("surgery radiation") searches either of them, as the question does.
func TestFollowUpKeepsAlternativesORed(t *testing.T) {
	q, err := concepts.Extract("Does surgery or radiation therapy improve survival in small cell cancers?")
	if err != nil {
		t.Fatal(err)
	}
	got := FollowUp(q, "small cell cancers surgery radiation therapy randomized controlled trial")
	// (Radiation therapy's other name, radiotherapy, is ORed in too.)
	if !strings.Contains(got, "(surgery OR radiation therapy OR radiotherapy)") || strings.Contains(got, "surgery radiation") {
		t.Errorf("FollowUp = %q, want the alternatives ORed", got)
	}
}

// TestGroupNamesRomanNumerals: a stage, type or clotting factor held as a number is searched
// as papers write it too, with its Roman numeral, since PubMed does not equate the two; a
// term without one gets no second spelling.
func TestGroupNamesRomanNumerals(t *testing.T) {
	cases := []struct{ question, text, want string }{
		{"Is adjuvant chemotherapy useful in stage II colon cancer?", "stage-2 colon cancer", "(stage-2 colon cancer OR stage II colon cancer)"},
		{"Does factor VIII prophylaxis prevent bleeding in haemophilia A?", "factor-8 prophylaxis", "(factor-8 prophylaxis OR factor VIII prophylaxis)"},
		{"Are factor Xa inhibitors safer than warfarin in atrial fibrillation?", "factor-10a inhibitors", `(factor-10a inhibitors OR factor Xa inhibitors OR apixaban OR rivaroxaban OR edoxaban OR betrixaban OR "Factor Xa Inhibitors"[mh])`},
		{"Does vitamin D prevent fractures?", "vitamin-d", "(vitamin-d OR cholecalciferol OR colecalciferol OR ergocalciferol)"},
	}
	for _, c := range cases {
		set := mustSet(t, c.question)
		found := false
		for _, k := range set.Concepts {
			if k.Text == c.text {
				found = true
				if got := Group(k); got != c.want {
					t.Errorf("%q: group %s, want %s", c.question, got, c.want)
				}
			}
		}
		if !found {
			t.Errorf("%q: no concept %q in %s", c.question, c.text, set.Summary())
		}
	}
}

// TestFollowUpLeavesOutDroppedConcepts: a concept the user dropped when correcting the
// parse is never searched again, whichever follow-up names it, as free text or as a
// structured query, alone or beside the question's own concepts.
func TestFollowUpLeavesOutDroppedConcepts(t *testing.T) {
	q, err := concepts.Correct(mustSet(t, "Does melatonin shorten sleep latency in insomnia in older adults?"), map[string]concepts.Role{"sleep latency": ""})
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Dropped) == 0 {
		t.Fatalf("the correction records no dropped wording: %+v", q)
	}
	insomnia := "(insomnia OR sleep initiation and maintenance disorders)"
	cases := []struct{ text, want string }{
		{"melatonin insomnia sleep latency randomized controlled trial", insomnia + " AND melatonin"},
		{"melatonin AND insomnia AND sleep latency", "melatonin AND insomnia"},
		{"insomnia AND (sleep latency[tiab] OR sleep onset[tiab])", "melatonin AND " + insomnia + " AND (insomnia AND sleep onset[tiab])"},
		{"sleep latencies", ""},
		{"sleep latency[tiab]", ""},
		{"melatonin insomnia ramelteon", "melatonin AND " + insomnia + " AND ramelteon"},
	}
	for _, c := range cases {
		got := FollowUp(q, c.text)
		if got != c.want {
			t.Errorf("FollowUp(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
