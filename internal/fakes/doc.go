// Package fakes groups the stand-ins for the network services the app talks to, each as
// strict as the real one (real search semantics, real argument parsing, real error shapes):
// eutils is NCBI's E-utilities and europepmc Europe PMC's search, both over the labelled
// records of ../shared/data; ctgov is ClinicalTrials.gov's study search over the recorded
// studies; messages is Anthropic's Messages API; zotero is a running Zotero's connector and
// local API; pmcoa is the open-access full-text corpus (real JATS, and the shared trial reports
// converted to JATS) that the Europe PMC fake serves at /{PMCID}/fullTextXML and the E-utilities
// fake at efetch db=pmc, each with the real service's answers for an unknown id, a withheld body
// and (on demand) an HTML error page. Backend tests use them in-process;
// `go run ./e2e/fakeapis` serves them (-pubmed/-europepmc/-clinicaltrials semantic; by
// default the recorded responses are replayed) for the CLI, the window and the e2e suite. They live
// here, not under e2e/, so that backend tests do not depend on the e2e tree.
package fakes
