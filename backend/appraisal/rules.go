package appraisal

import (
	"context"
	"math"
	"strconv"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/lazyre"
)

// Finding names. The first nine are the classic trial-quality checks; the others refine them
// for the benchmark and the LLM context (planned sample size, missing-data handling, who
// was masked, prospective or retrospective).
const (
	FindingDesign               = "design"
	FindingRandomized           = "randomized"
	FindingRandomizationMethod  = "randomization_method"
	FindingBlinding             = "blinding"
	FindingAllocationConcealing = "allocation_concealment"
	FindingRegistration         = "registration"
	FindingITT                  = "itt"
	FindingSampleSize           = "sample_size"
	FindingAttrition            = "attrition"
	FindingPlannedSampleSize    = "planned_sample_size"
	FindingMissingData          = "missing_data"
	FindingMaskedParties        = "masked_parties"
	FindingDirection            = "direction"
)

// Design values.
const (
	DesignRCT              = "rct"
	DesignSystematicReview = "systematic_review"
	DesignMetaAnalysis     = "meta_analysis"
	DesignCohort           = "cohort"
	DesignCaseControl      = "case_control"
	DesignCrossSectional   = "cross_sectional"
	DesignCaseReport       = "case_report"
	DesignAnimal           = "animal"
	DesignInVitro          = "in_vitro"
	DesignReview           = "review"
	DesignOther            = "other"
	DesignUnclear          = "unclear"
)

// Blinding values.
const (
	BlindingNone    = "none"
	BlindingSingle  = "single"
	BlindingDouble  = "double"
	BlindingTriple  = "triple"
	BlindingUnclear = "unclear"
)

// Allocation concealment values.
const (
	ConcealmentConcealed    = "concealed"
	ConcealmentNotConcealed = "not_concealed"
	ConcealmentUnclear      = "unclear"
)

// ITT values.
const (
	ITTFull        = "itt"
	ITTModified    = "modified_itt"
	ITTPerProtocol = "per_protocol"
	ITTAsTreated   = "as_treated"
	// ITTDescribed: who was analysed is stated ("862 residents were included in the primary
	// analysis") without naming the principle.
	ITTDescribed = "described"
	ITTNotStated = "not_stated"
)

// sent is a sentence with its lower-cased text and whether it describes this paper.
// ownFrom is the byte offset from which it does: 0 for a whole own-study sentence, later
// when the sentence opens by describing other work ("Unlike previous double-blind trials,
// this open-label study …" is own from "this").
type sent struct {
	Sentence
	lower   string
	own     bool
	ownFrom int
}

// analysis is the per-document state of one Findings call.
type analysis struct {
	doc   Document
	sents []sent
}

var (
	// otherStudies marks sentences that describe other work ("previous RCTs have shown",
	// "unlike earlier double-blind trials", citations in brackets).
	otherStudies = lazyre.New(`(?i)\b((?:previous|prior|earlier|past|other|recent|several|many|most) (?:stud|trial|work|research|report|RCT|meta|review|investigat|literature|finding|data|result|analys|evidence|randomi[sz]ed|double|placebo|observational|cohort|publication)|previously (?:shown|reported|demonstrated|found|published|described|suggested|observed)|unlike|in contrast (?:to|with) (?:previous|prior|earlier|other)|have (?:shown|demonstrated|reported|found|suggested|examined|evaluated|investigated|compared)|has (?:shown|demonstrated|been (?:shown|reported|demonstrated|suggested|used))|(?:studies|trials|RCTs|reviews|analyses) (?:have|has|show|suggest|report|found|showed|demonstrated|indicate)|literature|et al)\b|\[\s*\d+(?:\s*[,–-]\s*\d+)*\s*\]`)
	// ownMethod keeps sentences that cite the paper's own protocol ("as previously described").
	ownMethod = lazyre.New(`(?i)\b(as (?:previously|earlier) (?:described|published|reported)|previously published protocol|(?:the|our|study) protocol)\b`)
	// ownMarkers are required for a sentence of the Introduction or Discussion to count.
	ownMarkers = lazyre.New(`(?i)\b(we|our|this (?:study|trial|analysis|randomi[sz]ed|double|single|open)|the (?:present|current) (?:study|trial)|here)\b`)
	// ownClause starts the part of a sentence that turns to this study after other work.
	ownClause = lazyre.New(`(?i)[,;:]\s*(?:but |whereas |while )?(?:we|our|this|the present|the current|here)\b`)
	// negationBefore catches "not randomised", "non-randomized", "without blinding",
	// "quasi-randomised" just before a match.
	negationBefore = lazyre.New(`(?:\bnot|\bnon|\bno|\bwithout|\bnever|\bnor|\bneither|\bquasi|\bpseudo|n't|\bcannot|\black of|\babsence of|\bunable to be)[\s-]*(?:[a-z]+[\s-]+){0,2}$`)
)

// Findings runs the rule-based appraiser over a document. Every finding's quote is the
// exact sentence of the title or text it came from; findings without supporting text
// carry their default value and no quote.
func Findings(doc Document) map[string]domain.Finding {
	out, _ := FindingsContext(context.Background(), doc)
	return out
}

// FindingsContext is Findings that stops between rules once ctx is done (and returns its
// error): each rule reads every sentence, so on a long text (a megabyte takes seconds) a
// caller that has gone away (an MCP client's cancellation) waits for one rule at most.
func FindingsContext(ctx context.Context, doc Document) (map[string]domain.Finding, error) {
	a := newAnalysis(doc)
	out := map[string]domain.Finding{}
	var randomized, n domain.Finding
	steps := []func(){
		func() { randomized = a.randomized(); out[FindingRandomized] = randomized },
		func() { out[FindingDesign] = a.design(randomized) },
		func() { out[FindingDirection] = a.direction() },
		func() { out[FindingRandomizationMethod] = a.randomizationMethod() },
		func() { out[FindingBlinding], out[FindingMaskedParties] = a.blinding() },
		func() { out[FindingAllocationConcealing] = a.concealment() },
		func() { out[FindingRegistration] = a.registration() },
		func() { out[FindingITT] = a.itt() },
		func() { n = a.sampleSize(); out[FindingSampleSize] = n },
		func() { out[FindingPlannedSampleSize] = a.plannedSampleSize() },
		func() { out[FindingAttrition] = a.attrition(n) },
		func() { out[FindingMissingData] = a.missingData() },
	}
	for _, step := range steps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		step()
	}
	for k, f := range out {
		f.Quote = quoteWithoutLabel(f.Quote)
		out[k] = f
	}
	if doc.Source == domain.FullTextRegistry {
		a.applyRegistry(out)
	}
	return out, nil
}

func newAnalysis(doc Document) *analysis {
	ss := SplitSentences(doc.analysedText())
	a := &analysis{doc: doc, sents: make([]sent, len(ss))}
	for i, s := range ss {
		own, from := ownPart(s)
		// A heading names a topic, it reports nothing the study did.
		own = own && !s.IsHeading
		a.sents[i] = sent{Sentence: s, lower: foldDashes(strings.ToLower(s.Text)), own: own, ownFrom: from}
	}
	return a
}

// dashFolder rewrites the Unicode hyphens, dashes and minus signs of publisher text
// ("double‐blind", "intention‐to‐treat") as ASCII hyphens and no-break or thin spaces as
// spaces, with as many bytes as the character it replaces, so every offset into the folded
// lower-case sentence is still an offset into the original (quotes are cut from it). The
// rules therefore accept any run of hyphens where they accept one ("[\s-]+", "-*").
var dashFolder = strings.NewReplacer(
	"\u2010", "---", "\u2011", "---", "\u2012", "---", "\u2013", "---", "\u2014", "---", "\u2015", "---",
	"\u2212", "---", "\u00a0", "  ", "\u2009", "   ", "\u202f", "   ",
)

func foldDashes(s string) string { return dashFolder.Replace(s) }

// ownPart decides whether (and from where) a sentence describes the paper's own methods.
func ownPart(s Sentence) (bool, int) {
	switch s.Section {
	case SectionReferences:
		return false, 0
	case SectionBackground:
		if !ownMarkers.MatchString(s.Text) {
			return false, 0
		}
	}
	loc := otherStudies.FindStringIndex(s.Text)
	if loc == nil || ownMethod.MatchString(s.Text) {
		return true, 0
	}
	// In the methods or results, a reference number alone cites a tool or a protocol
	// ("randomised through a centralised website [24]"), not another study's findings.
	if s.Section == SectionBody && onlyCitations(s.Text) {
		return true, 0
	}
	// A clause about this study after the mention of other work still counts.
	if m := ownClause.FindStringIndex(s.Text[loc[1]:]); m != nil {
		return true, loc[1] + m[0]
	}
	return false, 0
}

// citationRe is a bracketed reference number list, one of otherStudies' markers.
var citationRe = lazyre.New(`\[\s*\d+(?:\s*[,–-]\s*\d+)*\s*\]`)

// onlyCitations reports whether every marker of other work in text is a reference number.
func onlyCitations(text string) bool {
	for _, m := range otherStudies.FindAllStringIndex(text, -1) {
		if !citationRe.MatchString(text[m[0]:m[1]]) {
			return false
		}
	}
	return true
}

// negated reports whether the match at idx of the lower-cased sentence is negated.
func negated(lower string, idx int) bool {
	from := idx - 40
	if from < 0 {
		from = 0
	}
	return negationBefore.MatchString(lower[from:idx])
}

// hit is a matched sentence with the match position.
type hit struct {
	s      *sent
	at     int
	groups []string
}

// firstOwn returns the first own-study sentence matching re (in reading order), skipping
// matches rejected by keep.
func (a *analysis) firstOwn(re *lazyre.Regexp, keep func(s *sent, m []int) bool) (hit, bool) {
	gate := gates[re]
	for i := range a.sents {
		s := &a.sents[i]
		if !s.own || (gate != nil && !hasAny(s.lower, gate)) {
			continue
		}
		for _, m := range re.FindAllStringSubmatchIndex(s.lower, -1) {
			if m[0] < s.ownFrom {
				continue
			}
			if keep != nil && !keep(s, m) {
				continue
			}
			groups := make([]string, len(m)/2)
			for g := range groups {
				if m[2*g] >= 0 {
					groups[g] = s.Text[m[2*g]:m[2*g+1]]
				}
			}
			return hit{s: s, at: m[0], groups: groups}, true
		}
	}
	return hit{}, false
}

