package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	"deepcritical/backend/domain"
	"deepcritical/backend/fulltext"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/providers"
	"deepcritical/internal/fakes/europepmc"
	"deepcritical/internal/fakes/eutils"
	"deepcritical/internal/sharedtest"
)

// strictServer serves the fakes over the shared fixtures (skipped when they are absent).
func strictServer(t *testing.T) string {
	dir := sharedtest.Path(t, "fixtures")
	fx, err := loadFixtures(dir)
	require.NoError(t, err)
	srv := httptest.NewServer(newServer(fx, options{}))
	t.Cleanup(srv.Close)
	return srv.URL
}

type pong struct {
	OK bool `json:"ok"`
}

func ask(t *testing.T, cfg providers.ProviderConfig, prompt string) error {
	c, info, err := providers.New(cfg)
	require.NoError(t, err)
	s := llm.MustSchemaFor[pong]("pong")
	_, _, err = llm.Generate(context.Background(), c, llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: prompt}}, Schema: s, Model: info.Model},
		llm.Options[pong]{Provider: info.Provider, Attempts: 1})
	return err
}

// TestFakesAreStrict: DeepCritical's own clients pass the strict fakes; a model the server
// does not list, an oversize prompt and (for Ollama) a prompt beyond num_ctx are refused or
// detected as the real services do.
func TestFakesAreStrict(t *testing.T) {
	url := strictServer(t)
	compat := providers.ProviderConfig{Provider: domain.ProviderCompatible, BaseURL: url + "/v1", Model: "fake-judge"}
	require.NoError(t, ask(t, compat, "ping"))
	compat.Model = "no-such-model"
	require.Equal(t, llm.KindModelNotFound, llm.KindOf(ask(t, compat, "ping")))
	compat.Model = "fake-judge"
	err := ask(t, compat, strings.Repeat("long prompt ", 20000))
	require.Equal(t, llm.KindBadRequest, llm.KindOf(err), "%v", err)
	require.Contains(t, err.Error(), "maximum context length")

	anth := providers.ProviderConfig{Provider: domain.ProviderAnthropic, BaseURL: url, APIKey: "sk-ant-test-000000000000", Model: "claude-haiku-4-5"}
	require.NoError(t, ask(t, anth, "ping"))
	anth.Model = "claude-2.1"
	require.Equal(t, llm.KindModelNotFound, llm.KindOf(ask(t, anth, "ping")))

	oll := providers.ProviderConfig{Provider: domain.ProviderOllama, BaseURL: url, Model: "llama3:latest"}
	require.NoError(t, ask(t, oll, "ping"))
	oll.Model = "mistral"
	require.Equal(t, llm.KindModelNotFound, llm.KindOf(ask(t, oll, "ping")))
	// num_ctx is sized to the prompt within the model's context (/api/show): a long prompt
	// fits Code Llama's 16k and is not cut; Llama 3's 8k cannot hold it, which is said
	// before anything is sent.
	oll.Model = "codellama:13b"
	require.NoError(t, ask(t, oll, strings.Repeat("long prompt ", 5000)))
	oll.Model = "llama3"
	err = ask(t, oll, strings.Repeat("long prompt ", 5000))
	require.Equal(t, llm.KindBadRequest, llm.KindOf(err), "%v", err)
	require.Contains(t, err.Error(), "does not fit llama3's context of 8192 tokens")
}

// TestStreamingThroughTheFakes: with a progress listener the compatible, Anthropic and
// Ollama clients stream; the answer and token counts equal the non-streamed call's.
func TestStreamingThroughTheFakes(t *testing.T) {
	url := strictServer(t)
	for _, cfg := range []providers.ProviderConfig{
		{Provider: domain.ProviderCompatible, BaseURL: url + "/v1", Model: "fake-judge"},
		{Provider: domain.ProviderAnthropic, BaseURL: url, APIKey: "sk-ant-test-000000000000", Model: "claude-haiku-4-5"},
		{Provider: domain.ProviderOllama, BaseURL: url, Model: "llama3:latest"},
	} {
		c, info, err := providers.New(cfg)
		require.NoError(t, err)
		req := llm.Request{System: "Answer in JSON.", Messages: []llm.Message{{Role: llm.RoleUser, Content: "ping"}}, Schema: llm.MustSchemaFor[pong]("pong"), Model: info.Model}
		plain, err := c.Complete(context.Background(), req)
		require.NoError(t, err, cfg.Provider)
		var reports []domain.LLMProgress
		ctx := llm.WithProgress(context.Background(), func(p domain.LLMProgress) { reports = append(reports, p) })
		streamed, err := c.Complete(ctx, req)
		require.NoError(t, err, cfg.Provider)
		require.JSONEq(t, plain.Text, streamed.Text, cfg.Provider)
		require.Equal(t, plain.InputTokens, streamed.InputTokens, cfg.Provider)
		require.Equal(t, plain.OutputTokens, streamed.OutputTokens, cfg.Provider)
		require.GreaterOrEqual(t, len(reports), 2, cfg.Provider)
		require.True(t, reports[len(reports)-1].Done, cfg.Provider)
	}
}

// TestFullTextsServedInReplayMode: with the search fakes replaying, Europe PMC's fullTextXML
// and PMC's efetch db=pmc still serve the full-text corpus, which DeepCritical's fetcher reads;
// a withheld article is named as such by both.
func TestFullTextsServedInReplayMode(t *testing.T) {
	dir := sharedtest.Path(t, "fixtures")
	fx, err := loadFixtures(dir)
	require.NoError(t, err)
	corpus := loadFullTexts(filepath.Dir(dir))
	require.Greater(t, corpus.Len(), 3)
	corpus.Withhold("PMC2994229")
	epmc, pmc := europepmc.NewServer(eutils.NewEngine(nil)), eutils.NewServer(eutils.NewEngine(nil))
	epmc.FullTexts, pmc.PMC = corpus, corpus
	srv := httptest.NewServer(newServer(fx, options{europeFullText: epmc, pmcFullText: pmc}))
	t.Cleanup(srv.Close)
	fast := rate.NewLimiter(rate.Inf, 1)
	f := fulltext.New(fulltext.Options{EuropePMCURL: srv.URL + "/europepmc", PubMedURL: srv.URL + "/pubmed", NCBILimiter: fast, EuropePMCLimiter: fast})
	ft, err := f.FetchPMCID(context.Background(), "PMC2329613", "")
	require.NoError(t, err)
	require.Equal(t, domain.FullTextEuropePMC, ft.Source)
	require.True(t, ft.HasBody())
	_, err = f.FetchPMCID(context.Background(), "PMC2994229", "")
	require.ErrorContains(t, err, "Europe PMC: no full text for this PMCID (HTTP 404); PMC: the publisher does not allow downloading the full text in XML form")
}
