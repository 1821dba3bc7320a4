//go:build linux && cgo

package main

import "testing"

// image builds a w×h 32-bit image whose pixel i has colour f(i).
func image(w, h int, f func(i int) uint32) []byte {
	b := make([]byte, 4*w*h)
	for i := 0; i < w*h; i++ {
		c := f(i)
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(c), byte(c>>8), byte(c>>16), 0xff
	}
	return b
}

func TestCountColours(t *testing.T) {
	// An empty window on the black root: two colours, no content.
	blank := image(64, 8, func(i int) uint32 {
		if i%64 < 32 {
			return 0
		}
		return 0x1b2636
	})
	if n := countColours(blank, 4*64, 64, 8, 17); n != 2 {
		t.Errorf("blank window: %d colours, want 2", n)
	}
	// Antialiased text: many shades; counting stops at the threshold.
	text := image(64, 8, func(i int) uint32 { return uint32(i * 3) })
	if n := countColours(text, 4*64, 64, 8, 17); n != 17 {
		t.Errorf("text: %d colours, want counting to stop at 17", n)
	}
	// The alpha byte and the padding past a row's width are not colours.
	padded := make([]byte, 2*(4*4+8))
	for i := range padded {
		padded[i] = 0xee
	}
	for y := 0; y < 2; y++ {
		for x := 0; x < 4; x++ {
			o := y*(4*4+8) + 4*x
			padded[o], padded[o+1], padded[o+2], padded[o+3] = 1, 2, 3, byte(x)
		}
	}
	if n := countColours(padded, 4*4+8, 4, 2, 17); n != 1 {
		t.Errorf("padded rows: %d colours, want 1", n)
	}
}
