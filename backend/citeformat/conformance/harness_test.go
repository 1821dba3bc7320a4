package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"deepcritical/backend/citeformat"
	"deepcritical/backend/domain"
	"deepcritical/backend/report"
	"deepcritical/internal/sharedtest"
)

// record is one reference as a parser understood it (or as it was exported), reduced to
// the fields DeepCritical writes in every citation format.
type record struct {
	// Year is the publication date as far as it is known: "2000", "2000-02" or
	// "2000-02-05" (the name is kept from when only the year was compared).
	Title, Journal, Year, Volume, Issue, Pages, ISSN string
	DOI, PMID, PMCID, NCTID, URL, Abstract           string
	Authors                                          []citeformat.Name
}

// loadRun reads the fixture run.
func loadRun(t *testing.T) report.ExportRun {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "run.json"))
	if err != nil {
		t.Fatal(err)
	}
	var run report.ExportRun
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&run); err != nil {
		t.Fatalf("testdata/run.json: %v", err)
	}
	return run
}

// expected is what every parser must read back for ev: the fields as exported, with page
// ranges expanded, URLs limited to http(s), and the journal only for journal articles.
func expected(ev domain.Evidence) record {
	c := ev.Citation
	r := record{
		Title: clean(c.Title), Year: c.Date, Volume: c.Volume, Issue: c.Issue,
		Pages: citeformat.ExpandPages(c.Pages), ISSN: c.ISSN, DOI: c.DOI, PMID: c.PMID, PMCID: c.PMCID,
		NCTID: c.NCTID, URL: citeformat.SafeURL(c.URL), Abstract: clean(ev.Content),
	}
	if c.Journal != "" && c.Source != domain.SourceClinicalTrials {
		r.Journal = clean(c.Journal)
	}
	for _, a := range c.Authors {
		r.Authors = append(r.Authors, citeformat.ParseName(a))
	}
	return r
}

// clean normalises what no format is expected to keep: Unicode composition, runs of white
// space, en dashes in page ranges.
func clean(s string) string {
	return strings.Join(strings.Fields(norm.NFC.String(s)), " ")
}

// mismatch is one lost or mangled field.
type mismatch struct {
	Record int
	Field  string
	Want   string
	Got    string
}

func (m mismatch) String() string {
	return fmt.Sprintf("record %d %s: want %q, got %q", m.Record, m.Field, m.Want, m.Got)
}

// compare returns every field of want that got lost or mangled in got, and how many
// fields were checked.
func compare(rec int, want, got record) (checked int, bad []mismatch) {
	field := func(name, w, g string, eq func(a, b string) bool) {
		if w == "" {
			if name == "url" && g != "" && !strings.HasPrefix(strings.ToLower(g), "http") {
				bad = append(bad, mismatch{rec, name, "(no non-http URL)", g})
			}
			return
		}
		checked++
		if !eq(w, g) {
			bad = append(bad, mismatch{rec, name, w, g})
		}
	}
	// Pandoc's citeproc prints an apostrophe as the typographic one (O'Brien → O’Brien);
	// that is typesetting, not a changed name, so the two count as the same character.
	apos := strings.NewReplacer("’", "'")
	exact := func(a, b string) bool { return apos.Replace(clean(a)) == apos.Replace(clean(b)) }
	pages := func(a, b string) bool {
		r := strings.NewReplacer("–", "-", "—", "-", "--", "-")
		return r.Replace(clean(a)) == r.Replace(clean(b))
	}
	field("title", want.Title, got.Title, exact)
	field("journal", want.Journal, got.Journal, exact)
	field("date", want.Year, got.Year, exact)
	field("volume", want.Volume, got.Volume, exact)
	field("issue", want.Issue, got.Issue, exact)
	field("pages", want.Pages, got.Pages, pages)
	field("issn", want.ISSN, got.ISSN, exact)
	field("doi", want.DOI, got.DOI, exact)
	field("pmid", want.PMID, got.PMID, exact)
	field("pmcid", want.PMCID, got.PMCID, exact)
	field("nct_id", want.NCTID, got.NCTID, exact)
	field("url", want.URL, got.URL, exact)
	field("abstract", want.Abstract, got.Abstract, exact)
	for i, w := range want.Authors {
		name := fmt.Sprintf("author %d", i+1)
		checked++
		if i >= len(got.Authors) {
			bad = append(bad, mismatch{rec, name, w.String(), "(missing)"})
			continue
		}
		if !sameName(w, got.Authors[i]) {
			bad = append(bad, mismatch{rec, name, fmtName(w), fmtName(got.Authors[i])})
		}
	}
	if len(got.Authors) > len(want.Authors) {
		checked++
		bad = append(bad, mismatch{rec, "authors", strconv.Itoa(len(want.Authors)) + " names", strconv.Itoa(len(got.Authors)) + " names"})
	}
	return checked, bad
}

