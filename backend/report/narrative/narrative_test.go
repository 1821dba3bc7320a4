package narrative

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/report"
)

type fakeClient struct {
	text string
	err  error
	req  llm.Request
}

func (f *fakeClient) Complete(_ context.Context, req llm.Request) (llm.Response, error) {
	f.req = req
	return llm.Response{Text: f.text, Model: "m-1", Raw: "raw body"}, f.err
}

func input() report.Input {
	a := domain.Assessment{Details: domain.AssessmentDetails{MechanismScore: 6, ClinicalEvidenceScore: 4, DrugCandidates: []string{"Metformin", "Unobtainium"},
		KeyFindings: []string{"Metformin slows cognitive decline"}}, Confidence: 0.6}
	return report.Input{Run: domain.Run{ID: "run-1", Question: "What drugs could be repurposed for Alzheimer's disease?"}, Assessment: &a,
		Evidence: []domain.Evidence{{Content: "Metformin slows cognitive decline in older adults.", Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", Title: "Metformin study"}}}}
}

func TestWrite(t *testing.T) {
	var recs []llm.CallRecord
	rec := llm.RecorderFunc(func(_ context.Context, r llm.CallRecord) error { recs = append(recs, r); return nil })
	cases := []struct {
		name, text string
		err        error
		wantErr    string
	}{
		{"ok", "<think>plan</think>Metformin slowed decline [1].", nil, ""},
		{"empty", "   ", nil, "empty narrative"},
		{"bad citation", "Metformin works [2].", nil, "does not exist: [2]"},
		{"provider error", "", &llm.Error{Kind: llm.KindTimeout, Provider: domain.ProviderOllama, Message: "timed out"}, "timed out"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			recs = nil
			f := &fakeClient{text: tc.text, err: tc.err}
			n, err := New(f, llm.Info{Provider: domain.ProviderOllama, Model: "m"}, Options{Recorder: rec}).Write(context.Background(), input())
			require.Len(t, recs, 1, "every exchange is recorded")
			require.Equal(t, "narrative", recs[0].Purpose)
			require.Equal(t, "run-1", recs[0].RunID)
			prompt := f.req.Messages[0].Content
			require.Contains(t, prompt, "[1] Metformin study")
			require.NotContains(t, prompt, "Unobtainium", "unsupported candidates are not offered to the model")
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, "Metformin slowed decline [1].", n.Text)
			require.Equal(t, domain.JudgeKindLLM, n.By.Kind)
			require.Equal(t, "m-1", n.By.Model)
		})
	}
}

// TestOffTopicEvidenceStaysOutOfTheNarrative: evidence set aside as off-topic is not put in
// the prompt (the model is told how many items were set aside), the on-topic items keep the
// report's numbers, and a narrative citing a set-aside item is refused like an invented one.
func TestOffTopicEvidenceStaysOutOfTheNarrative(t *testing.T) {
	in := input()
	off := domain.Evidence{Content: "Mental-status tests in older adults.", Topic: &domain.Topic{OffTopic: true, Reason: "does not study metformin"},
		Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "2", Title: "Mental-status tests"}}
	in.Evidence = append([]domain.Evidence{off}, in.Evidence...)
	for _, tc := range []struct{ text, wantErr string }{
		{"Metformin slowed decline [2].", ""},
		{"Tests find decline early [1], and metformin slowed it [2].", "set aside as off-topic: [1]"},
	} {
		f := &fakeClient{text: tc.text}
		_, err := New(f, llm.Info{Provider: domain.ProviderOllama, Model: "m"}, Options{}).Write(context.Background(), in)
		prompt := f.req.Messages[0].Content
		require.NotContains(t, prompt, "Mental-status tests")
		require.Contains(t, prompt, "[2] Metformin study")
		require.Contains(t, prompt, "1 further items found by the searches were set aside as off-topic")
		if tc.wantErr == "" {
			require.NoError(t, err)
		} else {
			require.ErrorContains(t, err, tc.wantErr)
		}
	}
}
