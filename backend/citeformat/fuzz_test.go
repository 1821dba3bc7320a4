package citeformat

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"deepcritical/backend/domain"
	"deepcritical/internal/sharedtest"
)

// seedFuzz adds the testdata files with the given extensions, and any extra files, to
// the corpus.
func seedFuzz(f *testing.F, exts []string, extra ...string) {
	for _, ext := range exts {
		matches, _ := filepath.Glob(filepath.Join("testdata", "*"+ext))
		for _, m := range matches {
			if b, err := os.ReadFile(m); err == nil {
				f.Add(b)
			}
		}
	}
	for _, p := range extra {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
}

// sharedFile returns the path of a shared data file or "" when it is absent, so fuzz
// seeding never skips the whole fuzz test.
func sharedFile(t testing.TB, parts ...string) string {
	if !sharedtest.Exists(t, parts...) {
		return ""
	}
	return filepath.Join(append([]string{sharedtest.Dir(t)}, parts...)...)
}

// checkFuzzResult asserts what must hold for any input: no panic (implicit), record
// positions in range and increasing, and every evidence item marked as library.
func checkFuzzResult(t *testing.T, evs []domain.Evidence, errs []RecordError) {
	last := 0
	for _, e := range errs {
		if e.Record < 0 {
			t.Fatalf("negative record position %d", e.Record)
		}
		if e.Record != 0 && e.Record <= last {
			t.Fatalf("record positions not increasing: %d after %d", e.Record, last)
		}
		if e.Record != 0 {
			last = e.Record
		}
		if e.Err == nil {
			t.Fatal("record error without an error")
		}
	}
	for _, ev := range evs {
		if ev.Citation.Source != domain.SourceLibrary {
			t.Fatalf("source %q", ev.Citation.Source)
		}
	}
}

func FuzzReadMEDLINE(f *testing.F) {
	seedFuzz(f, []string{".nbib"}, sharedFile(f, "data", "medline_sample", "sample100.medline.txt"))
	f.Add([]byte("PMID- 1\n      continuation\nXX\n\n\n  \nAB  -\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		evs, errs := Read(bytes.NewReader(data), FormatMEDLINE)
		checkFuzzResult(t, evs, errs)
	})
}

func FuzzReadRIS(f *testing.F) {
	seedFuzz(f, []string{".ris", ".golden.ris"})
	f.Add([]byte("TY  - JOUR\r\nER  -\r\nER  - \nAU  - x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		evs, errs := Read(bytes.NewReader(data), FormatRIS)
		checkFuzzResult(t, evs, errs)
	})
}

func FuzzReadBibTeX(f *testing.F) {
	seedFuzz(f, []string{".bib"})
	f.Add([]byte(`@article{k, author = {\"{}} and {, title = "\'" # x # {\c}}`))
	f.Add([]byte(`@string(x = "a" # {b}) @comment{ @article{y, title = x}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		evs, errs := Read(bytes.NewReader(data), FormatBibTeX)
		checkFuzzResult(t, evs, errs)
	})
}

func FuzzReadCSLJSON(f *testing.F) {
	seedFuzz(f, []string{".json"})
	f.Fuzz(func(t *testing.T, data []byte) {
		evs, errs := Read(bytes.NewReader(data), FormatCSLJSON)
		checkFuzzResult(t, evs, errs)
	})
}
