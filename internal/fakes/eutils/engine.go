package eutils

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"

	"deepcritical/backend/concepts"
	"deepcritical/backend/search/querybuild"
)

// doc is the search index of one record.
type doc struct {
	ti, ab []string // tokens in order, for phrase search
	tiab   map[string]bool
	all    map[string]bool // tiab + MeSH words + subheadings + publication types + chemicals
	mh     map[string]bool // lower-case heading names
	majr   map[string]bool
	sh     map[string]bool
	pt     map[string]bool
	nm     map[string]bool
	au     []string
	ta     string
	year   string
	pmcid  string         // lower case
	tf     map[string]int // for Best Match
	length int
}

// Engine evaluates PubMed queries over a corpus.
type Engine struct {
	recs     []Record
	byPMID   map[string]int
	docs     []doc
	headings map[string]string // lower-case entry (heading, its singular/plural) → heading
	df       map[string]int    // all-fields document frequency
	avgLen   float64
}

// NewEngine indexes the records.
func NewEngine(recs []Record) *Engine {
	e := &Engine{recs: recs, byPMID: map[string]int{}, headings: map[string]string{}, df: map[string]int{}}
	total := 0
	for i, r := range recs {
		e.byPMID[r.ID()] = i
		d := doc{tiab: map[string]bool{}, all: map[string]bool{}, mh: map[string]bool{}, majr: map[string]bool{},
			sh: map[string]bool{}, pt: map[string]bool{}, nm: map[string]bool{}, tf: map[string]int{}, au: r.Authors,
			ta: strings.ToLower(r.Journal), year: r.Year, pmcid: strings.ToLower(r.PMCID)}
		d.ti = tokens(r.Title)
		for _, s := range r.Abstract {
			d.ab = append(d.ab, tokens(s.Text)...)
		}
		for _, w := range d.ti {
			d.tiab[w] = true
			d.tf[w] += 2
		}
		for _, w := range d.ab {
			d.tiab[w] = true
			d.tf[w]++
		}
		d.length = 2*len(d.ti) + len(d.ab)
		for w := range d.tiab {
			d.all[w] = true
		}
		addWords := func(s string) {
			for _, w := range tokens(s) {
				d.all[w] = true
			}
		}
		for _, h := range r.MeSH {
			n := heading(h.Name)
			d.mh[n] = true
			if h.Major {
				d.majr[n] = true
			}
			addWords(h.Name)
			for _, s := range h.Subs {
				d.sh[heading(s)] = true
				addWords(s)
			}
			e.headings[n] = h.Name
			for _, v := range variants(n) {
				if _, ok := e.headings[v]; !ok {
					e.headings[v] = h.Name
				}
			}
		}
		for _, p := range r.PubTypes {
			d.pt[heading(p)] = true
			addWords(p)
		}
		for _, c := range r.Chemicals {
			d.nm[heading(c)] = true
			addWords(c)
		}
		for w := range d.all {
			e.df[w]++
		}
		total += d.length
		e.docs = append(e.docs, d)
	}
	if len(recs) > 0 {
		e.avgLen = float64(total) / float64(len(recs))
	}
	return e
}

// tokens lower-cases text and splits it on everything but letters and digits (PubMed
// indexes "BRAF-mutated" as "braf" "mutated").
// heading is an indexed heading, publication type or substance as a query phrase reaches
// it: lower case, punctuation dropped ("Shock, Septic" is searched as "shock septic").
func heading(s string) string { return strings.Join(tokens(s), " ") }

func tokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '*' })
}

// variants are the singular/plural forms automatic term mapping also searches.
func variants(w string) []string {
	var out []string
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		out = append(out, w[:len(w)-3]+"y")
	case strings.HasSuffix(w, "ses") || strings.HasSuffix(w, "xes"):
		out = append(out, w[:len(w)-2])
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3:
		out = append(out, w[:len(w)-1])
	case strings.HasSuffix(w, "y") && len(w) > 3:
		out = append(out, w[:len(w)-1]+"ies", w+"s")
	default:
		out = append(out, w+"s")
	}
	return out
}

