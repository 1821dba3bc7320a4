package domain

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// EventType names a step of a research run (docs/ARCHITECTURE.md lists them).
type EventType string

// The event types of a run. They are defined once here; the frontend receives them
// through the generated bindings.
const (
	EventStarted        EventType = "started"
	EventSearching      EventType = "searching"
	EventSearchComplete EventType = "search_complete"
	EventJudging        EventType = "judging"
	EventJudgeComplete  EventType = "judge_complete"
	EventLooping        EventType = "looping"
	EventAppraising     EventType = "appraising"
	EventSynthesizing   EventType = "synthesizing"
	EventVerifying      EventType = "verifying"
	EventComplete       EventType = "complete"
	EventError          EventType = "error"
	EventCancelled      EventType = "cancelled"
	// EventQuery is one query sent to one source, with its hit count and any relaxation
	// (payload QueryEvent).
	EventQuery EventType = "query"
	// EventSource is one source answering (or failing) while a search is still running, so
	// the user sees which source the run is waiting for (payload SourceStateData).
	EventSource EventType = "source"
	// EventFullText records an iteration's full-text fetches: which papers were read in
	// full, from where, and why the others were read from their abstracts.
	EventFullText EventType = "full_text"
)

// AllEventTypes lists every event type in the order a run emits them.
var AllEventTypes = []EventType{EventStarted, EventSearching, EventSearchComplete, EventJudging, EventJudgeComplete, EventLooping, EventAppraising, EventSynthesizing, EventVerifying, EventComplete, EventError, EventCancelled, EventQuery, EventSource, EventFullText}

// QueryEvent is the payload of an EventQuery: one query as a source received it. A query
// that found nothing, was relaxed or that the source reported a problem with is shown, not
// silently dropped.
type QueryEvent struct {
	Source Source `json:"source"`
	Query  string `json:"query"`
	// Count is the source's hit count for the query; -1 when the source does not say.
	Count int `json:"count"`
	// Attempt is 1 for the first try of a query, 2 and up for its relaxations or narrowings.
	Attempt int `json:"attempt"`
	// Relaxation says in plain words what was dropped, ORed or narrowed and why; empty on
	// the first try.
	Relaxation string `json:"relaxation,omitempty"`
	// Error is the source's query error or warning (e.g. a phrase PubMed did not find).
	Error string `json:"error,omitempty"`
	// NotFound are the words or phrases of the query the source's index does not hold
	// (PubMed's ErrorList/PhraseNotFound), kept apart from Error so the run can tell a
	// question made only of words no paper uses ("asdf qwer zxcv") from one that found
	// nothing: the first gets a clear error instead of a report of nothing.
	NotFound []string `json:"not_found,omitempty"`
}

// The states a source is in once it has finished its part of a search; a source that has
// not yet reported is waiting.
const (
	SourceAnswered = "answered"
	SourceFailed   = "failed"
)

// SourceStateData is the payload of an EventSource: a source finished its part of an
// iteration's search, with its hits or the reason it failed, and how long it took.
type SourceStateData struct {
	Source Source `json:"source"`
	State  string `json:"state"`
	Hits   int    `json:"hits"`
	Error  string `json:"error,omitempty"`
	TookMS int64  `json:"took_ms"`
}

// Valid reports whether t is a known event type.
func (t EventType) Valid() bool {
	for _, k := range AllEventTypes {
		if t == k {
			return true
		}
	}
	return false
}

// Event is one step of a run, stored before it is emitted.
type Event struct {
	RunID     string          `json:"run_id"`
	Seq       int64           `json:"seq"`
	Type      EventType       `json:"type"`
	Iteration int             `json:"iteration"`
	Message   string          `json:"message"`
	Data      json.RawMessage `json:"data,omitempty"`
	Time      time.Time       `json:"time"`
}

