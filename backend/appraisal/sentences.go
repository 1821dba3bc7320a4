package appraisal

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Section classifies where a sentence sits in a paper, because a sentence in the
// Introduction or Discussion usually describes other studies while one in the Methods
// describes this one.
type Section int

// Section classes, from most to least trusted for describing the paper's own methods.
const (
	SectionBody       Section = iota // abstract, methods, results, or unlabelled text
	SectionBackground                // introduction, background, discussion, limitations
	SectionReferences                // reference list, acknowledgements, funding
)

// Sentence is one sentence with its byte offsets in the analysed text, so Text is always
// text[Start:End] and can be shown as an exact quote.
type Sentence struct {
	Text       string
	Start, End int
	Section    Section
	// Heading is the section heading or inline abstract label in force ("METHODS").
	Heading string
	// IsHeading marks a heading line itself ("Randomisation and allocation concealment"):
	// it names a topic the section will cover, it does not report what was done, so the
	// rules never take a finding from it.
	IsHeading bool
	// Labelled marks a sentence whose section a structured abstract's inline label set
	// ("BACKGROUND: …") outside an Introduction or Discussion a heading line opened: it is
	// a part of an abstract, where the paper sums itself up, not of the paper's
	// Introduction or Discussion ("Evidence before this study: …" in a panel of the
	// Introduction is not).
	Labelled bool
}

// abbreviations end with a period that does not end a sentence. Stored lower-case
// without the trailing period.
var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "al": true, "fig": true, "figs": true, "vs": true, "v": true,
	"dr": true, "mr": true, "mrs": true, "ms": true, "prof": true, "no": true, "nos": true,
	"approx": true, "ca": true, "cf": true, "ref": true, "refs": true, "eq": true, "eqs": true,
	"vol": true, "pp": true, "p": true, "st": true, "inc": true, "ltd": true, "co": true,
	"corp": true, "dept": true, "univ": true, "resp": true, "min": true, "max": true,
	"mo": true, "mos": true, "yr": true, "yrs": true, "wk": true, "wks": true, "hr": true,
	"hrs": true, "sec": true, "tab": true, "suppl": true, "jan": true, "feb": true, "mar": true,
	"apr": true, "jun": true, "jul": true, "aug": true, "sep": true, "sept": true, "oct": true,
	"nov": true, "dec": true, "etc": true, "viz": true, "sp": true, "spp": true, "var": true,
	"ed": true, "eds": true, "est": true, "u.s": true, "u.k": true, "n.b": true,
}

// SplitSentences splits text into sentences. It breaks at line ends and at '.', '!' or '?'
// followed by space and a capital, digit, quote or bracket, except after abbreviations
// (e.g., i.e., et al., Fig., vs.), single initials and inside decimals ("2.5" has no space
// after the point). Headings set the Section of what follows: Markdown headings ("## Methods")
// and, because a full text read from JATS or a PDF gives each section title on a plain line
// of its own, a short title-like line that opens a block (after a blank line) and is
// followed by text. A document's title is followed by a blank line, so it is never one.
func SplitSentences(text string) []Sentence {
	var out []Sentence
	section, heading := SectionBody, ""
	inDiscussion, labelled := false, false
	lineSection := SectionBody // the section the last heading line opened
	prevBlank := true
	lineStart := 0
	for lineStart <= len(text) {
		lineEnd := strings.IndexByte(text[lineStart:], '\n')
		if lineEnd < 0 {
			lineEnd = len(text)
		} else {
			lineEnd += lineStart
		}
		line := text[lineStart:lineEnd]
		h, isHeading := headingOf(line)
		if !isHeading && prevBlank && nextLineHasText(text, lineEnd) {
			h, isHeading = plainHeading(line)
		}
		if isHeading {
			heading, labelled = h, false
			cls, known := classifyHeading(h)
			switch {
			case known:
				section = cls
				inDiscussion = cls == SectionBackground && isDiscussionHeading(h)
			case inDiscussion && !isFloatCaption(h):
				// A subsection of the Discussion ("Context and interpretation",
				// "Implications") still discusses other work.
			default:
				section = cls
			}
			lineSection = section
		}
		for _, s := range splitLine(line, lineStart) {
			if label, ok := inlineLabel(s.Text); ok {
				heading, labelled = label, lineSection != SectionBackground
				section, _ = classifyHeading(label)
			}
			s.Section, s.Heading, s.IsHeading, s.Labelled = section, heading, isHeading, labelled
			out = append(out, s)
		}
		prevBlank = strings.TrimSpace(line) == ""
		lineStart = lineEnd + 1
	}
	return out
}