// gates are literal words one of which every match of a regexp contains; checking them
// first skips most sentences without running the regexp (a read-only lookup table).
var gates = map[*lazyre.Regexp][]string{
	randomRe:       {"random", "rct"},
	nonRandom:      {"random"},
	concealedRe:    {"conceal", "block", "envelope", "central", "telephone", "web", "internet", "online", "computer", "interactive", "ivrs", "iwrs", "ixrs", "independent", "third", "unblinded", "not involved", "pharmac", "redcap", "randomi"},
	concealStepsRe: {"unpredictab", "central", "only", "implemented", "administered", "managed", "carried out", "conducted", "performed", "done by", "label", "public", "generated", "prepared", "created", "produced", "drawn up", "concealment", "consecutively", "sequentially", "unaware", "web", "online", "internet", "secure", "password", "platform", "crf", "case report", "phone", "interactive", "blind", "mask", "unaware", "access", "known", "available", "disclosed", "revealed", "kept", "stored", "held", "maintained", "managed", "retained", "locked", "concealed", "sealed", "numbered", "released", "communicated", "unveiled", "unmasked", "next", "sequential", "pharmac"},
	notConcealedRe: {"conceal", "open", "alternat", "date of birth", "record number", "day of", "determined", "decided", "based"},
	tripleRe:       {"triple", "triply", "quadruple"},
	doubleRe:       {"double"},
	singleRe:       {"blind", "mask"},
	openRe:         {"open", "blind", "mask"},
	enrolledRe:     {"were", "was", "had been", "are"},
	enrolledVerbRe: {"we ", "study "},
	totalRe:        {"total", "overall", "altogether"},
	nEqualsRe:      {"n=", "n ="},
	metaOwnRe:      {"meta", "pooled"},
	sysOwnRe:       {"systematic", "search"},
	blindedTrialRe: {"blind", "mask", "placebo"},
	animalRe:       {"rat", "mice", "mouse", "murine", "rabbit", "dog", "pig", "swine", "sheep", "ewe", "lamb", "monkey", "macaque", "primate", "zebrafish", "rodent", "canine", "porcine", "ovine", "bovine", "cattle", "cow", "calves", "hamster", "horse", "equine", "cat", "feline", "chicken", "broiler", "drosophila", "wistar", "sprague", "c57bl", "knockout", "animal"},
	inVitroRe:      {"vitro", "cell", "hela", "hek293", "mcf", "hepg2"},
	caseReportRe:   {"case", "report", "describe", "present", "year"},
	caseControlRe:  {"case", "control"},
	crossSectRe:    {"sectional", "prevalence", "survey"},
	cohortRe:       {"cohort", "longitudinal", "prospective", "retrospective", "follow", "chart", "record", "registry", "database", "observational"},
	otherDesignRe:  {"random", "quasi", "case series", "qualitative", "focus group", "arm", "pilot", "open", "phase", "trial", "diagnostic", "cost", "model", "before", "pre", "sensitivity", "validation", "experiment"},
	prospectiveRe:  {"prospective"},
	retroRe:        {"retrospective", "chart", "record"},
}

func hasAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func notNegated(s *sent, m []int) bool { return !negated(s.lower, m[0]) }

// ---- randomisation ----

var (
	randomRe = lazyre.New(`\b(randomi[sz](?:ed|ation|ing|e|es)|randomly (?:assigned|allocated|divided|distributed|split|placed|given|received|treated|entered)|randomly,|random (?:assignment|allocation)|rcts?\b|allocated at random|assigned at random)`)
	// nonRandom is an explicit statement that allocation was not random.
	nonRandom = lazyre.New(`\b(non-*randomi[sz]ed|not (?:be(?:en)? )?randomi[sz]ed|quasi-*randomi[sz]ed|without randomi[sz]ation|no randomi[sz]ation|pseudo-*randomi[sz]ed)`)
)

func (a *analysis) randomized() domain.Finding {
	if h, ok := a.firstOwn(randomRe, notNegated); ok {
		return domain.Finding{Value: true, Quote: h.s.Text}
	}
	if h, ok := a.firstOwn(nonRandom, nil); ok {
		return domain.Finding{Value: false, Quote: h.s.Text}
	}
	return domain.Finding{Value: false}
}

var methodPatterns = []struct {
	value string
	re    *lazyre.Regexp
}{
	{"computer_generated", lazyre.New(`computer(?:ised|ized)?[\s-]*(?:generated|based|randomi|program|software|assisted|algorithm|driven)|generated (?:by|using|with|on) (?:a )?(?:computer|software|statistical software|a random number generator)|random[\s-]*(?:number|digit)[\s-]*generat|computeri[sz]ed (?:by|list|sequence|randomi|(?:[\w-]+ ){1,2}randomi)|computer (?:system|programme|program)|randomi[sz]ed electronically|randomi[sz]ation was computeri[sz]ed|(?:web|internet|online)[\s-]*based (?:randomi[sz]ation|random)|(?:electronic|web[\s-]*based|online|internet[\s-]*based)[,\s]+(?:[\w-]+[,\s]+){0,2}?(?:system|program|software|platform|tool|application)|randomi[sz]ation (?:software|program|website|service|module)|\b(?:sas|spss|stata|r) (?:software|statistical|version|package|procedure|\d)|randomization\.com|sealedenvelope|\bredcap\b|\bproc plan\b|software package|ralloc|blockrand|electronically (?:generated|randomi)`)},
	{"random_number_table", lazyre.New(`random (?:number|digit)s? tables?|table of random (?:numbers|digits)`)},
	{"coin_toss", lazyre.New(`(?:coin (?:toss|flip)|toss(?:ing|ed)? (?:of )?a coin|flip(?:ping|ped)? a coin)`)},
	{"lots", lazyre.New(`drawing (?:of )?lots|drew lots|lottery|shuffl(?:ed|ing) (?:cards|envelopes)|dice|(?:labell?ed|numbered|shuffled|drawn|drawing|drew) (?:\w+ )?cards`)},
	{"minimisation", lazyre.New(`\bminimi[sz]ation\b`)},
	{"block", lazyre.New(`(?:permuted|random(?:ly)?(?: varying| variable| sized| size)?|variable|fixed)[\s-]*(?:sized? )?blocks?\b|block (?:randomi[sz]ation|design|sizes? of)|blocks? of (?:size )?(?:\d|two|four|six|eight|ten)|block sizes?|blocked randomi`)},
	{"stratified", lazyre.New(`stratified (?:randomi|block|permuted|allocation)|randomi[sz]ation (?:was |were )?(?:\w+ )?stratified|(?:allocation|assignment) (?:was |were )?stratified|stratification (?:factor|variable)s?`)},
	// Named statistical software or a spreadsheet used to randomise is a computer method
	// (CONSORT's "computerised random number generator"); the sentence must be about
	// randomisation (methodNeedsRandom).
	{"computer_generated", lazyre.New(`(?:using|with|in|via|by|through) (?:the |a )?(?:(?:statistical |computer )?(?:software|program(?:me)?|package) )?(?:microsoft )?(?:excel|stata|sas|spss|nquery|epidat|minitab|matlab|graphpad|statistical analysis system|research randomi[sz]er|random allocation software|r(?:[\s-]?\d|\s(?:software|package|version|statistical|\()))`)},
	{"sequence_generated", lazyre.New(`(?:randomi[sz]ation|allocation|random) (?:sequence|list|schedule|code|table)s? (?:was|were|had been) (?:generated|created|prepared|produced|computer)|generated (?:the |a )?(?:randomi[sz]ation|allocation|random) (?:sequence|list|schedule|table|codes?|numbers)`)},
	// A systematic, non-random rule (alternation, date, record number) is a generation
	// method CONSORT asks to be reported and that risk-of-bias tools grade as inadequate.
	{"non_random", lazyre.New(`(?:allocation|assignment|randomi[sz]ation|group) (?:sequence |order )?(?:was |were )?(?:determined|decided|based|assigned) (?:by|on|according to) (?:the )?(?:date|day of|week|order of (?:arrival|admission|referral|enrol)|(?:hospital|medical|case|patient) (?:record |registration )?number|birth|alternat)|alternat(?:e|ing|ion) (?:allocation|assignment|days|weeks|months)|allocat(?:ed|ion) (?:by|according to) (?:date of birth|(?:hospital|medical|case) (?:record )?number|day of|alternation)|(?:odd|even)[\s-]+(?:and|or)[\s-]+(?:odd|even)[\s-]+(?:dates?|days?|(?:record|registration|hospital|birth) numbers?)`)},
}

// aboutRandomisation is a sentence about forming the groups: "random effects", "random
// intercepts" and "a random sample" of a survey are other uses of chance.
var aboutRandomisation = lazyre.New(`randomi[sz]|randomly|random (?:allocation|assignment|sequence|numbers?|lists?|codes?|order|blocks?|permut|digit)|allocat|assign`)

// methodNeedsRandom lists methods that only count in a sentence about randomisation.
var methodNeedsRandom = map[string]bool{"computer_generated": true, "block": true, "stratified": true, "minimisation": true, "lots": true}

// restrictionMethods are CONSORT's "type of randomisation" (blocking, stratification): they
// restrict a sequence but do not say how it was generated, so they are reported only when
// no generation method is stated anywhere.
var restrictionMethods = map[string]bool{"block": true, "stratified": true}

// nonRandomMethods generate the sequence by a systematic rule: reported (CONSORT 16a), but
// not a random sequence.
var nonRandomMethods = map[string]bool{"non_random": true}

// AdequateGeneration reports whether a stated generation method produces a random sequence.
func AdequateGeneration(method string) bool {
	return GenerationMethodStated(method) && !nonRandomMethods[method]
}

