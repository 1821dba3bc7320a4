package appraisal

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// quotePaper is a methods section as a PDF extraction gives it: line breaks inside
// sentences, a line-break hyphen ("se-\nquence"), ligatures ("ﬁrst", "ﬂow"), a soft hyphen,
// typographic quotes and an en dash.
const quotePaper = "Methods\n\nRandomisation and masking\n\n" +
	"Participants were randomised 1:1 using a computer-generated se-\nquence with permuted blocks of four, " +
	"stratiﬁed by centre. Allocation was concealed using sequentially numbered,\n sealed, opaque envelopes. " +
	"Outcome assessors were masked to group allocation. The “study nurse” opened the envelopes after the ﬁrst visit.\n\n" +
	"Patients were randomised. The primary analysis followed the intention\u2013to\u2013treat principle, " +
	"and the participant ﬂow is shown in ﬁgure 1. Data were anal\u00adysed with Stata 15.1 (StataCorp).\n"

func TestCheckQuote(t *testing.T) {
	cases := []struct {
		name     string
		quote    string
		verified bool
		reason   string // a substring of the reason when not verified
	}{
		// Real passages, copied with the differences a model or a copy-paste introduces.
		{"exact sentence", "Allocation was concealed using sequentially numbered, sealed, opaque envelopes.", true, ""},
		{"case, line breaks and missing punctuation", "allocation was CONCEALED using sequentially numbered sealed opaque envelopes", true, ""},
		{"line-break hyphen joined", "randomised 1:1 using a computer-generated sequence with permuted blocks", true, ""},
		{"ligature typed as plain letters", "with permuted blocks of four, stratified by centre", true, ""},
		{"ligatures in the quote, plain in neither", "The \"study nurse\" opened the envelopes after the ﬁrst visit", true, ""},
		{"typographic quotes in the paper, straight in the quote", `The "study nurse" opened the envelopes`, true, ""},
		{"en dash in the paper, hyphen in the quote", "the primary analysis followed the intention-to-treat principle", true, ""},
		{"soft hyphen in the paper", "Data were analysed with Stata 15.1 (StataCorp).", true, ""},
		{"a short whole sentence", "Patients were randomised.", true, ""},
		{"surrounding quotation marks", `“Outcome assessors were masked to group allocation.”`, true, ""},
		{"elided middle, both parts long enough", "Participants were randomised 1:1 using a computer-generated sequence … sealed, opaque envelopes. Outcome assessors were masked", true, ""},

		// Planted near-misses: none of these is a passage of the paper.
		{"one word changed", "Allocation was concealed using sequentially numbered, sealed, transparent envelopes.", false, "as one passage"},
		{"one word inserted", "Allocation was centrally concealed using sequentially numbered, sealed, opaque envelopes.", false, "as one passage"},
		{"stitched from two sentences", "Allocation was concealed using sequentially numbered envelopes and outcome assessors were masked.", false, "as one passage"},
		{"single common word", "randomised", false, "too short"},
		{"two words", "sealed envelopes", false, "not found"},
		{"hyphenated words count as words", "followed the intention-to-treat principle", true, ""},
		{"but not past the limit", "the intention-to-treat principle", false, "too short"},
		{"truncated to a fragment", "sealed, opaque envelopes.", false, "too short"},
		{"fragment of a sentence under six words", "masked to group allocation", false, "too short"},
		{"absent from the paper", "Allocation was concealed by a central web-based system.", false, "not found"},
		{"word order changed", "Outcome assessors to group allocation were masked.", false, "as one passage"},
		{"ellipsis joins a too-short part", "Allocation was concealed using sequentially numbered … envelopes", false, "part 2 of 2"},
		{"empty", "  ", false, "no quote"},
		{"only punctuation", `"…"`, false, "no quote"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := CheckQuote(c.quote, quotePaper)
			require.Equal(t, c.verified, got.Verified, "reason: %s", got.Reason)
			require.Equal(t, c.verified, QuoteInText(c.quote, quotePaper))
			if c.verified {
				require.Empty(t, got.Reason)
			} else {
				require.Contains(t, got.Reason, c.reason)
			}
		})
	}
}

func TestQuoteTokensHyphenation(t *testing.T) {
	words := func(s string) []string {
		var out []string
		for _, tk := range quoteTokens(s) {
			out = append(out, tk.word)
		}
		return out
	}
	// A hyphen inside a word and a line-break hyphen give the same word; a spaced dash
	// separates words; decimals split on the point but do not end a sentence.
	require.Equal(t, []string{"doubleblind", "trial"}, words("double-blind trial"))
	require.Equal(t, []string{"doubleblind", "trial"}, words("double-\n  blind trial"))
	require.Equal(t, []string{"placebo", "controlled"}, words("placebo – controlled"))
	toks := quoteTokens("Dose 1.5 mg daily. Next")
	require.False(t, toks[1].sentenceFinish)
	require.Equal(t, "daily", toks[4].word)
	require.True(t, toks[4].sentenceFinish)
	require.True(t, toks[5].sentenceStart)
}

// FuzzCheckQuote: any input is answered without a panic, and a paper's own text of at least
// MinQuoteWords words (with no ellipsis to split it) is always a verified quote of itself.
func FuzzCheckQuote(f *testing.F) {
	f.Add("sealed, opaque envelopes", quotePaper)
	f.Add("Patients were randomised.", quotePaper)
	f.Add("\x00\x01 ﬁ‐\n ﬂ — “x”", "a\u00adb c-\n\nd e f g h i")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, quote, text string) {
		c := CheckQuote(quote, text)
		if !c.Verified && c.Reason == "" {
			t.Fatalf("an unverified quote has no reason: %q in %q", quote, text)
		}
		if strings.Contains(text, "…") || strings.Contains(text, "...") {
			return
		}
		words := 0
		for _, tk := range quoteTokens(text) {
			words += tk.parts
		}
		if words >= MinQuoteWords && !CheckQuote(text, text).Verified {
			t.Fatalf("text is not a quote of itself: %q: %s", text, CheckQuote(text, text).Reason)
		}
	})
}

// TestCheckQuoteAfterSectionLabel: a structured abstract's section opens with its label
// ("CONCLUSIONS: …"), and the sentence after the label is a whole sentence however short;
// a colon after an abbreviation or a lower-case word is not a label.
func TestCheckQuoteAfterSectionLabel(t *testing.T) {
	abstract := "OBJECTIVE: To test betamethasone in sudden deafness.\nRESULTS: Hearing improved (HR: 0.68).\n" +
		"CONCLUSIONS: Betamethasone improved hearing recovery.\nAim: hearing was better."
	cases := []struct {
		quote    string
		verified bool
	}{
		{"Betamethasone improved hearing recovery.", true},
		{"To test betamethasone in sudden deafness.", true},
		{"Hearing improved (HR: 0.68).", true},
		{"0.68", false},               // after "HR:", not a label: a fragment
		{"hearing was better", false}, // after "Aim:", not a label: three words short of six
	}
	for _, c := range cases {
		t.Run(c.quote, func(t *testing.T) {
			got := CheckQuote(c.quote, abstract)
			require.Equal(t, c.verified, got.Verified, "reason: %s", got.Reason)
		})
	}
}
