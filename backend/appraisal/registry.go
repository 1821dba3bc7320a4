package appraisal

import (
	"fmt"
	"strings"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/lazyre"
)

// registryPattern recognises one trial or review registry's identifiers.
type registryPattern struct {
	Registry string
	// gate is a lower-case literal every match contains, checked before the regexp runs.
	gate string
	re   *lazyre.Regexp
	// normalise turns a match into the canonical id (upper-case, no inner spaces).
	normalise func(string) string
}

func compactUpper(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// registryPatterns lists the WHO primary registries and the common others. Boundaries are
// explicit because ids often sit next to punctuation ("(NCT01136148)").
var registryPatterns = []registryPattern{
	{"ClinicalTrials.gov", "nct", lazyre.New(domain.NCTPattern.String()), func(s string) string { return "NCT" + digitsOf(s) }},
	{"ISRCTN", "isrctn", lazyre.New(`(?i)\bISRCTN[\s:#-]{0,2}\d{8}\b`), func(s string) string { return "ISRCTN" + digitsOf(s) }},
	{"ANZCTR", "", lazyre.New(`(?i)\b(?:ACTRN|ANZCTR[\s:#]{0,3}(?:ACTRN)?)\s?\d{14}\b`), func(s string) string { return "ACTRN" + digitsOf(s) }},
	{"HKUCTR", "hkuctr", lazyre.New(`(?i)\bHKUCTR-\d{3,5}\b`), compactUpper},
	{"EU CT", "-5", lazyre.New(`\b20\d{2}-5\d{5}-\d{2}-\d{2}\b`), func(s string) string { return "EUCT " + s }},
	{"ChiCTR", "chictr", lazyre.New(`(?i)\bChiCTR[-\s]?(?:[A-Z]{2,5}[-\s]?)?\d{6,12}(?:-\d+)?\b`), func(s string) string { return strings.ToUpper(strings.ReplaceAll(s, " ", "")) }},
	{"DRKS", "drks", lazyre.New(`(?i)\bDRKS\s?\d{8}\b`), compactUpper},
	{"EudraCT", "", lazyre.New(`(?i)\bEudraCT(?:\s+(?:No\.?|number|n[°º]|registration(?: number)?))?[\s:#]*(\d{4}-\d{6}-\d{2})\b`), nil},
	{"CTRI", "ctri", lazyre.New(`(?i)\bCTRI\s?/\s?\d{4}\s?/\s?\d{2,3}\s?/\s?\d{5,6}\b`), compactUpper},
	{"PROSPERO", "crd", lazyre.New(`\bCRD\s?\d{8,11}\b`), compactUpper},
	{"UMIN", "umin", lazyre.New(`(?i)\bUMIN(?:-CTR)?\s?[:#]?\s?0\d{8}\b`), func(s string) string { return "UMIN" + digitsOf(s) }},
	{"jRCT", "jrct", lazyre.New(`(?i)\bjRCT[sd]?\d{9,10}\b`), func(s string) string { return strings.TrimSpace(s) }},
	{"JPRN", "jprn", lazyre.New(`(?i)\bJPRN-[A-Za-z]+-?\d{6,12}\b`), compactUpper},
	{"IRCT", "irct", lazyre.New(`(?i)\bIRCT\s?\d{6,14}N\d{1,3}\b`), compactUpper},
	{"PACTR", "pactr", lazyre.New(`(?i)\bPACTR\s?\d{15}\b`), compactUpper},
	{"NTR", "", lazyre.New(`\b(?:NTR|NL)\s?\d{3,5}\b`), compactUpper},
	{"CRiS", "kct", lazyre.New(`(?i)\bKCT\s?\d{7}\b`), compactUpper},
	{"SLCTR", "slctr", lazyre.New(`(?i)\bSLCTR\s?/\s?\d{4}\s?/\s?\d{3}\b`), compactUpper},
	{"TCTR", "tctr", lazyre.New(`(?i)\bTCTR\s?\d{11}\b`), compactUpper},
	{"ReBEC", "rbr-", lazyre.New(`\bRBR-[0-9a-z]{6,8}\b`), func(s string) string { return s }},
	{"RPCEC", "rpcec", lazyre.New(`(?i)\bRPCEC\d{8}\b`), compactUpper},
	{"REPEC", "per-", lazyre.New(`(?i)\bPER-\d{3}-\d{2}\b`), compactUpper},
	{"ISRCTN", "isrctn", lazyre.New(`(?i)\bISRCTN\s?(?:no\.?|number)?\s?\d{8}\b`), func(s string) string { return "ISRCTN" + digitsOf(s) }},
	{"EudraCT", "", lazyre.New(`\b((?:19|20)\d{2}-0\d{5}-\d{2})\b`), nil},
	{"LBCTR", "lbctr", lazyre.New(`(?i)\bLBCTR\d{10}\b`), compactUpper},
	{"ITMCTR", "itmctr", lazyre.New(`(?i)\bITMCTR\d{10}\b`), compactUpper},
	{"ChinaDrugTrials", "ctr20", lazyre.New(`\bCTR20\d{6}\b`), compactUpper},
	{"ResearchRegistry", "researchregistry", lazyre.New(`(?i)\bresearchregistry\s?\d{3,5}\b`), strings.ToLower},
	{"OSF", "osf.io", lazyre.New(`(?i)\bosf\.io/[a-z0-9]{5}\b`), strings.ToLower},
	{"AEARCTR", "aearctr-", lazyre.New(`(?i)\bAEARCTR-\d{7}\b`), compactUpper},
}

// ntrContext is required for the Netherlands register's short ids ("NTR1234", "NL1234"),
// which collide with other codes, before they count.
var ntrContext = lazyre.New(`(?i)(trial ?regist|trialregister|netherlands|dutch|registered|registration|register)`)

func digitsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// RegistryIDs returns the registry identifiers found in s, canonicalised and deduplicated
// in order of appearance. Unicode hyphens and dashes (PDF and publisher text often write
// "2016‐003743‐10" with U+2010) are read as "-".
func RegistryIDs(s string) []string {
	s = quoteDashes.Replace(s)
	type hit struct {
		at int
		id string
	}
	var hits []hit
	seen := map[string]bool{}
	lower := strings.ToLower(s)
	if !hasDigitRun(s, 3) {
		return nil
	}
	for _, p := range registryPatterns {
		if p.gate != "" && !strings.Contains(lower, p.gate) {
			continue
		}
		for _, m := range p.re.FindAllStringSubmatchIndex(s, -1) {
			raw := s[m[0]:m[1]]
			var id string
			switch {
			case p.Registry == "EudraCT":
				id = "EudraCT " + s[m[2]:m[3]]
			case p.normalise != nil:
				id = p.normalise(raw)
			default:
				id = raw
			}
			if p.Registry == "NTR" && !ntrContext.MatchString(s) {
				continue
			}
			if seen[id] {
				continue
			}
			seen[id] = true
			hits = append(hits, hit{m[0], id})
		}
	}
	// Order by position so the first id is the one a reader sees first.
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && hits[j].at < hits[j-1].at; j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.id
	}
	return out
}

