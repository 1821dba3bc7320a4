package concepts

import (
	"regexp"
	"slices"
	"strings"
)

// Prevention and treatment are different questions about one condition. "Can daily emollients
// prevent atopic dermatitis?" asks about its onset, in infants who do not have it; a trial of
// an emollient in children who have it answers "does it treat atopic dermatitis?". The words
// next to the condition say which is meant, in a question and in a paper's title alike, so
// both read them here (Onset and Established on Concept; the relevance package reads titles).

// CueWords splits text into the lower-case words and punctuation marks OnsetCue and
// EstablishedCue read: hyphens and slashes part words ("post-partum" is "post partum").
func CueWords(text string) []string {
	return cueToken.FindAllString(strings.NewReplacer("-", " ", "/", " ", "–", " ").Replace(strings.ToLower(text)), -1)
}

var cueToken = regexp.MustCompile(`[\p{L}\p{N}']+|[,;:.?!()\[\]]`)

// OnsetCue reports whether the words just before a condition and just after it ask about
// its onset: "to prevent", "prevention of", "prophylaxis against", "the risk of (getting)",
// "incidence of", "cause", "… prevention", "… risk", "… be prevented". Not when what is
// prevented is the condition's recurrence, relapse or complications ("prevent recurrence of
// C. difficile infection", "prevent heart failure hospitalisation"): those happen to people
// who have it.
func OnsetCue(before, after []string) bool {
	b, a := cueSide(before, true), cueSide(after, false)
	if laterStage.MatchString(b) || again.MatchString(b) || atRiskLead.MatchString(b) || laterStageAfter.MatchString(a) || modifierAfter.MatchString(a) {
		return false
	}
	return onsetBefore.MatchString(b) || onsetAfter.MatchString(a) || bothBefore.MatchString(b)
}

// EstablishedCue reports whether the words just before a condition and just after it say
// the patients already have it: "treating", "treatment of", "patients with", "hospitalised
// with", "after diagnosis of", "repair of", "established", "… patients", "… survival",
// "… heal", "… management", "… treatment".
func EstablishedCue(before, after []string) bool {
	b, a := cueSide(before, true), cueSide(after, false)
	if bothBefore.MatchString(b) {
		return true // "prevention and treatment of …": both, so neither is asked of the paper
	}
	if onsetBefore.MatchString(b) || modifierAfter.MatchString(a) || preventedState.MatchString(b) {
		return false // "the risk of developing heart failure in patients with diabetes"
	}
	return establishedBefore.MatchString(b) || establishedAfter.MatchString(a)
}

// cueSide joins the words on one side of a condition up to the nearest punctuation mark:
// a cue across a comma or a colon is another clause's.
func cueSide(ws []string, before bool) string {
	if before {
		for i := len(ws) - 1; i >= 0; i-- {
			if isMark(ws[i]) {
				ws = ws[i+1:]
				break
			}
		}
		if len(ws) > 5 {
			ws = ws[len(ws)-5:]
		}
	} else {
		if i := slices.IndexFunc(ws, isMark); i >= 0 {
			ws = ws[:i]
		}
		if len(ws) > 3 {
			ws = ws[:3]
		}
	}
	return strings.Join(ws, " ")
}

func isMark(w string) bool { return strings.ContainsAny(w, ",;:.?!()[]") }

var (
	onsetBefore = regexp.MustCompile(`(?:^|\s)(?:prevent|prevents|preventing|prevented|prevention(?:\s+(?:and|or)\s+\w+)?\s+of|prophylaxis\s+(?:of|against|for)|chemoprevention\s+(?:of|for)|protects?\s+against|protecting\s+against|(?:risks?|chances?|likelihood|odds)\s+(?:of|for)|risk\s+factors?\s+for|(?:incidence|onset|development)(?:\s+(?:and|or)\s+\w+)?\s+of|avoid|avoiding|cause|causes|causing)(?:\s+(?:getting|developing))?(?:\s+(?:the|a|an))?$`)
	onsetAfter  = regexp.MustCompile(`^(?:prevention|prophylaxis|chemoprevention|risk|risks|incidence|(?:be|is|are|being)\s+prevented)\b`)
	// What is prevented is a later stage of a condition the patients have.
	laterStage      = regexp.MustCompile(`(?:^|\s)(?:recurrences?|relapses?|progression|complications?|exacerbations?|flares?|episodes?|attacks?)\s+(?:of|in)(?:\s+(?:the|a|an))?$`)
	laterStageAfter = regexp.MustCompile(`^(?:recurrences?|recurrent|relapses?|progression|complications?|exacerbations?|flares?|hospitali[sz]ations?|admissions?|readmissions?|mortality|deaths?|outcomes?|survival|transmission)\b`)
	// People "at risk of" a condition are who a treatment is for ("antenatal corticosteroids
	// for women at risk of preterm birth"), unless it is given to prevent it (onsetOrEstablished).
	atRiskLead = regexp.MustCompile(`(?:^|\s)at\s+(?:\w+\s+)?risks?\s+(?:of|for)(?:\s+(?:getting|developing))?(?:\s+(?:the|a|an))?$`)
	// Another one of a condition the patients had is secondary prevention: "to prevent new
	// fractures after hip fracture", "further strokes".
	again = regexp.MustCompile(`(?:^|\s)(?:new|further|subsequent|second|another|repeat|recurrent|more)$`)
	// Being admitted with a condition is what a prevention keeps from happening: "protect
	// newborns from being hospitalized with RSV".
	preventedState = regexp.MustCompile(`(?:^|\s)(?:prevent\w*|protect\w*|avoid\w*|from\s+being)(?:\s|$)`)
	// The condition only qualifies what follows: "to prevent HIV-related tuberculosis".
	modifierAfter = regexp.MustCompile(`^(?:related|associated|induced|positive|negative|infected|exposed|specific|free|like|naive)\b`)
	reducedBefore = regexp.MustCompile(`(?:^|\s)(?:reduce|reduces|reducing|lower|lowers|lowering|decrease|decreases|decreasing|minimi[sz]e|minimi[sz]es)(?:\s+(?:the|a|an))?$`)
	// People "with" a condition have it; "associated with", "treated with" are no such cue.
	establishedBefore = regexp.MustCompile(`(?:^|\s)(?:(?:treat|treats|treating|treated|cure|cures|curing|heal|healing|manage|managing|repair|repairing)(?:\s+(?:the|a|an|established|existing|acute|active))?|(?:treatments?|therapy|therapies|management|repair|remission|resolution|healing)(?:\s+(?:and|or)\s+\w+)?\s+(?:of|for)(?:\s+\S+){0,2}|(?:(?:patients?|people|persons?|adults?|children|child|kids?|women|woman|men|man|infants?|neonates?|newborns?|babies|baby|toddlers?|adolescents?|teenagers?|boys|girls|individuals|subjects|those|someone|survivors|mothers)(?:\s+\w+)?\s+with|(?:diagnosed|hospitali[sz]ed|admitted|presenting|living|infected)\s+with|after\s+(?:a\s+|the\s+|being\s+)?diagnos(?:is|ed)(?:\s+(?:of|with))?|survivors\s+of)(?:\s+\S+){0,2}|established|existing)$`)
	// Both stages named together: "prevention and treatment of", "incidence and management of".
	bothBefore       = regexp.MustCompile(`(?:^|\s)(?:(?:prevention|incidence|onset|development)\s+(?:and|or)\s+(?:treatments?|management|therapy|therapies|care)|(?:treatments?|management|therapy|therapies|care)\s+(?:and|or)\s+(?:prevention|prophylaxis|incidence))\s+(?:of|for)(?:\s+\S+){0,2}$`)
	establishedAfter = regexp.MustCompile(`^(?:patients?|survivors?|sufferers|survival|heal|heals|healing|remission|repair|management|treatments?)\b`)
)

