package report

import (
	"fmt"
	"strconv"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/verify/grounding"
)

// mdEscaper backslash-escapes the characters that would let evidence text (titles from
// PubMed, an LLM's reasoning) change the structure of the Markdown: emphasis, links, tables,
// raw HTML. The rendered text reads the same; the structure stays ours.
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`,
	`<`, `\<`, `>`, `\>`, `|`, `\|`, `#`, `\#`,
	// Pandoc's extensions: $…$ is TeX math, ^…^ and ~…~ super- and subscript, @key a citation.
	`$`, `\$`, `^`, `\^`, `~`, `\~`, `@`, `\@`,
)

func md(s string) string { return mdEscaper.Replace(oneLine(s)) }

// mdProse escapes like md but keeps citation references "[n]" readable and clickable-free:
// the narrative and reasoning cite evidence as [n], which must survive escaping so readers and
// the verifier see the same numbers.
func mdProse(s string) string {
	out := citeUnescape.Replace(md(s))
	// "[1](url)" must not become a link: escape the parenthesis after a restored bracket.
	return strings.ReplaceAll(out, "](", `]\(`)
}

var citeUnescape = func() *strings.Replacer {
	var pairs []string
	for n := 0; n <= 9; n++ {
		pairs = append(pairs, fmt.Sprintf(`\[%d`, n), fmt.Sprintf(`[%d`, n))
	}
	return strings.NewReplacer(append(pairs, `\]`, `]`)...)
}()

func mdURL(u string) string {
	u = strings.TrimSpace(u)
	if !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
		return ""
	}
	return strings.NewReplacer("(", "%28", ")", "%29", " ", "%20", "<", "%3C", ">", "%3E").Replace(u)
}

func renderMarkdown(r Report) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	w("# DeepCritical research report\n\n")
	w("> %s\n\n", Disclaimer)
	w("## Question\n\n%s\n\n", md(r.Question))
	if r.Understood != "" {
		w("*Understood as:* %s\n\n", md(r.Understood))
	}
	w("**Status:** %s", statusLabel(r))
	if r.Partial {
		w(" · partial synthesis")
	}
	w("  \n**Stop rule:** %s\n\n", md(r.StopRule))
	w("**Outcome:** %s\n\n", md(r.Outcome))

	b.WriteString(limitationsMarkdown(r.Limitations))

	b.WriteString(answerMarkdown(r))
	w("## Summary\n\n%s\n\n*%s*\n\n", mdProse(r.Summary), md(r.SummaryNote))

	b.WriteString(candidatesMarkdown(r))
	b.WriteString(findingsMarkdown(r))

	w("## Assessment\n\n")
	if r.HasAssessment {
		w("| | |\n|---|---|\n")
		w("| Mechanism score | %d/10 |\n", r.Scores.Mechanism)
		w("| Clinical evidence score | %d/10 |\n", r.Scores.Clinical)
		w("| Confidence | %.0f%% |\n", r.Scores.Confidence*100)
		w("| Sufficient | %s |\n", yesNo(r.Scores.Sufficient))
		w("| Recommendation | %s |\n\n", md(r.Scores.Recommendation))
		w("**Mechanism:** %s\n\n", mdProse(r.Scores.MechanismReasoning))
		w("**Clinical evidence:** %s\n\n", mdProse(r.Scores.ClinicalReasoning))
		w("### Judge's reasoning\n\n%s\n\n", mdProse(r.Reasoning))
	} else {
		w("No assessment was made.\n\n")
	}
	if len(r.RedFlags) > 0 {
		w("### Red flags\n\n")
		for _, f := range r.RedFlags {
			w("- %s\n", mdProse(f))
		}
		w("\n")
	}

	w("## Judge\n\n%s: provider `%s`, model `%s`, kind `%s`.\n", md(r.Judge.Label), codeSafe(r.Judge.Provider), codeSafe(r.Judge.Model), codeSafe(r.Judge.Kind))
	if r.Judge.Warning != "" {
		w("\n⚠ %s.\n", md(r.Judge.Warning))
	}
	w("\n")
	b.WriteString(rejudgementsMarkdown(r.Rejudgements))
	b.WriteString(reviewerMarkdown(r.Review))

	w("## Verification\n\n")
	writeVerification(&b, r)

	b.WriteString(evidenceMarkdown(r))

	b.WriteString(studiesMarkdown(r.Studies))
	b.WriteString(appraisalsMarkdown(r.Appraisals))

	w("## References\n\n")
	for _, row := range r.Rows {
		if u := mdURL(row.URL); u != "" {
			w("%d. %s <%s>\n", row.N, md(row.Reference), u)
		} else {
			w("%d. %s\n", row.N, md(row.Reference))
		}
	}
	if len(r.Rows) > 0 {
		w("\n")
	}
	w("---\n\n*%s* Run `%s`, generated %s.\n", Disclaimer, codeSafe(r.RunID), r.GeneratedAt.Format("2006-01-02 15:04 UTC"))
	return b.String()
}

