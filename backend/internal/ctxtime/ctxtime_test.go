package ctxtime

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestSleep(t *testing.T) {
	require.NoError(t, Sleep(context.Background(), 0))
	require.NoError(t, Sleep(context.Background(), time.Millisecond))

	ended, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, Sleep(ended, 0), context.Canceled, "an ended context is reported even without a wait")
	require.ErrorIs(t, Sleep(ended, time.Hour), context.Canceled, "an ended context stops the wait")

	ctx, cancel := context.WithCancel(context.Background())
	go cancel()
	require.ErrorIs(t, Sleep(ctx, time.Hour), context.Canceled, "cancelling during the wait ends it")
}
