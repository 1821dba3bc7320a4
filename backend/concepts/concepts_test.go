package concepts

import (
	"errors"
	"strings"
	"testing"

	"deepcritical/backend/domain"
)

func texts(s Set) map[string]Role {
	m := map[string]Role{}
	for _, c := range s.Concepts {
		m[c.Text] = c.Role
	}
	return m
}

func TestExtract(t *testing.T) {
	cases := []struct {
		q       string
		want    map[string]Role // concept text → role (every concept listed)
		generic []string        // concepts that must be generic
	}{
		{"Which drugs improve survival in BRAF-mutated melanoma?",
			map[string]Role{"drugs": RoleIntervention, "survival": RoleOutcome, "braf-mutated melanoma": RoleCondition}, []string{"drugs"}},
		{"Does metformin really reduce cancer risk in older women?",
			map[string]Role{"metformin": RoleIntervention, "cancer": RoleCondition, "risk": RoleOutcome, "older women": RolePopulation}, nil},
		{"Is trastuzumab effective for HER2-positive breast cancer?",
			map[string]Role{"trastuzumab": RoleIntervention, "her2-positive breast cancer": RoleCondition}, nil},
		{"Ovarian torsion in children: is oophorectomy necessary?",
			map[string]Role{"ovarian torsion": RoleCondition, "children": RolePopulation, "oophorectomy": RoleIntervention}, nil},
		{"What is the effect of exercise on depression in adolescents?",
			map[string]Role{"exercise": RoleIntervention, "depression": RoleCondition, "adolescents": RolePopulation}, nil},
		// "prevention" is a class word like "treatment": a rat study saying its drug
		// "prevented" damage was on-topic for this question, and the answering paper,
		// which never says "prevention", was set aside.
		{"Injury and poisoning mortality among young men--are there any common factors amenable to prevention?",
			map[string]Role{"injury": RoleCondition, "poisoning": RoleCondition, "mortality": RoleOutcome, "young men": RolePopulation, "prevention": RoleOther}, []string{"prevention"}},
		{"Alzheimer's disease treatments\twith\x00control chars",
			map[string]Role{"alzheimer disease": RoleCondition, "treatments": RoleIntervention, "control chars": RoleOther}, []string{"treatments"}},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			s, err := Extract(c.q)
			if err != nil {
				t.Fatal(err)
			}
			got := texts(s)
			if len(got) != len(c.want) {
				t.Fatalf("concepts %v, want %v", got, c.want)
			}
			for txt, r := range c.want {
				if got[txt] != r {
					t.Errorf("concept %q role %q, want %q (all: %v)", txt, got[txt], r, got)
				}
			}
			gen := map[string]bool{}
			for _, g := range c.generic {
				gen[g] = true
			}
			for _, cc := range s.Concepts {
				if cc.Generic != gen[cc.Text] {
					t.Errorf("concept %q generic=%v", cc.Text, cc.Generic)
				}
				if len(cc.Terms) == 0 || cc.Terms[0] != cc.Text {
					t.Errorf("concept %q terms %v must start with its text", cc.Text, cc.Terms)
				}
			}
		})
	}
}

func TestExtractNoConcept(t *testing.T) {
	for _, q := range []string{"", "   ", "what about it?", "Is it really so?", "Which drugs work for patients?", "???", "1 2 3"} {
		_, err := Extract(q)
		var de *domain.Error
		if !errors.As(err, &de) || de.Code != domain.CodeInvalid {
			t.Errorf("%q: want a CodeInvalid error, got %v", q, err)
			continue
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: reason must be one line: %q", q, err)
		}
	}
}

func TestDropsStopQuestionAndVagueWords(t *testing.T) {
	for _, w := range []string{"the", "which", "does", "improve", "reduce", "affect", "really", "effect", "whether", "using",
		"common", "amenable", "over", "2009", "2001-2009", "2.5", "x",
		// Nouns of a relation name no topic: "the connection between storage and outcomes".
		"discrepancy", "connection", "uniformity", "context"} {
		if !Drop(w) {
			t.Errorf("%q must be dropped", w)
		}
	}
	for _, w := range []string{"melanoma", "survival", "metformin", "children", "covid-19", "hba1c", "t-stage"} {
		if Drop(w) {
			t.Errorf("%q must be kept", w)
		}
	}
}

