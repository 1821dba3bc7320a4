package appraisal

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"deepcritical/backend/domain"
)

// The benchmark's dev/test split: the rules were tuned only on the "dev" half (odd
// SPIRIT-CONSORT-TM PairIDs, odd MEDLINE record positions, odd PubMedQA positions after
// sorting by PMID); "test" is the held-out even half. Both are reported.
func splitOf(i int) string {
	if i%2 == 1 {
		return "dev"
	}
	return "test"
}

// confusion counts binary outcomes.
type confusion struct{ tp, fp, fn, tn int }

func (c *confusion) add(pred, gold bool) {
	switch {
	case pred && gold:
		c.tp++
	case pred && !gold:
		c.fp++
	case !pred && gold:
		c.fn++
	default:
		c.tn++
	}
}

func (c confusion) n() int { return c.tp + c.fp + c.fn + c.tn }

func (c confusion) prf() (p, r, f float64) {
	if c.tp+c.fp > 0 {
		p = float64(c.tp) / float64(c.tp+c.fp)
	}
	if c.tp+c.fn > 0 {
		r = float64(c.tp) / float64(c.tp+c.fn)
	}
	if p+r > 0 {
		f = 2 * p * r / (p + r)
	}
	return p, r, f
}

// benchRow is one line of the Markdown table: a finding on a dataset and split.
type benchRow struct {
	finding, dataset, label string
	floor                   float64
	bySplit                 map[string]*confusion
}

func newRow(finding, dataset, label string, floor float64) *benchRow {
	return &benchRow{finding: finding, dataset: dataset, label: label, floor: floor,
		bySplit: map[string]*confusion{"dev": {}, "test": {}, "all": {}}}
}

func (r *benchRow) add(split string, pred, gold bool) {
	r.bySplit[split].add(pred, gold)
	r.bySplit["all"].add(pred, gold)
}

func str(f domain.Finding) string {
	s, _ := f.Value.(string)
	return s
}

func list(f domain.Finding) []string {
	l, _ := f.Value.([]string)
	return l
}

// explicitMasking recognises a stated type of masking (17c): "double-blind", "open-label".
var explicitMasking = regexp.MustCompile(`(?:single|double|triple|quadruple)[\s-]*(?:blind|mask|dummy)|open[\s-]*label|unblinded|unmasked|non[\s-]*blind|(?:blinded|masked|open) (?:trial|study|design)`)

// spiritRows evaluates the full-text findings against SPIRIT-CONSORT-TM article labels.
func spiritRows(t testing.TB, dir string) []*benchRow {
	docs := readSpirit(t, dir)
	require.Len(t, docs, 80)
	rows := []*benchRow{
		newRow("registration", "SPIRIT-CONSORT-TM", "3a registry number", 0.99),
		newRow("planned sample size", "SPIRIT-CONSORT-TM", "14a sample size", 0),
		newRow("randomization_method", "SPIRIT-CONSORT-TM", "16a sequence generation", 0.78),
		newRow("allocation_concealment", "SPIRIT-CONSORT-TM", "16f allocation concealment", 0),
		newRow("masked_parties", "SPIRIT-CONSORT-TM", "17a who was masked", 0),
		newRow("blinding", "SPIRIT-CONSORT-TM", "17c type of masking", 0),
		newRow("itt", "SPIRIT-CONSORT-TM", "20c analysis population", 0.86),
		newRow("missing_data", "SPIRIT-CONSORT-TM", "20d missing data", 0),
		newRow("attrition", "SPIRIT-CONSORT-TM", "34 flow (attrition stated)", 0),
	}
	for _, d := range docs {
		f := Findings(Document{Key: d.PMCID, Text: d.Text, FullText: true})
		split := splitOf(d.PairID)
		blind := str(f[FindingBlinding])
		preds := []bool{
			len(list(f[FindingRegistration])) > 0,
			f[FindingPlannedSampleSize].Value.(int) > 0,
			str(f[FindingRandomizationMethod]) != "not_stated",
			str(f[FindingAllocationConcealing]) != ConcealmentUnclear,
			len(list(f[FindingMaskedParties])) > 0 || blind == BlindingSingle || blind == BlindingDouble || blind == BlindingTriple,
			explicitMasking.MatchString(strings.ToLower(f[FindingBlinding].Quote)),
			str(f[FindingITT]) != ITTNotStated,
			str(f[FindingMissingData]) != "not_stated",
			f[FindingAttrition].Value != nil,
		}
		golds := []string{"3a", "14a", "16a", "16f", "17a", "17c", "20c", "20d", "34"}
		for i, r := range rows {
			r.add(split, preds[i], d.Labels[golds[i]])
		}
		if os.Getenv("DC_BENCH_VERBOSE") != "" && split == "dev" {
			for i, r := range rows {
				if preds[i] != d.Labels[golds[i]] {
					t.Logf("SPIRIT %03d %s %s pred=%v gold=%v", d.PairID, d.PMCID, r.label, preds[i], d.Labels[golds[i]])
				}
			}
		}
	}
	return rows
}