// result is the outcome of a query.
type result struct {
	hits        []bool
	ignored     bool // a term made only of stopwords: left out of its Boolean chain
	translation string
}

// Outcome is a query's evaluation: matching PMIDs in the requested order, how PubMed read
// the query, and its notices.
type Outcome struct {
	IDs          []string
	Translation  string
	NotFound     []string // ErrorList/PhraseNotFound
	FieldMissing []string // ErrorList/FieldNotFound
	QuotedAbsent []string // WarningList/QuotedPhraseNotFound
	Ignored      []string // WarningList/PhraseIgnored
}

type evalCtx struct {
	e     *Engine
	out   *Outcome
	words map[string]bool // positive words, for Best Match
}

// Search evaluates a query. sortBy is "relevance" (Best Match, PubMed's default), or
// "pub_date"/"date" (newest first); an invalid query is a *querybuild.SyntaxError.
func (e *Engine) Search(query, sortBy string) (Outcome, error) {
	var out Outcome
	n, err := querybuild.Parse(query)
	if err != nil {
		return out, err
	}
	c := &evalCtx{e: e, out: &out, words: map[string]bool{}}
	r := c.eval(n, false)
	out.Translation = r.translation
	type scored struct {
		i     int
		score float64
	}
	var hits []scored
	for i, h := range r.hits {
		if h && !r.ignored {
			hits = append(hits, scored{i, e.bm25(i, c.words)})
		}
	}
	switch sortBy {
	case "pub_date", "date", "pub+date":
		sort.SliceStable(hits, func(a, b int) bool {
			ya, yb := e.recs[hits[a].i].Year, e.recs[hits[b].i].Year
			if ya != yb {
				return ya > yb
			}
			return e.recs[hits[a].i].ID() > e.recs[hits[b].i].ID()
		})
	default:
		sort.SliceStable(hits, func(a, b int) bool {
			if hits[a].score != hits[b].score {
				return hits[a].score > hits[b].score
			}
			return e.recs[hits[a].i].ID() > e.recs[hits[b].i].ID()
		})
	}
	for _, h := range hits {
		out.IDs = append(out.IDs, e.recs[h.i].ID())
	}
	return out, nil
}

func (e *Engine) bm25(i int, words map[string]bool) float64 {
	d := e.docs[i]
	n := float64(len(e.docs))
	s := 0.0
	for w := range words {
		tf := float64(d.tf[w])
		if tf == 0 {
			if d.all[w] { // a MeSH or chemical word counts like one title mention
				tf = 1.5
			} else {
				continue
			}
		}
		df := float64(e.df[w])
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		s += idf * tf * 2.2 / (tf + 1.2*(0.25+0.75*float64(d.length)/math.Max(e.avgLen, 1)))
	}
	return s
}

func (c *evalCtx) none() []bool { return make([]bool, len(c.e.docs)) }

func (c *evalCtx) eval(n *querybuild.Node, negated bool) result {
	if n.Op == querybuild.OpTerm {
		return c.term(n, negated)
	}
	var acc result
	started := false
	var parts []string
	for k, kid := range n.Kids {
		r := c.eval(kid, negated || (n.Op == querybuild.OpNot && k > 0))
		if r.ignored {
			continue
		}
		t := r.translation
		if kid.Op != querybuild.OpTerm {
			t = "(" + t + ")"
		}
		if !started {
			acc, started = r, true
			parts = append(parts, t)
			continue
		}
		for i := range acc.hits {
			switch n.Op {
			case querybuild.OpAnd:
				acc.hits[i] = acc.hits[i] && r.hits[i]
			case querybuild.OpOr:
				acc.hits[i] = acc.hits[i] || r.hits[i]
			case querybuild.OpNot:
				acc.hits[i] = acc.hits[i] && !r.hits[i]
			}
		}
		parts = append(parts, t)
	}
	if !started {
		return result{hits: c.none(), ignored: true}
	}
	op := map[querybuild.Op]string{querybuild.OpAnd: " AND ", querybuild.OpOr: " OR ", querybuild.OpNot: " NOT "}[n.Op]
	acc.translation = strings.Join(parts, op)
	return acc
}