// GenerationMethodStated reports whether a randomization_method value names how the
// sequence was generated (CONSORT 16a), not only how it was restricted (blocks, strata).
func GenerationMethodStated(method string) bool {
	return method != "" && method != "not_stated" && !restrictionMethods[method]
}

func (a *analysis) randomizationMethod() domain.Finding {
	var restriction *domain.Finding
	for i := range a.sents {
		s := &a.sents[i]
		if !s.own {
			continue
		}
		lower := s.lower[s.ownFrom:]
		mentionsRandom := aboutRandomisation.MatchString(lower)
		for _, p := range methodPatterns {
			if restriction != nil && restrictionMethods[p.value] {
				continue
			}
			loc := p.re.FindStringIndex(lower)
			if loc == nil {
				continue
			}
			if methodNeedsRandom[p.value] && !mentionsRandom {
				continue
			}
			if negated(lower, loc[0]) {
				continue
			}
			if restrictionMethods[p.value] {
				restriction = &domain.Finding{Value: p.value, Quote: s.Text}
				continue
			}
			return domain.Finding{Value: p.value, Quote: s.Text}
		}
	}
	if restriction != nil {
		return *restriction
	}
	return domain.Finding{Value: "not_stated"}
}

// ---- allocation concealment ----

var (
	concealedRe = lazyre.New(`(?:sealed|opaque|sequentially numbered|numbered)[^.;]{0,40}envelope|envelopes?[^.;]{0,40}(?:sealed|opaque)|(?:allocation|assignment|randomi[sz]ation|group allocation|treatment allocation)s?(?: sequence| list| schedule| code)?s? (?:was|were|had been|is|remained|kept) (?:\w+ ){0,2}(?:concealed|hidden|blind(?:ed)?|masked)|conceal(?:ed|ment of|ing)? (?:the )?(?:allocation|treatment assignment|randomi[sz]ation|group assignment|sequence)|allocation concealment|concealed allocation|central(?:ised|ized|ly)? (?:\w+ ){0,2}(?:randomi[sz]|allocat|assign)|(?:randomi[sz]ation|allocation) (?:was |were )?(?:\w+ ){0,2}(?:centrally|by telephone|via (?:a |an )?(?:web|internet|telephone|central))|(?:telephone|web|internet|online|computer|interactive)[\s-]*(?:based )?(?:randomi[sz]ation|allocation) (?:system|service|procedure|module|center|centre)|interactive (?:voice|web)[\s-]*response|\b(?:ivrs|iwrs|ixrs)\b|randomi[sz]ation (?:centre|center|service|unit)|(?:independent|external|third[\s-]+party|unblinded|not involved|no (?:involvement|influence|role|part) (?:in|on|with))[^.;]{0,60}(?:randomi[sz]|allocat|envelope)|(?:randomi[sz]|allocat|envelope)[^.;]{0,80}(?:independent|external|third[\s-]+party|not involved (?:in|with))|pharmacy[\s-]*(?:controlled|based|prepared)|redcap[^.;]{0,40}randomi|randomi[sz]ation module|(?:blind(?:ed)?|masked|unaware) (?:to|of) (?:the )?(?:randomi[sz]ation |allocation )?block[\s-]*sizes?|block[\s-]*sizes? (?:was|were) (?:\w+ )?(?:concealed|hidden|unknown|blinded|masked|not (?:disclosed|revealed|known))`)
	// concealStepsRe is the rest of CONSORT item 16f's wording: the mechanism that implements
	// the sequence (a central or web system, coded or sealed containers, a pharmacy) and the
	// steps that keep it hidden until assignment (who held the list, who could not see it,
	// when an allocation was revealed). It counts only in a sentence about the allocation.
	concealStepsRe = lazyre.New(`(?:randomi[sz]ed|allocated|assigned|randomi[sz]ation|allocation|assignment)s? (?:was |were )?(?:\w+ )?(?:performed |done |carried out |conducted |obtained |made |undertaken )?(?:through|via|using|with|by|on|over) (?:a |an |the )?(?:[\w-]+[\s-]+){0,3}?(?:web[\s-]?sites?|web[\s-]+based|online|internet|secure|password|platform|e-*crf|case report (?:form|system)|telephone|phone call|interactive)|(?:blind(?:ed)?|masked|unaware|no access|not (?:have )?access|did not have|without access|not (?:be )?(?:known|available|disclosed|revealed) to)[^.;]{0,60}(?:randomi[sz]ation|allocation|assignment|treatment|random) (?:schedules?|sequences?|lists?|codes?|results?)|(?:randomi[sz]ation|allocation|random) (?:lists?|sequences?|schedules?|codes?) (?:was |were )?(?:\w+ )?(?:kept|stored|held|maintained|managed|retained|locked|secured|concealed|accessible only|only accessible|available only|only available)|sealed,? (?:\w+ )?(?:bottles?|containers?|packages?|boxes|packs?|kits?|bags?)|(?:sequentially|consecutively) numbered,? (?:\w+,? ){0,2}(?:containers?|bottles?|boxes|packs?|kits?|vials?|packages?|syringes?)|(?:allocations?|assignments?|group|treatment arm)s? (?:was |were )?(?:only |then )?(?:revealed|disclosed|released|communicated|unveiled|unmasked (?:only )?(?:after|once|when|upon|on|at the time))|(?:next|sequential) (?:available )?(?:assignment|allocation|randomi[sz]ation number|envelope|treatment (?:pack|kit|number))|pharmac(?:y|ist)s?[^.;]{0,80}(?:label|cod(?:e|ed|ing)|prepar|dispens|randomi)|secure(?:ly)? (?:\w+ ){0,2}(?:stored|location|server|database)|(?:investigators?|researchers?|staff|recruiters?|clinicians?|physicians?|study personnel|research team)[^.;]{0,40}(?:blind(?:ed)?|masked|unaware) (?:to|of) (?:the )?(?:group |treatment )?(?:allocation|assignment|randomi[sz]ation)|(?:ensur|maint|guarant|preserv|secur|kept|keep)\w* (?:the )?(?:allocation )?concealment|(?:labell?ed|numbered|coded) (?:consecutively|sequentially)|unpredictab|centrali[sz]ed (?:\w+ ){0,2}(?:process|system|procedure|service|unit|office|computer)|(?:known|accessible|available|held|kept|stored) only (?:to|by)|only (?:known|accessible|available) (?:to|by)|(?:implemented|administered|managed|carried out|conducted|performed|done) by (?:an? |the )?(?:[\w-]+ ){0,3}?(?:manufacturers?|pharmac(?:y|ies|ists?)|sponsor|company|clinical trials? unit|ctu|data (?:management|coordinating) (?:centre|center|unit))|label(?:l)?ed (?:[\w’'-]+ ){0,4}?codes? (?:\w+ ){0,3}?(?:packag|packs?|containers?|bottles?|boxes|kits?|vials?)|public(?:ly)? (?:[\w-]+ ){0,3}?(?:ceremony|lottery|draw|event|meeting)|(?:sequences?|lists?|schedules?|codes?) (?:was |were )?(?:generated|prepared|created|produced|drawn up|held|kept) by (?:the |an? )?(?:[\w&-]+ ){0,4}?(?:unit|department|centre|center|office|statisticians?|pharmacy|pharmacists?|ctu|r&d|sponsor|manufacturer|company|coordinating|person|member)\b`)
	notConcealedRe = lazyre.New(`(?:allocation|assignment|randomi[sz]ation)[^.;]{0,30}(?:was|were|is|are|remained) (?:not|never) (?:\w+ )?concealed|(?:no|without|not) (?:\w+ )?(?:allocation )?concealment|open (?:allocation|randomi[sz]ation list)|alternat(?:e|ing|ion) (?:allocation|assignment|days|weeks)|allocat(?:ed|ion) (?:by|according to) (?:date of birth|record number|day of|alternation)|(?:allocation|assignment|randomi[sz]ation) (?:sequence |order )?(?:was |were )?(?:determined|decided|based) (?:by|on) (?:the )?(?:date|day|order of|record|hospital number|birth)`)
)

// aboutAllocation keeps a match in a sentence that speaks of randomisation or allocation,
// and is not negated.
func aboutAllocation(view string, m []int) bool {
	return hasAny(view, []string{"random", "allocat", "assign", "envelope", "conceal"}) && !negated(view, m[0])
}

func notNegatedIn(view string, m []int) bool { return !negated(view, m[0]) }

// maskedToGroupRe is "blinded to the group allocation", "masked regarding allocation",
// "unaware of the randomisation status": masking after assignment (CONSORT 17a), which
// says nothing about whether the sequence was concealed before it (16f). A phrase followed
// by "sequence", "list", "schedule" or "code" is about the sequence and is kept.
var maskedToGroupRe = lazyre.New(`(?:blind(?:ed)?|mask(?:ed)?|unaware|naive|naïve)\s+(?:to|of|regarding|as to|about|for|with respect to)\s+(?:the\s+)?(?:[\w'’]+\s+){0,2}(?:allocation|randomi[sz]ation|assignment|allocated|randomi[sz]ed|arms?|groups?)(?:\s+(?:status|groups?|arms?|of\s+(?:the\s+)?(?:participants|patients|subjects)))?`)

var sequenceNoun = lazyre.New(`^\s*(?:sequences?|lists?|schedules?|codes?|blocks?|envelopes?)\b`)

