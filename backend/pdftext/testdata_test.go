package pdftext

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The committed test PDFs and how they were typeset (see testdata/README.md for sources and
// licences). TestMakeTestdata re-renders them with DC_MAKE_PDF_TESTDATA=1.
var (
	lithium = article{
		Source:  "006_PMC4210495.txt",
		Running: "Girlanda et al. BMC Research Notes 2014, 7:731",
		Authors: "Francesca Girlanda, Andrea Cipriani, Emilia Agrimi, Maria Grazia Appino, … Corrado Barbui",
		FrontLines: []string{
			"BMC Research Notes 2014, 7:731 · https://doi.org/10.1186/1756-0500-7-731",
			"Open Access: distributed under the terms of the Creative Commons Attribution License",
		},
		Columns: 2,
		// The trial's protocol, cited in the text; its DOI must not be taken for the paper's.
		References: []string{"Cipriani A, Girlanda F, Agrimi E, et al. Effectiveness of lithium in subjects with treatment-resistant " +
			"depression and suicide risk: a protocol for a randomised, independent, pragmatic, multicentre, parallel-group, " +
			"superiority clinical trial. BMC Psychiatry. 2013;13:212. doi:10.1186/1471-244X-13-212"},
	}
	clopidogrel = article{
		Source:  "013_PMC8710519.txt",
		Running: "Schnorbus et al. · Front. Cardiovasc. Med. 8:780605",
		Authors: "Boris Schnorbus, Kerstin Jurk, Karl J. Lackner, Caroline Welk, Thomas Münzel, Tommaso Gori",
		FrontLines: []string{
			"Front. Cardiovasc. Med., 13 December 2021 · doi: 10.3389/fcvm.2021.780605 · PMCID: PMC8710519",
			"Open Access: distributed under the terms of the Creative Commons Attribution License (CC BY)",
		},
		Columns:  1,
		Numbered: true,
	}
)

// TestMakeTestdata renders the committed test PDFs from the shared corpus. It needs
// Chromium and qpdf and runs only when asked: DC_MAKE_PDF_TESTDATA=1 go test ./backend/pdftext -run TestMakeTestdata
func TestMakeTestdata(t *testing.T) {
	if os.Getenv("DC_MAKE_PDF_TESTDATA") != "1" {
		t.Skip("set DC_MAKE_PDF_TESTDATA=1 to re-render testdata/*.pdf")
	}
	tmp := t.TempDir()
	qpdf, err := exec.LookPath("qpdf")
	if err != nil {
		t.Fatal("qpdf is needed to compress and encrypt the test PDFs (apt-get install qpdf)")
	}
	// Small made-up papers, typeset from their HTML in testdata/ in one font so that they
	// stay small: a trial's first page, a commentary citing it, a page whose lines end in
	// hyphens, and a short trial report that cites other work's designs, with a draft of it
	// under the same DOI.
	for _, name := range []string{"trial-front", "commentary", "hyphenation", "trial-context", "trial-context-draft"} {
		page, err := os.ReadFile(filepath.Join("testdata", name+".html"))
		if err != nil {
			t.Fatal(err)
		}
		pdf := renderPDF(t, tmp, name, string(page))
		run(t, qpdf, "--object-streams=generate", "--recompress-flate", "--compression-level=9", pdf, filepath.Join("testdata", name+".pdf"))
	}
	for name, a := range map[string]article{"lithium-2col": lithium, "clopidogrel-1col": clopidogrel} {
		pdf := renderPDF(t, tmp, name, articleHTML(t, a, filepath.Join(sharedDocs(t), a.Source)))
		copyFile(t, pdf, filepath.Join("testdata", name+".pdf"))
	}

	// A scan: the first page of the lithium paper as a picture, printed into a PDF with no
	// text layer.
	page := articleHTML(t, lithium, filepath.Join(sharedDocs(t), lithium.Source))
	src := filepath.Join(tmp, "page.html")
	if err := os.WriteFile(src, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(tmp, "page.jpg")
	run(t, chromium(t), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=620,420",
		"--user-data-dir="+filepath.Join(tmp, "profile"), "--screenshot="+shot, "file://"+src)
	scan := renderPDF(t, tmp, "scanned", `<!doctype html><html><head><style>@page{size:A4;margin:0} img{display:block;width:100%;height:100vh;object-fit:contain}</style></head>`+
		`<body style="margin:0"><img src="page.jpg"></body></html>`)
	copyFile(t, scan, filepath.Join("testdata", "scanned.pdf"))

	// An encrypted copy (AES-256, with a user password) of the one-column paper's first page.
	one := filepath.Join("testdata", "clopidogrel-1col.pdf")
	run(t, qpdf, "--encrypt", "reader-secret", "owner-secret", "256", "--", one, "--pages", one, "1", "--", filepath.Join("testdata", "encrypted.pdf"))
}

func run(t *testing.T, bin string, args ...string) {
	t.Helper()
	if b, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", filepath.Base(bin), err, b)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
