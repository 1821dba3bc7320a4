// Package europepmc searches Europe PMC's REST API (search, format=json, resultType=core)
// with cursorMark paging. Europe PMC adds to PubMed what the judge values: open-access
// status, full-text links and citation counts; it also reaches preprints and PMC-only work.
package europepmc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/httpx"
	"deepcritical/backend/search/querybuild"
)

// DefaultBaseURL is the Europe PMC REST endpoint (DEEPCRITICAL_EUROPEPMC_URL overrides).
const DefaultBaseURL = "https://www.ebi.ac.uk/europepmc/webservices/rest"

// maxPageSize is the largest page Europe PMC serves.
const maxPageSize = 1000

// maxPages bounds cursor paging so a server that keeps returning cursors cannot loop us.
const maxPages = 20

// Options configure a Client.
type Options struct {
	// BaseURL defaults to DefaultBaseURL.
	BaseURL string
	// HTTPClient defaults to http.DefaultClient.
	HTTPClient *http.Client
	// ResultType is "core" (the default: abstracts, MeSH, full-text links) or "lite".
	ResultType string
	// Retry overrides httpx.DefaultRetry when Attempts > 0.
	Retry httpx.Retry
}

// Client searches Europe PMC. It is safe for concurrent use.
type Client struct {
	base       string
	resultType string
	http       *httpx.Client
}

// New builds a Europe PMC client.
func New(opts Options) *Client {
	base, hc := httpx.Options{BaseURL: opts.BaseURL, HTTPClient: opts.HTTPClient, Retry: opts.Retry}.Endpoint(domain.SourceEuropePMC, DefaultBaseURL)
	rt := opts.ResultType
	if rt == "" {
		rt = "core"
	}
	return &Client{base: base, resultType: rt, http: hc}
}

// Name is the source name.
func (c *Client) Name() domain.Source { return domain.SourceEuropePMC }

// Search runs the queries concurrently, each paged with cursorMark until max results are in
// hand or the results run out. Relevance is 1 - rank/(n+1) within a query (Europe PMC
// returns relevance order), the best over the queries for a record found twice. A failing
// query does not lose the others' evidence.
func (c *Client) Search(ctx context.Context, queries []string, max int) ([]domain.Evidence, error) {
	return search.PerQuery(ctx, domain.SourceEuropePMC, queries, max, c.searchOne)
}

// searchOne pages through one query.
// The query is rewritten from PubMed syntax to Europe PMC's (MESH:, TITLE:, ABSTRACT:,
// PUB_TYPE:) and reported with its hit count as a query event.
func (c *Client) searchOne(ctx context.Context, query string, max int) ([]domain.Evidence, error) {
	query = querybuild.ForEuropePMC(query)
	return search.Pager{Source: domain.SourceEuropePMC, First: "*", PageSize: maxPageSize, MaxPages: maxPages, NoneFound: "no paper found",
		Fetch: func(ctx context.Context, cursor string, size int) (search.Page, error) {
			v := url.Values{}
			v.Set("query", query)
			v.Set("format", "json")
			v.Set("resultType", c.resultType)
			v.Set("pageSize", strconv.Itoa(size))
			v.Set("cursorMark", cursor)
			res, err := httpx.DoParse(ctx, c.http, httpx.Request{URL: c.base + "/search?" + v.Encode(), Expect: httpx.JSON}, Parse)
			if err != nil {
				return search.Page{}, err
			}
			return search.Page{Total: res.HitCount, Next: res.NextCursor, Evidence: res.Evidence}, nil
		}}.Paged(ctx, query, max)
}

// pmcidPattern is a PubMed Central id, with or without its "PMC" prefix.
var pmcidPattern = regexp.MustCompile(`(?i)^(?:pmcid[:\s]*)?(?:pmc)?([0-9]{1,9})$`)

// ParsePMCID returns a PMCID in its canonical form ("PMC1234567") from "PMC1234567",
// "pmc1234567", "1234567" or "PMCID: PMC1234567".
func ParsePMCID(s string) (string, bool) {
	m := pmcidPattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || strings.Trim(m[1], "0") == "" {
		return "", false
	}
	return "PMC" + m[1], true
}

