package appraisal

import (
	"context"
	"deepcritical/backend/domain"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCohenKappaKnownExample(t *testing.T) {
	// Classic 2×2 example: 50 items, yes/yes 20, yes/no 5, no/yes 10, no/no 15.
	// po = 0.7, pe = 0.5·0.6 + 0.5·0.4 = 0.5, κ = 0.4.
	var a, b []string
	add := func(x, y string, n int) {
		for i := 0; i < n; i++ {
			a, b = append(a, x), append(b, y)
		}
	}
	add("yes", "yes", 20)
	add("yes", "no", 5)
	add("no", "yes", 10)
	add("no", "no", 15)
	k, ok := domain.CohenKappa(a, b)
	require.True(t, ok)
	require.InDelta(t, 0.4, k, 1e-12)
	_, ok = domain.CohenKappa([]string{"x", "x"}, []string{"x", "x"})
	require.False(t, ok, "one label everywhere: κ is 0/0 (calibration reports it as 1)")
	k, _ = domain.CohenKappa([]string{"a", "b"}, []string{"b", "a"})
	require.InDelta(t, -1.0, k, 1e-12)
	_, ok = domain.CohenKappa(nil, nil)
	require.False(t, ok)
}

func TestReadGoldCSV(t *testing.T) {
	rows, err := ReadGoldCSV(strings.NewReader("document,item,label\n\"Patients were randomised in a double-blind trial.\",blinding,double\npmid:123,design,rct\n"))
	require.NoError(t, err)
	require.Len(t, rows, 2)
	require.Equal(t, "Patients were randomised in a double-blind trial.", rows[0].Text)
	require.Empty(t, rows[1].Text, "ids are left for the caller to resolve")
	for _, bad := range []string{"", "a,b\n", "doc text here,,label\n"} {
		_, err := ReadGoldCSV(strings.NewReader(bad))
		require.Error(t, err, "%q", bad)
	}
}

func TestCalibrateOffline(t *testing.T) {
	a, err := New(Options{})
	require.NoError(t, err)
	gold := []GoldRow{
		{Document: "d1", Text: "In this double-blind trial, 80 adults were randomised to drug or placebo.", Item: "blinding", Label: "double"},
		{Document: "d2", Text: "This open-label study randomised 40 patients.", Item: "blinding", Label: "none"},
		{Document: "d3", Text: "Patients were randomised to two arms.", Item: "blinding", Label: "single"},
		{Document: "d1", Text: "In this double-blind trial, 80 adults were randomised to drug or placebo.", Item: "randomized", Label: "yes"},
	}
	rep, err := Calibrate(context.Background(), a, gold)
	require.NoError(t, err)
	require.Len(t, rep.Items, 2)
	require.Equal(t, "blinding", rep.Items[0].Item)
	require.Equal(t, 3, rep.Items[0].N)
	require.Equal(t, 2, rep.Items[0].Agree)
	require.Len(t, rep.Items[0].Disagreements, 1)
	require.Equal(t, 1.0, rep.Items[1].Accuracy)

	_, err = Calibrate(context.Background(), a, []GoldRow{{Document: "pmid:1", Item: "blinding", Label: "x"}})
	require.Error(t, err)
	_, err = Calibrate(context.Background(), a, []GoldRow{{Document: "d", Text: "Some text here.", Item: "nonsense", Label: "x"}})
	require.Error(t, err)
}
