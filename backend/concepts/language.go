package concepts

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// notEnglish names the language or script a question is written in when it is not English
// ("" when it is, or when the question is too short to tell). The parser reads English and
// PubMed, Europe PMC and ClinicalTrials.gov are searched in English, so a question in
// another language would be split into nonsense concepts ("condition: le metformine est-il
// efficace contre le cancer") and searched as such; it is refused instead, in one line.
//
// It counts signs of a language: its function words, which every sentence has and no drug
// or disease name is, its letters English does not write ("ñ", "ß"), and a few word endings
// of its own ("-ung"). A question in a Latin-script language other than English holds at
// least two signs of that language and more of them than English function words. Words a
// language shares with English ("in", "a", "no", "do", "per") are in neither list, and
// loan phrases medicine writes in English ("de novo", "en bloc", "torsades de pointes"),
// the particles of eponyms ("de Quervain", "von Willebrand"), acronyms ("DES") and
// capitalised names ("Ménière") are not counted. A general
// language detector was measured first and not used: whatlanggo read 42 of PubMedQA's 500
// English questions as another language ("Target Serum Urate: Do Gout Patients Know Their
// Goal?" as French), since a five-word question of drug and disease names gives its letter
// statistics too little to go on.
func notEnglish(q string) string {
	if s := script(q); s != "" {
		return s
	}
	words, accented := functionWords(q)
	english := 0
	counts := map[string]int{}
	seen := map[string]bool{}
	for _, w := range words {
		if seen[w] {
			// A word said twice is one sign: "kangaroo mother care vs incubator care".
			continue
		}
		seen[w] = true
		if englishWords[w] {
			english++
		}
		for _, l := range latinLanguages {
			if l.words[w] || l.elided(w) || l.ended(w) {
				counts[l.name]++
			}
		}
	}
	// A word written with a letter English does not use ("cáncer", "Früherkennung") is a
	// sign of each language whose alphabet has it; capitalised names inside the question
	// ("Ménière", "Sjögren") are not counted.
	for _, w := range accented {
		for _, l := range latinLanguages {
			if strings.ContainsAny(w, l.letters) {
				counts[l.name]++
			}
		}
	}
	if strings.ContainsAny(q, "¿¡") {
		counts["Spanish"]++
	}
	best, n := "", 0
	var tied []string
	for _, l := range latinLanguages {
		switch c := counts[l.name]; {
		case c > n:
			best, n, tied = l.name, c, nil
		case c == n && c > 0:
			tied = append(tied, l.name)
		}
	}
	// One sign alone is not enough: "Ist trimester findings" and "gravida 2 para 1" are
	// English.
	if n < 2 || n <= english {
		return ""
	}
	if len(tied) > 0 {
		return best + " or " + strings.Join(tied, " or ")
	}
	return best
}

// script names the script of a question written mostly in letters other than Latin ones
// ("TNF-α" is a Greek letter in an English question, not a Greek question).
func script(q string) string {
	latin, other := 0, map[string]int{}
	for _, r := range q {
		if !unicode.IsLetter(r) {
			continue
		}
		if unicode.Is(unicode.Latin, r) {
			latin++
			continue
		}
		for _, s := range scripts {
			if unicode.Is(s.table, r) {
				other[s.name]++
				break
			}
		}
	}
	total := 0
	for _, n := range other {
		total += n
	}
	if total <= latin {
		return ""
	}
	if other["Japanese"] > 0 {
		return "Japanese" // kana with kanji: the kanji are Han characters
	}
	best, n := "", 0
	for _, s := range scripts {
		if other[s.name] > n {
			best, n = s.name, other[s.name]
		}
	}
	if best == "" {
		return "a script other than the Latin alphabet"
	}
	return best
}