// Validate checks the event is well formed.
func (e Event) Validate() error {
	var p problems
	if strings.TrimSpace(e.RunID) == "" {
		p.addf("event run_id is empty")
	}
	if !e.Type.Valid() {
		p.addf("event type %q is unknown", string(e.Type))
	}
	if e.Iteration < 0 {
		p.addf("event iteration must be ≥ 0, got %d", e.Iteration)
	}
	if len(e.Data) > 0 && !json.Valid(e.Data) {
		p.addf("event data is not valid JSON")
	}
	return p.err()
}

// RunStatus is the lifecycle state of a run.
type RunStatus string

// Run statuses. A run is "running" until it completes, fails or is cancelled; a run left
// "running" by a crashed process is "interrupted" once detected and can be resumed.
const (
	RunPending     RunStatus = "pending"
	RunRunning     RunStatus = "running"
	RunComplete    RunStatus = "complete"
	RunFailed      RunStatus = "failed"
	RunCancelled   RunStatus = "cancelled"
	RunInterrupted RunStatus = "interrupted"
)

// AllRunStatuses lists every status.
var AllRunStatuses = []RunStatus{RunPending, RunRunning, RunComplete, RunFailed, RunCancelled, RunInterrupted}

// Valid reports whether s is a known status.
func (s RunStatus) Valid() bool { return slices.Contains(AllRunStatuses, s) }

// Bound is an inclusive integer range with a default, used to validate RunConfig fields.
type Bound struct {
	Min, Max, Default int
}

// RunConfig bounds: beyond them a run costs too much or loops without end.
var (
	BoundMaxIterations       = Bound{1, 10, 5}
	BoundMaxResultsPerSource = Bound{1, 50, 10}
	BoundSearchTimeoutS      = Bound{5, 120, 30}
	BoundQueriesPerIteration = Bound{1, 5, 3}
)

// RunConfig holds a run's limits. Out-of-range values are errors, never silently clamped.
type RunConfig struct {
	MaxIterations       int      `json:"max_iterations"`
	MaxResultsPerSource int      `json:"max_results_per_source"`
	SearchTimeoutS      int      `json:"search_timeout_s"`
	QueriesPerIteration int      `json:"queries_per_iteration"`
	Sources             []Source `json:"sources,omitempty"`
	Judge               Provider `json:"judge,omitempty"`
	Model               string   `json:"model,omitempty"`
}

// DefaultRunConfig returns the run defaults with the sources enabled by default.
func DefaultRunConfig() RunConfig {
	return RunConfig{
		MaxIterations:       BoundMaxIterations.Default,
		MaxResultsPerSource: BoundMaxResultsPerSource.Default,
		SearchTimeoutS:      BoundSearchTimeoutS.Default,
		QueriesPerIteration: BoundQueriesPerIteration.Default,
		Sources:             []Source{SourcePubMed, SourceEuropePMC, SourceClinicalTrials},
		Judge:               ProviderOffline,
	}
}

// CheckBound returns an error naming the field and its bounds when v is outside b.
func CheckBound(field string, v int, b Bound) error {
	if v < b.Min || v > b.Max {
		return Errorf(CodeInvalid, "%s must be between %d and %d, got %d", field, b.Min, b.Max, v)
	}
	return nil
}

// Validate checks every bound and enum, naming the first offending field.
func (c RunConfig) Validate() error {
	checks := []struct {
		field string
		v     int
		b     Bound
	}{
		{"max_iterations", c.MaxIterations, BoundMaxIterations},
		{"max_results_per_source", c.MaxResultsPerSource, BoundMaxResultsPerSource},
		{"search_timeout_s", c.SearchTimeoutS, BoundSearchTimeoutS},
		{"queries_per_iteration", c.QueriesPerIteration, BoundQueriesPerIteration},
	}
	for _, ch := range checks {
		if err := CheckBound(ch.field, ch.v, ch.b); err != nil {
			return err
		}
	}
	for _, s := range c.Sources {
		if !s.Valid() {
			return Errorf(CodeInvalid, "sources: unknown source %q", string(s))
		}
	}
	if c.Judge != "" && !c.Judge.Valid() {
		return Errorf(CodeInvalid, "judge: unknown provider %q", string(c.Judge))
	}
	return nil
}