func TestRequiredAndPriority(t *testing.T) {
	s, err := Extract("Which drugs improve survival in BRAF-mutated melanoma?")
	if err != nil {
		t.Fatal(err)
	}
	req := s.Required()
	if len(req) != 1 || s.Concepts[req[0]].Text != "braf-mutated melanoma" {
		t.Fatalf("required %v", req)
	}
	pr := s.Priority()
	if s.Concepts[pr[0]].Role != RoleCondition || !s.Concepts[pr[len(pr)-1]].Generic {
		t.Errorf("priority must start with the condition and end with generic concepts: %v", pr)
	}
	// A question that names interventions requires them.
	s2, err := Extract("Can tailored interventions increase mammography use among HMO women?")
	if err != nil {
		t.Fatal(err)
	}
	if r := s2.Required(); len(r) != 2 || s2.Concepts[r[0]].Text != "tailored interventions" || s2.Concepts[r[1]].Text != "mammography" {
		t.Errorf("required %v of %v", r, texts(s2))
	}
	// Without a condition or an intervention, the first specific concept is required.
	s3, err := Extract("Are there gender differences in the prognosis of ovarian torsion?")
	if err != nil {
		t.Fatal(err)
	}
	if r := s3.Required(); len(r) != 1 || s3.Kind != domain.QuestionOther {
		t.Errorf("required %v of %v (kind %s)", r, texts(s3), s3.Kind)
	}
	// The operation the patients undergo is required beside the drug; "complication" beside
	// the diseases is the outcome, which a paper need not name; an exposure that is a broad
	// word is still required (a paper on breast cancer alone does not say whether obesity
	// raises its risk).
	for q, want := range map[string]string{
		"Does tranexamic acid reduce blood loss in total hip arthroplasty?": "tranexamic acid|total hip arthroplasty",
		"Hearing loss: an unknown complication of pre-eclampsia?":           "hearing-loss|pre-eclampsia",
		"Does obesity increase the risk of breast cancer?":                  "obesity|breast cancer",
		// Where nothing is given, the operation after the disease is required too: SSI
		// after a hernia repair does not answer a question about caesarean section.
		"Risk factors for surgical site infection after caesarean section": "surgical-site-infection|caesarean section",
		"Risk factors for AKI after cardiac surgery":                       "aki|cardiac surgery",
		// A test the vocabulary did not know is still the test asked about.
		"Plasma p-tau217 for diagnosing Alzheimer's disease":                                "plasma p-tau217|alzheimer disease",
		"Sensitivity and specificity of FIT for colorectal cancer screening":                "fit|colorectal cancer",
		"How accurate is high-sensitivity troponin for ruling out MI in the ED?":            "high-sensitivity troponin|mi",
		"Diagnostic accuracy of the Montreal Cognitive Assessment for dementia":             "montreal cognitive assessment|dementia",
		"treatments for restless legs syndrome in patients on dialysis":                     "restless-legs syndrome|dialysis", // patients who live on dialysis, like "dialysis patients"
		"What treatments are available for immune thrombocytopenia refractory to steroids?": "immune thrombocytopenia",
		// An open question that names no disease must be answered about what it asks to
		// treat, not only in its patients.
		"Treatments for weight regain in patients who had bariatric surgery": "bariatric surgery|weight regain",
		"How to treat weight regain after gastric bypass?":                   "gastric bypass|weight regain",
		// With neither, a broad word ("risk") is passed over for the narrower one after it.
		"Risk factors for elder self-neglect":                                       "elder self-neglect",
		"Statins for primary prevention of cardiovascular events in adults over 75": "statins",
		// Another name in parentheses is the same concept's, not a second one to require.
		"Does oseltamivir (Tamiflu) reduce hospitalization in elderly patients with flu?": "oseltamivir|flu",
		"Nicotinamide (vitamin B3) to prevent skin cancer in organ transplant recipients": "nicotinamide|skin cancer|organ transplant recipients",
		"first-line treatment for infantile spasms (West syndrome)":                       "infantile spasms",
		// A member given as the class's example is not required beside it.
		"Do SGLT2 inhibitors like empagliflozin reduce heart failure admissions?":                      "sglt2 inhibitors|heart failure",
		"Do antipsychotics like Risperdal increase stroke risk in dementia patients?":                  "antipsychotics|stroke|dementia patients",
		"Is sacubitril/valsartan (Entresto) cost-effective compared with enalapril for heart failure?": "sacubitril-valsartan|heart failure",
	} {
		s, err := Extract(q)
		if err != nil {
			t.Fatal(err)
		}
		var req []string
		for _, i := range s.Required() {
			req = append(req, s.Concepts[i].Text)
		}
		if strings.Join(req, "|") != want {
			t.Errorf("%q: required %v of %v", q, req, texts(s))
		}
	}
}

