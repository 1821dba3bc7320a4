package conformance

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"deepcritical/backend/citeformat"
)

// str turns a JSON value a parser gave (string, number, list of strings) into text.
func str(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return strings.TrimSuffix(fmt.Sprintf("%f", x), ".000000")
	case []any:
		parts := make([]string, 0, len(x))
		for _, p := range x {
			parts = append(parts, str(p))
		}
		return strings.Join(parts, "\n")
	case map[string]any:
		b, _ := json.Marshal(x)
		return string(b)
	}
	return fmt.Sprint(v)
}

// fromCSL reads CSL-JSON items (citation-js's and pandoc's output).
func fromCSL(t *testing.T, data []byte) []record {
	t.Helper()
	var items []map[string]any
	if err := json.Unmarshal(data, &items); err != nil {
		t.Fatalf("parser output is not a CSL-JSON list: %v\n%s", err, data)
	}
	var out []record
	for _, it := range items {
		r := record{
			Title: str(it["title"]), Journal: str(it["container-title"]), Volume: str(it["volume"]),
			Issue: str(it["issue"]), Pages: str(it["page"]), ISSN: str(it["ISSN"]), DOI: str(it["DOI"]),
			PMID: str(it["PMID"]), PMCID: str(it["PMCID"]), URL: str(it["URL"]), Abstract: str(it["abstract"]),
		}
		if is, ok := it["issued"].(map[string]any); ok {
			if dp, ok := is["date-parts"].([]any); ok && len(dp) > 0 {
				if first, ok := dp[0].([]any); ok && len(first) > 0 {
					var parts []string
					for _, x := range first {
						parts = append(parts, str(x))
					}
					r.Year = isoDate(parts...)
				}
			}
		}
		fromNotes(&r, str(it["note"]), str(it["archive_location"]), str(it["number"]))
		if as, ok := it["author"].([]any); ok {
			for _, a := range as {
				m, _ := a.(map[string]any)
				r.Authors = append(r.Authors, citeformat.Name{
					Family: strings.TrimSpace(str(m["non-dropping-particle"]) + " " + str(m["family"])),
					Given:  strings.TrimSpace(str(m["given"]) + " " + str(m["dropping-particle"])),
					Suffix: str(m["suffix"]), Literal: str(m["literal"]),
				})
			}
		}
		out = append(out, r)
	}
	return out
}

// nocase is the rich-text mark Better BibTeX gives case-protected text (Zotero stores it
// so citation styles leave the case alone); the text inside is what was written.
var nocase = regexp.MustCompile(`<span class="nocase">(.*?)</span>`)

// fromBBT reads @retorquere/bibtex-parser's entries (Better BibTeX's parser); it fails the
// test on any parse error the parser reports.
func fromBBT(t *testing.T, data []byte) []record {
	t.Helper()
	var lib struct {
		Errors  []map[string]any `json:"errors"`
		Entries []struct {
			Type   string         `json:"type"`
			Fields map[string]any `json:"fields"`
		} `json:"entries"`
	}
	if err := json.Unmarshal(data, &lib); err != nil {
		t.Fatalf("bibtex-parser output: %v", err)
	}
	if len(lib.Errors) > 0 {
		t.Errorf("Better BibTeX's parser reported errors: %v", lib.Errors)
	}
	var out []record
	for _, e := range lib.Entries {
		f := func(names ...string) string {
			for _, n := range names {
				if v := str(e.Fields[n]); v != "" {
					return v
				}
			}
			return ""
		}
		r := record{
			Title: nocase.ReplaceAllString(f("title"), "$1"), Journal: f("journal", "journaltitle"), Year: f("year"), Volume: f("volume"),
			Issue: f("number", "issue"), Pages: f("pages"), ISSN: f("issn"), DOI: f("doi"), URL: f("url"),
			Abstract: f("abstract"),
		}
		if r.Year != "" {
			r.Year = isoDate(r.Year, bibMonth(f("month")))
		} else if d := f("date"); len(d) >= 4 {
			r.Year = d
		}
		if strings.EqualFold(f("eprinttype"), "pubmed") {
			r.PMID = f("eprint")
		}
		fromNotes(&r, f("note"))
		if as, ok := e.Fields["author"].([]any); ok {
			for _, a := range as {
				m, _ := a.(map[string]any)
				family := str(m["lastName"])
				if p := str(m["prefix"]); p != "" {
					family = p + " " + family
				}
				r.Authors = append(r.Authors, citeformat.Name{Family: family, Given: str(m["firstName"]),
					Suffix: str(m["suffix"]), Literal: str(m["name"])})
			}
		}
		out = append(out, r)
	}
	return out
}

// MODS, bibutils' intermediate XML.
type modsCollection struct {
	Mods []modsRecord `xml:"mods"`
}

type modsTitle struct {
	Type     string `xml:"type,attr"`
	Title    string `xml:"title"`
	SubTitle string `xml:"subTitle"`
}

