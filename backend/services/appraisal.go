package services

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/config"
	"deepcritical/backend/domain"
	"deepcritical/backend/search/pubmed"
)

// MaxAppraisalText is the largest text `appraise` accepts (10 MiB): far above any full-text
// article, low enough that a wrong file (a database, a video) is refused instead of read.
const MaxAppraisalText = 10 << 20

// paperTimeout bounds the window's paper lookup so a locked database cannot freeze it.
const paperTimeout = 10 * time.Second

// AppraisalService serves the window's paper detail view: a stored piece of evidence with
// its appraisal and the text that was appraised, so quotes can be highlighted in place.
type AppraisalService struct{ c *Container }

// PaperView is one paper as the detail view shows it. Text is what the appraiser read
// (title, a blank line, then the abstract); TextMatches says whether it is exactly the
// document the stored appraisal was computed from (the evidence may have been enriched by
// a later search), so the view can warn that a quote might not be found in it.
type PaperView struct {
	Evidence    domain.Evidence   `json:"evidence"`
	Appraisal   *domain.Appraisal `json:"appraisal,omitempty"`
	Text        string            `json:"text"`
	TextMatches bool              `json:"text_matches"`
}

// Paper returns the evidence with canonical key key, its latest stored appraisal (absent
// when the paper was never appraised) and the appraised text.
func (a *AppraisalService) Paper(key string) (PaperView, error) {
	key = strings.TrimSpace(key)
	if key == "" {
		return PaperView{}, domain.Errorf(domain.CodeInvalid, "no paper key given")
	}
	st, err := a.c.Store()
	if err != nil {
		return PaperView{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), paperTimeout)
	defer cancel()
	ev, err := st.GetEvidence(ctx, key)
	if err != nil {
		return PaperView{}, err
	}
	doc := appraisal.DocumentFromEvidence(ev, "")
	view := PaperView{Evidence: ev, Text: appraisedText(doc)}
	apps, err := st.AppraisalsForEvidence(ctx, []string{key})
	if err != nil {
		return PaperView{}, err
	}
	if ap, ok := apps[key]; ok {
		view.Appraisal = &ap
		view.TextMatches = ap.Document.Hash == doc.Hash()
	}
	return view, nil
}

// appraisedText is the text the rules and the LLM assessors quote from: the title, a blank
// line and the body, as the appraisal package assembles it.
func appraisedText(doc appraisal.Document) string {
	switch {
	case doc.Title == "":
		return doc.Text
	case doc.Text == "":
		return doc.Title
	}
	return doc.Title + "\n\n" + doc.Text
}

// appraiser builds the appraiser of a judge choice: the offline rubric, or the chosen
// LLM with the store as cache and recorder. It never falls back to another provider.
func (c *Container) appraiser(choice JudgeChoice) (*appraisal.Appraiser, error) {
	eng, err := c.buildEngine(choice, domain.DefaultRunConfig())
	if err != nil {
		return nil, err
	}
	return eng.appraiser, nil
}

// AppraiseText appraises a document given as text (`appraise --text-file`). The title may
// be empty; the document's key is derived from its content, so appraising the same text
// again is answered from the cache.
func (c *Container) AppraiseText(ctx context.Context, title, text string, choice JudgeChoice) (domain.Appraisal, error) {
	title = strings.Join(strings.Fields(title), " ")
	if strings.TrimSpace(text) == "" {
		return domain.Appraisal{}, domain.Errorf(domain.CodeInvalid, "the text to appraise is empty")
	}
	if len(title)+len(text) > MaxAppraisalText {
		return domain.Appraisal{}, domain.Errorf(domain.CodeInvalid, "the text to appraise is larger than %d MiB", MaxAppraisalText>>20)
	}
	ap, err := c.appraiser(choice)
	if err != nil {
		return domain.Appraisal{}, err
	}
	doc := appraisal.Document{Title: title, Text: text}
	doc.Key = "text:" + doc.Hash()[:16]
	return ap.AppraiseDocument(ctx, doc)
}

