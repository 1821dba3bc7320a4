package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/invopop/jsonschema"
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
	if _, err := compileSchema(raw); err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	return &Schema{Name: name, JSON: raw}, nil
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

// schemaNode is a compiled subset of JSON Schema: the keywords structured-output schemas
// use (type, properties, required, items, enum, const, numeric and length bounds,
// anyOf/oneOf, local $ref). Unknown keywords are ignored, as the specification says.
type schemaNode struct {
	types      []string
	properties map[string]*schemaNode
	required   []string
	items      *schemaNode
	enum       []any
	hasConst   bool
	constVal   any
	minimum    *float64
	maximum    *float64
	exclMin    *float64
	exclMax    *float64
	minLength  *int
	maxLength  *int
	minItems   *int
	maxItems   *int
	anyOf      []*schemaNode
	ref        string
	root       *schemaCompiler
}

type schemaCompiler struct {
	doc   map[string]any
	cache map[string]*schemaNode
	depth int
}

// compileSchema parses raw into a validator.
func compileSchema(raw json.RawMessage) (*schemaNode, error) {
	var doc map[string]any
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("schema is not a JSON object: %w", err)
	}
	c := &schemaCompiler{doc: doc, cache: map[string]*schemaNode{}}
	return c.compile(doc)
}

func (c *schemaCompiler) compile(m map[string]any) (*schemaNode, error) {
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > 64 {
		return nil, fmt.Errorf("schema nests deeper than 64 levels")
	}
	n := &schemaNode{root: c}
	if ref, ok := m["$ref"].(string); ok {
		n.ref = ref
		return n, nil
	}
	switch t := m["type"].(type) {
	case string:
		n.types = []string{t}
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				n.types = append(n.types, s)
			}
		}
	}
	if props, ok := m["properties"].(map[string]any); ok {
		n.properties = map[string]*schemaNode{}
		for k, v := range props {
			pm, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("property %s: schema is not an object", k)
			}
			sub, err := c.compile(pm)
			if err != nil {
				return nil, fmt.Errorf("property %s: %w", k, err)
			}
			n.properties[k] = sub
		}
	}
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			if s, ok := r.(string); ok {
				n.required = append(n.required, s)
			}
		}
	}
	if it, ok := m["items"].(map[string]any); ok {
		sub, err := c.compile(it)
		if err != nil {
			return nil, fmt.Errorf("items: %w", err)
		}
		n.items = sub
	}
	if e, ok := m["enum"].([]any); ok {
		n.enum = e
	}
	if cv, ok := m["const"]; ok {
		n.hasConst, n.constVal = true, cv
	}
	n.minimum = num(m["minimum"])
	n.maximum = num(m["maximum"])
	n.exclMin = num(m["exclusiveMinimum"])
	n.exclMax = num(m["exclusiveMaximum"])
	n.minLength = intPtr(m["minLength"])
	n.maxLength = intPtr(m["maxLength"])
	n.minItems = intPtr(m["minItems"])
	n.maxItems = intPtr(m["maxItems"])
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts, ok := m[key].([]any); ok {
			for _, a := range alts {
				am, ok := a.(map[string]any)
				if !ok {
					continue
				}
				sub, err := c.compile(am)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", key, err)
				}
				n.anyOf = append(n.anyOf, sub)
			}
		}
	}
	return n, nil
}

// resolve follows a local reference ("#/$defs/X", "#/definitions/X", "#").
func (c *schemaCompiler) resolve(ref string) (*schemaNode, error) {
	if n, ok := c.cache[ref]; ok {
		return n, nil
	}
	if !strings.HasPrefix(ref, "#") {
		return nil, fmt.Errorf("only local $ref are supported, got %q", ref)
	}
	var cur any = c.doc
	for _, part := range strings.Split(strings.TrimPrefix(strings.TrimPrefix(ref, "#"), "/"), "/") {
		if part == "" {
			continue
		}
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("$ref %q does not resolve", ref)
		}
		cur = m[part]
	}
	m, ok := cur.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("$ref %q does not resolve", ref)
	}
	placeholder := &schemaNode{root: c}
	c.cache[ref] = placeholder
	n, err := c.compile(m)
	if err != nil {
		return nil, err
	}
	*placeholder = *n
	return placeholder, nil
}

func num(v any) *float64 {
	if n, ok := v.(json.Number); ok {
		if f, err := n.Float64(); err == nil {
			return &f
		}
	}
	return nil
}

func intPtr(v any) *int {
	if f := num(v); f != nil {
		i := int(*f)
		return &i
	}
	return nil
}

