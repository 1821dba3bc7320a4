package pdftext

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCitationLine reads the year and journal a paper prints beside its own DOI, or the year
// of a "Published:" line, and nothing from lines that do not state them.
func TestCitationLine(t *testing.T) {
	const doi = "10.1000/xyz.2019.123"
	for _, tc := range []struct {
		name, front, year, journal string
	}{
		{"name, year and volume before the DOI", "Title\nBMC Psychiatry 2013, 13:212 · doi:10.1000/xyz.2019.123", "2013", "BMC Psychiatry"},
		{"abbreviated name and a day's date", "Front. Neurol., 3 May 2020 · doi: 10.1000/xyz.2019.123 · PMCID: PMC1", "2020", "Front. Neurol."},
		{"the year in the DOI is not the paper's", "https://doi.org/10.1000/xyz.2019.123", "", ""},
		{"a Published line", "Received: 2 Jan 2017 Accepted: 9 Mar 2017\nPublished: 18 March 2017\ndoi 10.1000/xyz.2019.123", "2017", ""},
		{"published online", "Published online 4 June 2011", "2011", ""},
		{"an author line is not a journal", "Smith et al. 2015 · 10.1000/xyz.2019.123", "2015", ""},
		{"a licence is not a journal", "© 2014 Smith; licensee BioMed Central · doi:10.1000/xyz.2019.123", "2014", ""},
		{"nothing stated", "A randomised trial of X\nJohn Smith, Ana Lima\nAbstract", "", ""},
		{"no year in the future", "Journal of Things 2999, 1:1 · doi:10.1000/xyz.2019.123", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			year, journal := citationLine(tc.front, doi)
			require.Equal(t, tc.year, year)
			require.Equal(t, tc.journal, journal)
		})
	}
}

// TestByline reads a byline's names, dropping affiliation marks and degrees, and takes
// nothing from a line that is not a list of names.
func TestByline(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"Francesca Girlanda1, Andrea Cipriani2*, … Corrado Barbui3", []string{"Francesca Girlanda", "Andrea Cipriani", "Corrado Barbui"}},
		{"Karl J. Lackner, Ana van der Berg and José Ramírez-López†", []string{"Karl J. Lackner", "Ana van der Berg", "José Ramírez-López"}},
		{"M. Smith (Oxford) & J. Doe (Leeds)", []string{"M. Smith", "J. Doe"}},
		{"Maria Rossi1,2, John Smith2 and Anna Jones1*", []string{"Maria Rossi", "John Smith", "Anna Jones"}},
		{"Maria Rossi, MD, PhD; John Smith, MSc; Anna Jones, PhD", []string{"Maria Rossi", "John Smith", "Anna Jones"}},
		{"Maria Rossi MD, PhD; John Smith MSc; Anna Jones PhD", []string{"Maria Rossi", "John Smith", "Anna Jones"}},
		{"Ana Lima, M.D., Ph.D., and Kim Do, FRCPC", []string{"Ana Lima", "Kim Do"}},
		{"MD, PhD", nil},
		{"Girlanda et al. BMC Research Notes 2014, 7:731", nil},
		{"Open Access: distributed under the terms of the Creative Commons Attribution License", nil},
		{"Abstract", nil},
		{"Background: lithium might reduce self-harm", nil},
		{"", nil},
	} {
		require.Equal(t, tc.want, byline(tc.line), tc.line)
	}
}
