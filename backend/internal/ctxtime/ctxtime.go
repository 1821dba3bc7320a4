// Package ctxtime holds the one wait both HTTP edges (search/httpx for the literature APIs,
// llm for the judges) use between retries, so a cancelled run stops waiting at once.
package ctxtime

import (
	"context"
	"time"
)

// Sleep waits d or until ctx ends, returning ctx's error in that case. A d of zero or less
// does not wait but still reports an ended ctx.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
