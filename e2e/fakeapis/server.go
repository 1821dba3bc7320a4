package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"deepcritical/internal/fakes/messages"
	zoterofake "deepcritical/internal/fakes/zotero"
)

type options struct {
	latency, judgeLatency time.Duration
	hostile               bool
	down                  map[string]bool
	// pubmed, when set, answers E-utilities instead of the recorded responses (the
	// semantic mode: real PubMed search semantics over the shared benchmark corpus).
	pubmed http.Handler
	// europepmc, when set, answers Europe PMC searches with its query language over the
	// same corpus instead of the recorded cancer papers.
	europepmc http.Handler
	// ctgov, when set, answers ClinicalTrials.gov searches with Essie's semantics over
	// every recorded study instead of the recorded melanoma page.
	ctgov http.Handler
	// zotero is the user's running Zotero (connector and local API), served under /zotero.
	zotero *zoterofake.Server
	// europeFullText answers Europe PMC's /{PMCID}/fullTextXML and pmcFullText the
	// E-utilities' efetch db=pmc, over the full-text corpus, in either search mode.
	europeFullText http.Handler
	pmcFullText    http.Handler
}

type server struct {
	fx   *fixtures
	opts options
	mux  *http.ServeMux
	hits atomic.Int64
}

func splitList(s string) map[string]bool {
	out := map[string]bool{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out[p] = true
		}
	}
	return out
}

func newServer(fx *fixtures, opts options) *server {
	s := &server{fx: fx, opts: opts, mux: http.NewServeMux()}
	if opts.pubmed != nil {
		s.mux.HandleFunc("/pubmed/", s.source("pubmed", opts.pubmed.ServeHTTP))
	} else {
		s.mux.HandleFunc("/pubmed/esearch.fcgi", s.source("pubmed", s.esearch))
		s.mux.HandleFunc("/pubmed/efetch.fcgi", s.source("pubmed", s.efetch))
	}
	if opts.europepmc != nil {
		s.mux.HandleFunc("/europepmc/search", s.source("europepmc", http.StripPrefix("/europepmc", opts.europepmc).ServeHTTP))
	} else {
		s.mux.HandleFunc("/europepmc/search", s.source("europepmc", s.europepmc))
	}
	if opts.europeFullText != nil {
		s.mux.HandleFunc("/europepmc/", s.source("europepmc", http.StripPrefix("/europepmc", opts.europeFullText).ServeHTTP))
	}
	if opts.ctgov != nil {
		s.mux.HandleFunc("/ctgov/studies", s.source("clinicaltrials", http.StripPrefix("/ctgov", opts.ctgov).ServeHTTP))
		s.mux.HandleFunc("/ctgov/studies/", s.source("clinicaltrials", http.StripPrefix("/ctgov", opts.ctgov).ServeHTTP))
	} else {
		s.mux.HandleFunc("/ctgov/studies", s.source("clinicaltrials", s.ctgov))
	}
	s.mux.HandleFunc("/web/", s.source("web", s.web))
	s.mux.HandleFunc("/v1/chat/completions", s.chat)
	s.mux.HandleFunc("/v1/models", s.models)
	msgs := messages.New(func(prompt string, schema json.RawMessage) messages.Reply {
		return messages.Reply{Text: s.answer(prompt, schema)}
	})
	msgs.Latency = opts.judgeLatency
	s.mux.Handle("/v1/messages", msgs)
	s.mux.HandleFunc("/api/tags", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(s.fx.ollamaTags)
	})
	s.mux.HandleFunc("/api/chat", s.ollamaChat)
	s.mux.HandleFunc("/api/show", s.ollamaShow)
	if opts.zotero != nil {
		s.mux.Handle("/zotero/", http.StripPrefix("/zotero", opts.zotero))
		s.mux.Handle("/zotero-fake/received", opts.zotero.ReceivedHandler())
	}
	s.mux.HandleFunc("/stats", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"hits":%d}`, s.hits.Load())
	})
	return s
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.hits.Add(1)
	s.mux.ServeHTTP(w, r)
}

// source wraps a search handler with the configured latency and outage.
func (s *server) source(name string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !sleep(r, s.opts.latency) {
			return
		}
		if s.opts.down[name] {
			http.Error(w, "<html><body><h1>503 Service Unavailable</h1></body></html>", http.StatusServiceUnavailable)
			return
		}
		h(w, r)
	}
}

func sleep(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

func (s *server) esearch(w http.ResponseWriter, r *http.Request) {
	ids := s.fx.pmids
	if s.opts.hostile {
		ids = append([]string{hostilePMID}, ids...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8" ?>
<!DOCTYPE eSearchResult PUBLIC "-//NLM//DTD esearch 20060628//EN" "https://eutils.ncbi.nlm.nih.gov/eutils/dtd/20060628/esearch.dtd">
<eSearchResult><Count>%d</Count><RetMax>%d</RetMax><RetStart>0</RetStart><IdList>`, len(ids), len(ids))
	for _, id := range ids {
		fmt.Fprintf(&b, "<Id>%s</Id>", id)
	}
	b.WriteString("</IdList><TranslationSet/><QueryTranslation></QueryTranslation></eSearchResult>\n")
	w.Header().Set("Content-Type", "text/xml; charset=UTF-8")
	io.WriteString(w, b.String())
}