// concealmentView blanks the masking-after-assignment phrases of a lower-cased sentence
// with spaces, so offsets still point into the sentence.
func concealmentView(lower string) string {
	ms := maskedToGroupRe.FindAllStringIndex(lower, -1)
	if ms == nil {
		return lower
	}
	b := []byte(lower)
	for _, m := range ms {
		if sequenceNoun.MatchString(lower[m[1]:]) {
			continue
		}
		for i := m[0]; i < m[1]; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

func (a *analysis) concealment() domain.Finding {
	if h, ok := a.firstOwn(notConcealedRe, nil); ok {
		return domain.Finding{Value: ConcealmentNotConcealed, Quote: h.s.Text}
	}
	for _, c := range []struct {
		re   *lazyre.Regexp
		keep func(view string, m []int) bool
	}{{concealedRe, notNegatedIn}, {concealStepsRe, aboutAllocation}} {
		gate := gates[c.re]
		for i := range a.sents {
			s := &a.sents[i]
			if !s.own || !hasAny(s.lower, gate) {
				continue
			}
			view := concealmentView(s.lower)
			for _, m := range c.re.FindAllStringIndex(view, -1) {
				if m[0] >= s.ownFrom && c.keep(view, m) {
					return domain.Finding{Value: ConcealmentConcealed, Quote: s.Text}
				}
			}
		}
	}
	return domain.Finding{Value: ConcealmentUnclear}
}

// ---- blinding ----

var (
	tripleRe = lazyre.New(`\b(?:triple|triply|quadruple)[\s-]*(?:blind|mask)`)
	doubleRe = lazyre.New(`\bdouble[\s-]*(?:blind|mask|dummy)`)
	singleRe = lazyre.New(`\bsingle[\s-]*(?:blind|mask)|\bblind(?:ed)? (?:evaluation|assessment|outcome assessment|assessor|observer|rater|reading|review)|\b(?:assessor|observer|evaluator|rater|examiner|investigator|outcome[\s-]+assessor|patient|participant)s?[\s-]+(?:blind(?:ed)?|mask(?:ed)?)\b`)
	openRe   = lazyre.New(`\bopen[\s-]*label|\bunblinded|\bunmasked|\bopen(?:[\s-]+label)? (?:trial|study|design|randomi[sz]ed)|\bnon[\s-]*blind(?:ed)?|\bno (?:\w+ )?(?:blinding|masking)|\bwithout (?:\w+ )?(?:blinding|masking)|\bnot (?:be(?:en)? )?(?:possible to )?(?:blind|mask)|\b(?:blinding|masking) (?:\w+ ){0,8}(?:was|is|were) not (?:possible|feasible|performed|used|undertaken)|\bnone of (?:\w+ ){0,3}(?:was|were) (?:blinded|masked|blind)|\b(?:was|were) (?:not|neither) (?:\w+ )?(?:blinded|masked|blind)|\bnot (?:\w+ )?(?:blinded|masked)|\bnot (?:be(?:en)? )?(?:\w+[\s-]+)?(?:blind|mask)|\bneither\b[^.;]{0,60}\bnor\b[^.;]{0,50}\b(?:blind|mask)|\b(?:could|can|would|cannot) (?:not )?(?:\w+ )?be (?:blinded|masked)|impossible to (?:blind|mask)`)
)

func (a *analysis) blinding() (domain.Finding, domain.Finding) {
	for _, c := range []struct {
		re    *lazyre.Regexp
		value string
	}{{tripleRe, BlindingTriple}, {doubleRe, BlindingDouble}} {
		if h, ok := a.firstOwn(c.re, notNegated); ok {
			return domain.Finding{Value: c.value, Quote: h.s.Text}, a.maskedParties()
		}
	}
	parties := a.maskedParties()
	names, _ := parties.Value.([]string)
	// Double-blind masks two of those who take part in or judge the trial (participants,
	// care providers, outcome assessors); masked analysts make it triple-blind only on top
	// of those, never double-blind alone ("the statistician and the assessors were
	// blinded" leaves participants and their clinicians aware: one party for performance
	// and detection bias).
	core := 0
	for _, n := range names {
		if n != "data_analysts" {
			core++
		}
	}
	if core >= 3 || core == 2 && len(names) > core {
		return domain.Finding{Value: BlindingTriple, Quote: parties.Quote}, parties
	}
	if core == 2 {
		return domain.Finding{Value: BlindingDouble, Quote: parties.Quote}, parties
	}
	if h, ok := a.firstOwn(singleRe, notNegated); ok {
		return domain.Finding{Value: BlindingSingle, Quote: h.s.Text}, parties
	}
	if len(names) > 0 {
		return domain.Finding{Value: BlindingSingle, Quote: parties.Quote}, parties
	}
	if h, ok := a.firstOwn(openRe, nil); ok {
		return domain.Finding{Value: BlindingNone, Quote: h.s.Text}, parties
	}
	return domain.Finding{Value: BlindingUnclear}, parties
}

// ---- registration ----

func (a *analysis) registration() domain.Finding {
	var ids []string
	quote := ""
	seen := map[string]bool{}
	for pass := 0; pass < 2 && len(ids) == 0; pass++ {
		for i := range a.sents {
			s := &a.sents[i]
			// First pass: sentences outside the reference list; second pass: anywhere.
			if pass == 0 && s.Section == SectionReferences && !strings.Contains(strings.ToLower(s.Heading), "regist") {
				continue
			}
			found := RegistryIDs(s.Text)
			for _, id := range found {
				if !seen[id] {
					seen[id] = true
					ids = append(ids, id)
					if quote == "" {
						quote = s.Text
					}
				}
			}
		}
	}
	if len(ids) == 0 {
		for i := range a.sents {
			s := &a.sents[i]
			if s.Section == SectionReferences && !strings.Contains(strings.ToLower(s.Heading), "regist") {
				continue
			}
			if named := NamedRegistryIDs(s.Text); len(named) > 0 {
				return domain.Finding{Value: named, Quote: s.Text}
			}
		}
		return domain.Finding{Value: []string{}}
	}
	return domain.Finding{Value: ids, Quote: quote}
}

// ---- analysis population ----

var ittPatterns = []struct {
	value string
	re    *lazyre.Regexp
}{
	{ITTModified, lazyre.New(`modified (?:intention|intent)[\s-]*to[\s-]*treat|\bmitt\b`)},
	{ITTFull, lazyre.New(`(?:intention|intent)[\s-]*to[\s-]*treat|\bitt\b|analy[sz]ed (?:according to|in) the (?:groups?|arms?) (?:to which|they were)|(?:as|when) randomi[sz]ed\b|regardless of (?:adherence|compliance|the treatment received|protocol)|all (?:randomi[sz]ed )?(?:participants|patients|subjects) (?:were )?(?:included|analy[sz]ed) in the (?:primary )?analys|full analysis (?:set|population)|in the groups? to which they (?:were|had been) (?:randomly )?(?:assigned|allocated|randomi[sz]ed)`)},
	// ICH E9's vocabulary as well as CONSORT's: the full analysis set (above) is ITT; "all
	// who received at least one dose", stated without an ITT claim, is the usual modified ITT.
	{ITTModified, lazyre.New(`(?:participants|patients|subjects|children|women|men|all) (?:\w+ ){0,3}who (?:received|took|had) at least one (?:dose|session|treatment|administration)`)},
	{ITTPerProtocol, perProtocolRe},
	{ITTAsTreated, lazyre.New(`as[\s-]+treated|\bat (?:analys|population)|safety (?:analysis )?(?:population|set)`)},
	{"complete_case", lazyre.New(`complete[\s-]*case|(?:available|completers?)[\s-]*(?:case )?analys`)},
	// CONSORT asks for the number of participants in each analysis and who they were; a
	// sentence that says who was included in or excluded from the analysis states the
	// analysis population even without a label.
	{ITTDescribed, lazyre.New(`(?:` + peopleNoun + `|those|all|data|cases|\d+)\b[^.;]{0,60}?(?:were|was) (?:not )?(?:included|excluded|retained) (?:in|from|for) (?:the |all |our |this )?(?:\w+ )?analys[ie]s|(?:primary|main|final|outcome|efficacy|statistical) analys[ie]s (?:\w+ ){0,3}?(?:included|comprised|consisted of|(?:was|were) (?:restricted|limited|based) (?:to|on)) (?:all|only|those|the|\d)`)},
}

// perProtocolRe is the per-protocol population; "as per protocol" and "defined per
// protocol" mean "as the protocol says" and are rejected by the keep function.
var perProtocolRe = lazyre.New(`per[\s-]*protocol|\bpp (?:analys|population|set)`)

// protocolIdiom is the word before "per protocol" when it means "according to the protocol".
var protocolIdiom = lazyre.New(`(?:\bas|defined|specified|required|planned|scheduled|stated|described|outlined|mandated|collected|performed|done|given|administered|treated)\s+$`)

func (a *analysis) itt() domain.Finding {
	keep := func(s *sent, m []int) bool {
		if negated(s.lower, m[0]) {
			return false
		}
		return !strings.HasPrefix(s.lower[m[0]:], "per") || !protocolIdiom.MatchString(s.lower[max(0, m[0]-20):m[0]])
	}
	for _, p := range ittPatterns {
		if h, ok := a.firstOwn(p.re, keep); ok {
			return domain.Finding{Value: p.value, Quote: h.s.Text}
		}
	}
	return domain.Finding{Value: ITTNotStated}
}

// ---- sample size ----

// numberWord is a count: digits, with thousands grouped by commas or by spaces ("12 737";
// thin and no-break spaces are folded to runs of spaces, see foldDashes), or words, joined
// by any run of hyphens ("Thirty‐eight" with U+2010 is "thirty---eight" folded).
const numberWord = `(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?: {1,3}\d{3}\b)+|\d+|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:(?:\s|-+\s?)(?:one|two|three|four|five|six|seven|eight|nine)\b)?(?: hundred(?: and \w+(?:(?:\s|-+)\w+)?)?)?|(?:one|two|three|four|five|six|seven|eight|nine) hundred(?: and \w+(?:(?:\s|-+)\w+)?)?)`

// clusterNoun names groups of people (the units a cluster trial randomises) and other
// units: a count of them is the sample only when no count of people is given.
const clusterNoun = `(?:clusters|practices|schools|hospitals|clinics|villages|communities|organi[sz]ations|sites|wards|units|centres|centers)`

const peopleNoun = `(?:patients|participants|subjects|women|men|adults|children|infants|neonates|newborns|individuals|persons|people|volunteers|respondents|students|residents|families|households|mothers|couples|dyads|clusters|practices|schools|hospitals|clinics|villages|communities|eyes|teeth|smokers|survivors|veterans|employees|workers|athletes|pregnancies|caregivers|carers|youth|adolescents|girls|boys|nurses|physicians|organi[sz]ations|sites|wards|units)`

// allocationRatio is the ratio a count of people was randomised in, written between the verb
// and the count: "we randomized (1:1) 91 women", "we randomly assigned (2:1:1) 300 patients".
const allocationRatio = `(?:\(\d+\s?:\s?\d+(?:\s?:\s?\d+)*\)\s+)?`

var (
	enrolledRe = lazyre.New(`\b(` + numberWord + `)\s(?:[\w-]+\s){0,5}?` + peopleNoun + `\b[^.;]{0,80}?\b(?:were|was|had been|are)\s+(?:\w+\s)?(?:randomi[sz]ed|randomly|enrolled|included|recruited|allocated|assigned|studied|analy[sz]ed)`)
	// countVerbRe is a bare count that was randomised or enrolled, its people said before it:
	// "Of 312 patients screened, 240 were randomised".
	countVerbRe = lazyre.New(`(?:^|[,;:]\s*|\band\s+|\b(?:of|from) (?:whom|which)\s+)(` + numberWord + `)\s+(?:were|was)\s+(?:\w+\s)?(?:randomi[sz]ed|enrolled|included|recruited|allocated|assigned)`)
	// notSampleRe follows the people of a count that is not the sample: those screened,
	// assessed for eligibility, approached or invited, of whom the sample is a part.
	// laterCountRe is the count a sentence of the screened goes on to randomise or enrol:
	// "…, 157 infants fulfilled the criteria and were randomised", "…, resulting in 246
	// randomly assigned to …".
	laterCountRe  = lazyre.New(`\b(` + numberWord + `)\s+(?:[\w-]+\s+){0,8}?(?:were\s+|was\s+)?(?:randomi[sz]ed|randomly (?:assigned|allocated|divided)|enrolled|included|recruited|allocated|assigned)\b`)
	peopleNounRe  = lazyre.New(`^` + peopleNoun + `[,;:.]?$`)
	clusterNounRe = lazyre.New(`^` + clusterNoun + `[,;:.]?$`)
	// armCountRe is the count of a further arm after a count of people given with its arm:
	// "310 patients were recruited from the specialist unit and 290 from standard care",
	// "150 women to drug and 150 to placebo". No number or bracket may come between (a
	// bracketed split "60 patients (30 to A and 30 to B)" is of the same 60), and the
	// further count has no verb of its own ("… and 180 were randomised" is a later step).
	armFirstRe  = lazyre.New(`^\s+(?:[\w-]+\s+){0,5}?` + peopleNoun + `\b[^.;()\d,]{0,60}?\b(?:from|to|into|in)\b[^.;()\d]{1,60}?(?:,\s*and|,|\band)\s+(` + numberWord + `)\s+(?:` + peopleNoun + `\s+)?(?:from|to|into|in)\b`)
	armNextRe   = lazyre.New(`^[^.;()\d]{1,60}?(?:,\s*and|,|\band)\s+(` + numberWord + `)\s+(?:` + peopleNoun + `\s+)?(?:from|to|into|in)\b`)
	notSampleRe = lazyre.New(`^\s*(?:(?:were|was)\s+)?(?:(?:pre-*)?screened|assessed for eligibility|approached|invited|eligible|contacted|referred)\b|^\s*(?:who|that)\s+(?:were|was)\s+(?:screened|assessed for eligibility|approached|invited|contacted|referred)\b|^[^.;]{0,160}?\b(?:were|was)\s+(?:\w+\s+)?(?:(?:pre-*)?screened|assessed for eligibility|approached|invited|contacted|referred)\b`)
	// partCountRe follows the people of a count that is a part of another, with its
	// percentage: "a total of 192 children (39.7%) did not attend endline".
	partCountRe = lazyre.New(`^\s*\(\s*\d+(?:\.\d+)?\s*%\s*\)`)
	// clusterSizeRe is a count of people per cluster ("12 children per cluster", "107
	// participants in each cluster"), or after "clusters of": the size of a cluster, not
	// the sample.
	clusterSizeRe   = lazyre.New(`^\s*(?:[\w-]+\s+){0,3}?(?:per|in each|each|in every) (?:` + clusterNoun + `|cluster|practice|school|hospital|clinic|village|community|organi[sz]ation|site|ward|unit|centre|center|household|family)\b`)
	clusterOfBefore = lazyre.New(clusterNoun + `\s+of\s+(?:about |approximately |around |up to )?$`)
	enrolledVerbRe  = lazyre.New(`\b(?:we|study)\s+(?:randomi[sz]ed|enrolled|recruited|included|randomly (?:assigned|allocated)|studied)\s+` + allocationRatio + `(?:a total of\s+)?(` + numberWord + `)\s(?:[\w-]+\s){0,5}?` + peopleNoun)
	totalRe         = lazyre.New(`\b(?:a total of|in total,?|overall,?|altogether,?)\s+(` + numberWord + `)\s(?:[\w-]+\s){0,5}?` + peopleNoun)
	participantsRe  = lazyre.New(`^(?:participants|patients|subjects|population)\b:?\s+(` + numberWord + `)\s`)
	nEqualsRe       = lazyre.New(`\b(?:randomi[sz]ed|enrolled|total|participants|patients)\b[^.;]{0,30}\(n\s?=\s?(\d{1,3}(?:,\d{3})+|\d+)\)`)
	plannedCue      = lazyre.New(`sample size|power(?:ed)? (?:calculation|analysis|of|to detect)|\bpowered\b|\d+\s?% power|statistical power|(?:required|needed|necessary|target(?:ed)?|planned|aimed)\b[^.;]{0,40}` + peopleNoun + `|` + peopleNoun + `[^.;]{0,30}(?:would be|were|are|was) (?:required|needed|necessary)|to (?:detect|show) a`)
	plannedNumber   = lazyre.New(`\b(` + numberWord + `)\s(?:[\w-]+\s){0,4}?(?:` + peopleNoun + `|per (?:group|arm|condition)|in each (?:group|arm)|(?:per|each) (?:treatment )?(?:group|arm))`)
)

var smallNumbers = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
	"eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
	"seventy": 70, "eighty": 80, "ninety": 90,
}

// parseNumber reads "1,234", "12 737", "600", "Forty-nine" or "two hundred and ten".
func parseNumber(s string) (int, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(strings.NewReplacer(",", "", " ", "").Replace(s)); err == nil {
		return n, true
	}
	total, cur := 0, 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' }) {
		switch {
		case w == "and":
		case w == "hundred":
			if cur == 0 {
				cur = 1
			}
			cur *= 100
		default:
			v, ok := smallNumbers[w]
			if !ok {
				return 0, false
			}
			cur += v
		}
	}
	total += cur
	return total, total > 0
}

