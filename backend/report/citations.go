package report

import (
	"fmt"
	"io"
	"strings"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
)

// writeCitations delegates the reference-manager formats to citeformat, whose readers parse
// them back (the round trip is tested there and in this package).
// References returns the papers a reference export holds: those the report relies on (on
// topic, unless the reviewer excluded them; a paper the reviewer included counts even when
// the judge set it aside), or with includeSetAside every paper. Each carries DeepCritical's
// marks where a reference manager keeps them: a set-aside paper says so and why in a keyword
// (without commas: BibTeX splits keywords at them), and an appraised paper carries its quality
// and risk-of-bias scores in the note field, which Zotero and EndNote import as a note.
func References(run ExportRun, includeSetAside bool) []domain.Evidence {
	refs := MarkedReferences(run, includeSetAside)
	out := make([]domain.Evidence, len(refs))
	for i, r := range refs {
		out[i] = r.Evidence
	}
	return out
}

// MarkedReference is one paper of a reference export with DeepCritical's marks in fields, for
// targets that keep them apart (a Zotero child note) rather than in keywords and notes.
type MarkedReference struct {
	// Evidence is the paper as References gives it (set-aside keyword, appraisal note line).
	Evidence domain.Evidence
	// N is the paper's number in the report ([N]).
	N int
	// ReliedOn is true for a paper the report relies on; SetAside says why one is not
	// ("off topic: …", "excluded by the reviewer: …").
	ReliedOn bool
	SetAside string
	// Appraisal is the appraisal's note line ("" when the paper was not appraised).
	Appraisal string
	// Stance is which way the paper points on the question, as the report's answer says it,
	// with the sentence it rests on, in one note line ("" when the judge gave it none).
	Stance string
	// Review is the reviewer's decision in force on the paper and their note, in one note
	// line ("" when the paper was not reviewed).
	Review string
	// Retractions are the retraction notices on the paper.
	Retractions []string
	// Unfinished says, in one note line, how a run that did not complete ended (failed,
	// cancelled, interrupted, still running); "" for a complete run.
	Unfinished string
}

// MarkedReferences is References with each paper's marks as fields: the one rule for which
// papers a reference export holds and what DeepCritical says about each.
func MarkedReferences(run ExportRun, includeSetAside bool) []MarkedReference {
	_, papers := domain.LatestReviews(run.Reviews)
	stances := stanceNotes(run)
	unfinished := UnfinishedNote(run)
	var out []MarkedReference
	for i, e := range run.Evidence {
		r, reviewed := papers[e.CanonicalKey()]
		relied := domain.ReliedOn(e, papers)
		why := ""
		if e.Topic != nil {
			why = e.Topic.Reason
		}
		if reviewed {
			why = "excluded by the reviewer: " + r.Reason
		}
		if !relied && !includeSetAside {
			continue
		}
		ref := MarkedReference{N: i + 1, ReliedOn: relied, Retractions: e.Citation.Retractions}
		c := e.Citation
		c.Keywords = append([]string{}, c.Keywords...)
		if !relied {
			if why == "" {
				why = "off topic"
			}
			ref.SetAside = why
			c.Keywords = append(c.Keywords, noComma("DeepCritical: set aside: "+why))
		}
		if a, ok := run.Appraisals[e.CanonicalKey()]; ok {
			if s := appraisalNote(a); s != "" {
				ref.Appraisal = s
				c.Notes = append(append([]string{}, c.Notes...), s)
			}
		}
		if s := stances[i+1]; s != "" && relied {
			ref.Stance = s
			c.Notes = append(append([]string{}, c.Notes...), s)
		}
		if reviewed {
			// No semicolon: BibTeX note parts are separated by them.
			ref.Review = "DeepCritical reviewer: " + strings.ReplaceAll(ReviewDecision(e, r), ";", ",")
			c.Notes = append(append([]string{}, c.Notes...), ref.Review)
		}
		if unfinished != "" {
			ref.Unfinished = unfinished
			c.Notes = append(append([]string{}, c.Notes...), unfinished)
		}
		e.Citation = c
		ref.Evidence = e
		out = append(out, ref)
	}
	return out
}

