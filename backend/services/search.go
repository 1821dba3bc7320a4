package services

import (
	"context"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
)

// SearchService runs one literature search over the enabled sources.
type SearchService struct {
	engines dep[*runs.Engines]
}

// SearchRequest is `deepcritical search`'s input; zero values take the settings' defaults.
type SearchRequest struct {
	Query      string          `json:"query"`
	Sources    []domain.Source `json:"sources"`
	MaxResults int             `json:"max_results"`
}

// Search queries every enabled source concurrently; a failing source is reported beside
// the others' results, never failing the search.
func (s *SearchService) Search(ctx context.Context, req SearchRequest) (domain.SearchResult, error) {
	q, err := domain.ValidateQuestion(req.Query)
	if err != nil {
		return domain.SearchResult{}, domain.Errorf(domain.CodeInvalid, "query: %s", domain.SafeMessage(err))
	}
	engines, err := s.engines.get()
	if err != nil {
		return domain.SearchResult{}, err
	}
	eff := engines.Effective()
	cfg := eff.RunConfig()
	if req.MaxResults != 0 {
		if err := domain.CheckBound("max_results", req.MaxResults, domain.BoundMaxResultsPerSource); err != nil {
			return domain.SearchResult{}, err
		}
		cfg.MaxResultsPerSource = req.MaxResults
	}
	enabled := cfg.Sources
	if len(req.Sources) > 0 {
		enabled = req.Sources
	}
	fan := engines.Fanout(eff, time.Duration(cfg.SearchTimeoutS)*time.Second)
	res := fan.Run(ctx, []string{q}, enabled, cfg.MaxResultsPerSource)
	if res.Evidence == nil {
		res.Evidence = []domain.Evidence{}
	}
	if res.Errors == nil {
		res.Errors = []domain.SearchError{}
	}
	return res, nil
}
