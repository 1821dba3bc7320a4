package domain

// EventLLMProgress is the live progress of a streamed LLM call. It is sent to the window
// as it happens and never stored: the stored record of the call is its llm_calls row.
const EventLLMProgress EventType = "llm_progress"

// LLMProgress is one progress report of a streamed LLM call: which kind of call (judge,
// appraisal, narrative, verifier, test), who answers, how many output tokens arrived so far
// (estimated from the text when the provider reports none mid-stream), how long it has run,
// and a sanitised tail of the text or reasoning streamed so far.
type LLMProgress struct {
	RunID        string   `json:"run_id,omitempty"`
	CallKind     string   `json:"call_kind"`
	Provider     Provider `json:"provider"`
	Model        string   `json:"model"`
	OutputTokens int      `json:"output_tokens"`
	ElapsedMS    int64    `json:"elapsed_ms"`
	Text         string   `json:"text"`
	// Done is set on the last report of a call.
	Done bool `json:"done,omitempty"`
}
