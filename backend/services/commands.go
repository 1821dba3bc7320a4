package services

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/concepts"
	"deepcritical/backend/domain"
	"deepcritical/backend/judge"
	"deepcritical/backend/library"
	"deepcritical/backend/runs"
	"deepcritical/backend/store"
)

// CommandService is what only the terminal offers: research that waits for its run,
// judging and appraising given evidence, calibration and importing files with progress.
// These take a context and callbacks, which the window's bindings cannot carry; the window
// reaches the same packages through its own services (RunService, LibraryService).
type CommandService struct {
	// store is writable: every command here stores what it produced.
	store    dep[*store.Store]
	engines  dep[*runs.Engines]
	research dep[runs.Researcher]
	zotero   *ZoteroService
	pdf      library.PDFReader
}

// engine builds the engine of a judge choice with the settings in force, once the judge
// has answered its probe (usableEngine).
func (c *CommandService) engine(ctx context.Context, choice runs.JudgeChoice) (*runs.Engine, error) {
	engines, err := c.engines.get()
	if err != nil {
		return nil, err
	}
	return usableEngine(ctx, engines, choice)
}

// usableEngine builds the engine of a judge choice after asking the judge its probe
// (runs.Engines.Probe). A local judge that cannot answer (Ollama without the model, the CLI
// judge's program missing, a server that is down) is refused before anything is judged or
// appraised, as research and rejudge refuse it: asked anyway, it gives the fallback
// assessment or an appraisal whose every dimension failed, a success that judged nothing.
func usableEngine(ctx context.Context, engines *runs.Engines, choice runs.JudgeChoice) (*runs.Engine, error) {
	if err := engines.Probe(ctx, choice); err != nil {
		return nil, err
	}
	return engines.Build(choice, domain.DefaultRunConfig())
}

// Research executes a run and waits for it; ctx cancels it (Ctrl-C). emit receives each
// event after it is stored (nil: nobody listens); an emitter that also has
// Progress(domain.LLMProgress) gets the LLM calls streamed as they run.
func (c *CommandService) Research(ctx context.Context, req runs.Request, emit runs.Emitter) (domain.Run, error) {
	h, err := c.Start(ctx, req, emit)
	if err != nil {
		return domain.Run{}, err
	}
	return h.Wait()
}

// Resume continues a stored run and waits for it (`research --resume`).
func (c *CommandService) Resume(ctx context.Context, runID string, emit runs.Emitter) (domain.Run, error) {
	h, err := c.StartResume(ctx, runID, emit)
	if err != nil {
		return domain.Run{}, err
	}
	return h.Wait()
}

// Start is Research without the wait: the run goes on in the background (ctx cancels it)
// and the handle says when it ends, for a caller that may stop waiting before then (the MCP
// server's research with max_wait_seconds).
func (c *CommandService) Start(ctx context.Context, req runs.Request, emit runs.Emitter) (*runs.Handle, error) {
	r, err := c.research.get()
	if err != nil {
		return nil, err
	}
	return r.Start(ctx, req, emit)
}

// StartResume is Resume without the wait.
func (c *CommandService) StartResume(ctx context.Context, runID string, emit runs.Emitter) (*runs.Handle, error) {
	r, err := c.research.get()
	if err != nil {
		return nil, err
	}
	return r.Resume(ctx, runID, emit)
}

// ImportLibrary imports files into the library; progress may be nil.
func (c *CommandService) ImportLibrary(ctx context.Context, paths []string, progress func(library.Progress)) (library.Summary, error) {
	st, err := c.store.get()
	if err != nil {
		return library.Summary{}, err
	}
	return importFiles(ctx, st, paths, progress, c.pdf)
}

// importFiles is the one import path of the window and the terminal: reference files and
// PDFs (read with pdf).
func importFiles(ctx context.Context, idx library.Index, paths []string, progress func(library.Progress), pdf library.PDFReader) (library.Summary, error) {
	if len(paths) == 0 {
		return library.Summary{}, domain.Errorf(domain.CodeInvalid, "no files to import")
	}
	return library.ImportWith(ctx, idx, paths, progress, pdf)
}

