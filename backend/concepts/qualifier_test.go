package concepts

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestQualifiedTermsParse: the letter or number that names a kind stays with its word in
// the parse ("type 2 diabetes", not "diabetes"; "vitamin D", not "vitamin"), Roman numerals
// read as numbers (and shown as written), and a dose or a design number is not taken for one.
func TestQualifiedTermsParse(t *testing.T) {
	cases := []struct{ q, concept, joined string }{
		{"Does metformin prevent type 2 diabetes?", "condition: type 2 diabetes (its onset)", "type-2"},
		{"Does metformin help in type II diabetes?", "condition: type II diabetes", "type-2"},
		{"Is vitamin D effective for preventing falls?", "intervention: vitamin D", "vitamin-d"},
		{"Is the hepatitis B vaccine effective in dialysis patients?", "intervention: hepatitis B vaccine", "hepatitis-b"},
		{"Does aspirin prevent recurrence of stage III colon cancer?", "condition: stage III colon cancer", "stage-3"},
		{"Are factor Xa inhibitors safer than warfarin in atrial fibrillation?", "intervention: factor Xa inhibitors", "factor-10a"},
		{"Does factor VIII prophylaxis prevent bleeding?", "intervention: factor VIII prophylaxis", "factor-8"},
		{"Is emicizumab effective in haemophilia A?", "condition: haemophilia A", "haemophilia-a"},
		// Not qualifiers: a dose, a design.
		{"Does metformin 500 mg reduce weight?", "intervention: metformin", ""},
		{"Do phase 3 trials of metformin show benefit in cancer?", "intervention: metformin", ""},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			s, err := Extract(c.q)
			require.NoError(t, err)
			// The summary shows the term as written; the concept searches it joined.
			require.Contains(t, s.Summary()+" ·", c.concept+" ·")
			for _, k := range s.Concepts {
				for _, w := range k.Words {
					if Qualified(w) {
						require.Equal(t, c.joined, w, "only the qualifier asked for is joined")
					}
				}
			}
		})
	}
	// The synonyms of the qualified term are found ("vitamin D" is cholecalciferol).
	s, err := Extract("Is vitamin D effective for preventing falls?")
	require.NoError(t, err)
	require.Contains(t, s.Concepts[0].Terms, "cholecalciferol")
}

func TestQualified(t *testing.T) {
	for w, want := range map[string]bool{"type-2": true, "vitamin-d": true, "stage-4": true, "il-6": true, "hiv-1": true,
		"vitamin-d3": true, "covid-19": false, "braf-mutated": false, "type-2-like": false, "metformin-a": false} {
		require.Equal(t, want, Qualified(w), w)
	}
}
