package domain

import (
	"strings"
	"time"
)

// FullTextSource says where a paper's full text was read from. The appraisal JSON, the
// evidence cards and the report's evidence table name it, so a reader always knows whether a
// judgement rests on the whole paper or on its abstract.
type FullTextSource string

const (
	// FullTextEuropePMC is Europe PMC's /{PMCID}/fullTextXML (JATS).
	FullTextEuropePMC FullTextSource = "europepmc"
	// FullTextPMC is the E-utilities efetch db=pmc (JATS).
	FullTextPMC FullTextSource = "pmc"
	// FullTextPDF is text extracted from a PDF the user imported.
	FullTextPDF FullTextSource = "pdf"
	// FullTextFile is a plain text file given to `appraise --text-file`.
	FullTextFile FullTextSource = "text_file"
	// FullTextAbstract means no full text: the abstract was read.
	FullTextAbstract FullTextSource = "abstract"
	// FullTextRegistry is a trial registry entry (ClinicalTrials.gov) read from its
	// registry fields: a study, not an article, appraised from its stated allocation,
	// masking, enrollment, outcomes, status and results (RegistryFacts).
	FullTextRegistry FullTextSource = "registry"
)

// SectionKind is the role of a full-text section, recovered from its title (JATS sec-type
// or the heading printed in a PDF). The appraiser reads methods and results first; the
// verifier and the judge accept any.
type SectionKind string

const (
	SectionAbstract      SectionKind = "abstract"
	SectionIntroduction  SectionKind = "introduction"
	SectionMethods       SectionKind = "methods"
	SectionResults       SectionKind = "results"
	SectionDiscussion    SectionKind = "discussion"
	SectionConclusions   SectionKind = "conclusions"
	SectionTable         SectionKind = "table"
	SectionFigure        SectionKind = "figure"
	SectionSupplementary SectionKind = "supplementary"
	SectionOther         SectionKind = "other"
)

// FullTextSection is one titled part of a paper. Nested sections are flattened in reading
// order; Level keeps the depth (1 for a top-level section) and Parent the enclosing top-level
// title, so "Methods › Randomisation" can be shown and a subsection still counts as methods.
type FullTextSection struct {
	Kind   SectionKind `json:"kind"`
	Title  string      `json:"title"`
	Parent string      `json:"parent,omitempty"`
	Level  int         `json:"level"`
	Text   string      `json:"text"`
}

// FullText is a paper's body as read from one source, stored once per paper (by Key, the
// paper's canonical key) with where it came from and when.
type FullText struct {
	Key       string            `json:"key"`
	Source    FullTextSource    `json:"source"`
	SourceID  string            `json:"source_id,omitempty"` // the PMCID, or the PDF's file name
	Title     string            `json:"title,omitempty"`
	DOI       string            `json:"doi,omitempty"`
	PMID      string            `json:"pmid,omitempty"`
	PMCID     string            `json:"pmcid,omitempty"`
	Pages     int               `json:"pages,omitempty"` // PDFs only
	Sections  []FullTextSection `json:"sections"`
	FetchedAt time.Time         `json:"fetched_at"`
}

// FullTextUnavailable is why a paper's full text could not be read: the run goes on with
// the abstract and the reason is shown and recorded, never a failure of the run.
type FullTextUnavailable struct {
	Key    string         `json:"key"`
	Source FullTextSource `json:"source"`
	Reason string         `json:"reason"`
}

// Error makes an unavailable full text an error the fetcher returns: its reason, which never
// holds a URL or a key.
func (u *FullTextUnavailable) Error() string { return u.Reason }

// Text is the whole body in reading order, each section preceded by its title on its own
// line. Quotes taken from a full text are verified against this string.
func (f FullText) Text() string {
	return f.TextOf()
}

// TextOf is the text of the sections of the given kinds (all sections when none is
// given), in reading order, each preceded by its title on its own line.
func (f FullText) TextOf(kinds ...SectionKind) string {
	var b strings.Builder
	for _, s := range f.Sections {
		if len(kinds) > 0 && !containsKind(kinds, s.Kind) {
			continue
		}
		if strings.TrimSpace(s.Text) == "" && s.Title == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		if s.Title != "" {
			b.WriteString(s.Title)
			b.WriteString("\n")
		}
		b.WriteString(s.Text)
	}
	return b.String()
}

// MarkdownLine is one line of a full text as the appraiser reads it: a section heading or
// a paragraph (a table row, a caption line), with the kind of the section it belongs to.
type MarkdownLine struct {
	Kind    SectionKind
	Heading bool
	Text    string
}

// MarkdownLines renders the full text for reading: each section under a Markdown heading,
// "## Methods" for a top-level section and "### Methods › Randomisation" for a subsection
// or a table inside one, so a reader that classifies sentences by their heading (the
// appraisal rules set the Introduction and Discussion apart) knows where each one is; an
// untitled section is headed by its kind ("## Introduction"). Sections are separated by a
// blank line.
func (f FullText) MarkdownLines() []MarkdownLine {
	var out []MarkdownLine
	for _, s := range f.Sections {
		text := strings.TrimSpace(s.Text)
		title := strings.TrimSpace(s.Title)
		if text == "" && title == "" {
			continue
		}
		if title == "" {
			title = kindTitle(s.Kind)
		}
		heading := "## " + title
		if p := strings.TrimSpace(s.Parent); p != "" && p != title {
			heading = "### " + p + " › " + title
		}
		if len(out) > 0 {
			out = append(out, MarkdownLine{Kind: s.Kind})
		}
		out = append(out, MarkdownLine{Kind: s.Kind, Heading: true, Text: heading})
		if text != "" {
			for _, l := range strings.Split(text, "\n") {
				out = append(out, MarkdownLine{Kind: s.Kind, Text: l})
			}
		}
	}
	return out
}

// Markdown is MarkdownLines joined: the text the appraiser reads and quotes from.
func (f FullText) Markdown() string {
	lines := f.MarkdownLines()
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = l.Text
	}
	return strings.Join(parts, "\n")
}

// kindTitle names an untitled section by its kind.
func kindTitle(k SectionKind) string {
	switch k {
	case SectionAbstract:
		return "Abstract"
	case SectionIntroduction:
		return "Introduction"
	case SectionMethods:
		return "Methods"
	case SectionResults:
		return "Results"
	case SectionDiscussion:
		return "Discussion"
	case SectionConclusions:
		return "Conclusions"
	case SectionTable:
		return "Table"
	case SectionFigure:
		return "Figure"
	case SectionSupplementary:
		return "Supplementary material"
	}
	return "Text"
}

// HasBody reports whether the full text has more than an abstract: a record whose body was
// withheld by the publisher carries only its front matter and is not a full text.
func (f FullText) HasBody() bool {
	for _, s := range f.Sections {
		if s.Kind != SectionAbstract && strings.TrimSpace(s.Text) != "" {
			return true
		}
	}
	return false
}

func containsKind(kinds []SectionKind, k SectionKind) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}
