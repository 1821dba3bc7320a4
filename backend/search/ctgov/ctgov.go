// Package ctgov searches the ClinicalTrials.gov API v2 (/studies with page tokens). Trials
// give the judge what papers often lack: which interventions of which type reached which
// phase, how many people were enrolled and whether results were posted.
package ctgov

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/search"
	"deepcritical/backend/search/httpx"
	"deepcritical/backend/search/querybuild"
)

// DefaultBaseURL is the API v2 root (DEEPCRITICAL_CTGOV_URL overrides).
const DefaultBaseURL = "https://clinicaltrials.gov/api/v2"

const (
	maxPageSize = 1000
	maxPages    = 20
)

// Options configure a Client: BaseURL (DefaultBaseURL when empty), HTTPClient and Retry.
type Options = httpx.Options

// Client searches ClinicalTrials.gov. It is safe for concurrent use.
type Client struct {
	base string
	http *httpx.Client
}

// New builds a ClinicalTrials.gov client.
func New(opts Options) *Client {
	base, hc := opts.Endpoint(domain.SourceClinicalTrials, DefaultBaseURL)
	return &Client{base: base, http: hc}
}

// Name is the source name.
func (c *Client) Name() domain.Source { return domain.SourceClinicalTrials }

// Search runs the queries concurrently (query.term), each paged with pageToken until max
// studies are in hand. Relevance is 1 - rank/(n+1) in the API's relevance order, the best
// over the queries for a study found twice. A failing query does not lose the others.
func (c *Client) Search(ctx context.Context, queries []string, max int) ([]domain.Evidence, error) {
	return search.PerQuery(ctx, domain.SourceClinicalTrials, queries, max, c.searchOne)
}

// Study fetches one study by NCT id (/studies/{nct}).
func (c *Client) Study(ctx context.Context, nctID string) (domain.Evidence, error) {
	id := strings.ToUpper(strings.TrimSpace(nctID))
	if !strings.HasPrefix(id, "NCT") || len(id) != 11 {
		return domain.Evidence{}, domain.Errorf(domain.CodeInvalid, "clinicaltrials: %q is not an NCT id", nctID)
	}
	p, err := httpx.DoParse(ctx, c.http, httpx.Request{URL: c.base + "/studies/" + url.PathEscape(id), Expect: httpx.JSON}, Parse)
	if err != nil {
		return domain.Evidence{}, err
	}
	if len(p.Evidence) == 0 {
		return domain.Evidence{}, domain.Errorf(domain.CodeNotFound, "clinicaltrials: study %s not found", id)
	}
	return p.Evidence[0], nil
}

// The query is rewritten from PubMed syntax to ClinicalTrials.gov's Essie syntax (field
// tags and publication-type filters dropped) and reported with its total as a query event.
//
// A query narrowed by publication type is skipped (and reported): every registration is a
// study, so without the filter it would repeat the unfiltered query the run also sends.
func (c *Client) searchOne(ctx context.Context, query string, max int) ([]domain.Evidence, error) {
	if querybuild.HasPublicationTypeFilter(query) {
		search.RecordQuery(ctx, domain.QueryEvent{Source: domain.SourceClinicalTrials, Query: query, Count: -1, Attempt: 1,
			Error: "skipped: publication-type filters do not apply to trial registrations"})
		return nil, nil
	}
	query = querybuild.ForClinicalTrials(query)
	return search.Pager{Source: domain.SourceClinicalTrials, First: "", PageSize: maxPageSize, MaxPages: maxPages, NoneFound: "no study found",
		Fetch: func(ctx context.Context, token string, size int) (search.Page, error) {
			v := url.Values{}
			v.Set("query.term", query)
			if token == "" {
				v.Set("countTotal", "true")
			}
			v.Set("pageSize", strconv.Itoa(size))
			v.Set("format", "json")
			if token != "" {
				v.Set("pageToken", token)
			}
			p, err := httpx.DoParse(ctx, c.http, httpx.Request{URL: c.base + "/studies?" + v.Encode(), Expect: httpx.JSON}, Parse)
			if err != nil {
				return search.Page{}, err
			}
			total := p.TotalCount
			if total < len(p.Evidence) {
				total = -1 // the total was not reported
			}
			return search.Page{Total: total, Next: p.NextPageToken, Evidence: p.Evidence}, nil
		}}.Paged(ctx, query, max)
}

// Page is one parsed /studies page (or a single study).
type Page struct {
	TotalCount    int
	NextPageToken string
	Evidence      []domain.Evidence
}

type dateStruct struct {
	Date string `json:"date"`
}

