package pdftext

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/domain"
)

// A PDF prints its own DOI, PMID and PMCID where journals print them: in the running heads
// and footers, in the first page's margins, in the front matter between the title and the
// first heading ("J Affect Trials 2021;12:101–110. doi:10.1234/x. PMID: 33333333"), or on a
// first-page line of their own (a footnote "https://doi.org/10.1016/…"). The identifiers a
// paper prints of other papers sit elsewhere: in the prose of its abstract and body ("as
// reported (doi:…)"), in its reference list, after a cross-reference label ("Comment
// on: Rossi M, et al. … PMID: 33333333", "Erratum for", "See also", "Related pilot study:")
// and in a line set as a reference ("Harwood RH et al. Age Ageing 2010;39:41-7. PMID: …").
// Taking one of those for the PDF's own would file a commentary under the trial it
// discusses, so they are left out: a labelled citation always, a reference-like line when
// the paper prints an identifier of its own elsewhere.

// crossReference starts the citation of another paper: the links PubMed's comments and
// corrections name (comment on/in, erratum for/in, retraction of/in, update of/in,
// republished from/in, expression of concern for/in, summary for patients in, original
// report in) and the ones journals print (correction to, reply to, see also, related
// article, source citation) and their own labels ("Related pilot study:", "Companion paper:",
// "Cited in:"). A label is only one of these phrases: "Original Article" is an article
// type, not a citation, and a bare "see" is prose.
var crossReference = regexp.MustCompile(`(?i)\b(?:(?:invited\s+)?comment(?:ary)?\s+(?:on|in|to)|erratum\s+(?:for|in|to)|` +
	`corrigend(?:um|a)\s+(?:to|for|in)|correction\s+(?:to|for|in|of)|(?:partial\s+)?retraction\s+(?:of|in|notice\s+(?:to|for))|` +
	`retracted\s+(?:in|by)|expression\s+of\s+concern\s+(?:for|in|about|regarding)|updated?\s+(?:of|in|to)|` +
	`(?:corrected\s+and\s+)?republished\s+(?:from|in)|reprint(?:ed)?\s+(?:of|in|from)|original\s+(?:report|article)\s+in|` +
	`summary\s+for\s+patients\s+in|(?:in\s+)?(?:reply|response)\s+to|see\s+also|see\s+(?:the\s+)?(?:related|accompanying|linked)|` +
	`(?:related|linked|accompanying)\s+(?:article|commentary|editorial)|refers\s+to|source\s+citation)\b|` +
	// Labels only with their colon: "related study" and "cited in" are prose too.
	`\b(?:(?:related|companion)(?:\s+[\p{L}-]+)?\s+(?:article|paper|publication|report|stud(?:y|ies)|trials?|protocol)|cited\s+(?:in|by))\s*:`)

// ownCitation labels the paper's own citation ("Citation: Rossi M, Roe J (2021) …", "Cite
// this as: …"): the identifiers after it are the paper's, whatever the line looks like.
var ownCitation = regexp.MustCompile(`(?i)\b(?:citation|(?:please\s+|how\s+to\s+|to\s+)?cite(?:\s+this)?(?:\s+(?:article|paper))?(?:\s+as)?)\s*:`)

// A reference's parts: its authors in Vancouver style ("Harwood RH,", "Smith AB et al",
// "Harwood et al.") and its journal's year and volume ("2010;39:41-7", "(2020) 21:5",
// "2014, 7:731").
var (
	citedAuthors = regexp.MustCompile(`\b\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}{1,3})?(?:\s+et\s+al\b|\s+\p{Lu}{1,3}[,.])`)
	citedIssue   = regexp.MustCompile(`\b(?:19|20)\d{2}[a-z]?\s*(?:;\s*\d+|\)\s*\d+|,\s*\d+\s*:\s*\d+)`)
)

// citationLike reports whether a line prints a reference: authors and a journal's year and
// volume, not labelled as the paper's own citation. Such a line on the first page may cite
// another paper ("Harwood RH et al. Age Ageing 2010;39:41-7. PMID: 20308079" under a
// paper's own "BMJ 2013;347:f4132 doi: 10.1136/bmj.f4132") or be the paper's own footer
// ("Smith et al. Trials (2020) 21:5 https://doi.org/…"): its identifiers are taken only when
// the paper prints none elsewhere.
func citationLike(s string) bool {
	return !ownCitation.MatchString(s) && citedAuthors.MatchString(s) && citedIssue.MatchString(s)
}

// citedReach is how many lines after a cross-reference label its citation may run before
// the cited paper's identifier: an author list, a title and a journal line.
const citedReach = 3

