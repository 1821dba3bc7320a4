package zotero

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// raw sends one hand-written HTTP/1.0 request, as a misbehaving client might, and returns the
// status line's code and the body ("" and ok=false when the connection closed unanswered).
func raw(t *testing.T, addr, req string) (int, string, bool) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	_, err = io.WriteString(conn, req)
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0, "", false
	}
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), true
}

func post(path, headers, body string) string {
	return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + headers +
		"Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}

// TestServerRules: the rules server.js applies to every request, before any endpoint.
func TestServerRules(t *testing.T) {
	z := New(DefaultSeed())
	srv := httptest.NewServer(z)
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	json := "Content-Type: application/json\r\n"
	cases := []struct {
		name, req string
		status    int
		body      string
		dropped   bool
	}{
		{"host of another machine", "GET /connector/ping HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", 400, "Invalid Host header\n", false},
		{"unknown endpoint", "GET /connector/nothing HTTP/1.1\r\nHost: localhost:23119\r\nConnection: close\r\n\r\n", 404, "No endpoint found\n", false},
		{"GET of a POST endpoint", "GET /connector/saveItems HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 400, "Endpoint does not support method\n", false},
		{"POST without Content-Length", "POST /connector/saveItems HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", 400, "Content-length not provided\n", false},
		{"wrong content type", post("/connector/saveItems", "Content-Type: text/plain\r\n", "{}"), 400, "Endpoint does not support content-type\n", false},
		{"bad JSON", post("/connector/saveItems", json, "{items:"), 400, "Invalid JSON provided\n", false},
		{"no content type: data is null", post("/connector/saveItems", "", "{}"), 500, "", false},
		{"web page request", post("/connector/getSelectedCollection", json+"Origin: https://evil.example\r\n", "{}"), 0, "", true},
		{"browser user agent", post("/connector/getSelectedCollection", json+"User-Agent: Mozilla/5.0\r\n", "{}"), 0, "", true},
		{"browser with the connector header", post("/connector/getSelectedCollection", json+"User-Agent: Mozilla/5.0\r\nX-Zotero-Connector-API-Version: 3\r\n", "{}"), 200, "", false},
		{"ping navigated to by a browser", "GET /connector/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: Mozilla/5.0\r\nSec-Fetch-Mode: navigate\r\nConnection: close\r\n\r\n", 200, "<!DOCTYPE html><html><body>Zotero is running</body></html>", false},
		{"old connector names its version", post("/connector/saveItems", json+"X-Zotero-Connector-API-Version: 2\r\n", `{"items":[]}`), 400, `{"error":"CONNECTOR_VERSION_OUTDATED"}`, false},
		{"updateSession without a session", post("/connector/updateSession", json, `{"target":"L1"}`), 400, `{"error":"SESSION_ID_NOT_PROVIDED"}`, false},
		{"updateSession of an unknown session", post("/connector/updateSession", json, `{"sessionID":"nope","target":"L1"}`), 400, `{"error":"SESSION_NOT_FOUND"}`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, body, ok := raw(t, addr, tc.req)
			if tc.dropped {
				assert.False(t, ok, "Zotero closes the connection without answering a web page")
				return
			}
			require.True(t, ok)
			assert.Equal(t, tc.status, status)
			if tc.body != "" {
				assert.Equal(t, tc.body, body)
			}
		})
	}
}

// TestSessionRules: a session ID is used once, even when its save failed; one bad item saves
// none; items without an "id" are one item to the session.
func TestSessionRules(t *testing.T) {
	z := New(DefaultSeed())
	srv := httptest.NewServer(z)
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	json := "Content-Type: application/json\r\n"
	before := len(z.Items())

	status, _, _ := raw(t, addr, post("/connector/saveItems", json, `{"sessionID":"s1","items":[{"itemType":"journalArticle","title":"ok","id":"a"},{"itemType":"spaceship","id":"b"}]}`))
	assert.Equal(t, 500, status)
	assert.Len(t, z.Items(), before, "one unknown item type: the transaction saves nothing")
	status, body, _ := raw(t, addr, post("/connector/saveItems", json, `{"sessionID":"s1","items":[]}`))
	assert.Equal(t, 409, status)
	assert.Equal(t, `{"error":"SESSION_EXISTS"}`, body)

	status, _, _ = raw(t, addr, post("/connector/saveItems", json, `{"sessionID":"s2","items":[{"itemType":"journalArticle","creators":[{"firstName":"A","name":"B"}]}]}`))
	assert.Equal(t, 500, status, "a creator with both name and firstName")

	status, _, _ = raw(t, addr, post("/connector/saveItems", json, `{"sessionID":"s3","items":[
		{"itemType":"journalArticle","title":"one","DOI":"10.1/x","websiteTitle":"dropped","tags":["t1"],"notes":[{"note":"<p>n</p>"}]},
		{"itemType":"webpage","title":"two","DOI":"10.1/y"}]}`))
	assert.Equal(t, 201, status)
	items := z.Items()[before:]
	require.Len(t, items, 3)
	assert.Equal(t, "10.1/x", items[0].Data["DOI"])
	assert.Nil(t, items[0].Data["websiteTitle"], "a field the type lacks is dropped")
	assert.Nil(t, items[2].Data["DOI"], "a web page has no DOI field")
	assert.Equal(t, []any{map[string]any{"tag": "t1", "type": float64(1)}}, items[0].Data["tags"], "saveItems tags are automatic tags")
	assert.Equal(t, items[0].Data["key"], items[1].Data["parentItem"])

	status, body, _ = raw(t, addr, post("/connector/updateSession", json, `{"sessionID":"s3","target":"C99"}`))
	assert.Equal(t, 400, status)
	assert.Equal(t, `{"error":"COLLECTION_NOT_FOUND"}`, body)
	status, _, _ = raw(t, addr, post("/connector/updateSession", json, `{"sessionID":"s3","target":"C11","tags":"a,b"}`))
	assert.Equal(t, 200, status)
	items = z.Items()[before:]
	moved := 0
	for _, it := range items {
		if c, ok := it.Data["collections"].([]any); ok && len(c) == 1 && c[0] == "RVW2222A" {
			moved++
		}
	}
	// Neither item had an "id": the session knows them as one, "undefined", the last saved.
	assert.Equal(t, 1, moved)

	z.SetLibraryEditable(1, false)
	status, body, _ = raw(t, addr, post("/connector/saveItems", json, `{"sessionID":"s4","items":[{"itemType":"book","title":"x"}]}`))
	assert.Equal(t, 500, status)
	assert.Equal(t, `{"libraryEditable":false}`, body)
}

func TestLocalAPIRules(t *testing.T) {
	z := New(DefaultSeed())
	srv := httptest.NewServer(z)
	defer srv.Close()
	get := func(path string, header ...string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	resp, body := get("/api/users/0/items")
	assert.Equal(t, 403, resp.StatusCode)
	assert.Equal(t, "Local API is not enabled", body)

	z.Lock()
	z.LocalAPIEnabled = true
	z.Unlock()
	resp, body = get("/api/users/0/items", "Zotero-API-Version", "2")
	assert.Equal(t, 501, resp.StatusCode)
	assert.Equal(t, "API version not implemented: 2", body)
	resp, body = get("/api/users/12345/items")
	assert.Equal(t, 400, resp.StatusCode)
	assert.Equal(t, "Only data for the logged-in user is available locally -- use userID 0", body)
	resp, body = get("/api/users/0/fulltext")
	assert.Equal(t, 400, resp.StatusCode)
	assert.Equal(t, "Invalid 'since' value 'null'", body)
	resp, body = get("/api/users/0/items?sort=colour")
	assert.Equal(t, 400, resp.StatusCode)
	assert.Equal(t, "Invalid 'sort' value 'colour'", body)

	resp, _ = get("/api/users/0/items?limit=2&start=2")
	assert.Equal(t, "6", resp.Header.Get("Total-Results"), "every item but the trashed one, children included")
	assert.Contains(t, resp.Header.Get("Link"), `rel="first"`)
	assert.Contains(t, resp.Header.Get("Link"), `start=4>; rel="next"`)
	assert.Equal(t, "3", resp.Header.Get("Zotero-API-Version"))

	resp, body = get("/api/users/0/items/PDF22222/fulltext")
	assert.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, body, `"content": "Intensive blood-glucose control`)
	resp, _ = get("/api/users/0/items/DPP22222/fulltext")
	assert.Equal(t, 404, resp.StatusCode, "a regular item has no full text of its own")
	resp, body = get("/api/users/0/items/DPP22222/children?format=keys")
	assert.Equal(t, 200, resp.StatusCode)
	assert.ElementsMatch(t, []string{"PDF22222", "NTE22222"}, strings.Split(body, "\n"))
}
