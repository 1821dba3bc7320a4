package domain

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStemCache checks that a remembered stem is the stemmer's own, asked again, in another
// case and from many goroutines at once, and that the cache starts again when full.
func TestStemCache(t *testing.T) {
	words := []string{"Tumours", "tumours", "mutated", "well-tolerated", "statins", "", "ÉTUDES"}
	want := map[string]string{}
	for _, w := range words {
		want[w] = stem(w)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				for _, w := range words {
					assert.Equal(t, want[w], Stem(w), w)
				}
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, "tumour", Stem("Tumours"))
	assert.Equal(t, "well-toler", Stem("well-tolerated"))

	stemCount.Store(maxStems)
	assert.Equal(t, "hypertens", Stem("hypertensions"), "the word that fills the cache is still stemmed")
	assert.LessOrEqual(t, stemCount.Load(), int64(2), "a full cache starts again")
	_, ok := stems.Load("mutated")
	assert.False(t, ok, "what the full cache held is gone")
	assert.Equal(t, "mutat", Stem("mutated"))
}
