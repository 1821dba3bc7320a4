package appraisal

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/fulltext/jats"
	"deepcritical/internal/fakes/pmcoa"
	"deepcritical/internal/sharedtest"
)

// teamTrial is the TEAM trial (BMJ 2013, PMC3698942) as Europe PMC would serve it: its JATS
// full text, and the evidence a search finds for it (title and abstract).
func teamTrial(t *testing.T) (domain.Evidence, domain.FullText) {
	t.Helper()
	c, err := pmcoa.Load(sharedtest.Path(t, "data"))
	require.NoError(t, err)
	art, ok := c.Article("PMC3698942")
	require.True(t, ok)
	a, err := jats.Parse(bytes.NewReader(art))
	require.NoError(t, err)
	ev := domain.Evidence{Content: a.Sections[0].Text, Citation: domain.Citation{Source: domain.SourceEuropePMC, ID: "PMC:PMC3698942", PMCID: "PMC3698942", Title: a.Title}}
	ft := domain.FullText{Key: ev.CanonicalKey(), Source: domain.FullTextEuropePMC, SourceID: "PMC3698942", PMCID: "PMC3698942", Title: a.Title, Sections: a.Sections}
	return ev, ft
}

// TestRulesReadTheFullText: the rules read the methods of a full text, which an abstract
// does not report, every quote is a passage of the text read, the appraisal says which
// text it read, and a later full text is a new appraisal while the same one is cached.
func TestRulesReadTheFullText(t *testing.T) {
	ev, ft := teamTrial(t)
	cache := newMemCache()
	a, err := New(Options{Cache: cache})
	require.NoError(t, err)
	ctx := context.Background()

	abs, err := a.Appraise(ctx, ev, "")
	require.NoError(t, err)
	require.False(t, abs.Document.FullText)
	require.Equal(t, domain.FullTextAbstract, abs.Document.Source)

	full, err := a.AppraiseFullText(ctx, ev, ft)
	require.NoError(t, err)
	require.True(t, full.Document.FullText)
	require.Equal(t, domain.FullTextEuropePMC, full.Document.Source)
	require.Equal(t, abs.Document.Key, full.Document.Key, "one paper, one key")
	require.NotEqual(t, abs.Document.Hash, full.Document.Hash, "the cache keys on the text read")

	conceal := full.Findings[FindingAllocationConcealing]
	require.Equal(t, ConcealmentConcealed, conceal.Value)
	require.Contains(t, conceal.Quote, "randomisation sequence was concealed")
	require.NotEqual(t, ConcealmentConcealed, abs.Findings[FindingAllocationConcealing].Value, "the abstract does not report it")
	method := full.Findings[FindingRandomizationMethod]
	require.NotEmpty(t, method.Quote)
	require.Contains(t, ft.TextOf(domain.SectionMethods), method.Quote, "quoted from the methods")

	doc := DocumentFromFullText(ev, ft)
	for name, f := range full.Findings {
		if f.Quote != "" {
			require.True(t, QuoteInText(f.Quote, doc.AppraisedText()), "%s quote %q", name, f.Quote)
		}
	}

	again, err := a.AppraiseFullText(ctx, ev, ft)
	require.NoError(t, err)
	require.Equal(t, full, again)
	require.Len(t, cache.m, 2, "the abstract and the full text are cached apart")

	m, st, err := a.AppraiseAllWith(ctx, []domain.Evidence{ev}, map[string]domain.FullText{ev.CanonicalKey(): ft})
	require.NoError(t, err)
	require.Equal(t, 1, st.Cached)
	require.True(t, m[ev.CanonicalKey()].Document.FullText)
}

// TestLLMReadsMethodsFirstWithinItsBudget: a full text longer than the model's budget is
// cut by section, never blindly: the methods are given whole, the introduction and
// discussion are left out with a note naming them, the prompt says a full text is read, and
// a quote from the methods is verified.
func TestLLMReadsMethodsFirstWithinItsBudget(t *testing.T) {
	ev, ft := teamTrial(t)
	conceal := "The randomisation sequence was concealed from clinical staff who allocated patients"
	f := newFakeLLM(t, func(string, int64) (int, string) {
		var q map[string]any
		require.NoError(t, json.Unmarshal([]byte(qualityAnswer(3, false)), &q))
		q["allocation_concealment"] = map[string]any{"score": 1.5, "evidence": conceal, "reasoning": "Concealed sequence."}
		b, _ := json.Marshal(q)
		return 200, bothAnswer(string(b), robAnswer())
	})
	a := f.appraiser(t, nil, 1)
	a.opts.TokenBudget = 6000 // about 14,000 characters of text: less than the paper
	doc := DocumentFromFullText(ev, ft)
	require.Greater(t, len(doc.Text), a.textBudgetChars())

	ap, err := a.AppraiseFullText(context.Background(), ev, ft)
	require.NoError(t, err)
	d := detail(t, ap, domain.DimensionQuality, CompConcealment)
	require.True(t, d.QuoteVerified, d.QuoteReason)
	require.Equal(t, 1.5, d.Contribution)

	var req struct {
		Messages []struct{ Content string } `json:"messages"`
	}
	require.NoError(t, json.Unmarshal([]byte(f.body(0)), &req))
	prompt := req.Messages[len(req.Messages)-1].Content
	require.Contains(t, prompt, "You are reading the paper's full text, with the paragraphs marked")
	require.Contains(t, prompt, conceal, "the methods are in the prompt")
	require.Contains(t, prompt, "### Methods › Statistical analysis")
	require.Contains(t, prompt, "left out to fit the model's context")
	require.Contains(t, prompt, "Discussion", "the note names what was left out")
	require.Less(t, len(FitText(doc, Findings(doc), a.textBudgetChars())), a.textBudgetChars()+1)
	methods := ft.TextOf(domain.SectionMethods)
	for _, para := range strings.Split(methods, "\n") {
		if strings.TrimSpace(para) != "" {
			require.Contains(t, prompt, para, "every methods paragraph is given")
		}
	}
}
