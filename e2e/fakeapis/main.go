// Command fakeapis serves the recorded responses in ../shared/fixtures as local stand-ins
// for PubMed, Europe PMC, ClinicalTrials.gov, DuckDuckGo, an OpenAI-compatible judge,
// Ollama and a running Zotero (under /zotero; what it received is at /zotero-fake/received), so the desktop e2e suite, the benchmark harness and manual CLI runs work with no
// network. It prints the environment variables that point DeepCritical at it, then serves
// until it is stopped.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"deepcritical/internal/fakes/ctgov"
	"deepcritical/internal/fakes/europepmc"
	"deepcritical/internal/fakes/eutils"
	"deepcritical/internal/fakes/pmcoa"
	zoterofake "deepcritical/internal/fakes/zotero"
)

func main() {
	shared := flag.String("shared", "", "the shared folder with fixtures/ (default: ../shared beside the repository)")
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	latency := flag.Duration("latency", 0, "delay added to every search response")
	judgeLatency := flag.Duration("judge-latency", 0, "delay added to every LLM response")
	hostile := flag.Bool("hostile", false, "add evidence and model text carrying HTML/script payloads (for the XSS tests)")
	down := flag.String("down", "", "comma-separated sources that answer 503 (pubmed, europepmc, clinicaltrials, web)")
	envFile := flag.String("env-file", "", "also write the environment lines to this file")
	ctgovMode := flag.String("clinicaltrials", "replay", "replay: every search returns the recorded melanoma trials; semantic: ClinicalTrials.gov's query.term (Essie) over every recorded study of <shared>/fixtures/clinicaltrials_v2")
	europeMode := flag.String("europepmc", "replay", "replay: every search returns the recorded cancer papers; semantic: Europe PMC's query language over the same corpus as -pubmed semantic")
	zoteroLocalAPI := flag.Bool("zotero-local-api", true, "the fake Zotero's local API is enabled (as after the user allowed it in Zotero's settings)")
	pubmedMode := flag.String("pubmed", "replay", "replay: every esearch returns the recorded articles; semantic: PubMed's search semantics over the MEDLINE sample and PubMedQA records of <shared>/data")
	withheld := flag.String("withheld", "", "comma-separated PMCIDs whose publisher withholds the full text (PMC serves the front matter, Europe PMC a 404)")
	errorPage := flag.String("fulltext-error-page", "", "comma-separated full-text services that answer an HTML error page (europepmc, pmc)")
	flag.Parse()

	root := *shared
	if root == "" {
		root = findShared()
	}
	fx, err := loadFixtures(filepath.Join(root, "fixtures"))
	if err != nil {
		log.Fatalf("fakeapis: %v", err)
	}
	opts := options{latency: *latency, judgeLatency: *judgeLatency, hostile: *hostile, down: splitList(*down)}
	corpus := loadFullTexts(root)
	for id := range splitList(*withheld) {
		corpus.Withhold(id)
	}
	pages := splitList(*errorPage)
	// The full-text services answer in either search mode; in the semantic modes the
	// search servers answer them, so a paper found there has its full text beside it.
	epmcFull := europepmc.NewServer(eutils.NewEngine(nil))
	pmcFull := eutils.NewServer(eutils.NewEngine(nil))
	var engine *eutils.Engine
	records := func(what string) *eutils.Engine {
		if engine == nil {
			recs, _, err := eutils.LoadCorpus(filepath.Join(root, "data"))
			if err != nil {
				log.Fatalf("fakeapis: semantic %s: %v", what, err)
			}
			engine = eutils.NewEngine(recs)
			log.Printf("fakeapis: semantic search over %d records", len(recs))
		}
		return engine
	}
	switch *pubmedMode {
	case "replay":
	case "semantic":
		pmcFull = eutils.NewServer(records("PubMed"))
		opts.pubmed = pmcFull
	default:
		log.Fatalf("fakeapis: -pubmed must be replay or semantic, not %q", *pubmedMode)
	}
	switch *europeMode {
	case "replay":
	case "semantic":
		// Europe PMC also indexes the PMC-only open-access trial reports of the corpus.
		recs, _, err := eutils.LoadCorpus(filepath.Join(root, "data"))
		if err != nil {
			log.Fatalf("fakeapis: semantic Europe PMC: %v", err)
		}
		epmcFull = europepmc.NewServer(eutils.NewEngine(append(recs, corpus.Records()...)))
		opts.europepmc = epmcFull
	default:
		log.Fatalf("fakeapis: -europepmc must be replay or semantic, not %q", *europeMode)
	}
	epmcFull.FullTexts, epmcFull.FullTextErrorPage = corpus, pages["europepmc"]
	pmcFull.PMC, pmcFull.PMCErrorPage = corpus, pages["pmc"]
	opts.europeFullText, opts.pmcFullText = epmcFull, pmcFull
	switch *ctgovMode {
	case "replay":
	case "semantic":
		studies, err := ctgov.LoadStudies(filepath.Join(root, "fixtures", "clinicaltrials_v2"))
		if err != nil {
			log.Fatalf("fakeapis: semantic ClinicalTrials.gov: %v", err)
		}
		opts.ctgov = ctgov.NewServer(studies)
		log.Printf("fakeapis: semantic ClinicalTrials.gov over %d recorded studies", len(studies))
	default:
		log.Fatalf("fakeapis: -clinicaltrials must be replay or semantic, not %q", *ctgovMode)
	}
	opts.zotero = zoterofake.New(zoterofake.DefaultSeed())
	opts.zotero.LocalAPIEnabled = *zoteroLocalAPI
	srv := newServer(fx, opts)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("fakeapis: %v", err)
	}
	base := "http://" + ln.Addr().String()
	env := fmt.Sprintf(`DEEPCRITICAL_PUBMED_URL=%[1]s/pubmed
DEEPCRITICAL_EUROPEPMC_URL=%[1]s/europepmc
DEEPCRITICAL_CTGOV_URL=%[1]s/ctgov
DEEPCRITICAL_WEB_URL=%[1]s/web
DEEPCRITICAL_COMPAT_BASE_URL=%[1]s/v1
DEEPCRITICAL_ZOTERO_URL=%[1]s/zotero
OPENAI_BASE_URL=%[1]s/v1
OLLAMA_HOST=%[1]s
ANTHROPIC_BASE_URL=%[1]s
FAKEAPIS_URL=%[1]s
`, base)
	fmt.Print(env)
	if *envFile != "" {
		if err := os.WriteFile(*envFile, []byte(env), 0o600); err != nil {
			log.Fatalf("fakeapis: %v", err)
		}
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(hs.Serve(ln))
}