func (s *server) efetch(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	if r.Form.Get("db") == "pmc" && s.opts.pmcFullText != nil {
		s.opts.pmcFullText.ServeHTTP(w, r)
		return
	}
	var b strings.Builder
	b.WriteString(s.fx.xmlPreamble)
	b.WriteString("<PubmedArticleSet>\n")
	for _, id := range strings.Split(r.Form.Get("id"), ",") {
		if s.opts.hostile && strings.TrimSpace(id) == hostilePMID {
			b.WriteString(hostileArticle)
			b.WriteString("\n")
			continue
		}
		if art, ok := s.fx.articles[strings.TrimSpace(id)]; ok {
			b.WriteString(art)
			b.WriteString("\n")
		}
	}
	b.WriteString("</PubmedArticleSet>\n")
	w.Header().Set("Content-Type", "text/xml; charset=UTF-8")
	io.WriteString(w, b.String())
}

// hostilePMID is the PubMed record served with -hostile: its title and abstract carry
// escaped HTML, so once parsed the text holds live-looking <img>/<script> markup.
const hostilePMID = "99999992"

const hostileArticle = `<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">99999992</PMID>` +
	`<Article PubModel="Print"><Journal><JournalIssue CitedMedium="Print"><PubDate><Year>2024</Year></PubDate></JournalIssue>` +
	`<Title>Journal of Test Payloads</Title></Journal>` +
	`<ArticleTitle>Donepezil &lt;img src=x onerror="window.__xss=8"&gt; and &lt;script&gt;window.__xss=9&lt;/script&gt; cognition</ArticleTitle>` +
	`<Abstract><AbstractText>Trial text with &lt;img src=x onerror="window.__xss=10"&gt; and &lt;script&gt;window.__xss=11&lt;/script&gt; payloads.</AbstractText></Abstract>` +
	`<AuthorList CompleteYN="Y"><Author ValidYN="Y"><LastName>Mallory</LastName><ForeName>M</ForeName><Initials>M</Initials></Author></AuthorList>` +
	`<Language>eng</Language><PublicationTypeList><PublicationType UI="D016428">Journal Article</PublicationType></PublicationTypeList>` +
	`</Article></MedlineCitation><PubmedData><ArticleIdList><ArticleId IdType="pubmed">99999992</ArticleId></ArticleIdList></PubmedData></PubmedArticle>`

func (s *server) europepmc(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	if c := r.URL.Query().Get("cursorMark"); c != "" && c != "*" {
		w.Write(s.fx.europeEmpty)
		return
	}
	body := deepCopy(s.fx.europePMC)
	if s.opts.hostile {
		list := body["resultList"].(map[string]any)
		results := list["result"].([]any)
		hostile := map[string]any{
			"id": "HOSTILE1", "source": "MED", "pmid": "99999991",
			"title":        `Metformin <img src=x onerror="window.__xss=1"> and <script>window.__xss=2</script> memory`,
			"abstractText": `Evidence text with <img src=x onerror="window.__xss=3"> payload and <script>window.__xss=4</script> inside. [click](javascript:window.__xss=5)`,
			"authorString": "Mallory M.", "journalTitle": "J Test", "pubYear": "2024", "pubType": "journal article",
			"firstPublicationDate": "2024-01-01",
		}
		list["result"] = append([]any{hostile}, results...)
	}
	delete(body, "nextCursorMark")
	json.NewEncoder(w).Encode(body)
}

