package pdftext

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestOwnIdentifiers reads a first page's lines as a journal or a commentary prints them:
// the paper's own DOI and PMID are taken, whatever follows them on the next line, and the
// identifiers of the papers it cites are not.
func TestOwnIdentifiers(t *testing.T) {
	methods := []lineSpec{head("Methods", 12, true), body("Adults were randomly assigned to lithium or placebo.")}
	for _, tc := range []struct {
		name      string
		title     string     // "" for a trial's
		lines     []lineSpec // after the title; the Methods section follows
		doi, pmid string
	}{
		{"a DOI ending its sentence before the PMID on the next line", "", []lineSpec{
			body("J Affect Trials 2021;12(3):101–110. doi:10.1234/ltrd.2021.001."), body("PMID: 33333333"),
		}, "10.1234/ltrd.2021.001", "33333333"},
		{"a DOI link ending its sentence before a copyright line", "", []lineSpec{
			body("J Affect Trials 2021;12:101–110. https://doi.org/10.1234/abc.2021.9."), body("Copyright 2021 The Authors"),
		}, "10.1234/abc.2021.9", ""},
		{"a DOI ending its sentence before a date", "", []lineSpec{body("doi:10.1234/abc.2021.7."), body("12 March 2021")}, "10.1234/abc.2021.7", ""},
		{"a DOI broken after a hyphen", "", []lineSpec{body("BMC Research Notes 2014, 7:731 · doi:10.1186/1756-"), body("0500-7-731")},
			"10.1186/1756-0500-7-731", ""},
		{"a DOI link broken after its slash", "", []lineSpec{body("https://doi.org/"), body("10.3389/fcvm.2021.780605")}, "10.3389/fcvm.2021.780605", ""},
		{"a DOI broken after a dot", "", []lineSpec{body("J Affect Disord 2020;263:1–9. https://doi.org/10.1016/j."), body("jad.2020.01.001")},
			"10.1016/j.jad.2020.01.001", ""},
		{"capitals and brackets of a DOI kept", "", []lineSpec{body("Lancet 2020;395:497–506. doi:10.1016/S0140-6736(20)30183-5.")},
			"10.1016/S0140-6736(20)30183-5", ""},
		{"a commentary citing the trial in its abstract", "", []lineSpec{
			head("Abstract", 12, true),
			body("Comment on: Rossi M, et al. Lithium augmentation for suicide"),
			body("prevention: a randomised trial. J Affect Trials"),
			body("2021;12:101–110. PMID: 33333333. We argue that the trial was"),
			body("unblinded in practice."),
		}, "", ""},
		{"a commentary citing the trial in its front matter, then printing its own DOI", "", []lineSpec{
			body("Comment on: Rossi M, et al. J Affect Trials 2021;12:101–110. PMID: 33333333"),
			body("Evid Based Ment Health 2022;25:1–2. doi:10.5555/ebmh.2022.1"),
		}, "10.5555/ebmh.2022.1", ""},
		{"an erratum's citation over two lines", "", []lineSpec{
			body("Erratum for: Rossi M, et al. Lithium augmentation for suicide prevention."),
			body("J Affect Trials 2021;12:101–110. doi:10.1234/ltrd.2021.001"),
			body("J Affect Trials 2021;12:400. doi:10.1234/ltrd.2021.099"),
		}, "10.1234/ltrd.2021.099", ""},
		{"see also", "", []lineSpec{body("See also: Roe J. Trials 2019. PMID: 31111111")}, "", ""},
		{"a related study's citation under the paper's own DOI", "", []lineSpec{
			body("BMJ 2013;347:f4132 doi: 10.1136/bmj.f4132 (Published 3 July 2013)"),
			body("Related pilot study: Harwood RH et al. Age Ageing 2010;39:41-7. PMID: 20308079"),
		}, "10.1136/bmj.f4132", ""},
		{"cited in", "", []lineSpec{body("doi:10.1234/own.2020.1"), body("Cited in: Roe J. Trials 2021;22:5. PMID: 31111111")},
			"10.1234/own.2020.1", ""},
		{"a reference without a label under the paper's own DOI", "", []lineSpec{
			body("BMJ 2013;347:f4132 doi: 10.1136/bmj.f4132"),
			body("Harwood RH, Sach T, Foster DJ. Age Ageing 2010;39:41-7. PMID: 20308079"),
		}, "10.1136/bmj.f4132", ""},
		{"the paper's own footer set as a reference, when nothing else prints its identifiers", "", []lineSpec{
			body("Smith et al. Trials (2020) 21:5 https://doi.org/10.1186/s13063-020-0001-2"),
		}, "10.1186/s13063-020-0001-2", ""},
		{"the paper's own citation under its label", "", []lineSpec{
			body("PMID: 33333333"),
			body("Cite this as: Rossi M, Roe J. J Affect Trials 2021;12:101–110. doi:10.1234/ltrd.2021.001"),
		}, "10.1234/ltrd.2021.001", "33333333"},
		{"a label in the title names the letter, not a citation", "In reply to the critics of lithium", []lineSpec{
			body("Maria Rossi, John Roe"),
			body("doi:10.1234/reply.2022.3"),
		}, "10.1234/reply.2022.3", ""},
		{"a DOI in the prose of the body", "", []lineSpec{
			head("Introduction", 12, true),
			body("as a previous trial (doi:10.1000/prev.1) showed lithium lowers the risk of suicide"),
		}, "", ""},
		{"a first-page footnote of its own", "", []lineSpec{
			head("Introduction", 12, true),
			body("Depression is common and often resistant to treatment."),
			body("https://doi.org/10.1016/j.jad.2019.05.001"),
		}, "10.1016/j.jad.2019.05.001", ""},
		{"a reference list on the first page", "", []lineSpec{
			head("Results", 12, true), body("Lithium lowered the rate of suicidal acts."),
			head("References", 12, true), body("1. Roe J. A cited trial. Trials 2019. doi:10.1000/other. PMID: 31111111"),
		}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			title := tc.title
			if title == "" {
				title = "Lithium for suicide prevention in depression"
			}
			specs := append(append([]lineSpec{{text: title, size: 18, right: 400}}, tc.lines...), methods...)
			p, err := build(rawDoc{Pages: 1, Lines: pageLines(1, specs...)}, "t.pdf")
			require.NoError(t, err)
			require.Equal(t, title, p.FullText.Title)
			assert.Equal(t, tc.doi, p.FullText.DOI)
			assert.Equal(t, tc.pmid, p.FullText.PMID)
		})
	}
}

