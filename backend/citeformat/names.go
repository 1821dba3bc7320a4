package citeformat

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name is one author as the citation formats need it: a person's family name, full given
// names and suffix, or an organisation's name as one literal that no format may split.
type Name struct {
	Family  string
	Given   string
	Suffix  string
	Literal string
}

// IsLiteral reports whether the name is an organisation (or a single word) kept whole.
func (n Name) IsLiteral() bool { return n.Literal != "" }

// String renders the name in the shape Citation.Authors stores: "Family, Given",
// "Family, Given, Suffix", or the literal.
func (n Name) String() string {
	if n.Literal != "" {
		return n.Literal
	}
	s := personName(n.Family, n.Given)
	if n.Suffix != "" {
		if n.Given == "" {
			s += ","
		}
		s += ", " + n.Suffix
	}
	return s
}

// Vancouver renders the name as reference lists in medicine print it: "Flaherty KT",
// "Smith J Jr", or the organisation's name.
func (n Name) Vancouver() string {
	if n.Literal != "" {
		return n.Literal
	}
	parts := []string{n.Family}
	if in := Initials(n.Given); in != "" {
		parts = append(parts, in)
	}
	if n.Suffix != "" {
		parts = append(parts, strings.TrimSuffix(n.Suffix, "."))
	}
	return strings.Join(parts, " ")
}

// Initials turns given names into initials without dots or spaces ("Keith T" → "KT",
// "Jean-Paul" → "JP"); names already written as initials are kept.
func Initials(given string) string {
	given = cleanSpace(given)
	if given == "" {
		return ""
	}
	if isInitials(strings.ReplaceAll(given, " ", "")) {
		return strings.ReplaceAll(given, " ", "")
	}
	var b strings.Builder
	for _, f := range strings.FieldsFunc(given, func(r rune) bool { return r == ' ' || r == '-' || r == '.' }) {
		r, _ := utf8.DecodeRuneInString(f)
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

// suffixes are the generational and similar suffixes a name may carry after the given names.
var suffixes = map[string]bool{"jr": true, "sr": true, "ii": true, "iii": true, "iv": true, "v": true, "2nd": true, "3rd": true}

func isSuffix(s string) bool {
	return suffixes[strings.ToLower(strings.TrimSuffix(strings.TrimSpace(s), "."))]
}

// ParseName reads an author string as Citation.Authors holds it. It understands
// "Family, Given", "Family, Given, Suffix" (and BibTeX's "Family, Suffix, Given"),
// MEDLINE's "Family FM", "Given Family" and organisations ("METRIC Study Group"), which
// come back as a literal.
func ParseName(s string) Name {
	s = cleanSpace(s)
	if s == "" {
		return Name{}
	}
	if strings.Contains(s, ",") {
		// A group name with a comma ("Writing Committee for the X, Y and Z Investigators")
		// is still one name: a family name of three or more words with a group word is not
		// a person's.
		if first, _, _ := strings.Cut(s, ","); len(strings.Fields(first)) > 2 && isCollective(first) {
			return Name{Literal: s}
		}
		parts := strings.Split(s, ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		n := Name{Family: parts[0]}
		switch {
		case len(parts) == 2:
			n.Given = parts[1]
			// MEDLINE's FAU puts the suffix after the given names: "Hambrick, George W Jr".
			if w := strings.Fields(n.Given); len(w) > 1 && isSuffix(w[len(w)-1]) {
				n.Given, n.Suffix = strings.Join(w[:len(w)-1], " "), w[len(w)-1]
			}
		case len(parts) >= 3 && isSuffix(parts[1]) && !isSuffix(parts[2]):
			n.Suffix, n.Given = parts[1], strings.Join(parts[2:], " ")
		default:
			n.Given = parts[1]
			n.Suffix = strings.Join(parts[2:], " ")
		}
		if n.Family == "" {
			return Name{Literal: s}
		}
		if n.Given == "" && n.Suffix == "" {
			return Name{Literal: n.Family}
		}
		return n
	}
	if isCollective(s) {
		return Name{Literal: s}
	}
	words := strings.Fields(s)
	var suffix string
	if len(words) > 2 && isSuffix(words[len(words)-1]) {
		suffix = words[len(words)-1]
		words = words[:len(words)-1]
	}
	if len(words) == 1 {
		return Name{Literal: s}
	}
	last := words[len(words)-1]
	if isInitials(last) {
		return Name{Family: strings.Join(words[:len(words)-1], " "), Given: last, Suffix: suffix}
	}
	// "First von Last": lower-case particles belong to the family name.
	i := len(words) - 1
	for i > 1 && isParticle(words[i-1]) {
		i--
	}
	return Name{Family: strings.Join(words[i:], " "), Given: strings.Join(words[:i], " "), Suffix: suffix}
}

// VancouverAuthor renders an author string of Citation.Authors as "Family Initials".
func VancouverAuthor(s string) string { return ParseName(s).Vancouver() }

// dottedGiven adds the full stop BibTeX styles expect after a bare initial among full
// given names ("Keith T" → "Keith T."), so an abbreviating style prints "K. T.". Names
// that are all initials ("KT", MEDLINE's form) are left as they are.
func dottedGiven(given string) string {
	words := strings.Fields(given)
	for i, w := range words {
		if utf8.RuneCountInString(w) == 1 && unicode.IsUpper([]rune(w)[0]) {
			words[i] = w + "."
		}
	}
	return strings.Join(words, " ")
}

// undottedGiven reverses dottedGiven: the stop after a one-letter initial goes ("Keith T."
// → "Keith T"), as Citation.Authors stores names the way PubMed gives them.
func undottedGiven(given string) string {
	words := strings.Fields(given)
	for i, w := range words {
		if r := []rune(w); len(r) == 2 && r[1] == '.' && unicode.IsUpper(r[0]) {
			words[i] = string(r[0])
		}
	}
	return strings.Join(words, " ")
}
