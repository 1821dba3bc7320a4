package concepts

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMisspelled: a slip of one letter in a drug's or a disease's name is read as the name;
// a word the vocabulary knows, a real word with an English ending, a short word or a slip
// near two names is left alone.
func TestMisspelled(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"levetiracetem", "levetiracetam"},
		{"schizophrenai", "schizophrenia"},
		{"dexmedetomidne", "dexmedetomidine"},
		{"nausae", "nausea"},
		{"psoraisis", "psoriasis"},
		{"statnis", "statins"},
		{"metfromin", "metformin"},
		{"metformin", ""},       // known
		{"tumeric", "turmeric"}, // a substance's other name, its ending kept
		{"anaemic", ""},         // an adjective of anaemia
		{"depressive", ""},      // an adjective of depression
		{"tuberculous", ""},     // an adjective of tuberculosis
		{"thrombolysis", ""},    // two letters from thrombosis
		{"asthma", ""},          // known
		{"xetformin", ""},       // the first letter is never a slip
		{"nausea-like", ""},     // not a word of letters alone
		{"gout", ""},            // too short to tell
		// A treatment or a measure, an ordinary English word, only by a letter added or a
		// letter of a double dropped; a slip near it that is a word of its own is left alone.
		{"exerrcise", "exercise"},
		{"vacination", "vaccination"},
		{"meditation", ""}, // not "medication"
		{"hearing", ""},    // not "healing"
		// A plural is the plural of its singular's correction.
		{"seizurs", "seizures"},
		{"psoraisis", "psoriasis"}, // a singular ending in -is
		{"strains", ""},            // known: a muscle strain is an injury
	} {
		require.Equal(t, c.want, misspelled(c.typed), c.typed)
	}
}

// TestMisspelledQuestion: the misspelled drug keeps its role and is searched and matched by
// its right spelling too; the question shows what the user typed.
func TestMisspelledQuestion(t *testing.T) {
	s, err := Extract("levetiracetem vs valproate for generalised epilepsy")
	require.NoError(t, err)
	iv := s.Interventions()
	require.NotEmpty(t, iv, s.Summary())
	require.Equal(t, "levetiracetem", iv[0].Text)
	require.True(t, slices.Contains(iv[0].Terms, "levetiracetam"), "%v", iv[0].Terms)
	require.Contains(t, s.Summary(), "intervention: levetiracetem (read as levetiracetam)", "the correction is shown")
}

// TestAsked: a request's lead-in is dropped and a question that asks for something after
// a sentence of context is read first; a title's own words and a yes/no question after a
// title stay as written.
func TestAsked(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"Could you find RCTs comparing ultrasound-guided with landmark-guided insertion?", "ultrasound-guided with landmark-guided insertion?"},
		{"I'd like to know which therapies are effective for plantar fasciitis.", "which therapies are effective for plantar fasciitis."},
		{"Please search for evidence on statins in dementia", "statins in dementia"},
		{"Find studies on metformin in cancer", "metformin in cancer"},
		{"My patient has Tourette syndrome. What treatment options exist?", "What treatment options exist? My patient has Tourette syndrome"},
		{"Search engine as a diagnostic tool: is Google useful?", "Search engine as a diagnostic tool: is Google useful?"},
		{"Cold knife conization vs. LEEP. Are they the same procedure?", "Cold knife conization vs. LEEP. Are they the same procedure?"},
		{"Review of X", "Review of X"},
	} {
		require.Equal(t, c.want, asked(c.typed), c.typed)
	}
}

// TestAnatomicalSides: where a patient says a joint hurts is read as the pain's clinical
// name; other words about the front or back of something stay as typed.
func TestAnatomicalSides(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"does taping help pain in the front of her knees?", "does taping help anterior knee pain?"},
		{"injections for pain on the outer side of the hip", "injections for lateral hip pain"},
		{"what helps aching at the back of my heel after running", "what helps posterior heel pain after running"},
		{"is a brace good for pain around the kneecap?", "is a brace good for anterior knee pain?"},
		{"a lump at the front of my neck", "a lump at the front of my neck"},
		{"pain at the back of my head", "pain at the back of my head"},
	} {
		require.Equal(t, c.want, anatomicalSides(c.typed), c.typed)
	}
}

// TestNounsOfAdjective: a disease adjective's noun is among the candidates its ending gives.
func TestNounsOfAdjective(t *testing.T) {
	for _, c := range []struct{ adj, noun string }{
		{"eclamptic", "eclampsia"}, {"epileptic", "epilepsy"}, {"dyspeptic", "dyspepsia"}, {"psoriatic", "psoriasis"},
		{"psychotic", "psychosis"}, {"thrombotic", "thrombosis"}, {"septic", "sepsis"}, {"hypoxic", "hypoxia"},
		{"ischaemic", "ischaemia"}, {"neuropathic", "neuropathy"}, {"arthritic", "arthritis"}, {"Atopic", "atopy"},
	} {
		require.Contains(t, NounsOfAdjective(c.adj), c.noun, c.adj)
	}
	for _, w := range []string{"asthma", "toxic", "cancer", "diagnostic", "traumatic"} {
		require.NotContains(t, NounsOfAdjective(w), strings.TrimSuffix(w, "tic"), w)
	}
	require.Nil(t, NounsOfAdjective("stroke"))
}

// TestOtherNamesAreSearched: a concept typed by its lay, entry-term or misspelled name is
// searched and matched by the name papers use too.
func TestOtherNamesAreSearched(t *testing.T) {
	for _, tc := range []struct{ q, text, term string }{
		{"Is aspirin better than heparin for preventing clots after knee replacement?", "clots", "venous thromboembolism"},
		{"Is aspirin better than heparin for preventing clots after knee replacement?", "knee replacement", "knee arthroplasty"},
		{"Physiotherapy after hip replacement", "hip replacement", "hip arthroplasty"},
		{"does tumeric help arthritis pain", "tumeric", "curcumin"},
	} {
		s, err := Extract(tc.q)
		require.NoError(t, err, tc.q)
		i := slices.IndexFunc(s.Concepts, func(c Concept) bool { return c.Text == tc.text })
		require.GreaterOrEqual(t, i, 0, "%s: no concept %q in %+v", tc.q, tc.text, s.Concepts)
		require.Contains(t, s.Concepts[i].Terms, tc.term, tc.q)
	}
}
