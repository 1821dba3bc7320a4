package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-isatty"

	"deepcritical/backend/domain"
	"deepcritical/backend/runs"
)

// newProgress returns how `research` shows a run as it happens: JSON lines on stdout with
// --json, readable lines on stderr otherwise, and — when stderr is a terminal — the LLM call
// in flight streamed on one line that is rewritten in place (a log or a pipe gets the event
// lines only, and the judge is then not asked to stream).
func newProgress(e *env, jsonLines bool) runs.Emitter {
	p := &progressPrinter{e: e, json: jsonLines}
	if !jsonLines && isTerminal(e.stderr) {
		return &streamingPrinter{progressPrinter: p, clock: time.Now}
	}
	return p
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// progressPrinter prints each stored event of a run.
type progressPrinter struct {
	e    *env
	json bool
}

// Emit prints one event.
func (p *progressPrinter) Emit(ev domain.Event) {
	if p.json {
		_ = writeJSONLine(p.e.stdout, ev)
		return
	}
	p.e.infof("%s\n", eventLine(ev))
}

func eventLine(ev domain.Event) string {
	it := ""
	if ev.Iteration > 0 {
		it = fmt.Sprintf("[%d] ", ev.Iteration)
	}
	return fmt.Sprintf("%s %s%s", eventIcons[ev.Type], it, SafeText(ev.Message))
}

// streamingPrinter adds the LLM call in flight on one terminal line below the events. Calls
// run concurrently (appraisals), so the line shows the latest report of any of them.
type streamingPrinter struct {
	*progressPrinter
	clock func() time.Time

	mu   sync.Mutex
	live bool      // the transient line is on screen
	last time.Time // when it was last drawn
}

// streamRedraw is how often the transient line may be redrawn: often enough to look live,
// rarely enough that a fast stream does not flood the terminal.
const streamRedraw = 100 * time.Millisecond

// streamWidth bounds the transient line so it never wraps on a normal terminal (a wrapped
// line could not be erased with one carriage return).
const streamWidth = 78

// Emit clears the transient line, then prints the event.
func (s *streamingPrinter) Emit(ev domain.Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clear()
	s.progressPrinter.Emit(ev)
}

// Progress draws the call's progress, at most every streamRedraw; a finished call clears it.
func (s *streamingPrinter) Progress(pr domain.LLMProgress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if pr.Done {
		s.clear()
		return
	}
	now := s.clock()
	if s.live && now.Sub(s.last) < streamRedraw {
		return
	}
	s.last, s.live = now, true
	s.e.infof("\r\033[K%s", streamLine(pr))
}

func (s *streamingPrinter) clear() {
	if s.live {
		s.e.infof("\r\033[K")
		s.live = false
	}
}

// streamLine is one call in flight: what it is for, who answers, how much has come, and
// the tail of the text so far (control characters removed, on one line).
func streamLine(pr domain.LLMProgress) string {
	who := string(pr.Provider)
	if pr.Model != "" {
		who += " " + pr.Model
	}
	kind := pr.CallKind
	if kind == "" {
		kind = "LLM call"
	}
	head := fmt.Sprintf("  ⋯ %s · %s · %d tokens · %.1f s", SafeText(kind), SafeText(who), pr.OutputTokens, float64(pr.ElapsedMS)/1000)
	room := streamWidth - len([]rune(head)) - 3
	tail := []rune(strings.Join(strings.Fields(SafeText(pr.Text)), " "))
	if room < 10 || len(tail) == 0 {
		return truncateRunes(head, streamWidth)
	}
	if len(tail) > room {
		tail = append([]rune("…"), tail[len(tail)-room+1:]...)
	}
	return head + " · " + string(tail)
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
