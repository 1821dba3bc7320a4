package services

import (
	"context"
	"strings"
	"time"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/domain"
	"deepcritical/backend/report"
	"deepcritical/backend/store"
)

// MaxAppraisalText is the largest text an appraisal reads (`appraise --text-file`, the MCP
// tool appraise_paper's text): 1 MiB. A long full-text article is about 100–300 KB of text
// (the longest of the 80 CONSORT-annotated trial reports in the shared corpus is 92 KB), so a
// paper fits with room to spare. The rules read every sentence of the text (about a second
// per megabyte of prose, several for repetitive text), so a larger text is not a paper but a
// wrong file or a paste of many documents, refused at once rather than read for a minute.
const MaxAppraisalText = 1 << 20

// tooLargeToAppraise is the refusal of a text over MaxAppraisalText.
func tooLargeToAppraise(n int) error {
	return domain.Errorf(domain.CodeInvalid, "the text to appraise is %.1f MiB, more than the %d MiB an appraisal reads (a long full-text article is about 300 KB): give the text of one paper",
		float64(n)/(1<<20), MaxAppraisalText>>20)
}

// paperTimeout bounds the window's paper lookup so a locked database cannot freeze it.
const paperTimeout = 10 * time.Second

// AppraisalService serves the window's paper detail view: a stored piece of evidence with
// its appraisal and the text that was appraised, so quotes can be highlighted in place.
type AppraisalService struct{ store dep[paperStore] }

// paperStore is the part of the database the paper view reads.
type paperStore interface {
	GetEvidence(ctx context.Context, key string) (domain.Evidence, error)
	AppraisalsForEvidence(ctx context.Context, keys []string) (map[string]domain.Appraisal, error)
	FullTexts(ctx context.Context, keys []string) (map[string]domain.FullText, error)
}

var _ paperStore = (*store.Store)(nil)

// PaperView is one paper as the detail view shows it. Text is what the appraiser read
// (title, a blank line, then the full text under its headings, or the abstract);
// TextMatches says whether it is exactly the document the stored appraisal was computed
// from (the evidence may have been enriched by a later search, or a full text read since),
// so the view can warn that a quote might not be found in it. FullText is the stored full
// text by section, shown with every appraisal quote highlighted in place.
type PaperView struct {
	Evidence    domain.Evidence   `json:"evidence"`
	Appraisal   *domain.Appraisal `json:"appraisal,omitempty"`
	Text        string            `json:"text"`
	TextMatches bool              `json:"text_matches"`
	FullText    *domain.FullText  `json:"full_text,omitempty"`
	// Read says which text the appraisal read, in the report's words.
	Read string `json:"read,omitempty"`
}

// Paper returns the evidence with canonical key key, its latest stored appraisal (absent
// when the paper was never appraised) and the appraised text.
func (a *AppraisalService) Paper(key string) (PaperView, error) {
	key = strings.TrimSpace(key)
	if key == "" {
		return PaperView{}, domain.Errorf(domain.CodeInvalid, "no paper key given")
	}
	st, err := a.store.get()
	if err != nil {
		return PaperView{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), paperTimeout)
	defer cancel()
	ev, err := st.GetEvidence(ctx, key)
	if err != nil {
		return PaperView{}, err
	}
	texts, err := st.FullTexts(ctx, []string{key})
	if err != nil {
		return PaperView{}, err
	}
	var ft *domain.FullText
	if t, ok := texts[key]; ok && t.HasBody() {
		ft = &t
	}
	apps, err := st.AppraisalsForEvidence(ctx, []string{key})
	if err != nil {
		return PaperView{}, err
	}
	ap, appraised := apps[key]
	if appraised && !ap.Document.FullText {
		ft = nil // the appraisal read the abstract: show what it read
	}
	doc := appraisal.DocumentFor(ev, ft)
	view := PaperView{Evidence: ev, Text: doc.AppraisedText(), FullText: ft}
	if appraised {
		view.Appraisal = &ap
		view.TextMatches = ap.Document.Hash == doc.Hash()
		view.Read = report.TextRead(ap.Document)
	}
	return view, nil
}

// appraisedText is the text the rules and the LLM assessors quote from.
func appraisedText(doc appraisal.Document) string { return doc.AppraisedText() }
