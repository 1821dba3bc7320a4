package judge

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
	"deepcritical/backend/studydesign"
	"deepcritical/internal/sharedtest"
)

var rnName = regexp.MustCompile(`^(.*?)\s*\(([^()]+(?:\([^()]*\)[^()]*)*)\)\s*$`)

// readMedline is a minimal reader of NLM tagged records (the importer lives elsewhere);
// it keeps the fields the heuristics use.
func readMedline(t testing.TB, path string) []domain.Evidence {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []domain.Evidence
	var cur *domain.Evidence
	var tag string
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
		}
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		var val string
		if len(line) > 6 && line[4] == '-' && !strings.HasPrefix(line, "      ") {
			tag = strings.TrimSpace(line[:4])
			val = strings.TrimSpace(line[6:])
			if tag == "PMID" {
				flush()
				cur = &domain.Evidence{Relevance: 0.5, Citation: domain.Citation{Source: domain.SourcePubMed, PMID: val, ID: val}}
				continue
			}
		} else {
			val = strings.TrimSpace(line)
			if cur == nil {
				continue
			}
			switch tag {
			case "TI":
				cur.Citation.Title += " " + val
			case "AB":
				cur.Content += " " + val
			}
			continue
		}
		if cur == nil {
			continue
		}
		switch tag {
		case "TI":
			cur.Citation.Title = val
		case "AB":
			cur.Content = val
		case "DP":
			cur.Citation.Date = val
		case "PT":
			cur.Citation.PublicationTypes = append(cur.Citation.PublicationTypes, val)
		case "MH":
			// "Albuterol/administration & dosage/*therapeutic use": the descriptor goes to
			// MeshTerms and each subheading to a Descriptor/qualifier pair, as the parsers do.
			parts := strings.Split(val, "/")
			desc := strings.TrimPrefix(strings.TrimSpace(parts[0]), "*")
			cur.Citation.MeshTerms = append(cur.Citation.MeshTerms, desc)
			for _, q := range parts[1:] {
				cur.Citation.MeshQualifiers = append(cur.Citation.MeshQualifiers, desc+"/"+strings.TrimPrefix(strings.TrimSpace(q), "*"))
			}
		case "RN":
			if m := rnName.FindStringSubmatch(val); m != nil {
				cur.Citation.Chemicals = append(cur.Citation.Chemicals, m[2])
				cur.Citation.ChemicalRNs = append(cur.Citation.ChemicalRNs, m[1])
			}
		}
	}
	require.NoError(t, sc.Err())
	flush()
	return out
}

// TestMedlineDesignsAndCandidates measures the design classifier and the chemical stop list
// on 100 real MEDLINE records (../shared/data/medline_sample), 94 of them indexed as RCTs.
func TestMedlineDesignsAndCandidates(t *testing.T) {
	ev := readMedline(t, sharedtest.Path(t, "data", "medline_sample", "sample100.medline.txt"))
	require.Len(t, ev, 100)
	var rct, structuredHit, keywordHit, keywordFalse, nonRCT int
	for _, e := range ev {
		isRCT := false
		for _, pt := range e.Citation.PublicationTypes {
			if pt == "Randomized Controlled Trial" {
				isRCT = true
			}
		}
		if studydesign.Classify(e, nil) == studydesign.RCT {
			if isRCT {
				structuredHit++
			}
		}
		bare := e
		bare.Citation.PublicationTypes, bare.Citation.MeshTerms = nil, nil
		kw := studydesign.Classify(bare, nil)
		if isRCT {
			rct++
			if kw == studydesign.RCT {
				keywordHit++
			}
		} else {
			nonRCT++
			if kw == studydesign.RCT {
				keywordFalse++
			}
		}
	}
	t.Logf("RCTs by publication type: %d/%d; keyword fallback (title + first 1,200 chars, no PT/MeSH): sensitivity %d/%d, false RCTs among %d non-RCTs: %d",
		structuredHit, rct, keywordHit, rct, nonRCT, keywordFalse)
	require.Equal(t, rct, structuredHit, "publication types must classify every indexed RCT")
	require.GreaterOrEqual(t, float64(keywordHit)/float64(rct), 0.75, "keyword fallback sensitivity regressed")

	h := Analyze("depression treatment", ev, nil)
	var names []string
	for _, c := range h.Candidates {
		names = append(names, c.Name)
		require.False(t, classSuffix.MatchString(strings.ToLower(c.Name)), "class %q became a candidate", c.Name)
	}
	t.Logf("top candidates from RN chemical lists: %s", strings.Join(names, ", "))
	require.NotEmpty(t, names)
}

// TestPubMedQADeterminism runs the analysis over 500 real abstracts with their MeSH terms
// (../shared/data/pubmedqa) in batches: scores stay in range and reruns are identical.
func TestPubMedQADeterminism(t *testing.T) {
	sharedtest.SkipUnderRace(t)
	t.Parallel()
	if testing.Short() {
		t.Skip("500 real abstracts: skipped in -short mode")
	}
	var ev []domain.Evidence
	for _, it := range sharedtest.PubMedQA(t) { // in PMID order, so batches are the same every run
		e := domain.Evidence{Content: strings.Join(it.Contexts, " "), Relevance: 0.5,
			Citation: domain.Citation{Source: domain.SourcePubMed, PMID: it.PMID, Title: it.Question, Date: it.Year, MeshTerms: it.Meshes}}
		for i, c := range it.Contexts {
			if i < len(it.Labels) {
				e.Citation.Sections = append(e.Citation.Sections, domain.Section{Label: it.Labels[i], Text: c})
			}
		}
		ev = append(ev, e)
	}
	designs := map[studydesign.Design]int{}
	for start := 0; start < len(ev); start += 25 {
		batch := ev[start:min(start+25, len(ev))]
		h1 := Analyze(batch[0].Citation.Title, batch, nil)
		h2 := Analyze(batch[0].Citation.Title, batch, nil)
		require.Equal(t, h1, h2)
		require.NoError(t, h1.Validate())
		a := offlineAssessment(analyze(batch[0].Citation.Title, nil, batch, nil), batch)
		require.NoError(t, a.Validate())
		for _, e := range batch {
			designs[studydesign.Classify(e, nil)]++
		}
	}
	t.Logf("PubMedQA designs (MeSH + keywords, no publication types): %v", designs)
}
