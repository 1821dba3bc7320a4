package concepts

import (
	"strings"
	"testing"
)

// TestOnsetOrEstablished: a condition the question asks to prevent, or whose risk it asks
// about, is Onset; one its patients already have is Established; a later stage of it
// (recurrence, new fractures), a population at risk, or a condition that only qualifies
// another word is neither.
func TestOnsetOrEstablished(t *testing.T) {
	for _, tt := range []struct{ q, onset, established string }{
		{"Can daily emollient use from birth prevent atopic dermatitis in infants?", "atopic dermatitis", ""},
		{"magnesium sulphate to prevent eclamptic seizures in women with severe preeclampsia", "eclamptic seizures", "severe preeclampsia"},
		{"Does prophylactic tranexamic acid reduce postpartum hemorrhage after cesarean delivery?", "postpartum hemorrhage", ""},
		{"How can postpartum depression be prevented?", "postpartum depression", ""},
		{"Do 5-alpha reductase inhibitors like finasteride reduce the risk of getting prostate cancer?", "prostate cancer", ""},
		{"Do PPIs cause dementia?", "dementia", ""},
		{"tamoxifen or raloxifene chemoprevention for women at high risk of breast cancer", "breast cancer", ""},
		{"Is intravenous amisulpride effective for treating established postoperative nausea and vomiting?", "", "established postoperative nausea and vomiting"},
		{"Does taking aspirin after being diagnosed with colon cancer improve survival?", "", "colon cancer"},
		{"oseltamivir treatment in adults hospitalized with influenza", "", "influenza"},
		{"What treatments help diabetic foot ulcers heal?", "", "diabetic foot ulcers"},
		{"Is metformin effective for treating cancer?", "", "cancer"},
		// Neither.
		{"Does daily valacyclovir suppressive therapy prevent recurrences of genital herpes?", "", ""},
		{"How can recurrence of Clostridioides difficile infection be prevented?", "", ""},
		{"zoledronic acid after hip fracture to prevent new fractures", "", ""},
		{"Do antenatal corticosteroids help women at risk of late preterm birth?", "", ""},
		{"Does nirsevimab protect healthy newborns from being hospitalized with RSV?", "", ""},
		{"My 3-year-old keeps getting ear infections. Is a 5-day course of amoxicillin just as good for acute otitis media?", "", ""},
		{"Is smoking associated with rheumatoid arthritis?", "", ""},
	} {
		s, err := Extract(tt.q)
		if err != nil {
			t.Fatal(err)
		}
		var onset, established []string
		for _, c := range s.Concepts {
			if c.Onset {
				onset = append(onset, c.Label())
			}
			if c.Established {
				established = append(established, c.Label())
			}
		}
		if strings.Join(onset, "|") != tt.onset || strings.Join(established, "|") != tt.established {
			t.Errorf("%q: onset %v, established %v; want %q, %q", tt.q, onset, established, tt.onset, tt.established)
		}
	}
}

// TestCues reads the words on either side of a condition in a paper's title.
func TestCues(t *testing.T) {
	c := Concept{Role: RoleCondition, Text: "atopic dermatitis", Words: []string{"atopic", "dermatitis"}, Terms: []string{"atopic dermatitis", "eczema"}}
	for _, tt := range []struct {
		title              string
		onset, established bool
	}{
		{"Application of moisturizer to neonates prevents development of atopic dermatitis", true, false},
		{"Emollients for the prevention of eczema in high-risk infants", true, false}, // by another of its names
		{"Eczema prevention with daily emollients: a randomised trial", true, false},
		{"A ceramide-dominant emollient in children with moderate atopic dermatitis", false, true},
		{"Dupilumab for the treatment of atopic dermatitis in adolescents", false, true},
		{"Atopic dermatitis patients and their quality of life", false, true},
		{"Incidence of atopic dermatitis in a birth cohort", true, false},
		{"Atopic dermatitis-associated food allergy", false, false},
		{"Atopic dermatitis management in primary care", false, true},
		{"Atopic dermatitis treatment with wet wraps", false, true},
		{"Incidence and management of atopic dermatitis in ibrutinib-treated patients", true, true},
		{"Prevention and treatment of atopic dermatitis: a review", true, true},
		{"Treatment and prevention of atopic dermatitis in infants", true, true},
		{"Treatment and prevention of atopic dermatitis flares", false, true}, // flares come to people who have it
	} {
		onset, established := Stage(CueWords(tt.title), c)
		if onset != tt.onset || established != tt.established {
			t.Errorf("%q: onset %v established %v, want %v %v", tt.title, onset, established, tt.onset, tt.established)
		}
	}
}
