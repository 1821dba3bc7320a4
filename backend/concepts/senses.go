package concepts

import (
	"regexp"
	"strings"
)

// otherSense finds the phrases in which a disease's name means something else: "ST
// depression" and "respiratory depression" are no mood disorder, "stroke volume" and "heat
// stroke" no cerebrovascular event, "heat shock" and "shock wave" no circulatory failure,
// "cell cycle arrest" no cardiac arrest. A paper on a treadmill test's ST depression does not
// answer a question on depression, nor one on heat shock proteins a question on septic
// shock. Written from the MeSH headings of these other senses (Respiratory Insufficiency's
// "respiratory depression", Stroke Volume, Heat Stress Disorders' "heat stroke", Heat-Shock
// Response, Cell Cycle Checkpoints' "cell cycle arrest", Cortical Spreading Depression,
// Long-Term Synaptic Depression, Extracorporeal Shockwave Therapy).
var otherSense = regexp.MustCompile(`(?i)\b(?:` +
	`(?:st(?:[- ]segments?)?|respiratory|ventilatory|myocardial|(?:cortical )?spreading|long[- ]term synaptic|long[- ]term|(?:bone )?marrow|cns|central nervous system|freezing[- ]point)[- ]depressions?` +
	`|strokes?[- ](?:volumes?|work|distances?)|heat[- ]?strokes?` +
	`|heat[- ]shock|cold[- ]shock|electric(?:al)?[- ]shocks?|shock[- ]?waves?` +
	`|(?:cell[- ]cycle|growth|mitotic|g[012](?:/m)?(?:[- ]phase)?|maturation)[- ]arrest` +
	`)\b`)

// JoinOtherSenses writes each phrase of another sense as one word ("ST depression" →
// "stdepression"), so that its disease word no longer stands alone in the text. A phrase
// keep holds (one the question itself asks about: opioid respiratory depression) keeps its
// words too. Relevance reads evidence through it.
func JoinOtherSenses(text string, keep map[string]bool) string {
	return otherSense.ReplaceAllStringFunc(text, func(m string) string {
		j := joinSense(m)
		if keep[j] {
			// Asked about, the phrase keeps its words and is also written as one word, which
			// the question's concept requires (its disease word alone is the other sense).
			return m + " " + j
		}
		return j
	})
}

// OtherSenses are the phrases of another sense a wording holds, each written as one word as
// JoinOtherSenses writes it ("respiratorydepression" for "opioid respiratory depression").
func OtherSenses(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range otherSense.FindAllString(text, -1) {
		out[joinSense(m)] = true
	}
	return out
}

// OtherSensePhrases are the phrases of another sense a text holds, as the text writes them
// ("ST depression"), each once.
func OtherSensePhrases(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range otherSense.FindAllString(text, -1) {
		if j := joinSense(m); !seen[j] {
			seen[j] = true
			out = append(out, m)
		}
	}
	return out
}

func joinSense(m string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '/' {
			return -1
		}
		return r
	}, strings.ToLower(m))
}
