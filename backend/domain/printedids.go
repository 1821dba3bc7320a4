package domain

import (
	"regexp"
	"strings"
)

// Identifiers printed in a paper's text (a PDF's first page, its running footer): the rules
// for reading them out of prose, beside the rules (NormalizeDOI, Identifiers) that compare
// them once read.
var (
	// doiInText is the DOI syntax publishers print: "10." a registrant code, "/" and a
	// suffix of the characters Crossref recommends matching.
	doiInText = regexp.MustCompile(`(?i)\b10\.\d{4,9}/[-._;()/:a-z0-9<>]+`)
	// pmidInText needs the "PMID" label: a bare number is not a PMID.
	pmidInText = regexp.MustCompile(`(?i)\bPMID\s*:?\s*(\d{1,9})\b`)
	// pmcidInText is "PMC" and digits, labelled ("PMCID: PMC12") or bare with five digits or
	// more (shorter bare ones are too easily something else).
	pmcidInText = regexp.MustCompile(`(?i)\bPMCID\s*:?\s*PMC\s?(\d{1,9})\b|\bPMC\s?(\d{5,9})\b`)
)

// DOIsIn returns the DOIs printed in s, in order of appearance and deduplicated by
// NormalizeDOI, without the punctuation that follows a DOI in a sentence ("doi:10.1/x.",
// "(10.1/x)").
func DOIsIn(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range doiInText.FindAllString(s, -1) {
		d := trimDOI(m)
		if n := NormalizeDOI(d); n != "" && strings.Contains(n, "/") && !seen[n] {
			seen[n] = true
			out = append(out, d)
		}
	}
	return out
}

// trimDOI drops trailing sentence punctuation and a closing bracket the DOI did not open.
func trimDOI(d string) string {
	for {
		d = strings.TrimRight(d, ".,;:")
		switch {
		case strings.HasSuffix(d, ")") && strings.Count(d, "(") < strings.Count(d, ")"):
			d = d[:len(d)-1]
		case strings.HasSuffix(d, ">") && strings.Count(d, "<") < strings.Count(d, ">"):
			d = d[:len(d)-1]
		default:
			return d
		}
	}
}

// PMIDsIn returns the PMIDs labelled as such in s ("PMID: 25326140"), without leading zeros.
func PMIDsIn(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range pmidInText.FindAllStringSubmatch(s, -1) {
		id := strings.TrimLeft(m[1], "0")
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// PMCIDsIn returns the PMCIDs in s as "PMC" and digits.
func PMCIDsIn(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range pmcidInText.FindAllStringSubmatch(s, -1) {
		id := "PMC" + m[1] + m[2]
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// SharesIdentifier reports whether two citations name the same work by the one identifier
// rule: some entry of a's Identifiers is an entry of b's (a PDF printing a DOI is the library
// record carrying that DOI, whatever else either holds).
func (c Citation) SharesIdentifier(o Citation) bool {
	mine := map[string]bool{}
	for _, id := range c.Identifiers() {
		mine[id] = true
	}
	for _, id := range o.Identifiers() {
		if mine[id] {
			return true
		}
	}
	return false
}