// FetchPMCID returns the record of one PubMed Central article (title, abstract,
// publication types, MeSH) through Europe PMC's PMCID search field; found is false when
// Europe PMC knows no article with that id.
func (c *Client) FetchPMCID(ctx context.Context, pmcid string) (ev domain.Evidence, found bool, err error) {
	id, ok := ParsePMCID(pmcid)
	if !ok {
		return domain.Evidence{}, false, domain.Errorf(domain.CodeInvalid, "%q is not a PMCID (e.g. PMC3531190)", strings.TrimSpace(pmcid))
	}
	v := url.Values{}
	v.Set("query", "PMCID:"+id)
	v.Set("format", "json")
	v.Set("resultType", "core")
	v.Set("pageSize", "1")
	res, err := httpx.DoParse(ctx, c.http, httpx.Request{URL: c.base + "/search?" + v.Encode(), Expect: httpx.JSON}, Parse)
	if err != nil {
		return domain.Evidence{}, false, err
	}
	for _, e := range res.Evidence {
		if strings.EqualFold(e.Citation.PMCID, id) {
			return e, true, nil
		}
	}
	return domain.Evidence{}, false, nil
}

// Page is one parsed page of search results.
type Page struct {
	HitCount   int
	NextCursor string
	Evidence   []domain.Evidence
}

// flexInt accepts a JSON number or a numeric string, since Europe PMC is not consistent.
type flexInt int

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		*f = 0
		return nil
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("not a number: %s", b)
	}
	*f = flexInt(n)
	return nil
}

// strList accepts a list of strings or a single string.
type strList []string

func (l *strList) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*l = []string{s}
		return nil
	}
	var xs []string
	if err := json.Unmarshal(b, &xs); err != nil {
		return err
	}
	*l = xs
	return nil
}

type response struct {
	HitCount       *flexInt `json:"hitCount"`
	NextCursorMark string   `json:"nextCursorMark"`
	ResultList     *struct {
		Result []result `json:"result"`
	} `json:"resultList"`
	ErrMsg string `json:"errMsg"`
}

type author struct {
	FullName       string `json:"fullName"`
	FirstName      string `json:"firstName"`
	LastName       string `json:"lastName"`
	Initials       string `json:"initials"`
	CollectiveName string `json:"collectiveName"`
}

// journalInfo is a result's issue, volume, print date and journal.
type journalInfo struct {
	Issue                string `json:"issue"`
	Volume               string `json:"volume"`
	PrintPublicationDate string `json:"printPublicationDate"`
	Journal              *struct {
		Title           string `json:"title"`
		ISOAbbreviation string `json:"isoabbreviation"`
		ISSN            string `json:"issn"`
		ESSN            string `json:"essn"`
	} `json:"journal"`
}

