package services

import (
	"context"
	"errors"
	"strings"

	"deepcritical/backend/appraisal"
	"deepcritical/backend/domain"
	"deepcritical/backend/fulltext"
	"deepcritical/backend/runs"
)

// PaperRequest names a paper to appraise by PMID or by PMCID (one of them).
type PaperRequest struct {
	PMID  string
	PMCID string
	// AbstractOnly reads the abstract even when an open-access full text exists.
	AbstractOnly bool
}

// AppraisedPaper is an appraisal with the notes the terminal shows beside it: why a full
// text was not read, what metadata could not be had.
type AppraisedPaper struct {
	Appraisal domain.Appraisal
	Notes     []string
}

// AppraisePaper appraises one paper, from its open-access full text when it has one (the
// stored one, else Europe PMC's, else PMC's, stored for next time) and from its abstract
// otherwise or with AbstractOnly; the appraisal's document says which text was read. By
// PMID the PubMed record gives the title, abstract, publication types, MeSH and PMCID; by
// PMCID the full text is required (there is no abstract to fall back on without a PMID),
// and the PubMed record of the PMID it prints adds the indexing. The appraisal is stored
// under the paper's canonical key, so the paper view of that evidence shows it.
func (c *CommandService) AppraisePaper(ctx context.Context, req PaperRequest, choice runs.JudgeChoice) (AppraisedPaper, error) {
	if (req.PMID == "") == (req.PMCID == "") {
		return AppraisedPaper{}, domain.Errorf(domain.CodeInvalid, "give a PMID or a PMCID")
	}
	engines, err := c.engines.get()
	if err != nil {
		return AppraisedPaper{}, err
	}
	ap, err := c.appraiser(ctx, choice)
	if err != nil {
		return AppraisedPaper{}, err
	}
	fetcher := engines.FullTexts()
	if req.PMCID != "" {
		return c.appraisePMCID(ctx, req, ap, fetcher)
	}
	id, ok := parsePMID(req.PMID)
	if !ok {
		return AppraisedPaper{}, domain.Errorf(domain.CodeInvalid, "%q is not a PMID (digits only, e.g. 27797938)", strings.TrimSpace(req.PMID))
	}
	recs, err := c.fetchPMIDs(ctx, []string{id})
	if err != nil {
		return AppraisedPaper{}, err
	}
	ev, found := recs[id]
	if !found {
		return AppraisedPaper{}, domain.Errorf(domain.CodeNotFound, "PubMed returned no record for PMID %s", id)
	}
	var out AppraisedPaper
	var ft *domain.FullText
	switch {
	case req.AbstractOnly:
	case !fulltext.Available(ev):
		out.Notes = append(out.Notes, "no open-access full text (no PMCID): appraised from the abstract")
	default:
		got, err := fetcher.Get(ctx, ev)
		switch {
		case err == nil:
			ft = &got
		case ctx.Err() != nil:
			return AppraisedPaper{}, ctx.Err()
		default:
			out.Notes = append(out.Notes, "full text not read ("+fullTextReason(err)+"): appraised from the abstract")
		}
	}
	out.Appraisal, err = ap.AppraiseDocument(ctx, appraisal.DocumentFor(ev, ft))
	return out, err
}

// appraisePMCID appraises a paper from its full text fetched by PMCID.
func (c *CommandService) appraisePMCID(ctx context.Context, req PaperRequest, ap *appraisal.Appraiser, fetcher *fulltext.Fetcher) (AppraisedPaper, error) {
	if req.AbstractOnly {
		return AppraisedPaper{}, domain.Errorf(domain.CodeInvalid, "--abstract-only reads a PubMed abstract: give the paper's PMID instead of its PMCID")
	}
	pmcid, ok := fulltext.NormalizePMCID(req.PMCID)
	if !ok {
		return AppraisedPaper{}, domain.Errorf(domain.CodeInvalid, "%q is not a PMCID (PMC and digits, e.g. PMC3698942)", strings.TrimSpace(req.PMCID))
	}
	ft, err := fetcher.FetchPMCID(ctx, pmcid, "")
	if err != nil {
		if ctx.Err() != nil {
			return AppraisedPaper{}, ctx.Err()
		}
		return AppraisedPaper{}, domain.Errorf(domain.CodeUnavailable, "no full text for %s: %s (by its PMID, the paper can be appraised from its abstract)", pmcid, fullTextReason(err))
	}
	var out AppraisedPaper
	ev := domain.Evidence{Citation: domain.Citation{Source: domain.SourceEuropePMC, ID: "PMC:" + pmcid, PMCID: pmcid, PMID: ft.PMID, DOI: ft.DOI, Title: ft.Title}}
	for _, s := range ft.Sections {
		if s.Kind == domain.SectionAbstract {
			ev.Content = s.Text
			break
		}
	}
	if ft.PMID != "" {
		recs, err := c.fetchPMIDs(ctx, []string{ft.PMID})
		switch rec, found := recs[ft.PMID]; {
		case err != nil && ctx.Err() != nil:
			return AppraisedPaper{}, ctx.Err()
		case found:
			rec.Citation.PMCID = pmcid
			ev = rec
		case err != nil:
			out.Notes = append(out.Notes, "PubMed record "+ft.PMID+" not read ("+domain.SafeMessage(err)+"): appraised without its publication types and MeSH")
		default:
			out.Notes = append(out.Notes, "PubMed returned no record for PMID "+ft.PMID+": appraised without its publication types and MeSH")
		}
	}
	ft.Key = ev.CanonicalKey()
	stored := false
	if st, err := c.store.get(); err == nil {
		if err := st.PutFullText(context.WithoutCancel(ctx), ft); err != nil {
			out.Notes = append(out.Notes, "the full text could not be stored: "+domain.SafeMessage(err))
		} else {
			stored = true
		}
	}
	doc := appraisal.DocumentFor(ev, &ft)
	doc.NotStored = !stored
	out.Appraisal, err = ap.AppraiseDocument(ctx, doc)
	return out, err
}

// fullTextReason is why a full text was not read, in the fetcher's words.
func fullTextReason(err error) string {
	var u *domain.FullTextUnavailable
	if errors.As(err, &u) {
		return u.Reason
	}
	return domain.SafeMessage(err)
}