func (a *analysis) sampleSize() domain.Finding {
	// A count of clusters, sites or units ("four clusters were randomised") is the sample
	// only when no count that names people is given anywhere; it still wins over the bare
	// counts ("randomised to A (n = 25)") that follow in the list.
	var clusters *domain.Finding
	for _, re := range []*lazyre.Regexp{enrolledVerbRe, totalRe, enrolledRe, countVerbRe, participantsRe, nEqualsRe} {
		if re == countVerbRe && clusters != nil {
			return *clusters
		}
		var n int
		h, ok := a.firstOwnCount(re, func(s *sent, m []int) bool {
			v, ok := parseNumber(s.lower[m[2]:m[3]])
			if !ok || v < 2 || v > 5_000_000 || looksLikeYear(v, s.lower[m[2]:m[3]]) {
				return false
			}
			rest := s.lower[m[3]:]
			named := re == enrolledVerbRe || re == totalRe || re == enrolledRe
			if !named {
				n = v
				return true
			}
			noun := countedNoun(rest)
			// "A total of 192 children (39.7%) did not attend": a part of the sample;
			// "42 clusters of 12 children", "107 participants in each cluster": a cluster's size.
			if peopleThen(rest, partCountRe) || noun == "people" && (peopleThen(rest, clusterSizeRe) || clusterOfBefore.MatchString(s.lower[:m[2]])) {
				return false
			}
			switch {
			case noun == "time":
				return false
			case re != enrolledVerbRe && peopleThen(rest, notSampleRe):
				// "312 patients screened, 240 were randomised": the screened are not the
				// sample; the count the sentence goes on to randomise is.
				mm := laterCountRe.FindStringSubmatch(rest)
				if mm == nil {
					return false
				}
				if v, ok = parseNumber(mm[1]); !ok || v < 2 || v > 5_000_000 || looksLikeYear(v, mm[1]) {
					return false
				}
			case re != totalRe:
				// "310 patients from the specialist unit and 290 from standard care": the arms
				// add up to the sample ("a total of" already gives it).
				v += armCounts(rest)
			}
			if noun == "cluster" {
				if clusters == nil {
					clusters = &domain.Finding{Value: v, Quote: s.Text}
				}
				return false
			}
			n = v
			return true
		})
		if ok {
			return domain.Finding{Value: n, Quote: h.s.Text}
		}
	}
	if clusters != nil {
		return *clusters
	}
	return domain.Finding{Value: 0}
}

// armCounts adds up the further arms listed after a count of people given with its arm
// (armFirstRe): 290 for " patients were recruited from the specialist unit and 290 from
// standard care".
func armCounts(after string) int {
	m := armFirstRe.FindStringSubmatchIndex(after)
	if m == nil {
		return 0
	}
	sum := 0
	for m != nil {
		v, ok := parseNumber(after[m[2]:m[3]])
		if !ok || v < 1 || looksLikeYear(v, after[m[2]:m[3]]) {
			return 0
		}
		sum += v
		after = after[m[1]:]
		m = armNextRe.FindStringSubmatchIndex(after)
	}
	return sum
}

