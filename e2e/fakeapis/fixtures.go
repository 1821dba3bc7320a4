package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// fixtures holds the recorded bodies the server replays.
type fixtures struct {
	articles    map[string]string // PMID → <PubmedArticle>…</PubmedArticle>
	pmids       []string
	europePMC   map[string]any
	europeEmpty []byte
	ctgov       map[string]any
	ddg         []byte
	ollamaTags  []byte
	xmlPreamble string
}

var (
	articleRe = regexp.MustCompile(`(?s)<Pubmed(Book)?Article>.*?</Pubmed(Book)?Article>`)
	pmidRe    = regexp.MustCompile(`<PMID[^>]*>(\d+)</PMID>`)
)

func loadFixtures(dir string) (*fixtures, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("fixtures not found at %s (the shared folder must sit beside the repository): %w", dir, err)
	}
	fx := &fixtures{articles: map[string]string{}}
	for _, name := range []string{"biopython_pubmed1.xml", "biopython_pubmed2.xml", "biopython_pubmed4.xml", "biopython_pubmed6.xml"} {
		b, err := os.ReadFile(filepath.Join(dir, "ncbi", name))
		if err != nil {
			return nil, err
		}
		s := string(b)
		if fx.xmlPreamble == "" {
			if i := strings.Index(s, "<PubmedArticleSet"); i > 0 {
				fx.xmlPreamble = s[:i]
			}
		}
		for _, art := range articleRe.FindAllString(s, -1) {
			m := pmidRe.FindStringSubmatch(art)
			if m == nil {
				continue
			}
			if _, dup := fx.articles[m[1]]; !dup {
				fx.pmids = append(fx.pmids, m[1])
			}
			fx.articles[m[1]] = art
		}
	}
	sort.Strings(fx.pmids)
	var err error
	if fx.europePMC, err = readJSON(filepath.Join(dir, "europepmc", "pyeuropepmc_search_cancer.json")); err != nil {
		return nil, err
	}
	if fx.europeEmpty, err = os.ReadFile(filepath.Join(dir, "europepmc", "pyeuropepmc_search_no_results.json")); err != nil {
		return nil, err
	}
	if fx.ctgov, err = readJSON(filepath.Join(dir, "clinicaltrials_v2", "biomcp_search_melanoma_recruiting_limit3_20260811.json")); err != nil {
		return nil, err
	}
	if fx.ddg, err = os.ReadFile(filepath.Join(dir, "duckduckgo", "html.duckduckgo.com_q-Hello_2021.html")); err != nil {
		return nil, err
	}
	if fx.ollamaTags, err = os.ReadFile(filepath.Join(dir, "llm", "ollama_docs", "ollama_docs_api_tags_example.json")); err != nil {
		return nil, err
	}
	return fx, nil
}

func readJSON(path string) (map[string]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}
