// Package pmcoa is the full-text corpus the Europe PMC and E-utilities fakes serve: PubMed
// Central open-access articles as JATS, from two sources. Real JATS files (the PMC
// open-access .nxml the repository keeps as parser fixtures) are served as they are. The
// 80 trial reports of the shared benchmark data (spirit_consort_tm/documents, plain text
// exports of PMC open-access articles named by PMCID) are converted to JATS on request:
// the title line, the Markdown headings ("## Methods", "### Randomisation") as nested
// <sec> elements with the sec-type publishers use, the abstract as <abstract>, "### Table
// N …" headings as <table-wrap> captions, "Fig N …" lines as <fig> captions, bullet lines
// as lists and acknowledgements as <ack>. Nothing is copied into the repository: the
// corpus is read from the shared folder at start-up.
//
// The corpus also gives the Europe PMC fake a search record for each converted report
// (source PMC, open access, with its abstract), since these articles are PMC-only records
// to the fakes: their PMIDs are not in the shared data, and none is made up.
package pmcoa

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"deepcritical/internal/fakes/eutils"
)

// Corpus holds the articles by PMCID ("PMC" and digits).
type Corpus struct {
	papers map[string]*paper
	real   map[string][]byte // PMCID → a real JATS <article> (no XML declaration, no DOCTYPE)
	// withheld are PMCIDs whose publisher does not allow XML download: both services answer
	// with the front matter only (PMC with its comment; Europe PMC with a 404).
	withheld map[string]bool
}

// paper is a converted plain-text report.
type paper struct {
	pmcid    string
	title    string
	subtitle string
	abstract *node
	body     []*node
	back     []*node
}

// node is a heading's section: its title, blocks in order and subsections.
type node struct {
	title  string
	level  int
	blocks []block
}

// block is one paragraph, list, table caption, figure caption or subsection.
type block struct {
	kind  string // p, list, table, fig, sec
	text  string
	items []string
	sec   *node
}

// New returns an empty corpus.
func New() *Corpus {
	return &Corpus{papers: map[string]*paper{}, real: map[string][]byte{}, withheld: map[string]bool{}}
}

// docName is a benchmark document's file name: its number and PMCID.
var docName = regexp.MustCompile(`^\d+_(PMC\d+)\.txt$`)

