// Package testnet holds the two network faults the HTTP edges' tests provoke the same way:
// a local port nothing listens on (connection refused) and a server that never answers
// (timeouts, cancelled contexts). Tests only.
package testnet

import (
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// ClosedAddr returns host:port of a loopback port that was just free and is closed again,
// so a request to it is refused at once.
func ClosedAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatalf("close listener: %v", err)
	}
	return addr
}

// Hanging starts a server that accepts every request and answers nothing until the
// request ends (the client gives up or its context is done). It is closed when the test
// ends, after the handlers still waiting are released.
func Hanging(t testing.TB) *httptest.Server {
	t.Helper()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	return srv
}