// JudgeEvidence assesses evidence for a question with the chosen judge (default: the
// settings'); it backs `deepcritical judge` and the MCP tool judge_evidence. A judge that
// cannot be reached is an error; one that answers but not validly gives the fallback
// assessment (judge kind "fallback"), marked as such.
func (c *CommandService) JudgeEvidence(ctx context.Context, question string, evidence []domain.Evidence, choice runs.JudgeChoice) (JudgeResult, error) {
	q, err := domain.ValidateQuestion(question)
	if err != nil {
		return JudgeResult{}, err
	}
	// Parsed as a run parses its question, and refused for the same reasons (nothing to
	// search for, another language): judged unparsed, every paper would count as on topic.
	parsed, err := concepts.Extract(q)
	if err != nil {
		return JudgeResult{}, err
	}
	for i, ev := range evidence {
		if err := ev.Validate(); err != nil {
			return JudgeResult{}, domain.Errorf(domain.CodeInvalid, "evidence %d: %s", i+1, domain.SafeMessage(err))
		}
	}
	// A local judge that cannot answer is refused before judging: the fallback assessment's
	// zero scores a reader can take for a verdict on the evidence.
	eng, err := c.engine(ctx, choice)
	if err != nil {
		return JudgeResult{}, err
	}
	evidence = judge.Marked(parsed, evidence)
	a, h, err := eng.Judge.Assess(ctx, judge.Input{Question: q, Parsed: &parsed, Evidence: evidence})
	if err != nil {
		return JudgeResult{}, err
	}
	onTopic := 0
	for _, ev := range evidence {
		if !ev.IsOffTopic() {
			onTopic++
		}
	}
	return JudgeResult{Assessment: a, Heuristics: h, Parsed: parsed, Answer: domain.AnswerLine(parsed, a.Details.Stances, len(evidence), onTopic)}, nil
}

// appraiser builds the appraiser of a judge choice: the offline rubric, or the chosen
// LLM with the store as cache and recorder. It never falls back to another provider, and a
// judge that cannot answer is refused as judge and research refuse it (usableEngine).
func (c *CommandService) appraiser(ctx context.Context, choice runs.JudgeChoice) (*appraisal.Appraiser, error) {
	eng, err := c.engine(ctx, choice)
	if err != nil {
		return nil, err
	}
	return eng.Appraiser, nil
}

// AppraiseText appraises a document given as text (`appraise --text-file`). The title may
// be empty; the document's key is derived from its content, so appraising the same text
// again is answered from the cache.
func (c *CommandService) AppraiseText(ctx context.Context, title, text string, choice runs.JudgeChoice) (domain.Appraisal, error) {
	title = strings.Join(strings.Fields(title), " ")
	if strings.TrimSpace(text) == "" {
		return domain.Appraisal{}, domain.Errorf(domain.CodeInvalid, "the text to appraise is empty")
	}
	if len(title)+len(text) > MaxAppraisalText {
		return domain.Appraisal{}, tooLargeToAppraise(len(title) + len(text))
	}
	ap, err := c.appraiser(ctx, choice)
	if err != nil {
		return domain.Appraisal{}, err
	}
	doc := appraisal.Document{Title: title, Text: text}
	doc.Key = "text:" + doc.Hash()[:16]
	return ap.AppraiseDocument(ctx, doc)
}

// AppraisePDF reads a PDF and appraises its full text (`appraise --pdf`). The document's
// key names the paper by the identifiers printed in it, but the PDF is not imported, so its
// appraisal is not cached either (appraisal.Document.NotStored): it is never shown for the
// paper stored under that key, whose text may differ.
func (c *CommandService) AppraisePDF(ctx context.Context, path string, choice runs.JudgeChoice) (domain.Appraisal, error) {
	if c.pdf == nil {
		return domain.Appraisal{}, domain.Errorf(domain.CodeUnavailable, "no PDF reader")
	}
	ap, err := c.appraiser(ctx, choice)
	if err != nil {
		return domain.Appraisal{}, err
	}
	paper, err := c.pdf.Read(ctx, path)
	if err != nil {
		return domain.Appraisal{}, err
	}
	ev, _ := library.PDFEvidence(paper)
	doc := pdfDocument(ev, paper.FullText, ev.CanonicalKey())
	doc.NotStored = true
	return ap.AppraiseDocument(ctx, doc)
}

