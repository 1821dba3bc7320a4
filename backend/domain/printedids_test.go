package domain

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIdentifiersPrintedInText(t *testing.T) {
	tests := []struct {
		name               string
		text               string
		dois, pmids, pmcid []string
	}{
		{"resolver link in a footer", "BMC Research Notes 2014, 7:731 · https://doi.org/10.1186/1756-0500-7-731",
			[]string{"10.1186/1756-0500-7-731"}, nil, nil},
		{"doi: label, sentence punctuation", "doi: 10.3389/fcvm.2021.780605. PMCID: PMC8710519; PMID: 034966796",
			[]string{"10.3389/fcvm.2021.780605"}, []string{"34966796"}, []string{"PMC8710519"}},
		{"brackets kept when the DOI opens them", "(see 10.1002/(SICI)1097-0258(19980430)17:8<857::AID-SIM777>3.0.CO;2-E)",
			[]string{"10.1002/(SICI)1097-0258(19980430)17:8<857::AID-SIM777>3.0.CO;2-E"}, nil, nil},
		{"the same DOI twice in two cases is one", "doi:10.1136/BMJ.F3461 and https://doi.org/10.1136/bmj.f3461",
			[]string{"10.1136/BMJ.F3461"}, nil, nil},
		{"a bare number is not a PMID, a bare PMC id is a PMCID", "n = 23794349 participants (PMC 3698942)",
			nil, nil, []string{"PMC3698942"}},
		{"a short PMCID needs its label", "PMCID: PMC12; PMC345 is something else", nil, nil, []string{"PMC12"}},
		{"nothing", "Received 2 October 2014", nil, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.dois, DOIsIn(tc.text))
			assert.Equal(t, tc.pmids, PMIDsIn(tc.text))
			assert.Equal(t, tc.pmcid, PMCIDsIn(tc.text))
		})
	}
}

func TestSharesIdentifier(t *testing.T) {
	lib := Citation{PMID: "25326140", DOI: "10.1186/1756-0500-7-731", Title: "Effectiveness of lithium"}
	assert.True(t, lib.SharesIdentifier(Citation{DOI: "https://doi.org/10.1186/1756-0500-7-731"}), "a DOI printed with its resolver is the same DOI")
	assert.True(t, lib.SharesIdentifier(Citation{PMID: "25326140", DOI: "10.9/other"}))
	assert.False(t, lib.SharesIdentifier(Citation{DOI: "10.1186/1471-244X-13-212", Title: "Effectiveness of lithium"}),
		"the same title with another DOI is another paper")
	assert.False(t, lib.SharesIdentifier(Citation{}))
	assert.True(t, Citation{Title: "Metformin and longevity: a cohort study"}.SharesIdentifier(Citation{Title: "METFORMIN AND LONGEVITY: A COHORT STUDY."}),
		"a title known alone matches however its case and punctuation are written")
}
