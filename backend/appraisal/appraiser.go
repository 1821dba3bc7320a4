// Package appraisal grades individual papers: rule-based findings with
// exact quotes, then methodological quality and risk of bias scored either by a documented
// deterministic rubric (offline) or by an LLM whose every quote is checked against the text.
package appraisal

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
)

// Assessor versions; bump them when the rules or the rubric change so cached appraisals
// made by older code are not reused.
const (
	RulesVersion       = "appraisal-rules/8"
	OfflineModel       = "rules"
	DefaultTokenBudget = 8000
)

// Cache stores appraisals by cache key (the store implements it). A miss is (zero, false, nil).
type Cache interface {
	GetAppraisal(ctx context.Context, cacheKey string) (domain.Appraisal, bool, error)
	PutAppraisal(ctx context.Context, cacheKey, evidenceKey string, a domain.Appraisal) error
}

// Options configure an Appraiser. A nil Client selects the offline rubric.
type Options struct {
	Client   llm.Client
	Info     llm.Info
	Weights  Weights
	Cache    Cache
	Recorder llm.Recorder
	// Concurrency bounds LLM calls in flight (default 4 for cloud, 1 for a local model);
	// AppraiseAll works on at most twice as many papers at once.
	Concurrency int
	// TokenBudget is the model's context budget in tokens for one call (default 8000).
	TokenBudget int
	// RunID labels recorded LLM calls.
	RunID string
}

// Stats counts what AppraiseAll did.
type Stats struct {
	Cached   int `json:"cached"`
	Computed int `json:"computed"`
	LLMCalls int `json:"llm_calls"`
}

// Appraiser appraises papers with the rules plus the offline rubric or an LLM.
type Appraiser struct {
	opts Options
	// llmSlots bounds LLM calls in flight across every Appraise and AppraiseAll on this
	// appraiser: the per-provider pool. Rules and cache lookups do not hold a slot.
	llmSlots chan struct{}
}

// New builds an Appraiser, filling defaults: DefaultWeights, concurrency 4 (1 for a
// local model), a token budget of 8000.
func New(opts Options) (*Appraiser, error) {
	if opts.Weights.Quality == nil && opts.Weights.RiskOfBias == nil {
		opts.Weights = DefaultWeights()
	}
	if err := opts.Weights.Validate(); err != nil {
		return nil, err
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = 4
		if opts.Info.Local {
			opts.Concurrency = 1
		}
	}
	if opts.TokenBudget <= 0 {
		opts.TokenBudget = DefaultTokenBudget
	}
	if opts.Client != nil && opts.Info.Provider == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "appraisal: an LLM client needs its provider info")
	}
	return &Appraiser{opts: opts, llmSlots: make(chan struct{}, opts.Concurrency)}, nil
}

// Offline reports whether the appraiser uses the deterministic rubric.
func (a *Appraiser) Offline() bool { return a.opts.Client == nil }

// assessorInfo describes what produces this appraiser's dimensions.
func (a *Appraiser) assessorInfo() domain.AssessorInfo {
	if a.Offline() {
		return domain.AssessorInfo{Provider: domain.ProviderOffline, Model: OfflineModel, Kind: domain.JudgeKindOffline, Version: RulesVersion}
	}
	return domain.AssessorInfo{Provider: a.opts.Info.Provider, Model: a.opts.Info.Model, Kind: domain.JudgeKindLLM, Version: RulesVersion + "+" + llmAssessorVersion, PromptVersion: promptVersion()}
}

