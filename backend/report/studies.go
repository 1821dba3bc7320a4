package report

import (
	"fmt"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/studylink"
)

// StudyBlock is one trial shown as one study: its registry entry and the articles that
// report it, by their evidence numbers, with each registered primary outcome checked
// against each report (studylink.Link). Every format shows it, so a registry entry and its
// article are never read as two unrelated papers.
type StudyBlock struct {
	NCTID string `json:"nct_id"`
	// Registry is the registry entry's evidence number (0: the run holds only its reports).
	Registry int            `json:"registry,omitempty"`
	Reports  []int          `json:"reports"`
	Outcomes []StudyOutcome `json:"outcomes,omitempty"`
	// Flagged counts the registered primary outcomes a report does not report.
	Flagged int `json:"flagged"`
}

// StudyOutcome is one report's check of the registered primary outcomes.
type StudyOutcome struct {
	Report         int                   `json:"report"`
	FullText       bool                  `json:"full_text"`
	ArticlePrimary string                `json:"article_primary,omitempty"`
	Checks         []domain.OutcomeCheck `json:"checks"`
}

// studyBlocks links the evidence into studies, keeping those with more than one record (a
// registry entry with its reports, or several reports of one trial). fullTexts are the
// papers' full texts by key, read where they exist.
func studyBlocks(evs []domain.Evidence, fullTexts map[string]string) []StudyBlock {
	num := map[string]int{}
	for i, e := range evs {
		num[e.CanonicalKey()] = i + 1
	}
	var out []StudyBlock
	for _, l := range studylink.Link(evs, fullTexts) {
		b := StudyBlock{NCTID: l.NCTID, Registry: num[l.RegistryKey]}
		for _, k := range l.ReportKeys {
			if n := num[k]; n > 0 {
				b.Reports = append(b.Reports, n)
			}
		}
		records := len(b.Reports)
		if b.Registry > 0 {
			records++
		}
		if records < 2 || len(b.Reports) == 0 {
			continue
		}
		for _, c := range l.Outcomes {
			o := StudyOutcome{Report: num[c.ReportKey], FullText: c.FullText, ArticlePrimary: c.ArticlePrimary, Checks: c.Checks}
			for _, ch := range c.Checks {
				if ch.Flagged() {
					b.Flagged++
				}
			}
			b.Outcomes = append(b.Outcomes, o)
		}
		out = append(out, b)
	}
	return out
}

// outcomeWords says, for a reader, how a report gives a registered primary outcome.
func outcomeWords(c domain.OutcomeCheck, fullText bool) string {
	read := "abstract only"
	if fullText {
		read = "full text"
	}
	switch c.Report {
	case domain.OutcomeAsPrimary:
		return "reported as the primary outcome"
	case domain.OutcomeReported:
		return "reported, but not as the primary outcome (a possible switch)"
	default:
		return fmt.Sprintf("⚑ NOT REPORTED in the text read (%s)", read)
	}
}

// studiesMarkdown is the "Studies" section ("" when no trial has more than one record).
func studiesMarkdown(bs []StudyBlock) string {
	if len(bs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("## Studies: registry entries and their reports\n\n")
	for _, s := range bs {
		fmt.Fprintf(&b, "- **%s**: ", md(s.NCTID))
		if s.Registry > 0 {
			fmt.Fprintf(&b, "registry entry [%d]; ", s.Registry)
		} else {
			b.WriteString("registry entry not among the evidence; ")
		}
		fmt.Fprintf(&b, "reported by %s", citeList(s.Reports))
		if s.Flagged > 0 {
			fmt.Fprintf(&b, " — ⚑ %d registered primary outcome(s) not reported", s.Flagged)
		}
		b.WriteString("\n")
		for _, o := range s.Outcomes {
			if o.ArticlePrimary != "" {
				fmt.Fprintf(&b, "  - [%d] names as its primary outcome: “%s”\n", o.Report, md(o.ArticlePrimary))
			}
			for _, c := range o.Checks {
				fmt.Fprintf(&b, "  - registered primary outcome “%s” — [%d] %s", md(c.Registered.Measure), o.Report, outcomeWords(c, o.FullText))
				if c.Quote != "" {
					fmt.Fprintf(&b, ": “%s”", md(c.Quote))
				}
				b.WriteString("\n")
			}
		}
	}
	b.WriteString("\n")
	return b.String()
}

func citeList(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("[%d]", n)
	}
	return strings.Join(parts, ", ")
}