func (s *server) ctgov(w http.ResponseWriter, r *http.Request) {
	body := deepCopy(s.fx.ctgov)
	delete(body, "nextPageToken")
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(body)
}

func (s *server) web(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(s.fx.ddg)
}

func (s *server) models(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	data := []map[string]any{}
	for _, m := range fakeModels {
		data = append(data, map[string]any{"id": m, "object": "model", "owned_by": "fakeapis"})
	}
	json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data})
}

func deepCopy(v map[string]any) map[string]any {
	b, _ := json.Marshal(v)
	var out map[string]any
	json.Unmarshal(b, &out)
	return out
}

// chatRequest is an OpenAI chat request. Every documented top-level field is listed and
// the body is decoded with unknown fields rejected, as the real API does ("Unrecognized
// request argument supplied"); the fake reads model, messages and response_format.
type chatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role       string          `json:"role"`
		Content    string          `json:"content"`
		Name       string          `json:"name,omitempty"`
		ToolCalls  json.RawMessage `json:"tool_calls,omitempty"`
		ToolCallID string          `json:"tool_call_id,omitempty"`
		Refusal    string          `json:"refusal,omitempty"`
	} `json:"messages"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name        string          `json:"name"`
			Description string          `json:"description,omitempty"`
			Schema      json.RawMessage `json:"schema"`
			Strict      bool            `json:"strict"`
		} `json:"json_schema,omitempty"`
	} `json:"response_format,omitempty"`
	Temperature         *float64        `json:"temperature,omitempty"`
	TopP                *float64        `json:"top_p,omitempty"`
	MaxTokens           int             `json:"max_tokens,omitempty"`
	MaxCompletionTokens int             `json:"max_completion_tokens,omitempty"`
	N                   int             `json:"n,omitempty"`
	Stream              bool            `json:"stream,omitempty"`
	StreamOptions       json.RawMessage `json:"stream_options,omitempty"`
	Stop                json.RawMessage `json:"stop,omitempty"`
	PresencePenalty     float64         `json:"presence_penalty,omitempty"`
	FrequencyPenalty    float64         `json:"frequency_penalty,omitempty"`
	LogitBias           json.RawMessage `json:"logit_bias,omitempty"`
	LogProbs            bool            `json:"logprobs,omitempty"`
	TopLogProbs         int             `json:"top_logprobs,omitempty"`
	User                string          `json:"user,omitempty"`
	Seed                *int            `json:"seed,omitempty"`
	Tools               json.RawMessage `json:"tools,omitempty"`
	ToolChoice          json.RawMessage `json:"tool_choice,omitempty"`
	ParallelToolCalls   json.RawMessage `json:"parallel_tool_calls,omitempty"`
	ReasoningEffort     string          `json:"reasoning_effort,omitempty"`
	Metadata            json.RawMessage `json:"metadata,omitempty"`
	Store               bool            `json:"store,omitempty"`
	ServiceTier         string          `json:"service_tier,omitempty"`
	Functions           json.RawMessage `json:"functions,omitempty"`
	FunctionCall        json.RawMessage `json:"function_call,omitempty"`
}

// fakeModels are the models the OpenAI-compatible fake serves (GET /v1/models lists them).
var fakeModels = []string{"fake-judge", "gpt-4o-mini"}

// chatContextTokens is the context the fake's models have; a longer prompt is refused with
// OpenAI's context_length_exceeded error.
const chatContextTokens = 32768

func openAIError(w http.ResponseWriter, status int, typ, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": typ, "param": nil, "code": code}})
}

func (s *server) chat(w http.ResponseWriter, r *http.Request) {
	var req chatRequest
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		openAIError(w, http.StatusBadRequest, "invalid_request_error", "", "Invalid request: "+err.Error())
		return
	}
	if !slices.Contains(fakeModels, req.Model) {
		openAIError(w, http.StatusNotFound, "invalid_request_error", "model_not_found", fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", req.Model))
		return
	}
	if n := len(prompt(req))/4 + max(req.MaxTokens, req.MaxCompletionTokens); n > chatContextTokens {
		openAIError(w, http.StatusBadRequest, "invalid_request_error", "context_length_exceeded",
			fmt.Sprintf("This model's maximum context length is %d tokens. However, your messages resulted in %d tokens.", chatContextTokens, n))
		return
	}
	if !sleep(r, s.opts.judgeLatency) {
		return
	}
	var schema json.RawMessage
	if req.ResponseFormat != nil && req.ResponseFormat.JSONSchema != nil {
		schema = req.ResponseFormat.JSONSchema.Schema
	}
	content := s.answer(prompt(req), schema)
	if req.Stream {
		streamChat(w, req, content)
		return
	}
	resp := map[string]any{
		"id": "chatcmpl-fake", "object": "chat.completion", "created": time.Now().Unix(), "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
		"usage": map[string]any{"prompt_tokens": len(prompt(req)) / 4, "completion_tokens": len(content) / 4, "total_tokens": (len(prompt(req)) + len(content)) / 4},
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

// ollamaChat answers /api/chat like Ollama: unknown fields are rejected, a model the
// server does not list is 404 "model … not found", and a prompt longer than options.num_ctx
// (4096 when not sent, Ollama's default below 24 GiB of VRAM) is silently cut: the answer is
// still 200, and only prompt_eval_count (capped at the context) tells.
func (s *server) ollamaChat(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role     string   `json:"role"`
			Content  string   `json:"content"`
			Thinking string   `json:"thinking,omitempty"`
			Images   []string `json:"images,omitempty"`
		} `json:"messages"`
		Format    json.RawMessage `json:"format"`
		Stream    *bool           `json:"stream"`
		Options   map[string]any  `json:"options"`
		KeepAlive json.RawMessage `json:"keep_alive"`
		Think     json.RawMessage `json:"think"`
		Tools     json.RawMessage `json:"tools"`
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		http.Error(w, fmt.Sprintf(`{"error":%q}`, err.Error()), http.StatusBadRequest)
		return
	}
	if !s.ollamaHas(req.Model) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, `{"error":"model %q not found, try pulling it first"}`, req.Model)
		return
	}
	if !sleep(r, s.opts.judgeLatency) {
		return
	}
	var all strings.Builder
	for _, m := range req.Messages {
		all.WriteString(m.Content + "\n")
	}
	content := s.answer(all.String(), req.Format)
	numCtx := 4096
	if v, ok := req.Options["num_ctx"].(float64); ok && v > 0 {
		numCtx = int(v)
	}
	evalCount := (len(content) + 3) / 4
	promptTokens := (all.Len() + 3) / 4
	if promptTokens+evalCount > numCtx {
		promptTokens = numCtx - evalCount // the head of the prompt was dropped
	}
	final := map[string]any{"model": req.Model, "created_at": time.Now().UTC().Format(time.RFC3339Nano),
		"message": map[string]any{"role": "assistant", "content": content}, "done": true, "done_reason": "stop",
		"prompt_eval_count": promptTokens, "eval_count": evalCount}
	if req.Stream == nil || *req.Stream {
		// Ollama streams unless told not to: NDJSON pieces, then the final object.
		w.Header().Set("Content-Type", "application/x-ndjson")
		enc := json.NewEncoder(w)
		for len(content) > 0 {
			n := min(len(content), 24)
			enc.Encode(map[string]any{"model": req.Model, "message": map[string]any{"role": "assistant", "content": content[:n]}, "done": false})
			content = content[n:]
		}
		final["message"] = map[string]any{"role": "assistant", "content": ""}
		enc.Encode(final)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(final)
}

// ollamaContext is the published context length of the models the recorded /api/tags lists
// (Code Llama 16k, Llama 3 8k); another listed model gets Llama 3's.
var ollamaContext = map[string]int{"codellama": 16384, "llama3": 8192}

// ollamaShow answers /api/show like Ollama: POST {"model", "verbose"}, unknown fields
// rejected, 404 {"error":"model 'x' not found"} for a model the server does not have, else
// details and model_info with the architecture-prefixed context length.
func (s *server) ollamaShow(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		fmt.Fprint(w, `{"error":"method not allowed"}`)
		return
	}
	var req struct {
		Model   string `json:"model"`
		Name    string `json:"name"` // the older spelling, still accepted
		Verbose bool   `json:"verbose"`
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":%q}`, err.Error())
		return
	}
	model := req.Model
	if model == "" {
		model = req.Name
	}
	if !s.ollamaHas(model) {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, `{"error":"model '%s' not found"}`, model)
		return
	}
	base := strings.SplitN(model, ":", 2)[0]
	n, ok := ollamaContext[base]
	if !ok {
		n = ollamaContext["llama3"]
	}
	json.NewEncoder(w).Encode(map[string]any{
		"modelfile":  "FROM " + model,
		"parameters": "stop \"<|eot_id|>\"",
		"template":   "{{ .Prompt }}",
		"details": map[string]any{"parent_model": "", "format": "gguf", "family": "llama", "families": []string{"llama"},
			"parameter_size": "8.0B", "quantization_level": "Q4_0"},
		"model_info": map[string]any{"general.architecture": "llama", "general.parameter_count": 8030261248,
			"llama.context_length": n, "llama.embedding_length": 4096},
		"capabilities": []string{"completion"},
		"modified_at":  "2024-05-01T00:00:00Z",
	})
}