// scripts name the writing systems a question may be in, each by what a reader would call
// it (Han characters alone are most often Chinese; with kana they are Japanese).
var scripts = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"Japanese", unicode.Hiragana}, {"Japanese", unicode.Katakana}, {"Chinese", unicode.Han},
	{"Korean", unicode.Hangul}, {"Cyrillic script", unicode.Cyrillic}, {"Arabic script", unicode.Arabic},
	{"Hebrew", unicode.Hebrew}, {"Greek", unicode.Greek}, {"Devanagari script", unicode.Devanagari},
	{"Thai", unicode.Thai}, {"Bengali script", unicode.Bengali}, {"Tamil", unicode.Tamil},
	{"Armenian", unicode.Armenian}, {"Georgian", unicode.Georgian},
}

// functionWords returns a question's lower-cased words without the English loan phrases
// and the eponyms' particles, which would otherwise count as another language's words, and
// those of them with a letter outside English's alphabet that are not a name (capitalised
// after the first word).
func functionWords(q string) (words, accented []string) {
	raw := strings.FieldsFunc(q, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' || r == '-')
	})
	low := make([]string, len(raw))
	for i, w := range raw {
		low[i] = strings.Trim(strings.ReplaceAll(strings.ToLower(w), "’", "'"), "-'")
	}
	drop := make([]bool, len(raw))
	for i := range low {
		for _, p := range loanPhrases {
			if i+len(p) <= len(low) && slices.Equal(low[i:i+len(p)], p) {
				for k := range p {
					drop[i+k] = true
				}
			}
		}
	}
	// "de Quervain", "von Willebrand", "van der Woude": particles before a capitalised name
	// ("der" and "den" only after "van" or "von": alone they are German articles).
	for i := len(raw) - 2; i >= 0; i-- {
		next := []rune(raw[i+1])
		if !(nameParticles[low[i]] || innerParticles[low[i]]) || len(next) == 0 || !unicode.IsUpper(next[0]) || unicode.IsUpper(lastRune(raw[i])) {
			continue
		}
		if innerParticles[low[i]] && (i == 0 || !nameParticles[low[i-1]]) {
			continue
		}
		for j := i; j >= 0 && (nameParticles[low[j]] || innerParticles[low[j]]); j-- {
			drop[j] = true
		}
	}
	for i, w := range low {
		if drop[i] || w == "" || acronym(raw[i]) {
			continue
		}
		words = append(words, w)
		if strings.ContainsFunc(w, func(r rune) bool { return r > unicode.MaxASCII && unicode.Is(unicode.Latin, r) }) &&
			(i == 0 || !unicode.IsUpper([]rune(raw[i])[0])) {
			accented = append(accented, w)
		}
	}
	return words, accented
}

