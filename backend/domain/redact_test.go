package domain

import "testing"

func TestRedactURLs(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain URL unchanged", "http://example.org:8080/v1", "http://example.org:8080/v1"},
		{"user without password unchanged", "https://alice@proxy.lan/v1", "https://alice@proxy.lan/v1"},
		{"password masked", "http://carol:s3cret@10.0.0.2:11434", "http://carol:xxxxx@10.0.0.2:11434"},
		{"password in a sentence", `server not answering at https://dan:hunter2@llm.lab/v1: start it`, `server not answering at https://dan:xxxxx@llm.lab/v1: start it`},
		{"quoted value", `"http://erin:pw@h/v1"`, `"http://erin:xxxxx@h/v1"`},
		{"empty password", "http://frank:@h", "http://frank:xxxxx@h"},
		{"at sign inside the password", "http://gail:p@ss@h:1/x", "http://gail:xxxxx@h:1/x"},
		{"two URLs", "a http://u:one@h1 b https://v:two@h2/p", "a http://u:xxxxx@h1 b https://v:xxxxx@h2/p"},
		{"at in the path is no userinfo", "http://h/a:b@c", "http://h/a:b@c"},
		{"not a URL", "user:pass@host", "user:pass@host"},
	}
	for _, c := range cases {
		if got := RedactURLs(c.in); got != c.want {
			t.Errorf("%s: RedactURLs(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}