type modsName struct {
	Type  string `xml:"type,attr"`
	Parts []struct {
		Type string `xml:"type,attr"`
		Text string `xml:",chardata"`
	} `xml:"namePart"`
	Roles []string `xml:"role>roleTerm"`
}

type modsID struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

type modsPart struct {
	Date   string `xml:"date"`
	Detail []struct {
		Type   string `xml:"type,attr"`
		Number string `xml:"number"`
	} `xml:"detail"`
	Extent []struct {
		Start string `xml:"start"`
		End   string `xml:"end"`
	} `xml:"extent"`
}

type modsRecord struct {
	Titles      []modsTitle `xml:"titleInfo"`
	Names       []modsName  `xml:"name"`
	DateIssued  []string    `xml:"originInfo>dateIssued"`
	Abstract    string      `xml:"abstract"`
	Notes       []string    `xml:"note"`
	IDs         []modsID    `xml:"identifier"`
	URLs        []string    `xml:"location>url"`
	Parts       []modsPart  `xml:"part"`
	RelatedItem []struct {
		Type   string      `xml:"type,attr"`
		Titles []modsTitle `xml:"titleInfo"`
		IDs    []modsID    `xml:"identifier"`
		Parts  []modsPart  `xml:"part"`
	} `xml:"relatedItem"`
}

func joinTitle(ts []modsTitle) string {
	var full, abbr string
	for _, t := range ts {
		s := strings.TrimSpace(t.Title)
		if t.SubTitle != "" {
			s += ": " + strings.TrimSpace(t.SubTitle)
		}
		if s == "" {
			continue
		}
		if t.Type == "abbreviated" {
			abbr = s
		} else if full == "" {
			full = s
		}
	}
	if full == "" {
		return abbr
	}
	return full
}

// fromMODS reads bibutils' MODS output (ris2xml, bib2xml).
func fromMODS(t *testing.T, data []byte) []record {
	t.Helper()
	var coll modsCollection
	if err := xml.Unmarshal(data, &coll); err != nil {
		t.Fatalf("bibutils output is not MODS XML: %v", err)
	}
	var out []record
	for _, m := range coll.Mods {
		r := record{Title: joinTitle(m.Titles), Abstract: m.Abstract, URL: strings.Join(m.URLs, " ")}
		parts := m.Parts
		ids := m.IDs
		for _, ri := range m.RelatedItem {
			if ri.Type == "host" {
				r.Journal = joinTitle(ri.Titles)
				parts = append(parts, ri.Parts...)
				ids = append(ids, ri.IDs...)
			}
		}
		for _, id := range ids {
			switch id.Type {
			case "doi":
				r.DOI = id.Text
			case "issn":
				r.ISSN = id.Text
			case "pubmed", "pmid":
				r.PMID = id.Text
			case "pmc", "pmcid":
				r.PMCID = id.Text
			}
		}
		if len(m.DateIssued) > 0 && len(m.DateIssued[0]) >= 4 {
			r.Year = m.DateIssued[0]
		}
		for _, p := range parts {
			if r.Year == "" && len(p.Date) >= 4 {
				r.Year = p.Date
			}
			for _, d := range p.Detail {
				switch d.Type {
				case "volume":
					r.Volume = d.Number
				case "issue", "number":
					r.Issue = d.Number
				}
			}
			for _, e := range p.Extent {
				if e.Start != "" {
					r.Pages = e.Start
					if e.End != "" {
						r.Pages += "-" + e.End
					}
				}
			}
		}
		fromNotes(&r, m.Notes...)
		for _, n := range m.Names {
			if len(n.Roles) > 0 && !containsFold(n.Roles, "author") {
				continue
			}
			var nm citeformat.Name
			var given []string
			for _, p := range n.Parts {
				switch p.Type {
				case "family":
					nm.Family = p.Text
				case "given":
					given = append(given, p.Text)
				case "suffix":
					nm.Suffix = p.Text
				case "":
					nm.Literal = p.Text
				}
			}
			nm.Given = strings.Join(given, " ")
			r.Authors = append(r.Authors, nm)
		}
		out = append(out, r)
	}
	return out
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(strings.TrimSpace(v), s) {
			return true
		}
	}
	return false
}

// isoDate joins a date's parts as read back ("2000", "2", "5") into "2000-02-05", each part
// only when given: a parser that invents a month or a day shows it.
func isoDate(parts ...string) string {
	var out []string
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			break
		}
		if i > 0 && len(p) == 1 {
			p = "0" + p
		}
		out = append(out, p)
	}
	return strings.Join(out, "-")
}

// bibMonth is a BibTeX month as a number: Better BibTeX's parser gives a macro's name
// ("feb"), a full name or the number written.
func bibMonth(m string) string {
	m = strings.ToLower(strings.TrimSpace(m))
	for i, name := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(m, name) {
			return strconv.Itoa(i + 1)
		}
	}
	return m
}
