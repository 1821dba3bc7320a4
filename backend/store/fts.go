package store

import (
	"strings"
	"unicode"
)

// maxQueryTerms bounds how many terms a search uses, so a pasted paragraph stays fast.
const maxQueryTerms = 16

// ftsQuery turns what a user typed into a safe FTS5 MATCH expression. FTS5 syntax is never
// passed through: every word becomes a quoted string, so `metformin "alz`, `AND OR (` or
// `title:x*` can never raise a syntax error. The rules, chosen for a search-as-you-type box:
//
//   - terms are combined with AND (every term must appear);
//   - a balanced "double-quoted phrase" is matched as a phrase;
//   - bare words match exactly after stemming (porter tokenizer: "trials" finds "trial"),
//     except the LAST bare word, which is a prefix match ("metfor" finds "metformin");
//   - words without any letter or digit are dropped, a possessive 's is dropped, control
//     characters and invalid UTF-8 are spaces; FTS operators (AND, OR, NOT, NEAR) are ordinary words.
//
// It returns "" when nothing searchable remains.
func ftsQuery(text string) string {
	type term struct {
		text   string
		phrase bool
	}
	var terms []term
	// Control characters (a pasted NUL) are not text; FTS5 rejects them inside strings.
	rest := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(text, " "))
	for len(terms) < maxQueryTerms {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		if rest == "" {
			break
		}
		if rest[0] == '"' {
			if end := strings.IndexByte(rest[1:], '"'); end >= 0 {
				if p := rest[1 : 1+end]; hasWordChar(p) {
					terms = append(terms, term{text: p, phrase: true})
				}
				rest = rest[end+2:]
				continue
			}
			rest = rest[1:] // an unbalanced quote is just punctuation
			continue
		}
		end := strings.IndexFunc(rest, func(r rune) bool { return unicode.IsSpace(r) || r == '"' })
		if end < 0 {
			end = len(rest)
		}
		if w := trimPossessive(rest[:end]); hasWordChar(w) {
			terms = append(terms, term{text: w})
		}
		rest = rest[end:]
	}
	lastWord := -1
	for i, t := range terms {
		if !t.phrase {
			lastWord = i
		}
	}
	parts := make([]string, 0, len(terms))
	for i, t := range terms {
		q := `"` + strings.ReplaceAll(t.text, `"`, `""`) + `"`
		if i == lastWord {
			q += "*"
		}
		parts = append(parts, q)
	}
	return strings.Join(parts, " ")
}

func hasWordChar(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// trimPossessive drops an English possessive ("Alzheimer's" → "Alzheimer"), which the
// tokenizer would otherwise split into a phrase ending in a stray "s".
func trimPossessive(w string) string {
	for _, suffix := range []string{"'s", "’s", "'S", "’S"} {
		if strings.HasSuffix(w, suffix) && len(w) > len(suffix) {
			return strings.TrimSuffix(w, suffix)
		}
	}
	return w
}

// queryStopWords are words of research questions that carry no topic; ftsAnyQuery drops
// them so "What drugs could be repurposed for X?" does not match every record with "for".
var queryStopWords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "at": true, "be": true, "been": true, "by": true,
	"can": true, "could": true, "do": true, "does": true, "for": true, "from": true, "has": true, "have": true,
	"how": true, "in": true, "into": true, "is": true, "it": true, "its": true, "may": true, "might": true,
	"of": true, "on": true, "or": true, "should": true, "show": true, "than": true, "that": true, "the": true,
	"their": true, "there": true, "these": true, "this": true, "to": true, "treat": true, "treating": true,
	"what": true, "which": true, "who": true, "will": true, "with": true, "would": true, "effective": true,
	"promise": true, "existing": true, "drug": true, "drugs": true, "medication": true, "medications": true,
	"repurposed": true, "repurposing": true, "potential": true, "evidence": true,
}

// ftsAnyQuery builds an OR of the query's content words (each quoted, so no FTS syntax
// gets through), dropping stop words; it returns "" when nothing searchable remains.
func ftsAnyQuery(text string) string {
	var parts []string
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '\'' && r != '’'
	}) {
		w := strings.Trim(trimPossessive(f), "-'’")
		lw := strings.ToLower(w)
		if !hasWordChar(w) || queryStopWords[lw] || seen[lw] || len([]rune(lw)) < 2 {
			continue
		}
		seen[lw] = true
		parts = append(parts, `"`+strings.ReplaceAll(w, `"`, `""`)+`"`)
		if len(parts) == maxQueryTerms {
			break
		}
	}
	return strings.Join(parts, " OR ")
}
