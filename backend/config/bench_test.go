package config

import (
	"testing"
)

// BenchmarkLoad measures reading a full settings.json (what every CLI command does first).
func BenchmarkLoad(b *testing.B) {
	dir := b.TempDir()
	p := PathsIn(dir+"/c", dir+"/d")
	if err := Save(p, Defaults()); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSave measures validate + atomic write + rename of settings.json.
func BenchmarkSave(b *testing.B) {
	dir := b.TempDir()
	p := PathsIn(dir+"/c", dir+"/d")
	s := Defaults()
	b.ReportAllocs()
	for b.Loop() {
		if err := Save(p, s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSet measures one dotted-key change, valid and rejected.
func BenchmarkSet(b *testing.B) {
	s := Defaults()
	b.ReportAllocs()
	for b.Loop() {
		if err := Set(&s, "run.max_iterations", "7"); err != nil {
			b.Fatal(err)
		}
		if err := Set(&s, "run.max_iterations", "42"); err == nil {
			b.Fatal("42 accepted")
		}
	}
}

// BenchmarkEffective measures applying the environment overrides (done per run start).
func BenchmarkEffective(b *testing.B) {
	b.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	b.Setenv("DEEPCRITICAL_JUDGE", "openai")
	s := Defaults()
	b.ReportAllocs()
	for b.Loop() {
		_ = Effective(s)
	}
}

// BenchmarkMaskedFile measures a masked lookup that falls through to the 0600 file.
func BenchmarkMaskedFile(b *testing.B) {
	dir := b.TempDir()
	b.Setenv("OPENAI_API_KEY", "")
	store := NewSecretStore(PathsIn(dir+"/c", dir+"/d"), nil)
	if _, err := store.Set(SecretOpenAIKey, "sk-bench-0123456789"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if m := store.Masked(SecretOpenAIKey); !m.HasKey {
			b.Fatal("missing")
		}
	}
}
