package main

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/zotero"
	zoterofake "deepcritical/internal/fakes/zotero"
)

// TestZoteroUnderPrefix: the fake Zotero answers the real client under /zotero (the address
// scripts/e2e.sh gives the app as DEEPCRITICAL_ZOTERO_URL) and reports what it received.
func TestZoteroUnderPrefix(t *testing.T) {
	z := zoterofake.New(zoterofake.DefaultSeed())
	z.LocalAPIEnabled = true
	srv := httptest.NewServer(newServer(&fixtures{}, options{zotero: z}))
	defer srv.Close()
	cl, err := zotero.New(srv.URL+"/zotero", nil, zotero.Timeouts{})
	require.NoError(t, err)
	info, err := cl.Ping(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 3, info.ConnectorAPI)
	cols, err := cl.Collections(context.Background())
	require.NoError(t, err)
	assert.Len(t, cols, 4)
	assert.Len(t, z.Received(), 2)
	assert.Equal(t, "/connector/ping", z.Received()[0].Path, "the prefix is not Zotero's")
}
