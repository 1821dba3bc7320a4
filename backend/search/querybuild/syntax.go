// Package querybuild turns a question's concepts into the queries an expert searcher would
// send: one OR-group of synonyms per concept, AND between concepts, most important concept
// first, field tags where they help, and study-design filters only as filters. It also
// reads and rewrites PubMed query syntax, so the sources can relax a query that finds
// nothing (drop its last AND-group) and translate it to Europe PMC's and
// ClinicalTrials.gov's syntax.
package querybuild

import (
	"fmt"
	"strings"
	"unicode"
)

// Op is a node kind of a parsed query.
type Op int

// Node kinds. PubMed evaluates Boolean operators left to right without precedence, so a
// parsed chain is left-associative and parentheses are kept as nesting.
const (
	OpTerm Op = iota
	OpAnd
	OpOr
	OpNot
)

// Node is a parsed PubMed query.
type Node struct {
	Op Op
	// Kids of an AND/OR/NOT node, in order; NOT is "Kids[0] NOT Kids[1]".
	Kids []*Node
	// Text of a term: one word or several (an unquoted run of words is one term, which
	// PubMed first tries to map to a MeSH heading as a phrase).
	Text string
	// Quoted terms are searched as exact phrases, without automatic term mapping.
	Quoted bool
	// Field is the lower-case field tag without brackets ("tiab", "mh", "pt"), "" for none.
	Field string
}

// SyntaxError is a query PubMed would reject (unbalanced parentheses or quotes, an
// operator without an operand).
type SyntaxError struct{ Msg string }

func (e *SyntaxError) Error() string { return "query syntax: " + e.Msg }

type token struct {
	kind   byte // '(' ')' 'o' operator, 'w' word, 'q' quoted phrase
	text   string
	field  string
	tagged bool
}

// Parse reads a PubMed query: terms, "quoted phrases", [field] tags, AND/OR/NOT (upper
// case; lower-case "and" is a word), parentheses; adjacent terms without an operator are
// ANDed, as PubMed does.
func Parse(q string) (*Node, error) {
	toks, err := lex(q)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	n, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.i < len(p.toks) {
		return nil, &SyntaxError{"unbalanced parentheses: unexpected ')'"}
	}
	if n == nil {
		return nil, &SyntaxError{"empty query"}
	}
	return n, nil
}

func lex(q string) ([]token, error) {
	var out []token
	rs := []rune(q)
	i := 0
	for i < len(rs) {
		r := rs[i]
		switch {
		case unicode.IsSpace(r) || unicode.IsControl(r):
			i++
		case r == '(' || r == ')':
			out = append(out, token{kind: byte(r)})
			i++
		case r == '"':
			j := i + 1
			for j < len(rs) && rs[j] != '"' {
				j++
			}
			if j >= len(rs) {
				return nil, &SyntaxError{"unbalanced quotation marks"}
			}
			out = append(out, token{kind: 'q', text: strings.Join(strings.Fields(string(rs[i+1:j])), " ")})
			i = j + 1
		case r == '[':
			j := i + 1
			for j < len(rs) && rs[j] != ']' {
				j++
			}
			if j >= len(rs) {
				return nil, &SyntaxError{"unbalanced field tag brackets"}
			}
			tag := strings.ToLower(strings.TrimSpace(string(rs[i+1 : j])))
			if len(out) == 0 || (out[len(out)-1].kind != 'w' && out[len(out)-1].kind != 'q') || out[len(out)-1].tagged {
				return nil, &SyntaxError{fmt.Sprintf("field tag [%s] does not follow a term", tag)}
			}
			out[len(out)-1].field = tag
			out[len(out)-1].tagged = true
			i = j + 1
		default:
			j := i
			for j < len(rs) && !unicode.IsSpace(rs[j]) && !strings.ContainsRune("()\"[", rs[j]) {
				j++
			}
			w := string(rs[i:j])
			if w == "AND" || w == "OR" || w == "NOT" {
				out = append(out, token{kind: 'o', text: w})
			} else {
				out = append(out, token{kind: 'w', text: w})
			}
			i = j
		}
	}
	return out, nil
}

type parser struct {
	toks []token
	i    int
}

func (p *parser) expr() (*Node, error) {
	left, err := p.unit()
	if err != nil || left == nil {
		return left, err
	}
	for p.i < len(p.toks) && p.toks[p.i].kind != ')' {
		op := OpAnd
		if t := p.toks[p.i]; t.kind == 'o' {
			op = map[string]Op{"AND": OpAnd, "OR": OpOr, "NOT": OpNot}[t.text]
			p.i++
		}
		right, err := p.unit()
		if err != nil {
			return nil, err
		}
		if right == nil {
			return nil, &SyntaxError{"an operator has nothing after it"}
		}
		if left.Op == op && op != OpNot {
			left.Kids = append(left.Kids, right)
		} else {
			left = &Node{Op: op, Kids: []*Node{left, right}}
		}
	}
	return left, nil
}

func (p *parser) unit() (*Node, error) {
	if p.i >= len(p.toks) {
		return nil, nil
	}
	t := p.toks[p.i]
	switch t.kind {
	case '(':
		p.i++
		n, err := p.expr()
		if err != nil {
			return nil, err
		}
		if p.i >= len(p.toks) || p.toks[p.i].kind != ')' {
			return nil, &SyntaxError{"unbalanced parentheses: missing ')'"}
		}
		p.i++
		if n == nil {
			return nil, &SyntaxError{"empty parentheses"}
		}
		return n, nil
	case ')':
		return nil, nil
	case 'o':
		return nil, &SyntaxError{fmt.Sprintf("operator %s has nothing before it", t.text)}
	case 'q':
		p.i++
		return &Node{Op: OpTerm, Text: t.text, Quoted: true, Field: t.field}, nil
	}
	// A run of bare words up to an operator, a parenthesis, a phrase or a field tag is one
	// term; a tag ends the run and applies to all of it.
	words := []string{t.text}
	field := t.field
	p.i++
	for field == "" && p.i < len(p.toks) && p.toks[p.i].kind == 'w' {
		words = append(words, p.toks[p.i].text)
		field = p.toks[p.i].field
		p.i++
	}
	return &Node{Op: OpTerm, Text: strings.Join(words, " "), Field: field}, nil
}

