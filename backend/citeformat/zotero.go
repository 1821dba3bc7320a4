package citeformat

import (
	"cmp"
	"errors"
	"regexp"
	"strings"

	"deepcritical/backend/domain"
)

// ZoteroCreator is a creator in Zotero's item JSON: a person as lastName and firstName (the
// full given names), or an organisation as one name that Zotero never splits.
type ZoteroCreator struct {
	CreatorType string `json:"creatorType"`
	FirstName   string `json:"firstName,omitempty"`
	LastName    string `json:"lastName,omitempty"`
	Name        string `json:"name,omitempty"`
}

// ZoteroTag is a tag; Type 1 is an automatic tag, 0 (omitted) one the user added.
type ZoteroTag struct {
	Tag  string `json:"tag"`
	Type int    `json:"type,omitempty"`
}

// ZoteroNote is a child note of an item saved through the connector; Note is HTML.
type ZoteroNote struct {
	Note string `json:"note"`
}

// ZoteroItem is one item in Zotero's item JSON, the shape shared by the connector's
// saveItems (translator items: ID, Notes) and the local and web API's "data" object (Key,
// Version, ParentItem, Collections). Field names are Zotero's. Only the fields DeepCritical
// reads or writes are here; the others of an API item are ignored when decoding.
type ZoteroItem struct {
	Key        string `json:"key,omitempty"`
	Version    int    `json:"version,omitempty"`
	ParentItem string `json:"parentItem,omitempty"`
	// ID is the connector's handle for the item within one save session.
	ID       string `json:"id,omitempty"`
	ItemType string `json:"itemType"`
	Title    string `json:"title,omitempty"`
	// CaseName, NameOfAct and Subject are the title of a case, a statute and an email:
	// Zotero maps its base field "title" to them for those types.
	CaseName            string          `json:"caseName,omitempty"`
	NameOfAct           string          `json:"nameOfAct,omitempty"`
	Subject             string          `json:"subject,omitempty"`
	Creators            []ZoteroCreator `json:"creators,omitempty"`
	AbstractNote        string          `json:"abstractNote,omitempty"`
	PublicationTitle    string          `json:"publicationTitle,omitempty"`
	JournalAbbreviation string          `json:"journalAbbreviation,omitempty"`
	WebsiteTitle        string          `json:"websiteTitle,omitempty"`
	BookTitle           string          `json:"bookTitle,omitempty"`
	ProceedingsTitle    string          `json:"proceedingsTitle,omitempty"`
	Repository          string          `json:"repository,omitempty"`
	Volume              string          `json:"volume,omitempty"`
	Issue               string          `json:"issue,omitempty"`
	Pages               string          `json:"pages,omitempty"`
	Date                string          `json:"date,omitempty"`
	DOI                 string          `json:"DOI,omitempty"`
	ISSN                string          `json:"ISSN,omitempty"`
	URL                 string          `json:"url,omitempty"`
	Extra               string          `json:"extra,omitempty"`
	Tags                []ZoteroTag     `json:"tags,omitempty"`
	Collections         []string        `json:"collections,omitempty"`
	Notes               []ZoteroNote    `json:"notes,omitempty"`
	// Attachment fields (itemType "attachment").
	ContentType string `json:"contentType,omitempty"`
	LinkMode    string `json:"linkMode,omitempty"`
	// Note is a note item's HTML (itemType "note").
	Note string `json:"note,omitempty"`
}

// Zotero item types DeepCritical writes: a paper is a journal article; a trial registration
// or a web page is a web page on its site (Zotero has no trial-registration type).
const (
	ZoteroJournalArticle = "journalArticle"
	ZoteroWebpage        = "webpage"
)

// IsZoteroChild reports whether an item type is never a reference of its own: notes,
// attachments (PDFs, snapshots, links) and annotations belong to the items they sit under.
func IsZoteroChild(itemType string) bool {
	switch itemType {
	case "note", "attachment", "annotation":
		return true
	}
	return false
}

