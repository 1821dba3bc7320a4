package eutils

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"deepcritical/backend/search/querybuild"
)

// Server answers esearch.fcgi and efetch.fcgi like E-utilities, over an Engine.
type Server struct {
	e *Engine
	// Requests counts esearch and efetch calls (for the requests-per-iteration figure).
	ESearches, EFetches atomic.Int64
	// PMCFetches counts efetch db=pmc calls.
	PMCFetches atomic.Int64

	// PMC serves efetch db=pmc: PubMed Central's articles as JATS (nil: every PMCID is
	// "not available", as for an id PMC does not hold).
	PMC FullTexts
	// PMCErrorPage makes efetch db=pmc answer an HTML error page (status 200, as a
	// misbehaving proxy or maintenance page does), to test that it is named as such.
	PMCErrorPage bool

	mu  sync.Mutex
	env map[string][][]string // WebEnv → result sets by query_key-1
}

// NewServer serves the engine.
func NewServer(e *Engine) *Server { return &Server{e: e, env: map[string][][]string{}} }

// ServeHTTP routes by the last path element, so the server can be mounted under any prefix.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case strings.HasSuffix(r.URL.Path, "/esearch.fcgi"):
		s.ESearches.Add(1)
		s.esearch(w, r)
	case strings.HasSuffix(r.URL.Path, "/efetch.fcgi"):
		s.EFetches.Add(1)
		s.efetch(w, r)
	default:
		http.NotFound(w, r)
	}
}

const esearchHead = `<?xml version="1.0" encoding="UTF-8" ?>
<!DOCTYPE eSearchResult PUBLIC "-//NLM//DTD esearch 20060628//EN" "https://eutils.ncbi.nlm.nih.gov/eutils/dtd/20060628/esearch.dtd">
`

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

func writeXML(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "text/xml; charset=UTF-8")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

func (s *Server) esearch(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		writeXML(w, http.StatusBadRequest, esearchHead+"<eSearchResult><ERROR>Invalid request</ERROR></eSearchResult>\n")
		return
	}
	f := r.Form
	if db := f.Get("db"); db != "pubmed" {
		writeXML(w, http.StatusOK, esearchHead+"<eSearchResult><ERROR>Invalid db name specified: "+esc(db)+"</ERROR></eSearchResult>\n")
		return
	}
	term := strings.TrimSpace(f.Get("term"))
	if term == "" {
		writeXML(w, http.StatusOK, esearchHead+"<eSearchResult><ERROR>Empty term and query_key - nothing todo</ERROR></eSearchResult>\n")
		return
	}
	retmax, retstart := 20, 0
	if v := f.Get("retmax"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeXML(w, http.StatusOK, esearchHead+"<eSearchResult><ERROR>Invalid retmax: "+esc(v)+"</ERROR></eSearchResult>\n")
			return
		}
		retmax = min(n, 10000)
	}
	if v := f.Get("retstart"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeXML(w, http.StatusOK, esearchHead+"<eSearchResult><ERROR>Invalid retstart: "+esc(v)+"</ERROR></eSearchResult>\n")
			return
		}
		retstart = n
	}
	out, err := s.e.Search(term, f.Get("sort"))
	if err != nil {
		var se *querybuild.SyntaxError
		msg := err.Error()
		if errors.As(err, &se) {
			msg = "Invalid query: " + se.Msg
		}
		writeXML(w, http.StatusOK, esearchHead+"<eSearchResult><ERROR>"+esc(msg)+"</ERROR></eSearchResult>\n")
		return
	}
	var b strings.Builder
	b.WriteString(esearchHead)
	ids := out.IDs
	page := []string{}
	if retstart < len(ids) {
		page = ids[retstart:min(len(ids), retstart+retmax)]
	}
	fmt.Fprintf(&b, "<eSearchResult><Count>%d</Count><RetMax>%d</RetMax><RetStart>%d</RetStart>", len(ids), len(page), retstart)
	if f.Get("usehistory") == "y" {
		env, key := s.store(f.Get("WebEnv"), ids)
		fmt.Fprintf(&b, "<QueryKey>%d</QueryKey><WebEnv>%s</WebEnv>", key, esc(env))
	}
	b.WriteString("<IdList>")
	for _, id := range page {
		fmt.Fprintf(&b, "\n<Id>%s</Id>", id)
	}
	b.WriteString("\n</IdList><TranslationSet/>")
	fmt.Fprintf(&b, "<QueryTranslation>%s</QueryTranslation>", esc(out.Translation))
	if len(out.NotFound)+len(out.FieldMissing) > 0 {
		b.WriteString("<ErrorList>")
		for _, p := range out.NotFound {
			fmt.Fprintf(&b, "<PhraseNotFound>%s</PhraseNotFound>", esc(p))
		}
		for _, p := range out.FieldMissing {
			fmt.Fprintf(&b, "<FieldNotFound>%s</FieldNotFound>", esc(p))
		}
		b.WriteString("</ErrorList>")
	}
	if len(out.QuotedAbsent)+len(out.Ignored) > 0 || len(ids) == 0 {
		b.WriteString("<WarningList>")
		for _, p := range out.QuotedAbsent {
			fmt.Fprintf(&b, "<QuotedPhraseNotFound>%s</QuotedPhraseNotFound>", esc(p))
		}
		for _, p := range out.Ignored {
			fmt.Fprintf(&b, "<PhraseIgnored>%s</PhraseIgnored>", esc(p))
		}
		if len(ids) == 0 {
			b.WriteString("<OutputMessage>No items found.</OutputMessage>")
		}
		b.WriteString("</WarningList>")
	}
	b.WriteString("</eSearchResult>\n")
	writeXML(w, http.StatusOK, b.String())
}

