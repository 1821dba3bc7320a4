// Package eutils is a local E-utilities server with PubMed's documented search semantics
// over a corpus of real records, so search-quality tests can tell whether the queries
// DeepCritical sends would find anything: stopwords, AND/OR/NOT evaluated left to right,
// parentheses, quoted phrases, field tags ([tiab] [ti] [ab] [mh] [majr] [sh] [pt] [nm]
// [au] [ta] [dp] [all]), truncation with *, automatic term mapping of untagged terms to
// the corpus' own MeSH headings, Count, QueryTranslation, ErrorList/WarningList, relevance
// (Best Match) or date sort, and the history server (usehistory, WebEnv, query_key).
//
// The corpus is built at start-up from the shared benchmark data (the MEDLINE sample and
// the PubMedQA items); nothing is copied into the repository.
package eutils

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Heading is one MeSH heading of a record with its subheadings.
type Heading struct {
	Name  string
	Subs  []string
	Major bool
}

// Record is one PubMed record of the corpus (or, with only a PMCID, a PMC-only record the
// Europe PMC fake indexes).
type Record struct {
	PMID string
	// PMCID is the record's PubMed Central id (MEDLINE's PMC field), "" when it has none.
	PMCID     string
	Title     string
	Abstract  []Section
	Journal   string
	Year      string
	Authors   []string
	PubTypes  []string
	MeSH      []Heading
	Chemicals []string
	// ChemicalRNs are the chemicals' registry numbers as MEDLINE gives them (UNII, CAS,
	// "EC …" or "0"), index for index.
	ChemicalRNs []string
	// Question is the PubMedQA question this record answers ("" for MEDLINE records).
	Question string
}

// ID is the record's identifier in the engine: its PMID, or its PMCID when it has none.
func (r Record) ID() string {
	if r.PMID != "" {
		return r.PMID
	}
	return r.PMCID
}

// Section is a labelled part of an abstract.
type Section struct{ Label, Text string }

// QAItem is a PubMedQA question with the PMID of the paper that answers it.
type QAItem struct {
	PMID     string
	Question string
}

// LoadCorpus reads the MEDLINE sample and the PubMedQA items under dataDir (the shared
// data folder) and returns the records by PMID order plus the PubMedQA questions.
//
// PubMedQA items carry no title (their question was derived from it, so indexing it would
// let the verbatim question match its own paper trivially): those records are indexed by
// abstract (without the conclusion, which is the answer), MeSH headings and year.
func LoadCorpus(dataDir string) ([]Record, []QAItem, error) {
	var recs []Record
	med, err := readMedline(filepath.Join(dataDir, "medline_sample", "sample100.medline.txt"))
	if err != nil {
		return nil, nil, err
	}
	recs = append(recs, med...)
	b, err := os.ReadFile(filepath.Join(dataDir, "pubmedqa", "pqal_dev.json"))
	if err != nil {
		return nil, nil, fmt.Errorf("read PubMedQA: %w", err)
	}
	var items map[string]struct {
		Question string   `json:"QUESTION"`
		Contexts []string `json:"CONTEXTS"`
		Labels   []string `json:"LABELS"`
		Meshes   []string `json:"MESHES"`
		Year     string   `json:"YEAR"`
	}
	if err := json.Unmarshal(b, &items); err != nil {
		return nil, nil, fmt.Errorf("parse PubMedQA: %w", err)
	}
	var qa []QAItem
	seen := map[string]bool{}
	for _, r := range recs {
		seen[r.PMID] = true
	}
	for id, it := range items {
		qa = append(qa, QAItem{PMID: id, Question: it.Question})
		if seen[id] {
			continue
		}
		r := Record{PMID: id, Year: it.Year, Question: it.Question, PubTypes: []string{"Journal Article"}}
		for i, c := range it.Contexts {
			lab := ""
			if i < len(it.Labels) {
				lab = it.Labels[i]
			}
			r.Abstract = append(r.Abstract, Section{Label: lab, Text: c})
		}
		for _, m := range it.Meshes {
			r.MeSH = append(r.MeSH, Heading{Name: m})
		}
		recs = append(recs, r)
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].PMID < recs[j].PMID })
	sort.Slice(qa, func(i, j int) bool { return qa[i].PMID < qa[j].PMID })
	return recs, qa, nil
}

// readMedline parses NLM tagged (MEDLINE/.nbib) records: "TAG - value" lines with
// six-space continuation lines, records separated by blank lines.
func readMedline(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read MEDLINE sample: %w", err)
	}
	defer f.Close()
	var recs []Record
	var cur *Record
	var tag string
	var val strings.Builder
	flush := func() {
		if cur == nil || tag == "" {
			return
		}
		v := strings.Join(strings.Fields(val.String()), " ")
		switch tag {
		case "PMID":
			cur.PMID = v
		case "PMC":
			cur.PMCID = v
		case "TI":
			cur.Title = v
		case "AB":
			cur.Abstract = append(cur.Abstract, Section{Text: v})
		case "JT":
			cur.Journal = v
		case "DP":
			if len(v) >= 4 {
				cur.Year = v[:4]
			}
		case "AU":
			cur.Authors = append(cur.Authors, v)
		case "PT":
			cur.PubTypes = append(cur.PubTypes, v)
		case "MH":
			parts := strings.Split(v, "/")
			h := Heading{Name: strings.TrimPrefix(parts[0], "*"), Major: strings.HasPrefix(parts[0], "*")}
			for _, s := range parts[1:] {
				if strings.HasPrefix(s, "*") {
					h.Major = true
				}
				h.Subs = append(h.Subs, strings.TrimPrefix(s, "*"))
			}
			cur.MeSH = append(cur.MeSH, h)
		case "RN":
			if i := strings.Index(v, "("); i >= 0 && strings.HasSuffix(v, ")") {
				cur.Chemicals = append(cur.Chemicals, v[i+1:len(v)-1])
				cur.ChemicalRNs = append(cur.ChemicalRNs, strings.TrimSpace(v[:i]))
			}
		}
		tag = ""
		val.Reset()
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
			flush()
			if cur != nil && cur.PMID != "" {
				recs = append(recs, *cur)
			}
			cur = nil
		case strings.HasPrefix(line, "      ") && tag != "":
			val.WriteString(" " + strings.TrimSpace(line))
		case len(line) >= 6 && line[4] == '-':
			flush()
			if cur == nil {
				cur = &Record{}
			}
			tag = strings.TrimSpace(line[:4])
			val.WriteString(strings.TrimSpace(line[5:]))
		}
	}
	flush()
	if cur != nil && cur.PMID != "" {
		recs = append(recs, *cur)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("no MEDLINE record in %s", path)
	}
	return recs, nil
}
