package report

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// TestDesignColumnMarksPlannedTrials: a registry entry with no results posted is labelled as
// a plan whatever its design, so "RCT" in the table never stands for a trial that has
// reported nothing; an entry with results and a published trial keep their design alone.
func TestDesignColumnMarksPlannedTrials(t *testing.T) {
	rct := domain.Appraisal{Findings: map[string]domain.Finding{"design": {Value: "rct"}}}
	registry := func(results bool) domain.Evidence {
		return domain.Evidence{Citation: domain.Citation{Source: domain.SourceClinicalTrials, ID: "NCT01234567",
			Trial: &domain.Trial{HasResults: results}}}
	}
	article := domain.Evidence{Citation: domain.Citation{Source: domain.SourcePubMed, ID: "1",
		PublicationTypes: []string{"Randomized Controlled Trial"}}}
	for _, tc := range []struct {
		name string
		ev   domain.Evidence
		a    domain.Appraisal
		hasA bool
		want string
	}{
		{"planned RCT", registry(false), rct, true, "RCT (registered, no results posted)"},
		{"planned, design unknown", registry(false), domain.Appraisal{}, false, "Registered trial (no results posted)"},
		{"registry entry with results", registry(true), rct, true, "RCT"},
		{"registry entry with results, design unknown", registry(true), domain.Appraisal{}, false, "Registered trial"},
		{"published RCT", article, domain.Appraisal{}, false, "RCT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, DesignLabel(tc.ev, appraisalOrNil(tc.a, tc.hasA)))
		})
	}
}

// TestDesignLabelIsTheJudgesClass: the table names the class the judge scores by
// (studydesign.Classify), more finely only when the appraisal or a publication type names a
// design of that class.
func TestDesignLabelIsTheJudgesClass(t *testing.T) {
	pubmed := func(pts, mesh []string, content string) domain.Evidence {
		return domain.Evidence{Content: content, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: "1", PublicationTypes: pts, MeshTerms: mesh}}
	}
	cohort := &domain.Appraisal{Findings: map[string]domain.Finding{"design": {Value: "cohort"}}}
	for _, tc := range []struct {
		name string
		ev   domain.Evidence
		a    *domain.Appraisal
		want string
	}{
		{"MeSH says observational", pubmed([]string{"Journal Article"}, []string{"Humans", "Prospective Studies"}, ""), nil, "Observational study"},
		{"the appraisal names the cohort", pubmed([]string{"Journal Article"}, []string{"Prospective Studies"}, ""), cohort, "Cohort study"},
		{"a veterinary trial is an animal study", pubmed([]string{"Randomized Controlled Trial, Veterinary"}, nil, ""), nil, "Animal study"},
		{"a case report", pubmed([]string{"Case Reports"}, nil, ""), nil, "Case report"},
		{"a multicentre study", pubmed([]string{"Multicenter Study"}, nil, ""), nil, "Clinical study"},
		{"keywords only", pubmed(nil, nil, "In this retrospective cohort of 2,000 adults …"), nil, "Observational study"},
		{"nothing to go on", pubmed(nil, nil, "Statins lower cholesterol."), nil, "Unclassified"},
		{"a web page", domain.Evidence{Content: "Statins lower cholesterol.", Citation: domain.Citation{Source: domain.SourceWeb, URL: "https://example.org"}}, nil, "Web page"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, DesignLabel(tc.ev, tc.a))
		})
	}
}
