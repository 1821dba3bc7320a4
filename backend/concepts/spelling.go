package concepts

import (
	"sort"
	"strings"
	"sync"

	edlib "github.com/hbollon/go-edlib"
)

// A question typed in a hurry misspells the one word that matters ("levetiracetem",
// "schizophrenai", "dexmedetomidne"): read as an unknown word, it loses its role, and a
// search for it finds nothing. misspelled finds the vocabulary word it was meant to be,
// so the parse reads the word's role and the concept is searched and matched by the right
// spelling too (enrich adds it as a term; the question keeps the user's words).

var (
	spellOnce  sync.Once
	spellWords []string        // the vocabulary's single words of 6 letters or more
	plainWords map[string]bool // those of them that are ordinary English words (see plainSlip)
	spellCache sync.Map        // word -> correction ("" for none)
)

// misspelled returns the name of a drug, disease, treatment or measure an unknown word of
// 6 letters or more is a typing slip of, "" when there is none or more than one. A slip is
// one letter added, dropped, changed or two neighbours swapped, never in the first letter.
// Only words the vocabulary does not know are looked at, and a word with the ending of an
// English adjective or participle only as a slip of a name with that ending: "depressive"
// is no slip for "depression", nor "anaemic" for "anaemia", but "tumeric" is one for
// "turmeric". A plural is the plural of its singular's name ("migranes" of "migraine"):
// patients ask about their migraines and their blood presure alike.
func misspelled(w string) string {
	w = strings.ToLower(w)
	if len(w) < 6 || strings.ContainsFunc(w, func(r rune) bool { return (r < 'a' || r > 'z') && r != '-' }) {
		return ""
	}
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "is") && !strings.HasSuffix(w, "us") {
		// ("psoraisis" is a slip of its own, not a plural.) The singular must be no word the
		// vocabulary knows: "statnis" is no plural of anything.
		one := strings.TrimSuffix(w, "s")
		if roleOf(one) != "" || roleOf(w) != "" {
			return ""
		}
		if f := misspelled(one); f != "" && !strings.HasSuffix(f, "s") {
			return f + "s"
		}
		return ""
	}
	ending := ""
	for _, suf := range englishEndings {
		if strings.HasSuffix(w, suf) {
			ending = suf
			break
		}
	}
	if v, ok := spellCache.Load(w); ok {
		return v.(string)
	}
	spellOnce.Do(func() {
		seen := map[string]bool{}
		for _, m := range []map[string]bool{conditionWords, knownDrugs} {
			for k := range m {
				if len(k) >= 6 && !seen[k] {
					seen[k] = true
					spellWords = append(spellWords, k)
				}
			}
		}
		// Treatments and measures too ("excercise", "blood presure"), by plainSlip only.
		plainWords = map[string]bool{}
		for _, m := range []map[string]bool{interventionWords, outcomeWords} {
			for k := range m {
				if len(k) >= 6 && !seen[k] {
					seen[k] = true
					plainWords[k] = true
					spellWords = append(spellWords, k)
				}
			}
		}
		// Class members and a substance's other names ("turmeric" beside "curcumin").
		for _, names := range append(classMemberLists(), drugSynonyms...) {
			for _, m := range names {
				if len(m) >= 6 && !strings.Contains(m, " ") && !seen[m] {
					seen[m] = true
					spellWords = append(spellWords, m)
				}
			}
		}
		sort.Strings(spellWords)
	})
	fixed := ""
	if roleOf(w) == "" {
		const limit = 1
		best, n := limit+1, 0
		for _, v := range spellWords {
			if v[0] != w[0] || abs(len(v)-len(w)) > limit || !strings.HasSuffix(v, ending) {
				// A word with an English ending is only a slip of a name with that ending
				// ("tumeric" of "turmeric"), never of its noun ("anaemic" of "anaemia").
				continue
			}
			if plainWords[v] && !plainSlip(w, v) {
				continue
			}
			if d := edlib.OSADamerauLevenshteinDistance(w, v); d < best {
				best, fixed, n = d, v, 1
			} else if d == best {
				n++
			}
		}
		if n != 1 {
			fixed = ""
		}
	}
	spellCache.Store(w, fixed)
	return fixed
}

// plainSlip reports whether w is v typed with one letter added ("excercise") or with one
// letter of a double dropped ("presure"). A treatment or a measure is named by an ordinary
// English word, and the English words one letter from it are mostly words of their own
// ("meditation" and "medication", "hearing" and "healing", "simulation" and "stimulation"):
// only these two slips, which seldom make a word, are read as one of them.
func plainSlip(w, v string) bool {
	long, short := w, v
	if len(w) < len(v) {
		long, short = v, w
	}
	if len(long) != len(short)+1 {
		return false
	}
	for i := range len(long) {
		if long[:i]+long[i+1:] != short {
			continue
		}
		// Added to the right word, or a letter of the right word's double dropped.
		return long == w || i+1 < len(long) && long[i+1] == long[i] || i > 0 && long[i-1] == long[i]
	}
	return false
}

// classMemberLists are the drug classes' member lists.
func classMemberLists() [][]string {
	out := make([][]string, len(drugClasses))
	for i, dc := range drugClasses {
		out[i] = dc.members
	}
	return out
}

// englishEndings end adjectives, participles, agents and plurals of medical nouns: a word
// ending so is a word of its own, not a slip.
var englishEndings = []string{"ive", "ous", "ic", "al", "ing", "ed", "or", "ion", "ions", "es", "ss", "ary", "ory", "ly", "ism"}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// respelled returns a concept's words with each misspelled one corrected, "" when none is.
func respelled(words []string) string {
	out, changed := make([]string, len(words)), false
	for i, w := range words {
		out[i] = w
		if f := misspelled(w); f != "" {
			out[i], changed = f, true
		}
	}
	if !changed {
		return ""
	}
	return strings.Join(out, " ")
}
