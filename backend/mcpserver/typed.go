package mcpserver

import (
	"context"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"deepcritical/backend/domain"
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
}

// toolDef is a tool ready to be added to a server.
type toolDef struct {
	name      string
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

// define makes a tool from a handler taking In and answering Out: both schemas are inferred
// from the types (descriptions from `jsonschema` tags), In's refined by spec.
func define[In, Out any](t *tools, spec toolSpec, h func(context.Context, *mcp.CallToolRequest, In) (Out, error)) toolDef {
	in, out := schemas[In, Out](spec)
	annotations := &mcp.ToolAnnotations{Title: spec.title, ReadOnlyHint: spec.readsOnly, OpenWorldHint: &spec.openWorld}
	if !spec.readsOnly {
		no := false
		annotations.DestructiveHint = &no // tools add to the store; none deletes or overwrites
	}
	tool := &mcp.Tool{Name: spec.name, Title: spec.title, Description: spec.desc, InputSchema: in, OutputSchema: out, Annotations: annotations}
	return toolDef{name: spec.name, readsOnly: spec.readsOnly, add: func(s *mcp.Server) {
		mcp.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, args In) (*mcp.CallToolResult, Out, error) {
			res, err := h(ctx, req, args)
			if err != nil {
				t.log.Info("tool failed", "tool", spec.name, "err", err)
				var zero Out
				return nil, zero, toolError(err)
			}
			return nil, res, nil
		})
	}}
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
