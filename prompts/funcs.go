package prompts

import (
	"regexp"
	"strconv"
	"strings"
	"text/template"
)

// delimiterTag matches the XML-like tags our templates use to fence untrusted text. Text
// from papers, web pages or reports could contain them to break out of its fence, so the
// "untrusted" function defuses them; everything else (including "p < 0.05") is left
// byte-identical, because appraisal quotes are checked verbatim against the source.
var delimiterTag = regexp.MustCompile(`(?i)<(/?)(\s*)(evidence|report|paper|question|rule_findings|heuristics)\b`)

// funcs are the helpers templates may call. They are pure formatting functions.
var funcs = template.FuncMap{
	"untrusted": func(s string) string {
		return delimiterTag.ReplaceAllString(s, "‹$1$2$3")
	},
	"signed": signed,
	"num":    func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) },
	"fixed1": func(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) },
	"half":   func(f float64) string { return strconv.FormatFloat(f/2, 'f', -1, 64) },
	"frac": func(f float64, num, den int) string {
		return strconv.FormatFloat(f*float64(num)/float64(den), 'f', -1, 64)
	},
	"pct":   func(f float64) string { return strconv.FormatFloat(f*100, 'f', 0, 64) + "%" },
	"join":  strings.Join,
	"inc":   func(i int) int { return i + 1 },
	"upper": strings.ToUpper,
}

// signed formats a score delta with an explicit sign, as in "+5.0".
func signed(f float64) string {
	s := strconv.FormatFloat(f, 'f', 1, 64)
	if f >= 0 {
		return "+" + s
	}
	return s
}