// validate appends to probs a sentence per violation, naming the field by its path.
func (n *schemaNode) validate(v any, path string, probs []string) []string {
	if len(probs) > 50 {
		return probs
	}
	if n.ref != "" {
		target, err := n.root.resolve(n.ref)
		if err != nil {
			return append(probs, fmt.Sprintf("%s: %v", where(path), err))
		}
		if target == n {
			return probs
		}
		return target.validate(v, path, probs)
	}
	if len(n.anyOf) > 0 {
		ok := false
		var first []string
		for _, alt := range n.anyOf {
			p := alt.validate(v, path, nil)
			if len(p) == 0 {
				ok = true
				break
			}
			if first == nil {
				first = p
			}
		}
		if !ok {
			return append(probs, first...)
		}
	}
	if len(n.types) > 0 && !typeMatches(n.types, v) {
		return append(probs, fmt.Sprintf("%s must be %s, got %s", where(path), strings.Join(n.types, " or "), jsonTypeName(v)))
	}
	if len(n.enum) > 0 && !containsValue(n.enum, v) {
		probs = append(probs, fmt.Sprintf("%s must be one of %s, got %s", where(path), enumList(n.enum), short(v)))
	}
	if n.hasConst && !equalJSON(n.constVal, v) {
		probs = append(probs, fmt.Sprintf("%s must be %s", where(path), short(n.constVal)))
	}
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return append(probs, fmt.Sprintf("%s is not a finite number", where(path)))
		}
		if n.minimum != nil && f < *n.minimum {
			probs = append(probs, fmt.Sprintf("%s must be ≥ %s, got %s", where(path), fmtNum(*n.minimum), x))
		}
		if n.maximum != nil && f > *n.maximum {
			probs = append(probs, fmt.Sprintf("%s must be ≤ %s, got %s", where(path), fmtNum(*n.maximum), x))
		}
		if n.exclMin != nil && f <= *n.exclMin {
			probs = append(probs, fmt.Sprintf("%s must be > %s, got %s", where(path), fmtNum(*n.exclMin), x))
		}
		if n.exclMax != nil && f >= *n.exclMax {
			probs = append(probs, fmt.Sprintf("%s must be < %s, got %s", where(path), fmtNum(*n.exclMax), x))
		}
	case string:
		l := utf8.RuneCountInString(x)
		if n.minLength != nil && l < *n.minLength {
			probs = append(probs, fmt.Sprintf("%s must have at least %d characters, got %d", where(path), *n.minLength, l))
		}
		if n.maxLength != nil && l > *n.maxLength {
			probs = append(probs, fmt.Sprintf("%s must have at most %d characters, got %d", where(path), *n.maxLength, l))
		}
	case []any:
		if n.minItems != nil && len(x) < *n.minItems {
			probs = append(probs, fmt.Sprintf("%s must have at least %d items, got %d", where(path), *n.minItems, len(x)))
		}
		if n.maxItems != nil && len(x) > *n.maxItems {
			probs = append(probs, fmt.Sprintf("%s must have at most %d items, got %d", where(path), *n.maxItems, len(x)))
		}
		if n.items != nil {
			for i, e := range x {
				probs = n.items.validate(e, fmt.Sprintf("%s[%d]", path, i), probs)
			}
		}
	case map[string]any:
		for _, r := range n.required {
			if _, ok := x[r]; !ok {
				probs = append(probs, fmt.Sprintf("%s is required", join(path, r)))
			}
		}
		keys := make([]string, 0, len(n.properties))
		for k := range n.properties {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if pv, ok := x[k]; ok {
				probs = n.properties[k].validate(pv, join(path, k), probs)
			}
		}
	}
	return probs
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func where(path string) string {
	if path == "" {
		return "the answer"
	}
	return path
}

func typeMatches(types []string, v any) bool {
	for _, t := range types {
		switch t {
		case "object":
			if _, ok := v.(map[string]any); ok {
				return true
			}
		case "array":
			if _, ok := v.([]any); ok {
				return true
			}
		case "string":
			if _, ok := v.(string); ok {
				return true
			}
		case "boolean":
			if _, ok := v.(bool); ok {
				return true
			}
		case "null":
			if v == nil {
				return true
			}
		case "number":
			if _, ok := v.(json.Number); ok {
				return true
			}
		case "integer":
			if n, ok := v.(json.Number); ok {
				if f, err := n.Float64(); err == nil && f == math.Trunc(f) && !strings.ContainsAny(n.String(), ".eE") {
					return true
				}
			}
		}
	}
	return false
}

func jsonTypeName(v any) string {
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
	}
	return fmt.Sprintf("%T", v)
}

func containsValue(list []any, v any) bool {
	for _, e := range list {
		if equalJSON(e, v) {
			return true
		}
	}
	return false
}

func equalJSON(a, b any) bool {
	if an, ok := a.(json.Number); ok {
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		af, _ := an.Float64()
		bf, _ := bn.Float64()
		return af == bf
	}
	return reflect.DeepEqual(a, b)
}

func enumList(list []any) string {
	parts := make([]string, len(list))
	for i, e := range list {
		parts[i] = short(e)
	}
	return strings.Join(parts, ", ")
}

func short(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return truncate(string(b), 80)
}

func fmtNum(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.6f", f), "0"), ".")
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
