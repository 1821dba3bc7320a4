package domain

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// The payloads below are the Data of each event type, one struct per type, used both to
// write an event and to read it back (Resume replays them; the window and the CLI show
// them). Fields are in JSON key order, so a payload encodes byte for byte as the stored
// events of earlier versions did; optional keys are omitempty, keys always written are not.

// StartedData is the payload of "started": the question, limits and judge of a new run,
// or only Resumed for a resumed one.
type StartedData struct {
	Config *RunConfig `json:"config,omitempty"`
	Judge  *JudgeInfo `json:"judge,omitempty"`
	// Parsed is how the question was understood (kind and concepts), stated once at start.
	Parsed   *ParsedQuestion `json:"parsed_question,omitempty"`
	Question string          `json:"question,omitempty"`
	Resumed  bool            `json:"resumed,omitempty"`
}

// SearchingData is the payload of "searching": the iteration's queries and sources.
type SearchingData struct {
	Queries []string `json:"queries"`
	Sources []Source `json:"sources"`
}

// SearchCompleteData is the payload of "search_complete". The streaks are the loop's
// stop-rule counters, stored so a resumed run applies the rules where they were.
type SearchCompleteData struct {
	AllFailedStreak int `json:"all_failed_streak"`
	// Concepts are the question's concepts as the run searched them (a concepts.Set's
	// concepts; kept opaque here because domain imports nothing).
	Concepts         json.RawMessage `json:"concepts"`
	DroppedInvalid   int             `json:"dropped_invalid"`
	Errors           []SearchError   `json:"errors"`
	Found            int             `json:"found"`
	NewCount         int             `json:"new_count"`
	NoProgressStreak int             `json:"no_progress_streak"`
	// OffTopicCount is how much of the run's evidence the relevance scorer marked off-topic.
	OffTopicCount   int            `json:"off_topic_count"`
	PerSource       map[string]int `json:"per_source"`
	Queries         []string       `json:"queries"`
	SourcesSearched []Source       `json:"sources_searched"`
	TotalCount      int            `json:"total_count"`
	// Warnings are a source's notices (a relaxed query, a partial page), not failures.
	Warnings []SearchError `json:"warnings"`
}

// AppraisingData is the payload of "appraising": how many papers are being appraised, and
// how many of them wait for their full text.
type AppraisingData struct {
	Count     int `json:"count"`
	FullTexts int `json:"full_texts,omitempty"`
}

// FullTextRead is one paper read in full: its key and where its text came from.
type FullTextRead struct {
	Key      string         `json:"key"`
	Source   FullTextSource `json:"source"`
	SourceID string         `json:"source_id,omitempty"`
}

// FullTextData is the payload of "full_text": the papers whose open-access full text was
// asked for in an iteration, those read, and why the others were read from their
// abstracts. A resumed run does not ask again for a paper named here.
type FullTextData struct {
	Read        []FullTextRead        `json:"read,omitempty"`
	Requested   int                   `json:"requested"`
	Unavailable []FullTextUnavailable `json:"unavailable,omitempty"`
}

// JudgingData is the payload of "judging".
type JudgingData struct {
	EvidenceCount int `json:"evidence_count"`
}

// JudgeCompleteData is the payload of "judge_complete": the assessment's headline figures.
// Reused is true when a resumed run took the stored assessment instead of asking again.
type JudgeCompleteData struct {
	ClinicalScore  int            `json:"clinical_score"`
	Confidence     float64        `json:"confidence"`
	DrugCandidates []string       `json:"drug_candidates"`
	EvidenceCount  int            `json:"evidence_count"`
	HeuristicScore *float64       `json:"heuristic_score,omitempty"`
	Judge          JudgeInfo      `json:"judge"`
	MechanismScore int            `json:"mechanism_score"`
	NextQueries    []string       `json:"next_queries"`
	Recommendation Recommendation `json:"recommendation"`
	RedFlags       []string       `json:"red_flags,omitempty"`
	Reused         bool           `json:"reused"`
	Sufficient     bool           `json:"sufficient"`
}

// Looping reasons: the judge asked for more evidence, or the verifier failed the report.
const (
	LoopJudge        = "judge"
	LoopVerification = "verification"
)

// LoopingData is the payload of "looping": why the loop searches again and with what.
// Confidence is set for a judge loop; Round and Verdict for a verification loop.
type LoopingData struct {
	Confidence  *float64 `json:"confidence,omitempty"`
	NextQueries []string `json:"next_queries"`
	Reason      string   `json:"reason"`
	Round       int      `json:"round,omitempty"`
	Verdict     *Verdict `json:"verdict,omitempty"`
}

// SynthesizingData is the payload of "synthesizing".
type SynthesizingData struct {
	EvidenceCount int    `json:"evidence_count"`
	Partial       bool   `json:"partial"`
	StopReason    string `json:"stop_reason"`
}

