package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"deepcritical/backend/domain"
	"deepcritical/backend/internal/schemacheck"
)

// toolSpec describes a tool beyond what its Go types say: its text, whether it only reads
// the store, and the bounds and allowed values of its arguments (Go struct tags cannot carry
// them into the inferred schema).
type toolSpec struct {
	name, title, desc string
	// readsOnly: the tool only reads the store (kept by --read-only).
	readsOnly bool
	// openWorld: the tool reaches outside the machine (search sources, an LLM).
	openWorld bool
	bounds    map[string]domain.Bound
	enums     map[string][]any
	// types gives an argument declared as any in Go the JSON types it may take.
	types map[string][]string
	// maxLen bounds string arguments in characters, so a value of any size is refused
	// before a message can quote it back.
	maxLen map[string]int
}

// toolDef is a tool ready to be added to a server.
type toolDef struct {
	readsOnly bool
	add       func(*mcp.Server)
}

// inputTypes are the argument types every tool reads the same way: their allowed values are
// in the schema, so a wrong one is refused before the tool runs, naming the field.
var inputTypes = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[domain.Provider]():  {Type: "string", Enum: anySlice(domain.AllProviders)},
	reflect.TypeFor[domain.Source]():    {Type: "string", Enum: anySlice(domain.AllSources)},
	reflect.TypeFor[domain.RunStatus](): {Type: "string", Enum: anySlice(domain.AllRunStatuses)},
}

// define makes a tool from a handler taking In and answering Out. Both schemas are inferred
// from the types (descriptions from `jsonschema` tags), In's refined by spec; the arguments
// and the answer are checked against them with schemacheck, the validator the LLMs' answers
// go through too, so a client's bad argument is named as precisely as a model's bad field.
func define[In, Out any](t *tools, spec toolSpec, h func(context.Context, *mcp.CallToolRequest, In) (Out, error)) toolDef {
	in, out := schemas[In, Out](spec)
	checkIn, checkOut := compile(spec.name, in, "the arguments"), compile(spec.name, out, "the result")
	annotations := &mcp.ToolAnnotations{Title: spec.title, ReadOnlyHint: spec.readsOnly, OpenWorldHint: &spec.openWorld}
	if !spec.readsOnly {
		no := false
		annotations.DestructiveHint = &no // tools add to the store; none deletes or overwrites
	}
	tool := &mcp.Tool{Name: spec.name, Title: spec.title, Description: spec.desc, InputSchema: in, OutputSchema: out, Annotations: annotations}
	handler := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args, err := decodeArguments[In](checkIn, req.Params.Arguments)
		if err != nil {
			return failure(err), nil
		}
		res, err := h(ctx, req, args)
		if err != nil {
			t.log.Info("tool failed", "tool", spec.name, "err", err)
			return failure(toolError(err)), nil
		}
		b, err := json.Marshal(res)
		if err != nil {
			return nil, fmt.Errorf("tool %s: encode the result: %w", spec.name, err)
		}
		v, err := schemacheck.Decode(b)
		if err != nil {
			return nil, fmt.Errorf("tool %s: encode the result: %w", spec.name, err)
		}
		if probs := checkOut.Problems(v); len(probs) > 0 {
			// A result outside its own schema is this program's bug: the client gets an
			// internal error rather than data it would reject.
			t.log.Error("tool result does not match its output schema", "tool", spec.name, "problems", probs)
			return nil, fmt.Errorf("tool %s: the result does not match the tool's output schema: %s", spec.name, strings.Join(probs, "; "))
		}
		// The same JSON as text, for clients that read only text content.
		return &mcp.CallToolResult{StructuredContent: json.RawMessage(b), Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}, nil
	}
	return toolDef{readsOnly: spec.readsOnly, add: func(s *mcp.Server) { s.AddTool(tool, handler) }}
}

// decodeArguments checks a call's arguments against the tool's input schema and decodes
// them; the error names every bad argument.
func decodeArguments[In any](check *schemacheck.Schema, raw json.RawMessage) (In, error) {
	var in In
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		raw = json.RawMessage("{}")
	}
	v, err := schemacheck.Decode(raw)
	if err != nil {
		return in, fmt.Errorf("invalid arguments: not JSON: %v", err)
	}
	if probs := check.Problems(v); len(probs) > 0 {
		return in, fmt.Errorf("invalid arguments: %s", strings.Join(probs, "; "))
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("invalid arguments: %s", schemacheck.DecodeProblem(err))
	}
	return in, nil
}

// failure is an isError result carrying err's message.
func failure(err error) *mcp.CallToolResult {
	res := &mcp.CallToolResult{}
	res.SetError(err)
	return res
}

// compile compiles an inferred schema for checking; one that does not compile is a
// programming error, caught by the tests that build every tool.
func compile(tool string, s *jsonschema.Schema, root string) *schemacheck.Schema {
	raw, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("tool %s: %v", tool, err))
	}
	c, err := schemacheck.Compile(raw, schemacheck.Options{Root: root})
	if err != nil {
		panic(fmt.Sprintf("tool %s: schema: %v", tool, err))
	}
	return c
}

// schemas infers a tool's input and output schemas. A type that cannot be described is a
// programming error, caught by the tests that build every tool.
func schemas[In, Out any](spec toolSpec) (in, out *jsonschema.Schema) {
	in, err := jsonschema.For[In](&jsonschema.ForOptions{TypeSchemas: inputTypes})
	if err != nil {
		panic(fmt.Sprintf("tool %s: input schema: %v", spec.name, err))
	}
	for name, b := range spec.bounds {
		p := property(spec.name, in, name)
		p.Minimum, p.Maximum = jsonschema.Ptr(float64(b.Min)), jsonschema.Ptr(float64(b.Max))
	}
	for name, values := range spec.enums {
		property(spec.name, in, name).Enum = values
	}
	for name, types := range spec.types {
		property(spec.name, in, name).Types = types
	}
	for name, n := range spec.maxLen {
		property(spec.name, in, name).MaxLength = jsonschema.Ptr(n)
	}
	out, err = jsonschema.For[Out](nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: output schema: %v", spec.name, err))
	}
	return in, out
}

func property(tool string, s *jsonschema.Schema, name string) *jsonschema.Schema {
	p, ok := s.Properties[name]
	if !ok {
		panic(fmt.Sprintf("tool %s: no argument %q", tool, name))
	}
	return p
}
