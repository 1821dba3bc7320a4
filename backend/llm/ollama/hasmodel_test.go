package ollama

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOllamaHas reads model names as Ollama does: a name without a tag is ":latest".
func TestHasModel(t *testing.T) {
	models := []string{"llama3:latest", "codellama:13b", "qwen2.5:7b-instruct"}
	for _, tc := range []struct {
		model string
		want  bool
	}{
		{"llama3", true},
		{"llama3:latest", true},
		{"codellama:13b", true},
		{"codellama", false},
		{"llama3.1:8b", false},
		{"qwen2.5:7b-instruct", true},
	} {
		require.Equal(t, tc.want, HasModel(models, tc.model), tc.model)
	}
	require.True(t, HasModel([]string{"mistral"}, "mistral:latest"))
}