// VerifyingData is the payload of "verifying". Narrative is the report's narrative as the
// synthesizer wrote it (opaque here), kept so exports need no second LLM call.
type VerifyingData struct {
	Narrative json.RawMessage `json:"narrative,omitempty"`
	Round     int             `json:"round"`
}

// CompleteData is the payload of "complete".
type CompleteData struct {
	EvidenceCount int      `json:"evidence_count"`
	Iterations    int      `json:"iterations"`
	MissingItems  []string `json:"missing_items,omitempty"`
	Partial       bool     `json:"partial"`
	ReportStatus  string   `json:"report_status"`
	StopReason    string   `json:"stop_reason"`
	VerdictPass   *bool    `json:"verdict_pass"`
}

// Error phases: the step of the run an "error" event is about.
const (
	PhaseSearch    = "search"
	PhaseAppraisal = "appraisal"
	PhaseVerify    = "verify"
	PhaseRun       = "run"
)

// ErrorData is the payload of "error". Fatal errors end the run (phase "run"); the others
// are recorded and the run goes on without the failed part.
type ErrorData struct {
	// Breaker is set on the one event that says the run's circuit breaker stopped calling
	// the judge (phase "llm"); Provider names that judge.
	Breaker bool          `json:"breaker,omitempty"`
	Error   string        `json:"error,omitempty"`
	Errors  []SearchError `json:"errors,omitempty"`
	// Failed lists the papers whose appraisal failed (phase "appraisal"), each with why.
	Failed           []AppraisalFailure `json:"failed,omitempty"`
	Fatal            bool               `json:"fatal"`
	Phase            string             `json:"phase"`
	Provider         Provider           `json:"provider,omitempty"`
	StopReason       string             `json:"stop_reason,omitempty"`
	UnverifiedReason string             `json:"unverified_reason,omitempty"`
}

// AppraisalFailure is one paper the appraiser could not assess, by canonical key.
type AppraisalFailure struct {
	Key    string `json:"key"`
	Reason string `json:"reason"`
}

// CancelledData is the payload of "cancelled".
type CancelledData struct {
	EvidenceCount    int    `json:"evidence_count"`
	StopReason       string `json:"stop_reason"`
	UnverifiedReason string `json:"unverified_reason"`
}

// EventPayloads maps each event type to a new value of its payload struct; it is the one
// list both the writer and the readers use, and a test keeps it complete.
var EventPayloads = map[EventType]func() any{
	EventStarted:        func() any { return &StartedData{} },
	EventSearching:      func() any { return &SearchingData{} },
	EventSearchComplete: func() any { return &SearchCompleteData{} },
	EventJudging:        func() any { return &JudgingData{} },
	EventJudgeComplete:  func() any { return &JudgeCompleteData{} },
	EventLooping:        func() any { return &LoopingData{} },
	EventAppraising:     func() any { return &AppraisingData{} },
	EventFullText:       func() any { return &FullTextData{} },
	EventSynthesizing:   func() any { return &SynthesizingData{} },
	EventVerifying:      func() any { return &VerifyingData{} },
	EventComplete:       func() any { return &CompleteData{} },
	EventError:          func() any { return &ErrorData{} },
	EventCancelled:      func() any { return &CancelledData{} },
	EventQuery:          func() any { return &QueryEvent{} },
	EventSource:         func() any { return &SourceStateData{} },
}

// NewEvent builds an event of type typ carrying data, which must be that type's payload
// struct (EventPayloads): an event is never written with another type's payload.
func NewEvent(runID string, typ EventType, it int, msg string, data any) (Event, error) {
	e := Event{RunID: runID, Type: typ, Iteration: it, Message: msg}
	if mk, ok := EventPayloads[typ]; !ok || reflect.TypeOf(mk()).Elem() != reflect.TypeOf(data) {
		return e, fmt.Errorf("event %s carries %T, not its payload struct", typ, data)
	}
	b, err := json.Marshal(data)
	if err != nil {
		return e, fmt.Errorf("encode %s event: %w", typ, err)
	}
	e.Data = b
	return e, nil
}

// DecodeData reads an event's payload into T, which must be the payload struct of the
// event's type; an event without data leaves T zero.
func DecodeData[T any](e Event) (T, error) {
	var out T
	if mk, ok := EventPayloads[e.Type]; ok {
		if _, same := mk().(*T); !same {
			return out, fmt.Errorf("event %d is %q, whose payload is %T, not %T", e.Seq, e.Type, mk(), &out)
		}
	}
	if len(e.Data) == 0 {
		return out, nil
	}
	if err := json.Unmarshal(e.Data, &out); err != nil {
		return out, fmt.Errorf("decode %s event %d: %w", e.Type, e.Seq, err)
	}
	return out, nil
}