// answerMarkdown is the "Answer" section ("" when the report has no answer line): the
// answer over the studies the report relies on, the judge's own answer beside it when the
// reviewer's decisions changed it, and each study's stance with the reviewer's decision on it.
func answerMarkdown(r Report) string {
	if r.Answer == "" {
		return ""
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("## Answer\n\n**%s**\n\n", md(r.Answer))
	if r.JudgeAnswer != "" {
		w("%s: %s\n\n", judgeAnswerLabel, md(r.JudgeAnswer))
	}
	for _, s := range r.Stances {
		w("- [%d] %s", s.N, s.Label)
		if s.Quote != "" {
			w(" — “%s”", md(s.Quote))
			if !s.QuoteVerified {
				w(" (⚠ quote not found verbatim in the evidence)")
			}
		} else {
			w(" — %s", md(stanceNoQuote(s.StudyStance)))
		}
		if s.ByRule {
			w(" (%s)", byRuleNote)
		}
		if s.Review != "" {
			w(" — **%s**", md(s.Review))
		}
		w("\n")
	}
	if len(r.Stances) > 0 {
		w("\n")
	}
	return b.String()
}

// judgeAnswerLabel introduces the judge's answer line where the reviewer's decisions changed
// the report's: the machine's verdict stays in the report, labelled as such.
const judgeAnswerLabel = "Judge's answer before review"

// candidatesMarkdown is the "Drug candidates" section.
func candidatesMarkdown(r Report) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("## Drug candidates\n\n")
	if len(r.Candidates) == 0 {
		w("No drug candidates were identified.\n\n")
	}
	for _, c := range r.Candidates {
		if c.Flagged {
			w("%d. **%s** — ⚠ UNSUPPORTED: not found in the on-topic evidence\n", c.Rank, md(c.Name))
			continue
		}
		w("%d. **%s** — named in %s", c.Rank, md(c.Name), candidateCitations(c, func(n int) string { return "[" + strconv.Itoa(n) + "]" }))
		if c.Excluded {
			w(" — %s", candidateExcludedNote)
		}
		w("\n")
	}
	if len(r.Candidates) > 0 {
		w("\n")
	}
	return b.String()
}

// findingsMarkdown is the "Key findings" section.
func findingsMarkdown(r Report) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("## Key findings\n\n")
	if len(r.Findings) == 0 {
		w("No key findings were reported.\n\n")
	}
	for _, f := range r.Findings {
		if f.Flagged {
			w("- %s — ⚠ UNSUPPORTED: no stored evidence states this\n", md(f.Text))
			continue
		}
		w("- %s %s", md(f.Text), grounding.FormatCitations(f.Citations))
		if f.Excluded {
			w(" — %s", findingExcludedNote)
		}
		w("\n")
	}
	if len(r.Findings) > 0 {
		w("\n")
	}
	return b.String()
}