// nextLineHasText reports whether the line after the one ending at lineEnd is not blank.
func nextLineHasText(text string, lineEnd int) bool {
	if lineEnd >= len(text) {
		return false
	}
	rest := text[lineEnd+1:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest) != ""
}

// plainHeading recognises a section title printed on a plain line: at most 12 words and 100
// bytes, starting with a capital letter or a section number, not ending as a sentence or a
// clause does (". ! ? , ;"), holding at least one letter and no "Label: value" pair.
func plainHeading(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if t == "" || len(t) > 100 || len(strings.Fields(t)) > 12 {
		return "", false
	}
	r, _ := utf8.DecodeRuneInString(t)
	if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
		return "", false
	}
	if strings.ContainsRune(".!?,;", rune(t[len(t)-1])) {
		return "", false
	}
	if strings.IndexFunc(t, unicode.IsLetter) < 0 {
		return "", false
	}
	// "Allocation: RANDOMIZED" and "Trial registration: NCT…" state something.
	if strings.Contains(t, ": ") {
		return "", false
	}
	// "2.3 Randomisation" and "2 Methods": the section number is not part of the title.
	return strings.TrimLeft(t, "0123456789. "), true
}

// isDiscussionHeading reports whether a background-class heading opens the Discussion (or
// its limitations), whose untitled-class subsections keep discussing other work; the
// Introduction is followed by the Methods, whose subsections must not inherit it.
func isDiscussionHeading(h string) bool {
	l := strings.ToLower(strings.TrimSpace(h))
	for _, p := range []string{"discussion", "limitation", "strengths", "comparison with", "general discussion"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// isFloatCaption reports whether a heading is a table or figure caption, which belongs to
// the results wherever the full text places it.
func isFloatCaption(h string) bool {
	l := strings.ToLower(strings.TrimSpace(h))
	return strings.HasPrefix(l, "table") || strings.HasPrefix(l, "fig")
}

// MaxSentenceBytes bounds a sentence, and so every quote the rules take from one. The longest
// prose sentence of the 80 CONSORT-annotated full-text trial reports in the shared corpus is
// 1,447 bytes (a list of exclusion criteria); only lists of investigators, sites and
// disclosures run longer. A longer run of text with no sentence end the splitter accepts
// (a pasted table, "randomised. randomised. …" in lower case, a text without punctuation)
// is cut into pieces of at most this many bytes, so a quote stays a verbatim piece of the
// text a reader can find, not the whole document repeated in every finding.
const MaxSentenceBytes = 2000

// splitLine splits one line into sentences with offsets relative to the whole text.
func splitLine(line string, base int) []Sentence {
	var out []Sentence
	start := 0
	emit := func(end int) {
		seg := line[start:end]
		trimmedLeft := len(seg) - len(strings.TrimLeftFunc(seg, unicode.IsSpace))
		seg = strings.TrimSpace(seg)
		s := base + start + trimmedLeft
		for seg != "" {
			piece := seg
			if len(piece) > MaxSentenceBytes {
				piece = strings.TrimRightFunc(seg[:cutLong(seg)], unicode.IsSpace)
			}
			out = append(out, Sentence{Text: piece, Start: s, End: s + len(piece)})
			rest := seg[len(piece):]
			next := strings.TrimLeftFunc(rest, unicode.IsSpace)
			s += len(piece) + len(rest) - len(next)
			seg = next
		}
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		// Include closing quotes/brackets right after the terminator.
		j := i + 1
		for j < len(line) && strings.IndexByte(`"')]`, line[j]) >= 0 {
			j++
		}
		if j < len(line) && line[j] == 0xE2 { // closing curly quote ” or ’
			if r, size := utf8.DecodeRuneInString(line[j:]); r == '”' || r == '’' {
				j += size
			}
		}
		if j >= len(line) {
			continue
		}
		if line[j] != ' ' && line[j] != '\t' {
			continue
		}
		k := j
		for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
			k++
		}
		if k >= len(line) {
			continue
		}
		next, _ := utf8.DecodeRuneInString(line[k:])
		if !(unicode.IsUpper(next) || unicode.IsDigit(next) || strings.ContainsRune(`"'([“‘`, next)) {
			continue
		}
		if c == '.' && (isAbbreviation(line[start:i]) || isListNumber(line[start:i])) {
			continue
		}
		emit(j)
		start = j
		i = j - 1
	}
	emit(len(line))
	return out
}

// cutLong is where a piece of an overlong sentence ends: after the last clause end within
// MaxSentenceBytes (". ", "; ", "! ", "? " whatever follows), else at the last space, else at
// the last character boundary, so the piece is never empty and never splits a character.
func cutLong(seg string) int {
	window := seg[:MaxSentenceBytes]
	for i := len(window) - 2; i > 0; i-- {
		if strings.IndexByte(".;!?", window[i]) >= 0 && (window[i+1] == ' ' || window[i+1] == '\t') {
			return i + 1
		}
	}
	if i := strings.LastIndexAny(window, " \t"); i > 0 {
		return i
	}
	i := MaxSentenceBytes
	for i > 0 && !utf8.RuneStart(seg[i]) {
		i--
	}
	if i == 0 {
		return MaxSentenceBytes // not UTF-8: any cut is as good
	}
	return i
}

// isAbbreviation reports whether the word just before a period is an abbreviation or an
// initial, in which case the period does not end the sentence.
func isAbbreviation(before string) bool {
	w := before
	if idx := strings.LastIndexAny(w, " \t([/"); idx >= 0 {
		w = w[idx+1:]
	}
	if w == "" {
		return false
	}
	if abbreviations[strings.ToLower(w)] {
		return true
	}
	// A single letter ("J. Smith", "P. aeruginosa") is an initial.
	if r, size := utf8.DecodeRuneInString(w); size == len(w) && unicode.IsLetter(r) {
		return true
	}
	return false
}

// isListNumber reports whether the sentence so far is only a list number ("1." of a
// numbered reference or item), which does not end a sentence.
func isListNumber(before string) bool {
	t := strings.TrimSpace(before)
	if t == "" || len(t) > 3 {
		return false
	}
	for _, r := range t {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// headingOf recognises a Markdown heading line ("## Methods") or a short title-like line
// with no final period ("Statistical analysis").
func headingOf(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "#") {
		return strings.TrimSpace(strings.TrimLeft(t, "#")), true
	}
	return "", false
}

// inlineLabel recognises a structured-abstract label at the start of a sentence
// ("BACKGROUND: ...", "Methods: ...").
func inlineLabel(s string) (string, bool) {
	idx := strings.IndexByte(s, ':')
	if idx <= 2 || idx > 40 {
		return "", false
	}
	label := s[:idx]
	for _, r := range label {
		if !(unicode.IsLetter(r) || r == ' ' || r == '/' || r == '&') {
			return "", false
		}
	}
	// A heading known by its leading words ("Methods and Findings", "Results of the
	// trial") is a label, as an all-capitals one is.
	if _, known := classifyHeading(label); !known && strings.ToUpper(label) != label {
		return "", false
	}
	return strings.TrimSpace(label), true
}

// quoteWithoutLabel is a quote without the structured-abstract label that opens its
// sentence ("Results: Between July …" is quoted from "Between"). The label is the
// sentence's heading, not its words: the printed paper sets it apart (a heading on a line of
// its own, in bold, without a colon) where the text read may join it to the sentence (the
// JATS reader writes an abstract's parts "Title: text"), and a quote shown as the paper's
// words must not carry words the paper does not have. The rest is still a passage of the
// text read, so it stays verified.
func quoteWithoutLabel(q string) string {
	if _, ok := inlineLabel(q); !ok {
		return q
	}
	rest := strings.TrimSpace(q[strings.IndexByte(q, ':')+1:])
	if rest == "" {
		return q
	}
	return rest
}

// headingClasses maps well-known heading words to their section class; unknown headings
// count as body text.
var headingClasses = map[string]Section{
	"background": SectionBackground, "introduction": SectionBackground, "discussion": SectionBackground,
	"context": SectionBackground, "rationale": SectionBackground, "limitations": SectionBackground,
	"strengths and limitations": SectionBackground, "comparison with other studies": SectionBackground,
	"references": SectionReferences, "acknowledgements": SectionReferences, "acknowledgments": SectionReferences,
	"funding": SectionReferences, "competing interests": SectionReferences, "conflict of interest": SectionReferences,
	"conflicts of interest": SectionReferences, "abbreviations": SectionReferences, "authors' contributions": SectionReferences,
	"methods": SectionBody, "method": SectionBody, "results": SectionBody, "conclusions": SectionBody, "conclusion": SectionBody,
	"objective": SectionBody, "objectives": SectionBody, "aims": SectionBody, "design": SectionBody, "setting": SectionBody,
	"participants": SectionBody, "interventions": SectionBody, "abstract": SectionBody, "purpose": SectionBody,
	// The Lancet's abstract parts and the trial registration line that closes many abstracts.
	"findings": SectionBody, "interpretation": SectionBody, "trial registration": SectionBody, "registration": SectionBody,
}

// contextPanels are the headings, lower-cased, of the panels journals print beside a paper
// to set it among other work.
var contextPanels = []string{"research in context", "evidence before this study", "added value of this study",
	"implications of all the available evidence", "what is already known", "what this study adds", "what this paper adds"}

// classifyHeading maps a heading to a section class by its leading words; known is false
// when no word of it is recognised (the class is then SectionBody).
func classifyHeading(h string) (Section, bool) {
	l := strings.ToLower(strings.TrimSpace(h))
	l = strings.TrimRight(l, ": ")
	if s, ok := headingClasses[l]; ok {
		return s, true
	}
	for _, p := range []string{"introduction", "background", "discussion", "limitation", "strengths", "comparison with"} {
		if strings.HasPrefix(l, p) {
			return SectionBackground, true
		}
	}
	// A journal's context panel (The Lancet's "Research in context", the BMJ's "What is
	// already known on this topic") sets the study among other work, as an introduction does:
	// its "we searched PubMed …" is the authors' search for other trials, not this paper's
	// method.
	for _, p := range contextPanels {
		if strings.HasPrefix(l, p) {
			return SectionBackground, true
		}
	}
	for _, p := range []string{"reference", "acknowledg", "funding", "competing", "conflict", "declaration", "author", "supplementary", "additional file", "availability", "abbreviation", "ethics approval", "consent for publication"} {
		if strings.HasPrefix(l, p) {
			return SectionReferences, true
		}
	}
	for _, p := range []string{"method", "material", "patients and", "participants and", "subjects and", "study design", "result", "conclusion", "trial design", "statistical"} {
		if strings.HasPrefix(l, p) {
			return SectionBody, true
		}
	}
	return SectionBody, false
}
