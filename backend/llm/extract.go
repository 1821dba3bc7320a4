package llm

import (
	"encoding/json"
	"strings"

	"github.com/kaptinlin/jsonrepair"
)

// maxCandidates bounds the work done on adversarial text (thousands of brackets).
const maxCandidates = 32

// StripThink removes <think>…</think> reasoning blocks that some models (DeepSeek-R1,
// Qwen) put before their answer. An unclosed <think> drops everything after it only when
// no JSON could follow, so an answer cut off inside its reasoning yields no candidate.
func StripThink(text string) string {
	for {
		start := strings.Index(text, "<think>")
		if start < 0 {
			return text
		}
		end := strings.Index(text[start:], "</think>")
		if end < 0 {
			return text[:start]
		}
		text = text[:start] + text[start+end+len("</think>"):]
	}
}

// ExtractJSON returns the JSON-looking candidates found in a model's text, most likely
// first: the contents of ``` fenced blocks, then every top-level balanced object or array
// in order of appearance (brackets inside strings do not count, nesting is followed), then
// an unterminated trailing object (a truncated answer) for the repairer to close. The
// candidates are not guaranteed to be valid JSON; Generate decodes, repairs and validates
// each in turn and keeps the first that passes.
func ExtractJSON(text string) []string {
	text = StripThink(text)
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		s = strings.TrimSpace(s)
		if s == "" || seen[s] || len(out) >= maxCandidates {
			return
		}
		seen[s] = true
		out = append(out, s)
	}
	for _, block := range fencedBlocks(text) {
		if b := strings.TrimSpace(block); strings.HasPrefix(b, "{") || strings.HasPrefix(b, "[") {
			add(b)
		}
	}
	for _, c := range balancedBlocks(text) {
		add(c)
	}
	return out
}

// fencedBlocks returns the bodies of Markdown code fences, with the language tag removed.
// An unclosed fence yields the rest of the text.
func fencedBlocks(text string) []string {
	var out []string
	for len(out) < maxCandidates {
		i := strings.Index(text, "```")
		if i < 0 {
			break
		}
		rest := text[i+3:]
		// Skip the info string ("json", "JSON", "javascript") up to the end of the line.
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 && !strings.ContainsAny(rest[:nl], "{[") {
			rest = rest[nl+1:]
		} else {
			rest = strings.TrimLeft(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
		}
		j := strings.Index(rest, "```")
		if j < 0 {
			out = append(out, rest)
			break
		}
		out = append(out, rest[:j])
		text = rest[j+3:]
	}
	return out
}

// balancedBlocks scans text once and returns each top-level {…} or […] span. Quotes are
// honoured (with backslash escapes) so braces inside strings do not end a block; a
// closer of the wrong kind still closes the innermost opener so a slightly malformed
// block stays one candidate for the repairer. An opener never closed yields the tail.
func balancedBlocks(text string) []string {
	var out []string
	stack := make([]byte, 0, 16)
	start := -1
	inString := false
	escaped := false
	for i := 0; i < len(text) && len(out) < maxCandidates; i++ {
		c := text[i]
		if start < 0 {
			if c == '{' || c == '[' {
				start = i
				stack = append(stack[:0], c)
				inString = false
				escaped = false
			}
			continue
		}
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			stack = append(stack, c)
		case '}', ']':
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				out = append(out, text[start:i+1])
				start = -1
			}
		}
	}
	if start >= 0 && len(out) < maxCandidates {
		out = append(out, text[start:])
	}
	return out
}

// Repair returns s as valid JSON: unchanged when it already is, else repaired by
// github.com/kaptinlin/jsonrepair (trailing commas, single quotes, Python literals,
// comments, missing closers, unquoted keys). repaired reports whether a change was needed.
func Repair(s string) (fixed string, repaired bool, err error) {
	if json.Valid([]byte(s)) {
		return s, false, nil
	}
	if len(s) > maxRepairBytes {
		return "", false, errTooLargeToRepair
	}
	fixed, err = jsonrepair.Repair(s)
	if err != nil {
		return "", false, err
	}
	if !json.Valid([]byte(fixed)) {
		return "", false, errInvalidAfterRepair
	}
	return fixed, true, nil
}

type constError string

func (e constError) Error() string { return string(e) }

const (
	errInvalidAfterRepair = constError("repaired text is still not valid JSON")
	errTooLargeToRepair   = constError("text too large to repair")
)

// maxRepairBytes bounds the repairer's input: a structured answer is a few kilobytes, and
// an enormous broken one is not worth repairing.
const maxRepairBytes = 1 << 20
