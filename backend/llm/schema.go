package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"

	"deepcritical/backend/internal/schemacheck"
)

// SchemaFor derives a strict JSON Schema from a Go struct, compatible with OpenAI's strict
// structured outputs: every object lists all of its properties as required and sets
// additionalProperties false, and nothing is referenced ($defs are inlined). Field names
// come from the json tags; `jsonschema:"minimum=0,maximum=10,enum=a,enum=b"` tags add
// constraints that Generate enforces locally (providers that cannot take a keyword get a
// projection of the schema without it, see StrictProjection).
func SchemaFor[T any](name string) (*Schema, error) {
	r := &jsonschema.Reflector{
		DoNotReference:            true,
		ExpandedStruct:            true,
		AllowAdditionalProperties: false,
		// Every field is required in strict mode, omitempty or not.
		RequiredFromJSONSchemaTags: false,
		Anonymous:                  true,
	}
	var v T
	s := r.ReflectFromType(reflect.TypeOf(v))
	s.Version = ""
	s.ID = ""
	strictify(s)
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("marshal schema %s: %w", name, err)
	}
	if _, err := compileAnswerSchema(raw); err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	return &Schema{Name: name, JSON: raw}, nil
}

// compileAnswerSchema compiles the schema an LLM's answer is checked against. Keys the
// schema does not define are tolerated (decoding drops them); the sentences name "the
// answer" when the whole document is wrong.
func compileAnswerSchema(raw json.RawMessage) (*schemacheck.Schema, error) {
	return schemacheck.Compile(raw, schemacheck.Options{AllowAdditional: true, Root: "the answer"})
}

// MustSchemaFor is SchemaFor for package-level schema construction of known-good types;
// it panics on a programming error (an unsupported Go type).
func MustSchemaFor[T any](name string) *Schema {
	s, err := SchemaFor[T](name)
	if err != nil {
		panic(err)
	}
	return s
}

// strictify makes every object schema strict: all properties required in declaration
// order (kept, because models generate keys in schema order, so reasoning fields declared
// before scores are written first), additionalProperties false.
func strictify(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if s.Properties != nil && s.Properties.Len() > 0 {
		s.Required = s.Required[:0]
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			s.Required = append(s.Required, p.Key)
			strictify(p.Value)
		}
		s.AdditionalProperties = jsonschema.FalseSchema
	}
	strictify(s.Items)
	for _, list := range [][]*jsonschema.Schema{s.AnyOf, s.OneOf, s.AllOf, s.PrefixItems} {
		for _, sub := range list {
			strictify(sub)
		}
	}
	for _, d := range s.Definitions {
		strictify(d)
	}
}

// strictUnsupported are the keywords OpenAI's strict mode rejects; Generate still checks
// them locally, so dropping them from what is sent loses no validation.
var strictUnsupported = []string{"minLength", "maxLength", "title", "default", "examples", "$comment"}

// StrictProjection returns the schema with the keywords strict-mode providers reject
// removed (they stay enforced by Generate's own validation). Key order is preserved, and
// property names inside "properties" are never mistaken for keywords.
func StrictProjection(raw json.RawMessage) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out bytes.Buffer
	if err := project(dec, &out, false); err != nil {
		return raw
	}
	return out.Bytes()
}

// project copies one JSON value from dec to out, dropping strictUnsupported keys from
// schema objects; propsMap marks a "properties" object whose keys are field names.
func project(dec *json.Decoder, out *bytes.Buffer, propsMap bool) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch d := tok.(type) {
	case json.Delim:
		switch d {
		case '{':
			out.WriteByte('{')
			first := true
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				key, _ := kt.(string)
				if !propsMap && slices.Contains(strictUnsupported, key) {
					var skip json.RawMessage
					if err := dec.Decode(&skip); err != nil {
						return err
					}
					continue
				}
				if !first {
					out.WriteByte(',')
				}
				first = false
				kb, _ := json.Marshal(key)
				out.Write(kb)
				out.WriteByte(':')
				if err := project(dec, out, !propsMap && key == "properties"); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			out.WriteByte('}')
		case '[':
			out.WriteByte('[')
			for i := 0; dec.More(); i++ {
				if i > 0 {
					out.WriteByte(',')
				}
				if err := project(dec, out, false); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			out.WriteByte(']')
		}
	default:
		b, err := json.Marshal(tok)
		if err != nil {
			return err
		}
		out.Write(b)
	}
	return nil
}

// StrictCompatible reports whether a schema meets OpenAI's strict-mode rules: every object
// closes additionalProperties and requires all of its properties. Providers send
// strict:true only then, so a hand-written schema with optional fields still works (as a
// guide, with Generate's validation as the guarantee) instead of being refused.
func StrictCompatible(raw json.RawMessage) bool {
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return false
	}
	var ok func(any, bool) bool
	ok = func(d any, propsMap bool) bool {
		switch n := d.(type) {
		case map[string]any:
			if propsMap {
				for _, v := range n {
					if !ok(v, false) {
						return false
					}
				}
				return true
			}
			if props, has := n["properties"].(map[string]any); has {
				if n["additionalProperties"] != false {
					return false
				}
				req, _ := n["required"].([]any)
				if len(req) != len(props) {
					return false
				}
				for _, r := range req {
					if s, _ := r.(string); props[s] == nil {
						return false
					}
				}
			}
			for k, v := range n {
				if !ok(v, k == "properties" || k == "$defs" || k == "definitions") {
					return false
				}
			}
		case []any:
			for _, v := range n {
				if !ok(v, false) {
					return false
				}
			}
		}
		return true
	}
	return ok(doc, false)
}

// ToolName makes a name both OpenAI (response_format json_schema name) and Anthropic (tool
// name) accept, ^[a-zA-Z0-9_-]{1,64}$: every other character becomes '_', the name is cut
// at 64 characters, and an empty one is "answer".
func ToolName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if b.Len() >= 64 {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "answer"
	}
	return b.String()
}
