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