// pmidPattern accepts "12345", "pmid:12345" and "PMID 12345".
var pmidPattern = regexp.MustCompile(`(?i)^(?:pmid[:\s]*)?([0-9]{1,9})$`)

// parsePMID returns the digits of a PMID written with or without its prefix.
func parsePMID(s string) (string, bool) {
	m := pmidPattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false
	}
	id := strings.TrimLeft(m[1], "0")
	return id, id != ""
}

// pubmedClient builds the PubMed client of the effective settings (DEEPCRITICAL_PUBMED_URL
// and NCBI_API_KEY honoured), sharing the process-wide NCBI rate limiter.
func (c *Container) pubmedClient(s config.Settings) *pubmed.Client {
	key, _, err := c.secrets.Get("ncbi_api_key")
	if err != nil {
		key = ""
	}
	return pubmed.New(pubmed.Options{BaseURL: s.Sources.PubMedURL, HTTPClient: c.http, Email: s.Sources.NCBIEmail,
		APIKey: key, Limiter: c.pubmedLimiter(key != "")})
}

// fetchPMIDs fetches PubMed records with one efetch and returns them by PMID. A record
// PubMed does not return is absent from the map; a request failure is an unavailable error.
func (c *Container) fetchPMIDs(ctx context.Context, ids []string) (map[string]domain.Evidence, error) {
	evs, err := c.pubmedClient(c.Effective()).Fetch(ctx, ids)
	out := make(map[string]domain.Evidence, len(evs))
	for _, ev := range evs {
		out[ev.Citation.PMID] = ev
	}
	if err != nil && len(out) < len(ids) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// PubMed errors name the source and never carry the API key (the client redacts it).
		return out, domain.Wrap(domain.CodeUnavailable, err, "PubMed: "+oneLineErr(err))
	}
	return out, nil
}

