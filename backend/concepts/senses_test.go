package concepts

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestJoinOtherSenses(t *testing.T) {
	cases := []struct {
		text string
		keep map[string]bool
		want string
	}{
		{"Maximal ST depression at exercise", nil, "Maximal stdepression at exercise"},
		{"ST-segment depression and depression", nil, "stsegmentdepression and depression"},
		{"opioid-induced respiratory depression", nil, "opioid-induced respiratorydepression"},
		{"opioid-induced respiratory depression", map[string]bool{"respiratorydepression": true}, "opioid-induced respiratory depression respiratorydepression"},
		{"heat shock protein 70 in septic shock", nil, "heatshock protein 70 in septic shock"},
		{"Stroke volume after stroke", nil, "strokevolume after stroke"},
		{"exertional heat stroke", nil, "exertional heatstroke"},
		{"G2/M arrest, not cardiac arrest", nil, "g2marrest, not cardiac arrest"},
		{"extracorporeal shock wave therapy", nil, "extracorporeal shockwave therapy"},
		{"major depression after stroke", nil, "major depression after stroke"},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			require.Equal(t, c.want, JoinOtherSenses(c.text, c.keep))
		})
	}
}
