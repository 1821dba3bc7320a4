package concepts

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMarkPurposes: an outcome is required of evidence only when the question asks about a
// method (not a drug) and names no disease or setting; a user's correction re-marks it.
func TestMarkPurposes(t *testing.T) {
	purposes := func(s Set) []string {
		var out []string
		for _, c := range s.Concepts {
			if c.Purpose {
				out = append(out, c.Text)
			}
		}
		return out
	}
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"Does vitamin D supplementation prevent falls in the elderly?", []string{"falls"}},
		{"Otago exercise programme to prevent falls", []string{"falls"}},
		{"Does varenicline help smoking cessation?", nil},            // a drug is specific enough
		{"Does exercise reduce fatigue in multiple sclerosis?", nil}, // a disease narrows it
		{"Is metformin effective for treating cancer?", nil},
		{"Does exercise improve outcomes?", nil}, // an outcome that only says something was measured
	} {
		s, err := Extract(tc.q)
		require.NoError(t, err, tc.q)
		require.Equal(t, tc.want, purposes(s), "%s: %+v", tc.q, s.Concepts)
	}

	s, err := Extract("Does vitamin D supplementation prevent falls in the elderly?")
	require.NoError(t, err)
	fixed, err := Correct(s, map[string]Role{"falls": RoleCondition})
	require.NoError(t, err)
	require.Empty(t, purposes(fixed), "falls made the condition by hand is required as a condition, not as a purpose")
}