// ZoteroItemOf renders a piece of evidence as a Zotero item: the journal article or web page
// its RIS type says (risType, the one rule for which a paper is), creators with their full
// given names split from the family name (ParseName; organisations as one name), the DOI in
// its field on a journal article and in Extra elsewhere, and PMID, PMCID and the trial's NCT id
// in Extra as "PMID: …" lines, the form Zotero's own PubMed import writes and its citation
// styles and plugins read. The abstract is the evidence text. Tags, notes and the session ID are
// the caller's.
func ZoteroItemOf(ev domain.Evidence) ZoteroItem {
	c := ev.Citation
	it := ZoteroItem{
		ItemType:     ZoteroJournalArticle,
		Title:        cleanSpace(c.Title),
		AbstractNote: strings.TrimSpace(ev.Content),
		Volume:       cleanSpace(c.Volume),
		Issue:        cleanSpace(c.Issue),
		Pages:        ExpandPages(c.Pages),
		URL:          SafeURL(c.URL),
	}
	if y, m, d := dateParts(c.Date); y > 0 {
		it.Date = pad4(y)
		if m > 0 {
			it.Date += "-" + pad2(m)
			if d > 0 {
				it.Date += "-" + pad2(d)
			}
		}
	}
	ids := c
	ids.Notes = nil // DeepCritical's own notes go into a child note, not Extra
	extra := identifierNote(ids, "\n")
	if risType(c) == "JOUR" {
		it.PublicationTitle = cleanSpace(c.Journal)
		it.DOI = cleanDOI(c.DOI)
		it.ISSN = cleanSpace(c.ISSN)
	} else {
		it.ItemType = ZoteroWebpage
		it.WebsiteTitle = websiteTitle(c)
		it.Volume, it.Issue, it.Pages = "", "", ""
		if d := cleanDOI(c.DOI); d != "" {
			extra = strings.TrimSpace("DOI: " + d + "\n" + extra)
		}
	}
	it.Extra = extra
	for _, a := range c.Authors {
		if a = cleanSpace(a); a == "" {
			continue
		}
		n := ParseName(a)
		switch {
		case n.Literal != "" || n.Family == "":
			// Zotero refuses a creator with neither a name nor a last name.
			it.Creators = append(it.Creators, ZoteroCreator{CreatorType: "author", Name: n.String()})
		default:
			given := n.Given
			if n.Suffix != "" {
				// Zotero has no suffix field; its own importers keep it after the given names.
				given = strings.TrimSpace(given + ", " + n.Suffix)
			}
			it.Creators = append(it.Creators, ZoteroCreator{CreatorType: "author", LastName: n.Family, FirstName: given})
		}
	}
	return it
}

var extraDOI = regexp.MustCompile(`(?im)^\s*DOI:\s*(\S+)`)

// ErrZoteroChild is returned by EvidenceOfZotero for notes, attachments and annotations.
var ErrZoteroChild = errors.New("a note, attachment or annotation, not a reference")

// EvidenceOfZotero reads a Zotero item (the API's "data" object) as library evidence:
// creators become "Family, Given" authors (editors and other roles only when the item has no
// author), parsedDate (the API's meta.parsedDate, "" when absent) or else the free-text date
// gives the ISO date, the container is whichever title the item type has, the DOI comes from
// its field or Extra, and PMID, PMCID and NCT id from Extra's lines (noteIdentifiers, the rule
// every reader here uses). The Zotero key is the local ID of an item with no public
// identifier.
func EvidenceOfZotero(it ZoteroItem, parsedDate string) (domain.Evidence, error) {
	var ev domain.Evidence
	if it.ItemType == "" {
		return ev, errors.New("the item has no itemType")
	}
	if IsZoteroChild(it.ItemType) {
		return ev, ErrZoteroChild
	}
	c := &ev.Citation
	c.Title = stripHTML(cmp.Or(it.Title, it.CaseName, it.NameOfAct, it.Subject))
	var authors, others []string
	for _, cr := range it.Creators {
		var name string
		switch {
		case strings.TrimSpace(cr.Name) != "":
			name = cleanSpace(cr.Name)
		case strings.TrimSpace(cr.LastName) != "" && strings.TrimSpace(cr.FirstName) != "":
			name = Name{Family: cleanSpace(cr.LastName), Given: cleanSpace(cr.FirstName)}.String()
		default:
			name = cleanSpace(cr.LastName + " " + cr.FirstName)
		}
		if name == "" {
			continue
		}
		if cr.CreatorType == "author" || cr.CreatorType == "" {
			authors = append(authors, name)
		} else {
			others = append(others, name)
		}
	}
	if len(authors) == 0 {
		authors = others
	}
	c.Authors = authors
	c.Date = normDate(parsedDate)
	if c.Date == "" {
		c.Date = normDate(it.Date)
	}
	for _, j := range []string{it.PublicationTitle, it.ProceedingsTitle, it.BookTitle, it.WebsiteTitle, it.Repository, it.JournalAbbreviation} {
		if strings.TrimSpace(j) != "" {
			c.Journal = stripHTML(j)
			break
		}
	}
	c.Volume, c.Issue = cleanSpace(it.Volume), cleanSpace(it.Issue)
	c.Pages = strings.ReplaceAll(cleanSpace(it.Pages), "–", "-")
	c.ISSN = cleanSpace(it.ISSN)
	c.URL = it.URL
	c.DOI = it.DOI
	if c.DOI == "" {
		if m := extraDOI.FindStringSubmatch(it.Extra); m != nil {
			c.DOI = m[1]
		}
	}
	noteIdentifiers(c, it.Extra)
	for _, t := range it.Tags {
		if s := cleanSpace(t.Tag); s != "" {
			c.Keywords = append(c.Keywords, s)
		}
	}
	ev.Content = strings.TrimSpace(stripHTML(it.AbstractNote))
	local := ""
	if it.Key != "" {
		local = "zotero:" + it.Key
	}
	finish(&ev, local)
	return ev, nil
}