// UnfinishedNote is the note line a reference export (RIS N1, BibTeX note, CSL-JSON note)
// and the CSV's notes give a run that did not complete: its outcome as every other format
// states it (domain.RunOutcome), "DeepCritical run … is not complete: Cancelled after 1 iteration, …", so a
// list of references read far from the report does not pass for a finished review. "" for a
// complete run. No semicolon: BibTeX note parts are separated by them.
func UnfinishedNote(run ExportRun) string {
	if run.Run.Status == domain.RunComplete {
		return ""
	}
	return "DeepCritical run " + run.Run.ID + " is not complete: " + strings.ReplaceAll(runOutcome(run), ";", ",")
}

// runOutcome is the stored run's outcome line with its stored report's status.
func runOutcome(run ExportRun) string {
	status := ""
	if run.Report != nil && run.Report.Status != StatusDraft {
		status = run.Report.Status
	}
	return domain.RunOutcome(run.Run, status)
}

// appraisalNote is the appraisal in one note line: "DeepCritical appraisal: quality 6.5/10,
// risk of bias 7.5/10 (higher = lower risk)"; "" when neither dimension was scored. It has no
// semicolon: BibTeX note parts are separated by them.
func appraisalNote(a domain.Appraisal) string {
	q, rob := dimensionLabel(a, domain.DimensionQuality), dimensionLabel(a, domain.DimensionRiskOfBias)
	if !strings.Contains(q, "/10") && !strings.Contains(rob, "/10") {
		return ""
	}
	return fmt.Sprintf("DeepCritical appraisal: quality %s, risk of bias %s (higher = lower risk), %s", q, rob, TextRead(a.Document))
}

// stanceNotes are the note lines of the final verdict's stances, by evidence number:
// "DeepCritical stance (offline judge): finds a benefit — “…”", worded as the report's answer
// words them and naming the judge that gave it, since a stance read in a reference manager is
// far from the report's Judge section. No semicolon: BibTeX note parts are separated by them.
func stanceNotes(run ExportRun) map[int]string {
	final := domain.FinalAssessment(run.Assessments)
	if final == nil || len(final.Assessment.Details.Stances) == 0 {
		return nil
	}
	q, err := concepts.Of(run.Run.Question, run.Run.Parsed)
	if err != nil {
		q = domain.ParsedQuestion{Question: run.Run.Question}
	}
	out := map[int]string{}
	for _, st := range final.Assessment.Details.Stances {
		line := strings.TrimPrefix(StanceLine(q, st), fmt.Sprintf("[%d] ", st.N))
		out[st.N] = "DeepCritical stance (" + stanceJudge(final.Assessment.Judge) + "): " + strings.ReplaceAll(line, ";", ",")
	}
	return out
}

// stanceJudge names who gave a stance, in the words of the report's Judge section: a
// fallback's stances are not an LLM's.
func stanceJudge(j domain.JudgeInfo) string {
	switch j.Kind {
	case domain.JudgeKindOffline:
		return "offline judge"
	case domain.JudgeKindFallback:
		return "fallback assessment, not an LLM verdict"
	}
	name := strings.TrimSpace(string(j.Provider) + " " + j.Model)
	if name == "" {
		return "LLM judge"
	}
	return "LLM judge " + strings.ReplaceAll(name, ";", ",")
}

func noComma(s string) string { return strings.ReplaceAll(s, ",", ";") }

func writeCitations(w io.Writer, format string, evidence []domain.Evidence) error {
	switch format {
	case "ris":
		return citeformat.WriteRIS(w, evidence)
	case "bibtex":
		return citeformat.WriteBibTeX(w, evidence)
	case "csljson":
		return citeformat.WriteCSLJSON(w, evidence)
	}
	return domain.Errorf(domain.CodeInvalid, "unknown citation format %q", format)
}
