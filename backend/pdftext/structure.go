package pdftext

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/domain"
)

// Paper is what a PDF says about itself: its text in sections, and the identifiers printed
// in it. FullText has no Key yet: the importer decides which record the PDF belongs to.
type Paper struct {
	FullText domain.FullText `json:"full_text"`
	// Registry lists the trial registry ids printed in the front matter, abstract or methods
	// (not those of other trials cited in the discussion or references).
	Registry []string `json:"registry_ids,omitempty"`
	// Year and Journal are what the paper's citation line prints ("BMC Research Notes 2014,
	// 7:731 · doi:…", "Published: 13 December 2021"); "" when its front matter does not say.
	Year    string `json:"year,omitempty"`
	Journal string `json:"journal,omitempty"`
	// Authors are the names of the byline under the title; nil when that line does not
	// read as names.
	Authors []string `json:"authors,omitempty"`
	// Warnings are problems that did not stop the reading (a page that could not be read,
	// no title found), shown with the import.
	Warnings []string `json:"warnings,omitempty"`
}

// Read extracts a PDF's text and lays it out into a full text. A PDF that has no text
// layer (a scan), is encrypted, damaged or not a PDF at all gives a one-line reason.
func (r *Reader) Read(ctx context.Context, path string) (Paper, error) {
	raw, err := r.extract(ctx, path)
	if err != nil {
		return Paper{}, err
	}
	return build(raw, filepath.Base(path))
}

// build turns the raw lines of a PDF into a Paper.
func build(raw rawDoc, name string) (Paper, error) {
	if len(raw.Lines) == 0 {
		switch {
		case raw.Pages > 0 && len(raw.BadPages) == raw.Pages:
			return Paper{}, domain.Errorf(domain.CodeInvalid, "%s is damaged: none of its %d pages can be read", name, raw.Pages)
		case raw.ImagePages > 0:
			what := fmt.Sprintf("its %d %s", raw.Pages, plural(raw.Pages, "page is a scanned image", "pages are scanned images"))
			if raw.ImagePages < raw.Pages {
				what = fmt.Sprintf("%d of its %d pages are scanned images, the others blank", raw.ImagePages, raw.Pages)
			}
			return Paper{}, domain.Errorf(domain.CodeInvalid,
				"%s has no text layer: %s; run OCR on it (for example OCRmyPDF) and import the result", name, what)
		}
		return Paper{}, domain.Errorf(domain.CodeInvalid, "%s has no text: its %d %s blank", name, raw.Pages, plural(raw.Pages, "page is", "pages are"))
	}
	var warnings []string
	if n := len(raw.BadPages); n > 0 {
		warnings = append(warnings, fmt.Sprintf("%d of %d pages could not be read and are missing (pages %s)", n, raw.Pages, pageList(raw.BadPages)))
	}
	if raw.ImagePages > 0 {
		warnings = append(warnings, fmt.Sprintf("%d %s no text layer (scanned images) and %s missing from the text",
			raw.ImagePages, plural(raw.ImagePages, "page has", "pages have"), plural(raw.ImagePages, "is", "are")))
	}
	// Cleaned and filtered in place: a long PDF's lines are not copied.
	lines := raw.Lines[:0]
	for _, l := range raw.Lines {
		l.Text = cleanText(l.Text)
		if l.Text != "" {
			lines = append(lines, l)
		}
	}
	lines = joinFragments(lines)
	body, running := splitRunning(lines, raw.Pages)
	bodySize, bodyBold := bodyStyle(body)

	lex := newLexicon(body)
	title, titleLines := findTitle(body, bodySize, raw.MetaTitle, lex)
	if title == "" {
		warnings = append(warnings, "no title found in the PDF")
	}
	heads := findHeadings(body, titleLines, bodySize, bodyBold, lex)
	sections := layoutSections(body, heads, titleLines, lex)
	if !hasBody(sections) {
		return Paper{}, domain.Errorf(domain.CodeInvalid, "%s has too little text to be a paper (%d %s of text)", name, len(body), plural(len(body), "line", "lines"))
	}

	ft := domain.FullText{Source: domain.FullTextPDF, SourceID: name, Title: title, Pages: raw.Pages, Sections: sections}
	kinds, _ := headingKinds(heads)
	own, front := printedIDs(body, running, titleLines, heads, kinds)
	if d := domain.DOIsIn(own); len(d) > 0 {
		ft.DOI = d[0]
	}
	if p := domain.PMIDsIn(own); len(p) > 0 {
		ft.PMID = p[0]
	}
	if p := domain.PMCIDsIn(own); len(p) > 0 {
		ft.PMCID = p[0]
	}
	// A trial's registration is the paper's own in its abstract and methods, unless cited.
	uncited := func(s string) string { return strings.Join(dropCited(strings.Split(s, "\n"), nil), "\n") }
	reg := appraisal.RegistryIDs(front + "\n" + uncited(ft.TextOf(domain.SectionAbstract, domain.SectionOther)) + "\n" + uncited(ft.TextOf(domain.SectionMethods)))
	year, journal := citationLine(front, ft.DOI)
	return Paper{FullText: ft, Registry: reg, Year: year, Journal: journal, Authors: authorsUnder(body, titleLines), Warnings: warnings}, nil
}

func hasBody(secs []domain.FullTextSection) bool {
	return domain.FullText{Sections: secs}.HasBody()
}

