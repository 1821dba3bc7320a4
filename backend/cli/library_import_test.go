package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLibraryImportExitCodesAndTerminalSafety: nothing importable is exit 1 with the reason
// whatever the file, a partly bad file is exit 0 with the bad record named, and titles
// with terminal escapes are printed without them.
func TestLibraryImportExitCodesAndTerminalSafety(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	for _, tc := range []struct{ file, body, reason string }{
		{"empty.ris", "", "no records were found"},
		{"empty.txt", "", "no file could be read"},
		{"items.json", `{"items":5,"title":[]}`, "1 record has no title and no identifier"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			code, _, stderr := runCLI(t, "library", "import", write(tc.file, tc.body))
			require.Equal(t, 1, code, stderr)
			require.Contains(t, stderr, "nothing was imported: "+tc.reason)
		})
	}

	// A file that cannot be opened has its error line, not a count of records in no format.
	code, _, stderr := runCLI(t, "library", "import", filepath.Join(dir, "missing.ris"))
	require.Equal(t, 1, code, stderr)
	require.Contains(t, stderr, "cannot open missing.ris")
	require.NotContains(t, stderr, "0 records ()")

	hostile := write("hostile.ris", "TY  - JOUR\nTI  - Evil \x1b]0;pwned\x07 title \x1b[2J here\nER  - \n"+
		"TY  - JOUR\nTI  - Unterminated\n")
	code, stdout, stderr := runCLI(t, "library", "import", hostile)
	require.Equal(t, 1, code, stderr) // one record was bad: exit 1, the good one kept
	require.Contains(t, stdout, "imported 1")
	require.Contains(t, stderr, "record 2: record not terminated by ER")

	code, _, stderr = runCLI(t, "library", "search", "zebrafish")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, `no library record matches "zebrafish"`)
	for _, args := range [][]string{{"library", "list"}, {"library", "search", "evil"}} {
		code, stdout, stderr = runCLI(t, args...)
		require.Equal(t, 0, code, stderr)
		require.Contains(t, stdout, "Evil ]0;pwned title [2J here")
		require.False(t, strings.ContainsAny(stdout+stderr, "\x1b\x07"), "no terminal escape reaches the terminal: %q", stdout)
	}
}

func TestHistoryPrintsQuestionsWithoutTerminalEscapes(t *testing.T) {
	run := storeCompletedRun(t, isolate(t), "Metformin \x1b]0;pwned\x07for\x1b[2J dementia\u202e?", "source title \x1b[31mred\x1b[0m")
	for _, args := range [][]string{{"history", "list"}, {"history", "search", "metformin"}, {"history", "show", run.ID}} {
		code, stdout, stderr := runCLI(t, args...)
		require.Equal(t, exitOK, code, stderr)
		require.Contains(t, stdout, "Metformin ]0;pwnedfor[2J dementia ?", strings.Join(args, " "))
		require.False(t, strings.ContainsAny(stdout+stderr, "\x1b\x07\u202e"), "%s printed a terminal control: %q", strings.Join(args, " "), stdout)
	}
}

// TestLibraryImportPDFs: PDFs and a reference file in one import; the PDF is listed with
// its pages and found by search; a bad PDF is named with its reason and the rest imported,
// and the import exits 1 so a script sees that part of it did not arrive.
func TestLibraryImportPDFs(t *testing.T) {
	isolate(t)
	pdfs := filepath.Join("..", "pdftext", "testdata")
	ris := filepath.Join(t.TempDir(), "refs.ris")
	require.NoError(t, os.WriteFile(ris, []byte("TY  - JOUR\nTI  - Exercise and dementia\nDO  - 10.1000/ex\nER  - \n"), 0o644))
	code, stdout, stderr := runCLI(t, "library", "import", filepath.Join(pdfs, "lithium-2col.pdf"), ris, filepath.Join(pdfs, "encrypted.pdf"))
	require.Equal(t, 1, code, stderr)
	require.Contains(t, stderr, "1 file or record could not be imported (listed above); the rest was imported")
	require.Contains(t, stdout, "imported 2, updated 0, skipped 0, errors 1")
	require.Contains(t, stdout, "lithium-2col.pdf: 5 pages, ")
	require.Contains(t, stdout, "sections: new library record 1 (doi:10.1186/1756-0500-7-731)")
	require.Contains(t, stderr, "encrypted.pdf: encrypted.pdf is encrypted with a password")

	code, stdout, stderr = runCLI(t, "library", "list")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "doi 10.1186/1756-0500-7-731, PDF 5 pages")
	code, stdout, stderr = runCLI(t, "library", "search", "lithium")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "PDF 5 pages")
	code, stdout, stderr = runCLI(t, "library", "search", "independent adjudicating committee")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "PDF 5 pages, found in its full text")

	code, stdout, stderr = runCLI(t, "library", "import", filepath.Join(pdfs, "lithium-2col.pdf"))
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "lithium-2col.pdf: 5 pages, ")
	require.Contains(t, stdout, "sections: joined library record 1 (doi:10.1186/1756-0500-7-731)")

	code, _, stderr = runCLI(t, "library", "import", filepath.Join(pdfs, "scanned.pdf"))
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "nothing was imported: no file could be read; 1 error (first: scanned.pdf: scanned.pdf has no text layer")
}