// store keeps a result set on the history server: appended to the given WebEnv when it
// exists, else in a new one. It returns the WebEnv and the set's query_key.
func (s *Server) store(env string, ids []string) (string, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.env[env]; !ok || env == "" {
		var b [12]byte
		rand.Read(b[:])
		env = "MCID_" + hex.EncodeToString(b[:])
	}
	s.env[env] = append(s.env[env], append([]string(nil), ids...))
	return env, len(s.env[env])
}

// FullTexts gives PubMed Central's articles: a JATS <article> element by PMCID ("PMC"
// and digits), its front matter only when the publisher withholds the body.
type FullTexts interface {
	Article(pmcid string) ([]byte, bool)
}

func (s *Server) efetch(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		writeXML(w, http.StatusBadRequest, "<eFetchResult><ERROR>Invalid request</ERROR></eFetchResult>\n")
		return
	}
	f := r.Form
	if f.Get("db") == "pmc" {
		s.PMCFetches.Add(1)
		s.efetchPMC(w, f)
		return
	}
	if f.Get("db") != "pubmed" {
		writeXML(w, http.StatusBadRequest, "<eFetchResult><ERROR>Invalid db name</ERROR></eFetchResult>\n")
		return
	}
	var ids []string
	if raw := f.Get("id"); raw != "" {
		for _, id := range strings.Split(raw, ",") {
			if id = strings.TrimSpace(id); id != "" {
				ids = append(ids, id)
			}
		}
	} else if env := f.Get("WebEnv"); env != "" {
		key, err := strconv.Atoi(f.Get("query_key"))
		s.mu.Lock()
		sets, ok := s.env[env]
		s.mu.Unlock()
		if !ok || err != nil || key < 1 || key > len(sets) {
			writeXML(w, http.StatusBadRequest, "<eFetchResult><ERROR>Unable to obtain query #"+esc(f.Get("query_key"))+"</ERROR></eFetchResult>\n")
			return
		}
		ids = sets[key-1]
		start, _ := strconv.Atoi(f.Get("retstart"))
		n := 20
		if v, err := strconv.Atoi(f.Get("retmax")); err == nil && v >= 0 {
			n = v
		}
		if start > len(ids) {
			start = len(ids)
		}
		ids = ids[start:min(len(ids), start+n)]
	} else {
		writeXML(w, http.StatusBadRequest, "<eFetchResult><ERROR>Empty id list - nothing todo</ERROR></eFetchResult>\n")
		return
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" ?>
<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">
<PubmedArticleSet>
`)
	for _, id := range ids {
		rec, ok := s.e.Record(id)
		if !ok {
			continue // E-utilities leaves unknown ids out
		}
		writeArticle(&b, rec)
	}
	b.WriteString("</PubmedArticleSet>\n")
	writeXML(w, http.StatusOK, b.String())
}

// pmcSetHead is the head of efetch db=pmc's answer, as NCBI sends it.
const pmcSetHead = `<?xml version="1.0"  ?>
<!DOCTYPE pmc-articleset PUBLIC "-//NLM//DTD ARTICLE SET 2.0//EN" "https://dtd.nlm.nih.gov/ncbi/pmc/articleset/nlm-articleset-2.0.dtd">
<pmc-articleset>`

// ErrorPage is the HTML page a full-text fake answers in its error-page mode.
const ErrorPage = `<!DOCTYPE html>
<html><head><title>Service Temporarily Unavailable</title></head>
<body><h1>Service Temporarily Unavailable</h1><p>The server is temporarily unable to service your request due to maintenance downtime.</p></body></html>
`

// efetchPMC answers efetch db=pmc: each id's <article> in order, or PMC's <error> for an id
// it does not hold (status 200 either way, as NCBI answers). Ids are PMC UIDs, the digits
// of a PMCID; the "PMC" prefix is accepted too.
func (s *Server) efetchPMC(w http.ResponseWriter, f url.Values) {
	if s.PMCErrorPage {
		w.Header().Set("Content-Type", "text/html; charset=UTF-8")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, ErrorPage)
		return
	}
	raw := strings.TrimSpace(f.Get("id"))
	if raw == "" {
		writeXML(w, http.StatusBadRequest, "<eFetchResult><ERROR>Empty id list - nothing todo</ERROR></eFetchResult>\n")
		return
	}
	var b strings.Builder
	b.WriteString(pmcSetHead)
	for _, id := range strings.Split(raw, ",") {
		id = strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(id)), "PMC")
		if id == "" {
			continue
		}
		var art []byte
		ok := false
		if s.PMC != nil {
			art, ok = s.PMC.Article("PMC" + id)
		}
		if !ok {
			fmt.Fprintf(&b, `<error id="%s">The following PMCID is not available: %s</error>`, esc(id), esc(id))
			continue
		}
		b.Write(art)
	}
	b.WriteString("</pmc-articleset>\n")
	writeXML(w, http.StatusOK, b.String())
}

func writeArticle(b *strings.Builder, r Record) {
	fmt.Fprintf(b, `<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">%s</PMID><Article PubModel="Print">`, esc(r.PMID))
	fmt.Fprintf(b, `<Journal><JournalIssue CitedMedium="Print"><PubDate><Year>%s</Year></PubDate></JournalIssue><Title>%s</Title></Journal>`, esc(r.Year), esc(r.Journal))
	fmt.Fprintf(b, `<ArticleTitle>%s</ArticleTitle>`, esc(r.Title))
	if len(r.Abstract) > 0 {
		b.WriteString("<Abstract>")
		for _, s := range r.Abstract {
			if s.Label != "" {
				fmt.Fprintf(b, `<AbstractText Label="%s">%s</AbstractText>`, esc(s.Label), esc(s.Text))
			} else {
				fmt.Fprintf(b, `<AbstractText>%s</AbstractText>`, esc(s.Text))
			}
		}
		b.WriteString("</Abstract>")
	}
	if len(r.Authors) > 0 {
		b.WriteString(`<AuthorList CompleteYN="Y">`)
		for _, a := range r.Authors {
			last, init := a, ""
			if i := strings.LastIndex(a, " "); i > 0 {
				last, init = a[:i], a[i+1:]
			}
			fmt.Fprintf(b, `<Author ValidYN="Y"><LastName>%s</LastName><Initials>%s</Initials></Author>`, esc(last), esc(init))
		}
		b.WriteString("</AuthorList>")
	}
	b.WriteString("<Language>eng</Language><PublicationTypeList>")
	for _, p := range r.PubTypes {
		fmt.Fprintf(b, `<PublicationType UI="">%s</PublicationType>`, esc(p))
	}
	b.WriteString("</PublicationTypeList></Article>")
	if len(r.Chemicals) > 0 {
		b.WriteString("<ChemicalList>")
		for i, c := range r.Chemicals {
			rn := "0"
			if i < len(r.ChemicalRNs) && r.ChemicalRNs[i] != "" {
				rn = r.ChemicalRNs[i]
			}
			fmt.Fprintf(b, `<Chemical><RegistryNumber>%s</RegistryNumber><NameOfSubstance UI="">%s</NameOfSubstance></Chemical>`, esc(rn), esc(c))
		}
		b.WriteString("</ChemicalList>")
	}
	if len(r.MeSH) > 0 {
		b.WriteString("<MeshHeadingList>")
		for _, h := range r.MeSH {
			yn := "N"
			if h.Major && len(h.Subs) == 0 {
				yn = "Y"
			}
			fmt.Fprintf(b, `<MeshHeading><DescriptorName UI="" MajorTopicYN="%s">%s</DescriptorName>`, yn, esc(h.Name))
			for _, q := range h.Subs {
				fmt.Fprintf(b, `<QualifierName UI="" MajorTopicYN="N">%s</QualifierName>`, esc(q))
			}
			b.WriteString("</MeshHeading>")
		}
		b.WriteString("</MeshHeadingList>")
	}
	b.WriteString("</MedlineCitation><PubmedData><ArticleIdList>")
	fmt.Fprintf(b, `<ArticleId IdType="pubmed">%s</ArticleId>`, esc(r.PMID))
	if r.PMCID != "" {
		fmt.Fprintf(b, `<ArticleId IdType="pmc">%s</ArticleId>`, esc(r.PMCID))
	}
	b.WriteString("</ArticleIdList></PubmedData></PubmedArticle>\n")
}