// cleanText undoes typesetting: ligature glyphs become letters, a soft hyphen that did not
// break a line disappears, and unusual spaces become spaces.
var cleaner = strings.NewReplacer(
	"\u00ad", "", "\ufb00", "ff", "\ufb01", "fi", "\ufb02", "fl", "\ufb03", "ffi", "\ufb04", "ffl", "\ufb05", "st", "\ufb06", "st",
	"\u00a0", " ", "\u2009", " ", "\u202f", " ", "\u2002", " ", "\u2003", " ", "\x00", "",
	// PDFium marks a hyphen glyph it takes for a hyphenation point with U+FFFE (U+0002 in
	// older builds). The reader splits the printed lines PDFium joined there
	// (splitHyphenated), so a mark left inside a line is a hyphen printed within it.
	"\ufffe", "-", "\x02", "-",
)

func cleanText(s string) string {
	// A soft hyphen at the end of a line is where a word was broken: it stays, for joinInto
	// to join the word without it. PDFium's mark there is a hyphen as printed.
	soft := strings.HasSuffix(strings.TrimRightFunc(s, unicode.IsSpace), "\u00ad")
	s = strings.Join(strings.Fields(cleaner.Replace(s)), " ")
	if soft && s != "" {
		s += "\u00ad"
	}
	return s
}

// joinFragments puts back together a printed line that PDFium broke where its baseline
// moves: at a superscript ("Maria Rossi" "1" ", Jürgen Müller" "2" …) or a subscript. A
// fragment continues the line before it when it is on the same page, starts where that
// line ends (a space's width apart at most) and sits within half its type size of its
// baseline; a space is put between them when the gap is a space's. The joined line keeps
// the position, size and weight of its text rather than of its marks. lines is reused.
func joinFragments(lines []rawLine) []rawLine {
	out := lines[:0]
	for _, l := range lines {
		if n := len(out); n > 0 {
			p := &out[n-1]
			size := max(p.Size, l.Size, 1)
			gap := l.Left - p.Right
			if l.Page == p.Page && gap > -0.1*size && gap < 0.5*size && math.Abs(l.Baseline-p.Baseline) < 0.5*size {
				if gap > 0.15*size {
					p.Text += " "
				}
				p.Text += l.Text
				p.Right = l.Right
				if l.Size > p.Size {
					p.Size, p.Bold, p.Baseline = l.Size, l.Bold, l.Baseline
				}
				continue
			}
		}
		out = append(out, l)
	}
	return out
}