// medlineRows evaluates design and blinding from title and abstract only.
func medlineRows(t testing.TB, path string) []*benchRow {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	recs, err := readMedline(f)
	require.NoError(t, err)
	require.Len(t, recs, 100)
	rct := newRow("design = rct", "MEDLINE sample (title+abstract)", "PT Randomized Controlled Trial", 0.91)
	db := newRow("blinding ∈ {double, triple}", "MEDLINE sample (title+abstract)", "MH Double-Blind Method", 0.90)
	for i, r := range recs {
		split := splitOf(i + 1)
		// Publication types and MeSH are withheld: the appraiser sees title and abstract only.
		fs := Findings(Document{Key: r.PMID, Title: r.Title, Text: r.Abstract})
		goldRCT := contains(r.PublicationTypes, "Randomized Controlled Trial")
		goldDB := false
		for _, m := range r.Mesh {
			if strings.HasPrefix(strings.TrimPrefix(m, "*"), "Double-Blind Method") {
				goldDB = true
			}
		}
		predRCT := str(fs[FindingDesign]) == DesignRCT
		b := str(fs[FindingBlinding])
		predDB := b == BlindingDouble || b == BlindingTriple
		rct.add(split, predRCT, goldRCT)
		db.add(split, predDB, goldDB)
		if os.Getenv("DC_BENCH_VERBOSE") != "" && split == "dev" && (predRCT != goldRCT || predDB != goldDB) {
			t.Logf("MEDLINE %s rct pred=%v gold=%v (%s) db pred=%v gold=%v: %q", r.PMID, predRCT, goldRCT, str(fs[FindingDesign]), predDB, goldDB, r.Title)
		}
	}
	return []*benchRow{rct, db}
}

// pubmedQARows evaluates observational designs against MeSH headings as weak labels.
func pubmedQARows(t testing.TB, path string) []*benchRow {
	items := readPubMedQA(t, path)
	require.NotEmpty(t, items)
	const ds = "PubMedQA (text only, weak MeSH labels)"
	rows := []*benchRow{
		newRow("design = cohort", ds, "MH Cohort Studies", 0),
		newRow("design = case_control", ds, "MH Case-Control Studies", 0),
		newRow("design = cross_sectional", ds, "MH Cross-Sectional Studies", 0),
		newRow("direction = retrospective", ds, "MH Retrospective Studies", 0),
		newRow("direction = prospective", ds, "MH Prospective Studies", 0),
		newRow("design = animal", ds, "MH Animals (without Humans)", 0),
	}
	for i, q := range items {
		split := splitOf(i + 1)
		fs := Findings(Document{Key: q.PMID, Text: q.text()})
		d, dir := str(fs[FindingDesign]), str(fs[FindingDirection])
		preds := []bool{d == DesignCohort, d == DesignCaseControl, d == DesignCrossSectional, dir == "retrospective", dir == "prospective", d == DesignAnimal}
		golds := []bool{
			q.hasMesh("Cohort Studies"), q.hasMesh("Case-Control Studies"), q.hasMesh("Cross-Sectional Studies"),
			q.hasMesh("Retrospective Studies"), q.hasMesh("Prospective Studies"), q.hasMesh("Animals") && !q.hasMesh("Humans"),
		}
		for j, r := range rows {
			r.add(split, preds[j], golds[j])
		}
	}
	return rows
}

// markdownTable renders the rows for BENCHMARKS.md.
func markdownTable(rows []*benchRow) string {
	var b strings.Builder
	b.WriteString("| finding | dataset | label | split | n | P | R | F1 | floor |\n")
	b.WriteString("|---|---|---|---|---:|---:|---:|---:|---:|\n")
	for _, r := range rows {
		for _, split := range []string{"dev", "test", "all"} {
			c := r.bySplit[split]
			p, rc, f := c.prf()
			floor := "–"
			if r.floor > 0 {
				mark := "beaten"
				if f <= r.floor {
					mark = "NOT beaten"
				}
				floor = fmt.Sprintf("%.2f (%s)", r.floor, mark)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %d | %.3f | %.3f | %.3f | %s |\n", r.finding, r.dataset, r.label, split, c.n(), p, rc, f, floor)
		}
	}
	return b.String()
}

// TestBenchmarkAppraisal is `make bench-appraisal`: precision, recall and F1 of the
// rule-based findings on the shared labelled data, printed as a Markdown table. It runs
// only with DC_BENCH_APPRAISAL=1 because it reads ~3 MB of full text.
func TestBenchmarkAppraisal(t *testing.T) {
	if os.Getenv("DC_BENCH_APPRAISAL") != "1" {
		t.Skip("set DC_BENCH_APPRAISAL=1 to run the appraisal benchmark")
	}
	data := sharedDir(t, "data")
	var rows []*benchRow
	rows = append(rows, spiritRows(t, filepath.Join(data, "spirit_consort_tm"))...)
	rows = append(rows, medlineRows(t, filepath.Join(data, "medline_sample", "sample100.medline.txt"))...)
	rows = append(rows, pubmedQARows(t, filepath.Join(data, "pubmedqa", "pqal_dev.json"))...)
	table := markdownTable(rows)
	fmt.Println(table)
	for _, r := range rows {
		if r.floor == 0 {
			continue
		}
		_, _, f := r.bySplit["test"].prf()
		require.Greaterf(t, f, r.floor, "%s on %s (held-out split) must beat the regex floor", r.finding, r.dataset)
	}
}
