package services

import (
	"reflect"
	"strings"
	"testing"

	"deepcritical/backend/domain"
)

// TestEventPayloadTypesCoverEveryEvent keeps the window's generated payload types in step
// with domain.EventPayloads: every event type has a field of its payload's struct type.
func TestEventPayloadTypesCoverEveryEvent(t *testing.T) {
	fields := map[string]reflect.Type{}
	rt := reflect.TypeOf(EventPayloadTypes{})
	for i := range rt.NumField() {
		f := rt.Field(i)
		fields[strings.Split(f.Tag.Get("json"), ",")[0]] = f.Type
	}
	for _, typ := range domain.AllEventTypes {
		mk, ok := domain.EventPayloads[typ]
		if !ok {
			t.Errorf("event %q has no entry in domain.EventPayloads", typ)
			continue
		}
		want := reflect.TypeOf(mk()).Elem()
		if got, ok := fields[string(typ)]; !ok {
			t.Errorf("EventPayloadTypes has no field for event %q", typ)
		} else if got != want {
			t.Errorf("EventPayloadTypes.%s is %v, want %v", typ, got, want)
		}
	}
}
