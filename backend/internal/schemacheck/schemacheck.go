// Package schemacheck is DeepCritical's one JSON Schema validator: it checks an LLM's
// answer against the schema it was asked for, and an MCP client's tool arguments (and the
// server's own answers) against the tools' schemas. Validation is
// github.com/santhosh-tekuri/jsonschema/v6 (draft 2020-12 by default, every draft
// recognised by $schema); this package turns its error tree into one sentence per
// violation that names the value by its path — "details.key_findings[2] must have at least
// 10 characters, got 4" — because those sentences are what an LLM is told when it must fix
// its answer, and what a client is told about its arguments.
package schemacheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Options tune what counts as a problem.
type Options struct {
	// AllowAdditional tolerates properties a schema closes with additionalProperties
	// false. An LLM that adds a key to its answer has not failed (decoding drops the key);
	// a client that sends an argument the tool does not take has.
	AllowAdditional bool
	// Root names the whole document in a sentence about it ("the answer must be object, got
	// an array"); default "the document".
	Root string
}

// Schema is a compiled schema.
type Schema struct {
	s    *jsonschema.Schema
	opts Options
}

// Compile compiles a schema given as JSON. Only the schema's own document is read: a $ref
// to anything outside it is an error, never a network request.
func Compile(raw []byte, opts Options) (*Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("schema is not JSON: %w", err)
	}
	if _, ok := doc.(map[string]any); !ok {
		return nil, errors.New("schema is not a JSON object")
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	const loc = "mem:///schema.json"
	if err := c.AddResource(loc, doc); err != nil {
		return nil, err
	}
	s, err := c.Compile(loc)
	if err != nil {
		return nil, err
	}
	if opts.Root == "" {
		opts.Root = "the document"
	}
	return &Schema{s: s, opts: opts}, nil
}

// Decode reads a JSON document the way Problems takes it: numbers keep their exact text
// (json.Number), so 0.1 and 10 are compared as written.
func Decode(doc []byte) (any, error) {
	return jsonschema.UnmarshalJSON(bytes.NewReader(doc))
}

// Problems checks v (from Decode, or any decoder with UseNumber) and returns one sentence per
// violation, sorted by path; none when v is valid. Where one of several alternatives
// (anyOf, oneOf) must match, the first alternative's problems are given: they say what is
// expected without listing every shape the schema allows.
func (s *Schema) Problems(v any) []string {
	err := s.s.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []string{err.Error()}
	}
	out := s.collect(ve, v)
	sort.SliceStable(out, func(i, j int) bool { return out[i].path < out[j].path })
	var msgs []string
	seen := map[string]bool{}
	for _, p := range out {
		if !seen[p.msg] {
			seen[p.msg] = true
			msgs = append(msgs, p.msg)
		}
	}
	return msgs
}

// problem is one sentence and the path it is about (for ordering).
type problem struct{ path, msg string }

// collect turns an error tree into sentences about its leaves.
func (s *Schema) collect(e *jsonschema.ValidationError, root any) []problem {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if len(e.Causes) == 0 {
			break // oneOf matched more than one alternative: a sentence of its own
		}
		var first []problem
		for i, c := range e.Causes {
			p := s.collect(c, root)
			if len(p) == 0 {
				return nil // an alternative that fails only on tolerated keys matches
			}
			if i == 0 {
				first = p
			}
		}
		return first
	}
	if len(e.Causes) > 0 {
		var out []problem
		for _, c := range e.Causes {
			out = append(out, s.collect(c, root)...)
		}
		return out
	}
	return s.sentences(e, root)
}