// hasDigitRun reports whether s contains n consecutive ASCII digits; every registry id does.
func hasDigitRun(s string, n int) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			run++
			if run >= n {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// namedRegistryRe catches a registry named in words followed by an id in a format the
// patterns above do not know ("registered with the Australian New Zealand Clinical Trials
// Registry, 12610000350055"); the id keeps the registry's name as a prefix.
var namedRegistryRe = lazyre.New(`(?i)\b(clinicaltrials\.gov|clinical trials\.gov|isrctn|anzctr|australian(?: and)? new zealand clinical trials? regist\w*|chinese clinical trials? regist\w*|german clinical trials? regist\w*|clinical trials? regist\w*[\s-]+india|pan[\s-]african clinical trials? regist\w*|netherlands (?:national )?trial regist\w*|iranian regist\w* of clinical trials|japan\w* (?:primary )?regist\w*|umin clinical trials? regist\w*|trial regist\w*|registry)\b[^.;]{0,80}?(?:number|no\.?|id|identifier|#|:|,|\()\s*([a-z]{0,6}[-/]?\d[\d/-]{5,}\d)`)

// NamedRegistryIDs returns ids that follow a registry named in words, as "Registry:id";
// it is the fallback when RegistryIDs finds nothing. An id with the prefix of a registry
// whose ids have a fixed number of digits but another count ("NCT029226027", nine digits)
// is a misprint, not an id of that registry: the paper still says the trial was
// registered, so it is returned, but marked as invalid ("… (not a valid id: NCT takes 8
// digits)") so no one takes it for the trial's id.
func NamedRegistryIDs(s string) []string {
	s = quoteDashes.Replace(s)
	var out []string
	for _, m := range namedRegistryRe.FindAllStringSubmatch(s, -1) {
		id := strings.TrimSpace(m[1]) + ":" + m[2]
		if why := malformedID(m[2]); why != "" {
			id += " (not a valid id: " + why + ")"
		}
		out = append(out, id)
	}
	return out
}

// fixedDigits are the registries whose ids are a prefix and a fixed number of digits.
var fixedDigits = []struct {
	prefix string
	digits int
}{{"NCT", 8}, {"ISRCTN", 8}, {"ACTRN", 14}, {"DRKS", 8}}

// malformedID says why an id read after a registry's name breaks the format its prefix
// promises ("NCT takes 8 digits"), or "" when it keeps it or has no such prefix.
func malformedID(id string) string {
	up := strings.ToUpper(id)
	for _, f := range fixedDigits {
		if !strings.HasPrefix(up, f.prefix) {
			continue
		}
		rest := up[len(f.prefix):]
		if len(rest) != f.digits || strings.Trim(rest, "0123456789") != "" {
			return fmt.Sprintf("%s takes %d digits", f.prefix, f.digits)
		}
		return ""
	}
	return ""
}