var fieldNames = map[string]string{
	"tiab": "tiab", "title/abstract": "tiab", "ti": "ti", "title": "ti", "ab": "ab", "abstract": "ab",
	"mh": "mh", "mesh": "mh", "mesh terms": "mh", "mh:noexp": "mh", "mesh:noexp": "mh", "majr": "majr", "mesh major topic": "majr",
	"sh": "sh", "subheading": "sh", "pt": "pt", "publication type": "pt", "nm": "nm", "substance name": "nm",
	"au": "au", "author": "au", "ta": "ta", "journal": "ta", "dp": "dp", "pdat": "dp", "publication date": "dp",
	"all": "all", "all fields": "all", "tw": "tiab", "text word": "tiab", "pmcid": "pmcid",
}

var fieldLabel = map[string]string{"tiab": "Title/Abstract", "ti": "Title", "ab": "Abstract", "mh": "MeSH Terms",
	"majr": "MeSH Major Topic", "sh": "Subheading", "pt": "Publication Type", "nm": "Supplementary Concept",
	"au": "Author", "ta": "Journal", "dp": "Date - Publication", "all": "All Fields", "pmcid": "PMCID"}

func (c *evalCtx) term(n *querybuild.Node, negated bool) result {
	field := ""
	if n.Field != "" {
		f, ok := fieldNames[n.Field]
		if !ok {
			c.out.FieldMissing = append(c.out.FieldMissing, n.Field)
			return result{hits: c.none(), translation: n.String()}
		}
		field = f
	}
	words := tokens(n.Text)
	if !n.Quoted {
		var kept []string
		for _, w := range words {
			if !concepts.IsStopword(w) {
				kept = append(kept, w)
			}
		}
		if len(kept) == 0 {
			c.out.Ignored = append(c.out.Ignored, n.Text)
			return result{ignored: true}
		}
		words = kept
	}
	if len(words) == 0 {
		c.out.Ignored = append(c.out.Ignored, n.Text)
		return result{ignored: true}
	}
	if !negated {
		for _, w := range words {
			c.words[strings.TrimSuffix(w, "*")] = true
		}
	}
	phrase := strings.Join(words, " ")
	switch {
	case field == "" && !n.Quoted:
		return c.atm(words)
	case field == "":
		r := c.match("all", words, true)
		if !anyHit(r) {
			c.out.QuotedAbsent = append(c.out.QuotedAbsent, n.Text)
		}
		return result{hits: r, translation: `"` + phrase + `"[All Fields]`}
	}
	// A tagged term is searched as a phrase in its field when quoted; unquoted words of a
	// text field must all occur in it.
	r := c.match(field, words, n.Quoted || !textField(field))
	return result{hits: r, translation: `"` + phrase + `"[` + fieldLabel[field] + `]`}
}

func textField(f string) bool { return f == "tiab" || f == "ti" || f == "ab" || f == "all" }

func anyHit(hs []bool) bool {
	for _, h := range hs {
		if h {
			return true
		}
	}
	return false
}

// atm is automatic term mapping: the longest runs of words that name a MeSH heading of the
// corpus (or its singular/plural) are searched as heading OR text; other words in all
// fields with their singular/plural; the pieces are ANDed. A word no record uses is
// reported as PhraseNotFound and matches nothing.
func (c *evalCtx) atm(words []string) result {
	hits := c.none()
	for i := range hits {
		hits[i] = true
	}
	var parts []string
	for i := 0; i < len(words); {
		j := len(words)
		heading := ""
		for ; j > i; j-- {
			if h, ok := c.e.headings[strings.Join(words[i:j], " ")]; ok && !strings.HasSuffix(words[j-1], "*") {
				heading = h
				break
			}
		}
		var piece []bool
		var tr string
		if heading != "" {
			ph := strings.Join(words[i:j], " ")
			mh := c.match("mh", tokens(heading), true)
			txt := c.match("all", words[i:j], true)
			piece = or(mh, txt)
			tr = fmt.Sprintf(`("%s"[MeSH Terms] OR "%s"[All Fields])`, strings.ToLower(heading), ph)
			i = j
		} else {
			w := words[i]
			piece = c.match("all", []string{w}, true)
			tr = `"` + w + `"[All Fields]`
			if !strings.HasSuffix(w, "*") {
				for _, v := range variants(w) {
					if c.e.df[v] > 0 {
						piece = or(piece, c.match("all", []string{v}, true))
						tr = `("` + w + `"[All Fields] OR "` + v + `"[All Fields])`
					}
				}
			}
			if !anyHit(piece) {
				c.out.NotFound = append(c.out.NotFound, w)
			}
			i++
		}
		for k := range hits {
			hits[k] = hits[k] && piece[k]
		}
		parts = append(parts, tr)
	}
	return result{hits: hits, translation: strings.Join(parts, " AND ")}
}