// acronym reports whether a word is written in capitals ("PARA", "DES", "EST"): an
// abbreviation, not a function word.
func acronym(w string) bool {
	letters := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

func lastRune(s string) rune {
	r := []rune(s)
	if len(r) == 0 {
		return 0
	}
	return r[len(r)-1]
}

// loanPhrases are phrases English medical writing borrows whole, with another language's
// function word inside.
var loanPhrases = func() [][]string {
	var out [][]string
	for _, p := range []string{
		"de novo", "en bloc", "en face", "en masse", "en plaque", "torsades de pointes", "torsade de pointes",
		"café au lait", "folie à deux", "la belle indifférence", "belle indifférence", "mal de débarquement",
		"mal de debarquement", "peau d'orange", "pied de poule", "tic douloureux", "coup de grâce", "coup de grace",
		"et al", "sine qua non", "a priori", "a posteriori", "per se", "per os", "de facto", "ad hoc", "ad libitum",
		"in situ", "in vitro", "in vivo", "in utero", "la crosse", "maladie de", "déjà vu", "deja vu", "du jour",
		"cri du chat", "tour de force", "raison d'être", "pas de deux", "coup de sabre", "en coup de sabre", "à la carte",
	} {
		out = append(out, strings.Fields(p))
	}
	return out
}()

// nameParticles begin family names ("de Quervain", "von Willebrand", "van der Woude", "Le
// Fort", "La Crosse").
var nameParticles = set(`de del della di da dos du la le van von`)

// innerParticles follow another particle in a name ("van der Woude", "van den Bergh").
var innerParticles = set(`der den ter ten`)

// englishWords are English function words no other language in latinLanguages writes.
var englishWords = set(`the of and for with to on at by from does do did is are was were can could should would will
may might what which how who whom whose whether than versus vs or an be been being this that these those their its
after before during between among into over under not have has there any it they we our your about against without
within when why where most more less`)

// language is one Latin-script language's function words that English does not share.
type language struct {
	name  string
	words map[string]bool
	// elisions are the prefixes its function words take before a vowel ("l'efficacité").
	elisions []string
	// letters are those of its alphabet that English does not write.
	letters string
	// endings are word endings of its own that no English word of seven letters or more has
	// (German "-ung", Italian "-zione").
	endings []string
}

// ended reports whether a word of seven letters or more has one of the language's endings.
func (l language) ended(w string) bool {
	if len([]rune(w)) < 7 {
		return false
	}
	for _, e := range l.endings {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

// elided reports whether a word begins with one of the language's elided function words.
func (l language) elided(w string) bool {
	for _, e := range l.elisions {
		if strings.HasPrefix(w, e) && len(w) > len(e) {
			return true
		}
	}
	return false
}

// latinLanguages are the languages of Latin script most researchers might ask in, each
// with its commonest function words (articles, prepositions, conjunctions, the verb "to
// be", question words), none shared with English.
var latinLanguages = []language{
	{name: "French", words: set(`le la les du au aux est sont une un et ou pour avec dans sur contre chez quels quelles
quel quelle peut peuvent il elle ce cette ces qui que à sans entre y-a-t-il est-ce est-il est-elle sont-ils de des par`),
		elisions: []string{"l'", "d'", "qu'", "n'", "s'"}, letters: "àâæçéèêëîïôœùûÿ"},
	{name: "Spanish", words: set(`el la los las es del con para por una un que cuál cuáles qué cómo cuándo puede pueden
sobre entre sin son y en al se su sus lo está están hay de`), letters: "áéíñóúü", endings: []string{"ciones", "idades"}},
	{name: "German", words: set(`der die das den dem ist sind und mit bei beim für gegen ein eine einen einer eines wirkt
wirken welche welcher welches kann können nicht von vom zur zum auf nach wie oder hilft helfen durch über als gibt es des`),
		letters: "äöüß", endings: []string{"ung", "ungen", "keit", "heit", "schaft", "lichen", "ischen"}},
	{name: "Italian", words: set(`il lo la gli della delle degli dei nel nella nei è sono una un che con contro di del quali
quale può possono come sulla sul tra fra nelle`),
		elisions: []string{"l'", "dell'", "all'", "nell'", "un'", "sull'"}, letters: "àèéìíòóù",
		endings: []string{"zione", "zioni", "mente"}},
	{name: "Portuguese", words: set(`os é da dos das com para em uma um quais qual pode podem contra na nas nos ao aos pelo
pela que sobre entre são há seu sua de`), letters: "áâãàçéêíóôõú"},
	{name: "Dutch", words: set(`de het een en van voor bij tegen zijn welke kan kunnen werkt helpt met niet op na ook wat
hoe er aan naar door`), endings: []string{"heid", "iteit", "ingen"}},
	{name: "Polish", words: set(`czy są jest dla oraz jakie jaki jakie które który się przy nad przeciw ze we lub oraz`),
		letters: "ąćęłńśźż"},
	{name: "Swedish, Norwegian or Danish", words: set(`och för av hos det finns är till vid som ett på og er til ved eller`),
		letters: "åæø"},
	{name: "Turkish", words: set(`ve ile bir mi mı mu mü için bu olan hakkında arasında`), letters: "ğış"},
	{name: "Czech or Slovak", words: set(`je jsou pro při jaké který které nebo`), letters: "čďěňřšťůž"},
	// ("care" is left out: "usual care", "incubator care" are English.)
	{name: "Romanian", words: set(`și în cu pe pentru este sunt din ale`), letters: "ăîșțşţ"},
}

// foreignQuestionError is the one line a question in another language is refused with.
func foreignQuestionError(q, lang string) string {
	return fmt.Sprintf("%q is not in English (it reads as %s): DeepCritical reads questions in English, and PubMed, "+
		"Europe PMC and ClinicalTrials.gov are searched in English; ask it in English", q, lang)
}