// sentences says what is wrong at one leaf of the error tree.
func (s *Schema) sentences(e *jsonschema.ValidationError, root any) []problem {
	path, v := locate(e.InstanceLocation, root)
	at := path
	if at == "" {
		at = s.opts.Root
	}
	one := func(format string, args ...any) []problem {
		return []problem{{path, fmt.Sprintf(format, args...)}}
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return one("%s must be %s, got %s", at, strings.Join(k.Want, " or "), typeName(v))
	case *kind.Enum:
		return one("%s must be one of %s, got %s", at, list(k.Want), short(v))
	case *kind.Const:
		return one("%s must be %s", at, short(k.Want))
	case *kind.Minimum:
		return one("%s must be ≥ %s, got %s", at, rat(k.Want), number(v, k.Got))
	case *kind.Maximum:
		return one("%s must be ≤ %s, got %s", at, rat(k.Want), number(v, k.Got))
	case *kind.ExclusiveMinimum:
		return one("%s must be > %s, got %s", at, rat(k.Want), number(v, k.Got))
	case *kind.ExclusiveMaximum:
		return one("%s must be < %s, got %s", at, rat(k.Want), number(v, k.Got))
	case *kind.MultipleOf:
		return one("%s must be a multiple of %s, got %s", at, rat(k.Want), number(v, k.Got))
	case *kind.MinLength:
		return one("%s must have at least %d characters, got %d", at, k.Want, k.Got)
	case *kind.MaxLength:
		return one("%s must have at most %d characters, got %d", at, k.Want, k.Got)
	case *kind.Pattern:
		return one("%s must match %s, got %s", at, k.Want, short(k.Got))
	case *kind.MinItems:
		return one("%s must have at least %d items, got %d", at, k.Want, k.Got)
	case *kind.MaxItems:
		return one("%s must have at most %d items, got %d", at, k.Want, k.Got)
	case *kind.UniqueItems:
		return one("%s must not repeat an item: items %d and %d are equal", at, k.Duplicates[0], k.Duplicates[1])
	case *kind.MinProperties:
		return one("%s must have at least %d properties, got %d", at, k.Want, k.Got)
	case *kind.MaxProperties:
		return one("%s must have at most %d properties, got %d", at, k.Want, k.Got)
	case *kind.Required:
		var out []problem
		for _, m := range k.Missing {
			out = append(out, problem{join(path, m), join(path, m) + " is required"})
		}
		return out
	case *kind.DependentRequired:
		var out []problem
		for _, m := range k.Missing {
			out = append(out, problem{join(path, m), fmt.Sprintf("%s is required with %s", join(path, m), join(path, k.Prop))})
		}
		return out
	case *kind.AdditionalProperties:
		if s.opts.AllowAdditional {
			return nil
		}
		var out []problem
		for _, p := range k.Properties {
			out = append(out, problem{join(path, p), join(path, p) + " is not expected here"})
		}
		return out
	case *kind.FalseSchema, *kind.Not:
		return one("%s is not allowed here", at)
	case *kind.OneOf:
		return one("%s matches more than one of the shapes allowed there", at)
	case *kind.Format:
		return one("%s must be a valid %s, got %s", at, k.Want, short(k.Got))
	}
	return one("%s: %s", at, e.ErrorKind.LocalizedString(printer))
}

var printer = message.NewPrinter(language.English)

// locate follows an instance location through the document and names it the way the
// messages do: keys joined by dots, array items as [i].
func locate(tokens []string, root any) (string, any) {
	var b strings.Builder
	cur := root
	for _, t := range tokens {
		switch c := cur.(type) {
		case []any:
			i, err := strconv.Atoi(t)
			fmt.Fprintf(&b, "[%s]", t)
			if err != nil || i < 0 || i >= len(c) {
				cur = nil
				continue
			}
			cur = c[i]
		case map[string]any:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(t)
			cur = c[t]
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(t)
			cur = nil
		}
	}
	return b.String(), cur
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// typeName says what a value is: "a string", "the number 1.5", "null".
func typeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case json.Number:
		return "the number " + x.String()
	case float64:
		return "the number " + strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprintf("%T", v)
}

// number is a number as written in the document (json.Number keeps its text), else the
// validator's value.
func number(v any, r *big.Rat) string {
	if n, ok := v.(json.Number); ok {
		return n.String()
	}
	return rat(r)
}

// rat writes a bound without trailing zeros: 10, 0.5, 1e-07 as 0.0000001.
func rat(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	return strings.TrimRight(strings.TrimRight(r.FloatString(10), "0"), ".")
}

func list(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = short(v)
	}
	return strings.Join(parts, ", ")
}

// short is a value as JSON, cut at 80 characters.
func short(v any) string {
	b, err := json.Marshal(v)
	s := string(b)
	if err != nil {
		s = fmt.Sprint(v)
	}
	if r := []rune(s); len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return s
}

// DecodeProblem turns an encoding/json error met while decoding a document into a Go value
// into a sentence naming the field, as Problems does.
func DecodeProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "(top level)"
		}
		return fmt.Sprintf("field %s must be %s, got %s", field, te.Type.String(), te.Value)
	}
	return err.Error()
}