// firstOwnCount is firstOwn for a regexp whose first group is a count: a count that does
// not start a number of its own ("RRIPP-3 participants", "≥2 units", the "5" of "2.5") is
// skipped, and after a rejected match the search goes on from the end of its count, so
// "12 hospitals with 600 patients were randomised" still reaches the 600.
func (a *analysis) firstOwnCount(re *lazyre.Regexp, keep func(s *sent, m []int) bool) (hit, bool) {
	gate := gates[re]
	for i := range a.sents {
		s := &a.sents[i]
		if !s.own || (gate != nil && !hasAny(s.lower, gate)) {
			continue
		}
		for off := s.ownFrom; off < len(s.lower); {
			m := re.FindStringSubmatchIndex(s.lower[off:])
			if m == nil {
				break
			}
			for j := range m {
				if m[j] >= 0 {
					m[j] += off
				}
			}
			next := m[1]
			if m[3] > m[2] {
				next = m[3]
			}
			if countStarts(s.lower, m[2]) && keep(s, m) {
				return hit{s: s, at: m[0]}, true
			}
			off = max(next, m[0]+1)
		}
	}
	return hit{}, false
}

// countStarts reports whether the count at offset i of a lower-cased sentence is a number
// of its own: not the end of a name ("RRIPP-3"), a threshold ("≥2", "> 10"), the decimals
// of a number ("2.5") or the denominator of a rate ("per 10,000 children").
func countStarts(lower string, i int) bool {
	before := strings.TrimRight(lower[:i], " ")
	switch {
	case strings.HasSuffix(lower[:i], "-"), strings.HasSuffix(before, " per"):
		return false
	case strings.HasSuffix(before, "<"), strings.HasSuffix(before, ">"), strings.HasSuffix(before, "≥"),
		strings.HasSuffix(before, "≤"), strings.HasSuffix(before, "⩾"), strings.HasSuffix(before, "⩽"):
		return false
	case strings.HasSuffix(lower[:i], ".") && i >= 2 && lower[i-2] >= '0' && lower[i-2] <= '9':
		return false
	}
	return true
}

// peopleThen reports whether the words after a count (its people noun first) go on as re
// says: "patients screened" after "312".
func peopleThen(after string, re *lazyre.Regexp) bool {
	words := strings.Fields(after)
	for i := 0; i < len(words) && i < 6; i++ {
		if peopleNounRe.MatchString(words[i]) {
			return re.MatchString(strings.Join(words[i+1:], " "))
		}
	}
	return false
}

// countedNoun says what a count counts, from the first noun of peopleNoun in the words
// after it: "cluster" for clusters, sites or units (clusterNoun), "people" for people,
// "time" for people-time ("1,000 children-years", "patient-days"), "" when it names none.
func countedNoun(after string) string {
	words := strings.Fields(after)
	for i := 0; i < len(words) && i < 6; i++ {
		switch {
		case clusterNounRe.MatchString(words[i]):
			return "cluster"
		case peopleNounRe.MatchString(words[i]):
			return "people"
		case peopleTimeRe.MatchString(words[i]):
			return "time"
		}
	}
	return ""
}

// peopleTimeRe is a people noun joined to a unit of time: "children-years", "patient-days".
var peopleTimeRe = lazyre.New(`^` + peopleNoun + `-+[a-z]`)

func looksLikeYear(v int, raw string) bool {
	return v >= 1900 && v <= 2100 && !strings.ContainsAny(raw, ", ")
}

// plannedGate holds words one of which every plannedCue match contains.
var plannedGate = []string{"sample size", "power", "required", "needed", "necessary", "target", "planned", "aimed", "detect", "to show"}

func (a *analysis) plannedSampleSize() domain.Finding {
	// A count of people wins over a count of clusters, sites or other units ("six sites per
	// condition with a sample size of 564 infants" plans 564 infants), in any sentence.
	var clusters *domain.Finding
	for i := range a.sents {
		s := &a.sents[i]
		if !s.own {
			continue
		}
		lower := s.lower[s.ownFrom:]
		if !hasAny(lower, plannedGate) || !plannedCue.MatchString(lower) {
			continue
		}
		for off := 0; off < len(lower); {
			m := plannedNumber.FindStringSubmatchIndex(lower[off:])
			if m == nil {
				break
			}
			for j := range m {
				if m[j] >= 0 {
					m[j] += off
				}
			}
			off = m[3]
			v, ok := parseNumber(lower[m[2]:m[3]])
			// "per 10,000 children-years" is a rate's people-time.
			if !ok || v < 2 || looksLikeYear(v, lower[m[2]:m[3]]) || !countStarts(lower, m[2]) || strings.HasPrefix(lower[m[1]:], "-") {
				continue
			}
			if plannedUnits(lower[m[3]:m[1]]) || peopleThen(lower[m[3]:], clusterSizeRe) || clusterOfBefore.MatchString(lower[:m[2]]) {
				if clusters == nil {
					clusters = &domain.Finding{Value: v, Quote: s.Text}
				}
				continue
			}
			return domain.Finding{Value: v, Quote: s.Text}
		}
	}
	if clusters != nil {
		return *clusters
	}
	return domain.Finding{Value: 0}
}

// plannedUnits reports whether a planned count counts clusters or other units rather than
// people: its noun is a cluster noun ("six sites per condition"), or it is a count per
// group of a noun that names no people ("26 CHOs per group").
func plannedUnits(after string) bool {
	switch countedNoun(after) {
	case "cluster", "time":
		return true
	case "people":
		return false
	}
	words := strings.Fields(after)
	return len(words) > 0 && !perGroupWord[strings.Trim(words[0], ",;:()")]
}

// perGroupWord opens the "per group" ending of a planned count with no noun ("150 per
// arm", "64 in each group").
var perGroupWord = map[string]bool{"per": true, "in": true, "each": true}

// ---- attrition and missing data ----

var (
	pct          = `(\d{1,3}(?:\.\d+)?)\s?%`
	lossWords    = `(?:lost to follow[\s-]?up|loss to follow[\s-]?up|drop(?:ped)?[\s-]?outs?|dropped out|withdr[ae]w(?:n|al)?|discontinu\w+|did not complete|attrition|were lost|not (?:be )?(?:followed|reached|available))`
	attrPctAfter = lazyre.New(pct + `\)?[^.;]{0,50}?` + lossWords)
	// attrRateRe is a loss rate, its definition or the people it counts said between, the
	// share given alone or after its count: "attrition was 12%", "attrition rates
	// (participants who missed an assessment) for the total sample (N = 98) were: 31.6% …",
	// "loss to follow-up was 12 (5%)".
	attrRateRe = lazyre.New(`(?:attrition|drop[\s-]?out|loss to follow[\s-]?up|withdrawal|lost to follow[\s-]?up)(?: rates?)?(?:\s\([^()]{1,100}\))?` +
		`(?:\s(?:for|in|among) (?:the )?(?:[\w-]+\s){0,2}?(?:sample|population|cohort|participants|patients)(?:\s\([^()]{1,40}\))?)?(?: was| were| of|:|,)?:?\s(?:\w+\s){0,3}?\(?` + pct)
	// completedPctRe is the share followed up: "92% completed follow-up", "a retention
	// rate of 90%", "Retention was 86% at 6 months", "Primary outcome data were available
	// for 73 (92%) of 79 participants".
	completedPctRe = lazyre.New(pct + `\)?[^.;]{0,40}?(?:completed|were followed|retained|retention|follow[\s-]?up (?:rate|was))|(?:retention|follow[\s-]?up|completion) rates?(?: was| were| of|:)?\s(?:\w+\s){0,3}?` + pct +
		`|\bretention (?:was|were|of|:)\s(?:\w+\s){0,2}?` + pct +
		`|\b(?:data|outcomes?|measurements?)\b[^.;]{0,60}?\b(?:were|was) available (?:for|from|on|in)\s(?:` + numberWord + `\s)?\(?` + pct +
		// "317 participants (84% of those randomized) … were included in the analyses".
		`|` + pct + `\sof (?:those|all|the) (?:[\w-]+\s)?(?:randomi[sz]ed|enrolled|allocated|assigned)\)?[^.;]{0,80}?\b(?:included in|analy[sz]ed|followed[\s-]up|completed|retained)\b`)
	// lostEachRe is a count lost in each arm: "One participant in each group was lost to
	// follow-up" loses one per arm, two in a two-arm trial (the usual design, assumed unless
	// the sentence numbers the arms: "in each of the three groups").
	lostEachRe = lazyre.New(`\b(` + numberWord + `)\s(?:[\w-]+\s){0,2}?(?:in|from|of) each (?:of the (two|three|four|2|3|4) )?(?:study |treatment )?(?:groups?|arms?)\s(?:were\s|was\s|had\s)?(?:\w+\s)?(?:` + lossWords + `|was lost)`)
	// lostCountRe is a count of people lost, their group or their split by group said
	// between: "Seventeen women were lost to follow-up", "Five participants (n = 4 …, n = 1
	// …) were lost to follow-up", "Two participants from the placebo group dropped out".
	lostCountRe = lazyre.New(`\b(` + numberWord + `)\s(?:[\w-]+\s){0,3}?(?:` + peopleNoun + `\s(?:(?:from|in|of) (?:the )?(?:[\w-]+\s){1,2}?(?:group|arm)\s)?(?:\([^()]{1,100}\)\s)?)?(?:were\s|was\s|had\s)?(?:\w+\s)?` + lossWords +
		// or given after the loss: "were lost to follow-up (n = 12)".
		`|` + lossWords + `[^.;()\d]{0,30}?\(\s?n\s?=\s?(\d+)\s?\)`)
	// noLossRe says nobody was lost: "no patients were lost to follow-up", "all
	// participants completed the study", "All 174 clusters were followed up", "Outcome data
	// were available for all the participants".
	noLossRe = lazyre.New(`\bno (?:\w+ )?(?:` + peopleNoun + ` )?(?:were |was )?(?:lost to follow|drop(?:ped)? ?out|withdr[ae]w|losses to follow)|\ball (?:\w+ ){0,2}(?:` + peopleNoun + `) (?:\w+ )?completed (?:the )?(?:study|trial|follow)` +
		`|\ball (?:` + numberWord + `) (?:[\w-]+ ){0,2}?` + peopleNoun + ` (?:were|was) (?:followed[\s-]up|retained)\b` +
		`|\b(?:data|outcomes?|measurements?)\b[^.;]{0,60}?\b(?:were|was) available (?:for|from|on) all (?:the )?(?:[\w-]+ )?` + peopleNoun)
	missingDataRe = []struct {
		value string
		re    *lazyre.Regexp
	}{
		// Multiple imputation only when named: "imputed using …" is as often a single
		// imputation (LOCF, a mean, a regression), which the rubric does not count as handled.
		{"multiple_imputation", lazyre.New(`multiple(?:[\s-]+\w+)?[\s-]+imputation|multiply imputed|\bmice\b|chained equations`)},
		{"locf", lazyre.New(`last observation carried forward|\blocf\b|baseline observation carried forward|\bbocf\b`)},
		{"imputation", lazyre.New(`\bimput(?:ed|ations?)\b`)},
		{"likelihood_based", lazyre.New(`(?:mixed|multilevel|mixed-effects?)[\s-]+(?:\w+[\s-]+){0,3}models?[^.;]{0,80}missing|missing[^.;]{0,80}(?:mixed|multilevel)[\s-]+(?:\w+[\s-]+){0,3}models?|maximum likelihood|\bfiml\b`)},
		{"inverse_probability_weighting", lazyre.New(`inverse probability (?:of )?(?:\w+ )?weight`)},
		{"complete_case", lazyre.New(`complete[\s-]*case|available[\s-]*case`)},
		{"described", lazyre.New(`missing (?:data|values|outcome data|observations)[^.;]{0,60}(?:handled|addressed|imputed|replaced|treated|assumed|missing at random|accounted|excluded)|(?:missing at random|missing completely at random|\bmar\b assumption|\bmcar\b)|sensitivity analys[ie]s[^.;]{0,80}missing|missing[^.;]{0,80}sensitivity analys`)},
	}
)

