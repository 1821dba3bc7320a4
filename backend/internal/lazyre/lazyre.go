// Package lazyre is a regular expression compiled on its first use instead of when the
// program starts.
//
// The rule-based appraiser, judge and stance rules hold a few hundred large expressions as
// package variables. Compiled with regexp.MustCompile they cost every start of the binary
// (the window's, every CLI command's) tens of milliseconds of CPU before main runs, although
// most starts never match a single one of them; the window's first paint waited for it.
// A Regexp here has the methods of *regexp.Regexp that those packages use, and compiles on
// the first call. An invalid expression still panics, at that first call; MustCompileAll,
// called from each such package's tests, compiles every expression made so far, so an
// invalid one fails the tests rather than a user's run.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use; safe for concurrent use.
type Regexp struct {
	expr string
	re   func() *regexp.Regexp
}

var (
	mu  sync.Mutex
	all []*Regexp
)

// New is regexp.MustCompile(expr), deferred to the first use.
func New(expr string) *Regexp {
	r := &Regexp{expr: expr, re: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// MustCompileAll compiles every expression made with New so far (it panics on an invalid
// one), for tests.
func MustCompileAll() int {
	mu.Lock()
	rs := append([]*Regexp(nil), all...)
	mu.Unlock()
	for _, r := range rs {
		r.re()
	}
	return len(rs)
}

// Regexp is the compiled expression.
func (r *Regexp) Regexp() *regexp.Regexp { return r.re() }

// String is the source text, without compiling it.
func (r *Regexp) String() string { return r.expr }

func (r *Regexp) MatchString(s string) bool                  { return r.re().MatchString(s) }
func (r *Regexp) FindString(s string) string                 { return r.re().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int             { return r.re().FindStringIndex(s) }
func (r *Regexp) FindStringSubmatch(s string) []string       { return r.re().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int     { return r.re().FindStringSubmatchIndex(s) }
func (r *Regexp) FindAllString(s string, n int) []string     { return r.re().FindAllString(s, n) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int { return r.re().FindAllStringIndex(s, n) }
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.re().FindAllStringSubmatch(s, n)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.re().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) ReplaceAllString(src, repl string) string { return r.re().ReplaceAllString(src, repl) }
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.re().ReplaceAllStringFunc(src, repl)
}
func (r *Regexp) Split(s string, n int) []string { return r.re().Split(s, n) }
func (r *Regexp) SubexpNames() []string          { return r.re().SubexpNames() }
func (r *Regexp) SubexpIndex(name string) int    { return r.re().SubexpIndex(name) }
func (r *Regexp) NumSubexp() int                 { return r.re().NumSubexp() }