func fmtName(n citeformat.Name) string {
	if n.Literal != "" {
		return "literal{" + n.Literal + "}"
	}
	return fmt.Sprintf("family{%s} given{%s} suffix{%s}", n.Family, n.Given, n.Suffix)
}

// sameName compares two names the way a citation style uses them: the family name and
// suffix exactly (a suffix's full stop aside), the given names letter for letter (the
// full stop BibTeX needs after an initial aside), an organisation as one literal — a
// parser that gives it as a family name without given names keeps it whole too.
func sameName(want, got citeformat.Name) bool {
	if want.Literal != "" {
		lit := got.Literal
		if lit == "" && got.Given == "" && got.Suffix == "" {
			lit = got.Family
		}
		return clean(lit) == clean(want.Literal)
	}
	letters := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '\'' || r == '’' {
				return r
			}
			if r == ' ' {
				return ' '
			}
			return -1
		}, norm.NFC.String(s))
	}
	apos := strings.NewReplacer("’", "'")
	return apos.Replace(clean(got.Family)) == apos.Replace(clean(want.Family)) &&
		clean(letters(got.Given)) == clean(letters(want.Given)) &&
		strings.TrimSuffix(clean(got.Suffix), ".") == strings.TrimSuffix(clean(want.Suffix), ".")
}

// Identifiers a parser may keep only in a note line (or an archive field) are found there.
var (
	notePMID  = regexp.MustCompile(`PMID:\s*(\d+)`)
	notePMCID = regexp.MustCompile(`PMCID:\s*(PMC\d+)`)
	noteNCT   = regexp.MustCompile(`\bNCT\d{8}\b`)
)

func fromNotes(r *record, notes ...string) {
	all := strings.Join(notes, "\n")
	if r.PMID == "" {
		if m := notePMID.FindStringSubmatch(all); m != nil {
			r.PMID = m[1]
		}
	}
	if r.PMCID == "" {
		if m := notePMCID.FindStringSubmatch(all); m != nil {
			r.PMCID = m[1]
		}
	}
	if r.NCTID == "" {
		r.NCTID = noteNCT.FindString(all)
	}
}

// tool runs a parser and returns its stdout; a missing tool skips the test, or fails it
// when CI=true, where every parser must be installed.
func tool(t *testing.T, dir string, name string, args ...string) (stdout, stderr string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		missing(t, name)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, errb.String())
	}
	return out.String(), errb.String()
}

func missing(t *testing.T, what string) {
	t.Helper()
	if sharedtest.InCI() {
		t.Fatalf("%s is not installed; the export conformance suite needs it (run `make setup`)", what)
	}
	t.Skipf("%s is not installed; skipping (run `make setup`; with CI=true this fails)", what)
}

// nodeParser runs tools/conformance/parse.mjs with the pinned npm parsers.
func nodeParser(t *testing.T, mode, file string) []byte {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("..", "..", "..", "tools", "conformance", "parse.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	mods := filepath.Join(filepath.Dir(filepath.Dir(script)), "node_modules")
	if _, err := os.Stat(filepath.Join(mods, "@citation-js", "core")); err != nil {
		missing(t, "tools/node_modules (citation-js, @retorquere/bibtex-parser)")
	}
	out, _ := tool(t, filepath.Dir(file), "node", script, mode, file)
	return []byte(out)
}
