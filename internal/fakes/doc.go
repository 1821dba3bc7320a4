// Package fakes groups the stand-ins for the network services the app talks to, each as
// strict as the real one (real search semantics, real argument parsing, real error shapes):
// eutils is NCBI's E-utilities over a local corpus, messages is Anthropic's Messages API.
// Backend tests use them in-process; `go run ./e2e/fakeapis` serves them (with recorded
// responses for the other sources) for the CLI, the window and the e2e suite. They live
// here, not under e2e/, so that backend tests do not depend on the e2e tree.
package fakes