// runningKey is a line's text without its digits and spaces, so "Page 2 of 9" on page 2
// and "Page 3 of 9" on page 3 are the same running footer, and "542 Andjus and Lovelock"
// the same running head as "Andjus and Lovelock" (an OCR layer may miss the number).
func runningKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsDigit(r), unicode.IsSpace(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

var pageNumber = regexp.MustCompile(`(?i)^(?:page\s*)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$`)

// inMargin reports whether a line sits in the top or bottom 9% of its page, where running
// heads and footers live.
func inMargin(l rawLine) bool {
	if l.PageHeight <= 0 {
		return false
	}
	return l.Baseline-l.Size < 0.09*l.PageHeight || l.Baseline > 0.91*l.PageHeight
}

// splitRunning separates running heads, footers and page numbers from the body: a margin
// line whose text (digits aside) recurs on at least 30% of the pages (and on two: journals
// alternate two running heads on even and odd pages), or a lone page number. body reuses
// lines' array.
func splitRunning(lines []rawLine, pages int) (body, running []rawLine) {
	onPages := map[string]map[int]bool{}
	for _, l := range lines {
		if !inMargin(l) {
			continue
		}
		k := runningKey(l.Text)
		if onPages[k] == nil {
			onPages[k] = map[int]bool{}
		}
		onPages[k][l.Page] = true
	}
	need := max(2, int(math.Ceil(0.3*float64(pages))))
	body = lines[:0] // filtered in place
	for _, l := range lines {
		if inMargin(l) && (len(onPages[runningKey(l.Text)]) >= need || pageNumber.MatchString(l.Text)) {
			running = append(running, l)
			continue
		}
		body = append(body, l)
	}
	return body, running
}

// styleKey rounds a font size to half a point, so the same style read twice compares equal.
func styleKey(size float64) float64 { return math.Round(size*2) / 2 }

// bodyStyle is the font size and weight most of the text is set in.
func bodyStyle(lines []rawLine) (float64, bool) {
	type st struct {
		size float64
		bold bool
	}
	weight := map[st]int{}
	for _, l := range lines {
		weight[st{styleKey(l.Size), l.Bold}] += len(l.Text)
	}
	best, n := st{}, -1
	for s, w := range weight {
		if w > n || w == n && s.size < best.size {
			best, n = s, w
		}
	}
	return best.size, best.bold
}

// findTitle returns the title: the run of largest-type lines in the top half of the first
// page when they stand out from the body text, else the PDF's metadata title when it looks
// like one. titleLines are the indexes of the lines it was read from.
func findTitle(lines []rawLine, bodySize float64, meta string, lex *lexicon) (string, map[int]bool) {
	first, biggest := -1, 0.0
	var page1 strings.Builder
	for i, l := range lines {
		if l.Page != 1 {
			break
		}
		page1.WriteString(l.Text)
		// A title has words: a large "Open Access" or "ARTICLE" banner is not one.
		if l.Baseline < 0.6*l.PageHeight && l.Size > biggest+0.25 && letters(l.Text) >= 3 && len(strings.Fields(l.Text)) >= 3 {
			first, biggest = i, l.Size
		}
	}
	idx := map[int]bool{}
	// The metadata title wins when the first page prints it: publishers set it, and it is
	// whole where the page may set the title in pieces.
	if plausibleTitle(meta) && strings.Contains(lettersOnly(page1.String()), lettersOnly(meta)) {
		for i := first; first >= 0 && i < len(lines) && i < first+6 && lines[i].Page == 1 && math.Abs(lines[i].Size-biggest) <= 0.5; i++ {
			idx[i] = true
		}
		return strings.Join(strings.Fields(meta), " "), idx
	}
	if first >= 0 && bodySize > 0 && biggest >= 1.25*bodySize {
		var parts []string
		for i := first; i < len(lines) && i < first+6; i++ {
			l := lines[i]
			if l.Page != 1 || math.Abs(l.Size-biggest) > 0.5 {
				break
			}
			idx[i] = true
			parts = append(parts, l.Text)
		}
		return joinLines(parts, lex), idx
	}
	if plausibleTitle(meta) {
		return strings.Join(strings.Fields(meta), " "), idx
	}
	return "", idx
}

// lettersOnly is s lower-cased without anything but letters and digits, to compare a title
// across line breaks, hyphenation and typographic quotes.
func lettersOnly(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plausibleTitle rejects the metadata titles word processors and converters leave behind.
func plausibleTitle(t string) bool {
	t = strings.TrimSpace(t)
	lower := strings.ToLower(t)
	if len(t) < 12 || !strings.Contains(t, " ") {
		return false
	}
	for _, bad := range []string{"microsoft word", ".doc", ".pdf", ".tex", "untitled", "powerpoint"} {
		if strings.Contains(lower, bad) {
			return false
		}
	}
	return true
}

func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// heading is a line (or run of lines) recognised as a section title.
type heading struct {
	start, end int // body line indexes, end exclusive
	title      string
	level      int
	kind       domain.SectionKind // for a top-level heading; "" when unknown
	name       string             // the canonical name it matched ("methods"), "" when none
	size       float64
	bold       bool
}

// headingNames maps the titles journals use for a paper's parts (lower case, without
// numbering) to their kind. References and what follows them in the back matter are
// recognised so they can be dropped or kept apart.
var headingNames = map[string]domain.SectionKind{
	"abstract": domain.SectionAbstract, "summary": domain.SectionAbstract, "structured abstract": domain.SectionAbstract,
	"introduction": domain.SectionIntroduction, "background": domain.SectionIntroduction,
	"methods": domain.SectionMethods, "method": domain.SectionMethods, "materials and methods": domain.SectionMethods,
	"material and methods": domain.SectionMethods, "patients and methods": domain.SectionMethods,
	"subjects and methods": domain.SectionMethods, "methods and materials": domain.SectionMethods,
	"methodology": domain.SectionMethods, "study design and methods": domain.SectionMethods,
	"participants and methods": domain.SectionMethods, "experimental procedures": domain.SectionMethods,
	"results": domain.SectionResults, "findings": domain.SectionResults, "results and discussion": domain.SectionResults,
	"discussion": domain.SectionDiscussion, "comment": domain.SectionDiscussion, "limitations": domain.SectionDiscussion,
	"strengths and limitations": domain.SectionDiscussion,
	"conclusion":                domain.SectionConclusions, "conclusions": domain.SectionConclusions, "interpretation": domain.SectionConclusions,
	"concluding remarks": domain.SectionConclusions,
	"references":         sectionReferences, "bibliography": sectionReferences, "literature cited": sectionReferences,
	"reference list": sectionReferences, "works cited": sectionReferences,
	"acknowledgements": domain.SectionOther, "acknowledgments": domain.SectionOther, "acknowledgement": domain.SectionOther,
	"funding": domain.SectionOther, "competing interests": domain.SectionOther, "conflict of interest": domain.SectionOther,
	"conflicts of interest": domain.SectionOther, "declaration of interests": domain.SectionOther,
	"author contributions": domain.SectionOther, "authors' contributions": domain.SectionOther,
	"authors’ contributions": domain.SectionOther, "ethics statement": domain.SectionOther,
	"data availability statement": domain.SectionOther, "data availability": domain.SectionOther,
	"abbreviations": domain.SectionOther, "footnotes": domain.SectionOther, "declarations": domain.SectionOther,
	"key points": domain.SectionOther, "keywords": domain.SectionOther, "trial registration": domain.SectionOther,
	"supplementary material": domain.SectionSupplementary, "supplementary materials": domain.SectionSupplementary,
	"supporting information": domain.SectionSupplementary, "additional files": domain.SectionSupplementary,
	"appendix": domain.SectionSupplementary, "publisher's note": domain.SectionOther, "publisher’s note": domain.SectionOther,
	"contributor information": sectionDropped,
}

// Kinds used only while laying out: a reference list and contact details are dropped from
// the full text (a cited trial's design words or registry id would be read as this paper's).
const (
	sectionReferences domain.SectionKind = "references"
	sectionDropped    domain.SectionKind = "dropped"
)

// topLevelNames are the parts of a paper's body; the heading style most used for them is
// the style of the top level. Names a structured abstract also uses as its labels
// (Background, Methods, Results, Conclusions) count once, those only the body has twice.
var topLevelNames = map[string]int{
	"abstract": 2, "introduction": 2, "discussion": 2, "references": 2, "materials and methods": 2, "patients and methods": 2,
	"background": 1, "methods": 1, "results": 1, "conclusions": 1, "conclusion": 1, "summary": 1,
}

var numbering = regexp.MustCompile(`^(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|[IVX]{1,4}\.|[A-H]\.)\s+`)

// unnumbered is a heading without its section number ("3.2 Table 1" → "Table 1").
func unnumbered(title string) string { return numbering.ReplaceAllString(strings.TrimSpace(title), "") }

// headingName returns the canonical name of a heading text ("2. Materials and Methods:" →
// "materials and methods") and its kind, when it is one journals use.
func headingName(text string) (string, domain.SectionKind, bool) {
	t := strings.TrimSpace(numbering.ReplaceAllString(strings.TrimSpace(text), ""))
	t = strings.TrimRight(t, ":.")
	t = strings.ToLower(strings.Join(strings.Fields(t), " "))
	t = strings.ReplaceAll(t, "&", "and")
	k, ok := headingNames[t]
	return t, k, ok
}

// guessKind gives an unknown top-level heading a kind from its words ("Statistical
// methods", "Study limitations"), other when none fits.
func guessKind(title string) domain.SectionKind {
	t := strings.ToLower(title)
	switch {
	case strings.Contains(t, "reference") || strings.Contains(t, "bibliograph"):
		return sectionReferences
	case strings.Contains(t, "method") || strings.Contains(t, "design") || strings.Contains(t, "participants"):
		return domain.SectionMethods
	case strings.Contains(t, "result") || strings.Contains(t, "outcome"):
		return domain.SectionResults
	case strings.Contains(t, "discussion") || strings.Contains(t, "limitation"):
		return domain.SectionDiscussion
	case strings.Contains(t, "conclu"):
		return domain.SectionConclusions
	case strings.Contains(t, "introduc") || strings.Contains(t, "background"):
		return domain.SectionIntroduction
	case strings.Contains(t, "supplement") || strings.Contains(t, "appendix"):
		return domain.SectionSupplementary
	}
	return domain.SectionOther
}

var (
	tableCaption  = regexp.MustCompile(`^(?i:table)\s+[0-9IVX]+[a-z]?\b`)
	figureCaption = regexp.MustCompile(`^(?i:fig(?:ure)?\.?)\s+[0-9]+[a-z]?\b`)
)

// styled reports whether a line is set apart from the body the way headings are: larger
// type, or bold where the body is not; short; not ending a sentence.
func styled(l rawLine, bodySize float64, bodyBold bool) bool {
	bigger := bodySize > 0 && l.Size >= bodySize*1.08
	if !bigger && !(l.Bold && !bodyBold) {
		return false
	}
	words := len(strings.Fields(l.Text))
	if words > 16 || len(l.Text) > 140 || letters(l.Text) < 3 {
		return false
	}
	first := []rune(l.Text)[0]
	if !unicode.IsUpper(first) && !unicode.IsDigit(first) {
		return false
	}
	_, _, known := headingName(l.Text)
	return known || !strings.HasSuffix(l.Text, ".") || numbering.MatchString(l.Text)
}

// findHeadings finds the section titles and their levels. Typography decides where it is
// there (the style used for "Methods", "Results" and the like is the top level; smaller or
// lighter heading styles are subsections); a PDF set in one font falls back to the names
// journals use, each alone on its line.
func findHeadings(lines []rawLine, titleLines map[int]bool, bodySize float64, bodyBold bool, lex *lexicon) []heading {
	var heads []heading
	for i := 0; i < len(lines); i++ {
		if titleLines[i] {
			continue
		}
		l := lines[i]
		name, kind, known := headingName(l.Text)
		switch {
		case styled(l, bodySize, bodyBold):
			h := heading{start: i, end: i + 1, title: l.Text, size: l.Size, bold: l.Bold}
			// A heading wrapped over lines: following lines of the same style, close below.
			for j := i + 1; j < len(lines) && j < i+3 && !known; j++ {
				n := lines[j]
				if n.Page != l.Page || math.Abs(n.Size-l.Size) > 0.3 || n.Bold != l.Bold || n.Baseline-lines[j-1].Baseline > 2*l.Size ||
					!styled(n, bodySize, bodyBold) && !continuesHeading(n) {
					break
				}
				// A numbered line, a caption or a heading ending its sentence starts anew.
				if _, _, k := headingName(n.Text); k || numbering.MatchString(n.Text) || tableCaption.MatchString(n.Text) ||
					figureCaption.MatchString(n.Text) || strings.HasSuffix(h.title, ".") {
					break
				}
				h.title = joinLines([]string{h.title, n.Text}, lex)
				h.end = j + 1
			}
			h.name, h.kind, _ = headingName(h.title)
			_, _, ok := headingName(h.title)
			if !ok {
				h.kind = ""
				// A sentence going on in lower case on the next line was body text set
				// larger (an introduction, an OCR layer's uneven sizes), not a heading.
				if h.end < len(lines) && continuesSentence(lines[h.end-1], lines[h.end]) {
					continue
				}
			}
			heads = append(heads, h)
			i = h.end - 1
		case known && l.Text == strings.TrimSpace(l.Text) && unicode.IsUpper([]rune(l.Text)[0]) && len(strings.Fields(l.Text)) <= 4:
			heads = append(heads, heading{start: i, end: i + 1, title: l.Text, name: name, kind: kind, size: l.Size, bold: l.Bold})
		}
	}
	assignLevels(heads)
	return heads
}

// continuesSentence reports whether line n carries on the sentence of line l: it starts in
// lower case right below l.
func continuesSentence(l, n rawLine) bool {
	first, _ := utf8.DecodeRuneInString(n.Text)
	return unicode.IsLower(first) && n.Page == l.Page && n.Baseline > l.Baseline && n.Baseline-l.Baseline < 2.5*max(l.Size, 1) &&
		!strings.ContainsAny(lastRune(l.Text), ".?!:")
}

// continuesHeading accepts the lower-case continuation of a wrapped heading.
func continuesHeading(l rawLine) bool {
	return len(strings.Fields(l.Text)) <= 10 && !strings.HasSuffix(l.Text, ".")
}

// assignLevels makes the style of the body's part names ("Methods", "Results") level 1,
// larger styles level 1 too, and each smaller or lighter style one level deeper (at most 3).
func assignLevels(heads []heading) {
	type style struct {
		size float64
		bold bool
	}
	votes := map[style]int{}
	for _, h := range heads {
		if w := topLevelNames[h.name]; w > 0 {
			votes[style{styleKey(h.size), h.bold}] += w
		}
	}
	var top style
	found := false
	for s, n := range votes {
		if !found || n > votes[top] || n == votes[top] && s.size > top.size {
			top, found = s, true
		}
	}
	if !found {
		for i := range heads {
			heads[i].level = 1
		}
		return
	}
	var lower []style
	seen := map[style]bool{}
	for _, h := range heads {
		s := style{styleKey(h.size), h.bold}
		if !seen[s] && rankBelow(s.size, s.bold, top.size, top.bold) {
			seen[s] = true
			lower = append(lower, s)
		}
	}
	sort.Slice(lower, func(i, j int) bool {
		if lower[i].size != lower[j].size {
			return lower[i].size > lower[j].size
		}
		return lower[i].bold && !lower[j].bold
	})
	for i := range heads {
		h := &heads[i]
		s := style{styleKey(h.size), h.bold}
		h.level = 1
		for r, ls := range lower {
			if ls == s {
				h.level = min(3, r+2)
			}
		}
		switch {
		case topLevelNames[h.name] == 2 || topLevelNames[h.name] > 0 && isUpper(h.title):
			// "Discussion", or "METHODS" in capitals, is a part of the paper whatever its
			// type; "Methods" in a smaller style may be a structured abstract's label.
			h.level = 1
		case h.level == 1 && h.kind == "" && s.size > top.size+0.25 && !h.bold && s.size < top.size+2:
			// Barely larger and not bold: uneven sizes (an OCR layer), not a part title.
			h.level = 2
		}
	}
}

// isUpper reports whether s has letters and all of them are capitals.
func isUpper(s string) bool {
	return letters(s) > 0 && strings.ToUpper(s) == s
}

// rankBelow reports whether a heading style is subordinate to the top-level style.
func rankBelow(size float64, bold bool, topSize float64, topBold bool) bool {
	return size < topSize-0.25 || size <= topSize+0.25 && topBold && !bold
}

// layoutSections cuts the body at its headings and assembles each part's lines into
// paragraphs. Text before the first heading is the front matter (authors, affiliations,
// dates); the reference list and contact details are dropped.
func layoutSections(lines []rawLine, heads []heading, titleLines map[int]bool, lex *lexicon) []domain.FullTextSection {
	var secs []domain.FullTextSection
	cols := columnEdges(lines)
	addText := func(title string, kind domain.SectionKind, parent string, level int, from, to int) {
		var use []rawLine
		var ends []float64
		for i := from; i < to; i++ {
			if !titleLines[i] {
				use = append(use, lines[i])
				ends = append(ends, cols[i])
			}
		}
		text := paragraphs(use, ends, lex)
		if kind == sectionReferences || kind == sectionDropped {
			return
		}
		if strings.TrimSpace(text) == "" && title == "" {
			return
		}
		secs = append(secs, domain.FullTextSection{Kind: kind, Title: title, Parent: parent, Level: level, Text: text})
	}
	first := len(lines)
	if len(heads) > 0 {
		first = heads[0].start
	}
	addText("", domain.SectionOther, "", 1, 0, first)
	if len(heads) == 0 {
		return secs
	}
	kinds, parents := headingKinds(heads)
	for i, h := range heads {
		end := len(lines)
		if i+1 < len(heads) {
			end = heads[i+1].start
		}
		addText(h.title, kinds[i], parents[i], h.level, h.end, end)
	}
	secs = splitRunInAbstracts(secs)
	// The front matter has no title; call it what it is so the reader of the text knows.
	if len(secs) > 0 && secs[0].Title == "" && secs[0].Kind == domain.SectionOther {
		secs[0].Title = "Front matter"
	}
	return secs
}

// headingKinds gives each heading the kind of the section it starts and the title of the
// top-level heading it falls under ("" for a top-level one): a top-level heading's kind is
// its name's or a guess from its words; a subsection is its part's, unless it is a table
// or a figure, or comes before any top-level heading with a name of its own.
func headingKinds(heads []heading) (kinds []domain.SectionKind, parents []string) {
	kinds, parents = make([]domain.SectionKind, len(heads)), make([]string, len(heads))
	var topTitle string
	topKind := domain.SectionOther
	for i, h := range heads {
		kind := h.kind
		if h.level == 1 {
			if kind == "" {
				kind = guessKind(h.title)
			}
			topTitle, topKind = h.title, kind
		} else {
			parents[i] = topTitle
			switch {
			case tableCaption.MatchString(unnumbered(h.title)):
				kind = domain.SectionTable
			case figureCaption.MatchString(unnumbered(h.title)):
				kind = domain.SectionFigure
			case topKind == domain.SectionOther && topTitle == "" && kind != "":
				// A subsection before any top-level heading keeps its own kind.
			default:
				kind = topKind
			}
			if kind == "" {
				kind = guessKind(h.title)
			}
		}
		kinds[i] = kind
	}
	return kinds, parents
}

// columnEdges gives each line the right edge of its column: the furthest any line on the
// same page that starts near it reaches. A line that stops well short of it ends a paragraph.
func columnEdges(lines []rawLine) []float64 {
	out := make([]float64, len(lines))
	for i, l := range lines {
		edge := l.Right
		for j := max(0, i-80); j < len(lines) && j < i+80; j++ {
			o := lines[j]
			if o.Page == l.Page && math.Abs(o.Left-l.Left) < 20 && o.Right > edge {
				edge = o.Right
			}
		}
		out[i] = edge
	}
	return out
}

// paragraphs joins a section's lines into paragraphs, one per line of the result: a line
// continues the previous one unless the previous stopped short of its column's edge after
// a sentence, the line is indented, or the gap between their baselines is wider than the
// section's usual line spacing. Words hyphenated at a line's end are joined.
func paragraphs(lines []rawLine, edges []float64, lex *lexicon) string {
	leading := usualLeading(lines)
	var out []string
	var cur bytes.Buffer
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for i, l := range lines {
		if i > 0 && newParagraph(lines[i-1], l, edges[i-1], leading) {
			flush()
		}
		if cur.Len() == 0 {
			cur.WriteString(l.Text)
			continue
		}
		joinInto(&cur, l.Text, lex)
	}
	flush()
	return strings.Join(out, "\n")
}

// sameColumn reports whether l is the line below p in the same column.
func sameColumn(p, l rawLine) bool {
	return p.Page == l.Page && math.Abs(p.Left-l.Left) < 30 && l.Baseline > p.Baseline
}

// usualLeading is the median distance between the baselines of consecutive lines of a
// column: the line spacing that paragraph gaps exceed.
func usualLeading(lines []rawLine) float64 {
	var d []float64
	for i := 1; i < len(lines); i++ {
		p, l := lines[i-1], lines[i]
		if gap := l.Baseline - p.Baseline; sameColumn(p, l) && gap < 3*max(p.Size, 1) {
			d = append(d, gap)
		}
	}
	if len(d) == 0 {
		return 0
	}
	sort.Float64s(d)
	return d[len(d)/2]
}

// runInLabel starts the lines that are paragraphs of their own whatever the layout:
// keywords and abbreviations after an abstract.
var runInLabel = regexp.MustCompile(`^(?i:key\s?words|abbreviations)\s*:`)

// newParagraph decides whether line l starts a paragraph after line p.
func newParagraph(p, l rawLine, edge, leading float64) bool {
	last := lastRune(p.Text)
	if strings.ContainsAny(last, lineEndHyphens) {
		return false // a hyphenated word continues on the next line
	}
	ends := strings.ContainsAny(last, ".?!:")
	size := max(p.Size, 1)
	same := sameColumn(p, l)
	switch {
	case runInLabel.MatchString(l.Text):
		return true
	case ends && edge-p.Right > 0.12*(edge-p.Left):
		return true
	case same && leading > 0 && l.Baseline-p.Baseline > leading+0.25*size:
		return true
	case same && ends && l.Left-p.Left > 0.8*size:
		return true
	}
	return false
}

func lastRune(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return ""
	}
	return string(r[len(r)-1])
}

// lineEndHyphens are the hyphens a line can end in where a word was broken: the hyphen
// as typed, the Unicode hyphen (what Chromium prints at a soft hyphen, and what some
// sources type for every hyphen) and the soft hyphen cleanText keeps at a line's end.
const lineEndHyphens = "-\u2010\u00ad"

// joinInto appends a line to a paragraph. A word broken at a hyphen at the line's end is
// joined without it when the hyphen was only a hyphenation ("ran-" + "domised" →
// "randomised") and with it when it is part of the word ("Mann-" + "Whitney", "socio-" +
// "demographic" when the document spells it so elsewhere): lexicon.keepHyphen decides.
// Otherwise the lines are separated by a space. Only the paragraph's end is looked at, so a
// long paragraph costs no copies.
func joinInto(b *bytes.Buffer, next string, lex *lexicon) {
	s := b.Bytes()
	last, size := utf8.DecodeLastRune(s)
	if !strings.ContainsRune(lineEndHyphens, last) || len(s) == size {
		b.WriteByte(' ')
		b.WriteString(next)
		return
	}
	before, _ := utf8.DecodeLastRune(s[:len(s)-size])
	first, _ := utf8.DecodeRuneInString(next)
	b.Truncate(len(s) - size)
	// A soft hyphen is never printed within a word; a hyphen before a capital or a digit
	// ("Mann-" "Whitney", "COVID-" "19"), or after something other than a letter, is part
	// of what was written.
	keep := last != '\u00ad'
	if keep && unicode.IsLetter(before) && unicode.IsLower(first) {
		tail := b.Bytes()[max(0, b.Len()-64):]
		keep = lex.keepHyphen(lastWord(string(tail)), firstWord(next), last)
	}
	if keep {
		b.WriteRune(last)
	}
	b.WriteString(next)
}

// joinLines joins wrapped lines of a title or heading.
func joinLines(parts []string, lex *lexicon) string {
	var b bytes.Buffer
	for _, p := range parts {
		if b.Len() == 0 {
			b.WriteString(p)
			continue
		}
		joinInto(&b, p, lex)
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func pageList(pages []int) string {
	parts := make([]string, 0, len(pages))
	for i, p := range pages {
		if i == 10 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprint(p))
	}
	return strings.Join(parts, ", ")
}

// lexicon is what the document itself says about its words, to tell a hyphenation from a
// hyphen at a line's end: the words it prints within lines, with a hyphen and without.
type lexicon struct {
	hyphenated map[string]bool // "socio-demographic", lower case, any hyphen written "-"
	words      map[string]bool // "randomised", lower case
	// unicodeHyphens: the document prints U+2010 within lines between letters ("cancer‐
	// related"), so that is how it writes the hyphens of its compounds.
	unicodeHyphens bool
	// ends counts, for each hyphen character, the line-end hyphens the document's own words
	// explain: as hyphenations (the word is printed whole elsewhere) and as compounds.
	ends map[rune]hyphenEnds
}

type hyphenEnds struct{ soft, hard int }

// newLexicon reads the words of the body's lines. The words around a hyphen that ends a
// line (a line's last word, the next line's first) are left out, as they may be pieces of a
// hyphenated word ("treat-" "ment"), and are not joined: only what is printed whole within
// a line counts.
func newLexicon(lines []rawLine) *lexicon {
	lex := &lexicon{hyphenated: map[string]bool{}, words: map[string]bool{}, ends: map[rune]hyphenEnds{}}
	unicodeHyphens := 0
	broken := false // the line before ended in a hyphen: this line's first word may be a piece
	for _, l := range lines {
		f := strings.Fields(l.Text)
		for i, w := range f {
			if i == 0 && broken || i == len(f)-1 && strings.ContainsRune(lineEndHyphens, lastRuneOf(w)) {
				continue
			}
			w = strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !isHyphen(r) }))
			if w == "" {
				continue
			}
			if strings.ContainsRune(w, '\u2010') {
				unicodeHyphens++
				w = strings.ReplaceAll(w, "\u2010", "-")
			}
			if k := strings.Index(w, "-"); k > 0 && k < len(w)-1 {
				lex.hyphenated[w] = true
			} else if k < 0 {
				lex.words[w] = true
			}
		}
		broken = strings.ContainsRune(lineEndHyphens, lastRuneOf(l.Text))
	}
	lex.unicodeHyphens = unicodeHyphens >= 2
	// How the document's line-end hyphens read where it says: as hyphenations (the word is
	// printed whole elsewhere) or as compounds. A document set without hyphenation (ragged
	// right, a word processor's or a browser's) breaks lines only at the hyphens of its
	// compounds; one set by a typesetter mostly at hyphenation points.
	for i := 1; i < len(lines); i++ {
		p, n := lines[i-1].Text, lines[i].Text
		last, size := utf8.DecodeLastRuneInString(p)
		if !isHyphen(last) {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(p[:len(p)-size])
		first, _ := utf8.DecodeRuneInString(n)
		if !unicode.IsLetter(before) || !unicode.IsLower(first) {
			continue
		}
		pre, post := strings.ToLower(lastWord(p[:len(p)-size])), strings.ToLower(firstWord(n))
		pre = strings.ReplaceAll(pre, "\u2010", "-")
		st := lex.ends[last]
		switch {
		case lex.words[pre+post]:
			st.soft++
		case lex.hyphenated[pre+"-"+post] || strings.Contains(pre, "-") || lex.words[pre] && lex.words[post]:
			st.hard++
		}
		lex.ends[last] = st
	}
	return lex
}