// plannedLossRe is a loss to follow-up the plan assumes, in the words of a sample-size
// calculation: "Dropout was estimated at 15%", "allowing for 10% attrition", "assuming a
// withdrawal rate of 20%", "an anticipated loss to follow-up of 15%". The expectation is
// tied to the loss: "patients lost to follow-up were assumed to have relapsed" reports a
// loss and how it was handled.
var plannedLossRe = lazyre.New(`\b(?:assuming|allow(?:ing|ed|s)? for|to account for|accounting for|taking into account|anticipating|expecting|inflated (?:\w+ ){0,3}?(?:for|by))\s(?:[\w.%-]+\s){0,5}?` + lossNoun +
	`|\b(?:an?|the)\s(?:expected|anticipated|assumed|estimated|predicted|projected|potential|possible|likely)\s(?:[\w-]+\s){0,2}?` + lossNoun +
	`|` + lossNoun + `(?:\s(?:\w+\s){0,3}?rates?)?\s(?:was|is|were|of)\s(?:\w+\s)?(?:estimated|expected|anticipated|assumed|predicted|projected)\b`)

// lossNoun names a loss of participants.
const lossNoun = `(?:drop[\s-]?outs?|attrition|loss(?:es)? to follow[\s-]?up|loss(?:es)?|withdrawals?)`

// withoutPlannedLoss blanks the clauses (parts between semicolons) of a sentence that give
// the attrition a trial planned for rather than the losses it reports: a clause of its
// sample-size calculation (plannedCue: "we aimed to include 150 women") or one stating a
// loss rate as an assumption (plannedLossRe). A planned dropout is a number the authors
// chose before the trial, not evidence of how many were lost; the sentence's other clauses
// are still read ("…allowing for 10% dropout; 12 (4%) were lost to follow-up").
func withoutPlannedLoss(lower string) string {
	if !strings.Contains(lower, ";") {
		if plannedCue.MatchString(lower) || plannedLossRe.MatchString(lower) {
			return ""
		}
		return lower
	}
	parts := strings.Split(lower, ";")
	for i, p := range parts {
		if plannedCue.MatchString(p) || plannedLossRe.MatchString(p) {
			parts[i] = strings.Repeat(" ", len(p))
		}
	}
	return strings.Join(parts, ";")
}

func (a *analysis) attrition(n domain.Finding) domain.Finding {
	total, _ := n.Value.(int)
	for i := range a.sents {
		s := &a.sents[i]
		if !s.own {
			continue
		}
		lower := withoutPlannedLoss(s.lower[s.ownFrom:])
		if m := attrRateRe.FindStringSubmatch(lower); m != nil {
			if r, ok := rate(m[1]); ok {
				return domain.Finding{Value: r, Quote: s.Text}
			}
		}
		if m := attrPctAfter.FindStringSubmatch(lower); m != nil {
			if r, ok := rate(m[1]); ok {
				return domain.Finding{Value: r, Quote: s.Text}
			}
		}
		if m := completedPctRe.FindStringSubmatch(lower); m != nil {
			p := ""
			for _, g := range m[1:] {
				if g != "" {
					p = g
					break
				}
			}
			if r, ok := rate(p); ok {
				return domain.Finding{Value: round3(1 - r), Quote: s.Text}
			}
		}
		if loc := noLossRe.FindStringIndex(lower); loc != nil {
			return domain.Finding{Value: 0.0, Quote: s.Text}
		}
		if total > 0 {
			if m := lostEachRe.FindStringSubmatch(lower); m != nil {
				arms, ok := parseNumber(m[2])
				if !ok {
					arms = 2
				}
				if c, ok := parseNumber(m[1]); ok && c*arms < total {
					return domain.Finding{Value: round3(float64(c*arms) / float64(total)), Quote: s.Text}
				}
			}
			if m := lostCountRe.FindStringSubmatch(lower); m != nil {
				if c, ok := parseNumber(m[1] + m[2]); ok && c < total {
					return domain.Finding{Value: round3(float64(c) / float64(total)), Quote: s.Text}
				}
			}
		}
	}
	return domain.Finding{Value: nil}
}

func rate(p string) (float64, bool) {
	v, err := strconv.ParseFloat(p, 64)
	if err != nil || v < 0 || v > 100 {
		return 0, false
	}
	return round3(v / 100), true
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

func (a *analysis) missingData() domain.Finding {
	for _, p := range missingDataRe {
		if h, ok := a.firstOwn(p.re, nil); ok {
			return domain.Finding{Value: p.value, Quote: h.s.Text}
		}
	}
	return domain.Finding{Value: "not_stated"}
}

// ---- design ----

var (
	metaTitleRe    = lazyre.New(`meta[\s-]?analys[ie]s|meta[\s-]?regression|pooled analysis of (?:\w+ )?(?:randomi|trials|studies)`)
	metaOwnRe      = lazyre.New(`\b(?:we|this|the present|the current|a)\s(?:\w+\s){0,4}?(?:meta[\s-]?analys[ie]s|meta[\s-]?analy[sz]ed|pooled (?:the )?(?:data|results|estimates))|meta[\s-]?analys[ie]s (?:was|were) (?:performed|conducted|undertaken|used)|^(?:design|study design|methods?):?\s*(?:a )?(?:systematic review and )?meta[\s-]?analys`)
	sysTitleRe     = lazyre.New(`systematic (?:literature )?review|scoping review|umbrella review`)
	sysOwnRe       = lazyre.New(`(?:we|this|the present)\s(?:\w+\s){0,3}?(?:systematically (?:searched|reviewed)|systematic (?:literature )?review)|(?:we )?(?:searched|search of)\s(?:\w+\s){0,4}?(?:medline|pubmed|embase|cochrane|cinahl|psycinfo|web of science|scopus|databases|electronic databases)|^(?:design|data sources?):?\s*(?:a )?systematic (?:literature )?review`)
	blindedTrialRe = lazyre.New(`(?:double|triple)[\s-]*(?:blind|mask)(?:ed)?[^.;]{0,60}\b(?:trial|study|comparison)|placebo[\s-]*controlled|(?:compared|versus|vs\.?|or) (?:with )?(?:a )?(?:matching |identical )?placebo`)
	rctTitleRe     = lazyre.New(`randomi[sz]ed(?:[\s,-]+\w+){0,4}[\s-]+(?:trial|study|comparison|evaluation|crossover|cross-over)|\brct\b|randomi[sz]ed[\s,-]+(?:placebo|double|single|controlled|clinical|multicent)`)
	animalRe       = lazyre.New(`\b(?:rats?|mice|mouse|murine|rabbits?|dogs?|pigs?|piglets?|swine|sheep|ewes|lambs|monkeys?|macaques?|primates?|zebrafish|rodents?|canine|porcine|ovine|bovine|cattle|cows?|calves|hamsters?|guinea pigs?|horses?|equine|cats?|feline|chickens?|broilers?|drosophila|wistar|sprague|c57bl|knockout|animals?)\b`)
	humanRe        = lazyre.New(`\b(?:patients?|participants?|women|men|children|adults?|infants?|volunteers?|subjects|individuals|persons|people|residents|students|mothers|newborns|neonates|humans?|adolescents|girls|boys|elderly|outpatients|inpatients|cases)\b`)
	inVitroRe      = lazyre.New(`\bin vitro\b|\bcell lines?\b|\bcultured (?:\w+ )?cells\b|\bcell cultures?\b|\bcells were (?:treated|incubated|transfected|cultured|exposed)|\b(?:hela|hek293|mcf-*7|hepg2)\b`)
	caseReportRe   = lazyre.New(`\bcase report\b|\bwe (?:report|describe|present) (?:a|an|the|two|three|four|one) (?:\w+ ){0,3}(?:case|patient|man|woman|boy|girl|infant|child)|^(?:a|an) \d{1,3}[\s-]+year[\s-]+old\b|\bcase presentation\b`)
	caseControlRe  = lazyre.New(`\bcase[\s-]+control(?:led)?\b|\bcases and (?:\w+ )?controls\b|\bmatched controls\b`)
	crossSectRe    = lazyre.New(`\bcross[\s-]?sectional\b|\bprevalence (?:study|survey)\b|\b(?:questionnaire|telephone|online|web|postal|national|population)[\s-]+(?:based )?survey\b|\bsurvey (?:was|of|study)\b|\bwe surveyed\b`)
	cohortRe       = lazyre.New(`\bcohort\b|\blongitudinal (?:study|analysis|follow)|\bprospective(?:ly)?\b|\bretrospective(?:ly)?\b|\bfollowed (?:up )?(?:for|until|prospectively)|\bfollow[\s-]?up (?:study|of)\b|\bchart review\b|\brecords? (?:were |was )?reviewed\b|\bregistry[\s-]+based\b|\bdatabase study\b|\bobservational\b`)
	reviewTitleRe  = lazyre.New(`\breview\b|\boverview\b|\bstate of the art\b|\bupdate on\b|\bcurrent concepts\b`)
	otherDesignRe  = lazyre.New(`\bnon[\s-]?randomi[sz]ed\b|\bquasi[\s-]?(?:experimental|randomi)|\bcase series\b|\bqualitative\b|\bfocus groups?\b|\bsingle[\s-]+arm\b|\bpilot\b|\bopen[\s-]+label\b|\bphase (?:i|ii|1|2)\b|\bclinical trial\b|\btrial\b|\bdiagnostic accuracy\b|\bcost[\s-]+effectiveness\b|\bmodel(?:l)?ing study\b|\bbefore[\s-]+and[\s-]+after\b|\bpre[\s-]?post\b|\bsensitivity and specificity\b|\bvalidation\b|\bexperiment(?:al)?\b`)
	prospectiveRe  = lazyre.New(`\bprospective(?:ly)?\b`)
	retroRe        = lazyre.New(`\bretrospective(?:ly)?\b|\bchart review\b|\brecords? (?:were |was )?(?:reviewed|retrieved)\b`)
)

// designFromMetadata maps publication types and MeSH headings to a design; ok is false
// when the metadata do not settle it.
func designFromMetadata(pts, mesh []string) (string, bool) {
	has := func(list []string, names ...string) bool {
		for _, v := range list {
			v = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(v), "*"))
			if i := strings.IndexByte(v, '/'); i >= 0 {
				v = v[:i]
			}
			v = strings.TrimPrefix(v, "*")
			for _, n := range names {
				if v == n {
					return true
				}
			}
		}
		return false
	}
	switch {
	case has(pts, "meta-analysis", "network meta-analysis"):
		return DesignMetaAnalysis, true
	case has(pts, "systematic review"):
		return DesignSystematicReview, true
	case has(pts, "randomized controlled trial", "pragmatic clinical trial", "equivalence trial"):
		return DesignRCT, true
	case has(pts, "case reports"):
		return DesignCaseReport, true
	case has(mesh, "case-control studies"):
		return DesignCaseControl, true
	case has(mesh, "cross-sectional studies"):
		return DesignCrossSectional, true
	case has(mesh, "cohort studies", "prospective studies", "retrospective studies", "longitudinal studies", "follow-up studies"):
		return DesignCohort, true
	case has(pts, "review", "scoping review"):
		return DesignReview, true
	case has(mesh, "animals") && !has(mesh, "humans"):
		return DesignAnimal, true
	case has(mesh, "in vitro techniques", "cells, cultured", "cell line") && !has(mesh, "humans", "animals"):
		return DesignInVitro, true
	case has(pts, "controlled clinical trial", "clinical trial", "clinical trial, phase i", "clinical trial, phase ii", "observational study", "comparative study", "evaluation study", "validation study"):
		return DesignOther, true
	}
	return "", false
}

