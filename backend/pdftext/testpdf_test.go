package pdftext

import (
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"deepcritical/internal/sharedtest"
)

// The test PDFs are real open-access trial reports typeset the way journals print them and
// rendered by headless Chromium, so their text layer is what a browser or a typesetter
// writes: subset CID fonts, glyph-by-glyph positioning, hyphenation at line ends, running
// heads and footers, two columns. The small ones are kept in testdata/ (see its README);
// the large ones for the benchmarks are rendered when the benchmark runs.

// article describes how one source text is typeset.
type article struct {
	Source     string   // a text file: title on the first line, "## " and "### " headings
	Running    string   // the running head printed on every page
	FrontLines []string // lines under the authors (journal, DOI, PMCID) as printed
	Authors    string
	Columns    int
	Numbered   bool     // number the headings ("2 Methods", "2.1 Design")
	References []string // a reference list to print at the end
	MaxPages   int      // stop after this many articles when repeating (0: one article)
}

// sharedDocs is where the shared test corpus keeps its full-text trial reports.
func sharedDocs(t testing.TB) string {
	return sharedtest.Path(t, "data", "spirit_consort_tm", "documents")
}

var longWord = regexp.MustCompile(`\b[a-z]{10,}\b`)

// hyphenate offers a break in the middle of long words (a soft hyphen), as a typesetter's
// hyphenation would, so lines end in "ran-" / "domised" as in print.
func hyphenate(s string) string {
	return longWord.ReplaceAllStringFunc(s, func(w string) string { return w[:5] + "&shy;" + w[5:] })
}

const pageCSS = `@page { size: A4; margin: 20mm 16mm 18mm 16mm;
  @top-left { content: %q; font: 8pt "DejaVu Sans"; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt "DejaVu Sans"; } }
body { font: 9.5pt/1.35 "DejaVu Serif"; }
h1 { font: bold 17pt/1.2 "DejaVu Sans"; margin: 0 0 6pt; }
.meta { font: 8.5pt "DejaVu Sans"; margin-bottom: 4pt; }
.abstract { border-top: 1px solid #000; border-bottom: 1px solid #000; padding: 4pt 0; margin: 8pt 0 10pt; }
.body { column-count: %d; column-gap: 7mm; text-align: justify; }
h2 { font: bold 11pt "DejaVu Sans"; margin: 9pt 0 3pt; break-after: avoid; }
h3 { font: bold 9.5pt "DejaVu Sans"; margin: 6pt 0 2pt; break-after: avoid; }
h4 { font: italic 9.5pt "DejaVu Sans"; margin: 5pt 0 2pt; }
p { margin: 0 0 4pt; }
.refs p { font-size: 8pt; }
`

// articleHTML typesets one or more source texts as a journal article page.
func articleHTML(t testing.TB, a article, sources ...string) string {
	t.Helper()
	var h strings.Builder
	fmt.Fprintf(&h, "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>%%TITLE%%</title><style>%s</style></head><body>\n",
		fmt.Sprintf(pageCSS, a.Running, max(1, a.Columns)))
	var firstTitle string
	for n, src := range sources {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Skipf("the shared test corpus is not here (%v)", err)
		}
		lines := strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
		title := strings.TrimSpace(lines[0])
		if n == 0 {
			firstTitle = title
		} else {
			h.WriteString("<div style=\"break-before: page\"></div>\n")
		}
		fmt.Fprintf(&h, "<h1>%s</h1>\n", html.EscapeString(title))
		if a.Authors != "" {
			fmt.Fprintf(&h, "<div class=meta>%s</div>\n", html.EscapeString(a.Authors))
		}
		for _, fl := range a.FrontLines {
			fmt.Fprintf(&h, "<div class=meta>%s</div>\n", html.EscapeString(fl))
		}
		inAbstract, inBody, skip := false, false, false
		sec, sub := 0, 0
		for _, l := range lines[1:] {
			l = strings.TrimSpace(l)
			if l == "" {
				continue
			}
			switch {
			case strings.HasPrefix(l, "## "):
				name := strings.TrimPrefix(l, "## ")
				// Contact details (obfuscated e-mail addresses) are not part of a printed paper.
				skip = name == "Contributor Information"
				if skip {
					continue
				}
				if inAbstract {
					h.WriteString("</div>\n")
					inAbstract = false
				}
				if name == "Abstract" {
					h.WriteString("<div class=abstract><h2>Abstract</h2>\n")
					inAbstract = true
					continue
				}
				if !inBody {
					h.WriteString("<div class=body>\n")
					inBody = true
				}
				sec++
				sub = 0
				if a.Numbered {
					name = fmt.Sprintf("%d %s", sec, name)
				}
				fmt.Fprintf(&h, "<h2>%s</h2>\n", html.EscapeString(name))
			case skip:
			case strings.HasPrefix(l, "### "):
				name := strings.TrimPrefix(l, "### ")
				if a.Numbered && !inAbstract {
					sub++
					name = fmt.Sprintf("%d.%d %s", sec, sub, name)
				}
				fmt.Fprintf(&h, "<h3>%s</h3>\n", html.EscapeString(name))
			case strings.HasPrefix(l, "#### "):
				fmt.Fprintf(&h, "<h4>%s</h4>\n", html.EscapeString(strings.TrimPrefix(l, "#### ")))
			default:
				fmt.Fprintf(&h, "<p>%s</p>\n", hyphenate(html.EscapeString(l)))
			}
		}
		if inAbstract {
			h.WriteString("</div>\n")
		}
		if len(a.References) > 0 {
			h.WriteString("<h2>References</h2><div class=refs>\n")
			for i, r := range a.References {
				fmt.Fprintf(&h, "<p>%d. %s</p>\n", i+1, html.EscapeString(r))
			}
			h.WriteString("</div>\n")
		}
		if inBody {
			h.WriteString("</div>\n")
		}
	}
	h.WriteString("</body></html>\n")
	return strings.Replace(h.String(), "%TITLE%", html.EscapeString(firstTitle), 1)
}

// chromium finds a headless Chromium, or skips: setup installs it, but a bare machine may
// not have it.
func chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if sharedtest.InCI() {
		t.Fatal("no chromium on PATH: setup installs it")
	}
	t.Skip("no chromium on PATH to render test PDFs")
	return ""
}

// renderPDF prints an HTML page to a PDF in dir with headless Chromium, without the
// browser's own header and footer (they would print this machine's file path).
func renderPDF(t testing.TB, dir, name, page string) string {
	t.Helper()
	bin := chromium(t)
	src := filepath.Join(dir, name+".html")
	if err := os.WriteFile(src, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, name+".pdf")
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
		"--user-data-dir="+filepath.Join(dir, "chromium-profile"), "--print-to-pdf="+out, "file://"+src)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, b)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatalf("chromium wrote no PDF: %v", err)
	}
	return out
}
