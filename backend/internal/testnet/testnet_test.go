package testnet

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestClosedAddrRefuses(t *testing.T) {
	_, err := http.Get("http://" + ClosedAddr(t) + "/")
	require.ErrorContains(t, err, "refused")
}

func TestHangingAnswersNothing(t *testing.T) {
	srv := Hanging(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	require.NoError(t, err)
	_, err = srv.Client().Do(req)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}
