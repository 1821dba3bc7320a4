package appraisal

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"deepcritical/backend/domain"
	"deepcritical/internal/sharedtest"
)

// medlineRecord is the minimal part of an NLM tagged record the benchmark needs.
type medlineRecord struct {
	PMID, Title, Abstract string
	PublicationTypes      []string
	Mesh                  []string
}

// readMedline parses NLM tagged (.nbib) records: "TAG - value" lines with six-space
// continuation lines, records separated by blank lines.
func readMedline(r io.Reader) ([]medlineRecord, error) {
	var out []medlineRecord
	var cur *medlineRecord
	var lastTag string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	appendTo := func(tag, val string, cont bool) {
		if cur == nil {
			return
		}
		switch tag {
		case "PMID":
			cur.PMID = val
		case "TI":
			cur.Title = joinCont(cur.Title, val, cont)
		case "AB":
			cur.Abstract = joinCont(cur.Abstract, val, cont)
		case "PT":
			cur.PublicationTypes = append(cur.PublicationTypes, val)
		case "MH":
			if cont && len(cur.Mesh) > 0 {
				cur.Mesh[len(cur.Mesh)-1] += " " + val
			} else {
				cur.Mesh = append(cur.Mesh, val)
			}
		}
	}
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if strings.HasPrefix(line, "      ") {
			appendTo(lastTag, strings.TrimSpace(line), true)
			continue
		}
		if len(line) < 6 || line[4] != '-' {
			return nil, fmt.Errorf("medline: malformed line %q", line)
		}
		tag := strings.TrimSpace(line[:4])
		val := strings.TrimSpace(line[6:])
		if tag == "PMID" {
			out = append(out, medlineRecord{})
			cur = &out[len(out)-1]
		}
		lastTag = tag
		appendTo(tag, val, false)
	}
	return out, sc.Err()
}

func joinCont(prev, val string, cont bool) string {
	if !cont || prev == "" {
		return val
	}
	return prev + " " + val
}

// spiritDoc is one SPIRIT-CONSORT-TM results article with its article-level labels.
type spiritDoc struct {
	PairID int
	PMCID  string
	Split  string
	Text   string
	Labels map[string]bool
}

func readSpirit(t testing.TB, dir string) []spiritDoc {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "articles.csv"))
	if err != nil {
		t.Fatalf("open articles.csv: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("read articles.csv: %v", err)
	}
	byID := map[string]*spiritDoc{}
	for _, r := range rows[1:] {
		if r[0] != "Results" {
			continue
		}
		d := byID[r[2]]
		if d == nil {
			pid, _ := strconv.Atoi(r[1])
			d = &spiritDoc{PairID: pid, PMCID: r[2], Split: r[5], Labels: map[string]bool{}}
			byID[r[2]] = d
		}
		item := r[3]
		if i := strings.IndexByte(item, '_'); i > 0 {
			item = item[:i]
		}
		d.Labels[item] = r[4] == "1"
	}
	entries, err := os.ReadDir(filepath.Join(dir, "documents"))
	if err != nil {
		t.Fatalf("read documents: %v", err)
	}
	var out []spiritDoc
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".txt")
		i := strings.IndexByte(name, '_')
		if i < 0 {
			continue
		}
		d := byID[name[i+1:]]
		if d == nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, "documents", e.Name()))
		if err != nil {
			t.Fatalf("read %s: %v", e.Name(), err)
		}
		d.Text = string(b)
		out = append(out, *d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PairID < out[j].PairID })
	return out
}

// pubmedQAItem is one PubMedQA item, read for its labelled abstract contexts and MeSH
// headings.
type pubmedQAItem struct{ sharedtest.PubMedQAItem }