func or(a, b []bool) []bool {
	out := make([]bool, len(a))
	for i := range a {
		out[i] = a[i] || b[i]
	}
	return out
}

// match finds the records whose field holds the words: as a phrase (consecutive, or equal
// to a whole heading/type/substance) or, for text fields without phrase, each word
// anywhere. A trailing * truncates a word.
func (c *evalCtx) match(field string, words []string, phrase bool) []bool {
	out := c.none()
	joined := strings.Join(words, " ")
	for i, d := range c.e.docs {
		switch field {
		case "mh":
			out[i] = setHas(d.mh, joined)
		case "majr":
			out[i] = setHas(d.majr, joined)
		case "sh":
			out[i] = setHas(d.sh, joined)
		case "pt":
			out[i] = setHas(d.pt, joined)
		case "nm":
			out[i] = setHas(d.nm, joined)
		case "au":
			for _, a := range d.au {
				if strings.HasPrefix(strings.ToLower(a), joined) {
					out[i] = true
				}
			}
		case "ta":
			out[i] = d.ta != "" && strings.Contains(d.ta, joined)
		case "dp":
			out[i] = d.year != "" && strings.HasPrefix(joined, d.year)
		case "pmcid":
			out[i] = d.pmcid != "" && d.pmcid == joined
		case "ti":
			out[i] = inText(d.ti, nil, words, phrase)
		case "ab":
			out[i] = inText(d.ab, nil, words, phrase)
		case "tiab":
			if phrase {
				out[i] = inText(d.ti, nil, words, true) || inText(d.ab, nil, words, true)
			} else {
				out[i] = allIn(d.tiab, words)
			}
		case "all":
			if phrase && len(words) > 1 {
				out[i] = inText(d.ti, nil, words, true) || inText(d.ab, nil, words, true) || setHas(d.mh, joined) ||
					setHas(d.pt, joined) || setHas(d.nm, joined)
			} else {
				out[i] = allIn(d.all, words)
			}
		}
	}
	return out
}

func setHas(m map[string]bool, s string) bool {
	if strings.HasSuffix(s, "*") {
		p := strings.TrimSuffix(s, "*")
		for k := range m {
			if strings.HasPrefix(k, p) {
				return true
			}
		}
		return false
	}
	return m[s]
}

func allIn(m map[string]bool, words []string) bool {
	for _, w := range words {
		if !setHas(m, w) {
			return false
		}
	}
	return true
}

func wordEq(tok, w string) bool {
	if strings.HasSuffix(w, "*") {
		return strings.HasPrefix(tok, strings.TrimSuffix(w, "*"))
	}
	return tok == w
}

func inText(seq []string, _ map[string]bool, words []string, phrase bool) bool {
	if !phrase {
		for _, w := range words {
			found := false
			for _, t := range seq {
				if wordEq(t, w) {
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
	for i := 0; i+len(words) <= len(seq); i++ {
		ok := true
		for k, w := range words {
			if !wordEq(seq[i+k], w) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// Record returns the record with the PMID.
func (e *Engine) Record(pmid string) (Record, bool) {
	i, ok := e.byPMID[pmid]
	if !ok {
		return Record{}, false
	}
	return e.recs[i], true
}

// Len is the number of records.
func (e *Engine) Len() int { return len(e.recs) }