type result struct {
	ID           string  `json:"id"`
	Source       string  `json:"source"`
	PMID         string  `json:"pmid"`
	PMCID        string  `json:"pmcid"`
	DOI          string  `json:"doi"`
	Title        string  `json:"title"`
	AuthorString string  `json:"authorString"`
	JournalTitle string  `json:"journalTitle"`
	JournalVol   string  `json:"journalVolume"`
	Issue        string  `json:"issue"`
	PageInfo     string  `json:"pageInfo"`
	PubYear      string  `json:"pubYear"`
	PubType      string  `json:"pubType"`
	IsOpenAccess string  `json:"isOpenAccess"`
	CitedByCount flexInt `json:"citedByCount"`
	FirstPubDate string  `json:"firstPublicationDate"`
	AbstractText string  `json:"abstractText"`
	AuthorList   *struct {
		Author []author `json:"author"`
	} `json:"authorList"`
	JournalInfo *journalInfo `json:"journalInfo"`
	PubTypeList *struct {
		PubType strList `json:"pubType"`
	} `json:"pubTypeList"`
	MeshHeadingList *struct {
		MeshHeading []struct {
			DescriptorName    string `json:"descriptorName"`
			MeshQualifierList *struct {
				MeshQualifier []struct {
					QualifierName string `json:"qualifierName"`
				} `json:"meshQualifier"`
			} `json:"meshQualifierList"`
		} `json:"meshHeading"`
	} `json:"meshHeadingList"`
	ChemicalList *struct {
		Chemical []struct {
			Name           string `json:"name"`
			RegistryNumber string `json:"registryNumber"`
		} `json:"chemical"`
	} `json:"chemicalList"`
	KeywordList *struct {
		Keyword strList `json:"keyword"`
	} `json:"keywordList"`
	FullTextURLList *struct {
		FullTextURL []struct {
			Availability  string `json:"availability"`
			DocumentStyle string `json:"documentStyle"`
			Site          string `json:"site"`
			URL           string `json:"url"`
		} `json:"fullTextUrl"`
	} `json:"fullTextUrlList"`
	FullTextIDList *struct {
		FullTextID strList `json:"fullTextId"`
	} `json:"fullTextIdList"`
	CommentCorrectionList *struct {
		CommentCorrection []struct {
			Type      string `json:"type"`
			Reference string `json:"reference"`
			Note      string `json:"note"`
		} `json:"commentCorrection"`
	} `json:"commentCorrectionList"`
}

// Parse reads one page of a Europe PMC search response (resultType core or lite; idlist
// pages parse too but carry no titles). A body that is not a search response, or is cut
// off, is an error.
func Parse(r io.Reader) (Page, error) {
	var resp response
	dec := json.NewDecoder(r)
	if err := dec.Decode(&resp); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return Page{}, fmt.Errorf("truncated JSON: %w", err)
		}
		return Page{}, fmt.Errorf("malformed JSON: %w", err)
	}
	if resp.ErrMsg != "" {
		return Page{}, fmt.Errorf("API error: %s", resp.ErrMsg)
	}
	if resp.HitCount == nil || resp.ResultList == nil {
		return Page{}, errors.New("not a search response: hitCount or resultList missing")
	}
	p := Page{HitCount: int(*resp.HitCount), NextCursor: resp.NextCursorMark}
	for _, res := range resp.ResultList.Result {
		if ev, ok := res.evidence(); ok {
			p.Evidence = append(p.Evidence, ev)
		}
	}
	return p, nil
}

// ArticleURL is the Europe PMC page of a record.
func ArticleURL(source, id string) string {
	return "https://europepmc.org/article/" + url.PathEscape(source) + "/" + url.PathEscape(id)
}