// readPubMedQA reads the PubMedQA dev set in numeric PMID order.
func readPubMedQA(t testing.TB) []pubmedQAItem {
	t.Helper()
	var out []pubmedQAItem
	for _, it := range sharedtest.PubMedQA(t) {
		out = append(out, pubmedQAItem{it})
	}
	sort.Slice(out, func(i, j int) bool {
		a, _ := strconv.Atoi(out[i].PMID)
		b, _ := strconv.Atoi(out[j].PMID)
		return a < b
	})
	return out
}

// text joins the contexts with their section labels, as a structured abstract reads.
func (q pubmedQAItem) text() string {
	parts := make([]string, len(q.Contexts))
	for i, c := range q.Contexts {
		label := ""
		if i < len(q.Labels) {
			label = q.Labels[i]
		}
		if label != "" && label != "UNLABELLED" {
			parts[i] = label + ": " + c
		} else {
			parts[i] = c
		}
	}
	return strings.Join(parts, "\n")
}

func (q pubmedQAItem) hasMesh(names ...string) bool {
	for _, m := range q.Meshes {
		for _, n := range names {
			if strings.EqualFold(m, n) {
				return true
			}
		}
	}
	return false
}

// spiritFullText turns a SPIRIT-CONSORT-TM article (first line the title, "## " and deeper
// Markdown headings) into the domain.FullText a JATS parser produces: titled sections in
// reading order with their level, parent and kind, so the benchmark reads the text the
// appraiser gets for a paper fetched as JATS (each title on a plain line, no "#").
func spiritFullText(d spiritDoc) domain.FullText {
	lines := strings.Split(d.Text, "\n")
	ft := domain.FullText{Key: d.PMCID, Source: domain.FullTextEuropePMC, PMCID: d.PMCID, Title: strings.TrimSpace(lines[0])}
	var cur *domain.FullTextSection
	var body []string
	parent, parentKind := "", domain.SectionOther
	flush := func() {
		if cur != nil {
			cur.Text = strings.TrimSpace(strings.Join(body, "\n"))
			ft.Sections = append(ft.Sections, *cur)
		}
		body = nil
	}
	for _, l := range lines[1:] {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "##") {
			flush()
			level := len(t) - len(strings.TrimLeft(t, "#")) - 1
			title := strings.TrimSpace(strings.TrimLeft(t, "#"))
			kind := spiritSectionKind(title)
			if level <= 1 {
				parent, parentKind = title, kind
				cur = &domain.FullTextSection{Kind: kind, Title: title, Level: 1}
				continue
			}
			if kind == domain.SectionOther || kind == domain.SectionIntroduction && parentKind == domain.SectionAbstract {
				kind = parentKind
			}
			cur = &domain.FullTextSection{Kind: kind, Title: title, Parent: parent, Level: level}
			continue
		}
		if cur == nil {
			cur = &domain.FullTextSection{Kind: domain.SectionOther, Level: 1}
		}
		if t != "" {
			body = append(body, t)
		}
	}
	flush()
	return ft
}

// spiritSectionKind classifies a heading the way a JATS parser classifies a sec title.
func spiritSectionKind(title string) domain.SectionKind {
	l := strings.ToLower(title)
	switch {
	case strings.HasPrefix(l, "table"):
		return domain.SectionTable
	case strings.HasPrefix(l, "fig"):
		return domain.SectionFigure
	case l == "abstract" || l == "summary":
		return domain.SectionAbstract
	case strings.HasPrefix(l, "introduction") || strings.HasPrefix(l, "background"):
		return domain.SectionIntroduction
	case strings.Contains(l, "method") || strings.Contains(l, "patients and") || strings.Contains(l, "materials"):
		return domain.SectionMethods
	case strings.HasPrefix(l, "result"):
		return domain.SectionResults
	case strings.HasPrefix(l, "discussion"):
		return domain.SectionDiscussion
	case strings.HasPrefix(l, "conclusion"):
		return domain.SectionConclusions
	case strings.HasPrefix(l, "supplementary"):
		return domain.SectionSupplementary
	}
	return domain.SectionOther
}