// printedIDs returns the text a paper's own identifiers are read from (domain.DOIsIn,
// PMIDsIn, PMCIDsIn), and the first page's text with other papers' citations taken out
// (for the citation line and the registry ids). heads and kinds are the body's headings and
// the kind of section each starts (headingKinds). A line that reads as a reference
// (citationLike) counts for the paper only when no other line prints an identifier.
func printedIDs(body, running []rawLine, titleLines map[int]bool, heads []heading, kinds []domain.SectionKind) (own, front string) {
	var ownLines, citedLines, frontLines []string
	addOwn := func(t string) {
		if citationLike(t) {
			citedLines = append(citedLines, t)
			ownLines = append(ownLines, "") // a DOI is not glued across it
			return
		}
		ownLines = append(ownLines, t)
	}
	for _, l := range running {
		t := dropCited([]string{l.Text}, nil)[0]
		addOwn(t)
		frontLines = append(frontLines, t)
	}
	var idx []int
	var texts []string
	for i, l := range body {
		if l.Page != 1 {
			break
		}
		idx = append(idx, i)
		texts = append(texts, l.Text)
	}
	kept := dropCited(texts, func(k int) bool { return titleLines[idx[k]] })
	part := 0
	for k, i := range idx {
		for part < len(heads) && heads[part].start <= i {
			part++
		}
		// part is the number of headings at or before line i: 0 in the front matter.
		kind := domain.SectionOther
		if part > 0 {
			kind = kinds[part-1]
		}
		if kind == sectionReferences || kind == sectionDropped {
			continue
		}
		frontLines = append(frontLines, kept[k])
		// The front matter and the margins are where a journal sets a paper's metadata; in
		// the sections, only a line that is not running text can be.
		l := body[i]
		if part == 0 || inMargin(l) || !prose(l.Text) {
			addOwn(kept[k])
		}
	}
	own = joinBrokenIDs(ownLines)
	if !hasPaperID(own) {
		own += "\n" + joinBrokenIDs(citedLines)
	}
	return own, joinBrokenIDs(frontLines)
}

// hasPaperID reports whether s prints a paper's DOI, PMID or PMCID.
func hasPaperID(s string) bool {
	return len(domain.DOIsIn(s)) > 0 || len(domain.PMIDsIn(s)) > 0 || len(domain.PMCIDsIn(s)) > 0
}

// dropCited removes from lines the citations that follow a cross-reference label: the rest
// of the label's line and, when no identifier follows the label there, the next lines up
// to the first that holds one (citedReach at most), that line included. Lines skip(i) says
// are a title are not searched for labels ("Reply to Smith: …" names the letter itself).
// The lines keep their positions; a line wholly cited is "".
func dropCited(lines []string, skip func(int) bool) []string {
	out := make([]string, len(lines))
	pending := 0
	for i, l := range lines {
		if pending > 0 {
			pending--
			if hasIdentifier(l) {
				pending = 0
				continue // the cited paper's identifiers end its citation
			}
		}
		if skip == nil || !skip(i) {
			if loc := crossReference.FindStringIndex(l); loc != nil {
				if !hasIdentifier(l[loc[1]:]) {
					pending = citedReach
				}
				l = strings.TrimSpace(l[:loc[0]])
			}
		}
		out[i] = l
	}
	return out
}

// hasIdentifier reports whether s prints a paper's or a trial's identifier.
func hasIdentifier(s string) bool {
	return len(domain.DOIsIn(s)) > 0 || len(domain.PMIDsIn(s)) > 0 || len(domain.PMCIDsIn(s)) > 0 || len(appraisal.RegistryIDs(s)) > 0
}

// prose reports whether a line is running text: four words in a row in lower case ("we
// argue that the trial"). A citation or identifier line ("JAMA. 2019;321(5):456-465.
// doi:10.1001/…", "https://doi.org/…") has none.
func prose(s string) bool {
	run := 0
	for _, w := range strings.Fields(s) {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsLower(r) {
			run = 0
			continue
		}
		if run++; run == 4 {
			return true
		}
	}
	return false
}

// joinBrokenIDs joins lines into one text for the identifier patterns, gluing a DOI that
// the typesetter broke over two lines ("…/1756-" "0500-7-731", "https://doi.org/"
// "10.3389/…", LaTeX's break after a dot "…/j." "jad.2020.01.001") and nothing else: a DOI
// never runs on into the next line's first word ("…2021.001." "PMID: 33333333" is a DOI, a
// full stop and a PMID).
func joinBrokenIDs(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			if !continuesDOI(lines[i-1], l) {
				b.WriteString("\n")
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

// doiChars are the characters of a DOI's suffix (Crossref's advice for matching DOIs in
// text, /^10.\d{4,9}/[-._;()/:A-Z0-9]+$/i).
var doiChars = regexp.MustCompile(`^[-._;()/:A-Za-z0-9]+$`)

// continuesDOI reports whether next's first word is the rest of a DOI that prev's last word
// began. Only a DOI or its link ("10.…", "doi.org/…") broken at a "/", "-" or "." goes on,
// and only into DOI characters that are not a word: after a "/" any of them; after a "-" a
// part with a digit ("0500-7-731"); after a "." (a full stop as often as a break) a part
// with a digit and a dot, slash or letter ("2021.780605", "jad.2020.01.001", "pub2") or
// five digits or more ("0245678"). "PMID:", "Copyright", "12 March" and "2021;12:101-110"
// start lines of their own.
func continuesDOI(prev, next string) bool {
	last := lastField(prev)
	low := strings.ToLower(last)
	if !strings.Contains(low, "10.") && !strings.Contains(low, "doi") {
		return false
	}
	first := ""
	if f := strings.Fields(next); len(f) > 0 {
		first = strings.TrimRight(f[0], ".,;:")
	}
	if first == "" || !doiChars.MatchString(first) {
		return false
	}
	digits, letters := 0, 0
	for _, r := range first {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case unicode.IsLetter(r):
			letters++
		}
	}
	switch last[len(last)-1] {
	case '/':
		return true
	case '-':
		return digits > 0
	case '.':
		return digits > 0 && (letters > 0 || strings.ContainsAny(first, "./")) || digits == len(first) && digits >= 5
	}
	return false
}

func lastField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}
