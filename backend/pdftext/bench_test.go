package pdftext

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"deepcritical/internal/cputime"
)

// benchPaper renders the 20-page paper of the benchmarks: the longest report of the shared
// corpus, typeset in two columns like lithium-2col.pdf.
func benchPaper(b *testing.B) string {
	b.Helper()
	a := lithium
	a.Running = "Benchmark paper · 20 pages"
	return renderPDF(b, b.TempDir(), "paper20", articleHTML(b, a, filepath.Join(sharedDocs(b), "037_PMC9007089.txt")))
}

// benchBook renders a PDF of 300 pages and more: the first 48 reports of the shared corpus,
// each starting on a new page.
func benchBook(b *testing.B) string {
	b.Helper()
	files, err := filepath.Glob(filepath.Join(sharedDocs(b), "*.txt"))
	if err != nil || len(files) < 48 {
		b.Skipf("the shared corpus is not here (%d texts)", len(files))
	}
	sort.Strings(files)
	a := lithium
	a.Running = "Benchmark book · 48 trial reports"
	return renderPDF(b, b.TempDir(), "book300", articleHTML(b, a, files[:48]...))
}

// BenchmarkReadPDF measures text extraction with the layout pass (sections, paragraphs,
// identifiers) on a 20-page two-column paper, in pages per second of wall and CPU time.
// The engine is started (and its compiled module cached) before the timer.
func BenchmarkReadPDF(b *testing.B) {
	path := benchPaper(b)
	r := New(Options{CacheDir: filepath.Join(b.TempDir(), "cache")})
	defer r.Close()
	p, err := r.Read(context.Background(), path)
	if err != nil {
		b.Fatal(err)
	}
	pages := p.FullText.Pages
	b.ResetTimer()
	cpu0, t0 := cputime.Used(), time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := r.Read(context.Background(), path); err != nil {
			b.Fatal(err)
		}
	}
	wall, cpu := time.Since(t0), cputime.Used()-cpu0
	b.ReportMetric(float64(pages), "pages")
	b.ReportMetric(float64(pages*b.N)/wall.Seconds(), "pages/s")
	if cpu > 0 {
		b.ReportMetric(float64(pages*b.N)/cpu.Seconds(), "pages/cpu-s")
	}
}

// BenchmarkReadPDFMemory shows that memory stays bounded on a long PDF: the process's peak
// resident set while reading a 300-page PDF, against the same for the 20-page paper. The
// engine loads and releases one page at a time, so the growth is the extracted text
// itself, not the pages' objects. Linux only (it reads and resets VmHWM in /proc).
func BenchmarkReadPDFMemory(b *testing.B) {
	if _, err := os.Stat("/proc/self/clear_refs"); err != nil {
		b.Skip("peak RSS is read from /proc (Linux only)")
	}
	small, big := benchPaper(b), benchBook(b)
	r := New(Options{CacheDir: filepath.Join(b.TempDir(), "cache")})
	defer r.Close()
	// Start the engine first: compiling the module is a one-time peak, not the reading.
	if _, err := r.Read(context.Background(), small); err != nil {
		b.Fatal(err)
	}
	peak := func(path string) (mb float64, pages int, textMB float64) {
		debug.FreeOSMemory()
		resetPeakRSS(b)
		p, err := r.Read(context.Background(), path)
		if err != nil {
			b.Fatal(err)
		}
		return peakRSSMB(b), p.FullText.Pages, float64(len(p.FullText.Text())) / (1 << 20)
	}
	b.ResetTimer()
	var smallMB, bigMB, textMB float64
	var bigPages int
	for i := 0; i < b.N; i++ {
		smallMB, _, _ = peak(small)
		bigMB, bigPages, textMB = peak(big)
	}
	b.ReportMetric(float64(bigPages), "pages")
	b.ReportMetric(smallMB, "peak-rss-MB/20p")
	b.ReportMetric(bigMB, "peak-rss-MB/300p")
	b.ReportMetric(bigMB-smallMB, "rss-growth-MB")
	b.ReportMetric(textMB, "text-MB/300p")
}

// resetPeakRSS sets VmHWM back to the current resident set (writing 5 to clear_refs).
func resetPeakRSS(b *testing.B) {
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0o200); err != nil {
		b.Skipf("cannot reset the peak RSS: %v", err)
	}
}

// peakRSSMB is the process's peak resident set (VmHWM) in MB.
func peakRSSMB(b *testing.B) float64 {
	st, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range strings.Split(string(st), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb / 1024
		}
	}
	b.Fatal("no VmHWM in /proc/self/status")
	return 0
}