// evidence converts one result; records without any identifier are dropped.
func (r result) evidence() (domain.Evidence, bool) {
	id := strings.TrimSpace(r.ID)
	src := strings.ToUpper(strings.TrimSpace(r.Source))
	if id == "" || src == "" {
		return domain.Evidence{}, false
	}
	c := domain.Citation{
		Source:        domain.SourceEuropePMC,
		ID:            src + ":" + id,
		Title:         stripTags(r.Title),
		URL:           ArticleURL(src, id),
		PMID:          strings.TrimSpace(r.PMID),
		PMCID:         strings.TrimSpace(r.PMCID),
		DOI:           strings.TrimSpace(r.DOI),
		Journal:       strings.TrimSpace(r.JournalTitle),
		Volume:        strings.TrimSpace(r.JournalVol),
		Issue:         strings.TrimSpace(r.Issue),
		Pages:         strings.TrimSpace(r.PageInfo),
		OpenAccess:    strings.EqualFold(r.IsOpenAccess, "Y"),
		CitationCount: int(r.CitedByCount),
		Authors:       authors(r),
	}
	if src == "MED" && c.PMID == "" {
		c.PMID = id
	}
	if src == "PMC" && c.PMCID == "" {
		c.PMCID = id
	}
	if ji := r.JournalInfo; ji != nil {
		if ji.Journal != nil {
			c.ISSN = strings.TrimSpace(ji.Journal.ISSN)
			if c.ISSN == "" {
				c.ISSN = strings.TrimSpace(ji.Journal.ESSN)
			}
		}
		if ji.Journal != nil && ji.Journal.Title != "" {
			c.Journal = strings.TrimSpace(ji.Journal.Title)
		}
		if c.Volume == "" {
			c.Volume = ji.Volume
		}
		if c.Issue == "" {
			c.Issue = ji.Issue
		}
	}
	c.Date = publicationDate(r)
	if r.PubTypeList != nil && len(r.PubTypeList.PubType) > 0 {
		c.PublicationTypes = []string(r.PubTypeList.PubType)
	} else if r.PubType != "" {
		for _, t := range strings.Split(r.PubType, ";") {
			if t = strings.TrimSpace(t); t != "" {
				c.PublicationTypes = append(c.PublicationTypes, t)
			}
		}
	}
	if r.MeshHeadingList != nil {
		for _, m := range r.MeshHeadingList.MeshHeading {
			if m.DescriptorName != "" {
				c.MeshTerms = append(c.MeshTerms, m.DescriptorName)
			}
			if m.MeshQualifierList != nil {
				for _, q := range m.MeshQualifierList.MeshQualifier {
					pair := m.DescriptorName + "/" + q.QualifierName
					if q.QualifierName != "" && m.DescriptorName != "" && !slices.Contains(c.MeshQualifiers, pair) {
						c.MeshQualifiers = append(c.MeshQualifiers, pair)
					}
				}
			}
		}
	}
	if r.ChemicalList != nil {
		for _, ch := range r.ChemicalList.Chemical {
			if ch.Name != "" {
				c.Chemicals = append(c.Chemicals, ch.Name)
				c.ChemicalRNs = append(c.ChemicalRNs, strings.TrimSpace(ch.RegistryNumber))
			}
		}
		c.ChemicalRNs = domain.RegistryNumbers(c.ChemicalRNs)
	}
	if r.KeywordList != nil {
		c.Keywords = []string(r.KeywordList.Keyword)
	}
	if r.FullTextURLList != nil {
		for _, u := range r.FullTextURLList.FullTextURL {
			if u.URL != "" && !contains(c.FullTextURLs, u.URL) {
				c.FullTextURLs = append(c.FullTextURLs, u.URL)
			}
		}
	}
	if r.FullTextIDList != nil {
		for _, pmc := range r.FullTextIDList.FullTextID {
			if u := ArticleURL("PMC", pmc); pmc != "" && !contains(c.FullTextURLs, u) {
				c.FullTextURLs = append(c.FullTextURLs, u)
			}
			// The full text's PMC id is the PMCID the full-text fetcher asks for, when the
			// record did not give one.
			if p := strings.TrimSpace(pmc); c.PMCID == "" && strings.HasPrefix(strings.ToUpper(p), "PMC") {
				c.PMCID = p
			}
		}
	}
	if r.CommentCorrectionList != nil {
		for _, cc := range r.CommentCorrectionList.CommentCorrection {
			t := strings.ToLower(cc.Type)
			if strings.Contains(t, "retraction") || strings.Contains(t, "expression of concern") {
				notice := strings.TrimSpace(cc.Type)
				if ref := strings.TrimSpace(cc.Reference); ref != "" {
					notice += ": " + ref
				}
				c.Retractions = append(c.Retractions, notice)
			}
		}
	}
	c.Sections = Sections(r.AbstractText)
	return domain.Evidence{Content: domain.SectionsText(c.Sections), Citation: c}, true
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// isSuffix reports a generational suffix as PubMed writes it after the initials.
func isSuffix(w string) bool {
	switch strings.TrimSuffix(w, ".") {
	case "Jr", "Sr", "II", "III", "IV", "2nd", "3rd":
		return true
	}
	return false
}

// authors prefers the structured author list and falls back to authorString.
func authors(r result) []string {
	out := []string{}
	if r.AuthorList != nil {
		for _, a := range r.AuthorList.Author {
			// "Last, First" keeps the whole first name ("Flaherty, Keith T") for the
			// exports; fullName ("Flaherty KT") has only initials and is the fallback.
			last, first := strings.TrimSpace(a.LastName), strings.TrimSpace(a.FirstName)
			if first == "" {
				first = strings.TrimSpace(a.Initials)
			}
			switch {
			case a.CollectiveName != "":
				out = append(out, strings.TrimSpace(a.CollectiveName))
			case last != "" && first != "":
				name := last + ", " + first
				// Europe PMC has no suffix field; "Hambrick GW Jr" carries it in fullName.
				if f := strings.Fields(a.FullName); len(f) > 2 && isSuffix(f[len(f)-1]) && !strings.HasSuffix(first, f[len(f)-1]) {
					name += ", " + f[len(f)-1]
				}
				out = append(out, name)
			case a.FullName != "":
				out = append(out, strings.TrimSpace(a.FullName))
			case last != "":
				out = append(out, last)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	for _, a := range strings.Split(strings.TrimSuffix(strings.TrimSpace(r.AuthorString), "."), ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}

// publicationDate takes the first well-formed of firstPublicationDate, the print date and
// pubYear, as "YYYY-MM-DD", "YYYY-MM" or "YYYY": only what is known (knownDate).
func publicationDate(r result) string {
	cands := []string{r.FirstPubDate}
	if r.JournalInfo != nil {
		cands = append(cands, r.JournalInfo.PrintPublicationDate)
	}
	for _, d := range cands {
		d = strings.TrimSpace(d)
		if len(d) == 10 && d[4] == '-' && d[7] == '-' && domain.AllDigits(d[:4]+d[5:7]+d[8:]) && d[5:] != "00-00" {
			return knownDate(d)
		}
	}
	if y := strings.TrimSpace(r.PubYear); len(y) == 4 && domain.AllDigits(y) {
		return y
	}
	return ""
}

// knownDate cuts a Europe PMC date to what it can be known to state. Europe PMC writes every
// date as a whole day, padding what the journal issue did not give with 01: a "2000" issue
// is "2000-01-01", a "2019 Mar" issue "2019-03-01". A day 01 (and a month 01 with it)
// cannot be told from that padding, so it is left out: the exports then say "2000" or
// "March 2019", never a 1 January the source never stated, and merging with PubMed, whose
// date says only what the record gives, keeps the same precision.
func knownDate(d string) string {
	switch {
	case d[5:] == "01-01":
		return d[:4]
	case d[8:] == "01":
		return d[:7]
	}
	return d
}

// Sections splits an abstractText into labelled sections at its HTML headings
// (<h4>Background</h4>...), strips every other tag and decodes entities. An abstract
// without headings is one unlabelled section.
func Sections(abstract string) []domain.Section {
	if strings.TrimSpace(abstract) == "" {
		return nil
	}
	var (
		sections []domain.Section
		label    strings.Builder
		text     strings.Builder
		inHead   bool
	)
	flush := func() {
		t := strings.Join(strings.Fields(text.String()), " ")
		l := strings.TrimSpace(strings.TrimSuffix(strings.Join(strings.Fields(label.String()), " "), ":"))
		if t != "" || l != "" {
			sections = append(sections, domain.Section{Label: strings.ToUpper(l), Text: t})
		}
		label.Reset()
		text.Reset()
	}
	z := html.NewTokenizer(strings.NewReader(abstract))
	for {
		switch z.Next() {
		case html.ErrorToken:
			flush()
			return sections
		case html.TextToken:
			if inHead {
				label.Write(z.Text())
			} else {
				text.Write(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "h1", "h2", "h3", "h4", "h5", "h6":
				flush()
				inHead = true
			case "br", "p", "div", "li":
				text.WriteByte(' ')
			case "sup":
				text.WriteByte('^')
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "h1", "h2", "h3", "h4", "h5", "h6":
				inHead = false
			case "p", "div", "li":
				text.WriteByte(' ')
			}
		}
	}
}

// stripTags removes markup from a title and decodes its entities.
func stripTags(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return strings.Join(strings.Fields(s), " ")
	}
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case html.TextToken:
			b.Write(z.Text())
		}
	}
}
