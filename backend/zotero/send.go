package zotero

import (
	"fmt"
	"html"
	"strings"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/report"
)

// RunTags are the tags every item sent from a run carries, so the user finds a run's
// references in Zotero's tag selector: "DeepCritical" and "DeepCritical run ID".
func RunTags(runID string) []string {
	return []string{"DeepCritical", "DeepCritical run " + runID}
}

// ItemsOf renders a run's references as Zotero items: the papers a reference export holds
// (report.MarkedReferences: those the report relies on, or with includeSetAside every paper),
// each with a child note saying what DeepCritical made of it.
func ItemsOf(run report.ExportRun, includeSetAside bool) []citeformat.ZoteroItem {
	refs := report.MarkedReferences(run, includeSetAside)
	out := make([]citeformat.ZoteroItem, 0, len(refs))
	for _, r := range refs {
		it := citeformat.ZoteroItemOf(r.Evidence)
		it.ID = r.Evidence.CanonicalKey()
		if it.ID == "" {
			it.ID = fmt.Sprintf("ref%d", r.N)
		}
		it.Notes = []citeformat.ZoteroNote{{Note: NoteHTML(run.Run.ID, run.Run.Question, r)}}
		out = append(out, it)
	}
	return out
}

// NoteHTML is the child note of one reference: the run and its question, whether the report
// relies on the paper ([N]) or set it aside and why, any retraction notice, and the
// appraisal's scores. Zotero notes are HTML; every text is escaped.
func NoteHTML(runID, question string, r report.MarkedReference) string {
	var b strings.Builder
	p := func(format string, args ...any) {
		for i, a := range args {
			if s, ok := a.(string); ok {
				args[i] = html.EscapeString(s)
			}
		}
		b.WriteString("<p>" + fmt.Sprintf(format, args...) + "</p>\n")
	}
	p("<strong>DeepCritical</strong>, run %s", runID)
	p("Question: %s", question)
	if r.ReliedOn {
		p("Cited: the report relies on this paper as [%d].", r.N)
	} else {
		why, byReviewer := strings.CutPrefix(r.SetAside, "excluded by the reviewer: ")
		if byReviewer {
			p("Set aside: excluded by the reviewer (%s); it is [%d] in the report's evidence table, not relied on.", why, r.N)
		} else {
			p("Set aside as off-topic (%s); it is [%d] in the report's evidence table, not relied on.", why, r.N)
		}
	}
	if len(r.Retractions) > 0 {
		p("<strong>Flagged retracted</strong>: %s", strings.Join(r.Retractions, "; "))
	}
	if r.Stance != "" {
		p("%s", r.Stance)
	}
	if r.Review != "" {
		p("%s", r.Review)
	}
	if r.Appraisal != "" {
		p("%s", r.Appraisal)
	} else {
		p("Not appraised (DeepCritical appraises on-topic trials).")
	}
	return b.String()
}