// onsetOrEstablished marks each condition the question asks about as Onset or Established
// from the words next to it as typed. A condition with both cues, or neither, is left
// unmarked: nothing is then asked of papers.
func onsetOrEstablished(cs []Concept, q string) {
	toks := CueWords(q)
	prophylactic := slices.ContainsFunc(cs, func(c Concept) bool {
		return c.Role == RoleIntervention && slices.ContainsFunc(c.Words, preventionWord)
	})
	for i := range cs {
		c := &cs[i]
		if c.Role != RoleCondition || c.Generic {
			continue
		}
		onset, established := Stage(toks, *c)
		onset = onset || prophylactic && (reduced(toks, *c) || atRiskOf(toks, *c))
		established = established || slices.Contains(c.Words, "established") || slices.Contains(c.Words, "existing")
		if onset != established {
			c.Onset, c.Established = onset, established
		}
	}
}

// preventionWord reports whether a word says something is given to prevent: "prevent",
// "preventive", "prophylactic", "chemoprevention".
func preventionWord(w string) bool {
	return strings.HasPrefix(w, "prevent") || strings.HasPrefix(w, "prophyla") || strings.HasPrefix(w, "chemoprevent")
}

// OnsetWord reports whether a word, anywhere in a title, says the title is about a
// condition's onset: a prevention word, or "risk", "incidence", "onset", "development".
func OnsetWord(w string) bool {
	switch w {
	case "risk", "risks", "incidence", "incident", "onset", "development", "developing":
		return true
	}
	return preventionWord(w)
}

// Stage reports whether words name concept c, anywhere, as something whose onset is meant
// (OnsetCue), and as something people already have (EstablishedCue).
func Stage(words []string, c Concept) (onset, established bool) {
	for from := 0; from < len(words); {
		at, end := Find(words[from:], c)
		if at < 0 {
			break
		}
		at, end = at+from, end+from
		onset = onset || OnsetCue(words[:at], words[end:])
		established = established || EstablishedCue(words[:at], words[end:])
		from = end
	}
	return onset, established
}

// reduced reports whether words name c, somewhere, right after a verb that lowers it.
func reduced(words []string, c Concept) bool {
	at, _ := Find(words, c)
	return at >= 0 && reducedBefore.MatchString(cueSide(words[:at], true))
}

// atRiskOf reports whether words name c, somewhere, as what people are at risk of.
func atRiskOf(words []string, c Concept) bool {
	at, _ := Find(words, c)
	return at >= 0 && atRiskLead.MatchString(cueSide(words[:at], true))
}

// Find returns where c is first named in words (as CueWords gives them), by its text, its
// label or one of its terms, word for word: [at, end), or -1, -1.
func Find(words []string, c Concept) (at, end int) {
	var names [][]string
	for _, s := range append([]string{c.Text, c.Display, c.Respelled}, c.Terms...) {
		if s == "" {
			continue
		}
		ws := CueWords(s)
		if len(ws) > 1 && (ws[0] == "established" || ws[0] == "existing") {
			ws = ws[1:] // "established PONV" is PONV, established
		}
		if len(ws) > 0 {
			names = append(names, ws)
		}
	}
	for i := range words {
		for _, n := range names {
			if i+len(n) <= len(words) && slices.EqualFunc(words[i:i+len(n)], n, func(a, b string) bool { return a == b || Stem(a) == Stem(b) }) {
				return i, i + len(n)
			}
		}
	}
	return -1, -1
}