func TestStemAndWords(t *testing.T) {
	if Stem("Tumours") != Stem("tumour") || Stem("mutated") != Stem("mutation")[:len(Stem("mutated"))] {
		t.Errorf("stems: %q %q %q %q", Stem("Tumours"), Stem("tumour"), Stem("mutated"), Stem("mutation"))
	}
	got := strings.Join(Words("BRAF-mutated melanoma (stage IV), 2.5 mg"), "|")
	// "stage IV" also gives the qualified term "stage-4" (qualifier.go).
	if got != "braf-mutated|braf|mutated|melanoma|stage|stage-4|iv|2.5|mg" {
		t.Errorf("Words: %s", got)
	}
}

func TestAddTerm(t *testing.T) {
	c := Concept{Text: "melanoma", Terms: []string{"melanoma"}}
	if !c.AddTerm("Melanoma, Cutaneous") || c.AddTerm("melanoma, cutaneous") || c.AddTerm("  ") {
		t.Errorf("AddTerm must add new terms once: %v", c.Terms)
	}
}

// TestFixedPhrasesStayWhole: a fixed term with a stopword inside is one concept, not two
// halves cut at its "of" or "in".
func TestFixedPhrasesStayWhole(t *testing.T) {
	for _, tt := range []struct{ q, concept string }{
		{"Is health-related quality of life impaired in children with asthma?", "quality-of-life"},
		{"Does early mobilisation reduce length of stay after hip fracture?", "length-of-stay"},
		{"Do statins improve activities of daily living in stroke survivors?", "activities-of-daily-living"},
		{"Is in vitro fertilization associated with childhood cancer?", "in-vitro-fertilization"},
	} {
		s, err := Extract(tt.q)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range s.Concepts {
			if strings.Contains(c.Text, tt.concept) {
				found = true
			}
			if c.Text == "life" || strings.HasPrefix(c.Text, "life ") || c.Text == "stay" || c.Text == "vitro fertilization" {
				t.Errorf("%q: a half of a fixed term became a concept: %q", tt.q, joinTexts(s.Concepts))
			}
		}
		if !found {
			t.Errorf("%q: no concept holds %q: %q", tt.q, tt.concept, joinTexts(s.Concepts))
		}
	}
}

// TestSpellingVariant: a wording gets its other spelling, British ↔ American, and words
// that only look like one of the patterns keep theirs.
func TestSpellingVariant(t *testing.T) {
	cases := []struct{ in, want string }{
		{"hypoglycaemia", "hypoglycemia"},
		{"hypoglycemia", "hypoglycaemia"},
		{"gram-negative bacteremia", "gram-negative bacteraemia"},
		{"ischemic stroke", "ischaemic stroke"},
		{"infantile haemangioma", "infantile hemangioma"},
		{"hemodialysis", "haemodialysis"},
		{"randomised trial", "randomized trial"},
		{"immunized children", "immunised children"},
		{"tumor necrosis", "tumour necrosis"},
		{"pediatric asthma", "paediatric asthma"},
		{"labor", "labour"},
		{"caesarean section", "cesarean section"},
		{"fecal", "faecal"},
		{"appendicectomy", "appendectomy"},
		{"sulphonylureas", "sulfonylureas"},
		{"obstructive sleep apnoea", "obstructive sleep apnea"},
		// Not spellings of each other.
		{"chemotherapy", ""},
		{"academic", ""},
		{"epidemic", ""},
		{"colorectal cancer", ""},
		{"hemisphere", ""},
		{"raised intracranial pressure", ""},
		{"supervised exercise", ""},
		{"laboratory", ""},
	}
	for _, c := range cases {
		if got := spellingVariant(c.in); got != c.want {
			t.Errorf("spellingVariant(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCaseDetailsAreNoConcepts: a case's age and pregnancies, told before its question, are
// who the patient is; they are never searched.
func TestCaseDetailsAreNoConcepts(t *testing.T) {
	for _, q := range []string{
		"52-year-old with a unilateral aldosterone-producing adenoma. In primary aldosteronism, is adrenalectomy better than MRAs?",
		"32 yo G1 at 10 weeks with hyperemesis gravidarum. Is there any evidence for mirtazapine?",
		"A 6-month-old with bronchiolitis: does hypertonic saline help?",
	} {
		s, err := Extract(q)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range s.Concepts {
			for _, w := range c.Words {
				if ageWord.MatchString(w) || w == "yo" {
					t.Errorf("%q: %q is a concept: %v", q, w, texts(s))
				}
			}
		}
	}
}