// MaxQuestionChars bounds a question so a pasted document cannot become a query.
const MaxQuestionChars = 500

// ValidateQuestion rejects empty, whitespace-only and enormous questions.
func ValidateQuestion(q string) (string, error) {
	q = strings.TrimSpace(q)
	if q == "" {
		return "", Errorf(CodeInvalid, "question is empty: type a research question")
	}
	if n := utf8.RuneCountInString(q); n > MaxQuestionChars {
		return "", Errorf(CodeInvalid, "question is too long: %d characters (at most %d): ask one question, and import background papers into your library instead", n, MaxQuestionChars)
	}
	if utf8.RuneCountInString(q) < 3 {
		return "", Errorf(CodeInvalid, "question is too short: at least 3 characters")
	}
	return q, nil
}

// Run is a research run as stored.
type Run struct {
	ID         string     `json:"id"`
	Question   string     `json:"question"`
	Config     RunConfig  `json:"config"`
	Status     RunStatus  `json:"status"`
	StopReason string     `json:"stop_reason,omitempty"`
	Error      string     `json:"error,omitempty"`
	Judge      JudgeInfo  `json:"judge"`
	Iterations int        `json:"iterations"`
	Verdict    *bool      `json:"verdict_pass,omitempty"`
	CreatedAt  time.Time  `json:"created_at"`
	UpdatedAt  time.Time  `json:"updated_at"`
	FinishedAt *time.Time `json:"finished_at,omitempty"`
	// ParentRunID links a re-judged run to the run whose evidence it reused.
	ParentRunID string `json:"parent_run_id,omitempty"`
	// Parsed is the question in its one typed form, parsed (and perhaps corrected by the
	// user) when the run was created; nil for runs stored before it existed.
	Parsed *ParsedQuestion `json:"parsed_question,omitempty"`
}

// RunLease records which process executes a run. Exactly one live lease may exist per run:
// the holder renews it while the run's goroutine works and releases it when the run ends,
// so a second resume (another process, or the window and the CLI at once) is refused, and a
// run whose holder died (its lease expired, or its process is gone) is known to be
// interrupted rather than running.
type RunLease struct {
	RunID string `json:"run_id"`
	// Holder identifies one execution of the run (unique per start or resume, even within
	// one process); only the holder may renew or release the lease.
	Holder string `json:"holder"`
	// Host and PID name the process that holds the lease, for the refusal message and so a
	// lease left by a dead process on this machine can be taken over before it expires.
	Host       string    `json:"host"`
	PID        int       `json:"pid"`
	AcquiredAt time.Time `json:"acquired_at"`
	ExpiresAt  time.Time `json:"expires_at"`
}

// Live reports whether the lease still holds the run at now.
func (l RunLease) Live(now time.Time) bool { return now.Before(l.ExpiresAt) }

// Process describes the holder for messages, e.g. "process 4242 on laptop".
func (l RunLease) Process() string {
	if l.Host == "" {
		return fmt.Sprintf("process %d", l.PID)
	}
	return fmt.Sprintf("process %d on %s", l.PID, l.Host)
}

// ErrTakenOver is in the chain of the error a store write returns when the execution it
// writes for (WithLease) no longer holds its run's lease: it stalled past the expiry (a
// suspended process, a laptop asleep) and another process took the run over. The run is the
// other process's now; the stalled one must stop without writing anything more to it.
var ErrTakenOver = errors.New("the run was taken over by another process")

// TakenOver is the user-safe error of an execution that lost its run to another process.
func TakenOver(runID string) *Error {
	return Wrap(CodeConflict, ErrTakenOver, fmt.Sprintf(
		"another process took run %s over: this one stopped and wrote nothing more to it", runID))
}