// TestDropCited takes out what a cross-reference label cites, and only that.
func TestDropCited(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  []string
	}{
		{"the rest of the label's line", []string{"Open access · Commentary on: Roe J. Trials 2019. doi:10.1/x", "doi:10.2/own"},
			[]string{"Open access ·", "doi:10.2/own"}},
		{"up to the line with the cited identifier", []string{"Retraction of:", "Roe J. A trial.", "Trials 2019. PMID: 1", "PMID: 2"},
			[]string{"", "Roe J. A trial.", "", "PMID: 2"}},
		{"a registry id ends the citation too", []string{"Update of:", "Roe J. Trials 2019. NCT01234567", "NCT07654321"},
			[]string{"", "", "NCT07654321"}},
		{"no further than its reach", []string{"See also:", "one", "two", "three", "PMID: 4"}, []string{"", "one", "two", "three", "PMID: 4"}},
		{"no label", []string{"Original Article", "doi:10.2/own"}, []string{"Original Article", "doi:10.2/own"}},
		{"a related study's label", []string{"doi:10.2/own · Related pilot study: Harwood RH et al. Age Ageing 2010;39:41-7. PMID: 20308079"},
			[]string{"doi:10.2/own ·"}},
		{"a related study in prose is not a label", []string{"Unlike a related study (NCT01234567), we masked assessors."},
			[]string{"Unlike a related study (NCT01234567), we masked assessors."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, dropCited(tc.lines, nil))
		})
	}
}

// TestJoinFragments puts a line PDFium broke at its superscripts back together, and leaves
// lines that only share a baseline (two columns) apart.
func TestJoinFragments(t *testing.T) {
	at := func(text string, size, left, right, base float64) rawLine {
		return rawLine{Page: 1, Text: text, Size: size, Left: left, Right: right, Baseline: base, PageHeight: 595}
	}
	for _, tc := range []struct {
		name  string
		lines []rawLine
		want  []string
	}{
		{"a byline with superscript marks", []rawLine{
			at("Maria Rossi", 11.3, 40, 91, 111), at("1", 9.4, 91, 95, 107), at(", Jürgen Müller", 11.3, 96, 161, 111),
			at("2", 9.4, 161, 165, 107), at(", Søren Ødegård", 11.3, 166, 237, 111), at("1", 9.4, 237, 240, 107),
		}, []string{"Maria Rossi1, Jürgen Müller2, Søren Ødegård1"}},
		{"affiliations a space apart", []rawLine{at("1 University of Verona, Italy;", 11.3, 40, 159, 124), at("2 Charité Berlin", 11.3, 163, 273, 124)},
			[]string{"1 University of Verona, Italy; 2 Charité Berlin"}},
		{"two columns", []rawLine{at("principle and included all 240", 11.3, 84, 290, 508), at("randomised participants. Twelve", 11.3, 312, 493, 508)},
			[]string{"principle and included all 240", "randomised participants. Twelve"}},
		{"the next line", []rawLine{at("Maria Rossi", 11.3, 40, 91, 111), at("University of Verona", 11.3, 40, 140, 124)},
			[]string{"Maria Rossi", "University of Verona"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, l := range joinFragments(tc.lines) {
				got = append(got, l.Text)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestReadPrintedIdentifiersAndByline reads two small PDFs printed by Chromium
// (testdata/trial-front.html, commentary.html): a trial whose citation line breaks after its
// DOI's full stop and whose byline and affiliations carry superscript marks, and a
// commentary that cites the trial's PMID in its abstract.
func TestReadPrintedIdentifiersAndByline(t *testing.T) {
	for _, tc := range []struct {
		file, doi, pmid string
		registry        []string
		authors         []string
		front           string // in the front matter
	}{
		{"trial-front.pdf", "10.1234/ltrd.2021.001", "33333333", []string{"NCT04444444"},
			[]string{"Maria Rossi", "Jürgen Müller", "Søren Ødegård"}, "1 University of Verona, Italy; 2 Charité Berlin, Germany"},
		{"commentary.pdf", "", "", nil, []string{"Peter Critic"}, "Department of Epidemiology"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			p := read(t, filepath.Join("testdata", tc.file))
			assert.Equal(t, tc.doi, p.FullText.DOI)
			assert.Equal(t, tc.pmid, p.FullText.PMID)
			assert.Equal(t, tc.registry, p.Registry)
			assert.Equal(t, tc.authors, p.Authors)
			assert.Contains(t, p.FullText.TextOf(domain.SectionOther), tc.front)
		})
	}
}