// Load reads the trial reports under dataDir (the shared data folder).
func Load(dataDir string) (*Corpus, error) {
	dir := filepath.Join(dataDir, "spirit_consort_tm", "documents")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read the trial reports: %w", err)
	}
	c := New()
	for _, e := range entries {
		m := docName.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		p, err := convert(m[1], string(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		c.papers[p.pmcid] = p
	}
	if len(c.papers) == 0 {
		return nil, fmt.Errorf("no trial report in %s", dir)
	}
	return c, nil
}

// pmcIDRe finds an article's PMCID in its JATS.
var pmcIDRe = regexp.MustCompile(`<article-id pub-id-type="pmc(?:id)?">(?:PMC)?(\d+)</article-id>`)

// AddJATS adds a real JATS article (a .nxml file as PMC distributes it); it is served as it
// is, without its XML declaration and DOCTYPE, which the services' wrappers replace.
func (c *Corpus) AddJATS(b []byte) (string, error) {
	i := bytes.Index(b, []byte("<article"))
	if i < 0 {
		return "", fmt.Errorf("no <article> element")
	}
	m := pmcIDRe.FindSubmatch(b)
	if m == nil {
		return "", fmt.Errorf("no PMCID in the article")
	}
	id := "PMC" + string(m[1])
	c.real[id] = bytes.TrimSpace(b[i:])
	return id, nil
}

// Withhold marks PMCIDs whose full text the publisher does not allow to be downloaded.
func (c *Corpus) Withhold(ids ...string) {
	for _, id := range ids {
		c.withheld[strings.ToUpper(strings.TrimSpace(id))] = true
	}
}

// Len is the number of articles.
func (c *Corpus) Len() int { return len(c.papers) + len(c.real) }

// IDs lists the converted reports' PMCIDs in order.
func (c *Corpus) IDs() []string {
	out := make([]string, 0, len(c.papers))
	for id := range c.papers {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Has reports whether the corpus holds the article (withheld or not).
func (c *Corpus) Has(pmcid string) bool {
	_, ok := c.papers[pmcid]
	_, real := c.real[pmcid]
	return ok || real
}

// Withheld reports whether the article's body is withheld.
func (c *Corpus) Withheld(pmcid string) bool { return c.withheld[pmcid] }

// Article returns the article as a JATS <article> element: the whole article, or its front
// matter with PMC's comment when the body is withheld. ok is false for an unknown PMCID.
func (c *Corpus) Article(pmcid string) ([]byte, bool) {
	if b, ok := c.real[pmcid]; ok {
		if c.withheld[pmcid] {
			return frontOnly(b), true
		}
		return b, true
	}
	p, ok := c.papers[pmcid]
	if !ok {
		return nil, false
	}
	return p.jats(!c.withheld[pmcid]), true
}

// frontOnly is a real article as PMC serves it when the publisher withholds the body: the
// <article> element with PMC's comment and the front matter only (no body, back matter or
// floats).
func frontOnly(b []byte) []byte {
	start, end := bytes.Index(b, []byte("<front>")), bytes.Index(b, []byte("</front>"))
	if start < 0 || end < start {
		return b
	}
	end += len("</front>")
	out := append([]byte{}, b[:start]...)
	out = append(out, withheldComment...)
	out = append(out, b[start:end]...)
	return append(out, "</article>"...)
}

// withheldComment is what PMC writes in an article whose body it may not distribute.
const withheldComment = "<!--The publisher of this article does not allow downloading of the full text in XML form.-->"

// Records are the converted reports as Europe PMC search records (source PMC, open access).
func (c *Corpus) Records() []eutils.Record {
	var out []eutils.Record
	for _, id := range c.IDs() {
		p := c.papers[id]
		r := eutils.Record{PMCID: id, Title: p.title, PubTypes: []string{"research-article"}}
		if p.abstract != nil {
			for _, b := range p.abstract.blocks {
				switch {
				case b.kind == "p":
					r.Abstract = append(r.Abstract, eutils.Section{Text: b.text})
				case b.kind == "sec":
					r.Abstract = append(r.Abstract, eutils.Section{Label: strings.ToUpper(b.sec.title), Text: b.sec.plain()})
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// plain is a section's paragraphs as one text.
func (n *node) plain() string {
	var parts []string
	for _, b := range n.blocks {
		switch b.kind {
		case "p":
			parts = append(parts, b.text)
		case "list":
			parts = append(parts, b.items...)
		}
	}
	return strings.Join(parts, " ")
}

var (
	headingRe = regexp.MustCompile(`^(#{1,6})\s+(.*\S)\s*$`)
	bulletRe  = regexp.MustCompile(`^\s*[*•]\s+(.*\S)`)
	figRe     = regexp.MustCompile(`^(Fig(?:ure)?\.?\s*\d+[A-Za-z]?)[.:]?\s+(.*)$`)
	tableRe   = regexp.MustCompile(`^(Table\s+\d+[A-Za-z]?)[.:]?\s*(.*)$`)
)

// backTitles are the headings that go to the back matter.
var backTitles = regexp.MustCompile(`(?i)^(acknowledge?ments?|footnotes|notes|contributor information|funding( statement)?|competing interests|conflicts? of interest|declaration|abbreviations|authors?[’'] contributions|author contributions|data availability|availability of data|ethics approval|consent for publication|publisher[’']s note|institutional review board|informed consent|supplementary (material|information|materials)|supporting information)`)

// convert reads a plain-text report: its first line is the title, "#" headings nest.
func convert(pmcid, text string) (*paper, error) {
	p := &paper{pmcid: pmcid}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	root := &node{level: 0}
	stack := []*node{root}
	first := true
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if first {
			p.title = strings.TrimSpace(strings.TrimLeft(line, "# "))
			first = false
			continue
		}
		if strings.Trim(line, "# \t") == "" {
			continue // blank, or a heading without a title
		}
		cur := stack[len(stack)-1]
		if m := headingRe.FindStringSubmatch(line); m != nil {
			level := len(m[1]) - 1 // "##" is a top-level section
			title := m[2]
			if tm := tableRe.FindStringSubmatch(title); tm != nil && level >= 1 {
				cur.blocks = append(cur.blocks, block{kind: "table", text: tm[2], items: []string{tm[1]}})
				continue
			}
			if level < 1 {
				level = 1
			}
			for len(stack) > 1 && stack[len(stack)-1].level >= level {
				stack = stack[:len(stack)-1]
			}
			parent := stack[len(stack)-1]
			n := &node{title: title, level: level}
			parent.blocks = append(parent.blocks, block{kind: "sec", sec: n})
			stack = append(stack, n)
			continue
		}
		if m := bulletRe.FindStringSubmatch(line); m != nil {
			if k := len(cur.blocks); k > 0 && cur.blocks[k-1].kind == "list" {
				cur.blocks[k-1].items = append(cur.blocks[k-1].items, m[1])
			} else {
				cur.blocks = append(cur.blocks, block{kind: "list", items: []string{m[1]}})
			}
			continue
		}
		t := strings.TrimSpace(line)
		if m := figRe.FindStringSubmatch(t); m != nil && len(t) < 600 {
			cur.blocks = append(cur.blocks, block{kind: "fig", text: m[2], items: []string{m[1]}})
			continue
		}
		cur.blocks = append(cur.blocks, block{kind: "p", text: t})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if p.title == "" {
		return nil, fmt.Errorf("no title line")
	}
	for i, b := range root.blocks {
		switch {
		case i == 0 && b.kind == "sec" && strings.HasSuffix(b.sec.title, ":"):
			// A structured abstract printed without its heading: its first part is the
			// heading, the other parts its subsections.
			first := &node{title: strings.TrimSuffix(b.sec.title, ":"), level: 2}
			abs := &node{title: "Abstract", level: 1, blocks: []block{{kind: "sec", sec: first}}}
			for _, bl := range b.sec.blocks {
				if bl.kind == "sec" {
					abs.blocks = append(abs.blocks, bl)
				} else {
					first.blocks = append(first.blocks, bl)
				}
			}
			p.abstract = abs
		case b.kind != "sec":
			p.body = append(p.body, &node{level: 1, blocks: []block{b}})
		case (strings.EqualFold(b.sec.title, "abstract") || strings.EqualFold(b.sec.title, "summary")) && p.abstract == nil:
			p.abstract = b.sec
		case p.abstract == nil && len(b.sec.blocks) == 0 && p.subtitle == "":
			p.subtitle = b.sec.title
		case backTitles.MatchString(b.sec.title):
			p.back = append(p.back, b.sec)
		default:
			p.body = append(p.body, b.sec)
		}
	}
	return p, nil
}

// secType is the sec-type publishers give a top-level section with this title.
func secType(title string) string {
	t := strings.ToLower(title)
	switch {
	case strings.Contains(t, "method"):
		return "methods"
	case strings.HasPrefix(t, "result"):
		return "results"
	case strings.HasPrefix(t, "discussion"):
		return "discussion"
	case strings.HasPrefix(t, "conclusion"):
		return "conclusions"
	case strings.HasPrefix(t, "introduction"):
		return "intro"
	case strings.HasPrefix(t, "supplementary"):
		return "supplementary-material"
	}
	return ""
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// jats renders the paper as a JATS 1.3 <article> as Europe PMC serves it; without body
// only the front matter, with PMC's comment saying the publisher withholds the rest.
func (p *paper) jats(body bool) []byte {
	var b bytes.Buffer
	b.WriteString(`<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:mml="http://www.w3.org/1998/Math/MathML" article-type="research-article" dtd-version="1.3">`)
	if !body {
		b.WriteString(withheldComment)
	}
	b.WriteString(`<front><journal-meta><journal-title-group><journal-title>PubMed Central open-access subset</journal-title></journal-title-group></journal-meta><article-meta>`)
	fmt.Fprintf(&b, `<article-id pub-id-type="pmcid">%s</article-id>`, p.pmcid)
	fmt.Fprintf(&b, `<title-group><article-title>%s</article-title>`, esc(p.title))
	if p.subtitle != "" {
		fmt.Fprintf(&b, `<subtitle>%s</subtitle>`, esc(p.subtitle))
	}
	b.WriteString(`</title-group><permissions><license license-type="open-access"><license-p>Open access.</license-p></license></permissions>`)
	if p.abstract != nil {
		b.WriteString("<abstract>")
		p.abstract.blocksXML(&b, false)
		b.WriteString("</abstract>")
	}
	b.WriteString("</article-meta></front>")
	if body {
		b.WriteString("<body>")
		for _, n := range p.body {
			if n.title == "" {
				n.blocksXML(&b, true)
				continue
			}
			n.secXML(&b, true)
		}
		b.WriteString("</body><back>")
		for _, n := range p.back {
			if strings.HasPrefix(strings.ToLower(n.title), "acknowledg") {
				fmt.Fprintf(&b, "<ack><title>%s</title>", esc(n.title))
				n.blocksXML(&b, true)
				b.WriteString("</ack>")
				continue
			}
			n.secXML(&b, true)
		}
		b.WriteString("</back>")
	}
	b.WriteString("</article>")
	return b.Bytes()
}

func (n *node) secXML(b *bytes.Buffer, top bool) {
	if st := secType(n.title); top && st != "" {
		fmt.Fprintf(b, `<sec sec-type="%s">`, st)
	} else {
		b.WriteString("<sec>")
	}
	fmt.Fprintf(b, "<title>%s</title>", esc(n.title))
	n.blocksXML(b, true)
	b.WriteString("</sec>")
}

func (n *node) blocksXML(b *bytes.Buffer, floats bool) {
	for _, bl := range n.blocks {
		switch bl.kind {
		case "p":
			fmt.Fprintf(b, "<p>%s</p>", esc(bl.text))
		case "list":
			b.WriteString(`<list list-type="bullet">`)
			for _, it := range bl.items {
				fmt.Fprintf(b, "<list-item><p>%s</p></list-item>", esc(it))
			}
			b.WriteString("</list>")
		case "table":
			if floats {
				fmt.Fprintf(b, `<table-wrap position="float"><label>%s</label><caption><title>%s</title></caption></table-wrap>`, esc(bl.items[0]), esc(bl.text))
			}
		case "fig":
			if floats {
				fmt.Fprintf(b, `<fig position="float"><label>%s</label><caption><p>%s</p></caption></fig>`, esc(bl.items[0]), esc(bl.text))
			}
		case "sec":
			bl.sec.secXML(b, false)
		}
	}
}