func (a *analysis) design(randomized domain.Finding) domain.Finding {
	d := a.designView()
	if v, ok := designFromMetadata(a.doc.PublicationTypes, a.doc.MeshTerms); ok {
		return domain.Finding{Value: v, Quote: d.supportFor(v, randomized)}
	}
	v, q := d.designFromText(randomized)
	return domain.Finding{Value: v, Quote: q}
}

// designView is the analysis the design is read from: the sentences that say what this
// paper is — its title, its abstract (every part of it, "BACKGROUND: … we identified … in
// the ewe" included), its methods and results — and none of its Introduction or Discussion
// (nor a panel set in them, "Research in context"), the sections a heading opens. Those
// place the study among others, and even their sentences about "our" study name other
// work's designs ("Our findings agree with … meta-analyses", "Before this trial, we
// searched PubMed for …"): read there, a trial read in full would be typed by what it
// cites. An abstract read alone and the abstract of a full text are read by the same rule.
func (a *analysis) designView() *analysis {
	v := &analysis{doc: a.doc, sents: make([]sent, len(a.sents))}
	copy(v.sents, a.sents)
	for i := range v.sents {
		if v.sents[i].Section == SectionBackground && !v.sents[i].Labelled {
			v.sents[i].own = false
		}
	}
	return v
}

// comparedWith ends just before a design word that is the object of a comparison with
// other work: "in line with a meta-analysis of 12 trials", "our results contrast with
// earlier cohorts and with a meta-analysis". The design named there is the other work's.
var comparedWith = lazyre.New(`\b(?:agree[sd]?|agreement|consistent|in line|in keeping|in accordance|accord(?:s|ed)?|contrasts?|contrasted|contrary|similar|comparable|concordant|discordant|confirm(?:s|ed|ing)?|replicat(?:es|ed|ing)|differs?|differed)\s(?:with|to)\s(?:[\w,-]+\s){0,8}$`)

// ownDesign keeps a design word's match unless it is negated ("not randomised") or the
// object of a comparison with other work (comparedWith).
func ownDesign(s *sent, m []int) bool {
	return notNegated(s, m) && !comparedWith.MatchString(s.lower[max(0, m[0]-120):m[0]])
}

// supportFor finds a sentence supporting a metadata-derived design, so the finding can
// still be checked against the text.
func (a *analysis) supportFor(design string, randomized domain.Finding) string {
	var re *lazyre.Regexp
	switch design {
	case DesignRCT:
		if r, _ := randomized.Value.(bool); r {
			return randomized.Quote
		}
		return ""
	case DesignMetaAnalysis:
		re = metaTitleRe
	case DesignSystematicReview:
		re = sysTitleRe
	case DesignCaseControl:
		re = caseControlRe
	case DesignCrossSectional:
		re = crossSectRe
	case DesignCohort:
		re = cohortRe
	case DesignCaseReport:
		re = caseReportRe
	case DesignAnimal:
		re = animalRe
	case DesignInVitro:
		re = inVitroRe
	default:
		return ""
	}
	if h, ok := a.firstOwn(re, ownDesign); ok {
		return h.s.Text
	}
	return ""
}

func (a *analysis) title() *sent {
	if a.doc.Title == "" || len(a.sents) == 0 {
		return nil
	}
	return &a.sents[0]
}

func (a *analysis) designFromText(randomized domain.Finding) (string, string) {
	title := ""
	if t := a.title(); t != nil {
		title = strings.ToLower(a.doc.Title)
	}
	quoteTitle := func() string { return a.sents[0].Text }
	// Evidence syntheses first: an abstract of a meta-analysis mentions randomised trials.
	if title != "" && metaTitleRe.MatchString(title) {
		return DesignMetaAnalysis, quoteTitle()
	}
	if h, ok := a.firstOwn(metaOwnRe, ownDesign); ok {
		return DesignMetaAnalysis, h.s.Text
	}
	if title != "" && sysTitleRe.MatchString(title) {
		return DesignSystematicReview, quoteTitle()
	}
	if h, ok := a.firstOwn(sysOwnRe, ownDesign); ok {
		return DesignSystematicReview, h.s.Text
	}
	animals, humans := a.count(animalRe), a.count(humanRe)
	isAnimal := animals > 0 && animals >= humans
	if r, _ := randomized.Value.(bool); r && !isAnimal {
		return DesignRCT, randomized.Quote
	}
	// A double-blind or placebo-controlled trial in people is, in practice, randomised.
	if h, ok := a.firstOwn(blindedTrialRe, ownDesign); ok && !isAnimal && humans > 0 {
		return DesignRCT, h.s.Text
	}
	if title != "" && rctTitleRe.MatchString(title) && !nonRandom.MatchString(title) && !isAnimal {
		return DesignRCT, quoteTitle()
	}
	if isAnimal {
		if h, ok := a.firstOwn(animalRe, nil); ok {
			return DesignAnimal, h.s.Text
		}
	}
	if h, ok := a.firstOwn(caseReportRe, ownDesign); ok && humans <= 12 {
		return DesignCaseReport, h.s.Text
	}
	if h, ok := a.firstOwn(inVitroRe, nil); ok && humans == 0 {
		return DesignInVitro, h.s.Text
	}
	if h, ok := a.firstOwn(caseControlRe, ownDesign); ok {
		return DesignCaseControl, h.s.Text
	}
	if h, ok := a.firstOwn(crossSectRe, ownDesign); ok {
		return DesignCrossSectional, h.s.Text
	}
	if h, ok := a.firstOwn(cohortRe, ownDesign); ok {
		return DesignCohort, h.s.Text
	}
	if title != "" && reviewTitleRe.MatchString(title) {
		return DesignReview, quoteTitle()
	}
	if h, ok := a.firstOwn(otherDesignRe, nil); ok {
		return DesignOther, h.s.Text
	}
	if len(strings.Fields(a.doc.Text)) >= 40 {
		return DesignOther, ""
	}
	return DesignUnclear, ""
}

// count is the number of own-study sentences matching re.
func (a *analysis) count(re *lazyre.Regexp) int {
	n := 0
	for i := range a.sents {
		if a.sents[i].own && re.MatchString(a.sents[i].lower) {
			n++
		}
	}
	return n
}

func (a *analysis) direction() domain.Finding {
	if h, ok := a.firstOwn(retroRe, notNegated); ok {
		return domain.Finding{Value: "retrospective", Quote: h.s.Text}
	}
	if h, ok := a.firstOwn(prospectiveRe, notNegated); ok {
		return domain.Finding{Value: "prospective", Quote: h.s.Text}
	}
	return domain.Finding{Value: "not_stated"}
}
