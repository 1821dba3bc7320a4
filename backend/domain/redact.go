package domain

import "regexp"

// urlPassword matches the "user:password@" part of a URL written anywhere in a text: the
// scheme, the user name, then the password up to the last "@" before the host (as url.Parse
// reads it), stopping at whitespace, a quote or the start of the path.
var urlPassword = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.\-]*://[^\s/?#@:"'<>]*):[^\s/?#"'<>]*@`)

// RedactURLs masks the password of every URL in s that carries one ("https://user:xxxxx@host",
// the mask url.URL.Redacted writes) and returns the rest of s as it is. A base URL may hold the
// credentials of a proxy in front of a judge or a source (DEEPCRITICAL_COMPAT_BASE_URL,
// OLLAMA_HOST); the URL is shown in settings, messages, logs, events, reports and the window, and
// every one of them passes it through this one rule so the password is never shown.
func RedactURLs(s string) string {
	return urlPassword.ReplaceAllString(s, "${1}:xxxxx@")
}
