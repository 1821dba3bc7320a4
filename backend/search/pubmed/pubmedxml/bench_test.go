package pubmedxml

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"testing"

	"deepcritical/backend/domain"
	"deepcritical/backend/search/internal/fixture"
	"deepcritical/internal/cputime"
)

var (
	recordRe = regexp.MustCompile(`(?s)<PubmedArticle>.*?</PubmedArticle>`)
	pmidRe   = regexp.MustCompile(`<PMID Version="1">\d+</PMID>`)
)

// articleSet builds a PubmedArticleSet of n records by cycling through the records of the
// recorded efetch fixtures, giving each copy its own PMID.
func articleSet(b *testing.B, n int) []byte {
	b.Helper()
	var records [][]byte
	for _, name := range []string{"biopython_pubmed1.xml", "biopython_pubmed2.xml", "biopython_pubmed4.xml", "biopython_pubmed6.xml"} {
		records = append(records, recordRe.FindAll(fixture.Read(b, "ncbi", name), -1)...)
	}
	var buf bytes.Buffer
	buf.WriteString(`<?xml version="1.0" ?>` + "\n<PubmedArticleSet>\n")
	for i := 0; i < n; i++ {
		rec := records[i%len(records)]
		first := true
		buf.Write(pmidRe.ReplaceAllFunc(rec, func(m []byte) []byte {
			if !first {
				return m
			}
			first = false
			return []byte(fmt.Sprintf(`<PMID Version="1">%d</PMID>`, 40000000+i))
		}))
		buf.WriteByte('\n')
	}
	buf.WriteString("</PubmedArticleSet>\n")
	return buf.Bytes()
}

// BenchmarkParseArticleSet measures single-goroutine parse throughput of efetch XML built
// from the recorded records (about 14 KB each, reference lists included). records/s is
// wall-clock; records/cpu-s divides by the process CPU time instead, which stays meaningful
// when other work shares the machine (GC on other threads counts against it).
func BenchmarkParseArticleSet(b *testing.B) {
	benchmarkParse(b, ParseArticleSet)
}

// BenchmarkParseArticleSetDecoder measures the encoding/xml path alone: what a document
// costs when the fast scanner hands it over (another encoding, an error, a cut-off body).
func BenchmarkParseArticleSetDecoder(b *testing.B) {
	benchmarkParse(b, func(r io.Reader) ([]domain.Evidence, []RecordError, error) { return parseDecoder(r) })
}

func benchmarkParse(b *testing.B, parse func(io.Reader) ([]domain.Evidence, []RecordError, error)) {
	const n = 600
	doc := articleSet(b, n)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	cpu0 := cputime.Used()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ev, recErrs, err := parse(bytes.NewReader(doc))
		if err != nil || len(recErrs) != 0 || len(ev) != n {
			b.Fatalf("parsed %d of %d records, %d record errors, err %v", len(ev), n, len(recErrs), err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "records/s")
	if cpu := cputime.Used() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n*b.N)/cpu.Seconds(), "records/cpu-s")
	}
}