// ollamaHas reports whether /api/tags lists model (a name without a tag means :latest).
func (s *server) ollamaHas(model string) bool {
	var tags struct {
		Models []struct {
			Name string `json:"name"`
		} `json:"models"`
	}
	json.Unmarshal(s.fx.ollamaTags, &tags)
	for _, m := range tags.Models {
		if m.Name == model || m.Name == model+":latest" {
			return true
		}
	}
	return false
}

func prompt(req chatRequest) string {
	var b strings.Builder
	for _, m := range req.Messages {
		b.WriteString(m.Content + "\n")
	}
	return b.String()
}

var (
	candidateRe = regexp.MustCompile(`(?m)^\s*- ([^:\n]{2,60}): \d+ items?`)
	titleRe     = regexp.MustCompile(`(?m)^- Source: [A-Z]+ — (.+)$`)
)

// answer writes what a cooperative model would: a grounded assessment, a passing verdict,
// a short cited narrative, or — for any other schema — a value that satisfies the schema.
func (s *server) answer(prompt string, schema json.RawMessage) string {
	text := string(schema)
	switch {
	case strings.Contains(text, `"mechanism_score"`):
		return assessment(prompt)
	case strings.Contains(text, `"missing_items"`):
		return verdict(prompt)
	case len(schema) > 0 && string(schema) != "null" && string(schema) != `"json"`:
		var sch map[string]any
		if json.Unmarshal(schema, &sch) == nil {
			b, _ := json.Marshal(instance(sch, prompt))
			return string(b)
		}
	}
	// Like a model, it cites what its prompt shows: the first evidence block's number, or
	// nothing when no evidence is shown (all of it was set aside as off-topic).
	narrative := "None of the evidence found answers the question. The fake judge wrote this narrative from the stored evidence only."
	if m := evidenceBlockRe.FindStringSubmatch(prompt); m != nil {
		narrative = "The retrieved evidence is summarised in the report below [" + m[1] + "]. The fake judge wrote this narrative from the stored evidence only."
	}
	if s.opts.hostile {
		narrative += " See [this link](javascript:window.__xss=6) and <img src=x onerror=\"window.__xss=7\">."
	}
	return narrative
}