func isHyphen(r rune) bool { return r == '-' || r == '\u2010' }

func lastRuneOf(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// numberTens and numberUnits make the compound numbers English hyphenates ("Fifty-"
// "three", "one-" "hundred").
var (
	numberTens  = map[string]bool{"twenty": true, "thirty": true, "forty": true, "fifty": true, "sixty": true, "seventy": true, "eighty": true, "ninety": true}
	numberUnits = map[string]bool{"one": true, "two": true, "three": true, "four": true, "five": true, "six": true, "seven": true, "eight": true, "nine": true,
		"first": true, "second": true, "third": true, "fourth": true, "fifth": true, "sixth": true, "seventh": true, "eighth": true, "ninth": true}
)

// hyphenPrefixes are the prefixes medical English writes with a hyphen ("non-randomised",
// "self-reported", "pseudo-randomised"), when the document does not say otherwise.
var hyphenPrefixes = map[string]bool{"non": true, "self": true, "pseudo": true, "quasi": true, "semi": true, "well": true, "cross": true}

// keepHyphen decides whether the hyphen a line ends in, between before (the letters ending
// the line) and after (the lower-case letters starting the next), belongs to the word. The
// document is asked first: a word it prints with a hyphen within a line keeps it
// ("socio-demographic"), a word it prints whole loses it ("randomised"). A hyphen after
// another one ("intent-to-" "treat"; typesetters do not hyphenate such words), a compound
// number ("fifty-three") and a prefix written with one ("non-" "randomised") stay. What is
// left ("post-" "baseline") goes the way the document's other line-end hyphens of the same
// character go, when they agree: a document set without hyphenation breaks lines only at
// its compounds' hyphens, and a typesetter may print its hyphenations with another
// character (Chromium: U+2010) than the hyphens typed.
// Failing that, two parts that are both words of the document are a compound ("self-"
// "reported", where a hyphenation leaves a piece that is not a word: "ran-" "domised",
// "treat-" "ment"), and so is a Unicode hyphen in a document that writes its compounds
// with it.
func (lex *lexicon) keepHyphen(before, after string, hyphen rune) bool {
	if lex == nil {
		return false
	}
	before, after = strings.ToLower(strings.ReplaceAll(before, "\u2010", "-")), strings.ToLower(after)
	switch {
	case lex.hyphenated[before+"-"+after]:
		return true
	case lex.words[before+after] || lex.hyphenated[before+after]:
		return false
	case strings.Contains(before, "-"), numberTens[before] && numberUnits[after], numberUnits[before] && (after == "hundred" || after == "thousand"),
		hyphenPrefixes[before]:
		return true
	}
	st := lex.ends[hyphen]
	switch {
	case st.hard >= 3 && st.hard >= 5*st.soft:
		return true
	case st.soft >= 3 && st.soft >= 5*st.hard:
		return false
	}
	return lex.words[before] && lex.words[after] || hyphen == '\u2010' && lex.unicodeHyphens
}

// lastWord is the letters (and inner hyphens) ending s; firstWord the letters starting s.
func lastWord(s string) string {
	i := strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !isHyphen(r) })
	if i < 0 {
		return s
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return s[i+n:]
}

