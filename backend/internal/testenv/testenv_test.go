package testenv

import (
	"os"
	"testing"
)

func TestClearUnsetsSettingsSecretsAndExportDir(t *testing.T) {
	for _, v := range []string{"OPENAI_API_KEY", "OLLAMA_HOST", "DEEPCRITICAL_PUBMED_URL", "DEEPCRITICAL_ZOTERO_URL", "DEEPCRITICAL_EXPORT_DIR"} {
		t.Setenv(v, "set by the shell")
	}
	Clear(t)
	for _, v := range []string{"OPENAI_API_KEY", "OLLAMA_HOST", "DEEPCRITICAL_PUBMED_URL", "DEEPCRITICAL_ZOTERO_URL", "DEEPCRITICAL_EXPORT_DIR"} {
		if _, ok := os.LookupEnv(v); ok {
			t.Errorf("%s is still set", v)
		}
	}
}
