package concepts

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPatientStates: a patient's state the question asks about (breastfeeding, pregnancy)
// is what evidence must share, as a condition or as the patients' setting, with its other
// names; as the question's subject it stays what is asked about.
func TestPatientStates(t *testing.T) {
	for _, tc := range []struct {
		q, text string
		role    Role
		setting bool
		term    string
	}{
		{"Is sertraline safe while breastfeeding?", "breastfeeding", RoleCondition, false, "lactation"},
		{"can i take ibuprofen while breastfeeding", "breastfeeding", RoleCondition, false, "breast milk"},
		{"sertraline in breastfeeding mothers", "breastfeeding mothers", RolePopulation, true, ""},
		{"Is paracetamol safe for pregnant women?", "pregnant women", RolePopulation, true, ""},
		{"Does breastfeeding reduce the risk of childhood obesity?", "breastfeeding", RoleIntervention, false, "lactation"},
	} {
		s, err := Extract(tc.q)
		require.NoError(t, err, tc.q)
		i := slices.IndexFunc(s.Concepts, func(c Concept) bool { return c.Text == tc.text })
		require.GreaterOrEqual(t, i, 0, "%s: %+v", tc.q, s.Concepts)
		c := s.Concepts[i]
		require.Equal(t, tc.role, c.Role, tc.q)
		require.Equal(t, tc.setting, c.Setting, tc.q)
		if tc.term != "" {
			require.Contains(t, c.Terms, tc.term, tc.q)
		}
	}
}
