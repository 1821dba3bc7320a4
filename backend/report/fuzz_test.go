package report

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"deepcritical/backend/domain"
)

// allowedTags are the elements the report template itself writes.
var allowedTags = map[string]bool{"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true, "header": true,
	"h1": true, "h2": true, "h3": true, "p": true, "section": true, "span": true, "strong": true, "ol": true, "ul": true, "li": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true, "a": true, "code": true, "footer": true}

// checkHTML tokenizes the export and fails on any element, attribute or link the template
// does not write itself: input text must only ever appear as text.
func checkHTML(t *testing.T, doc string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.CommentToken:
			t.Fatalf("html carries a comment")
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if !allowedTags[tok.Data] {
				t.Fatalf("html carries a <%s> element", tok.Data)
			}
			for _, a := range tok.Attr {
				if strings.HasPrefix(a.Key, "on") {
					t.Fatalf("html carries an event handler %s", a.Key)
				}
				if a.Key == "href" && !strings.HasPrefix(a.Val, "#") && !strings.HasPrefix(a.Val, "https://") && !strings.HasPrefix(a.Val, "http://") {
					t.Fatalf("html carries a link to %q", a.Val)
				}
			}
		}
	}
}

// FuzzExportEscaping feeds hostile evidence titles, content, URLs and judge text through the
// Markdown and HTML renderers: they must never panic, the HTML must never carry markup or
// script from the input, and the Markdown must never let it open raw HTML.
func FuzzExportEscaping(f *testing.F) {
	f.Add(`<script>alert(1)</script>`, `<img src=x onerror=alert(1)>`, "javascript:alert(1)", "[1](javascript:x) **b**")
	f.Add("Metformin | pipes | [2]", "</td></tr><tr><td>", "https://example.org/a b", "ok [3] [1-2]")
	f.Add("\x00\xff\xfe", "{{.X}}", "http://x\" onmouseover=\"alert(1)", "<!-- -->")
	f.Fuzz(func(t *testing.T, title, content, url, reasoning string) {
		ev := []domain.Evidence{{Content: content, Citation: domain.Citation{Source: domain.SourceWeb, Title: title, URL: url}}}
		a := sampleAssessment(domain.JudgeKindOffline)
		a.Reasoning, a.Details.DrugCandidates, a.Details.KeyFindings = reasoning, []string{title}, []string{content}
		run := ExportRun{Run: sampleRun(), Evidence: ev, Assessments: []domain.StoredAssessment{{Iteration: 1, Assessment: a}}}
		r := Build(InputFromExport(run))
		// Every "<" in the Markdown is either backslash-escaped or opens one of our own
		// autolinks to an http(s) reference.
		md := r.Markdown
		for i := strings.IndexByte(md, '<'); i >= 0; i = nextLT(md, i) {
			if (i == 0 || md[i-1] != '\\') && !strings.HasPrefix(md[i:], "<http") {
				t.Fatalf("markdown carries a raw '<' at %d: %q", i, md[max(0, i-20):min(len(md), i+20)])
			}
		}
		var buf bytes.Buffer
		if err := Export(run, "html", &buf); err != nil {
			t.Fatal(err)
		}
		checkHTML(t, buf.String())
	})
}

func nextLT(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '<')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}