// evidenceBlockRe finds an evidence block of a prompt and its number.
var evidenceBlockRe = regexp.MustCompile(`<evidence n="(\d+)">`)

// problemRe finds the grounding problems code listed in the verify prompt.
var problemRe = regexp.MustCompile(`(?m)^- (.+)$`)

// verdict agrees with the code's grounding checks: it fails the report when the prompt
// lists grounding problems and passes it otherwise.
func verdict(prompt string) string {
	v := map[string]any{"questions_for_user": []string{}, "forward_progress": true, "convergence_estimate": 0.9, "suggested_next_steps": []string{}}
	i := strings.Index(prompt, "## Grounding problems found by code")
	if i < 0 {
		v["pass"], v["reason"], v["missing_items"] = true, "Every candidate and finding in the report is supported by the cited evidence.", []string{}
	} else {
		section := prompt[i:]
		if j := strings.Index(section[3:], "\n## "); j >= 0 {
			section = section[:j+3]
		}
		var missing []string
		for _, m := range problemRe.FindAllStringSubmatch(section, 10) {
			missing = append(missing, strings.TrimSpace(m[1]))
		}
		v["pass"], v["reason"], v["missing_items"] = false, "The code found grounding problems the report must resolve.", nonNil(missing)
		v["suggested_next_steps"] = []string{"search for evidence on the unsupported items"}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func assessment(prompt string) string {
	var candidates []string
	if i := strings.Index(prompt, "DRUG CANDIDATES FROM STRUCTURED FIELDS"); i >= 0 {
		for _, m := range candidateRe.FindAllStringSubmatch(prompt[i:], 3) {
			candidates = append(candidates, strings.TrimSpace(m[1]))
		}
	}
	var findings []string
	for _, m := range titleRe.FindAllStringSubmatch(prompt, 2) {
		findings = append(findings, strings.TrimSpace(m[1]))
	}
	a := map[string]any{
		"details": map[string]any{
			"mechanism_score": 7, "mechanism_reasoning": "The evidence describes a plausible mechanism of action in several studies.",
			"clinical_evidence_score": 6, "clinical_reasoning": "There are registered clinical trials and human studies among the evidence.",
			"drug_candidates": nonNil(candidates), "key_findings": nonNil(findings), "stances": []any{},
		},
		"sufficient": len(candidates) > 0, "confidence": 0.72,
		"recommendation":      map[bool]string{true: "synthesize", false: "continue"}[len(candidates) > 0],
		"next_search_queries": []string{"randomized controlled trial evidence"},
		"reasoning":           "The fake OpenAI-compatible judge scored the evidence from its structured candidates and titles.",
	}
	b, _ := json.Marshal(a)
	return string(b)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// instance builds a value that satisfies a JSON schema: the minimum of each number, a
// sentence for each string, the first enum value, every required property.
func instance(sch map[string]any, prompt string) any {
	if enum, ok := sch["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	t, _ := sch["type"].(string)
	if ts, ok := sch["type"].([]any); ok && len(ts) > 0 {
		t, _ = ts[0].(string)
	}
	switch t {
	case "object":
		out := map[string]any{}
		props, _ := sch["properties"].(map[string]any)
		for name, p := range props {
			if ps, ok := p.(map[string]any); ok {
				out[name] = instance(ps, prompt)
			}
		}
		return out
	case "array":
		return []any{}
	case "integer", "number":
		if min, ok := sch["minimum"].(float64); ok {
			return min
		}
		return 0
	case "boolean":
		// A cooperative model answers yes to the connection test's {"ok": true}.
		return true
	case "string":
		return "Not reported in the text provided to the fake model."
	}
	return nil
}

// streamChat answers a streamed chat request as OpenAI does: chat.completion.chunk events
// with content deltas, the finish reason in the last choice chunk, the usage in a final
// chunk with no choices when stream_options.include_usage is set, then [DONE].
func streamChat(w http.ResponseWriter, req chatRequest, content string) {
	w.Header().Set("Content-Type", "text/event-stream")
	fl, _ := w.(http.Flusher)
	send := func(v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(w, "data: %s\n\n", b)
		if fl != nil {
			fl.Flush()
		}
	}
	chunk := func(delta map[string]any, finish any) map[string]any {
		return map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": time.Now().Unix(), "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
	}
	send(chunk(map[string]any{"role": "assistant", "content": ""}, nil))
	rest := content
	for len(rest) > 0 {
		n := min(len(rest), 32)
		send(chunk(map[string]any{"content": rest[:n]}, nil))
		rest = rest[n:]
	}
	send(chunk(map[string]any{}, "stop"))
	if strings.Contains(string(req.StreamOptions), `"include_usage":true`) {
		send(map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": time.Now().Unix(), "model": req.Model, "choices": []any{},
			"usage": map[string]any{"prompt_tokens": len(prompt(req)) / 4, "completion_tokens": len(content) / 4, "total_tokens": (len(prompt(req)) + len(content)) / 4}})
	}
	io.WriteString(w, "data: [DONE]\n\n")
}
