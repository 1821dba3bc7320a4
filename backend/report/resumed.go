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
	seen, judged := 0, 0 // the last iteration begun, and the last one judged
	for _, e := range events {
		if e.Type == domain.EventStarted {
			if d, err := domain.DecodeData[domain.StartedData](e); err == nil && d.Resumed {
				switch {
				case seen == 0:
					after = append(after, "before its first search")
				case seen > judged:
					// Cut off while searching or judging: that iteration was not done.
					after = append(after, fmt.Sprintf("during iteration %d", seen))
				default:
					after = append(after, fmt.Sprintf("after iteration %d", judged))
				}
				continue
			}
		}
		seen = max(seen, e.Iteration)
		if e.Type == domain.EventJudgeComplete {
			judged = max(judged, e.Iteration)
		}
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