// evidenceMarkdown is the "Evidence" section: the table, each paper marked as the report
// treats it (the reviewer's decision, with the judge's mark in it, in place of the judge's
// OFF-TOPIC).
func evidenceMarkdown(r Report) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("## Evidence\n\n")
	if len(r.Rows) == 0 && r.CutSearch != "" {
		w("No evidence was stored before the run stopped.\n\n")
	} else if len(r.Rows) == 0 {
		w("No evidence was found.\n\n")
	} else {
		w("| # | Source | Year | Design | Quality | Risk of bias | Text read | Registry / phase / status | Title |\n")
		w("|---|---|---|---|---|---|---|---|---|\n")
		for _, row := range r.Rows {
			title := md(row.Title)
			if row.Retracted {
				title = "**RETRACTED** " + title
			}
			switch {
			case row.Review != "":
				title = "**" + md(row.ReviewBy) + "** " + md(strings.TrimPrefix(row.Review, row.ReviewBy)) + " — " + title
			case row.OffTopic:
				title = "**OFF-TOPIC** " + title
			}
			read := row.Read
			if read == "" {
				read = "—"
			}
			w("| %d | %s | %s | %s | %s | %s | %s | %s | %s |\n", row.N, md(row.Source), md(row.Year), md(row.Design), md(row.Quality), md(row.RiskOfBias), md(read), md(row.Trial), title)
		}
		w("\n")
	}
	return b.String()
}

// withReviewedSections brings the sections of a stored report of record that depend on
// which papers the report relies on (the answer line, the candidates, the findings, the
// evidence table) in line with the reviewer's decisions on papers, rendered from r (built
// now, with the reviews). A report nobody decided a paper of is returned as stored, byte
// for byte.
func withReviewedSections(markdown string, r Report) string {
	if r.Review == nil || len(r.Review.Papers) == 0 {
		return markdown
	}
	markdown = withSectionBefore(markdown, "## Answer", answerMarkdown(r), "## Summary")
	markdown = withSectionBefore(markdown, "## Drug candidates", candidatesMarkdown(r), "## Key findings")
	markdown = withSectionBefore(markdown, "## Key findings", findingsMarkdown(r), "## Assessment")
	return withSectionBefore(markdown, "## Evidence", evidenceMarkdown(r), "## References")
}

func writeVerification(b *strings.Builder, r Report) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	v := r.Verification
	switch {
	case v == nil:
		w("Not verified yet (draft).\n\n")
		return
	case v.Status == domain.ReportVerified:
		w("✔ Verified: every drug candidate and key finding is matched to stored evidence and every citation resolves.")
	case v.Status == domain.ReportFailed:
		w("✘ Verification FAILED.")
	default:
		w("⚠ UNVERIFIED: the report could not be verified")
		if v.Error != "" {
			w(" (%s)", md(v.Error))
		}
		w(".")
	}
	if v.Verdict != nil && v.Verdict.Reason != "" {
		w(" %s", mdProse(v.Verdict.Reason))
	}
	w("\n\n")
	if v.Verdict != nil && len(v.Verdict.MissingItems) > 0 {
		w("Flagged:\n\n")
		for _, m := range v.Verdict.MissingItems {
			w("- ⚠ %s\n", mdProse(m))
		}
		w("\n")
	} else if len(r.Flagged) > 0 {
		w("Flagged:\n\n")
		for _, m := range r.Flagged {
			w("- ⚠ unsupported %s\n", md(m))
		}
		w("\n")
	}
}

