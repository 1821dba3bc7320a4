package report

import (
	"bytes"
	"fmt"
	"testing"
)

// benchRun is a 30-evidence run with realistic abstract lengths.
func benchRun() ExportRun {
	run := sampleExportRun()
	base := run.Evidence[0]
	for i := len(run.Evidence); i < 30; i++ {
		ev := base
		ev.Citation.PMID = fmt.Sprint(40000000 + i)
		ev.Citation.Title = fmt.Sprintf("Metformin cohort %d and cognitive decline", i)
		for len(ev.Content) < 2000 {
			ev.Content += " Metformin use was associated with slower cognitive decline in adults with type 2 diabetes over four years of follow-up."
		}
		run.Evidence = append(run.Evidence, ev)
	}
	return run
}

// BenchmarkBuild measures building the structured report and its Markdown (grounding index
// included) for 30 pieces of evidence.
func BenchmarkBuild(b *testing.B) {
	in := InputFromExport(benchRun())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = Build(in)
	}
}

// BenchmarkExportHTML measures the self-contained HTML export for 30 pieces of evidence.
func BenchmarkExportHTML(b *testing.B) {
	run := benchRun()
	var buf bytes.Buffer
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := Export(run, "html", &buf); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}