func firstWord(s string) string {
	if i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !isHyphen(r) }); i >= 0 {
		return s[:i]
	}
	return s
}

// abstractLabels are the labels of structured abstracts, lower case.
var abstractLabels = map[string]bool{
	"background": true, "objective": true, "objectives": true, "aim": true, "aims": true, "purpose": true,
	"introduction": true, "importance": true, "context": true, "methods": true, "method": true, "methods and results": true,
	"materials and methods": true, "design": true, "setting": true, "participants": true, "patients": true,
	"design, setting, and participants": true, "design, setting and participants": true, "intervention": true,
	"interventions": true, "main outcome measures": true, "main outcomes and measures": true, "main outcome measure": true,
	"measurements": true, "results": true, "findings": true, "conclusion": true, "conclusions": true,
	"conclusions and relevance": true, "interpretation": true, "trial registration": true, "registration": true,
	"funding": true,
}

var runInHead = regexp.MustCompile(`^([A-Z][A-Za-z ,/&-]{2,40}):\s+\S`)

// splitRunInAbstracts gives an abstract whose paragraphs open with run-in labels
// ("Methods: We randomised…") the same subsections a structured abstract set as headings
// has, so both read alike.
func splitRunInAbstracts(secs []domain.FullTextSection) []domain.FullTextSection {
	var out []domain.FullTextSection
	for _, sec := range secs {
		if sec.Kind != domain.SectionAbstract || sec.Level != 1 {
			out = append(out, sec)
			continue
		}
		paras := strings.Split(sec.Text, "\n")
		labelled := 0
		for _, p := range paras {
			if m := runInHead.FindStringSubmatch(p); m != nil && abstractLabels[strings.ToLower(m[1])] {
				labelled++
			}
		}
		if labelled < 2 {
			out = append(out, sec)
			continue
		}
		head := sec
		head.Text = ""
		var subs []domain.FullTextSection
		for _, p := range paras {
			if m := runInHead.FindStringSubmatch(p); m != nil && abstractLabels[strings.ToLower(m[1])] {
				body := strings.TrimSpace(p[len(m[1])+1:])
				subs = append(subs, domain.FullTextSection{Kind: domain.SectionAbstract, Title: m[1], Parent: sec.Title, Level: 2, Text: body})
				continue
			}
			switch {
			case len(subs) > 0 && !runInLabel.MatchString(p):
				subs[len(subs)-1].Text += "\n" + p
			case len(subs) > 0:
				// Keywords after the abstract: a paragraph of the abstract section itself.
				subs = append(subs, domain.FullTextSection{Kind: domain.SectionAbstract, Parent: sec.Title, Level: 2, Text: p})
			default:
				head.Text = strings.TrimSpace(head.Text + "\n" + p)
			}
		}
		out = append(out, head)
		out = append(out, subs...)
	}
	return out
}

// authorsUnder reads the byline: the first page-1 line after the title's last line.
func authorsUnder(body []rawLine, titleLines map[int]bool) []string {
	last := -1
	for i := range titleLines {
		last = max(last, i)
	}
	if last < 0 || last+1 >= len(body) || body[last+1].Page != 1 {
		return nil
	}
	return byline(body[last+1].Text)
}