func oneLineErr(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// AppraisePMID fetches one PubMed record (title, abstract, publication types and MeSH) and
// appraises it; the appraisal is stored under the record's canonical key, so the paper
// view of that evidence shows it.
func (c *Container) AppraisePMID(ctx context.Context, pmid string, choice JudgeChoice) (domain.Appraisal, error) {
	id, ok := parsePMID(pmid)
	if !ok {
		return domain.Appraisal{}, domain.Errorf(domain.CodeInvalid, "%q is not a PMID (digits only, e.g. 27797938)", strings.TrimSpace(pmid))
	}
	ap, err := c.appraiser(choice)
	if err != nil {
		return domain.Appraisal{}, err
	}
	recs, err := c.fetchPMIDs(ctx, []string{id})
	if err != nil {
		return domain.Appraisal{}, err
	}
	ev, found := recs[id]
	if !found {
		return domain.Appraisal{}, domain.Errorf(domain.CodeNotFound, "PubMed returned no record for PMID %s", id)
	}
	return ap.Appraise(ctx, ev, "")
}

// AppraiseLibrary appraises a record of the user's imported library by its id.
func (c *Container) AppraiseLibrary(ctx context.Context, id int64, choice JudgeChoice) (domain.Appraisal, error) {
	if id <= 0 {
		return domain.Appraisal{}, domain.Errorf(domain.CodeInvalid, "library id must be a positive number, got %d", id)
	}
	st, err := c.Store()
	if err != nil {
		return domain.Appraisal{}, err
	}
	rec, err := st.GetLibraryRecord(ctx, id)
	if err != nil {
		return domain.Appraisal{}, err
	}
	ap, err := c.appraiser(choice)
	if err != nil {
		return domain.Appraisal{}, err
	}
	return ap.Appraise(ctx, rec.Evidence, "")
}

// libraryRef matches a library record reference in a gold set: "library:12" or "lib:12".
var libraryRef = regexp.MustCompile(`(?i)^lib(?:rary)?:([0-9]+)$`)

// evidenceKeyRef matches the canonical keys of stored evidence other than PMIDs.
var evidenceKeyRef = regexp.MustCompile(`^(doi|nct|pmcid|url):\S+$`)

// Calibrate compares the chosen appraiser with a gold CSV (document, item, label). A
// document cell is the text itself, or an id resolved here: a PMID ("27797938" or
// "pmid:27797938", fetched from PubMed in one request), a library record ("library:12")
// or the canonical key of evidence stored by a run ("doi:10.1/x", "nct:NCT01234567").
// Resolved records are appraised from their title and abstract, as calibration compares
// text reading, not indexing metadata. A row that cannot be resolved fails the whole
// calibration with its row number, rather than silently shrinking the sample.
func (c *Container) Calibrate(ctx context.Context, goldCSV io.Reader, choice JudgeChoice) (appraisal.CalibrationReport, error) {
	rows, err := appraisal.ReadGoldCSV(goldCSV)
	if err != nil {
		return appraisal.CalibrationReport{}, err
	}
	ap, err := c.appraiser(choice)
	if err != nil {
		return appraisal.CalibrationReport{}, err
	}
	if err := c.resolveGold(ctx, rows); err != nil {
		return appraisal.CalibrationReport{}, err
	}
	return appraisal.Calibrate(ctx, ap, rows)
}

// resolveGold fills the Text of gold rows whose document is an id.
func (c *Container) resolveGold(ctx context.Context, rows []appraisal.GoldRow) error {
	pmidRows := map[string][]int{}
	var pmids []string
	for i := range rows {
		r := &rows[i]
		if strings.TrimSpace(r.Text) != "" {
			continue
		}
		if id, ok := parsePMID(r.Document); ok {
			if _, seen := pmidRows[id]; !seen {
				pmids = append(pmids, id)
			}
			pmidRows[id] = append(pmidRows[id], i)
			continue
		}
		if m := libraryRef.FindStringSubmatch(r.Document); m != nil {
			id, err := strconv.ParseInt(m[1], 10, 64)
			if err != nil || id <= 0 {
				return domain.Errorf(domain.CodeInvalid, "gold row %d: %q is not a valid library id", i+1, r.Document)
			}
			st, err := c.Store()
			if err != nil {
				return err
			}
			rec, err := st.GetLibraryRecord(ctx, id)
			if err != nil {
				return domain.Wrap(domain.CodeOf(err), err, fmt.Sprintf("gold row %d: %s", i+1, domain.SafeMessage(err)))
			}
			r.Text = appraisedText(appraisal.DocumentFromEvidence(rec.Evidence, ""))
			continue
		}
		if evidenceKeyRef.MatchString(r.Document) {
			st, err := c.Store()
			if err != nil {
				return err
			}
			ev, err := st.GetEvidence(ctx, r.Document)
			if err != nil {
				return domain.Wrap(domain.CodeOf(err), err, fmt.Sprintf("gold row %d: %s (only evidence found by an earlier run is stored)", i+1, domain.SafeMessage(err)))
			}
			r.Text = appraisedText(appraisal.DocumentFromEvidence(ev, ""))
			continue
		}
		return domain.Errorf(domain.CodeInvalid, "gold row %d: document %q is neither text nor an id that can be resolved "+
			"(a PMID such as 27797938 or pmid:27797938, library:ID, or a stored evidence key such as doi:10.1000/xyz)", i+1, r.Document)
	}
	if len(pmids) == 0 {
		return nil
	}
	recs, err := c.fetchPMIDs(ctx, pmids)
	if err != nil {
		return domain.Wrap(domain.CodeOf(err), err, fmt.Sprintf("gold set: fetching %d PMID(s): %s", len(pmids), domain.SafeMessage(err)))
	}
	var missing []string
	for _, id := range pmids {
		ev, ok := recs[id]
		if !ok {
			missing = append(missing, fmt.Sprintf("%s (row %d)", id, pmidRows[id][0]+1))
			continue
		}
		text := appraisedText(appraisal.DocumentFromEvidence(ev, ""))
		for _, i := range pmidRows[id] {
			rows[i].Text = text
		}
	}
	if len(missing) > 0 {
		return domain.Errorf(domain.CodeNotFound, "gold set: PubMed returned no record for PMID %s", strings.Join(missing, ", "))
	}
	return nil
}
