package domain

// AllDigits reports whether s is a non-empty run of ASCII digits (a PMID, a year, the "2" of
// "type 2"); one rule for the parsers and the question's reader.
func AllDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
