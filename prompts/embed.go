// Package prompts holds DeepCritical's LLM prompts as versioned data: Markdown templates
// embedded into the binary and rendered with text/template. Each template's version is a
// short hash of its source, so every stored verdict says exactly which prompt produced it.
// The package imports nothing internal; callers pass the data structs of data.go (or any
// value with the same fields).
package prompts

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"sync"
	"text/template"
)

// The template names. Render accepts them with or without the ".md" suffix.
const (
	JudgeSystem        = "judge_system"
	JudgeUser          = "judge_user"
	JudgeEmpty         = "judge_empty"
	Heuristics         = "heuristics"
	SynthesisNarrative = "synthesis_narrative"
	VerifySystem       = "verify_system"
	VerifyUser         = "verify_user"
	AppraisalSystem    = "appraisal_system"
	AppraisalUser      = "appraisal_user"
)

//go:embed *.md
var files embed.FS

// Rendered is a prompt ready to send, with the name and version of the template it came from.
type Rendered struct {
	Text    string `json:"text"`
	Name    string `json:"name"`
	Version string `json:"version"`
}

// set is the parsed, immutable template collection; it is built once because the embedded
// sources never change while the program runs, and on first use rather than when the
// program starts: most starts (the window's, most commands) never render a prompt.
type set struct {
	templates map[string]*template.Template
	versions  map[string]string
}

var library = sync.OnceValue(mustLoad)

func mustLoad() set {
	s, err := load(files)
	if err != nil {
		panic(err)
	}
	return s
}

func load(fsys fs.FS) (set, error) {
	s := set{templates: map[string]*template.Template{}, versions: map[string]string{}}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return s, fmt.Errorf("read prompt templates: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		src, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return s, fmt.Errorf("read prompt %s: %w", e.Name(), err)
		}
		name := strings.TrimSuffix(e.Name(), ".md")
		t, err := template.New(name).Funcs(funcs).Option("missingkey=error").Parse(string(src))
		if err != nil {
			return s, fmt.Errorf("parse prompt %s: %w", e.Name(), err)
		}
		sum := sha256.Sum256(src)
		s.templates[name] = t
		s.versions[name] = hex.EncodeToString(sum[:])[:12]
	}
	return s, nil
}

func canonicalName(name string) string {
	return strings.TrimSuffix(strings.TrimSpace(name), ".md")
}

// Names lists every template name in sorted order.
func Names() []string {
	out := make([]string, 0, len(library().templates))
	for n := range library().templates {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Version returns the 12-hex-digit sha256 prefix of the named template's source, or ""
// when there is no such template.
func Version(name string) string {
	return library().versions[canonicalName(name)]
}

// CombineVersions folds several template versions into one stable 12-hex-digit version,
// used when one LLM call is built from several templates (system + user + heuristics).
// The order of the arguments matters, since it is the order the prompt is assembled in.
func CombineVersions(versions ...string) string {
	h := sha256.New()
	for _, v := range versions {
		h.Write([]byte(v))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

var blankRuns = regexp.MustCompile(`\n{3,}`)

// Render executes the named template with data. The text is normalised so that loops in
// templates never leave runs of blank lines, and ends with exactly one newline.
func Render(name string, data any) (Rendered, error) {
	n := canonicalName(name)
	t, ok := library().templates[n]
	if !ok {
		return Rendered{}, fmt.Errorf("unknown prompt template %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return Rendered{}, fmt.Errorf("render prompt %s: %w", n, err)
	}
	text := blankRuns.ReplaceAllString(buf.String(), "\n\n")
	text = strings.TrimSpace(text) + "\n"
	return Rendered{Text: text, Name: n, Version: library().versions[n]}, nil
}