// CacheKey is sha256 of the document hash, assessor version, prompt version and model, so
// a change of any of them (or of the weights) recomputes the appraisal.
func (a *Appraiser) CacheKey(doc Document) string {
	info := a.assessorInfo()
	h := sha256.New()
	parts := []string{doc.Hash(), info.Version, info.PromptVersion, string(info.Provider), info.Model, weightsKey(a.opts.Weights)}
	if !a.Offline() && len(doc.Text) > a.textBudgetChars() {
		// The model reads only the part of a long paper its context holds: a larger budget
		// is another reading of the paper, so another appraisal.
		parts = append(parts, fmt.Sprintf("text-budget:%d", a.textBudgetChars()))
	}
	for _, part := range parts {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

func weightsKey(w Weights) string {
	return fmt.Sprint(w.Quality, w.RiskOfBias)
}

// AppraiseFullText appraises one piece of evidence from its full text (from its abstract
// when ft has no body), through the cache.
func (a *Appraiser) AppraiseFullText(ctx context.Context, ev domain.Evidence, ft domain.FullText) (domain.Appraisal, error) {
	ap, _, _, err := a.appraiseCached(ctx, DocumentFor(ev, &ft))
	return ap, err
}

// Appraise appraises one piece of evidence, using fullText when given, through the cache.
func (a *Appraiser) Appraise(ctx context.Context, ev domain.Evidence, fullText string) (domain.Appraisal, error) {
	ap, _, _, err := a.appraiseCached(ctx, DocumentFromEvidence(ev, fullText))
	return ap, err
}

// AppraiseDocument appraises a document directly (the CLI's --text-file), through the cache.
func (a *Appraiser) AppraiseDocument(ctx context.Context, doc Document) (domain.Appraisal, error) {
	ap, _, _, err := a.appraiseCached(ctx, doc)
	return ap, err
}

// appraiseCached returns the appraisal, whether it came from the cache, and the LLM calls made.
func (a *Appraiser) appraiseCached(ctx context.Context, doc Document) (domain.Appraisal, bool, int, error) {
	key := a.CacheKey(doc)
	if a.opts.Cache != nil {
		got, ok, err := a.opts.Cache.GetAppraisal(ctx, key)
		if err != nil {
			return domain.Appraisal{}, false, 0, fmt.Errorf("appraisal cache get: %w", err)
		}
		if ok {
			return got, true, 0, nil
		}
	}
	ap, calls, err := a.compute(ctx, doc)
	if err != nil {
		return domain.Appraisal{}, false, calls, err
	}
	// Failed LLM dimensions are not cached, so the next run tries again; a text the store
	// does not keep is not cached at all (Document.NotStored).
	if a.opts.Cache != nil && allAssessedOrRuleBased(ap) && !doc.NotStored {
		if err := a.opts.Cache.PutAppraisal(ctx, key, doc.Key, ap); err != nil {
			return ap, false, calls, fmt.Errorf("appraisal cache put: %w", err)
		}
	}
	return ap, false, calls, nil
}

// allAssessedOrRuleBased reports whether an appraisal is stable enough to cache: offline
// results always are; LLM results only when no dimension failed.
func allAssessedOrRuleBased(ap domain.Appraisal) bool {
	if ap.Assessor.Kind == domain.JudgeKindOffline {
		return true
	}
	for _, d := range ap.Dimensions {
		if d.Status != domain.StatusAssessed {
			return false
		}
	}
	return true
}

// compute runs the rules and then the rubric or the LLM assessor.
func (a *Appraiser) compute(ctx context.Context, doc Document) (domain.Appraisal, int, error) {
	if err := ctx.Err(); err != nil {
		return domain.Appraisal{}, 0, err
	}
	findings, err := FindingsContext(ctx, doc)
	if err != nil {
		return domain.Appraisal{}, 0, err
	}
	ap := domain.Appraisal{Document: doc.Domain(), Findings: findings, Assessor: a.assessorInfo()}
	calls := 0
	if a.Offline() {
		ap.Dimensions = OfflineDimensions(doc, findings, a.opts.Weights)
		for i, d := range ap.Dimensions {
			ap.Dimensions[i] = nothingFound(d)
		}
	} else if ok, reason := assessability(doc, findings); !ok {
		// The rubric's own limits hold for every assessor: a model asked to score a review
		// or a bare title answers zeros, which a card would show as "quality 0.0/10".
		ap.Dimensions = []domain.Dimension{notAssessed(domain.DimensionQuality, reason), notAssessed(domain.DimensionRiskOfBias, reason)}
		// No model was asked, so the appraisal is the rules' alone and says so: kind
		// offline, the rules' version. The provider and model stay the judge's, as the
		// store files a run's appraisals under the judge that run used.
		ap.Assessor.Kind, ap.Assessor.Version, ap.Assessor.PromptVersion = domain.JudgeKindOffline, RulesVersion, ""
	} else {
		dims, model, n, err := a.llmDimensions(ctx, doc, findings)
		calls = n
		if err != nil {
			return domain.Appraisal{}, calls, err
		}
		for i, d := range dims {
			dims[i] = nothingFound(d)
		}
		ap.Dimensions = dims
		if model != "" {
			ap.Assessor.Model = model
		}
		failed := 0
		for _, d := range dims {
			if d.Status != domain.StatusAssessed {
				failed++
			}
		}
		if failed == len(dims) {
			ap.Assessor.Kind = domain.JudgeKindFallback
		}
	}
	ap.Weight = Weight(str0(findings[FindingDesign]), ap.Dimensions)
	return ap, calls, nil
}

// nothingFound turns a dimension whose every component scored 0 without a single quote
// into not_assessed: the rules or the model found nothing to score, which is not a
// quality of 0.
func nothingFound(d domain.Dimension) domain.Dimension {
	if d.Status != domain.StatusAssessed || len(d.Details) == 0 {
		return d
	}
	for _, c := range d.Details {
		if c.Contribution > 0 || strings.TrimSpace(c.Evidence) != "" {
			return d
		}
	}
	return notAssessed(d.Name, "nothing to score was found in the text: no randomisation, blinding, concealment, registration or analysis method is reported")
}

// AppraiseAll appraises evidence from its abstracts (see AppraiseAllWith).
func (a *Appraiser) AppraiseAll(ctx context.Context, evs []domain.Evidence) (map[string]domain.Appraisal, Stats, error) {
	return a.AppraiseAllWith(ctx, evs, nil)
}

// AppraiseAllWith appraises evidence concurrently (bounded by Concurrency), deduplicated by
// canonical key, through the cache: from the paper's full text when texts holds one under
// its key, else from its abstract. It fails only when the context ends or the cache
// errors; an LLM failure is a not_assessed dimension inside the appraisal.
func (a *Appraiser) AppraiseAllWith(ctx context.Context, evs []domain.Evidence, texts map[string]domain.FullText) (map[string]domain.Appraisal, Stats, error) {
	out := map[string]domain.Appraisal{}
	var stats Stats
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	// Twice the LLM pool, so the next papers' rules and cache lookups overlap the calls
	// in flight; the LLM calls themselves are bounded by llmSlots.
	g.SetLimit(2 * a.opts.Concurrency)
	for key, ev := range domain.EachPaper(evs) {
		var ft *domain.FullText
		if t, ok := texts[key]; ok {
			ft = &t
		}
		doc := DocumentFor(ev, ft)
		g.Go(func() error {
			ap, cached, calls, err := a.appraiseCached(gctx, doc)
			mu.Lock()
			defer mu.Unlock()
			stats.LLMCalls += calls
			if err != nil {
				return err
			}
			if cached {
				stats.Cached++
			} else {
				stats.Computed++
			}
			out[key] = ap
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return out, stats, err
		}
		return out, stats, domain.Wrap(domain.CodeInternal, err, "appraisal failed")
	}
	return out, stats, nil
}
