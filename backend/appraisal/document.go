package appraisal

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"deepcritical/backend/domain"
)

// Document is the text the appraiser reads: a title and either the full text or the
// abstract, with the indexing metadata (publication types, MeSH) when the source had it.
type Document struct {
	Key              string
	Title            string
	Text             string
	FullText         bool
	Source           domain.FullTextSource
	PublicationTypes []string
	MeshTerms        []string
	// NotStored marks a text the store does not keep for the paper Key names: a PDF
	// `appraise --pdf` reads without importing it. Key still names the paper the file
	// prints, so the user sees which paper it is, but the appraisal is never written to the
	// cache: a run's report, its exports and the MCP tools look a stored paper's appraisal
	// up there by its key, and would show this file's findings, its quotes marked verified,
	// beside a stored text they are not in. An appraisal cached for the same text, stored,
	// is still read: it is the same document.
	NotStored bool
	// lines are Text's lines with the kind of section each belongs to, for a document made
	// from a full text's sections: an LLM whose context cannot hold the whole paper is given
	// its methods and results first (FitText).
	lines []domain.MarkdownLine
}

// DocumentFromEvidence builds the appraised document from a piece of evidence. A non-empty
// fullText replaces the abstract; otherwise the evidence content is used, or the labelled
// abstract sections when the content is empty. A trial registry entry is read from its
// registry fields (DocumentFromRegistry).
func DocumentFromEvidence(ev domain.Evidence, fullText string) Document {
	if ev.IsRegistryRecord() && strings.TrimSpace(fullText) == "" {
		return DocumentFromRegistry(ev)
	}
	d := Document{
		Key:              ev.CanonicalKey(),
		Title:            strings.TrimSpace(ev.Citation.Title),
		PublicationTypes: ev.Citation.PublicationTypes,
		MeshTerms:        ev.Citation.MeshTerms,
	}
	switch {
	case strings.TrimSpace(fullText) != "":
		d.Text, d.FullText, d.Source = fullText, true, domain.FullTextFile
	case strings.TrimSpace(ev.Content) != "":
		d.Text, d.Source = ev.Content, domain.FullTextAbstract
	default:
		d.Source = domain.FullTextAbstract
		parts := make([]string, 0, len(ev.Citation.Sections))
		for _, s := range ev.Citation.Sections {
			if s.Label != "" {
				parts = append(parts, s.Label+": "+s.Text)
			} else {
				parts = append(parts, s.Text)
			}
		}
		d.Text = strings.Join(parts, "\n")
	}
	return d
}

// DocumentFromFullText builds the appraised document from a paper's stored full text (JATS,
// PDF or text file): every section under its heading (domain.FullText.Markdown), so the
// rules read the methods and results as the paper's own and set the introduction and
// discussion apart, and quotes are verified against the whole paper. A full text without a
// body falls back to the evidence's abstract.
func DocumentFromFullText(ev domain.Evidence, ft domain.FullText) Document {
	if !ft.HasBody() {
		return DocumentFromEvidence(ev, "")
	}
	d := DocumentFromEvidence(ev, ft.Markdown())
	d.Source = ft.Source
	d.lines = ft.MarkdownLines()
	if d.Title == "" {
		d.Title = strings.TrimSpace(ft.Title)
	}
	return d
}

// DocumentFor is the document the appraiser reads for a piece of evidence: its full text
// when one is given with a body, else its abstract.
func DocumentFor(ev domain.Evidence, ft *domain.FullText) Document {
	if ft != nil && ft.HasBody() {
		return DocumentFromFullText(ev, *ft)
	}
	return DocumentFromEvidence(ev, "")
}

// AppraisedText is the text the rules and the LLM assessors quote from: the title, a blank
// line and the body. Every verified quote is a passage of it.
func (d Document) AppraisedText() string { return d.analysedText() }

// analysedText is the text the rules read and quote from: the title, a blank line, and the
// body. Every quote is a substring of it (and so of the title or of the body, since
// sentences never cross a line break).
func (d Document) analysedText() string {
	if d.Title == "" {
		return d.Text
	}
	if d.Text == "" {
		return d.Title
	}
	return d.Title + "\n\n" + d.Text
}

// Hash identifies the document's content for caching: the same title, text and metadata
// give the same hash whatever source they came from.
func (d Document) Hash() string {
	h := sha256.New()
	write := func(s string) {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	write(d.Title)
	write(d.Text)
	if d.FullText {
		write("full")
	}
	write(strings.Join(d.PublicationTypes, "\x1f"))
	write(strings.Join(d.MeshTerms, "\x1f"))
	return hex.EncodeToString(h.Sum(nil))
}

// Domain returns the domain.Document describing this document in an appraisal.
func (d Document) Domain() domain.Document {
	return domain.Document{Key: d.Key, Title: d.Title, Hash: d.Hash(), FullText: d.FullText, Source: d.Source}
}
