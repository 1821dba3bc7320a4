package querybuild

import (
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/concepts"
)

// TestFollowUpDropsGlueWords is issue 28's case: a judge's follow-up "… randomized
// controlled trial drug" must not become the concept "hip arthroplasty drug".
func TestFollowUpDropsGlueWords(t *testing.T) {
	q, err := concepts.Extract("Does ibuprofen increase perioperative blood loss during hip arthroplasty?")
	require.NoError(t, err)
	for _, tc := range []struct{ text, want string }{
		{"hip arthroplasty randomized controlled trial drug", "ibuprofen AND (hip arthroplasty OR hip replacement) AND perioperative blood-loss"},
		{"ibuprofen hip arthroplasty drug", "ibuprofen AND (hip arthroplasty OR hip replacement)"},
	} {
		got := FollowUp(q, tc.text)
		require.NotContains(t, got, " drug", tc.text)
		require.NotContains(t, got, " therapy", tc.text)
		require.Equal(t, tc.want, got, tc.text)
	}
}
