package citeformat

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// exportSet is a mix of what a report cites: a MEDLINE paper with a structured abstract
// and a collective author, a trial registration, a web page, and a title full of the
// characters each format has to escape.
func exportSet(t *testing.T) []domain.Evidence {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "basic.nbib"))
	require.NoError(t, err)
	defer f.Close()
	evs, errs := Read(f, FormatMEDLINE)
	require.Empty(t, errs)
	evs = append(evs,
		domain.Evidence{
			Content: "A phase 2 study of lecanemab in early Alzheimer's disease.",
			Citation: domain.Citation{
				Source: domain.SourceClinicalTrials, ID: "NCT01234567", NCTID: "NCT01234567",
				Title: "A Study of Lecanemab", URL: "https://clinicaltrials.gov/study/NCT01234567",
				Date: "2021-03", Authors: []string{"Eisai Inc."},
			},
		},
		domain.Evidence{
			Content:  "Blog post.",
			Citation: domain.Citation{Source: domain.SourceWeb, Title: "Repurposing drugs: a primer", URL: "https://example.org/primer?a=1&b=2", Date: "2024-01-05"},
		},
		domain.Evidence{
			Content: "Abstract with 50% & {braces} and a\nsecond line.",
			Citation: domain.Citation{
				Source: domain.SourcePubMed, PMID: "30000009", DOI: "10.1000/x_y%z",
				Title:   `Effects of A & B on 50% of {cases}: x_y ~ z^2 \ #1 $5 — “quoted” Ünïcode`,
				Authors: []string{"Ørsted, Hans Christian", "O'Brien, Mary-Kate", "de la Cruz, Juan", "Smith, John and Sons"},
				Journal: "J. Test & Trials", Date: "1999-12-31", Volume: "1", Issue: "2", Pages: "10-20",
				Keywords: []string{"a, b", "c"},
			},
		},
		domain.Evidence{Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "30000010", Title: "Same first author and year", Authors: []string{"Smith, John A"}, Date: "2019"}},
	)
	return evs
}

func TestRoundTrip(t *testing.T) {
	writers := []struct {
		format Format
		write  func(io.Writer, []domain.Evidence) error
	}{
		{FormatRIS, WriteRIS},
		{FormatBibTeX, WriteBibTeX},
		{FormatCSLJSON, WriteCSLJSON},
	}
	src := exportSet(t)
	for _, w := range writers {
		t.Run(string(w.format), func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, w.write(&buf, src))
			goldenText(t, "export.golden."+map[Format]string{FormatRIS: "ris", FormatBibTeX: "bib", FormatCSLJSON: "json"}[w.format], buf.String())

			f, err := Detect("export."+map[Format]string{FormatRIS: "ris", FormatBibTeX: "bib", FormatCSLJSON: "json"}[w.format], buf.Bytes())
			require.NoError(t, err)
			require.Equal(t, w.format, f)
			got, errs := Read(bytes.NewReader(buf.Bytes()), w.format)
			require.Empty(t, errs)
			require.Len(t, got, len(src))
			for i := range src {
				want, have := src[i].Citation, got[i].Citation
				require.Equal(t, cleanSpace(want.Title), have.Title, "record %d", i)
				require.Equal(t, cleanDOI(want.DOI), have.DOI, "record %d", i)
				require.Equal(t, want.PMID, have.PMID, "record %d", i)
				require.Equal(t, want.PMCID, have.PMCID, "record %d", i)
				require.Equal(t, want.NCTID, have.NCTID, "record %d", i)
				require.Equal(t, canonicalAuthors(want.Authors), have.Authors, "record %d", i)
				require.Equal(t, want.Year(), have.Year(), "record %d", i)
				require.Equal(t, src[i].CanonicalKey(), got[i].CanonicalKey(), "record %d", i)
				if want.Journal != "" {
					require.Equal(t, want.Journal, have.Journal, "record %d", i)
				}
			}
			// The structured abstract keeps its sections.
			require.Equal(t, src[0].Citation.Sections, got[0].Citation.Sections)
			require.Equal(t, src[0].Citation.PublicationTypes, got[0].Citation.PublicationTypes)
		})
	}
}

func TestBibTeXKeysUniqueASCII(t *testing.T) {
	var buf bytes.Buffer
	src := exportSet(t)
	src = append(src, src...)
	require.NoError(t, WriteBibTeX(&buf, src))
	seen := map[string]bool{}
	for _, line := range strings.Split(buf.String(), "\n") {
		if !strings.HasPrefix(line, "@") {
			continue
		}
		key := line[strings.Index(line, "{")+1 : len(line)-1]
		require.False(t, seen[key], "duplicate key %q", key)
		seen[key] = true
		for _, r := range key {
			require.True(t, r < 128 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'), "key %q", key)
		}
	}
	require.Len(t, seen, len(src))
}

func TestCSLJSONShape(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteCSLJSON(&buf, exportSet(t)))
	var items []map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &items))
	require.Equal(t, "article-journal", items[0]["type"])
	require.Equal(t, []any{[]any{2019.0, 4.0, 15.0}}, items[0]["issued"].(map[string]any)["date-parts"])
	require.Equal(t, map[string]any{"family": "Smith", "given": "John A"}, items[0]["author"].([]any)[0])
	require.Equal(t, map[string]any{"literal": "Alzheimer's Disease Neuroimaging Initiative"}, items[0]["author"].([]any)[2])
	require.Equal(t, "webpage", items[2]["type"])
	require.Equal(t, "31000001", items[0]["PMID"])
}

func TestWriteEmpty(t *testing.T) {
	for name, w := range map[string]func(io.Writer, []domain.Evidence) error{"ris": WriteRIS, "bib": WriteBibTeX, "csl": WriteCSLJSON} {
		var buf bytes.Buffer
		require.NoError(t, w(&buf, nil), name)
		evs, errs := Read(&buf, map[string]Format{"ris": FormatRIS, "bib": FormatBibTeX, "csl": FormatCSLJSON}[name])
		require.Empty(t, evs, name)
		require.Empty(t, errs, name)
	}
}

// canonicalAuthors writes MEDLINE's "Last FM" as "Last, FM", the shape every writer
// exports and every reader returns.
func canonicalAuthors(in []string) []string {
	out := make([]string, 0, len(in))
	for _, a := range in {
		family, given, literal := splitName(a)
		if literal {
			out = append(out, cleanSpace(a))
			continue
		}
		out = append(out, personName(family, given))
	}
	return out
}