func statusLabel(r Report) string {
	switch r.Status {
	case domain.ReportVerified:
		return "verified"
	case domain.ReportFailed:
		return "verification failed"
	case domain.ReportUnverified:
		return "UNVERIFIED"
	}
	return "draft (not verified)"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func codeSafe(s string) string {
	s = strings.ReplaceAll(oneLine(s), "`", "'")
	if s == "" {
		return "—"
	}
	return s
}

// byRuleNote marks a stance DeepCritical's rules gave where the LLM judge gave none.
const byRuleNote = "stance by DeepCritical's rules: the judge gave none"

// StanceLine is one study's stance in plain words, as the report's Answer section gives it
// ("[2] supports — “…”", with its caveats), for the terminal.
func StanceLine(q domain.ParsedQuestion, s domain.StudyStance) string {
	line := fmt.Sprintf("[%d] %s", s.N, domain.StanceLabel(q, s.Stance))
	switch {
	case s.Quote == "":
		line += " — " + stanceNoQuote(s)
	case s.QuoteVerified:
		line += " — “" + s.Quote + "”"
	default:
		line += " — “" + s.Quote + "” (⚠ quote not found verbatim in the evidence)"
	}
	if s.ByRule {
		line += " (" + byRuleNote + ")"
	}
	return line
}

// stanceNoQuote is what a report says in place of a stance's quote when it has none: the
// rule's reason, else that the text had no sentence to rest on.
func stanceNoQuote(s domain.StudyStance) string {
	if s.Reason != "" {
		return s.Reason
	}
	return "no result or conclusion sentence to rest on"
}

// rejudgementsMarkdown is the "Re-judgements" section ("" when the run has none): each other
// judge's verdict on the same evidence, when, and how it differs from the run's own.
func rejudgementsMarkdown(rs []Rejudgement) string {
	if len(rs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("## Re-judgements\n\n| Judge | Date | Mechanism | Clinical | Sufficient | Candidates | Differences from the run's verdict |\n|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		suff := "no"
		if r.Sufficient {
			suff = "yes"
		}
		cands := "none"
		if len(r.Candidates) > 0 {
			cands = strings.Join(r.Candidates, ", ")
		}
		fmt.Fprintf(&b, "| %s | %s | %d/10 | %d/10 | %s | %s | %s |\n", md(r.Judge), md(r.Date), r.Mechanism, r.Clinical, suff, md(cands), md(r.Differences))
	}
	b.WriteString("\n")
	return b.String()
}

// reviewerMarkdown is the "Reviewer's decisions" section ("" when nobody reviewed).
func reviewerMarkdown(rv *ReviewerSection) string {
	if rv == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("## Reviewer's decisions\n\n")
	if rv.Verdict != "" {
		fmt.Fprintf(&b, "**Verdict:** %s\n\n", md(rv.Verdict))
	}
	for _, p := range rv.Papers {
		fmt.Fprintf(&b, "- %s\n", md(p))
	}
	if len(rv.Papers) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s.\n\n", md(rv.Agreement))
	if rv.ComponentsWords != "" {
		fmt.Fprintf(&b, "%s.\n\n", md(rv.ComponentsWords))
	}
	b.WriteString("Trail (every decision, oldest first, none overwritten):\n\n")
	for _, r := range rv.Trail {
		target := "verdict"
		if r.Paper > 0 {
			target = fmt.Sprintf("[%d]", r.Paper)
		}
		line := fmt.Sprintf("%s — %s — %s %s", r.CreatedAt.UTC().Format("2006-01-02 15:04 UTC"), r.Author, r.Decision, target)
		if r.Decision == domain.ReviewOverride && r.Points != nil {
			line += fmt.Sprintf(" %s → %g", r.Component, *r.Points)
		}
		if r.Reason != "" {
			line += " (" + r.Reason + ")"
		}
		if r.Note != "" {
			line += ": " + r.Note
		}
		fmt.Fprintf(&b, "- %s\n", md(line))
	}
	b.WriteString("\n")
	return b.String()
}

// withReviewerSection puts the reviewer's section into a stored report of record, like
// withRejudgements.
func withReviewerSection(markdown string, rv *ReviewerSection) string {
	return withSection(markdown, "## Reviewer's decisions", reviewerMarkdown(rv))
}

// withRejudgements puts the Re-judgements section into a stored report of record (written
// before the re-judgements existed), before its Verification section, replacing any earlier one.
func withRejudgements(markdown string, rs []Rejudgement) string {
	return withSection(markdown, "## Re-judgements", rejudgementsMarkdown(rs))
}

// withSection replaces the section headed title with sec, or inserts sec before the
// Verification section (at the end when there is none); "" sec removes nothing new.
func withSection(markdown, title, sec string) string {
	return withSectionBefore(markdown, title, sec, "## Verification")
}

// withSectionBefore is withSection with the section that the new one goes before.
func withSectionBefore(markdown, title, sec, before string) string {
	head := "\n" + title + "\n"
	if i := strings.Index(markdown, head); i >= 0 {
		rest := markdown[i+len(head):]
		end := len(markdown)
		if j := strings.Index(rest, "\n## "); j >= 0 {
			end = i + len(head) + j + 1
		}
		return markdown[:i+1] + sec + markdown[end:]
	}
	if sec == "" {
		return markdown
	}
	if i := strings.Index(markdown, "\n"+before+"\n"); i >= 0 {
		return markdown[:i+1] + sec + markdown[i+1:]
	}
	return strings.TrimRight(markdown, "\n") + "\n\n" + sec
}

// appraisalsMarkdown is the "Appraisals" section: each appraised paper's component scores
// with the quotes they rest on ("" when nothing was appraised).
func appraisalsMarkdown(bs []AppraisalBlock) string {
	if len(bs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("## Appraisals\n\n")
	for _, a := range bs {
		fmt.Fprintf(&b, "### [%d] %s\n\nAppraised by: %s · %s\n\n", a.N, md(a.Title), md(a.AssessedBy), md(a.Read))
		for _, d := range a.Dimensions {
			fmt.Fprintf(&b, "**%s: %s**\n\n", md(d.Name), md(d.Score))
			for _, c := range d.Components {
				line := fmt.Sprintf("- %s: %s", md(c.Name), md(c.Points))
				if c.Risk != "" {
					line += " (" + c.Risk + ")"
				}
				if c.Value != "" {
					line += " — " + md(c.Value)
				}
				if c.Quote != "" {
					v := "verified"
					if !c.Verified {
						v = "⚠ not verified"
					}
					line += fmt.Sprintf(" — “%s” (%s)", md(c.Quote), v)
				}
				if c.Reviewer != "" {
					line += " — reviewer: " + md(c.Reviewer)
				}
				b.WriteString(line + "\n")
			}
			if len(d.Components) > 0 {
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}

// UpToDate brings a stored report of record up to date with what happened since it was
// written, from r (the report built now from the stored run): the sections the reviewer's
// decisions on papers change (withReviewedSections), the limitations found since, the
// re-judgements, the reviewer's decisions and the appraisal section. The one place the
// exports and the window's report view refresh it.
func UpToDate(markdown string, r Report) string {
	return withStudies(withAppraisals(withReviewerSection(withRejudgements(withLimitations(withReviewedSections(markdown, r), r.Limitations), r.Rejudgements), r.Review), r.Appraisals), r.Studies)
}

// withStudies puts the Studies section into a stored report of record written before
// reports had it, before its Appraisals (or its References when nothing was appraised).
func withStudies(markdown string, bs []StudyBlock) string {
	before := "## References"
	if strings.Contains(markdown, "\n## Appraisals\n") {
		before = "## Appraisals"
	}
	return withSectionBefore(markdown, "## Studies: registry entries and their reports", studiesMarkdown(bs), before)
}

// withAppraisals puts the Appraisals section into a stored report of record written before
// reports had it, before its References.
func withAppraisals(markdown string, bs []AppraisalBlock) string {
	return withSectionBefore(markdown, "## Appraisals", appraisalsMarkdown(bs), "## References")
}