// loadFullTexts is the full-text corpus: the real JATS articles the repository keeps as
// parser fixtures, and the trial reports of <shared>/data converted to JATS.
func loadFullTexts(shared string) *pmcoa.Corpus {
	c, err := pmcoa.Load(filepath.Join(shared, "data"))
	if err != nil {
		log.Printf("fakeapis: full texts: %v (only the repository's JATS fixtures are served)", err)
		c = pmcoa.New()
	}
	dir := filepath.Join(repoRoot(), "backend", "fulltext", "jats", "testdata")
	files, _ := filepath.Glob(filepath.Join(dir, "*.nxml"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil {
			_, err = c.AddJATS(b)
		}
		if err != nil {
			log.Printf("fakeapis: full texts: %s: %v", filepath.Base(f), err)
		}
	}
	log.Printf("fakeapis: %d open-access full texts", c.Len())
	return c
}

// repoRoot is the nearest directory above the working directory holding go.mod.
func repoRoot() string {
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if d == filepath.Dir(d) {
			return dir
		}
	}
}

// findShared walks up from the working directory to the repository (go.mod) and returns
// the shared folder beside it.
func findShared() string {
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(d), "shared")
		}
		if d == filepath.Dir(d) {
			return filepath.Join(dir, "..", "shared")
		}
	}
}
