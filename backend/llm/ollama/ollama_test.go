package ollama

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/testnet"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/internal/llmtest"
)

type capital struct {
	Capital string `json:"capital"`
}

// showAnswer is /api/show's answer for a model of the llama architecture with a context of n
// tokens, in the shape Ollama documents (model_info keys prefixed by the architecture).
func showAnswer(n int) llmtest.Reply {
	return llmtest.Reply{Body: []byte(fmt.Sprintf(`{"modelfile":"FROM x","parameters":"stop \"<|eot_id|>\"","template":"{{ .Prompt }}",`+
		`"details":{"parent_model":"","format":"gguf","family":"llama","families":["llama"],"parameter_size":"3.2B","quantization_level":"Q4_K_M"},`+
		`"model_info":{"general.architecture":"llama","general.parameter_count":3212749888,"llama.context_length":%d,"llama.embedding_length":3072},`+
		`"capabilities":["completion","tools"],"modified_at":"2025-01-01T00:00:00Z"}`, n))}
}

// ollamaServer answers /api/show with show and every other path with the scripted replies;
// Requests lists only the other paths, so the tests read the chat calls they made.
type ollamaServer struct {
	*llmtest.Server
	URL   string
	shows atomic.Int32
}

func newServerWithShow(t *testing.T, show llmtest.Reply, replies ...llmtest.Reply) *ollamaServer {
	t.Helper()
	chat := llmtest.NewServer(t, replies...)
	o := &ollamaServer{Server: chat}
	target, _ := url.Parse(chat.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/show" {
			o.shows.Add(1)
			status := show.Status
			if status == 0 {
				status = http.StatusOK
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_, _ = w.Write(show.Body)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	o.URL = hs.URL
	return o
}

// newServer is an Ollama whose models have a 128k context (llama 3.2's).
func newServer(t *testing.T, replies ...llmtest.Reply) *ollamaServer {
	return newServerWithShow(t, showAnswer(131072), replies...)
}

func newClient(t *testing.T, host, model string) *Client {
	t.Helper()
	c, err := New(Config{Host: host, Model: model, HTTP: llm.HTTP{Backoff: llm.Backoff{Retries: 1, Base: time.Millisecond}}})
	require.NoError(t, err)
	return c
}

func capitalReq(t *testing.T) llm.Request {
	s, err := llm.SchemaFor[capital]("capital")
	require.NoError(t, err)
	return llm.Request{System: "Answer in JSON.", Messages: []llm.Message{{Role: llm.RoleUser, Content: "Capital of France?"}}, Schema: s, Temperature: 0.2}
}

func TestChatWithSchema(t *testing.T) {
	srv := newServer(t, llmtest.Reply{Body: llmtest.Fixture(t, "langchaingo_httprr/ollama_TestCloudStructuredOutput-kimi.resp1.json")})
	c := newClient(t, srv.URL, "kimi-k2.5")
	require.True(t, c.Info().Local)
	v, res, err := llm.Generate(context.Background(), c, capitalReq(t), llm.Options[capital]{Provider: domain.ProviderOllama})
	require.NoError(t, err)
	require.Equal(t, "Paris", v.Capital, "the extra key country is tolerated")
	require.Equal(t, 1, res.Calls)

	r := srv.Requests()[0]
	require.Equal(t, "/api/chat", r.Path)
	var body struct {
		Model    string
		Stream   *bool
		Format   json.RawMessage
		Options  map[string]float64
		Messages []struct{ Role, Content string }
	}
	require.NoError(t, json.Unmarshal([]byte(r.Body), &body))
	require.Equal(t, "kimi-k2.5", body.Model)
	require.NotNil(t, body.Stream)
	require.False(t, *body.Stream)
	require.JSONEq(t, string(capitalReq(t).Schema.JSON), string(body.Format))
	require.Equal(t, 0.2, body.Options["temperature"])
	require.Equal(t, float64(NumCtx(len("Answer in JSON.")+len("Capital of France?")+len(capitalReq(t).Schema.JSON), 0)), body.Options["num_ctx"], "num_ctx is always sent")
	require.Equal(t, "system", body.Messages[0].Role)
}

func TestNumCtxFitsThePackedPrompt(t *testing.T) {
	require.Equal(t, 4096, NumCtx(100, 512), "never below Ollama's default")
	require.GreaterOrEqual(t, NumCtx(8000*4, 1024), 8000+1024, "an 8k-token packed prompt gets room for itself and the answer")
	require.Equal(t, 0, NumCtx(8000*4, 1024)%2048)
	require.Equal(t, 131072, NumCtx(10_000_000, 0))
}

// TestSilentPromptCutIsAnError: Ollama answers 200 after dropping the head of a prompt that
// did not fit; prompt_eval_count + eval_count reaching num_ctx gives it away.
func TestSilentPromptCutIsAnError(t *testing.T) {
	srv := newServer(t, llmtest.Reply{Body: []byte(`{"model":"llama3.2","message":{"role":"assistant","content":"{\"capital\":\"Paris\"}"},"done":true,"done_reason":"stop","prompt_eval_count":6140,"eval_count":6}`)})
	_, err := newClient(t, srv.URL, "llama3.2").Complete(context.Background(), capitalReq(t))
	require.Equal(t, llm.KindTruncated, llm.KindOf(err), "%v", err)
	require.Contains(t, err.Error(), "filled its 6144-token context")
}

func TestDoneReasonLengthIsTruncated(t *testing.T) {
	srv := newServer(t, llmtest.Reply{Body: []byte(`{"model":"llama3.2","message":{"role":"assistant","content":"{\"capi"},"done":true,"done_reason":"length","prompt_eval_count":40,"eval_count":6}`)})
	_, res, err := llm.Generate(context.Background(), newClient(t, srv.URL, "llama3.2"), capitalReq(t), llm.Options[capital]{Provider: domain.ProviderOllama})
	require.Equal(t, llm.KindTruncated, llm.KindOf(err), "%v", err)
	require.Equal(t, 2, res.Calls, "one retry with more room, never a repaired verdict")
	require.Contains(t, srv.Requests()[1].Body, `"num_predict":16384`)
}

func TestCloudModelsAndRemoteHostsLeaveTheMachine(t *testing.T) {
	require.False(t, newClient(t, "127.0.0.1:11434", "gpt-oss:120b-cloud").Info().Local)
	require.False(t, newClient(t, "http://gpu-box.lan:11434", "llama3.2").Info().Local)
	require.True(t, newClient(t, "localhost", "llama3.2").Info().Local)
}

func TestStreamedAnswersAreJoined(t *testing.T) {
	tests := []struct{ fixture, want string }{
		{"langchaingo_httprr/ollama_TestClient_GenerateChat.resp1.ndjson", "Hello there!"},
		{"langchaingo_httprr/ollama_TestWithJSONSchema.resp1.ndjson", `{"feet":`},
	}
	for _, tc := range tests {
		t.Run(tc.fixture, func(t *testing.T) {
			srv := newServer(t, llmtest.Reply{Body: llmtest.Fixture(t, tc.fixture), ContentType: "application/x-ndjson"})
			resp, err := newClient(t, srv.URL, "gemma3:1b").Complete(context.Background(), capitalReq(t))
			require.NoError(t, err)
			require.Contains(t, resp.Text, tc.want)
			require.Equal(t, "gemma3:1b", resp.Model)
			require.Positive(t, resp.OutputTokens)
		})
	}
}

func TestLoadAnswerIsEmpty(t *testing.T) {
	srv := newServer(t, llmtest.Reply{Body: llmtest.Fixture(t, "ollama_docs/ollama_docs_api_chat_load_example.json")})
	resp, err := newClient(t, srv.URL, "llama3.2").Complete(context.Background(), capitalReq(t))
	require.NoError(t, err)
	require.Empty(t, resp.Text)
}

func TestErrors(t *testing.T) {
	srv := newServer(t, llmtest.Reply{Status: 404, Body: []byte(`{"error":"model \"llama9\" not found, try pulling it first"}`)})
	_, err := newClient(t, srv.URL, "llama9").Complete(context.Background(), capitalReq(t))
	require.Equal(t, llm.KindModelNotFound, llm.KindOf(err))
	require.Contains(t, err.Error(), "model llama9 not found — run `ollama pull llama9`")

	srv = newServer(t, llmtest.Reply{Status: 500, Body: []byte(`{"error":"llama runner process has terminated: signal: killed"}`)})
	_, err = newClient(t, srv.URL, "m").Complete(context.Background(), capitalReq(t))
	require.Equal(t, llm.KindUnavailable, llm.KindOf(err))
	require.Contains(t, err.Error(), "llama runner process has terminated")
	require.Len(t, srv.Requests(), 2, "one bounded retry")

	_, err = newClient(t, srv.URL, "").Complete(context.Background(), capitalReq(t))
	require.Equal(t, llm.KindBadRequest, llm.KindOf(err))

	addr := testnet.ClosedAddr(t)
	_, err = newClient(t, addr, "m").Complete(context.Background(), capitalReq(t))
	require.Equal(t, llm.KindUnavailable, llm.KindOf(err))
	require.Contains(t, err.Error(), "Ollama is not answering at http://"+addr)

	srv = newServer(t, llmtest.Reply{Body: []byte(`{"model":"m","message":{"role":"assistant","content":"{}"},"done":true}` + "\n" + `{"error":"out of memory"}`)})
	_, err = newClient(t, srv.URL, "m").Complete(context.Background(), capitalReq(t))
	require.ErrorContains(t, err, "out of memory")
}

func TestListModels(t *testing.T) {
	srv := newServer(t, llmtest.Reply{Body: llmtest.Fixture(t, "ollama_docs/ollama_docs_api_tags_example.json")})
	got, err := newClient(t, srv.URL, "").ListModels(context.Background())
	require.NoError(t, err)
	require.Equal(t, []string{"codellama:13b", "llama3:latest"}, got)
	require.Equal(t, "/api/tags", srv.Requests()[0].Path)
}

func TestNormalizeHost(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "http://127.0.0.1:11434"},
		{"localhost", "http://localhost:11434"},
		{"0.0.0.0:11434", "http://127.0.0.1:11434"},
		{"http://box.lan:8080/", "http://box.lan:8080"},
		{"https://ollama.example.com", "https://ollama.example.com:443"},
		{"[::1]:9000", "http://[::1]:9000"},
		{"http://gate:tok3n@box.lan:8080", "http://gate:tok3n@box.lan:8080"},
		{"gate:tok3n@box.lan", "http://gate:tok3n@box.lan:11434"},
	}
	for _, tc := range tests {
		got, err := NormalizeHost(tc.in)
		require.NoError(t, err, tc.in)
		require.Equal(t, tc.want, got, tc.in)
	}
	_, err := NormalizeHost("ftp://x")
	require.Error(t, err)
	_, err = NormalizeHost("ftp://gate:tok3n@box.lan")
	require.Error(t, err)
	require.NotContains(t, err.Error(), "tok3n", "the refusal shows the host, not its password")
	c, err := New(Config{Host: "http://box.lan:8080"})
	require.NoError(t, err)
	require.False(t, c.Info().Local, "a LAN host is not this machine")
}