// pdfDocument is the appraised document of a PDF's full text, under the paper's key (a
// hash of the text when the PDF names none).
func pdfDocument(ev domain.Evidence, ft domain.FullText, key string) appraisal.Document {
	doc := appraisal.DocumentFromFullText(ev, ft)
	doc.Key = key
	if doc.Key == "" {
		doc.Key = "pdf:" + doc.Hash()[:16]
	}
	return doc
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

// fetchPMIDs fetches PubMed records with one efetch and returns them by PMID. A record
// PubMed does not return is absent from the map; a request failure is an unavailable error.
func (c *CommandService) fetchPMIDs(ctx context.Context, ids []string) (map[string]domain.Evidence, error) {
	engines, err := c.engines.get()
	if err != nil {
		return nil, err
	}
	evs, err := engines.PubMed().Fetch(ctx, ids)
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

// AppraiseLibrary appraises a record of the user's imported library by its id, from the
// full text stored under the record's key (an imported PDF) when it has one, else from its
// abstract: Appraiser.AppraiseFullText reads it as a research run reads the same record, so
// both give the same appraisal.
func (c *CommandService) AppraiseLibrary(ctx context.Context, id int64, choice runs.JudgeChoice) (domain.Appraisal, error) {
	if id <= 0 {
		return domain.Appraisal{}, domain.Errorf(domain.CodeInvalid, "library id must be a positive number, got %d", id)
	}
	st, err := c.store.get()
	if err != nil {
		return domain.Appraisal{}, err
	}
	rec, err := st.GetLibraryRecord(ctx, id)
	if err != nil {
		return domain.Appraisal{}, err
	}
	texts, err := st.FullTexts(ctx, []string{rec.Key})
	if err != nil {
		return domain.Appraisal{}, err
	}
	ap, err := c.appraiser(ctx, choice)
	if err != nil {
		return domain.Appraisal{}, err
	}
	return ap.AppraiseFullText(ctx, rec.Evidence, texts[rec.Key])
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
func (c *CommandService) Calibrate(ctx context.Context, goldCSV io.Reader, choice runs.JudgeChoice) (appraisal.CalibrationReport, error) {
	rows, err := appraisal.ReadGoldCSV(goldCSV)
	if err != nil {
		return appraisal.CalibrationReport{}, err
	}
	ap, err := c.appraiser(ctx, choice)
	if err != nil {
		return appraisal.CalibrationReport{}, err
	}
	if err := c.resolveGold(ctx, rows); err != nil {
		return appraisal.CalibrationReport{}, err
	}
	return appraisal.Calibrate(ctx, ap, rows)
}

// resolveGold fills the Text of gold rows whose document is an id.
func (c *CommandService) resolveGold(ctx context.Context, rows []appraisal.GoldRow) error {
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
			st, err := c.store.get()
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
			st, err := c.store.get()
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

// CalibrateRun measures an appraiser against a run's reviewer: every appraisal component the
// reviewer re-scored (`history review --component`) is a gold label, "met" when given its full
// points and "not met" otherwise, and the appraiser's own score of the same paper is read the
// same way. One item per component, with accuracy, Cohen's κ and the disagreements.
func (c *CommandService) CalibrateRun(ctx context.Context, runID string, choice runs.JudgeChoice) (appraisal.CalibrationReport, error) {
	st, err := c.store.get()
	if err != nil {
		return appraisal.CalibrationReport{}, err
	}
	runID = strings.TrimSpace(runID)
	if _, err := st.GetRun(ctx, runID); err != nil {
		return appraisal.CalibrationReport{}, err
	}
	reviews, err := st.ListReviews(ctx, runID)
	if err != nil {
		return appraisal.CalibrationReport{}, err
	}
	overrides := domain.LatestOverrides(reviews)
	if len(overrides) == 0 {
		return appraisal.CalibrationReport{}, domain.Errorf(domain.CodeInvalid, "run %s has no appraisal component re-scored by a reviewer: add some with `history review %s --paper N --component NAME --points X`", runID, runID)
	}
	evs, err := st.RunEvidence(ctx, runID)
	if err != nil {
		return appraisal.CalibrationReport{}, err
	}
	var rescored []domain.Evidence // the papers whose components the reviewer re-scored
	for _, e := range evs {
		if _, ok := overrides[e.CanonicalKey()]; ok {
			rescored = append(rescored, e)
		}
	}
	ap, err := c.appraiser(ctx, choice)
	if err != nil {
		return appraisal.CalibrationReport{}, err
	}
	got, _, err := ap.AppraiseAll(ctx, rescored)
	if err != nil && len(got) == 0 {
		return appraisal.CalibrationReport{}, err
	}
	byItem := map[string][]appraisal.LabelPair{}
	met := func(points, max float64) string {
		if points >= max {
			return "met"
		}
		return "not met"
	}
	rep := appraisal.CalibrationReport{}
	for n, e := range evs {
		key := e.CanonicalKey()
		ov, ok := overrides[key]
		if !ok {
			continue
		}
		a := got[key]
		rep.Assessor = a.Assessor
		for _, d := range a.Dimensions {
			for _, det := range d.Details {
				r, ok := ov[det.Component]
				if !ok || r.Points == nil {
					continue
				}
				item := string(d.Name) + "." + det.Component
				byItem[item] = append(byItem[item], appraisal.LabelPair{Doc: fmt.Sprintf("[%d]", n+1), Gold: met(*r.Points, det.MaxScore), Pred: met(det.Contribution, det.MaxScore)})
			}
		}
	}
	rep.Items = appraisal.ItemAgreements(byItem)
	if len(rep.Items) == 0 {
		return rep, domain.Errorf(domain.CodeInvalid, "the %s appraiser scored none of the components the reviewer re-scored in run %s", choice.Provider, runID)
	}
	return rep, nil
}