// study is the part of a v2 study record the judge and appraiser use.
type study struct {
	ProtocolSection *struct {
		IdentificationModule struct {
			NCTID         string `json:"nctId"`
			BriefTitle    string `json:"briefTitle"`
			OfficialTitle string `json:"officialTitle"`
			Acronym       string `json:"acronym"`
		} `json:"identificationModule"`
		StatusModule struct {
			OverallStatus        string     `json:"overallStatus"`
			WhyStopped           string     `json:"whyStopped"`
			StartDateStruct      dateStruct `json:"startDateStruct"`
			CompletionDateStruct dateStruct `json:"completionDateStruct"`
			PrimaryCompletion    dateStruct `json:"primaryCompletionDateStruct"`
			StudyFirstSubmitDate string     `json:"studyFirstSubmitDate"`
			ResultsFirstPosted   dateStruct `json:"resultsFirstPostDateStruct"`
		} `json:"statusModule"`
		SponsorCollaboratorsModule struct {
			LeadSponsor struct {
				Name string `json:"name"`
			} `json:"leadSponsor"`
		} `json:"sponsorCollaboratorsModule"`
		DescriptionModule struct {
			BriefSummary string `json:"briefSummary"`
		} `json:"descriptionModule"`
		ConditionsModule struct {
			Conditions []string `json:"conditions"`
			Keywords   []string `json:"keywords"`
		} `json:"conditionsModule"`
		DesignModule struct {
			StudyType      string   `json:"studyType"`
			Phases         []string `json:"phases"`
			EnrollmentInfo struct {
				Count json.Number `json:"count"`
				Type  string      `json:"type"`
			} `json:"enrollmentInfo"`
			DesignInfo struct {
				Allocation         string `json:"allocation"`
				InterventionModel  string `json:"interventionModel"`
				PrimaryPurpose     string `json:"primaryPurpose"`
				ObservationalModel string `json:"observationalModel"`
				TimePerspective    string `json:"timePerspective"`
				MaskingInfo        struct {
					Masking   string   `json:"masking"`
					WhoMasked []string `json:"whoMasked"`
				} `json:"maskingInfo"`
			} `json:"designInfo"`
		} `json:"designModule"`
		OutcomesModule struct {
			PrimaryOutcomes   []outcome `json:"primaryOutcomes"`
			SecondaryOutcomes []outcome `json:"secondaryOutcomes"`
		} `json:"outcomesModule"`
		ArmsInterventionsModule struct {
			Interventions []struct {
				Type string `json:"type"`
				Name string `json:"name"`
			} `json:"interventions"`
		} `json:"armsInterventionsModule"`
	} `json:"protocolSection"`
	HasResults bool `json:"hasResults"`
}

// outcome is one registered outcome measure.
type outcome struct {
	Measure     string `json:"measure"`
	Description string `json:"description"`
	TimeFrame   string `json:"timeFrame"`
}

func outcomes(list []outcome) []domain.TrialOutcome {
	var out []domain.TrialOutcome
	for _, o := range list {
		if m := clean(o.Measure); m != "" {
			out = append(out, domain.TrialOutcome{Measure: m, TimeFrame: clean(o.TimeFrame), Description: clean(o.Description)})
		}
	}
	return out
}

type studiesPage struct {
	Studies       *[]json.RawMessage `json:"studies"`
	NextPageToken string             `json:"nextPageToken"`
	TotalCount    int                `json:"totalCount"`
	// A single study (GET /studies/{nct}) has protocolSection at the top.
	ProtocolSection json.RawMessage `json:"protocolSection"`
	// Errors come back as {"message": "..."} or {"error": "..."}.
	Message string `json:"message"`
	Error   string `json:"error"`
}

// Parse reads a /studies page or a single study. A body that is neither, or is cut off,
// is an error; a study without an NCT id is skipped.
func Parse(r io.Reader) (Page, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return Page{}, fmt.Errorf("read body: %w", err)
	}
	var sp studiesPage
	if err := json.Unmarshal(raw, &sp); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) && se.Offset >= int64(len(bytes.TrimRight(raw, " \t\r\n"))) || len(bytes.TrimSpace(raw)) == 0 {
			return Page{}, fmt.Errorf("truncated JSON: %w", err)
		}
		return Page{}, fmt.Errorf("malformed JSON: %w", err)
	}
	var bodies []json.RawMessage
	switch {
	case sp.Studies != nil:
		bodies = *sp.Studies
	case sp.ProtocolSection != nil:
		bodies = []json.RawMessage{raw}
	case sp.Message != "" || sp.Error != "":
		return Page{}, fmt.Errorf("API error: %s", strings.TrimSpace(sp.Message+" "+sp.Error))
	default:
		return Page{}, errors.New("not a studies response: neither studies nor protocolSection present")
	}
	p := Page{TotalCount: sp.TotalCount, NextPageToken: sp.NextPageToken}
	for i, b := range bodies {
		var s study
		if err := json.Unmarshal(b, &s); err != nil {
			return p, fmt.Errorf("study %d: malformed JSON: %w", i+1, err)
		}
		if ev, ok := s.evidence(); ok {
			p.Evidence = append(p.Evidence, ev)
		}
	}
	return p, nil
}