// TestHostCredentialsReachTheServer: an Ollama behind a proxy that asks for a password
// (OLLAMA_HOST=http://user:password@host) is called with those credentials, and the client's
// Info shows the host with the password masked.
func TestHostCredentialsReachTheServer(t *testing.T) {
	var user, pass string
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, pass, _ = r.BasicAuth()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"models":[{"name":"m:latest"}]}`))
	}))
	defer hs.Close()
	host := strings.Replace(hs.URL, "http://", "http://gate:tok3n@", 1)
	c, err := New(Config{Host: host, HTTP: llm.HTTP{HTTPClient: hs.Client()}})
	require.NoError(t, err)
	_, err = c.ListModels(context.Background())
	require.NoError(t, err)
	require.Equal(t, "gate", user)
	require.Equal(t, "tok3n", pass)
	require.NotContains(t, c.Info().BaseURL, "tok3n")
}

// TestStreamingFoldsToTheSameAnswer: with a progress listener the request streams and the
// NDJSON lines fold back into the answer and counts a non-streamed call gets.
func TestStreamingFoldsToTheSameAnswer(t *testing.T) {
	stream := `{"model":"llama3.2","message":{"role":"assistant","content":"{\"capital\":"},"done":false}
{"model":"llama3.2","message":{"role":"assistant","content":" \"Paris\"}"},"done":false}
{"model":"llama3.2","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":40,"eval_count":7}
`
	srv := newServer(t, llmtest.Reply{Body: []byte(stream), ContentType: "application/x-ndjson"})
	var reports []domain.LLMProgress
	ctx := llm.WithProgress(context.Background(), func(p domain.LLMProgress) { reports = append(reports, p) })
	v, res, err := llm.Generate(ctx, newClient(t, srv.URL, "llama3.2"), capitalReq(t), llm.Options[capital]{Provider: domain.ProviderOllama, Purpose: "judge"})
	require.NoError(t, err)
	require.Equal(t, "Paris", v.Capital)
	require.Equal(t, 40, res.InputTokens)
	require.Equal(t, 7, res.OutputTokens)
	require.Contains(t, srv.Requests()[0].Body, `"stream":true`)
	require.GreaterOrEqual(t, len(reports), 2)
	require.Equal(t, "judge", reports[0].CallKind)
	require.True(t, reports[len(reports)-1].Done)
	require.Equal(t, 7, reports[len(reports)-1].OutputTokens)
}

// TestModelContextFromShow: the model's context length from /api/show caps num_ctx, a prompt
// that cannot fit is refused before any chat call, and a server that cannot tell keeps the
// prompt-sized num_ctx with a note on the call.
func TestModelContextFromShow(t *testing.T) {
	answer := llmtest.Reply{Body: []byte(`{"model":"m","message":{"role":"assistant","content":"{\"capital\":\"Paris\"}"},"done":true,"done_reason":"stop","prompt_eval_count":40,"eval_count":6}`)}
	long := capitalReq(t)
	long.Messages[0].Content = strings.Repeat("word ", 4000) // 20,000 characters
	for _, tc := range []struct {
		name    string
		show    llmtest.Reply
		req     llm.Request
		numCtx  float64 // 0: no chat call
		kind    llm.ErrorKind
		noteHas string
	}{
		{"large context: num_ctx from the prompt", showAnswer(131072), capitalReq(t), 6144, "", ""},
		{"small context caps num_ctx", showAnswer(2048), capitalReq(t), 2048, "", ""},
		{"prompt larger than the context: refused before sending", showAnswer(4096), long, 0, llm.KindBadRequest, ""},
		{"unknown to /api/show: prompt-sized, with a note", llmtest.Reply{Status: 404, Body: []byte(`{"error":"model 'm' not found"}`)}, capitalReq(t), 6144, "", "does not know m"},
		{"no context length in model_info: a note", llmtest.Reply{Body: []byte(`{"model_info":{"general.architecture":"llama"}}`)}, capitalReq(t), 6144, "", "gives no context length"},
		{"unreadable answer: a note", llmtest.Reply{Body: []byte(`{"model_info":`)}, capitalReq(t), 6144, "", "could not be read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServerWithShow(t, tc.show, answer)
			resp, err := newClient(t, srv.URL, "m").Complete(context.Background(), tc.req)
			if tc.kind != "" {
				require.Equal(t, tc.kind, llm.KindOf(err), "%v", err)
				require.Contains(t, err.Error(), "does not fit m's context of 4096 tokens")
				require.Empty(t, srv.Requests(), "nothing was sent to be cut")
				return
			}
			require.NoError(t, err)
			var body struct{ Options map[string]float64 }
			require.NoError(t, json.Unmarshal([]byte(srv.Requests()[0].Body), &body))
			require.Equal(t, tc.numCtx, body.Options["num_ctx"])
			if tc.noteHas == "" {
				require.Empty(t, resp.Notes)
			} else {
				require.Contains(t, resp.Notes, tc.noteHas)
			}
		})
	}
}

// TestShowIsAskedOncePerModel: parallel calls share one /api/show per model.
func TestShowIsAskedOncePerModel(t *testing.T) {
	srv := newServerWithShow(t, showAnswer(8192), llmtest.Reply{Body: []byte(`{"model":"m","message":{"role":"assistant","content":"{}"},"done":true,"prompt_eval_count":10,"eval_count":1}`)})
	c := newClient(t, srv.URL, "m")
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := c.Complete(context.Background(), capitalReq(t))
			require.NoError(t, err)
		}()
	}
	wg.Wait()
	require.EqualValues(t, 1, srv.shows.Load())
	n, note := c.ContextLength(context.Background(), "m")
	require.Equal(t, 8192, n)
	require.Empty(t, note)
}