// String renders the node as PubMed syntax; nested operator nodes get parentheses.
func (n *Node) String() string {
	switch n.Op {
	case OpTerm:
		s := n.Text
		if n.Quoted {
			s = `"` + s + `"`
		}
		if n.Field != "" {
			s += "[" + n.Field + "]"
		}
		return s
	}
	op := map[Op]string{OpAnd: " AND ", OpOr: " OR ", OpNot: " NOT "}[n.Op]
	parts := make([]string, len(n.Kids))
	for i, k := range n.Kids {
		parts[i] = k.String()
		if k.Op != OpTerm {
			parts[i] = "(" + parts[i] + ")"
		}
	}
	return strings.Join(parts, op)
}

// Groups returns the top-level AND-groups of a query (the query itself when its top
// operator is not AND).
func Groups(q string) ([]string, error) {
	n, err := Parse(q)
	if err != nil {
		return nil, err
	}
	if n.Op != OpAnd {
		return []string{n.String()}, nil
	}
	out := make([]string, len(n.Kids))
	for i, k := range n.Kids {
		out[i] = k.String()
	}
	return out, nil
}

// Terms returns every term of a query in order (for display and for matching learnt
// headings).
func (n *Node) Terms() []*Node {
	if n.Op == OpTerm {
		return []*Node{n}
	}
	var out []*Node
	for _, k := range n.Kids {
		out = append(out, k.Terms()...)
	}
	return out
}

// ForEuropePMC rewrites a PubMed query in Europe PMC's syntax: [mh] → MESH:"…",
// [ti] → TITLE:"…", [ab] → ABSTRACT:"…", [tiab] → (TITLE:"…" OR ABSTRACT:"…"),
// [pt] → PUB_TYPE:"…"; untagged terms stay free text. A query that does not parse is
// returned unchanged (Europe PMC then reports its own error).
func ForEuropePMC(q string) string {
	n, err := Parse(q)
	if err != nil {
		return q
	}
	return rewrite(n, func(t *Node) string {
		phrase := `"` + strings.ReplaceAll(t.Text, `"`, "") + `"`
		switch t.Field {
		case "mh", "mesh", "majr", "mesh terms":
			return "MESH:" + phrase
		case "ti", "title":
			return "TITLE:" + phrase
		case "ab", "abstract":
			return "ABSTRACT:" + phrase
		case "tiab":
			return "(TITLE:" + phrase + " OR ABSTRACT:" + phrase + ")"
		case "pt", "publication type":
			return "PUB_TYPE:" + phrase
		}
		if t.Quoted {
			return phrase
		}
		return t.Text
	})
}

// ForClinicalTrials rewrites a PubMed query for ClinicalTrials.gov's query.term (Essie
// syntax: AND/OR/NOT, quotes, parentheses): field tags are dropped and publication-type
// filters removed (every record there is a study).
func ForClinicalTrials(q string) string {
	n, err := Parse(q)
	if err != nil {
		return q
	}
	n = dropPT(n)
	if n == nil {
		return q
	}
	return rewrite(n, func(t *Node) string {
		if t.Quoted || t.Field != "" && strings.Contains(t.Text, " ") {
			return `"` + t.Text + `"`
		}
		return t.Text
	})
}

func dropPT(n *Node) *Node {
	return prune(n, func(term *Node) *Node {
		if term.Field == "pt" || term.Field == "publication type" || term.Field == "sb" || term.Field == "filter" {
			return nil
		}
		return term
	})
}

// prune rebuilds a query tree with each term replaced by what keep makes of it (nil drops
// it): an operator left with no operand goes, one left with one is that operand, and a NOT
// whose first operand went goes whole, having nothing left to take from.
func prune(n *Node, keep func(term *Node) *Node) *Node {
	if n.Op == OpTerm {
		return keep(n)
	}
	var kids []*Node
	for i, k := range n.Kids {
		k = prune(k, keep)
		if k == nil {
			if n.Op == OpNot && i == 0 {
				return nil
			}
			continue
		}
		kids = append(kids, k)
	}
	switch len(kids) {
	case 0:
		return nil
	case 1:
		return kids[0]
	}
	return &Node{Op: n.Op, Kids: kids}
}

func rewrite(n *Node, term func(*Node) string) string {
	if n.Op == OpTerm {
		return term(n)
	}
	op := map[Op]string{OpAnd: " AND ", OpOr: " OR ", OpNot: " NOT "}[n.Op]
	parts := make([]string, len(n.Kids))
	for i, k := range n.Kids {
		parts[i] = rewrite(k, term)
		if k.Op != OpTerm {
			parts[i] = "(" + parts[i] + ")"
		}
	}
	return strings.Join(parts, op)
}

// HasPublicationTypeFilter reports whether a query narrows by publication type ([pt]).
func HasPublicationTypeFilter(q string) bool {
	n, err := Parse(q)
	if err != nil {
		return false
	}
	for _, t := range n.Terms() {
		if t.Field == "pt" || t.Field == "publication type" {
			return true
		}
	}
	return false
}