// StudyURL is the public page of a study.
func StudyURL(nctID string) string { return "https://clinicaltrials.gov/study/" + nctID }

func (s study) evidence() (domain.Evidence, bool) {
	ps := s.ProtocolSection
	if ps == nil {
		return domain.Evidence{}, false
	}
	id := strings.ToUpper(strings.TrimSpace(ps.IdentificationModule.NCTID))
	if id == "" {
		return domain.Evidence{}, false
	}
	title := clean(ps.IdentificationModule.BriefTitle)
	if title == "" {
		title = clean(ps.IdentificationModule.OfficialTitle)
	}
	dm, di := ps.DesignModule, ps.DesignModule.DesignInfo
	trial := &domain.Trial{
		Phase:              strings.Join(dm.Phases, "/"),
		Status:             ps.StatusModule.OverallStatus,
		Conditions:         ps.ConditionsModule.Conditions,
		StartDate:          ps.StatusModule.StartDateStruct.Date,
		CompletionDate:     ps.StatusModule.CompletionDateStruct.Date,
		HasResults:         s.HasResults,
		StudyType:          strings.TrimSpace(dm.StudyType),
		Allocation:         strings.TrimSpace(di.Allocation),
		InterventionModel:  strings.TrimSpace(di.InterventionModel),
		PrimaryPurpose:     strings.TrimSpace(di.PrimaryPurpose),
		ObservationalModel: strings.TrimSpace(di.ObservationalModel),
		TimePerspective:    strings.TrimSpace(di.TimePerspective),
		Masking:            strings.TrimSpace(di.MaskingInfo.Masking),
		WhoMasked:          di.MaskingInfo.WhoMasked,
		PrimaryOutcomes:    outcomes(ps.OutcomesModule.PrimaryOutcomes),
		SecondaryOutcomes:  outcomes(ps.OutcomesModule.SecondaryOutcomes),
		WhyStopped:         clean(ps.StatusModule.WhyStopped),
		FirstSubmitted:     strings.TrimSpace(ps.StatusModule.StudyFirstSubmitDate),
		ResultsFirstPosted: strings.TrimSpace(ps.StatusModule.ResultsFirstPosted.Date),
	}
	if trial.CompletionDate == "" {
		trial.CompletionDate = ps.StatusModule.PrimaryCompletion.Date
	}
	if n, err := dm.EnrollmentInfo.Count.Int64(); err == nil && n > 0 {
		trial.Enrollment = int(n)
		trial.EnrollmentType = strings.TrimSpace(dm.EnrollmentInfo.Type)
	}
	for _, iv := range ps.ArmsInterventionsModule.Interventions {
		if name := clean(iv.Name); name != "" {
			trial.Interventions = append(trial.Interventions, domain.Intervention{Type: strings.ToUpper(strings.TrimSpace(iv.Type)), Name: name})
		}
	}
	c := domain.Citation{
		Source:   domain.SourceClinicalTrials,
		ID:       id,
		Title:    title,
		URL:      StudyURL(id),
		Date:     trial.StartDate,
		Authors:  []string{},
		Journal:  "ClinicalTrials.gov",
		NCTID:    id,
		Registry: []string{id},
		Keywords: ps.ConditionsModule.Keywords,
		Trial:    trial,
	}
	if st := ps.DesignModule.StudyType; st != "" {
		c.PublicationTypes = []string{"Clinical Trial Registration (" + strings.ToLower(st) + ")"}
	}
	return domain.Evidence{Content: content(ps.IdentificationModule.OfficialTitle, title, ps.DescriptionModule.BriefSummary, id, *trial), Citation: c}, true
}

// content is what the judge and appraiser read: the official title when it says more than
// the brief one, the brief summary, then the registry facts one "Label: value" line each
// (domain.RegistryFacts), so the appraiser can quote the line a finding rests on.
func content(official, title, summary, nctID string, t domain.Trial) string {
	var parts []string
	if o := clean(official); o != "" && o != title {
		parts = append(parts, "Official title: "+o)
	}
	if sum := strings.TrimSpace(summary); sum != "" {
		parts = append(parts, sum)
	}
	parts = append(parts, domain.RegistryFacts(nctID, t)...)
	return strings.Join(parts, "\n")
}

func clean(s string) string { return strings.Join(strings.Fields(s), " ") }
