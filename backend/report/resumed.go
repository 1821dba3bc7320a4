package report

import (
	"fmt"
	"strings"

	"deepcritical/backend/domain"
)

// resumedLimitation says that the run was interrupted (cancelled, failed, killed) and
// resumed, and after which iteration each time, read from its "started" events marked
// resumed: without it only the JSON's events said so, and a reader of the other formats took
// the report for one uninterrupted run.
func resumedLimitation(events []domain.Event) (Limitation, bool) {
	var after []string
	last := 0
	for _, e := range events {
		if e.Type == domain.EventStarted {
			if d, err := domain.DecodeData[domain.StartedData](e); err == nil && d.Resumed {
				if last == 0 {
					after = append(after, "before its first search")
				} else {
					after = append(after, fmt.Sprintf("after iteration %d", last))
				}
				continue
			}
		}
		last = max(last, e.Iteration)
	}
	switch len(after) {
	case 0:
		return Limitation{}, false
	case 1:
		return Limitation{Kind: LimitResumed, Text: "The run was interrupted " + after[0] + " and resumed"}, true
	}
	return Limitation{Kind: LimitResumed, Text: fmt.Sprintf("The run was interrupted and resumed %d times: %s",
		len(after), strings.Join(after, "; "))}, true
}
