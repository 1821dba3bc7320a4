package querybuild

import (
	"slices"
	"sort"
	"strings"

	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
)

// MaxQueryChars bounds a query: sources reject or mangle very long ones.
const MaxQueryChars = 400

// Group renders one concept as an OR-group: its wording (untagged, so PubMed's automatic
// term mapping adds the MeSH heading it knows), its synonyms, and the MeSH headings
// learnt during the run with [mh].
func Group(c concepts.Concept) string {
	var parts []string
	seen := map[string]bool{}
	add := func(s string) {
		k := strings.ToLower(s)
		if s != "" && !seen[k] {
			seen[k] = true
			parts = append(parts, s)
		}
	}
	for _, t := range c.Terms {
		add(cleanTerm(t))
		add(concepts.RomanSpelling(t))
	}
	// A drug class is searched by its heading and its best-known members too, so recall
	// comes from a better query rather than from dropping the drug.
	for i, m := range c.Members {
		if i == maxMembers {
			break
		}
		add(cleanTerm(m))
	}
	for _, h := range c.MeSH {
		add(`"` + strings.ReplaceAll(h, `"`, "") + `"[mh]`)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, " OR ") + ")"
}

// cleanTerm makes a concept wording safe as a bare PubMed term: no quotes, brackets,
// parentheses or upper-case operators that would change the query's meaning.
func cleanTerm(t string) string {
	t = strings.NewReplacer(`"`, " ", "(", " ", ")", " ", "[", " ", "]", " ").Replace(t)
	var ws []string
	for _, w := range strings.Fields(t) {
		if w == "AND" || w == "OR" || w == "NOT" {
			w = strings.ToLower(w)
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, " ")
}

// maxMembers bounds the class members a concept group names, keeping queries short.
const maxMembers = 5

// Render ANDs the groups of the given concepts, in the order given.
func Render(set concepts.Set, idx []int) string {
	parts := make([]string, 0, len(idx))
	for _, i := range idx {
		if g := Group(set.Concepts[i]); g != "" {
			parts = append(parts, g)
		}
	}
	q := strings.Join(parts, " AND ")
	if r := []rune(q); len(r) > MaxQueryChars {
		// Drop whole trailing groups rather than cutting a group in half.
		for len(parts) > 1 && len([]rune(strings.Join(parts, " AND "))) > MaxQueryChars {
			parts = parts[:len(parts)-1]
		}
		q = strings.Join(parts, " AND ")
	}
	return q
}

// specific returns the specific (non-generic) concept indexes in priority order: the
// condition first, the concept a relaxation drops first last.
func specific(set concepts.Set) []int {
	var out []int
	for _, i := range set.Priority() {
		if !set.Concepts[i].Generic {
			out = append(out, i)
		}
	}
	return out
}

// Initial returns up to n first-iteration queries for the question's concepts, from the
// most to the least specific: every specific concept ANDed; the required concept(s) with
// the next most important one; the required concept(s) ANDed with any of the others
// (OR), which still finds the paper that words an outcome differently.
func Initial(set concepts.Set, n int) []string {
	sp := specific(set)
	if len(sp) == 0 {
		return nil
	}
	req := set.Required()
	isReq := map[int]bool{}
	for _, r := range req {
		isReq[r] = true
	}
	var others []int
	for _, i := range sp {
		if !isReq[i] {
			others = append(others, i)
		}
	}
	cands := []string{Render(set, capped(sp))}
	if len(others) > 0 {
		cands = append(cands, Render(set, append(append([]int{}, req...), others[0])))
	}
	if len(others) > 1 {
		var alts []string
		for _, i := range others {
			alts = append(alts, Group(set.Concepts[i]))
		}
		cands = append(cands, Render(set, req)+" AND ("+strings.Join(alts, " OR ")+")")
	}
	cands = append(cands, Render(set, req))
	for _, i := range others[min(1, len(others)):] {
		cands = append(cands, Render(set, append(append([]int{}, req...), i)))
	}
	return Pick(cands, nil, n)
}

// designWords are study-design phrases a judge or a user appends as free text ("…
// clinical trial", "… systematic review meta-analysis"): as words they only shrink the
// result to papers that happen to say them, so FollowUp removes them (design narrowing
// is a publication-type filter the source adds when a query has plenty of hits).
var designWords = []string{"randomized controlled trials", "randomised controlled trials", "randomized controlled trial",
	"randomised controlled trial", "controlled trial", "clinical trials", "clinical trial", "systematic reviews",
	"systematic review", "meta-analyses", "meta-analysis", "meta analysis", "cohort study", "cohort studies",
	"observational study", "observational studies", "case-control study", "rct", "rcts", "phase 2 trial",
	"phase 3 trial", "phase ii", "phase iii", "clinical evidence", "in vitro", "animal model", "animal models",
	"mechanism of action", "mechanisms of action", "mechanisms", "mechanism", "drug repurposing", "review"}

// FollowUp turns a follow-up query text (from the judge, an LLM, the heuristics or a
// verifier's next step) into a concept query anchored on the question: design words are
// removed, the text's concepts extracted, and the question's required concept added when
// the text does not mention it, so a follow-up never leaves the question's subject. It
// returns "" when the text has no searchable concept of its own.
func FollowUp(question concepts.Set, text string) string {
	if n, err := Parse(text); err == nil && isStructured(n) {
		// Already a structured query (from this builder or an expert): keep it, anchored,
		// without the concepts the user dropped.
		if n = withoutDroppedTerms(question.Dropped, n); n == nil {
			return ""
		}
		return anchor(question, n.String(), n)
	}
	text = withoutDropped(question.Dropped, text)
	low := " " + strings.ToLower(text) + " "
	for _, d := range designWords {
		low = strings.ReplaceAll(low, " "+d+" ", " ")
	}
	low = withoutGlueWords(low)
	set, err := concepts.Extract(low)
	if err != nil || len(set.Specific()) == 0 {
		return ""
	}
	// What the follow-up adds to the question: its concepts the question does not have.
	// An expert searches "condition AND new thing", not every word of both ANDed.
	var fresh []int
	for _, i := range specific(set) {
		if sameConcept(question, set.Concepts[i]) < 0 {
			fresh = append(fresh, i)
		}
	}
	req := question.Required()
	if len(req) == 0 {
		// A question without a required concept: search the follow-up as a concept query,
		// with the question's learnt headings for the same concepts.
		for i := range set.Concepts {
			if j := sameConcept(question, set.Concepts[i]); j >= 0 {
				set.Concepts[i] = withQuestionTerms(set.Concepts[i], question.Concepts[j])
			}
		}
		return Render(set, capped(specific(set)))
	}
	if len(fresh) == 0 {
		// A rewording of the question's own concepts: searched as it is (with the question's
		// learnt headings) when it keeps every required concept, else as the question's
		// required concepts ("cancer systematic review" for a question about metformin in
		// cancer never becomes "cancer").
		covered := map[int]bool{}
		for i := range set.Concepts {
			if j := sameConcept(question, set.Concepts[i]); j >= 0 {
				covered[j] = true
				set.Concepts[i] = withQuestionTerms(set.Concepts[i], question.Concepts[j])
			}
		}
		for _, r := range req {
			if !covered[r] {
				// The required concepts alone would be the wide net: when the question names
				// more, the rewording becomes the required concepts with the next one.
				if sp := specific(question); len(sp) > len(req) {
					return Render(question, appendOther(req, sp))
				}
				return Render(question, req)
			}
		}
		return Render(set, capped(specific(set)))
	}
	return Render(question, req) + " AND " + Render(set, fresh[:min(2, len(fresh))])
}

// withoutDropped removes from a follow-up text every wording of a concept the user dropped
// (ParsedQuestion.Dropped), compared word by word by stem: a judge writes its next queries
// from the question's words or its own reading ("dexamethasone asthma exacerbations"), and
// the user's correction must hold for every query of the run, not only the first.
func withoutDropped(dropped []string, text string) string {
	if len(dropped) == 0 {
		return text
	}
	fields := strings.Fields(text)
	stems := make([]string, len(fields))
	for i, f := range fields {
		stems[i] = concepts.Stem(strings.ToLower(strings.Trim(f, `.,;:!?()"'`)))
	}
	cut := make([]bool, len(fields))
	for _, d := range dropped {
		var want []string
		for _, w := range strings.Fields(strings.ToLower(d)) {
			want = append(want, concepts.Stem(strings.Trim(w, `.,;:!?()"'`)))
		}
		if len(want) == 0 {
			continue
		}
		for i := 0; i+len(want) <= len(fields); i++ {
			if slices.Equal(stems[i:i+len(want)], want) {
				for j := i; j < i+len(want); j++ {
					cut[j] = true
				}
			}
		}
	}
	out := fields[:0:0]
	for i, f := range fields {
		if !cut[i] {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// withoutDroppedTerms is withoutDropped for a structured query: each term loses the
// dropped wordings, a term left empty is removed with its operator, and nil is returned
// when nothing is left (NOT's first operand gone takes the NOT with it).
func withoutDroppedTerms(dropped []string, n *Node) *Node {
	if len(dropped) == 0 {
		return n
	}
	return prune(n, func(term *Node) *Node {
		t := withoutDropped(dropped, term.Text)
		if t == "" {
			return nil
		}
		c := *term
		c.Text = t
		return &c
	})
}

// withoutGlueWords drops the generic words of a follow-up text that name no concept of their
// own ("drug", "therapy", "patients", "outcomes"): left in, they glue onto the concept beside
// them ("hip arthroplasty drug"), which no paper says and a relaxation then drops whole.
// Condition words ("disease", "disorder") stay: they are part of a condition's name.
func withoutGlueWords(text string) string {
	fields := strings.Fields(text)
	out := fields[:0]
	for _, f := range fields {
		w := strings.Trim(f, ".,;:!?()")
		if concepts.IsGeneric(w) && !conditionWord[w] {
			continue
		}
		out = append(out, f)
	}
	return " " + strings.Join(out, " ") + " "
}

// conditionWord are the generic words that belong to a condition's name.
var conditionWord = map[string]bool{"disease": true, "diseases": true, "condition": true, "conditions": true,
	"disorder": true, "disorders": true}

// MaxGroups bounds the concepts ANDed in one query: each one more is another chance that
// a paper words it differently, and relaxation would drop it anyway.
const MaxGroups = 3

// appendOther is req with the first specific concept that is not required.
func appendOther(req, sp []int) []int {
	isReq := map[int]bool{}
	for _, r := range req {
		isReq[r] = true
	}
	for _, i := range sp {
		if !isReq[i] {
			return append(append([]int{}, req...), i)
		}
	}
	return req
}

func capped(idx []int) []int { return idx[:min(len(idx), MaxGroups)] }

func isStructured(n *Node) bool {
	if n.Op != OpTerm {
		return true
	}
	return n.Quoted || n.Field != ""
}

func anchor(question concepts.Set, text string, n *Node) string {
	low := strings.ToLower(text)
	for _, r := range question.Required() {
		c := question.Concepts[r]
		hit := false
		for _, s := range c.Stems() {
			for _, w := range concepts.Words(low) {
				if concepts.Stem(w) == s {
					hit = true
				}
			}
		}
		if !hit {
			return Render(question, question.Required()) + " AND (" + n.String() + ")"
		}
	}
	return n.String()
}

// sameConcept returns the index of the concept of set that shares a stem with c, or -1.
// withQuestionTerms is a follow-up's concept searched with what the question knows of the
// same concept: its learnt headings, or, when the question names alternatives ("surgery or
// radiation therapy"), the question's concept itself, so a follow-up that words them
// together ("surgery radiation") still searches either, never both ANDed.
func withQuestionTerms(c, q concepts.Concept) concepts.Concept {
	if len(q.Alternatives) > 0 {
		return q
	}
	c.MeSH = append(c.MeSH, q.MeSH...)
	return c
}

func sameConcept(set concepts.Set, c concepts.Concept) int {
	stems := map[string]bool{}
	for _, s := range c.Stems() {
		stems[s] = true
	}
	for i, q := range set.Concepts {
		if q.Generic {
			continue
		}
		for _, s := range q.Stems() {
			if stems[s] && !concepts.IsGeneric(s) {
				return i
			}
		}
	}
	return -1
}

// NarrowAbove is the hit count over which a query is worth narrowing by study design.
const NarrowAbove = 200

// designFilters are PubMed's publication-type filters for the designs that answer a
// clinical question best, tried one at a time as narrowing.
var designFilters = []string{"randomized controlled trial[pt]", "systematic review[pt]", "meta-analysis[pt]"}

// Fallbacks are the question's own concept variants a run can still try when neither the
// judge nor the heuristics propose a new query: the required concepts with each other
// concept, the required concepts alone, with the question's class words ("drugs"), and as
// phrases in title or abstract; never the concepts ORed apart. hits gives the known hit count of a query (-1 unknown); design filters are added
// only to a query known to have found more than NarrowAbove papers, never as words.
func Fallbacks(set concepts.Set, hits func(string) int) []string {
	sp := specific(set)
	req := set.Required()
	if len(sp) == 0 || len(req) == 0 {
		return nil
	}
	isReq := map[int]bool{}
	for _, r := range req {
		isReq[r] = true
	}
	full := Render(set, capped(sp))
	core := Render(set, req)
	var out []string
	out = append(out, full)
	for _, i := range sp {
		if !isReq[i] {
			out = append(out, Render(set, append(append([]int{}, req...), i)))
		}
	}
	// The required concepts alone are a wide net when the question names more: only a
	// question made of its required concepts falls back to them alone.
	alone := len(sp) == len(req)
	if alone {
		out = append(out, core)
	}
	for _, c := range set.Concepts {
		if c.Generic && c.Role != concepts.RolePopulation {
			out = append(out, wrap(core)+" AND "+cleanTerm(c.Text))
		}
	}
	var tiab []string
	for _, r := range req {
		tiab = append(tiab, tiabOf(set.Concepts[r]))
	}
	if alone || len(req) > 1 {
		out = append(out, strings.Join(tiab, " AND "))
	}
	for _, c := range set.Concepts {
		if syn := classSynonyms[strings.ToLower(c.Text)]; c.Generic && syn != "" {
			out = append(out, wrap(core)+" AND "+syn)
		}
	}
	// The question's concepts are never ORed apart: "(metformin) OR (cancer)" finds papers
	// about cancer alone, which cannot answer a question about metformin.
	if hits != nil {
		for _, base := range []string{full, core} {
			if hits(base) > NarrowAbove {
				for _, f := range designFilters {
					out = append(out, wrap(base)+" AND "+f)
				}
			}
		}
	}
	return out
}

// classSynonyms widen a question's class word to the wordings abstracts use for it.
var classSynonyms = map[string]string{
	"drugs": "(drug OR drugs OR therapy OR treatment OR pharmacotherapy)", "drug": "(drug OR drugs OR therapy OR treatment OR pharmacotherapy)",
	"medications": "(medication OR medications OR drug OR therapy)", "treatments": "(treatment OR treatments OR therapy OR management)",
	"treatment": "(treatment OR therapy OR management)", "therapies": "(therapy OR therapies OR treatment)", "therapy": "(therapy OR treatment)",
	"interventions": "(intervention OR interventions OR program OR programme)",
}

// tiabOf is a concept as a title/abstract phrase search: its wording, or for alternatives
// ("aspirin or clopidogrel") each one's, ORed.
func tiabOf(c concepts.Concept) string {
	if len(c.Alternatives) == 0 {
		return `"` + cleanTerm(c.Text) + `"[tiab]`
	}
	parts := make([]string, len(c.Alternatives))
	for i, a := range c.Alternatives {
		parts[i] = `"` + cleanTerm(a) + `"[tiab]`
	}
	return "(" + strings.Join(parts, " OR ") + ")"
}

// wrap parenthesises a query that is not a single term, so ANDing onto it keeps its
// meaning; a query already in one pair of parentheses (a concept's OR-group) gets no second.
func wrap(q string) string {
	n, err := Parse(q)
	switch {
	case err != nil:
		return "(" + q + ")"
	case n.Op == OpTerm:
		return q
	}
	return "(" + n.String() + ")"
}

// checkTags are MeSH headings that describe the study, not its subject ("Humans",
// "Female"): never learnt as a concept's heading.
var checkTags = map[string]bool{"humans": true, "female": true, "male": true, "adult": true, "aged": true,
	"middle aged": true, "animals": true, "child": true, "adolescent": true, "young adult": true,
	"aged, 80 and over": true, "infant": true, "child, preschool": true, "infant, newborn": true,
	"pregnancy": true, "mice": true, "rats": true, "retrospective studies": true, "prospective studies": true,
	"follow-up studies": true, "treatment outcome": true, "risk factors": true, "time factors": true}

// Learn adds to each specific concept the MeSH heading that on-topic evidence most often
// indexes under a word of the concept ("melanoma" → "Melanoma"; "heart attack" is left
// alone unless a heading shares its words). Only headings seen on at least two papers are
// learnt, so one odd record cannot redirect the search. It reports whether anything new
// was learnt.
func Learn(set *concepts.Set, evs []domain.Evidence) bool {
	changed := false
	for ci := range set.Concepts {
		c := &set.Concepts[ci]
		if c.Generic {
			continue
		}
		stems := map[string]bool{}
		for _, s := range c.Stems() {
			if !concepts.IsGeneric(s) {
				stems[s] = true
			}
		}
		count := map[string]int{}
		for _, ev := range evs {
			if ev.IsOffTopic() {
				continue
			}
			seen := map[string]bool{}
			for _, m := range ev.Citation.MeshTerms {
				h := strings.TrimSpace(strings.Trim(strings.SplitN(m, "/", 2)[0], "* "))
				if h == "" || checkTags[strings.ToLower(h)] || seen[h] {
					continue
				}
				seen[h] = true
				if meansConcept(h, stems) {
					count[h]++
				}
			}
		}
		var best []string
		for h, n := range count {
			if n >= 2 {
				best = append(best, h)
			}
		}
		sort.Slice(best, func(i, j int) bool {
			if count[best[i]] != count[best[j]] {
				return count[best[i]] > count[best[j]]
			}
			return best[i] < best[j]
		})
		if len(best) > 0 && c.AddMeSH(best[0]) {
			changed = true
		}
	}
	return changed
}

// Pick keeps up to n distinct queries (case- and space-insensitively) not already run.
func Pick(cands []string, alreadyRun map[string]bool, n int) []string {
	var out []string
	seen := map[string]bool{}
	for _, q := range cands {
		q = shorten(strings.Join(strings.Fields(q), " "))
		k := Key(q)
		if k == "" || seen[k] || alreadyRun[k] {
			continue
		}
		seen[k] = true
		out = append(out, q)
		if len(out) == n {
			break
		}
	}
	return out
}

// Key is the comparison key of a query: two queries that search the same set have the same
// key, so a run never sends "metformin AND cancer" beside "cancer AND metformin". AND and OR
// are commutative in PubMed's left-to-right reading too, so their operands are compared as a
// set (nested chains of the same operator flattened); NOT keeps its order; case and spacing
// do not count. A query that does not parse is compared by its words.
func Key(q string) string {
	if n, err := Parse(q); err == nil {
		return canonical(n)
	}
	return strings.ToLower(strings.Join(strings.Fields(q), " "))
}

// canonical renders a node with its terms in lower case and the operands of every AND and OR
// sorted and deduplicated.
func canonical(n *Node) string {
	if n.Op == OpTerm {
		return strings.ToLower(n.String())
	}
	var parts []string
	var add func(k *Node)
	add = func(k *Node) {
		if k.Op == n.Op && n.Op != OpNot {
			for _, c := range k.Kids {
				add(c)
			}
			return
		}
		s := canonical(k)
		if k.Op != OpTerm {
			s = "(" + s + ")"
		}
		parts = append(parts, s)
	}
	for _, k := range n.Kids {
		add(k)
	}
	if n.Op != OpNot {
		slices.Sort(parts)
		parts = slices.Compact(parts)
	}
	return strings.Join(parts, map[Op]string{OpAnd: " AND ", OpOr: " OR ", OpNot: " NOT "}[n.Op])
}

// shorten drops trailing AND-groups of a query longer than MaxQueryChars (never cutting a
// group in half, which would unbalance its parentheses); "" when even one group is too long.
func shorten(q string) string {
	if len([]rune(q)) <= MaxQueryChars {
		return q
	}
	gs, err := Groups(q)
	if err != nil {
		return ""
	}
	for len(gs) > 1 {
		gs = gs[:len(gs)-1]
		if s := joinGroups(gs); len([]rune(s)) <= MaxQueryChars {
			return s
		}
	}
	return ""
}

func joinGroups(gs []string) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = g
		if n, err := Parse(g); err == nil && n.Op != OpTerm {
			parts[i] = "(" + g + ")"
		}
	}
	return strings.Join(parts, " AND ")
}

// KeptGroup reports whether an AND-group of a query renders the question's condition or
// the intervention it names: a relaxation never drops it.
func KeptGroup(q concepts.Set, group string) bool {
	n, err := Parse(group)
	if err != nil {
		return false
	}
	terms := map[string]bool{}
	for _, t := range n.Terms() {
		terms[Key(t.Text)] = true
	}
	for _, r := range q.Required() {
		c := q.Concepts[r]
		if c.Role != concepts.RoleCondition && c.Role != concepts.RoleIntervention {
			// A question about neither (its first concept is required for relevance) may
			// still be relaxed by that concept: only the condition and the intervention
			// are never dropped.
			continue
		}
		if terms[Key(cleanTerm(c.Text))] || Key(Group(c)) == Key(group) {
			return true
		}
		for _, t := range n.Terms() {
			if t.Field == "" && !t.Quoted && relaxedFrom(t.Text, c) {
				return true
			}
		}
	}
	return false
}

// relaxedFrom reports whether a term is one of the concept's wordings relaxed: its words
// are words of the concept (its core or head) or their truncations ("cancer*" of "cancer").
// A relaxed condition or intervention is still that concept, so it is never dropped
// as if it were a qualifier.
func relaxedFrom(term string, c concepts.Concept) bool {
	words := strings.Fields(strings.ToLower(term))
	if len(words) == 0 {
		return false
	}
	var own []string
	for _, t := range append([]string{c.Text}, c.Terms...) {
		own = append(own, strings.Fields(strings.ToLower(cleanTerm(t)))...)
	}
	for _, w := range words {
		stem, truncated := strings.CutSuffix(w, "*")
		found := false
		for _, o := range own {
			if o == w || (truncated && strings.HasPrefix(o, stem)) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// CoreOf returns a group with each plain term of three or more words cut to its core
// (concepts.Core: "advanced epithelial ovarian carcinoma" → "ovarian carcinoma"), so a
// long concept is relaxed by its qualifiers, never split into words ORed apart. It returns
// "" when nothing changes.
func CoreOf(group string) string {
	return rewriteTerms(group, concepts.Core)
}

// HeadOf returns a group with each plain term cut to its head (concepts.Head: "starting
// insulin" → "insulin"), or "" when nothing changes. It is the last relaxation, for a
// wording that found nothing at all.
func HeadOf(group string) string {
	return rewriteTerms(group, concepts.Head)
}

// TruncatedOf returns a group whose plain terms have each long word cut to its stem and
// truncated ("nurse cystoscopist" → "nurse cystosco*", matching "cystoscopy"), every word
// still required, so a concept worded otherwise in the index is found without ORing its
// words apart; "" when nothing changes.
func TruncatedOf(group string) string {
	return rewriteTerms(group, func(text string) string {
		words := strings.Fields(text)
		changed := false
		for i, w := range words {
			if t := truncate(w); t != "" {
				words[i], changed = t, true
			}
		}
		if !changed {
			return ""
		}
		return strings.Join(words, " ")
	})
}

// truncate cuts a word of six letters or more to its stem, three letters shorter still
// when the stem is long (suffixes like -ist/-y, -al/-um differ past the stem), never below
// five letters, and adds PubMed's truncation mark; "" for a short, non-alphabetic or already
// truncated word.
func truncate(w string) string {
	if len(w) < 6 || strings.HasSuffix(w, "*") {
		return ""
	}
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return ""
		}
	}
	st := domain.Stem(w)
	if len(st) >= 10 {
		st = st[:len(st)-3]
	}
	if len(st) < 5 {
		st = w[:5]
	}
	return st + "*"
}

// rewriteTerms applies cut to every plain term of a group; "" when nothing changes.
func rewriteTerms(group string, cut func(string) string) string {
	n, err := Parse(group)
	if err != nil {
		return ""
	}
	changed := false
	out := rewrite(n, func(t *Node) string {
		if t.Quoted || t.Field != "" {
			return t.String()
		}
		if c := cut(t.Text); c != "" {
			changed = true
			return c
		}
		return t.String()
	})
	if !changed || Key(out) == Key(group) {
		return ""
	}
	return out
}

// WithoutGeneric returns a group with the generic words of its plain terms removed
// ("alzheimer disease" → "alzheimer"; "(breast cancer OR "Breast Neoplasms"[mh])" keeps its
// heading), so a concept is relaxed as a whole, never split into words ORed apart. It
// returns "" when nothing would be left or nothing changes.
func WithoutGeneric(group string) string {
	return rewriteTerms(group, func(text string) string {
		var ws []string
		words := strings.Fields(text)
		for _, w := range words {
			if lw := strings.ToLower(w); !concepts.IsGeneric(lw) && !concepts.IsStopword(lw) {
				ws = append(ws, w)
			}
		}
		if len(ws) == 0 || len(ws) == len(words) {
			return "" // all generic (the term stays) or none
		}
		return strings.Join(ws, " ")
	})
}

// kindWords are MeSH head words that name a kind of thing other than a condition or a drug
// ("Models, Neurological" is about models, not about neurological disease): a heading
// headed by one never stands for a question's concept.
var kindWords = map[string]bool{"models": true, "model": true, "methods": true, "tests": true, "techniques": true,
	"equipment": true, "personnel": true, "facilities": true, "services": true, "education": true, "phenomena": true,
	"physiological": true, "physiology": true, "psychology": true, "statistics": true, "research": true,
	"surveys": true, "questionnaires": true, "diagnosis": true, "terminology": true, "history": true}

// meansConcept reports whether a MeSH heading stands for a concept (given by its stems):
// its head — the part before an inversion comma ("Models" in "Models, Neurological") — is
// not a kind word, and at least half of the head's words are the concept's words or generic
// words ("Alzheimer Disease" for "alzheimer"), with at least one of the concept's own.
func meansConcept(heading string, stems map[string]bool) bool {
	head, _, _ := strings.Cut(heading, ",")
	ws := concepts.Words(head)
	if len(ws) == 0 {
		return false
	}
	own, ok := 0, 0
	for _, w := range ws {
		if kindWords[w] {
			return false
		}
		switch {
		case stems[concepts.Stem(w)]:
			own++
			ok++
		case concepts.IsGeneric(w):
			ok++
		}
	}
	if own == 0 {
		// The concept may be named by the qualifier after the comma ("Diabetes Mellitus,
		// Type 2" for "type 2 diabetes" is caught above); a heading whose head does not
		// name the concept at all is another subject.
		return false
	}
	return 2*ok >= len(ws)
}
