package concepts

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/internal/sharedtest"
)

// TestNotEnglish: a question in another language is named (by its script, or by the
// function words and letters English does not have); an English one is not, however many
// borrowed phrases, eponyms, acronyms and accented names it holds.
func TestNotEnglish(t *testing.T) {
	cases := []struct {
		q, lang string
	}{
		// Other languages.
		{"Le metformine est-il efficace contre le cancer ?", "French"},
		{"Quels médicaments pour la maladie d'Alzheimer ?", "French"},
		{"¿Es eficaz la metformina para tratar el cáncer?", "Spanish"},
		{"Ist Metformin wirksam gegen Krebs?", "German"},
		{"Welche Medikamente helfen bei Morbus Parkinson?", "German"},
		{"La metformina è efficace nel tumore della prostata?", "Italian"},
		{"A metformina é eficaz contra o câncer de próstata?", "Portuguese"},
		{"Werkt metformine tegen kanker bij ouderen?", "Dutch"},
		{"Czy metformina jest skuteczna w leczeniu raka?", "Polish"},
		{"Finns det studier om metformin och cancer?", "Swedish, Norwegian or Danish"},
		{"Kanser tedavisinde metformin ile yapılan çalışmalar", "Turkish"},
		{"Este metformina eficientă în tratamentul cancerului?", "Romanian"},
		{"Nebenwirkungen der Behandlung mit Metformin", "German"},
		{"二甲双胍对癌症有效吗？", "Chinese"},
		{"メトホルミンはがんに効きますか？", "Japanese"},
		{"Эффективен ли метформин при раке?", "Cyrillic script"},
		{"메트포르민은 암에 효과가 있습니까?", "Korean"},
		{"Είναι η μετφορμίνη αποτελεσματική στον καρκίνο;", "Greek"},
		// English, with what might mislead a counter of foreign words.
		{"Is metformin effective for treating cancer?", ""},
		// "care" is Romanian for "which", and said twice is still one word.
		{"Kangaroo mother care vs conventional incubator care in LBW infants mortality", ""},
		{"Does surgery help in de Quervain tenosynovitis?", ""},
		{"Desmopressin in von Willebrand disease", ""},
		{"Genetics of van der Woude syndrome", ""},
		{"Torsades de pointes with methadone: how common?", ""},
		{"Outcome of en bloc resection of bladder tumours", ""},
		{"De novo donor-specific antibodies after kidney transplant", ""},
		{"Betahistine for Ménière disease", ""},
		{"Rituximab in Sjögren syndrome and Guillain-Barré syndrome", ""},
		{"TNF-α blockers and IL-6 in rheumatoid arthritis", ""},
		{"DES exposure in utero and later cancer", ""},
		{"Treatment-naïve HIV: dolutegravir outcomes", ""},
		{"Cancer screening in Los Angeles and São Paulo", ""},
		// One sign is not enough, so a short question with a single foreign word is let
		// through (and its parse shown as chips): the price of never refusing English.
		{"Metformin y cancer", ""},
		{"Metformin kanser tedavisinde etkili mi?", ""},
		{"cancer", ""},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			require.Equal(t, c.lang, notEnglish(c.q))
		})
	}
}

// TestExtractRefusesAnotherLanguage: the parse of a question in another language fails
// with one line that names the language and says to ask in English, before any concept
// is made of its words.
func TestExtractRefusesAnotherLanguage(t *testing.T) {
	_, err := Extract("Le metformine est-il efficace contre le cancer ?")
	require.Error(t, err)
	require.Equal(t, domain.CodeInvalid, domain.CodeOf(err))
	msg := domain.SafeMessage(err)
	require.Contains(t, msg, "reads as French")
	require.Contains(t, msg, "ask it in English")
	require.NotContains(t, msg, "\n")
}

// TestRealEnglishQuestionsAreEnglish: no question or title of the shared English corpora
// (PubMedQA's 500 questions, the MEDLINE sample's 100 titles) nor of the stance probe sets
// (written apart from this check) is refused as another language.
func TestRealEnglishQuestionsAreEnglish(t *testing.T) {
	var qs []string
	for _, it := range sharedtest.PubMedQA(t) {
		qs = append(qs, it.Question)
	}
	for _, line := range strings.Split(string(sharedtest.Read(t, "data", "medline_sample", "sample100.medline.txt")), "\n") {
		if ti, ok := strings.CutPrefix(line, "TI  - "); ok {
			qs = append(qs, ti)
		}
	}
	for _, p := range []string{"probe.jsonl", "probe2.jsonl", "probe3.jsonl"} {
		f, err := os.Open("../stance/testdata/" + p)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var it struct{ Question string }
			require.NoError(t, json.Unmarshal(sc.Bytes(), &it))
			qs = append(qs, it.Question)
		}
		require.NoError(t, f.Close())
	}
	require.Greater(t, len(qs), 1000)
	for _, q := range qs {
		require.Empty(t, notEnglish(q), "refused as another language: %q", q)
	}
}
